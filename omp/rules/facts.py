"""Project facts a sentence states.

The stack and what runs where, deployments, hardware and platforms, paths and layout, the
project's name.
"""

from __future__ import annotations

import itertools
import re
from typing import NamedTuple

from omp.lazyre import lazy
from omp.rules.lexicon import (
    AMBIGUOUS,
    FAMILIES,
    NOT_NAMES,
    SHARED_ROLES,
    TECH,
    is_han,
    role_for,
    role_of_name,
    technologies,
)
from omp.rules.signals import CONDITION, NEGATED, QUESTION, TENTATIVE
from omp.rules.text import is_chinese

WEB_ADDRESS = lazy(r"https?://[^\s<>\"'`)\]，。]+")


_DEPLOY_WORDS = lazy(
    r"(?i)\b(?:deploy(?:ed|ment)?|live at|is live|now live|went live|production|prod|preview|"
    r"staging|hosted|host it|host them|hosting|(?:site|app|it|api|shop|store)(?:'s| is) (?:now )?"
    r"(?:up|live|out) (?:on|at))\b|部署|上线|线上|生产|预发"
)


# "https://tallyho.onrender.com is up": an address said to be up is where it runs
_UP_AFTER = lazy(r"[.,;:!]?\s+(?:is|are)\s+(?:now\s+)?(?:up|live)\b(?!\s+(?:to|for)\b)")


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
    "hooks.slack.com",  # a chat's webhook, where notices go
    "discord.com",
)


_INTERNAL_HOST = lazy(
    r"(?:\.svc|\.cluster\.local|\.internal|\.local|\.lan|\.corp)$"
    r"|^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^[^.]+$"
)


_FAILED = lazy(r"(?i)\b(?:failed|failing|broken|error|down)\b|失败|报错|挂了")


_HOSTS = (
    ("vercel", ("vercel.app", "vercel.com")),
    ("netlify", ("netlify.app", "netlify.com")),
    ("cloudflare", ("workers.dev", "pages.dev")),
    ("fly", ("fly.dev",)),
    ("heroku", ("herokuapp.com",)),
    ("render", ("onrender.com",)),
    ("railway", ("railway.app", "up.railway.app")),
)


_STAGING = lazy(r"(?i)\bstaging\b|预发|测试环境")
# what an address the code calls is named: "API base URL", "endpoint", "接口地址", `baseURL`
_API_ADDRESS = lazy(
    r"(?i)\b(?:api\s+)?base\s*_?url\b|\bapi\s+(?:url|endpoint|address)\b|\bendpoints?\b"
    r"|接口地址|API\s*地址|请求地址"
)
_TEST_HOST = lazy(r"(?:^|[.-])(?:test|testing|dev|stg|staging|qa|uat|sandbox)(?:[.-]|\d)")


class Deployment(NamedTuple):
    """A deployment stated in a sentence."""

    service: str
    url: str
    status: str


# a request made to an address, not where the project runs: "curl -m 3 https://…", "GET https://…"
_CALLED = lazy(
    r"(?i)\b(?:curl|wget|http(?:ie)?|xh)\b[^\n]{0,40}$|\b(?:GET|POST|PUT|PATCH|DELETE)\s+$"
)


def deployment(sentence: str) -> Deployment | None:
    """The deployment URL a sentence reports ("deployed to https://x.vercel.app")."""
    if QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return None
    url = WEB_ADDRESS.search(sentence)
    if url is None or not (_DEPLOY_WORDS.search(sentence) or _UP_AFTER.match(sentence, url.end())):
        return None
    if _API_ADDRESS.search(sentence, 0, url.start()):
        return None  # "the api base url for staging is https://…": an address the app calls
    if _CALLED.search(sentence, 0, url.start()):
        return None  # "curl -m 3 https://api.staging…/refunds/rf_123 times out": one request
    address = url.group(0).rstrip(".,;:!")
    host = address.split("/")[2].lower()
    if any(host == h or host.endswith("." + h) or host.startswith(h) for h in _NOT_DEPLOYED):
        return None
    if _INTERNAL_HOST.search(host.split(":")[0]):
        return None  # "http://loki-gateway.logging.svc": an address inside a cluster or network
    service = next((s for s, ends in _HOSTS if any(host.endswith(e) for e in ends)), None)
    if service is None:
        named = [t for t in technologies(sentence) if role_for(t) == "hosting"]
        service = named[0].replace(".io", "") if named else "production"
    # the clause of the address says where it is: "线上环境是 https://a，测试环境是 https://b"
    before = re.split(r"[,;，；。]\s*|\s+and\s+", sentence[: url.start()])[-1]
    after = re.split(r"[,;，；。]\s*|\s+and\s+", sentence[url.end() :], maxsplit=1)[0]
    # "https://api-test.diancan.cn/v1": a host named for a test environment is no production
    if _STAGING.search(before + " " + after) or _TEST_HOST.search(host):
        service = f"{service}-staging" if service != "production" else "staging"
    status = "failed" if _FAILED.search(sentence) else "active"
    return Deployment(service, address, status)


_USES_EN = lazy(
    r"(?i)(?:(?:\b(?:the|this|our)\s+|^)(?:(?:mobile|web|ios|android|desktop|admin|main)\s+)?"
    r"(?:(?-i:[A-Z])[\w.+#-]{1,20}\s+)?"  # "our Rust service uses …", "the Go API runs …"
    r"(?:project|app|repo|codebase|backend|frontend|service|"
    r"monorepo|api|site|server|web app|bot|cli|game|extension|plugin|pipeline|worker|firmware|"
    r"team)|we|our stack|it|everything)(?:\s+|(?='))"
    r"(?:already\s+|also\s+|now\s+|currently\s+|still\s+|will\s+|'ll\s+)*"
    r"(?:uses|use|is using|are using|is an?|is built as an?|is|'s|have|has|run|runs|are running|"
    r"runs on|is built (?:with|on)|is written in|relies on|'re on|are on|'re using|'re|"
    r"host (?:everything |it |this )?on|deploy (?:everything |it |this )?(?:on|to|with))\s+"
    r"(?P<x>.+)"
    # "Search is powered by Meilisearch", "errors go to Sentry", "CI runs on CircleCI": what a
    # concern of the project is handled by, when a known name follows
    r"|(?:^|[,;]\s*|\b(?:the|our)\s+)(?P<concern>infra(?:structure)?|ci|cd|search|auth(?:entication)?|"
    r"hosting|monitoring|logging|logs|e-?mails?|payments?|analytics|storage|error tracking|errors|"
    r"feature flags|flags|deploys?|deployments?|builds?|releases?|prod|production|"
    r"background jobs|jobs|caching|"
    r"state management|"
    r"styling|observability|metrics|tracing|notifications|push notifications|sms|cdn|dns|"
    r"secrets)"
    # "Builds and tests already go through GitHub Actions": two concerns, said to be handled now
    r"(?:\s+and\s+(?:tests|deploys|deployments|releases|builds))?(?:\s+(?:already|now|all))?"
    r"\s+(?:is all|are all|is|are|is powered by|are powered by|is handled by|"
    r"are handled by|is done (?:with|by|in)|runs? on|go(?:es)? (?:out )?(?:through|via)|"
    r"happens? (?:via|through|with|in)|"
    r"go(?:es)? to|are sent (?:with|through|via)|lives? in|uses?)\s+(?P<t>.+)"
    r"|\b(?:app|service|api|project|backend|site|monolith)\s*\((?P<w>[^)]{3,80})\)"
    # "PDFs are rendered with WeasyPrint", "our invoice service renders PDFs with WeasyPrint":
    # what a part of the project does its work with, when a known name follows
    r"|\b(?:(?:are|is)\s+(?:generated|rendered|built|created|produced|sent|processed|parsed|"
    r"validated|scheduled|handled|done)|(?:renders?|generates?|sends?|processes|parses|"
    r"validates|schedules)\s+[\w -]{2,30}?)\s+(?:inline\s+)?(?:with|using|via|through)\s+"
    r"(?P<s>[^,;.]+)"
    # "self hosting n8n on a hetzner cx22", "we self-host Gitea on Hetzner": where it runs
    r"|(?:^|\b(?:we|i)(?:'re|'m| are| am)?\s+)self[- ]?host(?:ing|s)?\s+[\w.-]+(?:\s+[\w.-]+)?"
    r"\s+on\s+(?:an?\s+|the\s+|our\s+|my\s+)?(?P<r>.+)"
    # "I'm building a recipe sharing app with SvelteKit and Supabase"
    r"|\b(?:i'?m|we'?re|i am|we are)\s+(?:building|making|writing|developing|creating)\s+"
    r"(?:an?|the|my|our|this)\s+[^.;:!?]{0,60}?\s+(?:with|using|in|on top of)\s+(?P<u>.+)"
    # "the prod database is RDS Postgres 15": production's is the project's (not staging's)
    r"|(?:\b(?:our|the)\s+|^)(?:(?:final|current|new|whole|full|(?:prod|production)"
    r"(?=\s+(?:database|db|cache|queue|broker|warehouse|server|worker)\b))\s+)?"
    r"(?:tech\s+)?"
    r"(?P<role>database|db|backend|frontend|stack|orm|cache|queue|(?:data )?warehouse|broker|"
    r"package manager|test runner|ci|worker|server)"
    r"(?:\s+(?:is|will be|'ll be|is going to be)\s+|\s*:\s*)(?P<y>.+)"
    # "our SFU is mediasoup v3": any part of ours, when a known name follows
    r"|\bour\s+(?!(?:problem|issue|bug|error|question|concern|bottleneck|worry)\b)"
    r"(?P<ours>[A-Za-z][\w-]{1,20})"
    # "our data warehouse is BigQuery": two words when the second names a kind of system
    r"(?:\s+(?:warehouse|queue|broker|storage|store|engine|database|system|manager|runner|"
    r"provider|tracker|tracking|framework|cluster|hosting|platform|cache|gateway|proxy|"
    r"registry|bus|orchestrator|scheduler))?\s+(?:is|runs on|is built on|uses)\s+"
    r"(?!(?:that|the|a|an|not|very|too|so|just|still|also)\b)(?P<v>.+)"
)


_USES_ZH = lazy(
    r"(?:项目|本项目|这个项目|我们|后端|前端|服务|数据库|框架|技术栈)"
    r"(?:的[\u4e00-\u9fff]{2,6}?(?=是|用)|[\u4e00-\u9fff]{0,4}?)"  # "我们的消息队列是 RabbitMQ"
    r"(?:现在|目前|也|的)?(?:使用|用的是|采用的是|基于|使用的是|跑在|是|用|为|走|"
    r"(?:部署|运行|托管)在)?\s*"
    r"(?:现有的|已有的|原来的|自己的)?\s*(?:阿里云|腾讯云|华为云|火山引擎|百度智能云|天翼云)?\s*"
    r"(?P<x>[A-Za-z][^，。；;！!？?]*)"
    # "CI 是 GitHub Actions", "GitOps 用的是 Argo CD": any topic, when a known name follows
    r"|(?<![^\s，,：:])(?!问题|原因|结果|报错|错误|瓶颈|区别|难点|坑)"
    r"(?:[A-Za-z]{2,10}(?:\s?[\u4e00-\u9fff]{1,3})?|[\u4e00-\u9fff]{2,4})(?<![不非还])\s*"
    r"(?:用的是|使用的是|采用的是|是|用的)\s*"
    r"(?P<y>(?![\w.+-]*://)[A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*){0,2}(?:\s*v?\d+(?:\.\d+){0,2})?"
    r"(?:\s*[+、/]\s*[A-Za-z][\w.+-]*(?:\s*v?\d+(?:\.\d+){0,2})?)*)"
    # "MySQL 做主库": a name and the part it plays
    r"|(?P<z>[A-Za-z][\w.+-]*(?:\s*v?\d+(?:\.\d+){0,2})?)\s*(?:做|作为|当)"
    r"(?:主库|从库|数据库|缓存|消息队列|队列|存储|网关|注册中心|配置中心)"
    # "小程序（Taro 3.6 + React，后端 NestJS）": what a thing is built with, in brackets
    r"|(?:小程序|项目|服务|后端|前端|应用|系统|平台|网站|客户端|App|app|APP)\s*[（(]"
    r"(?P<w>[A-Za-z][^）)]{2,80})[）)]"
    # "popup 和翻译浮层都是 React 18 + TypeScript": known names after 都是
    r"|(?:都|也|全)是\s*(?P<v>[A-Za-z][^，。；;！!？?]*)"
)


_OUR_VERSION = lazy(
    r"(?i)\bour\s+(?P<name>[A-Za-z][\w.+-]*)\s+(?:is|runs|is on|runs on)\s+v?"
    r"(?P<v>\d+(?:\.\d+){0,2})(?![\w.])"
)


# What may follow a stated stack in further clauses: names, versions, separators only
_ONLY_NAMES_LEFT = lazy(
    r"[\s+、/&和及]|v?\d+(?:\.\d+){0,2}|那一套|那套|这套|\b(?:LTS|SDK|all|and)\b"
    r"|(?:腾讯|阿里|华为|百度)云"  # "腾讯云 TKE": the cloud of the product named
    # "Redis 6 哨兵模式", "MySQL 8.0 主从", "Kafka 集群": how a named product is run
    r"|哨兵模式|哨兵|集群模式|集群版|集群|主从|单机版|单机|单节点|社区版|企业版|\b(?:sentinel|cluster)\b"
    # "Supabase for auth and the main Postgres, hosted on Vercel", "SvelteKit 2 + API routes":
    # where a named product runs, which one is the main one, the routes of a web framework
    r"|\b(?:hosted|deployed|running|served)\s+(?:on|to|at|in)\b|\bthe\b|\b(?:main|primary)\b"
    r"|\bAPI routes\b"
)


def _names_only(clause: str) -> bool:
    """Whether a clause holds known names and versions only.

    "Postgres 16", "Unity 2022.3 LTS", "Java 17 + Spring Batch": a known name may run on in
    capitalised words.
    """
    rest = _NAME_RUN_ON.sub("", TECH.sub("\x00", clause))
    return bool(TECH.search(clause)) and not _ONLY_NAMES_LEFT.sub("", rest)


# what a known name (\x00) may carry in a bare list: "Next.js 14 App Router", "Postgres on
# Neon", "Stripe for billing"
_NAME_RUN_ON = lazy(
    r"\x00(?:\s+v?\d+(?:\.\d+){0,2})?(?:\s+[A-Z][A-Za-z]{2,}){0,2}"
    # the part it is or the way it is used: "SvelteKit front end", "next.js 14.2 app router"
    r"(?:\s+(?:front[- ]?end|back[- ]?end|backend|frontend|api|server|database|db|"
    r"(?:app|pages) router)(?![\w-]))?"
    r"(?:\s+on\s+(?=\x00)|\s+for\s+[a-z]+(?:\s+[a-z]+)?(?:$|(?=\s+and\b)))?"
)


def listed_stack(sentence: str) -> dict[str, str]:
    """The stack a run of bare names gives.

    "context: Python 3.12, FastAPI, Postgres 16, …", "(Godot 4.3, all GDScript)", "订单表 8 亿行
    了，PostgreSQL 15，单表 1.2T": a run of two or more clauses of names only, or one name with
    its version between commas.
    """
    if QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, NOT_STACK, STACK_WISH, CONDITION)
    labelled = _STACK_LABEL.match(sentence) is not None
    sentence = _STACK_LABEL.sub("", sentence)  # "Context: Rust 1.79, tokio, axum 0.7"
    clauses = [c.strip(" .。!！") for c in re.split(r"[，,；;（）()]", sentence)]
    facts: dict[str, str] = {}
    run: list[str] = []
    for clause in [*clauses, ""]:
        if clause and _names_only(clause):
            run.append(clause)
            continue
        # one clause counts with a version ("…, PostgreSQL 15, …") or as names joined by "+"
        # or first after a label ("context: SvelteKit front end, FastAPI backend that …")
        single = len(run) == 1 and len(clauses) > 1 and bool(re.search(r"\d|\+", run[0]))
        # "TypeScript + React 18 + Vite.": a sentence that is names joined by "+" alone
        single = single or (len(run) == 1 and len(clauses) == 1 and "+" in run[0])
        single = single or (labelled and len(run) == 1 and clause is not clauses[0])
        if len(run) >= 2 or single:
            for named in run:
                stack_parts(named, facts, strict=True)
        run = []
    return facts


_STACK_LABEL = lazy(
    r"(?i)^\W*(?:context|stack|tech stack|setup|environment|env|background|技术栈|环境|背景)"
    r"\s*[:：]\s*"
)


# "pygame-ce 2.5 不是原版 pygame", "Postgres, not MySQL": a name said to be not the one used
_NOT_THIS = lazy(
    r"[，,]?\s*(?:而不是|不是|并非)\s*(?:原版|官方的?)?\s*[A-Za-z][\w.+#-]*"
    r"|(?:,\s*not|\s(?:rather than|instead of))\s+(?:the\s+)?[A-Z][\w.+#-]*"
)


# "The frontend is not on Vercel anymore, it's on Netlify": what is no longer so, then what is
_NO_LONGER = lazy(
    r"(?i)^(?P<subj>[\w`'./ -]{2,40}?)\s+(?:is|are)(?:n't|\s+not)\s+(?:on|in|at|using)\s+"
    r"[\w.+#-]+(?:\s+[\w.+#-]+)?\s+(?:anymore|any more|any longer)\s*(?:[,;:]|\s[\u2014\u2013-])\s*"
    r"(?:(?:it|they)(?:'s|'re|\s+is|\s+are)\s+|now\s+)(?P<now>(?:on|in|at|using)\s+\S.*)"
)


def assertion(sentence: str) -> str:
    """`sentence` as a statement of what is used.

    Without a trailing question ("X is MySQL 8.0, is that OK?" → the statement), without
    the names it says are not the ones ("…，不是原版 pygame"), and without what it says is no
    longer so ("X is not on Vercel anymore, it's on Netlify" → "X is on Netlify").
    """
    if moved := _NO_LONGER.match(sentence):
        sentence = f"{moved['subj']} is {moved['now']}"
    sentence = _NOT_THIS.sub("", sentence)
    if not re.search(r"[?？]\s*$", sentence):
        return sentence
    head = re.split(r"[，,;；](?=[^，,;；]*$)", sentence, maxsplit=1)
    if len(head) < 2 or _EXAMPLE_LEAD.match(head[0]):
        return ""  # "say PORT=5000, does railway inject its own?": an example for the question
    return head[0]


# "You're on Terraform v1.10.3", "your API runs on FastAPI 0.110", "you're using Prisma 5": an
# assistant telling the person what their project is on, most often after reading its files;
# not "you could use …", "you'll need …" (no state), nor "if you're on Node 18" (a case)
_YOURS = lazy(
    r"(?i)\b(?P<are>you(?:'re|\s+are)\s+(?:(?:already|currently|still|now)\s+)?)"
    r"(?=(?:on|using|running)\s)"
    r"|\b(?P<do>you\s+(?:(?:already|currently)\s+)?)(?=(?:use|run)\s)"
    r"|\byour(?=\s+(?:(?:mobile|web|ios|android|main)\s+)?(?:project|app|repo|codebase|backend|"
    r"frontend|service|api|site|server|web app|bot|cli|stack|pipeline|worker)\s)"
    # "你们现在跑在 Node 18 上", "你这边用的 Go 1.21 和 gin 1.9"
    r"|(?P<zh>你们|你这边|你那边)(?=\s*(?:现在|目前|这边|那边)?(?:用|跑|是|使用|采用|基于|部署))"
)


# "if you're on Node 18", "once you're running Redis", "do you use …": a case put, a question
_CASE_BEFORE = lazy(
    r"(?i)\b(?:if|unless|once|when|whether|until|before|after|in case|assuming|do|are)\s+$"
    r"|(?:如果|要是|假如|假设|万一|等|是否)\s*$"
)


def told_as_ours(sentence: str) -> str:
    """An assistant's `sentence` about what the person's project is on, in the first person.

    "You're on dbt-core 1.8.7 with dbt-snowflake 1.8.4" reads as "we're on dbt-core 1.8.7 …",
    which the rules of the project's stack read; "If you're on Node 18, upgrade" is left.
    """

    def ours(m: re.Match[str]) -> str:
        if _CASE_BEFORE.search(sentence[max(0, m.start() - 16) : m.start()]):
            return m[0]
        if m["zh"]:
            return "我们"
        return "we're " if m["are"] else "we " if m["do"] else "our"

    return _YOURS.sub(ours, sentence)


_EXAMPLE_LEAD = lazy(r"(?i)\s*(?:say|e\.g\.|for (?:example|instance)|like|比如|例如|假设|假如)\b")


# "we're torn between Bloc, Riverpod and Provider": names weighed, none taken yet
WEIGHING = (
    r"\b(?:torn|deciding|choosing|undecided|picking|debating|stuck) between\b"
    r"|\b(?:comparing|weighing|evaluating)\b|在.{1,60}之间(?:纠结|选|犹豫)"
    # "I'd vote Vue 3": a vote names what one would pick; "options on the table: React, Vue 3"
    r"|\b(?:i'?d|i would|i)\s+vote\b|\bvotes?\s+(?:for|went)\b|投票|投给"
    r"|\b(?:options?|candidates?|choices)\b(?:\s+on the table)?\s*(?:are|:)|候选|备选|选项"
    # "uni-app 和 taro 有啥区别，不知道选哪个好", "the differences between Hatchet and Inngest":
    # the names compared are the options, not the stack
    r"|(?<![没无])有(?:啥|什么|何)(?:区别|不同)|(?:选|用)哪(?:个|一个|种)|\bdifferences? between\b"
)


NOT_STACK = lazy(
    r"(?i)候选|备选|选项|方案|推荐|建议|调研|对比了|评估了|帮我|(?<![申邀])请(?!求)|麻烦|\b(?:candidates?|options?|alternatives?|"
    r"can you|could you|please|help me|i(?:'d| would)? (?:suggest|recommend|propose))\b|" + WEIGHING
)


STACK_WISH = lazy(
    r"(?i)想|打算|如果|要是|假如"
    r"|\b(?:want(?:s|ed)? to|would like|planning to|plan to|thinking of)\b"
)


# "隔壁组用的是 Kafka", "我上家公司用 Django": a clause about another team's or job's stack
OTHERS_STACK_ZH = lazy(
    r"隔壁|(?:别的|其他|其它|另一个|兄弟)(?:团队|组|部门|公司|项目|业务线)|上家|上一家|前公司|老东家"
    r"|(?:以前|之前|原来)的?(?:公司|团队|东家)|朋友|他们(?:组|团队|公司|部门|那边)"
    # "我们之前用的是 Jenkins，现在迁到 GitHub Actions 了": what the project used before
    r"|(?:之前|以前|原来|过去|早先)(?:一直)?(?:用的是|用的|用过|使用的是|是用|用)|试过|用过"
    # "现在是 PHP 老系统，打算用 Java 重写": the system being replaced
    r"|(?:老|旧|遗留)(?:系统|项目|版本|代码)"
)


# "another team's service is called billing-core", "at my last job the db was orders_main",
# "上一个项目的仓库叫 old-shop-api": a clause about another project's, team's or job's things
_OTHERS = lazy(
    r"(?i)\b(?:another|other|the other|a different|some other|neighbou?ring|sister)\s+"
    r"(?:team|teams|project|projects|company|companies|repo|repos|org|group|department)\b"
    r"|\b(?:my|our|a|an|the|in) (?:previous|last|old|former|other|prior) "
    r"(?:job|company|team|project|employer|gig|place|work)\b"
    r"|\b(?:a|my) friends?\b|\bfriends? of mine\b"
    r"|\btheir (?:team|project|repo|company|stack|service|setup|codebase)\b"
    r"|\b(?:our|a|the|my) (?:client|customer|vendor)s?\b"
    r"|上一?个项目|之前(?:那|的)个?项目|以前(?:那|的)个?项目|老项目|别人(?:家)?的|人家的"
    r"|(?:之前|以前|原来)(?:做|写|搞|接)过的"
    r"|客户(?:那边|的)|另一个(?:产品|项目|应用|服务|系统)|别的(?:产品|项目|应用)"
)


# "第三方支付平台用的是 Go 写的网关", "the partner's app is built with Flutter", "官方示例用的是
# Express", "the quickstart is Next.js 14", "我 Mac 上的 Python 是 3.8", "CI 的 runner 上是
# Node 18", "这个 SDK 内部用的是 OkHttp 3", "日志里写的是 Spring Boot 2.7.3": a clause about a
# vendor's, an example's, one machine's or a dependency's technology, or what a log names
_ELSEWHERE = lazy(
    # not "第三方推送用的是个推" or "our SMS vendor is Twilio": a service the project uses
    r"(?i)\b(?:the|our|a) (?:partner|supplier|vendor)(?:'s|s')"
    r"|\bupstream (?:repo|project|service|api|system|code)\b"
    r"|\btheir (?:api|backend|frontend|system|platform|app|database|db|server|side|sdk)\b"
    r"|(?:合作方|合作伙伴|对方|甲方|对接方|供应商|厂商)(?:那边|那里|自己|用的)"
    r"|(?:合作方|合作伙伴|对方|甲方|对接方|供应商|厂商)的?(?:系统|平台|服务|接口|后端|数据库)"
    r"|上游(?:的|那边)?(?:系统|服务|项目)|他们家|对接的[^，,。；;]{0,8}?(?:系统|后端|服务端)"
    # "这个教程用的是 Vue 2": not "文章表用的是 MySQL" or "我们的 demo 后端是 Flask", the
    # project's own
    r"|\b(?:the|this|that|an|their|official) (?:example|sample (?:app|repo|project|code)|"
    r"quick ?start)s?\b|\b(?:tutorial|blog post|open[- ]source project)s?\b"
    r"|\barticle (?:i|we) (?:read|found)\b"
    r"|教程|示例|博文|开源项目|(?:那篇|这篇|一篇)(?:文章|博客)|(?:这个|那个|网上的?|官方的?|别人的?)\s*demo"
    r"|\b(?:many|most) (?:teams|companies|projects|people)\b|\ba typical\b|典型的"
    r"|很多(?:团队|公司|项目|人)|大(?:多数|部分)(?:团队|公司|项目|人)"
    # "听说字节用的是 Go + Kitex", "I've heard Discord uses Rust": hearsay of others' stacks
    r"|听说|据说|\bi(?:'ve| have)? heard\b"
    r"|\bmy (?:laptop|mac|macbook|machine|pc|computer|desktop)\b"
    r"|\b(?:ci|build) (?:runner|agent)s?\b"
    r"|我的?\s*(?:电脑|笔记本|本机|Mac|MacBook|机器)|我本地|本机|本地装的|\brunner\s*上"
    r"|(?:SDK|(?:这个|那个|该)\s*(?:库|依赖|包|插件))\s*(?:内部|底层|里面|自己)|\bunder the hood\b"
    r"|(?:日志|报错|错误信息|堆栈)里?(?:写的是|显示)"
    r"|\b(?:log|error|stack ?trace|trace|output)s? (?:says|shows|mentions)\b"
    # "我们对接的那家物流公司用的是 .NET", "it's like Heroku but for containers"
    r"|(?:那|这)家|\bit'?s (?:like|similar to)\b|\bkind of like\b|类似于"
)


_CLAUSE_CUT = lazy(r"[，,；;。!?！？]|\.\s|\s(?=(?:but|while|whereas|and we|we)\s)")


def others_part(sentence: str) -> str:
    """The clauses of a sentence that tell another project's, team's, party's or job's things.

    "隔壁组用的是 Kafka，我们用 RabbitMQ" gives "隔壁组用的是 Kafka"; "the other project's
    bucket is old-media" the whole sentence; "" when no clause does. The clauses after another
    party's go on about it until one says "we" again: "合作方的系统是 PHP 写的，数据库是 MySQL".
    """
    starts = [0, *(m.end() for m in _CLAUSE_CUT.finditer(sentence)), len(sentence)]
    parts: list[str] = []
    theirs = False
    for a, b in itertools.pairwise(starts):
        clause = sentence[a:b]
        party = _OTHERS.search(clause) or _ELSEWHERE.search(clause)
        ours = _OURS_AGAIN.search(clause)
        if party or (theirs and not ours) or OTHERS_STACK_ZH.search(clause):
            parts.append(clause)
        # "我们后端参考官方示例，用的是 Express": a clause that says "we" itself goes on about us
        theirs = (bool(party) or theirs) and not ours
    return " ".join(parts)


# "…，我们这边用 Go", "…, but we run it on Lambda", "…，现在用的是 X": the sentence is back to
# the project
_OURS_AGAIN = lazy(r"(?i)我们|咱们|我方|我这边|现在|目前|\b(?:we|our|ours|us|now|currently)\b")


# "之前一直是 Hive 跑 T+1", "前端去掉了 Leaflet", "状态管理还是老的 Vuex 4": a clause naming
# what the project used before or drops, not what it uses
_GONE_ZH = lazy(
    r"(?:之前|以前|原来|过去|早先)(?:一直|都)?是|(?:去掉|移除|删掉|拿掉|干掉|弃用|废弃|下线)了?"
    r"|(?:还是|用的)?老的"
    # "之前我们试了 Kafka，运维成本太高就放弃了": what was tried is no part of the stack until it
    # is chosen (not "测试了", "调试了", "重试了")
    r"|(?<![测调重])试了"
    # "OptaPlanner 我们没人会 Java": what nobody on the team knows is no part of the stack
    r"|(?:没人|没有人|都不|不太?)(?:会|懂|熟)"
)


# "有没有必要换", "要不要换掉": a message asking whether to replace what it says is used now
_REPLACE_IT_ZH = lazy(r"(?:有没有必要|要不要|该不该|想)换掉?(?=[，,。；;！!？?\s]|$)|换掉|替换掉")


# "想换个方案", "考虑换一个", "打算换成别的": replacing something, with nothing named yet
_REPLACE_VAGUE_ZH = lazy(r"换(?:一?个|成)?(?:别的|其他的?|方案)|换一个(?=[，,。；;！!？?\s]|$)")


# "用的是 Elasticsearch，想换个方案", "项目里用的 Celery 太重了，准备换掉": the tool named as
# what is used is what a vague replacement replaces; "现在是几台 CPU 机器跑 ffmpeg，想换个方案"
# replaces the machines, not ffmpeg
_USED_ZH = lazy(
    r"(?:(?:现在|目前)(?:都|还)?(?:是|用)|用的是|用的|在用)\s*"
    r"(?P<x>[A-Za-z][^，,。；;！!？?\n]{0,40})"
)


# "we're on webpack right now but want to move off it", "we use Jenkins today but plan to
# replace it": what the sentence names before is what the project leaves
_REPLACE_IT_EN = lazy(
    r"(?i)\b(?:(?:move|moving|get|getting|migrate|migrating|switch|switching)\s+"
    r"(?:off|away from|out of)|replace|replacing|ditch|ditching|drop|dropping|rip out|"
    r"ripping out|get rid of|getting rid of|phase out|phasing out|sunset|retire)\s+"
    r"(?:it|this|that|them)\b"
    r"|\blooking (?:to|at) (?:migrat(?:e|ing)|mov(?:e|ing)|switch(?:ing)?)\b(?!\s+(?:to|onto)\b)"
)


# "计划迁到 ClickHouse", "准备从 Element Plus 换到 Naive UI": a move to a named tool
_MOVE_TO_ZH = lazy(
    r"(?:想|计划|打算|准备)[^，,。；;]{0,16}?(?:迁到|迁移到|换成|换到|改成|改用|切到|换)\s*"
    r"(?P<to>[^，,。；;！!？?\n]{1,30})"
)


# "现在是 Vuex 4", "现在全在 Postgres 14 里", "转码现在是几台 CPU 机器跑 ffmpeg": what is used now
_USED_NOW_ZH = lazy(
    r"(?:现在|目前)(?:都|全|主要|还)?(?:是|用的是|用的|在用|用|全走|走|跑的是|跑|在)\s*"
    r"(?P<x>[^，,。；;！!？?\n]{1,40})"
)


# "状态管理还是老的 Vuex 4": what is old
_OLD_ONE_ZH = lazy(r"(?:还是|用的)?老的\s*(?P<x>[^，,。；;！!？?\n]{1,40})")


def moving_off(message: str) -> set[str]:
    """The names a Chinese message says are old, or used now when it means to move off them.

    "现在是 Vuex 4，写起来太啰嗦了 … 有没有必要换" names Vuex as what the project leaves, and
    "现在全在 Postgres 14 里 … 计划迁到 ClickHouse" Postgres (the tool moved to fills its role);
    the rest of the stack it states ("我们项目是 Vue 3.4 + Vite 5") stays, and so does what a
    move of another part leaves alone ("现在是 MySQL LIKE 查询 … 想换个搜索引擎"). Lower-cased:
    the names the lexicon knows, and the other Latin words of those phrases ("ffmpeg + libx264").
    """
    if not is_chinese(message):
        return _replaced_en(message)
    phrases = [m["x"] for m in _OLD_ONE_ZH.finditer(message)]
    now = [m["x"] for m in _USED_NOW_ZH.finditer(message)]
    if _REPLACE_IT_ZH.search(message):
        phrases += now + [m["x"] for m in _USED_ZH.finditer(message)]
    elif _REPLACE_VAGUE_ZH.search(message):
        phrases += [m["x"] for m in _USED_ZH.finditer(message)]
    else:
        # "现在是 MySQL LIKE 查询 … 想换个搜索引擎": only what the named tool takes the place of
        roles = {role_for(n) for m in _MOVE_TO_ZH.finditer(message) for n in technologies(m["to"])}
        phrases += [x for x in now if {role_for(n) for n in technologies(x)} & roles]
    names = {name for x in phrases for name in technologies(x)}
    words = {w.lower() for x in phrases for w in re.findall(r"[A-Za-z][\w.+#-]*", x)}
    return names | words


def _replaced_en(message: str) -> set[str]:
    """The names an English sentence says the project moves off ("… but want to move off it")."""
    leaving: set[str] = set()
    for m in _REPLACE_IT_EN.finditer(message):
        start = max(message.rfind(end, 0, m.start()) for end in (". ", "! ", "? ", "\n"))
        said = message[start + 1 : m.start()]
        leaving |= {name.lower() for name in technologies(said)}
    return leaving


# "base model 用 Qwen2.5-7B-Instruct", "基座模型打算用 Qwen2-7B": the model the project tunes
_BASE_MODEL = lazy(
    r"(?i)(?:base\s*model|基座模型|基座|底座模型|基础模型|预训练模型)\s*(?:就|先)?"
    r"(?:用的是|用|是|选用|选|采用|打算用|想用|准备用)\s*`?"
    r"(?P<m>[A-Za-z][\w.-]*?\d+(?:\.\d+)?[BbMm](?:-[\w.]+)*)(?![\w.-])"
)


def base_model(sentence: str) -> str | None:
    """The base model a sentence names for the project to tune, its size in its name.

    "base model 想用 Qwen2.5-7B-Instruct，你觉得全参微调还是 LoRA？" names it in a clause of
    its own before the question; "如果 base model 用 Llama-3-8B 呢" names none.
    """
    m = _BASE_MODEL.search(sentence)
    if m is None or CONDITION.search(sentence[: m.start()]) or NEGATED.search(m[0]):
        return None
    clause = re.split(r"[，,。；;]", sentence[m.end() :], maxsplit=1)[0]
    return None if re.search(r"[?？吗呢]", clause) else m["m"]


def settled(sentence: str, *doubts: re.Pattern[str]) -> str:
    """The part of `sentence` before its first clause of doubt, wish or request.

    "后端是 Spring Boot，想做一个自动排线的模块" states the stack in its first clause; "We use
    Postgres, maybe CockroachDB later" in everything before "maybe", "We use Postgres and we're
    comparing Redis vs Memcached" before "and".
    """
    doubts = doubts or (TENTATIVE, STACK_WISH, NOT_STACK)
    kept: list[str] = []
    for clause in re.split(r"(?<=[，,；;])|(?=\s(?:and|but)\s)", sentence):
        if any(d.search(clause) for d in doubts):
            break
        kept.append(clause)
    return "".join(kept).rstrip(" ，,；;")


SCAFFOLD = lazy(
    r"(?i)\b(?:scaffold|bootstrap|initiali[sz]e|init|initial (?:commit|import)|skeleton)\b"
    r"|初始化|骨架|脚手架"
)


def scaffold_stack(subject: str) -> dict[str, str]:
    """The stack a project's first commit lists ("scaffold payouts-api (FastAPI 0.111, …)")."""
    if not SCAFFOLD.search(subject):
        return {}
    facts: dict[str, str] = {}
    listed = re.findall(r"[（(]([^）)]{3,120})[）)]", subject)
    # "初始化项目 (mix phx.new chatroom)，Phoenix 1.7.14 / Elixir 1.17": and the clauses after it
    listed += re.findall(r"[）)]\s*[，,]\s*([^（(]{3,120})$", subject)
    # "初始化项目：Spring Boot 3.2.3 + MyBatis-Plus + MySQL 8"
    listed += re.findall(r"[：:]\s*([^（(]{3,120})$", subject) if not listed else []
    # "初始化 monorepo，pnpm workspace + nx": the clauses after the first
    listed += re.split(r"[，,]", subject)[1:] if not listed else []
    for names in listed:
        for clause in re.split(r"[，,；;]", names):
            go = re.fullmatch(r"\s*Go(?:lang)?(?:\s+v?\d[\d.]*)?\s*", clause)  # a word too
            if TECH.search(clause) or go:  # "目标芯片 ESP32-S3" names hardware, not the stack
                stack_parts(clause, facts, strict=False)
    return facts


# "we use pnpm for the monorepo, not lerna": the option the statement is set against, at its end
_CONTRAST_TAIL = lazy(
    r"(?i)\s*(?:[,;]|\s-)\s*(?:and\s+|but\s+)?(?:not|never|no)\s+(?:an?\s+|the\s+)?[\w.+#/-]+"
    r"(?:\s+[\w.+#/-]+){0,2}\s*[.!]?\s*$"
)


# "prod db is RDS Postgres 15, staging is a docker container": a clause about another
# environment than production tells what runs there, not the project's stack
_OTHER_ENV_TAIL = lazy(
    r"(?i)\s*[,;]\s*(?:and\s+|but\s+|while\s+|whereas\s+)?(?:the\s+|our\s+)?"
    r"(?:staging|stage|dev|development|local(?:ly)?|test|testing|qa|uat|preview|ci)"
    r"(?:\s+(?:env(?:ironment)?|db|database|cache|server|box|stack))?(?:\s+(?:it|we))?"
    r"\s+(?:is|are|runs?|uses?|use)\b.*$"
)


# "Snowflake, dbt core 1.7 (not dbt cloud)": the edition a name is said not to be, in brackets
_NOT_IN_BRACKETS = lazy(r"(?i)\s*[(（]\s*(?:not|rather than|instead of)\s+[^()（）]{1,40}[)）]")


# "数据库是MySQL8.0": a known name with its version glued on, as Chinese text often writes it
_GLUED_VERSION = lazy(
    r"(?<![A-Za-z0-9_.-])(?P<n>[A-Za-z][A-Za-z.+#-]*?)(?P<v>\d+(?:\.\d+)+)(?![A-Za-z0-9_.])"
)


def _spaced_version(m: re.Match[str]) -> str:
    # "bge-base-en-v1.5": a version after a hyphen is part of the name, not glued on
    glued = TECH.fullmatch(m["n"]) and not re.search(r"[-_.]v?$", m["n"])
    return f"{m['n']} {m['v']}" if glued else m[0]


# what brings the talk back to the project after another's or an earlier stack: "…，我们用
# RabbitMQ", "…，现在是 Go"
_OURS_AGAIN_ZH = lazy(r"我们|咱们|我这边|现在|目前|如今")
EARLIER_ZH = "以前|之前|原来|过去|早先|曾经"  # what the project was: "以前后端是 PHP"
_EARLIER_ZH = lazy(rf"^(?:{EARLIER_ZH})")


def _our_clauses_zh(clauses: list[str]) -> list[str]:
    """The clauses of a Chinese sentence that tell the project's own stack as it is.

    Another's stack or an earlier one goes on past its clause ("隔壁组后端是 Java，数据库
    Oracle，我们不一样": Oracle is theirs too; "以前后端是 PHP，数据库 MySQL 5.7"), until a clause
    turns back to the project ("…，我们用 RabbitMQ").
    """
    kept: list[str] = []
    elsewhere = False
    for clause in clauses:
        if OTHERS_STACK_ZH.search(clause) or _GONE_ZH.search(clause) or _EARLIER_ZH.match(clause):
            elsewhere = True
            continue
        if elsewhere and not _OURS_AGAIN_ZH.search(clause):
            continue
        elsewhere = False
        kept.append(clause)
    return kept


def tech_facts(sentence: str) -> dict[str, str]:
    """Tech-stack facts a sentence states ("the project uses Postgres" → database: Postgres).

    Candidates, requests and wishes name no fact ("候选是 …", "帮我给这个 Go 项目配 …",
    "数据库我想先用 MongoDB").
    """
    if QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    sentence = _NOT_IN_BRACKETS.sub("", sentence)  # what it is not leaves what it is
    if is_chinese(sentence):  # "隔壁组用的是 Kafka，我们用 RabbitMQ": only our clauses
        sentence = _GLUED_VERSION.sub(_spaced_version, sentence)
        sentence = "".join(_our_clauses_zh(re.split(r"(?<=[，,；;。])", sentence)))
    facts: dict[str, str] = {}
    if (own := _OUR_VERSION.search(sentence)) and (known := TECH.fullmatch(own["name"])):
        # "Our Postgres is 16.2 on RDS": the version is Postgres's, not a part of its own
        facts[role_for(known.group(1).lower())] = f"{own['name']} {own['v']}"
    for m in (_USES_ZH if is_chinese(sentence) else _USES_EN).finditer(sentence):
        said = sentence[max(0, m.start() - 12) : m.end()]
        if NEGATED.search(_CONTRAST_TAIL.sub("", said)):
            continue
        groups = m.groupdict()
        named = ("x", "y", "z", "w", "v", "u", "t", "s", "r")
        rest = next((groups[g] for g in named if groups.get(g)), "")
        rest = _CONTRAST_TAIL.sub("", _OTHER_ENV_TAIL.sub("", rest))
        if _LEAVING.match(rest):
            continue  # "we're moving off Heroku": what the project leaves or will need
        # "It's MV3, built on WXT" names a stack; "It's Friday" does not: names the list does not
        # know count after "it" only with a version or a digit
        vague = re.match(r"(?i)it\b", m.group(0)) is not None
        strict = not (groups.get("x") or groups.get("w"))
        english = not is_chinese(sentence)
        stack_parts(rest, facts, strict=strict, vague=vague, packages=english)
        part = groups.get("role") or groups.get("concern") or groups.get("ours")
        if part:
            _unlisted_in_role(part, rest, facts)
        elif groups.get("x"):
            _unlisted_for_a_concern(rest, facts)
        if is_chinese(sentence):
            _other_clauses_zh(sentence, m, facts)
    _unlisted_in_part_zh(sentence, facts)  # its words are Chinese: no English sentence matches
    _pinned_versions(sentence, facts)
    return facts


# the parts of a system a Chinese sentence names, and the key a name in a part's place goes
# under when the lexicon does not know it (None: only a known name's own role tells, "框架")
_PART_NOUNS_ZH: dict[str, str | None] = {
    "前端": "frontend", "后端": "backend", "服务端": None, "客户端": None, "移动端": None,
    "管理后台": None, "后台": None, "小程序": None, "数据库": "database", "主库": "database",
    "缓存": "cache", "消息队列": "queue", "队列": "queue", "消息": None, "搜索引擎": "search",
    "搜索": "search", "对象存储": "storage", "存储": "storage", "日志": "logging",
    "监控": "observability", "告警": None, "网关": None, "注册中心": "service_discovery",
    "配置中心": "config_center", "鉴权": "auth", "认证": "auth", "登录": "auth", "部署": "hosting",
    "持续集成": "ci", "构建": None, "打包": None, "测试": None, "框架": None, "语言": None,
    "运行时": None, "容器": None, "编排": None, "调度": None, "定时任务": None, "任务队列": None,
    "异步任务": None, "数仓": None, "数据仓库": None, "推送": None, "支付": None, "短信": None,
    "邮件": None, "状态管理": None, "组件库": None, "路由": None, "反代": None, "负载均衡": None,
    "向量库": None, "图数据库": None, "时序库": None, "时序数据库": None, "链路追踪": None,
    "埋点": None, "托管": "hosting",
}  # fmt: skip
_PART_KEYS_ZH = {noun: key for noun, key in _PART_NOUNS_ZH.items() if key is not None}

# "数据库是 PolarDB", "缓存用的阿里云 Tair": a name no list knows in the place of a part
_UNLISTED_IN_PART_ZH = lazy(
    r"(?:^|(?<=[，,；;。\s]))(?:我们|我们的|项目的?|现在的?|目前的?)?"
    r"(?P<part>" + "|".join(sorted(_PART_KEYS_ZH, key=len, reverse=True)) + r")\s*"
    r"(?:用的是|使用的是|采用的是|用的|是|用|走)\s*"
    r"(?P<name>(?:(?:阿里云|腾讯云|华为云|火山引擎|百度智能云)\s*)?[A-Z][A-Za-z0-9.+-]{1,30})"
    r"(?:\s*(?P<v>v?\d+(?:\.\d+){0,2}))?(?=\s*(?:[，,；;。！!]|$))"
)


def _unlisted_in_part_zh(sentence: str, facts: dict[str, str]) -> None:
    """A name the lexicon does not know, in the place of a part a Chinese sentence names.

    "数据库是 PolarDB，缓存用的阿里云 Tair" gives database: PolarDB and cache: 阿里云 Tair, not
    each under its own name (which waits for review as a name of the project's own might).
    """
    for m in _UNLISTED_IN_PART_ZH.finditer(sentence):
        name = m["name"].split()[-1] if m["name"].isascii() else m["name"]
        bare = re.sub(r"^(?:阿里云|腾讯云|华为云|火山引擎|百度智能云)\s*", "", name)
        if TECH.fullmatch(bare) or _STATE_WORD.fullmatch(bare):
            continue  # a known name is read by its own role
        said = (v for k, v in facts.items() if k != bare.lower())
        if any(re.search(rf"(?i)\b{re.escape(bare)}\b", v) for v in said):
            continue  # "后端是 Go": read already (language: Go)
        if not _looks_like_a_product(bare, versioned=bool(m["v"])):
            continue
        key = _PART_KEYS_ZH[m["part"]]
        facts.pop(bare.lower(), None)  # read before under its own name
        facts.setdefault(key, name + (f" {m['v']}" if m["v"] else ""))


def _pinned_versions(sentence: str, facts: dict[str, str]) -> None:
    """The version a name without one is pinned to later in the sentence, added to it.

    "We use Terraform, pinned to 1.9.8", "构建用 Bazel，版本锁在 7.1.1".
    """
    for role, value in facts.items():
        if re.search(r"\d", value):
            continue
        after = sentence.partition(value)[2]
        if (pin := _PINNED.match(after)) is not None:
            facts[role] = f"{value} {pin['v']}"


# what follows a name to give the version it stays on: ", pinned to 1.9.8", "，版本锁在 7.1.1"
_PINNED = lazy(
    r"(?i)\W{0,3}(?:(?:but|and|which is|that's)\s+)?(?:(?:version|版本)\s*)?"
    r"(?:(?:is\s+)?(?:pinned|locked|fixed|held)\s+(?:to|at)|锁在|锁定在?|固定在?|定在)\s*"
    r"v?(?P<v>\d+(?:\.\d+){1,2})(?![\d.]*\d)"
)


# the ways of writing a part of the system that say the same part
_SPELLED_PARTS = {
    "front end": "frontend", "front-end": "frontend", "back end": "backend", "back-end": "backend"
}  # fmt: skip

# the key a part of the project said by its common noun goes under ("DB" → database)
_NOUN_KEYS = {
    **_SPELLED_PARTS,
    "db": "database", "broker": "queue", "test runner": "testing", "search": "search",
    "auth": "auth", "authentication": "auth", "hosting": "hosting", "monitoring": "observability",
    "observability": "observability", "metrics": "observability", "tracing": "observability",
    "logging": "logging", "logs": "logging", "email": "email", "e-mail": "email",
    "emails": "email", "e-mails": "email", "payments": "payments", "payment": "payments",
    "analytics": "analytics", "storage": "storage", "error tracking": "observability",
    "errors": "observability", "feature flags": "feature_flags", "flags": "feature_flags",
    "ci": "ci", "background jobs": "jobs", "jobs": "jobs", "caching": "cache",
    "state management": "state", "styling": "styling", "notifications": "push",
    "push notifications": "push", "sms": "sms", "cdn": "cdn", "secrets": "secrets",
    "database": "database", "backend": "backend", "frontend": "frontend", "orm": "orm",
    "cache": "cache", "queue": "queue", "queues": "queue", "warehouse": "warehouse",
    "data warehouse": "warehouse",
    "package manager": "package_manager",
}  # fmt: skip

# a name and nothing more, or its version after it: "Turso", "Zitadel 2.5"; the clause ends
_UNLISTED = lazy(
    r"(?P<name>[A-Za-z][A-Za-z0-9_.+-]{1,30})(?:\s+(?P<v>v?\d+(?:\.\d+){0,2}))?"
    r"\s*(?:$|[,;.!(]|\s(?:and|but|with|on|in)\s)"
)

# what follows a known name to say what the project uses it for: " for auth", " 16 for search"
_USED_FOR = lazy(
    r"(?i)(?:\s+v?\d+(?:\.\d+){0,2})?\s+for\s+(?:(?:our|the|all)\s+)?(?P<part>[a-z]+)\s*$"
)


def _role_used_for(part: str, name: re.Match[str]) -> str:
    """The role of a known name in `part`: the part it is said to be used for, else its own.

    "Supabase for auth" is the auth; "Supabase" alone, the database.
    """
    used = _USED_FOR.match(part[name.end() :])
    key = _NOUN_KEYS.get(used["part"].lower()) if used else None
    return key or role_for(name.group(1).lower())


# "Zitadel for auth", "Plausible for analytics": a name the project uses for a part it names
_FOR_A_CONCERN = lazy(
    r"(?P<name>[A-Z][A-Za-z0-9_.+-]{1,30})(?:\s+(?P<v>v?\d+(?:\.\d+){0,2}))?\s+(?:for|as)\s+"
    r"(?:(?:our|the|all|all our)\s+)?(?P<part>"
    + "|".join(sorted(_NOUN_KEYS, key=len, reverse=True))
    + r")(?=\s*(?:[,.;!]|$)|\s+(?:and|but|too|as well|now|today)\b)"  # not "payments tracking"
)

# what is said of a part in the place of a name: "the database is Huge", "search is Slow"
_STATE_WORD = lazy(
    r"(?i)(?:slow|fast|huge|big|small|tiny|down|up|broken|empty|full|fine|ok|good|bad|great|old|"
    r"new|legacy|custom|ours|ready|done|flaky|heavy|light|simple|complex|stable|unstable|live|"
    r"offline|online|next|managed|separate|shared|critical|important|failing|stuck|weird|"
    r"different|same|external|internal|optional|required|enabled|disabled|missing)"
)


# "(search is) handled by X": what stands between the part and the name
_HANDLED_BY = lazy(
    r"(?i)^(?:handled|powered|done|provided|served|backed|run)\s+(?:by|with|on|through|via|in)\s+"
)


def _unlisted_in_role(part: str, rest: str, facts: dict[str, str]) -> None:
    """A name the lexicon does not know, said to be a part of the project by the part's noun.

    "DB is Turso", "auth is handled by Zitadel": the noun says what the name is, so a name
    that looks like a product counts; "the database is slow" names none.
    """
    key = _NOUN_KEYS.get(part.lower())
    m = _UNLISTED.match(_HANDLED_BY.sub("", rest.strip()))
    name = m["name"].rstrip(".") if m else ""
    if key is None or m is None or not name[:1].isupper() or TECH.fullmatch(name):
        return  # a known name is read by its own role
    if _STATE_WORD.fullmatch(name):
        return  # "search is Slow": a state, not a name
    if _looks_like_a_product(name, versioned=bool(m["v"])):
        facts.setdefault(key, name + (f" {m['v']}" if m["v"] else ""))


def _unlisted_for_a_concern(rest: str, facts: dict[str, str]) -> None:
    """Names the lexicon does not know that the project uses for a part.

    "We use Zitadel for auth", "…, MySQL 8 and Horizon for queues".
    """
    for m in _FOR_A_CONCERN.finditer(rest):
        name = m["name"].rstrip(".")
        if m.start() and rest[m.start() - 1] not in " ,;(":
            continue  # the name starts where a word does
        if TECH.fullmatch(name) or _STATE_WORD.fullmatch(name):
            continue
        if _looks_like_a_product(name, versioned=bool(m["v"])):
            said = name + (f" {m['v']}" if m["v"] else "")
            facts.setdefault(_NOUN_KEYS[m["part"].lower()], said)


# "主控是 STM32F407，跑 FreeRTOS", "each robot is a Jetson Orin running ROS 2 Humble", "the box
# runs Postgres 16 and Redis 7": what runs on the project's board or machine; not "try running
# pytest", "跑一下测试", "跑在 k8s 上" (where, read elsewhere), "was running Mongo" (before),
# "要跑 Keycloak + ClickHouse，太重了" (what an option would need)
_RUNS = lazy(
    r"(?i)(?<!\bwas )(?<!\bwere )(?<!\bused to )(?<!\btry )(?<!\bafter )(?<!\bby )"
    r"(?<!\bwhen )(?<!\bbefore )(?<!\bstart )(?<!\bstop )(?<!\bkeep )"
    r"\b(?:runs|running)\s+(?P<x>[^,;:.!?()]+)"
    r"|(?<![要得需想会能])跑(?:的是|的|着)?\s*(?P<y>[A-Za-z][^，。；;！!？?()（）]*)"
)


# the parts that run on a board or a machine, not tools one runs ("running pytest")
_RUN_ROLES = frozenset(
    ("firmware", "robotics", "database", "cache", "queue", "proxy", "app_server", "hpc",
     "timeseries", "service_discovery", "search", "runtime", "ml_serving")
)  # fmt: skip


def run_stack(sentence: str) -> dict[str, str]:
    """The known names a sentence says run on a board or a machine of the project, by role.

    "主控是 STM32F407VGT6，跑 FreeRTOS" → firmware: FreeRTOS; "running pytest -k slow" gives
    nothing: a tool run once is no part that runs.
    """
    if QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    found: dict[str, str] = {}
    for m in _RUNS.finditer(sentence):
        if NEGATED.search(sentence[max(0, m.start() - 12) : m.start()]):
            continue  # "doesn't run Redis"
        rest = m["x"] or m["y"]
        if not TECH.match(rest):
            continue  # "running out of memory with Redis": a known name right after, or none
        parts: dict[str, str] = {}
        stack_parts(rest, parts, strict=True)
        for key, value in parts.items():
            if key in _RUN_ROLES:
                found.setdefault(key, value)
    return found


# "比对用 bwa-mem2，变异检测用 GATK 4.5，这俩不变", "the ORM stays Prisma", "数据库还是用现有的
# MySQL 8.0": what is used and is said to stay as it is, not a new choice
_AS_IS = lazy(
    r"不变|照旧|保持原样|还是老样子|(?:还是|继续|沿用)用?现有的"
    r"|(?i:\b(?:stays?|unchanged|as before|stay the same)\b)"
)


def stays_as_is(sentence: str) -> bool:
    """Whether a sentence says what it names stays as it is ("这俩不变")."""
    return _AS_IS.search(sentence) is not None


# "proxies DICOMweb to our Orthanc server", "on our existing Postgres 15 cluster", "serve our
# fine-tuned bge-m3 embedding model", "学校有个 Slurm 集群", "写进 S3 上的 Iceberg 表": a
# product named by the kind of system of ours it is
_NAME = r"[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*(?:\s+v?\d+(?:\.\d+){0,2})?"
_NAMED_SYSTEM = lazy(
    r"(?i)\b(?:our|my)\s+(?:(?:existing|own|shared|self-hosted|internal|on-prem|managed|"
    r"current|fine-?tuned|custom)\s+)*(?-i:(?P<en>" + _NAME + r"))\s+"
    r"(?:server|cluster|instance|broker|table|bucket|box|deployment|"
    r"(?:embedding\s+|reranker\s+|base\s+)?model)s?\b"
    r"|(?:我们|学校|公司|实验室|团队|组里)?(?:的|有个|有一个|有|自建的?|现有的|上的|里的)\s*"
    r"(?P<zh>" + _NAME + r")\s*(?:集群|服务器|实例|表|数据库)"
)


# words that come where the name does and are none: "our staging cluster", "our Main server"
_NOT_A_SYSTEM_NAME = lazy(
    r"(?i)(?:staging|stage|prod|production|dev|test|testing|main|primary|local|shared|own|home|"
    r"old|new|big|single|internal|build|ci|web|app|api|game|db|gpu|cpu|file|mail|k8s|hpc|linux|"
    r"windows|ubuntu|debian|the|a|an|one|two|\d.*)"
)


def named_systems(sentence: str) -> dict[str, str]:
    """The products a sentence names as a server, cluster or table of the project's, by role.

    "FastAPI backend that proxies to our Orthanc server" → orthanc: Orthanc; "学校有个 Slurm
    集群" → hpc: Slurm. A name the lexicon does not know goes under its own name; a question,
    a wish or "not our X server" gives nothing.
    """
    if QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    found: dict[str, str] = {}
    for m in _NAMED_SYSTEM.finditer(sentence):
        named = (m["en"] or m["zh"]).strip()
        name = named.split()[0]
        if NEGATED.search(sentence[max(0, m.start() - 12) : m.start()]):
            continue
        if (known := TECH.fullmatch(name)) is not None:
            found.setdefault(role_for(known.group(1).lower()), named)
        elif (
            not _NOT_A_SYSTEM_NAME.fullmatch(name)
            and re.search(r"[A-Z].*[a-z]", name)
            and _looks_like_a_product(name, versioned=name != named)
        ):
            found.setdefault(name.lower(), named)  # "Orthanc", "Iceberg"
    return found


def _other_clauses_zh(sentence: str, m: re.Match[str], facts: dict[str, str]) -> None:
    """The stack the other clauses of a Chinese statement of it hold, added to `facts`.

    "后端是 Spring Cloud Alibaba 那一套，MySQL 8 + Redis。", "…的 App，Flutter 3.22，状态管理用的
    Riverpod。", "…，部署在腾讯云 TKE 上": clauses that hold names and versions only, after a part
    and what it uses, or where it runs.
    """
    before, after = sentence[: m.start()], sentence[m.end() :]
    clauses = re.split(r"[，,；;]", before)[:-1] + re.split(r"[，,；;]", after)[1:]
    for clause in clauses:
        clause = clause.strip(" 。.！!")
        if (lead := _PART_LEAD_ZH.match(clause)) is not None:
            clause = _WHERE_TAIL_ZH.sub("", clause[lead.end() :]).strip()
            clause = _COMPONENT_TAIL_ZH.sub("", clause)  # "GATK 4.5 的 HaplotypeCaller"
        if clause and not _ONLY_NAMES_LEFT.sub("", TECH.sub("", clause)):
            stack_parts(clause, facts, strict=False)


# "机器是 2 张 A100 80G", "在 4 张 A100 40GB 上", "一台 L40S（48G）机器上", "机器上有 4 张 3090":
# the GPUs of the machine the project runs on, counted or named as the machine
_GPU = r"(?:A100|A800|A10G?|H100|H800|H200|H20|V100|L40S?|L4|T4|(?:RTX\s?)?[2-5]0[5-9]0(?:\s?Ti)?)"


_MACHINE_ZH = lazy(
    r"(?P<lead>(?:机器|服务器|节点|GPU|显卡)(?:是|用的是|为|上有|有)|(?<![可不])在|用)?\s*"
    r"(?P<gpus>(?:一台\s*)?(?:单卡|单机|一张|[两二三四六八]张|\d+\s*张|\d+\s*[\u00d7xX*]\s*)?\s*"
    r"(?:NVIDIA\s*)?" + _GPU + r"(?![\w-])(?:\s*[（(]?\s*\d+\s*GB?\s*[)）]?)?)"
    r"\s*(?P<after>的?(?:机器|服务器|节点|卡)?\s*上)?"
)


# "后端是 Go 写的", "我们的 API 网关是自己用 Go 写的": a part of ours and the language it is in
_WRITTEN_IN_ZH = lazy(
    r"(?:我们的?|项目|后端|前端|服务端|客户端|网关|服务|系统|平台|App|app|SDK|脚本|固件|插件)"
    r"[^。；;！!？?]{0,14}?(?:都|也|全)?(?:是|就是)?(?:自己|我们)?(?:用|拿)?\s*"
    r"(?P<lang>(?:Go(?:lang)?|Rust|Java|Kotlin|Swift|C\+\+|C#|C|Python|PHP|Ruby|Node(?:\.js)?|"
    r"TypeScript|JavaScript|Dart|Elixir|Scala|Lua|Zig)(?:\s*v?\d+(?:\.\d+)*)?)\s*写的"
)


def written_in(sentence: str) -> str | None:
    """The language a Chinese statement says a part of the project is written in.

    "后端已经有了，是 Go 写的" gives Go; a tool's language ("oxlint 也是 Rust 写的") and a
    question give nothing.
    """
    if not is_chinese(sentence) or QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return None
    clauses = re.split(r"(?<=[。；;！!])", sentence)
    for clause in clauses:
        if OTHERS_STACK_ZH.search(clause):
            continue
        # "…已经有了，是 Go 写的": the part is named in the clause before
        if m := _WRITTEN_IN_ZH.search(clause):
            return m["lang"]
    return None


# "图片存在阿里云 OSS", "转完传到阿里云 OSS", "固件放在 MinIO 里": what the project's files are
# kept in
_STORED_IN_ZH = lazy(
    r"(?:图片|照片|文件|附件|视频|音频|固件|产物|素材|静态资源|资源|备份|数据|日志|模型|权重|"
    r"安装包|切片|快照|chunk|转完|传完)[^，,。；;！!？?]{0,6}?(?<!怎么)(?<!如何)(?:都|也|统一)?"
    r"(?:存在|存到|存储在|存放在|放在|放到|传到|上传到|落在|落到|推到)\s*"
    r"(?:我们的?|自建的?|现有的|公司的)?\s*"
    r"(?P<x>(?:(?:阿里云|腾讯云|华为云|AWS|Cloudflare|Google Cloud|Azure)\s*)?"
    r"[A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?"
    r"|七牛云|七牛|又拍云)"  # a Chinese object store named alone
)


def stored_in(sentence: str) -> str | None:
    """The object store a Chinese statement says the project's files go to.

    "图片存在阿里云 OSS" gives 阿里云 OSS; a question, tentative talk and another team's store
    ("隔壁组的图片存在腾讯云 COS") give nothing.
    """
    if not is_chinese(sentence) or QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return None
    for m in _STORED_IN_ZH.finditer(sentence):
        clause = re.split(r"[，,；;。]", sentence[: m.start()])[-1]
        if OTHERS_STACK_ZH.search(clause) or re.search(r"[你您]|如果|要是|的话", clause):
            continue
        name = m["x"].strip()
        last = re.split(r"\s+", name)[-1]
        if role_of_name(last) == "storage" or role_of_name(name) == "storage":
            return name
    return None


def machine_gpus(sentence: str) -> str | None:
    """The GPUs a Chinese sentence says the project's machine has ("机器是 2 张 A100 80G").

    A GPU named alone ("A100 支持 bf16") is no machine: a count, "机器是" or "…上" says it is.
    """
    if not is_chinese(sentence) or QUESTION.search(sentence):
        return None
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    clauses = re.split(r"(?<=[，,；;。])", sentence)  # "隔壁组的机器是 8 张 H800": not ours
    sentence = "".join(c for c in clauses if not OTHERS_STACK_ZH.search(c))
    for m in _MACHINE_ZH.finditer(sentence):
        gpus = m["gpus"].strip()
        counted = not re.match(r"(?:NVIDIA\s*)?" + _GPU, gpus)
        lead = m["lead"] or ""
        machine = re.match(r"[机服节GP显]", lead) is not None
        if machine or (lead and (counted or m["after"])) or (counted and m["after"]):
            return re.sub(r"\s+", " ", gpus)
    return None


_PART_LEAD_ZH = lazy(
    r"^(?:[A-Za-z]{1,4}\s*)?[\u4e00-\u9fff]{1,6}?(?:用的是|用|是|走)\s*(?=[A-Za-z])"  # "UI 库用 X"
    # "…，部署在腾讯云 TKE 上": where the project runs, the clause's subject left unsaid
    r"|^(?:都|也|就|统一)?(?:部署|跑|运行|托管)在\s*"
)
# "变异检测用 GATK 4.5 的 HaplotypeCaller", "转换用 dbt 1.8 的 incremental 模型": a part of the
# named tool, after it
_COMPONENT_TAIL_ZH = lazy(
    r"\s*的\s*[A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*)?(?:\s*[\u4e00-\u9fff]{1,4})?$"
)
_WHERE_TAIL_ZH = lazy(r"(?<=[\w\s])(?:上|里)$")


def _hw(n: int) -> str:
    return rf"(?<![\w.-])(?P<hw{n}>(?:{FAMILIES['hardware']})(?:\s?\d+\s?GB)?)(?![\w-])"


# The person's own board, chip or GPUs, told as what they build on or run on: "Board is the
# STM32L476RG logger", "8x A100 80GB single node", "a controller on an ESP32-S3", "STM32G474
# on the rev C board", "we have one A100 40GB on this box"
_OWN_HARDWARE = lazy(
    r"(?i)\b(?:board|chip|mcu|soc|hardware|target|gpus?)\s*(?:is|are|:)\s+"
    r"(?:[\w-]+\s+){0,5}?(?:\d+\s*[x\u00d7]\s*)?"
    + _hw(0)
    + r"|\b\d+\s*[x\u00d7]\s*"
    + _hw(1)
    + r"|\b(?:on|with|have|got|run|runs|running)\s+(?:an?|the|our|my|one|two|\d+)\s+"
    r"(?:(?!(?:or|and|vs)\b)[\w-]+\s+)?"
    + _hw(2)
    + "|"
    + _hw(3)
    + r"\s+on\s+(?:the|our|my)\s+(?:[\w-]+\s+){0,2}board\b"
)


# a board weighed against another or one to come: "esp32-s3 or an nrf5340", "cheaper than"
_HARDWARE_WEIGHED = lazy(
    r"(?i)\b(?:or|vs\.?|versus|than|instead|either|compared|switch\w*|mov(?:e|ing) to|"
    r"migrat\w*|future|will be|would|might|could|people|they|someone|"
    r"i (?:read|heard|saw))\b"
)


# "STM32F411 上 UART2 接 GPS", "ESP32-S3 + SHT45 传感器", "大棚里放 ESP32-C3 的传感器节点",
# "板子是 nRF52840": a board or chip the Chinese sentence builds on; not one weighed against
# another ("ESP32-S3 还是 nRF5340", "换成 RP2040")
_OWN_HARDWARE_ZH = lazy(
    r"(?i)(?:^|[，,：:；;]|(?:主控|控制器|芯片|板子|开发板|MCU|硬件|节点|设备|模组|训练机|GPU 机器)"
    r"(?:是|用的是|用的|用|\s)|(?<![要想换改])(?:放|用的是|基于|用的))\s*"
    # "训练机是 8 卡 A800": how many first
    r"(?:(?:\d+|[两二三四六八])\s*(?:卡|张)\s*)?(?:移远|芯科|乐鑫|移柯)?\s*"
    + _hw(0)
    + r"\s*(?=上|\+|\uff0b|的|[，,。；;（(]|$)"
)
_HARDWARE_WEIGHED_ZH = lazy(r"还是|或者|或|对比|比较|换成|换到|改成|迁到|候选|考虑|打算|准备|想")


def own_hardware(sentence: str) -> str | None:
    """The board, chip or GPU the person says their project runs on ("8x A100 80GB")."""
    if is_chinese(sentence):
        return _own_hardware_zh(sentence)
    if QUESTION.search(sentence) or _HARDWARE_WEIGHED.search(sentence):
        return None
    if settled(sentence, TENTATIVE, STACK_WISH, CONDITION) != sentence.rstrip(" ，,；;"):
        return None
    m = _OWN_HARDWARE.search(sentence)
    if m is None:
        return None
    return next(v for k, v in m.groupdict().items() if k.startswith("hw") and v)


def _own_hardware_zh(sentence: str) -> str | None:
    """The board a Chinese sentence builds on ("STM32F411 上 UART2 接 GPS 模块")."""
    if QUESTION.search(sentence) or _HARDWARE_WEIGHED_ZH.search(sentence):
        return None
    if settled(sentence, TENTATIVE, STACK_WISH, CONDITION) != sentence.rstrip(" ，,；;"):
        return None
    clauses = re.split(r"(?<=[，,；;。])", sentence)  # "隔壁组用的 ESP32": not ours
    sentence = "".join(c for c in clauses if not OTHERS_STACK_ZH.search(c))
    m = _OWN_HARDWARE_ZH.search(sentence)
    return m["hw0"] if m else None


# Where the person ships the product: "shipping on PC and Nintendo Switch", "Solo dev,
# shipping on Steam", "we're launching on iOS and Android"
_PLATFORM = (
    r"(?:Nintendo\s+)?Switch|Steam(?:\s?Deck)?|PC|Mac|macOS|Windows|Linux|iOS|iPadOS|Android|"
    r"PS[45]|PlayStation\s?[45]?|Xbox(?:\s+Series\s+[XS](?:\|[XS])?)?|itch\.io|Epic(?:\s+Games)?(?:\s+Store)?|"
    r"App\s+Store|Play\s+Store|Google\s+Play|Meta\s+Quest|Quest\s?[23]?|web(?:GL)?|browsers?"
)


_SHIPS_ON = lazy(
    r"(?:^|[,;:]\s*|\b(?:i'm|we're|i am|we are|it's|it is|game is|app is)\s+|\b(?:we|it)\s+)"
    r"(?i:shipping|launching|releasing|ships|launches|ship|launch)\s+(?i:on|to)\s+"
    rf"(?P<p>(?:{_PLATFORM})(?:\s*(?:,|\+|/|&|\band\b)\s*(?:{_PLATFORM}))*)(?![\w-])"
)


def platforms(sentence: str) -> str | None:
    """The platforms the person says the product ships on ("PC and Nintendo Switch")."""
    if QUESTION.search(sentence) or CONDITION.search(sentence) or is_chinese(sentence):
        return None
    if TENTATIVE.search(sentence) or STACK_WISH.search(sentence):
        return None
    m = _SHIPS_ON.search(sentence)
    return m["p"] if m else None


# "our flask app keeps …", "the React frontend re-renders …", "your Django 4.2 app": a known
# name as the kind of a part of the project
_NAMED_PART_OF_OURS = lazy(
    r"(?i)(?<![\w-])(?:our|my|your|the|this)\s+"
    r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*)?(?:\s+v?\d+(?:\.\d+){0,2})?)\s+"
    r"(?:app|application|project|backend|back end|frontend|front end|service|api|site|"
    r"website|server|monolith|database|db|cluster|instance|stack)(?![\w-])"
    r"(?!\s+(?:approach|idea|template|tutorial|example|docs|course|pattern|version)s?\b)"
)


# where a part named is someone else's or gone: "back in my last job the Rails monolith …"
_NOT_OURS_NOW = lazy(
    r"(?i)\b(?:last|previous|old|former|other)\s+(?:job|company|team|project|employer|gig)\b"
    r"|\b(?:used to|back then|back in|years ago|we tried|i tried|tried the)\b"
)


def named_parts(sentence: str) -> dict[str, str]:
    """Known names a sentence gives as the kind of a part of the project, by role."""
    if QUESTION.search(sentence) or _NOT_OURS_NOW.search(sentence):
        return {}
    facts: dict[str, str] = {}
    for m in _NAMED_PART_OF_OURS.finditer(sentence):
        if NEGATED.search(sentence[max(0, m.start() - 12) : m.start()]):
            continue  # "we don't have a Django app"
        name = re.sub(r"\s+v?\d+(?:\.\d+){0,2}$", "", m["x"])
        known = TECH.fullmatch(name)
        if known is None or (name.lower() in AMBIGUOUS and name.islower()):
            continue
        facts.setdefault(role_for(name.lower()), m["x"])
    return facts


# "The frontend is on Vercel and the API on Fly.io", "We host the web app on Netlify, the
# backend on Render": a part of the project and where it runs
_HOSTED_PART = lazy(
    r"(?i)(?:(?<![\w-])(?P<det>the|our|my|your)\s+|(?:^|(?<=[,;:\u2014\u2013]\s)|(?<=\band\s)))"
    r"(?:(?P<kind>[A-Za-z][\w.+#-]*)\s+)?"
    r"(?P<part>front[- ]?end|back[- ]?end|api|apis|web ?app|website|site|landing page|docs|"
    r"dashboard|admin(?: panel)?|workers?|app server|server|blog|storybook|ui|client|"
    r"(?:rest|graphql) api)(?![\w-])"
    r"\s+(?:(?:is|are|'s)\s+(?:(?:also|still|currently|now|all)\s+)?)?"
    r"(?:(?:hosted|deployed|running|served|sits|lives|runs|live|deploys|is deployed)\s+)?"
    r"(?P<prep>on|at|in|via|to)\s+(?P<host>[A-Za-z][\w.]*(?:\s+(?-i:[A-Z])[\w.]*){0,2})"
)


# a move told, or a place said of another's: not where the part runs now
_MOVING = lazy(
    r"(?i)\b(?:mov(?:e|es|ed|ing)|migrat\w*|switch\w*|port(?:ing|ed)?|leav\w+|"
    r"their|other team|used to|before)\b"
)


_PLAIN_KINDS = frozenset(
    ("new", "old", "main", "whole", "entire", "current", "static", "own", "also", "then", "and",
     "so", "but", "while", "whereas", "is", "are")
)  # fmt: skip


# the part a hosted part is kept under ("the front end is on Vercel": frontend_hosting); the
# stack keys of `_NOUN_KEYS` answer another question: what a name in a part's place is
_PART_KEYS = {**_SPELLED_PARTS, "webapp": "web_app", "web app": "web_app", "apis": "api",
              "workers": "worker", "admin panel": "admin", "website": "site",
              "rest api": "api", "graphql api": "api"}  # fmt: skip


def hosted_parts(sentence: str) -> dict[str, str]:
    """Where each part of the project a sentence names runs: `<part>_hosting` → the host.

    "The frontend is on Vercel and the API on Fly.io" gives frontend_hosting: Vercel and
    api_hosting: Fly.io, where a single `hosting` would keep only one of them. A part said
    to move there, or hosted so only maybe, is not where it runs.
    """
    if QUESTION.search(sentence) or _MOVING.search(sentence) or _NOT_OURS_NOW.search(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    facts: dict[str, str] = {}
    for m in _HOSTED_PART.finditer(sentence):
        host = TECH.fullmatch(m["host"]) or TECH.match(m["host"])
        if host is None or role_for(host.group(1).lower()) != "hosting":
            continue
        if host.group(1).lower() in AMBIGUOUS and host.group(1).islower():
            continue  # "the UI in render mode"
        clause = re.split(r"[,;.]\s", sentence[: m.start()])[-1] + m.group(0)
        if m["prep"].lower() == "to" and not re.search(r"(?i)\bdeploy", clause):
            continue  # "the API to Fly.io" without "deploy" tells a move
        if NEGATED.search(sentence[max(0, m.start() - 12) : m.end()]):
            continue
        part = _PART_KEYS.get(m["part"].lower(), m["part"].lower())
        kind = m["kind"]
        plain = kind is None or kind.lower() in _PLAIN_KINDS
        if part == "site" and plain:
            continue  # "the site is on Netlify": the whole project, its `hosting`
        if not plain and not TECH.fullmatch(kind) and kind.islower():
            part = f"{kind.lower()}_{part}"  # "the marketing site", not "the Next.js frontend"
        facts.setdefault(f"{part}_hosting", _with_version(m["host"], host))
    return facts


# what follows "we're" / "we'll" that says what the project leaves or will need, not what it
# uses: "we're moving off Heroku", "we're going to need to support websockets"
_LEAVING = lazy(
    r"(?i)(?:(?:moving|migrating|switching|getting)\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:off|away from|from|out of)|leaving|dropping|ditching|phasing out|sunsetting|retiring"
    r"|going to (?:need|have|want)|gonna need|(?:about|planning|hoping|trying) to|"
    r"(?:thinking|considering) (?:of|about)?|need(?:ing)? to|want(?:ing)? to"
    # "we're bumping to Node 22 next sprint": a move under way or planned, not the stack yet
    r"|(?:bumping|upgrading|moving|migrating|switching|downgrading)\s+(?:[\w.-]+\s+){0,2}?to)\b"
)


_NOT_USED = lazy(
    r"(?i)(?:no|not|without|never|non|instead of)\s|(?:不用|没有|不上|不要|别用|不是|无)\s*"
)
_OPEN_SOURCE = lazy(r"(?i)\(\s*OSS\b|\bOSS\s*[,/]\s*(?:self|open|free|licen)|open[ -]source")


_ADDRESS = lazy(r"(?i)(?<![\w.+-])(?P<scheme>[a-z][a-z0-9+.-]*)://[^\s,;，；)\]]+")


def stack_parts(
    rest: str,
    facts: dict[str, str],
    *,
    strict: bool = True,
    vague: bool = False,
    packages: bool = False,
) -> None:
    """The technologies of a stated stack ("Vue 3.4 + Vite 5 + Element Plus"), by role.

    Not `strict`: the sentence says it names the stack ("后端是 go 的 gin"), so names that are
    also everyday words count even in lower case. `packages`: an English statement of the
    stack, where a package's name counts ("with expo-router").
    """
    # "landing in s3://acme-raw/clickstream/": the store named by its scheme, not the bucket and
    # prefix a "/" would make parts of their own
    rest = _ADDRESS.sub(lambda m: m["scheme"], rest)
    # "nginx in front of gunicorn": two parts, one serving the other; not the "+" of a
    # version's build ("v1.29.4+k3s1"): it joins no second part
    pieces = re.split(
        r"\s*(,|，|、|(?<!\d)\+|(?<=\d)\+(?![\w.-]*\d[\w.-]*(?![\w.-]))|/|;|；|:(?!//)|：|"
        r"\band\b|\bwith\b|\bin front of\b|和|以及|及|加|的)\s*",
        rest,
    )
    # each part, and whether a "+" joins it to the one before ("grafana + loki") or after
    seps = pieces[1::2]
    earlier = set(facts)  # the roles another part of the statement filled
    known = False
    for part, joined, then in zip(pieces[::2], ["", *seps], [*seps, ""], strict=True):
        go = re.fullmatch(r"(?i)(go(?:lang)?)(?:\s+v?\d+(?:\.\d+){0,2})?", part.strip())
        if go and "language" not in facts and (not strict or part[0] == "G"):
            facts["language"] = part.strip()  # "go" is a word too: only where the stack is named
        part = _PART_LEAD.sub("", part.strip()).strip(" .。")
        if _NOT_USED.match(part):
            continue  # "a single EC2 box, no k8s", "never npm"
        # "react native + expo": a name joined by "+" to a known one is a name, not a word
        beside = joined == "+" and known
        known = False
        for original in TECH.finditer(part):
            name = original.group(1)
            # "express + typescript": an everyday word a "+" joins to a name is a name too
            plus = "+" in (joined, then) and original.start() == 0
            if not _names_a_part(part, original, rest, strict=strict and not (plus or beside)):
                continue
            known = True
            role = _role_used_for(part, original)
            if role not in facts:
                facts[role] = (
                    _provider_of(part, original, role)
                    + _with_version(part, original)
                    + _product_after(part, original, role)
                    + _host_of(part, original)
                )
            elif (
                role in SHARED_ROLES
                and (joined == "+" or role in earlier)
                and name.lower() not in facts[role].lower()
            ):
                # "grafana + loki + mimir", "前端 MapLibre，后端 … 用 PostGIS" (another part of
                # the statement): a role several tools fill together keeps them all
                facts[role] += " + " + _with_version(part, original)
            elif beside and name.lower() not in facts[role].lower():
                # "react native + expo": used beside the first, under its own name
                facts.setdefault(name.lower(), _with_version(part, original))
            break
        unknown = None if known or strict or go else _NAMED_PART.fullmatch(part)
        versioned = bool(unknown and (unknown["v"] or re.search(r"\d", unknown["name"])))
        if (
            unknown
            and (versioned or not vague)
            and _looks_like_a_product(unknown["name"], versioned=versioned, packages=packages)
        ):
            # a name the list does not know, in a sentence that names the stack ("Skynet + Lua")
            facts.setdefault(unknown["name"].lower(), part)


def unknown_names_only(stack: dict[str, str]) -> bool:
    """Whether a stack holds only names the lexicon does not know, each under its own name.

    "我们 ERP 的库存模块要重写", "我们组在做 ERA5 的降尺度": a product, a data set or a class
    of the project is written as a tool would be ("Skynet + Lua" is a stack because of Lua). A
    name with its version is a tool's ("Addressables 1.21.19").
    """
    return bool(stack) and all(key == value.lower() for key, value in stack.items())


def _names_a_part(part: str, original: re.Match[str], rest: str, *, strict: bool) -> bool:
    """Whether a known name in a part of a stated stack names the part (not a word of it)."""
    name = original.group(1)
    if name == "OSS" and _OPEN_SOURCE.search(rest):
        return False  # "Dagster (OSS, self-hosted)": open source, not Alibaba's storage
    # an everyday word deep in a clause is a word ("we're launching in the UK in spring");
    # with a release number after it, it is the name ("现在用的是 torch 2.3.1 + DDP")
    released = re.match(r"\s*v?\d+\.\d+", part[original.end() :]) is not None
    if (
        name.lower() in AMBIGUOUS
        and name.islower()
        and (strict or original.start())
        and not released
    ):
        return False
    # "拉支付宝账单": a Chinese name inside a phrase names no part
    return not (is_han(name) and (original.start() or is_chinese(part[original.end() :][:1])))


def _provider_of(part: str, m: re.Match[str], role: str) -> str:
    """The provider named right before a technology ("neon postgres" → "neon ").

    So the value says whose Postgres it is; only a name of the same role or a host counts.
    """
    before = re.search(r"([A-Za-z][\w.-]*)\s+$", part[: m.start()])
    if before is None or (known := TECH.fullmatch(before.group(1))) is None:
        return ""
    if role_for(known.group(1).lower()) not in (role, "hosting"):
        return ""
    return part[before.start() : m.start()]


def _product_after(part: str, m: re.Match[str], role: str) -> str:
    """The product a provider's name comes before ("upstash redis 7" → " redis 7")."""
    after = re.match(r"\s+", part[m.end() :])
    product = TECH.match(part, m.end() + after.end()) if after else None
    if product is None or role_for(product.group(1).lower()) != role:
        return ""
    if product.group(1).lower() in _with_version(part, m).lower():
        return ""  # "Upstash Redis": the name as written already goes on with it
    return " " + _with_version(part, product)


def _host_of(part: str, m: re.Match[str]) -> str:
    """Where a named technology runs, when the part says it: "Postgres on Neon" → " on Neon"."""
    on = re.search(r"\s+on\s+(?:the\s+)?", part[m.end() :])
    if on is None or re.search(r"[,;]", part[m.end() : m.end() + on.start()]):
        return ""
    host = TECH.match(part, m.end() + on.end())
    if host is None or role_for(host.group(1).lower()) not in (
        "hosting",
        role_for(m.group(1).lower()),
    ):
        return ""
    return f" on {host.group(1)}"


_PART_LEAD = lazy(r"(?i)^(?:built (?:on|with)|using|with|on|in|plus|also)\s+")


_NAMED_PART = lazy(r"(?P<name>[A-Za-z][A-Za-z0-9_.+-]{1,30})(?:\s+(?P<v>v?\d+(?:\.\d+){0,2}))?")


def _looks_like_a_product(name: str, *, versioned: bool, packages: bool = False) -> bool:
    """Whether a name looks like a product: "Skynet", "MV3", "bwa-mem2"; not "merge"."""
    if name.lower() in NOT_NAMES or re.fullmatch(r"(?i)v\d+(?:\.\d+)*", name):
        return False
    if re.fullmatch(r"[a-z]+-v?\d+", name):
        return False  # "amr-02", "large-v2": a host or a size, not a product
    if re.search(r"\d{6}", name):
        return False  # "hr-portal-web-1312345678": a resource with an account's number
    if re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", name):
        return False  # "我们 batch_size 64": a setting's key in snake case, not a product

    if versioned or re.search(r"\d", name):
        return True
    capital = name[0].isupper() and not name.isupper()  # Skynet, WeChat
    # a package's name: "dbt-snowflake", "expo-router", "django-anymail"
    package = (
        packages
        and re.fullmatch(r"[a-z][a-z0-9]+(?:-[a-z][a-z0-9]+)+", name) is not None
        and not (_HYPHENATED_WORD.match(name) or _OWN_PART.search(name))
    )
    return capital or package or (name.isupper() and len(name) >= 3)  # WXT, URP (and CRD)


# hyphenated everyday words, not packages: "follow-up", "one-off", "self-hosted", "real-time"
_HYPHENATED_WORD = lazy(
    r"(?:re|pre|post|non|self|co|sub|multi|cross|auto|semi|anti|over|under|in|on|off|out|up|"
    r"one|two|long|short|real|end|high|low|full|half|open|third|read|write|well|built|add|opt|"
    r"log|sign|check|set|roll|clean|follow|back|front|e|x|day|per|all|top)-"
)


# the project's own parts and places, not packages: "invoice-worker", "inv-core", "orders-api"
_OWN_PART = lazy(
    r"-(?:workers?|service|svc|api|core|server|app|web|jobs?|consumer|producer|gateway|prod|"
    r"production|staging|stg|dev|test|db|cluster|bucket|queue|topic|node|box|vm|host|repo|"
    r"infra|backend|frontend|ui|bot|cli|lib|common|shared|main|v\d+)$"
)


def _with_version(part: str, m: re.Match[str]) -> str:
    """The name as written, with the rest of its name and its version.

    "Spring Cloud Alibaba", "Node 20".
    """
    tail = part[m.end() :]
    more = (
        re.match(r"(?:\s+(?:[A-Z][a-z][A-Za-z]{2,}|SDK)){0,3}", tail)  # not "MySQL LIKE 查询"
        if m.group(1)[0].isupper()
        else None
    )
    # "dbt core 1.7", "gitlab ce 16.8": the edition, then its version
    if not more or not more.group(0):
        more = re.match(r"(?i)\s+(?:core|community|enterprise|ce|ee|oss)(?=\s+v?\d)", tail)
    name = m.group(1) + (more.group(0) if more else "")
    tail = tail[more.end() :] if more else tail
    # (not a size or a share: "MCUboot 31 KB, app 447 KB")
    v = re.match(
        r"\s*(v?\d+(?:\.\d+){0,2}(?:[a-z]\d+|-(?:rc|beta|alpha)[\w.]*)?)\b"
        r"(?!\s*(?:%|(?:[KMGT]i?B|kb|mb|gb|ms|µA|mA|MHz|kHz|Hz|V)\b))",
        tail,
    )
    return name + (f" {v.group(1)}" if v else "")


# the verbs that put a thing somewhere on a machine, a place it then stays
_PUT_AT_EN = (
    r"(?:(?<!\bis )(?<!\bare )(?<!\bbe )(?:downloaded|installed|mounted|cloned|extracted|unpacked|"
    r"unzipped|copied|synced)|"
    r"(?:is|are)\s+(?:installed|mounted|cloned|extracted|unpacked|synced))"
)


_PATH_EN = lazy(
    r"(?i)\b(?P<key>source|sources|code|tests?|docs|documentation|migrations?|components?|"
    r"config|configs|scripts|assets|static files|templates|api routes|handlers|models|db|database|"
    r"frontend|backend|infra|terraform|ci config|ci workflow|workflow|ci)\s+(?:code\s+|files?\s+)?"
    r"(?:live|lives|are|is|go|goes|sit|sits|will live|now live|now lives|are now|is now)"
    r"(?:\s+(?:in|under|at))?\s+[`'\"]?(?P<path>[\w.~%-]*/[\w.~/%-]*)"
    r"|\b(?P<k3>(?:model|data|artifact|log|backup|checkpoint|upload|cache|state|build|output)s?"
    r"(?: (?:repo|repository|dir|directory|folder|files|bucket))?)\s+"
    r"(?:will live|lives|live|(?:is|are|will be) (?:stored|kept|written))\s+(?:in|under|at)\s+"
    r"[`'\"]?(?P<p3>(?:s3://|gs://|/|~/|%\w+%/)[\w.~%/-]*)"
    r"|\b(?:created|added|moved .{1,40} to|put .{1,40} in(?:to)?)\s+(?:a\s+|the\s+|new\s+)*"
    r"(?:directory|folder)?\s*[`'\"](?P<p2>[\w.~/-]+/)[`'\"]"
    # "the STAR index is saved under /shared/refs/…", "I wrote the steps down in
    # docs/runbooks/restore.md": where the person keeps a thing of the project
    r"|\b(?:(?:the|our|my)\s+)?(?P<k4>(?!(?:it|this|that|they|which|everything)\b)[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:is|are)\s+(?:now\s+)?(?:saved|stored|kept|written)\s+"
    r"(?:in|under|at|to)\s+[`'\"]?(?P<p4>(?!/tmp/)(?:/|~/|[\w.-]+/)[\w.~/%-]*[\w/])"
    r"|\b(?:i|we)(?:'ve| have)?\s+(?:wrote|written|documented|saved)\s+(?:the|our|my)\s+"
    r"(?P<k5>[a-z][\w-]*(?:\s+(?!down\b)[a-z][\w-]*)?)\s+(?:down\s+)?(?:in|under|at|to|into)\s+"
    r"[`'\"]?(?P<p5>[\w.-]+/[\w.~/%-]*\.\w{1,5})(?![\w/])"
    # "Argo CD watches the deploy/helm folder in the repo": a folder of the repository, said to
    # be watched or deployed from, or said to be in the repo
    r"|\b(?:watch(?:es|ing)?|syncs?|sync(?:ing|ed)|points? (?:at|to)|deploys? from|builds? from|"
    r"reads? from)\s+the\s+[`'\"]?(?P<p7>[\w.-]+/[\w./-]*[\w-]/?)[`'\"]?\s+"
    r"(?:folder|directory|dir)\b"
    r"|\bthe\s+[`'\"]?(?P<p8>[\w.-]+/[\w./-]*[\w-]/?)[`'\"]?\s+(?:folder|directory|dir)\s+"
    r"(?:in|of)\s+"
    r"(?:the|our|this)\s+(?:repo|repository|monorepo)\b"
    # "Env vars are in .env.local": the dotenv file of the project
    r"|\b(?:env(?:ironment)?\s+var(?:iable)?s|env\s+file|secrets|config)\s+(?:are|is|live|lives|go|goes)"
    r"\s+(?:in|into|under)\s+[`'\"]?(?P<env>(?:[\w.-]+/)*\.env(?:\.[\w-]+)?)(?![\w/-])"
    # "I downloaded the GRCh38 reference to /share/ref/igenomes", "the SDK is installed under
    # /opt/nrf": where a thing of the project was put on the machine, by an absolute path
    r"|(?<!\bit )(?<!\bthey )\b" + _PUT_AT_EN + r"\s+(?!(?:it|them|this|that)\b)"
    r"(?:(?:(?:the|our|my|a)\s+[\w.+-]+(?:\s+[\w.+-]+){0,3}|[\w.+-]+(?:\s+[\w.+-]+){0,2})\s+)?"
    r"(?:to|into|at|under|in)\s+[`'\"]?"
    r"(?P<p9>(?!/tmp/)(?:/|~/)[\w.~%-]+(?:/[\w.~%-]+)+/?)"
)


# "下载到 /share/ref", "装在 /opt/nrf": where a thing was put on a machine
_PUT_AT_ZH = "下载到|装在|装到|安装在|安装到|解压到|挂载到|挂在|拷到|拷贝到|复制到|同步到|克隆到"


_PATH_ZH = lazy(
    r"(?P<key>[\u4e00-\u9fff]{2,4}?|(?<![\w.-])[A-Za-z][\w-]{1,20}\s*)(?:文件)?(?:我|我们|都|统一|会)*"
    # "日志统一输出到 /var/log/orderd/"
    r"(?:放在|在|位于|放到|存放在|写在|放|输出到|写到|写入|存到|保存到|落到|" + _PUT_AT_ZH + r")"
    r"\s*`?(?P<path>[\w.~/%-]+/?)`?"
    # "…，放在 `/data/sft/v3/train.jsonl`": an absolute path after a comma, the topic before it
    r"|(?<=[，,])\s*(?:都|统一)?(?:放在|存放在|位于|存在|落到|" + _PUT_AT_ZH + r")\s*`?"
    r"(?P<p2>(?:/|~/)[\w.~/%-]+)`?"
    # "配置文件 /etc/supervisor/conf.d/horizon.conf": a file named by what it is, then its path
    r"|(?P<k9>配置文件|日志文件|日志目录|数据目录|证书|私钥|脚本)\s*(?:路径)?\s*[:：]?\s*`?"
    r"(?P<p9>(?:/|~/)[\w.~%-]+(?:/[\w.~%-]+)+/?)`?"
    # "schema 那个顺便配一下，放 app/schemas": a folder (not a file) of the project
    r"|(?<=[，,])\s*(?:都|统一|就)?(?:放到?|放在)\s*`?(?P<p6>[A-Za-z_][\w.-]*(?:/[\w~%-]+)+/?)`?"
    r"(?=\s*(?:下面?|里)?\s*(?:[。；;！!]|$))"
    # "排课算法那块是同事写的，在 src/scheduler/solver.ts，…": where the part the sentence opens
    # with is, a clause of its own
    r"|(?<=[，,])\s*(?:就|都)?在\s*`?(?P<p7>[A-Za-z_][\w.-]*(?:/[\w.~%-]+)+/?)`?"
    r"(?=\s*(?:下面?|里)?\s*(?:[，,。；;！!]|$))"
)


_PATH_KEYS = {
    "源码": "source",
    "前端": "frontend",
    "后端": "backend",
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
    "权重": "weights",
    "模型": "models",
    "日志": "logs",
    "数据": "data",
    "备份": "backups",
    "configs": "config",
    "workflow": "ci",
}


def path_fact(sentence: str) -> tuple[str, str] | None:
    """A project path a sentence states ("tests live in tests/e2e/") as (key, path)."""
    if QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return None
    # "我先在登录节点把 GRCh38 下载到 /share/ref/igenomes": the first place that is a path
    for m in (_PATH_ZH if is_chinese(sentence) else _PATH_EN).finditer(sentence):
        if (found := _matched_path(m)) is not None:
            return found
    return None


def _matched_path(m: re.Match[str]) -> tuple[str, str] | None:
    """The (key, path) a match of the path patterns gives, or None when it holds no path."""
    groups = m.groupdict()
    if groups.get("env"):
        return "env", groups["env"]
    path = next(
        (
            groups[g]
            for g in ("path", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9")
            if groups.get(g)
        ),
        "",
    )
    path = path.rstrip(".`")
    if any(
        re.search(r"\.(?!d$)\w{1,4}$", part)  # not "conf.d/"
        for part in path.split("/")[:-1]
        if part not in ("", ".", "..")
    ):
        return None  # "match.py/loaders.py" lists two files
    if "/" not in path or path.startswith(("http", "/tmp/")) or len(path) < 2:
        return None  # "/tmp/…": a place of the moment
    if path.startswith("/") and path.strip("/").count("/") == 0:  # an URL route such as /docs
        return None
    named = next((groups[g] for g in ("key", "k3", "k4", "k5", "k9") if groups.get(g)), None)
    key = (named or path_key(path)).strip().lower()
    key = key.replace(" ", "_")
    key = re.sub(r"(?<=[\u4e00-\u9fff]{2})(?:代码|文件|目录)$", "", key)  # "前端代码": 前端
    key = _PATH_KEYS.get(key, key)
    if is_chinese(key):
        key = path_key(path)
    return key.replace("ci_config", "ci").replace("ci_workflow", "ci"), path


def path_facts(sentence: str) -> dict[str, str]:
    """The project paths a sentence states, by key: a Chinese sentence may give one a clause.

    "前端代码在 web/ 目录，后端在 server/ 目录" gives frontend: web/ and backend: server/.
    """
    first = path_fact(sentence)
    if first is None:
        return {}
    found = dict([first])
    if is_chinese(sentence):
        for clause in re.split(r"[，,；;]", sentence)[1:]:
            more = path_fact(clause)
            if more is not None and more[1] not in found.values():
                found.setdefault(*more)
    return found


def path_key(path: str) -> str:
    """A key for a path with no name given: its last folder name."""
    parts = [p for p in path.strip("/").split("/") if p not in (".", "")]
    # a file is named by its stem: a dotted key would read as nested ("paths.train.jsonl")
    return re.sub(r"\.[A-Za-z]\w{0,5}$", "", parts[-1]) if parts else "root"  # not "sdk-0.16"


_THE_PROJECT_IS_CALLED = (
    r"|(?i:^(?:so\s+|ok(?:ay)?,?\s+)?(?:the|this)\s+(?:app|project|product|game|site|website|"
    r"bot|extension|plugin)(?:'s name is|\s+is\s+(?:called|named))\s+"
    # "call it notion2md", "let's name the app Fernweh": the sentence ends with the name
    r"|(?i:^(?:so\s+|ok(?:ay)?,?\s+|and\s+)?(?:let'?s\s+)?(?:call|name)\s+(?:it|the\s+(?:app|"
    r"project|tool|cli|repo|package|library|game|bot))\s+)"
    # (not "Call it processed_stripe_events.": a table, a variable)
    r"(?=[`\"']?[A-Za-z][A-Za-z0-9.-]{1,30}[`\"']?\s*[.!]?\s*$)(?!(?:quits|done|a\s|even|good|"
    r"fine|finished|complete|a day)\b)"
    r")[`\"']?"
    r"(?P<t>[A-Za-z][\w.-]{1,30})"
)


_PROJECT_NAME = lazy(
    r"(?i)\b(?:my|our|a|an)\s+(?:[\w-]+\s+){0,4}?(?:app|game|project|tool|service|site|website|"
    r"bot|library|cli|product|startup|platform|extension|plugin|saas|dashboard|api)"
    r"(?:\s+(?:for|to)(?:\s+[\w-]+){1,4}?)?\s+(?:called|named)\s+[`\"']?"
    r"(?P<n>[A-Za-z][\w.-]{1,30})"
    r"|(?:App|app|APP|游戏|项目|产品|小程序|应用|网站|平台|系统|插件|project)\s*"
    r"(?:(?:叫做?|名叫|名字叫|就叫|名字是|名称是)\s*[「“\"`]?(?P<z>[A-Za-z][\w.-]{1,30}|"
    r"[\u4e00-\u9fff]{2,8})|「(?P<q>[^」]{1,20})」)"
    r"|(?:在做|开发|在写|做了?)一个[^。，,]{0,30}[，,]\s*叫\s*(?P<y>[A-Za-z][\w.-]{1,30}|[\u4e00-\u9fff]{2,8})"
    # "The app is called Fernweh" (not "the service named billing-worker": a part of it)
    + _THE_PROJECT_IS_CALLED
)


_BUILDING = lazy(
    r"(?i)\b(?:i'?m|we'?re|i am|we are|building|making|starting|working on|our|my)\b|我们|我在|我的"
    r"|^(?:这个)?(?:项目|产品|应用|App|app)(?:名字?|名称)?(?:叫|是)"  # "项目叫「云笔记」"
    + _THE_PROJECT_IS_CALLED.replace("(?P<t>", "(?:")
)


# "我在 GitHub 上看到一个项目叫 memos", "came across a tool called Plausible": a project seen,
# not the one built
_SEEN = lazy(
    r"(?i)看到|刷到|搜到|听说|\b(?:saw|seen|found|came across|stumbled "
    r"(?:on|upon)|there'?s|there (?:is|are)|heard (?:of|about)|looking at|reading about)\b"
    r"|open[ -]source|开源"
)


def project_name(sentence: str) -> str | None:
    """The name the person gives their project ("a habit tracker app called Streakly")."""
    if QUESTION.search(sentence) or not _BUILDING.search(sentence):
        return None
    m = _PROJECT_NAME.search(sentence)
    if m is None:
        return None
    if _SEEN.search(sentence, 0, m.start()) or others_part(sentence):
        return None  # "我在 GitHub 上看到一个项目叫 memos", "my friend has an app called …"
    name = (m["n"] or m["z"] or m["q"] or m["y"] or m["t"]).rstrip(".")
    return None if name.lower() in NOT_NAMES or technologies(name) else name


# "repo 是 acme/widgets", "our GitHub repo is acme/widgets", "仓库地址：https://github.com/a/b":
# the project's repository, owner and name
_REPOSITORY = lazy(
    r"(?i)(?:\b(?:github|gitlab|gitee|bitbucket|git)\s+)?(?<![\w-])(?:repo|repository|仓库)"
    r"(?:\s*地址)?\s*(?:是|为|叫|在|[:：=]|is|lives at|is at)\s*[`'\"]?"
    r"(?:https?://(?:www\.)?(?:github\.com|gitlab\.com|gitee\.com|bitbucket\.org)/)?"
    r"(?P<slug>[A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w-]*(?:\.[A-Za-z][\w-]*)*?)(?:\.git)?"
    r"(?![\w/-]|\.[A-Za-z])"
)


def project_repository(sentence: str) -> str | None:
    """The repository the person names as the project's ("repo 是 acme/widgets"), owner/name."""
    if QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return None
    m = _REPOSITORY.search(sentence)
    if m is None or NEGATED.search(sentence[max(0, m.start() - 12) : m.start()]):
        return None
    return m["slug"]


_LAYOUT = lazy(
    r"(?i)\b(?:monorepo|repo|repository|project|codebase|workspace)\s+"
    r"(?:has|contains|is split into|consists of)\s+(?P<x>.+)"
    r"|(?:仓库|项目|monorepo)(?:里|下)?(?:有|分为|包含)(?P<z>.+)"
)


_DIR = lazy(r"(?<![\w/.-])[`'\"]?([\w.-]+/(?:[\w.*-]+/?)*)")


def layout_fact(sentence: str) -> str | None:
    """The top-level layout a sentence gives ("our monorepo has apps/ and packages/")."""
    if QUESTION.search(sentence):
        return None
    m = _LAYOUT.search(sentence)
    if m is None:
        return None
    dirs = [d.rstrip("`'\"") for d in _DIR.findall(m.group("x") or m.group("z") or "")]
    dirs = [d for d in dirs if not d.startswith("http")]
    return ", ".join(dict.fromkeys(dirs)) if len(dirs) >= 2 else None


# a clause giving a part of the system its technology: "后端是 Go", "数据库 MySQL 8", "消息队列用
# Kafka", "缓存用的 Redis"; said (是, 用的是) or bare, it describes what is there
_PARTS_ZH = "|".join(_PART_NOUNS_ZH)
_PART_TECH_ZH = lazy(
    r"^(?:我们|我们的|咱们|项目|现在)?(?:的)?(?P<part>" + _PARTS_ZH + r")\s*"
    r"(?P<verb>是|用的是|用的|就是|用|采用|走)?\s*(?P<x>[A-Za-z][\w.+# -]*)$"
)
# "用 Nacos 做配置中心", "用 Nginx 反代" among a stack's parts: what does a part's work (not
# "就用 Redis 做缓存吧")
_TECH_FOR_PART_ZH = lazy(
    r"^(?:用|采用|使用)\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*"
    r"(?:做|作为|当)?\s*[\u4e00-\u9fff]{2,8}$"
)


# another's stack, the one before, or one asked about: "隔壁组后端是 Java，数据库 Oracle", "以前
# 后端是 PHP，数据库 MySQL 5.7", "面试题：后端是 Java，缓存 Redis，怎么保证一致性"
_NOT_NOW_ZH = lazy(
    OTHERS_STACK_ZH.pattern + "|" + EARLIER_ZH + r"|面试|题目|怎么|如何|为什么|哪个|还是"
    r"|打算|计划|准备|想|考虑|如果|要是|假如"
)


def described_parts_zh(sentence: str) -> dict[str, str]:
    """The technology of each part a Chinese stack description gives, by role.

    "后端 Django，缓存 Redis，队列 Celery": backend Django, cache Redis, jobs Celery; only the
    clauses `described_clauses_zh` finds, and only names the lexicon knows ("配置中心 Apollo"
    gives nothing).
    """
    facts: dict[str, str] = {}
    for start, end in described_clauses_zh(sentence):
        m = _PART_TECH_ZH.match(sentence[start:end].strip(" 。.！!"))
        if m is None:
            continue  # "用 Nacos 做配置中心": a part's work, read by the patterns of use
        name = re.sub(r"\s+v?\d+(?:\.\d+){0,2}$", "", m["x"].strip())
        if (known := TECH.fullmatch(name)) is not None:
            facts.setdefault(role_for(known.group(1).lower()), m["x"].strip())
    return facts


def described_clauses_zh(sentence: str) -> list[tuple[int, int]]:
    """Where a Chinese sentence describing the stack part by part gives each part its tool.

    "后端 Spring Boot 3，数据库 MySQL 8，缓存 Redis", "我们后端是 Go，数据库用 PostgreSQL，消息队
    列用 Kafka": two or more clauses each give a part its technology, one of them by saying what
    it is, so a "用 X" among them tells what is used, not a choice made now ("数据库用
    PostgreSQL，消息队列用 Kafka" alone may be one). A clause of another shape still may choose
    ("…，缓存换成 Redis", "…，就用 Redis 做缓存吧"). Empty when the sentence is no such description.
    """
    if not is_chinese(sentence) or QUESTION.search(sentence) or _NOT_NOW_ZH.search(sentence):
        return []
    spans: list[tuple[int, int]] = []
    said = False
    for m_clause in re.finditer(r"[^，,；;、。]+", sentence):
        clause = m_clause.group()
        m = _PART_TECH_ZH.match(clause.strip(" 。.！!"))
        named = m and (technologies(m["x"]) or re.match(r"[A-Z][a-z]|[A-Z]{2,}\b", m["x"]))
        if m and named and not NEGATED.search(clause):
            spans.append(m_clause.span())
            said = said or m["verb"] in (None, "是", "用的是", "用的", "就是")
        elif _TECH_FOR_PART_ZH.match(clause.strip(" 。.！!")):
            spans.append(m_clause.span())
    return spans if len(spans) >= 2 and said else []


# ---- a stack said in shapes of its own: brackets, pipelines, labelled parts, "接" -----------


def shaped_stack(sentence: str) -> dict[str, str]:
    """The stack a sentence gives in brackets, as a pipeline, by labelled part or with "接".

    "users 是 Node（GraphQL Yoga）", "Debezium → Kafka → Snowflake", "web client: Angular 17
    with NgRx", "调度器接 Airflow": shapes the statements of use do not read. A question, a
    wish, a doubt, a move or a name said not to be used gives nothing.
    """
    if QUESTION.search(sentence) or _MOVING.search(sentence) or _NOT_OURS_NOW.search(sentence):
        return {}
    if _TO_BUILD.search(sentence):
        return {}  # "要搭一个 pipeline：fastp → …": what is still to be built is no stack yet
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    if is_chinese(sentence):  # "隔壁组用 Kafka → Flink → Doris": only our clauses
        sentence = "".join(_our_clauses_zh(re.split(r"(?<=[，,；;。])", sentence)))
    facts: dict[str, str] = {}
    for read in (_bracketed, _pipeline, _labelled_part, _joined_zh):
        facts |= {k: v for k, v in read(sentence).items() if k not in facts}
    return facts


_TO_BUILD = lazy(
    r"(?<!不)(?:要|需要|准备)(?:搭|建|做|写|实现|开发)"
    r"|(?i:\b(?:need|needs|want|wants|going|plan|planning|have) to (?:build|set up|write|make)\b)"
)


# "从 MySQL → PostgreSQL", "迁到 Kafka → Flink", "换成 …": a move, not what is there
_MOVED_ZH = lazy(r"从|迁|换|升级|改成|改为|替换|切到|切换")


# "Node（GraphQL Yoga）", "the API (FastAPI)", "Expo (SDK 51)": a name or a part, then in
# brackets the tool it is built with, what it is, or its edition; the name starts a word and is
# short, so a pasted blob costs no square of its length
_BRACKETED = lazy(
    r"(?P<before>(?<![\w.+#-])[A-Za-z][\w.+#-]{0,40}(?:\s+v?\d+(?:\.\d+){0,2})?"
    r"|[\u4e00-\u9fff]{2,6})\s*"
    r"[（(](?P<x>[^（）()]{2,60})[）)]"
)


# the parts of a system a bracket may name the tool of: "the worker (Celery)", "后端（Django）";
# not a platform ("web (hls.js), iOS, and smart TVs": where it plays)
_PART_NAMES = (
    r"api|apis|backend|back end|frontend|front end|web app|server|service|worker|"
    r"workers|db|database|cache|queue|broker|gateway|proxy|dashboard|admin|ui|app|"
    r"ingest|ingestion|etl|elt|pipeline|storage|search|auth|infra|hosting|ci|cd|monitoring|"
    r"logging|logs|metrics|tracing|orm|runtime|language|framework|styling|tests|testing|build|"
    r"bundler|deploy|deploys|deployment|firmware|model|embeddings|vector db|vector store|"
    r"analytics|warehouse|scheduler|orchestration|orchestrator|messaging|email|payments|cdn|"
    r"state|state management|router|routing|i18n|notifications|push|scraper|crawler|bot|cli|"
    r"serving|inference|training|streaming|alerting|migrations|jobs|cron|realtime"
)
_PART = lazy(rf"(?i)(?:{_PART_NAMES})|(?:{_PARTS_ZH})")
# a platform labels a part of its own: "web client: Angular 17", "mobile app: React Native"
_LABEL_PART = lazy(rf"(?i)(?:{_PART_NAMES})|web|client|mobile|ios|android|desktop")
_PART_LAST_ZH = lazy(rf"(?:{_PARTS_ZH})$")  # "订单后台", "日志监控": a part named last


_ANYMORE = lazy(r"(?i)\b(?:any ?more|any longer)\b|不再|已经不")


# what a bracket after a name says of the name itself: "(SDK 51)", "(v4)", "(LTS)"
_EDITION = lazy(r"(?i)(?:sdk\s*)?v?\d+(?:\.\d+){0,2}(?:\s+lts)?|lts")


def _bracketed(sentence: str) -> dict[str, str]:
    """The names in brackets after a known name or a part of the system ("Go（gqlgen）")."""
    facts: dict[str, str] = {}
    for m in _BRACKETED.finditer(sentence):
        clause = re.split(r"[,;，；。]", sentence[: m.start()])[-1] + sentence[m.end() :]
        if NEGATED.search(re.split(r"[,;，；。]", clause)[0]) or _ANYMORE.search(clause):
            continue  # "we don't run the worker (Celery) anymore"
        before, inside = m["before"], m["x"].strip()
        name = re.sub(r"\s+v?\d+(?:\.\d+){0,2}$", "", before)
        known = TECH.fullmatch(name)
        if known is None and not re.search(r"[A-Z][\w.-]*\s+$", sentence[: m.start()]):
            # "Go（gqlgen）"; not the last word of a longer name: "Expo Go (SDK 51)"
            known = re.fullmatch(r"(Go)(?:lang)?", name)
        if known is None and not _PART.fullmatch(before):
            continue  # "Trailnote (hiking journal, …)": the project's own name
        if known is not None and _EDITION.fullmatch(inside):
            # "Expo (SDK 51)": the edition of the name before
            facts.setdefault(role_for(known.group(1).lower()), f"{before} {inside}")
            continue
        pieces = [p for p in re.split(r"\s*(?:[,，、/]|\+)\s*", inside) if p]
        if not pieces or not all(_names_only(p) for p in pieces):
            continue  # "(OSS 版)", "(or MySQL)", "(vs React)": no names alone
        if known is not None:
            stack_parts(before, facts, strict=True)
        stack_parts(inside, facts, strict=True)
    return facts


# "fastp → STAR → featureCounts → DESeq2", "Kafka -> Flink -> ClickHouse"
_ARROW = lazy(r"\s*(?:→|->|=>|⟶|➜|➔)\s*")
_BRACKETS = lazy(r"[（(]([^（）()]*)[）)]")


def _pipeline(sentence: str) -> dict[str, str]:
    """The tools of a pipeline of three steps or more, two of them known names or more.

    Two steps are as often a move as a flow ("MySQL → Postgres"); steps the lexicon does not
    know are as often stages as tools ("EM → NVT → NPT", "MarkDuplicates/BQSR"): only known
    names count.
    """
    facts: dict[str, str] = {}
    # "Kafka (risk.txn.raw) -> …": what a step's brackets say is no step; "脚本串起来的（fastp →
    # STAR → …）": a pipeline in brackets is one
    bare = _BRACKETS.sub(lambda b: f"，{b[1]}，" if _ARROW.search(b[1]) else " ", sentence)
    for clause in re.split(r"[，,;；。:：]|\.\s", bare):
        steps = [s.strip(" .。") for s in _ARROW.split(clause)]
        if len(steps) < 3 or _MOVED_ZH.search(clause):
            continue
        names = {k.group(1).lower() for s in steps if (k := TECH.match(s))}
        if len(names) < 2:
            continue
        stack_parts(" + ".join(steps), facts, strict=True)
    return facts


# "web client: Angular 17 with NgRx", "- db: Postgres 15 with PostGIS", "后台：Spring Boot 3.2 配
# MyBatis": a part of the system labelled, then the names it is built with
_LABELLED = lazy(
    r"^\W*(?P<label>[A-Za-z][A-Za-z /-]{0,24}?|[\u4e00-\u9fff]{2,8})\s*[:：]\s*(?P<x>[^:：]+)$"
)


# labels of options, plans and what is gone: "Option A: Postgres", "目标：Kafka", "old: Vue 2"
_NOT_A_PART_LABEL = lazy(
    r"(?i)\b(?:options?|alternatives?|candidates?|choices?|pick|picks|pros?|cons?|plan|"
    r"proposals?|recommend\w*|suggest\w*|ideas?|todo|next|goal|target|before|after|old|new|"
    r"previous|legacy|prior|tried|rejected|dropped|error|problem|issue|bug|question|note|"
    r"example|vs|winner|verdict|decision|result|answer|reason|risk|their|other|competitor)\b"
    r"|方案|候选|备选|选项|推荐|建议|之前|以前|原来|旧|老|新|目标|计划|问题|报错|错误|结论|决定|原因|"
    r"理由|对比|比较|例如|比如|缺点|优点|风险|迁移|打算|准备|想"
)


def _labelled_part(sentence: str) -> dict[str, str]:
    """The names a line gives a part of the system it labels, each with what it is built with."""
    m = _LABELLED.match(sentence.strip())
    if m is None or _NOT_A_PART_LABEL.search(m["label"]):
        return {}
    label = m["label"].strip()
    words = (label, *re.split(r"[\s/-]+", label))
    if not any(_LABEL_PART.fullmatch(w) for w in words) and not _PART_LAST_ZH.search(label):
        return {}  # "Usage: Redis 7": a label of no part of the system
    rest = re.sub(r"\s*[（(][^（）()]*[）)]", "", m["x"]).strip(" .。")
    rest = re.sub(r"\s*(?:\bwith\b|\bplus\b|搭配|配合?|加上?)\s*", " + ", rest)
    pieces = [p for p in re.split(r"\s*(?:[,，、/&]|\+|\band\b|和)\s*", rest) if p]
    names = list(itertools.takewhile(_names_only, pieces))
    if not names or (len(names) < len(pieces) and not TECH.match(names[0])):
        return {}  # "Deploy: Fly.io, region ams": known names first, then what is said of them
    facts: dict[str, str] = {}
    stack_parts(rest if len(names) == len(pieces) else ", ".join(names), facts, strict=True)
    return facts


# "网关接 ChirpStack v4", "日志接的 Loki", "后面对接 Kafka": what a part of the project is wired to;
# not "直接", "连接", "承接" (other words), "没接" (not wired), nor "想接" (a wish, cut before)
_JOINED_ZH = lazy(
    r"(?:^|(?<=[，,；;\s]))(?P<part>[\u4e00-\u9fff]{1,6}|[A-Za-z][\w-]{1,15})\s*"
    r"(?<![直间迎承衔嫁紧拼链焊连没不未别])(?:对接|接入|接)(?:的是|的|了)?\s*"
    r"(?P<x>[A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?(?:\s*v?\d+(?:\.\d+){0,2})?)"
)


def _joined_zh(sentence: str) -> dict[str, str]:
    """The known names a Chinese sentence says a part of the project is wired to ("接")."""
    facts: dict[str, str] = {}
    for m in _JOINED_ZH.finditer(sentence) if is_chinese(sentence) else ():
        if NEGATED.search(sentence[max(0, m.start() - 6) : m.start("x")]):
            continue  # "网关不再接 Kafka"
        name = re.sub(r"\s*v?\d+(?:\.\d+){0,2}$", "", m["x"])
        if TECH.fullmatch(name):
            stack_parts(m["x"], facts, strict=True)
    return facts
