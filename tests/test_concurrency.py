from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from omp.paths import MemoryRoot
from tests.helpers import run_omp

# Every worker prints "ready" once it is set up, then blocks on its stdin until the test
# releases all of them at once: the writes really overlap.
BARRIER = textwrap.dedent(
    """
    project, worker, count = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    print("ready", flush=True)
    if sys.stdin.readline() != "go\\n":
        sys.exit("released without a go")
    """
)

LIBRARY_WORKER = (
    textwrap.dedent(
        """
        import sys
        from pathlib import Path

        from omp import store
        from omp.paths import find_root
        """
    )
    + BARRIER
    + textwrap.dedent(
        """
        root = find_root(project)
        for i in range(count):
            store.add_change(root, summary=f"worker {worker} change {i}")
        """
    )
)

CLI_WORKER = (
    textwrap.dedent(
        """
        import subprocess
        import sys
        from pathlib import Path
        """
    )
    + BARRIER
    + textwrap.dedent(
        """
        for i in range(count):
            done = subprocess.run(
                [sys.executable, "-m", "omp", "add", "change",
                 "--summary", f"cli worker {worker} change {i}"],
                cwd=project, capture_output=True, text=True, check=False,
            )
            if done.returncode != 0:
                sys.exit(f"omp add change exited {done.returncode}: {done.stderr}")
        """
    )
)


def run_together(script: str, project: Path, workers: int, count: int, timeout: float) -> None:
    """Start `workers` processes of `script`, release them at once, wait for all of them."""
    procs: list[subprocess.Popen[str]] = []
    try:
        procs.extend(
            subprocess.Popen(
                [sys.executable, "-c", script, str(project), str(w), str(count)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for w in range(workers)
        )
        for p in procs:
            assert p.stdout is not None
            line = p.stdout.readline()
            assert line == "ready\n", f"worker did not start: {line!r} {p.communicate()[1]}"
        for p in procs:
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        failures = []
        for w, p in enumerate(procs):
            _, err = p.communicate(timeout=timeout)
            if p.returncode != 0:
                last = "\n    ".join(err.strip().splitlines()[-3:])
                failures.append(f"worker {w} exited {p.returncode}:\n    {last}")
        assert not failures, "\n".join(failures)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.communicate()


def changelog(project: Path) -> list[dict[str, Any]]:
    text = (project / "_omp" / "memory" / "changelog.yaml").read_text(encoding="utf-8")
    data = YAML(typ="safe", pure=True).load(text)
    assert isinstance(data, dict)
    entries = data["changelog"]
    assert isinstance(entries, list)
    return entries


def assert_every_write_landed(project: Path, summaries: Sequence[str]) -> None:
    entries = changelog(project)
    assert len(entries) == len(summaries)
    assert sorted(e["summary"] for e in entries) == sorted(summaries)
    assert len({e["id"] for e in entries}) == len(summaries)
    checked = run_omp("validate", cwd=project)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_eight_processes_writing_at_once_lose_no_update(memory: MemoryRoot) -> None:
    workers, count = 8, 25

    run_together(LIBRARY_WORKER, memory.project, workers, count, timeout=240)

    assert_every_write_landed(
        memory.project, [f"worker {w} change {i}" for w in range(workers) for i in range(count)]
    )


def test_four_cli_processes_adding_changes_at_once_lose_no_update(memory: MemoryRoot) -> None:
    workers, count = 4, 5

    run_together(CLI_WORKER, memory.project, workers, count, timeout=120)

    assert_every_write_landed(
        memory.project,
        [f"cli worker {w} change {i}" for w in range(workers) for i in range(count)],
    )
