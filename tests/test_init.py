from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from omp.errors import ForeignOmpDirError, NestedMemoryError, OmpError
from omp.scaffold import init_project
from omp.validate import validate
from tests.helpers import SAMPLES, build_file_tree, git, omp, omp_ok

MEMORY_FILES = [
    "_omp/memory/project.yaml",
    "_omp/memory/decisions.yaml",
    "_omp/memory/changelog.yaml",
    "_omp/memory/themes/index.yaml",
    "_omp/memory/themes/embeddings.json",
    "_omp/config.yaml",
]
GITIGNORE_LINES = ["**/_omp/memory/.backup/", "**/_omp/.cache/"]
OLD_BLOCK = "# omp: backups and derived cache (rebuildable)\n_omp/memory/.backup/\n_omp/.cache/\n"
AGENT_FILES = ["_omp/skills/memory-extraction/SKILL.md", "_omp/commands/memory.md"]

UPSTREAM_PROJECT = """\
# Project Memory - OpenMemory Plus
# Facts about this project, read by agents at the start of a session.

project:
  name: "x"
  version: "1.0.0"
"""


def tree(base: Path) -> dict[str, bytes]:
    """Every file under `base` but git's own, by relative path."""
    return {
        p.relative_to(base).as_posix(): p.read_bytes()
        for p in sorted(base.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(base).parts
    }


def mtimes(base: Path) -> dict[str, int]:
    return {
        p.relative_to(base).as_posix(): p.stat().st_mtime_ns
        for p in sorted(base.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(base).parts
    }


# ---------------------------------------------------------------------------------------------
# what init creates


def test_init_creates_the_memory_skeleton_and_config(git_repo: Path):
    result = init_project(git_repo)

    for rel in MEMORY_FILES:
        assert (git_repo / rel).is_file(), rel
        assert rel in result.created
    assert (git_repo / "_omp/memory/sessions").is_dir()
    assert result.kept == []
    assert json.loads((git_repo / "_omp/memory/themes/embeddings.json").read_text()) == {}
    assert 'name: "repo"' in (git_repo / "_omp/memory/project.yaml").read_text(encoding="utf-8")


def test_init_adds_backups_and_cache_to_gitignore(git_repo: Path):
    init_project(git_repo)

    lines = (git_repo / ".gitignore").read_text(encoding="utf-8").splitlines()
    for line in GITIGNORE_LINES:
        assert lines.count(line) == 1


def test_init_appends_to_an_existing_gitignore_without_changing_its_lines(git_repo: Path):
    existing = "node_modules/\n# logs\n*.log"  # no final newline
    (git_repo / ".gitignore").write_text(existing, encoding="utf-8")

    init_project(git_repo)
    init_project(git_repo)

    text = (git_repo / ".gitignore").read_text(encoding="utf-8")
    assert text.startswith(existing + "\n")
    assert text.endswith("\n")
    lines = text.splitlines()
    for line in GITIGNORE_LINES:
        assert lines.count(line) == 1


def test_init_adds_only_the_gitignore_lines_that_are_missing(git_repo: Path):
    (git_repo / ".gitignore").write_text("/**/_omp/.cache/\n", encoding="utf-8")

    result = init_project(git_repo)

    assert result.gitignore_added == ["**/_omp/memory/.backup/"]
    text = (git_repo / ".gitignore").read_text(encoding="utf-8")
    assert text.startswith("/**/_omp/.cache/\n")
    assert "\n**/_omp/.cache/" not in text


def test_init_upgrades_an_earlier_versions_gitignore_block_in_place(git_repo: Path):
    mine = "node_modules/\n_omp/.cache/\n"  # the user's own line, like omp's old one
    init_project(git_repo)  # the memory is there; the .gitignore is an earlier version's
    (git_repo / ".gitignore").write_text(f"{mine}\n{OLD_BLOCK}# logs\n*.log\n", encoding="utf-8")
    before = tree(git_repo)

    result = omp_ok("-C", str(git_repo), "init")

    new_block = OLD_BLOCK.replace("_omp/", "**/_omp/")
    assert (git_repo / ".gitignore").read_text(encoding="utf-8") == (
        f"{mine}\n{new_block}# logs\n*.log\n"
    )
    assert result.stdout.splitlines() == [
        "rewrote _omp/memory/.backup/ as **/_omp/memory/.backup/ in .gitignore "
        "(for every memory folder)",
        "rewrote _omp/.cache/ as **/_omp/.cache/ in .gitignore (for every memory folder)",
    ]
    assert {rel for rel, data in tree(git_repo).items() if before[rel] != data} == {".gitignore"}
    again = omp_ok("init")
    assert "already set up" in again.stdout


def test_init_completes_an_earlier_versions_partial_block_inside_it(git_repo: Path):
    head = "/_omp/.cache/\n\n# omp: backups and derived cache (rebuildable)\r\n"
    (git_repo / ".gitignore").write_bytes(f"{head}_omp/memory/.backup/\r\n*.log\n".encode())

    result = init_project(git_repo)

    assert result.gitignore_upgraded == [("_omp/memory/.backup/", "**/_omp/memory/.backup/")]
    assert result.gitignore_added == ["**/_omp/.cache/"]
    assert (git_repo / ".gitignore").read_bytes() == (
        f"{head}**/_omp/memory/.backup/\r\n**/_omp/.cache/\r\n*.log\n".encode()
    )


def test_init_the_new_files_are_ignored_by_git_as_intended(git_repo: Path):
    init_project(git_repo)
    (git_repo / "_omp/memory/.backup").mkdir()
    (git_repo / "_omp/memory/.backup/decisions.yaml.1.bak").write_text("x", encoding="utf-8")
    (git_repo / "_omp/.cache").mkdir()
    (git_repo / "_omp/.cache/lock").write_text("", encoding="utf-8")

    untracked = git("status", "--porcelain", "--untracked-files=all", cwd=git_repo)
    assert "_omp/memory/decisions.yaml" in untracked
    assert ".backup" not in untracked
    assert ".cache" not in untracked


# ---------------------------------------------------------------------------------------------
# idempotence: never overwrite


def test_init_twice_changes_no_byte_of_any_file(git_repo: Path):
    init_project(git_repo)
    before, stamps = tree(git_repo), mtimes(git_repo)

    result = init_project(git_repo)

    assert result.created == []
    assert result.gitignore_added == []
    assert tree(git_repo) == before
    assert mtimes(git_repo) == stamps


def test_init_never_overwrites_an_existing_file(git_repo: Path):
    init_project(git_repo)
    decisions = git_repo / "_omp/memory/decisions.yaml"
    changelog = git_repo / "_omp/memory/changelog.yaml"
    template_changelog = changelog.read_bytes()
    decisions.write_text("decisions:\n  - id: mine\n    title: Hand-written\n", encoding="utf-8")
    mine = decisions.read_bytes()
    changelog.unlink()

    result = init_project(git_repo)

    assert decisions.read_bytes() == mine
    assert changelog.read_bytes() == template_changelog
    assert result.created == ["_omp/memory/changelog.yaml"]
    assert "_omp/memory/decisions.yaml" in result.kept


def test_init_never_empties_an_empty_or_odd_file(git_repo: Path):
    build_file_tree(git_repo, {"_omp/memory/project.yaml": "", "_omp/config.yaml": "# mine\n"})

    init_project(git_repo)

    assert (git_repo / "_omp/memory/project.yaml").read_bytes() == b""
    assert (git_repo / "_omp/config.yaml").read_bytes() == b"# mine\n"


def test_cli_init_twice_says_it_is_already_set_up(git_repo: Path):
    omp_ok("init")
    before = tree(git_repo)

    result = omp_ok("init")

    assert "already set up" in result.stdout
    assert tree(git_repo) == before


# ---------------------------------------------------------------------------------------------
# upstream OpenMemory Plus projects


def test_init_in_an_upstream_tree_only_adds_missing_files(git_repo: Path):
    shutil.copytree(SAMPLES / "_omp", git_repo / "_omp")
    (git_repo / "_omp/memory/project.yaml").write_text(UPSTREAM_PROJECT, encoding="utf-8")
    upstream = tree(git_repo)

    result = init_project(git_repo)

    after = tree(git_repo)
    for rel, data in upstream.items():
        assert after[rel] == data, rel
    assert sorted(result.created) == sorted(
        [
            "_omp/memory/decisions.yaml",
            "_omp/memory/changelog.yaml",
            "_omp/memory/sessions/.gitkeep",
            *AGENT_FILES,
        ]
    )
    assert sorted(result.kept) == sorted(
        [
            "_omp/memory/project.yaml",
            "_omp/memory/themes/index.yaml",
            "_omp/memory/themes/embeddings.json",
            "_omp/config.yaml",
        ]
    )
    reports = validate(start=git_repo)
    assert reports
    assert [(r.display, r.problems) for r in reports if r.problems] == []


# ---------------------------------------------------------------------------------------------
# another tool's _omp/


def _foreign_tree(repo: Path) -> dict[str, bytes]:
    build_file_tree(
        repo,
        {
            "_omp/agents/x.md": "# Agent x\nDo things.\n",
            "_omp/config.yml": "tool: other\nagents: [x]\n",
        },
    )
    return tree(repo / "_omp")


def test_init_refuses_an_omp_folder_of_another_tool(git_repo: Path):
    before = _foreign_tree(git_repo)

    with pytest.raises(ForeignOmpDirError) as raised:
        init_project(git_repo)

    assert "--force" in str(raised.value)
    assert tree(git_repo / "_omp") == before
    assert not (git_repo / ".gitignore").exists()


def test_cli_init_in_an_omp_folder_of_another_tool_exits_1_with_a_force_hint(git_repo: Path):
    before = _foreign_tree(git_repo)

    result = omp("init")

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "another tool" in result.stderr
    assert "hint:" in result.stderr
    assert "--force" in result.stderr
    assert tree(git_repo / "_omp") == before


def test_init_force_adds_memory_beside_another_tools_files(git_repo: Path):
    before = _foreign_tree(git_repo)

    result = omp_ok("init", "--force")

    assert "created _omp/memory/decisions.yaml" in result.stdout
    after = tree(git_repo / "_omp")
    for rel, data in before.items():
        assert after[rel] == data, rel
    for rel in MEMORY_FILES:
        assert (git_repo / rel).is_file(), rel
    omp_ok("validate")


# ---------------------------------------------------------------------------------------------
# legacy roots


@pytest.mark.parametrize("legacy", ["_omp/.memory", ".memory"])
def test_init_refuses_a_legacy_root_with_a_git_mv_hint(git_repo: Path, legacy: str):
    build_file_tree(git_repo, {f"{legacy}/project.yaml": 'project:\n  name: "old"\n'})
    before = tree(git_repo)

    result = omp("init")

    assert result.exit_code == 1
    assert legacy in result.stderr
    assert f"git mv {legacy} _omp/memory" in result.stderr
    assert tree(git_repo) == before
    with pytest.raises(OmpError):
        init_project(git_repo)


@pytest.mark.parametrize("legacy", ["_omp/.memory", ".memory"])
def test_commands_work_on_a_legacy_root_and_note_the_migration(git_repo: Path, legacy: str):
    text = 'project:\n  name: "old"\n'
    build_file_tree(git_repo, {f"{legacy}/project.yaml": text})

    result = omp_ok("show", "project")

    assert result.stdout == text
    assert result.stderr.startswith("note: ")
    assert f"git mv {legacy} _omp/memory" in result.stderr


def test_a_dot_memory_folder_of_another_tool_is_not_a_legacy_root(git_repo: Path):
    build_file_tree(git_repo, {".memory/notes.txt": "someone else's\n"})

    init_project(git_repo)

    assert (git_repo / "_omp/memory/project.yaml").is_file()
    assert (git_repo / ".memory/notes.txt").read_text(encoding="utf-8") == "someone else's\n"


# ---------------------------------------------------------------------------------------------
# where and how


def test_init_in_a_subfolder_initialises_the_top_of_the_repository_and_says_so(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch
):
    sub = git_repo / "src" / "pkg"
    sub.mkdir(parents=True)
    monkeypatch.chdir(sub)

    result = omp_ok("init")

    assert (git_repo / "_omp/memory/project.yaml").is_file()
    assert (git_repo / ".gitignore").is_file()
    assert not (sub / "_omp").exists()
    assert not (git_repo / "src" / "_omp").exists()
    assert result.stderr == (
        f"note: omp memory is at the top of the git repository, {git_repo}, not in src/pkg; "
        "to give src/pkg a memory of its own (a package of a monorepo), run `omp init --here` "
        "there\n"
    )


def test_init_dry_run_creates_nothing(git_repo: Path):
    result = omp_ok("init", "--dry-run")

    assert "would create _omp/memory/decisions.yaml" in result.stdout
    assert "would add **/_omp/.cache/ to .gitignore" in result.stdout
    assert tree(git_repo) == {}
    assert sorted(p.name for p in git_repo.iterdir()) == [".git"]


def test_init_dry_run_of_the_library_reports_the_plan(git_repo: Path):
    result = init_project(git_repo, dry_run=True)

    assert result.dry_run
    assert sorted(result.created) == sorted(
        [*MEMORY_FILES, "_omp/memory/sessions/.gitkeep", *AGENT_FILES]
    )
    assert result.gitignore_added == GITIGNORE_LINES
    assert not (git_repo / "_omp").exists()


def test_init_json_prints_what_it_created(git_repo: Path):
    result = omp_ok("init", "--json")

    out = json.loads(result.stdout)
    assert Path(out["project"]).resolve() == git_repo.resolve()
    assert set(MEMORY_FILES) <= set(out["created"])
    assert out["kept"] == []
    assert out["gitignore_added"] == GITIGNORE_LINES
    assert out["dry_run"] is False

    again = json.loads(omp_ok("init", "--json").stdout)
    assert again["created"] == []
    assert set(MEMORY_FILES) <= set(again["kept"])


def test_init_dash_c_initialises_another_folder(git_repo: Path, tmp_path: Path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    omp_ok("-C", str(git_repo), "init")

    assert (git_repo / "_omp/memory/project.yaml").is_file()
    assert list(elsewhere.iterdir()) == []


def test_a_fresh_init_passes_validate(git_repo: Path):
    omp_ok("init")

    result = omp_ok("validate")

    assert "error" not in result.stdout
    reports = validate(start=git_repo)
    assert [(r.display, r.problems) for r in reports if r.problems] == []
    assert {r.display for r in reports} >= set(MEMORY_FILES)


def test_init_appends_to_a_crlf_gitignore_in_crlf(git_repo):
    (git_repo / ".gitignore").write_bytes(b"node_modules/\r\n")
    init_project(git_repo)
    raw = (git_repo / ".gitignore").read_bytes()
    assert raw.startswith(b"node_modules/\r\n")
    assert b"\r\n**/_omp/.cache/\r\n" in raw
    assert b"\n" not in raw.replace(b"\r\n", b"")


# ---------------------------------------------------------------------------------------------
# packages of a monorepo: `omp init --here`


def tracked_after_add_all(repo: Path) -> list[str]:
    git("add", "-A", cwd=repo)
    return git("ls-files", cwd=repo).splitlines()


def test_init_here_gives_a_package_its_own_memory_and_git_add_leaves_its_cache_out(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch
):
    api = git_repo / "services/api"
    api.mkdir(parents=True)
    monkeypatch.chdir(api)

    result = omp_ok("init", "--here")
    omp_ok("add", "decision", "--title", "Use Postgres", "--choice", "Postgres 16")
    omp_ok("add", "decision", "--title", "Use Redis", "--choice", "Redis 7")

    assert "created _omp/memory/decisions.yaml" in result.stdout
    assert f"added **/_omp/.cache/ to {git_repo / '.gitignore'}" in result.stdout
    assert result.stderr == ""
    assert (api / "_omp/memory/project.yaml").is_file()
    assert 'name: "api"' in (api / "_omp/memory/project.yaml").read_text(encoding="utf-8")
    assert not (git_repo / "_omp").exists()
    assert not (api / ".gitignore").exists()
    assert any((api / "_omp/.cache").iterdir()) and any((api / "_omp/memory/.backup").iterdir())
    tracked = tracked_after_add_all(git_repo)
    assert "services/api/_omp/memory/decisions.yaml" in tracked
    assert ".gitignore" in tracked
    assert [p for p in tracked if ".cache" in p or ".backup" in p] == []


def test_init_here_in_a_second_package_leaves_the_first_and_the_top_alone(git_repo: Path):
    init_project(git_repo / "services/api", here=True)
    before = tree(git_repo)

    web = init_project(git_repo / "services/web", here=True)
    omp_ok("-C", str(git_repo / "services/web"), "set", "deployment.web.status", "active")
    omp_ok("-C", str(git_repo / "services/web"), "set", "deployment.web.status", "failed")

    assert web.project == git_repo / "services/web"
    assert web.gitignore == git_repo / ".gitignore"
    assert web.gitignore_added == [] and web.gitignore_upgraded == []
    after = tree(git_repo)
    assert {rel: data for rel, data in after.items() if rel in before} == before
    assert "services/web/_omp/memory/project.yaml" in after
    tracked = tracked_after_add_all(git_repo)
    assert "services/web/_omp/memory/project.yaml" in tracked
    assert [p for p in tracked if ".cache" in p or ".backup" in p] == []


def test_init_here_at_the_top_is_plain_init(git_repo: Path):
    omp_ok("init", "--here")

    assert (git_repo / "_omp/memory/project.yaml").is_file()
    assert "already set up" in omp_ok("init").stdout


def test_init_in_a_package_that_has_memory_completes_it_not_the_top(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch
):
    api = git_repo / "services/api"
    init_project(api, here=True)
    (api / "_omp/config.yaml").unlink()
    (api / "src").mkdir()
    monkeypatch.chdir(api / "src")

    result = omp_ok("init")

    assert result.stdout == "created _omp/config.yaml\n"
    assert "`omp init --here` there" in result.stderr
    assert (api / "_omp/config.yaml").is_file()
    assert not (git_repo / "_omp").exists()


def test_init_here_outside_git_writes_the_gitignore_of_that_folder(tmp_path: Path):
    result = init_project(tmp_path / "notes", here=True)

    assert result.repository is None
    assert result.gitignore == tmp_path / "notes/.gitignore"
    assert (tmp_path / "notes/.gitignore").read_text(encoding="utf-8").splitlines()[1:] == (
        GITIGNORE_LINES
    )


@pytest.mark.parametrize(
    ("inside", "named"),
    [
        ("services/api/_omp/memory", "the memory folder"),
        ("services/api/_omp/memory/notes", "the memory folder"),
        ("services/api/_omp", "_omp"),
        ("services/api/_omp/skills/mine", "_omp"),
        ("tools/_omp/agents", "_omp"),  # another tool's _omp/
    ],
)
def test_init_here_refuses_memory_inside_a_memory_folder_or_an_omp_folder(
    git_repo: Path, monkeypatch: pytest.MonkeyPatch, inside: str, named: str
):
    init_project(git_repo / "services/api", here=True)
    (git_repo / inside).mkdir(parents=True, exist_ok=True)
    before = tree(git_repo)
    monkeypatch.chdir(git_repo / inside)

    result = omp("init", "--here")

    assert result.exit_code == 1
    assert result.stdout == ""
    first, hint = result.stderr.splitlines()
    assert first.startswith(f"error: {git_repo / inside}: in")
    assert named in first
    assert hint.startswith("hint: run `omp init --here` in the package's own folder")
    assert tree(git_repo) == before
    assert not (git_repo / inside / "_omp").exists()
    with pytest.raises(NestedMemoryError):
        init_project(git_repo / inside, here=True)


def test_init_here_refuses_memory_inside_a_legacy_memory_folder(git_repo: Path):
    build_file_tree(git_repo, {"tools/cli/.memory/decisions.yaml": "decisions: []\n"})
    inside = git_repo / "tools/cli/.memory/notes"
    inside.mkdir()

    with pytest.raises(NestedMemoryError) as raised:
        init_project(inside, here=True)

    assert f"in the memory folder {git_repo / 'tools/cli/.memory'}" in str(raised.value)
    assert list(inside.iterdir()) == []


def test_init_here_in_another_tools_omp_folder_names_here_and_force(git_repo: Path):
    build_file_tree(git_repo, {"services/api/_omp/agents/x.md": "# Agent x\n"})

    result = omp("-C", str(git_repo / "services/api"), "init", "--here")

    assert result.exit_code == 1
    assert "`omp init --here --force`" in result.stderr
    assert not (git_repo / "services/api/_omp/memory").exists()


def test_derived_folders_ignore_themselves_in_any_layout(git_repo):
    # a legacy `.memory/` that no .gitignore line of omp's covers: its index, lock and
    # backups must still never be committed
    from omp import store
    from omp.paths import find_root

    legacy = git_repo / ".memory"
    legacy.mkdir()
    (legacy / "decisions.yaml").write_text("decisions: []\n", encoding="utf-8")
    (legacy / "project.yaml").write_text("project:\n  name: old\n", encoding="utf-8")
    root = find_root(git_repo)
    store.add_decision(root, title="Use SQLite", choice="SQLite")
    store.add_decision(root, title="Use Redis", choice="Redis")
    subprocess.run(["git", "add", "-A"], cwd=git_repo, check=True)
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=git_repo, check=True, capture_output=True, text=True
    ).stdout.split()
    assert root.cache.is_dir() and root.backups.is_dir()
    assert not [t for t in tracked if "/.cache/" in t or "/.backup/" in t]
    assert ".memory/decisions.yaml" in tracked
