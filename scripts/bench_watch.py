"""How fast an outside edit reaches another agent, and what an idle watcher costs.

Runs `omp watch` and `omp changes --follow --json` as real processes on a small memory, edits
a memory file from outside omp, and times the edit until the follower prints its record
(median of several edits). Then leaves the watcher idle and reads its CPU time and resident
memory from /proc (Linux).

    python scripts/bench_watch.py [--runs 10] [--idle 5]
"""

from __future__ import annotations

import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--idle", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="omp-bench-watch-") as tmp:
        repo = Path(tmp)
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        omp = [sys.executable, "-m", "omp", "-C", str(repo)]
        subprocess.run([*omp, "init"], check=True, capture_output=True)
        subprocess.run(
            [*omp, "add", "decision", "--title", "Use Redis", "--choice", "Redis"],
            check=True,
            capture_output=True,
        )
        watcher = subprocess.Popen(
            [*omp, "watch"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        assert watcher.stderr is not None
        watcher.stderr.readline()  # "watching ..." once it is up
        follower = subprocess.Popen(
            [*omp, "changes", "--follow", "--json", "--since", "999999"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert follower.stdout is not None
        time.sleep(1.0)  # both processes settle before the first edit
        path = repo / "_omp" / "memory" / "decisions.yaml"
        delays = []
        try:
            for n in range(args.runs):
                text = path.read_text(encoding="utf-8")
                old = "Redis" if n == 0 else f"Redis {n - 1}"
                start = time.perf_counter()
                path.write_text(text.replace(f"choice: {old}", f"choice: Redis {n}"))
                ready, _, _ = select.select([follower.stdout], [], [], 10)
                if not ready:
                    print("no record within 10 s", file=sys.stderr)
                    return 1
                follower.stdout.readline()
                delays.append(time.perf_counter() - start)
            cpu_before = _cpu_seconds(watcher.pid)
            time.sleep(args.idle)
            idle_cpu = _cpu_seconds(watcher.pid) - cpu_before
            rss = _rss_mib(watcher.pid)
        finally:
            for proc in (watcher, follower):
                proc.terminate()
                proc.wait(timeout=10)
    print(f"{'outside edit to `omp changes --follow`':<44}{'median ms':>10}{'max ms':>8}")
    print(
        f"{'':<44}{statistics.median(delays) * 1000:>10.0f}{max(delays) * 1000:>8.0f}"
        f"   ({len(delays)} edits)"
    )
    print(f"{'idle watcher CPU over ' + str(args.idle) + ' s':<44}{idle_cpu * 1000:>10.0f} ms")
    print(f"{'idle watcher resident memory':<44}{rss:>10.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
