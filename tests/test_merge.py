from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from omp import hooks, merge, store
from omp.cli import app
from omp.errors import OmpError
from omp.paths import MemoryRoot
from omp.yamlio import load

from .helpers import git

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


def _commit_all(repo: Path, message: str) -> None:
    git("add", "-A", cwd=repo)
    subprocess.run(
        ["git", "commit", "-q", "-m", message],
        cwd=repo,
        env={**os.environ, "OMP_HOOKS": "off"},
        check=True,
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

    done = subprocess.run(
        ["git", "merge", "--no-edit", "right"],
        cwd=repo,
        capture_output=True,
        text=True,
        env={**os.environ, "OMP_HOOKS": "off"},
    )

    assert done.returncode == 0, done.stdout + done.stderr
    decisions = load((driven.memory / "decisions.yaml").read_text())["decisions"]
    changes = load((driven.memory / "changelog.yaml").read_text())["changelog"]
    assert len(decisions) == 100 and len(changes) == 100
    assert len({d["id"] for d in decisions}) == 100
    result = CliRunner().invoke(app, ["validate"])
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
    report: Any = CliRunner().invoke(app, ["validate"])

    assert done.returncode != 0
    assert "conflict: decisions.yaml: entry dec-x: field choice" in done.stderr + done.stdout
    assert report.exit_code == 1
    assert "unresolved merge conflict on choice" in report.stdout + report.stderr


def test_validate_reports_an_id_used_in_two_files(memory: MemoryRoot):
    for day in ("2026-11-01", "2026-11-02"):
        (memory.memory / "sessions" / f"{day}.yaml").write_text(
            f"date: {day}\nsessions:\n  - id: ses-dup\n    summary: merged twice by hand\n"
        )

    report = CliRunner().invoke(app, ["validate"])

    assert report.exit_code == 1
    assert "id 'ses-dup' is also used in _omp/memory/sessions/2026-11-02.yaml" in report.stdout


def test_a_flow_style_side_is_not_merged_entry_by_entry():
    theirs = "decisions: [{id: dec-1, title: Use Postgres, choice: Postgres}]\n"

    with pytest.raises(OmpError, match="flow style"):
        merge.merge_lists("decisions.yaml", BASE, BASE, theirs)
