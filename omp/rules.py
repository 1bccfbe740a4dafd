"""What a sentence says, by deterministic bilingual rules (OpenMemory Plus §2.1, §2.12).

Pure functions over one statement at a time: is it a decision (and of what, against what, why),
a finished piece of work, a project fact, a personal preference or skill, a proposal, an
acceptance, tentative talk or a question. `omp.extract` strings the answers together across a
conversation (reversals, accepted proposals) and applies the filters.

Priorities follow the upstream skill: P0 deploy and service configuration, P1 decisions and
milestones, P2 paths and tools.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# ---- statements -----------------------------------------------------------------------------

_FENCE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)
_NOISE_LINE = re.compile(
    r"^\s*(?:at\s+\S+\s*\(|at\s+[\w.$<>]+:\d+|File \"|Traceback|\$\s|>>>\s|>\s|\|.*\||"
    r"npm (?:ERR|WARN)|[-=+*#_]{3,}\s*$|\d+\s+(?:passed|failed)|[A-Za-z]*Error:|E\s{2,})"
)
_BULLET = re.compile(r"^\s*(?:[-*+•]\s+|\d+[.)]\s+|#{1,6}\s+|\[[ xX]\]\s+)+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'`(\[*\u4e00-\u9fff])|(?<=[。！？；!?])")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def statements(text: str) -> list[str]:
    """The prose sentences of a message: code blocks, traces and pasted output left out."""
    text = _FENCE.sub("\n", text)
    out: list[str] = []
    for raw in text.splitlines():
        if _NOISE_LINE.match(raw):
            continue
        line = _BULLET.sub("", raw).strip().replace("**", "").replace("__", "")
        for part in _SENTENCE_END.split(line):
            part = part.strip()
            if part:
                out.append(part)
    return out


def is_chinese(text: str) -> bool:
    """True when `text` holds Chinese characters."""
    return _CJK.search(text) is not None


# ---- technologies ---------------------------------------------------------------------------

# A small lexicon: which technologies compete for the same role. Two decisions in one
# conversation about the same role are one decision changing its mind.
TECH_ROLES: dict[str, tuple[str, ...]] = {
    "database": (
        "postgresql",
        "postgres",
        "mysql",
        "mariadb",
        "sqlite",
        "mongodb",
        "mongo",
        "dynamodb",
        "cockroachdb",
        "supabase",
        "planetscale",
        "neon",
        "sql server",
        "cassandra",
        "clickhouse",
        "duckdb",
        "firestore",
        "tidb",
        "oracle",
    ),
    "cache": ("redis", "memcached", "valkey", "keydb"),
    "queue": ("kafka", "rabbitmq", "sqs", "celery", "bullmq", "nats", "sidekiq", "rq"),
    "frontend": (
        "react",
        "vue",
        "svelte",
        "angular",
        "solidjs",
        "preact",
        "next.js",
        "nextjs",
        "nuxt",
        "sveltekit",
        "remix",
        "astro",
        "htmx",
    ),
    "backend": (
        "fastapi",
        "django",
        "flask",
        "express",
        "nestjs",
        "koa",
        "hono",
        "rails",
        "spring boot",
        "spring",
        "gin",
        "fiber",
        "actix",
        "axum",
        "laravel",
        "litestar",
        "starlette",
    ),
    "language": ("typescript", "javascript", "python", "golang", "rust", "java", "kotlin"),
    "orm": ("prisma", "drizzle", "sqlalchemy", "typeorm", "sequelize", "gorm", "knex", "sqlx"),
    "hosting": (
        "vercel",
        "netlify",
        "cloudflare",
        "fly.io",
        "heroku",
        "render",
        "railway",
        "aws",
        "gcp",
        "azure",
        "kubernetes",
        "k8s",
        "ecs",
        "lambda",
    ),
    "package_manager": ("pnpm", "npm", "yarn", "bun", "poetry", "uv", "pipenv", "pip"),
    "testing": ("vitest", "jest", "pytest", "playwright", "cypress", "mocha", "unittest"),
    "styling": ("tailwindcss", "tailwind", "bootstrap", "styled-components", "sass", "css modules"),
    "state": ("redux", "zustand", "mobx", "recoil", "jotai", "pinia", "react context"),
    "auth": ("auth0", "clerk", "nextauth", "keycloak", "lucia", "oauth"),
    "ci": ("github actions", "gitlab ci", "circleci", "jenkins", "buildkite"),
    "lint": ("eslint", "prettier", "biome", "ruff", "black", "flake8", "pylint", "mypy"),
    "build": ("vite", "webpack", "turbopack", "esbuild", "rollup", "parcel"),
    "monorepo": ("turborepo", "nx", "lerna"),
    "search": ("elasticsearch", "meilisearch", "algolia", "typesense", "opensearch"),
    "api": ("graphql", "trpc", "grpc", "rest"),
    "observability": ("sentry", "datadog", "prometheus", "grafana", "opentelemetry"),
    "container": ("docker", "podman"),
    "editor": ("neovim", "vim", "vscode", "vs code", "emacs", "cursor", "jetbrains"),
}
_ROLE_OF = {name: role for role, names in TECH_ROLES.items() for name in names}
_TECH = re.compile(
    r"(?<![\w.-])("
    + "|".join(re.escape(n) for n in sorted(_ROLE_OF, key=len, reverse=True))
    + r")(?![\w-])",
    re.I,
)
_ROLE_WORDS = {
    "database": ("database", "db", "数据库", "存储"),
    "cache": ("cache", "caching", "缓存"),
    "queue": ("queue", "job", "jobs", "队列", "消息"),
    "frontend": ("frontend", "front-end", "ui framework", "前端"),
    "backend": ("backend", "back-end", "api server", "web framework", "后端"),
    "orm": ("orm",),
    "hosting": ("hosting", "host", "deploy", "部署", "托管"),
    "package_manager": ("package manager", "包管理"),
    "testing": ("test runner", "testing", "测试框架", "e2e"),
    "styling": ("styling", "css", "样式"),
    "state": ("state management", "state", "状态管理"),
    "auth": ("auth", "authentication", "login", "认证", "登录"),
    "ci": ("ci", "pipeline", "持续集成"),
    "lint": ("linter", "lint", "formatter", "格式化"),
}


def technologies(text: str) -> list[str]:
    """Known technology names in `text`, lower-cased, in order of appearance."""
    return [m.group(1).lower() for m in _TECH.finditer(text)]


def role_of(text: str) -> str | None:
    """The role (database, cache, ...) of the first technology named in `text`.

    Without a known name, a role word ("for caching", "数据库") decides.
    """
    for name in technologies(text):
        return _ROLE_OF[name]
    low = text.lower()
    for role, words in _ROLE_WORDS.items():
        if any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) for w in words):
            return role
    return None


# ---- cutting phrases ------------------------------------------------------------------------

_EN_CUT = re.compile(
    r"\s+(?:because|since|as (?:it|we|they|this|that)|so (?:that|we|it)|instead of|rather than|"
    r"over|versus|vs\.?|for|to (?=[a-z]+\b)|with (?:a|an|the|our|its)|which|"
    r"that(?:'s| is| will)|then|but|and (?:then|also|deploy|set|use|move|"
    r"keep|add|write|run)|from now on|going forward|moving forward|here|there|too|as well|"
    r"in (?:production|prod|the|our|this))\b"
    r"|[,;:!?()\u2014]|\.(?:\s|$)|\s-\s"
)
_ZH_CUT = re.compile(
    r"因为|由于|而不是|而非|不用|替代|代替|取代|来做|来|作为|做为|做|用于|吧|了|的话|进行|，|,|。|；|;|！|!|？|\?|、|（|\(|：|:"
)
_LEAD = re.compile(r"^(?:the|a|an|our|using|to use|use|with|on)\s+", re.I)
_TAIL = re.compile(r"\s+(?:then|instead|again|now|for it|here|there|too|it is|it's)$", re.I)
_MAX_WORDS = 6


def clip(phrase: str) -> str:
    """The head of `phrase`: the thing named, without the reasons and asides that follow."""
    phrase = phrase.strip().strip("`'\"“”‘’")
    head = _ZH_CUT.split(phrase, maxsplit=1)[0].strip()
    if is_chinese(head[:4]):
        return head.strip(" `'\"“”")[:40]
    head = _EN_CUT.split(" " + head, maxsplit=1)[0].strip()
    for _ in range(3):
        head = _LEAD.sub("", head).strip()
    head = _TAIL.sub("", head)
    words = head.split()
    if len(words) > _MAX_WORDS:
        head = " ".join(words[:_MAX_WORDS])
    return head.strip(" `'\"“”.,").replace("`", "")


# ---- signals --------------------------------------------------------------------------------

_TENTATIVE = re.compile(
    r"(?i)\b(?:maybe|perhaps|might|could try|we could|could we|should we|shall we|what if|"
    r"how about|what about|thinking (?:about|of)|considering|consider|not sure|possibly|"
    r"let'?s try|try out|give .{1,30} a (?:try|shot)|i wonder|wondering|probably|idea:)\b"
    r"|试试|也许|可能|或许|考虑|要不要|是不是|不确定|尝试一下|看看能不能|能不能|行不行"
)
_QUESTION = re.compile(
    r"[?？]\s*$|^(?:should|shall|can|could|would|do|does|did|is|are|what|which|how|why|where|"
    r"when|who)\b",
    re.I,
)
_NEGATED = re.compile(
    r"(?i)\b(?:not|never|don'?t|doesn'?t|won'?t|no longer|didn'?t|isn'?t|aren'?t)\b"
    r"|不要|不用|别用|不会|没有|不再"
)

_REVERSAL = re.compile(
    r"(?i)\b(?:actually|on second thought|scratch that|change of plan|changed my mind|"
    r"wait|instead|after all|let'?s switch|switch(?:ing)? to|hold on|never mind)\b"
    r"|还是|算了|改成|改用|换成|换回|不对|等等|重新考虑|改主意"
)

_DECISION_EN = (
    # "Decision: X" / "Decided: X" / "Final decision: X"
    re.compile(r"(?i)^(?:final\s+)?decis(?:ion|ions)\s*[:：]\s*(?P<x>.+)"),
    re.compile(
        r"(?i)^(?:ok(?:ay)?[,.]?\s*)?decided\s*[:：,]\s*(?:we\s+(?:use|go with)\s+)?(?P<x>.+)"
    ),
    # "we decided to use X" / "we've decided on X" / "I chose X" / "we agreed on X"
    re.compile(
        r"(?i)\b(?:we|i|team|they)(?:'ve| have| had)?\s+(?:finally\s+)?(?:decided|agreed|settled|"
        r"chose|chosen|picked|opted|committed)\s+"
        r"(?:(?:to|that we(?:'ll| will)?|we(?:'ll| will)?)\s+"
        r"(?:use|go with|adopt|switch to|move to|stick with|keep|stay with|migrate to|build on|"
        r"standardi[sz]e on)\s+|on\s+|for\s+|to\s+)?(?P<x>.+)"
    ),
    # "we switched to X" / "we've moved over to X" (a change already made)
    re.compile(
        r"(?i)\b(?:we|i|team|they)(?:'ve| have)?\s+(?:switched|moved|migrated|changed|converted)"
        r"\s+(?:(?:everything|it|over)\s+)*to\s+(?P<x>.+)"
    ),
    # "let's go with X" / "we'll use X" / "we're going with X" / "we will stick with X"
    re.compile(
        r"(?i)\b(?:let'?s|let us|we(?:'ll| will| are going to|'re going to| shall)|"
        r"we're|we are|i'?m|i am|i(?:'ll| will))\s+(?:go(?:ing)? with|use|adopt|switch to|"
        r"move to|stick with|stay with|standardi[sz]e on|migrate to|keep)\s+(?P<x>.+)"
    ),
    # "go with X" / "use X" at the start (an instruction from the person deciding)
    re.compile(
        r"(?i)^(?:ok(?:ay)?[,.!]?\s*|so[,]?\s*|alright[,.!]?\s*|fine[,.!]?\s*)?"
        r"(?:go with|use|switch to|pick|choose|adopt|stick with)\s+(?P<x>.+)"
    ),
    # "X it is" / "X wins"
    re.compile(
        r"(?i)^(?:ok(?:ay)?[,.!]?\s*|alright[,.!]?\s*|fine[,.!]?\s*)?"
        r"(?P<x>[\w.+# -]{2,30}?)\s+it is\b"
    ),
)
_DECISION_ZH = (
    re.compile(r"(?:最终|最后)?决定[：:]\s*(?P<x>.+)"),
    re.compile(
        r"(?:我们|团队|那就|那|就)?(?:最终|最后)?(?:决定|确定|选定|敲定|定下来)(?:了)?"
        r"(?:使用|采用|用|选用|选择|选|上)(?P<x>.+)"
    ),
    re.compile(r"(?:就|那就|还是|统一|最终|我们)(?:用|使用|采用|选)(?P<x>.+)"),
    re.compile(r"(?:采用|选择|选用)(?:了)?(?P<x>[^，。,；!！?？]+)"),
    re.compile(r"(?:改用|换成|改成|换用)(?P<x>.+)"),
    re.compile(r"(?:^|[，,。\s])(?:就|那就)?定了[，,：:]?\s*(?:用|就用|使用)?(?P<x>.+)"),
)
_PROPOSAL = re.compile(
    r"(?i)\b(?:i(?:'d| would)? (?:recommend|suggest|propose)|my recommendation is|"
    r"i recommend|recommendation:|the best (?:option|choice|fit) (?:is|would be)|"
    r"(?:we|you) should (?:use|go with|switch to|adopt)|let'?s (?:go with|use|switch to))\s+"
    r"(?:using\s+|going with\s+)?(?P<x>.+)"
    r"|(?:建议|推荐)(?:你们?|我们)?(?:使用|用|采用|选择|选|改用|换成)(?P<z>.+)"
)
_ACCEPT = re.compile(
    r"(?i)^(?:ok(?:ay)?|sure|yes|yep|yeah|sounds? good|sounds great|agreed|agree|great|perfect|"
    r"lgtm|let'?s do (?:it|that|this)|do it|do that|go ahead|go for it|fine|makes sense|deal|"
    r"works for me|ship it|approved|好的?|可以|行|同意|没问题|就这么办|就这样|就按你说的|按你说的|"
    r"听你的|赞同|对)(?:[\s,.!。！，~]|$)"
)
_ALTERNATIVE_EN = re.compile(
    r"(?i)\b(?:instead of|rather than|over|not|versus|vs\.?|and not|no more|drop(?:ping)?|"
    r"ditch(?:ing)?|replac(?:e|ing))\s+(?P<x>[^,;.!?()]+)"
)
_ALTERNATIVE_ZH = re.compile(
    r"(?:而不是|而非|不用|放弃|替代|代替|取代|不要)(?:了)?(?P<x>[^，。,；;!！?？]+)"
)
_WHY = re.compile(r"(?i)\b(?:because|since|as|so that)\s+(?P<x>.+)|(?:因为|由于)(?P<z>.+)")
_PURPOSE = re.compile(
    r"(?i)\bfor\s+(?:the\s+|our\s+)?(?P<x>[\w -]{3,30}?)(?:[,.;]|$|\s+(?:because|since|and))"
    r"|(?:来做|做|作为)(?P<z>[\u4e00-\u9fff]{2,6})"
)


class Decision(NamedTuple):
    """A choice stated in a sentence."""

    choice: str
    alternatives: tuple[str, ...]
    rationale: str | None
    purpose: str | None
    explicit: bool  # "we decided" / "决定" rather than an instruction


def decision(sentence: str) -> Decision | None:
    """The decision `sentence` states, or None (questions and tentative talk state none)."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    # (pattern, states the decision outright, language, a bare "use X" needing a known name)
    zh = [(p, n < 2, "zh", False) for n, p in enumerate(_DECISION_ZH)]
    en = [(p, n < 4, "en", n >= 5) for n, p in enumerate(_DECISION_EN)]
    for pattern, explicit, lang, bare in zh + en if is_chinese(sentence) else en:
        m = pattern.search(sentence)
        if m is None:
            continue
        before = sentence[: m.start()]
        if _NEGATED.search(before[-12:]) or _NEGATED.match(m.group("x")):
            continue
        choice = clip(m.group("x"))
        english_instruction = lang == "en" and not explicit
        if not _plausible_choice(choice, bare=bare):
            continue
        generic_verb = re.search(r"(?i)\b(?:use|keep)\s*$", sentence[: m.start("x")])
        if generic_verb and english_instruction and not technologies(choice):
            continue  # "I'll use grep to ..." narrates an action; a choice names a technology
        return Decision(
            choice,
            alternatives(sentence[m.start("x") :], choice),
            rationale(sentence),
            purpose(sentence[m.start("x") :]),
            explicit=explicit,
        )
    return None


_VAGUE = re.compile(
    r"(?i)^(?:it|this|that|them|these|those|something|anything|one|the same|same|what|which|"
    r"your|my|his|her|their|a few|some|any|more|less|both|either|neither|all|这个|那个|它|一下|"
    r"什么|哪个|这些|那些)\b"
)
_ACTION_WORD = re.compile(
    r"(?i)^(?:the\s+)?(?:command|script|file|function|tool|terminal|shell|output|following|"
    r"above|below|approach|way|method|code|snippet|test|tests|logs?)\b"
)


def _plausible_choice(choice: str, *, bare: bool) -> bool:
    if not choice or len(choice) < 2 or _VAGUE.match(choice) or _ACTION_WORD.match(choice):
        return False
    if bare:
        return bool(technologies(choice))  # a bare "use X" counts only for a known technology
    return True


def alternatives(text: str, choice: str) -> tuple[str, ...]:
    """Options turned down in `text` ("instead of X", "而不是 X"), not counting `choice`."""
    found: list[str] = []
    pattern = _ALTERNATIVE_ZH if is_chinese(text) else _ALTERNATIVE_EN
    for m in pattern.finditer(text):
        alt = clip(m.group("x"))
        if alt and alt.lower() != choice.lower() and not _VAGUE.match(alt) and len(alt) < 40:
            found.append(alt)
    return tuple(dict.fromkeys(found))


def rationale(sentence: str) -> str | None:
    """The reason given in `sentence` ("because ...", "因为 ..."), if any."""
    m = _WHY.search(sentence)
    if m is None:
        return None
    why = (m.group("x") or m.group("z") or "").strip(" .。!！")
    return why or None


def purpose(text: str) -> str | None:
    """What a choice is for ("Redis for caching" gives "caching")."""
    m = _PURPOSE.search(text)
    if m is None:
        return None
    what = (m.group("x") or m.group("z") or "").strip()
    if what.lower() in ("now", "the time being", "the moment", "a while", "now on"):
        return None
    return what or None


def proposal(sentence: str) -> str | None:
    """The option an assistant recommends in `sentence` ("I'd suggest X", "建议用 X")."""
    if _QUESTION.search(sentence):
        return None
    m = _PROPOSAL.search(sentence)
    if m is None:
        return None
    choice = clip(m.group("x") or m.group("z") or "")
    return (
        choice if choice and not _VAGUE.match(choice) and not _ACTION_WORD.match(choice) else None
    )


_DEFER = re.compile(
    r"(?i)\b(?:not now|later|hold off|wait|no need|not yet|don'?t|let me think|instead)\b"
    r"|先不|暂时不|以后再|再说|等等|不用了|不急|先别"
)


def accepts(message: str) -> bool:
    """True when a short reply accepts what was proposed ("sounds good", "好，就这么办")."""
    text = message.strip()
    first = re.split(r"[.!。！\n]", text, maxsplit=1)[0]
    return (
        len(text) <= 200
        and _ACCEPT.match(text) is not None
        and not _NEGATED.search(first)
        and not _DEFER.search(text)
    )


def tentative(sentence: str) -> bool:
    """True for hedged talk ("maybe we could", "试试", "也许"): not a decision."""
    return _TENTATIVE.search(sentence) is not None


def reverses(sentence: str) -> bool:
    """True when `sentence` changes an earlier choice ("actually, ...", "还是 ...")."""
    return _REVERSAL.search(sentence) is not None


def rejected(sentence: str) -> list[str]:
    """Options `sentence` turns down without choosing another ("no Redux", "不用 Redux 了")."""
    m = re.search(
        r"(?i)\b(?:no|not|don'?t use|drop|skip|forget(?: about)?)\s+(?P<x>[\w.+# -]{2,30})",
        sentence,
    )
    if m is None:
        m = re.search(
            r"(?:不用|不要用?|别用|放弃)(?:了)?(?P<x>[^，。,；;!！?？了吧]{2,20})", sentence
        )
    if m is None:
        return []
    return [clip(m.group("x"))]


# ---- finished work (changelog) --------------------------------------------------------------

_DONE_EN = re.compile(
    r"(?i)^(?:(?:done|finished|completed)\s*[:!,.\u2014\u2013-]*\s+|✓\s*|✅\s*|"
    r"(?:i|we)(?:'ve| have)?\s+(?:just\s+|now\s+|also\s+|successfully\s+)?|)"
    r"(?P<verb>fixed|added|implemented|released|shipped|deployed|refactored|removed|upgraded|"
    r"migrated|optimi[sz]ed|documented|merged|bumped|published|introduced|rewrote|renamed|"
    r"resolved|patched|enabled|disabled|configured|set up|updated|created|wrote|moved|replaced|"
    r"swapped|switched|converted|ported|integrated|wired up|hooked up)[:：]?\s+(?P<x>.+)"
)
_DONE_ZH = re.compile(
    r"(?:已经?|刚刚?|终于|成功)(?P<verb>修复|新增|添加|实现|发布|上线|完成|升级|重构|优化|部署|迁移|"
    r"合并|更新|配置|接入)了?(?P<x>.+)"
    r"|(?P<verb2>修复了|修好了|解决了|新增了|添加了|加了|实现了|发布了|上线了|完成了|升级了|重构了|优化了|"
    r"部署了|迁移了|合并了|更新了|配置了|改好了|接入了|搞定了)(?P<x2>.+)"
)
_TYPES = (
    ("fix", ("fix", "resolv", "patch", "修", "解决")),
    ("deploy", ("deploy", "shipped", "部署", "上线")),
    ("perf", ("optimi", "优化")),
    (
        "refactor",
        (
            "refactor",
            "rewrote",
            "renamed",
            "moved",
            "replaced",
            "swapped",
            "switched",
            "converted",
            "ported",
            "重构",
            "迁移",
        ),
    ),
    ("docs", ("document",)),
    ("config", ("configur", "set up", "enabled", "disabled", "配置")),
    ("chore", ("bumped", "upgraded", "升级", "merged", "合并", "updated", "更新")),
    (
        "feat",
        ("added", "implement", "introduc", "created", "wrote", "新增", "添加", "加了", "实现"),
    ),
    ("other", ("released", "published", "发布", "完成", "改好", "removed")),
)
_VERSION = re.compile(r"(?i)\bv?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?\b")


class Work(NamedTuple):
    """A piece of work stated as done."""

    type: str
    summary: str
    version: str | None


def finished_work(sentence: str) -> Work | None:
    """The finished work `sentence` reports ("Fixed the login loop", "修复了登录问题")."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    m = _DONE_EN.search(sentence)
    if m is None and is_chinese(sentence):
        m = _DONE_ZH.search(sentence)
    if m is None:
        return None
    groups = m.groupdict()
    vkey, xkey = ("verb", "x") if groups.get("verb") else ("verb2", "x2")
    what = m.group(xkey).strip()
    if len(what) < 3 or _NEGATED.search(sentence[: m.start(vkey)]):
        return None
    verb = m.group(vkey).lower()
    kind = next(t for t, stems in _TYPES if any(s in verb for s in stems))
    summary = sentence[m.start(vkey) :].strip().rstrip(".。!！")
    summary = summary[0].upper() + summary[1:]
    version = _VERSION.search(what)
    return Work(kind, summary, version.group(0) if version else None)


# ---- project facts --------------------------------------------------------------------------

_URL = re.compile(r"https?://[^\s<>\"'`)\]，。]+")
_DEPLOY_WORDS = re.compile(
    r"(?i)\b(?:deploy(?:ed|ment)?|live at|is live|now live|went live|production|prod|preview|"
    r"staging|hosted)\b|部署|上线|线上|生产|预发"
)
_NOT_DEPLOYED = (
    "github.com",
    "gitlab.com",
    "bitbucket.org",
    "stackoverflow.com",
    "npmjs.com",
    "pypi.org",
    "localhost",
    "127.0.0.1",
    "0.0.0.0",
    "example.com",
    "openai.com",
    "google.com",
    "vercel.com",
    "netlify.com",
    "dash.cloudflare.com",
    "fly.io",
    "docs.",
)
_FAILED = re.compile(r"(?i)\b(?:failed|failing|broken|error|down)\b|失败|报错|挂了")
_HOSTS = (
    ("vercel", ("vercel.app", "vercel.com")),
    ("netlify", ("netlify.app", "netlify.com")),
    ("cloudflare", ("workers.dev", "pages.dev")),
    ("fly", ("fly.dev",)),
    ("heroku", ("herokuapp.com",)),
    ("render", ("onrender.com",)),
    ("railway", ("railway.app", "up.railway.app")),
)
_STAGING = re.compile(r"(?i)\bstaging\b|预发|测试环境")


class Deployment(NamedTuple):
    """A deployment stated in a sentence."""

    service: str
    url: str
    status: str


def deployment(sentence: str) -> Deployment | None:
    """The deployment URL a sentence reports ("deployed to https://x.vercel.app")."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    url = _URL.search(sentence)
    if url is None or not _DEPLOY_WORDS.search(sentence):
        return None
    address = url.group(0).rstrip(".,;:!")
    host = address.split("/")[2].lower()
    if any(host == h or host.endswith("." + h) or host.startswith(h) for h in _NOT_DEPLOYED):
        return None
    service = next((s for s, ends in _HOSTS if any(host.endswith(e) for e in ends)), None)
    if service is None:
        named = [t for t in technologies(sentence) if _ROLE_OF[t] == "hosting"]
        service = named[0].replace(".io", "") if named else "production"
    if _STAGING.search(sentence):
        service = f"{service}-staging" if service != "production" else "staging"
    status = "failed" if _FAILED.search(sentence) else "active"
    return Deployment(service, address, status)


_USES_EN = re.compile(
    r"(?i)\b(?:the project|this project|the app|this app|our app|the repo|this repo|we|our stack|"
    r"the codebase|the backend|the frontend|the service|the monorepo|it|our api|the api|"
    r"our (?:backend|frontend|service|site|server|web app))\s+"
    r"(?:already\s+|also\s+|now\s+|currently\s+|still\s+|will\s+|'ll\s+)*"
    r"(?:uses|use|is using|are using|is an?|is built as an?|is|have|has|run|runs|are running|"
    r"runs on|is built (?:with|on)|is written in|relies on)\s+(?P<x>.+)"
    r"|\b(?:our|the)\s+(?P<role>database|db|backend|frontend|stack|orm|cache|queue|package manager|"
    r"test runner|ci)\s+is\s+(?P<y>.+)"
)
_USES_ZH = re.compile(
    r"(?:项目|本项目|这个项目|我们|后端|前端|服务)(?:现在|目前|也)?(?:使用|用的是|采用的是|基于|使用的是|跑在|是|用)(?P<x>.+)"
    r"|(?:技术栈|数据库|框架)(?:是|为|用的是)(?P<y>.+)"
)


def tech_facts(sentence: str) -> dict[str, str]:
    """Tech-stack facts a sentence states ("the project uses Postgres" → database: Postgres)."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence) or _NEGATED.search(sentence):
        return {}
    m = (_USES_ZH if is_chinese(sentence) else _USES_EN).search(sentence)
    if m is None:
        return {}
    rest = m.group("x") or m.group("y") or ""
    facts: dict[str, str] = {}
    for part in re.split(r"\s*(?:,|，|、|\+|/|\band\b|\bwith\b|和|以及|及|加)\s*", rest):
        names = technologies(part)
        if names:
            role = _ROLE_OF[names[0]]
            original = _TECH.search(part)
            if original is not None and role not in facts:
                facts[role] = _with_version(part, original)
    return facts


def _with_version(part: str, m: re.Match[str]) -> str:
    tail = part[m.end() :]
    v = re.match(r"\s*(v?\d+(?:\.\d+){0,2})\b", tail)
    return m.group(1) + (f" {v.group(1)}" if v else "")


_PATH_EN = re.compile(
    r"(?i)\b(?P<key>source|sources|code|tests?|docs|documentation|migrations?|components?|"
    r"config|configs|scripts|assets|static files|templates|api routes|handlers|models|"
    r"frontend|backend|infra|terraform|ci config|ci workflow|workflow|ci)\s+(?:code\s+|files?\s+)?"
    r"(?:live|lives|are|is|go|goes|sit|sits|will live|now live|now lives|are now|is now)"
    r"(?:\s+(?:in|under|at))?\s+[`'\"]?(?P<path>[\w.~-]*/[\w.~/-]*)"
    r"|\b(?:created|added|moved .{1,40} to|put .{1,40} in(?:to)?)\s+(?:a\s+|the\s+|new\s+)*"
    r"(?:directory|folder)?\s*[`'\"](?P<p2>[\w.~/-]+/)[`'\"]"
)
_PATH_ZH = re.compile(
    r"(?P<key>[\u4e00-\u9fff]{2,4}?)(?:文件)?(?:我|我们|都|统一|会)*"
    r"(?:放在|在|位于|放到|存放在|写在)\s*`?(?P<path>[\w.~/-]+/?)`?"
)
_PATH_KEYS = {
    "源码": "source",
    "代码": "source",
    "测试": "tests",
    "文档": "docs",
    "配置": "config",
    "脚本": "scripts",
    "迁移": "migrations",
    "组件": "components",
    "sources": "source",
    "code": "source",
    "test": "tests",
    "documentation": "docs",
    "migration": "migrations",
    "component": "components",
    "configs": "config",
    "workflow": "ci",
}


def path_fact(sentence: str) -> tuple[str, str] | None:
    """A project path a sentence states ("tests live in tests/e2e/") as (key, path)."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    m = (_PATH_ZH if is_chinese(sentence) else _PATH_EN).search(sentence)
    if m is None:
        return None
    path = (m.groupdict().get("path") or m.groupdict().get("p2") or "").rstrip(".")
    if "/" not in path or path.startswith("http") or len(path) < 2:
        return None
    if path.startswith("/") and path.strip("/").count("/") == 0:  # an URL route such as /docs
        return None
    key = (m.groupdict().get("key") or _path_key(path)).lower().replace(" ", "_")
    key = _PATH_KEYS.get(key, key)
    if is_chinese(key):
        key = _path_key(path)
    return key.replace("ci_config", "ci").replace("ci_workflow", "ci"), path


def _path_key(path: str) -> str:
    """A key for a path with no name given: its last folder name."""
    parts = [p for p in path.strip("/").split("/") if p not in (".", "")]
    return parts[-1] if parts else "root"


# ---- the person (user store) ----------------------------------------------------------------

_PERSONAL_EN = re.compile(
    r"(?i)(?:^|[,;:]\s+)(?:(?:also|and|but|btw|fyi|personally|for me)[,]?\s+)?"
    r"(?:i(?:'m| am)?\s+(?:really\s+|generally\s+|usually\s+|always\s+)?"
    r"(?P<verb>prefer|like|love|hate|dislike|always use|usually use|tend to|never use|"
    r"can'?t stand|familiar with|comfortable with|experienced (?:with|in)|good at|fluent in|"
    r"new to|an expert in|know .{1,20} well|work best|write|use)\b"
    r"|my (?:preference|habit|style|editor|shell|setup|workflow) is\b"
    r"|personally,? i\b)"
)
_PERSONAL_ZH = re.compile(
    r"(?:^|[，,；;。])(?:另外|还有|顺便说一下|个人来说)?[，,]?\s*我(?:个人)?(?:比较|一般|通常|平时|一直|更|最)?"
    r"(?P<verb>喜欢|偏好|习惯|倾向|讨厌|不喜欢|熟悉|擅长|会用|常用|用惯了|精通|不太熟|没用过)"
)
_SKILL = re.compile(
    r"(?i)familiar|comfortable|experienced|good at|fluent|new to|expert|know"
    r"|熟悉|擅长|会用|精通|不太熟|没用过"
)
_UNIVERSAL = re.compile(
    r"(?i)^(?:as a rule|in general|generally speaking|rule of thumb)[,:]?\s+"
    r"|^(?:一般来说|原则上|通常来说)[，,]?"
)


class Personal(NamedTuple):
    """Something about the person: a preference or a skill; `scope` PERSONAL or UNIVERSAL."""

    kind: str
    text: str
    scope: str


def personal(sentence: str) -> Personal | None:
    """A preference or skill of the speaker ("I prefer tabs", "我习惯用 vim")."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    if _UNIVERSAL.match(sentence):
        return Personal("preference", sentence.strip(), "UNIVERSAL")
    m = (_PERSONAL_ZH if is_chinese(sentence) else _PERSONAL_EN).search(sentence.strip())
    if m is None:
        return None
    verb = (m.groupdict().get("verb") or "").lower()
    if verb in ("write", "use") and not re.search(r"(?i)\b(?:always|usually|prefer)\b", sentence):
        return None
    kind = "skill" if _SKILL.search(verb or sentence) else "preference"
    return Personal(kind, sentence.strip().rstrip("。."), "PERSONAL")


# ---- memory requests ------------------------------------------------------------------------

_REMEMBER = re.compile(
    r"(?i)\b(?:remember (?:this|that)|please remember|note (?:this|that)|keep in mind|"
    r"save (?:this|that) to memory)\b|记住|保存到记忆|记一下|别忘了"
)


def asks_to_remember(sentence: str) -> bool:
    """True when the speaker asks for something to be remembered ("记住这个")."""
    return _REMEMBER.search(sentence) is not None


_OPTION = re.compile(
    r"^\W*(?:option\s+|方案\s*)?(?P<label>[A-Da-d1-4])\s*[.):：]\W*\s*(?P<text>.+)$", re.I | re.M
)
_OPTION_LEAD = re.compile(
    r"(?i)^(?:stay on|stay with|switch to|move to|migrate to|go with|use|keep|adopt|add|"
    r"改用|使用|采用|换成|用)\s*"
)
_LABEL_REF = re.compile(r"(?i)^(?:option\s+|方案\s*)?([A-Da-d1-4])$")


def options(message: str) -> dict[str, str]:
    """Labelled options in a message ("**B. Switch to Vitest.** ..."): label to the option named."""
    found: dict[str, str] = {}
    for m in _OPTION.finditer(message):
        head = re.split(r"[.。:：]\s|\*\*|[(（]", m.group("text").strip(" *"), maxsplit=1)[0]
        head = _OPTION_LEAD.sub("", head.strip(" *"))
        named = clip(head)
        if named and not _VAGUE.match(named):
            found.setdefault(m.group("label").upper(), named)
    return found


def option_label(choice: str) -> str | None:
    """The label when a choice only names an option ("B", "option 2", "方案 A")."""
    m = _LABEL_REF.match(choice.strip())
    return m.group(1).upper() if m else None


_DONE_NOUN = re.compile(
    r"(?i)\b(?:the\s+)?(?P<noun>migration|switch|move|upgrade|setup|set-up|refactor(?:ing)?|"
    r"rewrite|integration|rollout|port)\s+(?:is|has been|was)\s+(?:now\s+)?(?:done|complete|"
    r"completed|finished|merged)\b"
    r"|(?P<zh>迁移|切换|升级|重构|集成|接入|改造)(?:工作)?(?:已经|都)?(?:完成|做完|搞定)"
)


def completion(sentence: str) -> str | None:
    """The kind of work a sentence reports finished without naming it ("the migration is done")."""
    if _QUESTION.search(sentence):
        return None
    m = _DONE_NOUN.search(sentence)
    if m is None:
        return None
    return (m.group("noun") or m.group("zh") or "").lower()


_SETTING = re.compile(
    r"(?i)(?P<key>[\w.-]*(?:line[-_ ]length|max[-_ ]line|timeout|ttl|port|coverage(?: threshold)?|"
    r"threshold|retries|pool[-_ ]size|batch[-_ ]size|rate[-_ ]limit|node version|python version|"
    r"region|replicas)[\w.-]*)\s*(?:=|:|is|to|还是|是|为|改为|设为|设置为|保持|of)\s*"
    r"(?P<value>\d+(?:\.\d+)?\s*(?:%|ms|s|m|h|rps|/min|分钟|秒)?)(?![\w.])"
)


def setting(sentence: str) -> tuple[str, str] | None:
    """A configuration value a sentence states ("line-length stays 100") as (key, value)."""
    if _QUESTION.search(sentence) or _TENTATIVE.search(sentence):
        return None
    m = _SETTING.search(sentence)
    if m is None:
        return None
    key = re.sub(r"[^a-z0-9]+", "_", m.group("key").lower()).strip("_")
    return key, m.group("value").replace(" ", "")


_DONE_HEADER = re.compile(
    r"(?i)^\W*(?:done|fixed|finished|completed|all done|changes made|what i changed|summary of "
    r"changes|已完成|完成了|已修复|改动如下|修改如下|做了以下改动)\W*[:：]\s*$"
)


def done_list(message: str) -> list[str]:
    """The items of a "Done:" / "已完成：" list in a message, cleaned of bullets and markup."""
    lines = _FENCE.sub("\n", message).splitlines()
    for n, line in enumerate(lines):
        if _DONE_HEADER.match(line):
            items: list[str] = []
            for item in lines[n + 1 :]:
                if not item.strip():
                    if items:
                        break
                    continue
                if not _BULLET.match(item):
                    break
                items.append(_BULLET.sub("", item).strip().replace("**", "").rstrip("；;。."))
            return items
    return []


_PROPOSAL_HEADER = re.compile(
    r"(?i)(?:我的建议|我建议|建议如下|推荐方案|proposed (?:fix|plan|approach|solution)|"
    r"my (?:suggestion|recommendation|proposal)|recommendation|"
    r"i(?:'d| would)? (?:suggest|recommend|propose))"
    r"[^:：\n]{0,20}[:：]\s*$"
)
_LEAD_VERB = re.compile(r"(?i)^(?:use|switch to|adopt|go with|move to|用|使用|采用|改用|换成)\s*")


def proposal_list(message: str) -> str | None:
    """The option named by the first item of a "My suggestion:" / "我的建议：" list, if any."""
    lines = _FENCE.sub("\n", message).splitlines()
    for n, line in enumerate(lines):
        if _PROPOSAL_HEADER.search(line):
            for item in lines[n + 1 :]:
                if not item.strip():
                    continue
                if not _BULLET.match(item):
                    return None
                text = _BULLET.sub("", item).strip().replace("**", "")
                if not _LEAD_VERB.match(text):
                    return None
                named = clip(_LEAD_VERB.sub("", text))
                return named if named and not _VAGUE.match(named) else None
    return None
