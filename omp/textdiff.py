"""The unified diffs omp shows of what a write would do (`--dry-run`), as `git diff` prints them."""

from __future__ import annotations

from collections.abc import Iterator

_CONTEXT = 3  # lines around each change, as git shows

Opcode = tuple[str, int, int, int, int]


def unified(old: list[str], new: list[str], fromfile: str, tofile: str) -> str:
    """A unified diff of two lists of lines (with their ends), which `git apply` takes.

    The lines are matched as `_matching` says, in a time that grows with the lines, not
    with their square; the hunks are `git diff`'s (three lines of context).
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
    """The opcodes from `old` to `new`, from the lines they share (see `_matching`)."""
    ops: list[Opcode] = []
    i = j = 0
    for ai, bj, size in _matching(old, new):
        tag = "replace" if i < ai and j < bj else "delete" if i < ai else "insert" if j < bj else ""
        if tag:
            ops.append((tag, i, ai, j, bj))
        if size:
            ops.append(("equal", ai, ai + size, bj, bj + size))
        i, j = ai + size, bj + size
    return ops


# Below this many line pairs, a stretch with no line found once on each side is left to
# difflib; above it, it is shown replaced whole (difflib's time grows with the product).
_QUADRATIC = 250_000


def _matching(a: list[str], b: list[str]) -> list[tuple[int, int, int]]:
    """Blocks `(i, j, n)`, `a[i:i+n] == b[j:j+n]`, in order, then `(len(a), len(b), 0)`.

    A write changes a few places of a file that may have 100,000 lines; difflib compares
    every line with the lines like it, which takes minutes when a dry run changes a thousand
    entries of such a file. Here the lines both texts start and end with are matched first;
    between them, the lines found exactly once in each text (an entry's `id:` line) are
    matched where they keep their order (the longest such sequence, as a patience diff
    does), and each stretch between two of them is matched the same way in turn. A stretch
    without such a line goes to difflib when it is short.
    """
    found: list[tuple[int, int, int]] = []
    todo = [(0, len(a), 0, len(b))]
    while todo:
        alo, ahi, blo, bhi = _trimmed(a, b, *todo.pop(), found)
        if alo == ahi or blo == bhi:
            continue
        anchors = _anchors(a, alo, ahi, b, blo, bhi)
        if anchors:
            i, j = alo, blo
            for ai, bj in anchors:
                todo.append((i, ai, j, bj))
                found.append((ai, bj, 1))
                i, j = ai + 1, bj + 1
            todo.append((i, ahi, j, bhi))
        elif (ahi - alo) * (bhi - blo) <= _QUADRATIC:
            import difflib  # only for the short stretches without such a line

            matcher = difflib.SequenceMatcher(None, a[alo:ahi], b[blo:bhi], autojunk=False)
            found += [(alo + i, blo + j, n) for i, j, n in matcher.get_matching_blocks() if n]
    merged: list[tuple[int, int, int]] = []
    for i, j, n in sorted(found):
        if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
            merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + n)
        else:
            merged.append((i, j, n))
    return [*merged, (len(a), len(b), 0)]


def _trimmed(
    a: list[str],
    b: list[str],
    alo: int,
    ahi: int,
    blo: int,
    bhi: int,
    found: list[tuple[int, int, int]],
) -> tuple[int, int, int, int]:
    """The stretch without the lines it starts and ends with on both sides (added to `found`)."""
    head = 0
    while alo + head < ahi and blo + head < bhi and a[alo + head] == b[blo + head]:
        head += 1
    if head:
        found.append((alo, blo, head))
        alo, blo = alo + head, blo + head
    tail = 0
    while alo < ahi - tail and blo < bhi - tail and a[ahi - tail - 1] == b[bhi - tail - 1]:
        tail += 1
    if tail:
        found.append((ahi - tail, bhi - tail, tail))
    return alo, ahi - tail, blo, bhi - tail


def _anchors(
    a: list[str], alo: int, ahi: int, b: list[str], blo: int, bhi: int
) -> list[tuple[int, int]]:
    """Lines found once in `a[alo:ahi]` and once in `b[blo:bhi]`, the most that keep order."""
    import bisect

    seen: dict[str, int] = {}
    for i in range(alo, ahi):
        seen[a[i]] = -1 if a[i] in seen else i
    where: dict[str, int] = {}
    for j in range(blo, bhi):
        line = b[j]
        if seen.get(line, -1) >= 0:
            where[line] = -1 if line in where else j
    pairs = [(seen[line], j) for line, j in where.items() if j >= 0]
    pairs.sort()
    # the longest run of pairs whose `j` grows: patience sorting, each pile's top kept
    tops: list[int] = []  # the `j` on top of each pile
    top_pair: list[int] = []  # the pair on top of each pile
    below: list[int] = [-1] * len(pairs)  # the pair under each, on the pile to its left
    for n, (_, j) in enumerate(pairs):
        pile = bisect.bisect_left(tops, j)
        if pile == len(tops):
            tops.append(j)
            top_pair.append(n)
        else:
            tops[pile], top_pair[pile] = j, n
        below[n] = top_pair[pile - 1] if pile else -1
    chain: list[tuple[int, int]] = []
    n = top_pair[-1] if top_pair else -1
    while n >= 0:
        chain.append(pairs[n])
        n = below[n]
    return chain[::-1]


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
