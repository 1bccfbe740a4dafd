from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO.parent / "shared" / "reference" / "upstream-samples"


def build_file_tree(base: Path, files: dict[str, str]) -> None:
    """Write dedented files under `base` (folders are created)."""
    for rel, text in files.items():
        path = base / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def run_omp(
    *args: str,
    cwd: Path,
    env: dict[str, str] | None = None,
    input: str | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run `python -m omp ARGS` as a real process."""
    return subprocess.run(
        [sys.executable, "-m", "omp", *args],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def git(*args: str, cwd: Path) -> str:
    """Run git and return its stdout."""
    out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return out.stdout


def memory_files(root: Path) -> dict[str, bytes]:
    """Every file under `_omp/memory/` except backups and temp files, by relative path."""
    memory = root / "_omp" / "memory"
    return {
        p.relative_to(memory).as_posix(): p.read_bytes()
        for p in sorted(memory.rglob("*"))
        if p.is_file() and ".backup" not in p.parts
    }
