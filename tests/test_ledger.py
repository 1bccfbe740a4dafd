"""The ledger's entries that reverse nothing: rules that choose nothing, further choices, work.

`Ledger.decide` weighs a choice against those made before; `rule`, `note` and `worked` keep an
entry beside them, and only `note` looks for the same choice made before. A later sentence
amends the last decision through `explain_last` and `detail_last`. The other candidates are
recorded through `found_one` and `found_all`, and amended through `remembered`, `moved_off`,
`changed_setting` and `without_told_commits`.
"""

from __future__ import annotations

from typing import Any

import pytest

from omp.extract.artifacts import AGENT_COMMIT
from omp.extract.candidates import TITLE_MAX, Batch, Candidate
from omp.extract.ledger import Ledger
from omp.extract.offers import Offers


class _Talk:
    """What the assistant said: nothing yet."""

    def __init__(self) -> None:
        self.recent: list[str] = []
        self.said_at = -1
        self.replies: dict[int, str] = {}


def _ledger() -> Ledger:
    return Ledger(Batch(), Offers(), _Talk())


def _decision(index: int, context: str, choice: str | None = None, **more: Any) -> Candidate:
    entry: dict[str, Any] = {"title": f"Use {choice}" if choice else context, "context": context}
    if choice is not None:
        entry["choice"] = choice
    entry.update(more)
    source = {"path": "chat.jsonl", "index": index}
    return Candidate("decisions", entry, 0.8, "a test decision", source)


def test_a_rule_that_chooses_nothing_is_kept_beside_the_choices_it_names():
    ledger = _ledger()
    redis = _decision(0, "We'll use Redis for the cache.", "Redis")
    ledger.decide(redis, reverses=False)
    forbids = _decision(2, "注意：不要用 Redis，太重了", alternatives=["Redis"])
    ruled_out = _decision(4, "no unique constraints then")
    ledger.rule(forbids)
    ledger.rule(ruled_out)
    assert ledger.decisions == [redis, forbids, ruled_out]
    assert not redis.action and not ledger.batch.candidates  # Redis is not turned down


def test_two_rules_without_a_choice_are_both_kept():
    ledger = _ledger()
    first, second = _decision(1, "No mocking redis"), _decision(3, "No force pushes")
    ledger.rule(first)
    ledger.rule(second)
    assert ledger.decisions == [first, second]


def test_a_further_choice_reverses_nothing_and_is_not_made_twice():
    ledger = _ledger()
    sentence = "Postgres for the data, and Redis for the cache."
    postgres = _decision(2, sentence, "PostgreSQL")
    ledger.decide(postgres, reverses=False)
    redis = _decision(2, sentence, "Redis")
    ledger.note(redis)
    again = _decision(5, "Keep the sessions in redis too.", "redis")
    ledger.note(again)  # chosen already, whatever the case
    assert ledger.decisions == [postgres, redis]
    assert not postgres.action and "alternatives" not in redis.entry


def test_the_choices_finished_work_states_are_kept_as_they_are():
    ledger = _ledger()
    queue = _decision(0, "Let's use RabbitMQ for the queue.", "RabbitMQ")
    ledger.decide(queue, reverses=False)
    switched = _decision(6, "Switch product search to pg_trgm", "pg_trgm")
    ledger.worked([switched])
    ledger.worked([])
    assert ledger.decisions == [queue, switched]


def test_a_reason_given_next_becomes_the_last_decisions_rationale_once():
    ledger = _ledger()
    mongo = _decision(0, "用 Postgres，不用 Mongo", "Postgres", alternatives=["Mongo"])
    ledger.decide(mongo, reverses=False)
    ledger.explain_last("Mongo 的事务太弱了")
    ledger.explain_last("Mongo 也太贵了")  # the first reason given stays
    assert mongo.entry["rationale"] == "Mongo 的事务太弱了"


def test_a_reason_does_not_replace_the_one_the_choice_gave():
    ledger = _ledger()
    redis = _decision(0, "Use Redis, it is fast", "Redis", rationale="it is fast")
    queue = _decision(2, "Use RabbitMQ for the queue", "RabbitMQ")
    ledger.decide(redis, reverses=False)
    ledger.decide(queue, reverses=False)
    ledger.explain_last("Kafka is too heavy for us")
    assert redis.entry["rationale"] == "it is fast"  # only the last decision is explained
    assert queue.entry["rationale"] == "Kafka is too heavy for us"


def test_details_said_next_join_the_last_decisions_title():
    ledger = _ledger()
    i18n = _decision(0, "就用 vue-i18n", "vue-i18n", title="采用 vue-i18n")
    ledger.decide(i18n, reverses=False)
    ledger.detail_last(["默认语言 zh-CN"])
    ledger.detail_last(["fallback 用 en"])
    assert i18n.entry["title"] == "采用 vue-i18n：默认语言 zh-CN；fallback 用 en"
    assert i18n.entry["choice"] == "vue-i18n"


def test_details_keep_the_title_within_its_length():
    ledger = _ledger()
    pg = _decision(0, "We'll use Postgres.", "Postgres")
    ledger.decide(pg, reverses=False)
    ledger.detail_last(["pool size 20", "x" * 300])
    assert len(pg.entry["title"]) == TITLE_MAX
    assert pg.entry["title"].startswith("Use Postgres: pool size 20; x")


def test_a_choice_named_only_at_the_opening_is_held_for_review():
    ledger = _ledger()
    ddp = _decision(0, "现在用的是 DDP", "DDP")
    xarray = _decision(0, "用 xarray 读数据", "xarray")
    for c in (ddp, xarray):
        ledger.introduce(c)
        ledger.decide(c, reverses=False)
    ledger.decide(_decision(3, "对，还是用 xarray", "xarray"), reverses=False)  # named again
    ledger.hold_introduced("named while the project is introduced", 0.5)
    assert (ddp.reason, ddp.confidence) == ("named while the project is introduced", 0.5)
    assert (xarray.reason, xarray.confidence) == ("a test decision", 0.8)
    assert ledger.decisions == [ddp, xarray]


def test_the_sentence_each_candidate_was_found_in_is_kept():
    ledger = _ledger()
    first = Candidate("project", {"config": {"zero": 3}}, 0.8, "a setting", {"index": 1})
    path = Candidate("project", {"paths": {"ds": "configs/ds_z3.json"}}, 0.8, "a path", {})
    ledger.found_one(first)
    ledger.read_in("I set up DeepSpeed ZeRO-3.", 0)
    ledger.found_one(path)
    ledger.read_in("config is at configs/ds_z3.json", 1)
    assert ledger.said_in == {
        id(first): "I set up DeepSpeed ZeRO-3.",
        id(path): "config is at configs/ds_z3.json",
    }


def _fact(index: int, entry: dict[str, Any], reason: str = "a test fact") -> Candidate:
    return Candidate("project", entry, 0.7, reason, {"path": "chat.jsonl", "index": index})


def test_candidates_found_are_recorded_in_the_order_they_are_found():
    ledger = _ledger()
    port = _fact(0, {"config": {"port": "5433"}})
    plan = [_fact(2, {"paths": {"migrations": "db/migrations"}}), _fact(2, {"config": {"a": 1}})]
    ledger.found_one(port)
    ledger.found_all(plan)
    ledger.found_all([])
    assert ledger.found == [port, *plan]
    assert not ledger.decisions  # nothing found is a decision


def test_asking_to_remember_makes_only_the_candidates_of_that_message_surer():
    ledger = _ledger()
    earlier = _fact(0, {"config": {"port": "5433"}})
    kept = _fact(2, {"config": {"region": "eu-west-1"}})
    sure = Candidate("user", {"text": "I like tabs", "kind": "style"}, 0.9, "personal style", {})
    ledger.found_all([earlier, kept, sure])
    ledger.remembered(1)
    assert (earlier.confidence, earlier.reason) == (0.7, "a test fact")
    assert kept.confidence == pytest.approx(0.8)
    assert kept.reason == "a test fact; asked to remember"
    assert sure.confidence == 0.95  # no surer than that


def test_moving_off_a_tool_drops_it_from_the_stack_found_since():
    ledger = _ledger()
    before = _fact(0, {"tech_stack": {"proxy": "Traefik"}})
    both = _fact(3, {"tech_stack": {"proxy": "Traefik 2.10", "db": "PostgreSQL 16"}})
    alone = _fact(3, {"tech_stack": {"proxy": "traefik"}})
    ledger.found_all([before, both, alone])
    ledger.moved_off({"traefik"}, 1)
    assert before.entry == {"tech_stack": {"proxy": "Traefik"}}  # said before the message
    assert both.entry == {"tech_stack": {"db": "PostgreSQL 16"}}
    assert ledger.found == [before, both]  # a fact left with nothing is dropped


def test_a_value_changed_to_goes_to_the_last_setting_found_in_reach():
    ledger = _ledger()
    old = _fact(0, {"config": {"upload_limit": "10MB"}})
    limit = _fact(4, {"config": {"retention": "180 天", "upload_limit": "20MB"}})
    stack = _fact(5, {"tech_stack": {"db": "PostgreSQL"}})  # no settings: passed over
    ledger.found_all([old, limit, stack])
    ledger.changed_setting("50MB", 3)
    assert limit.entry["config"] == {"retention": "180 天", "upload_limit": "50MB"}
    assert old.entry["config"] == {"upload_limit": "10MB"}
    ledger.changed_setting("64MB", 5)  # nothing found from message 5 on has settings
    assert limit.entry["config"]["upload_limit"] == "50MB"


def test_work_told_with_the_sha_of_a_commit_git_made_is_left_out():
    ledger = _ledger()
    commit = Candidate(
        "changelog", {"type": "fix", "summary": "fix flaky test", "ref": "3b9e1f2"}, 0.9,
        AGENT_COMMIT, {"index": 4},
    )  # fmt: skip
    told = Candidate("changelog", {"type": "fix", "summary": "Fixed it (3b9e1f2)"}, 0.8, "done", {})
    other = Candidate("changelog", {"type": "feat", "summary": "Added login"}, 0.8, "done", {})
    ledger.found_all([commit, told, other])
    ledger.without_told_commits()
    assert ledger.found == [commit, other]
