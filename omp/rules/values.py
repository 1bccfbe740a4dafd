"""Values a sentence gives.

Versions, addresses, commands, named settings, storage locations and routes.
"""

from __future__ import annotations

import re

from omp.lazyre import ignorecase_fold, lazy
from omp.rules.dialogue import is_question, tentative
from omp.rules.facts import (
    EARLIER_ZH,
    NOT_STACK,
    OTHERS_STACK_ZH,
    STACK_WISH,
    WEIGHING,
    settled,
)
from omp.rules.lexicon import (
    KNOWN_VERSIONED,
    ROLE_OF,
    TECH,
    VERSIONED,
    is_han,
    role_for,
    role_of_name,
    technologies,
)
from omp.rules.signals import CONDITION, NEGATED, QUESTION, TENTATIVE
from omp.rules.text import CLAUSE, VERSION, is_chinese

# a rate: "100 requests per minute", "20 req/s", "5 calls per second"
_PER_TIME = (
    r"(?:(?:requests?|reqs?|calls?|messages?|msgs?|jobs?|events?)\s*)?"
    r"(?:/|per\s+)(?:second|sec|s|minute|min|hour|hr|h|day)\b"
)


_WEIGHING = lazy(r"(?i)" + WEIGHING)


# a value ends where no letter or digit goes on ("30 分钟吧": a Chinese particle may follow)
_VALUE_END = r"(?!(?![\u4e00-\u9fff])\w|\.\d)"


_SETTING = lazy(
    # whose setting it is, a word before it (`_owner`): "ssh 端口 22022", "request timeout 30s"
    r"(?i)(?:(?<![\w.-])(?P<owner>[A-Za-z][A-Za-z0-9-]{1,15})[ \t]+)?"
    r"(?P<key>[\w.-]*(?:line[-_ ]length|max[-_ ]line|timeout|ttl|port|coverage(?: threshold)?|"
    r"threshold|retries|pool[-_ ]size|batch[-_ ]size|rate[-_ ]limit|node version|python version|"
    r"region|replicas|min ?sdk|compile ?sdk|target ?sdk|"
    # "the upload limit is 20MB", "max body size 10MB", "backoff 2s", "concurrency: 8"
    r"(?:max(?:imum)?[-_ ])?(?:upload|file|body|request|payload|attachment)[-_ ]"
    r"(?:size[-_ ])?(?:limit|cap|max)|max(?:imum)?[-_ ](?:upload|file|body|request|payload)"
    r"(?:[-_ ]size)?|size[-_ ]limit|memory[-_ ]limit|cpu[-_ ]limit|page[-_ ]size|backoff|"
    r"concurrency|max[-_ ]connections|max[-_ ]retries|retention(?:[-_ ]period)?|"
    r"poll(?:ing)?[-_ ]interval|"
    r"端口(?!范围|号段|区间)|超时时间|超时|副本数|重试次数|覆盖率|连接池(?:大小)?|最大连接数|并发数|"
    r"(?:轮询|心跳|刷新|同步|采样|上报)间隔|"
    r"线程数|批大小|(?<=查询|告警|报警)阈值|"
    # "文件上传大小限制设为 10MB", "消息重试最多 3 次"
    r"(?:上传|请求体|文件)(?:文件)?大小(?:限制|上限)?|(?:上传|大小)限制|重试(?:上限)?(?=\s*(?:最多|不超过))|"
    r"保留(?:时间|期|天数)|(?<=日志|数据|备份|快照|消息|指标)保留|有效期|过期时间"
    # "…，每天大概 4 亿行，保留 400 天": a clause that opens by keeping for a number of days
    r"|(?<=[，,；;])\s*保留(?=\s*\d+\s*(?:天|个月|年|小时)))"
    r"[\w.-]*)(?![\w.-])\s*(?:我们|先)?\s*"
    # "Retries should be 5", "Cap retries at 3", "keep the page size at 50"
    r"(?:=|:|is|are|to|should be|must be|stays? at|at|还是|是|为|改为|设为|设置为|保持|of|on|用|"
    r"定为?|定成|设成|给|要求|不低于|至少|最多|不超过|改成?|改到|调到|调成|降到|提到|升到)?\s*"
    r"(?P<value>\d+(?:\.\d+)?\s*(?:%|ms|minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|s|m|h|rps|"
    r"/min|分钟|秒|小时|天|个月|[KMG]B?(?![a-z])|" + _PER_TIME + r")?)" + _VALUE_END
)


_SETTING_ZH = {"端口": "port", "超时时间": "timeout", "超时": "timeout", "副本数": "replicas",
               "连接池大小": "pool_size", "连接池": "pool_size", "最大连接数": "max_connections",
               "并发数": "concurrency", "线程数": "threads", "批大小": "batch_size",
               "重试次数": "retries", "保留": "retention", "覆盖率": "coverage",
               "有效期": "ttl", "过期时间": "ttl", "上传": "upload_max_size", "大小": "max_size",
               "重试": "retries", "慢查询阈值": "slow_query_threshold",
               "阈值": "threshold", "轮询间隔": "poll_interval", "心跳间隔": "heartbeat_interval",
               "刷新间隔": "refresh_interval", "同步间隔": "sync_interval",
               "采样间隔": "sample_interval", "上报间隔": "report_interval"}  # fmt: skip


_REGION = lazy(
    r"(?<![\w-])((?:us|eu|ap|sa|ca|me|af|il|cn)-(?:north|south|east|west|central|northeast|"
    r"southeast|northwest|southwest)-\d|(?:us|europe|asia|australia|southamerica)-"
    r"(?:north|south|east|west|central|northeast|southeast)\d"
    # Alibaba Cloud and Tencent Cloud name theirs by city: "cn-hangzhou", "ap-guangzhou"
    r"|(?:cn|ap)-(?:beijing|shanghai|hangzhou|shenzhen|guangzhou|chengdu|chongqing|nanjing|"
    r"qingdao|zhangjiakou|huhehaote|wulanchabu|heyuan|fuzhou|wuhan|hongkong|singapore|tokyo|"
    r"seoul|mumbai|bangkok|jakarta|manila)(?:-fsi)?)(?![\w-])"
)


_RESOURCE = lazy(
    r"(?i)(?:\b(?P<key>bucket|namespace|cluster|topic|database name|db name|project id|"
    r"queue name|table|configuration set|key ?prefix|prefix|consumer group|index name|alias|"
    r"queue|stream key)(?![\w-])"
    r"|(?P<kz>桶名?|存储桶|集群|命名空间|队列名?|索引名?|别名|消费组|数据库名|库名|"
    r"(?<![列图代报发时仪])表(?![格示达单情])名?))"
    r"\s*(?:name\s+|名字|名称|名)?\s*"
    r"(?:(?:is|should be|will be|stays)\s+|named\s+|called\s+|=\s*|[:：]\s*|"
    # "bucket 用现有的 haituo-product-img": the one the project has
    r"(?:就|都|统一|还是)?(?:是|叫|用)\s*(?:现有的|已有的|原来的)?\s*)?"
    r"[`'\"]?(?P<value>[a-z0-9][a-z0-9.]*[-_][\w.-]{1,60}|[a-z0-9]+\d[\w.-]*|"
    # "stream key 就用 mm:events": a key of parts joined by colons
    r"[a-z][\w-]*(?::[\w{}-]+)+(?![\w:/])|"
    r"[a-z][a-z0-9]*(?:\.[a-z0-9]+){1,}|[a-z][\w.-]*(?:/[\w{}\u4e00-\u9fff.+#-]+)+/?)[`'\"]?"
    # "consumer group 叫 allocator", "W&B 的 project 名叫 invoice-ocr": a name given it
    r"|(?P<k4>\b(?:project(?=\s*(?:名字?|名称)?\s*(?:就|也)?\s*(?:叫|名叫))|namespace|"
    r"consumer group|topic|queue|bucket|stream(?: key)?)(?![\w-])|"
    r"命名空间|消费组|队列)\s*(?:名字?|名称|name)?\s*(?:就|也|都|统一|还是)?\s*"
    r"(?:叫做?|名叫|is (?:called|named)|named|called)\s*[`'\"]?"
    r"(?P<v4>[a-z][a-z0-9]{2,30}(?:[-_.][a-z0-9]+)*)(?![\w:/])[`'\"]?"
    r"|[`'\"](?P<v2>[a-z0-9][a-z0-9.]*[-_][\w.-]{1,60})[`'\"]\s*"
    r"(?P<k2>bucket|namespace|cluster|topic|queue|table)\b"
    # "use the TRANSFORM_WH warehouse", "生产用 esp32s3-prod 这个 env": a name, then its kind
    r"|(?:\bthe\s+|用\s*)(?!\w+-(?:scoped|based|level|wide|only|side|aware|safe|specific)\b)"
    r"(?P<v3>[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)\s*(?:这个\s*)?"
    r"(?P<k3>warehouse|bucket|cluster|topic|queue|namespace|env|profile|workspace)\b"
    r"(?!\s*var)"
)


_RESOURCE_ZH = {"桶": "bucket", "桶名": "bucket", "存储桶": "bucket", "集群": "cluster",
               "表": "table", "表名": "table",
               "命名空间": "namespace", "队列": "queue", "队列名": "queue", "索引": "index",
               "索引名": "index", "别名": "alias", "消费组": "consumer_group",
               "数据库名": "database_name", "库名": "database_name"}  # fmt: skip


_APP_SETTING = lazy(
    r"(?i)(?:\b|(?<=[\u4e00-\u9fff]))(?P<key>bundle id(?:entifier)?|package name|application ?id|"
    r"app group(?: id)?|(?:应用)?包名|min(?:imum)? deployment target|deployment target)\s*"
    # "deployment target 改成 iOS 16.0": set with the choice that needs it, as a setting is
    r"(?:is|will be|=|:|是|为|(?:is\s+)?(?:set|changed|moved)\s+to|改成|改为|设为|设成|定为)?"
    r"\s*[`'\"]?"
    r"(?P<value>[a-z][\w-]*(?:\.[\w-]+){2,}|(?:iOS|iPadOS|macOS|Android)\s*\d+(?:\.\d+)?)"
)


# "we target iOS 17+", "the app is targeting Android 14": the oldest system the app runs on
_TARGETS_SYSTEM = lazy(
    r"(?i)\b(?:we|we're|we are|it|it's|it is|app|the app is)\s+(?:target|targets|targeting)\s+"
    r"(?:only\s+)?(?P<value>(?-i:iOS|iPadOS|macOS|watchOS|tvOS|visionOS|Android)\s*\d+(?:\.\d+)?\+?)"
)


_UNIT = (
    r"(?:%|ms|minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|[KMGT]i?B|[kmg]b|s|m|h|d|rps|/min|"
    r"秒|分钟|小时|天|" + _PER_TIME + r")?"
)


_SNAKE_SETTING = lazy(
    r"\b(?P<key>[a-z][a-z0-9]*_[a-z0-9_]+)(?:\s*(?:=|:|是|为|用|设成|改成|设为|设置为|改为|定成|定为|"
    r"调成|调到|给|就)\s*"
    # "dagrun_timeout is 45 minutes", "bring dagrun_timeout down to 40 min", "max_workers to 16"
    r"|\s+(?:(?:is|are|at|(?:down |up )?to|stays(?: at)?)\s+)?)"
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END
)


# "use groupSize 128MB on read", "maxPoolSize = 20": a setting named in camel case, as code
# names it, and its number (a head of two letters or more: not "iPhone 15", "jQuery 3")
_CAMEL_SETTING = lazy(
    r"(?<![\w.$/:-])`?(?P<key>[a-z]{2,}(?:[A-Z][a-z0-9]+)+)`?"
    r"(?:\s*[=:]\s*|\s+(?:(?:is|at|to|stays(?: at)?)\s+)?)"
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END + r"(?!\s*[-~]\s*\d)"
)


# "DOWNLOAD_DELAY 设 2 秒", "max-poll-records 改 200", "SeatLockTTL: 600": a setting named as
# the configuration names it (upper snake, kebab or camel case), then the value it is given
_NAMED_KEY_SETTING_ZH = lazy(
    r"(?<![\w.$/:-])(?P<key>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
    r"|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)"
    r"\s*(?:=|:|：|设为|设成|设置为|设|改成|改为|改|调到|调成|定成|定为|定|是|为|用|默认(?:为|是|值为?)?)\s*"
    # "server-id 改成 6401-6404": a range is no one value
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END + r"(?!\s*[-~]\s*\d)"
)


# "OUTBOX_POLL_MS=500", "Set MAX_CONNECTIONS to 200", "configurable via OUTBOX_POLL_MS, default
# 500": a variable named as the environment names it (upper snake case), and its number
_NAMED_KEY_SETTING_EN = lazy(
    # not "p99 for GET_USER is 300ms": a thing measured
    r"(?<![\w.$-])(?<!\bfor )(?<!\bof )`?(?P<key>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`?"
    r"(?:\s*[=:]\s*|\s+(?:to|is|defaults?\s+to|at)\s+|,?\s+(?:with\s+)?(?:a\s+)?default"
    r"(?:\s+(?:of|is))?\s+)`?"
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END + r"(?!\s*[-~]\s*\d)"
)


_CHANGED_TO = lazy(
    r"(?:改成|改为|调到|调成|降到|\bchanged? to|\bto|\bmake it|->|→)\s*(\d+(?:\.\d+)?\s*"
    + _UNIT
    + r")"
    + _VALUE_END
)


_PATH_SETTING = lazy(
    r"(?i)\b(?P<key>(?:[a-z][a-z0-9_]{0,40})?(?:dir|path|root|folder))\s*"
    r"(?:就用|用|是|为|=|:|改成|设成|定成|should be|is now|will be|is)"
    r"\s*[`'\"]?(?P<value>(?:/|~/|s3://|gs://)[\w./~-]+)"
)


# "ClusterIssuer 名字叫 letsencrypt-prod", "the IAM role is named ci-deployer"
_NAMED_THING = lazy(
    r"(?P<key>[A-Z][A-Za-z]{2,30})\s*(?:的)?(?:名字|名称|name)\s*(?:叫|是|为|is)\s*[`'\"]?"
    r"(?P<value>[a-z0-9][\w.-]*[-_.][\w.-]+)"
)


_PREFIX = lazy(
    r"(?i)\bkey ?prefix\s*(?:is|=|:|用|是)?\s*[`'\"]([\w:./-]+)[`'\"]"
    # "key 前缀统一为 yzb:", "key 前缀用 `sess:`": a prefix ending in its separator
    r"|\bkey\s*前缀\s*(?:统一)?(?:为|是|用|改成|改为|定为)\s*[`'\"]?([\w.-]+[:_/])(?![\w:])"
)


# "cron 定成 0 30 9 * * ?", "schedule 设 `0 3 * * *`": a cron expression named as the schedule
_CRON = lazy(
    r"(?i)(?<![\w-])(?:cron(?:tab)?|schedule)(?:\s*表达式)?\s*(?:就|都|还是)?\s*"
    r"(?:定成|定为|设成|设为|设置为|设|改成|改为|是|为|用|=|:|：)\s*[`'\"]?"
    r"(?P<cron>(?:[\d*?/,LW#-]+|MON|TUE|WED|THU|FRI|SAT|SUN)(?:\s+(?:[\d*?/,LW#-]+|"
    r"(?:MON|TUE|WED|THU|FRI|SAT|SUN)(?:-(?:MON|TUE|WED|THU|FRI|SAT|SUN))?)){4,6})"
    r"(?![\w*?])"
)


# "对账任务放在 Airflow 里，每天 06:30 跑": the time of day a job runs at
_DAILY_RUN = lazy(
    r"(?P<when>(?:每天|每日|每晚|工作日)\s*(?:凌晨|早上|上午|中午|下午|晚上)?\s*\d{1,2}[:：]\d{2})"
    r"\s*(?:定时)?(?:跑|执行|运行|触发|启动)"
)


# "the nightly backup runs via cron (0 2 * * *)", "schedule: `*/15 * * * *`": a cron expression
# quoted in a sentence about when a job runs
_CRON_QUOTED = lazy(
    r"(?i)\b(?:cron(?:tab)?|schedule[ds]?|runs?|every|nightly|daily|hourly|job)\b.{0,60}?"
    r"[(`'\"](?P<cron>[\d*?/,-]+(?:\s+[\d*?/,LW#A-Z-]+){4,5})[)`'\"]"
)


# "the report runs every day at 6:30", "fires nightly at 2am UTC": the time of day a job runs
_DAILY_RUN_EN = lazy(
    r"(?i)\b(?:runs?|fires?|kicks? off|triggers?|is scheduled|goes out|executes?)\s+"
    r"(?P<every>every day|daily|nightly|every night|each night|every morning|every weekday)"
    r"\s+at\s+(?P<at>\d{1,2}(?::\d{2})?\s*(?:am|pm)?(?:\s*(?:UTC|GMT|CET|PST|EST|CST|JST))?)"
    r"(?![\w:])"
)


# the scheduler a sentence names beside the schedule ("用 xxl-job，每天 02:30 跑")
_SCHEDULER = lazy(
    r"(?i)(?<![\w@/-])(?:xxl-?job|airflow|dagster|prefect|celery beat|quartz|k8s cronjob|cronjob|"
    r"crontab|apscheduler|@scheduled|@nestjs/schedule)(?![\w-])"
)


def schedule(sentence: str) -> str | None:
    """The schedule a sentence sets for a job: a cron expression or a daily time it runs at.

    With the scheduler the sentence names: "对账任务放在 Airflow 里，每天 06:30 跑" gives
    "Airflow 每天 06:30".
    """
    if ((m := _CRON.search(sentence)) and re.search(r"[*?]", m["cron"])) or (
        (m := _CRON_QUOTED.search(sentence)) and "*" in m["cron"]
    ):
        when = m["cron"]
    elif m := _DAILY_RUN.search(sentence):
        when = m["when"].replace("：", ":")
    elif m := _DAILY_RUN_EN.search(sentence):
        when = f"{m['every'].lower()} at {m['at'].strip()}"
    else:
        return None
    by = _SCHEDULER.search(sentence)
    return f"{by[0]} {when}" if by and not re.match(r"(?i)cron", by[0]) else when


_JOB_NAME = lazy(r"`?(?P<job>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?")


def _job_key(sentence: str, when: str) -> str:
    """The key of a schedule: of the job named just before it, else "schedule".

    "Changed `purge_stale_carts` to `cron: "0 * * * *"`" gives purge_stale_carts_schedule.
    """
    at = sentence.find(when)
    before = sentence[max(0, at - 50) : at] if at > 0 else ""
    jobs = list(_JOB_NAME.finditer(before))
    return f"{jobs[-1]['job']}_schedule" if jobs else "schedule"


# words one of the settings' patterns needs, looked for in ASCII text folded to lower case
_SETTING_NAMES = ("cron", "schedule", "prefix", "bundle id", "application", "deployment target",
                  "target", "name", "* *", "every", "daily", "nightly")  # fmt: skip


def may_state_settings(sentence: str) -> bool:
    """False when `sentence` has nothing any of `settings`' patterns needs.

    Every way of stating a setting needs one of: a character outside ASCII (Chinese keys,
    "每天 06:30"), a "/" (a path) or "_" (a snake-case key), a word of `_SETTING_NAMES` or a
    resource's kind, or a digit with a "-" (a region) or a setting's word (`_SETTING_WORD`).
    A commit subject such as "feat: add bench feature 3" has none, and spares `settings`
    about a dozen patterns to compile.
    """
    if not sentence.isascii() or "/" in sentence or "_" in sentence:
        return True
    if (
        "." in sentence
        and ("=" in sentence or ": " in sentence)
        and _DOTTED_SETTING.search(sentence)
    ):
        return True  # "max.poll.records=500"
    lower = sentence.lower()  # ASCII: what IGNORECASE matches
    if any(word in lower for word in _SETTING_NAMES) or may_name_a_resource(sentence):
        return True
    return any(c.isdigit() for c in sentence) and (
        "-" in sentence
        or _SETTING_WORD.search(sentence) is not None
        or _PART_ON_PORT.search(sentence) is not None  # "the docker db on 5433"
        or _PROTOCOL_PORT.search(sentence) is not None  # "over TLS on 8883"
        or _CAMEL_SETTING.search(sentence) is not None  # "groupSize 128MB"
    )


def settings(sentence: str, *, named_keys: bool = True) -> dict[str, str]:
    """The configuration values a sentence states ("line-length stays 100"), by key.

    A region, a key prefix, named resources (bucket, namespace, topic, ...) and one numeric
    setting: "bucket 是 acme-uploads-prod，region ap-northeast-1" gives both. `named_keys`:
    a Chinese sentence's keys named as configuration names them count ("DOWNLOAD_DELAY 设 2
    秒"); a commit message's are left to the commit rules.
    """
    if not may_state_settings(sentence):
        return {}
    return _settings(sentence, named_keys=named_keys)


# "torchrun --nproc_per_node=8 train.py trainer.batch_size=32", "加了 `--length_required 50`":
# a flag of a command line, and the overrides (`a.b=32`) a command line with flags passes
_FLAG = lazy(r"(?<![\w-])--(?P<name>[A-Za-z][\w-]*)(?=[= ]\S)")
_OVERRIDE = lazy(r"(?<![\w.-])\+?(?P<name>[A-Za-z]\w*(?:\.\w+)+)=\S")


def run_arguments(sentence: str) -> set[str]:
    """The keys of settings a sentence gives as the arguments of one run of a command.

    "launching now with torchrun --nproc_per_node=4": that run's argument, as often changed at
    the next run as kept, not a setting the project holds. Keys as `settings` writes them:
    `trainer.batch_size=32` gives trainer_batch_size and batch_size.
    """
    flags = {m["name"] for m in _FLAG.finditer(sentence)} if "--" in sentence else set()
    if flags:
        for m in _OVERRIDE.finditer(sentence):
            flags |= {m["name"], m["name"].rsplit(".", 1)[-1]}
    return {re.sub(r"[^a-z0-9]+", "_", name.lower()) for name in flags}


# "报错了：ConnectionError: max_retries=3 exceeded", "the log keeps printing worker_count=2",
# "kafka 报 fetch_max_bytes=52428800 超了": values read off an error, a log or the output, which
# say what happened in one run, not what the project sets
_OBSERVED = lazy(
    r"(?i)报错|报了|报出|(?<![周日月汇简年预播快情海电举公])报\s*(?=[A-Za-z`'\"])|告警|警告|异常|"
    r"堆栈|爆显存|\bOOM\b|(?:日志|输出|控制台|终端|\blogs?)\s*(?:里|中|上)|输出\s(?=\s*[A-Za-z`])|"
    r"(?:日志|输出|控制台|终端)?(?:显示|打印)(?:了|出|说|的是)?|(?:日志|输出|控制台|终端)提示|"
    # "超过 5 分钟就提示失败": what the product shows its user, not output read
    r"提示(?:了|出|说|的是|信息)|"
    r"\b(?:errors?|exceptions?|traceback|stack ?trace|warn(?:ing)?|panic(?:ked)?|crash(?:ed|es)?|"
    r"fail(?:s|ed|ing)?|stderr|stdout)\b|\b\w+(?:Error|Exception)\b|"
    r"\b(?:logs?|console|output|terminal)\s+(?:says?|shows?|showing|reads?|prints?|printed|"
    r"keeps? (?:printing|saying|showing))\b|\bin the (?:logs?|output|console|terminal)\b"
)


# "报错了，我把 timeout 改成 60": a value the person sets, whatever error came before
_SET_BY_US = lazy(
    r"(?i)设成|设为|设置为|设置成|改成|改为|调到|调成|调大|调小|定成|定为|降到|升到|加到|配成|"
    r"写进|写死|\b(?:set|sets|setting|changed?|bump(?:ed)?|raised?|lowered?|increased?|"
    r"decreased?|configured?)\b"
)


# "比如你可以设置 batch_size=64 之类的", "e.g. something like `max_conn = 50`": a value given as
# an example of what could be set
_EXAMPLE = lazy(
    r"(?i)比如|例如|举个?例子?|例子|譬如|之类|\be\.g\.|\bfor (?:example|instance)\b|\bsuch as\b|"
    r"\bsomething like\b|\blike if\b"
    # what others' docs show: "In the docs they use retries=5 as an example", "文档里写的是 …"
    r"|\bas an example\b|\bin (?:the|their) (?:docs|documentation|tutorial|quickstart)\b|"
    r"\bthe (?:docs|tutorial|quickstart) (?:uses?|says?|shows?)\b|文档里|示例"
)


# "page_size=20 试了下不行", "上次试了 batch_size=64 显存不够", "tried max_conn 50, same
# thing": a value tried in one run
_TRIED = lazy(r"(?i)试了|试一下|试试|试过|\b(?:tried|trying)\b")


def read_not_set(sentence: str) -> bool:
    """Whether the values of a sentence are read off an error, a log or an example, or tried.

    "日志里显示 pool_size=10", "got this error: TimeoutError after timeout=5000ms", "e.g.
    `max_conn = 50`"; but "the error went away after I set max_retries to 5" sets it.
    """
    if _EXAMPLE.search(sentence) or _TRIED.search(sentence):
        return True
    return _OBSERVED.search(sentence) is not None and not _SET_BY_US.search(sentence)


_MOVED_BETWEEN = lazy(r"(?i)迁到|迁移到|切到|换到|搬到|改到|改成|\bto\b|->|→")


# "我刚临时把请求超时改成 60s 了方便打断点调试", "bumped the timeout temporarily to debug": a
# value set for a while, not the project's setting
_FOR_NOW_ONLY = lazy(
    r"(?i)临时|暂时改|方便(?:打断点|调试|排查)|调试用|\btemporar(?:y|ily)\b|\bfor debugging\b|"
    r"\bwhile (?:I|we) debug"
)


# "lr 3e-4 with cosine decay, warmup 500 steps": a model's training settings, a rate as
# training configs write it (3e-4, 0.0003)
_TRAINING_SETTING = lazy(
    r"(?i)(?<![\w.-])(?P<key>lr|learning[-_ ]rate|weight[-_ ]decay|warmup(?:[-_ ]steps)?|dropout|"
    r"label[-_ ]smoothing)\s*(?:=|:|is|of|at|to)?\s*"
    r"(?P<value>\d+(?:\.\d+)?(?:e-?\d+)?(?:\s*(?:steps|epochs)\b)?)(?![\w%]|\.\d)"
)


def _training_settings(sentence: str) -> dict[str, str]:
    """A model's training settings a sentence gives ("lr 3e-4", "warmup 500 steps"), by key."""
    return {
        re.sub(r"[-\s]+", "_", m["key"].lower()): m["value"]
        for m in _TRAINING_SETTING.finditer(sentence)
    }


def _app_settings(sentence: str, found: dict[str, str]) -> None:
    """Add an app's identity and target ("bundle id …", "we target iOS 17+") to `found`."""
    for m in _APP_SETTING.finditer(sentence):
        key = "package_name" if m["key"].endswith("包名") else m["key"].lower().replace(" ", "_")
        found.setdefault(key, m.group("value"))
    if (aimed := _TARGETS_SYSTEM.search(sentence)) is not None:
        found.setdefault("deployment_target", aimed["value"])


def _settings(sentence: str, *, named_keys: bool) -> dict[str, str]:
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or _FOR_NOW_ONLY.search(sentence):
        return {}
    when = schedule(sentence)
    found: dict[str, str] = {_job_key(sentence, when): when} if when else {}
    regions = list(_REGION.finditer(sentence))
    if regions:
        # "region 从 ap-southeast-1 迁到 ap-northeast-1", "moved from us-west-2 to us-east-1":
        # where it is now
        moved = len(regions) > 1 and _MOVED_BETWEEN.search(
            sentence, regions[0].end(), regions[-1].start()
        )
        found["region"] = (regions[-1] if moved else regions[0]).group(1)
    if not NEGATED.search(sentence):
        found |= {k: v for k, v in _named_resources(sentence).items() if k not in found}
    # a key prefix goes with the keys' other settings ("key 前缀统一为 yzb:，默认 TTL 10 分钟")
    prefix = _PREFIX.search(sentence)
    if found:
        if prefix is not None:
            found.setdefault("key_prefix", prefix.group(1) or prefix.group(2))
        return found  # a sentence naming resources uses numbers for other things
    if prefix is not None:
        found["key_prefix"] = prefix.group(1) or prefix.group(2)
    _app_settings(sentence, found)
    for m in _PATH_SETTING.finditer(sentence):
        value = m.group("value").rstrip(".,;:")
        if value not in route_facts(sentence).values():  # "the probe path is /readyz": a route
            found.setdefault(m.group("key").lower(), value)
    for m in _NAMED_THING.finditer(sentence):
        found.setdefault(m.group("key").lower(), m.group("value").rstrip(".,;:"))
    return {**_numeric_settings(sentence, named_keys=named_keys), **_training_settings(sentence),
            **_lifetimes(sentence), **found}  # fmt: skip


_SPAN = (
    r"(?P<v>\d+(?:\.\d+)?\s*"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|[smhd])\b)"
)

# "JWT tokens expire after 15 minutes, refresh tokens after 30 days", "we keep logs for 14 days",
# "backups are retained for 35 days": how long a kind of thing lives, by its noun
_NOUN = r"(?!(?:to|will|should|must|can|and|set|the)\b)[a-z][\w-]*"
_LIFETIME = lazy(
    r"(?i)\b(?P<a>" + _NOUN + r"(?:\s+" + _NOUN + r")?)\s+(?:to\s+|will\s+|should\s+)?"
    r"(?:expire|expires|"
    r"(?:are|is)\s+valid)\s+(?:after|in|for)\s+"
    + _SPAN
    + r"|\b(?:keep|keeps|retain|retains)\s+(?:the\s+|our\s+|all\s+)?"
    r"(?P<b>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:for|around for)\s+"
    + _SPAN.replace("?P<v>", "?P<w>")
    + r"|\b(?P<c>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:are|is|get|gets)\s+(?:kept|retained|"
    r"stored)\s+for\s+"
    + _SPAN.replace("?P<v>", "?P<x>")
    # "…, refresh tokens after 30 days": the next kind, by the same verb
    + r"|(?<=, )(?P<d>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+after\s+"
    + _SPAN.replace("?P<v>", "?P<y>")
)

# nouns that are no kind of thing the project keeps: "we keep it for 2 days", "I keep them …"
_NOT_A_KIND = lazy(r"(?i)(?:it|them|this|that|these|those|things|me|you|us|going|trying|\w+ing)$")


def _lifetimes(sentence: str) -> dict[str, str]:
    """How long the project keeps a kind of thing, or how soon it expires, by the thing's noun."""
    found: dict[str, str] = {}
    verbs = "expire" in sentence.lower()
    for m in _LIFETIME.finditer(sentence):
        noun = m["a"] or m["b"] or m["c"] or m["d"]
        if (m["d"] and not verbs) or _NOT_A_KIND.search(noun):
            continue
        noun = re.sub(r"(?i)^(?:the|our|all|and|but)\s+", "", noun)
        kind = "ttl" if m["a"] or m["d"] else "retention"
        key = re.sub(r"[^a-z0-9]+", "_", noun.lower()).strip("_")
        found.setdefault(f"{key}_{kind}", (m["v"] or m["w"] or m["x"] or m["y"]).strip())
    return found


# every match of _RESOURCE holds one of these kind words: a cheap test that spares most
# sentences (and every commit subject without one) the costly pattern
_RESOURCE_WORDS = (
    "bucket", "namespace", "cluster", "topic", "database name", "db name", "project", "queue",
    "table", "configuration set", "prefix", "consumer group", "index name", "alias", "warehouse",
    "env", "profile", "workspace", "stream", "桶", "集群", "命名空间", "队列", "索引", "别名",
    "消费组", "表", "库名",
)  # fmt: skip


def may_name_a_resource(sentence: str) -> bool:
    """False when `sentence` holds no kind word, so that it names no bucket, topic, table ..."""
    folded = ignorecase_fold(sentence)
    return any(word in folded for word in _RESOURCE_WORDS)


def _named_resources(sentence: str) -> dict[str, str]:
    """The buckets, namespaces, topics, tables ... a sentence names, by kind."""
    found: list[tuple[str, str, str | None]] = []
    if not may_name_a_resource(sentence):
        return {}
    for resource in _RESOURCE.finditer(sentence):
        named = next(resource[k] for k in ("key", "k2", "kz", "k3", "k4") if resource[k])
        key = _RESOURCE_ZH.get(named, named).lower().replace(" ", "_")
        group = next(k for k in ("value", "v2", "v3", "v4") if resource[k])
        value = resource[group]
        # "bucket 是 s3://logs/" is a location (storage_locations); "集群是 k8s 1.30" a kind
        if sentence.startswith("://", resource.end(group)) or role_of_name(value):
            continue
        if re.fullmatch(r"v?\d+(?:\.\d+)*", value):  # "集群是 23.8 版本": a version, no name
            continue
        if group == "value" and _used_for(sentence, resource.start(group), resource.end(group)):
            continue
        if _KEY_COLUMNS.match(sentence, resource.end(group)):
            continue  # "cluster customer_id + event_type": the columns it clusters by
        if named.startswith("索引") and _INDEXING.search(sentence):
            continue  # "索引用 ik_max_word，查询用 ik_smart": indexing, beside querying
        found.append((key, value.rstrip("."), env_before(sentence, resource.start())))
    return _keyed_by_env(found)


# "索引用 ik_max_word 分词", "topic 用 key-hash 分区": what a resource uses to do something is
# an option of it (an analyzer, a strategy), not its name; "表用 t_order 存订单" holds things
# in the one named, and "队列就用 email-jobs" names the one to use
_USES_BEFORE = lazy(r"(?<![就都一])用\s*[`'\"]?$")
_DOES_AFTER = lazy(
    r"[`'\"]?\s*(?:来|做|进行|去)?(?!这|那|的|吧|了|呢|啊|存|放|装|记|保存)[\u4e00-\u9fff]"
)


# "索引时用 ik_max_word", "索引 ik_max_word、查询 ik_smart": 索引 is the act of indexing when the
# sentence says so or sets querying beside it, and what follows is what it is done with
_INDEXING = lazy(
    r"索引(?:时|的时候)|(?:查询|检索|搜索)(?:时|的时候)?\s*(?:用|走|是)?\s*[`'\"]?[a-z]"
)


_KEY_COLUMNS = lazy(r"[`'\"]?\s*\+\s*[`'\"]?[a-z]")


def _used_for(sentence: str, start: int, end: int) -> bool:
    """Whether the value at `start:end` is what a resource uses to do something."""
    return (
        _USES_BEFORE.search(sentence, max(0, start - 4), start) is not None
        and _DOES_AFTER.match(sentence, end) is not None
    )


# a word every key of `_SETTING` holds: a cheap test that spares a sentence without one (most
# commit subjects) the costly pattern, as `_MOVE_WORD` does for `_VERSION_MOVE`
_SETTING_WORD = lazy(
    r"(?i)line[-_ ]length|max[-_ ]line|timeout|ttl|port|coverage|threshold|retries|pool[-_ ]size|"
    r"batch[-_ ]size|rate[-_ ]limit|node version|python version|region|replicas|sdk|limit|cap|"
    r"max|backoff|concurrency|retention|interval|page[-_ ]size|listen|learning[-_ ]rate|warmup|"
    r"dropout|weight[-_ ]decay|\blr\b|expire|\bkeep|\bkept\b|retain|"
    r"(?:bound|binds?|serve[sd]?|serving|runs?|running)\s+(?:on|to|at)\s|"
    r"端口|超时|副本数|重试|覆盖率|连接池|最大连接数|并发数|线程数|批大小|大小|限制|保留|有效期|过期时间|阈值|"
    r"间隔"
)


_DOMAIN_ENDS = frozenset(("com", "org", "net", "io", "cn", "dev", "app", "ai", "co", "internal"))
# "max.poll.records=500", "table.exec.source.idle-timeout: 30s": a dotted key as Java, Kafka and
# Flink configurations write them, given its number
_DOTTED_SETTING = lazy(
    r"(?<![\w.$/-])`?(?P<key>[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*){1,6})`?\s*(?:=|:\s)\s*"
    r"(?P<value>\d+(?:\.\d+)?\s*" + _UNIT + r")" + _VALUE_END + r"(?!\s*[-~]\s*\d)"
)


def _camel_settings(sentence: str, named: list[re.Match[str]]) -> list[re.Match[str]]:
    """The camel-case settings of a sentence that no setting's word already named.

    "connectTimeout: 30s" is the timeout `_SETTING` reads; "groupSize 128MB" only this one.
    """
    return [
        m for m in _CAMEL_SETTING.finditer(sentence)
        if not any(m.start() < n.end() and n.start() < m.end() for n in named)
    ]  # fmt: skip


def _numeric_settings(sentence: str, *, named_keys: bool) -> dict[str, str]:
    """Named numbers ("timeout 30s", "hls_time 4"), as changed to when the sentence says so."""
    # every way of naming a number needs a digit; `_SETTING` its word, `_SNAKE_SETTING` a "_"
    if any(char.isdigit() for char in sentence):
        # "隔壁组的 MAX_CONN 是 500" is another team's setting
        ours = named_keys and is_chinese(sentence) and not OTHERS_STACK_ZH.search(sentence)
        keyed = list(_NAMED_KEY_SETTING_ZH.finditer(sentence)) if ours else []
        if named_keys and not is_chinese(sentence) and "_" in sentence:
            keyed = list(_NAMED_KEY_SETTING_EN.finditer(sentence))
        named = list(_SETTING.finditer(sentence)) if _SETTING_WORD.search(sentence) else []
        snake = list(_SNAKE_SETTING.finditer(sentence)) if "_" in sentence else []
        # a commit's "replenishRate=50" assigns as code does, whatever its rules leave out
        snake += _camel_settings(sentence, named) if named_keys or "=" in sentence else []
        snake += [
            m for m in _DOTTED_SETTING.finditer(sentence)
            if "." in sentence and m["key"].rsplit(".", 1)[-1] not in _DOMAIN_ENDS
            and not any(m.start() < n.end() and n.start() < m.end() for n in named)
        ]  # fmt: skip
    else:
        keyed = named = snake = []
    # "MAX_CONNECTIONS": a variable's name is for the patterns of named keys, which a commit's
    # rules leave out
    named = [m for m in named if not re.fullmatch(r"[A-Z0-9]+(?:_[A-Z0-9]+)+", m["key"])]
    scores = reports_results(sentence) or any(_METRIC.search(m["key"].lower()) for m in snake)
    given: list[tuple[str, str, str | None]] = []
    for m in [*named, *snake, *keyed]:
        zh = next((w for w in _SETTING_ZH if w in m.group("key")), None)
        key = _SETTING_ZH[zh] if zh else m.group("key")  # "本地数据库端口是 5433": port
        if "owner" in m.re.groupindex and _owner(m["owner"]):
            key = f"{m['owner']}_{key}"  # "ssh 端口 22022": ssh_port
        # a dotted key keeps its dots, as its configuration writes it ("max.poll.records")
        dotted = re.fullmatch(r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+", key.lower())
        kept = r"[^a-z0-9_.-]+" if dotted else r"[^a-z0-9_-]+"
        key = re.sub(kept, "_", key.lower()).strip("_-")
        if _METRIC.search(key) or (scores and _scored(key, m.group("value"))):
            continue  # "intent_acc 0.903": a result measured, not a value set
        value = m.group("value")
        if re.search(r"(?i)cron|schedule", key) and (
            cron := re.match(
                r"[\d*?/,-]+(?:\s+[\d*?/,LW#A-Z-]+){4,5}", sentence[m.start("value") :]
            )
        ):
            value = cron[0]  # "REPORT_CRON=0 8 * * *": the whole expression
        # "heartbeat_timeout 是 10s，…，改成 3s": the value it is changed to
        # "DOWNLOAD_DELAY 设 2 秒，并发降到 8": a named key's value is the one it is given
        later = None if m in keyed else _CHANGED_TO.search(sentence, m.end())
        # not the value of a key named in between ("batch_size=32 and set the timeout to 30s")
        between = later is not None and any(
            m.end() <= o.start() < later.start() for o in [*named, *snake, *keyed]
        )
        if (
            later is not None
            and not between
            and not _SETTING.search(sentence, m.end(), later.start())
        ):
            value = _with_unit(later.group(1), value)
        value = value if " * " in f" {value} " else _compact(value)  # a cron keeps its spaces
        # "生产环境超时 5s": the key's Chinese words may hold the environment themselves
        said = _ENV_WORD.search(m["key"]) if zh else None
        env = _env(said[0]) if said else env_before(sentence, m.start("key"))
        given.append((key, value, env))
    # "prod timeout 30s, staging timeout 60s": one key twice, told apart by its environment
    # (or said to be production's or staging's: "prod max_connections = 200")
    twice = {k for k, _, _ in given if sum(k == o for o, _, _ in given) > 1}
    found = _keyed_by_env(
        [(k, v, env if k in twice or env in ("production", "staging") else None)
         for k, v, env in given]
    )  # fmt: skip
    if (port := _PORT_AFTER_ZH.search(sentence) or _LISTENS_ON.search(sentence)) is not None:
        found.setdefault("port", port["value"])
    _part_ports(sentence, found)
    return found


def _part_ports(sentence: str, found: dict[str, str]) -> None:
    """Add the ports a sentence gives parts of a service ("metrics are on 9102"), by part.

    "the service listens on 8081 and metrics are on 9102": the metrics' port is a fact of its
    own; a port the sentence already gave (the service's) and one said not to be the part's
    ("not my local db on 5432") are not.
    """
    for m in [*_PART_ON_PORT.finditer(sentence), *_PROTOCOL_PORT.finditer(sentence)]:
        if m["value"] in found.values() or _NOT_THIS.search(sentence[: m.start()][-24:]):
            continue
        found.setdefault(f"{m['part'].lower()}_port", m["value"])


def listened_port(sentence: str) -> str | None:
    """The port a sentence says a server listens on ("Container listens on 8080"), or None."""
    m = _LISTENS_ON.search(sentence)
    return m["value"] if m else None


# "服务跑在 8080 端口", "监听在 9090 端口上": the port named after its number
_PORT_AFTER_ZH = lazy(r"(?:跑|运行|监听|起|开|部署)在\s*(?P<value>\d{2,5})\s*端口")
# "the API listens on 8081", "it's bound to :9000", "runs on 8080": a server's port, said with
# what servers do (a number of two digits or fewer is no port: "runs on 16 cores")
_LISTENS_ON = lazy(
    r"(?i)\b(?:listens?|listening|bound|binds?|serve[sd]?|serving|runs?|running)\s+(?:on|to|at)\s+"
    r"(?:port\s+)?(?:(?:localhost|0\.0\.0\.0|127\.0\.0\.1)?:)?"
    r"(?P<value>(?<=port )[1-9]\d{1,4}|[1-9]\d{2,4})"  # "port 80", or three digits or more
    # a sentence's full stop may end it ("the API listens on 8080."), not a dotted address
    r"(?![\w%:/-]|\.\w|\s*(?:cores?|nodes?|instances?|machines?|workers?|threads?|pods?|replicas?|"
    r"servers?|hosts?|gb|mb|kb|ms|req|rps|qps|users?)\b)"
)


# "metrics are on 9102", "the docker db on 5433", "grpc on :50051": a part of the service and
# its port (three digits or more, no unit after it)
_PART_ON_PORT = lazy(
    r"(?i)\b(?P<part>metrics|db|database|postgres|redis|grpc|admin|debug|health|api)\s+"
    r"(?:(?:is|are|runs?|listens?|lives?|served|exposed)\s+)?on\s+(?:port\s+)?:?"
    r"(?P<value>[1-9]\d{2,4})"
    r"(?![\w.%:/-]|\s*(?:cores?|nodes?|instances?|machines?|workers?|threads?|pods?|replicas?|"
    r"servers?|hosts?|gb|mb|kb|ms|req|rps|qps|users?)\b)"
)
# "MQTT over TLS on 8883", "udp 7777", "SSH on port 2222": the port a protocol of the service
# is served on (not "HTTP 404", a status; nor "TLS 1.3", a version)
_PROTOCOL_PORT = lazy(
    r"(?i)\b(?P<part>udp|tcp|tls|mqtts?|ssh|smtp|amqps?|wss?|quic)(?:\s+on)?\s+(?:port\s+)?:?"
    r"(?P<value>[1-9]\d{2,4})"
    r"(?![\w%:/-]|\.\w|\s*(?:connections?|packets?|bytes?|errors?|ms|req|rps|qps|users?)\b)"
)
_NOT_THIS = lazy(r"(?i)\b(?:not|no|instead of|rather than)\b")


# words that name whose a setting is: a part or a protocol of a service
_OWNER_WORDS = frozenset(
    (
        "request", "connection", "session", "cache", "db", "database", "http", "https", "grpc",
        "worker", "job", "upload", "download", "read", "write", "idle", "query", "lock", "token",
        "api", "admin", "metrics", "health", "debug", "server", "client", "proxy", "ssh", "ftp",
        "sftp", "smtp", "imap", "dns", "tcp", "udp", "websocket", "ws", "socket", "heartbeat",
        "keepalive", "login", "auth", "jwt", "refresh", "access", "retry", "backend", "frontend",
        "gateway", "web", "app", "mobile", "queue", "consumer", "producer", "stream", "batch",
        "export", "import", "sync", "backup", "replica", "node", "pod", "container",
    )
)  # fmt: skip


# the environment a setting is of, said just before its name ("prod cluster", "生产集群") or
# in its value ("ack-test-bj") when the sentence gives the setting twice
_ENV_WORD = lazy(
    r"(?i)(?:(?<![\w-])(?P<en>prod|production|staging|stage|dev|development|test|testing|qa|uat|"
    r"preview|sandbox|local)(?![\w-])|(?P<zh>生产|线上|预发|测试|开发|本地|灰度))"
)
_ENV_NAME = {"prod": "production", "stage": "staging", "development": "dev", "testing": "test",
             "生产": "production", "线上": "production", "预发": "staging", "测试": "test",
             "开发": "dev", "本地": "local", "灰度": "canary"}  # fmt: skip


def _env(word: str) -> str:
    return _ENV_NAME.get(word.lower(), word.lower())


def env_before(sentence: str, at: int) -> str | None:
    """The environment named in the few words before `at`, within its clause, or None."""
    clause = re.split(r"[,;，；。]|\band\b", sentence[:at])[-1]  # "prod: max_connections = 200"
    words = clause.split()[-3:] if not is_chinese(clause) else [clause[-8:]]
    found = [m for w in words for m in _ENV_WORD.finditer(w)]
    return _env(found[-1][0]) if found else None


def _env_in_value(value: str) -> str | None:
    found = [_env(t) for t in re.split(r"[-_.]", value) if _ENV_WORD.fullmatch(t)]
    return found[0] if len(set(found)) == 1 else None


def _keyed_by_env(found: list[tuple[str, str, str | None]]) -> dict[str, str]:
    """Settings (key, value, environment said) by key: a key given twice is qualified by env.

    "staging cluster gke-staging-euw1, prod cluster gke-prod-euw1": staging_cluster and
    production_cluster, not one cluster that keeps the first.
    """
    twice = {k for k, _, _ in found if sum(k == o for o, _, _ in found) > 1}
    out: dict[str, str] = {}
    for key, value, env in found:
        env = env or (_env_in_value(value) if key in twice else None)
        if env and not key.startswith(env) and key not in ("env", "environment", "profile"):
            key = f"{env}_{key}"
        out.setdefault(key, value)
    return out


def _owner(word: str | None) -> bool:
    """Whether the word before a setting's name says whose it is ("ssh", "Redis", "CPU")."""
    if not word:
        return False
    return (
        word.lower() in _OWNER_WORDS
        or re.fullmatch(r"[A-Z][A-Z0-9]+", word) is not None  # "CPU", "ENet" no, "API"
        or bool(technologies(word))
    )


def _with_unit(new: str, old: str) -> str:
    """A changed value in the old one's unit when it gives none ("30 minutes … to 60")."""
    unit = re.sub(r"^\d+(?:\.\d+)?", "", old)
    return new + unit if unit.strip() and re.fullmatch(r"\d+(?:\.\d+)?", new.strip()) else new


def _compact(value: str) -> str:
    """A value without the space after its number ("30 分钟" → "30分钟", "5 s" → "5s").

    A rate or a unit in words keeps its space ("100 requests per minute", "45 minutes"), and
    a Chinese unit is kept as the sentence wrote it ("10 分钟" as "10 分钟", "10分钟" as it is).
    """
    unit = value.partition(" ")[2].strip()
    if re.search(r"[A-Za-z]{2,}\s", unit) or re.fullmatch(r"[A-Za-z]{4,}", unit) or is_han(unit):
        return " ".join(value.split())
    return value.replace(" ", "")


_METRIC = lazy(
    r"(?:^|[_-])(?:acc|accuracy|loss|f1|map|auc|bleu|rouge\w*|wer|cer|ppl|perplexity|precision|"
    r"recall|score|mae|mse|rmse|iou|p50|p90|p95|p99)(?:$|[_-])"
)


# "跑完了，mAP 0.712，convnext_tiny 0.768", "准确率：bert_base 0.891": a sentence that reports
# results measured; its other names with a score are what was measured (models, runs), not
# settings
_RESULTS = lazy(
    r"(?i)(?<![\w-])(?:m?ap(?:50|75)?(?:@[\d.:]+)?|acc(?:uracy)?|top-?[15](?:\s*acc)?|f1|auc|"
    r"bleu|rouge(?:[-_]?[l12])?|recall(?:@\d+)?|precision(?:@\d+)?|ndcg(?:@\d+)?|mrr|m?iou|"
    r"wer|cer|ppl|perplexity|results?|scores?|benchmarks?)(?![\w-])"
    r"|准确率|召回率|精确率|得分|分数|指标|结果|跑出来|测出来|跑分|评测"
)


# a score: a fraction or a percentage ("0.768", "83.5", "91%")
_SCORE = lazy(r"0?\.\d+|[1-9]\d?\.\d+|\d+(?:\.\d+)?\s*%")


def reports_results(sentence: str) -> bool:
    """Whether a sentence reports results measured ("mAP 0.712", "准确率 0.89")."""
    return _RESULTS.search(sentence) is not None


def _scored(key: str, value: str) -> bool:
    """Whether `key value` is a score in a sentence of results, rather than a setting.

    "convnext_tiny 0.768" is a model's score; "dropout_rate 0.1" stays a setting, its key a
    setting's word.
    """
    return _SCORE.fullmatch(value.strip()) is not None and not (
        _SETTING_WORD.search(key) or _TRAINING_SETTING.search(key) or _TUNED.search(key)
    )


# the words of a key that name a value set rather than a thing measured ("ema_decay 0.999",
# "similarity_cutoff 0.8", "top_p 0.9")
_TUNED = lazy(
    r"(?i)(?:^|_)(?:min|max|top_[pk]|decay|ratio|rate|cutoff|temperature|temp|momentum|eps|"
    r"alpha|beta|gamma|lambda|prob|factor|weight|scale|margin|smoothing|fraction|frac|split)"
    r"(?:_|$)"
)


_VERSION_WE_RUN = lazy(
    r"(?i)(?<![\w.-])(?P<name>[A-Za-z][\w.+-]{1,30})\s+version\s+(?:we(?:'re| are)\s+(?:on|using)|"
    r"we\s+(?:use|run)|in use)\s+is\s+v?(?P<ver>\d+(?:\.\d+){1,2}|20\d\d-\d\d)(?!\w|\.\d)"
)


# one version said outright to be the one in use: "Room 用的 2.6.1", "Flink 集群是 1.18 的",
# "ClickHouse 版本是 24.3", "I'm on Xcode 16.2"
_VERSION_STATED = (
    lazy(
        r"(?i)(?<![\w.-])(?P<name>" + KNOWN_VERSIONED + r")\s*"
        # "ClickHouse，集群是 23.8 版本", "ortools 版本锁 9.10"
        r"(?:版本号?\s*(?:是|为|用的是?)|用的是?|(?:[，,]\s*)?集群(?:版本)?是|(?:版本)?(?:锁|锁定|固定)(?:在|到|为)?"
        # "Flutter 这边我们现在是 3.22.2": the part of the stack, then the version it is at
        r"|(?:这边|那边)?\s*(?:我们)?(?:现在|目前)(?:用的)?是)"
        r"\s*v?(?P<ver>\d+(?:\.\d+){1,2})(?!\d|\.\d|\s*%)"
    ),
    # "R 版本是 4.3.3", "Mirth 版本号为 4.4.2": any name, when the sentence says its version is one
    lazy(
        r"(?<![\w.@/-])(?P<name>[A-Za-z][\w.+#-]{0,24}(?: [A-Z][\w.+#-]{1,15})?)\s*(?:的)?\s*"
        r"版本号?\s*(?:现在|目前)?\s*(?:是|为|用的是?)\s*v?(?P<ver>\d+(?:\.\d+){1,2})(?!\d|\.\d|\s*%)"
    ),
    # "we pin terraform 1.7.5", "上面只有 python 3.9", "我用的 Xcode 15.4":
    # the one version there is
    lazy(
        r"(?i)(?:\bpin(?:ned)?\s+|只有\s*|只装了\s*|我用的是?\s*)"
        r"(?P<name>" + KNOWN_VERSIONED + r")\s*"
        r"(?:to\s+|at\s+)?v?(?P<ver>\d+(?:\.\d+){1,2})(?!\d|\.\d|\s*%)"
    ),
    # "最低支持 iOS 16", "SwiftUI, min iOS 16": the oldest version the project runs on
    lazy(
        r"(?i)(?:最低支持\s*|\bmin(?:imum)?(?:\s+supported)?\s+)"
        r"(?P<name>" + KNOWN_VERSIONED + r")\s*"
        r"v?(?P<ver>\d+(?:\.\d+){0,2})(?!\d|\.\d|\s*%)"
    ),
    lazy(
        r"(?i)\b(?:i'?m|i am|we'?re|we are)\s+(?:on|using|running)\s+"
        r"(?P<name>" + KNOWN_VERSIONED + r")\s+v?(?P<ver>\d+(?:\.\d+){1,2})(?!\d|\.\d|\s*%)"
    ),
    # "ledger is postgres 15, we have a read replica": a part of the system said to be one
    lazy(
        # not another environment's ("staging db is postgres 13 in docker")
        r"(?i)(?:^|[,;]\s*)(?:the\s+|our\s+)?"
        r"(?!(?:staging|dev|development|test|testing|local|preview|qa|ci|my)\b)[a-z][\w-]{1,20}\s+"
        r"(?:db\s+|database\s+)?"
        r"(?:is|runs(?:\s+on)?|is\s+on)\s+(?P<name>" + KNOWN_VERSIONED + r")\s+"
        r"v?(?P<ver>\d+(?:\.\d+){0,2})(?=\s*(?:[,.;:!)]\s|[,.;:!)]?$)|\s+(?:with|on|in|behind)\b)"
    ),
)


# a capitalised name with a dotted version, for the message introducing the project
NAMED_VERSION = lazy(
    r"(?<![\w.@/-])(?P<name>\.NET(?:\s+(?:Framework|Core))?|"
    r"(?!(?:Chapter|Section|Step|Phase|Part|Figure|Table|Version|Release|"
    r"Sprint|Week|Day|Page|Line|Round|Level|Stage|Item|Task|Issue|PR|v|V)\b)"
    # "Element UI 2.15", "Airbyte OSS 0.63.4": a short capital word names the product with
    # the word before it
    r"(?:[A-Z][a-z][A-Za-z0-9]*\s+(?=[A-Z]{2,4}\s+v?\d))?"
    r"[A-Z][A-Za-z0-9+#]*(?:[-_][A-Za-z0-9]+)?)\s+v?(?P<ver>\d+\.\d+(?:\.\d+)?)(?![\w.]|\s*%)"
)


_CHANGE_WORDS = lazy(
    # ("Agones 1.38.0 is already installed on …": what runs there, no change)
    r"(?i)\b(?:upgrad\w*|bump\w*|downgrad\w*|migrat\w*|from\b.*\bto|update\w*|"
    r"(?<!is already )(?<!are already )(?<!is )(?<!are )install\w*|requires?|"
    r"needs?|supports?|deprecat\w*|until|before|after|since|released?)\b"
    r"|升级|降级|迁移|迁到|换成|换到|改成|改用|从|需要|支持"
)


_OURS = lazy(r"(?i)\b(?:we|our|we're|project|the app|everywhere|all)\b|我们|项目|线上|都是")


_STACK_TALK = lazy(
    r"(?i)\b(?:stack|we(?:'re| are) (?:on|a|an)|runs? on|built (?:with|on)|written in|"
    r"project is|app is|service is|everywhere|is an? [\w.+-]+ (?:app|monolith|service|project))\b"
    r"|\b(?:building|built|writing|written)\b[^.;]{0,60}\bin\s+(?=[A-Z])"
    r"|\bour\s+[A-Z][\w.]*\s+v?\d[\w.]*\s+(?:app|service|api|site|backend|frontend|project)"
    r"|\bwe\s+pin\b"
    r"|\bis\s+[A-Z][\w.+-]*\s+v?\d[\w.]*\s+(?:on|with)\s+[A-Z]"
    r"|项目是|我们是|后端是|前端是|服务端是|技术栈|用的是|基于|是用\s*[A-Za-z]|在\s*[A-Za-z][\w.-]*\s*"
    r"v?\d[\d.]*\s*上(?:跑|部署|运行)"
)


_EARLIER = lazy(rf"(?i)(?:{EARLIER_ZH}|\b(?:we used to|previously|before the)\b)")


def states_stack(sentence: str) -> bool:
    """Whether a sentence describes the project's stack ("Stack is ...", "后端是 Go 1.22").

    So does a clause that is only a name and its version ("模块路径是 github.com/x/y，Go 1.22。").
    """
    if OTHERS_STACK_ZH.search(sentence) or _EARLIER.match(sentence):
        return False  # "以前后端是 PHP，数据库 MySQL 5.7": what the project was, or another's
    if _STACK_TALK.search(sentence):
        return True
    return any(VERSIONED.fullmatch(c.strip(" .,")) for c in CLAUSE.split(sentence))


_CANON = {"node.js": "node", "golang": "go", "postgresql": "postgres"}


_LISTED_AFTER = lazy(
    r"(?i)(?<![\w.-])(?:" + KNOWN_VERSIONED + r")"
    r"(?:\s*v?\d+(?:\.\d+){0,2}(?:\.x)?)?\s*(?:,|，|、|\+|/|\bon\b|\bwith\b|\band\b|和|及|加)\s*"
    r"(?:and\s+)?$"
)


# "用的是 STM32F407VET6，跑 FreeRTOS 10.5", "an ESP32-S3 running Zephyr 3.6": what the stated
# part runs is stack too
_RUN_BY = lazy(r"(?i)(?:[，,]\s*|\s)(?:跑|运行|跑着|跑的是|running|runs)\s*$")


def listed_versions(sentence: str) -> set[str]:
    """Keys of the versions that follow another technology in a list.

    "Python 3.12 on Postgres 16", "Node 20, Express 4.19": in a sentence that states the
    stack, they are stack too.
    """
    keys: set[str] = set()
    for m in VERSIONED.finditer(sentence):
        before = sentence[max(0, m.start() - 60) : m.start()]
        if _LISTED_AFTER.search(before) or _RUN_BY.search(before):
            keys.add(version_key(m))
    return keys


def versioned_name(m: re.Match[str]) -> str:
    """A versioned name as the project would write it ("Node 20", "Expo SDK 51")."""
    sdk = " SDK" if m.groupdict().get("sdk") else ""
    # "HL7 v2.4" keeps its "v", as the person wrote it
    v = "v" if m.string[m.start("ver") - 1 : m.start("ver")] in ("v", "V") else ""
    return f"{m.group('name')}{sdk} {v}{m.group('ver')}"


def version_key(m: re.Match[str]) -> str:
    """The stack key of the name a version pattern matched."""
    return stack_key(m.group("name"))


def stack_key(name: str) -> str:
    """The `tech_stack` key of a technology's name ("Node.js" → "nodejs", "Golang" → "go")."""
    key = _CANON.get(name.lower(), name.lower())
    if key.startswith(".net"):  # ".NET Framework 4.7.2", ".NET 8"
        return "dotnet"
    return key.replace(".js", "js").replace(" ", "_")


_NAMES = r"(?:" + KNOWN_VERSIONED + r")"


_TO_VERSION = r"v?(?P<ver>\d+(?:\.\d+){0,2})(?!\d|\.\d|\s*%)"


# "Go 升级到 1.22", "pin rust toolchain to 1.78", "bumped Node to 20", "把 Kotlin 升级到 1.9.23"
_VERSION_MOVE = lazy(
    r"(?i)(?:(?<![\w.-])(?P<a>" + _NAMES + r")(?:\s+(?:toolchain|version|sdk|runtime|cli))?\s*"
    r"(?:v?\d+(?:\.\d+){0,2}\s*)?"  # "MySQL 5.7 升级到 8.0": the version it leaves
    # "Go 上周已经升级到 1.22 了": when and "already" between the name and the move
    r"(?:(?:上周|上个月|昨天|今天|前几天|刚刚?|已经|已|也|都|终于|总算)\s*){0,3}"
    r"(?:升级到|升到|更新到|切到|降级到|降到|锁定到|锁定为|固定到|固定为|锁到)"
    # "Rails is upgraded to 7.1", "Node was bumped to 20"
    r"|(?<![\w.-])(?P<g>" + _NAMES + r")\s+(?:is|was|has been|got|is now)\s+(?:now\s+)?"
    r"(?:upgraded|bumped|updated|moved|pinned)\s+to"
    r"|\b(?:upgrad|bump|pin|updat|mov|downgrad)\w*\s+(?:the\s+|our\s+)?(?P<b>" + _NAMES + r")"
    r"(?:\s+(?:toolchain|version|sdk|runtime|cli))?\s+(?:to|at)"
    r"|\b(?:upgrad|bump|mov|switch)\w*\s+to\s+(?P<c>" + _NAMES + r")"
    r"|把\s*(?P<d>"
    + _NAMES
    # "把 Python 从 3.8 升到了 3.11"
    + r")(?:\s*(?:版本|toolchain))?\s*(?:从\s*v?\d+(?:\.\d+){0,2}\s*)?"
    r"(?:升级|升|更新|锁定|固定|降级)(?:到了?|为|成)"
    r"|(?:升级|更新|降级)\s*(?P<e>" + _NAMES + r")\s*(?:到|至)"
    r"|(?:升级|升|切|迁移|切换)到\s*(?P<f>" + _NAMES + r"))"
    r"\s*" + _TO_VERSION
)


# what a project runs on; a version move of a library ("bump zod to 3.23") is only work
_PLATFORM_ROLES = frozenset(
    ("platform", "language", "runtime", "backend", "frontend", "mobile", "desktop", "database",
     "cache", "queue", "jobs", "search", "hosting", "container", "deploy_tooling", "firmware",
     "engine", "build_system", "miniprogram", "timeseries", "warehouse", "vector_db")
)  # fmt: skip


_DONE_MARK = lazy(r"(?i)\b(?:upgraded|bumped|pinned|updated|moved|switched|downgraded)\b|了|已")


# a word every way of `_VERSION_MOVE` needs: a cheap test before that costly pattern compiles
_MOVE_WORD = lazy(r"(?i)\b(?:upgrad|bump|pin|updat|mov|downgrad|switch)|升|更新|切|降|锁|固定|迁移")


# "require Node 20", "require Kubernetes 1.29+", "bump MSRV to 1.74": the oldest version the
# project supports from now on
_REQUIRES = lazy(
    r"(?i)\b(?:(?:requires?|required|minimum(?:\s+supported)?(?:\s+version)?(?:\s+of)?)\s+"
    r"(?P<name>" + _NAMES + r")|MSRV\s+(?:to|is(?:\s+now)?|=))\s+" + _TO_VERSION + r"\+?"
    # "MSRV 1.74.": the minimum Rust said by its short name alone
    r"|\bMSRV\s+(?:v)?(?P<ver2>\d+\.\d+(?:\.\d+)?)(?!\w|\.\d)"
    # "node version is pinned in .nvmrc, 20.11.1": the version a file of the project pins
    r"|(?<![\w.-])(?P<name3>" + _NAMES + r")(?:\s+version)?\s+is\s+pinned\s+in\s+[`'\"]?"
    r"[\w./-]+[`'\"]?\s*(?:,|to|at|:)\s*v?(?P<ver3>\d+(?:\.\d+){0,2})(?!\w|\.\d)"
    # "make sure it builds on 1.74 — that's our MSRV": the version first, named MSRV after it
    r"|(?<![\w.])(?P<ver4>\d+\.\d+(?:\.\d+)?)\s*(?:[\u2014\u2013-]+|,|，)\s*(?:that'?s|which is)\s+"
    r"(?:our|the)\s+MSRV\b"
)


# the manifest fields that set it: `engines.node is now ">=20.11"`, `requires-python = ">=3.9"`
_MANIFEST_MINIMUM = lazy(
    r"(?P<field>engines\.node|requires-python|python_requires|rust-version|kubeVersion)"
    r"[\"'`]?\s*(?:is\s+now|is|=|:)\s*[\"'`](?P<spec>[<>=~^]*\s*v?\d[\w.+-]*)[\"'`]"
)
_MANIFEST_TOOL = {
    "engines.node": "Node",
    "requires-python": "Python",
    "python_requires": "Python",
    "rust-version": "Rust",
    "kubeVersion": "Kubernetes",
}


def minimum_versions(sentence: str) -> dict[str, str]:
    """The oldest versions a sentence (of a commit) says the project now requires, by key.

    "require Node 20" → {"node": "Node 20"}; `engines.node is now ">=20.11"` → {"node":
    "Node >=20.11"}; "bump MSRV to 1.74" → {"rust": "Rust 1.74"}.
    """
    facts: dict[str, str] = {}
    for m in _MANIFEST_MINIMUM.finditer(sentence):
        name = _MANIFEST_TOOL[m["field"]]
        spec = m["spec"].replace(" ", "")
        facts[stack_key(name)] = f"{name} {spec if spec[0] in '<>=~^' else '>=' + spec}"
    for m in _REQUIRES.finditer(sentence):
        name = m["name"] or m["name3"] or "Rust"
        version = m["ver"] or m["ver2"] or m["ver3"] or m["ver4"]
        facts.setdefault(stack_key(name), f"{name} {version}")  # "Node 20": what it runs on
    return facts


def version_changes(sentence: str, *, done: bool = False) -> dict[str, str]:
    """The versions a sentence moves technologies to ("Go 升级到 1.22" → {"go": "Go 1.22"}).

    After the move, the project is on the new version: a stack fact, beside the changelog entry
    the work gives. `done`: the sentence is known to report work done (a commit subject);
    otherwise it must say so itself ("upgraded", "了"). Wishes and questions move nothing.
    """
    if not any(char.isdigit() for char in sentence) or not _MOVE_WORD.search(sentence):
        return {}  # no version or no move (and `_VERSION_MOVE` is costly to compile)
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or STACK_WISH.search(sentence):
        return {}
    if not done and not _DONE_MARK.search(sentence):
        return {}
    facts: dict[str, str] = {}
    for m in _VERSION_MOVE.finditer(sentence):
        name = next(g for g in (m["a"], m["b"], m["c"], m["d"], m["e"], m["f"], m["g"]) if g)
        moved = [(name, m["ver"])]
        if m["c"]:  # "Upgrade to Java 21 and Spring Boot 3.2": the move takes both
            moved += _also_moved(sentence, m.end())
        for tool, version in moved:
            if ROLE_OF.get(tool.lower(), "platform") not in _PLATFORM_ROLES:
                continue  # "gorm 升级到 v1.25.10": a library bump, not the stack
            facts.setdefault(stack_key(tool), f"{tool} {version}")
    return facts


# the next name and version of a list a move goes on with: ", Spring Boot 3.2", " and Gradle 8.5"
_ALSO_MOVED = lazy(
    r"(?i)(?:\s*,\s*|\s+(?:and|&)\s+|\s*\+\s*)(?P<name>" + _NAMES + r")\s+" + _TO_VERSION
)


def _also_moved(sentence: str, at: int) -> list[tuple[str, str]]:
    """The names and versions that follow a move's own at `at`, as one list goes on."""
    found = []
    while m := _ALSO_MOVED.match(sentence, at):
        found.append((m["name"], m["ver"]))
        at = m.end()
    return found


def version_facts(sentence: str, *, own: bool, opening: bool = False) -> dict[str, str]:
    """Runtime and service versions a sentence states ("Node 20 everywhere", "Node 是 20.11").

    `own`: the speaker is the user (an assistant's sentence must say it is about the project).
    `opening`: the sentence introduces the project, so one version alone is its own too.
    Sentences about changing versions are work, not facts, and give none.
    """
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or _CHANGE_WORDS.search(sentence):
        return {}
    if not own:
        return {}
    sentence = settled(sentence, _WEIGHING)  # "deciding between cobra, urfave/cli v2 and …"
    if ours := _VERSION_WE_RUN.search(sentence):  # "GRDB version we're on is 6.27"
        return {stack_key(ours["name"]): f"{ours['name']} {ours['ver']}"}
    found = list(VERSIONED.finditer(sentence))
    if len(found) < 2 and not states_stack(sentence) and not opening:
        return {}  # a version in passing ("Redis 7 on Render for sessions") is not the stack
    if opening:
        # the person introducing the project names its parts, known to the lexicon or not
        # ("…用 feast init 生成的，Feast 0.40", "EMR 6.15，Spark 3.4")
        known = [m.span() for m in found]  # not "Native 0.74" again inside "React Native 0.74"
        named = [
            m
            for m in NAMED_VERSION.finditer(sentence)
            if not any(start <= m.start() < end for start, end in known)
        ]
        # nor "OSS 0.63.4" inside "Airbyte OSS 0.63.4"
        found = [k for k in found if not any(n.start() < k.start() < n.end() for n in named)]
        found += named
    facts: dict[str, str] = {}
    for m in found:
        if re.fullmatch(r"\d{3,}", m.group("ver")):
            continue  # "requests 404": a status code, not a version
        if _AT_LEAST.match(sentence, m.end()):
            continue  # "that's iOS 17+ only and we're on 16": what a feature needs, not ours
        if _TIMES.match(sentence, m.end()):
            continue  # "每个 node 4\u00d7 A100", "node 4x A100": a count of machines, not Node 4
        facts.setdefault(version_key(m), versioned_name(m))
    return facts


_TIMES = lazy(r"\s*(?:\u00d7|[xX*](?=\s*[A-Z]))")  # a multiplication sign, or an x before a name


# "iOS 17+", "Node 18 or later", "Android 12 以上"; not "Vue 3 + Vite", a stack listed
_AT_LEAST = lazy(
    r"(?i)\+(?![\w.])"
    r"|\s*(?:or (?:later|newer|above|higher)\b|and (?:up|above|later)\b|及?以上|或更高)"
)


def stated_versions(sentence: str) -> dict[str, str]:
    """Versions a sentence says outright are the ones in use, by key.

    "Room 用的 2.6.1", "I'm on Xcode 16.2"; questions, wishes and changes of version state none.
    """
    pinned = pinned_in_file(sentence)
    said = sentence.replace("最低支持", "最低")  # the oldest version run on: no change of one
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or _CHANGE_WORDS.search(said):
        return pinned
    stated = {
        stack_key(m["name"]): f"{m['name']} {m['ver']}"
        for pattern in _VERSION_STATED
        for m in pattern.finditer(sentence)
    }
    return {**pinned, **stated}


# the files version managers pin a version in, and what each pins
_VERSION_FILES = {
    "fvmrc": "Flutter", "nvmrc": "Node", "node-version": "Node", "python-version": "Python",
    "ruby-version": "Ruby", "terraform-version": "Terraform", "go-version": "Go",
    "java-version": "Java",
}  # fmt: skip
# "the project is pinned to 3.24.3 in .fvmrc", "node is set to 20.11.1 via .nvmrc"
_PINNED_IN_FILE = lazy(
    r"(?i)\b(?:pinned|locked|set|fixed)\s+(?:at|to)\s+v?(?P<ver>\d+(?:\.\d+){1,2})\s+"
    r"(?:in|by|via|with|through)\s+(?:the\s+)?`?\.(?P<file>" + "|".join(_VERSION_FILES) + r")\b"
)


def pinned_in_file(sentence: str) -> dict[str, str]:
    """The versions a sentence says a version manager's file pins ("pinned to 3.24.3 in .fvmrc").

    The file names the technology: `.fvmrc` pins Flutter (through fvm), `.nvmrc` Node; the
    value keeps the file, which says how the version is chosen. A question, a wish or a change
    said in the clause ("bumped and pinned to …") pins nothing.
    """
    found: dict[str, str] = {}
    if QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return found
    for m in _PINNED_IN_FILE.finditer(sentence):
        clause = re.split(r"[,;]", sentence[: m.start()])[-1]
        if _CHANGE_WORDS.search(clause):
            continue  # "bumped it to 3.24.3, pinned …": work done, said in its clause
        name = _VERSION_FILES[m["file"].lower()]
        found[stack_key(name)] = f"{name} {m['ver']} (.{m['file']})"
    return found


# "那还是换回 Elasticsearch 吧。版本用 8.13", "OK, use Pulsar. Version 3.3 LTS": the version a
# choice is taken at, said in a clause of its own beside it rather than after its name
_CHOSEN_VERSION = lazy(
    r"(?i)(?:版本|(?<![\w-])version)\s*(?:就|还是|统一)?\s*(?:用|选|定在|定为|定成|是|为|:|：)?\s*"
    r"(?:(?:最新的?\s*)?(?:stable|稳定版)\s*)?(?P<ver>v?\d+(?:\.\d+){1,2}(?:\.x)?)(?!\w|\.\d)"
    r"(?P<lts>\s*LTS\b)?"
)


# "go with HAPI FHIR JPA server, on Postgres 15", "Dagster on top of Postgres 16": the part of
# the stack the choice runs on, named at its version
_RUNS_ON = lazy(
    r"(?i)(?:\bon(?:\s+top\s+of)?|\batop|跑在|基于)\s*(?:our\s+|the\s+)?"
    r"(?P<name>" + KNOWN_VERSIONED + r")\s*v?(?P<ver>\d+(?:\.\d+){0,2})(?!\w|\.\d|\s*%)"
)


def chosen_stack(choice: str, said: str) -> dict[str, str]:
    """The stack a choice is said with: the version it is taken at, the part it runs on.

    `said`: the decision's title and sentence. "换回 Elasticsearch 吧。版本用 8.13" →
    {"search": "Elasticsearch 8.13"}; "go with HAPI FHIR, on Postgres 15" → {"database":
    "Postgres 15"}. A choice named with no version or part gives nothing: the decision says it.
    """
    if QUESTION.search(said) or TENTATIVE.search(said):
        return {}
    found: dict[str, str] = {}
    tool = TECH.fullmatch(choice.strip())
    m = _CHOSEN_VERSION.search(said) if tool else None
    if tool and m and not _of_another(said[: m.start()], choice):
        found[_stack_role(tool[1])] = f"{choice.strip()} {m['ver']}{m['lts'] or ''}"
    for m in _RUNS_ON.finditer(said):
        if m["name"].lower() not in choice.lower():
            found.setdefault(_stack_role(m["name"]), f"{m['name']} {m['ver']}")
    return found


def _of_another(before: str, choice: str) -> bool:
    """Whether the clause before "版本" names another tool ("Python 版本用 3.12" beside Redis)."""
    clause = re.split(r"[，,；;。:：.!?！？]", before)[-1]
    if any(name not in choice.lower() for name in technologies(clause)):
        return True
    # "R 版本是 4.3.3，项目用 renv 管理": a name right before the word, one the lexicon may not
    # know
    named = re.search(r"(?<![\w.-])([A-Za-z][\w.+#-]*)\s*(?:的)?\s*$", clause)
    return named is not None and not re.search(rf"(?i)(?<!\w){re.escape(named[1])}(?!\w)", choice)


def _stack_role(name: str) -> str:
    """The key a stack fact gives a tool: its role when the lexicon knows it ("database")."""
    return role_for(name.lower()) if TECH.fullmatch(name) else stack_key(name)


_URL_FACT = lazy(
    r"(?i)(?P<name>(?:[\w-]+\s+){0,2}?|[\u4e00-\u9fff]{1,4}?)(?:base\s+)?"
    r"(?P<kw>url|endpoint|address|host|domain|module path|base|broker|地址|域名|模块路径)"
    r"(?:\s*(?:is|:|：|是|就是|为|=|用|就用|叫|stays|will be|定成|定为|设成|设为|改成|改为|配置成|"
    r"先配成|配成|配置为|先定|定)"
    r"\s*`?"
    r"|\s+(?=`|[a-z0-9-]+\.[a-z0-9.-]+)"
    # "base URL https://…/v2": a base URL given with no verb is the one configured
    r"|(?<=base url)\s+(?=https?://))`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+"
    r"|(?:\*\.)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d{2,5})?(?:/[\w.-]+)*(?![\w.-]))"
)


# Chinese names of addresses, as keys
_URL_NAMES = {
    "环境": "",  # 测试环境 / 生产环境: the place names the key (_PLACE_NAMES)
    "回调": "callback",
    "服务": "service",
    "接口": "api",
    "后台": "admin",
    "模块": "module",
}


_ENV_URL = lazy(
    r"(?i)(?P<url>https?://[^\s<>\"'`)\]，。]+?)[.,;]?\s+(?:on|in|for)\s+(?:the\s+)?"
    r"(?P<env>staging|production|prod|dev|development|test|preview)\b"
)


_PLACE_NAMES = {"测试环境": "test", "生产环境": "production", "生产": "production",
                "线上": "production",
                "预发": "staging", "预发环境": "staging", "正式环境": "production"}  # fmt: skip


# "prod is https://…", "staging: https://…", "测试环境地址：https://…"
_PLACE_URL = lazy(
    r"(?i)(?:^|[\s,;，；(（])(?P<env>prod|production|staging|preview|测试环境|生产环境|正式环境|线上|"
    r"预发(?:环境)?|生产)(?:\s*(?:url|site|address|地址|域名))?\s*(?:(?:is\s+)?at|is|=|:|：|是|在)\s*"
    r"(?P<url>https?://[^\s<>\"'`)\]，。]+)"
)


# "Redis 用 redis://127.0.0.1:6379/2", "MQTT 走 mqtts://iot.example.cn:8883"
_NAMED_URL = lazy(
    # "nginx 反代到 https://…": what the proxy in front of it serves
    r"(?P<name>[A-Za-z][\w-]{1,20})\s*(?:用|走|连|连的是|is at|lives at|runs at|反代到|反向代理到|"
    # "the API is served at …", "the docs are hosted on …", "and docs at …" (a part of ours)
    r"(?:is\s+|are\s+)?(?:served|hosted|deployed|available|reachable|running|live)\s+"
    r"(?:at|on|from|under))\s*`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+)"
)


# "… and docs at https://docs.orbit.dev": a part of ours, then where it is
_PART_AT_URL = lazy(
    r"(?i)\b(?P<name>api|docs|site|app|admin|dashboard|portal|console|frontend|backend|web|"
    r"storybook)\s+at\s+`?"
    r"(?P<url>https?://[^\s<>\"'`)\]，。]+)"
)


# where the person's own site is: "I run Tallyho (https://tallyho.app)", "deployed on Netlify at
# https://docs.quillbase.io", "我自己的书法博客 https://inkwell.blog 就跑在上面"
_SITE_URL = lazy(
    r"(?:\b(?:I|we)\s+(?:run|maintain|own|operate|built|am building|are building)\s+"
    r"(?:[A-Z][\w.-]*\s*){1,3}\(\s*"
    r"|\b(?:deployed|hosted|running|live)\s+(?:on|to)\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?\s+at\s+`?"
    r"|(?:博客|网站|站点|官网|主页)\s*(?=https?://[^\s，。]+\s*(?:就|也|都)?(?:跑|部署|放|挂|托管)))"
    # a repository is no site (`project_repository` reads it)
    r"(?!https?://(?:www\.)?(?:github|gitlab|bitbucket|gitee)\.)"
    r"(?P<url>https?://[^\s<>\"'`)\]，。]+)"
)


# "broker 地址 mqtts://iot.example.cn:8883", "OSRM 在内网起好了，地址 http://osrm.internal:5000",
# "the Unleash API address is https://…"
_ADDRESS_OF = lazy(
    r"(?P<name>[A-Za-z][\w-]{1,20})[^。.;；?？A-Za-z]{0,24}?(?:地址|\baddress|\bendpoint)\s*"
    r"(?:是|为|is|[:：])?\s*`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+)"
)


# "集群是 https://es-prod…:9200", "自动更新仍然走 `https://dl.inkpad.cn/updates/`"
_NAMED_URL_ZH = lazy(
    r"(?<![\u4e00-\u9fff\w])(?P<name>[\u4e00-\u9fff]{2,4}?)\s*(?:仍然|还是|都|也|就|现在)?"
    r"(?:是|走|连|连的是|走的是|用的是|还是)\s*`?"
    r"(?P<url>(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。]+)"
)


_SCHEMED_URL = r"(?:https?|mqtts?|amqps?|rediss?|nats|grpcs?|wss?|tcp)://[^\s<>\"'`)\]，。（）]+"
# where a part of the project is, said of it: "our API is https://…/v3", "we already run GitLab
# for the tools team at https://…", "底图是我们自己的瓦片服务 https://…", "公司自建的极狐 GitLab
# （https://…）", "健康检查：https://…"
_PART_URL = lazy(
    r"(?i:\b(?:the|our|my)\s+(?P<name>[a-z][\w-]{1,20}(?:\s+[a-z][\w-]{1,20})?)\s+"
    r"(?:is|are|lives|sits|runs)\s+(?:(?:still|now|already)\s+)?(?:(?:at|on|under)\s+)?`?"
    rf"(?P<url>{_SCHEMED_URL}))"
    r"|\b(?:I|[Ww]e)\s+(?:already\s+|also\s+)?(?:run|host|self-host|operate)\s+"
    rf"(?P<run>[A-Z][\w.-]{{1,20}})\b[^.;:]{{0,40}}?\s+at\s+`?(?P<url2>{_SCHEMED_URL})"
    r"|(?:(?<=[的是])|(?<![\u4e00-\u9fff]))"
    r"(?P<zh>[\u4e00-\u9fff]{0,4}(?:服务|站点|网站|后台|平台|仓库|镜像站))\s*`?"
    rf"(?P<url3>{_SCHEMED_URL})"
    r"|(?:自建|自己的|我们的|公司的?|内部的?|内网的?)[^，。；\s]{0,6}?\s*(?P<own>[A-Za-z][\w-]{1,20})\s*"
    rf"[（(]\s*(?P<url4>{_SCHEMED_URL})"
    rf"|(?<![\u4e00-\u9fff])(?P<label>[\u4e00-\u9fff]{{2,6}})\s*[:：]\s*`?(?P<url5>{_SCHEMED_URL})"
)


def _part_urls(sentence: str, found: dict[str, str]) -> None:
    """The addresses `_PART_URL` reads, by the name of the part, into `found`."""
    for m in _PART_URL.finditer(sentence):
        url = next(u for u in m.group("url", "url2", "url3", "url4", "url5") if u).rstrip(".,;:!")
        name = next(n for n in m.group("name", "run", "zh", "own", "label") if n)
        if url in found.values() or name.lower() in _NOT_A_PART_URL:
            continue
        key = re.sub(r"[^\w]+", "_", name.lower()).strip("_")
        if len(key) <= 2:  # "服务 https://…": the part by its kind; "瓦片服务" by its name
            key = _URL_NAMES.get(key, key) or "base"
        found.setdefault(key, url)


# what "the … is https://…" says of no part of the project: "the error is …", "the link is …"
_NOT_A_PART_URL = frozenset(
    ("error", "link", "issue", "problem", "question", "answer", "page", "doc", "docs",
     "documentation", "example", "output", "result", "response")
)  # fmt: skip


# "ota.trellis-iot.io is our domain"
_HOST_IS = lazy(
    r"(?i)(?<![\w.-])`?(?P<url>(?:[a-z0-9-]+\.)+[a-z]{2,})`?\s+is\s+(?:our|the)\s+"
    r"(?P<name>domain|host|endpoint|broker|cdn)\b"
)


# "mqtt broker is mosquitto on my homelab at 192.168.1.20:1883", "the NAS is on 10.0.0.5": a
# part of the project at an IP address of its network
_AT_IP = lazy(
    r"(?i)\b(?P<name>broker|server|database|db|nas|gateway|router|controller|plc|camera|proxy|"
    r"printer|api|backend|registry)\b[^.;,?!]{0,40}?\s(?:is\s+)?(?:at|on|is)\s+"
    r"(?P<url>(?:\d{1,3}\.){3}\d{1,3}(?::\d{2,5})?)(?![\d.]\d)"
)


def _ip_addresses(sentence: str, found: dict[str, str]) -> None:
    """Add the parts of the project a sentence puts at an IP address of its network, by part."""
    for m in _AT_IP.finditer(sentence):
        if m["url"] not in found.values() and not m["url"].startswith(("127.", "0.")):
            found.setdefault(m["name"].lower(), m["url"])


_ENV_VAR_URL = lazy(
    r"\b(?P<key>[A-Z][A-Z0-9_]{1,40}_(?:URL|URI|HOST|ENDPOINT|ADDR|ADDRESS))\s*=\s*"
    r"(?P<url>(?:https?|grpc|nats|amqp|mqtt)s?://[^\s<>\"'`)\]，。]+)"
)


def _may_hold_address(sentence: str) -> bool:
    """Whether a sentence may hold an address: every pattern above needs "://" or a dotted host."""
    return "." in sentence or "://" in sentence


# "测试环境数据库建好了，地址 pg-test.internal:5432": an address at a database's port is no API base
_SERVICE_OF_PORT = {
    "5432": "postgres", "3306": "mysql", "6379": "redis", "27017": "mongodb", "9200":
    "elasticsearch", "5672": "rabbitmq", "9092": "kafka", "1433": "sqlserver", "1521": "oracle",
}  # fmt: skip


def url_facts(sentence: str) -> dict[str, str]:
    """The named addresses of a sentence, by key.

    "the API base URL is https://...", "`MLFLOW_TRACKING_URI=http://...`", and "X on staging
    and Y in production" (one key per place).
    """
    if not _may_hold_address(sentence) or is_question(sentence) or tentative(sentence):
        return {}
    named = url_fact(sentence)
    places = list(_ENV_URL.finditer(sentence))
    if len(places) >= 2:
        noun = re.search(r"(?i)\b(webhook|endpoint|callback|api|url|site|app|host)\b", sentence)
        base = named[0] if named else (noun.group(1).lower() if noun else "url")
        env = {"prod": "production", "development": "dev"}
        return {f"{base}_{env.get(m['env'].lower(), m['env'].lower())}": m["url"] for m in places}
    found = dict([named]) if named is not None else {}
    for m in _PLACE_URL.finditer(sentence):
        place = m["env"].lower()
        place = _PLACE_NAMES.get(place, {"prod": "production"}.get(place, place))
        found = {k: v for k, v in found.items() if v != m["url"].rstrip(".,;:!")}
        found.setdefault(place, m["url"].rstrip(".,;:!"))
    for m in [*_NAMED_URL.finditer(sentence), *_ADDRESS_OF.finditer(sentence),
              *_PART_AT_URL.finditer(sentence), *_SITE_URL.finditer(sentence)]:  # fmt: skip
        if (url := m["url"].rstrip(".,;:!")) not in found.values():
            found.setdefault((m.groupdict().get("name") or "site").lower(), url)
    for m in _ENV_VAR_URL.finditer(sentence):
        found.setdefault(m["key"].lower(), m["url"].rstrip(".,;:!"))
    for m in _NAMED_URL_ZH.finditer(sentence):  # unless named already ("broker 地址是 …")
        name = _URL_NAMES.get(m["name"][-2:], m["name"]) or "base"
        if (url := m["url"].rstrip(".,;:!")) not in found.values():
            found.setdefault(name, url)
    for m in _HOST_IS.finditer(sentence):
        found.setdefault(m["name"].lower(), m["url"])
    _part_urls(sentence, found)
    _ip_addresses(sentence, found)
    # an address with credentials in it is a connection string, not a fact to keep
    return {k: v for k, v in found.items() if "@" not in v and "REDACTED" not in v}


# an address the person names in passing, with no word saying what it is: "回调地址
# https://api.chayu.cn/pay/wx/notify", "the SDK for our device cloud: https://github.com/…"
# ("…/hotupdate/[BuildTarget]": a placeholder the build fills in is part of it)
_PASSING_URL = lazy(r"https?://(?:[^\s<>\"'`)\[\]，。（）,]|\[\w+\])+")
# not one of the project's own places: a machine's own, a placeholder, one holding a token, a
# request made, a page read
_NOT_OURS_HOST = lazy(
    r"(?i)^(?:localhost|127\.|0\.0\.0\.0|10\.|192\.168\.|\[?::1)|(?:^|\.)example\.|"
    # the vendors' own pages ("https://docs.python.org", "help.aliyun.com"); a project's own
    # docs site ("docs.acme.io") is one of its places
    r"(?:^|\.)(?:python|mozilla|readthedocs|rust-lang|golang|go|nodejs|microsoft|apple|android|"
    r"oracle|postgresql|mysql|redis|docker|kubernetes|k8s|amazon|aliyun|alibabacloud|tencent|"
    r"qcloud|huaweicloud|stripe|cloudflare|vercel|djangoproject|reactjs|react|vuejs|"
    r"developer\.mozilla)\.(?:org|com|io|dev|cn|net)$|"
    r"(?:^|\.)(?:stackoverflow|stackexchange|wikipedia|medium|google|bing|baidu|zhihu|csdn|"
    r"youtube|twitter|x|reddit|npmjs|pypi)\.(?:com|org|net|cn)$"
)
_TOKEN_QUERY = lazy(
    r"(?i)[?&](?:access_?token|token|key|secret|sig|signature|code|auth)="
    # a chat bot's webhook: its path is the token ("open.feishu.cn/…/bot/v2/hook/<uuid>")
    r"|^https?://(?:open\.feishu\.cn|open\.larksuite\.com|oapi\.dingtalk\.com|hooks\.slack\.com|"
    r"qyapi\.weixin\.qq\.com|(?:\w+\.)?discord(?:app)?\.com/api/webhooks)"
)
_REQUEST_BEFORE = lazy(
    r"(?i)\b(?:curl|wget|http(?:ie)?|xh|fetch|requests\.\w+)\b[^\n]{0,40}$|"
    r"\b(?:GET|POST|PUT|PATCH|DELETE)\s+$|\b(?:see|per|according to|docs?|cf\.)\s*:?\s*$|"
    r"(?:参考|参见|见|文档|看看|打开)\s*[:：]?\s*$"
    # "GOPROXY 设成 https://goproxy.cn,direct": a setting's value (the settings' to read)
    r"|\b(?-i:[A-Z][A-Z0-9_]{3,})\s*(?:=|:|设成|设为|改成|改为|是|to)?\s*$"
)
_HAN_NAME_BEFORE = lazy(r"([\u4e00-\u9fff]{2,4}?)(?:地址|域名|链接|网址)?\s*[:：]?\s*$")
_REPO_HOSTS = frozenset(("github.com", "gitlab.com", "gitee.com", "bitbucket.org"))


def passing_urls(sentence: str) -> dict[str, str]:
    """The web addresses a person's sentence names in passing, by a key (`url_facts` names more).

    Keyed by the Chinese name just before ("回调地址 https://…" → callback), a repository host's
    ("repository"), else the address's first host label ("api.chayu.cn" → api). Not an address
    of the machine itself or a private network, a placeholder, one carrying a token or
    credentials, a chat bot's webhook (its path is its token), a vendor's own page
    ("docs.python.org", "help.aliyun.com"), a request made ("curl https://…"), a page to read
    ("see https://…"), a setting's value ("GOPROXY 设成 https://…"), nor one a question or a
    guess names.
    """
    if "://" not in sentence or is_question(sentence) or tentative(sentence):
        return {}
    found: dict[str, str] = {}
    for m in _PASSING_URL.finditer(sentence):
        url = m.group(0).rstrip(".,;:!?")
        host = re.sub(r"^https?://", "", url).split("/")[0].split(":")[0].lower()
        if (
            "." not in host
            or _NOT_OURS_HOST.search(host)
            or "@" in url
            or "REDACTED" in url
            or _TOKEN_QUERY.search(url)
            or re.search(r"[{<]|\.\.\.|xxx", url)
            or _REQUEST_BEFORE.search(sentence, 0, m.start())
        ):
            continue
        name = _HAN_NAME_BEFORE.search(sentence, 0, m.start())
        key = _URL_NAMES.get(name.group(1)[-2:], "") if name else ""
        if not key:
            labels = [p for p in host.split(".")[:-1] if p != "www"]
            key = "repository" if host in _REPO_HOSTS else (labels[0] if labels else host)
        if url not in found.values():
            found.setdefault(key, url)
    return found


_IDENT = (
    r"(?P<value>(?:~|\.{1,2})?/?[\w.{}-]+(?:/[\w.{}*-]+)+/?"  # a path
    r"|[a-z0-9][\w-]*(?:\.[\w-]+)+(?::\d{2,5})?"  # a host, maybe with its port
    r"|[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)"  # a kebab or snake name
)


_NAMED_EN = lazy(
    r"(?i)(?:^|(?<=[\s(,;]))(?:(?:the|our|my|its|their)\s+)?(?P<topic>(?:[a-z][\w-]*\s+){0,2}?"
    r"[a-z][\w-]*)\s+(?:is|are|will be|lives?|sits?|goes|go|belongs?|is called|is named|"
    r"called|named|comes? from|(?:is|are) (?:read|loaded|taken) from)"
    r"(?:\s+(?:reachable|available|running|served|hosted|deployed|kept|stored))?"
    r"(?:\s+(?:at|in|on|under))?\s+[`'\"]?"
    r"(?:(?-i:GET|POST|PUT|PATCH|DELETE)\s+)?"  # "the endpoint is POST /webhooks/stripe"
    + _IDENT
    + r"(?=[`'\"]?(?:[\s,;:)]|\.?$))"
)


_NAMED_ZH = lazy(
    r"(?<![\u4e00-\u9fff\w])(?P<topic>[A-Za-z][\w-]{1,20}|[\u4e00-\u9fff]{2,6}?"
    r"(?:的[\u4e00-\u9fff]{2,6}?)?)\s*(?:那边|那个)?(?:的)?"
    r"(?:名字|名称|地址|路径|ID|id)?\s*(?:我们?|咱们)?\s*(?:就|也|都|统一)?"
    r"(?:是|叫做?|为|在|放在|存在|放到|存到)\s*[`'\"]?" + _IDENT + r"(?![\w.{}/-])"
)


# "扩展 ID 是 kpbnlgeci…", "the app id is 1234567": after an ID word, any token is the value
_NAMED_ID = lazy(
    r"(?P<topic>(?<![\w-])[A-Za-z][\w-]{1,20}|[\u4e00-\u9fff]{2,6})\s*(?:的)?\s*"
    r"(?<![\w-])(?:ID|id|Id)\s*(?:是|为|[:：=]|is)\s*[`'\"]?(?P<value>[A-Za-z0-9][\w.-]{3,80})(?![\w.-])"
)


# ids of one run or one record, not of a part of the project
_PASSING_ID = lazy(
    r"(?i)^(?:request|correlation|trace|span|event|message|run|job|order|user|session|build|"
    r"commit|task|process|thread|请求|订单|用户|会话|任务|进程)$"
)


# topics that name a trouble or a passing thing, not a part of the project
_NOT_A_PART = lazy(
    r"(?i)^(?:error|errors|issue|problem|bug|log|logs|output|result|it|this|that|which|there|"
    r"the|a|an|"
    r"what|one|example|diff|change|fix|trace|stack|line|file|test|here|below|above|following|"
    r"报错|问题|错误|日志|原因|结果|例子|输出|示例|下面|上面|如下|以下|这里|这边|那里|下边|附上)$"
)


_ADVERB_ZH = lazy(r"现在|大概|果然|就|都|统一|还是|已经|也|然后|应该|其实|一般|默认|直接|[跑写读]$")


_HOST_END = lazy(
    r"\.(?:com|net|org|io|cn|dev|app|internal|local|lan|svc|co|ai|cloud|edu|gov|tech|site|xyz|"
    r"me|us|eu|de|uk|jp|hk|tw|sg|corp|intra)(?::\d+)?$",
    re.I,
)


_FILE_EXT = lazy(
    r"\.(?:ya?ml|toml|json|py|ts|tsx|js|mjs|go|rs|java|kt|swift|md|sh|sql|xml|conf|ini|env|txt|"
    r"csv|lua|rb|php|cs|cpp|c|h|proto|tf|dockerfile)$",
    re.I,
)


# a place said to hold something: "migrations are in db/migrate/", "翻译文件都在 src/locales"
_LOCATED = lazy(r"(?i)(?:\b(?:in|under|at)|在|放在|存在|放到|存到)\s*[`'\"]?$")


_NOT_PATHS = frozenset(
    ("and/or", "read/write", "input/output", "client/server", "ci/cd", "tcp/ip", "i/o", "yes/no",
     "on/off", "true/false", "front/back", "win/mac", "mac/linux", "x86/arm", "dev/prod",
     "staging/prod", "test/prod", "src/dest", "before/after", "old/new", "get/set", "a/b")
)  # fmt: skip


def _short_path(value: str) -> bool:
    """A relative folder two levels deep ("db/migrate/", "src/locales").

    A place only where the sentence says something is in it.
    """
    value = value.rstrip("/")
    return bool(re.fullmatch(r"[a-z_][\w.-]*/[\w.-]+", value)) and value not in _NOT_PATHS


def _a_value(value: str) -> bool:
    """Whether a token names a place or a resource, not a word, a name in code or a size.

    Paths are absolute, relative with "./", files, or three folders deep; hosts end in a domain
    or carry a port; a kebab name is not an adjective ("hand-rolled").
    """
    if TECH.fullmatch(value) or VERSION.fullmatch(value):
        return False
    if "/" in value:
        deep = value.strip("/").count("/") >= 2
        return value.startswith(("/", "~", ".")) or bool(_FILE_EXT.search(value)) or deep
    if "." in value:  # a file, a host, or a dotted setting name ("solver.time_limit_seconds")
        return bool(_FILE_EXT.search(value) or _HOST_END.search(value) or re.search("[:_]", value))
    return not re.fullmatch(r"[a-z]+-[a-z]+(?:ed|ing)", value)


# what a project command does, by the words that name it
_COMMAND_KEYS = {
    "build": "build", "test": "test", "tests": "test", "unit tests": "test", "e2e": "e2e",
    "e2e tests": "e2e", "lint": "lint", "linter": "lint", "format": "format",
    "formatter": "format", "typecheck": "typecheck", "type check": "typecheck",
    "type checks": "typecheck", "dev": "dev", "dev server": "dev", "start": "start",
    "migrations": "migrate", "migration": "migrate", "migrate": "migrate", "deploy": "deploy",
    "release": "release", "测试": "test", "单元测试": "test", "单测": "test", "构建": "build",
    "打包": "build", "编译": "build", "迁移": "migrate", "数据库迁移": "migrate", "启动": "dev",
    "本地启动": "dev", "部署": "deploy", "格式化": "format", "代码检查": "lint",
    "类型检查": "typecheck", "发布": "release", "deploys": "deploy", "integration tests":
    "test_integration", "locally": "dev", "run locally": "dev", "local dev": "dev",
}  # fmt: skip


_RUNNER = (
    r"(?:pnpm|npm|yarn|bun|npx|make|just|cargo|go|pytest|tox|nox|uv|poetry|hatch|python3?|"
    r"alembic|rake|bundle|mix|dotnet|mvn|gradle|\./gradlew|docker|deno|turbo|nx|fly|flyctl|"
    r"heroku|helm|kubectl|terraform|(?:bin/)?rails|dbt|eas|vercel|wrangler|netlify|composer|"
    r"php artisan)"
)


# a script of the repository run by its path ("./deploy.sh", "scripts/release.py")
_SCRIPT = r"(?:\.{1,2}/|\b(?:bin|scripts?)/)[\w./-]*[\w-]\.(?:sh|bash|py|rb|pl|ps1)(?![\w/-])"


# the command itself: in backticks, or a known runner to the end of its clause
_COMMAND_TEXT = (
    r"(?:`(?P<cmd>[^`\n]{2,80})`"
    rf"|(?P<bare>{_RUNNER}(?:\s+[\w:./=@-]+){{1,5}}?(?=\s*(?:[,;，。；]|\.(?:\s|$)|\band\b|$))"
    # "I deploy with ./deploy.sh on the server": a script of the repository, by its path
    r"|" + _SCRIPT + r"))"
)


_WHAT_EN = (
    r"(?P<what>build|integration tests|tests?|unit tests|e2e(?: tests)?|lint|linter|format(?:ter)?|"
    r"type ?checks?|typecheck|dev(?: server)?|start|migrations?|migrate|deploys?|release|"
    r"(?:run )?locally|local dev)"
)


_COMMAND = lazy(
    # "the build command is `pnpm build`", "tests run with `pytest -q`"
    rf"(?i)(?<![\w-]){_WHAT_EN}\s*(?:command|script|cmd)?\s*(?:[^,;`]{{0,40}}?\s+and\s+)?"
    r"(?:is|are|=|:|runs? with|runs? via|(?:is |are )?run (?:with|via|by)|with|via|using|"
    r"go(?:es)? (?:through|via|out (?:through|via|with))|(?:is |are )?done with)\s+"
    + _COMMAND_TEXT
    +
    # "run migrations with `alembic upgrade head`"
    r"|(?i:(?:^|[,;]\s*|\b(?:we|you|always)\s+)(?:run|start)\s+(?:the\s+)?)"
    + _WHAT_EN.replace("what", "what2")
    + r"\s+(?i:with|via|using)\s+"
    + _COMMAND_TEXT.replace("cmd", "cmd2").replace("bare", "bare2")
    # "tests are run with `make test`, and lint with `make lint`": a command named after another
    + r"|(?i:[,;]\s*(?:and\s+)?)"
    + _WHAT_EN.replace("what", "what3")
    + r"\s+(?i:with|via|using)\s+"
    + _COMMAND_TEXT.replace("cmd", "cmd4").replace("bare", "bare4")
    # "测试用 `pnpm test`", "构建命令是 make build"
    + r"|(?P<zh>数据库迁移|单元测试|本地启动|代码检查|类型检查|测试|单测|构建|打包|编译|迁移|启动|"
    r"部署|格式化|发布)(?:命令|脚本)?\s*(?:统一|都|就)?(?:用|是|跑|执行|走|为|[：:])\s*"
    + _COMMAND_TEXT.replace("cmd", "cmd3").replace("bare", "bare3")
    # "本地跑 `make dev` 就能起来": the command that starts it locally
    + r"|(?P<zh2>本地|开发环境|开发时)(?:直接)?(?:跑|运行|执行|用)?\s*"
    + r"(?:`(?P<cmd5>[^`\n]{2,80})`|(?P<bare5>"
    + _RUNNER
    + r"(?:\s+[A-Za-z0-9_:./=@-]+){1,5}?))"
    + r"\s*(?:就能|就可以|即可|就)?\s*(?:起来|启动|跑起来|起服务)(?!\s*(?:不了|不起来|失败|报错))"
    # "run `make dev` to start it", "to start it locally, run `make dev`": what a command is for,
    # said around it
    + r"|(?i:(?:^|[,;]\s*|\b(?:just|you|we|always)\s+)run\s+)"
    + rf"(?:`(?P<cmd6>[^`\n]{{2,80}})`|(?P<bare6>{_RUNNER}(?:\s+[\w:./=@-]+){{1,5}}?))"
    + r"\s+(?i:to\s+(?P<what6>start|build|test|deploy|lint|format|migrate|release)\b)"
    + r"|(?i:(?:^|[,;.]\s*)to\s+(?:run\s+(?:the\s+)?)?"
    r"(?P<what7>start|build|tests?|deploy|lint|format|migrate|release)"
    r"(?:\s+(?:it|the app|the server|the site|everything|things))?(?:\s+locally)?"
    r",?\s+(?:just\s+|you\s+)?run\s+)"
    + _COMMAND_TEXT.replace("cmd", "cmd7").replace("bare", "bare7")
    # "`make dev` should start postgres in docker and run the api": what a command opening the
    # sentence starts (key "dev" when its name says so, else "start")
    + r"|^`(?P<cmd8>[^`\n]{2,80})`\s+(?:should\s+|will\s+|must\s+)?"
    r"(?P<what8>(?i:starts?|spins? up|brings? up|boots?))\b"
    r"(?!\s+(?:to\s+)?(?i:fail|error|crash|break|throw|hang|time|complain)|\s+\w+ing\b)"
)


_RAN_BEFORE = lazy(
    r"(?i)\b(?:ran|re-?ran|running|tried|did|executed|started|kicked off)\s+"
    r"(?:the\s+|all\s+(?:the\s+)?|a\s+|my\s+)?$"
)


def commands(sentence: str) -> dict[str, str]:
    """The project's commands a sentence states ("tests run with `pytest -q`"), by what they do."""
    if "`" not in sentence and not re.search(_RUNNER, sentence) and "/" not in sentence:
        return {}
    if QUESTION.search(sentence) or TENTATIVE.search(sentence):
        return {}
    found: dict[str, str] = {}
    for m in _COMMAND.finditer(sentence):
        if m["what"] and _RAN_BEFORE.search(sentence, 0, m.start()):
            continue  # "I ran the tests with `pytest -k foo`": once, not how they are run
        said = ("what", "what2", "what3", "what6", "what7", "zh")
        what = "本地启动" if m["zh2"] else next((m[g] for g in said if m[g]), "start").lower()
        if m["cmd8"]:
            what = "dev" if re.search(r"\bdev\b", m["cmd8"]) else "start"
        quoted = next(
            (m[g] for g in ("cmd", "cmd2", "cmd3", "cmd4", "cmd5", "cmd6", "cmd7", "cmd8") if m[g]),
            None,
        )
        bare = next(
            (m[g] for g in ("bare", "bare2", "bare3", "bare4", "bare5", "bare6", "bare7") if m[g]),
            "",
        )
        command = (quoted or bare.rstrip(".")).strip()
        key = _COMMAND_KEYS.get(re.sub(r"\s+", " ", what))
        if key is not None and _COMMAND_LIKE.match(command):
            found.setdefault(key, command)
    for key, command in _scripts(sentence).items():
        if command not in found.values():  # "to start it locally run `make dev`": start only
            found.setdefault(key, command)
    return found


def _scripts(sentence: str) -> dict[str, str]:
    """Commands named by their script's task: "`make seed` loads …", "Run `make test`"."""
    found: dict[str, str] = {}
    for m in _COMMAND_DOES.finditer(sentence):
        if not _RAN_BEFORE.search(sentence, 0, m.start()) and _COMMAND_LIKE.match(m["cmd"]):
            found.setdefault(_COMMAND_KEYS.get(m["task"], m["task"]), m["cmd"])
    for m in _RUN_SCRIPT.finditer(sentence):  # "Run `make test`": the script says its task
        if not _RAN_BEFORE.search(sentence, 0, m.start()):
            found.setdefault(_COMMAND_KEYS[m["task"].lower()], m["cmd"])
    for m in _PACKAGE_SCRIPT.finditer(
        sentence
    ):  # "`pnpm worker` script": the script named by its run
        found.setdefault(_COMMAND_KEYS.get(m["name"], m["name"]), m["cmd"])
    return found


# "Run `make test` — it runs pytest", "use `pnpm lint`": a runner's script whose name is a task
# every project has (not "run `pytest -k foo`": one run of a tool)
_RUN_SCRIPT = lazy(
    r"(?i)\b(?:run|use|with|via)\s+`(?P<cmd>(?:make|just|task|npm run|pnpm(?: run)?|yarn(?: run)?|"
    r"bun run|uv run|poetry run|cargo|mix|rake)\s+(?P<task>test|tests|lint|build|dev|start|format|"
    r"typecheck|e2e|migrate|deploy|release))`"
)


# "`npm run reindex` kicks off a full reindex", "`make seed` loads the fixtures": a command said
# with what it does, named for its task (a script's name)
_COMMAND_DOES = lazy(
    r"(?:^|(?<=[\s(]))`(?P<cmd>[^`\n]{0,60}?\b(?P<task>[a-z][a-z0-9_-]{2,20}))`\s+"
    r"(?:kicks off|starts|spins up|brings up|builds|deploys|seeds|loads|resets|rebuilds|"
    r"regenerates|reindexes|triggers|creates|applies)\b"
    r"(?!\s+(?:failing|breaking|erroring|throwing|crashing|hanging|timing out|to fail))"
)


# a package script said to be one, in backticks: "a `pnpm worker` script", "the `npm run seed`
# script" (the script's name keys it)
_PACKAGE_SCRIPT = lazy(
    r"(?i)`(?P<cmd>(?:npm run|pnpm(?: run)?|yarn(?: run)?|bun run)\s+(?P<name>[a-z][\w:-]*))`"
    r"\s+script\b"
)


# a command: a known runner, a path to a program, or a lower-case program with arguments
_COMMAND_LIKE = lazy(rf"{_RUNNER}(?:\s|$)|(?:\./|[\w.-]+/)+[\w.-]+(?:\s|$)|[a-z][\w.-]*\s+\S")


# the English key of a part the person names in Chinese ("仓库叫 aqualink-fw": repo)
_ZH_KEYS = {"仓库": "repo", "代码仓库": "repo", "git_仓库": "repo", "项目": "project"}


def named_values(sentence: str) -> dict[str, dict[str, str]]:
    """Paths, hosts and resource names a statement gives a part of the project, by section.

    "RDS 那边是 rm-bp1x9k2m3n4.mysql.rds.aliyuncs.com" → urls.rds, "our engine is
    quantlab/backtest/engine.py" → paths.engine, "云环境 ID 是 kids-code-prod-8g3k2" →
    config.云环境. Known technologies, versions and troubles ("the error is in …") are not.
    """
    if QUESTION.search(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK)
    found: dict[str, dict[str, str]] = {}
    named = _NAMED_ZH if is_chinese(sentence) else _NAMED_EN
    for m in [*named.finditer(sentence), *_NAMED_ID.finditer(sentence)]:
        # "测试环境的数据库是 …" is the 测试环境数据库; "我们的数据库" is the 数据库; an ID is the
        # ID of its last part ("Chrome 商店的扩展 ID": 扩展)
        topic = _named_topic(m, sentence)
        value = m["value"].rstrip(".")
        if m.re == _NAMED_ID and _PASSING_ID.match(topic):
            continue
        topic = topic.split()[-1] if not is_chinese(topic) and topic.count(" ") > 1 else topic
        # "… for prod is api.northpay.eu and staging is …": staging, not "and staging"
        topic = re.sub(r"(?i)^(?:and|or|but|while|whereas|plus)\s+", "", topic)
        located = _LOCATED.search(sentence, 0, m.start("value")) is not None
        # "app is `apps/mobile`": set as code, a folder two deep is one of the repository's
        quoted = sentence[max(0, m.start("value") - 1) : m.start("value")] == "`"
        if _NOT_A_PART.match(topic) or _ADVERB_ZH.search(topic):
            continue
        if not (_a_value(value) or ((located or quoted) and _short_path(value))):
            continue
        if re.search(r"[我你他她咱]|用$", topic):
            continue  # "我们用的是 pygame-ce": what the project uses, not a part of it
        if "://" in sentence[max(0, m.start("value") - 3) : m.start("value") + 1]:
            continue  # part of an address url_facts reads whole
        if not topic:
            continue
        key = re.sub(r"[^\w]+", "_", topic.lower()).strip("_")
        key = _ZH_KEYS.get(re.sub(r"^(?:这个|那个|我们的?|咱们的?|本)", "", key), key)
        found.setdefault(_section_of(value), {}).setdefault(key, value)
    for key, branch in _branches(sentence):
        found.setdefault("config", {}).setdefault(key, branch)
    return found


def _named_topic(m: re.Match[str], sentence: str) -> str:
    """What a named value is of ("" when the sentence does not say)."""
    parts = [p for p in m["topic"].strip().split("的") if not _PRONOUN_ZH.fullmatch(p)]
    topic = "".join(parts[-1:] if m.re == _NAMED_ID else parts[-2:]) or m["topic"]
    if _RUNS_ON_ZH.fullmatch(topic):
        # "ClickHouse 部署在 quant-ch01": the host of the name before, not a key "部署"
        owner = _OWNER_BEFORE.search(sentence, 0, m.start("topic"))
        return f"{owner[1]} host" if owner else ""
    return topic


_RUNS_ON_ZH = lazy(r"(?:部署|运行|跑|托管|装)(?:在)?")
_OWNER_BEFORE = lazy(r"([A-Za-z][\w.+-]{1,30})\s*$")


def _section_of(value: str) -> str:
    """Where a named value goes: a path, an address, or a setting."""
    if "/" in value or _FILE_EXT.search(value):
        return "paths"
    if "." in value and (_HOST_END.search(value) or ":" in value):
        return "urls"
    return "config"


def _branches(sentence: str) -> list[tuple[str, str]]:
    """The branches a sentence names by role ("the main branch is `trunk`") as (key, name)."""
    found = []
    for m in _BRANCH.finditer(sentence):
        said, branch = m["kind"] or m["kind_zh"], m["b"] or m["b_zh"]
        if not NEGATED.search(sentence[max(0, m.start() - 12) : m.start()] + m[0][: -len(branch)]):
            kind = _BRANCH_KINDS.get(said.lower(), said.lower())
            found.append((f"{kind}_branch", branch.rstrip(".")))
    return found


# "The main branch is `trunk`", "默认分支是 develop": the project's branches by role
_BRANCH = lazy(
    r"(?i)\b(?P<kind>main|default|base|release|development|dev|production|prod|staging)\s+"
    r"branch\s+(?:is|is called|=|:)\s+[`'\"]?(?P<b>[A-Za-z][\w./-]{1,40}?)[`'\"]?"
    r"(?=\s*(?:[,;!)]|\.(?:\s|$)|$|\s+(?:and|not|but|now)\b))"
    r"|(?P<kind_zh>主|默认|发布|开发|生产)分支(?:是|叫|为|用)\s*[`'\"]?(?P<b_zh>[A-Za-z][\w./-]{1,40}?)"
    r"[`'\"]?(?=\s*(?:[，。；,;！!）)]|\.(?:\s|$)|$))"
)
_BRANCH_KINDS = {"主": "main", "默认": "default", "发布": "release", "开发": "development",
                 "生产": "production", "dev": "development", "prod": "production"}  # fmt: skip


_PRONOUN_ZH = lazy(r"[我你他她它咱]们?|这个|那个|这边|那边|项目|本项目")


_STORE_URI = lazy(
    r"(?<![\w/])(?P<uri>(?:s3|s3a|gs|oss|cos|obs|r2|az|abfss?|hdfs|minio)://"
    r"(?P<bucket>[a-z0-9][\w.-]{1,62})(?:/[\w.~/{}=-]*)?)"
)


def storage_locations(sentence: str) -> dict[str, str]:
    """Object-store locations a sentence names ("输出还是放 s3://vod-out/hls/"), by bucket."""
    if TENTATIVE.search(sentence):
        return {}
    return {m["bucket"]: m["uri"].rstrip(".,;:") for m in _STORE_URI.finditer(sentence)}


def url_fact(sentence: str) -> tuple[str, str] | None:
    """A named address ("the API base URL is https://...") as (key, url)."""
    if not _may_hold_address(sentence) or is_question(sentence) or tentative(sentence):
        return None
    m = _URL_FACT.search(sentence)
    if m is None:
        return None
    name = m.group("name").strip()
    if "模块路径" in m.group(0) or "module path" in m.group(0).lower():
        name = "module"
    if is_chinese(name):
        name = _URL_NAMES.get(name[-2:], "")
    stop = ("the", "our", "a", "its", "and", "or", "but", "so", "then", "while", "with", "also")
    words = [w for w in name.lower().split() if w not in stop]
    fallback = "domain" if re.search(r"(?i)域名|domain", m.group(0)) else "base"
    port = re.search(r":(\d{2,5})\b", m.group("url"))
    fallback = _SERVICE_OF_PORT.get(port[1], fallback) if port else fallback
    if not words:
        words = _owner_of_address(sentence, m.start("kw"))
    key = "_".join(words) or fallback
    return re.sub(r"[^a-z0-9_]", "", key) or fallback, m.group("url").rstrip(".,;:!")


# what an address the sentence names no other way belongs to: the variable it is the end
# of ("CELERY_BROKER_URL=…"), or the name before a Chinese 的 ("Grafana 的地址是 …",
# "Sentry 的 DSN 地址")
_VARIABLE_END = lazy(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_$")
_OWNER_ZH = lazy(r"(?<![\w.-])(?P<owner>[A-Za-z][\w.-]{1,30})\s*的\s*(?P<part>[A-Za-z]{2,10}\s*)?$")


def _owner_of_address(sentence: str, at: int) -> list[str]:
    """The name an address keyword at `at` is said of, as key words ([] when none is said)."""
    before = sentence[:at]
    if m := _VARIABLE_END.search(before):
        end = re.match(r"[A-Za-z]+", sentence[at:])
        return [(m[0] + (end[0] if end else "")).lower()]
    if m := _OWNER_ZH.search(before):
        return [w.lower().replace(".", "_").replace("-", "_") for w in (m["owner"], m["part"]) if w]
    return []


_ROUTE = r"(?P<route>/(?:[\w{}:.-]+/?)*)`?(?=[\s,;，。；)）]|\.?$)"


_ROUTE_EN = lazy(
    r"(?i)(?:^|(?<=[\s(,;]))(?:(?:the|our|its|a)\s+)?(?P<topic>(?:[a-z][\w-]*\s+){0,2}?)"
    r"(?P<kind>endpoint|route|path|url|uri|callback|webhook)s?\s+"
    r"(?:is|will be|stays|should be|is now|lives at|is at|=|:)\s+`?" + _ROUTE
)


# "health check at /healthz, readiness at /readyz": a route named by what it checks, then "at"
_ROUTE_AT_EN = lazy(
    r"(?i)(?:^|(?<=[\s(,;]))(?<!\bno\s)(?<!\bnot\s)(?:(?:the|our|its|a)\s+)?"
    r"(?P<topic>health[ -]?checks?|health|readiness|liveness|metrics|"
    # "the stripe webhook at …": a webhook or a callback is named by whose it is
    r"(?:(?!(?:no|not|any|without|is|are)\b)[a-z][\w-]*\s+)??(?:webhooks?|callbacks?))"
    r"\s+(?P<kind>(?:endpoint|route|probe)?)\s*"
    r"(?:is\s+|lives\s+)?(?:at|on|under)\s+`?" + _ROUTE
)


_ROUTE_ZH = lazy(
    r"(?<![\u4e00-\u9fff\w])(?P<topic>[A-Za-z][\w -]{0,20}?|[\u4e00-\u9fff]{2,6}?"
    r"(?:的[\u4e00-\u9fff]{2,6}?)?)\s*(?:的)?\s*"
    r"(?P<kind>接口|路由|路径|地址|URL|url|endpoint)?(?:地址|路径)?\s*(?:就|也|都|统一)?"
    r"(?:是|为|用|走|改成|改为|定为|定成|设为|设成|[:：=])\s*`?" + _ROUTE
)


# what makes a "path" an HTTP route rather than a file: what it is the path of
_ROUTE_TOPIC = lazy(
    r"(?i)health|ready|readiness|live|liveness|probe|callback|webhook|notify|redirect|login|"
    r"logout|oauth|api|metrics|status|endpoint|route|"
    r"健康|探活|探针|就绪|存活|回调|通知|跳转|重定向|登录|登出|接口|路由|监控|指标|支付|退款"
)


# folders of a file system: a path under them is a file, not a route
_FILE_ROOT = lazy(
    r"/(?:etc|var|usr|opt|home|tmp|data|mnt|srv|dev|proc|sys|bin|lib|root|run|Users|Volumes|"
    r"workspace|app|src|code)(?:/|$)"
)


_ROUTE_NAMES = {"健康检查": "health_check", "健康": "health_check", "探活": "health_check",
                "存活探针": "liveness", "存活检查": "liveness", "就绪探针": "readiness",
                "就绪检查": "readiness", "回调": "callback", "支付回调": "payment_callback",
                "退款回调": "refund_callback", "回调通知": "callback", "支付通知": "payment_notify",
                "退款通知": "refund_notify", "登录": "login", "健康检查接口": "health_check",
                "webhook": "webhook", "callback": "callback"}  # fmt: skip


def route_facts(sentence: str) -> dict[str, str]:
    """The HTTP routes a sentence names for a part of the service, by key.

    "健康检查路径是 /healthz" → health_check: /healthz, "the Stripe webhook endpoint is
    /api/webhooks/stripe" → stripe_webhook, "回调地址是 /api/pay/notify" → callback. A route is
    an address of the service (kept under `urls`, where the whole URL goes when it is named); a
    path on disk ("日志路径是 /var/log/app", "the config path is /etc/app.yaml") is none.
    """
    if "/" not in sentence or is_question(sentence) or tentative(sentence):
        return {}
    sentence = settled(sentence, TENTATIVE, STACK_WISH, NOT_STACK, CONDITION)
    found: dict[str, str] = {}
    patterns = (_ROUTE_ZH, _ROUTE_EN) if is_chinese(sentence) else (_ROUTE_EN, _ROUTE_AT_EN)
    for m in (m for pattern in patterns for m in pattern.finditer(sentence)):
        route, kind = m["route"].rstrip(".`"), (m["kind"] or "").lower()
        # "我们的健康检查路径": the last part of the topic, without a pronoun or a lead word
        parts = [p for p in m["topic"].split("的") if not _PRONOUN_ZH.fullmatch(p.strip())]
        topic = re.sub(r"^(?:那就?|就|还有|另外|然后|对了)", "", (parts or [""])[-1].strip())
        topic = " ".join(w for w in topic.split() if w.lower() not in ("the", "our", "a"))
        if len(route) < 2 or _FILE_ROOT.match(route) or _FILE_EXT.search(route):
            continue  # "/", "/var/log/app", "/config.yaml"
        if kind in ("path", "路径", "") and not _ROUTE_TOPIC.search(topic):
            continue  # "the config path is /srv/x": what it is the path of says a file
        if re.fullmatch(r"前端|后端|服务端?|项目|系统|页面|网关|frontend|backend|app", topic):
            continue  # "前端路由是 /dashboard": a page, not an address the project keeps
        if NEGATED.search(sentence[max(0, m.start() - 12) : m.start("route")]):
            continue
        if m.re == _ROUTE_AT_EN and route in found.values():
            continue  # "the stripe webhook is at /x": named by the pattern of kinds already
        key = _ROUTE_NAMES.get(topic.lower()) or _ROUTE_NAMES.get(topic[-2:])
        if key is None and topic and not is_chinese(topic):
            key = re.sub(r"[^a-z0-9]+", "_", topic.lower()).strip("_")
        key = key or topic or {"endpoint": "endpoint", "webhook": "webhook"}.get(kind, "route")
        found.setdefault(key, route)
    return found


# an environment variable's name: "WX_APP_SECRET", a word of capitals joined by "_"
_VAR_NAME = r"[`'\"]?(?P<{g}>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b[`'\"]?"

# "the STRIPE_WEBHOOK_SECRET env var", "env var `DATABASE_URL`", "configurable with
# CI_SHARD_CACHE_BUCKET", "放到环境变量 `WX_APP_SECRET` 里", "配置项叫 `RATE_LIMIT_PER_MIN`":
# a variable the project reads its configuration from, by name
_ENV_VAR = lazy(
    r"(?i:\benv(?:ironment)?\s+var(?:iable)?s?\s+(?:called\s+|named\s+)?)" + _VAR_NAME.format(g="a")
    + r"|" + _VAR_NAME.format(g="b") + r"(?=\s+(?i:env(?:ironment)?\s+var(?:iable)?|env)\b)"
    + r"|(?i:\b(?:configurable|configured|set|overridable|overridden|read)\s+(?:with|via|through|"
    r"from|by)\s+(?:the\s+)?)" + _VAR_NAME.format(g="c")
    + r"|环境变量\s*(?:里的?|中的?)?\s*" + _VAR_NAME.format(g="d")
    + r"|配置项(?:名)?\s*(?:叫做?|是|为)?\s*" + _VAR_NAME.format(g="e")
    + r"|" + _VAR_NAME.format(g="f") + r"\s*(?:这个)?环境变量"
)  # fmt: skip


def env_names(sentence: str) -> dict[str, str]:
    """The environment variables a sentence says the project reads, each with what it holds.

    "The bucket is configurable with EXPORT_BUCKET_NAME" gives EXPORT_BUCKET_NAME with that
    sentence (its clause when the sentence is long), cut before any value; a secret's variable
    ("WX_APP_SECRET") is only `required`. An error naming one, a variable given up, a question
    and a maybe give none.
    """
    if QUESTION.search(sentence) or TENTATIVE.search(sentence) or "_" not in sentence:
        return {}
    found: dict[str, str] = {}
    for m in _ENV_VAR.finditer(sentence):
        name = next(g for g in m.groups() if g)
        clause = next((c for c in CLAUSE.split(sentence) if name in c), sentence)
        if _OBSERVED.search(sentence) or NEGATED.search(clause) or _DROPPED_VAR.search(clause):
            continue  # "KeyError: 'DATABASE_URL'", "don't read STRIPE_KEY from the env"
        # "阈值定 600 次，配置项叫 `RATE_LIMIT_PER_MIN`": a short sentence says what it holds
        said = sentence if len(sentence) <= 120 else clause
        said = re.sub(rf"({name})\s*[=:].*", r"\1", said)  # "STORAGE_DRIVER=local": no value
        # a secret's variable is named and no more: any text under its name would read as the
        # secret's value and be redacted whole ("KAFKA_SASL_PASSWORD: [REDACTED:secret]")
        found.setdefault(name, "required" if SECRET_VAR.search(name) else said.strip(" .。`"))
    return found


# a variable named as a secret ("AUTH_TOKEN", "KAFKA_SASL_PASSWORD", "WXPAY_API_V3_KEY"): what
# is set under it is the secret, however plain it reads
SECRET_VAR = lazy(
    r"(?i)(?:^|_)(?:pass(?:word|wd|phrase)?|pwd|secret|tokens?|\w*keys?|credentials?|auth|salt|"
    r"dsn|private)(?:_|$)"
)


# "remember to delete the old `NEW_CHECKOUT` env var": a variable the project gives up
_DROPPED_VAR = lazy(r"(?i)\b(?:delete|remove|drop|unset|get rid of)\b|删掉|删除|去掉|不再")
