"""`omp review`: the queue of extracted items waiting for a person (`candidates.yaml`).

Accepting writes the item to its target through the writer and marks it accepted, in one
transaction; rejecting marks it rejected. Reviewed items stay in the file, so the same source
extracted again does not propose them again (the extractor skips what the queue holds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from omp import store, userstore
from omp.constants import CANDIDATES_FILE
from omp.errors import OmpError, UsageError, ValidationError
from omp.paths import MemoryRoot
from omp.records import CANDIDATES, entries, same_id


@dataclass(frozen=True, slots=True)
class ReviewResult:
    """What a review command changed."""

    ids: tuple[str, ...]
    project: store.WriteResult
    user: store.WriteResult | None

    def to_json(self) -> dict[str, Any]:
        """The `--json` document."""
        out = self.project.to_json()
        out["reviewed"] = list(self.ids)
        if self.user is not None:
            out["user_store"] = self.user.to_json()
        return out


def queue(root: MemoryRoot, *, everything: bool = False) -> list[dict[str, Any]]:
    """The candidates waiting for review (all of them, reviewed too, with `everything`)."""
    path = root.memory / CANDIDATES_FILE
    if not path.is_file():
        return []
    from omp import yamlio
    from omp.paths import read_text

    data = yamlio.load(read_text(path, display=root.display(path)), source=root.display(path))
    items = [e for e in entries(CANDIDATES, data) if isinstance(e, dict)]
    return items if everything else [e for e in items if e.get("status", "pending") == "pending"]


def _pick(root: MemoryRoot, ids: Sequence[str], *, all_pending: bool) -> list[dict[str, Any]]:
    waiting = queue(root)
    if all_pending:
        if ids:
            raise UsageError("give candidate ids or --all, not both", hint="omp review")
        return waiting
    if not ids:
        raise UsageError("no candidate named", hint="give ids from `omp review`, or --all")
    everything = queue(root, everything=True)
    picked = []
    for wanted in ids:
        found = [e for e in everything if same_id(e.get("id"), wanted)]
        if not found:
            raise OmpError(
                f"{CANDIDATES_FILE}: no candidate {wanted!r}",
                hint="`omp review` lists the ids waiting for review",
            )
        if found[0].get("status", "pending") != "pending":
            raise OmpError(
                f"{CANDIDATES_FILE}: candidate {wanted!r} is already {found[0].get('status')}",
                hint="`omp review --all-items` shows reviewed candidates",
            )
        picked.append(found[0])
    return picked


def _edited(entry: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(entry)
    for dotted, value in fields.items():
        keys = dotted.split(".")
        cursor = out
        for key in keys[:-1]:
            nxt = cursor.get(key)
            cursor[key] = dict(nxt) if isinstance(nxt, dict) else {}
            cursor = cursor[key]
        cursor[keys[-1]] = value
    return out


def accept(
    root: MemoryRoot,
    ids: Sequence[str] = (),
    *,
    all_pending: bool = False,
    fields: Mapping[str, Any] | None = None,
    by: str | None = None,
    dry_run: bool = False,
) -> ReviewResult:
    """Write the named candidates (edited by `fields`, `key=value` on the entry) to memory.

    Raises:
        OmpError: an unknown or already reviewed id, or a write the writer refuses.
    """
    from omp import ingest

    picked = _pick(root, ids, all_pending=all_pending)
    if fields and len(picked) != 1:
        raise UsageError("--set edits one candidate at a time", hint="name a single id")
    _refuse_invalid_users(root, picked, fields or {})
    today = store.today()
    reviewer = store.agent_name(by)
    users = [
        userstore.UserItem(
            str(entry.get("text")),
            str(entry.get("kind") or "preference"),
            str(c.get("scope") if c.get("scope") in ("PERSONAL", "UNIVERSAL") else "PERSONAL"),
            None,
            root.project.name,
        )
        for c in picked
        if c.get("target") == "user"
        for entry in [_edited(c.get("entry") or {}, fields or {})]
    ]
    degraded = userstore.unavailable() if users else None
    written: list[store.WriteResult] = []

    def write_user() -> None:
        # once the project files are checked, before they are written: all or nothing
        if users and degraded is None:
            written.append(userstore.add(users, by=by, dry_run=dry_run))

    def edits(tx: store.Transaction) -> None:
        if degraded is not None:
            userstore.queue(tx, users, degraded)  # like `omp extract` does
        for c in picked:
            entry = _edited(c.get("entry") or {}, fields or {})
            if c.get("target") != "user":
                ingest.write_item(tx, str(c.get("target")), _with_provenance(c, entry), today=today)
            update = {"id": c["id"], "status": "accepted", "reviewed_by": reviewer}
            if fields:
                update["entry"] = entry
            tx.upsert(CANDIDATES, CANDIDATES_FILE, update)

    project = store.transact(root, [edits], by=by, dry_run=dry_run, before_commit=write_user)
    user = written[0] if written else None
    return ReviewResult(tuple(str(c["id"]) for c in picked), project, user)


def _refuse_invalid_users(
    root: MemoryRoot, picked: list[dict[str, Any]], fields: Mapping[str, Any]
) -> None:
    """Refuse a user item the user store cannot take (without text it would store "None").

    A project item needs no such check: the writer validates it in its file.
    """
    from omp import ingest

    for c in picked:
        if c.get("target") != "user":
            continue
        problems = ingest.entry_problems("user", _edited(c.get("entry") or {}, fields))
        if problems:
            cid = c["id"]
            raise ValidationError(
                f"{root.display(root.memory / CANDIDATES_FILE)} ({cid}, a user item)",
                problems,
                hint=f"nothing was changed; fix it with `omp review edit {cid} --set "
                f"FIELD=VALUE`, or reject it with `omp review reject {cid}`",
            )


def _with_provenance(candidate: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """A decision keeps where it came from and how sure the extractor was, as when stored."""
    if candidate.get("target") != "decisions":
        return entry
    out = dict(entry)
    confidence = candidate.get("confidence")
    if isinstance(confidence, int | float) and not isinstance(confidence, bool):
        out.setdefault("confidence", confidence)
    source = candidate.get("source")
    if isinstance(source, dict) and source.get("path") is not None:
        from omp import ingest

        out.setdefault("source_refs", [ingest.source_ref(source)])
    return out


def reject(
    root: MemoryRoot,
    ids: Sequence[str] = (),
    *,
    all_pending: bool = False,
    by: str | None = None,
    dry_run: bool = False,
) -> ReviewResult:
    """Mark the named candidates rejected (kept, so they are not proposed again).

    Raises:
        OmpError: an unknown or already reviewed id.
    """
    picked = _pick(root, ids, all_pending=all_pending)
    reviewer = store.agent_name(by)

    def edits(tx: store.Transaction) -> None:
        for c in picked:
            tx.upsert(
                CANDIDATES,
                CANDIDATES_FILE,
                {"id": c["id"], "status": "rejected", "reviewed_by": reviewer},
            )

    project = store.transact(root, [edits], by=by, dry_run=dry_run)
    return ReviewResult(tuple(str(c["id"]) for c in picked), project, None)


def edit(
    root: MemoryRoot,
    id: str,
    fields: Mapping[str, Any],
    *,
    by: str | None = None,
    dry_run: bool = False,
) -> ReviewResult:
    """Change fields of a waiting candidate's entry (`key=value`, dotted keys for facts).

    Raises:
        OmpError: an unknown or already reviewed id, or an edit the schema refuses.
    """
    if not fields:
        raise UsageError("nothing to change", hint="give --set key=value")
    (picked,) = _pick(root, [id], all_pending=False)
    entry = _edited(picked.get("entry") or {}, fields)
    from omp import ingest

    target = str(picked.get("target"))
    before = set(ingest.entry_problems(target, picked.get("entry") or {}))
    problems = [p for p in ingest.entry_problems(target, entry) if p not in before]
    if problems:
        raise ValidationError(
            f"{root.display(root.memory / CANDIDATES_FILE)} ({picked['id']}, a {target} item)",
            problems,
            hint="nothing was changed; give a value of the right type "
            "(--set reads values as YAML: quote a list or number meant as text)",
        )

    def edits(tx: store.Transaction) -> None:
        tx.upsert(CANDIDATES, CANDIDATES_FILE, {"id": picked["id"], "entry": entry})

    project = store.transact(root, [edits], by=by, dry_run=dry_run)
    return ReviewResult((str(picked["id"]),), project, None)


def parse_fields(pairs: Sequence[str]) -> dict[str, Any]:
    """`["title=Use Postgres", "alternatives=[MySQL]"]` as a mapping (values read as YAML).

    Raises:
        UsageError: a pair without `=`.
    """
    from omp import yamlio

    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(
                f"--set {pair!r}: expected key=value", hint="e.g. --set title='Use Postgres'"
            )
        parsed = yamlio.load(value, source="--set") if value.strip() else ""
        out[key.strip()] = parsed if isinstance(parsed, (list, dict, int, float, bool)) else value
    return out
