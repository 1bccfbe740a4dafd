"""The decisions of one conversation: made, confirmed, reversed, turned down, undone.

The ledger holds what a conversation has found while its messages are read: its decisions
and the other candidates (`found`), with the decisions of earlier sessions of the same work
it may reverse. A choice made again is one decision, as sure as the surer; a change of mind
drops the old choice and keeps it as an alternative of the new one; a choice turned down
later is dropped; work and settings the person asks to undo are dropped.
`omp.extract.conversations` reads the messages and tells the ledger what they decide and
find (`found_one`, `found_all`) and how a later message amends what was found; the ledger
reads the options on the table (`Offers`) and what the assistant last said (`Talk`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from omp import rules
from omp.extract import artifacts
from omp.extract.candidates import (
    TITLE_MAX,
    Batch,
    Candidate,
    merge_fields,
    text_of,
    title_head,
    with_details,
)
from omp.extract.commits import SWITCH_REASON as COMMIT_SWITCH
from omp.extract.offers import REVERSAL_REACH, Offers
from omp.lazyre import lazy

# a choice made beside another of its kind: "iOS 也走极光", "Android uses FCM too"
ALSO = lazy(r"(?i)也(?:走|用|接|上)|\b(?:too|as well)\b")
# a thing left as it is while another changes ("EMQX 接入不变，bridge 到 Pulsar") replaces nothing
_UNCHANGED = lazy(r"不变|不动")
# a rule the person sets, said whole (the English patterns of session 50)
WHOLE_RULE = lazy(r"(?i)^(?:never\s|always\s|no\s+[a-z]{4,}ing\b|(?:all|every|each)\s|.+\s+only$)")
VALUE = r"v?\d+(?:\.\d+)?\s*(?P<unit>[A-Za-z%]{1,4}|[\u4e00-\u9fff]{1,2})"  # "50MB", "180 天"
VALUE_TAIL = lazy(rf"(?<![\w.]){VALUE}$")  # the value a choice ends with
_BARE_VALUE = lazy(VALUE)  # a value said alone: "50MB"
_NAMES_A_CHOICE = lazy(
    r"(?i)(?:用|使用|采用|改用|换成|走)\s*[`'\"]?[A-Za-z]|\b(?:use|using|with|via)\s+[A-Za-z]"
)
_NUMBER_TAIL = lazy(r"(?<![\w.])\d+(?:\.\d+)?$")  # "波特率 115200": a number with no unit
# "the bolded one", "the highlighted option", "加粗的那个": the option the message set in bold
_DEICTIC = lazy(
    r"(?i)(?:the\s+)?(?:bold(?:ed)?|highlighted|starred)\s+(?:one|option|row)|加粗的(?:那个|那种)?"
)
_TABLE_ROW = lazy(r"(?m)^\|(?!\s*-{3})[^\n]*\|\s*$")
_CODE_NAME = lazy(r"`([A-Za-z][\w.-]{2,40})`")
# an assistant's reply that weighs another option ("但要注意 … APIv3 更稳"), not one that carries
# the choice out
_CONTRASTED = lazy(
    r"但|不过|其实|推荐|建议|更稳|更好|\b(?:but|however|instead|rather|recommend|better)\b"
)


class Talk(Protocol):
    """What the ledger reads of the conversation: the assistant's last messages."""

    recent: list[str]  # its last few messages, whatever the person said between
    said_at: int  # the index of the last one: what "revert that" undoes
    replies: dict[int, str]  # its last messages by index, lower case


class Ledger:
    """The candidates of one conversation so far, and the changes of mind between them."""

    def __init__(
        self, batch: Batch, offers: Offers, talk: Talk, earlier: list[Candidate] | None = None
    ) -> None:
        self.batch = batch  # where dropped decisions go, with the reason they were dropped
        self.offers = offers  # what the assistant last offered to pick from
        self.talk = talk  # what the assistant last said, as the conversation read it
        # the choices of earlier sessions of the same work (an Aider history): a later session
        # may change them, by role or by the part it names
        self.earlier = earlier if earlier is not None else []
        self.decisions: list[Candidate] = []
        self.found: list[Candidate] = []
        self.introduced: list[Candidate] = []  # choices named at the opening, and not again
        self.said_in: dict[int, str] = {}  # the sentence each candidate found was read in, by id

    def decide(self, new: Candidate, *, reverses: bool, switch: bool = False) -> None:
        """Record the choice `new` makes: it confirms, fills out or reverses earlier ones.

        `reverses`: the sentence takes a choice back ("actually, …"); `switch`: it switches
        from one thing to another ("X 先关掉，改 Y").
        """
        self._resolved(new)
        choice = str(new.entry.get("choice", ""))
        if self._ruled(new):
            return
        self._offered_others(new, choice)
        # the title's head, not the details the sentence also settles ("Use X: Y 用 Z"); a title
        # that is the sentence's own clause ("nextflow 主进程改成用 sbatch 提交") names more than
        # the choice's role
        context = str(new.entry.get("context", ""))
        head = title_head(str(new.entry.get("title", "")))
        role = rules.role_of(choice) or (None if head in context else rules.role_of(head))
        alternatives = [str(a).lower() for a in new.entry.get("alternatives", [])]
        also = bool(ALSO.search(context) or _UNCHANGED.search(context))
        # a change of mind replaces one choice: the last one only when none has the new role
        ranked = role is not None and any(
            rules.role_of(str(o.entry.get("choice", ""))) == role for o in self.decisions
        )
        # "改主意了：用 ALB Ingress" after "ingress 先用 ingress-nginx": the choice its name shares
        # a word with is the one taken back, not the last one made
        kin_named = [
            o for o in self.decisions
            if (reverses or switch) and _shares_a_word(choice, str(o.entry.get("choice", "")))
        ]  # fmt: skip
        # "还是上 PolarDB-X 吧" after "第一个吧" took ShardingSphere over "迁到 PolarDB-X 2.0": a
        # change of mind to what an earlier choice was made over takes that choice back
        over = [o for o in self.decisions if (reverses or switch) and _made_over(choice, o)]
        for old in list(self.decisions):
            old_choice = str(old.entry.get("choice", ""))
            same_choice = old_choice.lower() == choice.lower()
            same_role = role is not None and role == rules.role_of(old_choice)
            if (role in rules.SHARED_ROLES or also) and not (reverses or switch):
                # OpenTelemetry and then Tempo: both kept, no change of mind; nor is a choice
                # said to be made too ("iOS 也走极光" after "Google Play 包直接用 FCM")
                same_role = False
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
            close = 0 < later <= REVERSAL_REACH  # a message does not take back its own choice
            # a change of mind without roles to compare replaces the last choice ("算了，
            # 乐观锁不用了，还是 Lua": the lock is no known technology); a known tool is not
            # replaced by a thing of no known role ("批量 insert 还是换成 COPY 吧" keeps PostgreSQL)
            unranked = rules.role_of(old_choice) is None
            # ... unless the sentence names what it replaces ("from MySQL to Postgres")
            fallback = reverses and last and close and unranked and not ranked and not alternatives
            fallback = fallback and not kin_named and not over
            sharing = close and old in kin_named and not same_choice
            # ... or what the assistant just proposed ("use MMKV instead, asyncstorage is slow"
            # after "I'll use `AsyncStorage`"): not the last choice
            fallback = fallback and not self._replaces_proposed(choice, old_choice, new)
            # ... or a part of how the assistant carried the last choice out ("单位为分，字段名
            # 统一加后缀 `_cents`", then "那还是 _cents" after "_fen?")
            # ... or a value for another thing ("登录接口改成 10 次" after "全局改成每分钟 30 次")
            fallback = fallback and not _other_topic(choice, old)
            carried = self.talk.replies.get(int(old.source["index"]) + 1, "")
            fallback = fallback and not (
                choice.lower() in carried and not _CONTRASTED.search(carried)
            )
            # "1. Twilio … 3. Vonage", "twilio.", then "switch to Vonage": another of the options
            # offered together
            sibling = (reverses or switch) and close and self.offers.together(choice, old_choice)
            if same_role or named or fallback or sibling or sharing or old in over:
                self._reversed(old, new)
        for old in list(self.earlier):
            old_choice = str(old.entry.get("choice", ""))
            if old_choice.lower() != choice.lower() and (
                (role is not None and role == rules.role_of(old_choice) and reverses)
                or any(old_choice.lower() in a or a in old_choice.lower() for a in alternatives)
            ):
                self._reversed(old, new)
        self.decisions.append(new)

    def rule(self, new: Candidate) -> None:
        """Keep a rule that chooses nothing, beside the choices: it confirms and reverses none.

        "注意：不要用 Tesseract，识别率太低" forbids (Tesseract is its alternative, never its
        choice); "no unique constraints then" rules out what the assistant warned of. With no
        choice to compare, it is no duplicate of another decision either.
        """
        self.decisions.append(new)

    def note(self, new: Candidate) -> None:
        """Keep a further choice of a sentence beside its first, unless it was chosen already.

        "Postgres for the data, and Redis for the cache": Redis reverses nothing, not even the
        sentence's first choice of another role; chosen before, it stays the one decision.
        """
        choice = str(new.entry.get("choice")).lower()
        if not any(str(o.entry.get("choice")).lower() == choice for o in self.decisions):
            self.decisions.append(new)

    def worked(self, made: list[Candidate]) -> None:
        """Keep the choices finished work states by switching a part ("Switch search to pg_trgm").

        `revised.switched_choices` finds them once the conversation is read, and leaves out
        those a decision chose or turned down already: they reverse nothing, but for a commit
        the agent made that names the choice it leaves ("switch CNI from Calico to Cilium").
        """
        for new in (c for c in made if c.reason == COMMIT_SWITCH):
            left = {str(a).lower() for a in new.entry.get("alternatives", [])}
            for old in [d for d in self.decisions if str(d.entry.get("choice")).lower() in left]:
                self._reversed(old, new)
        self.decisions.extend(made)

    def explain_last(self, reason: str) -> None:
        """Keep the reason a later sentence gives for the last decision, when it has none.

        "用 Postgres，不用 Mongo。Mongo 的事务太弱了": the sentence after the choice names the
        option it was chosen over, and says why.
        """
        self.decisions[-1].entry.setdefault("rationale", reason)

    def detail_last(self, details: list[str]) -> None:
        """Join the settings a later sentence of the same message makes to the last decision.

        "就用 vue-i18n。默认语言 zh-CN，fallback 用 en。": one decision of vue-i18n, its title
        followed by its default and fallback languages.
        """
        # not to a name the message leaves as it is ("改成 Pulsar 吧。EMQX 接入不变。版本用 3.3
        # LTS": the version is Pulsar's)
        index = self.decisions[-1].source["index"]
        same = [d for d in self.decisions if d.source["index"] == index]
        changed = [d for d in same if not _UNCHANGED.search(str(d.entry.get("context", "")))]
        last = (changed or same)[-1]
        last.entry["title"] = with_details(str(last.entry["title"]), details)[:TITLE_MAX]

    def introduce(self, new: Candidate) -> None:
        """Mark a choice named in the message that opens the conversation, before it is decided.

        "现在用的是 DDP" mostly tells how things are; named again later, it is confirmed
        (`_confirm`) and no longer waits for review.
        """
        self.introduced.append(new)

    def hold_introduced(self, reason: str, ceiling: float) -> None:
        """Leave the choices named only at the opening for review, no surer than `ceiling`."""
        for c in self.introduced:
            c.reason, c.confidence = reason, min(c.confidence, ceiling)

    def found_one(self, c: Candidate) -> None:
        """Record a candidate that is no decision: a fact, a preference, work told done.

        "tf-locks, thats what the other repos use" names the lock table (config `table:
        tf-locks`); a proposal of the assistant the person never took up is found too, for review.
        """
        self.found.append(c)

    def found_all(self, found: list[Candidate]) -> None:
        """Record the candidates a whole message or a tool's output gives, in their order.

        "就按你说的来" after a plan: each of its items; a deploy log: the URL and region.
        """
        self.found.extend(found)

    def remembered(self, since: int) -> None:
        """Make the candidates found from `since` on surer: the message asks to remember them.

        "Remember: the staging DB is on port 5433" is a fact the person wants kept.
        """
        for c in self.found[since:]:
            c.confidence = min(0.95, c.confidence + 0.1)
            c.reason += "; asked to remember"

    def moved_off(self, leaving: set[str], since: int) -> None:
        """Drop the stack facts found from `since` on that name what the message moves off.

        "we're on traefik in staging … lets standardize on ingress-nginx": traefik is not the
        project's proxy; a fact left with nothing else is dropped.
        """
        for c in self.found[since:]:
            stack = c.entry.get("tech_stack") if c.target == "project" else None
            if not stack:
                continue
            for key, value in list(stack.items()):
                first = str(value).lower().split()[:1]
                if (set(rules.technologies(str(value))) | set(first)) & leaving:
                    del stack[key]
            if not stack:
                del c.entry["tech_stack"]
        self.found[since:] = [c for c in self.found[since:] if c.entry]

    def changed_setting(self, new: str, since: int) -> None:
        """Give the value changed to, `new`, to the settings found last, from message `since` on.

        "附件上传大小限制设为 20MB。哦不对，…，改成 50MB": the limit stored from the statement
        before becomes 50MB. Only the last candidate with settings is changed, and in it only
        the first setting with a value in the unit of `new` (`set_changed`).
        """
        for c in reversed(self.found):
            config = c.entry.get("config") if c.target == "project" else None
            if isinstance(config, dict) and c.source["index"] >= since:
                set_changed(config, new)
                break

    def without_told_commits(self) -> None:
        """Leave out the commits told ("Committed as `4f9c2ab`") that git made as well."""
        self.found = artifacts.without_told_commits(self.found)

    def read_in(self, sentence: str, since: int) -> None:
        """Note `sentence` as where each candidate found from index `since` on was read.

        "I set up DeepSpeed ZeRO-3 …, config is at configs/ds_z3.json": undoing DeepSpeed
        later drops the path said with it (`_set_with`).
        """
        self.said_in.update((id(c), sentence) for c in self.found[since:])

    def _offered_others(self, new: Candidate, choice: str) -> None:
        """The other options offered, as the alternatives of a choice that names none."""
        if new.entry.get("alternatives"):
            return
        chosen = [str(d.entry.get("choice", "")) for d in self.decisions]
        others = self.offers.others_of(choice, int(new.source["index"]), chosen)
        if others is not None:
            new.entry["alternatives"] = others

    def _ruled(self, new: Candidate) -> bool:
        """A rule set whole ("no mocking redis", "never push to main"), kept beside the choices.

        It reverses none of them and turns nothing named in it down.
        """
        choice = str(new.entry.get("choice", ""))
        if not WHOLE_RULE.match(choice):
            return False
        new.entry.pop("alternatives", None)
        if not any(str(o.entry.get("choice")) == choice for o in self.decisions):
            self.decisions.append(new)
        return True

    def _resolved(self, new: Candidate) -> None:
        """A choice of "the bolded one": the one option the last message set in bold.

        The other rows of its table are the alternatives.
        """
        if not _DEICTIC.fullmatch(str(new.entry.get("choice", "")).strip()) or not self.talk.recent:
            return
        said = self.talk.recent[-1]
        bold = list(dict.fromkeys(m.strip(" `") for m in re.findall(r"\*\*(.+?)\*\*", said)))
        if len(bold) != 1:
            return
        choice = bold[0].replace("`", "")
        rows = [r.split("|")[1].strip(" *`") for r in _TABLE_ROW.findall(said)]
        others = [r.replace("`", "") for r in rows[1:] if r and r.replace("`", "") != choice]
        chinese = rules.is_chinese(str(new.entry.get("title", "")))
        new.entry.update(choice=choice, title=(f"采用 {choice}" if chinese else f"Use {choice}"))
        new.entry["alternatives"] = others or [
            a for a in new.entry.get("alternatives", []) if str(a).lower() in said.lower()
        ]
        if not new.entry["alternatives"]:
            del new.entry["alternatives"]

    def _replaces_proposed(self, choice: str, old_choice: str, new: Candidate) -> bool:
        """Whether a change of mind names a thing the assistant's last message proposed.

        The name is a known technology or a `code` name, other than the new and old choices.
        """
        if int(new.source["index"]) - self.talk.said_at != 1:
            return False
        context = str(new.entry.get("context", "")).lower()
        said = self.talk.recent[-1] if self.talk.recent else ""  # `said` is cleared once confirmed
        named = [*rules.technologies(said), *_CODE_NAME.findall(said)]
        mine = {choice.lower(), old_choice.lower()}
        said_again = (n.lower() for n in named if len(n) > 2 and n.lower() not in mine)
        return any(re.search(rf"\b{re.escape(n)}\b", context) for n in said_again)

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
        _carry_details(old, new)
        alts = list(new.entry.get("alternatives", []))
        if old_choice.lower() not in [a.lower() for a in alts]:
            alts.append(old_choice)
        new.entry["alternatives"] = alts

    def switched_part(self, part: str, new: Candidate) -> None:
        """A switch of a named part replaces the recent choice made for it.

        "存档就直接用 ResourceSaver 存成 .tres 吧" then "那存档改用 System.Text.Json": neither
        tool has a known role to compare, but both sentences are about the saves.
        """
        index = int(new.source["index"])
        for old in [*self.decisions, *self.earlier]:
            distance = index - int(old.source["index"])
            same = str(old.entry.get("choice", "")).lower() == str(new.entry["choice"]).lower()
            close = any(o is old for o in self.earlier) or 0 < distance <= REVERSAL_REACH
            if old is new or same or not close:
                continue
            if part in str(old.entry.get("context", "")).lower():
                self._reversed(old, new)

    def _confirm(self, old: Candidate, new: Candidate) -> None:
        """`new` states the choice `old` made again: one decision, as sure as the surer."""
        merge_fields(old.entry, new.entry)
        old.confidence = max(old.confidence, new.confidence)
        if new.source["index"] != old.source["index"]:
            self.introduced = [c for c in self.introduced if c is not old]

    def drop_choice(self, gone: str, index: int, *, said: bool = False) -> None:
        """Drop the decisions that chose `gone`.

        `said`: a switch turned `gone` down ("那就不用 Redis 了，改成唯一索引"), so a choice
        made in a sentence about it goes too ("Redis 那个最简单，就用 SETNX 吧").
        """
        named = re.compile(rf"(?i)(?<![\w.-]){re.escape(gone)}(?![\w-])") if said and gone else None
        head = gone.split()[0] if gone else ""
        for old in list(self.decisions):
            context = str(old.entry.get("context", ""))
            earlier = int(old.source["index"]) < index
            choice = str(old.entry.get("choice", ""))
            chose = bool(gone) and _starts_a_word(gone, choice)
            # a clause taken up ("add webextension-polyfill and migrate the chrome.* calls"):
            # the name it turns down is the first word of what is said ("no webextension-polyfill
            # dependency"), written as code
            if old.reason == TAKEN_UP and re.search(r"\w[-_.]\w", head):
                chose = chose or _starts_a_word(head, choice)
            if chose or (named is not None and earlier and named.search(context)):
                self.decisions.remove(old)
                old.action, old.note = "dropped", f"turned down later in the conversation ({index})"
                old.confidence = 0.0
                self.batch.candidates.append(old)

    def undone(self, topic: str, index: int) -> None:
        """Drop the work and settings said earlier that a request to undo them names."""
        named = re.compile(rf"(?i)(?<![\w-]){re.escape(topic)}(?:e?s)?(?![\w-])")
        self._drop_undone(
            index,
            lambda c: (
                int(c.source["index"]) < index
                and bool(named.search(text_of(c.target, c.entry)) or self._set_with(c, named))
            ),
        )

    def _set_with(self, c: Candidate, named: re.Pattern[str]) -> bool:
        """Whether `c` is a setting or path said in a sentence naming what is undone.

        "I set up DeepSpeed ZeRO-3 …, config is at configs/ds_z3.json": the path goes with it.
        """
        settings = c.target == "project" and set(c.entry) <= {"config", "paths"}
        return settings and named.search(self.said_in.get(id(c), "")) is not None

    def undone_last(self, index: int) -> None:
        """Drop the work and settings the assistant's last message reported."""
        self._drop_undone(index, lambda c: int(c.source["index"]) == self.talk.said_at)

    def _drop_undone(self, index: int, undoes: Callable[[Candidate], bool]) -> None:
        """Drop the work and settings found so far that the request at `index` undoes."""
        for c in self.found:
            if c.target in ("changelog", "project") and not c.action and undoes(c):
                c.action, c.note = "dropped", f"undone later in the conversation ({index})"
                c.confidence = 0.0


def _made_over(choice: str, old: Candidate) -> bool:
    """Whether `old` was chosen over `choice`: one of its alternatives names it."""
    low = choice.lower()
    return len(low) > 2 and any(
        re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", str(a).lower())
        for a in old.entry.get("alternatives", [])
    )


def _fuller(short: str, long: str) -> bool:
    """Whether `long` names `short` with more detail ("Flutter" → "Flutter 3.22")."""
    return len(short) >= 2 and long.lower().startswith(short.lower() + " ")


TAKEN_UP = "what a reply took up of the assistant's message"


def _starts_a_word(name: str, text: str) -> bool:
    """Whether `name` starts a word of `text`, or a part of a camelCase one.

    "not npm" spares pnpm; "Postgres" is PostgreSQL's, "destructive" is
    fallbackToDestructiveMigration's.
    """
    for m in re.finditer(re.escape(name), text, re.I):
        before = text[m.start() - 1] if m.start() else " "
        if not (before.isalnum() or before in "_.-") or (before.islower() and m[0][0].isupper()):
            return True
    return False


_NOT_A_NAME_WORD = frozenset(("with", "from", "into", "only", "then", "that", "this"))


def _shares_a_word(choice: str, old: str) -> bool:
    """Whether two choices name the same kind of thing by a word of four letters or more.

    "ALB Ingress" and "ingress-nginx" do; "Flink 写入 ClickHouse" and "ClickHouse" do not (the
    one uses the other), nor do "FULL_STATE_DICT" and "FSDP FULL_SHARD" (a name written as code
    is one word).
    """
    new, was = choice.lower(), old.lower()
    if new in was or was in new:
        return False
    words = {w for w in re.findall(r"[a-z][a-z0-9_]{3,}", new) if w not in _NOT_A_NAME_WORD}
    return bool(words & set(re.findall(r"[a-z][a-z0-9_]{3,}", was)))


def _carry_details(old: Candidate, new: Candidate) -> None:
    """The details a reversed choice's title settled that the new choice leaves as they were.

    "Use CollapsingMergeTree: 分区按月 toYYYYMM OK", then "还是换成 ReplacingMergeTree 吧": the
    engine changes, the monthly partitions stay. Not a detail that names the old choice, the
    new one's topic ("TTL 3 天" when "TTL 改成 7 天" reverses it) or a tool of its own.
    """
    title, old_title = str(new.entry.get("title", "")), str(old.entry.get("title", ""))
    if title_head(old_title) == old_title:
        return
    rest = old_title[len(title_head(old_title)) :].lstrip("：: ")
    old_choice = str(old.entry.get("choice", "")).lower()
    words = set(
        re.findall(r"[a-z_]{3,}|[\u4e00-\u9fff]{2,}", str(new.entry.get("choice", "")).lower())
    )
    kept = [
        d.strip()
        for d in re.split(r"[；;]", rest)
        if d.strip()
        and d.strip().lower() not in title.lower()
        and (not old_choice or old_choice not in d.lower())
        and not any(w in d.lower() for w in words)
        and not _same_kind(d, old_choice, str(new.entry.get("choice", "")))
    ]
    new.entry["title"] = with_details(title, kept)[:TITLE_MAX]


def _same_kind(detail: str, old: str, new: str) -> bool:
    """Whether a detail names a choice of the kind the change of mind is about.

    "用阿里云的 Elasticsearch" beside Meilisearch (both search), "语言文件用 YAML" beside JSON
    (of no known kind: any way a detail names may be of its kind).
    """
    roles = {rules.role_of(old), rules.role_of(new)} - {None}
    if any(rules.role_of(t) in roles for t in rules.technologies(detail)):
        return True
    return rules.role_of(new) is None and _NAMES_A_CHOICE.search(detail) is not None


def _other_topic(choice: str, old: Candidate) -> bool:
    """Whether `choice` is a value of a topic the old choice's statement does not name.

    "波特率 115200" after "就用 HAL_UARTEx_ReceiveToIdle_DMA + 环形缓冲": a number alone, with no
    unit, is a value of its topic too.
    """
    value = VALUE_TAIL.search(choice) or _NUMBER_TAIL.search(choice)
    topic = choice[: value.start()].strip() if value else ""
    said = f"{old.entry.get('choice', '')} {old.entry.get('context', '')}".lower()
    return len(topic) >= 2 and topic.lower() not in said


def set_changed(config: dict[str, Any], new: str) -> None:
    """The first setting of `config` with a value in the unit of `new` takes `new`."""
    value = _BARE_VALUE.fullmatch(new)
    for key, old in config.items():
        had = _BARE_VALUE.fullmatch(str(old))
        if value and had is not None and had["unit"] == value["unit"] and old != new:
            config[key] = new.replace(" ", "") if " " not in str(old) else new
            return
