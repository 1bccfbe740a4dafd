"""How much omp's git hooks add to `git commit` on a small memory.

Two repositories side by side, the same commits in each, one with `omp hooks install`: the
commits alternate between them and the medians are compared (time added and ratio). Each
commit changes a source file, so post-commit writes a changelog entry and pre-commit runs.

    python scripts/bench_hooks.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def _repo(base: Path, name: str, *, hooks: bool) -> Path:
    repo = base / name
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    omp = [sys.executable, "-m", "omp", "-C", str(repo)]
    subprocess.run([*omp, "init"], check=True, capture_output=True)
    for n in range(10):
        subprocess.run(
            [*omp, "add", "decision", "--title", f"Decision {n}", "--choice", f"Choice {n}"],
            check=True,
            capture_output=True,
        )
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "start")
    if hooks:
        subprocess.run([*omp, "hooks", "install"], check=True, capture_output=True)
    return repo


def _commit(repo: Path, n: int) -> float:
    (repo / "src.txt").write_text(f"change {n}\n", encoding="utf-8")
    _git(repo, "add", "src.txt")
    start = time.perf_counter()
    _git(repo, "commit", "-q", "-m", f"feat: add feature number {n} to the app")
    elapsed = time.perf_counter() - start
    _git(repo, "add", "-A")  # the changelog entry of the hook goes in the next commit
    return elapsed


def main() -> int:
    """Run the benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="omp-bench-hooks-") as tmp:
        os.environ.update(
            GIT_AUTHOR_NAME="bench",
            GIT_AUTHOR_EMAIL="bench@example.com",
            GIT_COMMITTER_NAME="bench",
            GIT_COMMITTER_EMAIL="bench@example.com",
            GIT_CONFIG_GLOBAL=str(Path(tmp) / "gitconfig"),
            GIT_CONFIG_NOSYSTEM="1",
        )
        plain = _repo(Path(tmp), "plain", hooks=False)
        hooked = _repo(Path(tmp), "hooked", hooks=True)
        times: dict[str, list[float]] = {"plain": [], "hooked": []}
        for n in range(args.runs):
            times["plain"].append(_commit(plain, n))
            times["hooked"].append(_commit(hooked, n))
    base = statistics.median(times["plain"]) * 1000
    with_hooks = statistics.median(times["hooked"]) * 1000
    print(f"{'git commit':<32}{'median ms':>10}")
    print(f"{'without omp hooks':<32}{base:>10.0f}")
    print(f"{'with omp hooks':<32}{with_hooks:>10.0f}")
    print(f"{'added by the hooks':<32}{with_hooks - base:>10.0f}   ({with_hooks / base:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
