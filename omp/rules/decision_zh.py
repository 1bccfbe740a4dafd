"""How a Chinese sentence states a decision: the patterns `decisions` tries, in order.

Each entry is (pattern, states the decision outright, bare "用 X" needing a known name). A
pattern captures the choice as `x`; some also capture the `topic` it is for, the option given up
(`gone`), or the `way` a rule says things are done ("日志统一用 JSON 格式").
"""

from __future__ import annotations

import re

from omp.lazyre import lazy
from omp.rules.lexicon import TECH_ROLES, ZH_PRODUCT
from omp.rules.signals import MODAL_RULE_ZH, PROHIBITION_ZH, RULE_CLAUSE_ZH

# the queue technologies as one alternation, longest first ("redis streams" before "rq")
_QUEUE_NAMES = "|".join(
    re.escape(n) for n in sorted((*TECH_ROLES["queue"], *TECH_ROLES["jobs"]), key=len, reverse=True)
)


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


# a word of agreement, not the first character of another word ("对象存储", "行情", "那些")
_AGREE_ZH = (
    r"(?:ok|好的?|行(?![情为业程])|嗯|那(?![些个里])|可以|同意|没问题|有道理|"
    r"对(?![象应比接外齐称账话]))"
)


# the name a Chinese decision pattern captures: "Redis 7", "shopspring/decimal", "nf-core/sarek"
# "@nestjs/schedule": a scoped package; "换你说的 Meilisearch": the one the assistant named
_NAME_X = (
    r"(?:(?:你|刚才|上面|前面)(?:说|提|推荐|建议)的(?:那个)?\s*)?"
    r"(?P<x>@?[A-Za-z][\w.+# -]*(?:/[A-Za-z][\w.+#-]*)*)"
)


_LEFT_OUT_ZH = (
    r"(?:先|暂时|暂且|目前)?(?:不上|不用|不引入|不搞)\s*"
    r"(?P<gone>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*了?"
)


DECISION_ZH: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # "所以处理时间不行了，改事件时间。", "那 Lighthouse 方案作废，改 CVM + 云数据库 MySQL": one
    # way found wanting or given up, the other changed to
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:所以|那|那就)?\s*(?P<gone>[^，,。；;\s]{2,16}?)\s*(?:方案)?"
            r"(?:不行|不可行|行不通|作废|放弃|不要了|不用了)了?"
            r"[，,]\s*(?:那就?|就|还是)?改(?:成|为|用)?\s*(?![天下回掉好完一了])"
            r"(?P<x>[^，,。；;！!？?\s][^，,。；;！!？?]{1,40}?)\s*(?:吧|了)?\s*(?:[。！!，,；;]|$)"
        ),
        True,
        False,
    ),
    # "集群上不能用 Docker，只能用 Singularity": the one way left is the choice
    (
        lazy(
            r"(?:不能|没法|无法|不允许|不让)(?:用|跑|装|使用)\s*"
            r"(?P<gone>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)\s*[，,；;]\s*"
            r"(?:所以)?(?:只能|只可以|只允许)(?:用|跑|装|使用)\s*"
            + _NAME_X.replace("[\\w.+# -]*", "[\\w.+#-]*")
            + r"\s*(?:了|吧)?\s*(?:[。.!！，,；;]|$)"
        ),
        False,
        True,
    ),
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
            # "KeyedProcessFunction，就这么定了，滑动窗口不要了": what was turned down may follow
            r"(?:那就|就)?(?:这么定|这样定|这么办|这么改|这么做|定了|定下来)(?:了|吧)?"
            r"\s*(?:[。！!]|[，,][^，,。]{2,30}?(?:不要了|不用了|不考虑了|算了)[。！!]?)?$"
        ),
        True,
        False,
    ),
    (
        lazy(
            r"(?:^|(?<=[，,。；;：:\s])|我们|团队|那就|那|就|我|咱们|大家|已经?|领导|老板|所以|因此|于是)"
            # "确定是后端的问题", "确定一下版本": a fact confirmed, or a check, not a choice
            r"(?:(?:最终|最后)?(?:决定|确定(?!后|以后|之后|了再|下来再|再|了?(?:就?是|不是|一下|没|能|会|的|过|吗))"
            r"|选定|敲定|定下来|拍板)"
            r"|(?:最终|最后)定)(?:了)?"
            # "敲定方案：双写 + 对账", "拍板了：订单号用雪花算法", "领导拍板了，用钉钉": what
            # follows
            r"(?:(?:方案|结论)?[：:]\s*|[，,]\s*(?=用|使用|采用|上|选))?"
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
            r"(?:我们|咱们|大家)?(?P<x>(?![^，,。；;]*(?:如果|要是|的话|再说|再看))(?:"
            + MODAL_RULE_ZH
            # "以后别在CI里用docker-in-docker 跑扫描": what not to do from now on (not what not
            # to say to the person: "以后别提 notarize 的事")
            # nor "以后别人给的…" (other people), nor "以后别 cat .env 就行" (a request of the
            # assistant now)
            + r"|(?:别|不要|不再|千万别)(?!人|的|处|家|提|说|问|告诉|解释|回复|输出|给我)"
            r"(?![^，,。；;]*(?:就行|就好|就可以))[^，,。；;]{2,60}))"
        ),
        True,
        False,
    ),
    # "main 只能通过 PR 合并，禁止直接 push": what one thing may only be done by
    (
        lazy(
            r"^(?P<x>(?![^，,。；;]*[我你他她])[A-Za-z\u4e00-\u9fff][^，,。；;:：]{0,15}?只能"
            r"(?![^，,。；;]*(?:[?？吗]|的话))[^，,。；;]{2,60})"
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
    # "所以最后定的是：按环境分 namespace，dev、test、prod 三个"
    (lazy(r"(?:定的是|定下来的是)\s*[：:]?\s*(?P<x>[^，,。；;！!？?]+)"), True, False),
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
    # "pandas 不留了，全换 DuckDB": all of it moves to one tool
    (
        lazy(r"(?:^|[，,。.；;]\s*)(?:那就|那|就)?(?:全|都|全部|统统)换(?:成|到)?\s*" + _NAME_X),
        False,
        False,
    ),
    # "都用 Forbid。" after the options: every case the question asked about takes it
    (lazy(r"^(?:那|好|行|嗯)?[，,]?\s*(?:就)?都用\s*" + _NAME_X), False, False),
    (
        lazy(
            r"(?:就|那就|还是|最终|我们|那)(?:直接|都|先|固定)?"
            r"(?:用回|用|使用|采用|选择|选用|选|自建|上(?![个周次午半面线班回去来])|留在"
            r"|继续用|继续使用)"
            r"(?!过)(?P<x>.+)"  # not "我们都用过 X": what was used once
        ),
        False,
        False,
    ),
    # "鉴权这块交给 Keycloak，不自己写了": a part handed to a tool
    (
        lazy(
            r"(?P<topic>[\u4e00-\u9fff]{2,6})(?:这块|这部分|这边|这一块)?(?:就|都|统一)?"
            r"交给\s*" + _NAME_X
        ),
        False,
        True,
    ),
    # "就这么定，(tenant_id, idempotency_key) 唯一约束": the agreement, then what was agreed
    (
        lazy(
            r"(?:就这么定|就这样定|就按这个来|按这个来)[，,：:]\s*"
            # a bracket's commas are its own
            r"(?P<x>(?:[(（][^()（）]{1,60}[)）]|[^，,。；;(（]){3,})"
        ),
        False,
        False,
    ),
    # "topic 就按 factory/{line}/{device}/telemetry 这套来", "ETH 按 gwei 记"
    (
        lazy(
            r"(?:就|都|统一)?按\s*(?P<x>[A-Za-z0-9][^\s，,。]*?(?:\s*\+\s*[A-Za-z0-9][^\s，,。]*?)*)"
            # "dt 就按 Asia/Shanghai 切天": what the days are cut by
            r"\s*(?:这套|这个|的)?(?:来|记|算|走|切)"
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
            # (not what to do when something fails: "失败就 `dbt retry`")
            r"(?<![那这也都先就])(?!现在|马上|今天|明天|目前|暂时|这个|那个|失败|出错|报错|不行|超时|挂了)"
            r"[\u4e00-\u9fff]{2,6}就\s*`?"
            r"(?P<x>(?!(?i:ok|okay|yes|no|done|fine|good)\b)[A-Za-z][\w.+#{}-]*"
            # "组件库就 Element Plus 2.7": its version may follow
            r"(?:\s+[A-Za-z][\w.+#-]*)?(?:\s+v?\d+(?:\.\d+){0,2})?)`?\s*(?:吧|了)?(?=[，,。！!；;]|$)"
        ),
        False,
        False,
    ),
    # "日终批处理定在每天 23:30 开始", "备份定在凌晨 3 点": a time set for a named job
    (
        lazy(
            r"(?:另外|还有|然后|那么?|并且)?\s*(?P<topic>[\u4e00-\u9fff]{2,8}|[A-Za-z][\w-]{1,20})"
            r"\s*(?:就|统一|都)?定在\s*"
            r"(?P<x>(?:每天|每晚|每周[一二三四五六日]|工作日|凌晨|晚上|早上)?\s*\d{1,2}(?::\d{2}|\s*点(?:半)?)"
            r"(?:\s*(?:开始|执行|跑))?)"
        ),
        False,
        False,
    ),
    # "主题色定成 `#1F6FEB`", "分片键就定为 user_id": a value, not a number, set for a named thing
    (
        lazy(
            # "前端状态管理定 Zustand": a name set for it (not 确定, 固定, 约定)
            r"(?P<topic>[\u4e00-\u9fff]{2,6}|[A-Za-z][\w-]{1,20})(?<![确固决约预指锁设稳认肯否规])"
            r"\s*(?:就|统一|都)?定(?:成|为|(?=\s*[A-Za-z]))\s*"
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
            # "workers 就定 4 个，同时…": a count, then more
            r"|(?:[A-Za-z][\w.+-]*|\d+(?:\.\d+)?\s*(?:[\u4e00-\u9fff]|[A-Za-z%]{1,3})?)(?=\s*[，,；;]))"
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
            # "改回 QoS 1": a name with its level or version
            r"(?:回到|退回到?|回退到|换回|改回)\s*(?P<x>[A-Za-z][\w.+#-]*(?:\s\d+(?:\.\d+)*(?![\w.]))?"
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
    # "把搜索迁到 Elasticsearch 上": the name, not the place word after it
    (
        lazy(
            r"(?:迁到|迁移到|换到|切到)\s*"
            r"(?P<x>[A-Za-z][A-Za-z0-9.+#/-]*(?:\s+[A-Za-z0-9][A-Za-z0-9.+#/-]*)*)"
        ),
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
    # "鉴权保持 JWT，不换 session", "队列还是保持用 RabbitMQ": a part kept on a known name
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:那|那就)?(?P<topic>[\u4e00-\u9fff]{1,6}?|[A-Za-z][\w-]*)\s*"
            r"(?:还是|继续|仍然|依然|就)?保持(?:用|使用)?\s*"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?:[，,。；;！!]|$)"
        ),
        False,
        True,
    ),
    # "EMQX 接入不变，bridge 到 Pulsar", "Redis 那边不动": a known name left as it is while
    # something else changes around it
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?P<x>[A-Za-z][\w.+#-]*)\s*(?:[\u4e00-\u9fff]{1,4}?)?"
            r"(?:保持)?(?:不变|不动)(?=\s*(?:[，,。；;！!]|$))"
        ),
        False,
        True,
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
    # "可以，走 Addressables，给热更 DLL 单独一个 label": the route a clause takes, a known name
    (lazy(r"(?:^|[，,。]\s*)走\s*" + _NAME_X + r"(?=\s*(?:[，,。；;！!]|$))"), False, True),
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
            # "用 Vite 替换 webpack" replaces webpack: 替换 is no switch to it
            r"(?:就|都|统一|也|直接|继续|还是)?(?:用|(?<!替)换)\s*"
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
    # "用极光推送", "那就用腾讯云短信吧", "还是接微信支付": a Chinese product taken up outright,
    # alone in its clause
    (
        lazy(
            r"^(?:嗯|好|行|ok|OK)?[，,\s]*(?:那就?|就|还是|先)?\s*(?:用|选|上|接入?|换成|改用)\s*"
            rf"(?P<x>{ZH_PRODUCT})\s*(?:吧|就行|就好)?(?=[，,。！!；;]|$)"
        ),
        False,
        True,
    ),
    # "腾讯云短信吧，我们服务器都在腾讯云", "那就极光推送吧": a Chinese product, picked
    (
        lazy(
            rf"^(?:嗯|好|行|ok|OK)?[，,\s]*(?:那就?|就|还是)?\s*(?P<x>{ZH_PRODUCT})\s*吧(?=[，,。！!；;]|$)"
        ),
        False,
        True,
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
    # "构建换 Vite 5，vue-cli 不要了": a part, then the name it changes to (not "不行再换 sbatch",
    # "先别换", nor the 换 of 切换, 替换, 转换)
    (
        lazy(
            # (the part is no topic: a version after the name is what the part changes to)
            r"(?:^|[，,。；;]\s*)[\u4e00-\u9fff]{2,6}?(?<![再别不没想要先替切转交更兑])"
            r"(?:就|也|都|统一)?换(?:成|到)?\s*"
            r"(?P<x>[A-Za-z][\w.+#-]*(?:\s+v?\d+(?:\.\d+){0,2})?)\s*(?=[，,；;。！!]|$)"
        ),
        False,
        False,
    ),
    # "incremental_strategy 用 insert_overwrite", "runtimeVersion 用 policy: fingerprint": a
    # setting named as code, and the value it is given
    (
        lazy(
            r"(?:^|[，,；;。]\s*)(?P<topic>[A-Za-z_][\w.]*(?:_\w+|[a-z][A-Z]\w*))\s*"
            r"(?:就|都|统一|也|还是)?(?:用|设成|设为|改成|改为|定成|定为)\s*[`'\"]?"
            # (not "policy: fingerprint", a setting of its own)
            r"(?P<x>[A-Za-z0-9_](?:[\w./ -]|:(?!\s)){0,40}?)[`'\"]?\s*吧?(?=[，,；;。！!]|$)"
        ),
        False,
        False,
    ),
    # "那就回放数据单独一张表 telemetry_replay", "ClickHouse 里建 ulog_files，字段 …": a table
    # of its own, named as code
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:那就|就|那)?\s*(?:(?P<topic>[A-Za-z][\w]*)\s*里\s*(?:建|加)|"
            r"[\u4e00-\u9fff]{0,8}?(?:单独|另外?)(?:建|加|用)?\s*(?:一张|一个)\s*(?:新)?表)\s*"
            r"(?:一张\s*)?(?:表\s*)?"
            r"`?(?P<x>[a-z][a-z0-9]*_[a-z0-9_]{2,40})`?\s*(?=[，,；;。！!]|$)"
        ),
        False,
        False,
    ),
    # "那就定 Flink CDC 吧，不用 Canal", "就挂本地盘 /cache/ccache 吧，不走 OSS": a way taken, set
    # against a name left out
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:那就|就|那)\s*(?:定|用|选|改成|换成)?\s*"
            r"(?P<x>(?![^，,。；;]*[你他她吗？?])(?!就?先?(?:这|那)(?:样|个|么|种))"
            r"[^，,。；;\s][^，,。；;]{0,40}?)\s*吧[，,]\s*"
            r"不(?:走|用|上|要)\s*(?P<gone>[A-Za-z0-9][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*)?)"
            r"\s*了?(?=[，,。；;！!]|$)"
        ),
        False,
        False,
    ),
    # "那就定 External Secrets Operator 吧": a known name settled on
    (
        lazy(
            r"(?:^|[，,。；;]\s*)(?:那就|就|那|好|ok)\s*定\s*"
            r"(?P<x>[A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,3})\s*(?:吧|了)?"
            r"(?=[，,；;。！!]|$)"
        ),
        False,
        False,
    ),
)
