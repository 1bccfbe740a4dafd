"""The derived index in `_omp/.cache/index.sqlite3`: where every entry is, and full-text search.

Never the source of truth: each file's row is keyed to the file's identity (size, mtime_ns,
content hash) and a file whose identity changed (an editor, `git pull`, `git checkout`) is
indexed again before it is used; deleting `_omp/.cache/` loses nothing. Re-indexing parses only
the entries whose text changed (entries are cached by the hash of their text), so the first
read after an outside edit costs one pass over the file's lines, not a YAML parse of it.
The writer updates the index itself after each write, so writes never pay for a re-index.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from omp.paths import MemoryRoot, blob_id, decode_text, make_derived_dir
from omp.records import LIST_KINDS, Timestamp, identity_key, list_kind_of, schema_kind

try:
    # The C module the `sqlite3` package wraps: the package adds adapters of dates, which omp
    # never binds, and imports `datetime` for them (2-3 ms of every read on Python 3.11)
    import _sqlite3 as sqlite3
except ImportError:  # pragma: no cover - an interpreter without it
    import sqlite3  # type: ignore[no-redef]

INDEX_FILE = "index.sqlite3"
INDEX_FORMAT = "15"  # bump when the tables or what they hold change
# A file modified this close to its indexing may have changed again within the same mtime
# tick; its hash is checked instead of trusting (size, mtime_ns), as git does.
_RACY_NS = 2_000_000_000


def _trusted(size: int, mtime_ns: int, indexed_ns: int, st: os.stat_result) -> bool:
    """Whether a file with stat `st` is the version indexed with (size, mtime_ns) at indexed_ns."""
    return (size, mtime_ns) == (st.st_size, st.st_mtime_ns) and mtime_ns < indexed_ns - _RACY_NS


_SCHEMA = """
CREATE TABLE IF NOT EXISTS info(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files(
    rel TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, hash TEXT, indexed_ns INTEGER,
    kind TEXT, layout TEXT, problems TEXT);
CREATE TABLE IF NOT EXISTS entries(
    n INTEGER PRIMARY KEY, rel TEXT, pos INTEGER, kind TEXT, id TEXT, identity TEXT,
    ref TEXT, hash TEXT, date TEXT, status TEXT, valid_from TEXT, valid_to TEXT,
    data TEXT, problems TEXT, body TEXT, style TEXT);
-- Where each entry is in its file, in a narrow table of its own: an edit moves every entry
-- after it, and rewriting these few bytes per entry costs a tenth of rewriting its row above.
CREATE TABLE IF NOT EXISTS spans(
    n INTEGER PRIMARY KEY, start INTEGER, stop INTEGER, line INTEGER, end_line INTEGER);
CREATE TRIGGER IF NOT EXISTS entries_gone AFTER DELETE ON entries BEGIN
    DELETE FROM spans WHERE n = old.n; END;
CREATE INDEX IF NOT EXISTS entries_by_file ON entries(rel, pos);
CREATE INDEX IF NOT EXISTS entries_by_kind ON entries(
    kind, date, pos, rel, id, status, valid_from, valid_to);
CREATE INDEX IF NOT EXISTS entries_by_id ON entries(id, rel, pos);
CREATE INDEX IF NOT EXISTS entries_by_hash ON entries(hash);
CREATE INDEX IF NOT EXISTS entries_by_identity ON entries(rel, identity, pos);
CREATE INDEX IF NOT EXISTS entries_by_ref ON entries(rel, ref, pos);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
    text, kind UNINDEXED, tokenize='unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS unjournaled(rel TEXT PRIMARY KEY, hash TEXT, problems TEXT);
CREATE TABLE IF NOT EXISTS unjournaled_entries(rel TEXT, key TEXT, hash TEXT, data TEXT);
CREATE INDEX IF NOT EXISTS unjournaled_by_hash ON unjournaled_entries(rel, hash);
"""


# Kana, CJK ideographs (with extension A and compatibility ones) and Hangul syllables
CJK_RANGES = (
    (0x3040, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xAC00, 0xD7AF),
)


def is_cjk(char: str) -> bool:
    """Whether `char` is kana, a CJK ideograph or a Hangul syllable (`CJK_RANGES`)."""
    code = ord(char)
    return any(a <= code <= b for a, b in CJK_RANGES)


class _Spaced(dict[int, str]):
    """A `str.translate` table spacing CJK characters out and turning other symbols to spaces.

    A CJK character gets a space either side; any other character that is not a letter or
    a digit (`str.isalnum`) becomes a space. Filled as characters are met: a regular
    expression's class of these ranges takes about 5 ms to compile, more than indexing one
    entry.
    """

    def __missing__(self, code: int) -> str:
        char = chr(code)
        spaced = (f" {char} " if is_cjk(char) else char) if char.isalnum() else " "
        self[code] = spaced
        return spaced


_SPACED = _Spaced()


def segment(text: str) -> str:
    """Text as the full-text index sees it, split into words as `rot.features` splits it.

    Each CJK character is a token of its own. Text that is not ASCII is case-folded, and
    every character that is not a letter or a digit becomes a space: FTS5's tokenizer would
    keep symbols, marks and private-use characters inside a token ("a€b"), and folds case
    its own way ("ß"), where the features see two words ("a", "b") and "ss". ASCII text is
    left as it is: the tokenizer splits and folds it exactly so.
    """
    return text if text.isascii() else text.casefold().translate(_SPACED)


def searchable(term: str) -> bool:
    """Whether the full-text index finds every entry holding the word `term` (`holding_any`).

    True for ASCII words and CJK characters; other letters (Cyrillic, accented Latin) are
    indexed too, but FTS5 folds or splits a few of them its own way.
    """
    return bool(term) and (
        (term.isascii() and term.isalnum()) or all(is_cjk(char) for char in term)
    )


class Layout(NamedTuple):
    """Where a list file keeps its entries, for writes that do not parse the file.

    Attributes:
        top: "map" or "seq" (top-level list) or "other".
        container: key holding the list (None for a top-level list or no list yet).
        dash_col: column of the items' `-` (-1: no items yet).
        insert_at: char offset where a new item goes (-1: the list has no items).
        meta: char offsets (start, stop) of the `_meta` block, if any.
        style: the file's `outline.Style` as a dict.
        fixed: why omp cannot edit this file in place (a list in flow style, anchors shared
            between entries), or None. Such a file is read whole; writes to it are refused.
        skeleton: the file's data outside its entries (`dumps` JSON, `null` for a top-level
            list), its problems, and the lines it was read from (`Skeleton`), when that JSON
            is short: the next indexing of the file takes the data again if those lines are
            the same, and the problems if the data is, so an edit of comments or of entries
            alone parses nothing outside the entries and loads no schema.
    """

    top: str
    container: str | None
    dash_col: int
    insert_at: int
    meta: tuple[int, int] | None
    style: dict[str, Any]
    fixed: str | None = None
    skeleton: Skeleton | None = None


# A kept skeleton: (data as `dumps` JSON, its problems, its source). The source is, per
# top-level key in file order, the key and the `text_hash` of its lines ("" for the list of
# entries when it has items), or None when unknown (the next indexing reads the lines).
Skeleton = tuple[str, list[tuple[str, str]], list[tuple[str, str]] | None]


class Entry:
    """One indexed entry.

    `style` is what its text shows of the file's style (`outline.StyleCounts` as JSON). An
    entry read back from the index decodes its data on first use: indexing a large file
    again after an edit of a few entries needs the data of those only, and a query the data
    of the entries it shows.
    """

    __slots__ = (  # noqa: RUF023 - in the order of the constructor's arguments
        "rel", "pos", "kind", "id", "identity", "ref", "start", "stop", "line", "end_line",
        "hash", "_data", "_json", "problems", "style", "stored_row",
    )  # fmt: skip

    def __init__(
        self,
        rel: str,
        pos: int,
        kind: str,
        id: str | None,  # the entry's `id`
        identity: str,
        ref: str | None,
        start: int,
        stop: int,
        line: int,
        end_line: int,
        hash: str,  # the hash of its text
        data: Any,
        problems: list[tuple[str, str]],
        style: str = "",
        *,
        stored: str = "",
    ) -> None:
        """`stored`: the data as the index holds it (`dumps` JSON), decoded on first use."""
        self.rel, self.pos, self.kind = rel, pos, kind
        self.id, self.identity, self.ref = id, identity, ref
        self.start, self.stop, self.line, self.end_line = start, stop, line, end_line
        self.hash, self._data, self._json = hash, data, stored
        self.problems, self.style = problems, style
        # what storing the entry takes from its data, when a worker computed it (`_stored_row`)
        self.stored_row: tuple[str | None, ...] | None = None

    @classmethod
    def held(
        cls,
        rel: str,
        pos: int,
        kind: str,
        place: tuple[int, int, int, int],
        digest: str,
        held: Held,
    ) -> Entry:
        """The entry of an unchanged text at `place`, from what the index holds of it."""
        return cls(rel, pos, kind, held.id, held.identity, held.ref, *place, digest, None,
                   _problems(held.problems), held.style, stored=held.data)  # fmt: skip

    @property
    def data(self) -> Any:
        """The entry's data (decoded from the index on first use)."""
        if self._json:
            self._data, self._json = loads(self._json), ""
        return self._data

    def stored(self) -> str:
        """The entry's data as the index holds it (`dumps` JSON), decoding nothing."""
        return self._json or dumps(self._data)

    def _values(self) -> tuple[Any, ...]:
        return (
            self.rel, self.pos, self.kind, self.id, self.identity, self.ref, self.start,
            self.stop, self.line, self.end_line, self.hash, self.data, self.problems, self.style,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if isinstance(other, Entry) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # its data is a dict

    def __repr__(self) -> str:
        return f"Entry{self._values()!r}"


class Held(NamedTuple):
    """What the index holds of an entry's text (by its hash): what reading it gave."""

    data: str  # `dumps` JSON
    problems: str  # JSON
    style: str
    id: str | None
    identity: str
    ref: str | None


class FileInfo(NamedTuple):
    """An indexed file."""

    rel: str
    size: int
    mtime_ns: int
    hash: str
    kind: str | None
    layout: Layout | None
    problems: list[tuple[str, str]]


# the key an entry is diffed by: its id, else its identity (as `str(e.id or e.identity)`)
_ENTRY_KEY = "COALESCE(NULLIF(id, ''), identity, 'None')"


class Unjournaled(NamedTuple):
    """The version of a file the journal last accounted for, kept after an outside edit.

    Attributes:
        hash: its content hash, or None when the index did not hold the file (a new file).
        problems: what `omp validate` found in it then.

    Its entries are kept as rows (`Index.kept_entries`, `Index.kept_changes`): comparing them
    with the file's entries now is done by SQLite, so a write after an outside edit of a large
    file decodes only the entries that changed.
    """

    hash: str | None
    problems: list[tuple[str, str]]


class Hit(NamedTuple):
    """A search result."""

    kind: str
    id: str | None
    file: str
    line: int
    score: float
    title: str


# Keys of one-key objects marking, in the JSON cache of an entry, what JSON has no type for:
_TS = "\u0000ts"  # a YAML date/timestamp
_KEYS = "\u0000keys"  # a mapping with keys that are no strings (`1:`, `true:`), by type
_ODD = "\u0000odd"  # another value (`!!binary`, `!!set`), by type


# How the JSON of an entry with keys that are no strings begins (json.dumps escapes the NUL)
_ODD_KEYS = '{"' + json.dumps(_KEYS)[1:-1] + '"'
# A GLOB pattern matching text with a character outside ASCII (or a control character)
_NOT_ASCII = "*[^\x01-\x7f]*"


def _encode(value: Any) -> Any:
    if isinstance(value, Timestamp):
        return {_TS: str(value)}
    if isinstance(value, dict):
        if all(type(k) is str for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {_KEYS: {f"{type(k).__name__}:{k}": _encode(v) for k, v in value.items()}}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, str | int | float):  # bool is an int
        return value
    return {_ODD: f"{type(value).__name__}:{value}"}


def _decode(obj: dict[str, Any]) -> Any:
    if len(obj) != 1:
        return obj
    if _TS in obj:
        return Timestamp(obj[_TS])
    if _KEYS in obj:
        return {k.partition(":")[2]: v for k, v in obj[_KEYS].items()}
    if _ODD in obj:
        return obj[_ODD].partition(":")[2]
    return obj


def dumps(data: Any) -> str:
    """JSON of entry data that keeps YAML dates as dates (see `loads`).

    Two data give the same JSON only when they are equal with their types (`1` and `"1"`,
    a date and a quoted date, `1:` and `"1":` as keys differ), so the JSON also identifies
    data whose problems are known. `loads` gives keys and values JSON has no type for as
    strings.
    """
    return json.dumps(_encode(data), ensure_ascii=False)


def loads(text: str) -> Any:
    """Entry data from `dumps`."""
    return json.loads(text, object_hook=_decode)


def text_hash(text: str) -> str:
    """Content hash used for file identity and entry caching: the git blob id of the UTF-8."""
    return blob_id(text.encode("utf-8", "surrogatepass"))


def memory_files(root: MemoryRoot) -> list[str]:
    """Indexable files under the memory folder, relative to it (YAML and Markdown)."""
    out: list[str] = []
    memory = root.memory
    for dirpath, dirnames, filenames in os.walk(memory):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        rel_dir = os.path.relpath(dirpath, memory)
        for name in sorted(filenames):
            if name.startswith(".") or not name.endswith((".yaml", ".yml", ".md")):
                continue
            out.append(name if rel_dir == "." else f"{rel_dir}/{name}".replace(os.sep, "/"))
    return out


# The modules whose checks an entry's cached problems hold, beside the schemas: a new secret
# pattern must find what the index says is clean (and `records.py`'s identity keys are kept
# with the entries whose text did not change)
_CHECKERS = ("schema.py", "validity.py", "sensitive.py", "records.py")


def _version() -> str:
    """Index format, schemas and checkers: entries cache their validation, so new ones re-index.

    The schemas and the checking modules are identified by name, size and mtime (a stat per
    file, no reading), which changes with every upgrade or edit; a package that is not on a
    plain filesystem is identified by their content.
    """
    from omp import __version__

    parts = [INDEX_FORMAT, __version__]
    here = Path(__file__).parent
    try:
        with os.scandir(here / "schemas") as it:
            files = [(e.name, e.stat()) for e in it]
        files += [(name, (here / name).stat()) for name in _CHECKERS]
        parts += sorted(f"{name}:{st.st_size}:{st.st_mtime_ns}" for name, st in files)
    except OSError:
        from omp.resources import resource

        shipped = [*resource("schemas").iterdir(), *(resource(n) for n in _CHECKERS)]
        parts += sorted(text_hash(p.read_text("utf-8")) for p in shipped)
    return "|".join(parts)


# Fields of an entry kept in columns of their own, so that `omp context` can rank and filter
# thousands of entries without decoding their data.
_COLUMNS = ("date", "status", "valid_from", "valid_to")


def _scalar(value: Any) -> str | None:
    return None if value is None or isinstance(value, dict | list) else str(value)


def _stored_row(data: Any) -> tuple[str | None, ...]:
    """What storing an entry takes from its data: the `_COLUMNS`, then its searchable text."""
    found = data if isinstance(data, dict) else {}
    return (*(_scalar(found.get(k)) for k in _COLUMNS), segment(_search_text(data)))


def _reset(db: sqlite3.Connection) -> None:
    db.executescript(
        "DROP TABLE IF EXISTS info; DROP TABLE IF EXISTS files; "
        "DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS spans; DROP TABLE IF EXISTS fts; "
        "DROP TABLE IF EXISTS unjournaled; "
        "DROP TABLE IF EXISTS unjournaled_entries;" + _SCHEMA
    )
    db.execute("INSERT INTO info VALUES ('version', ?)", (_version(),))


_T = TypeVar("_T")


def _corrupt(e: BaseException) -> bool:
    """Whether `e` (or what it was raised while handling) says the database file is damaged.

    Locks, constraints and bad SQL are subclasses of `DatabaseError`; damage is the base class
    itself ("database disk image is malformed", "file is not a database").
    """
    seen: BaseException | None = e
    while seen is not None:
        if type(seen) is sqlite3.DatabaseError:
            return True
        seen = seen.__context__
    return False


def _recovering(method: Callable[..., _T]) -> Callable[..., _T]:
    """Run `method`; if the index file turns out damaged, start a new index and run it again.

    The index is derived data: a damaged page found in the middle of a query must cost a
    re-index, not the command.
    """

    @functools.wraps(method)
    def run(self: Index, *args: Any, **kwargs: Any) -> _T:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as e:
            if not _corrupt(e) or str(self.path) == ":memory:":
                raise
            self.start_anew()
            return method(self, *args, **kwargs)

    return run


def reading(root: MemoryRoot, read: Callable[[Index], _T]) -> _T:
    """`read(index)` on the refreshed index of `root`, for reads that query `index.db` itself.

    If the index file turns out damaged, `read` runs again, from the start, on a new index
    (row numbers of the old one mean nothing in the new one).
    """
    return refresh_and_read(root, read)[1]


def refresh_and_read(
    root: MemoryRoot, read: Callable[[Index], _T], *, rebuild: bool = False
) -> tuple[list[str], _T]:
    """`reading`, also saying which files the refresh (re)indexed or dropped.

    One connection and one refresh (or, with `rebuild`, one rebuild) serve both, so a
    command that reports what it re-indexed does not open the index a second time to read.
    """
    with Index(root) as index:
        changed = index.rebuild() if rebuild else index.refresh()
        try:
            return changed, read(index)
        except sqlite3.DatabaseError as e:
            if not _corrupt(e) or str(index.path) == ":memory:":
                raise
            changed = index.start_anew()
            return changed, read(index)


class Index:
    """A connection to a project's index; `refresh()` brings it up to date with the files."""

    def __init__(self, root: MemoryRoot, *, create: bool = True) -> None:
        """Open the index of `root`; without `create`, an index not made yet is kept in memory.

        (A dry run reads through the index but writes nothing, not even a new cache.)
        """
        self.root = root
        self.path = root.cache / INDEX_FILE
        self._vocabulary = False  # the connection's fts5vocab table over `fts` is made
        if not create and not self.path.exists():
            self.path = Path(":memory:")
            self.db = self._open(self.path)
            return
        try:
            make_derived_dir(root.cache)
            self.db = self._open(self.path)
        except sqlite3.DatabaseError:
            # not a database any more (a torn or stray write): it is only a cache, start anew
            self._remove_files()
            self.db = self._open(self.path)
        except OSError:
            # a read-only checkout, or a cache that is not a folder: index in memory for
            # this command; reads stay correct, only slower
            self.path = Path(":memory:")
            self.db = self._open(self.path)

    @staticmethod
    def _open(path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(str(path), timeout=30, isolation_level=None)
        if str(path) != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        row = None
        try:
            row = db.execute("SELECT value FROM info WHERE key='version'").fetchone()
        except sqlite3.OperationalError as e:
            if "no such table" not in str(e):
                raise
        if row is None or row[0] != _version():
            _reset(db)
        return db

    def _remove_files(self) -> None:
        for stale in (
            self.path,
            *(self.path.with_name(self.path.name + s) for s in ("-wal", "-shm")),
        ):
            stale.unlink(missing_ok=True)

    def start_anew(self) -> list[str]:
        """Replace a damaged index file by a new index of every memory file (returned)."""
        with contextlib.suppress(sqlite3.Error):
            self.db.close()
        self._remove_files()
        self.db = self._open(self.path)
        self._vocabulary = False
        return self.refresh()

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @_recovering
    def rebuild(self) -> list[str]:
        """Forget everything and index every file again."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("DELETE FROM files")
            self.db.execute("DELETE FROM info WHERE key='complete'")
            self.db.execute("DELETE FROM spans")
            self.db.execute("DELETE FROM entries")
            self.db.execute("DELETE FROM fts")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return self.refresh()

    # ---- freshness ---------------------------------------------------------------------------

    @_recovering
    def refresh(self, rels: Iterable[str] | None = None, *, outside: bool = True) -> list[str]:
        """Index again every file (or the given ones) whose identity changed.

        A change found is an edit made outside omp unless `outside` is False (the caller
        just wrote the file itself): the version it replaces is kept as `unjournaled`.

        Returns:
            The files that were (re)indexed or dropped.
        """
        wanted = memory_files(self.root) if rels is None else list(rels)
        changed: list[str] = []
        memory = str(self.root.memory)
        known = {
            row[0]: row[1:]
            for row in self.db.execute("SELECT rel, size, mtime_ns, hash, indexed_ns FROM files")
        }
        for rel in wanted:
            path = f"{memory}/{rel}"  # str, not Path: this loop runs per file on every read
            try:
                st = os.stat(path)  # noqa: PTH116
            except FileNotFoundError:
                if rel in known:
                    self._drop(rel, outside=outside)
                    changed.append(rel)
                continue
            stored = known.get(rel)
            if stored is not None and _trusted(stored[0], stored[1], stored[3], st):
                continue
            with open(path, "rb") as f:  # noqa: PTH123
                data = f.read()
            digest = blob_id(data)  # a file that is what was indexed is never decoded
            if stored is not None and stored[2] == digest:
                # the content is what was indexed: trust (size, mtime) from now on, unless
                # the file is still young enough to change again within one mtime tick
                now = time.time_ns()
                self.db.execute(
                    "UPDATE files SET size=?, mtime_ns=?, indexed_ns=? WHERE rel=?",
                    (
                        st.st_size,
                        st.st_mtime_ns,
                        now if now - st.st_mtime_ns > _RACY_NS else stored[3],
                        rel,
                    ),
                )
                continue
            text = decode_text(data, display=self.root.display(Path(path)))
            self.index_text(
                rel,
                text,
                size=st.st_size,
                mtime_ns=st.st_mtime_ns,
                digest=digest,
                outside=outside,
            )
            changed.append(rel)
        if rels is None:
            for rel in sorted(set(known) - set(wanted)):
                self._drop(rel, outside=outside)
                changed.append(rel)
            if not self._complete():
                # from now on a file the index does not hold is a file that is new
                self.db.execute("INSERT OR REPLACE INTO info VALUES ('complete', '1')")
        return changed

    def _complete(self) -> bool:
        """Whether the index has held every memory file since it was made."""
        row = self.db.execute("SELECT 1 FROM info WHERE key='complete'").fetchone()
        return row is not None

    def _drop(self, rel: str, *, outside: bool) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        if outside:
            self._keep_unjournaled(rel)
        self.db.execute(
            "DELETE FROM fts WHERE rowid IN (SELECT n FROM entries WHERE rel=?)", (rel,)
        )
        self.db.execute("DELETE FROM entries WHERE rel=?", (rel,))
        self.db.execute("DELETE FROM files WHERE rel=?", (rel,))
        self.db.execute("COMMIT")

    # ---- outside edits not journaled yet -----------------------------------------------------
    #
    # Whoever re-indexes a file edited outside omp (a read, a write that starts from that
    # version, the watcher) replaces what the index held. The version it replaces is the one
    # the journal last accounted for, so it is kept (its entries' data as stored, no parse)
    # until the watcher or the next write to that file journals the change. Only the oldest
    # such version of a file is kept: one row per file at most.

    def _keep_unjournaled(self, rel: str) -> None:
        """Keep the indexed version of `rel` before replacing it (inside a transaction)."""
        if self.db.execute("SELECT 1 FROM unjournaled WHERE rel=?", (rel,)).fetchone():
            return  # an older version is kept already: the change since then is one change
        row = self.db.execute("SELECT hash, problems FROM files WHERE rel=?", (rel,)).fetchone()
        if row is None:
            if not self._complete():
                return  # indexed lazily until now: the file may be old, so it is the baseline
            self.db.execute("INSERT INTO unjournaled VALUES (?, NULL, '[]')", (rel,))
            return
        self.db.execute("INSERT INTO unjournaled VALUES (?, ?, ?)", (rel, row[0], row[1]))
        # the entries are copied by SQLite, keyed as the watcher keys them (id, else identity)
        self.db.execute(
            f"INSERT INTO unjournaled_entries SELECT rel, {_ENTRY_KEY}, hash, data FROM entries "
            "WHERE rel=? ORDER BY pos",
            (rel,),
        )

    @_recovering
    def unjournaled(self, rels: Iterable[str] | None = None) -> dict[str, Unjournaled]:
        """The kept version of each file (or of `rels`) changed outside omp since journaled."""
        sql = "SELECT rel, hash, problems FROM unjournaled"
        rows = (
            self.db.execute(sql + " ORDER BY rel").fetchall()
            if rels is None
            else [r for rel in rels for r in self.db.execute(sql + " WHERE rel=?", (rel,))]
        )
        return {rel: Unjournaled(digest, _problems(probs)) for rel, digest, probs in rows}

    @_recovering
    def kept_entries(self, rel: str) -> dict[str, Any]:
        """The kept version of `rel`: `{id or identity: entry data}`, every entry decoded."""
        rows = self.db.execute(
            "SELECT key, data FROM unjournaled_entries WHERE rel=? ORDER BY rowid", (rel,)
        )
        return {key: loads(data) for key, data in rows}

    @_recovering
    def kept_changes(self, rel: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The entries of `rel` that differ between its kept version and now, decoded.

        `(before, after)`, each `{id or identity: data}` of the entries removed or changed
        (before) and added or changed (after). SQLite matches entries by the hash of their
        text (an entry's key comes from its text), so only those that changed are read and
        decoded; a fact of `project.yaml` has no text of its own (no hash), so each is read. A
        key used twice keeps its last entry, as a comparison of whole versions would.
        """
        gone = self.db.execute(
            "SELECT k.key, k.data FROM unjournaled_entries k WHERE k.rel=:rel AND (k.hash IS NULL "
            "OR k.hash = '' "
            "OR NOT EXISTS (SELECT 1 FROM entries e WHERE e.hash=k.hash AND e.rel=k.rel)) "
            "ORDER BY k.rowid",
            {"rel": rel},
        )
        before = {key: loads(data) for key, data in gone}
        came = self.db.execute(
            f"SELECT {_ENTRY_KEY}, e.data FROM entries e WHERE e.rel=:rel AND (e.hash IS NULL "
            "OR e.hash = '' OR NOT EXISTS (SELECT 1 FROM unjournaled_entries k WHERE k.rel=e.rel "
            "AND k.hash=e.hash)) ORDER BY e.pos",
            {"rel": rel},
        )
        after = {key: loads(data) for key, data in came}
        # a key also held by an unchanged entry (used twice): its last entry on the other side
        for key in after.keys() - before.keys():
            row = self.db.execute(
                "SELECT data FROM unjournaled_entries WHERE rel=? AND key=? "
                "ORDER BY rowid DESC LIMIT 1",
                (rel, key),
            ).fetchone()
            if row is not None:
                before[key] = loads(row[0])
        if gone_keys := before.keys() - after.keys():  # removed, unless held twice
            sql = f"SELECT {_ENTRY_KEY} FROM entries WHERE rel=?"
            held = gone_keys & {key for (key,) in self.db.execute(sql, (rel,))}
            for key in held:  # a bad merge's: rare, so one look each
                (data,) = self.db.execute(
                    f"SELECT data FROM entries WHERE rel=? AND {_ENTRY_KEY}=? "
                    "ORDER BY pos DESC LIMIT 1",
                    (rel, key),
                ).fetchone()
                after[key] = loads(data)
        return before, after

    @_recovering
    def accounted_entries(self, rel: str) -> dict[str, tuple[str | None, str]] | None:
        """The entries of the version of `rel` the journal accounts for, as stored.

        `{id or identity: (hash of its text, data as stored)}`: the kept version if an outside
        edit waits to be journaled, else the indexed one. None when there is no such version
        or it was invalid (its entries are not trusted).
        """
        kept = self.db.execute(
            "SELECT hash, problems FROM unjournaled WHERE rel=?", (rel,)
        ).fetchone()
        if kept is not None:
            if kept[0] is None or _problems(kept[1]):
                return None
            rows = self.db.execute(
                "SELECT key, hash, data FROM unjournaled_entries WHERE rel=? ORDER BY rowid",
                (rel,),
            )
        else:
            info = self.file(rel)
            if info is None or info.problems:
                return None
            rows = self.db.execute(
                f"SELECT {_ENTRY_KEY}, hash, data FROM entries WHERE rel=? ORDER BY pos", (rel,)
            )
        return {key: (digest, data) for key, digest, data in rows}

    @_recovering
    def keep_version(
        self, rel: str, entries: dict[str, tuple[str | None, str]], digest: str
    ) -> None:
        """Make `entries` the version of `rel` the journal accounts for.

        `entries` are as `accounted_entries` gives them; they replace any kept version, and
        the watcher compares the file with them from now on. `digest` names that version;
        it need not be the hash of any file.
        """
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("DELETE FROM unjournaled WHERE rel=?", (rel,))
            self.db.execute("DELETE FROM unjournaled_entries WHERE rel=?", (rel,))
            self.db.execute("INSERT INTO unjournaled VALUES (?, ?, '[]')", (rel, digest))
            self.db.executemany(
                "INSERT INTO unjournaled_entries VALUES (?, ?, ?, ?)",
                [(rel, key, h, data) for key, (h, data) in entries.items()],
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    @_recovering
    def forget_unjournaled(self, rels: Iterable[str]) -> None:
        """Drop the kept versions of `rels`: their changes are in the journal now."""
        pairs = [(rel,) for rel in rels]
        self.db.executemany("DELETE FROM unjournaled WHERE rel=?", pairs)
        if self.db.execute("SELECT 1 FROM unjournaled LIMIT 1").fetchone() is None:
            # none kept any more (the usual case): SQLite drops a table's rows without a
            # WHERE at once, where deleting them one by one rewrites every page they filled
            self.db.execute("DELETE FROM unjournaled_entries")
        else:
            self.db.executemany("DELETE FROM unjournaled_entries WHERE rel=?", pairs)

    # ---- indexing ----------------------------------------------------------------------------

    @_recovering
    def index_text(
        self, rel: str, text: str, *, size: int, mtime_ns: int, digest: str, outside: bool = True
    ) -> None:
        """Store what `text` (the content of `rel`) holds, reusing unchanged entries.

        `outside`: the text is an edit made outside omp (see `refresh`).
        """
        kind = schema_kind(rel)
        held = self.db.execute(
            "SELECT e.hash, e.data, e.problems, e.style, e.id, e.identity, e.ref, e.n, e.pos, "
            "s.start, s.stop, s.line, s.end_line FROM entries e JOIN spans s ON s.n = e.n "
            "WHERE e.rel=?",
            (rel,),
        ).fetchall()
        cached = {r[0]: Held(*r[1:7]) for r in held}
        layout: Layout | None = None
        problems: list[tuple[str, str]] = []
        if rel.endswith(".md"):
            rows = list(_markdown_entries(rel, text))
        else:
            layout, rows, problems = _yaml_entries(rel, kind, text, cached, self._layout(rel))
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if outside:
                self._keep_unjournaled(rel)
            if layout is None or layout.fixed is not None:
                # Markdown sections, facts, text that does not parse, a list read whole (an
                # alias's data changes with its anchor's entry): every row anew
                self.db.execute(
                    "DELETE FROM fts WHERE rowid IN (SELECT n FROM entries WHERE rel=?)", (rel,)
                )
                self.db.execute("DELETE FROM entries WHERE rel=?", (rel,))
                self._insert(rows, text)
            else:
                self._replace_entries(held, rows, text)
            self.db.execute(
                "INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?,?,?)",
                (
                    rel,
                    size,
                    mtime_ns,
                    digest,
                    time.time_ns(),
                    kind,
                    None if layout is None else json.dumps(layout._asdict()),
                    json.dumps(problems),
                ),
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    @_recovering
    def parse(self, rel: str, text: str) -> tuple[list[Entry], list[tuple[str, str]]] | None:
        """The entries and problems `text` holds as a version of `rel`; nothing is stored.

        An entry whose text the index holds for `rel` already is not parsed again, so a
        version of a large file that differs from the indexed one in a few entries costs one
        pass over its lines and a parse of those entries.

        Returns:
            None when the text is no version of a list or mapping memory file whose entries
            can be compared: a Markdown file, a file of another kind (themes, handoffs), a
            top level that is not a mapping where one is expected, or text that does not
            parse.
        """
        from omp.errors import InvalidYamlError

        kind = schema_kind(rel)
        if rel.endswith(".md") or (list_kind_of(kind) is None and kind not in ("project", None)):
            return None
        if list_kind_of(kind) is None:
            try:
                data = _load(text, source=rel)
            except InvalidYamlError:
                return None
            data = {} if data is None else data  # an empty file holds no facts
            if not isinstance(data, dict):
                return None
            return list(_fact_entries(rel, kind, text, data)), _file_problems(kind, data)
        cached = {
            r[0]: Held(*r[1:])
            for r in self.db.execute(
                "SELECT hash, data, problems, style, id, identity, ref FROM entries WHERE rel=?",
                (rel,),
            )
        }
        layout, rows, problems = _yaml_entries(rel, kind, text, cached, self._layout(rel))
        return None if layout is None else (rows, problems)  # no layout: it does not parse

    def _replace_entries(self, held: list[tuple[Any, ...]], rows: list[Entry], text: str) -> None:
        """Make the entries of a list file `rows`, touching only what changed.

        `held` are the file's rows as stored (hash, data, problems, style, id, identity, ref, n,
        pos, start, stop, line, end_line). An entry whose text is unchanged (same hash, so the
        same data, problems and search text) keeps its row and its full-text row, and gets its
        new place if it moved; the others are deleted or inserted. A hand edit of one entry in
        a file of thousands so rewrites one entry's rows, not the whole file's.
        """
        spare: dict[str, list[tuple[Any, ...]]] = {}
        for row in reversed(held):
            spare.setdefault(row[0], []).append(tuple(row[7:]))
        renumbered: list[tuple[int, int]] = []
        moved: list[tuple[int, int, int, int, int]] = []
        fresh: list[Entry] = []
        for e in rows:
            same = spare.get(e.hash)
            if not same:
                fresh.append(e)
                continue
            n, pos, *span = same.pop()
            if pos != e.pos:
                renumbered.append((e.pos, n))
            if tuple(span) != (e.start, e.stop, e.line, e.end_line):
                moved.append((e.start, e.stop, e.line, e.end_line, n))
        gone = [(place[0],) for left in spare.values() for place in left]
        self.db.executemany("DELETE FROM fts WHERE rowid=?", gone)
        self.db.executemany("DELETE FROM entries WHERE n=?", gone)
        self.db.executemany("UPDATE entries SET pos=? WHERE n=?", renumbered)
        self.db.executemany("UPDATE spans SET start=?, stop=?, line=?, end_line=? WHERE n=?", moved)
        self._insert(fresh, text)

    def _insert(self, rows: Iterable[Entry], text: str) -> None:
        """Store `rows` of a file whose content is `text` (each keeps its own lines)."""
        for e in rows:
            *columns, search = e.stored_row or _stored_row(e.data)
            cur = self.db.execute(
                "INSERT INTO entries(rel,pos,kind,id,identity,ref,"
                "hash,date,status,valid_from,valid_to,data,problems,body,style) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    e.rel,
                    e.pos,
                    e.kind,
                    e.id,
                    e.identity,
                    e.ref,
                    e.hash,
                    *columns,
                    e.stored(),
                    json.dumps(e.problems),
                    text[e.start : e.stop],
                    e.style,
                ),
            )
            self.db.execute(
                "INSERT INTO spans VALUES (?, ?, ?, ?, ?)",
                (cur.lastrowid, e.start, e.stop, e.line, e.end_line),
            )
            self.db.execute(
                "INSERT INTO fts(rowid, text, kind) VALUES (?, ?, ?)",
                (cur.lastrowid, search, e.kind),
            )

    # ---- queries -----------------------------------------------------------------------------

    @_recovering
    def hash_by_stat(self, rel: str, st: os.stat_result) -> str | None:
        """The hash the index holds for `rel` when `st` says the file is still that version.

        As `refresh` trusts a file's (size, mtime_ns): equal to what was indexed, and the
        mtime old enough that no edit in the same tick could hide. None: hash the file.
        A query of its own, not a field of `FileInfo`: tests compare `FileInfo`s with a
        rebuild's, and when a file was indexed is no part of what the index holds about it.
        """
        row = self.db.execute(
            "SELECT size, mtime_ns, hash, indexed_ns FROM files WHERE rel=?", (rel,)
        ).fetchone()
        return row[2] if row is not None and _trusted(row[0], row[1], row[3], st) else None

    @_recovering
    def file(self, rel: str) -> FileInfo | None:
        """What the index holds about a file (call `refresh` first)."""
        row = self.db.execute(
            "SELECT rel, size, mtime_ns, hash, kind, layout, problems FROM files WHERE rel=?",
            (rel,),
        ).fetchone()
        if row is None:
            return None
        layout = None
        if row[5]:
            raw = json.loads(row[5])
            raw["meta"] = tuple(raw["meta"]) if raw["meta"] else None
            layout = Layout(**raw)
        return FileInfo(row[0], row[1], row[2], row[3], row[4], layout, _problems(row[6]))

    def _layout(self, rel: str) -> Layout | None:
        info = self.file(rel)
        return None if info is None else info.layout

    def _entries(self, where: str, args: tuple[Any, ...]) -> Iterator[Entry]:
        for r in self.db.execute(
            "SELECT rel,pos,kind,id,identity,ref,start,stop,line,end_line,hash,data,problems "
            f"FROM entries JOIN spans USING (n) WHERE {where}",
            args,
        ):
            rel, pos, kind, eid, identity, ref, start, stop, line, end_line, digest = r[:11]
            yield Entry(
                rel, pos, kind, eid, identity, ref, start, stop, line, end_line, digest, None,
                _problems(r[12]), stored=r[11],
            )  # fmt: skip

    @_recovering
    def body(self, rel: str, pos: int) -> str:
        """The exact text of entry `pos` of `rel` (as of the last indexing)."""
        row = self.db.execute(
            "SELECT body FROM entries WHERE rel=? AND pos=?", (rel, pos)
        ).fetchone()
        return "" if row is None else str(row[0])

    @_recovering
    def entry_at(self, rel: str, pos: int) -> Entry | None:
        """The entry at position `pos` of `rel`."""
        return next(self._entries("rel=? AND pos=?", (rel, pos)), None)

    @_recovering
    def entries_head(self, rel: str, n: int) -> list[Entry]:
        """The first `n` entries of `rel`."""
        return list(self._entries("rel=? ORDER BY pos LIMIT ?", (rel, n)))

    @_recovering
    def count(self, rel: str) -> int:
        """How many entries `rel` has.

        Positions run 0..n-1, so this is the last one plus one: a lookup in the (rel, pos)
        index, where counting would read one index row per entry.
        """
        row = self.db.execute(
            "SELECT pos FROM entries WHERE rel=? ORDER BY pos DESC LIMIT 1", (rel,)
        ).fetchone()
        return 0 if row is None else int(row[0]) + 1

    @_recovering
    def entries(self, rel: str) -> list[Entry]:
        """Entries of one file, in file order."""
        return list(self._entries("rel=? ORDER BY pos", (rel,)))

    @_recovering
    def find_id(self, kind: str, id: str) -> list[Entry]:
        """Entries of `kind` whose id is `id` (several after a bad merge)."""
        return list(self._entries("kind=? AND id=? ORDER BY rel, pos", (kind, id)))

    @_recovering
    def find(
        self,
        rel: str,
        *,
        id: str | None = None,
        identity: str | None = None,
        ref: str | None = None,
    ) -> Entry | None:
        """The first entry of `rel` with this id, identity or ref."""
        for column, value in (("id", id), ("ref", ref), ("identity", identity)):
            if value is not None:
                for e in self._entries(f"rel=? AND {column}=? ORDER BY pos LIMIT 1", (rel, value)):
                    return e
        return None

    @_recovering
    def has_id(self, rel: str, id: str) -> bool:
        """Whether an entry of `rel` uses `id`."""
        row = self.db.execute(
            "SELECT 1 FROM entries WHERE id=? AND rel=? LIMIT 1", (id, rel)
        ).fetchone()
        return row is not None

    @_recovering
    def holding_any(self, rel: str, terms: Iterable[str]) -> list[Entry]:
        """Entries of `rel`, in file order, holding every word of at least one of `terms`.

        A term's words are as `segment` splits it, anywhere in the entry's searchable text
        (its keys and values): so every entry that holds one of the `searchable` terms as a
        word, or a CJK term's characters, is among them.
        """
        groups = [segment(term).split() for term in terms]
        match = " OR ".join(
            "(" + " AND ".join('"' + w.replace('"', '""') + '"' for w in words) + ")"
            for words in groups
            if words
        )
        if not match:
            return []
        return list(
            self._entries(
                "rel=? AND n IN (SELECT rowid FROM fts WHERE fts MATCH ?) ORDER BY pos",
                (rel, match),
            )
        )

    @_recovering
    def naming(
        self, rel: str, text: str, fields: Sequence[str], statuses: Sequence[str]
    ) -> list[Entry]:
        """Entries of `rel`, in file order, that may name `text` (lower-case) in one of `fields`.

        Among them: every entry whose status is one of `statuses` (or that has none) and whose
        first non-empty field of `fields`, lower-cased, holds `text` or is held in it. The
        query keeps too every such entry it cannot read as Python would: one of the fields is
        not text (a date, a list, a number), the entry has keys that are no strings, or the
        text is not ASCII (SQLite lower-cases ASCII only). The caller tests each entry itself.
        """
        return self._by_first_field(
            rel, fields, statuses, "instr(lower(c), ?) > 0 OR instr(?, lower(c)) > 0", [text, text]
        )

    @_recovering
    def mentioning(
        self, rel: str, terms: Sequence[str], fields: Sequence[str], statuses: Sequence[str]
    ) -> list[Entry]:
        """Entries of `rel`, in file order, that may hold one of `terms` in one of `fields`.

        As `naming`, for entries whose first non-empty field of `fields`, lower-cased, holds
        one of `terms` (lower-case).
        """
        if not terms:
            return []
        held = " OR ".join("instr(lower(c), ?) > 0" for _ in terms)
        return self._by_first_field(rel, fields, statuses, held, list(terms))

    def _by_first_field(
        self,
        rel: str,
        fields: Sequence[str],
        statuses: Sequence[str],
        test: str,
        args: list[str],
    ) -> list[Entry]:
        """Entries in force, in file order, whose first non-empty field `c` passes `test`.

        With them, those SQL cannot read as Python would (see `naming`).
        """
        names = [f'$."{f}"' for f in fields]
        odd = " OR ".join(
            "coalesce(json_type(data, ?), 'null') NOT IN ('text', 'null')" for _ in names
        )
        first = (
            "coalesce(" + ", ".join("nullif(json_extract(data, ?), '')" for _ in names) + ", '')"
        )
        shown = ", ".join("?" for _ in statuses)
        where = (
            f"rel=? AND n IN (SELECT n FROM (SELECT n, data, {first} AS c FROM entries "
            f"WHERE rel=? AND (status IS NULL OR status IN ({shown}))) "
            f"WHERE substr(data, 1, 13) = ? OR {odd} OR c GLOB ? "
            f"OR (c <> '' AND ({test}))) ORDER BY pos"
        )
        every = (rel, *names, rel, *statuses, _ODD_KEYS, *names, _NOT_ASCII, *args)
        return list(self._entries(where, every))

    @_recovering
    def commonness(self, term: str) -> int:
        """How many entries hold each word of `term`, at most: the count of its rarest word."""
        if not self._vocabulary:
            self.db.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocabulary USING fts5vocab(main, fts, row)"
            )
            self._vocabulary = True
        counts = [
            row[0] if row is not None else 0
            for word in segment(term).split()
            for row in [
                self.db.execute("SELECT doc FROM temp.vocabulary WHERE term=?", (word,)).fetchone()
            ]
        ]
        return min(counts, default=0)

    @_recovering
    def search(self, query: str, *, kind: str | None = None, limit: int = 20) -> list[Hit]:
        """Entries matching `query`, best first (BM25)."""
        match = fts_query(query)
        if not match:
            return []
        # rank inside FTS first, then fetch only the rows kept
        args: list[Any]
        where, args = (
            ("fts MATCH ?", [match])
            if kind is None
            else ("fts MATCH ? AND fts.kind = ?", [match, kind])
        )
        sql = (
            "SELECT e.kind, e.id, e.rel, s.line, hits.score, e.data FROM "
            # bm25() sorted by SQLite keeps the best `limit` rows as it goes; `ORDER BY rank`
            # makes FTS5 sort every match first (a quarter slower at 7,000 matches)
            f"(SELECT rowid, bm25(fts) AS score FROM fts WHERE {where} "
            "ORDER BY score LIMIT ?) AS hits JOIN entries e ON e.n = hits.rowid "
            "JOIN spans s ON s.n = e.n "
            "ORDER BY hits.score"
        )
        args.append(limit)
        return [
            Hit(k, i, rel, line, -score, _title(json.loads(data)))
            for k, i, rel, line, score, data in self.db.execute(sql, args)
        ]

    # ---- updates from the writer -------------------------------------------------------------

    @_recovering
    def record(
        self,
        rel: str,
        text: str,
        *,
        layout: Layout,
        rows: list[Entry],
        shift: list[tuple[int, int, int]],
        before: str,
        digest: str,
    ) -> None:
        """After a write of `rel` (now `text`): store its identity and changed entries.

        `shift` holds (offset, delta, newlines) for every edit, largest offset first: untouched
        entries starting at or after an offset move by its delta, and down by its newlines.
        `rows` replace the entries at their positions (or are new). `before` is the hash of the text
        the edit was made on: if the index no longer holds that version (a reader re-indexed
        the file in between), the file is indexed afresh instead. `digest` is the `text_hash`
        of `text`.
        """
        st = (self.root.memory / rel).stat()
        self.db.execute("BEGIN IMMEDIATE")
        row = self.db.execute("SELECT hash FROM files WHERE rel=?", (rel,)).fetchone()
        if row is None or row[0] != before:
            # a reader indexed this write before us and kept the version it was made on as
            # an outside edit: the change is ours, and journaled as a write
            gone = self.db.execute("DELETE FROM unjournaled WHERE rel=? AND hash=?", (rel, before))
            if gone.rowcount:
                self.db.execute("DELETE FROM unjournaled_entries WHERE rel=?", (rel,))
            self.db.execute("COMMIT")
            if row is None or row[0] != digest:
                self.refresh([rel], outside=False)  # the file holds this write
            return
        try:
            moves = [(self._first_at(rel, at), d, n) for at, d, n in shift if d or n]
            for first, delta, lines in moves:  # every entry from the first after the edit on
                self.db.execute(
                    "UPDATE spans SET start = start + ?, stop = stop + ?, line = line + ?, "
                    "end_line = end_line + ? "
                    "WHERE n IN (SELECT n FROM entries WHERE rel=? AND pos >= ?)",
                    (delta, delta, lines, lines, rel, first),
                )
            for e in rows:
                self.db.execute(
                    "DELETE FROM fts WHERE rowid IN (SELECT n FROM entries WHERE rel=? AND pos=?)",
                    (rel, e.pos),
                )
                self.db.execute("DELETE FROM entries WHERE rel=? AND pos=?", (rel, e.pos))
            self._insert(rows, text)
            self._number_lines(rel, text, rows)
            self.db.execute(
                "INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?,?,?)",
                (
                    rel,
                    st.st_size,
                    st.st_mtime_ns,
                    digest,
                    time.time_ns(),
                    schema_kind(rel),
                    json.dumps(layout._asdict()),
                    "[]",
                ),
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def _span(self, rel: str, pos: int) -> tuple[int, int] | None:
        """(start, line) of entry `pos` of `rel`."""
        row = self.db.execute(
            "SELECT start, line FROM spans WHERE n = (SELECT n FROM entries WHERE rel=? AND pos=?)",
            (rel, pos),
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def _first_at(self, rel: str, at: int) -> int:
        """Position of the first entry of list file `rel` starting at or after offset `at`.

        A list's entries are in file order, so a binary search finds it in a few lookups.
        """
        low, high = 0, self.count(rel)
        while low < high:
            middle = (low + high) // 2
            span = self._span(rel, middle)
            assert span is not None, f"{rel}: no entry {middle} in the index"
            low, high = (middle + 1, high) if span[0] < at else (low, middle)
        return low

    def _number_lines(self, rel: str, text: str, rows: list[Entry]) -> None:
        """Line numbers of the entries `rows`, just written, from the entry before each.

        The entries around them hold their lines already (moved by `record`), so a write
        counts the newlines of what it wrote, not of the file.
        """
        for e in sorted(rows, key=lambda r: r.pos):
            before = self._span(rel, e.pos - 1) if e.pos else None
            at, line = (0, 1) if before is None else before
            line += text.count("\n", at, e.start)
            self.db.execute(
                "UPDATE spans SET line=?, end_line=? "
                "WHERE n = (SELECT n FROM entries WHERE rel=? AND pos=?)",
                (line, line + text.count("\n", e.start, max(e.start, e.stop - 1)), rel, e.pos),
            )


# ---------------------------------------------------------------------------------------------
# What a file holds


def _problems(raw: str | None) -> list[tuple[str, str]]:
    if not raw or raw == "[]":  # most entries: no decoder for them
        return []
    return [(str(p[0]), str(p[1])) for p in json.loads(raw or "[]")]


def _title(data: Any) -> str:
    if isinstance(data, dict):
        for key in ("title", "summary", "decision", "choice", "key", "heading"):
            if isinstance(data.get(key), str):
                return str(data[key])
    return str(data)[:80]


def _search_text(data: Any) -> str:
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                parts.append(str(k))
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif value is not None:
            parts.append(str(value))

    walk(data)
    return " ".join(parts)


def fts_query(query: str) -> str:
    """An FTS5 query: every word must occur; CJK runs must occur as written."""
    terms = []
    for word in re.findall(r"\w+", query):
        tokens = [word] if word.isascii() else segment(word).split()  # ASCII: no CJK regex
        if tokens:
            terms.append('"' + " ".join(t.replace('"', "") for t in tokens) + '"')
    return " AND ".join(terms)


def _markdown_entries(rel: str, text: str) -> Iterator[Entry]:
    """Sections of a Markdown file, one entry per heading."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, ln in enumerate(lines) if ln.startswith("#")] or [0]
    if starts[0] != 0:
        starts.insert(0, 0)
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln))
    for pos, (a, b) in enumerate(zip(starts, [*starts[1:], len(lines)], strict=True)):
        body = "".join(lines[a:b])
        if not body.strip():
            continue
        heading = lines[a].lstrip("#").strip() if lines and lines[a].startswith("#") else rel
        yield Entry(
            rel,
            pos,
            "markdown",
            None,
            "",
            None,
            offsets[a],
            offsets[b],
            a + 1,
            b,
            text_hash(body),
            {"heading": heading, "text": body},
            [],
        )


def _yaml_entries(
    rel: str,
    kind: str | None,
    text: str,
    cached: dict[str, Held],
    known: Layout | None = None,
) -> tuple[Layout | None, list[Entry], list[tuple[str, str]]]:
    from omp import outline
    from omp.errors import InvalidYamlError

    list_kind = list_kind_of(kind)
    try:
        if list_kind is None:
            data = _load(text, source=rel)
            return None, list(_fact_entries(rel, kind, text, data)), _file_problems(kind, data)
        return list_entries(rel, kind, list_kind.name, text, cached, known)
    except (InvalidYamlError, outline.EditError) as e:
        error: Exception = e
        try:  # an entry's own parse error has the entry's line numbers: ask the whole file
            _load(text, source=rel)
        except InvalidYamlError as whole:
            error = whole
        if isinstance(error, InvalidYamlError) and error.line is not None:
            return None, [], [(f"line {error.line}, column {error.column}", error.problem)]
        return None, [], [("(file)", getattr(error, "problem", str(error)))]


def _file_problems(kind: str | None, data: Any) -> list[tuple[str, str]]:
    from omp.schema import stored_problems

    return stored_problems(kind, data)


def _entry_problems(kind_name: str, data: Any) -> list[tuple[str, str]]:
    """What `omp validate` finds in one entry (paths relative to it)."""
    from omp.schema import check_entry, conflict_problems, secret_problems

    return check_entry(kind_name, data) + secret_problems(data) + conflict_problems(data)


def _fact_entries(rel: str, kind: str | None, text: str, data: Any) -> Iterator[Entry]:
    """Project facts (and other mapping files): one entry per leaf, by dotted key."""
    if not isinstance(data, dict) or kind not in ("project", None):
        return
    line_of: dict[str, int] = {}
    for n, ln in enumerate(text.splitlines(), start=1):
        m = re.match(r"\s*([^\s#:][^:#]*?)\s*:", ln)
        if m:
            line_of.setdefault(m.group(1).strip("\"'"), n)

    def leaves(value: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
        if isinstance(value, dict) and value:
            for k, v in value.items():
                yield from leaves(v, [*path, str(k)])
        else:
            yield path, value

    for pos, (path, value) in enumerate(leaves(data, [])):
        if not path or path[0] == "_meta":
            continue
        dotted = ".".join(path)
        line = line_of.get(path[-1], 1)
        yield Entry(
            rel,
            pos,
            "project",
            dotted,
            dotted,
            None,
            0,
            0,
            line,
            line,
            "",
            {"key": dotted, "value": value},
            [],
        )


def list_entries(
    rel: str,
    kind: str | None,
    kind_name: str,
    text: str,
    cached: dict[str, Held],
    known: Layout | None = None,
) -> tuple[Layout, list[Entry], list[tuple[str, str]]]:
    """Layout, entries and problems of a list file's text.

    `cached`: data and problems of entries by the hash of their text; `known`: the layout of
    the file's last indexing (its checked skeleton is reused when unchanged).
    """
    from omp import outline
    from omp.errors import InvalidYamlError

    o = outline.Outline(text)
    if o.docs > 1:
        raise outline.EditError("the file holds several YAML documents")
    top = o.top()
    keys = outline.top_keys(o) if top is not None and top[0] == "map" else []
    names = [k.key for k in keys or []]
    if len(set(names)) < len(names):  # the whole-file parse names the line of the second one
        _load(text, source=rel)
    skeleton: dict[str, Any] | None = None
    container: str | None = None
    source: list[tuple[str, str]] | None = None
    try:
        if top is not None and top[0] == "seq":
            loc = outline.locate_list(o, None)
        else:
            skeleton, container, loc, source = _skeleton(
                o, keys or [], LIST_KINDS[kind_name], rel, None if known is None else known.skeleton
            )
        items = loc.items if loc is not None else []
        if skeleton is not None and container is not None and not items and skeleton[container]:
            return _read_whole(o, rel, kind, kind_name, text, [], FLOW_LIST)
        rows, problems = _rows(o, text, rel, kind_name, items, container, cached)
    except InvalidYamlError as bad:  # an alias to an anchor in another entry, or outside
        if "alias" not in bad.problem:
            raise
        return _read_whole(o, rel, kind, kind_name, text, _list_items(o, kind_name), SHARED_ANCHORS)
    kept = None
    if top is not None:  # an empty file is an empty memory
        found, kept = checked_skeleton(
            kind, skeleton, None if known is None else known.skeleton, source
        )
        problems += found
    problems += _duplicate_ids(rows, container or kind_name)
    meta_key = next((k for k in keys or [] if k.key == "_meta"), None)
    layout = Layout(
        top="seq" if top is not None and top[0] == "seq" else "map",
        container=container,
        dash_col=loc.dash_col if loc is not None and items else -1,
        insert_at=o.offsets[items[-1].end] if items else -1,
        meta=None
        if meta_key is None
        else (o.offsets[meta_key.value.line], o.offsets[meta_key.value.end]),
        style=_file_style(o, items, rows, None if meta_key is None else meta_key.value).to_json(),
        skeleton=kept,
    )
    return layout, rows, problems


# The longest skeleton JSON a layout keeps (a `_meta` block and a few keys are far shorter)
_KEPT_SKELETON = 16_384


def checked_skeleton(
    kind: str | None,
    skeleton: dict[str, Any] | None,
    known: Any,
    source: list[tuple[str, str]] | None,
) -> tuple[list[tuple[str, str]], Skeleton | None]:
    """The problems of a list file outside its entries, and what its layout keeps of them.

    `skeleton` is that data (None for a file whose top level is a list), read from `source`
    (see `Skeleton`). `known` is what the file's last layout kept: its problems stand when
    the data is the same. What to keep is None when the data has no JSON or a long one.
    """
    try:
        data = dumps(skeleton)
    except (ValueError, RecursionError):  # data that holds itself (`&a [*a]`)
        data = ""
    if data and known is not None and known[0] == data:
        found = [(str(p), str(m)) for p, m in known[1]]
    else:
        from omp.schema import check_skeleton, conflict_problems, secret_problems

        if skeleton is None:
            seq = bool(check_skeleton(kind, []))
            found = [("(top)", "is a list, but this file must be a mapping")] if seq else []
        else:
            found = check_skeleton(kind, skeleton)
            found += secret_problems(skeleton) + conflict_problems(skeleton)
    return found, (data, found, source) if 0 < len(data) <= _KEPT_SKELETON else None


FLOW_LIST = "its list is written in flow style (`[...]`)"
SHARED_ANCHORS = "its entries share YAML anchors and aliases (`&name`, `*name`)"


def _read_whole(
    o: Any, rel: str, kind: str | None, kind_name: str, text: str, items: list[Any], why: str
) -> tuple[Layout, list[Entry], list[tuple[str, str]]]:
    """A list file the surgical editor cannot handle, read whole: every entry, no edits.

    `items` are the entries' places in the outline when it has them (a block list whose
    entries share anchors); without them (a flow list) an entry's place is the line that
    names its id.
    """
    data = _load(text, source=rel)
    list_kind = LIST_KINDS[kind_name]
    container = None
    values: Any = data
    if isinstance(data, dict):
        container = next((k for k in list_kind.containers if k in data), None)
        values = data.get(container) if container is not None else []
    values = values if isinstance(values, list) else []
    problems = _file_problems(kind, data)
    spans = [(o.offsets[i.line], o.offsets[i.end], i.line + 1, i.end) for i in items]
    if len(spans) != len(values):
        spans = _id_lines(o, values)
    rows: list[Entry] = []
    for pos, (value, (start, stop, line, end_line)) in enumerate(zip(values, spans, strict=True)):
        is_map = isinstance(value, dict)
        eid = None if not is_map or value.get("id") is None else str(value["id"])
        rows.append(
            Entry(
                rel,
                pos,
                kind_name,
                eid,
                identity_key(list_kind, value) if is_map else "",
                str(value["ref"]) if is_map and value.get("ref") else None,
                start,
                stop,
                line,
                end_line,
                text_hash(text[start:stop] + f"#{pos}"),
                value,
                _entry_problems(kind_name, value),
            )
        )
    problems += _duplicate_ids(rows, container or kind_name)
    layout = Layout("other", container, -1, -1, None, o.detect_style().to_json(), fixed=why)
    return layout, rows, problems


def _duplicate_ids(rows: list[Entry], where: str) -> list[tuple[str, str]]:
    counts: dict[str, int] = {}
    for e in rows:
        if e.id is not None:
            counts[e.id] = counts.get(e.id, 0) + 1
    return [(where, f"id {i!r} is used by {n} entries") for i, n in counts.items() if n > 1]


def _list_items(o: Any, kind_name: str) -> list[Any]:
    """The outline's items of the file's list (top-level, or under its list key)."""
    from omp import outline

    for container in (None, *LIST_KINDS[kind_name].containers):
        loc = outline.locate_list(o, container)
        if loc is not None and loc.items:
            return list(loc.items)
    return []


def _id_lines(o: Any, values: list[Any]) -> list[tuple[int, int, int, int]]:
    """Each entry's place as the line that names its id, after the previous entry's line."""
    at = 0
    out = []
    for value in values:
        eid = value.get("id") if isinstance(value, dict) else None
        n = at
        if eid is not None:
            n = next((k for k in range(at, len(o.lines)) if str(eid) in o.lines[k]), at)
        n = min(n, max(len(o.lines) - 1, 0))
        out.append(
            (
                o.offsets[n],
                o.offsets[n + 1] if n + 1 < len(o.offsets) else o.offsets[n],
                n + 1,
                n + 1,
            )
        )
        at = n
    return out


def _load(text: str, source: str) -> Any:
    """`yamlio.load`, imported when first needed.

    Indexing a file again after an edit of its comments, or of entries the index holds,
    parses nothing: it imports no YAML library. Entries in the plain YAML omp writes (and
    most hand edits of them) are read by `fastyaml`, which needs none either.
    """
    from omp import fastyaml  # not at import: reads from a current index parse nothing

    data = fastyaml.load(text)
    if data is not fastyaml.UNSURE:
        return data
    from omp import yamlio

    return yamlio.load_by_ruamel(text, source=source)


def _skeleton(
    o: Any, keys: list[Any], list_kind: Any, rel: str, known: Any
) -> tuple[dict[str, Any], str | None, Any, list[tuple[str, str]]]:
    """The file's data outside its entries (the list as `[]`), its list key and location.

    And the source of that data (see `Skeleton`): when it is what the file's last layout
    kept (`known`), the data kept is taken again and no line is parsed.
    """
    from omp import outline

    container: str | None = None
    loc = None
    snippets: list[tuple[str, str]] = []  # (key, its lines), or "" for a list that has items
    for k in keys:
        snippet = "".join(o.lines[k.value.line : k.value.end])
        if k.key in list_kind.containers and container is None:
            container = k.key
            loc = outline.locate_list(o, k.key)
            empty = loc is not None and not loc.items  # `key: []`, `key:` or `key: null`
            snippets.append((k.key, snippet if empty else ""))
        else:
            snippets.append((k.key, snippet))
    source = [(key, text_hash(snippet) if snippet else "") for key, snippet in snippets]
    if (
        known is not None
        and len(known) > 2
        and known[2] is not None
        and [tuple(pair) for pair in known[2]] == source
    ):
        kept = loads(known[0])
        if isinstance(kept, dict) and dumps(kept) == known[0]:  # JSON keeps its types
            return kept, container, loc, source
    skeleton: dict[str, Any] = {}
    for key, snippet in snippets:
        if key == container:
            skeleton[key] = _load(snippet, rel).get(key) if snippet else []
        else:
            parsed = _load(snippet, rel)
            skeleton.update(parsed if isinstance(parsed, dict) else {})
    return skeleton, container, loc, source


def _parse_all(text: str, spans: list[tuple[int, int]]) -> list[Any] | None:
    """Every item parsed in one go (one parser setup, not one per entry), when most are new.

    None when the items do not read back one for one.
    """
    out: list[Any] = []
    for chunk in _chunks(text, spans):
        items = _parse_chunk(*chunk)
        if items is None:
            return None  # parsed entry by entry, the error gets its place
        out += items
    return out


def _chunks(text: str, spans: list[tuple[int, int]]) -> list[tuple[str, int]]:
    """The text of each `_BULK` items in a row, and how many items it holds."""
    out = []
    for first in range(0, len(spans), _BULK):  # a parser holds every node of what it reads
        chunk = spans[first : first + _BULK]
        out.append((text[chunk[0][0] : chunk[-1][1]], len(chunk)))
    return out


def _parse_chunk(text: str, count: int) -> list[Any] | None:
    """The `count` list items `text` holds, parsed at once; None if they do not read back."""
    from omp.errors import InvalidYamlError

    try:
        parsed = _load("_:\n" + text, "<string>")
    except InvalidYamlError:
        return None
    items = parsed.get("_") if isinstance(parsed, dict) else None
    if not isinstance(items, list) or len(items) != count:
        return None
    return items


# Entries parsed at once by `_parse_all`: enough to spare the parser's setup, few enough that
# the nodes it builds for a 50,000-entry file do not all live at the same time.
_BULK = 2000


def _entry_keys(list_kind: Any, data: Any) -> tuple[str | None, str, str | None]:
    """An entry's id, identity and ref, as the index keeps them."""
    if not isinstance(data, dict):
        return None, "", None
    eid = data.get("id")
    ref = data.get("ref")
    return (
        None if eid is None else str(eid),
        identity_key(list_kind, data),
        str(ref) if ref else None,
    )


# ---- reading a large file in worker processes ------------------------------------------------
#
# A file read for the first time (after a clone, `omp index --rebuild`, a checkout far back)
# is parsed and checked entry by entry: about 0.4 ms an entry, most of it the YAML constructor
# and the secret scan, so 20-25 s for the benchmark's 60,000 entries. That work is a
# function of each entry's text alone, so a file with many new entries is handed in chunks
# (`_chunks`: those of `_parse_all`, so that what parses is the same) to worker processes,
# which give back what the index holds of each entry (`Held`); the rest (finding the entries,
# their style, storing them) stays here. Any failure there (a chunk that does not parse,
# data that has no JSON, a worker that cannot start or dies) leaves the file to be read here,
# as it would be without workers.

WORKERS_ENV = "OMP_INDEX_WORKERS"  # how many worker processes a large read may use; 1: none
# New entries that make starting workers (about 0.2 s each, importing omp) worth it
_PARALLEL_MIN = 4000
_MAX_WORKERS = 8


def workers() -> int:
    """How many worker processes a large read may use: $OMP_INDEX_WORKERS, else the CPUs."""
    raw = os.environ.get(WORKERS_ENV, "").strip()
    if raw.isdigit():
        return max(1, int(raw))
    affinity = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return max(1, min(cpus, _MAX_WORKERS))


def _read_in_workers(
    kind_name: str, text: str, spans: list[tuple[int, int]], digests: list[str]
) -> dict[str, tuple[Held, tuple[str | None, ...]]] | None:
    """What the index would hold of every item, read in worker processes; None: read here.

    By the hash of each item's text: its `Held` and what storing it takes (`_stored_row`).
    """
    chunks = _chunks(text, spans)
    count = min(workers(), len(chunks))
    if count < 2:
        return None
    shares = _run_workers(kind_name, [chunks[k::count] for k in range(count)])
    if shares is None:
        return None
    read: list[Any] = [None] * len(chunks)
    for k, share in enumerate(shares):
        read[k::count] = share
    if any(r is None for r in read):
        return None
    return {
        digest: (Held(*held), row)
        for digest, (held, row) in zip(digests, (h for r in read for h in r), strict=True)
    }


# What a worker process runs: it takes the parent's `sys.path` (to import the same omp the
# same way) and its job, then imports omp and does the job (`work`). Not `multiprocessing`:
# the processes it spawns import the parent's main module again, which would run a script
# that uses omp without a main guard once more in every worker.
_WORKER = (
    "import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
    "job = pickle.load(sys.stdin.buffer); from omp.index import work; work(*job)"
)


def _run_workers(kind_name: str, shares: list[list[tuple[str, int]]]) -> list[Any] | None:
    """What `_read_chunk` gives for each chunk of each share, one worker process per share.

    None when a worker cannot start, fails or dies; every worker is gone when this returns
    (also on Ctrl-C, which reaches the workers too).
    """
    import pickle
    import subprocess
    import sys

    children: list[subprocess.Popen[bytes]] = []
    try:
        for _ in shares:  # each kept once started: a failure to start the next still stops it
            children.append(  # noqa: PERF401
                subprocess.Popen(
                    [sys.executable, "-c", _WORKER],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            )
        for child, share in zip(children, shares, strict=True):
            assert child.stdin is not None
            # a worker reads all it is given before it imports omp and works: no pipe fills
            # both ways, and the next worker's job is not held up by this one's imports
            child.stdin.write(pickle.dumps(sys.path) + pickle.dumps((kind_name, share), 5))
            child.stdin.close()
        out = []
        for child in children:
            assert child.stdout is not None
            given = child.stdout.read()
            if child.wait() != 0:
                return None
            out.append(pickle.loads(given))
        return out
    except (OSError, EOFError, pickle.UnpicklingError):
        return None
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
            for pipe in (child.stdin, child.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):  # what a dead worker was not given
                        pipe.close()


def work(kind_name: str, chunks: list[tuple[str, int]]) -> None:
    """A worker process's job (see `_WORKER`): `_read_chunk` of each chunk, pickled on stdout."""
    import pickle
    import sys

    out = [_read_chunk(kind_name, text, count) for text, count in chunks]
    sys.stdout.buffer.write(pickle.dumps(out, 5))
    sys.stdout.buffer.flush()


def _read_chunk(
    kind_name: str, text: str, count: int
) -> list[tuple[tuple[Any, ...], tuple[str | None, ...]]] | None:
    """What the index holds of each of the `count` items of `text` (in a worker process).

    The fields of `Held` (style left for the caller: it needs the file's lines around the
    items) and what storing the entry takes (`_stored_row`); None when the items do not
    parse at once or one's data has no JSON.
    """
    items = _parse_chunk(text, count)
    if items is None:
        return None
    list_kind = LIST_KINDS[kind_name]
    out: list[tuple[Any, ...]] = []
    for data in items:
        try:
            stored = dumps(data)
        except (ValueError, RecursionError):  # data holding itself
            return None
        problems = json.dumps(_entry_problems(kind_name, data))
        out.append(((stored, problems, "", *_entry_keys(list_kind, data)), _stored_row(data)))
    return out


def _rows(
    o: Any,
    text: str,
    rel: str,
    kind_name: str,
    items: list[Any],
    container: str | None,
    cached: dict[str, Held],
) -> tuple[list[Entry], list[tuple[str, str]]]:
    """An `Entry` per item; items whose text is in `cached` are not parsed again.

    An item whose text is new but whose data is that of a cached entry (an edit of its
    comments or layout) gets that entry's problems: they are a function of the data.
    """
    by_data: dict[str, str] | None = None
    list_kind = LIST_KINDS[kind_name]
    rows: list[Entry] = []
    problems: list[tuple[str, str]] = []
    spans = [(o.offsets[item.line], o.offsets[item.end]) for item in items]
    digests = [text_hash(text[a:b]) for a, b in spans]
    fresh = sum(d not in cached for d in digests)
    at_once = len(spans) >= 32 and fresh * 2 >= len(spans)  # most are new: parse them at once
    read = None
    if at_once and fresh >= _PARALLEL_MIN:
        read = _read_in_workers(kind_name, text, spans, digests)
    if read is not None:  # read by worker processes: taken as if the index held them
        cached = {**cached, **{digest: held for digest, (held, _) in read.items()}}
    bulk = _parse_all(text, spans) if at_once and read is None else None
    for pos, item in enumerate(items):
        (start, stop), digest = spans[pos], digests[pos]
        where = f"{container or kind_name}[{pos}]"
        held = cached.get(digest)
        if held is not None:  # what the text held then, it holds now: its data waits
            place = (start, stop, item.line + 1, item.end)
            row = Entry.held(rel, pos, kind_name, place, digest, held)
            if not held.style:
                row.style = _style(o, item)
            if read is not None:
                row.stored_row = read[digest][1]
            problems += [(where if p == "(top)" else f"{where}.{p}", m) for p, m in row.problems]
            rows.append(row)
            continue
        if bulk is not None:
            data = bulk[pos]
        else:
            parsed = _load(text[start:stop], source=f"{rel}:{item.line + 1}")
            data = parsed[0] if isinstance(parsed, list) and parsed else parsed
        known = None
        if cached:  # a file indexed before: a new text may hold known data
            if by_data is None:
                by_data = {h.data: h.problems for h in cached.values()}
            with contextlib.suppress(ValueError, RecursionError):  # data holding itself
                known = by_data.get(dumps(data))
        entry_problems = _entry_problems(kind_name, data) if known is None else _problems(known)
        problems += [(where if p == "(top)" else f"{where}.{p}", m) for p, m in entry_problems]
        rows.append(
            Entry(
                rel,
                pos,
                kind_name,
                *_entry_keys(list_kind, data),
                start,
                stop,
                item.line + 1,
                item.end,
                digest,
                data,
                entry_problems,
                _style(o, item),
            )
        )
    return rows, problems


def _style(o: Any, item: Any) -> str:
    """What an entry's lines show of the file's style, as the index keeps it (JSON)."""
    return json.dumps(o.style_counts(item.line, item.end, item.end))


def _file_style(o: Any, items: list[Any], rows: list[Entry], meta: Any) -> Any:
    """The file's style from its entries' kept counts and the lines around them (not `_meta`).

    The same as `Outline.detect_style`, in the time of the lines outside the entries and
    those of the entries whose text changed.
    """
    from omp.outline import StyleCounts

    parts = []
    read: dict[str, StyleCounts] = {}
    start = 0
    for item, row in zip([*items, None], [*rows, None], strict=True):
        stop = len(o.lines) if item is None else item.line
        if meta is not None and start <= meta.line < stop:
            parts += [o.style_counts(start, meta.line), o.style_counts(meta.end, stop)]
        else:
            parts.append(o.style_counts(start, stop))
        if item is not None and row is not None:
            counts = read.get(row.style)
            if counts is None:  # entries written alike keep the same counts
                flow, block, quoted, plain, seq, mapping = json.loads(row.style)
                counts = StyleCounts(
                    flow, block, quoted, plain, tuple(seq) if seq else None, mapping
                )
                read[row.style] = counts
            parts.append(counts)
            start = item.end
    return o.style_of(parts)
