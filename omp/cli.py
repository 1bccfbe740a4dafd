"""The `omp` command: parse arguments, call one library function, print its result.

Library modules are imported inside each command so that a command loads only what it uses.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import typer

from omp import __version__
from omp.errors import OmpError

if TYPE_CHECKING:
    from omp.paths import MemoryRoot
    from omp.store import WriteResult

app = typer.Typer(
    name="omp",
    help="Git-backed project memory for AI coding agents: decisions, changelog, sessions and "
    "project facts as comment-preserving YAML in _omp/memory/.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
add_app = typer.Typer(
    help="Record a decision, a changelog entry or a session.", no_args_is_help=True
)
app.add_typer(add_app, name="add")


class _Globals(NamedTuple):
    root: Path | None
    by: str | None


@contextlib.contextmanager
def _reported() -> Iterator[None]:
    """Turn library errors into `error: ...` on stderr and the error's exit status."""
    try:
        yield
    except OmpError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(e.exit_code) from None
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(130) from None


def _version(value: bool) -> None:
    if value:
        typer.echo(f"omp {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    root: Annotated[
        Path | None,
        typer.Option(
            "-C", "--root", help="Run as if omp was started in DIR (like `git -C`).", metavar="DIR"
        ),
    ] = None,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help="Who is writing, for _meta.updated_by (default: $OMP_AGENT, else omp).",
            metavar="NAME",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Git-backed project memory for AI coding agents."""
    del version  # handled by its eager callback
    ctx.obj = _Globals(root, by)


def _globals(ctx: typer.Context) -> _Globals:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, _Globals) else _Globals(None, None)


def _start(ctx: typer.Context) -> Path:
    g = _globals(ctx)
    if g.root is None:
        return Path.cwd()
    if not g.root.is_dir():
        raise OmpError(f"-C {g.root}: not a folder", hint="give an existing folder")
    return g.root.absolute()


def _root(ctx: typer.Context) -> MemoryRoot:
    from omp.paths import find_root

    root = find_root(_start(ctx))
    hint = root.legacy_hint()
    if hint:
        typer.echo(f"note: {hint}", err=True)
    return root


def _print_json(data: Any) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))


def _report_write(
    result: WriteResult, *, as_json: bool, dry_run: bool, quiet_id: bool = False
) -> None:
    if as_json:
        _print_json(result.to_json())
        return
    if dry_run:
        diff = result.diff()
        typer.echo(diff, nl=False)
        typer.echo(
            "dry run: nothing written" if diff else "dry run: nothing would change", err=True
        )
    if quiet_id:
        for e in result.entries:
            typer.echo(e.id)
    verbs = (
        {"added": "would add", "updated": "would update", "unchanged": "already recorded"}
        if dry_run
        else {"added": "added", "updated": "updated", "unchanged": "already recorded"}
    )
    for e in result.entries:
        typer.echo(f"{verbs.get(e.action, e.action)}: {e.kind} {e.id} in {e.file}", err=True)
    if not dry_run:
        for f in result.files:
            for change in f.changes:
                typer.echo(f"{f.display}: {change}", err=True)
        if not result.files:
            typer.echo("nothing changed", err=True)


# SQLite's largest integer: a count or cursor beyond it means "all" (and overflows the index)
MAX_INT = 2**63 - 1


def _at_most(value: int | None) -> int | None:
    """Clamp a count or cursor option to MAX_INT (its low end is the library's to check)."""
    return value if value is None else min(value, MAX_INT)


DryRun = Annotated[bool, typer.Option("--dry-run", help="Print the diff; write nothing.")]
Json = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
DateOpt = Annotated[str | None, typer.Option("--date", help="YYYY-MM-DD (default: today).")]


# ---------------------------------------------------------------------------------------------
# init


@app.command()
def init(
    ctx: typer.Context,
    here: Annotated[
        bool,
        typer.Option(
            "--here",
            help="Create the memory in this folder (or -C DIR), not at the top of the git "
            "repository: a package of a monorepo gets its own memory.",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Add memory/ even inside an _omp/ folder of another tool (never "
            "overwrites a file).",
        ),
    ] = False,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Create _omp/memory/ at the top of this repository (--here: in this folder).

    Adds only files that are missing. In a subfolder, it works on the nearest project above
    that has memory, else on the top.
    """
    with _reported():
        from omp.constants import OMP_DIR
        from omp.scaffold import init_project

        start = _start(ctx).absolute()
        result = init_project(start, here=here, force=force, dry_run=dry_run)
        if as_json:
            _print_json(result.to_json())
            return
        prefix = "would create" if dry_run else "created"
        for rel in result.created:
            typer.echo(f"{prefix} {rel}")
        gitignore = _shown_from(result.project, result.gitignore)
        for old, new in result.gitignore_upgraded:
            verb = "would rewrite" if dry_run else "rewrote"
            typer.echo(f"{verb} {old} as {new} in {gitignore} (for every memory folder)")
        for line in result.gitignore_added:
            typer.echo(f"{'would add' if dry_run else 'added'} {line} to {gitignore}")
        changed = result.created or result.gitignore_added or result.gitignore_upgraded
        if not changed:
            typer.echo(f"omp memory is already set up in {result.project}")
        if result.project != start and not start.is_relative_to(result.project / OMP_DIR):
            sub = start.relative_to(result.project).as_posix()
            if result.project == result.repository:
                typer.echo(
                    f"note: omp memory is at the top of the git repository, {result.project}, "
                    f"not in {sub}; to give {sub} a memory of its own (a package of a "
                    "monorepo), run `omp init --here` there",
                    err=True,
                )
            else:
                typer.echo(
                    f"note: {sub} is in the project {result.project}, which has omp memory; "
                    "`omp init --here` there gives it a memory of its own",
                    err=True,
                )


def _shown_from(base: Path, path: Path | None) -> str:
    """`path` relative to `base` when it is inside it, else in full."""
    if path is None:
        return ""
    return path.relative_to(base).as_posix() if path.is_relative_to(base) else str(path)


# ---------------------------------------------------------------------------------------------
# add


@add_app.command("decision")
def add_decision(
    ctx: typer.Context,
    title: Annotated[str, typer.Option("--title", help="Short name of the decision.")],
    choice: Annotated[str, typer.Option("--choice", help="What was chosen.")],
    context: Annotated[
        str | None,
        typer.Option("--context", help="The situation that called for it."),
    ] = None,
    alternatives: Annotated[
        list[str] | None,
        typer.Option("--alternative", help="An option considered and not chosen (repeatable)."),
    ] = None,
    rationale: Annotated[
        str | None,
        typer.Option("--rationale", help="Why."),
    ] = None,
    impact: Annotated[
        str | None,
        typer.Option("--impact", help="What it changes."),
    ] = None,
    status: Annotated[
        str | None,
        typer.Option(
            "--status",
            help="proposed | active | superseded | disputed | retracted (new decisions: active).",
        ),
    ] = None,
    id: Annotated[
        str | None,
        typer.Option("--id", help="Update or create the decision with this id."),
    ] = None,
    date: DateOpt = None,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Record a decision in decisions.yaml; prints its id."""
    with _reported():
        from omp import store

        result = store.add_decision(
            _root(ctx),
            title=title,
            choice=choice,
            context=context,
            alternatives=alternatives or [],
            rationale=rationale,
            impact=impact,
            status=status,
            id=id,
            date=date,
            by=_globals(ctx).by,
            dry_run=dry_run,
        )
        _report_write(result, as_json=as_json, dry_run=dry_run, quiet_id=True)


@add_app.command("change")
def add_change(
    ctx: typer.Context,
    summary: Annotated[str, typer.Option("--summary", help="What changed, in one line.")],
    type: Annotated[
        str,
        typer.Option(
            "--type", help="feat | fix | docs | refactor | perf | deploy | config | chore | other."
        ),
    ] = "other",
    ref: Annotated[
        str | None,
        typer.Option(
            "--ref", help="Commit sha, tag or deploy id (entries are deduplicated by it)."
        ),
    ] = None,
    scope: Annotated[
        str | None,
        typer.Option("--scope", help="Area of the project."),
    ] = None,
    breaking: Annotated[bool, typer.Option("--breaking", help="A breaking change.")] = False,
    date: DateOpt = None,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Append an entry to changelog.yaml; prints its id."""
    with _reported():
        from omp import store

        result = store.add_change(
            _root(ctx),
            summary=summary,
            type=type,
            ref=ref,
            scope=scope,
            breaking=breaking,
            date=date,
            by=_globals(ctx).by,
            dry_run=dry_run,
        )
        _report_write(result, as_json=as_json, dry_run=dry_run, quiet_id=True)


@add_app.command("session")
def add_session(
    ctx: typer.Context,
    summary: Annotated[str, typer.Option("--summary", help="What the session was about.")],
    actions: Annotated[
        list[str] | None,
        typer.Option("--action", help="A key action (repeatable)."),
    ] = None,
    decisions: Annotated[
        list[str] | None,
        typer.Option("--decision", help="A decision id or text (repeatable)."),
    ] = None,
    outcomes: Annotated[
        list[str] | None,
        typer.Option("--outcome", help="An outcome (repeatable)."),
    ] = None,
    date: Annotated[
        str | None,
        typer.Option("--date", help="YYYY-MM-DD: which sessions/<date>.yaml (default: today)."),
    ] = None,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Append a session record to sessions/<date>.yaml; prints its id."""
    with _reported():
        from omp import store

        result = store.add_session(
            _root(ctx),
            summary=summary,
            actions=actions or [],
            decisions=decisions or [],
            outcomes=outcomes or [],
            date=date,
            by=_globals(ctx).by,
            dry_run=dry_run,
        )
        _report_write(result, as_json=as_json, dry_run=dry_run, quiet_id=True)


# ---------------------------------------------------------------------------------------------
# set / write


@app.command("set")
def set_(
    ctx: typer.Context,
    key: Annotated[
        str,
        typer.Argument(
            help="Dotted key in project.yaml, e.g. "
            "deployment.vercel.status (`\\.` for a dot in a key)."
        ),
    ],
    value: Annotated[
        str | None,
        typer.Argument(help='Value, read as a YAML scalar: true, 3, 2026-01-31, "3" for text.'),
    ] = None,
    unset: Annotated[bool, typer.Option("--unset", help="Remove KEY instead.")] = False,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Set (or --unset) a project fact in project.yaml."""
    with _reported():
        from omp import store
        from omp.errors import UsageError
        from omp.yamlio import load_scalar

        if unset == (value is not None):
            raise UsageError(
                "give either KEY VALUE or --unset KEY", hint="omp set deployment.web.status active"
            )
        root = _root(ctx)
        by = _globals(ctx).by
        if unset:
            result = store.unset_value(root, key, by=by, dry_run=dry_run)
        else:
            assert value is not None
            result = store.set_value(root, key, load_scalar(value), by=by, dry_run=dry_run)
        _report_write(result, as_json=as_json, dry_run=dry_run)


@app.command()
def write(
    ctx: typer.Context,
    file: Annotated[
        str,
        typer.Argument(
            help="YAML or JSON file with any of project, decisions, changelog, sessions; - for "
            "standard input.",
            metavar="FILE|-",
        ),
    ],
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Merge a document into memory in one transaction: all files or none."""
    with _reported():
        from omp import store
        from omp.errors import UsageError
        from omp.yamlio import load

        if file == "-":
            text, source = sys.stdin.read(), "<stdin>"
        else:
            try:
                text, source = Path(file).read_text(encoding="utf-8"), file
            except (OSError, UnicodeDecodeError) as e:
                raise UsageError(f"{file}: cannot read it ({e})") from None
        document = load(text, source=source)
        result = store.write_document(
            _root(ctx), document, source=source, by=_globals(ctx).by, dry_run=dry_run
        )
        _report_write(result, as_json=as_json, dry_run=dry_run)


# ---------------------------------------------------------------------------------------------
# read


@app.command()
def validate(
    ctx: typer.Context,
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Files or folders (a project, its _omp/, a memory folder); default: this "
            "project's memory."
        ),
    ] = None,
    as_json: Json = False,
) -> None:
    """Check memory files (YAML, schemas, ids, secrets); exit 1 if anything is wrong."""
    with _reported():
        from omp.validate import validate as run

        start = _start(ctx)
        reports = run(
            [p if p.is_absolute() else start / p for p in paths or []] or None, start=start
        )
        bad = [r for r in reports if r.problems]
        if as_json:
            _print_json({"ok": not bad, "files": [r.to_json() for r in reports]})
        else:
            for r in reports:
                if not r.problems:
                    typer.echo(f"ok    {r.display}")
                for where, message in r.problems:
                    typer.echo(f"error {r.display}: {where}: {message}")
                for where, message in r.warnings:
                    typer.echo(f"warn  {r.display}: {where}: {message}")
            typer.echo(f"{len(reports)} file(s) checked, {len(bad)} with problems", err=True)
        if bad:
            raise typer.Exit(1)


@app.command()
def show(
    ctx: typer.Context,
    what: Annotated[str, typer.Argument(help="project | decisions | changelog | sessions")],
    id: Annotated[
        str | None,
        typer.Option("--id", help="Show only the entry with this id."),
    ] = None,
    as_json: Json = False,
) -> None:
    """Print a memory file, or one entry of it, as written on disk."""
    with _reported():
        from omp.lookup import show as run

        text, data, warnings = run(_root(ctx), what, id=id, data=as_json)
        for warning in warnings:
            typer.echo(f"warning: {warning}", err=True)
        if as_json:
            _print_json(data)
        else:
            typer.echo(text, nl=not text.endswith("\n"))


@app.command()
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Words to find (all must occur); Chinese too.")],
    kind: Annotated[
        str | None,
        typer.Option("--kind", help="decisions | changelog | sessions | project | markdown"),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", help="How many hits at most.", callback=_at_most)
    ] = 20,
    as_json: Json = False,
) -> None:
    """Full-text search of memory, best match first, with file and line."""
    with _reported():
        from omp.lookup import search as run

        result = run(_root(ctx), query, kind=kind, limit=limit)
        if as_json:
            _print_json(result.to_json())
            return
        for hit in result.hits:
            typer.echo(
                f"{result.file_of(hit)}:{hit.line}\t{hit.kind}\t{hit.id or '-'}\t{hit.title}"
            )
        if not result.hits:
            typer.echo(f"no match for {query!r}", err=True)


@app.command()
def index(
    ctx: typer.Context,
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Forget the index and build it again from the files.")
    ] = False,
    as_json: Json = False,
) -> None:
    """Bring the derived search index in _omp/.cache/ up to date (it is never the truth)."""
    with _reported():
        from omp.lookup import reindex

        report = reindex(_root(ctx), rebuild=rebuild)
        if as_json:
            _print_json(report.to_json())
            return
        for rel in report.reindexed:
            typer.echo(f"indexed {rel}")
        typer.echo(
            f"{report.files} file(s), {report.entries} entries in {report.path.name}", err=True
        )


@app.command("backups")
def backups_(
    ctx: typer.Context,
    file: Annotated[
        str | None,
        typer.Argument(help="A memory file, e.g. decisions.yaml (default: all)."),
    ] = None,
    as_json: Json = False,
) -> None:
    """List the backups omp took before each write, oldest first."""
    with _reported():
        from omp import store

        found = store.backups(_root(ctx), file)
        if as_json:
            _print_json(
                [
                    {"file": b.file, "backup": b.name, "taken": b.taken, "size": b.size}
                    for b in found
                ]
            )
            return
        for b in found:
            typer.echo(f"{b.file}\t{b.name}\t{b.size} bytes")
        if not found:
            typer.echo("no backups", err=True)


@app.command()
def restore(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(help="The memory file to restore, e.g. decisions.yaml.")],
    backup: Annotated[
        str | None,
        typer.Option("--backup", help="Backup name or stamp (default: the newest)."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Restore even a backup that fails validation.")
    ] = False,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Put a backup back in place; the current version is backed up first."""
    with _reported():
        from omp import store

        result = store.restore(_root(ctx), file, backup=backup, force=force, dry_run=dry_run)
        _report_write(result, as_json=as_json, dry_run=dry_run)


# ---------------------------------------------------------------------------------------------
# extract, review, user


@app.command()
def extract(
    ctx: typer.Context,
    sources: Annotated[
        list[str] | None,
        typer.Argument(
            help="Conversation exports, transcripts, deploy logs or folders of them "
            "(- reads standard input).",
            show_default=False,
        ),
    ] = None,
    text: Annotated[
        str | None, typer.Option("--text", help="Extract from this text (as the user's words).")
    ] = None,
    git: Annotated[
        str | None,
        typer.Option(
            "--git",
            help="Extract from the commits of a git range (e.g. v1.2..HEAD).",
            metavar="RANGE",
        ),
    ] = None,
    format: Annotated[
        str | None,
        typer.Option(
            "--format",
            help=(
                "Force the source format: text, chat-json, chatgpt, claude-code, codex, aider, "
                "deploy."
            ),
        ),
    ] = None,
    min_confidence: Annotated[
        float,
        typer.Option(
            "--min-confidence", help="Drop items below this confidence (0-1).", metavar="X"
        ),
    ] = 0.4,
    llm_cmd: Annotated[
        str | None,
        typer.Option(
            "--llm-cmd",
            help="External extractor: gets the (redacted) messages as JSON on stdin, prints "
            "JSON candidates; they pass the same checks and filters.",
            metavar="CMD",
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be stored; write nothing.")
    ] = False,
    as_json: Json = False,
) -> None:
    """Turn conversations, commits and deploy output into memory (rules in English and Chinese).

    Items with confidence >= 0.7 are written, 0.4-0.7 wait in candidates.yaml for `omp review`,
    personal preferences go to the user store. Secrets and personal data are redacted first.
    """
    with _reported():
        from omp import ingest

        result = ingest.extract(
            _root(ctx),
            sources or [],
            text=text,
            git=git,
            format=format,
            min_confidence=min_confidence,
            llm_cmd=llm_cmd,
            by=_globals(ctx).by,
            dry_run=dry_run,
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_extract(result)


@app.command("llm-bridge")
def llm_bridge(
    model_cmd: Annotated[
        str | None,
        typer.Argument(
            help="The model command: reads a prompt on stdin and prints its answer "
            '("claude -p", "llm -m MODEL", "ollama run MODEL").',
            show_default=False,
            metavar="MODEL_CMD",
        ),
    ] = None,
    print_prompt: Annotated[
        bool,
        typer.Option("--print-prompt", help="Print the prompt for the messages; run nothing."),
    ] = False,
    timeout: Annotated[
        float, typer.Option("--timeout", help="Seconds to wait for the model.", metavar="S")
    ] = 540.0,
) -> None:
    """A ready --llm-cmd: prompt a model command with the messages, print its candidates.

    `omp extract` runs it and sends the redacted messages on stdin, e.g.
    omp extract chat.jsonl --llm-cmd "omp llm-bridge 'claude -p'".
    """
    with _reported():
        from omp import llmbridge
        from omp.errors import UsageError

        payload = llmbridge.payload(sys.stdin.read())
        if print_prompt:
            typer.echo(llmbridge.prompt(payload), nl=False)
            return
        if not model_cmd:
            raise UsageError("give the model command", hint="e.g. omp llm-bridge 'claude -p'")
        _print_json(llmbridge.bridge(model_cmd, payload, timeout=timeout))


def _report_extract(result: Any) -> None:
    marks = {"stored": "+", "review": "?", "merged": "~", "superseded": "x", "dropped": "-"}
    prefix = "would be " if result.dry_run else ""
    for c in result.batch.candidates:
        if c.action == "dropped" and c.target == "decisions" and c.scope == "EPHEMERAL":
            continue
        what = _what(c.entry)
        note = f" ({c.note})" if c.note else ""
        typer.echo(
            f"{marks.get(c.action, ' ')} {c.target:<10} {c.confidence:.2f}  {str(what)[:90]}{note}"
        )
    for r in result.batch.redactions:
        typer.echo(f"redacted {r.kind} in {r.path} [{r.index}]", err=True)
    for w in result.batch.warnings:
        typer.echo(f"warning: {w}", err=True)
    if result.degraded:
        typer.echo(
            f"note: {result.degraded}; personal items queued in user-context.yaml "
            "(`omp user flush` moves them later)",
            err=True,
        )
    s = result.summary()
    typer.echo(
        f"{prefix}stored {s['stored']}, already in memory {s['unchanged']}, merged {s['merged']}, "
        f"superseded {s['superseded']}, "
        f"for review {s['review']}, dropped {s['dropped']}, redacted {s['redactions']}",
        err=True,
    )
    if result.project is not None and result.dry_run:
        typer.echo(result.project.diff(), nl=False)


def _what(entry: dict[str, Any]) -> Any:
    """One line naming an extracted item: its title, summary or text, or its facts."""
    what = entry.get("title") or entry.get("summary") or entry.get("text")
    if what is None:
        what = ", ".join(f"{k}: {v}" for k, v in _flat(entry))
    return what


def _flat(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        return [
            kv for k, v in data.items() for kv in _flat(v, f"{prefix}.{k}" if prefix else str(k))
        ]
    return [(prefix, data)]


review_app = typer.Typer(
    help="Review extracted items waiting in candidates.yaml: list, accept, reject, edit.",
    invoke_without_command=True,
)
app.add_typer(review_app, name="review")

SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Change a field of the entry first: key=value (repeatable).",
        metavar="KEY=VALUE",
    ),
]
AllOpt = Annotated[bool, typer.Option("--all", help="Every candidate waiting for review.")]


@review_app.callback()
def review_list(
    ctx: typer.Context,
    everything: Annotated[
        bool, typer.Option("--all-items", help="Also list reviewed items.")
    ] = False,
    as_json: Json = False,
) -> None:
    """List the candidates waiting for review (with no sub-command)."""
    if ctx.invoked_subcommand is not None:
        return
    with _reported():
        from omp import review

        items = review.queue(_root(ctx), everything=everything)
        if as_json:
            _print_json(items)
            return
        if not items:
            typer.echo("nothing waiting for review", err=True)
        for c in items:
            entry = c.get("entry") or {}
            what = _what(entry)
            status = "" if c.get("status", "pending") == "pending" else f" [{c.get('status')}]"
            typer.echo(
                f"{c.get('id')}  {c.get('target'):<10} {c.get('confidence', '')}  {what}{status}"
            )
            if c.get("reason"):
                typer.echo(f"    {c.get('reason')}")


@review_app.command("accept")
def review_accept(
    ctx: typer.Context,
    ids: Annotated[
        list[str] | None, typer.Argument(help="Candidate ids.", show_default=False)
    ] = None,
    all_pending: AllOpt = False,
    fields: SetOpt = None,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Write candidates to memory (through the writer) and mark them accepted."""
    with _reported():
        from omp import review

        result = review.accept(
            _root(ctx),
            ids or [],
            all_pending=all_pending,
            fields=review.parse_fields(fields or []),
            by=_globals(ctx).by,
            dry_run=dry_run,
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_write(result.project, as_json=False, dry_run=dry_run)
        typer.echo(
            f"{'would accept' if dry_run else 'accepted'}: {', '.join(result.ids)}", err=True
        )


@review_app.command("reject")
def review_reject(
    ctx: typer.Context,
    ids: Annotated[
        list[str] | None, typer.Argument(help="Candidate ids.", show_default=False)
    ] = None,
    all_pending: AllOpt = False,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Mark candidates rejected; they stay listed so they are not proposed again."""
    with _reported():
        from omp import review

        result = review.reject(
            _root(ctx), ids or [], all_pending=all_pending, by=_globals(ctx).by, dry_run=dry_run
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_write(result.project, as_json=False, dry_run=dry_run)
        typer.echo(
            f"{'would reject' if dry_run else 'rejected'}: {', '.join(result.ids)}", err=True
        )


@review_app.command("edit")
def review_edit(
    ctx: typer.Context,
    id: Annotated[str, typer.Argument(help="Candidate id.")],
    fields: SetOpt = None,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Change a waiting candidate's entry (it stays waiting)."""
    with _reported():
        from omp import review

        result = review.edit(
            _root(ctx), id, review.parse_fields(fields or []), by=_globals(ctx).by, dry_run=dry_run
        )
        _report_write(result.project, as_json=as_json, dry_run=dry_run)


user_app = typer.Typer(
    help="The user store ($XDG_DATA_HOME/omp): your preferences and skills across projects.",
    no_args_is_help=True,
)
app.add_typer(user_app, name="user")


@user_app.command("list")
def user_list(as_json: Json = False) -> None:
    """List the memories in the user store."""
    with _reported():
        from omp import userstore

        items = userstore.memories()
        off = userstore.unavailable()
        if as_json:
            where = str(userstore.location())
            _print_json({"location": where, "unavailable": off, "memories": items})
            return
        typer.echo(f"user store: {off}" if off else f"user store: {userstore.location()}", err=True)
        for m in items:
            typer.echo(f"{m.get('id')}  {m.get('kind', ''):<10} {m.get('text')}")


@user_app.command("flush")
def user_flush(ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False) -> None:
    """Move items queued in user-context.yaml (while the store was unavailable) to the store."""
    with _reported():
        from omp import userstore

        result = userstore.flush(_root(ctx), by=_globals(ctx).by, dry_run=dry_run)
        if as_json:
            _print_json(
                {
                    "moved": result.moved,
                    "user_store": result.user.to_json() if result.user else None,
                    "project": result.project.to_json() if result.project else None,
                }
            )
            return
        verb = "would move" if dry_run else "moved"
        typer.echo(f"{verb} {result.moved} item(s) to {userstore.location()}", err=True)


# ---------------------------------------------------------------------------------------------
# changes


@app.command()
def changes(
    ctx: typer.Context,
    since: Annotated[
        int,
        typer.Option(
            "--since", help="Only changes after this cursor.", metavar="CURSOR", callback=_at_most
        ),
    ] = 0,
    limit: Annotated[
        int | None,
        typer.Option("--limit", help="At most N changes.", metavar="N", callback=_at_most),
    ] = None,
    follow: Annotated[
        bool, typer.Option("--follow", "-f", help="Keep printing changes as they happen.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (one object per line with --follow).")
    ] = False,
) -> None:
    """List what changed in memory, from the change journal (cursor, time, who, file, change)."""
    with _reported():
        from omp import journal

        root = _root(ctx)
        page = journal.read(root, since=since, limit=limit)
        if page.problem:
            typer.echo(f"note: the change journal cannot be kept: {page.problem}", err=True)
        if page.missed:
            typer.echo(
                f"note: changes after cursor {since} up to {(page.oldest or 1) - 1} were "
                "rotated out of the journal; re-read memory (`omp show`) to catch up",
                err=True,
            )
        if page.latest < since:
            typer.echo(
                f"note: the journal restarted (newest cursor {page.latest} < {since}); "
                "re-read memory, then use --since 0",
                err=True,
            )
        if as_json and not follow:
            _print_json(
                {
                    "changes": [c.to_json() for c in page.changes],
                    "latest": page.latest,
                    "oldest": page.oldest,
                    "missed": page.missed,
                    "epoch": page.epoch,
                    "problem": page.problem,
                }
            )
            return
        for change in page.changes:
            _print_change(change, as_json=as_json)
        if not follow:
            if not page.changes:
                typer.echo(f"no changes after cursor {since} (latest: {page.latest})", err=True)
            return
        start = page.changes[-1].cursor if page.changes else max(since, page.latest)
        try:
            for change in journal.follow(root, since=start):
                _print_change(change, as_json=as_json)
        except KeyboardInterrupt:
            return


def _print_change(change: Any, *, as_json: bool) -> None:
    import json

    if as_json:
        typer.echo(json.dumps(change.to_json(), ensure_ascii=False))
    else:
        who = change.by if change.kind == "write" else f"{change.by} ({change.kind})"
        typer.echo(f"{change.cursor}\t{change.time}\t{who}\t{change.file}\t{change.change}")
    sys.stdout.flush()


# ---------------------------------------------------------------------------------------------
# hooks

hooks_app = typer.Typer(
    help="Git hooks: validate memory before commits, record commits in the changelog, keep the "
    "index and journal current after merges, checkouts and rebases.",
    no_args_is_help=True,
)
app.add_typer(hooks_app, name="hooks")


def _report_hooks(result: Any, *, as_json: bool, verb: str, would: str = "") -> None:
    if as_json:
        _print_json(result.to_json())
        return
    for hook in result.hooks:
        note = ""
        if hook.state == "omp-as-legacy":
            note = f"  (omp's script is {hook.path.name}, run by another manager's hook)"
        typer.echo(f"{hook.name:<14} {hook.state}{note}")
    typer.echo(f"{'merge-driver':<14} {'registered' if result.merge_driver else 'missing'}")
    if verb:
        done = ", ".join(result.changed) or "nothing"
        said = f"would {would}" if result.dry_run else verb
        typer.echo(f"{said}: {done} ({result.folder})", err=True)


@hooks_app.command("install")
def hooks_install(ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False) -> None:
    """Install omp's git hooks (an existing hook is kept as NAME.legacy and still runs)."""
    with _reported():
        from omp import hooks

        _report_hooks(
            hooks.install(_start(ctx), dry_run=dry_run),
            as_json=as_json,
            verb="installed",
            would="install",
        )


@hooks_app.command("uninstall")
def hooks_uninstall(ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False) -> None:
    """Remove omp's git hooks and put back the hooks they replaced."""
    with _reported():
        from omp import hooks

        _report_hooks(
            hooks.uninstall(_start(ctx), dry_run=dry_run),
            as_json=as_json,
            verb="removed",
            would="remove",
        )


@hooks_app.command("status")
def hooks_status(ctx: typer.Context, as_json: Json = False) -> None:
    """Show which hooks are omp's, chained with a previous hook, someone else's or missing."""
    with _reported():
        from omp import hooks

        _report_hooks(hooks.status(_start(ctx)), as_json=as_json, verb="")


# ---------------------------------------------------------------------------------------------
# editor agents

agents_app = typer.Typer(
    help="Editor agents: tell Claude Code, Codex, Cursor and AGENTS.md readers to use omp, "
    "without clobbering their files.",
    no_args_is_help=True,
)
app.add_typer(agents_app, name="agents")

Claude = Annotated[
    bool, typer.Option("--claude", help="Claude Code: CLAUDE.md block, SessionStart hook.")
]
Codex = Annotated[bool, typer.Option("--codex", help="Codex: the AGENTS.md block.")]
Cursor = Annotated[bool, typer.Option("--cursor", help="Cursor: .cursor/rules/omp.mdc.")]
AgentsMd = Annotated[
    bool, typer.Option("--agents-md", help="The AGENTS.md block (read by many agents).")
]


def _agent_targets(*, claude: bool, codex: bool, cursor: bool, agents_md: bool) -> list[str]:
    chosen = {"claude": claude, "codex": codex, "cursor": cursor, "agents-md": agents_md}
    return [name for name, on in chosen.items() if on]


def _report_agents(result: Any, *, as_json: bool) -> None:
    if as_json:
        _print_json(result.to_json())
        return
    if result.dry_run:
        typer.echo(result.diff(), nl=False)
    verbs = {"create": "created", "update": "updated", "delete": "deleted"}
    changed = [c for c in result.changes if c.action != "unchanged"]
    for c in changed:
        verb = f"would {c.action}" if result.dry_run else verbs[c.action]
        typer.echo(f"{verb} {c.path} ({c.what})", err=result.dry_run)
    for note in result.notes:
        typer.echo(f"note: {note}", err=True)
    if not changed:
        typer.echo("nothing to change", err=True)


@agents_app.command("install")
def agents_install(
    ctx: typer.Context,
    claude: Claude = False,
    codex: Codex = False,
    cursor: Cursor = False,
    agents_md: AgentsMd = False,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Tell editor agents to use omp (all of them when no agent is named).

    Adds a marked block to AGENTS.md and CLAUDE.md, a SessionStart hook running `omp context`
    to .claude/settings.json and the rule .cursor/rules/omp.mdc; the rest of each file keeps
    its bytes. Running it again changes nothing.
    """
    with _reported():
        from omp import agents

        targets = _agent_targets(claude=claude, codex=codex, cursor=cursor, agents_md=agents_md)
        result = agents.install(_root(ctx), targets=targets, dry_run=dry_run)
        _report_agents(result, as_json=as_json)


@agents_app.command("uninstall")
def agents_uninstall(
    ctx: typer.Context,
    claude: Claude = False,
    codex: Codex = False,
    cursor: Cursor = False,
    agents_md: AgentsMd = False,
    dry_run: DryRun = False,
    as_json: Json = False,
) -> None:
    """Remove exactly what `omp agents install` added (all agents when none is named).

    Files it created are deleted, files that existed get their previous bytes back.
    """
    with _reported():
        from omp import agents

        targets = _agent_targets(claude=claude, codex=codex, cursor=cursor, agents_md=agents_md)
        result = agents.uninstall(_root(ctx), targets=targets, dry_run=dry_run)
        _report_agents(result, as_json=as_json)


@agents_app.command("status")
def agents_status(ctx: typer.Context, as_json: Json = False) -> None:
    """Show which editor agents are told to use omp, and the state of each file involved."""
    with _reported():
        from omp import agents

        result = agents.status(_root(ctx))
        if as_json:
            _print_json(result.to_json())
            return
        for target, state in result.states().items():
            recorded = "" if target in result.installed else "  (not installed by omp here)"
            typer.echo(f"{target:<10} {state}{recorded if state != 'missing' else ''}")
        for rel, state in result.files.items():
            typer.echo(f"  {rel:<22} {state}")


@app.command()
def status(ctx: typer.Context, as_json: Json = False) -> None:
    """Show the memory at a glance: files, review queue, user store, index, journal, hooks.

    Exits 1 when a memory file has problems (`omp validate` says which).
    """
    with _reported():
        from omp import status as status_of

        found = status_of.status(_root(ctx))
        if as_json:
            _print_json(found.to_json())
        else:
            _report_status(found)
        if not found.healthy:
            raise typer.Exit(1)


def _report_status(s: Any) -> None:
    typer.echo(f"omp memory of {s.project} ({s.memory}/)")
    for f in s.files:
        what = f"{f.files} files, " if f.file.endswith("/") else ""
        when = f"  last change {f.last_change} by {f.last_by}" if f.last_change else ""
        bad = f"  {f.problems} PROBLEM(S): omp validate" if f.problems else ""
        typer.echo(f"  {f.file:<28} {what}{f.entries} entries{when}{bad}")
    typer.echo(
        f"review queue: {s.pending_review} pending" + (" (omp review)" if s.pending_review else "")
    )
    u = s.user_store
    if u["available"]:
        typer.echo(f"user store: {u['path']}: {u['memories']} memories, {u['queued']} queued")
    else:
        typer.echo(f"user store: unavailable ({u['reason']}); {u['queued']} queued")
    i = s.index
    typer.echo(
        f"index: {i['files']} files, {i['entries']} entries ({i['path']}); "
        f"{i['reindexed']} re-indexed now"
    )
    if s.journal.get("problem"):
        typer.echo(f"journal: unavailable ({s.journal['problem']})")
    else:
        typer.echo(f"journal: cursor {s.journal['cursor']} (omp changes)")
    h = s.hooks
    if h.get("hooks"):
        listed = ", ".join(f"{k} {v}" for k, v in h["hooks"].items())
        driver = "merge driver registered" if h["merge_driver"] else "no merge driver"
        hint = "" if h["installed"] else " (omp hooks install)"
        typer.echo(f"hooks: {listed}; {driver}{hint}")
    else:
        typer.echo(f"hooks: none ({h.get('reason')})")
    states = s.agents.get("states") or {}
    if states:
        wired = ", ".join(f"{k} {v}" for k, v in states.items())
        hint = "" if all(v == "installed" for v in states.values()) else " (omp agents install)"
        typer.echo(f"agents: {wired}{hint}")


@app.command()
def context(
    ctx: typer.Context,
    budget_tokens: Annotated[
        int | None,
        typer.Option(
            "--budget-tokens",
            help="Most tokens the pack may take (estimated; default 2400, which fits the "
            "10,000 characters of a Claude Code SessionStart hook).",
            metavar="N",
            callback=_at_most,
        ),
    ] = None,
    task: Annotated[
        str | None,
        typer.Option("--for", help="What the session is about: relevant entries come first."),
    ] = None,
    format: Annotated[
        str, typer.Option("--format", help="md (the pack) or json (with every entry's reason).")
    ] = "md",
) -> None:
    """Print the start-up pack for an agent: facts, decisions in force, recent work, under a budget.

    Deterministic, built from the index; `--format json` says for every memory entry why it is
    in the pack (rule, score, recency) or why not (budget, status, expiry, relevance).
    """
    with _reported():
        from omp import context as pack_of
        from omp.errors import UsageError

        if format not in ("md", "json"):
            raise UsageError(f"unknown --format {format!r}", hint="use md or json")
        pack = pack_of.build(
            _root(ctx), budget_tokens=budget_tokens, task=task, full=format == "json"
        )
        if format == "json":
            _print_json(pack.to_json())
        else:
            sys.stdout.write(pack.text)


# ---------------------------------------------------------------------------------------------
# manifests (Odysseus agent-migration.v1)

manifest_app = typer.Typer(
    help="Odysseus agent-migration.v1 manifests: build one from agent exports, or export this "
    "project's memory as one (`omp import` applies one).",
    no_args_is_help=True,
)
app.add_typer(manifest_app, name="manifest")


@manifest_app.command(
    "build",
    add_help_option=False,
    context_settings={
        "allow_extra_args": True,
        "ignore_unknown_options": True,
        "help_option_names": [],
    },
)
def manifest_build(ctx: typer.Context) -> None:
    """Build an Odysseus agent-migration.v1 manifest from agent exports (memories, skills, conversations, archives).

    The flags are Odysseus' builder's; `omp manifest build --help` lists them.
    """  # noqa: E501
    from omp import manifest_build as builder

    raise typer.Exit(builder.main(list(ctx.args), prog="omp manifest build"))


@manifest_app.command("export")
def manifest_export(
    ctx: typer.Context,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the manifest here (atomically), not stdout."),
    ] = None,
    include_archive_content: Annotated[
        bool,
        typer.Option("--include-archive-content", help="Embed the Markdown bank files' text."),
    ] = False,
    include_conversation_content: Annotated[
        bool,
        typer.Option(
            "--include-conversation-content", help="Embed the session records as messages."
        ),
    ] = False,
    compact: Annotated[bool, typer.Option("--compact", help="Compact JSON.")] = False,
    user: Annotated[
        bool,
        typer.Option("--user/--no-user", help="Include the user store's memories (default)."),
    ] = True,
) -> None:
    """Export this project's memory as an agent-migration.v1 manifest.

    Decisions, project facts, the changelog and user memories become memory items carrying
    their omp ids and entries (so `omp import --accept-memories` restores them), skills become
    skill items, sessions conversation threads, Markdown bank files archive documents.
    """
    with _reported():
        from omp import manifest_export, writer

        manifest = manifest_export.export_manifest(
            _root(ctx),
            include_archive_content=include_archive_content,
            include_conversation_content=include_conversation_content,
            user=user,
        )
        text = manifest_export.dumps(manifest, compact=compact)
        if output is None:
            sys.stdout.write(text)
            return
        output.parent.mkdir(parents=True, exist_ok=True)
        writer.atomic_write(output, text)
        summary = manifest["summary"]
        typer.echo(
            f"wrote {output}: {summary['item_count']} items, {summary['warning_count']} warnings",
            err=True,
        )


@app.command("import")
def import_(
    ctx: typer.Context,
    manifest: Annotated[
        Path, typer.Argument(help="An agent-migration.v1 manifest (omp manifest build/export).")
    ],
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Show counts, duplicates, secrets, a sample and the files that would change; "
            "write nothing.",
        ),
    ] = False,
    accept_memories: Annotated[
        bool,
        typer.Option(
            "--accept-memories",
            help="Write memory items through the extraction filters instead of staging them "
            "all in candidates.yaml for `omp review`.",
        ),
    ] = False,
    skills: Annotated[
        str,
        typer.Option(
            "--skills",
            help="When a skill of that name is already installed: skip, rename or overwrite.",
            metavar="MODE",
        ),
    ] = "skip",
    as_json: Json = False,
) -> None:
    """Import a manifest from another agent: memories for review, skills, archived threads.

    The manifest is untrusted: it is validated, nothing it names decides where a file goes,
    and items holding secrets are skipped. Importing the same manifest again changes nothing.
    """
    with _reported():
        from omp import manifest as importer

        result = importer.import_manifest(
            _root(ctx),
            manifest,
            dry_run=dry_run,
            accept_memories=accept_memories,
            skills=skills,
            by=_globals(ctx).by,
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_import(result)


def _report_import(result: Any) -> None:
    marks = {"stage": "?", "store": "+", "install": "+", "archive": "=", "skip": "-"}
    for p in result.planned:
        where = f" -> {p.to}" if p.to else ""
        typer.echo(f"{marks.get(p.action, ' ')} {p.kind:<20} {p.title[:60]}{where}  ({p.reason})")
    for w in result.warnings:
        typer.echo(f"manifest warning: {w.get('path')}: {w.get('message')}", err=True)
    if result.degraded:
        typer.echo(f"note: {result.degraded}; user memories queued in user-context.yaml", err=True)
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(result.counts.items())) or "no items"
    acts = ", ".join(f"{k} {n}" for k, n in sorted(result.actions.items())) or "nothing"
    prefix = "would " if result.dry_run else ""
    typer.echo(f"{result.manifest}: {kinds}; {prefix}{acts}", err=True)
    files = result.files()
    typer.echo(
        f"{'would change' if result.dry_run else 'changed'}: {', '.join(files) or 'no files'}",
        err=True,
    )


@app.command("hook", hidden=True)
def hook(
    name: Annotated[str, typer.Argument(help="The git hook being run.")],
    args: Annotated[list[str] | None, typer.Argument(help="Git's arguments.")] = None,
) -> None:
    """Run from a git hook installed by `omp hooks install` (not meant to be run by hand)."""
    from omp import hooks

    reads = name == "post-rewrite" and not sys.stdin.isatty()
    raise typer.Exit(
        hooks.run(name, list(args or []), sys.stdin.read() if reads else "", Path.cwd())
    )


@app.command("merge-driver")
def merge_driver(
    base: Annotated[Path, typer.Argument(help="%O: the common ancestor's version.")],
    ours: Annotated[Path, typer.Argument(help="%A: our version; the result is written here.")],
    theirs: Annotated[Path, typer.Argument(help="%B: their version.")],
    name: Annotated[str, typer.Argument(help="%P: the file's path in the repository.")],
) -> None:
    """Merge a memory file entry by entry (git runs this; `omp hooks install` registers it)."""
    from omp import merge

    try:
        messages = merge.merge_file(base, ours, theirs, name)
    except OmpError as e:
        typer.echo(f"omp merge-driver: {e}", err=True)
        raise typer.Exit(1) from None
    for message in messages:
        typer.echo(f"omp merge-driver: {message}", err=True)
    raise typer.Exit(1 if messages else 0)


@app.command()
def watch(
    ctx: typer.Context,
    once: Annotated[
        bool, typer.Option("--once", help="Process what changed since the last look, then exit.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print each record as JSON.")] = False,
) -> None:
    """Turn edits made outside omp (editors, git pull) into change records; Ctrl-C stops."""
    with _reported():
        import signal
        import threading

        from omp import watch as watcher

        root = _root(ctx)

        def show(records: list[Any]) -> None:
            for record in records:
                _print_change(record, as_json=as_json)
                if record.kind == "warning":
                    typer.echo(f"warning: {record.file}: {record.change}", err=True)

        if once:
            show(watcher.scan(root))
            return
        stop = threading.Event()
        # both signals only ask the loop to stop, and are handled before "watching" is
        # printed: a signal sent as soon as the watcher says it is up must stop it cleanly
        previous = {
            sig: signal.signal(sig, lambda *_: stop.set())
            for sig in (signal.SIGTERM, signal.SIGINT)
        }
        try:
            typer.echo(f"watching {root.display(root.memory)} (Ctrl-C stops)", err=True)
            watcher.run(root, stop=stop, on_records=show)
        except KeyboardInterrupt:
            stop.set()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


@app.command()
def mcp(ctx: typer.Context) -> None:
    """Serve this project's memory to MCP clients (Claude Code, Cursor, Codex) over stdio.

    Tools: get_context, search_memory, add_memory, list_changes, validate. The client starts
    the server (e.g. `claude mcp add omp -- omp mcp`); it writes as --by, $OMP_AGENT or mcp.
    Needs the optional MCP SDK, the `mcp` extra of omp.
    """
    with _reported():
        from omp import mcp_server

        mcp_server.serve(_start(ctx), by=_globals(ctx).by)


_GLOBAL_WITH_VALUE = ("-C", "--root", "--by")


def _command_path(argv: list[str]) -> list[str] | None:
    """The command and sub-command named in `argv`, after global options.

    [] for `--version` alone; None for help, for no command at all and for anything this
    quick look cannot tell: typer then sees every command.
    """
    names: list[str] = []
    expect_value = False
    for arg in argv:
        if expect_value:
            expect_value = False
        elif arg in ("-h", "--help"):
            return None
        elif arg in _GLOBAL_WITH_VALUE:
            expect_value = True
        elif not arg.startswith("-"):
            names.append(arg)
            if len(names) == 2 or names[0] != "add":
                return names
    if names:
        return names
    return [] if "--version" in argv else None


def _only(typer_app: typer.Typer, names: list[str]) -> None:
    """Keep only the command `names[0]` (and its sub-command) in `typer_app`."""
    if not names:
        typer_app.registered_commands = []
        typer_app.registered_groups = []
        return
    wanted = names[0]
    commands = [
        c
        for c in typer_app.registered_commands
        if (c.name or (c.callback.__name__ if c.callback else "")) == wanted
    ]
    groups = [g for g in typer_app.registered_groups if g.name == wanted]
    if not commands and not groups:
        return  # unknown: typer reports it, with the list of commands
    typer_app.registered_commands = commands
    typer_app.registered_groups = groups
    if groups and len(names) > 1 and groups[0].typer_instance is not None:
        _only(groups[0].typer_instance, names[1:])


def main() -> None:
    """Entry point of the `omp` console script.

    typer turns every registered command into a click command before it parses anything;
    doing that for the one command being run is most of a fast start-up, and omp runs in
    git hooks and at every agent start-up.
    """
    names = _command_path(sys.argv[1:])
    if names is not None:
        _only(app, names)
    app()
