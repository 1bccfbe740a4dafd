"""Candidates: what extraction proposes to remember, and the batch that carries them.

Also what every source shares: plain text, redaction, titles and the entry of a decision.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from omp import rot, rules, sensitive
from omp.constants import CANDIDATE_TARGETS
from omp.lazyre import lazy

TARGETS = CANDIDATE_TARGETS


ACTIONS = ("stored", "review", "dropped", "merged", "superseded")


SESSION_REASON = "one session record per conversation"


class Candidate:
    """Something worth remembering, and what became of it.

    `origin`: the source's own words (a commit subject), for matching. Two candidates are equal
    when all their fields are.
    """

    __slots__ = (
        "action", "confidence", "entry", "merge_into", "note", "origin", "priority", "reason",
        "scope", "source", "target",
    )  # fmt: skip

    def __init__(
        self,
        target: str,
        entry: dict[str, Any],
        confidence: float,
        reason: str,
        source: dict[str, Any],
        scope: str = "PROJECT",
        priority: str = "P1",
        action: str = "",
        note: str | None = None,
        merge_into: str | None = None,
        origin: str | None = None,
    ) -> None:
        self.target = target
        self.entry = entry
        self.confidence = confidence
        self.reason = reason
        self.source = source
        self.scope = scope
        self.priority = priority
        self.action = action
        self.note = note
        self.merge_into = merge_into
        self.origin = origin

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Candidate:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable: equal by value, so not hashable

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self.__slots__, self._fields(), strict=True))
        return f"Candidate({shown})"

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape of this candidate."""
        out = {
            "target": self.target,
            "action": self.action,
            "scope": self.scope,
            "confidence": round(self.confidence, 2),
            "priority": self.priority,
            "reason": self.reason if self.note is None else f"{self.reason}; {self.note}",
            "entry": self.entry,
            "source": self.source,
        }
        if self.merge_into is not None:
            out["merge_into"] = self.merge_into
        return out


class Stored(NamedTuple):
    """An entry already in memory, as far as the filters need it."""

    target: str
    id: str
    text: str
    entry: dict[str, Any]


class StoredMemory:
    """What memory holds, as the filters ask for it.

    This one holds its items in a list; the one `omp extract` uses reads decisions and changes
    through the index, and only those that may be near a text (`ingest`).

    Attributes:
        stored: The items.
        deployments: project.yaml's `deployment` records, by key.
    """

    def __init__(
        self, stored: Iterable[Stored] = (), deployments: Mapping[str, Any] | None = None
    ) -> None:
        self.stored = list(stored)
        self.deployments = dict(deployments or {})

    def near(self, target: str, text: str) -> list[Stored]:  # noqa: ARG002 (subclasses use it)
        """The items of `target` at least `MERGE_AT` similar to `text`, among others, in order.

        Memory order: decisions, changes, items waiting for review, the user's items. Here,
        every item of `target`.
        """
        return [s for s in self.stored if s.target == target]

    def decisions(self) -> list[Stored]:
        """Every stored decision, in memory order."""
        return [s for s in self.stored if s.target == "decisions"]

    def naming(self, old: str) -> list[Stored]:  # noqa: ARG002 (subclasses use it)
        """The stored decisions that may have chosen `old` (lower-case), among others, in order.

        Among them: every one in force whose choice (`choice_of`), lower-cased, holds `old`
        or is held in it. Here, every decision of the list.
        """
        return [s for s in self.stored if s.target == "decisions"]

    def mentioning(self, terms: Sequence[str] | None) -> list[Stored]:  # noqa: ARG002 (as above)
        """The stored decisions that may hold one of `terms` (lower-case), among others, in order.

        Among them: every one in force whose first non-empty field of `SWITCHED_FIELDS`,
        lower-cased, holds one of `terms`; every decision when `terms` is None. Here, every
        decision of the list.
        """
        return [s for s in self.stored if s.target == "decisions"]


# What a stored decision chose, as a switch reads it: the first of these fields that is not
# empty (not the title, which says more than what was chosen)
SWITCHED_FIELDS = ("choice", "decision")
# What a decision chose, as the filters read it: the first of these fields that is not empty
CHOICE_FIELDS = ("choice", "decision", "title")
# The statuses of a decision in force (a decision without one is `active`)
IN_FORCE = ("active", "proposed")


def choice_of(entry: dict[str, Any]) -> str:
    """What a stored decision chose: its first non-empty field of `CHOICE_FIELDS`, as text."""
    return str(next((entry[f] for f in CHOICE_FIELDS if entry.get(f)), ""))


def in_force(entry: dict[str, Any]) -> bool:
    """Whether a stored decision is in force (active or proposed)."""
    return entry.get("status", "active") in IN_FORCE


class Redaction(NamedTuple):
    """A sensitive value taken out of a source: its kind and where, never the value."""

    kind: str
    path: str
    index: Any
    offset: int

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape."""
        return {
            "kind": self.kind,
            "source": {"path": self.path, "index": self.index},
            "offset": self.offset,
        }


class Batch:
    """The candidates of one run, with the redactions made on the way."""

    def __init__(self, candidates: list[Candidate] | None = None) -> None:
        self.candidates: list[Candidate] = candidates if candidates is not None else []
        self.redactions: list[Redaction] = []
        self.obsolete: list[tuple[rot.Obsolete, dict[str, Any]]] = []
        self.warnings: list[str] = []
        self.secrets: dict[str, str] = {}  # values redacted so far: redacted when said again
        self.last_lines: dict[str, str] = {}  # per source, the last line of its last message

    def __repr__(self) -> str:
        return f"Batch({len(self.candidates)} candidates, {len(self.redactions)} redactions)"


def merge_fields(into: dict[str, Any], extra: dict[str, Any]) -> None:
    """Keep the more complete entry: fill missing fields, unite alternatives."""
    for key, value in extra.items():
        if key == "alternatives":
            have = list(into.get(key, []))
            have += [v for v in value if v not in have]
            if have:
                into[key] = have
        elif not into.get(key) and value:
            into[key] = value


def text_of(target: str, entry: dict[str, Any]) -> str:
    """The words of an entry compared for redundancy.

    A decision is its choice and its title's head: the details a title also carries ("Use X:
    Y 用 Z") vary with the sentence that restates the choice.
    """
    if target == "decisions":
        head = title_head(str(entry.get("title") or ""))
        return " ".join(str(v or "") for v in (head, entry.get("choice"), entry.get("decision")))
    if target == "changelog":
        return str(entry.get("summary") or "")
    if target == "user":
        return str(entry.get("text") or "")
    if target == "project":
        return "\n".join(f"{k}: {v}" for k, v in flatten(entry))
    if target == "sessions":
        return str(entry.get("summary") or "")
    return ""


def title_head(title: str) -> str:
    """A decision title without the details after its first ": " ("Use X: Y 用 Z" → "Use X")."""
    return re.split(r"：|: ", title, maxsplit=1)[0]


def flatten(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """`{"a": {"b": 1}}` as `[("a.b", 1)]`."""
    if isinstance(data, dict):
        out: list[tuple[str, Any]] = []
        for key, value in data.items():
            out += flatten(value, f"{prefix}.{key}" if prefix else str(key))
        return out
    return [(prefix, data)]


# Control characters have no place in memory: a NUL would be stored as "\0", and the rules use
# it as a placeholder; NEL and the Unicode line and paragraph separators are line breaks YAML
# cannot keep (the writer refuses them), lone surrogates are not text
CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff]")


LINE_BREAKS = re.compile("[\x85\u2028\u2029]")


def plain_text(text: str) -> str:
    """`text` without control characters; NEL and the Unicode separators become line breaks."""
    return LINE_BREAKS.sub("\n", CONTROLS.sub("", text))


def redact_text(text: str, path: str, index: Any, batch: Batch) -> str:
    """`text` without control characters and with its secrets replaced; each one is reported.

    Control characters go first: one inside a key would hide it from the patterns.
    """
    if CONTROLS.search(text) or LINE_BREAKS.search(text):
        text = plain_text(text)
    # a message is read after the last line of the one before it, of its own source
    said = isinstance(index, int)
    after = batch.last_lines.get(path, "") if said else ""
    clean, matches = sensitive.redact(text, after=after, known=batch.secrets)
    batch.redactions += [Redaction(m.kind, path, index, m.start) for m in matches]
    batch.secrets.update(sensitive.secret_values(text, matches))
    if said:
        batch.last_lines[path] = text.rstrip().rsplit("\n", 1)[-1][-_LAST_LINE:]
    return clean


_LAST_LINE = 200  # of the message before, what is read with the next (a label, not a paragraph)


TITLE_MAX = 200


_CLAUSE_VERB = re.compile(r"(?i)\s(?:is|are|must|should|never|always)\s")


# the work a tool is told to do ("Validate input with zod"): its purpose is a verb phrase
_WORK_VERB = lazy(
    r"(?i)(?:validate|store|persist|seriali[sz]e|deseriali[sz]e|send|cache|queue|parse|render|"
    r"schedule|hash|encrypt|track|index|compress|generate|format|migrate|emit|publish|enqueue|"
    r"deploy|release|build|host|log|monitor)\s+\S"
    # alone, only a verb that is no noun too ("for queue", "for index" stay)
    r"|(?i:deploy|publish|monitor|enqueue|validate|migrate)$"
)


def _title(choice: str, purpose: str | None) -> str:
    first = choice.split(" ", 1)[0].lower()
    # "store amounts as cents", "all API responses use snake_case" are their own titles
    # "no mocking the database", "squash merge only" too: rules the person sets
    said_whole = first == "no" or choice.endswith(" only")
    if (
        first in rules.RULE_LEADS
        or said_whole
        or rules.is_rule_clause(choice)
        or _CLAUSE_VERB.search(choice)
    ):
        # "Convention: branch names are feature/<ticket>-<slug>" is a rule said whole
        return choice[0].upper() + choice[1:]
    if re.match(r"不(?!可|同|错|少|仅|断)|别|千万别", choice) or re.search(
        r"只能|必须|禁止|不许|不准", choice
    ):
        # "我们决定不上 K8s 了": a choice against, not "采用 不上 K8s"; "main 只能通过 PR 合并":
        # a rule said whole
        return choice
    if rules.is_chinese(choice):
        # "推送用极光推送": a purpose the name says already is not said again
        said = purpose and purpose.lower() not in choice.lower()
        return f"采用 {choice}" + (f"（{purpose}）" if said else "")
    if purpose and purpose.lower() not in choice.lower():
        if re.match(r"(?:between|in|on|inside|across|within)\s", purpose):
            return f"Use {choice} {purpose}"  # "Use gRPC between services"
        if _WORK_VERB.match(purpose):
            return f"Use {choice} to {purpose}"  # "Use zod to validate input"
        return f"Use {choice} for {purpose}"
    return f"Use {choice}"


def naming_entry(pattern: str, context: str) -> dict[str, Any]:
    """The decision entry of a naming pattern ("Naming: risk.<domain>.<event>.v1")."""
    return {"title": f"Naming: {pattern}"[:TITLE_MAX], "context": context[:500], "choice": pattern}


# a choice that is a value rather than a thing named: "false", "30 秒", "4C8G", "1e-4" (not an
# acronym: "TSV", "WAL" name things)
_VALUE_CHOICE = lazy(
    r"(?i:true|false|on|off|none|null|enabled?|disabled?)"
    r"|\d+(?:\.\d+)?(?:e-?\d+)?\s*[^\s\d]{0,3}|\d+[A-Za-z]\d+[A-Za-z]"
)
_CLAUSE_MARK = "，,;；。！!？?\n"
# words that lead a clause in, saying nothing of it: "还有，…", "also …"
_LEADS = r"还有|另外|然后|对了|also|and|then"
# what a clause may say before the value that names nothing it is for: "改成 false", "to 30"
_SETTING_VERB = lazy(
    rf"(?i)^\W*(?:(?:{_LEADS})\W*)?(?:就|都|先|也|统一)?"
    r"(?:改成|改为|改回|调成|调到|设成|设为|换成|定成|定为|用|保持|set(?:\s+it)?\s+to|to|use|keep)?"
    r"\s*$"
)
_LEAD_FILLER = lazy(rf"(?i)^(?:{_LEADS})\W*")


def value_clause(choice: str, sentence: str) -> str:
    """The clause of `sentence` that sets a value chosen, in its words, or "".

    "sql-show 生产别开，改成 false" is what "false" was chosen for; "ECS 换成 4C8G 的" says
    what is 4C8G. A choice that names a thing ("Redis") is its own title.
    """
    if not _VALUE_CHOICE.fullmatch(choice) or rules.technologies(choice):
        return ""
    at = sentence.find(choice)
    if at < 0:
        return ""
    start = max(sentence.rfind(c, 0, at) for c in _CLAUSE_MARK) + 1
    ends = [i for i in (sentence.find(c, at + len(choice)) for c in _CLAUSE_MARK) if i >= 0]
    end = min(ends, default=len(sentence))
    if _SETTING_VERB.match(sentence[start:at]) and start > 0:
        # "改成 false": what is set is said in the clause before ("sql-show 生产别开"), unless
        # that one only leads in ("算了，统一用 flutter_riverpod")
        before = max(sentence.rfind(c, 0, start - 1) for c in _CLAUSE_MARK) + 1
        if not _ONLY_LEAD.fullmatch(sentence[before : start - 1].strip()):
            start = before
    clause = _LEAD_FILLER.sub("", sentence[start:end].strip())
    if len(clause) > 80 or _SETTING_VERB.match(clause[: clause.find(choice)]):
        return ""
    return clause


_ONLY_LEAD = lazy(
    r"(?i)(?:算了|不过|但是|那就|好的?|行|对|嗯|可以|没问题|ok(?:ay)?|yes|yeah|sure|fine|right|so|"
    rf"{_LEADS})?\W*"
)


def decision_entry(d: rules.Decision, sentence: str, *, details: bool = False) -> dict[str, Any]:
    """A decision entry; with `details`, its title also gives what else the sentence settles.

    "行，就用 ReplacingMergeTree，version 用 updated_at。" is titled "Use ReplacingMergeTree:
    version 用 updated_at", not only "Use ReplacingMergeTree". A value chosen is titled by the
    clause that sets it ("sql-show 生产别开，改成 false", not "Use false").
    """
    title = value_clause(d.choice, sentence) or _title(d.choice, d.purpose)
    settled = rules.decided_details(sentence, d.choice) if details else []
    title = with_details(title, [s for s in settled if s.lower() not in title.lower()])
    entry: dict[str, Any] = {
        "title": title[:TITLE_MAX],
        "context": sentence[:500],
        "choice": d.choice,
    }
    if d.alternatives:
        entry["alternatives"] = list(d.alternatives)
    if d.rationale:
        entry["rationale"] = d.rationale
    return entry


def with_details(title: str, details: list[str]) -> str:
    """`title` followed by `details`: "Use X: a; b", "采用 X：a；b"."""
    if not details:
        return title
    if title_head(title) != title:  # details already: go on in their punctuation
        sep = "；" if "：" in title else "; "
        return title + sep + sep.join(details)
    chinese = rules.is_chinese(title)
    sep = "；" if chinese else "; "
    return title + ("：" if chinese else ": ") + sep.join(details)
