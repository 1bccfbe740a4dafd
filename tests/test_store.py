from __future__ import annotations

import re
from pathlib import Path

import pytest

from omp import lookup, store
from omp.errors import (
    NotInitializedError,
    OmpError,
    PathOutsideRootError,
    SecretDetectedError,
    UsageError,
    ValidationError,
)
from omp.paths import MemoryRoot, find_root
from omp.validate import validate
from omp.yamlio import load
from tests.helpers import build_file_tree, memory_files, omp_ok

ID = re.compile(r"^dec-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}$")


def _read(root: MemoryRoot, rel: str) -> str:
    return (root.memory / rel).read_text(encoding="utf-8")


def _data(root: MemoryRoot, rel: str):
    return load(_read(root, rel))


# ---------------------------------------------------------------------------------------------
# Decisions


def test_a_new_decision_gets_a_content_hash_id_and_active_status(memory):
    result = store.add_decision(memory, title="Use YAML", choice="YAML files", date="2026-11-30")
    (entry,) = result.entries
    assert ID.match(entry.id) and entry.id.startswith("dec-2026-11-30-")
    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert decision == {
        "id": entry.id,
        "date": "2026-11-30",
        "title": "Use YAML",
        "choice": "YAML files",
        "status": "active",
    }


def test_the_same_decision_again_is_a_no_op_that_leaves_the_file_untouched(memory):
    store.add_decision(memory, title="Use YAML", choice="YAML files", date="2026-11-30")
    path = memory.memory / "decisions.yaml"
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    result = store.add_decision(memory, title="use  yaml", choice="YAML FILES", date="2026-12-01")
    assert [e.action for e in result.entries] == ["unchanged"]
    assert result.files == ()
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime


def test_upsert_by_id_updates_only_the_fields_given(memory):
    first = (
        store.add_decision(
            memory, title="DB", choice="SQLite", rationale="simple", date="2026-11-30"
        )
        .entries[0]
        .id
    )
    result = store.add_decision(
        memory, id=first, title="DB", choice="Postgres", status="superseded"
    )
    assert [e.action for e in result.entries] == ["updated"]
    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert decision["choice"] == "Postgres" and decision["rationale"] == "simple"
    assert decision["status"] == "superseded" and decision["date"] == "2026-11-30"
    meta = _data(memory, "decisions.yaml")["_meta"]
    assert f"decisions[{first}].choice: SQLite → Postgres" in meta["changes"]


def test_a_file_using_decision_and_a_top_level_list_keeps_its_shape(memory):
    path = memory.memory / "decisions.yaml"
    original = (
        "# decisions, AGENTS.md style\n"
        "- date: 2026-02-02\n  decision: use pnpm\n  rationale: fast\n"
        "  alternatives_considered: [npm]\n  outcome: pending\n"
    )
    path.write_text(original, encoding="utf-8")
    store.add_decision(
        memory, title="Bundler", choice="vite", alternatives=["webpack"], date="2026-11-30"
    )
    text = path.read_text(encoding="utf-8")
    assert text.startswith(original)
    added = load(text)[1]
    assert added["decision"] == "vite" and "choice" not in added
    assert added["alternatives_considered"] == ["webpack"]
    assert "_meta" not in text  # a top-level list has no room for it


def test_numeric_ids_of_upstream_files_are_matched_and_kept(memory):
    path = memory.memory / "decisions.yaml"
    path.write_text(
        'decisions:\n  - id: 001\n    date: "2026-01-05"\n    decision: use x\n'
        "    status: active\n",
        encoding="utf-8",
    )
    store.add_decision(memory, id="001", title="X", choice="use y")
    text = path.read_text(encoding="utf-8")
    assert "  - id: 001\n" in text and 'date: "2026-01-05"' in text
    assert load(text)["decisions"][0]["decision"] == "use y"
    assert len(load(text)["decisions"]) == 1


# ---------------------------------------------------------------------------------------------
# Changelog and sessions


def test_changes_are_deduplicated_by_ref_then_by_content(memory):
    store.add_change(memory, summary="add login", type="feat", ref="abc123", date="2026-11-30")
    store.add_change(
        memory, summary="add login (reworded)", type="feat", ref="abc123", date="2026-11-30"
    )
    store.add_change(memory, summary="fix typo", type="fix", date="2026-11-30")
    store.add_change(memory, summary="Fix  typo", type="fix", date="2026-11-30")
    items = _data(memory, "changelog.yaml")["changelog"]
    assert [i["summary"] for i in items] == ["add login (reworded)", "fix typo"]
    assert all(re.match(r"^chg-2026-11-30-[0-9a-f]{6}$", i["id"]) for i in items)


def test_a_changes_list_of_an_existing_file_is_appended_to(memory):
    path = memory.memory / "changelog.yaml"
    path.write_text("changes:\n- date: 2026-01-01\n  summary: started\n", encoding="utf-8")
    store.add_change(memory, summary="second", date="2026-11-30")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("changes:\n- date: 2026-01-01\n  summary: started\n- id: chg-")
    assert [c["summary"] for c in load(text)["changes"]] == ["started", "second"]


def test_sessions_go_to_a_file_per_day_with_a_session_count(memory):
    store.add_session(memory, summary="set up", actions=["init"], date="2026-11-30")
    store.add_session(memory, summary="wrote tests", outcomes=["green"], date="2026-11-30")
    data = _data(memory, "sessions/2026-11-30.yaml")
    assert data["date"] == "2026-11-30"
    assert [s["summary"] for s in data["sessions"]] == ["set up", "wrote tests"]
    assert all(s["id"].startswith("ses-2026-11-30-") for s in data["sessions"])
    assert data["_meta"]["total_sessions"] == 2


# ---------------------------------------------------------------------------------------------
# Project facts and _meta


def test_set_records_the_change_and_stamps_deployments(memory, monkeypatch):
    monkeypatch.setenv("OMP_AGENT", "claude-code")
    store.set_value(memory, "deployment.vercel.status", "pending")
    store.set_value(memory, "deployment.vercel.status", "active", by="ci")
    data = _data(memory, "project.yaml")
    assert data["deployment"]["vercel"]["status"] == "active"
    assert data["deployment"]["vercel"]["updated_by"] == "ci"
    meta = data["_meta"]
    assert meta["updated_by"] == "ci"
    assert meta["changes"] == ["deployment.vercel.status: pending → active"]
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", meta["last_updated"])


def test_agent_name_comes_from_by_then_env_then_default(monkeypatch):
    monkeypatch.delenv("OMP_AGENT", raising=False)
    assert store.agent_name(None) == "omp"
    monkeypatch.setenv("OMP_AGENT", "codex")
    assert store.agent_name(None) == "codex"
    assert store.agent_name("me") == "me"


def test_project_facts_deep_merge_and_only_unset_deletes(memory):
    store.write_document(
        memory, {"project": {"tech_stack": {"language": "Python"}, "paths": {"src": "omp/"}}}
    )
    store.write_document(memory, {"project": {"tech_stack": {"testing": "pytest"}}})
    data = _data(memory, "project.yaml")
    assert data["tech_stack"] == {"language": "Python", "testing": "pytest"}
    assert data["project"]["name"] == memory.project.name
    store.unset_value(memory, "tech_stack.language")
    assert _data(memory, "project.yaml")["tech_stack"] == {"testing": "pytest"}
    with pytest.raises(UsageError, match="not set"):
        store.unset_value(memory, "tech_stack.language")


def test_meta_cannot_be_set_by_hand(memory):
    with pytest.raises(UsageError, match="_meta"):
        store.set_value(memory, "_meta.updated_by", "x")


def test_write_document_applies_every_section_in_one_transaction(memory):
    result = store.write_document(
        memory,
        {
            "project": {"deployment": {"web": {"url": "https://example.com"}}},
            "decisions": [{"title": "Use typer", "choice": "typer"}],
            "changelog": [{"summary": "cli", "type": "feat", "date": "2026-11-30"}],
            "sessions": [{"summary": "cli work", "date": "2026-11-30"}],
        },
    )
    assert sorted(Path(f.display).name for f in result.files) == [
        "2026-11-30.yaml",
        "changelog.yaml",
        "decisions.yaml",
        "project.yaml",
    ]
    assert _data(memory, "changelog.yaml")["changelog"][0]["date"] == "2026-11-30"


def test_write_document_rejects_unknown_sections(memory):
    before = memory_files(memory.project)
    with pytest.raises(UsageError, match="unknown key"):
        store.write_document(memory, {"decisions": [], "secrets": {}})
    assert memory_files(memory.project) == before


def test_dry_run_returns_the_diff_and_writes_nothing(memory):
    before = memory_files(memory.project)
    result = store.add_change(memory, summary="x", date="2026-11-30", dry_run=True)
    assert "+  - id: chg-2026-11-30-" in result.diff()
    assert memory_files(memory.project) == before
    assert not memory.backups.exists()


# ---------------------------------------------------------------------------------------------
# Refusals: nothing changes


def test_schema_violation_is_refused_with_file_and_json_path(memory):
    before = memory_files(memory.project)
    with pytest.raises(ValidationError) as info:
        store.add_decision(memory, title="x", choice="y", status="maybe")
    message = str(info.value)
    assert "_omp/memory/decisions.yaml" in message and "decisions[0].status" in message
    assert "hint:" in message
    assert memory_files(memory.project) == before


def test_a_file_already_invalid_on_disk_is_not_repaired(memory):
    path = memory.memory / "decisions.yaml"
    bad = "decisions:\n  - id: a\n    title: t\n  - id: a\n    title: u\n"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(ValidationError, match="already invalid on disk"):
        store.add_decision(memory, title="x", choice="y")
    assert path.read_text(encoding="utf-8") == bad


@pytest.mark.parametrize(
    "secret",
    [
        "sk-abcdefghijklmnopqrstuvwxyz0123",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n"
        "-----END OPENSSH PRIVATE KEY-----",
        "AKIAIOSFODNN7EXAMPLE",
        "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
        "postgres://admin:hunter22@db.example.com/app",
    ],
)
def test_secrets_are_refused_and_never_echoed(memory, secret):
    before = memory_files(memory.project)
    with pytest.raises(SecretDetectedError) as info:
        store.add_decision(memory, title="creds", choice="store them", context=f"use {secret}")
    message = str(info.value)
    assert "decisions[0].context" in message
    for part in secret.splitlines():
        assert part not in message
    assert memory_files(memory.project) == before


def test_variable_names_of_secrets_are_fine(memory):
    store.add_change(memory, summary="rotate VERCEL_TOKEN and GITHUB_TOKEN in CI", type="config")
    assert "VERCEL_TOKEN" in _read(memory, "changelog.yaml")


@pytest.mark.parametrize("char", ["\u0085", "\u2028", "\u2029"])
def test_characters_yaml_cannot_keep_are_refused(memory, char):
    before = memory_files(memory.project)
    with pytest.raises(ValidationError, match="YAML cannot keep"):
        store.add_decision(memory, title=f"a{char}b", choice="c")
    assert memory_files(memory.project) == before


def test_paths_outside_the_memory_folder_are_refused(memory, tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("a: 1\n", encoding="utf-8")
    with pytest.raises(PathOutsideRootError):
        store.restore(memory, "../../elsewhere.yaml")
    link = memory.memory / "link.yaml"
    link.symlink_to(outside)
    with pytest.raises(PathOutsideRootError):
        memory.memory_path("link.yaml")


# ---------------------------------------------------------------------------------------------
# Finding the memory


def test_find_root_walks_up_to_the_project(memory):
    sub = memory.project / "src" / "deep"
    sub.mkdir(parents=True)
    assert find_root(sub).memory == memory.memory


def test_legacy_roots_are_found_with_a_hint_to_migrate(git_repo):
    build_file_tree(git_repo, {"_omp/.memory/project.yaml": "project: {name: x}\n"})
    root = find_root(git_repo)
    assert root.legacy and root.memory == git_repo / "_omp" / ".memory"
    assert "git mv _omp/.memory _omp/memory" in (root.legacy_hint() or "")


def test_a_dot_memory_folder_of_another_tool_is_not_taken_for_memory(git_repo):
    build_file_tree(git_repo, {".memory/knowledge.md": "# notes\n"})
    with pytest.raises(NotInitializedError):
        find_root(git_repo)
    build_file_tree(git_repo, {".memory/decisions.yaml": "decisions: []\n"})
    assert find_root(git_repo).legacy


def test_an_omp_folder_without_memory_is_reported_as_another_tools(git_repo):
    build_file_tree(git_repo, {"_omp/agents/a.md": "x\n"})
    with pytest.raises(NotInitializedError, match="belongs to another tool"):
        find_root(git_repo)


def test_a_crlf_file_stays_crlf_and_keeps_its_lines(memory):
    path = memory.memory / "decisions.yaml"
    original = b"# team decisions\r\ndecisions:\r\n  - id: a\r\n    title: T\r\n    choice: C\r\n"
    path.write_bytes(original)
    store.add_decision(memory, title="New", choice="one", date="2026-11-30")
    store.add_decision(memory, id="a", title="T", choice="C2")
    raw = path.read_bytes()
    assert b"\n" not in raw.replace(b"\r\n", b"")
    assert raw.startswith(b"# team decisions\r\ndecisions:\r\n  - id: a\r\n    title: T\r\n")
    assert [d["choice"] for d in load(raw.decode())["decisions"]] == ["C2", "one"]
    restored = store.restore(memory, "decisions.yaml")
    assert restored.files and b"\r\n" in path.read_bytes()
    assert b"\n" not in path.read_bytes().replace(b"\r\n", b"")


def test_setting_below_a_list_or_scalar_is_refused_instead_of_replacing_it(memory):
    store.set_value(memory, "tech_stack.tools", ["ruff", "mypy"])
    before = memory_files(memory.project)
    with pytest.raises(UsageError, match=r"tech_stack\.tools is a list, not a mapping"):
        store.set_value(memory, "tech_stack.tools.0", "black")
    with pytest.raises(UsageError, match=r"project\.name is a str"):
        store.set_value(memory, "project.name.first", "x")
    assert memory_files(memory.project) == before


def test_a_flow_style_entry_is_updated_as_a_whole(memory):
    path = memory.memory / "decisions.yaml"
    path.write_text(
        "decisions:\n  - {id: a, title: T, choice: C}  # terse\n  - id: b\n"
        "    title: U\n    choice: D\n",
        encoding="utf-8",
    )
    store.add_decision(memory, id="a", title="T", choice="C2")
    text = path.read_text(encoding="utf-8")
    assert load(text)["decisions"][0] == {"id": "a", "title": "T", "choice": "C2"}
    assert "  - id: b\n    title: U\n    choice: D\n" in text


def test_a_file_without_final_newline_or_with_a_document_marker_is_edited(memory):
    path = memory.memory / "changelog.yaml"
    path.write_text("---\nchangelog:\n  - id: x\n    summary: first", encoding="utf-8")
    store.add_change(memory, summary="second", date="2026-11-30")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\nchangelog:\n  - id: x\n    summary: first\n  - id: chg-")
    assert [c["summary"] for c in load(text)["changelog"]] == ["first", "second"]


def test_a_mapping_is_never_replaced_by_a_scalar_and_set_merges_mappings(memory):
    store.set_value(memory, "tech_stack", {"language": "Python", "testing": "pytest"})
    before = memory_files(memory.project)
    with pytest.raises(UsageError, match="would delete them"):
        store.set_value(memory, "tech_stack", "Python")
    with pytest.raises(UsageError, match="would delete them"):
        store.write_document(memory, {"project": {"tech_stack": ["a"]}})
    assert memory_files(memory.project) == before
    store.set_value(memory, "tech_stack", {"lint": "ruff"})
    assert _data(memory, "project.yaml")["tech_stack"] == {
        "language": "Python",
        "testing": "pytest",
        "lint": "ruff",
    }


_KEEP = "context: |+\n      keep me\n\n"


@pytest.mark.parametrize(
    ("rel", "text", "add", "where"),
    [
        (
            "decisions.yaml",
            "decisions:\n  - id: dec-1\n    title: A\n    choice: a\n    " + _KEEP,
            lambda m: store.add_decision(m, title="B", choice="b", date="2026-01-02"),
            ("decisions", "dec-1"),
        ),
        (
            "changelog.yaml",
            "changelog:\n  - id: chg-1\n    summary: a\n    " + _KEEP,
            lambda m: store.add_change(m, summary="b", date="2026-01-02"),
            ("changelog", "chg-1"),
        ),
        (
            "sessions/2026-01-02.yaml",
            "date: 2026-01-02\nsessions:\n  - id: ses-1\n    summary: a\n    " + _KEEP,
            lambda m: store.add_session(m, summary="b", date="2026-01-02"),
            ("sessions", "ses-1"),
        ),
        (
            "project.yaml",
            "project:\n  name: p\n  " + _KEEP.replace("\n    ", "\n  "),
            lambda m: store.set_value(m, "project.other", "x"),
            ("project", None),
        ),
    ],
    ids=["decision", "change", "session", "project"],
)
def test_an_entry_ending_in_a_keep_chomping_block_keeps_its_trailing_blank_lines(
    memory, rel, text, add, where
):
    path = memory.memory / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    kind, eid = where
    if eid is not None:  # the index reads the entry with its blank lines too
        assert lookup.show(memory, kind, id=eid)[1]["context"] == "keep me\n\n"
    add(memory)
    new = path.read_text(encoding="utf-8")
    assert new.startswith(text)
    data = load(new)
    first = data[kind][0] if eid is not None else data[kind]
    assert first["context"] == "keep me\n\n"


def test_an_empty_mapping_merges_into_a_mapping_and_deletes_nothing(memory):
    store.set_value(memory, "deployment.web.url", "https://x.example")
    before = memory_files(memory.project)
    for write in (
        lambda: store.set_value(memory, "deployment.web", {}),
        lambda: store.set_value(memory, "deployment", {}),
        lambda: store.write_document(memory, {"project": {"deployment": {}}}),
        lambda: store.write_document(memory, {"project": {"deployment": {"web": {}}}}),
    ):
        assert write().files == ()
    assert memory_files(memory.project) == before
    store.set_value(memory, "deployment.api", {})
    assert _data(memory, "project.yaml")["deployment"]["api"] == {}
    assert _data(memory, "project.yaml")["deployment"]["web"]["url"] == "https://x.example"


_TOKEN = "ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"


@pytest.mark.parametrize(
    ("rel", "bad", "write", "where"),
    [
        (
            "decisions.yaml",
            "decisions:\n  - id: dec-1\n    title: A\n    choice: a\ndecisions: []\n",
            lambda m: store.add_decision(m, title="B", choice="b"),
            ":5:1: ",
        ),
        (
            "project.yaml",
            "project:\n  name: p\nproject: {}\n",
            lambda m: store.set_value(m, "a", 1),
            ":3:1: ",
        ),
        (
            "sessions/2026-01-05.yaml",
            "- id: ses-1\n  summary: s1\n",
            lambda m: store.add_session(m, summary="s2", date="2026-01-05"),
            "(top)",
        ),
        (
            "decisions.yaml",
            f'decisions:\n  - id: dec-1\n    title: A\n    choice: a\n    note: "{_TOKEN}"\n',
            lambda m: store.add_decision(m, title="B", choice="b"),
            "decisions[0].note",
        ),
        (
            "changelog.yaml",
            f'changelog:\n  - id: c\n    summary: a\n_meta:\n  note: "{_TOKEN}"\n',
            lambda m: store.add_change(m, summary="b"),
            "_meta.note",
        ),
        (
            "project.yaml",
            f'project:\n  name: p\n_meta:\n  note: "{_TOKEN}"\n',
            lambda m: store.set_value(m, "a", 1),
            "_meta.note",
        ),
        (
            "decisions.yaml",
            "decisions:\n  - id: dec-1\n    title: A\n    choice: a\n"
            "    _conflict: {choice: {ours: a, theirs: b}}\n",
            lambda m: store.add_decision(m, title="B", choice="b"),
            "decisions[0]._conflict",
        ),
    ],
    ids=[
        "duplicate-list-key",
        "duplicate-project-key",
        "session-file-as-list",
        "secret-in-entry",
        "secret-in-list-meta",
        "secret-in-project-meta",
        "merge-conflict",
    ],
)
def test_a_file_omp_validate_rejects_is_never_written_to(memory, rel, bad, write, where):
    path = memory.memory / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(bad, encoding="utf-8")
    (report,) = [r for r in validate(start=memory.project) if r.path == path]
    assert report.problems
    with pytest.raises(OmpError) as info:
        write(memory)
    message = str(info.value)
    assert f"_omp/memory/{rel}" in message and where in message
    assert "omp will not write to it" in message
    assert _TOKEN not in message
    assert path.read_text(encoding="utf-8") == bad


@pytest.mark.parametrize(
    "write",
    [
        lambda m: store.set_value(m, "release.date", load("d: 2026-02-30")["d"]),
        lambda m: store.set_value(m, "release.at", load("d: 2026-02-28T25:00:00Z")["d"]),
        lambda m: store.write_document(
            m, load("decisions:\n  - {title: T, choice: c, date: 2026-02-30}\n")
        ),
        lambda m: store.write_document(m, load("changelog:\n  - {summary: s, date: 2026-13-01}")),
    ],
    ids=["set-date", "set-timestamp", "write-decision", "write-change"],
)
def test_an_impossible_date_is_refused_like_a_typed_one(memory, write):
    before = memory_files(memory.project)
    with pytest.raises(ValidationError, match="is not a real date"):
        write(memory)
    assert memory_files(memory.project) == before
    with pytest.raises(UsageError, match="is not a date"):
        store.add_decision(memory, title="T", choice="c", date="2026-02-30")


def test_validate_flags_an_impossible_date_on_disk_and_writes_refuse_the_file(memory):
    path = memory.memory / "decisions.yaml"
    path.write_text("decisions:\n  - id: a\n    title: A\n    choice: a\n    date: 2026-02-30\n")
    (report,) = [r for r in validate(start=memory.project) if r.path == path]
    assert report.problems == [
        (
            "decisions[0].date",
            "2026-02-30 is not a real date or time (YAML readers fail on it): write a date "
            "that exists, or quote it to keep it as text",
        )
    ]
    with pytest.raises(ValidationError, match="already invalid on disk"):
        store.add_decision(memory, title="B", choice="b")


def test_a_session_id_used_on_another_day_is_refused_and_its_own_day_updates_it(memory):
    def session(day, summary):
        return {"id": "ses-x", "date": day, "summary": summary}

    before = memory_files(memory.project)
    with pytest.raises(ValidationError, match=r"id 'ses-x' is already used in .*2026-01-01\.yaml"):
        store.write_document(
            memory, {"sessions": [session("2026-01-01", "a"), session("2026-01-02", "b")]}
        )
    assert memory_files(memory.project) == before
    store.write_document(memory, {"sessions": [session("2026-01-01", "a")]})
    before = memory_files(memory.project)
    with pytest.raises(ValidationError, match="give date 2026-01-01 to update that session"):
        store.write_document(memory, {"sessions": [session("2026-01-02", "b")]})
    assert memory_files(memory.project) == before
    store.write_document(memory, {"sessions": [session("2026-01-01", "b")]})
    assert _data(memory, "sessions/2026-01-01.yaml")["sessions"][0]["summary"] == "b"
    assert not [r for r in validate(start=memory.project) if r.problems]


def test_an_update_keeps_the_entry_s_own_spelling_of_decision_fields(memory):
    path = memory.memory / "decisions.yaml"
    path.write_text(
        "decisions:\n  - id: dec-1\n    title: A\n    choice: a\n"
        "  - id: dec-2\n    title: B\n    decision: b\n    alternatives_considered: [x]\n",
        encoding="utf-8",
    )
    result = store.add_decision(memory, id="dec-2", title="B", choice="b2", alternatives=["x", "y"])
    assert result.changes == [
        "decisions[dec-2].decision: b → b2",
        'decisions[dec-2].alternatives_considered: ["x"] → ["x", "y"]',
    ]
    store.add_decision(memory, id="dec-1", title="A", choice="a2")
    assert _data(memory, "decisions.yaml")["decisions"] == [
        {"id": "dec-1", "title": "A", "choice": "a2"},
        {"id": "dec-2", "title": "B", "decision": "b2", "alternatives_considered": ["x", "y"]},
    ]


def test_nan_is_refused_with_a_message_and_flagged_on_disk(memory):
    before = memory_files(memory.project)
    with pytest.raises(ValidationError, match=r"x: NaN \(`\.nan`\) cannot be kept"):
        store.set_value(memory, "x", load("v: .nan")["v"])
    with pytest.raises(ValidationError, match=r"decisions\[0\]\.n: NaN"):
        store.write_document(memory, load("decisions:\n  - {title: T, choice: c, n: .nan}\n"))
    assert memory_files(memory.project) == before
    store.set_value(memory, "x", ".nan")  # the text
    assert _data(memory, "project.yaml")["x"] == ".nan"
    path = memory.memory / "changelog.yaml"
    path.write_text("changelog:\n  - id: c\n    summary: s\n    n: .nan\n", encoding="utf-8")
    (report,) = [r for r in validate(start=memory.project) if r.path == path]
    assert [p for p, _ in report.problems] == ["changelog[0].n"]


def test_an_edit_inside_a_flow_mapping_keeps_its_comment_and_the_quoting_of_the_rest(memory):
    path = memory.memory / "project.yaml"
    path.write_text(
        'project: {name: p, description: "", code: 007}\n'
        'deployment: {web: {url: "https://a"}}  # prod since 2024, ask ops\n',
        encoding="utf-8",
    )
    store.set_value(memory, "deployment.web.url", "https://b")
    store.set_value(memory, "project.name", "q")
    text = path.read_text(encoding="utf-8")
    assert text.startswith('project:\n  name: "q"\n  description: ""\n  code: 007\n')
    assert "deployment:  # prod since 2024, ask ops\n  web:\n" in text
    data = load(text)
    assert data["project"] == {"name": "q", "description": "", "code": 7}
    assert data["deployment"]["web"]["url"] == "https://b"


def test_the_readme_write_example_is_accepted_and_a_flow_url_on_disk_validates(memory):
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    example = readme.split("### `omp write FILE|-`", 1)[1].split("```yaml\n", 1)[1]
    example = example.split("```", 1)[0]
    result = omp_ok("write", "-", input=example)
    assert "Traceback" not in result.stderr
    project = _data(memory, "project.yaml")
    assert project["deployment"]["web"]["url"] == "https://example.com"
    path = memory.memory / "project.yaml"
    path.write_text(
        "project:\n  name: p\ndeployment: {web: {url: https://a.example}}\n", encoding="utf-8"
    )
    assert not [r for r in validate(start=memory.project) if r.problems]
    store.set_value(memory, "deployment.web.status", "active")
    assert _data(memory, "project.yaml")["deployment"]["web"]["url"] == "https://a.example"
