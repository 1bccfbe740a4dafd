from __future__ import annotations

import errno
import json
import os
import pathlib
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from omp import lookup, store, writer
from omp.constants import DEFAULT_BACKUP_RETENTION
from omp.errors import ValidationError, WriteFailedError
from omp.paths import MemoryRoot
from omp.validate import validate
from omp.yamlio import load
from tests.helpers import LOCK_HOLDER, memory_files, run_omp

BACKUP_NAME = re.compile(r"^changelog\.yaml\.(\d{8}T\d{6}\.\d{6}Z)(?:-\d+)?\.bak$")


def leftover_temps(project: Path) -> list[Path]:
    """Temp files of the writer anywhere under `_omp/`."""
    return sorted(
        p for p in (project / "_omp").rglob("*") if writer.is_temp(p) or p.suffix == ".tmp"
    )


def changelog_summaries(memory: MemoryRoot) -> list[str]:
    data = load((memory.memory / "changelog.yaml").read_text(encoding="utf-8"))
    return [e["summary"] for e in data["changelog"]]


def decision_titles(memory: MemoryRoot) -> list[str]:
    data = load((memory.memory / "decisions.yaml").read_text(encoding="utf-8"))
    return [e["title"] for e in data["decisions"]]


@pytest.fixture
def far_from_utc() -> Iterator[None]:
    """Run in a local time zone nine hours away from UTC (stamps must stay UTC)."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "JST-9"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


# ---------------------------------------------------------------------------------------------
# A write that changes nothing


def _add_change(root: MemoryRoot) -> Any:
    return store.add_change(root, summary="Ship the writer", type="feat", ref="abc1234")


def _add_decision(root: MemoryRoot) -> Any:
    return store.add_decision(root, title="Store memory as YAML", choice="YAML files")


def _write_document(root: MemoryRoot) -> Any:
    return store.write_document(
        root,
        {
            "decisions": [{"title": "Lock one file", "choice": "flock on _omp/.cache/lock"}],
            "changelog": [{"summary": "Add the lock", "type": "feat"}],
        },
    )


@pytest.mark.parametrize(
    "write",
    [_add_change, _add_decision, _write_document],
    ids=["add_change", "add_decision", "write_document"],
)
def test_write_that_changes_no_data_leaves_bytes_and_mtime_alone_and_takes_no_backup(
    memory: MemoryRoot, write: Callable[[MemoryRoot], Any]
) -> None:
    write(memory)
    paths = [memory.memory / "changelog.yaml", memory.memory / "decisions.yaml"]
    past = 1_000_000_000_000_000_000  # 2001-09-09: any touch of the file would move it
    for p in paths:
        os.utime(p, ns=(past, past))
    before = memory_files(memory.project)
    inodes = {p: p.stat().st_ino for p in paths}
    backups_before = store.backups(memory)

    result = write(memory)

    assert result.files == ()
    assert {e.action for e in result.entries} == {"unchanged"}
    assert memory_files(memory.project) == before
    for p in paths:
        assert p.stat().st_mtime_ns == past, f"{p.name} was touched"
        assert p.stat().st_ino == inodes[p], f"{p.name} was replaced"
    assert store.backups(memory) == backups_before
    assert leftover_temps(memory.project) == []


# ---------------------------------------------------------------------------------------------
# Backups


@pytest.mark.usefixtures("far_from_utc")
def test_every_write_backs_up_the_previous_bytes_under_a_utc_stamp(memory: MemoryRoot) -> None:
    target = memory.memory / "changelog.yaml"
    for n in range(3):
        previous = target.read_bytes()
        started = datetime.now(UTC)

        result = store.add_change(memory, summary=f"change {n}")

        assert len(result.backups) == 1
        backup = result.backups[0]
        assert backup.parent == memory.project / "_omp" / "memory" / ".backup"
        assert backup.read_bytes() == previous
        match = BACKUP_NAME.match(backup.name)
        assert match, backup.name
        stamp = datetime.strptime(match.group(1), "%Y%m%dT%H%M%S.%fZ").replace(tzinfo=UTC)
        assert started - timedelta(seconds=1) <= stamp <= datetime.now(UTC) + timedelta(seconds=1)
    names = [b.name for b in store.backups(memory, "changelog.yaml")]
    assert names == [b.name for b in sorted(store.backups(memory), key=lambda b: b.name)]
    assert len(names) == 3


def test_backup_retention_from_config_keeps_only_the_newest_backups(memory: MemoryRoot) -> None:
    memory.config.write_text("omp:\n  backup_retention: 3\n", encoding="utf-8")
    target = memory.memory / "changelog.yaml"
    versions = [target.read_bytes()]
    for n in range(6):
        store.add_change(memory, summary=f"change {n}")
        versions.append(target.read_bytes())

    kept = store.backups(memory, "changelog.yaml")

    assert len(kept) == 3
    assert [b.path.read_bytes() for b in kept] == versions[3:6]
    assert len(list(memory.backups.glob("changelog.yaml.*.bak"))) == 3


def test_default_backup_retention_keeps_twenty_backups_per_file(memory: MemoryRoot) -> None:
    assert DEFAULT_BACKUP_RETENTION == 20
    memory.config.unlink()  # no config: the default applies
    target = memory.memory / "changelog.yaml"
    versions = [target.read_bytes()]
    for n in range(DEFAULT_BACKUP_RETENTION + 2):
        store.add_change(memory, summary=f"change {n}")
        versions.append(target.read_bytes())

    kept = store.backups(memory, "changelog.yaml")

    assert len(kept) == DEFAULT_BACKUP_RETENTION
    assert [b.path.read_bytes() for b in kept] == versions[2:-1]


def test_a_backup_is_the_replaced_file_itself_and_an_edit_in_place_afterwards_spares_it(
    memory: MemoryRoot,
) -> None:
    target = memory.memory / "changelog.yaml"
    old = target.stat()
    previous = target.read_bytes()

    backup = store.add_change(memory, summary="linked").backups[0]

    # the write renamed a new file over the old one, which lives on as the backup: a link,
    # not a copy, whatever the size of the file
    assert (backup.stat().st_ino, backup.stat().st_dev) == (old.st_ino, old.st_dev)
    assert backup.stat().st_nlink == 1
    assert target.stat().st_ino != old.st_ino and target.stat().st_nlink == 1
    # an editor that saves in place (truncate and write) changes the memory file only
    with target.open("r+b") as f:
        f.truncate(0)
        f.write(b"changelog: []\n")
    assert backup.read_bytes() == previous


def test_a_file_with_another_name_is_backed_up_by_a_copy(memory: MemoryRoot) -> None:
    target = memory.memory / "changelog.yaml"
    other = memory.project / "changelog-link.yaml"
    os.link(target, other)  # a second name could change the file in place at any time
    previous = target.read_bytes()

    backup = store.add_change(memory, summary="copied").backups[0]

    assert backup.stat().st_ino != other.stat().st_ino
    assert backup.read_bytes() == previous == other.read_bytes()
    with other.open("r+b") as f:
        f.write(b"#")
    assert backup.read_bytes() == previous


def test_a_filesystem_without_hard_links_gets_copied_backups(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_: Any, **__: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)
    target = memory.memory / "changelog.yaml"
    old_inode, previous = target.stat().st_ino, target.read_bytes()

    backup = store.add_change(memory, summary="copied").backups[0]

    assert backup.read_bytes() == previous
    assert backup.stat().st_ino != old_inode
    assert "copied" in changelog_summaries(memory)


# ---------------------------------------------------------------------------------------------
# File mode


def test_write_keeps_the_mode_of_the_file(memory: MemoryRoot) -> None:
    target = memory.memory / "changelog.yaml"
    target.chmod(0o640)

    store.add_change(memory, summary="Keep the mode")

    assert "Keep the mode" in changelog_summaries(memory)
    assert target.stat().st_mode & 0o7777 == 0o640


def test_new_file_is_created_with_mode_644(memory: MemoryRoot) -> None:
    result = store.add_session(memory, summary="First session", date="2026-01-31")

    created = memory.memory / "sessions" / "2026-01-31.yaml"
    assert [f.path for f in result.files] == [created]
    assert created.stat().st_mode & 0o7777 == 0o644


# ---------------------------------------------------------------------------------------------
# Failure injection: the OS refuses


@pytest.fixture
def written(memory: MemoryRoot) -> MemoryRoot:
    """Memory holding one change and one decision already."""
    store.add_change(memory, summary="Existing change")
    store.add_decision(memory, title="Existing decision", choice="kept")
    return memory


def _fail_with(err: OSError) -> Callable[..., Any]:
    def fail(*args: Any, **kwargs: Any) -> Any:
        raise err

    return fail


@pytest.mark.parametrize("patched", ["os.replace", "Path.replace"])
def test_failed_replace_leaves_original_and_no_temp_file(
    written: MemoryRoot, monkeypatch: pytest.MonkeyPatch, patched: str
) -> None:
    before = memory_files(written.project)
    failing = _fail_with(OSError(errno.EIO, os.strerror(errno.EIO)))
    if patched == "os.replace":
        monkeypatch.setattr(os, "replace", failing)
    else:
        monkeypatch.setattr(pathlib.Path, "replace", failing)

    with pytest.raises(WriteFailedError) as info:
        store.add_change(written, summary="Never written")

    monkeypatch.undo()
    assert "changelog.yaml" in info.value.message
    assert memory_files(written.project) == before
    assert leftover_temps(written.project) == []


def test_full_disk_while_writing_the_temp_file_says_no_space_left(
    written: MemoryRoot, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = memory_files(written.project)
    monkeypatch.setattr(os, "fsync", _fail_with(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))

    with pytest.raises(WriteFailedError) as info:
        store.add_change(written, summary="Never written")

    monkeypatch.undo()
    assert "no space left" in info.value.message
    assert "changelog.yaml" in info.value.message
    assert memory_files(written.project) == before
    assert leftover_temps(written.project) == []


def test_permission_denied_on_the_temp_file_is_reported_and_changes_nothing(
    written: MemoryRoot, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = memory_files(written.project)
    real_open = os.open

    def refuse_temps(path: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        if writer.is_temp(Path(path)):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(os, "open", refuse_temps)

    with pytest.raises(WriteFailedError) as info:
        store.add_decision(written, title="Never written", choice="nothing")

    monkeypatch.undo()
    assert "permission" in info.value.message.lower()
    assert "decisions.yaml" in info.value.message
    assert memory_files(written.project) == before
    assert leftover_temps(written.project) == []


def test_read_only_file_is_refused_and_left_unchanged(written: MemoryRoot) -> None:
    target = written.memory / "changelog.yaml"
    target.chmod(0o444)
    before = memory_files(written.project)

    with pytest.raises(WriteFailedError) as info:
        store.add_change(written, summary="Never written")

    assert "read-only" in info.value.message
    assert "changelog.yaml" in info.value.message
    assert memory_files(written.project) == before
    assert target.stat().st_mode & 0o7777 == 0o444
    assert leftover_temps(written.project) == []


def test_document_invalid_in_its_second_file_changes_no_file(written: MemoryRoot) -> None:
    before = memory_files(written.project)
    backups_before = store.backups(written)

    with pytest.raises(ValidationError) as info:
        store.write_document(
            written,
            {
                "decisions": [{"title": "A valid decision", "choice": "valid"}],
                "changelog": [{"summary": "A bogus change", "type": "bogus"}],
            },
        )

    assert "changelog.yaml" in str(info.value)
    assert memory_files(written.project) == before
    assert store.backups(written) == backups_before
    assert leftover_temps(written.project) == []
    assert not (written.cache / "txn.json").exists()


# ---------------------------------------------------------------------------------------------
# Restore


@pytest.fixture
def three_versions(memory: MemoryRoot) -> list[bytes]:
    """The changelog's versions v0 (template), v1, v2 (current); backups hold v0 and v1."""
    target = memory.memory / "changelog.yaml"
    versions = [target.read_bytes()]
    for summary in ("First change", "Second change"):
        store.add_change(memory, summary=summary)
        versions.append(target.read_bytes())
    return versions


def test_restore_brings_back_the_newest_backup_and_backs_up_the_version_it_replaced(
    memory: MemoryRoot, three_versions: list[bytes]
) -> None:
    target = memory.memory / "changelog.yaml"

    result = store.restore(memory, "changelog.yaml")

    assert target.read_bytes() == three_versions[1]
    assert len(result.backups) == 1
    assert result.backups[0].read_bytes() == three_versions[2]
    kept = store.backups(memory, "changelog.yaml")
    assert [b.path.read_bytes() for b in kept] == three_versions[:3]


def test_restore_of_a_named_backup_puts_back_that_one(
    memory: MemoryRoot, three_versions: list[bytes]
) -> None:
    oldest = store.backups(memory, "changelog.yaml")[0]

    store.restore(memory, "changelog.yaml", backup=oldest.name)

    assert (memory.memory / "changelog.yaml").read_bytes() == three_versions[0]
    assert store.backups(memory, "changelog.yaml")[-1].path.read_bytes() == three_versions[2]


def test_restore_of_an_invalid_backup_is_refused_without_force(
    memory: MemoryRoot, three_versions: list[bytes]
) -> None:
    newest = store.backups(memory, "changelog.yaml")[-1]
    newest.path.write_text(
        "changelog:\n  - id: chg-2026-01-31-aaaaaa\n    date: 2026-01-31\n"
        "    type: bogus\n    summary: broken\n",
        encoding="utf-8",
    )
    target = memory.memory / "changelog.yaml"

    with pytest.raises(ValidationError) as info:
        store.restore(memory, "changelog.yaml")

    assert newest.name in str(info.value)
    assert target.read_bytes() == three_versions[2]

    store.restore(memory, "changelog.yaml", force=True)

    assert target.read_bytes() == newest.path.read_bytes()


# ---------------------------------------------------------------------------------------------
# Recovery of what a crashed writer left


def test_the_writers_temp_files_are_the_ones_recovery_knows_and_never_shared(
    written: MemoryRoot,
) -> None:
    target = written.memory / "decisions.yaml"
    target.chmod(0o640)

    temps = [writer.write_temp(target, f"n: {i}\n") for i in range(50)]

    assert len(set(temps)) == 50
    assert all(writer.is_temp(t) and t.parent == target.parent for t in temps)
    assert all(t.name.startswith(".decisions.yaml.") for t in temps)
    assert {t.stat().st_mode & 0o7777 for t in temps} == {0o640}
    assert [t.read_text(encoding="utf-8") for t in temps[:2]] == ["n: 0\n", "n: 1\n"]
    writer.recover(written)
    assert [t for t in temps if t.exists()] == []


def test_leftover_temp_file_is_ignored_by_readers_and_deleted_by_the_next_write(
    written: MemoryRoot,
) -> None:
    stray = written.memory / ".decisions.yaml.abcd1234.tmp"
    stray.write_text("decisions:\n  - id: dec-half\n    title: [cut off her", encoding="utf-8")
    assert writer.is_temp(stray)
    decisions = (written.memory / "decisions.yaml").read_text(encoding="utf-8")

    reports = validate(start=written.project)
    text, data, _ = lookup.show(written, "decisions")

    assert [(r.display, r.problems) for r in reports if r.problems] == []
    assert all(r.path != stray for r in reports)
    assert text == decisions
    assert [d["title"] for d in data["decisions"]] == ["Existing decision"]

    store.add_change(written, summary="Any write")

    assert not stray.exists()
    assert leftover_temps(written.project) == []


def test_committed_transaction_record_is_rolled_forward_by_the_next_write(
    written: MemoryRoot,
) -> None:
    planned = store.write_document(
        written,
        {
            "decisions": [{"title": "Rolled forward", "choice": "yes"}],
            "changelog": [{"summary": "Rolled forward too", "type": "fix"}],
        },
        dry_run=True,
    )
    assert len(planned.files) == 2
    items = []
    for n, change in enumerate(planned.files):
        tmp = change.path.parent / f".{change.path.name}.abcd123{n}.tmp"
        tmp.write_text(change.new, encoding="utf-8")
        items.append({"tmp": str(tmp), "target": str(change.path)})
    written.cache.mkdir(parents=True, exist_ok=True)
    (written.cache / "txn.json").write_text(json.dumps({"files": items}), encoding="utf-8")

    store.add_session(written, summary="The next write", date="2026-01-31")

    for change in planned.files:
        assert change.path.read_text(encoding="utf-8") == change.new
    assert decision_titles(written) == ["Existing decision", "Rolled forward"]
    assert changelog_summaries(written) == ["Existing change", "Rolled forward too"]
    assert not (written.cache / "txn.json").exists()
    assert leftover_temps(written.project) == []
    assert [r.display for r in validate(start=written.project) if r.problems] == []


# ---------------------------------------------------------------------------------------------
# Lock


def test_lock_held_by_another_process_times_out_with_a_message_naming_the_lock(
    written: MemoryRoot,
) -> None:
    before = memory_files(written.project)
    with subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(written.project)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as holder:
        try:
            assert holder.stdout is not None
            line = holder.stdout.readline()
            assert line == "locked\n", f"lock holder did not start: {line!r}"

            started = time.monotonic()
            result = run_omp(
                "add",
                "change",
                "--summary",
                "Blocked by the lock",
                cwd=written.project,
                env={"OMP_LOCK_TIMEOUT": "0.5"},
            )
            waited = time.monotonic() - started
        finally:
            holder.kill()
            holder.communicate(timeout=10)

    assert result.returncode == 1, result.stderr
    assert "_omp/.cache/lock" in result.stderr
    assert "held by" in result.stderr
    assert str(holder.pid) in result.stderr
    assert waited < 10
    assert memory_files(written.project) == before


def test_a_cache_that_cannot_hold_the_lock_refuses_writes_clearly(memory):
    before = (memory.memory / "decisions.yaml").read_bytes()
    memory.cache.mkdir(parents=True, exist_ok=True)
    for child in memory.cache.iterdir():
        child.unlink()
    memory.cache.rmdir()
    memory.cache.write_text("not a folder\n", encoding="utf-8")
    result = run_omp("add", "decision", "--title", "T", "--choice", "C", cwd=memory.project)
    assert result.returncode == 1
    assert "cannot create the write lock" in result.stderr
    assert "Traceback" not in result.stderr
    assert (memory.memory / "decisions.yaml").read_bytes() == before


@pytest.mark.parametrize(
    ("env", "config"),
    [("inf", None), ("1e308", None), (None, ".inf")],
    ids=["env-inf", "env-huge", "config-inf"],
)
def test_an_endless_lock_wait_waits_until_the_holder_is_done(
    written: MemoryRoot, env: str | None, config: str | None
) -> None:
    if config is not None:
        text = written.config.read_text(encoding="utf-8")
        assert "  lock_timeout_seconds: 10\n" in text
        text = text.replace("  lock_timeout_seconds: 10\n", f"  lock_timeout_seconds: {config}\n")
        written.config.write_text(text, encoding="utf-8")
    with subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(written.project)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        assert holder.stdin is not None and holder.stdout is not None
        assert holder.stdout.readline() == "locked\n"
        with subprocess.Popen(
            [sys.executable, "-m", "omp", "set", "waited", "yes"],
            cwd=written.project,
            env={**os.environ, **({"OMP_LOCK_TIMEOUT": env} if env else {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as waiter:
            try:
                with pytest.raises(subprocess.TimeoutExpired):
                    waiter.wait(timeout=1.5)  # still waiting for the lock, not crashed
                holder.stdin.close()  # the holder lets go
                _out, err = waiter.communicate(timeout=30)
            finally:
                waiter.kill()
                holder.kill()
    assert waiter.returncode == 0, err
    assert "Traceback" not in err
    assert load((written.memory / "project.yaml").read_text(encoding="utf-8"))["waited"] == "yes"


@pytest.mark.parametrize("value", ["nan", "-1", "soon"])
def test_a_lock_wait_that_is_not_a_number_of_seconds_is_refused(memory, value):
    result = run_omp("set", "a", "1", cwd=memory.project, env={"OMP_LOCK_TIMEOUT": value})
    assert result.returncode == 1
    assert f"OMP_LOCK_TIMEOUT: {value!r} is not a number of seconds" in result.stderr
    assert "hint:" in result.stderr and "Traceback" not in result.stderr
