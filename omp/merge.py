"""The git merge driver: memory files merged entry by entry (`omp merge-driver %O %A %B %P`).

List files (decisions, changelog, sessions, candidates, user memories) merge by entry id (by
content when an entry has none), three ways against the common ancestor:

- an entry added on either side is kept, both sides' additions in order;
- an entry changed on one side only takes that side's version, as that side wrote it;
- an entry changed on both sides merges field by field (an entry both sides added with the
  same id, against an empty ancestor); when both changed the same field differently, ours is
  kept and the entry gets a `_conflict` field with both values, which `omp validate` reports,
  and the driver exits 1 so git reports a conflict;
- an entry deleted on one side and left alone on the other is deleted; deleted on one side and
  changed on the other, the changed entry stays with `_conflict: {entry: {ours, theirs}}`;
- `_meta` is taken from the side written last.

Our file's text is the base of the result, so its comments and layout stay; entries taken
from their side are copied as they wrote them (re-indented if the files indent differently),
so their comments stay too; an entry merged field by field is our entry's text with only the
fields that change rewritten. Other YAML files whose top level is a mapping (project.yaml)
merge key by key the same way, removed keys included.

A file the driver cannot merge so (a side that does not parse, a list in flow style, a file
whose top level is not a mapping) gets git's own line merge instead, with conflict markers,
and the driver reports a conflict; for a file with no schema (`notes/todo.yaml`), only when
the line merge leaves conflict markers or does not parse. The result of a merge by entries is
parsed and validated before it is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from omp import gitrepo, outline, yamlio
from omp.errors import InvalidYamlError, OmpError
from omp.index import Entry, list_entries
from omp.records import list_kind_of, same, schema_kind

CONFLICT_KEY = "_conflict"
MEMORY_PREFIX = "_omp/memory/"
DELETED, CHANGED = "deleted", "changed"
# What git gives the driver, and the index stage `git show :N:path` shows during the merge.
SIDES = {"base": ("the common ancestor (%O)", 1), "ours": ("our side (%A)", 2)}
SIDES["theirs"] = ("their side (%B)", 3)
_MISSING: Any = object()


class MergeResult(NamedTuple):
    """The merged text and the places both sides changed differently."""

    text: str
    conflicts: list[str]


class _ShapeError(OmpError):
    """A side whose top level is not a mapping of keys (so not merged key by key)."""


class _Side(NamedTuple):
    text: str
    entries: dict[str, Entry]
    order: list[str]
    layout: Any


def _key(e: Entry) -> str:
    return f"id:{e.id}" if e.id is not None else f"content:{e.identity}"


def _unparsable(path: str, text: str, side: str, error: InvalidYamlError) -> OmpError:
    """`error` as the user should see it: which version of `path`, and the line in the file."""
    try:
        yamlio.load(text)
    except InvalidYamlError as whole:  # an entry parsed alone counts lines from its own start
        error = whole
    where = "" if error.line is None else f" line {error.line}, column {error.column}:"
    label, stage = SIDES[side]
    return OmpError(
        f"{path}, {label}, is not valid YAML:{where} {error.problem}",
        hint=f"see that version with `git show :{stage}:{path}`; fix the YAML in "
        "the merged file, then `omp validate` and `git add` it",
    )


def _not_entry_by_entry(rel: str, side: str, why: str) -> OmpError:
    return OmpError(
        f"{rel}, {SIDES[side][0]}: cannot merge entry by entry: {why}",
        hint="resolve the conflict markers git's line merge left, then `omp validate` and "
        "`git add` the file; omp edits only block lists of entries written out in full",
    )


def _side(rel: str, text: str, side: str, path: str) -> _Side:
    kind = schema_kind(rel)
    list_kind = list_kind_of(kind)
    assert list_kind is not None
    try:
        layout, rows, _ = list_entries(rel, kind, list_kind.name, text, {})
    except InvalidYamlError as e:
        raise _unparsable(path, text, side, e) from None
    except outline.EditError as e:  # several YAML documents
        raise _not_entry_by_entry(rel, side, str(e)) from None
    if layout.fixed is not None:
        raise _not_entry_by_entry(rel, side, layout.fixed)
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


def _edited(text: str, data: Any, merged: dict[str, Any], style: outline.Style) -> str:
    """An entry's `text` (holding `data`) changed to `merged`: only changed fields rewritten.

    The entry is cut out as a mapping of its own, edited in place with the editor of
    `omp set` (so its comments and layout stay), and put back; an entry laid out in a way
    that editor refuses is rendered whole from `merged` instead.
    """
    lines = text.splitlines(keepends=True)
    first = lines[0] if lines else ""
    dash = len(first) - len(first.lstrip(" "))
    try:
        after = first[dash + 1 :].lstrip(" ")
        if first[dash : dash + 1] != "-" or not isinstance(data, dict):
            raise outline.EditError("not a block item")
        if after.strip() and not after.startswith("#"):
            key_col = len(first) - len(after)
        else:  # `-` alone on its line: the keys start below
            key_col = min(
                len(ln) - len(ln.lstrip(" "))
                for ln in lines[1:]
                if ln.strip() and not ln.lstrip().startswith("#")
            )
        lines[0] = first[:dash] + " " + first[dash + 1 :]
        body = "".join(
            ln if not ln.strip() else ln[key_col:] if not ln[:key_col].strip() else ln.lstrip(" ")
            for ln in lines
        )
        current: Any = dict(data)
        for field, value in merged.items():
            if field not in current or not same(current[field], value):
                body = yamlio.set_path(body, [field], value, current=current)
                current = yamlio.with_path(current, [field], value)
        for field in [f for f in current if f not in merged]:
            body = yamlio.unset_path(body, [field], current=current)
            current = {k: v for k, v in current.items() if k != field}
        if not same(yamlio.load(body), merged):
            raise outline.EditError("the edited entry does not read back")
        out = [" " * key_col + ln if ln.strip() else ln for ln in body.splitlines(keepends=True)]
        at = next(n for n, ln in enumerate(out) if ln.strip() and not ln.lstrip().startswith("#"))
        out[at] = out[at][:dash] + "-" + out[at][dash + 1 :]
        return "".join(out)
    except (outline.EditError, InvalidYamlError, ValueError, StopIteration):
        return "".join(yamlio.render_item(merged, dash, style))


def merge_lists(
    rel: str, base: str, ours: str, theirs: str, *, name: str | None = None
) -> MergeResult:
    """Merge three versions of a list file (see the module docstring).

    `rel` is the file's path in its memory folder; `name`, its path in the repository, names
    it in messages (default `_omp/memory/<rel>`; memory may sit in a package's folder).

    Raises:
        OmpError: a version does not parse, or its list is not one omp edits in place.
    """
    shown = name or MEMORY_PREFIX + rel
    o, a, b = (
        _side(rel, t, s, shown) for t, s in ((base, "base"), (ours, "ours"), (theirs, "theirs"))
    )
    if a.layout.dash_col < 0 and b.layout.dash_col >= 0 and not o.entries:
        o, a, b = o, b, a  # only their side has items: build on their text instead
    style = outline.Style(**a.layout.style) if a.layout.style else outline.Style()
    edits: list[tuple[int, int, str]] = []
    conflicts: list[str] = []
    for key, mine in a.entries.items():
        edit = _entry_edit(rel, key, mine, o, a, b, style, conflicts)
        if edit is not None:
            edits.append(edit)
    added = _theirs_only(rel, o, a, b, style, conflicts)
    if added:
        at = a.layout.insert_at
        if at < 0:
            raise OmpError(
                f"{rel}: our side has no list to add their entries to",
                hint="merge this file by hand (`git checkout --theirs` then `omp add`)",
            )
        edits.append((at, at, "".join(added)))
    edits += _meta_edit(a, b)
    text = a.text
    for start, stop, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + new + text[stop:]
    return MergeResult(text, conflicts)


def _theirs_only(
    rel: str, o: _Side, a: _Side, b: _Side, style: outline.Style, conflicts: list[str]
) -> list[str]:
    """The text of their entries that are not on our side: added, or deleted by us."""
    col = a.layout.dash_col
    added: list[str] = []
    for key in dict.fromkeys(b.order):
        if key in a.entries:
            continue
        other, old = b.entries[key], o.entries.get(key)
        if old is None:
            added.append(_slice(b, other, col, comments=True))
        elif not same(old.data, other.data):
            conflicts.append(
                f"{rel}: entry {key.partition(':')[2]}: deleted on our side, changed on theirs "
                "(their version is kept)"
            )
            whole, body = _slice(b, other, col, comments=True), _slice(b, other, col)
            marked = {**other.data, CONFLICT_KEY: {"entry": {"ours": DELETED, "theirs": CHANGED}}}
            added.append(whole[: len(whole) - len(body)] + _edited(body, other.data, marked, style))
    return added


def _entry_edit(
    rel: str,
    key: str,
    mine: Entry,
    o: _Side,
    a: _Side,
    b: _Side,
    style: outline.Style,
    conflicts: list[str],
) -> tuple[int, int, str] | None:
    """How our entry `key` changes in the result (None: it stays as we wrote it)."""
    old, other = o.entries.get(key), b.entries.get(key)
    name = key.partition(":")[2]
    mine_text = a.text[mine.start : mine.stop]
    if other is None:
        if old is None:
            return None  # added on our side
        if same(old.data, mine.data):
            return (mine.start, mine.stop, "")  # deleted on their side
        conflicts.append(
            f"{rel}: entry {name}: changed on our side, deleted on theirs (our version is kept)"
        )
        marked = {**mine.data, CONFLICT_KEY: {"entry": {"ours": CHANGED, "theirs": DELETED}}}
        return (mine.start, mine.stop, _edited(mine_text, mine.data, marked, style))
    if same(other.data, mine.data) or (old is not None and same(old.data, other.data)):
        return None  # the same on both sides, or only we changed it
    if old is not None and same(old.data, mine.data):
        return (mine.start, mine.stop, _slice(b, other, a.layout.dash_col))  # only they did
    # changed on both sides, or added on both sides with one id: field by field
    merged, clashes = _fields(old.data if old is not None else {}, mine.data, other.data)
    conflicts += [f"{rel}: entry {name}: field {f}" for f in clashes]
    return (mine.start, mine.stop, _edited(mine_text, mine.data, merged, style))


def _fields(base: Any, ours: Any, theirs: Any) -> tuple[dict[str, Any], list[str]]:
    """Field-wise merge of one entry; the fields both sides changed differently."""
    base = base if isinstance(base, dict) else {}
    ours = ours if isinstance(ours, dict) else {}
    theirs = theirs if isinstance(theirs, dict) else {}
    merged = dict(ours)
    clashes: dict[str, dict[str, Any]] = {}
    for field in dict.fromkeys([*ours, *theirs, *base]):
        was, mine, other = (d.get(field, _MISSING) for d in (base, ours, theirs))
        if same(mine, other) or same(other, was):
            continue
        if same(mine, was):
            if other is _MISSING:
                merged.pop(field, None)
            else:
                merged[field] = other
            continue
        clashes[field] = {"ours": _shown(mine), "theirs": _shown(other)}
    if clashes:
        merged[CONFLICT_KEY] = clashes
    return merged, list(clashes)


def _shown(value: Any) -> Any:
    return DELETED if value is _MISSING else value


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


def _mapping(rel: str, text: str, side: str, path: str) -> dict[str, Any]:
    try:
        data = yamlio.load(text)
    except InvalidYamlError as e:
        raise _unparsable(path, text, side, e) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise _ShapeError(
            f"{rel}, {SIDES[side][0]}: the top level is a {type(data).__name__}, not a mapping "
            "of keys, so it is not merged key by key",
            hint="resolve the conflict markers git's line merge left, then `git add` the file",
        )
    return data


def merge_mapping(
    rel: str, base: str, ours: str, theirs: str, *, name: str | None = None
) -> MergeResult:
    """Merge three versions of a mapping file (project.yaml) key by key.

    `rel` and `name` are as for `merge_lists`.

    A key removed on one side and unchanged on the other is removed; removed on one side and
    changed on the other, ours stays and `_conflict` records both (`deleted` for the removal).

    Raises:
        OmpError: a version does not parse or is not a mapping.
        outline.EditError: our text's layout cannot be edited in place.
    """
    shown = name or MEMORY_PREFIX + rel
    o, a, b = (
        _mapping(rel, base, "base", shown),
        _mapping(rel, ours, "ours", shown),
        _mapping(rel, theirs, "theirs", shown),
    )
    text, conflicts = ours, []
    clashes: dict[str, Any] = {}
    current: Any = a
    paths = dict.fromkeys(
        tuple(path)
        for data in (o, a, b)
        for path, _ in _leaves(data)
        if path[0] not in ("_meta", CONFLICT_KEY)
    )
    for path in paths:
        was, mine, other = (_at(d, path) for d in (o, a, b))
        if same(mine, other) or same(other, was):
            continue
        if not same(mine, was):
            dotted = ".".join(path)
            how = ""
            if mine is _MISSING:
                how = " (deleted on our side, changed on theirs)"
            elif other is _MISSING:
                how = " (changed on our side, deleted on theirs)"
            conflicts.append(f"{rel}: {dotted}{how}")
            clashes[dotted] = {"ours": _shown(mine), "theirs": _shown(other)}
        elif other is not _MISSING:
            text = yamlio.set_path(text, path, other, current=current)
            current = yamlio.with_path(current, path, other)
        elif yamlio.has_path(current, path):  # removed on their side only
            text = yamlio.unset_path(text, path, current=current)
            current = _without(current, path)
    meta_b, meta_a = b.get("_meta"), a.get("_meta")
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


def _at(data: Any, path: tuple[str, ...]) -> Any:
    return yamlio.get_path(data, path) if yamlio.has_path(data, path) else _MISSING


def _without(data: Any, path: tuple[str, ...]) -> Any:
    if not isinstance(data, dict):
        return data
    if len(path) == 1:
        return {k: v for k, v in data.items() if k != path[0]}
    return {**data, path[0]: _without(data.get(path[0]), path[1:])}


def _leaves(data: Any, prefix: tuple[str, ...] = ()) -> list[tuple[list[str], Any]]:
    if isinstance(data, dict) and data:
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*prefix, str(k)))]
    return [(list(prefix), data)] if prefix else []


def merge_file(base: Path, ours: Path, theirs: Path, name: str) -> list[str]:
    """Merge `theirs` into `ours` in place (what git's %O %A %B %P give); what needs a person.

    Each message names one conflict; the driver exits 1 when there is any, so git reports a
    conflict. When the merge by entries or keys is not possible, `ours` gets git's line merge
    of the three versions (with conflict markers), so neither side's lines are lost.

    Raises:
        GitError: git is missing for the line merge; `ours` is then left as it was.
    """
    rel = name.replace("\\", "/").partition(MEMORY_PREFIX)[2] or Path(name).name
    texts = [p.read_text(encoding="utf-8") if p.exists() else "" for p in (base, ours, theirs)]
    kind = schema_kind(rel)
    try:
        result = _merge_structured(name, rel, kind, texts)
    except _ShapeError as e:
        return _merge_lines(ours, name, texts, None if kind is None else e)
    except OmpError as e:
        return _merge_lines(ours, name, texts, e)
    except outline.EditError as e:
        return _merge_lines(ours, name, texts, OmpError(f"{name}: cannot edit in place: {e}"))
    ours.write_text(result.text, encoding="utf-8")
    return [f"conflict: {c} (see {CONFLICT_KEY} in the file)" for c in result.conflicts]


def _merge_structured(name: str, rel: str, kind: str | None, texts: list[str]) -> MergeResult:
    shown = name.replace("\\", "/")
    if list_kind_of(kind) is not None:
        result = merge_lists(rel, *texts, name=shown)
    else:
        result = merge_mapping(rel, *texts, name=shown)
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
    return result


def _merge_lines(ours: Path, name: str, texts: list[str], why: OmpError | None) -> list[str]:
    """Git's line merge written to `ours`; the messages (none when it is clean and parses)."""
    text, marked = gitrepo.line_merge(*texts)
    ours.write_text(text, encoding="utf-8")
    messages = [] if why is None else [f"conflict: {why}"]
    if marked:
        where = f"{marked} conflict{'s' if marked > 1 else ''} marked with <<<<<<< in the file"
    else:
        where = "no conflict markers"
        try:
            yamlio.load(text)
        except InvalidYamlError as e:
            if why is None:
                messages.append(f"conflict: {name}: the line merge is not valid YAML: {e.problem}")
    if messages or marked:
        messages.append(
            f"{name}: merged line by line ({where}); check it, run `omp validate`, "
            "then `git add` it"
        )
    return messages
