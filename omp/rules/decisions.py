"""Decisions: what one sentence decides, against what and why, and what else it settles."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from omp.lazyre import lazy
from omp.rules.facts import NOT_STACK, OTHERS_STACK_ZH, settled
from omp.rules.lexicon import (
    NOT_NAMES,
    TECH,
    TECH_ROLES,
    VERSIONED,
    ZH_PRODUCT,
    role_of,
    technologies,
)
from omp.rules.phrases import clip
from omp.rules.signals import (
    ACTION_WORD,
    MODAL_RULE_ZH,
    NEGATED,
    PROHIBITION_ZH,
    QUESTION,
    RULE_CLAUSE,
    RULE_CLAUSE_TEXT,
    RULE_CLAUSE_ZH,
    TENTATIVE,
    VAGUE,
    WISH,
)
from omp.rules.text import CLAUSE, is_chinese

# the queue technologies as one alternation, longest first ("redis streams" before "rq")
_QUEUE_NAMES = "|".join(
    re.escape(n) for n in sorted((*TECH_ROLES["queue"], *TECH_ROLES["jobs"]), key=len, reverse=True)
)


# where an instruction starts: "…, and pin the provider to 5.30", "Let's schedule …"
_INSTRUCTION_LEAD = (
    r"(?i)(?:^|[.;,]\s+|\band\s+)(?:(?:please|also|and|let'?s|we(?:'ll| will| should))\s+)?"
)


# "X it is" says where something is when a place follows ("Terraform for it is in this repo")
_NOT_WHERE = r"\b(?!\s+(?:in|at|on|under|inside|within|from|located|stored|kept|defined|not)\b)"


# what every thing of a kind must have ("每个微服务都要有自己的数据库"), or must do when a bare
# prohibition goes with it ("所有接口都要鉴权，不能匿名访问"); not a condition ("…的话") nor what
# recurs in time ("每个月都要导出对账单")
_REQUIRED_ZH = (
    r"(?:所有|全部|每个|每一个)(?!月|星期|礼拜|季度|小时|晚上|早上|周末|工作日)"
    r"(?![^，,。；;]*(?:[你他她]|我(?!们)|隔壁|别的|其他|其它|的话|之后|以后|时候|吗|[?？]))"
    r"[^，,。；;]{1,16}?"
    r"(?:都|一律)(?:要|得|需要)"
    r"(?:有|带|(?=[^，,。；;]{2,40}[，,]\s*(?:也|都|而且|并且)?(?:不能|不许|不准|禁止|不允许|不得)))"
    r"[^，,。；;]{2,40}"
    r"(?:[，,]\s*(?:也|都|而且|并且)?(?:不能|不许|不准|禁止|不允许|不得)[^，,。；;]{1,20}(?=$|[。；;！!]))?"
)


# a rule with nothing before it says so by its verb: "所有提交信息必须用英文写" (not "每次部署都要
# 手动清缓存", a chore complained about)
_OPENING_RULE_ZH = (
    r"(?:所有|全部|每个|每一个)[^，,。；;]{1,16}?(?:都|一律|统一)?"
    r"(?:必须|不能|不许|不准|禁止|一律)[^，,。；;]{2,40}|" + PROHIBITION_ZH + "|" + _REQUIRED_ZH
)


# Decision patterns: (pattern, states the decision outright, bare "use X" needing a known name).
_DECISION_EN: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # "Decision: X" / "Decided: X" / "Final answer: X" / "Approved: X" / "The call is X"
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright)[,.]?\s+)?(?:here'?s\s+)?(?:the\s+)?"
            r"(?:final\s+)?(?:decisions?|answer|call|verdict|choice|pick|approved|(?:new )?plan|"
            r"approval|(?:our |team |house )?(?:policy|convention|rule))"
            # "Decision for environments: staging auto-sync, …", "convention for this repo: …":
            # what it is a decision for
            r"(?:\s+(?:for|on|about|in|of)\s+(?:the\s+|our\s+|this\s+)?"
            r"(?P<topic>[\w./ -]{2,30}?))?\s*[:：]\s*"
            r"(?:we(?:'ll| will| are going to|'re going to)?\s+|let'?s\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|right)[,.]?\s*)*decided\s*[:：,]\s*"
            r"(?:we\s+(?:use|go with)\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?i)\bthe (?:final )?(?:call|decision|plan|verdict|winner) is\s+"
            r"(?:to\s+(?:use|go with|adopt)\s+)?(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "we decided to use X" / "we've decided on X" / "I chose X" / "we agreed on X"
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have| had)?\s+(?:finally\s+)?(?:decided|agreed|"
            r"settled|chose|chosen|picked|opted|committed)\s+"
            r"(?:(?:to|that we(?:'ll| will)?|we(?:'ll| will)?)\s+"
            r"(?:use|go with|adopt|switch to|move to|stick with|keep|stay with|migrate to|"
            r"build on|standardi[sz]e on)\s+|on\s+|for\s+|to\s+|"
            # "we agreed that all API responses use snake_case": a rule, said whole
            r"that\s+(?=" + RULE_CLAUSE_TEXT + r"))?(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "going forward all services use X" / "from now on we use X"
    (
        lazy(
            r"(?i)\b(?:going forward|from now on|moving forward|in future|henceforth)[,]?\s+"
            r"(?:all\s+[\w -]{1,30}?\s+|everything\s+|every\s+\w+\s+|we\s+|everyone\s+)?"
            r"(?:will\s+|should\s+|must\s+)?(?:use|uses|go through|standardi[sz]e on|"
            r"(?:are|is|get|gets|will be|must be|should be)\s+(?:written|built)\s+(?:in|with))\s+"
            r"(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "Going forward, all new endpoints need OpenAPI docs": a rule, said whole
    (
        lazy(
            r"(?i)\b(?:going forward|from now on|moving forward|henceforth)[,]?\s+"
            r"(?=" + RULE_CLAUSE_TEXT + r")(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "we'll deploy on Fly.io rather than Heroku": where or with what, against another
    (
        lazy(
            r"(?i)\b(?:we(?:'ll| will| are going to|'re going to)?|let'?s|i(?:'ll| will))\s+"
            r"(?:deploy|host|run|build|write|ship)\s+(?:it\s+|this\s+|everything\s+|"
            r"(?:the|our)\s+[\w-]+\s+)?(?:on|to|with|in|using)\s+"
            r"(?P<x>[^,;]+?)\s+(?:rather than|instead of)\s+\S"
        ),
        True,
        False,
    ),
    # "after benchmarking, we went with ClickHouse over Druid": a choice already made
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:(?:went|gone|ended up going) with|"
            r"ended up (?:with|using|choosing|picking))\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "money is always integer cents in this codebase": what a kind of thing always or never
    # is here (a kind, not one thing: "the build is always red in this repo" is a complaint)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|fyi)\b[,.]?\s*)*"
            r"(?!(?:the|this|that|these|those|it|our|my|your|ci|builds?|tests?|deploys?)\b)"
            r"(?P<x>[a-z][\w -]{1,30}?\s+(?:is|are)\s+(?:always|never)\s+"
            r"(?!(?:slow|fast|flaky|broken|red|green|failing|down|late|wrong|annoying|confusing|"
            r"messy|empty|null|there|a pain)\b)[^,;.]{2,60}?)"
            r"\s+(?:in|across|for)\s+(?:this|the|our)\s+(?:codebase|repo|repository|project)\b"
        ),
        True,
        False,
    ),
    # "backoff must be exponential: base 2s, …": what a kind of thing must be (not one thing:
    # "the cache must be stale" guesses)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|fyi)\b[,.]?\s*)*"
            r"(?!(?:the|this|that|these|those|it|there|he|she|they|we|you|i|something|build|ci|"
            r"tests?)\b)"
            r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+must\s+(?:always\s+)?be\s+"
            r"(?!(?:slow|broken|failing|down|wrong|stale|cached|missing|null|empty|off|a bug|"
            r"the)\b)"
            r"[^,;.:?]{2,40}?)\s*(?:[:.;,]|$)"
        ),
        True,
        False,
    ),
    # "TypeScript strict mode is mandatory": a rule for the project, about a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw)[,.]?\s*)*(?P<x>[A-Za-z][\w .+#/-]{2,40}?)\s+"
            r"(?:is|are)\s+(?:mandatory|required everywhere|non-negotiable|compulsory)\b"
        ),
        True,
        True,
    ),
    # "we'll be using pnpm from now on" (not "I'm using X right now": what is, not a choice)
    (
        lazy(r"(?i)\bwe(?:'ll| will| are going to|'re going to) be using\s+(?P<x>.+)"),
        False,
        False,
    ),
    # "REST only.", "Postgres only, no Mongo": a known name, alone
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|fine)[,.]?\s*)*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)"
            r"\s+only\s*(?:[.!,;]|$)"
        ),
        True,
        True,
    ),
    # "we'll host docs on GitHub Pages": where a part runs, a known host
    (
        lazy(
            r"(?i)\b(?:we(?:'ll| will| are going to|'re going to)|let'?s)\s+"
            r"(?:deploy|host|run|serve)\s+(?:[\w-]+\s+){0,2}?(?:on|to)\s+(?P<x>(?:"
            + "|".join(re.escape(name) for name in TECH_ROLES["hosting"])
            + r")\b.*)"
        ),
        False,
        True,
    ),
    # "we switched to X" / "we've moved over to X" (a change already made)
    (
        lazy(
            r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:switched|moved|migrated|changed|"
            r"converted)\s+(?:(?:everything|it|over)\s+)*to\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "We'll standardise on OpenTelemetry for tracing": a rule for everyone, decided
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to))\s+"
            r"standardi[sz]e on\s+(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "let's scrap the microservices idea and keep it a modular monolith"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will))\s+(?:scrap|drop|ditch|forget(?: about)?|kill|"
            r"abandon)\s+(?:the\s+)?(?P<gone>[^,;.]{2,50}?)(?:\s+(?:idea|plan|approach))?,?\s+"
            r"and\s+(?:just\s+)?(?:keep it(?: as)?|go with|use|stick with|make it|stay with|"
            r"keep)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "All new code should be typed", "Every endpoint must have a test": a requirement said whole
    (
        lazy(
            r"(?i)^(?:(?:also|and|so|ok(?:ay)?)[,\s]+)?"
            r"(?P<x>(?:all|every|each|no)\s+[\w -]{1,30}?\s+"
            r"(?:must|should|need to|needs to|have to|has to|are required to|is required to)"
            r"\s+[^;.!?]{2,80})"
        ),
        False,
        False,
    ),
    # "We don't use ORMs here, raw SQL only."
    (
        lazy(
            r"(?i)\bwe (?:don'?t|do not|never) use\s+(?P<gone>[^,;.]{2,40}?)(?:\s+here)?\s*[,;]\s*"
            r"(?P<x>[^,;.]{2,40}?)\s+only\b"
        ),
        True,
        False,
    ),
    # "let's not use an ORM for this service; plain SQL with sqlc"
    (
        lazy(
            r"(?i)\b(?:let'?s not|we won'?t|we will not|don'?t)\s+(?:use|go with|add|bring in|"
            r"introduce)\s+(?:an?\s+|the\s+)?(?P<gone>(?:[^;,.]|\.(?=\w)){2,50}?)"
            r"(?:\s+for\s+[^;,.]+)?\s*(?:[;\u2014\u2013]|,\s*(?=just\b|instead\b|rather\b|use\b))"
            r"\s*(?:just\s+|instead\s+|rather\s+)?(?:use\s+|go with\s+)?"
            r"(?P<x>(?!(?:[^;,.]*\s)?(?:is|are|was|were|be|'s)\b)(?:[^;,.]|\.(?=\w)){2,60})"
        ),
        False,
        False,
    ),
    # "let's go with X" / "we'll use X" / "we're moving to X" / "I'm settling on X"
    (
        lazy(
            r"(?i)\b(?:let'?s|let us|we(?:'ll| will| are going to|'re going to| shall)|"
            r"we(?=\s+go\s+with)|we're|we are|i'?m|i am|i(?:'ll| will))\s+"
            r"(?:just\s+|simply\s+|definitely\s+|actually\s+|keep it simple and\s+)?(?:gonna\s+)?"
            r"(?:go(?:ing)? with|use|adopt|switch to|switching to|move to|moving to|stick with|"
            r"stay with|standardi[sz]e on|upgrade to|upgrading to|"
            r"standardi[sz]ing on|settl(?:e|ing) on|migrate to|keep|going to use)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "it has to be ROUND_HALF_UP": a constraint naming an identifier
    (
        lazy(
            r"\b(?:it|this|that|we|rounding|the \w+)\s+(?:has to|have to|must|needs to)\s+"
            r"(?:be|use)\s+`?(?P<x>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][a-z]+[A-Z]\w*)`?"
        ),
        False,
        False,
    ),
    # "we should use Postgres 16 for the orders service, not MySQL" (said by the person)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|right|then|i think|honestly)[,.]?\s*)*"
            r"we\s+(?:should|must|need to|have to)\s+(?:just\s+)?"
            r"(?:use|go with|switch to|move to|adopt|stick with|stay with|keep)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "Schedule the rollup at 02:30 UTC so the FX refresh has slack"
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>schedule\s+(?:the\s+|it\s+)?(?:[\w.-]+\s+){0,4}?"
            r"(?:at|for|every day at|daily at|nightly at)\s+"
            # "schedule it at 0 3 * * * UTC": a cron expression whole
            r"(?:[`'\"]?(?:[\d*?/,-]+\s+){4,5}[\d*?/,-]*[*?][`'\"]?"
            r"|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)"
            r"(?:\s*(?:utc|gmt|(?-i:[A-Z]{3,4})))?)(?![\w*?/,-])"
        ),
        True,
        False,
    ),
    # "pin the google provider to ~> 5.30": a version fixed on purpose
    (
        lazy(
            _INSTRUCTION_LEAD + r"(?P<x>(?:pin|lock)\s+"
            r"(?:the\s+)?[\w.\-/@]+(?:\s+[\w.\-/@]+){0,2}?\s+(?:to|at)\s+(?:version\s+)?"
            r"[~^<>=!]*\s*v?\d[\w.\-*]*)"
        ),
        True,
        False,
    ),
    # "releases via cargo-dist.", "deploys through Argo CD": a concern of the project and the
    # tool it goes through, said tersely as the way it is done
    (
        lazy(
            r"(?i)^(?:(?:and|also|ok(?:ay)?|so)[,]?\s+)?(?P<topic>releases?|deploys?|deployments?|"
            r"builds?|auth(?:entication)?|logging|logs|errors|error tracking|migrations|"
            r"e-?mails?|payments?|secrets|metrics|tracing|feature flags)\s+(?:via|through)\s+"
            r"`?(?P<x>[A-Za-z][\w.+#/@-]*(?:\s+(?-i:[A-Z0-9])[\w.+#/@-]*)?)`?\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "uploads stay in S3, no reason to move them": a part of the project kept where it is, on a
    # known name
    (
        lazy(
            r"(?i)^(?:(?:and|also|ok(?:ay)?|so)[,]?\s+)?(?:the\s+|our\s+)?"
            r"(?P<topic>(?!(?:it|this|that|they|we|i|you|everything)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
            r"\s+(?:stays?|remains?)\s+(?:in|on|with)\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s*(?:[,;.!]|$)"
        ),
        False,
        True,
    ),
    # "lets stay on postgres + pgvector", "we stay on text-embedding-3-small"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)?|i(?:'ll| will)?)\s+(?:stay|remain)\s+(?:on|with)\s+"
            r"(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "let's drop the sidekiq-cron idea and use Smart Retries", "Skip DynamoDB then, use S3"
    (
        lazy(
            r"(?i)(?:\blet'?s\s+|^(?:(?:ok(?:ay)?|so|yeah|fine|then)[,.!]?\s*)*)"
            r"(?:drop|ditch|scrap|remove|kill|skip(?=\s+(?-i:[A-Z])[\w.+#/-]*(?:\s+then)?"
            r"(?:\s+and|[,;])))\s+.{1,60}?(?:\s+and|[,;])\s+"
            r"(?:use|go with|switch to|move to|keep|stick with|stay with)\s+(?P<x>.+)"
        ),
        True,  # dropping one thing for another is a choice outright
        False,
    ),
    # "Let's start with SQLite", "We'll start with SQLite and move to Postgres later": the
    # first choice is made now (the later one is not); "let's start with the tests" names no
    # technology, so it is a step of work
    (
        lazy(
            r"(?i)(?:\b(?:let'?s|we(?:'ll| will| are going to|'re going to)|i(?:'ll| will))\s+|"
            r"^(?:(?:ok(?:ay)?|so|then|yeah|fine|alright)[,.!]?\s*)*)"
            r"(?:just\s+)?start\s+(?:out\s+|off\s+)?with\s+(?:plain\s+|a\s+single\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)"
            r"(?=\s*(?:[,.;!:\u2014\u2013]|$)|\s+(?:for|and|as|now|first|then|on|in|instead|"
            r"rather|over|because|since|until|while|here|locally|initially)\b)"
        ),
        False,
        True,
    ),
    # "let's do polars with the lazy API", "Let's try DuckDB"; "… for now" is provisional
    (lazy(r"(?i)\blet'?s\s+(?:just\s+)?(?:do|try)\s+(?!.*\bfor now\b)(?P<x>.+)"), False, False),
    # "lets switch framework to espidf", "we'll switch DBT_SVC to key-pair auth"
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| are going to|'re going to))\s+"
            r"(?:switch|move|change|migrate)\s+(?!back\b|over\b)(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?"
            r"\s+to\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "we use browser from wxt/browser everywhere"
    (lazy(r"(?i)\bwe(?:'ll| will)?\s+use\s+(?P<x>.+?)\s+everywhere\b"), True, False),
    # "actually lets go graviton everywhere", "let's go serverless across the board": one thing
    # made the way of the whole project
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| should))\s+go\s+(?!(?:with|back|ahead|for|through|"
            r"over|and|look|check|see|find|fix|search|hunt|dig|read|get|grab|try|ask|test|run|"
            r"clean|hide|play)\b)"
            r"(?P<x>[A-Za-z][\w.+-]*)\s+(?:everywhere|across the board|for everything)\b"
        ),
        False,
        False,
    ),
    # "let's go back to X" / "switch back to X" (after trying something else)
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will)|i(?:'ll| will)|we're|we are)\s+"
            r"(?:go(?:ing)? back to|switch(?:ing)? back to|revert(?:ing)? to|fall(?:ing)? back to)"
            r"\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|right|ugh|hmm|actually)[,.!]?\s*)*"
            # "revert that, go back to thiserror": the undoing says nothing more
            r"(?:(?:revert|undo|drop|scrap)\s+(?:that|it|this)[,;]?\s+(?:and\s+)?)?"
            r"(?:go back to|switch back to|revert to|fall back to)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "For exif, use kamadak-exif.", "for the queue: let's use SQS": a part, then what it uses
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|and|also|then|oh)[,]?\s+)*for\s+(?:the\s+|our\s+)?"
            r"(?P<topic>[\w.-]+(?:\s+[\w.-]+){0,2}?)\s*[,:]\s*"
            r"(?:let'?s\s+|we(?:'ll| will| should)\s+|just\s+)?use\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "let's drop CockroachDB for Postgres", "swap Redux for Zustand", "replace Jest with
    # Vitest", "ditch Heroku in favour of Fly.io": one name given up for another
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|and|also|then|actually|hmm|yeah)[,]?\s+)*"
            r"(?:let'?s\s+|we(?:'ll| will| should)\s+|i\s+want\s+to\s+)?(?:just\s+)?"
            r"(?:drop|ditch|dump|swap|trade|replace|switch)\s+(?:out\s+)?(?:the\s+)?"
            r"(?!(?:it|this|that|them|these|those)\b)(?P<gone>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2})\s+"
            r"(?:for|with|in favou?r of)\s+(?P<x>.+)"
        ),
        True,  # one thing dropped for another is a choice outright
        True,
    ),
    # "events_raw: replica identity full then": a part named, then the way picked for it
    (
        lazy(
            r"(?i)^(?P<topic>[\w.-]{2,30}(?:\s+[\w.-]+){0,2}?)\s*:\s*"
            r"(?P<x>[A-Za-z][\w.+#/ -]{1,40}?)\s+then\s*(?:[,.;!]|$)"
        ),
        False,
        False,
    ),
    # "X gets my vote" / "ship it with X"
    (
        lazy(
            r"(?i)^(?:ok(?:ay)?[,.!]?\s*|alright[,.!]?\s*)?(?P<x>[\w.+# -]{2,30}?)\s+"
            r"(?:gets my vote|wins|is the winner)\b"
        ),
        False,
        False,
    ),
    (lazy(r"(?i)\bship it with\s+(?P<x>.+)"), False, False),
    # "Inngest fits best", "Inngest fits our use case", "Temporal is the best fit": an offered
    # or known name, judged the one for us
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|yes|yep|hmm|alright|then|i think|honestly|"
            r"after reading (?:that|this|those))[,.]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2}(?:\s+v?\d[\w.]*)?)\s+"
            r"(?:(?:really|clearly|definitely)\s+)?"
            r"(?:(?:fits|suits)\s+(?:best|us best|(?:us|our (?:use case|needs|case|requirements|"
            r"workload|stack|team|setup))(?:\s+(?:best|perfectly|well))?|the bill|perfectly|"
            r"what we need)"
            r"|(?:is|looks like|seems like|sounds like)\s+(?:the|a)\s+(?:best|right|perfect|"
            r"clear|obvious)\s+fit(?:\s+for\s+(?:us|our\s+[\w ]{2,30}))?)"
            r"(?:\s*(?:[,.;!:\u2014\u2013]|$)|\s+(?:since|because|as|given)\b)"
        ),
        False,
        True,
    ),
    # "For auth, Clerk.", "For the queue, SQS, not RabbitMQ.": a part, then the name chosen for it
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|then|and|alright|fine|right)[,.!]?\s*)*for\s+(?:the\s+|our\s+)?"
            r"(?!(?:example|instance|now|context|reference|(?:the )?record|the moment|the time|"
            r"starters|once|real|sure|simplicity|comparison|what|me|us|this|that|today|later|"
            r"a (?:while|start|moment)|one)\b)"
            r"(?P<topic>[a-z][\w -]{1,25}?)\s*[,:]\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;]|$|,\s*(?=not\b|no\b|since\b|because\b))"
        ),
        False,
        True,
    ),
    # "X is enough" (after turning something down)
    (
        lazy(
            r"(?i)(?:^|[,;]\s*)(?P<x>[\w.+# -]{2,30}?)\s+(?:is|are)\s+(?:enough|good enough|"
            r"sufficient|all we need)\b"
        ),
        False,
        True,
    ),
    # "add a job queue for thumbnails using BullMQ", "write the parser in Rust": work asked
    # for, and the known name it is to be done with
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|now|next|then|also|and|please|pls)[,.!]?\s+)*"
            r"(?:add|build|set ?up|implement|create|write|make|wire up|hook up|rewrite|port|"
            r"put together|scaffold)\s+(?:an?\s+|the\s+|our\s+|some\s+)?(?P<topic>"
            r"[\w-]+(?:\s+[\w-]+){0,5}?)\s+"
            r"(?:using|with|via|on top of|based on|(?P<within>in|on))\s+"
            r"(?P<x>(?-i:[A-Za-z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?(?:\s+v?\d[\w.]*)?)"
            r"(?=\s*(?:[,.;!:(]|$)|\s+(?:and|for|"
            r"so|since|because|as|instead|rather|with|behind|in front)\b)"
        ),
        False,
        True,
    ),
    # "go with X" / "use X" at the start (an instruction from the person deciding)
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought|sounds good|great|perfect|cool|agreed|screw it|"
            r"fuck it|forget it|never mind|嗯|好的?|行|那)[,.!，。]?\s*)*"
            r"(?:go with|going with|"
            # "port it to clap derive please": the code moved onto another library
            r"(?:switch(?:ing)?|mov(?:e|ing)|port(?:ing)?)(?: everything| it all| it| us)? to|"
            # "pick a date library" asks for a choice
            r"(?:pick|choose)(?=\s+(?!(?:a|an|one|some|any|something|whichever|whatever)\b))|"
            r"adopt|stick with)\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "no, keep redis", "ok, stay on composer": the one in use kept, a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought)[,.!]?\s*)*(?:keep|stay on|stay with)\s+"
            # "keep redis as the broker": redis, whatever it is kept as
            r"(?!(?:it|this|that|them|the|a|an|our|my|your)\b)(?P<x>(?:(?!\s+as\s).)+)"
        ),
        False,
        True,
    ),
    # "Vonage is cheaper there, switch to Vonage.": the instruction after its reason (not after
    # a condition: "if it gets slow, switch to Redis")
    (
        lazy(
            r"(?i)^(?:(?![^,;]*\b(?:if|when|unless|once|until|whether|in case)\b)"
            r"[^,;]{3,80}[,;]\s*){1,3}?"
            r"(?:so\s+|then\s+|just\s+|please\s+)?"
            r"(?:go with|switch(?: everything| it| us)? to|move(?: everything| it)? to|"
            # "wait, we have R2 credits, use Cloudflare R2 instead of S3"
            r"stick with|use(?=\s+[^,;]{2,40}?\s+instead of\s))\s+(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "Money is stored as integer cents everywhere, never floats.": how a kind of thing is kept,
    # said as a rule (always, everywhere, never)
    (
        lazy(
            r"(?i)^(?:(?:also|and|so|ok(?:ay)?|btw)[,\s]+)?"
            r"(?P<x>(?!(?:it|this|that|they|which|everything)\b)[a-z][\w -]{1,30}?\s+(?:is|are)\s+"
            r"(?:always\s+)?(?:stored|kept|saved|represented|sent|returned|written|logged|passed)\s+"
            r"(?:as|in)\s+[^,;.!?]{2,40}?"
            r"(?:\s+(?:everywhere|always|across the board|in every \w+)"
            r"|\s*[,;]\s*never\s+[^,;.!?]{2,30}))"
            r"\s*[.!]?$"
        ),
        True,
        False,
    ),
    # "MySQL is out; go Postgres.": "go" and a known name, alone
    (
        lazy(
            r"(?i)(?:^|[,;.]\s*|\blet'?s\s+)(?:(?:so|then|just|ok(?:ay)?)[,]?\s+)?go\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,]|$|\s+(?:instead|rather|over)\b)"
        ),
        False,
        True,
    ),
    # "My vote is Drizzle over Prisma": the person's pick, a known name
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|well|honestly)[,.]?\s*)*my (?:vote|pick|choice) "
            r"(?:is|goes to|would be)\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "Let's make Postgres the default database": a known name made the standard
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| should))\s+make\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s+"
            r"(?:the|our)\s+(?:default|standard|primary|main)\b"
        ),
        True,
        True,
    ),
    # "On second thought, Vitest — it's faster.", "Actually, Postgres.": a known name, alone,
    # after a change of mind
    (
        lazy(
            r"(?i)^(?:(?:hmm+|ok(?:ay)?|no|nah|wait|hold on)[,.!]?\s*)*"
            r"(?:actually|on second thought|scratch that|scrap that|change of plan|never mind|"
            r"on reflection)[,.!:]?\s*(?:let'?s\s+(?:do|use|go with)\s+|make it\s+)?"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,\u2014\u2013]|\s-\s|$)"
        ),
        False,
        True,
    ),
    # "never push to main", "always run migrations in a job of their own": a rule the person
    # sets, said whole (not "never mind", "always happy to help")
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|oh and|one more thing|rule|important|"
            r"convention|policy|note)[,:!]?\s+)*"
            r"(?P<x>(?:never|always)\s+(?!mind\b|been\b|happy\b|fun\b|the same\b)"
            r"[a-z]+\b[^?]{3,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "main is protected, never push to main directly": the rule after the state of things
    # that grounds it (not after a condition: "if it is red, always retry" is for a case)
    (
        lazy(
            r"(?i)^(?![^,;]*\b(?:if|when|unless|once|until|whether|i|i'?m|you)\b)"
            r"[^,;?]{0,30}\b(?:is|are)\b[^,;?]{1,30}[,;]\s+"
            r"(?P<x>(?:never|always)\s+(?!mind\b|been\b|happy\b|fun\b|the same\b|\w+ed\b|"
            r"(?:has|have|had|was|were|is|are|did|does|do)\b)"
            r"[a-z]+\b[^?]{3,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "conventional commits, enforced by commitlint": a convention a tool is set to check
    (
        lazy(
            r"(?i)^(?:(?:also|and|plus)[,:]?\s+)?"
            r"(?P<x>(?!(?:it|this|that|which|everything)\b)[a-z][\w/-]*(?:\s+[\w/-]+){0,4}?"
            r"\s*,?\s+enforced\s+(?:by|with|via|in)\s+[^?]{2,80}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "branch names: feat/<KEY>-desc, fix/<KEY>-desc": the naming a team sets for its branches
    (
        lazy(
            r"(?i)^(?:(?:also|and|plus)[,:]?\s+)?(?P<topic>(?:branch|tag)(?:es)?\s+"
            r"(?:names?|naming|prefix(?:es)?))\s*(?::|=|are|follow|must be|should be)\s+"
            r"`?(?P<x>[\w<{][^?]{2,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # 'make it "at least 1 approval" everywhere': a quoted rule made the one for all cases
    (
        lazy(
            r"(?i)\bmake it\s+[\"\u201c'](?P<x>[^\"\u201d'\n]{3,60})[\"\u201d']\s+"
            r"(?:everywhere|across the board|for (?:all|every)(?:thing|\s+\w+)|"
            r"the (?:rule|default))\b"
        ),
        True,
        False,
    ),
    # "no mocking the database", "no retry on POST unless …": a way of working the person rules
    # out, said whole
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|rule|important)[,:!]?\s+)*"
            r"(?P<x>no\s+(?:[a-z]{4,}ing|retr(?:y|ies)|floats?|raw sql|sql in|"
            r"direct (?:db|database)|force[- ]push(?:es)?|merge commits?|default exports?|"
            r"barrel files?|console\.log|"
            # "no unwrap() outside tests": a call the code may not make
            r"`?[a-z_][\w.:]*\(\)`?(?=\s+(?:outside|in|except|anywhere|ever)\b|\s*[.!]?$))"
            r"(?:\b|(?<=[)`]))[^?]{0,80}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "every PR needs a test", "all timestamps are RFC3339 in UTC": a rule for a whole kind
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|also|and|btw|rule|important)[,:!]?\s+)*"
            r"(?P<x>(?:all|every|each)\s+(?!of\b|the time\b|good\b|set\b|done\b|green\b)"
            r"[\w -]{1,30}?\s+(?:must|should|needs?|has to|have to|requires?|gets?|"
            # "are"/"is" only for a form things take ("all timestamps are RFC3339 in UTC"), not
            # a state or a fact ("all tests are green", "All math is integer")
            r"(?:are|is)(?=\s+(?:stored|kept|named|written|formatted|serialized|sent|returned|"
            r"logged|versioned|prefixed|suffixed|validated|[A-Z][A-Za-z0-9]*\d|[a-z]+_case|"
            r"[a-z]+-case|camelCase|PascalCase|lower ?case|upper ?case|plural|singular|utc|"
            r"int64|bigint|uuids?)\b))\s+"
            r"[^?]{2,100}?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "squash merge only", "named exports only": the one way allowed
    (
        lazy(r"(?i)^(?P<x>[a-z][\w-]+(?:\s+[\w-]+){1,3}\s+only)\s*[.!]?$"),
        False,
        False,
    ),
    # "ok you know what, go back to celery", "so back to DO": an earlier option taken again
    (
        lazy(
            # not "back to work", "Back to dbt." (a topic taken up again)
            r"(?i)\b(?:(?:go|going|switch|switching|revert|reverting|move|moving)\s+back|"
            r"\bso\s+back)\s+to\s+(?!(?:work|it|normal|bed|basics|square one|the\s)\b)"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,]|$|\s+(?:then|it is)\b)"
        ),
        False,
        False,
    ),
    # "actually make it 50MB", "bump it to 60s": a value said alone, of the setting just given
    (
        lazy(
            r"(?i)^(?:(?:actually|ok(?:ay)?|no|nah|wait|then|so|just|hmm+|let'?s)[,.!]?\s+)*"
            r"(?:make|change|set|bump|raise|lower|drop|increase|decrease|reduce|up|cut)\s+"
            r"(?:it|that|this|the limit|the value)\s+(?:to\s+)?"
            r"(?P<x>\d+(?:\.\d+)?\s*(?:[A-Za-z%]{1,7}|/\w+)?)\s*"
            r"(?:instead|then|please|pls)?\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "let's store the images in S3", "we'll keep sessions in Redis": where a thing is kept
    (
        lazy(
            r"(?i)\b(?:let'?s|we(?:'ll| will| should))\s+(?:store|keep|put|save)\s+"
            r"(?:the\s+|our\s+|all\s+(?:the\s+)?)?(?P<topic>[a-z][\w -]{1,30}?)\s+in\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"\s*(?:[.!;,]|$|\s+(?:instead|rather|for|because|since|so)\b)"
        ),
        False,
        True,
    ),
    # "hmm actually, switch the queue thing to SQS instead": a known name for a part
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|then|right|actually|wait|hmm|no|"
            r"nah|on second thought)[,.!]?\s*)*"
            r"(?:switch|move|change) (?:the |our )?[\w-]+(?: [\w-]+){0,2}? to\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "letsencrypt，不要 zerossl": one name, the other turned down
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|嗯|好的?|行|那)[,.!，。]?\s*)*(?P<x>[a-z][\w.+#-]{1,30})\s*[，,]\s*"
            r"(?:不要|不用|别用|而不是)\s*[a-z][\w.+#-]{1,30}(?=\s*(?:[，,。.;；!]|$))"
        ),
        True,
        False,
    ),
    # "a SoftDeleteManager + deleted_at timestamp, not a boolean.": a sentence that is only a
    # thing named in code against another
    (
        lazy(
            r"^(?:(?:[Aa]n?|[Tt]he)\s+)?(?!(?i:i|we|you|it|this|that|they)\b)"
            r"(?=[^,;]*?(?:[a-z][A-Z]|[a-z0-9]_[a-z]))"
            r"(?P<x>[A-Za-z][^,;:!?]{2,60}?)\s*,\s*not\s+(?:an?\s+|the\s+)?"
            r"[\w.+#-]{2,30}(?:\s+[\w.+#-]{2,20})?\s*[.!]?$"
        ),
        True,
        False,  # the lookahead asks for a name in code: it need not be a known technology
    ),
    # "$app/state switch is fine, keep it.": a change kept
    (
        lazy(
            r"(?i)^(?P<x>[A-Za-z$@.][\w.$@/+-]{1,40}"
            r"(?:\s+(?!(?:switch|change|approach|version|one)\b)[\w.$@/+-]{1,30})?)\s+"
            r"(?:switch|change|approach|version|one)?\s*is fine,?\s+keep (?:it|that|this)\b"
        ),
        True,
        False,
    ),
    # "also turn on nat logging, errors only": a feature turned on
    (
        lazy(
            r"(?i)(?:^|[,;]\s*)(?:(?:also|and|then|pls|please|ok)\s+)*turn on\s+"
            r"(?P<on>(?P<x>(?:the\s+)?[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,2}))\s*(?=[,.;]|$)"
        ),
        False,
        False,
    ),
    # "redis, not memcached": a known name against another
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yeah|yep|hmm)[,.!]?\s*)*(?P<x>[a-z][\w.+#-]{1,30})\s*,\s*"
            r"(?:not|no)\s+[a-z][\w.+#-]{1,30}(?=\s*(?:[,.;!]|$))"
        ),
        True,
        True,
    ),
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|yep|sure|then|right|actually|wait|"
            r"hmm|no|nah|on second thought)[,.!]?\s*)*"
            r"use\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "I'd rather use slog with the JSON handler than pull in zap"
    (
        lazy(
            r"(?i)\b(?:i'?d|we'?d|i would|we would) (?:much )?rather "
            r"(?:use|go with|stick with|keep)\s+(?P<x>.+?)(?=\s+than\b|[,;:.!?]\s|[,;:.!?]?$)"
        ),
        True,  # a choice said against another, not narration ("I'll use grep to …")
        False,
    ),
    # "great, pgvector stays, Pinecone is off the table."
    # "FSDP + bf16 stays.": two joined by "+"
    (
        lazy(r"(?i)(?:^|[,;]\s*)(?P<x>[\w.+#-]{2,30}(?:\s+\+\s+[\w.#-]{2,30})?)\s+stays\b"),
        False,
        True,
    ),
    # "Yep, team.feature in kebab-case, that's the convention."
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|right|fine|alright)[,.!]?\s*)*"
            r"(?P<x>(?:[^.;!?]|\.(?=\S)){3,60}?)[,;]\s*"
            r"that'?s (?:the convention|settled|final|the plan|the rule|decided)\b"
        ),
        True,
        False,
    ),
    # "ok pin dbt-bigquery 1.8.3": a version pinned
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|yes|yeah|yep|fine|then)[,.!]?\s*)*(?:let'?s\s+|we\s+)?"
            r"pin\s+(?P<x>[\w.+-]+\s*(?:[@=~]=?)?\s*v?\d+(?:\.\d+)+)"
        ),
        False,
        False,
    ),
    # "coturn on hetzner, let's do it": an offered or known name, then the go-ahead
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|alright|right)[,.!]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+# -]{1,40}?)[,;]\s*let'?s do (?:it|that|this)\b"
        ),
        False,
        True,
    ),
    # "defmt + defmt-rtt, yeah.": a known name, agreed to
    (
        lazy(
            r"(?i)^(?P<x>[A-Za-z][\w.+#-]*(?:\s*\+\s*[A-Za-z][\w.+#-]*)*),?\s+"
            r"(?:yeah|yes|yep|sure|ok(?:ay)?|agreed)\s*(?:[.!,]|$)"
        ),
        False,
        True,
    ),
    # "let's do polars with the lazy API": a known name, done
    (lazy(r"(?i)\blet'?s\s+do\s+(?P<x>[A-Za-z][\w.+# -]{1,40})"), False, True),
    # "Per-record last-write-wins is enough, …": a way named, and said to suffice
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|yeah|yes|yep|sure|alright|fine|so|then)[,.!]?\s*)*"
            r"(?P<x>(?=[\w .+#-]*[A-Z0-9+#-])[A-Za-z][\w .+#-]{2,40}?)\s+(?:is|are)\s+"
            r"(?:enough|sufficient|good enough|plenty)\b"
        ),
        False,
        False,
    ),
    # "yeah slowapi sounds fine.": a known or offered name, agreed to
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yeah|yes|yep|sure|alright)[,.!]?\s*)*(?P<x>[\w.+# -]{2,30}?)\s+"
            r"(?:sounds|looks|seems)\s+(?:fine|good|great|right|reasonable|ok(?:ay)?)\b"
        ),
        False,
        True,
    ),
    # "I'm using Facepunch.Steamworks, not Steamworks.NET"
    (
        lazy(
            r"(?i)\b(?:i'?m|we'?re|i am|we are)\s+(?:going with|using)\s+"
            r"(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?),?\s+not\s+[\w.+#-]{2,}"
        ),
        False,
        False,
    ),
    # "agreed on the built in retry policy, no new deps."
    (
        lazy(r"(?i)^agreed on (?!(?:both|all|that|this|it)\b)(?P<x>.+)"),
        False,
        False,
    ),
    # "Yep, do that: saveVersion int …", "agreed on both: slim + a buildkit secret."
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|yep|yeah|yes|sure|right|fine|alright)[,.!]?\s*)*"
            r"(?:(?:let'?s\s+)?(?:do|go with) (?:that|this|it)(?: properly| right| this way)?"
            r"|agreed(?: on (?:both|all|that|this))?|ok(?:ay)?|fine|final|decided)"
            r"\s*[:：]\s*(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "let's do it properly with ESP-IDF"
    (
        lazy(r"(?i)\blet'?s\s+do\s+(?:it|this|that)\s+(?:\w+\s+)?(?:with|in|on)\s+(?P<x>.+)"),
        False,
        True,
    ),
    # "Deterministic IDs from file name + start time, good call, I'll do that."
    (
        lazy(
            r"(?i)^(?!(?:thanks|thank|ok|okay|yes|yeah|yep|sure|oh|ah|ha|wow|nice|great)\b)"
            r"(?P<x>[A-Za-z][^,;.!?]{5,60}?),\s*(?:good call|good idea|great idea|nice idea)\b"
        ),
        False,
        False,
    ),
    # "per-field last-write-wins with server timestamps, agreed.": a short way, agreed to
    (
        lazy(r"(?i)^(?P<x>[A-Za-z][\w.+/-]*(?:\s+[\w.+/-]+){0,5}),\s*agreed\W*$"),
        False,
        False,
    ),
    # "X it is": a name ("MPPI it is"), or a known one ("sqlite it is"), or the parts of a
    # layout ("staging/intermediate/marts it is"), not a gift idea; not where something is
    # ("Terraform for it is in this repo")
    (
        lazy(
            r"(?:^|[,;]\s*(?i:so|then)\s+)(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>(?=[\w.+# /-]*(?:[A-Z0-9.#-]|\w/\w))[\w.+# /-]{2,30}?)\s+(?i:it is)"
            + _NOT_WHERE
        ),
        False,
        False,
    ),
    (
        lazy(
            r"(?i)(?:^|[,;]\s*(?:(?:so|then)\s+)?)(?:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>[\w.+# -]{2,30}?)\s+it is" + _NOT_WHERE
        ),
        False,
        True,
    ),
    # "ok FSDP is the way", "Terraform is the way to go.": a name said to be the way taken, not
    # how something works ("this is the way it works") nor a way somewhere ("the way home")
    (
        lazy(
            r"(?:^|[,;]\s*(?i:so|then)\s+)(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)"
            r"[,.!]?\s*)*(?!(?i:this|that|it|which|there|here|what)\b)"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,2}?)\s+(?i:is the way)"
            r"(?:\s+(?i:to go|forward))?\s*(?:[,.;!\u2014\u2013]|$)"
        ),
        False,
        True,
    ),
    # "sure, Kafka then.": an agreement naming a known choice, sealed by "then"
    (
        lazy(
            r"(?i)^(?:sure|ok(?:ay)?|fine|alright|right|yes|yeah|yep)[,.!]?\s+"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?"
            # "ok, vitest + testing library + msw then": known names taken together
            r"(?:\s*\+\s*[A-Za-z][\w.#-]*(?:\s+[A-Za-z0-9][\w.#-]*)?)*)\s+then\b"
        ),
        False,
        True,
    ),
    # "yep, TanStack Query.": an agreement and a known name, alone in the message's sentence
    (
        lazy(
            r"(?i)^(?:sure|ok(?:ay)?|yes|yeah|yep|yup)[,.!]?\s+"
            # a second word capitalised, as a name's is ("ok scratch lua" drops one)
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s*[.!]*$"
        ),
        False,
        True,
    ),
    # "Ok we take Helm.", "so we go to ECS Fargate": a known name taken, as a team says it
    (
        lazy(
            r"(?i)^(?:(?:ok(?:ay)?|so|then|fine|alright|good)[,.!]?\s+)*(?:(?:so\s+)?not\s+[\w.-]+"
            r"\s*[\u2014\u2013,;-]+\s*)?we(?:'ll| will)?\s+(?:take|go to|go for)\s+(?P<x>.+)"
        ),
        False,
        True,
    ),
    # "Using richzw/appstore then.", "going with Litestream then": a choice, sealed by "then"
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?i:using|going with|sticking with|we'?ll use|we'?ll go with)\s+"
            r"(?P<x>[A-Za-z@][\w.+#/@-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s+(?i:then)\s*[.!]?$"
        ),
        True,
        False,
    ),
    # "do the singleton + pooler thing", "and yes do the two-tier thing": an approach the
    # assistant laid out, taken by its short name
    (
        lazy(
            r"(?i)^(?:(?:and|ok(?:ay)?|yes|yeah|yep|sure|alright|fine|so|then)[,.!]?\s+)*"
            r"(?:let'?s\s+)?(?:just\s+)?do\s+the\s+"
            r"(?P<x>(?!(?:same|other|whole|first|second|last|right|usual|easy|simple|obvious|"
            r"hard|normal|standard|whatever|old|new|next|rest|boring|quick|full|proper)\b)"
            r"[\w.#/-]+(?:\s*[+&]\s*[\w.#/-]+|\s+[\w.#/-]+)?)\s+thing\b"
        ),
        False,
        False,
    ),
    # "Validate input with zod.", "and send the email through celery": a known tool the
    # person tells the work to be done with, the work its purpose
    (
        lazy(
            r"(?i)^(?:(?:and|also|then|pls|please|ok(?:ay)?|so)[,]?\s+)*"
            r"(?P<topic>(?:validate|store|persist|seriali[sz]e|deseriali[sz]e|send|cache|queue|"
            r"parse|render|schedule|hash|encrypt|track|index|compress|generate|format|"
            r"migrate|emit|publish|enqueue|deploy|release|build|host|log|monitor)"
            r"(?:\s+(?!(?:it|them|this|that|these|those|with|using|via|through|in)\b)[\w.-]+)"
            r"{0,3}?)\s+(?:with|using|via|through|in)\s+(?:the\s+)?"
            # "GitHub Actions": a name of two capitalised words
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)(?![\w.+#-])"
        ),
        False,
        True,
    ),
    # "htmx pls, no react for this": a known name asked for
    (
        lazy(r"(?i)^(?P<x>[A-Za-z][\w.+#-]*)\s+(?:pls|please|plz)\b(?!.*\?)"),
        False,
        True,
    ),
    # "ok using time-driver-tim2.", "yep, going with Litestream": an agreement, then the name
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|sure|right)[,.!]?\s*)+"
            r"(?i:using|going with|sticking with)\s+"
            r"(?P<x>[A-Za-z@][\w.+#/@-]*(?:\s+v?\d[\w.]*)?)\s*[.!]?$"
        ),
        False,
        False,
    ),
    # "Auth.js v5 with database sessions then.": a name with its version, sealed by "then"
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?!(?i:version|option|plan|approach|step|phase|part|round|number|level|tier|"
            r"page|day|week|month|year|item|point|idea)\b)"
            r"(?P<x>[A-Za-z][\w.+#-]*\s+v?\d+(?:\.\d+)*(?:\s+[\w.+#-]+){0,4}?)"
            r"\s+then\s*(?:[.!]|$)"
        ),
        False,
        False,
    ),
    # "Keycloak then, no Auth0.": a name, then, against another; "Postgres then." a known one
    (
        lazy(
            r"^(?i:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)[,.!]?\s*)*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s+then\s*[,;]\s*"
            r"(?i:no|not)\s+[A-Za-z]"
        ),
        False,
        False,
    ),
    (
        lazy(
            # "fine — Svelte then, forget preact", "forget preact, Svelte then"
            r"(?i)(?:^|[,;]\s*)(?:(?:ok(?:ay)?|alright|fine|yeah|yep|yes|right|so)\s*[,.!\u2014\u2013]?"
            r"\s*)*(?P<x>[\w.+#-]{2,30}(?:\s+[\w.+#-]+){0,4})\s+then\s*(?:[.!,;\u2014\u2013]|$)"
        ),
        False,
        True,
    ),
)


# a word of agreement, not the first character of another word ("对象存储", "行情", "那些")
_AGREE_ZH = (
    r"(?:ok|好的?|行(?![情为业程])|嗯|那(?![些个里])|可以|同意|没问题|有道理|"
    r"对(?![象应比接外齐称账话]))"
)


# the name a Chinese decision pattern captures: "Redis 7", "shopspring/decimal", "nf-core/sarek"
_NAME_X = r"(?P<x>[A-Za-z][\w.+# -]*(?:/[A-Za-z][\w.+#-]*)*)"


_LEFT_OUT_ZH = (
    r"(?:先|暂时|暂且|目前)?(?:不上|不用|不引入|不搞)\s*"
    r"(?P<gone>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*了?"
)


_DECISION_ZH: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # "tRPC不合适了 还是REST + OpenAPI": after a clause that gives one up, a known name at the
    # end of the sentence (not "tRPC 还是 REST？", a question)
    (
        lazy(
            r"(?:(?:了|算了|不行|不合适|不好)[，,。！!\s]*|(?:^|[，,。！!\s])(?:嗯|好|行|ok)?\s*那(?:就)?)"
            r"还是(?:用)?\s*(?P<x>[A-Za-z_][\w.+#-]*(?:\s*\+\s*[A-Za-z][\w.+#-]*)*)"
            r"\s*(?:吧|了|好)?\s*(?:[。.!！]|[，,]|$)"
        ),
        False,
        False,
    ),
    # "raw retention 90 天 OK，…", "proxy-body-size 50m 可以": a value agreed to, with what it
    # is the value of ("150ms 可以" alone names nothing)
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?!{_AGREE_ZH}[，,\s])"
            r"(?P<x>(?=[^，,。\d]*[A-Za-z\u4e00-\u9fff][^，,。]*\d)[^，,。？?]{2,30}?\d[^，,。？?]{0,12}?)\s*"
            r"(?:OK|ok|可以|没问题)(?:的|了|吧)?\s*(?:[，,。！!]|$)"
        ),
        False,
        False,
    ),
    (
        lazy(r"(?:^|(?<=[，,。；;\s])|我们|团队)(?:最终|最后)?决定(?:了)?[：:，,]\s*(?P<x>.+)"),
        True,
        False,
    ),
    # "先不上 Kafka，用 Redis Stream 顶一下", "先不上 k8s，我们就三台机器，docker compose 够用了":
    # one left out for now, then what is used instead
    (
        lazy(
            rf"{_LEFT_OUT_ZH}[，,；;]\s*(?:先|就|还是|我们)?(?:用|上|走)\s*"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,3})"
            r"(?![^，,。；;]*(?:会不会|能不能|行不行|好不好|[吗么？?]))"
        ),
        False,
        False,
    ),
    (
        lazy(
            rf"{_LEFT_OUT_ZH}(?:[，,；;][^，,。；;？?]{{0,20}})*?[，,；;]\s*"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*"
            r"(?:就)?(?:够用了?|就够了|够了|就行了?|足够了?)(?![吗么嘛？?])"
        ),
        False,
        False,
    ),
    # "部署到 Heroku", "前端托管在 Vercel 上吧": where it runs, a known host
    # (not "部署到 Heroku 失败了")
    (
        lazy(
            # at the head of what is said: "…，部署在 Vercel。" describes the project
            r"(?:^(?:那|好|行|ok|OK)?[，,\s]*|(?<=就)|(?<=先)|(?<=统一))"
            # a part's host is a choice when proposed ("前端托管在 Vercel 上吧"), else a fact
            r"(?:(?P<topic>前端|后端|服务端|文档|官网|站点|网站|API|后台)(?:就|也|先|统一)?"
            r"(?=[^，,。；;]*吧))?"
            r"(?:部署|托管|发布|上线)(?:到|在)\s*"
            r"(?P<x>(?i:"
            + "|".join(re.escape(name) for name in TECH_ROLES["hosting"])
            + r"))(?![\w.-])\s*(?:上)?\s*(?:吧|了吧)?\s*(?=[，,。；;！!]|$)"
        ),
        False,
        True,
    ),
    # "每个 tenant 100 rps，burst 200，就这么定。", "卡号只显示后四位，同意，就这么改。": what was
    # said, then sealed
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*"
            r"(?P<x>(?!你|按你|就按|照你)(?=[^，,]*[A-Za-z0-9]|[^，,]{4})[^。！!？?]{3,60}?)"
            rf"[，,]\s*(?:{_AGREE_ZH}[，,]\s*)*"
            r"(?:那就|就)?(?:这么定|这样定|这么办|这么改|这么做|定了|定下来)(?:了|吧)?\s*[。！!]?$"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?:^|(?<=[，,。；;：:\s])|我们|团队|那就|那|就|我|咱们|大家|已经?|领导|老板|所以|因此|于是)"
            r"(?:(?:最终|最后)?(?:决定|确定(?!后|以后|之后|了再|下来再|再)|选定|敲定|定下来|拍板)"
            r"|(?:最终|最后)定)(?:了)?"
            r"(?:使用|采用|用|选用|选择|选|上)?(?P<x>[A-Za-z].+|[^，。]+)"
        ),
        True,
        False,
    ),
    (
        lazy(
            # not after a step ("`pnpm build` 之后用 coscli 同步": then, in a sequence)
            r"(?<![A-Za-z0-9_`'\")）])(?<![A-Za-z0-9_`'\")）]\s)"
            r"(?:以后|今后|后面|之后|从现在起)(?:我们|咱们|大家)?"
            r"(?:(?:所有|全部|每个|新的?)[\u4e00-\u9fff]{1,4}?)?"
            r"(?:都|统一|全部|一律)?(?:用|使用|采用|改用)(?P<x>.+)"
        ),
        True,
        False,
    ),
    # "日志统一用 JSON 格式": a way all of a kind follows, a rule titled by itself; a known tool
    # is a choice of its own ("前端统一用 pnpm", the next pattern)
    (
        lazy(
            r"^(?:另外|还有|对了|然后|那|那就)?[，,]?\s*(?:我们|咱们)?"
            r"(?P<x>(?![^，,。；;]*(?:[你他她]|我(?!们)|隔壁|别的|其他|其它|的话|如果|要是|吗|[?？]))"
            r"[\u4e00-\u9fffA-Za-z_][\u4e00-\u9fff\w -]{0,11}?\s*(?:都|也)?(?:统一|一律)"
            r"(?:用|使用|采用|按照?|走)\s*"
            # "QoS 统一用 1": a value is the setting's, not a rule's (`_with_topic`)
            r"(?!v?\d+(?:\.\d+)*\s*[\u4e00-\u9fff\w]{0,2}\s*(?:[，,。；;！!？?]|$))"
            r"(?P<way>[^\s，,。；;！!？?][^，,。；;！!？?]{1,29}))"
        ),
        False,  # the assistant saying so reports how it wrote the code ("key 统一走 `SmsKeys`")
        False,
    ),
    (lazy(r"(?:统一|全部|一律)(?:改为|改成|换成|为|用|使用|采用)(?P<x>.+)"), True, False),
    # "金额一律 int64", "时间字段全部 timestamptz": what every one of a kind is
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?P<topic>[\u4e00-\u9fff]{1,8})\s*(?:一律|统一|全部|全都)\s*"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*(?=[，,。；;]|$)"
        ),
        True,
        False,
    ),
    # "接口错误统一返回 RFC 7807 格式": a way everything of a kind follows
    (
        lazy(
            r"(?P<topic>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:都|也)?(?:统一|一律)"
            # "日志统一输出到 stdout": where it goes is the choice ("到" is no part of it)
            r"(?:返回|输出|存成|存为|存储为|写成|走)\s*(?:到|至)?\s*(?P<x>[^，。；;！!]{2,40})"
        ),
        False,
        False,
    ),
    # "最终方案是用 Canal 同步 binlog 到 Kafka": the plan settled on
    (
        lazy(
            r"(?:最终|最后|最后定下来?的|定下来的)(?:的)?(?:方案|做法|选择|选型)(?:是|为|就是)\s*"
            r"(?:用|使用|采用|选)?\s*(?P<x>[^，。；;！!？?]+)"
        ),
        True,
        False,
    ),
    # "以后所有接口都要写 OpenAPI 文档", "从现在起，每个 PR 都必须有测试": a rule from now on
    (
        lazy(
            r"(?:以后|今后|往后|从今以后|(?:从|自)(?:现在|今天|今日|本周|下周|这个版本|下个版本)"
            r"(?:起|开始))[，,]?\s*(?:我们|咱们|大家)?"
            r"(?P<x>"
            + RULE_CLAUSE_ZH
            # "以后所有接口都返回统一的错误格式": all of a kind, from now on, needs no modal
            + r"|(?:所有|全部|每个|每一个)(?!人|用户|同事|客户)[^，,。；;]{1,16}?(?:都|一律|统一)"
            r"(?![^，,。；;]*(?:[?？吗]|的话|再说|再看|了))[^，,。；;]{2,40})"
        ),
        True,
        False,
    ),
    # "以后 PR 至少要一个人 review 才能合并": a rule from now on for one kind of thing (not
    # what someone else said: "运营说以后…")
    (
        lazy(
            r"(?<![说讲])(?:以后|今后|往后|从今以后|(?:从|自)(?:现在|今天|今日|本周|下周)(?:起|开始))[，,]?\s*"
            r"(?:我们|咱们|大家)?(?P<x>(?![^，,。；;]*(?:如果|要是|的话|再说|再看))"
            + MODAL_RULE_ZH
            + r")"
        ),
        True,
        False,
    ),
    # "main 只能通过 PR 合并，禁止直接 push": what one thing may only be done by
    (
        lazy(
            r"^(?P<x>(?![^，,。；;]*[我你他她])[A-Za-z\u4e00-\u9fff][^，,。；;]{0,15}?只能"
            r"(?![^，,。；;]*(?:[?？吗]|的话))[^，,。；;]{2,30})"
        ),
        False,
        False,
    ),
    # "所有提交信息必须用英文写", "禁止直接 push 到 main": a rule opening the sentence
    (lazy(r"^(?:另外|还有|对了)?[，,]?\s*(?P<x>" + _OPENING_RULE_ZH + r")"), False, False),
    (lazy(r"统一\s+(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)*)"), False, False),
    (lazy(r"(?:就|那就|就先)定\s*(?P<x>[^，。了]+?)\s*了"), True, False),
    # "我们最后选了 ClickHouse，没选 Druid"
    (
        lazy(
            r"(?:最终|最后)(?:还是)?(?:选了|选择了|选用了|采用了|定了|用了)\s*"
            r"(?P<x>[A-Za-z][^，,。；;]*)"
        ),
        True,
        False,
    ),
    # "缓存方案定为 Redis Cluster"
    (lazy(r"(?<![决确选敲约规])定(?:为|成)\s*(?P<x>[A-Za-z].*)"), True, False),
    # "部署到阿里云 ACK，不上自建 k8s 了": where it goes, against another
    (
        lazy(
            r"^(?:就|都|统一|我们)?(?:部署|迁|搬|放|上)到\s*(?P<x>[^，,。]+?)\s*[，,]\s*"
            r"(?:不上|不用|不要|而不是|不放|不部署到?)"
        ),
        True,
        False,
    ),
    (
        lazy(r"(?:要|得|必须|应该|一律)用\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(
            r"(?:就|那就|还是|最终|我们|那)(?:直接|都|先)?"
            r"(?:用回|用|使用|采用|选择|选用|选|自建|上(?![个周次午半面线班回去来])|留在"
            r"|继续用|继续使用)"
            r"(?P<x>.+)"
        ),
        False,
        False,
    ),
    # "就这么定，(tenant_id, idempotency_key) 唯一约束": the agreement, then what was agreed
    (
        lazy(r"(?:就这么定|就这样定|就按这个来|按这个来)[，,：:]\s*(?P<x>[^，,。；;]{3,})"),
        False,
        False,
    ),
    # "topic 就按 factory/{line}/{device}/telemetry 这套来", "ETH 按 gwei 记"
    (
        lazy(
            r"(?:就|都|统一)?按\s*(?P<x>[A-Za-z0-9][^\s，,。]*?)\s*(?:这套|这个|的)?(?:来|记|算|走)"
        ),
        False,
        False,
    ),
    # "代码风格统一按 Google Java Style", "接口都按 RESTful 规范": a standard everything follows
    (
        lazy(
            r"(?:统一|都|一律|全部)(?:遵循|遵守|按照?)\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*){0,3})\s*(?:规范|标准|风格|来)?"
            r"\s*(?=[，,。！!；;]|$)"
        ),
        True,
        False,
    ),
    # "ok 就按移动加权平均来": a method named in Chinese
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:ok\s*)?(?:那就|就|都|统一)(?P<x>按\s*(?=[\u4e00-\u9fff])(?![你我他她这那之原])"
            r"[^\s，,。的]{2,12}?)\s*(?:这套|这个|的)?"
            r"(?:来|记|算|走)(?![\u4e00-\u9fff])"
        ),
        False,
        False,
    ),
    # "好，那就 Elasticsearch 8.13 + IK 分词，…", "…，就 BullMQ。"
    (
        lazy(
            r"(?:^|[，,。]\s*|\s)(?:ok\s*)?(?:那就|就)\s*(?P<x>[A-Za-z][\w.+# -]*?)\s*(?:吧|了)?"
            r"(?=[，,。！!]|$)"
        ),
        False,
        False,
    ),
    # "ok 冲突就 last-write-wins，…": a topic, then a name alone in its clause
    (
        lazy(
            r"(?<![那这也都先就])(?!现在|马上|今天|明天|目前|暂时|这个|那个)[\u4e00-\u9fff]{2,6}就\s*"
            r"(?P<x>(?!(?i:ok|okay|yes|no|done|fine|good)\b)[A-Za-z][\w.+#-]*"
            r"(?:\s+[A-Za-z][\w.+#-]*)?)\s*(?:吧|了)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "主题色定成 `#1F6FEB`", "分片键就定为 user_id": a value, not a number, set for a named thing
    (
        lazy(
            r"(?P<topic>[\u4e00-\u9fff]{2,6}|[A-Za-z][\w-]{1,20})\s*(?:就|统一|都)?定(?:成|为)\s*"
            r"[`'\"]?(?P<x>#[0-9A-Fa-f]{3,8}|[A-Za-z_][\w.:/-]*)[`'\"]?(?=\s*(?:[，,。；;！!]|$))"
        ),
        False,
        False,
    ),
    # "那 HLS 切片就定 4 秒。"
    # "backbone 就定 convnext_tiny，default.yaml 里的默认值改掉": a name alone, then more
    (
        lazy(
            r"(?:就|那就)定\s*(?P<x>[^，,。了]{1,20}?(?=\s*[。！!]?$)"
            r"|[A-Za-z][\w.+-]*(?=\s*[，,；;]))"
        ),
        False,
        False,
    ),
    # "那 TTL 就 180 天吧": a value for a named setting (`_with_topic` names it)
    (
        lazy(
            r"(?<=[A-Za-z_])\s*就\s*(?P<x>\d+(?:\.\d+)?\s*(?:[\u4e00-\u9fff]{1,2}|[A-Za-z%]{1,3})?)"
            r"\s*(?:吧|了)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # not 选择器 (a selector), 选择题, 选择框
    (lazy(r"(?:采用|选择(?![器题框项])|选用)(?:了)?(?P<x>[^，。,；!！?？]+)"), False, False),
    (lazy(r"(?:改用|换成|改成|改为|换用|改存)(?P<x>.+)"), False, False),
    # "波特率还是回到 115200，不折腾了": a value goes back, named by what it is the value of
    (
        lazy(
            r"(?:回到|退回到?|回退到|换回|改回)\s*(?P<x>[A-Za-z][\w.+#-]*"
            r"|\d+(?:\.\d+)?(?![\d.])(?=\s*(?:[，,。！!；;]|$)))"
        ),
        False,
        False,
    ),
    # "换 Fast DDS", "kerchunk 就不考虑了，转 Zarr"
    (
        lazy(r"(?:^|[，,。\s]|就|那就|还是|也)(?:换|转)\s*" + _NAME_X),
        False,
        False,
    ),
    # "Redis GEO 那个 MR 先关掉，改 H3。": a known or offered name alone after 改
    (
        lazy(r"(?:^|[，,。；;]\s*)改\s*(?P<x>[A-Za-z][A-Za-z0-9_.+#-]*)\s*(?=[，,。！!；;]|$)"),
        False,
        True,
    ),
    # "那就雪花算法，…": a short name alone after 那就
    (
        lazy(
            r"(?:^|[，,。\s])(?:ok\s*)?那就\s*(?P<x>(?![用走按照先把给让来做去是这那改换不算再])"
            r"[^，,。！!？?\s吧]{2,10})\s*(?:吧|了)?(?=[，,。！!]|$)"
        ),
        False,
        False,
    ),
    # "Pinia 吧": a known name, or one the talk offered (not "on conflict 吧")
    (lazy(r"^(?P<x>[A-Za-z][A-Za-z0-9_.+# -]{1,30}?)\s*吧"), False, True),
    (
        # "部署就放阿里云 ECS 吧": a cloud's product, named with its cloud
        lazy(
            r"(?:放|存|走|自建|上|切到?|换成?)\s*"
            r"(?P<x>(?:(?:阿里云|腾讯云|华为云|火山引擎|百度智能云|天翼云)\s*)?[A-Za-z][A-Za-z0-9_.+#-]*)\s*吧"
        ),
        False,
        False,
    ),
    # "ok TimescaleDB 定了。": a name, then settled
    (
        lazy(
            r"^(?:(?:ok|好的?|行|那)[，,\s]*)?(?P<x>[A-Za-z][A-Za-z0-9_.+# -]{1,30}?)\s*(?:就)?定了"
            r"(?=[，,。！!]|$)"
        ),
        True,
        False,
    ),
    # "ReplacingMergeTree 就它了。": a name, then "that one"
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*"
            r"就(?:是|用|选)?(?:它|这个)(?:了|吧)?(?=[，,。！!]|$)"
        ),
        True,
        False,
    ),
    (lazy(r"(?:就|那就)(?:开|开启|启用)\s*(?P<x>[A-Za-z][\w.+#=-]*)"), False, False),
    (
        lazy(r"(?:只存|只保留|只用|只留)\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)"),
        False,
        False,
    ),
    # "身份证就只存哈希加后四位": what is kept, in Chinese
    (lazy(r"就只(?:存|保留|用|留|显示)\s*(?P<x>[^，,。；;！!\s]{2,12})"), False, False),
    # "DaemonSet + loadbalancing exporter 路由到 gateway 这个方案就这么定了", "先写 tmp 再
    # rename 这个好，…": a way named, then taken
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?P<x>(?=[^，,]*[A-Za-z0-9])[^。！!？?，,]{{3,60}}?)\s*"
            r"(?:这个方案|这套方案|这个思路|这个做法|这个|这样)\s*"
            r"(?:就这么定|就这样定|就这么办|定了|可以|好|挺好|不错|没问题)(?:了|吧|的)?"
            r"\s*(?:[。！!]?$|[，,](?!\s*(?:但|不过|可是|只是)))"  # "这个好，但先不加": not yet
        ),
        True,
        False,
    ),
    (
        lazy(r"(?:^|[，,。\s])(?:ok\s*)?(?:那就|就)\s*(?P<x>[A-Za-z][\w.+# -]*?)\s*吧"),
        False,
        False,
    ),
    (lazy(r"用\s*(?P<x>[A-Za-z][\w.+# -]*?)\s*吧"), False, False),
    # "先用 shared pool，以后再说": a name that ends its clause ("先用 X 改" uses X as a tool)
    (
        lazy(r"先用\s*(?P<x>[A-Za-z][A-Za-z0-9_.+# -]*?)\s*(?:吧|了)?(?=[，,。！!；;]|$)"),
        False,
        False,
    ),
    # "乐观锁就行，不用分布式锁": a way said to be enough, against another
    (
        lazy(
            r"^(?:那|好|行|嗯)?[，,\s]*(?P<x>(?![这那我你他])[\u4e00-\u9fff]{2,8})\s*"
            r"(?:就行|就够了|就够|就好|足够了)(?:了)?\s*[，,；;]\s*(?=(?:不用|不需要|没必要)(?:上|用|搞)?)"
        ),
        False,
        False,
    ),
    # "这个页面用服务端渲染吧", "分页用游标分页吧": a way for a part, in Chinese, proposed
    (
        lazy(
            r"^(?:那|好|行|嗯)?[，,\s]*(?:这个|那个)?"
            r"(?P<topic>(?!测试|调试|验证|排查|检查|我|你|他)[\u4e00-\u9fffA-Za-z]{1,8}?)"
            r"(?:就|也|都|统一)?用\s*(?P<x>(?![这那上下前后别一])"
            # a way, not an errand: "用手机扫码吧", "用中文回答吧"
            r"(?![^，,。吧]*(?:扫|跑|写|看|点|试|测|查|打开|运行|执行|登录|输入|回答|说|讲))"
            r"[\u4e00-\u9fff]{2,10})\s*吧"
            r"(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "先用高德的 API 吧": a name in Chinese, suggested for now
    (
        lazy(
            r"(?:先|就|那就|还是|就先)用\s*(?P<x>[^，,。！!？?\s吧]{2,12}(?:\s*[A-Za-z][\w.+#-]*)?)"
            r"\s*吧"
        ),
        False,
        False,
    ),
    # "代码这块没什么好纠结的，HybridCLR 吧，…": an offered name alone in its clause
    (
        lazy(
            r"[，,；;]\s*(?:那就?|就)?\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)\s*吧"
            r"(?=[，,。！!]|$)"
        ),
        False,
        True,
    ),
    # "行，那就走后端代理": a route in Chinese
    (
        lazy(r"(?:那就|就)走\s*(?P<x>(?![了吧的过去啊呢一这那])[^\s，,。！!？?]{2,12})"),
        False,
        False,
    ),
    (lazy(r"直接上\s*(?P<x>[A-Za-z][\w.+#/-]*)"), False, False),
    (
        lazy(r"(?:迁到|迁移到|换到|切到)\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(r"我们(?:自己|就)?(?:部署|搭|上|自建)\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(r"(?:全部|统一|都|一律)走\s*" + _NAME_X),
        False,
        False,
    ),
    (
        lazy(r"(?:^|[，,。：:\s]|我们)(?:就|那就)?定了[，,：:]?\s*(?:用|就用|使用)?(?P<x>.+)"),
        False,
        False,
    ),
    (
        lazy(r"(?:^|[，,。\s])(?:那|那就|就|干脆)?选\s*(?P<x>[^，。！!？?]+?)\s*吧"),
        False,
        False,
    ),
    # "数据库选 PostgreSQL 吧": a part, then the name picked for it
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?P<topic>[\u4e00-\u9fff]{2,8}?)\s*(?:就|都|也|还是)?选\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*吧"
        ),
        False,
        False,
    ),
    (
        # "那还是 X 吧", "嗯 想了一下还是 X 吧": a second thought comes back to a choice
        lazy(
            r"(?:^|[，,。]\s*|算了[，,]?\s*|^那\s*|(?:想了想|想了一下|考虑了一下|琢磨了一下|"
            r"我看)[，,]?\s*)还是\s*" + _NAME_X
        ),
        False,
        False,
    ),
    # "AMI 用 AL2023，Bottlerocket 不考虑了": what a part uses, said against another option
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?![^，,]*(?:不|想|要|可以|能|他们|你们|之前|以前|原来))"
            r"(?P<topic>[\w\u4e00-\u9fff][\w\u4e00-\u9fff .-]{0,15}?)\s*(?:就|都|统一|也)?"
            r"(?<![使继])用\s*"
            r"(?P<x>[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*"
            r"(?:吧)?(?=[，,；;]\s*[^，,。]{1,30}?(?:不考虑|不用了|不要了|不看了|放弃|不引入|不加了|不上了))"
        ),
        False,
        False,
    ),
    # "那就不搞 MQ 了，保持同步", "不用云函数了，用云托管": the option kept, after one dropped
    (
        lazy(
            r"不(?:用|搞|要|上)[^，,。]{1,12}了[，,]\s*(?:就|那就|改|还是)?(?:用|保持|上|走)\s*"
            r"(?P<x>[^，,。！!？?\s]{2,12})"
        ),
        False,
        False,
    ),
    # "调度的话用我们现有的 XXL-JOB"
    (
        lazy(r"用(?:我们|咱们)?现有的\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?)"),
        False,
        False,
    ),
    # "pg_partman 可以，…": a known or offered name, agreed to
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)*(?P<x>[A-Za-z][\w.+#/-]{{1,30}}(?:\s+[A-Za-z0-9][\w.+#/-]*)?)"
            r"\s*(?:可以|没问题|OK|ok|挺好|不错)(?:的|了|吧)?\s*(?:[，,。！!]|$)"
        ),
        False,
        True,
    ),
    # "行，排行榜用 Redis ZSET，…": agreed, then what a part uses
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)+(?![^，,]*(?:不|想|要|可以|能|他们|你们|之前|以前|原来))"
            r"[\u4e00-\u9fff]{2,8}(?:就|都|统一|也)?用\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "好，topic 就按 … 这个格式，telemetry 用 QoS 1。": agreed, then what a part uses, later
    (
        lazy(
            rf"^(?:{_AGREE_ZH}[，,\s]*)+[^。！!？?]*?[，,]\s*"
            r"(?![^，,]*(?:不|想|要|可以|能|他们|你们|之前|以前|原来))"
            r"[\u4e00-\u9fffA-Za-z_]{2,12}\s*(?:就|都|统一|也)?用\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "RevenueCat 不用，直接 StoreKit 2": the option kept, after one turned down; "不用
    # Elasticsearch 了，直接用 Postgres 的全文检索": a part of it
    (
        lazy(
            r"(?:不用|不要|不考虑|不上)(?:\s*[A-Za-z][\w.+# -]{0,30}?)?\s*了?[，,]\s*"
            r"(?:直接|就|那就|还是|改)(?:用|上)?\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?(?:\s*的\s*[\u4e00-\u9fff]{2,6})?)"
            r"\s*(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "用 Zarr", "那改一下：用 Zarr，…"
    (
        lazy(
            r"(?:^|[，,。]\s*|(?:改一下|调整下|改下)[：:]\s*)用\s*"
            r"(?:(?:官方|现成|自带|原生|开源)的\s*)?" + _NAME_X  # "用官方的 go-elasticsearch v8"
        ),
        False,
        False,
    ),
    (lazy(r"(?:^|[，,。]\s*)(?P<x>[A-Za-z][\w.+# -]{1,30}?)\s*就行"), False, False),
    # "并行用 rayon，…", "后端用 expo-server-sdk-node 发。": what a part uses, a name ending its
    # clause; not how things are ("我们现在用 X"), a wish or a question
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便)?[，,]?\s*"
            r"(?![^，,。]*(?:我|你|他|她|现在|目前|之前|以前|原来|本来|一直|平时|可以|能|要不要|"
            r"是不是|不|没|想|打算|如果|时候|或者|还是|说|尽量|禁止|严禁))"
            r"(?![^，,。用换]*(?i:region|bucket|key|prefix|table|topic|queue|group|port|path|"
            r"namespace|名字|名称|前缀|表名?|端口|地址|路径|目录|域名|"
            # a queue's name is no choice, a queue technology is ("消息队列用 Kafka")
            rf"队列(?!\s*(?:就|都|统一|也)?用\s*(?i:{_QUEUE_NAMES})(?![\w.-]))))"
            # not an adverb alone ("只换 sink": only the sink is replaced)
            r"(?!(?:只|仅|就|也|都|先|再|还|又|全)\s*(?:用|换))"
            r"(?P<topic>[\u4e00-\u9fff][\u4e00-\u9fff\w -]{0,11}?|[A-Za-z][\w -]{0,15}?)\s*"
            r"(?:就|都|统一|也|直接|继续|还是)?(?:用|换)\s*"
            # "Ant Design Pro", "Prometheus + Grafana"
            r"(?P<x>[A-Za-z][\w.+#/-]{2,}(?:\s*\+\s*[A-Za-z][\w.+#/-]*|\s+[A-Za-z0-9][\w.+#/-]*){0,3})"
            # "定时任务用 xxl-job 来调度", "接口文档用 Swagger 生成": what it does for the part
            r"\s*(?:来|去)?(?:发|做|写|存|跑|实现|生成|调度|管理|渲染|打包|构建|部署|监控|解析|校验)?"
            r"\s*(?:吧)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "推送用极光推送", "短信走腾讯云短信", "支付就接微信支付吧", "对象存储用阿里云 OSS": what
    # a part uses, a Chinese product ending its clause (or doing one thing: "告警用钉钉机器人发")
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便|那)?[，,]?\s*"
            r"(?![^，,。]*(?:我|你|他|她|现在|目前|之前|以前|原来|本来|一直|平时|可以|能|要不要|"
            r"是不是|不|没|想|打算|如果|要是|时候|或者|还是|说|尽量|在用|在使用|正在))"
            r"(?P<topic>[\u4e00-\u9fff][\u4e00-\u9fff\w -]{0,11}?|[A-Za-z][\w -]{0,15}?)\s*"
            r"(?:就|都|统一|也|直接|继续)?(?:用|走|接入?|对接|选|上|存到?|放到?)\s*"
            rf"(?P<x>{ZH_PRODUCT})(?:的\s*(?:SDK|API|sdk|api|服务|接口|开放平台))?"
            r"\s*(?:(?:来|去)?(?:发|推|收|做)[\u4e00-\u9fff]{0,4}?)?\s*(?:里|上)?\s*(?:吧|就行|就好)?"
            r"(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "同意，token 存 flutter_secure_storage。": where a part is kept, a name ending the clause
    # (a path or a file there is a project path, not a choice)
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便)?[，,]?\s*"
            r"(?![^，,。]*(?:我|你|他|她|现在|目前|之前|以前|原来|本来|一直|平时|可以|能|要不要|"
            r"是不是|不|没|想|打算|如果|时候|或者|还是|说|尽量|禁止|严禁))"
            r"(?P<topic>[\u4e00-\u9fff][\u4e00-\u9fff\w -]{0,11}?|[A-Za-z][\w -]{0,15}?)\s*"
            r"(?:就|都|统一|也|直接)?(?:存到?|放到?)\s*"
            r"(?P<x>[A-Za-z][\w+#-]+(?:\s+[A-Za-z0-9][\w+#-]*)?)(?![\w.+#/-])\s*"
            r"(?:里|中|里面)?\s*(?:吧)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "acks_late 也打开吧": a named feature turned on
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:对了|另外|然后|顺便)?[，,]?\s*"
            r"(?P<on>(?P<x>[A-Za-z][\w.-]{2,40}))\s*(?:(?:也|都)开|(?:也|都)?(?:打开|开启|开上|开起来))"
            r"(?:吧)?"
            r"(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "语言包还是懒加载吧": a way named in Chinese (not an errand: "还是每天凌晨跑吧")
    (
        lazy(
            r"(?:^|[，,。；;]\s*)[^，,。]{0,8}还是\s*(?P<x>(?![^吧]*[跑做弄搞写改看说等])[\u4e00-\u9fff]{2,8})吧"
        ),
        False,
        False,
    ),
    # "先只上 redis，后面有瓶颈再加 caffeine", "嗯 那先 Redis 吧": a known name, for now
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:嗯|好|行)?\s*(?:那就?|就)?先(?:只|暂时)?(?:上|用|选)?\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?:吧|了|就行)?(?=[，,。！!；;]|$)"
        ),
        False,
        True,
    ),
)


_ALTERNATIVE_EN = lazy(
    r"(?i)\b(?:instead of|rather than|over|not|versus|vs\.?|and not|no more|drop(?:ping)?|"
    r"ditch(?:ing)?|replac(?:e|ing))\s+(?P<x>[^,;.!?()]+)"
)


# "I'd rather use Redis than Postgres", "… than pull in zap": the option a preference is set against
_RATHER_THAN = lazy(
    r"(?i)\brather\b[^,;.!?]{1,80}?\bthan\s+(?:to\s+)?(?:use\s+|using\s+|pull(?:ing)? in\s+|"
    r"go(?:ing)? with\s+|add(?:ing)?\s+)?(?P<x>[^,;.!?()]+)"
)


_ALTERNATIVE_ZH = lazy(
    r"(?:而不是|而非|不再使用|不再用|不用|没选|没用|放弃|替代|代替|取代|不要|不需要|不上(?!线))(?:了)?"
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
    r"^\W*(?:(?:选型|技术选型|最终|会议|讨论)?(?:结论|决议)|(?:选型|技术选型|最终)(?:结果|方案))"
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
    if TENTATIVE.search(sentence):
        head = _before_doubt(sentence) or _after_doubt(sentence)
        return decision(head, known) if head else None
    found = _first_decision(sentence, known)
    if found is None and (m := _TOPIC_LEAD.match(sentence)):
        return _first_decision(sentence[m.end() :], known)  # "Changed my mind on X: switch to Y"
    return found


_UNDECIDED = lazy(
    r"还?没(?:有)?(?:结论|定下来|拍板)|待定|未定|还在讨论|(?i:\bno (?:decision|conclusion) yet\b|"
    r"\bstill (?:undecided|open|under discussion)\b|\bnot decided\b)"
)


# a short lead before a colon, then what is decided: "just make it lighter: use Redis as broker"
_KEPT_AS_IS_ZH = lazy(r"\s*(?:不动|不变|不换|照旧|保持不变|保持原样)$")


_TOPIC_LEAD = lazy(r"^[^:：]{3,40}(?::\s+|：\s*)")


def _first_decision(sentence: str, known: Sequence[str]) -> Decision | None:
    """The choice of the first decision pattern that names a plausible one."""
    en = [(p, explicit, "en", bare) for p, explicit, bare in _DECISION_EN]
    zh = [(p, explicit, "zh", bare) for p, explicit, bare in _DECISION_ZH]
    for pattern, explicit, lang, bare in zh + en if is_chinese(sentence) else en:
        m = pattern.search(sentence)
        if m is None:
            continue
        if not _states_choice(sentence, m) or _RAN.search(re.split(r"[，,。；;]", m["x"])[0]):
            continue  # "改成 ntasks=1 以后到了 210 ns/day" reports a run, not a choice
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


def _decision_of(
    m: re.Match[str], sentence: str, known: Sequence[str], *, explicit: bool, lang: str, bare: bool
) -> Decision | None:
    """The decision a pattern's match states, or None when what it names is no choice."""
    choice, part_topic = _choice_of_part(m, explicit=explicit, lang=lang)
    # "let's scrap X and keep Y", "let's not use X; Y"
    given_up = [clip(m["gone"])] if "gone" in m.re.groupindex else []
    if moved := _MOVE_FROM.match(m.group("x").strip()):  # "decided to switch from npm to pnpm"
        new, gone = moved["new"] or moved["new_zh"], moved["old"] or moved["old_zh"]
        choice, given_up = clip(new), [clip(gone)]
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
        choice, part_topic = part["x"], part["topic"]
    named = _names_known(choice, known) or _named_for_a_purpose(choice, sentence, lang)
    if not _plausible_choice(choice, bare=bare and not named):
        return None
    if english_instruction and _narrates(sentence, m, choice, named=bool(named)):
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
        tuple(a for a in dict.fromkeys([*given_up, *after]) if a.lower() != choice.lower()),
        rationale(sentence),
        topic or part_topic or purpose(sentence[m.start("x") :]),
        explicit=explicit,
    )


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
    return clip(_KEPT_ON.sub("", m.group("x").strip())), None


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
    )


_EVERYDAY_CHOICES = frozenset(
    ("caution", "care", "caching", "logging", "this", "that", "them", "something", "anything",
     "whatever", "defaults", "default", "common", "sense", "judgment", "judgement")
)  # fmt: skip


# a part of the project, then what it uses: "前端用 React", "鉴权走 JWT"
_PART_USES_EN = lazy(
    r"(?i)(?P<topic>(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+"
    r"(?:uses|will use|should use|is built (?:with|on)|runs on|will run on|stays on|moves to)\s+"
    r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[\w.+#/-]+)*)"
)
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
        r"(?:(?:那|就|那就|还是|我们|先|顺手|顺便|算了)\s*)*"
        r"|\s*(?:就|都|统一|也|顺手|顺便|直接|先|还是)+$",
        "",
        topic.strip(),
    )


_HEARSAY_TOPIC = lazy(r"说|要求|觉得|认为|希望|建议|(?i:wants?|says?|asks?)")
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


_RULE_NEGATED = lazy(r"(?i)(?:never|no)\s+[a-z]")


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
    if _OLD_STATE.search(before):
        return False  # "老代码是按 FIFO 算出库成本的": how things were, not a choice
    if OTHERS_STACK_ZH.search(before):
        return False  # "他们组日志统一用 JSON 格式": another team's way
    if re.match(r"[^，,。；;]*的话", rest):
        return False  # "日志统一用 JSON 格式的话，…": a condition, not a choice
    if _TRIED.match(rest):
        return False  # "我们用 Tesseract 试了一下效果不好": a trial, not a choice
    # "离我们用户近": 用户 (user) is a noun, not "use 户"
    return not (sentence[m.start("x") - 1 : m.start("x")] == "用" and _USE_NOUN.match(m.group("x")))


_USE_NOUN = lazy(r"[户途法量例处时]")
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
    r"no more|retire|phase out)\b|^(?:放弃|弃用|不再用|不再使用|去掉|去除|移除|废弃|下线|淘汰)"
    # "决定不自己做登录了，接 Auth0": building it ourselves is what is given up
    r"|^(?P<not>不再?)(?=(?:自己|自研|手写|手动)|(?:做|搞|写|维护|开发|用|使用)[^，,。]{0,12}了)"
)


_THEN_USE = lazy(
    r"(?i)\b(?:and|then)\s+(?:use|switch to|move to|go with|adopt)\s+(?P<x>.+)"
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
    return (m["v"], bool(m["stay"])) if m else None


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
    named = choice.lower().replace("`", "")
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
