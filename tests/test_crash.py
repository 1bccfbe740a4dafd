from __future__ import annotations

import hashlib
import random
import re
import signal
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from omp import store, writer
from omp.paths import MemoryRoot
from omp.validate import validate
from omp.yamlio import load

# The child writes step 0, 1, 2, ... until it is killed: step n is an `add_change` (n % 3 == 0),
# an `add_decision` (n % 3 == 1) or a `write_document` adding to both files (n % 3 == 2). After
# each step it prints `done <n> <sha256 of changelog.yaml> <sha256 of decisions.yaml>`.
WRITE_LOOP = textwrap.dedent(
    """
    import hashlib
    import sys
    from pathlib import Path

    from omp import store
    from omp.paths import find_root

    root = find_root(Path(sys.argv[1]))

    def sha(name):
        return hashlib.sha256((root.memory / name).read_bytes()).hexdigest()

    # Warm up (imports, schemas) so that the kill points fall among real writes.
    store.write_document(
        root,
        {
            "decisions": [{"title": "warm-up", "choice": "none"}],
            "changelog": [{"summary": "warm-up", "type": "feat"}],
        },
        dry_run=True,
    )
    print("started", flush=True)
    step = 0
    while True:
        if step % 3 == 0:
            store.add_change(root, summary=f"step {step}")
        elif step % 3 == 1:
            store.add_decision(root, title=f"step {step}", choice=f"choice {step}")
        else:
            store.write_document(
                root,
                {
                    "decisions": [{"title": f"step {step}", "choice": f"choice {step}"}],
                    "changelog": [{"summary": f"step {step}", "type": "feat"}],
                },
            )
        print(f"done {step} {sha('changelog.yaml')} {sha('decisions.yaml')}", flush=True)
        step += 1
    """
)

# Kill points from 0 to 300 ms after the child started writing: one random point in each
# 30 ms slice, from fixed seeds.
KILL_POINTS = [round((n + random.Random(n).random()) * 0.030, 4) for n in range(10)]

DONE = re.compile(r"^done (\d+) ([0-9a-f]{64}) ([0-9a-f]{64})$")
STEP = re.compile(r"^step (\d+)$")


@dataclass(frozen=True)
class ListFile:
    """What the child writes to one memory file."""

    name: str
    key: str
    kind: str
    steps: tuple[int, ...]  # step % 3 values that add to this file

    def expected(self, finished: int) -> list[int]:
        """Steps this file holds once steps 0 .. finished-1 are written."""
        return [n for n in range(finished) if n % 3 in self.steps]


CHANGELOG = ListFile("changelog.yaml", "changelog", "changelog", (0, 2))
DECISIONS = ListFile("decisions.yaml", "decisions", "decisions", (1, 2))


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftover_temps(project: Path) -> list[Path]:
    return sorted(
        p for p in (project / "_omp").rglob("*") if writer.is_temp(p) or p.suffix == ".tmp"
    )


def steps_in(memory: MemoryRoot, f: ListFile) -> list[int]:
    """Steps held by `f`, checking that every entry and the `_meta` block are complete."""
    text = (memory.memory / f.name).read_text(encoding="utf-8")
    data = load(text, source=f.name)
    entries = data[f.key]
    found = []
    for e in entries:
        match = STEP.match(str(e.get("summary" if f is CHANGELOG else "title")))
        assert match, f"{f.name}: unexpected entry {e!r}"
        n = int(match.group(1))
        if f is CHANGELOG:
            assert e["type"] == ("other" if n % 3 == 0 else "feat"), e
            assert set(e) == {"id", "date", "type", "summary"}, e
        else:
            assert e["choice"] == f"choice {n}", e
            assert set(e) == {"id", "date", "title", "choice", "status"}, e
        assert str(e["id"]).startswith(("chg-", "dec-")), e
        found.append(n)
    if entries:
        assert data["_meta"]["changes"] == [f"{f.kind}[{entries[-1]['id']}]: added"], data
    assert text.endswith("\n")
    return found


def assert_no_problems(memory: MemoryRoot) -> None:
    problems = [(r.display, r.problems) for r in validate(start=memory.project) if r.problems]
    assert problems == []


def finished_steps(stdout: str, initial: tuple[str, str]) -> tuple[int, tuple[str, str]]:
    """Steps the child reported done, and the hashes of the files after the last of them."""
    finished, hashes = 0, initial
    for line in stdout.splitlines(keepends=True):
        match = DONE.match(line.rstrip("\n"))
        if not line.endswith("\n") or match is None:
            continue  # killed while printing
        assert int(match.group(1)) == finished, stdout
        finished, hashes = finished + 1, (match.group(2), match.group(3))
    return finished, hashes


@pytest.mark.parametrize("delay", KILL_POINTS, ids=[f"{round(d * 1000)}ms" for d in KILL_POINTS])
def test_kill_9_during_writes_leaves_each_file_old_or_new_and_the_next_write_recovers(
    memory: MemoryRoot, delay: float
) -> None:
    initial = (sha(memory.memory / CHANGELOG.name), sha(memory.memory / DECISIONS.name))
    with subprocess.Popen(
        [sys.executable, "-c", WRITE_LOOP, str(memory.project)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        try:
            first = child.stdout.readline()
            assert first == "started\n", f"child did not start: {first!r}"
            try:
                child.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                pass  # still writing: kill it now
            else:
                pytest.fail(f"the child stopped writing by itself: {child.stderr.read()}")
        finally:
            child.kill()
            # read() and not communicate(): it keeps what readline() already buffered
            out, err = child.stdout.read(), child.stderr.read()
            child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL, err

    finished, last = finished_steps(out, initial)

    # Right after the crash: each file is the last version the child saw, or the complete
    # version of the step it was writing.
    assert_no_problems(memory)
    for f, last_sha in zip((CHANGELOG, DECISIONS), last, strict=True):
        held = steps_in(memory, f)
        assert held in (f.expected(finished), f.expected(finished + 1)), (f.name, finished)
        if held == f.expected(finished):
            assert sha(memory.memory / f.name) == last_sha, f"{f.name} is neither old nor new"

    # The next write recovers: the interrupted step is in both files or in neither.
    store.add_session(memory, summary="After the crash", date="2026-01-31")

    assert_no_problems(memory)
    both = (steps_in(memory, CHANGELOG), steps_in(memory, DECISIONS))
    assert both in [
        (CHANGELOG.expected(m), DECISIONS.expected(m)) for m in (finished, finished + 1)
    ]
    assert leftover_temps(memory.project) == []
    assert not (memory.cache / "txn.json").exists()


# ---------------------------------------------------------------------------------------------
# Deterministic crashes inside a two-file transaction


CRASH_IN_TRANSACTION = textwrap.dedent(
    """
    import os
    import pathlib
    import signal
    import sys

    from omp import store
    from omp.paths import find_root

    root = find_root(pathlib.Path(sys.argv[1]))
    moment = sys.argv[2]
    real_replace = pathlib.Path.replace

    def replace(self, target):
        target = pathlib.Path(target)
        if moment == "before-commit-record" and target.name == "txn.json":
            os.kill(os.getpid(), signal.SIGKILL)
        done = real_replace(self, target)
        if moment == "after-first-file" and target.name in ("decisions.yaml", "changelog.yaml"):
            os.kill(os.getpid(), signal.SIGKILL)
        return done

    pathlib.Path.replace = replace
    store.write_document(
        root,
        {
            "decisions": [{"title": "Crash decision", "choice": "all or nothing"}],
            "changelog": [{"summary": "Crash change", "type": "fix"}],
        },
    )
    print("not killed", flush=True)
    """
)


def titles(memory: MemoryRoot) -> tuple[list[Any], list[Any]]:
    changes = load((memory.memory / "changelog.yaml").read_text(encoding="utf-8"))
    decisions = load((memory.memory / "decisions.yaml").read_text(encoding="utf-8"))
    return (
        [e["summary"] for e in changes["changelog"]],
        [e["title"] for e in decisions["decisions"]],
    )


def crash_child(memory: MemoryRoot, moment: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CRASH_IN_TRANSACTION, str(memory.project), moment],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == -signal.SIGKILL, done.stdout + done.stderr


@pytest.fixture
def written(memory: MemoryRoot) -> MemoryRoot:
    store.add_change(memory, summary="Existing change")
    store.add_decision(memory, title="Existing decision", choice="kept")
    return memory


def test_crash_between_the_two_replaces_is_rolled_forward_by_the_next_write(
    written: MemoryRoot,
) -> None:
    before = titles(written)

    crash_child(written, "after-first-file")

    # Killed mid-transaction: one file is new, the other still old, the record is committed.
    mid = titles(written)
    assert mid != before
    assert (mid[0] == before[0]) != (mid[1] == before[1])
    assert (written.cache / "txn.json").exists()

    store.add_session(written, summary="The next write", date="2026-01-31")

    assert titles(written) == (
        ["Existing change", "Crash change"],
        ["Existing decision", "Crash decision"],
    )
    assert not (written.cache / "txn.json").exists()
    assert leftover_temps(written.project) == []
    assert_no_problems(written)


def test_crash_before_the_commit_record_is_undone_by_the_next_write(
    written: MemoryRoot,
) -> None:
    before = {n: (written.memory / n).read_bytes() for n in ("changelog.yaml", "decisions.yaml")}

    crash_child(written, "before-commit-record")

    assert leftover_temps(written.project) != []  # the crash left its temp files
    assert not (written.cache / "txn.json").exists()

    store.add_session(written, summary="The next write", date="2026-01-31")

    after = {n: (written.memory / n).read_bytes() for n in before}
    assert after == before
    assert leftover_temps(written.project) == []
    assert_no_problems(written)
