"""`omp mcp`: the project's memory as tools of a Model Context Protocol server (stdio).

Each tool calls the library function its `omp` command calls and answers with the same JSON
as that command's `--json`, as structured content and as text. A library error comes back as
a tool error (`isError`) carrying its message and hint, so the agent can correct the call; the
server keeps running. The project is looked up again on every call, from the folder the
server was started in, so `omp init` run after the client started the server is seen.

The MCP SDK is an optional extra (`pip install 'omp[mcp]'`). It is imported only when the
server starts, and no other omp module imports this one: other commands never load it.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from omp import __version__
from omp.context import DEFAULT_BUDGET
from omp.errors import OmpError, UsageError
from omp.lookup import KINDS
from omp.paths import MemoryRoot, find_root

if TYPE_CHECKING:
    from mcp.server import Server

SERVER_NAME = "omp"
DEFAULT_AGENT = "mcp"
INSTALL_HINT = "pip install 'omp[mcp]'"
SEARCH_LIMIT = 10
MAX_LIMIT = 200

INSTRUCTIONS = (
    "Project memory of this repository (omp: decisions, changelog, sessions and project facts "
    "kept as YAML in _omp/memory/, reviewed in git). Call get_context at the start of a task "
    "(pass `task` to rank what matters), search_memory before deciding something that may "
    "already be decided, add_memory to record a decision, a fact or an outcome in plain words "
    "(secrets are redacted; uncertain items wait for human review), list_changes to catch up "
    "with what others wrote, and validate after editing memory files by hand."
)

_log = logging.getLogger(__name__)


class McpUnavailableError(OmpError):
    """The optional MCP SDK is not installed."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a tool returns: JSON for `structuredContent` and text for `content`."""

    data: dict[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class Project:
    """Where the server runs: the folder it was started in and who it writes as."""

    start: Path
    by: str

    def root(self) -> MemoryRoot:
        """The project's memory, found from `start` now (it may be set up after start-up).

        Raises:
            NotInitializedError: no `_omp/memory/` above `start`.
        """
        return find_root(self.start)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool: its name, what it does, its input schema, its annotations and its code."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    read_only: bool
    idempotent: bool
    run: Callable[[Project, dict[str, Any]], Outcome]

    def annotations(self) -> dict[str, Any]:
        """The MCP tool annotations (hints for clients), in the protocol's spelling."""
        return {
            "title": self.title,
            "readOnlyHint": self.read_only,
            "destructiveHint": False,
            "idempotentHint": self.idempotent,
            "openWorldHint": False,
        }


def _schema(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


# ---- the tools --------------------------------------------------------------------------------


def _get_context(project: Project, args: dict[str, Any]) -> Outcome:
    from omp import context

    as_json = args.get("format", "md") == "json"
    pack = context.build(
        project.root(),
        budget_tokens=args.get("budget_tokens"),
        task=args.get("task"),
        full=as_json,
    )
    data = pack.to_json()
    return Outcome(data, _dumps(data) if as_json else pack.text)


def _search_memory(project: Project, args: dict[str, Any]) -> Outcome:
    from omp import lookup

    query = str(args["query"])
    result = lookup.search(
        project.root(), query, kind=args.get("kind"), limit=args.get("limit", SEARCH_LIMIT)
    )
    hits = result.to_json()
    lines = [f"{h['file']}:{h['line']}\t{h['kind']}\t{h['id'] or '-'}\t{h['title']}" for h in hits]
    return Outcome(
        {"query": query, "hits": hits},
        "\n".join(lines) if lines else f"no match for {query!r}",
    )


_KIND_TARGETS = {
    "decision": "decisions",
    "change": "changelog",
    "fact": "project",
    "session": "sessions",
    "preference": "user",
}


def _add_memory(project: Project, args: dict[str, Any]) -> Outcome:
    from omp import ingest

    result = ingest.extract(
        project.root(), text=str(args["text"]), by=project.by, dry_run=bool(args.get("dry_run"))
    )
    data = result.to_json()
    summary = data["summary"]
    lines = []
    for c in result.batch.candidates:
        entry = c.entry
        what = entry.get("title") or entry.get("summary") or entry.get("text") or entry
        lines.append(f"{c.action:<10} {c.target:<10} {c.confidence:.2f}  {str(what)[:120]}")
    lines += [f"redacted {r.kind} in {r.path} [{r.index}]" for r in result.batch.redactions]
    kind = args.get("kind")
    if kind is not None:
        target = _KIND_TARGETS[kind]
        kept = any(
            c.target == target and c.action in ("stored", "review", "merged", "superseded")
            for c in result.batch.candidates
        )
        data["kind"] = {"hint": kind, "target": target, "found": kept}
        if not kept:
            lines.append(
                f"note: nothing was recognised as a {kind}; the rules decide what an item is, "
                "so state it plainly (for a decision: what was chosen, over what, and why)"
            )
    prefix = "would be " if result.dry_run else ""
    lines.append(
        f"{prefix}stored {summary['stored']}, already in memory {summary['unchanged']}, "
        f"for review {summary['review']}, dropped {summary['dropped']}, "
        f"redacted {summary['redactions']}"
    )
    if summary["review"] and not result.dry_run:
        from omp import review

        pending = len(review.queue(project.root()))
        lines.append(f"review queue: {pending} pending (a person settles them with `omp review`)")
    return Outcome(data, "\n".join(lines))


def _list_changes(project: Project, args: dict[str, Any]) -> Outcome:
    from omp import journal

    since = int(args.get("since", 0))
    page = journal.read(project.root(), since=since, limit=args.get("limit"))
    notes = []
    if page.missed:
        notes.append(
            f"changes after cursor {since} up to {(page.oldest or 1) - 1} were rotated out of "
            "the journal; re-read memory (get_context, search_memory) to catch up"
        )
    if page.latest < since:
        notes.append(
            f"the journal restarted (newest cursor {page.latest} < {since}); re-read memory, "
            "then ask again with since 0"
        )
    data = {
        "changes": [c.to_json() for c in page.changes],
        "latest": page.latest,
        "oldest": page.oldest,
        "missed": page.missed,
        "epoch": page.epoch,
        "notes": notes,
    }
    lines = [f"{c.cursor}\t{c.time}\t{c.by}\t{c.file}\t{c.change}" for c in page.changes]
    if not page.changes:
        lines.append(f"no changes after cursor {since} (latest: {page.latest})")
    lines += [f"note: {n}" for n in notes]
    return Outcome(data, "\n".join(lines))


def _validate(project: Project, args: dict[str, Any]) -> Outcome:
    del args  # the tool takes none
    from omp.validate import validate

    reports = validate(start=project.start)
    bad = [r for r in reports if r.problems]
    lines = []
    for r in reports:
        if not r.problems:
            lines.append(f"ok    {r.display}")
        lines += [f"error {r.display}: {where}: {message}" for where, message in r.problems]
        lines += [f"warn  {r.display}: {where}: {message}" for where, message in r.warnings]
    lines.append(f"{len(reports)} file(s) checked, {len(bad)} with problems")
    return Outcome({"ok": not bad, "files": [r.to_json() for r in reports]}, "\n".join(lines))


_LIMIT = {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT}

TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="get_context",
        title="Get project context",
        description=(
            "The start-up pack of this project's memory: project facts (deployments, paths, "
            "tech stack), decisions in force, recent changes and sessions, as Markdown under a "
            "token budget. Call it at the start of a task. Structured content lists every "
            "entry included (with the rule and score that put it there) and excluded (with why)."
        ),
        input_schema=_schema(
            {
                "budget_tokens": {
                    "type": "integer",
                    "minimum": 0,
                    "description": f"Most tokens (estimated) the pack may take; default "
                    f"{DEFAULT_BUDGET}.",
                },
                "task": {
                    "type": "string",
                    "description": "What this session is about, in a few words; the entries "
                    "most relevant to it come first.",
                },
                "format": {
                    "type": "string",
                    "enum": ["md", "json"],
                    "default": "md",
                    "description": "Text of the result: md, the pack as Markdown (default), or "
                    "json, the whole pack with what was included and excluded.",
                },
            }
        ),
        read_only=True,
        idempotent=True,
        run=_get_context,
    ),
    ToolSpec(
        name="search_memory",
        title="Search project memory",
        description=(
            "Full-text search of the project's memory (decisions, changelog, sessions, project "
            "facts, Markdown notes; English and Chinese), best match first. Each hit gives "
            "kind, id, file, line, title and score; every word of the query must occur."
        ),
        input_schema=_schema(
            {
                "query": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Words to find; all of them must occur in an entry.",
                },
                "kind": {
                    "type": "string",
                    "enum": list(KINDS),
                    "description": "Only entries of this kind.",
                },
                "limit": {
                    **_LIMIT,
                    "default": SEARCH_LIMIT,
                    "description": f"How many hits at most (default {SEARCH_LIMIT}).",
                },
            },
            required=("query",),
        ),
        read_only=True,
        idempotent=True,
        run=_search_memory,
    ),
    ToolSpec(
        name="add_memory",
        title="Add to project memory",
        description=(
            "Remember something said or done, in plain words (English or Chinese), e.g. 'We "
            "decided to use SQLite for the index because FTS5 is built in'. The text goes "
            "through omp's extraction rules: secrets and personal data are redacted first, "
            "trivial, redundant and ephemeral items are dropped, confident items are written "
            "(decisions, changelog, project facts, a session record; personal preferences to "
            "the user's store) and uncertain ones wait in candidates.yaml for human review. "
            "Returns every candidate with what became of it and the redactions (kind and "
            "place, never the value). Nothing is deleted or overwritten."
        ),
        input_schema=_schema(
            {
                "text": {
                    "type": "string",
                    "minLength": 1,
                    "description": "What to remember, as you would say it to a colleague.",
                },
                "kind": {
                    "type": "string",
                    "enum": sorted(_KIND_TARGETS),
                    "description": "What you expect it to be; a hint only: the rules decide, "
                    "and the result says whether an item of this kind was found.",
                },
                "dry_run": {
                    "type": "boolean",
                    "default": False,
                    "description": "Show what would be stored; write nothing.",
                },
            },
            required=("text",),
        ),
        read_only=False,
        idempotent=False,
        run=_add_memory,
    ),
    ToolSpec(
        name="list_changes",
        title="List memory changes",
        description=(
            "What changed in the project's memory, oldest first, from the change journal: "
            "cursor, time, who, file, entry id and change. Remember `latest` and pass it as "
            "`since` next time to get only newer changes."
        ),
        input_schema=_schema(
            {
                "since": {
                    "type": "integer",
                    "minimum": 0,
                    "default": 0,
                    "description": "Only changes after this cursor (default 0: all kept).",
                },
                "limit": {**_LIMIT, "description": "At most this many changes."},
            }
        ),
        read_only=True,
        idempotent=True,
        run=_list_changes,
    ),
    ToolSpec(
        name="validate",
        title="Validate memory files",
        description=(
            "Check every memory file of the project (YAML syntax, schemas, duplicate ids, "
            "secrets) and list the problems of each file with their JSON path. `ok` is false "
            "when any file has a problem."
        ),
        input_schema=_schema({}),
        read_only=True,
        idempotent=True,
        run=_validate,
    ),
)
_BY_NAME = {t.name: t for t in TOOLS}


def call(name: str, arguments: dict[str, Any] | None, *, project: Project) -> Outcome:
    """Run tool `name` with `arguments`, checked against its input schema.

    Raises:
        UsageError: an unknown tool or arguments that break its input schema.
        OmpError: whatever the library function behind the tool raises.
    """
    import jsonschema

    tool = _BY_NAME.get(name)
    if tool is None:
        raise UsageError(f"no tool named {name!r}", hint=f"use one of {', '.join(_BY_NAME)}")
    args = dict(arguments or {})
    errors = sorted(
        jsonschema.Draft202012Validator(tool.input_schema).iter_errors(args),
        key=lambda e: list(e.absolute_path),
    )
    if errors:
        shown = "; ".join(f"{e.json_path}: {e.message}" for e in errors)
        raise UsageError(f"{name}: invalid arguments: {shown}", hint="see the tool's input schema")
    return tool.run(project, _integers(tool.input_schema, args))


def _integers(schema: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """`args` with the integral floats of `integer` properties as ints.

    JSON Schema's `integer` accepts any number with no fraction (`1.0`, `1e300`); the tools
    index, slice and pass to SQLite, which need a Python int.
    """
    properties = schema.get("properties", {})
    return {
        key: int(value)
        if isinstance(value, float) and properties.get(key, {}).get("type") == "integer"
        else value
        for key, value in args.items()
    }


# ---- the server -------------------------------------------------------------------------------


def _require_sdk() -> None:
    try:
        import mcp.server  # noqa: F401
    except ImportError as e:
        raise McpUnavailableError(
            f"omp mcp needs the MCP Python SDK, which is not installed ({e})",
            hint=INSTALL_HINT,
        ) from None


def build_server(project: Project) -> Server[Any]:
    """The MCP server (not yet running) serving the tools for `project`.

    Raises:
        McpUnavailableError: the `mcp` extra is not installed.
    """
    _require_sdk()
    import anyio
    import anyio.to_thread
    import mcp_types as types
    from mcp.server import Server, ServerRequestContext

    listing = [
        types.Tool(
            name=t.name,
            title=t.title,
            description=t.description,
            input_schema=t.input_schema,
            annotations=types.ToolAnnotations.model_validate(t.annotations()),
        )
        for t in TOOLS
    ]
    # One call at a time: tools run in a worker thread so the event loop keeps answering
    # pings while a write waits for the lock, and one at a time keeps writes in call order.
    limiter = anyio.CapacityLimiter(1)

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        del ctx, params
        return types.ListToolsResult(tools=listing)

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        del ctx
        try:
            outcome = await anyio.to_thread.run_sync(
                functools.partial(call, params.name, params.arguments, project=project),
                limiter=limiter,
            )
        except OmpError as e:
            data = {"error": e.message, "hint": e.hint, "type": type(e).__name__}
            return types.CallToolResult(
                content=[types.TextContent(text=f"error: {e}")],
                structured_content=data,
                is_error=True,
            )
        except Exception as e:  # a bug: report it, keep serving the other calls
            _log.exception("omp mcp: tool %r failed", params.name)
            return types.CallToolResult(
                content=[types.TextContent(text=f"internal error in omp: {type(e).__name__}: {e}")],
                is_error=True,
            )
        return types.CallToolResult(
            content=[types.TextContent(text=outcome.text)], structured_content=outcome.data
        )

    return Server(
        SERVER_NAME,
        version=__version__,
        title="omp project memory",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def serve(start: Path, *, by: str | None = None) -> None:
    """Serve the tools over standard input and output until the client closes them.

    Args:
        start: the folder the project is looked up from (on every call).
        by: who writes, for `_meta.updated_by` (default: `$OMP_AGENT`, else `mcp`).

    Raises:
        McpUnavailableError: the `mcp` extra is not installed.
    """
    import os

    from omp.constants import AGENT_ENV

    server = build_server(Project(start, by or os.environ.get(AGENT_ENV) or DEFAULT_AGENT))
    import anyio
    from mcp.server.stdio import stdio_server

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(run)
