"""English sentences a developer types to a coding assistant, read by the extraction rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_omp
from tests.test_extract import _kept, _run

_OPENING = ("user", "Picking the project back up from yesterday.")
_READY = ("assistant", "Sure, where do you want to start?")


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def _stack(*sentences: str) -> dict[str, str]:
    stack: dict[str, str] = {}
    for facts in _kept(_run(*_said(*sentences)), "project"):
        stack |= facts.get("tech_stack", {})
    return stack


# ---- where each part of the project is hosted -------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "hosting"),
    [
        (
            "The frontend is on Vercel and the API on Fly.io.",
            {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"},
        ),
        (
            "We host the web app on Netlify, the backend on Render.",
            {"web_app_hosting": "Netlify", "backend_hosting": "Render"},
        ),
        (
            "Our dashboard is hosted on Vercel and the worker runs on Railway.",
            {"dashboard_hosting": "Vercel", "worker_hosting": "Railway"},
        ),
        (
            "The marketing site is on Netlify; the API is deployed to Fly.io.",
            {"marketing_site_hosting": "Netlify", "api_hosting": "Fly.io"},
        ),
        (
            "Frontend on Vercel, API on Fly.io.",
            {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"},
        ),
        (
            "The admin dashboard runs on Railway and the docs are on GitHub Pages.",
            {"admin_dashboard_hosting": "Railway", "docs_hosting": "GitHub Pages"},
        ),
        (
            "We deploy the frontend to Vercel and the backend to AWS ECS.",
            {"frontend_hosting": "Vercel", "backend_hosting": "AWS"},
        ),
        (
            "Our backend runs in AWS Lambda and the frontend sits on Cloudflare Pages.",
            {"backend_hosting": "AWS Lambda", "frontend_hosting": "Cloudflare Pages"},
        ),
        ("The staging API is on Render.", {"staging_api_hosting": "Render"}),
    ],
)
def test_each_part_keeps_its_own_hosting_when_a_sentence_names_two(sentence, hosting):
    stack = _stack(sentence)
    assert {k: v for k, v in stack.items() if k.endswith("hosting")} == hosting


def test_parts_hosted_in_two_sentences_keep_their_own_hosting():
    stack = _stack("The frontend is on Vercel.", "The API is on Fly.io.")
    assert stack == {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"}


def test_the_framework_named_with_a_part_stays_beside_where_it_runs():
    stack = _stack("Our Next.js frontend is on Vercel and the Go API runs on Fly.io.")
    assert stack["frontend"] == "Next.js"
    assert stack["frontend_hosting"] == "Vercel"
    assert stack["api_hosting"] == "Fly.io"
    assert "hosting" not in stack


def test_the_whole_app_hosted_somewhere_is_the_projects_hosting():
    assert _stack("Our app is hosted on Vercel.") == {"hosting": "Vercel"}


@pytest.mark.parametrize(
    "sentence",
    [
        "We're moving the API from Heroku to Fly.io next month.",
        "Their frontend is on Vercel.",
        "Should the API be on Fly.io?",
        "Maybe the backend on Render.",
        "The frontend is not on Vercel.",
        "The API used to be on Heroku.",
    ],
)
def test_a_move_a_question_a_doubt_or_another_teams_part_gives_no_part_hosting(sentence):
    assert not any(k.endswith("_hosting") for k in _stack(sentence))


# ---- requirements the person sets -----------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        (
            "I want the API to return errors as RFC 7807 problem JSON.",
            "The API should return errors as RFC 7807 problem JSON",
        ),
        ("We need every endpoint to be idempotent.", "Every endpoint must be idempotent"),
        ("I want all timestamps stored in UTC.", "All timestamps should be stored in UTC"),
        (
            "We need all endpoints to require authentication.",
            "All endpoints must require authentication",
        ),
        ("I want every commit signed.", "Every commit should be signed"),
        (
            "I'd like all API errors to include a request_id field, so we can trace them.",
            "All API errors should include a request_id field",
        ),
        (
            "I want our CLI to always exit non-zero on errors.",
            "Our CLI should always exit non-zero on errors",
        ),
        (
            "We need no service to talk to another service's database.",
            "No service should talk to another service's database",
        ),
    ],
)
def test_a_requirement_the_person_sets_is_a_decision_titled_by_itself(sentence, rule):
    (d,) = _kept(_run(*_said(sentence)), "decisions")
    assert d["title"] == rule
    assert d["choice"] == rule


@pytest.mark.parametrize(
    "sentence",
    [
        "I want you to explain how the cache works.",
        "I need a quick fix for the login bug.",
        "Do we need every endpoint to be idempotent?",
        "I want to understand why the build fails.",
        "I need all tests to pass before you commit.",
        "I want all the lint errors fixed.",
        "We need the staging DB migrated to Postgres 16.",
        "I need the PR merged by Friday.",
        "I want the page to look nicer.",
        "We need the tests to be green again.",
        "I need the script to run faster.",
        "I want the output to be JSON.",
        "I want all the buttons to be blue.",
        "I need the CSV export to include the VAT column.",
        "i need the endpoint to return 201 instead of 200",
        "Eventually I want all services to use gRPC.",
        "If we need every endpoint to be idempotent, we'd need a key table.",
    ],
)
def test_a_wish_about_the_reply_a_task_or_a_question_is_no_requirement(sentence):
    assert _kept(_run(*_said(sentence)), "decisions") == []


# ---- "let's start with X" ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "choice"),
    [
        ("Let's start with SQLite.", "SQLite"),
        ("We'll start with SQLite and move to Postgres later.", "SQLite"),
        ("Let's start with SQLite for now and maybe move to Postgres later.", "SQLite"),
        ("We'll start with Redis for the queue.", "Redis"),
        ("Let's start with Stripe Checkout, we can do custom forms later.", "Stripe Checkout"),
        ("OK, we'll start with Postgres 16 on RDS and add read replicas later.", "Postgres 16"),
    ],
)
def test_starting_with_a_technology_chooses_it_and_not_the_one_for_later(sentence, choice):
    (d,) = _kept(_run(*_said(sentence)), "decisions")
    assert d["choice"] == choice
    assert "postgres" not in " ".join(d.get("alternatives", [])).lower()


@pytest.mark.parametrize(
    "sentence",
    [
        "Let's start with the tests.",
        "Let's start with the login page.",
        "Let's start by writing the migration.",
        "Let's start with a spike on Kafka.",
        "Should we start with SQLite?",
        "Maybe we'll start with SQLite.",
    ],
)
def test_starting_with_a_step_of_work_or_a_doubt_chooses_nothing(sentence):
    assert _kept(_run(*_said(sentence)), "decisions") == []


# ---- an option of a listed few, picked by name or by place -----------------------------

_ASK = ("user", "What should we use for background jobs?")
_LIST = (
    "assistant",
    "A few options:\n1. Hatchet — durable workflows\n2. Inngest — event-driven functions\n"
    "3. Trigger.dev — TypeScript-first",
)


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


# ---- a rule the assistant proposes and the person accepts -----------------------------


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


# ---- through the command line -----------------------------------------------------------


def test_omp_extract_stores_the_hosting_of_each_part_and_a_requirement(git_repo: Path):
    assert run_omp("init", cwd=git_repo).returncode == 0
    text = (
        "User: The frontend is on Vercel and the API on Fly.io.\n"
        "Assistant: Noted.\n"
        "User: We need every endpoint to be idempotent.\n"
    )
    out = run_omp("extract", "--json", "--format", "text", "-", cwd=git_repo, input=text)
    assert out.returncode == 0, out.stderr
    stored = [c for c in json.loads(out.stdout)["candidates"] if c["action"] == "stored"]
    stacks = [c["entry"]["tech_stack"] for c in stored if c["target"] == "project"]
    assert {"frontend_hosting": "Vercel", "api_hosting": "Fly.io"} in stacks
    titles = [c["entry"]["title"] for c in stored if c["target"] == "decisions"]
    assert titles == ["Every endpoint must be idempotent"]
    project = (git_repo / "_omp" / "memory" / "project.yaml").read_text(encoding="utf-8")
    assert 'frontend_hosting: "Vercel"' in project
    assert 'api_hosting: "Fly.io"' in project
    decisions = (git_repo / "_omp" / "memory" / "decisions.yaml").read_text(encoding="utf-8")
    assert "Every endpoint must be idempotent" in decisions
