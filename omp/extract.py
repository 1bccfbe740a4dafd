"""From what happened to what to remember: candidates, filters and routing (pure, no I/O).

`omp.ingest` reads the sources and writes the outcome; everything between is here:

    messages / commits / deploy events → candidates → sensitive → ROT (trivial, redundant,
    obsolete) → confidence → scope → route (stored / review / dropped / user)

Each candidate carries its target (decisions, changelog, project, sessions, user), the entry
to write, scope, confidence, the reason it was proposed and where it came from. A decision
changed later in the same conversation keeps only the final choice, with the abandoned one
as an alternative.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from omp import buildfiles, gitrepo, rot, rules, sensitive
from omp.constants import AUTO_STORE_AT, CANDIDATE_TARGETS, REVIEW_AT
from omp.lazyre import lazy

TARGETS = CANDIDATE_TARGETS
ACTIONS = ("stored", "review", "dropped", "merged", "superseded")


@dataclass
class Candidate:
    """Something worth remembering, and what became of it."""

    target: str
    entry: dict[str, Any]
    confidence: float
    reason: str
    source: dict[str, Any]
    scope: str = "PROJECT"
    priority: str = "P1"
    action: str = ""
    note: str | None = None
    merge_into: str | None = None
    origin: str | None = None  # the source's own words (a commit subject), for matching

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


@dataclass(frozen=True, slots=True)
class Stored:
    """An entry already in memory, as far as the filters need it."""

    target: str
    id: str
    text: str
    entry: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Redaction:
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


@dataclass
class Batch:
    """The candidates of one run, with the redactions made on the way."""

    candidates: list[Candidate] = field(default_factory=list)
    redactions: list[Redaction] = field(default_factory=list)
    obsolete: list[tuple[rot.Obsolete, dict[str, Any]]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


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
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff]")
_LINE_BREAKS = re.compile("[\x85\u2028\u2029]")


def plain_text(text: str) -> str:
    """`text` without control characters; NEL and the Unicode separators become line breaks."""
    return _LINE_BREAKS.sub("\n", _CONTROLS.sub("", text))


def redact_text(text: str, path: str, index: Any, batch: Batch) -> str:
    """`text` without control characters and with its secrets replaced; each one is reported.

    Control characters go first: one inside a key would hide it from the patterns.
    """
    if _CONTROLS.search(text) or _LINE_BREAKS.search(text):
        text = plain_text(text)
    clean, matches = sensitive.redact(text)
    batch.redactions += [Redaction(m.kind, path, index, m.start) for m in matches]
    return clean


# ---- conversations --------------------------------------------------------------------------

_USER_CONF = {"explicit": 0.9, "instruction": 0.85, "fact": 0.85, "work": 0.8, "path": 0.8}
# An assistant narrating its own edits ("Added src/x.ts") is mostly noise for the changelog:
# its finished work waits for review unless it is a "Done:" summary.
# An assistant's facts and paths are as often suggestions, examples or files it touched as the
# project's own (dev corpus: under half kept by the labels): they wait for review.
_ASSISTANT_CONF = {"explicit": 0.75, "instruction": 0.55, "fact": 0.65, "work": 0.6, "path": 0.65}
_REPLY_REACH = 2  # messages: a reply opening with an offered name picks it this soon after
_REVERSAL_REACH = 6  # messages: "actually, ..." changes a choice made this recently
_RECAP_REACH = 2  # messages: a summary this close to the end tells where things landed
_REWORK = {
    "migration",
    "switch",
    "move",
    "port",
    "refactor",
    "refactoring",
    "rewrite",
    "迁移",
    "切换",
    "重构",
    "改造",
}
_SUMMARY_CONF = 0.7
_FROM_NOW = lazy(
    r"(?i)要用|得用|必须用|应该用|以后|今后|别再用|不要再用|\b(?:from now on|going forward|"
    r"(?:should|must) (?:use|be)|don't use .{1,30} anymore)\b"
)
_NARRATION = lazy(r"^\S+\s+(?:`|the file\b|a file\b|\S+\.\w{1,4}\b)|[\w-]+/[\w./-]+\.\w{1,4}")
_DONE_LEAD = lazy(
    r"(?i)^\W*(?:done|all done|finished|fixed)\s*[:：\u2014-]|^\W*(?:完成|搞定|已完成)"
)
_FIX_ITEM = lazy(r"(?i)^(?:fix(?:ed|es)?|resolved?)\b|^(?:修复|修正|修好|解决)")
PROPOSAL_CONF = 0.55
SIDE_CHOICE_CONF = 0.6
VERSION_CONF = 0.6
ACCEPTED_CONF = 0.85
ADOPTED_CONF = 0.6  # "就这么定了" after a statement: the statement is as often context as choice
TENTATIVE_CONF = 0.3
AGENT_COMMIT_CONF = 0.8  # "git commit -m 'fix: …'" in a tool call: work the agent did
TOOL_FACT_CONF = 0.75  # a version in a build file the agent's tool printed: the project's own
AGENT_STACK_CONF = 0.7  # a coding agent's statement of the stack, with a version or two parts
RECAP_CONF = 0.75  # a fact of the assistant's closing summary of where things landed
OPENING_CHOICE_CONF = 0.6  # a Chinese choice named only in the message opening a dialogue
_TITLE_MAX = 200
NAMED_ADDRESS_CONF = 0.75
_OPENING_MIN = 16  # characters: a shorter first message is a greeting; "# …" is a title


_CLAUSE_VERB = re.compile(r"(?i)\s(?:is|are|must|should|never|always)\s")


def _title(choice: str, purpose: str | None) -> str:
    first = choice.split(" ", 1)[0].lower()
    # "store amounts as cents", "all API responses use snake_case" are their own titles
    if first in rules.RULE_LEADS or rules.is_rule_clause(choice) or _CLAUSE_VERB.search(choice):
        # "Convention: branch names are feature/<ticket>-<slug>" is a rule said whole
        return choice[0].upper() + choice[1:]
    if re.match(r"不(?!可|同|错|少|仅|断)", choice) or re.search(
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
        return f"Use {choice} for {purpose}"
    return f"Use {choice}"


class _Conversation:
    """The state of one conversation while its messages are read in order."""

    def __init__(
        self,
        path: str,
        batch: Batch,
        title: str | None,
        *,
        agent: bool,
        earlier: list[Candidate] | None = None,
    ) -> None:
        self.path = path
        # the choices of earlier sessions of the same work (an Aider history): a later session
        # may change them, by role or by the part it names
        self.earlier = earlier if earlier is not None else []
        self.continued = bool(self.earlier)  # its first message introduces nothing
        self.agent = agent
        self.batch = batch
        # redacted whole before the session summary cuts it (a cut key is no longer found)
        self.title = redact_text(title, path, "title", batch) if title else title
        self.decisions: list[Candidate] = []
        self.proposal: Candidate | None = None
        self.proposed: list[str] = []  # the name the pending proposal chose, as a reply reads
        self.found: list[Candidate] = []
        self.summary: str | None = None
        self.substantive = False
        self.opening: int | None = None  # the user's first real message: what the project is
        self.introduced: list[Candidate] = []  # choices named in it, and not again
        self.replied = False  # the assistant answered after it: a dialogue
        self.options: dict[str, str] = {}
        self.options_at = -1  # the message that listed them
        self.offered: list[str] = []  # the options of the last "X or Y?" question
        self.offered_in = ""  # the message that offered them
        self.asked_which = False  # the person's last message asked which one to use
        self.offered_asked = False  # the options came as a question ("X or Y?")
        self.names: list[str] = []  # names the assistant last offered in bold ("**clap**")
        self.named_at = -1  # the message that offered them
        self.labels: list[str] = []  # Chinese options it last offered in bold ("**禁止负库存**")
        self.bullets: list[str] = []  # the options of its last "which one?" list
        self.listed: set[str] = set()
        self.previous: str | None = None  # the user's last statement, for "make that the rule"
        self.preferred = ""  # what the user's last message said of their own ways, lower case
        self.recaps: list[tuple[int, list[str]]] = []  # the assistant's "Summary: …" messages
        self.asked: list[str] = []  # settings the assistant's last message asked values for
        self.last = 0  # the index of the last message read

    def source(self, index: int) -> dict[str, Any]:
        return {"path": self.path, "index": index}

    def feed(self, role: str, text: str, index: int) -> None:
        if self._aside(role, text, index):
            return
        text = rules.without_blobs(redact_text(text, self.path, index, self.batch))
        if role == "commit":
            self._agent_commit(text, index)
            return
        conf = _USER_CONF if role == "user" else _ASSISTANT_CONF
        self.last = index
        self._turn(role, text, index)
        self._done_list(text, index, conf)
        sentences = rules.statements(text)
        remember = any(rules.asks_to_remember(s) for s in sentences)
        before = len(self.found)
        for sentence in sentences:
            self._read(role, sentence, index, conf)
        self._values(role, text, index, conf)
        if remember:
            for c in self.found[before:]:
                c.confidence = min(0.95, c.confidence + 0.1)
                c.reason += "; asked to remember"

    def _read(self, role: str, sentence: str, index: int, conf: dict[str, float]) -> None:
        """One sentence of a message."""
        if rot.trivial_reason(sentence) == rot.FILLER and rot.info_length(sentence) < 40:
            # short picks ("方案二。", "Tempo it is.") still count; and a long sentence that
            # merely opens like filler ("Wait, legal says PostHog is out.") is read
            return
        if role == "user":
            self.substantive = True
            if self.summary is None and not rules.accepts(sentence):
                self.summary = sentence[:160]
        found = (len(self.found), len(self.decisions))
        self._sentence(role, sentence, index, conf)
        if role == "user":
            self.previous = sentence
            if found == (len(self.found), len(self.decisions)):
                self._remembered(sentence, index, conf)

    def _remembered(self, s: str, index: int, conf: dict[str, float]) -> None:
        """A rule or fact the person asks to keep, said whole, when the sentence gave nothing else.

        "Remember: we never deploy on Fridays" is a decision titled by itself.
        """
        clause = rules.remembered_rule(s)
        if clause is None:
            return
        entry: dict[str, Any] = {"title": clause[:_TITLE_MAX], "context": s[:500]}
        reason = "a rule the person asked to remember"
        c = Candidate("decisions", entry, conf["explicit"], reason, self.source(index))
        if rules.forbids(clause):
            # "注意：不要用 Tesseract，识别率太低" chooses nothing: what it forbids is the
            # alternative, never the choice; a rule without a choice merges with no other
            if forbidden := rules.forbidden_names(clause):
                entry["alternatives"] = forbidden
            self.decisions.append(c)
            return
        entry["choice"] = clause
        self._decide(c, reverses=False)

    def _aside(self, role: str, text: str, index: int) -> bool:
        """Whether a message is no talk: a system prompt, or what a tool printed.

        Of what a tool printed, the versions and settings of the build files it shows
        (`package.json`, `go.mod`) are project facts. The output is redacted only when it
        states some: most of it is never used.
        """
        if role != "tool" or not buildfiles.facts(text):
            return role in ("system", "tool")
        facts = buildfiles.facts(redact_text(text, self.path, index, self.batch))
        if facts:
            reason = "read from a build file a tool printed"
            self._found(Candidate("project", facts, TOOL_FACT_CONF, reason, self.source(index)))
        return True

    def _values(self, role: str, text: str, index: int, conf: dict[str, float]) -> None:
        """Decisions for the values a reply gives to the settings the assistant asked about.

        "TTL 你们想设多久？" then "TTL 设 10 分钟": then what this message asks values for.
        """
        given = rules.answered_values(text, self.asked) if role == "user" else []
        self.asked = rules.asked_values(text) if role == "assistant" else []
        made = [str(d.entry.get("choice", "")).lower() for d in self.decisions]
        for clause in given:
            if any(len(m) > 2 and m in clause.lower() for m in made):
                continue  # "好，就用 redis_rate" already decided it
            entry = {"title": clause[:_TITLE_MAX], "context": clause, "choice": clause}
            reason = "a value the person gave when the assistant asked for it"
            self._decide(
                Candidate("decisions", entry, conf["instruction"], reason, self.source(index)),
                reverses=False,
            )

    def _turn(self, role: str, text: str, index: int) -> None:
        """What a whole message settles or offers before its sentences are read."""
        for subject in rules.committed_subjects(text):
            self._agent_commit(subject, index)  # 'committed as "fix(db): add …"', by either side
        if role == "user":
            self._answer(text)
            self._pasted(text, index)
            self.preferred = ""
            if self.opening is None and len(text) >= _OPENING_MIN and text.lstrip()[:1] != "#":
                self.opening = index
        else:
            self.replied = self.replied or self.opening is not None
            self._offers(text, index)
            if parts := rules.recap(text):
                self.recaps.append((index, parts))
            if names := rules.offered_names(text):
                self.names, self.named_at = names, index
            self.labels = rules.offered_labels(text) or self.labels
            self.bullets = rules.offered_bullets(text)
        if asked := rules.asked_options(text):
            self.offered, self.offered_in, self.offered_asked = asked, text, True
        elif named := self._named_for_which(role, text):
            self.offered, self.offered_in, self.offered_asked = named, text, False
        self.asked_which = role == "user" and rules.asks_which(text)

    def _offered_names(self) -> list[str]:
        """Names the assistant offered: in bold, or as the options of a list ("2. Inngest").

        Also the choice it proposed ("I'd use expo-router", then "expo-router then.") and the
        options of the last either-or question.
        """
        listed = [v.lower() for v in self.options.values() if rules.NAME.fullmatch(v)]
        asked = [o.lower() for o in self.offered if _ONE_NAME.fullmatch(o)]
        return list(dict.fromkeys([*self.names, *listed, *self.proposed, *asked]))

    def _listed_others(self, choice: str, index: int) -> list[str]:
        """The other options of the list a recent pick took one of ("1. Hatchet 2. Inngest")."""
        values = list(self.options.values())
        if not 0 <= index - self.options_at <= _REVERSAL_REACH:
            return []
        low = [v.lower() for v in values]
        if choice.lower() not in low:
            return []
        if any(str(d.entry.get("choice", "")).lower() in low for d in self.decisions):
            return []  # a later pick from the list changes the first: that one is turned down
        return [v for v in values if v.lower() != choice.lower()]

    def _turned_down(self, picked: str | None) -> list[str]:
        """The other options of the last question, as the message that offered them wrote them."""
        return [_original(self.offered_in, o) for o in self.offered if o != picked]

    def _short_answer(self, s: str) -> str | None:
        """The offered option a short reply picks.

        The names an answer to "which lib?" gave are picked only by a reply that names one and
        accepts it ("recharts is fine"), not by one that talks about it.
        """
        picked = rules.short_answer(s, self.offered)
        if picked is not None and not self.offered_asked and not rules.picks_alone(s, picked):
            return None
        return picked

    def _named_for_which(self, role: str, text: str) -> list[str]:
        """The options an answer to "which charting lib?" names ("Recharts …; ECharts if …")."""
        if role != "assistant" or not self.asked_which:
            return []
        named = list(dict.fromkeys(rules.technologies(text)))
        # of the kind the first names ("Recharts is the simplest for React": not React)
        named = [n for n in named if rules.role_of(n) == rules.role_of(named[0])] if named else []
        return named[:4] if len(named) >= 2 else []

    def _pasted(self, text: str, index: int) -> None:
        """The build files the person pasted in code blocks ("pom 里是这个：```xml …")."""
        for block in rules.code_blocks(text):
            facts = buildfiles.facts(block)
            if facts:
                reason = "read from a build file the person pasted"
                self._found(Candidate("project", facts, TOOL_FACT_CONF, reason, self.source(index)))

    def _answer(self, text: str) -> None:
        """A user's reply settles the assistant's pending proposal one way or the other."""
        if self.proposal is not None and rules.accepts(text):
            accepted = self.proposal
            accepted.confidence = ACCEPTED_CONF
            accepted.reason = "proposed by the assistant and accepted by the user"
            self._decide(accepted, reverses=False)
        elif self.proposal is not None:
            self.found.append(self.proposal)  # not taken up: left for review
        # "expo-router then." names what was proposed: a name the reply may choose
        choice = str(self.proposal.entry.get("choice", "")) if self.proposal else ""
        self.proposed = [choice.lower()] if _ONE_NAME.fullmatch(choice) else []
        self.proposal = None

    def _offers(self, text: str, index: int) -> None:
        """Labelled options and "My suggestion:" lists of an assistant message."""
        if listed_options := rules.options(text):
            self.options, self.options_at = listed_options, index
        listed = rules.proposal_list(text)
        if listed:
            decision = rules.Decision(listed, (), None, None, False)
            context = text.strip().splitlines()[0][:300]
            self._propose(
                Candidate(
                    "decisions",
                    _decision_entry(decision, context),
                    PROPOSAL_CONF,
                    "proposed by the assistant",
                    self.source(index),
                )
            )

    def _agent_commit(self, message: str, index: int) -> None:
        """A commit the agent made in the session: its subject is a changelog entry.

        Maintenance commits (chore, test, style) count too: the person asked for the work in
        the session (on dev, 9 of 9 such commits were kept by the labels); work in progress
        and housekeeping are dropped.
        """
        subject = message.split("\n", 1)[0].strip()
        conventional = gitrepo.parse_conventional(subject)
        reason, level = "a commit the agent made", AGENT_COMMIT_CONF
        entry: dict[str, Any]
        if conventional is None:
            entry = {"type": _commit_kind(subject) or "other", "summary": subject}
        else:
            kind = _CONVENTIONAL_TYPES.get(conventional.type, "other")
            entry = {"type": kind, "summary": conventional.summary}
            if conventional.scope:
                entry["scope"] = conventional.scope
        if _TRIVIAL_COMMIT.match(subject) or _NOISE_COMMIT.search(subject):
            level = TENTATIVE_CONF
        self._found(Candidate("changelog", entry, level, reason, self.source(index)))

    def _done_list(self, text: str, index: int, conf: dict[str, float]) -> None:
        """A "Done:" list is one changelog entry (its first item), not one per line.

        A bug fixed on the way ("- 修复司机过期判断 bug", "- Fixed the retry loop") is a
        change of its own.
        """
        done = rules.done_list(text)
        if not done:
            return
        self.listed = set(done)
        level = max(conf["work"], _SUMMARY_CONF)
        for n, item in enumerate(done):
            summary = item[:200]
            if n == 0:
                kind = (rules.finished_work(summary) or rules.Work("feat", summary, None)).type
            elif _FIX_ITEM.match(summary):
                kind = "fix"
            else:
                continue
            entry = {"type": kind, "summary": summary}
            self._found(Candidate("changelog", entry, level, "reported done", self.source(index)))

    def _sentence(self, role: str, s: str, index: int, conf: dict[str, float]) -> None:
        src = self.source(index)
        for gone in rules.named_out(s) if role == "user" else ():
            self._drop_choice(gone, index)  # "行，Pulsar 不考虑了。" turns down an earlier choice
        person = rules.personal(s) if role == "user" else None
        if person is not None:
            self.preferred += f" {person.text.lower()}"
        # "我比较喜欢 table-driven 的写法，用 JUnit 5 的 …" tells the person's way, not a choice
        prefers = person is not None and rules.states_preference(s)
        decided = False if prefers else self._choices(role, s, index, conf)
        # "we could move off Prisma to Drizzle" retires nothing
        doubt = rules.is_question(s) or rules.tentative(s)
        obsolete = None if doubt else _obsolete_signal(s)
        if obsolete is not None:
            self.batch.obsolete.append((obsolete, src))
        reported = self._work(s, src, conf)
        # "…加了 diff_type" reports work: only a setting joins the decision
        if role == "user" and not (decided or doubt or reported) and person is None:
            self._settled_after(s, index)
        own = role == "user"
        self._facts(s, src, conf, own=own, decided=decided, person=None if decided else person)

    def _settled_after(self, s: str, index: int) -> None:
        """Settings a later sentence of the deciding message makes join the decision's title.

        "就用 vue-i18n。默认语言 zh-CN，fallback 用 en。" is one decision of vue-i18n with its
        default and fallback languages. The caller has ruled out questions, tentative talk,
        reported work and the person's ways.
        """
        if not self.decisions or self.decisions[-1].source["index"] != index:
            return
        last = self.decisions[-1]
        title = str(last.entry["title"])
        more = [d for d in rules.decided_details(s, "") if d.lower() not in title.lower()]
        if more:
            last.entry["title"] = _with_details(title, more)[:_TITLE_MAX]

    def _choices(self, role: str, s: str, index: int, conf: dict[str, float]) -> bool:
        """Decisions, proposals, reversals and tentative talk; True when `s` decides."""
        stated = self._stated(role, s, index, conf)
        if stated is not None:
            return stated
        src = self.source(index)
        if role == "user" and self.previous and rules.adopts_previous(s):
            adopted = rules.Decision(rules.clip(self.previous), (), None, None, True)
            entry = _decision_entry(adopted, f"{self.previous} {s}")
            reason = "the statement before it made the rule"  # 1 of 5 kept on dev: reviewed
            self._decide(Candidate("decisions", entry, ADOPTED_CONF, reason, src), reverses=False)
            return True
        replying = index - self.named_at <= _REPLY_REACH  # the reply to the offer, not later talk
        answer = (
            self._short_answer(s) or (rules.leading_name(s, self.names) if replying else None)
            if role == "user"
            else None
        )
        head = (
            rules.picked_label(s, self.labels) or rules.picked_bullet(s, self.bullets)
            if role == "user"
            else None
        )
        if answer is not None or head is not None:
            # the other options of the question are the alternatives ("Mixpanel or Amplitude?")
            others = self._turned_down(answer) if head is None and answer in self.offered else []
            named = rules.Decision(
                head or _original(s, str(answer)), tuple(others), None, None, False
            )
            entry = _decision_entry(named, s, details=True)
            reason = "the answer to an either-or question"
            self._decide(
                Candidate("decisions", entry, conf["instruction"], reason, src), reverses=False
            )
            self.offered = []
            return True
        label = rules.option_reference(s) if role == "user" else None
        if label is not None and label in self.options:
            picked = rules.Decision(self.options[label], (), rules.rationale(s), None, False)
            reason = "an option picked by its label"
            entry = _decision_entry(picked, s, details=True)
            self._decide(
                Candidate("decisions", entry, conf["instruction"], reason, src),
                reverses=rules.reverses(s),
            )
            return True
        obsolete = _obsolete_signal(s)
        if role == "assistant" and (choice := rules.proposal(s)):
            choice = self.options.get(str(rules.option_label(choice)), choice)
            found = rules.Decision(
                choice, rules.alternatives(s, choice), rules.rationale(s), rules.purpose(s), False
            )
            self._propose(self._proposal(found, s, src))
        elif (
            obsolete is not None
            and obsolete.new
            and rules.starts_like_a_name(rules.clip(obsolete.new))
            and role == "user"
            and not (rules.is_question(s) or rules.tentative(s))
        ):
            new, old = rules.clip(obsolete.new), rules.clip(obsolete.old)
            replaced = rules.Decision(new, (old,), rules.rationale(s), None, True)
            entry = _decision_entry(replaced, s, details=True)
            c = Candidate("decisions", entry, conf["explicit"], "replaces an earlier choice", src)
            self._decide(c, reverses=True)
            return True
        elif rules.tentative(s) and rules.technologies(s):
            entry = {"title": s[:120]}
            self.batch.candidates.append(
                Candidate(
                    "decisions", entry, TENTATIVE_CONF, "tentative talk", src, scope="EPHEMERAL"
                )
            )
        elif role == "user":
            for gone in rules.rejected(s) + rules.refused(s):
                self._drop_choice(gone, index)
        return False

    def _proposal(self, d: rules.Decision, s: str, src: dict[str, Any]) -> Candidate:
        return Candidate(
            "decisions",
            _decision_entry(d, s, details=True),
            PROPOSAL_CONF,
            "proposed by the assistant",
            src,
        )

    def _stated(self, role: str, s: str, index: int, conf: dict[str, float]) -> bool | None:
        """A decision stated in `s` (True), an assistant's proposal (False), or None."""
        d = rules.decision(s, self._offered_names() if role == "user" else ())
        if d is None:
            return self._required(s, index, conf) if role == "user" else None
        if d.choice in rules.commands(s).values():
            return None  # "跑测试用 pnpm test": the project's command, a fact, not a choice
        work = None if d.explicit else rules.finished_work(s)
        if work is not None and not (
            d.choice.lower() not in work.summary.lower() and _FROM_NOW.search(s)
        ):
            # "已经改成 X" / "switched X to Y" reports work done, not a choice; but "已经把 A 换成
            # B 了，所以测试要用 C，别再用 D 了" reports one thing and decides another
            return None
        if (label := rules.option_label(d.choice)) in self.options:
            d = d._replace(choice=self.options[str(label)])
        src = self.source(index)
        if role == "assistant":
            return self._assistant_choice(d, s, src)
        d = self._switched(role, s, d)
        chosen = self._choice(d, s, src, conf)
        self._decide(chosen, reverses=rules.overrides(s), switch=rules.switches(s))
        if role == "user" and chosen in self.decisions and (part := rules.switched_part(s)):
            self._switched_part(part, chosen)
        for gone in rules.refused(s) + rules.rejected(s) if role == "user" else ():
            if gone.lower() not in d.choice.lower():
                self._drop_choice(gone, index, said=rules.switches(s))
        if role == "user":
            self._side_choices(s, d.choice, src)
        return True

    def _required(self, s: str, index: int, conf: dict[str, float]) -> bool | None:
        """A requirement the person sets ("We need every endpoint to be idempotent"): True."""
        rule = rules.requirement(s)
        if rule is None:
            return None
        entry = {"title": rule[:_TITLE_MAX], "context": s[:500], "choice": rule}
        reason = "a requirement the person set"
        c = Candidate("decisions", entry, conf["instruction"], reason, self.source(index))
        self._decide(c, reverses=False)
        return True

    def _assistant_choice(self, d: rules.Decision, s: str, src: dict[str, Any]) -> bool | None:
        """A rule the assistant states outright (True), a proposal of it (False), or None."""
        if d.explicit and d.choice.lower() in self.preferred:
            return None  # "好的，后面都用 Java。" acknowledges the person's way, decides nothing
        if d.explicit and not rules.advises(s):  # not "建议 …，或者以后用 HF_TOKEN 环境变量"
            self._decide(self._choice(d, s, src, _ASSISTANT_CONF), reverses=rules.overrides(s))
            return True
        if rules.proposal(s) is None and not rules.recommends(s):
            return None  # the assistant describing what it does, not proposing a choice
        self._propose(self._proposal(d._replace(explicit=False), s, src))
        return False

    def _choice(
        self, d: rules.Decision, s: str, src: dict[str, Any], conf: dict[str, float]
    ) -> Candidate:
        reason = "explicit decision" if d.explicit else "instruction naming a choice"
        level = conf["explicit" if d.explicit else "instruction"]
        c = Candidate("decisions", _decision_entry(d, s, details=True), level, reason, src)
        if src["index"] == self.opening and not d.explicit and rules.is_chinese(s):
            self.introduced.append(c)
        return c

    def _switched(self, role: str, s: str, d: rules.Decision) -> rules.Decision:
        """A person's switch has the earlier choices it names as alternatives ("X 先关掉，改 Y")."""
        if role != "user" or not rules.switches(s):
            return d
        low = s.lower()
        earlier = [str(o.entry.get("choice", "")) for o in self.decisions]
        named = [c for c in earlier if c and c.lower() in low and c.lower() not in d.choice.lower()]
        return d._replace(alternatives=tuple(dict.fromkeys((*d.alternatives, *named))))

    def _side_choices(self, s: str, choice: str, src: dict[str, Any]) -> None:
        for side in rules.side_choices(s, choice):
            reason = "a further choice in the same sentence"  # 3 of 7 kept on dev: reviewed
            c = Candidate("decisions", _decision_entry(side, s), SIDE_CHOICE_CONF, reason, src)
            if not any(
                str(o.entry.get("choice")).lower() == side.choice.lower() for o in self.decisions
            ):
                self.decisions.append(c)  # not a reversal of the sentence's first choice

    def _work(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """Finished work: a changelog entry; True when `s` reports work done."""
        listed = s.rstrip("；;。.") in self.listed
        if rules.committed_subjects(s):
            return True  # the commit it reports is the entry ("Merged to main as "fix: …"")
        work = None if listed else rules.finished_work(rules.assertion(s))
        if work is not None and work.type == "deploy" and rules.deployment(s) is not None:
            return True  # a deployment told in conversation is a project fact; logs give changes
        header = s.rstrip().endswith((":", "：")) and len(work.summary if work else "") < 24
        if work is not None and work.named and not header:
            # "Changes made:" heads a list; "Fixed the X:" tells; "跑通了，3 秒" names no work
            entry = {"type": work.type, "summary": work.summary.rstrip(":：")}
            reason = f"finished work ({work.type})"
            level = conf["work"]
            outcome = _DONE_LEAD.match(s) is not None
            told = outcome or not _NARRATION.search(work.summary)
            if level < _SUMMARY_CONF and self.agent and told:
                level = _SUMMARY_CONF  # the outcome, not a step ("Added `src/x.ts` ...")
            if work.type == "other":
                level -= 0.15  # "removed", "published", "完成": too vague to store unseen
            self._found(Candidate("changelog", entry, level, reason, src))
        elif (noun := rules.completion(s)) and self.decisions:
            choice = str(self.decisions[-1].entry.get("choice"))
            chinese = rules.is_chinese(noun)
            summary = f"完成{noun}：{choice}" if chinese else f"Complete the {noun} to {choice}"
            entry = {"type": "refactor" if noun in _REWORK else "chore", "summary": summary}
            reason = "work on the decision reported finished"
            self._found(Candidate("changelog", entry, conf["work"], reason, src))
        return work is not None

    def _facts(
        self,
        s: str,
        src: dict[str, Any],
        conf: dict[str, float],
        *,
        own: bool,
        decided: bool,
        person: rules.Personal | None,
    ) -> None:
        """Project facts (deployment, stack, settings, paths) and the person's own ways."""
        statement = rules.assertion(s)
        opening = own and src["index"] == self.opening
        found = _stack_facts(statement, conf, own=own, decided=decided, opening=opening)
        found += _moved_facts(statement, conf, found)
        found += _place_facts(statement, conf, own=own)
        if own:
            found += _hardware_facts(statement, conf, found)
            found += _named_facts(statement, conf, found)
            if name := rules.project_name(statement):
                found.append(({"project": {"name": name}}, conf["fact"], "project name", "P2"))
        elif self.agent:
            found = [_read_stack(f) for f in found]
        for facts, level, reason, priority in found:
            self._found(Candidate("project", facts, level, reason, src, priority=priority))
        p = person
        if p is not None:
            entry = {"text": p.text, "kind": p.kind}
            reason = f"personal {p.kind}"
            self._found(Candidate("user", entry, 0.9, reason, src, scope=p.scope, priority="P2"))

    def _found(self, c: Candidate) -> None:
        self.found.append(c)

    def _propose(self, c: Candidate) -> None:
        if self.proposal is not None:
            self.found.append(self.proposal)  # never accepted: left for review
        self.proposal = c

    def _decide(self, new: Candidate, *, reverses: bool, switch: bool = False) -> None:
        choice = str(new.entry.get("choice", ""))
        picked = _offered_one(choice, self.offered) if self.offered_asked else None
        if picked is not None and not new.entry.get("alternatives"):
            # "Vitest it is." after "Vitest or Jest?", "Compose" for "Docker Compose": the
            # question's other options were turned down
            new.entry["alternatives"] = self._turned_down(picked)
        elif not new.entry.get("alternatives") and (
            others := self._listed_others(choice, int(new.source["index"]))
        ):
            # "Inngest fits best", "the second one" after "1. Hatchet 2. Inngest 3. Trigger.dev"
            new.entry["alternatives"] = others
        # the title's head, not the details the sentence also settles ("Use X: Y 用 Z")
        role = rules.role_of(choice) or rules.role_of(title_head(str(new.entry.get("title", ""))))
        alternatives = [str(a).lower() for a in new.entry.get("alternatives", [])]
        # a change of mind replaces one choice: the last one only when none has the new role
        ranked = role is not None and any(
            rules.role_of(str(o.entry.get("choice", ""))) == role for o in self.decisions
        )
        for old in list(self.decisions):
            old_choice = str(old.entry.get("choice", ""))
            same_choice = old_choice.lower() == choice.lower()
            same_role = role is not None and role == rules.role_of(old_choice)
            if role in rules.SHARED_ROLES and not reverses:
                same_role = False  # OpenTelemetry and then Tempo: both kept, no change of mind
            named = any(old_choice.lower() in a or a in old_choice.lower() for a in alternatives)
            last = old is self.decisions[-1]
            kin = role is None or rules.role_of(old_choice) in (None, role)
            if same_choice or (kin and _fuller(choice, old_choice)):
                self._confirm(old, new)
                return
            if kin and _fuller(old_choice, choice):
                # "Use Flutter", then "Flutter 3.22 + Riverpod": one decision, the fuller name
                old.entry.update(choice=choice, title=new.entry.get("title", old.entry["title"]))
                self._confirm(old, new)
                return
            later = int(new.source["index"]) - int(old.source["index"])
            close = 0 < later <= _REVERSAL_REACH  # a message does not take back its own choice
            # a change of mind without roles to compare replaces the last choice ("算了，
            # 乐观锁不用了，还是 Lua": the lock is no known technology)
            unranked = role is None or rules.role_of(old_choice) is None
            # ... unless the sentence names what it replaces ("from MySQL to Postgres")
            fallback = reverses and last and close and unranked and not ranked and not alternatives
            # "1. Twilio … 3. Vonage", "twilio.", then "switch to Vonage": another of the options
            # offered together
            sibling = (reverses or switch) and close and self._offered_together(choice, old_choice)
            if same_role or named or fallback or sibling:
                self._reversed(old, new)
        for old in list(self.earlier):
            old_choice = str(old.entry.get("choice", ""))
            if old_choice.lower() != choice.lower() and (
                (role is not None and role == rules.role_of(old_choice) and reverses)
                or any(old_choice.lower() in a or a in old_choice.lower() for a in alternatives)
            ):
                self._reversed(old, new)
        self.decisions.append(new)

    def _offered_together(self, one: str, other: str) -> bool:
        """Whether the last offer named both choices among its options."""
        offered = {n.lower() for n in self.names} | {v.lower() for v in self.options.values()}
        return one.lower() in offered and other.lower() in offered

    def _reversed(self, old: Candidate, new: Candidate) -> None:
        """`new` changes the choice `old` made: `old` is dropped, its choice an alternative."""
        if any(o is old for o in self.earlier):  # already among the batch's candidates
            self.earlier[:] = [o for o in self.earlier if o is not old]
            old.note = f"reversed in a later session ({new.source['index']})"
        else:
            self.decisions.remove(old)
            old.note = f"reversed later in the conversation ({new.source['index']})"
            self.batch.candidates.append(old)
        old.action, old.confidence = "dropped", min(old.confidence, 0.0)
        old_choice = str(old.entry.get("choice", ""))
        alts = list(new.entry.get("alternatives", []))
        if old_choice.lower() not in [a.lower() for a in alts]:
            alts.append(old_choice)
        new.entry["alternatives"] = alts

    def _switched_part(self, part: str, new: Candidate) -> None:
        """A switch of a named part replaces the recent choice made for it.

        "存档就直接用 ResourceSaver 存成 .tres 吧" then "那存档改用 System.Text.Json": neither
        tool has a known role to compare, but both sentences are about the saves.
        """
        index = int(new.source["index"])
        for old in [*self.decisions, *self.earlier]:
            distance = index - int(old.source["index"])
            same = str(old.entry.get("choice", "")).lower() == str(new.entry["choice"]).lower()
            close = any(o is old for o in self.earlier) or 0 < distance <= _REVERSAL_REACH
            if old is new or same or not close:
                continue
            if part in str(old.entry.get("context", "")).lower():
                self._reversed(old, new)

    def _confirm(self, old: Candidate, new: Candidate) -> None:
        """`new` states the choice `old` made again: one decision, as sure as the surer."""
        _merge_fields(old.entry, new.entry)
        old.confidence = max(old.confidence, new.confidence)
        if new.source["index"] != old.source["index"]:
            self.introduced = [c for c in self.introduced if c is not old]

    def _introduced(self) -> None:
        """Chinese choices named only in the message that opens a dialogue wait for review.

        "要用 ERA5 的 2m 气温", "用 xarray + dask 读的时候特别慢", "现在用的是 DDP": the
        person introducing the project mostly tells how things are with 用 (dev corpus: 1 of
        8 kept), where "We're moving to S3" and "Let's switch it to NUMERIC" choose. A
        statement given alone (`--text`) or a choice named again later is a choice.
        """
        if not self.replied or self.continued:
            return
        for c in self.introduced:
            c.reason, c.confidence = (
                "a choice named while the project is introduced",
                min(c.confidence, OPENING_CHOICE_CONF),
            )

    def _drop_choice(self, gone: str, index: int, *, said: bool = False) -> None:
        """Drop the decisions that chose `gone`.

        `said`: a switch turned `gone` down ("那就不用 Redis 了，改成唯一索引"), so a choice
        made in a sentence about it goes too ("Redis 那个最简单，就用 SETNX 吧").
        """
        named = re.compile(rf"(?i)(?<![\w.-]){re.escape(gone)}(?![\w-])") if said and gone else None
        for old in list(self.decisions):
            context = str(old.entry.get("context", ""))
            earlier = int(old.source["index"]) < index
            if (gone and gone.lower() in str(old.entry.get("choice", "")).lower()) or (
                named is not None and earlier and named.search(context)
            ):
                self.decisions.remove(old)
                old.action, old.note = "dropped", f"turned down later in the conversation ({index})"
                old.confidence = 0.0
                self.batch.candidates.append(old)

    def _replaced_stack(self) -> None:
        """Drop the stack facts that a later choice or switch replaced.

        "lint 用的是 flake8 + black" and later "统一用 ruff 做 lint": flake8 is no longer the
        linter. A later choice replaces the stack of its role; a choice made over an option, a
        reversed choice and "no longer use X" replace that tool.
        """
        gone = [
            (str(a), int(d.source["index"]))
            for d in self.decisions
            for a in d.entry.get("alternatives", [])
        ]
        gone += [
            (str(signal.old), int(src["index"]))
            for signal, src in self.batch.obsolete
            if src.get("path") == self.path
        ]
        chosen = [
            _Choice(
                str(d.entry.get("choice", "")),
                int(d.source["index"]),
                whole=_ALL_IN.search(str(d.entry.get("context", ""))) is not None,
            )
            for d in self.decisions
            if not _PART_ONLY.search(str(d.entry.get("context", "")))
        ]
        replaced: list[str] = []
        for c, stack in self._stacks():
            at = int(c.source["index"])
            for key, value in list(stack.items()):
                if any(later >= at and _same_tool(value, name) for name, later in gone) or any(
                    d.at > at and _replaces(key, value, d) for d in chosen
                ):
                    replaced.append(value)
                    del stack[key]
        for c, stack in self._stacks():  # named again later ("我们现在 Arduino 项目里的配置")
            for key, value in list(stack.items()):
                if any(_same_tool(value, old) for old in replaced) and not any(
                    _same_tool(value, d.choice) for d in chosen
                ):
                    del stack[key]
            if not stack:
                del c.entry["tech_stack"]
            if not c.entry:
                c.action, c.note = "dropped", "replaced later in the conversation"
                c.confidence = 0.0

    def _stacks(self) -> Iterator[tuple[Candidate, dict[str, str]]]:
        for c in self.found:
            stack = c.entry.get("tech_stack")
            if c.target == "project" and isinstance(stack, dict):
                yield c, stack

    def _recapped(self) -> None:
        r"""The facts of the assistant's summary of where things landed, at the end.

        "For the record, the current setup:\n- engine: DuckDB 1.1.3, `memory_limit='24GB'`":
        a summary among the last messages states what the conversation settled, so its
        stack, settings and paths are the project's, though the assistant says them.
        """
        taken: dict[str, str] = {}
        for index, parts in self.recaps:
            if index < self.last - _RECAP_REACH:
                continue
            for part in parts:
                facts = rules.recap_facts(part, taken)
                if facts:
                    reason = "the assistant's summary of where things landed"
                    src = self.source(index)
                    self._found(Candidate("project", facts, RECAP_CONF, reason, src, priority="P2"))

    def finish(self) -> None:
        if self.proposal is not None:
            self.found.append(self.proposal)
        self._recapped()
        self._replaced_stack()
        self._introduced()
        self.batch.candidates += self.decisions + self.found
        if not self.substantive:
            return
        kept = [c for c in self.decisions + self.found if c.confidence >= AUTO_STORE_AT]
        session = {
            "summary": (self.title or self.summary or "conversation")[:160],
            "key_actions": [c.entry["summary"] for c in kept if c.target == "changelog"][:10],
            "decisions": [c.entry["title"] for c in kept if c.target == "decisions"],
            "outcomes": [
                f"{k}: {v}" for c in kept if c.target == "project" for k, v in flatten(c.entry)
            ][:10],
        }
        self.batch.candidates.append(
            Candidate(
                "sessions", session, 1.0, "one session record per conversation", self.source(0)
            )
        )


_Fact = tuple[dict[str, Any], float, str, str]  # facts, confidence, reason, priority


# "统一用 ruff", "switch everything to Biome": one tool for the whole role
_ALL_IN = lazy(r"(?i)统一|全部(?:换|改|用)|都(?:换|改|用)|\b(?:everything|all of it)\b")


# "新模块就用 sqlc 写吧，老代码先不动": a choice for part of the code keeps the old tool
_PART_ONLY = lazy(
    r"(?i)新模块|新代码|新服务|新功能|老代码|旧代码|\bnew (?:code|modules?|services?)\b"
    r"|\b(?:existing|old|legacy) code\b"
)


def _obsolete_signal(s: str) -> rot.Obsolete | None:
    """What `s` says is no longer used, and what replaces it.

    Besides `rot.obsolete_signal`, one known tool put in the place of another of its kind
    ("顺便把 npm 换成了 pnpm", "switched npm to pnpm").
    """
    found = rot.obsolete_signal(s)
    if found is None and (swap := rules.swapped_tools(s)):
        return rot.Obsolete(old=swap[0], new=swap[1])
    return found


def _fuller(short: str, long: str) -> bool:
    """Whether `long` names `short` with more detail ("Flutter" → "Flutter 3.22")."""
    return len(short) >= 2 and long.lower().startswith(short.lower() + " ")


class _Choice(NamedTuple):
    """A choice made in a conversation, where, and whether for a whole role."""

    choice: str
    at: int
    whole: bool


def _replaces(role: str, value: str, d: _Choice) -> bool:
    """Whether choice `d` replaces `value` as the stack's `role`.

    Where tools share a role (linters, hosting), only a choice made for the whole role does.
    """
    if (role in rules.SHARED_ROLES and not d.whole) or rules.role_of(d.choice) != role:
        return False
    if (tool := rules.technologies(d.choice)[:1]) and tool == rules.technologies(value)[:1]:
        return False  # "Expo SDK 51", then "Expo push service": more of the same tool
    return not _same_tool(value, d.choice) and not _same_tool(d.choice, value)


def _same_tool(value: str, name: str) -> bool:
    """Whether a stack value and a refused option name one tool ("flake8 6" and "flake8").

    The option must be the tool alone: "MySQL 定时排序那套" refuses a way of using MySQL.
    """
    name = name.strip().lower()
    if value.lower() == name:
        return True
    named = rules.technologies(name)
    rest = re.sub(r"[\s\d.v]+", "", name.replace(named[0], "", 1)) if named else name
    return len(rest) <= 2 and rules.technologies(value)[:1] == named[:1]


def _stated_stack(s: str) -> dict[str, str]:
    """The technologies a statement names as the stack, by role."""
    stack = rules.tech_facts(s)
    if "hardware" not in stack and (gpus := rules.machine_gpus(s)):
        stack["hardware"] = gpus
    if "storage" not in stack and (store := rules.stored_in(s)):
        stack["storage"] = store
    if "language" not in stack and (language := rules.written_in(s)):
        name = re.sub(r"[\s\d.v]+$", "", language).lower()
        if not any(str(v).lower().startswith(name) for v in stack.values()):
            stack["language"] = language  # "调度服务是 C++17 写的" may have named C++ 17 already
    stack |= {k: v for k, v in rules.listed_stack(s).items() if k not in stack}
    stack |= {k: v for k, v in rules.named_parts(s).items() if k not in stack}
    if hosted := rules.hosted_parts(s):
        # "The frontend is on Vercel and the API on Fly.io": each part where it runs, not
        # the first host alone as the project's
        if stack.get("hosting") in hosted.values():
            del stack["hosting"]
        stack |= hosted
    return stack


def _stack_facts(
    s: str, conf: dict[str, float], *, own: bool, decided: bool, opening: bool = False
) -> list[_Fact]:
    """Technologies, versions and settings a statement gives.

    `opening`: the statement is in the message where the person introduces the project, so
    the versions it names are the project's ("I'm making a co-op crawler in Godot 4.3").
    """
    found: list[_Fact] = []
    stack = _stated_stack(s) if not decided else _stack_beside_choice(s)
    if stack:
        found.append(({"tech_stack": stack}, conf["fact"], "tech stack", "P2"))
    versions = rules.version_facts(s, own=own, opening=opening)
    if own and (outright := rules.stated_versions(s)):
        found.append(({"tech_stack": outright}, conf["fact"], "version said to be in use", "P2"))
        versions = {k: v for k, v in versions.items() if k not in outright}
    # the first version of a sentence that describes the stack ("X is Python 3.12 on Postgres
    # 16", "后端是 Go 1.22 + Gin") is the project's own, unless a stack fact was already found;
    # so are the versions listed after it or after a stack fact
    states = rules.states_stack(s)
    # a stated stack says itself which versions are its own; a choice and hearsay are no fact
    opening = opening and not (states or decided or _HEARSAY.search(s))
    primary = next(iter(versions), None) if not stack and (states or opening) else None
    listed = rules.listed_versions(s) if stack or primary else set()
    stated = {k: v for k, v in versions.items() if k == primary or k in listed or opening}
    if primary is not None:
        found.append(({"tech_stack": stated}, conf["fact"], "stack stated", "P2"))
    elif stack:
        for key, value in stated.items():
            if not _named_in(value, stack):
                stack.setdefault(key, value)
    # versions named in passing are as often noise as facts (dev corpus: 42% kept by the
    # labels): they wait for review rather than being stored
    found += [
        ({"tech_stack": {key: value}}, VERSION_CONF, "version", "P2")
        for key, value in versions.items()
        if key not in stated and not _named_in(value, stack)
    ]
    config = rules.settings(s)
    if config:
        found.append(({"config": config}, conf["fact"], "configuration value", "P0"))
    return found


_ONE_NAME = lazy(r"[A-Za-z][\w.+#/@-]{1,40}")  # "expo-router", "probe-rs": one token


def _stack_beside_choice(s: str) -> dict[str, str]:
    """The stack the clauses of a deciding Chinese sentence state that decide nothing themselves.

    "分析主要用 xarray + dask，在学校的 HPC 上跑，调度系统是 Slurm": the choice is one clause,
    the scheduler a fact beside it.
    """
    clauses = _CLAUSES.split(s) if rules.is_chinese(s) else []
    found: dict[str, str] = {}
    for clause in clauses if len(clauses) > 1 else ():
        if rules.decision(clause) or rules.tentative(clause) or rules.is_question(clause):
            continue
        if rules.personal(clause) is not None or _ADDRESSED.search(clause):
            # "另外我一般都用 pnpm", "你上面给的也是 pnpm 命令": the person's habit, what the
            # assistant wrote; not the project's stack
            continue
        found |= {k: v for k, v in _stated_stack(clause).items() if k not in found}
    return found


_CLAUSES = lazy(r"[，,；;]")
_ADDRESSED = lazy(r"[你您]")
_HEARSAY = lazy(r"(?i)听说|挺火|很火|最近看|\bi (?:heard|read)\b|\bpeople (?:say|are saying)\b")


def _read_stack(fact: _Fact) -> _Fact:
    """A coding agent's statement of the stack, with a version or two parts or more, is stored.

    It has usually read it in the repository ("项目是 Vue 3 + Vite 5 + Element Plus"); one
    name alone is as often what it is about to use (dev corpus: 8 of 11 kept, against 1 of 7).
    """
    facts, level, reason, priority = fact
    stack = facts.get("tech_stack", {})
    if reason == "tech stack" and (
        len(stack) >= 2 or any(re.search(r"\d", v) for v in stack.values())
    ):
        level = max(level, AGENT_STACK_CONF)
    return facts, level, reason, priority


def _moved_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The versions a sentence reports moving to ("We bumped Node to 20"), unless already found."""
    stack = {k: v for facts, *_ in found for k, v in facts.get("tech_stack", {}).items()}
    moved = {k: v for k, v in rules.version_changes(s).items() if not _named_in(v, stack)}
    return [({"tech_stack": moved}, conf["fact"], "version moved to", "P2")] if moved else []


def _named_in(version: str, stack: dict[str, str]) -> bool:
    """Whether a stack fact already names `version` ("Pydantic 2" in "Pydantic v2")."""

    def norm(text: str) -> str:
        return re.sub(r"\s*\bv(?=\d)", " ", text.lower())

    return any(norm(version) in norm(str(v)) for v in stack.values())


_DEPLOYED_PLACES = frozenset(("staging", "production", "test", "preview", "dev", "development"))


def _place_facts(s: str, conf: dict[str, float], *, own: bool = False) -> list[_Fact]:
    """Where things are: deployment URLs, named addresses, the layout, paths.

    Object-store locations count when the person names them, not in an assistant's example.
    """
    found: list[_Fact] = []
    dep = rules.deployment(s)
    # beside a deployment, only another address can name a second place
    addresses = rules.url_facts(s) if dep is None or s.count("://") > 1 else {}
    if dep is not None:
        places = {dep.service: {"url": dep.url, "status": dep.status}}
        # "staging is at https://a and prod at https://b": each place is deployed
        for env, url in addresses.items():
            if env in _DEPLOYED_PLACES and url != dep.url and env not in places:
                places[env] = {"url": url, "status": dep.status}
        found.append(({"deployment": places}, conf["fact"] + 0.05, "deployment URL", "P0"))
        addresses = {}
    # "健康检查路径是 /healthz": a route of the service, an address of it too
    routes = {k: v for k, v in rules.route_facts(s).items() if k not in addresses}
    if routes:
        found.append(({"urls": routes}, conf["fact"], "route", "P0"))
    if addresses:
        # an address named as what it is ("the broker is mqtts://…") is the project's whoever
        # says it: the assistant mostly repeats or reports it (dev corpus: 8 of 8 kept)
        level = max(conf["fact"], NAMED_ADDRESS_CONF)
        found.append(({"urls": addresses}, level, "address", "P0"))
    layout = rules.layout_fact(s)
    if layout is not None:
        found.append(({"paths": {"layout": layout}}, conf["path"], "project layout", "P2"))
    paths = rules.path_facts(s) if layout is None else {}
    if paths:
        found.append(({"paths": paths}, conf["path"], "project path", "P2"))
    if cmds := rules.commands(s):  # "tests run with `pytest -q`": how the project is worked on
        found.append(({"commands": cmds}, conf["path"], "project command", "P2"))
    stores = rules.storage_locations(s) if own else {}
    stores = {k: v for k, v in stores.items() if v not in paths.values()}
    if stores:
        found.append(({"storage": stores}, conf["path"], "object-store location", "P2"))
    return found


def _hardware_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The board, chip or GPUs and the platforms the person says the project runs on.

    The hardware only when a stated stack has not already named it.
    """
    named = any("hardware" in facts.get("tech_stack", {}) for facts, *_ in found)
    board = None if named else rules.own_hardware(s)
    stack = {"hardware": board} if board else {}
    if targets := rules.platforms(s):
        stack["platforms"] = targets
    return [({"tech_stack": stack}, conf["fact"], "hardware and platforms", "P2")] if stack else []


def _named_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """Paths, hosts and names the person gives a part of the project, unless already found."""
    known = " ".join(str(v) for facts, *_ in found for _, v in flatten(facts))
    named: dict[str, dict[str, str]] = {}
    for section, values in rules.named_values(s).items():
        for key, value in values.items():
            if value not in known:
                named.setdefault(section, {})[key] = value
    return [(named, conf["fact"], "named value", "P2")] if named else []


def _offered_one(choice: str, offered: list[str]) -> str | None:
    """The option of an either-or question `choice` names, whole or by a word of its name."""
    low = choice.lower()
    # "Compose" names "docker compose"; "Kafka engine" is no "kafka" of "ClickHouse or Kafka?"
    named = [o for o in offered if low == o or low in o.split()]
    return named[0] if len(named) == 1 else None


def _original(text: str, name: str) -> str:
    """`name` as written in `text` ("drift" in "Drift."), else `name`."""
    # a whole name: "echarts" in "Recharts; ECharts" is the second
    m = re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)
    if m is None:
        at = text.lower().find(name)
        return text[at : at + len(name)] if at >= 0 else name
    return m.group(0)


def _decision_entry(d: rules.Decision, sentence: str, *, details: bool = False) -> dict[str, Any]:
    """A decision entry; with `details`, its title also gives what else the sentence settles.

    "行，就用 ReplacingMergeTree，version 用 updated_at。" is titled "Use ReplacingMergeTree:
    version 用 updated_at", not only "Use ReplacingMergeTree".
    """
    title = _title(d.choice, d.purpose)
    settled = rules.decided_details(sentence, d.choice) if details else []
    title = _with_details(title, [s for s in settled if s.lower() not in title.lower()])
    entry: dict[str, Any] = {
        "title": title[:_TITLE_MAX],
        "context": sentence[:500],
        "choice": d.choice,
    }
    if d.alternatives:
        entry["alternatives"] = list(d.alternatives)
    if d.rationale:
        entry["rationale"] = d.rationale
    return entry


def _with_details(title: str, details: list[str]) -> str:
    """`title` followed by `details`: "Use X: a; b", "采用 X：a；b"."""
    if not details:
        return title
    if title_head(title) != title:  # details already: go on in their punctuation
        sep = "；" if "：" in title else "; "
        return title + sep + sep.join(details)
    chinese = rules.is_chinese(title)
    sep = "；" if chinese else "; "
    return title + ("：" if chinese else ": ") + sep.join(details)


def _merge_fields(into: dict[str, Any], extra: dict[str, Any]) -> None:
    """Keep the more complete entry: fill missing fields, unite alternatives."""
    for key, value in extra.items():
        if key == "alternatives":
            have = list(into.get(key, []))
            have += [v for v in value if v not in have]
            if have:
                into[key] = have
        elif not into.get(key) and value:
            into[key] = value


def from_conversation(
    messages: Iterable[tuple[str, str, int]],
    batch: Batch,
    *,
    path: str,
    title: str | None = None,
    agent: bool = True,
    earlier: list[Candidate] | None = None,
) -> list[Candidate]:
    """Add the candidates of one conversation (role, text, index triples, in order) to `batch`.

    `agent`: the assistant could act (a Claude Code or Codex session), so what it reports done
    may be its own work; a chat assistant only tells of work (dev corpus: 2 of 7 kept).
    `earlier`: the decisions of earlier sessions of the same work, which this one may reverse
    (those it reverses are dropped and leave the list). Returns this conversation's decisions.
    """
    state = _Conversation(path, batch, title, agent=agent, earlier=earlier)
    for role, text, index in messages:
        state.feed(role, text, index)
    state.finish()
    return state.decisions


# ---- commits --------------------------------------------------------------------------------

_CONVENTIONAL_TYPES = {
    "feat": "feat",
    "feature": "feat",
    "fix": "fix",
    "bugfix": "fix",
    "hotfix": "fix",
    "docs": "docs",
    "doc": "docs",
    "refactor": "refactor",
    "perf": "perf",
    "deploy": "deploy",
    "config": "config",
    "chore": "chore",
    "build": "chore",
    "ci": "chore",
    "test": "chore",
    "tests": "chore",
    "style": "chore",
    "revert": "other",
    "release": "other",
}
_VERB_TYPES = (
    ("fix", r"fix|fixes|fixed|resolve|patch|correct|修复|修正"),
    (
        "feat",
        r"add|adds|added|implement|introduce|support|create|新增|添加|实现|支持|接入|引入|集成|增加",
    ),
    ("docs", r"document|docs?|readme|文档"),
    (
        "refactor",
        r"refactor|rename|move|extract|clean ?up|simplify|switch|migrate|重构|迁移|切换|拆分",
    ),
    ("perf", r"speed up|optimi[sz]e|perf|优化"),
    ("chore", r"bump|update|upgrade|remove|delete|drop|升级|更新|删除|移除"),
    ("deploy", r"deploy|release|发布|上线"),
)
# A Chinese subject often starts with what changed: "传感器采集改用 FreeRTOS 队列", "采样间隔从
# 10s 改为 30s"; its verb says what kind of change it is
_ZH_CHANGE_VERB = (
    ("fix", "修复|修正|修好|修掉"),
    ("perf", "优化|加索引|加了索引"),
    ("refactor", "改用|改为|改成|换成|切换|迁移|迁到|重构|搬进|搬到"),
    ("feat", "新增|增加|接入|引入|支持|加了|加上|添加|实现了"),
    ("chore", "升级|升到"),
)
# "发版 1.4.0", "release 2.3.0": a release commit without a conventional type
_RELEASE_COMMIT = lazy(r"(?i)^(?:release|released|发版|发布|版本)\s*(?P<v>v?\d+(?:\.\d+)+)\s*$")
# A maintenance commit that moves to another version or tool is worth its changelog line
_NOTABLE_CHORE = lazy(r"(?i)\b(?:upgrade|bump|pin|switch|migrate)\b|升级|切换|改为|改成|改用")
_TRIVIAL_COMMIT = lazy(
    r"(?i)^(?:wip|tmp|temp|test|fixup!|squash!|amend!|\.|-|misc|stuff|changes?|update)\b\s*\S{0,12}$"
)
# Maintenance commits are rarely worth a changelog line; dependency bumps, releases, breaking
# changes and commits that record a decision are.
# a change to CI is notable (a release pipeline, a new check): 10 of 13 kept on dev
_MINOR_TYPES = frozenset({"chore", "style", "test", "tests"})
_NOTABLE_SCOPES = frozenset({"deps", "release"})
_NOISE_COMMIT = lazy(
    r"(?i)\b(?:typos?|whitespace|formatting|reformat|lint fix(?:es)?|initial commit|"
    r"first commit|merge branch|merge pull request)\b|错别字|格式化"
)
_REVERT = lazy(r'(?i)^revert\s*[:(]?\s*"?(?P<x>.+?)"?\s*\)?$')
# the conventional type a subject starts with ("feat(eks)!: "), or nothing
_CONVENTIONAL_HEAD = lazy(r"\w+(?:\((?P<scope>[^)]*)\))?!?:\s*")


def _untyped(subject: str) -> tuple[str, str | None]:
    """A commit subject without its conventional type ("feat(eks)!: "), and the type's scope."""
    head = _CONVENTIONAL_HEAD.match(subject)
    return (subject[head.end() :], head["scope"]) if head else (subject, None)


def _commit_change(
    commit: Any, conventional: Any, breaking_note: str | None, subject: str
) -> tuple[dict[str, Any], float, str]:
    """The changelog entry of a commit, with its confidence and the reason."""
    day = commit.date[:10]
    entry: dict[str, Any]
    if conventional is not None:
        entry = {
            "date": day,
            "type": _CONVENTIONAL_TYPES.get(conventional.type, "other"),
            "summary": conventional.summary,
            "scope": conventional.scope,
            "ref": commit.short,
            "breaking": True if (conventional.breaking or breaking_note) else None,
            "author": commit.author,
        }
        inner, scope = _untyped(conventional.summary)
        if conventional.type == "revert" and inner != conventional.summary:
            entry["summary"] = f'Revert "{inner}"'  # "revert: feat(search): add lunr"
            entry["scope"] = conventional.scope or scope
        release = "release" in (conventional.type, conventional.scope)
        if release and re.fullmatch(r"v?\d+(?:\.\d+)+(?:[-+][\w.]+)?", entry["summary"].strip()):
            entry["summary"] = f"Release {entry['summary'].strip()}"  # "chore(release): 2.0.0"
        if _NOISE_COMMIT.search(subject) or conventional.type in ("wip", "tmp"):
            return entry, 0.3, "housekeeping commit"
        notable = (
            entry["breaking"]
            or conventional.scope in _NOTABLE_SCOPES
            or any(k.lower() == "decision" for k, _ in commit.trailers)
            or (conventional.type == "chore" and _NOTABLE_CHORE.search(conventional.summary))
        )
        if conventional.type in _MINOR_TYPES and not notable:
            return entry, 0.6, f"conventional commit ({conventional.type}): minor, for review"
        return entry, 0.9, f"conventional commit ({conventional.type})"
    kind = _commit_kind(subject)
    bare_release = _RELEASE_COMMIT.match(subject.strip())
    entry = {
        "date": day,
        "type": kind or "other",
        "summary": f"Release {bare_release['v']}" if bare_release else subject,
        "ref": commit.short,
        "breaking": True if breaking_note else None,
        "author": commit.author,
    }
    if reverted := _REVERT.match(subject.strip()):
        # 'Revert "feat(eks): switch CNI to Cilium"': a change undone is a change
        inner, scope = _untyped(reverted["x"])
        entry.update(type="other", summary=f'Revert "{inner}"', scope=scope)
        return entry, 0.75, "a revert"
    if _TRIVIAL_COMMIT.match(subject.strip()) or _NOISE_COMMIT.search(subject):
        return entry, 0.2, "work-in-progress or housekeeping commit"
    if kind is not None:
        return entry, 0.75, f"commit subject starting with a {kind} verb"
    return entry, 0.5, "commit without a conventional type"


def _commit_kind(subject: str) -> str | None:
    """The kind of change a commit subject without a conventional type names by its verb."""
    if _RELEASE_COMMIT.match(subject.strip()):
        return "chore"
    kind = next((t for t, verbs in _VERB_TYPES if re.match(rf"(?i)^(?:{verbs})\b", subject)), None)
    if kind is None and rules.is_chinese(subject) and not rules.SCAFFOLD.search(subject):
        kind = next((t for t, verbs in _ZH_CHANGE_VERB if re.search(verbs, subject)), None)
    return kind


def from_commit(
    commit: Any, conventional: Any, breaking_note: str | None, batch: Batch, *, path: str
) -> None:
    """Add the candidates of one git commit (a `gitrepo.Commit`) to `batch`."""
    src = {"path": path, "index": commit.short}
    if commit.parents > 1:
        return
    subject = redact_text(commit.subject, path, commit.short, batch)
    body = redact_text(commit.body, path, commit.short, batch)
    entry, conf, reason = _commit_change(commit, conventional, breaking_note, subject)
    entry = {k: v for k, v in entry.items() if v is not None}
    batch.candidates.append(
        Candidate("changelog", entry, conf, reason, src, priority="P1", origin=subject)
    )
    if facts := _commit_facts(subject, body):
        reason = "facts a commit states"
        batch.candidates.append(Candidate("project", facts, 0.8, reason, src, priority="P2"))
    _body_decisions(commit, subject, body, batch, path=path)
    if not (_backs_out(subject) and _kept_decision(commit, subject, body, batch, src)):
        _switch_decision(commit, subject, batch, src)
    if adr := _ADR.search(subject):  # "docs(adr): ADR-007 use spot instances …"
        reason = "an architecture decision record"
        batch.candidates.append(
            _recorded_decision(adr["x"], commit, subject, batch, path=path, reason=reason)
        )


def _body_decisions(commit: Any, subject: str, body: str, batch: Batch, *, path: str) -> None:
    """The decisions a commit records: `Decision:` trailers and lines, "we decided …"."""
    src = {"path": path, "index": commit.short}
    stated = [v.strip() for k, v in commit.trailers if k.lower() == "decision" and v.strip()]
    for value in stated:
        batch.candidates.append(_recorded_decision(value, commit, subject, batch, path=path))
    for sentence in rules.statements(rules.unwrap(body)):
        lowered = sentence.lower()
        if lowered.startswith("decision:"):
            # a "Decision:" line git does not take for a trailer (text follows it)
            value = sentence.split(":", 1)[1].strip()
            if value and not any(
                v.startswith(value[:40]) or value.startswith(v[:40]) for v in stated
            ):
                batch.candidates.append(
                    _recorded_decision(value, commit, subject, batch, path=path)
                )
            continue
        if lowered.startswith(("breaking change", "breaking-change")):
            continue
        d = rules.decision(sentence)
        if d is not None and d.explicit:
            entry = _decision_entry(d, sentence)
            entry.update(date=commit.date[:10], source_refs=[commit.short])
            batch.candidates.append(
                Candidate("decisions", entry, 0.8, "decision in a commit message", src)
            )


# an architecture decision record a commit adds: what follows its number is the decision
_ADR = lazy(r"\bADR[-\s]?\d+\s*[:：-]?\s*(?P<x>(?:use|adopt|采用|使用)\b.{3,})", re.I)


# "adopt Karpenter", "migrate from structopt to clap v4", "switch release pipeline to
# cargo-dist", "改用 Redis Lua 脚本", "match_events 迁移到 ClickHouse": a commit that moves to
# another tool decides it
_SWITCH = lazy(
    r"(?i)^(?:switch(?:es|ed)?|migrat(?:e|es|ed)|mov(?:e|es|ed)|port(?:s|ed)?)\b"
    r"[^,;:]{0,40}?\bto\s+(?P<x>.+)"
    r"|^replac(?:e|es|ed)\b[^,;:]{1,40}?\bwith\s+(?P<w>.+)"
    r"|^adopt\s+(?P<a>.+)"
    r"|(?:改用|换成|切换到|切到|还是用|迁移到|迁到|改回|改存)\s*(?P<z>.+)"
    r"|^(?:用|使用)\s*(?P<r>[A-Za-z][^，,；;]*?)\s*(?:替换|替代|取代|代替)"  # "用 X 替换 CircleCI"
)
# "clap v4", "cargo-dist": a lower-case name in a commit's switch with a version or a hyphen,
# not a word ("main") or a path
_SWITCH_NAME = lazy(r"[a-z][\w.+]*(?:-[\w.+]+)+(?:\s+\w+)?|[a-z][\w.+-]*\s+v?\d[\w.]*(?:\s+\w+)?")


_BACK_OUT = (
    r"(?:回退|回滚|撤回|撤销|去掉|移除|revert(?:s|ed)?|roll(?:s|ed)? back|remove[sd]?|"
    r"drop(?:s|ped)?)"
)


def _drop_backed_out(batch: Batch) -> None:
    later = [c for c in batch.candidates if c.target == "changelog" and c.origin]
    for c in batch.candidates:
        if c.reason != "a commit that switches to a tool" or c.action:
            continue
        name = re.escape(str(c.entry.get("choice", "")).split()[0])
        start = next((n for n, o in enumerate(later) if o.origin == c.origin), len(later))
        backed = re.compile(rf"(?i){_BACK_OUT}\s*(?:the\s+)?{name}(?![\w-])")
        if any(backed.search(str(o.origin)) for o in later[start + 1 :]):
            # the switch and its changelog entry go, as a revert takes both; the later commit
            # that backs it out tells the story
            for o in [c, *(o for o in later if o.origin == c.origin and not o.action)]:
                o.action, o.note = "dropped", "backed out by a later commit"
                o.confidence = 0.0


def _switch_decision(commit: Any, subject: str, batch: Batch, src: dict[str, Any]) -> None:
    """The choice a commit subject that switches to a tool makes (undone with the commit)."""
    summary = _untyped(subject)[0]
    m = _SWITCH.search(summary)
    if m is None or re.match(r"(?i)revert", summary):
        return
    choice = rules.clip(next(g for g in m.groups() if g is not None))
    named = rules.technologies(choice) or re.match(r"[A-Z]", choice)
    if not (named or _SWITCH_NAME.fullmatch(choice)) or "/" in choice:
        return
    old = re.search(
        r"(?i)\bfrom\s+([\w.+-]+)\s+to\b|从\s*([\w.+-]+)\s*(?:迁移|切换|改)"
        r"|(?:替换|替代|取代|代替)(?:掉|了)?\s*([A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?)",
        summary,
    )
    left = old and next(g for g in old.groups() if g)
    alternatives = (left,) if left else rules.alternatives(summary, choice)
    d = rules.Decision(choice, alternatives, None, None, False)
    entry = _decision_entry(d, subject)
    entry.update(date=commit.date[:10], source_refs=[commit.short])
    reason = "a commit that switches to a tool"
    batch.candidates.append(Candidate("decisions", entry, 0.75, reason, src, origin=subject))


# What a commit that backs a change out keeps or goes back to: "Back to npm", "Staying on S3
# for the cache", "encoding/json stays", "Keep the merged count matrix as TSV", "继续使用
# ECharts", "恢复 balance=simple", "配置改回存 NVS", "仲裁段保持 500kbps"
_KEPT = lazy(
    r"(?i)(?:\b(?:back\s+to|revert(?:s|ing|ed)?\s+to|return(?:s|ing|ed)?\s+to"
    r"|stay(?:s|ing)?\s+(?:on|with)|stick(?:s|ing)?\s+with|remain(?:s|ing)?\s+on"
    r"|continu(?:e|es|ing)\s+(?:to\s+use|using|with))"
    r"|^keep(?:ing)?\s+(?:using\s+)?(?:(?P<p>[^,;]+?)\s+as\s+)?)\s*(?P<x>[^\s,;]+.*)"
    r"|(?P<y>[\w./+=-]+)\s+stays\b"
    r"|(?:改回存?|回退到|回退为|回滚到|回到|恢复为|恢复成|恢复|保持|继续使用|继续用|继续走|还是用|仍然用)"
    r"\s*(?P<z>\S.*)"
)
# what the change backed out had moved to: "switch CNI to Cilium", "使用 LittleFS 存储"
_UNDONE_TARGET = lazy(
    r"(?i)(?:\bto|\bas|改为|改成|改用|换成|切换到|迁移到|迁到|使用|用)\s*"
    r"(?P<t>[A-Za-z0-9][\w./+=-]*(?:\s+[A-Z0-9][\w.+-]*)?)"
)
# a subject that undoes an earlier change (removing a thing alone is no undoing)
_UNDO = lazy(r"(?i)^(?:回退|回滚|撤回|撤销|revert(?:s|ed)?\b|roll(?:s|ed)?\s+back\b)\s*")
# a value a back-out keeps: "balance=simple", "encoding/json", "500kbps"
_KEPT_VALUE = lazy(r"[\w.-]+=[\w.-]+|[a-z][\w.-]*/[\w.-]+|\d[\d.]*\s?[A-Za-z]+")


def _backs_out(subject: str) -> bool:
    """Whether a commit undoes an earlier change: a revert, "回滚 bazel 迁移", "roll back X"."""
    summary = _untyped(subject)[0]
    return bool(_REVERT.match(subject.strip()) or _UNDO.match(summary))


def _undone_choice(summary: str) -> tuple[str, ...]:
    """What the change a back-out undoes had chosen, as the kept choice's alternative.

    'Revert "switch CNI to Cilium"' gives Cilium, "回滚 AntV G2，继续使用 ECharts" AntV G2.
    """
    if reverted := _REVERT.match(summary.strip()):
        summary = reverted["x"]
    summary = _untyped(summary)[0]
    undone = re.split(r"[，,；;。]", _UNDO.sub("", summary, count=1))[0]
    if target := _UNDONE_TARGET.search(undone):
        return (rules.clip(target["t"]),)
    for name in re.findall(r"[A-Za-z][\w./+=-]*(?:\s+[A-Z0-9][\w.+-]*)?", undone):
        if name[0].isupper() or rules.technologies(name) or _KEPT_VALUE.fullmatch(name):
            return (name,)
    return ()


def _kept_decision(commit: Any, subject: str, body: str, batch: Batch, src: dict[str, Any]) -> bool:
    """The choice a commit that backs a change out keeps ("Back to npm", "继续使用 ECharts").

    The option the undone change had moved to is the alternative.
    """
    summary = _untyped(subject)[0]
    alternatives = _undone_choice(summary)
    for sentence in [summary, *rules.statements(rules.unwrap(body))]:
        m = _KEPT.search(sentence)
        if m is None:
            continue
        kept = m["x"] or m["y"] or m["z"]
        choice = rules.clip(kept)
        named = rules.technologies(choice) or re.match(r"[A-Z]", choice)
        if not (named or _SWITCH_NAME.fullmatch(choice) or _KEPT_VALUE.fullmatch(choice)):
            continue
        left = tuple(a for a in alternatives if a.lower() not in choice.lower())
        d = rules.Decision(choice, left, None, m["p"], False)
        entry = _decision_entry(d, sentence)
        entry.update(date=commit.date[:10], source_refs=[commit.short])
        reason = "what a commit that backs a change out keeps"
        batch.candidates.append(Candidate("decisions", entry, 0.75, reason, src))
        return True
    return False


def _commit_facts(subject: str, body: str) -> dict[str, Any]:
    """The stack a first commit lists, the versions it moves to and the settings it names."""
    facts: dict[str, Any] = {}
    if stack := rules.scaffold_stack(subject):
        facts["tech_stack"] = stack
    for sentence in [subject, *rules.statements(rules.unwrap(body))]:
        if moved := rules.version_changes(sentence, done=True):
            facts.setdefault("tech_stack", {}).update(moved)
        if config := rules.settings(sentence, named_keys=False):
            facts.setdefault("config", {}).update(config)
        if dep := rules.deployment(sentence):  # "chore(deploy): 生产环境上线 https://…"
            facts.setdefault("deployment", {})[dep.service] = {"url": dep.url, "status": dep.status}
        elif urls := rules.url_facts(sentence):
            facts.setdefault("urls", {}).update(urls)
        if stores := rules.storage_locations(sentence):
            facts.setdefault("storage", {}).update(stores)
    return facts


def _recorded_decision(
    value: str,
    commit: Any,
    subject: str,
    batch: Batch,
    *,
    path: str,
    reason: str = "Decision: trailer",
) -> Candidate:
    """The decision a commit records in a `Decision:` line (or an ADR it adds)."""
    text = redact_text(value, path, commit.short, batch)
    d = rules.decision(text)
    entry = {
        "date": commit.date[:10],
        "title": text[:120],
        "context": subject,
        "choice": d.choice if d is not None else rules.clip(text),
        "source_refs": [commit.short],
    }
    src = {"path": path, "index": commit.short}
    return Candidate("decisions", entry, 0.9, reason, src)


# ---- deploy output --------------------------------------------------------------------------


def drop_reverted(batch: Batch) -> None:
    """A commit reverted later in the range leaves no changelog entry; the revert tells it.

    A tool a commit switched to and a later commit backs out ("回退 Koin，还是用 Hilt",
    "remove Koin") is no decision either.
    """
    _drop_backed_out(batch)
    changes = [c for c in batch.candidates if c.target == "changelog" and c.origin]
    made = [c for c in batch.candidates if c.origin]  # changes and the choices they made
    for revert in changes:
        m = _REVERT.match(str(revert.origin))
        if m is None:
            continue
        undone = m.group("x").strip().casefold()
        for c in made:
            if c is not revert and str(c.origin).casefold() == undone:
                c.action, c.note = "dropped", f"reverted by {revert.source.get('index')}"


def from_deploys(events: Sequence[Any], batch: Batch, *, path: str) -> None:
    """Add the candidates of the deploys in one output (`deploy.DeployEvent`s) to `batch`.

    Events of one service are one deploy told in steps (started, then live or failed, then
    perhaps rolled back): the URL and id of any step are kept, and a failure is the outcome
    even when a rollback follows. A failure followed by a deploy that went live, with an id
    of its own or without any version it went back to, is a retry that worked: the retry is the
    outcome.
    """
    merged: dict[str, Any] = {}
    rolled_back: set[str] = set()
    for event in events:
        before = merged.get(event.service)
        if before is None:
            merged[event.service] = event
            continue
        status = event.status
        retried = event.status == "active" and _retried(before, event)
        if before.status == "failed" and retried:  # a new deploy that went live: a retry
            # the migrations the failed attempt applied stay applied
            ran = before.migrations + tuple(
                m for m in event.migrations if m not in before.migrations
            )
            merged[event.service] = event._replace(
                migrations=ran, framework=event.framework or before.framework
            )
            rolled_back.discard(event.service)
            continue
        if before.status == "failed":
            status = "failed"
            rolled_back.add(event.service)
        merged[event.service] = before._replace(
            status=status,
            url=event.url or before.url,
            deploy_id=event.deploy_id or before.deploy_id,
            app=before.app or event.app,
            line=event.line,
            version=before.version or event.version,
            namespace=before.namespace or event.namespace,
            framework=before.framework or event.framework,
            context=before.context or event.context,
            image=before.image or event.image,
            bindings=before.bindings or event.bindings,
            routes=before.routes or event.routes,
            restored=before.restored or event.restored,
            migrations=before.migrations or event.migrations,
        )
    for service, event in merged.items():
        from_deploy(event, batch, path=path, rolled_back=service in rolled_back)


def _retried(failed: Any, live: Any) -> bool:
    """Whether the deploy that went live after `failed` was a new attempt, not a rollback.

    A deploy with an id of its own is new. Without ids, a second `fly deploy` that went live
    ("Visit your newly deployed app") is a retry unless the output says what it went back to;
    kubectl's `rollout undo` goes live too, and is a rollback.
    """
    if live.deploy_id is not None:
        return bool(live.deploy_id != failed.deploy_id)
    return not (failed.restored or live.restored) and live.tool != "kubectl"


def _deploy_facts(event: Any) -> dict[str, Any]:
    """What `deployment.<svc>` records of a deploy: status, address, app, image, bindings."""
    facts: dict[str, Any] = {"status": event.status}
    if event.url:
        facts["url"] = event.url
    if event.app and event.app != event.service:  # which app on the platform
        facts["app"] = event.app
    for key in ("version", "image", "namespace", "context"):
        if getattr(event, key):
            facts[key] = getattr(event, key)
    if event.restored:  # what runs in production after the failed deploy was rolled back
        facts["rolled_back_to"] = event.restored
    if event.routes:
        facts["routes"] = list(event.routes)
    if event.bindings:
        facts["bindings"] = dict(event.bindings)
    return facts


def from_deploy(event: Any, batch: Batch, *, path: str, rolled_back: bool = False) -> None:
    """Add the candidates of one deploy (a `deploy.DeployEvent`) to `batch`."""
    src = {"path": path, "index": event.line}
    reason = f"{event.tool} deploy output"
    facts = {"deployment": {event.service: _deploy_facts(event)}}
    batch.candidates.append(Candidate("project", facts, 0.95, reason, src, priority="P0"))
    if event.framework:  # what the build detected is the stack, whatever became of the deploy
        key = re.sub(r"\W", "", event.framework.split()[0].lower())
        stack = {"tech_stack": {key: event.framework}}
        batch.candidates.append(
            Candidate("project", stack, 0.9, f"{event.tool} build output", src, priority="P2")
        )
    name = " ".join(x for x in (event.app or event.service, event.version) if x)
    if event.status == "active":
        where = f" to production at {event.url}" if event.url else ""
        where = f" to namespace {event.namespace}" if event.namespace else where
        summary = f"Deploy {name}{where}"
    elif event.status == "failed":
        back = f" to {event.restored}" if event.restored else ""
        summary = f"Deploy of {name} failed" + (f"; rolled back{back}" if rolled_back else "")
    else:
        summary = f"Deploy of {name} started"
    entry: dict[str, Any] = {"type": "deploy", "summary": summary, "scope": event.service}
    if event.deploy_id:
        entry["ref"] = event.deploy_id
    # every deploy is a changelog line (the issue's contract), stored when it went live or was
    # rolled back to a known version (production moved, and back); any other failed deploy
    # changed nothing in production (its status is in project.yaml) and a deploy whose output
    # stops before the outcome is unknown: both wait for review (dev corpus: labellers kept 9 of
    # 15 successful deploys as changelog lines, 5 of the 6 rolled back to a named version, and
    # none of the other failed ones)
    confidence = 0.9 if event.status == "active" else 0.8 if event.restored else 0.6
    batch.candidates.append(Candidate("changelog", entry, confidence, reason, src, priority="P0"))
    for migration in event.migrations:  # applied to the database, whatever the deploy's fate
        change = {"type": "deploy", "summary": f"Apply migration {migration}",
                  "scope": event.service}  # fmt: skip
        batch.candidates.append(Candidate("changelog", change, 0.85, reason, src, priority="P0"))


# ---- filters and routing --------------------------------------------------------------------


def settle(
    batch: Batch, stored: Sequence[Stored], *, min_confidence: float = REVIEW_AT, today: str
) -> None:
    """Apply the filters in the upstream order and decide each candidate's action.

    Sensitive (values redacted, already done on the way in) → ROT: trivial, redundant against
    `stored` and within the batch (≥ SKIP_AT skipped, ≥ MERGE_AT merged), obsolete signals
    marking stored decisions superseded → confidence below `min_confidence` dropped →
    EPHEMERAL dropped → stored (confidence ≥ AUTO_STORE_AT) or queued for review.
    """
    _latest_facts(batch)
    kept: list[Candidate] = []
    for c in batch.candidates:
        if c.action:
            continue
        _clean_secrets(c, batch)
        text = text_of(c.target, c.entry)
        # a decision is as informative as the sentence that made it: "Use KSP" alone is short,
        # "Room 也顺便切到 KSP" is not
        told = f"{text} {c.entry.get('context', '')}" if c.target == "decisions" else text
        if c.target not in ("sessions", "project") and (why := rot.trivial_reason(told)):
            c.action, c.note = "dropped", f"trivial: {why}"
            continue
        if c.target in ("decisions", "changelog", "user") and _redundant(c, text, stored, kept):
            continue
        if c.confidence < min_confidence:
            c.action, c.note = "dropped", f"confidence below {min_confidence}"
            continue
        if c.scope == "EPHEMERAL":
            c.action, c.note = "dropped", "ephemeral"
            continue
        c.action = "stored" if c.confidence >= AUTO_STORE_AT else "review"
        kept.append(c)
    _supersede(batch, stored, today)
    _switched_away(batch, stored, today)


def _leaves(data: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, value in data.items():
        here = (*path, str(key))
        out += _leaves(value, here) if isinstance(value, dict) and value else [here]
    return out


# not yamlio.get_path: extraction stays pure and free of ruamel's import cost
def _leaf(data: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _drop_leaf(data: dict[str, Any], path: tuple[str, ...]) -> None:
    if len(path) > 1:
        _drop_leaf(data[path[0]], path[1:])
        if not data[path[0]]:
            del data[path[0]]
    else:
        del data[path[0]]


def _latest_facts(batch: Batch) -> None:
    """A project key given twice in one batch is written once.

    The same value is kept where it was most confident; a new value that will be stored
    replaces the earlier one ("batch size 4", later "改成 2"), as writing both in turn would,
    except for a role that tools share, which lists both ("gis: MapLibre + PMTiles").
    """
    holder: dict[tuple[str, ...], Candidate] = {}
    for c in batch.candidates:
        if c.target != "project" or c.action:
            continue
        for path in _leaves(c.entry):
            first = holder.get(path)
            if first is None:
                holder[path] = c
                continue
            before, now = str(_leaf(first.entry, path)), str(_leaf(c.entry, path))
            fuller = before.lower() in now.lower()  # "Postgres", then "Postgres 16"
            if now.lower() in before.lower() and (
                before != now or c.confidence <= first.confidence
            ):
                _drop_leaf(c.entry, path)
            elif fuller or c.confidence >= AUTO_STORE_AT:
                if path[0] == "tech_stack" and path[-1] in rules.SHARED_ROLES and not fuller:
                    _leaf(c.entry, path[:-1])[path[-1]] = f"{before} + {now}"  # both in use
                _drop_leaf(first.entry, path)
                holder[path] = c
    _vaguer_facts(holder)
    for c in batch.candidates:
        if c.target == "project" and not c.action and not c.entry:
            c.action, c.note = "dropped", "the same key is given again in the batch"


def _names_more(full: str, value: str, *, address: bool) -> bool:
    """Whether `full` is `value` with more to it: a version, or a path around a host."""
    if address:
        pattern = rf"(?i)(?<![\w.-]){re.escape(value)}(?![\w-])"
        return len(full) > len(value) and re.search(pattern, full) is not None
    return re.fullmatch(rf"(?i){re.escape(value)}\s*v?\d[\w.+-]*", full) is not None


def _vaguer_facts(holder: dict[tuple[str, ...], Candidate]) -> None:
    """Drop a stack or address value that another one of the batch names more fully.

    "urls.domain: tiles.example.cn" beside "urls.base: https://tiles.example.cn/x.pmtiles",
    "tech_stack.queue: celery" beside "tech_stack.celery: celery 5.3".
    """
    values = {path: str(_leaf(c.entry, path)) for path, c in holder.items()}
    for path, value in values.items():
        if path[0] not in ("tech_stack", "urls") or len(value) < 3:
            continue
        fuller = any(
            other != path
            and other[0] == path[0]
            and holder[other] is not holder[path]
            and _names_more(full, value, address=path[0] == "urls")
            for other, full in values.items()
        )
        if fuller:
            _drop_leaf(holder[path].entry, path)


def _clean_secrets(c: Candidate, batch: Batch) -> None:
    """Redact what the text redaction could not see.

    Secrets in candidates from outside (`--llm-cmd`), and values whose key names them a secret
    (a Worker's `SIGNING_KEY` var).
    """
    path, index = str(c.source.get("path")), c.source.get("index")

    def walk(value: Any, where: str) -> Any:
        if isinstance(value, str):
            return redact_text(value, path, index, batch)
        if isinstance(value, dict):
            return {plain_text(k): named(k, v) if isinstance(v, str) else walk(v, f"{where}.{k}")
                    for k, v in value.items()}  # fmt: skip
        if isinstance(value, list):
            return [walk(v, where) for v in value]
        return value

    def named(key: str, value: str) -> str:
        value = plain_text(value)
        clean = redact_text(value, path, index, batch)
        if clean != value:
            return clean
        # a value whose key names it a secret ({SIGNING_SECRET: "kt_…"})
        text, head = sensitive.assignment(key, value)
        pair = redact_text(text, path, index, batch)
        if pair == text:
            return value
        if not pair.startswith(head):
            return "[REDACTED:secret]"
        return pair[len(head) :].removesuffix(head[len(key) + 2 :])  # and its closing quote

    if sensitive.find_secrets(c.entry) or _has_controls(c.entry):
        c.entry = walk(c.entry, "$")


def _has_controls(data: Any) -> bool:
    if isinstance(data, str):
        return bool(_CONTROLS.search(data) or _LINE_BREAKS.search(data))
    if isinstance(data, dict):
        return any(_has_controls(k) or _has_controls(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_has_controls(v) for v in data)
    return False


def _nearest(
    c: Candidate, text: str, stored: Sequence[Stored], kept: list[Candidate]
) -> tuple[float, str | None, Candidate | None]:
    """The most similar stored entry (its id) or batch item, with the similarity."""
    best: tuple[float, str | None, Candidate | None] = (0.0, None, None)
    for s in stored:
        if s.target == c.target and (score := rot.similarity(text, s.text)) > best[0]:
            best = (score, s.id, None)
    for other in kept:
        if other.target == c.target:
            score = rot.similarity(text, text_of(other.target, other.entry))
            if score > best[0]:
                best = (score, None, other)
    return best


def _redundant(c: Candidate, text: str, stored: Sequence[Stored], kept: list[Candidate]) -> bool:
    score, stored_id, twin = _nearest(c, text, stored, kept)
    if c.target == "changelog" and c.entry.get("ref") and stored_id is None and twin is None:
        return False
    if score >= rot.SKIP_AT:
        c.action, c.merge_into = "dropped", stored_id
        c.note = f"duplicate of {stored_id or 'an item above'} (similarity {score:.2f})"
        if twin is not None:
            _merge_fields(twin.entry, c.entry)
        return True
    if score >= rot.MERGE_AT:
        if twin is not None:
            _merge_fields(twin.entry, c.entry)
            c.action, c.note = "dropped", f"merged into an item above (similarity {score:.2f})"
            return True
        c.action, c.merge_into = "merged", stored_id
        c.note = f"merged into {stored_id} (similarity {score:.2f})"
        return True
    return False


def _obsoleted(old: str, stored: Sequence[Stored]) -> list[Stored]:
    """Stored decisions, still in force, whose choice is `old`."""
    out = []
    for s in stored:
        if s.target != "decisions" or s.entry.get("status", "active") not in ("active", "proposed"):
            continue
        entry = s.entry
        choice = str(entry.get("choice") or entry.get("decision") or entry.get("title") or "")
        if choice and (old in choice.lower() or choice.lower() in old):
            out.append(s)
    return out


# "Switch the cache to Memcached instead", "cache 改用 Memcached": a switch made in a later
# session replaces the choice an earlier session made for the same part, though it does not
# name it (a conversation's own reversals are settled while it is read)
_INSTEAD = lazy(r"(?i)\binstead\b|而不是|替代|取代")


def _switch_of(c: Candidate) -> tuple[str, str | None] | None:
    """(role, part) of a decision stored from a switch; None for any other candidate."""
    if c.target != "decisions" or c.action != "stored":
        return None
    said = str(c.entry.get("context") or "")
    part = rules.switched_part(said)
    if not (part or rules.switches(said) or _INSTEAD.search(said)):
        return None
    role = rules.role_of(str(c.entry.get("choice") or ""))
    if role is None or role in rules.SHARED_ROLES:
        return None  # a second observability tool adds to the first
    return role, part


def _replaced(entry: dict[str, Any], role: str, part: str | None, choice: str) -> bool:
    """Whether a decision in force is the choice a switch to `choice` (for `part`) replaces."""
    if entry.get("status", "active") not in ("active", "proposed"):
        return False
    old = str(entry.get("choice") or entry.get("decision") or "").lower()
    if not old or old in choice.lower() or choice.lower() in old or rules.role_of(old) != role:
        return False
    told = " ".join(str(entry.get(k) or "") for k in ("title", "context", "choice")).lower()
    return part is None or part.lower() in told  # "migrate analytics to X" spares the main DB


def _switched_away(batch: Batch, stored: Sequence[Stored], today: str) -> None:
    """Mark superseded what a switch replaces: stored decisions, and earlier sessions' choices."""
    done = {str(c.entry.get("id")) for c in batch.candidates if c.action == "superseded"}
    for n, c in enumerate(list(batch.candidates)):
        switch = _switch_of(c)
        if switch is None:
            continue
        choice = str(c.entry.get("choice"))
        why = f"replaced by a later switch to {choice}"
        ids = [
            s.id
            for s in stored
            if s.target == "decisions" and s.id not in done and _replaced(s.entry, *switch, choice)
        ]
        for sid in ids:
            entry = {"id": sid, "status": "superseded", "valid_to": today}
            superseded = Candidate("decisions", entry, 0.9, why, c.source, action="superseded")
            batch.candidates.append(superseded)
        done.update(ids)
        if ids:
            c.entry.setdefault("supersedes", ids[0] if len(ids) == 1 else ids)
        for e in batch.candidates[:n]:  # a folder's earlier sessions, read in this run
            if (
                e.target == "decisions"
                and e.action == "stored"
                and e.source.get("path") != c.source.get("path")
                and _replaced(e.entry, *switch, choice)
            ):
                e.entry.update(status="superseded", valid_to=today)
                e.note = f"superseded: {why} in {c.source.get('path')}"


def _supersede(batch: Batch, stored: Sequence[Stored], today: str) -> None:
    for signal, src in batch.obsolete:
        old = signal.old.lower()
        if len(old) < 2:
            continue
        replacement = next(
            (
                c
                for c in batch.candidates
                if c.target == "decisions"
                and c.action == "stored"
                and (
                    rules.clip(signal.new).lower() in str(c.entry.get("choice", "")).lower()
                    if signal.new
                    else c.source == src
                )
            ),
            None,
        )
        why = f"obsolete: no longer {signal.old}" + (
            f", replaced by {signal.new}" if signal.new else ""
        )
        for s in _obsoleted(old, stored):
            if replacement is not None:
                replacement.entry["supersedes"] = s.id
            entry = {"id": s.id, "status": "superseded", "valid_to": today}
            batch.candidates.append(
                Candidate("decisions", entry, 0.9, why, src, action="superseded")
            )
