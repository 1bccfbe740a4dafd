"""The user store: memories about the person, shared by all of their projects.

It lives in `$XDG_DATA_HOME/omp/memory/memories.yaml` (default `~/.local/share/omp/`;
`$OMP_USER_STORE` names another folder, or `off` to do without one) and is written by the same
writer as project memory: lock, backup, atomic replace, `_meta`. When it cannot be used,
PERSONAL and UNIVERSAL items are queued in the project's `user-context.yaml` in the upstream
degraded-mode shape (`_degraded`, `_reason`, `pending_memories`) and `omp user flush` moves them
later; moving an item twice stores it once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from omp import store
from omp.constants import USER_CONTEXT_FILE, USER_MEMORIES_FILE
from omp.errors import OmpError
from omp.paths import MemoryRoot
from omp.records import USER_MEMORIES

USER_STORE_ENV = "OMP_USER_STORE"
_TEMPLATE = (
    "# Memories about you (preferences, skills), shared by all your projects.\n"
    "# Written by omp; see `omp user --help`.\n\nmemories: []\n"
)
_CONTEXT_TEMPLATE = (
    "# User-level memories waiting for the user store (omp user flush moves them).\n"
    "_degraded: false\npending_memories: []\n"
)


class UserStoreUnavailableError(OmpError):
    """The user store folder cannot be created or written."""


def location() -> Path:
    """The user store folder (it may not exist yet)."""
    override = os.environ.get(USER_STORE_ENV, "").strip()
    if override and override.lower() != "off":
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "omp"


def open_store(*, create: bool = True) -> MemoryRoot:
    """The user store as a memory root, created on first use.

    Raises:
        UserStoreUnavailableError: it is switched off or its folder cannot be written.
    """
    if os.environ.get(USER_STORE_ENV, "").strip().lower() == "off":
        raise UserStoreUnavailableError(
            f"the user store is switched off (${USER_STORE_ENV}=off)",
            hint=f"unset {USER_STORE_ENV} to use {location()}",
        )
    base = location()
    memory = base / "memory"
    try:
        if create:
            memory.mkdir(parents=True, exist_ok=True)
        probe = memory
        while not create and not probe.exists() and probe.parent != probe:
            probe = probe.parent  # not created yet (a dry run): can it be?
        if not probe.is_dir() or not os.access(probe, os.W_OK | os.X_OK):
            raise PermissionError(f"{probe} is not a writable folder")
    except OSError as e:
        raise UserStoreUnavailableError(
            f"the user store {memory} cannot be used: {e.strerror or e}",
            hint=f"make it writable, or set ${USER_STORE_ENV} to a folder you own",
        ) from None
    return MemoryRoot(project=base, memory=memory)


def unavailable() -> str | None:
    """Why the user store cannot be used (None: it can); nothing is created to find out."""
    try:
        open_store(create=False)
    except UserStoreUnavailableError as e:
        return str(e)
    return None


class UserItem(NamedTuple):
    """A memory about the person."""

    text: str
    kind: str = "preference"
    scope: str = "PERSONAL"
    confidence: float | None = None
    project: str | None = None

    def entry(self) -> dict[str, Any]:
        """The fields written to the user store."""
        fields = {
            "text": self.text,
            "kind": self.kind,
            "scope": self.scope,
            "confidence": self.confidence,
            "project": self.project,
        }
        return {k: v for k, v in fields.items() if v is not None}


def add(
    items: Sequence[UserItem], *, by: str | None = None, dry_run: bool = False
) -> store.WriteResult:
    """Store `items` in the user store (an item already there, same text, is not repeated).

    Raises:
        UserStoreUnavailableError: the store cannot be used.
    """
    return put([item.entry() for item in items], by=by, dry_run=dry_run)


def put(
    entries: Sequence[dict[str, Any]], *, by: str | None = None, dry_run: bool = False
) -> store.WriteResult:
    """Store whole entries (ids and dates kept, as `omp import` restores them).

    Raises:
        UserStoreUnavailableError: the store cannot be used.
    """
    root = open_store(create=not dry_run)
    if dry_run and not (root.memory / USER_MEMORIES_FILE).exists():
        return store.WriteResult((), (), True)  # nothing there yet, and a dry run creates nothing
    _ensure_file(root, dry_run=dry_run)

    def edits(tx: store.Transaction) -> None:
        for entry in entries:
            tx.upsert(USER_MEMORIES, USER_MEMORIES_FILE, entry)

    return store.transact(root, [edits], by=by, dry_run=dry_run)


def _ensure_file(root: MemoryRoot, *, dry_run: bool) -> None:
    path = root.memory / USER_MEMORIES_FILE
    if not path.exists() and not dry_run:
        from omp import writer

        writer.create_new(path, _TEMPLATE)


def memories() -> list[dict[str, Any]]:
    """Everything in the user store (empty when it does not exist yet)."""
    try:
        root = open_store(create=False)
    except UserStoreUnavailableError:
        return []
    path = root.memory / USER_MEMORIES_FILE
    if not path.is_file():
        return []
    from omp import yamlio
    from omp.paths import read_text
    from omp.records import entries

    data = yamlio.load(read_text(path), source=str(path))
    return [e for e in entries(USER_MEMORIES, data) if isinstance(e, dict)]


def queue(tx: store.Transaction, items: Sequence[UserItem], reason: str) -> None:
    """Within a project transaction: hold `items` in user-context.yaml for a later flush."""
    doc = tx.doc(USER_CONTEXT_FILE, template=_CONTEXT_TEMPLATE)
    data = doc.data if isinstance(doc.data, dict) else {}
    pending = list(data.get("pending_memories") or [])
    texts = {str(p.get("text")) for p in pending if isinstance(p, dict)}
    added = False
    for item in items:
        if item.text not in texts:
            pending.append({**item.entry(), "created_at": tx.now})
            texts.add(item.text)
            added = True
    if added:
        tx.set_in(USER_CONTEXT_FILE, ["_degraded"], True)
        tx.set_in(USER_CONTEXT_FILE, ["_reason"], reason)
        tx.set_in(USER_CONTEXT_FILE, ["pending_memories"], pending)


def pending(root: MemoryRoot) -> list[dict[str, Any]]:
    """The items queued in the project's user-context.yaml."""
    path = root.memory / USER_CONTEXT_FILE
    if not path.is_file():
        return []
    from omp import yamlio
    from omp.paths import read_text

    data = yamlio.load(read_text(path), source=root.display(path))
    items = data.get("pending_memories") if isinstance(data, dict) else None
    return [p for p in items or [] if isinstance(p, dict) and p.get("text")]


class FlushResult(NamedTuple):
    """What `omp user flush` moved."""

    moved: int
    user: store.WriteResult | None
    project: store.WriteResult | None


def flush(root: MemoryRoot, *, by: str | None = None, dry_run: bool = False) -> FlushResult:
    """Move the items queued in user-context.yaml to the user store, then empty the queue.

    The store is written first and stores an item once however often it is moved, so a crash
    between the two writes leaves at worst a queue that a second flush empties.

    Raises:
        UserStoreUnavailableError: the store still cannot be used (nothing is changed).
    """
    queued = pending(root)
    if not queued:
        return FlushResult(0, None, None)
    items = [
        UserItem(
            str(p["text"]),
            str(p.get("kind") or "preference"),
            str(p.get("scope") or "PERSONAL"),
            p.get("confidence") if isinstance(p.get("confidence"), int | float) else None,
            str(p["project"]) if p.get("project") else root.project.name,
        )
        for p in queued
    ]
    user = add(items, by=by, dry_run=dry_run)

    def clear(tx: store.Transaction) -> None:
        tx.set_in(USER_CONTEXT_FILE, ["pending_memories"], [])
        tx.set_in(USER_CONTEXT_FILE, ["_degraded"], False)

    project = store.transact(root, [clear], by=by, dry_run=dry_run)
    return FlushResult(len(items), user, project)
