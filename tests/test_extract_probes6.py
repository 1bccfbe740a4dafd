"""Conversations written fresh for session 48's probe, read by the extraction rules (6).

A doubt about later, then what is done for now: the choice made for now is a decision. A value
changed to, its topic said with the value it had ("心跳间隔现在 30 秒，改成 10 秒吧", "Batch size is
64, let's make it 128"): the new value, of that topic. A reply that shortens an offered name,
names weighed against each other, where production runs, a choice made too, and session
records as the filters left them.
"""

from __future__ import annotations

import pytest

from omp import rules
from omp.extract.candidates import flatten
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _choices, _said

# ---- a doubt about later, then the choice for now -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("We might move to Kafka later, but for now we'll use Redis Streams.", "Redis Streams"),
        ("Maybe later. For now, let's use Redis.", "Redis"),
        ("以后可能上 Kafka，现在先用 Redis Stream。", "Redis Stream"),
        ("也许以后换 Postgres，不过先用 SQLite。", "SQLite"),
    ],
)
def test_the_choice_for_now_after_a_doubt_about_later_is_a_decision(sentence, choice):
    assert [c for c, _ in _choices(*_said(sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    [
        "We could try Bun, but for now maybe stay on Node?",
        "Maybe Kafka later, for now should we use Redis?",
        "Maybe we switch to Vite; for now I'm not sure.",
    ],
)
def test_a_for_now_clause_that_wavers_or_asks_decides_nothing(sentence):
    assert _choices(*_said(sentence)) == []
    assert rules.decision(sentence) is None


# ---- a value changed to, its topic named with the old value ---------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("心跳间隔现在 30 秒，改成 10 秒吧", "心跳间隔 10 秒"),
        ("tick 频率现在是 20Hz，太高了，改成 10Hz", "tick 频率 10Hz"),
        ("页面大小是 20 条，改成 50 条吧", "页面大小 50 条"),
        ("超时改成 10 秒吧", "超时 10 秒"),
    ],
)
def test_a_value_changed_to_is_of_the_topic_named_with_its_old_value(sentence, choice):
    decided = _kept(_run(*_said(sentence)), "decisions")
    assert [(d["choice"], d["title"]) for d in decided] == [(choice, f"采用 {choice}")]


@pytest.mark.parametrize(
    "sentence",
    ["现在 30 秒，改成 10 秒", "重试 3 次，改成 5 秒"],  # no topic; another unit
)
def test_a_value_alone_takes_no_topic_of_another_kind(sentence):
    decided = rules.decision(sentence)
    assert decided is not None and decided.choice in ("10 秒", "5 秒")


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [
        ("Batch size is 64, let's make it 128.", "batch_size", "128"),
        ("timeout 30s -> 60s", "timeout", "60s"),
        ("Retries are 3 now; make it 5.", "retries", "5"),
        ("Replicas are 2 in staging.", "replicas", "2"),
        ("bring dagrun_timeout down to 40 min", "dagrun_timeout", "40min"),
        ("dagrun_timeout is 45 minutes", "dagrun_timeout", "45 minutes"),
        ("raise max_workers to 16", "max_workers", "16"),
        ("ssh 端口 22022", "ssh_port", "22022"),
        ("Redis 端口 6379", "redis_port", "6379"),
        ("the request timeout is 30s", "request_timeout", "30s"),
        ("The API runs on port 8080.", "port", "8080"),
    ],
)
def test_a_setting_takes_the_value_it_is_changed_to(sentence, key, value):
    assert rules.settings(sentence) == {key: value}


# ---- a later sentence about another part of the project -------------------------------------


@pytest.mark.parametrize(
    ("message", "title"),
    [
        (
            "We'll use Postgres for the main database. The API runs on port 8080.",
            "Use Postgres for main database",
        ),
        (
            "Let's go with Fastify for the API. The API listens on port 3000.",
            "Use Fastify for API: The API listens on port 3000",
        ),
    ],
)
def test_a_later_sentence_about_another_part_does_not_join_the_decision(message, title):
    batch = _run(*_said(message))
    assert [d["title"] for d in _kept(batch, "decisions")] == [title]
    assert {"config": {"port": message[-5:-1]}} in _kept(batch, "project")


# ---- where production runs ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "host"),
    [
        ("Prod is on Railway now.", "Railway"),
        ("Production runs on Fly.io.", "Fly.io"),
        ("deploy is on Render", "Render"),
    ],
)
def test_where_production_runs_is_the_projects_hosting(sentence, host):
    assert rules.tech_facts(sentence) == {"hosting": host}


@pytest.mark.parametrize(
    "sentence", ["Production is down again.", "Prod is on fire.", "production is on v2.3.1"]
)
def test_production_said_to_be_in_a_state_names_no_host(sentence):
    assert rules.tech_facts(sentence) == {}


# ---- a reply that shortens the offered name -------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "choice", "alternatives"),
    [
        ("数据落 MongoDB 还是 MySQL？", "mongo，库名 house_spider。", "MongoDB", ["MySQL"]),
        ("Postgres or ClickHouse? Which one do you want?", "clickhouse then, we'll have billions "
         "of rows.", "ClickHouse", ["Postgres"]),
    ],
)  # fmt: skip
def test_a_reply_naming_the_start_of_an_offered_name_picks_it(
    question, reply, choice, alternatives
):
    turns = [("user", "I'm building an exporter."), ("assistant", question), ("user", reply)]
    assert _choices(*turns) == [(choice, alternatives)]


def test_an_answer_after_a_reason_keeps_the_version_it_gives_and_turns_down_no():
    turns = [
        ("user", "Framework question first: Arduino core, ESP-IDF, or PlatformIO with arduino?"),
        ("assistant", "Options:\n1. **Arduino core** - fastest to start.\n2. **ESP-IDF (v5.2)** - "
         "full control of power management.\n3. **PlatformIO + Arduino** - nicer tooling."),
        ("user", "battery life is the whole point so yeah, ESP-IDF v5.2. no arduino. we build "
         "with idf.py directly, not platformio"),
    ]  # fmt: skip
    (decided,) = _kept(_run(*turns), "decisions")
    assert (decided["title"], decided["choice"]) == ("Use ESP-IDF v5.2", "ESP-IDF v5.2")
    assert [a.lower() for a in decided["alternatives"]] == ["arduino", "platformio"]


@pytest.mark.parametrize("sentence", ["no arduino.", "no Kafka"])
def test_no_and_a_name_is_no_short_answer_picking_it(sentence):
    assert rules.short_answer(sentence, ["arduino", "kafka"]) is None


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("forget preact, Svelte then", "Svelte"),
        ("fine — Svelte then, forget preact", "Svelte"),
        ("ok after thinking about it more, let's go with Riverpod 2", "Riverpod 2"),
        ("Scrap OneSignal, we'll use FCM directly.", "FCM"),
    ],
)
def test_a_choice_said_beside_a_refusal_or_after_thinking_it_over(sentence, choice):
    assert [c for c, _ in _choices(*_said(sentence))] == [choice]


def test_thinking_about_a_name_is_still_tentative():
    assert _choices(*_said("I'm thinking about Riverpod.")) == []


# ---- names weighed are no stack -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "stack"),
    [
        ("we're torn between Bloc, Riverpod and plain Provider. thoughts?", {}),
        ("deciding between cobra, urfave/cli v2 and just stdlib flag", {}),
        ("We use Postgres and we're comparing Redis vs Memcached for the cache.",
         {"database": "Postgres"}),
        ("We use Postgres and Redis.", {"database": "Postgres", "cache": "Redis"}),
    ],
)  # fmt: skip
def test_names_weighed_against_each_other_are_not_the_stack(sentence, stack):
    found: dict[str, str] = {}
    for facts in _kept(_run(*_said(sentence)), "project"):
        found |= facts.get("tech_stack", {})
    assert found == stack


def test_a_move_to_a_plain_library_chooses_the_library():
    (decided,) = _kept(
        _run(*_said("moving off Lightning to plain pytorch + accelerate")), "decisions"
    )
    assert (decided["choice"], decided["alternatives"]) == ("pytorch", ["Lightning"])


@pytest.mark.parametrize(
    "sentence", ["ok and set up releases. goreleaser with a tap", "and please set up CI"]
)
def test_a_request_to_set_something_up_is_no_finished_work(sentence):
    assert _kept(_run(*_said(sentence)), "changelog") == []


def test_a_choice_made_too_does_not_replace_the_earlier_one_of_its_kind():
    turns = _said(
        "那就按你说的，国内渠道包 JPush，Google Play 包直接用 FCM，flavor 分 `cn` 和 `gp`。",
        "iOS 也走极光。服务端统一调极光的 REST API。",
    )
    assert "FCM" in [c for c, _ in _choices(*turns)]


def test_a_switch_of_push_service_still_replaces_the_earlier_one():
    turns = _said("推送用极光推送。", "算了，推送改用个推。")
    assert [c for c, _ in _choices(*turns)] == ["个推"]


@pytest.mark.parametrize(
    ("sentence", "key"),
    [("it had max_batch_size 0", "max_batch_size"), ("offload threshold 10G", "threshold")],
)
def test_a_word_before_a_setting_that_is_no_part_of_a_service_is_no_owner(sentence, key):
    assert list(rules.settings(sentence)) == [key]


def test_a_session_record_lists_only_what_its_conversation_wrote():
    batch = _run(
        *_said(
            "测试环境 broker 地址是 mqtt-test.iot.example.com:8883。",
            "OTA 固件放 OSS，endpoint 是 oss-cn-shenzhen-internal.aliyuncs.com。",
            "Deployed to https://shop.example.dev, all green.",
            "Deployed to https://shop.example.dev, all green.",
        )
    )
    (session,) = _kept(batch, "sessions")
    stored = [f"{k}: {v}" for e in _kept(batch, "project") for k, v in flatten(e)]
    assert session["outcomes"] == list(dict.fromkeys(stored))


def test_stars_that_mask_characters_are_no_bold_marks():
    assert rules.statements("手机 138****5678 的用户，用**Pinia**做状态管理") == [
        "手机 138****5678 的用户，用Pinia做状态管理"
    ]
