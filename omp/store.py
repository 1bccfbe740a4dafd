"""Read and write memory: one transaction per command, whoever writes.

lock -> read -> merge -> validate -> back up -> atomic replace -> unlock. Merges are surgical
(see `yamlio`); before anything is written, every changed file is parsed again and must hold
exactly the intended data, pass its JSON Schema, have unique ids and hold no secret.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from omp import journal, outline, writer, yamlio
from omp.config import load_settings
from omp.constants import (
    AGENT_ENV,
    CANDIDATES_FILE,
    CHANGELOG_FILE,
    DECISIONS_FILE,
    DEFAULT_AGENT,
    IMPORTS_FILE,
    META_KEY,
    OMP_DIR,
    PROJECT_FILE,
    SESSIONS_DIR,
)
from omp.errors import (
    BackupNotFoundError,
    OmpError,
    PathOutsideRootError,
    SecretDetectedError,
    UsageError,
    ValidationError,
)
from omp.index import Index
from omp.listdoc import ListDoc
from omp.paths import MemoryRoot, blob_id, inside, read_text
from omp.records import (
    CHANGELOG,
    DECISION_ALIASES,
    DECISIONS,
    SESSIONS,
    ListKind,
    id_spellings,
    new_id,
    same,
    same_id,
    same_text,
    schema_kind,
)
from omp.resources import resource_text
from omp.schema import check, secret_problems, stored_problems
from omp.yamlio import Timestamp

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATE_FIELDS = ("date", "valid_from", "valid_to", "updated_at", "start", "end", "last_updated")


# ---------------------------------------------------------------------------------------------
# Results


class FileChange(NamedTuple):
    """What a write did (or would do) to one file."""

    path: Path
    display: str
    old: str | None
    new: str
    changes: tuple[str, ...]

    def diff(self) -> str:
        """Unified diff from the old to the new text."""
        from omp import textdiff  # only the commands that show a diff

        old = [] if self.old is None else self.old.splitlines(keepends=True)
        return textdiff.unified(
            old,
            self.new.splitlines(keepends=True),
            "/dev/null" if self.old is None else f"a/{self.display}",
            f"b/{self.display}",
        )


class EntryResult(NamedTuple):
    """One entry a command added, updated or found already present."""

    kind: str
    id: str
    action: str  # added | updated | unchanged
    file: str


class WriteResult(NamedTuple):
    """The outcome of one transaction."""

    files: tuple[FileChange, ...]
    entries: tuple[EntryResult, ...]
    dry_run: bool
    backups: tuple[Path, ...] = ()

    @property
    def changes(self) -> list[str]:
        """Change records of every file, in order."""
        return [c for f in self.files for c in f.changes]

    def diff(self) -> str:
        """Unified diff of every file."""
        return "".join(f.diff() for f in self.files)

    def to_json(self) -> dict[str, Any]:
        """Machine-readable summary."""
        out: dict[str, Any] = {
            "dry_run": self.dry_run,
            "files": [{"file": f.display, "changes": list(f.changes)} for f in self.files],
            "entries": [
                {"kind": e.kind, "id": e.id, "action": e.action, "file": e.file}
                for e in self.entries
            ],
            "changes": self.changes,
        }
        if len(self.entries) == 1:
            only = self.entries[0]
            out.update(id=only.id, file=only.file)
        return out


# ---------------------------------------------------------------------------------------------
# Helpers


def agent_name(by: str | None) -> str:
    """Who is writing: `--by`, else `$OMP_AGENT`, else `omp`."""
    return by or os.environ.get(AGENT_ENV) or DEFAULT_AGENT


def today() -> str:
    """Today's local date as YYYY-MM-DD."""
    return date.today().isoformat()


def _now() -> Timestamp:
    return Timestamp(datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))


def parse_date(value: str, *, what: str = "--date") -> Timestamp:
    """A YYYY-MM-DD date given by a user, checked to be a real date.

    Raises:
        UsageError: the text is not a valid date.
    """
    try:
        date.fromisoformat(value)
        if not _DATE.match(value):
            raise ValueError
    except ValueError:
        raise UsageError(
            f"{what}: {value!r} is not a date", hint="write it as YYYY-MM-DD"
        ) from None
    return Timestamp(value)


def brief(value: Any, limit: int = 60) -> str:
    """A short one-line rendering of a value for change records."""
    if value is None:
        return "(unset)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list):
        import json

        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = str(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _normalize(value: Any, key: str | None = None) -> Any:
    """Input data as the writer stores it: dates become YAML dates."""
    if isinstance(value, dict):
        return {str(k): _normalize(v, str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_normalize(v) for v in value]
    if isinstance(value, date | datetime):
        return Timestamp(value.isoformat().replace("+00:00", "Z"))
    if (
        key in _DATE_FIELDS
        and isinstance(value, str)
        and not isinstance(value, Timestamp)
        and _DATE.match(value)
    ):
        return parse_date(value, what=key)
    return value


# ---------------------------------------------------------------------------------------------
# The transaction


class _Doc:
    """A file of the memory folder that is not a list file, opened in one transaction."""

    def __init__(
        self,
        path: Path,
        display: str,
        schema: str | None,
        original: str | None,
        text: str,
        data: Any,
    ) -> None:
        self.path = path
        self.display = display
        self.schema = schema
        self.original = original
        self.text = text
        self.data = data
        self.original_data = data
        self.changes: list[str] = []
        self.touched: list[tuple[str, Any]] = []
        self.stamp_only = False  # record `changes` in _meta though the data did not change

    def __repr__(self) -> str:
        return f"_Doc({self.display!r})"


class Transaction:
    """Edits of one command, applied to all files at once (or to none)."""

    def __init__(self, root: MemoryRoot, *, by: str | None, dry_run: bool = False) -> None:
        self.root = root
        self.dry_run = dry_run  # a dry run creates no index either
        self.by = agent_name(by)
        self.now = _now()
        self.docs: dict[Path, _Doc] = {}
        self.lists: dict[Path, ListDoc] = {}
        self.entries: list[EntryResult] = []
        self.files: dict[Path, FileChange] = {}  # whole files outside the memory folder
        self._index: Index | None = None
        self.journaled = True  # False: the changes are already in the journal

    # ---- documents ---------------------------------------------------------------------------

    def doc(self, rel: str, *, template: str | None = None) -> _Doc:
        """The working copy of a memory file (read and checked on first use)."""
        path = self.root.memory_path(rel)
        if path in self.docs:
            return self.docs[path]
        display = self.root.display(path)
        rel_to_memory = path.relative_to(self.root.memory.resolve()).as_posix()
        schema = schema_kind(rel_to_memory)
        if path.is_file():
            original: str | None = read_text(path, display=display)
            assert original is not None
            text = original
            data = yamlio.load_stored(text, source=display)
            problems = stored_problems(schema, data)
            if problems:
                raise ValidationError(
                    display,
                    problems,
                    hint="the file is already invalid on disk, so omp will not write to it; "
                    "run `omp validate`, then fix it or `omp restore` a backup",
                )
        else:
            original = None
            text = template if template is not None else ""
            data = yamlio.load(text, source=display)
        doc = _Doc(path, display, schema, original, text, data)
        self.docs[path] = doc
        return doc

    def _edit(
        self, doc: _Doc, text: str, data: Any, change: str | None, touched: Any, where: str
    ) -> None:
        doc.text, doc.data = text, data
        if change is not None:  # None: bookkeeping such as a deployment's updated_at
            doc.changes.append(change)
        doc.touched.append((where, touched))

    # ---- project facts -----------------------------------------------------------------------

    def put_file(
        self, rel: str, text: str, *, change: str, replace: bool = True
    ) -> FileChange | None:
        """Write a whole file under `_omp/skills/` or `_omp/archive/` (`rel` from `_omp/`).

        The file is created or replaced with the other files of the transaction (an old
        version is backed up first). Returns None when it already holds `text`. With
        `replace=False` a file holding other text is refused instead of replaced.

        Raises:
            PathOutsideRootError: `rel` is not under one of those folders (`..`, symlinks).
            OmpError: `replace` is False and the file holds other text.
        """
        top = rel.replace("\\", "/").split("/", 1)[0]
        omp_dir = self.root.omp_dir
        if top not in writer.OUTSIDE_MEMORY_DIRS or "/" not in rel.strip("/"):
            raise PathOutsideRootError(
                f"{rel}: omp writes whole files only under "
                + " or ".join(f"{OMP_DIR}/{d}/" for d in writer.OUTSIDE_MEMORY_DIRS),
                hint="this is a bug in the caller",
            )
        path = inside(omp_dir / rel, omp_dir / top, what=f"{OMP_DIR}/{top} folder")
        inside(path, omp_dir, what=f"{OMP_DIR} folder")  # a symlinked skills/ leads out
        display = self.root.display(path)
        try:
            old: str | None = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            old = None
        except (OSError, UnicodeDecodeError) as e:
            raise OmpError(
                f"{display}: cannot read it before replacing it ({e})",
                hint="move the file away, or fix its permissions, and run again",
            ) from None
        if path in self.files:
            old = self.files[path].old
        if old == text:
            self.files.pop(path, None)
            return None
        if old is not None and not replace:
            raise OmpError(
                f"{display}: already holds other text; omp will not overwrite it",
                hint="another write created it meanwhile: run the command again",
            )
        _refuse_secrets(display, [("(text)", text)])
        verb = "added" if old is None else "replaced"
        result = FileChange(path, display, old, text, (f"{change}: {verb}",))
        self.files[path] = result
        return result

    def set_fact(self, path: Sequence[str], value: Any) -> None:
        """Set `path` in project.yaml (deployment entries get `updated_at` / `updated_by`)."""
        doc = self.doc(PROJECT_FILE, template=_template(PROJECT_FILE, self.root))
        for depth in range(1, len(path)):
            above = yamlio.get_path(doc.data, path[:depth])
            if above is not None and not isinstance(above, dict):
                where = ".".join(path[:depth])
                raise UsageError(
                    f"{doc.display}: {where} is a {type(above).__name__}, not a mapping, so "
                    f"{'.'.join(path)} cannot be set",
                    hint=f"set {where} itself, or `omp set --unset {where}` first",
                )
        old = yamlio.get_path(doc.data, path)
        if isinstance(old, dict) and old and not isinstance(value, dict):
            dotted = ".".join(path)
            raise UsageError(
                f"{doc.display}: {dotted} holds {len(old)} key(s); setting it to a "
                f"{type(value).__name__} would delete them",
                hint=f"set its keys one by one, or `omp set --unset {dotted}` first",
            )
        if (old is not None and same(old, value)) or (
            old is None and value is None and yamlio.has_path(doc.data, path)
        ):
            return
        self._set(doc, path, value, old)
        if (
            len(path) >= 3
            and path[0] == "deployment"
            and path[2] not in ("updated_at", "updated_by")
        ):
            for stamp_key, stamp in (("updated_at", self.now), ("updated_by", self.by)):
                stamp_path = [*path[:2], stamp_key]
                current = yamlio.get_path(doc.data, stamp_path)
                if isinstance(yamlio.get_path(doc.data, path[:2]), dict) and current != stamp:
                    self._set(doc, stamp_path, stamp, current, record=False)

    def _set(
        self, doc: _Doc, path: Sequence[str], value: Any, old: Any, *, record: bool = True
    ) -> None:
        new_data = yamlio.with_path(doc.data, path, value)
        text = _edit_text(doc, lambda: yamlio.set_path(doc.text, path, value, current=doc.data))
        dotted = ".".join(path)
        change = f"{dotted}: {brief(old)} → {brief(value)}" if record else None
        # checked under its key, as `omp validate` checks it: {db_password: "Qz7!…"}
        parent = ".".join(path[:-1]) or "$"
        self._edit(doc, text, new_data, change, {str(path[-1]): value}, parent)

    def merge_facts(self, facts: Mapping[str, Any], prefix: Sequence[str] = ()) -> None:
        """Deep-merge a mapping into project.yaml: mappings merge, anything else replaces."""
        for key, value in facts.items():
            path = [*prefix, str(key)]
            if isinstance(value, dict):  # `{}` merges too: it changes nothing that is there
                current = yamlio.get_path(
                    self.doc(PROJECT_FILE, template=_template(PROJECT_FILE, self.root)).data, path
                )
                if isinstance(current, dict):
                    self.merge_facts(value, path)
                    continue
            self.set_fact(path, value)

    def set_in(
        self, rel: str, path: Sequence[str], value: Any, *, template: str | None = None
    ) -> None:
        """Set `path` in the mapping file `rel` (no-op when it already holds `value`)."""
        doc = self.doc(rel, template=template)
        old = yamlio.get_path(doc.data, path)
        if old is not None and same(old, value):
            return
        self._set(doc, path, value, old)

    def note_outside(self, rel: str, changes: Sequence[str]) -> None:
        """Record changes made outside omp in the `_meta` block of `rel` (data unchanged)."""
        doc = self.doc(rel)
        doc.changes.extend(changes)
        doc.stamp_only = True
        self.journaled = False

    def unset_fact(self, path: Sequence[str]) -> None:
        """Remove `path` from project.yaml.

        Raises:
            UsageError: the key is not there.
        """
        doc = self.doc(PROJECT_FILE)
        if not yamlio.has_path(doc.data, path):
            raise UsageError(
                f"{doc.display}: {'.'.join(path)} is not set",
                hint="`omp show project` lists what is set",
            )
        old = yamlio.get_path(doc.data, path)
        text = _edit_text(doc, lambda: yamlio.unset_path(doc.text, path, current=doc.data))
        data = _without(doc.data, path)
        self._edit(
            doc, text, data, f"{'.'.join(path)}: {brief(old)} → (unset)", None, ".".join(path)
        )

    # ---- entry lists -------------------------------------------------------------------------

    @property
    def index(self) -> Index:
        """The project's index, opened on first use."""
        if self._index is None:
            self._index = Index(self.root, create=not self.dry_run)
        return self._index

    def close(self) -> None:
        """Release the index connection."""
        if self._index is not None:
            self._index.close()
            self._index = None

    def list_doc(self, rel: str, kind: ListKind) -> ListDoc:
        """The working copy of a list file, opened through the index."""
        path = self.root.memory_path(rel)
        if path not in self.lists:
            rel_to_memory = path.relative_to(self.root.memory.resolve()).as_posix()
            self.lists[path] = ListDoc.open(
                self.index,
                path,
                self.root.display(path),
                rel_to_memory,
                schema_kind(rel_to_memory),
                kind,
                _template(rel, self.root) or "",
            )
        return self.lists[path]

    def upsert(
        self, kind: ListKind, rel: str, entry: dict[str, Any], *, default_date: str | None = None
    ) -> EntryResult:
        """Add `entry` to the list of `rel`, or update the entry it matches.

        An entry matches an existing one with the same id; without an id, one with the same
        `ref` (changelog) or the same content (`ListKind.identity`). Fields not given are kept.
        """
        doc = self.list_doc(rel, kind)
        slot, by_id = doc.match(entry)
        if slot is None and kind is SESSIONS and "id" in entry:
            self._refuse_session_id_elsewhere(doc, entry["id"])
        if slot is None:
            result = self._add(doc, kind, entry, default_date)
        else:
            existing = doc.get(slot)
            if not by_id:  # the same content recorded earlier keeps its date and its wording
                entry = {
                    k: v
                    for k, v in entry.items()
                    if k != "date" and not (k in kind.identity and same_text(existing.get(k), v))
                }
            result = self._update(doc, kind, slot, existing, entry)
        self.entries.append(result)
        return result

    def _refuse_session_id_elsewhere(self, doc: ListDoc, eid: Any) -> None:
        """Session ids are unique across the day files (`omp validate` checks that too).

        Raises:
            ValidationError: another day's file holds (or this transaction adds to it) `eid`.
        """
        where = [
            other.display
            for other in self.lists.values()
            if other is not doc
            and other.kind is SESSIONS
            and any(same_id(a.get("id"), eid) for a in other.added)
        ]
        if not where:
            folder = self.root.memory / SESSIONS_DIR
            rels = [f"{SESSIONS_DIR}/{p.name}" for p in sorted(folder.glob("*.yaml"))]
            self.index.refresh(rels)
            where = sorted(
                {
                    self.root.display(self.root.memory / e.rel)
                    for spelling in id_spellings(str(eid))
                    for e in self.index.find_id(SESSIONS.name, spelling)
                    if e.rel != doc.rel
                }
            )
        if where:
            day = Path(where[0]).stem
            raise ValidationError(
                doc.display,
                [(f"sessions[{doc.count()}].id", f"id {eid!r} is already used in {where[0]}")],
                hint=f"session ids are unique across days: give date {day} to update that "
                "session, or leave the id out for a new one; nothing was changed",
            )

    def _add(
        self, doc: ListDoc, kind: ListKind, entry: dict[str, Any], default_date: str | None
    ) -> EntryResult:
        entry = dict(entry)
        if kind is DECISIONS:
            entry.setdefault("status", "active")
        if kind is not SESSIONS:
            entry.setdefault("date", Timestamp(default_date or today()))
        if "id" not in entry:
            when = str(entry.get("date") or default_date or today())
            entry["id"] = new_id(kind, when, entry, doc.taken)
        entry = _in_file_shape(kind, doc.sample(), entry)
        pos = doc.add(entry)
        eid = str(entry["id"])
        doc.changes.append(f"{kind.name}[{eid}]: added")
        doc.touched.append((f"{doc.layout.container or kind.name}[{pos}]", entry))
        return EntryResult(kind.name, eid, "added", doc.display)

    def _update(
        self,
        doc: ListDoc,
        kind: ListKind,
        slot: tuple[str, int],
        existing: dict[str, Any],
        entry: dict[str, Any],
    ) -> EntryResult:
        eid = str(entry.get("id", existing.get("id", slot[1])))
        fields = {
            name: value
            for name, value in _in_file_shape(kind, doc.sample(), entry, own=existing).items()
            if name != "id" and not same(existing.get(name), value)
        }
        if not fields:
            return EntryResult(kind.name, eid, "unchanged", doc.display)
        doc.update(slot, fields)
        where = f"{doc.layout.container or kind.name}[{slot[1]}]"
        for name, value in fields.items():
            doc.changes.append(
                f"{kind.name}[{eid}].{name}: {brief(existing.get(name))} → {brief(value)}"
            )
            doc.touched.append((f"{where}.{name}", value))
        return EntryResult(kind.name, eid, "updated", doc.display)

    # ---- commit ------------------------------------------------------------------------------

    def _finish(self, doc: _Doc) -> FileChange | None:
        if doc.original is not None:
            if same(doc.original_data, doc.data) and not doc.stamp_only:
                return None
        elif not doc.changes:
            return None
        _refuse_secrets(doc.display, doc.touched)
        self._stamp_meta(doc)
        problems = check(doc.schema, doc.data)
        if problems:
            raise ValidationError(
                doc.display, problems, hint="nothing was changed; correct the value and run again"
            )
        written = yamlio.load(doc.text, source=doc.display)
        if not same(written, doc.data):
            raise OmpError(
                f"{doc.display}: the edit did not produce the intended data; nothing was changed",
                hint="this is a bug in omp's YAML editor for this file's layout; please report "
                "it with the file attached",
            )
        return FileChange(doc.path, doc.display, doc.original, doc.text, tuple(doc.changes))

    def _stamp_meta(self, doc: _Doc) -> None:
        if not isinstance(doc.data, dict):
            return  # a top-level list has no room for _meta (upstream AGENTS.md shape)
        old = doc.data.get(META_KEY)
        meta: dict[str, Any] = dict(old) if isinstance(old, dict) else {}
        meta.update(last_updated=self.now, updated_by=self.by, changes=list(doc.changes))
        data = dict(doc.data)
        data[META_KEY] = meta
        doc.text = _edit_text(
            doc, lambda: yamlio.set_path(doc.text, [META_KEY], meta, current=doc.data)
        )
        doc.data = data

    def _finish_list(self, doc: ListDoc) -> FileChange | None:
        if not doc.dirty:
            return None
        _refuse_secrets(doc.display, doc.touched)
        meta: dict[str, Any] | None = None
        if doc.layout.top == "map":
            old: Any = None
            if doc.layout.meta is not None:
                start, stop = doc.layout.meta
                old = (yamlio.load(doc.text[start:stop], source=doc.display) or {}).get(META_KEY)
            meta = dict(old) if isinstance(old, dict) else {}
            meta.update(last_updated=self.now, updated_by=self.by, changes=list(doc.changes))
            if doc.schema == "session":
                meta["total_sessions"] = doc.count()
        text = doc.finish(meta)
        return FileChange(doc.path, doc.display, doc.original, text, tuple(doc.changes))

    def finish(self) -> list[FileChange]:
        """Validate every edited file; return the ones whose data changed.

        Raises:
            ValidationError: a file would break its schema or hold duplicate ids.
            SecretDetectedError: new data holds a credential.
        """
        changes = [self._finish(d) for d in self.docs.values()]
        changes += [self._finish_list(d) for d in self.lists.values()]
        changes += self.files.values()
        return [c for c in changes if c is not None]

    def record(self, blobs: Mapping[Path, str]) -> None:
        """Bring the index up to date with what was just written (`blobs`: their ids)."""
        for doc in self.lists.values():
            if doc.new_text is not None:
                doc.record(self.index, blobs[doc.path])
        for path in self.docs:
            rel = path.relative_to(self.root.memory.resolve()).as_posix()
            self.index.refresh([rel], outside=False)  # omp's own write, journaled as one

    def journal_outside_edits(self, files: list[FileChange]) -> None:
        """Journal the outside edits of `files` not journaled yet, before they are written.

        An edit made outside omp and then indexed (by a read, or by this write opening the
        file) is the version this write starts from: recorded now, it comes before the
        write's own changes and the watcher does not report the write as an outside edit.
        """
        from omp import watch

        memory = self.root.memory.resolve()
        written = [f.path for f in files if f.path.is_relative_to(memory)]
        if not written:
            return
        # a list file was indexed as it was opened; a mapping file was only read
        self.index.refresh(
            [p.relative_to(memory).as_posix() for p in written if p not in self.lists]
        )
        rels = [p.relative_to(memory).as_posix() for p in written]
        watch.journal_unjournaled(self.root, self.index, rels, by="unknown", new_files=True)


def _refuse_secrets(display: str, touched: list[tuple[str, Any]]) -> None:
    problems = list(
        dict.fromkeys(p for where, value in touched for p in secret_problems(value, path=where))
    )
    if problems:
        raise SecretDetectedError(
            display,
            problems,
            hint="memory must not hold credentials; keep the variable's name "
            "(e.g. VERCEL_TOKEN), never its value. Nothing was changed",
        )


def _without(data: Any, path: Sequence[str]) -> Any:
    out = dict(data)
    if len(path) == 1:
        del out[path[0]]
    else:
        out[path[0]] = _without(out[path[0]], path[1:])
    return out


def _edit_text(doc: _Doc, edit: Any) -> str:
    try:
        text: str = edit()
    except outline.EditError as e:
        raise OmpError(
            f"{doc.display}: cannot edit this file in place: {e}; nothing was changed",
            hint="run `omp validate` on it; simplify the layout around that entry "
            "(anchors, several documents, flow mappings) and retry",
        ) from None
    return text


def _in_file_shape(
    kind: ListKind, items: list[Any], entry: dict[str, Any], *, own: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Order fields canonically and use the file's own spelling of decision fields.

    An entry being updated (`own`) keeps its own spelling; the file's decides only for a
    field it does not have yet.
    """
    ordered = {f: entry[f] for f in kind.fields if f in entry}
    ordered.update((k, v) for k, v in entry.items() if k not in ordered)
    if kind is not DECISIONS:
        return ordered
    dicts = [e for e in items if isinstance(e, dict)]
    for canonical, alias in DECISION_ALIASES.items():
        if own is not None and (canonical in own or alias in own):
            uses_alias = alias in own and canonical not in own
        else:
            uses_alias = any(alias in e for e in dicts) and not any(canonical in e for e in dicts)
        if uses_alias and canonical in ordered:
            ordered = {(alias if k == canonical else k): v for k, v in ordered.items()}
    return ordered


def _template(rel: str, root: MemoryRoot) -> str | None:
    if rel in (PROJECT_FILE, DECISIONS_FILE, CHANGELOG_FILE):
        text = resource_text("templates", "memory", rel)
        return text.replace("{{PROJECT_NAME}}", root.project.name)
    if rel.startswith(f"{SESSIONS_DIR}/"):
        day = Path(rel).stem
        return f"date: {day}\nsessions: []\n"
    if rel == IMPORTS_FILE:
        return (
            "# What `omp import` brought in, one entry per manifest item: where it went, so that\n"
            "# importing the same manifest again changes nothing. Archived documents and\n"
            "# conversations are listed here (searchable); their text is under _omp/archive/.\n\n"
            "imports: []\n"
        )
    if rel == CANDIDATES_FILE:
        return (
            "# Extracted items waiting for review: `omp review` lists them, and accepts or\n"
            "# rejects each one. Rejected items stay here so they are not proposed again.\n\n"
            "candidates: []\n"
        )
    return None


@contextlib.contextmanager
def _guard(root: MemoryRoot, *, dry_run: bool) -> Iterator[int]:
    settings = load_settings(root)
    if dry_run:
        yield settings.backup_retention
        return
    with writer.locked(root, timeout=settings.lock_timeout):
        writer.recover(root)
        yield settings.backup_retention


def transact(
    root: MemoryRoot,
    edits: Iterable[Any],
    *,
    by: str | None = None,
    dry_run: bool = False,
    before_commit: Callable[[], None] | None = None,
) -> WriteResult:
    """Run `edits` (callables taking a `Transaction`) as one all-or-nothing write.

    `before_commit` runs once every edited file is checked, just before they are written
    (in a dry run too): another write (the user store's) that must happen only if this one
    can, and whose failure cancels this one.

    Raises:
        OmpError: any problem; then no file was changed.
    """
    with _guard(root, dry_run=dry_run) as retention:
        tx = Transaction(root, by=by, dry_run=dry_run)
        try:
            for edit in edits:
                edit(tx)
            files = tx.finish()
            if before_commit is not None:
                before_commit()
            backups: list[Path] = []
            if files and not dry_run:
                tx.journal_outside_edits(files)
                writes = [writer.FileWrite(f.path, f.new) for f in files]
                backups = writer.commit(root, writes, retention=retention)
                if tx.journaled:
                    journal.append(
                        root, [(f.display, c) for f in files for c in f.changes], by=tx.by
                    )
                blobs = {w.path: blob_id(w.data) for w in writes}  # each written file hashed once
                journal.remember_written(root, blobs.items())
                tx.record(blobs)
        finally:
            tx.close()
    return WriteResult(tuple(files), tuple(tx.entries), dry_run, tuple(backups))


# ---------------------------------------------------------------------------------------------
# Public operations (the CLI calls exactly these)


def _clean(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _normalize(v, k) for k, v in fields.items() if v is not None and v != [] and v != ()}


def add_decision(
    root: MemoryRoot,
    *,
    title: str,
    choice: str,
    context: str | None = None,
    alternatives: Sequence[str] = (),
    rationale: str | None = None,
    impact: str | None = None,
    status: str | None = None,
    id: str | None = None,
    date: str | None = None,
    by: str | None = None,
    dry_run: bool = False,
) -> WriteResult:
    """Record a decision in decisions.yaml (an identical one already there is a no-op)."""
    entry = _clean(
        {
            "id": id,
            "date": parse_date(date) if date else None,
            "title": title,
            "context": context,
            "choice": choice,
            "alternatives": list(alternatives),
            "rationale": rationale,
            "impact": impact,
            "status": status,
        }
    )
    return transact(
        root, [lambda tx: tx.upsert(DECISIONS, DECISIONS_FILE, entry)], by=by, dry_run=dry_run
    )


def add_change(
    root: MemoryRoot,
    *,
    summary: str,
    type: str = "other",
    ref: str | None = None,
    scope: str | None = None,
    date: str | None = None,
    breaking: bool = False,
    author: str | None = None,
    by: str | None = None,
    dry_run: bool = False,
) -> WriteResult:
    """Append a changelog entry (deduplicated by `ref`, else by content)."""
    entry = _clean(
        {
            "date": parse_date(date) if date else Timestamp(today()),
            "type": type,
            "summary": summary,
            "scope": scope,
            "ref": ref,
            "breaking": breaking or None,
            "author": author,
        }
    )
    return transact(
        root, [lambda tx: tx.upsert(CHANGELOG, CHANGELOG_FILE, entry)], by=by, dry_run=dry_run
    )


def add_session(
    root: MemoryRoot,
    *,
    summary: str,
    actions: Sequence[str] = (),
    decisions: Sequence[str] = (),
    outcomes: Sequence[str] = (),
    date: str | None = None,
    start: str | None = None,
    end: str | None = None,
    by: str | None = None,
    dry_run: bool = False,
) -> WriteResult:
    """Append a session record to `sessions/<date>.yaml`."""
    day = parse_date(date) if date else Timestamp(today())
    entry = _clean(
        {
            "start": start,
            "end": end,
            "summary": summary,
            "key_actions": list(actions),
            "decisions": list(decisions),
            "outcomes": list(outcomes),
        }
    )
    rel = f"{SESSIONS_DIR}/{day}.yaml"
    return transact(
        root, [lambda tx: tx.upsert(SESSIONS, rel, entry, default_date=day)], by=by, dry_run=dry_run
    )


def split_key(dotted: str) -> list[str]:
    r"""`deployment.vercel.url` -> its keys; `\\.` keeps a dot inside a key.

    Raises:
        UsageError: an empty key.
    """
    parts = [p.replace("\0", ".") for p in dotted.replace("\\.", "\0").split(".")]
    if not dotted or any(not p for p in parts):
        raise UsageError(f"{dotted!r} is not a dotted key", hint="e.g. deployment.vercel.url")
    if parts[0] == META_KEY:
        raise UsageError("_meta is written by omp itself", hint="set another key")
    return parts


def set_value(
    root: MemoryRoot, key: str, value: Any, *, by: str | None = None, dry_run: bool = False
) -> WriteResult:
    """Set a project fact (`omp set deployment.vercel.status active`)."""
    path = split_key(key)
    value = _normalize(value, path[-1])
    if isinstance(value, dict):  # a mapping merges into what is there, `{}` included
        return transact(
            root, [lambda tx: tx.merge_facts({path[-1]: value}, path[:-1])], by=by, dry_run=dry_run
        )
    return transact(root, [lambda tx: tx.set_fact(path, value)], by=by, dry_run=dry_run)


def unset_value(
    root: MemoryRoot, key: str, *, by: str | None = None, dry_run: bool = False
) -> WriteResult:
    """Remove a project fact (`omp set --unset paths.old`)."""
    path = split_key(key)
    return transact(root, [lambda tx: tx.unset_fact(path)], by=by, dry_run=dry_run)


WRITE_KEYS = ("project", "decisions", "changelog", "sessions")


def _as_list(value: Any, what: str) -> list[dict[str, Any]]:
    items = value if isinstance(value, list) else [value]
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            raise UsageError(
                f"{what}[{n}] is a {type(item).__name__}, not a mapping",
                hint=f"give {what} as a list of mappings",
            )
    return items


def write_document(
    root: MemoryRoot,
    document: Any,
    *,
    source: str = "input",
    by: str | None = None,
    dry_run: bool = False,
) -> WriteResult:
    """Merge a document with any of `project`, `decisions`, `changelog`, `sessions` at once.

    Raises:
        UsageError: the document is not a mapping of those keys.
    """
    if not isinstance(document, dict) or not document:
        raise UsageError(f"{source}: expected a mapping with any of {', '.join(WRITE_KEYS)}")
    unknown = sorted(set(document) - set(WRITE_KEYS))
    if unknown:
        raise UsageError(
            f"{source}: unknown key(s) {', '.join(map(str, unknown))}",
            hint=f"use {', '.join(WRITE_KEYS)}",
        )
    document = _normalize(document)
    edits: list[Any] = []
    project = document.get("project")
    if project is not None:
        if not isinstance(project, dict):
            raise UsageError(f"{source}: project must be a mapping")
        if META_KEY in project:
            raise UsageError(f"{source}: project._meta is written by omp itself")
        edits.append(lambda tx: tx.merge_facts(project))
    edits.extend(
        lambda tx, e=entry: tx.upsert(DECISIONS, DECISIONS_FILE, e)
        for entry in _as_list(document.get("decisions") or [], "decisions")
    )
    for entry in _as_list(document.get("changelog") or [], "changelog"):
        entry = {"date": Timestamp(today()), **entry}
        edits.append(lambda tx, e=entry: tx.upsert(CHANGELOG, CHANGELOG_FILE, e))
    for entry in _as_list(document.get("sessions") or [], "sessions"):
        day = str(entry.pop("date", None) or today())
        day = parse_date(day, what="sessions[].date")
        edits.append(
            lambda tx, e=entry, d=day: tx.upsert(
                SESSIONS, f"{SESSIONS_DIR}/{d}.yaml", e, default_date=d
            )
        )
    return transact(root, edits, by=by, dry_run=dry_run)


# ---------------------------------------------------------------------------------------------
# Backups


class BackupInfo(NamedTuple):
    """One backup file."""

    file: str
    name: str
    path: Path
    size: int
    taken: str


def _backup_info(root: MemoryRoot, target: Path, p: Path) -> BackupInfo:
    stamp = p.name[len(target.name) + 1 : -len(".bak")]
    return BackupInfo(root.display(target), p.name, p, p.stat().st_size, stamp)


def backups(root: MemoryRoot, file: str | None = None) -> list[BackupInfo]:
    """Backups of one memory file, or of all of them, oldest first."""
    if file is not None:
        target = root.memory_path(file)
        return [_backup_info(root, target, p) for p in writer.list_backups(root, target)]
    out: list[BackupInfo] = []
    if root.backups.is_dir():
        for p in sorted(root.backups.rglob("*.bak")):
            name = re.sub(r"\.\d{8}T[\d.]+Z(?:-\d+)?\.bak$", "", p.name)
            target = root.memory / p.parent.relative_to(root.backups) / name
            out.append(_backup_info(root, target, p))
    return out


def restore(
    root: MemoryRoot,
    file: str,
    *,
    backup: str | None = None,
    force: bool = False,
    dry_run: bool = False,
) -> WriteResult:
    """Put a backup back in place (the current version is itself backed up first).

    Raises:
        BackupNotFoundError: there is no such backup.
        ValidationError: the backup is invalid and `force` is not set.
    """
    target = root.memory_path(file)
    found = writer.list_backups(root, target)
    if backup is not None:
        found = [p for p in found if p.name == backup or p.name.endswith(f".{backup}.bak")]
    if not found:
        raise BackupNotFoundError(
            f"{root.display(target)}: no backup{'' if backup is None else ' ' + repr(backup)}",
            hint="`omp backups` lists the backups there are",
        )
    chosen = found[-1]
    text = read_text(chosen, display=root.display(chosen))
    rel = target.relative_to(root.memory.resolve()).as_posix()
    data = yamlio.load(text, source=root.display(chosen))
    problems = check(schema_kind(rel), data)
    if problems and not force:
        raise ValidationError(
            root.display(chosen),
            problems,
            hint="this backup is invalid; `--force` restores it anyway",
        )
    display = root.display(target)
    with _guard(root, dry_run=dry_run) as retention:
        old = read_text(target, display=display) if target.exists() else None
        if old == text:
            return WriteResult((), (), dry_run)
        change = FileChange(target, display, old, text, (f"restored {chosen.name}",))
        taken: list[Path] = []
        if not dry_run:
            tx = Transaction(root, by=None)
            try:
                tx.journal_outside_edits([change])
                write = writer.FileWrite(target, text)
                taken = writer.commit(root, [write], retention=retention)
                journal.append(root, [(display, f"restored {chosen.name}")], by=agent_name(None))
                journal.remember_written(root, [(target, blob_id(write.data))])
                tx.index.refresh([rel], outside=False)  # the watcher must not report it again
            finally:
                tx.close()
    return WriteResult((change,), (), dry_run, tuple(taken))
