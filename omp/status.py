"""`omp status`: the memory at a glance, the first thing a person runs.

Files with their entry counts and last change, the review queue, the user store and its
queue, the index's health, the journal, and which git hooks and agent wirings are installed.
Everything is read (the index is brought up to date, which is what any read does); nothing is
written to memory.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from omp.constants import CANDIDATES_FILE, SESSIONS_DIR
from omp.errors import OmpError
from omp.paths import MemoryRoot


@dataclass
class FileStatus:
    """One memory file (or the sessions folder, summed)."""

    file: str
    kind: str
    entries: int
    problems: int
    last_change: str | None = None
    last_by: str | None = None
    files: int = 1

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape."""
        return {
            "file": self.file,
            "kind": self.kind,
            "files": self.files,
            "entries": self.entries,
            "problems": self.problems,
            "last_change": self.last_change,
            "last_by": self.last_by,
        }


@dataclass
class Status:
    """What `omp status` shows."""

    project: str
    memory: str
    files: list[FileStatus]
    pending_review: int
    user_store: dict[str, Any]
    index: dict[str, Any]
    journal: dict[str, Any]
    hooks: dict[str, Any]
    agents: dict[str, Any] = field(default_factory=dict)

    @property
    def healthy(self) -> bool:
        """No file has problems."""
        return not any(f.problems for f in self.files)

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape."""
        return {
            "project": self.project,
            "memory": self.memory,
            "files": [f.to_json() for f in self.files],
            "pending_review": self.pending_review,
            "user_store": self.user_store,
            "index": self.index,
            "journal": self.journal,
            "hooks": self.hooks,
            "agents": self.agents,
            "healthy": self.healthy,
        }


def status(root: MemoryRoot) -> Status:
    """The memory of `root` at a glance."""
    from omp import journal
    from omp.index import Index, refresh_and_read

    def read(index: Index) -> tuple[dict[str, int], list[Any], int, str]:
        db = index.db
        counts = dict(db.execute("SELECT rel, count(*) FROM entries GROUP BY rel").fetchall())
        infos = db.execute("SELECT rel, kind, problems FROM files ORDER BY rel").fetchall()
        pending = db.execute(
            "SELECT count(*) FROM entries WHERE rel=? AND coalesce(status,'pending')='pending'",
            (CANDIDATES_FILE,),
        ).fetchone()[0]
        where = "in memory (read-only cache)" if str(index.path) == ":memory:" else str(index.path)
        return counts, infos, int(pending), where

    reindexed, (counts, infos, pending, where) = refresh_and_read(root, read)
    total = sum(counts.values())
    last = _last_changes(root)
    files: list[FileStatus] = []
    sessions = FileStatus(f"{SESSIONS_DIR}/", "sessions", 0, 0, files=0)
    for rel, kind, problems in infos:
        n_problems = len(_loads(problems))
        changed = last.get(rel)
        if rel.startswith(f"{SESSIONS_DIR}/"):
            sessions.files += 1
            sessions.entries += counts.get(rel, 0)
            sessions.problems += n_problems
            if changed and (sessions.last_change or "") < changed[0]:
                sessions.last_change, sessions.last_by = changed
            continue
        files.append(
            FileStatus(
                rel,
                kind or ("markdown" if rel.endswith(".md") else "other"),
                counts.get(rel, 0),
                n_problems,
                *(changed or (None, None)),
            )
        )
    if sessions.files:
        files.append(sessions)
    return Status(
        root.project.as_posix(),
        root.display(root.memory),
        files,
        pending,
        _user_store(root),
        {"path": where, "files": len(infos), "entries": total, "reindexed": len(reindexed)},
        {"cursor": journal.latest_cursor(root), "problem": journal.problem(root)},
        _hooks(root),
        _agents(root),
    )


def _loads(text: str | None) -> list[Any]:
    import json

    try:
        found = json.loads(text or "[]")
    except ValueError:
        return []
    return found if isinstance(found, list) else []


def _last_changes(root: MemoryRoot) -> dict[str, tuple[str, str]]:
    """The journal's latest (time, by) per memory file (relative to the memory folder)."""
    from omp import journal

    prefix = root.display(root.memory) + "/"
    out: dict[str, tuple[str, str]] = {}
    for change in journal.read(root).changes:
        out[change.file.removeprefix(prefix)] = (change.time, change.by)
    return out


def _user_store(root: MemoryRoot) -> dict[str, Any]:
    from omp import userstore

    queued = len(userstore.pending(root))
    try:
        store_root = userstore.open_store(create=False)
    except userstore.UserStoreUnavailableError as e:
        return {"available": False, "reason": str(e), "memories": 0, "queued": queued}
    return {
        "available": True,
        "path": str(store_root.memory),
        "memories": len(userstore.memories()),
        "queued": queued,
    }


def _hooks(root: MemoryRoot) -> dict[str, Any]:
    from omp import hooks

    try:
        found = hooks.status(root.project)
    except OmpError as e:
        return {"installed": False, "reason": str(e).splitlines()[0]}
    states = {h.name: h.state for h in found.hooks}
    return {
        "installed": all(s.startswith("omp") for s in states.values()),
        "hooks": states,
        "merge_driver": found.merge_driver,
    }


def _agents(root: MemoryRoot) -> dict[str, Any]:
    """Which agent wirings `omp agents install` made (empty when that is unavailable)."""
    with contextlib.suppress(ImportError, OmpError, AttributeError):
        from omp import agents

        report = agents.status(root)
        as_json = getattr(report, "to_json", None)
        return dict(as_json()) if callable(as_json) else {}
    return {}
