"""Decisions that are not what they look like: code, a way restated, a name said by a part.

A function written with its arguments is a step of the code, not a way or a tool chosen: the
choice goes to review. The assistant saying back a way the person just called theirs decides
nothing. A reply that names a code name the assistant gave by a part of it chooses the whole
name.

An instruction that is an example ("for example, use Redis"), a step of the task at hand ("use
Docker to reproduce the crash", "用 Postman 看下接口返回"), a case supposed after it ("use Redis
only if …", "等量上来了再用 Kafka"), one way among any ("Redis or something similar") or reading
matter ("use the docs for FastAPI") chooses nothing; one for a throwaway script or the reply goes
to review. "先不上 X 了" and "forget X" take back an earlier choice.

A choice that only points back ("option B", "方案二", "就按你说的") with no such option offered
names nothing: it goes to review, as does one that puts the matter off or tries a thing ("决定先
不改了", "decided to try Bun"), or an instruction for this one time ("这一次用 force push 吧"); a
case supposed ("万一以后用 Mongo") decides nothing. A decision chooses what its verb takes, not
the verb ("Decision: go with Vite") nor what it replaces ("用 Vite 替换 webpack"), and a type
keeps its size ("NUMERIC(18,2)").

A sentence that says it decides may decide no lasting way: a step of the task at hand ("we
decided to check the logs first", "决定先回滚"), a meeting, a person's job or a day, the reply
itself, or someone else's decision reported ("领导定了…"): it goes to review. One since undone
("we had decided on X, but …") holds only what came after it; one asked or still weighed ("have
we decided…", "还在评估") decides nothing. A Chinese choice ends where the next step begins
("…然后…"), unless it is an order of steps ("先写临时文件然后 rename").
"""

from __future__ import annotations

import pytest

from tests.extraction import _choices_said, _chosen, _decisions_zh, _kept, _run, _said, _said_zh

# ---- a function written with its arguments ----------------------------------------------------


@pytest.mark.parametrize(
    "turns",
    [
        _said("ok, go with flatten(depth=2) for the nested rows"),
        _said("let's do decimal(10,4) for the rates, I'll write the migration"),
        _said_zh("导出那里统一换成 `useExportStore()`"),
    ],
)
def test_a_function_written_with_its_arguments_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("let's go with ReplacingMergeTree(version) for the counters", "ReplacingMergeTree"),
        ("let's use Redis (we already run it) for the cache", "Redis"),
    ],
)
def test_a_capitalised_name_with_arguments_is_still_a_choice(sentence, choice):
    assert _chosen(*_said(sentence)) == [choice]


# ---- the assistant saying back the person's way -------------------------------------------------


@pytest.mark.parametrize(
    ("way", "reply"),
    [
        (
            "对了，写测试我习惯 table-driven 的写法",
            "明白，后面所有测试都用 table-driven + subtests。",
        ),
        ("btw 我习惯用 Kotlin，不写 Java，后面代码都给 Kotlin", "好的，后面都用 Kotlin 2 的写法。"),
        (
            "依赖我一直用 poetry 管，别给我 pip 的命令",
            "收到，之后都用 poetry add / poetry install。",
        ),
    ],
)
def test_the_assistant_saying_back_the_persons_way_decides_nothing(way, reply):
    batch = _run(*_said_zh(way), ("assistant", reply))
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "user")  # the way is the person's, kept as theirs


def test_the_assistant_confirming_a_choice_of_its_own_still_decides():
    turns = [
        *_said_zh("同步方案还没定，你看看哪个合适"),
        ("assistant", "好，确定用 Debezium，表引擎后面再说。"),
    ]
    assert _chosen(*turns) == ["Debezium"]


# ---- a code name said by a part of it -----------------------------------------------------------


def test_a_reply_naming_a_code_name_by_a_part_chooses_the_whole_name():
    turns = [
        *_said("the reranker is the slow part of search"),
        (
            "assistant",
            "`rerank-model-base` is accurate but heavy; `rerank-model-mini` is about five times "
            "faster with a small loss.",
        ),
        ("user", "reranker: switch to mini, fine"),
    ]
    assert _chosen(*turns) == ["rerank-model-mini"]


def test_a_part_said_in_the_singular_names_the_code_name_too():
    turns = [
        *_said_zh("我们要在 AWS 上起一个 Kafka 集群"),
        ("assistant", "建议直接用 `cloud-kafka-modules/msk/aws` v3，自己从头写要处理一大堆。"),
        ("user", "用 module，v3。"),
    ]
    assert _chosen(*turns) == ["cloud-kafka-modules/msk/aws"]


def test_a_member_of_a_name_is_not_the_name_it_shortens():
    turns = [
        *_said("the vector index is slow to build"),
        ("assistant", "Build it with ivfflat, then tune `ivfflat.probes` at query time."),
        ("user", "let's use ivfflat for the index"),
    ]
    assert _chosen(*turns) == ["ivfflat"]


def test_a_known_tool_named_inside_a_code_name_stays_the_tool():
    turns = [
        *_said("we need a job queue for the invoices"),
        ("assistant", "With Redis already there, `redis-queue-lite` or plain Redis lists work."),
        ("user", "ok, use Redis for it"),
    ]
    assert _chosen(*turns) == ["Redis"]


# ---- the person's habit ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "我一般都用 poetry，后面也都按 poetry 来。",
        "对了我平时用 ruff，后面代码也都按 ruff 来格式化",
    ],
)
def test_a_tool_the_person_says_they_always_use_is_their_way_not_a_choice(sentence):
    batch = _run(*_said_zh(sentence))
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "project") == []  # nor the project's stack
    assert [u["text"] for u in _kept(batch, "user")] == [sentence.rstrip("。")]


def test_a_name_written_as_a_name_is_not_shortened_from_a_code_name():
    turns = [
        *_said("asset loading for the hot update"),
        ("assistant", "Load them with `Bundlers.LoadAssetAsync` once the package is ready."),
        ("user", "ok, use Bundler for the hot update, version 2.1"),
    ]
    assert _chosen(*turns) == ["Bundler"]


# ---- a choice that only points back at something said -----------------------------------------


@pytest.mark.parametrize(
    "turns",
    [
        _said("ok let's go with option 3"),
        _said("decided: go with approach B, ship it"),
        _said("we'll go with the simpler approach"),
        _said("lets do the 2nd option"),
        _said_zh("决定了，就用方案B"),
        _said_zh("定了，用第二种"),
        _said_zh("好，还是用前者"),
        _said_zh("决定了，就按你说的来"),
    ],
)
def test_a_choice_that_only_points_back_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


@pytest.mark.parametrize(
    ("options", "reply", "choice"),
    [
        (
            "Two options:\n\n1. **Redis** with a TTL\n2. **Postgres** table with a cleanup job",
            "we decided on option 2",
            "Postgres",
        ),
        (
            "两个方案：\n\n方案一：Redis 加 TTL\n方案二：Postgres 表加定时清理\n\n选哪个？",
            "决定用方案二",
            "Postgres 表加定时清理",
        ),
    ],
)
def test_a_label_of_an_option_offered_still_chooses_the_option(options, reply, choice):
    turns = [*_said("how should we store sessions?"), ("assistant", options), ("user", reply)]
    assert _chosen(*turns) == [choice]


# ---- the verb a decision's head opens with ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "others"),
    [
        ("decision: go with Vite over webpack", "Vite", ["webpack"]),
        ("final decision: switch to pnpm instead of npm", "pnpm", ["npm"]),
        ("from now on use pytest not unittest", "pytest", ["unittest"]),
        ("go with pnpm not yarn for the monorepo", "pnpm", ["yarn"]),
    ],
)
def test_a_decision_chooses_what_its_verb_takes_not_the_verb(sentence, choice, others):
    assert _choices_said(sentence) == [(choice, others)]


@pytest.mark.parametrize(
    ("sentence", "choice", "others"),
    [
        ("决定用 Kafka 替换掉 RabbitMQ", "Kafka", ["RabbitMQ"]),
        ("前端用 Vite 替换 webpack", "Vite", ["webpack"]),
        ("结论：用 ClickHouse 替换 ES", "ClickHouse", ["ES"]),
    ],
)
def test_what_a_choice_replaces_is_no_part_of_it(sentence, choice, others):
    assert [(d["choice"], d.get("alternatives", [])) for d in _decisions_zh(sentence)] == [
        (choice, others)
    ]


# ---- a type written with its size ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("use NUMERIC(18,2) for money columns", "NUMERIC(18,2)"),
        ("we'll use NVARCHAR(100) for names", "NVARCHAR(100)"),
        ("amounts: go with NUMERIC(20,6), floats are banned", "NUMERIC(20,6)"),
        ("let's use DECIMAL(12, 4) for the prices", "DECIMAL(12,4)"),
    ],
)
def test_a_type_keeps_its_size(sentence, choice):
    assert _chosen(*_said(sentence)) == [choice]


def test_the_type_a_choice_is_set_against_keeps_its_size_too():
    assert _choices_said("decided: CHAR(36) for the ids, not BINARY(16)") == [
        ("CHAR(36)", ["BINARY(16)"])
    ]


# ---- nothing taken up: put off, tried, supposed, for this once ---------------------------------


@pytest.mark.parametrize(
    "turns",
    [
        _said_zh("决定先不改了"),
        _said_zh("定了，暂时不动"),
        _said_zh("我们决定先不上 k8s"),
        _said_zh("决定先观察两天再说"),
        _said("we decided to wait until next sprint"),
        _said("we decided to try Bun but it was too buggy"),
        _said("we agreed to revisit this after the launch"),
        _said_zh("这一次用 force push 吧"),
    ],
)
def test_a_decision_that_takes_nothing_up_for_good_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


@pytest.mark.parametrize(
    "turns",
    [
        _said_zh("万一以后用 Mongo，仓储层要薄一点"),
        _said_zh("假如用 Kafka，要几台 broker"),
        _said("suppose we switch to pnpm, does CI break"),
        _said("supposing we move to Bun, the CI images need updating"),
    ],
)
def test_a_case_supposed_decides_nothing(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "decisions", "review") == []


# ---- what is still decided ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "choice"),
    [
        (_said("we decided to keep Postgres"), "Postgres"),
        (_said("let's go with Postgres, option B is overkill"), "Postgres"),
        (_said("let's use exponential backoff with jitter"), "exponential backoff with jitter"),
        (_said("go with Celery + Redis for the jobs"), "Celery + Redis"),
        (_said("ok decided: pgvector with HNSW"), "pgvector with HNSW"),
        (_said("decided: Option pricing service stays on Go"), "Go"),
        (_said_zh("定了，前端用 React 18"), "React 18"),
        (_said_zh("决定不用 Mongo，用 Postgres"), "Postgres"),
        (_said_zh("决定把 Redis 换成 KeyDB"), "KeyDB"),
        (_said_zh("测试统一用 pytest"), "pytest"),
        (_said_zh("缓存统一走 Redis"), "Redis"),
    ],
)
def test_a_choice_named_outright_is_still_stored(turns, choice):
    assert _chosen(*turns) == [choice]


# ---- a proposal said with a gerund ------------------------------------------------------------


@pytest.mark.parametrize(
    ("proposal", "choice"),
    [
        ("I'd suggest switching to esbuild for the dev builds, it's much faster.", "esbuild"),
        (
            "I'd suggest moving to GitHub Actions for CI, Jenkins is the flaky part.",
            "GitHub Actions",
        ),
        ("I'd recommend sticking with Redux Toolkit since you already have it.", "Redux Toolkit"),
        ("I'd suggest going with Postgres 16 here.", "Postgres 16"),
        # what the advice sets a thing to
        ("批号建议统一成 `LOT-YYYYMMDD-NNNN`，后四位是当日流水号。", "LOT-YYYYMMDD-NNNN"),
    ],
)
def test_a_proposal_of_taking_a_thing_chooses_the_thing(proposal, choice):
    turns = [*_said("the build is slow"), ("assistant", proposal), ("user", "ok")]
    assert _chosen(*turns) == [choice]


@pytest.mark.parametrize(
    "proposal",
    [
        "I'd suggest adding a composite index on (tenant_id, created_at).",
        "I recommend rewriting the serializer loop in a single query.",
        "I'd suggest wrapping the handler in a transaction.",
    ],
)
def test_a_proposal_of_a_step_accepted_is_no_decision(proposal):
    turns = [*_said("the API is slow"), ("assistant", proposal), ("user", "sounds good")]
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert _kept(batch, "decisions", "review") == []


def test_a_way_named_by_its_ing_noun_is_still_proposed():
    turns = [
        *_said("which cache?"),
        ("assistant", "I'd suggest caching the rendered pages in Redis."),
        ("user", "ok"),
    ]
    assert _chosen(*turns) == ["caching the rendered pages in Redis"]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("可以，就换 Pinia，一次性迁完吧。", "Pinia"),
        ("那就用 Vitest，一次性把 jest 的用例都迁过去", "Vitest"),
        ("行，一次性全部切到 Vite 吧", "Vite"),
    ],
)
def test_all_at_once_is_no_instruction_for_this_one_time(sentence, choice):
    assert _chosen(*_said_zh(sentence)) == [choice]


# ---- what "decided" takes --------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "we've decided the bug is in the backend, not the frontend.",
        "The decision is up to the product team, we'll wait.",
        "the final call is still open, ask again on monday",
        "I decided to take the day off tomorrow, so no rush.",
        "I've decided I'll handle the migration myself.",
        "they decided to use Kafka on the data team",
        "Team decided the retry budget in standup.",
        "We decided based on the benchmark.",
        "We decided together with ops.",
    ],
)
def test_decided_without_a_choice_after_it_decides_nothing(sentence):
    assert _choices_said(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "choice", "others"),
    [
        ("we decided against GraphQL, staying with REST.", "REST", ["GraphQL"]),
        ("Decided to go with Milvus for vectors, not looking at others.", "Milvus", []),
        ("okay decided to use Sentry for errors", "Sentry", []),
        ("I chose Vite over webpack for the new app.", "Vite", ["webpack"]),
        ("I decided to go with Postgres for this", "Postgres", []),
        ("So we decided to switch to uv from poetry.", "uv", ["poetry"]),
        ("final decision: move to pnpm from yarn", "pnpm", ["yarn"]),
        ("We decided pgx over lib/pq for performance.", "pgx", ["lib/pq"]),
    ],
)
def test_decided_takes_what_it_is_said_with(sentence, choice, others):
    assert _choices_said(sentence) == [(choice, others)]


def test_when_it_was_decided_is_no_part_of_the_choice():
    choices = _choices_said("The team decided last quarter to move everything to AWS.")
    assert [c for c, _ in choices] == ["move everything to AWS"]


@pytest.mark.parametrize(
    "sentence",
    [
        "确定是后端的问题，前端没毛病。",
        "确定一下 Node 的版本再说",
        "我确定这个 bug 在 2.3 就有了。",
    ],
)
def test_confirming_a_fact_in_chinese_decides_nothing(sentence):
    assert _decisions_zh(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("敲定方案：双写 + 每日对账，老库保留三个月。", "双写 + 每日对账"),
        ("拍板了：订单号用雪花算法生成。", "订单号用雪花算法生成"),
        ("领导拍板了，用钉钉做告警通知。", "钉钉"),
        ("我们最后决定把超时改成 30 秒。", "超时 30 秒"),
        # a thing left as it is is the choice when it is no tool ("Pinia 不动" keeps Pinia)
        ("决定了，表结构不动，只在 created_at 上加索引。", "表结构不动"),
        ("那还是 Pinia 不动", "Pinia"),
    ],
)
def test_a_chinese_decision_takes_what_follows_its_verb(sentence, choice):
    assert [d["choice"] for d in _decisions_zh(sentence)] == [choice]


@pytest.mark.parametrize(
    "turns",
    [
        _said("We should use Kafka eventually, but not this quarter."),
        _said("at some point we'll move to Kubernetes"),
        _said("let's go with the second approach you mentioned"),
        _said_zh("以后再换成 ClickHouse"),
    ],
)
def test_a_choice_for_a_later_day_or_one_only_pointed_at_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


def test_a_choice_some_day_in_chinese_is_not_stored():
    assert _decisions_zh("迟早要上 k8s，现在先不急") == []


@pytest.mark.parametrize(
    ("turns", "choice"),
    [(_said_zh("以后都用 pnpm"), "pnpm"), (_said("from now on we use Ruff for linting"), "Ruff")],
)
def test_a_choice_from_now_on_is_not_put_off(turns, choice):
    assert _chosen(*turns) == [choice]


def test_the_assistants_own_rule_unasked_waits_for_review():
    turns = [*_said("the export is slow"), ("assistant", "Decided: the exporter uses BigDecimal.")]
    assert _chosen(*turns) == []
    assert _chosen(*turns, action="review") == ["BigDecimal"]


@pytest.mark.parametrize(
    "asked",
    ["同步方案还没定，你看看哪个合适", "which one should we use for the sync?", "你来定吧"],
)
def test_the_assistants_rule_is_the_answer_when_asked(asked):
    turns = [*_said_zh(asked), ("assistant", "好，确定用 Debezium，表引擎后面再说。")]
    assert _chosen(*turns) == ["Debezium"]


# ---- instructions that are no way of the project ---------------------------------------------


@pytest.mark.parametrize(
    "turns",
    [
        # a step of the task at hand: a tool used to look into something now
        _said("use Grafana to see the p99 latency over the last hour"),
        _said("Use pytest to confirm the fix works."),
        _said("use Docker to reproduce the crash locally"),
        _said("use docker compose to spin it up and check the logs"),
        _said("use Postgres just to try the migration"),
        _said_zh("用 Postman 看下接口返回什么"),
        _said_zh("用 Docker 复现这个 bug"),
        _said_zh("用 psql 确认下行数对不对"),
        # one thing made for the reply
        _said_zh("用 mermaid 画个时序图"),
        _said_zh("用 Python 写个脚本把 csv 转成 json"),
        # an example, or how it is usually done
        _said("for example, use Redis for the session cache"),
        _said_zh("举个例子，用 Kafka 做消息队列"),
        _said_zh("通常会用 Redis 存 session"),
        _said_zh("代码示例用 TypeScript 写"),
        # a condition: what may be done, not what is
        _said("use Redis only if Postgres can't keep up"),
        _said("use Kafka once we have more than one consumer"),
        _said_zh("等量上来了再用 Kafka"),
        _said_zh("量大了就用 Kafka"),
        # one way among any
        _said("use Redis or something similar for the cache"),
        _said_zh("用 Redis 之类的做缓存"),
        # what to read
        _said("use the docs for FastAPI to check the signature"),
        _said("Use the official Prisma docs as reference."),
    ],
)
def test_an_instruction_for_a_step_an_example_or_a_case_is_not_stored(turns):
    assert _kept(_run(*turns), "decisions") == []


@pytest.mark.parametrize(
    "turns",
    [
        _said("use bash for the quick script, it's throwaway"),
        _said("Use Python to write a one-off script that renames these files."),
        _said_zh("demo 里先用 SQLite"),
        _said("use TypeScript for the answer"),
    ],
)
def test_an_instruction_for_a_throwaway_script_or_the_reply_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


@pytest.mark.parametrize(
    ("turns", "choice"),
    [
        (_said("use Sentry to see errors in production from now on"), "Sentry"),
        (_said("use mypy to check the types in CI"), "mypy"),
        (_said("use Redis when caching sessions"), "Redis when caching sessions"),
        (_said("use Meilisearch to search the products"), "Meilisearch"),
        (_said("use Stripe webhooks to confirm payments"), "Stripe webhooks"),
        (_said("use Playwright to test the login flow"), "Playwright"),
        (_said("let's use Redis to look up sessions quickly"), "Redis"),
        (_said("We'll go with Vite; for example the dev server starts in 300ms."), "Vite"),
        (_said("use MkDocs for the documentation"), "MkDocs"),
        (_said_zh("用 Grafana 做监控看板"), "Grafana"),
        (_said_zh("测下来 Redis 更快，就用 Redis"), "Redis"),
        (_said_zh("以后都用 Loki 看日志"), "Loki 看日志"),
    ],
)
def test_a_way_of_the_project_said_with_what_it_does_is_still_chosen(turns, choice):
    assert _chosen(*turns) == [choice]


@pytest.mark.parametrize(
    "turns",
    [
        _said_zh("缓存用 Redis", "算了，还是先不上 Redis 了"),
        _said("let's use Redis for the cache", "never mind, forget Redis"),
    ],
)
def test_an_instruction_taken_back_later_is_not_stored(turns):
    assert _chosen(*turns) == []


# ---- a sentence that says it decides, and decides no way of the project ------------------------


@pytest.mark.parametrize(
    "turns",
    [
        # a step of the task at hand
        _said("We decided to check the Redis logs first."),
        _said("OK, we decided to reproduce it in a fresh container."),
        _said("We decided to use tcpdump to see what the proxy sends."),
        _said_zh("决定先回滚，晚上再排查。"),
        _said("We decided to merge PR 412 once CI is green."),
        _said("We decided to close this issue as a duplicate."),
        _said("We decided to ask the security team before rotating the keys."),
        # a meeting, a person's job, a day
        _said("We decided to move the retro to Friday."),
        _said("Decided: Priya takes on-call this week."),
        _said_zh("定了，周会挪到周二下午。"),
        _said_zh("决定王五负责支付模块。"),
        # someone else's decision, reported
        _said("The platform team decided to require mTLS between services."),
        _said_zh("领导定了用钉钉发告警。"),
        # the reply itself
        _said_zh("决定用表格给你看对比结果。"),
        _said_zh("决定用列表展示，方便对比。"),
    ],
)
def test_a_decision_of_no_lasting_way_goes_to_review(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == []
    assert len(_kept(batch, "decisions", "review")) == 1


@pytest.mark.parametrize(
    "turns",
    [
        _said("We had decided on RabbitMQ, but the ops team refused to run it."),
        _said_zh("本来决定用 Consul 的，但是运维不想维护。"),
        _said("Have we decided on the cache yet"),
        _said_zh("客户决定用 RocketMQ，我们还在评估。"),
    ],
)
def test_a_decision_undone_or_not_yet_made_decides_nothing(turns):
    batch = _run(*turns)
    assert _kept(batch, "decisions") == [] == _kept(batch, "decisions", "review")


def test_a_decision_undone_keeps_what_came_after_it():
    turns = _said("Two weeks ago we decided on Celery, but we are moving to Dramatiq.")
    assert _chosen(*turns) == ["Dramatiq"]


@pytest.mark.parametrize(
    ("turns", "choice"),
    [
        (_said("We decided to use Postgres for the main database."), "Postgres"),
        (
            _said("We decided to run the cleanup job every Sunday at 02:00."),
            "run the cleanup job every Sunday at 02:00",
        ),
        (_said("From today on we decided to use pnpm for everything."), "pnpm"),
        (_said_zh("决定每周一凌晨跑全量备份。"), "每周一凌晨跑全量备份"),
        (_said_zh("决定先写临时文件再 rename。"), "先写临时文件再 rename"),
        (_said_zh("决定先上 Redis 做缓存，以后再考虑集群。"), "先上 Redis"),
    ],
)
def test_a_lasting_decision_is_still_stored(turns, choice):
    assert _chosen(*turns) == [choice]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("决定用 Dramatiq 处理后台任务然后结果写回 Postgres。", "Dramatiq 处理后台任务"),
        ("决定用 Kafka 收埋点然后 Flink 做实时聚合。", "Kafka 收埋点"),
        ("决定先写临时文件然后 rename。", "先写临时文件然后 rename"),
    ],
)
def test_a_chinese_choice_ends_where_the_next_step_begins(sentence, choice):
    assert _chosen(*_said_zh(sentence)) == [choice]


# ---- words that only look like a choice ---------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Sometimes more but then it is a support case anyway.",
        "By the way it is raining in Berlin since three weeks.",
        "Yesterday it is what broke the build.",
    ],
)
def test_it_is_chooses_only_at_the_end_of_its_clause_after_a_whole_word(sentence):
    assert _chosen(*_said(sentence)) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("ok, Redis it is.", "Redis"), ("Zustand it is, and MMKV for storage.", "Zustand"),
     ("Europe/Vienna it is (same offset).", "Europe/Vienna")],
)  # fmt: skip
def test_a_name_then_it_is_still_chooses_it(sentence, choice):
    assert _chosen(*_said(sentence)) == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "先别换 backend，hashmap 读写快，我们这个 job 对延迟有要求。",
        "别换成 Redis，现在这样挺好。",
        "腾讯云的只读实例不支持 binlog_row_image 改成 FULL，要 CDC 只能连主库。",
    ],
)
def test_a_change_held_off_or_not_possible_chooses_nothing(sentence):
    assert _decisions_zh(sentence) == []


def test_going_back_to_a_name_keeps_its_level():
    [d] = _decisions_zh("QoS 2 不要了，改回 QoS 1，加 unique index。")
    assert d["choice"] == "QoS 1"


def test_a_setting_written_as_code_is_chosen_whole():
    [d] = _decisions_zh("改成 `strategy: 'prefix_except_default'`：中文地址保持不变。")
    assert d["choice"] == "strategy: 'prefix_except_default'"
