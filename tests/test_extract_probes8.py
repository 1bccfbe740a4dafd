"""What session 50's probes found, read by the extraction rules (8).

A reply that is only an option's label ("2", "二吧", "1, fewer moving parts") picks that option
of the list the assistant offered with a question; the steps of a plan are no options.
"""

from __future__ import annotations

import pytest

from omp import extract as ex
from omp import rules, sources
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices


def _transcript(text: str) -> ex.Batch:
    """A plain transcript read by the sources and the rules, settled."""
    [conversation] = sources.parse(text)
    messages = [(m.role, m.text, m.position) for m in conversation.messages]
    batch = ex.Batch()
    ex.from_conversation(messages, batch, path="chat.txt", agent=True)
    ex.settle(batch, [], today="2026-12-05")
    return batch


_OFFER = (
    "Two options:\n1. **Postgres** with SKIP LOCKED - one less service\n"
    "2. **Redis** with BullMQ - faster, but another thing to run\nWhich one?"
)

# ---- a reply that is only a label ------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "choice", "other"),
    [
        ("1", "Postgres", "Redis"),
        ("2", "Redis", "Postgres"),
        ("2 please", "Redis", "Postgres"),
        ("#1 - one less thing to run", "Postgres", "Redis"),
        ("2吧", "Redis", "Postgres"),
    ],
)
def test_a_reply_that_is_only_a_label_picks_the_option(reply, choice, other):
    turns = [("user", "we need a database for the job queue"), ("assistant", _OFFER),
             ("user", reply), ("assistant", "Done, the worker is in src/worker.ts.")]  # fmt: skip
    assert _choices(*turns) == [(choice, [other])]


def test_the_reason_after_the_label_is_the_rationale_and_the_option_line_the_context():
    turns = [("user", "队列用什么？"),
             ("assistant", "两个方案：\n方案一：**RabbitMQ**，成熟\n"
                           "方案二：**Kafka**，吞吐高\n你选哪个？"),
             ("user", "二吧，以后数据量大")]  # fmt: skip
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == "Kafka"
    assert decision["rationale"] == "以后数据量大"
    assert decision["context"].startswith("方案二：**Kafka**，吞吐高")


@pytest.mark.parametrize(
    "turns",
    [
        # a plan's steps, not a question: "2" picks nothing
        [
            ("user", "the build is broken"),
            ("assistant", "Here is what I will do:\n1. **Clear the cache**\n2. **Rebuild**"),
            ("user", "2"),
        ],
        # too late: the list was offered long before
        [
            ("user", "we need a database for the job queue"),
            ("assistant", _OFFER),
            ("user", "let me think about it"),
            ("assistant", "Sure."),
            ("user", "anyway, the CI is red"),
            ("assistant", "Looking."),
            ("user", "2"),
        ],
        # "2. …" opens a list of the person's own
        [
            ("user", "we need a database for the job queue"),
            ("assistant", _OFFER),
            ("user", "1. which is cheaper?"),
        ],
    ],
)
def test_a_number_that_is_no_pick_decides_nothing(turns):
    assert _choices(*turns) == []


# ---- options called options, and a short answer --------------------------------------------


def test_a_label_picks_from_options_offered_without_a_question_mark():
    offer = ("For a Next.js 14 App Router project there are three realistic choices:\n\n"
             "1. **NextAuth (Auth.js v5)** - free, self-hosted.\n2. **Clerk** - hosted, drop-in.\n"
             "3. **Lucia** - lightweight library.\n\nI'd lean towards Clerk.")  # fmt: skip
    [decision] = _kept(_run(("user", "I need login. what are my options"),
                            ("assistant", offer), ("user", "2")), "decisions")  # fmt: skip
    assert (decision["title"], decision["choice"]) == ("Use Clerk", "Clerk")


def test_a_one_word_answer_to_an_either_or_question_is_no_trivial_entry():
    turns = [("user", "我们加测试吧"),
             ("assistant", "好。用 uv 还是 poetry 装？我看仓库里 uv.lock 和 poetry.lock 都有"),
             ("user", "uv。poetry.lock 是之前的 忘删了 顺手删掉")]  # fmt: skip
    assert _choices(*turns) == [("uv", ["poetry"])]


# ---- git's own line in a transcript ----------------------------------------------------------


def test_the_sha_git_printed_in_a_plain_transcript_is_the_commits_ref():
    text = ("[USER]\ncommit it\n\n[ASSISTANT]\nDone:\n\n```\n"
            '$ git commit -m "test: migrate test suite to pytest"\n'
            "[main 8d2e1a4] test: migrate test suite to pytest\n"
            " 23 files changed, 311 insertions(+), 402 deletions(-)\n```\n")  # fmt: skip
    batch = _transcript(text)
    assert _kept(batch, "changelog") == [
        {"type": "chore", "summary": "migrate test suite to pytest", "ref": "8d2e1a4"}
    ]


# ---- a switch away from what the assistant just proposed -----------------------------------


def test_a_switch_from_the_assistants_proposal_keeps_the_choice_before_it():
    turns = [
        ("user", "navigation: expo-router or React Navigation?"),
        ("assistant", "**expo-router** or **React Navigation**?"),
        ("user", "expo-router, file based routing is what the web people already know"),
        ("assistant", "For persisting the store I'll use `AsyncStorage` with `persist`."),
        ("user", "use MMKV instead, asyncstorage is slow and async everywhere is annoying"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["expo-router", "MMKV"]


# ---- settings: English names, a value changed in the next message, environments, cron -------


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        ("the upload limit is 20MB right now, make it 50MB.", {"upload_limit": "50MB"}),
        ("max body size 10MB, concurrency: 8", {"max_body_size": "10MB", "concurrency": "8"}),
        ("retries: 3, backoff 2s.", {"retries": "3", "backoff": "2s"}),
        ("the session timeout is 30 minutes; bump it to 60.", {"session_timeout": "60 minutes"}),
        (
            "staging cluster gke-staging-euw1, prod cluster gke-prod-euw1",
            {"staging_cluster": "gke-staging-euw1", "production_cluster": "gke-prod-euw1"},
        ),
        (
            "k8s 集群 ack-test-bj 是测试的，生产集群 ack-prod-bj",
            {"test_cluster": "ack-test-bj", "production_cluster": "ack-prod-bj"},
        ),
        (
            "prod max_connections = 200, staging max_connections = 50",
            {"production_max_connections": "200", "staging_max_connections": "50"},
        ),
        ("bucket is shop-assets-prod", {"bucket": "shop-assets-prod"}),
        ("本地数据库端口是 5433", {"port": "5433"}),
        ("the nightly backup runs at 02:00 UTC via cron (0 2 * * *).", {"schedule": "0 2 * * *"}),
        ("schedule the sync job as `*/15 * * * *`", {"schedule": "*/15 * * * *"}),
        ("the digest email goes out every day at 8am", {"schedule": "every day at 8am"}),
        ("the report runs nightly at 2:30 UTC", {"schedule": "nightly at 2:30 UTC"}),
    ],
)
def test_settings_said_in_english_or_per_environment(sentence, config):
    assert rules.settings(sentence) == config


def test_a_value_said_alone_in_the_next_message_changes_the_setting_before():
    batch = _run(("user", "upload limit is 20MB."), ("assistant", "ok"),
                 ("user", "actually make it 50MB"))  # fmt: skip
    assert _kept(batch, "project") == [{"config": {"upload_limit": "50MB"}}]
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["upload limit 50MB"]


@pytest.mark.parametrize("sentence", ["make it 50MB", "改成 50MB"])
def test_a_value_of_no_setting_said_is_no_decision(sentence):
    assert _kept(_run(("user", sentence)), "decisions") == []


# ---- plans are not the stack; when is not what --------------------------------------------


def test_a_version_move_under_way_is_not_the_stack():
    assert rules.tech_facts("next sprint we're bumping to Node 22.") == {}
    assert rules.tech_facts("we're on Node 22.") == {"runtime": "Node 22"}


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("We're moving to Postgres 16 next month.", "Postgres 16"),
     ("let's switch to pnpm today", "pnpm")],
)  # fmt: skip
def test_when_a_choice_is_made_is_not_part_of_it(sentence, choice):
    decision = rules.decision(sentence)
    assert decision is not None
    assert decision.choice == choice


# ---- another country's phone number ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["client contact is Jonas Brandt, +49 1512 3456789.", "+4915123456789", "+49-1512-3456789",
     "+44 (0)20 7946 0958", "+33 6 12 34 56 78"],
)  # fmt: skip
def test_another_countrys_phone_number_is_redacted(text):
    from omp.sensitive import redact

    assert "[REDACTED:phone number]" in redact(text)[0]


@pytest.mark.parametrize(
    "text", ["3 files changed, 88 insertions(+), +12 lines", "ts +0800 2024", "+12.5% growth",
             "mem +1024 MB +2048 MB", "v1.2.3+20240101"]
)  # fmt: skip
def test_numbers_after_a_plus_that_are_no_phone_numbers_stay(text):
    from omp.sensitive import redact

    assert redact(text)[0] == text


# ---- choices left to the assistant, picked by a pair's head, given with a reason -----------


def test_a_choice_left_to_the_assistant_is_the_option_it_then_takes():
    turns = [
        ("user", "ok"),
        ("assistant", "sqlc + pgx it is. For migrations, goose or golang-migrate?"),
        ("user", "whatever you think"),
        ("assistant", "goose — migrations as plain `.sql` files, embedded in the binary."),
    ]
    assert _choices(*turns) == [("goose", ["golang-migrate"])]


def test_a_pairs_head_picks_it_and_the_reason_naming_another_option_is_the_rationale():
    offer = (
        "For Postgres the two camps are:\n\n1. **sqlc + pgx** - you write SQL.\n"
        "2. **GORM** - ORM, fast CRUD.\n3. **ent** - schema-as-code.\n\nWhich one?"
    )
    batch = _run(
        ("user", "db layer next"),
        ("assistant", offer),
        ("user", "sqlc. I hate gorm magic, and for a ledger I want to see every query"),
    )
    [decision] = _kept(batch, "decisions")
    assert (decision["choice"], decision["alternatives"]) == ("sqlc + pgx", ["GORM", "ent"])
    assert decision["rationale"].startswith("I hate gorm magic")
    assert _kept(batch, "user") == []


def test_a_preference_for_every_project_stays_the_persons_own():
    offer = "Runner: **probe-rs** or **openocd**?"
    batch = _run(
        ("user", "runner?"),
        ("assistant", offer),
        ("user", "probe-rs, always. I prefer probe-rs over openocd on every board I own."),
    )
    assert [u["text"][:20] for u in _kept(batch, "user")] == ["I prefer probe-rs ov"]


@pytest.mark.parametrize(
    ("reply", "rationale"),
    [("uuid v7 吧，主要是分布式+有序", "分布式+有序")],
)
def test_a_bullet_picked_in_chinese_has_the_others_as_alternatives(reply, rationale):
    offer = (
        "主键常见几种：\n\n- 自增 BIGINT：简单\n- UUID v4：全局唯一\n- UUID v7：有序\n"
        "- Snowflake：64位整数\n\n你们后面有多region的计划吗？"
    )
    [decision] = _kept(
        _run(("user", "主键用啥"), ("assistant", offer), ("user", reply)), "decisions"
    )
    assert decision["choice"] == "UUID v7"
    assert decision["alternatives"] == ["自增 BIGINT", "UUID v4", "Snowflake"]
    assert decision["rationale"] == rationale


# ---- what is refused, gone back to, or not decided yet --------------------------------------


def test_refusing_a_way_of_working_does_not_turn_down_the_tool_it_names():
    assert rules.refused("one more thing for tests: no mocking redis.") == []
    assert rules.rejected("one more thing for tests: no mocking redis.") == []
    assert rules.rejected("no string concatenation") == ["string concatenation"]
    assert rules.refused("not using redis anymore") == ["redis"]


def test_going_back_to_an_option_reverses_the_pick_from_its_own_list_only():
    offer = (
        "A) caching. Options:\n  - Redis\n  - Memcached\n\nB) background jobs:\n"
        "  1. Celery - the standard\n  2. RQ - simpler\n  3. Dramatiq - middle ground\n"
    )
    turns = [
        ("user", "whats the plan"),
        ("assistant", offer),
        ("user", "go with redis. for jobs the second one, celery feels like overkill"),
        ("assistant", "Redis and RQ."),
        ("user", "ok you know what, go back to celery. keep redis as the broker"),
        ("assistant", "Switching."),
        ("user", "one more thing for tests: no mocking redis."),
    ]
    # "no mocking redis" is a rule of its own, which turns Redis down no more than it reverses
    assert _choices(*turns) == [("redis", []), ("celery", ["RQ"]), ("no mocking redis", [])]
    dropped = _kept(_run(*turns), "decisions", "dropped")
    assert [(d["choice"], d["alternatives"]) for d in dropped] == [("RQ", ["Celery", "Dramatiq"])]


def test_options_labelled_before_their_name_and_picked_again_by_label():
    offer = "方案 A：阿里云 ECS + RDS\n方案 B：腾讯云 CVM + 云数据库\n方案 C：腾讯云轻量\n选哪个？"
    turns = [
        ("user", "云服务选哪个？"),
        ("assistant", offer),
        ("user", "那就 B 方案吧，便宜点"),
        ("assistant", "好"),
        ("user", "发票也好走。。算了还是A吧"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["阿里云 ECS + RDS"]


def test_a_table_of_labelled_options_is_picked_by_its_label():
    offer = (
        "删除策略：\n\n| 选项 | 做法 | 优点 |\n|---|---|---|\n| A | 软删除，`deleted_at` | 简单 |\n"
        "| B | 硬删除 + 归档表 | 主表干净 |\n| C | 硬删除 | 最简单 |"
    )
    assert _choices(("user", "删除怎么做"), ("assistant", offer), ("user", "A")) == [
        ("软删除", ["硬删除 + 归档表", "硬删除"])
    ]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("等下 小程序端也要调 tRPC不合适了 还是REST + OpenAPI", "REST + OpenAPI"),
        ("嗯 那还是 _cents，加currency列", "_cents"),
        ("ok you know what, go back to celery.", "celery"),
        ("so back to DO", "DO"),
    ],
)
def test_going_back_to_an_option(sentence, choice):
    decision = rules.decision(sentence)
    assert decision is not None
    assert decision.choice == choice


def test_a_detail_of_how_the_last_choice_was_carried_out_does_not_reverse_it():
    turns = [
        ("user", "金额字段呢"),
        ("assistant", "两个选择：`numeric(12,2)` 或者用整数存最小单位（分）。"),
        ("user", "一律用分存 bigint，不要decimal。"),
        ("assistant", "明白：所有金额字段 `BIGINT`，字段名统一加后缀 `_cents`。"),
        ("user", "后缀用 _fen 会不会更直白？"),
        ("assistant", "`_cents` 更通用一点。"),
        ("user", "嗯 那还是 _cents，加currency列"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["分存 bigint", "_cents"]


@pytest.mark.parametrize(
    "sentence",
    ["网关 Nginx 换成 APISIX 的方案 review 了一半，还没结论", "Postgres vs Mongo: no decision yet"],
)
def test_a_choice_said_to_be_undecided_decides_nothing(sentence):
    assert rules.decision(sentence) is None


# ---- the assistant's lean, "the bolded one", a chat's question without "?" -----------------


def test_a_lean_the_person_accepts_is_a_decision():
    turns = [
        ("user", "how should we parse args?"),
        ("assistant", "I would use clap with the derive API; it gives us help text for free."),
        ("user", "sounds good, ship it"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["clap"]


def test_the_bolded_one_is_the_option_in_bold_with_the_tables_other_rows_as_alternatives():
    said = (
        "| Approach | Isolation |\n|---|---|\n| Database per tenant | strongest |\n"
        "| Schema per tenant | strong |\n| **Shared tables + `tenant_id` + RLS** | good |\n\n"
        "I'd go with the bolded one: every table gets `tenant_id uuid not null`."
    )
    turns = [("user", "multi-tenancy?"), ("assistant", said), ("user", "ok then the bolded one.")]
    assert _choices(*turns) == [
        ("Shared tables + tenant_id + RLS", ["Database per tenant", "Schema per tenant"])
    ]


def test_a_chats_question_without_a_question_mark_offers_its_two_names():
    assert rules.asked_options("日期库 moment 还是 dayjs") == ["moment", "dayjs"]
    assert rules.asked_options("moment or dayjs") == ["moment", "dayjs"]


# ---- what a sentence settles before it puts a question off; versions moved -----------------


def test_a_question_put_off_at_the_end_leaves_what_the_sentence_settles():
    batch = _run(
        ("user", "部署先放阿里云 OSS 静态托管 + CDN，域名 ops.acme-inc.cn，后面再说要不要上 k8s")
    )
    assert {"urls": {"domain": "ops.acme-inc.cn"}} in _kept(batch, "project")
    assert rules.before_deferral("we use Postgres 16 for now, we'll revisit sharding later") == (
        "we use Postgres 16 for now"
    )


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("Go 上周已经升级到 1.22 了", {"go": "Go 1.22"}),
        ("heads up: Rails is upgraded to 7.1 (was 7.0)", {"rails": "Rails 7.1"}),
        ("Node was bumped to 20", {"node": "Node 20"}),
        ("下周把 Go 升到 1.22", {}),
    ],
)
def test_a_version_moved_to_is_the_stack(sentence, stack):
    assert rules.version_changes(sentence) == stack


def test_heads_up_before_finished_work_is_no_part_of_it():
    batch = _run(("user", "heads up: Rails is upgraded to 7.1 (was 7.0.8), all specs green"))
    assert [c["summary"][:25] for c in _kept(batch, "changelog")] == ["Rails is upgraded to 7.1 "]


@pytest.mark.parametrize(
    ("sentence", "config"),
    [
        (
            "region 从 ap-southeast-1 迁到东京 ap-northeast-1 上周已经迁完了",
            {"region": "ap-northeast-1"},
        ),
        ("prod cluster moved from us-west-2 to us-east-1", {"region": "us-east-1"}),
        ("region ap-northeast-1, DR in us-west-2", {"region": "ap-northeast-1"}),
        ("我刚临时把请求超时改成 60s 了方便打断点调试", {}),
        ("REPORT_CRON=0 8 * * *", {"report_cron": "0 8 * * *"}),
    ],
)
def test_where_a_setting_moved_to_and_values_set_only_for_a_while(sentence, config):
    assert rules.settings(sentence) == config


# ---- commands said with "with", and a request made to an address ---------------------------


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("tests run with `pnpm test`, integration tests with `pnpm test:int`",
         {"test": "pnpm test", "test_integration": "pnpm test:int"}),
        ("to run locally: pnpm dev", {"dev": "pnpm dev"}),
        ("migrate with `make migrate`", {"migrate": "make migrate"}),
        ("deploys go through `fly deploy -c fly.staging.toml`",
         {"deploy": "fly deploy -c fly.staging.toml"}),
        ("I ran the tests with `pytest -k foo`.", {}),
        ("tests with mocks are flaky", {}),
    ],
)  # fmt: skip
def test_the_commands_a_sentence_names_with_what_they_do(sentence, found):
    assert rules.commands(sentence) == found


def test_an_address_a_request_was_made_to_is_no_deployment():
    said = "curl -m 3 https://api.staging.payments.acme.io/v2/refunds/rf_123 times out for me"
    assert rules.deployment(said) is None
    assert rules.deployment("staging is at https://api.staging.payments.acme.io") is not None


def test_the_second_of_two_ways_offered_without_a_question():
    said = (
        "两个办法：\n- 把 cron 改成 `0 0 * * *`（UTC 0 点 = 北京 8 点）\n"
        "- 或者设置 Celery `timezone='Asia/Shanghai'`，cron 保持 `0 8 * * *`\n\n推荐第二种。"
    )
    turns = [("user", "日报时间不对"), ("assistant", said), ("user", "用第二种")]
    assert _choices(*turns) == [
        ("设置 Celery timezone='Asia/Shanghai'", ["把 cron 改成 0 0 * * *"])
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "site is up on https://bestellen.baeckerei-brandt.de",
        "the app is now live at https://a.b.de",
    ],
)
def test_a_site_said_to_be_up_at_an_address_is_deployed_there(sentence):
    deployment = rules.deployment(sentence)
    assert deployment is not None
    assert deployment.status == "active"


def test_the_package_manager_a_package_json_names_is_the_stack():
    from omp import buildfiles

    shown = ('$ cat package.json\n{\n  "name": "pawpal",\n  "packageManager": "pnpm@9.15.0",\n'
             '  "devDependencies": {\n    "nx": "20.7.1"\n  }\n}')  # fmt: skip
    assert buildfiles.facts(shown)["tech_stack"]["package_manager"] == "pnpm 9.15.0"


def test_a_schedule_is_keyed_by_the_job_named_before_it():
    said = 'Changed `purge_stale_carts` to `cron: "0 * * * *"` (top of every hour).'
    assert rules.settings(said) == {"purge_stale_carts_schedule": "0 * * * *"}


@pytest.mark.parametrize(
    ("sentence", "config"),
    [("prod: max_connections = 200", {"production_max_connections": "200"}),
     ("生产环境超时 5s", {"production_timeout": "5s"}),
     ("测试环境超时 30s，生产环境超时 5s", {"test_timeout": "30s", "production_timeout": "5s"}),
     ("the test timeout is 30s", {"timeout": "30s"})],
)  # fmt: skip
def test_a_number_said_of_production_or_staging_is_keyed_by_it(sentence, config):
    assert rules.settings(sentence) == config


def test_an_address_kept_as_it_is_is_named_without_still():
    assert rules.url_facts("域名还是 https://static.huoyun.com 不变") == {
        "域名": "https://static.huoyun.com"
    }


def test_a_value_for_another_thing_does_not_reverse_the_last_value():
    turns = [("user", "限流怎么配"), ("assistant", "建议全局每分钟 60 次"),
             ("user", "全局改成每分钟 30 次"), ("assistant", "好"),
             ("user", "不对，登录接口改成 10 次吧")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["每分钟 30 次", "登录接口 10 次"]


@pytest.mark.parametrize(
    ("text", "kind"),
    [("new value FlyV1 fm2_lJPECAAAAAAAAMzSxBB7nQpLkQ2v8XcY9mN3rT6wJ1hK4sD0fG5aZ8bE2u,fm2_abc",
      "Fly.io token"),
     ("FLY_API_TOKEN=FlyV1 fm2_lJPECAAAAAAAAMzSxBB7nQpLkQ2v8XcY9mN3rT6w and we decided",
      "Fly.io token"),
     ("cio4Fq8Rt2Lm7XvZ9nB3kW6yP1sD5gH0jAx not ideal to paste here", "crates.io token")],
)  # fmt: skip
def test_fly_and_crates_io_tokens_are_redacted(text, kind):
    from omp.sensitive import redact

    redacted = redact(text)[0]
    assert f"[REDACTED:{kind}]" in redacted
    assert "fm2_lJPE" not in redacted and "cio4Fq8" not in redacted


@pytest.mark.parametrize("text", ["precious things and ciocciolata", "the fm2_ prefix"])
def test_words_like_those_tokens_stay(text):
    from omp.sensitive import redact

    assert redact(text)[0] == text


def test_work_reported_with_a_commits_sha_is_that_commit():
    text = ("User: fix the flaky test\n\nAssistant: Done.\n\n```\n"
            '$ git commit -m "fix: freeze time in the export test"\n'
            "[main 3b9e1f2] fix: freeze time in the export test\n```\n\n"
            "Summary:\n- Fixed the flaky export test by freezing time (3b9e1f2)\n")  # fmt: skip
    batch = _transcript(text)
    assert [c.get("ref") for c in _kept(batch, "changelog")] == ["3b9e1f2"]


def test_a_preference_said_personally_is_the_persons():
    assert rules.personal("I personally prefer writing ADRs in English.") is not None


# ---- secrets: Azure's client secrets, passwords in prose, markers never taken for secrets ---


@pytest.mark.parametrize(
    ("text", "kind"),
    [("fyi the azure AD app secret 9uj8Q~t5zLl0DjeWlZlvsSoFJPa8vYgHjw~RpYyy expires next week",
      "Azure AD client secret"),
     ("Also `DATABASE_URL` has the password `Gr@fanakbcEMq` inline.", "password"),
     ("login admin with password Gr@fanakbcEMq", "password"),
     ("Decision: use pw Gr@fanakbcEMq for the shared staging admin", "password")],
)  # fmt: skip
def test_secrets_said_in_prose_are_redacted(text, kind):
    from omp.sensitive import redact

    redacted = redact(text)[0]
    assert f"[REDACTED:{kind}]" in redacted
    assert "Gr@fanakbcEMq" not in redacted and "t5zLl0Dje" not in redacted


@pytest.mark.parametrize(
    "text", ["pass OAuth-Token headers along", "the password field is required",
             "password hashing uses Argon2id"]
)  # fmt: skip
def test_words_after_password_that_are_no_password_stay(text):
    from omp.sensitive import redact

    assert redact(text)[0] == text


@pytest.mark.parametrize(
    "data",
    [{"context": "决定用 Redis，密码是 [REDACTED:password]"},
     {"summary": "see https://x.blob.core.windows.net/c?sig=[REDACTED:secret in URL query]"}],
)  # fmt: skip
def test_a_marker_of_a_redaction_is_no_secret_to_the_writer(data):
    from omp.sensitive import find_secrets

    assert find_secrets(data) == []


def test_a_password_said_in_chinese_is_redacted_and_the_run_writes(tmp_path):
    import os
    import subprocess
    import sys

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "OMP_USER_STORE": ""}
    omp = [sys.executable, "-m", "omp", "-C", str(tmp_path)]
    subprocess.run([*omp, "init"], check=True, capture_output=True, env=env)
    done = subprocess.run([*omp, "extract", "--text", "决定用 Redis，密码是 Gm@2024redis!"],
                          capture_output=True, text=True, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    decisions = (tmp_path / "_omp" / "memory" / "decisions.yaml").read_text(encoding="utf-8")
    assert "[REDACTED:password]" in decisions and "Gm@2024redis" not in decisions


def test_a_password_that_is_a_word_is_not_redacted_wherever_the_word_is_said():
    from omp.sensitive import redact

    text = "DATABASE_URL=postgres://postgres:postgres@localhost:5432/shop_dev\nwe run postgres 16.3"
    assert redact(text)[0] == (
        "DATABASE_URL=postgres://postgres:[REDACTED:password in URL]@localhost:5432/shop_dev\n"
        "we run postgres 16.3"
    )


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("金额一律 int64，单位是分，禁止用 float/double", "int64"),
     ("时间字段全部 timestamptz，存 UTC", "timestamptz"),
     ("never push to main", "never push to main"),
     ("every PR needs a test", "every PR needs a test"),
     ("all timestamps are RFC3339 in UTC", "all timestamps are RFC3339 in UTC"),
     ("no mocking the database", "no mocking the database"),
     ("squash merge only", "squash merge only"),
     ("all tests are green", None),
     ("local only", None)],
)  # fmt: skip
def test_rules_said_whole_and_what_every_one_of_a_kind_is(sentence, choice):
    decision = rules.decision(sentence)
    assert (decision.choice if decision else None) == choice


def test_never_push_to_main_is_a_rule_the_person_sets():
    [decision] = _kept(_run(("user", "never push to main")), "decisions")
    assert decision["title"] == "Never push to main"


@pytest.mark.parametrize(
    ("said", "title"),
    [("no mocking the database", "No mocking the database"),
     ("squash merge only", "Squash merge only"),
     ("every PR needs a test", "Every PR needs a test")],
)  # fmt: skip
def test_a_rule_said_whole_is_its_own_title(said, title):
    [decision] = _kept(_run(("user", said)), "decisions")
    assert decision["title"] == title


def test_a_commit_the_agent_reverted_leaves_only_the_revert():
    turns = [
        ("user", "make the export async"),
        ("commit", "[main 6b1d4e8] feat(customers): export in a celery task"),
        ("user", "no, that broke the admin, undo it"),
        ("tool", '[main c0e7f52] Revert "feat(customers): export in a celery task"\n'
                 " 2 files changed, 3 insertions(+), 40 deletions(-)"),
    ]  # fmt: skip
    batch = _run(*turns)
    assert [(c["summary"], c.get("ref")) for c in _kept(batch, "changelog")] == [
        ('Revert "feat(customers): export in a celery task"', "c0e7f52")
    ]
    assert [c["summary"] for c in _kept(batch, "changelog", "dropped")] == [
        "export in a celery task"
    ]


@pytest.mark.parametrize(
    ("sentence", "undoes"),
    [("rip it out, I don't want retries in this repo at all", True),
     ("hmm no. take it out again", True),
     ("remove it again please", True),
     ("I don't want you to revert that", False)],
)  # fmt: skip
def test_asking_to_take_out_what_was_just_done_undoes_it(sentence, undoes):
    assert rules.undoes_last(sentence) is undoes


@pytest.mark.parametrize(
    "sentence",
    ["先说一下，以后都用中文回复我", "dont explain basics to me pls, I've done Go for 10 years",
     "别给我解释基础概念，我写 Go 十年了", "reply in Chinese please"],
)  # fmt: skip
def test_how_the_person_wants_answers_is_theirs(sentence):
    assert rules.personal(sentence) is not None


def test_a_question_about_the_language_of_answers_is_no_preference():
    assert rules.personal("can you reply in Chinese?") is None


def test_a_revert_a_transcript_shows_is_one_entry():
    text = ("User: make export async\n\nAssistant: done\n\n```\n"
            "[main 6b1d4e8] feat(customers): export in a celery task\n```\n\n"
            "User: undo it\n\nAssistant: reverted\n\n```\n"
            '[main c0e7f52] Revert "feat(customers): export in a celery task"\n```\n')  # fmt: skip
    batch = _transcript(text)
    changelog = [c for c in batch.candidates if c.target == "changelog"]
    assert [(c.action, c.entry.get("ref")) for c in changelog] == [
        ("dropped", "6b1d4e8"),
        ("stored", "c0e7f52"),
    ]
