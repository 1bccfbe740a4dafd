"""`omp mcp`, driven by a real MCP client session of the SDK over stdio.

One server process serves the whole module (starting one takes about two seconds); each test
adds what it needs to the shared project and bounds every call with a timeout, so a hang
fails instead of blocking the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp_types import CallToolResult

from omp.paths import find_root
from omp.scaffold import init_project

from .helpers import run_cli

pytestmark = pytest.mark.anyio

TIMEOUT = 30
API_KEY = "sk-ant-api03-" + "Q7x" * 30
TOOLS = {"get_context", "search_memory", "add_memory", "list_changes", "validate"}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def server_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The isolated machine of conftest, for the server process (it outlives one test)."""
    home = tmp_path_factory.mktemp("mcp-home")
    gitconfig = home / ".gitconfig"
    gitconfig.write_text("[init]\n\tdefaultBranch = main\n", encoding="utf-8")
    return {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_GLOBAL": str(gitconfig),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TEMPLATE_DIR": str(tmp_path_factory.mktemp("mcp-git-templates")),
        "OMP_USER_STORE": str(home / "user-store"),
        # the server must run the omp under test (a worktree on PYTHONPATH), not the installed one
        **{k: os.environ[k] for k in ("PYTHONPATH",) if k in os.environ},
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, server_env: dict[str, str]) -> Path:
    """A real git repository after `omp init`."""
    repo = tmp_path_factory.mktemp("mcp-project")
    subprocess.run(
        ["git", "init", "-q", "-b", "main"], cwd=repo, check=True, env={**os.environ, **server_env}
    )
    init_project(repo)
    return repo


@pytest.fixture(scope="module")
def server_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("mcp-log") / "stderr.txt"
    yield path


@pytest.fixture(scope="module")
async def session(
    project: Path, server_env: dict[str, str], server_log: Path
) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "omp", "mcp"], cwd=project, env=server_env
    )
    with server_log.open("w", encoding="utf-8") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as client,
        ):
            with anyio.fail_after(TIMEOUT):
                await client.initialize()
            yield client


async def call(client: ClientSession, name: str, **arguments: Any) -> CallToolResult:
    with anyio.fail_after(TIMEOUT):
        result = await client.call_tool(name, arguments)
    assert isinstance(result, CallToolResult)
    return result


async def call_ok(client: ClientSession, name: str, **arguments: Any) -> dict[str, Any]:
    result = await call(client, name, **arguments)
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def text_of(result: CallToolResult) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


def omp_ok(project: Path, *args: str) -> str:
    result = run_cli(["-C", str(project), *args], catch_exceptions=False)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return str(result.stdout)


# ---------------------------------------------------------------------------------------------
# tools/list


async def test_tools_list_shows_the_five_tools_with_schemas_and_annotations(session):
    with anyio.fail_after(TIMEOUT):
        listed = await session.list_tools()
    tools = {t.name: t for t in listed.tools}

    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description
        assert tool.input_schema["type"] == "object"
        for name, prop in tool.input_schema["properties"].items():
            assert prop.get("description"), f"{tool.name}.{name} has no description"
        assert tool.annotations is not None
        assert tool.annotations.destructive_hint is False
        assert tool.annotations.open_world_hint is False
    read_only = {
        name for name, t in tools.items() if t.annotations and t.annotations.read_only_hint
    }
    assert read_only == TOOLS - {"add_memory"}
    assert tools["search_memory"].input_schema["required"] == ["query"]
    assert tools["add_memory"].input_schema["required"] == ["text"]
    assert "required" not in tools["get_context"].input_schema
    assert tools["get_context"].input_schema["properties"]["format"]["enum"] == ["md", "json"]


async def test_tools_list_goes_over_the_wire_in_the_protocol_spelling(session):
    with anyio.fail_after(TIMEOUT):
        listed = await session.list_tools()
    wire = listed.model_dump(by_alias=True, exclude_none=True)
    add = next(t for t in wire["tools"] if t["name"] == "add_memory")

    assert add["inputSchema"]["properties"]["text"]["type"] == "string"
    assert add["annotations"]["readOnlyHint"] is False
    assert add["annotations"]["destructiveHint"] is False


# ---------------------------------------------------------------------------------------------
# search_memory


async def test_search_memory_finds_a_decision_added_with_omp_add(session, project):
    decision_id = omp_ok(
        project, "add", "decision", "--title", "Queue on Redis streams", "--choice", "Redis"
    ).strip()

    data = await call_ok(session, "search_memory", query="redis streams")

    assert [h["id"] for h in data["hits"]] == [decision_id]
    hit = data["hits"][0]
    assert hit["kind"] == "decisions"
    assert hit["file"] == "_omp/memory/decisions.yaml"
    assert hit["title"] == "Queue on Redis streams"
    assert hit["line"] >= 1


async def test_search_memory_filters_by_kind_and_limits_hits(session, project):
    omp_ok(project, "add", "change", "--summary", "tidy the tangerine module", "--type", "chore")

    decisions = await call_ok(session, "search_memory", query="tangerine", kind="decisions")
    changes = await call_ok(session, "search_memory", query="tangerine", kind="changelog", limit=1)

    assert decisions["hits"] == []
    assert [h["kind"] for h in changes["hits"]] == ["changelog"]


# ---------------------------------------------------------------------------------------------
# add_memory


async def test_add_memory_writes_a_clear_decision(session, project):
    text = "We decided to use Postgres for the billing ledger because it has transactions."

    data = await call_ok(session, "add_memory", text=text, kind="decision")

    stored = [c for c in data["candidates"] if c["target"] == "decisions"]
    assert [c["action"] for c in stored] == ["stored"]
    assert data["kind"] == {"hint": "decision", "target": "decisions", "found": True}
    assert data["summary"]["stored"] >= 1
    shown = omp_ok(project, "show", "decisions")
    assert "Postgres" in shown
    assert 'updated_by: "mcp"' in shown


async def test_add_memory_dry_run_writes_nothing(session, project):
    before = (project / "_omp/memory/decisions.yaml").read_bytes()

    data = await call_ok(
        session, "add_memory", text="We decided to use Kafka for the audit log.", dry_run=True
    )

    assert data["summary"]["dry_run"] is True
    assert any(c["target"] == "decisions" for c in data["candidates"])
    assert (project / "_omp/memory/decisions.yaml").read_bytes() == before


async def test_add_memory_never_returns_or_stores_an_api_key(session, project):
    text = f"We decided to keep the API key {API_KEY} in the deploy vault."

    result = await call(session, "add_memory", text=text)

    assert not result.is_error, text_of(result)
    answer = json.dumps(result.model_dump(by_alias=True, mode="json"))
    assert API_KEY not in answer
    assert API_KEY[:24] not in answer
    assert result.structured_content["redactions"]
    assert "redacted" in text_of(result)
    for path in project.rglob("*"):
        if path.is_file() and ".git" not in path.relative_to(project).parts:
            assert API_KEY[:24].encode() not in path.read_bytes(), path


async def test_add_memory_says_how_long_the_review_queue_is(session):
    text = "User: Which queue should we use?\nAssistant: I'd suggest RabbitMQ for the jobs."

    result = await call(session, "add_memory", text=text)

    assert not result.is_error, text_of(result)
    assert result.structured_content["summary"]["review"] == 1
    assert "review queue: 1 pending" in text_of(result)


async def test_add_memory_says_when_the_kind_hint_was_not_found(session):
    data = await call_ok(
        session, "add_memory", text="We decided to name the mascot Pebble.", kind="preference"
    )

    assert data["kind"]["found"] is False


# ---------------------------------------------------------------------------------------------
# list_changes


async def test_list_changes_returns_the_records_after_an_add(session, project):
    latest = (await call_ok(session, "list_changes"))["latest"]

    await call_ok(
        session, "add_memory", text="We decided to use Caddy as the reverse proxy for TLS."
    )
    data = await call_ok(session, "list_changes", since=latest)

    assert data["changes"], data
    assert all(c["cursor"] > latest for c in data["changes"])
    assert {c["by"] for c in data["changes"]} == {"mcp"}
    assert "_omp/memory/decisions.yaml" in {c["file"] for c in data["changes"]}
    assert data["latest"] == data["changes"][-1]["cursor"]
    limited = await call_ok(session, "list_changes", since=latest, limit=1)
    assert [c["cursor"] for c in limited["changes"]] == [latest + 1]


# ---------------------------------------------------------------------------------------------
# validate


async def test_validate_reports_a_file_broken_on_purpose(session, project):
    broken = project / "_omp/memory/sessions/2020-01-01.yaml"
    broken.parent.mkdir(exist_ok=True)
    broken.write_text("date: 2020-01-01\nsessions: [unclosed\n", encoding="utf-8")
    try:
        result = await call(session, "validate")
    finally:
        broken.unlink()

    assert not result.is_error
    data = result.structured_content
    assert data["ok"] is False
    files = {f["file"]: f for f in data["files"]}
    assert files["_omp/memory/sessions/2020-01-01.yaml"]["problems"]
    assert files["_omp/memory/decisions.yaml"]["ok"] is True
    assert "error _omp/memory/sessions/2020-01-01.yaml" in text_of(result)
    assert (await call_ok(session, "validate"))["ok"] is True


# ---------------------------------------------------------------------------------------------
# get_context


async def test_get_context_returns_the_pack_as_markdown(session, project):
    omp_ok(project, "add", "decision", "--title", "Deploy with Nomad", "--choice", "Nomad")

    result = await call(session, "get_context")

    assert not result.is_error, text_of(result)
    assert text_of(result).startswith("# Project memory")
    assert "Deploy with Nomad" in text_of(result)
    data = result.structured_content
    assert set(data) >= {"budget", "included", "excluded", "text"}
    assert data["text"] == text_of(result)


async def test_get_context_as_json_under_a_budget_for_a_task(session):
    result = await call(session, "get_context", budget_tokens=300, task="nomad", format="json")

    assert not result.is_error, text_of(result)
    assert json.loads(text_of(result)) == result.structured_content
    assert result.structured_content["budget"]["tokens"] == 300
    assert result.structured_content["budget"]["used"] <= 300


async def test_numeric_arguments_take_integral_floats_and_huge_values(session, project):
    omp_ok(project, "add", "change", "--summary", "Teach the numbers to the zeppelin")

    one = await call_ok(session, "list_changes", since=0.0, limit=1.0)
    beyond = await call_ok(session, "list_changes", since=1e300)
    hits = await call_ok(session, "search_memory", query="zeppelin", limit=1.0)
    floated = await call_ok(session, "get_context", budget_tokens=1e300)
    huge = await call_ok(session, "get_context", budget_tokens=10**400)
    small = await call_ok(session, "get_context", budget_tokens=300.0)
    fraction = await call(session, "list_changes", limit=1.5)

    assert [c["cursor"] for c in one["changes"]] == [1]
    assert beyond["changes"] == [] and beyond["latest"] >= 1
    assert [h["kind"] for h in hits["hits"]] == ["changelog"]
    assert "Teach the numbers to the zeppelin" in floated["text"]
    assert floated["budget"]["tokens"] == huge["budget"]["tokens"] > 10**9
    assert small["budget"]["tokens"] == 300
    assert fraction.is_error and "1.5 is not of type 'integer'" in text_of(fraction)
    assert "internal error" not in text_of(fraction)


# ---------------------------------------------------------------------------------------------
# errors


async def test_a_library_error_becomes_a_tool_error_with_its_hint(session):
    result = await call(session, "search_memory", query="???")

    assert result.is_error
    assert text_of(result).startswith("error: the query has no words")
    assert "hint:" in text_of(result)
    assert result.structured_content["type"] == "UsageError"
    assert result.structured_content["hint"]


async def test_arguments_breaking_the_schema_become_a_tool_error(session):
    bad_kind = await call(session, "search_memory", query="x", kind="bogus")
    missing = await call(session, "add_memory")
    extra = await call(session, "validate", paths=["/etc"])

    assert bad_kind.is_error and "'bogus' is not one of" in text_of(bad_kind)
    assert missing.is_error and "'text' is a required property" in text_of(missing)
    assert extra.is_error and "paths" in text_of(extra)


async def test_the_server_keeps_serving_after_errors(session, server_log):
    await call(session, "search_memory", query="!!!")
    await call(session, "no_such_tool")

    data = await call_ok(session, "validate")

    assert data["ok"] is True
    assert "Traceback" not in server_log.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# without a project, without the SDK, without loading it


async def test_a_server_outside_a_project_answers_with_a_hint_to_run_omp_init(tmp_path):
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "omp", "mcp"],
        cwd=tmp_path,
        env={k: os.environ[k] for k in ("HOME", "XDG_DATA_HOME", "GIT_CONFIG_GLOBAL")},
    )

    with anyio.fail_after(TIMEOUT):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            result = await client.call_tool("get_context", {})

    assert isinstance(result, CallToolResult)
    assert result.is_error
    assert "omp init" in text_of(result)


def test_omp_mcp_without_the_sdk_exits_1_with_an_install_hint(memory):
    # `None` in sys.modules makes `import mcp` fail as if the extra were not installed.
    probe = "import sys; sys.modules['mcp'] = None; sys.argv = ['omp', 'mcp']; "
    probe += "from omp.cli import main; main()"

    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=memory.project,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )

    assert out.returncode == 1, out.stderr
    assert out.stderr.startswith("error: omp mcp needs the MCP Python SDK")
    assert "hint: pip install 'omp[mcp]'" in out.stderr
    assert out.stdout == ""


@pytest.mark.parametrize("args", [("--version",), ("search", "anything"), ("validate",)])
def test_other_commands_do_not_load_the_mcp_sdk(memory, args):
    probe = (
        "import json, runpy, sys\n"
        "sys.argv = ['omp', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('omp', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )

    out = subprocess.run(
        [sys.executable, "-c", probe, *args],
        cwd=memory.project,
        capture_output=True,
        text=True,
        timeout=60,
    )

    loaded = set(json.loads(out.stderr.strip().splitlines()[-1]))
    assert not {m for m in loaded if m == "mcp" or m.startswith(("mcp.", "mcp_types", "omp.mcp"))}
    assert find_root(memory.project).project == memory.project
