r"""A plan the assistant puts to the person: the concrete choices of its items.

"修复建议：\n- 验证码有效期从 10 分钟改成 5 分钟\n- …\n要按这个改吗？" then "就按你说的来": each
item that names a concrete choice (a tool, an identifier in backticks, a setting, a value with
its unit) is a decision once the person takes the plan up; what the reply excepts ("applied
all of that except the `=id` search", "限流那条不要") is left out. The items of the assistant's
summary of what the talk settled ("最终改动汇总：…") are its choices too, less what an item
reports done, puts off or gives up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from omp.lazyre import lazy
from omp.rules.dialogue import accepts
from omp.rules.lexicon import technologies
from omp.rules.signals import QUESTION, TENTATIVE
from omp.rules.text import BULLET, FENCE

# the line that opens the plan's list: "修复建议：", "My suggestion:", "Proposed fix:", "建议："
_PLAN_HEAD = lazy(
    r"(?i)(?:\b(?:suggest(?:ion|ed)?s?|recommend(?:ation|ed)?s?|propos(?:e|al|ed)|"
    r"(?:the |my )?plan|i'?d do|what i'?d do|next steps|fix(?:es)?)\b|建议|推荐方案|改法|计划|"
    r"做法)[^:：\n]{0,30}[:：]\s*(?:\*\*)?\s*$"
)


# the heading of a recap of what was decided: "Decisions so far:", "Here's what we agreed:",
# "结论：", "我们定下来的方案：" (a recap the person confirms is decided, not only proposed)
_DECIDED_HEAD = lazy(
    r"(?i)(?:\b(?:decisions?|what we (?:decided|agreed|settled)|decided|agreed|final (?:plan|"
    r"setup|choices?))\b|结论|决定|定下来的|定的方案|最终方案|确定的方案|方案总结)"
    r"[^:：\n]{0,30}[:：]\s*(?:\*\*)?\s*$"
)


# the heading of a summary of what a talk settled or changed, wherever in the message it stands:
# "总结一下今天确定的：", "最终改动汇总：", "Summary of the agreed design:", "Done. Summary:"
_SUMMARY_HEAD = lazy(
    r"(?i)(?:\b(?:summary|recap|to recap|in short|final (?:changes|design|plan|setup))\b|汇总|总结|"
    r"小结)[^:：\n]{0,30}[:：]\s*(?:\*\*)?\s*$"
)


# a summary of what is still to do, not of what was settled: "Summary of what's left for you:"
_OPEN_HEAD = lazy(
    r"(?i)\b(?:left|todo|to do|remaining|next|open|pending|issues?|problems?|risks?)\b|"
    r"待办|还需要|后续|待定|遗留|问题|风险"
)


# an item of a summary that tells of work done or a result rather than a choice ("已修复 checkpoint
# 超时", "Full suite: 42 passed", "204 queries / 23.9s → 6 queries / 0.5s"), or one put off or
# left to the person ("推迟到下个迭代", "you'll need to update branch protection"); what an item
# gives up ("放弃：CodePush") `kept_and_gone` sets apart
_NOT_SETTLED = lazy(
    r"(?i)^(?:已?修复|修好|fix(?:ed|es)?\b|resolved\b|committed\b|提交|full suite|tests?\b)"
    # "Restored the firewall rule via a saved plan", "Packaged … archived to D:\\Builds": done
    r"|^(?-i:[A-Z][a-z]+(?:-[a-z]+)?ed)\b|已修复|修复了"
    r"|\d+\s*(?:passed|tests?)\b|全部?通过|验证通过|跑通|\d[^→\n]*(?:→|->)\s*\d"
    # "对内地址：`mqtts://…`": where a part is, a fact of the project rather than a choice
    r"|://"
    # "`client_retry_test.go`: table-driven test over …": a test written, no choice
    r"|^`?[\w./-]*(?:_test|\.test|\.spec|/test_)[\w.]*`?\s*:"
    r"|推迟|待定|以后再|下个迭代|需要你|你需要|请你|you'?ll need|you need|needs? you|\bTBD\b|"
    r"\blater\b"
)


# what a part of an item gives up: "（放弃 `DECIMAL(18,2)`）", "GoodJob removed", "不做 DRM",
# "不使用 POPULATE", "no mcuboot", "instead of gzip"
_GIVES_UP = lazy(
    r"(?i)放弃|不做|不用|不使用|不再|去掉|删除|删掉|移除|弃用|下线|不要|\b(?:removed|dropped|deleted|"
    r"retired|no longer|instead of|rather than|replaced|not used|gone|scrapped|ditched)\b|"
    r"^\s*(?:no|not|without)\b"
)


# "(not Kafka)", "(instead of S3)", "（放弃 Arduino）": the word that opens what was given up
_GONE_LEAD = lazy(
    r"(?i)(?:not|no|instead of|rather than|over|dropp(?:ed|ing)|而不是|不用|不选|放弃|弃用|不要|"
    r"不再用)\s*"
)


# "zstd level 3 instead of gzip", "用 Redis 而不是 Memcached": what the rest was chosen over
_INSTEAD = lazy(r"(?i)\s*(?:\b(?:instead of|rather than)\b|而不是|而非)\s*(?P<gone>\S.*)$")


# "从 MySQL `FOR UPDATE` 改为 Redis Lua", "from GoodJob to Sidekiq", "gzip → zstd": what was left
_MOVED_FROM = lazy(
    r"(?i)从\s*(?P<zh>[^，,；;]{1,40}?)\s*(?=(?:改为|改成|换成|迁到|迁移到|切到|升级到|升到)\s*\S)"
    r"|\bfrom\s+(?P<en>[^,;]{1,40}?)\s+(?=to\s+\S)"
    r"|(?P<arrow>[^，,；;→]{1,40}?)\s*(?:→|->)\s*(?=\S)"
)


def kept_and_gone(item: str) -> tuple[str, list[str]]:
    """What an item of a summary or plan keeps, and what it says is given up.

    "金额：`BIGINT` 存最小货币单位（放弃 `DECIMAL(18,2)`）" keeps "金额：`BIGINT` 存最小货币单位",
    `DECIMAL(18,2)` gone; "锁座从 MySQL `FOR UPDATE` 改为 Redis Lua 原子锁座" keeps "锁座改为 Redis
    Lua 原子锁座", "MySQL `FOR UPDATE`" gone; "Sidekiq 7.3 …; GoodJob removed" keeps the first
    clause; "zstd level 3 instead of gzip" keeps zstd.
    """
    gone: list[str] = []

    def aside(m: re.Match[str]) -> str:
        inner = m.group(0)[1:-1].strip()
        if lead := _GONE_LEAD.match(inner):  # "(not Kafka)", "（放弃 Arduino）": Kafka, Arduino
            gone.append(inner[lead.end() :].strip())
            return ""
        if _GIVES_UP.search(inner):  # "（QLoRA 已放弃）"
            gone.append(inner)
            return ""
        return m.group(0)

    # brackets, one level of brackets inside them ("（放弃 `DECIMAL(18,2)`）") kept whole
    text = re.sub(r"[(（](?:[^()（）]|[(（][^()（）]*[)）])*[)）]", aside, item)
    kept = []
    for clause in re.split(r"(?<=[，,；;])", text):
        body = clause.rstrip("，,；; ")
        if m := _INSTEAD.search(body):  # "zstd level 3 instead of gzip": zstd, gzip gone
            gone.append(m["gone"].strip())
            clause = body = body[: m.start()]
        if body and _GIVES_UP.search(body):
            gone.append(body.strip())
            continue
        kept.append(clause)
    choice = "".join(kept).strip().rstrip("，,；; ")

    def moved(m: re.Match[str]) -> str:
        gone.append((m["zh"] or m["en"] or m["arrow"] or "").strip())
        # "Django 4.2.11 -> 5.1.4": Django at the version moved to keeps its name
        named = re.fullmatch(r"(.*?[A-Za-z][\w.+#-]*)\s+v?\d[\w.]*", (m["arrow"] or "").strip())
        if named and re.match(r"v?\d", m.string[m.end() :]):
            return f"{named[1]} "
        return ""

    choice = _MOVED_FROM.sub(moved, choice).strip()
    return re.sub(r"\s{2,}", " ", choice), [g for g in gone if g]


def summary_items(message: str) -> list[str]:
    r"""The choices the summary of what a talk settled, in an assistant's message, lists.

    "那就没问题。\n\n最终改动汇总：\n1. 镜像 tag 用 git short sha\n2. …" gives its items that
    name a choice; work reported done, items put off and questions are left out.
    """
    for lead, items in _lists(message):
        summed_up = _SUMMARY_HEAD.search(lead) or _DECIDED_HEAD.search(lead)
        if summed_up and not _OPEN_HEAD.search(lead):
            return [i for i in items if settles(i)]
    return []


def settles(item: str) -> bool:
    """Whether an item of a summary or recap states a choice.

    Not work reported done, a result, an address, nor what is put off or left to the person.
    """
    return (
        len(item) >= 4
        and not QUESTION.search(item)
        and not TENTATIVE.search(item)
        and not _NOT_SETTLED.search(item)
    )


# a reply that does not leave a summary as it stands: "no, …", "wait", "不对", "改成 …", "but …"
# (not "别的都没问题" nor "特别好")
_OBJECTS = lazy(
    r"(?i)^\W*(?:no|nope|not quite|wait|actually|but|hmm)\b|\b(?:instead|change|rather)\b|"
    r"不对|不是|不行|(?:^|[，,。！!\s])(?:不要|别)(?!的)|改成|改为|换成|但是|不过|其实|等等"
)


def objects_to(reply: str) -> bool:
    """Whether a reply to a summary changes something in it, rather than leaving it be."""
    return _OBJECTS.search(reply) is not None


def recaps_decisions(message: str) -> bool:
    """Whether the plan `plan_items` reads from `message` is a recap of what was decided."""
    lists = _lists(message)
    return any(_DECIDED_HEAD.search(lead) for lead, _ in lists)


# a message that ends by offering to carry its plan out: "要按这个改吗？", "Want me to apply
# these?", "Shall I go ahead?" (not "Postgres or MySQL?": that asks for a pick)
_OFFER = lazy(
    r"(?i)\b(?:want me to|shall i|should i (?:go ahead|apply|make|do)|ok to (?:proceed|go ahead)|"
    r"(?:sound|look)s? good\?|good to go\?)"
    r"|要(?:我|按|照)[^？?\n]{0,20}[吗？?]|(?:按|照)这个[^？?\n]{0,6}[吗？?]|这样(?:可以|行)吗"
)


# the reply takes the plan up: "ok do it", "applied all of that", "可以，就按这个来", "行，照这个改"
_TAKEN = lazy(
    r"(?i)^\W*(?:(?:ok(?:ay)?|yes|yep|yeah|sure|good|great|perfect|nice)[\s,.!]*)*"
    r"(?:applied (?:all|everything|both|those|these)|go with (?:that|this|those|these|it)|"
    r"do (?:it|that|those|them|all)|apply (?:it|them|those|all)|go ahead|sounds good|lgtm)\b"
    r"|^\W*(?:(?:好的?|行|可以|ok)[\s,，。!！]*)*(?:就?(?:按|照)(?:你说的|这个|这些|你的)|都(?:按|照))"
    # "plan is good.", "the plan looks fine", "方案没问题", "计划可以"
    r"|(?i:^\W*(?:(?:ok(?:ay)?|yes|yeah|yep)[\s,.!]*)*(?:the |your |this )?plan\s+"
    r"(?:is|looks|sounds)\s+(?:good|fine|great|ok(?:ay)?|solid|right)\b)"
    r"|^\W*(?:(?:好的?|行|嗯)[\s,，。!！]*)*(?:这个|你的|你这个)?(?:方案|计划)(?:没问题|可以|ok|OK|行|挺好|不错)"
)


# what the reply leaves out: "except the `=id` search", "but keep X", "X 不要", "除了 X"
_EXCEPT = lazy(
    r"(?i)\b(?:except(?: for)?|but (?:keep|not|skip|leave|don'?t)|other than|minus|skip|without)\s+"
    r"(?P<en>[^,.;!?\n]{2,60})"
    r"|除了(?P<zh>[^，,。；;！!？?\n]{1,30})"
    r"|(?P<zh2>[^，,。；;！!？?\n]{1,30}?)(?:不要|不用|不加|不做|先不(?:做|加|用|改|动|弄)|就不(?:用|加|做)了)"
)


# a concrete choice: an identifier in backticks, a value with its unit, a dotted or joined name,
# a setting given a value
_CONCRETE = lazy(
    r"`[^`\n]{2,}`"
    r"|\d+(?:\.\d+)?\s*(?:ms|s|sec|seconds?|min|minutes?|hours?|days?|h|[kmg]b|[km]?hz|%|"
    r"秒|分钟|小时|天|个月|次)(?![A-Za-z])"
    r"|\b[A-Za-z][\w-]*[._:/][\w{}<>-]+"
    r"|\b[a-z_]{3,}\s*=\s*\S"
)


# an item that reports, explains or warns rather than chooses: "旧的已经泄露在历史里了"
_NOT_A_CHOICE = lazy(
    r"(?i)^(?:note|why|because|since|this|that|it|the problem|the issue|原因|问题|注意|因为|说明)\b"
)


# a list that weighs options, not a plan: "Redis lock — you already have Redis, but …", "优点：…"
_WEIGHED = lazy(
    r"(?i)\b(?:but|however|downsides?|cons|pros|trade-?offs?|overkill|instead)\b|但|缺点|优点|不过|代价|"
    r"不适合|适合"
)


_MARKUP = lazy(r"\*\*|__")


def _lists(message: str) -> list[tuple[str, list[str]]]:
    """The bullet lists of a message, each with the line before it, code blocks left out."""
    found: list[tuple[str, list[str]]] = []
    lead = ""
    items: list[str] = []
    for line in FENCE.sub("\n", message).splitlines():
        if BULLET.match(line) and not line.lstrip().startswith("#"):
            items.append(_MARKUP.sub("", BULLET.sub("", line)).strip().rstrip("；;。."))
            continue
        if not line.strip() and items:
            continue  # a loose list goes on after a blank line
        if items:
            found.append((lead, items))
            items = []
        if line.strip():
            lead = line.strip()
    if items:
        found.append((lead, items))
    return found


def _closing(message: str) -> str:
    """The last line of prose of a message."""
    lines = [x.strip() for x in FENCE.sub("\n", message).splitlines() if x.strip()]
    return lines[-1] if lines else ""


def plan_items(message: str) -> list[str]:
    """The items of the plan an assistant's message puts to the person, if it puts one.

    A plan is the list under a heading that proposes ("修复建议：", "My suggestion:"), or the
    last list of a message that ends by offering to carry it out ("要按这个改吗？"). Only the
    items naming a concrete choice are kept; questions and explanations are not choices.
    """
    lists = _lists(message)
    chosen = [
        items for lead, items in lists if _PLAN_HEAD.search(lead) or _DECIDED_HEAD.search(lead)
    ]
    if not chosen and lists and _OFFER.search(_closing(message)):
        chosen = [lists[-1][1]]
    if not chosen or 2 * sum(bool(_WEIGHED.search(i)) for i in chosen[-1]) >= len(chosen[-1]):
        return []
    return [
        item
        for item in chosen[-1]
        if (_CONCRETE.search(item) or technologies(item))
        and not QUESTION.search(item)
        and not _NOT_A_CHOICE.match(item)
    ]


def takes_plan(reply: str) -> bool:
    """Whether a reply takes up the plan put to it ("ok do it", "就按你说的来")."""
    return accepts(reply) or _TAKEN.match(reply.strip()) is not None


def left_out(reply: str) -> list[str]:
    """What a reply taking a plan leaves out or changes ("except X", "but keep Y", "X 不要")."""
    return [(m["en"] or m["zh"] or m["zh2"] or "").strip() for m in _EXCEPT.finditer(reply)]


# a word that names what is left out: "customer__name", "LoginKeys", "限流" ("那条限流" less
# its pointer), not "the" or "part" of "except the LoginKeys part"
_WORD = lazy(r"[A-Za-z_][\w.-]{2,}|[\u4e00-\u9fff]{2,}")
_POINTER = lazy(r"那条|这条|那个|这个|那块|这块|那些|这些|的|也|就|先|都")
_PLAIN = lazy(
    r"(?i)(?:the|that|this|these|those|them|then|than|with|from|for|and|but|not|all|any|ones?|"
    r"bit|parts?|items?|steps?|things?|rest|want|keep|leave|skip|just|only|also|class|file|"
    r"changes?)$"
)


def kept_items(items: list[str], reply: str) -> list[str]:
    """The items of a plan a reply keeps: not those naming what it leaves out."""
    gone = {
        w.lower()
        for phrase in left_out(reply)
        for w in _WORD.findall(_POINTER.sub(" ", phrase))
        if not _PLAIN.match(w)
    }
    return [item for item in items if not any(w in item.lower() for w in gone)]


def plan_title(item: str) -> str:
    """What an item is for, then its choice: "Key prefix: extract a `SmsKeys` class"."""
    return re.sub(r"\s+", " ", item)


# "1. Return 202 right away …": a numbered item of a message, its number and its text
_NUMBERED_ITEM = lazy(r"^\s*(?:\*\*)?(?P<n>[1-9])[.)、）]\s*(?:\*\*)?\s*(?P<text>\S.*?)\s*$", re.M)
# "1 和 2 ok", "1、3 可以", "1 and 2 sound good", "1+2 lgtm": the items a reply takes, by number
_TAKEN_BY_NUMBER = lazy(
    r"(?i)^\s*(?P<nums>[1-9](?:\s*(?:和|跟|、|,|，|and|&|\+|/)\s*[1-9]|\s+[1-9])*)\s*(?:都|也)?\s*"
    r"(?:ok(?:ay)?|fine|good|sounds?\s+good|looks?\s+good|lgtm|yes|yep|agreed|可以|没问题|行|同意|"
    r"就这样|没毛病|👍)(?=[\s,.，。!！;；]|$)"
)


# "**1. `image.tag: latest`**" alone on its line: a heading naming the trouble, its advice below
_BOLD_HEADING = lazy(r"^\s*\*\*[1-9][.)、）]\s*[^*\n]+\*\*\s*$")
_ADVICE = lazy(
    r"(?i)建议|推荐|改为|改成|换成|\b(?:i'?d|we should|recommend|suggest|switch to|use)\b"
)


def _block_after(message: str, heading: str) -> str:
    """The first code block after a heading of a message, on one line ("" when none)."""
    at = message.find(heading)
    block = FENCE.search(message, at) if at >= 0 else None
    if block is None:
        return ""
    lines = [x.strip() for x in block.group(0).splitlines()[1:] if x.strip() and "```" not in x]
    return " ".join(lines)[:200]


def numbered_items(message: str) -> dict[int, str]:
    """The numbered items of a message ("1. Return 202 …"), by number, their first line.

    An item written as a bold heading alone on its line names what the advice under it is
    about ("**1. `image.tag: latest`**" is the trouble): the item is the first sentence of its
    body that advises (with the code block a "建议：" leads to), none when none advises.
    """
    text = FENCE.sub("", message)
    found: dict[int, str] = {}
    matches = list(_NUMBERED_ITEM.finditer(text))
    for i, m in enumerate(matches):
        item = m["text"].replace("**", "").strip()
        if _BOLD_HEADING.match(m.group(0)):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            body = [
                x.strip()
                for x in re.split(r"(?<=[。！!？?；;])|(?<=[.!?])\s|\n", text[m.end() : end])
            ]
            at = next((j for j, x in enumerate(body) if _ADVICE.search(x)), None)
            if at is None:
                continue
            advice = body[at]
            if advice.endswith((":", "：")):  # "建议：" then a code block: what it sets
                advice += " " + _block_after(message, m["text"])
            # the advice alone: the heading names the trouble ("`image.tag: latest`")
            item = re.sub(r"^(?:另外|所以)?[，,]?\s*(?:建议|推荐)[：:，,]?\s*", "", advice)
        found.setdefault(int(m["n"]), item)
    return found if len(found) >= 2 else {}


# "三个都要", "都要", "全部按你说的", "all three", "all of them": every numbered item, or as many
# as the reply counts
_ALL_TAKEN = lazy(
    r"(?i)^\W*(?:(?:ok(?:ay)?|yes|yeah|好的?|行|可以)[\s,，。!！]*)?"
    r"(?:(?P<zh>[两三四五六])\s*(?:个|条|点|项)\s*|全部|全)?"
    r"都(?:要|同意|可以|行|加上?|做|改)(?![\u4e00-\u9fff])"
    r"|^\W*(?:(?:ok(?:ay)?|yes|yeah|sure)[\s,.!]*)?(?:do |take |apply )?"
    r"all (?P<en>two|three|four|five|of them)\b"
)
_COUNT = {"两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "two": 2, "three": 3, "four": 4, "five": 5}


# "第 1 个先别动", "1 先不做", "skip 1": an item taken before, held back; "只做 2 和 3", "only 2
# and 3": the items still taken
_HELD_BACK = lazy(
    r"第\s*(?P<zh>[1-9])\s*(?:个|条|项|点|步)?\s*(?:先|暂时)?(?:别动|不要|不做|不改|不用|别改|算了|不动)"
    r"|(?i:\b(?:skip|hold off on|not)\s+(?:#|number\s+|item\s+)?(?P<en>[1-9])\b)"
)
_ONLY = lazy(
    r"(?:只做|只改|只要|只上)\s*(?:第\s*)?(?P<zh>[1-9](?:\s*(?:和|跟|、|,|，)\s*[1-9])*)"
    r"|(?i:\bonly\s+(?:do\s+)?(?P<en>[1-9](?:\s*(?:and|&|,)\s*[1-9])*)\b)"
)


def items_held_back(reply: str, taken: Iterable[int]) -> set[int]:
    """The numbered items taken before that a later reply holds back.

    "第 1 个先别动，只做 2 和 3" holds back the first of the three taken.
    """
    held = {int(m["zh"] or m["en"]) for m in _HELD_BACK.finditer(reply)}
    if m := _ONLY.search(reply):
        kept = {int(n) for n in re.findall(r"[1-9]", m["zh"] or m["en"])}
        held |= {n for n in taken if n not in kept}
    return held & set(taken)


def all_taken(reply: str) -> int | None:
    """How many numbered items a reply takes whole, or None when it takes none that way.

    "三个都要": 3; "都要", "all of them": 0, for every one.
    """
    m = _ALL_TAKEN.match(reply)
    if m is None:
        return None
    return _COUNT.get((m["zh"] or m["en"] or "").lower(), 0)


def items_taken(reply: str) -> list[int]:
    """The item numbers a reply takes up by number ("1 和 2 ok, 3 不要"), or []."""
    m = _TAKEN_BY_NUMBER.match(reply)
    return [int(n) for n in re.findall(r"[1-9]", m["nums"])] if m else []
