from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp import journal, store
from omp.paths import MemoryRoot
from tests.helpers import omp_ok, run_omp, temp_memory


def test_every_write_appends_its_changes_with_increasing_cursors(memory: MemoryRoot):
    store.add_decision(memory, title="Use Postgres", choice="Postgres", by="agent-a")
    store.set_value(memory, "deployment.web.status", "active", by="agent-b")
    store.add_change(memory, summary="Add sign-up page", type="feat", dry_run=True)

    page = journal.read(memory)

    assert [c.cursor for c in page.changes] == [1, 2]
    first, second = page.changes
    assert (first.by, first.file, first.kind) == ("agent-a", "_omp/memory/decisions.yaml", "write")
    assert first.id is not None and first.change == f"decisions[{first.id}]: added"
    assert (second.by, second.change) == ("agent-b", "deployment.web.status: (unset) → active")
    assert second.id is None


def test_reading_since_a_cursor_returns_only_newer_changes(memory: MemoryRoot):
    for n in range(3):
        store.add_change(memory, summary=f"Change number {n} of the app")

    page = journal.read(memory, since=2)

    assert [c.cursor for c in page.changes] == [3]
    assert (page.latest, page.missed) == (3, False)


def test_rotation_keeps_the_journal_bounded_and_tells_a_late_reader(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(journal, "MAX_BYTES", 600)
    for n in range(12):
        store.add_change(memory, summary=f"Change number {n} of the app")

    page = journal.read(memory, since=0)

    segments = [memory.cache / journal.JOURNAL_FILE, memory.cache / journal.OLD_JOURNAL_FILE]
    assert all(p.stat().st_size <= 600 + 400 for p in segments if p.exists())
    assert page.missed
    assert page.oldest is not None and page.oldest > 1
    assert page.changes[-1].cursor == 12
    assert [c.cursor for c in page.changes] == list(range(page.oldest, 13))


def test_a_deleted_cache_restarts_the_journal_under_a_new_epoch(memory: MemoryRoot):
    store.add_change(memory, summary="First change of the app")
    before = journal.read(memory)
    import shutil

    shutil.rmtree(memory.cache)
    store.add_change(memory, summary="Second change of the app")
    after = journal.read(memory)

    assert after.latest == 1
    assert after.epoch != before.epoch


def test_concurrent_writers_get_unique_consecutive_cursors(memory: MemoryRoot):
    script = (
        "import sys\n"
        "from omp.paths import find_root\n"
        "from omp import store\n"
        "root = find_root()\n"
        "for n in range(10):\n"
        "    store.add_change(root, summary=f'process {sys.argv[1]} change {n} done')\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(p)], cwd=memory.project)
        for p in range(4)
    ]
    for proc in procs:
        assert proc.wait(timeout=120) == 0

    cursors = [c.cursor for c in journal.read(memory).changes]

    assert cursors == list(range(1, 41))


def test_omp_changes_prints_lines_and_json(memory: MemoryRoot):
    store.add_decision(memory, title="Use Redis", choice="Redis")

    text = omp_ok("changes").stdout
    data = json.loads(omp_ok("changes", "--json").stdout)
    empty = omp_ok("changes", "--since", "1")

    assert text.startswith("1\t")
    assert "decisions.yaml\tdecisions[" in text
    assert [c["cursor"] for c in data["changes"]] == [1]
    assert data["latest"] == 1
    assert "no changes after cursor 1" in empty.stderr


def test_follow_streams_a_change_written_by_another_process(memory: MemoryRoot):
    follower = subprocess.Popen(
        [sys.executable, "-m", "omp", "changes", "--follow", "--json"],
        cwd=memory.project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    out = follower.stdout
    assert out is not None
    reader = threading.Thread(target=lambda: lines.extend(iter(out.readline, "")))
    reader.start()
    try:
        time.sleep(0.5)  # let the follower start before the write (not a synchronisation)
        subprocess.run(
            [sys.executable, "-m", "omp", "add", "change", "--summary", "Followed change"],
            cwd=memory.project,
            check=True,
            capture_output=True,
        )
        deadline = time.monotonic() + 10
        while not lines and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        follower.terminate()
        follower.wait(timeout=10)
        reader.join(timeout=10)
        assert follower.stdout is not None and follower.stderr is not None
        err = follower.stderr.read()
        follower.stdout.close()
        follower.stderr.close()

    assert lines, err
    record = json.loads(lines[0])
    assert record["cursor"] == 1
    assert record["change"].startswith("changelog[")


def test_a_read_only_cache_never_fails_a_write(memory: MemoryRoot, tmp_path: Path):
    memory.cache.mkdir(parents=True, exist_ok=True)
    (memory.cache / journal.JOURNAL_FILE).mkdir()  # appending to it fails

    result = store.add_change(memory, summary="Written despite the journal")

    assert result.files


def test_cursors_keep_increasing_after_records_longer_than_the_tail_read(memory: MemoryRoot):
    store.add_change(memory, summary="First change of the app")
    store.add_change(memory, summary="Second change of the app", by="x" * 5_000)
    store.add_change(memory, summary="Third change of the app", by="y" * 300_000)
    store.add_change(memory, summary="Fourth change of the app")

    cursors = [c.cursor for c in journal.read(memory).changes]
    since = omp_ok("changes", "--since", "3")

    assert cursors == [1, 2, 3, 4]
    assert journal.latest_cursor(memory) == 4
    assert [c.cursor for c in journal.tail(memory, 3)] == [2, 3, 4]
    assert since.stdout.startswith("4\t") and "restarted" not in since.stderr


def test_a_hand_added_entry_with_a_long_summary_keeps_cursors_increasing(memory: MemoryRoot):
    store.add_change(memory, summary="First change of the app")
    store.add_change(memory, summary="Second change of the app")
    path = memory.memory / "changelog.yaml"
    text = path.read_text()
    long_entry = f"  - date: 2026-01-01\n    type: other\n    summary: {'z' * 2400}\n"
    path.write_text(text.replace("_meta:", long_entry + "_meta:", 1))
    assert run_omp("watch", "--once", cwd=memory.project).returncode == 0

    omp_ok("add", "change", "--summary", "Fourth change of the app")
    since = omp_ok("changes", "--since", "3")

    assert [c.cursor for c in journal.read(memory).changes] == [1, 2, 3, 4]
    assert since.stdout.startswith("4\t") and "restarted" not in since.stderr


def test_a_line_torn_by_a_crash_does_not_swallow_the_next_record(memory: MemoryRoot):
    store.add_change(memory, summary="First change of the app")
    with (memory.cache / journal.JOURNAL_FILE).open("a") as f:
        f.write('{"cursor": 2, "time": "2026-')  # the crash came mid-record

    store.add_change(memory, summary="Second change of the app")

    assert [c.cursor for c in journal.read(memory).changes] == [1, 2]


@pytest.mark.parametrize(
    ("option", "value"), [("--limit", "-1"), ("--limit", "-3"), ("--since", "-1")]
)
def test_negative_changes_arguments_are_usage_errors(memory: MemoryRoot, option: str, value: str):
    store.add_change(memory, summary="First change of the app")

    done = run_omp("changes", option, value, cwd=memory.project)

    assert done.returncode == 2
    assert f"error: {option} must be 0 or more, not {value}" in done.stderr
    assert "hint:" in done.stderr and "rotated" not in done.stderr
    assert done.stdout == ""


def test_a_cache_that_is_a_file_reads_as_no_journal_and_writes_say_how_to_fix_it(
    memory: MemoryRoot,
):
    import shutil

    store.add_change(memory, summary="First change of the app")
    shutil.rmtree(memory.cache)
    memory.cache.touch()
    before = (memory.memory / "changelog.yaml").read_bytes()

    changes = run_omp("changes", cwd=memory.project)
    data = json.loads(run_omp("changes", "--json", cwd=memory.project).stdout)
    add = run_omp("add", "change", "--summary", "Second change of the app", cwd=memory.project)

    assert changes.returncode == 0, changes.stderr
    assert "note: the change journal cannot be kept: _omp/.cache is not a folder" in changes.stderr
    assert (data["changes"], data["latest"]) == ([], 0)
    assert data["problem"].startswith("_omp/.cache is not a folder")
    assert add.returncode == 1 and "Traceback" not in add.stderr
    assert "error: _omp/.cache is a file, not a folder" in add.stderr
    assert "hint: remove it (rm _omp/.cache)" in add.stderr
    assert (memory.memory / "changelog.yaml").read_bytes() == before
    memory.cache.unlink()  # the fix the hint names
    assert (
        run_omp("add", "change", "--summary", "Second change", cwd=memory.project).returncode == 0
    )


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=40_000), min_size=1, max_size=8))
def test_latest_cursor_and_tail_agree_with_a_whole_read_whatever_the_record_sizes(sizes):
    with tempfile.TemporaryDirectory() as tmp:
        root = temp_memory(tmp)
        for size in sizes:
            journal.append(root, [("_omp/memory/changelog.yaml", "x: y")], by="b" * size)

        kept = journal.read(root).changes

        assert [c.cursor for c in kept] == list(range(1, len(sizes) + 1))
        assert journal.latest_cursor(root) == len(sizes)
        assert journal.tail(root, 3) == kept[-3:]
