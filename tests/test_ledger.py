"""The ledger's entries that reverse nothing: rules that choose nothing, further choices, work.

`Ledger.decide` weighs a choice against those made before; `rule`, `note` and `worked` keep an
entry beside them, and only `note` looks for the same choice made before.
"""

from __future__ import annotations

from typing import Any

from omp.extract.candidates import Batch, Candidate
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
