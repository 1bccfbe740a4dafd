from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import omp
from omp import store, userstore
from omp.manifest_build import sha256_bytes, sha256_text, stable_id
from omp.manifest_export import dumps, export_manifest, session_markdown
from omp.paths import MemoryRoot
from omp.yamlio import load
from tests.helpers import build_file_tree

SCHEMA = json.loads(
    (Path(omp.__file__).parent / "schemas" / "agent-migration.v1.schema.json").read_text("utf-8")
)
TOKEN = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
SKILL = """\
---
name: git-helper
description: Helps with git
---
# Git helper

Run `git status` first.
"""


@pytest.fixture(autouse=True)
def _user_store(pinned_user_store: Path) -> Path:
    return pinned_user_store


@pytest.fixture
def full(memory: MemoryRoot) -> MemoryRoot:
    """A project with one entry of every exported kind, and files that are not exported."""
    store.set_value(memory, "deployment.web.url", "https://example.com")
    store.set_value(memory, "tech_stack.languages", ["python", "typescript"])
    store.add_decision(
        memory, title="Use YAML", choice="YAML files", rationale="diffs", date="2026-01-31"
    )
    store.add_change(memory, summary="add export", type="feat", scope="cli", date="2026-02-01")
    store.add_session(
        memory,
        summary="Worked on the export",
        actions=["wrote the module"],
        decisions=["Use YAML"],
        outcomes=["tests pass"],
        date="2026-02-01",
        start="2026-02-01T09:00:00Z",
    )
    userstore.add([userstore.UserItem("Prefers tabs over spaces", kind="preference")])
    build_file_tree(
        memory.project,
        {
            "_omp/skills/dev/git-helper/SKILL.md": SKILL,
            "_omp/memory/activeContext.md": "# Active context\n\nShipping the export.\n",
            "_omp/memory/candidates.yaml": "candidates:\n  - id: cand-1\n    target: decisions\n",
            "_omp/memory/user-context.yaml": "_degraded: false\npending_memories: []\n",
        },
    )
    return memory


def _export(root: MemoryRoot, **kwargs: Any) -> dict[str, Any]:
    manifest = export_manifest(root, **kwargs)
    errors = [e.message for e in Draft202012Validator(SCHEMA).iter_errors(manifest)]
    assert errors == []
    assert json.loads(dumps(manifest)) == manifest
    return manifest


def _by_kind(manifest: dict[str, Any], omp_kind: str) -> list[dict[str, Any]]:
    return [i for i in manifest["items"] if i["metadata"].get("omp_kind") == omp_kind]


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


# ---------------------------------------------------------------------------------------------
# The manifest as a whole


def test_every_kind_is_exported_in_the_documented_order(full):
    manifest = _export(full)
    kinds = [(i["kind"], i["metadata"].get("omp_kind")) for i in manifest["items"]]
    assert kinds == [
        *[("memory", "project")] * 5,
        ("memory", "decision"),
        ("memory", "changelog"),
        ("memory", "user"),
        ("skill", None),
        ("conversation_thread", "session"),
        ("archive_document", None),
    ]
    assert manifest["schema_version"] == "agent-migration.v1"
    assert manifest["source"] == {"kind": "omp", "name": full.project.name}
    assert manifest["summary"] == {
        "counts_by_kind": {
            "memory": 8,
            "skill": 1,
            "conversation_thread": 1,
            "archive_document": 1,
        },
        "item_count": 11,
        "warning_count": 0,
    }
    assert manifest["warnings"] == []
    assert {i["source"] for i in manifest["items"]} == {full.project.name}


def test_generated_at_honours_source_date_epoch_and_two_exports_are_identical(full):
    first, second = _export(full), _export(full)
    assert first["generated_at"] == "2026-05-28T20:26:40Z"
    assert dumps(first) == dumps(second)
    assert len({i["id"] for i in first["items"]}) == len(first["items"])


def test_dumps_serialises_like_the_builder(full):
    manifest = _export(full)
    assert (
        dumps(manifest) == json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    )
    compact = dumps(manifest, compact=True)
    assert compact == json.dumps(
        manifest, ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )
    assert not compact.endswith("\n")


def test_the_export_reads_only(full):
    before = _tree(full.project / "_omp")
    _export(full, include_archive_content=True, include_conversation_content=True)
    assert _tree(full.project / "_omp") == before


def test_candidates_user_context_and_themes_are_not_exported(full):
    manifest = _export(full)
    paths = {i["metadata"]["source_path"] for i in manifest["items"]}
    assert not any("candidates" in p or "user-context" in p or "themes" in p for p in paths)


def test_an_empty_project_exports_only_its_name(memory):
    manifest = _export(memory)
    assert [i["text"] for i in manifest["items"]] == [f"project.name: {memory.project.name}"]
    assert manifest["summary"]["counts_by_kind"] == {"memory": 1}


# ---------------------------------------------------------------------------------------------
# Memory items


def test_project_facts_are_one_item_per_leaf_with_key_and_value(full):
    facts = _by_kind(_export(full), "project")
    rel = "_omp/memory/project.yaml"
    stamp = load((full.memory / "project.yaml").read_text("utf-8"))["deployment"]["web"]
    assert [f["text"] for f in facts] == [
        f"project.name: {full.project.name}",
        'tech_stack.languages: ["python", "typescript"]',
        "deployment.web.url: https://example.com",
        f"deployment.web.updated_at: {stamp['updated_at']}",
        "deployment.web.updated_by: omp",
    ]
    assert type(facts[3]["metadata"]["omp_value"]) is str
    languages = facts[1]
    assert languages["category"] == "project"
    assert languages["id"] == stable_id("memory", full.project.name, rel, "tech_stack.languages")
    assert languages["metadata"] == {
        "source_path": rel,
        "source_index": 1,
        "source_id": "tech_stack.languages",
        "omp_kind": "project",
        "omp_key": ["tech_stack", "languages"],
        "omp_value": ["python", "typescript"],
    }
    assert not any(f["metadata"]["omp_key"][0] == "_meta" for f in facts)


def test_a_dot_inside_a_project_key_is_escaped_in_the_dotted_key(memory):
    build_file_tree(memory.memory, {"project.yaml": "paths:\n  docs.site: site/\n  n: 3\n"})
    facts = _by_kind(_export(memory), "project")
    assert [f["text"] for f in facts] == ["paths.docs\\.site: site/", "paths.n: 3"]
    assert facts[0]["metadata"]["omp_key"] == ["paths", "docs.site"]
    assert facts[1]["metadata"]["omp_value"] == 3


def test_decisions_carry_the_omp_id_and_the_full_entry(full):
    (decision,) = _by_kind(_export(full), "decision")
    entry = decision["metadata"]["omp_entry"]
    assert entry["title"] == "Use YAML" and entry["rationale"] == "diffs"
    assert entry["date"] == "2026-01-31" and type(entry["date"]) is str
    rel = "_omp/memory/decisions.yaml"
    assert decision["text"] == "Use YAML: YAML files"
    assert decision["category"] == "decision"
    assert decision["id"] == stable_id("memory", full.project.name, rel, entry["id"])
    assert decision["metadata"] == {
        "source_path": rel,
        "source_index": 0,
        "source_id": entry["id"],
        "omp_kind": "decision",
        "omp_entry": entry,
    }


def test_upstream_decision_shapes_are_read(memory):
    build_file_tree(
        memory.memory,
        {
            "decisions.yaml": """\
            - id: 001
              date: 2026-02-02
              title: Database
              decision: PostgreSQL
              status: superseded
            - decision: Redis for caching
            - title: Only a title
            """
        },
    )
    decisions = _by_kind(_export(memory), "decision")
    assert [d["text"] for d in decisions] == [
        "Database: PostgreSQL [superseded]",
        "Redis for caching",
        "Only a title",
    ]
    assert decisions[0]["metadata"]["source_id"] == "1"
    assert decisions[0]["metadata"]["omp_entry"]["date"] == "2026-02-02"
    assert "source_id" not in decisions[1]["metadata"]
    assert decisions[2]["metadata"]["source_index"] == 2


def test_changelog_entries_read_as_conventional_commits(full):
    (change,) = _by_kind(_export(full), "changelog")
    assert change["text"] == "feat(cli): add export"
    assert change["category"] == "changelog"
    assert change["metadata"]["omp_entry"]["summary"] == "add export"
    assert change["metadata"]["source_id"].startswith("chg-2026-02-01-")
    assert change["metadata"]["source_path"] == "_omp/memory/changelog.yaml"


def test_user_memories_are_exported_with_their_kind_as_category(full):
    (mine,) = _by_kind(_export(full), "user")
    assert mine["text"] == "Prefers tabs over spaces"
    assert mine["category"] == "preference"
    assert mine["metadata"]["source_path"] == "user:memories.yaml"
    assert mine["metadata"]["omp_entry"]["scope"] == "PERSONAL"
    assert mine["metadata"]["source_id"] == mine["metadata"]["omp_entry"]["id"]


def test_user_memories_are_left_out_on_request_or_when_the_store_is_off(full, monkeypatch):
    assert _by_kind(_export(full, user=False), "user") == []
    monkeypatch.setenv("OMP_USER_STORE", "off")
    manifest = _export(full)
    assert _by_kind(manifest, "user") == []
    assert manifest["warnings"] == []


# ---------------------------------------------------------------------------------------------
# Skills, sessions, archive documents


def test_skills_have_the_builders_shape_with_project_relative_paths(full):
    (skill,) = [i for i in _export(full)["items"] if i["kind"] == "skill"]
    rel = "_omp/skills/dev/git-helper/SKILL.md"
    assert skill == {
        "id": stable_id("skill", full.project.name, rel, sha256_text(SKILL)),
        "kind": "skill",
        "name": "git-helper",
        "category": "dev",
        "source": full.project.name,
        "format": "SKILL.md",
        "content": SKILL,
        "metadata": {
            "source_path": rel,
            "sha256": sha256_text(SKILL),
            "frontmatter": {"name": "git-helper", "description": "Helps with git"},
        },
    }


def test_a_skill_category_comes_from_frontmatter_then_folder_then_general(memory):
    build_file_tree(
        memory.project,
        {
            "_omp/skills/ops/deploy/SKILL.md": "---\nname: deploy\ncategory: release\n---\nx\n",
            "_omp/skills/lone/SKILL.md": "# no frontmatter\n",
        },
    )
    skills = [i for i in _export(memory)["items"] if i["kind"] == "skill"]
    assert [(s["name"], s["category"]) for s in skills] == [
        ("lone", "general"),
        ("deploy", "release"),
    ]


def test_a_symlinked_skill_is_skipped_with_the_builders_warning(memory, tmp_path):
    outside = tmp_path / "elsewhere.md"
    outside.write_text("---\nname: x\n---\n", encoding="utf-8")
    folder = memory.project / "_omp" / "skills" / "dev" / "linked"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").symlink_to(outside)
    manifest = _export(memory)
    assert [i for i in manifest["items"] if i["kind"] == "skill"] == []
    assert manifest["warnings"] == [
        {"path": "_omp/skills/dev/linked/SKILL.md", "message": "skipped symlinked skill file"}
    ]


def test_sessions_are_threads_with_their_id_and_entry(full):
    (thread,) = _by_kind(_export(full), "session")
    metadata = thread["metadata"]
    entry = metadata["omp_entry"]
    text = session_markdown(entry, "2026-02-01")
    rel = "_omp/memory/sessions/2026-02-01.yaml"
    assert thread["title"] == "Worked on the export"
    assert "messages" not in thread
    assert metadata == {
        "source_path": rel,
        "source_index": 0,
        "source_format": "omp_session",
        "message_count": 1,
        "text_sha256": sha256_text(f"assistant:{text}"),
        "content_included": False,
        "source_id": entry["id"],
        "source_created_at": "2026-02-01T09:00:00Z",
        "omp_date": "2026-02-01",
        "omp_kind": "session",
        "omp_entry": entry,
    }
    assert thread["id"] == stable_id(
        "conversation", full.project.name, rel, entry["id"], metadata["text_sha256"]
    )


def test_session_content_is_a_markdown_message_only_on_request(full):
    (thread,) = _by_kind(_export(full, include_conversation_content=True), "session")
    assert thread["metadata"]["content_included"] is True
    (message,) = thread["messages"]
    assert message["role"] == "assistant"
    text = message["text"]
    assert text.startswith(f"# Session {thread['metadata']['source_id']}")
    for part in ("Worked on the export", "## Key actions", "- wrote the module", "## Decisions"):
        assert part in text
    assert "## Outcomes\n\n- tests pass" in text
    assert sha256_text(f"assistant:{text}") == thread["metadata"]["text_sha256"]


def test_a_long_session_summary_is_trimmed_for_the_title(memory):
    store.add_session(memory, summary="word " * 60, date="2026-02-01")
    (thread,) = _by_kind(_export(memory), "session")
    assert len(thread["title"]) <= 120 and thread["title"].endswith("…")


def test_markdown_bank_files_are_archive_documents_with_content_on_request(full):
    path = full.memory / "activeContext.md"
    (doc,) = [i for i in _export(full)["items"] if i["kind"] == "archive_document"]
    rel = "_omp/memory/activeContext.md"
    assert doc == {
        "id": stable_id("archive", full.project.name, rel, sha256_bytes(path.read_bytes())),
        "kind": "archive_document",
        "title": "activeContext.md",
        "source": full.project.name,
        "metadata": {
            "source_path": rel,
            "size_bytes": path.stat().st_size,
            "sha256": sha256_bytes(path.read_bytes()),
        },
    }
    (doc,) = [
        i
        for i in _export(full, include_archive_content=True)["items"]
        if i["kind"] == "archive_document"
    ]
    assert doc["content"] == "# Active context\n\nShipping the export.\n"


# ---------------------------------------------------------------------------------------------
# Secrets and broken files


def test_an_item_holding_a_secret_is_left_out_and_named_never_shown(memory):
    build_file_tree(
        memory.memory,
        {
            "decisions.yaml": f"""\
            decisions:
              - id: dec-ok
                title: Use YAML
                choice: YAML files
              - id: dec-leaky
                title: Deploy token
                choice: use {TOKEN}
            """,
            "notes.md": f"token {TOKEN}\n",
        },
    )
    metadata_only = _export(memory)
    assert [d["metadata"]["source_id"] for d in _by_kind(metadata_only, "decision")] == ["dec-ok"]
    assert metadata_only["warnings"] == [
        {
            "path": "_omp/memory/decisions.yaml",
            "message": "skipped decision dec-leaky: it holds sensitive data (GitHub token)",
        }
    ]
    # without its content the bank file holds no secret, so it is exported
    assert [i["title"] for i in metadata_only["items"] if i["kind"] == "archive_document"] == [
        "notes.md"
    ]
    with_content = _export(memory, include_archive_content=True)
    assert [i for i in with_content["items"] if i["kind"] == "archive_document"] == []
    assert with_content["warnings"][-1] == {
        "path": "_omp/memory/notes.md",
        "message": "skipped archive document notes.md: it holds sensitive data (GitHub token)",
    }
    assert TOKEN not in dumps(with_content)


def test_a_project_fact_with_a_secret_is_left_out(memory):
    build_file_tree(memory.memory, {"project.yaml": f"ci:\n  github: {TOKEN}\n  os: linux\n"})
    manifest = _export(memory)
    assert [f["text"] for f in _by_kind(manifest, "project")] == ["ci.os: linux"]
    assert manifest["warnings"][0]["message"].startswith("skipped project fact ci.github:")
    assert TOKEN not in dumps(manifest)


def test_an_unparseable_file_is_a_warning_and_the_rest_is_exported(full):
    (full.memory / "changelog.yaml").write_text("changelog:\n  - [unclosed\n", encoding="utf-8")
    manifest = _export(full)
    assert _by_kind(manifest, "changelog") == []
    assert len(_by_kind(manifest, "decision")) == 1
    assert len(_by_kind(manifest, "session")) == 1
    (warning,) = manifest["warnings"]
    assert warning["path"] == "_omp/memory/changelog.yaml"
    assert warning["message"].startswith("could not read _omp/memory/changelog.yaml: line ")
    assert manifest["summary"]["warning_count"] == 1


def test_an_unreadable_user_store_is_a_warning(full, _user_store):
    (_user_store / "memory" / "memories.yaml").write_text("memories: [\n", encoding="utf-8")
    manifest = _export(full)
    assert _by_kind(manifest, "user") == []
    assert [w["path"] for w in manifest["warnings"]] == ["user:memories.yaml"]
    assert manifest["warnings"][0]["message"].startswith("could not read user:memories.yaml: ")


def test_a_parser_message_quoting_a_secret_is_redacted(memory):
    build_file_tree(memory.memory, {"decisions.yaml": f"decisions: []\n{TOKEN}: 1\n{TOKEN}: 2\n"})
    manifest = _export(memory)
    (warning,) = manifest["warnings"]
    assert warning["message"].startswith("could not read _omp/memory/decisions.yaml: ")
    assert TOKEN not in dumps(manifest)


def test_repeated_ids_and_non_entries_are_exported_or_reported(memory):
    build_file_tree(
        memory.memory,
        {
            "changelog.yaml": """\
            changelog:
              - id: chg-1
                type: fix
                summary: first
              - id: chg-1
                summary: second
              - 42
              - plain text change
            """
        },
    )
    manifest = _export(memory)
    changes = _by_kind(manifest, "changelog")
    assert [c["text"] for c in changes] == ["fix: first", "second", "plain text change"]
    assert len({c["id"] for c in changes}) == 3
    assert changes[2]["metadata"]["omp_entry"] == "plain text change"
    assert [w["message"] for w in manifest["warnings"]] == [
        "changelog at index 1 repeats the id of an earlier one",
        "skipped changelog at index 2: not an entry",
    ]


def test_a_session_without_summary_is_titled_by_its_id(memory):
    build_file_tree(
        memory.memory,
        {"sessions/2026-03-01.yaml": "date: 2026-03-01\nsessions:\n- id: ses-x\n  end: 10:00\n"},
    )
    (thread,) = _by_kind(_export(memory, include_conversation_content=True), "session")
    assert thread["title"] == "Session ses-x"
    assert thread["messages"][0]["text"] == "# Session ses-x\n\nDate: 2026-03-01 · End: 10:00"


def test_the_source_name_can_be_given_and_is_part_of_every_id(full):
    default, named = _export(full), _export(full, source_name="team-memory")
    assert named["source"] == {"kind": "omp", "name": "team-memory"}
    assert {i["source"] for i in named["items"]} == {"team-memory"}
    assert not {i["id"] for i in default["items"]} & {i["id"] for i in named["items"]}


def test_a_memory_text_over_the_schema_limit_is_clipped_and_marked(memory):
    build_file_tree(memory.memory, {"project.yaml": f"notes: {'a' * 70000}\n"})
    (fact,) = _by_kind(_export(memory), "project")
    assert len(fact["text"]) == 65536 and fact["text"].endswith("…")
    assert fact["metadata"]["text_truncated"] is True
    assert fact["metadata"]["omp_value"] == "a" * 70000
