"""Project commands and values said in prose in session 52's probes.

A package script named by its run ("`pnpm worker` script"), an endpoint with its HTTP method
("POST /webhooks/stripe"), a setting read from the environment ("comes from STRIPE_WEBHOOK_SECRET").
"""

from __future__ import annotations

import pytest

from omp import rules
from tests.test_extract import _kept, _run


@pytest.mark.parametrize(
    ("sentence", "key", "command"),
    [
        ("put the worker in its own process, `pnpm worker` script, and run it under pm2",
         "worker", "pnpm worker"),
        ("the `npm run seed` script fills the local db", "seed", "npm run seed"),
        ("the `yarn test` script runs vitest", "test", "yarn test"),
    ],
)  # fmt: skip
def test_a_package_script_named_by_its_run_is_a_project_command(sentence, key, command):
    assert rules.commands(sentence).get(key) == command


@pytest.mark.parametrize(
    "sentence",
    [
        "should I add a `pnpm worker` script?",
        "`pnpm worker` fails on my machine",
        "a worker script",
    ],
)
def test_a_script_asked_about_or_not_called_one_is_no_command(sentence):
    assert rules.commands(sentence) == {}


def test_the_script_is_stored_with_the_project_commands():
    facts = _kept(_run(("user", "run the thumbnails in the `pnpm worker` script from now on")),
                  "project")  # fmt: skip
    assert {"commands": {"worker": "pnpm worker"}} in facts


# ---- an endpoint with its method, a setting read from the environment ----------------------


@pytest.mark.parametrize(
    ("sentence", "section", "key", "value"),
    [
        ("the endpoint is POST /webhooks/stripe.", "paths", "endpoint", "/webhooks/stripe"),
        ("the webhook endpoint is GET /api/health", "paths", "webhook_endpoint", "/api/health"),
        ("the api key is read from OPENAI_API_KEY", "config", "api_key", "OPENAI_API_KEY"),
        ("the stripe webhook secret comes from STRIPE_WEBHOOK_SECRET", "config", "secret",
         "STRIPE_WEBHOOK_SECRET"),
    ],
)  # fmt: skip
def test_a_value_said_with_its_method_or_its_source_is_named(sentence, section, key, value):
    assert rules.named_values(sentence).get(section, {}).get(key) == value


@pytest.mark.parametrize(
    "sentence", ["the error comes from src/api/client.ts", "where does the api key come from?"]
)
def test_where_an_error_comes_from_or_a_question_is_no_value(sentence):
    assert rules.named_values(sentence) == {}
