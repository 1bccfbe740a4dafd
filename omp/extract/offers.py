"""What the assistant last put before the person to pick from, and what the person asked.

Lists of labelled options ("1. Postgres 2. Redis"), either-or questions ("Room or
SQLDelight?"), names set in bold ("**clap**"), the bullets of a "which one?" list and the
settings the assistant asked values for. `omp.extract.conversations` reads a reply against
them: which option it picks, and which ones it turns down.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from omp import rules
from omp.extract.candidates import TITLE_MAX, Candidate
from omp.lazyre import lazy

REPLY_REACH = 2  # messages: a reply opening with an offered name picks it this soon after
REVERSAL_REACH = 6  # messages: "actually, ..." changes a choice made this recently

PLAN_ITEM_CONF = 0.6  # an item of a plan the person took up: reviewed
NUMBERED_ITEM_CONF = 0.75  # an item the person took up by its number ("1 和 2 ok")

ONE_NAME = lazy(r"[A-Za-z][\w.+#/@-]{1,40}")  # "expo-router", "probe-rs": one token
# two capitalised names, one or the other, opening an answer's sentence
_NAMED_PAIR = lazy(
    r"(?:^|[.!:]\s+)(?!(?:The|This|That|It|Either|Both|Neither|Yes|No)\b)"
    r"(?P<a>[A-Z][\w.+#-]{1,30}) or (?P<b>[A-Z][\w.+#-]{1,30})\b"
)
_OFFERS_CHOICE = lazy(
    r"(?i)[?？]|哪|方案|选项|推荐|建议|\b(?:options?|choices?|approaches|alternatives|"
    r"i'?d (?:lean|go|pick|suggest|recommend)|recommend\w*|suggest\w*)\b"
)
# a list said to hold alternatives, not the steps of a plan ("Fix options:", "Two strategies")
_OFFERS_ALTERNATIVES = lazy(
    r"(?i)方案|选项|哪(?:个|种)|\b(?:options?|choices|approaches|alternatives|strategies|"
    r"i'?d (?:go|do|pick|lean|suggest|recommend)\b)"
    # "Two ways to send: 1. … 2. … Which one?"
    r"|\bwhich (?:one|way)\b|\b(?:two|three|a few|several) ways\b"
)


# an item a recap leaves open: "MQTT 推送待定", "暂时保持轮询", "auth: TBD", "caching later"
_OPEN_ITEM = lazy(r"(?i)待定|暂时|暂不|以后再|再说|\bTBD\b|\bto be decided\b|\blater\b|\bfor now\b")


def plan_entry(item: str) -> dict[str, object] | None:
    """The decision entry of a plan's item; what the item says it was chosen over, apart.

    "Queue: NATS JetStream (not Kafka)" chooses "Queue: NATS JetStream", Kafka the alternative;
    "HLS + AES-128，不做 DRM" chooses "HLS + AES-128". None when the item only gives things up.
    """
    choice, gone = rules.kept_and_gone(item)
    if len(choice) < 4:
        return None
    entry: dict[str, object] = {
        "title": rules.plan_title(choice)[:TITLE_MAX],
        "context": item[:500],
        "choice": choice,
    }
    if gone:
        entry["alternatives"] = gone
    return entry


def as_written(text: str, name: str) -> str:
    """`name` as written in `text` ("drift" in "Drift."), else `name`."""
    # a whole name: "echarts" in "Recharts; ECharts" is the second
    m = re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)
    if m is None:
        at = text.lower().find(name)
        return text[at : at + len(name)] if at >= 0 else name
    return m.group(0)


def _offered_one(choice: str, offered: list[str]) -> str | None:
    """The option of an either-or question `choice` names, whole or by a word of its name."""
    low = choice.lower()
    # "Compose" names "docker compose"; "Kafka engine" is no "kafka" of "ClickHouse or Kafka?"
    named = [o for o in offered if low == o or low in o.split()]
    return named[0] if len(named) == 1 else None


class Offers:
    """The options on the table while a conversation is read, message by message."""

    def __init__(self) -> None:
        self.options: dict[str, str] = {}  # the labelled options of the last list, by label
        self.options_at = -1  # the message that listed them
        self.options_text = ""  # and its text
        self.offered: list[str] = []  # the options of the last "X or Y?" question
        self.offered_in = ""  # the message that offered them
        self.offered_asked = False  # the options came as a question ("X or Y?")
        self.offered_at = -1  # the message that offered them
        self.asked_which = False  # the person's last message asked which one to use
        self.asked_pick = False  # the person's last message asked which of its options to take
        self.delegated = False  # the person left the last question's choice to the assistant
        self.names: list[str] = []  # names the assistant last offered in bold ("**clap**")
        self.named_at = -1  # the message that offered them
        self.labels: list[str] = []  # Chinese options it last offered in bold ("**禁止负库存**")
        self.bullets: list[str] = []  # the options of its last "which one?" list
        self.asked: list[str] = []  # settings the assistant's last message asked values for
        self.open_topic: str | None = None  # the one thing its last question asked openly
        self.code: list[str] = []  # names its last message set as code ("`collect()`")
        self.code_in = ""  # and that message
        self.code_at = -1  # its index
        self.plan: list[str] = []  # the concrete items of the plan its last message put forward
        self.plan_at = -1  # that message
        self.plan_decided = False  # whether it recaps what was decided ("Decisions so far:")
        self.numbered: dict[int, str] = {}  # the numbered items of its last message
        self.taken: dict[int, Candidate] = {}  # the numbered items a reply took, by number
        self.taken_at = -1  # that reply

    def heard(self, text: str, index: int) -> None:
        """The options an assistant's message offers, in every form it may offer them."""
        if listed_options := rules.options(text):
            self.options, self.options_at = listed_options, index
            self.options_text = text
        if names := rules.offered_names(text):
            self.names, self.named_at = names, index
        self.labels = rules.offered_labels(text) or self.labels
        self.code, self.code_in, self.code_at = rules.code_names(text), text, index
        self.bullets = rules.offered_bullets(text, asked=self.asked_which)
        # "1. **Redis** … 2. **Memcached** …, which one?" lists alternatives, not a plan's steps
        alternatives = bool(listed_options) and _OFFERS_ALTERNATIVES.search(text) is not None
        self.plan, self.plan_at = ([] if alternatives else rules.plan_items(text)), index
        self.plan_decided = bool(self.plan) and rules.recaps_decisions(text)
        self.numbered = rules.numbered_items(text)
        self.asks("assistant", text, index)

    def asks(self, role: str, text: str, index: int) -> None:
        """The options a message offers the next to pick from ("Room or SQLDelight?").

        A person's message is read first: "ok room then. for DI hilt or koin?" picks from the
        last question before it asks its own.
        """
        if asked := rules.asked_options(text):
            self.offered, self.offered_in, self.offered_asked = asked, text, True
            self.offered_at = index
        elif named := self._named_for_which(role, text):
            self.offered, self.offered_in, self.offered_asked = named, text, False
        self.asked_which = role == "user" and rules.asks_which(text)
        # "which queue, BullMQ or RabbitMQ?": the person's own either-or, for the reply to take
        self.asked_pick = role == "user" and bool(asked) and rules.asks_to_pick(text)

    def _named_for_which(self, role: str, text: str) -> list[str]:
        """The options an answer to "which charting lib?" names ("Recharts …; ECharts if …")."""
        if role != "assistant" or not self.asked_which:
            return []
        named = list(dict.fromkeys(rules.technologies(text)))
        # of the kind the first names ("Recharts is the simplest for React": not React)
        named = [n for n in named if rules.role_of(n) == rules.role_of(named[0])] if named else []
        if len(named) < 2 and (pair := _NAMED_PAIR.search(text)):
            return [pair["a"], pair["b"]]  # "Room or SQLDelight.": names the lexicon lacks
        return named[:4] if len(named) >= 2 else []

    def picked_in_reply(self, text: str) -> str | None:
        """The option the assistant's reply to the person's either-or opens with, as written.

        "which queue, BullMQ or RabbitMQ?", then "BullMQ, since you already run Redis.": a
        proposal the person may take.
        """
        if not self.asked_pick:
            return None
        name = rules.opens_with(text, self.offered)
        return as_written(text, name) if name else None  # "Zod — …" after "zod or yup?"

    def answered(self) -> None:
        """The last question is answered: its options turn no later choice down."""
        self.offered = []

    def option(self, label: str) -> str | None:
        """The option a label names: a labelled one, or the nth bullet of an unlabelled list."""
        if label in self.options:
            return self.options[label]
        if label.isdigit() and 0 < int(label) <= len(self.bullets):
            return self.bullets[int(label) - 1]  # "the second one"
        return None

    def offered_names(self, proposed: Iterable[str] = ()) -> list[str]:
        """Names the assistant offered: in bold, or as the options of a list ("2. Inngest").

        Also the choice it `proposed` ("I'd use expo-router", then "expo-router then.") and
        the options of the last either-or question.
        """
        listed = [v.lower() for v in self.options.values() if rules.NAME.fullmatch(v)]
        asked = [o.lower() for o in self.offered if ONE_NAME.fullmatch(o)]
        return list(dict.fromkeys([*self.names, *listed, *proposed, *asked]))

    def listed(self) -> list[str]:
        """The options of the last list, in lower case."""
        return [v.lower() for v in self.options.values()]

    def listed_items(self) -> dict[str, str]:
        """The options of the last list, in lower case, each with the whole of its item."""
        items = rules.numbered_items(self.options_text)
        return {
            v.lower(): items.get(int(k), "") if k.isdigit() else "" for k, v in self.options.items()
        }

    def listed_others(self, choice: str, index: int, chosen: Iterable[str]) -> list[str]:
        """The other options of the list a recent pick took one of ("1. Hatchet 2. Inngest").

        None when one of the choices already `chosen` came from the list: a later pick from
        it changes the first, which is then the one turned down.
        """
        if not 0 <= index - self.options_at <= REVERSAL_REACH:
            return []
        low = self.listed()
        if choice.lower() not in low or any(c.lower() in low for c in chosen):
            return []
        # of its own list: "A) caching … B) background jobs: 1. Celery 2. RQ" has two
        label = next(k for k, v in self.options.items() if v.lower() == choice.lower())
        return [
            v for k, v in self.options.items()
            if v.lower() != choice.lower() and k.isdigit() == label.isdigit()
        ]  # fmt: skip

    def turned_down(self, picked: str | None) -> list[str]:
        """The other options of the last question, as the message that offered them wrote them."""
        return [as_written(self.offered_in, o) for o in self.offered if o != picked]

    def others_of(self, choice: str, index: int, chosen: Iterable[str]) -> list[str] | None:
        """The options offered beside `choice`: the alternatives of a choice that names none.

        None when `choice` is no offered option.
        """
        picked = _offered_one(choice, self.offered) if self.offered_asked else None
        if picked is not None:
            # "Vitest it is." after "Vitest or Jest?", "Compose" for "Docker Compose": the
            # question's other options were turned down
            return self.turned_down(picked)
        # "Inngest fits best", "the second one" after "1. Hatchet 2. Inngest 3. Trigger.dev"
        return self.listed_others(choice, index, chosen) or None

    def plan_taken(self, reply: str, source: dict[str, object]) -> list[Candidate]:
        """One decision per concrete item of the plan the person's reply takes up.

        "修复建议：- 验证码有效期从 10 分钟改成 5 分钟 - …", then "就按你说的来": each item is
        a choice, but not every one is worth remembering (dev corpus: 29 of 91 match a label),
        so they wait for review; what the reply excepts is left out.
        """
        at = int(str(source["index"]))
        if at - self.plan_at == 1 and (by_number := self._taken_by_number(reply, source)):
            return by_number
        if not self.plan or at - self.plan_at != 1 or not rules.takes_plan(reply):
            return []
        reason = "an item of the assistant's plan, taken up by the person"
        level = PLAN_ITEM_CONF
        if self.plan_decided:  # "Decisions so far: - Queue: NATS …" then "yes that's right"
            reason, level = "a decision of the assistant's recap, confirmed by the person", 0.75
        return [
            Candidate("decisions", entry, level, reason, dict(source))
            for item in rules.kept_items(self.plan, reply)
            if not (self.plan_decided and (_OPEN_ITEM.search(item) or not rules.settles(item)))
            and (entry := plan_entry(item)) is not None
        ]

    def _taken_by_number(self, reply: str, source: dict[str, object]) -> list[Candidate]:
        """The items the reply takes up by their numbers ("1 和 2 ok", "1 and 3 sound good").

        Named one by one, they are chosen as surely as an option picked by its label; the items
        the reply does not name are left out.
        """
        taken = rules.items_taken(reply)
        count = None if taken else rules.all_taken(reply)
        if count is not None and count in (0, len(self.numbered)):
            taken = sorted(self.numbered)  # "三个都要" after three numbered items
        if not taken or any(n not in self.numbered for n in taken):
            return []
        reason = "items of the assistant's plan the person took up by number"
        self.taken_at = int(str(source["index"]))
        self.taken = {
            n: Candidate("decisions", entry, NUMBERED_ITEM_CONF, reason, dict(source))
            for n in dict.fromkeys(taken)
            if (entry := plan_entry(self.numbered[n])) is not None
        }
        return list(self.taken.values())

    def held_back(self, reply: str, index: int) -> None:
        """Drop the numbered items taken before that a later reply holds back.

        "ok 都做", then "等下，第 1 个先别动 … 只做 2 和 3": the first item is not done.
        """
        if not 0 < index - self.taken_at <= REVERSAL_REACH:
            return
        for n in rules.items_held_back(reply, self.taken):
            c = self.taken.pop(n)
            c.action, c.confidence = "dropped", 0.0
            c.note = "held back by a later message"

    def together(self, one: str, other: str) -> bool:
        """Whether the last offer named both choices among its options."""
        offered = {n.lower() for n in self.names} | {v.lower() for v in self.options.values()}
        return one.lower() in offered and other.lower() in offered

    def replying_to_list(self, index: int) -> bool:
        """Whether message `index` replies to a list the assistant asked the person to pick from."""
        return 0 < index - self.options_at <= REPLY_REACH and bool(
            _OFFERS_CHOICE.search(self.options_text)
        )

    def replying_to_alternatives(self, index: int) -> bool:
        """Whether message `index` replies to a list of alternatives (no plan's steps)."""
        return self._after_alternatives(index, REPLY_REACH)

    def changing_pick(self, index: int) -> bool:
        """Whether message `index` is soon enough after a list of alternatives to change a pick."""
        return self._after_alternatives(index, REVERSAL_REACH)

    def _after_alternatives(self, index: int, reach: int) -> bool:
        return 0 < index - self.options_at <= reach and bool(
            _OFFERS_ALTERNATIVES.search(self.options_text)
        )

    def replying_to_question(self, index: int) -> bool:
        """Whether message `index` is the reply to the question that offered the options."""
        return self.offered_asked and 0 < index - self.offered_at <= REPLY_REACH

    def short_answer(self, s: str) -> str | None:
        """The offered option a short reply picks.

        The names an answer to "which lib?" gave are picked only by a reply that names one and
        accepts it ("recharts is fine"), not by one that talks about it.
        """
        picked = rules.short_answer(s, self.offered)
        if picked is not None and not self.offered_asked and not rules.picks_alone(s, picked):
            return None
        return picked

    def as_offered(self, d: rules.Decision, role: str) -> rules.Decision:
        """A choice by an option's label or, in lower case, by an offered name, as offered."""
        if (label := rules.option_label(d.choice)) in self.options:
            return d._replace(choice=self.options[str(label)])
        if role == "user" and d.choice.islower() and d.choice in map(str.lower, self.offered):
            return d._replace(choice=as_written(self.offered_in, d.choice))  # "ClickHouse"
        listed = {v.lower(): v for v in self.options.values()}
        if role == "user" and d.choice.islower() and d.choice in listed:
            return d._replace(choice=listed[d.choice])  # "uuid v7 吧" after "- UUID v7：有序"
        if role == "user" and (fuller := rules.code_name_shortened(d.choice, self.code)):
            # "switch to small" after "`text-embedding-3-small` is cheaper": the name it shortens
            return d._replace(choice=as_written(self.code_in, fuller))
        return d

    def an_option(self, s: str, index: int) -> bool:
        """Whether `s` is one of the alternatives message `index` offers.

        "3. **External IdP** (Auth0 / Clerk)" names candidates, not the project's stack.
        """
        if self.options_at != index or not _OFFERS_ALTERNATIVES.search(self.options_text):
            return False
        low = s.lower()
        return any(v.lower() in low for v in self.options.values())
