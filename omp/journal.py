"""The change journal: what every write changed, with a monotonic cursor.

Each write appends one record per change to `_omp/.cache/journal.jsonl` while it still holds
the writer's lock, so cursors are unique and increase in the order the writes happened. An
agent remembers the last cursor it saw and asks for what came after (`omp changes --since
N`), or follows the journal as it grows. The journal is bounded: past `MAX_BYTES` the current
segment becomes `journal.1.jsonl` (the previous one is dropped), and a reader whose cursor is
older than what is kept is told so. Like the rest of `.cache/`, it is derived and local:
deleting it loses no memory, and the cursor then starts again (a new `epoch` tells readers).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from omp.errors import UsageError
from omp.paths import MemoryRoot, make_derived_dir

JOURNAL_FILE = "journal.jsonl"
OLD_JOURNAL_FILE = "journal.1.jsonl"
EPOCH_FILE = "journal.epoch"
MAX_BYTES = 1 << 20  # per segment; two segments are kept
_TAIL = 4096  # first chunk read from the end of the journal; it doubles up to _MAX_CHUNK
_MAX_CHUNK = 1 << 20


class Change(NamedTuple):
    """One change record.

    Attributes:
        cursor: position in the journal, increasing by one per record.
        time: when it was written (ISO 8601 UTC).
        by: who wrote (`_meta.updated_by`).
        file: the memory file, relative to the project.
        id: the entry changed, when the change names one.
        change: the change string, as in `_meta.changes`.
        kind: `write` (through omp), `outside` (an edit made without omp) or `warning`.
        epoch: identifies this journal; it changes when the journal is recreated.
    """

    cursor: int
    time: str
    by: str
    file: str
    id: str | None
    change: str
    kind: str
    epoch: str

    def to_json(self) -> dict[str, Any]:
        """The record as JSON."""
        return self._asdict()


class Page(NamedTuple):
    """Records after a cursor, and whether some were already dropped by rotation."""

    changes: list[Change]
    missed: bool
    oldest: int | None
    latest: int
    epoch: str
    problem: str | None = None


def _paths(root: MemoryRoot) -> tuple[Path, Path, Path]:
    return root.cache / JOURNAL_FILE, root.cache / OLD_JOURNAL_FILE, root.cache / EPOCH_FILE


def _epoch(root: MemoryRoot, *, create: bool) -> str:
    _, _, epoch_path = _paths(root)
    try:
        return epoch_path.read_text(encoding="utf-8").strip()
    except OSError:
        if not create:
            return ""  # missing, or `.cache` is not a folder: no journal yet
    import secrets  # here: it loads OpenSSL, a cost reads of the journal skip

    epoch = secrets.token_hex(4)
    epoch_path.write_text(epoch + "\n", encoding="utf-8")
    return epoch


def _lines_backwards(path: Path) -> Iterator[bytes]:
    """The whole lines of `path`, last first, reading backwards in growing chunks.

    Only as much of the file is read as the lines asked for take, however long one record is
    (a record can exceed any fixed tail: a long `--by`, a long entry id). Raises OSError
    when the file cannot be read.
    """
    with path.open("rb") as f:
        pos = f.seek(0, os.SEEK_END)
        chunk = _TAIL
        head = b""  # the start of a line whose beginning is not read yet
        while pos > 0:
            step = min(chunk, pos)
            pos -= step
            f.seek(pos)
            lines = (f.read(step) + head).split(b"\n")
            head = lines.pop(0) if pos > 0 else b""
            for raw in reversed(lines):
                if raw.strip():
                    yield raw
            chunk = min(chunk * 2, _MAX_CHUNK)


def _parse(raw: bytes) -> Change | None:
    try:
        data = json.loads(raw)
        change = Change(**data)
    except (ValueError, TypeError):
        return None  # a line torn by a crash, or written by a newer omp
    return change if isinstance(change.cursor, int) else None


def _last_record(path: Path) -> Change | None:
    try:
        for raw in _lines_backwards(path):
            change = _parse(raw)
            if change is not None:
                return change
    except OSError:  # missing, or `.cache` is not a folder: no record
        return None
    return None


def latest_cursor(root: MemoryRoot) -> int:
    """The cursor of the newest record (0 when the journal is empty)."""
    current, old, _ = _paths(root)
    record = _last_record(current) or _last_record(old)
    return record.cursor if record else 0


def entry_id(change: str) -> str | None:
    """The entry id a change string names (`decisions[dec-2026-…]: added`), if any."""
    head, sep, rest = change.partition("[")
    if not sep or not head.replace("_", "").isalnum():
        return None
    found, close, _ = rest.partition("]")
    return found if close and found else None


def append(
    root: MemoryRoot, changes: Iterable[tuple[str, str]], *, by: str, kind: str = "write"
) -> list[Change]:
    """Record `(file, change)` pairs; the caller holds the writer's lock.

    A journal that cannot be written (read-only cache) is skipped: it is derived state and
    must never fail a write that already happened.
    """
    pairs = list(changes)
    if not pairs:
        return []
    current, old, _ = _paths(root)
    try:
        make_derived_dir(root.cache)
        epoch = _epoch(root, create=True)
        cursor = latest_cursor(root)
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        records = [
            Change(cursor + n, now, by, file, entry_id(change), change, kind, epoch)
            for n, (file, change) in enumerate(pairs, start=1)
        ]
        body = "".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in records)
        if not _ends_a_line(current):
            body = "\n" + body  # after a line torn by a crash: keep the new records whole
        with current.open("a", encoding="utf-8") as f:
            f.write(body)
            f.flush()
            os.fsync(f.fileno())
        if current.stat().st_size > MAX_BYTES:
            current.replace(old)
    except OSError:
        return []
    return records


def _ends_a_line(path: Path) -> bool:
    """Whether `path` is empty, missing or ends with a newline."""
    try:
        with path.open("rb") as f:
            if f.seek(0, os.SEEK_END) == 0:
                return True
            f.seek(-1, os.SEEK_END)
            return f.read(1) == b"\n"
    except FileNotFoundError:
        return True


def _read(path: Path) -> Iterator[Change]:
    try:
        with path.open("rb") as f:
            lines = f.readlines()
    except OSError:  # missing, or `.cache` is not a folder: no record
        return
    for raw in lines:
        change = _parse(raw)
        if change is not None:
            yield change


def problem(root: MemoryRoot) -> str | None:
    """Why the journal cannot be kept (`.cache` is not a folder, ...), or None when it can."""
    cache = root.cache
    if cache.exists() and not cache.is_dir():
        return f"{root.display(cache)} is not a folder; remove it and omp recreates it"
    for path in _paths(root)[:2]:
        if path.exists() and not path.is_file():
            return f"{root.display(path)} is not a file; remove it and omp recreates it"
    return None


def tail(root: MemoryRoot, n: int) -> list[Change]:
    """The newest `n` records, oldest first, reading only the end of the journal."""
    if n <= 0:
        return []
    found: list[Change] = []
    for path in _paths(root)[:2]:  # current, then the rotated segment
        try:
            for raw in _lines_backwards(path):
                change = _parse(raw)
                if change is not None:
                    found.append(change)
                    if len(found) == n:
                        return found[::-1]
        except OSError:
            continue
    return found[::-1]


def read(root: MemoryRoot, *, since: int = 0, limit: int | None = None) -> Page:
    """The records after cursor `since` (oldest first, at most `limit`).

    A journal that cannot be read (`.cache` is not a folder) reads as empty, and `problem`
    says why.

    Raises:
        UsageError: a negative `since` or `limit`.
    """
    if since < 0:
        raise UsageError(
            f"--since must be 0 or more, not {since}",
            hint="pass the `latest` cursor of an earlier `omp changes`, or 0 for every change",
        )
    if limit is not None and limit < 0:
        raise UsageError(
            f"--limit must be 0 or more, not {limit}", hint="leave it out to get every change"
        )
    current, old, _ = _paths(root)
    kept = [*_read(old), *_read(current)]
    oldest = kept[0].cursor if kept else None
    latest = kept[-1].cursor if kept else 0
    after = [c for c in kept if c.cursor > since]
    if limit is not None:
        after = after[:limit]
    missed = oldest is not None and since < oldest - 1
    return Page(after, missed, oldest, latest, _epoch(root, create=False), problem(root))


def follow(
    root: MemoryRoot, *, since: int = 0, poll: float = 0.1, stop: Any = None
) -> Iterator[Change]:
    """Records as they are written, from cursor `since` on (until `stop()` is true)."""
    current, _, _ = _paths(root)
    seen = since
    signature: tuple[int, int] | None = None
    while stop is None or not stop():
        try:
            st = current.stat()
            now = (st.st_size, st.st_mtime_ns)
        except OSError:
            now = (0, 0)
        if now != signature:
            signature = now
            page = read(root, since=seen)
            if page.latest < seen:  # the journal was recreated: start again from its start
                seen = 0
                page = read(root, since=0)
            for change in page.changes:
                seen = change.cursor
                yield change
        time.sleep(poll)


WRITTEN_FILE = "written"


def remember_written(root: MemoryRoot, files: Iterable[tuple[Path, str]]) -> None:
    """Note the git blob id of each file just written (`files`: path, id), in `.cache/written`.

    One `<id> <path>` line per file, paths relative to the project: the pre-commit hook tells
    a staged file that is exactly what omp validated and wrote without starting Python. Best
    effort, like everything in `.cache/`.
    """
    path = root.cache / WRITTEN_FILE
    try:
        known: dict[str, str] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                blob, _, rel = line.partition(" ")
                if rel:
                    known[rel] = blob
        for file, blob in files:
            try:
                rel = file.resolve().relative_to(root.project.resolve()).as_posix()
            except ValueError:
                continue
            known[rel] = blob
        body = "".join(f"{blob} {rel}\n" for rel, blob in sorted(known.items()))
        tmp = path.with_name(f".{WRITTEN_FILE}.tmp")
        tmp.write_text(body, encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return
