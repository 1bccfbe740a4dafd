from __future__ import annotations

import re
import subprocess
import sys

from tests.helpers import REPO


def test_the_benchmark_runs_and_prints_every_case_with_its_ratio(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            str(REPO / "scripts" / "bench.py"),
            "--runs",
            "1",
            "--decisions",
            "30",
            "--changes",
            "40",
            "--sessions",
            "2",
            "--skip-baseline",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    for case in (
        "omp --version",
        "hook pre-commit (comment added by hand, small)",
        "hook pre-commit (value edited by hand, small)",
        "hook post-commit (changelog entry, small)",
        "hook post-commit (30 decisions, 40 changes)",
        "omp add decision (30 entries)",
        "omp add change (40 entries)",
        "omp add change updating the oldest of 40",
        "omp show decisions --id (large)",
        "omp search (large)",
        "omp search, first read after a write (large)",
        "omp context (large)",
        "omp context --for (large)",
        "omp extract --dry-run (conversation, small)",
        "omp extract --dry-run (conversation, large)",
        "first read after an outside edit (large)",
        "hook pre-commit (memory edit, 30 entries)",
        "git commit (small, no hooks)",
        "git commit (small, omp's hooks installed)",
    ):
        assert case in out
    assert "x omp add decision (10 entries)" in out and "x omp --version" in out
    assert out.count("x omp add change (10 entries)") == 2
    assert "x first read after an outside edit (large)" in out
    assert "x omp search (large)" in out
    assert "x hook post-commit (changelog entry, small)" in out
    assert "x omp extract --dry-run (conversation, small)" in out
    assert "x git commit (small, no hooks) (+" in out
    assert out.count("x python -c 'import ruamel.yaml'") == 4


def test_the_manifest_benchmark_runs_and_checks_streamed_equals_whole(tmp_path):
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "bench_manifest.py"), "--sizes", "0.5",
         "--runs", "1", "--workdir", str(tmp_path)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    for case in ("json.load (baseline)", "metadata only", "with content"):
        assert case in done.stdout
    assert done.stdout.count("identical") == 2
    assert "reference (odysseus-manifest-spec.md §16" in done.stdout


def test_the_index_benchmark_builds_with_and_without_workers_and_compares(tmp_path):
    # 4,100 decisions: enough new entries in one file for worker processes to read it
    out = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "bench_index.py"), "--runs", "1",
         "--decisions", "4100", "--changes", "10", "--sessions", "1"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=True,
    ).stdout  # fmt: skip
    assert "4100 decisions, 10 changes, 1 session files" in out
    assert re.search(r"^with worker processes +\d+ +[\d.]+  [\d.]+x$", out, re.M)
    assert re.search(r"^without \(OMP_INDEX_WORKERS=1\) +\d+ +[\d.]+$", out, re.M)
    assert "the two indexes hold the same rows: yes" in out
