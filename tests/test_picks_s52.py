"""What session 52's probes found of picks, read by the extraction rules.

An either-or question names an option with the word that says it is used alone ("flask-migrate
or plain alembic?") or says what the options are for ("Room or SQLDelight for the local db?");
a reply picks an offered name after "ok" or "and yes", and gives its reason after it ("… so
support can change it"); a reply that picks and asks the next question in one message picks
from the question before it.
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract_en_probes2 import _choices

# ---- either-or questions with a qualifier or a purpose ---------------------------------------


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("flask-migrate or plain alembic?", ["flask-migrate", "plain alembic"]),
        ("Room or SQLDelight for the local db?", ["room", "sqldelight"]),
        ("we have no tests yet. vitest or jest for the unit tests?", ["vitest", "jest"]),
        ("vanilla js or htmx?", ["vanilla js", "htmx"]),
    ],
)
def test_an_either_or_question_with_a_qualifier_or_a_purpose_offers_both(question, options):
    assert rules.asked_options(question) == options


@pytest.mark.parametrize(
    "question", ["should we ship it now or later for the release?", "is this or that for the api?"]
)
def test_times_and_pointers_are_no_options(question):
    assert rules.asked_options(question) == []


def test_the_reply_picks_the_qualified_option_over_the_other():
    turns = [("user", "tables are created with db.create_all(). flask-migrate or plain alembic?"),
             ("assistant", "Both use Alembic underneath; plain Alembic runs without the app."),
             ("user", "plain alembic. put it under migrations/ at the repo root")]  # fmt: skip
    assert _choices(*turns) == [("plain alembic", ["flask-migrate"])]


# ---- a pick after "ok" or "and yes", with its reason after it -------------------------------


@pytest.mark.parametrize(
    ("sentence", "picked"),
    [
        ("ok room then, most examples and im learning.", "room"),
        ("and yes django-celery-beat so support can change the schedule in admin.",
         "django-celery-beat"),
        ("yeah, sqldelight since we want KMP later", "sqldelight"),
        ("Room because the docs are better", "room"),
    ],
)  # fmt: skip
def test_a_reply_opening_with_an_offered_name_after_a_word_of_assent_picks_it(sentence, picked):
    offered = ["room", "sqldelight", "django-celery-beat"]
    assert rules.leading_name(sentence, offered) == picked


@pytest.mark.parametrize(
    "sentence",
    ["ok so what does room give us over sqlite?", "and room is slower, isn't it", "no room"],
)
def test_a_reply_talking_about_an_offered_name_picks_nothing(sentence):
    assert rules.leading_name(sentence, ["room", "sqldelight"]) is None


def test_a_second_offered_name_picked_in_the_same_reply_is_a_decision_too():
    turns = [("user", "move the reminders to celery beat"),
             ("assistant", "1. Static `CELERY_BEAT_SCHEDULE` vs. **django-celery-beat** "
                           "(schedules in the DB). 2. Moving the broker to **RabbitMQ**."),
             ("user", "no, keep redis. and yes django-celery-beat so support can change the "
                      "schedule in admin.")]  # fmt: skip
    assert "django-celery-beat" in [c for c, _ in _choices(*turns)]


# ---- a pick and the next question in one message -------------------------------------------


def test_a_message_that_picks_and_asks_the_next_question_picks_from_the_last_one():
    turns = [("user", "building an offline-first notes app. Room or SQLDelight for the local db?"),
             ("assistant", "Both are solid. For the most Android examples, Room."),
             ("user", "ok room then, most examples. for DI hilt or koin?"),
             ("assistant", "Hilt is the standard path; Koin is simpler."),
             ("user", "hilt it is.")]  # fmt: skip
    assert _choices(*turns) == [("Room", ["SQLDelight"]), ("hilt", ["koin"])]


# ---- an offered part named, then the way picked for it -------------------------------------


def test_a_part_named_before_a_colon_heads_the_way_picked_for_it():
    turns = [("user", "3 tables without PK: events_raw, audit_log_2019, tmp_imports. what now"),
             ("assistant", "Options per table:\n\n- **events_raw**: add a PK, or `REPLICA IDENTITY "
                           "FULL`.\n- **audit_log_2019**: archive.\n- **tmp_imports**: drop it."),
             ("user", "events_raw: replica identity full then, its append only.")]  # fmt: skip
    assert [c for c, _ in _choices(*turns)] == ["replica identity full"]


@pytest.mark.parametrize("sentence", ["events_raw: replica identity full", "events_raw: hmm"])
def test_an_offered_name_heading_what_follows_is_no_pick(sentence):
    assert rules.leading_name(sentence, ["events_raw", "tmp_imports"]) is None


def test_a_known_name_before_a_colon_is_picked_for_the_reason_after_it():
    assert rules.leading_name("sqlc: less magic than gorm", ["sqlc", "gorm"]) == "sqlc"


# ---- a list of options under "Options:" ----------------------------------------------------

_OPTIONS = """Container filesystems on Fly are ephemeral. Options:

- **SQLite on a Fly volume**: mount it at `/data`. Simple, single machine only.
- **LiteFS** if you later need replicas.
"""


def test_a_list_under_options_offers_its_bold_heads():
    assert rules.offered_bullets(_OPTIONS) == ["SQLite on a Fly volume", "LiteFS"]


def test_a_list_of_steps_offers_nothing():
    steps = "Next steps:\n\n- **Create the volume**: run it.\n- **Deploy** again after that.\n"
    assert rules.offered_bullets(steps) == []


def test_a_reply_naming_a_listed_option_picks_it_over_the_others():
    turns = [("user", "where do I keep the data? right now it's a sqlite file in the container"),
             ("assistant", _OPTIONS),
             ("user", "sqlite on a volume, mounted at /data. maybe litefs later")]  # fmt: skip
    assert _choices(*turns)[0] == ("SQLite on a Fly volume", ["LiteFS"])


def test_what_an_offered_topic_is_kept_as_is_no_pick_of_it():
    assert rules.leading_name("and amounts as decimal strings, no floats", ["amounts"]) is None
