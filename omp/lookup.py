"""Reads: one entry by id, full-text search and index upkeep, answered from the index.

A read that finds the index current parses no YAML at all: the index holds each entry's data
and where its lines are, so `omp show --id` slices the file and `omp search` asks SQLite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from omp.constants import CHANGELOG_FILE, DECISIONS_FILE, PROJECT_FILE, SESSIONS_DIR
from omp.errors import UsageError, ValidationError
from omp.index import Entry, Hit, Index, memory_files, refresh_and_read
from omp.paths import MemoryRoot, read_text
from omp.records import id_spellings

_SHOW_FILES = {"project": PROJECT_FILE, "decisions": DECISIONS_FILE, "changelog": CHANGELOG_FILE}
KINDS = ("decisions", "changelog", "sessions", "project", "markdown")


def _read(path: Path) -> str:
    return read_text(path)


def _session_files(root: MemoryRoot) -> list[str]:
    folder = root.memory / SESSIONS_DIR
    if not folder.is_dir():
        return []
    return sorted(
        f"{SESSIONS_DIR}/{p.name}"
        for p in folder.iterdir()
        if p.name.endswith(".yaml") and not p.name.startswith(".")
    )


class Shown(NamedTuple):
    """What `omp show` prints: the text as written, its data, and warnings for stderr."""

    text: str
    data: Any
    warnings: tuple[str, ...] = ()


def show(root: MemoryRoot, what: str, *, id: str | None = None, data: bool = True) -> Shown:
    """The text and data of `what` (project | decisions | changelog | sessions), or one entry.

    With `data=False` the files are not parsed (the data is None): printing a file needs
    only its text. When several entries share the id (a hand edit, a merge), the first is
    shown and a warning names them all.

    Raises:
        UsageError: unknown `what`, or no entry with that id.
    """
    if what not in (*_SHOW_FILES, "sessions"):
        raise UsageError(
            f"cannot show {what!r}", hint="use project, decisions, changelog or sessions"
        )
    if id is not None:
        return _show_entry(root, what, id)
    rels = _session_files(root) if what == "sessions" else [_SHOW_FILES[what]]
    texts, docs = [], []
    for rel in rels:
        path = root.memory_path(rel)
        if not path.is_file():
            continue
        text = _read(path)
        texts.append(f"# {root.display(path)}\n{text}" if what == "sessions" else text)
        if data:
            from omp.yamlio import load

            docs.append((root.display(path), load(text, source=root.display(path))))
    if what != "sessions":
        return Shown(texts[0], docs[0][1] if docs else None) if texts else Shown("", None)
    return Shown(
        "\n".join(texts), [{"file": f, **(d if isinstance(d, dict) else {})} for f, d in docs]
    )


def _show_entry(root: MemoryRoot, what: str, id: str) -> Shown:
    if what == "project":
        raise UsageError("--id works with decisions, changelog and sessions")
    rels = _session_files(root) if what == "sessions" else [_SHOW_FILES[what]]
    with Index(root) as index:
        index.refresh(rels)
        found = [e for i in id_spellings(id) for e in index.find_id(what, i) if e.rel in rels]
        if not found:
            broken = [
                (rel, info.problems)
                for rel in rels
                if (info := index.file(rel)) is not None and info.problems
            ]
            if broken:
                rel, problems = broken[0]
                raise ValidationError(
                    root.display(root.memory / rel),
                    problems,
                    hint=f"the file has problems, so {id!r} may be in it unseen; run "
                    "`omp validate`",
                )
            raise UsageError(
                f"no {what} entry with id {id!r}", hint=f"`omp show {what}` lists them"
            )
        found.sort(key=lambda e: (rels.index(e.rel), e.pos))
        shown = found[0]
        text = _dedent(index.body(shown.rel, shown.pos))
        return Shown(text, shown.data, _duplicates(root, id, found))


def _duplicates(root: MemoryRoot, id: str, found: list[Entry]) -> tuple[str, ...]:
    """A warning when more than one entry answers to `id` (empty when only one does)."""
    if len(found) < 2:
        return ()
    files = list(dict.fromkeys(e.rel for e in found))
    if len(files) == 1:
        lines = [str(e.line) for e in found]
        where = f"{root.display(root.memory / files[0])}: "
        places = f"at lines {', '.join(lines[:-1])} and {lines[-1]}"
        first = f"line {found[0].line}"
    else:
        where = ""
        spots = [f"{root.display(root.memory / e.rel)}:{e.line}" for e in found]
        places = f"at {', '.join(spots[:-1])} and {spots[-1]}"
        first = spots[0]
    # `omp validate` reports an id repeated as stored, not `001` beside `1`
    validate = len({e.id for e in found}) == 1
    return (
        f"{where}id {id!r} is used by {len(found)} entries, {places}; "
        f"showing the one at {first}\n"
        f"hint: give all but one of them another id (edit the file{'' if len(files) == 1 else 's'})"
        + (", or run `omp validate` to see every duplicate id" if validate else ""),
    )


def _dedent(snippet: str) -> str:
    lines = snippet.splitlines(keepends=True)
    if not lines:
        return snippet
    cut = len(lines[0]) - len(lines[0].lstrip(" "))
    return "".join(ln[cut:] if ln[:cut].strip() == "" else ln for ln in lines)


class SearchResult(NamedTuple):
    """Search hits with the files they come from shown relative to the project."""

    query: str
    hits: list[Hit]
    root: MemoryRoot

    def to_json(self) -> list[dict[str, Any]]:
        """Machine-readable hits, best first."""
        return [
            {
                "kind": h.kind,
                "id": h.id,
                "file": self.file_of(h),
                "line": h.line,
                "score": round(h.score, 4),
                "title": h.title,
            }
            for h in self.hits
        ]

    def file_of(self, hit: Hit) -> str:
        """The hit's file as shown to a user."""
        return self.root.display(self.root.memory / hit.file)


def search(
    root: MemoryRoot, query: str, *, kind: str | None = None, limit: int = 20
) -> SearchResult:
    """Entries matching every word of `query` (Chinese too), ranked by BM25.

    Raises:
        UsageError: an unknown `kind`, a limit below 1 or a query without words.
    """
    if kind is not None and kind not in KINDS:
        raise UsageError(f"--kind {kind!r} is not a kind", hint=f"use one of {', '.join(KINDS)}")
    if limit < 1:
        raise UsageError("--limit must be at least 1")
    if not query.strip() or not any(ch.isalnum() for ch in query):
        raise UsageError("the query has no words to search for", hint='omp search "deploy"')
    with Index(root) as index:
        index.refresh()
        # SQLite's integers stop at 2**63 - 1: a larger limit means "all", not an overflow
        hits = index.search(query, kind=kind, limit=min(limit, 2**63 - 1))
        return SearchResult(query, hits, root)


class IndexReport(NamedTuple):
    """What `omp index` did."""

    path: Path
    reindexed: list[str]
    files: int
    entries: int

    def to_json(self) -> dict[str, Any]:
        """Machine-readable form."""
        return {
            "index": str(self.path),
            "reindexed": self.reindexed,
            "files": self.files,
            "entries": self.entries,
        }


def reindex(root: MemoryRoot, *, rebuild: bool = False) -> IndexReport:
    """Bring the index up to date (only changed files), or rebuild it from nothing."""

    def count(index: Index) -> tuple[Path, int]:
        return index.path, int(index.db.execute("SELECT count(*) FROM entries").fetchone()[0])

    changed, (path, entries) = refresh_and_read(root, count, rebuild=rebuild)
    return IndexReport(path, changed, len(memory_files(root)), entries)
