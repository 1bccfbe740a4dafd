"""English sentences a developer types to a coding assistant, read by the extraction rules (4).

Terse choices ("For auth, Clerk."), the option a choice is set against ("rather … than",
"let's not use X,"), replies to the assistant's options and plans, and facts said plainly: a
part that "will be" a name, a stack set against another ("…, not lerna"), the project's name,
its branches and its dotenv file.
"""

from __future__ import annotations

from typing import Any

import pytest

from omp import rules
from tests.test_extract import _kept, _run
from tests.test_extract_en_probes2 import _said


def _choices(*sentences: str) -> list[tuple[str, list[str]]]:
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(_run(*_said(*sentences)), "decisions")
    ]


def _facts(*sentences: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for facts in _kept(_run(*_said(*sentences)), "project"):
        for section, values in facts.items():
            if isinstance(values, dict):
                merged.setdefault(section, {}).update(values)
            else:
                merged[section] = values
    return merged


def _people(*sentences: str) -> list[dict[str, Any]]:
    return _kept(_run(*_said(*sentences)), "user")


# ---- a part, then the name chosen for it ----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("For auth, Clerk. Don't roll our own.", "Clerk", []),
        ("For the queue, SQS, not RabbitMQ.", "SQS", ["RabbitMQ"]),
        ("ok, for caching: Redis.", "Redis", []),
        ("For the backend, Go.", "Go", []),
    ],
)
def test_a_part_then_a_known_name_is_a_choice(sentence, choice, alternatives):
    assert _choices(sentence) == [(choice, alternatives)]


@pytest.mark.parametrize(
    "sentence",
    [
        "For example, Redis.",
        "For now, SQLite.",
        "For context, Postgres.",
        "For simplicity, SQLite.",
        "For the queue, something managed.",  # no name
        "For the queue, maybe SQS?",
    ],
)
def test_an_aside_or_no_name_after_for_is_no_choice(sentence):
    assert _choices(sentence) == []


# ---- the option a choice is set against -----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("I'd rather use Redis than Postgres for sessions.", "Redis", ["Postgres"]),
        ("Let's not use Redux, Zustand is enough.", "Zustand", ["Redux"]),
        ("Don't use Moment; use date-fns.", "date-fns", ["Moment"]),
        # an action is not an option: nothing is turned down
        ("I'd rather use Litestream than set up replication by hand.", "Litestream", []),
    ],
)
def test_the_option_turned_down_beside_a_choice_is_its_alternative(sentence, choice, alternatives):
    assert _choices(sentence) == [(choice, alternatives)]


# ---- a preference stays the person's, even for this repo ------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "I prefer Vitest over Jest.",
        "I prefer tabs over spaces in my editor.",
        # the labelling rules keep "I prefer …" the person's, whatever it is for
        "I prefer server actions over API routes for all mutations in this app.",
    ],
)
def test_a_preference_stays_the_persons(sentence):
    assert _choices(sentence) == []
    assert [p["kind"] for p in _people(sentence)] == ["preference"]


# ---- a rule for every part of a kind --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        (
            "Going forward, every endpoint returns errors as RFC 7807 problem details.",
            "Every endpoint returns errors as RFC 7807 problem details",
        ),
        (
            "From now on all services emit OpenTelemetry traces.",
            "All services emit OpenTelemetry traces",
        ),
    ],
)
def test_a_rule_for_every_part_going_forward_is_a_decision(sentence, title):
    assert [d["title"] for d in _kept(_run(*_said(sentence)), "decisions")] == [title]


def test_what_every_part_does_now_is_no_rule():
    assert _choices("All three endpoints return 500 right now.") == []


# ---- the stack, said plainly ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("we use pnpm for the monorepo, not lerna.", "package_manager", "pnpm"),
        ("We use Postgres, not MySQL.", "database", "Postgres"),
        ("The queue will be SQS.", "queue", "SQS"),
        ("Deploys happen via ArgoCD from the infra repo.", "deploy_tooling", "ArgoCD"),
    ],
)
def test_a_stack_said_plainly_or_against_another_is_a_fact(sentence, role, name):
    assert _facts(sentence).get("tech_stack", {}).get(role) == name


@pytest.mark.parametrize(
    "sentence",
    [
        "We don't use Redis, not anymore.",
        "We use neither Redis nor Memcached.",
        "It's not Postgres, it's a file.",
    ],
)
def test_a_stack_said_in_the_negative_is_no_fact(sentence):
    stack = _facts(sentence).get("tech_stack", {})
    assert "database" not in stack and "cache" not in stack


# ---- the project's name, branches and dotenv file -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "name"),
    [("The app is called Fernweh.", "Fernweh"), ("The project's name is tidewatch.", "tidewatch")],
)
def test_the_name_of_the_app_said_outright_is_the_projects_name(sentence, name):
    assert _facts(sentence).get("project", {}).get("name") == name


@pytest.mark.parametrize(
    "sentence",
    [
        "This tool is called ripgrep.",  # a tool may be anyone's
        "The service named billing-worker keeps crashing.",
        "Is the app called Fernweh?",
    ],
)
def test_a_tool_a_part_or_a_question_names_no_project(sentence):
    assert "name" not in _facts(sentence).get("project", {})


@pytest.mark.parametrize(
    ("sentence", "branches"),
    [
        ("The main branch is `trunk`, not main.", {"main_branch": "trunk"}),
        (
            "我们的主分支是 trunk，发布分支是 release/2.x。",
            {"main_branch": "trunk", "release_branch": "release/2.x"},
        ),
        ("OK, the default branch is develop.", {"default_branch": "develop"}),
    ],
)
def test_a_branch_named_by_its_role_is_a_setting(sentence, branches):
    config = _facts(sentence).get("config", {})
    assert {k: v for k, v in config.items() if k.endswith("_branch")} == branches


@pytest.mark.parametrize(
    "sentence",
    [
        "The release branch is cut every Friday.",
        "The default branch isn't main, it's develop.",
        "Should the main branch be trunk?",
    ],
)
def test_what_happens_to_a_branch_or_a_doubt_names_none(sentence):
    config = _facts(sentence).get("config", {})
    assert not [k for k in config if k.endswith("_branch")]


@pytest.mark.parametrize(
    ("sentence", "path"),
    [
        ("Env vars are in .env.local, never commit it.", ".env.local"),
        ("Secrets are in .env.", ".env"),
    ],
)
def test_the_dotenv_file_the_person_names_is_a_path(sentence, path):
    assert _facts(sentence).get("paths", {}).get("env") == path


# ---- replies to the assistant's options and plans -------------------------------------------

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


@pytest.mark.parametrize(
    "sentence", ["pick a date library", "choose something lightweight", "pick any ORM you like"]
)
def test_asking_to_pick_a_kind_of_thing_chooses_nothing(sentence):
    assert _choices(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Start with Postgres FTS, we can add Meilisearch later if needed.", "Postgres FTS"),
        ("ok, start with SQLite.", "SQLite"),
    ],
)
def test_starting_with_a_named_technology_is_a_choice(sentence, choice):
    assert [c for c, _ in _choices(sentence)] == [choice]


@pytest.mark.parametrize("sentence", ["Start with the tests.", "start with the login page"])
def test_starting_with_a_piece_of_work_is_no_choice(sentence):
    assert _choices(sentence) == []


# ---- a report after "Done —" ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "kind", "summary"),
    [
        (
            "Done — I've added rate limiting to the login endpoint using express-rate-limit.",
            "feat",
            "Added rate limiting to the login endpoint using express-rate-limit",
        ),
        (
            "All done: migrated the users table to UUIDs.",
            "refactor",
            "Migrated the users table to UUIDs",
        ),
    ],
)
def test_the_report_after_done_is_read_as_a_report_of_its_own(sentence, kind, summary):
    assert rules.finished_work(sentence) == rules.Work(kind, summary, None, True)


# ---- a change of mind -----------------------------------------------------------------------


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


# ---- terse answers to a question of options -------------------------------------------------

_BILLING = ("user", "hello, starting on the billing service today.")


def _answered(question: str, reply: str) -> list[tuple[str, list[str]]]:
    batch = _run(_BILLING, ("assistant", question), ("user", reply))
    return [(d["title"], list(d.get("alternatives", []))) for d in _kept(batch, "decisions")]


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


@pytest.mark.parametrize(
    ("sentence", "choice", "alternatives"),
    [
        ("MySQL is out; go Postgres.", "Postgres", ["MySQL"]),
        ("Let's make Postgres the default database.", "Postgres", []),
    ],
)
def test_go_x_and_making_x_the_default_are_choices(sentence, choice, alternatives):
    assert _choices(sentence) == [(choice, alternatives)]


@pytest.mark.parametrize("sentence", ["go home, it is late.", "ok go ahead.", "Go Team!"])
def test_go_without_a_known_name_chooses_nothing(sentence):
    assert _choices(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "role", "name"),
    [
        ("The invoices PDFs are generated with WeasyPrint.", "pdf", "WeasyPrint"),
        ("Our invoice service renders PDFs inline with WeasyPrint.", "pdf", "WeasyPrint"),
        ("Emails are sent via SendGrid.", "email", "SendGrid"),
    ],
)
def test_what_a_part_does_its_work_with_is_a_fact(sentence, role, name):
    assert _facts(sentence).get("tech_stack", {}).get(role) == name


@pytest.mark.parametrize(
    "sentence", ["The report is generated with a script.", "Are PDFs rendered with WeasyPrint?"]
)
def test_work_done_with_no_known_name_or_asked_is_no_fact(sentence):
    assert "pdf" not in _facts(sentence).get("tech_stack", {})


# ---- ways of doing things, and rules said as how things are kept ------------------------------


@pytest.mark.parametrize(
    ("sentence", "title"),
    [
        (
            "Ok so for the retry logic let's use exponential backoff with jitter, max 5 attempts.",
            "Use exponential backoff with jitter",
        ),
        (
            "let's use optimistic locking for the stock counter.",
            "Use optimistic locking for stock counter",
        ),
        (
            "I think we should keep the API stateless and put sessions in Redis.",
            "Keep the API stateless",
        ),
        (
            "Money is stored as integer cents everywhere, never floats.",
            "Money is stored as integer cents",
        ),
        ("Timestamps are always stored in UTC everywhere.", "Timestamps are always stored in UTC"),
    ],
)
def test_a_way_of_doing_things_we_agree_on_is_a_decision(sentence, title):
    assert [d["title"] for d in _kept(_run(*_said(sentence)), "decisions")] == [title]


@pytest.mark.parametrize(
    "sentence",
    [
        "Let's use grep to find the callers.",  # a tool for a step
        "Let's use the staging DB for this.",  # an instance, not a way
        "Let's use more logging here.",
        "let's use print statements to debug",
        "Let's keep it simple.",
        "It is stored as JSON everywhere.",
        "Is money stored as cents everywhere?",
    ],
)
def test_a_step_a_platitude_or_a_question_is_no_decision(sentence):
    assert _choices(sentence) == []


# ---- votes, "let's go X", answers led by the option, and turning down a name -----------------


@pytest.mark.parametrize(
    ("sentence", "title", "alternatives"),
    [
        (
            "My vote is Drizzle over Prisma, the generated client is too heavy for edge functions.",
            "Use Drizzle",
            ["Prisma"],
        ),
        ("Let's go Terraform instead of clicking around in the console.", "Use Terraform", []),
        ("Alright, Playwright for e2e it is.", "Use Playwright for e2e", []),
    ],
)
def test_a_vote_or_let_s_go_x_is_a_choice_titled_without_its_reasons(sentence, title, alternatives):
    decided = _kept(_run(*_said(sentence)), "decisions")
    assert [(d["title"], d.get("alternatives", [])) for d in decided] == [(title, alternatives)]


def test_an_answer_led_by_an_offered_option_picks_it_against_the_other():
    batch = _run(
        _BILLING,
        ("assistant", "Would you prefer Celery or Dramatiq?"),
        ("user", "Dramatiq, Celery's config is a mess."),
    )
    decided = _kept(batch, "decisions")
    assert [(d["title"], d.get("alternatives")) for d in decided] == [("Use Dramatiq", ["Celery"])]


def test_turning_down_a_name_spares_a_choice_that_only_contains_it():
    # "npm" is inside "pnpm": turning npm down keeps pnpm
    assert _choices("Use pnpm. Not npm, not yarn.") == [("pnpm", [])]


# ---- how the person wants the assistant to work, and their machine ---------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Please always answer in English, even if I write in Chinese.",
        "Show me the diff before you apply anything.",
        "I'm on macOS with an M2, fish shell.",
    ],
)
def test_how_the_person_works_is_theirs(sentence):
    assert [p["kind"] for p in _people(sentence)] == ["preference"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Show me the file.",
        "I'm on Linux too, same error.",
        "I'm on Windows and it crashes.",
        "I'm on a deadline.",
    ],
)
def test_a_request_once_or_trouble_on_a_machine_is_no_preference(sentence):
    assert _people(sentence) == []


def test_turning_down_a_part_of_a_camel_case_name_drops_it():
    batch = _run(
        *_said("那先用 fallbackToDestructiveMigration 吧，今晚先发个热修"),
        ("assistant", "好的。"),
        ("user", "等等，不行。不要 destructive，写一个 MIGRATION_5_6 吧。"),
    )
    assert [d["choice"] for d in _kept(batch, "decisions", "dropped")] == [
        "fallbackToDestructiveMigration"
    ]
