from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from omp import hooks, merge, store
from omp.errors import OmpError
from omp.paths import MemoryRoot, find_root
from omp.yamlio import load

from .helpers import commit_without_hooks, git, run_cli, run_omp

BASE = """\
# Decisions of the shop
decisions:
  - id: dec-1
    title: Use Postgres
    choice: Postgres
    status: active
  - id: dec-2
    title: Use Redis
    choice: Redis
    status: active
_meta:
  last_updated: 2026-11-01T10:00:00Z
  updated_by: omp
"""


def _with(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def test_additions_on_both_sides_are_all_kept_with_their_comments():
    ours = _with(
        BASE, "_meta:", "  - id: dec-3  # ours\n    title: Use pnpm\n    choice: pnpm\n_meta:"
    )
    theirs = _with(
        BASE,
        "_meta:",
        "  # added on the other branch\n"
        "  - id: dec-4\n    title: Use Vite\n    choice: Vite\n_meta:",
    )

    result = merge.merge_lists("decisions.yaml", BASE, ours, theirs)

    assert result.conflicts == []
    assert "- id: dec-3  # ours" in result.text
    assert "  # added on the other branch\n  - id: dec-4" in result.text
    assert result.text.startswith("# Decisions of the shop\n")
    assert [d["id"] for d in load(result.text)["decisions"]] == ["dec-1", "dec-2", "dec-3", "dec-4"]


def test_one_entry_changed_on_both_sides_merges_field_by_field():
    ours = _with(BASE, "    title: Use Redis\n", "    title: Use Redis 7\n")
    theirs = _with(
        BASE, "    choice: Redis\n    status: active", "    choice: Redis\n    status: superseded"
    )

    result = merge.merge_lists("decisions.yaml", BASE, ours, theirs)

    (_, redis) = load(result.text)["decisions"]
    assert (redis["title"], redis["status"]) == ("Use Redis 7", "superseded")
    assert result.conflicts == []


def test_the_same_field_changed_differently_is_a_marked_conflict():
    ours = _with(BASE, "    choice: Redis\n", "    choice: Redis 7\n")
    theirs = _with(BASE, "    choice: Redis\n", "    choice: Valkey\n")

    result = merge.merge_lists("decisions.yaml", BASE, ours, theirs)

    (_, redis) = load(result.text)["decisions"]
    assert redis["choice"] == "Redis 7"
    assert redis["_conflict"] == {"choice": {"ours": "Redis 7", "theirs": "Valkey"}}
    assert result.conflicts == ["decisions.yaml: entry dec-2: field choice"]


def test_an_entry_deleted_on_one_side_is_deleted_and_meta_comes_from_the_newer_side():
    theirs = _with(
        BASE, "  - id: dec-2\n    title: Use Redis\n    choice: Redis\n    status: active\n", ""
    )
    theirs = _with(theirs, "2026-11-01T10:00:00Z", "2026-11-02T09:00:00Z")

    result = merge.merge_lists("decisions.yaml", BASE, BASE, theirs)

    data = load(result.text)
    assert [d["id"] for d in data["decisions"]] == ["dec-1"]
    assert str(data["_meta"]["last_updated"]) == "2026-11-02T09:00:00Z"


def test_project_facts_merge_key_by_key():
    base = "project:\n  name: shop\ndeployment:\n  web:\n    status: pending\n"
    ours = base + "tech_stack:\n  database: Postgres\n"
    theirs = base.replace("status: pending", "status: active")

    result = merge.merge_mapping("project.yaml", base, ours, theirs)

    data = load(result.text)
    assert data["deployment"]["web"]["status"] == "active"
    assert data["tech_stack"] == {"database": "Postgres"}
    clash = merge.merge_mapping(
        "project.yaml", base, base.replace("shop", "shop-a"), base.replace("shop", "shop-b")
    )
    assert clash.conflicts == ["project.yaml: project.name"]
    assert load(clash.text)["_conflict"] == {"project.name": {"ours": "shop-a", "theirs": "shop-b"}}


# ---- through git --------------------------------------------------------------------------


_commit_all = commit_without_hooks


def _merge_right(repo: Path) -> subprocess.CompletedProcess[str]:
    """`git merge right` into the branch checked out, with omp's hooks off."""
    return subprocess.run(
        ["git", "merge", "--no-edit", "right"],
        cwd=repo,
        capture_output=True,
        text=True,
        env={**os.environ, "OMP_HOOKS": "off"},
    )


@pytest.fixture
def driven(memory: MemoryRoot) -> MemoryRoot:
    hooks.install(memory.project)
    _commit_all(memory.project, "start")
    return memory


def test_two_branches_adding_fifty_decisions_and_changes_each_merge_without_conflict(
    driven: MemoryRoot,
):
    repo = driven.project
    for branch in ("left", "right"):
        git("checkout", "-q", "-b", branch, "main", cwd=repo)
        for n in range(50):
            store.add_decision(driven, title=f"{branch} decision {n}", choice=f"{branch} {n}")
            store.add_change(driven, summary=f"{branch} change number {n}", type="feat")
        _commit_all(repo, f"{branch} work")
    git("checkout", "-q", "left", cwd=repo)

    done = _merge_right(repo)

    assert done.returncode == 0, done.stdout + done.stderr
    decisions = load((driven.memory / "decisions.yaml").read_text())["decisions"]
    changes = load((driven.memory / "changelog.yaml").read_text())["changelog"]
    assert len(decisions) == 100 and len(changes) == 100
    assert len({d["id"] for d in decisions}) == 100
    result = run_cli(["validate"])
    assert result.exit_code == 0, result.stdout + result.stderr


def test_a_real_conflict_stops_the_merge_and_validate_names_it(driven: MemoryRoot):
    repo = driven.project
    store.add_decision(driven, id="dec-x", title="Cache", choice="Redis")
    _commit_all(repo, "base decision")
    for branch, choice in (("left", "Redis 7"), ("right", "Valkey")):
        git("checkout", "-q", "-b", branch, "main", cwd=repo)
        store.add_decision(driven, id="dec-x", title="Cache", choice=choice)
        _commit_all(repo, f"{branch} choice")
    git("checkout", "-q", "left", cwd=repo)

    done = subprocess.run(
        ["git", "merge", "--no-edit", "right"], cwd=repo, capture_output=True, text=True
    )
    report: Any = run_cli(["validate"])

    assert done.returncode != 0
    assert "conflict: decisions.yaml: entry dec-x: field choice" in done.stderr + done.stdout
    assert report.exit_code == 1
    assert "unresolved merge conflict on choice" in report.stdout + report.stderr


def test_validate_reports_an_id_used_in_two_files(memory: MemoryRoot):
    for day in ("2026-11-01", "2026-11-02"):
        (memory.memory / "sessions" / f"{day}.yaml").write_text(
            f"date: {day}\nsessions:\n  - id: ses-dup\n    summary: merged twice by hand\n"
        )

    report = run_cli(["validate"])

    assert report.exit_code == 1
    assert "id 'ses-dup' is also used in _omp/memory/sessions/2026-11-02.yaml" in report.stdout


def test_a_flow_style_side_is_not_merged_entry_by_entry():
    theirs = "decisions: [{id: dec-1, title: Use Postgres, choice: Postgres}]\n"

    with pytest.raises(OmpError, match="flow style"):
        merge.merge_lists("decisions.yaml", BASE, BASE, theirs)


# ---- 3-way rules: additions on both sides, deletions, removed keys, comments -----------------


def test_the_same_entry_added_on_both_sides_with_different_fields_is_a_conflict():
    entry = "  - id: dec-9\n    title: Use Redis\n    choice: redis\n    rationale: {}\n_meta:"
    ours = _with(BASE, "_meta:", entry.format("'A: fast'"))
    theirs = _with(BASE, "_meta:", entry.format("'B: simple'"))

    result = merge.merge_lists("decisions.yaml", BASE, ours, theirs)

    redis = load(result.text)["decisions"][2]
    assert redis["rationale"] == "A: fast"
    assert redis["_conflict"] == {"rationale": {"ours": "A: fast", "theirs": "B: simple"}}
    assert result.conflicts == ["decisions.yaml: entry dec-9: field rationale"]
    same = merge.merge_lists("decisions.yaml", BASE, ours, ours)
    assert (same.text, same.conflicts) == (ours, [])


REDIS = "  - id: dec-2\n    title: Use Redis\n    choice: Redis\n    status: active\n"


@pytest.mark.parametrize("deleted_on", ["ours", "theirs"])
def test_an_entry_deleted_on_one_side_and_changed_on_the_other_is_a_conflict(deleted_on: str):
    deleted = _with(BASE, REDIS, "")
    changed = _with(BASE, "    choice: Redis\n", "    choice: Valkey  # cheaper\n")
    ours, theirs = (deleted, changed) if deleted_on == "ours" else (changed, deleted)

    result = merge.merge_lists("decisions.yaml", BASE, ours, theirs)

    redis = load(result.text)["decisions"][1]
    assert redis["choice"] == "Valkey"
    assert "choice: Valkey  # cheaper\n" in result.text
    sides = {"ours": "deleted", "theirs": "changed"}
    if deleted_on == "theirs":
        sides = {"ours": "changed", "theirs": "deleted"}
    assert redis["_conflict"] == {"entry": sides}
    assert len(result.conflicts) == 1
    assert "entry dec-2: " in result.conflicts[0]


def test_comments_inside_an_entry_stay_when_both_sides_change_it():
    base = _with(BASE, "    title: Use Redis\n", "    # why: sessions\n    title: Use Redis\n")
    base = _with(base, "    choice: Redis\n    status", "    choice: Redis  # for now\n    status")
    ours = _with(base, "    title: Use Redis\n", "    title: Use Redis 7  # pinned\n")
    theirs = _with(base, "    status: active\n_meta", "    status: superseded\n_meta")
    theirs = _with(theirs, "    choice: Redis  # for now\n", "")

    result = merge.merge_lists("decisions.yaml", base, ours, theirs)

    assert result.conflicts == []
    assert (
        "  - id: dec-2\n"
        "    # why: sessions\n"
        "    title: Use Redis 7  # pinned\n"
        "    status: superseded\n"
        "_meta:"
    ) in result.text
    assert "id: dec-1\n    title: Use Postgres\n" in result.text


def test_a_key_removed_on_one_side_is_removed_and_removed_against_changed_is_a_conflict():
    base = (
        "project:\n  name: shop\nowner: ana  # on call\n"
        "deployment:\n  web:\n    url: https://shop.test\n    status: active\n"
    )
    ours = base.replace("owner: ana  # on call\n", "").replace("    status: active\n", "")
    theirs = base.replace("name: shop", "name: shop2")

    result = merge.merge_mapping("project.yaml", base, ours, theirs)

    data = load(result.text)
    assert "owner" not in data
    assert data["deployment"]["web"] == {"url": "https://shop.test"}
    assert data["project"]["name"] == "shop2"
    assert result.conflicts == []
    clash = merge.merge_mapping("project.yaml", base, ours, base.replace("ana", "bo"))
    assert clash.conflicts == ["project.yaml: owner (deleted on our side, changed on theirs)"]
    assert load(clash.text)["_conflict"] == {"owner": {"ours": "deleted", "theirs": "bo"}}


def test_a_side_that_does_not_parse_is_named_with_its_real_line(tmp_path: Path):
    theirs_text = _with(BASE, "    choice: Redis\n", "    choice: Redis\n    rationale: [oops\n")
    files = {"base": BASE, "ours": BASE, "theirs": theirs_text}
    for side, text in files.items():
        (tmp_path / side).write_text(text)

    messages = merge.merge_file(
        tmp_path / "base", tmp_path / "ours", tmp_path / "theirs", "_omp/memory/decisions.yaml"
    )

    assert messages[0].startswith(
        "conflict: _omp/memory/decisions.yaml, their side (%B), is not valid YAML: line 11,"
    )
    assert "hint: see that version with `git show :3:_omp/memory/decisions.yaml`" in messages[0]
    assert (tmp_path / "ours").read_text() == theirs_text  # git's line merge: theirs' lines
    assert "merged line by line" in messages[-1]


def test_a_package_memory_file_is_named_by_its_path_in_the_repository(tmp_path: Path):
    theirs_text = _with(BASE, "    choice: Redis\n", "    choice: Redis\n    rationale: [oops\n")
    for side, text in {"base": BASE, "ours": BASE, "theirs": theirs_text}.items():
        (tmp_path / side).write_text(text)
    name = "services/api/_omp/memory/decisions.yaml"

    messages = merge.merge_file(tmp_path / "base", tmp_path / "ours", tmp_path / "theirs", name)

    assert messages[0].startswith(f"conflict: {name}, their side (%B), is not valid YAML: line 11,")
    assert f"hint: see that version with `git show :3:{name}`" in messages[0]


def test_the_driver_merges_a_package_memory_folder_entry_by_entry(memory: MemoryRoot):
    repo = memory.project
    (repo / "services/api").mkdir(parents=True)
    for name in ("_omp", ".gitignore"):  # the package's own memory, none at the top
        (repo / name).rename(repo / "services/api" / name)
    api = find_root(repo / "services/api")
    hooks.install(repo / "services/api")
    _commit_all(repo, "start")
    for branch in ("left", "right"):
        git("checkout", "-q", "-b", branch, "main", cwd=repo)
        for n in range(3):
            store.add_decision(api, title=f"{branch} decision {n}", choice=f"{branch} {n}")
        _commit_all(repo, f"{branch} work")
    git("checkout", "-q", "left", cwd=repo)

    done = _merge_right(repo)

    assert done.returncode == 0, done.stdout + done.stderr
    decisions = load((api.memory / "decisions.yaml").read_text())["decisions"]
    assert sorted(d["title"] for d in decisions) == sorted(
        f"{b} decision {n}" for b in ("left", "right") for n in range(3)
    )
    assert _validate(api).returncode == 0


def test_install_moves_the_attributes_line_of_an_earlier_version_to_every_package(
    memory: MemoryRoot,
):
    repo = memory.project
    attributes = repo / ".gitattributes"
    earlier = "# omp: merge memory files entry by entry (omp hooks install)\n"
    earlier += "_omp/memory/**/*.yaml merge=omp\n"
    attributes.write_text(f"*.png binary\n{earlier}*.sh text eol=lf\n")
    git("config", "merge.omp.driver", "python -m omp merge-driver %O %A %B %P", cwd=repo)
    assert not hooks.status(repo).merge_driver  # the top's memory only

    installed = hooks.install(repo)

    assert "merge-driver" in installed.changed and installed.merge_driver
    assert attributes.read_text() == (
        "*.png binary\n# omp: merge memory files entry by entry (omp hooks install)\n"
        "**/_omp/memory/**/*.yaml merge=omp\n*.sh text eol=lf\n"
    )
    hooks.uninstall(repo)
    assert attributes.read_text() == "*.png binary\n*.sh text eol=lf\n"


# ---- through git, two clones of one origin ---------------------------------------------------


@pytest.fixture
def clones(driven: MemoryRoot, tmp_path: Path) -> tuple[MemoryRoot, MemoryRoot]:
    origin = tmp_path / "origin.git"
    git("clone", "-q", "--bare", str(driven.project), str(origin), cwd=tmp_path)
    roots = []
    for name in ("a", "b"):
        git("clone", "-q", str(origin), name, cwd=tmp_path)
        hooks.install(tmp_path / name)
        roots.append(find_root(tmp_path / name))
    return roots[0], roots[1]


def _push(root: MemoryRoot, message: str) -> None:
    _commit_all(root.project, message)
    git("push", "-q", cwd=root.project)


def _pull(root: MemoryRoot, how: str = "--no-rebase") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "pull", how, "--no-edit"],
        cwd=root.project,
        capture_output=True,
        text=True,
        env={**os.environ, "OMP_HOOKS": "off"},
    )


def _validate(root: MemoryRoot) -> subprocess.CompletedProcess[str]:
    return run_omp("validate", cwd=root.project)


def _edit(path: Path, old: str, new: str) -> None:
    path.write_text(_with(path.read_text(), old, new))


def test_a_yaml_list_file_without_a_schema_keeps_both_sides_lines_through_git_pull(clones):
    a, b = clones
    todo = Path("notes/todo.yaml")
    (a.memory / todo).parent.mkdir()
    (a.memory / todo).write_text("- buy milk\n")
    _push(a, "todo")
    assert _pull(b).returncode == 0
    for root, line in ((b, "- from b\n"), (a, "- from a\n")):
        with (root.memory / todo).open("a") as f:
            f.write(line)
    _push(b, "from b")
    _commit_all(a.project, "from a")

    done = _pull(a)

    assert done.returncode != 0
    assert "CONFLICT" in done.stdout
    merged = (a.memory / todo).read_text()
    assert merged == "- buy milk\n<<<<<<< ours\n- from a\n=======\n- from b\n>>>>>>> theirs\n"


def test_a_flow_style_side_leaves_a_git_conflict_with_both_sides_lines(clones):
    a, b = clones
    decisions = a.memory / "decisions.yaml"
    flow = "decisions: [\n  {id: dec-1, title: Use Postgres, choice: pg},\n]"
    _edit(decisions, "decisions: []", flow)
    _push(a, "flow")
    assert _pull(b).returncode == 0
    _edit(
        decisions, "choice: pg},\n", "choice: pg},\n  {id: dec-2, title: Cache, choice: redis},\n"
    )
    _edit(b.memory / "decisions.yaml", "choice: pg}", "choice: postgres}")
    _push(b, "b edits the flow list")
    _commit_all(a.project, "a adds")

    done = _pull(a)

    assert done.returncode != 0, done.stdout + done.stderr
    assert "cannot merge entry by entry" in done.stderr
    merged = decisions.read_text()
    assert "choice: postgres}" in merged and "choice: redis" in merged


def test_the_same_decision_added_in_two_clones_with_other_rationales_conflicts(clones):
    a, b = clones
    store.add_decision(a, title="Use Redis", choice="redis", rationale="A: fast")
    store.add_decision(b, title="Use Redis", choice="redis", rationale="B: simple")
    _push(b, "b decides")
    _commit_all(a.project, "a decides")

    done = _pull(a)

    assert done.returncode != 0
    (redis,) = load((a.memory / "decisions.yaml").read_text())["decisions"]
    assert redis["_conflict"] == {"rationale": {"ours": "A: fast", "theirs": "B: simple"}}
    report = _validate(a)
    assert report.returncode == 1
    assert "unresolved merge conflict on rationale" in report.stdout + report.stderr


@pytest.mark.parametrize("how", ["--no-rebase", "--rebase"])
def test_a_decision_deleted_in_one_clone_and_changed_in_the_other_conflicts(clones, how):
    a, b = clones
    store.add_decision(a, id="dec-x", title="Cache", choice="Redis")
    store.add_decision(a, id="dec-y", title="Queue", choice="SQS")
    _push(a, "two decisions")
    assert _pull(b).returncode == 0
    store.add_decision(b, id="dec-x", title="Cache", choice="Valkey")
    _push(b, "b changes dec-x")
    text = (a.memory / "decisions.yaml").read_text()
    start = text.index("  - id: dec-x")
    (a.memory / "decisions.yaml").write_text(text[:start] + text[text.index("  - id: dec-y") :])
    _commit_all(a.project, "a deletes dec-x")

    done = _pull(a, how)

    assert done.returncode != 0, done.stdout + done.stderr
    assert "entry dec-x: " in done.stderr
    decisions = load((a.memory / "decisions.yaml").read_text())["decisions"]
    (kept,) = [d for d in decisions if d["id"] == "dec-x"]
    assert kept["choice"] == "Valkey" and "_conflict" in kept
    report = _validate(a)
    assert report.returncode == 1
    assert "unresolved merge conflict on entry" in report.stdout + report.stderr


def test_an_unset_fact_stays_unset_after_pulling_a_branch_that_never_touched_it(clones):
    a, b = clones
    store.set_value(a, "owner", "ana")
    store.set_value(a, "deployment.web.url", "https://shop.test")
    store.set_value(a, "deployment.web.region", "eu")
    _push(a, "facts")
    assert _pull(b).returncode == 0
    store.unset_value(a, "owner")
    store.unset_value(a, "deployment.web.region")
    _push(a, "a unsets")
    store.set_value(b, "tech_stack.database", "Postgres")
    _commit_all(b.project, "b sets")

    done = _pull(b)

    assert done.returncode == 0, done.stdout + done.stderr
    data = load((b.memory / "project.yaml").read_text())
    assert "owner" not in data
    assert data["deployment"]["web"]["url"] == "https://shop.test"
    assert "region" not in data["deployment"]["web"]
    assert data["tech_stack"]["database"] == "Postgres"


def test_their_invalid_yaml_stops_the_merge_naming_their_side_and_keeping_their_lines(clones):
    a, b = clones
    store.add_decision(a, id="dec-x", title="Cache", choice="Redis")
    _push(a, "decision")
    assert _pull(b).returncode == 0
    _edit(b.memory / "decisions.yaml", "choice: Redis\n", "choice: Redis\n    rationale: [oops\n")
    _push(b, "b breaks the yaml")
    store.add_decision(a, id="dec-y", title="Queue", choice="SQS")
    _commit_all(a.project, "a adds")

    done = _pull(a)

    assert done.returncode != 0
    line = next(
        n
        for n, text in enumerate((b.memory / "decisions.yaml").read_text().splitlines(), 1)
        if "[oops" in text
    )
    assert f"their side (%B), is not valid YAML: line {line + 1}, column" in done.stderr
    assert "hint: see that version with `git show :3:_omp/memory/decisions.yaml`" in done.stderr
    merged = (a.memory / "decisions.yaml").read_text()
    assert "rationale: [oops" in merged and "id: dec-y" in merged
