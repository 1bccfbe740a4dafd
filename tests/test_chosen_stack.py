"""The stack a choice is said with: the version it is taken at, the part it runs on.

"OK, use NATS, version 2.10, clustered" is a decision of NATS and the project's NATS 2.10;
"go with Keycloak, on Postgres 16" also says the database. Only a choice that is stored gives
the fact: one said tentatively, reversed or turned down later gives none, and when a later
choice replaces it the stack follows the final one. A choice named with no version or part is
the decision alone. The oldest version the project supports, said with the choice ("builds on
1.78 — that's our MSRV"), is a stack fact too, and the deployment target it sets ("deployment
target 改成 iOS 17.0") a setting.
"""

from __future__ import annotations

import pytest

from tests.extraction import _kept, _run, _said, _stack, _stack_said


def _reasons(*sentences: str) -> list[str]:
    batch = _run(*_said(*sentences))
    return [c.reason for c in batch.candidates if c.target == "project" and c.action == "stored"]


@pytest.mark.parametrize(
    ("sentences", "key", "value"),
    [(("We'll need a broker for the order events.", "OK, use NATS, version 2.10, clustered."),
      "queue", "NATS 2.10"),
     (("定了，缓存用 Valkey 吧。版本就用 8.0。",), "cache", "Valkey 8.0"),
     (("那消息队列就改成 RabbitMQ 吧。版本用 3.13，镜像用官方的。",), "queue", "RabbitMQ 3.13"),
     (("Let's go with Metabase for the dashboards, on Postgres 16.",), "database",
      "Postgres 16")],
)  # fmt: skip
def test_a_stored_choice_said_with_its_version_or_part_gives_the_stack(sentences, key, value):
    assert _stack_said(*sentences).get(key) == value


def test_the_fact_says_it_comes_from_the_choice():
    reasons = _reasons("OK, use NATS, version 2.10, clustered.")
    assert "the stack a choice is taken at" in reasons


@pytest.mark.parametrize(
    "sentences",
    [("OK, use NATS for the order events.",),
     ("缓存就用 Valkey 吧，部署在 k8s 里。",)],
)  # fmt: skip
def test_a_choice_named_without_a_version_gives_no_second_item(sentences):
    assert _kept(_run(*_said(*sentences)), "project") == []


@pytest.mark.parametrize(
    "sentences",
    [("Maybe we could use NATS? Version 2.10 perhaps.",),
     ("缓存要不要用 Valkey？版本用 8.0 可以吗？",)],
)  # fmt: skip
def test_a_tentative_choice_gives_no_stack(sentences):
    assert "Valkey 8.0" not in _stack_said(*sentences).values()
    assert "NATS 2.10" not in _stack_said(*sentences).values()


def test_a_choice_turned_down_later_gives_no_stack():
    stack = _stack_said("OK, use NATS, version 2.10, clustered.", "Hmm, NATS is out, ops said no.")
    assert not any("NATS" in v for v in stack.values())


def test_the_stack_follows_the_final_choice():
    stack = _stack_said(
        "消息队列就用 NATS 吧。版本用 2.10。",
        "算了，NATS 不用了，改成 RabbitMQ。版本用 3.13。",
    )
    assert stack.get("queue") == "RabbitMQ 3.13"
    assert not any("NATS" in v for v in stack.values())


def test_a_choice_left_for_review_gives_no_stack():
    turns = [
        ("user", "Broker for order events: NATS or RabbitMQ?"),
        ("assistant", "I'd use NATS. Version 2.10 is current."),
    ]
    assert not any("NATS" in v for v in _stack(*turns).values())


def test_the_msrv_named_after_its_version_with_a_choice_is_the_stack():
    said = "yes use serde with derive. just make sure it builds on 1.78 — that's our MSRV."
    assert _stack_said(said).get("rust") == "Rust 1.78"


@pytest.mark.parametrize(
    ("sentence", "value"),
    [("那就不用 SwiftData 了，换回 Core Data，deployment target 改成 iOS 17.0。", "iOS 17.0"),
     ("OK, Core Data then, and the deployment target is changed to iOS 16.4.", "iOS 16.4")],
)  # fmt: skip
def test_a_deployment_target_set_with_a_choice_is_a_setting(sentence, value):
    config: dict[str, str] = {}
    for facts in _kept(_run(*_said(sentence)), "project"):
        config |= facts.get("config", {})
    assert config.get("deployment_target") == value


def test_a_part_kept_as_the_existing_one_beside_a_choice_is_the_stack():
    stack = _stack_said(
        "后端定了用 NestJS。数据库继续用现有的 PostgreSQL 15，DBA 不想再多维护一套。"
    )
    assert stack.get("database") == "PostgreSQL 15"


def test_the_version_keeps_its_v_as_written():
    assert _stack_said("那固件就用 Zephyr 吧。版本用 v3.6。").get("firmware") == "Zephyr v3.6"


def test_a_version_said_of_another_tool_is_not_the_choices():
    stack = _stack_said("缓存就用 Redis 吧，Python 版本用 3.12。")
    assert not any(v.startswith("Redis") for v in stack.values())
    # a name the lexicon does not know, right before the word, is another tool's all the same
    assert _stack_said("R 版本是 4.3.3，项目用 renv 管理。") == {"r": "R 4.3.3"}  # not renv's
