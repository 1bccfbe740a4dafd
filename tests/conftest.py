from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from omp.paths import MemoryRoot, find_root
from omp.scaffold import init_project


@pytest.fixture(autouse=True)
def _isolated_machine(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keep tests away from the real home, git config and agent name."""
    home = tmp_path_factory.mktemp("home")
    templates = tmp_path_factory.mktemp("git-templates")
    gitconfig = home / ".gitconfig"
    gitconfig.write_text("[init]\n\tdefaultBranch = main\n", encoding="utf-8")
    for key, value in {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_GLOBAL": str(gitconfig),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TEMPLATE_DIR": str(templates),
        "GIT_AUTHOR_NAME": "Test Author",
        "GIT_AUTHOR_EMAIL": "author@example.com",
        "GIT_COMMITTER_NAME": "Test Committer",
        "GIT_COMMITTER_EMAIL": "committer@example.com",
    }.items():
        monkeypatch.setenv(key, value)
    for key in ("OMP_AGENT", "OMP_INDEX_WORKERS", "OMP_LOCK_TIMEOUT", "OMP_USER_STORE"):
        monkeypatch.delenv(key, raising=False)


@pytest.fixture(autouse=True)
def _no_thread_leaks() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not leaked, f"threads leaked: {leaked}"


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real, empty git repository as the working directory."""
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    monkeypatch.chdir(repo)
    return repo


@pytest.fixture
def memory(git_repo: Path) -> MemoryRoot:
    """A git repository after `omp init`."""
    init_project(git_repo)
    return find_root(git_repo)


@pytest.fixture
def pinned_user_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user store of the test's own, and a pinned SOURCE_DATE_EPOCH (manifest tests)."""
    folder = tmp_path / "user-store"
    monkeypatch.setenv("OMP_USER_STORE", str(folder))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")
    return folder
