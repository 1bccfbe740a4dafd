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
