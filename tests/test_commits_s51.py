"""Commit ranges as real histories write them: squash merges, tracker keys, `area: summary`
subjects, reverts of reverts, decisions in bodies, the facts a commit establishes."""

from __future__ import annotations

from typing import Any

import pytest

from omp import extract as ex
from omp import gitrepo, rot
from omp.gitrepo import Commit


def _history(*messages: str, stored: list[ex.Stored] | None = None) -> ex.Batch:
    """The settled batch of a range of commits with these messages, oldest first."""
    batch = ex.Batch()
    for n, message in enumerate(messages):
        subject, _, body = message.partition("\n\n")
        commit = Commit(
            f"{n:040x}", f"{n:07x}", "Chris Tan", "chris@example.com",
            f"2026-03-{n + 1:02d}T10:00:00+00:00", subject.strip(), body.strip(), (), 1,
        )  # fmt: skip
        conventional = gitrepo.parse_conventional(commit.subject)
        ex.from_commit(commit, conventional, gitrepo.breaking_note(commit), batch, path="git:HEAD")
    ex.drop_reverted(batch)
    ex.settle(batch, stored or [], today="2026-11-30")
    return batch


def _kept(batch: ex.Batch, target: str, action: str = "stored") -> list[dict[str, Any]]:
    return [c.entry for c in batch.candidates if c.target == target and c.action == action]


def _summaries(batch: ex.Batch, action: str = "stored") -> list[str]:
    return [str(e["summary"]) for e in _kept(batch, "changelog", action)]


# ---- 1. filler is a whole message, not a prefix ---------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Waitlist signup with Supabase (#5)", "hotfix: waitlist double submit",
     "feat: processing queue for uploads", "feat: wait for db before migrations",
     "hmm, the queue drops jobs when redis restarts"],
)  # fmt: skip
def test_a_word_that_starts_like_a_filler_is_no_filler(text):
    assert rot.trivial_reason(text) is None


@pytest.mark.parametrize("text", ["wait", "Waiting...", "wait, let me check", "正在处理中…", "hmm"])
def test_waiting_said_alone_is_still_filler(text):
    assert rot.trivial_reason(text) == rot.FILLER


def test_commits_about_a_waitlist_or_a_processing_queue_are_kept():
    batch = _history(
        "hotfix: waitlist double submit",
        "feat: processing queue for uploads",
        "feat: wait for db before migrations",
    )
    assert _summaries(batch) == [
        "waitlist double submit", "processing queue for uploads", "wait for db before migrations"
    ]  # fmt: skip


# ---- 2. a commit is as long as its subject says ---------------------------------------------


def test_a_short_summary_with_its_type_and_scope_is_no_trivial_commit():
    batch = _history("feat(web): dark mode", "fix: typo")
    assert _summaries(batch) == ["dark mode"]


@pytest.mark.parametrize("subject", ["v0.2.0", "0.2.0", "v1.4.0-rc.1", "chore: release 0.4.0"])
def test_a_version_commit_is_a_release(subject):
    [entry] = _kept(_history(subject), "changelog")
    assert "0." in entry["summary"] or "1.4.0" in entry["summary"]
