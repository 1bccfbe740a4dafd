"""Commits the agent made inside a conversation, read as a git history reads them.

A commit that switches to a tool decides it and moves the stack part, as the same subject does
in `--git`; a revert, or a later commit that backs the tool out, takes it back; a choice the
talk made already is confirmed, not made twice; an upgrade of a tool in use chooses nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from omp import extract as ex
from omp import gitrepo
from omp.gitrepo import Commit
from tests.extraction import _kept, _run

_ASKED = ("user", "the nightly jobs keep piling up, can you sort out the worker setup?")


def _made(*turns: tuple[str, str]) -> ex.Batch:
    """The settled batch of a conversation: an ask, then the agent's commits and the talk."""
    return _run(_ASKED, *turns)


def _decided(batch: ex.Batch, action: str = "stored") -> list[tuple[str, list[str]]]:
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(batch, "decisions", action)
    ]


def _in_git(subject: str) -> list[tuple[str, list[str]]]:
    """The stored choices of a one-commit `--git` range with this subject."""
    batch = ex.Batch()
    commit = Commit("a" * 40, "aaaaaaa", "Chris Tan", "chris@example.com",
                    "2026-03-01T10:00:00+00:00", subject, "", (), 1)  # fmt: skip
    conventional = gitrepo.parse_conventional(subject)
    ex.from_commit(commit, conventional, gitrepo.breaking_note(commit), batch, path="git:HEAD")
    ex.drop_reverted(batch)
    ex.settle(batch, [], today="2026-11-30")
    return _decided(batch)


def _stack(batch: ex.Batch) -> dict[str, Any]:
    stack: dict[str, Any] = {}
    for fact in _kept(batch, "project"):
        stack.update(fact.get("tech_stack", {}))
    return stack


@pytest.mark.parametrize(
    "subject",
    ["refactor(jobs): move the nightly jobs from Celery to Dramatiq",
     "test: mocha -> vitest",
     "replace memcached with Valkey",
     "migrate the CLI from argparse to Typer"],
)  # fmt: skip
def test_a_commit_that_switches_tools_decides_as_it_does_in_a_git_history(subject: str):
    batch = _made(("commit", f"[main 4e5f6a7] {subject}"))
    assert _decided(batch) == _in_git(subject) != []
    assert _kept(batch, "decisions")[0]["source_refs"] == ["4e5f6a7"]


def test_a_commit_that_switches_tools_moves_the_stack_part():
    batch = _made(("commit", "[main 4e5f6a7] switch the build from Maven to Gradle"))
    assert _decided(batch) == [("Gradle", ["Maven"])]
    assert _stack(batch) == {"build_system": "Gradle"}


def test_a_switch_the_assistant_reports_committed_is_a_decision_too():
    batch = _made(
        ("assistant", 'Done. Committed as "refactor: migrate the CLI from argparse to Typer".')
    )
    assert _decided(batch) == [("Typer", ["argparse"])]


def test_a_switch_the_agent_committed_and_then_reverted_leaves_no_decision():
    batch = _made(
        ("commit", "[main 4e5f6a7] move the nightly jobs from Celery to Dramatiq"),
        ("user", "hmm, that broke the retries, undo it"),
        ("tool", '[main 8b9c0d1] Revert "move the nightly jobs from Celery to Dramatiq"'),
    )
    assert _decided(batch) == []
    assert _stack(batch) == {}


def test_a_tool_a_later_commit_backs_out_is_no_decision_and_a_switch_back_keeps_the_old():
    batch = _made(
        ("commit", "[main 4e5f6a7] switch the state store from Redux to Zustand"),
        ("user", "the devtools story is worse, go back"),
        ("commit", "[main 8b9c0d1] revert Zustand, back to Redux"),
    )
    assert _decided(batch) == [("Redux", ["Zustand"])]
    assert _decided(batch, "dropped") == [("Zustand", ["Redux"])]


def test_a_commit_carrying_out_the_talks_choice_confirms_it_with_the_fuller_name():
    batch = _made(
        ("user", "lets use Valkey for the session cache"),
        ("assistant", "Sounds good, I'll wire it up."),
        ("commit", "[main 4e5f6a7] move the session cache to Valkey 8"),
    )
    assert _decided(batch) == [("Valkey 8", [])]
    assert _kept(batch, "decisions")[0]["source_refs"] == ["4e5f6a7"]


def test_a_commit_does_not_lengthen_the_talks_choice_with_words_of_no_name():
    batch = _made(
        ("user", "lets use Valkey for the session cache"),
        ("assistant", "Sounds good, I'll wire it up."),
        ("commit", "[main 4e5f6a7] move the session cache to Valkey sessions"),
    )
    assert _decided(batch) == [("Valkey", [])]


def test_a_commit_moving_code_to_a_version_of_a_tool_in_the_stack_chooses_nothing():
    batch = _made(
        ("tool", '{\n  "dependencies": {\n    "vue": "3.4.21"\n  }\n}'),
        ("commit", "[main 4e5f6a7] migrate the admin pages to vue 3 composition API"),
    )
    assert _decided(batch) == []


def test_what_comes_with_the_tool_switched_to_is_no_part_of_the_choice():
    subject = "move the nightly jobs to Dramatiq with a dead-letter queue"
    assert _decided(_made(("commit", f"[main 4e5f6a7] {subject}"))) == [("Dramatiq", [])]
    assert _in_git(subject) == [("Dramatiq", [])]


def test_names_side_by_side_are_a_choice_and_a_path_is_not():
    assert _in_git("replace Redux with Zustand/Immer") == [("Zustand/Immer", ["Redux"])]
    assert _in_git("move the route table to config/routes") == []


def test_a_tool_a_later_commit_removes_is_no_decision():
    batch = _made(
        ("commit", "[main 4e5f6a7] switch the state store from Redux to Zustand"),
        ("commit", "[main 8b9c0d1] remove Zustand again"),
    )
    assert _decided(batch) == []
    assert _decided(batch, "dropped") == [("Zustand", ["Redux"])]


def test_the_versions_a_commit_requires_are_stack_facts_and_its_settings_wait_for_review():
    batch = _made(
        ("commit", "[main 4e5f6a7] build: migrate the build from Maven to Gradle, require Java 21"),
        ("commit", "[main 8b9c0d1] feat: container listens on 8443 instead of 8080"),
    )
    assert _stack(batch) == {"build_system": "Gradle", "java": "Java 21"}
    assert [f["config"] for f in _kept(batch, "project", "review")] == [{"port": "8443"}]


def test_a_commit_leaving_the_talks_choice_takes_it_back():
    batch = _made(
        ("user", "lets use Celery for the nightly jobs"),
        ("assistant", "Sounds good, I'll wire it up."),
        ("user", "the jobs double-fire every night, please sort it out"),
        ("commit", "[main 4e5f6a7] move the nightly jobs from Celery to Dramatiq"),
    )
    assert _decided(batch) == [("Dramatiq", ["Celery"])]


@pytest.mark.parametrize(
    "subject",
    ["feat: add goreleaser v2 release workflow with homebrew tap",
     "per-tenant rate limiting (200 rps, burst 400)",
     "store amounts as bigint minor units",
     "OTA 分批发布：2%/25%/100% 分桶、30 分钟观察"],
)  # fmt: skip
def test_a_commit_the_agent_made_records_the_choice_it_carries(subject: str):
    batch = _made(("user", "ok, go ahead"), ("commit", f"[main 4e5f6a7] {subject}"))
    summary = subject.split(": ", 1)[-1] if subject.startswith("feat") else subject
    # the whole summary is the choice: a name alone would say less ("homebrew")
    assert [(d["title"], d["choice"]) for d in _kept(batch, "decisions")] == [(summary, summary)]
    assert _kept(batch, "decisions")[0]["source_refs"] == ["4e5f6a7"]
    assert [c["summary"] for c in _kept(batch, "changelog")] == [summary]  # still a change


@pytest.mark.parametrize(
    "subject",
    ["fix: nil deref in the uploader when the bucket is missing, via a guard",
     "docs: document the Redis settings, with examples",
     "add table-driven tests for config.Load, with fixtures",
     "ignore image clipboard content for now, via a flag",
     "bump pnpm to 9.12.3, turbo to 2.1.3",
     "Add bulk_export_jobs table"],
)  # fmt: skip
def test_a_fix_a_test_docs_a_stopgap_an_upgrade_or_plain_work_record_no_choice(subject: str):
    assert _decided(_made(("commit", f"[main 4e5f6a7] {subject}"))) == []


@pytest.mark.parametrize(
    "subject",
    ["docs: exclude order_events_archive from publication, migrate via pg_dump",
     "fix: make stripe webhook handling idempotent via stripe_events table",
     "fix: allow cdn.sanity.io via remotePatterns, drop custom loader"],
)  # fmt: skip
def test_a_plan_in_a_docs_commit_or_the_named_way_of_a_fix_records_a_choice(subject: str):
    assert (
        len(_decided(_made(("user", "ok, go ahead"), ("commit", f"[main 4e5f6a7] {subject}")))) == 1
    )


@pytest.mark.parametrize(
    "subject",
    ["cache sessions in Valkey", "replace memcached with Valkey for sessions",
     "move the session cache to valkey"],
)  # fmt: skip
def test_a_commit_naming_only_what_the_talk_chose_records_nothing_more(subject: str):
    batch = _made(
        ("user", "lets use Valkey for the session cache"),
        ("assistant", "Sounds good, I'll wire it up."),
        ("commit", f"[main 4e5f6a7] {subject}"),
    )
    assert [choice for choice, _ in _decided(batch)] == ["Valkey"]


def test_a_commit_settling_more_than_the_talks_choice_records_the_rest_too():
    summary = "cache sessions in Valkey with a 24h TTL, lazy refresh"
    batch = _made(
        ("user", "lets use Valkey for the session cache"),
        ("assistant", "Sounds good, I'll wire it up."),
        ("commit", f"[main 4e5f6a7] {summary}"),
    )
    assert _decided(batch) == [("Valkey", []), (summary, [])]


@pytest.mark.parametrize(
    ("said", "summary"),
    [("lets keep the clipboard history in SQLite",
      "persist clipboard history in SQLite via rusqlite"),
     ("导出页用 vxe-table 吧", "批量导出页改用 vxe-table 虚拟滚动，导出改为后端异步任务轮询"),
     ("ok use comfy-table for the output",
      "add --json, render table with comfy-table; anyhow in the binary")],
)  # fmt: skip
def test_what_else_a_commit_names_besides_the_talks_choice_counts_as_more(said, summary):
    batch = _made(("user", said), ("assistant", "OK."), ("commit", f"[main 4e5f6a7] {summary}"))
    assert summary in [choice for choice, _ in _decided(batch)]


def test_a_commit_on_a_tool_of_the_stack_records_what_else_it_settles():
    stated = ("user", "the admin is Vue 3.4 with Vite, we deploy it from GitLab CI")
    only_the_tool = _made(stated, ("commit", "[main 4e5f6a7] migrate admin pages to Vue 3.4"))
    assert _decided(only_the_tool) == []
    summary = "migrate admin pages to Vue 3.4 script setup, Pinia stores in src/stores/"
    more = _made(stated, ("commit", f"[main 4e5f6a7] {summary}"))
    assert _decided(more) == [(summary, [])]


def test_a_commit_a_later_commit_sets_again_or_turns_down_records_nothing():
    reset = _made(
        ("commit", "[main 4e5f6a7] toggle the window via CommandOrControl+Shift+V"),
        ("user", "that clashes with paste-as-plain-text, use alt"),
        ("commit", "[main 8b9c0d1] change global shortcut to CommandOrControl+Alt+V"),
    )
    assert _decided(reset) == [("change global shortcut to CommandOrControl+Alt+V", [])]
    turned_down = _made(
        ("commit", "[main 4e5f6a7] run the nightly jobs on Celery, one queue per tenant"),
        ("user", "the jobs double-fire every night, please sort it out"),
        ("commit", "[main 8b9c0d1] move the nightly jobs from Celery to Dramatiq"),
    )
    assert _decided(turned_down) == [("Dramatiq", ["Celery"])]


def test_a_reverted_commit_records_no_choice():
    batch = _made(
        ("commit", "[main 4e5f6a7] add goreleaser v2 release workflow with homebrew tap"),
        ("user", "hold on, we release by hand for now, undo it"),
        ("tool", '[main 8b9c0d1] Revert "add goreleaser v2 release workflow with homebrew tap"'),
    )
    assert _decided(batch) == []


@pytest.mark.parametrize(
    ("subject", "choice", "given_up"),
    [("drop viper, read config from flags and TIDECTL_* env",
      "read config from flags and TIDECTL_* env", ["viper"]),
     ("publish readings over mqtts (qos 1) instead of http post",
      "publish readings over mqtts (qos 1)", ["http post"]),
     ("使用 Flink CDC 3.1 同步订单到 StarRocks，下线 DataX",
      "使用 Flink CDC 3.1 同步订单到 StarRocks", ["DataX"]),
     ("迁移到 Astro 4：content collections、Pagefind 搜索，移除 Hugo 和 Netlify 配置",
      "迁移到 Astro 4：content collections、Pagefind 搜索， 配置", ["Hugo", "Netlify"]),
     ("日志改用 zstd 压缩，用 Loki 替换 ELK 做检索", "日志改用 zstd 压缩，用 Loki 做检索",
      ["ELK"])],
)  # fmt: skip
def test_what_a_recorded_choice_gives_up_is_its_alternative(
    subject: str, choice: str, given_up: list[str]
):
    batch = _made(("commit", f"[main 4e5f6a7] {subject}"))
    assert [(d["title"], d["choice"]) for d in _kept(batch, "decisions")] == [(subject, choice)]
    assert _decided(batch) == [(choice, given_up)]
