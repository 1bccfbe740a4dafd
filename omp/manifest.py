"""Import an agent-migration.v1 manifest: load → validate → plan (pure) → apply (via store).

A manifest is untrusted data from another agent (or from `omp manifest export`). Nothing in it
is trusted to name a place to write: files go to paths omp builds from slugs, under
`_omp/skills/` and `_omp/archive/` only. Items are applied in stages, as Odysseus recommends:

- memory items go to `candidates.yaml` for `omp review`; with `accept_memories` they go through
  the extraction filters instead (ROT, confidence thresholds) and are written or queued. Items
  that `omp manifest export` wrote carry the omp entry itself and are restored as they were.
  A project fact already set to another value is never overwritten: it goes to review;
- skills are installed as `_omp/skills/<category>/<name>/SKILL.md` after a conflict check;
- conversation threads and archive documents are archived, never turned into memory: their
  text (when the manifest carries it) becomes a file under `_omp/archive/`, and every one gets
  an entry in `imports.yaml`, which `omp search` searches;
- an item holding a secret or personal data is skipped and reported (kind and place only).

`imports.yaml` lists every item taken in (by manifest id) with what became of it, so importing
the same manifest again changes nothing; an item whose omp id is already in memory is not
taken either. Everything is written in one transaction, after backups of what it replaces;
the user store is written only once the project's files are checked, just before they are
replaced, so a refused project write (a held lock, an invalid file) leaves it untouched.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from omp import extract as ex
from omp import ingest, store, userstore
from omp.constants import (
    ARCHIVE_DIR,
    AUTO_STORE_AT,
    CANDIDATES_FILE,
    CHANGELOG_FILE,
    DECISIONS_FILE,
    IMPORTS_FILE,
    OMP_DIR,
    PROJECT_FILE,
    SKILLS_DIR,
)
from omp.errors import OmpError, UsageError
from omp.paths import MemoryRoot
from omp.records import CHANGELOG, DECISIONS, IMPORTS, Timestamp, entries
from omp.schema import char_problems, check_entry, manifest_item_problems, schema_problems
from omp.sensitive import find_secrets, redact

SCHEMA_VERSION = "agent-migration.v1"
MAX_MANIFEST_BYTES = 512 << 20
SKILL_MODES = ("skip", "rename", "overwrite")
EXCERPT_CHARS = 500
SAMPLE_SIZE = 5
# Categories of foreign memories that are about the person (the user store), and the user
# store's kind for them.
_USER_KINDS = {
    "preference": "preference",
    "preferences": "preference",
    "personal": "preference",
    "profile": "context",
    "user": "context",
    "skill": "skill",
    "skills": "skill",
}
_OMP_TARGETS = {
    "decision": "decisions",
    "changelog": "changelog",
    "project": "project",
    "user": "user",
}


class ManifestError(OmpError):
    """The manifest cannot be imported at all (unreadable, not JSON, wrong schema)."""


# ---- the plan -------------------------------------------------------------------------------


@dataclass
class Planned:
    """One manifest item and what the import does (or would do) with it.

    `action` is `stage` (review queue), `store` (memory), `install` (skill), `archive`, or
    `skip`; `reason` says why, `to` where it goes.
    """

    id: str
    kind: str
    title: str
    action: str
    reason: str
    to: str = ""
    ledger: dict[str, Any] = field(default_factory=dict)
    file: tuple[str, str] | None = None  # (path under _omp/, text)
    candidate: ex.Candidate | None = None
    restore: tuple[str, dict[str, Any]] | None = None  # (target, entry) of an omp export

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape."""
        out = {
            "id": self.id,
            "kind": self.kind,
            "title": self.title,
            "action": self.action,
            "reason": self.reason,
        }
        if self.to:
            out["to"] = self.to
        return out


@dataclass
class ImportResult:
    """What `import_manifest` did, or would do with `dry_run`."""

    manifest: str
    source: dict[str, Any]
    planned: list[Planned]
    warnings: list[dict[str, Any]]  # the manifest's own warnings
    dry_run: bool
    project: store.WriteResult | None = None
    user: store.WriteResult | None = None
    degraded: str | None = None

    @property
    def counts(self) -> dict[str, int]:
        """Items by kind, as found in the manifest."""
        out: dict[str, int] = {}
        for p in self.planned:
            out[p.kind] = out.get(p.kind, 0) + 1
        return out

    @property
    def actions(self) -> dict[str, int]:
        """Items by action taken."""
        out: dict[str, int] = {}
        for p in self.planned:
            out[p.action] = out.get(p.action, 0) + 1
        return out

    def files(self) -> list[str]:
        """The files written (or that would be written), relative to the project."""
        out = [f.display for f in (self.project.files if self.project else ())]
        out += [f"user store: {f.display}" for f in (self.user.files if self.user else ())]
        return out

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape."""
        skipped = [p for p in self.planned if p.action == "skip"]
        reasons: dict[str, int] = {}
        for p in skipped:
            key = p.reason.split(":", 1)[0]
            reasons[key] = reasons.get(key, 0) + 1
        return {
            "manifest": self.manifest,
            "source": self.source,
            "dry_run": self.dry_run,
            "counts_by_kind": self.counts,
            "actions": self.actions,
            "skipped": reasons,
            "duplicates": [p.to_json() for p in skipped if _is_duplicate(p.reason)],
            "secrets": [p.to_json() for p in skipped if p.reason.startswith("secret")],
            "manifest_warnings": self.warnings,
            "sample": [p.to_json() for p in self.planned[:SAMPLE_SIZE]],
            "items": [p.to_json() for p in self.planned],
            "files": self.files(),
            "user_store": self.degraded or "available",
        }


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _is_duplicate(reason: str) -> bool:
    return reason.startswith(("duplicate", "already"))


# ---- load and validate ----------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def load(path: Path, *, display: str | None = None) -> dict[str, Any]:
    """Read and check a manifest's envelope (its items are checked one by one in `plan`).

    Raises:
        ManifestError: too large, unreadable, not JSON, or not an agent-migration.v1 manifest.
    """
    shown = display or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_MANIFEST_BYTES:
            raise ManifestError(
                f"{shown}: {size} bytes, over the import limit of {MAX_MANIFEST_BYTES >> 20} MiB",
                hint="build it without --include-conversation-content, or split the export",
            )
        raw = path.read_bytes()
    except OSError as e:
        raise ManifestError(
            f"{shown}: cannot read it ({e.strerror or e})", hint="check the path"
        ) from None
    try:
        text = raw.decode("utf-8-sig")
        doc = json.loads(text, parse_constant=_reject_constant)
    except UnicodeDecodeError as e:
        raise ManifestError(
            f"{shown}: not UTF-8 (byte {e.start})", hint="give the file as the builder wrote it"
        ) from None
    except json.JSONDecodeError as e:
        raise ManifestError(
            f"{shown}: not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}",
            hint="give the file as `omp manifest build` or `omp manifest export` wrote it",
        ) from None
    except (ValueError, RecursionError) as e:
        raise ManifestError(f"{shown}: not valid JSON: {e}", hint="rebuild the manifest") from None
    if not isinstance(doc, dict):
        raise ManifestError(
            f"{shown}: a manifest is a JSON object, this is a {type(doc).__name__}",
            hint="give the file `omp manifest build` wrote",
        )
    version = doc.get("schema_version")
    if version != SCHEMA_VERSION:
        raise ManifestError(
            f"{shown}: schema_version is {version!r}; omp imports {SCHEMA_VERSION} manifests",
            hint="rebuild it with `omp manifest build` (or a builder of that version)",
        )
    envelope = {**doc, "items": []}
    problems = schema_problems(SCHEMA_VERSION, envelope)
    if not isinstance(doc.get("items"), list):
        problems.append(("items", "must be a list of items"))
    if problems:
        listed = "\n".join(f"  {where}: {what}" for where, what in problems)
        raise ManifestError(
            f"{shown}: not a valid {SCHEMA_VERSION} manifest:\n{listed}",
            hint="rebuild it with `omp manifest build`",
        )
    return doc


# ---- what is already here -------------------------------------------------------------------


@dataclass
class _Present:
    """What the project (and the user store) already hold, for idempotence."""

    imported: set[str]
    ids: dict[str, set[str]]  # target -> omp ids
    facts: dict[str, Any]
    user_texts: set[str]
    skills: dict[str, str]  # skill name -> its SKILL.md, relative to _omp/
    files: set[str]  # rels (from _omp/) planned in this run
    omp_dir: Path


def _data(root: MemoryRoot, rel: str) -> Any:
    from omp import yamlio

    path = root.memory / rel
    if not path.is_file():
        return None
    return yamlio.load(path.read_text(encoding="utf-8"), source=root.display(path))


def _facts(root: MemoryRoot) -> dict[str, Any]:
    facts = _data(root, PROJECT_FILE)
    return facts if isinstance(facts, dict) else {}


def _present(root: MemoryRoot) -> _Present:
    def data(rel: str) -> Any:
        return _data(root, rel)

    imported = {
        str(e.get("id")) for e in entries(IMPORTS, data(IMPORTS_FILE)) if isinstance(e, dict)
    }
    ids = {
        "decisions": {
            str(e.get("id"))
            for e in entries(DECISIONS, data(DECISIONS_FILE))
            if isinstance(e, dict)
        },
        "changelog": {
            str(e.get("id"))
            for e in entries(CHANGELOG, data(CHANGELOG_FILE))
            if isinstance(e, dict)
        },
    }
    skills: dict[str, str] = {}
    skills_dir = root.omp_dir / SKILLS_DIR
    if skills_dir.is_dir():
        for skill in sorted(skills_dir.rglob("SKILL.md")):
            skills.setdefault(skill.parent.name, skill.relative_to(root.omp_dir).as_posix())
    return _Present(
        imported,
        ids,
        _facts(root),
        {str(m.get("text")) for m in userstore.memories()},
        skills,
        set(),
        root.omp_dir,
    )


# ---- planning -------------------------------------------------------------------------------


def slug(text: str, *, limit: int = 60, default: str = "item") -> str:
    """A safe file or folder name: ASCII lower-case letters, digits and dashes."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:limit].strip("-")
    return out or default


def _short(text: str, limit: int = 80) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def _title(item: dict[str, Any]) -> str:
    """A short title for reports and the ledger; a secret in it is shown as its kind only."""
    for key in ("title", "name", "text"):
        value = item.get(key)
        if isinstance(value, str) and value.strip():
            return _short(redact(value)[0])
    return _short(redact(str(item.get("id")))[0])


def _skip(item: dict[str, Any], reason: str) -> Planned:
    return Planned(str(item.get("id")), str(item.get("kind")), _title(item), "skip", reason)


def plan(
    root: MemoryRoot,
    doc: dict[str, Any],
    *,
    accept_memories: bool = False,
    skills: str = "skip",
    today: str,
) -> list[Planned]:
    """Decide, item by item, what importing `doc` does; reads memory, writes nothing."""
    present = _present(root)
    source = _dict(doc.get("source"))
    source_name = str(source.get("name") or "manifest")
    seen: set[str] = set()
    out: list[Planned] = []
    for n, raw in enumerate(doc["items"]):
        item = raw if isinstance(raw, dict) else {"id": f"#{n}", "kind": "?"}
        problems = manifest_item_problems(raw)
        if problems:
            where, what = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            out.append(_skip(item, f"invalid: item {n}: {where}: {what}{more}"))
            continue
        item_id = item["id"]
        if item_id in seen:
            out.append(_skip(item, "duplicate id in the manifest: the first one is imported"))
            continue
        seen.add(item_id)
        if item_id in present.imported:
            out.append(_skip(item, "already imported (imports.yaml)"))
            continue
        secrets = find_secrets(item, "$")
        if secrets:
            found = ", ".join(dict.fromkeys(f"{f.kind} at {f.path}" for f in secrets))
            out.append(_skip(item, f"secret: {found}"))
            continue
        planned = _plan_item(item, source_name, present, accept_memories, skills, today)
        bad = char_problems(planned.ledger) + (
            char_problems(planned.candidate.entry) if planned.candidate else []
        )
        if bad and planned.action != "skip":
            planned = _skip(item, f"invalid: {bad[0][0]}: {bad[0][1]}")
        out.append(planned)
    return out


def _ledger(
    item: dict[str, Any], source_name: str, status: str, to: str, today: str
) -> dict[str, Any]:
    metadata = _dict(item.get("metadata"))
    entry: dict[str, Any] = {
        "id": item["id"],
        "date": Timestamp(today),
        "kind": item["kind"],
        "title": _title(item),
        "source": source_name
        if item.get("source") in (None, "", source_name)
        else f"{source_name}: {item.get('source')}",
        "status": status,
        "to": to,
    }
    for key in ("source_path", "source_id"):
        if isinstance(metadata.get(key), str | int) and str(metadata[key]):
            entry[key] = str(metadata[key])
    sha = metadata.get("sha256") or metadata.get("text_sha256")
    if isinstance(sha, str):
        entry["sha256"] = sha
    for key in ("size_bytes", "message_count"):
        if isinstance(metadata.get(key), int) and not isinstance(metadata[key], bool):
            entry[key] = max(0, metadata[key])
    return entry


def _plan_item(
    item: dict[str, Any],
    source_name: str,
    present: _Present,
    accept: bool,
    skills: str,
    today: str,
) -> Planned:
    kind = item["kind"]
    if kind == "memory":
        return _plan_memory(item, source_name, present, accept, today)
    if kind == "skill":
        return _plan_skill(item, source_name, present, skills, today)
    return _plan_archive(item, source_name, present, today)


def _omp_entry(item: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """(target, entry) of a memory item written by `omp manifest export`, else None."""
    metadata = _dict(item.get("metadata"))
    target = _OMP_TARGETS.get(str(metadata.get("omp_kind")))
    if target is None:
        return None
    if target == "project":
        key, value = metadata.get("omp_key"), metadata.get("omp_value")
        if not (isinstance(key, list) and key and all(isinstance(k, str) and k for k in key)):
            return None
        if key[0] == "_meta":
            return None
        nested: Any = value
        for part in reversed(key):
            nested = {part: nested}
        return target, nested
    entry = metadata.get("omp_entry")
    if not isinstance(entry, dict) or not entry:
        return None
    return target, dict(entry)


def _already(target: str, entry: dict[str, Any], present: _Present) -> str | None:
    """Where an omp entry already is, if it is."""
    if target in ("decisions", "changelog"):
        eid = str(entry.get("id", ""))
        return f"{target} {eid}" if eid and eid in present.ids[target] else None
    if target == "project":
        node: Any = present.facts
        path: list[str] = []
        value: Any = entry
        while isinstance(value, dict) and len(value) == 1:
            ((k, value),) = value.items()
            path.append(k)
            if not isinstance(node, dict) or k not in node:
                return None
            node = node[k]
        return f"project {'.'.join(path)}" if node == value else None
    return "the user store" if str(entry.get("text")) in present.user_texts else None


def _foreign_candidate(item: dict[str, Any], source_name: str) -> ex.Candidate:
    """A memory from another agent: routed by the extraction rules, else by its category."""
    text = str(item["text"]).strip()
    category = str(item.get("category") or "fact").strip().lower()
    src = {"path": f"agent-migration:{source_name}", "index": item["id"]}
    found = ex.Batch()
    ex.from_conversation([("user", text, 0)], found, path=src["path"])
    usable = [
        c for c in found.candidates if c.target in ("decisions", "changelog", "project", "user")
    ]
    decided = [c for c in usable if c.target == "decisions"]
    if category == "decision" and decided:  # the rules found its choice, options, reasons
        c = decided[0]
        c.source, c.confidence = src, max(c.confidence, AUTO_STORE_AT)
        c.reason = f"imported decision; {c.reason}"
        return c
    if category == "decision":
        entry = {"title": _short(text), "choice": text}
        return ex.Candidate("decisions", entry, AUTO_STORE_AT, "imported decision", src)
    if category == "changelog":
        entry = {"type": "other", "summary": text}
        return ex.Candidate("changelog", entry, AUTO_STORE_AT, "imported changelog entry", src)
    if len(usable) == 1:
        c = usable[0]
        c.source = src
        c.reason = f"imported memory ({category}); {c.reason}"
        return c
    kind = _USER_KINDS.get(category, "context")
    return ex.Candidate(
        "user",
        {"text": text, "kind": kind},
        AUTO_STORE_AT,
        f"imported memory ({category})",
        src,
        scope="PERSONAL",
    )


def _plan_memory(
    item: dict[str, Any], source_name: str, present: _Present, accept: bool, today: str
) -> Planned:
    title = _title(item)
    restored = _omp_entry(item)
    if restored is not None:
        target, entry = restored
        where = _already(target, entry, present)
        if where is not None:
            return _skip(item, f"already in memory ({where})")
        kind_name = {"decisions": "decisions", "changelog": "changelog", "user": "memories"}
        bad = check_entry(kind_name[target], entry) if target in kind_name else []
        if bad:
            return _skip(item, f"invalid: metadata.omp_entry {bad[0][0]}: {bad[0][1]}")
    changes: list[str] = []
    if restored is not None and restored[0] == "project":
        changes = _fact_changes(restored[1], present.facts)
    if restored is not None and accept and not changes:
        target, entry = restored
        to = _target_file(target)
        ledger = _ledger(item, source_name, "stored", to, today)
        return Planned(
            item["id"], "memory", title, "store", "restored omp entry", to, ledger, restore=restored
        )
    if restored is not None:
        target, entry = restored
        src = {"path": f"agent-migration:{source_name}", "index": item["id"]}
        scope = "PERSONAL" if target == "user" else "PROJECT"
        if target == "user":
            entry = {k: entry[k] for k in ("text", "kind") if k in entry}
        candidate = ex.Candidate(target, entry, 1.0, "omp export", src, scope=scope)
    else:
        candidate = _foreign_candidate(item, source_name)
        if candidate.target == "project":
            changes = _fact_changes(candidate.entry, present.facts)
    if changes:  # a fact this project already holds is never overwritten: a person decides
        candidate.action = "review"  # settled already: the extraction filters leave it alone
        ledger = _ledger(item, source_name, "staged", CANDIDATES_FILE, today)
        reason = f"{_would_change(changes)}; not overwritten, queued for review"
        return Planned(
            item["id"],
            "memory",
            title,
            "stage",
            reason,
            CANDIDATES_FILE,
            ledger,
            candidate=candidate,
        )
    action = "store" if accept else "stage"
    to = _target_file(candidate.target) if accept else CANDIDATES_FILE
    ledger = _ledger(item, source_name, "stored" if accept else "staged", to, today)
    reason = candidate.reason if accept else f"for review ({candidate.target})"
    return Planned(item["id"], "memory", title, action, reason, to, ledger, candidate=candidate)


def _fact_changes(entry: dict[str, Any], facts: dict[str, Any]) -> list[str]:
    """The project facts already set that writing `entry` would change (`key: old → new`).

    A key not set yet, or set to an empty placeholder (`description: ""`), is no change.
    """
    out: list[str] = []

    def walk(new: Any, old: Any, path: list[str]) -> None:
        if old is None or old == "" or old == [] or old == {}:
            return
        if isinstance(new, dict) and new and isinstance(old, dict):
            for key, value in new.items():
                if key in old:
                    walk(value, old[key], [*path, str(key)])
            return
        if new != old:
            out.append(f"{'.'.join(path)}: {_short(_shown(old), 40)} → {_short(_shown(new), 40)}")

    for key, value in entry.items():
        if key in facts:
            walk(value, facts[key], [str(key)])
    return out


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _would_change(changes: list[str]) -> str:
    more = f" (and {len(changes) - 1} more)" if len(changes) > 1 else ""
    return f"would change {changes[0]}{more}"


def _target_file(target: str) -> str:
    return {
        "decisions": DECISIONS_FILE,
        "changelog": CHANGELOG_FILE,
        "project": PROJECT_FILE,
        "user": "the user store",
    }.get(target, target)


def _plan_skill(
    item: dict[str, Any], source_name: str, present: _Present, mode: str, today: str
) -> Planned:
    name = slug(str(item.get("name") or ""), default="skill")
    category = slug(str(item.get("category") or ""), default="general")
    content = str(item["content"])
    title = _title(item)
    existing = present.skills.get(name)  # its path from _omp/, wherever it was installed
    if existing is not None and _text(present.omp_dir / existing) == content:
        return _skip(item, f"already installed ({OMP_DIR}/{existing})")
    if existing is not None and mode == "skip":
        return _skip(
            item,
            f"conflict: a skill named {name!r} is already installed; "
            "use --skills rename or --skills overwrite",
        )
    rel = f"{SKILLS_DIR}/{category}/{name}/SKILL.md"
    if existing is not None and mode == "overwrite":
        rel = existing
    elif existing is not None:  # rename
        n = 2
        while (
            f"{name}-{n}" in present.skills
            or f"{SKILLS_DIR}/{category}/{name}-{n}/SKILL.md" in present.files
        ):
            n += 1
        name = f"{name}-{n}"
        rel = f"{SKILLS_DIR}/{category}/{name}/SKILL.md"
    if rel in present.files:  # recorded, so that importing again does not flip between them
        skipped = _skip(item, f"conflict: another skill of this manifest is installed as {rel}")
        skipped.ledger = _ledger(item, source_name, "dropped", skipped.reason, today)
        return skipped
    present.files.add(rel)
    present.skills.setdefault(name, rel)
    to = f"{OMP_DIR}/{rel}"
    ledger = _ledger(item, source_name, "installed", to, today)
    ledger["file"] = to
    return Planned(
        item["id"], "skill", title, "install", f"skill {name}", to, ledger, file=(rel, content)
    )


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _transcript(item: dict[str, Any]) -> str:
    lines = [f"# {item['title']}", ""]
    metadata = _dict(item.get("metadata"))
    lines += [
        f"- {key.removeprefix('source_')}: {metadata[key]}"
        for key in ("source_path", "source_id", "source_created_at")
        if metadata.get(key)
    ]
    lines.append("")
    for m in item.get("messages") or []:
        when = f" ({m['created_at']})" if m.get("created_at") else ""
        lines += [f"## {m['role']}{when}", "", str(m["text"]).rstrip(), ""]
    return "\n".join(lines)


def _plan_archive(item: dict[str, Any], source_name: str, present: _Present, today: str) -> Planned:
    kind = item["kind"]
    title = _title(item)
    folder = f"{ARCHIVE_DIR}/{slug(source_name, default='source')}"
    tag = item["id"].rsplit(":", 1)[-1][-8:]
    text: str | None = None
    if kind == "conversation_thread" and item.get("messages"):
        text = _transcript(item)
        rel = _free(
            f"{folder}/conversations/{slug(str(item['title']))}-{slug(tag)}.md", text, present
        )
    elif kind == "archive_document" and isinstance(item.get("content"), str):
        text = item["content"]
        name = str(item["title"])
        suffix = Path(name).suffix.lower()
        suffix = suffix if re.fullmatch(r"\.[a-z0-9]{1,8}", suffix) else ".txt"
        rel = _free(
            f"{folder}/documents/{slug(Path(name).stem)}-{slug(tag)}{suffix}", text, present
        )
    to = f"{OMP_DIR}/{rel}" if text is not None else IMPORTS_FILE
    ledger = _ledger(item, source_name, "archived", to, today)
    excerpt = text if text is not None else ""
    if kind == "conversation_thread" and item.get("messages"):
        excerpt = "\n".join(str(m["text"]) for m in item["messages"])
    if excerpt.strip():
        ledger["excerpt"] = _short(excerpt, EXCERPT_CHARS)
    planned = Planned(item["id"], kind, title, "archive", "archived, not memory", to, ledger)
    if text is not None:
        present.files.add(rel)
        ledger["file"] = to
        planned.file = (rel, text)
    return planned


def _free(rel: str, text: str, present: _Present) -> str:
    """`rel`, else `<name>-2.<ext>`, `-3`, ...: the first name free for `text`.

    Free means no other item of this import takes it and no file on disk holds other text
    there; a file holding the same text is the same file, so an item imported again is found
    where it is.
    """
    path = PurePosixPath(rel)
    n = 1
    while True:
        name = rel if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}").as_posix()
        on_disk = present.omp_dir / name
        if name not in present.files and (
            not (on_disk.exists() or on_disk.is_symlink()) or _bytes(on_disk) == text.encode()
        ):
            return name
        n += 1


def _bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


# ---- applying -------------------------------------------------------------------------------


def import_manifest(
    root: MemoryRoot,
    path: Path,
    *,
    dry_run: bool = False,
    accept_memories: bool = False,
    skills: str = "skip",
    by: str | None = None,
) -> ImportResult:
    """Import the manifest at `path` into the project of `root` (one transaction).

    Raises:
        UsageError: an unknown `skills` mode.
        ManifestError: the manifest cannot be imported at all.
        OmpError: the write was refused; then nothing was written.
    """
    if skills not in SKILL_MODES:
        raise UsageError(
            f"unknown --skills mode {skills!r}", hint=f"use one of {', '.join(SKILL_MODES)}"
        )
    display = str(path)
    doc = load(path, display=display)
    today = store.today()
    planned = plan(root, doc, accept_memories=accept_memories, skills=skills, today=today)
    batch = ex.Batch(candidates=[p.candidate for p in planned if p.candidate is not None])
    if accept_memories:
        _settle(root, planned, batch, today, dry_run=dry_run)
    else:
        for c in batch.candidates:
            c.action = "review"
    # exported user memories are restored whole (ids and dates kept), in the user store's
    # write that the project transaction makes only once its own files are checked
    restored = [p.restore[1] for p in planned if p.restore is not None and p.restore[0] == "user"]
    result = ingest.write_batch(
        root,
        batch,
        by=by,
        dry_run=dry_run,
        today=today,
        extra=[lambda tx: _apply(tx, planned, today)],
        user_entries=restored,
    )
    warnings = [w for w in doc.get("warnings") or [] if isinstance(w, dict)]
    return ImportResult(
        display,
        _dict(doc.get("source")),
        planned,
        warnings,
        dry_run,
        result.project,
        result.user,
        result.degraded,
    )


def _apply(tx: store.Transaction, planned: list[Planned], today: str) -> None:
    """The edits besides the extraction batch: restored entries, files, the ledger."""
    for p in planned:
        if p.restore is not None and p.restore[0] != "user":
            ingest.write_item(tx, p.restore[0], p.restore[1], today=today)
    for p in planned:
        if p.file is not None:
            # an archive file is never replaced: `_free` chose a name holding nothing else
            replace = p.kind == "skill"
            tx.put_file(p.file[0], p.file[1], change=f"import {p.id}", replace=replace)
    for p in planned:
        if p.ledger and (p.action != "skip" or p.ledger.get("status") == "dropped"):
            tx.upsert(IMPORTS, IMPORTS_FILE, p.ledger)


def _settle(
    root: MemoryRoot, planned: list[Planned], batch: ex.Batch, today: str, *, dry_run: bool
) -> None:
    """The extraction filters decide: stored, queued for review, or dropped."""
    # a dry run reads through an index kept in memory when none was made yet: it creates none
    with ingest.stored_memory(root, dry_run=dry_run) as memory:
        ex.settle(batch, memory, today=today)
    for p in planned:
        c = p.candidate
        # queued by the plan already (it would change a fact), or stored
        if c is None or p.action == "stage" or c.action == "stored":
            continue
        if c.action == "review":
            p.action, p.to = "stage", CANDIDATES_FILE
            p.reason = f"{c.reason}; confidence below {AUTO_STORE_AT}"
            p.ledger.update(status="staged", to=CANDIDATES_FILE)
        else:
            p.action, p.reason = "skip", f"filtered: {c.note or c.action}"
            p.ledger.update(status="dropped", to=c.note or c.action)


__all__ = [
    "ImportResult",
    "ManifestError",
    "Planned",
    "import_manifest",
    "load",
    "plan",
    "slug",
]
