from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from omp import hooks, journal, watch
from omp.paths import MemoryRoot
from omp.yamlio import load

from .helpers import commit_without_hooks, git, run_cli


def omp(*args: str) -> Any:
    return run_cli(list(args))


def commit(repo: Path, message: str, *extra: str, files: dict[str, str] | None = None) -> Any:
    for rel, text in (files or {"work.txt": message}).items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        git("add", rel, cwd=repo)
    return subprocess.run(
        ["git", "commit", "-q", "-m", message, *extra],
        cwd=repo,
        capture_output=True,
        text=True,
        check=False,
    )


def changelog(memory: MemoryRoot) -> list[dict[str, Any]]:
    data = load((memory.memory / "changelog.yaml").read_text(encoding="utf-8"))
    return list(data["changelog"])


@pytest.fixture
def hooked(memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch) -> MemoryRoot:
    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")  # post-commit in the foreground: no waiting
    result = omp("hooks", "install")
    assert result.exit_code == 0, result.stderr
    git("add", "-A", cwd=memory.project)
    subprocess.run(
        ["git", "commit", "-q", "-m", "start"],
        cwd=memory.project,
        env={**os.environ, "OMP_HOOKS": "off"},
        check=True,
    )
    return memory


def test_install_is_idempotent_and_status_reports_every_hook(memory: MemoryRoot):
    first = hooks.install(memory.project)
    second = hooks.install(memory.project)

    assert first.changed == (*hooks.HOOKS, "merge-driver")
    assert second.changed == ()
    assert second.merge_driver
    assert {h.name: h.state for h in hooks.status(memory.project).hooks} == dict.fromkeys(
        hooks.HOOKS, "omp"
    )
    assert os.access(memory.project / ".git/hooks/pre-commit", os.X_OK)


def test_a_foreign_hook_is_chained_and_restored_by_uninstall(memory: MemoryRoot):
    foreign = memory.project / ".git/hooks/pre-commit"
    foreign.parent.mkdir(exist_ok=True)
    foreign.write_text("#!/bin/sh\necho foreign hook ran >&2\n", encoding="utf-8")
    foreign.chmod(0o755)
    before = foreign.read_bytes()
    hooks.install(memory.project)

    done = commit(memory.project, "feat: add a page")

    assert done.returncode == 0, done.stderr
    assert "foreign hook ran" in done.stderr
    assert hooks.status(memory.project).hooks[0].state == "omp+legacy"
    hooks.uninstall(memory.project)
    assert foreign.read_bytes() == before
    assert not (memory.project / ".git/hooks/pre-commit.legacy").exists()
    assert not (memory.project / ".git/hooks/post-commit").exists()


def test_a_hooks_path_owned_by_another_manager_is_refused_politely(memory: MemoryRoot):
    git("config", "core.hooksPath", ".husky", cwd=memory.project)

    result = omp("hooks", "install")

    assert result.exit_code == 1
    assert "core.hooksPath is set to '.husky'" in result.stderr
    assert "husky" in result.stderr and "pre-commit" in result.stderr
    assert not (memory.project / ".git/hooks/pre-commit").exists()


def test_invalid_or_secret_memory_blocks_the_commit_and_no_verify_still_works(
    hooked: MemoryRoot,
):
    repo = hooked.project
    bad = {"_omp/memory/decisions.yaml": "decisions:\n  - title: 42\n"}
    secret = {"_omp/memory/project.yaml": "api:\n  key: sk-proj-Abcdefghijklmnopqrstuvwx12\n"}

    refused = commit(repo, "fix: bad memory", files=bad)
    skipped = commit(repo, "fix: bad memory", "--no-verify", files=bad)
    leaked = commit(repo, "chore: add key", files=secret)

    assert refused.returncode == 1
    assert "decisions.yaml: decisions[0].title" in refused.stderr
    assert "--no-verify" in refused.stderr
    assert skipped.returncode == 0
    assert leaked.returncode == 1
    assert "looks like a secret (OpenAI/Anthropic API key)" in leaked.stderr
    assert "sk-proj-" not in leaked.stderr


def _decisions(count: int) -> str:
    entries = "".join(
        f"  - id: dec-2026-01-{n % 28 + 1:02d}-{n:06x}\n    date: 2026-01-{n % 28 + 1:02d}\n"
        f"    title: Decision {n}\n    choice: option {n}\n    rationale: because {n}\n"
        f"    status: active\n"
        for n in range(count)
    )
    return f"# hand-written\ndecisions:\n{entries}"


def test_a_secret_written_by_hand_into_one_entry_blocks_the_commit(hooked: MemoryRoot):
    repo = hooked.project
    path = hooked.memory / "decisions.yaml"
    first = commit(repo, "docs: decisions", files={str(path.relative_to(repo)): _decisions(5)})
    assert first.returncode == 0, first.stderr
    assert omp("index").exit_code == 0  # the index holds every entry with its problems
    token = "ghp_" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8"
    leaky = path.read_text("utf-8").replace("because 3", f"the CI uses {token}")

    refused = commit(repo, "docs: note", files={str(path.relative_to(repo)): leaky})

    assert refused.returncode == 1
    assert "decisions.yaml: decisions[3].rationale: looks like sensitive data (GitHub token)" in (
        refused.stderr
    )
    assert token not in refused.stderr


def test_pre_commit_checks_only_the_entries_a_hand_edit_changed(
    hooked: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    repo = hooked.project
    path = hooked.memory / "decisions.yaml"
    path.write_text(_decisions(60), encoding="utf-8")
    assert omp("index").exit_code == 0
    path.write_text(path.read_text("utf-8").replace("because 17", "because of 17"), "utf-8")
    git("add", "-A", cwd=repo)
    from omp import schema, sensitive

    scanned: list[object] = []
    scan = sensitive.find_secrets

    def counting(data: object, path: str = "$") -> list[sensitive.Finding]:
        scanned.extend([data] if path == "$" else [])
        return scan(data, path)

    monkeypatch.setattr(sensitive, "find_secrets", counting)
    monkeypatch.setattr(schema, "find_secrets", counting)

    assert hooks.run("pre-commit", [], "", repo) == 0
    # the changed entry (and the file around the entries), not the sixty of them
    assert 1 <= len(scanned) <= 2
    assert any(isinstance(d, dict) and d.get("rationale") == "because of 17" for d in scanned)


def test_a_secret_staged_with_part_of_a_hand_edit_blocks_the_commit(
    hooked: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    repo = hooked.project
    path = hooked.memory / "decisions.yaml"
    path.write_text(_decisions(60), encoding="utf-8")
    git("add", "-A", cwd=repo)
    assert omp("index").exit_code == 0
    token = "ghp_" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8"
    path.write_text(path.read_text("utf-8").replace("because 41", f"uses {token}"), "utf-8")
    git("add", "-A", cwd=repo)  # the secret is staged; the working tree then moves on
    path.write_text(path.read_text("utf-8").replace(f"uses {token}", "uses the vault"), "utf-8")
    from omp import sensitive

    strings: list[str] = []
    scan = sensitive.find_in_text

    def counting(text: str) -> list[str]:
        strings.append(text)
        return scan(text)

    monkeypatch.setattr(sensitive, "find_in_text", counting)

    assert hooks.run("pre-commit", [], "", repo) == hooks.BLOCK
    # the strings of the staged entry and of the working tree's, not the sixty entries' 400
    assert f"uses {token}" in strings and len(strings) < 40
    git("add", "-A", cwd=repo)
    assert hooks.run("pre-commit", [], "", repo) == 0


def test_post_commit_records_the_commit_in_the_working_tree_once(hooked: MemoryRoot):
    repo = hooked.project

    done = commit(repo, "feat(api): add order export\n\nDecision: export as CSV only")

    assert done.returncode == 0, done.stderr
    short = git("rev-parse", "--short", "HEAD", cwd=repo).strip()
    (entry,) = changelog(hooked)
    assert (entry["type"], entry["summary"], entry["ref"]) == ("feat", "add order export", short)
    assert " M _omp/memory/changelog.yaml" in git("status", "--short", cwd=repo)
    # committing the memory change is a memory-only commit: it adds no changelog line
    git("add", "_omp", cwd=repo)
    git("commit", "-q", "-m", "Record memory", cwd=repo)
    assert len(changelog(hooked)) == 1
    assert git("status", "--short", cwd=repo) == ""


def test_post_commit_records_a_root_commit_and_an_empty_one_but_not_a_memory_only_one(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    # the parents and the changed files come from one git process: a root commit has no
    # parent, an empty commit no file, a memory-only commit only memory files
    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    repo = memory.project
    assert omp("hooks", "install").exit_code == 0

    root = commit(repo, "feat: first version", files={"app.py": "print(1)\n"})
    empty = commit(repo, "feat: turn on the new checkout for everyone", "--allow-empty")
    git("add", "_omp/memory", cwd=repo)
    only_memory = subprocess.run(
        ["git", "commit", "-q", "-m", "fix: record memory"], cwd=repo, capture_output=True
    )

    assert (root.returncode, empty.returncode, only_memory.returncode) == (0, 0, 0)
    assert git("rev-list", "--count", "HEAD", cwd=repo).strip() == "3"
    refs = git("log", "--format=%h", cwd=repo).split()
    assert [(e["summary"], e["ref"]) for e in changelog(memory)] == [
        ("first version", refs[2]),
        ("turn on the new checkout for everyone", refs[1]),
    ]


def test_a_failing_omp_never_blocks_a_commit(hooked: MemoryRoot, tmp_path: Path):
    repo = hooked.project
    script = repo / ".git/hooks/pre-commit"
    text = script.read_text(encoding="utf-8")
    script.write_text(text.replace("python='", "python='/nonexistent/python"), encoding="utf-8")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python3").write_text("#!/bin/sh\necho boom >&2\nexit 1\n", encoding="utf-8")
    (fake / "python3").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}"}
    (repo / "_omp/memory/decisions.yaml").write_text("decisions:\n  - title: 42\n")
    git("add", "-A", cwd=repo)

    done = subprocess.run(
        ["git", "commit", "-q", "-m", "feat: x"], cwd=repo, env=env, capture_output=True, text=True
    )

    assert done.returncode == 0, done.stderr
    assert "the pre-commit hook did not run (exit 1); git goes on without it" in done.stderr


def test_hooks_are_off_when_asked(hooked: MemoryRoot, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OMP_HOOKS", "off")

    done = commit(
        hooked.project, "fix: bad", files={"_omp/memory/decisions.yaml": "decisions: 3\n"}
    )

    assert done.returncode == 0


def test_hooks_work_in_a_linked_worktree(hooked: MemoryRoot, tmp_path: Path):
    tree = tmp_path / "tree"
    git("worktree", "add", "-q", "-b", "side", str(tree), cwd=hooked.project)

    refused = commit(tree, "fix: bad", files={"_omp/memory/decisions.yaml": "decisions: 3\n"})

    assert refused.returncode == 1
    assert "decisions" in refused.stderr
    assert hooks.status(tree).folder == hooks.status(hooked.project).folder


def test_checkout_and_merge_reindex_and_journal_what_git_changed(hooked: MemoryRoot):
    repo = hooked.project
    git("checkout", "-q", "-b", "side", cwd=repo)
    git("commit", "-q", "--allow-empty", "-m", "noop", cwd=repo)
    text = "decisions:\n  - id: dec-1\n    title: Use Redis\n    choice: Redis\n"
    assert (
        commit(repo, "Record a decision", files={"_omp/memory/decisions.yaml": text}).returncode
        == 0
    )

    git("checkout", "-q", "main", cwd=repo)
    outside = [c for c in journal.read(hooked).changes if c.kind == "outside"]
    git("merge", "-q", "--no-edit", "side", cwd=repo)
    merged = [c for c in journal.read(hooked).changes if c.kind == "outside"]

    assert [c.file for c in outside] == ["_omp/memory/decisions.yaml"]
    assert "checked out" in outside[0].change
    assert len(merged) == 2 and "merged" in merged[-1].change
    found = omp("show", "decisions", "--id", "dec-1")
    assert found.exit_code == 0 and "Use Redis" in found.stdout
    assert watch.scan(hooked, new_files=True) == []  # journaled by the hooks, not again


def test_a_rewritten_commit_keeps_its_changelog_ref(hooked: MemoryRoot):
    repo = hooked.project
    commit(repo, "feat: add full-text search")
    git("add", "_omp", cwd=repo)
    old = git("rev-parse", "--short", "HEAD", cwd=repo).strip()
    assert changelog(hooked)[0]["ref"] == old

    git("commit", "-q", "--amend", "-m", "feat: add full-text search (amended)", cwd=repo)

    new = git("rev-parse", "--short", "HEAD", cwd=repo).strip()
    assert new != old
    assert [c["ref"] for c in changelog(hooked)] == [new]


def test_a_rebase_maps_the_changelog_refs_of_the_replayed_commits(hooked: MemoryRoot):
    repo = hooked.project
    git("checkout", "-q", "-b", "topic", cwd=repo)
    commit(repo, "feat: add the invoice export", files={"export.txt": "x"})
    git("add", "_omp", cwd=repo)
    git("commit", "-q", "-m", "Record memory", cwd=repo)
    old = [c["ref"] for c in changelog(hooked)]
    git("checkout", "-q", "main", cwd=repo)
    commit(repo, "fix: correct the footer link", files={"footer.txt": "y"})
    git("checkout", "-q", "--", "_omp", cwd=repo)  # main's own entry is not part of this test
    git("checkout", "-q", "topic", cwd=repo)

    done = subprocess.run(["git", "rebase", "-q", "main"], cwd=repo, capture_output=True, text=True)

    assert done.returncode == 0, done.stderr
    replayed = git("log", "--format=%h", "-n1", "--grep", "invoice export", cwd=repo).strip()
    assert old != [replayed]
    assert [c["ref"] for c in changelog(hooked)] == [replayed]


def test_post_commit_records_in_the_background_without_holding_git(
    hooked: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.delenv("OMP_HOOKS_SYNC")
    repo = hooked.project

    done = commit(repo, "feat: add the weekly report")

    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 20
    while not (entries := changelog(hooked)) and time.monotonic() < deadline:
        time.sleep(0.1)
    short = git("rev-parse", "--short", "HEAD", cwd=repo).strip()
    assert [(e["summary"], e["ref"]) for e in entries] == [("add the weekly report", short)]


def test_a_staged_changelog_line_written_by_omp_commits_cleanly(hooked: MemoryRoot):
    repo = hooked.project
    commit(repo, "feat: add the monthly report")
    git("add", "_omp", cwd=repo)  # the hook's changelog line, as omp wrote it

    done = commit(repo, "fix: handle empty months in the report", files={"m.txt": "1"})

    assert done.returncode == 0, done.stderr
    assert len(changelog(hooked)) == 2


def _broken_python(repo: Path, tmp_path: Path) -> dict[str, str]:
    """Point the hooks at a Python that cannot run omp; returns the environment to use."""
    for name in hooks.HOOKS:
        script = repo / ".git/hooks" / name
        text = script.read_text(encoding="utf-8")
        script.write_text(text.replace("python='", "python='/nonexistent/python"))
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    (fake / "python3").write_text("#!/bin/sh\necho boom >&2\nexit 1\n", encoding="utf-8")
    (fake / "python3").chmod(0o755)
    return {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}"}


def test_memory_staged_as_omp_wrote_it_is_not_checked_again(hooked: MemoryRoot, tmp_path: Path):
    repo = hooked.project
    commit(repo, "feat: add the yearly report")  # post-commit writes the changelog line
    git("add", "_omp", cwd=repo)
    env = _broken_python(repo, tmp_path)

    done = subprocess.run(
        ["git", "commit", "-q", "-m", "Record memory"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
    )

    assert done.returncode == 0
    assert "the pre-commit hook did not run" not in done.stderr  # blob ids matched: no Python
    (repo / "_omp/memory/changelog.yaml").write_text(
        (repo / "_omp/memory/changelog.yaml").read_text() + "# edited by hand\n"
    )
    git("add", "_omp", cwd=repo)
    edited = subprocess.run(
        ["git", "commit", "-q", "-m", "Edit memory"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
    )
    assert "the pre-commit hook did not run" in edited.stderr


# A stand-in for the pre-commit framework's `pre-commit install` (https://pre-commit.com): in
# "migration mode" it moves the hook that is there to NAME.legacy, writes its own script, and that
# script runs NAME.legacy by its absolute path (pre-commit's hook-impl `_run_legacy`).
FRAMEWORK_HOOK = """\
#!/bin/sh
# File generated by pre-commit: https://pre-commit.com
# ID: 138fd403232d2ddd5efb44317e38bf03
HERE="$(cd "$(dirname "$0")" && pwd)"
if [ -n "${PRE_COMMIT_RUNNING_LEGACY:-}" ]; then
    echo "bug: pre-commit's script is installed in migration mode" >&2
    exit 1
fi
echo "framework @HOOK@ ran" >&2
if [ -x "$HERE/@HOOK@.legacy" ]; then
    PRE_COMMIT_RUNNING_LEGACY=1 "$HERE/@HOOK@.legacy" "$@" || exit $?
fi
"""


def framework_install(repo: Path, *names: str) -> None:
    folder = repo / ".git/hooks"
    folder.mkdir(exist_ok=True)
    for name in names:
        path = folder / name
        if path.exists() and "File generated by pre-commit" not in path.read_text():
            path.replace(folder / f"{name}.legacy")
        path.write_text(FRAMEWORK_HOOK.replace("@HOOK@", name), encoding="utf-8")
        path.chmod(0o755)


def bounded_commit(repo: Path, message: str) -> subprocess.CompletedProcess[str]:
    """`git commit` that cannot run away: on a timeout every process it started is killed."""
    (repo / "work.txt").write_text(message, encoding="utf-8")
    git("add", "work.txt", cwd=repo)
    proc = subprocess.Popen(
        ["git", "commit", "-q", "-m", message],
        cwd=repo,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        pytest.fail("git commit hung: a hook kept running itself")
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_omp_chained_under_the_pre_commit_framework_never_runs_itself(hooked: MemoryRoot):
    repo = hooked.project
    framework_install(repo, "pre-commit", "post-commit")

    done = bounded_commit(repo, "feat: add the audit log")

    assert done.returncode == 0, done.stderr
    assert done.stderr.count("framework pre-commit ran") == 1
    assert [e["summary"] for e in changelog(hooked)] == ["add the audit log"]
    states = {h.name: h.state for h in hooks.status(repo).hooks}
    assert states["pre-commit"] == states["post-commit"] == "omp-as-legacy"
    shown = omp("hooks", "status")
    assert "pre-commit     omp-as-legacy" in shown.stdout
    assert "run by another manager's hook" in shown.stdout
    assert hooks.install(repo).changed == ()  # already installed, under the framework
    bad = commit(repo, "fix: bad", files={"_omp/memory/decisions.yaml": "decisions: 3\n"})
    assert bad.returncode == 1 and "decisions" in bad.stderr  # omp's check still runs


def test_install_after_the_pre_commit_framework_goes_under_its_hook(memory: MemoryRoot):
    repo = memory.project
    framework_install(repo, "pre-commit")
    framework = (repo / ".git/hooks/pre-commit").read_bytes()

    installed = hooks.install(repo)
    bad = commit(repo, "fix: bad", files={"_omp/memory/decisions.yaml": "decisions: 3\n"})
    git("reset", "-q", cwd=repo)
    (repo / "_omp/memory/decisions.yaml").unlink()
    good = bounded_commit(repo, "feat: add the billing page")

    assert "pre-commit" in installed.changed
    assert (repo / ".git/hooks/pre-commit").read_bytes() == framework
    assert hooks.status(repo).hooks[0].state == "omp-as-legacy"
    assert bad.returncode == 1 and "decisions" in bad.stderr
    assert "migration mode" not in bad.stderr
    assert good.returncode == 0, good.stderr
    assert "framework pre-commit ran" in good.stderr
    hooks.uninstall(repo)
    assert (repo / ".git/hooks/pre-commit").read_bytes() == framework
    assert not (repo / ".git/hooks/pre-commit.legacy").exists()


def test_post_commit_records_a_commit_in_a_repository_whose_path_has_a_space(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from omp.paths import find_root
    from omp.scaffold import init_project

    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    repo = tmp_path / "q7 dir"
    repo.mkdir()
    git("init", "-q", "-b", "main", cwd=repo)
    init_project(repo)
    hooks.install(repo)
    git("add", "-A", cwd=repo)
    git("-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "start", cwd=repo)
    tree = tmp_path / "linked tree"
    git("worktree", "add", "-q", "-b", "side", str(tree), cwd=repo)

    done = commit(repo, "feat(core): add the invoice export")
    linked = commit(tree, "feat(core): add the refund export")

    assert done.returncode == 0 and linked.returncode == 0
    assert "did not run" not in done.stderr + linked.stderr, done.stderr + linked.stderr
    assert [e["summary"] for e in changelog(find_root(repo))] == ["add the invoice export"]
    assert [e["summary"] for e in changelog(find_root(tree))] == ["add the refund export"]


def test_install_checks_every_hook_first_and_installs_nothing_on_a_conflict(memory: MemoryRoot):
    folder = memory.project / ".git/hooks"
    folder.mkdir(exist_ok=True)
    (folder / "post-rewrite").write_text("#!/bin/sh\necho mine\n", encoding="utf-8")
    (folder / "post-rewrite.legacy").write_text("#!/bin/sh\necho older\n", encoding="utf-8")
    before = sorted(p.name for p in folder.iterdir())

    planned = omp("hooks", "install", "--dry-run")
    done = omp("hooks", "install")

    for result in (planned, done):
        assert result.exit_code == 1
        assert "post-rewrite" in result.stderr and "post-rewrite.legacy" in result.stderr
        assert "hint: " in result.stderr and "nothing was installed" in result.stderr
        assert "Traceback" not in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == before
    assert not hooks.status(memory.project).merge_driver
    (folder / "post-rewrite.legacy").unlink()
    again = omp("hooks", "install", "--dry-run")
    assert again.exit_code == 0
    assert "would install: pre-commit, post-commit" in again.stderr


def test_committing_a_conflicted_merge_journals_the_memory_it_brought(hooked: MemoryRoot):
    repo = hooked.project
    start = journal.read(hooked).latest
    git("checkout", "-q", "-b", "side", cwd=repo)
    text = "decisions:\n  - id: dec-1\n    title: Use Redis\n    choice: Redis\n"
    commit(repo, "Record a decision", files={"_omp/memory/decisions.yaml": text})
    commit(repo, "docs: side readme", files={"README.md": "side\n"})
    git("checkout", "-q", "main", cwd=repo)
    commit(repo, "docs: main readme", files={"README.md": "main\n"})
    git("checkout", "-q", "--", "_omp", cwd=repo)  # main's own changelog line stays out of it
    checked_out = journal.read(hooked, since=start).latest

    merging = subprocess.run(["git", "merge", "-q", "side"], cwd=repo, capture_output=True)
    assert merging.returncode == 1  # README conflicts: git runs no post-merge
    assert journal.read(hooked, since=checked_out).changes == []
    (repo / "README.md").write_text("both\n", encoding="utf-8")
    git("add", "README.md", cwd=repo)
    done = subprocess.run(
        ["git", "commit", "-q", "--no-edit"], cwd=repo, capture_output=True, text=True
    )

    assert done.returncode == 0, done.stderr
    arrived = [c for c in journal.read(hooked, since=checked_out).changes if c.kind == "outside"]
    assert [c.file for c in arrived] == ["_omp/memory/decisions.yaml"]
    assert arrived[0].id == "dec-1"
    assert arrived[0].change.startswith("decisions[dec-1]: added (git: merged ")
    shown = omp("changes", "--since", str(checked_out))
    assert "decisions.yaml" in shown.stdout
    found = omp("show", "decisions", "--id", "dec-1")
    assert found.exit_code == 0 and "Use Redis" in found.stdout


TWO_DECISIONS = """\
decisions:
  - id: dec-1
    title: Use Redis
    choice: Redis
  - id: dec-2
    title: Use Postgres
    choice: Postgres
"""

PROJECT_AT = """\
project:
  name: demo
deployment:
  web:
    url: {url}
"""


def quiet_commit(repo: Path, message: str, files: dict[str, str]) -> None:
    """A commit that no omp hook sees (like one made in a clone without omp's hooks)."""
    for rel, text in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    commit_without_hooks(repo, message)


def second_clone(hooked: MemoryRoot, tmp_path: Path) -> Path:
    """A bare remote the hooked repository pushes to, and another clone of it."""
    remote = tmp_path / "remote.git"
    git("init", "-q", "--bare", "-b", "main", str(remote), cwd=tmp_path)
    git("remote", "add", "origin", str(remote), cwd=hooked.project)
    git("push", "-q", "-u", "origin", "main", cwd=hooked.project)
    other = tmp_path / "other"
    git("clone", "-q", str(remote), str(other), cwd=tmp_path)
    return other


def publish(other: Path, message: str, files: dict[str, str]) -> None:
    quiet_commit(other, message, files)
    git("push", "-q", cwd=other)


def changes_since(cursor: int) -> list[tuple[str, str | None, str]]:
    shown = omp("changes", "--json", "--since", str(cursor))
    assert shown.exit_code == 0, shown.stderr
    return [
        (c["file"], c["id"], c["change"])
        for c in json.loads(shown.stdout)["changes"]
        if c["kind"] == "outside"
    ]


def short(repo: Path, rev: str) -> str:
    return git("rev-parse", "--short", rev, cwd=repo).strip()


def test_a_pull_journals_each_entry_it_added_changed_and_removed(
    hooked: MemoryRoot, tmp_path: Path
):
    repo = hooked.project
    quiet_commit(
        repo,
        "memory",
        {
            "_omp/memory/decisions.yaml": TWO_DECISIONS,
            "_omp/memory/project.yaml": PROJECT_AT.format(url="https://old.example"),
        },
    )
    other = second_clone(hooked, tmp_path)
    text = TWO_DECISIONS.replace("choice: Redis", "choice: Valkey")
    text = text.split("  - id: dec-2")[0] + "  - id: dec-3\n    title: Use S3\n    choice: S3\n"
    publish(
        other,
        "memory from elsewhere",
        {
            "_omp/memory/decisions.yaml": text,
            "_omp/memory/project.yaml": PROJECT_AT.format(url="https://new.example"),
        },
    )
    start = journal.read(hooked).latest
    before = short(repo, "HEAD")

    git("pull", "-q", "--no-rebase", cwd=repo)

    where = f"(git: merged {before}..{short(repo, 'HEAD')})"
    decisions, project = "_omp/memory/decisions.yaml", "_omp/memory/project.yaml"
    assert changes_since(start) == [
        (decisions, "dec-1", f"decisions[dec-1].choice: Redis → Valkey {where}"),
        (decisions, "dec-2", f"decisions[dec-2]: removed {where}"),
        (decisions, "dec-3", f"decisions[dec-3]: added {where}"),
        (project, None, f"deployment.web.url: https://old.example → https://new.example {where}"),
    ]
    assert watch.scan(hooked, new_files=True) == []  # journaled by the hook, not again
    found = omp("show", "decisions", "--id", "dec-3")
    assert found.exit_code == 0 and "Use S3" in found.stdout
    assert git("status", "--porcelain", cwd=repo) == ""  # no memory file was written


def test_a_pull_a_watcher_journaled_first_is_not_journaled_again_by_the_hook(
    hooked: MemoryRoot, tmp_path: Path
):
    # the watcher may take the lock after git changed the files and before post-merge runs:
    # it journals them as an outside edit, and the hook must not record the same change again
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    other = second_clone(hooked, tmp_path)
    text = TWO_DECISIONS.replace("choice: Redis", "choice: Valkey")
    publish(other, "memory from elsewhere", {"_omp/memory/decisions.yaml": text})
    watch.scan(hooked, new_files=True)  # the watcher knows the version before the pull
    git("-c", "core.hooksPath=/dev/null", "pull", "-q", "--no-rebase", cwd=repo)
    watched = watch.scan(hooked)
    assert [c.change for c in watched] == ["decisions[dec-1].choice: Redis → Valkey"]
    after_watch = journal.read(hooked).latest

    done = subprocess.run(
        [sys.executable, "-m", "omp.hooks", "post-merge", "0"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert changes_since(after_watch) == []


def test_a_version_that_does_not_parse_gets_one_record_for_the_file(
    hooked: MemoryRoot, tmp_path: Path
):
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    other = second_clone(hooked, tmp_path)
    broken = TWO_DECISIONS + "  - id: [dec-3\n"
    fixed = TWO_DECISIONS + "  - id: dec-3\n    title: Use S3\n    choice: S3\n"
    pulled = []
    for text, notes in ((broken, "# Notes\n"), (fixed, "# Notes\n\nMore.\n")):
        publish(
            other,
            "memory from elsewhere",
            {"_omp/memory/decisions.yaml": text, "_omp/memory/notes.md": notes},
        )
        start = journal.read(hooked).latest
        before = short(repo, "HEAD")
        git("pull", "-q", "--no-rebase", cwd=repo)
        where = f"(merged {before}..{short(repo, 'HEAD')})"
        pulled.append((changes_since(start), where))

    # broken after the first pull, broken before the second: neither is compared by entry
    for records, where in pulled:
        assert records == [
            ("_omp/memory/decisions.yaml", None, f"changed by git {where}"),
            ("_omp/memory/notes.md", None, f"changed by git {where}"),
        ]
    assert watch.scan(hooked, new_files=True) == []


def test_a_pulled_secret_is_journaled_as_one_record_without_its_value(
    hooked: MemoryRoot, tmp_path: Path
):
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    other = second_clone(hooked, tmp_path)
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    leaked = TWO_DECISIONS.replace("choice: Redis", f"choice: {token}")
    publish(other, "oops", {"_omp/memory/decisions.yaml": leaked})
    start = journal.read(hooked).latest
    before = short(repo, "HEAD")

    git("pull", "-q", "--no-rebase", cwd=repo)

    where = f"(merged {before}..{short(repo, 'HEAD')})"
    assert changes_since(start) == [("_omp/memory/decisions.yaml", None, f"changed by git {where}")]
    journal_text = (hooked.cache / journal.JOURNAL_FILE).read_text(encoding="utf-8")
    assert token not in journal_text


def test_a_merge_of_500_entries_reads_every_version_with_one_git_process(
    hooked: MemoryRoot, tmp_path: Path
):
    repo = hooked.project
    entry = "  - id: dec-{n}\n    title: Decision {n}\n    choice: Choice {n}\n"
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    git("checkout", "-q", "-b", "side", cwd=repo)
    many = TWO_DECISIONS + "".join(entry.format(n=n) for n in range(3, 503))
    quiet_commit(repo, "many decisions", {"_omp/memory/decisions.yaml": many})
    git("checkout", "-q", "main", cwd=repo)
    quiet_commit(repo, "a change on main", {"work.txt": "main\n"})
    start = journal.read(hooked).latest
    subprocess.run(
        ["git", "merge", "-q", "--no-edit", "side"],
        cwd=repo,
        env={**os.environ, "OMP_HOOKS": "off"},
        check=True,
    )
    # git puts its own folder first on the PATH of a hook, so the hook is run here directly,
    # with a `git` on PATH that logs each call
    wrapper = tmp_path / "bin"
    wrapper.mkdir()
    log = tmp_path / "git-calls"
    real = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True)
    (wrapper / "git").write_text(
        f'#!/bin/sh\necho "$*" >> "{log}"\nexec "{real.stdout.strip()}" "$@"\n',
        encoding="utf-8",
    )
    (wrapper / "git").chmod(0o755)
    env = {**os.environ, "PATH": f"{wrapper}{os.pathsep}{os.environ['PATH']}"}
    ran = subprocess.run(
        [sys.executable, "-m", "omp.hooks", "post-merge", "0"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert ran.returncode == 0, ran.stderr
    records = changes_since(start)
    where = f"(git: merged {short(repo, 'HEAD~1')}..{short(repo, 'HEAD')})"
    assert sorted(records) == sorted(
        ("_omp/memory/decisions.yaml", f"dec-{n}", f"decisions[dec-{n}]: added {where}")
        for n in range(3, 503)
    )
    calls = log.read_text(encoding="utf-8").splitlines()
    assert len(calls) == 3  # which files changed, the commits' names, every version at once
    assert sum("cat-file --batch" in call for call in calls) == 1
    assert not any(" show " in call for call in calls)


def test_checking_out_back_and_forth_journals_the_entries_each_way(hooked: MemoryRoot):
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    main = short(repo, "HEAD")
    git("checkout", "-q", "-b", "side", cwd=repo)
    quiet_commit(
        repo,
        "side memory",
        {
            "_omp/memory/decisions.yaml": TWO_DECISIONS.replace("Use Postgres", "Use SQLite")
            + "  - id: dec-3\n    title: Use S3\n    choice: S3\n",
            "_omp/memory/sessions/2026-01-02.yaml": "sessions:\n  - id: ses-1\n    summary: Met\n",
        },
    )
    side = short(repo, "HEAD")
    start = journal.read(hooked).latest

    git("checkout", "-q", "main", cwd=repo)
    back = journal.read(hooked).latest
    git("checkout", "-q", "side", cwd=repo)

    decisions, sessions = "_omp/memory/decisions.yaml", "_omp/memory/sessions/2026-01-02.yaml"
    to_main, to_side = f"(git: checked out {side}..{main})", f"(git: checked out {main}..{side})"
    assert changes_since(start) == [
        (decisions, "dec-2", f"decisions[dec-2].title: Use SQLite → Use Postgres {to_main}"),
        (decisions, "dec-3", f"decisions[dec-3]: removed {to_main}"),
        (sessions, "ses-1", f"sessions[ses-1]: removed {to_main}"),
        (decisions, "dec-2", f"decisions[dec-2].title: Use Postgres → Use SQLite {to_side}"),
        (decisions, "dec-3", f"decisions[dec-3]: added {to_side}"),
        (sessions, "ses-1", f"sessions[ses-1]: added {to_side}"),
    ]
    assert len(changes_since(back)) == 3
    assert watch.scan(hooked, new_files=True) == []


def test_local_edits_a_checkout_carries_over_are_journaled_once_and_not_as_git(
    hooked: MemoryRoot,
):
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    git("checkout", "-q", "-b", "side", cwd=repo)
    side_text = TWO_DECISIONS + "  - id: dec-3\n    title: Use S3\n    choice: S3\n"
    quiet_commit(repo, "side memory", {"_omp/memory/decisions.yaml": side_text})
    git("checkout", "-q", "main", cwd=repo)
    path = hooked.memory / "decisions.yaml"
    start = journal.read(hooked).latest

    # an edit nobody journaled (no watcher ran), carried over by `checkout -m`
    path.write_text(TWO_DECISIONS.replace("choice: Redis", "choice: Valkey"), encoding="utf-8")
    git("checkout", "-q", "-m", "side", cwd=repo)
    by_git = changes_since(start)
    by_watcher = [c.change for c in watch.scan(hooked, new_files=True)]

    assert [change for _, _, change in by_git] == [
        f"decisions[dec-3]: added (git: checked out {short(repo, 'main')}..{short(repo, 'side')})"
    ]
    assert by_watcher == ["decisions[dec-1].choice: Redis → Valkey"]
    assert path.read_text(encoding="utf-8") == side_text.replace("choice: Redis", "choice: Valkey")

    # the same edit journaled before the checkout (a watcher ran) is not reported again
    edited = path.read_text(encoding="utf-8").replace("choice: Postgres", "choice: MySQL")
    path.write_text(edited, encoding="utf-8")
    assert [c.change for c in watch.scan(hooked, new_files=True)] == [
        "decisions[dec-2].choice: Postgres → MySQL"
    ]
    before = journal.read(hooked).latest
    git("checkout", "-q", "-m", "main", cwd=repo)

    assert [change for _, _, change in changes_since(before)] == [
        f"decisions[dec-3]: removed (git: checked out {short(repo, 'side')}..{short(repo, 'main')})"
    ]
    assert watch.scan(hooked, new_files=True) == []


@pytest.mark.parametrize("how", ["--no-rebase", "--rebase"])
def test_journaled_local_edits_an_autostash_puts_aside_over_a_pull_are_not_journaled_again(
    hooked: MemoryRoot, tmp_path: Path, how: str
):
    # agents leave memory uncommitted; `git pull --autostash` stashes it, pulls (the hook
    # runs then, on a working tree without it) and applies it again: what the journal had
    # recorded of it before the pull is no news afterwards, and a later edit still is
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    other = second_clone(hooked, tmp_path)
    remote_text = TWO_DECISIONS.replace("title: Use Redis", "title: Use Redis for caching")
    remote_text += "  - id: dec-3\n    title: Use S3\n    choice: S3\n"
    publish(other, "memory from elsewhere", {"_omp/memory/decisions.yaml": remote_text})
    watch.scan(hooked, new_files=True)  # the journal knows the committed version
    path = hooked.memory / "decisions.yaml"
    path.write_text(TWO_DECISIONS.replace("choice: Postgres", "choice: MySQL"), encoding="utf-8")
    assert [c.change for c in watch.scan(hooked)] == ["decisions[dec-2].choice: Postgres → MySQL"]
    added = omp("add", "decision", "--title", "Use Kafka for events", "--choice", "Kafka")
    assert added.exit_code == 0, added.stderr
    start = journal.read(hooked).latest

    pulled = subprocess.run(
        ["git", "pull", "-q", how, "--autostash"], cwd=repo, capture_output=True, text=True
    )

    assert pulled.returncode == 0, pulled.stderr
    final = load(path.read_text(encoding="utf-8"))["decisions"]
    assert [(d["title"], d["choice"]) for d in final] == [
        ("Use Redis for caching", "Redis"),
        ("Use Postgres", "MySQL"),
        ("Use S3", "S3"),
        ("Use Kafka for events", "Kafka"),
    ]
    by_git = [(key, change.split(" (git: ")[0]) for _, key, change in changes_since(start)]
    assert by_git == [
        ("dec-1", "decisions[dec-1].title: Use Redis → Use Redis for caching"),
        ("dec-3", "decisions[dec-3]: added"),
    ]
    assert watch.scan(hooked, new_files=True) == []
    assert omp("show", "decisions").exit_code == 0  # a read after the pull journals nothing
    assert changes_since(start)[2:] == []

    path.write_text(path.read_text(encoding="utf-8").replace("S3\n", "R2\n"), encoding="utf-8")
    assert [c.change for c in watch.scan(hooked)] == [
        "decisions[dec-3].choice: S3 → R2",
        "decisions[dec-3].title: Use S3 → Use R2",
    ]


def test_journaled_local_edits_stashed_by_hand_over_a_pull_are_reported_gone_and_back(
    hooked: MemoryRoot, tmp_path: Path
):
    repo = hooked.project
    quiet_commit(repo, "memory", {"_omp/memory/decisions.yaml": TWO_DECISIONS})
    other = second_clone(hooked, tmp_path)
    publish(other, "elsewhere", {"_omp/memory/decisions.yaml": TWO_DECISIONS + "# pulled\n"})
    added = omp("add", "decision", "--title", "Use Kafka for events", "--choice", "Kafka")
    assert added.exit_code == 0, added.stderr
    (key,) = [d["id"] for d in load((hooked.memory / "decisions.yaml").read_text())["decisions"]
              if d["choice"] == "Kafka"]  # fmt: skip
    git("stash", "-q", cwd=repo)
    git("pull", "-q", "--no-rebase", cwd=repo)

    assert [c.change for c in watch.scan(hooked)] == [f"decisions[{key}]: removed"]
    git("stash", "pop", "-q", cwd=repo)
    assert [c.change for c in watch.scan(hooked)] == [f"decisions[{key}]: added"]


# ---- memory folders below the top (one per package of a monorepo) ---------------------------


def add_package(repo: Path, folder: str) -> MemoryRoot:
    """`omp init` of a package: its own `_omp/` and `.gitignore` in `folder` of the repository."""
    from omp.paths import find_root
    from omp.scaffold import init_project

    scratch = repo.parent / f"scratch-{folder.replace('/', '-')}"
    scratch.mkdir()
    init_project(scratch)  # outside git: the package folder itself is the project
    (repo / folder).mkdir(parents=True, exist_ok=True)
    for name in ("_omp", ".gitignore"):
        (scratch / name).rename(repo / folder / name)
    return find_root(repo / folder)


@pytest.fixture
def packages(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[MemoryRoot, MemoryRoot]:
    """Two packages with a memory folder each, none at the top; hooks installed from a package."""
    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    api, web = add_package(git_repo, "services/api"), add_package(git_repo, "services/web")
    installed = run_in(api.project, "hooks", "install")
    assert installed.returncode == 0, installed.stderr
    quiet_commit(git_repo, "start", {"README.md": "shop\n"})
    return api, web


def run_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "omp", *args], cwd=folder, capture_output=True, text=True
    )


def test_install_from_a_package_folder_installs_the_repository_hooks(packages):
    api, _ = packages
    repo = api.project.parent.parent

    assert {h.name: h.state for h in hooks.status(repo).hooks} == dict.fromkeys(hooks.HOOKS, "omp")
    assert not (api.project / ".gitattributes").exists()
    merge = git("check-attr", "merge", "--", "services/web/_omp/memory/decisions.yaml", cwd=repo)
    assert merge.strip().endswith("merge: omp")


def test_a_broken_memory_file_of_one_package_refuses_the_commit_naming_it(packages):
    api, web = packages
    repo = api.project.parent.parent
    good = "decisions:\n  - id: dec-1\n    title: Use Redis\n    choice: Redis\n"

    refused = commit(
        repo,
        "fix: memory",
        files={
            "services/api/_omp/memory/decisions.yaml": good,
            "services/web/_omp/memory/decisions.yaml": "decisions:\n  - title: 42\n",
        },
    )

    assert refused.returncode == 1
    assert "services/web/_omp/memory/decisions.yaml: decisions[0].title" in refused.stderr
    assert "services/api" not in refused.stderr
    assert "--no-verify" in refused.stderr
    (web.memory / "decisions.yaml").write_text(good, encoding="utf-8")
    git("add", "-A", cwd=repo)
    done = subprocess.run(["git", "commit", "-q", "-m", "fix: memory"], cwd=repo, text=True)
    assert done.returncode == 0


def test_a_commit_is_recorded_in_the_packages_it_touches_only(packages):
    api, web = packages
    repo = api.project.parent.parent

    one = commit(repo, "feat(api): add order export", files={"services/api/export.py": "x\n"})
    both = commit(
        repo,
        "fix: share the money type",
        files={"services/api/money.py": "m\n", "services/web/money.ts": "m\n"},
    )
    outside = commit(repo, "fix: name the shop", files={"README.md": "shop!\n"})

    assert one.returncode == both.returncode == outside.returncode == 0
    assert [e["summary"] for e in changelog(api)] == ["add order export", "share the money type"]
    assert [e["summary"] for e in changelog(web)] == ["share the money type"]
    assert changelog(api)[0]["ref"] == short(repo, "HEAD~2")
    # committing the packages' changelog lines is a memory-only commit: no line anywhere
    git("add", "services", cwd=repo)
    git("commit", "-q", "-m", "Record memory", cwd=repo)
    assert len(changelog(api)) == 2 and len(changelog(web)) == 1
    assert git("status", "--short", cwd=repo) == ""


def test_a_merge_that_changes_one_package_decisions_is_journaled_in_that_package_only(packages):
    api, web = packages
    repo = api.project.parent.parent
    starts = {root: journal.read(root).latest for root in packages}
    git("checkout", "-q", "-b", "side", cwd=repo)
    quiet_commit(repo, "web decides", {"services/web/_omp/memory/decisions.yaml": TWO_DECISIONS})
    git("checkout", "-q", "main", cwd=repo)
    quiet_commit(repo, "api work", {"services/api/main.py": "print()\n"})
    checked_out = journal.read(web).latest

    git("merge", "-q", "--no-edit", "side", cwd=repo)

    arrived = [c for c in journal.read(web, since=checked_out).changes if c.kind == "outside"]
    assert [(c.file, c.id) for c in arrived] == [
        ("_omp/memory/decisions.yaml", "dec-1"),
        ("_omp/memory/decisions.yaml", "dec-2"),
    ]
    assert all(
        c.change.endswith(f"(git: merged {short(repo, 'HEAD~1')}..{short(repo, 'HEAD')})")
        for c in arrived
    )
    assert journal.read(api).latest == starts[api]  # nothing of api's changed
    assert checked_out > starts[web]  # the checkouts were journaled in web too
    assert watch.scan(web, new_files=True) == []
    found = run_in(web.project, "show", "decisions", "--id", "dec-2")
    assert found.returncode == 0 and "Use Postgres" in found.stdout


def test_memory_in_a_subfolder_with_none_at_the_top_works(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    app_root = add_package(git_repo, "app")
    assert run_in(app_root.project, "hooks", "install").returncode == 0
    quiet_commit(git_repo, "start", {"README.md": "x\n"})

    refused = commit(
        git_repo, "fix: bad", files={"app/_omp/memory/decisions.yaml": "decisions: 3\n"}
    )
    git("reset", "-q", "--hard", cwd=git_repo)
    recorded = commit(git_repo, "feat: add the search page", files={"app/search.py": "s\n"})
    git("add", "app/_omp", cwd=git_repo)
    git("commit", "-q", "--amend", "-m", "feat: add the search page (amended)", cwd=git_repo)
    env = _broken_python(git_repo, tmp_path)
    git("add", "app/_omp", cwd=git_repo)  # the line post-rewrite remapped, as omp wrote it
    carried = subprocess.run(
        ["git", "commit", "-q", "-m", "Record memory"],
        cwd=git_repo,
        env=env,
        capture_output=True,
        text=True,
    )

    assert refused.returncode == 1 and "app/_omp/memory/decisions.yaml" in refused.stderr
    assert recorded.returncode == 0, recorded.stderr
    ref = git("rev-parse", "--short", "HEAD~1", cwd=git_repo).strip()
    assert [(e["summary"], e["ref"]) for e in changelog(app_root)] == [("add the search page", ref)]
    assert carried.returncode == 0
    assert "the pre-commit hook did not run" not in carried.stderr  # blob ids matched: no Python


def test_top_memory_takes_every_commit_and_a_package_only_its_own(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    repo = memory.project
    api = add_package(repo, "services/api")
    hooks.install(repo)
    quiet_commit(repo, "start", {"README.md": "x\n"})

    commit(repo, "feat(api): add refunds", files={"services/api/refunds.py": "r\n"})
    commit(repo, "fix: correct the docs link", files={"docs/index.md": "d\n"})
    bad = commit(repo, "fix: bad", files={"services/api/_omp/memory/project.yaml": "- 1\n"})

    assert [e["summary"] for e in changelog(memory)] == ["add refunds", "correct the docs link"]
    assert [e["summary"] for e in changelog(api)] == ["add refunds"]
    assert bad.returncode == 1 and "services/api/_omp/memory/project.yaml" in bad.stderr


def test_a_package_made_by_init_here_gets_its_commits_and_keeps_its_cache_out_of_git(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch
):
    from omp.paths import find_root

    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    api, web = git_repo / "services/api", git_repo / "services/web"
    for package in (api, web):
        package.mkdir(parents=True)
        made = run_in(package, "init", "--here")
        assert made.returncode == 0, made.stderr
    assert run_in(web, "hooks", "install").returncode == 0
    assert (
        run_in(api, "add", "decision", "--title", "Use Postgres", "--choice", "PG").returncode == 0
    )
    quiet_commit(git_repo, "Add the memory of both packages", {})

    recorded = commit(git_repo, "feat(api): add order export", files={"services/api/x.py": "x"})
    git("add", "-A", cwd=git_repo)
    git("commit", "-q", "-m", "Record memory", cwd=git_repo)

    assert recorded.returncode == 0, recorded.stderr
    ref = git("rev-parse", "--short", "HEAD~1", cwd=git_repo).strip()
    assert [(e["summary"], e["ref"]) for e in changelog(find_root(api))] == [
        ("add order export", ref)
    ]
    assert changelog(find_root(web)) == []
    assert (api / "_omp/.cache").is_dir() and (api / "_omp/memory/.backup").is_dir()
    tracked = git("ls-files", cwd=git_repo).splitlines()
    assert "services/api/_omp/memory/changelog.yaml" in tracked
    assert [p for p in tracked if "/.cache/" in p or "/.backup/" in p] == []
    assert git("status", "--porcelain", "--ignored", cwd=git_repo).splitlines() == [
        "!! services/api/_omp/.cache/",
        "!! services/api/_omp/memory/.backup/",
    ]


def test_a_legacy_memory_folder_of_a_package_is_served_too(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch
):
    from omp.paths import find_root

    monkeypatch.setenv("OMP_HOOKS_SYNC", "1")
    quiet_commit(
        git_repo,
        "start",
        {
            "tools/cli/.memory/changelog.yaml": "changelog: []\n",
            "tools/cli/.memory/decisions.yaml": "decisions: []\n",
            "tools/cli/.gitignore": ".memory/.cache/\n.memory/.backup/\n",
        },
    )
    legacy = find_root(git_repo / "tools/cli")
    hooks.install(git_repo)

    recorded = commit(git_repo, "feat(cli): add the export command", files={"tools/cli/x.py": "x"})
    refused = commit(
        git_repo, "fix: bad", files={"tools/cli/.memory/decisions.yaml": "decisions: 3\n"}
    )

    assert legacy.legacy and recorded.returncode == 0, recorded.stderr
    assert [e["summary"] for e in changelog(legacy)] == ["add the export command"]
    assert refused.returncode == 1 and "tools/cli/.memory/decisions.yaml" in refused.stderr


def _framework_hooks() -> dict[str, dict[str, Any]]:
    """The hooks this repository offers the pre-commit framework, by id."""
    from tests.helpers import REPO

    hooks_file = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    return {hook["id"]: dict(hook) for hook in load(hooks_file)}


def _run_entry(hook: dict[str, Any], repo: Path) -> subprocess.CompletedProcess[str]:
    """Run a framework hook's entry as the framework would (no file names: it asks for none)."""
    from tests.helpers import run_omp

    program, *args = hook["entry"].split()
    assert program == "omp" and hook["pass_filenames"] is False
    return run_omp(*args, cwd=repo)


def test_the_pre_commit_framework_hooks_check_memory_and_record_commits(memory: MemoryRoot):
    import re

    offered = _framework_hooks()
    assert set(offered) == {"omp-check-staged", "omp-validate", "omp-record-commit"}
    repo = memory.project
    commit_without_hooks(repo, "start")
    staged = offered["omp-check-staged"]
    for path, runs in {
        "_omp/memory/decisions.yaml": True,
        "packages/api/_omp/memory/changelog.yaml": True,
        "packages/api/.memory/decisions.yaml": True,
        "src/app.py": False,
        "docs/_ompish/notes.yaml": False,
    }.items():
        assert bool(re.search(staged["files"], path)) is runs, path

    (memory.memory / "decisions.yaml").write_text("decisions:\n  - title: 42\n", encoding="utf-8")
    git("add", "-A", cwd=repo)
    refused = _run_entry(staged, repo)
    assert refused.returncode != 0
    assert "decisions.yaml: decisions[0].title" in refused.stderr
    assert _run_entry(offered["omp-validate"], repo).returncode != 0
    (memory.memory / "decisions.yaml").write_text("decisions:\n  - title: ok\n", encoding="utf-8")
    git("add", "-A", cwd=repo)
    assert _run_entry(staged, repo).returncode == 0
    assert _run_entry(offered["omp-validate"], repo).returncode == 0

    recorder = offered["omp-record-commit"]
    assert recorder["stages"] == ["post-commit"] and recorder["always_run"] is True
    (repo / "export.py").write_text("EXPORT = True\n", encoding="utf-8")
    commit_without_hooks(repo, "feat: add the export page")
    sha = git("rev-parse", "--short=7", "HEAD", cwd=repo).strip()
    assert _run_entry(recorder, repo).returncode == 0
    (entry,) = [e for e in changelog(memory) if str(e.get("ref", "")).startswith(sha)]
    assert entry["summary"] == "add the export page" and entry["type"] == "feat"
