"""The unified diffs omp shows of what a write would do (`--dry-run`), as `git diff` prints them."""

from __future__ import annotations

from collections.abc import Iterator

_CONTEXT = 3  # lines around each change, as git shows

Opcode = tuple[str, int, int, int, int]


def unified(old: list[str], new: list[str], fromfile: str, tofile: str) -> str:
    """A unified diff of two lists of lines (with their ends), which `git apply` takes.

    difflib compares every line with every other, which takes seconds on a 100,000-line
    memory file; a write changes a few places in it, so only the lines between the ones the
    two texts share at the start and at the end are compared, and the shared ones are given
    to the hunks as what they are: unchanged lines, shown as context where a change is near.
    """
    out: list[str] = []
    for hunk in _hunks(_opcodes(old, new)):
        if not out:
            out += [f"--- {fromfile}\n", f"+++ {tofile}\n"]
        first, last = hunk[0], hunk[-1]
        out.append(f"@@ -{_span(first[1], last[2])} +{_span(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in hunk:
            if tag == "equal":
                out += (f" {line}" for line in old[i1:i2])
                continue
            out += (f"-{line}" for line in old[i1:i2])
            out += (f"+{line}" for line in new[j1:j2])
    return "".join(
        ln if ln.endswith("\n") else f"{ln}\n\\ No newline at end of file\n" for ln in out
    )


def _opcodes(old: list[str], new: list[str]) -> list[Opcode]:
    """The opcodes from `old` to `new`: difflib's, between the lines both start and end with."""
    import difflib  # only the commands that show a diff

    head = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        head += 1
    tail = 0
    for a, b in zip(reversed(old[head:]), reversed(new[head:]), strict=False):
        if a != b:
            break
        tail += 1
    middle = difflib.SequenceMatcher(None, old[head : len(old) - tail], new[head : len(new) - tail])
    ops: list[Opcode] = [("equal", 0, head, 0, head)] if head else []
    ops += [
        (t, i1 + head, i2 + head, j1 + head, j2 + head)
        for t, i1, i2, j1, j2 in middle.get_opcodes()
    ]
    if tail:
        ops.append(("equal", len(old) - tail, len(old), len(new) - tail, len(new)))
    return ops


def _hunks(ops: list[Opcode]) -> Iterator[list[Opcode]]:
    """The opcodes in hunks: each change with up to `_CONTEXT` unchanged lines around it.

    Changes closer than twice the context share a hunk, as in `git diff`.
    """
    hunk: list[Opcode] = []
    for n, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag != "equal":
            hunk.append((tag, i1, i2, j1, j2))
            continue
        before = n > 0  # a change above: its trailing context comes first
        after = n < len(ops) - 1  # a change below: its leading context comes last
        if before and after and i2 - i1 <= 2 * _CONTEXT:
            hunk.append((tag, i1, i2, j1, j2))  # one hunk across a short run
            continue
        if before:
            k = min(_CONTEXT, i2 - i1)
            hunk.append((tag, i1, i1 + k, j1, j1 + k))
            yield hunk
            hunk = []
        if after:
            k = min(_CONTEXT, i2 - i1)
            hunk = [(tag, i2 - k, i2, j2 - k, j2)]
    if hunk:
        yield hunk


def _span(start: int, stop: int) -> str:
    """A hunk's range of lines: its first line (from 1) and how many, or only the line if one.

    An empty range names the line before it.
    """
    if stop - start == 1:
        return str(start + 1)
    return f"{start + 1 if stop > start else start},{stop - start}"
