"""Replies that take what the assistant offered or proposed, read across the conversation.

An option of a list picked by name, short agreements ("ok using X", "X then"), a rule or a name
the assistant proposes and the person accepts, a value the assistant named confirmed, an
approach taken by its short name, offered names each given a part, a name a reason leads to,
the assistant's lean accepted; and replies that ask, doubt or name nothing offered, which leave
a proposal for review.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omp import rules
from tests.extraction import _OPENING, _OPENING_ZH, _choices, _chosen, _kept, _run, _said

_BILLING = ("user", "hello, starting on the billing service today.")


def _answered(question: str, reply: str) -> list[tuple[str, list[str]]]:
    batch = _run(_BILLING, ("assistant", question), ("user", reply))
    return [(d["title"], list(d.get("alternatives", []))) for d in _kept(batch, "decisions")]


def _rules_of(*turns: tuple[str, str]) -> list[str]:
    return [str(d["title"]) for d in _kept(_run(*turns), "decisions")]


# ---- an option of a listed few, picked by name or by place ---------------------------------------

_LIST = (
    "assistant",
    "A few options:\n1. Hatchet — durable workflows\n2. Inngest — event-driven functions\n"
    "3. Trigger.dev — TypeScript-first",
)

_ASK = ("user", "What should we use for background jobs?")


@pytest.mark.parametrize(
    "reply",
    [
        "Inngest fits best.",
        "Inngest fits our use case.",
        "the second one fits.",
        "Option 2.",
        "I think Inngest is the best fit for us, since we're event-driven already.",
    ],
)
def test_an_option_of_a_list_picked_by_name_or_place_turns_down_the_others(reply):
    (d,) = _kept(_run(_ASK, _LIST, ("user", reply)), "decisions")
    assert d["choice"] == "Inngest"
    assert d["alternatives"] == ["Hatchet", "Trigger.dev"]


@pytest.mark.parametrize(
    "reply",
    [
        "Does Inngest fit our use case?",
        "Inngest fits best but let me check the pricing first.",
        "Foobar fits best.",
    ],
)
def test_a_question_a_doubt_or_a_name_not_offered_picks_no_option(reply):
    assert _kept(_run(_ASK, _LIST, ("user", reply)), "decisions") == []


def test_an_option_named_in_two_words_is_picked_by_its_name():
    offer = (
        "Here are three approaches:\n1. **Temporal** - heavy but robust\n"
        "2. **BullMQ** - Redis-backed queue\n3. **Graphile Worker** - Postgres-backed"
    )
    batch = _run(_ASK, ("assistant", offer), ("user", "Graphile Worker fits our stack."))
    (d,) = _kept(batch, "decisions")
    assert d["choice"] == "Graphile Worker"
    assert d["alternatives"] == ["Temporal", "BullMQ"]


# ---- a rule the assistant proposes and the person accepts ----------------------------------------


@pytest.mark.parametrize(
    ("proposal", "reply", "rule"),
    [
        (
            "I suggest we always store timestamps in UTC.",
            "Agreed, do that.",
            "Always store timestamps in UTC",
        ),
        (
            "I'd recommend that every PR gets at least one review before merging.",
            "Yes, let's do that.",
            "Every PR gets at least one review before merging",
        ),
        (
            "I'd recommend we never log request bodies.",
            "Sounds good.",
            "Never log request bodies",
        ),
        (
            "I'd recommend we always run migrations in a separate job before deploy.",
            "Makes sense, let's do it.",
            "Always run migrations in a separate job before deploy",
        ),
    ],
)
def test_a_rule_the_assistant_proposes_is_decided_when_the_person_accepts(proposal, reply, rule):
    batch = _run(("user", "How should we handle this?"), ("assistant", proposal), ("user", reply))
    (d,) = _kept(batch, "decisions")
    assert d["title"] == rule


def test_a_rule_the_assistant_proposes_alone_or_turned_down_is_not_stored():
    for turns in (
        [
            ("user", "How should we store timestamps?"),
            ("assistant", "I suggest we always store timestamps in UTC."),
        ],
        [
            ("user", "How should we store timestamps?"),
            ("assistant", "I suggest we always store timestamps in UTC."),
            ("user", "No, keep local time."),
        ],
    ):
        batch = _run(*turns)
        assert _kept(batch, "decisions") == []
        assert [c.entry["title"] for c in batch.candidates if c.action == "review"] == [
            "Always store timestamps in UTC"
        ]


def test_a_name_the_assistant_suggests_we_use_is_the_choice_and_no_stack_fact():
    batch = _run(
        ("user", "What should we use for the cache?"),
        ("assistant", "I suggest we use Redis for the cache."),
        ("user", "Agreed."),
    )
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Redis"]
    assert [c.entry for c in batch.candidates if c.target == "project"] == []


@pytest.mark.parametrize(
    "proposal", ["I'd suggest we look at the logs first.", "I suggest we split the PR into two."]
)
def test_a_step_the_assistant_suggests_we_take_is_no_proposal(proposal):
    batch = _run(("user", "The build is broken."), ("assistant", proposal), ("user", "ok"))
    assert [c for c in batch.candidates if c.target == "decisions"] == []


# ---- short agreements: "ok using X", "X vN with Y then", "skip X, use Y" -------------------------

_TIMER_OFFER = ("assistant", "Select the timer with a cargo feature, e.g. `time-driver-tim2`.")


@pytest.mark.parametrize(
    ("reply", "choice", "given_up"),
    [
        ("ok using time-driver-tim2.", "time-driver-tim2", []),
        ("yep, going with Litestream", "Litestream", []),
        ("Auth.js v5 with database sessions then.", "Auth.js v5 with database sessions", []),
        ("Node 20 then.", "Node 20", []),
        ("Skip DynamoDB then, use S3 with use_lockfile.", "S3 with use_lockfile", ["DynamoDB"]),
        ("Skip Redux and use Zustand.", "Zustand", ["Redux"]),
    ],
)
def test_a_short_agreement_names_the_choice(reply, choice, given_up):
    assert _choices(_OPENING, _TIMER_OFFER, ("user", reply)) == [(choice, given_up)]


@pytest.mark.parametrize(
    "reply",
    [
        "Using time-driver-tim2.",  # no word of agreement: a narration as often as a choice
        "ok using the old one.",
        "yes using it.",
        "Version 2 then.",
        "no Redux, use Zustand?",
        "skip the tests and use the staging data",
        "No thanks, use the default.",
    ],
)
def test_an_agreement_naming_no_product_or_a_step_of_work_chooses_nothing(reply):
    assert _choices(_OPENING, _TIMER_OFFER, ("user", reply)) == []


# ---- an approach taken by its short name, a known name asked for ---------------------------------

_PLAN = (
    "assistant",
    "Two fixes: a singleton client plus the Neon pooler, or a two-tier setup with a gateway.",
)


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("do the singleton + pooler thing.", "singleton + pooler"),
        ("and yes do the two-tier thing", "two-tier"),
        ("htmx pls, no react for this.", "htmx"),
    ],
)
def test_an_approach_taken_by_its_short_name_or_a_name_asked_for_is_chosen(reply, choice):
    assert [c for c, _ in _choices(_OPENING, _PLAN, ("user", reply))] == [choice]


@pytest.mark.parametrize(
    "reply",
    [
        "do the same thing for the orders table",
        "let's do the whole thing again",
        "should we do the two-tier thing?",
        "do the two-tier thing?",
        "don't do the two-tier thing",
        "Do the tests pass",
        "logs please",
        "Postgres please?",
    ],
)
def test_an_everyday_thing_a_question_or_a_refusal_takes_no_approach(reply):
    assert rules.decision(reply) is None


# ---- a reply naming what the assistant proposed --------------------------------------------------

_PROPOSED = ("assistant", "For a new SDK 51 app I'd use expo-router.")


def test_a_reply_naming_the_proposed_name_then_takes_it():
    (d,) = _kept(_run(_OPENING, _PROPOSED, ("user", "expo-router then.")), "decisions")
    assert d["choice"] == "expo-router"


@pytest.mark.parametrize("reply", ["the docs then.", "expo-router then?", "no, not expo-router"])
def test_a_reply_naming_something_else_or_asking_leaves_the_proposal_for_review(reply):
    batch = _run(_OPENING, _PROPOSED, ("user", reply))
    assert _kept(batch, "decisions") == []
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["expo-router"]


# ---- agreeing to what the assistant proposed -----------------------------------------------------

_RETRY = "I'd use exponential backoff with 5 attempts, max 30s."


@pytest.mark.parametrize(
    "reply",
    [
        "that sounds right.",
        "That works.",
        "ok that works. also, what about the timeouts?",
        "Sounds right to me.",
        "that's fine.",
        "Exponential backoff sounds right.",
        "exponential backoff is fine, thanks",
    ],
)
def test_a_reply_agreeing_with_a_proposal_stores_it(reply):
    turns = [*_said("what about the retry policy?"), ("assistant", _RETRY), ("user", reply)]
    assert _chosen(*turns) == ["exponential backoff with 5 attempts"]


@pytest.mark.parametrize(
    "reply",
    [
        "that works locally but fails in CI, see the log.",
        "Linear backoff sounds right.",
        "Redis sounds good.",
        "that sounds right, but let me think about it first.",
        "exponential backoff sounds right?",
        "hmm, not sure that works.",
    ],
)
def test_a_reply_that_does_not_agree_leaves_the_proposal_for_review(reply):
    turns = [*_said("what about the retry policy?"), ("assistant", _RETRY), ("user", reply)]
    assert "exponential backoff with 5 attempts" not in _chosen(*turns)


def test_a_name_said_to_be_the_best_fit_is_a_proposal_a_short_agreement_accepts():
    advice = (
        "With the app router you have a few layers.\n\nFor a catalog that changes a few "
        "times a day, tag-based on-demand revalidation driven by webhooks is usually the best fit."
    )
    turns = [
        *_said("How should we cache?"),
        ("assistant", advice),
        ("user", "Tag-based sounds right."),
    ]
    assert _chosen(*turns) == ["tag-based on-demand revalidation driven by webhooks"]


# ---- a reply confirming a value the assistant named ----------------------------------------------


@pytest.mark.parametrize(
    ("assistant", "reply", "choice"),
    [
        (
            "An arm64 instance type: m7g.large is the closest match to m6i.large. Spot too?",
            "yes m7g.large, new nodegroup batch-arm64 alongside the old one.",
            "m7g.large",
        ),
        (
            "Better Auth defaults to 7 days; many apps use 30 days with a sliding refresh.",
            "also sessions: 30 days is fine.",
            "30 days",
        ),
        (
            "Plain CSV, one row per journal line, or an Excel workbook per firm.",
            "plain CSV is fine, one row per journal line.",
            "plain CSV",
        ),
        (
            "Celery beat `crontab(minute=30, hour=2, day_of_month=1)` → 02:30 UTC on the 1st.",
            "ok 02:30 UTC on the 1st it is, fx job finishes ~01:50 anyway.",
            "02:30 UTC on the 1st",
        ),
    ],
)
def test_a_reply_confirming_a_value_the_assistant_named_decides_it(assistant, reply, choice):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == choice
    assert decision["title"] == f"Use {choice}" or decision["title"].startswith(f"Use {choice} ")


@pytest.mark.parametrize(
    ("assistant", "reply"),
    [
        ("The error is in auth.py, the token check runs first.", "yes auth.py, I see it now."),
        ("The build takes 30 seconds on CI. Want me to cache it?", "yes 30 seconds is too slow."),
        ("The default is 5432. Do you want to change it?", "yes please."),
        ("The worker pulls 10 jobs from SQS. Should I raise it?", "the SQS part is fine."),
        ("I'd rather not pin numpy 2.0 yet. Pin it?", "numpy 2.0 is not fine."),
        ("Use port 8080 or 9090?", "is 8080 fine?"),
    ],
)
def test_a_reply_that_confirms_nothing_the_assistant_offered_decides_nothing(assistant, reply):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    assert _kept(_run(*turns), "decisions") == []


@pytest.mark.parametrize(
    ("assistant", "reply", "choice"),
    [
        ("短信通道：\n- 腾讯云短信（SMS v3 API），服务器也在腾讯云，计费统一\n- 阿里云短信",
         "腾讯云吧，我们服务器都在腾讯云，签名之前已经申请过了。", "腾讯云"),
        ("两种办法：\n1. 在 `appointments` 表上加唯一索引 `(doctor_id, slot_start)`；\n"
         "2. 用 Redis 分布式锁。", "唯一索引就行，最简单。取消的预约怎么办？", "唯一索引"),
        ("后处理有两步：\n1. 合并短句\n2. 后处理用 OpenCC `t2s` 转成简体",
         "加opencc。另外字幕每行太长了", "OpenCC"),
        ("Event naming, two options:\n(a) snake_case `object_verb`\n(b) camelCase `objectVerb`",
         "a. snake_case everywhere, it matches my postgres columns anyway", "snake_case"),
        ("For retrieval, nDCG@10 is the BEIR standard. I'd record Recall@100 as well.",
         "nDCG@10 as the primary, yes.", "nDCG@10"),
        ("The test expects a compact hour stamp, while the code uses the ISO prefix. Which one?",
         "iso one is fine, fix the test", "ISO"),
        ("线长 1.5 米时 400kHz 基本跑不稳，降到 100kHz，同时读失败后做一次总线复位。",
         "跑了一晚上 0 报错。I2C 就固定 100kHz。", "100kHz"),
        ("- chunks: `time=8760, lat=50, lon=50`，压缩后 20-30 MB",
         "就按你说的 time=8760，按年一个 store", "time=8760"),
        ("1. **Postmark**: transactional only\n2. **Resend**: managed, React Email support",
         "the managed one with React Email support — Resend 吧。", "Resend"),
        ("E2E options:\n- **Playwright**: multi-browser, parallel\n- **Cypress**: good DX",
         "For e2e: playwright, but only chromium in CI.", "Playwright"),
    ],
)  # fmt: skip
def test_a_short_clause_taking_up_a_term_of_the_assistant_decides_it(assistant, reply, choice):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    assert _chosen(*turns) == [choice]


def test_a_value_taken_up_with_its_setting_is_the_value_of_that_setting():
    turns = [
        *_said("what do you suggest?"),
        ("assistant", "- `--gpu-memory-utilization` 默认 0.9，可以调到 0.92 到 0.95"),
        ("user", "max-model-len 16384，utilization 0.92 吧 这台机器只跑这个"),
    ]
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == "0.92"
    assert "utilization" in decision["title"]


@pytest.mark.parametrize(
    ("assistant", "reply"),
    [
        ("- 腾讯云短信\n- 阿里云短信", "腾讯云不用了，还是阿里云短信吧？"),
        ("- 腾讯云短信\n- 阿里云短信", "先看下腾讯云吧"),
        ("- `--gpu-memory-utilization` 默认 0.9", "utilization 是多少合适"),
        ("Option A is Redis, option B is Postgres.", "the redis part looks long"),
        # a word of any message, and a name cut at its dot, are no terms taken up
        ("- Rotate the key and the secret\n- Use SSO and drop the vars",
         "And yes, I'll rotate the key, remove those two vars."),
        ("- jax: pmap over 8 devices\n- jax.sharding with a Mesh",
         "redo it: no pmap, use jax.sharding with a Mesh and shard_map for the halo exchange"),
    ],
)  # fmt: skip
def test_a_term_of_the_assistant_named_without_taking_it_up_decides_nothing(assistant, reply):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    assert _kept(_run(*turns), "decisions") == []


def test_a_value_the_assistant_named_a_few_messages_back_is_confirmed_in_any_sentence():
    turns = [
        *_said("how long should sessions last?"),
        ("assistant", "better-auth sessions: `expiresIn: 60 * 60 * 24 * 30, // 30 days`."),
        ("user", "the migration fails with a password error."),
        ("assistant", "Postgres rejected the password: check the `.env` loading."),
        ("user", "yep it was the dotenv import, works now. also sessions: 30 days is fine."),
    ]
    assert _chosen(*turns) == ["30 days"]


def test_yes_in_a_later_sentence_confirms_nothing():
    turns = [
        *_said("which instance type?"),
        ("assistant", "m7g.large is the closest match. Want Spot too?"),
        ("user", "the plan looks long. yes m7g.large."),
    ]
    # the yes takes no Spot; the name it goes with is a short reply that takes the instance type
    assert _chosen(*turns) == ["m7g.large"]


# ---- replies to the assistant's options and plans ------------------------------------------------

_CHARTS = "- Recharts: simple, React-first\n- ECharts: more chart types, heavier\n- visx: low level"


def test_the_nth_of_a_bullet_list_answering_which_is_picked_by_its_ordinal():
    turns = [("user", "Which charting library?"), ("assistant", _CHARTS)]
    batch = _run(*_said(), *turns, ("user", "the second one"))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["ECharts"]


def test_an_ordinal_without_a_list_or_a_question_picks_nothing():
    # the list was not asked for and asks nothing: a description, not options
    turns = [("user", "What did you look at?"), ("assistant", _CHARTS)]
    assert _kept(_run(*_said(), *turns, ("user", "the second one")), "decisions") == []


@pytest.mark.parametrize(
    ("plan", "reply", "choices"),
    [
        ("I'll use date-fns since it tree-shakes well.", "ok", ["date-fns"]),
        ("I'll use grep to find the callers first.", "ok", []),  # a step, no name chosen
        ("I'll use date-fns since it tree-shakes well.", "no, use dayjs", ["dayjs"]),
    ],
)
def test_what_the_assistant_says_it_will_use_is_decided_when_the_person_agrees(
    plan, reply, choices
):
    batch = _run(*_said("pick a date library"), ("assistant", plan), ("user", reply))
    assert [d["choice"] for d in _kept(batch, "decisions")] == choices


# ---- terse answers that give each option a part --------------------------------------------------


def test_each_option_given_a_part_of_its_own_is_a_choice_for_that_part():
    assert _answered(
        "Should I use REST or gRPC between the services?",
        "gRPC between services, REST for the public API.",
    ) == [("Use gRPC between services", []), ("Use REST for the public API", [])]


@pytest.mark.parametrize(
    "reply",
    [
        "gRPC between services, or REST?",  # a question back
        "not gRPC between services, REST for the public API",
        "gRPC between services, Kafka for events.",  # Kafka was not offered
    ],
)
def test_a_split_answer_must_name_only_offered_options_and_decide(reply):
    titles = [t for t, _ in _answered("Should I use REST or gRPC between the services?", reply)]
    assert "Use gRPC between services" not in titles


# ---- an answer led by an offered option ----------------------------------------------------------


def test_an_answer_led_by_an_offered_option_picks_it_against_the_other():
    batch = _run(
        _BILLING,
        ("assistant", "Would you prefer Celery or Dramatiq?"),
        ("user", "Dramatiq, Celery's config is a mess."),
    )
    decided = _kept(batch, "decisions")
    assert [(d["title"], d.get("alternatives")) for d in decided] == [("Use Dramatiq", ["Celery"])]


# ---- an agreement takes up the proposal, not the person's words before it ------------------------


def test_an_agreement_to_a_proposal_makes_no_rule_of_the_persons_earlier_words():
    turns = [
        ("user", "日志现在太乱了，我们统一一下吧。"),
        ("assistant", "建议用 structlog 输出 JSON，字段包括 trace_id、user_id、level。"),
        ("user", "可以，就这么定。"),
    ]
    batch = _run(*turns)
    titles = [str(c.entry["title"]) for c in batch.candidates if c.target == "decisions"]
    assert titles == ["采用 structlog 输出 JSON"]


def test_make_that_the_rule_still_adopts_the_persons_statement_before_it():
    turns = [
        ("user", "We're building an invoicing API."),
        ("assistant", "Got it."),
        ("user", "All timestamps are stored in UTC."),
        ("user", "Let's make that the rule."),
    ]
    batch = _run(*turns)
    # a rule for a whole kind is a decision of its own now; the adoption confirms it
    kept = _kept(batch, "decisions") + _kept(batch, "decisions", action="review")
    assert [d["choice"] for d in kept] == ["All timestamps are stored in UTC"]


def test_a_chinese_statement_of_settings_made_the_rule_is_kept_whole_without_its_filler():
    turns = [
        ("user", "通知怎么推比较好？"),
        ("assistant", "可以合并推送，只在内容变化时推。"),
        ("user", "嗯，每五秒合并推一次，没变就不推，多节点用 NATS 广播。"),
        ("user", "就这么定。"),
    ]
    batch = _run(*turns)
    kept = _kept(batch, "decisions") + _kept(batch, "decisions", action="review")
    assert [d["choice"] for d in kept] == ["每五秒合并推一次，没变就不推，多节点用 NATS 广播"]


def test_a_seal_that_names_its_own_subject_does_not_adopt_the_report_before_it():
    turns = [
        ("user", "我推了一个坏的版本试试。"),
        ("assistant", "好，看看设备会不会自己退回去。"),
        ("user", "退回到上一版了，挺好。"),
        ("user", "那灰度就这么定了。"),
    ]
    batch = _run(*turns)
    kept = _kept(batch, "decisions") + _kept(batch, "decisions", action="review")
    assert not any("退回" in str(d["choice"]) for d in kept)


# ---- Chinese replies to the options and advice offered -------------------------------------------


def test_an_option_picked_by_its_place_in_the_list_is_the_option_named():
    offer = (
        "有几个方案：\n1. Elasticsearch：功能全，但运维重\n2. Meilisearch：轻量，上手快\n"
        "3. PostgreSQL 全文检索：不用加组件"
    )
    for reply in ("选第二个吧，我们数据量不大。", "就用第2种方案。"):
        batch = _run(("user", "接下来要做搜索功能"), ("assistant", offer), ("user", reply))
        assert [d["choice"] for d in _kept(batch, "decisions")] == ["Meilisearch"], reply


def test_advice_to_add_a_named_tool_is_a_proposal_the_person_may_accept():
    advice = ("assistant", "建议加 Redis，热点数据缓存 10 分钟。")
    asked = ("user", "要不要加个缓存层？")
    (d,) = _kept(_run(asked, advice, ("user", "可以，就这么办。")), "decisions")
    assert d["choice"] == "Redis"
    batch = _run(asked, advice, ("user", "先不加了，等压测结果出来再说。"))
    assert _kept(batch, "decisions") == []
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == ["Redis"]


# ---- answers that give each option a part --------------------------------------------------------


def test_each_offered_option_given_a_part_in_chinese_is_a_choice_for_it():
    batch = _run(
        _OPENING_ZH,
        ("assistant", "你倾向 REST 还是 gRPC？"),
        ("user", "服务之间用 gRPC，对外 API 用 REST。"),
    )
    assert [(d["title"], d.get("alternatives", [])) for d in _kept(batch, "decisions")] == [
        ("Use gRPC for 服务之间", []),
        ("Use REST for 对外 API", []),
    ]


# ---- a reply that shortens the offered name ------------------------------------------------------


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


# ---- choices left to the assistant, picked by a pair's head, given with a reason -----------------


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


# ---- the assistant's lean, and "the bolded one" --------------------------------------------------


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


# ---- the second of two ways offered --------------------------------------------------------------


def test_the_second_of_two_ways_offered_without_a_question():
    said = (
        "两个办法：\n- 把 cron 改成 `0 0 * * *`（UTC 0 点 = 北京 8 点）\n"
        "- 或者设置 Celery `timezone='Asia/Shanghai'`，cron 保持 `0 8 * * *`\n\n推荐第二种。"
    )
    turns = [("user", "日报时间不对"), ("assistant", said), ("user", "用第二种")]
    assert _choices(*turns) == [
        ("设置 Celery timezone='Asia/Shanghai'", ["把 cron 改成 0 0 * * *"])
    ]


# ---- each offered name given a part, when the offer was a list -----------------------------------

_DIRECTIONS = (
    "A few directions:\n\n1. **Stay on pandas** and read file by file.\n2. **Polars** with lazy "
    "frames.\n3. **DuckDB**: query the CSVs with SQL.\n4. **Spark**: overkill for 40 files.\n\n"
    "For your size I'd go with Polars or DuckDB."
)


def test_offered_names_each_given_a_part_are_both_chosen():
    turns = [
        ("user", "the nightly ETL OOMs. What are my options?"),
        ("assistant", _DIRECTIONS),
        ("user", "analyst knows SQL better than python"),
        ("assistant", "Then a hybrid is common: Polars to clean, DuckDB SQL on top."),
        ("user", "ok let's do that. Polars for cleaning, DuckDB for the aggregate layer."),
    ]
    assert _choices(*turns) == [("Polars", ["pandas", "Spark"]), ("DuckDB", [])]  # fmt: skip


def test_parts_given_to_names_never_offered_choose_nothing():
    turns = [("user", "the nightly ETL OOMs. What are my options?"), ("assistant", _DIRECTIONS),
             ("user", "Dask for cleaning, Trino for aggregates.")]  # fmt: skip
    assert _choices(*turns) == []


# ---- what the assistant will do instead ----------------------------------------------------------

_AGAINST = (
    "不建议把密码直接写进 application-prod.yml 提交到 git。我改成读环境变量 "
    "`SPRING_DATASOURCE_PASSWORD`，在 CVM 上的 /opt/hr-portal/.env 里配置，.env 不进仓库。"
)


def test_what_the_assistant_will_do_instead_of_what_it_advises_against_is_taken_by_a_yes():
    said = "数据库连接串写到后端的 application-prod.yml 里"
    turns = [("user", said), ("assistant", _AGAINST), ("user", "可以，就这样。")]
    assert _choices(*turns) == [("读环境变量 SPRING_DATASOURCE_PASSWORD", [])]
    # not taken up: nothing decided
    assert _choices(("user", said), ("assistant", _AGAINST), ("user", "不行，就写文件里")) == []
    # nor what it says it does, advising against nothing
    done = "我改成读环境变量 `SPRING_DATASOURCE_PASSWORD`。"
    assert _choices(("user", said), ("assistant", done), ("user", "可以，就这样。")) == []


# ---- a pick after "ok" or "and yes", with its reason after it ------------------------------------


def test_a_second_offered_name_picked_in_the_same_reply_is_a_decision_too():
    turns = [("user", "move the reminders to celery beat"),
             ("assistant", "1. Static `CELERY_BEAT_SCHEDULE` vs. **django-celery-beat** "
                           "(schedules in the DB). 2. Moving the broker to **RabbitMQ**."),
             ("user", "no, keep redis. and yes django-celery-beat so support can change the "
                      "schedule in admin.")]  # fmt: skip
    assert "django-celery-beat" in [c for c, _ in _choices(*turns)]


# ---- a pick and the next question in one message -------------------------------------------------


def test_a_message_that_picks_and_asks_the_next_question_picks_from_the_last_one():
    turns = [("user", "building an offline-first notes app. Room or SQLDelight for the local db?"),
             ("assistant", "Both are solid. For the most Android examples, Room."),
             ("user", "ok room then, most examples. for DI hilt or koin?"),
             ("assistant", "Hilt is the standard path; Koin is simpler."),
             ("user", "hilt it is.")]  # fmt: skip
    # each name as the assistant wrote it
    assert _choices(*turns) == [("Room", ["SQLDelight"]), ("Hilt", ["koin"])]


# ---- an offered part named, then the way picked for it -------------------------------------------


def test_a_part_named_before_a_colon_heads_the_way_picked_for_it():
    turns = [("user", "3 tables without PK: events_raw, audit_log_2019, tmp_imports. what now"),
             ("assistant", "Options per table:\n\n- **events_raw**: add a PK, or `REPLICA IDENTITY "
                           "FULL`.\n- **audit_log_2019**: archive.\n- **tmp_imports**: drop it."),
             ("user", "events_raw: replica identity full then, its append only.")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["replica identity full"]


# ---- a listed option named by its first word, and how to set it up -------------------------------

_STRATEGIES = (
    "Two reasonable incremental strategies on BigQuery:\n\n"
    "1. **merge** on `order_id` as `unique_key` \u2014 handles late updates row by row.\n"
    "2. **insert_overwrite** with `partition_by` on `order_date` \u2014 replaces partitions.\n\n"
    "How late can orders arrive?"
)

_PRECISION = (
    "Options, roughly in order of payoff:\n\n"
    "1. **bf16 autocast** \u2014 roughly halves activation memory.\n"
    "2. **Gradient accumulation** \u2014 e.g. 2 steps x 64.\n"
    "3. **Gradient checkpointing** \u2014 big memory savings but slower."
)

_SHARDS = (
    "Fix options:\n\n"
    "1. One `sync.Mutex` around the whole `Take` \u2014 correct, simplest.\n"
    "2. `sync.Map` + a per-bucket mutex \u2014 lock-free reads.\n"
    "3. **Sharded map**: N shards, each with its own `sync.Mutex`.\n\n"
    "Given this is on the hot path I'd do 3."
)


# "ways" and "which one?" offer alternatives as "options" does
_WAYS = (
    "Two ways to send:\n\n"
    "1. **Expo Push Service** \u2013 backend POSTs to the Expo API. One code path.\n"
    "2. **Direct FCM + APNs** \u2013 backend talks to FCM and APNs itself. Two code paths.\n\n"
    "Which one?"
)


@pytest.mark.parametrize(
    ("offer", "reply", "choice"),
    [
        (_SHARDS, "sharded, 64 shards. sync.Map is slow for our writes", "Sharded map"),
        (_STRATEGIES, "insert_overwrite partitioned by order_date, reprocess 3 days",
         "insert_overwrite"),
        (_STRATEGIES, "merge on order_id", "merge"),
        (_PRECISION, "bf16 + grad accum 2x64 to be safe.", "bf16 autocast"),
        (_WAYS, "Expo push. We're not big enough to justify two code paths.",
         "Expo Push Service"),
    ],
)  # fmt: skip
def test_a_reply_opening_with_an_options_first_word_picks_it(offer, reply, choice):
    turns = [("user", "it keeps failing under load"), ("assistant", offer), ("user", reply)]
    assert [c.lower() for c, _ in _choices(*turns)] == [choice.lower()]


@pytest.mark.parametrize(
    ("offer", "reply"),
    [
        (_SHARDS, "sync.Map is slow for our write-heavy pattern"),  # said of it, not picked
        (_STRATEGIES, "merge sounds expensive"),
        (_STRATEGIES, "merge on order_id?"),
        (_PRECISION, "gradient with 2 steps"),  # the first word of two options
        (_WAYS, "Expo push is fine but slow"),  # said of it, not picked
        (_WAYS, "Direct push."),  # no option's first words
        (_STRATEGIES, "don't merge on order_id"),
    ],
)
def test_a_reply_saying_something_of_an_option_picks_none(offer, reply):
    turns = [("user", "it keeps failing under load"), ("assistant", offer), ("user", reply)]
    assert _choices(*turns) == []


def test_the_steps_of_a_plan_are_no_options_to_pick():
    plan = (
        "Plan:\n\n1. **Add** a `users` table.\n2. **Update** the login route.\n\n"
        "Want me to proceed?"
    )
    turns = [("user", "add login"), ("assistant", plan), ("user", "add with an index on email")]
    assert _choices(*turns) == []


# ---- the offered name a reason leads to ----------------------------------------------------------

_STORES = (
    "Both work with CloudKit sync. Quick comparison:\n\n"
    "- **SwiftData** (iOS 17+): Swift-native `@Model` macros, far less boilerplate.\n"
    "- **Core Data**: mature, works back to old iOS versions.\n\n"
    "If your minimum target is iOS 17, SwiftData is the better developer experience."
)


def test_the_offered_name_a_reason_leads_to_is_picked():
    turns = [("user", "core data or swiftdata for persistence?"), ("assistant", _STORES),
             ("user", "we target iOS 17+ anyway so swiftdata. cloudkit sync later")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["SwiftData"]  # as the offer wrote it


@pytest.mark.parametrize(
    "reply", ["we target iOS 17+ so swiftdata?", "we target iOS 16 so swiftdata is out"]
)
def test_a_reason_leading_to_a_question_or_a_verdict_picks_nothing(reply):
    turns = [("user", "core data or swiftdata for persistence?"), ("assistant", _STORES),
             ("user", reply)]  # fmt: skip
    assert _choices(*turns) == []


# ---- what is in use, kept in a clause of its own -------------------------------------------------

_COMPOSER = (
    "**For Dagster**: asset-based model maps 1:1 onto dbt models.\n\n"
    "**Against**: migration cost. And Composer 2 costs can often be cut a lot by shrinking the "
    "environment."
)


def test_a_name_the_talk_wrote_kept_after_a_reason_is_the_choice():
    turns = [
        ("user", "should we move the orchestration off airflow to dagster?"),
        ("assistant", _COMPOSER),
        ("user", "nah not worth it this quarter, stay on composer. commit the change"),
    ]
    assert [c for c, _ in _choices(*turns)] == ["Composer"]


def test_keeping_one_name_drops_the_one_forgotten():
    turns = [("user", "redux-persist with AsyncStorage is slow. switch the storage to MMKV"),
             ("assistant", "Installed `react-native-mmkv`. MMKV needs a dev client."),
             ("user", "hmm. ok forget mmkv for now, keep asyncstorage.")]  # fmt: skip
    assert [c.lower() for c, _ in _choices(*turns)] == ["asyncstorage"]


@pytest.mark.parametrize(
    "reply",
    ["ok, that works, keep going.", "fine, stay on topic please",
     "if it gets slow, stay on composer", "so we stay on composer?", "nah, don't keep composer"],
)  # fmt: skip
def test_keeping_no_name_or_on_a_condition_is_no_choice(reply):
    turns = [("user", "should we move off airflow?"), ("assistant", _COMPOSER), ("user", reply)]
    assert _choices(*turns) == []


# ---- what the advice warned of, ruled out --------------------------------------------------------

_WARNED = (
    "For CloudKit later, keep every property optional or defaulted and avoid unique "
    "constraints \u2014 CloudKit doesn't support `@Attribute(.unique)`."
)


def test_a_thing_the_assistant_warned_of_ruled_out_is_a_rule():
    turns = [
        ("user", "models for the habit tracker?"),
        ("assistant", _WARNED),
        ("user", "ok good to know, no unique constraints then. btw im new to swift"),
    ]
    assert _rules_of(*turns) == ["No unique constraints"]


@pytest.mark.parametrize(
    "reply", ["ok, no worries then", "no rush then!", "no optional properties then?",
              "no feature flags then", "Ok, no CloudKit then."],
)  # fmt: skip
def test_no_thing_the_assistant_named_or_a_question_rules_nothing_out(reply):
    turns = [("user", "models for the habit tracker?"), ("assistant", _WARNED), ("user", reply)]
    assert _rules_of(*turns) == []


# ---- one thing made the way of the whole project -------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("actually lets go graviton everywhere while we're at it, bump the bastion too", "graviton"),
     ("let's go serverless across the board", "serverless")],
)  # fmt: skip
def test_going_one_way_everywhere_is_the_choice(sentence, choice):
    assert [c for c, _ in _choices(("user", sentence))] == [choice]


@pytest.mark.parametrize(
    "sentence",
    ["let's go look everywhere for the bug", "should we go graviton everywhere?",
     "maybe we should go arm everywhere", "let's go through everything"],
)  # fmt: skip
def test_looking_everywhere_or_asking_to_go_one_way_is_no_choice(sentence):
    assert _choices(("user", sentence)) == []


# ---- a known technology given a part of the work -------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [("secrets manager for the db password w/ rotation, datadog key goes to SSM.",
      "secrets manager"),
     ("ok. Redis for the cache, Postgres for the rest.", "Redis")],
)  # fmt: skip
def test_a_known_technology_given_a_part_of_the_work_is_the_choice(sentence, choice):
    assert [c.lower() for c, _ in _choices(("user", sentence))] == [choice.lower()]


@pytest.mark.parametrize(
    "sentence",
    ["thanks for the help", "wait for the build", "is redis for the cache?",
     "maybe redis for the cache", "no redis for the cache", "redis for the win"],
)  # fmt: skip
def test_no_technology_or_one_asked_about_for_a_part_is_no_choice(sentence):
    assert _choices(("user", sentence)) == []


def test_a_word_opening_a_sentence_is_no_name_to_keep():
    turns = [("user", "the build is slow"),
             ("assistant", "Going forward the cache helps. Testing shows 2x."),
             ("user", "nice, keep going"), ("user", "ok, keep testing.")]  # fmt: skip
    assert _choices(*turns) == []


# ---- a terse pick taken with the way it is used --------------------------------------------------

_CLI_OFFER = (
    "Three realistic options:\n\n- **clap** (v4) with the derive API: the standard choice.\n"
    "- **argh**: small, derive-based.\n- **lexopt**: minimal, you write the loop."
)


@pytest.mark.parametrize("reply", ["clap w/ derive", "clap with the derive API"])
def test_an_offered_name_with_the_way_it_is_used_is_picked(reply):
    turns = [("user", "rust cli. arg parsing?"), ("assistant", _CLI_OFFER), ("user", reply)]
    assert _chosen(*turns) == ["clap"]


# ---- the one option the assistant puts forward ---------------------------------------------------


def test_the_one_option_the_assistant_puts_forward_is_taken_by_do_that():
    turns = [
        ("user", "parsing: regex or hand-written?"),
        ("assistant", "A hand-written parser is faster. Option: hand-written fast path for the "
                      "default formats, regex fallback for custom ones."),
        ("user", "do that"),
    ]  # fmt: skip
    [d] = _kept(_run(*turns), "decisions")
    assert d["choice"] == "hand-written fast path"


def test_a_list_of_options_is_no_single_proposal():
    turns = [("assistant", "Options: Redis, Memcached."), ("user", "do that")]
    assert _kept(_run(*turns), "decisions") == []


# ---- the assistant's answer to the person's own either-or --------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "reply", "chosen"),
    [
        (
            "which queue should we use, BullMQ or RabbitMQ?",
            "BullMQ, since you already run Redis.",
            "sounds good",
            ["BullMQ"],
        ),
        (
            "pnpm or yarn?",
            "pnpm. It is faster and stricter about phantom deps.",
            "ok do it",
            ["pnpm"],
        ),
        ("表单校验用 zod 还是 yup？", "zod 吧，类型能直接推出来。", "行", ["zod"]),
        # a comparison asked, not a pick: the answer proposes nothing
        ("which is faster, msgpack or json?", "msgpack, by a wide margin.", "ok thanks", []),
        # another team's tools: what they use is no proposal for this project
        ("Kafka or RabbitMQ, which one does the billing team use?", "Kafka.", "ok", []),
        # the answer does not open with an option: nothing read from its first word
        ("should we use zod or yup?", "Both work; yup is older.", "ok", []),
    ],
)
def test_an_answer_that_opens_with_one_of_the_persons_options_proposes_it(
    question, answer, reply, chosen
):
    batch = _run(_BILLING, ("user", question), ("assistant", answer), ("user", reply))
    assert [d["choice"] for d in _kept(batch, "decisions")] == chosen


def test_an_answer_to_an_either_or_waits_for_review_until_the_person_takes_it():
    batch = _run(
        _BILLING,
        ("user", "should we use zod or yup for the forms?"),
        ("assistant", "Zod — it infers the TypeScript types from the schema."),
        ("user", "hmm, let me think about it"),
    )
    assert _kept(batch, "decisions") == []
    assert [(d["choice"], d["alternatives"]) for d in _kept(batch, "decisions", "review")] == [
        ("Zod", ["yup"])
    ]


def test_an_option_turned_down_with_a_verb_before_it_is_dropped_whole():
    batch = _run(
        _BILLING,
        ("user", "Let's switch the amount column to NUMERIC(19,4) via Prisma Decimal."),
        ("assistant", "Done, but Decimal objects now leak into every call site."),
        ("user", "Actually, let's not do NUMERIC at all. Store integer minor units in a BigInt."),
    )
    assert not any("NUMERIC" in d["choice"] for d in _kept(batch, "decisions"))
    assert rules.rejected("let's not do the microservices thing") == ["microservices"]


# ---- an outright answer to the assistant's open question -----------------------------------------


def _open_answers(question: str, reply: str) -> list[tuple[str, str]]:
    batch = _run(_BILLING, ("assistant", question), ("user", reply))
    return [(str(c.entry["title"]), c.action) for c in batch.candidates if c.target == "decisions"]


@pytest.mark.parametrize(
    ("question", "reply", "title"),
    [
        (
            "The worker renders each receipt. Where should the rendered receipts go?",
            "Store them in the bucket billing-receipts-eu, one folder per tenant.",
            "rendered receipts: Store them in the bucket billing-receipts-eu",
        ),
        (
            "Which base image do you want?",
            "python:3.12-slim, and run as a non-root user",
            "base image: python:3.12-slim",
        ),
        (
            "告警规则写好了。通知渠道用什么？",
            "用值班群的机器人，发到账单值班群",
            "通知渠道: 用值班群的机器人",
        ),
        (
            "Which queue should the invoices use?",
            "the `billing-invoices` SQS queue",
            "queue: the `billing-invoices` SQS queue",
        ),
    ],
)
def test_an_outright_answer_to_an_open_question_is_a_choice_for_review(question, reply, title):
    assert _open_answers(question, reply) == [(title, "review")]


@pytest.mark.parametrize(
    ("reply", "title"),
    [
        ("用 Slack，发到账单值班群", "Use Slack"),
        ("用企业微信机器人，发到账单值班群", "采用 企业微信机器人"),
    ],
)
def test_an_answer_that_takes_a_known_product_up_is_a_choice(reply, title):
    assert _open_answers("告警规则写好了。通知渠道用什么？", reply) == [(title, "stored")]


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Which base image do you want?", "not sure, let me ask the platform team"),
        ("Which base image do you want?", "whatever you think is best"),
        ("Which base image do you want?", "ok"),
        ("Which base image do you want?", "what do the other services use?"),
        ("Which base image do you want: Alpine or Debian slim?", "python:3.12-slim"),
        ("Which file should I open first?", "src/billing/worker.py"),
        ("通知渠道用什么？", "不知道，我问一下运维"),
        ("The tests pass. Anything else?", "deploy it to staging-2"),
    ],
)
def test_no_answer_or_a_question_that_is_no_open_one_decides_nothing(question, reply):
    batch = _run(_BILLING, ("assistant", question), ("user", reply))
    assert not any(c.reason.startswith("the answer to an open question") for c in batch.candidates)


def test_a_report_of_what_is_so_already_answers_no_open_question():
    found = _open_answers("State backend 你们打算用什么？", "key 已经 disable 了，先不管")
    assert found == []
    # an answer its own sentence already decides is that decision, not a second one
    assert _open_answers("State backend 你们打算用什么？", "用 S3，bucket tf-state-prod") == [
        ("Use S3", "stored")
    ]


# ---- a yes that does not take the proposal up as the project's choice --------------------------

_POOLER = ("assistant", "The pool runs dry under load. I'd suggest using PgBouncer.")
_POOLER_ZH = ("assistant", "这个报错是连接池耗尽导致的。建议用 PgBouncer 做连接池。")


@pytest.mark.parametrize(
    "reply",
    [
        "yes that's the bug",
        "ok thanks, that explains it",
        "right, that was it",
        "ok let's try it and see",
        "sure, give it a shot and we'll benchmark it first",
        "ok, but how does it deal with prepared statements?",
        "yeah, though actually pgpool would suit us better",
        "ok for the reporting jobs",
        "sounds good, maybe down the road",
        "ok that worked",
        "ok, we'll see",
        "yes, but only for the reporting database",
    ],
)
def test_a_yes_to_a_diagnosis_a_trial_or_with_a_doubt_leaves_the_proposal_for_review(reply):
    batch = _run(_BILLING, _POOLER, ("user", reply))
    assert "PgBouncer" not in [d["choice"] for d in _kept(batch, "decisions")]
    assert "PgBouncer" in [d["choice"] for d in _kept(batch, "decisions", "review")]


@pytest.mark.parametrize(
    "reply",
    [
        "对，就是这个原因",
        "好的，明白了，原来是这样",
        "好，先试试看效果",
        "可以，不过它支持事务吗？",
        "好的 这个我回头弄",
        "可以，但只用在报表库上",
    ],
)
def test_a_chinese_yes_to_a_diagnosis_a_trial_or_with_a_doubt_is_not_stored(reply):
    batch = _run(_OPENING_ZH, _POOLER_ZH, ("user", reply))
    assert "PgBouncer" not in [d["choice"] for d in _kept(batch, "decisions")]


@pytest.mark.parametrize(
    "reply", ["sounds good, go with that", "ok", "agreed, thanks", "可以，就用这个", "同意"]
)
def test_a_plain_yes_still_takes_the_proposal(reply):
    opening = _OPENING_ZH if "\u4e00" <= reply[0] <= "\u9fff" else _BILLING
    batch = _run(opening, _POOLER_ZH if opening == _OPENING_ZH else _POOLER, ("user", reply))
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["PgBouncer"]


def test_a_cause_picked_by_its_label_is_no_decision():
    causes = (
        "assistant",
        "Two likely causes:\n1. the cache key leaves out the locale\n"
        "2. the CDN drops the Vary header\nWhich one matches what you see?",
    )
    batch = _run(_BILLING, causes, ("user", "option 2, that's the bug"))
    assert _kept(batch, "decisions") == []


def test_yes_to_a_question_of_what_is_so_confirms_no_value():
    asked = ("assistant", "Is the failing job on node 18? The others pass.")
    assert _kept(_run(_BILLING, asked, ("user", "yes node 18, it fails there")), "decisions") == []


# ---- options numbered in brackets inside a sentence; a reason, then the name it leads to ---------


def test_options_numbered_in_brackets_in_a_sentence_are_resolved_by_their_number():
    turns = [
        ("user", "how do we keep the nightly import from timing out?"),
        ("assistant", "Two ways: (1) hourly batches from cron, or (2) a Temporal workflow. "
                      "I'd go with option 2."),
        ("user", "agreed, option 2."),
    ]  # fmt: skip
    batch = _run(*turns)
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["Temporal workflow"]
    assert rules.options("see note (1) in the docs.") == {}  # one number is no list


def test_a_reason_then_so_and_a_name_picks_the_name():
    turns = [
        ("user", "which charting lib for the admin?"),
        ("assistant", "Chart.js is light; ECharts copes with big data."),
        ("user", "we plot millions of points, so ECharts."),
    ]
    batch = _run(*turns)
    assert [d["choice"] for d in _kept(batch, "decisions")] == ["ECharts"]
    assert rules.decision("it was slow, so Tuesday.") is None  # no name


def test_an_ok_before_a_question_about_the_proposal_does_not_take_it():
    proposal = ("assistant", "I'd suggest Varnish in front of the app with a 5 minute TTL.")
    asked = _run(("user", "how do we cache product pages?"), proposal,
                 ("user", "ok, then how does it handle logged-in users?"))  # fmt: skip
    assert _kept(asked, "decisions") == []
    taken = _run(("user", "how do we cache product pages?"), proposal,
                 ("user", "ok do it. how long will it take?"))  # fmt: skip
    assert [d["choice"] for d in _kept(taken, "decisions")] == ["Varnish in front of the app"]


def test_a_recap_of_decisions_the_person_confirms_stores_each_decision():
    recap = ("assistant", "Decisions so far:\n- Queue: NATS JetStream (not Kafka)\n"
                          "- Storage: Cloudflare R2 for uploads\n"
                          "- Search: Meilisearch, TBD\n")  # fmt: skip
    batch = _run(("user", "can you list what we decided?"), recap, ("user", "yes that's right"))
    kept = _kept(batch, "decisions")
    assert [d["choice"] for d in kept] == [
        "Queue: NATS JetStream",
        "Storage: Cloudflare R2 for uploads",
    ]
    assert kept[0]["alternatives"] == ["Kafka"]
    unconfirmed = _run(("user", "list what we decided?"), recap, ("user", "wait, not R2"))
    assert _kept(unconfirmed, "decisions") == []


# ---- a value the person puts in place of one the assistant gave ----------------------------------


@pytest.mark.parametrize(
    ("said", "reply", "setting"),
    [
        ("建议改成 transaction Bundle 批量提交，每批 1000 条？",
         "1000太大了 上次hapi那边超时。500吧", ("每批 500 条", "每批 1000 条")),
        ("The reconnect window is 60 seconds; after that the agent is dropped.",
         "60s is too short, riders lose signal in the subway. make it 120",
         ("The reconnect window is 120 seconds", "The reconnect window is 60 seconds")),
        ("剪贴板历史默认保留最近 500 条，超过的按时间删除。", "改成2000",
         ("剪贴板历史默认保留最近 2000 条", "剪贴板历史默认保留最近 500 条")),
        ("第一批 canary 5%，观察 30 分钟心跳", "canary 5% 太多了 2% 就行 一共才 6000 台。",
         ("第一批 canary 2%", "第一批 canary 5%")),
        ("Tokens expire after 15 minutes, refresh tokens after 7 days.", "make it 30 minutes",
         ("Tokens expire after 30 minutes", "Tokens expire after 15 minutes")),
    ],
)  # fmt: skip
def test_a_value_put_in_place_of_the_assistants_sets_its_setting(said, reply, setting):
    assert rules.replaced_value(reply, said) == setting


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        # two numbers of no unit: which one is replaced is not clear
        ("gate 配置在 config.lua 里：监听 8888，最大 4096 连接。",
         "改成 8192，上周活动在线差点顶满。"),
        # a question, a wavering, or nothing the assistant gave to replace
        ("The window is 60 seconds.", "maybe 120?"),
        ("I added a retry loop around the upload.", "ok, make it 3"),
        # a line of code or a range is no setting said in words
        ("set `max_batch_size = 0` in config.pbtxt", "make it 64"),
        ("一般公共图书馆是 3~7 天", "改成 3"),
        # a value of lines the message lists, not of a clause
        ("contact points:\n  - uid: 1\n    name: ops", "改成 2"),
        ("replicas: 1,\nname: ops", "改成 2"),
        # a supposition, a range, a value listed among others
        ("你的 tick 是多少？如果是 30，插值会很明显。", "确实是 30，改成 60 了，抖动也没了。"),
        ("server_id 6401 被占用了（可能是老的 Canal）", "server-id 改成 6401-6404"),
        ("Classic CAN or FD at 500k?", "the datasheet says classic CAN 2.0B, extended IDs, 500k."),
    ],
)  # fmt: skip
def test_no_setting_when_the_replaced_value_is_not_clear(said, reply):
    assert rules.replaced_value(reply, said) is None


def test_the_replaced_value_is_stored_as_a_decision_with_the_old_as_alternative():
    turns = [("user", "导入太慢了"),
             ("assistant", "建议改成 transaction Bundle 批量提交，每批 1000 条？"),
             ("user", "1000太大了 上次hapi那边超时。500吧")]  # fmt: skip
    [d] = _kept(_run(*turns), "decisions")
    assert d["choice"] == "每批 500 条" and d["alternatives"] == ["每批 1000 条"]


# ---- what a yes gives up, and a name said to be no good ------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "gone"),
    [
        ("这样也就不需要 tower_governor 这个 crate 了，只保留 `governor`。", ["tower_governor"]),
        ("不行 cmd+shift+v 跟很多app的粘贴并匹配格式冲突了。", ["cmd+shift+v"]),
        ("我们不需要这么复杂", []),
        ("不行，太慢了", []),
    ],
)
def test_a_name_no_longer_needed_or_no_good_is_turned_down(sentence, gone):
    assert rules.rejected(sentence) == gone


def _live_choices(*turns: tuple[str, str]) -> list[str]:
    """The choices of the decisions stored or waiting for review."""
    batch = _run(*turns)
    return [str(c.entry.get("choice")) for c in batch.candidates
            if c.target == "decisions" and c.action != "dropped"]  # fmt: skip


def test_a_yes_to_a_question_that_gives_a_choice_up_turns_it_down():
    turns = [
        ("user", "限流就用 tower_governor 吧，按 tenant 限。"),
        ("assistant", "tower_governor 的 layer 跟 tonic 不匹配。我改成自己写一个 `tower::Layer`，"
                      "这样也就不需要 tower_governor 这个 crate 了，只保留 `governor`。可以吗？"),
        ("user", "可以 少一个依赖更好。"),
    ]  # fmt: skip
    assert "tower_governor" not in _live_choices(*turns)
    assert "tower_governor" in _live_choices(*turns[:1])


def test_a_name_said_to_be_no_good_gives_way_to_the_next():
    turns = [
        ("user", "全局快捷键呼出窗口就用 cmd+shift+v 吧"),
        ("assistant", "Done: toggle window with CommandOrControl+Shift+V."),
        ("user", "不行 cmd+shift+v 跟很多app的粘贴并匹配格式冲突了。换 cmd+option+v"),
    ]
    assert _live_choices(*turns) == ["cmd+option+v"]


# ---- the value a reply gives when one setting was asked for --------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "given"),
    [
        ("OK，按 `x-tenant-id` 做 key。默认额度你想要多少？单 tenant 全局。",
         "全局 200 rps，burst 50。另外有个 allowlist", ["默认额度: 全局 200 rps，burst 50"]),
        ("What batch size do you want?", "500", ["batch size: 500"]),
        # no value, a value wavered on, or two settings asked
        ("默认额度你想要多少？", "不知道，你看着办", []),
        ("默认额度你想要多少？", "大概 200 吧？", []),
        ("TTL 和重试次数分别设多少？", "3", []),
    ],
)  # fmt: skip
def test_the_value_given_for_the_one_setting_asked_is_its_value(question, reply, given):
    assert rules.answered_values(reply, rules.asked_values(question)) == given


# ---- an upgrade the assistant offers and the person takes up -------------------------------------


@pytest.mark.parametrize(
    ("offer", "reply", "choice"),
    [
        ("好的。我顺便把 Flink 升到 1.18，connector 新版本对 1.18 支持更好，你看行吗？",
         "可以，1.18.1 吧，集群那边 yarn 上已经有 1.18.1 的包了", "Flink 1.18.1"),
        ("While I'm here, should I bump Next.js to 14.2? The app router fixes landed there.",
         "yes do it", "Next.js 14.2"),
        ("I'd upgrade pydantic to v2 while we're at it. OK?", "ok", "pydantic v2"),
    ],
)  # fmt: skip
def test_an_upgrade_offered_and_taken_up_is_a_decision(offer, reply, choice):
    turns = [("user", "the build is flaky"), ("assistant", offer), ("user", reply)]
    assert choice in [c for c, _ in _choices(*turns)]


@pytest.mark.parametrize(
    ("offer", "reply"),
    [
        # reported done, not offered; offered and turned down
        ("I bumped Next.js to 14.2 and the build passes.", "ok"),
        ("Should I bump Next.js to 14.2?", "no, stay on 14.1 for now"),
    ],
)
def test_an_upgrade_done_or_turned_down_is_no_decision_to_take_up(offer, reply):
    turns = [("user", "the build is flaky"), ("assistant", offer), ("user", reply)]
    assert not any(c.startswith("Next.js 14.2") for c, _ in _choices(*turns))


_TWO_WAYS = (
    "assistant",
    "这是 drift_dev 的版本比你的 Dart SDK 新了。两个办法：\n1. 把 drift_dev 锁到 `2.18.0`\n"
    "2. 升级 Flutter 到 3.24（自带 Dart 3.5）\n\n如果你想保持 3.22.1，选 1。",
)


@pytest.mark.parametrize(
    ("reply", "choice"),
    [
        ("升 3.24 吧 反正还没上架。fvm use 3.24.3 了，build_runner 过了", "Flutter 3.24.3"),
        ("那就升到 3.24", "Flutter 3.24"),
        ("upgrade to 3.24 then", "Flutter 3.24"),
    ],
)
def test_a_version_moved_to_is_of_the_tool_the_assistant_named_at_it(reply, choice):
    turns = [
        ("user", "用 flutter 3.22.1，dart 3.4。build_runner 报错了"),
        _TWO_WAYS,
        ("user", reply),
    ]
    batch = _run(*turns)
    assert [str(d["choice"]) for d in _kept(batch, "decisions")] == [choice]
    # the stack no longer says the version left behind
    stack = [v for f in _kept(batch, "project") for v in f.get("tech_stack", {}).values()]
    assert not any("3.22.1" in v for v in stack)


@pytest.mark.parametrize("reply", ["内存升到 32G 吧", "升 3.24 要多久？"])
def test_a_size_raised_or_a_question_moves_no_version(reply):
    turns = [
        ("user", "用 flutter 3.22.1，dart 3.4。build_runner 报错了"),
        _TWO_WAYS,
        ("user", reply),
    ]
    assert not [d for d in _kept(_run(*turns), "decisions") if "3.24" in str(d["choice"])]


# ---- a tool the assistant asks whether to take, taken up -----------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "choice"),
    [
        ("TLS 用的是 openssl 0.10。要不要切 rustls？",
         "切。之前 alpine 镜像里也老因为 openssl 出问题", "rustls"),
        ("Should I switch the HTTP client to httpx while I'm in there?", "yes", "httpx"),
        ("要不要顺便把日志换成 structlog？", "要", "structlog"),
        ("Want me to add Redis caching for the product list?", "yeah go ahead", "Redis"),
    ],
)  # fmt: skip
def test_a_tool_the_assistant_asks_about_and_the_person_takes_is_chosen(question, reply, choice):
    turns = [("user", "the service is slow"), ("assistant", question), ("user", reply)]
    assert choice in [c for c, _ in _choices(*turns)]


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Should I use Alembic for the migrations?", "no, raw SQL files"),
        ("要不要切 rustls？", "先不切，等 tonic 升级再说"),
        ("Should I rerun the failing test?", "yes"),  # a step, no tool
    ],
)
def test_a_tool_asked_about_and_not_taken_is_no_choice(question, reply):
    turns = [("user", "the service is slow"), ("assistant", question), ("user", reply)]
    assert _choices(*turns) == []


# ---- a step the assistant asks a yes for --------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "step"),
    [
        ("好。我把日期解析改成按顺序尝试多个格式。都解析不了的行写进 `rejects.csv` 而不是直接丢掉，"
         "方便人工核对。可以吗？", "都解析不了的行写进 `rejects.csv` 而不是直接丢掉，方便人工核对"),
        ("Next I will add a `post_save` signal that deletes the `products:*` keys. OK?",
         "add a `post_save` signal that deletes the `products:*` keys"),
        # done already, vague, or a question of its own: nothing put for a yes
        ("I fixed the import. Sound good?", None),
        ("Which one do you prefer? OK?", None),
        ("可以吗？", None),
        # a way to begin with, or one that gives a name up
        ("I'd start with slowapi + in-memory storage, 60/minute on `/v1/quotes`. OK?", None),
        ("这样也就不需要 tower_governor 这个 crate 了，只保留 `governor`。可以吗？", None),
    ],
)  # fmt: skip
def test_the_step_an_assistant_asks_a_yes_for(message, step):
    assert rules.put_for_yes(message) == step


def test_a_step_agreed_to_is_a_decision_and_one_turned_down_is_not():
    asked = "都解析不了的行写进 `rejects.csv` 而不是直接丢掉，方便人工核对。可以吗？"
    agreed = _kept(_run(("user", "导入有一半没进去"), ("assistant", asked), ("user", "可以")),
                   "decisions")  # fmt: skip
    assert [d["choice"] for d in agreed] == [
        "都解析不了的行写进 `rejects.csv` 而不是直接丢掉，方便人工核对"
    ]
    refused = _run(("user", "导入有一半没进去"), ("assistant", asked), ("user", "不行，直接丢掉"))
    assert _kept(refused, "decisions") == []


_VALUE_PIECES = st.sampled_from(
    ["1000", "500", "60", "2", "4096", " ", "\n", "，", ", ", "。", ". ", "? ", "？", ":", "条",
     "秒", "s", "ms", "%", " seconds", "每批 ", "最大 ", "timeout is ", "改成 ", "make it ", "吧",
     " 就行", "太大了", "如果是 ", "3~7 天", "`x = 1`", "replicas: 1\n  name: ops"]
)  # fmt: skip


@given(
    st.lists(_VALUE_PIECES, max_size=12).map("".join),
    st.lists(_VALUE_PIECES, max_size=12).map("".join),
)
def test_a_replaced_value_is_read_from_any_text_without_failing(reply, said):
    # the setting, when one is read, holds the value the reply gives
    found = rules.replaced_value(reply, said)
    if found is not None:
        setting, was = found
        assert setting != was and any(ch.isdigit() for ch in setting)


def test_an_upgrade_offered_is_read_with_the_sentence_that_offers_it():
    offer = "Tests pass. While I'm here, should I bump Next.js to 14.2? The fixes landed there."
    assert rules.upgrade_offered(offer) == (
        "Next.js",
        "14.2",
        "While I'm here, should I bump Next.js to 14.2?",
    )
    assert rules.upgrade_offered("I bumped Next.js to 14.2 and the build passes.") is None


@pytest.mark.parametrize(
    ("assistant", "reply", "kept"),
    [
        ("离线方案：\n1. **扫码记录存 IndexedDB**，每条带 `clientId`（UUID）\n"
         "vite-plugin-pwa 配置用 `registerType: 'autoUpdate'`。",
         "就这么做，IndexedDB + clientId 去重，registerType autoUpdate。上线地址另外给你。",
         ["IndexedDB + clientId 去重", "registerType autoUpdate"]),
        ("Corruption detection is worth having, e.g. a CRC32 of the JSON payload stored with it.",
         "Fine, no encryption. Just a CRC32 checksum to detect corruption.",
         ["a CRC32 checksum to detect corruption"]),
        ("建议：索引时用 `ik_max_word`，检索时用 `ik_smart`；分词效果还不够再换 HanLP。",
         "HanLP 算了，不折腾。索引 ik_max_word、查询 ik_smart，改完重建索引。",
         ["索引 ik_max_word、查询 ik_smart"]),
        ("分区建议按月 `toYYYYMM(event_date)`，排序键 `(campaign_id, event_date)`。",
         "分区按月 toYYYYMM(event_date) OK，写入怎么接 Kafka 我再看。",
         ["分区按月 toYYYYMM(event_date) OK"]),
        ("The update policy is `{\"policy\": \"sdkVersion\"}`; `fingerprint` would rebuild less.",
         "keep sdkVersion policy, fingerprint can wait.", ["keep sdkVersion policy"]),
        ("- 排序键 `(campaign_id, event_date, user_id)` 对应查询；\n- 按天分区 `toYYYYMMDD`。",
         "排序键就用 (campaign_id, event_date, user_id)，分区按天 toYYYYMMDD。写入怎么接 Kafka？",
         ["排序键就用 (campaign_id, event_date, user_id)", "分区按天 toYYYYMMDD"]),
    ],
)  # fmt: skip
def test_a_reply_opening_by_taking_what_was_said_decides_the_clauses_it_takes_up(
    assistant, reply, kept
):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == kept[0]
    assert all(k in decision["title"] for k in kept)


def test_a_clause_taking_up_the_assistants_terms_joins_the_decision_of_its_reply():
    assistant = (
        "那就改成 FatFS，用 exFAT 还是 FAT32？掉电风险这样缓解：\n- 每写满 32 KB 调一次 `f_sync`；"
    )
    reply = "好，就 FatFS + FAT32，每 32 KB 调一次 f_sync。LittleFS 那套代码我先删掉了。"
    turns = [*_said("SD 卡怎么存数据？"), ("assistant", assistant), ("user", reply)]
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == "FatFS + FAT32"
    assert "每 32 KB 调一次 f_sync" in decision["title"]


@pytest.mark.parametrize(
    ("assistant", "reply"),
    [
        # turned down, put off, asked about, said of the person, or naming nothing said
        ("Corruption detection: a CRC32 of the JSON payload.", "ok, no CRC32 for now."),
        ("Corruption detection: a CRC32 of the JSON payload.", "ok. CRC32 later, not now."),
        ("Corruption detection: a CRC32 of the JSON payload.", "ok. does CRC32 catch it all?"),
        ("限流：同一手机号 60 秒 1 次。", "好，我本地先试 60 秒。"),
        ("限流：同一手机号 60 秒 1 次。", "好，开始写吧，登录页先画出来。"),
        # what was found, not taken: "果然是…", "确实是 X 的锅", "是 ACL 没配"
        (
            "Check `application-test.yml` for an old password.",
            "ok, 果然是 application-test.yml 里还有个旧密码",
        ),
        ("可能是 `AWS_PROFILE` 指向了别的账号。", "确实是 AWS_PROFILE 的锅"),
        ("The worker pulls 10 jobs from SQS. Should I raise it?", "the SQS part is fine."),
    ],
)
def test_a_reply_that_takes_up_nothing_the_assistant_put_forward_decides_nothing(assistant, reply):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    assert _kept(_run(*turns), "decisions") == []


def test_a_clause_taken_up_goes_when_a_later_reply_turns_its_name_down():
    turns = [
        *_said("should we add a polyfill for Firefox?"),
        ("assistant", "Mozilla's `webextension-polyfill` gives you the `browser.*` namespace."),
        ("user", "ok lets do that, add webextension-polyfill and migrate the chrome.* calls"),
        ("assistant", "WXT already exposes a unified `browser` global from `wxt/browser`."),
        ("user", "ok then scrap the polyfill idea. we use browser from wxt/browser everywhere "
                 "and no webextension-polyfill dependency."),
    ]  # fmt: skip
    chosen = _chosen(*turns)
    assert chosen == ["browser from wxt/browser"]


@pytest.mark.parametrize(
    ("assistant", "reply", "kept"),
    [
        # a plain word the assistant wrote as code on its own, named with a yes
        (
            "解析结果存 `jsonb` 列，还是拆成明细表？PyMuPDF 的授权也要看一下。",
            "pdfplumber 吧。存 jsonb 可以",
            "存 jsonb 可以",
        ),
        (
            "Autosave: on every `room transition`, or only at benches?",
            "autosave on room transition yes",
            "autosave on room transition yes",
        ),
        # a name of code in Pascal case, three words or more, needs no backticks
        (
            "聚合表用 SummingMergeTree，后台合并时会把相同 (merchant_id, dt) 的行加起来。",
            "SummingMergeTree 可以，退款记成负数金额，sum 能对上。",
            "SummingMergeTree 可以",
        ),
    ],
)
def test_a_name_the_assistant_wrote_as_code_on_its_own_is_taken_up_like_one_shaped_as_code(
    assistant, reply, kept
):
    turns = [*_said("what do you suggest?"), ("assistant", assistant), ("user", reply)]
    titles = [str(d["title"]) for d in _kept(_run(*turns), "decisions")]
    assert any(kept in t for t in titles), titles


@pytest.mark.parametrize(
    "reply",
    [
        "好，就用 Snakemake。jobs 200 别开那么大",  # a "don't" in passing
        "好，就用 Snakemake。之前 jobs 200 出过事",  # what happened before
        "ok, Snakemake it is. jobs 200 is fine for now",  # a stopgap
    ],
)
def test_a_clause_that_forbids_recalls_or_holds_for_now_joins_no_decision(reply):
    assistant = "Use Snakemake with the slurm executor; `jobs 200` keeps the queue busy."
    turns = [*_said("how do we run the pipeline?"), ("assistant", assistant), ("user", reply)]
    titles = [str(d["title"]) for d in _kept(_run(*turns), "decisions")]
    assert not any("200" in t for t in titles), titles


def test_a_long_bullet_is_an_option_by_its_first_words():
    assistant = (
        "Off by one cent. Two ways to make them agree:\n\n"
        "- round VAT **per line item** (what the customer sees on each line adds up), or\n"
        "- round once per cart and push the remainder onto the last line of the order.\n\n"
        "OK to switch?"
    )
    assert rules.offered_bullets(assistant) == [
        "round VAT **per line item",
        "round once per cart and push the remainder onto the",
    ]
    turns = [*_said("the totals are off"), ("assistant", assistant), ("user", "per line item, yes")]
    assert any("per line item" in c for c in _chosen(*turns))


def test_a_value_confirmed_is_titled_with_the_setting_the_assistant_named_it_for():
    assistant = "Alertmanager 加了 feishu-oncall receiver。repeat_interval 4h 可以吗？还是想 1h？"
    turns = [*_said("告警怎么配？"), ("assistant", assistant), ("user", "4h 可以，再短会刷屏。")]
    [decision] = _kept(_run(*turns), "decisions")
    assert decision["choice"] == "4h"
    assert "repeat_interval" in decision["title"]
    assert rules.key_before_value("336h", "limits:\n  retention_period: 336h") == "retention_period"
    assert rules.key_before_value("150ms", "建议 150ms，加上 AbortController") is None


def test_a_stopgap_proposed_is_no_choice_and_a_keyed_one_keeps_its_value():
    assert rules.proposal("建议 build index 前临时调大 maintenance_work_mem") is None
    assert rules.proposal("I'd suggest bumping the pool for now") is None
    assert (
        rules.proposal("我建议用 strategy: prefix_except_default，英文走 /en-US/goods/123")
        == "strategy: prefix_except_default"
    )
    assert rules.proposal("I would recommend pnpm: it is faster") == "pnpm"


def test_a_name_after_a_key_is_no_value_of_that_key():
    assert rules.key_before_value("jax", "set n_dev jax on the cluster") is None
    assert rules.key_before_value("8", "set n_dev 8 on the cluster") == "n_dev"


_BUFFERS = (
    "Right, Shopify should show less than the WMS `available`. Two ways:\n\n"
    "1. A global buffer, e.g. `available - 2` for every SKU\n"
    "2. A per-SKU buffer stored as a Shopify variant metafield (`custom.safety_stock`)\n\n"
    "Which?"
)


def test_a_change_of_mind_naming_another_option_of_the_list_picks_it_instead():
    turns = [("user", "shopify oversells, fix it"), ("assistant", _BUFFERS),
             ("user", "global 2 先"), ("assistant", "Done, a global buffer of 2."),
             ("user", "hmm actually 大件一件就没货了。做 per-sku metafield 吧")]  # fmt: skip
    [(choice, alternatives)] = _choices(*turns)
    assert choice.lower().startswith("per-sku buffer") and alternatives == ["global buffer"]
    # words of both options, or a reply that changes nothing, pick none
    same = (*turns[:4], ("user", "做 per-sku metafield 吧"))
    assert [c.lower() for c, _ in _choices(*same)] == ["global buffer"]
