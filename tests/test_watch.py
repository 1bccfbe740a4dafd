from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
from datetime import date, timedelta
from pathlib import Path

import pytest

from omp import journal, store, watch
from omp.paths import MemoryRoot
from tests.helpers import run_omp


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("decisions.yaml", "decisions.yaml"),
        ("sessions/2026-11-30.yaml", "sessions/2026-11-30.yaml"),
        ("notes.md", "notes.md"),
        (".decisions.yaml.a1b2.tmp", None),
        (".backup/decisions.yaml.20261130T000000.000000Z.bak", None),
        ("decisions.yaml.swp", None),
        ("decisions.yaml~", None),
        ("image.png", None),
    ],
)
def test_relevant_keeps_memory_files_and_ignores_temp_backup_and_editor_files(
    tmp_path: Path, name: str, expected: str | None
):
    memory = tmp_path / "_omp" / "memory"
    assert watch.relevant(memory / name, memory) == expected
    assert watch.relevant(tmp_path / "elsewhere.yaml", memory) is None


def test_an_outside_edit_becomes_records_computed_from_the_data(memory: MemoryRoot):
    result = store.add_decision(memory, title="Use Redis", choice="Redis")
    did = result.entries[0].id
    path = memory.memory / "decisions.yaml"
    path.write_text(path.read_text().replace("choice: Redis", "choice: Valkey"))

    records = watch.scan(memory)

    assert [(r.kind, r.change) for r in records] == [
        ("outside", f"decisions[{did}].choice: Redis → Valkey")
    ]
    assert watch.scan(memory) == []  # seen once, reported once


@pytest.mark.parametrize("read_first", [False, True])
def test_an_outside_edit_of_project_facts_is_journaled(memory: MemoryRoot, read_first: bool):
    from omp import lookup

    store.set_value(memory, "tech_stack.db", "Postgres")
    assert watch.scan(memory, new_files=True) == []
    path = memory.memory / "project.yaml"
    path.write_text(path.read_text().replace('db: "Postgres"', 'db: "MySQL"'))
    if read_first:  # a read indexes the edit and keeps the version it replaces
        assert lookup.show(memory, "project").data["tech_stack"]["db"] == "MySQL"

    records = watch.scan(memory, new_files=True)

    assert [(r.kind, r.change) for r in records] == [("outside", "tech_stack.db: Postgres → MySQL")]
    assert watch.scan(memory, new_files=True) == []


def test_omp_own_writes_are_not_reported_again(memory: MemoryRoot):
    store.add_change(memory, summary="Written by omp itself")

    assert watch.scan(memory) == []


def test_an_invalid_edit_is_a_warning_and_the_file_stays_as_saved(memory: MemoryRoot):
    watch.scan(memory)  # the baseline
    path = memory.memory / "decisions.yaml"
    path.write_text("decisions: 5\n")

    records = watch.scan(memory)

    assert [r.kind for r in records] == ["warning"]
    assert "decisions: 5 is not of type 'array'" in records[0].change
    assert path.read_text() == "decisions: 5\n"


def test_a_burst_of_a_hundred_files_is_recorded_once_each(memory: MemoryRoot):
    watch.scan(memory)  # the baseline
    for n in range(100):
        day = date(2025, 1, 1) + timedelta(days=n)
        (memory.memory / "sessions" / f"{day}.yaml").write_text(
            f"date: 2025-01-01\nsessions:\n  - id: ses-{n}\n    summary: burst session {n}\n"
        )

    records = watch.scan(memory, new_files=True)

    assert sorted(r.change for r in records) == sorted(
        f"sessions[ses-{n}]: added" for n in range(100)
    )
    assert watch.scan(memory, new_files=True) == []


def test_a_real_observer_reports_an_edit_and_stops_cleanly(memory: MemoryRoot):
    store.add_decision(memory, title="Use Postgres", choice="Postgres")
    seen: queue.Queue[journal.Change] = queue.Queue()
    stop, ready = threading.Event(), threading.Event()

    def collect(records: list[journal.Change]) -> None:
        for record in records:
            seen.put(record)

    thread = threading.Thread(
        target=watch.run,
        kwargs={"root": memory, "stop": stop, "ready": ready, "on_records": collect},
    )
    thread.start()
    try:
        assert ready.wait(timeout=10)
        path = memory.memory / "decisions.yaml"
        path.write_text(path.read_text().replace("choice: Postgres", "choice: Postgres 16"))
        record = seen.get(timeout=10)
    finally:
        stop.set()
        thread.join(timeout=10)

    assert not thread.is_alive()
    assert record.kind == "outside"
    assert record.change.endswith(".choice: Postgres → Postgres 16")


def _watching(memory: MemoryRoot):
    """A real observer in a thread, and the queue its records arrive on."""
    seen: queue.Queue[journal.Change] = queue.Queue()
    stop, ready = threading.Event(), threading.Event()
    thread = threading.Thread(
        target=watch.run,
        kwargs={"root": memory, "stop": stop, "ready": ready, "on_records": seen_put(seen)},
    )
    return seen, stop, ready, thread


def seen_put(seen: queue.Queue[journal.Change]):
    def collect(records: list[journal.Change]) -> None:
        for record in records:
            seen.put(record)

    return collect


@pytest.mark.parametrize("read", ["show", "search", "context"])
def test_an_outside_edit_a_read_indexed_first_is_journaled_once(memory: MemoryRoot, read: str):
    from omp import writer
    from tests.helpers import omp_ok

    did = store.add_decision(memory, title="Use Postgres", choice="Postgres").entries[0].id
    reads = {  # each prints something only the edited version holds
        "show": (["show", "decisions", "--id", did], "Postgres 16"),
        "search": (["search", "16"], did),
        "context": (["context"], "Postgres 16"),
    }
    args, shows = reads[read]
    seen, stop, ready, thread = _watching(memory)
    thread.start()
    try:
        assert ready.wait(timeout=10)
        path = memory.memory / "decisions.yaml"
        # the watcher scans under the write lock: holding it, the read surely indexes first
        with writer.locked(memory, timeout=10):
            path.write_text(path.read_text().replace("choice: Postgres", "choice: Postgres 16"))
            assert shows in omp_ok(*args).stdout
        record = seen.get(timeout=10)
        # a second edit, of another file: once it is in, any repeat of the first would be too
        (memory.memory / "notes.md").write_text("# Notes\nkept by hand\n")
        sentinel = seen.get(timeout=10)
    finally:
        stop.set()
        thread.join(timeout=10)

    assert not thread.is_alive()
    assert (record.kind, record.change) == (
        "outside",
        f"decisions[{did}].choice: Postgres → Postgres 16",
    )
    assert sentinel.file == "_omp/memory/notes.md"
    outside = [c.change for c in journal.read(memory).changes if c.kind == "outside"]
    assert outside == [record.change, sentinel.change]


def test_an_edit_indexed_by_a_read_while_no_watcher_ran_is_journaled_when_one_starts(
    memory: MemoryRoot,
):
    from tests.helpers import omp_ok

    did = store.add_decision(memory, title="Use Redis", choice="Redis").entries[0].id
    omp_ok("search", "Redis")  # the index holds every file
    path = memory.memory / "decisions.yaml"
    path.write_text(path.read_text().replace("choice: Redis", "choice: Valkey"))
    (memory.memory / "sessions" / "2026-01-02.yaml").write_text(
        "date: 2026-01-02\nsessions:\n  - id: ses-by-hand\n    summary: written by hand\n"
    )
    omp_ok("search", "Valkey")  # indexes both, before anyone journals them

    started = omp_ok("watch", "--once", "--json")
    again = omp_ok("watch", "--once", "--json")

    records = [json.loads(line) for line in started.stdout.splitlines()]
    # a file that appeared while nobody watched is the baseline, as when no read ran
    assert [r["change"] for r in records] == [f"decisions[{did}].choice: Redis → Valkey"]
    assert again.stdout == ""


def test_a_write_journals_the_outside_edit_it_starts_from_before_its_own(memory: MemoryRoot):
    from omp import lookup

    did = store.add_decision(memory, title="Use Redis", choice="Redis").entries[0].id
    path = memory.memory / "decisions.yaml"
    path.write_text(path.read_text().replace("choice: Redis", "choice: Valkey"))
    assert lookup.show(memory, "decisions", id=did).data["choice"] == "Valkey"  # a read indexes it
    store.add_decision(memory, title="Use Vite", choice="Vite", by="agent-a")

    changes = journal.read(memory).changes

    assert [(c.kind, c.by) for c in changes] == [
        ("write", "omp"),
        ("outside", "unknown"),
        ("write", "agent-a"),
    ]
    assert changes[1].change == f"decisions[{did}].choice: Redis → Valkey"
    assert watch.scan(memory, new_files=True) == []  # journaled once, the write not at all


def test_a_write_journals_its_own_files_edit_and_leaves_another_files_for_later(
    memory: MemoryRoot,
):
    from omp.index import Index

    did = store.add_decision(memory, title="Use Redis", choice="Redis").entries[0].id
    store.add_change(memory, summary="Add the cache", type="feat")
    decisions, changelog = memory.memory / "decisions.yaml", memory.memory / "changelog.yaml"
    decisions.write_text(decisions.read_text().replace("choice: Redis", "choice: Valkey"))
    changelog.write_text(changelog.read_text().replace("Add the cache", "Add a cache"))
    with Index(memory) as index:
        assert {"changelog.yaml", "decisions.yaml"} <= set(index.refresh())  # as a read does
    store.add_decision(memory, title="Use Vite", choice="Vite", by="agent-a")

    assert [c.change for c in journal.read(memory).changes if c.kind == "outside"] == [
        f"decisions[{did}].choice: Redis → Valkey"
    ]
    later = watch.scan(memory, new_files=True)  # the changelog's edit is still kept
    assert [c.change.split(": ", 1)[1] for c in later] == ["Add the cache → Add a cache"]
    assert watch.scan(memory, new_files=True) == []


def test_a_restore_is_journaled_as_a_restore_only(memory: MemoryRoot):
    did = store.add_decision(memory, title="Use Redis", choice="Redis").entries[0].id
    store.add_decision(memory, id=did, title="Use Redis", choice="Valkey")
    watch.scan(memory)  # the baseline

    store.restore(memory, "decisions.yaml")

    assert journal.read(memory).changes[-1].change.startswith("restored decisions.yaml.")
    assert watch.scan(memory, new_files=True) == []


def test_stamping_meta_on_outside_edits_is_a_setting(memory: MemoryRoot):
    result = store.add_decision(memory, title="Use Redis", choice="Redis")
    did = result.entries[0].id
    config = memory.project / "_omp" / "config.yaml"
    config.write_text(
        config.read_text().replace("watch_stamp_meta: false", "watch_stamp_meta: true")
    )
    path = memory.memory / "decisions.yaml"
    path.write_text(path.read_text().replace("choice: Redis", "choice: Valkey"))

    records = watch.scan(memory)

    from omp.yamlio import load

    meta = load(path.read_text())["_meta"]
    assert meta["updated_by"] == "unknown"
    assert meta["changes"] == [f"decisions[{did}].choice: Redis → Valkey"]
    assert [r.kind for r in records] == ["outside"]
    assert [c.kind for c in journal.read(memory).changes].count("write") == 1  # the add only
    assert watch.scan(memory) == []  # the stamp is omp's own write


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_the_watch_command_stops_cleanly_on_a_signal(memory: MemoryRoot, sig: int):
    proc = subprocess.Popen(
        [sys.executable, "-m", "omp", "watch"],
        cwd=memory.project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    assert "watching" in proc.stderr.readline()  # up and watching

    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)

    assert proc.returncode == 0, err
    assert "Traceback" not in err


def test_a_file_saved_invalid_mid_edit_gives_only_a_warning_until_it_is_fixed(
    memory: MemoryRoot,
):
    did = store.add_decision(memory, title="Use Redis", choice="Redis").entries[0].id
    path = memory.memory / "decisions.yaml"
    good = path.read_text()

    def watch_once() -> list[tuple[str, str]]:
        done = run_omp("watch", "--once", "--json", cwd=memory.project)
        assert done.returncode == 0, done.stderr
        return [(r["kind"], r["change"]) for r in map(json.loads, done.stdout.splitlines())]

    assert watch_once() == []  # the baseline
    path.write_text(good + "oops: [\n")  # saved mid-edit
    broken = watch_once()
    path.write_text(good)  # fixed: the same entries as before
    fixed = watch_once()
    path.write_text(good.replace("choice: Redis", "choice: Valkey") + "oops: [\n")
    broken_again = watch_once()
    path.write_text(good.replace("choice: Redis", "choice: Valkey"))
    changed = watch_once()

    assert [kind for kind, _ in broken] == ["warning"]
    assert fixed == [("outside", "valid again after an outside edit")]
    assert [kind for kind, _ in broken_again] == ["warning"]
    assert changed == [
        ("outside", f"decisions[{did}].choice: Redis → Valkey"),
        ("outside", "valid again after an outside edit"),
    ]
    assert not any("removed" in r.change or "added" in r.change
                   for r in journal.read(memory, since=1).changes)  # fmt: skip
    assert watch_once() == []


def test_a_new_file_that_appears_invalid_is_reported_once_it_is_valid(memory: MemoryRoot):
    watch.scan(memory)  # the baseline
    path = memory.memory / "sessions" / "2025-01-01.yaml"
    path.write_text("date: 2025-01-01\nsessions:\n  - id: ses-1\n    summary: [half\n")

    broken = watch.scan(memory, new_files=True)
    path.write_text("date: 2025-01-01\nsessions:\n  - id: ses-1\n    summary: done\n")
    fixed = watch.scan(memory, new_files=True)

    assert [r.kind for r in broken] == ["warning"]
    assert [r.change for r in fixed] == [
        "sessions[ses-1]: added",
        "valid again after an outside edit",
    ]
