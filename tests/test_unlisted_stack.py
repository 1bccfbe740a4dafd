"""Names no lexicon knows, taken as tools when the sentence says what part of the system they are.

The lexicon of technologies can never be complete; "DB is Quillbase" or "we use Kestrelauth for
auth" says by its noun what the name is, so a name that looks like a product counts there. A noun
with no name after it ("the database is slow") or a name that is no product names nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from omp import rules
from tests.extraction import _kept, _run, _said


def _stack(sentence: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for facts in _kept(_run(*_said(sentence)), "project"):
        found |= facts.get("tech_stack", {})
    return found


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [("DB is Quillbase.", "database", "Quillbase"),
     ("Our database is Quillbase 3 and the cache is Redis 7.", "database", "Quillbase 3"),
     ("The queue is Kestrelmq, the ORM is Prisma.", "queue", "Kestrelmq"),
     ("Search is handled by Ostrava.", "search", "Ostrava"),
     ("Our ORM is Drizzlet.", "orm", "Drizzlet"),
     ("We use Kestrelauth for auth.", "auth", "Kestrelauth"),
     ("We use Plumeta 2.1 for analytics.", "analytics", "Plumeta 2.1")],
)  # fmt: skip
def test_an_unlisted_name_in_the_slot_of_a_named_part_is_stored_under_that_part(
    sentence, key, value
):
    assert not rules.technologies(value)  # the point: a name the lexicon does not know
    assert _stack(sentence).get(key) == value


def test_a_known_name_in_the_slot_keeps_its_own_role():
    assert _stack("Our database is Quillbase and the cache is Valkey 8.") == {
        "database": "Quillbase",
        "cache": "Valkey 8",
    }


@pytest.mark.parametrize(
    "sentence",
    ["The database is slow today.",
     "The backend is Bob's code, don't touch it.",
     "Our database is Down again.",
     "We use Quillnote for docs.",  # docs: no part of the system (a known wiki keeps its role)
     "Is the DB Quillbase?",
     "The database is Huge, like 2TB.",
     "search is Slow.",
     "We use Excel for payments tracking.",
     "Maybe the queue is Kestrelmq, not sure.",
     # a protocol's setting is no product ("publish with QoS 2")
     "服务端发布用 QoS 2，但固件订阅时只用 QoS 1"],
)  # fmt: skip
def test_a_part_named_without_a_product_after_it_stores_nothing(sentence):
    assert _stack(sentence) == {}


@pytest.mark.parametrize(
    ("sentence", "choice", "part"),
    [("Switch the event store to Quillbase.", "Quillbase", "event store"),
     ("Migrate auth to Kestrelauth.", "Kestrelauth", "auth"),
     ("move uploads to Tigrisfs, S3 is too pricey", "Tigrisfs", "uploads")],
)  # fmt: skip
def test_a_part_moved_onto_an_unlisted_name_is_a_choice_of_it(sentence, choice, part):
    d = rules.decision(sentence)
    assert d is not None and (d.choice, d.purpose) == (choice, part)


@pytest.mark.parametrize(
    "sentence", ["Move the meeting to Friday.", "switch the button to Primary style"]
)
def test_moving_what_is_no_part_of_the_system_chooses_nothing(sentence):
    assert rules.decision(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "found"),
    [("我们数据库是 Quillbase，缓存用的阿里云 Kestrelcache。",
      {"database": "Quillbase", "cache": "阿里云 Kestrelcache"}),
     ("数据库是 Quillbase 3。", {"database": "Quillbase 3"})],
)  # fmt: skip
def test_a_chinese_part_named_with_an_unlisted_name_is_stored_under_the_part(sentence, found):
    assert _stack(sentence) == found


def test_an_unlisted_name_for_a_part_in_a_list_and_a_qualified_part_give_the_stack():
    assert _stack("We're on Laravel 11 with Octane, MySQL 8 and Quillqueue for queues.")[
        "queue"
    ] == ("Quillqueue")
    assert _stack("Our Rust service uses axum 0.7 and sqlx with Postgres.")["orm"] == "sqlx"
