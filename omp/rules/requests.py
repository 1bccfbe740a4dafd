"""Memory requests: "remember that ...", what must never be done, requirements as rules."""

from __future__ import annotations

import re

from omp.lazyre import lazy
from omp.rules.dialogue import tentative
from omp.rules.lexicon import technologies
from omp.rules.person import personal
from omp.rules.signals import CONDITION, QUESTION, TENTATIVE

_REMEMBER = lazy(
    r"(?i)\b(?:remember (?:this|that)|please remember|note (?:this|that)|keep in mind|"
    r"save (?:this|that) to memory)\b|记住|保存到记忆|记一下|别忘了"
)


def asks_to_remember(sentence: str) -> bool:
    """True when the speaker asks for something to be remembered ("记住这个")."""
    return _REMEMBER.search(sentence) is not None


# "Remember: the API gateway strips the /v1 prefix", "Just so you know for the future: we never
# deploy on Fridays", "记住，生产环境不要直接改数据库": a lead that asks to keep what follows
_REMEMBERED_LEAD = lazy(
    r"(?i)^(?:(?:ok(?:ay)?|also|and|oh|btw|one more thing)[,\s]+)?"
    r"(?:(?:(?:can|could|would) you\s+)?(?:please\s+)?remember(?:\s+that)?(?!\s+to\b)"
    r"|keep in mind(?:\s+that)?|for the record|for future reference|note for (?:the )?future"
    r"(?: sessions)?|just so you know(?: for the future| for later)?|reminder(?: for "
    r"(?:future sessions|later|the future))?|the rule is|rule of thumb|important"
    r"|记住|记一下|别忘了|注意|以后记得|提醒一下)\s*[:：,，]?\s*(?P<x>.{8,200}?)[.。!！?？]?$"
)


# "important:" leads a rule only: "Important: all timestamps are stored in UTC"
_RULE_WORDS = lazy(
    r"(?i)\b(?:all|every|each|never|always|no|must|only|don'?t|do not)\b"
    r"|所有|每个|每次|一律|必须|不要|不能|禁止|只能|都"
)


_FORBIDS = lazy(
    r"(?:(?i:\b(?:don'?t|do not|never|no longer|stop|avoid)\s+(?:use|using|add|adding|call|"
    r"calling)\s+(?:the\s+)?)|\b(?i:no)\s+(?=[A-Z])"
    r"|不要用|别用|不能用|禁止使用|禁止用|不准用|不许用|不再用)\s*"
    r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)?)"
)


_FORBIDDING = lazy(
    r"(?i)\b(?:don'?t|do not|never|no|not|avoid|stop|without)\b"
    r"|不要|不能|不准|不许|禁止|别|不用|不再|勿"
)


def forbids(clause: str) -> bool:
    """Whether a rule says what not to do ("生产环境不要直接改数据库", "never push to main")."""
    return _FORBIDDING.search(clause) is not None


def forbidden_names(clause: str) -> list[str]:
    """The names a rule forbids ("不要用 Tesseract", "never use moment.js"), as written."""
    return list(dict.fromkeys(m["x"] for m in _FORBIDS.finditer(clause)))


def remembered_rule(sentence: str) -> str | None:
    """What the person asks to keep about the project, said whole after a memory lead."""
    m = _REMEMBERED_LEAD.match(sentence.strip())
    if m is None or personal(m["x"]) is not None or tentative(m["x"]):
        return None
    weak = re.match(r"(?i)\W*(?:important|注意|提醒一下)", m.group(0))
    if weak and not (_RULE_WORDS.search(m["x"]) and re.search(r"[:：,，]", m.group(0))):
        return None  # "注意看一下日志" asks for care now; "注意：所有金额都用分存储" is a rule
    clause = m["x"].strip(" ,，")
    if re.match(r"(?i)(?:this|that|it|these)\b|这个|这些", clause):
        return None  # "remember this" points at something said before
    if re.fullmatch(
        r"(?i)(?:for\s+)?(?:next time|the future|later|future sessions|reference)", clause
    ):
        return None  # "just so you know for next time" closes what was said before
    return clause[0].upper() + clause[1:]


# "I want the API to return errors as RFC 7807 problem JSON", "We need every endpoint to be
# idempotent", "I want all timestamps stored in UTC": a requirement the person sets
_REQUIRED = lazy(
    r"(?i)^(?:(?:ok(?:ay)?|so|also|and|oh|btw|going forward|from now on)[,\s]+)*"
    r"(?:i|we)(?:\s+(?:really|also|definitely|absolutely))?"
    r"(?P<verb>\s+want|\s+need|\s+require|'d like|\s+would like)\s+"
    r"(?P<subject>(?P<all>(?:all|every|each|no)(?:\s+of\s+(?:the|our))?)\s+[\w./-]+(?:\s+[\w./-]+){0,3}?"
    r"|(?:the|our)\s+[\w./-]+(?:\s+[\w./-]+){0,2}?"
    r"|(?-i:[A-Z]{2,}[\w.-]*)(?:\s+[a-z][\w-]*){1,2}?)\s+"
    r"(?:to\s+(?P<to>(?:always\s+|never\s+|only\s+)?[a-z]+\b.{0,120}?)"
    r"|(?P<done>(?:always\s+|only\s+)?(?:[a-z]+ed|written|kept|built|sent|made|run|set|signed|"
    r"stored|done)\b.{0,120}?))"
    r"\s*(?:[,;\u2014\u2013]|\s(?:because|since|so that)\s|[.!]?$)"
)


# what the assistant says, does or answers now, not a part of the project
_REPLY_THING = lazy(
    r"(?i)\b(?:answer|reply|response|explanation|summary|output|result|message|text|fix|"
    r"change|diff|patch|plan|list|example)s?$"
)


# a state of the work to reach now, not a way for the project to be: "all tests to pass"
_TASK_STATE = lazy(
    r"(?i)^(?:pass|work|compile|build|load|finish|succeed|go away|stop\s+\w+ing|"
    r"(?:(?:be|get)\s+)?(?:fixed|green|done|working|passing|ready|finished|merged|deployed|"
    r"updated|removed|deleted|cleaned(?: up)?|migrated|converted|renamed|moved|refactored|"
    r"rewritten|replaced|upgraded|bumped|reverted|dropped|closed|resolved|completed|reviewed|"
    r"tested|committed|pushed|shipped|released|faster|better|cleaner|simpler|smaller|quicker|"
    r"gone|back))\b"
    r"|\b(?:again|now|today|tonight|tomorrow|asap|first|by (?:monday|tuesday|wednesday|"
    r"thursday|friday|eod|tomorrow|the end)|faster|quicker|better)\b"
)


# the project as a whole, or one of its big parts: "the API", "our backend", "the codebase"
_WHOLE = frozenset(
    ("api", "app", "backend", "frontend", "service", "cli", "codebase", "project", "server",
     "sdk", "library", "monorepo", "repo", "site", "website", "bot", "firmware", "pipeline",
     "database", "db", "schema", "code")
)  # fmt: skip


_NOT_NOW = lazy(
    r"(?i)\b(?:eventually|someday|some day|at some point|one day|long[- ]term|later|"
    r"in the future|you|your|me|my)\b"
)


# something concrete, as a requirement or a rule names it: a name written as code, a number,
# an acronym, a quoted name
_CONCRETE_RULE = lazy(r"\d|`|\w_\w|[a-z][A-Z]|\b[A-Z]{2,}|\w\.\w")


def requirement(sentence: str) -> str | None:
    """A requirement the person sets for the project, titled as a rule, or None.

    "We need every endpoint to be idempotent" → "Every endpoint must be idempotent"; "I want
    the API to return errors as RFC 7807 problem JSON" → "The API should return errors as RFC
    7807 problem JSON". Not what the person wants of the reply ("I want you to explain …"),
    work to get done now ("I need all tests to pass"), nor wishes for later.
    """
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or CONDITION.search(sentence):
        return None
    m = _REQUIRED.match(sentence.strip())
    if m is None or _NOT_NOW.search(m.group(0)) or _REPLY_THING.search(m["subject"]):
        return None
    predicate = (m["to"] or m["done"]).strip()
    if _TASK_STATE.search(predicate):
        return None
    if m["done"] and not (m["all"] or re.match(r"(?i)always|only", predicate)):
        return None  # "We need the staging DB migrated to Postgres 16": a task, done once
    # "the CSV export to include the VAT column", "the endpoint to return 201": one feature,
    # work to do; "the API", "the tests", "our services": the project or a kind of its parts
    head = m["subject"].split()[-1].lower()
    if not m["all"] and head not in _WHOLE and not re.search(r"[^s]s$", head):
        return None
    # held to a rule only for something concrete: "the API to return … RFC 7807", "all the
    # endpoints to require auth"; not "the buttons to be blue"
    concrete = _CONCRETE_RULE.search(predicate) or re.search(
        r"\b(?:always|never|only)\b", predicate
    )
    definite = re.match(r"(?i)all\s+(?:of\s+)?the\b", m["subject"])
    if (not m["all"] or definite) and not (concrete or technologies(predicate)):
        return None
    need = m["verb"].strip().lower() in ("need", "require")
    modal = "must" if need and m["all"] != "no" else "should"
    if m["done"]:  # "stored in UTC", "always signed"
        adverb = re.match(r"(?i)(?:always|only)\s+", predicate)
        head = adverb.group(0) if adverb else ""
        predicate = f"{head}be {predicate[len(head) :]}"
    subject = m["subject"]
    return f"{subject[0].upper()}{subject[1:]} {modal} {predicate}"


# "received_at should be the event.created time", "ldflags should set main.version": a part of
# the project, named as code or as a thing of the project, and what it must be or do
_MODAL_RULE = lazy(
    r"(?i)^(?:(?:ok(?:ay)?|yes|yeah|so|also|and|oh|btw|plus)[.,\s]+)*"
    r"(?P<subject>(?:the\s+|our\s+|all\s+|every\s+|each\s+)?[\w.`/-]+(?:\s+[\w.`/-]+){0,4}?)\s+"
    r"(?P<modal>should|must|needs? to|has to|have to)\s+"
    # (not "min_size 2 should be fine": an opinion of a value)
    r"(?P<pred>(?!be able\b|probably\b|maybe\b|also\b|still\b|"
    r"be (?:fine|ok|okay|enough|good|plenty)\b)[a-z](?:[^.;!?]|\.(?=\w)){5,120}?)"
    r"\s*(?:[,;]\s*(?:the|it|we|since|because|so|not)\b.*|[.!](?!\w)|$)"
)
_NOT_SUBJECT = frozenset(
    ("it", "this", "that", "we", "i", "you", "they", "there", "he", "she", "which", "what",
     "who", "one", "someone", "somebody", "everyone", "nobody", "things", "something")
)  # fmt: skip


def modal_rule(sentence: str) -> str | None:
    """A rule the person states of a part of the project with "should" or "must", or None.

    "yes. and received_at should be the event.created time not now()" → "received_at should
    be the event.created time not now()"; "The status endpoint should return a presigned URL
    valid for 15 minutes". The part or what it must be names something concrete (code, a
    number); not a person ("you should …"), a pronoun, a condition, a question, a wish for
    later or a state the work should reach now ("the tests should pass").
    """
    body = re.sub(r"(?i)^(?:yes|yeah|ok(?:ay)?)\s*[.!]\s*", "", sentence.strip())
    if QUESTION.search(body) or TENTATIVE.search(body):
        return None
    m = _MODAL_RULE.match(body)
    # "Readiness should fail if SQL Server isn't reachable": a condition after the modal is
    # the rule's own; one before it ("if it gets slow, the cache should …") holds it back
    if m is None or CONDITION.search(body, 0, m.start("modal")):
        return None
    subject, pred = m["subject"].strip(), m["pred"].strip()
    words = subject.lower().split()
    if words[-1] in _NOT_SUBJECT or words[0] in _NOT_SUBJECT or _NOT_NOW.search(m.group(0)):
        return None
    if _TASK_STATE.search(pred) or not _CONCRETE_RULE.search(f"{subject} {pred}"):
        return None
    if re.fullmatch(r"be\s+\S+", pred):
        return None  # "binary name should be `snapname`": a setting's value, the settings' to read
    if re.match(r"(?i)the|our|all|every|each", subject):
        subject = subject[0].upper() + subject[1:]  # "received_at" stays as code writes it
    return f"{subject} {m['modal'].lower()} {pred}"


# a name, not a phrase: "Inngest", "Trigger.dev", "Graphile Worker", "Postgres 16" (not
# "keep it")
NAME = lazy(
    r"(?=[\w.+#/-]*[A-Z0-9.])[A-Za-z][\w.+#/-]*(?:\s+[A-Z][\w.+#/-]*){0,2}(?:\s+v?\d[\w.]*)?"
)


# "ok good to know, no unique constraints then.": what the advice warned of, ruled out in a
# closing clause (not "no worries then", "no rush then": no thing of the work)
_RULED_OUT_THEN = lazy(
    r"(?i)(?:^|[,;:]\s*)no\s+(?P<x>[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,3}?)\s+then\s*[.!]?$"
)
_NO_THING = frozenset(
    ("worries", "worry", "problem", "problems", "rush", "hurry", "need", "idea", "way", "luck",
     "biggie", "matter", "pressure", "thanks", "doubt", "wonder", "question", "questions")
)  # fmt: skip


def ruled_out_then(sentence: str) -> str | None:
    """The thing a reply rules out in its closing clause ("no unique constraints then")."""
    m = _RULED_OUT_THEN.search(sentence.strip())
    if m is None or QUESTION.search(sentence) or m["x"].split()[0].lower() in _NO_THING:
        return None
    return m["x"]


# "再定两个规则：…；…。", "Two rules for the repo: …; …": the rules the person lists after a lead
_RULES_LEAD = lazy(
    r"(?:^|(?<=[。.!！\n]))\s*(?:再|另外|还有|然后)?\s*(?:定|加|补充|说)?\s*"
    r"(?P<count>[一二两三四五几\d])?\s*[个条]?\s*(?:业务|团队|项目)?(?:规则|约定|规矩|规范)(?:如下)?\s*[:：]"
    # "改成：同一订单只能用一张券；运费不参与优惠": the rules a change of mind sets instead
    r"|(?:^|(?<=[。!！\n]))\s*(?:那就|那|就)?(?:规则|需求)?(?:改成|改为|换成)\s*[:：]"
    r"|(?i:(?:^|(?<=[.!\n]))\s*(?:(?:two|three|a few|some|the|our)\s+)?(?:more\s+)?"
    r"(?:rules|conventions|ground rules|naming rules)(?:\s+(?:for|of)\s+[^:\n]{1,60})?\s*:)"
)


def _zh_lead(lead: str) -> bool:
    return re.search(r"[\u4e00-\u9fff]", lead) is not None


_COUNTS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5}


def listed_rules(message: str) -> list[str]:
    """The rules a message lists after a lead ("再定两个规则：A；B。", "Rules: A; B").

    Each item, separated by "；" or ";", is a rule of its own, titled by itself; the list ends
    with its sentence (or, when the lead gives the count, after that many items). Not an item
    that asks or hedges.
    """
    m = _RULES_LEAD.search(message)
    if m is None:
        return []
    rest = message[m.end() :].strip()
    count = m["count"]
    wanted = int(count) if count and count.isdigit() else _COUNTS.get(count or "", 0)
    items = re.split(r"\s*[；;]\s*", rest)
    if not wanted:
        items = re.split(
            r"\s*[；;]\s*", re.split(r"(?<=[。!！])|(?<=[.!?])\s|\n\n", rest, maxsplit=1)[0]
        )
    if len(items) == 1 and not _zh_lead(m[0]):  # "files snake_case, node names PascalCase"
        items = re.split(r",\s+", items[0])
    found = []
    for item in items[: wanted or None]:
        item = re.split(r"(?<=[。!！])|\n\n", item, maxsplit=1)[0].strip(" 。.")
        if len(item) >= 4 and not (QUESTION.search(item) or TENTATIVE.search(item)):
            found.append(item)
    return found
