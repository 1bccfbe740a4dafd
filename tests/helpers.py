from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from omp.paths import MemoryRoot

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO.parent / "shared" / "reference" / "upstream-samples"

# A project.yaml as upstream's installer generates it (re-created from the reference's
# description): comment header, double-quoted strings, flow lists of CJK keywords.
UPSTREAM_PROJECT = """\
# OpenMemory Plus Project Configuration
# Generated: 2026-02-02T10:00:00.000Z

project:
  name: "demo"
  version: "1.0.0"
  description: ""
memory:
  project_store: "_omp/memory/"
  user_store: "openmemory"
classification:
  project_keywords: ["项目使用", "配置为", "部署", "API 密钥", "路径", "架构"]
  user_keywords: ["我喜欢", "偏好", "习惯", "熟悉", "擅长"]
agent:
  auto_extract: true   # extract at session end
  auto_search: true
  fallback_to_file: true
"""


# a script that holds the writer's lock of the project in argv[1] until its stdin closes;
# it prints "locked" once it holds it
LOCK_HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from omp.paths import find_root
    from omp.writer import locked

    with locked(find_root(Path(sys.argv[1])), timeout=5):
        print("locked", flush=True)
        sys.stdin.read()  # hold the lock until the test closes our stdin or kills us
    """
)


def temp_memory(tmp: str | Path) -> MemoryRoot:
    """A bare memory folder under `tmp` (for tests that cannot use pytest's tmp_path)."""
    memory = Path(tmp) / "_omp" / "memory"
    memory.mkdir(parents=True)
    return MemoryRoot(Path(tmp), memory)


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


def commit_change(repo: Path, message: str) -> None:
    """Commit a change to f.txt with `message`."""
    (repo / "f.txt").write_text(message, encoding="utf-8")
    git("add", "f.txt", cwd=repo)
    git("commit", "-q", "-m", message, cwd=repo)


def commit_without_hooks(repo: Path, message: str) -> None:
    """`git add -A` and commit, with omp's hooks off (like a clone without them)."""
    git("add", "-A", cwd=repo)
    subprocess.run(
        ["git", "commit", "-q", "-m", message],
        cwd=repo,
        env={**os.environ, "OMP_HOOKS": "off"},
        check=True,
    )


def memory_files(root: Path) -> dict[str, bytes]:
    """Every file under `_omp/memory/` except backups and temp files, by relative path."""
    memory = root / "_omp" / "memory"
    return {
        p.relative_to(memory).as_posix(): p.read_bytes()
        for p in sorted(memory.rglob("*"))
        if p.is_file() and ".backup" not in p.parts
    }


def everything_under(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` (folders as None), with its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() if p.is_file() else None
        for p in sorted(folder.rglob("*"))
    }


def chatgpt_conversation(title: str, question: str, answer: str) -> dict[str, Any]:
    """One ChatGPT export conversation: a user message and the assistant's reply."""

    def node(id: str, parent: str | None, child: str | None, role: str, text: str) -> Any:
        return {
            "id": id,
            "parent": parent,
            "children": [child] if child else [],
            "message": {
                "author": {"role": role},
                "content": {"content_type": "text", "parts": [text]},
            },
        }

    return {
        "title": title,
        "current_node": "b",
        "mapping": {
            "a": node("a", None, "b", "user", question),
            "b": node("b", "a", None, "assistant", answer),
        },
    }


@dataclass
class Ran:
    """What a command run in-process printed, and its exit status."""

    exit_code: int
    stdout: str
    stderr: str
    exception: BaseException | None = None


def run_cli(
    args: list[str],
    *,
    input: str | None = None,
    env: Mapping[str, str | None] | None = None,
    catch_exceptions: bool = True,
) -> Ran:
    """Run `omp ARGS` in this process, with `input` on stdin and `env` (None: unset) set."""
    from omp.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = {name: os.environ.get(name) for name in env or {}}
    for name, value in (env or {}).items():
        _set_env(name, value)
    stdin, sys.stdin = sys.stdin, io.StringIO(input or "")
    exception: BaseException | None = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else int(e.code is not None)
            except Exception as e:
                if not catch_exceptions:
                    raise
                exception, code = e, 1
    finally:
        sys.stdin = stdin
        for name, value in saved.items():
            _set_env(name, value)
    return Ran(code, out.getvalue(), err.getvalue(), exception)


def _set_env(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def omp(*args: str, input: str | None = None, env: Mapping[str, str | None] | None = None) -> Ran:
    """Run the command in-process; failures are expected, so exceptions are caught."""
    return run_cli(list(args), input=input, env=env)


def omp_ok(
    *args: str, input: str | None = None, env: Mapping[str, str | None] | None = None
) -> Ran:
    """Run the command in-process and require exit 0 (a bug shows its traceback)."""
    result = run_cli(list(args), input=input, env=env, catch_exceptions=False)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def typed(value: Any) -> Any:
    """`value` with the type of every part, so that 1, True, "1" and a date differ."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value).__name__, value)


# Values that try how an entry is written and read back: quoting, indicators, CJK, block text
AWKWARD_VALUES = [
    "Cache: Redis", "3 replicas behind the balancer", "使用 PostgreSQL 16", "C# and F#",
    "it's \"quoted\"", "#hashtag first", "yes", "2026-12-04", "a\nsecond line\n", "line\n\n",
    "  indented", "ends with a colon:", "x" * 150, "tab\there", "- dash", "[bracket]",
    "100% of requests", "1.5 seconds", "emoji 😀", "trailing space ", "966d28d",
]  # fmt: skip


def add_awkward_decisions(memory: Any) -> None:
    """One decision per value of `AWKWARD_VALUES`, the value in every kind of field."""
    from omp import store

    for n, value in enumerate(AWKWARD_VALUES):
        store.add_decision(
            memory, title=f"Decision {n}", choice=value, context=value,
            alternatives=[value, "plain"], rationale=value,
        )  # fmt: skip
