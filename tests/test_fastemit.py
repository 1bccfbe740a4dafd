"""`fastemit.dump` writes what ruamel.yaml writes, byte for byte, or says it is unsure."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omp import fastemit, fastyaml, ruamelyaml, store, yamlio
from omp.outline import Style
from omp.paths import MemoryRoot
from omp.records import Timestamp
from tests.helpers import AWKWARD_VALUES, add_awkward_decisions, typed

# The styles files are found in: omp's own, indentless lists, flow lists, double quotes, and
# the indentations people and other tools use
STYLES = [
    Style(),
    Style(mapping=4, seq_offset=0, seq_indent=2),
    Style(flow_lists=True),
    Style(double_quoted=True),
    Style(flow_lists=True, double_quoted=True),
    Style(mapping=3, seq_offset=1, seq_indent=3),
    Style(mapping=2, seq_offset=2, seq_indent=5),
    Style(mapping=1, seq_offset=0, seq_indent=2),
    Style(mapping=4, seq_offset=4, seq_indent=6),
]


def agrees(value: Any, style: Style) -> bool:
    """Whether the fast writer wrote ruamel's text or UNSURE; True when it wrote it."""
    fast = fastemit.dump(value, style)
    if fast is fastemit.UNSURE:
        return False
    assert fast == ruamelyaml.dump(value, style), (value, style)
    return True


@pytest.mark.parametrize(
    ("value", "style", "text"),
    [
        (
            {"id": "chg-2026-12-04-c34d69", "date": Timestamp("2026-12-04"), "type": "fix",
             "summary": "change 4 in the parser", "ref": "6010843", "author": "a"},
            Style(),
            "id: chg-2026-12-04-c34d69\ndate: 2026-12-04\ntype: fix\n"
            "summary: change 4 in the parser\nref: '6010843'\nauthor: a\n",
        ),
        ({"ref": "966d28d", "count": 3, "ok": True, "x": None}, Style(),
         "ref: 966d28d\ncount: 3\nok: true\nx: null\n"),
        ({"a": "yes", "b": "", "c": "it's", "d": "a: b", "e": "tab\there"}, Style(),
         "a: 'yes'\nb: ''\nc: it's\nd: 'a: b'\ne: \"tab\\there\"\n"),
        ({"context": "one\n\ntwo\n", "choice": "x\ny"}, Style(),
         "context: |\n  one\n\n  two\nchoice: |-\n  x\n  y\n"),
        ({"_": [{"id": "a", "tags": ["x y", "b,c", "3.5"]}]}, Style(flow_lists=True),
         "_:\n  - id: a\n    tags: [x y, \"b,c\", '3.5']\n"),
        ({"_": [{"id": "a", "tags": ["x", "z"]}]}, Style(mapping=4, seq_offset=0, seq_indent=2),
         "_:\n- id: a\n  tags:\n  - x\n  - z\n"),
        ({"_meta": {"last_updated": Timestamp("2026-12-04T19:46:55Z"), "updated_by": "git-hook",
                    "changes": ["changelog[chg-1]: added"]}}, Style(double_quoted=True),
         "_meta:\n  last_updated: 2026-12-04T19:46:55Z\n  updated_by: \"git-hook\"\n"
         "  changes:\n    - \"changelog[chg-1]: added\"\n"),
        ({"t": "使用 PostgreSQL 16，不用 MySQL", "e": "emoji 😀", "q": "say \"hi\""}, Style(),
         "t: 使用 PostgreSQL 16，不用 MySQL\ne: emoji 😀\nq: say \"hi\"\n"),
        ({"a": {}, "b": [], "c": [{}, []]}, Style(), "a: {}\nb: []\nc:\n  - {}\n  - []\n"),
        ({"a": "-a", "b": "- b", "c": "-3", "d": "--x"}, Style(),
         "a: -a\nb: '- b'\nc: '-3'\nd: --x\n"),
    ],
)  # fmt: skip
def test_the_subset_is_written_as_ruamel_writes_it(value: Any, style: Style, text: str) -> None:
    assert fastemit.dump(value, style) == text
    assert ruamelyaml.dump(value, style) == text


@pytest.mark.parametrize(
    "value",
    [
        {"a": 1.5},  # a float
        {"a": 10**5000},  # an integer longer than Python writes by default
        {"a": [["x"]]},  # a list in a list
        {"a": "x\n\n"},  # `|+`, which ruamel ends with `...`
        {"y": "x"},  # a key read as a boolean by YAML 1.1
        {"a b": "x"},
        {"a": "~/x"},  # plain, though `~` is null
        {"a": ".5x"},
        {"a": "x" * 100_001},
        {"a": Timestamp("2026-1-4")},  # not a date ruamel writes plain
        {"a": "next\u2028line"},
        {"a": "tab\tin\na block"},
        {"a": (1, 2)},
        {"a": ruamelyaml.Kept("x")},
        [{"a": "x"}],
        {},
    ],
)
def test_anything_else_is_left_to_ruamel(value: Any) -> None:
    assert fastemit.dump(value, Style()) is fastemit.UNSURE


# --------------------------------------------------------------------------------------------
# Generated values: the subset, its edges and what lies past them

_PIECES = [
    *"abcXYZ019 :#-'\"\n\t,[]{}?!&*|>%@`~=<.+_/$()\\^;",
    "é", "中", "，", "😀", "\x85", "\u2028", "\xa0", "\ufeff", "\x01", "\x7f", "\ufffe", "\ud800",
    "  ", "\n\n", "yes", "null", "True", "2026-12-04", "0x1", "1e3", "-", "---", "...", "966d",
]  # fmt: skip
_STRINGS = [
    "plain words", "Use Postgres 16", "6010843", "b845004", "966d28d", "1e55", "12:30",
    "3 replicas", "a: b", "x #y", "C#", "it's", "a\nb", "a\nb\n", "a\n\nb\n\n", "  lead",
    "trail ", "中文：说明", "-a", "- a", ".5", "@x", "0b2", "2026-1-4", "x:", "~", "=", "<<",
]  # fmt: skip
_KEYS = ["id", "date", "title", "_meta", "a-b", "y", "No", "1x", "a b", "k" * 120, "summary"]
_TIMES = [
    "2026-12-04", "2026-12-04T19:46:55Z", "2026-12-04T19:46:55.5+01:00", "2026-1-4",
    "2026-12-04 10:00:00",
]  # fmt: skip


def _scalar(rng: random.Random) -> Any:
    r = rng.random()
    if r < 0.55:
        return "".join(rng.choice(_PIECES) for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 15])))
    if r < 0.65:
        return rng.choice([0, -1, 7, 10**20, True, False])
    if r < 0.72:
        return None
    if r < 0.8:
        return Timestamp(rng.choice(_TIMES))
    if r < 0.83:
        return 1.5
    return rng.choice(_STRINGS)


def _value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth < 3 and r < 0.2:
        return {rng.choice(_KEYS): _value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}
    if depth < 3 and r < 0.35:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    return _scalar(rng)


def _generated(seed: int) -> tuple[Any, Style]:
    rng = random.Random(seed)
    value: Any = {rng.choice(_KEYS[:5]): _value(rng)}
    if rng.random() < 0.5:
        value = {"_": [value]}  # as `yamlio.render_item` asks for an entry
    return value, rng.choice(STYLES)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_generated_values_are_written_as_ruamel_writes_them_or_left_to_it(seed: int) -> None:
    agrees(*_generated(seed))


def test_the_generator_reaches_both_outcomes() -> None:
    """The property above is only worth something if many values are written, and many not."""
    written = sum(agrees(*_generated(seed)) for seed in range(600))
    assert 150 < written < 450


# --------------------------------------------------------------------------------------------
# What omp writes


def test_what_is_written_reads_back_as_the_value() -> None:
    """Over the generated values: the text the fast writer gives means what it was given."""
    for seed in range(600):
        value, style = _generated(seed)
        text = fastemit.dump(value, style)
        if text is not fastemit.UNSURE:
            assert typed(yamlio.load(text)) == typed(value), text


def test_entries_omp_writes_are_written_without_ruamel(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
) -> None:
    left: list[Any] = []
    by_ruamel = ruamelyaml.dump

    def dump(value: Any, style: Style) -> str:
        left.append(value)
        return by_ruamel(value, style)

    monkeypatch.setattr(ruamelyaml, "dump", dump)
    add_awkward_decisions(memory)
    for n, value in enumerate(AWKWARD_VALUES):
        store.add_change(memory, summary=f"change {n}: {value}", type="fix", ref=f"{n}a{n}")
    # only the two entries holding text that ends in blank lines, which a `|+` block holds
    held = [[k for k, x in v["_"][0].items() if str(x).endswith("\n\n")] for v in left]
    assert held == [["context", "choice", "rationale"], ["summary"]], left
    text = (memory.memory / "decisions.yaml").read_text(encoding="utf-8")
    assert fastyaml.load(text) is not fastyaml.UNSURE  # and read back without it


def test_a_value_left_to_ruamel_is_still_written(memory: MemoryRoot) -> None:
    result = store.add_decision(memory, title="Ratio", choice="Keep 1.5", context="a\n\n")
    data = yamlio.load((memory.memory / "decisions.yaml").read_text(encoding="utf-8"))
    entry = next(e for e in data["decisions"] if e["id"] == result.entries[0].id)
    assert entry["context"] == "a\n\n" and entry["choice"] == "Keep 1.5"


def test_a_small_write_imports_no_yaml_library(memory: MemoryRoot) -> None:
    probe = (
        "import sys; from pathlib import Path; from omp import store; "
        "from omp.paths import find_root; "
        "root = find_root(Path.cwd()); "
        "store.add_decision(root, title='Index reads', choice='SQLite', context='a\\nb\\n', "
        "alternatives=['Postgres 16', 'flat files']); "
        "store.add_change(root, summary='index search', type='feat', ref='6010843'); "
        "print(sorted(m for m in sys.modules if m.startswith(('ruamel', 'omp.ruamelyaml'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=memory.project, capture_output=True, text=True,
        check=True, timeout=60,
    )  # fmt: skip
    assert out.stdout.strip() == "[]"
    assert "Index reads" in (memory.memory / "decisions.yaml").read_text(encoding="utf-8")


def test_the_entries_of_this_repository_are_written_alike() -> None:
    """Thousands of real values: corpus labels, templates, omp's own memory, each in a style."""
    from pathlib import Path

    top = Path(__file__).resolve().parents[1]
    values: list[Any] = []
    for path in (
        p for folder in ("tests", "templates", "_omp") for p in (top / folder).rglob("*.y*ml")
    ):
        data = fastyaml.load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            for key, value in data.items():
                values.append({key: value})
                values += [{"_": [item]} for item in value] if isinstance(value, list) else []
    written = [agrees(value, STYLES[n % len(STYLES)]) for n, value in enumerate(values)]
    assert len(values) > 5000
    assert sum(written) > len(values) * 9 // 10  # nearly all are in the subset
