"""A cold index build of a large memory, with worker processes and without.

    python scripts/bench_index.py [--runs 3] [--decisions 10000] [--changes 50000] [--sessions 365]

Generates the large memory of `scripts/bench.py` twice (two copies, the same bytes), then
times `omp index --rebuild` (what the first read after a clone does) in each, alternately:
in one with the worker processes omp starts for a large file (`OMP_INDEX_WORKERS` unset:
one per CPU this process may use, at most 8), in the other with none (`OMP_INDEX_WORKERS=1`).
Prints the median wall time of each, the peak RSS of the `omp` process (its workers not
counted), the ratio, and whether the two indexes hold the same rows.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import generate, run_process, size_options

_ROWS = (
    "SELECT e.rel, e.pos, e.kind, e.id, e.identity, e.ref, e.hash, e.date, e.status, "
    "e.valid_from, e.valid_to, e.data, e.problems, e.body, e.style, s.start, s.stop, s.line, "
    "s.end_line, f.text, f.kind FROM entries e JOIN spans s ON s.n = e.n "
    "JOIN fts f ON f.rowid = e.n ORDER BY e.rel, e.pos"
)


def _rows(project: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(project / "_omp" / ".cache" / "index.sqlite3")
    try:
        files = db.execute("SELECT rel, size, hash, kind, layout, problems FROM files ORDER BY rel")
        return [*files, *db.execute(_ROWS)]
    finally:
        db.close()


def main(argv: list[str] | None = None) -> int:
    """Generate the memories, time both builds, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    size_options(parser)
    args = parser.parse_args(argv)
    from omp.index import WORKERS_ENV, workers

    omp = [sys.executable, "-m", "omp", "index", "--rebuild"]
    modes = {"with worker processes": None, "without (OMP_INDEX_WORKERS=1)": "1"}
    times: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
    saved = os.environ.get(WORKERS_ENV)
    with tempfile.TemporaryDirectory(prefix="omp-bench-index-") as tmp:
        projects = {}
        for n, mode in enumerate(modes):
            projects[mode] = Path(tmp) / f"p{n}"
            generate(
                projects[mode],
                decisions=args.decisions,
                changes=args.changes,
                sessions=args.sessions,
            )
        os.environ.pop(WORKERS_ENV, None)
        cpus = workers()
        try:
            for _ in range(args.runs):
                for mode, value in modes.items():
                    if value is None:
                        os.environ.pop(WORKERS_ENV, None)
                    else:
                        os.environ[WORKERS_ENV] = value
                    times[mode].append(run_process(omp, projects[mode]))
        finally:
            os.environ.pop(WORKERS_ENV, None)
            if saved is not None:
                os.environ[WORKERS_ENV] = saved
        same = _rows(projects["with worker processes"]) == _rows(
            projects["without (OMP_INDEX_WORKERS=1)"]
        )
    print(
        f"omp index --rebuild: {args.decisions} decisions, {args.changes} changes, "
        f"{args.sessions} session files; up to {cpus} worker processes; {args.runs} runs each"
    )
    print(f"{'build':<34}{'median ms':>10}{'peak MB':>9}  ratio")
    medians = {mode: statistics.median(t for t, _ in runs) for mode, runs in times.items()}
    base = medians["without (OMP_INDEX_WORKERS=1)"]
    for mode, runs in times.items():
        peak = max(mb for _, mb in runs)
        ratio = f"  {medians[mode] / base:.2f}x" if mode != "without (OMP_INDEX_WORKERS=1)" else ""
        print(f"{mode:<34}{medians[mode]:>10.0f}{peak:>9.1f}{ratio}")
    print(f"the two indexes hold the same rows: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
