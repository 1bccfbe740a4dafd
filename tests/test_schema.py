"""Schema checks: on omp's schemas, the quick checks (omp.validity) answer as jsonschema does.

omp decides validity with omp.validity's compiled checks and asks jsonschema (which words the
problems) only about what they reject or cannot decide on, so on every schema omp ships, and
on data near valid entries, their answer must be jsonschema's, and on JSON values they answer.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from omp import hooks, schema, store, validity, yamlio
from omp.paths import MemoryRoot

_DAY = "2026-12-01"
_WIDE_DAY = _DAY.translate({ord(d): ord(d) + 0xFEE0 for d in "0123456789"})  # fullwidth digits
# One valid instance of every schema or definition omp validates, by its `$ref`.
SEEDS: dict[str, Any] = {
    "urn:omp:schema:decisions#/$defs/decision": {
        "id": "dec-2026-12-01-0a1b2c",
        "date": _DAY,
        "title": "Index reads",
        "choice": "SQLite with FTS5",
        "alternatives": ["Whoosh"],
        "rationale": "stdlib, no server",
        "impact": ["search is ranked"],
        "status": "active",
        "valid_from": _DAY,
        "valid_to": None,
        "supersedes": "dec-2026-11-30-aaaaaa",
    },
    "urn:omp:schema:changelog#/$defs/change": {
        "id": "chg-2026-12-01-0a1b2c",
        "date": _DAY,
        "type": "feat",
        "summary": "omp search",
        "scope": "index",
        "breaking": False,
        "ref": "abc1234",
    },
    "urn:omp:schema:session#/$defs/session": {
        "id": "ses-001",
        "start": "14:30",
        "end": None,
        "summary": "wired the index",
        "key_actions": ["added FTS5"],
        "decisions": ["dec-2026-12-01-0a1b2c"],
        "outcomes": ["search works"],
    },
    "urn:omp:schema:candidates#/$defs/candidate": {
        "id": "cand-2026-12-01-0a1b2c",
        "date": _DAY,
        "target": "decisions",
        "status": "pending",
        "scope": "PROJECT",
        "confidence": 0.55,
        "reason": "a choice with no rationale",
        "entry": {"title": "Use uv", "choice": "uv"},
    },
    "urn:omp:schema:user-memories#/$defs/memory": {
        "id": "mem-2026-12-01-0a1b2c",
        "date": _DAY,
        "text": "prefers tabs",
        "scope": "PERSONAL",
        "confidence": 0.8,
    },
    "urn:omp:schema:imports#/$defs/import": {
        "id": "archive:0123456789abcdef",
        "date": _DAY,
        "kind": "archive_document",
        "sha256": "0" * 64,
        "size_bytes": 12,
    },
    "urn:omp:schema:common#/$defs/meta": {
        "last_updated": "2026-12-01T10:00:00+00:00",
        "updated_by": "omp",
        "changes": ["decisions[dec-2026-12-01-0a1b2c]: added"],
    },
    "urn:omp:schema:project": {
        "project": {"name": "demo", "type": "cli"},
        "tech_stack": {"language": "python", "frameworks": ["typer"]},
        "deployment": {"web": {"url": "https://demo.example.com", "platform": "fly"}},
    },
    "urn:omp:schema:config": {"version": "1.0", "memory": {"auto_extract": True}},
    "urn:omp:schema:decisions": {"decisions": [{"title": "x", "choice": "y"}]},
    "urn:omp:schema:changelog": {"changelog": [{"summary": "x", "type": "fix"}]},
}

_TRICKY_TEXT = [
    "",
    _DAY,
    _DAY + "\n",
    _WIDE_DAY,
    "٢٠٢٦-12-01",
    "0" * 64,
    "0" * 64 + "\n",
    "dec-2026-12-01-0a1b2c",
    "active",
    "superseded",
    "feat",
    "memory",
    "decisions",
    "PROJECT",
    "pending",
    "😀",
]
_KEYS = sorted(
    {k for seed in SEEDS.values() for k in seed} | {"kind", "text", "entry", "title", "_meta"}
)
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(_TRICKY_TEXT)
    | st.text(max_size=8)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


@cache
def _reference(ref: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": ref}, registry=schema._registry())


def _errors(ref: str, data: Any) -> list[str]:
    return [e.message for e in _reference(ref).iter_errors(data)]


@st.composite
def _mutated(draw: st.DrawFn, seed: Any) -> Any:
    """`seed` with one to three values replaced, keys removed or keys added, anywhere."""
    data = copy.deepcopy(seed)
    for _ in range(draw(st.integers(1, 3))):
        node = data
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            child = node[draw(st.sampled_from(keys))]
            if not isinstance(child, (dict, list)):
                break
            node = child
        if isinstance(node, dict):
            action = draw(st.sampled_from(["set", "delete", "add"]))
            if action == "delete" and node:
                del node[draw(st.sampled_from(sorted(node)))]
            elif action == "set" and node:
                node[draw(st.sampled_from(sorted(node)))] = draw(_VALUES)
            else:
                node[draw(st.sampled_from(_KEYS))] = draw(_VALUES)
        elif isinstance(node, list):
            node.append(draw(_VALUES))
    return data


@pytest.mark.parametrize("ref", sorted(SEEDS))
def test_every_seed_is_valid_to_both(ref):
    assert _errors(ref, SEEDS[ref]) == []
    assert schema.surely_valid(ref, SEEDS[ref])


def test_every_shipped_schema_compiles_to_checks_that_decide():
    compiler = validity.Compiler(dict(schema._schemas()))
    for uri, contents in schema._schemas():
        compiler.check(uri)
        for name in contents.get("$defs", {}):
            compiler.check(f"{uri}#/$defs/{name}")

    assert compiler.unknown == []


@pytest.mark.parametrize("ref", sorted(SEEDS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_quick_check_answers_as_jsonschema(ref, data):
    instance = data.draw(_mutated(SEEDS[ref]))

    assert schema._quick(ref)(instance) is (_errors(ref, instance) == [])


@given(value=_VALUES)
@settings(max_examples=300, deadline=None)
def test_the_quick_check_answers_as_jsonschema_anywhere_in_an_entry(value):
    for ref in ("urn:omp:schema:decisions#/$defs/decision", "urn:omp:schema:common#/$defs/meta"):
        instance = {**SEEDS[ref], "title": value, "changes": value}

        assert schema._quick(ref)(instance) is (_errors(ref, instance) == [])


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("date", _DAY + "\n"),  # Python's `$` matches before a final newline
        ("date", _WIDE_DAY),  # Python's `\d` takes any decimal digit
        ("confidence", float("nan")),  # no comparison fails NaN
    ],
)
def test_where_python_reads_a_schema_loosely_the_quick_check_does_too(field, value):
    ref = "urn:omp:schema:candidates#/$defs/candidate"
    entry = {**SEEDS[ref], field: value}

    assert _errors(ref, entry) == []
    assert schema.surely_valid(ref, entry)
    assert schema.check_entry("candidates", entry) == schema.char_problems(entry)
    assert schema.char_problems(entry) or field == "date"  # NaN is refused all the same


def test_problems_are_still_worded_by_jsonschema():
    entry = {**SEEDS["urn:omp:schema:decisions#/$defs/decision"], "status": "maybe"}

    assert schema.check_entry("decisions", entry) == [
        ("status", _errors("urn:omp:schema:decisions#/$defs/decision", entry)[0])
    ]
    assert "'maybe' is not one of" in schema.check_entry("decisions", entry)[0][1]


def test_data_as_omp_reads_it_from_yaml_takes_the_quick_path(memory: MemoryRoot):
    store.add_decision(memory, title="Index reads", choice="SQLite", rationale="stdlib")
    store.add_change(memory, summary="index search", type="feat")
    for name, kind in (("decisions", "decision"), ("changelog", "change")):
        data = yamlio.load((memory.memory / f"{name}.yaml").read_text("utf-8"))
        entry = data[name][0]

        assert type(entry["date"]) is not str  # a YAML date, kept as its text
        assert schema.surely_valid(f"urn:omp:schema:{name}#/$defs/{kind}", entry)
        assert schema.surely_valid(f"urn:omp:schema:{name}", data)


def test_a_valid_write_never_imports_jsonschema(memory: MemoryRoot):
    code = (
        "import sys; from omp import store; from omp.paths import find_root\n"
        "store.add_decision(find_root(), title='Use uv', choice='uv', rationale='fast')\n"
        "print('jsonschema' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=memory.project,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"


def test_a_valid_hand_edit_staged_for_commit_is_checked_without_jsonschema(memory: MemoryRoot):
    store.add_decision(memory, title="Index reads", choice="SQLite", rationale="stdlib")
    path = memory.memory / "decisions.yaml"
    path.write_text(path.read_text("utf-8").replace("stdlib", "stdlib, no server"), "utf-8")
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    probe = (
        "import sys; from omp import hooks\n"
        "status = hooks.main(['pre-commit'])\n"
        "print(status, 'jsonschema' in sys.modules, 'omp.validity' in sys.modules)"
    )

    def pre_commit() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", probe],
            cwd=memory.project,
            capture_output=True,
            text=True,
            check=True,
        )

    assert pre_commit().stdout.split() == ["0", "False", "True"]  # valid, quick path only

    path.write_text(path.read_text("utf-8").replace("status: active", "status: maybe"), "utf-8")
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    refused = pre_commit()
    assert refused.stdout.split()[:2] == [str(hooks.BLOCK), "True"]  # jsonschema words it
    assert "'maybe' is not one of" in refused.stderr


@pytest.mark.parametrize(
    "text",
    [
        "2026-12-04", "2026-02-29", "2024-02-29", "2026-02-30", "2026-13-01", "2026-00-10",
        "0000-01-01", "0001-01-01", "9999-12-31", "2026-12-04T17:41:43Z", "2026-12-04T24:00:00Z",
        "2026-12-04T23:60:00Z", "2026-12-04T23:59:60Z", "2026-12-04T23:59:59.123456789Z",
        "2026-12-04T23:59:59", "2026-02-30T10:00:00Z", "2026-12-04T17:41:43+08:00",
    ],
)  # fmt: skip
def test_common_timestamps_are_checked_as_ruamel_checks_them(text: str) -> None:
    from omp.schema import _real_timestamp, _real_timestamp_by_ruamel

    assert _real_timestamp(text) == _real_timestamp_by_ruamel(text)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32),
    st.one_of(st.none(), st.tuples(st.integers(0, 25), st.integers(0, 61), st.integers(0, 61))),
)  # fmt: skip
def test_any_common_timestamp_is_checked_as_ruamel_checks_it(
    year: int, month: int, day: int, time: tuple[int, int, int] | None
) -> None:
    from omp.schema import _real_timestamp, _real_timestamp_by_ruamel

    text = f"{year:04}-{month:02}-{day:02}"
    if time is not None:
        text += "T{:02}:{:02}:{:02}Z".format(*time)
    assert _real_timestamp(text) == _real_timestamp_by_ruamel(text)
