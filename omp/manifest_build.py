"""Build an Odysseus `agent-migration.v1` manifest from agent exports.

A drop-in for Odysseus' `scripts/agent_migration_manifest.py`: the same flags and defaults, the
same module-level functions, and for every input that program handles the same bytes out, except
`generated_at` (pinned by `SOURCE_DATE_EPOCH` here). Behaviour follows
`odysseus-manifest-spec.md` §1-11, quirks of §15 included, because ids and warnings are part of
the contract. Where the reference crashes or prints invalid JSON (lone surrogates, NaN), this one
prints valid JSON and says what it changed in a warning.

Two paths produce a manifest:
- `build_manifest(args)` returns it as a dict (the reference's API): each JSON file is read whole;
- `main()` streams it: conversation exports are decoded one conversation at a time
  (`omp.jsonstream`) and items are written as they are made, so memory stays flat however large
  the export. Both give the same bytes; the tests hold them to it.

Standard library only, no other omp module but `jsonstream`: `scripts/agent_migration_manifest.py`
loads this from a checkout with nothing installed.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import mimetypes
import os
import re
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from omp import jsonstream

SCHEMA_VERSION = "agent-migration.v1"
TEXT_EXTENSIONS = frozenset(
    {".cfg", ".conf", ".csv", ".json", ".log", ".md", ".markdown", ".py", ".rst", ".toml"}
    | {".txt", ".yaml", ".yml"}
)
MEMORY_KEYS = ("memories", "memory", "items", "data")
CONVERSATION_KEYS = ("conversations", "conversation", "items", "data")
MEMORY_META_KEYS = ("id", "timestamp", "created_at", "updated_at", "source", "tags", "pinned")
CONVERSATION_TIME_KEYS = ("create_time", "created_at", "update_time", "updated_at")

# A conversation export inside a .zip: the member read, and limits against zip bombs.
ZIP_MEMBER = "conversations.json"
ZIP_MAX_BYTES = 16 << 30
ZIP_MAX_RATIO = 200  # uncompressed / compressed, checked past ZIP_RATIO_FLOOR bytes
ZIP_RATIO_FLOOR = 16 << 20

__all__ = [
    "SCHEMA_VERSION",
    "TEXT_EXTENSIONS",
    "InputWarning",
    "build_manifest",
    "collect_archive_paths",
    "collect_conversation_json",
    "collect_memory_json",
    "collect_skill_dir",
    "looks_textual",
    "main",
    "normalize_category",
    "normalize_memory_text",
    "normalize_message",
    "normalize_role",
    "normalize_timestamp",
    "parse_args",
    "parse_skill_frontmatter",
    "sha256_bytes",
    "sha256_path",
    "sha256_text",
    "stable_id",
    "stream_manifest",
    "thread_digest",
    "thread_metadata",
    "utc_now_iso",
]


@dataclass(frozen=True)
class InputWarning:
    """A warning of the manifest: the path concerned and the message (spec §10)."""

    path: str
    message: str


Items = list[dict[str, Any]]
Warnings = list[InputWarning]


# -- hashing and ids (spec §5) --------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


def _utf8(text: str) -> bytes:
    """UTF-8 bytes; a lone surrogate (from a JSON surrogate escape) counts as U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text).encode("utf-8")


def sha256_text(text: str) -> str:
    """Hex SHA-256 of the text's UTF-8."""
    return hashlib.sha256(_utf8(text)).hexdigest()


def sha256_bytes(data: bytes) -> str:
    """Hex SHA-256 of bytes."""
    return hashlib.sha256(data).hexdigest()


def sha256_path(path: Path) -> str:
    """Hex SHA-256 of a file's bytes, read in 64 KiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(65536):
            digest.update(block)
    return digest.hexdigest()


def stable_id(kind: str, source_name: str, *parts: Any) -> str:
    """`kind:` and 16 hex digits of SHA-256 over the fields joined by U+001F (spec §5.1).

    The fields are `kind`, `source_name` and `str()` of each part.
    """
    fields = "\x1f".join([kind, source_name, *map(str, parts)])
    return f"{kind}:{hashlib.sha256(_utf8(fields)).hexdigest()[:16]}"


def utc_now_iso() -> str:
    """The run's time, to the second, `Z`; `SOURCE_DATE_EPOCH` (integer seconds) pins it."""
    pinned = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    now = datetime.now(UTC)
    if pinned:
        with contextlib.suppress(ValueError, OverflowError, OSError):
            now = datetime.fromtimestamp(int(pinned), UTC)
    return now.replace(microsecond=0).isoformat().replace("+00:00", "Z")


# -- reading JSON (spec §5.3) ---------------------------------------------------------------


class _ZipRefused(OSError):
    pass


@contextlib.contextmanager
def _open_json(path: Path) -> Iterator[IO[bytes]]:
    """The bytes of a JSON input: the file, or `conversations.json` inside a `.zip` export."""
    if _is_zip(path):
        with zipfile.ZipFile(path) as archive:
            member = _zip_member(archive)
            with archive.open(member) as f:
                yield f
        return
    with path.open("rb") as f:
        yield f


def _top_member(info: zipfile.ZipInfo) -> bool:
    """`conversations.json` at the top or in one top folder; never `..` or an absolute name."""
    parts = info.filename.replace("\\", "/").split("/")
    return (
        not info.is_dir()
        and parts[-1] == ZIP_MEMBER
        and len(parts) <= 2
        and all(p not in ("", ".", "..") and ":" not in p for p in parts)
    )


def _zip_member(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    """`conversations.json` at the top of the archive or of its one top folder, within limits."""
    found = [info for info in archive.infolist() if _top_member(info)]
    if not found:
        raise _ZipRefused(f"no {ZIP_MEMBER} at the top of the zip archive")
    info = min(found, key=lambda i: (i.filename.count("/"), i.filename))
    if info.flag_bits & 0x1:
        raise _ZipRefused(f"{info.filename} in the zip archive is encrypted")
    if info.file_size > ZIP_MAX_BYTES:
        raise _ZipRefused(
            f"{info.filename} in the zip archive unpacks to {info.file_size} bytes "
            f"(limit {ZIP_MAX_BYTES})"
        )
    ratio = info.file_size / max(info.compress_size, 1)
    if info.file_size > ZIP_RATIO_FLOOR and ratio > ZIP_MAX_RATIO:
        raise _ZipRefused(
            f"{info.filename} in the zip archive unpacks {ratio:.0f} times its packed size "
            f"(limit {ZIP_MAX_RATIO}): refused as a likely zip bomb"
        )
    return info


def read_json(path: Path, *, zipped: bool = False) -> Any:
    """The whole document, read as the reference reads it; raises on any failure.

    With `zipped`, a `.zip` export is opened in place.
    """
    if zipped and _is_zip(path):
        with _open_json(path) as f:
            text = f.read().decode("utf-8")
        return json.loads(text.replace("\r\n", "\n").replace("\r", "\n"))
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def _is_zip(path: Path) -> bool:
    return path.suffix.lower() == ".zip" and path.is_file() and zipfile.is_zipfile(path)


def payload_items(payload: Any, keys: tuple[str, ...]) -> Any:
    """The first of `keys` whose value is a list, for an object; else the payload itself."""
    if isinstance(payload, dict):
        for key in keys:
            if isinstance(payload.get(key), list):
                return payload[key]
    return payload


# -- memory items (spec §6) -----------------------------------------------------------------


def normalize_category(value: Any) -> str:
    """A memory's category: trimmed, lower-cased, `fact` when empty or falsy."""
    return str(value or "fact").strip().lower() or "fact"


def normalize_memory_text(item: Any) -> str:
    """The trimmed text of a memory entry, or `""` when it has none."""
    if isinstance(item, str):
        return item.strip()
    if isinstance(item, dict):
        for key in ("text", "content", "memory", "value"):
            value = item.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
    return ""


def memory_metadata(item: Any, source_path: Path, index: int) -> dict[str, Any]:
    """Where a memory came from, and the `source_*` keys copied from its entry."""
    metadata: dict[str, Any] = {"source_path": str(source_path), "source_index": index}
    if isinstance(item, dict):
        metadata.update({f"source_{k}": item[k] for k in MEMORY_META_KEYS if k in item})
    return metadata


def collect_memory_json(path: Path | str, source_name: str) -> tuple[Items, Warnings]:
    """The `memory` items of one memory export, and its warnings (spec §6)."""
    items, warnings, _ = _memory(Path(path), source_name)
    return items, warnings


def _memory(path: Path, source_name: str) -> tuple[Items, Warnings, bool]:
    """Memory items of one export, its warnings, and whether it could be read at all."""
    try:
        payload = read_json(path)
    except Exception as e:  # the reference turns every read failure into one warning
        return [], [InputWarning(str(path), f"could not read JSON: {e}")], False
    entries = payload_items(payload, MEMORY_KEYS)
    if not isinstance(entries, list):
        message = "expected a JSON list or an object containing a memory list"
        return [], [InputWarning(str(path), message)], False
    items: Items = []
    warnings: Warnings = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        text = normalize_memory_text(entry)
        if not text:
            warnings.append(
                InputWarning(str(path), f"skipped memory at index {index}: missing text")
            )
            continue
        digest = sha256_text(text.lower())
        if digest in seen:
            warnings.append(InputWarning(str(path), f"skipped duplicate memory at index {index}"))
            continue
        seen.add(digest)
        if isinstance(entry, dict):
            category = normalize_category(entry.get("category"))
            source = str(entry.get("source") or source_name)
        else:
            category, source = "fact", source_name
        items.append(
            {
                "id": stable_id("memory", source_name, path, index, digest),
                "kind": "memory",
                "text": text,
                "category": category,
                "source": source,
                "metadata": memory_metadata(entry, path, index),
            }
        )
    return items, warnings, True


# -- conversation items (spec §5.4, §8) -----------------------------------------------------


def normalize_timestamp(value: Any) -> str | None:
    """Numbers as Unix seconds (UTC, to the second, `Z`), anything else `str()` (spec §5.4)."""
    if value is None or value == "":
        return None
    if isinstance(value, int | float):
        try:
            moment = datetime.fromtimestamp(float(value), UTC)
        except (OverflowError, OSError, ValueError):
            return str(value)
        return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return str(value)


def normalize_role(value: Any) -> str:
    """`user`, `assistant`, `system`, `tool`, another role lower-cased, or `unknown`."""
    role = str(value or "unknown").strip().lower()
    if role in ("human", "user"):
        return "user"
    if role in ("assistant", "ai", "bot", "model"):
        return "assistant"
    return role or "unknown"


def _part_text(part: Any) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, dict):
        for key in ("text", "content", "value"):
            if isinstance(part.get(key), str):
                return str(part[key])
    return ""


def _joined(parts: list[Any]) -> str:
    return "\n".join(t for t in (_part_text(p).strip() for p in parts) if t)


def _message_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return _joined(content)
    if isinstance(content, dict):
        if isinstance(content.get("parts"), list):
            return _joined(content["parts"])
        for key in ("text", "content", "value"):
            if isinstance(content.get(key), str):
                return str(content[key])
    for key in ("text", "body", "message"):
        if isinstance(message.get(key), str):
            return str(message[key])
    return ""


def normalize_message(message: dict[str, Any]) -> dict[str, Any] | None:
    """`{role, text, [created_at], [source_id]}`, or None when the message has no text."""
    text = _message_text(message).strip()
    if not text:
        return None
    author = message.get("author")
    author = author if isinstance(author, dict) else {}
    role = (
        message.get("role")
        or message.get("sender")
        or message.get("speaker")
        or author.get("role")
        or author.get("name")
    )
    normalized: dict[str, Any] = {"role": normalize_role(role), "text": text}
    created = normalize_timestamp(
        message.get("created_at") or message.get("create_time") or message.get("timestamp")
    )
    if created:
        normalized["created_at"] = created
    if message.get("id") is not None:
        normalized["source_id"] = str(message["id"])
    return normalized


def _mapping_messages(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    """ChatGPT `mapping` nodes in (create_time, position) order; the tree is ignored."""
    mapping = conversation.get("mapping")
    if not isinstance(mapping, dict):
        return []
    rows: list[tuple[float, int, dict[str, Any]]] = []
    for pos, node in enumerate(mapping.values()):
        if not isinstance(node, dict) or not isinstance(node.get("message"), dict):
            continue
        message = node["message"]
        try:
            key = float(message.get("create_time"))
        except (TypeError, ValueError, OverflowError):  # the reference crashes on overflow
            key = float(pos)
        normalized = normalize_message(message)
        if normalized:
            rows.append((key, pos, normalized))
    rows.sort(key=lambda row: (row[0], row[1]))
    return [row[2] for row in rows]


def _messages(conversation: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    mapped = _mapping_messages(conversation)
    if mapped:
        return mapped, "chatgpt_mapping"
    for key in ("messages", "chat_messages", "turns"):
        raw = conversation.get(key)
        if isinstance(raw, list):
            found = (normalize_message(m) for m in raw if isinstance(m, dict))
            return [m for m in found if m], key
    return [], "unknown"


def _title(conversation: dict[str, Any], index: int) -> str:
    for key in ("title", "name", "summary"):
        value = conversation.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return f"Conversation {index + 1}"


def thread_digest(messages: list[dict[str, Any]]) -> str:
    """`text_sha256` of a thread: SHA-256 of its `role:text` lines."""
    return sha256_text("\n".join(f"{m['role']}:{m['text']}" for m in messages))


def thread_metadata(
    where: str,
    index: int,
    source_format: str,
    messages: list[dict[str, Any]],
    digest: str,
    *,
    included: bool = False,
) -> dict[str, Any]:
    """The metadata every `conversation_thread` item starts with (spec §8.7)."""
    return {
        "source_path": where,
        "source_index": index,
        "source_format": source_format,
        "message_count": len(messages),
        "text_sha256": digest,
        "content_included": included,
    }


def _thread(
    conversation: Any,
    index: int,
    path: Path,
    source_name: str,
    include_content: bool,
    max_messages: int,
) -> tuple[dict[str, Any] | None, Warnings]:
    """One `conversation_thread` item (or None) and its warnings."""
    where = str(path)
    if not isinstance(conversation, dict):
        return None, [
            InputWarning(where, f"skipped conversation at index {index}: expected object")
        ]
    messages, source_format = _messages(conversation)
    if not messages:
        return None, [
            InputWarning(where, f"skipped conversation at index {index}: no text messages found")
        ]
    raw_id = (
        conversation.get("id") or conversation.get("uuid") or conversation.get("conversation_id")
    )
    digest = thread_digest(messages)
    metadata = thread_metadata(where, index, source_format, messages, digest)
    if raw_id is not None:
        metadata["source_id"] = str(raw_id)
    for key in CONVERSATION_TIME_KEYS:
        moment = normalize_timestamp(conversation.get(key))
        if moment:
            metadata[f"source_{key}"] = moment
    item: dict[str, Any] = {
        "id": stable_id("conversation", source_name, path, raw_id or index, digest),
        "kind": "conversation_thread",
        "title": _title(conversation, index),
        "source": source_name,
        "metadata": metadata,
    }
    warnings: Warnings = []
    if include_content:
        if len(messages) > max_messages:
            warnings.append(
                InputWarning(
                    where,
                    f"skipped conversation content at index {index}: over {max_messages} messages",
                )
            )
        else:
            item["messages"] = messages
            metadata["content_included"] = True
    return item, warnings


def collect_conversation_json(
    path: Path | str,
    source_name: str,
    *,
    include_content: bool = False,
    max_messages: int = 2000,
) -> tuple[Items, Warnings]:
    """Conversation threads of one export, read whole (`iter_conversation_json` streams)."""
    path = Path(path)
    try:
        payload = read_json(path, zipped=True)
    except Exception as e:
        return [], [InputWarning(str(path), f"could not read JSON: {e}")]
    payload = payload_items(payload, CONVERSATION_KEYS)
    if isinstance(payload, dict):
        payload = [payload]
    if not isinstance(payload, list):
        return [], [
            InputWarning(
                str(path), "expected a JSON list or an object containing a conversation list"
            )
        ]
    items: Items = []
    warnings: Warnings = []
    for index, conversation in enumerate(payload):
        item, found = _thread(conversation, index, path, source_name, include_content, max_messages)
        warnings.extend(found)
        if item is not None:
            items.append(item)
    return items, warnings


def _stream_conversations(path: Path) -> Generator[tuple[str | None, Any], None, None]:
    """The conversations of an export as (list key, conversation), decoded one at a time.

    Events: `(None, c)` for each element of a top-level list; for a top-level object, `(key,
    c)` for each element of a member `key` of CONVERSATION_KEYS holding a list, preceded by
    `(key, _RESTART)` (a later duplicate key replaces what came before, as in `json`), and at
    the end `(None, _Members(...))` with the members that were not streamed (`_STREAMED` for
    those that were).
    Raises `StreamError` with the text `json.load` would give.
    """
    with _open_json(path) as f:
        reader = jsonstream.Reader(jsonstream.text_chunks(f))
        try:
            yield from _walk(reader)
        except jsonstream.DecodeError:
            raise
        except Exception:
            reader.drain()  # bytes that are not UTF-8, anywhere, are reported first
            raise


def _walk(reader: jsonstream.Reader) -> Iterator[tuple[str | None, Any]]:
    first = reader.start()
    if first == "[":
        for conversation in jsonstream.array_items(reader):
            yield None, conversation
    elif first == "{":
        rest: dict[str, Any] = {}
        for key in jsonstream.object_keys(reader):
            rest.pop(key, None)
            if key in CONVERSATION_KEYS and reader.peek() == "[":
                yield key, _RESTART
                for conversation in jsonstream.array_items(reader):
                    yield key, conversation
                rest[key] = _STREAMED
            else:
                rest[key] = reader.value()
        reader.finish()
        yield None, _Members(rest)
        return
    elif first is None:
        raise reader.error("Expecting value")
    else:  # a scalar: the whole document must be read before it can be refused
        scalar = reader.value()
        reader.finish()
        yield None, _Scalar(scalar)
        return
    reader.finish()


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_RESTART, _STREAMED = _Marker("restart"), _Marker("streamed")


@dataclass
class _Scalar:
    value: Any


@dataclass
class _Members:
    members: dict[str, Any]


# -- skill items (spec §7) ------------------------------------------------------------------


def parse_skill_frontmatter(text: str) -> dict[str, Any]:
    """The builder's own crude frontmatter reading: every value a string (spec §7.5)."""
    if not text.startswith("---"):
        return {}
    end = text.find("\n---", 3)
    if end < 0:
        return {}
    found: dict[str, Any] = {}
    for line in text[3:end].strip().splitlines():
        if not line.strip() or line.lstrip().startswith("#") or ":" not in line:
            continue
        key, value = line.split(":", 1)
        if key.strip():
            found[key.strip()] = value.strip().strip('"').strip("'")
    return found


def _skill_files(root: Path) -> list[Path]:
    """Every existing path named SKILL.md under `root`, sorted component by component.

    Symlinked folders are not entered: what Python 3.11's `rglob` finds, in `sorted` order.
    """
    found: list[Path] = []
    folders = [root]
    while folders:
        folder = folders.pop()
        with contextlib.suppress(OSError):
            if (folder / "SKILL.md").exists():
                found.append(folder / "SKILL.md")
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.is_dir() and not entry.is_symlink():
                    folders.append(folder / entry.name)
    return sorted(found, key=lambda p: p.parts)


def collect_skill_dir(path: Path | str, source_name: str) -> tuple[Items, Warnings]:
    """The `skill` items of every SKILL.md under one folder, and the warnings (spec §7)."""
    path = Path(path)
    if path.is_symlink():
        return [], [InputWarning(str(path), "skills path is a symlink; skipped")]
    if not path.exists():
        return [], [InputWarning(str(path), "skills directory does not exist")]
    if not path.is_dir():
        return [], [InputWarning(str(path), "skills path is not a directory")]
    items: Items = []
    warnings: Warnings = []
    for skill in _skill_files(path):
        if skill.is_symlink():
            warnings.append(InputWarning(str(skill), "skipped symlinked skill file"))
            continue
        try:
            text = skill.read_text(encoding="utf-8")
        except Exception as e:
            warnings.append(InputWarning(str(skill), f"could not read skill: {e}"))
            continue
        frontmatter = parse_skill_frontmatter(text)
        folder = skill.parent.name
        name = str(frontmatter.get("name") or folder).strip() or folder
        digest = sha256_text(text)
        items.append(
            {
                "id": stable_id("skill", source_name, skill, digest),
                "kind": "skill",
                "name": name,
                "category": str(frontmatter.get("category") or "general"),
                "source": source_name,
                "format": "SKILL.md",
                "content": text,
                "metadata": {
                    "source_path": str(skill),
                    "sha256": digest,
                    "frontmatter": frontmatter,
                },
            }
        )
    return items, warnings


# -- archive items (spec §9) ----------------------------------------------------------------


def looks_textual(path: Path) -> bool:
    """Whether an archive file counts as text: by suffix, else by its guessed MIME type."""
    if path.suffix.lower() in TEXT_EXTENSIONS:
        return True
    guessed, _ = mimetypes.guess_type(str(path))
    return bool(guessed and (guessed.startswith("text/") or guessed == "application/json"))


def _walk_archive(folder: Path) -> Iterator[Path | InputWarning]:
    try:
        children = sorted(folder.iterdir())
    except Exception as e:
        yield InputWarning(str(folder), f"could not scan archive directory: {e}")
        return
    for child in children:
        if child.is_symlink():
            yield InputWarning(str(child), "skipped symlinked archive path")
        elif child.is_file():
            yield child
        elif child.is_dir():
            yield from _walk_archive(child)


def _archive_item(
    path: Path, source_name: str, include_content: bool, max_bytes: int
) -> tuple[dict[str, Any] | None, Warnings]:
    if not looks_textual(path):
        return None, [InputWarning(str(path), "skipped non-text archive file")]
    try:
        size = path.stat().st_size
    except Exception as e:
        return None, [InputWarning(str(path), f"could not stat archive file: {e}")]
    try:
        digest = sha256_path(path)
    except Exception as e:
        return None, [InputWarning(str(path), f"could not hash archive file: {e}")]
    warnings: Warnings = []
    metadata: dict[str, Any] = {"source_path": str(path), "size_bytes": size, "sha256": digest}
    item: dict[str, Any] = {
        "id": stable_id("archive", source_name, path, digest),
        "kind": "archive_document",
        "title": path.name,
        "source": source_name,
        "metadata": metadata,
    }
    if include_content and size > max_bytes:
        warnings.append(InputWarning(str(path), f"skipped archive content over {max_bytes} bytes"))
    elif include_content:
        try:
            try:
                item["content"] = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                item["content"] = path.read_text(encoding="utf-8", errors="replace")
                metadata["decoded_with_replacement"] = True
        except OSError as e:  # the reference crashes here (the file went away after hashing)
            warnings.append(InputWarning(str(path), f"could not read archive file: {e}"))
    return item, warnings


def _archive_roots(paths: Iterable[Path | str]) -> tuple[list[Path], Warnings]:
    roots: list[Path] = []
    warnings: Warnings = []
    for path in map(Path, paths):
        if path.is_symlink():
            warnings.append(InputWarning(str(path), "archive path is a symlink; skipped"))
        elif not path.exists():
            warnings.append(InputWarning(str(path), "archive path does not exist"))
        elif not path.is_file() and not path.is_dir():
            warnings.append(InputWarning(str(path), "archive path is not a file or directory"))
        else:
            roots.append(path)
    return roots, warnings


def _archive_events(
    roots: list[Path], source_name: str, include_content: bool, max_bytes: int
) -> Iterator[dict[str, Any] | InputWarning]:
    for root in roots:
        found = [root] if root.is_file() else _walk_archive(root)
        for entry in found:
            if isinstance(entry, InputWarning):
                yield entry
                continue
            item, warnings = _archive_item(entry, source_name, include_content, max_bytes)
            yield from warnings
            if item is not None:
                yield item


def collect_archive_paths(
    paths: Iterable[Path | str],
    source_name: str,
    *,
    include_content: bool = False,
    max_bytes: int = 256_000,
) -> tuple[Items, Warnings]:
    """The `archive_document` items of files and folders, and the warnings (spec §9)."""
    roots, warnings = _archive_roots(paths)
    items: Items = []
    for event in _archive_events(roots, source_name, include_content, max_bytes):
        if isinstance(event, InputWarning):
            warnings.append(event)
        else:
            items.append(event)
    return items, warnings


# -- the manifest ---------------------------------------------------------------------------


def _head(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "generated_at": utc_now_iso(),
        "schema_version": SCHEMA_VERSION,
        "source": {"kind": args.source_kind, "name": args.source_name},
    }


def _tail(items_by_kind: dict[str, int], warnings: Warnings) -> dict[str, Any]:
    return {
        "summary": {
            "counts_by_kind": items_by_kind,
            "item_count": sum(items_by_kind.values()),
            "warning_count": len(warnings),
        },
        "warnings": [{"message": w.message, "path": w.path} for w in warnings],
    }


def build_manifest(args: argparse.Namespace) -> dict[str, Any]:
    """The manifest as a dict, each input read whole (the reference's API and behaviour)."""
    items: Items = []
    warnings: Warnings = []

    def add(found: tuple[Items, Warnings]) -> None:
        items.extend(found[0])
        warnings.extend(found[1])

    for path in args.memory_json:
        add(collect_memory_json(path, args.source_name))
    for path in args.skills_dir:
        add(collect_skill_dir(path, args.source_name))
    for path in args.conversation_json:
        add(
            collect_conversation_json(
                path,
                args.source_name,
                include_content=args.include_conversation_content,
                max_messages=args.max_conversation_messages,
            )
        )
    if args.archive:
        add(
            collect_archive_paths(
                args.archive,
                args.source_name,
                include_content=args.include_archive_content,
                max_bytes=args.max_archive_bytes,
            )
        )
    counts: dict[str, int] = {}
    for item in items:
        counts[item["kind"]] = counts.get(item["kind"], 0) + 1
    manifest = _head(args)
    manifest["items"] = items
    manifest.update(_tail(counts, warnings))
    return manifest


# -- writing (spec §4) ----------------------------------------------------------------------


class _Out:
    """The output, serialised as the reference's `json.dumps` does.

    What would not be valid JSON in UTF-8 (NaN, lone surrogates) is repaired, with a warning.
    """

    def __init__(self, sink: IO[bytes], compact: bool) -> None:
        self.sink = sink
        self.compact = compact

    def dumps(self, value: Any, level: int, where: str, repairs: Warnings) -> bytes:
        opts: dict[str, Any] = {"ensure_ascii": False, "sort_keys": True}
        if self.compact:
            opts["separators"] = (",", ":")
        else:
            opts["indent"] = 2
        try:
            text = json.dumps(value, allow_nan=False, **opts)
        except ValueError:
            text = json.dumps(_finite(value), **opts)
            repairs.append(
                InputWarning(where, "replaced NaN or Infinity with null: they are not valid JSON")
            )
        if level and not self.compact:
            text = text.replace("\n", "\n" + "  " * level)
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: the reference crashes here
            repairs.append(
                InputWarning(where, "replaced a lone surrogate (invalid Unicode) with U+FFFD")
            )
            return _SURROGATE.sub("\ufffd", text).encode("utf-8")


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


class _Items:
    """The `items` list being written, and the warnings and counts that go with it."""

    def __init__(self, out: _Out) -> None:
        self.out = out
        self.count = 0
        self.kinds: dict[str, int] = {}
        self.warnings: Warnings = []
        self.repairs: Warnings = []

    def take(self, items: Iterable[dict[str, Any]], warnings: Iterable[InputWarning]) -> None:
        batch = _Batch(self)
        for item in items:
            batch.add(item)
        batch.warnings.extend(warnings)
        batch.commit()


class _Batch:
    """Items and warnings held back (on disk past a few MiB) until their input is read to the end.

    A JSON error near the end of an export then leaves no items from it, only the warning, as
    when the file is read whole.
    """

    def __init__(self, items: _Items) -> None:
        self.items = items
        self.file = tempfile.SpooledTemporaryFile(max_size=8 << 20)  # noqa: SIM115 (closed by commit/discard)
        self.count = items.count
        self.kinds: dict[str, int] = {}
        self.warnings: Warnings = []
        self.repairs: Warnings = []
        self.index = 0  # the next list index, for conversations

    def add(self, item: dict[str, Any]) -> None:
        where = _item_where(item)
        data = self.items.out.dumps(item, 2, where, self.repairs)
        lead = b"," if self.count else b""
        self.file.write(lead if self.items.out.compact else lead + b"\n    ")
        self.file.write(data)
        self.count += 1
        self.kinds[item["kind"]] = self.kinds.get(item["kind"], 0) + 1

    def commit(self) -> None:
        self.file.seek(0)
        while block := self.file.read(1 << 20):
            self.items.out.sink.write(block)
        self.file.close()
        items = self.items
        items.count = self.count
        for kind, n in self.kinds.items():
            items.kinds[kind] = items.kinds.get(kind, 0) + n
        items.warnings.extend(self.warnings)
        items.repairs.extend(self.repairs)

    def discard(self) -> None:
        self.file.close()


class _NoBatch:
    def discard(self) -> None:
        pass


_NO_BATCH: Any = _NoBatch()


def _item_where(item: dict[str, Any]) -> str:
    metadata = item.get("metadata")
    return str(metadata.get("source_path", "")) if isinstance(metadata, dict) else ""


class _ThreadStream:
    """One conversation export streamed into the manifest's items."""

    def __init__(self, path: Path, args: argparse.Namespace, items: _Items) -> None:
        self.path, self.args, self.items = path, args, items
        self.batches: dict[str | None, _Batch] = {}  # by the member holding the list

    def run(self) -> bool:
        """Read the export to the end and commit its items; False when it could not be read."""
        members: dict[str, Any] | None = None
        events = _stream_conversations(self.path)
        while True:
            try:
                key, value = next(events)
            except StopIteration:
                break
            except Exception as e:  # as the reference: any failure to read is one warning
                return self.fail(f"could not read JSON: {e}")
            # what follows is omp's own work: a failure there is a bug, not a bad export
            if value is _RESTART:  # a duplicate key: the later list replaces the earlier
                self.batches.pop(key, _NO_BATCH).discard()
                self.batches[key] = _Batch(self.items)
            elif isinstance(value, _Members):
                members = value.members
            elif isinstance(value, _Scalar):
                events.close()
                return self.fail("expected a JSON list or an object containing a conversation list")
            else:
                self.thread(key, value)
        chosen = _chosen_list(members)
        if members is not None and chosen is None:  # no conversation list: the object is one
            self.thread(None, members)
        for key, batch in self.batches.items():
            if key == chosen:
                batch.commit()
            else:
                batch.discard()
        return True

    def thread(self, key: str | None, conversation: Any) -> None:
        batch = self.batches.get(key)
        if batch is None:
            batch = self.batches[key] = _Batch(self.items)
        args = self.args
        item, warnings = _thread(
            conversation,
            batch.index,
            self.path,
            args.source_name,
            args.include_conversation_content,
            args.max_conversation_messages,
        )
        batch.index += 1
        batch.warnings.extend(warnings)
        if item is not None:
            batch.add(item)

    def fail(self, message: str) -> bool:
        for batch in self.batches.values():
            batch.discard()
        self.items.warnings.append(InputWarning(str(self.path), message))
        return False


def _chosen_list(members: dict[str, Any] | None) -> str | None:
    """The member whose list holds the conversations (as `payload_items` picks it), if any."""
    if members is None:  # a top-level list
        return None
    return next((k for k in CONVERSATION_KEYS if members.get(k) is _STREAMED), None)


def stream_manifest(args: argparse.Namespace, sink: IO[bytes]) -> bool:
    """Write the manifest for `args` to `sink`, streaming; False when no input could be read."""
    out = _Out(sink, args.compact)
    items = _Items(out)
    read = 0
    nl, ind, sep = ("", "", ":") if args.compact else ("\n", "  ", ": ")
    sink.write(f'{{{nl}{ind}"generated_at"{sep}{json.dumps(utc_now_iso())},'.encode())
    sink.write(f'{nl}{ind}"items"{sep}['.encode())
    for path in args.memory_json:
        found, warnings, ok = _memory(Path(path), args.source_name)
        items.take(found, warnings)
        read += ok
    for path in args.skills_dir:
        found, warnings = collect_skill_dir(path, args.source_name)
        items.take(found, warnings)
        read += not _refused(warnings, _SKILL_ROOT_REFUSALS)
    for path in args.conversation_json:
        read += _ThreadStream(Path(path), args, items).run()
    if args.archive:
        roots, warnings = _archive_roots(args.archive)
        items.warnings.extend(warnings)
        read += len(roots)
        for event in _archive_events(
            roots, args.source_name, args.include_archive_content, args.max_archive_bytes
        ):
            if isinstance(event, InputWarning):
                items.warnings.append(event)
            else:
                items.take([event], [])
    sink.write(((nl + ind) if items.count else "").encode() + b"],")
    repairs = list(items.repairs)

    def rest() -> dict[str, Any]:
        warnings = items.warnings + repairs
        return {
            "schema_version": SCHEMA_VERSION,
            "source": {"kind": args.source_kind, "name": args.source_name},
            "summary": {
                "counts_by_kind": items.kinds,
                "item_count": items.count,
                "warning_count": len(warnings),
            },
            "warnings": [{"message": w.message, "path": w.path} for w in warnings],
        }

    probe: Warnings = []
    out.dumps(rest(), 0, "", probe)
    repairs.extend(probe)  # a surrogate in a path or the source name: say so, then repair it
    data = out.dumps(rest(), 0, "", [])
    sink.write(data[1:] + (b"" if args.compact else b"\n"))
    return read > 0


_SKILL_ROOT_REFUSALS = frozenset(
    {
        "skills path is a symlink; skipped",
        "skills directory does not exist",
        "skills path is not a directory",
    }
)


def _refused(warnings: Warnings, refusals: frozenset[str]) -> bool:
    return len(warnings) == 1 and warnings[0].message in refusals


# -- command line (spec §1) -----------------------------------------------------------------


def parse_args(argv: list[str] | None = None, *, prog: str | None = None) -> argparse.Namespace:
    """The reference's flags and defaults (argparse: unique prefixes of flags are accepted)."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Build an Odysseus agent-migration.v1 manifest from agent exports "
        "(memories, skills, conversations, archives). Read-only: it writes only the manifest.",
        epilog="Set SOURCE_DATE_EPOCH to pin generated_at. The exit status is 1 when no input "
        "could be read (the manifest, with its warnings, is still written).",
    )
    add = parser.add_argument
    add("--source-name", default="agent-export", help="Human-readable source name (in every id).")
    add(
        "--source-kind",
        default="generic",
        help="Source kind, e.g. generic, openclaw, hermes, chatgpt.",
    )
    add(
        "--memory-json",
        action="append",
        type=Path,
        default=[],
        help="Memory export JSON: a list, or an object holding memories/memory/items/data.",
    )
    add(
        "--skills-dir",
        action="append",
        type=Path,
        default=[],
        help="Folder scanned recursively for SKILL.md files.",
    )
    add(
        "--archive",
        action="append",
        type=Path,
        default=[],
        help="Text file or folder kept as archive documents.",
    )
    add(
        "--conversation-json",
        action="append",
        type=Path,
        default=[],
        help="Conversation export: JSON (generic or ChatGPT mapping), or a ChatGPT/Claude .zip.",
    )
    add(
        "--include-archive-content",
        action="store_true",
        help="Embed archive text (default: metadata only).",
    )
    add(
        "--max-archive-bytes",
        type=int,
        default=256_000,
        help="Largest archive file to embed, in bytes (default 256000).",
    )
    add(
        "--include-conversation-content",
        action="store_true",
        help="Embed normalised messages (default: thread metadata only).",
    )
    add(
        "--max-conversation-messages",
        type=int,
        default=2000,
        help="Most messages to embed per conversation (default 2000).",
    )
    add("--output", type=Path, help="Write the manifest here (atomically) instead of stdout.")
    add("--compact", action="store_true", help="Compact JSON, no indentation.")
    return parser.parse_args(argv)


@contextlib.contextmanager
def _atomic(path: Path) -> Iterator[IO[bytes]]:
    """A file that replaces `path` only once it is complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                tmp.chmod(path.stat().st_mode & 0o7777)
        else:
            tmp.chmod(0o666 & ~_umask())
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def main(argv: list[str] | None = None, *, prog: str | None = None) -> int:
    """Build the manifest, streaming; 0, or 1 when no input at all could be read."""
    args = parse_args(argv, prog=prog)
    if args.output and args.output.is_dir():
        sys.stderr.write(f"error: --output {args.output}: is a folder; name a file\n")
        return 2
    if args.output:
        # Built aside first: a temp file or folder made beside the output now would be seen
        # by an --archive or --skills-dir scan of that folder, which the reference never sees.
        with tempfile.TemporaryFile() as spool:
            read = stream_manifest(args, spool)
            spool.seek(0)
            with _atomic(args.output) as f:
                shutil.copyfileobj(spool, f, 1 << 20)
    else:
        sink: IO[bytes] | None = getattr(sys.stdout, "buffer", None)
        if sink is None:  # stdout replaced by a text stream (a test harness): buffer it
            with tempfile.TemporaryFile() as f:
                read = stream_manifest(args, f)
                f.seek(0)
                sys.stdout.write(f.read().decode("utf-8"))
        else:
            sys.stdout.flush()
            read = stream_manifest(args, sink)
            sink.flush()
    if not read:
        sys.stderr.write("no input could be read: see the warnings in the manifest\n")
    return 0 if read else 1


if __name__ == "__main__":
    raise SystemExit(main())
