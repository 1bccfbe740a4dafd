from __future__ import annotations

import json
import os
import re
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from omp import __version__, cli
from omp.paths import MemoryRoot
from omp.validate import validate
from omp.yamlio import load
from tests.helpers import (
    REPO,
    SAMPLES,
    build_file_tree,
    everything_under,
    memory_files,
    omp,
    omp_ok,
    run_omp,
)

DECISION_ID = re.compile(r"^dec-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}$")
CHANGE_ID = re.compile(r"^chg-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}$")
SESSION_ID = re.compile(r"^ses-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}$")

DECISIONS = "_omp/memory/decisions.yaml"
PROPOSAL = """\
User: Which test runner should we use for the web app?
Assistant: I'd suggest Vitest, since it reuses the Vite config.
User: Let me check with the team first.
"""


def show_json(what: str) -> Any:
    return json.loads(omp_ok("show", what, "--json").stdout)


def project_files(project: Path) -> dict[str, bytes]:
    """Every file of the project but git's own and the derived cache (lock, index)."""
    return {
        p.relative_to(project).as_posix(): p.read_bytes()
        for p in sorted(project.rglob("*"))
        if p.is_file()
        and ".git" not in p.relative_to(project).parts
        and not p.relative_to(project).as_posix().startswith("_omp/.cache/")
    }


def backups_of(root: MemoryRoot) -> list[str]:
    folder = root.memory / ".backup"
    return sorted(p.name for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []


def add_decision(*extra: str, title: str = "Use YAML", choice: str = "YAML files") -> str:
    result = omp_ok("add", "decision", "--title", title, "--choice", choice, *extra)
    return str(result.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# omp add decision


def test_add_decision_prints_the_new_id_on_stdout(memory: MemoryRoot):
    result = omp_ok("add", "decision", "--title", "Use YAML", "--choice", "YAML files")

    decision_id = result.stdout.strip()
    assert DECISION_ID.match(decision_id)
    assert decision_id.startswith(f"dec-{date.today().isoformat()}-")
    assert result.stdout == f"{decision_id}\n"
    assert f"added: decisions {decision_id}" in result.stderr
    text = (memory.project / DECISIONS).read_text(encoding="utf-8")
    assert f"  - id: {decision_id}\n" in text
    assert "    title: Use YAML\n" in text


def test_add_decision_uses_the_given_date_in_the_id_and_the_entry(memory: MemoryRoot):
    decision_id = add_decision("--date", "2026-01-31")

    assert decision_id.startswith("dec-2026-01-31-")
    (entry,) = show_json("decisions")["decisions"]
    assert entry["date"] == "2026-01-31"
    assert entry["status"] == "active"


def test_add_decision_json_prints_an_object_with_id_file_and_changes(memory: MemoryRoot):
    result = omp_ok("add", "decision", "--title", "T", "--choice", "C", "--json")

    out = json.loads(result.stdout)
    assert DECISION_ID.match(out["id"])
    assert out["file"] == DECISIONS
    assert out["changes"] == [f"decisions[{out['id']}]: added"]


def test_adding_the_same_decision_again_is_a_no_op(memory: MemoryRoot):
    first = add_decision("--date", "2026-01-31")
    path = memory.project / DECISIONS
    before, mtime, backups = path.read_bytes(), path.stat().st_mtime_ns, backups_of(memory)

    result = omp_ok(
        "add", "decision", "--title", "Use YAML", "--choice", "YAML files", "--date", "2026-01-31"
    )

    assert result.stdout == f"{first}\n"
    assert "already recorded" in result.stderr
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime
    assert backups_of(memory) == backups


def test_add_decision_dry_run_prints_a_diff_and_writes_nothing(memory: MemoryRoot):
    before = memory_files(memory.project)

    result = omp_ok("add", "decision", "--title", "Dry", "--choice", "C", "--dry-run")

    assert result.stdout.startswith(f"--- a/{DECISIONS}\n+++ b/{DECISIONS}\n@@ ")
    assert re.search(r"^\+\s+title: Dry$", result.stdout, re.MULTILINE)
    assert re.search(r"^\+\s+- id: dec-", result.stdout, re.MULTILINE)
    assert "nothing written" in result.stderr
    assert memory_files(memory.project) == before
    assert backups_of(memory) == []


def test_add_decision_with_an_impossible_date_is_a_usage_error(memory: MemoryRoot):
    before = memory_files(memory.project)

    result = omp("add", "decision", "--title", "T", "--choice", "C", "--date", "2026-13-01")

    assert result.exit_code == 2
    assert result.stdout == ""
    assert "--date" in result.stderr
    assert "'2026-13-01' is not a date" in result.stderr
    assert "YYYY-MM-DD" in result.stderr
    assert memory_files(memory.project) == before


def test_add_decision_with_an_unknown_status_names_the_file_and_json_path(memory: MemoryRoot):
    before = memory_files(memory.project)

    result = omp("add", "decision", "--title", "T", "--choice", "C", "--status", "bogus")

    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {DECISIONS}: ")
    assert re.search(r"decisions\[\d+\]\.status", result.stderr), result.stderr
    assert "bogus" in result.stderr
    assert memory_files(memory.project) == before
    assert backups_of(memory) == []


# ---------------------------------------------------------------------------------------------
# omp add change / omp add session


def test_add_change_prints_its_id_and_appends_to_the_changelog(memory: MemoryRoot):
    result = omp_ok("add", "change", "--type", "feat", "--summary", "Add login", "--scope", "auth")

    change_id = result.stdout.strip()
    assert CHANGE_ID.match(change_id)
    (entry,) = show_json("changelog")["changelog"]
    assert entry["id"] == change_id
    assert entry["type"] == "feat"
    assert entry["summary"] == "Add login"
    assert entry["scope"] == "auth"


def test_add_change_with_the_same_ref_twice_records_one_entry(memory: MemoryRoot):
    first = omp_ok("add", "change", "--summary", "Deploy", "--type", "deploy", "--ref", "abc123")
    second = omp_ok("add", "change", "--summary", "Deploy", "--type", "deploy", "--ref", "abc123")
    third = omp_ok("add", "change", "--summary", "Deploy v2", "--type", "deploy", "--ref", "abc123")

    assert first.stdout == second.stdout == third.stdout
    assert "already recorded" in second.stderr
    entries = show_json("changelog")["changelog"]
    assert [e["ref"] for e in entries] == ["abc123"]
    assert entries[0]["summary"] == "Deploy v2"


def test_add_session_creates_the_day_file_with_date_sessions_and_meta(memory: MemoryRoot):
    details = ["--action", "wrote workflow", "--outcome", "green build", "--date", "2026-01-02"]
    first = omp_ok("add", "session", "--summary", "Set up CI", *details)
    second = omp_ok("add", "session", "--summary", "Fixed flaky test", "--date", "2026-01-02")

    assert SESSION_ID.match(first.stdout.strip())
    assert SESSION_ID.match(second.stdout.strip())
    path = memory.memory / "sessions" / "2026-01-02.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("date: 2026-01-02\n")
    assert "\nsessions:\n" in text
    (day,) = show_json("sessions")
    assert [s["summary"] for s in day["sessions"]] == ["Set up CI", "Fixed flaky test"]
    assert day["sessions"][0]["key_actions"] == ["wrote workflow"]
    assert day["_meta"]["total_sessions"] == 2


# ---------------------------------------------------------------------------------------------
# omp set


def test_set_a_deployment_status_shows_in_show_project(memory: MemoryRoot):
    omp_ok("set", "deployment.vercel.status", "active")

    project = show_json("project")
    assert project["deployment"]["vercel"]["status"] == "active"
    assert project["_meta"]["updated_by"] == "omp"
    assert "deployment.vercel.status: (unset) → active" in project["_meta"]["changes"]


def test_set_unset_removes_the_key(memory: MemoryRoot):
    omp_ok("set", "paths.docs", "docs/")
    assert show_json("project")["paths"] == {"docs": "docs/"}

    omp_ok("set", "--unset", "paths.docs")

    assert show_json("project")["paths"] == {}


def test_set_unset_of_a_missing_key_is_a_usage_error(memory: MemoryRoot):
    before = memory_files(memory.project)

    result = omp("set", "--unset", "paths.nowhere")

    assert result.exit_code == 2
    assert "paths.nowhere" in result.stderr
    assert memory_files(memory.project) == before


@pytest.mark.parametrize(
    "args", [["set", "paths.docs"], ["set", "--unset", "paths.docs", "x"], ["set"]]
)
def test_set_needs_either_a_value_or_unset(memory: MemoryRoot, args: list[str]):
    before = memory_files(memory.project)

    result = omp(*args)

    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr
    assert memory_files(memory.project) == before


@pytest.mark.parametrize(
    ("value", "expected", "line"),
    [
        ("3", 3, "  count: 3\n"),
        ('"3"', "3", '  count: "3"\n'),
        ("true", True, "  count: true\n"),
        ("hello world", "hello world", None),  # quoted or not: the file's own style
    ],
)
def test_set_reads_the_value_as_a_yaml_scalar(
    memory: MemoryRoot, value: str, expected: object, line: str | None
):
    omp_ok("set", "project.count", value)

    got = show_json("project")["project"]["count"]
    assert got == expected
    assert type(got) is type(expected)
    if line is not None:
        assert line in (memory.memory / "project.yaml").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# omp write

DOCUMENT = """\
project:
  deployment:
    web:
      status: pending
  tech_stack:
    language: python
decisions:
  - title: Use SQLite for the index
    choice: SQLite with FTS5
    rationale: no server
changelog:
  - type: feat
    summary: Add the index
    ref: deadbeef
sessions:
  - date: 2026-01-02
    summary: Built the index
"""


def _assert_document_applied(root: MemoryRoot) -> None:
    project = show_json("project")
    assert project["deployment"]["web"]["status"] == "pending"
    assert project["tech_stack"]["language"] == "python"
    (decision,) = show_json("decisions")["decisions"]
    assert decision["choice"] == "SQLite with FTS5"
    assert DECISION_ID.match(decision["id"])
    (change,) = show_json("changelog")["changelog"]
    assert change["ref"] == "deadbeef"
    session_file = root.memory / "sessions" / "2026-01-02.yaml"
    assert "summary: Built the index" in session_file.read_text(encoding="utf-8")


def test_write_file_applies_project_decisions_changelog_and_sessions(
    memory: MemoryRoot, tmp_path: Path
):
    doc = tmp_path / "doc.yaml"
    doc.write_text(DOCUMENT, encoding="utf-8")

    result = omp_ok("write", str(doc), "--json")

    out = json.loads(result.stdout)
    assert sorted(f["file"] for f in out["files"]) == [
        "_omp/memory/changelog.yaml",
        DECISIONS,
        "_omp/memory/project.yaml",
        "_omp/memory/sessions/2026-01-02.yaml",
    ]
    _assert_document_applied(memory)


def test_write_from_stdin_applies_the_document(memory: MemoryRoot):
    omp_ok("write", "-", input=DOCUMENT)

    _assert_document_applied(memory)


def test_write_a_document_with_an_unknown_key_writes_nothing(memory: MemoryRoot):
    before = project_files(memory.project)

    result = omp("write", "-", input=DOCUMENT + "secrets:\n  - nope\n")

    assert result.exit_code == 2
    assert result.stdout == ""
    assert "unknown key(s) secrets" in result.stderr
    assert project_files(memory.project) == before


def test_write_malformed_yaml_reports_line_and_column(memory: MemoryRoot, tmp_path: Path):
    before = project_files(memory.project)
    doc = tmp_path / "bad.yaml"
    doc.write_text("project:\n  x: 1\n  y: : z\n", encoding="utf-8")

    from_stdin = omp("write", "-", input="project:\n  x: 1\n  y: : z\n")
    from_file = omp("write", str(doc))

    assert from_stdin.exit_code == 1
    assert "<stdin>:3:6" in from_stdin.stderr
    assert from_file.exit_code == 1
    assert f"{doc}:3:6" in from_file.stderr
    assert project_files(memory.project) == before


# ---------------------------------------------------------------------------------------------
# omp validate


def test_validate_passes_on_a_fresh_init(memory: MemoryRoot):
    result = omp_ok("validate")

    assert "error" not in result.stdout
    assert "ok    _omp/memory/decisions.yaml" in result.stdout
    assert "0 with problems" in result.stderr


def _break_two_files(root: MemoryRoot) -> None:
    build_file_tree(
        root.memory,
        {
            "decisions.yaml": """\
                decisions:
                  - id: dec-1
                    title: A
                    status: bogus
                  - id: dec-2
                    title: B
                    confidence: 7
                """,
            "changelog.yaml": """\
                changelog:
                  - id: chg-1
                    type: weird
                    summary: S
                """,
        },
    )


def test_validate_lists_every_problem_of_every_file(memory: MemoryRoot):
    _break_two_files(memory)

    result = omp("validate")

    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    errors = [ln for ln in lines if ln.startswith("error ")]
    assert any(f"{DECISIONS}: decisions[0].status" in ln for ln in errors), result.stdout
    assert any(f"{DECISIONS}: decisions[1].confidence" in ln for ln in errors), result.stdout
    assert any("_omp/memory/changelog.yaml: changelog[0].type" in ln for ln in errors), (
        result.stdout
    )
    assert "ok    _omp/memory/project.yaml" in lines
    assert "2 with problems" in result.stderr


def test_validate_json_reports_every_problem(memory: MemoryRoot):
    _break_two_files(memory)

    result = omp("validate", "--json")

    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["ok"] is False
    by_file = {f["file"]: f for f in out["files"]}
    assert by_file["_omp/memory/project.yaml"]["ok"] is True
    decision_paths = {p["path"] for p in by_file[DECISIONS]["problems"]}
    assert {"decisions[0].status", "decisions[1].confidence"} <= decision_paths
    change_paths = {p["path"] for p in by_file["_omp/memory/changelog.yaml"]["problems"]}
    assert "changelog[0].type" in change_paths


def test_validate_reports_an_unparseable_file_and_an_invalid_one_together(memory: MemoryRoot):
    (memory.memory / "decisions.yaml").write_text(
        "decisions:\n  - title: ok\n\tchoice: x\n", encoding="utf-8"
    )
    (memory.memory / "changelog.yaml").write_text("changelog: 3\n", encoding="utf-8")

    result = omp("validate")

    assert result.exit_code == 1
    assert f"error {DECISIONS}: line 3, column 1: " in result.stdout
    assert "error _omp/memory/changelog.yaml: changelog: " in result.stdout


CANDIDATES = "_omp/memory/candidates.yaml"


def _queue(root: MemoryRoot, *candidates: str) -> None:
    text = "# waiting for review\ncandidates:\n" + "".join(candidates)
    (root.memory / "candidates.yaml").write_text(text, encoding="utf-8")


GOOD = """\
  - id: cand-good
    target: decisions
    status: pending
    entry: {title: Test runner, choice: Vitest}
"""
BAD = """\
  - id: cand-bad
    target: decisions
    status: pending
    entry: {title: Test runner, choice: [Vitest, Jest]}
"""
REJECTED = """\
  - id: cand-old
    target: decisions
    status: rejected
    entry: {title: Old, choice: [1, 2]}
"""


def test_validate_warns_about_the_pending_candidate_its_target_would_refuse(memory: MemoryRoot):
    _queue(memory, GOOD, BAD, REJECTED)

    result = omp_ok("validate")
    report = json.loads(omp_ok("validate", "--json").stdout)

    warnings = [ln for ln in result.stdout.splitlines() if ln.startswith("warn ")]
    assert warnings == [
        f"warn  {CANDIDATES}: candidates[1].entry.choice: candidate cand-bad (decisions): "
        "['Vitest', 'Jest'] is not of type 'string', 'null'; `omp review accept cand-bad` would "
        "refuse it: fix it with `omp review edit cand-bad --set choice=VALUE`, or reject it with "
        "`omp review reject cand-bad`"
    ]
    assert f"ok    {CANDIDATES}" in result.stdout
    assert "0 with problems" in result.stderr
    assert report["ok"] is True
    (queue,) = [f for f in report["files"] if f["file"] == CANDIDATES]
    assert queue["problems"] == []
    assert [w["path"] for w in queue["warnings"]] == ["candidates[1].entry.choice"]
    # what the warning foretells, and its fix
    assert omp("review", "accept", "cand-bad").exit_code == 1
    omp_ok("review", "edit", "cand-bad", "--set", "choice=Vitest")
    assert "warn " not in omp_ok("validate").stdout


@pytest.mark.parametrize(
    ("target", "entry", "path"),
    [
        ("decisions", "{context: neither a title nor a choice}", "entry"),
        ("changelog", "{type: someday, summary: Add a report}", "entry.type"),
        ("sessions", "{summary: 3}", "entry.summary"),
        ("project", "{deployment: {web: {status: maybe}}}", "entry.deployment.web.status"),
        ("user", "{kind: preference}", "entry.text"),
    ],
)
def test_validate_checks_a_candidate_against_the_schema_of_its_target(
    memory: MemoryRoot, target: str, entry: str, path: str
):
    _queue(memory, GOOD, f"  - id: cand-x\n    target: {target}\n    entry: {entry}\n")

    (queue,) = [r for r in validate() if r.display == CANDIDATES]

    assert queue.problems == []
    assert [where for where, _ in queue.warnings] == [f"candidates[1].{path}"]
    assert f"candidate cand-x ({target}): " in queue.warnings[0][1]
    assert "omp review edit cand-x --set " in queue.warnings[0][1]


def test_validate_accepts_the_upstream_samples():
    if not SAMPLES.is_dir():
        pytest.skip(f"upstream samples not found at {SAMPLES} (shared/ is beside the repo in CI)")
    result = omp_ok("validate", str(SAMPLES))

    assert "error" not in result.stdout
    assert "ok    _omp/config.yaml" in result.stdout


# ---------------------------------------------------------------------------------------------
# omp show


@pytest.mark.parametrize("which", ["first", "last"])
def test_show_decisions_id_prints_exactly_that_entry(memory: MemoryRoot, which: str):
    first = add_decision("--date", "2026-01-31", title="First", choice="A")
    last = add_decision(
        "--date", "2026-01-31", "--rationale", "because", title="Second", choice="B"
    )
    expected = {
        "first": f"- id: {first}\n  date: 2026-01-31\n  title: First\n  choice: A\n"
        "  status: active\n",
        "last": f"- id: {last}\n  date: 2026-01-31\n  title: Second\n  choice: B\n"
        "  rationale: because\n  status: active\n",
    }[which]

    result = omp_ok("show", "decisions", "--id", first if which == "first" else last)

    assert result.stdout == expected
    indented = "".join(f"  {ln}" for ln in expected.splitlines(keepends=True))
    assert indented in (memory.project / DECISIONS).read_text(encoding="utf-8")


def test_show_decisions_with_an_unknown_id_is_a_usage_error(memory: MemoryRoot):
    add_decision()

    result = omp("show", "decisions", "--id", "dec-2000-01-01-000000")

    assert result.exit_code == 2
    assert result.stdout == ""
    assert "dec-2000-01-01-000000" in result.stderr


def test_show_prints_the_file_as_written_on_disk(memory: MemoryRoot):
    add_decision()

    result = omp_ok("show", "decisions")

    assert result.stdout == (memory.project / DECISIONS).read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# omp backups / omp restore


def _backup_names(file: str) -> list[str]:
    return [b["backup"] for b in json.loads(omp_ok("backups", file, "--json").stdout)]


def test_backups_lists_one_backup_per_write(memory: MemoryRoot):
    assert omp_ok("backups").stderr.strip() == "no backups"
    add_decision(title="A")
    add_decision(title="B")

    names = _backup_names("decisions.yaml")

    assert len(names) == 2
    assert all(n.startswith("decisions.yaml.") and n.endswith(".bak") for n in names)
    listing = omp_ok("backups").stdout
    assert all(f"{DECISIONS}\t{n}\t" in listing for n in names)


def test_restore_brings_back_the_previous_version(memory: MemoryRoot):
    path = memory.project / DECISIONS
    template = path.read_bytes()
    add_decision(title="A")
    with_a = path.read_bytes()
    add_decision(title="B")
    with_a_and_b = path.read_bytes()

    omp_ok("restore", "decisions.yaml")

    assert path.read_bytes() == with_a
    newest = _backup_names("decisions.yaml")[-1]
    assert (memory.memory / ".backup" / newest).read_bytes() == with_a_and_b
    assert template != with_a
    omp_ok("validate")


def test_restore_a_named_backup(memory: MemoryRoot):
    path = memory.project / DECISIONS
    template = path.read_bytes()
    add_decision(title="A")
    add_decision(title="B")
    oldest = _backup_names("decisions.yaml")[0]

    omp_ok("restore", "decisions.yaml", "--backup", oldest)

    assert path.read_bytes() == template


def test_restore_an_unknown_backup_fails(memory: MemoryRoot):
    add_decision()
    before = project_files(memory.project)

    result = omp("restore", "decisions.yaml", "--backup", "decisions.yaml.nope.bak")

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "no backup" in result.stderr
    assert "omp backups" in result.stderr
    assert project_files(memory.project) == before


def test_restore_a_path_outside_the_memory_folder_is_refused(memory: MemoryRoot):
    result = omp("restore", "../../etc/passwd")

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "../../etc/passwd" in result.stderr
    assert "outside the memory folder" in result.stderr


# ---------------------------------------------------------------------------------------------
# global options


def test_dash_c_runs_in_another_folder(memory: MemoryRoot, tmp_path: Path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    result = omp_ok("-C", str(memory.project), "add", "decision", "--title", "T", "--choice", "C")

    decision_id = result.stdout.strip()
    assert decision_id in (memory.project / DECISIONS).read_text(encoding="utf-8")
    assert list(elsewhere.iterdir()) == []


def test_dash_c_with_a_missing_folder_fails(memory: MemoryRoot, tmp_path: Path):
    result = omp("-C", str(tmp_path / "missing"), "show", "project")

    assert result.exit_code == 1
    assert "missing" in result.stderr


def test_by_sets_updated_by(memory: MemoryRoot):
    omp_ok("--by", "claude-code", "set", "paths.src", "src/")

    assert show_json("project")["_meta"]["updated_by"] == "claude-code"


def test_omp_agent_is_used_without_by(memory: MemoryRoot):
    omp_ok("set", "paths.src", "src/", env={"OMP_AGENT": "codex"})
    assert show_json("project")["_meta"]["updated_by"] == "codex"

    omp_ok("--by", "cursor", "set", "paths.src", "lib/", env={"OMP_AGENT": "codex"})
    assert show_json("project")["_meta"]["updated_by"] == "cursor"


# ---------------------------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    "args",
    [
        ["show", "project"],
        ["add", "decision", "--title", "T", "--choice", "C"],
        ["set", "paths.src", "src/"],
        ["validate"],
        ["backups"],
    ],
)
def test_without_memory_commands_fail_with_a_hint_to_run_init(git_repo: Path, args: list[str]):
    result = omp(*args)

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "no omp memory" in result.stderr
    assert "omp init" in result.stderr
    assert not (git_repo / "_omp").exists()


def test_malformed_yaml_on_disk_is_refused_with_file_line_and_column(memory: MemoryRoot):
    path = memory.project / DECISIONS
    path.write_text("decisions:\n  - title: ok\n\tchoice: x\n", encoding="utf-8")
    before = project_files(memory.project)

    result = omp("add", "decision", "--title", "T", "--choice", "C")

    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{DECISIONS}:3:1" in result.stderr
    assert project_files(memory.project) == before
    assert backups_of(memory) == []


PRIVATE_KEY_BODY = "MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun"


@pytest.mark.parametrize(
    ("option", "value", "secret", "field", "kind"),
    [
        (
            "--rationale",
            "key sk-abcdefghijklmnopqrstuvwxyz123456",
            "sk-abcdefghijklmnopqrstuvwxyz123456",
            "rationale",
            "API key",
        ),
        (
            "--context",
            "deploy key:\n-----BEGIN RSA PRIVATE KEY-----\n"
            f"{PRIVATE_KEY_BODY}\n-----END RSA PRIVATE KEY-----\n",
            PRIVATE_KEY_BODY,
            "context",
            "private key",
        ),
        (
            "--impact",
            "token ghp_0123456789abcdefghijABCDEFGHIJ0123456789",
            "ghp_0123456789abcdefghijABCDEFGHIJ0123456789",
            "impact",
            "GitHub token",
        ),
    ],
    ids=["openai-key", "private-key", "github-token"],
)
def test_a_secret_in_the_input_is_refused_and_never_shown_or_written(
    memory: MemoryRoot, option: str, value: str, secret: str, field: str, kind: str
):
    add_decision(title="Earlier")  # so that a backup folder exists too
    before = project_files(memory.project)

    result = omp("add", "decision", "--title", "T", "--choice", "C", option, value)

    assert result.exit_code == 1
    assert f"decisions[1].{field}" in result.stderr
    assert kind in result.stderr
    assert secret not in result.stdout
    assert secret not in result.stderr
    assert secret[:12] not in result.stdout + result.stderr
    assert project_files(memory.project) == before
    for path in memory.project.rglob("*"):
        if path.is_file() and ".git" not in path.parts:
            assert secret.encode() not in path.read_bytes(), path


def test_a_secret_in_a_written_document_is_refused(memory: MemoryRoot):
    before = project_files(memory.project)
    token = "ghp_0123456789abcdefghijABCDEFGHIJ0123456789"

    result = omp("write", "-", input=f"project:\n  deployment:\n    web:\n      token: {token}\n")

    assert result.exit_code == 1
    assert "GitHub token" in result.stderr
    assert "deployment.web.token" in result.stderr
    assert token not in result.stdout + result.stderr
    assert project_files(memory.project) == before


def test_nel_in_a_title_is_refused_and_nothing_is_written(memory: MemoryRoot):
    before = project_files(memory.project)

    result = omp("add", "decision", "--title", "before\u0085after", "--choice", "C")

    assert result.exit_code == 1
    assert "U+0085" in result.stderr
    assert "title" in result.stderr
    assert project_files(memory.project) == before


# ---------------------------------------------------------------------------------------------
# version, help, docs


def test_version_prints_the_version():
    result = omp_ok("--version")

    assert result.stdout == f"omp {__version__}\n"


def test_no_arguments_prints_help():
    result = omp()

    assert result.exit_code == 0 and result.stdout.startswith("usage: omp ")
    assert "init" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("bogus",), "no such command 'bogus'"),
        (("add", "bogus"), "'bogus' (choose from 'decision', 'change', 'session')"),
        (("add", "decision", "--title", "x"), "the following arguments are required: --choice"),
        (("search", "x", "--limit", "many"), "--limit: invalid count value: 'many'"),
        (("--by",), "--by: expected one argument"),
    ],
)
def test_a_wrong_command_line_says_what_is_wrong_and_exits_2(args, said):
    result = omp(*args)

    assert result.exit_code == 2 and said in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.parametrize("args", [("add",), ("review", "--help"), ("manifest",)])
def test_a_group_without_its_command_lists_its_commands(args):
    result = omp_ok(*args)

    assert result.stdout.startswith(f"usage: omp {args[0]} ")
    listed = {words[1] for words in cli.COMMANDS if len(words) == 2 and words[0] == args[0]}
    assert listed and all(f"    {name} " in result.stdout for name in listed)


# every command, and every group of commands (add, review, user, hooks, agents, manifest)
COMMANDS: list[tuple[str, ...]] = list(
    dict.fromkeys([(words[0],) for words in cli.COMMANDS] + list(cli.COMMANDS))
)


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_every_command_has_help(path: tuple[str, ...]):
    command = cli.COMMANDS.get(path)
    description = command.run.__doc__ if command else cli.GROUPS[path[0]]

    result = omp_ok(*path, "--help")

    assert description and description.strip(), f"omp {' '.join(path)} has no help text"
    assert f"omp {' '.join(path)}" in _words(result.stdout)
    first_sentence = _words(description).split(". ")[0]
    assert first_sentence in _words(result.stdout)


@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_every_command_is_in_the_readme(path: tuple[str, ...]):
    readme = (REPO / "README.md").read_text(encoding="utf-8")

    assert f"omp {' '.join(path)}" in readme


# ---------------------------------------------------------------------------------------------
# --dry-run writes nothing, not even a cache


def _dry_run_args(project: Path) -> dict[tuple[str, ...], list[str]]:
    """Arguments for every command that has --dry-run, so that each would write something."""
    manifest = project.parent / "manifest.json"
    manifest.write_text(
        json.dumps(
            {
                "schema_version": "agent-migration.v1",
                "generated_at": "2026-06-06T00:00:00Z",
                "source": {"kind": "generic", "name": "other-agent"},
                "items": [
                    {
                        "id": "memory:1",
                        "kind": "memory",
                        "category": "decision",
                        "text": "We chose PostgreSQL over MySQL because we need JSONB.",
                    },
                    {
                        "id": "memory:2",
                        "kind": "memory",
                        "category": "preference",
                        "text": "Pacey prefers tabs over spaces.",
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    document = project.parent / "document.yaml"
    document.write_text("changelog:\n  - {type: feat, summary: add a report}\n", "utf-8")
    queued = load((project / "_omp/memory/candidates.yaml").read_text("utf-8"))
    candidate = next(c["id"] for c in queued["candidates"] if c["target"] == "decisions")
    return {
        ("init",): [],
        ("add", "decision"): ["--title", "Cache", "--choice", "Redis"],
        ("add", "change"): ["--summary", "add a report", "--type", "feat"],
        ("add", "session"): ["--summary", "Wrote the report"],
        ("set",): ["tech_stack.database", "MySQL"],
        ("write",): [str(document)],
        ("restore",): ["decisions.yaml"],
        ("extract",): ["--text", "We decided to use Redis. I prefer tabs to spaces."],
        ("review", "accept"): [candidate],
        ("review", "reject"): [candidate],
        ("review", "edit"): [candidate, "--set", "choice=Jest"],
        ("user", "flush"): [],
        ("hooks", "install"): [],
        ("hooks", "uninstall"): [],
        ("agents", "install"): [],
        ("agents", "uninstall"): [],
        ("import",): [str(manifest), "--accept-memories"],
    }


# what makes each command have something to do, besides the common setup
_PREPARE: dict[tuple[str, ...], Any] = {
    ("init",): lambda project: (project / ".gitignore").unlink(),
    ("hooks", "uninstall"): lambda _: omp_ok("hooks", "install"),
    ("agents", "uninstall"): lambda _: omp_ok("agents", "install"),
}


def _with_dry_run() -> set[tuple[str, ...]]:
    found = set()
    for path, command in cli.COMMANDS.items():
        if any("--dry-run" in option.flags for option in command.options):
            found.add(path)
    return found


def test_every_command_with_a_dry_run_is_checked_for_writing_nothing(memory: MemoryRoot):
    omp_ok("extract", "-", input=PROPOSAL)

    assert set(_dry_run_args(memory.project)) == _with_dry_run()


@pytest.mark.parametrize("path", sorted(_with_dry_run()), ids=" ".join)
def test_a_dry_run_on_a_repository_without_a_cache_writes_nothing(
    memory: MemoryRoot, path: tuple[str, ...]
):
    omp_ok("set", "tech_stack.database", "PostgreSQL")
    omp_ok("add", "decision", "--title", "Search", "--choice", "SQLite FTS5")
    omp_ok("add", "decision", "--title", "Ids", "--choice", "content hashes")  # a backup
    omp_ok("extract", "-", input=PROPOSAL)  # a candidate for review
    omp_ok("extract", "--text", "I prefer dark themes.")  # the user store
    omp_ok("extract", "--text", "I prefer short answers.", env={"OMP_USER_STORE": "off"})
    _PREPARE.get(path, lambda _: None)(memory.project)
    args = _dry_run_args(memory.project)[path]
    user_store = Path(os.environ["XDG_DATA_HOME"], "omp")
    shutil.rmtree(memory.cache)
    shutil.rmtree(user_store / "memory" / ".cache")
    before = everything_under(memory.project), everything_under(user_store)

    omp_ok(*path, *args, "--dry-run")

    assert (everything_under(memory.project), everything_under(user_store)) == before
    omp_ok(*path, *args)  # the same command without --dry-run does write
    assert (everything_under(memory.project), everything_under(user_store)) != before


# ---------------------------------------------------------------------------------------------
# real processes


def test_python_dash_m_init_add_and_validate(git_repo: Path):
    init = run_omp("init", cwd=git_repo)
    assert init.returncode == 0, init.stderr
    assert "created _omp/memory/decisions.yaml" in init.stdout

    added = run_omp(
        "--by", "ci", "add", "decision", "--title", "Real", "--choice", "process", cwd=git_repo
    )
    assert added.returncode == 0, added.stderr
    decision_id = added.stdout.strip()
    assert DECISION_ID.match(decision_id)
    assert decision_id in (git_repo / DECISIONS).read_text(encoding="utf-8")

    validated = run_omp("validate", cwd=git_repo)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert not list(git_repo.rglob("*.tmp"))


def test_python_dash_m_write_reads_standard_input(memory: MemoryRoot):
    result = run_omp("write", "-", cwd=memory.project, input=DOCUMENT)

    assert result.returncode == 0, result.stderr
    assert "ref: deadbeef" in (memory.memory / "changelog.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--version"], 0, ""),
        (["show", "decisions", "--id", "dec-2000-01-01-000000"], 2, "dec-2000-01-01-000000"),
        (["add", "decision", "--title", "T", "--choice", "C", "--date", "2026-13-01"], 2, "date"),
        (["add", "decision", "--title", "T"], 2, "--choice"),
        (["set", "paths.src"], 2, "--unset"),
        (["add", "decision", "--title", "T", "--choice", "C", "--status", "bogus"], 1, DECISIONS),
        (["restore", "decisions.yaml"], 1, "no backup"),
    ],
)
def test_python_dash_m_exit_codes(memory: MemoryRoot, args: list[str], code: int, message: str):
    result = run_omp(*args, cwd=memory.project)

    assert result.returncode == code, (result.stdout, result.stderr)
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_python_dash_m_without_memory_exits_1(git_repo: Path):
    result = run_omp("show", "project", cwd=git_repo)

    assert result.returncode == 1
    assert "no omp memory" in result.stderr
    assert "omp init" in result.stderr


HUGE = "99999999999999999999"  # above SQLite's 2**63 - 1


@pytest.mark.parametrize(
    "args",
    [
        ["search", "Postgres", "--limit", HUGE],
        ["context", "--budget-tokens", HUGE],
        ["changes", "--limit", HUGE],
        ["changes", "--since", HUGE],
    ],
)
def test_a_huge_integer_option_means_all_and_no_traceback(memory: MemoryRoot, args: list[str]):
    omp_ok("add", "decision", "--title", "Database", "--choice", "Postgres")

    result = run_omp(*args, cwd=memory.project)

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    if args[0] == "search":
        assert "Database" in result.stdout
