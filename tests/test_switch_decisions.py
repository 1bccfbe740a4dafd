"""Decisions stated by finished work: a part switched, replaced or migrated to a named tool.

"Switched the session store to Redis", "订单导出已经全部迁到 ClickHouse 了": the work is a
changelog entry, and the project now uses the new tool: a decision, for review (a commit the
agent made, stored as in a git history: `tests/test_agent_commits.py`). Not a fix on
the way, a value or a named piece of data, a thing not named, a choice made already, or a
switch a later message or commit takes back.
"""

from __future__ import annotations

import pytest

from omp import extract as ex
from omp import gitrepo
from omp.gitrepo import Commit
from tests.extraction import _kept, _run

_ASKED = ("user", "The export page times out on big tenants, please take a look.")
_ASKED_ZH = ("user", "订单导出太慢了，帮我看看")


def _switches(*turns: tuple[str, str]) -> list[tuple[str, str, list[str], str]]:
    """The decisions a conversation found, with their title, alternatives and action."""
    return [
        (str(c.entry["choice"]), str(c.entry["title"]), list(c.entry.get("alternatives", [])),
         c.action)
        for c in _run(*turns).candidates
        if c.target == "decisions"
    ]  # fmt: skip


def test_work_that_switched_a_part_to_a_known_tool_decides_it_for_review():
    found = _switches(
        _ASKED,
        ("assistant", "Done: moved the report exports from RQ to Celery, they finish in 20s."),
        ("user", "nice"),
    )
    assert found == [("Celery", "Use Celery for report exports", ["RQ"], "review")]


def test_work_that_switched_the_session_store_names_what_the_tool_is_for():
    found = _switches(
        _ASKED, ("assistant", "I switched the session store to Redis."), ("user", "thanks")
    )
    assert found == [("Redis", "Use Redis for session store", [], "review")]


def test_chinese_work_migrated_to_a_tool_is_titled_in_chinese():
    found = _switches(
        _ASKED_ZH,
        ("assistant", "订单导出已经全部迁到 ClickHouse 了，查询从 30 秒降到 2 秒。"),
        ("user", "好"),
    )
    assert found == [("ClickHouse", "采用 ClickHouse（订单导出）", [], "review")]


def test_a_commit_the_agent_made_that_replaces_a_library_decides_it_as_git_history_does():
    found = _switches(
        _ASKED, ("commit", "[main 1a2b3c4] refactor: replace moment with dayjs"), ("user", "ok")
    )
    assert found == [("dayjs", "Use dayjs", ["moment"], "stored")]


@pytest.mark.parametrize(
    "work",
    ["Switched the client to httpx with a 10s timeout and it works now.",
     "Moved the dotenv import to the top and the test key works now.",
     "Switched the uploads to the `prod-eu` bucket.",
     "Switched the NAT to `MANUAL_ONLY` allocation.",
     "Switched to a simpler approach for the retries.",
     "Moved the seed SQL to db/seeds/."],
)  # fmt: skip
def test_a_fix_a_value_a_piece_of_data_or_a_thing_not_named_decides_nothing(work):
    assert _switches(_ASKED, ("assistant", work), ("user", "ok")) == []


@pytest.mark.parametrize(
    "work",
    ["掉线的问题修好了，session 改用 Redis 存之后就不掉线了。",
     "索引别名已经从 orders_v3 切到 orders_v4 了。",
     "上传已经切到 `assets-prod` 这个 bucket 了。"],
)  # fmt: skip
def test_chinese_fixes_and_data_moved_decide_nothing(work):
    assert _switches(_ASKED_ZH, ("assistant", work), ("user", "好")) == []


def test_a_switch_to_a_tool_chosen_already_is_no_second_decision():
    found = _switches(
        ("user", "Let's use Celery for the export jobs."),
        ("assistant", "Done: moved the report exports from RQ to Celery."),
        ("user", "nice"),
    )
    assert [(choice, action) for choice, _, _, action in found] == [("Celery", "stored")]


def test_a_switch_the_person_takes_back_later_decides_nothing():
    found = _switches(
        _ASKED,
        ("assistant", "Switched the job queue from RabbitMQ to SQS."),
        ("user", "Hmm, actually let's stay on RabbitMQ, we have ops tooling for it."),
        ("assistant", "OK, keeping RabbitMQ."),
    )
    assert [choice for choice, _, _, action in found if action != "dropped"] == ["RabbitMQ"]


def test_a_switch_the_agent_reverted_goes_with_its_commit():
    batch = _run(
        _ASKED,
        ("commit", "[main 1a2b3c4] refactor: switch job queue from RabbitMQ to SQS"),
        ("user", "no, revert that"),
        ("tool", '[main 5d6e7f8] Revert "refactor: switch job queue from RabbitMQ to SQS"'),
    )
    assert [d["choice"] for d in _kept(batch, "decisions", "review")] == []
    assert [d["choice"] for d in _kept(batch, "decisions", "dropped")] == ["SQS"]


# ---- commits read with --git ---------------------------------------------------------------------


def _history(*subjects: str) -> ex.Batch:
    batch = ex.Batch()
    for n, subject in enumerate(subjects):
        commit = Commit(
            f"{n:040x}", f"{n:07x}", "Chris Tan", "chris@example.com",
            f"2026-03-{n + 1:02d}T10:00:00+00:00", subject, "", (), 1,
        )  # fmt: skip
        conventional = gitrepo.parse_conventional(subject)
        ex.from_commit(commit, conventional, gitrepo.breaking_note(commit), batch, path="git:HEAD")
    ex.drop_reverted(batch)
    ex.settle(batch, [], today="2026-11-30")
    return batch


@pytest.mark.parametrize(
    "subject",
    ["feat(store): replace sqlite cache with bbolt", "feat: replace sqlite cache with bbolt cache",
     "refactor!: replace mysql driver with pgx"],
)  # fmt: skip
def test_a_commit_replacing_a_known_tools_part_chooses_the_new_tool(subject):
    batch = _history(subject)
    [decision] = _kept(batch, "decisions")
    assert decision["choice"] in ("bbolt", "pgx")
    assert decision["alternatives"] in (["sqlite cache"], ["mysql driver"])


def test_a_commit_replacing_a_word_with_a_word_chooses_nothing():
    assert _kept(_history("refactor: replace polling with webhooks"), "decisions") == []


@pytest.mark.parametrize(
    ("subject", "choice", "alternatives"),
    [
        ("chore: ruff replaces flake8 + isort; line-length 100", "ruff", ["flake8", "isort"]),
        ("feat: Typer replaces argparse", "Typer", ["argparse"]),
    ],
)
def test_a_commit_saying_one_tool_replaces_others_chooses_it(subject, choice, alternatives):
    [decision] = _kept(_history(subject), "decisions")
    assert decision["choice"] == choice and decision["alternatives"] == alternatives


def test_a_document_that_replaces_a_page_chooses_nothing():
    assert _kept(_history("docs: README replaces the wiki page"), "decisions") == []
