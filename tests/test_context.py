"""`omp context`: the start-up pack, its budget and its reasons."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omp import context, store
from omp.index import Index
from omp.paths import MemoryRoot
from tests.helpers import run_omp


@pytest.fixture
def project(memory: MemoryRoot) -> MemoryRoot:
    store.set_value(memory, "deployment.web.url", "https://web.example")
    store.set_value(memory, "paths.docs", "docs/")
    store.set_value(memory, "tech_stack.db", "PostgreSQL 16")
    store.set_value(memory, "owner.team", "platform")
    store.add_decision(memory, title="Old cache", choice="memcached", date="2024-01-01",
                       rationale="cheap")  # fmt: skip
    store.add_decision(memory, title="Cache layer", choice="Redis", date="2026-02-01",
                       rationale="persistence")  # fmt: skip
    store.add_decision(memory, title="Queue", choice="SQS", date="2026-03-01", status="proposed")
    store.add_decision(memory, title="ORM", choice="SQLAlchemy", date="2025-05-01",
                       status="superseded")  # fmt: skip
    store.add_decision(memory, title="Auth", choice="OAuth", date="2025-06-01", status="retracted")
    for i in range(12):
        store.add_change(memory, summary=f"change number {i}", type="feat",
                         date=f"2026-04-{i + 1:02d}")  # fmt: skip
    for day in ("2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04"):
        store.add_session(memory, summary=f"work of {day}", date=day)
    (memory.memory / "runbook.md").write_text("# Runbook\n\nRotate the Kafka certificates.\n")
    return memory


def _expire(memory: MemoryRoot, title: str, valid_to: str) -> None:
    from omp.records import DECISIONS
    from omp.yamlio import load

    data = load((memory.memory / "decisions.yaml").read_text())
    (entry,) = [d for d in data["decisions"] if d["title"] == title]

    def edit(tx: store.Transaction) -> None:
        tx.upsert(DECISIONS, "decisions.yaml", {"id": entry["id"], "valid_to": valid_to})

    store.transact(memory, [edit])


def test_the_pack_has_facts_decisions_recent_work_and_reasons(project: MemoryRoot) -> None:
    _expire(project, "Old cache", "2025-01-01")
    pack = context.build(project, today="2026-06-01")
    text = pack.text
    assert text.startswith(f"# Project memory: {project.project.name}\n")
    for fact in ("deployment.web.url: https://web.example", "paths.docs: docs/",
                 "tech_stack.db: PostgreSQL 16"):  # fmt: skip
        assert fact in text
    decisions = text.split("## Decisions in force\n")[1].split("\n\n")[0].splitlines()
    assert [d.split(":")[0] for d in decisions] == ["- Queue", "- Cache layer"]  # newest first
    assert "proposed]" in decisions[0]
    assert "SQLAlchemy" not in text and "OAuth" not in text and "memcached" not in text
    changes = text.split("## Recent changes\n")[1].split("\n\n")[0].splitlines()
    assert len(changes) == context.RECENT_CHANGES and "change number 11" in changes[0]
    sessions = text.split("## Recent sessions\n")[1].split("\n\n")[0].splitlines()
    assert [s.split(":")[0] for s in sessions] == ["- 2026-04-04", "- 2026-04-03", "- 2026-04-02"]
    assert "## Latest writes" in text
    data = pack.to_json()
    reasons = {(e["kind"], e["id"]): e["reason"] for e in data["excluded"]}
    by_title = _ids_by_title(project)
    assert reasons[("decisions", by_title["ORM"])] == "status: superseded"
    assert reasons[("decisions", by_title["Auth"])] == "status: retracted"
    assert reasons[("decisions", by_title["Old cache"])] == "expired: valid_to 2025-01-01"
    included = {e["id"]: e for e in data["included"]}
    assert included["deployment.web.url"]["reason"].startswith("rule:")
    assert included[by_title["Queue"]]["reason"].startswith("decision in force (proposed)")
    assert all(e["tokens"] > 0 for e in data["included"])


def _ids_by_title(memory: MemoryRoot) -> dict[str, str]:
    from omp.yamlio import load

    data = load((memory.memory / "decisions.yaml").read_text())
    return {d["title"]: d["id"] for d in data["decisions"]}


def test_every_entry_is_in_exactly_one_list(project: MemoryRoot) -> None:
    with Index(project) as index:
        index.refresh()
        rows = index.db.execute("SELECT kind, id, rel, pos FROM entries").fetchall()
    expected = Counter(
        (kind, str(eid) if eid is not None else f"{rel}#{pos}") for kind, eid, rel, pos in rows
    )
    for budget, task in ((2400, None), (150, None), (600, "kafka certificates"), (0, None)):
        data = context.build(project, budget_tokens=budget, task=task, today="2026-06-01").to_json()
        seen = Counter(
            (e["kind"], e["id"])
            for e in data["included"] + data["excluded"]
            if e["kind"] not in ("journal", "review")
        )
        assert seen == expected, (budget, task)


def test_a_task_brings_relevant_entries_first(project: MemoryRoot) -> None:
    plain = context.build(project, budget_tokens=400, today="2026-06-01")
    assert "Kafka" not in plain.text
    pack = context.build(project, budget_tokens=400, task="rotate kafka certificates",
                         today="2026-06-01")  # fmt: skip
    assert "Rotate the Kafka certificates" in pack.text
    first = pack.to_json()["included"]
    scored = [e for e in first if e["score"] > 0]
    assert scored and scored[0]["kind"] == "markdown"
    old = context.build(project, task="memcached cheap", today="2026-06-01")
    decisions = old.text.split("## Decisions in force\n")[1].splitlines()
    assert decisions[0].startswith("- Old cache")  # relevant beats newer


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    budget=st.integers(min_value=0, max_value=3000), task=st.sampled_from([None, "redis", "缓存"])
)
def test_the_budget_is_never_exceeded(project: MemoryRoot, budget: int, task: str | None) -> None:
    pack = context.build(project, budget_tokens=budget, task=task, today="2026-06-01")
    assert context.estimate_tokens(pack.text) <= budget
    assert pack.used == context.estimate_tokens(pack.text)
    assert sum(i.tokens for i in pack.included) <= budget


def test_the_default_pack_fits_a_session_start_hook(memory: MemoryRoot) -> None:
    for i in range(60):  # far more than the budget, half of it Chinese
        store.add_decision(memory, title=f"决定 {i} 使用缓存层和消息队列来处理高并发请求",
                           choice="Redis 集群" * 10, rationale="因为" * 40)  # fmt: skip
        store.add_decision(memory, title=f"decision {i}", choice="x" * 300)
    pack = context.build(memory)
    assert len(pack.text) <= 10_000
    assert pack.used <= context.DEFAULT_BUDGET


def test_the_pack_is_deterministic_and_counts_the_review_queue(project: MemoryRoot) -> None:
    from omp.records import CANDIDATES

    def queue(tx: store.Transaction) -> None:
        for n in range(2):
            entry = {"title": f"maybe {n}", "choice": f"option {n}"}
            tx.upsert(CANDIDATES, "candidates.yaml",
                      {"target": "decisions", "status": "pending", "entry": entry})  # fmt: skip

    store.transact(project, [queue])
    one = context.build(project, today="2026-06-01")
    two = context.build(project, today="2026-06-01")
    assert one.text == two.text and one.to_json() == two.to_json()
    assert "- 2 extracted item(s) wait for `omp review`." in one.text
    queued = [e for e in one.to_json()["excluded"] if e["kind"] == "candidates"]
    assert [e["reason"] for e in queued] == ["review queue: counted, not listed"] * 2


def test_cli_formats(project: MemoryRoot, tmp_path: Path) -> None:
    done = run_omp("context", "--budget-tokens", "300", cwd=project.project)
    assert done.returncode == 0, done.stderr
    assert context.estimate_tokens(done.stdout) <= 300
    done = run_omp("context", "--format", "json", "--for", "redis", cwd=project.project)
    data = json.loads(done.stdout)
    assert set(data) == {"budget", "task", "included", "excluded", "text"}
    assert data["budget"]["tokens"] == context.DEFAULT_BUDGET and data["task"] == "redis"
    assert {"id", "kind", "file", "reason", "score", "tokens"} <= set(data["included"][0])
    bad = run_omp("context", "--format", "xml", cwd=project.project)
    assert bad.returncode == 2 and "invalid choice: 'xml'" in bad.stderr


def test_a_cache_that_is_a_file_gives_a_pack_without_the_journal(project: MemoryRoot) -> None:
    import shutil

    shutil.rmtree(project.cache)
    project.cache.touch()

    done = run_omp("context", cwd=project.project)

    assert done.returncode == 0, done.stderr
    assert "Cache layer" in done.stdout and "## Latest writes" not in done.stdout


def test_a_budget_beyond_any_memory_is_taken_as_the_largest(project: MemoryRoot) -> None:
    done = run_omp("context", "--budget-tokens", str(10**21), "--format", "json",
                   cwd=project.project)  # fmt: skip

    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["budget"]["tokens"] == context.MAX_BUDGET
    assert not [e for e in data["excluded"] if e["reason"] == "budget"]
