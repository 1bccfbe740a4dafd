"""`fastyaml.load` reads what ruamel.yaml reads, or says it is unsure; never something else."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omp import fastyaml, outline, yamlio
from omp.errors import InvalidYamlError
from omp.paths import MemoryRoot
from omp.records import Timestamp
from tests.helpers import AWKWARD_VALUES, add_awkward_decisions, typed

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "upstream-samples"


def ruamel(text: str) -> Any:
    try:
        return typed(yamlio.load_by_ruamel(text))
    except InvalidYamlError:
        return InvalidYamlError


def agrees(text: str) -> bool:
    """Whether the fast reader gave ruamel's data or UNSURE; True when it read the text."""
    fast = fastyaml.load(text)
    if fast is fastyaml.UNSURE:
        return False
    assert typed(fast) == ruamel(text), text
    return True


ENTRY = """\
  - id: dec-2026-01-31-3f9a1c
    date: 2026-01-31
    title: Store memory as YAML in the repository  # reviewed
    context: |
      Agents forget between sessions.

      The team reviews changes in pull requests.
    choice: YAML files under _omp/memory/
    alternatives: [a hosted vector database, Markdown notes]
    rationale: 'Reviewable in diffs: merged by git'
    impact: "Every agent reads \\"the same\\" files"
    status: active
    tags: []
    _meta:
      created_at: 2026-01-31T09:15:00Z
      by: omp
"""


def test_an_entry_as_omp_writes_it_is_read_without_ruamel() -> None:
    data = fastyaml.load(ENTRY)
    assert data == [
        {
            "id": "dec-2026-01-31-3f9a1c",
            "date": "2026-01-31",
            "title": "Store memory as YAML in the repository",
            "context": (
                "Agents forget between sessions.\n\nThe team reviews changes in pull requests.\n"
            ),
            "choice": "YAML files under _omp/memory/",
            "alternatives": ["a hosted vector database", "Markdown notes"],
            "rationale": "Reviewable in diffs: merged by git",
            "impact": 'Every agent reads "the same" files',
            "status": "active",
            "tags": [],
            "_meta": {"created_at": "2026-01-31T09:15:00Z", "by": "omp"},
        }
    ]
    assert type(data[0]["date"]) is Timestamp
    assert agrees(ENTRY)


@pytest.mark.parametrize(
    "text",
    [
        "k: |\n  a\n\n  b\n\n\nz: 1\n",
        "k: |+\n  a\n\n\nz: 1\n",
        "k: |+\n  a\n\n# c\n\nz: 1\n",
        "k: |-\n  a\n  \n",
        "a: |\n  x\n     \nb: 1\n",  # a line of spaces deeper than the text is text
        "a: |+\n  x\n  \n\nb: 1\n",
        "a: b[c], x{y} C++ & Rust x*y x!y x|y x>y x%y x@y x`y x?y x - y a,b]\n",
        "k: |\n  a\n   \n  b\n",
        "- |\n a\n",
        "- a\n- b: 1\n  c: 2\n-\n  - x\n",
        "k:\n- a\n- b\nz: 1",
        "- a:\n  - x\n  b: 1\n",
        "a:  # c\n  b: 1\n",
        "a:\n\n  - x\n",
        "a: yes\nb: True\nc: ~\nd: -3\ne: 2026-12-04T17:41:43Z\nf: tRue\ng: NULL\nh: 0\n",
        "a: \"x\\ty\\u00e9\\U0001F600 \\\" q \\\\\"  # c\nb: 'it''s'\n",
        "a: [x, y z, 3, 2026-01-02, true]\nb: []\nc: {}\n",
        "a: [\"x, y\", 'it''s', \"30\", plain ,z]  # c\nb: [ ]\n",
        "a:\n  b:\n    c: d\n  e: 使用 SQLite 存储\n",
        "a: http://x/y#z\nb: C# and F#\n",
        "a: 2026-1-4\nb: 966d28d\nc: 12:30\nd: 1e5x\ne: 3 replicas\nf: 0b2\n",  # strings
        "",
        "# only a comment\n",
    ],
)
def test_the_subset_is_read_as_ruamel_reads_it(text: str) -> None:
    assert agrees(text)


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\n- b\n",  # an error
        "a: b: c\n",  # an error
        "a: b\na: c\n",  # a duplicate key
        "a: b\n  c\n",  # a plain scalar over two lines
        "a: |\n  x",  # no line break at the end of a literal
        "a: 'x\n  y'\n",  # a quoted scalar over two lines
        "a: >\n  x\n",  # folded
        "a: |2\n   x\n",  # explicit indentation
        "a: 012\n",  # octal in YAML 1.1, 12 in ruamel's 1.2
        "a: 1.5\n",  # a float
        "a: 1e5\n",  # a float
        "a: 0x1F\nb: 1_000\n",  # integers of other forms
        "a: 2026-12-04 10:00:00\n",  # a timestamp of another form
        "a: &x b\nc: *x\n",  # anchor and alias
        "a: !tag b\n",
        "a:\tb\n",  # a tab
        "a: b\r\nc: d\r\n",  # CR line ends
        "a: \x85b\n",  # NEL, a line break to YAML
        "\ufeffa: b\n",  # a BOM
        "---\na: b\n",
        "%YAML 1.1\n---\na: yes\n",
        "true: b\n",  # a key that is not a string
        "a: [x, [y]]\n",
        "a: {b: c}\n",
        "a: [x,\n  y]\n",
        "a: [x, ]\n",  # a trailing comma
        'a: ["x" y]\n',
        'a: ["x": y]\n',  # a mapping inside
        'a: "\\/"\n',
        "a: |\n\n  x\n",  # leading empty line
    ],
)
def test_anything_else_is_left_to_ruamel(text: str) -> None:
    assert fastyaml.load(text) is fastyaml.UNSURE


def test_the_upstream_samples_are_read_alike() -> None:
    samples = sorted(REFERENCE.rglob("*.yaml")) if REFERENCE.is_dir() else []
    if not samples:
        pytest.skip("no upstream samples next to this repository")
    assert all(agrees(path.read_text(encoding="utf-8")) for path in samples)  # and all read


# --------------------------------------------------------------------------------------------
# Generated texts: the subset and its edges, and texts broken at random

_WORDS = [
    "a", "b c", "使用 SQLite", "é", "x:y", "http://x", "C#", "a #b", "a: b", "x:", "don't",
    "yes", "no", "on", "y", "true", "True", "tRue", "FALSE", "null", "Null", "~", "NaN",
    "0", "-0", "7", "-12", "+5", "012", "08", "0x1F", "0o7", "1_000", "1.5", ".5", "1e3", ".inf",
    "2026-12-04", "2026-1-4", "2026-12-04T17:41:43Z", "2026-12-04 17:41:43",
    "2026-12-04T17:41:43+08:00",
    "- x", "-x", "? x", "&a", "*a", "!t", "%x", "@x", "`x`", "[x]", "{x}", "'q'", '"d"', "|",
    ">", "#", "", " ", "a\\b", "\u2028", "_meta", "/usr/bin", "a  b", "a ", "a, b",
    "3 replicas", "1e3 x", "0x1 y", "2026-12-04  10:00:00", "2026-12-04 x", "12: x", "7 #x",
    "$HOME", "(x)", "~/x", "<<", "=", "<x>", "\\x", "^x", ";x", "「引用」", "¿qué?", "€5",
    "\uff11\uff12",  # full-width digits
    # starting with a digit: short commit ids, versions, times, near-numbers
    "966d28d", "6010843", "1e55", "1e5x", "12:30", "0b2", "0b101", "0o18", "1_0a", "1.2.3",
    "1.", "1e", "07x", "3d", "2026-1-4T1:00:00", "2026-12-04T10:00:00 Z", "2026-12-04t10:00:00",
]  # fmt: skip
_SAFE = [
    "a",
    "b c",
    "3 replicas",
    "使用 SQLite",
    "x:y",
    "7",
    "2026-12-04",
    "true",
    "don't",
    "/usr/bin",
]
_KEYS = ["id", "title", "a-b", "_meta", "true", "y", "on", "Null", "1", "a b", "k"]


def _quoted(word: str, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "'" + word.replace("'", "''") + "'"
    escaped = word.replace("\\", "\\\\").replace('"', '\\"')
    if rng.random() < 0.3:
        escaped = escaped.replace("é", "\\u00e9").replace(" ", rng.choice(["\\ ", " ", "\\t"]))
    return '"' + escaped + '"'


def _scalar(rng: random.Random, indent: int) -> list[str]:
    """A value's text after `key: ` or `- ` (its first line) and any lines under it."""
    word = rng.choice(_SAFE if rng.random() < 0.6 else _WORDS)
    style = rng.random()
    if style < 0.45:
        return [word]
    if style < 0.65:
        return [_quoted(word, rng)]
    if style < 0.8:
        words = [rng.choice(_WORDS) for _ in range(rng.randrange(0, 4))]
        items = ", ".join(_quoted(w, rng) if rng.random() < 0.3 else w for w in words)
        return [f"[{items}]"]
    header = rng.choice(["|", "|-", "|+", ">", "|2"])
    pad = " " * (indent + rng.choice([1, 2, 4]))
    body = [
        pad + rng.choice(_WORDS) if rng.random() < 0.8 else "" for _ in range(rng.randrange(1, 4))
    ]
    return [header, *body]


def _node(rng: random.Random, indent: int, depth: int) -> list[str]:
    """The lines of a block mapping or sequence at `indent`."""
    lines: list[str] = []
    pad = " " * indent
    as_list = rng.random() < 0.35
    for _ in range(rng.randrange(1, 4)):
        key = rng.choice(_KEYS[:4] if rng.random() < 0.7 else _KEYS)
        lead = "- " if as_list else f"{key}:" + rng.choice([" ", "  "])
        if rng.random() < 0.1:
            lines.append(pad + "# a comment")
        if depth < 3 and rng.random() < 0.3:
            if as_list and rng.random() < 0.5:  # `- key: value` on the dash's line
                inner = _node(rng, indent + 2, depth + 1)
                lines.append(pad + "- " + inner[0].lstrip(" "))
                lines += inner[1:]
            else:
                lines.append(pad + lead.rstrip(" "))
                step = rng.choice([0, 1, 2, 4]) if not as_list else rng.choice([1, 2])
                lines += _node(rng, indent + step, depth + 1)
            continue
        first, *rest = _scalar(rng, indent)
        comment = rng.choice(["", "", "", " # c", "#c"])
        lines.append(pad + lead + first + comment)
        lines += rest
        if rng.random() < 0.1:
            lines.append("")
    return lines


def _mutate(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randrange(0, 3)):
        if not lines:
            break
        at = rng.randrange(len(lines))
        change = rng.random()
        if change < 0.3:
            lines[at] = " " + lines[at]
        elif change < 0.5:
            lines[at] = lines[at][1:]
        elif change < 0.7:
            lines.insert(at, lines[at])
        elif change < 0.85:
            spot = rng.randrange(len(lines[at]) + 1)
            lines[at] = lines[at][:spot] + rng.choice(":#-'\"|[ \t") + lines[at][spot:]
        else:
            del lines[at]
    return lines


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.booleans(), st.booleans())
def test_generated_texts_are_read_as_ruamel_reads_them_or_left_to_it(
    seed: int, mutated: bool, newline: bool
) -> None:
    rng = random.Random(seed)
    lines = _node(rng, rng.choice([0, 0, 2]), 0)
    if mutated:
        lines = _mutate(lines, rng)
    text = "\n".join(lines) + ("\n" if newline else "")
    agrees(text)


def test_the_generator_reaches_both_outcomes() -> None:
    """The property above is only worth something if many texts are read, and many are not."""
    read = unsure = 0
    for seed in range(600):
        rng = random.Random(seed)
        text = "\n".join(_node(rng, 0, 0)) + "\n"
        if agrees(text):
            read += 1
        else:
            unsure += 1
    assert read > 100
    assert unsure > 100


def _entries(text: str, name: str) -> list[str]:
    """The text of each entry of list `name` in a memory file's `text`."""
    o = outline.Outline(text)
    found = outline.locate_list(o, name)
    assert found is not None
    return [text[o.offsets[item.line] : o.offsets[item.end]] for item in found.items]


def test_entries_omp_writes_are_read_without_ruamel(memory: MemoryRoot) -> None:
    add_awkward_decisions(memory)
    entries = _entries((memory.memory / "decisions.yaml").read_text(encoding="utf-8"), "decisions")
    assert len(entries) == len(AWKWARD_VALUES)
    assert [entry for entry in entries if not agrees(entry)] == []


def test_the_benchmark_memory_is_read_without_ruamel() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    try:
        import bench
    finally:
        sys.path.pop(0)
    for name, text in (
        ("decisions", bench.decisions_yaml(300)), ("changelog", bench.changelog_yaml(300))
    ):  # fmt: skip
        entries = _entries(text, name)
        assert len(entries) == 300
        assert [entry for entry in entries if not agrees(entry)] == []


def test_the_yaml_files_of_this_repository_are_read_alike() -> None:
    """Hundreds of hand-written files: the corpus labels, templates, omp's own memory."""
    top = Path(__file__).resolve().parents[1]
    paths = [p for folder in ("tests", "templates", "_omp") for p in (top / folder).rglob("*.y*ml")]
    read = [path for path in paths if agrees(path.read_text(encoding="utf-8"))]
    assert len(paths) > 500
    assert len(read) > len(paths) * 3 // 4  # most are in the subset: the test is not vacuous


def test_long_lines_are_read_alike() -> None:
    """A flow list of thousands of items, quoted and plain, and a long quoted value."""
    plain = ", ".join(f"item{n}" for n in range(20_000))
    quoted = ", ".join(f'"it\'s {n}"' if n % 2 else f"'say ''{n}'''" for n in range(20_000))
    long = "x\\ty" * 100_000
    assert agrees(f'plain: [{plain}]\nquoted: [{quoted}]\nlong: "{long}"\n')
