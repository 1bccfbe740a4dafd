"""The diffs omp shows: what `git apply` takes back to the new text, wherever the change is."""

from __future__ import annotations

import difflib
import subprocess
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from omp import textdiff

# few distinct lines, so that a change can be aligned in more than one way
_LINES = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "- id: x\n", "\n"]), max_size=40)


@st.composite
def _edited(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    old = draw(_LINES)
    if draw(st.booleans()):
        old.append(draw(st.sampled_from(["end", "a", "- id: y"])))  # no final newline
    new = list(old)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(new)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        if action != "insert" and at < len(new):
            del new[at]
        if action != "delete":
            new[at:at] = draw(_LINES)
    return old, new


def _applied(tmp_path: Path, old: list[str], diff: str) -> str:
    path = tmp_path / "f.yaml"
    path.write_text("".join(old), encoding="utf-8")
    if diff:
        subprocess.run(
            ["git", "apply", "-"],
            input=diff,
            cwd=tmp_path,
            check=True,
            capture_output=True,
            text=True,
        )
    return path.read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None)
@given(change=_edited())
def test_git_applies_the_diff_and_gets_the_new_text(tmp_path_factory, change):
    old, new = change
    tmp = tmp_path_factory.mktemp("apply")

    diff = textdiff.unified(old, new, "a/f.yaml", "b/f.yaml")

    assert _applied(tmp, old, diff) == "".join(new)
    assert (diff == "") is (old == new)


@settings(max_examples=200, deadline=None)
@given(size=st.integers(0, 40), data=st.data())
def test_with_distinct_lines_it_is_difflibs_diff_of_the_whole_texts(size, data):
    old = [f"line {n}\n" for n in range(size)]
    cuts = sorted(data.draw(st.lists(st.integers(0, size), min_size=2, max_size=6)))
    new, kept = [], 0
    for n, (start, stop) in enumerate(zip(cuts[::2], cuts[1::2], strict=False)):
        new += old[kept:start] + [f"new {n}.{k}\n" for k in range(data.draw(st.integers(0, 2)))]
        kept = stop
    new += old[kept:]

    whole = "".join(difflib.unified_diff(old, new, "a/f", "b/f"))

    assert textdiff.unified(old, new, "a/f", "b/f") == whole


def test_a_change_deep_in_a_large_file_is_placed_at_its_line(tmp_path):
    old = [f"  - id: dec-{n:06d}\n" for n in range(100_000)]
    new = [*old[:60_000], "  - id: dec-new\n", *old[60_001:]]

    diff = textdiff.unified(old, new, "a/f.yaml", "b/f.yaml")

    assert "@@ -59998,7 +59998,7 @@\n" in diff
    assert diff.count("\n") == 2 + 1 + 7 + 1
    assert _applied(tmp_path, old, diff) == "".join(new)
