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


# lines found once (matched first, in order) among lines found often
_MIXED = st.lists(
    st.one_of(st.sampled_from(["a\n", "b\n", "\n"]), st.integers(0, 30).map(lambda n: f"u{n}\n")),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(old=_MIXED, new=_MIXED)
def test_git_applies_the_diff_between_any_two_texts(tmp_path_factory, old, new):
    # unrelated texts too: lines found once on both sides may cross (`u1 u2` against `u2 u1`)
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


def test_a_thousand_changes_across_a_large_file_get_a_hunk_each(tmp_path):
    # a dry run superseding 1,250 of 10,000 decisions: each entry's `id:` line is like no
    # other, its other lines each like tens or thousands of others (difflib took 88 s here)
    old = [
        line
        for n in range(10_000)
        for line in (
            f"  - id: dec-{n:06d}\n",
            f"    title: words {n % 300}\n",
            f"    choice: c {n % 97}\n",
            "    status: active\n",
        )
    ]
    new = list(old)
    for n in range(0, 10_000, 8):
        new[4 * n + 3] = "    status: superseded\n"

    diff = textdiff.unified(old, new, "a/f.yaml", "b/f.yaml")

    assert diff.count("@@ -") == 1_250
    assert diff.count("\n-    status: active\n+    status: superseded\n") == 1_250
    assert _applied(tmp_path, old, diff) == "".join(new)
