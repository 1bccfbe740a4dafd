"""`omp context`: what an agent should know at the start of a session, under a token budget.

The pack is built from the derived index (no YAML is parsed when it is current) and is
deterministic: the same memory, budget, task and day give the same bytes. Entries are taken in
a fixed order of priority until the budget is spent:

1. project facts about deployment, paths, the tech stack and the commands that build and test
   it (and the project's name), by rule;
2. the size of the review queue, one line;
3. decisions in force (status active, proposed or disputed, not expired, already valid), newest
   first, or most relevant to `task` first;
4. the most recent changelog entries and sessions, and the latest writes from the journal;
5. with a task: Markdown bank sections and imported documents that match it, then the rest of
   the project facts.

With a task, the full-text score (BM25) of each entry against it orders everything after the
facts. Every memory entry ends up in `included` (with the rule, score and tokens that put it
there) or in `excluded` (with why not: budget, status, expiry, relevance or kind).

Tokens are estimated, not counted with a model's tokenizer: a quarter of a token per ASCII
character (rounded up per piece) and one token per other character, which over-counts most
text and keeps CJK text honest. The default budget, 2,400 tokens, is therefore at most 9,600
characters: under the 10,000 characters Claude Code keeps from a SessionStart hook.
"""

from __future__ import annotations

import json
import math
from datetime import date
from typing import Any, NamedTuple

from omp.constants import CANDIDATES_FILE, PROJECT_FILE
from omp.errors import UsageError
from omp.index import Index, loads, reading
from omp.paths import MemoryRoot

DEFAULT_BUDGET = 2400
# a larger budget is taken as this one: it already holds any memory, and the number stays
# within what SQLite and floats can hold
MAX_BUDGET = 1 << 40
RECENT_CHANGES = 8
RECENT_SESSIONS = 3
RECENT_JOURNAL = 5
RELEVANT_LIMIT = 200  # full-text hits considered for a task
RELEVANT_PER_KIND = 20  # of which at most this many changelog entries, sessions, ...
LINE_CHARS = 240  # an entry's line is cut here, so one long entry cannot take the budget
# Project facts included by rule: the first key of their dotted path.
RULE_FACTS = (
    "project", "name", "description", "deployment", "paths", "tech_stack", "stack", "commands"
)  # fmt: skip
IN_FORCE = ("active", "proposed", "disputed")
BOOKKEEPING = ("updated_at", "updated_by")  # who last set a deployment: not start-up knowledge
TOKEN_ESTIMATE = "ceil(ASCII characters / 4) + other characters, per piece"

_SECTIONS = {
    "facts": "## Project facts",
    "review": "## Review queue",
    "decisions": "## Decisions in force",
    "changelog": "## Recent changes",
    "sessions": "## Recent sessions",
    "journal": "## Latest writes",
    "related": "## Related notes",
    "more-facts": "## More project facts",
}


def estimate_tokens(text: str) -> int:
    """The token estimate of `text` (see the module docstring)."""
    ascii_chars = len(text.encode("ascii", "ignore"))
    return math.ceil(ascii_chars / 4) + (len(text) - ascii_chars)


class Included(NamedTuple):
    """An entry in the pack."""

    id: str
    kind: str
    file: str
    reason: str
    score: float
    tokens: int
    section: str
    line: str
    n: int  # row of the index (negative: not a memory entry)

    def to_json(self) -> dict[str, Any]:
        """The `--format json` shape."""
        return {
            "id": self.id,
            "kind": self.kind,
            "file": self.file,
            "reason": self.reason,
            "score": self.score,
            "tokens": self.tokens,
        }


class Pack(NamedTuple):
    """The start-up pack: its Markdown text, and every entry with why it is in or out."""

    budget: int
    used: int
    text: str
    included: list[Included]
    excluded: list[dict[str, str]]
    task: str | None = None

    def to_json(self) -> dict[str, Any]:
        """`{"budget": {"tokens", "used"}, "included": [...], "excluded": [...], "text"}`."""
        return {
            "budget": {"tokens": self.budget, "used": self.used, "estimate": TOKEN_ESTIMATE},
            "task": self.task,
            "included": [i.to_json() for i in self.included],
            "excluded": self.excluded,
            "text": self.text,
        }


class _Item:
    """A candidate line of the pack (its score is set once the task is matched)."""

    __slots__ = ("file", "id", "kind", "line", "n", "order", "reason", "score", "section")

    def __init__(
        self,
        n: int,  # row of the index (or negative for lines that are not entries)
        id: str,
        kind: str,
        file: str,
        section: str,
        reason: str,
        score: float = 0.0,
        order: tuple[Any, ...] = (),
        line: str = "",
    ) -> None:
        self.n, self.id, self.kind, self.file, self.section = n, id, kind, file, section
        self.reason, self.score, self.order, self.line = reason, score, order, line


class _Builder:
    """The pack as it fills: what is in, what was left out and why."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.included: list[Included] = []
        self.excluded: dict[int, tuple[str, str, str]] = {}  # n -> id, kind, why
        self.open_sections: set[str] = set()

    def offer(self, item: _Item, limit: float | None = None) -> bool:
        """Include `item` if it fits; past `limit` (below the budget) it may come back later."""
        head = (
            0
            if item.section in self.open_sections
            else estimate_tokens("\n" + _SECTIONS[item.section] + "\n")
        )
        cost = estimate_tokens(item.line + "\n")
        if limit is not None and self.used + head + cost > limit:
            return False
        if self.used + head + cost > self.budget:
            if item.n >= 0:
                self.excluded[item.n] = (item.id, item.kind, "budget")
            return False
        self.used += head + cost
        self.open_sections.add(item.section)
        self.included.append(
            Included(item.id, item.kind, item.file, item.reason, round(item.score, 3), cost,
                     item.section, item.line, item.n)
        )  # fmt: skip
        return True


def _clip(text: str) -> str:
    one = " ".join(str(text).split())
    return one if len(one) <= LINE_CHARS else one[: LINE_CHARS - 1].rstrip() + "…"


def build(
    root: MemoryRoot,
    *,
    budget_tokens: int | None = None,
    task: str | None = None,
    today: str | None = None,
    full: bool = True,
) -> Pack:
    """The start-up pack of the project at `root`.

    Args:
        root: the project's memory.
        budget_tokens: the most tokens (estimated) the text may take; default DEFAULT_BUDGET,
            at most MAX_BUDGET (a larger one is taken as MAX_BUDGET).
        task: what the session is about; orders entries by relevance to it.
        today: YYYY-MM-DD for expiry checks (default: today, UTC).
        full: list every excluded entry (False: only the ones considered, which is faster
            on a large memory; the Markdown text is the same).

    Raises:
        UsageError: a negative budget.
    """
    from omp import journal

    budget = DEFAULT_BUDGET if budget_tokens is None else budget_tokens
    if budget < 0:
        raise UsageError(
            "--budget-tokens must be 0 or more", hint=f"the default is {DEFAULT_BUDGET}"
        )
    budget = min(int(budget), MAX_BUDGET)
    day = today or date.today().isoformat()  # local, as omp dates entries
    task = task.strip() if task and task.strip() else None
    b = _Builder(budget)
    title = f"# Project memory: {root.project.name}"
    intro = (
        f"{title}\n(omp context; `omp search WORDS` finds more, `omp show decisions --id ID` "
        "shows one entry)\n"
    )
    if estimate_tokens(intro) <= budget:
        b.used = estimate_tokens(intro)
    else:
        intro = ""
    used = b.used

    def read(index: Index) -> tuple[_Builder, list[dict[str, str]]]:
        b = _Builder(budget)  # a second run (on a rebuilt index) starts from nothing
        b.used = used
        db = index.db
        scores = _scores(index, task) if task else {}
        facts = _facts(db)
        rule_facts = [f for f in facts if f.reason.startswith("rule")]
        other_facts = [f for f in facts if not f.reason.startswith("rule")]
        for item in rule_facts:
            b.offer(item)
        pending = db.execute(
            "SELECT count(*) FROM entries WHERE rel=? AND coalesce(status,'pending')='pending'",
            (CANDIDATES_FILE,),
        ).fetchone()[0]
        if pending:
            b.offer(
                _Item(-1, "review-queue", "review", CANDIDATES_FILE, "review",
                      "rule: pending review items are counted",
                      line=f"- {pending} extracted item(s) wait for `omp review`.")
            )  # fmt: skip
        decisions = _decisions(db, scores, day, b, full=full)
        recent = _recent(db, "changelog", scores, RECENT_CHANGES)
        recent += _recent(db, "sessions", scores, RECENT_SESSIONS)
        recent += _journal(journal.tail(root, RECENT_JOURNAL))
        related = _related(db, scores) if task else []
        for f in other_facts:
            f.score = scores.get(f.n, 0.0)
        considered = decisions + recent + related + other_facts
        if task:  # whatever matches the task first, best match first
            for item in sorted((i for i in considered if i.score > 0),
                               key=lambda i: (-i.score, *i.order)):  # fmt: skip
                b.offer(item)
        unscored = [i for i in considered if not (task and i.score > 0)]
        # decisions may take 60% of what is left, then the recent work, then the rest
        share = b.used + (budget - b.used) * 0.6
        later = [i for i in unscored if i.kind == "decisions" and not b.offer(i, share)]
        for item in [i for i in unscored if i.kind != "decisions"] + later:
            b.offer(item)
        excluded = _excluded(db, b, full=full, considered=facts + considered, task=task)
        return b, excluded

    b, excluded = reading(root, read)
    text = _render(intro, b)
    return Pack(budget, estimate_tokens(text), text, b.included, excluded, task)


def _scores(index: Index, task: str) -> dict[int, float]:
    from omp.index import fts_query

    match = fts_query(task)
    if not match:
        return {}
    rows = index.db.execute(
        "SELECT rowid, bm25(fts) FROM fts WHERE fts MATCH ? ORDER BY bm25(fts) LIMIT ?",
        (match, RELEVANT_LIMIT),
    )
    return {int(n): -float(s) for n, s in rows}


def _facts(db: Any) -> list[_Item]:
    out = []
    for n, pos, eid, data in db.execute(
        "SELECT n, pos, id, data FROM entries WHERE kind='project' AND rel=? ORDER BY pos",
        (PROJECT_FILE,),
    ):
        value = loads(data).get("value")
        if value in (None, "", [], {}):
            continue  # an empty placeholder says nothing
        key = str(eid)
        shown = (
            value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
        )
        by_rule = key.split(".", 1)[0] in RULE_FACTS and key.rsplit(".", 1)[-1] not in BOOKKEEPING
        reason = (
            "rule: project facts (deployment, paths, stack, commands)"
            if by_rule
            else "project fact"
        )
        out.append(
            _Item(n, key, "project", PROJECT_FILE, "facts" if by_rule else "more-facts", reason,
                  order=(3, pos), line=_clip(f"- {key}: {shown}"))
        )  # fmt: skip
    return out


_IN_FORCE = (
    "coalesce(status, 'active') IN ('active', 'proposed', 'disputed') "
    "AND (valid_to IS NULL OR substr(valid_to, 1, 10) >= :day) "
    "AND (valid_from IS NULL OR substr(valid_from, 1, 10) <= :day)"
)


def _decisions(
    db: Any, scores: dict[int, float], day: str, b: _Builder, *, full: bool
) -> list[_Item]:
    """Decisions in force, newest first (the index's columns do the filtering and sorting)."""
    shown = max(20, b.budget // 16)  # more than the budget could hold
    columns = "n, rel, pos, id, status, date"
    rows = db.execute(
        f"SELECT {columns} FROM entries WHERE kind='decisions' AND {_IN_FORCE} "
        "ORDER BY date DESC, pos DESC LIMIT :shown",
        {"day": day, "shown": shown},
    ).fetchall()
    if scores:  # relevant ones further down the list
        have = {r[0] for r in rows}
        marks = ",".join(str(int(n)) for n in scores if n not in have) or "NULL"
        rows += db.execute(
            # `+kind`: look the rows up by rowid rather than scan the kind's index
            f"SELECT {columns} FROM entries WHERE n IN ({marks}) AND +kind='decisions' "
            f"AND {_IN_FORCE} ORDER BY date DESC, pos DESC",
            {"day": day},
        ).fetchall()
    if full:  # why the others are out
        for n, rel, pos, eid, status, valid_to, valid_from in db.execute(
            "SELECT n, rel, pos, id, status, valid_to, valid_from FROM entries "
            f"WHERE kind='decisions' AND NOT ({_IN_FORCE})",
            {"day": day},
        ):
            shown_id = str(eid) if eid is not None else f"{rel}#{pos}"
            state = str(status or "active")
            if state not in IN_FORCE:
                why = f"status: {state}"
            elif valid_to and str(valid_to)[:10] < day:
                why = f"expired: valid_to {str(valid_to)[:10]}"
            else:
                why = f"not yet valid: valid_from {str(valid_from)[:10]}"
            b.excluded[n] = (shown_id, "decisions", why)
    details = _data(db, [r[0] for r in rows])
    out = []
    for rank, (n, rel, pos, eid, status, when) in enumerate(rows):
        d = details.get(n, {})
        state = str(status or "active")
        shown_id = str(eid) if eid is not None else f"{rel}#{pos}"
        what = d.get("title") or d.get("choice") or d.get("decision") or shown_id
        choice = d.get("choice") or d.get("decision")
        line = f"- {what}"
        if choice and str(choice).lower() not in str(what).lower():
            line += f": {choice}"
        if d.get("rationale"):
            line += f" (because {d['rationale']})"
        line = _clip(line) + f" [{shown_id}, {when or 'undated'}"
        line += "]" if state == "active" else f", {state}]"
        score = scores.get(n, 0.0)
        reason = f"decision in force ({state}), newest first: #{rank + 1}"
        if score:
            reason = f"decision in force ({state}), relevant to the task (score {score:.2f})"
        out.append(_Item(n, shown_id, "decisions", rel, "decisions", reason, score,
                         (0, rank), line))  # fmt: skip
    return out


def _data(db: Any, ns: list[int]) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    wanted = sorted(set(ns))
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        marks = ",".join("?" * len(chunk))
        for n, data in db.execute(f"SELECT n, data FROM entries WHERE n IN ({marks})", chunk):
            found = loads(data)
            out[n] = found if isinstance(found, dict) else {}
    return out


def _of_kind(db: Any, scores: dict[int, float], kind: str) -> list[int]:
    """The scored entries of `kind`, best first."""
    if not scores:
        return []
    marks = ",".join(str(int(n)) for n in scores)
    found = {
        n for (n,) in db.execute(f"SELECT n FROM entries WHERE n IN ({marks}) AND +kind=?", (kind,))
    }
    return sorted(found, key=lambda n: -scores[n])


def _recent(db: Any, kind: str, scores: dict[int, float], limit: int) -> list[_Item]:
    """The newest `limit` entries of `kind`, and any that match the task."""
    if kind == "sessions":  # newest file first (sessions/YYYY-MM-DD.yaml), last entry first
        newest = db.execute(
            "SELECT n FROM entries WHERE rel >= 'sessions/' AND rel < 'sessions0' "
            "AND kind='sessions' ORDER BY rel DESC, pos DESC LIMIT ?",
            (limit,),
        ).fetchall()
    else:
        newest = db.execute(
            "SELECT n FROM entries WHERE kind=? ORDER BY date DESC, pos DESC LIMIT ?",
            (kind, limit),
        ).fetchall()
    picked = [n for (n,) in newest]
    relevant = [n for n in _of_kind(db, scores, kind) if n not in picked][:RELEVANT_PER_KIND]
    details = _data(db, picked + relevant)
    meta = {
        n: (rel, pos, eid)
        for n, rel, pos, eid in db.execute(
            f"SELECT n, rel, pos, id FROM entries WHERE +kind=? AND n IN "
            f"({','.join('?' * len(details)) or 'NULL'})",
            (kind, *details),
        )
    }
    out = []
    tier = 1 if kind == "changelog" else 2
    for rank, n in enumerate([*picked, *relevant]):
        if n not in meta:
            continue
        rel, pos, eid = meta[n]
        d = details[n]
        shown_id = str(eid) if eid is not None else f"{rel}#{pos}"
        score = scores.get(n, 0.0)
        if kind == "changelog":
            head = (
                f"{d.get('type', 'other')}{'(' + str(d['scope']) + ')' if d.get('scope') else ''}"
            )
            ref = f" ({d['ref']})" if d.get("ref") else ""
            line = f"- {d.get('date') or ''} {head}: {d.get('summary', '')}{ref}"
        else:
            day = rel.rsplit("/", 1)[-1].removesuffix(".yaml")
            line = f"- {day}: {d.get('summary', '')}"
            if d.get("outcomes"):
                line += f" → {'; '.join(map(str, d['outcomes']))}"
        reason = (f"recent {kind} entry: #{rank + 1}" if n in picked
                  else f"{kind} entry relevant to the task (score {score:.2f})")  # fmt: skip
        out.append(_Item(n, shown_id, kind, rel, kind, reason, score, (tier, rank), _clip(line)))
    return out


def _journal(changes: list[Any]) -> list[_Item]:
    return [
        _Item(-2 - c.cursor, f"journal:{c.cursor}", "journal", ".cache/journal.jsonl", "journal",
              "rule: the latest writes, from the change journal", 0.0, (4, -c.cursor),
              _clip(f"- #{c.cursor} {c.time} {c.by}: {c.file}: {c.change}"))
        for c in reversed(changes)
    ]  # fmt: skip


def _related(db: Any, scores: dict[int, float]) -> list[_Item]:
    """Markdown sections and imported items that match the task."""
    if not scores:
        return []
    marks = ",".join("?" * len(scores))
    out = []
    for n, rel, pos, kind, eid, data in db.execute(
        f"SELECT n, rel, pos, kind, id, data FROM entries WHERE n IN ({marks}) "
        "AND kind IN ('markdown', 'imports')",
        list(scores),
    ):
        d = loads(data)
        d = d if isinstance(d, dict) else {}
        shown_id = str(eid) if eid is not None else f"{rel}#{pos}"
        if kind == "markdown":
            words = f"{d.get('heading', rel)}: {d.get('text', '')}"
        else:
            where = f"{d.get('kind')}, {d.get('to', '')}"
            words = f"{d.get('title', shown_id)} ({where}): {d.get('excerpt', '')}"
        out.append(
            _Item(n, shown_id, kind, rel, "related",
                  f"{kind} relevant to the task (score {scores[n]:.2f})", scores[n], (5, pos),
                  _clip(f"- {words}"))
        )  # fmt: skip
    return out


def _excluded(
    db: Any, b: _Builder, *, full: bool, considered: list[_Item], task: str | None
) -> list[dict[str, str]]:
    """Every entry not in the pack, with why (`full=False`: only those considered)."""
    taken = {i.n for i in b.included if i.n >= 0}
    why: dict[int, tuple[str, str, str]] = dict(b.excluded)
    for item in considered:
        if item.n >= 0 and item.n not in taken:
            why.setdefault(item.n, (item.id, item.kind, "budget"))
    if full:
        default = {
            "changelog": "relevance: older than the recent entries",
            "sessions": "relevance: older than the recent sessions",
            "candidates": "review queue: counted, not listed",
            "markdown": "relevance: Markdown sections are included only when they match --for",
            "imports": "relevance: imported items are included only when they match --for",
            "project": "empty value",
            "decisions": "budget",
        }
        if task:
            default["changelog"] = default["sessions"] = (
                "relevance: neither recent nor matching --for"
            )
        for n, rel, pos, kind, eid in db.execute("SELECT n, rel, pos, kind, id FROM entries"):
            if n not in taken and n not in why:
                shown_id = str(eid) if eid is not None else f"{rel}#{pos}"
                reason = default.get(kind, f"kind: {kind} is not start-up context")
                why[n] = (shown_id, kind, reason)
    return [{"id": i, "kind": k, "reason": r} for _, (i, k, r) in sorted(why.items())]


def _render(intro: str, b: _Builder) -> str:
    parts = [intro] if intro else []
    for section, heading in _SECTIONS.items():
        lines = [i.line for i in b.included if i.section == section]
        if lines:
            parts.append("\n" + heading + "\n" + "".join(ln + "\n" for ln in lines))
    return "".join(parts)
