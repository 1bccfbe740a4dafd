"""Editor agents: `omp agents install | uninstall | status`.

Wires omp into Claude Code, Codex, Cursor and any agent that reads `AGENTS.md`, without
clobbering what is there:

- `AGENTS.md` (agents-md, codex) and `CLAUDE.md` (claude) get a block between
  `<!-- omp:begin ... -->` and `<!-- omp:end -->` lines, appended after a blank line and
  replaced in place on re-install; every other byte of the file (BOM, CRLF, a missing final
  newline) is left alone. Markers inside fenced code blocks, or without omp's words after the
  begin marker, are the person's (an example, their own block) and never touched.
- `.claude/settings.json` (claude) gets a SessionStart hook running `omp context`, inserted as
  one text splice in the file's own indentation, so the rest of the file keeps its bytes.
- `.cursor/rules/omp.mdc` (cursor) is a rule of its own (frontmatter plus the same block).

What install did is recorded in `_omp/agents.json` (committed, no secrets: only omp's own
text, offsets and hashes), so uninstall removes exactly that: a file install created is
deleted, with the folders it created if they are empty; a file that existed gets its old bytes
back. A settings file edited since the install loses only omp's hook, and the result says so.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from omp import textdiff, writer
from omp.constants import AGENTS_STATE_FILE, OMP_DIR
from omp.errors import OmpError
from omp.paths import MemoryRoot
from omp.resources import resource_text

TARGETS = ("claude", "codex", "cursor", "agents-md")
AGENTS_MD = "AGENTS.md"
CLAUDE_MD = "CLAUDE.md"
CLAUDE_SETTINGS = ".claude/settings.json"
CURSOR_RULE = ".cursor/rules/omp.mdc"
# Files of each target, in the order they are written (Codex reads AGENTS.md).
TARGET_FILES: dict[str, tuple[str, ...]] = {
    "claude": (CLAUDE_MD, CLAUDE_SETTINGS),
    "codex": (AGENTS_MD,),
    "cursor": (CURSOR_RULE,),
    "agents-md": (AGENTS_MD,),
}
_FILE_ORDER = (AGENTS_MD, CLAUDE_MD, CLAUDE_SETTINGS, CURSOR_RULE)

BEGIN = "<!-- omp:begin"
# what omp writes after BEGIN (templates/agents/block.md): a block without it is not omp's
_OMP_BEGIN = "<!-- omp:begin (written by `omp agents install`"
END = "<!-- omp:end -->"
# Claude Code adds a SessionStart hook's stdout to the context, up to 10,000 characters;
# `omp context`'s default budget is chosen to fit.
HOOK_COMMAND = "omp context --format md"
HOOK_MATCHER = "startup|clear|compact"  # a resumed session already holds its context
STATE_VERSION = 1
BOM = "\ufeff"


class AgentsError(OmpError):
    """A file omp would have to change is not in a shape it can change safely."""


@dataclass(frozen=True, slots=True)
class FileChange:
    """What install or uninstall does (or would do) to one file."""

    path: str
    action: str  # create | update | delete | unchanged
    what: str
    before: str | None = None
    after: str | None = None
    note: str | None = None

    def diff(self) -> str:
        """Unified diff of the change (empty when nothing changes)."""
        if self.before == self.after:
            return ""
        return textdiff.unified(
            (self.before or "").splitlines(keepends=True),
            (self.after or "").splitlines(keepends=True),
            "/dev/null" if self.before is None else f"a/{self.path}",
            "/dev/null" if self.after is None else f"b/{self.path}",
        )


@dataclass(frozen=True, slots=True)
class AgentsResult:
    """What `omp agents install | uninstall | status` found or did."""

    project: Path
    targets: tuple[str, ...]
    changes: tuple[FileChange, ...] = ()
    installed: tuple[str, ...] = ()
    files: dict[str, str] = field(default_factory=dict)
    dry_run: bool = False

    @property
    def notes(self) -> list[str]:
        """Things the user should know (a file edited since the install, ...)."""
        return [f"{c.path}: {c.note}" for c in self.changes if c.note]

    def diff(self) -> str:
        """Unified diff of every file that changes outside `_omp/` (the project's own files)."""
        return "".join(c.diff() for c in self.changes if not c.path.startswith(OMP_DIR + "/"))

    def states(self) -> dict[str, str]:
        """Each target's state from `files`: installed, outdated, partial or missing."""
        out = {}
        for target in TARGETS:
            found = [self.files.get(rel, "missing") for rel in TARGET_FILES[target]]
            if all(s == "ok" for s in found):
                out[target] = "installed"
            elif all(s in ("ok", "outdated") for s in found):
                out[target] = "outdated"
            elif any(s in ("ok", "outdated") for s in found):
                out[target] = "partial"
            else:
                out[target] = "missing"
        return out

    def to_json(self) -> dict[str, object]:
        """The `--json` document."""
        return {
            "project": str(self.project),
            "targets": list(self.targets),
            "installed": list(self.installed),
            "states": self.states() if self.files else {},
            "files": self.files,
            "changes": [
                {"path": c.path, "action": c.action, "what": c.what, "note": c.note}
                for c in self.changes
            ],
            "dry_run": self.dry_run,
        }


# ---- state file ----------------------------------------------------------------------------


def _state_path(root: MemoryRoot) -> Path:
    return root.project / OMP_DIR / AGENTS_STATE_FILE


def _load_state(root: MemoryRoot) -> dict[str, Any]:
    path = _state_path(root)
    empty: dict[str, Any] = {"version": STATE_VERSION, "targets": [], "files": {}}
    if not path.is_file():
        return empty
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise AgentsError(
            f"{OMP_DIR}/{AGENTS_STATE_FILE}: not valid JSON ({e})",
            hint="restore it from git (`git checkout -- _omp/agents.json`), or delete it and "
            "run `omp agents install` again",
        ) from None
    if not isinstance(data, dict):
        return empty
    data.setdefault("targets", [])
    data.setdefault("files", {})
    return data


def _dump_state(state: dict[str, Any]) -> str:
    return json.dumps(state, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _selected(targets: Sequence[str] | None) -> tuple[str, ...]:
    if not targets:
        return TARGETS
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        raise OmpError(f"unknown agent {unknown[0]!r}", hint=f"choose among {', '.join(TARGETS)}")
    return tuple(t for t in TARGETS if t in targets)


def _files_of(targets: Iterable[str]) -> list[str]:
    wanted = {f for t in targets for f in TARGET_FILES[t]}
    return [f for f in _FILE_ORDER if f in wanted]


# ---- reading and writing the project's files -----------------------------------------------


class _Tree:
    """The project's files as install or uninstall leaves them, before anything is written.

    Symlinked files (CLAUDE.md -> AGENTS.md) are read and written through their target, so an
    alias is changed once.
    """

    def __init__(self, project: Path) -> None:
        self.project = project
        self.planned: dict[Path, str | None] = {}

    def real(self, rel: str) -> Path:
        path = self.project / rel
        if not path.is_symlink():
            return path
        target = path.resolve()
        if not target.is_relative_to(self.project.resolve()):
            raise AgentsError(
                f"{rel}: a link to {target}, outside the project; omp will not change it",
                hint="replace the link by a file, or leave this agent out (`omp agents --help`)",
            )
        return target

    def read(self, rel: str) -> str | None:
        path = self.real(rel)
        if path in self.planned:
            return self.planned[path]
        if not path.exists():
            return None
        if not path.is_file():
            raise AgentsError(f"{rel}: not a file", hint=f"move {rel} away, then install again")
        try:
            with path.open(encoding="utf-8", newline="") as f:
                return f.read()
        except UnicodeDecodeError:
            raise AgentsError(
                f"{rel}: not UTF-8 text; omp will not change it", hint="save it as UTF-8"
            ) from None

    def plan(self, rel: str, text: str | None) -> None:
        path = self.real(rel)
        if text is not None:
            writer.check_writable(path)  # before anything is written, not halfway through
        self.planned[path] = text

    def missing_dirs(self, rel: str) -> list[str]:
        """Folders that creating `rel` creates, outermost first."""
        parents = reversed(Path(rel).parents)
        return [p.as_posix() for p in parents if p != Path() and not (self.project / p).exists()]

    def apply(self) -> None:
        for path, text in self.planned.items():
            if text is None:
                path.unlink(missing_ok=True)
            else:
                writer.atomic_write(path, text)


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


# ---- marked blocks in Markdown -------------------------------------------------------------


def _block(nl: str) -> str:
    return resource_text("templates", "agents", "block.md").replace("\n", nl)


_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")


def _lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """Each line's offset, its text (no line ending) and whether a fenced code block holds it.

    The fence lines themselves count as fenced; an unclosed fence runs to the end of the
    file, as in CommonMark.
    """
    fence = ""
    at = 0
    pieces = text.split("\n")  # not splitlines(): U+2028 and the like end no Markdown line
    for n, piece in enumerate(pieces):
        line = piece.removesuffix("\r")
        if at == 0:
            line = line.removeprefix(BOM)
        opened = _FENCE.fullmatch(line)
        if fence:
            if opened and opened[1].startswith(fence) and not opened[2].strip():
                fence = ""
            yield at, line, True
        elif opened and not (opened[1][0] == "`" and "`" in opened[2]):
            fence = opened[1]
            yield at, line, True
        else:
            yield at, line, False
        at += len(piece) + (n < len(pieces) - 1)


def _markers(text: str) -> tuple[int | None, list[int]]:
    """Offset of omp's begin line, and the line numbers of begin markers that are not omp's.

    A begin marker is omp's only where omp writes it: at the start of a line, outside fenced
    code blocks, with the words omp writes after it (`_OMP_BEGIN`). Anything else (a file
    that shows the markers as an example) belongs to the person and is left alone.
    """
    found: int | None = None
    foreign: list[int] = []
    for n, (at, line, fenced) in enumerate(_lines(text), 1):
        if fenced or not line.startswith(BEGIN):
            continue
        if found is None and line.startswith(_OMP_BEGIN):
            found = at + (len(BOM) if at == 0 and text.startswith(BOM) else 0)
        else:
            foreign.append(n)
    return found, foreign


def _find_block(text: str, rel: str) -> tuple[int, int] | None:
    """Start of omp's begin line and end of its end marker (its newline excluded)."""
    start, _ = _markers(text)
    if start is None:
        return None
    end = text.find("\n" + END, start)
    if end < 0:
        raise AgentsError(
            f"{rel}: omp's `{BEGIN}` line has no `{END}` line after it",
            hint=f"fix or delete the omp block in {rel} by hand, then run the command again",
        )
    return start, end + 1 + len(END)


def _foreign_note(text: str | None) -> str | None:
    """A note naming begin markers that are not omp's block (left alone)."""
    _, foreign = _markers(text or "")
    if not foreign:
        return None
    where = ", ".join(str(n) for n in foreign)
    return f"`{BEGIN}` at line {where} is not omp's block (no omp header line); left alone"


def _separator(text: str, nl: str) -> str:
    """What goes between a file's text and an appended block: one blank line."""
    body = text.removeprefix(BOM)
    if not body:
        return ""
    return nl if body.endswith("\n") else nl + nl


def _block_install(text: str | None, rel: str) -> tuple[str, str | None]:
    """The new text of a Markdown file, and the separator put before the block.

    The separator is None when a block already there was replaced in place.
    """
    if text is None:
        return _block("\n"), ""
    nl = _newline(text)
    span = _find_block(text, rel)
    block = _block(nl)
    if span is not None:
        return text[: span[0]] + block.removesuffix(nl) + text[span[1] :], None
    sep = _separator(text, nl)
    if _markers(text + sep + block)[0] is None:
        raise AgentsError(
            f"{rel}: a fenced code block (```) is not closed at the end of the file; omp's "
            "block appended after it would be part of it",
            hint=f"close the code block in {rel}, then run the command again",
        )
    return text + sep + block, sep


def _block_remove(text: str, rel: str, separator: str | None) -> str | None:
    """`text` without the omp block (and the separator added with it); None if there is none."""
    span = _find_block(text, rel)
    if span is None:
        return None
    start, end = span
    for nl in ("\r\n", "\n"):
        if text.startswith(nl, end):
            end += len(nl)
            break
    before = text[:start]
    if separator is None:  # not recorded: take off the blank line an install adds
        nl = _newline(text)
        separator = nl if before.endswith(nl + nl) else ""
    if separator and before.endswith(separator):
        before = before[: -len(separator)]
    return before + text[end:]


def _block_status(text: str | None, rel: str) -> str:
    if text is None:
        return "missing"
    try:
        span = _find_block(text, rel)
    except AgentsError:
        return "broken"
    if span is None:
        return "missing"
    current = text[span[0] : span[1]]
    return "ok" if current == _block(_newline(text)).removesuffix(_newline(text)) else "outdated"


# ---- the Cursor rule -----------------------------------------------------------------------


def _rule_text() -> str:
    return resource_text("templates", "agents", "cursor-rule.mdc") + _block("\n")


def _rule_install(text: str | None, rel: str) -> str:
    if text is None:
        return _rule_text()
    if _find_block(text, rel) is None:
        raise AgentsError(
            f"{rel}: this Cursor rule is not omp's; omp will not overwrite it",
            hint=f"rename or delete {rel}, then run `omp agents install --cursor` again",
        )
    return _block_install(text, rel)[0]


def _rule_remove(text: str, rel: str) -> tuple[str | None, str | None]:
    """The rule file's text after uninstall (None: delete it), and a note."""
    rest = _block_remove(text, rel, "")
    if rest is None:
        return text, "no omp block found; left alone"
    frontmatter = resource_text("templates", "agents", "cursor-rule.mdc")
    if rest.strip() in ("", frontmatter.strip()):
        return None, None
    return rest, "edited since install: removed only the omp block"


# ---- the Claude Code settings file ---------------------------------------------------------

_WS = " \t\r\n"


class _Member(NamedTuple):
    key: str | None  # None for array items
    start: int  # of the key (array items: of the value)
    value_start: int
    value_end: int


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WS:
        i += 1
    return i


def _members(text: str, open_at: int) -> tuple[list[_Member], int]:
    """Members of the (valid) object or array opening at `open_at`, and where it closes."""
    decoder = json.JSONDecoder()
    is_object = text[open_at] == "{"
    i = _skip(text, open_at + 1)
    found: list[_Member] = []
    if text[i] in "}]":
        return found, i
    while True:
        start, key = i, None
        if is_object:
            key, i = decoder.raw_decode(text, i)
            i = _skip(text, _skip(text, i) + 1)  # the colon
        value_start = i
        _, i = decoder.raw_decode(text, i)
        found.append(_Member(key, start, value_start, i))
        i = _skip(text, i)
        if text[i] != ",":
            return found, i
        i = _skip(text, i + 1)


def _line_indent(text: str, at: int) -> str:
    line_start = text.rfind("\n", 0, at) + 1
    end = line_start
    while end < at and text[end] in " \t":
        end += 1
    return text[line_start:end]


def _indent_unit(text: str, root_at: int) -> str:
    members, _ = _members(text, root_at)
    if members:
        ws = text[_skip_back(text, members[0].start) : members[0].start]
        if "\n" in ws and ws.rsplit("\n", 1)[1]:
            return ws.rsplit("\n", 1)[1]
    return "  "


def _skip_back(text: str, i: int) -> int:
    while i > 0 and text[i - 1] in _WS:
        i -= 1
    return i


def _render(key: str | None, value: Any, indent: str | None, unit: str, nl: str) -> str:
    head = "" if key is None else json.dumps(key) + ": "
    if indent is None:
        return head + json.dumps(value, ensure_ascii=False)
    body = json.dumps(value, indent=unit, ensure_ascii=False)
    return head + body.replace("\n", nl + indent)


def _splice_into(text: str, open_at: int, key: str | None, value: Any) -> tuple[int, str]:
    """Where to insert `key: value` (or an array item) at the end of a container, and what."""
    nl = _newline(text)
    unit = _indent_unit(text, _skip(text, len(BOM) if text.startswith(BOM) else 0))
    members, _ = _members(text, open_at)
    if members:
        last = members[-1]
        ws = text[_skip_back(text, last.start) : last.start]
        if "\n" in ws:
            indent = ws.rsplit("\n", 1)[1]
            return last.value_end, "," + nl + indent + _render(key, value, indent, unit, nl)
        return last.value_end, "," + ws + _render(key, value, None, unit, nl)
    if "\n" not in text.strip(_WS + BOM):  # a one-line file stays on one line
        return open_at + 1, _render(key, value, None, unit, nl)
    outer = _line_indent(text, open_at)
    indent = outer + unit
    return open_at + 1, nl + indent + _render(key, value, indent, unit, nl) + nl + outer


def _hook_group() -> dict[str, Any]:
    return {"matcher": HOOK_MATCHER, "hooks": [{"type": "command", "command": HOOK_COMMAND}]}


def _parse_settings(text: str, rel: str) -> tuple[dict[str, Any], int]:
    """The settings object and where it opens in `text`."""
    at = _skip(text, len(BOM) if text.startswith(BOM) else 0)
    try:
        data = json.loads(text[at:])
    except ValueError as e:
        raise AgentsError(
            f"{rel}: not valid JSON ({e}); omp will not touch it",
            hint=f"fix {rel} (Claude Code cannot read it either), then run the command again",
        ) from None
    if not isinstance(data, dict):
        raise AgentsError(
            f"{rel}: the settings are not a JSON object; omp will not touch it",
            hint=f"fix {rel}, then run the command again",
        )
    return data, at


def _commands(data: dict[str, Any]) -> list[str]:
    hooks = data.get("hooks")
    groups = hooks.get("SessionStart") if isinstance(hooks, dict) else None
    found: list[str] = []
    for group in groups if isinstance(groups, list) else []:
        inner = group.get("hooks") if isinstance(group, dict) else None
        found.extend(
            hook["command"]
            for hook in (inner if isinstance(inner, list) else [])
            if isinstance(hook, dict) and isinstance(hook.get("command"), str)
        )
    return found


def _settings_install(text: str | None, rel: str) -> tuple[str, dict[str, Any]]:
    """The settings text with omp's hook, and the record uninstall needs ({} if unchanged)."""
    if text is None:
        new = json.dumps({"hooks": {"SessionStart": [_hook_group()]}}, indent=2) + "\n"
        return new, {"created": True, "sha256": _sha(new), "command": HOOK_COMMAND}
    data, at = _parse_settings(text, rel)
    if HOOK_COMMAND in _commands(data):
        return text, {}
    root_members, _ = _members(text, at)
    hooks = [m for m in root_members if m.key == "hooks"]
    if not hooks:
        offset, splice = _splice_into(text, at, "hooks", {"SessionStart": [_hook_group()]})
    elif not isinstance(data["hooks"], dict):
        raise AgentsError(
            f"{rel}: `hooks` is not an object; omp will not touch it",
            hint=f"fix {rel}, then run the command again",
        )
    else:
        hooks_at = hooks[-1].value_start
        events = [m for m in _members(text, hooks_at)[0] if m.key == "SessionStart"]
        if not events:
            offset, splice = _splice_into(text, hooks_at, "SessionStart", [_hook_group()])
        elif not isinstance(data["hooks"]["SessionStart"], list):
            raise AgentsError(
                f"{rel}: `hooks.SessionStart` is not a list; omp will not touch it",
                hint=f"fix {rel}, then run the command again",
            )
        else:
            offset, splice = _splice_into(text, events[-1].value_start, None, _hook_group())
    new = text[:offset] + splice + text[offset:]
    record = {
        "created": False,
        "offset": offset,
        "splice": splice,
        "sha256": _sha(new),
        "command": HOOK_COMMAND,
    }
    return new, record


def _settings_remove(text: str, rel: str, record: dict[str, Any]) -> tuple[str | None, str | None]:
    """The settings text after uninstall (None: delete the file), and a note for the user."""
    command = str(record.get("command") or HOOK_COMMAND)
    created = bool(record.get("created"))
    if _sha(text) == record.get("sha256"):
        if created:
            return None, None
        offset, splice = int(record["offset"]), str(record["splice"])
        if text[offset : offset + len(splice)] == splice:
            return text[:offset] + text[offset + len(splice) :], None
    data, at = _parse_settings(text, rel)
    if command not in _commands(data):
        return text, "omp's hook is no longer there; left alone"
    splice = str(record.get("splice") or "")
    if splice and text.count(splice) == 1:
        candidate = text.replace(splice, "", 1)
        try:
            rest, _ = _parse_settings(candidate, rel)
        except AgentsError:
            rest = None
        if rest is not None and command not in _commands(rest):
            return candidate, "edited since install: removed only omp's hook"
    _drop_hook(data, command)
    if created and not data:
        return None, "edited since install, but only omp's hook was left: deleted"
    unit = _indent_unit(text, at)
    nl = _newline(text)
    new = json.dumps(data, indent=unit, ensure_ascii=False).replace("\n", nl)
    if text.endswith(("\n", "\r")):
        new += nl
    return text[:at] + new, "edited since install: removed only omp's hook (file re-formatted)"


def _drop_hook(data: dict[str, Any], command: str) -> None:
    hooks = data["hooks"]
    groups = hooks["SessionStart"]
    for group in list(groups):
        inner = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(inner, list):
            continue
        kept = [h for h in inner if not (isinstance(h, dict) and h.get("command") == command)]
        if len(kept) == len(inner):
            continue
        if kept:
            group["hooks"] = kept
        else:
            groups.remove(group)
    if not groups:
        del hooks["SessionStart"]
    if not hooks:
        del data["hooks"]


def _settings_status(text: str | None, rel: str) -> str:
    if text is None:
        return "missing"
    try:
        data, _ = _parse_settings(text, rel)
    except AgentsError:
        return "invalid JSON"
    commands = _commands(data)
    if HOOK_COMMAND in commands:
        return "ok"
    return "outdated" if any("omp context" in c for c in commands) else "missing"


# ---- install, uninstall, status ------------------------------------------------------------


def _file_status(tree: _Tree, rel: str) -> str:
    text = tree.read(rel)
    if rel == CLAUDE_SETTINGS:
        return _settings_status(text, rel)
    if rel == CURSOR_RULE and text is not None and _find_block(text, rel) is None:
        return "foreign"
    return _block_status(text, rel)


def status(root: MemoryRoot) -> AgentsResult:
    """Which agents omp is wired into, and the state of each file it uses.

    A target is `installed` (every file ok), `outdated` (a file holds an older omp text),
    `partial` (some files miss omp's part) or `missing`.
    """
    state = _load_state(root)
    tree = _Tree(root.project)
    files = {rel: _file_status(tree, rel) for rel in _FILE_ORDER}
    return AgentsResult(
        root.project,
        TARGETS,
        installed=tuple(t for t in TARGETS if t in state["targets"]),
        files=files,
    )


def _added(
    text: str | None, rel: str, old: dict[str, Any] | None
) -> tuple[str, dict[str, Any] | None, str]:
    """A file's text with omp's part, the record uninstall needs, and what the part is."""
    if rel == CLAUDE_SETTINGS:
        base = text
        if old and text is not None and old.get("command") != HOOK_COMMAND:
            base, _ = _settings_remove(text, rel, old)  # an older omp's hook goes first
        after, record = _settings_install(base, rel)
        return after, record, f"SessionStart hook `{HOOK_COMMAND}`"
    if rel == CURSOR_RULE:
        record = {"created": True} if text is None else old or {"created": False}
        return _rule_install(text, rel), record, "Cursor rule"
    after, sep = _block_install(text, rel)
    if sep is None:  # replaced in place: what uninstall must undo is what it was
        return after, old or {"created": False, "separator": None}, "omp block"
    return after, {"created": text is None, "separator": sep}, "omp block"


def install(
    root: MemoryRoot, *, targets: Sequence[str] | None = None, dry_run: bool = False
) -> AgentsResult:
    """Wire omp into editor agents (all of them when `targets` is empty); idempotent.

    Raises:
        AgentsError: a file is in a shape omp cannot change safely (invalid
            `.claude/settings.json`, someone else's `.cursor/rules/omp.mdc`); nothing is written.
    """
    selected = _selected(targets)
    state = _load_state(root)
    tree = _Tree(root.project)
    changes: list[FileChange] = []
    for rel in _files_of(selected):
        before = tree.read(rel)
        old: dict[str, Any] | None = state["files"].get(rel)
        after, record, what = _added(before, rel, old)
        note = None if rel == CLAUDE_SETTINGS else _foreign_note(before)
        if after == before:
            changes.append(FileChange(rel, "unchanged", what, before, after, note))
            continue
        if before is None and record is not None:
            record["dirs"] = tree.missing_dirs(rel)
        elif old and record and record.get("created") and "dirs" in old:
            record["dirs"] = old["dirs"]  # re-created over an older omp's file: same folders
        if record:
            state["files"][rel] = record
        tree.plan(rel, after)
        action = "create" if before is None else "update"
        changes.append(FileChange(rel, action, what, before, after, note))
    state["targets"] = [t for t in TARGETS if t in state["targets"] or t in selected]
    state["version"] = STATE_VERSION
    changes.append(_state_change(root, state))
    result = AgentsResult(
        root.project,
        selected,
        tuple(changes),
        tuple(state["targets"]),
        dry_run=dry_run,
    )
    if not dry_run:
        _write_state(root, state)  # first: a crash after it still lets uninstall find the hook
        tree.apply()
    return result


def uninstall(
    root: MemoryRoot, *, targets: Sequence[str] | None = None, dry_run: bool = False
) -> AgentsResult:
    """Remove exactly what `install` added for `targets` (all of them when empty).

    Files install created are deleted (and the folders it created, once empty); files that
    existed get their previous bytes back. A file edited since loses only omp's part.

    Raises:
        AgentsError: a file is in a shape omp cannot change safely; nothing is written.
    """
    selected = _selected(targets)
    state = _load_state(root)
    remaining = [t for t in state["targets"] if t not in selected]
    keep = set(_files_of(remaining))
    tree = _Tree(root.project)
    changes: list[FileChange] = []
    dirs: list[str] = []
    for rel in _files_of(selected):
        if rel in keep:
            continue
        record = state["files"].pop(rel, None)
        before = tree.read(rel)
        after, note = _removed(before, rel, record)
        what = {CLAUDE_SETTINGS: "SessionStart hook", CURSOR_RULE: "Cursor rule"}.get(
            rel, "omp block"
        )
        dirs += (record or {}).get("dirs", [])
        if after == before:
            changes.append(FileChange(rel, "unchanged", what, before, after, note))
            continue
        tree.plan(rel, after)
        action = "delete" if after is None else "update"
        changes.append(FileChange(rel, action, what, before, after, note))
    state["targets"] = remaining
    changes.append(_state_change(root, state))
    result = AgentsResult(root.project, selected, tuple(changes), tuple(remaining), dry_run=dry_run)
    if not dry_run:
        tree.apply()
        for rel in sorted(set(dirs), key=lambda d: -d.count("/")):
            folder = root.project / rel
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        _write_state(root, state)
    return result


def _removed(
    text: str | None, rel: str, record: dict[str, Any] | None
) -> tuple[str | None, str | None]:
    """A file's text once omp's part is taken out (None: delete it), and a note."""
    if text is None:
        return None, None
    if rel == CLAUDE_SETTINGS:
        if record is None:
            return text, "not recorded as installed by omp; left alone"
        return _settings_remove(text, rel, record)
    if rel == CURSOR_RULE:
        return _rule_remove(text, rel)
    sep = record.get("separator") if record else None
    removed = _block_remove(text, rel, sep if isinstance(sep, str) else None)
    if removed is None:
        return text, _foreign_note(text)
    created = record.get("created") if record else True
    return (None if removed == "" and created else removed), _foreign_note(removed)


def _state_change(root: MemoryRoot, state: dict[str, Any]) -> FileChange:
    path = _state_path(root)
    before = path.read_text(encoding="utf-8") if path.is_file() else None
    after = _dump_state(state) if state["targets"] or state["files"] else None
    rel = f"{OMP_DIR}/{AGENTS_STATE_FILE}"
    if before == after:
        return FileChange(rel, "unchanged", "what omp agents installed", before, after)
    action = "create" if before is None else "delete" if after is None else "update"
    return FileChange(rel, action, "what omp agents installed", before, after)


def _write_state(root: MemoryRoot, state: dict[str, Any]) -> None:
    path = _state_path(root)
    if state["targets"] or state["files"]:
        text = _dump_state(state)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            writer.atomic_write(path, text)
    else:
        path.unlink(missing_ok=True)
