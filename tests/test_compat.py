"""Compatibility with the files OpenMemory Plus and its users write (reference §1.3, §4)."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest

from omp import store, yamlio
from omp.paths import MemoryRoot
from omp.validate import validate
from tests.helpers import SAMPLES, UPSTREAM_PROJECT, build_file_tree


@pytest.fixture
def samples() -> Path:
    if not SAMPLES.is_dir():
        pytest.skip(f"upstream samples not found at {SAMPLES} (shared/ is beside the repo in CI)")
    return SAMPLES


# Shapes below are re-created from the reference's description of upstream files.

UPSTREAM_DECISIONS_TEMPLATE = """\
# Decisions of this project
# Each entry: id, date, title, context, choice, alternatives, rationale, impact, status

decisions: []

# Example:
# - id: dec-2026-02-02-001
#   date: 2026-02-02
#   title: "Pick a storage format"
#   choice: "YAML"
#   alternatives: ["JSON", "Markdown"]
#   status: active
"""


THEMES_AFTER_ASSIMILATION = """\
# OpenMemory Plus - Theme Index
version: "1.0"
themes:
  - themeId: 6f1c1b7e-8f1e-4c0e-9a53-2d0f6b7f1a01
    summary: Deploy the web app to Vercel
    semanticIds:
      - mem-1
      - mem-2
    neighbors:
      - 0b7d9c55-3f0a-4a3e-8d5e-7c9a2b1e4f02
    memberCount: 2
    createdAt: 2026-11-24T02:51:40.790Z
    updatedAt: 2026-11-24T02:51:40.792Z
  - themeId: 0b7d9c55-3f0a-4a3e-8d5e-7c9a2b1e4f02
    summary: Use pnpm
    semanticIds:
      - mem-3
    neighbors: []
    memberCount: 1
    createdAt: 2026-11-24T02:51:40.790Z
    updatedAt: 2026-11-24T02:51:40.790Z
metadata:
  totalThemes: 2
  lastAssimilation: 2026-11-24T02:51:40.793Z
"""

EMBEDDINGS = """{
  "6f1c1b7e-8f1e-4c0e-9a53-2d0f6b7f1a01": [0.1, 0.2, 0.3],
  "0b7d9c55-3f0a-4a3e-8d5e-7c9a2b1e4f02": [0.3, 0.2, 0.1]
}
"""

SHAPES = {
    "decisions.yaml": """\
        decisions:
          - id: 3f0e8b1c-2a4d-4e8f-9b6a-1c2d3e4f5a6b
            date: 2026-02-02
            title: Pick a storage format
            context: |
              Agents need memory that survives sessions.
            choice: YAML
            alternatives: ["JSON","Markdown"]
            rationale: |-
              Reviewable in diffs.
            impact:
              - every agent reads the same files
            status: active
          - id: dec-2026-02-02-001
            date: 2026-02-02
            title: Second
            choice: B
            impact: a string impact
            status: active
        """,
    "sessions/2026-02-02.yaml": """\
        date: 2026-02-02
        sessions:
          - id: session-001
            start: "09:00"
            end: "10:30"
            summary: Set up memory
            key_actions: [install, configure]
            decisions:
              - id: dec-2026-02-02-001
                title: Second
            outcomes: [memory ready]
          - id: session-002
            summary: Follow-up
            key_actions: []
            decisions: ["use YAML"]
            outcomes: []
            errors: ["write failed: permission denied"]
        _meta:
          last_updated: 2026-02-02T10:30:00+08:00
          updated_by: memory-extraction-skill
          total_sessions: 2
        """,
    "user-context.yaml": """\
        _degraded: true
        _reason: "openmemory MCP unavailable"
        pending_memories:
          - text: "用户偏好: 使用 pnpm"
            created_at: 2026-02-02T10:00:00Z
        """,
    "handoffs/handoff-1796007100792-4b7b50cb.yaml": """\
        handoffId: handoff-1796007100792-4b7b50cb
        fromAgent: main
        toAgent: dev-bot
        timestamp: 2026-11-24T02:51:40.792Z
        status: pending
        context: |-
          Implement the parser.
        progress: 40
        artifacts:
          - src/parser.py
        """,
    "themes/index.yaml": THEMES_AFTER_ASSIMILATION,
    "themes/embeddings.json": EMBEDDINGS,
}


def _copy_samples(samples: Path, repo: Path) -> None:
    shutil.copytree(samples / "_omp", repo / "_omp")


def test_upstream_samples_validate(samples):
    reports = validate([samples])
    assert {r.display for r in reports} == {
        "_omp/memory/themes/embeddings.json",
        "_omp/memory/themes/index.yaml",
        "_omp/config.yaml",
    }
    assert [r.problems for r in reports] == [[], [], []]


def test_upstream_samples_are_untouched_by_writes_to_other_files(samples, git_repo):
    _copy_samples(samples, git_repo)
    root = MemoryRoot(git_repo, git_repo / "_omp" / "memory")
    store.add_decision(root, title="t", choice="c")
    store.set_value(root, "deployment.web.status", "active")
    for sample in (samples / "_omp").rglob("*"):
        if sample.is_file():
            copy = git_repo / "_omp" / sample.relative_to(samples / "_omp")
            assert copy.read_bytes() == sample.read_bytes(), copy


def test_no_op_writes_leave_every_upstream_sample_byte_identical(samples, git_repo):
    _copy_samples(samples, git_repo)
    root = MemoryRoot(git_repo, git_repo / "_omp" / "memory")
    tx = store.Transaction(root, by=None)
    for rel in ("themes/index.yaml", "themes/embeddings.json"):
        doc = tx.doc(rel)
        assert doc.original is not None
    assert tx.finish() == []


def test_a_write_into_the_upstream_config_keeps_its_whitespace_only_lines(samples):
    text = (samples / "_omp" / "config.yaml").read_text(encoding="utf-8")
    assert "\n  \n" in text  # the sample has whitespace-only lines ruamel would empty
    new = yamlio.set_path(text, ["omp", "backup_retention"], 5, current=yamlio.load(text))
    diff = [ln for ln in difflib.ndiff(text.splitlines(), new.splitlines()) if ln[:1] in "+-"]
    assert diff == ["+ omp:", "+   backup_retention: 5"]
    assert yamlio.load(new)["omp"] == {"backup_retention": 5}


def test_the_first_decision_keeps_both_comment_blocks_of_the_upstream_template(git_repo):
    build_file_tree(git_repo, {"_omp/memory/decisions.yaml": UPSTREAM_DECISIONS_TEMPLATE})
    root = MemoryRoot(git_repo, git_repo / "_omp" / "memory")
    store.add_decision(root, title="Storage", choice="YAML", date="2026-11-30")
    text = (root.memory / "decisions.yaml").read_text(encoding="utf-8")
    header, example = UPSTREAM_DECISIONS_TEMPLATE.split("decisions: []\n")
    assert text.startswith(header + "decisions:\n  - id: dec-2026-11-30-")
    assert example in text
    assert text.index(example) > text.index("status: active")


def test_setting_deployment_in_an_upstream_project_file_keeps_every_byte(git_repo):
    build_file_tree(git_repo, {"_omp/memory/project.yaml": UPSTREAM_PROJECT})
    root = MemoryRoot(git_repo, git_repo / "_omp" / "memory")
    store.set_value(root, "deployment.vercel.url", "https://web-demo.vercel.app")
    text = (root.memory / "project.yaml").read_text(encoding="utf-8")
    assert text.startswith(UPSTREAM_PROJECT)
    added = text[len(UPSTREAM_PROJECT) :]
    assert added.startswith('deployment:\n  vercel:\n    url: "https://web-demo.vercel.app"\n')
    assert yamlio.load(text)["classification"]["project_keywords"][3] == "API 密钥"


@pytest.mark.parametrize("rel", sorted(SHAPES))
def test_every_upstream_shape_validates(git_repo, rel):
    build_file_tree(git_repo, {f"_omp/memory/{rel}": SHAPES[rel]})
    (report,) = [r for r in validate([git_repo]) if r.display.endswith(rel)]
    assert report.problems == []
    assert report.warnings == []


def test_agents_md_and_look_alike_decision_shapes_validate(git_repo):
    build_file_tree(
        git_repo,
        {
            "_omp/memory/decisions.yaml": """\
        - date: 2026-02-02
          decision: use pnpm
          rationale: fast installs
          alternatives_considered: [npm, yarn]
          outcome: pending
        """
        },
    )
    assert validate([git_repo])[0].problems == []
    build_file_tree(
        git_repo,
        {
            "_omp/memory/decisions.yaml": """\
        decisions:
          - id: 001
            date: "2026-01-05"
            decision: use x
            status: active
        """
        },
    )
    assert validate([git_repo])[0].problems == []


def test_theme_split_bug_data_gives_warnings_not_errors(git_repo):
    build_file_tree(
        git_repo,
        {
            "_omp/memory/themes/index.yaml": """\
            version: "1.0"
            themes:
              - themeId: a
                summary: s
                semanticIds: [m1]
                neighbors: []
                memberCount: 1
              - themeId: b
                summary: s (cluster 1)
                semanticIds: [m2]
                neighbors: []
                memberCount: 1
            metadata:
              totalThemes: 2
              lastAssimilation: 2026-11-24T02:51:40.793Z
            """,
            "_omp/memory/themes/embeddings.json": '{"a": [0.1, 0.2], "b": []}\n',
        },
    )
    (index,) = [r for r in validate([git_repo]) if r.display.endswith("index.yaml")]
    assert index.problems == []
    assert index.warnings == [("themes[1]", "theme 'b' has an empty centroid")]


def test_an_upstream_tree_reads_unquoted_timestamps_as_written(git_repo):
    build_file_tree(git_repo, {"_omp/memory/themes/index.yaml": THEMES_AFTER_ASSIMILATION})
    data = yamlio.load(THEMES_AFTER_ASSIMILATION)
    assert data["themes"][0]["updatedAt"] == "2026-11-24T02:51:40.792Z"
