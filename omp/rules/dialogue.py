"""How a conversation moves, sentence by sentence.

Proposals and acceptances, questions and tentative talk, options offered and picked, switches,
reversals and refusals.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from omp.lazyre import lazy
from omp.rules.lexicon import TECH, ZH_PRODUCT, role_for, technologies
from omp.rules.phrases import VERBS, clip, cut_zh
from omp.rules.signals import (
    ACTION_WORD,
    NEGATED,
    QUESTION,
    RULE_CLAUSE_TEXT,
    TENTATIVE,
    VAGUE,
    WISH,
)
from omp.rules.text import BULLET, FENCE, is_chinese, statements, without_blobs

_REVERSAL = lazy(
    r"(?i)\b(?:actually|on second thought|scratch that|change of plan|new plan|changed my mind|"
    r"wait|instead|after all|let'?s switch|switch(?:ing)? to|hold on|never mind|final|finally|"
    r"on reflection|scrap that|no,)\b"
    r"|还是|算了|改成|改用|换成|换回|不对|等等|重新考虑|改主意|最终|最后决定"
)


_PROPOSAL = lazy(
    r"(?i)\b(?:i(?:'d| would)? (?:recommend|suggest|propose)|my recommendation is|"
    r"i recommend|recommendation:|the best (?:option|choice|fit) (?:is|would be)|"
    r"(?:we|you) should (?:use|go with|switch to|adopt)|let'?s (?:go with|use|switch to)|"
    r"i(?:'?d| would) (?:go with|go for|use|pick|choose|reach for)|"
    r"my (?:pick|vote) (?:would be|is)|"
    r"i(?:'?d| would)? lean (?:towards?|to)|"
    r"i'?ll (?:use|go with)|"
    r"my (?:proposal|suggestion)\s*[:：]|proposal\s*[:：]|i propose|"
    # "Option: hand-written fast path, regex fallback": the one way it puts forward
    r"^option\s*[:：]|"
    # "Use AWS Secrets Manager and load them at startup": advice in the imperative
    r"^(?:just\s+)?(?:use|go with|pick|stick with)\b)\s*"  # not "Users would have to …"
    r"(?:using\s+|going with\s+)?(?P<x>.+)"
    # "For a small catalog, tag-based revalidation is usually the best fit": the name first
    r"|^(?:(?:for|since|given|with|because)\b[^,]{3,60},\s+)?(?P<v>[^,;:]{3,80}?)\s+"
    r"(?:is|would be)\s+(?:usually\s+|probably\s+|still\s+)?the\s+(?:best|better)\s+"
    r"(?:fit|choice|option|bet)\b"
    r"|(?<![不别])(?:建议|推荐)(?:你们?|我们)?(?:先|还是|直接|就)?(?:使用|用|采用|选择|选|改用|换成"
    # "建议统一成 `LOT-YYYYMMDD-NNNN`", "建议设为 30 秒": what it sets a thing to (not "建议改成
    # 从环境变量读取" or "建议放在 Celery beat 里": a step, a place)
    r"|统一(?:成|为|用)|设(?:成|为)|定(?:成|为))"
    r"(?P<z>.+)"
    # "建议加 Redis", "推荐引入 Sentry": a name the advice adds
    r"|(?<![不别])(?:推荐|建议|倾向于?|我会选)(?:你们?|我们)?(?:先|直接|就)?(?:加上?|引入|接入|上)?"
    r"\s*(?P<w>[A-Za-z][\w.+# -]{1,30})"
)


_ACCEPT = lazy(
    r"(?i)^(?:ok(?:ay)?|sure|yes|yep|yeah|sounds? good|sounds great|agreed|agree|great|perfect|"
    r"lgtm|let'?s do (?:it|that|this)|do it|do that|go ahead|go for it|fine|makes sense|deal|"
    r"(?:let'?s )?go with (?:your|that|the) (?:suggestion|recommendation|proposal|pick)|"
    r"\U0001f44d|\U0001f44c|\u2705|"
    # "that sounds right", "ok that works.": closed there, not "that works locally but …"
    r"(?:that|this|it)(?:'s| is)? (?:sounds|looks) (?:right|good|fine|reasonable)|"
    r"(?:sounds|looks) right|(?:that|this) works(?=[,.!]|\s*$)|that'?s fine|fine by me|"
    r"works for me|ship it|approved|好的?|可以|行|同意|没问题|就这么办|就这样|"
    r"就?[按照]你(?:说的|的方案|的建议)(?:来|办|做|弄|写)?(?:吧)?|听你的|赞同|对)(?:[\s,.!。！，~]|$)"
)


def proposal(sentence: str) -> str | None:
    """The option an assistant recommends in `sentence` ("I'd suggest X", "建议用 X")."""
    if QUESTION.search(sentence):
        return None
    m = _PROPOSAL.search(sentence)
    if m is None:
        return None
    proposed = m.group("x") or m.group("z") or m.group("w") or m.group("v") or ""
    if (ours := _WE_PROPOSED.match(proposed)) is not None:
        # "I suggest we always store timestamps in UTC", "I'd recommend that every PR gets a
        # review": a way of working, said whole; "I suggest we use Redis": the name
        rest = proposed[ours.end() :]
        verb = rest.split(" ", 1)[0].lower()
        if not (_PROPOSED_RULE.match(rest) or (verb in VERBS and technologies(rest))):
            # "I'd suggest we look at the logs first", "I suggest we split the PR": a step
            return None
        proposed = rest
    if taking := _TAKING.match(proposed):
        proposed = proposed[taking.end() :]  # "I'd suggest switching to esbuild": esbuild
    elif _STEP_ING.match(proposed):
        return None  # "I recommend adding an index on orders(…)": a step, not a choice
    if _FOR_A_WHILE.search(proposed):
        return None  # "建议 build index 前临时调大 …": a stopgap, no way the project keeps
    if keyed := _KEYED_PROPOSAL.match(proposed.strip()):
        return f"{keyed['key']}: {keyed['value']}"  # "strategy: prefix_except_default"
    choice = clip(proposed)
    # "Use the --force flag" is advice on what to type; "I'll use grep to …" narrates a step
    lead = r"(?i)(?:just\s+)?(?:use|go with|pick|stick with)\b|i'?ll\b"
    if re.match(lead, m.group(0)) and not (TECH.match(choice)):
        return None
    return choice if choice and not VAGUE.match(choice) and not ACTION_WORD.match(choice) else None


# a proposal for a while only: "临时调大", "for now"
_FOR_A_WHILE = lazy(r"(?i)临时|暂时|\btemporar(?:y|ily)\b|\bfor now\b")
# a setting proposed with its value: "strategy: prefix_except_default", "`mode` = `strict`"
_KEYED_PROPOSAL = lazy(
    r"`?(?P<key>[A-Za-z][\w.-]{1,30})`?\s*[:=：]\s*`?(?P<value>[\w./-]+)`?"
    r"(?=\s*(?:[，,。;；(（]|$))"
)


# a proposal said with a verb of taking: "switching to esbuild", "going with SQLite", "using uv"
_TAKING = lazy(
    r"(?i)(?:switching|moving|migrating)\s+(?:over\s+)?to\s+|(?:going|sticking|staying)\s+with\s+"
    r"|(?:using|adopting)\s+"
)
# one said with another verb is a step: "adding an index on …", "rewriting the loader", not a way
# named by its "-ing" noun ("caching the results", "structured logging")
_STEP_ING = lazy(
    r"(?!(?:string|thing|spring|swing|ring|bring|king|ping|nothing|something|anything|everything|"
    r"logging|tracing|caching|pooling|sharding|batching|streaming|versioning|pinning|hashing|"
    r"polling|queue?ing|routing|profiling|testing|linting|typing|rate[ -]limiting|"
    r"debouncing|throttling|memoi[sz]ing|chunking|paging|paginating)\b)[a-z]{2,}ing\s+\S"
)


# what follows "I suggest" when the advice is for us all: "(that) we …", "that every PR …"
_WE_PROPOSED = lazy(r"(?i)(?:that\s+)?we\s+(?:should\s+|must\s+)?|that\s+(?=\S)")


# a way of working said whole after "I suggest we": "always store …", "use Redis", "every PR gets"
_PROPOSED_RULE = lazy(
    r"(?i)(?:always|never|only)\s+[a-z]+\b"
    r"|(?:use|go with|switch to|migrate to|move to|adopt|stick with|stay with|"
    r"standardi[sz]e on|store|model|treat|pin|keep)\s+\S"
    r"|" + RULE_CLAUSE_TEXT
)


_DEFER = lazy(
    r"(?i)\b(?:not now|later|hold off|wait|no need|not yet|don'?t|let me think|instead|"
    r"down the road|some other time|another time)\b"
    # "好的 这个我回头弄": done some other day, not now
    r"|先不|暂时不|以后再|再说|等等|不用了|不急|先别|回头|改天|有空再"
)


def accepts(message: str) -> bool:
    """True when a short reply accepts what was proposed ("sounds good", "好，就这么办")."""
    text = message.strip()
    first, *rest = re.split(r"[.!。！\n]", text)
    # "…。先迁 shop/api 这一个，别的后面再说": what is put off there is something else
    defers = _DEFER.search(first) or any(_DEFER.search(x) and not _OTHERS.search(x) for x in rest)
    return (
        len(text) <= 200
        and _ACCEPT.match(text) is not None
        and not NEGATED.search(first)
        and not defers
        # "ok, then how does it handle logged-in users?": the "ok" hears it out, the question
        # weighs it still ("ok do it. how long will it take?" takes it first)
        and not re.search(r"[?？]", first)
    )


# "Tag-based sounds right.", "esp-mqtt is fine": a few words, then the agreement
_AGREED_HEAD = lazy(
    r"(?i)^\W*(?:ok(?:ay)?|yes|yeah|yep|sure)?[,\s]*(?P<x>[\w.+#/-]+(?:\s+[\w.+#/-]+){0,3}?)\s+"
    r"(?:sounds (?:right|good|great|fine)|looks (?:right|good)|is fine|works for me|it is)"
    r"\s*(?:[.!,;]|$)"
)


def agrees_with(message: str, proposed: str) -> bool:
    """True when a reply agrees by naming part of the pending proposal ("Tag-based sounds right").

    Every word it names must be a word of `proposed`: "Redis sounds good" does not take a
    proposal of Memcached.
    """
    first = re.split(r"(?<=[.!])\s|\n", message.strip(), maxsplit=1)[0]
    m = _AGREED_HEAD.match(first)
    if m is None or NEGATED.search(first) or QUESTION.search(first) or _DEFER.search(first):
        return False
    said = {w for w in re.split(r"[\s/-]+", m["x"].lower()) if w}
    words = set(re.split(r"[\s/`*-]+", proposed.lower()))
    return bool(said) and said <= words


# an agreement with what the assistant found, not with what it proposes: "yes that's the bug",
# "ok thanks, that explains it", "对，就是这个原因"
_FOUND = lazy(
    r"(?i)\b(?:that|this|it)(?:'s| is| was) (?:the|our|my|exactly the) "
    r"(?:bug|problem|issue|cause|culprit|reason)\b|\bthat(?:'s| was) it\b|\bexplains\b"
    r"|\b(?:that|it|this) (?:fixed|solved) it\b|\b(?:good|nice) catch\b"
    # a one-off step that did its job: "ok that worked", "that did the trick"
    r"|\b(?:that|it|this) (?:worked|did the trick)\b"
    r"|就是这个(?:原因|问题|bug|坑)|原来(?:是这样|如此)|明白了|懂了|难怪|果然是"
)
# one taken on trial: "ok let's try it and see", "sure, give it a shot", "好，先试试看"
_TRIAL = lazy(
    r"(?i)\b(?:try (?:it|that|this)|give (?:it|that|this) a (?:try|shot|go)|and see\b|"
    r"see (?:how|if|whether)\b|benchmark (?:it )?first|we'?ll see\b)"
    r"|试试|试一下|试一试|先试|看看效果|看效果"
)
# a doubt after the yes: "ok, but how does it handle …?", "yeah, though actually Postgres …",
# "fine for emails; reports stay on cron" (for one part), "可以，不过…还是…"
_RESERVED = lazy(
    r"(?i)\b(?:but|though|however)\b[^.!。！]*(?:\?|\bactually\b|\brather\b)"
    r"|\bbut only\b|(?:不过|但是?)只"  # "yes, but only in production": for one part
    r"|(?:不过|但是|可是)[^。！]*(?:？|\?|还是|其实)"
    r"|^\W*(?:ok(?:ay)?|fine|sure|yes|good)\s+for\s+(?!me\b)\w"
)


def holds_back(message: str) -> bool:
    """True when a reply that says yes does not take the proposal up as the project's choice.

    It agrees with a diagnosis ("yes that's the bug"), takes the idea on trial ("ok let's try
    it and see"), or says yes with a doubt or for one part ("ok, but how does it …?", "ok for
    the sessions"): the proposal is left for review.
    """
    text = message.strip()
    return any(p.search(text) for p in (_FOUND, _TRIAL, _RESERVED))


# "yes m7g.large, new nodegroup …", "also sessions: 30 days is fine.": a reply confirming a
# value or a name, with what it is for
_CONFIRMED = lazy(
    r"(?i)^\W*(?:(?:also|and|so|ok(?:ay)?|yes|yep|yeah|sure)[,.!]?\s+)*"
    r"(?:(?P<topic>[a-z][\w .-]{1,30}?)\s*:\s+)?"
    r"(?P<x>[^,;:.!?\s](?:[^,;:!?]|(?<=\d):(?=\d)){0,38}?)\s+"
    r"(?:is fine|works for me|sounds (?:good|right)|it is)\s*(?:[,.!;]|$)"
    r"|^\W*(?:yes|yep|yeah)[,]?\s+(?P<y>[^,;:!?\s]+(?:\s+[^,;:!?\s]+)?)\s*(?:[,;.]\s|[.!]?$)"
)


# the setting a value is given to, named as code just before it: "repeat_interval 4h 可以吗？",
# "retention_period: 336h", "`max-model-len` = 8192"
_KEY_BEFORE = lazy(
    r"(?P<key>[A-Za-z_][\w-]*(?:[._][\w-]+)+|[a-z]+[A-Z]\w*)`?\s*"
    r"(?:[:=]|改成|改为|设为|设成|\bto\b|\bat\b|\bof\b|\bis\b)?\s*`?$"
)


def key_before_value(value: str, said: str) -> str | None:
    """The setting the assistant's message gives `value` to, named as code just before it.

    Only for a value with a number: a name after a key is a name of its own ("n_dev jax").
    """
    if not re.search(r"\d", value):
        return None
    for m in re.finditer(rf"(?<![\w.]){re.escape(value)}(?![\w])", said):
        line = said.rfind("\n", 0, m.start()) + 1
        if key := _KEY_BEFORE.search(said[max(line, m.start() - 40) : m.start()]):
            return key["key"]
    return None


# a question of what is so, not of what to do: "Is the failing job on node 18?"
_FACT_ASKED = lazy(
    r"(?i)(?:^|(?<=[.!?\n])\s*)(?:is|are|was|were|did|does|has|have)\s+"
    r"(?:it|this|that|the|there|your|our)\b[^.!?\n]*\?"
)


# a value or a name as such: a number, a known technology, an acronym, a dotted or joined name
_CONCRETE = lazy(r"\d|\b[A-Z]{2,}\b|\b[A-Za-z]\w*[._-]\w")


def confirmed_value(
    sentence: str, said: str, earlier: str = "", *, reply: bool = True
) -> tuple[str, str | None] | None:
    """The value or name a sentence confirms, and its topic ("yes m7g.large", "x: 30 days is fine").

    `said` is the assistant's last message, `earlier` what it said before: the value must be
    one of theirs. Only the `reply` (the message's first sentence) says yes to the last one.
    """
    first = re.split(r"(?<=[.!?])\s|(?<=[。！？])|\n", sentence.strip(), maxsplit=1)[0]
    if NEGATED.search(first) or QUESTION.search(first) or _DEFER.search(first):
        return None
    if (m := _CONFIRMED.match(first)) is None:
        return None
    if m["y"] and not (reply and "?" in said):
        return None  # "yes auth.py" after "the error is in auth.py" agrees with a statement
    # "iso one is fine", "$app/state switch is fine": what the one or the switch is of
    value = re.sub(
        r"(?i)\s+(?:one|switch|change|option|approach)$", "", (m["x"] or m["y"]).strip(" `*")
    )
    offered = said if m["y"] else f"{said}\n{earlier}"
    named = re.search(rf"(?i)(?<![\w.-]){re.escape(value)}(?![\w-])", offered)
    if named and not (_CONCRETE.search(value) or technologies(value)):
        value = named[0]  # "iso one is fine" after "the ISO prefix": ISO, as written
    asked = [q[0] for q in _FACT_ASKED.finditer(said)] if m["y"] else []
    if any(value.lower() in q.lower() for q in asked):
        return None  # "yes node 18" after "Is the failing job on node 18?" says what is so
    if named is None or VAGUE.match(value) or not (_CONCRETE.search(value) or technologies(value)):
        return None
    return value, m["topic"]


# a clause that takes up a term of the assistant's last message: "腾讯云吧", "唯一索引就行",
# "加opencc", "a. snake_case everywhere", "nDCG@10 as the primary, yes", "utilization 0.92 吧"
_TAKEN = lazy(
    r"(?i)^\W*(?:[a-d1-9][.)、]\s*)?(?:(?:ok|okay|yes|好的?|行|嗯)[,，]?\s*)?"
    # "I2C 就固定 100kHz": the setting, then the verb that sets it
    r"(?:(?P<topic>[A-Za-z][\w.-]{0,20})\s*(?=(?:就|那就)?(?:固定|定|设|用)))?"
    r"(?:(?P<verb>那就用|就用|那就|就按你?说的|就按|就固定|固定|就定|就设|用|加|选|上|保持|继续用|"
    r"go with|use|add|keep)\s*)?"
    r"(?P<x>[^，,。；;！!？?\s][^，,。；;！!？?]{0,30}?)\s*"
    r"(?P<mark>吧|就行了?|就好了?|就可以了?|可以|没问题|everywhere|yes|ok|okay|is fine|works|"
    # (a dot inside a name ends nothing: "use jax.sharding with a Mesh")
    r"as the (?:primary|default)(?:[,，]?\s*yes)?)?\s*(?:[，,。；;！!]|\.(?!\w)|(?<=吧)\s|$)"
)
# a name in the assistant's list, as a Chinese term ("唯一索引"): an option it offered
_LISTED_LINE = lazy(r"(?m)^\s*(?:[-*•]|\d+[.)、]|\(?[a-d]\))\s*[^\n]*")


def taken_term(sentence: str, said: str) -> tuple[str, str | None] | None:
    """The term of the assistant's last message a clause of `sentence` takes up, and its topic.

    "腾讯云吧" after a list of SMS providers, "唯一索引就行", "加opencc", "a. snake_case
    everywhere", "utilization 0.92 吧" (0.92, of utilization). A name in the assistant's list
    may be a Chinese term ("唯一索引"); otherwise it is a value or a name as code writes it.
    """
    first = re.split(r"(?<=[.!?])\s|(?<=[。！？])|\n", sentence.strip(), maxsplit=1)[0]
    if NEGATED.search(first) or QUESTION.search(first) or _DEFER.search(first):
        return None
    clauses = re.split(r"[，,；;]\s*|\s+[\u2014\u2013]+\s+", first)  # "… support — Resend 吧"
    return next((t for c in clauses if (t := _taken_in(c, said))), None)


# a term a reply may take up: a name written as code ("registerType", "f_sync", "CRC32"), a value
# with its unit ("32 KB", "60 秒")
_CODE_TERM = lazy(
    r"(?<![\w.$@/-])(?:[A-Za-z_$@][\w$@]*(?:[._:/=-][\w$@]+)+|[a-z]+[A-Z]\w*|[A-Z][A-Z0-9]{2,}\w*"
    # "SummingMergeTree", "GatewayFlowRule": a name of code in Pascal case, of three words
    r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+){2,}"
    r"|[A-Za-z]+\d\w*)(?![\w$@-])"
)
_UNIT_VALUE = lazy(
    r"\d+(?:\.\d+)?\s*(?:[KMGT]i?B|[kK]Hz|ms|rps|qps|px|%|秒|分钟|小时|天|条|次|行|周|个月)"
    r"|\d+(?:\.\d+)?\s*[smhd](?![A-Za-z])"
    r"|(?<![\w.])\d+\.\d+(?![\w.])|(?<![\w:])\d{1,2}:\d{2}(?![\w:])"  # "容差 0.01", "23:30"
)
# how an accepted reply may open before it names what it takes: "就这么做，", "looks good."
_TAKING_LEAD = lazy(
    r"(?i)^\W*(?:就这么做|就这么来|就按这个来|按这个来|就这么办|就这样|行|好的?|可以|同意|没问题|对|嗯|明白|"
    r"ok(?:ay)?|yes|yep|yeah|sure|fine|agreed|looks good|sounds good|lgtm|makes sense|"
    r"(?:that|this) (?:looks|sounds) (?:good|right|fine))\W*(?:[，,.。!！\s]|$)"
)
# a clause said of the person's own ways or to the assistant, not of the project
_OWN_WAYS = lazy(r"(?i)\b(?:I|I'm|I'll|I've|I'd|me|my|you|your|fyi|btw)\b|我(?!们)|你|习惯")
# put off: "later", "先不", "再说" ("X instead of Y" takes X all the same)
_PUT_OFF = lazy(
    r"(?i)\b(?:not now|later|hold off|wait|not yet|let me think|down the road|for now)\b"
    r"|先不|暂时不|以后再|再说|等等|不用了|不急|先别|回头|改天|有空再"
)
# no taking up: an alternative, a reason, what was so or is so, what is done and what waits ("or the
# hospital's gateway", "so BMS link is CAN 2.0B", "we had a second application.yaml", "CORS 也配了",
# "量产前再上 secure boot", "golangci-lint 本来就在跑", "Prisma 配 RLS 比较折腾")
_NOT_TAKING = lazy(
    r"(?i)^(?:or|so|because|since|but|though)\b|^(?:或者?|所以|因为|但是?|不过)|\[REDACTED"
    r"|\b(?:was|were|had|did|ran|wrote|used to|same as)\b"
    r"|\b(?:is|are)\b(?!\s+(?:fine|ok|okay|good|enough|the (?:default|primary)\b))"
    r"|本来|一直|已经在|比较|太[^\s，,]|[前后]再|[了过]\s*$"
    # what was found or measured: "果然是 application-test.yml 里…", "是 ACL 没配", "估计也就 50"
    r"|果然|确实|原来|的锅|没[加配装开设买]|试了|跑完|估计|左右|大概|\bturns out\b|\bthat'?s why\b"
    # turned down in its own words: "LAMMPS 不考虑", "TGI 我们也不想搞", "DeepSpeed 踩过坑"
    r"|不考虑|不想|不搞|不折腾|踩过坑|\bis out\b|\bpass\b"
    # a "don't" in passing, what happened before, a reason: "jobs 别 200", "之前…出过事",
    # "这是 CPU 活"
    r"|(?<![区特分类级告识性])别(?![名人])|之前|以前|上次|出过事|放心|^这是"
)
# turned down: "no encryption", "drop the cache", "不加 Notifee", "算了"
_DECLINED = lazy(r"(?i)^(?:no|without|drop|skip|remove|not)\b|^(?:不|别|去掉|删掉|算了|砍掉)")


# a reply's first sentence turning the other way down: "HanLP 算了，不折腾。", "…，pass。"
_TURNING_LEAD = lazy(r"(?i)算了|不折腾|不考虑|\bpass\b|\bis out\b|\bforget (?:it|that|about)\b")


def replies_taking(message: str, said: str) -> bool:
    """Whether a reply opens by taking what the assistant said ("就这么做，…", "looks good. …").

    One that opens by turning the other way down ("HanLP 算了，不折腾。索引 ik_max_word…")
    takes what it names next; so does one that opens by setting what it takes ("keep
    sdkVersion policy, …") or says yes to a clause taking it ("分区按月 toYYYYMM(event_date) OK").
    """
    text = message.strip()
    first = (statements(text) or [""])[0]
    if _TAKING_LEAD.match(text) is not None or _TURNING_LEAD.search(first) is not None:
        return True
    opening = _clauses(first)[0]
    if _SETTING_VERB.match(opening) and taken_clauses(opening, said):
        return True
    # (not a yes to an acronym alone: "the SQS part is fine" says what it thinks of one part)
    return any(
        _YES_MARK.search(c) and any(not re.fullmatch(r"[A-Z]+", t) for t in _terms(c, said))
        for c in taken_clauses(text, said)
    )


def _terms(clause: str, said: str = "") -> list[str]:
    """The names written as code and the values with units a clause names.

    With the assistant's message (`said`), also the names it wrote as code on their own that
    the clause names ("存 jsonb 可以" after "… a `jsonb` column …").
    """
    return (
        [t[0] for t in _CODE_TERM.finditer(clause)]
        + [v[0] for v in _UNIT_VALUE.finditer(clause)]
        + _spans_named(clause, said)
    )


# a name the assistant wrote as code on its own: "`favorites`", "`jsonb`", "`room transition`"
_CODE_SPAN = lazy(r"`([A-Za-z][\w.+-]*(?: [\w.+-]+){0,2})`")


def _spans_named(clause: str, said: str) -> list[str]:
    """The names `said` writes as code on their own that `clause` names, as `said` wrote them."""
    spans = dict.fromkeys(m[1] for m in _CODE_SPAN.finditer(said) if len(m[1]) >= 2)
    return [
        s
        for s in spans
        if not _CODE_TERM.fullmatch(s)  # a code-shaped name is read as such already
        and re.search(rf"(?i)(?<![\w.-]){re.escape(s)}(?![\w-])", clause)
    ]


# an opening clause that sets what it names: "keep sdkVersion policy", "排序键就用 (…)"
_SETTING_VERB = lazy(
    r"(?i)^\W*(?:keep|set|use|enable|disable|pin|store|put|make|switch)\s"
    # "排序键就用 (campaign_id, event_date)": a part, then the verb that sets it
    r"|^[^，,。]{0,12}?(?:就用|统一用|改成|改为|设成|设为|定为)"
)


_YES_MARK = lazy(
    r"(?i)(?:^|\s|(?<=[\u4e00-\u9fff]))"
    r"(?:ok|okay|fine|yes|definitely|is fine|works|可以|就行|没问题|也行|同意)$"
)


def taken_clauses(message: str, said: str) -> list[str]:
    """The clauses of a reply that take up what the assistant's last message put forward.

    "就这么做，IndexedDB + clientId 去重，registerType autoUpdate。" after a plan naming
    `IndexedDB`, `clientId` and `registerType: 'autoUpdate'` takes up both clauses. A clause
    takes something up when it names, as the assistant wrote it, a name written as code or a
    value with its unit (a name the lexicon knows is as often a reason as a choice: "Rust 写的
    性能好"); never when it turns it down, asks, waits or speaks of the person.
    """
    said_low = said.lower()
    said_flat = re.sub(r"\s+", "", said_low)
    found: list[str] = []
    for sentence in statements(message):
        if QUESTION.search(sentence):
            continue
        for clause in _clauses(sentence):
            c = _TAKING_LEAD.sub("", clause.strip()).replace("`", "").strip(" .。*")
            c = re.sub(r"(?i)^(?:just|also|and|then|那就|就|那|再)\s*", "", c)
            if not 4 <= len(c) <= 80 or any(p.search(c) for p in _NOT_TAKEN_BY):
                continue
            spans = _spans_named(c, said)
            terms = [t[0] for t in _CODE_TERM.finditer(c)] + spans
            if len(terms) == 1 and not re.sub(
                r"[\W_]+", "", re.sub(rf"(?i){re.escape(terms[0])}", "", c)
            ):
                continue  # "yes auth.py" names one thing: `taken_term` reads it, with its mark
            named = bool(spans) or any(
                re.search(rf"(?<![\w.-]){re.escape(t.lower())}(?![\w-])", said_low) for t in terms
            )
            valued = any(
                re.sub(r"\s+", "", v[0].lower()) in said_flat for v in _UNIT_VALUE.finditer(c)
            )
            if (named or valued) and c not in found:
                found.append(c)
    return found


# what keeps a clause from taking anything up: it turns down, asks, doubts, waits, speaks of the
# person, reasons or reports, or tries
_NOT_TAKEN_BY = (NEGATED, QUESTION, TENTATIVE, _PUT_OFF, _OWN_WAYS, _DECLINED, _NOT_TAKING, _TRIAL)


def _clauses(sentence: str) -> list[str]:
    """The clauses of a sentence; a bracket's commas part none ("(campaign_id, event_date)")."""
    kept = re.sub(r"\([^()]*\)", lambda m: m[0].replace(",", "\0"), sentence)
    return [c.replace("\0", ",") for c in re.split(r"[，,；;。!！]\s*|\.\s+|\n", kept)]


def names_only(clause: str, written: str) -> bool:
    """Whether every name and value `clause` takes up is in `written` already ("就 FAT32")."""
    low = written.lower()
    if clause.lower() in low:
        return True
    terms = _terms(clause) + technologies(clause)  # "还是用 Redis 吧" after "Use Redis"
    return bool(terms) and all(t.lower() in low for t in terms)


# "For e2e: playwright", "消息队列：RabbitMQ": a part of the project, and what it takes
_PART_TAKEN = lazy(
    r"(?i)^\W*(?:for\s+)?(?!(?:error|warning|note|log|output|result|question|issue|problem|"
    r"错误|报错|问题|日志|输出|结果|注意)\b)"
    r"(?P<topic>[a-z\u4e00-\u9fff][\w\u4e00-\u9fff /-]{0,20}?)"
    r"\s*[:：]\s*(?P<x>[^，,。；;！!？?\s:：][^，,。；;！!？?:：]{0,30}?)\s*(?:[，,。；;！!]|\.(?!\d)|$)"
)


def _taken_in(clause: str, said: str) -> tuple[str, str | None] | None:
    if (part := _PART_TAKEN.match(clause)) and _said_in(part["x"].strip(" `*"), said):
        value, topic = part["x"].strip(" `*"), part["topic"].strip()
    elif (m := _TAKEN.match(clause)) is None or not (m["verb"] or m["mark"]):
        return None
    else:
        value = m["x"].strip(" `*")
        topic = m["topic"] if m["verb"] else None
    if not _said_in(value, said) and (
        split := re.fullmatch(r"([A-Za-z][\w.-]*)\s+(\S*\d\S*)", value)
    ):
        topic, value = split[1], split[2]  # "utilization 0.92 吧": the value, of a setting
    if not _said_in(value, said) or VAGUE.match(value) or re.fullmatch(r"\d{1,2}", value):
        return None  # "2、3 可以": items of a list taken by number (`items_taken`)
    if _FUNCTION_WORD.fullmatch(value):
        return None  # "And yes, I'll rotate the key": a word of any message, no term of its
    if written := re.search(rf"(?i)(?<![\w.-]){re.escape(value)}(?![\w.-])", said):
        value = written[0]  # "uuid v7 吧" after "- UUID v7：…": as the list wrote it
    listed = any(value.lower() in line.lower() for line in _LISTED_LINE.findall(said))
    if not (_CONCRETE.search(value) or technologies(value) or (listed and len(value) >= 3)):
        return None
    return value, topic


_FUNCTION_WORD = lazy(
    r"(?i)and|or|but|the|then|also|so|yes|no|not|with|for|to|it|that|this|and yes|so yes"
)


def _said_in(value: str, said: str) -> bool:
    """Whether `said` names `value` whole (a Chinese term may run into the next word)."""
    if re.search(r"[\u4e00-\u9fff]", value):
        return value in said
    pattern = rf"(?i)(?<![\w.-]){re.escape(value)}(?![\w-])"
    return bool(value) and re.search(pattern, said) is not None


_OTHERS = lazy(
    r"(?i)别的|其他|其余|剩下的|\bthe rest\b|\bthe others?\b|\bother (?:ones|parts|services)\b"
)


_ADVICE = lazy(
    r"(?i)建议|推荐|可以考虑|或者|\b(?:i (?:suggest|recommend)|you (?:could|might|may want to)|"
    r"consider|alternatively)\b"
)


# "那就用 Envoy Gateway，我建议：", "Use Litestream, I'd recommend it": a choice the assistant
# puts forward as its own advice
_RECOMMENDS = lazy(
    r"(?i)我(?:的)?建议|我推荐|我更倾向|\bI(?:'d| would)? (?:suggest|recommend)\b"
    r"|\bmy (?:suggestion|recommendation)\b"
)


def recommends(sentence: str) -> bool:
    """Whether a sentence of the assistant puts its choice forward as advice."""
    return _RECOMMENDS.search(sentence) is not None


def advises(sentence: str) -> bool:
    """Whether a sentence gives advice ("建议 …，或者以后用 HF_TOKEN"), which decides nothing."""
    return _ADVICE.search(sentence) is not None


def is_question(sentence: str) -> bool:
    """True when `sentence` asks rather than states ("Replace logrus with zap I guess?")."""
    return QUESTION.search(sentence) is not None


def tentative(sentence: str) -> bool:
    """True for hedged talk ("maybe we could", "试试", "也许"): not a decision."""
    return TENTATIVE.search(sentence) is not None


_STRONG_REVERSAL = lazy(
    r"(?i)\b(?:actually|on second thought|scratch that|scrap that|change of plan|new plan|"
    r"changed my mind|on reflection|never mind|final answer|after all|"
    # "ok you know what, go back to celery", "so back to DO"
    r"(?:go|going|switch|switching|revert|reverting|move|moving|so)\s+back\s+to(?!\s+work\b))\b"
    # "Let's do Render instead.": in place of what was chosen ("instead of X" names it)
    r"|\binstead\b(?!\s+of\b)"
    r"|改主意|算了|还是|不对|重新考虑|最终"
)


_SWITCH_WORD = lazy(
    r"(?i)\b(?:switch(?:ing)?(?:\s+(?:us|it|them|everything|over))? to|move to|migrate to|"
    r"replac(?:e|ing))\b"
    r"|改成|改用|换成|换用|改为|换到|切到|改存|改放|迁到|迁移到|搬到|(?:^|[，,。；;\s])[改换]\s*[A-Za-z]"
)


# "那存档改用 System.Text.Json", "switch the saves to JSON": what part of the project a switch is
# about, so that the choice made for that part earlier goes
_SWITCHED_PART = lazy(
    r"(?P<zh>[\u4e00-\u9fff]{2,5}?)(?:就|都|也|这块|这边|还是)?(?:改用|换成|换用|改为|改成)\s*[A-Za-z`]"
    r"|(?i:\bswitch(?:ing)? (?:the |our )?(?P<en>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:over )?to\b)"
)


_NO_PART = frozenset(
    {"我们", "咱们", "统一", "全部", "还是", "直接", "现在", "以后", "后面", "然后", "这个",
     "那个", "it", "everything", "all", "them", "this", "that"}
)  # fmt: skip


def switched_part(sentence: str) -> str | None:
    """The part of the project a switch names ("那存档改用 X" → "存档"), or None."""
    m = _SWITCHED_PART.search(sentence)
    if m is None:
        return None
    part = (m["zh"] or "").lstrip("那就都也") or (m["en"] or "").lower()
    return part if len(part) >= 2 and part not in _NO_PART else None


# "把 npm 换成了 pnpm", "switched npm to pnpm", "swapped Jest for Vitest": one tool put in the
# place of another, with no "from" (see `swapped_tools`)
_SWAPPED = lazy(
    r"(?:把|将)?\s*(?P<old>[A-Za-z][A-Za-z0-9_.+#-]*|" + ZH_PRODUCT + r")\s*(?:也|都)?"
    r"(?:换成|改成|替换成|切换成|切成|换为|改为)了?\s*"
    r"(?P<new>[A-Za-z][A-Za-z0-9_.+#-]*|" + ZH_PRODUCT + r")"
    # not "moved Postgres to RDS": where a thing runs is no swap of it
    r"|(?i:\b(?:switch(?:ed|es|ing)?|swap(?:s|ped|ping)?|chang(?:e|es|ed|ing))\s+"
    r"(?P<old_en>[A-Za-z][\w.+#-]*)\s+(?:to|for|with|over to)\s+(?P<new_en>[A-Za-z][\w.+#-]*))"
)


# "之前推送用的极光，现在改成个推了": the tool used before in one clause, the new one in the next
_SWAPPED_LATER = lazy(
    r"(?:之前|以前|原来|本来|过去)[^，,。；;]{0,8}?(?:用的是|用的|用|走的是|走的|走|是)\s*"
    r"(?P<old>[A-Za-z][A-Za-z0-9_.+#-]*|" + ZH_PRODUCT + r")\s*[，,]\s*(?:现在|后来|目前|这次)?\s*"
    r"(?:都|也|已经|全)?(?:改成|换成|改用|换用|切到|迁到|换到|切成)了?\s*"
    r"(?P<new>[A-Za-z][A-Za-z0-9_.+#-]*|" + ZH_PRODUCT + r")"
)


def swapped_tools(sentence: str) -> tuple[str, str] | None:
    """(old, new) when a sentence puts one known tool in the place of another of its kind.

    "把 Node 从 16 升级到 20 了，顺便把 npm 换成了 pnpm", "upgraded Node to 20 and switched npm
    to pnpm": npm goes, pnpm comes. Both names must be known and fill the same role, so
    "switch the cache to Redis" (a part, not a tool) and "改成 ntasks=1" name no swap.
    """
    for m in [*_SWAPPED.finditer(sentence), *_SWAPPED_LATER.finditer(sentence)]:
        before = re.split(r"[，,；;。.]\s", sentence[: m.start()])[-1]
        if NEGATED.search(before) or WISH.search(before) or re.search(r"别|先不|暂时不", before):
            continue  # "先别把 npm 换成 pnpm", "if we switched npm to pnpm": no swap made
        old, new = (m["old"], m["new"]) if m["old"] else (m["old_en"], m["new_en"])
        old, new = old.rstrip("."), new.rstrip(".")  # "… swapped Poetry for uv."
        olds, news = technologies(old), technologies(new)
        if len(olds) != 1 or len(news) != 1 or olds == news:
            continue
        if not (TECH.fullmatch(old) and TECH.fullmatch(new)):
            continue  # "switch the Redis cache to …": a name in a longer phrase
        if role_for(olds[0]) == role_for(news[0]):  # a swap replaces, in a shared role too
            return old, new
    return None


def switches(sentence: str) -> bool:
    """True when `sentence` moves from one thing to another ("改 H3", "switch to Kafka")."""
    return _SWITCH_WORD.search(sentence) is not None


def overrides(sentence: str) -> bool:
    """True for an outright change of mind ("actually", "scrap that", "算了，还是 ...")."""
    return _STRONG_REVERSAL.search(sentence) is not None


def reverses(sentence: str) -> bool:
    """True when `sentence` changes an earlier choice ("actually, ...", "还是 ...")."""
    return _REVERSAL.search(sentence) is not None


_REFUSAL = lazy(
    r"(?i)\b(?:no|not|don'?t use|drop|skip|forget(?: about)?|scrap|not bother with|"
    r"let'?s not (?:bother with|use|do|go with)|is out|is off the table|is a no-go|"
    r"dealbreaker)\b|不用|不要用?|别用|放弃|不考虑|太重了|算了|不要了"
    # "还是先不上 Redis 了": not taken up, for now at least ("不上线" is no refusal)
    r"|(?:先|暂时|暂且)?不(?:上|引入|接入?)(?![线来去面午班])"
)


# a gerund after a refusal: what is refused is doing it ("no mocking redis", "skip caching the
# list"), not the thing named after it; "not using X" still turns X down
_ACTIVITY = lazy(r"(?i)\s+(?!using\b)[a-z]{4,}ing\b(?!\s+(?:service|library|lib|tool|framework)\b)")


_REFUSES_AHEAD = lazy(
    r"(?i)no|don'?t use|drop|skip|forget(?: about)?|scrap|not bother with|let'?s not .+|"
    r"别用|不要用?|不用|放弃|不考虑"
)


_NAMED_OUT = lazy(
    r"(?i)(?P<x>[A-Za-z][\w.+-]{1,30}(?: [A-Z][\w.+-]{1,20})?)\s*(?:is out\b|is off the table|"
    r"is a no-go|也?不要了|(?:就|先)?不用了|不考虑了?|(?:先|就)?不(?:搞|弄|折腾|上|换)了|"
    r"(?:就|也)?不行了|(?:先|就|还是)算了"
    # "bf16 那个 commit revert 掉": the change made for it, undone
    r"|(?:那个|的)\s*(?:commit|提交|改动)\s*(?:revert|回滚|撤)\s*(?:掉|了))"
)


def _named(words: str) -> str:
    """A name without the lower-case words before it ("so PostHog" is PostHog)."""
    tokens = words.split()
    while len(tokens) > 1 and tokens[0].islower():
        tokens.pop(0)
    return " ".join(tokens)


def named_out(sentence: str) -> list[str]:
    """Names a sentence rules out in so many words ("Pulsar 不考虑了", "PostHog is out")."""
    return list(dict.fromkeys(_named(m.group("x")).lower() for m in _NAMED_OUT.finditer(sentence)))


_DROPPED_NAME = lazy(
    r"(?i:\b(?:drop(?:ping)?|ditch(?:ing)?|scrap(?:ping)?|retir(?:e|ing)|kill(?:ing)?|"
    r"get(?:ting)? rid of)\s+(?:the\s+)?)(?P<x>[A-Z][\w.+-]{1,30})"
)


def refused(sentence: str) -> list[str]:
    """Technologies a sentence turns down.

    "let's not bother with Tailwind", "dropping the ENet relay": known ones near a refusal,
    any Capitalised name right after a verb of it.
    """
    out = [_named(m.group("x")).lower() for m in _NAMED_OUT.finditer(sentence)]
    out += [m.group("x").rstrip(".").lower() for m in _DROPPED_NAME.finditer(sentence)]
    for m in _REFUSAL.finditer(sentence):
        if _ACTIVITY.match(sentence, m.end()):
            continue  # "no mocking redis": a way of working is refused, not redis
        # "InfluxDB 算了" gives up what came before; "算了，换 TDengine" chooses what follows;
        # "Keycloak then, no Auth0" turns down only what follows a word put before its object
        behind = m.group() == "算了" or sentence.startswith("了", m.end())  # "Redis 不用了"
        after = 0 if behind else 40
        ahead = _REFUSES_AHEAD.fullmatch(m.group()) and not behind
        if ahead:  # "放弃 Kafka，改用 Redis Stream": to the end of its clause
            clause = re.search(r"[，,;；。]", sentence[m.end() :])
            after = min(after, clause.start() if clause else after)
        window = sentence[max(0, m.start() - (0 if ahead else 30)) : m.end() + after]
        out += technologies(window)
    return list(dict.fromkeys(out))


def rejected(sentence: str) -> list[str]:
    """Options `sentence` turns down without choosing another ("no Redux", "不用 Redux 了")."""
    m = re.search(
        r"(?i)\b(?:no|not|don'?t use|drop|skip|scrap|scratch|ditch|forget(?: about)?|rip out|"
        r"get rid of)\s+(?P<x>[\w.+# -]{2,30})",
        sentence,
    )
    if m is None:
        m = re.search(
            r"(?:不用|不要用?|别用|放弃)(?:了)?(?P<x>[^，。,；;!！?？了吧]{2,20})"
            # "不需要 tower_governor 这个 crate 了": a name no longer needed
            r"|(?:不需要|不再需要)\s*(?P<y>[A-Za-z][^，。,；;!！?？了吧]{1,24})"
            # "不行 cmd+shift+v 跟很多 app 冲突了": the name said to be no good
            r"|^\s*不行[，,\s]*(?P<z>[A-Za-z][\w.+#-]{1,24})",
            sentence,
        )
    if m is None:
        return []
    # "let's not do NUMERIC at all": the option, not the verb before it or the words after it
    gone = re.sub(
        r"(?i)\s+(?:please|pls|then|too|as well|for now|entirely|stuff|things?|code|bits|"
        r"at all|after all|anymore|any more)$",
        "",
        re.sub(
            r"(?i)^(?:(?:do|go with|add)\s+)?(?:the\s+)?",
            "",
            (m["x"] or m.groupdict()["y"] or m.groupdict()["z"]).rstrip(" ."),
        ),
    )
    # "不需要 tower_governor 这个 crate 了": the name, not what kind of thing it is
    gone = re.sub(r"\s*(?:这个|那个|这些|那些)\s*(?:crate|库|包|依赖|插件|组件|服务)?$", "", gone)
    if gone.lower() in ("that", "this", "it", "them", "those", "these", "the idea", "the plan"):
        return []  # "scrap that" takes back what was just said: a reversal, not an option
    if _ACTIVITY.match(" " + gone):
        return []  # "no mocking redis": a way of working, not an option turned down
    return [clip(gone)]  # "Drop zap please." turns down zap


_OPTION = lazy(
    r"^\W*(?:option\s+|方案\s*)?(?P<label>[A-Da-d1-4一二三四])\s*[.):：]\W*\s*(?P<text>.+)$",
    re.I | re.M,
)


_NUMERALS = {"一": "1", "二": "2", "三": "3", "四": "4"}


# a table's row whose first cell is an option's label, the option in the next cell
_LABELLED_ROW = lazy(
    r"^\|\s*(?:\*\*)?(?:option\s+|方案\s*)?(?P<label>[A-D1-4])(?:\*\*)?\s*\|\s*(?P<text>[^|\n]+)\|",
    re.I | re.M,
)


_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4"}


_OPTION_LEAD = lazy(
    r"(?i)^(?:stay on|stay with|switch to|move to|migrate to|go with|use|keep|adopt|add|改成|改为|"
    r"改用|使用|采用|换成|用)\s*"
)


# "B", "option 2", "方案 A", and "第二个" / "第2种方案": an option named by its place alone
_LABEL_REF = lazy(
    r"(?i)^(?:option\s+|方案\s*|选项\s*)?([A-Da-d1-4一二三四])$"
    r"|^第([一二三四1-4])(?:个|种|项)?(?:方案|选项)?$"
    r"|^([A-D1-4一二三四])\s*(?:方案|选项)$"  # "B 方案"
)


# "we take 1 day", "用 2 个副本": a number with its unit is a quantity chosen, not option 1 or 2
_NOT_A_QUANTITY = (
    r"(?!\s*(?:[%\u00d7]|(?:days?|hours?|minutes?|mins?|seconds?|secs?|ms|weeks?|months?|years?|"
    r"replicas?|nodes?|workers?|instances?|pods?|shards?|partitions?|threads?|cores?|vcpus?|"
    r"times|[kmgt]i?b|[kmgt]i|x)\b|天|小时|分钟|秒|周|个|台|次|核|副本|倍))"
)
_OPTION_REF = lazy(
    r"(?i)\b(?:option|choice|approach|plan|number)\s*#?(?P<l>[A-Da-d1-4])\b"
    r"|(?:方案|选项)\s*(?P<z>[A-Da-d1-4一二三四])"
    r"|(?:^|[\s，,]|还是|就|那就)(?:选|换|换成|改|改用|用|走|go with|pick|take|do)\s*"
    r"(?P<y>(?-i:[A-D1-4]))(?![\w.])"
    + _NOT_A_QUANTITY
    + r"|\b(?:the\s+)?(?P<ord>first|second|third|fourth)\s+(?:one|option|approach)\b"
    # not "第二个事" (the second matter) nor "第一个组件" (a part named by its place)
    r"|第(?P<n>[一二三四1-4])(?:个|种)(?!\s*(?:事|问题|点|组件|字段|参数|元素|步|阶段|需求|坑|文件|接口|表|请求|字|人))"
    # "那就 B 方案吧", "算了还是A吧": the label before 方案, or alone after 还是 at the end
    r"|(?<![A-Za-z])(?P<q>[A-D1-4一二三四])\s*(?:方案|选项)"
    r"|还是\s*(?P<h>[A-D])\s*(?:吧|了|啊)?\s*[。.!！]?$"
    # "Let's do (c).": a bracketed label, in either case
    r"|(?:^|[\s，,]|还是|就|那就)(?:选|换|换成|改|改用|用|go with|pick|take|do|try)\s*"
    r"[(（](?P<p>[A-Da-d1-4])[)）]"
)


_BARE_LABEL = lazy(r"^\W*(?:option\s+|方案\s*)?([A-Da-d1-4一二三四])\s*[.):：]?\W*$", re.I)


def options(message: str) -> dict[str, str]:
    """Labelled options in a message ("**B. Switch to Vitest.** ..."): label to the option named."""
    found: dict[str, str] = {}
    lines = message.splitlines()
    for n, line in enumerate(lines[:-1]):  # "A." on its own line, the option on the next
        bare = _BARE_LABEL.match(line)
        # ("- 1" then "- 2": the labels a reply may answer with, each bare)
        if bare and lines[n + 1].strip() and not _BARE_LABEL.match(lines[n + 1]):
            label = _NUMERALS.get(bare.group(1), bare.group(1).upper())
            named = clip(_OPTION_LEAD.sub("", lines[n + 1].strip(" *-")))
            if named and not VAGUE.match(named):
                found.setdefault(label, named)
    for row in _LABELLED_ROW.finditer(message):  # "| A | 软删除，`deleted_at` | 简单 |"
        named = clip(row["text"].replace("`", "").strip(" *"))
        if named and not VAGUE.match(named):
            found.setdefault(_NUMERALS.get(row["label"], row["label"].upper()), named)
    for m in _offered_run(message):
        # "把 `datetime.utcnow()` 换成 …": a bracket in code is no aside
        text = re.sub(r"`[^`\n]+`", lambda c: c[0].replace("(", "\0"), m.group("text").strip(" *"))
        head = re.split(r"[.。:：]\s|\*\*|[(（]", text, maxsplit=1)[0].replace("\0", "(")
        head = _OPTION_LEAD.sub("", head.strip(" *"))
        # "把 `datetime.utcnow()` 全部换成 `datetime.now(timezone.utc)`，同时…": a Chinese
        # option is its first clause, whole
        whole = re.split(r"[，,；;]", head, maxsplit=1)[0].replace("`", "").strip()
        named = whole[:80] if is_chinese(whole[:8]) and _CODE_TERM.search(whole) else clip(head)
        if "**" in m.group(0)[: m.start("text") - m.start()] and is_chinese(head[:8]):
            # "**继续用 QtLocation，写一个自定义 geoservice 插件**": what is bold is the option
            named = head.replace("`", "").strip()[:80]
        if named and not VAGUE.match(named):
            label = m.group("label").upper()
            found.setdefault(_NUMERALS.get(label, label), named)
    return found or _inline_options(message) or _asked_bullets(message)


# what opens a list of options: "有三种处理方式：", "Two options:", "两个方案"
_OPTIONS_INTRO = lazy(
    r"(?i)(?:[两三四几二]|\d)\s*(?:种|个)\s*(?:处理)?(?:方式|方案|做法|办法|选择|思路|选项)"
    r"|\b(?:two|three|four|a few|several|some)\s+(?:options|ways|approaches|choices|alternatives)\b"
    r"|\b(?:options|approaches|alternatives)\s*[:：]"
)


def _offered_run(message: str) -> list[re.Match[str]]:
    """The labelled lines that offer options, those asking left out.

    A message may number what it found ("1. utcnow 被标记为 deprecated 2. pkg_resources …")
    before the options ("有三种处理方式：1. … 2. … 3. …"): the list an options lead opens is
    the one a label picks from, when just one does.
    """
    runs: list[list[re.Match[str]]] = []
    for m in _OPTION.finditer(message):
        if QUESTION.search(m.group("text")):
            continue  # "1. PG 版本和数据量多大？" asks; it offers nothing
        first = _NUMERALS.get(m["label"], m["label"].upper()) in ("1", "A")
        if first or not runs:
            runs.append([])
        runs[-1].append(m)
    if len(runs) > 1:
        led = [r for r in runs if _OPTIONS_INTRO.search(_line_before(message, r[0].start()))]
        if len(led) == 1:
            return led[0]
    return [m for r in runs for m in r]


def _line_before(message: str, at: int) -> str:
    """The last line with words before position `at`."""
    lines = [line for line in message[:at].splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _asked_bullets(message: str) -> dict[str, str]:
    """The bulleted options of a message that asks which one, numbered in their order.

    "产物发布到哪里？ - 只发 GitHub Releases - GitHub Releases + Homebrew tap": "第二个" picks
    the second.
    """
    heads = offered_bullets(message)
    if len(set(heads)) < len(heads):  # "A + B，全平台", "A + B，但跳过 arm64": each whole
        heads = [m["head"].replace("`", "").strip(" *") for m in _OPTION_LINE.finditer(message)]
    if not heads or len(set(heads)) < len(heads) or any(not h or VAGUE.match(h) for h in heads):
        return {}
    return {str(n): h for n, h in enumerate(heads, 1)}


# "部署方案有两个：1）前端放 COS + CDN，…；2）全部放到 TKE。", "two ways: 1) keep it; 2) drop it":
# options numbered inside a sentence, after a colon or between semicolons
_INLINE_OPTION = lazy(r"(?:^|[：:；;]\s*)(?P<label>[1-4])\s*[)）]\s*(?P<text>[^；;。\n]+)")


# "two ways: (1) backoff in the client, or (2) a dead-letter queue": numbers in brackets, which
# may be parted by commas, as the brackets end each option's number
_INLINE_BRACKETED = lazy(
    r"[(（](?P<label>[1-4])[)）]\s*(?P<text>[^()（）；;。\n]+?)"
    r"(?=\s*[,，；;]?\s*(?:or\s+|and\s+|或者?\s*)?[(（][1-4][)）]|\s*[.。!?！？\n]|\s*$)"
)


def _inline_options(message: str) -> dict[str, str]:
    """Options numbered in the run of a sentence, from 1 on, two at least."""
    found = {m["label"]: m["text"].strip() for m in _INLINE_OPTION.finditer(message)}
    if not found:
        found = {m["label"]: m["text"].strip(" ,，") for m in _INLINE_BRACKETED.finditer(message)}
    if sorted(found) != [str(n) for n in range(1, len(found) + 1)] or len(found) < 2:
        return {}
    # a Chinese option whole ("前端放 COS + CDN，后端放 CVM"): its clauses are its parts
    named = {
        label: text[:80] if is_chinese(text) else clip(_OPTION_LEAD.sub("", text))
        for label, text in found.items()
    }
    return {label: text for label, text in named.items() if text and not VAGUE.match(text)}


def option_label(choice: str) -> str | None:
    """The label when a choice only names an option ("B", "option 2", "方案 A")."""
    m = _LABEL_REF.match(choice.strip())
    if m is None:
        return None
    label = m.group(1) or m.group(2) or m.group(3)
    return _NUMERALS.get(label, label.upper())


# a choice that only points at something said before: "option B", "the second approach",
# "the cheaper one", "what you suggested", "方案二", "第二种", "就按你说的", "你说的那个", "后者"
_POINTER = lazy(
    r"(?i)(?:(?:go\s+with|use|pick|take|do)\s+)?(?:(?:the\s+)?(?:option|choice|approach|plan|variant|alternative|solution|proposal|route)"
    r"\s*#?(?:[A-D]|[1-9]|one|two|three|four)"
    r"|(?:the\s+|that\s+|this\s+)?(?:first|second|third|fourth|[1-9](?:st|nd|rd|th)|last|"
    r"other|former|latter|same|"
    r"[a-z]{3,}(?:er|est))\s+(?:one|option|approach|plan|variant|solution|route|way|version)"
    r"|(?:the\s+)?(?:former|latter)"
    r"|your\s+(?:suggestion|proposal|plan|approach|recommendation|version|idea|way|one|pick)"
    r"|(?:that|this)\s+(?:one|approach|option|plan|way|idea|suggestion)"
    r"|(?:what|whatever)\s+you\s+(?:said|suggested|proposed|recommended|described|wrote))"
    r"|(?:就|那就|还是)?(?:按|照|用)?(?:你|您)(?:说|讲|建议|推荐|提|给)的(?:那个|那种|这个|那套|方案|办法|思路)?来?"
    # "就用方案B": the lead a Chinese choice may keep
    r"|(?:就|那就|还是|直接)?(?:用|采用|选|走)?\s*(?:"
    r"(?:这个|那个|上面那个|上面的|前面那个|刚才那个|你那个)(?:方案|选项|办法|思路)?"
    r"|(?:方案|选项)\s*[A-Da-d1-9一二三四五]|[A-Da-d1-9一二三四五]\s*(?:方案|选项)"
    r"|第[一二三四五1-9](?:个|种|项)(?:方案|选项|办法)?"
    r"|前者|后者|后一个|前一个|这种|那种|这套|那套)"
)


def only_points_back(choice: str) -> bool:
    """Whether a choice only points at something said before, and names nothing itself.

    "option B", "the second approach", "the cheaper one", "what you suggested", "方案二",
    "就按你说的": unless the talk has an option by that label, what was chosen is unknown.
    """
    return _POINTER.fullmatch(_POINTED_BY.sub("", choice.strip(" `'\"“”.。!！"))) is not None


# "the second approach you mentioned", "the option above": who offered it points back too
_POINTED_BY = lazy(
    r"(?i)\s+(?:(?:that|which)\s+)?(?:(?:you|we)\s+(?:just\s+)?(?:mentioned|suggested|proposed|"
    r"described|outlined|listed|gave|wrote)|above|from (?:before|earlier))$"
)


# what turns down the option just referred to: "第一个不行", "第三个没人力", "option 2 is out"
_TURNED_DOWN_AFTER = lazy(
    r"(?i)\s*(?:也|就|肯定|确实)?(?:不行|不要|不考虑|不合适|没人力|没必要|算了|不用|排除|先不|不做|免了|pass\b"
    r"|(?:is|are)\s+out\b|won'?t\s+work|doesn'?t\s+work|is\s+a\s+no\b|is\s+too\s+\w+)"
)


def option_reference(sentence: str) -> str | None:
    """The option a reply picks by its label ("let's do option 2", "方案二", "the first one")."""
    if QUESTION.search(sentence):
        return None
    m = _OPTION_REF.search(sentence)
    if m is None or _TURNED_DOWN_AFTER.match(sentence[m.end() :]):
        return None  # "第一个不行，…": an option turned down, not picked
    if m.group("ord"):
        return _ORDINALS[m.group("ord").lower()]
    groups = ("l", "z", "y", "n", "p", "q", "h")
    label = next((m[g] for g in groups if m[g]), "")
    return _NUMERALS.get(label, label.upper())


# "the managed one", "the cheaper option", "便宜的那个", "托管的那种": an option named by what
# sets it apart (not its place: "the first one", "the other one", "the same one")
_DESCRIBED = lazy(
    r"(?i)\b(?:the|that)\s+(?P<d>(?!(?:first|second|third|fourth|last|other|same|former|latter|"
    r"right|wrong|next|new|old|current|existing|original|previous|whole|only|real|final|obvious|"
    r"usual|default|recommended|suggested|proposed)\b)[a-z][a-z-]{2,20})\s+"
    r"(?:one|option|approach|route|way|variant|setup|choice)\b"
    r"|(?P<z>[\u4e00-\u9fff]{2,4})的(?:那个|那种|那套|那家|那一种|那个方案|方案)"
)


def described_option(sentence: str, listed: str, options: dict[str, str]) -> str | None:
    """The label of the one listed option that a reply names by what sets it apart.

    "the managed one" after "1. Amazon SES: cheapest … 2. Postmark: managed, …" picks 2;
    "便宜的那个" picks the option whose lines say 便宜. None when no option, or more than one,
    says the word.
    """
    if not options or QUESTION.search(sentence) or NEGATED.search(sentence):
        return None
    m = _DESCRIBED.search(sentence)
    if m is None:
        return None
    word = m["d"] or re.sub(r"^(?:更|最|比较)", "", m["z"])
    if m["d"]:  # "cheaper" and "cheapest" say "cheap"
        word = re.sub(r"(?<=[a-z]{3})(?:i?er|i?est)$", "", word.lower())
    parts = _option_parts(listed, options)
    said = [
        label
        for label, text in parts.items()
        if re.search(rf"(?i)(?<![\w-]){re.escape(word)}" if m["d"] else re.escape(word), text)
    ]
    return said[0] if len(said) == 1 else None


def _option_parts(listed: str, options: dict[str, str]) -> dict[str, str]:
    """Each option's text in the message that listed it: its line up to the next option's line."""
    lines = listed.splitlines()
    starts: list[tuple[int, str]] = []
    for label, name in options.items():
        at = next((n for n, line in enumerate(lines) if name in line), None)
        if at is not None:
            starts.append((at, label))
    starts.sort()
    parts: dict[str, str] = {}
    for k, (at, label) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        body = lines[at:end]
        # past the last option, only its own indented or bulleted lines
        if k + 1 == len(starts):
            body = [
                body[0],
                *itertools.takewhile(lambda x: x.startswith((" ", "\t", "-", "*")), body[1:]),
            ]
        parts[label] = "\n".join(body)
    return parts


# "2", "B please", "#1 - fewer moving parts", "2吧": a reply that is only a label (not "2. foo",
# a list of its own)
_BARE_PICK = lazy(
    r"^\W{0,2}(?:#|no\.?\s?)?(?P<l>[1-4]|[A-D]|[一二三四])(?:\s*[)!！。])?"
    r"(?:\s*(?:please|pls|plz|then|it is|for now|for sure|吧|就行|好了|呗|谢谢))*"
    r"(?:\s*[,，;；:：-]+\s*\S.*)?\s*$"
)


def bare_pick(sentence: str) -> str | None:
    """The label a reply that is only a label picks ("2", "B please", "1, fewer moving parts")."""
    m = _BARE_PICK.match(sentence.strip())
    if m is None or QUESTION.search(sentence) or NEGATED.search(sentence):
        return None
    return _NUMERALS.get(m["l"], m["l"])


# "2. and argon2 yes. access token 15 min": a reply opening with an option's number, as a list
# item would (a list of the person's own has a second item)
_OPENING_LABEL = lazy(r"^\s*(?P<l>[1-4])[.)]\s+(?=\S)")
_LIST_ITEM = lazy(r"(?m)(?:^|\s)\d{1,2}[.)]\s")  # "1) SFTP. 2) plain CSV": answers, in a line


def opening_label(message: str) -> str | None:
    """The option number a message opens with ("2. and argon2 yes."), listing and asking nothing."""
    m = _OPENING_LABEL.match(message)
    if m is None or _LIST_ITEM.search(message, m.end()):
        return None
    said = re.split(r"(?<=[.!?？])\s|\n", message[m.end() :], maxsplit=1)[0]
    return None if QUESTION.search(said) else m["l"]  # "1. which is cheaper?" asks


def bare_pick_reason(sentence: str) -> str | None:
    """The reason a bare pick gives after its label ("1, fewer moving parts")."""
    m = re.match(r"^\W{0,2}\S{1,3}\s*[,，;；:：-]+\s*(\S.{5,})$", sentence.strip())
    return m[1].rstrip(".。") if m and bare_pick(sentence) else None


_PROPOSAL_HEADER = lazy(
    r"(?i)(?:我的建议|我建议|建议如下|推荐方案|proposed (?:fix|plan|approach|solution)|"
    r"my (?:suggestion|recommendation|proposal)|recommendation|"
    r"i(?:'d| would)? (?:suggest|recommend|propose))"
    r"[^:：\n]{0,20}[:：]\s*$"
)


_LEAD_VERB = lazy(r"(?i)^(?:use|switch to|adopt|go with|move to|用|使用|采用|改用|换成)\s*")


def proposal_list(message: str) -> str | None:
    """The option named by the first item of a "My suggestion:" / "我的建议：" list, if any."""
    lines = FENCE.sub("\n", message).splitlines()
    for n, line in enumerate(lines):
        if _PROPOSAL_HEADER.search(line):
            for item in lines[n + 1 :]:
                if not item.strip():
                    continue
                if not BULLET.match(item):
                    return None
                text = BULLET.sub("", item).strip().replace("**", "")
                if not _LEAD_VERB.match(text):
                    return None
                named = clip(_LEAD_VERB.sub("", text))
                return named if named and not VAGUE.match(named) else None
    return None


_ADOPT = lazy(
    r"(?i)\blet'?s make (?:that|this|it) (?:the )?(?:rule|standard|convention|default|policy)\b"
    r"|\b(?:that|this)(?:'s| is) (?:the|our) (?:rule|standard|convention)(?: now)?\b"
    r"|\bmake it official\b|就这么定了?|就这样定了|以后都按这个来|以后就这么办"
)


# what may stand before "就这么定" when it takes up the statement before it: "嗯，那就这么定了"
_ADOPT_LEAD = lazy(r"(?i)^(?:[\s,，.。!！~～]|嗯+|好的?|行|对|ok|那|那么)*$")


def adopts_previous(sentence: str) -> bool:
    """True when a sentence makes the statement before it the rule ("Let's make that the rule").

    "那回滚就这么定了" settles what it names itself, not the statement before it; so does
    "就这么定，(tenant_id, idempotency_key) 唯一约束", what follows it.
    """
    m = _ADOPT.search(sentence)
    if m is None:
        return False
    if not m[0].isascii() and len(re.sub(r"[\W_]", "", sentence[m.end() :])) >= 3:
        return False
    return m[0].isascii() or _ADOPT_LEAD.match(sentence[: m.start()]) is not None


# "嗯，" "ok so" "好，": a reply's opening word, not part of what it states
# ("对账文件…" and "okhttp" open with no filler: one ends with a mark or a space)
_OPENING_FILLER = lazy(
    r"(?i)^(?:(?:嗯+|好的?|行|对|ok(?:ay)?|yeah|yes|right|so)(?:\s*[,，.。!！]\s*|\s+))+"
)


def adopted_statement(statement: str) -> str:
    """What a statement made the rule says: "每秒合并推一次，变了才推，多实例用 Pub/Sub 通知".

    A Chinese statement of settings is kept whole (to 80 characters): cut at its first comma it
    would keep one setting, or the filler it opens with ("嗯").
    """
    said = _OPENING_FILLER.sub("", statement.strip()).rstrip("。.！!")
    if is_chinese(said[:6]) and re.search(r"[，,；;]", said):
        return cut_zh(said, 80)
    return clip(said)


_LISTED = lazy(r"^\W*(?P<name>[\w.+# -]{2,30}?)\W*(?:\([^)]*\)\W*)?\s*[:：\u2014\u2013]\s+\S")


_ASKED = lazy(r"(?i)\bor\b|还是|或者|vs\.?|versus")


_WHICH = lazy(
    r"(?i)\b(?:which|what)\s+(?:\w+\s+){0,2}?(?:lib(?:rary)?|tool|framework|db|database|"
    r"queue|orm|service|provider|one|option|approach|stack|package)s?\b"
    r"|(?:选|用)哪(?:个|种|家)|哪(?:个|种|家)(?:好|比较好|更好)"
)


def asks_which(message: str) -> bool:
    """Whether a message asks which tool to use ("which charting lib?", "测试框架选哪个？")."""
    return bool(re.search(r"[?？]", message)) and _WHICH.search(message) is not None


# "should I use zod or yup here?", "队列用 Kafka 还是 RabbitMQ？": a question that asks which to
# take (not "which is faster, msgpack or json?": a comparison)
_PICK_ASKED = lazy(
    r"(?i)\b(?:should|shall|would|do|can|could)\s+(?:we|i|you)\s+(?:\w+\s+)?"
    r"(?:use|pick|choose|go with|adopt|prefer|recommend|suggest|take)\b"
    r"|\bwhich\s+(?:\w+\s+){0,2}?(?:should|shall)\s+(?:we|i)\b|\b(?:we|i)\s+(?:use|go with)\b"
    r"|(?<!他们)(?<!别人)(?<!对方)(?:用|选|上(?!线|面|次))|推荐|建议"
)


# "which one does the billing team use?": someone else's, not a pick of ours
_THEIRS = lazy(
    r"(?i)\b(?:does|did|do they|is|are)\b.*\b(?:team|they|them|use[sd]?)\b|他们|别人|隔壁|对方"
)


def asks_to_pick(message: str) -> bool:
    """Whether a message asks which one of the options it names to take."""
    if not re.search(r"[?？]", message) or _THEIRS.search(message):
        return False
    if _BARE_EITHER.match(message):
        return True  # "pnpm or yarn?"
    return _PICK_ASKED.search(message) is not None or asks_which(message)


_BARE_EITHER = lazy(r"(?i)^\s*[\w.+#/-]+\s+(?:or|vs\.?|还是)\s*[\w.+#/-]+\s*[?？]\s*$")


# "BullMQ, since you already run Redis.", "BullMQ.", "Zod — it infers the types": a reply that
# opens with one name, then stops or gives its reason (not "RabbitMQ is heavier; …")
_OPENS_WITH = lazy(
    r"^[\W_]*(?P<name>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)`?\*{0,2}\s*"
    r"(?:[.!,:;\u2014\u2013]|\s-\s|$|(?=(?:since|because|as|—|for sure|definitely|here)\b)"
    r"|[，。：；！]|(?=(?:吧|因为|毕竟|更)))"
)


def opens_with(reply: str, options: Sequence[str]) -> str | None:
    """The one of `options` (lower case) that `reply` opens with, alone, if any."""
    m = _OPENS_WITH.match(reply)
    if m is None:
        return None
    name = m["name"].lower().rstrip(".")
    first = name.split()[0]
    return next((o for o in options if o in (name, first)), None)


# "You need either `probe-rs run` or openocd + `defmt-print`. Which do you prefer?": the head
# names of both sides, when the message goes on to ask which
_EITHER = lazy(
    r"(?i)\beither\s+(?:the\s+|a\s+)?`?(?P<a>[A-Za-z][\w.+#-]*)[^.;?]*?\s+or\s+(?:the\s+|a\s+)?"
    r"`?(?P<b>[A-Za-z][\w.+#-]*)"
)


_WHICH_PREFERRED = lazy(
    r"(?i)\bwhich (?:one |of the two |way )?(?:do|would) you (?:prefer|want|like|pick|choose)\b"
)


def _either_options(message: str) -> list[str]:
    if _WHICH_PREFERRED.search(message) is None:
        return []
    m = _EITHER.search(message)
    if m is None or m["a"].lower() == m["b"].lower() or VAGUE.match(m["a"]) or VAGUE.match(m["b"]):
        return []
    return [m["a"].lower(), m["b"].lower()]


# Go, the language, offered beside another option ("Lua or Go?", "Go or Rust?"); the lexicon
# leaves it out, as "go" is an everyday word
_GO_OFFERED = lazy(r"(?<=[\s(/])Go(?=\s*(?:[?？,/)]|\s+or\b|\s*还是))|^Go(?=\s+or\b|\s*还是)")


# "plain alembic", "vanilla JS": a name said to be used alone, without the layer over it
_BARE = r"(?:(?:plain|vanilla|bare|raw|pure)\s+)?"


# a question of two names and nothing else: "clap or argh?", "Pinia vs Vuex?"; a name may
# carry the word that says it is used alone ("flask-migrate or plain alembic?"), and the
# question may say what the options are for ("Room or SQLDelight for the local db?")
_BARE_EITHER = lazy(
    r"(?i)(?:^|[.:;,]\s+)(?P<a>" + _BARE + r"[a-z][\w.+#-]{1,24})\s+(?:or|vs\.?|versus)\s+"
    # "ndjson or one array?": the other side may be a thing said in two words
    r"(?P<b>" + _BARE + r"[a-z][\w.+#-]{1,24}(?:\s+[a-z][\w.+#-]{1,24})?)"
    r"(?:\s+for\s+(?:the\s+|our\s+|a\s+|an\s+|this\s+|my\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})?"
    r"\s*[?？]\s*$"
)
_NOT_OPTIONS = frozenset(
    ("yes", "no", "not", "now", "later", "today", "tomorrow", "here", "there", "this", "that",
     "more", "less", "both", "neither", "either", "else", "what", "which", "why", "how",
     "before", "after", "first", "last", "true", "false", "on", "off", "in", "out", "up", "down")
)  # fmt: skip


# "日期库 moment 还是 dayjs", "组件库呢 antd 还是 arco": a chat's question without its "?",
# two known names at the end of the sentence
_EITHER_AT_END = lazy(
    r"(?i)(?:^|[\s，,:：呢])(?P<a>[a-z][\w.+#-]{1,24})\s*(?:还是|or|vs\.?)\s*"
    r"(?P<b>[a-z][\w.+#-]{1,24})\s*(?:呢|啊|好|比较好|好呢)?\s*$"
)


# "Options: pay for Supabase Pro, or use Neon, …", "Your two options: Kafka or NATS.": the
# options said to be the ones to choose from, with no question mark
_OPTIONS_SAID = lazy(
    r"(?i)^\W*(?:(?:so|the|your|two|a few|main|real)\s+){0,2}(?:options|choices|alternatives)"
    r"\s*(?:are|here)?\s*[:：\u2014\u2013]\s*\S"
)


# "we use sealed-secrets or external secrets?", "for releases, cargo-dist or goreleaser-style by
# hand?": two options the lexicon need not know, the question's last words
_NAMED_EITHER = lazy(
    r"(?i)(?:^|[.:;,]\s+|\b(?:use|using|pick|choose|go with|take|want|prefer)\s+)"
    r"(?P<a>[a-z][\w.+#-]{1,24})\s+(?:or|vs\.?|versus)\s+"
    r"(?P<b>[a-z][\w.+#-]{1,24}(?:\s+[a-z][\w.+#-]{1,24}(?=\s*[?？]))?)"
    r"(?:\s+(?:by hand|for (?:this|now|it|that|us)|here|instead))?\s*[?？]\s*$"
)


# "store wifi creds in a header file or NVS?", "Alembic or write raw SQL migrations?": a name
# against a way said in a few words; the name may be one the lexicon lacks, written as a name
_PHRASE_SIDE = (
    r"(?:(?i:a|an|the|our|just|plain|raw|write|roll|build|keep|do)\s+)"
    r"[a-z][a-z-]*(?:\s+(?:[a-z][a-z-]*|SQL|JSON|YAML|CSV)){0,3}"
)
_NAME_SIDE = r"[A-Za-z][\w.+#-]{1,24}"
_PHRASE_EITHER = lazy(
    r"(?:^|[\s(:,])(?:(?P<n1>" + _NAME_SIDE + r")\s+or\s+(?P<p1>" + _PHRASE_SIDE + r")"
    r"|(?P<p2>" + _PHRASE_SIDE + r")\s+or\s+(?P<n2>" + _NAME_SIDE + r"))\s*[?？]\s*$"
)


def _phrase_either(sentence: str) -> list[str]:
    """The name and the way of an either-or question whose one side is no name."""
    m = _PHRASE_EITHER.search(sentence)
    if m is None:
        return []
    name, way = (m["n1"], m["p1"]) if m["n1"] else (m["n2"], m["p2"])
    written_as_name = TECH.fullmatch(name) or re.search(r"[A-Z]|\w[-._+#]\w", name)
    if not written_as_name or name.lower() in _NOT_OPTIONS:
        return []
    return [name.lower(), way.lower()]


def _bare_either(sentence: str) -> list[str]:
    """The two names of a question of two names and nothing else ("clap or argh?")."""
    bare = _BARE_EITHER.search(sentence)
    # "X or something else?" offers no second option
    if bare is None or {bare["a"].lower(), bare["b"].lower(), bare["b"].split()[0].lower()} & (
        _NOT_OPTIONS | {"something", "anything", "other", "another", "whatever"}
    ):
        return []
    return list(dict.fromkeys((bare["a"].lower(), bare["b"].lower())))


def _named_either(sentence: str) -> list[str]:
    """The two options of an either-or question when one is written as a name (a `-`, `.`)."""
    m = _NAMED_EITHER.search(sentence)
    if m is None or {m["a"].lower(), m["b"].lower()} & _NOT_OPTIONS:
        return []
    names = [m["a"].lower(), m["b"].lower()]
    if not any(re.search(r"\w[-.+#]\w", n) or TECH.fullmatch(n) for n in names):
        return []  # "rewrite or refactor?": ways of working, not named options
    return names if names[0] != names[1] else []


# "“3 天”是自然日还是上课日？", "按清算日还是交易日？": a Chinese question of two terms, at its end
_ZH_EITHER = lazy(
    r"(?P<a>[\u4e00-\u9fff]{2,8})\s*还是\s*(?P<b>[\u4e00-\u9fff]{2,6}?)"
    r"\s*(?:呢|啊|好|比较好|更好)?\s*[？?]\s*$"
)


def _zh_either(message: str) -> list[str]:
    """The two terms of a Chinese either-or question that ends a sentence ("自然日还是上课日？")."""
    for sentence in statements(message):
        m = _ZH_EITHER.search(sentence.strip())
        if m is None:
            continue
        # "另外这个是自然日": the term after the verb that asks about it
        a = re.split(r"是|用|选|走|按|的|要|做|在|存", m["a"])[-1]
        b = re.sub(r"(?:的|呢)$", "", m["b"])
        if len(a) >= 2 and len(b) >= 2 and a != b and not VAGUE.match(a) and not VAGUE.match(b):
            return [a, b]
    return []


def asked_options(message: str) -> list[str]:
    """The technologies an "X or Y?" question offers ("Isar or drift?", "Helm 还是 Kustomize？")."""
    if either := _either_options(message) or _zh_either(message):
        return either
    for sentence in statements(message)[-1:]:
        m = _EITHER_AT_END.search(sentence)
        names = [m["a"], m["b"]] if m else []
        if names and all(TECH.fullmatch(n) for n in names) and names[0].lower() != names[1].lower():
            return [n.lower() for n in names]
    out: list[str] = []
    for line in message.splitlines():  # a list of "Name: what it is" lines
        m = _LISTED.match(line)
        name = TECH.fullmatch(m.group("name").strip()) if m is not None else None
        if name is not None and name.group(1).lower() not in out:
            out.append(name.group(1).lower())
    for sentence in statements(message):
        if named := _bare_either(sentence) or _named_either(sentence) or _phrase_either(sentence):
            # "clap or argh?": a question of two names alone offers both, known or not
            out += [n for n in named if n not in out]
            continue
        if (re.search(r"[?？]\s*$", sentence) or _OPTIONS_SAID.match(sentence)) and _ASKED.search(
            sentence
        ):
            names = [m.group(1).lower() for m in TECH.finditer(sentence)]
            if _GO_OFFERED.search(sentence):
                names.append("go")  # "in Lua or Go?": the language, which the lexicon leaves out
            out += [t for t in names if t not in out]
    return out if len(out) >= 2 else []


_BOLD_LABEL = lazy(r"\*\*([\u4e00-\u9fff][^*\n：:，,（(]{1,15})[^*\n]*\*\*")


def offered_labels(message: str) -> list[str]:
    """Chinese options a message offers in bold ("- **禁止负库存**：…")."""
    labels = (m.group(1).strip() for m in _BOLD_LABEL.finditer(message))
    return list(dict.fromkeys(x for x in labels if not re.match(r"方案|选项|第", x)))


_OPTION_LINE = lazy(
    # (a dash inside the line ends the head, not the next line's bullet)
    # ("- Testcontainers Postgres, one database per worker. …": nor does its first comma)
    # ("- round once per cart and push the remainder onto the last line.": a long one, by its
    # first fifty characters)
    r"^\s*[-*•]\s+(?:\*\*)?(?P<head>[^\n(（:：—]{3,60}?)(?:\*\*)?[ \t]*"
    r"(?:[(（:：—]|,[ \t]|[ \t]-[ \t]|$|(?<=[^\n]{50})(?=[ \t]))",
    re.M,
)


_OPTION_WORD = lazy(r"[a-z0-9][\w.+#/@-]*|[\u4e00-\u9fff]{2,}")


_NOT_OPTION_WORD = frozenset(
    ("the", "a", "an", "its", "it", "with", "via", "and", "or", "just", "s", "yes", "yeah", "yep",
     "ok", "okay", "fine", "sure", "eh", "hmm", "no", "nah", "maybe", "that", "this", "one")
)  # fmt: skip


# "两个办法：- … - …", "Two options: - … - …": a list said to be the ways to choose from
_OFFERS_WAYS = lazy(
    r"(?im)[两几二三\d]\s*(?:个|种)\s*(?:办法|方案|做法|选择|思路)|\b(?:two|three|a few|several)\s+"
    r"(?:options|choices|approaches|ways)\b"
    # "Options:" ending the sentence before the list
    r"|(?:^|[.!]\s+)(?:(?:your|the|some|main|a few)\s+)?(?:options|choices)\s*[:：]\s*$"
)


def offered_bullets(message: str, *, asked: bool = False) -> list[str]:
    """The options of a message that asks which one and lists them as bullets, by their heads.

    "Which push delivery path do you want? - Expo push service (…) - FCM/APNs directly via …";
    when the person `asked` which one, the list answers without a question of its own.
    """
    if not (asked or re.search(r"[?？]", message) or _OFFERS_WAYS.search(message)):
        return []
    heads = [_bullet_head(m["head"]) for m in _OPTION_LINE.finditer(message)]
    return heads if 2 <= len(heads) <= 6 else []


def names_another_option(reply: str, said: str, choice: str) -> bool:
    """Whether a reply names another of the options listed beside `choice`, and not it.

    "- run with the legacy provider … - use Node 16 for that old project …" proposes Node 16;
    "ok legacy provider worked" took the first way, not the proposal.
    """
    heads = [_bullet_head(m["head"]) for m in _OPTION_LINE.finditer(said)]
    mine = [h for h in heads if choice and choice.lower() in h.lower()]
    if not 2 <= len(heads) <= 6 or len(mine) != 1:
        return False
    others = [_option_words(h) for h in heads if h != mine[0]]
    own, words = _option_words(mine[0]), _option_words(reply)
    took = len((own - set().union(*others)) & words)  # ("old" of "that old project": one word)
    return any(len((o - own) & words) >= max(2, took + 1) for o in others)


def _bullet_head(head: str) -> str:
    """An option as its bullet opens it, without "或者" and what follows its first clause."""
    head = re.split(r"[，,；;]", head.replace("`", ""), maxsplit=1)[0].strip()
    head = re.sub(r"^\*\*|\*\*$", "", head).strip()  # bold marks, not a cron's stars
    head = re.sub(r"(?<=\w)\*\*\s.*$", "", head)  # "LiteFS** if you later need replicas."
    return re.sub(r"(?i)^(?:或者|或是|或|either|or)\s*", "", head)


def _option_words(text: str) -> set[str]:
    words = _OPTION_WORD.findall(text.lower().replace("'s", ""))
    return {w for w in words if w not in _NOT_OPTION_WORD}


_SAID_NO = lazy(r"(?i)\s*(?:no|not|never|without)\s+\w|\s*(?:不要|不用|别用|不上|不考虑)")


def picked_bullet(sentence: str, bullets: list[str]) -> str | None:
    """The one listed option a reply opens by naming ("expo's push service, keep it simple")."""
    first = re.split(r"[，。！；]|[,!;.]\s", sentence + " ", maxsplit=1)[0]
    first = re.sub(r"\s*(?:吧|了|呗|啊)\s*$", "", first)  # "uuid v7 吧，主要是…"
    words = _option_words(first)
    if not words or len(words) > 5 or QUESTION.search(sentence) or NEGATED.search(first):
        return None
    if _SAID_NO.match(first):  # "no rabbitmq, nobody here knows how to run it"
        return None
    if len(words) < 2 and not technologies(first):
        return None  # one word that is no known name: "fine", "eh"
    picked = [b for b in bullets if words <= _option_words(b)]
    return picked[0] if len(picked) == 1 else None


def picked_label(sentence: str, labels: list[str]) -> str | None:
    """The one offered label a short reply names by its head ("禁止吧" for "禁止负库存")."""
    first = re.split(r"[，,。！!；;]", sentence, maxsplit=1)[0].strip()
    head = re.sub(r"^(?:ok|好的?|行|嗯|那就?|就)\s*|\s*(?:吧|了|呗)$", "", first)
    if not 2 <= len(head) <= 6 or QUESTION.search(sentence) or NEGATED.search(head):
        return None
    picked = [label for label in labels if label.startswith(head)]
    return picked[0] if len(picked) == 1 else None


# "Inngest，但是 retries 不要超过 3 次": the option named, then a condition on it (not one that
# puts it off: "Inngest，不过以后再说")
_BUT_ON_IT = lazy(
    r"^(?P<head>[^，,。]{1,40}?)\s*[，,]\s*(?:但是?|不过|只是|(?i:but|though)\b)"
    r"(?![^。]*(?:先不|暂时不|以后|再说|(?i:\bnot (?:now|yet)\b|\blater\b)))"
)


def _pick_of(sentence: str) -> str:
    """The part of a reply that picks, a condition on the pick set apart (not in a question)."""
    m = _BUT_ON_IT.match(sentence)
    return m["head"] if m and not QUESTION.search(sentence) else sentence


def leading_name(sentence: str, offered: list[str], *, asked: bool = False) -> str | None:
    """The offered name a reply opens with, alone in its clause ("Argon2id，参数就按你说的 …").

    The reply to a question (`asked`) may say how the option is used ("NVS with BLE
    provisioning", "Go runtime for all server modules") before its next clause.
    """
    if QUESTION.search(sentence):
        return None
    sentence = _pick_of(sentence)  # "Inngest，但是 retries 不要超过 3 次": Inngest
    if NEGATED.search(sentence):
        return None
    # "events_raw: replica identity full then": a name no technology heads what follows
    # ("sqlc: less magic" picks sqlc, for a reason)
    if (label := re.match(r"\s*([^,:]{2,40}):\s*[A-Za-z]", sentence)) and not TECH.fullmatch(
        label[1].strip(" *`")
    ):
        return None
    clauses = re.split(r"[，,。；;:：!！]", sentence)
    # the first clause, or one after "so yeah": "battery life is the point so yeah, ESP-IDF v5.2."
    said = [clauses[0]] + [
        c for before, c in itertools.pairwise(clauses) if _AGREED_END.search(before)
    ]
    # or what its reason leads to: "we target iOS 17+ anyway so swiftdata"
    said += _SO_THEN.split(clauses[0])[-1:] if _SO_THEN.search(clauses[0]) else []
    for clause in said:
        # "django-celery-beat so support can edit it": the name, then why
        clause = _REASON_TAIL.sub("", clause)
        first = re.sub(r"(?i)\s*(?:吧|then|it is)$", "", clause.strip(" *`").rstrip(".")).lower()
        first = _ACCEPTING_LEAD.sub("", first)  # "ok room then", "and yes django-celery-beat"
        first = _PICK_QUALIFIER.sub("", first)  # "clap w/ derive": clap, in the way it is used
        if asked and first not in offered:  # "native esp_https_ota with A/B slots": the name
            first = _PICK_PLAIN.sub("", _PICK_USE.sub("", _PICK_USE.sub("", first)))
        # "ESP-IDF v5.2" names "esp-idf" at a version
        first = re.sub(r"\s+v?\d+(?:\.\d+)*$", "", first) if first not in offered else first
        if first in offered:
            return first
        # "mongo，库名 house_spider" after "MongoDB 还是 MySQL？": a known short name of one
        # offered, of its role (not "steam..." of "SteamMultiplayerPeer")
        role = role_for(first) if len(first) >= 4 and technologies(first) == [first] else None
        longer = [
            o for o in offered if role and o.startswith(first) and technologies(o) == [o]
            and role_for(o) == role
        ]  # fmt: skip
        if len(longer) == 1:
            return longer[0]
        # "sqlc." after "**sqlc + pgx**", "**GORM**", "**ent**": the head of one offered pair
        headed = [o for o in offered if len(first) >= 2 and option_head(o) == first]
        if len(headed) == 1 and headed[0] != first:
            return headed[0]
    return None


# "zstd then.", "LZ4 ok", "coscli。", "ok, Loki please": a reply that is a name and a word taking it
_SHORT_PICK = lazy(
    r"(?i)\W{0,2}(?:(?:ok(?:ay)?|yes|yeah|sure|fine|好|行|嗯)\b[,，\s]*)?"
    r"`?(?P<x>[A-Za-z][\w.+#/@-]{1,40})`?\s*"
    r"(?:then|it is|ok(?:ay)?|please|pls|for sure|yes|吧|就行|可以|好了)?\s*[.!。！]?"
)


def short_pick(sentence: str) -> str | None:
    """The name a reply is, with at most a word taking it ("zstd then.", "LZ4 ok"), lower case.

    Not a word that names nothing ("both then.", "ok then", "commit."). Whether the assistant
    named it just before is for the caller to check (`mentioned_names`).
    """
    m = _SHORT_PICK.fullmatch(sentence.strip())
    if m is None:
        return None
    name = m["x"].rstrip(".").lower()
    return None if name in NO_NAME else name


# words a reply may be that name nothing: "both then.", "later then", "same please"
# fmt: off
NO_NAME = frozenset((
    "both", "neither", "either", "none", "all", "any", "later", "now", "today", "tomorrow",
    "fine", "good", "great", "cool", "perfect", "nice", "sure", "yes", "yep", "yeah", "no",
    "nope", "ok", "okay", "thanks", "thank", "done", "same", "that", "this", "these", "those",
    "it", "one", "first", "second", "third", "last", "other", "former", "latter", "option",
    "options", "plan", "default", "defaults", "agreed", "right", "correct", "true", "false",
    "maybe", "please", "go", "do", "it's", "there", "here", "then", "commit", "push", "merge",
    "deploy", "ship", "revert", "run", "test", "stop", "continue", "proceed", "apply", "null",
    "nil",
))
# fmt: on


# what may follow the option a reply opens with: how to set it up ("insert_overwrite partitioned
# by order_date", "bf16 + grad accum 2x64", "sharded, 64 shards"), not what is said of it
_OPTION_SETUP = lazy(
    r"(?i)^(?:$|[+&]|\d|(?:on|with|by|using|via|per|at|over|across|keyed|partitioned|"
    r"clustered|backed|behind|plus)\b)"
)


def opening_option(sentence: str, listed: list[str]) -> str | None:
    """The listed option a reply opens with by its first word, set up by the rest of its clause.

    "sharded, 64 shards" after "3. **Sharded map**: …" picks the sharded map; "insert_overwrite
    partitioned by order_date" after "2. **insert_overwrite** with …" picks that one. A clause
    that goes on to say something of it ("sync.Map is slow") picks nothing, and neither does a
    word that opens two options ("gradient" of "Gradient accumulation", "Gradient checkpointing").
    """
    if QUESTION.search(sentence) or NEGATED.search(sentence):
        return None
    clause = re.split(r"[，,。；;:：!！]|\.(?:\s|$)", sentence.strip(), maxsplit=1)[0]
    m = re.match(r"([a-z0-9][\w.+#/@-]*)\s*(.*)$", clause.strip(" *`").lower())
    if m is None or len(m[1]) < 3 or m[1] in _NOT_OPTION_WORD:
        return None
    if not _OPTION_SETUP.match(m[2]):
        # "Expo push." after "1. **Expo Push Service** - …": the option's first words, alone
        said = clause.strip(" *`").lower().split()
        if not 2 <= len(said) <= 3:
            return None
        opened = [o for o in listed if o.lower().split()[: len(said)] == said]
        return opened[0] if len(opened) == 1 else None
    opened = [o for o in listed if o.lower().split(maxsplit=1)[:1] == [m[1]]]
    return opened[0] if len(opened) == 1 else None


_GIVES_UP = lazy(r"算了|不要了|不想|不行")
# the words of a choice made again: "做 per-sku metafield 吧", "let's do the per-SKU one"
_CHOOSES_AGAIN = lazy(
    r"(?i)(?:^|[\s，,])(?:就|还是|那就)?(?:做|用|走|换成|改成|改用|选|上)\s*\S|吧\s*(?:[，,。]|$)"
    r"|\b(?:go with|use|switch to|let'?s do|do|pick)\b"
)


def option_named_again(sentence: str, message: str, listed: dict[str, str]) -> str | None:
    """The listed option a change of mind names by words no other option has.

    "hmm actually … 做 per-sku metafield 吧" after "1. A global buffer … 2. A per-SKU buffer
    stored as a Shopify variant metafield": two words only the second option has, and none of
    another's, name it. `message`: the whole reply, which says it changes its mind; `listed`:
    each option by its name, with the whole of its item.
    """
    if not overrides(message) or QUESTION.search(sentence) or len(listed) < 2:
        return None
    if NEGATED.search(sentence) or refused(sentence) or _GIVES_UP.search(sentence):
        return None  # "不用 SETNX 了", "8-bit Adam 也算了": named to be turned down
    if not _CHOOSES_AGAIN.search(sentence):
        return None  # "embedding 先留在 feature store 里": said of it, no choice made
    words = [_option_words(f"{name} {item}") for name, item in listed.items()]
    said = _option_words(sentence)
    named = []
    for n, own in enumerate(words):
        others = set().union(*(w for m, w in enumerate(words) if m != n))
        only = {w for w in own - others if len(w) > 2}
        named.append(len(only & said))
    best = [n for n, count in enumerate(named) if count >= 2]
    if len(best) != 1 or any(c for n, c in enumerate(named) if n != best[0]):
        return None
    return list(listed)[best[0]]


_OPTION_HEAD = lazy(r"\s*(?:\+|/|,|&|\bwith\b|\band\b|\()\s*")


def option_head(option: str) -> str:
    """The first name of an option made of several ("sqlc" of "sqlc + pgx")."""
    return _OPTION_HEAD.split(option, maxsplit=1)[0]


_SO_THEN = lazy(r"(?i)\s+(?:so|hence|therefore)\s+")


_REASON_TAIL = lazy(r"(?i)\s+(?:so|since|because)\s+\w.*$")


# the words a pick opens with before the name ("ok room then", "and yes, clap")
_ACCEPTING_LEAD = lazy(r"(?i)^(?:(?:ok(?:ay)?|yes|yeah|yep|fine|alright|sure|and)\b[\s,.]*)+(?=\S)")


_AGREED_END = lazy(r"(?i)\b(?:so yeah|so yes|so|yeah|yes|yep|yup|sure|ok(?:ay)?)\s*$")


# what a pick may say of the way the option is used: "clap w/ derive", "redis with persistence"
_PICK_QUALIFIER = lazy(r"(?i)\s+(?:w/|with)\s+(?:the\s+)?[\w.+#-]+(?:\s+(?:api|feature|mode))?$")
# and, in the answer to a question, in more words: "nvs with ble provisioning", "spot for batch
# only"; what kind of thing it is ("go runtime"); a plain word before it ("native esp_https_ota")
_PICK_USE = lazy(
    r"(?i)(?:\s+(?:w/|with|for)\s+(?:the\s+|a\s+|an\s+|all\s+)?[\w.+#/-]+"
    r"(?:\s+(?:\+\s+)?[\w.+#/-]+){0,3}?(?:\s+only)?"
    r"|\s+(?:runtime|instances?|nodes?|database|db|library|lib|approach|option|one))$"
)
_PICK_PLAIN = lazy(r"(?i)^(?:native|plain|vanilla|stock|just|only)\s+(?=\S)")


def picks_alone(sentence: str, name: str) -> bool:
    """Whether a reply is the name and a word of acceptance ("recharts is fine", "Vitest 吧")."""
    rest = re.sub(rf"(?i)(?<![\w.-]){re.escape(name)}(?![\w-])", "", sentence, count=1)
    return (
        re.fullmatch(
            r"(?i)\W*(?:ok(?:ay)?|sure|yes|yeah|then|let'?s go with|go with|i'?ll take|"
            r"好|行|那就|就)?\W*"
            r"(?:is fine|works|it is|then|please|sounds good|for me|吧|就行|就好|可以|好了)?\W*",
            rest,
        )
        is not None
    )


def split_answer(sentence: str, offered: list[str]) -> list[tuple[str, str]]:
    """Each offered option a reply gives a part of its own, as (name, purpose).

    "gRPC between services, REST for the public API." answers "REST or gRPC?" with both: gRPC
    "between services" and REST for "the public API".
    """
    if QUESTION.search(sentence) or NEGATED.search(sentence):
        return []
    clauses = re.split(r"\s*[,;，；]\s*(?:and\s+)?|\s+and\s+", sentence.strip().rstrip(".!。！"))
    found: list[tuple[str, str]] = []
    for clause in clauses:
        m = _PART_ANSWER.fullmatch(clause) or _PART_ANSWER_ZH.fullmatch(clause)
        if m is None or m["x"].lower() not in offered:
            return []
        found.append((m["x"], m["for"] or m["part"]))
    names = {name.lower() for name, _ in found}
    return found if 2 <= len(found) <= 3 and len(names) == len(found) else []


# "gRPC between services", "REST for the public API": an offered name and the part it serves
_PART_ANSWER = lazy(
    r"(?i)(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)\s+"
    r"(?:for\s+(?P<for>[^,;]{2,40})|(?P<part>(?:between|in|on|inside|across|within)\s+[^,;]{2,40}))"
)


# "服务之间用 gRPC", "对外 API 走 REST": the part, then the offered name it takes
_PART_ANSWER_ZH = lazy(
    r"(?P<part>(?![我你他就那])[^，,；;\s][^，,；;]{0,11}?)\s*(?:就|也|都)?(?:用|走|选)\s*"
    r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)\s*(?:吧)?(?P<for>)"
)


# "no arduino.", "drop supabase.", "forget kafka": a short reply that turns an option down
_TURNED_DOWN = lazy(r"(?i)\W*(?:no|not|drop|ditch|skip|forget|scrap|lose|remove|kill|without)\s+\w")


def term_answer(sentence: str, offered: list[str]) -> str | None:
    """The one Chinese term of an either-or question a reply takes ("按自然日算就行，简单")."""
    terms = [o for o in offered if is_chinese(o)]
    first = re.split(r"[，,。；;！!]", sentence.strip(), maxsplit=1)[0]
    if len(terms) != len(offered) or any(p.search(first) for p in (NEGATED, QUESTION, _DECLINED)):
        return None
    named = [t for t in terms if t in first]
    return named[0] if len(named) == 1 else None


def short_answer(sentence: str, offered: list[str]) -> str | None:
    """The one offered option a short reply names ("drift.", "Kustomize 吧")."""
    sentence = _pick_of(sentence)
    words = re.findall(r"[\w.+#-]+", sentence)
    if len(words) > 4 or NEGATED.search(sentence) or QUESTION.search(sentence):
        return None
    if _TURNED_DOWN.match(sentence):
        return None  # "no arduino.", "drop supabase.": the option turned down
    named = [m.group(1).lower() for m in TECH.finditer(sentence) if m.group(1).lower() in offered]
    return named[0] if len(set(named)) == 1 else None


# "TTL 你们想设多久？", "上报频率、topic 和 QoS 怎么定？", "how often should the sync run?": the
# assistant asks which value a setting should take (not how big something is now)
_VALUE_ASKED = lazy(
    r"(?i)(?:设|定|配|选|(?<!占)用|刷新|支持|保留)(?:成|为|到)?多(?:少|久|大|长)"
    r"|多(?:少|久|大|长)(?:合适|比较好|刷新)"
    # "默认额度你想要多少？"
    r"|(?:想要|(?<!需)要)多(?:少|久|大|长)"
    r"|怎么(?:定|设置?|配置?|选)|要支持哪些|支持哪些|用哪些"
    r"|\bhow (?:often|long|many|much|big) (?:should|do you want|would you like)\b"
    r"|\bwhen should\b(?! (?:i|we) (?:start|begin|do|ship|deploy|release|merge)\b)"
    r"|\bwhat should (?:the |its |our )?[\w -]{2,30}? be\b"
    r"|\bwhich [\w -]{2,30}? (?:should|do you want|would you like)\b"
    r"|\bwhat [\w -]{2,30}? (?:do you want|would you like)\b"
)


_ASKED_LEAD = lazy(
    r"(?i)^(?:接下来|另外|还有|那|那么|以及|然后|你们?|我们|想|希望|要|需要|打算|准备|支持|"
    r"and|also|the|your|our|should|do you want|would you like)+\s*"
)


_ASKED_TAIL = lazy(
    r"(?i)\s*(?:你们?|我们)?(?:想|希望|打算|准备)?(?:要)?(?:设|定|配|选|用|刷新|支持|保留|是)?"
    r"(?:成|为|到)?$"
)


_VALUE_CLAUSE = lazy(r"[，,。；;！!\n]|(?<=[.!])\s")


def asked_values(message: str) -> list[str]:
    """The settings a message asks the person to give values for ("TTL 你们想设多久？" → TTL)."""
    topics: list[str] = []
    questions = [s for s in statements(message) if re.search(r"[?？]\s*$", s)]
    for question in questions[-2:]:
        pending: list[str] = []
        for segment in re.split(r"[、，,/]|和|以及|\band\b", question):
            m = _VALUE_ASKED.search(segment)
            if m is None:
                pending.append(segment)
                continue
            before = _ASKED_TAIL.sub("", _ASKED_LEAD.sub("", segment[: m.start()].strip()))
            after = re.sub(r"[?？\s]+$", "", segment[m.end() :])
            words = re.findall(
                r"what should (?:the |its |our )?([\w -]+?) be"
                r"|what ([\w -]+?) (?:do you want|would you like)",
                segment,
                re.I,
            )
            words = [w for pair in words for w in pair if w]
            topic = words[0] if words else before or _ASKED_LEAD.sub("", after)
            for t in [*pending, topic]:
                t = _ASKED_TAIL.sub("", _ASKED_LEAD.sub("", t.strip(" ?？")))
                if 2 <= len(t) <= 24 and t.lower() not in (x.lower() for x in topics):
                    topics.append(t)
            pending = []
    return topics


def _names_topic(clause: str, topic: str) -> bool:
    """Whether a clause of an answer is about `topic` ("上报间隔 10 分钟" for 上报频率)."""
    low, t = clause.lower(), topic.lower()
    if t in low:
        return True
    han = re.sub(r"[^\u4e00-\u9fff]", "", t)
    return len(han) >= 2 and any(han[i : i + 2] in low for i in range(len(han) - 1))


def answered_values(message: str, topics: Sequence[str]) -> list[str]:
    """The clauses of a reply that give a value for one of `topics` ("TTL 设 10 分钟")."""
    out: list[str] = []
    for clause in _VALUE_CLAUSE.split(without_blobs(message)):
        clause = clause.strip(" 。.")
        if not 3 <= len(clause) <= 60 or QUESTION.search(clause) or NEGATED.search(clause):
            continue
        if not re.search(r"\d|[A-Za-z_]{2,}", clause) or TENTATIVE.search(clause):
            continue
        if any(_names_topic(clause, t) for t in topics):
            out.append(clause)
    if not out and len(topics) == 1 and (given := _value_given(message)):
        out.append(f"{topics[0]}: {given}")  # "默认额度你想要多少？" then "全局 200 rps，burst 50"
    return out


_GIVEN_VALUE = lazy(
    r"(?i)^[^\d，,。；;]{0,20}?\d+(?:\.\d+)?\s*(?:[a-z%]{1,8}|[\u4e00-\u9fff]{1,2})?$"
)


def _value_given(message: str) -> str | None:
    """The value a reply opens with, the whole of its first sentence, when it is one."""
    first = re.split(r"[。；;！!\n]|(?<=[.!])\s", without_blobs(message).strip(), maxsplit=1)[0]
    first = first.strip(" 。.")
    clauses = [c.strip() for c in re.split(r"[，,]", first)]
    if not first or len(first) > 40 or QUESTION.search(first) or TENTATIVE.search(first):
        return None
    if re.fullmatch(r"\d", first):
        return None  # "2." picks the second of a list, it gives no value
    return first if all(_GIVEN_VALUE.match(c) for c in clauses) else None


# "Which contact point should it use?", "Where should the rendered PDFs go?", "Which base image
# do you want?", "告警用什么？", "日志放哪里？": the assistant's open question about one thing
# of the project, the thing asked about as `t`
_OPEN_ASKED = (
    lazy(
        r"(?i)^(?:so\s+|and\s+|also\s+)?(?:which|what)\s+(?P<t>[a-z][\w -]{1,30}?)\s+"
        # not the assistant's own next step: "which file should I open first?"
        r"(?:(?:should|shall)\s+(?:we|it|they|the\s+\w+|i)\s+(?:use|be|go with|pick|run on)|"
        r"do you want|would you like|do you prefer)\b[^?]*\?$"
    ),
    lazy(
        r"(?i)^(?:so\s+|and\s+|also\s+)?where\s+should\s+(?:the\s+|we\s+(?:put|store|keep)"
        r"\s+(?:the\s+)?)?(?P<t>[a-z][\w -]{1,30}?)(?:\s+(?:go|live|be stored|be kept|be put))?"
        r"\s*\?$"
    ),
    lazy(
        r"^(?:那|那么|另外)?(?P<t>[\w\u4e00-\u9fff][\w\u4e00-\u9fff -]{0,20}?)\s*"
        r"(?:用什么|用啥|放哪(?:里|儿)?|存哪(?:里|儿)?|放在哪(?:里|儿)?)(?:比较好|好)?[?？]$"
    ),
)
# a reply that answers nothing: an acknowledgement, a doubt, time asked for to find out
_NO_ANSWER = lazy(
    r"(?i)^(?:ok(?:ay)?|sure|yes|yeah|yep|no|nope|thanks|good|great|fine|hmm+|not sure|"
    r"let me|i'?ll check|i don'?t know|idk|好的?|行|嗯+|可以|不知道|不确定|我(?:问|想|看)一?下)\b"
    # a report of what is so already: "key 已经 disable 了"
    r"|.*(?:已经|\balready\b)"
)


def asked_open(message: str) -> str | None:
    """The one thing the last question of an assistant's message asks for openly.

    "The job renders the PDF. Where should the rendered PDFs go?" → "rendered PDFs". None when
    the question offers options (those are answered by picking one) or asks more than one.
    """
    questions = [s for s in statements(message) if re.search(r"[?？]\s*$", s)]
    if len(questions) != 1 or re.search(r"(?i)\bor\b|还是|或者", questions[0]):
        return None
    for pattern in _OPEN_ASKED:
        if m := pattern.match(questions[0].strip()):
            topic = _ASKED_TAIL.sub("", re.sub(r"(?i)^(?:the|our|your)\s+", "", m["t"]).strip())
            return topic if topic.lower() not in ("it", "we", "you", "one", "this") else None
    return None


def direct_answer(message: str) -> str | None:
    """A reply's first clause when it answers an open question outright with a value or a name.

    "the on-call Slack channel via a webhook, #payments-oncall" → its first clause; not "ok",
    "not sure, let me ask", a question back, nor "whatever you think".
    """
    first = re.split(r"[，,。；;\n]|(?<=[.!])\s", without_blobs(message).strip(), maxsplit=1)[0]
    first = first.strip(" 。.!！")
    if not 3 <= len(first) <= 60 or _NO_ANSWER.match(first) or delegates(message):
        return None
    if QUESTION.search(message) or NEGATED.search(first) or TENTATIVE.search(first):
        return None
    # a value, a name in code, a known technology or a Chinese noun phrase: something to keep
    named = re.search(r"\d|[`_/:#@]|[A-Z][a-z]+[A-Z]|\.[a-z]|\b[a-z]+-[a-z0-9]+\b", first)
    if named or technologies(first):
        return first
    return first if is_chinese(first) and len(first) >= 4 else None


# "tf-locks, thats what the other repos use": a reply opening with one name or value alone
_BARE_VALUE = lazy(r"^\W{0,2}`?(?P<v>(?=[\w.-]*[-_.\d])[A-Za-z0-9][\w.-]{1,60})`?\s*$")


def named_value(message: str, topics: Sequence[str]) -> str | None:
    """The value a reply gives the one setting asked about by opening with it alone.

    "What should the DynamoDB lock table be called?" then "tf-locks, thats what the other
    repos use": "DynamoDB lock table tf-locks". A word ("sure", "yes") is no value: it needs a
    digit, "-", "_" or ".", as names of resources and values with units have.
    """
    if len(topics) != 1:
        return None
    first = _VALUE_CLAUSE.split(without_blobs(message).strip(), maxsplit=1)[0]
    m = _BARE_VALUE.match(first.strip(" 。."))
    if m is None or QUESTION.search(first):
        return None
    return f"{topics[0]} {m['v']}"


# "whatever you think", "your call", "你定": the person leaves the choice to the assistant
_DELEGATES = lazy(
    r"(?i)^\W*(?:(?:ok(?:ay)?|hmm+|eh|idk)[,.]?\s*)?(?:whatever you (?:think|prefer|want|recommend|"
    r"suggest)(?: is best)?|your call|you (?:decide|pick|choose)|up to you|dealer'?s choice|"
    r"either (?:is|works)(?: fine)?|you know better|"
    r"你定(?:吧|就行)?|你看着办|你决定|听你的|你选(?:吧)?)"
    r"\W*$"
)


# the person asks the assistant to pick, anywhere in a message: "同步方案还没定，你看看哪个合适",
# "帮我选一个", "you pick one", "which is better for us"
_ASKS_FOR_A_PICK = lazy(
    r"(?i)你(?:看看|看|来|帮我)?(?:定|选|决定|挑)|帮我(?:选|挑|定)|哪个(?:合适|好|更好|更合适)"
    r"|\byou (?:pick|choose|decide)\b|\bwhich (?:one )?(?:is better|would you|should we|fits)\b"
)


def asks_for_a_pick(message: str) -> bool:
    """Whether the person leaves a choice to the assistant ("你看看哪个合适", "you pick one")."""
    return delegates(message) or _ASKS_FOR_A_PICK.search(message) is not None


def delegates(message: str) -> bool:
    """Whether a reply leaves the choice to the assistant ("whatever you think", "你定吧")."""
    return _DELEGATES.match(message.strip()) is not None


# ---- a value the person puts in place of one the assistant gave ----------------------------------

# units written after a number, each with the spellings that mean it
_UNITS = {
    "s": ("s", "sec", "secs", "second", "seconds", "秒"),
    "ms": ("ms", "毫秒"),
    "min": ("m", "min", "mins", "minute", "minutes", "分钟"),
    "h": ("h", "hr", "hrs", "hour", "hours", "小时"),
    "d": ("d", "day", "days", "天"),
    "w": ("w", "week", "weeks", "周"),
    "%": ("%",),
}
_UNIT_OF = {spelling: unit for unit, spellings in _UNITS.items() for spelling in spellings}
# a number not inside a name, a range or a product ("3~7", "2x", "4\u00d74"), and its unit
_NUMBER = (
    r"(?<![A-Za-z0-9_.$/:~\u00d7*+-])(?P<n>\d{1,7}(?:\.\d+)?)[ \t]*"
    r"(?P<u>[a-zA-Z%]{1,8}(?![A-Za-z])|秒钟?|毫秒|分钟|小时|天|周|个月|年|条|个|次|台|核|倍|行|"
    r"字节|页|份|张|人|元)?(?![\d~-])"
)
# "改成 8192", "make it 120", "调到 30 秒", "bump it to 256MB": a value set in place of another
_SET_TO = lazy(
    r"(?i)(?:改成|改为|改|调到|调成|调为|设成|设为|设到|降到|提到|加到|减到|"
    r"\bmake it|\bchange it to|\bset it to|\bbump it to|\braise it to|\blower it to|"
    r"\bdrop it to|\bgo with|\blet'?s do)\s*" + _NUMBER
)
# a reply that is the value alone: "500吧", "120 then", "500."
_VALUE_ALONE = lazy(
    r"(?i)^(?:(?:ok|okay|hmm|nah|no|那|就|那就)[,，\s]*)?"
    + _NUMBER
    + r"\s*(?P<said>吧|就行|就好|then|instead|please|pls)?\s*[.。!！]?$"
)
# "canary 5% 太多了 2% 就行": the value that is enough, inside the clause
_VALUE_ENOUGH = lazy(r"(?:^|(?<=\s))" + _NUMBER + r"\s*(?:就行|就好|就够了?|足够了?)")
_NUMBER_SAID = lazy(_NUMBER)
_SUPPOSED = lazy(r"(?i)如果|假如|要是|\b(?:if|when|unless)\b")
# what opens the assistant's clause and is no part of the setting: "建议改成 …", "I set …"
_SAID_LEAD = lazy(
    r"(?i)^(?:(?:另外|现在|目前|默认|建议(?:改成|改为|用)?|我(?:把|设了?|用了?)?|"
    r"(?:so\s+)?I(?:'ve| have)?\s+(?:set|made|configured|used)|currently|right now|by default)"
    r"[\s,，]*)+"
)


def _unit(u: str | None) -> str:
    """A unit as one spelling ("seconds", "秒", "s" → "s"); "" for none, else as written."""
    if not u:
        return ""
    return _UNIT_OF.get(u.lower(), u.lower())


def replaced_value(reply: str, said: str) -> tuple[str, str] | None:
    """The setting a reply gives a new value, as the assistant's clause said it, and that clause.

    "gate 配置：监听 8888，最大 4096 连接。" then "改成 8192，…" is ambiguous (two numbers of no
    unit); "…每批 1000 条？" then "1000太大了 … 500吧" sets "每批 500 条"; "The reconnect window
    is 60 seconds" then "60s is too short … make it 120" sets "The reconnect window is 120
    seconds". The old value is the one the reply names, else the only one of the same unit.
    """
    text = without_blobs(reply)
    if QUESTION.search(text) or TENTATIVE.search(text) or NEGATED.search(text):
        return None
    clauses = [c.strip() for c in re.split(r"[，,；;。\n]|(?<=[.!?])\s", text) if c.strip()]
    new = next((m for c in clauses if (m := _set_to(c, alone=len(clauses) == 1))), None)
    if new is None or not said:
        return None
    old = _old_value(text[: text.find(new["n"])], said, new)
    if old is None:
        return None
    said_clauses = re.split(r"[，,；;。？！?!\n]|(?<=[.:：])\s", without_blobs(said))
    clause = next((c for c in said_clauses if old.group(0) in c), None)
    if clause is None:  # a number the clauses' split parted from its unit: no setting to read
        return None
    clause = _SAID_LEAD.sub("", clause.strip(" *-.。"))
    start = clause.find(old.group(0))
    # a setting said in words, not a line of code, a formula or another change
    if start < 0 or len(clause) > 60 or re.search(r"[`=(){}\[\]:：~（）]|\d\s+\d", clause):
        return None
    if _SUPPOSED.search(clause):  # "如果是 30": a supposition, not the setting
        return None
    if _SET_TO.search(clause) or not re.search(r"[A-Za-z\u4e00-\u9fff]{2}", clause[:start]):
        return None  # another change, or a number with nothing before it to say what it is
    value = new["n"] + clause[start + len(old["n"]) : start + len(old.group(0))]
    if new["u"] and not old["u"]:
        value = f"{new['n']} {new['u']}" if is_chinese(new["u"]) else new["n"] + new["u"]
    setting = (clause[:start] + value + clause[start + len(old.group(0)) :]).strip()
    return setting, clause


def _set_to(clause: str, *, alone: bool) -> re.Match[str] | None:
    """The value a clause of a reply sets: "改成 8192", "2% 就行", "500吧", or a value alone."""
    if m := _SET_TO.search(clause) or _VALUE_ENOUGH.search(clause):
        return m
    # "the datasheet says CAN 2.0B, extended IDs, 500k": a value listed among others sets nothing
    m = _VALUE_ALONE.match(clause)
    return m if m is not None and (alone or m["said"]) else None


def _old_value(before: str, said: str, new: re.Match[str]) -> re.Match[str] | None:
    """The number of the assistant's message that `new` takes the place of, if one is clear."""
    numbers = [m for m in _NUMBER_SAID.finditer(without_blobs(said)) if m["n"] != new["n"]]
    # "1000太大了 … 500吧", "60s is too short": the reply names the value it replaces
    named = [m for m in numbers if re.search(rf"(?<![\d.]){re.escape(m['n'])}(?![\d.])", before)]
    if named:
        return named[0] if len({m["n"] for m in named}) == 1 else None
    unit = _unit(new["u"])
    alike = [m for m in numbers if _unit(m["u"]) == unit] if unit else []
    if len(alike) == 1 and _UNIT_OF.get(unit):
        return alike[0]
    # "改成2000" after "默认保留最近 500 条": the one number the message gave
    return numbers[0] if not unit and len(numbers) == 1 else None


# ---- an upgrade the assistant offers -------------------------------------------------------------

_UPGRADE_NAME = r"(?P<name>[A-Za-z][\w.+#/-]{0,30}?)"
_UPGRADE_VERSION = r"(?P<ver>v?\d+(?:\.\d+){0,3}(?:[-.]?(?:rc|beta|alpha|post)\d*)?)"
# "should I bump Next.js to 14.2?", "I'd upgrade pydantic to v2", "我顺便把 Flink 升到 1.18"
_UPGRADE_OFFERED = (
    lazy(
        r"(?i)\b(?:should i|shall i|want me to|i'?d|i would|i can|i could|let me|i'?ll|"
        r"i suggest(?: we)?|we (?:could|should))\s+(?:also\s+)?(?:bump|upgrade|update|move|pin)\s+"
        + _UPGRADE_NAME
        + r"\s+(?:to|at)\s+"
        + _UPGRADE_VERSION
        + r"(?![\w.])"
    ),
    lazy(
        r"(?:我|建议|可以|要不要|要不|是否)?(?:顺便|先|也)?把\s*"
        + _UPGRADE_NAME
        + r"\s*(?:升到|升级到|升级成|升成|更新到|锁到|锁定到|固定到|降到|回退到)\s*"
        + _UPGRADE_VERSION
        + r"(?![\w.])"
    ),
)


def upgrade_offered(message: str) -> tuple[str, str, str] | None:
    """The name, version and sentence of an upgrade an assistant's message asks about.

    "我顺便把 Flink 升到 1.18，…，你看行吗？" → ("Flink", "1.18", that sentence). A message that
    does not ask (it reports the upgrade done, or only says one is possible) offers nothing.
    """
    text = without_blobs(message).strip()
    for pattern in _UPGRADE_OFFERED:
        m = pattern.search(text)
        # asked in its own sentence ("should I bump Next.js to 14.2? …") or at the message's end
        end = re.search(r"[.!?。！？](?:\s|$)|$", text[m.end() :]) if m else None
        if m and end and (end[0].strip() in ("?", "？") or re.search(r"[?？]\s*$", text)):
            start = max(text.rfind(stop, 0, m.start()) for stop in (". ", "。", "\n", "? ", "！"))
            said = text[start + 1 : m.end() + end.end()].strip()
            return m["name"], m["ver"], said
    return None


def upgrade_taken(reply: str, version: str) -> str:
    """The version a reply that takes up an upgrade settles on: the offered one or a finer one.

    "可以，1.18.1 吧" after an offer of 1.18 settles on 1.18.1.
    """
    first = re.split(r"[。.!！\n]\s", reply.strip(), maxsplit=1)[0]
    for m in re.finditer(r"(?<![\w.])v?(\d+(?:\.\d+){1,3})(?![\w.])", first):
        if m[1].startswith(version.lstrip("v") + "."):
            return m[1]
    return version


# ---- a tool the assistant asks whether to take ---------------------------------------------------

_ASKED_NAME = r"`?(?P<x>[A-Za-z][\w.+#/-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)`?"
# "Should I switch the HTTP client to httpx?", "Want me to add Redis caching …?", "要不要切
# rustls？", "要不要顺便把日志换成 structlog？": a yes or no question about taking one tool
_TOOL_ASKED = (
    lazy(
        r"(?i)^(?:so\s+|also\s+|and\s+)?(?:should i|shall i|(?:do you )?want me to|should we|"
        r"can i|may i)\s+(?:also\s+|just\s+)?(?:(?:switch|move|migrate|change|port)\s+"
        r"(?:[\w-]+\s+){0,4}?to|use|add|adopt|go with|pull in|introduce|bring in)\s+" + _ASKED_NAME
    ),
    lazy(
        r"(?:要不要|需不需要|要不|是否)(?:顺便|也|先|直接|干脆)?(?:切到?|换成?|改成|改用|用|上|加上?|引入|"
        r"接入|把[^，。？?]{1,12}?(?:换成|改成|切到|迁到|改用))\s*" + _ASKED_NAME
    ),
)
# "切。", "要", "换吧": a yes said by the verb of the question
_VERB_YES = lazy(r"^\s*(?:要|切|换|用|加|上|开|改)(?:吧|了|的)?\s*(?:[。！!，,.]|$)")


def tool_asked(message: str) -> tuple[str, str] | None:
    """The tool an assistant's last question asks whether to take, and that question.

    "要不要切 rustls？" → ("rustls", "要不要切 rustls？"); None when it asks about no known tool.
    """
    questions = [s for s in statements(without_blobs(message)) if re.search(r"[?？]\s*$", s)]
    if not questions:
        return None
    for pattern in _TOOL_ASKED:
        if (m := pattern.search(questions[-1])) and technologies(m["x"]):
            return m["x"], questions[-1]
    return None


def says_yes(reply: str) -> bool:
    """Whether a reply takes up what a yes or no question asked ("yes", "可以", "切。")."""
    return accepts(reply) or _VERB_YES.match(reply) is not None


# ---- a step the assistant puts to the person -----------------------------------------------------

# "…，方便人工核对。可以吗？", "…. Sound good?": the message asks for a yes to what it just said
_ASKS_FOR_YES = lazy(
    r"(?i)(?:^|[，,]\s*)(?:这样|你看|那)?(?:可以|行|好|ok|OK)吗[？?]$"
    r"|^(?:(?:does that|would that|will that) (?:work|sound (?:good|ok|right))|sound(?:s)? good|ok|"
    r"okay|good to go|shall i go ahead|want me to go ahead|go ahead)\s*\?$"
)
# what a step says concretely: a name in code, a known tool, a number
_CONCRETE_STEP = lazy(r"`[^`]+`|\d|[A-Za-z]+[_.][A-Za-z]|[a-z][A-Z]")


_FOR_A_START = lazy(
    r"(?i)\b(?:start(?:ing)? with|for now|for a start|initially|to begin with)\b|先用|暂时|暂且"
)


# "Next I will add …", "我先把 …": who does the step, not the step
_STEP_LEAD = lazy(
    r"(?i)^(?:(?:next|then|so|and|ok(?:ay)?|好|好的)[,，。.]?\s*)*"
    r"(?:(?:i|we)(?:'ll|'d| will| would| can| could)?\s+|我们?(?:会|先|再|就|可以)?(?:把)?)"
)


def put_for_yes(message: str) -> str | None:
    """The statement an assistant's message asks the person to say yes to, when concrete.

    "都解析不了的行写进 `rejects.csv` 而不是直接丢掉，方便人工核对。可以吗？" → its first
    statement; "Sound good?" after a question, a list or a vague one puts nothing.
    """
    said = statements(without_blobs(message))
    if len(said) < 2 or not _ASKS_FOR_YES.search(said[-1]):
        return None
    head = _ASKS_FOR_YES.sub("", said[-1]).strip(" ，,")
    step = head if len(head) >= 8 else said[-2]
    if QUESTION.search(step) or re.search(r"[?？:：]\s*$", step) or len(step) > 160:
        return None
    # a way to begin with ("start with slowapi + in-memory storage") is left for later, and a
    # step that gives a name up ("不需要 X 了，只保留 Y") is read by what it gives up
    if _FOR_A_START.search(step) or rejected(step):
        return None
    if not (_CONCRETE_STEP.search(step) or technologies(step)):
        return None
    return _STEP_LEAD.sub("", step).rstrip("。.") or None
