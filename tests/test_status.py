"""`omp status`: the memory at a glance."""

from __future__ import annotations

import json

import pytest

from omp import hooks, ingest, store
from omp.paths import MemoryRoot
from omp.records import CANDIDATES
from omp.status import status
from tests.helpers import run_omp


def test_status_shows_files_queues_index_journal_and_hooks(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.add_decision(memory, title="Search", choice="SQLite FTS5", by="agent-a")
    store.add_change(memory, summary="add search", type="feat")
    store.add_session(memory, summary="built search", date="2026-01-02")
    store.add_session(memory, summary="tuned search", date="2026-01-03")

    def queue(tx: store.Transaction) -> None:
        entry = {"title": "t", "choice": "c"}
        tx.upsert(CANDIDATES, "candidates.yaml",
                  {"target": "decisions", "status": "pending", "entry": entry})  # fmt: skip

    store.transact(memory, [queue])
    monkeypatch.setenv("OMP_USER_STORE", "off")
    ingest.extract(memory, text="I prefer tabs over spaces in every project.")
    found = status(memory)
    files = {f.file: f for f in found.files}
    assert files["decisions.yaml"].entries == 1
    assert files["decisions.yaml"].last_by == "agent-a"
    # two sessions recorded, and today's, which the extraction writes
    assert files["sessions/"].files == 3 and files["sessions/"].entries == 3
    assert found.pending_review == 1
    assert found.user_store["available"] is False and found.user_store["queued"] == 1
    assert found.index["entries"] >= 5
    assert found.journal["cursor"] >= 4
    assert found.hooks["installed"] is False
    hooks.install(memory.project)
    assert status(memory).hooks["installed"] is True
    assert found.healthy


def test_status_cli_and_a_broken_file(memory: MemoryRoot) -> None:
    done = run_omp("status", cwd=memory.project)
    assert done.returncode == 0, done.stderr
    assert "review queue: 0 pending" in done.stdout and "decisions.yaml" in done.stdout
    data = json.loads(run_omp("status", "--json", cwd=memory.project).stdout)
    assert {"files", "pending_review", "user_store", "index", "journal", "hooks"} <= set(data)
    (memory.memory / "decisions.yaml").write_text("decisions:\n  - id: [unclosed\n")
    done = run_omp("status", cwd=memory.project)
    assert done.returncode == 1
    assert "PROBLEM" in done.stdout


def test_status_says_the_journal_is_unavailable_when_the_cache_is_a_file(
    memory: MemoryRoot,
) -> None:
    import shutil

    store.add_change(memory, summary="add search", type="feat")
    shutil.rmtree(memory.cache)
    memory.cache.touch()

    done = run_omp("status", cwd=memory.project)
    data = json.loads(run_omp("status", "--json", cwd=memory.project).stdout)

    assert done.returncode == 0, done.stderr
    assert "journal: unavailable (_omp/.cache is not a folder; remove it" in done.stdout
    assert "changelog.yaml" in done.stdout
    assert data["journal"]["cursor"] == 0
    assert data["journal"]["problem"].startswith("_omp/.cache is not a folder")
