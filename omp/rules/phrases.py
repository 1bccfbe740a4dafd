"""Where the phrase that names a choice or a rule ends.

"use Redis because ..." names "Redis"; "all API responses use snake_case" is a rule said whole.
"""

from __future__ import annotations

import re

from omp.lazyre import lazy
from omp.rules.lexicon import NOT_NAMES, ZH_PRODUCT
from omp.rules.signals import MODAL_RULE_ZH, RULE_CLAUSE
from omp.rules.text import is_chinese

_EN_CUT = lazy(
    r"\s+(?:because|since|as (?:it|we|they|this|that|part of)|so (?:that|we|it)|instead of|"
    r"rather than|not (?=[A-Za-z])|"
    r"over|versus|vs\.?|for(?! [A-Z][a-z]+[A-Z])|to (?=[a-z]+\b)|with (?:a|an|the|our|its)|"
    r"on (?:our|the|a|an|top|its)|"
    r"which|"
    r"that(?:'s| is| will)|then|but|and (?:not|then|also|deploy|set|use|move|"
    r"keep|add|write|run|retire|drop|remove|delete|kill|stop|sunset|deprecate|replace|ditch)|"
    r"from now on|going forward|moving forward|here|there|too|as well|across|until|unless|"
    r"in (?:production|prod|the|our|this)|"
    # "Postgres 16 next month": when, not what
    r"(?:next|this) (?:week|month|sprint|quarter|year|release)|tomorrow|today|tonight|"
    r"later|soon|asap|eventually|at some point)\b"
    r"|[,;!?()\u2014]|:(?![\w/])|\.(?:\s|$)|\s-\s"
)


_THEN_ZH = lazy(r"然后|接着|随后")
_ZH_CUT = lazy(
    r"因为|由于|比较好|更好|更合适|比较合适|好一点|好一些|而不是|而非|不用|替代|替换掉?|换掉|代替|取代|来做|来|作为|做为|做|用于|吧|了|的话|进行|，|,|。|；|;|！|!|？|\?|、|（|\(|：|"
    r":(?![\w/])"  # "EPSG:3857", "node:20-alpine" keep their colon
)


# where a rule said in Chinese ends: at its clause, or at the end of a bare modal clause that
# goes on with it ("每个微服务都要有自己的数据库，不能共享")
_RULE_END_ZH = lazy(
    r"[。；;！!？?]|[，,](?!\s*(?:也|都|而且|并且)?(?:不能|不许|不准|禁止|不允许|不得|必须)[^，,。；;]{1,20}"
    r"(?:$|[。；;！!]))"
)


# a Chinese product name that opens a phrase, where the name ends: before what is done with it
# ("钉钉机器人发告警"), not inside a longer name ("微信支付分", "高德 amap_flutter_map")
_ZH_PRODUCT_HEAD = lazy(
    rf"(?:{ZH_PRODUCT})(?=\s*(?:$|[，,。；;！!？?、（(]|[来去发做推收接作当给吧了就也都]))"
)


_LEAD = lazy(r"^(?:the|a|an|our|using|to use|use|with|on)\s+", re.I)


# steps in their order: "first write to a temp file, then rename", "write to a temp file first,
# then rename it over the old one"
_STEPS_EN = lazy(
    r"(?i)^(?:first\s+[a-z]+\b[^;.]{3,80}?|[a-z]+\b[^;.]{3,80}?\s+first)\s*,?\s+"
    r"(?:and\s+)?then\s+[a-z]+"
)


_TAIL = lazy(
    r"\s+(?:then|instead|again|now|directly|for it|here|there|too|it is|it's|after all|please|"
    r"pls|plz"
    # "we moved to Fly.io last month": when it was chosen, not what
    r"|yesterday|today|recently|last (?:week|month|year|quarter|sprint|night)|"
    r"this (?:week|month|year|morning|sprint)|(?:a|an|one|two|three|four|few|\d+) "
    r"(?:days?|weeks?|months?|years?) ago)$",
    re.I,
)


# "the humantime crate", "the official requests library": the name, without its kind
_KIND_TAIL = lazy(
    r"(?i)^(?:official\s+)?(?!(?:local|remote|new|old|official|standard|same|other|custom|own|"
    r"internal|external|core|main|shared|common|default|native|right|whole|single|separate|"
    r"first|second|last|next|existing|current|legacy|official|system|base)\b)"
    r"(?P<name>[A-Za-z][\w.+#/-]*)\s+"
    r"(?:crate|library|lib|package|gem|module|plugin)$"
)


_MAX_WORDS = 6


# A choice that starts with one of these is an action ("store amounts as integer cents").
VERBS = frozenset(
    [
        "store",
        "keep",
        "model",
        "use",
        "run",
        "build",
        "split",
        "move",
        "put",
        "make",
        "write",
        "treat",
        "send",
        "cache",
        "log",
        "validate",
        "encrypt",
        "hash",
        "serve",
        "deploy",
        "ship",
        "host",
        "pin",
        "lock",
        "schedule",
        "enable",
    ]
)


# the words a rule said whole starts with: "store amounts as cents", "always store … in UTC"
RULE_LEADS = VERBS | {"always", "never", "leave", "exclude"}  # "leave X out of Y"


# a type's size written after its name ("NUMERIC(18,2)", "varchar(255)", "DECIMAL(12, 4)") is
# part of the type: its brackets and comma cut nothing
_TYPE_SIZE = lazy(r"(?<=[A-Za-z0-9_])\(\s*\d{1,4}(?:\s*,\s*\d{1,4})?\s*\)")
_SHIELD = str.maketrans({"(": "\ue000", ")": "\ue001", ",": "\ue002"})
_UNSHIELD = str.maketrans({"\ue000": "(", "\ue001": ")", "\ue002": ","})


# a setting written as code, key and value: "`strategy: 'prefix_except_default'`"
_CODE_SETTING = lazy(r"`([\w.-]+\s*[:=]\s*[^`]+)`")


def clip(phrase: str) -> str:
    """The head of `phrase`: the thing named, without the reasons and asides that follow."""
    if setting := _CODE_SETTING.match(phrase.strip()):
        return setting[1]  # "`strategy: 'prefix_except_default'`：中文地址…": the setting whole
    shielded = _TYPE_SIZE.sub(lambda m: re.sub(r"\s", "", m[0]).translate(_SHIELD), phrase)
    return _clip(shielded).translate(_UNSHIELD)


def _clip(phrase: str) -> str:
    phrase = phrase.strip().strip("`'\"“”‘’")
    if _STEPS_EN.match(phrase):  # "first write to a temp file, then rename": the order, whole
        return " ".join(re.split(r"[;.]\s|[;.]$", phrase)[0].split()[:16])
    rule = _RULE_END_ZH.split(phrase, maxsplit=1)[0].strip()
    if is_chinese(rule[:6]) and is_rule_clause(rule):
        # "所有接口都必须做鉴权": a rule said whole ends with its clause
        return cut_zh(rule, 80).replace("`", "")
    head = _ZH_CUT.split(phrase, maxsplit=1)[0].strip()
    if not head.startswith("先"):
        # "JSON 格式输出到 stdout 然后由 Fluent Bit 收集": the way, not the steps that follow it;
        # "先写 tmp 然后 rename" is an order of steps, said whole
        head = _THEN_ZH.split(head, maxsplit=1)[0].strip()
    head = re.sub(r"(?<=[A-Za-z0-9.+#-])\s*的$", "", head)  # "用 Redis 的吧": Redis
    head = re.sub(r"^(?:走|用|使用|采用|改用)\s*(?=[A-Za-z])", "", head)  # "改成走 RocketMQ"
    # "用官方的 go-elasticsearch v8": which one, then its name
    head = re.sub(r"^(?:官方|现成|自带|原生|开源|现有)的\s*(?=[A-Za-z])", "", head)
    # "就用你推荐的 Caddy": the one the assistant named
    head = re.sub(r"^(?:你|刚才|上面|前面)(?:说|提|推荐|建议)的(?:那个)?\s*(?=[A-Za-z])", "", head)
    # "Flink SQL 写", "sqlc 写": the verb after the tool is what is done with it
    head = re.sub(r"(?:(?<=[A-Za-z0-9])\s*|\s+)[写读造跑调存传发](?:入|出)?$", "", head)
    if is_chinese(head[:4]):
        if named := _ZH_PRODUCT_HEAD.match(head):
            return named[0]  # "钉钉机器人发告警": the name, not what is done with it
        return cut_zh(head.strip(" `'\"“”").replace("`", ""), 40)  # "读环境变量 `X`": X, unquoted
    if RULE_CLAUSE.match(head):  # a rule said whole: "Every node has to use the same RMW"
        clause = re.split(r"[,;:.]\s|\s[\u2014\u2013-]\s", head)[0]
        return " ".join(clause.split()[:16]).rstrip(".")
    head = _EN_CUT.split(" " + head, maxsplit=1)[0].strip()
    # "AWS Secrets Manager and load them at startup": the name, not what to do with it
    head = re.split(r"\s+and\s+(?=[a-z]+\s+(?:them|it|this|that|those)\b)", head)[0]
    for _ in range(3):
        head = _LEAD.sub("", head).strip()
    head = _TAIL.sub("", head)
    if (kind := _KIND_TAIL.match(head)) and kind["name"].lower() not in NOT_NAMES:
        head = kind["name"]
    words = head.split()
    # said whole: "store amounts as cents", "always run migrations in a job of their own"
    rule = words and (words[0].lower() in RULE_LEADS or RULE_CLAUSE.match(head))
    limit = _MAX_WORDS + 4 if rule else _MAX_WORDS
    if len(words) > limit:
        # a cut right after a preposition loses its object ("... under envs/"): keep it; and
        # one right before a setting's value ("Android minSdk 24") its value
        kept = words[limit - 1].lower() in _PREPOSITIONS or _A_VALUE.fullmatch(words[limit])
        limit += int(bool(kept))
        head = " ".join(words[:limit])
    return head.strip(" `'\"“”.,").replace("`", "")


# where a long Chinese phrase may end: before the clause that goes on ("…处理然后把结果…")
_ZH_GOES_ON = lazy(r"然后|接着|之后再|再|并且|而且|以及|同时|这样|并|或者|还有")


def cut_zh(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, never inside a word it can tell.

    Chinese has no spaces: the cut goes before a word that starts the next step ("然后", "并且")
    in the second half, else not through a Latin name or number ("…通知下载链接" is not cut
    into "…通知下载" when a step word comes before it).
    """
    if len(text) <= limit:
        return text
    steps = [m.start() for m in _ZH_GOES_ON.finditer(text, 0, limit + 1) if m.start() >= limit // 2]
    if steps:
        return text[: steps[-1]].rstrip()
    end = limit
    while (
        end > limit // 2 and text[end - 1 : end + 1].isascii() and text[end - 1 : end + 1].isalnum()
    ):
        end -= 1  # "…用 Elasticsearch": the name whole or not at all
    return text[:end].rstrip()


_A_VALUE = lazy(r"v?\d+(?:\.\d+)*[A-Za-z%]{0,3}")


_PREPOSITIONS = frozenset(
    ("under", "in", "on", "at", "of", "from", "by", "into", "per", "to", "as")
)


# the way all of a kind is done: "日志统一用 JSON 格式", "金额一律按分存"
_UNIFORM_RULE_ZH = (
    r"[^，,。；;\s][^，,。；;]{0,12}?(?:都|也)?(?:统一|一律)"
    r"(?:用|使用|采用|按照?|走)[^，,。；;]{2,60}"
)


_UNIFORM_RULE = lazy(_UNIFORM_RULE_ZH)


_MODAL_RULE = lazy(MODAL_RULE_ZH)


def is_rule_clause(choice: str) -> bool:
    """True for a rule said whole ("all API responses use snake_case"): its own title."""
    return (
        RULE_CLAUSE.match(choice) is not None
        or _MODAL_RULE.fullmatch(choice) is not None
        or _UNIFORM_RULE.fullmatch(choice) is not None
    )
