"""Finished work (changelog): what a sentence reports done, and of which type.

Also lists of finished items and the subjects of commits.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from omp.lazyre import lazy
from omp.rules.decisions import Decision
from omp.rules.lexicon import TECH, role_of_name, technologies
from omp.rules.signals import NEGATED, QUESTION, TENTATIVE, VAGUE
from omp.rules.text import FENCE, VERSION, bullet_items, is_chinese

_DONE_EN = lazy(
    # a short label may come first: "For the record: I flashed …", "Context for planning: …"
    r"(?i)^(?:(?!done|fixed|finished|completed)[a-z]+(?:\s+[a-z]+){0,3}:\s+(?=(?:i|we)\b))?"
    r"(?:(?:unrelated|update|fyi|heads up|btw|also|and|then|so|ok|okay|yesterday|today|earlier|"
    r"finally)[,:]?\s+){0,2}"
    r"(?:(?:done|finished|completed)\s*[:!,.\u2014\u2013-]*\s+|✓\s*|✅\s*|"
    r"(?:i|we)(?:'ve| have)?\s+(?:just\s+|now\s+|also\s+|successfully\s+|already\s+)?|"
    r"just\s+|)"
    r"(?P<verb>fixed|added|implemented|released|shipped|deployed|refactored|removed|upgraded|"
    r"flashed|pushed|landed|rolled out|tagged|committed|finished|completed|"
    r"migrated|optimi[sz]ed|documented|merged|bumped|published|introduced|rewrote|renamed|"
    r"resolved|patched|enabled|disabled|configured|set up|updated|created|wrote|moved|replaced|"
    r"swapped|switched|converted|ported|integrated|wired up|hooked up|cleaned up|deleted|"
    r"dropped support for|reworked|redesigned|rolled back|reverted)[:：]?\s+(?P<x>.+)"
)


_DONE_ZH = lazy(
    r"(?:已经?|刚刚?|终于|成功)(?:全部|都)?(?P<verb>修复|新增|添加|实现|发布|发版|上线|完成|升级|升到|重构|优化|"
    r"部署|迁移|合并|更新|配置|接入|迁到|迁移到|切到|搬到|换到)了?(?P<x>.+)"
    r"|(?P<verb2>发了(?=\s*(?:[A-Za-z][\w-]*\s+)?v?\d+\.\d)|修复了|修好了|解决了|新增了|添加了|删掉了|删除了|去掉了|移除了|下线了|重做了|加了|实现了|发布了|上线了|完成了|升级了|重构了|优化了|回滚了|"
    r"部署了|迁移了|合并了|更新了|配置了|改好了|接入了|搞定了|修了|修掉了|改了|加上了|加到|加进|装好了|配好了|搭好了|建好了|写好了|做好了|弄好了|加好了|改完了|做完了|写完了|弄完了|修完了|接好了|接上了|调好了|跑通了|跑通(?=[，,。；;]|$)|注册上了|清洗完了|跑完了|迁完了|导完了|导入完了|测完了|配完了|装完了|搭完了|"
    r"迁移完了|升级完了|部署完了|合完了|(?i:fix)\s*了|(?<=问题)\s?(?i:fixed)(?=\s*[✅!！。]|$))(?P<x2>.*)"
    r"|(?P<verb3>已完成|搞定了?|已修复|完成了|完成|改完了|做完了)[：:，,]\s*(?P<x3>.+)"
    r"|(?P<verb5>已(?:经)?从).{1,30}?(?:切到|迁到|换到|迁移到|改到|改成)(?P<x5>.+)"
    # ("从 1.5.2 升到 1.7.1 了": a version moved to; not "性能提升到 2 倍了")
    r"|(?P<verb6>换成|改成了?|改为|切到|迁到|升级到|(?<!提)升到|改写成|重写成|合进|合到|合入|推到|发到|写好)\s*"
    # an ellipsis ends a clause too: "切到大陆节点测一下…… ok 跳 /zh-cn 了" is two
    r"(?P<x6>[^，,。；;：:…]{1,40}?)\s*了(?=$|[，,。；;：:！!])"
    # the 了 that says it is done closes the clause of 把, or a clause after it that tells how it
    # went ("我把超时改成 30s，重启之后就好了"); not one that says what to do first or next ("把 X
    # 拉到 12，先把这个做了看效果")
    r"|(?:已经?|刚刚?|昨天|上周)?(?P<verb4>把)(?P<x4>.{1,40}?(?:换成|改成|替换成|迁到|迁移到|升级到|改为|导入|导进|\S{1,6}\s?到)"
    r"(?:[^，,。；;]{1,40}?(?=了)|(?![^，,。；;]*[，,]\s*(?:先|再|然后|试|看|你|咱))[^。；;]{1,40}?(?=了)"
    r"|了\s*[^，,。；;]{1,40}))了?"
)


_DONE_PASSIVE = lazy(
    r"(?i)^(?:(?:unrelated|update|fyi|heads up|btw|also|and|so|ok|okay)[,:]?\s+)*"
    # "PR #318 is merged": a number of a pull request or an issue is a name too
    r"(?P<x>[\w`'./@#-]+(?:\s+[\w`'./@#-]+){0,4}?)\s+(?:is|are|has been|have been)\s+"
    r"(?:now\s+|all\s+|finally\s+)*(?P<verb>deployed|fixed|merged|released|shipped|migrated|"
    r"upgraded|rolled out)\b"
    r"|^(?:(?:unrelated|update|fyi|heads up|btw|also|and|so|ok|okay)[,:]?\s+)*"
    r"(?P<x2>[\w`'./@#-]+(?:\s+[\w`'./@#-]+){0,4}?)\s+(?P<verb2>went live|went out|got merged|"
    r"got deployed|got released|is live|is in(?=\s*(?:[,;!]|\.(?!\w)|$)))\b"
)


# "…，desync fixed。": a thing, then fixed, closing the sentence (after a word that leads the
# clause: "so that's fixed" names only "that")
_FIXED_LAST = lazy(
    r"(?i)(?:^|[，,;；]\s*)(?:(?:so|and|also|ok|okay|btw|now)[,]?\s+)*"
    r"(?P<x>[A-Za-z][\w`'./@-]*(?:\s+[\w`'./@-]+){0,2}?)\s+"
    r"(?:fixed|resolved|solved)\s*[.!。！]?$"
    # "The CSV export was broken for large files; fixed by streaming the rows."
    r"|^(?P<y>(?:the\s+)?[A-Za-z][^;]{3,80}?)\s+(?:was|were)\s+(?:broken|failing|crashing|wrong)\b"
    r"[^;]*;\s*fixed\s+(?:it\s+|that\s+)?(?:by|with)\s+\S"
    # "the slowness was an N+1 on the schedule page, fixed it with select_related": its cause
    # named, then how it was fixed
    r"|^(?P<z>(?:the\s+)?[A-Za-z][^;,]{3,60}?)\s+(?:was|were)\s+(?:an?|the)\s+[^;,?]{2,60}"
    r"[;,]\s*(?:i\s+|we\s+)?fixed\s+(?:it\s+|that\s+)?(?:by|with)\s+\S"
)


# "The migration to Postgres is done.": a piece of work named, finished
_DONE_WORK_NOUN = lazy(
    r"(?i)^(?:(?:unrelated|update|fyi|heads up|btw|also|and|so|ok|okay)[,:]?\s+)?(?P<x>(?:the\s+)?"
    r"(?:[\w`'./@-]+\s+){0,2}?(?P<noun>migration|upgrade|refactor(?:ing)?|rewrite|port|rollout|"
    r"integration|setup|switch|move)(?:\s+(?:to|of|from|for)\s+[\w`'./@ -]{2,40}?)?)\s+"
    r"(?:is|has been|was)\s+(?:now\s+|finally\s+|all\s+)?(?:done|complete|completed|finished)\b"
)


_NOUN_KINDS = {"upgrade": "chore", "rollout": "deploy", "integration": "feat", "setup": "config"}


_PASSIVE_LEAD = lazy(r"(?i)^(?:(?:unrelated|update|fyi|heads up|btw|also|and|so|ok|okay)[,:]?\s+)+")


_DONE_LIST_EN = lazy(r"(?i)^(?:done|all done|finished|completed)\s*[:\u2014\u2013-]\s*(?P<x>.+)")


_TYPES = (
    ("fix", ("fix", "resolv", "patch", "修", "解决")),
    ("deploy", ("deploy", "shipped", "rolled back", "部署", "上线", "回滚")),
    ("perf", ("optimi", "优化")),
    (
        "refactor",
        (
            "refactor",
            "reworked",
            "redesigned",
            "重做",
            "把",
            "rewrote",
            "renamed",
            "moved",
            "replaced",
            "swapped",
            "switched",
            "converted",
            "ported",
            "改写",
            "重写",
            "重构",
            "迁移",
            "迁完",
        ),
    ),
    ("docs", ("document",)),
    (
        "config",
        ("configur", "set up", "enabled", "disabled", "flashed", "配置", "配好", "装好", "注册上"),
    ),
    (
        "chore",
        (
            "bumped",
            "upgraded",
            "cleaned up",
            "dropped support",
            "升级",
            "升到",  # "把 Python 从 3.8 升到了 3.11"
            "updated",
            "更新",
            "搞定",
            "跑通",
            "跑完",
            "清洗完",
            "导完",
            "导入完",
            "测完",
        ),
    ),
    (
        "feat",
        (
            "added",
            "implement",
            "introduc",
            "created",
            "wrote",
            "新增",
            "添加",
            "加了",
            "加好",
            "加上",
            "加到",
            "加进",
            "实现",
            "搭好",
            "建好",
            "写好",
            "写完",
            "做好",
            "做完",
            "弄好",
            "弄完",
        ),
    ),
    (
        "other",
        ("released", "published", "发布", "完成", "改好", "removed", "删", "去掉", "移除", "下线"),
    ),
)


# When the verb says only that work ended ("pushed", "committed", "搞定了"), what it was about
# tells the kind ("Pushed the fix for ...", "图片已经全部迁到 R2 了").
_OBJECT_TYPES = (
    ("fix", lazy(r"(?i)\bfix|\bbug|修复|修好|修了|修掉")),
    ("deploy", lazy(r"(?i)\bdeploy|部署|上线|发到了?(?:预发|生产|线上|staging)")),
    ("refactor", lazy(r"(?i)\bmigrat|\bswitch|迁到|迁移|切到|换到|换成|改用|改成|改为")),
    ("feat", lazy(r"(?i)\badds?\b|\bnew\b|加了|加上|加到|加进|新增|新建|加好")),
)


# "教师冲突检测那块我昨天已经改完了", "Kafka source 已经接好了", "…并行已经完成": said outright
# to be finished, not merely touched ("改了权限", "删掉了 X")
_DONE_OUTRIGHT_ZH = lazy(
    r"已经?[^，,。；;！!？?]{0,12}?(?:改|接|做|写|翻|迁|配|搭|对接)(?:完|好)(?!的)|已经?完成"
)


# work done in another repository or another team's project: "I fixed this exact bug in our
# other service", "在另一个仓库里我已经把这个 bug 修了", "隔壁组的项目里已经接入了 Sentry"
_ELSEWHERE = (
    r"|\b(?:in|on|for|at)\s+(?:our|my|the|a|an|their)\s+(?:other|another|old|previous|separate|"
    r"sister)\s+(?:repo|repository|project|service|app|codebase|team|job|company)\b"
    r"|(?:另一个|另外一个|别的|其他|隔壁[组的]*|之前的|上一个|以前的)(?:仓库|项目|服务|repo|组|公司)"
)


# Work done on the person's own device or shell tries or prepares something there; the project
# is unchanged: "我在模拟器上装了 4.1.0 再覆盖装", "I set up the tap token already, it's … in my
# shell", "Configured the proxy on my laptop"
_OWN_PLACE = lazy(
    r"(?i)\b(?:in|on|to|into)\s+my\s+(?:own\s+)?(?:[\w-]+\s+)?(?:shell|terminal|machine|laptop|mac|"
    r"pc|computer|phone|dotfiles|\.?(?:bash|zsh)rc|(?:bash_|zsh)?profile|fork|box|workstation|vm)\b"
    # a copy made to try things in: "fixed it in the notebook", "in a scratch branch", "草稿分支上"
    r"|\b(?:in|on)\s+(?:a|the|my)\s+(?:(?:scratch|throwaway|sandbox|playground)\s+"
    r"(?:branch|repo|copy|project|file)|(?:jupyter\s+)?notebook)\b"
    r"|草稿|沙盒|(?:在|用)\s*(?:jupyter\s*)?notebook\s*里"
    # a copy or a cluster of the person's own: "deployed to my local minikube", "in my fork",
    # "bumped the deps locally" (not "the tests pass locally": an outcome of the work)
    r"|\bmy\s+(?:own\s+)?(?:fork|local)\b"
    # the person's own tools: "switched my editor to neovim", "updated my dotfiles"
    r"|\bmy\s+(?:own\s+)?(?:editor|ide|terminal|shell|keyboard|font|theme|setup|dotfiles|"
    r"laptop|machine|vim|neovim|emacs|vscode)\b"
    r"|\b(?:deployed|installed|set up|configured|applied|patched|changed|bumped|upgraded|enabled|"
    r"added|switched|tweaked|hacked)\b(?:[^.;,!?]|\.(?=\S)){0,40}\blocally\b"
    r"|(?:在|我)本地|本地先|^本地(?!化)"
    r"|\bon\s+(?:the|an?|my)\s+(?:emulator|simulator)\b"
    r"|(?:在|装在|装到|刷到|刷在)(?:我的?)?(?:自己的?)?(?:电脑|本机|笔记本|手机|模拟器|真机|测试机)上?"
    + _ELSEWHERE
)


# The person's first message sets the task from where things stand; work it tells already done
# (or done before what happened next) is that starting point, not a change the session made:
# "ArgoCD 已经装好了（v2.11）。有什么推荐的组织方式？", "升级到 Snakemake 8 之后这个参数没了",
# "we already added Sentry; …" (not "现在迁到 GitHub Actions 了": now, a change just made)
_STARTING_POINT = lazy(r"(?i)已经|早就|早已|之后|以后|\b(?:already|by now|so far)\b")


# work done long since, in any message: "索引早建好了。原始数据在 OSS 上，…能直接读吗？" (not
# "今天早上修好了"); a year or more back is how the project came to be, not a change of the
# session: "We moved to Postgres last year", "switched to GH Actions back in 2022", "前年换成了
# k8s" (not "last week": a change of the project's recent history)
_LONG_SINCE = lazy(
    r"早就|早已|(?<![今昨明提一大])早(?=[建装配改加做写搭弄修接迁])|去年|前年|\d+\s*年前|几年前|很久以前"
    r"|(?i:\b(?:\d+|a|one|two|three|few|several|couple(?: of)?)\s+years?\s+(?:ago|back)\b"
    r"|\blast year\b|\byears ago\b"
    r"|\ba (?:long )?while (?:ago|back)\b|\b(?:long|ages) ago\b|\bback in (?:'\d\d|(?:19|20)\d\d)\b"
    r"|\bin (?:19|20)\d\d(?=\s*(?:[.,;!]|$)))"
)


# a change given its time is an event of the project's history, not the state it is in: "i
# already shipped the Xero journal sync last week", "上个版本我在 Note 里加了一个字段"
_DATED = lazy(
    r"(?i)上周|上个?月|昨天|昨晚|前天|今天|上午|下午|刚才|上个?版本|上次|去年|\d+\s*(?:天|周|个月)前"
    r"|\b(?:last\s+(?:week|month|night|sprint|release|year)|yesterday|this\s+(?:morning|week)|"
    r"earlier\s+today|\d+\s+(?:days|weeks|months)\s+ago)\b"
)


# work a Chinese sentence says someone else did: "后端同事已经加好了接口", "运维那边把 Redis
# 升级到了 7", "他加了重试", "小王把导出改成了流式": the one who did it opens the clause. What
# the person hears of others' work is no change the session made (not "我们组…", "我帮他加了")
_OTHERS_DID = lazy(
    r"(?:^|[，,。；;：:！!]\s*)(?:(?:昨天|今天|上周|前天|刚才|其实|另外|对了)[，,]?\s*)?"
    r"(?:(?:他|她)们?|别人|同事|DBA|dba|[^\s，,。；;我咱你]{1,6}?(?:那边|团队|同事|同学)"
    r"|[小老][王李张刘陈杨赵黄周吴孙马])"
    r"[^，,。；;我咱]{0,10}?(?:已经?|刚刚?|昨天|今天|上周|也|都)?"
    r"(?:把|给|帮|加|新增|添加|修|改|升|换|迁|部署|上线|接|装|配|搭|建|写|做|弄|删|去掉|实现|重构)"
)


def work_aside(sentence: str, *, opening: bool) -> bool:
    """Whether reported work leaves the project as the session found it.

    Done on the person's own device or shell, or long since, or by someone else, or, in the
    message that `opening` the talk, said to be done already and not when: the state the task
    starts from.
    """
    if _OWN_PLACE.search(sentence) or _LONG_SINCE.search(sentence):
        return True
    if is_chinese(sentence) and _OTHERS_DID.search(sentence):
        return True
    return opening and bool(_STARTING_POINT.search(sentence)) and not _DATED.search(sentence)


# An agent's message that goes on to what it does next reports a step of work under way, not the
# outcome: "Converted Header and Footer; building to check", "Added to `.env.test`. Porting the
# split logic now.", "Now I'll find which selectors …", "接下来改 Footer"
_UNDER_WAY = lazy(
    r"(?i)\b(?:now\s+i'?ll|next,?\s+i'?ll|i'?ll\s+now|then\s+i'?ll|let\s+me\s+now)\b"
    r"|\b\w+ing\s+to\s+(?:check|verify|confirm|see)\b"
    # a sentence opening on what it is doing: "Porting … now —" (not "it's working now")
    r"|(?:^|[.;!]\s+|\n\s*)(?!(?:every|no|some|any)thing\b)\w+ing\s[^.;!?\n]{0,60}\bnow"
    r"\s*(?:[.\u2014\u2013:;!]|\s-|$)"
    r"|接下来|下一步"
)


def under_way(message: str) -> bool:
    """Whether an agent's `message` tells what it does next: its work is not finished yet."""
    return _UNDER_WAY.search(message) is not None


# a release named by its version: "发了 v1.8.3", "已经发了 order-svc 1.14.2", "released v2.3.0"
_RELEASED = lazy(
    r"(?i)(?:\b(?:released|published|tagged|shipped)|发(?:布)?了)\s*"
    r"(?:[A-Za-z][\w-]*\s+)?v?\d+\.\d+(?:\.\d+)?(?![\w.])"
)


def done_outright(summary: str) -> bool:
    """Whether a report of work says outright that it is finished, or names the release."""
    return _DONE_OUTRIGHT_ZH.search(summary) is not None or _RELEASED.search(summary) is not None


class Work(NamedTuple):
    """A piece of work stated as done."""

    type: str
    summary: str
    version: str | None
    named: bool = True  # False: "跑通了，18 万行 3 秒" reports a result, not what was done


_FILLER_ZH = lazy(r"好的|懂了|明白了?|知道了|收到|嗯+|哦+|ok|OK|行|对|是的|谢谢|感谢|👌|👍")


# work asked for, planned ("准备上热更新了") or done by habit ("我习惯…跑通了再…")
_TODO_ZH = lazy(
    r"记得|别忘|需要|要把|得把|请把|帮我|麻烦|可以把|应该|准备|打算|计划|习惯|(?<![所可难])以为"
    # "metrics-pipeline 要上线了", "快发版了", "马上部署": about to happen, not done
    r"|(?<![不还])(?:就?要|快要?|即将|马上|就快)(?=[^，,。；;了]{0,6}了?)"
    r"|你(?:顺手|顺便|先|再|直接|也)"  # "checksum 那个你顺手修了": asked of the assistant
)


# Words a Chinese clause may hold before its verb without naming what was done.
_NO_SUBJECT = lazy(r"[我你他她们它咱昨今明前后天刚才已经都也就先终于总算这那个]")


# a symptom counted ("余额加了两遍"), a cause explained, or what others say they did
_NOT_WORK = lazy(
    r"(?:加|扣|发|跑|执行|调用|触发)了(?:一|两|三|几|多|好几)(?:遍|次)"
    r"|^(?:原因是|是因为|因为)|(?:他们|她|他|别人|同事)说|听说|据说"
    # "IK 的优势是你们集群已经装好了", "我们组去年已经从 Airflow 迁到 Dagster 了": the state
    # the assistant describes, work of long ago
    r"|你们[^，,。；;我]{0,8}已经|(?:去年|前年|几年前)[^，,。；;]{0,12}?已经"
    r"|^那就?(?:改|换)了[，,]"  # "那改了，Redis Pub/Sub 不用了，…": then change it
    # "那先不加了": work not done; "好了我去部署了": work about to be done; "Resolved 的通知也要发":
    # the word named, not said of work
    r"|(?:^|[，,]\s*)(?:那|先|暂时)+不(?:加|做|改|修|上|搞|弄)了"
    r"|我(?:这就|现在|马上)?去(?!掉|除)[^，,。；;\s]{1,6}了"
    r"|(?i:^(?:resolved|fixed|done|closed|deployed)\s*的)"
    # "大促直接把从库 CPU 打到 90% 了", "CPU pegged at 100%": what load did to a machine
    r"|(?i:cpu|内存|磁盘|负载|带宽|连接数|qps|tps|p99|p95|iops)[^，,。；;]{0,6}?(?:打|飙|涨|冲|顶)(?:到|满|爆)"
    r"|(?i:\b(?:cpu|memory|disk|load|latency|p99|p95|connections)\b[^,.;]{0,20}?"
    r"\b(?:spiked|pegged|maxed out|shot up|jumped))"
    r"|(?i:^(?:the (?:cause|reason|root cause) (?:is|was)|because)\b)"
    # "ok and set up releases": a verb whose past is its present, after "and" or "please" with
    # no subject, asks for the work
    r"|(?i:^(?:(?:ok(?:ay)?|and|also|now|then|pls|please|so)[,.]?\s+)+(?:set|put|cut|reset|shut)\b)"
    # "created by net/http.(*Server).Serve in goroutine 1": made by something else, told in a
    # stack trace or a log (not "fixed by bumping the pool": how the work was done)
    r"|(?i:^(?:created|generated|spawned|added|updated|written|started|called)\s+by\s+"
    r"(?!\w+ing\b))"
    # "Committed as `a7d31c9` on `fix/pod-queue-crash`.": where the work went, no work named
    r"|(?i:^(?:committed|pushed)\s+(?:it\s+|this\s+)?as\s+`?[0-9a-f]{7,40}`?"
    r"(?:\s+on\s+`?[\w./-]+`?)?\W*$)"
    # "凭据我在 Jenkins 上建好了", "Password 已经改好了": a credential set up by hand is a chore
    # that leaves nothing for memory (its value never goes there)
    r"|(?i:(?:secret\w*|凭据|密码|密钥|password|credentials?)\s*(?:我|也)?\s*(?:已经)?"
    r"(?:在\s*[^，,。；;\s]{1,20}\s*上)?\s*(?:配|建|改|设|加|换)好了?)"
)


# "set up remote state for this repo": a verb whose past is its present, opening what the
# person tells an agent, asks for the work (unless a time says it is done: "set up CI
# yesterday")
_ASKS_FOR_WORK = lazy(
    r"(?i)^(?:set\s*up|put|cut|reset|shut down)\b"
    r"(?!.*\b(?:yesterday|earlier|already|last (?:week|night|month)|this morning)\b)"
)


def asks_for_work(sentence: str) -> bool:
    """Whether the person's `sentence` asks for work a report would word the same way."""
    return _ASKS_FOR_WORK.match(sentence) is not None


def _capitalised(summary: str) -> str:
    """`summary` opening with a capital, unless its first word is a name as written.

    "fixed the login loop" becomes "Fixed the login loop", "schema 导出到 …" "Schema 导出到 …";
    "v2.3.0 昨天上线了", "k8s 升级完了" and "npm 换成 pnpm 了" stay as they are.
    """
    first = summary.split(" ", 1)[0]
    if not summary or re.search(r"\d", first) or TECH.fullmatch(first):
        return summary
    return summary[0].upper() + summary[1:]


# "PR #318 is merged", "Merged the DuckDB job (PR #412)": a numbered pull request merged
_MERGED_REQUEST = lazy(
    r"(?i)\b(?:pr|pull request|mr|merge request)\s*#?\d+\b[^.;?]{0,20}?\s+"
    r"(?:is|was|got|has been)\s+(?:now\s+|finally\s+)?merged\b"
    r"|^\W*(?:(?:i|we)(?:'ve| have)?\s+)?(?:just\s+|finally\s+)?merged\b[^.;?]{0,80}?"
    r"\b(?:pr|pull request|mr|merge request)\s*#?\d+\b"
)


def merges_request(sentence: str) -> bool:
    """Whether `sentence` reports a numbered pull request merged ("PR #318 is merged")."""
    return (
        _MERGED_REQUEST.search(sentence) is not None
        and not NEGATED.search(sentence)
        and not QUESTION.search(sentence)
    )


def finished_work(sentence: str) -> Work | None:
    """The finished work `sentence` reports ("Fixed the login loop", "修复了登录问题")."""
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or _NOT_WORK.search(sentence):
        return None
    if (bare := _BARE_FIX.match(sentence)) and (more := finished_work(sentence[bare.end() :])):
        return more  # "fixed, and added the updates listener": what else was done names it
    if _LOCKFILE_ONLY.fullmatch(sentence.strip().rstrip(".。!！")):
        return Work("chore", sentence, None, named=False)
    return _done_work(sentence)


# A lock file a tool rewrote follows the change to the dependencies, which is the work:
# "`uv.lock` 已更新", "Updated package-lock.json", "Cargo.lock regenerated"
_LOCKFILE = r"[`'\"]?[\w./-]*(?:\.lock|-lock\.(?:ya?ml|json)|\bgo\.sum|\blockfiles?)[`'\"]?"
_LOCKFILE_ONLY = lazy(
    rf"(?i)(?:{_LOCKFILE}(?:\s*(?:and|和|/|、|,)\s*{_LOCKFILE})*\s*(?:也|都)?"
    r"(?:已经?|(?:is|are|was|were|has been|have been)\s+)?"
    r"(?:更新|同步|重新生成|updated|regenerated|refreshed)了?"
    rf"|(?:updated|regenerated|refreshed)\s+(?:the\s+)?{_LOCKFILE}"
    rf"(?:\s*(?:and|/|,)\s*{_LOCKFILE})*)"
)


# work taken back in the same breath leaves nothing done: "I added the retry but then reverted
# it", "Added the flag, rolled it back this morning", "把 ORM 换成了 sqlx，结果又改回去了"
_UNDONE_AFTER = lazy(
    r"(?i)(?:[,;，；]|\b(?:but|and|then)\b)\s*(?:(?:but|and|then|so|later|eventually|had to|"
    r"ended up|i|we)\s+)*(?:revert(?:ed|ing)?"
    # (not "…and reverted the timeout tweak": other work, named)
    r"(?=\s+(?:it|that|them|this|everything)\b|\s*(?:[,.;!]|$)|\s+(?:because|after|since|when|as)\b)"
    r"|roll(?:ed|ing)?\s+(?:it|that|them|this)\s+back|undid|"
    # "moved the helpers into utils/ but then moved them back"
    r"(?:moved|put|switched|changed|turned|set)\s+(?:it|that|them|this|everything)\s+back\b|"
    r"backed\s+(?:it|that|them)\s+out|took\s+(?:it|that|them)\s+out|ripped\s+(?:it|that|them)"
    r"\s+out)\b"
    r"|(?:又|后来|然后|结果|最后)[^，,。；;]{0,12}?(?:改回|换回|切回|回滚|撤销|撤回|撤掉|拿掉|关掉|还原|删掉了|"
    r"去掉了)"
    r"|[，,；;]\s*(?:已经?|又|就|只好|只能)?(?:回滚|撤销|撤回|还原)了"
)


# work left half way is not finished: "重构了一半，登录那块还没动", "migrated about half the
# tables", "Refactor is partially done"
_PART_DONE = lazy(
    r"(?i)(?:了|到|完)一半|一半的|做了一部分|改了一部分|只(?:改|做|迁|修)了(?:一)?部分"
    r"|\b(?:about\s+|roughly\s+|only\s+)?half(?:way)?\s+(?:done|through|finished|of\s+the|the)\b"
    r"|\bpartially\b|\bpart of the way\b"
)


# work only tried: "试着把 ORM 换成了 sqlx", "试了下把超时改成 30s" (the outcome is still open)
_TRIED_ZH = lazy(r"试着|尝试(?:着|了)?|试了(?:一?下)?(?=把|将)")


# a step taken to find something out, or on the tools of the work, changes nothing of the
# project: "Added some debug logging to figure out where it hangs", "added a print in the loop
# to see the values", "Created a new branch for this", "created a PR for it", "Added you to the
# repo", "Removed the .next folder and rebuilt", "加了点日志排查"
_STEP = lazy(
    r"(?i)\bto\s+(?:see|figure out|find out|debug|trace|reproduce|repro|investigate|diagnose|"
    r"narrow (?:it |this |that )?down|inspect|understand|check (?:what|where|why|if|whether|how))\b"
    r"|\b(?:temporary|temp|throwaway|quick)\s+`?(?:debug\s+)?(?:log\w*|prints?|console\.log|"
    r"statements?|scripts?|hack|bench(?:mark)?s?|repro|notebook)\b|\bdebug\s+prints?\b|\bconsole\.log\b|\bbreakpoints?\b"
    r"|断点"
    r"|^(?:you|him|her|them)\b"
    r"|^(?:(?:the|all|my|stale|old|local)\s+)*(?:node_modules|\.next|\.?venv|__pycache__|"
    r"derived\s?data|docker\s+volumes?|(?:dist|build|target)\s+(?:folder|dir(?:ectory)?))\b"
    r"|^(?:a|some|a few|a couple(?: of)?|two|three)\s+"
    r"(?:prints?|print statements?|console\.logs?)\b"
    # "fixed it by restarting the worker", "暂时通过重启 worker 解决了", "deployed to staging
    # just to test it": an operation that got past the trouble, or a trial; the code is as it was
    r"|\b(?:by|after)\s+(?:just\s+|simply\s+)?(?:restarting|rebooting|rerunning|re-running|"
    r"clearing|flushing|redeploying|retrying|reinstalling|bouncing)\b|\bjust\s+to\s+(?:test|try)\b"
    r"|通过(?:重启|重跑|清(?:了|掉)?缓存|重新部署|重装)"
    # "给你加了 repo 的 write 权限": access given to someone; "加了个 print 看一下返回值"
    r"|排查|复现|调试|(?:打|加)了?(?:点|些|个)?日志(?:看|查)|给(?:你|他|她)(?:加|开)"
    r"|(?:加|打)了?(?:个|些|点|几个)\s*(?:print|打印)"
    # the working copy made ready, no change to the project: "Set up the virtualenv", "装好了依赖",
    # "脚手架工具装好了", "我把分支 rebase 到 main 上了" (not "加了 zod 依赖": a dependency added)
    r"|^(?:(?:a|the|my|new|fresh|local)\s+)*(?:virtualenv|venv|\.venv|virtual\s+env(?:ironment)?|"
    r"conda\s+env(?:ironment)?)\b"
    r"|(?:依赖|虚拟环境|venv|node_modules|脚手架|工具链|命令行工具)[^，,。；;]{0,8}?"
    r"(?:安装?|装|建|搭|创建)(?:好|完)?了"
    r"|(?:安装?|装)(?:好|完)?了?\s*(?:依赖|虚拟环境|venv|node_modules|脚手架|工具链|命令行工具)"
    r"|\brebas(?:e|ed|ing)\b"
)


# a branch, a pull request or a ticket made is where work goes, not the work ("Created a new
# branch for this", "created a PR for it"); one merged is a change landed
_TOOL_OF_WORK = lazy(
    r"(?i)^(?:(?:a|an|the|new|my|our|another|separate|scratch|throwaway|temp|temporary|test)\s+)*"
    r"(?:branch|pr|pull request|merge request|"
    r"mr|ticket|issue|jira(?:\s+ticket)?|card|(?:test\s+)?account|invite|channel|meeting|"
    r"thread)\b(?!\s+(?:model|table|template|api|endpoint|page|field|type|view|form)\b)"
    # the clone's own git settings: "Switched the remote to ssh", "把 origin 改成公司的 gitlab 了"
    r"|^(?:(?:the|my|our)\s+)?(?:git\s+)?(?:remote|origin)(?:\s+url)?\s+(?:to|from|over)\b"
    r"|(?:把|将)\s*(?:git\s*)?(?:remote|origin)(?:\s*(?:url|地址))?\s*(?:改|换|切)"
)
_LANDS = lazy(r"(?i)merged|landed|shipped|deployed|released|pushed|rolled out|published|合")


def _work_step(verb: str, what: str) -> bool:
    """Whether the work told (`what`, after its verb) is a step of finding out, not a change."""
    what = what.strip(" `'\"")
    if _TOOL_OF_WORK.search(what) and not _LANDS.match(verb):
        return True
    # "Added a regression test to reproduce the race": a test stays in the project
    return _STEP.search(what) is not None and not _A_TEST.match(what)


_A_TEST = lazy(
    r"(?i)(?:(?:an?|the|some|two|three)\s+)?(?:[\w-]+\s+)?(?:tests?|specs?)\b|[^，,]{0,20}测试"
)


def _taken_back(sentence: str, start: int) -> bool:
    """Whether the work told from `start` was only tried, left half way or undone after."""
    after = sentence[start:]
    return bool(
        _UNDONE_AFTER.search(after)
        or _PART_DONE.search(sentence)
        or _TRIED_ZH.search(sentence[:start])
    )


def _done_work(sentence: str) -> Work | None:
    """The finished work a sentence that is no question or doubt reports."""
    m = _DONE_EN.search(sentence)
    if m is None and is_chinese(sentence):
        m = _DONE_ZH.search(sentence)
    if m is None:
        return _passive_work(sentence) or _listed_work(sentence) or _did_that(sentence)
    vkey, xkey = next(
        ((v, x) for v, x in _VERB_GROUPS if m.groupdict().get(v)),
        ("verb", "x"),
    )
    what = m.group(xkey).strip()
    if m.re == _DONE_ZH and re.match(r"一下|下子|一点", what):
        # "我改了一下，…，修复已经合并到 main 了": the report is in a later clause
        rest = re.split(r"[，,；;]", sentence[m.end(vkey) :], maxsplit=1)
        return finished_work(rest[1]) if len(rest) == 2 else None
    if m.re == _DONE_ZH and len(what) < 3 and vkey in ("verb", "verb2", "verb6"):
        clause = _chinese_clause(sentence, m, vkey)  # "OOM 解决了": what was done comes first
        what = _FILLER_ZH.sub("", clause[: len(clause) - len(m.group(vkey))] if clause else "")
        what = _NO_SUBJECT.sub("", what).strip(" ，,。")
    if len(what) < 3 or not _reports_done(sentence, m, vkey, xkey):
        return None
    if (ran := _run_clause_end(sentence, m.start(vkey))) is not None:
        # "第一轮训练跑完了，3 个 epoch 用了 9 小时": an outcome; work may follow ("…，顺手修了 X")
        return finished_work(sentence[ran + 1 :]) or Work("chore", sentence, None, named=False)
    then = _after_bare_report(sentence, m, vkey, xkey)
    named = then is None or finished_work(then) is not None or bool(_DONE_ZH.search(then))
    named = named and not _ANY_BUG.fullmatch(what.strip(" 。.!！~"))
    told = what if m.re == _DONE_EN else _chinese_clause(sentence, m, vkey) or what
    named = named and not _work_step(m.group(vkey), told)
    kind = _work_kind(sentence, m.group(vkey), what)
    if vkey == "verb4" and (inner := _kind(what)) != "other":
        kind = inner  # "把 Django 升级到了 5.0": the verb after 把 says what kind of work
    summary = sentence[m.start(vkey) :].strip().rstrip(".。!！")
    if vkey != "verb3" and m.re == _DONE_ZH:
        summary = _PASSIVE_LEAD.sub("", _chinese_clause(sentence, m, vkey) or summary)
        summary += _more_done(sentence[sentence.find(summary) + len(summary) :], summary)
    elif vkey == "verb3":
        summary = m.group(xkey).strip().rstrip(".。!！✅")
    summary = summary.rstrip(":：")
    # "依赖通过 `uv add` 加入，`uv.lock` 已更新": the clause names only the lock file
    named = named and not _LOCKFILE_ONLY.fullmatch(summary)
    summary = _capitalised(summary)
    # "从 4.2 升级到了 5.0", "from 4.2 to 5.0": the version moved to
    moved_to = re.split(r"到了?|\bto\b", what)[-1] if re.search(r"到|\bto\b", what) else ""
    version = VERSION.search(moved_to) or VERSION.search(what)
    return Work(kind, summary, version.group(0) if version else None, named)


# "Unrelated: the /api/health endpoint now returns the git SHA, I did that yesterday": a change
# said as what the project now does, then owned as done
_DID_THAT = lazy(
    r"(?i)^(?:[a-z]+(?:\s+[a-z]+)?:\s+)?(?P<x>[^,;]{8,120}?\b(?:now|no longer)\b[^,;]{3,120}?)"
    r"[,;]\s*(?:and\s+)?(?:i|we)\s+did\s+(?:that|this|it)\s+(?:yesterday|today|this morning|"
    r"earlier(?: today)?|last night|last week|on (?:monday|tuesday|wednesday|thursday|friday))\b"
)


def _did_that(sentence: str) -> Work | None:
    """The change a sentence says the project now has, owned as done ("…, I did that yesterday")."""
    if (m := _DID_THAT.search(sentence)) is None:
        return None
    summary = _capitalised(m["x"].strip())
    return Work("feat", summary, None)  # what the project now does: a feature


# a run, a training or an evaluation that ran to its end: "两个 full run 跑完了",
# "第一轮训练跑完了", "测试数据已经跑通了", "把 full run 挂到 A800 上跑了", "Finished the first
# training run". It tells how the work went, not a change to the project; a script, job or
# pipeline made to run is work of its own ("回填脚本跑通了", "Merge job 已经跑通了")
_RUN_ENDED = lazy(
    r"(?i)(?:训练|微调|实验|评测|评估|测试|\b(?:runs?|epochs?|evals?|training)\b)[^，,。；;]{0,16}?"
    r"(?:跑|测)(?:完|通|起来|了)"
    r"|\b(?:finished|completed)\s+(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:training|fine-?tuning|runs?|eval(?:uation)?s?|epochs?)\b"
    # a tool run to its end: "CI 跑完了，全绿", "npm install 跑完了", "ktlintFormat 跑完了",
    # "代码生成跑完了" (not "迁移脚本在 staging 跑完了": data changed by the run)
    r"|(?:\bCI\b|构建|编译|打包|安装|依赖|生成|\b(?:build|lint\w*|\w*format\w*|install|"
    r"generate\w*|codegen)\b)[^，,。；;]{0,16}?跑完"
)
_MADE_TO_RUN = lazy(r"(?i)脚本|\bscripts?\b|\bjobs?\b|pipeline|流程|流水线|workflow")


def _run_clause_end(sentence: str, start: int) -> int | None:
    """Where the clause at `start` ends if it reports a run that ended, else None."""
    begin = max(sentence.rfind(c, 0, start) for c in "，,。；;：:") + 1
    ends = [i for i in (sentence.find(c, start) for c in "，,。；;：:") if i >= 0]
    end = min(ends, default=len(sentence))
    clause = sentence[begin:end]
    if _RUN_ENDED.search(clause) is None or _MADE_TO_RUN.search(clause):
        return None
    return end


# a bug counted, not named: "算是顺手修了个 bug", "Fixed a couple of bugs" say that something was
# fixed, not what ("修了个 bug，购物车总价算重了" names it after)
_ANY_BUG = lazy(
    r"(?i)(?:an?|one|two|some|several|a few|a couple of|a couple)?\s*(?:small\s+|minor\s+)?"
    r"(?:bugs?|issues?|problems?)"
    r"|(?:一|两|几|一些)?个?\s*(?:小)?(?:bug|问题|毛病)"
)


# a fix reported bare, then more work done: "fixed, and added …", "Fixed it; also removed …"
_BARE_FIX = lazy(
    r"(?i)^\W*(?:fixed|sorted|done)(?:\s+it)?\s*[,;]\s*(?:and\s+|also\s+)+"
    # "Done — I've added rate limiting …", "All done: migrated …": the report after the word
    r"|^\W*(?:all\s+)?(?:done|finished|fixed)\s*(?:[\u2014\u2013:]|\s-)\s*"
)


_VERB_GROUPS = (
    ("verb", "x"),
    ("verb2", "x2"),
    ("verb3", "x3"),
    ("verb4", "x4"),
    ("verb5", "x5"),
    ("verb6", "x6"),
)


def _kind(verb: str) -> str:
    return next((t for t, stems in _TYPES if any(s in verb for s in stems)), "other")


def _work_kind(sentence: str, verb: str, what: str) -> str:
    """The kind of the work `verb` reports, from what was done when the verb does not tell."""
    if verb == "把" and re.search("导入|导进", what):  # "把 3000 万题导入 X 了": data, no code
        return "chore"
    kind = _kind(verb.lower())
    if kind == "other":
        kind = next((t for t, p in _OBJECT_TYPES if p.search(sentence)), "other")
    return kind


def _reports_done(sentence: str, m: re.Match[str], vkey: str, xkey: str) -> bool:
    """False for a verb that is negated, asked for, or told how to do rather than done."""
    before = sentence[: m.start(vkey)]
    if NEGATED.search(before):
        return False
    if m.re == _DONE_ZH and _TODO_ZH.search(before):
        return False  # "记得把域名加到…里": asks for work, reports none
    if m.re == _DONE_ZH and before.endswith("白"):
        return False  # "白加了": done for nothing
    if m.re == _DONE_ZH and (
        re.search(r"等(?:我|你|他|它|咱|我们)|之后再|以后再|再说", sentence)
        or sentence.startswith("再", m.end(vkey))
    ):
        return False  # "等我跑完了再说", "跑通了再改成 sbatch": a condition for later
    if _taken_back(sentence, m.end(vkey)):
        return False  # "加了 X，后来又删掉了", "migrated half the endpoints": nothing finished
    if m.group(vkey) in ("加到", "加进"):
        # "加到 `.bashrc` 里就行": how to do it; "已经加到 … 了": done
        return bool(re.search(r"已|了", sentence[max(0, m.start(vkey) - 6) : m.end(xkey)]))
    return True


# a pronoun, then only how it was done, names no work: "Implemented it as discussed", "Updated it
# per your comments", "Fixed that the way you suggested"
_PRONOUN_DONE = lazy(
    r"(?i)^(?:it|that|this|them|those|these)\s*(?:[,:;.!\u2014\u2013-]|and\b|$"
    r"|(?:as\s+(?:discussed|agreed|planned|suggested|requested|asked|you\s+(?:said|suggested|asked))"
    r"|per\s+(?:your|the)\s+\w+|the\s+way\s+you\s+(?:said|suggested|described)"
    r"|like\s+you\s+(?:said|suggested))\s*(?:[,:;.!\u2014\u2013-]|and\b|$))"
)


# how the work was done, pointing back at what was said, names no work: "照这个步骤做完了",
# "按你说的改好了", "根据上面的方案弄好了" (the work is named only by what follows, if anything)
_POINTER_ZH = lazy(
    r"(?:照|按照?|依照|根据|跟着)着?(?:这个|那个|这些|那些|这样|你(?:说|给|讲|发)的|上面(?:说)?的?"
    r"|你的|刚才的?|文档(?:里的?)?)\s*(?:步骤|方法|办法|方案|做法|思路|流程|建议|说的|写的|改法)?"
)


_BARE_END = lazy(r"了?\s*(?:[，,。！!；;]|$)")  # a colon lists what was done: "改好了：…"


def _after_bare_report(sentence: str, m: re.Match[str], vkey: str, xkey: str) -> str | None:
    """What follows a report that names no work ("搞定了，…", "Fixed it, …"), else None.

    Such a report names work only if what follows reports work of its own.
    """
    if m.re == _DONE_EN:
        pronoun = _PRONOUN_DONE.match(m.group(xkey))
        return m.group(xkey)[pronoun.end() :].strip() if pronoun else None
    before = _NO_SUBJECT.sub("", _FILLER_ZH.sub("", _POINTER_ZH.sub("", sentence[: m.start(vkey)])))
    after = _BARE_END.match(sentence, m.end(vkey))
    if before.strip(" ，,。.!！~～") or after is None or vkey in ("verb4", "verb5", "verb6"):
        return None
    return sentence[after.end() :]


def _more_done(rest: str, summary: str) -> str:
    """The clauses right after a Chinese report of work that report work too.

    "写法改完了，XSS 修掉了，安全组复测通过": the fix the first clause leaves out. A short
    report keeps the detail after it ("登录流程已经跑通了，wx.login → code2Session …").
    """
    clauses = [c for c in re.split(r"(?=[，,；;])", rest) if c.strip(" ，,；;。")][:4]
    done = [n for n, c in enumerate(clauses) if _DONE_ZH.search(c)]
    if done:
        return "".join(clauses[: done[-1] + 1]).rstrip(" 。.！!")
    detail = re.match(r"\s*[，,]\s*([^，,。；;]{3,60})", rest) if len(summary) <= 12 else None
    return f"，{detail[1].strip()}" if detail and re.search(r"[A-Za-z]", detail[1]) else ""


# a bracket or code span: its commas part no clause ("加了 (user_id, created_at) 联合索引")
_ENCLOSED = lazy(r"\([^()]*\)|（[^（）]*）|\[[^\[\]]*\]|`[^`]*`")


def _clause_end(sentence: str, start: int) -> int:
    """Where the clause that goes on at `start` ends, a comma inside brackets not counting."""
    hidden = _ENCLOSED.sub(lambda e: "x" * len(e.group()), sentence)
    found = [i for i in (hidden.find(c, start) for c in "，,。；;") if i >= 0]
    return min(found, default=len(sentence))


def _chinese_clause(sentence: str, m: re.Match[str], vkey: str) -> str | None:
    """The clause around a Chinese verb: Chinese puts what was done before the verb."""
    start = max(sentence.rfind(c, 0, m.start(vkey)) for c in "，,。；;：:") + 1
    end = _clause_end(sentence, m.end(vkey))
    subject_first = vkey in ("verb", "verb2")  # 把 X … and 已从 X … name it after the verb
    if (
        subject_first
        and start > 0
        and not _NO_SUBJECT.sub("", sentence[start : m.start(vkey)]).strip()
    ):
        # "…缓存一直没命中，我昨天已经修好了": what was fixed is the clause before
        start = max(sentence.rfind(c, 0, start - 1) for c in "，,。；;：:") + 1
    clause = sentence[start:end].strip(" ✅👍🎉")
    return clause if len(clause) > len(m.group(vkey)) + 1 else None


_NOW_STATE = lazy(
    r"(?i)^(?:(?:done|ok|so)[:,]?\s+)?(?P<x>(?:the\s+)?[`\w./-]+(?:\s+[`\w./-]+){0,3}?)\s+"
    r"(?:is|are)\s+now\s+(?P<y>\S.{8,})"
)


_BAD_STATE = lazy(
    r"(?i)\b(?:broken|fail\w*|error\w*|down|slow\w*|wrong|missing|gone|outdated|deprecated|"
    r"stuck|flaky|in this|exposed|leaked|public)\b"
)


def _passive_work(sentence: str) -> Work | None:
    """Work told in the passive: "Triton is deployed to staging", "the bug has been fixed"."""
    passive = _DONE_PASSIVE.match(sentence)
    if passive is not None and passive.group("verb2"):
        if VAGUE.match(passive.group("x2")):
            return None
        summary = _PASSIVE_LEAD.sub("", sentence).strip().rstrip(".。!！")
        kind = "feat" if passive.group("verb2").lower() == "is in" else "deploy"
        return Work(kind, _capitalised(summary), None)  # "1.4.2 went live ..."
    now = _NOW_STATE.match(sentence) if passive is None else None
    if now and not VAGUE.match(now["x"]) and not _BAD_STATE.search(now["y"]):
        # "The Dockerfile is now a multi-stage build ...": the state work left behind
        summary = sentence.strip().rstrip(".。!！:：")
        kind = next((t for t, p in _OBJECT_TYPES if p.search(sentence)), "refactor")
        return Work(kind, _capitalised(summary), None)
    noun = _DONE_WORK_NOUN.match(sentence) if passive is None else None
    named = (
        noun is not None and re.sub(r"(?i)^the\s+", "", noun["x"]).lower() != noun["noun"].lower()
    )
    if noun is not None and named:  # "the setup is done" does not say which
        summary = _PASSIVE_LEAD.sub("", sentence).strip().rstrip(".。!！")
        kind = _NOUN_KINDS.get(noun["noun"].lower(), "refactor")
        return Work(kind, _capitalised(summary), None)
    last = _FIXED_LAST.search(sentence) if passive is None else None
    if last is not None and not VAGUE.match(last["x"] or last["y"] or last["z"]):
        return Work("fix", sentence.strip().rstrip(".。!！"), None)
    if passive is None or NEGATED.search(passive.group("x")) or VAGUE.match(passive.group("x")):
        return None  # "it is fixed" names nothing
    summary = _PASSIVE_LEAD.sub("", sentence).strip().rstrip(".。!！")
    return Work(_kind(passive.group("verb").lower()), _capitalised(summary), None)


def _listed_work(sentence: str) -> Work | None:
    """Work after a "Done:" lead ("Done: the export job retries now")."""
    done = _DONE_LIST_EN.match(sentence)
    if done is None or len(done.group("x")) < 8:
        return None
    return Work("other", done.group("x").strip().rstrip(".。"), None)


_DONE_NOUN = lazy(
    r"(?i)\b(?:the\s+)?(?P<noun>migration|switch|move|upgrade|setup|set-up|refactor(?:ing)?|"
    r"rewrite|integration|rollout|port)\s+(?:is|has been|was)\s+(?:now\s+)?(?:done|complete|"
    r"completed|finished|merged)\b"
    r"|(?P<zh>迁移|切换|升级|重构|集成|接入|改造)(?:工作)?(?:已经|都)?(?:完成|做完|搞定)"
)


def completion(sentence: str) -> str | None:
    """The kind of work a sentence reports finished without naming it ("the migration is done")."""
    if QUESTION.search(sentence):
        return None
    m = _DONE_NOUN.search(sentence)
    if m is None:
        return None
    return (m.group("noun") or m.group("zh") or "").lower()


_DONE_HEADER = lazy(
    r"(?i)^\W*(?:done|fixed|finished|completed|all done|changes made|what i changed|summary of "
    r"changes|progress|results|已?完成了?|已修复|改动如下|修改如下|做了以下改动|搞定了?|都?改好了"
    r"|弄好了|进度|结果|(?:本次)?改动汇总)\W*[:：]\s*$"
)


def done_list(message: str) -> list[str]:
    """The items of a "Done:" / "已完成：" list in a message, cleaned of bullets and markup."""
    lines = FENCE.sub("\n", message).splitlines()
    for n, line in enumerate(lines):
        if _DONE_HEADER.match(line):
            return bullet_items(lines[n + 1 :])
    return []


# "Merged to main as "fix: load the polyfill on checkout"", "committed: `feat(api): add
# rate limiting`", "已提交：fix: 修复登录超时": a commit the assistant reports, by its subject
_COMMITTED = lazy(
    r"(?i)(?:\b(?:committed|merged|pushed|landed|squash-merged)\b[^\n\"“`']{0,30}?"
    r"(?:\bas\b|\bwith(?: the)? message\b|[:：])?"
    # "我 commit 了：feat: …", the English verb in a Chinese sentence
    r"|(?:已|已经)?(?:提交|合并|(?<![\w-])commit\s*(?=了))(?:了|到 ?\w+)?[:：]?)\s*"
    r"[\"“`']?(?P<subject>(?:feat|fix|chore|docs|refactor|perf|test|build|ci|style|revert)"
    r"(?:\([^)\n]{1,30}\))?!?:\s*[^\"”`'\n。]{3,100}?)(?:[\"”`'。]|\s*$|\s*\n)"
)


# what `git commit` prints when it has made a commit: "[main 4f9c2ab] Move emails to GoodJob"
_GIT_MADE = lazy(
    r"(?m)^\s*(?:⎿\s*)?\[[^\s\]]+(?: \(root-commit\))? (?P<sha>[0-9a-f]{7,40})\] (?P<s>\S.*)$"
)


def committed_refs(output: str) -> list[tuple[str, str]]:
    """(sha, subject) of each commit a tool's output shows git made."""
    return [(m["sha"], m["s"].strip()) for m in _GIT_MADE.finditer(output)]


# "commit it as 'refactor(logging): replace logrus with log/slog'", "提交信息写 'fix: …'": the
# message asked for a commit, which tells the work done, not a choice made now
_COMMIT_MESSAGE_ASKED = lazy(
    r"(?i)\bcommit\b[^'\"`“‘]{0,30}?\b(?:as|with(?: the)?(?: message)?|message)\s*[:：]?\s*['\"`“‘]"
    r"|(?:提交信息|commit message|提交说明)(?:就)?(?:写|用|是|为)?\s*[:：]?\s*['\"`“‘]"
)


def asks_commit_message(sentence: str) -> bool:
    """Whether a sentence asks for a commit with the message it quotes."""
    return _COMMIT_MESSAGE_ASKED.search(sentence) is not None


def committed_subjects(message: str) -> list[str]:
    """The conventional subjects of the commits a message reports made.

    The assistant's ('Merged to main as "fix: …"', "已提交：fix: …") or the person's ("我 commit
    了：feat: …"); not one asked for ("你 commit 一下：feat: …") or advised.
    """
    return [m["subject"].strip().rstrip(".") for m in _COMMITTED.finditer(message)]


# "revert the WriteTimeout change", "undo the retry tweak", "roll back the CORS edit",
# "把 WriteTimeout 的改动撤回", "MAX_CONN 改回去": the person asks to undo a change made earlier
# in the conversation; the topic names it
_UNDO_EN = lazy(
    r"(?i)(?:^|[,.;:!]\s+|\b(?:please|just|and|hmm|ok|actually|you)[,]?\s+)"
    r"(?:revert|undo|roll\s+back|back\s+out|drop)\s+(?:the\s+|that\s+|your\s+|this\s+)?"
    r"(?P<topic>[\w./-]+(?:\s+[\w./-]+){0,2}?)\s+"
    r"(?:change|changes|bump|edit|edits|tweak|tweaks|commit|update)\b"
)
_UNDO_ZH = lazy(
    r"(?:把|将)?\s*(?P<topic>[A-Za-z_][\w.-]{1,40})\s*(?:的|那个|这个)?\s*(?:改动|修改|变更|调整)?\s*"
    r"(?:改回去|改回来|撤回|撤销|回滚|还原|恢复原样)"
)
_ASKED_TO = lazy(r"(?i)^\s*(?:can|could|would)\s+you\s+(?:please\s+)?|\?\s*$")
_UNDO_VAGUE = frozenset(("last", "latest", "previous", "other", "whole", "entire", "it", "all"))


# "we delete the deepspeed config", "remove the sentry setup": a tool's setup taken out
_UNDO_SETUP_EN = lazy(
    r"(?i)(?:^|[,.;:!]\s+|\b(?:please|just|and|ok|so|we(?:'ll| will)?|let'?s)\s+)"
    r"(?:delete|remove|rip out|get rid of|drop)\s+(?:the|our|that)\s+(?P<topic>[\w.-]+)\s+"
    r"(?:config|configs|configuration|setup|integration)\b"
)


def undone_topic(sentence: str) -> str | None:
    """What a request to undo an earlier change names ("WriteTimeout"), or None.

    Only a request naming something particular: "revert the last change" names nothing to
    match, a question or a doubt asks nothing to be undone. A tool's setup taken out ("we
    delete the deepspeed config") undoes the work that set the tool up.
    """
    m = _UNDO_ZH.search(sentence) if is_chinese(sentence) else _UNDO_EN.search(sentence)
    if m is None and (setup := _UNDO_SETUP_EN.search(sentence)) and technologies(setup["topic"]):
        m = setup
    if m is None or not _asked_outright(sentence):
        return None
    words = [w for w in m["topic"].split() if w.lower() not in _UNDO_VAGUE]
    return " ".join(words) if words and len(words) == len(m["topic"].split()) else None


# "revert that", "undo it", "put it back to 20", "roll that back", "改回去吧", "撤回": the person
# asks to undo what was just done, naming nothing else
_UNDO_LAST = lazy(
    r"(?i)(?:^|[,.;:!]\s+|\b(?:please|just|and|hmm|ok|actually|ugh|no|nah|you)[,]?\s+)"
    r"(?:revert|undo|roll\s+back|back\s+out)\s+(?:that|it|this|those|these)\b"
    r"|(?:^|[,.;:!]\s+|\b(?:please|just|and|hmm|ok|actually|ugh|no|nah|you)[,]?\s+)"
    r"(?:put|change|set|switch|turn|roll)\s+(?:it|that|this)\s+back\b"
    # "rip it out, I don't want retries in this repo at all"
    r"|(?:^|[,.;:!]\s+|\b(?:please|just|and|hmm|ok|actually|ugh|no|nah|you)[,]?\s+)"
    r"(?:rip|take|pull)\s+(?:it|that|this|them)\s+(?:back\s+)?out\b"
    r"|(?:^|[,.;:!]\s+|\b(?:please|just|and|hmm|ok|actually|ugh|no|nah|you)[,]?\s+)"
    r"(?:remove|drop|delete)\s+(?:it|that|this|them)\s+again\b"
    r"|(?:^|[，,。！!\s])(?:还是)?(?:改回去|改回来|撤回|撤销|回滚|还原)(?:吧|了吧|一下)?(?:[，,。！!]|$)"
)


def undoes_last(sentence: str) -> bool:
    """Whether the person asks to undo what was just done ("revert that", "改回去吧")."""
    m = _UNDO_LAST.search(sentence)
    if m is None:
        return False
    # the clause that asks it: "rip it out, I don't want retries …" is no "don't"
    before = re.split(r"[,;，；.]\s+", sentence[: m.start()])[-1]
    clause = before + re.split(r"[,;，；]\s+", sentence[m.start() :], maxsplit=1)[0]
    if not _asked_outright(clause):
        return False
    return undone_topic(sentence) is None


def _asked_outright(sentence: str) -> bool:
    """Not a question ("Can you revert …?" asks it done), a doubt or a "don't"."""
    if QUESTION.search(_ASKED_TO.sub("", sentence)):
        return False
    return not (TENTATIVE.search(sentence) or NEGATED.search(sentence))


# finished work that moves a part of the project to another tool: "Switched the session store
# to Redis", "migrated from pandas to polars", "replace sqlite cache with bbolt", "改用 Core
# Data", "图片已经全部迁到 R2 了", "用 DuckDB 替换 pandas" ("改成" changes a value as often:
# "改成 307")
_SWITCHED = lazy(
    r"(?i)(?:^|(?<=[\s`'\"]))(?:switch(?:ed|es)?|migrat(?:e|ed|es)|mov(?:e|ed|es)|port(?:s|ed)?)"
    r"\b(?P<part>[^,;:]{0,40}?)\s(?:(?:over\s+)?from\s+(?P<old>[^,;:]{1,30}?)\s+)?to\s+(?P<x>.+)"
    r"|(?:^|(?<=[\s`'\"]))replac(?:e|ed|es)\s+(?P<old2>[^,;:]{1,40}?)\s+with\s+(?P<w>.+)"
    r"|(?:(?:把|将|从)\s*(?P<old4>[^，,；;：:。把将从]{1,20}?)|(?P<part_zh>[^，,；;：:。把将从]{0,12}?))"
    r"(?:已经|都|也|全部|全都|整体|统一)*(?:改用|换成|换用|迁到|迁移到|切到|切换到|替换为|替换成)"
    r"\s*(?P<z>.+)"
    r"|(?:^|[，,；;])\s*(?:用|使用)\s*(?P<r>[A-Za-z`][^，,；;]*?)\s*(?:替换|替代|取代)(?:掉|了)?"
    r"\s*(?P<old3>[A-Za-z`][\w.+-]*)"
)
# the head of what is switched to: a name, up to the clause or the details that follow
_SWITCH_HEAD = lazy(
    r"`?(?P<n>[A-Za-z@][\w.+#/@-]*(?:'s)?(?:\s+(?:[A-Z0-9][\w.+#-]*|v?\d[\w.]*|[a-z]+_[\w]+))"
    r"{0,2})`?"
)
# a switch that made something work is a fix on the way: "Switched to X, works now", "改成
# raw body 之后验签通过了", "Moved the import to the top and it works now"
_WORKED_AROUND = lazy(
    r"(?i)\b(?:works?|working|passe[sd]|green|fix(?:es|ed)?|bug)\b(?:\s+now)?|之后|以后|后就"
    r"|通过了|修好|正常了|好了"
)
# a named instance of data or a setting, not a way of building: "切到 `staging-wildcard` 这个
# secret", "switch the upload bucket to prod-assets", "迁到 dev 分支"
_INSTANCE = lazy(
    r"(?i)^\s*(?:这个|那个)?\s*(?:secret|key|token|bucket|branch|table|column|queue|topic|file"
    r"|folder|directory|path|variable|env|account|region|namespace|分支|表|列|队列|文件|目录"
    r"|路径|变量|环境变量|账号|区域|机房)\b"
)
_GENERIC_LEAD = lazy(r"(?i)^(?:a|an|the|our|its|their|this|that|new|one|some|each|every)\b")
_CODE_NAME_SHAPE = lazy(r"[A-Z][\w.+#-]*|[a-z][\w.+-]*[_\d-][\w.+-]*|@[\w.-]+/[\w.-]+")
_FILE_OR_PATH = lazy(
    r"(?i)/$|^\.|\.(?:ya?ml|json|toml|md|txt|conf|ini|xml|env|lock|cfg|py|ts|js|go|rs)$"
)


_SUMMARY_MAX = 500
_CONSTANT = lazy(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # "MANUAL_ONLY", "READ_COMMITTED"


def _unversioned(name: str) -> str:
    """`name` without its version: "goods_v4" → "goods", "Node 20" → "node"."""
    return re.sub(r"[\s_-]*v?\d[\w.]*$", "", name.strip()).lower()


def switched_to(summary: str) -> tuple[Decision, bool] | None:
    """The choice finished work makes by switching a part to a named tool, and how sure.

    "Switch product search to pg_trgm", "图片已经全部迁到 R2 了": a choice, sure when the tool
    is a known technology; "Switched to X, works now" is a fix on the way, "改成 307" a value,
    "switched to a new approach" names nothing.
    """
    summary = summary[:_SUMMARY_MAX]  # a summary, not a pasted blob: the patterns stay linear
    if QUESTION.search(summary) or TENTATIVE.search(summary) or NEGATED.search(summary):
        return None
    m = _SWITCHED.search(summary)
    if m is None or _WORKED_AROUND.search(summary):
        return None
    said = next(g for g in (m["x"], m["w"], m["z"], m["r"]) if g is not None).lstrip()
    if the := re.match(r"(?i)the\s+(?=[A-Z`])", said):
        said = said[the.end() :]  # "move state to the GCS backend": a name after all
    head = _SWITCH_HEAD.match(said)
    if head is None or _GENERIC_LEAD.match(said):
        return None
    choice = head["n"].rstrip(".")
    rest = said[head.end() :]
    ticked = said.startswith("`")
    first = choice.split()[0]
    if _INSTANCE.match(rest) or _FILE_OR_PATH.search(first) or first[0].isdigit():
        return None
    known = bool(technologies(first) or role_of_name(first))
    if not (known or ticked or _CODE_NAME_SHAPE.fullmatch(first)) or _CONSTANT.fullmatch(first):
        # "改成 env", "switched to polling": a word, not a tool's name; "Switched to
        # `MANUAL_ONLY`": a setting's value
        return None
    old = (m["old"] or m["old2"] or m["old3"] or m["old4"] or "").strip(" `")
    # "把缓存换成 Redis": what is moved may be the part, not the tool it leaves
    named_old = bool(technologies(old) or role_of_name(old) or _CODE_NAME_SHAPE.match(old))
    left = (old,) if old and named_old and not _GENERIC_LEAD.match(old) else ()
    if old and _unversioned(old) == _unversioned(choice):
        return None  # "goods_v3 切到 goods_v4", "Node 18 to Node 20": the same thing, moved on
    part = (m["part"] or m["part_zh"] or ("" if named_old else old)).strip(" `")
    part = re.sub(r"(?i)^(?:把|将|the\s+)", "", part).strip()
    for_part = part if 1 < len(part) <= 30 and not technologies(part) else None
    return Decision(choice, left, None, for_part, False), known
