"""The kinds of memory entries: where their lists live, their fields, and their ids."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from omp.constants import (
    CANDIDATES_FILE,
    CHANGELOG_FILE,
    DECISIONS_FILE,
    IMPORTS_FILE,
    PROJECT_FILE,
    SESSIONS_DIR,
    USER_MEMORIES_FILE,
)


class Timestamp(str):
    """A YAML date or timestamp, kept as its source text so it is written back unchanged."""

    __slots__ = ()


class ListKind(NamedTuple):
    """A memory file that holds a list of entries.

    Attributes:
        name: the kind's name (`decisions`, `changelog`, `sessions`).
        containers: keys that may hold the list, canonical first (a top-level list is also read).
        prefix: prefix of new ids (`dec` gives `dec-YYYY-MM-DD-<6 hex>`).
        fields: field order of new entries.
        identity: fields whose values identify an entry when it has no id in common.
    """

    name: str
    containers: tuple[str, ...]
    prefix: str
    fields: tuple[str, ...]
    identity: tuple[str, ...]


DECISIONS = ListKind(
    "decisions",
    ("decisions",),
    "dec",
    (
        "id",
        "date",
        "title",
        "context",
        "choice",
        "alternatives",
        "rationale",
        "impact",
        "status",
        "valid_from",
        "valid_to",
        "supersedes",
        "source_refs",
        "confidence",
        "created_by",
    ),
    ("title", "choice"),
)
CHANGELOG = ListKind(
    "changelog",
    ("changelog", "changes"),
    "chg",
    ("id", "date", "type", "summary", "scope", "ref", "breaking", "author", "source"),
    ("date", "type", "summary", "scope"),
)
SESSIONS = ListKind(
    "sessions",
    ("sessions",),
    "ses",
    ("id", "start", "end", "summary", "key_actions", "decisions", "outcomes", "errors"),
    ("summary", "key_actions", "decisions", "outcomes"),
)
CANDIDATES = ListKind(
    "candidates",
    ("candidates",),
    "cand",
    ("id", "date", "target", "status", "scope", "confidence", "reason", "entry", "source"),
    ("target", "entry"),
)
USER_MEMORIES = ListKind(
    "memories",
    ("memories",),
    "mem",
    ("id", "date", "text", "kind", "scope", "confidence", "project"),
    ("text",),
)
IMPORTS = ListKind(
    "imports",
    ("imports",),
    "imp",
    (
        "id",
        "date",
        "kind",
        "title",
        "source",
        "status",
        "to",
        "file",
        "source_path",
        "source_id",
        "sha256",
        "size_bytes",
        "message_count",
        "excerpt",
    ),
    ("id",),
)
LIST_KINDS = {
    k.name: k for k in (DECISIONS, CHANGELOG, SESSIONS, CANDIDATES, USER_MEMORIES, IMPORTS)
}

# Upstream spellings of canonical decision fields, used when a file already uses them.
DECISION_ALIASES = {"choice": "decision", "alternatives": "alternatives_considered"}


def schema_kind(rel: str) -> str | None:
    """The schema name for a file path relative to the memory folder (None: no schema)."""
    rel = rel.replace("\\", "/")
    fixed = {
        PROJECT_FILE: "project",
        DECISIONS_FILE: "decisions",
        CHANGELOG_FILE: "changelog",
        "themes/index.yaml": "themes-index",
        "themes/embeddings.json": "embeddings",
        "user-context.yaml": "user-context",
        CANDIDATES_FILE: "candidates",
        USER_MEMORIES_FILE: "user-memories",
        IMPORTS_FILE: "imports",
    }
    if rel in fixed:
        return fixed[rel]
    if rel.startswith(f"{SESSIONS_DIR}/") and rel.endswith(".yaml") and rel.count("/") == 1:
        return "session"
    if rel.startswith("handoffs/") and rel.endswith(".yaml") and rel.count("/") == 1:
        return "handoff"
    return None


def list_kind_of(schema: str | None) -> ListKind | None:
    """The entry list kind held by a file of this schema, if any."""
    return {
        "decisions": DECISIONS,
        "changelog": CHANGELOG,
        "session": SESSIONS,
        "candidates": CANDIDATES,
        "user-memories": USER_MEMORIES,
        "imports": IMPORTS,
    }.get(schema or "")


def container_of(kind: ListKind, data: Any) -> str | None:
    """The key holding the entries in `data` (None when `data` is itself the list)."""
    if isinstance(data, dict):
        for key in kind.containers:
            if key in data:
                return key
    if isinstance(data, list):
        return None
    return kind.containers[0]


def entries(kind: ListKind, data: Any) -> list[Any]:
    """The entries of a parsed file (an empty list when it has none)."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        key = container_of(kind, data)
        found = data.get(key) if key is not None else None
        return found if isinstance(found, list) else []
    return []


def id_spellings(wanted: str) -> list[str]:
    """How an id may be stored as text: `001` is read by YAML as the integer 1."""
    return (
        [wanted, str(int(wanted))] if wanted.isdigit() and str(int(wanted)) != wanted else [wanted]
    )


def same_id(value: Any, wanted: Any) -> bool:
    """Whether an entry's id is `wanted`; `id: 001` (read as the integer 1) matches "001"."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int) and str(wanted).isdigit():
        return value == int(str(wanted))
    return str(value) == str(wanted)


def same(a: Any, b: Any) -> bool:
    """Deep equality that tells `true` from `1` and `1` from `1.0`."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool) or isinstance(a, float) != isinstance(b, float):
        return type(a) is type(b) and a == b
    return bool(a == b)


def same_text(a: Any, b: Any) -> bool:
    """Equal once case and runs of whitespace are ignored (identity of content)."""
    return bool(_canonical(a) == _canonical(b))


def _canonical(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.split()).casefold()
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    return value


def identity_key(kind: ListKind, entry: dict[str, Any]) -> str:
    """Text identifying an entry's content, insensitive to case and spacing."""
    picked = {f: entry.get(f) for f in kind.identity}
    if kind is DECISIONS and picked.get("choice") is None:
        picked["choice"] = entry.get("decision")
    return json.dumps(_canonical(picked), sort_keys=True, ensure_ascii=False, default=str)


def _sha256(data: bytes) -> str:
    """The SHA-256 of a short text, by CPython's own hash when it has it.

    `hashlib` loads OpenSSL, about 3 ms of every `omp add` and post-commit hook; an identity
    key is a few hundred bytes, which any SHA-256 hashes in microseconds.
    """
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]  # CPython 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found]  # CPython 3.11
        except ImportError:  # pragma: no cover - an interpreter without them
            from hashlib import sha256
    return str(sha256(data).hexdigest())


def new_id(kind: ListKind, date: str, entry: dict[str, Any], taken: Callable[[str], bool]) -> str:
    """A merge-safe id `<prefix>-<date>-<hex>` from the entry's content, not `taken`."""
    digest = _sha256(identity_key(kind, entry).encode("utf-8"))
    for width in range(6, len(digest) + 1, 2):
        candidate = f"{kind.prefix}-{date}-{digest[:width]}"
        if not taken(candidate):
            return candidate
    raise AssertionError("sha256 ran out of digits")  # pragma: no cover
