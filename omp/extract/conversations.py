"""Conversations to memory, message by message.

Decisions (a changed mind keeps the final choice, the abandoned one as an alternative),
finished work, project facts, the person's preferences, and one session record. What is
found is kept in a `Ledger` (`omp.extract.ledger`), which records, confirms, reverses and
drops the decisions as the messages tell it to.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from omp import buildfiles, deploy, rot, rules
from omp.constants import AUTO_STORE_AT
from omp.extract import artifacts, revised, stated
from omp.extract.candidates import (
    SESSION_REASON,
    TITLE_MAX,
    Batch,
    Candidate,
    decision_entry,
    naming_entry,
    redact_text,
    with_details,
)
from omp.extract.commits import (
    drop_reverted,
)
from omp.extract.ledger import (
    ALSO,
    TAKEN_UP,
    VALUE,
    VALUE_TAIL,
    WHOLE_RULE,
    Ledger,
    set_changed,
)
from omp.extract.offers import ONE_NAME, REPLY_REACH, Offers, as_written, plan_entry
from omp.lazyre import lazy

_USER_CONF = {"explicit": 0.9, "instruction": 0.85, "fact": 0.85, "work": 0.8, "path": 0.8}


# An assistant narrating its own edits ("Added src/x.ts") is mostly noise for the changelog:
# its finished work waits for review unless it is a "Done:" summary.
# An assistant's facts and paths are as often suggestions, examples or files it touched as the
# project's own (dev corpus: under half kept by the labels): they wait for review.
# A rule the assistant states outright ("采用 BigDecimal 运算", "Use RPP for thumb") is its own
# account of what it did as often as a choice the talk made (dev corpus: 3 of 7 kept by the
# labels): it waits for review too,
_ASSISTANT_CONF = {"explicit": 0.65, "instruction": 0.55, "fact": 0.65, "work": 0.6, "path": 0.65}
# but when the person asked, or left the choice to it ("你看看哪个合适"), its rule is the answer
_ANSWERED_CONF = {**_ASSISTANT_CONF, "explicit": 0.75}


_CONFIRM_REACH = 3  # messages: what the assistant said this far back a reply may confirm
# "隔离级别保持 REPEATABLE READ", "隔离级别维持不变": the setting kept as it was
_KEEPS_SETTING = lazy(r"(?P<topic>[\u4e00-\u9fff]{2,6})\s*(?:保持|维持|还是用|继续用)")
_CHANGED_TO = r"(?:改成|换成|设为|设成|改为|切到|调成|调到)"
# a reply that changes its pick: "改回第二种", "换成方案 B", "switch to option 3", "actually, 2"
_REPICK = lazy(r"(?i)改回|换回|改成|换成|改用|改选|\bswitch(?:ing)? to\b|\bactually\b|\binstead\b")


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
_ASIDE_CONF = 0.6  # work that leaves the project as the session found it: reviewed


_FROM_NOW = lazy(
    r"(?i)要用|得用|必须用|应该用|以后|今后|别再用|不要再用|\b(?:from now on|going forward|"
    r"(?:should|must) (?:use|be)|don't use .{1,30} anymore)\b"
)


_NARRATION = lazy(r"^\S+\s+(?:`|the file\b|a file\b|\S+\.\w{1,4}\b)|[\w-]+/[\w./-]+\.\w{1,4}")


# "Done: …", "Done, MAX_RETRIES is now 5": the outcome (not "Done, but the tests still fail")
_DONE_LEAD = lazy(
    r"(?i)^\W*(?:done|all done|finished|fixed)\s*(?:[:：\u2014-]|,(?!\s*(?:but|except|though|"
    r"although|however)\b))|^\W*(?:完成|搞定|已完成)"
)


_FIX_ITEM = lazy(r"(?i)^(?:fix(?:ed|es)?|resolved?)\b|^(?:修复|修正|修好|解决)")


PROPOSAL_CONF = 0.55


SIDE_CHOICE_CONF = 0.6


ACCEPTED_CONF = 0.85


ADOPTED_CONF = 0.6  # "就这么定了" after a statement: the statement is as often context as choice


OPEN_ANSWER_CONF = 0.6  # an answer is a choice, or only the next step ("the logs first")


TENTATIVE_CONF = 0.3


RECAP_CONF = 0.75  # a fact of the assistant's closing summary of where things landed


OPENING_CHOICE_CONF = 0.6  # a Chinese choice named only in the message opening a dialogue


CODE_CALL_CONF = 0.55  # a choice written as a call in code ("useUserStore()"): reviewed


_OPENING_MIN = 16  # characters: a shorter first message is a greeting; "# …" is a title


def _talk(text: str) -> str:
    """A message's words without the deploy output pasted into it (read as deploys)."""
    span = deploy.output_span(text) if deploy.looks_like_deploy(text) else None
    if span is None:
        return text
    lines = text.split("\n")
    return "\n".join(lines[: span[0] - 1] + lines[span[1] :])


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
        self.continued = bool(earlier)  # its first message introduces nothing
        self.agent = agent
        self.batch = batch
        # redacted whole before the session summary cuts it (a cut key is no longer found)
        self.title = redact_text(title, path, "title", batch) if title else title
        self.proposal: Candidate | None = None
        self.proposed: list[str] = []  # the name the pending proposal chose, as a reply reads
        self.summary: str | None = None
        self.substantive = False
        self.opening: int | None = None  # the user's first real message: what the project is
        self.replied = False  # the assistant answered after it: a dialogue
        self.replies: dict[int, str] = {}  # the assistant's last messages by index, lower case
        self.offers = Offers()  # what the assistant last offered to pick from
        # the decisions and other candidates found so far, and the changes of mind between them
        self.ledger = Ledger(batch, self.offers, self, earlier)
        self.listed: set[str] = set()
        self.previous: str | None = None  # the user's last statement, for "make that the rule"
        self.preferred = ""  # what the user's last message said of their own ways, lower case
        self.recaps: list[tuple[int, list[str]]] = []  # the assistant's "Summary: …" messages
        # the choices its summaries of what the talk settled list, none a reply objected to
        self.summaries: list[tuple[int, list[str]]] = []
        self.label_pick: tuple[str, str] | None = None  # the last option picked by label, its label
        self.last = 0  # the index of the last message read
        self.said = ""  # the assistant's last message: what a reply may confirm by naming it
        self.message = ""  # the message being read
        self.replying_to = ""  # the same, for the person's message being read
        self.asked = False  # the person's last message asked, or left the choice to the assistant
        self.said_at = -1  # its index: what "revert that" undoes
        self.recent: list[str] = []  # its last few messages, whatever the person said between
        self.read_no = 0  # statements read so far
        self.decided_no = -1  # the last statement that decided
        self.heading_no = -1  # the last heading of a message read (a section of notes)
        self.written: set[str] = set()  # names the talk wrote as names ("Composer"), lower case
        self.read_at: dict[int, int] = {}  # the number of the sentence each was read in, by id
        self.held: set[int] = set()  # the decisions made before the message read, by id

    @property
    def decisions(self) -> list[Candidate]:
        return self.ledger.decisions

    @property
    def found(self) -> list[Candidate]:
        return self.ledger.found

    def source(self, index: int) -> dict[str, Any]:
        return {"path": self.path, "index": index}

    def feed(self, role: str, text: str, index: int) -> None:
        if self._aside(role, text, index):
            return
        shown = redact_text(text, self.path, index, self.batch)
        text = rules.without_blobs(shown)
        if role == "commit":
            self.ledger.found_all(artifacts.agent_commit_made(text, self.source(index)))
            return
        conf = _USER_CONF if role == "user" else _ASSISTANT_CONF
        self.message = text  # the whole of the message its sentences are read from
        self.held = {id(d) for d in self.decisions}  # the decisions made before it
        self.written |= {(m[1] or m[2]).lower() for m in _WRITTEN_NAME.finditer(text)}
        self.last = index
        self._turn(role, text, index)
        self._done_list(text, index, conf)
        sentences = rules.statements(_talk(text))
        remember = any(rules.asks_to_remember(s) for s in sentences)
        before = len(self.found)
        headings = set(_HEADING.findall(text)) if "#" in text else set()
        for sentence in sentences:
            self.read_no += 1
            if (
                headings
                and sentence.strip()
                and any(h.endswith(sentence.strip()) for h in headings)
            ):
                self.heading_no = self.read_no  # a section of its own begins
            made = len(self.decisions)
            self._read(role, sentence, index, conf)
            if len(self.decisions) != made:
                self.decided_no = self.read_no
        if role == "user":
            self._read_whole(text, index, before)
        self._values(role, text, index, conf)
        if "] " in shown:  # git's "[main 8d2e1a4] test: …" in a transcript's message
            self.ledger.found_all(artifacts.commit_refs(shown, self.found, self.source(index)))
        if remember:
            self.ledger.remembered(before)

    def _read_whole(self, text: str, index: int, before: int) -> None:
        """What the person's message, its sentences read, leaves off and asks next."""
        if leaving := rules.moving_off(text) | self._replaced_here(index, before):
            self.ledger.moved_off(leaving, before)
        self._listed_rules(text, index)  # after its sentences: no later one joins their titles
        self._taken_clauses(text, index)
        self.offers.asks("user", text, index)

    def _taken_clauses(self, text: str, index: int) -> None:
        """What else a reply takes up, clause by clause, of the assistant's last message.

        "好，就 FatFS + FAT32，每 32 KB 调一次 f_sync。" decides FatFS + FAT32 and, in
        its title, "每 32 KB 调一次 f_sync". A reply that decided nothing else decides the
        clauses it took up when it opens by taking what was said ("就这么做，IndexedDB +
        clientId 去重，registerType autoUpdate") or as `rules.replies_taking` tells.
        """
        if not self.replying_to:
            return
        # made while it was read: its own, and the proposal it accepted ("行，SD 卡就走 SDIO …")
        mine = [d for d in self.decisions if id(d) not in self.held]
        # what the talk decided already, this reply included ("就 FatFS + FAT32" again)
        covered = " ".join(
            f"{d.entry.get('title', '')} {d.entry.get('choice', '')}" for d in self.decisions
        )
        new = [c for c in rules.taken_clauses(text, self.replying_to)
               if not rules.names_only(c, covered)]  # fmt: skip
        if not new:
            return
        if stored := [d for d in mine if d.confidence >= AUTO_STORE_AT and d.entry.get("choice")]:
            entry = stored[0].entry
            entry["title"] = with_details(str(entry["title"]), new)[:TITLE_MAX]
        elif not mine and rules.replies_taking(text, self.replying_to):
            title = with_details(new[0], new[1:])
            entry = {"title": title[:TITLE_MAX], "context": text.strip()[:500], "choice": new[0]}
            self._decide_accepted(entry, TAKEN_UP, index)

    def _replaced_here(self, index: int, before: int) -> set[str]:
        """The stack a message states and, in the same message, replaces by a choice.

        "we're on traefik in staging … lets standardize on ingress-nginx everywhere": traefik
        is what the project leaves, not its proxy (a role one tool fills: not tests or hosting).
        """
        chosen = [str(d.entry.get("choice", "")).lower() for d in self.decisions
                  if d.source["index"] == index
                  and not ALSO.search(str(d.entry.get("context", "")))]  # fmt: skip
        roles = {rules.role_of(c) for c in chosen} - {None} - rules.SHARED_ROLES
        stated = [
            name
            for c in self.found[before:]
            for value in (c.entry.get("tech_stack") or {}).values()
            for name in rules.technologies(str(value))
        ]
        return {n for n in stated if rules.role_of(n) in roles and not any(n in c for c in chosen)}

    def _read(self, role: str, sentence: str, index: int, conf: dict[str, float]) -> None:
        """One sentence of a message."""
        sentence = rules.before_deferral(sentence)  # "…，后面再说要不要上 k8s": what it settles
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
        self.ledger.read_in(sentence, found[0])
        self.read_at.update((id(c), self.read_no) for c in self.decisions[found[1] :])
        self.read_at.update((id(c), self.read_no) for c in self.found[found[0] :])
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
        entry: dict[str, Any] = {"title": clause[:TITLE_MAX], "context": s[:500]}
        reason = "a rule the person asked to remember"
        c = Candidate("decisions", entry, conf["explicit"], reason, self.source(index))
        if rules.forbids(clause):
            # "注意：不要用 Tesseract，识别率太低" chooses nothing: what it forbids is the
            # alternative, never the choice; a rule without a choice merges with no other
            if forbidden := rules.forbidden_names(clause):
                entry["alternatives"] = forbidden
            self.ledger.rule(c)
            return
        entry["choice"] = clause
        self.ledger.decide(c, reverses=False)

    def _aside(self, role: str, text: str, index: int) -> bool:
        """Whether a message is no talk: a system prompt, or what a tool printed.

        Of what a tool printed, the versions and settings of the build files it shows
        (`package.json`, `go.mod`) are project facts. The output is redacted only when it
        states some: most of it is never used.
        """
        src = self.source(index)
        if role == "tool" and deploy.looks_like_deploy(text):
            shown = redact_text(text, self.path, index, self.batch)
            self.ledger.found_all(artifacts.deploy_output(shown, self.path, src))
        if role == "tool":
            self.ledger.found_all(artifacts.commit_refs(text, self.found, src, tool=True))
        if role != "tool" or not buildfiles.facts(text):
            return role in ("system", "tool")
        shown = redact_text(text, self.path, index, self.batch)
        if c := artifacts.build_file(shown, src, "read from a build file a tool printed"):
            self.ledger.found_one(c)
        return True

    def _values(self, role: str, text: str, index: int, conf: dict[str, float]) -> None:
        """Decisions for the values a reply gives to the settings the assistant asked about.

        "TTL 你们想设多久？" then "TTL 设 10 分钟": then what this message asks values for.
        """
        given = rules.answered_values(text, self.offers.asked) if role == "user" else []
        if role == "user" and not given:
            self._named_value(text, index, conf)
            self._open_answer(text, index)
            self._replaced_value(text, self.replying_to, index)
        self.offers.asked = rules.asked_values(text) if role == "assistant" else []
        self.offers.open_topic = rules.asked_open(text) if role == "assistant" else None
        made = [str(d.entry.get("choice", "")).lower() for d in self.decisions]
        for clause in given:
            if any(len(m) > 2 and m in clause.lower() for m in made):
                continue  # "好，就用 redis_rate" already decided it
            entry = {"title": clause[:TITLE_MAX], "context": clause, "choice": clause}
            reason = "a value the person gave when the assistant asked for it"
            self.ledger.decide(
                Candidate("decisions", entry, conf["instruction"], reason, self.source(index)),
                reverses=False,
            )

    def _open_answer(self, text: str, index: int) -> None:
        """The person's outright answer to the assistant's open question, for review.

        "Where should the rendered PDFs go?" then "Store them in the S3 bucket acme-invoices":
        the answer settles where they go. A message that decided something already is left as
        its sentences read it.
        """
        topic = self.offers.open_topic
        answer = rules.direct_answer(text) if topic else None
        if answer is None or any(d.source["index"] == index for d in self.decisions):
            return
        entry = {"title": f"{topic}: {answer}"[:TITLE_MAX], "context": answer, "choice": answer}
        reason = "the answer to an open question of the assistant"
        self.ledger.decide(
            Candidate("decisions", entry, OPEN_ANSWER_CONF, reason, self.source(index)),
            reverses=False,
        )

    def _named_value(self, text: str, index: int, conf: dict[str, float]) -> None:
        """The resource a reply names alone when the assistant asked what to call it.

        "What should the DynamoDB lock table be called?" then "tf-locks, thats what the other
        repos use": the table is a project fact (config `table: tf-locks`).
        """
        named = rules.named_value(text, self.offers.asked)
        config = rules.settings(named) if named else {}
        if config:
            reason = "a name the person gave when the assistant asked for it"
            c = Candidate("project", {"config": config}, conf["fact"], reason, self.source(index))
            self.ledger.found_one(c)

    def _turn(self, role: str, text: str, index: int) -> None:
        """What a whole message settles or offers before its sentences are read."""
        for subject in rules.committed_subjects(text):
            # 'committed as "fix(db): add …"', by either side
            self.ledger.found_all(artifacts.agent_commit_made(subject, self.source(index)))
        if role == "user":
            if self.summaries and rules.objects_to(text):
                self.summaries = []  # "最终改动汇总：…" then "不对，…": it no longer stands
            self.offers.delegated = rules.delegates(text) and bool(self.offers.offered)
            self.asked = rules.is_question(text) or rules.asks_for_a_pick(text)
            self._answer(text, index)
            # "就按你说的来" after a plan: each concrete item, for review (never a reversal, nor
            # the last choice "the migration is done" completes)
            self.offers.held_back(text, index)  # "第 1 个先别动" after "都做"
            self.ledger.found_all(self.offers.plan_taken(text, self.source(index)))
            self._confirmed(text, index)
            self._picked_at_opening(text, index, _USER_CONF)
            self.ledger.found_all(artifacts.pasted(text, self.path, self.source(index)))
            self.preferred = ""
            # not after a choice was made: the talk is under way, past introducing the project
            if (
                self.opening is None
                and not self.decisions
                and len(text) >= _OPENING_MIN
                and text.lstrip()[:1] != "#"
            ):
                self.opening = index
        else:
            if self.offers.delegated:
                self._chosen_for(text, index)  # "whatever you think", then "goose — …"
            elif picked := self.offers.picked_in_reply(text):
                self._picked_for(picked, text, index)
            self.offers.delegated = False
            self.replied = self.replied or self.opening is not None
            self.recent = [*self.recent, text][-_CONFIRM_REACH:]
            self.said, self.said_at = text, index
            self.replies = {**dict(list(self.replies.items())[-4:]), index: text.lower()}
            self.offers.heard(text, index)
            self._proposed_list(text, index)
            if parts := rules.recap(text):
                self.recaps.append((index, parts))
            if items := rules.summary_items(text):
                self.summaries.append((index, items))

    def _chosen_for(self, text: str, index: int) -> None:
        """The option the assistant takes when the person left it the choice: its first word."""
        first = re.match(r"[\W_]*([A-Za-z][\w.+#/-]*)", text)
        name = first[1].lower().rstrip(".") if first else ""
        if name not in self.offers.offered:
            return
        said = as_written(self.offers.offered_in, name)
        chosen = rules.Decision(said, tuple(self.offers.turned_down(name)), None, None, False)
        entry = decision_entry(
            chosen, rules.statements(text)[0] if rules.statements(text) else said
        )
        reason = "the assistant's choice, left to it by the person"
        self._decide_accepted(entry, reason, index)
        self.offers.answered()

    def _picked_for(self, picked: str, text: str, index: int) -> None:
        """The option the assistant's answer to the person's either-or opens with: a proposal."""
        said = text.strip().split("\n\n", 1)[0]  # the answer, not the plan that may follow
        others = tuple(self.offers.turned_down(picked.lower()))
        d = rules.Decision(picked, others, rules.rationale(said), None, False)
        self._propose(self._proposal(d, said, self.source(index)))

    def _reason_of_choice(self, s: str, index: int) -> bool:
        """Whether `s` gives the reason of the choice its message just made, naming an option.

        The reason becomes the decision's rationale when it has none.
        """
        last = self.decisions[-1] if self.decisions else None
        if last is None or last.source["index"] != index or _EVERYWHERE.search(s):
            return False  # "… on every board I own": the person's way, wherever they work
        names = list(map(str, last.entry.get("alternatives", [])))  # what it was chosen over
        low = s.lower()
        heads = (rules.option_head(n.lower()) for n in names if n)
        if not any(len(h) > 1 and re.search(rf"\b{re.escape(h)}\b", low) for h in heads):
            return False
        self.ledger.explain_last(s.rstrip(".。")[:300])
        return True

    def _adopted(self, s: str, src: dict[str, Any]) -> bool:
        """A reply that makes the statement before it the rule ("make that the rule")."""
        if not (self.previous and rules.adopts_previous(s)):
            return False
        adopted = rules.Decision(rules.adopted_statement(self.previous), (), None, None, True)
        entry = decision_entry(adopted, f"{self.previous} {s}")
        reason = "the statement before it made the rule"  # 1 of 5 kept on dev: reviewed
        self.ledger.decide(Candidate("decisions", entry, ADOPTED_CONF, reason, src), reverses=False)
        return True

    def _picked_at_opening(self, text: str, index: int, conf: dict[str, float]) -> None:
        """The option a reply to alternatives opens with by its number ("2. and argon2 yes.").

        The sentence splitter drops "2." as a list marker, so the message is read whole.
        """
        label = rules.opening_label(text)
        if label is not None and self.offers.replying_to_alternatives(index):
            self._picked_by_label(label, self.source(index), conf)

    def _for_a_part(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """A known technology the person gives a part of the work.

        "secrets manager for the db password w/ rotation", as the assistant wrote its name.
        """
        if (named := rules.named_for_a_part(s)) is not None:
            reason = "a technology the person gave a part of the work"
        elif (named := rules.wished_switch(s)) is not None:  # "想换成 buf，你先看下现在的结构"
            # a wish may open the talk before the choice is weighed: for review
            reason = "a tool the person wants to switch to"
            conf = {**conf, "instruction": PROPOSAL_CONF}
        else:
            return False
        self._decide_as_written(named, s, src, conf, reason)
        return True

    def _decide_as_written(
        self,
        made: rules.Decision,
        s: str,
        src: dict[str, Any],
        conf: dict[str, float],
        reason: str,
    ) -> None:
        """Record `made`, its choice spelt as the assistant's last messages wrote it."""
        made = made._replace(choice=as_written("\n".join(self.recent), made.choice))
        entry = decision_entry(made, s)
        self.ledger.decide(
            Candidate("decisions", entry, conf["instruction"], reason, src), reverses=False
        )

    def _ruled_out(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """A thing the assistant warned of, ruled out by the reply ("no unique constraints then").

        The rule is the person's only when the assistant's last messages named the thing: "no
        worries then" or a thing of the person's own rules out nothing here.
        """
        thing = rules.ruled_out_then(s)
        if thing is None or thing.lower() not in "\n".join(self.recent).lower():
            return False
        if rules.technologies(thing) or thing.lower() in self.written:
            return False  # "no GRDB then": an option turned down, not a rule of its own
        title = f"No {thing}"
        entry = {"title": title[:TITLE_MAX], "context": s[:500]}
        reason = "what the assistant warned of, ruled out by the person"
        self.ledger.rule(Candidate("decisions", entry, conf["instruction"], reason, src))
        return True

    def _kept_in_use(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """A sentence ending by keeping what is in use, a name the talk wrote.

        "…, stay on composer" after "Composer 2 costs can be cut" keeps Composer.
        """
        kept = rules.kept_in_use(s, sorted(self.written))
        if kept is None:
            return False
        self._decide_as_written(kept, s, src, conf, "what is in use, kept")
        for gone in rules.rejected(s) + rules.refused(s):  # "forget mmkv for now, keep …"
            if gone.lower() != kept.choice.lower():
                self.ledger.drop_choice(gone, int(src["index"]))
        return True

    def _answered_offer(
        self, s: str, index: int, src: dict[str, Any], conf: dict[str, float]
    ) -> bool:
        """A reply that picks an offered name, label or bullet, or gives each option a part."""
        replying = (
            index - self.offers.named_at <= REPLY_REACH
        )  # the reply to the offer, not later talk
        answer = (
            self.offers.short_answer(s)
            or (rules.leading_name(s, self.offers.names) if replying else None)
            # "Dramatiq, Celery's config is a mess." after "Celery or Dramatiq?"
            or (
                rules.leading_name(s, self.offers.offered, asked=True)
                or rules.term_answer(s, self.offers.offered)
                if self.offers.replying_to_question(index)
                else None
            )
            # "sqlc." after "1. **sqlc + pgx** … 2. **GORM** …"
            or (
                rules.leading_name(s, self.offers.listed())
                if self.offers.replying_to_list(index)
                else None
            )
            # "sharded, 64 shards" after "1. … 3. **Sharded map**: …"
            or (
                rules.opening_option(s, self.offers.listed())
                if self.offers.replying_to_alternatives(index)
                else None
            )
        )
        # "hmm actually … 做 per-sku metafield 吧": another option of the list, after all
        again = (
            rules.option_named_again(s, self.message, self.offers.listed_items())
            if answer is None and self.offers.changing_pick(index)
            else None
        )
        answer = answer or again
        # "zstd then." right after a message that named zstd (and snappy)
        short = rules.short_pick(s) if answer is None and index - self.offers.code_at == 1 else None
        if short is not None and short not in rules.mentioned_names(self.offers.code_in):
            short = None
        answer = answer or short
        head = rules.picked_label(s, self.offers.labels) or rules.picked_bullet(
            s, self.offers.bullets
        )
        if answer is None and head is None:
            return False
        # the other options of the question are the alternatives ("Mixpanel or Amplitude?"),
        # or of the list the pick took one of
        others = (
            self.offers.turned_down(answer)
            if head is None and answer in self.offers.offered
            else []
        )
        if head is not None and head in self.offers.bullets:
            others = [b for b in self.offers.bullets if b != head]
        if again is not None:  # the options not taken after all, the first pick among them
            others = [o for o in self.offers.options.values() if o.lower() != again]
        # the name as the offer wrote it ("ClickHouse" for "clickhouse then", "MongoDB" for
        # "mongo，…"), else as the reply does
        offered = answer is not None and answer in self.offers.offered_in.lower()
        recent = "\n".join(self.recent)  # "SwiftData" for "so swiftdata" after "**SwiftData**"
        written = recent if answer is not None and answer in recent.lower() else s
        said = as_written(self.offers.offered_in if offered else written, str(answer))
        # "ESP-IDF v5.2" for "esp-idf": the version the reply gives stays
        if versioned := re.search(rf"(?i)(?<![\w-]){re.escape(said)}(\s+v?\d+(?:\.\d+)*)", s):
            said += versioned[1]
        first: dict[str, str] = {}
        others = [first.setdefault(o.lower(), o) for o in others if o.lower() not in first]
        named = rules.Decision(head or said, tuple(others), rules.rationale(s), None, False)
        entry = decision_entry(named, s, details=True)
        reason = "the answer to an either-or question"
        if short is not None:
            reason = "a name the assistant just named, taken by a short reply"
        self.ledger.decide(
            Candidate("decisions", entry, conf["instruction"], reason, src),
            reverses=again is not None,
        )
        self.offers.answered()
        return True

    def _picked_by_label(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """An option the reply picks by its label ("option 2", "方案二", "the second one")."""
        label, context, why = rules.option_reference(s), s, rules.rationale(s)
        # options offered (not the steps of a plan): asked about, or called options
        if label is None and self.offers.replying_to_list(int(src["index"])):
            label = rules.bare_pick(s)  # "2" right after "1. Postgres … 2. Redis …"
            # "the managed one is fine": the one option the list says is managed
            label = label or rules.described_option(
                s, self.offers.options_text, self.offers.options
            )
            option = self.offers.option(label) if label is not None else None
            # the option as offered, and the reason the reply gives ("2, fewer services")
            listed = self.offers.options_text.splitlines()
            line = next((x for x in listed if option and option in x), "")
            context = f"{line.strip(' -*')} ({s.strip()})" if line else s
            why = why or rules.bare_pick_reason(s)
        option = self.offers.option(label) if label is not None else None
        if option is None or rules.holds_back(s):  # "option 1, that's the bug": a cause found
            return False
        bullets = self.offers.bullets
        others = tuple(b for b in bullets if b != option) if option in bullets else ()
        picked = rules.Decision(option, others, why, None, False)
        entry = decision_entry(picked, context, details=context == s)
        reason = "an option picked by its label"
        self.label_pick = (option, str(label))
        self.ledger.decide(
            Candidate("decisions", entry, conf["instruction"], reason, src),
            reverses=rules.reverses(s),
        )
        # "Scrap JSON — switch to option 3": what the reply gives up goes
        for gone in rules.refused(s) + rules.rejected(s):
            if gone.lower() not in option.lower():
                self.ledger.drop_choice(gone, int(src["index"]), said=rules.switches(s))
        return True

    def _split_answer(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """Options of the question each given a part ("gRPC between services, REST for …")."""
        parts = rules.split_answer(s, self.offers.offered) if self.offers.offered_asked else []
        # "Polars for cleaning, DuckDB for the aggregate layer." after a list of **Polars**,
        # **DuckDB**, **Spark**: the names the assistant offered, asked about or not
        parts = parts or rules.split_answer(s, self.offers.offered_names(self.proposed))
        if parts:
            self.offers.answered()  # all taken: none turns the others down
        taken = {name.lower() for name, _ in parts}
        for name, part in parts:
            named = rules.Decision(as_written(s, name), (), None, part, False)
            entry = decision_entry(named, s)
            reason = "the answer to an either-or question"
            self.ledger.decide(
                Candidate("decisions", entry, conf["instruction"], reason, src), reverses=False
            )
            # the options of the list it took one of, but not those the reply takes too
            others = [a for a in entry.get("alternatives", []) if str(a).lower() not in taken]
            entry["alternatives"] = others
            if not others:
                del entry["alternatives"]
        return bool(parts)

    def _changed_value(self, s: str) -> str | None:
        """The value this statement changed a setting to, when it decided one ("…，改成 50MB")."""
        if not self.decisions or self.decisions[-1].entry.get("context") != s[:500]:
            return None
        if not _CHANGED.search(s):
            return None
        m = VALUE_TAIL.search(str(self.decisions[-1].entry.get("choice", "")))
        return m[0] if m else None

    def _value_of_before(self, d: rules.Decision, s: str, index: int) -> rules.Decision | None:
        """A value changed to, said alone, is of the setting the statement before gave.

        "附件上传大小限制设为 20MB。哦不对，…，改成 50MB": the limit is 50MB; the setting stored
        from the statement before takes the new value.
        """
        value = _BARE_VALUE.fullmatch(d.choice)
        if value is None or not _CHANGED.search(s):
            return d
        topic = rules.value_topic(self.previous, d.choice) if self.previous else ""
        if not topic:
            # "make it 50MB" of nothing said is no choice; "512MB 太大了。改成 256MB 吧" is one
            unit = re.escape(value["unit"])
            said = f"{self.previous or ''} {s[: s.find(d.choice)]}"
            return d if re.search(rf"\d\s*{unit}(?![A-Za-z])", said) else None
        self.ledger.changed_setting(d.choice, index - 2)
        return d._replace(choice=f"{topic} {d.choice}")

    def _answer(self, text: str, index: int) -> None:
        """A user's reply settles the assistant's pending proposal one way or the other.

        A yes to a question that gives something up ("…不需要 tower_governor 这个 crate 了，只保留
        governor。可以吗？") turns that down as well.
        """
        accepts = rules.accepts(text) and not rules.holds_back(text)
        if accepts and re.search(r"[?？]\s*$", self.said.strip()):
            for gone in {g for s in rules.statements(self.said) for g in rules.rejected(s)}:
                self.ledger.drop_choice(gone, index)
        self._taken_up(text, index, accepts=accepts)
        proposed = str(self.proposal.entry.get("choice", "")) if self.proposal else ""
        if accepts and rules.names_another_option(text, self.said, proposed):
            accepts = False  # "ok legacy provider worked": another of the ways listed
        if self.proposal is not None and (
            accepts
            or (rules.agrees_with(text, self._proposed_text()) and not rules.holds_back(text))
        ):  # "yes that's the bug": left for review
            accepted = self.proposal
            accepted.confidence = ACCEPTED_CONF
            accepted.reason = "proposed by the assistant and accepted by the user"
            self.ledger.decide(accepted, reverses=False)
            self.previous = None  # "就这么定" took up the proposal, not the person's last words
        elif self.proposal is not None:
            self.ledger.found_one(self.proposal)  # not taken up: left for review
        # "expo-router then." names what was proposed: a name the reply may choose
        choice = str(self.proposal.entry.get("choice", "")) if self.proposal else ""
        self.proposed = [choice.lower()] if ONE_NAME.fullmatch(choice) else []
        self.proposal = None

    def _decide_accepted(self, entry: dict[str, Any], reason: str, index: int) -> None:
        """A decision the person took up from the assistant's last message, at `index`."""
        self.ledger.decide(
            Candidate("decisions", entry, ACCEPTED_CONF, reason, self.source(index)),
            reverses=False,
        )

    def _taken_up(self, text: str, index: int, *, accepts: bool) -> None:
        """What a yes to the assistant's last question takes up: an upgrade, a tool or a step."""
        if accepts and (offered := rules.upgrade_offered(self.said)):
            self._upgrade_taken(offered, text, index)
            return
        if rules.says_yes(text) and not rules.holds_back(text) and self._tool_taken(text, index):
            return
        if accepts and self.proposal is None and (step := rules.put_for_yes(self.said)):
            self._step_agreed(step, text, index)

    def _listed_rules(self, text: str, index: int) -> None:
        """The rules a message lists after a lead ("再定两个规则：A；B"), each a decision."""
        for rule in rules.listed_rules(text):
            entry = {"title": rule[:TITLE_MAX], "context": rule[:500], "choice": rule}
            reason = "a rule the person listed"
            c = Candidate("decisions", entry, _USER_CONF["instruction"], reason, self.source(index))
            self.ledger.decide(c, reverses=False)

    def _step_agreed(self, step: str, text: str, index: int) -> None:
        """A concrete step the assistant asked a yes for, and got it.

        "都解析不了的行写进 `rejects.csv` 而不是直接丢掉，方便人工核对。可以吗？" then "可以".
        """
        entry = {"title": step[:TITLE_MAX], "context": f"{step} {text.strip()}"[:500],
                 "choice": step}  # fmt: skip
        reason = "a step the assistant asked a yes for, agreed to"
        self._decide_accepted(entry, reason, index)

    def _tool_taken(self, text: str, index: int) -> bool:
        """The tool the assistant asked whether to take, taken up ("要不要切 rustls？" "切。")."""
        if (asked := rules.tool_asked(self.said)) is None:
            return False
        tool, question = asked
        taken = rules.Decision(tool, (), rules.rationale(text), None, False)
        entry = decision_entry(taken, f"{question} {text.strip()}")
        reason = "a tool the assistant asked about, taken up by the person"
        self._decide_accepted(entry, reason, index)
        return True

    def _upgrade_taken(self, offered: tuple[str, str, str], text: str, index: int) -> None:
        """The upgrade the assistant offered and the person took up, at the version settled on.

        "我顺便把 Flink 升到 1.18，…你看行吗？" then "可以，1.18.1 吧": Flink 1.18.1.
        """
        name, version, said = offered
        settled = rules.upgrade_taken(text, version)
        entry = {
            "title": f"Upgrade {name} to {settled}"[:TITLE_MAX],
            "context": f"{said} {text.strip()}"[:500],
            "choice": f"{name} {settled}",
        }
        reason = "an upgrade the assistant offered, taken up by the person"
        self._decide_accepted(entry, reason, index)

    def _confirmed(self, text: str, index: int) -> None:
        """Values or names the assistant named that the person's message confirms.

        "yes m7g.large" answers its last message; "also sessions: 30 days is fine", in any
        sentence, takes up what it said in its last few messages. Not read when the reply
        accepted a pending proposal: that is the decision.
        """
        said, self.said = self.said, ""
        earlier = "\n".join(self.recent)
        if any(d.source["index"] == index for d in self.decisions):
            return
        for n, sentence in enumerate(rules.statements(text)):
            found = rules.confirmed_value(sentence, said, earlier, reply=n == 0)
            taken = rules.taken_term(sentence, said) if found is None else None
            if taken is not None and rules.decision(sentence) is None:
                # "腾讯云吧", "唯一索引就行": a term of its last message taken up, unless the
                # sentence decides in words of its own ("用 Caddy，统一放 /data/… 下面")
                found = taken
            if found is None:
                continue
            value, topic = found
            topic = topic or rules.key_before_value(value, said)  # "repeat_interval 4h 可以吗？"
            confirmed = rules.Decision(value, (), None, topic, False)
            reason = "a value the assistant named, confirmed by the person"
            entry = decision_entry(confirmed, sentence)
            self._decide_accepted(entry, reason, index)
        self.replying_to = said  # what the message's value may replace, once it is read

    def _replaced_value(self, text: str, said: str, index: int) -> None:
        """A value the person puts in place of one the assistant's last message gave.

        "监听 8888，每批 1000 条？" then "1000太大了，500吧": the setting is "每批 500 条". A
        message that decided something for sure already is left as its sentences read it.
        """
        if any(
            d.source["index"] == index and d.confidence >= AUTO_STORE_AT for d in self.decisions
        ):
            return
        if (replaced := rules.replaced_value(text, said)) is None:
            return
        setting, was = replaced
        entry = {"title": setting[:TITLE_MAX], "context": text.strip()[:500], "choice": setting,
                 "alternatives": [was]}  # fmt: skip
        reason = "a value the person put in place of the assistant's"
        self._decide_accepted(entry, reason, index)

    def _proposed_text(self) -> str:
        """What the pending proposal chose, with the sentence that proposed it."""
        entry = self.proposal.entry if self.proposal is not None else {}
        return f"{entry.get('choice', '')} {entry.get('context', '')}"

    def _proposed_list(self, text: str, index: int) -> None:
        """The "My suggestion:" list of an assistant message: a proposal."""
        listed = rules.proposal_list(text)
        if listed:
            decision = rules.Decision(listed, (), None, None, False)
            context = text.strip().splitlines()[0][:300]
            self._propose(
                Candidate(
                    "decisions",
                    decision_entry(decision, context),
                    PROPOSAL_CONF,
                    "proposed by the assistant",
                    self.source(index),
                )
            )

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
            self.ledger.found_one(
                Candidate("changelog", entry, level, "reported done", self.source(index))
            )

    def _sentence(self, role: str, s: str, index: int, conf: dict[str, float]) -> None:
        src = self.source(index)
        for gone in rules.named_out(s) if role == "user" else ():
            # "行，Pulsar 不考虑了。" turns down an earlier choice
            self.ledger.drop_choice(gone, index)
        if role == "user" and (undone := rules.undone_topic(s)):
            self.ledger.undone(undone, index)  # "revert the WriteTimeout change"
        elif role == "user" and rules.undoes_last(s):
            self.ledger.undone_last(index)  # "revert that", "put it back to 20"
        person = rules.personal(s) if role == "user" else None
        if person is not None and self._reason_of_choice(s, index):
            person = None  # "sqlc. I hate gorm magic": why this choice, not the person's way
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
        # "set up remote state for …" opening the talk asks for the work; later it may report it
        asked = role == "user" and index == self.opening and rules.asks_for_work(s)
        reported = False if asked else self._work(s, src, conf)
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
        if self.heading_no > self.decided_no:
            return  # a heading between: notes of another section
        if "://" in s:
            return  # "staging is at https://…": where the project is, a fact of its own
        last = self.decisions[-1]
        title = str(last.entry["title"])
        choice = str(last.entry.get("choice", "")).lower()
        part = _OTHER_PART.match(s)
        if part is not None and part["part"].lower() not in str(last.entry.get("context")).lower():
            return  # "We'll use Postgres for the database. The API runs on port 8080."
        # "yes m7g.large, …": a clause naming the choice again restates it, it sets nothing
        more = [
            d
            for d in rules.decided_details(s, "")
            if d.lower() not in title.lower() and not (choice and choice in d.lower())
        ]
        if more:
            self.ledger.detail_last(more)

    def _choices(self, role: str, s: str, index: int, conf: dict[str, float]) -> bool:
        """Decisions, proposals, reversals and tentative talk; True when `s` decides."""
        if role == "user" and self._split_answer(s, self.source(index), conf):
            return True  # "服务之间用 gRPC，对外 API 用 REST" after "REST 还是 gRPC？"
        if role == "user":
            self._repicked(s, index)
            self._setting_kept(s, index)
        stated = self._stated(role, s, index, conf)
        if stated is not None:
            return stated
        src = self.source(index)
        if role == "user" and (
            self._adopted(s, src)
            or self._answered_offer(s, index, src, conf)
            or self._picked_by_label(s, src, conf)
            or self._kept_in_use(s, src, conf)
            or self._ruled_out(s, src, conf)
            or self._for_a_part(s, src, conf)
            or self._bumped(s, src, conf)
            or self._naming(s, src, conf)
        ):
            return True
        obsolete = _obsolete_signal(s)
        if role == "assistant" and (choice := rules.proposal(s)):
            choice = self.offers.options.get(str(rules.option_label(choice)), choice)
            found = rules.Decision(
                choice, rules.alternatives(s, choice), rules.rationale(s), rules.purpose(s), False
            )
            self._propose(self._proposal(found, s, src))
        elif (
            obsolete is not None
            and obsolete.new
            and rules.starts_like_a_name(rules.clip(obsolete.new))
            # "Replace it with obviously fake data": a manner, no thing chosen
            and not re.fullmatch(r"(?i)[a-z]+ly", rules.clip(obsolete.new))
            and role == "user"
            and not (rules.is_question(s) or rules.tentative(s) or rules.asks_commit_message(s))
        ):
            new, old = rules.clip(obsolete.new), rules.clip(obsolete.old)
            replaced = rules.Decision(new, (old,), rules.rationale(s), None, True)
            entry = decision_entry(replaced, s, details=True)
            c = Candidate("decisions", entry, conf["explicit"], "replaces an earlier choice", src)
            self.ledger.decide(c, reverses=True)
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
                self.ledger.drop_choice(gone, index)
        return False

    def _bumped(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """A version moved to, of the one tool the stack names at another version.

        "we're on python 3.9 still", then "we'll bump to 3.12": Python 3.12, over 3.9; "this is
        godot 4.3", then "we'll stay on 4.3 until the demo ships": Godot 4.3.
        """
        bumped_to = rules.bumped_version(s)
        if bumped_to is None:
            return False
        version, stays = bumped_to
        named = None if stays else rules.version_named(self.replying_to, version)
        if named is not None:
            # "升级 Flutter 到 3.24" offered, then "升 3.24 吧 … fvm use 3.24.3 了": the tool the
            # assistant named at that version, at the finer one the reply gives
            name, version = named, rules.upgrade_taken(self.message, version)
            old = next((v for _, st in revised.stacks(self.found) for v in st.values()
                        if v.lower().startswith(named.lower() + " ")), None)  # fmt: skip
        elif not stays and (here := rules.moved_from(s, version)) is not None:
            name, old = here  # "pom 里是 X 2.2.2，那就升到 2.3.0": X, whatever else is at 2.x
        elif (old := self._versioned(version, same=stays)) is not None:
            name = _VERSION_TAIL.sub("", old)
        else:
            return False
        others = () if stays or old is None else (old,)
        bumped = rules.Decision(f"{name} {version}", others, rules.rationale(s), None, False)
        entry = decision_entry(bumped, s, details=True)
        reason = "a version moved to, of a tool the stack names"
        self.ledger.decide(
            Candidate("decisions", entry, conf["instruction"], reason, src), reverses=False
        )
        return True

    def _versioned(self, version: str, *, same: bool) -> str | None:
        """The one stack value or choice naming a tool at another version of the same shape.

        `same`: at that version itself ("godot 4.3" for "stay on 4.3").
        """
        found = []
        stacked = [v for _, stack in revised.stacks(self.found) for v in stack.values()]
        # and the choices made ("就用 ClickHouse 23.8 吧", then "那就 24.3")
        chosen = [str(d.entry.get("choice", "")) for d in self.decisions]
        for value in stacked + chosen:
            m = _VERSION_TAIL.search(value)
            if m and m[1].count(".") == version.count(".") and (m[1] == version) == same:
                found.append(value)
        return found[0] if len(set(found)) == 1 else None

    def _proposal(self, d: rules.Decision, s: str, src: dict[str, Any]) -> Candidate:
        return Candidate(
            "decisions",
            decision_entry(d, s, details=True),
            PROPOSAL_CONF,
            "proposed by the assistant",
            src,
        )

    def _stated(self, role: str, s: str, index: int, conf: dict[str, float]) -> bool | None:
        """A decision stated in `s` (True), an assistant's proposal (False), or None."""
        d = rules.decision(s, self.offers.offered_names(self.proposed) if role == "user" else ())
        if d is None:
            return self._required(s, index, conf) if role == "user" else None
        if d.choice in rules.commands(s).values():
            return None  # "跑测试用 pnpm test": the project's command, a fact, not a choice
        asked = role == "user" and rules.asks_for_work(s)  # "set up CI with GitHub Actions"
        work = None if d.explicit or asked else rules.finished_work(s)
        if work is not None and not (
            d.choice.lower() not in work.summary.lower() and _FROM_NOW.search(s)
        ):
            # "已经改成 X" / "switched X to Y" reports work done, not a choice; but "已经把 A 换成
            # B 了，所以测试要用 C，别再用 D 了" reports one thing and decides another
            return None
        d = self.offers.as_offered(d, role)
        src = self.source(index)
        if role == "assistant":
            return self._assistant_choice(d, s, src)
        if (valued := self._value_of_before(d, s, index)) is None:
            return None
        d = self._switched(role, s, valued)
        chosen = self._choice(d, s, src, conf)
        self.ledger.decide(chosen, reverses=rules.overrides(s), switch=rules.switches(s))
        if role == "user" and chosen in self.decisions and (part := rules.switched_part(s)):
            self.ledger.switched_part(part, chosen)
        for gone in rules.refused(s) + rules.rejected(s) if role == "user" else ():
            if gone.lower() not in d.choice.lower():
                self.ledger.drop_choice(gone, index, said=rules.switches(s))
        if role == "user":
            self._side_choices(s, d.choice, src)
        return True

    def _repicked(self, s: str, index: int) -> None:
        """A reply that changes its pick to another option by label drops the option it took.

        "用第一种，阿里云实时计算 Flink 版", later "改回第二种，自建 Flink on ACK": the first
        goes, whichever rule reads what the reply now takes.
        """
        label = rules.option_reference(s)
        if label is None or not _REPICK.search(s) or self.label_pick is None:
            return
        choice, was = self.label_pick
        if was != label:
            self.ledger.drop_choice(choice, index)
            self.label_pick = None

    def _setting_kept(self, s: str, index: int) -> None:
        """A setting the reply keeps as it was drops the change decided for it earlier.

        "全局隔离级别改成 READ COMMITTED", later "那就不改了，隔离级别保持 REPEATABLE READ":
        READ COMMITTED goes.
        """
        for m in _KEEPS_SETTING.finditer(s):
            topic = re.escape(m["topic"])
            for d in list(self.decisions):
                choice = str(d.entry.get("choice", ""))
                context = str(d.entry.get("context", ""))
                if choice and re.search(rf"{topic}\s*{_CHANGED_TO}\s*{re.escape(choice)}", context):
                    self.ledger.drop_choice(choice, index)

    def _naming(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """A naming pattern the person sets ("topic 命名统一成 risk.<domain>.<event>.v1")."""
        pattern = rules.naming_pattern(s)
        if pattern is None or rules.answered_values(s, self.offers.asked):
            return False  # "topic 格式 farm/{node_id}/soil" asked for: a value given
        reason = "a naming pattern the person set"
        c = Candidate("decisions", naming_entry(pattern, s), conf["instruction"], reason, src)
        self.ledger.decide(c, reverses=False)
        return True

    def _required(self, s: str, index: int, conf: dict[str, float]) -> bool | None:
        """A requirement the person sets ("We need every endpoint to be idempotent"): True.

        Or a rule stated of a part ("ldflags should set main.version"), kept beside the
        choices: it replaces none of them.
        """
        if (rule := rules.requirement(s)) is not None:
            reason = "a requirement the person set"
        elif (rule := rules.modal_rule(s)) is not None:
            reason = "a rule the person stated for a part"
        else:
            return None
        entry = {"title": rule[:TITLE_MAX], "context": s[:500], "choice": rule}
        c = Candidate("decisions", entry, conf["instruction"], reason, self.source(index))
        if reason == "a requirement the person set":
            self.ledger.decide(c, reverses=False)
        else:
            self.ledger.rule(c)
        return True

    def _assistant_choice(self, d: rules.Decision, s: str, src: dict[str, Any]) -> bool | None:
        """A rule the assistant states outright (True), a proposal of it (False), or None."""
        if WHOLE_RULE.match(d.choice):
            return None  # "every table gets `tenant_id`": how the assistant does it, no rule set
        if d.explicit and rules.restates_way(d.choice, self.preferred):
            return None  # "好的，后面都用 Java。" acknowledges the person's way, decides nothing
        if d.explicit and not rules.advises(s):  # not "建议 …，或者以后用 HF_TOKEN 环境变量"
            self.ledger.decide(
                self._choice(d, s, src, _ANSWERED_CONF if self.asked else _ASSISTANT_CONF),
                reverses=rules.overrides(s),
            )
            return True
        if rules.proposal(s) is None and not rules.recommends(s) and not self._counter_offer(s):
            return None  # the assistant describing what it does, not proposing a choice
        self._propose(self._proposal(d._replace(explicit=False), s, src))
        return False

    def _counter_offer(self, s: str) -> bool:
        """What the assistant will do instead of what its message advises against.

        "不建议把密码直接写进 application-prod.yml。我改成读环境变量 `X`": a proposal the person
        may take ("可以，就这样").
        """
        return bool(_ADVISED_AGAINST.search(self.said)) and _WILL_CHANGE.match(s) is not None

    def _choice(
        self, d: rules.Decision, s: str, src: dict[str, Any], conf: dict[str, float]
    ) -> Candidate:
        reason = "explicit decision" if d.explicit else "instruction naming a choice"
        level = conf["explicit" if d.explicit else "instruction"]
        if (
            rules.names_a_call(d.choice, s)
            or rules.only_points_back(d.choice)
            or rules.puts_off(d.choice)
            or rules.some_day(s)
            or (not d.explicit and rules.for_this_once(s))
            or rules.decided_for_now(d.choice, s)
        ):
            # "go with collect(streaming=True)": code; "we decided on option B" with no option
            # B offered: what was chosen is unknown; "决定先不改了", "use Kafka eventually":
            # nothing is taken up now; "这一次
            # 用 force push 吧": the task at hand, not a way of the project; "we decided to look
            # at the logs first", "领导定了…": no way the project keeps
            level = min(level, CODE_CALL_CONF)
        c = Candidate("decisions", decision_entry(d, s, details=True), level, reason, src)
        # "幂等记录存 TiDB，别用 Redis": a choice made over an option is no way things are
        if (
            src["index"] == self.opening
            and not d.explicit
            and not d.alternatives
            and rules.is_chinese(s)
        ):
            self.ledger.introduce(c)
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
            c = Candidate("decisions", decision_entry(side, s), SIDE_CHOICE_CONF, reason, src)
            self.ledger.note(c)  # not a reversal of the sentence's first choice

    def _work(self, s: str, src: dict[str, Any], conf: dict[str, float]) -> bool:
        """Finished work: a changelog entry; True when `s` reports work done."""
        listed = s.rstrip("；;。.") in self.listed
        if rules.committed_subjects(s):
            return True  # the commit it reports is the entry ("Merged to main as "fix: …"")
        work = None if listed else rules.finished_work(rules.assertion(s))
        if work is not None and work.type == "deploy" and rules.deployment(s) is not None:
            return True  # a deployment told in conversation is a project fact; logs give changes
        summary = work.summary if work else ""
        header = s.rstrip().endswith((":", "：")) and len(summary) < 24
        if work is not None and work.named and not (header and not rules.done_outright(summary)):
            # "Changes made:" heads a list; "Fixed the X:" tells; "跑通了，3 秒" names no work;
            # "改完了，发了 v1.8.3：" names the release it heads
            entry = {"type": work.type, "summary": work.summary.rstrip(":：")}
            reason = f"finished work ({work.type})"
            level = conf["work"]
            outcome = _DONE_LEAD.match(s) is not None
            told = outcome or not _NARRATION.search(work.summary)
            if level < _SUMMARY_CONF and self.agent and told and not rules.under_way(self.said):
                level = _SUMMARY_CONF  # the outcome, not a step ("Added `src/x.ts` ...")
            if work.type == "other" and not (
                rules.merges_request(s) or rules.done_outright(work.summary)
            ):
                # "removed", "published", "完成": too vague to store unseen; a numbered pull
                # request merged is a change landed ("PR #318 is merged"), and so is work said
                # outright to be finished ("已经接好了")
                level -= 0.15
            if rules.work_aside(s, opening=src["index"] == self.opening):
                level = min(level, _ASIDE_CONF)  # "ArgoCD 已经装好了…": where the task starts
            self.ledger.found_one(Candidate("changelog", entry, level, reason, src))
        elif (noun := rules.completion(s)) and self.decisions:
            choice = str(self.decisions[-1].entry.get("choice"))
            chinese = rules.is_chinese(noun)
            summary = f"完成{noun}：{choice}" if chinese else f"Complete the {noun} to {choice}"
            entry = {"type": "refactor" if noun in _REWORK else "chore", "summary": summary}
            reason = "work on the decision reported finished"
            self.ledger.found_one(Candidate("changelog", entry, conf["work"], reason, src))
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
        found = stated.statement_facts(
            s, statement, conf, own=own, decided=decided, opening=opening, agent=self.agent
        )
        found = stated.own_way(found, s) if person is not None else found
        if not own and self.offers.an_option(s, int(src["index"])):
            found = [f for f in found if "tech_stack" not in f[0]]  # a candidate, not the stack
        changed = self._changed_value(s)
        for facts, level, reason, priority in found:
            if changed and isinstance(facts.get("config"), dict):
                set_changed(facts["config"], changed)
            if isinstance(facts.get("config"), dict):
                _changed_number(facts["config"], s)
            self.ledger.found_one(
                Candidate("project", facts, level, reason, src, priority=priority)
            )
        p = person
        if p is not None:
            entry = {"text": p.text, "kind": p.kind}
            reason = f"personal {p.kind}"
            self.ledger.found_one(
                Candidate("user", entry, 0.9, reason, src, scope=p.scope, priority="P2")
            )

    def _propose(self, c: Candidate) -> None:
        if self.proposal is not None:
            self.ledger.found_one(self.proposal)  # never accepted: left for review
        self.proposal = c

    def _introduced(self) -> None:
        """Chinese choices named only in the message that opens a dialogue wait for review.

        "要用 ERA5 的 2m 气温", "用 xarray + dask 读的时候特别慢", "现在用的是 DDP": the
        person introducing the project mostly tells how things are with 用 (dev corpus: 1 of
        8 kept), where "We're moving to S3" and "Let's switch it to NUMERIC" choose. A
        statement given alone (`--text`) or a choice named again later is a choice.
        """
        if not self.replied or self.continued:
            return
        reason = "a choice named while the project is introduced"
        self.ledger.hold_introduced(reason, OPENING_CHOICE_CONF)

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
                    self.ledger.found_one(
                        Candidate("project", facts, RECAP_CONF, reason, src, priority="P2")
                    )

    def _summed_up(self) -> None:
        r"""The choices of the assistant's summary of what the talk settled, at the end.

        "最终改动汇总：\n1. 镜像 tag 用 git short sha …\n3. HPA 2-6 副本，CPU 目标 65%" then "好
        thx": each item is a decision the talk made, in the words it ended on, less what it
        gives up (dev corpus: 44 of 60 items match a label, 53 counting the adjudicated; on
        `unseen` 12 of 24 did).
        """
        reason = "a choice the assistant's closing summary states"
        for index, items in self.summaries:
            if index < self.last - _RECAP_REACH:
                continue
            src = self.source(index)
            entries = [e for i in items if (e := plan_entry(i)) is not None]
            self.ledger.found_all(
                [Candidate("decisions", e, RECAP_CONF, reason, src) for e in entries]
            )

    def finish(self) -> None:
        if self.proposal is not None:
            self.ledger.found_one(self.proposal)
        self._recapped()
        self._summed_up()
        # the facts a later choice undid: a replaced tool, a setting of an option turned down
        given_up = [
            (str(signal.old), int(src["index"]))
            for signal, src in self.batch.obsolete
            if src.get("path") == self.path
        ]
        revised.replaced_stack(self.found, self.decisions, given_up, self.read_at)
        revised.turned_down_settings(self.found, self.decisions, self.ledger.said_in)
        revised.outvoted_likes(self.found, self.decisions)
        revised.work_on_turned_down(self.found, self.decisions)
        self._introduced()
        self.ledger.found_all(stated.chosen_stack(self.decisions))  # "use Pulsar. 版本用 3.3"
        self.ledger.without_told_commits()
        self.ledger.worked(
            revised.switched_choices(self.found, self.decisions, self.batch.candidates)
        )
        chosen = [*self.decisions, *self.batch.candidates]  # the switches among them
        self.ledger.worked(artifacts.recorded_choices(self.found, chosen))
        self.batch.candidates += self.decisions + self.found
        drop_reverted(self.batch)  # a commit the agent made and then reverted leaves nothing
        if not self.substantive:
            return
        # its lists are filled when the filters have settled the items (`routing.settle`)
        session = {
            "summary": (self.title or self.summary or "conversation")[:160],
            "key_actions": [],
            "decisions": [],
            "outcomes": [],
        }
        self.batch.candidates.append(
            Candidate("sessions", session, 1.0, SESSION_REASON, self.source(0))
        )


# "不建议把密码直接写进 …", "I wouldn't commit the key": advice against what the person asked
_ADVISED_AGAINST = lazy(
    r"不建议|不推荐|最好不要|(?i:\bi (?:wouldn'?t|would not|don'?t recommend|do not recommend)\b)"
)
# "我改成读环境变量 …", "I'll switch it to …": what the assistant will do instead, not done yet
_WILL_CHANGE = lazy(
    r"我(?:会|来|先|这边)?(?:改成|改为|改用|换成)(?!了)"
    r"|(?i:i'?ll (?:switch|change|move) (?:it|that|this) to\b)"
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


# "python 3.9": a tool's name, then its version
_VERSION_TAIL = lazy(r"(?<=[A-Za-z])\s+v?(\d+(?:\.\d+)*)$")


# a sentence about a part of the project of its own, which a decision on another part does
# not settle
_OTHER_PART = lazy(
    r"(?i)^(?:the|our|this)\s+(?P<part>api|frontend|front end|backend|back end|web app|app|"
    r"service|server|site|worker|database|db|cli|bot|mobile app|admin)\b"
)


def reads_tool_output(text: str) -> bool:
    """Whether the rules read what an agent's tool printed: a build file, a deploy, a commit."""
    return (
        buildfiles.shows_build_file(text)
        or deploy.looks_like_deploy(text)
        or bool(rules.committed_refs(text))  # the sha of a commit the agent made
    )


def _changed_number(config: dict[str, Any], s: str) -> None:
    """A number the sentence says it changed a setting to, after giving the old one.

    "NestJS 服务默认端口 3000，我把它改成了 7001": the port is 7001.
    """
    m = _CHANGED_TO_NUMBER.search(s)
    if m is None:
        return
    new = m["zh"]
    for key, old in config.items():
        at = s.find(str(old))
        if str(old).isdigit() and 0 <= at < m.start() and old != new:
            config[key] = new
            return


# "我把它改成了 7001": a number a setting was just changed to
_CHANGED_TO_NUMBER = lazy(
    r"(?:把它|把这个|将其|已)?(?:改成了?|改为|换成了?|调成了?)\s*(?P<zh>\d+)(?![\d.])"
)


# "Committed as `4f9c2ab` on main": the assistant telling of a commit
_BARE_VALUE = lazy(VALUE)
_EVERYWHERE = lazy(
    r"(?i)\b(?:every|all (?:my|of my|our)|any) "
    r"(?:board|project|repo|codebase|machine|team|job)s?\b|"
    r"\b(?:always|in general|generally|everywhere|wherever)\b|所有项目|每个项目|一直|向来|习惯"
)
_CHANGED = lazy(
    r"(?i)改成|改为|换成|调到|调成|\bmake it\b|\bchange (?:it )?to\b|\bbump(?:ed)? (?:it )?to\b"
)
# a name as names are written: in code marks, in CamelCase ("AsyncStorage") or capitalised
# inside a sentence ("Going forward" opens one)
_WRITTEN_NAME = lazy(
    r"`([A-Za-z][\w.+#/-]{1,40})`"
    r"|(?<![\w.])([A-Z][a-z0-9]*[A-Z]\w*|(?<=[\w,;)] )[A-Z][a-z]{2,})\b"
)
_HEADING = lazy(r"(?m)^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t#]*$")


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
