"""Export a project's memory as an Odysseus `agent-migration.v1` manifest (read-only).

`export_manifest(root)` reads the memory files and returns the manifest as a dict, in the shapes
`omp.manifest_build` gives (spec §3, §6-§9); `dumps` serialises it as the builder does. Nothing
is written: the CLI writes the output atomically. Every item carries the omp id and the full
entry in its metadata, so `omp import` of an omp export can restore the entries exactly.

Items come in this order, each group in file order:
1. project facts (`project.yaml`, one `memory` item per leaf, `_meta` left out);
2. decisions (`decisions.yaml`), then changelog entries (`changelog.yaml`), as `memory` items;
3. user-level memories from the user store (`userstore.memories()`), as `memory` items;
4. skills (`_omp/skills/**/SKILL.md`), as `skill` items, sorted as the builder sorts them;
5. sessions (`sessions/*.yaml`, files by name), one `conversation_thread` item per session;
6. Markdown bank files (`*.md` at the top of the memory folder), as `archive_document` items.

Candidates, `user-context.yaml`, themes, `.cache/` and `.backup/` are not exported. A file that
cannot be read becomes a warning and the rest is exported. An item in which `omp.sensitive`
finds a credential or personal data is left out, with a warning naming the item (never the
value): secrets never leave.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from omp import yamlio
from omp.constants import CHANGELOG_FILE, DECISIONS_FILE, META_KEY, PROJECT_FILE, SESSIONS_DIR
from omp.errors import InvalidYamlError, OmpError
from omp.manifest_build import (
    SCHEMA_VERSION,
    InputWarning,
    collect_archive_paths,
    collect_skill_dir,
    normalize_timestamp,
    stable_id,
    thread_digest,
    thread_metadata,
    utc_now_iso,
)
from omp.paths import MemoryRoot, inside, read_text
from omp.records import CHANGELOG, DECISIONS, SESSIONS, ListKind, entries
from omp.sensitive import find_in_text, find_secrets, redact

SOURCE_KIND = "omp"
SESSION_FORMAT = "omp_session"
USER_SOURCE_PATH = "user:memories.yaml"
SKILLS_DIR = "skills"
TITLE_LIMIT = 120  # characters of a session summary used as the thread title
TEXT_LIMIT = 65536  # longest memory text the manifest schema accepts

__all__ = [
    "SESSION_FORMAT",
    "SOURCE_KIND",
    "USER_SOURCE_PATH",
    "dumps",
    "export_manifest",
    "session_markdown",
]

Item = dict[str, Any]
_SURROGATE = re.compile("[\ud800-\udfff]")
_HASH_KEYS = frozenset({"sha256", "text_sha256"})  # derived hex digests: nothing to detect


def export_manifest(
    root: MemoryRoot,
    *,
    include_archive_content: bool = False,
    include_conversation_content: bool = False,
    max_archive_bytes: int = 256_000,
    user: bool = True,
    source_name: str | None = None,
) -> dict[str, Any]:
    """The project's memory as an `agent-migration.v1` manifest; reads only.

    Args:
        root: the project's memory.
        include_archive_content: embed the text of Markdown bank files.
        include_conversation_content: embed each session, rendered as Markdown, as one message.
        max_archive_bytes: largest bank file whose text is embedded (the builder's default).
        user: export the user store's memories too (skipped silently when it is unavailable).
        source_name: the manifest's source name, part of every id (default: the project
            folder's name).
    """
    export = _Export(root, source_name or root.project.name)
    export.project_facts()
    export.entry_list(DECISIONS, DECISIONS_FILE, "decision", _decision_text)
    export.entry_list(CHANGELOG, CHANGELOG_FILE, "changelog", _change_text)
    if user:
        export.user_memories()
    export.skills()
    export.sessions(include_content=include_conversation_content)
    export.archive(include_content=include_archive_content, max_bytes=max_archive_bytes)
    counts: dict[str, int] = {}
    for item in export.items:
        counts[item["kind"]] = counts.get(item["kind"], 0) + 1
    return {
        "generated_at": utc_now_iso(),
        "schema_version": SCHEMA_VERSION,
        "source": {"kind": SOURCE_KIND, "name": export.source},
        "summary": {
            "counts_by_kind": counts,
            "item_count": len(export.items),
            "warning_count": len(export.warnings),
        },
        "items": export.items,
        "warnings": [{"message": w.message, "path": w.path} for w in export.warnings],
    }


def dumps(manifest: dict[str, Any], *, compact: bool = False) -> str:
    """The manifest as JSON text, serialised exactly as `omp manifest build` writes it."""
    if compact:
        return json.dumps(manifest, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def session_markdown(session: dict[str, Any], date: str | None = None) -> str:
    """A session record as Markdown: heading, times, summary, actions, decisions, outcomes."""
    raw_id = session.get("id")
    lines = [f"# Session {raw_id}" if raw_id not in (None, "") else "# Session", ""]
    fields = (("Date", date), ("Start", session.get("start")), ("End", session.get("end")))
    times = [f"{label}: {_text_of(value)}" for label, value in fields if _text_of(value)]
    if times:
        lines += [" · ".join(times), ""]
    summary = _text_of(session.get("summary"))
    if summary:
        lines += [summary, ""]
    for key, heading in (
        ("key_actions", "Key actions"),
        ("decisions", "Decisions"),
        ("outcomes", "Outcomes"),
        ("errors", "Errors"),
    ):
        value = session.get(key)
        values = value if isinstance(value, list) else [] if value in (None, "") else [value]
        bullets = [_text_of(v) for v in values if _text_of(v)]
        if bullets:
            lines += [f"## {heading}", "", *(f"- {b}" for b in bullets), ""]
    return "\n".join(lines).strip()


# -- plain data -----------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """YAML data as plain JSON data: `Timestamp` and other str subclasses become `str`."""
    if isinstance(value, str):
        text = str(value)
        return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else str(value)  # NaN is not JSON
    if isinstance(value, dict):
        return {_key(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=str)
    return _plain(str(value))


def _key(key: Any) -> str:
    """A mapping key as JSON spells it (`true`, `null`, `1`)."""
    if isinstance(key, bool) or key is None:
        return json.dumps(key)
    return str(_plain(key))


def _text_of(value: Any) -> str:
    """Readable one-line-or-more text of a value: strings trimmed, the rest as JSON."""
    if value is None:
        return ""
    plain = _plain(value)
    if isinstance(plain, str):
        return plain.strip()
    return json.dumps(plain, ensure_ascii=False, sort_keys=True)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _dotted(parts: list[str]) -> str:
    r"""Keys joined with dots; a dot inside a key is written `\.` (as `omp set` reads it)."""
    return ".".join(p.replace(".", "\\.") for p in parts)


def _leaves(data: dict[str, Any], prefix: list[str]) -> Iterator[tuple[list[str], Any]]:
    for key, value in data.items():
        path = [*prefix, key]
        if isinstance(value, dict):
            yield from _leaves(value, path)
        else:
            yield path, value


# -- texts of entries -----------------------------------------------------------------------


def _decision_text(entry: dict[str, Any]) -> str:
    title = _text_of(entry.get("title"))
    choice = _text_of(entry.get("choice") if "choice" in entry else entry.get("decision"))
    text = f"{title}: {choice}" if title and choice and title != choice else title or choice
    text = text or _text_of(entry.get("context")) or _text_of(entry.get("rationale"))
    status = _text_of(entry.get("status"))
    if text and status and status != "active":
        text += f" [{status}]"
    return text


def _change_text(entry: dict[str, Any]) -> str:
    summary = _text_of(entry.get("summary")) or _text_of(entry.get("description"))
    prefix = _text_of(entry.get("type"))
    scope = _text_of(entry.get("scope"))
    if prefix and scope:
        prefix += f"({scope})"
    if prefix and entry.get("breaking") is True:
        prefix += "!"
    if prefix and summary:
        return f"{prefix}: {summary}"
    return summary or _text_of(entry.get("ref"))


def _user_text(entry: dict[str, Any]) -> str:
    return _text_of(entry.get("text")) or _text_of(entry.get("content"))


# -- the export -----------------------------------------------------------------------------


class _Export:
    """Items and warnings gathered so far, and how to read the project's files."""

    def __init__(self, root: MemoryRoot, source: str) -> None:
        self.root = root
        self.source = source
        self.items: list[Item] = []
        self.warnings: list[InputWarning] = []

    # reading

    def warn(self, path: str, message: str) -> None:
        # a parser's message may quote a line of the file: redact what it might hold
        self.warnings.append(InputWarning(path, redact(message)[0]))

    def load(self, path: Path) -> tuple[bool, Any]:
        """(read, data) of a YAML file of the memory folder; a failure is one warning."""
        display = self.root.display(path)
        try:
            inside(path, self.root.memory, what="memory folder")
            data = yamlio.load(read_text(path, display=display), source=display)
        except InvalidYamlError as e:
            where = f"line {e.line}, column {e.column}: " if e.line is not None else ""
            self.warn(display, f"could not read {display}: {where}{e.problem}")
            return False, None
        except OmpError as e:
            self.warn(display, f"could not read {display}: {e.message}")
            return False, None
        except OSError as e:
            self.warn(display, f"could not read {display}: {e.strerror or e}")
            return False, None
        return True, data

    def load_entries(self, kind: ListKind, path: Path) -> tuple[list[Any], Any]:
        """The entries of a list file and its whole data (none when missing or unreadable)."""
        if not path.exists() and not path.is_symlink():
            return [], None
        ok, data = self.load(path)
        if ok and data is not None and not isinstance(data, dict | list):
            display = self.root.display(path)
            self.warn(display, f"could not read {display}: expected a mapping or a list")
        return entries(kind, data), data

    # adding

    def add(self, item: Item, path: str, label: str) -> None:
        """Add `item`, unless it holds something sensitive (then a warning names it)."""
        probe = {k: v for k, v in item.items() if k != "id"}
        metadata = item.get("metadata")
        if isinstance(metadata, dict):
            probe["metadata"] = {k: v for k, v in metadata.items() if k not in _HASH_KEYS}
        kinds = list(dict.fromkeys(f.kind for f in find_secrets(probe)))
        if kinds:
            self.warnings.append(
                InputWarning(path, f"skipped {label}: it holds sensitive data ({', '.join(kinds)})")
            )
            return
        self.items.append(item)

    def memory_item(
        self,
        rel: str,
        key: Any,
        text: str,
        category: str,
        metadata: dict[str, Any],
    ) -> Item:
        if len(text) > TEXT_LIMIT:
            text = _clip(text, TEXT_LIMIT)
            metadata["text_truncated"] = True
        return {
            "id": stable_id("memory", self.source, rel, key),
            "kind": "memory",
            "text": text,
            "category": category,
            "source": self.source,
            "metadata": metadata,
        }

    # kinds

    def project_facts(self) -> None:
        path = self.root.memory / PROJECT_FILE
        if not path.exists() and not path.is_symlink():
            return
        rel = self.root.display(path)
        ok, data = self.load(path)
        if not ok or data is None:
            return
        if not isinstance(data, dict):
            self.warn(rel, f"could not read {rel}: expected a mapping")
            return
        facts = _plain({k: v for k, v in data.items() if k != META_KEY})
        index = 0
        for parts, value in _leaves(facts, []):
            if value is None or value == "" or value == []:
                continue  # an empty placeholder (`description: ""`) is no fact
            dotted = _dotted(parts)
            text = f"{dotted}: {value if isinstance(value, str) else _text_of(value)}"
            metadata = {
                "source_path": rel,
                "source_index": index,
                "source_id": dotted,
                "omp_kind": "project",
                "omp_key": parts,
                "omp_value": value,
            }
            item = self.memory_item(rel, dotted, text, "project", metadata)
            self.add(item, rel, _label("project fact", dotted, index))
            index += 1

    def entry_list(
        self,
        kind: ListKind,
        file: str,
        noun: str,
        text_of: Callable[[dict[str, Any]], str],
    ) -> None:
        path = self.root.memory / file
        found, _ = self.load_entries(kind, path)
        self.entries(found, self.root.display(path), noun, noun, text_of)

    def entries(
        self,
        found: list[Any],
        rel: str,
        noun: str,
        omp_kind: str,
        text_of: Callable[[dict[str, Any]], str],
        category_of: Callable[[dict[str, Any]], str] | None = None,
    ) -> None:
        """Memory items for the entries of one list file."""
        seen: set[str] = set()
        for index, raw in enumerate(found):
            entry = _plain(raw)
            if isinstance(entry, str) and entry.strip():
                text, fields = entry.strip(), {}
            elif isinstance(entry, dict):
                text, fields = text_of(entry), entry
            else:
                self.warn(rel, f"skipped {noun} at index {index}: not an entry")
                continue
            raw_id = fields.get("id")
            source_id = None if raw_id in (None, "") else str(raw_id)
            key: Any = source_id if source_id is not None else f"index:{index}"
            if source_id is not None and source_id in seen:
                self.warn(rel, f"{noun} at index {index} repeats the id of an earlier one")
                key = f"{source_id}#index:{index}"
            if source_id is not None:
                seen.add(source_id)
            text = text or f"{noun} {source_id if source_id is not None else index + 1}"
            metadata: dict[str, Any] = {"source_path": rel, "source_index": index}
            if source_id is not None:
                metadata["source_id"] = source_id
            metadata["omp_kind"] = omp_kind
            metadata["omp_entry"] = entry
            category = category_of(fields) if category_of else noun
            item = self.memory_item(rel, key, text, category, metadata)
            self.add(item, rel, _label(noun, source_id, index))

    def user_memories(self) -> None:
        from omp import userstore

        try:
            found = userstore.memories()
        except InvalidYamlError as e:
            where = f"line {e.line}, column {e.column}: " if e.line is not None else ""
            self.warn(USER_SOURCE_PATH, f"could not read {USER_SOURCE_PATH}: {where}{e.problem}")
            return
        except (OmpError, OSError) as e:
            reason = e.message if isinstance(e, OmpError) else e.strerror or str(e)
            self.warn(USER_SOURCE_PATH, f"could not read {USER_SOURCE_PATH}: {reason}")
            return
        self.entries(found, USER_SOURCE_PATH, "user memory", "user", _user_text, _user_category)

    def skills(self) -> None:
        folder = self.root.omp_dir / SKILLS_DIR
        if not folder.exists() and not folder.is_symlink():
            return
        found, warnings = collect_skill_dir(folder, self.source)
        for w in warnings:
            self.warn(self.root.display(Path(w.path)), w.message)
        for item in found:
            path = Path(item["metadata"]["source_path"])
            if _shipped_by_omp(path):
                continue  # `omp init` installs it in every project: tooling, not knowledge
            rel = self.root.display(path)
            item["metadata"]["source_path"] = rel
            item["id"] = stable_id("skill", self.source, rel, item["metadata"]["sha256"])
            if not item["metadata"]["frontmatter"].get("category"):
                item["category"] = _skill_category(path, folder)
            self.add(item, rel, "skill")

    def sessions(self, *, include_content: bool) -> None:
        folder = self.root.memory / SESSIONS_DIR
        if not folder.is_dir():
            return
        files = sorted(
            p for p in folder.iterdir() if p.name.endswith(".yaml") and not p.name.startswith(".")
        )
        for path in files:
            rel = self.root.display(path)
            found, data = self.load_entries(SESSIONS, path)
            date = data.get("date") if isinstance(data, dict) else None
            for index, raw in enumerate(found):
                session = _plain(raw)
                if not isinstance(session, dict):
                    self.warn(rel, f"skipped session at index {index}: not an entry")
                    continue
                self.session(session, rel, index, _plain(date), include_content)

    def session(
        self, session: dict[str, Any], rel: str, index: int, date: Any, include_content: bool
    ) -> None:
        raw_id = session.get("id")
        text = session_markdown(session, None if date is None else _text_of(date))
        messages = [{"role": "assistant", "text": text}]
        digest = thread_digest(messages)
        summary = " ".join(_text_of(session.get("summary")).split())
        title = _clip(summary, TITLE_LIMIT) if summary else f"Session {raw_id or index + 1}"
        metadata = thread_metadata(
            rel, index, SESSION_FORMAT, messages, digest, included=include_content
        )
        if raw_id is not None:
            metadata["source_id"] = str(raw_id)
        start = normalize_timestamp(session.get("start"))
        if start:
            metadata["source_created_at"] = start
        if date is not None:
            metadata["omp_date"] = _text_of(date)
        metadata["omp_kind"] = "session"
        metadata["omp_entry"] = session
        item: Item = {
            "id": stable_id("conversation", self.source, rel, raw_id or index, digest),
            "kind": "conversation_thread",
            "title": title,
            "source": self.source,
            "metadata": metadata,
        }
        if include_content:
            item["messages"] = messages
        source_id = None if raw_id in (None, "") else str(raw_id)
        self.add(item, rel, _label("session", source_id, index))

    def archive(self, *, include_content: bool, max_bytes: int) -> None:
        try:
            names = sorted(self.root.memory.iterdir())
        except OSError as e:
            self.warn(self.root.display(self.root.memory), f"could not scan archive directory: {e}")
            return
        for path in names:
            if path.suffix.lower() != ".md" or path.name.startswith("."):
                continue
            rel = self.root.display(path)
            if path.is_symlink():
                self.warn(rel, "skipped symlinked archive path")
                continue
            if not path.is_file():
                continue
            found, warnings = collect_archive_paths(
                [path], self.source, include_content=include_content, max_bytes=max_bytes
            )
            for w in warnings:
                self.warn(self.root.display(Path(w.path)), w.message)
            for item in found:
                item["metadata"]["source_path"] = rel
                item["id"] = stable_id("archive", self.source, rel, item["metadata"]["sha256"])
                self.add(item, rel, f"archive document {path.name}")


def _user_category(entry: dict[str, Any]) -> str:
    return _text_of(entry.get("kind")).lower() or "preference"


def _shipped_by_omp(skill: Path) -> bool:
    """True for a SKILL.md that is, byte for byte, one `omp init` installs."""
    from omp.constants import INIT_AGENT_FILES
    from omp.resources import resource

    for rel in INIT_AGENT_FILES:
        if rel.startswith(SKILLS_DIR + "/") and skill.as_posix().endswith("/" + rel):
            try:
                return skill.read_bytes() == resource("templates", *rel.split("/")).read_bytes()
            except OSError:
                return False
    return False


def _skill_category(skill: Path, skills: Path) -> str:
    """The folder two levels above SKILL.md when it is inside `skills/`, else `general`."""
    try:
        parts = skill.relative_to(skills).parts
    except ValueError:
        return "general"
    return parts[-3] if len(parts) >= 3 else "general"


def _label(noun: str, source_id: str | None, index: int) -> str:
    """How a warning names an item: by its id, or by position when the id itself is secret."""
    if source_id is None or find_in_text(source_id):
        return f"{noun} at index {index}"
    return f"{noun} {source_id}"
