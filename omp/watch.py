"""`omp watch`: outside edits of memory become change records in the journal.

Editors, `git pull` and other tools change memory files without omp. The watcher notices
(watchdog: inotify, FSEvents, ReadDirectoryChangesW), waits for the burst to settle, then
compares each changed file with the version the journal last accounted for: a valid edit
becomes `outside` records computed from the data (entry added, field changed, entry removed)
and the index is brought up to date; an invalid edit becomes a `warning` record and a message,
and the file is left exactly as it was saved. omp's own writes are not reported twice: the
writer updates the index while it holds the lock, and the watcher takes the same lock before it
looks. An edit that something else indexed first (a read, a write starting from it) is not
lost: the index keeps the version such a re-index replaced (`Index.unjournaled`) until the
watcher, or a write to that file, journals the change.

`relevant` (which paths matter) and `scan` (what changed) are plain functions; the observer
thread only feeds a queue.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from omp import journal
from omp.paths import MemoryRoot

DEBOUNCE = 0.2  # seconds of quiet before a burst of events is handled
MAX_DELAY = 2.0  # a steady stream of events is still handled this often
_SUFFIXES = (".yaml", ".yml", ".json", ".md")
_IGNORED_DIRS = (".backup", ".cache", ".git")
# in `.cache/`: the data of the last valid version of each memory file that is invalid now,
# so that an edit saved half-done and then fixed is compared with what was there before
VALID_FILE = "watch-valid.json"


def relevant(path: str | Path, memory: Path) -> str | None:
    """The memory-relative path of an event's file, or None when the watcher ignores it.

    Ignored: anything outside the memory folder, backups, the cache, hidden and temporary
    files (omp's own `.name.xxx.tmp`, editors' swap and backup files).
    """
    try:
        rel = Path(path).resolve().relative_to(memory.resolve())
    except ValueError:
        return None
    parts = rel.parts
    if not parts or any(p in _IGNORED_DIRS for p in parts[:-1]):
        return None
    name = parts[-1]
    if name.startswith((".", "#", "~")) or name.endswith(("~", ".swp", ".swx", ".tmp", ".bak")):
        return None
    if not name.endswith(_SUFFIXES):
        return None
    return rel.as_posix()


def _snapshot(index: Any, rel: str) -> dict[str, Any]:
    return _keyed(index.entries(rel))


def _keyed(entries: list[Any]) -> dict[str, Any]:
    """`{id or identity: data}` of a file's entries: what `_diff` compares."""
    return {str(e.id or e.identity): e.data for e in entries}


def _warning(problems: list[tuple[str, str]]) -> str:
    where, what = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"invalid after an outside edit: {where}: {what}{more}"


def _valid_data(was: Any, last: dict[str, Any] | None, before: dict[str, Any]) -> Any:
    """What to compare a file with once it is valid again (None: the index's data then).

    No records come from an invalid file (a half-saved one would read as every entry
    removed): keep the last valid version, or nothing for a new file, or the index's data
    when it held a valid version until now.
    """
    if last is not None:
        return last
    if was is None:
        return {}
    return None if was.problems else before


def _last_valid(root: MemoryRoot) -> dict[str, dict[str, Any]]:
    """The data of the last valid version of each file that is invalid now (`VALID_FILE`)."""
    from omp.index import loads

    try:
        found = loads((root.cache / VALID_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _remember_valid(root: MemoryRoot, valid: dict[str, dict[str, Any]]) -> None:
    """Keep `valid` for the next scan (best effort, like everything in `.cache/`)."""
    from omp.index import dumps

    path = root.cache / VALID_FILE
    try:
        if not valid:
            path.unlink(missing_ok=True)
            return
        tmp = path.with_name(f".{VALID_FILE}.tmp")
        tmp.write_text(dumps(valid), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return


def _diff(rel: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Change strings from the data before and after an outside edit."""
    from omp.records import list_kind_of, schema_kind
    from omp.store import brief

    kind = list_kind_of(schema_kind(rel))
    name = kind.name if kind is not None else Path(rel).stem
    added, gone = after.keys() - before.keys(), before.keys() - after.keys()
    if kind is not None:
        out = [f"{name}[{key}]: added" for key in added]
        out += [f"{name}[{key}]: removed" for key in gone]
    else:
        out = [f"{key}: (unset) → {brief(after[key].get('value'))}" for key in added]
        out += [f"{key}: {brief(before[key].get('value'))} → (unset)" for key in gone]
    for key in sorted(before.keys() & after.keys()):
        old, new = before[key], after[key]
        if old == new:
            continue
        if kind is None:
            out.append(f"{key}: {brief(old.get('value'))} → {brief(new.get('value'))}")
            continue
        if not (isinstance(old, dict) and isinstance(new, dict)):
            out.append(f"{name}[{key}]: changed")
            continue
        out += [
            f"{name}[{key}].{field}: {brief(old.get(field))} → {brief(new.get(field))}"
            for field in dict.fromkeys([*old, *new])
            if old.get(field) != new.get(field)
        ]
    return sorted(out)


def diff_versions(index: Any, rel: str, before: str | None, after: str | None) -> list[str] | None:
    """Change strings between two versions of `rel` (None: the file is absent in that one).

    The comparison made for an outside edit, for versions that need not have been on disk
    (the post-merge and post-checkout hooks compare two commits). None when a version cannot
    be compared entry by entry: it does not parse, is invalid (as for an outside edit, its
    entries are not trusted, and a value it holds may be a secret the journal must not
    show), or is no list or mapping memory file (Markdown, themes).
    """
    sides: list[dict[str, Any]] = []
    for text in (before, after):
        read = None if text is None else index.parse(rel, text)
        if text is not None and (read is None or read[1]):
            return None
        sides.append({} if read is None else _keyed(read[0]))
    if before is None and after is None:
        return None
    return _diff(rel, sides[0], sides[1])


def scan(root: MemoryRoot, *, by: str = "unknown", new_files: bool = False) -> list[journal.Change]:
    """Journal every memory file changed outside omp since the journal accounted for it.

    That is each file whose identity differs from what the index holds, and each file a
    read (or anything else) re-indexed after an outside edit without journaling it: the index
    keeps the version such a re-index replaced (`Index.unjournaled`), so the edit is
    journaled once, whatever ran in between. Files nobody changed are not read.

    A file the index never held is a new file when `new_files` (it appeared while watching:
    its entries are reported as added), else the baseline (indexed without records: what was
    there before anyone watched).

    A file that is invalid now gives only a `warning` (its entries cannot be trusted: a
    half-saved file would read as every entry removed); once it is valid again it is compared
    with its last valid version, and a `valid again` note is recorded.

    Returns the records written (`outside` changes and `warning`s for invalid files).
    """
    from omp import writer
    from omp.config import load_settings
    from omp.index import Index

    settings = load_settings(root)
    with writer.locked(root, timeout=settings.lock_timeout), Index(root) as index:
        # like any read, this re-indexes only files whose size, mtime (or, for a file young
        # enough to have changed within one mtime tick, hash) differ, and keeps what it replaces
        index.refresh()
        records, changes, warnings = journal_unjournaled(root, index, by=by, new_files=new_files)
    if settings.watch_stamp_meta:
        _stamp(root, changes, {file for file, _ in warnings}, by=by)
    return records


def _compared(
    index: Any, rel: str, last: dict[str, Any] | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The data to diff after an outside edit of `rel`: before, and now.

    Only the entries that changed are decoded, unless the last valid version of the file
    stands in for the kept one.
    """
    if last is None:
        changed: tuple[dict[str, Any], dict[str, Any]] = index.kept_changes(rel)
        return changed
    return last, _snapshot(index, rel)


def journal_unjournaled(
    root: MemoryRoot,
    index: Any,
    rels: list[str] | None = None,
    *,
    by: str,
    new_files: bool,
) -> tuple[list[journal.Change], list[tuple[str, str]], list[tuple[str, str]]]:
    """Journal the outside edits the index re-indexed but nobody journaled (of `rels` or all).

    The caller holds the writer's lock: the watcher's scan, and each write, for the files it
    is about to write (their outside edits come before its own changes in the journal).

    Returns:
        The records written, and the `(file, change)` pairs of changes and of warnings.
    """
    kept = index.unjournaled(rels)
    if not kept:
        return [], [], []
    valid = _last_valid(root)
    remembered = dict(valid)
    changes: list[tuple[str, str]] = []
    warnings: list[tuple[str, str]] = []
    notes: list[tuple[str, str]] = []
    for rel, was in kept.items():
        display = root.display(root.memory / rel)
        info = index.file(rel)
        # the data of the last valid version, while the index still holds an invalid one
        last = valid.pop(rel, None) if was.hash is not None and was.problems else None
        valid.pop(rel, None)
        if info is None:
            if was.hash is not None:
                changes.append((display, "file removed outside omp"))
        elif was.hash is None and not new_files:
            continue  # the baseline: nothing to compare with
        elif info.problems:
            warnings.append((display, _warning(info.problems)))
            before = index.kept_entries(rel)
            kept_data = _valid_data(None if was.hash is None else was, last, before)
            if kept_data is not None:
                valid[rel] = kept_data
        else:
            changes += [(display, c) for c in _diff(rel, *_compared(index, rel, last))]
            if was.hash is not None and was.problems:
                notes.append((display, "valid again after an outside edit"))
    records = journal.append(root, changes, by=by, kind="outside")
    records += journal.append(root, notes, by=by, kind="outside")
    records += journal.append(root, warnings, by=by, kind="warning")
    index.forget_unjournaled(kept)
    if valid != remembered:
        _remember_valid(root, valid)
    return records, changes, warnings


def _stamp(root: MemoryRoot, changes: list[tuple[str, str]], invalid: set[str], *, by: str) -> None:
    """Record outside edits in each valid file's `_meta` (the `watch_stamp_meta` setting)."""
    from omp import store

    by_file: dict[str, list[str]] = {}
    for file, change in changes:
        if file not in invalid:
            by_file.setdefault(file, []).append(change)
    if not by_file:
        return

    def edits(tx: store.Transaction) -> None:
        for file, lines in by_file.items():
            tx.note_outside((root.project / file).relative_to(root.memory).as_posix(), lines)

    store.transact(root, [edits], by=by)


def run(
    root: MemoryRoot,
    *,
    stop: threading.Event,
    on_records: Callable[[list[journal.Change]], None],
    ready: threading.Event | None = None,
) -> None:
    """Watch until `stop` is set: scan after each burst of relevant events."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    events: queue.Queue[str] = queue.Queue()
    memory = root.memory

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            for raw in (event.src_path, getattr(event, "dest_path", "")):
                path = raw.decode() if isinstance(raw, bytes) else raw
                if path and relevant(path, memory) is not None:
                    events.put(path)

    observer = Observer()
    observer.schedule(Handler(), str(memory), recursive=True)
    observer.start()
    try:
        on_records(scan(root))  # what changed while nobody watched
        if ready is not None:
            ready.set()
        while not stop.is_set():
            try:
                events.get(timeout=0.1)
            except queue.Empty:
                continue
            _settle(events, stop)
            on_records(scan(root, new_files=True))
    finally:
        observer.stop()
        observer.join()


def _settle(events: queue.Queue[str], stop: threading.Event) -> None:
    """Drain events until DEBOUNCE seconds pass without one (at most MAX_DELAY)."""
    import time

    deadline = time.monotonic() + MAX_DELAY
    while not stop.is_set() and time.monotonic() < deadline:
        try:
            events.get(timeout=DEBOUNCE)
        except queue.Empty:
            return
