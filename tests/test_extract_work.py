"""Changelog entries from talk: work reported done, and what is undone.

A bare fix then more work, a numbered pull request merged, "Done —" reports, work said to be
finished in Chinese, an agent's commits taken with the sha git printed, reverts, work the person
asks to undo, and the session record; and work asked for, about to happen or of long ago, which
is not finished work.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from omp import extract as ex
from omp import ingest, rules, sources
from omp.extract.candidates import flatten
from omp.paths import MemoryRoot
from tests.extraction import _kept, _run, _said, _said_zh


def _transcript(text: str) -> ex.Batch:
    """A plain transcript read by the sources and the rules, settled."""
    [conversation] = sources.parse(text)
    messages = [(m.role, m.text, m.position) for m in conversation.messages]
    batch = ex.Batch()
    ex.from_conversation(messages, batch, path="chat.txt", agent=True)
    ex.settle(batch, [], today="2026-12-05")
    return batch


# ---- a fix reported bare, then what else was done ------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("fixed, and added the Transaction.updates listener in TrailnoteApp.init.",
         "Added the Transaction.updates listener in TrailnoteApp.init"),
        ("Fixed it; also removed the old cron entry.", "Removed the old cron entry"),
    ],
)  # fmt: skip
def test_a_bare_fix_then_more_work_reports_the_work_it_names(sentence, summary):
    work = rules.finished_work(sentence)
    assert work is not None
    assert work.summary == summary


@pytest.mark.parametrize(
    "sentence", ["fixed, and now it works", "done, and it passes", "fixed, and added?"]
)
def test_a_bare_fix_followed_by_no_work_reports_nothing_more(sentence):
    assert rules.finished_work(sentence) is None


# ---- a numbered pull request or issue reported done ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("ok update: PR #318 is merged (bigint migration + advisory lock), and the job is "
         "deployed to staging.",
         "PR #318 is merged (bigint migration + advisory lock), and the job is deployed to "
         "staging"),
        ("issue #12 is fixed", "Issue #12 is fixed"),
    ],
)  # fmt: skip
def test_a_numbered_pull_request_or_issue_reported_done_is_work(sentence, summary):
    work = rules.finished_work(sentence)
    assert work is not None
    assert work.summary == summary


@pytest.mark.parametrize(
    "sentence", ["ok so it is fixed", "is PR #318 merged?", "PR #318 is not merged yet"]
)
def test_a_pronoun_a_question_or_a_denial_reports_no_numbered_work(sentence):
    assert rules.finished_work(sentence) is None


# ---- a numbered pull request merged --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        (
            "PR #318 is merged (bigint migration + advisory lock), and the job is deployed.",
            "PR #318 is merged (bigint migration + advisory lock), and the job is deployed",
        ),
        (
            "Merged the DuckDB job (PR #412) and turned off the old pandas cron.",
            "Merged the DuckDB job (PR #412) and turned off the old pandas cron",
        ),
        ("pull request 57 got merged this morning.", "Pull request 57 got merged this morning"),
    ],
)
def test_a_numbered_pull_request_merged_is_stored_in_the_changelog(sentence, summary):
    [entry] = _kept(_run(*_said(sentence)), "changelog")
    assert entry["summary"] == summary


@pytest.mark.parametrize(
    "sentence",
    [
        "Pushed to `feat/api-rate-limit`, PR #412 is open with the staging numbers.",
        "PR #318 is not merged yet.",
        "Is PR #318 merged?",
        "Merged the two config files.",
    ],
)
def test_an_open_unmerged_or_unnumbered_request_is_not_stored(sentence):
    assert _kept(_run(*_said(sentence)), "changelog") == []
    assert not rules.merges_request(sentence)


# ---- a report after "Done —" ---------------------------------------------------------------------


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


# ---- a change the person asks to undo ------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "topic"),
    [
        ("Hmm, revert the WriteTimeout change, it's unrelated.", "WriteTimeout"),
        ("Can you revert the CORS change?", "CORS"),
        ("把 WriteTimeout 的改动撤回", "WriteTimeout"),
        ("MAX_CONN 改回去吧", "MAX_CONN"),
        ("revert the last change", None),
        ("We reverted the payment change last week.", None),
        ("Don't revert the CORS change.", None),
    ],
)
def test_a_request_to_undo_a_change_names_it(sentence, topic):
    assert rules.undone_topic(sentence) == topic


def test_work_and_settings_the_person_asks_to_undo_are_dropped():
    turns = [
        ("user", "Webhooks time out under load; make the outbox poller faster."),
        ("assistant", "Done. Also bumped the HTTP server's WriteTimeout to 10s."),
        ("user", "Hmm, revert the WriteTimeout change, it's unrelated."),
        ("assistant", "Reverted."),
    ]
    batch = _run(*turns)
    undone = [c for c in batch.candidates if "undone later" in (c.note or "")]
    assert {c.target for c in undone} == {"changelog", "project"}
    assert all(c.action == "dropped" for c in undone)
    kept = [c.entry for c in batch.candidates if c.action in ("stored", "review")]
    assert "10s" not in repr([e for e in kept if "summary" in e or "config" in e])


@pytest.mark.parametrize(
    ("sentence", "undoes"),
    [
        ("ugh anyhow makes the lib part ugly. revert that, go back to thiserror", True),
        ("hmm cpu is pegged at 30. put it back to 20", True),
        ("改回去吧", True),
        ("Can you undo that?", True),
        ("should we revert that?", False),
        ("don't revert that", False),
        ("revert the WriteTimeout change", False),  # names what it undoes: `undone_topic`
    ],
)
def test_a_request_to_undo_what_was_just_done(sentence, undoes):
    assert rules.undoes_last(sentence) is undoes


def test_what_the_assistant_just_did_is_dropped_when_the_person_asks_to_undo_it():
    turns = [
        ("user", "game server for our io game, node + socket.io, tick rate 20hz."),
        ("assistant", "OK."),
        ("user", "bump tick to 30hz"),
        ("assistant", "Tick rate now 30 Hz (`TICK_MS = 33`)."),
        ("user", "hmm cpu is pegged at 30. put it back to 20"),
        ("assistant", "Reverted: `TICK_MS = 50`, 20 Hz."),
    ]
    batch = _run(*turns)
    undone = [c.entry for c in batch.candidates if "undone later" in (c.note or "")]
    assert undone == [{"config": {"tick_ms": "33"}}]
    kept = [c.entry for c in batch.candidates if c.action in ("stored", "review")]
    assert {"config": {"tick_ms": "50"}} in kept


# ---- a Chinese report of work --------------------------------------------------------------------


def test_a_chinese_report_of_work_keeps_the_name_it_opens_with_as_written():
    for sentence, summary in (
        ("v2.3.0 昨天上线了。", "v2.3.0 昨天上线了"),
        ("npm 换成 pnpm 了。", "npm 换成 pnpm 了"),
    ):
        (w,) = _kept(_run(*_said_zh(sentence)), "changelog")
        assert w["summary"] == summary
    (w,) = _kept(_run(*_said_zh("fixed the login loop")), "changelog")
    assert w["summary"] == "Fixed the login loop"


# ---- work said outright to be finished -----------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "教师冲突检测那块我昨天晚上已经改完了。",
        "下午更新：Kafka source 已经接好了。",
        "打包脚本我昨天已经改好了，Jenkins 里的 Android 构建现在会自动跑。",
    ],
)
def test_work_said_to_be_finished_with_yijing_is_stored(sentence):
    (work,) = _kept(_run(*_said_zh(sentence)), "changelog")
    assert work["summary"] in sentence


@pytest.mark.parametrize(
    "sentence",
    ["改了权限，好了。", "原来如此，改了就好了。", "LittleFS 那套代码我先删掉了。"],
)
def test_work_merely_touched_waits_for_review(sentence):
    assert not rules.done_outright(sentence)
    assert _kept(_run(*_said_zh(sentence)), "changelog") == []


# ---- work that is not this session's -------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "先用 HDF5 吧。checksum 那个你顺手修了",  # asked of the assistant
        "IK 的优势是你们集群已经装好了、版本对齐 8.11.1",  # the state it describes
        "等等，我刚想起来我们组去年已经从 Airflow 迁到 Dagster 了",  # long ago
    ],
)
def test_work_asked_for_described_or_of_long_ago_is_not_finished_work(sentence):
    assert rules.finished_work(sentence) is None


@pytest.mark.parametrize(
    "sentence", ["你们的 bug 我已经修好了", "我顺手修了 checksum 的 bug", "修复了支付回调"]
)
def test_work_done_here_stays_finished_work(sentence):
    work = rules.finished_work(sentence)
    assert work is not None and work.type == "fix"


def test_work_on_something_old_done_now_is_finished_work():
    assert rules.finished_work("修复了去年遗留的对账问题") is not None


# ---- asked for, or made by something else: no work done ------------------------------------------


@pytest.mark.parametrize(
    "sentence", ["ok and set up releases. goreleaser with a tap", "and please set up CI"]
)
def test_a_request_to_set_something_up_is_no_finished_work(sentence):
    assert _kept(_run(*_said(sentence)), "changelog") == []


# ---- the session record --------------------------------------------------------------------------


def test_a_session_record_lists_only_what_its_conversation_wrote():
    batch = _run(
        *_said(
            "测试环境 broker 地址是 mqtt-test.iot.example.com:8883。",
            "OTA 固件放 OSS，endpoint 是 oss-cn-shenzhen-internal.aliyuncs.com。",
            "Deployed to https://shop.example.dev, all green.",
            "Deployed to https://shop.example.dev, all green.",
        )
    )
    (session,) = _kept(batch, "sessions")
    stored = [f"{k}: {v}" for e in _kept(batch, "project") for k, v in flatten(e)]
    assert session["outcomes"] == list(dict.fromkeys(stored))


# ---- asked for, or made by something else: no work done ------------------------------------------


@pytest.mark.parametrize("sentence", ["我们的 metrics-pipeline 要上线了", "快发版了", "马上部署"])
def test_work_about_to_happen_is_not_done(sentence):
    assert rules.finished_work(sentence) is None


# ---- the commits an agent made -------------------------------------------------------------------


def test_an_agents_commit_takes_the_sha_git_printed_and_committed_as_sha_is_no_entry(
    memory: MemoryRoot,
):
    def said(uuid: str, parent: str | None, role: str, content: Any) -> dict[str, Any]:
        return {"type": role, "uuid": uuid, "parentUuid": parent,
                "message": {"role": role, "content": content}}  # fmt: skip

    run = {
        "type": "tool_use",
        "id": "t1",
        "name": "Bash",
        "input": {"command": 'git commit -am "Move order confirmation emails to GoodJob"'},
    }
    printed = [{"type": "tool_result", "tool_use_id": "t1",
                "content": "[main 4f9c2ab] Move order confirmation emails to GoodJob\n"
                           " 7 files changed, 118 insertions(+), 9 deletions(-)"}]  # fmt: skip
    lines = [
        said("u1", None, "user", "move the confirmation emails to goodjob and commit"),
        said("a1", "u1", "assistant", [run]),
        said("t1", "a1", "user", printed),
        said("a2", "t1", "assistant", "Committed as `4f9c2ab`."),
    ]
    session = memory.project / "session.jsonl"
    session.write_text("\n".join(map(json.dumps, lines)), encoding="utf-8")
    result = ingest.extract(memory, [str(session)], dry_run=True)
    changes = [(c.entry["summary"], c.entry.get("ref"), c.action)
               for c in result.batch.candidates if c.target == "changelog"]  # fmt: skip
    assert changes == [("Move order confirmation emails to GoodJob", "4f9c2ab", "stored")]


# ---- git's own line in a transcript --------------------------------------------------------------


def test_the_sha_git_printed_in_a_plain_transcript_is_the_commits_ref():
    text = ("[USER]\ncommit it\n\n[ASSISTANT]\nDone:\n\n```\n"
            '$ git commit -m "test: migrate test suite to pytest"\n'
            "[main 8d2e1a4] test: migrate test suite to pytest\n"
            " 23 files changed, 311 insertions(+), 402 deletions(-)\n```\n")  # fmt: skip
    batch = _transcript(text)
    assert _kept(batch, "changelog") == [
        {"type": "chore", "summary": "migrate test suite to pytest", "ref": "8d2e1a4"}
    ]


# ---- a heads-up before finished work -------------------------------------------------------------


def test_heads_up_before_finished_work_is_no_part_of_it():
    batch = _run(("user", "heads up: Rails is upgraded to 7.1 (was 7.0.8), all specs green"))
    assert [c["summary"][:25] for c in _kept(batch, "changelog")] == ["Rails is upgraded to 7.1 "]


# ---- work reported with a commit's sha -----------------------------------------------------------


def test_work_reported_with_a_commits_sha_is_that_commit():
    text = ("User: fix the flaky test\n\nAssistant: Done.\n\n```\n"
            '$ git commit -m "fix: freeze time in the export test"\n'
            "[main 3b9e1f2] fix: freeze time in the export test\n```\n\n"
            "Summary:\n- Fixed the flaky export test by freezing time (3b9e1f2)\n")  # fmt: skip
    batch = _transcript(text)
    assert [c.get("ref") for c in _kept(batch, "changelog")] == ["3b9e1f2"]


# ---- what the agent reverted or took out ---------------------------------------------------------


def test_a_commit_the_agent_reverted_leaves_only_the_revert():
    turns = [
        ("user", "make the export async"),
        ("commit", "[main 6b1d4e8] feat(customers): export in a celery task"),
        ("user", "no, that broke the admin, undo it"),
        ("tool", '[main c0e7f52] Revert "feat(customers): export in a celery task"\n'
                 " 2 files changed, 3 insertions(+), 40 deletions(-)"),
    ]  # fmt: skip
    batch = _run(*turns)
    assert [(c["summary"], c.get("ref")) for c in _kept(batch, "changelog")] == [
        ('Revert "feat(customers): export in a celery task"', "c0e7f52")
    ]
    assert [c["summary"] for c in _kept(batch, "changelog", "dropped")] == [
        "export in a celery task"
    ]


@pytest.mark.parametrize(
    ("sentence", "undoes"),
    [("rip it out, I don't want retries in this repo at all", True),
     ("hmm no. take it out again", True),
     ("remove it again please", True),
     ("I don't want you to revert that", False)],
)  # fmt: skip
def test_asking_to_take_out_what_was_just_done_undoes_it(sentence, undoes):
    assert rules.undoes_last(sentence) is undoes


def test_a_revert_a_transcript_shows_is_one_entry():
    text = ("User: make export async\n\nAssistant: done\n\n```\n"
            "[main 6b1d4e8] feat(customers): export in a celery task\n```\n\n"
            "User: undo it\n\nAssistant: reverted\n\n```\n"
            '[main c0e7f52] Revert "feat(customers): export in a celery task"\n```\n')  # fmt: skip
    batch = _transcript(text)
    changelog = [c for c in batch.candidates if c.target == "changelog"]
    assert [(c.action, c.entry.get("ref")) for c in changelog] == [
        ("dropped", "6b1d4e8"),
        ("stored", "c0e7f52"),
    ]


# ---- asked for, or made by something else: no work done ------------------------------------------


def test_set_up_opening_the_talk_asks_for_the_work():
    batch = _run(("user", "set up remote state for this repo. s3 + dynamodb locking"))
    assert _kept(batch, "changelog") == [] and _kept(batch, "changelog", "review") == []
    done = _run(("user", "set up the staging db yesterday, it works"))
    assert [e["type"] for e in _kept(done, "changelog")] == ["config"]
    # later in the talk the same words may report the work
    later = _run(("user", "the deploy keeps failing on the state lock, can you look?"),
                 ("assistant", "The lock table is missing."),
                 ("user", "Set up the lock table by hand, it works now"))  # fmt: skip
    assert [e["type"] for e in _kept(later, "changelog")] == ["config"]


def test_what_a_stack_trace_says_created_a_goroutine_is_no_work():
    trace = ("here's the race:\ngoroutine 12 [running]:\nmain.handler()\n\t/app/main.go:42 +0x1d\n"
             "created by net/http.(*Server).Serve in goroutine 1\n"
             "\t/usr/local/go/src/net/http/server.go:3285 +0x4b4")  # fmt: skip
    assert _kept(_run(("user", trace)), "changelog") == []
    fixed = _run(("user", "fixed by bumping the pool size"))
    assert [e["type"] for e in _kept(fixed, "changelog")] == ["fix"]


# ---- work reported with its cause ----------------------------------------------------------------


def test_a_cause_named_then_how_it_was_fixed_is_finished_work():
    text = "the slowness was an N+1 on the class schedule page, fixed it with select_related."
    [work] = _kept(_run(("user", text)), "changelog")
    assert work["type"] == "fix" and "select_related" in work["summary"]


@pytest.mark.parametrize(
    "text", ["the problem was a typo, fixed?", "it was a typo, fixed it with sed"]
)
def test_a_question_or_a_vague_cause_is_no_finished_work(text):
    assert _kept(_run(("user", text)), "changelog") == []


def test_a_change_the_project_now_has_owned_as_done_is_finished_work():
    work = rules.finished_work(
        "Unrelated: the /healthz endpoint now returns the build time, I did that yesterday."
    )
    assert work is not None
    assert (work.type, work.summary) == ("feat", "The /healthz endpoint now returns the build time")
    assert (
        rules.finished_work("the endpoint now returns the build time, I did that on purpose")
        is None
    )


def test_a_clause_that_runs_through_joins_the_report_before_it():
    changes = _kept(
        _run(*_said_zh("今天进度：登录和下单都写完了，支付已经在 staging 环境跑通。")), "changelog"
    )
    assert [c["summary"] for c in changes] == ["登录和下单都写完了，支付已经在 staging 环境跑通"]


def test_a_job_registered_with_its_scheduler_is_configuration_done():
    work = rules.finished_work("syncOrders 这个 handler 已经在调度中心注册上了")
    assert work is not None
    assert work.type == "config"


# ---- a release named by its version --------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "summary"),
    [
        ("改完了，发了 v1.8.3：\n- 所有 resp.Body 都 defer Close 了\n- 新的 httpClient，超时 5s",
         "改完了，发了 v1.8.3"),
        ("已经发了 order-svc 1.14.2：扣减按 sku_id 排序，过去 24 小时死锁 0 次。",
         "已经发了 order-svc 1.14.2"),
    ],
)  # fmt: skip
def test_a_release_named_by_its_version_is_stored_even_heading_a_list(message, summary):
    opening = "order-svc 下单扣库存老是死锁，一天三十多次，帮我看看 SHOW ENGINE INNODB STATUS。"
    turns = [*_said_zh(opening), ("assistant", "按 sku_id 排序再扣减。"), ("user", message)]
    summaries = [str(c["summary"]) for c in _kept(_run(*turns), "changelog")]
    assert any(s.startswith(summary) for s in summaries)


@pytest.mark.parametrize("sentence", ["发了 3 次请求都超时了。", "发了个消息给运维。"])
def test_sending_something_is_no_release(sentence):
    assert not rules.done_outright(sentence)
    work = rules.finished_work(sentence)
    assert work is None or "发了" not in work.summary
