"""A list file (decisions, changelog, a session day) edited in O(size of the change).

The index tells where every entry is, its id, identity and data, where new entries go and
where `_meta` is, so adding or updating an entry never parses, validates or re-renders the
rest of the file: new and changed entries are rendered alone, checked alone (parsed back and
validated against the entry schema), and spliced into the text at their offsets.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

from omp import outline, yamlio
from omp.errors import OmpError, ValidationError
from omp.index import (
    Entry,
    Index,
    Layout,
    Skeleton,
    checked_skeleton,
    list_entries,
    loads,
    text_hash,
)
from omp.paths import blob_id, decode_text
from omp.records import CHANGELOG, ListKind, id_spellings, identity_key, same, same_id
from omp.schema import check_entry, meta_problems

# A slot is where an entry is: ("base", position in the file) or ("added", k).
Slot = tuple[str, int]


class _Edit(NamedTuple):
    start: int
    stop: int
    text: str
    entries: list[tuple[int | None, dict[str, Any]]]  # (base pos or None for new, data)


class ListDoc:
    """A list file opened for editing in one transaction (`ListDoc.open`)."""

    def __init__(
        self,
        path: Path,
        display: str,
        rel: str,
        schema: str | None,
        kind: ListKind,
        original: str | None,
        text: str,
        layout: Layout,
        index: Index | None,
        rows: list[Entry] | None = None,
        *,
        base_hash: str = "",
    ) -> None:
        self.path = path
        self.display = display
        self.rel = rel
        self.schema = schema
        self.kind = kind
        self.original = original
        self.text = text
        self.layout = layout
        self.index = index  # None: the file is new and its rows are in `rows`
        self.rows: list[Entry] = rows if rows is not None else []
        self.added: list[dict[str, Any]] = []
        self.updated: dict[int, dict[str, Any]] = {}  # pos -> changed fields
        self.changes: list[str] = []
        self.touched: list[tuple[str, Any]] = []
        self.new_text: str | None = None
        self.base_hash = base_hash  # hash of `text` as the index knew it when the file was opened
        self._record: dict[str, Any] = {}
        self._base_count: int | None = None
        self._meta_read: Any = None  # the `_meta` written, as read back

    def __repr__(self) -> str:
        return f"ListDoc({self.display!r})"

    # ---- opening -----------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        index: Index,
        path: Path,
        display: str,
        rel: str,
        schema: str | None,
        kind: ListKind,
        template: str,
    ) -> ListDoc:
        """Open `rel` through the index (refreshed first), or from `template` when absent.

        Raises:
            ValidationError: the file is invalid on disk (it is never repaired silently).
            InvalidYamlError: the file is not UTF-8.
        """
        if not path.is_file():
            layout, rows, _ = list_entries(rel, schema, kind.name, template, {})
            return cls(path, display, rel, schema, kind, None, template, layout, None, rows)
        with path.open("rb") as f:
            data = f.read()
            # after the read: an edit made since shows in the stat, and the data is hashed
            st = os.fstat(f.fileno())
        text = decode_text(data, display=display)
        digest = index.hash_by_stat(rel, st) or blob_id(data)
        info = index.file(rel)
        if info is None or info.hash != digest:  # edited outside omp: index this version
            index.index_text(rel, text, size=st.st_size, mtime_ns=st.st_mtime_ns, digest=digest)
            info = index.file(rel)
        assert info is not None
        if info.layout is not None and info.layout.fixed is not None:
            raise OmpError(
                f"{display}: omp cannot edit this file in place: {info.layout.fixed}; "
                "nothing was written",
                hint="rewrite the list in block style, one `- ` item per entry, with every "
                "entry written out in full (no anchors), then run the command again",
            )
        if info.problems or info.layout is None:
            if any(where.startswith("line ") for where, _ in info.problems):
                yamlio.load_stored(text, source=display)  # raises, naming the file, line and column
            raise ValidationError(
                display,
                info.problems or [("(file)", "cannot be read as a list file")],
                hint="the file is already invalid on disk, so omp will not write to it; "
                "run `omp validate`, then fix it or `omp restore` a backup",
            )
        return cls(
            path, display, rel, schema, kind, text, text, info.layout, index, base_hash=info.hash
        )

    # ---- reading -----------------------------------------------------------------------------

    def _find(
        self, *, id: Any = None, ref: str | None = None, identity: str | None = None
    ) -> Entry | None:
        if self.index is not None:
            if id is not None:
                for spelling in id_spellings(str(id)):
                    found = self.index.find(self.rel, id=spelling)
                    if found is not None:
                        return found
                return None
            return self.index.find(self.rel, ref=ref, identity=identity)
        for e in self.rows:
            if (
                (id is not None and same_id(e.data.get("id"), id))
                or (ref is not None and e.ref == ref)
                or (identity is not None and e.identity == identity)
            ):
                return e
        return None

    def _base(self, pos: int) -> Entry:
        if self.index is None:
            return self.rows[pos]
        found = self.index.entry_at(self.rel, pos)
        assert found is not None, f"{self.rel}: no entry {pos} in the index"
        return found

    def get(self, slot: Slot) -> dict[str, Any]:
        """Current data of the entry in `slot` (with this transaction's changes)."""
        where, n = slot
        if where == "added":
            return self.added[n]
        base = self._base(n).data
        return {**base, **self.updated.get(n, {})}

    def match(self, entry: dict[str, Any]) -> tuple[Slot | None, bool]:
        """Where the entry `entry` matches, and whether it matched by id."""
        if "id" in entry:
            for k, a in enumerate(self.added):
                if same_id(a.get("id"), entry["id"]):
                    return ("added", k), True
            found = self._find(id=entry["id"])
            return (None if found is None else ("base", found.pos)), True
        if self.kind is CHANGELOG and entry.get("ref"):
            for k, a in enumerate(self.added):
                if a.get("ref") == entry["ref"]:
                    return ("added", k), False
            found = self._find(ref=str(entry["ref"]))
            if found is not None:
                return ("base", found.pos), False
        key = identity_key(self.kind, entry)
        for k, a in enumerate(self.added):
            if identity_key(self.kind, a) == key:
                return ("added", k), False
        found = self._find(identity=key)
        return (None if found is None else ("base", found.pos)), False

    def taken(self, id: str) -> bool:
        """Whether `id` is used in the file (this transaction's additions included)."""
        return any(str(a.get("id")) == id for a in self.added) or self._in_file(id)

    def _in_file(self, id: str) -> bool:
        if self.index is not None:
            return self.index.has_id(self.rel, id)
        return any(e.id == id for e in self.rows)

    def sample(self) -> list[dict[str, Any]]:
        """A few existing entries, to learn the file's spelling of fields."""
        if self.index is None:
            return [e.data for e in self.rows[:20] if isinstance(e.data, dict)]
        return [e.data for e in self.index.entries_head(self.rel, 20) if isinstance(e.data, dict)]

    def count(self) -> int:
        """Entries once this transaction's additions are in."""
        if self._base_count is None:  # the file's own entries do not change until `finish`
            self._base_count = len(self.rows) if self.index is None else self.index.count(self.rel)
        return self._base_count + len(self.added)

    # ---- editing -----------------------------------------------------------------------------

    def add(self, entry: dict[str, Any]) -> int:
        """Queue a new entry; return its position in the file."""
        self.added.append(entry)
        return self.count() - 1

    def update(self, slot: Slot, fields: dict[str, Any]) -> None:
        """Queue new values of some fields of the entry in `slot`."""
        where, n = slot
        if where == "added":
            self.added[n].update(fields)
        else:
            self.updated.setdefault(n, {}).update(fields)

    @property
    def dirty(self) -> bool:
        """Whether anything was queued."""
        return bool(self.added or self.updated)

    # ---- finishing ---------------------------------------------------------------------------

    def finish(self, meta: dict[str, Any] | None) -> str:
        """Render, splice and check every queued change (and `meta`); return the new text.

        Raises:
            ValidationError: a new or changed entry breaks the entry schema, or an id repeats.
            OmpError: a rendered piece did not read back as the intended data.
        """
        style = outline.Style(**self.layout.style)
        edits: list[_Edit] = []
        for pos, fields in sorted(self.updated.items()):
            base = self._base(pos)
            snippet = self.text[base.start : base.stop]
            whole = {**base.data, **fields}
            try:
                new = yamlio.update_entry("_:\n" + snippet, "_", 0, fields, whole=whole)
            except outline.EditError as e:
                raise OmpError(f"{self.display}: cannot edit entry {pos} in place: {e}") from None
            edits.append(_Edit(base.start, base.stop, new[len("_:\n") :], [(pos, whole)]))
        if self.added and self.layout.insert_at < 0:
            return self._finish_small(meta)
        if self.added:
            at = self.layout.insert_at
            lead = "" if at == 0 or self.text[at - 1] == "\n" else style.newline
            rendered = "".join(
                "".join(yamlio.render_item(a, self.layout.dash_col, style)) for a in self.added
            )
            edits.append(_Edit(at, at, lead + rendered, [(None, a) for a in self.added]))
            self._check_neighbour(at)
        for edit in edits:
            self._check_piece(edit)
        if meta is not None and self.layout.top == "map":
            edits.append(self._meta_edit(meta, style))
        self._check_values()
        pieces, at = [], 0
        for edit in sorted(edits, key=_applied_order):  # one copy of a large text, not one per edit
            pieces += [self.text[at : edit.start], edit.text]
            at = edit.stop
        text = "".join([*pieces, self.text[at:]])
        self._plan_record(edits, text)
        self.new_text = text
        return text

    def _check_piece(self, edit: _Edit) -> None:
        body = edit.text.lstrip("\r\n")
        parsed = yamlio.load("_:\n" + body, source=self.display)
        got = parsed.get("_") if isinstance(parsed, dict) else None
        wanted = [data for _, data in edit.entries]
        if not same(got, wanted):
            raise OmpError(
                f"{self.display}: a rendered entry did not read back as intended; nothing "
                "was changed",
                hint="this is a bug in omp's YAML renderer; please report it",
            )

    def _check_neighbour(self, at: int) -> None:
        """The entry before the insertion point `at` must keep its data once others follow it.

        It would not if it owned the blank or comment lines after `at` (a `|+` block scalar
        keeps its trailing blank lines): parsed up to the next content line, it must hold its
        indexed data, which is what it holds when the new entries are spliced in at `at`.
        """
        n = self.count() - len(self.added) - 1
        if n < 0:
            return
        before = self._base(n)
        end = at
        for line in self.text[at:].splitlines(keepends=True):
            if line.strip() and not line.lstrip().startswith("#"):
                break
            end += len(line)
        if before.stop != at or end == at:
            return
        parsed = yamlio.load(self.text[before.start : end], source=self.display)
        got = parsed[0] if isinstance(parsed, list) and parsed else parsed
        if not same(got, before.data):
            raise OmpError(
                f"{self.display}: line {before.line}: the entry before the new one would change "
                "its value once an entry follows it; nothing was changed",
                hint="this is a bug in omp's YAML editor (it misreads where that entry ends); "
                "please report it with the file attached",
            )

    def _meta_edit(self, meta: dict[str, Any], style: outline.Style) -> _Edit:
        meta_style = style._replace(flow_lists=False, double_quoted=True)
        rendered = "".join(yamlio.render_key("_meta", meta, 0, meta_style))
        parsed = yamlio.load(rendered, source=self.display)
        if not same(parsed, {"_meta": meta}):
            raise OmpError(f"{self.display}: _meta did not read back as intended")
        self._meta_read = parsed["_meta"]
        problems = meta_problems(meta)
        if problems:
            raise ValidationError(self.display, [(f"_meta.{p}", m) for p, m in problems])
        if self.layout.meta is not None:
            start, stop = self.layout.meta
            return _Edit(start, stop, rendered, [])
        end = len(self.text)
        lead = "" if not self.text or self.text.endswith("\n") else style.newline
        return _Edit(end, end, lead + rendered, [])

    def _check_values(self) -> None:
        container = self.layout.container or self.kind.name
        problems: list[tuple[str, str]] = []
        checked: list[tuple[str, dict[str, Any]]] = [
            (f"{container}[{pos}]", {**self._base(pos).data, **fields})
            for pos, fields in self.updated.items()
        ]
        first_new = self.count() - len(self.added)
        checked += [(f"{container}[{first_new + k}]", a) for k, a in enumerate(self.added)]
        for where, data in checked:
            problems += [
                (where if p == "(top)" else f"{where}.{p}", m)
                for p, m in check_entry(self.kind.name, data)
            ]
        new_ids = [str(a["id"]) for a in self.added if "id" in a]
        for k, eid in enumerate(new_ids):
            if self._in_file(eid) or eid in new_ids[:k]:
                problems.append((f"{container}[{first_new + k}].id", f"id {eid!r} is already used"))
        if problems:
            raise ValidationError(
                self.display, problems, hint="nothing was changed; correct the value and run again"
            )

    def _finish_small(self, meta: dict[str, Any] | None) -> str:
        """The list has no item yet: edit the whole (small) text and parse it back."""
        text = self.text
        current = yamlio.load(text, source=self.display)
        container: str | None = self.layout.container or self.kind.containers[0]
        if self.layout.top == "seq":
            container = None
        for a in self.added:
            try:
                text = yamlio.append_entry(text, container, a, current=current)
            except outline.EditError as e:
                raise OmpError(f"{self.display}: cannot edit this file in place: {e}") from None
            current = yamlio.load(text, source=self.display)
        self._check_values()
        if meta is not None and isinstance(current, dict):
            problems = meta_problems(meta)
            if problems:
                raise ValidationError(self.display, [(f"_meta.{p}", m) for p, m in problems])
            text = yamlio.set_path(text, ["_meta"], meta, current=current)
            current = yamlio.load(text, source=self.display)
            if not same(current.get("_meta"), meta):
                raise OmpError(f"{self.display}: _meta did not read back as intended")
        self._record = {"refresh": True}
        self.new_text = text
        return text

    def _plan_record(self, edits: list[_Edit], text: str) -> None:
        """How the index changes once `text` is on disk (see `record`).

        Text after an edit moves by the edit's delta: an untouched entry starting at or after
        an edit's end moves by it (the index applies this to its rows), and so does a
        position, except that an insertion at exactly that position lands after it.
        """
        shift: list[tuple[int, int, bool]] = []  # (old offset, delta, is an insertion)
        lines: list[int] = []  # newlines each edit adds (or removes)
        rows: list[tuple[int | None, dict[str, Any], int, int]] = []
        meta_range: tuple[int, int] | None = None
        offset = 0
        for edit in sorted(edits, key=_applied_order):
            new_start = edit.start + offset
            body = (
                new_start + len(edit.text) - len(edit.text.lstrip("\r\n")),
                new_start + len(edit.text),
            )
            if edit.entries:
                pieces = _split_items(text, body[0], body[1], len(edit.entries))
                rows += [
                    (pos, data, s, e)
                    for (pos, data), (s, e) in zip(edit.entries, pieces, strict=True)
                ]
            else:
                meta_range = body
            delta = len(edit.text) - (edit.stop - edit.start)
            shift.append((edit.stop, delta, edit.start == edit.stop))
            lines.append(edit.text.count("\n") - self.text.count("\n", edit.start, edit.stop))
            offset += delta

        def moved(p: int) -> int:  # where text right before old offset p is now
            return p + sum(d for at, d, insertion in shift if at < p or (at == p and not insertion))

        layout = self.layout
        added_rows = [r for r in rows if r[0] is None]
        if added_rows:
            layout = layout._replace(insert_at=added_rows[-1][3])
        elif layout.insert_at >= 0:
            layout = layout._replace(insert_at=moved(layout.insert_at))
        if meta_range is not None:
            meta_text = text[meta_range[0] : meta_range[1]]
            layout = layout._replace(meta=meta_range, skeleton=self._skeleton_after(meta_text))
        elif layout.meta is not None:
            layout = layout._replace(meta=(moved(layout.meta[0]), moved(layout.meta[1])))
        first_new = self.count() - len(self.added)
        new_pos = iter(range(first_new, first_new + len(self.added)))
        self._record = {
            "layout": layout,
            "shift": sorted(
                ((at, d, n) for (at, d, _), n in zip(shift, lines, strict=True)), reverse=True
            ),
            "rows": [
                (next(new_pos) if pos is None else pos, data, s, e) for pos, data, s, e in rows
            ],
        }

    def _skeleton_after(self, meta_text: str) -> Skeleton | None:
        """The checked data outside the entries once the new `_meta` (`meta_text`) is written.

        The rest of it is as the layout kept it (entries do not change it), so a later edit
        of the file by hand needs no check of it, nor a parse when it is outside the lines
        of the data. None when the layout kept none.
        """
        known = self.layout.skeleton
        before = None if known is None else loads(known[0])
        if known is None or not isinstance(before, dict):
            return None
        source = None
        if len(known) > 2 and known[2] is not None:
            meta = ("_meta", text_hash(meta_text))
            source = [meta if key == "_meta" else (key, h) for key, h in known[2]]
            if self.layout.meta is None:  # a new `_meta` block ends the file
                source.append(meta)
        data = {**before, "_meta": self._meta_read}
        return checked_skeleton(self.schema, data, None, source)[1]

    def record(self, index: Index, blob: str) -> None:
        """Tell the index what the written file holds now (`blob`: its `blob_id`)."""
        assert self.new_text is not None
        if self._record.get("refresh"):
            index.refresh([self.rel], outside=False)
            return
        rows = [
            Entry(
                self.rel,
                pos,
                self.kind.name,
                None if data.get("id") is None else str(data["id"]),
                identity_key(self.kind, data),
                str(data["ref"]) if data.get("ref") else None,
                s,
                e,
                0,
                0,
                text_hash(self.new_text[s:e]),
                data,
                [],
            )
            for pos, data, s, e in self._record["rows"]
        ]
        index.record(
            self.rel,
            self.new_text,
            layout=self._record["layout"],
            rows=rows,
            shift=self._record["shift"],
            before=self.base_hash,
            digest=blob,
        )


def _applied_order(edit: _Edit) -> tuple[int, bool, bool]:
    """Text order of edits: by offset, then insertions before a replacement.

    At one offset entries go before `_meta`, which is added at the end of a file without one.
    """
    return edit.start, edit.start != edit.stop, not edit.entries


def _split_items(text: str, start: int, stop: int, count: int) -> list[tuple[int, int]]:
    """Offsets of `count` consecutive rendered items in text[start:stop]."""
    if count == 1:
        return [(start, stop)]
    o = outline.Outline("_:\n" + text[start:stop])
    loc = outline.locate_list(o, "_")
    assert loc is not None and len(loc.items) == count
    base = start - len("_:\n")
    return [(base + o.offsets[i.line], base + o.offsets[i.end]) for i in loc.items]
