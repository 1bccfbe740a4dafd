"""Choices across a conversation: reversals, switches, and what a choice leaves behind.

A later choice said as a change of mind replaces the first, a switch within a role supersedes
the tool of that role but not a choice of another part (a job runner and its broker, a protocol
and its broker), going back to an option, a version moved to, and what goes with an option
turned down: its settings, paths and stack.
"""

from __future__ import annotations

import pytest

from omp import ingest, rules
from omp.paths import MemoryRoot
from tests.extraction import _choices, _chosen, _kept, _run, _said, _said_zh

# ---- a change of mind ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "then", "kept", "dropped"),
    [
        (
            "We'll deploy to Heroku.",
            "Heroku's pricing changed. Let's do Render instead.",
            "Render",
            "Heroku",
        ),
        ("Go with Jest.", "On second thought, Vitest — it's faster with Vite.", "Vitest", "Jest"),
        (
            "Let's store the images in S3.",
            "wait, we have R2 credits, use Cloudflare R2 instead of S3.",
            "Cloudflare R2",
            "S3",
        ),
    ],
)
def test_a_later_choice_said_as_a_change_of_mind_replaces_the_first(first, then, kept, dropped):
    batch = _run(*_said(first), ("assistant", "OK."), ("user", then))
    stored = _kept(batch, "decisions")
    assert [(d["choice"], d.get("alternatives")) for d in stored] == [(kept, [dropped])]
    assert [d["choice"] for d in _kept(batch, "decisions", "dropped")] == [dropped]
    assert all(":" not in d["title"] for d in stored)  # no reason or aside in the title


@pytest.mark.parametrize(
    "then",
    [
        "Instead, let's look at the logs first.",  # no choice in it
        "Actually, the tests are green now.",
        "On second thought, let's do that later.",
    ],
)
def test_a_change_of_mind_that_names_no_new_choice_keeps_the_first(then):
    batch = _run(*_said("We'll deploy to Heroku."), ("assistant", "OK."), ("user", then))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Heroku"]


# ---- turning down a part of a camel-case name ----------------------------------------------------


def test_turning_down_a_part_of_a_camel_case_name_drops_it():
    batch = _run(
        *_said("那先用 fallbackToDestructiveMigration 吧，今晚先发个热修"),
        ("assistant", "好的。"),
        ("user", "等等，不行。不要 destructive，写一个 MIGRATION_5_6 吧。"),
    )
    assert [d["choice"] for d in _kept(batch, "decisions", "dropped")] == [
        "fallbackToDestructiveMigration"
    ]


# ---- a job runner and its broker -----------------------------------------------------------------


def test_a_broker_switch_keeps_the_job_runner_chosen_before():
    turns = [
        ("user", "We need a job queue for billing. Options are Sidekiq, Celery or RQ."),
        ("assistant", "Celery fits best: the service is Django 5.0. RQ lacks scheduled retries."),
        ("user", "Let's go with Celery then."),
        ("assistant", "Done. I added billing/tasks.py."),
        ("user", "Actually, scrap Redis as the broker, we'll use RabbitMQ instead."),
    ]
    assert [c for c, _ in _choices(*turns)] == ["Celery", "RabbitMQ"]


@pytest.mark.parametrize(
    ("first", "then", "kept"),
    [
        ("Let's use Sidekiq.", "Actually, let's use BullMQ instead.", "BullMQ"),
        ("Let's use Kafka.", "Let's use RabbitMQ instead.", "RabbitMQ"),
    ],
)
def test_a_switch_within_one_part_still_replaces_the_earlier_choice(first, then, kept):
    assert [c for c, _ in _choices(*_said(first, then))] == [kept]


# ---- a stack fact replaced whole -----------------------------------------------------------------


def test_a_stack_fact_replaced_whole_is_reported_with_what_it_said():
    turns = _said("We're using Redux for state.", "Let's switch to Zustand instead of Redux.")
    batch = _run(*turns)
    replaced = [c.entry for c in batch.candidates if c.note == "replaced later in the conversation"]
    assert replaced == [{"tech_stack": {"state": "Redux"}}]


# ---- a second thought, a detail that replaces no tool, a broker after a protocol -----------------


def test_a_second_thought_replaces_the_earlier_choice_of_its_role():
    turns = [
        ("user", "IoT 项目，设备是 ESP32，上报温湿度。"),
        ("assistant", "好的。"),
        ("user", "时序数据存 InfluxDB 吧"),
        ("assistant", "已加 influxdb:2.7，bucket 叫 telemetry。"),
        ("user", "嗯 想了一下还是 TDengine 吧，国产的，客户要求信创"),
    ]
    assert _choices(*turns) == [("TDengine", ["InfluxDB"])]


def test_a_detail_of_no_known_role_does_not_replace_the_tool_chosen_before():
    turns = [
        ("user", "写个爬虫抓二手房挂牌数据，Python"),
        ("assistant", "建议用 Scrapy。"),
        ("user", "存储用 PostgreSQL，库名 house，表 listings"),
        ("assistant", "pipeline 已写好，用 psycopg2 批量 insert。"),
        ("user", "嗯...批量 insert 还是换成 COPY 吧，数据量大"),
    ]
    assert "PostgreSQL" in [c for c, _ in _choices(*turns)]


def test_the_broker_chosen_after_the_protocol_does_not_replace_it():
    turns = [
        ("user", "IoT 项目，设备是 ESP32，平台这边协议用 MQTT 还是 CoAP"),
        ("assistant", "MQTT 更合适，生态成熟。CoAP 适合低功耗 NB-IoT。"),
        ("user", "用 MQTT。broker 选 EMQX 还是 Mosquitto"),
        ("assistant", "设备量上万的话选 EMQX；Mosquitto 轻量但单机。"),
        ("user", "目前就几百台，先用 Mosquitto，以后量大了再说"),
    ]
    chosen = [c for c, _ in _choices(*turns)]
    assert "MQTT" in chosen
    assert "Mosquitto" in chosen


# ---- a switch of the part a choice was made for --------------------------------------------------


def test_switching_the_part_a_choice_was_made_for_replaces_it():
    batch = _run(
        ("user", "存档怎么做？"),
        ("assistant", "可以用 ResourceSaver 或者 JSON。"),
        ("user", "存档就直接用 ResourceSaver 存成 .tres 吧"),
        ("assistant", "好的。"),
        ("user", "那存档改用 System.Text.Json"),
    )
    (d,) = _kept(batch, "decisions")
    assert d["choice"] == "System.Text.Json"
    assert d["alternatives"] == ["ResourceSaver 存成 .tres"]


# ---- a switch in Chinese -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "then", "kept", "dropped"),
    [
        ("部署到 Heroku。", "Heroku 涨价了，换成 Render 吧。", "Render", "Heroku"),
        ("图片存 S3。", "我们有 R2 的额度，图片改存 Cloudflare R2。", "Cloudflare R2", "S3"),
    ],
)
def test_a_switch_replaces_the_earlier_choice_of_its_role(first, then, kept, dropped):
    batch = _run(*_said_zh(first), ("assistant", "好的。"), ("user", then))
    assert [(d["choice"], d.get("alternatives")) for d in _kept(batch, "decisions")] == [
        (kept, [dropped])
    ]


# ---- a choice made too, and a switch of push service ---------------------------------------------


def test_a_choice_made_too_does_not_replace_the_earlier_one_of_its_kind():
    turns = _said(
        "那就按你说的，国内渠道包 JPush，Google Play 包直接用 FCM，flavor 分 `cn` 和 `gp`。",
        "iOS 也走极光。服务端统一调极光的 REST API。",
    )
    assert "FCM" in [c for c, _ in _choices(*turns)]


def test_a_switch_of_push_service_still_replaces_the_earlier_one():
    turns = _said("推送用极光推送。", "算了，推送改用个推。")
    assert [c for c, _ in _choices(*turns)] == ["个推"]


# ---- a chat of several people --------------------------------------------------------------------


def test_a_chat_of_people_gives_their_choices_and_leaves_preferences_for_review(
    memory: MemoryRoot,
):
    chat = memory.project / "team.md"
    chat.write_text(
        "张伟: 今天把订单服务的存储定一下吧\n"
        "李娜: 我还是倾向 MySQL，运维那边熟\n"
        "王强: 我喜欢 yarn 哈哈，不过不重要\n"
        "张伟: 好，那我们定了用 PostgreSQL 15，不用 MySQL 了\n"
        "李娜: 行\n",
        encoding="utf-8",
    )
    result = ingest.extract(memory, [str(chat)], dry_run=True)
    got = {(c.target, c.action): c.entry for c in result.batch.candidates
           if c.target in ("decisions", "user")}  # fmt: skip
    assert (
        got[("decisions", "stored")]["context"] == "好，那我们定了用 PostgreSQL 15，不用 MySQL 了"
    )
    assert got[("user", "review")]["text"] == "我喜欢 yarn 哈哈，不过不重要"


# ---- a switch away from what the assistant just proposed -----------------------------------------


def test_a_switch_from_the_assistants_proposal_keeps_the_choice_before_it():
    turns = [
        ("user", "navigation: expo-router or React Navigation?"),
        ("assistant", "**expo-router** or **React Navigation**?"),
        ("user", "expo-router, file based routing is what the web people already know"),
        ("assistant", "For persisting the store I'll use `AsyncStorage` with `persist`."),
        ("user", "use MMKV instead, asyncstorage is slow and async everywhere is annoying"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["expo-router", "MMKV"]


# ---- what is gone back to ------------------------------------------------------------------------


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
    assert _choices(*turns) == [("redis", []), ("Celery", ["RQ"]), ("no mocking redis", [])]
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


# ---- a value for another thing -------------------------------------------------------------------


def test_a_value_for_another_thing_does_not_reverse_the_last_value():
    turns = [("user", "限流怎么配"), ("assistant", "建议全局每分钟 60 次"),
             ("user", "全局改成每分钟 30 次"), ("assistant", "好"),
             ("user", "不对，登录接口改成 10 次吧")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["每分钟 30 次", "登录接口 10 次"]


def test_a_value_given_again_with_no_unit_does_not_reverse_the_last_choice():
    turns = [("user", "串口丢帧，怎么收比较稳？"),
             ("assistant", "用 HAL_UARTEx_ReceiveToIdle_DMA 配合环形缓冲。"),
             ("user", "行，就用 HAL_UARTEx_ReceiveToIdle_DMA + 环形缓冲，回调里只发任务通知。"),
             ("user", "先提到 921600 试试吧。"),
             ("user", "921600 不行。算了波特率还是回到 115200，不折腾了。")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == [
        "HAL_UARTEx_ReceiveToIdle_DMA + 环形缓冲",
        "波特率 115200",
    ]


def test_a_choice_changed_keeps_the_details_its_title_settled_for_other_things():
    turns = [("user", "ClickHouse 表引擎用哪个？"),
             ("assistant", "CollapsingMergeTree 或 ReplacingMergeTree 都行。"),
             ("user", "就用 CollapsingMergeTree。分区按月 toYYYYMM(event_date)。"),
             ("assistant", "好的。"),
             ("user", "CollapsingMergeTree 不行，还是换成 ReplacingMergeTree 吧。")]  # fmt: skip
    (kept,) = _kept(_run(*turns), "decisions")
    assert kept["choice"] == "ReplacingMergeTree"
    assert "toYYYYMM(event_date)" in kept["title"]


# ---- a version moved to, of the tool the stack names at another ----------------------------------


def test_a_version_bumped_to_is_the_stacks_tool_at_it_and_retires_the_old_one():
    turns = [("user", "also we're on python 3.9 still, is that a problem"),
             ("assistant", "3.9 reaches end of life in October 2025. Worth planning a move."),
             ("user", "yeah we'll bump to 3.12 as part of this rewrite. decided.")]  # fmt: skip
    batch = _run(*turns)
    assert _choices(*turns) == [("python 3.12", ["python 3.9"])]
    assert {"tech_stack": {"language": "python 3.9"}} not in _kept(batch, "project")


def test_a_version_moved_to_is_of_the_package_the_same_sentence_names_before_it():
    turns = [("user", "后端是 Spring Boot 3.2.5 + MyBatis-Plus，部署在阿里云 ACK 上。"),
             ("assistant", "5.x 的定时消息需要 rocketmq-spring-boot-starter 2.3.0 以上。"),
             ("user", "pom 是 rocketmq-spring-boot-starter 2.2.2，那就升到 2.3.0 吧")]  # fmt: skip
    batch = _run(*turns)
    assert _choices(*turns) == [
        ("rocketmq-spring-boot-starter 2.3.0", ["rocketmq-spring-boot-starter 2.2.2"])
    ]
    stack = {k: v for f in _kept(batch, "project") for k, v in f.get("tech_stack", {}).items()}
    assert stack["backend"] == "Spring Boot 3.2.5"  # not moved to 2.3.0 with it


def test_a_change_of_mind_to_what_a_choice_was_made_over_takes_that_choice_back():
    turns = [("assistant", "几个方案：\n\n1. ShardingSphere-JDBC 5.4（应用内分片）\n"
                           "2. MyCat 2\n3. 迁到 PolarDB-X 2.0（透明分片）"),
             ("user", "第一个吧。分片键 buyer_id"),
             ("assistant", "历史数据迁移：a) canal 同步 b) 用阿里云 DTS 做全量 + 增量迁移"),
             ("user", "canal 就别了，用 DTS"),
             ("user", "刚跟运维开完会。他们说 ShardingSphere 这种应用侧分片他们不想背锅。"
                      "还是上 PolarDB-X 吧，应用不改")]  # fmt: skip
    choices = dict(_choices(*turns))
    assert "DTS" in choices and "PolarDB-X" in choices
    assert "ShardingSphere-JDBC 5.4" in choices["PolarDB-X"]
    assert not any(c.startswith("ShardingSphere") for c in choices)


def test_a_still_in_a_message_naming_earlier_choices_takes_none_back():
    turns = [("user", "用 Martin 吧，Rust 写的性能好。"),
             ("user", "前端也换 MapLibre GL，Leaflet 不用了。"),
             ("user", "Martin 和 MapLibre GL 都定了。"
                      "坐标系这样定：库里还是存 4326，出瓦片统一用 EPSG:3857")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["Martin", "MapLibre GL", "EPSG:3857"]


_QUICK_FIXES = (
    "That's webpack 4 using the MD4 hash, which OpenSSL 3 disables by default.\n\n"
    "Quick fixes, pick one:\n- run with the legacy provider: `NODE_OPTIONS=--openssl-legacy-"
    "provider npm run build`\n- use Node 16 for that old project (`nvm use 16`)\n"
    "- upgrade to webpack 5 (≥ 5.61 uses a built-in MD4 implementation), the real fix"
)


@pytest.mark.parametrize(
    ("reply", "chosen"),
    [("ok legacy provider worked, it's just an old thing I needed to run once. thx", []),
     ("ok node 16 it is", ["Node 16"])],
)  # fmt: skip
def test_a_yes_that_names_another_of_the_ways_listed_takes_no_proposal(reply, chosen):
    turns = [("user", "node script crashes on my mac: error:0308010C"),
             ("assistant", _QUICK_FIXES), ("user", reply)]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == chosen


def test_a_version_alone_settled_on_later_replaces_the_version_chosen_before():
    turns = [("assistant", "阿里云 ClickHouse 社区版能选 23.8 和 24.3 两个 LTS。版本你倾向哪个？"),
             ("user", "测试环境现在是 23.8，就用 ClickHouse 23.8 吧，保持一致"),
             ("assistant", "好的，23.8 LTS。"),
             ("user", "新购实例已经不给选 23.8 了。那就 24.3，测试环境也一起升"),
             ("user", "超时就 3.5 秒"), ("user", "版本就 v6.3.0。")]  # fmt: skip
    assert _choices(*turns) == [("ClickHouse 24.3", ["ClickHouse 23.8"])]


@pytest.mark.parametrize(
    "turns",
    [[("user", "we'll bump to 3.12 as part of this rewrite.")],  # of nothing named
     [("user", "we're on python 3.9 and node 18.4"), ("user", "we'll bump to 3.12")],  # of which?
     [("user", "we're on python 3.9"), ("user", "should we bump to 3.12?")],
     [("user", "we're on python 3.9"), ("user", "we'll bump to 50 percent of traffic")]],
)  # fmt: skip
def test_a_version_of_no_one_tool_or_asked_about_chooses_nothing(turns):
    assert _choices(*turns) == []


@pytest.mark.parametrize(
    ("said", "choice"),
    [("let's upgrade to Node 20", "Node 20"),
     ("we're moving to Python 3.12 as part of this rewrite.", "Python 3.12")],
)  # fmt: skip
def test_a_named_version_upgraded_to_is_the_choice_without_what_it_is_part_of(said, choice):
    assert [c for c, _ in _choices(("user", said))] == [choice]


def test_a_version_stayed_on_is_the_stacks_tool_at_it():
    turns = [
        ("user", "the player jitters. this is godot 4.3, CharacterBody2D"),
        ("assistant", "Use move_and_slide in _physics_process."),
        ("user", "also we'll stay on 4.3 until the demo ships, no engine upgrades mid-demo"),
    ]
    assert _choices(*turns) == [("godot 4.3", [])]  # fmt: skip
    # not "also 4.3", nor a version of nothing named
    assert _choices(turns[2]) == []


# ---- what goes with an option turned down --------------------------------------------------------


def test_a_setting_said_of_an_option_turned_down_later_goes_with_it():
    turns = [("user", "yeah lets do supabase + prisma"),
             ("assistant", "With Prisma you'd point DATABASE_URL at the Supabase pooler on port "
                           "6543."),
             ("user", "supabase pauses free projects. which db then?"),
             ("assistant", "Supabase Pro or Neon?"), ("user", "neon then.")]  # fmt: skip
    assert {"config": {"port": "6543"}} not in _kept(_run(*turns), "project", "review")
    # kept when nothing turned Supabase down
    assert {"config": {"port": "6543"}} in _kept(_run(*turns[:3]), "project", "review")


def test_a_setting_the_later_choice_keeps_stays():
    turns = [("user", "取消之后要通知库存服务。用 RocketMQ 发消息，topic 叫 order-cancelled"),
             ("assistant", "好的。"),
             ("user", "RocketMQ 要下线。改成 Kafka 吧，topic 还是 order-cancelled")]  # fmt: skip
    assert {"config": {"topic": "order-cancelled"}} in _kept(_run(*turns), "project")
    # a setting the later choice does not name again goes with the option turned down
    gone = (*turns[:2], ("user", "RocketMQ 要下线。改成 Kafka 吧。"))
    assert {"config": {"topic": "order-cancelled"}} not in _kept(_run(*gone), "project", "review")


def test_a_tools_setup_taken_out_undoes_the_work_and_the_path_said_with_it():
    opening = ("I set up DeepSpeed ZeRO-3 with HF Trainer yesterday, config is at "
               "configs/ds_z3.json")  # fmt: skip
    turns = [("user", opening), ("assistant", "Two ways forward: keep it, or FSDP."),
             ("user", "ok FSDP is the way, we delete the deepspeed config.")]  # fmt: skip
    batch = _run(*turns)
    assert _kept(batch, "changelog") == []
    assert {"paths": {"config": "configs/ds_z3.json"}} not in _kept(batch, "project")
    kept = _run(turns[0], turns[1], ("user", "ok FSDP is the way, we keep the deepspeed config."))
    assert {"paths": {"config": "configs/ds_z3.json"}} in _kept(kept, "project")


def test_a_switch_replaces_the_stack_the_same_message_said_before_it():
    said = ("we use black + flake8 + isort right now and the pre-commit takes forever. "
            "switch us to ruff for both lint and format.")  # fmt: skip
    assert {"tech_stack": {"lint": "black + flake8 + isort"}} not in _kept(
        _run(("user", said)), "project"
    )
    # not a choice that adds to it ("also use mypy"): linters share their role
    added = "we use black + flake8 right now. also use mypy for types."
    assert {"tech_stack": {"lint": "black + flake8"}} in _kept(_run(("user", added)), "project")


def test_a_switch_to_no_known_tool_replaces_no_stack_said_before_it():
    said = "后端是 go 的 gin，我让后端同学加个接口。行，那就走后端代理，前端这边改成调 /api/ai/chat"
    assert {"tech_stack": {"language": "go", "backend": "gin"}} in _kept(
        _run(("user", said)), "project"
    )


# ---- work done on an option a later choice turned down --------------------------------------


def _work(batch, action):
    return [str(e["summary"]) for e in _kept(batch, "changelog", action)]


def test_work_told_done_on_an_option_turned_down_later_waits_for_review():
    batch = _run(
        ("user", "We're adding dependency injection to the running app."),
        ("user", "I added Hilt with a DataModule and a NetworkModule."),
        ("user", "Hmm, Hilt is too heavy for us, switch to Koin instead."),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Koin"]
    assert not any("Hilt" in w for w in _work(batch, "stored"))
    assert any("Hilt" in w for w in _work(batch, "review"))


def test_work_on_the_option_kept_stays_stored():
    batch = _run(
        ("user", "We're adding dependency injection to the running app."),
        ("user", "I added Koin modules in place of the Hilt ones."),
        ("user", "Hilt is too heavy for us, switch to Koin instead."),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Koin"]
    assert any("Koin" in w for w in _work(batch, "stored"))


def test_work_told_done_before_a_choice_on_another_part_stays_stored():
    batch = _run(
        ("user", "We're adding dependency injection to the running app."),
        ("user", "I added Hilt with a DataModule and a NetworkModule."),
        ("user", "For the local database, use Room instead of Realm."),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Room"]
    assert any("Hilt" in w for w in _work(batch, "stored"))


# ---- a switch the person says they want -----------------------------------------------------


@pytest.mark.parametrize(
    ("said", "chosen"),
    [
        ("we want to move to pnpm, can you update the CI workflow", "pnpm"),
        ("npm is slow af, i wanna switch to pnpm. update the lockfile pls", "pnpm"),
        ("want to switch to uv, pls update the Dockerfile", "uv"),
        ("Jest 太慢，想切到 vitest，帮忙改下配置", "vitest"),
        ("这次想迁移到 ClickHouse，先写建表语句", "ClickHouse"),
        ("现在想改用 Vitest，jest 太慢了", "Vitest"),
        ("webpack 太慢了 想换成 Vite, 你先看看 config", "Vite"),
        ("I want to migrate to Prisma. here's the schema: `model User { id Int @id }`", "Prisma"),
    ],
)
def test_a_switch_the_person_wants_is_a_choice_for_review(said, chosen):
    # a wish often opens the talk before the options are weighed ("I want to move to Rust",
    # then embassy or RTIC), so it is reviewed rather than stored
    assert _chosen(*_said(said), action="review") == [chosen]


@pytest.mark.parametrize(
    "said",
    [
        "在想要不要换成 pnpm",
        "我们之前想过换成 Vitest，后来没弄",
        "他们团队想换成 Bun",
        "想换成 ClickHouse 吗？",
        "we wanted to move to Bazel but it was too slow",
        "do we want to switch to pnpm?",
        "the infra team wants to migrate to Terraform",
        "本来想换成 MongoDB，算了",
        "想换成 Kafka 的话要改多少代码",
        "our client wants to switch to Azure",
        "if we want to move to Deno we'd need to rewrite the imports",
    ],
)
def test_a_switch_wished_asked_or_dropped_chooses_nothing(said):
    assert _chosen(*_said(said), action="review") == _chosen(*_said(said)) == []


# ---- a part kept where it is ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "chosen"),
    [
        ("keep the session store on Redis, don't move it to Postgres", "Redis"),
        (
            "prefs yes, convert it. leave authStore as a svelte/store writable though.",
            "svelte/store",
        ),
        ("ok, keep the tests in pytest", "pytest"),
        ("鉴权还是保持 Keycloak，不换 Auth0", "Keycloak"),
        ("队列还是保持用 RabbitMQ", "RabbitMQ"),
        ("Redis 那边不动，先改前端", "Redis"),
    ],
)
def test_a_part_kept_on_a_known_name_is_a_choice(said, chosen):
    assert _chosen(*_said(said)) == [chosen]


@pytest.mark.parametrize(
    "said",
    [
        "keep the data in memory for now",
        "leave it as is",
        "keep the button on the left",
        "keep logging on stdout",
        "这个函数先不动",
        "我的 Redis 不动",
        "Kafka 要是不变的话就不用改配置",
        "你的 Python 版本保持 3.11 吗？",
    ],
)
def test_a_thing_kept_that_is_no_known_name_or_not_ours_chooses_nothing(said):
    assert _chosen(*_said(said)) == []


def test_a_name_left_unchanged_replaces_no_choice_of_its_role():
    # "EMQX 接入不变" keeps EMQX while the broker behind it changes: Pulsar stays chosen
    found = _choices(*_said("那改成 Pulsar 吧，不用 Kafka 了。EMQX 接入不变，bridge 到 Pulsar。"))
    assert found == [("Pulsar", ["Kafka"]), ("EMQX", [])]


def test_settings_after_a_name_left_unchanged_belong_to_the_choice_that_changed():
    said = "那改成 Pulsar 吧，不用 Kafka 了。EMQX 接入不变，bridge 到 Pulsar。版本用 3.3 LTS"
    titles = [str(d["title"]) for d in _kept(_run(*_said(said)), "decisions")]
    assert titles == ["Use Pulsar: 版本用 3.3 LTS", "Use EMQX"]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("把搜索迁到 Elasticsearch 上。", "Elasticsearch"), ("把日志迁到 Quillog 里面。", "Quillog"),
     ("迁到 Spring Boot 3 吧", "Spring Boot 3")],
)  # fmt: skip
def test_a_move_onto_a_name_chooses_the_name_without_the_place_word_after_it(sentence, choice):
    d = rules.decision(sentence)
    assert d is not None and d.choice == choice


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("We had decided on Mongo but switched to Postgres.", "Postgres"),
     ("We went with Webpack at first but switched to Vite.", "Vite"),
     ("Originally we picked MySQL, then moved to Postgres.", "Postgres"),
     ("Originally we used Heroku, but we moved to Fly.io last month.", "Fly.io")],
)  # fmt: skip
def test_a_choice_made_once_and_then_left_is_the_one_moved_to(sentence, choice):
    d = rules.decision(sentence)
    assert d is not None and d.choice == choice


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("we switched to Postgres yesterday.", "Postgres"),
     ("We migrated to Vite two weeks ago.", "Vite")],
)  # fmt: skip
def test_when_a_choice_was_made_is_no_part_of_it(sentence, choice):
    d = rules.decision(sentence)
    assert d is not None and d.choice == choice


def test_scratching_a_name_then_using_another_chooses_the_other():
    d = rules.decision("scratch Pusher then, just use FCM directly with the firebase SDK")
    assert d is not None and d.choice.startswith("FCM")


# ---- the one way a constraint leaves ------------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "choice", "gone"),
    [(_said("On the cluster we can't run Docker, only Podman."), "Podman", "Docker"),
     (_said("We cannot use Kafka here - only RabbitMQ, ops runs it."), "RabbitMQ", "Kafka"),
     (_said_zh("集群上不能用 Docker，只能用 Singularity。"), "Singularity", "Docker")],
)  # fmt: skip
def test_the_only_way_a_constraint_leaves_is_the_choice(turns, choice, gone):
    assert _choices(*turns) == [(choice, [gone])]


@pytest.mark.parametrize(
    "sentence",
    ["Can't we use Docker, only Podman?", "Maybe we can't run Docker, only Podman, not sure."],
)
def test_a_constraint_asked_about_or_guessed_chooses_nothing(sentence):
    assert _choices(*_said(sentence)) == []


def test_settling_what_follows_in_the_same_sentence_does_not_adopt_the_statement_before():
    assert rules.adopts_previous("嗯，就这么定了")
    assert not rules.adopts_previous("就这么定，(tenant_id, idempotency_key) 唯一约束")


# ---- choices said in shapes of their own (sentences of our own, not of the corpus) ----------


@pytest.mark.parametrize(
    ("sentence", "choice", "gone"),
    [("For auth, Clerk is the one. Too much work rolling our own.", "Clerk", []),
     ("Let's not bother with Redux, React Query covers what we need.", "React Query", ["Redux"]),
     ("Nah, polling every 30s is fine, no websockets.", "polling every 30s", ["websockets"]),
     ("I'll take the sharded approach: one index per tenant.", "sharded approach", []),
     ("Prices are stored in cents as integers from now on.",
      "Prices are stored in cents as integers", [])],
)  # fmt: skip
def test_a_choice_said_in_a_shape_of_its_own_is_stored(sentence, choice, gone):
    assert _choices(*_said(sentence)) == [(choice, gone)]


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("鉴权这块交给 Keycloak，不自己写了。", "Keycloak"),
     ("日志这块交给 Loki，不再自建 ELK。", "Loki")],
)  # fmt: skip
def test_a_chinese_choice_of_a_tool_a_part_is_handed_to_is_stored(sentence, choice):
    assert [c for c, _ in _choices(*_said_zh(sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    ["Is Clerk the one for auth?",
     "Maybe Clerk is the one, not sure yet.",
     "The tests are green from now on?",
     "鉴权这块要不要交给 Keycloak？"],
)  # fmt: skip
def test_those_shapes_asked_about_or_guessed_choose_nothing(sentence):
    turns = _said_zh(sentence) if rules.is_chinese(sentence) else _said(sentence)
    assert _choices(*turns) == []


@pytest.mark.parametrize(
    ("sentence", "choice", "gone"),
    [("Make it Redis, we already run it.", "Redis", []),
     ("Let's go ahead with Celery then.", "Celery", []),
     ("Vitest over Jest, it's faster.", "Vitest", ["Jest"]),
     ("Deploy to Cloudflare Pages.", "Cloudflare Pages", [])],
)  # fmt: skip
def test_a_known_name_asked_for_in_few_words_is_a_choice(sentence, choice, gone):
    assert _choices(*_said(sentence)) == [(choice, gone)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Yeah, the other one please.",
        "Make it faster, it's slow.",
        "Deploy to staging first?",
        "Proceed with caution.",
        "Thanks, that please.",
    ],
)
def test_few_words_that_name_no_known_tool_choose_nothing(sentence):
    assert _choices(*_said(sentence)) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("Decided: first write to a temp file, then rename.",
      "first write to a temp file, then rename"),
     ("Decision: write to a temp file first, then rename it over the old one.",
      "write to a temp file first, then rename it over the old one")],
)  # fmt: skip
def test_a_decision_of_steps_in_order_keeps_the_order_whole(sentence, choice):
    assert _choices(*_said(sentence)) == [(choice, [])]
