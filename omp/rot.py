"""ROT: what extraction must not store, or store differently (OpenMemory Plus §2.3).

Pure functions, no I/O, deterministic, English and Chinese:
- trivial: too short to carry information, or a content-free acknowledgement;
- redundant: `similarity` of two texts, judged against `SKIP_AT` and `MERGE_AT`;
- obsolete: an explicit statement that something is no longer used or was replaced.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from omp.constants import MERGE_AT, MIN_INFO_LENGTH, SKIP_AT
from omp.lazyre import lazy

__all__ = [
    "FILLER",
    "MERGE_AT",
    "MIN_INFO_LENGTH",
    "SKIP_AT",
    "Obsolete",
    "features",
    "must_share",
    "obsolete_signal",
    "redundancy",
    "similarity",
    "trivial_reason",
]

_CJK = lazy(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_WORD = lazy(r"[^\W_]+", re.UNICODE)

# Anchored, case-insensitive: acknowledgements, waiting, fillers, thanks (upstream list),
# plus test chatter the upstream docs name. A filler is the whole message, or a clause set
# apart before a few more words ("稍等一下，我看看", "wait... let me check"), or a status
# "processing ... now": "Waitlist signup", "processing queue for uploads" and "wait for db
# before migrations" are work, not waiting.
_END = r"[\s!.~\u2026\u3002\uff01\uff5e]*$"
_BLOCKED = lazy(
    r"(?i)^(?:"
    r"(?:好的|ok|okay|明白|收到|了解|知道了|是的|对|嗯|行|可以|sure|yes|yep|yeah|got it|roger|"
    rf"understood|thanks|thank you|thx|ty|hmm+|hm|ah|oh|uh){_END}"
    r"|(?:(?:稍等|请稍候|请稍等|正在处理)(?:一下|片刻|中)?|(?:wait|waiting|processing|hold on)\b"
    r"(?:\s+(?:a\s+)?(?:sec(?:ond)?|moment|minute))?)"
    rf"(?:{_END}|\s*(?:[,\uff0c\u3001:\uff1a-]|\.\.\.|\u2026).{{0,20}}$)"
    r"|(?:processing|working on|checking)\b.{0,40}\bnow" + _END + "|"
    r"(?:测试记忆|验证通过|测试成功)"
    r")"
)


FILLER = "acknowledgement or filler"


def info_length(text: str) -> int:
    """Letters and digits, a CJK character counting as 3 (it carries a word's meaning)."""
    cjk = 0 if text.isascii() else len(_CJK.findall(text))
    other = sum(1 for ch in text if ch.isalnum()) - cjk
    return other + 3 * cjk


def trivial_reason(text: str) -> str | None:
    """Why `text` is trivial (too short, or a blocked phrase), or None when it is not."""
    stripped = text.strip()
    if _BLOCKED.match(stripped):
        return FILLER
    if info_length(stripped) < MIN_INFO_LENGTH:
        return f"shorter than {MIN_INFO_LENGTH} characters of information"
    return None


def features(text: str) -> Counter[str]:
    """Case-folded words, and character bigrams of CJK runs (Chinese has no spaces).

    A word is a run of letters and digits (`str.isalnum`); a run that starts with a CJK
    character gives the bigrams of its CJK characters (the character alone when it has one).
    """
    features: Counter[str] = Counter()
    for word in _WORD.findall(text.casefold()):
        if not word.isascii() and _CJK.match(word):
            chars = [ch for ch in word if _CJK.match(ch)]
            features.update(
                chars if len(chars) < 2 else (a + b for a, b in itertools.pairwise(chars))
            )
        else:
            features[word] += 1
    return features


def similarity(a: str, b: str) -> float:
    """Cosine similarity (0..1) of the two texts' word and CJK-bigram counts."""
    fa, fb = features(a), features(b)
    if not fa or not fb:
        return 1.0 if not fa and not fb else 0.0
    dot = sum(n * fb[k] for k, n in fa.items() if k in fb)
    norm = math.sqrt(sum(n * n for n in fa.values())) * math.sqrt(sum(n * n for n in fb.values()))
    return dot / norm


def must_share(fa: Counter[str], at: float, commonness: Callable[[str], int]) -> list[str] | None:
    """Features of `fa` one of which every text at least `at` similar to it holds.

    The cosine of two count vectors that share none of these is at most the norm of `fa`'s
    other features over its whole norm (Cauchy-Schwarz), and those others are chosen, most
    common first (`commonness`, e.g. how many stored texts hold the feature), while that
    ratio stays below `at`. So a search for texts holding any of the returned features finds
    every text that similar: the rarer they are, the fewer texts it finds. Any order is
    right; None when there is no such set (`fa` is empty: empty texts are alike).
    """
    if not fa:
        return None
    budget = at * at * sum(n * n for n in fa.values()) * (1 - 1e-9)  # rounding: share more
    ordered = sorted(fa, key=lambda f: (-commonness(f), f))
    kept = n = 0
    while n < len(ordered) and kept + fa[ordered[n]] ** 2 < budget:
        kept += fa[ordered[n]] ** 2
        n += 1
    return ordered[n:]


def redundancy(a: str, b: str) -> str:
    """Whether `a`, against stored `b`, is to "skip" (duplicate), "merge" or "store"."""
    score = similarity(a, b)
    if score >= SKIP_AT:
        return "skip"
    if score >= MERGE_AT:
        return "merge"
    return "store"


class Obsolete(NamedTuple):
    """An explicit signal that `old` is no longer used (`new` replaces it, when named)."""

    old: str
    new: str | None


# A term ends at whitespace or punctuation (full-width too); a dot only ends it at the end of
# a sentence, so `moment.js` and `Next.js` stay whole.
_STOP = r"\s,;:!?\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f"
_TERM = rf"([^{_STOP}]+(?:\s+[^{_STOP}]+){{0,2}}?)"
# a term that ends the pattern: more words only while they are capitalised ("Cloud Run")
_LAST = rf"([^{_STOP}]+(?:\s+(?-i:[A-Z0-9])[^{_STOP}]*){{0,2}})"
_OBSOLETE = (
    # "改用 Y 替代 X" / "用 Y 替换 X" / "用 Y 代替 X"
    (lazy(rf"(?:改用|用)\s*{_TERM}\s*(?:替代|替换|代替|取代)\s*{_TERM}"), "new-old"),
    # "不再使用 X" / "弃用 X" / "停用 X"
    (lazy(rf"(?:不再使用|不再用|弃用|停用)\s*{_TERM}"), "old"),
    # "X 已废弃" / "X 已弃用"
    (lazy(rf"{_TERM}\s*(?:已废弃|已经废弃|已弃用|已淘汰)"), "old"),
    # "Arduino 那套后面不维护了"
    (
        lazy(rf"{_TERM}\s*(?:那套|这套)?\s*(?:后面|以后|之后)?\s*(?:不维护了|不再维护)"),
        "old",
    ),
    # "replace(d) X with Y"
    # "replace hono/jwt with a Cloudflare Access check": the name after the article
    (
        lazy(rf"(?i)\breplac(?:e|ed|ing)\s+{_TERM}\s+with\s+(?:(?:the|an?)\s+)?{_LAST}"),
        "old-new",
    ),
    # "switch(ed) from X to Y" / "migrate(d) from X to Y" / "moving the api off X and onto Y"
    (
        lazy(
            rf"(?i)\b(?:switch|migrat|mov)(?:e|ed|ing)?\s+(?:[\w.\-]+\s+){{0,3}}?"
            rf"(?:from|off(?:\s+of)?|away from)\s+(?:the\s+)?(?:old\s+|current\s+)?{_TERM}"
            # "to plain pytorch + accelerate": the name after the adjective
            rf",?\s+(?:and\s+)?(?:onto|on to|over to|to)\s+(?:(?:plain|vanilla|pure|bare)\s+)?"
            rf"{_LAST}"
        ),
        "old-new",
    ),
    # "we're moving off Heroku" / "migrating away from Mongo" / "phasing out Jenkins"
    (
        lazy(
            rf"(?i)\b(?:(?:migrat|mov)(?:e|ed|ing)?\s+(?:[\w.\-]+\s+){{0,3}}?"
            rf"(?:off(?:\s+of)?|away from)|phas(?:e|ed|ing) out|sunset(?:s|ted|ting)?)"
            rf"\s+(?:the\s+)?(?:old\s+|current\s+)?{_LAST}"
        ),
        "old",
    ),
    # "从 Flask 迁移到 FastAPI" / "把队列从 RabbitMQ 换成 Kafka": the new one a name
    (
        lazy(
            rf"从\s*{_TERM}\s*(?:迁移到|迁到|迁至|换成|换到|切到|切换到|改成|改为|改用|升级到)了?\s*"
            r"([A-Za-z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)"
        ),
        "old-new",
    ),
    # "no longer use X" / "stop(ped) using X" / "X is deprecated"
    (
        lazy(rf"(?i)\b(?:no longer us(?:e|ing)|stop(?:ped)? using|dropp?(?:ed)?)\s+{_TERM}"),
        "old",
    ),
    (lazy(rf"(?i){_TERM}\s+(?:is|was|has been)\s+(?:deprecated|retired|removed)\b"), "old"),
)


def obsolete_signal(text: str) -> Obsolete | None:
    """The first explicit "no longer X" / "Y instead of X" statement in `text`, if any."""
    for pattern, order in _OBSOLETE:
        m = pattern.search(text)
        if m is None:
            continue
        groups = [g.strip().rstrip(".") for g in m.groups()]
        if order == "new-old":
            return Obsolete(old=groups[1], new=groups[0])
        if order == "old-new":
            return Obsolete(old=groups[0], new=groups[1])
        return Obsolete(old=groups[0], new=None)
    return None
