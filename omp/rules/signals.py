"""Signals: the words that tell what a sentence does, whatever it is about.

A question, tentative talk, a negation, a wish, a condition, a rule said whole.
"""

from __future__ import annotations

import re

from omp.lazyre import lazy

TENTATIVE = lazy(
    r"(?i)\b(?:maybe|perhaps|might|could try|we could|could we|should we|shall we|what if|"
    r"how about|what about|(?<!after )thinking (?:about|of)|considering|consider|not sure|possibly|"
    r"let'?s try|try out|give .{1,30} a (?:try|shot)|i wonder|wondering|probably|idea:|"
    # a case supposed ("suppose we switch to pnpm", "万一以后用 Mongo"): nothing is chosen; not
    # "in case that matters", which says why something is told
    r"suppose|supposing)\b"
    r"|万一|假如|假设|倘若|假使"
    r"|试试|也许|可能|或许|一直在想|要不干脆|(?<!不)考虑|要不要|是不是|不确定|尝试一下|看看能不能|能不能|行不行|会不会"
    # "王强提议把 Nginx 换成 APISIX": what someone proposed, not what was decided
    r"|(?<![我])(?:提议|提出)"
    r"|(?<![好用必])纠结|犹豫|还没定|没定|还?没(?:有)?结论|待定|未定|还在讨论|再讨论|还要再看"
)


# a final "?" asks, but not the one of a Quartz cron expression ("cron 定成 0 30 9 * * ?")
QUESTION = lazy(
    r"(?<!\*\s)[?？]\s*$|^(?:should|shall|can|could|would|do|does|did|is|are|what|which|how|why|where|"
    r"when|who)\b"
    # "How we deploy: we use Argo CD": a label the statement opens with, asking nothing
    r"(?!\s+(?:we|i|it|this|our \w+)\s+[\w' ]{1,30}:\s+\S)"
    r"(?<!do(?=\s+the\s+[^?]{1,40}\sthing\s*[.!]?\s*$))"  # "do the pooler thing." asks nothing
    # Chinese asks with a final particle as often as with a question mark ("…，你觉得呢")
    r"|(?:你觉得|你看|怎么样|如何|好不好|行不行|对不对|有没有)?[吗呢嘛]\s*[。.!！~]?\s*$"
    r"|\b(?:what do you think|thoughts|wdyt)\W*$",
    re.I,
)


NEGATED = lazy(
    r"(?i)\b(?:not|never|neither|don'?t|doesn'?t|won'?t|no longer|didn'?t|isn'?t|aren'?t)\b"
    r"|不要|不用|别用|别换|别改|先别|不会|没有|不再|没在?用|没选|不使用|未使用"
)


# a rule for every part of a kind: "all API responses use snake_case", "no service talks to …"
RULE_CLAUSE_TEXT = (
    r"(?:all|every|each|no)\s+[\w -]{1,30}?\s+"
    r"(?:use|must|should|go|are|is|gets?|talks?|calls?|needs?|requires?|has to|have to|"
    r"returns?|follows?|emits?)\b"
    # "never push to main", "always squash": a rule said whole
    r"|(?:never|always)\s+(?!mind\b|been\b)[a-z]+\b"
)


# "所有接口都要写 OpenAPI 文档", "每个 PR 都必须有测试": a rule said whole, in Chinese
# "禁止在 controller 里直接写 SQL", "不允许在代码里硬编码配置": a prohibition said whole
PROHIBITION_ZH = (
    r"(?:禁止|不允许|严禁|不准|不许|一律不(?:得|许|准)?)(?!了)"
    # not a question, nor a condition or a time ("不允许跨域的话…", "禁止 root 登录之后…")
    r"(?![^，,。；;]*(?:[?？吗]|的话|之后|以后|时候))[^，,。；;]{2,40}"
)


RULE_CLAUSE_ZH = (
    r"(?:所有|全部|每个|每一个|每次|新的?)[^，,。；;]{1,16}?(?:都|一律|统一)?"
    r"(?:要|必须|需要|得|不能|不许|不准|禁止)[^，,。；;]{2,40}|" + PROHIBITION_ZH
)


RULE_CLAUSE = lazy(r"(?i)" + RULE_CLAUSE_TEXT + "|" + RULE_CLAUSE_ZH)


# "PR 至少要一个人 review 才能合并": a thing and what it must do, a rule once "以后" leads it
MODAL_RULE_ZH = (
    r"[^，,。；;\s][^，,。；;]{0,16}?(?:都|一律|统一)?"
    # not "都要" ("以后每周都要更关卡" tells how often, not a rule)
    r"(?:必须|至少要|至少得|一律|不能|不许|不准|禁止|不允许)[^，,。；;]{2,60}"
)


WISH = lazy(
    r"(?i)\b(?:if|would|wanted|wants|unless|whether|once|until)\b"
    r"|想|打算|本来|如果|要是|假如|等到|之后再|准备|计划"
)


VAGUE = lazy(
    r"(?i)^(?:it|this|that|they|them|these|those|he|she|we|you|i|something|anything|"
    r"one(?=\s+of\b|\s*$)|the same|"
    r"same|what|which|"
    r"your|my|his|her|their|a few|some|any|more|less|both|either|neither|all)\b"
    r"|^(?:whole|entire|other|usual|rest of the)\s+things?\b"  # "let's do the whole thing"
    # Chinese has no word boundary: "这个上", "怎么处理它"
    r"|^(?:这个|那个|它|一下|[这那][两几三四]个|什么|哪个|这些|那些|这样|这么办|怎么|如何|为什么)"
)


ACTION_WORD = lazy(
    r"(?i)^(?:the\s+)?(?:command|script|file|function|tool|terminal|shell|output|following|"
    r"above|below|approach|way|method|code|snippet|test|tests|logs?)\b"
)


CONDITION = lazy(r"(?i)\b(?:if|unless)\b")  # "If budget isn't a concern, LaunchDarkly."


# "…，后面再说要不要上 k8s", "…, we'll revisit sharding later": a later question put off, after
# what the sentence settles now
_DEFERRAL = lazy(
    r"(?i)[，,；;]\s*(?:(?:(?:这个|那个|[a-z0-9]+\s*)?(?:后面|以后|回头|之后|后续|下个?(?:版本|迭代|阶段|月|季度))"
    r"再(?:说|看|考虑|议|定))"
    r"|(?:we(?:'ll| will| can)|let'?s)\s+(?:see|revisit|decide|think about|look at|talk about)\b"
    r"[^,;]*\blater\b|(?:maybe|possibly|perhaps)\s+later\b|later we(?:'ll| can| might)\b).*$"
)


def before_deferral(sentence: str) -> str:
    """`sentence` without a closing clause that puts a question off ("，后面再说要不要上 k8s")."""
    m = _DEFERRAL.search(sentence)
    return sentence[: m.start()] if m is not None and m.start() >= 8 else sentence
