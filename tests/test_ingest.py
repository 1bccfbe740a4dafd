from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omp import ingest, rot
from omp.extract.candidates import choice_of, in_force
from omp.index import Index
from omp.paths import MemoryRoot
from omp.yamlio import load
from tests.helpers import omp, omp_ok

from .helpers import chatgpt_conversation, git, memory_files
from .helpers import commit_change as _commit

SECRET = "sk-proj-Zq8XfT2mLw9RbV4nKc7YsP1uJd6HgE3a"

CHAT = f"""\
User: Hi! We need a database for the orders service. MySQL or Postgres?
Assistant: Both work; Postgres has better JSON support.
User: We decided to use Postgres because we need JSONB.
User: I have fixed the connection pool leak in db.py.
User: The project uses FastAPI. I prefer tabs over spaces.
User: my OpenAI key is {SECRET}, put it in the env file
Assistant: Deployed to https://orders-demo.vercel.app and it is live.
"""


def _data(memory: MemoryRoot, rel: str) -> Any:
    return load((memory.memory / rel).read_text(encoding="utf-8"))


def _everything(base: Path) -> str:
    return "\n".join(p.read_text("utf-8", errors="replace") for p in base.rglob("*") if p.is_file())


@pytest.fixture
def chat(git_repo: Path) -> Path:
    path = git_repo / "chat.txt"
    path.write_text(CHAT, encoding="utf-8")
    return path


def test_extract_writes_each_item_to_its_target(memory: MemoryRoot, chat: Path):
    result = omp_ok("extract", str(chat))

    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert (decision["title"], decision["choice"]) == ("Use Postgres", "Postgres")
    assert decision["rationale"] == "we need JSONB"
    assert decision["source_refs"] == [f"{chat}#2"]
    changes = _data(memory, "changelog.yaml")["changelog"]
    assert [(c["type"], c["summary"]) for c in changes] == [
        ("fix", "Fixed the connection pool leak in db.py")
    ]
    project = _data(memory, "project.yaml")
    assert project["tech_stack"] == {"backend": "FastAPI"}
    assert project["deployment"]["vercel"]["url"] == "https://orders-demo.vercel.app"
    assert project["deployment"]["vercel"]["status"] == "active"
    (session_file,) = (memory.memory / "sessions").glob("*.yaml")
    (session,) = load(session_file.read_text(encoding="utf-8"))["sessions"]
    assert session["decisions"] == [decision["id"]]
    user = load(Path(os.environ["XDG_DATA_HOME"], "omp/memory/memories.yaml").read_text("utf-8"))
    assert [m["text"] for m in user["memories"]] == ["I prefer tabs over spaces"]
    assert "stored 6" in result.stderr


WORKER_TOKEN = "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx"
WORKER_KEY = "kt_sig_4Fq9Lm2xT7"


def test_a_workers_secret_vars_are_redacted_and_its_plain_vars_kept(
    memory: MemoryRoot, tmp_path: Path
):
    log = tmp_path / "deploy.log"
    log.write_text(
        "$ npx wrangler deploy\n"
        " \u26c5\ufe0f wrangler 3.60.3\n"
        "Total Upload: 48.73 KiB / gzip: 12.08 KiB\n"
        "Your worker has access to the following bindings:\n"
        "- Vars:\n"
        f'  - SLACK_BOT_TOKEN: "{WORKER_TOKEN}"\n'
        f'  - URL_SIGNATURE_KEY: "{WORKER_KEY}"\n'
        '  - MAX_WIDTH: "2560"\n'
        "Uploaded img-worker (2.41 sec)\n"
        "Deployed img-worker triggers (0.38 sec)\n"
        "  https://img-worker.acme.workers.dev\n",
        encoding="utf-8",
    )
    result = omp_ok("extract", str(log), "--json")

    for secret in (WORKER_TOKEN, WORKER_KEY):
        assert secret not in _everything(memory.project / "_omp") + result.stdout + result.stderr
    bindings = _data(memory, "project.yaml")["deployment"]["cloudflare"]["bindings"]
    assert bindings == {
        "SLACK_BOT_TOKEN": "[REDACTED:Slack token]",
        "URL_SIGNATURE_KEY": "[REDACTED:secret]",
        "MAX_WIDTH": "2560",
    }


def test_no_secret_reaches_any_file_or_output(memory: MemoryRoot, chat: Path):
    result = omp_ok("extract", str(chat), "--json")
    again = omp_ok("extract", str(chat))  # backups are taken on the second write

    assert SECRET not in _everything(memory.project / "_omp")
    assert SECRET not in _everything(Path(os.environ["XDG_DATA_HOME"]))
    assert SECRET not in result.stdout + result.stderr + again.stdout + again.stderr
    redactions = json.loads(result.stdout)["redactions"]
    assert redactions == [
        {
            "kind": "OpenAI/Anthropic API key",
            "source": {"path": str(chat), "index": 5},
            "offset": 17,
        }
    ]


def test_extracting_the_same_conversation_twice_changes_nothing(memory: MemoryRoot, chat: Path):
    omp_ok("extract", str(chat))
    before = memory_files(memory.project)

    result = omp_ok("extract", str(chat))

    assert memory_files(memory.project) == before
    assert "stored 0" in result.stderr


def test_dry_run_writes_nothing_and_shows_the_diff(memory: MemoryRoot, chat: Path):
    before = memory_files(memory.project)

    result = omp_ok("extract", str(chat), "--dry-run")

    assert memory_files(memory.project) == before
    assert not Path(os.environ["XDG_DATA_HOME"], "omp").exists()
    assert "+    choice: Postgres" in result.stdout
    assert "would be stored 6" in result.stderr


def test_json_output_has_the_documented_shape(memory: MemoryRoot, chat: Path):
    report = json.loads(omp_ok("extract", str(chat), "--json", "--dry-run").stdout)

    assert set(report) == {"candidates", "redactions", "summary", "warnings"}
    first = report["candidates"][0]
    assert {"target", "action", "scope", "confidence", "reason", "entry", "source"} <= set(first)
    assert {c["target"] for c in report["candidates"]} == {
        "decisions",
        "changelog",
        "project",
        "sessions",
        "user",
    }
    assert report["summary"]["stored"] == 6
    assert report["summary"]["dry_run"] is True


def test_text_and_standard_input_are_sources(memory: MemoryRoot):
    omp_ok("extract", "--text", "我们决定采用 Redis 做缓存，因为需要分布式锁。")
    omp_ok("extract", "-", input="User: We decided to use pnpm instead of npm.\n")

    choices = [d["choice"] for d in _data(memory, "decisions.yaml")["decisions"]]
    assert choices == ["Redis", "pnpm"]


# ---- review queue ---------------------------------------------------------------------------

PROPOSAL = """\
User: Which test runner should we use for the web app?
Assistant: I'd suggest Vitest, since it reuses the Vite config.
User: Let me check with the team first.
"""


def _queued(memory: MemoryRoot) -> Any:
    return _data(memory, "candidates.yaml")["candidates"]


def test_uncertain_items_wait_for_review_and_accept_writes_them(memory: MemoryRoot, git_repo: Path):
    (git_repo / "c.txt").write_text(PROPOSAL, encoding="utf-8")
    omp_ok("extract", "c.txt")
    (queued,) = _queued(memory)
    assert (queued["target"], queued["status"], queued["entry"]["choice"]) == (
        "decisions",
        "pending",
        "Vitest",
    )
    assert _data(memory, "decisions.yaml")["decisions"] == []
    assert queued["id"] in omp_ok("review").stdout

    omp_ok("review", "accept", queued["id"], "--set", "rationale=Shares the Vite config")

    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert (decision["choice"], decision["rationale"]) == ("Vitest", "Shares the Vite config")
    (queued,) = _queued(memory)
    assert queued["status"] == "accepted"
    assert "nothing waiting" in omp_ok("review").stderr


def test_extract_says_how_long_the_review_queue_is_now(memory: MemoryRoot, git_repo: Path):
    (git_repo / "c.txt").write_text(PROPOSAL, encoding="utf-8")
    other = PROPOSAL.replace("web app", "API").replace("Vitest", "pytest")
    (git_repo / "d.txt").write_text(other, encoding="utf-8")

    first = omp_ok("extract", "c.txt").stderr
    second = omp_ok("extract", "d.txt").stderr

    assert "review queue: 1 pending" in first
    assert "review queue: 2 pending" in second
    assert "review queue" not in omp_ok("extract", "--dry-run", "d.txt").stderr
    assert "review queue" not in omp_ok("extract", "--text", "We decided to use Redis.").stderr


def test_a_rejected_candidate_is_not_proposed_again(memory: MemoryRoot, git_repo: Path):
    (git_repo / "c.txt").write_text(PROPOSAL, encoding="utf-8")
    omp_ok("extract", "c.txt")
    (queued,) = _queued(memory)
    omp_ok("review", "reject", queued["id"])

    omp_ok("extract", "c.txt")

    assert [(c["id"], c["status"]) for c in _queued(memory)] == [(queued["id"], "rejected")]
    assert _data(memory, "decisions.yaml")["decisions"] == []


def test_reviewing_an_unknown_or_reviewed_id_is_refused(memory: MemoryRoot, git_repo: Path):
    (git_repo / "c.txt").write_text(PROPOSAL, encoding="utf-8")
    omp_ok("extract", "c.txt")
    (queued,) = _queued(memory)
    omp_ok("review", "reject", queued["id"])

    unknown = omp("review", "accept", "cand-nope")
    again = omp("review", "accept", queued["id"])

    assert unknown.exit_code == 1
    assert "no candidate 'cand-nope'" in unknown.stderr
    assert again.exit_code == 1
    assert "already rejected" in again.stderr


# ---- user store -----------------------------------------------------------------------------


def test_personal_items_are_queued_when_the_user_store_is_unavailable_and_flushed_once(
    memory: MemoryRoot, git_repo: Path, tmp_path: Path
):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    env = {"XDG_DATA_HOME": str(blocked)}

    result = omp_ok("extract", "--text", "I prefer early returns over nested ifs.", env=env)

    context = _data(memory, "user-context.yaml")
    assert context["_degraded"] is True
    assert [p["text"] for p in context["pending_memories"]] == [
        "I prefer early returns over nested ifs"
    ]
    assert "queued in user-context.yaml" in result.stderr

    omp_ok("user", "flush")
    omp_ok("user", "flush")
    omp_ok("extract", "--text", "I prefer early returns over nested ifs.")

    listed = json.loads(omp_ok("user", "list", "--json").stdout)["memories"]
    assert [m["text"] for m in listed] == ["I prefer early returns over nested ifs"]
    assert _data(memory, "user-context.yaml")["pending_memories"] == []


# ---- external extractor ---------------------------------------------------------------------


def _llm_script(tmp_path: Path, reply: Any, code: int = 0) -> str:
    script = tmp_path / "llm.py"
    seen = tmp_path / "seen.json"
    script.write_text(
        textwrap.dedent(f"""
            import json, sys
            payload = sys.stdin.read()
            open({str(seen)!r}, "w").write(payload)
            print(json.dumps({reply!r}))
            sys.exit({code})
        """),
        encoding="utf-8",
    )
    return f"{sys.executable} {script}"


def test_llm_candidates_pass_the_same_checks_and_filters(
    memory: MemoryRoot, chat: Path, tmp_path: Path
):
    reply = {
        "candidates": [
            {
                "target": "decisions",
                "entry": {"title": "Use Postgres 16", "choice": "Postgres 16"},
                "confidence": 0.9,
            },
            {"target": "changelog", "entry": {"type": "nonsense"}, "confidence": 0.9},
            {
                "target": "user",
                "entry": {"text": f"My key is {SECRET}"},
                "confidence": 0.95,
                "scope": "PERSONAL",
            },
            # dropped by the schema, which quotes the value: shown redacted all the same
            {
                "target": "decisions",
                "entry": {"title": "Use Neon", "alternatives": f"PlanetScale, key {SECRET}"},
                "confidence": 0.9,
                "reason": f"the person pasted {SECRET}",
            },
        ]
    }
    report = json.loads(
        omp_ok("extract", str(chat), "--llm-cmd", _llm_script(tmp_path, reply), "--json").stdout
    )

    actions = [(c["target"], c["action"]) for c in report["candidates"]]
    assert actions == [
        ("decisions", "stored"), ("changelog", "dropped"), ("user", "stored"),
        ("decisions", "dropped"),
    ]  # fmt: skip
    assert "schema:" in report["candidates"][1]["reason"]
    assert "schema: alternatives:" in report["candidates"][3]["reason"]
    assert SECRET not in json.dumps(report)
    assert (
        report["candidates"][2]["entry"]["text"] == "My key is [REDACTED:OpenAI/Anthropic API key]"
    )
    assert SECRET not in (tmp_path / "seen.json").read_text(encoding="utf-8")
    payload = json.loads((tmp_path / "seen.json").read_text(encoding="utf-8"))
    assert payload["messages"][2] == {
        "role": "user",
        "text": "We decided to use Postgres because we need JSONB.",
        "index": 2,
    }
    assert [d["choice"] for d in _data(memory, "decisions.yaml")["decisions"]] == ["Postgres 16"]


def test_a_failing_llm_command_writes_nothing(memory: MemoryRoot, chat: Path, tmp_path: Path):
    before = memory_files(memory.project)

    result = omp("extract", str(chat), "--llm-cmd", _llm_script(tmp_path, {}, code=3))

    assert result.exit_code == 1
    assert "failed (exit 3)" in result.stderr
    assert memory_files(memory.project) == before


# ---- bad input ------------------------------------------------------------------------------


def test_bad_sources_get_clear_errors_and_nothing_is_written(memory: MemoryRoot, git_repo: Path):
    before = memory_files(memory.project)
    (git_repo / "blob.bin").write_bytes(b"\x7fELF\x00\x01\x02" * 100)
    (git_repo / "latin1.txt").write_bytes("User: caf\xe9 ok\n".encode("latin-1"))

    cases = {
        ("extract", "blob.bin"): "blob.bin: a binary file",
        ("extract", "latin1.txt"): "latin1.txt: line 1: not UTF-8 text",
        ("extract", "missing.json"): "missing.json: no such file",
        ("extract", "--text", "x", "--format", "yaml"): "unknown format 'yaml'",
        ("extract",): "nothing to extract from",
    }
    for args, message in cases.items():
        result = omp(*args)
        assert result.exit_code != 0, args
        assert message in result.stderr, (args, result.stderr)
    assert memory_files(memory.project) == before


def test_truncated_jsonl_lines_are_warned_about_and_the_rest_is_used(
    memory: MemoryRoot, git_repo: Path
):
    lines = [
        {
            "type": "user",
            "message": {"role": "user", "content": "We decided to use Redis for caching."},
        },
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
        },
    ]
    text = "\n".join(json.dumps(line) for line in lines) + '\n{"type": "user", "message": {"ro'
    (git_repo / "session.jsonl").write_text(text, encoding="utf-8")

    result = omp_ok("extract", "session.jsonl")

    assert "warning: session.jsonl: line 3: not valid JSON (truncated?); skipped" in result.stderr
    assert [d["choice"] for d in _data(memory, "decisions.yaml")["decisions"]] == ["Redis"]


def test_a_file_without_messages_is_warned_about_and_writes_nothing(
    memory: MemoryRoot, git_repo: Path
):
    (git_repo / "empty.md").write_text("\n  \n", encoding="utf-8")
    (git_repo / "export.json").write_text('{"messages": []}', encoding="utf-8")
    before = memory_files(memory.project)

    result = omp_ok("extract", "empty.md", "export.json")

    assert "warning: empty.md: no messages found; is it empty, or not text?" in result.stderr
    assert "warning: export.json: no messages found; is it empty, or not chat-json?" in (
        result.stderr
    )
    assert memory_files(memory.project) == before


def test_a_choice_made_on_a_rewound_branch_of_a_claude_code_session_is_not_stored(
    memory: MemoryRoot, git_repo: Path
):
    def turn(uuid: str, parent: str | None, role: str, text: str) -> dict[str, Any]:
        message = {"role": role, "content": text}
        return {"type": role, "uuid": uuid, "parentUuid": parent, "message": message}

    lines = [
        turn("u1", None, "user", "The orders service needs a database."),
        turn("a1", "u1", "assistant", "MySQL or Postgres?"),
        turn("u2", "a1", "user", "We decided to use MySQL."),
        turn("a2", "u2", "assistant", "OK, MySQL."),
        turn("u3", "a1", "user", "We decided to use Postgres."),  # the message, edited
        turn("a3", "u3", "assistant", "OK, Postgres."),
    ]
    (git_repo / "session.jsonl").write_text("\n".join(map(json.dumps, lines)), encoding="utf-8")

    result = omp_ok("extract", "session.jsonl")

    assert "on a branch the conversation left (rewound or edited) skipped" in result.stderr
    [decision] = _data(memory, "decisions.yaml")["decisions"]
    # MySQL stays what the kept branch's question offered and turned down, never the choice
    assert (decision["choice"], decision["alternatives"]) == ("Postgres", ["MySQL"])


def test_the_build_files_an_agent_read_give_the_stack_and_their_secrets_stay_out(
    memory: MemoryRoot, git_repo: Path
):
    def read(uuid: str, parent: str, output: str, **more: Any) -> dict[str, Any]:
        result = {"type": "tool_result", "tool_use_id": uuid, "content": output, **more}
        message = {"role": "user", "content": [result]}
        return {"type": "user", "uuid": uuid, "parentUuid": parent, "message": message}

    def said(uuid: str, parent: str | None, role: str, text: str) -> dict[str, Any]:
        return {"type": role, "uuid": uuid, "parentUuid": parent,
                "message": {"role": role, "content": text}}  # fmt: skip

    package = '{\n  "dependencies": {\n    "next": "^14.2.15",\n    "zod": "^3.23.8"\n  }\n}'
    pyproject = (
        '[project]\ndependencies = [\n  "fastapi==0.110.3",\n]\n[[tool.uv.index]]\n'
        'url = "https://ci:Hunter2hunter2@pypi.internal/simple"'
    )
    lines = [
        said("u1", None, "user", "Why does the checkout page 500?"),
        said("a1", "u1", "assistant", "Let me read the project files."),
        read("t1", "a1", package),
        read("t2", "t1", pyproject),
        read("t3", "t2", '"dependencies": {\n  "react": "^19.0.0"\n}', is_error=True),
        said("a2", "t3", "assistant", "Found it: the handler throws on an empty cart."),
    ]
    (git_repo / "session.jsonl").write_text("\n".join(map(json.dumps, lines)), encoding="utf-8")

    result = omp_ok("extract", "session.jsonl", "--json")

    stack = _data(memory, "project.yaml")["tech_stack"]
    assert (stack["nextjs"], stack["fastapi"]) == ("next 14.2.15", "fastapi 0.110.3")
    assert "zod" not in stack and "react" not in stack  # a helper; a failed read
    report = json.loads(result.stdout)
    facts = [c for c in report["candidates"] if c["target"] == "project"]
    assert [(c["action"], c["reason"]) for c in facts] == [
        ("stored", "read from a build file a tool printed")
    ] * 2
    assert [r["kind"] for r in report["redactions"]] == ["password in URL"]
    written = [p for p in (git_repo / "_omp").rglob("*") if p.is_file()]
    assert not [p for p in written if b"Hunter2hunter2" in p.read_bytes()]
    assert "Hunter2hunter2" not in result.stdout + result.stderr


def _aider_decision(memory: MemoryRoot, git_repo: Path, history: str) -> Any:
    """Extract an Aider history of the repository; its one decision."""
    (git_repo / ".aider.chat.history.md").write_text(history, encoding="utf-8")
    omp_ok("extract", ".aider.chat.history.md")
    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    return decision


def test_an_aider_history_gives_its_commits_and_choices(memory: MemoryRoot, git_repo: Path):
    history = (
        "\n# aider chat started at 2025-03-02 10:14:55\n\n"
        "#### we should use Postgres 16 for the orders service, not MySQL.  \n\n"
        "I'll switch the database service to Postgres 16.\n\n"
        "> Applied edit to docker-compose.yml  \n"
        "> Commit 3f2a9c1 feat: switch orders db to Postgres 16  \n"
    )
    decision = _aider_decision(memory, git_repo, history)
    assert (decision["choice"], decision["alternatives"]) == ("Postgres 16", ["MySQL"])
    (change,) = _data(memory, "changelog.yaml")["changelog"]
    assert (change["type"], change["summary"]) == ("feat", "switch orders db to Postgres 16")


def test_a_later_aider_session_changes_a_choice_of_an_earlier_one(
    memory: MemoryRoot, git_repo: Path
):
    history = (
        "\n# aider chat started at 2025-03-02 10:14:55\n\n"
        "#### add a --config flag, 配置格式先用 yaml  \n\nDone.\n\n"
        "\n# aider chat started at 2025-03-03 09:00:01\n\n"
        "#### 配置格式改成 toml 吧，README 也一起改  \n\nDone.\n"
    )
    decision = _aider_decision(memory, git_repo, history)
    assert (decision["choice"], decision["alternatives"]) == ("toml", ["yaml"])
    (sessions,) = (memory.memory / "sessions").glob("*.yaml")
    assert len(load(sessions.read_text(encoding="utf-8"))["sessions"]) == 2  # one per session


def test_a_folder_of_sessions_is_read_oldest_first(memory: MemoryRoot, git_repo: Path):
    def session(text: str) -> str:
        return json.dumps({"type": "user", "message": {"role": "user", "content": text}})

    folder = git_repo / "projects" / "-home-me-shop"
    (folder / "nested").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    older, newer = folder / "b2.jsonl", folder / "nested" / "a1.jsonl"
    older.write_text(session("We decided to use MySQL."), encoding="utf-8")
    newer.write_text(session("We decided to use Redis for caching."), encoding="utf-8")
    os.utime(older, ns=(1_000_000_000, 1_000_000_000))
    (folder / ".hidden" / "x.jsonl").write_text("not read", encoding="utf-8")
    (folder / "notes.bin").write_bytes(b"\x00\x01")  # not a conversation file: not read

    omp_ok("extract", "projects")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert [d["choice"] for d in decisions] == ["MySQL", "Redis"]  # by age, not by name
    (git_repo / "empty").mkdir()
    result = omp("extract", "empty")
    assert result.exit_code == 1
    assert "empty: a folder without conversation files" in result.stderr


def test_a_file_of_a_folder_that_is_no_conversation_is_skipped_with_a_warning(
    memory: MemoryRoot, git_repo: Path
):
    folder = git_repo / "mixed"
    folder.mkdir()
    (folder / "chat.md").write_text("User: We decided to use MySQL.\n", encoding="utf-8")
    # settings, not a chat
    (folder / "settings.json").write_text('{"not": "a chat", "version": 3}', encoding="utf-8")
    (folder / "dump.json").write_bytes(b"{\x00\x01")  # binary

    result = omp("extract", "mixed")

    assert result.exit_code == 0, result.stderr
    assert "skipped mixed/settings.json: no `messages`" in result.stderr
    assert "skipped mixed/dump.json: a binary file" in result.stderr
    assert [d["choice"] for d in _data(memory, "decisions.yaml")["decisions"]] == ["MySQL"]
    # named alone, the same file is an error that names it, and nothing is written
    result = omp("extract", "mixed/settings.json")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: mixed/settings.json: no `messages`")


def test_a_chatgpt_export_zip_is_read(memory: MemoryRoot, git_repo: Path):
    conversation = chatgpt_conversation(
        "Queue choice", "Let's go with BullMQ for the jobs.", "Good choice."
    )
    with zipfile.ZipFile(git_repo / "export.zip", "w") as z:
        z.writestr("conversations.json", json.dumps([conversation]))

    omp_ok("extract", "export.zip")

    assert [d["choice"] for d in _data(memory, "decisions.yaml")["decisions"]] == ["BullMQ"]


def test_a_claude_ai_export_zip_is_read_conversation_by_conversation(
    memory: MemoryRoot, git_repo: Path
):
    def conversation(name: str, text: str) -> dict[str, Any]:
        said = [{"sender": "human", "text": text}, {"sender": "assistant", "text": "Noted."}]
        return {"uuid": name, "name": name, "chat_messages": said}

    export = [
        conversation("Queue", "Let's go with BullMQ for the jobs."),
        conversation("Hosting", "We decided to use Fly.io."),
    ]
    with zipfile.ZipFile(git_repo / "data-export.zip", "w") as z:
        z.writestr("users.json", "[]")
        z.writestr("conversations.json", json.dumps(export))

    omp_ok("extract", "data-export.zip")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert sorted(d["choice"] for d in decisions) == ["BullMQ", "Fly.io"]


def test_an_obsolete_statement_supersedes_the_stored_decision(memory: MemoryRoot):
    omp_ok("add", "decision", "--title", "Use Moment.js", "--choice", "moment.js")

    omp_ok("extract", "--text", "We no longer use moment.js; we switched to dayjs.")

    old, new = _data(memory, "decisions.yaml")["decisions"]
    assert (old["choice"], old["status"]) == ("moment.js", "superseded")
    assert "valid_to" in old
    assert new["choice"] == "dayjs"
    assert new["supersedes"] == old["id"]


def _among_400_decisions(memory: MemoryRoot, choice: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """400 decisions, the 124th choosing `choice`; reading every one of them fails the test."""
    choices = [f"report engine {n}" for n in range(400)]
    choices[123] = choice
    body = "".join(
        f"  - id: dec-{n}\n    date: 2026-01-01\n    title: Use {c}\n    choice: {c}\n"
        for n, c in enumerate(choices)
    )
    (memory.memory / "decisions.yaml").write_text(f"decisions:\n{body}", encoding="utf-8")
    reads = Index.entries

    def no_scan(index: Index, rel: str) -> list[Any]:
        assert rel != "decisions.yaml", "every decision read to find the one it replaces"
        return reads(index, rel)

    monkeypatch.setattr(Index, "entries", no_scan)


def test_an_obsolete_statement_finds_its_decision_deep_in_a_long_file_without_reading_all(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    _among_400_decisions(memory, "moment.js", monkeypatch)
    out = json.loads(
        omp_ok("extract", "--text", "We no longer use moment.js.", "--dry-run", "--json").stdout
    )

    (superseded,) = [c for c in out["candidates"] if c["action"] == "superseded"]
    assert superseded["entry"]["id"] == "dec-123"


def test_a_later_sessions_switch_supersedes_the_choice_an_earlier_one_stored(
    memory: MemoryRoot, git_repo: Path
):
    (git_repo / "monday.txt").write_text(
        "User: We need a cache for sessions. Let's use Redis for the cache.\nAssistant: OK.\n",
        encoding="utf-8",
    )
    (git_repo / "tuesday.txt").write_text(
        "User: Redis is too heavy for this box. Switch the cache to Memcached instead.\n"
        "Assistant: Done.\n",
        encoding="utf-8",
    )
    omp_ok("add", "decision", "--title", "Use Postgres", "--choice", "Postgres 16")
    omp_ok("extract", "monday.txt")

    out = omp_ok("extract", "tuesday.txt", "--json")

    postgres, redis, memcached = _data(memory, "decisions.yaml")["decisions"]
    assert (redis["choice"], redis["status"]) == ("Redis", "superseded")
    assert "valid_to" in redis
    assert (memcached["choice"], memcached["supersedes"]) == ("Memcached", redis["id"])
    assert postgres.get("status", "active") == "active"  # another part: untouched
    assert json.loads(out.stdout)["summary"]["superseded"] == 1


def test_a_switch_for_a_named_part_spares_a_choice_made_for_another_part(
    memory: MemoryRoot, git_repo: Path
):
    omp_ok("add", "decision", "--title", "Use Postgres", "--choice", "Postgres 16")

    omp_ok("extract", "--text", "Switch the analytics events to ClickHouse instead.")

    postgres, clickhouse = _data(memory, "decisions.yaml")["decisions"]
    assert (postgres["choice"], postgres["status"]) == ("Postgres 16", "active")
    assert clickhouse["choice"] == "ClickHouse" and "supersedes" not in clickhouse


def test_in_a_folder_an_earlier_sessions_choice_is_kept_as_superseded(
    memory: MemoryRoot, git_repo: Path
):
    folder = git_repo / "sessions"
    folder.mkdir()
    monday, tuesday = folder / "b.txt", folder / "a.txt"
    monday.write_text("User: 缓存就用 Redis。\nAssistant: 好。\n", encoding="utf-8")
    tuesday.write_text(
        "User: 服务最近内存吃紧，帮我看一下缓存那边的内存占用，别的可疑的地方也看看。\n"
        "Assistant: Redis 占了 2 GB。\n"
        "User: 缓存改用 Memcached，Redis 太重了。\nAssistant: 好。\n",
        encoding="utf-8",
    )
    os.utime(monday, ns=(1_000_000_000, 1_000_000_000))  # read first: it is older

    omp_ok("extract", "sessions")

    redis, memcached = _data(memory, "decisions.yaml")["decisions"]
    assert (redis["choice"], redis["status"]) == ("Redis", "superseded")
    assert (memcached["choice"], memcached["status"]) == ("Memcached", "active")


# ---- git and deploy output ------------------------------------------------------------------


def test_git_history_becomes_changelog_entries_and_decisions(memory: MemoryRoot, git_repo: Path):
    _commit(git_repo, "feat(api): add order export endpoint")
    _commit(git_repo, "fix: handle empty carts\n\nDecision: validate carts on the server only")
    _commit(git_repo, "feat!: drop the v1 API\n\nBREAKING CHANGE: /v1 routes are gone")
    _commit(git_repo, "wip")

    omp_ok("extract", "--git", "HEAD")
    omp_ok("extract", "--git", "HEAD")  # the same range again adds nothing

    changes = _data(memory, "changelog.yaml")["changelog"]
    assert [(c["type"], c["summary"], c.get("scope"), c.get("breaking")) for c in changes] == [
        ("feat", "add order export endpoint", "api", None),
        ("fix", "handle empty carts", None, None),
        ("feat", "drop the v1 API", None, True),
    ]
    short = git("log", "--format=%h", "-n1", "HEAD~1", cwd=git_repo).strip()
    assert changes[2]["ref"] == short
    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert decision["title"] == "validate carts on the server only"


def test_a_commit_that_moves_a_version_puts_it_in_the_stack(memory: MemoryRoot, git_repo: Path):
    _commit(git_repo, "chore: Go 升级到 1.22，顺便升级 minio-go 到 v7.0.70")
    _commit(git_repo, "chore(deps): bump zod to 3.23")

    omp_ok("extract", "--git", "HEAD")

    assert _data(memory, "project.yaml")["tech_stack"] == {"go": "Go 1.22"}


def test_maintenance_commits_wait_for_review_unless_they_break_release_or_decide(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "chore: tidy the Makefile")
    _commit(git_repo, "ci: cache the pnpm store")
    _commit(git_repo, "refactor(db): partition orders by month")
    _commit(git_repo, "build: replace rollup with tsup\n\nDecision: build the SDK with tsup")
    _commit(git_repo, "chore(release): 2.0.0")
    _commit(git_repo, "style!: rename every exported type")
    _commit(git_repo, "chore: upgrade Spring Boot to 3.2.5")
    _commit(git_repo, "传感器采集改用 FreeRTOS 队列")
    _commit(git_repo, "Merge pull request #142 from acme/feat/vpc")

    omp_ok("extract", "--git", "HEAD")

    changes = _data(memory, "changelog.yaml")["changelog"]
    assert [(c["summary"], c["type"]) for c in changes] == [
        ("cache the pnpm store", "chore"),  # a change to CI is notable
        ("partition orders by month", "refactor"),
        ("replace rollup with tsup", "chore"),
        ("Release 2.0.0", "chore"),
        ("rename every exported type", "chore"),
        ("upgrade Spring Boot to 3.2.5", "chore"),
        ("传感器采集改用 FreeRTOS 队列", "refactor"),
    ]
    queued = (memory.memory / "candidates.yaml").read_text(encoding="utf-8")
    assert "tidy the Makefile" in queued and "cache the pnpm store" not in queued


def test_a_commit_switching_to_a_tool_decides_it_until_a_later_one_backs_it_out(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "feat(autoscaling): adopt Karpenter, remove cluster-autoscaler")
    _commit(git_repo, "chore(di): 切换到 Koin 做依赖注入")
    _commit(git_repo, "revert(di): 回退 Koin，还是用 Hilt")

    omp_ok("extract", "--git", "HEAD")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert [d["choice"] for d in decisions] == ["Karpenter", "Hilt"]


def test_a_commit_moving_from_one_tool_to_another_decides_the_second(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "refactor(cli): migrate from structopt to clap v4 derive")
    _commit(git_repo, "build(release): switch release pipeline to cargo-dist")
    _commit(git_repo, "feat(storage): match_events 迁移到 ClickHouse")
    _commit(git_repo, "fix(git): switch default branch to main")  # a word, not a tool
    _commit(git_repo, "feat(live): 比分直播改用 WebSocket 推送")
    _commit(git_repo, "revert: 回滚 WebSocket 直播，改回 SSE")

    omp_ok("extract", "--git", "HEAD")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert [(d["choice"], d.get("alternatives")) for d in decisions] == [
        ("clap v4 derive", ["structopt"]),
        ("cargo-dist", None),
        ("ClickHouse", None),
        ("SSE", ["WebSocket"]),  # what the backed-out change had moved to
    ]
    summaries = [c["summary"] for c in _data(memory, "changelog.yaml")["changelog"]]
    assert "回滚 WebSocket 直播，改回 SSE" in summaries  # the switch backed out: only the revert
    assert not any("改用 WebSocket" in s for s in summaries)


def test_a_revert_is_the_changelog_entry_of_the_change_it_undoes(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "feat(eks): switch CNI to Cilium in chaining mode")
    _commit(git_repo, 'Revert "feat(eks): switch CNI to Cilium in chaining mode"')
    _commit(git_repo, "feat(search): 内置 lunr.js 全文搜索索引")
    _commit(git_repo, "revert: feat(search): 内置 lunr.js 全文搜索索引")
    _commit(git_repo, 'Revert "feat: add login"')  # the change it undoes is older than the range

    omp_ok("extract", "--git", "HEAD")

    changes = _data(memory, "changelog.yaml")["changelog"]
    assert [(c["summary"], c.get("scope"), c["type"]) for c in changes] == [
        ('Revert "switch CNI to Cilium in chaining mode"', "eks", "other"),
        ('Revert "内置 lunr.js 全文搜索索引"', "search", "other"),
        ('Revert "add login"', None, "other"),
    ]
    # Cilium was switched to, then backed out: no decision
    assert not (_data(memory, "decisions.yaml") or {}).get("decisions")


def test_commits_to_fold_questions_and_experiments_are_no_changelog_entries(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "squash! fix(checkout)!: handle the empty cart case properly")
    _commit(git_repo, "feat(rds): should we move to Aurora Serverless v2?")
    _commit(git_repo, "experiment: try bun install in CI")
    _commit(git_repo, "i18n: add German strings to the checkout")

    report = json.loads(omp_ok("extract", "--git", "HEAD", "--json").stdout)

    actions = [(c["entry"]["summary"], c["action"]) for c in report["candidates"]]
    assert actions == [
        ("squash! fix(checkout)!: handle the empty cart case properly", "dropped"),
        ("should we move to Aurora Serverless v2?", "dropped"),
        ("try bun install in CI", "review"),
        ("add German strings to the checkout", "stored"),
    ]


def test_revert_to_a_tool_is_going_back_to_it_not_a_revert_of_a_commit(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "Revert to TOML config, read/write with tomlkit")

    report = json.loads(omp_ok("extract", "--git", "HEAD", "--json").stdout)

    summaries = [c["entry"]["summary"] for c in report["candidates"] if c["target"] == "changelog"]
    assert summaries == ["Revert to TOML config, read/write with tomlkit"]  # not 'Revert "to …"'


def test_a_reverted_commit_leaves_no_decision_its_body_gave(memory: MemoryRoot, git_repo: Path):
    _commit(
        git_repo,
        "perf(parser): use sonic instead of encoding/json\n\n"
        "we chose sonic over jsoniter because the benchmarks showed 2.1x throughput.",
    )
    _commit(git_repo, 'Revert "perf(parser): use sonic instead of encoding/json"')

    omp_ok("extract", "--git", "HEAD")

    assert not (_data(memory, "decisions.yaml") or {}).get("decisions")


def test_a_revert_extracted_later_is_not_merged_into_the_change_it_undoes(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "perf(images): serve product images as AVIF via next/image")
    omp_ok("extract", "--git", "HEAD")
    _commit(git_repo, 'Revert "perf(images): serve product images as AVIF via next/image"')

    omp_ok("extract", "--git", "HEAD~1..HEAD")

    summaries = [c["summary"] for c in _data(memory, "changelog.yaml")["changelog"]]
    assert summaries == [
        "serve product images as AVIF via next/image",
        'Revert "serve product images as AVIF via next/image"',
    ]


def test_a_commit_saying_one_decision_in_its_trailer_subject_and_body_gives_one(
    memory: MemoryRoot, git_repo: Path
):
    _commit(
        git_repo,
        "feat(storage): 事件存储改用 ClickHouse 替代 Elasticsearch\n\n"
        "我们讨论了两周，决定改用 ClickHouse，原因是 ES 的聚合查询太慢。\n\n"
        "Decision: ClickHouse for event storage; Elasticsearch dropped",
    )

    omp_ok("extract", "--git", "HEAD")

    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert (decision["choice"], decision["alternatives"]) == ("ClickHouse", ["Elasticsearch"])


def test_what_a_back_out_keeps_is_decided_with_the_undone_choice_as_alternative(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "chore: migrate from npm to bun")
    _commit(
        git_repo,
        'Revert "chore: migrate from npm to bun"\n\nThis reverts commit 3f2a9c1.\n'
        "bun breaks the export scripts on Windows. Back to npm; CI speed is not worth it.",
    )
    _commit(git_repo, "revert: 回滚 AntV G2，继续使用 ECharts\n\nG2 打包后体积太大。")
    _commit(git_repo, "revert: 回退 balance=auto，恢复 balance=simple")
    _commit(
        git_repo,
        'Revert "perf: switch JSON encoding to goccy/go-json"\n\n'
        "It panics with -race. The speedup only matters for /tilejson; encoding/json stays.",
    )
    _commit(
        git_repo,
        'Revert "Write the count matrix as Feather"\n\n'
        "Collaborators open it in Excel. Keep the merged count matrix as TSV.",
    )

    omp_ok("extract", "--git", "HEAD")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert [(d["title"], d.get("alternatives")) for d in decisions] == [
        ("Use npm", ["bun"]),
        ("Use ECharts", ["AntV G2"]),
        ("Use balance=simple", ["balance=auto"]),
        ("Use encoding/json", ["goccy/go-json"]),
        ("Use TSV for the merged count matrix", ["Feather"]),
    ]


def test_a_back_out_that_names_nothing_it_keeps_decides_nothing(memory: MemoryRoot, git_repo: Path):
    _commit(git_repo, 'Revert "feat: add login"\n\nBroke the build; keep it simple for now.')
    _commit(git_repo, "回滚上次的改动，保持现状")
    # not a back-out: what a body says it stays on is no decision of this commit
    _commit(git_repo, "feat(cache): add timings cache\n\nStaying on S3 for the cache.")
    _commit(git_repo, "chore: remove Koin, keep Hilt")  # removing a thing is no revert

    omp_ok("extract", "--git", "HEAD")

    assert not (_data(memory, "decisions.yaml") or {}).get("decisions")


def test_the_change_a_revert_quotes_is_no_choice_it_keeps(memory: MemoryRoot, git_repo: Path):
    _commit(git_repo, "地图从 Google Maps SDK 换成 MapLibre")
    _commit(git_repo, "地图改回 Google Maps（仅 iOS）\n\n离线瓦片渲染掉帧严重。")
    _commit(
        git_repo,
        'Revert "地图改回 Google Maps（仅 iOS）"\n\n讨论后决定不回退：两端统一用 MapLibre。',
    )

    omp_ok("extract", "--git", "HEAD")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert "Google Maps" not in [d["choice"] for d in decisions]


def test_a_commit_using_one_tool_to_replace_another_decides_it(memory: MemoryRoot, git_repo: Path):
    _commit(git_repo, "ci: 用 GitHub Actions 替换 CircleCI")
    _commit(git_repo, "feat: 用户使用 Redis 替换了本地缓存")  # 用户 is a user, not a use

    omp_ok("extract", "--git", "HEAD")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert [(d["choice"], d.get("alternatives")) for d in decisions] == [
        ("GitHub Actions", ["CircleCI"])
    ]


def test_a_first_commit_lists_its_stack_after_the_command_that_made_it(
    memory: MemoryRoot, git_repo: Path
):
    _commit(
        git_repo,
        "chore: 初始化项目 (mix phx.new chat --database postgres)，Phoenix 1.7.14 / Elixir 1.17",
    )

    omp_ok("extract", "--git", "HEAD")

    assert _data(memory, "project.yaml")["tech_stack"] == {
        "database": "postgres",
        "backend": "Phoenix 1.7.14",
        "language": "Elixir 1.17",
    }


def test_a_commit_adding_an_architecture_decision_record_decides_it(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "docs(adr): ADR-007 use spot instances with on-demand fallback")
    _commit(git_repo, "docs(adr): fix a typo in ADR-007")

    omp_ok("extract", "--git", "HEAD")

    decisions = _data(memory, "decisions.yaml")["decisions"]
    assert [d["title"] for d in decisions] == ["use spot instances with on-demand fallback"]


def test_sloppy_chinese_commits_are_read_by_their_verb_and_a_bare_release_by_its_version(
    memory: MemoryRoot, git_repo: Path
):
    _commit(git_repo, "对账差异比较加了容差 0.01 元")
    _commit(git_repo, "nx 升到 19.8，顺手删了几个没用的 target")
    _commit(git_repo, "发版 1.4.0")
    _commit(git_repo, "删掉debug日志")  # housekeeping: for review

    omp_ok("extract", "--git", "HEAD")

    changes = _data(memory, "changelog.yaml")["changelog"]
    assert [(c["summary"], c["type"]) for c in changes] == [
        ("对账差异比较加了容差 0.01 元", "feat"),
        ("nx 升到 19.8，顺手删了几个没用的 target", "chore"),
        ("Release 1.4.0", "chore"),
    ]


def test_commits_name_addresses_and_buckets(memory: MemoryRoot, git_repo: Path):
    _commit(git_repo, "docs: 部署说明\n\n测试环境地址：https://test.example.cn")
    _commit(git_repo, "feat!: move state\n\nBREAKING: state backend is now s3://tf-state/eks/")

    omp_ok("extract", "--git", "HEAD")

    project = _data(memory, "project.yaml")
    assert project["urls"] == {"test": "https://test.example.cn"}
    assert project["storage"] == {"tf-state": "s3://tf-state/eks/"}


def test_a_bad_git_range_is_an_error(memory: MemoryRoot):
    result = omp("extract", "--git", "no-such-branch..HEAD")

    assert result.exit_code == 1
    assert "no-such-branch" in result.stderr


VERCEL = """\
Vercel CLI 33.5.0
🔍  Inspect: https://vercel.com/acme/shop/9xKq3Lr7TnVbE2mPz8WcYdFh1pQa [2s]
✅  Production: https://shop-acme.vercel.app [42s]
"""


def test_deploy_output_sets_the_deployment_and_logs_a_change(memory: MemoryRoot, git_repo: Path):
    (git_repo / "deploy.log").write_text(VERCEL, encoding="utf-8")

    omp_ok("extract", "deploy.log")

    deployment = _data(memory, "project.yaml")["deployment"]["vercel"]
    assert (deployment["url"], deployment["status"]) == ("https://shop-acme.vercel.app", "active")
    (change,) = _data(memory, "changelog.yaml")["changelog"]
    assert change["type"] == "deploy"
    assert change["ref"] == "9xKq3Lr7TnVbE2mPz8WcYdFh1pQa"


def test_extract_runs_as_a_real_process(memory: MemoryRoot, chat: Path):
    done = subprocess.run(
        [sys.executable, "-m", "omp", "extract", str(chat), "--json"],
        cwd=memory.project,
        capture_output=True,
        text=True,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["summary"]["stored"] == 6
    assert SECRET not in done.stdout + done.stderr


def test_a_huge_session_file_is_streamed_in_bounded_memory(memory: MemoryRoot, git_repo: Path):
    noise = json.dumps(
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "content": "x" * 4000}],
            },
        }
    )
    talk = json.dumps(
        {"type": "user", "message": {"role": "user", "content": "We decided to use Redis."}}
    )
    big = git_repo / "big.jsonl"
    with big.open("w", encoding="utf-8") as f:
        f.write(talk + "\n")
        for _ in range(40_000):  # about 160 MB of tool output
            f.write(noise + "\n")
    measure = (
        "import json, resource, subprocess, sys\n"
        "done = subprocess.run([sys.executable, '-m', 'omp', 'extract', 'big.jsonl', '--json'],"
        " capture_output=True, text=True)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(json.dumps([done.returncode, done.stdout, done.stderr, peak]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", measure], cwd=git_repo, capture_output=True, text=True, timeout=300
    )
    code, out, err, peak_mib = json.loads(run.stdout)
    assert code == 0, err
    assert json.loads(out)["summary"]["stored"] >= 1
    size_mib = big.stat().st_size >> 20
    assert peak_mib < 120, f"peak RSS {peak_mib:.0f} MiB for a {size_mib} MiB file"


def test_a_pasted_blob_neither_hangs_extraction_nor_hides_what_follows(
    memory: MemoryRoot, git_repo: Path
):
    # minified code, base64 or a log line with no spaces: the patterns of the rules and of the
    # secret scanner used to cost the square of such a run (hours for this one)
    blob = "ab.cd-ef_g1/h:" * 25_000 + " " + "aB3-" * 25_000
    chat = f"User: here is the bundle {blob}\nUser: We decided to use Redis.\n"
    (git_repo / "chat.txt").write_text(chat, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "omp", "extract", "chat.txt", "--json"],
        cwd=git_repo,
        capture_output=True,
        text=True,
        timeout=300,  # a hang guard (it took hours), not a performance figure (shared machine)
    )
    assert done.returncode == 0, done.stderr
    assert [d["choice"] for d in _data(memory, "decisions.yaml")["decisions"]] == ["Redis"]


def test_accepting_a_personal_candidate_queues_it_when_the_user_store_is_unavailable(
    memory: MemoryRoot, git_repo: Path, tmp_path: Path
):
    reply = {
        "candidates": [
            {"target": "user", "entry": {"text": "I review PRs in the morning"}, "confidence": 0.5}
        ]
    }
    (git_repo / "c.txt").write_text("User: hello there, a long enough message\n")
    omp_ok("extract", "c.txt", "--llm-cmd", _llm_script(tmp_path, reply))
    (queued,) = _queued(memory)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")

    omp_ok("review", "accept", queued["id"], env={"XDG_DATA_HOME": str(blocked)})

    pending = _data(memory, "user-context.yaml")["pending_memories"]
    assert [p["text"] for p in pending] == ["I review PRs in the morning"]
    assert _queued(memory)[0]["status"] == "accepted"


def test_a_decision_line_git_does_not_take_for_a_trailer_is_still_a_decision(
    memory: MemoryRoot, git_repo: Path
):
    _commit(
        git_repo,
        "feat(cache): zstd archives\n\n"
        "Decision: compress cache archives with zstd level 3 instead of gzip.\n"
        "Restores went from 74s to 17s.\n",
    )

    omp_ok("extract", "--git", "HEAD")

    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert "zstd" in decision["title"]


# ---- bad input: bytes that are not UTF-8, malformed exports ---------------------------------


def test_bytes_that_are_not_utf8_on_stdin_or_in_text_are_an_error(memory: MemoryRoot):
    before = memory_files(memory.project)
    piped = subprocess.run(
        [sys.executable, "-m", "omp", "extract", "-"],
        cwd=memory.project,
        input=b"ok\nWe decided to use Postgres caf\xe9.\n",
        capture_output=True,
        check=False,
    )
    argument = subprocess.run(
        [sys.executable.encode(), b"-m", b"omp", b"extract", b"--text", b"x\ncaf\xe9"],
        cwd=memory.project,
        capture_output=True,
        check=False,
    )

    for done in (piped, argument):
        assert done.returncode == 1, done.stderr
        assert b"Traceback" not in done.stderr
        assert b": line 2: not UTF-8 text" in done.stderr
        assert b"hint: convert it to UTF-8" in done.stderr
    assert memory_files(memory.project) == before


def test_a_decoding_error_names_the_line_it_is_on(memory: MemoryRoot, git_repo: Path):
    long = git_repo / "long.txt"
    long.write_bytes(b"".join(b"User: line %d\n" % n for n in range(2000)) + b"User: bad \xff\n")
    (git_repo / "cr.txt").write_bytes(b"User: a\rUser: b\r\nUser: \xe9")

    assert "long.txt: line 2001: not UTF-8 text" in omp("extract", "long.txt").stderr
    assert "cr.txt: line 3: not UTF-8 text" in omp("extract", "cr.txt").stderr


def test_malformed_chat_exports_are_read_or_warned_about_without_a_traceback(
    memory: MemoryRoot, git_repo: Path
):
    said = "We decided to use Postgres because we need JSONB."
    node = {
        "id": "a",
        "parent": None,
        "children": ["zz"],
        "message": {
            "author": {"role": "user"},
            "content": {"content_type": "text", "parts": [said]},
        },
    }
    files = {
        "number-title.json": {"title": 123, "messages": [{"role": "user", "content": said}]},
        "dict-title.json": {"title": {"a": 1}, "messages": [{"role": "user", "content": said}]},
        "missing-child.json": [{"title": "t", "mapping": {"a": node}}],
        "list-mapping.json": [{"title": "t", "mapping": [node]}],
    }
    for name, data in files.items():
        (git_repo / name).write_text(json.dumps(data), encoding="utf-8")

    found = {name: omp("extract", "--dry-run", name, "--json") for name in files}

    for name, result in found.items():
        assert result.exit_code == 0, (name, result.stderr, result.exception)
    stored = {n: json.loads(r.stdout)["summary"]["stored"] for n, r in found.items()}
    assert stored == {
        "number-title.json": 2,
        "dict-title.json": 2,
        "missing-child.json": 2,
        "list-mapping.json": 0,
    }
    warned = {n: json.loads(r.stdout)["warnings"] for n, r in found.items()}
    assert any("lacks node(s) zz" in w for w in warned["missing-child.json"])
    assert any("`mapping` is not an object" in w for w in warned["list-mapping.json"])


# ---- the external extractor cannot edit, and its bad items are dropped one by one -----------


def test_an_llm_candidate_naming_a_stored_id_never_edits_that_entry(
    memory: MemoryRoot, tmp_path: Path
):
    omp_ok("extract", "--text", "We decided to use Postgres because we need JSONB.")
    (stored,) = _data(memory, "decisions.yaml")["decisions"]
    reply = {
        "candidates": [
            {
                "target": "decisions",
                "entry": {"id": stored["id"], "title": "Use MongoDB", "choice": "MongoDB"},
                "confidence": 0.9,
            }
        ]
    }

    result = omp_ok("extract", "--text", "anything", "--llm-cmd", _llm_script(tmp_path, reply))

    postgres, mongo = _data(memory, "decisions.yaml")["decisions"]
    assert postgres == stored
    assert mongo["choice"] == "MongoDB"
    assert mongo["id"] != stored["id"]
    assert f"its id '{stored['id']}' was ignored" in result.stdout


def test_bad_llm_candidates_are_dropped_one_by_one_and_the_rest_is_written(
    memory: MemoryRoot, tmp_path: Path
):
    reply = {
        "candidates": [
            {"target": "project", "entry": {"tech_stack": ["a"]}, "confidence": 0.9},
            {
                "target": "user",
                "entry": {"text": "I like vim a lot", "kind": "x"},
                "confidence": 0.9,
            },
            {"target": "project", "entry": {"tech_stack": {"db": "Postgres"}}, "confidence": 0.9},
            # a boolean is no confidence: taken as missing (0.5, so it waits for review)
            {
                "target": "decisions",
                "entry": {"title": "Use Kafka", "choice": "Kafka"},
                "confidence": True,
            },
        ]
    }

    result = omp_ok("extract", "--text", "x", "--llm-cmd", _llm_script(tmp_path, reply), "--json")

    found = json.loads(result.stdout)["candidates"]
    assert [c["action"] for c in found] == ["dropped", "dropped", "stored", "review"]
    assert "schema: tech_stack: ['a'] is not of type 'object'" in found[0]["reason"]
    assert "schema: kind: 'x' is not one of" in found[1]["reason"]
    assert found[3]["confidence"] == 0.5
    assert _data(memory, "project.yaml")["tech_stack"] == {"db": "Postgres"}
    assert not Path(os.environ["XDG_DATA_HOME"], "omp").exists()


# ---- review ---------------------------------------------------------------------------------

NODE = "User: which node?\nAssistant: The project uses Node 20 and tests live in tests/e2e/.\n"


def test_extracting_again_leaves_reviewed_candidates_reviewed(memory: MemoryRoot):
    omp_ok("extract", "--text", NODE)
    first, second = _queued(memory)
    omp_ok("review", "reject", first["id"])
    omp_ok("review", "accept", second["id"])
    before = memory_files(memory.project)

    result = omp_ok("extract", "--text", NODE, "--json")

    assert memory_files(memory.project) == before
    summary = json.loads(result.stdout)["summary"]
    assert (summary["review"], summary["dropped"]) == (0, 2)
    assert [c["status"] for c in _queued(memory)] == ["rejected", "accepted"]
    assert "nothing waiting" in omp_ok("review").stderr


def test_review_lists_facts_as_key_and_value(memory: MemoryRoot):
    omp_ok("extract", "--text", NODE)

    listed = omp_ok("review").stdout

    assert "paths.tests: tests/e2e/" in listed
    assert "[(" not in listed


def test_a_decision_accepted_in_review_keeps_its_source_and_confidence(
    memory: MemoryRoot, git_repo: Path
):
    (git_repo / "c.txt").write_text(PROPOSAL, encoding="utf-8")
    omp_ok("extract", "c.txt")
    (queued,) = _queued(memory)

    omp_ok("review", "accept", queued["id"])

    (decision,) = _data(memory, "decisions.yaml")["decisions"]
    assert decision["source_refs"] == [f"c.txt#{queued['source']['index']}"]
    assert decision["confidence"] == queued["confidence"]


def test_review_edit_refuses_a_value_the_entry_schema_refuses(memory: MemoryRoot, git_repo: Path):
    (git_repo / "c.txt").write_text(PROPOSAL, encoding="utf-8")
    omp_ok("extract", "c.txt")
    (queued,) = _queued(memory)
    before = memory_files(memory.project)

    result = omp("review", "edit", queued["id"], "--set", "choice=[1, 2]")

    assert result.exit_code == 1
    assert "choice: [1, 2] is not of type 'string'" in result.stderr
    assert "nothing was changed" in result.stderr
    assert memory_files(memory.project) == before
    omp_ok("review", "edit", queued["id"], "--set", "choice=Vitest 3")
    omp_ok("review", "accept", queued["id"])
    assert _data(memory, "decisions.yaml")["decisions"][0]["choice"] == "Vitest 3"


# ---- all or nothing with the user store -----------------------------------------------------


def _user_file() -> Path:
    return Path(os.environ["XDG_DATA_HOME"], "omp", "memory", "memories.yaml")


def test_a_refused_project_write_leaves_the_user_store_untouched(memory: MemoryRoot):
    project = memory.memory / "project.yaml"
    project.write_text(project.read_text("utf-8") + "tech_stack: [unclosed\n", encoding="utf-8")
    before = memory_files(memory.project)

    result = omp("extract", "--text", "I prefer tabs over spaces. The project uses Next.js 14.")

    assert result.exit_code == 1
    assert "project.yaml" in result.stderr
    assert memory_files(memory.project) == before
    assert not _user_file().exists()


def test_review_accept_is_all_or_nothing_across_the_user_store(memory: MemoryRoot):
    # a decision candidate that cannot be written (edited by hand) and a personal one
    (memory.memory / "candidates.yaml").write_text(
        textwrap.dedent("""\
            candidates:
              - id: cand-bad
                target: decisions
                status: pending
                entry: {title: Use two things, choice: [1, 2]}
              - id: cand-user
                target: user
                status: pending
                scope: PERSONAL
                entry: {text: I review pull requests in the morning}
        """),
        encoding="utf-8",
    )
    before = memory_files(memory.project)

    result = omp("review", "accept", "cand-bad", "cand-user")

    assert result.exit_code == 1
    assert "choice" in result.stderr
    assert memory_files(memory.project) == before
    assert not _user_file().exists()
    omp_ok("review", "accept", "cand-user")
    assert "I review pull requests" in _user_file().read_text("utf-8")


def test_review_accept_refuses_a_user_item_without_text(memory: MemoryRoot):
    (memory.memory / "candidates.yaml").write_text(
        textwrap.dedent("""\
            candidates:
              - id: cand-user
                target: user
                status: pending
                entry: {kind: preference}
        """),
        encoding="utf-8",
    )
    before = memory_files(memory.project)

    result = omp("review", "accept", "cand-user")

    assert result.exit_code == 1
    assert "_omp/memory/candidates.yaml (cand-user, a user item): text: " in result.stderr
    assert "omp review edit cand-user --set FIELD=VALUE" in result.stderr
    assert memory_files(memory.project) == before
    assert not _user_file().exists()
    omp_ok("review", "accept", "cand-user", "--set", "text=I review in the morning")
    assert "I review in the morning" in _user_file().read_text("utf-8")


def test_user_list_says_when_the_user_store_is_off(memory: MemoryRoot):
    result = omp_ok("user", "list", env={"OMP_USER_STORE": "off"})
    listed = json.loads(omp_ok("user", "list", "--json", env={"OMP_USER_STORE": "off"}).stdout)

    assert "user store: the user store is switched off" in result.stderr
    assert "switched off" in listed["unavailable"]


# ---- dry run --------------------------------------------------------------------------------


def test_a_dry_run_creates_no_index(memory: MemoryRoot):
    cache = memory.project / "_omp" / ".cache"
    shutil.rmtree(cache, ignore_errors=True)

    omp_ok("extract", "--dry-run", "--text", "We decided to use Postgres. I prefer tabs to spaces.")

    assert not cache.exists()
    assert not Path(os.environ["XDG_DATA_HOME"], "omp").exists()


# ---- redundancy against a large memory, through the index ----------------------------------

_VOCABULARY = [
    "export", "invoice", "ledger", "tenant", "webhook", "retry", "cursor", "quota", "archive",
    "report", "the", "for", "add", "fix", "of", "缓存", "订单", "导出",
]  # fmt: skip


def _changelog(memory: MemoryRoot, summaries: list[str]) -> None:
    body = "".join(
        f"  - id: chg-{n}\n    date: 2026-01-01\n    type: feat\n    summary: {json.dumps(s)}\n"
        for n, s in enumerate(summaries)
    )
    (memory.memory / "changelog.yaml").write_text(f"changelog:\n{body}", encoding="utf-8")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=6), max_size=12),
    st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=6),
)
def test_the_index_gives_every_stored_change_near_enough_to_skip_or_merge(
    memory: MemoryRoot, stored: list[list[str]], candidate: list[str]
):
    # the filters compare a candidate with the entries the index finds, not with all of them:
    # none that is MERGE_AT similar may be missing, and they come in file order
    _changelog(memory, [" ".join(words) for words in stored])
    text = " ".join(candidate)
    with ingest.stored_memory(memory) as found:
        near = found.near("changelog", text)
    every = [f"chg-{n}" for n, words in enumerate(stored)]
    close = [i for i, words in zip(every, stored, strict=True)
             if rot.similarity(text, " ".join(words)) >= rot.MERGE_AT]  # fmt: skip
    ids = [s.id for s in near]
    assert set(close) <= set(ids)
    assert ids == [i for i in every if i in ids]


def test_a_commit_restating_an_old_change_deep_in_a_long_changelog_is_a_duplicate(
    memory: MemoryRoot, git_repo: Path, monkeypatch: pytest.MonkeyPatch
):
    summaries = [f"add report number {n} to the tenant archive" for n in range(400)]
    summaries[37] = "stop the invoice export endpoint from timing out"
    _changelog(memory, summaries)
    _commit(git_repo, "fix(api): stop the invoice export endpoint from timing out")
    reads = Index.entries

    def no_scan(index: Index, rel: str) -> list[Any]:
        assert rel != "changelog.yaml", "every change read to compare one"
        return reads(index, rel)

    monkeypatch.setattr(Index, "entries", no_scan)
    out = json.loads(omp_ok("extract", "--git", "HEAD", "--dry-run", "--json").stdout)

    (change,) = out["candidates"]
    assert change["action"] == "dropped" and "duplicate of chg-37" in change["reason"]


# what a decision's choice can be in YAML: text in any case and script, empty, no text at all
_CHOICES = [
    '"Postgres"', '"postgres 16"', '"PostgreSQL"', '"Redis Cluster"', '"redis"', '""', "null",
    "0", "1", "true", "2026-01-01", "[postgres]", "{db: redis}", '"Straße"', '"STRASSE"',
    '"İstanbul DB"', '"\uff30\uff2f\uff33\uff34GRES"', '"缓存 Redis"', '"\u212a8s"', '"k8s"',
]  # fmt: skip
_STATUSES = [None, "active", "proposed", "superseded", "null", "true", '"Active"']
_OLD = ["postgres", "redis", "strasse", "straße", "i̇stanbul db", "k8s", "缓存", "1", "true",
        "postgres 16 and more", "2026-01-01", "['postgres']", "x"]  # fmt: skip


@st.composite
def _decision(draw: st.DrawFn, choices: list[str] = _CHOICES) -> str:
    lines = [
        f"    {field}: {draw(st.sampled_from(choices))}\n"
        for field in ("choice", "decision", "title")
        if draw(st.booleans())
    ]
    status = draw(st.sampled_from(_STATUSES))
    if status is not None:
        lines.append(f"    status: {status}\n")
    if draw(st.integers(0, 9)) == 0:
        lines.append("    1: a key that is no string\n")
    return "".join(lines)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_decision(), max_size=10), st.sampled_from(_OLD))
def test_the_index_gives_every_decision_in_force_that_chose_an_obsolete_option(
    memory: MemoryRoot, decisions: list[str], old: str
):
    # an obsolete signal ("we no longer use X") supersedes the decisions in force that chose X:
    # the index must give each of them, in file order, whatever its choice's type or script
    body = "".join(f"  - id: dec-{n}\n{d}" for n, d in enumerate(decisions))
    (memory.memory / "decisions.yaml").write_text(f"decisions:\n{body}", encoding="utf-8")
    with ingest.stored_memory(memory) as stored:
        given_ids = [s.id for s in stored.naming(old)]
        every = stored.decisions()
    choices = {s.id: choice_of(s.entry).lower() for s in every}
    chose = [s.id for s in every if in_force(s.entry) and choices[s.id]
             and (old in choices[s.id] or choices[s.id] in old)]  # fmt: skip
    assert set(chose) <= set(given_ids)
    assert given_ids == [s.id for s in every if s.id in given_ids]


_SWITCH_CHOICES = [*_CHOICES, '"Memcached"', '"a caching layer"', '"数据库 MySQL"', '"Valkey"',
                   '"BullMQ queue"', '"Cloudflare R2"', '"AWS RDS"', '"redisson"']  # fmt: skip


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(_decision(_SWITCH_CHOICES), max_size=10),
    st.sampled_from(["database", "cache", "queue", "storage"]),
)
def test_the_index_gives_every_decision_in_force_a_switch_may_replace(
    memory: MemoryRoot, decisions: list[str], role: str
):
    # a switch ("move the cache to Memcached") replaces the decisions in force whose choice
    # has the role of the new one: the index must give each of them, in file order
    from omp import rules
    from omp.extract import SWITCHED_FIELDS

    body = "".join(f"  - id: dec-{n}\n{d}" for n, d in enumerate(decisions))
    (memory.memory / "decisions.yaml").write_text(f"decisions:\n{body}", encoding="utf-8")
    with ingest.stored_memory(memory) as stored:
        given_ids = [s.id for s in stored.mentioning(rules.role_terms(role))]
        every = stored.decisions()

    def switched(entry: dict[str, Any]) -> str:
        return str(next((entry[f] for f in SWITCHED_FIELDS if entry.get(f)), "")).lower()

    has_role = [s.id for s in every if in_force(s.entry) and switched(s.entry)
                and rules.role_of(switched(s.entry)) == role]  # fmt: skip
    assert set(has_role) <= set(given_ids)
    assert given_ids == [s.id for s in every if s.id in given_ids]


def test_a_switch_reads_only_the_decisions_that_may_have_its_role(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch
):
    _among_400_decisions(memory, "Redis", monkeypatch)
    text = "We decided to move the cache to Memcached instead."
    out = json.loads(omp_ok("extract", "--text", text, "--dry-run", "--json").stdout)

    (superseded,) = [c for c in out["candidates"] if c["action"] == "superseded"]
    assert superseded["entry"]["id"] == "dec-123"


def test_the_index_rules_out_the_decisions_that_chose_something_else(memory: MemoryRoot):
    body = "".join(
        f"  - id: dec-{n}\n    choice: {choice}\n    status: {status}\n"
        for n, (choice, status) in enumerate(
            [("Redis", "active"), ("Postgres", "active"), ("Redis Cluster", "superseded"),
             ("Memcached", "proposed"), ("缓存服务", "active")]
        )
    )  # fmt: skip
    (memory.memory / "decisions.yaml").write_text(f"decisions:\n{body}", encoding="utf-8")

    with ingest.stored_memory(memory) as stored:
        assert [s.id for s in stored.naming("redis")] == ["dec-0", "dec-4"]  # CJK: not ruled out
        assert [s.id for s in stored.naming("postgres and redis")] == ["dec-0", "dec-1", "dec-4"]
