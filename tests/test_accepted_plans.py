"""A plan the assistant puts to the person, taken up: each concrete item is a choice.

"My suggestion:\n- …\n- …\nWant me to apply these?" then "ok do it": every item naming a
tool, a setting, an identifier in backticks or a value with its unit is a decision, for
review; what the reply excepts is left out; a plan the person questions, pushes back on or
leaves unanswered gives nothing; items that only explain are no choices.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.extraction import _OPENING, _OPENING_ZH, _kept, _run

_PLAN = (
    "assistant",
    "The slow page is the session lookup. My suggestion:\n"
    "- cache the session lookup in `Valkey` with a 15 minutes TTL\n"
    "- set `pool_timeout = 3` on the database pool\n"
    "- extract a `SessionKeys` helper for the key prefixes\n\n"
    "Want me to apply these?",
)

_PLAN_ZH = (
    "assistant",
    "原因是会话每次都查库。修复建议：\n"
    "- 会话缓存放到 `Valkey`，过期时间 15 分钟\n"
    "- 连接池 `pool_timeout` 设成 3 秒\n"
    "- 加一个 `session:limit:{uid}` 的限流，每分钟 30 次\n\n"
    "要按这个改吗？",
)


def _planned(opening: tuple[str, str], plan: tuple[str, str], reply: str) -> list[str]:
    batch = _run(opening, plan, ("user", reply))
    return [str(d["choice"]) for d in _kept(batch, "decisions", "review")]


@pytest.mark.parametrize("reply", ["ok do it", "sounds good, go ahead", "Applied all of that."])
def test_each_concrete_item_of_a_plan_taken_up_is_a_choice_for_review(reply):
    chosen = _planned(_OPENING, _PLAN, reply)
    assert any("Valkey" in c and "15 minutes" in c for c in chosen)
    assert any("pool_timeout = 3" in c for c in chosen)
    assert any("SessionKeys" in c for c in chosen)


@pytest.mark.parametrize("reply", ["可以，就按这个来", "行，照这个改", "就按你说的来"])
def test_a_chinese_plan_taken_up_gives_its_items(reply):
    chosen = _planned(_OPENING_ZH, _PLAN_ZH, reply)
    assert len([c for c in chosen if "Valkey" in c or "pool_timeout" in c or "limit" in c]) == 3


def test_what_the_reply_excepts_is_left_out():
    chosen = _planned(_OPENING, _PLAN, "ok do it, except the SessionKeys helper")
    assert not any("SessionKeys" in c for c in chosen)
    assert any("Valkey" in c for c in chosen) and any("pool_timeout" in c for c in chosen)


def test_an_item_the_chinese_reply_turns_down_is_left_out():
    chosen = _planned(_OPENING_ZH, _PLAN_ZH, "可以，就按这个来，限流不要")
    assert not any("limit" in c for c in chosen)
    assert len(chosen) == 2


@pytest.mark.parametrize(
    "reply",
    [
        "why Valkey and not the Redis we already run?",
        "hmm, I'm not sure about caching sessions at all",
        "",
    ],
)
def test_a_plan_not_taken_up_gives_nothing(reply):
    turns = [_OPENING, _PLAN] + ([("user", reply)] if reply else [])
    batch = _run(*turns)
    reasons = [c.reason for c in batch.candidates if c.target == "decisions"]
    assert not any("plan" in r for r in reasons)


def test_items_that_only_explain_are_no_choices():
    plan = (
        "assistant",
        "My suggestion:\n"
        "- note that the pool is shared by every worker\n"
        "- set `pool_timeout = 3` on the database pool\n\n"
        "Want me to apply these?",
    )
    assert _planned(_OPENING, plan, "ok do it") == ["set `pool_timeout = 3` on the database pool"]


def test_a_list_of_alternatives_is_no_plan():
    options = (
        "assistant",
        "Two options:\n1. **Valkey** with a 15 minutes TTL\n2. **Memcached** with `-m 512`\n\n"
        "Which one do you prefer?",
    )
    batch = _run(_OPENING, options, ("user", "ok"))
    assert not any("plan" in c.reason for c in batch.candidates)


def test_a_plan_taken_up_leaves_the_choice_its_steps_carry_out_the_last_one():
    # "the migration is finished" completes the move to Vitest, not the plan's last step
    batch = _run(
        ("user", "Our test runner is slow, so we're moving the unit tests from Jest to Vitest."),
        (
            "assistant",
            "My suggestion:\n- add a `test` block to `vite.config.ts`\n"
            "- delete `jest.config.js` and `babel.config.js`\n\nWant me to apply these?",
        ),
        ("user", "ok do it"),
        ("assistant", "Done, all 212 tests pass under Vitest."),
        ("user", "great, the migration is finished."),
    )
    (done,) = [e for e in _kept(batch, "changelog") if "migration" in str(e["summary"])]
    assert "Vitest" in str(done["summary"])
    assert len(_kept(batch, "decisions", "review")) == 2


# ---- the assistant's closing summary of what the talk settled ----------------------------------

_SUMMARY_ZH = (
    "assistant",
    "那就没问题，6 x 20 = 120，还给其他服务留了足够余量。\n\n最终改动汇总：\n"
    "1. 镜像 tag 用 git short sha，`pullPolicy: IfNotPresent`；\n"
    "2. HPA 2-6 副本，CPU 目标 65%；PDB `minAvailable: 1`；\n"
    "3. 已修复 startupProbe 超时；\n"
    "4. `@nuxt/image` 推迟到下个迭代。\n\n"
    "上线前建议先在 staging 跑一次。",
)

_SUMMARY_EN = (
    "assistant",
    "All green. Summary of the agreed design:\n"
    "- JSON via Newtonsoft, wrapped in an HMAC-SHA256 envelope\n"
    "- `saveVersion` (int, starts at 1) with migrations on load\n"
    "- Restored the `allow-lb-health` firewall rule via a saved plan\n"
    "- Full suite: 42 passed\n"
    "- Internal address: `mqtts://mqtt.internal:8883`\n"
    "- You'll need to update branch protection on `main`",
)


def _summed_up(*turns: tuple[str, str]) -> list[str]:
    batch = _run(*turns)
    return [
        str(c.entry["choice"])
        for c in batch.candidates
        if c.target == "decisions" and c.action == "stored"
    ]


@pytest.mark.parametrize(
    "after",
    [[], [("user", "好 thx")], [("user", "ok, thanks!")], [("user", "特别好，别的都没问题")]],
)
def test_each_choice_of_a_closing_summary_is_a_decision(after):
    chosen = _summed_up(_OPENING_ZH, _SUMMARY_ZH, *after)
    assert chosen == [
        "镜像 tag 用 git short sha，`pullPolicy: IfNotPresent`",
        "HPA 2-6 副本，CPU 目标 65%；PDB `minAvailable: 1`",
    ]


@pytest.mark.parametrize("reply", ["great", "yes, that's right"])
def test_a_summary_leaves_out_work_done_results_addresses_and_what_is_left_to_the_person(reply):
    # "agreed design" also makes it a recap of decisions, which the reply confirms
    chosen = _summed_up(_OPENING, _SUMMARY_EN, ("user", reply))
    assert sorted(chosen) == [
        "JSON via Newtonsoft, wrapped in an HMAC-SHA256 envelope",
        "`saveVersion` (int, starts at 1) with migrations on load",
    ]


@pytest.mark.parametrize(
    "later",
    [
        # the reply changes it: the summary no longer stands as written
        [("user", "不对，HPA 最多 4 个副本")],
        # the talk went on long after it: a summary along the way, not where things landed
        [
            ("user", "ok"),
            ("assistant", "Next, the queue."),
            ("user", "sure"),
            ("assistant", "Done."),
        ],
    ],
)
def test_a_summary_objected_to_or_left_behind_decides_nothing(later):
    assert _summed_up(_OPENING_ZH, _SUMMARY_ZH, *later) == []


def test_a_summary_of_what_is_left_to_do_is_no_list_of_choices():
    todo = (
        "assistant",
        "Summary of what's left for you:\n- apply `cp.plan` from your terminal\n"
        "- rotate the `DEPLOY_TOKEN` secret",
    )
    assert _summed_up(_OPENING, todo, ("user", "thanks")) == []


@pytest.mark.parametrize(
    ("item", "kept", "gone"),
    [
        ("金额：`BIGINT` 存最小货币单位 + `currency` 字段（放弃 `DECIMAL(18,2)`）",
         "金额：`BIGINT` 存最小货币单位 + `currency` 字段", ["`DECIMAL(18,2)`"]),
        ("Sidekiq 7.3 on Redis Cloud for ActiveJob; GoodJob removed",
         "Sidekiq 7.3 on Redis Cloud for ActiveJob", ["GoodJob removed"]),
        ("HLS + AES-128，不做 DRM", "HLS + AES-128", ["不做 DRM"]),
        ("锁座从 MySQL `FOR UPDATE` 改为 Redis Lua 原子锁座", "锁座改为 Redis Lua 原子锁座",
         ["MySQL `FOR UPDATE`"]),
        ("compress cache archives with zstd level 3 instead of gzip",
         "compress cache archives with zstd level 3", ["gzip"]),
        ("Queue: NATS JetStream (not Kafka)", "Queue: NATS JetStream", ["Kafka"]),
        ("Django 4.2.11 -> 5.1.4 before 4.2 goes out of support", "Django 5.1.4 before 4.2 goes "
         "out of support", ["Django 4.2.11"]),
        ("gzip → zstd", "zstd", ["gzip"]),
        ("镜像 tag 用 git short sha，`pullPolicy: IfNotPresent`",
         "镜像 tag 用 git short sha，`pullPolicy: IfNotPresent`", []),
    ],
)  # fmt: skip
def test_an_item_keeps_its_choice_and_sets_apart_what_it_gives_up(item, kept, gone):
    assert rules.kept_and_gone(item) == (kept, gone)


def test_what_a_summary_gives_up_is_no_choice_of_it():
    summary = (
        "assistant",
        "好的，总结一下：\n- 金额：`BIGINT` 存最小货币单位（放弃 `DECIMAL(18,2)`）\n"
        "- HLS + AES-128，不做 DRM\n- 放弃：CodePush",
    )
    chosen = _summed_up(_OPENING_ZH, summary, ("user", "好的"))
    assert sorted(chosen) == ["HLS + AES-128", "金额：`BIGINT` 存最小货币单位"]


# ---- items taken up by their numbers ------------------------------------------------------------

_NUMBERED = (
    "assistant",
    "Here's what I'd change:\n"
    "1. Return 202 right away with the submission id; the page polls\n"
    "2. **Move grading to a dedicated `grading` queue** with its own worker\n"
    "3. Cache the rubric per quiz in Redis",
)


@pytest.mark.parametrize(
    ("reply", "taken"),
    [
        ("1 和 3 ok，2 先不做", [1, 3]),
        ("1 and 2 sound good, skip 3.", [1, 2]),
        ("2、3 可以", [2, 3]),
    ],
)
def test_the_items_a_reply_takes_up_by_number_are_stored_and_the_others_left_out(reply, taken):
    batch = _run(_OPENING, _NUMBERED, ("user", reply))
    items = rules.numbered_items(_NUMBERED[1])
    assert [d["choice"] for d in _kept(batch, "decisions")] == [items[n] for n in taken]
    assert items[2] == "Move grading to a dedicated `grading` queue with its own worker"


@pytest.mark.parametrize("reply", ["1 是什么意思？", "why 2?", "1 and 2 are both slow"])
def test_numbers_not_said_to_be_taken_take_nothing(reply):
    assert _kept(_run(_OPENING, _NUMBERED, ("user", reply)), "decisions") == []


@pytest.mark.parametrize(
    ("reply", "taken"),
    [("1 3 都同意，2 先不做", [1, 3]), ("三个都要。", [1, 2, 3]), ("都要", [1, 2, 3]),
     ("ok, all three", [1, 2, 3])],
)  # fmt: skip
def test_items_taken_by_numbers_in_a_row_or_all_at_once_are_stored(reply, taken):
    batch = _run(_OPENING, _NUMBERED, ("user", reply))
    items = rules.numbered_items(_NUMBERED[1])
    assert [d["choice"] for d in _kept(batch, "decisions")] == [items[n] for n in taken]


@pytest.mark.parametrize("reply", ["两个都要", "all two of them"])
def test_a_count_that_is_not_the_lists_takes_nothing(reply):
    assert _kept(_run(_OPENING, _NUMBERED, ("user", reply)), "decisions") == []


def test_an_item_written_as_a_heading_is_the_advice_under_it():
    message = (
        "按风险从高到低：\n\n**1. `image.tag: latest`**\n生产用 latest 没法回滚。建议 CI 里用 git "
        "short sha 打 tag。\n\n**2. `resources: {}`**\n没有 requests/limits。建议：\n```yaml\n"
        "resources:\n  requests: { memory: 3Gi }\n```\n\n**3. probe**\n都用 /actuator/health。"
    )
    assert rules.numbered_items(message) == {
        1: "CI 里用 git short sha 打 tag。",
        2: "resources: requests: { memory: 3Gi }",
    }  # the third advises nothing: no item


@pytest.mark.parametrize("reply", ["plan is good. go", "the plan looks fine", "方案没问题，开始吧"])
def test_a_reply_that_calls_the_plan_good_takes_it_up(reply):
    assert rules.takes_plan(reply)


@pytest.mark.parametrize("reply", ["plan is bad", "is the plan good?"])
def test_a_plan_found_wanting_or_asked_about_is_not_taken(reply):
    assert not rules.takes_plan(reply)


def test_items_taken_all_at_once_and_then_held_back_are_dropped():
    turns = [_OPENING, _NUMBERED, ("user", "ok 都做"), ("assistant", "Done."),
             ("user", "等下，第 1 个先别动，只做 2 和 3")]  # fmt: skip
    items = rules.numbered_items(_NUMBERED[1])
    assert [d["choice"] for d in _kept(_run(*turns), "decisions")] == [items[2], items[3]]


def test_a_change_undone_by_its_commit_is_turned_down():
    assert rules.named_out("那还是 fp16 吧。bf16 那个 commit revert 掉。") == ["bf16"]
