"""Decisions: what one sentence decides, against what and why, and what else it settles."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from omp.lazyre import lazy
from omp.rules.decision_en import DECISION_EN
from omp.rules.decision_zh import DECISION_ZH
from omp.rules.dialogue import NO_NAME
from omp.rules.facts import NOT_STACK, OTHERS_STACK_ZH, described_clauses_zh, settled
from omp.rules.lexicon import (
    NOT_NAMES,
    TECH,
    VERSIONED,
    ZH_PRODUCT,
    role_of,
    technologies,
)
from omp.rules.phrases import clip
from omp.rules.signals import (
    ACTION_WORD,
    NEGATED,
    QUESTION,
    RULE_CLAUSE,
    TENTATIVE,
    VAGUE,
    WISH,
)
from omp.rules.text import CLAUSE, FENCE, is_chinese, without_blobs

_ALTERNATIVE_EN = lazy(
    r"(?i)\b(?:instead of|rather than|over|not|versus|vs\.?|and not|no more|drop(?:ping)?|"
    r"ditch(?:ing)?|replac(?:e|ing))\s+(?P<x>(?:[^,;.!?()]|(?<=\w)\(\d[\d, ]*\))+)"
)


# "I'd rather use Redis than Postgres", "… than pull in zap": the option a preference is set against
_RATHER_THAN = lazy(
    r"(?i)\brather\b[^,;.!?]{1,80}?\bthan\s+(?:to\s+)?(?:use\s+|using\s+|pull(?:ing)? in\s+|"
    r"go(?:ing)? with\s+|add(?:ing)?\s+)?(?P<x>[^,;.!?()]+)"
)


_ALTERNATIVE_ZH = lazy(
    r"(?:而不是|而非|不再使用|不再用|不用|没选|没用|放弃|替代|替换掉?|换掉|代替|取代|不要|不需要|不上(?!线)"
    r"|别(?:再)?(?:用|上|引入))(?:了)?"
    r"(?P<x>[^，。,；;!！?？]+)"
)


# "as" gives a reason as a clause of its own (", as we need …"), not in "store money as cents"
_WHY = lazy(
    r"(?i)(?:\b(?:because|since|so that)|(?:^|[,;]\s*)as)\s+(?P<x>.+)|(?:因为|由于)(?P<z>.+)"
    # "uuid v7 吧，主要是分布式+有序", "dayjs，原因是 moment 不维护了"
    r"|[，,]\s*(?:主要是|原因是|理由是|毕竟)(?:因为)?(?P<y>.{2,})"
)


_PURPOSE = lazy(
    # "ruff for both lint and format": both parts, not the first
    r"(?i)\bfor\s+both\s+(?:the\s+)?(?P<w>[\w-]{2,20}\s+and\s+[\w-]{2,20})\b"
    r"|(?i:\bfor\s+(?:the\s+|our\s+)?(?P<x>[\w -]{3,30}?)"
    r"(?:[,.;]|$|\s+(?:because|since|and|over|instead of|rather than|not|it is)\b))"
    r"|(?:来做|做|作为)(?P<z>[\u4e00-\u9fff]{2,6}?)(?=[吧了呢啊吗嘛]|[^\u4e00-\u9fff]|$)"
    # "钉钉机器人发告警": what a Chinese product is used to do
    rf"|^(?:{ZH_PRODUCT})\s*(?:来|去)?(?P<v>[发推收][\u4e00-\u9fff]{{1,5}}?)"
    r"(?=[吧了呢啊吗嘛]|[^\u4e00-\u9fff]|$)"
)


class Decision(NamedTuple):
    """A choice stated in a sentence."""

    choice: str
    alternatives: tuple[str, ...]
    rationale: str | None
    purpose: str | None
    explicit: bool  # "we decided" / "决定" rather than an instruction


_WAVERS = lazy(r"(?i)(?:or|either)\b|或者|或|还是|要么")


_JOINED_DOUBT = lazy(r"(?i)\s+(?:and|but)\s+(?=(?:maybe|perhaps|possibly|probably)\b)")


def _before_doubt(sentence: str) -> str | None:
    """The clauses of a hedged sentence before its doubt, when they stand on their own.

    None when the doubt comes first, or weighs another option ("Use Redis, or maybe Memcached").
    """
    head = settled(sentence, TENTATIVE)
    # "Let's start with SQLite for now and maybe move to Postgres later": a doubt joined by
    # "and" is about what follows it
    joined = _JOINED_DOUBT.search(sentence)
    if not head and joined is not None:
        head = sentence[: joined.start()]
    rest = sentence[len(head) :].lstrip(" ，,；;")
    if not head or TENTATIVE.search(head) or _WAVERS.match(rest):
        return None
    return head


# "We might move to Kafka later, but for now we'll use Redis Streams": what is done meanwhile
_MEANWHILE = lazy(
    r"(?i)(?:[,;，；]\s*|\s+)(?:but\s+|and\s+)?(?:for now|for the time being|in the meantime|"
    r"right now|until then)\b[\s,]*"
    r"|(?:[，,；;]\s*)(?:但|不过)?(?:现在|目前|暂时)?先(?=\s*(?:用|上|选|走|放))"
)


def _after_doubt(sentence: str) -> str | None:
    """What a hedged sentence settles for now, after a doubt about later.

    "Maybe Postgres later; for now SQLite is fine." settles SQLite; "for now" before the doubt
    is `_before_doubt`'s, and a "for now" clause that wavers itself settles nothing.
    """
    m = _MEANWHILE.search(sentence)
    if m is None or not TENTATIVE.search(sentence[: m.start()]):
        return None
    rest = sentence[m.end() :]
    if is_chinese(m.group()):
        rest = "先" + rest
    if not rest.strip() or TENTATIVE.search(rest) or QUESTION.search(rest):
        return None
    return rest


_CONCLUSION = lazy(
    r"^\W*(?:(?:选型|技术选型|最终|会议|讨论)?(?:结论|决议)|(?:选型|技术选型|最终)(?:结果|方案)"
    # "所以决定改掉：de-id 整个用 DuckDB SQL 来写": a change decided, then said after the colon
    r"|(?:所以|那就|那|最后|最终)?(?:决定|定了)(?:改掉|改了|换掉|换了|改|换|这样))"
    r"\s*[：:]\s*"
)


def decision(sentence: str, known: Sequence[str] = ()) -> Decision | None:
    """The decision `sentence` states, or None (questions and tentative talk state none).

    `known`: names the conversation offered as options ("**clap**"), which a bare "use X"
    may name as well as the technologies of the lexicon. The clauses before a doubt still
    decide ("先用 Kafka engine 吧，也许以后再上 Flink" decides Kafka engine).
    """
    if QUESTION.search(sentence):
        return None
    if (m := _CONCLUSION.match(sentence)) and (inner := decision(sentence[m.end() :], known)):
        return inner._replace(explicit=True)  # "选型结论：…改存 ClickHouse"
    if _UNDECIDED.search(sentence):
        return None  # "…换成 APISIX 的方案 review 了一半，还没结论": nothing is decided yet
    if undone := _DECIDED_ONCE.search(sentence):
        # "We had decided on Mongo but switched to Postgres": what holds is what came after,
        # said by the same "we" ("… but switched to Postgres")
        after = _SUBJECT_LEFT_OUT.sub("we ", sentence[undone.end() :], count=1)
        return decision(after, known)
    if TENTATIVE.search(sentence):
        head = _before_doubt(sentence) or _after_doubt(sentence)
        return decision(head, known) if head else None
    if (turn := _BUT_CHANGED.search(sentence)) and (
        later := _first_decision(sentence[turn.end() :], known)
    ):
        return later  # "schedule 02:30 可以, 但是上游凌晨 2 点才结账，改成 03:00": 03:00
    found = _first_decision(sentence, known)
    if found is None and (m := _TOPIC_LEAD.match(sentence)):
        return _first_decision(sentence[m.end() :], known)  # "Changed my mind on X: switch to Y"
    return found


# a value agreed, then changed in the same breath: "…可以, 但是…，改成 03:00", "…, but make it 4"
_BUT_CHANGED = lazy(
    r"(?i)[，,;；]\s*(?:(?:但是?|不过|可是)[^。.;；]*?[，,]\s*(?=(?:还是)?(?:改成|改为|换成|改到))"
    r"|but\s+(?=(?:switch|change)\s+(?:it\s+)?to\s))"
)


_UNDECIDED = lazy(
    r"还?没(?:有)?(?:结论|定下来|拍板)|待定|未定|还在讨论|(?i:\bno (?:decision|conclusion) yet\b|"
    r"\bstill (?:undecided|open|under discussion)\b|\bnot decided\b)"
    # "客户决定用 Oracle，我们还在评估", "have we decided on the queue yet": asked, not settled
    r"|还在(?:评估|考虑|对比)"
    r"|(?i:^(?:have|has)\s+(?:we|you|they|the team|anyone)\s+(?:\w+\s+)?decided\b)"
)


# a decision since undone: "we had decided on Mongo, but …", "at first we decided on REST, then
# …", "decided on Kafka last year but …", "本来决定用 Jenkins 的，后来…": up to the turn
_DECIDED_ONCE = lazy(
    r"(?i)(?:\b(?:had|originally|initially|at first|back then|last (?:year|month|week|quarter|"
    r"sprint)|\w+ (?:weeks|months|years) ago)\b[^.;:]{0,40}?\bdecided\b"
    r"|\bdecided\b[^.;:]{0,60}?\blast (?:year|month|week|quarter|sprint)\b"
    # "originally we picked MySQL, then …", "we went with Mongo at first but …"
    r"|\b(?:originally|initially|at first)\b[^.;:]{0,30}?\b(?:picked|chose|went with|"
    r"started (?:with|on)|used)\b"
    r"|\b(?:picked|chose|went with|started (?:with|on))\b[^.;:]{0,40}?"
    r"\b(?:at first|initially|originally)\b)"
    r"[^.;:]*?(?:,\s*|\s+)(?:but|then|however|which turned out)\b"
    r"|(?:当初|本来|原来|原本|起初|一开始|最早)[^。；;，,]{0,6}?(?:决定|定了|定的)[^。；;]*?[，,]\s*"
    r"(?:但是?|不过|后来|结果|可是)"
)


# "… but switched to Postgres", "…, then moved to Postgres": the clause after the turn goes on
# with the subject of the one before it
_SUBJECT_LEFT_OUT = lazy(
    r"(?i)^\s*(?:we\s+)?(?:then\s+|later\s+|eventually\s+)?(?=(?:switched|moved|migrated)\s)"
)


# a short lead before a colon, then what is decided: "just make it lighter: use Redis as broker"
# "Pinia 不动" keeps Pinia; "表结构不动" keeps the schema as it is, which is the choice itself
_KEPT_AS_IS_ZH = lazy(r"(?<=[A-Za-z0-9.)])\s*(?:不动|不变|不换|照旧|保持不变|保持原样)$")


_TOPIC_LEAD = lazy(r"^[^:：]{3,40}(?::\s+|：\s*)")


def _first_decision(sentence: str, known: Sequence[str]) -> Decision | None:
    """The choice of the first decision pattern that names a plausible one."""
    en = [(p, explicit, "en", bare) for p, explicit, bare in DECISION_EN]
    zh = [(p, explicit, "zh", bare) for p, explicit, bare in DECISION_ZH]
    # "后端是 Go，数据库用 PostgreSQL": the stack described; its clauses choose nothing
    described = described_clauses_zh(sentence)
    for pattern, explicit, lang, bare in zh + en if is_chinese(sentence) else en:
        m = pattern.search(sentence)
        if m is None or (not explicit and any(a <= m.start("x") < b for a, b in described)):
            continue
        if not _states_choice(sentence, m) or _RAN.search(re.split(r"[，,。；;]", m["x"])[0]):
            continue  # "改成 ntasks=1 以后到了 210 ns/day" reports a run, not a choice
        if not explicit and _not_a_way(sentence, m):
            continue  # "use Docker to reproduce the bug": a step of the task at hand
        if "way" in m.re.groupindex and technologies(m["way"]):
            continue  # "前端统一用 pnpm" chooses a tool: the pattern for choices names it
        if "within" in m.re.groupindex and m["within"] and role_of(m["x"]) != "language":
            continue  # "write the parser in Rust" chooses; "add the column in postgres" places
        kept = _kept_as(sentence, m) if lang == "en" else None
        found = (
            Decision(kept, (), rationale(sentence), None, explicit)
            if kept
            else _decision_of(m, sentence, known, explicit=explicit, lang=lang, bare=bare)
        )
        if found is not None:
            return found
    return None


# what says a choice is enough, after its name: "用 csv 就行", "就用 Redis 就好"
_ENOUGH_TAIL = lazy(r"\s*(?:就行了?|就好了?|就可以了?|就够了?)$")


def _decision_of(
    m: re.Match[str], sentence: str, known: Sequence[str], *, explicit: bool, lang: str, bare: bool
) -> Decision | None:
    """The decision a pattern's match states, or None when what it names is no choice."""
    choice, part_topic = _choice_of_part(m, explicit=explicit, lang=lang)
    # "let's scrap X and keep Y", "let's not use X; Y"
    given_up = [clip(m["gone"])] if "gone" in m.re.groupindex else []
    choice, given_up = _instead(m.group("x").strip(), choice, given_up, sentence[: m.start("x")])
    choice = _ENOUGH_TAIL.sub("", choice) or choice  # "用 csv 就行": csv
    if "on" in m.re.groupindex:
        choice = f"enable {choice}"  # "acks_late 也打开吧"
    if abandon := _ABANDON.match(choice):  # "drop X and use Y" chooses Y; "放弃 X" alone, nothing
        instead = _taken_instead(abandon, sentence[m.start("x") :])
        if instead is None:
            return None
        choice, given_up = instead[0], given_up + instead[1]
    english_instruction = lang == "en" and not explicit
    choice = fuller_name(_with_topic(sentence[: m.start()], choice), known)
    if lang == "zh":  # "那还是 Pinia 不动": the name kept as it is
        choice = _used_as(m.group("x")[m.group("x").find(choice) :], choice)
        choice = _KEPT_AS_IS_ZH.sub("", choice) or choice
    way = "way" in m.re.groupindex  # "日志统一用 JSON 格式" is titled by itself
    if lang == "zh" and not way and (part := _PART_USES.fullmatch(choice)):  # "定了：前端用 React"
        # who speaks is no part of the system: "决定了，我们用 Kafka 做事件总线" is for 事件总线
        who = part["topic"] in _WHO_ZH
        choice, part_topic = part["x"], part_topic if who else part["topic"]
    # "NUMERIC(18,2)" is named as NUMERIC is: the size is the type's, and is kept with it
    name = re.sub(r"\(\d[\d,]*\)$", "", choice) or choice
    named = _names_known(name, known) or _named_for_a_purpose(name, sentence, lang)
    named = named or ("versioned" in m.re.groupindex and m["versioned"] is not None)
    named = named or _set_against_known(sentence[m.start("x") :], name)
    if not _plausible_choice(choice, bare=bare and not named):
        return None
    if english_instruction and _narrates(sentence, m, name, named=bool(named)):
        return None
    topic = _topic_of_match(m)
    if topic is not None and (_MINE.search(sentence) or VERSIONED.search(sentence)):
        # "装包用 uv add，我不用 pip": the person's way; "服务是 FastAPI 0.111，broker 用 Redis 7":
        # the stack described, not chosen
        return None
    topic = _plain_topic(topic, lang) if topic else None
    given_up += alternatives_before(sentence[: m.start("x")])
    given_up += [n for n in _too_much(sentence)]
    given_up += [g["x"] for g in _NAME_GIVEN_UP.finditer(sentence[m.start("x") :])]
    after = alternatives(sentence[m.start("x") :], choice)
    given_up += _rather_than(sentence)
    return Decision(
        choice,
        tuple(a for a in dict.fromkeys([*given_up, *after]) if not _within(a, choice)),
        rationale(sentence),
        topic or part_topic or purpose(sentence[m.start("x") :]),
        explicit=explicit,
    )


# "Use miniredis, not a real Redis": a name set against a known one is the one chosen instead
_AGAINST = lazy(
    r"(?i)\s*,?\s*(?:not|instead of|rather than|over)\s+(?:an?\s+|the\s+)?"
    r"(?:real\s+|plain\s+|local\s+|actual\s+|full\s+)?(?P<y>[A-Za-z][\w.+#-]*)"
)


def _set_against_known(said: str, name: str) -> bool:
    """Whether `said` (from the choice on) sets `name` against a known technology."""
    if not said.lower().startswith(name.lower()) or not re.search(r"[A-Za-z]{3}", name):
        return False  # "no, not expo-router": no name
    if name.lower() in ("yes", "yeah", "nope", "not", "okay", "sure", "fine", "that", "this"):
        return False
    m = _AGAINST.match(said, len(name))
    return m is not None and bool(technologies(m["y"]))


def _within(alternative: str, choice: str) -> bool:
    """Whether an alternative is the choice itself, or words of it.

    "…, then rename it over the old one" gives nothing up; a name inside the choice still
    may be one ("Redis" beside "Redis Streams").
    """
    a, c = alternative.lower(), choice.lower()
    return a == c or (" " in a and a in c)


_MOVED_TO = lazy(
    r"(?i)\b(?:switch(?:ed|es|ing)?|mov(?:e|ed|es|ing)|migrat(?:e|ed|es|ing))\s+"
    r"(?:[\w-]+\s+){0,3}?to\s*$"
)
_FROM_OLD = lazy(r"(?i)^(?P<new>\S.*?)\s+from\s+(?P<old>[A-Za-z][\w.+#/ -]*)$")


def _instead(x: str, choice: str, given_up: list[str], before: str) -> tuple[str, list[str]]:
    """The choice and what it gives up, when `x` says what it moves from or rules out."""
    if _MOVED_TO.search(before) and (moved := _FROM_OLD.match(choice)):
        # "decided to switch to uv from poetry": uv, from poetry
        return clip(moved["new"]), [*given_up, clip(moved["old"])]
    if moved := _MOVE_FROM.match(x):  # "decided to switch from npm to pnpm"
        new, gone = moved["new"] or moved["new_zh"], moved["old"] or moved["old_zh"]
        return clip(new), [clip(gone)]
    if (instead := _NONE_THEN.match(x)) and technologies(instead["new"]):
        # "decided: no ORM, raw SQL with sqlx": what is used instead of the one ruled out
        return clip(instead["new"]), [*given_up, clip(instead["gone"])]
    return choice, given_up


def _topic_of_match(m: re.Match[str]) -> str | None:
    """The topic a pattern's match names, if it has one ("AMI 用 AL2023": AMI)."""
    topic = m["topic"] if "topic" in m.re.groupindex else None
    if topic and topic[-1] in "使采":  # "继续使用 Nginx": the verb was 使用, not 用
        topic = re.sub(r"(?:继续|还是|就|都)?[使采]$", "", topic) or None
    return topic


def _choice_of_part(m: re.Match[str], *, explicit: bool, lang: str) -> tuple[str, str | None]:
    """What a pattern's match chooses, and the part it is for when the match names one.

    "Decision: admin console uses React 18 with TypeScript": React 18 …, for admin console;
    "we agreed to stay on Airflow": Airflow.
    """
    if explicit and lang == "en" and (part := _PART_USES_EN.match(m.group("x").strip())):
        return clip(part["x"]), part["topic"]
    if _WHOLE_WAY.search(m.group("x")):  # "pin the runner to ubuntu-24.04": the pin is the choice
        return m.group("x").strip().rstrip(".,;"), None
    return clip(_KEPT_ON.sub("", m.group("x").strip())), None


# "no ORM, raw SQL with sqlx", "no Redux, just Zustand": one ruled out, then the one used
# a way said whole, as the choice: "pin the runner to ubuntu-24.04", "leave the /changelog
# pages out of the index", "last-write-wins by updated_at for everything"
_WHOLE_WAY = lazy(
    r"(?i)^(?:pin|lock)\s|^(?:leave|keep)\s.+\sout of\s|^exclude\s.+\sfrom\s"
    r"|^[a-z][\w./-]*-[\w.]+.*\sfor\s+(?:everything|all of (?:them|it)|every\s+\w+)$"
)

_NONE_THEN = lazy(
    r"(?i)^(?:no|not)\s+(?P<gone>[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s*[,;:]\s*"
    r"(?:(?:just|only|plain|we(?:'ll| will)?\s+(?:use|go with|write)|use|go with)\s+)?"
    r"(?P<new>[A-Za-z].*)"
)


_KEPT_ON = lazy(
    r"(?i)^(?:stay(?:ing)?\s+(?:on|with)|stick(?:ing)?\s+with|keep(?:ing)?\s+using"
    r"|remain(?:ing)?\s+on|continu(?:e|ing)\s+(?:to\s+use|using|with))\s+(?=[A-Za-z0-9])"
)


def _narrates(sentence: str, m: re.Match[str], choice: str, *, named: bool) -> bool:
    """Whether "use X" / "keep X" narrates an action rather than choosing.

    "I'll use grep to ..." narrates; a choice names a technology or a name the talk offered,
    is agreed on ("agreed, we'll use an instance profile"), or is a way of doing a thing we
    agree on ("let's use exponential backoff with jitter").
    """
    if not re.search(r"(?i)\b(?:use|keep)\s*$", sentence[: m.start("x")]):
        return False
    if technologies(choice) or named or _AGREED_WE.match(sentence):
        return False
    return not (_technique(sentence, m, choice) or _product(sentence, m, choice))


def _kept_as(sentence: str, m: re.Match[str]) -> str | None:
    """A thing kept in a state ("keep the API stateless"): the rule, said whole."""
    if not re.search(r"(?i)\bkeep\s*$", sentence[: m.start("x")]):
        return None
    kept = _KEPT_AS.match(sentence, m.start("x"))
    return f"keep {kept[0]}" if kept else None


# "keep the API stateless", "keep it simple": a thing kept in a state is a rule said whole
_KEPT_AS = lazy(
    # not "keep it simple", "keep things lean": a platitude
    r"(?i)(?!(?:it|things|stuff|everything|this|that)\s+(?:simple|small|lean|minimal|boring)\b)"
    r"(?:(?:the|our|it|them|this|that|everything|all)\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:stateless|simple|small|flat|private|internal|immutable|idempotent|separate|optional|"
    r"backwards?[ -]compatible|synchronous|asynchronous|read-only|readonly|lean|minimal|boring|"
    r"thin|consistent|in sync|as[ -]is|unchanged|strict|typed|pure|deterministic|offline-first|"
    r"framework-free|dependency-free)\b"
)


def _technique(sentence: str, m: re.Match[str], choice: str) -> bool:
    """Whether "let's use X" names a way of doing things ("exponential backoff", "soft deletes").

    Said by us ("let's", "we'll", "we should"), a few plain words with no article, and not a
    tool used for a step ("let's use grep to find the callers").
    """
    if not _WE_USE.search(sentence[: m.start("x")]):
        return False
    after = m["x"][m["x"].find(choice) + len(choice) :]
    return _TECHNIQUE.fullmatch(choice) is not None and not re.match(r"\s+to\s+[a-z]", after)


def _product(sentence: str, m: re.Match[str], choice: str) -> bool:
    """Whether "let's use X" names a product the lexicon does not know ("SecureStore").

    Said by us, one word shaped like a product's name (CamelCase, Capitalised, or a package's
    "react-hook-form", "date-fns"), the end of its clause or set against another.
    """
    if not _WE_USE.search(sentence[: m.start("x")]) or choice.lower() in NOT_NAMES:
        return False
    after = m["x"][m["x"].find(choice) + len(choice) :]
    return _PRODUCT.fullmatch(choice) is not None and _PRODUCT_END.match(after) is not None


# one word shaped like a product's name: "SecureStore", "Formik", "react-hook-form", "date-fns"
_PRODUCT = lazy(
    # not a day or a month ("let's use Friday"), nor an English compound ("co-authors")
    r"(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b|(?:January|February|March|April|June|"
    r"July|August|September|October|November|December)\b|(?:The|This|That|It|An?|One)\b)"
    # a name of up to three Capitalised words: "External Secrets Operator", "TanStack Query"
    r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*(?:\s+[A-Z][A-Za-z0-9]+){0,2}"
    r"|(?!(?:co|re|pre|non|self|multi|anti|cross|well|semi|sub|de|un|e|in|on|off|up|end|real|"
    r"long|short|high|low|full|half|read|write|opt|built|one|two|first|third)-)"
    r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
)
# what may follow it: the clause's end, or the option it is set against
_PRODUCT_END = lazy(
    r"(?i)\s*(?:$|[.!;,]|\s(?:instead\b|rather\b|over\b|here\b|then\b|now\b|for\s+(?:the|our)\b))"
)


_WE_USE = lazy(r"(?i)\b(?:let'?s|we(?:'ll| will| should| must))\s+(?:just\s+|always\s+)?use\s*$")
# "exponential backoff", "optimistic locking", "cursor-based pagination": plain words, no article
_TECHNIQUE = lazy(
    r"(?!(?:the|a|an|this|that|these|those|my|your|our|their|its|some|any|it|them)\b)"
    r"[a-z][a-z0-9-]+(?:\s+[a-z][a-z0-9-]+){1,3}"
)


def _plain_topic(topic: str, lang: str) -> str:
    """A pattern's topic without its adverbs ("统一换 dayjs"), an English one in lower case.

    "Validate input with zod" is for "validate input".
    """
    topic = re.sub(r"^(?:继续|直接|还是|也|都|就|那|统一|全部|一律)+\s*", "", topic.strip())
    # "缓存这块用 Redis" is for 缓存
    topic = re.sub(
        r"(?<=[\u4e00-\u9fff\w])(?:这一?块|那一?块|这边|那边|这里|方面|部分)$", "", topic
    )
    if lang == "en" and re.match(r"[A-Z][a-z]", topic):
        return topic[0].lower() + topic[1:]
    return topic


def _taken_instead(abandon: re.Match[str], rest: str) -> tuple[str, list[str]] | None:
    """What is taken instead of what `rest` gives up ("drop X and use Y"), and what is given up.

    Only "不自己做登录了，接 Auth0" names what is given up here (自己做登录); "drop X" leaves it to
    the alternatives the sentence names.
    """
    then = _THEN_USE.search(rest)
    if then is None:
        return None
    gone = rest[abandon.end() : then.start()]
    given_up = [re.sub(r"(?:了|吧)?[\s，,]*$", "", gone)] if abandon["not"] else []
    return clip(then.group("x") or then.group("z")), given_up


def _named_for_a_purpose(choice: str, sentence: str, lang: str) -> bool:
    """A name the lexicon does not know, chosen for a purpose the sentence gives.

    "Use structlog for logging", "Use UUIDv7 for all primary keys", "For logging we'll use
    structlog": one token, not an everyday word, and what it is for.
    """
    if lang != "en" or not re.fullmatch(r"[A-Za-z][\w.+#-]{1,30}", choice):
        return False
    if choice.lower() in NOT_NAMES or choice.lower() in _EVERYDAY_CHOICES:
        return False
    if re.search(rf"(?i)\b(?:a|an|some|any)\s+{re.escape(choice)}\b|\bif\b", sentence):
        return False  # "Use a subagent for the digging if it helps": a thing, a request
    return (
        purpose(sentence) is not None
        or re.search(r"(?i)\bfor (?:all|every)\b", sentence) is not None
        # "use m7i.large instead": what it replaces was just named
        or re.search(rf"(?i){re.escape(choice)}(?:\s+\w+)?\s+instead\b", sentence) is not None
        # "use t3.medium", "use gpt-4o-mini": a name as code writes it, with its number
        or re.fullmatch(r"(?i)[a-z][a-z0-9]*\d[a-z0-9]*(?:[.-][a-z0-9]+)+", choice) is not None
    )


_EVERYDAY_CHOICES = frozenset(
    ("caution", "care", "caching", "logging", "this", "that", "them", "something", "anything",
     "whatever", "defaults", "default", "common", "sense", "judgment", "judgement",
     # an editor agent's modes
     "agent", "ask mode", "agent mode", "plan mode")
)  # fmt: skip


# a part of the project, then what it uses: "前端用 React", "鉴权走 JWT"
_PART_USES_EN = lazy(
    r"(?i)(?P<topic>(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+"
    r"(?:uses|will use|should use|is built (?:with|on)|runs on|will run on|stays on|moves to)\s+"
    r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[\w.+#/-]+)*)"
)
_WHO_ZH = frozenset(("我们", "咱们", "大家", "团队", "你们", "他们", "我们这边", "我们团队"))


_PART_USES = lazy(
    r"(?P<topic>[\u4e00-\u9fff]{2,8}?)\s*(?:统一|都|就|也)?(?:用|使用|采用|走|选)\s*"
    r"(?P<x>[A-Za-z][\w.+# /-]*)"
)


_AGREED_WE = lazy(
    r"(?i)^(?:agreed|ok(?:ay)?|yes|yeah|yep|sure|fine|alright|right|sounds good|good (?:idea|call|"
    r"point))[,.!:;]?\s+(?:then\s+)?we(?:'ll| will)\s+use\b"
)


_MINE = lazy(r"我(?!们)|习惯|一直|平时|尽量")


_AS_ROLE = lazy(r"[A-Za-z][\w.+#-]*\s*做\s*[A-Za-z][\w.-]{1,20}(?![\w.-])")


def _used_as(rest: str, choice: str) -> str:
    """The choice of "用 X 做 Y", where `rest` starts with X.

    "用 rider_id 做 alias" chooses "rider_id 做 alias" (what it is used as); "用 EMQX 做 MQTT
    broker" a known tool, EMQX, for the broker.
    """
    role = _AS_ROLE.match(rest)
    if role is None:
        return choice
    tool = TECH.match(role[0])
    return tool[0] if tool else role[0].strip()


def _with_topic(before: str, choice: str) -> str:
    """A bare value with what it is the value of ("QoS 统一用 1", "HLS 切片就定 4 秒")."""
    # "凌晨 3 点" is a value too
    if not re.fullmatch(
        r"(?:凌晨|早上|上午|中午|下午|晚上|每天)?\s*v?\d+(?:\.\d+)*\s*[\u4e00-\u9fff\w]{0,2}",
        choice,
    ):
        return choice
    clauses = re.split(r"[，,；;。:：]", before)
    topic = _without_lead(clauses[-1])
    if not topic:
        topic = _topic_of_value(clauses[:-1], choice)
    generic = re.fullmatch(r"(?i)版本号?|version", topic)
    return f"{topic} {choice}" if topic and not (generic or NEGATED.search(topic)) else choice


def _without_lead(topic: str) -> str:
    return re.sub(
        # "行 那 redis 连接池就定 50", "好 那就 5s": an assent before the topic is none of it
        # "yeah we'll bump to 3.12": nor an English one
        r"^(?:(?:行|好的?|嗯+|可以|ok|OK|Ok|okay|对|没问题|"
        r"(?i:yeah|yes|yep|so|sure|alright|fine|also|and|then|plus))"
        r"(?:[,，!！\s]+|$))?"
        # "我们最后决定把超时改成 30 秒": who decided, and 把, are no part of the topic
        r"(?:(?:那|就|那就|还是|我们|咱们|先|顺手|顺便|算了|最后|最终|决定|确定|把)\s*)*"
        r"|\s*(?:就|都|统一|也|顺手|顺便|直接|先|还是)+$",
        "",
        topic.strip(),
    )


# "产品说要 50MB", "公司有人还在 114": who wants or has it, not what it is of
_HEARSAY_TOPIC = lazy(r"说|要求|觉得|认为|希望|建议|有人|还在|(?i:wants?|says?|asks?)")
# "心跳间隔现在 30 秒": a topic and the value it has, in the unit of the value it is changed to
_HAS_VALUE = lazy(
    # "the upload limit is 20MB right now", "request timeout = 30 seconds"
    r"(?i:^(?:the\s+|our\s+)?(?P<topic_en>[a-z][\w -]{1,30}?)\s+"
    r"(?:is\s+(?:currently\s+|set\s+to\s+)?|was\s+|=\s*|are\s+|at\s+|defaults\s+to\s+|stays\s+at\s+)"
    r"\d+(?:\.\d+)*\s*(?P<unit_en>[a-z%]{0,7})(?:\s+(?:right now|now|currently|for now|today))?$)"
    r"|^(?P<topic>.{1,20}?)\s*(?:现在|目前|原来|默认|一直)?"
    r"(?:是|为|设的|用的|给的|设为|设成|设置为|设置成|调到|定为|定成)?\s*"
    r"v?\d+(?:\.\d+)*\s*(?P<unit>[\u4e00-\u9fff\w]{0,2}?)(?:跑|执行|触发|启动)?$"
)


def value_topic(sentence: str, value: str) -> str:
    """What `value` is of, from a sentence said before that gave one in its unit, or ""."""
    return _topic_of_value(re.split(r"[，,；;。:：]", sentence), value)


def _topic_of_value(clauses: Sequence[str], value: str) -> str:
    """What a value said alone ("…，改成 10 秒吧") is of, or "".

    The topic of an earlier clause giving one in the same unit: "心跳间隔现在 30 秒，改成 10 秒吧".
    """
    unit = re.sub(r"^[^\d]*\d+(?:\.\d+)*\s*", "", value)
    for clause in reversed(clauses):
        m = _HAS_VALUE.match(clause.strip(" ?？!！.。"))
        if m is not None and m["topic_en"]:  # "the upload limit is 20MB"
            if m["unit_en"] == unit and not re.search(r"(?i)\b(?:it|this|that)$", m["topic_en"]):
                return m["topic_en"].strip()
            continue
        if m is not None and _HEARSAY_TOPIC.search(m["topic"]):
            continue  # "产品说要 50MB": who wants it, not what it is of
        if m is not None and m["unit"] == unit:
            # "现在 heartbeat_timeout 是 10s": the topic, not when it had the value
            topic = _without_lead(re.sub(r"^(?:现在|目前|原来|默认|一直)\s*", "", m["topic"]))
            return "" if re.fullmatch(r"现在|目前|原来|默认|一直|这个|那个|it", topic) else topic
    return ""


def _names_known(choice: str, known: Sequence[str]) -> bool:
    """Whether `choice` starts with a name the conversation offered.

    "MessagePack" for "MessagePack-CSharp", "clap with derive" for "clap".
    """
    head = choice.lower().split()[0].strip(".,;:!`*") if choice.split() else ""

    def extends(longer: str, shorter: str) -> bool:  # "messagepack-csharp", "messagepack"
        return longer.startswith(shorter) and not longer[len(shorter)].isalnum()

    return len(head) >= 2 and any(head == k or extends(k, head) or extends(head, k) for k in known)


# "**clap**", and the Latin head of a bold Chinese label ("**H3 六边形索引**")
_BOLD_NAME = lazy(r"\*\*`?([A-Za-z][\w.+#/-]{1,40})`?(?:\*\*|\s+(?=[\u4e00-\u9fff（(]))")


def fuller_name(choice: str, offered: Sequence[str]) -> str:
    """The offered name a one-word choice shortens ("sqlite it is" after **expo-sqlite**)."""
    low = choice.lower()
    if not re.fullmatch(r"[\w.+#-]{2,30}", low) or low in offered:
        return choice
    fuller = [name for name in offered if low in re.split(r"[-_./]", name)]
    return fuller[0] if len(fuller) == 1 else choice


def offered_names(message: str) -> list[str]:
    """Names an assistant message offers in bold ("- **clap** (v4): …"), lower case."""
    return list(dict.fromkeys(m.group(1).lower() for m in _BOLD_NAME.finditer(message)))


# a name set as code: "`text-embedding-3-small`", "`terraform-aws-modules/eks/aws`"
_CODE_NAME = lazy(r"`([A-Za-z][\w.+#/@-]{2,60})`")


def code_names(message: str) -> list[str]:
    """Names a message sets as code ("`text-embedding-3-small` is cheaper"), lower case."""
    return list(dict.fromkeys(m.group(1).lower() for m in _CODE_NAME.finditer(message)))


def mentioned_names(message: str) -> list[str]:
    """The names a message may have put forward, lower case: tools, code, name-like words.

    A word is name-like with a digit, a capital past its first letter or a mark in it ("LZ4",
    "nDCG@10", "cargo-dist"), or said twice, once at least in lower case ("zstd … zstd").
    """
    names = [*technologies(message), *code_names(message)]
    words = re.findall(r"(?<![\w.@#/-])[A-Za-z][\w.+#@/-]{1,40}(?<![.])", FENCE.sub(" ", message))
    seen: dict[str, int] = {}
    for word in words:
        seen[word.lower()] = seen.get(word.lower(), 0) + 1
    for word in words:
        low = word.lower()
        if low in NO_NAME:
            continue
        # said twice, once at least in lower case: "snappy … Snappy is only worth it if"
        if re.search(r"\d|[.+#@/_-]|^.+[A-Z]", word) or (seen[low] >= 2 and word.islower()):
            names.append(low)
    return list(dict.fromkeys(names))


def code_name_shortened(choice: str, names: Sequence[str]) -> str | None:
    """The one code name of `names` that the plain word `choice` is a part of, or None.

    "switch to small, fine" after "`text-embedding-3-small`", "用 module" after
    "`terraform-aws-modules/eks/aws`" (a part said in the singular). Not a known tool ("use
    Redis" after "`redis-py`"), nor the owner of a member ("hnsw" in "`hnsw.ef_search`").
    """
    # a plain word in lower case, not a name as written ("YooAsset", "remotePatterns")
    if not re.fullmatch(r"[a-z][a-z0-9]{1,29}", choice) or technologies(choice):
        return None
    fuller = [
        name
        for name in names
        if {choice, f"{choice}s"} & set(re.split(r"[-_./]", name))
        and not re.search(rf"(?<![\w-]){choice}s?\.", name)
    ]
    return fuller[0] if len(fuller) == 1 else None


_RULE_NEGATED = lazy(r"(?i)(?:never|no)\s+[a-z]")


_CANNOT = lazy(r"不支持|不允许")


def _states_choice(sentence: str, m: re.Match[str]) -> bool:
    """False when the words around a decision pattern's match take the choice back."""
    before = re.split(r"[，,；;。:：]", sentence[: m.start("x")])[-1]  # this clause only
    rest = sentence[m.start("x") :]
    if NEGATED.search(before[-12:]) or (
        NEGATED.match(rest)
        and not (_ABANDON.match(rest) and _THEN_USE.search(rest))
        and not _RULE_NEGATED.match(rest)  # "never push to main", "no mocking …": a rule
    ):
        return False  # "决定不上 K8s"; but "决定不自己做了，接 Auth0" chooses Auth0
    near = re.split(r"[，,；;。]", sentence[max(0, m.start() - 6) : m.start("x")])[-1]
    # "想了一下还是 X 吧" thought it over: no wish
    near, wished = _THOUGHT_OVER.sub("", near), _THOUGHT_OVER.sub("", before)
    if WISH.search(near) or _WISH_ZH.search(wished):
        return False  # "他们本来就想改成 X", "if we wanted to use X": a wish, not a choice
    if re.search(r"(?:要|想|准备|打算|计划|让我们?|需要|得)[^，,。]{0,8}?把", before):
        return False  # "要把规则引擎从批处理改成实时的": a plan being discussed
    if re.search(r"(?:别|不要|先不|暂时不|不必|没必要)(?:急着)?把", before):
        return False  # "先别把 npm 换成 pnpm": not now
    if _OLD_STATE.search(before) or _CANNOT.search(before):
        # "老代码是按 FIFO 算出库成本的": how things were; "只读实例不支持 binlog_row_image 改成
        # FULL": what cannot be done. Neither is a choice
        return False
    if OTHERS_STACK_ZH.search(before):
        return False  # "他们组日志统一用 JSON 格式": another team's way
    if _AS_SOON_AS.search(before):
        return False  # "一开 forward 就 CUDA OOM 了": what happens then, not what is chosen
    if re.match(r"[^，,。；;]*的话", rest):
        return False  # "日志统一用 JSON 格式的话，…": a condition, not a choice
    if _TRIED.match(rest):
        return False  # "我们用 Tesseract 试了一下效果不好": a trial, not a choice
    # "离我们用户近": 用户 (user) is a noun, not "use 户"
    return not (sentence[m.start("x") - 1 : m.start("x")] == "用" and _USE_NOUN.match(m.group("x")))


_USE_NOUN = lazy(r"[户途法量例处时]")


# an example or an explanation leads the instruction: "for example, use Redis for the cache",
# "举个例子，用 Redis 做缓存", "通常会用 Redis 存 session": how it may be done, not what we do
_EXAMPLE_LEAD = lazy(
    r"(?i)\b(?:for (?:example|instance)|e\.g\.|let'?s say)\b|举个?例子|打个比方|比如|例如|譬如"
    r"|(?:写|给|举)个?(?:例子|示例|demo)|示例代码|代码示例|(?:通常|一般|往往|常常)(?:来说)?都?会"
)


# what the named thing is used for is to look into something now, once: "use Grafana to see
# the latency", "use pytest to confirm the fix works", "use Redis just to try it out"
_LOOK_INTO_EN = lazy(
    r"(?i)^[^,;.!?]*?\b(?:just\s+to|to\s+(?:quickly|just)|real quick)\b"
    r"|^[^,;.!?]*?\bto\s+(?:[\w-]+\s+(?:it|this|that)\s+(?:up\s+)?and\s+)?"
    r"(?:see|look (?:at|into|for|through)|peek|poke|eyeball|debug|inspect|reproduce|repro|"
    r"investigate|troubleshoot|double[- ]check|sanity[- ]check|find out|figure out|try|"
    r"play (?:around|with)|"
    r"(?:check|verify|confirm|test|find)\s+(?:if|whether|what|why|how|where|which|who|when|that|it|"
    r"this|out)\b|(?:check|read|tail)\s+(?:the\s+)?(?:logs?|output|response|traces?)\b"
    # the work at hand: "use pytest to confirm the fix works"
    r"|(?:check|verify|confirm|test)\s+(?:the|my|your|our)\s+(?:fix|change|patch|bug|theory)s?\b)"
)


# the same in Chinese: a verb of looking done once ("用 Postman 看下接口返回", "用 Docker 复现这个
# bug", "用 Chrome 调试下"), or one thing made for the reply ("用 mermaid 画个时序图", "用 Python
# 写个脚本把 csv 转成 json", "用 markdown 列出来")
_LOOK_INTO_ZH = lazy(
    r"^[^，,。；;]*?(?:(?:看|查|试|测|调试|验证|确认|排查|检查|打印|对比|比较|瞅)(?:一?下|看)(?![来去面载线])"
    r"|复现|排查|(?:画|写|弄|搞|出)(?:一?个|一?张|一?段|一?版)[^，,。；;]{0,6}?(?:脚本|例子|示例|demo|图|片段)"
    r"|[列写画]出来)"
)


# a way kept from now on, whatever it is used to do: "from now on", "以后都", "统一"
_LASTING = lazy(
    r"(?i)\b(?:from now on|going forward|moving forward|henceforth|always|in (?:ci|production|"
    r"prod))\b|以后|今后|往后|从现在起|统一|一律|一直"
)


# a condition after the choice: "use Redis only if Postgres can't keep up", "use Kafka once we
# have more consumers"; not a courtesy ("use Postgres if that's fine with you")
_CONDITION_AFTER_EN = lazy(
    r"(?i)^[^,;.!?]*?\s(?:only\s+)?(?:if|once|unless|in case|as long as|when(?:ever)?)\s+"
    # not "use UTC when storing timestamps": a rule for every time a thing is done
    r"(?![a-z]+ing\b)(?!(?:that|it|this)(?:'s|\s+is)\s+(?:ok|okay|fine|alright|all right)\b|"
    r"possible\b|you\s+(?:don'?t mind|agree|like)\b|needed\b)"
)


# a later moment or a threshold before it: "等量上来了再用 Kafka", "量大了就用 Kafka"
_CONDITION_BEFORE_ZH = lazy(
    r"(?:等[^，,。；;]{1,12}再|[^，,。；;好行定算对]了就)\s*(?:用|使用|上|换成?|改用|采用)?\s*$"
)


# the name is one way among any: "use Redis, or whatever you think is best", "用 Redis 之类的"
_OR_ANYTHING = lazy(
    r"(?i)\bor\s+(?:whatever|anything|something)\b|\bor\s+(?:similar|equivalent)\b"
    r"|^[^，,。；;]*?(?:之类的?|或者(?:别的|其他|其它|随便)|什么的)"
)


def _not_a_way(sentence: str, m: re.Match[str]) -> bool:
    """Whether an instruction naming a thing is no way of the project: an example, a step now.

    An example ("for example, use Redis"), a step of the task at hand ("use Docker to reproduce
    the bug", "用 Postman 看下接口返回"), or a condition ("use Redis only if Postgres can't keep
    up", "等量上来了再用 Kafka") tells what is done now or might be, not what the project uses.
    """
    before, rest = sentence[: m.start("x")], sentence[m.start("x") :]
    if _EXAMPLE_LEAD.search(before):
        return True
    if _LASTING.search(sentence):
        return False  # "use Sentry to see errors in production from now on": a way kept
    if _CONDITION_BEFORE_ZH.search(before):
        return True
    if _OR_ANYTHING.search(rest):
        return True  # "use Redis, or whatever you think is best": left open
    if is_chinese(rest):
        return _LOOK_INTO_ZH.search(rest) is not None
    return _LOOK_INTO_EN.search(rest) is not None or _CONDITION_AFTER_EN.search(rest) is not None


# "一开 X 就", "一旦…就", "只要…就": 就 tells what follows an event, not a choice
_AS_SOON_AS = lazy(
    r"(?:(?<!统)一(?=[开跑启上加调用到执行运行部署打改])|一旦|只要)[^，,。；;]*就\s*$"
)
_THOUGHT_OVER = lazy(r"想了想|想了一下|想了下|考虑了一下|琢磨了一下")


_TRIED = lazy(
    r"(?i)[^，,。；;]{0,30}?(?:试了|试过|试一下|试了一下|测了一下|跑了一下)|[^,;.]{0,30}?\b(?:tried|tested)\b"
)


# "想上 Federation v2 做统一 gateway": a wish anywhere in the clause
_WISH_ZH = lazy(r"(?<![了一想])想(?![了想法])|打算|准备|计划|本来|如果|要是|假如|(?<![我们])建议")


_OLD_STATE = lazy(
    r"(?i)老代码|老的|原来|以前|之前|旧的?|(?:现在|目前)(?:是|都是|用的是|还是)"
    r"|\b(?:currently|used to|previously|legacy|the old)\b"
)


_ABANDON = lazy(
    r"(?i)^(?:drop(?:ping)?|stop using|abandon(?:ing)?|remove|get rid of|ditch(?:ing)?|"
    r"no more|retire|phase out|forget(?: about)?|scrap|scratch|nix|kill)\b"
    r"|^(?:放弃|弃用|不再用|不再使用|去掉|去除|移除|废弃|下线|淘汰)"
    # "决定不自己做登录了，接 Auth0": building it ourselves is what is given up
    r"|^(?P<not>不再?)(?=(?:自己|自研|手写|手动)|(?:做|搞|写|维护|开发|用|使用)[^，,。]{0,12}了)"
)


_THEN_USE = lazy(
    r"(?i)\b(?:and|then|just)\s+(?:use|switch to|move to|go with|adopt)\s+(?P<x>.+)"
    r"|(?:并|然后|，|,)\s*(?:改用|换成|统一使用|使用|用|采用|接入?|交给|上)\s*(?P<z>.+)"
)


# "commit 吧", "deploy", "继续吧": a go-ahead for a step of work, not a choice
_ERRAND = lazy(
    r"(?i)(?:git\s+)?(?:commit|push|merge|rebase|deploy|ship(?: it)?|release|revert|"
    r"continue|proceed|go ahead|pr|提交|推送|合并|部署|上线|发布|继续|开始)(?:\s*(?:it|吧|了))?"
)


_RAN = lazy(r"跑成功|跑通|跑起来|成功了|(?:以后|之后)(?:到了|变成|就)")


# what a phrase after "use" is when it is no choice
_NOT_CHOICES = (
    lazy(r"[^A-Za-z\u4e00-\u9fff]*"),  # "就按 1+2 来": option numbers
    lazy(r"[\u4e00-\u9fff]{1,3}的|的.*"),  # "用假的": a quality; "用的是 X": a statement
    lazy(r"v?\d+(?:\.\d+)*|(?:/|~/|[a-z0-9]+://).*"),  # "版本就用 7.2", "就用 /mnt/…": values
    lazy(r"(?:[从把给让]|调\s*[^\u4e00-\u9fff]).*"),  # "调 /api/ai/chat", "从环境变量 X 读"
    lazy(r".*(?:帮我|麻烦|哪[里儿个些]?|什么|怎么|吗).*"),  # "帮我把 baud 9600", "放哪": asked
    lazy(r".*(?:回复我?|回答我?|跟我说|告诉我).*"),  # "你统一用中文回复我": how to answer
    lazy(r".+还是.+"),  # "用 CDN 还是 OSS": either, not a choice
    # "use the docs for FastAPI", "use the official Prisma docs as reference": what to read
    lazy(
        r"(?i)(?:the\s+)?(?:[\w.-]+\s+){0,2}?(?:docs|documentation|readme|changelog|release notes|"
        r"manual|tutorial)\b.*"
    ),
    lazy(r".*[\u4e00-\u9fff](?:一下|一遍|看看).*"),  # "用 pytest 跑一下测试": an errand
    # "fixture 我换成假数据", "身份证就用全 0 那种测试号": test data in place of real data
    lazy(r".*(?:假数据|假的数据|测试号|测试卡号|mock\s*数据|假号码).*"),
    lazy(r".+\s*(?:以后|之后).+"),  # "USD 换成 CNY 以后四舍五入到分": what happens after
    # "the team agreed yesterday": when, not what
    lazy(
        r"(?i)(?:yesterday|today|tonight|tomorrow|earlier|already|before|last (?:week|month|time|"
        r"sprint)|this (?:morning|afternoon|week)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day"
        r"|in the (?:meeting|call|standup)|昨天|今天|明天|上周|刚才|之前|早上|上午|下午)"
    ),
    # "ugh yes, someone changed the default … for local dev": a sound, not a name
    lazy(r"(?i)(?:ugh|meh|hmm+|uh+|um+|eh|oops|yikes|lol|lmao|oh|ah|yeah|yep|nope|okay|ok)"),
    # "好 那就下周三升": when something is done, not what is chosen
    lazy(
        r"(?:下周|下个?礼拜|下星期|明天|后天|今晚|今天|周[一二三四五六日末]|下个?月|月底|年底|"
        r"星期[一二三四五六日天]).{0,8}"
    ),
    # "let's just do a quick vote": what the people do next, not a thing chosen
    lazy(
        r"(?i)(?:a\s+)?(?:quick\s+|short\s+)?(?:vote|poll|call|meeting|sync|standup|stand-up|"
        r"retro|huddle|break|lunch|demo|walkthrough|show of hands)s?"
    ),
)


def starts_like_a_name(choice: str) -> bool:
    """False for a choice opening with a pictogram ("switched to 💻 Code mode") or a bracket."""
    if re.match(r"#[0-9A-Fa-f]{3,8}$", choice):
        return True  # a colour ("主题色定成 #1F6FEB")
    return bool(choice) and (choice[0].isalnum() or choice[0] in "`'\"@./_$-≥≤")


_ADDRESS_CHOICE = lazy(r"(?i)git@|[a-z][a-z0-9+.-]*://")


def _plausible_choice(choice: str, *, bare: bool) -> bool:
    if RULE_CLAUSE.match(choice):
        return True
    if not choice or len(choice) < 2 or VAGUE.match(choice) or ACTION_WORD.match(choice):
        return False
    if not starts_like_a_name(choice) or _ADDRESS_CHOICE.match(choice):
        return False  # an address ("git@github.com:org/repo.git") is a fact, not a choice
    if _ERRAND.fullmatch(choice) or any(p.fullmatch(choice) for p in _NOT_CHOICES):
        return False
    if choice.lower() in _EVERYDAY_CHOICES:
        return False  # "switch to agent and set it up": a mode of the editor, a word
    if bare:
        return bool(technologies(choice))  # a bare "use X" counts only for a known technology
    return True


_SIDE_CHOICE = lazy(
    r"^(?P<topic>[^，,。；;:：]{1,16}?)\s*也?(?:直接|就|都)?(?:用|放|走|存到?|放到|存在|选|接入?)\s*"
    r"(?:现有的|自己的|我们的|同一个)?\s*"
    rf"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?|{ZH_PRODUCT})\s*吧?\s*$"
)


def side_choices(sentence: str, choice: str) -> list[Decision]:
    """Further choices in the clauses of a sentence that decides `choice`.

    "我们决定用 SQLAlchemy 2.0，迁移用 Alembic" also decides Alembic (for 迁移); a clause must
    be only a topic, a verb of use and a name.
    """
    found = []
    for clause in re.split(r"[，,；;。]", sentence):
        m = _SIDE_CHOICE.match(clause.strip())
        if m is None or choice.lower() in clause.lower():
            continue
        topic = m.group("topic").strip()
        if NEGATED.search(clause) or WISH.search(topic) or not topic or "不" in topic:
            continue
        if re.fullmatch(r"(?:我们?|就|那就|还是|也|都|统一|全部)+", topic):
            continue  # "就用 X" is a decision of its own, found by `decision`
        found.append(Decision(m.group("x"), (), None, topic, False))
    if not is_chinese(sentence):
        # "Zustand it is, and MMKV for storage, not AsyncStorage": a known name for a part
        for m in _SIDE_CHOICE_EN.finditer(sentence):
            if technologies(m["x"]) and choice.lower() not in m["x"].lower():
                gone = (m["not"].rstrip("."),) if m["not"] else ()
                found.append(Decision(m["x"], gone, None, m["topic"], False))
        found += _also_used(sentence, choice)
    return found


# "…, I'll stay with database-backed sessions and use the file-based cache": a second way
# taken in the deciding sentence, named by a known name or a hyphenated kind ("file-based")
_ALSO_USE_EN = lazy(
    r"(?i)\s(?:and|plus)\s+(?:also\s+)?(?:use|go with|switch to|keep|stick with)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<x>(?!(?:it|this|that|them|one)\b)"
    r"[\w+#/-]+(?:\.[\w+#/-]+)*(?:\s+[\w+#/-]+(?:\.[\w+#/-]+)*){0,2}?)\s*(?=[,.;!]|$)"
)


def _also_used(sentence: str, choice: str) -> list[Decision]:
    """The way an English deciding sentence also takes after "and use" (see `_ALSO_USE_EN`)."""
    found = []
    for m in _ALSO_USE_EN.finditer(sentence):
        x = m["x"]
        if re.search(rf"(?i)\b{re.escape(choice)}\b", x) or NEGATED.search(sentence[: m.start()]):
            continue
        if technologies(x) or re.search(r"[a-z]-[a-z]+\s+\w", x, re.I):
            found.append(Decision(x, (), None, None, False))
    return found


_SIDE_CHOICE_EN = lazy(
    r"(?i)[,;]\s+(?:and|plus)\s+(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)\s+for\s+"
    r"(?P<topic>[a-z][\w -]{1,20}?)(?:,\s+not\s+(?P<not>[A-Za-z][\w.+#-]*))?\s*(?=[,.;!]|$)"
)


def _rather_than(sentence: str) -> list[str]:
    """The option "I'd rather use X than Y" sets the choice against, when it is a name."""
    m = _RATHER_THAN.search(sentence)
    if m is None or is_chinese(sentence):
        return []
    alt = clip(m["x"])
    if len(alt.split()) > 3 or not (technologies(alt) or alt[:1].isupper() or "`" in m["x"]):
        return []  # "than set up replication by hand": an action, not an option
    return [alt.strip("`")]


def alternatives(text: str, choice: str) -> tuple[str, ...]:
    """Options turned down in `text` ("instead of X", "而不是 X"), not counting `choice`."""
    found: list[str] = []
    pattern = _ALTERNATIVE_ZH if is_chinese(text) else _ALTERNATIVE_EN
    for m in pattern.finditer(text):
        alt = clip(m.group("x"))
        if re.match(r"[a-z]+ing\b", alt):
            continue  # "rather than trying to ...", "instead of clicking around": an action
        if re.match(r"(?i)an?\s+[a-z]", m.group("x")) and not technologies(alt):
            continue  # "Dagster gets a spike, not a migration": a kind of thing, no option
        if alt and alt.lower() != choice.lower() and not VAGUE.match(alt) and len(alt) < 40:
            found.append(alt)
    return tuple(dict.fromkeys(found))


# "switch from npm to pnpm", "migrate the queue from SQS to RabbitMQ", "从 MySQL 迁移到 PG"
_MOVE_FROM = lazy(
    r"(?i)^(?:switch(?:ing)?|mov(?:e|ing)|migrat(?:e|ing)|chang(?:e|ing)|convert(?:ing)?|"
    r"go(?:ing)?)\s+(?:(?:the|our|all|everything)\s+)?(?:[\w.-]+\s+){0,3}?(?:over\s+)?"
    r"from\s+(?P<old>[^,;:.!?]{1,40}?)\s+(?:over\s+)?to\s+(?P<new>.+)"
    r"|^从\s*(?P<old_zh>[^，,。；;]{1,30}?)\s*(?:迁移|迁|切换|切|换|改)(?:到|成|为)\s*(?P<new_zh>.+)"
)


# an option given up before the choice is named: "from npm to", "drop Redux and use",
# "不用 Kafka 了，改成", "Pulsar 不考虑了，"
_ASCII_NAME = r"[A-Za-z][A-Za-z0-9_.+#/-]*"


_ASCII_WORD = r"[A-Za-z0-9][A-Za-z0-9_.+#/-]*"


_GIVEN_UP_BEFORE = lazy(
    rf"(?i)\bfrom\s+(?P<a>{_ASCII_NAME}(?:\s+{_ASCII_WORD}){{0,2}}?)\s+(?:over\s+)?to\s*$"
    rf"|从\s*(?P<b>{_ASCII_NAME}(?:\s+{_ASCII_WORD}){{0,2}}?)\s*"
    r"(?:迁移|迁|切换|切|换|改)(?:到|成|为)?\s*$"
    r"|\b(?:drop(?:ping)?|ditch(?:ing)?|stop using|replac(?:e|ing)|get rid of|skip)\s+"
    rf"(?:the\s+)?(?P<c>{_ASCII_NAME})\s+(?:and|with|for)\b"
    rf"|^(?i:skip)\s+(?P<f>{_ASCII_NAME})(?:\s+then)?\s*[,;]\s*(?:use|go with)\s*$"
    # "不用 Kafka 了，", "不要用 moment.js 了，", "不要再用 Bower 了，"
    r"|(?:不用|放弃|弃用|去掉|不要|不上)(?:再)?(?:用|使用)?\s*"
    rf"(?P<d>{_ASCII_NAME}(?:\s+{_ASCII_WORD})?)\s*了?\s*[，,；;]"
    rf"|(?P<e>{_ASCII_NAME})\s*(?:也?不用了|也?不要了|不考虑了|算了)\s*[，,；;]"
    # "Let's not use Redux, ", "Don't use Moment; "
    r"|\b(?:let'?s not|don'?t|do not|we won'?t)\s+(?:use|go with|bother with|add)\s+"
    rf"(?:an?\s+|the\s+)?(?P<g>{_ASCII_NAME})\s*[,;]"
    # "MySQL is out; "
    rf"|(?<![\w.+#/-])(?P<h>{_ASCII_NAME})\s+is\s+(?:out|off the table|a no-go)\s*[,;.]"
)


# "GraphQL is overkill here", "GraphQL 太重了": an option turned down for its weight
_TOO_MUCH = lazy(
    rf"(?i)(?<![\w.+#/-])(?P<x>{_ASCII_NAME})\s+(?:is|would be|feels|seems)\s+"
    r"(?:overkill|too heavy|too much|too complex|too heavyweight)\b"
    rf"|(?<![\w.+#/-])(?P<y>{_ASCII_NAME})\s+(?:was|has been|is)\s+(?:too|a)\s+"
    r"(?:painful|pain|slow|expensive|flaky|clunky)\b"
    rf"|(?P<z>(?<![\w.+#/-]){_ASCII_NAME}|{ZH_PRODUCT})\s*"
    # "Kafka 对我们来说太重", "Kafka 对这个项目而言太重了"
    r"(?:对(?:我们|我|这个项目|本项目|现在)(?:来说|而言)?\s*)?(?:还是|有点|确实)?"
    r"(?:太重|太复杂|太麻烦|太折腾|太难用|太贵|太慢|没必要)"
)


def _too_much(sentence: str) -> list[str]:
    """Options turned down for their weight ("GraphQL is overkill"), when they are names.

    "the generated client is too heavy" turns down no option.
    """
    names = [o["x"] or o["y"] or o["z"] for o in _TOO_MUCH.finditer(sentence)]
    return [n for n in names if not n.islower() or technologies(n) or is_chinese(n)]


# "鉴权改成 JWT，session 那套不要了": a name given up after the choice
_NAME_GIVEN_UP = lazy(
    rf"(?P<x>(?<![\w.+#/-]){_ASCII_NAME}|{ZH_PRODUCT})\s*(?:那套|这套|那个|这个)?\s*"
    r"(?:也?不用了|也?不要了|不考虑了|就算了|弃用了|下线了|(?:暂|先|暂时)?不(?:引入|考虑|上)(?![\w\u4e00-\u9fff]))"
)


def alternatives_before(text: str) -> list[str]:
    """Options `text`, said before a choice, gives up ("from npm to", "不用 Kafka 了，")."""
    found = []
    for m in _GIVEN_UP_BEFORE.finditer(text):
        name = next(g for g in m.groups() if g)
        if not VAGUE.match(name) and len(name) < 40:
            found.append(name.strip())
    # "我们用 Tesseract 试了一下效果不好，不用它了，": "it" is the name tried before
    for m in _GIVEN_UP_IT.finditer(text):
        named = [t.group(1) for t in TECH.finditer(text, 0, m.start())]
        if not named and is_chinese(text):  # in Chinese text, a Latin word is a name
            named = re.findall(r"(?<![\w.-])[A-Za-z][\w.+#-]{1,30}", text[: m.start()])
        found += named[-1:]
    return found


# "nah not worth it this quarter, stay on composer", "ok forget mmkv for now, keep asyncstorage.":
# the one in use kept, one name ending the sentence in a clause of its own
_KEPT_IN_USE = lazy(
    r"(?i)(?:^|[,;]\s*)(?:so\s+|just\s+|then\s+)?(?:keep|stay on|stay with|stick with)\s+"
    r"(?P<x>[A-Za-z][\w.+#/-]*?)(?:\s+(?:then|for now))?\s*[.!]?$"
)
_ON_CONDITION = lazy(r"(?i)\b(?:if|when|unless|once|until|whether|in case|maybe|might)\b")


def kept_in_use(sentence: str, names: Sequence[str]) -> Decision | None:
    """The name a sentence ends by keeping in use, when the talk wrote it as a name.

    "stay on composer" after "Composer 2 costs can often be cut" keeps Composer; the name
    must be one the talk wrote as a name (`names`, lower case) or a known technology, so
    "keep going" or "stay on topic" keeps nothing, and neither does a condition ("if it
    gets slow, stay on redis") or a question.
    """
    m = _KEPT_IN_USE.search(sentence)
    if m is None or QUESTION.search(sentence) or _ON_CONDITION.search(sentence[: m.start()]):
        return None
    name = m["x"].rstrip(".")
    if name.lower() not in names and not technologies(name):
        return None
    if NEGATED.search(sentence[max(0, m.start() - 12) : m.start("x")]):
        return None
    given_up = [g for g in alternatives_before(sentence[: m.start()]) if g.lower() != name.lower()]
    return Decision(name, tuple(given_up), rationale(sentence), None, False)


# "secrets manager for the db password w/ rotation": a name given a part of the work, opening
# its clause
_FOR_A_PART = lazy(
    r"(?i)(?:^|[,;]\s*)(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)\s+for\s+"
    r"(?:the|our|all|every)\s+(?!win\b|heck\b|record\b)(?P<part>[\w -]{2,40}?)"
    r"(?=\s*(?:[,;.!]|w/|with\b|$))"
)


def named_for_a_part(sentence: str) -> Decision | None:
    """A known technology a clause gives a part of the work, not asked, wished or refused.

    "secrets manager for the db password w/ rotation" chooses Secrets Manager for it; "thanks
    for the help" names no technology.
    """
    if QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return None
    for m in _FOR_A_PART.finditer(sentence):
        if technologies(m["x"]) != [m["x"].lower()]:
            continue  # "thanks for the help", "wait for the build"
        if NEGATED.search(sentence[max(0, m.start() - 12) : m.start("x")]):
            continue
        return Decision(m["x"], (), rationale(sentence), m["part"].strip(), False)
    return None


# "想换成 Karpenter", "we want to move to pnpm": the person's wish to leave what is in use for a
# named tool, told to the agent doing the work; not "在想要不要换成…", "想过换成…", "他们想换成…"
_WISHED_SWITCH = lazy(
    # Chinese needs no comma before the wish: "webpack 太慢了 想换成 Vite"
    r"(?i)(?:^|[，,。；;]\s*|\s(?=想)|\b(?:so|and|now)\s+)(?:我们|咱们|we|i)?\s*"
    r"(?:(?:现在|这次|准备)?想(?:要)?(?:换成|换到|迁到|迁移到|切到|改用|换用)"
    r"|(?:(?:really|just)\s+)?(?:want|wanna|would like|'d like)\s+(?:to\s+)?"
    r"(?:switch|move|migrate|go)\s+(?:over\s+)?to)\s*(?P<x>[A-Za-z][\w.+#/@-]{1,40})"
)
_WISH_DOUBT = lazy(
    r"(?i)要不要|是否|(?<!现)在想|想过|本来|他们|你们|别的团队|但是|不过|不确定|"
    r"的话|如果|要是|多少|怎么|\b(?:but|not sure|wanted|someday|eventually|they|other team|one day|"
    r"if|unless)\b"
)


def wished_switch(sentence: str) -> Decision | None:
    """The known technology the person says they want to switch to, or None.

    "想换成 buf，你先看下现在的结构" moves the work to buf; "在想要不要换成 buf" and "we wanted
    to move to Bazel but it was too slow" decide nothing.
    """
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or _WISH_DOUBT.search(sentence):
        return None
    m = _WISHED_SWITCH.search(sentence)
    name = m["x"].rstrip(".") if m else ""  # "i wanna switch to pnpm."
    if not name or technologies(name) != [name.lower()]:
        return None
    return Decision(name, (), rationale(sentence), None, False)


_GIVEN_UP_IT = lazy(
    r"(?:不用|放弃|弃用|不要)(?:它|它们|这个)了?\s*[，,；;]|\b(?:drop|ditch) (?:it|that)\b"
)


# "we'll bump to 3.12 as part of this rewrite", "let's upgrade to 20": a version moved to, the
# tool it is of named before ("we're on python 3.9 still"); "we'll stay on 4.3 until the demo
# ships": the version kept
_BUMPED = lazy(
    r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to|'re)?|i(?:'ll| will))\s+"
    r"(?:just\s+)?(?:(?:bump|upgrade|move|go|jump)(?:ing)?\s+(?:it\s+|us\s+)?(?:up\s+)?to"
    r"|(?P<stay>stay(?:ing)?\s+on|stick(?:ing)?\s+(?:with|to)|pin(?:ning)?\s+(?:it\s+)?(?:to|at)))"
    r"\s+v?(?P<v>\d+(?:\.\d+){0,2})(?![\w.])"
    r"(?!\s*(?:%|percent|ms|s|seconds|minutes|mb|gb|x)\b)"
    # "升 3.24 吧", "那就升到 3.24.3", "upgrade to 3.24 then": a version with its dot, at the head
    # of a clause (not "内存升到 32G")
    r"|(?:^|[，,。；;]\s*)(?:(?:ok|好|行|那就?|就|先)[，,\s]*)?"
    r"(?:升级?到?|升到|upgrade\s+to|bump\s+(?:it\s+)?to|go\s+to|move\s+to)\s*"
    r"v?(?P<v2>\d+\.\d+(?:\.\d+)?)(?![\w.])\s*(?:吧|了|then)?\s*(?=[，,。；;！!.\s]|$)"
    # "那就 24.3，测试环境也一起升": a version alone, settled on after talk of another (not "超时
    # 就 3.5 秒", nor "版本就 v6.3.0", of what the talk has not said)
    r"|(?:^|[，,。；;]\s*)(?:那就|那还是|还是)\s*"
    r"v?(?P<v3>\d+\.\d+(?:\.\d+)?)(?![\w.])\s*(?:吧|了)?\s*(?=[，,。；;！!]|$)"
)


def bumped_version(sentence: str) -> tuple[str, bool] | None:
    """The version a sentence moves to or stays on, and whether it stays.

    "we'll bump to 3.12", "we'll stay on 4.3": the version alone, not what it is of.
    """
    if QUESTION.search(sentence) or NEGATED.search(sentence):
        return None
    if TENTATIVE.search(sentence):
        sentence = _before_doubt(sentence) or ""
    m = _BUMPED.search(sentence)
    return (m["v"] or m["v2"] or m["v3"], bool(m["stay"])) if m else None


_AT_VERSION = lazy(r"(?P<name>[A-Za-z][\w.+#-]*[A-Za-z])\s*v?(?P<v>\d+\.\d+(?:\.\d+)?)(?![\w.])")


def moved_from(sentence: str, version: str) -> tuple[str, str] | None:
    """The tool a sentence names at another version before it moves to `version`, and that.

    "pom 里是 rocketmq-spring-boot-starter 2.2.2，那就升到 2.3.0 吧": the starter at 2.2.2, not
    whichever tool of the stack is at a version of the same shape.
    """
    m = _BUMPED.search(sentence)
    before = list(_AT_VERSION.finditer(sentence, 0, m.start() if m else len(sentence)))
    if not before or before[-1]["v"] == version:
        return None
    return before[-1]["name"], before[-1][0]


def version_named(message: str, version: str) -> str | None:
    """The tool a message names at `version` ("升级 Flutter 到 3.24", "Flutter 3.24"), if one.

    What a reply that only says "升 3.24 吧" moves to the version of.
    """
    v = re.escape(version)
    found = {
        m["name"]
        for m in re.finditer(
            rf"(?P<name>[A-Za-z][\w.+#-]*)\s*(?:(?:到|to)\s*)?v?{v}(?![\d])", without_blobs(message)
        )
        if technologies(m["name"])
    }
    return found.pop() if len(found) == 1 else None


def rationale(sentence: str) -> str | None:
    """The reason given in `sentence` ("because ...", "因为 ..."), if any."""
    m = _WHY.search(sentence)
    if m is None:
        return None
    why = (m.group("x") or m.group("z") or m.group("y") or "").strip(" .。!！")
    return why or None


def purpose(text: str) -> str | None:
    """What a choice is for ("Redis for caching" gives "caching"), in the choice's clause.

    "Zustand it is, and MMKV for storage": storage is what MMKV is for, not Zustand.
    """
    # the choice's clause ends before a clause of its own ("…, the client is too heavy for …")
    clause = re.split(
        r"[,;]\s+(?:and|plus|but)\s|[，；。;]|,\s+(?=(?:the|it|its|this|that|we|they)\b)",
        text,
        maxsplit=1,
    )[0]
    m = _PURPOSE.search(clause)
    if m is None:
        return None
    what = (m.group("w") or m.group("x") or m.group("z") or m.group("v") or "").strip()
    if what.lower() in ("now", "the time being", "the moment", "a while", "now on"):
        return None
    if re.match(r"(?i)(?:it|this|that|them|these|those|you|me|us)\b", what):
        return None  # "Terraform for it is in this repo": no purpose named
    return what or None


_DETAIL_LEAD = lazy(r"(?i)^(?:ok(?:ay)?|嗯|好的?|行|那就?|就|也|顺便|then|and|also|plus)[\s,，]*")


# "version 用 updated_at", "商品索引叫 goods_v3", "副本给 1"
_SETTLES_ZH = lazy(
    r"(?:^|[\w\u4e00-\u9fff)\]>`]\s*)(?:统一用|只存|不存|(?<![使采应费作以有没不])用(?!了)|走|放|存|加|保留|拆|做(?![一个点完好])|叫|改成"
    r"|改为|调到|就定|定成|定为|给|设(?![计想备施])|写入|直接上|分(?=\s)|统一|按(?![钮照你]))"
    r"\s*[\w\u4e00-\u9fff<`'\"./(（-]"
    # "redis_rate 就行": a name said to be enough
    r"|[\w.-]\s*(?:就行|就好|就够了?|即可)$"
)


# "m=16", "self-hosted on our k8s cluster as a 3-node statefulset", "the key is payment_id"
_SETTLES_EN = lazy(
    r"(?i)\b(?:uses?|as|via|with|in|on|at|is|are|stays?|goes|pinned to|set to|capped at)\s+\S"
    r"|\S\s*=\s*\S"
)


_CONCRETE = lazy(r"\d|[A-Za-z]\w*[_.][\w.]*\w|`|[A-Z]{2,}|[A-Za-z]{3,}")


# "go with FSDP FULL_SHARD, bf16 mixed precision": a short noun phrase holding a name
_NOMINAL_EN = lazy(r"[\w.+/-]+(?:\s+(?:\+\s+)?[\w.+/-]+){0,5}")


_NAME_TOKEN = lazy(r"\b(?=[\w.-]*[A-Za-z])[\w.-]*(?:\d|_|[A-Z]{2})[\w.-]*")


# "activation checkpointing 打开", "exportSchema 打开": a feature turned on or off
_SWITCHED_ZH = lazy(r"^[A-Za-z][\w .-]{1,40}?\s*(?:也|都)?(?:打开|开启|开上|开着|开)$")


# a clause that turns something down, gives a reason, recalls the past or wavers is not a setting
_DETAIL_NOT = lazy(
    r"(?i)不要了|不要(?:再)?用|不要(?=\s*[A-Za-z])|不考虑|不用了?|别|不想|再说|放弃|弃用|禁止|没选|放心|不折腾|不留了|不再|不搞|算了|改主意|因为|由于|比较好|我看|建议|推荐|"
    r"之前|现在|目前|原来|以前|是不是|用不上|不支持|或者|要么|你给|你先|你来"
    r"|再(?:换|上|迁|改|加|切|考虑)"  # "等用户多了再换 PostgreSQL": a plan for later
    r"|\b(?:is out|dropped|off the table|no longer|instead of|rather than|revert\w*|since|because|"
    r"given|recommend\w*|suggest\w*|reflection|currently|used to|not|don'?t|won'?t|later|if|"
    r"unless|go with|i'?d|or|no|scrap\w*|ditch\w*|kill|overkill|ignore)\b"
    r"|(?i:^as\b)"  # ", as it's already running": a reason
    # "battery life is the whole point so yeah, ESP-IDF": what leads to the choice, a reason
    r"|(?i:\bso(?: yeah| yes)?$|\bis the (?:whole |main )?point\b)"
    # "Celery's config is a mess", "the client is too heavy": a judgment, the reason
    r"|(?i:\b(?:is|are|was|were)\s+(?:a mess|a pain|too \w+|(?:way |much |so )?(?:slow|slower|"
    r"painful|overkill|bloated|heavy|heavier|ugly|annoying|broken|flaky|expensive|cheaper|faster|"
    r"better|worse|simpler|easier|harder|nicer))\b)"
    r"|(?i:^(?:we|i)(?: already)? (?:have|'ve got|got)\b)"  # "we have R2 credits": a reason
    r"|(?i:^(?:actually|on second thought|scratch that|scrap that|change of plan|never mind|"
    r"on reflection|hmm+|wait)$)"  # the change of mind itself
)


# the person's own ways and asides ("I always flash with probe-rs", "我习惯用 pnpm", "fyi …"), and
# talk to the assistant ("你上面给的也是 pnpm 命令")
_ASIDE = lazy(
    r"(?i)\b(?:I|I'm|I'll|I've|I'd|me|my|fyi|btw|someone|keep in mind)\b|我(?!们)|你|习惯|顺便说"
)


_DETAIL_MAX = 90  # a longer clause explains rather than sets


_VALUE_END = lazy(r"(?<![\w.])v?\d+(?:\.\d+)*\s*[\u4e00-\u9fff\w]{0,2}$")


def _names_choice(clause: str, named: str) -> bool:
    """Whether a clause (lower case) names the choice: "对账任务每天凌晨 3 点" by "改成 3 点"."""
    value = _VALUE_END.search(named)
    return named in clause or clause in named or bool(value and value[0] in clause)


def _old_value(clause: str, named: str) -> bool:
    """Whether a clause gives the value the chosen one replaced ("…限制设为 20MB")."""
    value = _VALUE_END.search(named)
    topic = named[: value.start()].strip() if value else ""
    return len(topic) >= 2 and topic in clause and _VALUE_END.search(clause) is not None


def decided_details(sentence: str, choice: str, *, most: int = 3) -> list[str]:
    """What else the sentence of a decision settles, clause by clause.

    "行，就用 ReplacingMergeTree，version 用 updated_at。" decides ReplacingMergeTree and
    "version 用 updated_at"; "hnsw, m=16 ef_construction=64" decides "m=16 ef_construction=64".
    Clauses that name the choice, turn an option down, give a reason, recall how things were
    or waver are not details; nor is a clause naming nothing concrete. Without a choice, the
    sentence follows the deciding one in its message, and an English clause must give a value
    ("over TLS on 8883", "m=16", "4s segments"): "PnP is going to fight every tool" is talk.
    """
    found: list[str] = []
    chosen = False  # the clause that names the choice is the decision itself
    # "DECIMAL(12, 4)": the clause cut at the size's comma names the type all the same
    named = re.sub(r"\(\d[\d,]*\)$", "", choice.lower().replace("`", ""))
    for clause in _unreasoned(CLAUSE.split(sentence)):
        c = _DETAIL_LEAD.sub("", clause.strip(" '\"“”，,。.;；:：")).strip()
        if c.count("`") == 2 and c[0] == c[-1] == "`":  # a clause that is one piece of code
            c = c[1:-1]
        low = c.lower().replace("`", "")
        if not c:
            continue
        if named and not chosen and _names_choice(low, named):
            chosen = True
            continue
        if low in named or c in found or _restates(low, named) or _old_value(low, named):
            continue
        if "[REDACTED:" in c:  # a setting whose value was a secret is no detail to keep
            continue
        taken = _TAKEN_WAY.match(c)
        if taken and _CONCRETE.search(taken["x"]) and not QUESTION.search(c):
            found.append(taken["x"])  # "SNS→SQS→worker 这个方案可以": the way it names
            continue
        # nor a trial told ("我们用 Tesseract 试了一下效果不好")
        doubts = (TENTATIVE, QUESTION, _DETAIL_NOT, NOT_STACK, _ASIDE, _TRIED)
        if any(p.search(c) for p in doubts):
            continue
        named_value = _NOMINAL_EN.fullmatch(c) and _NAME_TOKEN.search(c)
        valued = is_chinese(c) or _GIVES_VALUE.search(c) or named_value
        if _settles(c) and (named or valued):
            found.append(c)
    return found[:most]


def _unreasoned(clauses: list[str]) -> list[str]:
    """The clauses but those a "so" after them makes the reason ("X has stalled, so … Drift")."""
    return [
        c for c, after in zip(clauses, [*clauses[1:], ""], strict=True)
        if not _SO_AFTER.match(after)
    ]  # fmt: skip


_SO_AFTER = lazy(r"\s*(?:(?i:so|hence|therefore|thus)\b|所以|因此)")


# "SNS→SQS→worker 这个方案可以": a way named, then taken
_TAKEN_WAY = lazy(
    r"^(?P<x>[^，,]{3,60}?)\s*(?:这个方案|这套方案|这个思路|这个做法|这个|这样)\s*"
    r"(?:可以|好|挺好|不错|没问题|就这么定|就这么办)(?:了|吧|的)?$"
)


# "用 xxl-job", "用 APIv2 吧", "就 Redis 了": a clause that only names the choice again
_BARE_CHOICE = lazy(
    r"(?i)^(?:就|那就|还是|also|just)?\s*(?:用|上|选|use|go with)?\s*(?P<x>.+?)"
    r"\s*(?:吧|了|就行|就好)?$"
)


# a value an English clause gives: "at mqtt.greenhouse.local", "on 8883", "m=16", "4s segments"
_GIVES_VALUE = lazy(r"(?i)\b(?:at|on|to|named|called)\s+[\w.-]*[\d_.:/][\w.:/-]*|\S\s*=\s*\S")


# "默认语言 zh-CN", "TTL 180 天": a topic and its value, nothing else (not "接下来 OCR", "反正都是
# A100", "谢谢你 OK": an adverb, a verb or a pronoun is no topic)
_VALUE_ZH = lazy(
    r"^(?:(?!接下来|回头|反正|比如|先|谢谢|你们|我们)(?:(?![是有看写做都个张下])[\u4e00-\u9fff]){2,8}"
    r"\s*[A-Za-z0-9][\w.:/-]*|[A-Za-z][\w.-]{1,20}\s+\d+(?:\.\d+)?)"
    r"\s*(?:[天秒个次条]|分钟|小时)?$"
)


def _restates(clause: str, choice: str) -> bool:
    """Whether `clause` (lower-cased) only names `choice` (lower-cased) again."""
    m = _BARE_CHOICE.match(clause)
    if m is not None and m.group("x") in choice:
        return True
    # "数据库连接池大小改成 50" restates the choice "数据库连接池大小 50", "改成 10 秒吧" the
    # choice "心跳间隔 10 秒" (its topic said in an earlier clause)
    said = re.sub(r"[吧了]$", "", _SET_VERB_ZH.sub("", clause).replace(" ", ""))
    return bool(said) and choice.replace(" ", "").endswith(said)


_SET_VERB_ZH = lazy(r"改成|改为|设成|设为|设置为|定为|定成|调到|调成|换成|统一用|就用|用")


def _settles(clause: str) -> bool:
    """Whether a clause sets something: a verb of setting and a value, a named noun phrase."""
    if is_chinese(clause):
        if _SWITCHED_ZH.match(clause) or _VALUE_ZH.match(clause):
            return True
        return len(clause) <= _DETAIL_MAX and bool(
            _SETTLES_ZH.search(clause) and _CONCRETE.search(clause)
        )
    if _NOMINAL_EN.fullmatch(clause) and _NAME_TOKEN.search(clause):
        return True
    return len(clause) <= _DETAIL_MAX and bool(
        _SETTLES_EN.search(clause) and _CONCRETE.search(clause)
    )


# a choice that puts the matter off or only tries a thing: "先不改", "暂时", "先观察两天再说",
# "wait", "revisit this after the launch", "try Bun"
_PUT_OFF = lazy(
    # not for now ("先不上 k8s"), or not doing a thing it does not name ("不改了"); "不上 K8s"
    # decides against K8s for good
    r"(?i)^(?:先|暂时|暂且|暂|目前|现在|这次)\s*(?:不|没|别|不要)"
    # not a prohibition, a rule said whole ("不允许在代码里硬编码配置")
    r"|^(?:不|没)(?![一同错少可变对透允能许准得应可要需])(?!.*[A-Za-z])"
    r"|^(?:先|暂时|暂且)?\s*(?:观察|等等?|放一放|放着|搁置|试试?|试一下|试用|保持现状)"
    r"|再说$|^(?:暂时|暂且|先这样|维持现状|保持不变)$"
    r"|^(?:wait|hold off|postpone|defer|revisit|pause|punt|try|trial|experiment|"
    r"leave (?:it|this|that|them) (?:alone|as is)|do nothing)\b"
)


def puts_off(choice: str) -> bool:
    """Whether a choice only puts the matter off or tries a thing, and takes nothing up.

    "决定先不改了", "定了，暂时不动", "we decided to wait until next sprint", "decided to try Bun
    but it was too buggy": nothing is taken up for good.
    """
    return _PUT_OFF.search(choice.strip()) is not None


# an instruction scoped to the task at hand: "use --no-verify this one time", "这一次用 force push
# 吧", "for this PR just use console.log"
_THIS_ONCE = lazy(
    r"(?i)\b(?:this (?:one )?time|just this once|(?:just )?for (?:this|the) (?:one|pr|commit|"
    r"run|test run|migration|fix|ticket|demo|branch|task|script|experiment|one-off|debugging|"
    r"answer|reply|snippet|example))\b"
    # "use bash for the quick script, it's throwaway": a thing made once and thrown away
    r"|\b(?:one-off|throwaway|throw-away|quick and dirty|quick script|scratch script)\b"
    # not "一次性迁完" (all at once) nor "一次性订阅" (a kind of subscription)
    r"|这一?次|本次|这回|这一回|临时(?!表|目录|文件)|(?:demo|演示|原型)\s*里"
)


# a choice for some later day: "we should use Kafka eventually, but not this quarter", "迟早要上
# k8s": nothing is taken up now ("以后都用 X" is from now on, and is not among these)
_SOME_DAY = lazy(
    r"(?i)\b(?:eventually|at some point|some ?day|down the road|in the (?:long run|future)|"
    r"one day|not (?:this|until (?:the )?next) (?:quarter|sprint|month|year|release))\b"
    r"|以后再|将来|迟早|总有一天|有机会再|等有空"
)


def some_day(sentence: str) -> bool:
    """Whether a choice is put to a later day ("use Kafka eventually"), not taken up now."""
    return _SOME_DAY.search(sentence) is not None


def for_this_once(sentence: str) -> bool:
    """Whether an instruction is for the task at hand only, not a lasting way of the project.

    "这一次用 force push 吧", "just for this migration use the admin creds": what is done now.
    """
    return _THIS_ONCE.search(sentence) is not None


# a sentence that says it decides: "we decided", "Decision:", "决定", "定了", "就这么定"
_SAYS_DECIDED = lazy(r"(?i)\b(?:decid(?:e|ed|es|ing)|decision)\b|决定|定了|定下|这么定|拍板")

# a step of the task at hand: "we decided to look at the logs first", "决定先回滚"; not "先写 tmp
# 再 rename" (a way of doing it, in order) nor "先上 Redis" (what is used for now)
_STEP_NOW_EN = lazy(
    r"(?i)^(?:let'?s\s+)?(?:look (?:at|into)|check|investigate|debug|reproduce|repro|roll ?back|"
    r"revert|re-?run|retry|restart|dig into|pair|sleep on|start with|begin with|focus on|"
    r"talk to|check with)\b"
    # someone asked about the task: "we decided to ask the DBA before changing the index"; not
    # "ask for confirmation before every migration", a way kept
    r"|^(?:ask|ping|email)\s+(?:the\s+|our\s+)?[\w-]+(?:\s+team)?\s+(?:before|first|about|"
    r"whether|if)\b"
    # a thing of the task at hand: "we decided to merge PR 123 now", "close this ticket"
    r"|\b(?:this|that)\s+(?:ticket|issue|pr|pull request|bug|branch|commit)\b|\bPR\s*#?\d+"
)
_STEP_NOW_ZH = lazy(
    r"^(?:今天|今晚|明天)?先\s*(?:把[^，,。；;]{1,20}?)?(?:看|查|排查|复现|回滚|回退|调试|试|跑|测|"
    r"打印|定位|重启|修)"
    r"|^(?:把)?(?:这个|那个)\s*(?:PR|pr|bug|issue|工单|分支|提交)"
)
_FIRST_EN = lazy(r"(?i)\bfirst\s*[.!]?\s*$")

# what is not a way of the project: a meeting, who does what, a day ("we decided to pair on this
# tomorrow", "Tom takes the on-call rotation this week", "决定周会改到周三", "张三负责后端"),
# or the reply itself ("决定用 mermaid 画个图给你看")
_NOT_A_WAY_EN = lazy(
    r"(?i)\b(?:meetings?|stand-?ups?|sync-?ups?|retros?|retrospectives?|sprint (?:review|planning)|"
    r"demo day|offsite|on-?call|pair(?:ing)? on|one-on-ones?|lunch)\b"
    r"|\b(?:today|tonight|tomorrow|this (?:morning|afternoon|evening|week)|next week|"
    r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b"
    r"|\bon (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d"
)
_NOT_A_WAY_ZH = lazy(
    r"会议|开会|[周例站晨]会|评审会|复盘会|碰一下|碰个头|团建|聚餐|负责|值班"
    r"|今天|今晚|明天|后天|这周|本周|下周|(?<!每)周[一二三四五六日天]|\d+\s*月\s*\d+\s*[日号]"
    r"|给(?:你|我|大家)看|展示结果|^(?:表格|列表|清单|图表)|(?:回答|回复|答复)(?:我)?\s*[。.!！]?$"
)

# someone else's decision, reported: "the security team decided to block port 22", "领导定了下周
# 上线", "客户决定用 Oracle": not the project's own, until the person takes it up
_OTHERS_DECIDED = lazy(
    r"(?i)\b(?:client|customer|manager|boss|pm|product (?:owner|manager|team)|security team|"
    r"legal|leadership|management|upstream|maintainers?|vendor|ops team|platform team)s?\s+"
    r"(?:has |have |had |already )?decided\b"
    r"|(?:客户|领导|老板|甲方|产品|上面|上级|公司|运维|安全部门|总监|经理)(?:那边|那里)?(?:已经)?"
    r"(?:决定|定了)"
)


def decided_for_now(choice: str, sentence: str) -> bool:
    """Whether a sentence that says it decides decides no lasting way of the project.

    A step of the task at hand ("we decided to look at the logs first", "决定先回滚，明天再查"),
    a meeting, a person's job or a day ("we decided to pair on this tomorrow", "决定周会改到
    周三"), the reply itself ("决定用 mermaid 画个图给你看") or someone else's decision reported
    ("the security team decided to block port 22", "客户决定用 Oracle") is no way the project
    keeps: it goes to review.
    """
    if _SAYS_DECIDED.search(sentence) is None:
        return False
    at = sentence.find(choice)
    rest = sentence[at:] if at >= 0 else choice
    if _OTHERS_DECIDED.search(sentence[: max(at, 0)] or sentence):
        return True
    if is_chinese(rest):
        if _STEP_NOW_ZH.search(choice) or _LOOK_INTO_ZH.search(rest):
            return True
        return _NOT_A_WAY_ZH.search(rest) is not None and not _LASTING.search(sentence)
    if _STEP_NOW_EN.search(choice) or _LOOK_INTO_EN.search(rest) or _FIRST_EN.search(sentence):
        return not _LASTING.search(sentence)
    return _NOT_A_WAY_EN.search(rest) is not None and not _LASTING.search(sentence)


def names_a_call(choice: str, sentence: str) -> bool:
    """Whether `sentence` writes the one-word `choice` as a call in code.

    "go with collect(streaming=True) + write_parquet", "调用点全部换成 `useUserStore()`": a
    function written with its arguments is a step of the code, not a way or a tool chosen; a
    capitalised name with arguments is a type or an engine ("ReplacingMergeTree(version)").
    """
    # "decimal(10,4)": the call is written with its arguments kept
    choice = re.sub(r"\(\d[\d,]*\)$", "", choice)
    if not re.fullmatch(r"[a-z][A-Za-z0-9_]*", choice):
        return False
    return re.search(rf"(?<![\w.-]){re.escape(choice)}\(", sentence.replace("`", "")) is not None


def restates_way(choice: str, said: str) -> bool:
    """Whether the assistant's `choice` names again a way the person just said is theirs.

    `said`: what the person's last message said of their own ways, lower case. After
    "我习惯 table-driven 的写法", "明白，后面所有测试都用 table-driven + t.Run" acknowledges it:
    the choice opens with the name the person used, whatever it adds ("uv pip / uv add" after
    "我一直用 uv").
    """
    low = choice.lower()
    if low in said:
        return True
    head = re.match(r"[a-z0-9][\w.#-]*", low)
    return (
        head is not None
        and re.search(rf"(?<![\w.-]){re.escape(head[0])}(?![\w-])", said) is not None
    )


# a name with parts to fill in: "<source>_<entity>_<layer>", "risk.<domain>.<event>.v1",
# "farm/{greenhouse_id}/{node_id}/telemetry"
_SLOT = r"(?:<(?![A-Z])[^<>\s]{1,20}>|\{(?![A-Z])[\w\u4e00-\u9fff]{1,20}\})"  # not "<String>"
_PATTERN = lazy(rf"(?<![\w<{{])[\w.:/@-]*{_SLOT}(?:[\w.:/@-]*{_SLOT})*[\w.:/@-]*")
# what says the pattern names things: "命名统一成", "topic 规范定成", "key pattern"; and what
# says it holds for all of a kind ("for every asset", "统一成"), enough for a name with no path
_NAMING = lazy(
    r"(?i)命名|名字|规范|格式|约定|\bnam(?:e|es|ed|ing)\b|\bconventions?\b|\bformat\b|"
    r"\bpattern\b|\btopics?\b"
)
_FOR_ALL = lazy(r"(?i)统一|\bfor (?:every|each|all)\b")


def naming_pattern(sentence: str) -> str | None:
    """The naming pattern a sentence sets ("Kafka topic 命名统一成 risk.<domain>.<event>.v1").

    A pattern has parts to fill in, and words that say it names things; a path or an address
    with parts to fill in ("/data/recon/inbound/{channel}/", "https://tiles…/{z}/{x}/{y}") is no
    naming rule unless they do. None in a question, negated or tentative talk.
    """
    text = sentence.replace("`", "")
    if QUESTION.search(text) or NEGATED.search(text) or TENTATIVE.search(text):
        return None
    found = [m[0].strip(".:/-") for m in _PATTERN.finditer(text) if "://" not in m[0]]
    found = [
        p for p in found
        if re.search(r"[\w\u4e00-\u9fff]", re.sub(_SLOT, "", p)) or len(re.findall(_SLOT, p)) >= 2
    ]  # fmt: skip
    if not found:
        return None
    pattern = max(found, key=len)
    said = re.sub(_SLOT, " ", text)  # the words around, not the parts' own ("<name>")
    if _NAMING.search(said) or ("/" not in pattern and _FOR_ALL.search(said)):
        return pattern
    return None
