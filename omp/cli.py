"""The `omp` command: parse arguments, call one library function, print its result.

Library modules are imported inside each command so that a command loads only what it uses.
Arguments are parsed by the standard library's argparse: omp runs in git hooks and at every
agent start-up, and importing a command-line framework (typer, with click under it) took
longer than the rest of a read command (see "Scale" in the README).

Each command is a function registered with `command(WORDS..., OPTIONS...)`: it receives the
global options (`Globals`) and its own arguments by name.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from omp import __version__
from omp.errors import OmpError

if TYPE_CHECKING:
    from omp.paths import MemoryRoot
    from omp.store import WriteResult

HELP = (
    "Git-backed project memory for AI coding agents: decisions, changelog, sessions and "
    "project facts as comment-preserving YAML in _omp/memory/."
)


class Globals(NamedTuple):
    """The options given before the command."""

    root: Path | None
    by: str | None


class Opt(NamedTuple):
    """An argument of a command, as `argparse.ArgumentParser.add_argument` takes it."""

    flags: tuple[str, ...]
    settings: dict[str, Any]


def opt(*flags: str, **settings: Any) -> Opt:
    """An argument (a name) or an option (flags), with add_argument's settings."""
    return Opt(flags, settings)


def flag(*flags: str, help: str, **settings: Any) -> Opt:
    """An option that is off unless given."""
    return Opt(flags, {"action": "store_true", "help": help, **settings})


def many(*flags: str, help: str, **settings: Any) -> Opt:
    """An option that may be given several times; None when it is not given."""
    return Opt(flags, {"action": "append", "help": help, **settings})


class Command(NamedTuple):
    """A command: its words (`("add", "decision")`), its function and its arguments.

    A `raw` command gets its arguments as they are (`omp manifest build`); a `hidden` one is
    not listed in the help.
    """

    words: tuple[str, ...]
    run: Callable[..., int | None]
    options: tuple[Opt, ...]
    hidden: bool = False
    raw: bool = False


# every command, in the order of the help
COMMANDS: dict[tuple[str, ...], Command] = {}

# the commands that hold others, and their help; `omp review` alone also runs a command
GROUPS: dict[str, str] = {
    "add": "Record a decision, a changelog entry or a session.",
    "review": "Review extracted items waiting in candidates.yaml: list, accept, reject, edit.",
    "user": "The user store ($XDG_DATA_HOME/omp): your preferences and skills across projects.",
    "hooks": "Git hooks: validate memory before commits, record commits in the changelog, keep "
    "the index and journal current after merges, checkouts and rebases.",
    "agents": "Editor agents: tell Claude Code, Codex, Cursor and AGENTS.md readers to use omp, "
    "without clobbering their files.",
    "manifest": "Odysseus agent-migration.v1 manifests: build one from agent exports, or export "
    "this project's memory as one (`omp import` applies one).",
}


def command(
    *parts: str | Opt, hidden: bool = False, raw: bool = False
) -> Callable[[Callable[..., int | None]], Callable[..., int | None]]:
    """Register the function it decorates as the command `parts`' words, with `parts`' options."""

    def register(run: Callable[..., int | None]) -> Callable[..., int | None]:
        words = tuple(p for p in parts if isinstance(p, str))
        options = tuple(p for p in parts if isinstance(p, Opt))
        COMMANDS[words] = Command(words, run, options, hidden=hidden, raw=raw)
        return run

    return register


def _echo(message: str = "", *, err: bool = False, nl: bool = True) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(message + "\n" if nl else message)
    stream.flush()


@contextlib.contextmanager
def _reported() -> Iterator[None]:
    """Turn library errors into `error: ...` on stderr and the error's exit status."""
    try:
        yield
    except OmpError as e:
        _echo(f"error: {e}", err=True)
        raise SystemExit(e.exit_code) from None
    except KeyboardInterrupt:
        _echo("interrupted", err=True)
        raise SystemExit(130) from None


def _start(g: Globals) -> Path:
    if g.root is None:
        return Path.cwd()
    if not g.root.is_dir():
        raise OmpError(f"-C {g.root}: not a folder", hint="give an existing folder")
    return g.root.absolute()


def _root(g: Globals) -> MemoryRoot:
    from omp.paths import find_root

    root = find_root(_start(g))
    hint = root.legacy_hint()
    if hint:
        _echo(f"note: {hint}", err=True)
    return root


def _print_json(data: Any) -> None:
    import json

    _echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))


def _report_write(
    result: WriteResult, *, as_json: bool, dry_run: bool, quiet_id: bool = False
) -> None:
    if as_json:
        _print_json(result.to_json())
        return
    if dry_run:
        diff = result.diff()
        _echo(diff, nl=False)
        _echo("dry run: nothing written" if diff else "dry run: nothing would change", err=True)
    if quiet_id:
        for e in result.entries:
            _echo(e.id)
    verbs = (
        {"added": "would add", "updated": "would update", "unchanged": "already recorded"}
        if dry_run
        else {"added": "added", "updated": "updated", "unchanged": "already recorded"}
    )
    for e in result.entries:
        _echo(f"{verbs.get(e.action, e.action)}: {e.kind} {e.id} in {e.file}", err=True)
    if not dry_run:
        for f in result.files:
            for change in f.changes:
                _echo(f"{f.display}: {change}", err=True)
        if not result.files:
            _echo("nothing changed", err=True)


# SQLite's largest integer: a count or cursor beyond it means "all" (and overflows the index)
MAX_INT = 2**63 - 1


def count(text: str) -> int:
    """A count or cursor option's value, at most MAX_INT (its low end is the library's to check)."""
    return min(int(text), MAX_INT)


DRY_RUN = flag("--dry-run", help="Print the diff; write nothing.")
JSON = opt("--json", dest="as_json", action="store_true", help="Print machine-readable JSON.")
DATE = opt("--date", help="YYYY-MM-DD (default: today).")


# ---------------------------------------------------------------------------------------------
# init


@command(
    "init",
    flag(
        "--here",
        help="Create the memory in this folder (or -C DIR), not at the top of the git "
        "repository: a package of a monorepo gets its own memory.",
    ),
    flag(
        "--force",
        help="Add memory/ even inside an _omp/ folder of another tool (never overwrites a file).",
    ),
    DRY_RUN,
    JSON,
)
def init(g: Globals, here: bool, force: bool, dry_run: bool, as_json: bool) -> None:
    """Create _omp/memory/ at the top of this repository (--here: in this folder).

    Adds only files that are missing. In a subfolder, it works on the nearest project above
    that has memory, else on the top.
    """
    with _reported():
        from omp.constants import OMP_DIR
        from omp.scaffold import init_project

        start = _start(g).absolute()
        result = init_project(start, here=here, force=force, dry_run=dry_run)
        if as_json:
            _print_json(result.to_json())
            return
        prefix = "would create" if dry_run else "created"
        for rel in result.created:
            _echo(f"{prefix} {rel}")
        gitignore = _shown_from(result.project, result.gitignore)
        for old, new in result.gitignore_upgraded:
            verb = "would rewrite" if dry_run else "rewrote"
            _echo(f"{verb} {old} as {new} in {gitignore} (for every memory folder)")
        for line in result.gitignore_added:
            _echo(f"{'would add' if dry_run else 'added'} {line} to {gitignore}")
        changed = result.created or result.gitignore_added or result.gitignore_upgraded
        if not changed:
            _echo(f"omp memory is already set up in {result.project}")
        if result.project != start and not start.is_relative_to(result.project / OMP_DIR):
            sub = start.relative_to(result.project).as_posix()
            if result.project == result.repository:
                _echo(
                    f"note: omp memory is at the top of the git repository, {result.project}, "
                    f"not in {sub}; to give {sub} a memory of its own (a package of a "
                    "monorepo), run `omp init --here` there",
                    err=True,
                )
            else:
                _echo(
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


@command(
    "add",
    "decision",
    opt("--title", required=True, help="Short name of the decision."),
    opt("--choice", required=True, help="What was chosen."),
    opt("--context", help="The situation that called for it."),
    many(
        "--alternative",
        dest="alternatives",
        help="An option considered and not chosen (repeatable).",
    ),
    opt("--rationale", help="Why."),
    opt("--impact", help="What it changes."),
    opt(
        "--status",
        help="proposed | active | superseded | disputed | retracted (new decisions: active).",
    ),
    opt("--id", help="Update or create the decision with this id."),
    DATE,
    DRY_RUN,
    JSON,
)
def add_decision(
    g: Globals,
    title: str,
    choice: str,
    context: str | None,
    alternatives: list[str] | None,
    rationale: str | None,
    impact: str | None,
    status: str | None,
    id: str | None,
    date: str | None,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Record a decision in decisions.yaml; prints its id."""
    with _reported():
        from omp import store

        result = store.add_decision(
            _root(g),
            title=title,
            choice=choice,
            context=context,
            alternatives=alternatives or [],
            rationale=rationale,
            impact=impact,
            status=status,
            id=id,
            date=date,
            by=g.by,
            dry_run=dry_run,
        )
        _report_write(result, as_json=as_json, dry_run=dry_run, quiet_id=True)


@command(
    "add",
    "change",
    opt("--summary", required=True, help="What changed, in one line."),
    opt(
        "--type",
        default="other",
        help="feat | fix | docs | refactor | perf | deploy | config | chore | other.",
    ),
    opt("--ref", help="Commit sha, tag or deploy id (entries are deduplicated by it)."),
    opt("--scope", help="Area of the project."),
    flag("--breaking", help="A breaking change."),
    DATE,
    DRY_RUN,
    JSON,
)
def add_change(
    g: Globals,
    summary: str,
    type: str,
    ref: str | None,
    scope: str | None,
    breaking: bool,
    date: str | None,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Append an entry to changelog.yaml; prints its id."""
    with _reported():
        from omp import store

        result = store.add_change(
            _root(g),
            summary=summary,
            type=type,
            ref=ref,
            scope=scope,
            breaking=breaking,
            date=date,
            by=g.by,
            dry_run=dry_run,
        )
        _report_write(result, as_json=as_json, dry_run=dry_run, quiet_id=True)


@command(
    "add",
    "session",
    opt("--summary", required=True, help="What the session was about."),
    many("--action", dest="actions", help="A key action (repeatable)."),
    many("--decision", dest="decisions", help="A decision id or text (repeatable)."),
    many("--outcome", dest="outcomes", help="An outcome (repeatable)."),
    opt("--date", help="YYYY-MM-DD: which sessions/<date>.yaml (default: today)."),
    DRY_RUN,
    JSON,
)
def add_session(
    g: Globals,
    summary: str,
    actions: list[str] | None,
    decisions: list[str] | None,
    outcomes: list[str] | None,
    date: str | None,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Append a session record to sessions/<date>.yaml; prints its id."""
    with _reported():
        from omp import store

        result = store.add_session(
            _root(g),
            summary=summary,
            actions=actions or [],
            decisions=decisions or [],
            outcomes=outcomes or [],
            date=date,
            by=g.by,
            dry_run=dry_run,
        )
        _report_write(result, as_json=as_json, dry_run=dry_run, quiet_id=True)


# ---------------------------------------------------------------------------------------------
# set / write


@command(
    "set",
    opt(
        "key",
        metavar="KEY",
        help="Dotted key in project.yaml, e.g. deployment.vercel.status (`\\.` for a dot in a "
        "key).",
    ),
    opt(
        "value",
        nargs="?",
        metavar="VALUE",
        help='Value, read as a YAML scalar: true, 3, 2026-01-31, "3" for text.',
    ),
    flag("--unset", help="Remove KEY instead."),
    DRY_RUN,
    JSON,
)
def set_(
    g: Globals, key: str, value: str | None, unset: bool, dry_run: bool, as_json: bool
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
        root = _root(g)
        by = g.by
        if unset:
            result = store.unset_value(root, key, by=by, dry_run=dry_run)
        else:
            assert value is not None
            result = store.set_value(root, key, load_scalar(value), by=by, dry_run=dry_run)
        _report_write(result, as_json=as_json, dry_run=dry_run)


@command(
    "write",
    opt(
        "file",
        metavar="FILE|-",
        help="YAML or JSON file with any of project, decisions, changelog, sessions; - for "
        "standard input.",
    ),
    DRY_RUN,
    JSON,
)
def write(g: Globals, file: str, dry_run: bool, as_json: bool) -> None:
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
        result = store.write_document(_root(g), document, source=source, by=g.by, dry_run=dry_run)
        _report_write(result, as_json=as_json, dry_run=dry_run)


# ---------------------------------------------------------------------------------------------
# read


@command(
    "validate",
    opt(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="Files or folders (a project, its _omp/, a memory folder); default: this "
        "project's memory.",
    ),
    JSON,
)
def validate(g: Globals, paths: list[Path], as_json: bool) -> None:
    """Check memory files (YAML, schemas, ids, secrets); exit 1 if anything is wrong."""
    with _reported():
        from omp.validate import validate as run

        start = _start(g)
        reports = run(
            [p if p.is_absolute() else start / p for p in paths or []] or None, start=start
        )
        bad = [r for r in reports if r.problems]
        if as_json:
            _print_json({"ok": not bad, "files": [r.to_json() for r in reports]})
        else:
            for r in reports:
                if not r.problems:
                    _echo(f"ok    {r.display}")
                for where, message in r.problems:
                    _echo(f"error {r.display}: {where}: {message}")
                for where, message in r.warnings:
                    _echo(f"warn  {r.display}: {where}: {message}")
            _echo(f"{len(reports)} file(s) checked, {len(bad)} with problems", err=True)
        if bad:
            raise SystemExit(1)


@command(
    "show",
    opt("what", metavar="WHAT", help="project | decisions | changelog | sessions"),
    opt("--id", help="Show only the entry with this id."),
    JSON,
)
def show(g: Globals, what: str, id: str | None, as_json: bool) -> None:
    """Print a memory file, or one entry of it, as written on disk."""
    with _reported():
        from omp.lookup import show as run

        text, data, warnings = run(_root(g), what, id=id, data=as_json)
        for warning in warnings:
            _echo(f"warning: {warning}", err=True)
        if as_json:
            _print_json(data)
        else:
            _echo(text, nl=not text.endswith("\n"))


@command(
    "search",
    opt("query", metavar="QUERY", help="Words to find (all must occur); Chinese too."),
    opt("--kind", help="decisions | changelog | sessions | project | markdown"),
    opt("--limit", type=count, default=20, metavar="N", help="How many hits at most (default 20)."),
    JSON,
)
def search(g: Globals, query: str, kind: str | None, limit: int, as_json: bool) -> None:
    """Full-text search of memory, best match first, with file and line."""
    with _reported():
        from omp.lookup import search as run

        result = run(_root(g), query, kind=kind, limit=limit)
        if as_json:
            _print_json(result.to_json())
            return
        for hit in result.hits:
            _echo(f"{result.file_of(hit)}:{hit.line}\t{hit.kind}\t{hit.id or '-'}\t{hit.title}")
        if not result.hits:
            _echo(f"no match for {query!r}", err=True)


@command(
    "index",
    flag("--rebuild", help="Forget the index and build it again from the files."),
    JSON,
)
def index(g: Globals, rebuild: bool, as_json: bool) -> None:
    """Bring the derived search index in _omp/.cache/ up to date (it is never the truth)."""
    with _reported():
        from omp.lookup import reindex

        report = reindex(_root(g), rebuild=rebuild)
        if as_json:
            _print_json(report.to_json())
            return
        for rel in report.reindexed:
            _echo(f"indexed {rel}")
        _echo(f"{report.files} file(s), {report.entries} entries in {report.path.name}", err=True)


@command(
    "backups",
    opt(
        "file",
        nargs="?",
        metavar="FILE",
        help="A memory file, e.g. decisions.yaml (default: all).",
    ),
    JSON,
)
def backups_(g: Globals, file: str | None, as_json: bool) -> None:
    """List the backups omp took before each write, oldest first."""
    with _reported():
        from omp import store

        found = store.backups(_root(g), file)
        if as_json:
            _print_json(
                [
                    {"file": b.file, "backup": b.name, "taken": b.taken, "size": b.size}
                    for b in found
                ]
            )
            return
        for b in found:
            _echo(f"{b.file}\t{b.name}\t{b.size} bytes")
        if not found:
            _echo("no backups", err=True)


@command(
    "restore",
    opt("file", metavar="FILE", help="The memory file to restore, e.g. decisions.yaml."),
    opt("--backup", help="Backup name or stamp (default: the newest)."),
    flag("--force", help="Restore even a backup that fails validation."),
    DRY_RUN,
    JSON,
)
def restore(
    g: Globals, file: str, backup: str | None, force: bool, dry_run: bool, as_json: bool
) -> None:
    """Put a backup back in place; the current version is backed up first."""
    with _reported():
        from omp import store

        result = store.restore(_root(g), file, backup=backup, force=force, dry_run=dry_run)
        _report_write(result, as_json=as_json, dry_run=dry_run)


# ---------------------------------------------------------------------------------------------
# extract, review, user


@command(
    "extract",
    opt(
        "sources",
        nargs="*",
        metavar="SOURCE",
        help="Conversation exports, transcripts, deploy logs or folders of them (- reads "
        "standard input).",
    ),
    opt("--text", help="Extract from this text (as the user's words)."),
    opt(
        "--git", metavar="RANGE", help="Extract from the commits of a git range (e.g. v1.2..HEAD)."
    ),
    opt(
        "--format",
        help="Force the source format: text, chat-json, chatgpt, claude-code, codex, aider, "
        "deploy.",
    ),
    opt(
        "--min-confidence",
        type=float,
        default=0.4,
        metavar="X",
        help="Drop items below this confidence (0-1; default 0.4).",
    ),
    opt(
        "--llm-cmd",
        metavar="CMD",
        help="External extractor: gets the (redacted) messages as JSON on stdin, prints JSON "
        "candidates; they pass the same checks and filters.",
    ),
    flag("--dry-run", help="Show what would be stored; write nothing."),
    JSON,
)
def extract(
    g: Globals,
    sources: list[str],
    text: str | None,
    git: str | None,
    format: str | None,
    min_confidence: float,
    llm_cmd: str | None,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Turn conversations, commits and deploy output into memory (rules in English and Chinese).

    Items with confidence >= 0.7 are written, 0.4-0.7 wait in candidates.yaml for `omp review`,
    personal preferences go to the user store. Secrets and personal data are redacted first.
    """
    with _reported():
        from omp import ingest

        result = ingest.extract(
            _root(g),
            sources or [],
            text=text,
            git=git,
            format=format,
            min_confidence=min_confidence,
            llm_cmd=llm_cmd,
            by=g.by,
            dry_run=dry_run,
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_extract(result)
        if not dry_run and result.summary()["review"]:
            from omp import review

            # the queue grows across runs: say how long it is now, and how to work it off
            pending = len(review.queue(_root(g)))
            _echo(
                f"review queue: {pending} pending (`omp review` lists them, "
                "`omp review accept ID` or `omp review reject ID` settles one)",
                err=True,
            )


@command(
    "llm-bridge",
    opt(
        "model_cmd",
        nargs="?",
        metavar="MODEL_CMD",
        help="The model command: reads a prompt on stdin and prints its answer "
        '("claude -p", "llm -m MODEL", "ollama run MODEL").',
    ),
    flag("--print-prompt", help="Print the prompt for the messages; run nothing."),
    opt(
        "--timeout",
        type=float,
        default=540.0,
        metavar="S",
        help="Seconds to wait for the model (default 540).",
    ),
)
def llm_bridge(_g: Globals, model_cmd: str | None, print_prompt: bool, timeout: float) -> None:
    """A ready --llm-cmd: prompt a model command with the messages, print its candidates.

    `omp extract` runs it and sends the redacted messages on stdin, e.g.
    omp extract chat.jsonl --llm-cmd "omp llm-bridge 'claude -p'".
    """
    with _reported():
        from omp import llmbridge
        from omp.errors import UsageError

        payload = llmbridge.payload(sys.stdin.read())
        if print_prompt:
            _echo(llmbridge.prompt(payload), nl=False)
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
        _echo(
            f"{marks.get(c.action, ' ')} {c.target:<10} {c.confidence:.2f}  {str(what)[:90]}{note}"
        )
    for r in result.batch.redactions:
        _echo(f"redacted {r.kind} in {r.path} [{r.index}]", err=True)
    for w in result.batch.warnings:
        _echo(f"warning: {w}", err=True)
    if result.degraded:
        _echo(
            f"note: {result.degraded}; personal items queued in user-context.yaml "
            "(`omp user flush` moves them later)",
            err=True,
        )
    s = result.summary()
    _echo(
        f"{prefix}stored {s['stored']}, already in memory {s['unchanged']}, merged {s['merged']}, "
        f"superseded {s['superseded']}, "
        f"for review {s['review']}, dropped {s['dropped']}, redacted {s['redactions']}",
        err=True,
    )
    if result.project is not None and result.dry_run:
        _echo(result.project.diff(), nl=False)


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


SET_FIELDS = many(
    "--set",
    dest="fields",
    metavar="KEY=VALUE",
    help="Change a field of the entry first: key=value (repeatable).",
)
ALL_PENDING = flag("--all", dest="all_pending", help="Every candidate waiting for review.")


@command(
    "review",
    flag("--all-items", help="Also list reviewed items."),
    JSON,
)
def review_list(g: Globals, all_items: bool, as_json: bool) -> None:
    """List the candidates waiting for review (with no sub-command)."""
    with _reported():
        from omp import review

        items = review.queue(_root(g), everything=all_items)
        if as_json:
            _print_json(items)
            return
        if not items:
            _echo("nothing waiting for review", err=True)
        for c in items:
            entry = c.get("entry") or {}
            what = _what(entry)
            status = "" if c.get("status", "pending") == "pending" else f" [{c.get('status')}]"
            _echo(f"{c.get('id')}  {c.get('target'):<10} {c.get('confidence', '')}  {what}{status}")
            if c.get("reason"):
                _echo(f"    {c.get('reason')}")


@command(
    "review",
    "accept",
    opt("ids", nargs="*", metavar="ID", help="Candidate ids."),
    ALL_PENDING,
    SET_FIELDS,
    DRY_RUN,
    JSON,
)
def review_accept(
    g: Globals,
    ids: list[str],
    all_pending: bool,
    fields: list[str] | None,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Write candidates to memory (through the writer) and mark them accepted."""
    with _reported():
        from omp import review

        result = review.accept(
            _root(g),
            ids or [],
            all_pending=all_pending,
            fields=review.parse_fields(fields or []),
            by=g.by,
            dry_run=dry_run,
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_write(result.project, as_json=False, dry_run=dry_run)
        _echo(f"{'would accept' if dry_run else 'accepted'}: {', '.join(result.ids)}", err=True)


@command(
    "review",
    "reject",
    opt("ids", nargs="*", metavar="ID", help="Candidate ids."),
    ALL_PENDING,
    DRY_RUN,
    JSON,
)
def review_reject(
    g: Globals, ids: list[str], all_pending: bool, dry_run: bool, as_json: bool
) -> None:
    """Mark candidates rejected; they stay listed so they are not proposed again."""
    with _reported():
        from omp import review

        result = review.reject(
            _root(g), ids or [], all_pending=all_pending, by=g.by, dry_run=dry_run
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_write(result.project, as_json=False, dry_run=dry_run)
        _echo(f"{'would reject' if dry_run else 'rejected'}: {', '.join(result.ids)}", err=True)


@command(
    "review",
    "edit",
    opt("id", metavar="ID", help="Candidate id."),
    SET_FIELDS,
    DRY_RUN,
    JSON,
)
def review_edit(
    g: Globals, id: str, fields: list[str] | None, dry_run: bool, as_json: bool
) -> None:
    """Change a waiting candidate's entry (it stays waiting)."""
    with _reported():
        from omp import review

        result = review.edit(
            _root(g), id, review.parse_fields(fields or []), by=g.by, dry_run=dry_run
        )
        _report_write(result.project, as_json=as_json, dry_run=dry_run)


@command("user", "list", JSON)
def user_list(_g: Globals, as_json: bool) -> None:
    """List the memories in the user store."""
    with _reported():
        from omp import userstore

        items = userstore.memories()
        off = userstore.unavailable()
        if as_json:
            where = str(userstore.location())
            _print_json({"location": where, "unavailable": off, "memories": items})
            return
        _echo(f"user store: {off}" if off else f"user store: {userstore.location()}", err=True)
        for m in items:
            _echo(f"{m.get('id')}  {m.get('kind', ''):<10} {m.get('text')}")


@command("user", "flush", DRY_RUN, JSON)
def user_flush(g: Globals, dry_run: bool, as_json: bool) -> None:
    """Move items queued in user-context.yaml (while the store was unavailable) to the store."""
    with _reported():
        from omp import userstore

        result = userstore.flush(_root(g), by=g.by, dry_run=dry_run)
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
        _echo(f"{verb} {result.moved} item(s) to {userstore.location()}", err=True)


# ---------------------------------------------------------------------------------------------
# changes


@command(
    "changes",
    opt(
        "--since",
        type=count,
        default=0,
        metavar="CURSOR",
        help="Only changes after this cursor.",
    ),
    opt("--limit", type=count, metavar="N", help="At most N changes."),
    flag("--follow", "-f", help="Keep printing changes as they happen."),
    opt(
        "--json",
        dest="as_json",
        action="store_true",
        help="Print JSON (one object per line with --follow).",
    ),
)
def changes(g: Globals, since: int, limit: int | None, follow: bool, as_json: bool) -> None:
    """List what changed in memory, from the change journal (cursor, time, who, file, change)."""
    with _reported():
        from omp import journal

        root = _root(g)
        page = journal.read(root, since=since, limit=limit)
        if page.problem:
            _echo(f"note: the change journal cannot be kept: {page.problem}", err=True)
        if page.missed:
            _echo(
                f"note: changes after cursor {since} up to {(page.oldest or 1) - 1} were "
                "rotated out of the journal; re-read memory (`omp show`) to catch up",
                err=True,
            )
        if page.latest < since:
            _echo(
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
                _echo(f"no changes after cursor {since} (latest: {page.latest})", err=True)
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
        _echo(json.dumps(change.to_json(), ensure_ascii=False))
    else:
        who = change.by if change.kind == "write" else f"{change.by} ({change.kind})"
        _echo(f"{change.cursor}\t{change.time}\t{who}\t{change.file}\t{change.change}")
    sys.stdout.flush()


# ---------------------------------------------------------------------------------------------
# hooks


def _report_hooks(result: Any, *, as_json: bool, verb: str, would: str = "") -> None:
    if as_json:
        _print_json(result.to_json())
        return
    for hook in result.hooks:
        note = ""
        if hook.state == "omp-as-legacy":
            note = f"  (omp's script is {hook.path.name}, run by another manager's hook)"
        _echo(f"{hook.name:<14} {hook.state}{note}")
    _echo(f"{'merge-driver':<14} {'registered' if result.merge_driver else 'missing'}")
    if verb:
        done = ", ".join(result.changed) or "nothing"
        said = f"would {would}" if result.dry_run else verb
        _echo(f"{said}: {done} ({result.folder})", err=True)


@command("hooks", "install", DRY_RUN, JSON)
def hooks_install(g: Globals, dry_run: bool, as_json: bool) -> None:
    """Install omp's git hooks (an existing hook is kept as NAME.legacy and still runs)."""
    with _reported():
        from omp import hooks

        _report_hooks(
            hooks.install(_start(g), dry_run=dry_run),
            as_json=as_json,
            verb="installed",
            would="install",
        )


@command("hooks", "uninstall", DRY_RUN, JSON)
def hooks_uninstall(g: Globals, dry_run: bool, as_json: bool) -> None:
    """Remove omp's git hooks and put back the hooks they replaced."""
    with _reported():
        from omp import hooks

        _report_hooks(
            hooks.uninstall(_start(g), dry_run=dry_run),
            as_json=as_json,
            verb="removed",
            would="remove",
        )


@command("hooks", "status", JSON)
def hooks_status(g: Globals, as_json: bool) -> None:
    """Show which hooks are omp's, chained with a previous hook, someone else's or missing."""
    with _reported():
        from omp import hooks

        _report_hooks(hooks.status(_start(g)), as_json=as_json, verb="")


# ---------------------------------------------------------------------------------------------
# editor agents


AGENTS = (
    flag("--claude", help="Claude Code: CLAUDE.md block, SessionStart hook."),
    flag("--codex", help="Codex: the AGENTS.md block."),
    flag("--cursor", help="Cursor: .cursor/rules/omp.mdc."),
    flag("--agents-md", help="The AGENTS.md block (read by many agents)."),
)


def _agent_targets(*, claude: bool, codex: bool, cursor: bool, agents_md: bool) -> list[str]:
    chosen = {"claude": claude, "codex": codex, "cursor": cursor, "agents-md": agents_md}
    return [name for name, on in chosen.items() if on]


def _report_agents(result: Any, *, as_json: bool) -> None:
    if as_json:
        _print_json(result.to_json())
        return
    if result.dry_run:
        _echo(result.diff(), nl=False)
    verbs = {"create": "created", "update": "updated", "delete": "deleted"}
    changed = [c for c in result.changes if c.action != "unchanged"]
    for c in changed:
        verb = f"would {c.action}" if result.dry_run else verbs[c.action]
        _echo(f"{verb} {c.path} ({c.what})", err=result.dry_run)
    for note in result.notes:
        _echo(f"note: {note}", err=True)
    if not changed:
        _echo("nothing to change", err=True)


@command("agents", "install", *AGENTS, DRY_RUN, JSON)
def agents_install(
    g: Globals,
    claude: bool,
    codex: bool,
    cursor: bool,
    agents_md: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Tell editor agents to use omp (all of them when no agent is named).

    Adds a marked block to AGENTS.md and CLAUDE.md, a SessionStart hook running `omp context`
    to .claude/settings.json and the rule .cursor/rules/omp.mdc; the rest of each file keeps
    its bytes. Running it again changes nothing.
    """
    with _reported():
        from omp import agents

        targets = _agent_targets(claude=claude, codex=codex, cursor=cursor, agents_md=agents_md)
        result = agents.install(_root(g), targets=targets, dry_run=dry_run)
        _report_agents(result, as_json=as_json)


@command("agents", "uninstall", *AGENTS, DRY_RUN, JSON)
def agents_uninstall(
    g: Globals,
    claude: bool,
    codex: bool,
    cursor: bool,
    agents_md: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Remove exactly what `omp agents install` added (all agents when none is named).

    Files it created are deleted, files that existed get their previous bytes back.
    """
    with _reported():
        from omp import agents

        targets = _agent_targets(claude=claude, codex=codex, cursor=cursor, agents_md=agents_md)
        result = agents.uninstall(_root(g), targets=targets, dry_run=dry_run)
        _report_agents(result, as_json=as_json)


@command("agents", "status", JSON)
def agents_status(g: Globals, as_json: bool) -> None:
    """Show which editor agents are told to use omp, and the state of each file involved."""
    with _reported():
        from omp import agents

        result = agents.status(_root(g))
        if as_json:
            _print_json(result.to_json())
            return
        for target, state in result.states().items():
            recorded = "" if target in result.installed else "  (not installed by omp here)"
            _echo(f"{target:<10} {state}{recorded if state != 'missing' else ''}")
        for rel, state in result.files.items():
            _echo(f"  {rel:<22} {state}")


@command("status", JSON)
def status(g: Globals, as_json: bool) -> None:
    """Show the memory at a glance: files, review queue, user store, index, journal, hooks.

    Exits 1 when a memory file has problems (`omp validate` says which).
    """
    with _reported():
        from omp import status as status_of

        found = status_of.status(_root(g))
        if as_json:
            _print_json(found.to_json())
        else:
            _report_status(found)
        if not found.healthy:
            raise SystemExit(1)


def _report_status(s: Any) -> None:
    _echo(f"omp memory of {s.project} ({s.memory}/)")
    for f in s.files:
        what = f"{f.files} files, " if f.file.endswith("/") else ""
        when = f"  last change {f.last_change} by {f.last_by}" if f.last_change else ""
        bad = f"  {f.problems} PROBLEM(S): omp validate" if f.problems else ""
        _echo(f"  {f.file:<28} {what}{f.entries} entries{when}{bad}")
    _echo(
        f"review queue: {s.pending_review} pending" + (" (omp review)" if s.pending_review else "")
    )
    u = s.user_store
    if u["available"]:
        _echo(f"user store: {u['path']}: {u['memories']} memories, {u['queued']} queued")
    else:
        _echo(f"user store: unavailable ({u['reason']}); {u['queued']} queued")
    i = s.index
    _echo(
        f"index: {i['files']} files, {i['entries']} entries ({i['path']}); "
        f"{i['reindexed']} re-indexed now"
    )
    if s.journal.get("problem"):
        _echo(f"journal: unavailable ({s.journal['problem']})")
    else:
        _echo(f"journal: cursor {s.journal['cursor']} (omp changes)")
    h = s.hooks
    if h.get("hooks"):
        listed = ", ".join(f"{k} {v}" for k, v in h["hooks"].items())
        driver = "merge driver registered" if h["merge_driver"] else "no merge driver"
        hint = "" if h["installed"] else " (omp hooks install)"
        _echo(f"hooks: {listed}; {driver}{hint}")
    else:
        _echo(f"hooks: none ({h.get('reason')})")
    states = s.agents.get("states") or {}
    if states:
        wired = ", ".join(f"{k} {v}" for k, v in states.items())
        hint = "" if all(v == "installed" for v in states.values()) else " (omp agents install)"
        _echo(f"agents: {wired}{hint}")


@command(
    "context",
    opt(
        "--budget-tokens",
        type=count,
        metavar="N",
        help="Most tokens the pack may take (estimated; default 2400, which fits the 10,000 "
        "characters of a Claude Code SessionStart hook).",
    ),
    opt(
        "--for",
        dest="task",
        metavar="TASK",
        help="What the session is about: relevant entries come first.",
    ),
    opt(
        "--format",
        default="md",
        choices=("md", "json"),
        help="md (the pack, the default) or json (with every entry's reason).",
    ),
)
def context(g: Globals, budget_tokens: int | None, task: str | None, format: str) -> None:
    """Print the start-up pack for an agent: facts, decisions in force, recent work, under a budget.

    Deterministic, built from the index; `--format json` says for every memory entry why it is
    in the pack (rule, score, recency) or why not (budget, status, expiry, relevance).
    """
    with _reported():
        from omp import context as pack_of

        pack = pack_of.build(
            _root(g), budget_tokens=budget_tokens, task=task, full=format == "json"
        )
        if format == "json":
            _print_json(pack.to_json())
        else:
            sys.stdout.write(pack.text)


# ---------------------------------------------------------------------------------------------
# manifests (Odysseus agent-migration.v1)


@command("manifest", "build", raw=True)
def manifest_build(args: list[str]) -> int:
    """Build an Odysseus agent-migration.v1 manifest from agent exports (memories, skills, conversations, archives).

    The flags are Odysseus' builder's; `omp manifest build --help` lists them.
    """  # noqa: E501
    from omp import manifest_build as builder

    return builder.main(args, prog="omp manifest build")


@command(
    "manifest",
    "export",
    opt("--output", "-o", type=Path, help="Write the manifest here (atomically), not stdout."),
    flag("--include-archive-content", help="Embed the Markdown bank files' text."),
    flag("--include-conversation-content", help="Embed the session records as messages."),
    flag("--compact", help="Compact JSON."),
    opt(
        "--user",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="Include the user store's memories (the default) or not.",
    ),
)
def manifest_export(
    g: Globals,
    output: Path | None,
    include_archive_content: bool,
    include_conversation_content: bool,
    compact: bool,
    user: bool,
) -> None:
    """Export this project's memory as an agent-migration.v1 manifest.

    Decisions, project facts, the changelog and user memories become memory items carrying
    their omp ids and entries (so `omp import --accept-memories` restores them), skills become
    skill items, sessions conversation threads, Markdown bank files archive documents.
    """
    with _reported():
        from omp import manifest_export, writer

        manifest = manifest_export.export_manifest(
            _root(g),
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
        _echo(
            f"wrote {output}: {summary['item_count']} items, {summary['warning_count']} warnings",
            err=True,
        )


@command(
    "import",
    opt(
        "manifest",
        type=Path,
        metavar="MANIFEST",
        help="An agent-migration.v1 manifest (omp manifest build/export).",
    ),
    flag(
        "--dry-run",
        help="Show counts, duplicates, secrets, a sample and the files that would change; "
        "write nothing.",
    ),
    flag(
        "--accept-memories",
        help="Write memory items through the extraction filters instead of staging them all "
        "in candidates.yaml for `omp review`.",
    ),
    opt(
        "--skills",
        default="skip",
        metavar="MODE",
        help="When a skill of that name is already installed: skip (the default), rename or "
        "overwrite.",
    ),
    JSON,
)
def import_(
    g: Globals,
    manifest: Path,
    dry_run: bool,
    accept_memories: bool,
    skills: str,
    as_json: bool,
) -> None:
    """Import a manifest from another agent: memories for review, skills, archived threads.

    The manifest is untrusted: it is validated, nothing it names decides where a file goes,
    and items holding secrets are skipped. Importing the same manifest again changes nothing.
    """
    with _reported():
        from omp import manifest as importer

        result = importer.import_manifest(
            _root(g),
            manifest,
            dry_run=dry_run,
            accept_memories=accept_memories,
            skills=skills,
            by=g.by,
        )
        if as_json:
            _print_json(result.to_json())
            return
        _report_import(result)


def _report_import(result: Any) -> None:
    marks = {"stage": "?", "store": "+", "install": "+", "archive": "=", "skip": "-"}
    for p in result.planned:
        where = f" -> {p.to}" if p.to else ""
        _echo(f"{marks.get(p.action, ' ')} {p.kind:<20} {p.title[:60]}{where}  ({p.reason})")
    for w in result.warnings:
        _echo(f"manifest warning: {w.get('path')}: {w.get('message')}", err=True)
    if result.degraded:
        _echo(f"note: {result.degraded}; user memories queued in user-context.yaml", err=True)
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(result.counts.items())) or "no items"
    acts = ", ".join(f"{k} {n}" for k, n in sorted(result.actions.items())) or "nothing"
    prefix = "would " if result.dry_run else ""
    _echo(f"{result.manifest}: {kinds}; {prefix}{acts}", err=True)
    files = result.files()
    _echo(
        f"{'would change' if result.dry_run else 'changed'}: {', '.join(files) or 'no files'}",
        err=True,
    )


@command(
    "hook",
    opt("name", metavar="NAME", help="The git hook being run."),
    opt("args", nargs="*", metavar="ARG", help="Git's arguments."),
    hidden=True,
)
def hook(_g: Globals, name: str, args: list[str]) -> int:
    """Run from a git hook installed by `omp hooks install` (not meant to be run by hand)."""
    from omp import hooks

    reads = name == "post-rewrite" and not sys.stdin.isatty()
    return hooks.run(name, args, sys.stdin.read() if reads else "", Path.cwd())


@command(
    "merge-driver",
    opt("base", type=Path, metavar="BASE", help="%%O: the common ancestor's version."),
    opt("ours", type=Path, metavar="OURS", help="%%A: our version; the result is written here."),
    opt("theirs", type=Path, metavar="THEIRS", help="%%B: their version."),
    opt("name", metavar="NAME", help="%%P: the file's path in the repository."),
)
def merge_driver(_g: Globals, base: Path, ours: Path, theirs: Path, name: str) -> int:
    """Merge a memory file entry by entry (git runs this; `omp hooks install` registers it)."""
    from omp import merge

    try:
        messages = merge.merge_file(base, ours, theirs, name)
    except OmpError as e:
        _echo(f"omp merge-driver: {e}", err=True)
        return 1
    for message in messages:
        _echo(f"omp merge-driver: {message}", err=True)
    return 1 if messages else 0


@command(
    "watch",
    flag("--once", help="Process what changed since the last look, then exit."),
    opt("--json", dest="as_json", action="store_true", help="Print each record as JSON."),
)
def watch(g: Globals, once: bool, as_json: bool) -> None:
    """Turn edits made outside omp (editors, git pull) into change records; Ctrl-C stops."""
    with _reported():
        import signal
        import threading

        from omp import watch as watcher

        root = _root(g)

        def show(records: list[Any]) -> None:
            for record in records:
                _print_change(record, as_json=as_json)
                if record.kind == "warning":
                    _echo(f"warning: {record.file}: {record.change}", err=True)

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
            _echo(f"watching {root.display(root.memory)} (Ctrl-C stops)", err=True)
            watcher.run(root, stop=stop, on_records=show)
        except KeyboardInterrupt:
            stop.set()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


@command("mcp")
def mcp(g: Globals) -> None:
    """Serve this project's memory to MCP clients (Claude Code, Cursor, Codex) over stdio.

    Tools: get_context, search_memory, add_memory, list_changes, validate. The client starts
    the server (e.g. `claude mcp add omp -- omp mcp`); it writes as --by, $OMP_AGENT or mcp.
    Needs the optional MCP SDK, the `mcp` extra of omp.
    """
    with _reported():
        from omp import mcp_server

        mcp_server.serve(_start(g), by=g.by)


# ---------------------------------------------------------------------------------------------
# parsing


def _doc(run: Callable[..., Any]) -> str:
    """A command's docstring, its paragraphs as written (without the code's indentation)."""
    first, *rest = (run.__doc__ or "").strip().splitlines()
    return "\n".join([first, *(line.removeprefix("    ") for line in rest)])


def _new(parent: Any, name: str, description: str, *, listed: bool = True, **settings: Any) -> Any:
    """A parser for the command `name` under `parent` (the help lists its first line)."""
    if listed:
        settings["help"] = description.split("\n")[0]
    return parent.add_parser(
        name,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
        **settings,
    )


def _parser(wanted: tuple[str, ...] | None) -> argparse.ArgumentParser:
    """The parser of the commands `wanted` starts (every command: None; none: `()`).

    Only the command being run needs its parser: making one for each of the 36 commands and
    their groups costs a start-up about 13 ms (argparse looks up translations of its words at each).
    """
    top = argparse.ArgumentParser(prog="omp", description=HELP, allow_abbrev=False)
    top.add_argument(
        "-C", "--root", type=Path, metavar="DIR", help="Run as if omp was started in DIR (like "
        "`git -C`)."
    )  # fmt: skip
    top.add_argument(
        "--by",
        metavar="NAME",
        help="Who is writing, for _meta.updated_by (default: $OMP_AGENT, else omp).",
    )
    top.add_argument(
        "--version", action="version", version=f"omp {__version__}", help="Print the version and "
        "exit."
    )  # fmt: skip
    top.set_defaults(_help=top)
    commands = top.add_subparsers(title="commands", metavar="COMMAND")
    groups: dict[str, tuple[Any, Any]] = {}
    for words, cmd in COMMANDS.items():
        if wanted is not None and not (wanted and words[: len(wanted)] == wanted[: len(words)]):
            continue
        under = commands
        if words[0] in GROUPS:
            if words[0] not in groups:
                parser = _new(commands, words[0], GROUPS[words[0]])
                parser.set_defaults(_help=parser)
                groups[words[0]] = (parser, None)
            parser, subcommands = groups[words[0]]
            if len(words) == 1:  # `omp review` alone
                parser.description = f"{GROUPS[words[0]]}\n\n{_doc(cmd.run)}"
                _arguments(parser, cmd)
                continue
            if subcommands is None:
                subcommands = parser.add_subparsers(title="commands", metavar="COMMAND")
                groups[words[0]] = (parser, subcommands)
            under = subcommands
        parser = _new(under, words[-1], _doc(cmd.run), listed=not cmd.hidden, add_help=not cmd.raw)
        _arguments(parser, cmd)
    return top


def _arguments(parser: argparse.ArgumentParser, cmd: Command) -> None:
    dests = [parser.add_argument(*o.flags, **o.settings).dest for o in cmd.options]
    parser.set_defaults(_command=cmd, _dests=dests)


_GLOBAL_WITH_VALUE = ("-C", "--root", "--by")


def _words(argv: list[str]) -> tuple[tuple[str, ...] | None, int]:
    """The words of the command in `argv` (after the global options), and where they end.

    `()` when `argv` names no command (`--version`); None when it asks for help.
    """
    words: list[str] = []
    expect_value = False
    for at, arg in enumerate(argv):
        if expect_value:
            expect_value = False
        elif arg in ("-h", "--help"):
            return None, at
        elif arg in _GLOBAL_WITH_VALUE:
            expect_value = True
        elif arg.startswith("-"):
            if words:
                return tuple(words), at
        else:
            words.append(arg)
            if len(words) == 2 or words[0] not in GROUPS:
                return tuple(words), at + 1
    return tuple(words), len(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the command line `argv` (default: the process's); returns the exit status.

    A reader that stops reading (`omp changes | head`) ends the command quietly, with the
    status a shell gives a process killed by SIGPIPE.
    """
    try:
        return _main(sys.argv[1:] if argv is None else list(argv))
    except BrokenPipeError:
        # nothing more can be printed; keep the interpreter's final flush from failing again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _main(args: list[str]) -> int:
    words, end = _words(args)
    if words and not any(known[0] == words[0] for known in COMMANDS):
        _parser(()).error(f"no such command {words[0]!r} (`omp --help` lists the commands)")
    if words and words not in COMMANDS and words not in [(group,) for group in GROUPS]:
        words = None  # `omp add bogus`: argparse says what `omp add` takes
    cmd = COMMANDS.get(words) if words else None
    if cmd is not None and cmd.raw:
        return cmd.run(args[end:]) or 0
    parsed = _parser(words).parse_args(args)
    chosen: Command | None = getattr(parsed, "_command", None)
    if chosen is None and words is not None:  # `omp`, `omp add`: the help lists every command
        parsed = _parser(None).parse_args(args)
        chosen = getattr(parsed, "_command", None)
    if chosen is None:
        parsed._help.print_help()
        return 0
    g = Globals(parsed.root, parsed.by)
    return chosen.run(g, **{dest: getattr(parsed, dest) for dest in parsed._dests}) or 0
