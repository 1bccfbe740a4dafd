"""The agent-migration.v1 builder: every rule of the spec (§5-§10), streaming, zip, the script."""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omp import jsonstream
from omp import manifest_build as mb

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "agent_migration_manifest.py"


@pytest.fixture(autouse=True)
def _pinned(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    monkeypatch.chdir(tmp_path)  # paths are relative, as users type them


def write(path: str, data: Any) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        p.write_bytes(data)
    else:
        p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = mb.main(argv)
    return code, capsys.readouterr().out


def reference_dump(argv: list[str]) -> str:
    """What the reference prints: its dict, dumped its way (the non-streaming path)."""
    args = mb.parse_args(argv)
    manifest = mb.build_manifest(args)
    if args.compact:
        return json.dumps(manifest, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def messages_of(items: list[dict[str, Any]]) -> list[str]:
    return [w.message for w in items]  # type: ignore[attr-defined]


# ---- the reference's own tests (spec §14), against our module ------------------------------------


def test_memory_json_accepts_strings_and_objects() -> None:
    write(
        "m.json",
        [
            "A string",
            {"text": "Text obj", "category": "Project", "source": "x"},
            {"content": "Content obj"},
        ],
    )
    items, warnings = mb.collect_memory_json(Path("m.json"), "src")
    assert [i["text"] for i in items] == ["A string", "Text obj", "Content obj"]
    assert items[0]["category"] == "fact"
    assert (items[1]["category"], items[1]["source"]) == ("project", "x")
    assert warnings == []


def test_memory_json_deduplicates_exact_text() -> None:
    write("m.json", ["Same memory", {"text": "Same memory"}])
    items, warnings = mb.collect_memory_json(Path("m.json"), "src")
    assert len(items) == 1
    assert [w.message for w in warnings] == ["skipped duplicate memory at index 1"]


def test_skill_dir_scans_skill_markdown() -> None:
    write("skills/dev/git-helper/SKILL.md", "---\nname: git-helper\ncategory: dev\n---\nBody\n")
    items, warnings = mb.collect_skill_dir(Path("skills"), "src")
    assert warnings == []
    (skill,) = items
    assert (skill["name"], skill["category"], skill["format"]) == ("git-helper", "dev", "SKILL.md")
    assert skill["content"].endswith("Body\n")


def test_skill_symlinks_are_refused(tmp_path: Path) -> None:
    write("outside/SKILL.md", "---\nname: x\n---\n")
    Path("skills/a").mkdir(parents=True)
    Path("skills/a/SKILL.md").symlink_to(tmp_path / "outside" / "SKILL.md")
    items, warnings = mb.collect_skill_dir(Path("skills"), "src")
    assert items == []
    assert [(w.path, w.message) for w in warnings] == [
        ("skills/a/SKILL.md", "skipped symlinked skill file")
    ]
    Path("linked").symlink_to(tmp_path / "skills")
    items, warnings = mb.collect_skill_dir(Path("linked"), "src")
    assert (items, [w.message for w in warnings]) == ([], ["skills path is a symlink; skipped"])


def test_archive_content_is_optional_and_symlinks_refused(tmp_path: Path) -> None:
    write("notes/a.md", "hello\n")
    Path("notes/link.md").symlink_to(tmp_path / "notes" / "a.md")
    items, warnings = mb.collect_archive_paths([Path("notes")], "src")
    assert "content" not in items[0]
    assert [w.message for w in warnings] == ["skipped symlinked archive path"]
    items, _ = mb.collect_archive_paths([Path("notes")], "src", include_content=True)
    assert items[0]["content"].startswith("hello")
    Path("root-link.md").symlink_to(tmp_path / "notes" / "a.md")
    items, warnings = mb.collect_archive_paths([Path("root-link.md"), Path("missing")], "src")
    assert items == []
    assert [w.message for w in warnings] == [
        "archive path is a symlink; skipped",
        "archive path does not exist",
    ]


def test_generic_threads_metadata_only_and_with_content() -> None:
    write(
        "c.json",
        {
            "conversations": [
                {
                    "id": "c1",
                    "title": "Chat",
                    "messages": [
                        {"sender": "human", "content": [{"type": "text", "text": "Hi"}]},
                        {"sender": "ai", "text": "Hello"},
                    ],
                }
            ]
        },
    )
    items, warnings = mb.collect_conversation_json(Path("c.json"), "src")
    (thread,) = items
    assert warnings == [] and "messages" not in thread
    assert thread["metadata"]["source_id"] == "c1"
    assert thread["metadata"]["message_count"] == 2
    assert thread["metadata"]["content_included"] is False
    items, _ = mb.collect_conversation_json(Path("c.json"), "src", include_content=True)
    assert items[0]["messages"] == [
        {"role": "user", "text": "Hi"},
        {"role": "assistant", "text": "Hello"},
    ]


def test_chatgpt_mapping_is_ordered_by_time() -> None:
    mapping = {
        "b": {
            "message": {
                "id": "m2",
                "author": {"role": "assistant"},
                "create_time": 20,
                "content": {"parts": ["second"]},
            }
        },
        "a": {
            "message": {
                "id": "m1",
                "author": {"role": "user"},
                "create_time": 10,
                "content": {"parts": ["first"]},
            }
        },
    }
    write("c.json", [{"title": "T", "mapping": mapping}])
    items, _ = mb.collect_conversation_json(Path("c.json"), "src", include_content=True)
    assert items[0]["metadata"]["source_format"] == "chatgpt_mapping"
    assert items[0]["messages"] == [
        {"role": "user", "text": "first", "created_at": "1970-01-01T00:00:10Z", "source_id": "m1"},
        {
            "role": "assistant",
            "text": "second",
            "created_at": "1970-01-01T00:00:20Z",
            "source_id": "m2",
        },
    ]


def test_conversation_content_respects_message_limit() -> None:
    write("c.json", [{"messages": [{"role": "user", "text": "a"}, {"role": "user", "text": "b"}]}])
    items, warnings = mb.collect_conversation_json(
        Path("c.json"), "src", include_content=True, max_messages=1
    )
    assert "messages" not in items[0] and items[0]["metadata"]["content_included"] is False
    assert [w.message for w in warnings] == [
        "skipped conversation content at index 0: over 1 messages"
    ]


def test_main_writes_manifest(tmp_path: Path) -> None:
    write("m.json", ["One memory"])
    write("c.json", [{"title": "Thread", "messages": [{"role": "user", "text": "x"}]}])
    out = tmp_path / "deep" / "out.json"
    assert (
        mb.main(["--memory-json", "m.json", "--conversation-json", "c.json", "--output", str(out)])
        == 0
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["schema_version"] == "agent-migration.v1"
    assert data["summary"]["counts_by_kind"] == {"conversation_thread": 1, "memory": 1}
    assert data["items"][0]["text"] == "One memory"
    assert data["items"][1]["title"] == "Thread"


# ---- ids and hashes (§5) -------------------------------------------------------------------------


def test_stable_id_worked_example() -> None:
    digest = mb.sha256_text("pacey prefers glm for routine coding.")
    assert mb.stable_id("memory", "mem-agent", "memories.json", 0, digest) == (
        "memory:0f7d656441aadf56"
    )


def test_ids_follow_the_typed_path_and_index() -> None:
    write("m.json", ["x", "y"])
    Path("d").mkdir()
    a, _ = mb.collect_memory_json(Path("./m.json"), "s")
    b, _ = mb.collect_memory_json(Path("m.json"), "s")
    c, _ = mb.collect_memory_json(Path("d/../m.json"), "s")
    assert [i["id"] for i in a] == [i["id"] for i in b]
    assert a[0]["id"] != c[0]["id"]  # `..` is kept, so the id changes
    expected = mb.stable_id("memory", "s", "m.json", 1, mb.sha256_text("y"))
    assert b[1]["id"] == expected


def test_skill_hash_is_over_translated_text_archive_hash_over_bytes() -> None:
    raw = b"---\r\nname: crlf\r\n---\r\nbody\r\n"
    write("skills/s/SKILL.md", raw)
    write("arch/a.txt", raw)
    (skill,), _ = mb.collect_skill_dir(Path("skills"), "s")
    assert skill["metadata"]["sha256"] == hashlib.sha256(raw.replace(b"\r\n", b"\n")).hexdigest()
    (doc,), _ = mb.collect_archive_paths([Path("arch")], "s", include_content=True)
    assert doc["metadata"]["sha256"] == hashlib.sha256(raw).hexdigest()
    assert doc["metadata"]["size_bytes"] == len(raw)
    assert doc["content"] == raw.decode().replace("\r\n", "\n")


# ---- memory rules (§6) ---------------------------------------------------------------------------


def test_memory_categories_sources_and_metadata() -> None:
    entries = [
        {
            "text": " a ",
            "category": "Project ",
            "source": 42,
            "tags": [1, None],
            "pinned": False,
            "id": 10**30,
            "other": "ignored",
        },
        {"content": "b", "category": 7},
        {"memory": "c", "category": True, "source": {"app": "x"}},
        {"value": "d", "category": 0, "source": ""},
        {"text": "   ", "content": "e"},
        {"text": 5},
        None,
    ]
    write("m.json", {"memory": "not a list", "items": entries})
    items, warnings = mb.collect_memory_json(Path("m.json"), "src")
    assert [(i["text"], i["category"], i["source"]) for i in items] == [
        ("a", "project", "42"),
        ("b", "7", "src"),
        ("c", "true", "{'app': 'x'}"),
        ("d", "fact", "src"),
        ("e", "fact", "src"),
    ]
    assert items[0]["metadata"] == {
        "source_path": "m.json",
        "source_index": 0,
        "source_id": 10**30,
        "source_pinned": False,
        "source_source": 42,
        "source_tags": [1, None],
    }
    assert [w.message for w in warnings] == [
        "skipped memory at index 5: missing text",
        "skipped memory at index 6: missing text",
    ]


def test_memory_dedup_is_lower_not_casefold() -> None:
    write("m.json", ["Straße", "STRASSE", "straße", "ÉTÉ", "été"])
    items, warnings = mb.collect_memory_json(Path("m.json"), "s")
    assert [i["text"] for i in items] == ["Straße", "STRASSE", "ÉTÉ"]
    assert [w.message for w in warnings] == [
        "skipped duplicate memory at index 2",
        "skipped duplicate memory at index 4",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "could not read JSON: Expecting value: line 1 column 1 (char 0)"),
        (
            "{'a': 1}",
            "could not read JSON: Expecting property name enclosed in double quotes: "
            "line 1 column 2 (char 1)",
        ),
        (
            b"\xef\xbb\xbf[]",
            "could not read JSON: Unexpected UTF-8 BOM (decode using utf-8-sig): "
            "line 1 column 1 (char 0)",
        ),
        (
            b'["caf\xe9"]',
            "could not read JSON: 'utf-8' codec can't decode byte 0xe9 in position "
            "5: invalid continuation byte",
        ),
        ("5", "expected a JSON list or an object containing a memory list"),
        ('{"memories": {"a": 1}}', "expected a JSON list or an object containing a memory list"),
    ],
)
def test_memory_read_failures(content: str | bytes, message: str) -> None:
    write("m.json", content)
    assert mb.collect_memory_json(Path("m.json"), "s") == ([], [mb.InputWarning("m.json", message)])


def test_missing_and_folder_inputs() -> None:
    Path("a-directory").mkdir()
    _, w1 = mb.collect_memory_json(Path("missing.json"), "s")
    _, w2 = mb.collect_conversation_json(Path("a-directory"), "s")
    assert (
        w1[0].message == "could not read JSON: [Errno 2] No such file or directory: 'missing.json'"
    )
    assert w2[0].message == "could not read JSON: [Errno 21] Is a directory: 'a-directory'"


# ---- conversation rules (§5.4, §8) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("", None),
        (0, "1970-01-01T00:00:00Z"),
        (True, "1970-01-01T00:00:01Z"),
        (-1.5, "1969-12-31T23:59:58Z"),
        (1700000000.9999, "2023-11-14T22:13:20Z"),
        (99999999999999, "99999999999999"),
        (1e20, "1e+20"),
        ("2026-01-01T10:00:00+02:00", "2026-01-01T10:00:00+02:00"),
        ("1700000000", "1700000000"),
        ("yesterday", "yesterday"),
    ],
)
def test_timestamps(value: Any, expected: str | None) -> None:
    assert mb.normalize_timestamp(value) == expected


def test_message_normalisation_rules() -> None:
    assert mb.normalize_message({"role": " Narrator ", "content": "x"}) == {
        "role": "narrator",
        "text": "x",
    }
    assert mb.normalize_message({"author": {"name": "Custom Name"}, "text": "x", "id": 0}) == {
        "role": "custom name",
        "text": "x",
        "source_id": "0",
    }
    assert mb.normalize_message({"author": {"name": "Bot"}, "text": "x"}) == {
        "role": "assistant",
        "text": "x",
    }
    assert mb.normalize_message({"content": "", "text": "hidden"}) is None  # "" wins
    assert mb.normalize_message({"content": {"parts": []}, "text": "hidden"}) is None
    assert mb.normalize_message({"content": [" a ", {"value": "b"}, 3, {"x": 1}]}) == {
        "role": "unknown",
        "text": "a\nb",
    }
    assert mb.normalize_message(
        {"role": "user", "text": "t", "created_at": 0, "create_time": 5}
    ) == {"role": "user", "text": "t", "created_at": "1970-01-01T00:00:05Z"}


def test_conversation_ids_titles_and_skips() -> None:
    convs = [
        {"id": 0, "conversation_id": 0, "messages": [{"role": "user", "text": "a"}]},
        "not an object",
        {"uuid": "u-1", "title": "  ", "name": "Named", "chat_messages": [{"text": "b"}]},
        {"messages": [], "chat_messages": [{"text": "hidden by the empty list"}]},
        {
            "conversation_id": "",
            "turns": [{"speaker": "model", "body": "c"}],
            "create_time": 0,
            "updated_at": "later",
        },
    ]
    write("c.json", {"items": convs})
    items, warnings = mb.collect_conversation_json(Path("c.json"), "s")
    assert [i["title"] for i in items] == ["Conversation 1", "Named", "Conversation 5"]
    zero = items[0]
    digest = zero["metadata"]["text_sha256"]
    assert zero["metadata"]["source_id"] == "0"
    assert zero["id"] == mb.stable_id("conversation", "s", "c.json", 0, digest)  # hashes index
    assert items[1]["id"] == mb.stable_id(
        "conversation", "s", "c.json", "u-1", items[1]["metadata"]["text_sha256"]
    )
    assert items[2]["metadata"]["source_id"] == ""
    assert items[2]["metadata"]["source_create_time"] == "1970-01-01T00:00:00Z"
    assert items[2]["metadata"]["source_updated_at"] == "later"
    assert digest == hashlib.sha256(b"user:a").hexdigest()
    assert [w.message for w in warnings] == [
        "skipped conversation at index 1: expected object",
        "skipped conversation at index 3: no text messages found",
    ]


def test_conversation_unwrapping() -> None:
    write("one.json", {"title": "Alone", "messages": [{"role": "user", "text": "x"}]})
    write("wrapped.json", {"conversation": {"messages": [{"text": "inner"}]}})
    write("scalar.json", "7")
    (alone,), _ = mb.collect_conversation_json(Path("one.json"), "s")
    assert alone["title"] == "Alone"
    _, warnings = mb.collect_conversation_json(Path("wrapped.json"), "s")
    assert [w.message for w in warnings] == [
        "skipped conversation at index 0: no text messages found"
    ]
    _, warnings = mb.collect_conversation_json(Path("scalar.json"), "s")
    assert [w.message for w in warnings] == [
        "expected a JSON list or an object containing a conversation list"
    ]


# ---- skills (§7) and archives (§9) ---------------------------------------------------------------


def test_skill_frontmatter_quirks_and_sort_order() -> None:
    write("sk/a-b/SKILL.md", "no frontmatter")
    write(
        "sk/a/b/SKILL.md",
        "---\nname: \"'q'\"\ncategory:  Spaced Cat  \ntags: [a, b] # c\n"
        "  nested: v\n- k: v\n# comment\nnocolon\n---\n",
    )
    write("sk/a.b/SKILL.md", "---\nname: '\"x\"'\n---")
    write("sk/.hidden/SKILL.md", "---name: odd\n---\n")
    write("sk/SKILL.md", "\ufeff---\nname: bom\n---\n")
    Path("sk/dir/SKILL.md").mkdir(parents=True)
    items, warnings = mb.collect_skill_dir(Path("sk"), "s")
    assert [i["metadata"]["source_path"] for i in items] == [
        "sk/.hidden/SKILL.md",
        "sk/SKILL.md",
        "sk/a/b/SKILL.md",
        "sk/a-b/SKILL.md",
        "sk/a.b/SKILL.md",
    ]
    fm = items[2]["metadata"]["frontmatter"]
    assert fm == {
        "name": "q",
        "category": "Spaced Cat",
        "tags": "[a, b] # c",
        "nested": "v",
        "- k": "v",
    }
    assert (items[2]["name"], items[2]["category"]) == ("q", "Spaced Cat")
    assert items[0]["metadata"]["frontmatter"] == {"name": "odd"}  # `---name` opens a block
    assert items[1]["metadata"]["frontmatter"] == {}  # a BOM disables it
    assert items[1]["name"] == "sk"
    assert items[4]["name"] == '"x"'
    assert [w.message for w in warnings] == [
        "could not read skill: [Errno 21] Is a directory: 'sk/dir/SKILL.md'"
    ]


def test_skill_root_checks() -> None:
    write("file.txt", "x")
    for root, message in (
        ("nope", "skills directory does not exist"),
        ("file.txt", "skills path is not a directory"),
    ):
        assert mb.collect_skill_dir(Path(root), "s") == ([], [mb.InputWarning(root, message)])


def test_archive_walk_order_text_test_and_limits() -> None:
    write("notes/a/x.md", "x")
    write("notes/a-file.md", "yy")
    write("notes/big.txt", "z" * 10)
    write("notes/image.png", b"\x89PNG")
    write("notes/.md", "no suffix")
    write("notes/bad.log", b"caf\xe9\n")
    items, warnings = mb.collect_archive_paths(
        [Path("notes")], "s", include_content=True, max_bytes=5
    )
    assert [i["title"] for i in items] == ["x.md", "a-file.md", "bad.log", "big.txt"]
    assert items[2]["content"] == "caf\ufffd\n"
    assert items[2]["metadata"]["decoded_with_replacement"] is True
    assert "content" not in items[3]
    assert [(w.path, w.message) for w in warnings] == [
        ("notes/.md", "skipped non-text archive file"),
        ("notes/big.txt", "skipped archive content over 5 bytes"),
        ("notes/image.png", "skipped non-text archive file"),
    ]
    _, warnings = mb.collect_archive_paths(
        [Path("notes/a")], "s", include_content=True, max_bytes=-1
    )
    assert [w.message for w in warnings] == ["skipped archive content over -1 bytes"]


def test_archive_read_failures_are_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    write("docs/sub/a.md", "a")
    write("docs/b.md", "b")
    write("docs/c.md", "c")
    real_iterdir, real_stat, real_open = Path.iterdir, Path.stat, Path.open

    def iterdir(self: Path) -> Any:
        if self.name == "sub":
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    calls: list[str] = []

    def stat(self: Path, **kw: Any) -> Any:  # the walk's is_file() passes, the size fails
        calls.extend([] if kw else [self.name])
        if self.name == "b.md" and not kw and calls.count("b.md") > 1:
            raise PermissionError(13, "Permission denied", str(self))
        return real_stat(self, **kw)

    def open_(self: Path, *args: Any, **kw: Any) -> Any:
        if self.name == "c.md":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kw)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    monkeypatch.setattr(Path, "stat", stat)
    monkeypatch.setattr(Path, "open", open_)
    items, warnings = mb.collect_archive_paths([Path("docs")], "s")
    assert items == []
    assert [(w.path, w.message) for w in warnings] == [
        ("docs/b.md", "could not stat archive file: [Errno 13] Permission denied: 'docs/b.md'"),
        ("docs/c.md", "could not hash archive file: [Errno 13] Permission denied: 'docs/c.md'"),
        ("docs/sub", "could not scan archive directory: [Errno 13] Permission denied: 'docs/sub'"),
    ]


def test_archive_root_checks_come_before_the_walk() -> None:
    write("ok/a.md", "a")
    os.mkfifo("fifo")
    items, warnings = mb.collect_archive_paths([Path("ok"), Path("fifo"), Path("gone")], "s")
    assert len(items) == 1
    assert [w.message for w in warnings] == [
        "archive path is not a file or directory",
        "archive path does not exist",
    ]


# ---- the whole manifest (§2-§4) ------------------------------------------------------------------


def test_kinds_come_in_fixed_order_and_output_is_the_reference_format(
    capsys: pytest.CaptureFixture[str],
) -> None:
    write("n.md", "note")
    write("m.json", ["mem \u2028é\x01x"])
    write("c.json", [{"messages": [{"role": "user", "text": "q\x01"}]}])
    write("sk/x/SKILL.md", "skill")
    argv = [
        "--archive",
        "n.md",
        "--conversation-json",
        "c.json",
        "--skills-dir",
        "sk",
        "--memory-json",
        "m.json",
        "--source-name",
        "név",
    ]
    code, out = run(argv, capsys)
    assert code == 0
    assert out == reference_dump(argv)
    data = json.loads(out)
    assert [i["kind"] for i in data["items"]] == [
        "memory",
        "skill",
        "conversation_thread",
        "archive_document",
    ]
    assert list(data) == sorted(data)
    assert data["generated_at"] == "1970-01-01T00:00:00Z"
    assert "mem \u2028é\\u0001x" in out
    code, out = run([*argv, "--compact"], capsys)
    assert out == reference_dump([*argv, "--compact"]) and not out.endswith("\n")


def test_empty_manifest_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["--memory-json", "missing.json", "--archive", "gone"], capsys)
    assert code == 1  # nothing could be read; the manifest is still printed
    data = json.loads(out)
    assert data["items"] == [] and data["summary"] == {
        "counts_by_kind": {},
        "item_count": 0,
        "warning_count": 2,
    }
    assert out == reference_dump(["--memory-json", "missing.json", "--archive", "gone"])
    write("m.json", [])
    assert run(["--memory-json", "m.json", "--archive", "gone"], capsys)[0] == 0


def test_argparse_prefixes_and_bad_values(capsys: pytest.CaptureFixture[str]) -> None:
    write("m.json", ["x"])
    code, out = run(["--memory", "m.json", "--comp"], capsys)
    assert code == 0 and '"text":"x"' in out
    with pytest.raises(SystemExit) as e:
        mb.main(["--include", "m.json"])
    assert e.value.code == 2
    with pytest.raises(SystemExit):
        mb.main(["--max-archive-bytes", "lots"])


def test_output_is_atomic_and_creates_folders(tmp_path: Path) -> None:
    write("m.json", ["x"])
    out = tmp_path / "a" / "b" / "manifest.json"
    assert mb.main(["--memory-json", "m.json", "--output", str(out)]) == 0
    assert json.loads(out.read_text())["summary"]["item_count"] == 1
    assert sorted(p.name for p in out.parent.iterdir()) == ["manifest.json"]


def test_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")
    assert mb.utc_now_iso() == "2026-05-28T20:26:40Z"
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert mb.utc_now_iso().endswith("Z") and len(mb.utc_now_iso()) == 20


# ---- where the reference writes invalid JSON or crashes (§15.15) ---------------------------------


def test_nan_and_lone_surrogates_give_valid_json(capsys: pytest.CaptureFixture[str]) -> None:
    write("m.json", '[{"text": "x", "tags": [NaN, Infinity]}, "bad \\ud800 text"]')
    code, out = run(["--memory-json", "m.json"], capsys)
    assert code == 0
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in the output"))
    out.encode("utf-8")
    assert data["items"][0]["metadata"]["source_tags"] == [None, None]
    assert data["items"][1]["text"] == "bad \ufffd text"
    assert [w["message"] for w in data["warnings"]] == [
        "replaced NaN or Infinity with null: they are not valid JSON",
        "replaced a lone surrogate (invalid Unicode) with U+FFFD",
    ]
    assert data["summary"]["warning_count"] == 2


# ---- streaming -----------------------------------------------------------------------------------


def _conversation(n: int) -> dict[str, Any]:
    return {
        "id": f"c{n}",
        "title": f"T{n}",
        "mapping": {
            f"m{k}": {
                "message": {
                    "author": {"role": "user" if k % 2 else "assistant"},
                    "create_time": None if k == 3 else 100 - k,
                    "content": {"parts": [f"message {n}.{k} é\r\n"]},
                }
            }
            for k in range(6)
        },
    }


@pytest.mark.parametrize("chunk", [1, 7, 4096])
@pytest.mark.parametrize(
    "doc",
    [
        [_conversation(n) for n in range(5)],
        {"conversations": [_conversation(1)], "items": [_conversation(2)]},
        {"items": [_conversation(2)], "conversations": 5},
        {"title": "alone", "messages": [{"role": "user", "text": "x"}], "data": {"a": 1}},
        [],
        {},
    ],
)
def test_streaming_equals_reading_whole(
    doc: Any, chunk: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    write("c.json", text.replace("\n", "\r\n"))
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    argv = ["--conversation-json", "c.json", "--include-conversation-content"]
    assert run(argv, capsys)[1] == reference_dump(argv)


@pytest.mark.parametrize("text", ["1.", "5 x", "  7  ", "true", '"s" ,'])
def test_a_scalar_document_is_read_to_its_end_first(
    text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write("c.json", " " * 40 + text)
    monkeypatch.setattr(jsonstream, "CHUNK", 16)  # the scalar ends at a chunk boundary
    argv = ["--conversation-json", "c.json"]
    assert run(argv, capsys)[1] == reference_dump(argv)


@pytest.mark.parametrize("head", [b"[1,,2]", b"[] x", b"\xef\xbb\xbf[]", b"[{}"])
def test_bad_utf8_anywhere_is_reported_before_a_json_error(
    head: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write("c.json", head + b" " * 5000 + b"\xff")
    monkeypatch.setattr(jsonstream, "CHUNK", 64)  # the bad byte lies chunks away
    argv = ["--conversation-json", "c.json"]
    out = run(argv, capsys)[1]
    assert out == reference_dump(argv)
    assert "codec can't decode byte 0xff in position" in out


def test_output_inside_a_scanned_folder_is_not_seen_by_the_scan(tmp_path: Path) -> None:
    write("notes/a.md", "a")
    write("sk/x/SKILL.md", "s")
    argv = ["--archive", "notes", "--skills-dir", "sk", "--output", "notes/sub/manifest.json"]
    expected = reference_dump(argv)  # before the output exists, as the reference scans
    assert mb.main(argv) == 0
    assert Path("notes/sub/manifest.json").read_text(encoding="utf-8") == expected
    argv = ["--archive", "new", "--output", "new/m.json"]
    assert mb.main(argv) == 1  # `new` did not exist when it was scanned
    assert json.loads(Path("new/m.json").read_text())["warnings"] == [
        {"message": "archive path does not exist", "path": "new"}
    ]


def test_output_that_is_a_folder_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    write("m.json", ["x"])
    Path("out").mkdir()
    assert mb.main(["--memory-json", "m.json", "--output", "out"]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_duplicate_wrapper_keys_keep_the_last_list(capsys: pytest.CaptureFixture[str]) -> None:
    one, three = json.dumps([_conversation(1)]), json.dumps([_conversation(3)])
    write("c.json", f'{{"conversations": {one}, "conversations": {three}}}')
    argv = ["--conversation-json", "c.json"]
    out = run(argv, capsys)[1]
    assert out == reference_dump(argv)
    assert [i["metadata"]["source_id"] for i in json.loads(out)["items"]] == ["c3"]


def test_a_broken_export_gives_one_warning_and_no_items(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    good = json.dumps([_conversation(n) for n in range(40)])
    monkeypatch.setattr(jsonstream, "CHUNK", 1000)
    for cut in (len(good) - 1, len(good) // 2, 3):
        write("c.json", good[:cut] + "\n")
        argv = ["--conversation-json", "c.json"]
        out = run(argv, capsys)[1]
        assert out == reference_dump(argv)
        assert json.loads(out)["items"] == []
    write("c.json", good + " x")
    assert run(argv, capsys)[1] == reference_dump(argv)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=3), kids, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    doc=st.lists(_JSON, max_size=5)
    | st.dictionaries(
        st.sampled_from(["conversations", "items", "x"]), st.lists(_JSON, max_size=3), max_size=3
    ),
    cut=st.integers(min_value=0, max_value=400),
    insert=st.sampled_from(["", ",", "]", "}", ":", "x", '"', "\\", "\n", "\r", "[", "é", "\x00"]),
    chunk=st.integers(min_value=1, max_value=9),
)
def test_stream_errors_are_the_errors_of_json_load(
    doc: Any, cut: int, insert: str, chunk: int
) -> None:
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    cut = min(cut, len(text))
    broken = (text[:cut] + insert + text[cut:]).encode("utf-8")
    try:
        expected: Any = json.loads(broken.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n"))
        want = None
    except ValueError as e:
        expected, want = None, str(e)
    reader = jsonstream.Reader(jsonstream.text_chunks(io.BytesIO(broken), chunk))
    try:
        first = reader.start()
        if first == "[":
            got: Any = list(jsonstream.array_items(reader))
        elif first == "{":
            got = {}
            for key in jsonstream.object_keys(reader):
                got[key] = (
                    list(jsonstream.array_items(reader)) if reader.peek() == "[" else reader.value()
                )
        elif first is None:
            raise reader.error("Expecting value")
        else:
            got = reader.value()
        reader.finish()
        assert want is None, f"json.loads failed ({want}) where the stream did not"
        assert got == expected
    except jsonstream.StreamError as e:
        assert str(e) == want


def test_utf8_errors_report_positions_from_the_start_of_the_file() -> None:
    data = b"[" + b'"' + b"a" * 5000 + b'"' + b", " + b'"\xe2\x82"' + b"]"
    reader = jsonstream.Reader(jsonstream.text_chunks(io.BytesIO(data), 7))
    with pytest.raises(jsonstream.StreamError) as e:
        reader.start()
        list(jsonstream.array_items(reader))
    with pytest.raises(UnicodeDecodeError) as whole:
        data.decode("utf-8")
    assert str(e.value) == str(whole.value)


# ---- zip exports ---------------------------------------------------------------------------------


def test_zip_exports_are_read_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    convs = json.dumps([_conversation(1)])
    with zipfile.ZipFile("export.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("user.json", "{}")
        z.writestr("export/conversations.json", convs)
    write("conversations.json", convs)
    code, out = run(["--conversation-json", "export.zip"], capsys)
    items = json.loads(out)["items"]
    assert code == 0 and len(items) == 1
    plain = json.loads(run(["--conversation-json", "conversations.json"], capsys)[1])["items"]
    assert items[0]["metadata"]["text_sha256"] == plain[0]["metadata"]["text_sha256"]
    assert mb.collect_conversation_json(Path("export.zip"), "s")[0][0]["title"] == "T1"


def test_zip_bombs_and_odd_members_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with zipfile.ZipFile("bomb.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", "[" + " " * (mb.ZIP_RATIO_FLOOR + 1) + "]")
    with zipfile.ZipFile("sneaky.zip", "w") as z:
        z.writestr("../conversations.json", "[]")
        z.writestr("a/b/conversations.json", "[]")
    code, out = run(
        ["--conversation-json", "bomb.zip", "--conversation-json", "sneaky.zip"], capsys
    )
    assert code == 1
    messages = [w["message"] for w in json.loads(out)["warnings"]]
    assert "likely zip bomb" in messages[0]
    assert messages[1] == "could not read JSON: no conversations.json at the top of the zip archive"


# ---- the standalone script -----------------------------------------------------------------------


def test_script_loads_by_path_with_the_reference_api(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("agent_migration_manifest", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in (
        "collect_memory_json",
        "collect_skill_dir",
        "collect_archive_paths",
        "collect_conversation_json",
        "stable_id",
        "parse_args",
        "build_manifest",
        "main",
    ):
        assert callable(getattr(module, name))
    write("m.json", ["x"])
    items, warnings = module.collect_memory_json(Path("m.json"), "s")
    assert items[0]["text"] == "x" and warnings == []
    assert module.parse_args([]).max_archive_bytes == 256_000


def test_script_runs_without_omp_installed(tmp_path: Path) -> None:
    write("m.json", ["from a bare interpreter"])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-S", str(SCRIPT), "--memory-json", "m.json", "--compact"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["items"][0]["text"] == "from a bare interpreter"
