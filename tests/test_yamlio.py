from __future__ import annotations

import json
import re
import tempfile
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omp import ruamelyaml, store, yamlio
from omp.errors import InvalidYamlError
from omp.index import Index
from omp.outline import Outline, Style, locate_list
from omp.paths import MemoryRoot
from omp.records import DECISIONS, same
from omp.yamlio import Timestamp, load
from tests.helpers import UPSTREAM_PROJECT, temp_memory

# ---------------------------------------------------------------------------------------------
# Reading


def test_load_keeps_dates_and_timestamps_as_their_source_text():
    data = load("d: 2026-02-02\nt: 2026-01-01T02:51:40.790Z\nn: 001\ns: '2026-02-02'\n")
    assert data == {"d": "2026-02-02", "t": "2026-01-01T02:51:40.790Z", "n": 1, "s": "2026-02-02"}
    assert isinstance(data["d"], Timestamp)
    assert isinstance(data["t"], Timestamp)
    assert not isinstance(data["s"], Timestamp)


def test_load_reports_line_and_column_of_a_syntax_error():
    with pytest.raises(InvalidYamlError) as info:
        load("a: 1\nb: [unclosed\nc: 2\n", source="x.yaml")
    assert info.value.line is not None and info.value.line >= 2
    assert str(info.value).startswith("x.yaml:")


def test_load_refuses_duplicate_keys_and_several_documents():
    with pytest.raises(InvalidYamlError):
        load("a: 1\na: 2\n")
    with pytest.raises(InvalidYamlError, match="2 YAML documents"):
        load("a: 1\n---\nb: 2\n")


def test_load_scalar_reads_command_line_values_as_yaml():
    assert yamlio.load_scalar("true") is True
    assert yamlio.load_scalar("3") == 3
    assert yamlio.load_scalar('"3"') == "3"
    assert yamlio.load_scalar("2026-01-31") == "2026-01-31"
    assert isinstance(yamlio.load_scalar("2026-01-31"), Timestamp)
    assert yamlio.load_scalar("") == ""


# ---------------------------------------------------------------------------------------------
# Outline


def test_outline_keeps_hash_lines_inside_block_scalars_as_content():
    text = "a:\n  - id: x\n    context: |\n      # heading\n\n      body\n  - id: y\n"
    o = Outline(text)
    loc = locate_list(o, "a")
    assert loc is not None
    first, second = loc.items
    assert (first.line, first.end) == (1, 6)
    assert (second.line, second.end) == (6, 7)


def test_outline_tells_block_scalars_from_values_holding_their_indicators():
    text = (
        "\ufeffa: x > y  # a plain value with `>` in it\n"
        "b: '|'\n"
        "c: >-\n"
        "  folded\n"
        "  # text, not a comment\n"
        "\n"
        "d:\n"
        "- |+\n"
        "  # kept\n"
        "\n"
        "- e: 1 | 2\n"
        "  # a comment\n"
        "   \t\n"
        "f: |2 # a comment after the indicator\n"
        "   x\n"
        "g: y\n"
    )
    o = Outline(text)
    assert "".join(o.kinds) == "XXXSSBXXSSXCBXSX"
    assert o.indents == [0, 0, 0, 2, 2, 0, 0, 0, 2, 0, 0, 2, 3, 0, 3, 0]
    lines = text.splitlines(keepends=True)
    assert o.offsets == [len("".join(lines[:n])) for n in range(len(lines) + 1)]


def test_detect_style_reads_indentation_and_list_habits():
    o = Outline('k:\n- a: 1\n  b: ["x", "y"]\n  c: ["z"]\nm:\n    n: "v"\n')
    style = o.detect_style()
    assert (style.seq_offset, style.seq_indent) == (0, 2)
    assert style.mapping == 4
    assert style.flow_lists
    assert style.double_quoted


def test_crlf_files_get_crlf_lines():
    text = "decisions:\r\n  - id: a\r\n    title: t\r\n"
    new = yamlio.append_entry(text, "decisions", {"id": "b", "title": "u"}, current=load(text))
    assert new.startswith(text)
    assert new[len(text) :] == "  - id: b\r\n    title: u\r\n"


# ---------------------------------------------------------------------------------------------
# Rendering: what is written reads back as the same data

keepable_text = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters="\u0085\u2028\u2029"),
    max_size=40,
)
scalars = st.one_of(
    keepable_text,
    st.integers(-(10**12), 10**12),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.dates().map(lambda d: Timestamp(d.isoformat())),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.text(st.characters(categories=("L", "N")), min_size=1, max_size=8), inner, max_size=4
        ),
    ),
    max_leaves=12,
)
styles = st.builds(
    Style,
    mapping=st.sampled_from([2, 4]),
    seq_offset=st.sampled_from([0, 2]),
    seq_indent=st.just(0),  # replaced below so that seq_indent >= seq_offset + 2
    flow_lists=st.booleans(),
    double_quoted=st.booleans(),
).map(lambda s: Style(s.mapping, s.seq_offset, s.seq_offset + 2, s.flow_lists, s.double_quoted))


@settings(max_examples=300, deadline=None)
@given(
    value=st.dictionaries(st.sampled_from(["id", "title", "x", "y", "z"]), values, min_size=1),
    style=styles,
    dash_col=st.sampled_from([0, 2, 4]),
)
def test_a_rendered_entry_reads_back_as_the_same_data(value, style, dash_col):
    lines = yamlio.render_item(value, dash_col, style)
    text = "k:\n" + "".join(lines) if dash_col else "".join(lines)
    data = load(text)
    got = data["k"][0] if dash_col else data[0]
    assert same(got, value)


# ---------------------------------------------------------------------------------------------
# Fidelity: any sequence of writes changes only the touched entries and _meta


_PLAIN = re.compile(r"^[A-Za-z\u4e00-\u9fff][A-Za-z0-9\u4e00-\u9fff ]*[A-Za-z0-9\u4e00-\u9fff]$")
_KEYWORDS = {"y", "yes", "n", "no", "on", "off", "true", "false", "null"}
words = st.text(st.sampled_from("abcdefgh xyz 数据决定采用:#'\"-[]{},"), min_size=1, max_size=24)


def _scalar(text: str) -> str:
    if _PLAIN.match(text) and text.lower() not in _KEYWORDS:
        return text
    return json.dumps(text, ensure_ascii=False)


@dataclass
class GeneratedFile:
    text: str
    header: str
    entries: list[str]  # exact text of each entry
    gaps: list[str]  # exact text between entries (comments, blank lines)
    trailer: str
    data: list[dict[str, Any]] = field(default_factory=list)
    container: str | None = "decisions"


@st.composite
def decision_files(draw: st.DrawFn) -> GeneratedFile:
    container = draw(st.sampled_from(["decisions", None]))
    dash = 0 if container is None else draw(st.sampled_from([0, 2]))
    col = dash + 2
    nested_dash = draw(st.sampled_from([0, 2]))
    header = "".join(
        f"# {draw(words).replace(chr(10), ' ')}\n" for _ in range(draw(st.integers(0, 3)))
    ) + draw(st.sampled_from(["", "\n"]))
    n = draw(st.integers(0, 6))
    entries, gaps, data = [], [], []
    for i in range(n):
        pad = " " * col
        eid = f"dec-2026-01-0{i % 9 + 1}-{i:03d}"
        title = draw(words).strip() or "t"
        entry: dict[str, Any] = {"id": eid, "title": title}
        lines = [
            f"{' ' * dash}- id: {eid}\n",
            f"{pad}title: {_scalar(title)}" + draw(st.sampled_from(["", "  # note"])) + "\n",
        ]
        if draw(st.booleans()):
            body = [
                draw(
                    st.sampled_from(
                        ["# Background", "line one", "采用 YAML", "- not a list", "key: not a key"]
                    )
                )
                for _ in range(draw(st.integers(1, 3)))
            ]
            chomp = draw(st.sampled_from(["|", "|-"]))
            lines.append(f"{pad}context: {chomp}\n")
            lines += [f"{pad}  {b}\n" for b in body]
            entry["context"] = "\n".join(body) + ("\n" if chomp == "|" else "")
        if draw(st.booleans()):
            alts = [draw(words).strip() or "a" for _ in range(draw(st.integers(1, 3)))]
            if draw(st.booleans()):
                lines.append(f"{pad}alternatives: [{', '.join(_scalar(a) for a in alts)}]\n")
            else:
                lines.append(f"{pad}alternatives:\n")
                lines += [f"{pad}{' ' * nested_dash}- {_scalar(a)}\n" for a in alts]
            entry["alternatives"] = alts
        if draw(st.booleans()):
            lines.append(f"{pad}status: active\n")
            entry["status"] = "active"
        entries.append("".join(lines))
        data.append(entry)
        gaps.append(
            draw(st.sampled_from(["", "\n", f"{' ' * dash}# --- section ---\n", "\n# between\n\n"]))
        )
    if gaps:
        gaps[-1] = ""  # what follows the last entry is the trailer
    trailer = draw(st.sampled_from(["", "\n# Example:\n# - id: x\n", "\n"]))
    if container is None:
        head = ""
    elif n == 0:
        empty = draw(st.sampled_from(["decisions: []", "decisions:", "decisions: null"]))
        head = empty + draw(st.sampled_from(["", "  # none yet"])) + "\n"
    else:
        head = "decisions:" + draw(st.sampled_from(["", "  # the list"])) + "\n"
    text = header + head + "".join(e + g for e, g in zip(entries, gaps, strict=True)) + trailer
    if container is None and n == 0:
        container = "decisions"  # a file with no data gets the canonical shape
    return GeneratedFile(text, header, entries, gaps, trailer, data, container)


operations = st.lists(
    st.one_of(
        st.tuples(st.just("add"), words, words),
        st.tuples(st.just("update"), st.integers(0, 10), words),
        st.tuples(
            st.just("status"),
            st.integers(0, 10),
            st.sampled_from(["superseded", "disputed", "active"]),
        ),
        st.tuples(st.just("repeat"), st.integers(0, 10), st.just("")),
    ),
    min_size=1,
    max_size=5,
)


def _apply(root: MemoryRoot, op: tuple[str, Any, Any], model: list[dict[str, Any]]) -> str | None:
    """Apply one operation through the store; update the model; return the touched id."""
    kind, a, b = op
    if kind == "add":
        title, choice = a.strip() or "t", b.strip() or "c"
        result = store.add_decision(root, title=title, choice=choice, date="2026-11-30")
        entry = result.entries[0]
        if entry.action == "added":
            model.append(
                {
                    "id": entry.id,
                    "date": "2026-11-30",
                    "title": title,
                    "choice": choice,
                    "status": "active",
                }
            )
        return entry.id
    if not model:
        return None
    target = model[a % len(model)]
    if kind == "update":
        fields: dict[str, Any] = {"rationale": b}
    elif kind == "status":
        fields = {"status": b}
    else:
        fields = {k: v for k, v in target.items() if k != "id"}
    store.transact(
        root, [lambda tx: tx.upsert(DECISIONS, "decisions.yaml", {"id": target["id"], **fields})]
    )
    target.update(fields)
    return str(target["id"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(generated=decision_files(), ops=operations)
def test_writes_change_only_the_touched_entries_and_meta(generated, ops):
    with tempfile.TemporaryDirectory() as tmp:
        root = temp_memory(tmp)
        path = root.memory / "decisions.yaml"
        path.write_text(generated.text, encoding="utf-8")
        original = load(generated.text)
        assert original is None or same(_norm(original), _wrap(generated, generated.data))
        model = [dict(e) for e in generated.data]
        touched = {str(t) for op in ops if (t := _apply(root, op, model)) is not None}
        text = path.read_text(encoding="utf-8")
        data = load(text)
        expected = _wrap(generated, model)
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k != "_meta"}
        assert same(_norm(data) if data is not None else _wrap(generated, []), expected)
        # every byte outside touched entries, the list's key line and _meta is where it was
        assert text.startswith(generated.header)
        for entry, gap, original in zip(
            generated.entries, generated.gaps, generated.data, strict=True
        ):
            if original["id"] not in touched:
                assert entry in text
            assert gap in text
        assert generated.trailer in text
        if not touched & {e["id"] for e in generated.data} and len(model) == len(generated.data):
            assert text == generated.text  # nothing changed: the file was not rewritten
        assert_index_matches_a_rebuild(root, "decisions.yaml")


def _norm(data: Any) -> Any:
    """`decisions:` with no value (null) holds no entries, like `decisions: []`."""
    if isinstance(data, dict) and data.get("decisions") is None:
        return {**data, "decisions": []}
    return data


def assert_index_matches_a_rebuild(root: MemoryRoot, rel: str) -> None:
    """The index the writer kept up to date equals one built from scratch."""
    with Index(root) as kept:
        kept.refresh([rel])  # a no-op when the writer recorded its write
        incremental = (kept.file(rel), kept.entries(rel))
        bodies = [kept.body(rel, e.pos) for e in incremental[1]]
        kept.rebuild()
        rebuilt = (kept.file(rel), kept.entries(rel))
        assert bodies == [kept.body(rel, e.pos) for e in rebuilt[1]]
    assert incremental[1] == rebuilt[1]
    assert incremental[0] is not None and rebuilt[0] is not None
    assert incremental[0].layout == rebuilt[0].layout
    assert incremental[0].hash == rebuilt[0].hash


def _wrap(generated: GeneratedFile, items: list[dict[str, Any]]) -> Any:
    if generated.container is None:
        return items
    return {"decisions": items}


# ---------------------------------------------------------------------------------------------
# Project facts: set and unset change only their own lines


def _changed_lines(old: str, new: str) -> tuple[list[str], list[str]]:
    import difflib

    removed, added = [], []
    for line in difflib.ndiff(old.splitlines(), new.splitlines()):
        if line.startswith("- "):
            removed.append(line[2:])
        elif line.startswith("+ "):
            added.append(line[2:])
    return removed, added


def test_setting_a_fact_changes_only_its_line_and_keeps_its_comment():
    data = load(UPSTREAM_PROJECT)
    new = yamlio.set_path(UPSTREAM_PROJECT, ["agent", "auto_extract"], False, current=data)
    removed, added = _changed_lines(UPSTREAM_PROJECT, new)
    assert removed == ["  auto_extract: true   # extract at session end"]
    assert added == ["  auto_extract: false   # extract at session end"]


def test_a_new_fact_in_a_double_quoted_file_is_double_quoted():
    data = load(UPSTREAM_PROJECT)
    new = yamlio.set_path(UPSTREAM_PROJECT, ["project", "author"], "Ada", current=data)
    removed, added = _changed_lines(UPSTREAM_PROJECT, new)
    assert removed == []
    assert added == ['  author: "Ada"']
    assert load(new)["project"]["author"] == "Ada"


def test_a_new_section_goes_after_the_last_key_and_before_meta():
    text = UPSTREAM_PROJECT + "_meta:\n  updated_by: x\n"
    new = yamlio.set_path(
        text, ["deployment", "vercel", "url"], "https://x.vercel.app", current=load(text)
    )
    assert new.index("deployment:") < new.index("_meta:")
    assert load(new)["deployment"] == {"vercel": {"url": "https://x.vercel.app"}}
    removed, _ = _changed_lines(text, new)
    assert removed == []


def test_unset_removes_exactly_the_key_lines():
    data = load(UPSTREAM_PROJECT)
    new = yamlio.unset_path(UPSTREAM_PROJECT, ["memory", "user_store"], current=data)
    removed, added = _changed_lines(UPSTREAM_PROJECT, new)
    assert removed == ['  user_store: "openmemory"']
    assert added == []


def test_replacing_a_flow_list_keeps_flow_style():
    data = load(UPSTREAM_PROJECT)
    new = yamlio.set_path(
        UPSTREAM_PROJECT, ["classification", "project_keywords"], ["部署", "配置"], current=data
    )
    _, added = _changed_lines(UPSTREAM_PROJECT, new)
    assert added == ['  project_keywords: ["部署", "配置"]']


def test_appending_to_an_empty_flow_list_keeps_both_comment_blocks():
    text = "# header\n# more\ndecisions: []\n\n# example:\n#   - id: x\n"
    new = yamlio.append_entry(text, "decisions", {"id": "a", "title": "T"}, current=load(text))
    assert (
        new == "# header\n# more\ndecisions:\n  - id: a\n    title: T\n\n# example:\n#   - id: x\n"
    )


def test_a_top_level_list_gets_new_items_at_column_zero():
    text = "- date: 2026-02-02\n  decision: use x\n  outcome: pending\n"
    new = yamlio.append_entry(text, None, {"decision": "use y"}, current=load(text))
    assert new == text + "- decision: use y\n"


@dataclass
class GeneratedProject:
    text: str
    units: dict[tuple[str, str], str]  # (section, key) -> exact lines of that leaf
    comments: list[str]
    data: dict[str, dict[str, Any]]


leaf_values = st.one_of(
    st.tuples(words.map(str.strip).filter(bool), st.sampled_from(["plain", "double"])),
    st.tuples(st.integers(-5, 500), st.just("int")),
    st.tuples(st.booleans(), st.just("bool")),
    st.tuples(st.lists(words.map(str.strip).filter(bool), min_size=1, max_size=3), st.just("flow")),
    st.tuples(
        st.lists(st.sampled_from(["# not a comment", "line", "数据"]), min_size=1, max_size=3),
        st.just("block"),
    ),
)


@st.composite
def project_files(draw: st.DrawFn) -> GeneratedProject:
    indent = " " * draw(st.sampled_from([2, 4]))
    sections = draw(
        st.lists(
            st.sampled_from(["project", "tech_stack", "memory", "agent", "配置"]),
            min_size=1,
            max_size=4,
            unique=True,
        )
    )
    lines: list[str] = ["# project facts\n"]
    units: dict[tuple[str, str], str] = {}
    comments = ["# project facts\n"]
    data: dict[str, dict[str, Any]] = {}
    for section in sections:
        if draw(st.booleans()):
            comment = f"# about {section}\n"
            lines.append(comment)
            comments.append(comment)
        lines.append(f"{section}:\n")
        data[section] = {}
        keys = draw(
            st.lists(
                st.sampled_from(["name", "url", "status", "lang", "版本", "src"]),
                min_size=1,
                max_size=4,
                unique=True,
            )
        )
        for key in keys:
            drawn: tuple[Any, str] = draw(leaf_values)
            value, kind = drawn
            note = draw(st.sampled_from(["", "  # keep me"])) if kind != "block" else ""
            if kind == "plain":
                text = f"{indent}{key}: {_scalar(value)}{note}\n"
            elif kind == "double":
                text = f"{indent}{key}: {json.dumps(value, ensure_ascii=False)}{note}\n"
            elif kind == "int":
                text = f"{indent}{key}: {value}{note}\n"
            elif kind == "bool":
                text = f"{indent}{key}: {'true' if value else 'false'}{note}\n"
            elif kind == "flow":
                text = f"{indent}{key}: [{', '.join(_scalar(v) for v in value)}]{note}\n"
            else:
                text = f"{indent}{key}: |\n" + "".join(f"{indent}  {v}\n" for v in value)
                value = "\n".join(value) + "\n"
            lines.append(text)
            units[(section, key)] = text
            data[section][key] = value
        if draw(st.booleans()):
            lines.append("\n")
    return GeneratedProject("".join(lines), units, comments, data)


project_ops = st.lists(
    st.tuples(
        st.sampled_from(["set", "set-new", "unset"]),
        st.integers(0, 30),
        st.one_of(words.map(str.strip).filter(bool), st.integers(0, 9), st.booleans()),
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(generated=project_files(), ops=project_ops)
def test_setting_facts_changes_only_the_touched_keys_and_meta(generated, ops):
    with tempfile.TemporaryDirectory() as tmp:
        root = temp_memory(tmp)
        path = root.memory / "project.yaml"
        path.write_text(generated.text, encoding="utf-8")
        assert same(load(generated.text), generated.data)
        model = {s: dict(v) for s, v in generated.data.items()}
        touched: set[tuple[str, str]] = set()
        for kind, n, value in ops:
            leaves = [(s, k) for s in model for k in model[s]]
            section = list(model)[n % len(model)]
            if kind == "set-new" or not leaves:
                key = f"new{n}"
                store.set_value(root, f"{section}.{key}", value)
                model[section][key] = value
                touched.add((section, key))
                continue
            leaf = leaves[n % len(leaves)]
            if kind == "set":
                store.set_value(root, ".".join(leaf), value)
                model[leaf[0]][leaf[1]] = value
            elif len(model[leaf[0]]) > 1:
                store.unset_value(root, ".".join(leaf))
                del model[leaf[0]][leaf[1]]
            touched.add(leaf)
        text = path.read_text(encoding="utf-8")
        data = {k: v for k, v in load(text).items() if k != "_meta"}
        assert same(data, model)
        position = -1
        for unit_key, unit in generated.units.items():  # untouched leaves: same bytes, same order
            if unit_key not in touched:
                position = text.index(unit, position + 1)  # ValueError if gone or out of order
        for comment in generated.comments:
            assert comment in text


def test_a_colon_inside_a_flow_plain_scalar_reads_as_yaml_1_2_does():
    text = "project: {deployment: {web: {url: https://example.com, status: active}}}\n"
    assert load(text) == {
        "project": {"deployment": {"web": {"url": "https://example.com", "status": "active"}}}
    }
    with pytest.raises(InvalidYamlError) as info:
        load("project: {a: b: c}\n", source="in.yaml")
    assert str(info.value).startswith("in.yaml:1:")
    assert info.value.hint is not None and "quote a value" in info.value.hint


def _ruamel_safe_load(text: str, *, pure: bool = False) -> Any:
    """A load through ruamel's own resolver, with omp's timestamps."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=pure)
    yaml.constructor.add_constructor("tag:yaml.org,2002:timestamp", ruamelyaml._construct_timestamp)
    return list(yaml.load_all(text))


_SCALARS = st.sampled_from(
    ["yes", "no", "on", "off", "true", "False", "~", "null", "1_000", "0x1F", "0o17", "017",
     "1e3", "-.5", ".inf", ".NaN", "2026-01-31", "2026-01-31T10:00:00Z", "12:30", "v1.2", "=",
     "<<", "a b", "", "3", "-0"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_SCALARS, st.text("ab01.:-_ eE+x", max_size=8)), min_size=1, max_size=6))
def test_the_one_version_resolver_reads_scalars_as_ruamels_does(values):
    text = (
        "".join(f"k{n}: {v}\n" for n, v in enumerate(values))
        + "list: ["
        + ", ".join(v for v in values if v.strip() and "," not in v)
        + "]\n"
    )
    try:
        expected: Any = _ruamel_safe_load(text)
    except Exception as e:  # whatever ruamel says, omp says too
        expected = type(e)
    try:
        got: Any = list(ruamelyaml.safe_yaml().load_all(text))
    except Exception as e:
        got = type(e)
    assert got == expected


def test_ruamels_own_parser_still_reads_a_yaml_11_directive():
    text = "%YAML 1.1\n---\na: yes\nb: 0o17\n---\nc: yes\n"

    got = list(ruamelyaml.safe_yaml(pure=True).load_all(text))

    assert got == _ruamel_safe_load(text, pure=True) == [{"a": True, "b": "0o17"}, {"c": True}]
