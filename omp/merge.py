"""The git merge driver: memory files merged entry by entry (`omp merge-driver %O %A %B %P`).

List files (decisions, changelog, sessions, candidates, user memories) merge by entry id (by
content when an entry has none), three ways against the common ancestor:

- an entry added on either side is kept, both sides' additions in order;
- an entry changed on one side only takes that side's version, as that side wrote it;
- an entry changed on both sides merges field by field; when both changed the same field
  differently, ours is kept and the entry gets a `_conflict` field with both values, which
  `omp validate` reports, and the driver exits 1 so git reports a conflict;
- an entry deleted on one side and left alone on the other is deleted;
- `_meta` is taken from the side written last.

Our file's text is the base of the result, so its comments and layout stay; entries taken
from their side are copied as they wrote them (re-indented if the files indent differently),
so their comments stay too. Other YAML files (project.yaml) merge key by key the same way.
The result is parsed and validated before it is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from omp import yamlio
from omp.errors import OmpError
from omp.index import Entry, list_entries
from omp.records import list_kind_of, same, schema_kind

CONFLICT_KEY = "_conflict"
MEMORY_PREFIX = "_omp/memory/"


class MergeResult(NamedTuple):
    """The merged text and the places both sides changed differently."""

    text: str
    conflicts: list[str]


class _Side(NamedTuple):
    text: str
    entries: dict[str, Entry]
    order: list[str]
    layout: Any


def _key(e: Entry) -> str:
    return f"id:{e.id}" if e.id is not None else f"content:{e.identity}"


def _side(rel: str, text: str) -> _Side:
    kind = schema_kind(rel)
    list_kind = list_kind_of(kind)
    assert list_kind is not None
    layout, rows, _ = list_entries(rel, kind, list_kind.name, text, {})
    if layout.fixed is not None:
        raise OmpError(
            f"{rel}: cannot merge entry by entry: {layout.fixed}",
            hint="merge this file by hand; omp edits only block lists of entries written out "
            "in full",
        )
    entries: dict[str, Entry] = {}
    for row in rows:
        entries.setdefault(_key(row), row)
    return _Side(text, entries, [_key(r) for r in rows], layout)


def _slice(side: _Side, entry: Entry, dash_col: int, *, comments: bool = False) -> str:
    """An entry's text as its side wrote it, moved to column `dash_col`.

    With `comments`, the comment lines right above the entry come with it.
    """
    start = entry.start
    while comments and start > 0:
        above = side.text.rfind("\n", 0, start - 1) + 1
        if not side.text[above:start].lstrip(" ").startswith("#"):
            break
        start = above
    text = side.text[start : entry.stop]
    shift = dash_col - side.layout.dash_col
    if shift == 0 or side.layout.dash_col < 0:
        return text
    lines = text.splitlines(keepends=True)
    if shift > 0:
        return "".join(" " * shift + ln if ln.strip() else ln for ln in lines)
    return "".join(ln[-shift:] if ln[:-shift].strip() == "" else ln for ln in lines)


def merge_lists(rel: str, base: str, ours: str, theirs: str) -> MergeResult:
    """Merge three versions of a list file (see the module docstring)."""
    o, a, b = _side(rel, base), _side(rel, ours), _side(rel, theirs)
    if a.layout.dash_col < 0 and b.layout.dash_col >= 0 and not o.entries:
        o, a, b = o, b, a  # only their side has items: build on their text instead
    col = a.layout.dash_col
    style = yamlio.Style(**a.layout.style) if a.layout.style else yamlio.Style()
    edits: list[tuple[int, int, str]] = []
    conflicts: list[str] = []
    for key, mine in a.entries.items():
        edit = _entry_edit(rel, key, mine, o, b, col, style, conflicts)
        if edit is not None:
            edits.append(edit)
    added = [
        b.entries[key]
        for key in b.order
        if key not in a.entries and key not in o.entries and key in b.entries
    ]
    if added:
        at = a.layout.insert_at
        if at < 0:
            raise OmpError(
                f"{rel}: our side has no list to add their entries to",
                hint="merge this file by hand (`git checkout --theirs` then `omp add`)",
            )
        edits.append((at, at, "".join(_slice(b, e, col, comments=True) for e in added)))
    edits += _meta_edit(a, b)
    text = a.text
    for start, stop, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + new + text[stop:]
    return MergeResult(text, conflicts)


def _entry_edit(
    rel: str,
    key: str,
    mine: Entry,
    o: _Side,
    b: _Side,
    col: int,
    style: yamlio.Style,
    conflicts: list[str],
) -> tuple[int, int, str] | None:
    """How our entry `key` changes in the result (None: it stays as we wrote it)."""
    old, other = o.entries.get(key), b.entries.get(key)
    if other is None:
        if old is not None and same(old.data, mine.data):
            return (mine.start, mine.stop, "")  # deleted on their side
        return None
    if same(other.data, mine.data) or (old is not None and same(old.data, other.data)):
        return None  # the same on both sides, or only we changed it
    if old is None or same(old.data, mine.data):
        return (mine.start, mine.stop, _slice(b, other, col))  # only they changed it
    merged, clashes = _fields(old.data, mine.data, other.data)
    conflicts += [f"{rel}: entry {key.partition(':')[2]}: field {f}" for f in clashes]
    return (mine.start, mine.stop, "".join(yamlio.render_item(merged, col, style)))


def _fields(base: Any, ours: Any, theirs: Any) -> tuple[dict[str, Any], list[str]]:
    """Field-wise merge of one entry; the fields both sides changed differently."""
    base = base if isinstance(base, dict) else {}
    merged = dict(ours)
    clashes: dict[str, dict[str, Any]] = {}
    for field in dict.fromkeys([*ours, *theirs]):
        was, mine, other = base.get(field), ours.get(field), theirs.get(field)
        if same(mine, other) or same(other, was):
            continue
        if same(mine, was):
            if field in theirs:
                merged[field] = other
            else:
                merged.pop(field, None)
            continue
        clashes[field] = {"ours": mine, "theirs": other}
    if clashes:
        merged[CONFLICT_KEY] = clashes
    return merged, list(clashes)


def _meta_edit(a: _Side, b: _Side) -> list[tuple[int, int, str]]:
    """Take `_meta` from the side written last."""
    if a.layout.meta is None or b.layout.meta is None:
        return []
    mine = a.text[a.layout.meta[0] : a.layout.meta[1]]
    other = b.text[b.layout.meta[0] : b.layout.meta[1]]
    when = [
        str(((yamlio.load(t) or {}).get("_meta") or {}).get("last_updated") or "")
        for t in (mine, other)
    ]
    if when[1] > when[0]:
        return [(a.layout.meta[0], a.layout.meta[1], other)]
    return []


def merge_mapping(rel: str, base: str, ours: str, theirs: str) -> MergeResult:
    """Merge three versions of a mapping file (project.yaml) key by key."""
    o = yamlio.load(base) or {}
    a = yamlio.load(ours) or {}
    b = yamlio.load(theirs) or {}
    text, conflicts = ours, []
    clashes: dict[str, Any] = {}
    current = a
    for path, other in _leaves(b):
        if path[0] == "_meta":
            continue
        was, mine = yamlio.get_path(o, path), yamlio.get_path(a, path)
        if same(mine, other) or same(other, was):
            continue
        if not same(mine, was):
            conflicts.append(f"{rel}: {'.'.join(path)}")
            clashes[".".join(path)] = {"ours": mine, "theirs": other}
            continue
        text = yamlio.set_path(text, path, other, current=current)
        current = yamlio.with_path(current, path, other)
    meta_b = b.get("_meta") if isinstance(b, dict) else None
    meta_a = a.get("_meta") if isinstance(a, dict) else None
    newer = (
        isinstance(meta_b, dict)
        and isinstance(meta_a, dict)
        and str(meta_b.get("last_updated") or "") > str(meta_a.get("last_updated") or "")
    )
    if newer:
        text = yamlio.set_path(text, ["_meta"], meta_b, current=current)
    if clashes:
        text = yamlio.set_path(text, [CONFLICT_KEY], clashes, current=current)
    return MergeResult(text, conflicts)


def _leaves(data: Any, prefix: tuple[str, ...] = ()) -> list[tuple[list[str], Any]]:
    if isinstance(data, dict) and data:
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*prefix, str(k)))]
    return [(list(prefix), data)] if prefix else []


def merge_file(base: Path, ours: Path, theirs: Path, name: str) -> list[str]:
    """Merge `theirs` into `ours` in place (what git's %O %A %B %P give); the conflicts.

    Raises:
        OmpError: a version does not parse, or the merge result is invalid; `ours` is then
            left as it was and git falls back to reporting a conflict.
    """
    rel = name.replace("\\", "/").partition(MEMORY_PREFIX)[2] or Path(name).name
    texts = [p.read_text(encoding="utf-8") if p.exists() else "" for p in (base, ours, theirs)]
    kind = schema_kind(rel)
    if list_kind_of(kind) is not None:
        result = merge_lists(rel, *texts)
    else:
        result = merge_mapping(rel, *texts)
    from omp.schema import check

    data = yamlio.load(result.text, source=f"{name} (merged)")
    problems = [
        p for p in check(kind, data) if CONFLICT_KEY not in p[0] and CONFLICT_KEY not in p[1]
    ]
    if problems:
        raise OmpError(
            f"{name}: the merged file would be invalid: "
            + "; ".join(f"{w}: {m}" for w, m in problems[:5]),
            hint="resolve the conflict by hand, then `omp validate`",
        )
    ours.write_text(result.text, encoding="utf-8")
    return result.conflicts
