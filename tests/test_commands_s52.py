"""Project commands said in prose in session 52's probes: a package script named by its run."""

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
