"""`omp import`: staged, safe, idempotent import of agent-migration.v1 manifests."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from omp import manifest_build, store, userstore
from omp.errors import OmpError, PathOutsideRootError
from omp.manifest import ManifestError, import_manifest
from omp.manifest_export import dumps, export_manifest
from omp.paths import MemoryRoot, find_root
from omp.records import CHANGELOG, DECISIONS, IMPORTS, entries
from omp.scaffold import init_project
from omp.yamlio import load
from tests.helpers import LOCK_HOLDER, everything_under, omp_ok, run_omp

TOKEN = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"


@pytest.fixture(autouse=True)
def _user_store(pinned_user_store: Path) -> Path:
    return pinned_user_store


def tree(root: Path) -> dict[str, bytes]:
    """Every file of the project but the derived cache and backups."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
        and ".cache" not in p.parts
        and ".backup" not in p.parts
        and ".git" not in p.parts
    }


def write_manifest(path: Path, items: list[Any], **top: Any) -> Path:
    doc = {
        "schema_version": "agent-migration.v1",
        "generated_at": "2026-06-06T00:00:00Z",
        "source": {"kind": "generic", "name": "other-agent"},
        "items": items,
        "warnings": [],
        **top,
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def built_manifest(base: Path) -> Path:
    """A manifest from the builder: memories, a skill, a thread, a document, a secret."""
    (base / "in").mkdir()
    (base / "in" / "memories.json").write_text(
        json.dumps(
            [
                {"text": "Pacey prefers GLM for routine coding.", "category": "preference"},
                {
                    "text": "We chose PostgreSQL over MySQL because we need JSONB.",
                    "category": "decision",
                },
                f"The deploy token is {TOKEN}",
            ]
        ),
        encoding="utf-8",
    )
    skill = base / "in" / "skills" / "dev" / "git-helper"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: git-helper\ncategory: dev\n---\nUse git.\n")
    (base / "in" / "chat.json").write_text(
        json.dumps(
            [
                {
                    "id": "t1",
                    "title": "Caching chat",
                    "messages": [
                        {"role": "user", "content": "Should we cache the index?"},
                        {"role": "assistant", "content": "Yes: keep it in SQLite with FTS5."},
                    ],
                }
            ]
        ),
        encoding="utf-8",
    )
    (base / "in" / "runbook.md").write_text("# Runbook\n\nRestart the worker first.\n")
    out = base / "manifest.json"
    code = manifest_build.main(
        [
            "--source-name", "other-agent",
            "--memory-json", str(base / "in" / "memories.json"),
            "--skills-dir", str(base / "in" / "skills"),
            "--conversation-json", str(base / "in" / "chat.json"),
            "--archive", str(base / "in" / "runbook.md"),
            "--include-conversation-content",
            "--include-archive-content",
            "--output", str(out),
        ]
    )  # fmt: skip
    assert code == 0
    return out


def ledger(root: MemoryRoot) -> list[dict[str, Any]]:
    data = load((root.memory / "imports.yaml").read_text(encoding="utf-8"))
    return [dict(e) for e in entries(IMPORTS, data)]


# ---- the stages ----------------------------------------------------------------------------------


def test_dry_run_reports_and_writes_nothing(memory: MemoryRoot, tmp_path: Path) -> None:
    manifest = built_manifest(tmp_path)
    before = tree(memory.project)
    result = import_manifest(memory, manifest, dry_run=True)
    assert tree(memory.project) == before
    report = result.to_json()
    assert report["counts_by_kind"] == {
        "memory": 3, "skill": 1, "conversation_thread": 1, "archive_document": 1
    }  # fmt: skip
    assert report["actions"] == {"stage": 2, "skip": 1, "install": 1, "archive": 2}
    assert [s["reason"].split(":")[0] for s in report["secrets"]] == ["secret"]
    assert TOKEN not in json.dumps(report)
    assert len(report["sample"]) == 5
    assert sorted(report["files"]) == [
        "_omp/archive/other-agent/conversations/caching-chat-"
        + _tag(result, "conversation")
        + ".md",
        "_omp/archive/other-agent/documents/runbook-" + _tag(result, "archive") + ".md",
        "_omp/memory/candidates.yaml",
        "_omp/memory/imports.yaml",
        "_omp/skills/dev/git-helper/SKILL.md",
    ]


@pytest.mark.parametrize("accept", [[], ["--accept-memories"]])
def test_a_dry_run_import_creates_no_cache_and_changes_nothing_under_omp(
    memory: MemoryRoot, tmp_path: Path, accept: list[str]
) -> None:
    store.add_decision(memory, title="Search", choice="SQLite FTS5")
    shutil.rmtree(memory.cache)
    manifest = built_manifest(tmp_path)
    before = everything_under(memory.omp_dir)

    result = omp_ok("import", str(manifest), "--dry-run", *accept)

    assert "would" in result.stdout + result.stderr
    assert everything_under(memory.omp_dir) == before
    assert not memory.cache.exists()


def _tag(result: Any, prefix: str) -> str:
    (item,) = [p for p in result.planned if p.id.startswith(prefix)]
    return str(item.id[-8:])


def test_apply_stages_memories_installs_skills_archives_threads(
    memory: MemoryRoot, tmp_path: Path
) -> None:
    manifest = built_manifest(tmp_path)
    result = import_manifest(memory, manifest)
    assert result.project is not None
    candidates = load((memory.memory / "candidates.yaml").read_text(encoding="utf-8"))
    staged = {c["target"]: c for c in candidates["candidates"]}
    assert set(staged) == {"user", "decisions"}
    assert staged["user"]["entry"] == {
        "text": "Pacey prefers GLM for routine coding.", "kind": "preference"
    }  # fmt: skip
    assert "PostgreSQL" in str(staged["decisions"]["entry"]["choice"])
    assert staged["decisions"]["status"] == "pending"
    # nothing became memory without review
    assert entries(DECISIONS, load((memory.memory / "decisions.yaml").read_text())) == []
    skill = memory.omp_dir / "skills" / "dev" / "git-helper" / "SKILL.md"
    assert skill.read_text() == "---\nname: git-helper\ncategory: dev\n---\nUse git.\n"
    (thread,) = (memory.omp_dir / "archive" / "other-agent" / "conversations").iterdir()
    assert "Yes: keep it in SQLite with FTS5." in thread.read_text()
    kinds = {e["kind"]: e for e in ledger(memory)}
    assert kinds["conversation_thread"]["source_id"] == "t1"
    assert kinds["conversation_thread"]["status"] == "archived"
    assert kinds["archive_document"]["excerpt"].startswith("# Runbook")
    assert TOKEN not in "".join(p.read_text(errors="replace") for p in memory.project.rglob("*")
                                if p.is_file() and ".git" not in p.parts)  # fmt: skip
    done = run_omp("search", "FTS5", cwd=memory.project)
    assert "imports.yaml" in done.stdout and "Caching chat" in done.stdout
    assert run_omp("validate", cwd=memory.project).returncode == 0


def test_importing_twice_changes_nothing_in_either_mode(memory: MemoryRoot, tmp_path: Path) -> None:
    manifest = built_manifest(tmp_path)
    import_manifest(memory, manifest)
    after_first = tree(memory.project)
    for accept in (False, True):
        result = import_manifest(memory, manifest, accept_memories=accept)
        assert result.project is not None and result.project.files == ()
        assert tree(memory.project) == after_first
        assert {p.action for p in result.planned} == {"skip"}


def test_accept_memories_goes_through_the_extraction_filters(
    memory: MemoryRoot, tmp_path: Path, _user_store: Path
) -> None:
    items = [
        {"id": "memory:1", "kind": "memory", "text": "We chose PostgreSQL over MySQL because "
         "we need JSONB.", "category": "decision"},
        {"id": "memory:2", "kind": "memory", "text": "Pacey prefers tabs over spaces.",
         "category": "preference"},
        {"id": "memory:3", "kind": "memory", "text": "ok", "category": "fact"},
    ]  # fmt: skip
    manifest = write_manifest(tmp_path / "m.json", items)
    result = import_manifest(memory, manifest, accept_memories=True)
    actions = {p.id: (p.action, p.reason) for p in result.planned}
    assert actions["memory:1"][0] == "store"
    assert actions["memory:2"][0] == "store"
    assert actions["memory:3"][0] == "skip" and actions["memory:3"][1].startswith("filtered")
    decisions = entries(DECISIONS, load((memory.memory / "decisions.yaml").read_text()))
    assert len(decisions) == 1 and "PostgreSQL" in str(decisions[0]["choice"])
    assert [m["text"] for m in userstore.memories()] == ["Pacey prefers tabs over spaces."]
    statuses = {e["id"]: e["status"] for e in ledger(memory)}
    assert statuses == {"memory:1": "stored", "memory:2": "stored", "memory:3": "dropped"}
    again = import_manifest(memory, manifest, accept_memories=True)
    assert {p.action for p in again.planned} == {"skip"}


# ---- round trip ----------------------------------------------------------------------------------


def _project(path: Path) -> MemoryRoot:
    path.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=path, check=True)
    init_project(path)
    return find_root(path)


def test_export_then_import_reproduces_the_memory(tmp_path: Path) -> None:
    a = _project(tmp_path / "a")
    store.add_decision(a, title="Search", choice="SQLite FTS5", alternatives=["Whoosh"],
                       rationale="no server", date="2026-01-02")  # fmt: skip
    store.add_decision(a, title="Ids", choice="content hashes", status="superseded")
    store.add_change(a, summary="add omp import", type="feat", scope="manifest", ref="abc123")
    store.set_value(a, "deployment.vercel.url", "https://x.example")
    store.set_value(a, "tech_stack.languages", ["python", "sql"])
    store.add_session(a, summary="Built the importer", actions=["wrote tests"])
    userstore.add([userstore.UserItem("Prefers short answers", "preference")])
    skill = a.omp_dir / "skills" / "dev" / "review" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: review\ndescription: Review a diff\n---\nRead it twice.\n")
    (a.memory / "notes.md").write_text("# Notes\n\nKeep it small.\n")
    manifest = tmp_path / "export.json"
    manifest.write_text(dumps(export_manifest(a, include_archive_content=True,
                                              include_conversation_content=True)))  # fmt: skip

    def memory_of(root: MemoryRoot) -> dict[str, Any]:
        def data(rel: str) -> Any:
            return load((root.memory / rel).read_text(encoding="utf-8"))

        facts = {k: v for k, v in data("project.yaml").items() if k != "_meta"}
        return {
            "decisions": [dict(e) for e in entries(DECISIONS, data("decisions.yaml"))],
            "changelog": [dict(e) for e in entries(CHANGELOG, data("changelog.yaml"))],
            "facts": json.loads(json.dumps(facts, default=str)),
            "user": sorted((m["text"], m["kind"]) for m in userstore.memories()),
        }

    expected = memory_of(a)
    user_entries = userstore.memories()
    b = _project(tmp_path / "b")
    # the user store is shared by both projects: empty it to see the import restore it
    (Path(os.environ["OMP_USER_STORE"]) / "memory" / "memories.yaml").unlink()
    result = import_manifest(b, manifest, accept_memories=True)
    expected["facts"]["project"]["name"] = "b"  # a fact b already holds is not overwritten
    assert memory_of(b) == expected
    (renamed,) = [p for p in result.planned if p.action == "stage"]
    assert renamed.title == "project.name: a"
    assert renamed.reason.startswith("would change project.name: b → a; not overwritten")
    assert [m["id"] for m in userstore.memories()] == [m["id"] for m in user_entries]
    assert (b.omp_dir / "skills" / "dev" / "review" / "SKILL.md").read_text() == skill.read_text()
    archived = {e["kind"] for e in ledger(b) if e["status"] == "archived"}
    assert archived == {"conversation_thread", "archive_document"}
    assert not any(p.action == "skip" for p in result.planned)
    again = import_manifest(b, manifest, accept_memories=True)
    assert {p.action for p in again.planned} == {"skip"}


@pytest.mark.parametrize("accept", [True, False])
def test_import_never_overwrites_a_fact_the_project_already_holds(
    tmp_path: Path, accept: bool
) -> None:
    src = _project(tmp_path / "src")
    store.set_value(src, "deployment.web.url", "https://staging.example.com")
    store.set_value(src, "tech_stack.database", "PostgreSQL 16")
    manifest = tmp_path / "src.json"
    manifest.write_text(dumps(export_manifest(src, user=False)))
    foreign = write_manifest(
        tmp_path / "foreign.json",
        [{"id": "memory:1", "kind": "memory", "category": "fact",
          "text": "We use MySQL 8 for the database."}],
    )  # fmt: skip
    dst = _project(tmp_path / "dst")
    store.set_value(dst, "deployment.web.url", "https://prod.example.com")
    store.set_value(dst, "tech_stack.database", "PostgreSQL 16")
    facts = dst.memory / "project.yaml"
    before = facts.read_bytes()

    preview = import_manifest(dst, manifest, accept_memories=accept, dry_run=True)
    result = import_manifest(dst, manifest, accept_memories=accept)
    from_foreign = import_manifest(dst, foreign, accept_memories=accept)

    assert facts.read_bytes() == before
    for planned in (preview.planned, result.planned):
        reasons = {p.title.split(":")[0]: (p.action, p.reason) for p in planned}
        assert reasons["deployment.web.url"] == (
            "stage",
            "would change deployment.web.url: https://prod.example.com → "
            "https://staging.example.com; not overwritten, queued for review",
        )
        assert reasons["project.name"][1] == (
            "would change project.name: dst → src; not overwritten, queued for review"
        )
        assert reasons["tech_stack.database"][0] == "skip"  # the same value: nothing to do
    (mysql,) = from_foreign.planned
    assert mysql.action == "stage"
    assert "tech_stack.database: PostgreSQL 16 → MySQL 8" in mysql.reason
    candidates = load((dst.memory / "candidates.yaml").read_text(encoding="utf-8"))
    queued = [c["entry"] for c in candidates["candidates"] if c["target"] == "project"]
    assert {"deployment": {"web": {"url": "https://staging.example.com"}}} in queued
    again = import_manifest(dst, manifest, accept_memories=accept)
    assert {p.action for p in again.planned} == {"skip"}


def test_omp_items_already_in_memory_are_not_taken_again(tmp_path: Path) -> None:
    a = _project(tmp_path / "a")
    store.add_decision(a, title="Search", choice="SQLite FTS5")
    manifest = tmp_path / "export.json"
    manifest.write_text(dumps(export_manifest(a)))
    result = import_manifest(a, manifest)  # into the project it came from
    reasons = [p.reason for p in result.planned if p.kind == "memory"]
    assert reasons and all(r.startswith("already in memory") for r in reasons)


# ---- all or nothing with the user store ----------------------------------------------------------


def _export_with_a_user_memory(tmp_path: Path) -> tuple[Path, Path]:
    """An export holding a decision and a user memory that the user store no longer holds."""
    a = _project(tmp_path / "a")
    store.add_decision(a, title="Search", choice="SQLite FTS5")
    userstore.add([userstore.UserItem("Writes the tests first", "preference")])
    user_file = Path(os.environ["OMP_USER_STORE"]) / "memory" / "memories.yaml"
    kept = user_file.read_bytes()
    userstore.add([userstore.UserItem("Prefers short answers", "preference")])
    manifest = tmp_path / "export.json"
    manifest.write_text(dumps(export_manifest(a)))
    user_file.write_bytes(kept)  # the user store lost that memory: the import restores it
    return manifest, user_file


def _refused_by_an_invalid_ledger(project: MemoryRoot, monkeypatch: pytest.MonkeyPatch) -> Any:
    del monkeypatch
    (project.memory / "imports.yaml").write_text(
        "imports:\n  - id: memory:old\n    kind: note\n", encoding="utf-8"
    )
    return contextlib.nullcontext("imports.yaml")


@contextlib.contextmanager
def _refused_by_a_held_lock(project: MemoryRoot, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("OMP_LOCK_TIMEOUT", "0.5")
    with subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(project.project)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        try:
            assert holder.stdout is not None
            assert holder.stdout.readline() == "locked\n"
            yield "held by"
        finally:
            holder.kill()
            holder.communicate(timeout=10)


@pytest.mark.parametrize("refusal", [_refused_by_an_invalid_ledger, _refused_by_a_held_lock])
def test_an_import_whose_project_write_fails_leaves_the_user_store_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refusal: Any
) -> None:
    manifest, user_file = _export_with_a_user_memory(tmp_path)
    b = _project(tmp_path / "b")
    user_before = everything_under(user_file.parent.parent)

    with refusal(b, monkeypatch) as message:
        project_before = tree(b.project)
        with pytest.raises(OmpError, match=message):
            import_manifest(b, manifest, accept_memories=True)
        assert tree(b.project) == project_before

    assert everything_under(user_file.parent.parent) == user_before


def test_a_successful_import_writes_the_project_and_the_user_store(tmp_path: Path) -> None:
    manifest, user_file = _export_with_a_user_memory(tmp_path)
    b = _project(tmp_path / "b")

    result = import_manifest(b, manifest, accept_memories=True)

    assert "Prefers short answers" in user_file.read_text("utf-8")
    assert [m["text"] for m in userstore.memories()] == [
        "Writes the tests first",
        "Prefers short answers",
    ]
    decisions = entries(DECISIONS, load((b.memory / "decisions.yaml").read_text("utf-8")))
    assert [d["choice"] for d in decisions] == ["SQLite FTS5"]
    assert "user store: memory/memories.yaml" in result.files()
    assert {"_omp/memory/decisions.yaml", "_omp/memory/imports.yaml"} <= set(result.files())


def test_an_import_queues_user_memories_in_the_project_when_the_user_store_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manifest, user_file = _export_with_a_user_memory(tmp_path)
    b = _project(tmp_path / "b")
    user_before = everything_under(user_file.parent.parent)
    monkeypatch.setenv("OMP_USER_STORE", "off")

    result = import_manifest(b, manifest, accept_memories=True)

    assert result.degraded is not None and "switched off" in result.degraded
    assert [p["text"] for p in userstore.pending(b)] == [
        "Writes the tests first",
        "Prefers short answers",
    ]
    assert everything_under(user_file.parent.parent) == user_before


def _document(item_id: str, text: str) -> dict[str, Any]:
    return {"id": item_id, "kind": "archive_document", "title": "plan.md", "content": text}


def test_an_archive_file_on_disk_is_never_overwritten_by_a_later_import(
    memory: MemoryRoot, tmp_path: Path
) -> None:
    first = write_manifest(tmp_path / "d1.json", [_document("archive:aaaaaaaa00000001", "A\n")])
    second = write_manifest(
        tmp_path / "d2.json",
        [_document("archive:bbbbbbbb00000001", "B\n"), _document("archive:c00000001", "C\n")],
    )
    docs = memory.omp_dir / "archive" / "other-agent" / "documents"

    import_manifest(memory, first)
    import_manifest(memory, second)

    assert {p.name: p.read_text() for p in docs.iterdir()} == {
        "plan-00000001.md": "A\n",
        "plan-00000001-2.md": "B\n",
        "plan-00000001-3.md": "C\n",
    }
    files = {e["id"]: e["file"] for e in ledger(memory)}
    assert files == {
        "archive:aaaaaaaa00000001": "_omp/archive/other-agent/documents/plan-00000001.md",
        "archive:bbbbbbbb00000001": "_omp/archive/other-agent/documents/plan-00000001-2.md",
        "archive:c00000001": "_omp/archive/other-agent/documents/plan-00000001-3.md",
    }
    # the ledger lost (a reverted imports.yaml): the same items land in the same files again
    (memory.memory / "imports.yaml").unlink()
    before = {p.name: p.read_bytes() for p in docs.iterdir()}
    again = import_manifest(memory, second)
    assert [p.to for p in again.planned] == [
        "_omp/archive/other-agent/documents/plan-00000001-2.md",
        "_omp/archive/other-agent/documents/plan-00000001-3.md",
    ]
    assert {p.name: p.read_bytes() for p in docs.iterdir()} == before


def test_an_archive_file_written_meanwhile_is_refused_not_replaced(memory: MemoryRoot) -> None:
    path = memory.omp_dir / "archive" / "x" / "plan.md"
    path.parent.mkdir(parents=True)
    path.write_text("theirs\n")

    def put(tx: store.Transaction) -> None:
        tx.put_file("archive/x/plan.md", "ours\n", change="import x", replace=False)

    with pytest.raises(OmpError, match="already holds other text"):
        store.transact(memory, [put])
    assert path.read_text() == "theirs\n"


# ---- hostile manifests ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "a manifest is a JSON object"),
        ('{"schema_version": "agent-migration.v2", "items": []}', "schema_version is"),
        ('{"schema_version": "agent-migration.v1", "items": {}}', "not a valid"),
        ('{"schema_version": "agent-migration.v1", "items": [NaN]}', "not valid JSON"),
        ('{"schema_version": "agent-migration.v1", "items": [], "source": []}', "not a valid"),
    ],
)
def test_bad_manifests_are_refused_whole(
    memory: MemoryRoot, tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "m.json"
    path.write_text(text)
    before = tree(memory.project)
    with pytest.raises(ManifestError) as e:
        import_manifest(memory, path)
    assert message in str(e.value) and str(path) in str(e.value)
    assert tree(memory.project) == before


def test_hostile_items_are_skipped_and_paths_stay_inside(
    memory: MemoryRoot, tmp_path: Path
) -> None:
    items = [
        {"id": "skill:a", "kind": "skill", "name": "../../../etc/evil", "category": "/abs",
         "content": "x"},
        {"id": "archive:b", "kind": "archive_document", "title": "../../../../tmp/pwn.sh",
         "content": "echo hi"},
        {"id": "conversation:c", "kind": "conversation_thread", "title": "..",
         "messages": [{"role": "user", "text": "hello"}]},
        {"id": "memory:d", "kind": "memory", "text": "x" * 70000},
        {"id": "memory:e", "kind": "memory", "text": "first"},
        {"id": "memory:e", "kind": "memory", "text": "second, same id"},
        {"id": "memory:f", "kind": "memory"},
        "not an object",
        {"id": "memory:g", "kind": "memory", "text": "line\u0085break"},
        {"id": "skill:h", "kind": "skill", "name": "k", "content": f"token={TOKEN}"},
    ]  # fmt: skip
    manifest = write_manifest(tmp_path / "m.json", items)
    result = import_manifest(memory, manifest)
    reasons = {p.id: p.reason for p in result.planned if p.action == "skip"}
    assert reasons["memory:d"].startswith("invalid")
    assert reasons["memory:e"].startswith("duplicate id")
    assert reasons["memory:f"].startswith("invalid")
    assert reasons["#7"].startswith("invalid")
    assert reasons["memory:g"].startswith("invalid")
    assert reasons["skill:h"].startswith("secret")
    written = [p for p in memory.project.rglob("*") if p.is_file() and ".git" not in p.parts]
    omp_dir = memory.omp_dir.resolve()
    assert all(p.resolve().is_relative_to(omp_dir) for p in written if "_omp" in p.parts)
    assert not (tmp_path / "tmp").exists() and not Path("/tmp/pwn.sh").exists()
    assert (memory.omp_dir / "skills" / "abs" / "etc-evil" / "SKILL.md").is_file()
    (doc,) = (memory.omp_dir / "archive" / "other-agent" / "documents").iterdir()
    assert doc.name == "pwn-b.sh"


def test_a_symlinked_skills_folder_is_refused(memory: MemoryRoot, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(memory.omp_dir / "skills")  # `omp init` installed omp's own skill there
    (memory.omp_dir / "skills").symlink_to(outside)
    manifest = write_manifest(
        tmp_path / "m.json", [{"id": "skill:a", "kind": "skill", "name": "a", "content": "x"}]
    )
    with pytest.raises(PathOutsideRootError):
        import_manifest(memory, manifest)
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("mode", ["skip", "rename", "overwrite"])
def test_skill_conflicts(memory: MemoryRoot, tmp_path: Path, mode: str) -> None:
    existing = memory.omp_dir / "skills" / "dev" / "review" / "SKILL.md"
    existing.parent.mkdir(parents=True)
    existing.write_text("mine\n")
    manifest = write_manifest(
        tmp_path / "m.json",
        [{"id": "skill:a", "kind": "skill", "name": "review", "category": "ops",
          "content": "theirs\n"}],
    )  # fmt: skip
    result = import_manifest(memory, manifest, skills=mode)
    (planned,) = result.planned
    if mode == "skip":
        assert planned.action == "skip" and "--skills rename" in planned.reason
        assert existing.read_text() == "mine\n"
    elif mode == "rename":
        renamed = memory.omp_dir / "skills" / "ops" / "review-2" / "SKILL.md"
        assert renamed.read_text() == "theirs\n" and existing.read_text() == "mine\n"
    else:
        assert existing.read_text() == "theirs\n"
        backups = list((memory.memory / ".backup").rglob("SKILL.md.*.bak"))
        assert [b.read_text() for b in backups] == ["mine\n"]
    with pytest.raises(Exception, match="unknown --skills mode"):
        import_manifest(memory, manifest, skills="merge")


def test_cli_import_json_and_secret_free_output(memory: MemoryRoot, tmp_path: Path) -> None:
    manifest = built_manifest(tmp_path)
    done = run_omp("import", str(manifest), "--dry-run", "--json", cwd=memory.project)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["dry_run"] is True and report["actions"]["stage"] == 2
    done = run_omp("import", str(manifest), cwd=memory.project)
    assert done.returncode == 0, done.stderr
    assert TOKEN not in done.stdout + done.stderr
    assert "changed: _omp/memory/candidates.yaml" in done.stderr
    done = run_omp("import", str(tmp_path / "missing.json"), cwd=memory.project)
    assert done.returncode == 1 and "cannot read it" in done.stderr


def test_skills_named_like_the_shipped_one_or_each_other(
    memory: MemoryRoot, tmp_path: Path
) -> None:
    shipped = memory.omp_dir / "skills" / "memory-extraction" / "SKILL.md"
    assert shipped.is_file()  # `omp init` installs it, outside any category folder
    items = [
        {"id": "skill:a", "kind": "skill", "name": "memory-extraction", "content": "new\n"},
        {"id": "skill:b", "kind": "skill", "name": "helper", "content": "one\n"},
        {"id": "skill:c", "kind": "skill", "name": "helper", "content": "two\n"},
    ]
    manifest = write_manifest(tmp_path / "m.json", items)
    result = import_manifest(memory, manifest, skills="overwrite")
    actions = {p.id: (p.action, p.to or p.reason) for p in result.planned}
    assert actions["skill:a"] == ("install", "_omp/skills/memory-extraction/SKILL.md")
    assert shipped.read_text() == "new\n"
    assert actions["skill:b"] == ("install", "_omp/skills/general/helper/SKILL.md")
    assert (
        actions["skill:c"][0] == "skip"
        and "another skill of this manifest" in actions["skill:c"][1]
    )
    again = import_manifest(memory, manifest, skills="overwrite")
    assert {p.action for p in again.planned} == {"skip"}
