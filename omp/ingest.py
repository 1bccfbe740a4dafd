"""`omp extract`: read the sources, extract, filter, then write, queue for review or drop.

The rules and filters are pure (`omp.extract`); this module does the I/O around them: it
reads files (streamed, line by line where the format allows), standard input, git history
and an optional external extractor (`--llm-cmd`), loads what memory already holds, and
writes the outcome in one transaction through the writer. Secrets are redacted from every
message before anything else sees it, the external extractor included.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, ClassVar, NamedTuple

from omp import extract as ex
from omp import rot, sensitive, sources, store, userstore
from omp.constants import (
    CANDIDATES_FILE,
    CHANGELOG_FILE,
    DECISIONS_FILE,
    MERGE_AT,
    PROJECT_FILE,
    REVIEW_AT,
    SESSIONS_DIR,
)
from omp.errors import OmpError, UsageError
from omp.index import Entry, Index, searchable
from omp.paths import MemoryRoot
from omp.records import CANDIDATES, CHANGELOG, DECISIONS, SESSIONS, Timestamp

FORMATS = (*sources.FORMATS, "deploy")
_BINARY_PROBE = 8192
LLM_TIMEOUT = 600.0


class ExtractResult(NamedTuple):
    """What one `omp extract` run found and did."""

    batch: ex.Batch
    project: store.WriteResult | None
    user: store.WriteResult | None
    degraded: str | None
    dry_run: bool

    def summary(self) -> dict[str, Any]:
        """Counts by action and target."""
        counts: dict[str, int] = {a: 0 for a in ex.ACTIONS}
        counts["unchanged"] = 0
        targets: dict[str, int] = {}
        for c in self.batch.candidates:
            if c.action == "stored" and c.note == "already in memory":
                counts["unchanged"] += 1
                continue
            counts[c.action] = counts.get(c.action, 0) + 1
            if c.action in ("stored", "merged", "superseded"):
                targets[c.target] = targets.get(c.target, 0) + 1
        return {
            **counts,
            "written": targets,
            "redactions": len(self.batch.redactions),
            "dry_run": self.dry_run,
            "user_store": "queued in user-context.yaml" if self.degraded else "available",
            "files": [f.display for f in (self.project.files if self.project else ())]
            + [f.display for f in (self.user.files if self.user else ())],
        }

    def to_json(self) -> dict[str, Any]:
        """The `--json` document."""
        return {
            "candidates": [c.to_json() for c in self.batch.candidates],
            "redactions": [r.to_json() for r in self.batch.redactions],
            "warnings": self.batch.warnings,
            "summary": self.summary(),
        }


# ---- reading sources ------------------------------------------------------------------------


class SourceReadError(OmpError):
    """A source file that cannot be read as text."""


# Deploy output is parsed whole; anything larger is not the output of one deploy.
MAX_DEPLOY_LOG = 64 * 1024 * 1024
_HEAD = 65536


_UTF8 = "convert it to UTF-8 (e.g. `iconv -f gbk -t utf-8`), or give the right file"


class _Source:
    """A source to read, maybe several times: once for its head, then in full as a stream."""

    def __init__(self, display: str, path: Path | None = None, text: str | None = None) -> None:
        self.display = display
        self.path = path
        self.in_folder = False  # found in a folder given: skipped, not fatal, when unreadable
        self.member: str | None = None
        self._text = text
        self.encoding = "utf-8-sig"
        if text is not None:
            _check_text(text, display)
        if path is not None:
            self._probe(path)

    def _probe(self, path: Path) -> None:
        try:
            with path.open("rb") as f:
                head = f.read(_BINARY_PROBE)
        except OSError as e:
            raise SourceReadError(
                f"{self.display}: cannot read it: {e.strerror or e}", hint="check the path"
            ) from None
        if head.startswith(b"PK\x03\x04"):
            self.member = _zip_member(path, self.display)
            return
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            self.encoding = "utf-16"
        elif b"\x00" in head:
            raise SourceReadError(
                f"{self.display}: a binary file, not a conversation, log or transcript",
                hint="give the exported text or JSON file (a ChatGPT or Claude.ai export .zip is "
                "read as is)",
            )

    def _binary(self) -> IO[bytes]:
        assert self.path is not None
        if self.member is None:
            return self.path.open("rb")
        import zipfile

        archive = zipfile.ZipFile(self.path)
        return archive.open(self.member)

    def lines(self) -> Iterator[str]:
        """The text line by line; a decoding error names the line."""
        if self._text is not None:
            yield from io.StringIO(self._text)
            return
        if self.encoding != "utf-8-sig":
            yield from self._wide_lines()
            return
        # decoded a line at a time, not through a TextIOWrapper: that one decodes ahead in
        # chunks, so its error would name a line hundreds of lines too early
        decode = codecs.getincrementaldecoder(self.encoding)().decode
        number = 0  # lines read so far
        ended = True  # the last one read has its line end
        with self._binary() as raw:
            try:
                for data in raw:
                    line = decode(data)
                    # old Mac line ends: lines as a text file reads them
                    parts = io.StringIO(line, newline="") if "\r" in line[:-2] else [line]
                    for part in parts:
                        number += 1
                        ended = part.endswith(("\n", "\r"))
                        yield part
                decode(b"", final=True)
            except UnicodeDecodeError as e:
                raise SourceReadError(
                    f"{self.display}: line {number + ended}: not UTF-8 text ({e.reason})",
                    hint=_UTF8,
                ) from None

    def _wide_lines(self) -> Iterator[str]:
        """The lines of a UTF-16 file (they cannot be split as bytes)."""
        number = 0
        with self._binary() as raw:
            stream = io.TextIOWrapper(raw, encoding=self.encoding, newline="")
            try:
                for number, line in enumerate(stream, start=1):  # noqa: B007 - read after
                    yield line
            except UnicodeDecodeError as e:
                raise SourceReadError(
                    f"{self.display}: after line {number}: not {self.encoding} text ({e.reason})",
                    hint=_UTF8,
                ) from None

    def head(self) -> str:
        """The first 64 KiB or so, for format detection."""
        parts, size = [], 0
        for line in self.lines():
            parts.append(line)
            size += len(line)
            if size >= _HEAD:
                break
        return "".join(parts)

    def text(self, limit: int) -> str:
        """The whole text, refused past `limit` characters."""
        parts, size = [], 0
        for line in self.lines():
            size += len(line)
            if size > limit:
                raise SourceReadError(
                    f"{self.display}: over {limit >> 20} MiB; deploy output is read whole",
                    hint="give the output of one deploy",
                )
            parts.append(line)
        return "".join(parts)


def _check_text(text: str, display: str) -> None:
    """Refuse text that holds bytes that were not UTF-8 (Python keeps them as surrogates).

    Raises:
        SourceReadError: naming the line.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        line = text.count("\n", 0, e.start) + 1
        raise SourceReadError(
            f"{display}: line {line}: not UTF-8 text (a byte or character UTF-8 cannot hold)",
            hint=_UTF8,
        ) from None


def _zip_member(path: Path, display: str) -> str:
    import zipfile

    try:
        with zipfile.ZipFile(path) as z:
            names = [n for n in z.namelist() if n.rsplit("/", 1)[-1] == "conversations.json"]
    except zipfile.BadZipFile as e:
        raise SourceReadError(f"{display}: a damaged ZIP file ({e})", hint="export again") from None
    if not names:
        raise SourceReadError(
            f"{display}: a ZIP without conversations.json",
            hint="give the ChatGPT or Claude.ai export .zip, or the conversation file itself",
        )
    return names[0]


# what a folder of conversations holds (Claude Code's ~/.claude/projects/<project>/, Codex's
# ~/.codex/sessions/, a folder of exports); other files in it are not read
_SOURCE_SUFFIXES = (".jsonl", ".json", ".txt", ".md", ".log", ".zip")


def _open_all(source: str, stdin_text: str | None, skipped: list[str]) -> list[_Source]:
    """The sources an argument names: a file, `-`, or every conversation file of a folder.

    A folder's files are read oldest first (sessions are named by id, not by date); hidden
    files and folders are left out, and a file that cannot be read (binary, not UTF-8) is
    skipped with a warning in `skipped`: a folder holds other files too.
    """
    folder = Path(source)
    if source == "-" or not folder.is_dir():
        return [_open(source, stdin_text)]
    files = [
        p
        for p in folder.rglob("*")
        if p.suffix.lower() in _SOURCE_SUFFIXES
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
        and p.is_file()
    ]
    if not files:
        raise SourceReadError(
            f"{source}: a folder without conversation files",
            hint=f"give files ending in {', '.join(_SOURCE_SUFFIXES)}, or the files themselves",
        )
    files.sort(key=lambda p: (p.stat().st_mtime_ns, str(p)))
    opened = []
    for p in files:
        try:
            member = _open(str(p), stdin_text)
        except SourceReadError as e:
            skipped.append(f"skipped {e.message}")
            continue
        member.in_folder = True
        opened.append(member)
    return opened


def _open(source: str, stdin_text: str | None) -> _Source:
    """A source argument (`-` is standard input)."""
    if source == "-":
        return _Source("<stdin>", text=stdin_text if stdin_text is not None else sys.stdin.read())
    path = Path(source)
    if not path.is_file():
        raise SourceReadError(f"{source}: no such file", hint="check the path")
    return _Source(source, path)


def _format_of(head: str, forced: str | None) -> str:
    if forced is not None:
        return forced
    from omp import deploy

    fmt = sources.detect_format(head)
    if fmt == "text" and deploy.looks_like_deploy(head) and not sources.names_speakers(head):
        return "deploy"
    return fmt


# ---- the external extractor -----------------------------------------------------------------


def _llm_candidates(
    command: str, messages: list[tuple[str, str, int]], display: str, title: str | None
) -> list[ex.Candidate]:
    payload = {
        "source": display,
        "title": title,
        "messages": [{"role": r, "text": t, "index": i} for r, t, i in messages],
        "targets": list(ex.TARGETS),
        "reply_with": {"candidates": [{"target": "...", "entry": {}, "confidence": 0.0}]},
    }
    from omp import external  # subprocess: only an extraction with --llm-cmd starts one

    shown = sensitive.redact(command)[0]  # a key given on the command line
    out = external.run(
        command,
        json.dumps(payload, ensure_ascii=False),
        timeout=LLM_TIMEOUT,
        label="--llm-cmd",
        after="; nothing was written",
        failed_hint="run the command by hand with the messages JSON on its standard input",
        slow_hint="make it faster, or extract without --llm-cmd",
    )
    try:
        reply = json.loads(out)
    except ValueError as e:
        raise OmpError(
            f"--llm-cmd {shown!r} did not print JSON ({e}); nothing was written",
            hint='it must print {"candidates": [{"target": ..., "entry": {...}, '
            '"confidence": ...}]}',
        ) from None
    items = reply.get("candidates") if isinstance(reply, dict) else reply
    if not isinstance(items, list):
        raise OmpError(
            f"--llm-cmd {shown!r}: the reply holds no `candidates` list; nothing was written",
            hint='print {"candidates": [...]}',
        )
    return [_llm_item(item, n, display) for n, item in enumerate(items)]


def _llm_item(item: Any, n: int, display: str) -> ex.Candidate:
    src = {"path": display, "index": n, "via": "llm-cmd"}
    if not isinstance(item, dict) or not isinstance(item.get("entry"), dict):
        return ex.Candidate(
            "decisions",
            {},
            0.0,
            "llm-cmd",
            src,
            action="dropped",
            note="not an object with an `entry` mapping",
        )
    target = str(item.get("target", ""))
    entry = dict(item["entry"])
    # an external extractor proposes new items; it never edits a stored entry by naming its
    # id (omp gives the entry an id made from its content)
    given_id = entry.pop("id", None) if target != "project" else None
    conf = item.get("confidence", 0.5)
    # a bool is an int to Python, not a confidence: `true` counts as missing
    usable = isinstance(conf, int | float) and not isinstance(conf, bool) and 0 <= conf <= 1
    conf = float(conf) if usable else 0.5
    scope = str(item.get("scope") or ("PERSONAL" if target == "user" else "PROJECT")).upper()
    c = ex.Candidate(
        target, entry, conf, str(item.get("reason") or "from --llm-cmd"), src, scope=scope
    )
    if given_id is not None:
        c.note = f"its id {given_id!r} was ignored: omp makes the ids of new entries"
    problems = entry_problems(target, entry)
    if scope not in ("PROJECT", "PERSONAL", "UNIVERSAL", "EPHEMERAL"):
        problems.append(("scope", "must be PROJECT, PERSONAL, UNIVERSAL or EPHEMERAL"))
    if problems:
        c.action = "dropped"
        c.note = "schema: " + "; ".join(f"{w}: {m}" for w, m in problems)
    return c


def entry_problems(target: str, entry: dict[str, Any]) -> list[tuple[str, str]]:
    """Where an item for `target` (`omp.extract.TARGETS`) breaks its schema, from the entry."""
    from omp.schema import target_entry_problems

    return target_entry_problems(target, entry)


# ---- reading what is stored -----------------------------------------------------------------


@contextlib.contextmanager
def stored_memory(root: MemoryRoot, *, dry_run: bool = False) -> Iterator[ex.StoredMemory]:
    """What memory already holds, as the extraction filters ask for it, while the index is open.

    Decisions and changes are read through the index, and only as asked: the ones near a
    candidate (`_IndexedMemory.near`), all decisions when a switch or an obsolete signal
    needs them. Items waiting for review and the user's items are read whole.
    """
    with Index(root, create=not dry_run) as index:
        index.refresh([DECISIONS_FILE, CHANGELOG_FILE, CANDIDATES_FILE, PROJECT_FILE])
        queued = []
        for e in index.entries(CANDIDATES_FILE):
            data = e.data if isinstance(e.data, dict) else {}
            found = data.get("entry")
            inner: dict[str, Any] = found if isinstance(found, dict) else {}
            t = str(data.get("target", ""))
            queued.append(ex.Stored(t, f"{data.get('id')}", ex.text_of(t, inner), inner))
        users = [
            ex.Stored("user", str(m.get("id")), str(m.get("text")), m) for m in userstore.memories()
        ]
        users += [
            ex.Stored("user", "user-context.yaml", str(p.get("text")), p)
            for p in userstore.pending(root)
        ]
        yield _IndexedMemory(index, [*queued, *users], _deployments(index))


_KEYING = ("app", "platform", "namespace")  # the fields that tell deploys' records apart


def _deployments(index: Index) -> dict[str, dict[str, Any]]:
    """The app, platform and namespace of each `deployment.<key>` record of project.yaml."""
    records: dict[str, dict[str, Any]] = {}
    for e in index.entries(PROJECT_FILE):
        key, _, field = str(e.id).removeprefix("deployment.").rpartition(".")
        if str(e.id).startswith("deployment.") and field in _KEYING and key:
            value = e.data.get("value") if isinstance(e.data, dict) else None
            records.setdefault(key, {})[field] = value
    return records


class _IndexedMemory(ex.StoredMemory):
    """Stored decisions and changes read through the index; other items held in a list."""

    _FILES: ClassVar[dict[str, str]] = {"decisions": DECISIONS_FILE, "changelog": CHANGELOG_FILE}

    def __init__(
        self, index: Index, others: list[ex.Stored], deployments: dict[str, dict[str, Any]]
    ) -> None:
        super().__init__(others, deployments)
        self.index = index
        self._decisions: list[ex.Stored] | None = None

    def near(self, target: str, text: str) -> list[ex.Stored]:
        """The entries that hold one of the features a text `MERGE_AT` similar must share.

        `rot.must_share` picks them, the rarest in the index first; an entry holding none of
        them is less similar (so the filters neither skip nor merge against it). When a
        needed feature is one the index cannot look up, every entry of `target` is read.
        """
        rel = self._FILES.get(target)
        if rel is None:
            return super().near(target, text)
        terms = rot.must_share(rot.features(text), MERGE_AT, self._commonness)
        if terms is None or not all(searchable(t) for t in terms):
            entries = self.index.entries(rel)
        else:
            entries = self.index.holding_any(rel, terms)
        return [*_stored(target, entries), *super().near(target, text)]

    def _commonness(self, term: str) -> int:
        # a term the index cannot look up is taken as the commonest: left out when it can be
        return self.index.commonness(term) if searchable(term) else sys.maxsize

    def naming(self, old: str) -> list[ex.Stored]:
        """The stored decisions that may have chosen `old`: those the index cannot rule out."""
        if self._decisions is not None:
            return self._decisions
        found = self.index.naming(DECISIONS_FILE, old, ex.CHOICE_FIELDS, ex.IN_FORCE)
        return [*_stored("decisions", found), *super().naming(old)]

    def mentioning(self, terms: Sequence[str] | None) -> list[ex.Stored]:
        """The stored decisions that may hold one of `terms`: those the index cannot rule out."""
        if self._decisions is not None or terms is None:
            return self.decisions()
        found = self.index.mentioning(DECISIONS_FILE, terms, ex.SWITCHED_FIELDS, ex.IN_FORCE)
        return [*_stored("decisions", found), *super().mentioning(terms)]

    def decisions(self) -> list[ex.Stored]:
        if self._decisions is None:
            self._decisions = [
                *_stored("decisions", self.index.entries(DECISIONS_FILE)),
                *super().decisions(),
            ]
        return self._decisions


def _stored(target: str, entries: Iterable[Entry]) -> list[ex.Stored]:
    out = []
    for e in entries:
        data = e.data if isinstance(e.data, dict) else {}
        out.append(ex.Stored(target, str(data.get("id")), ex.text_of(target, data), data))
    return out


# ---- the run --------------------------------------------------------------------------------


def extract(
    root: MemoryRoot,
    paths: Sequence[str] = (),
    *,
    text: str | None = None,
    git: str | None = None,
    format: str | None = None,
    min_confidence: float = REVIEW_AT,
    llm_cmd: str | None = None,
    by: str | None = None,
    dry_run: bool = False,
    stdin_text: str | None = None,
) -> ExtractResult:
    """Extract memory from conversations, transcripts, deploy logs, text and git history.

    Raises:
        UsageError: nothing to read, or a bad option value.
        OmpError: a source cannot be read, or the write was refused; then nothing was written.
    """
    if not paths and text is None and git is None:
        raise UsageError(
            "nothing to extract from",
            hint='give a file (or - for standard input), --text "..." or --git RANGE',
        )
    if format is not None and format not in FORMATS:
        raise UsageError(f"unknown format {format!r}", hint=f"use one of {', '.join(FORMATS)}")
    if not 0 <= min_confidence <= 1:
        raise UsageError("--min-confidence must be between 0 and 1", hint="e.g. 0.4")
    batch = ex.Batch()
    # every source is checked before any is read
    opened = [s for source in paths for s in _open_all(source, stdin_text, batch.warnings)]
    for source in opened:
        _from_source(batch, source, format, llm_cmd)
    if text is not None:
        _from_source(batch, _Source("--text", text=text), format or "text", llm_cmd)
    if git is not None:
        _from_git(batch, root, git)
    today = store.today()
    with stored_memory(root, dry_run=dry_run) as memory:
        ex.settle(batch, memory, min_confidence=min_confidence, today=today)
    return write_batch(root, batch, by=by, dry_run=dry_run, today=today)


def _from_source(batch: ex.Batch, source: _Source, format: str | None, llm_cmd: str | None) -> None:
    """Read one source into `batch`; an error names the source.

    Raises:
        OmpError: the source cannot be read as its format; a file found in a folder is skipped
            instead, with a warning, and what was read of it is left out.
    """
    kept = (len(batch.candidates), len(batch.redactions), len(batch.obsolete))
    try:
        _read_source(batch, source, format, llm_cmd)
    except (sources.SourceError, SourceReadError) as e:
        named = (
            e.message if e.message.startswith(source.display) else f"{source.display}: {e.message}"
        )
        if not source.in_folder:
            raise type(e)(named, hint=e.hint) from None
        del batch.candidates[kept[0] :], batch.redactions[kept[1] :], batch.obsolete[kept[2] :]
        batch.warnings.append(f"skipped {named}")


def _read_source(batch: ex.Batch, source: _Source, format: str | None, llm_cmd: str | None) -> None:
    display = source.display
    fmt = _format_of(source.head(), format)
    if fmt == "deploy":
        from omp import deploy

        text = source.text(MAX_DEPLOY_LOG)
        events = deploy.parse_deploy(text)
        if not events:
            batch.warnings.append(f"{display}: no deploy recognised in this output")
        ex.from_deploys(events, batch, path=display)
        ex.from_shown_commits(text, batch, path=display)
        return
    earlier: list[ex.Candidate] = []  # an Aider history's sessions are one piece of work
    # what an agent's tools printed counts where it shows a build file (`package.json`, …)
    keep = ex.reads_tool_output if llm_cmd is None else _nothing
    said = [0]  # messages read, counted as the stream goes: a conversation is read once
    for conversation in sources.stream(source.lines(), format=fmt, tools=keep):
        people: set[str] = set()
        messages = _counted(conversation.messages, said, people)
        if llm_cmd is None:
            agent = conversation.format in ("claude-code", "codex", "aider")
            carried = earlier if conversation.format == "aider" else None
            first = len(batch.candidates)
            decided = ex.from_conversation(
                messages, batch, path=display, title=conversation.title, agent=agent,
                earlier=carried,
            )  # fmt: skip
            if carried is not None:
                carried += decided
            if len(people) > 1:
                _whose_unknown(batch.candidates[first:], people)
        else:
            redacted = [(r, ex.redact_text(t, display, i, batch), i) for r, t, i in messages]
            title = conversation.title and ex.redact_text(
                conversation.title, display, "title", batch
            )
            batch.candidates += _llm_candidates(llm_cmd, redacted, display, title)
        batch.warnings += [f"{display}: {w}" for w in conversation.warnings]
    if not said[0]:
        batch.warnings.append(
            f"{display}: no messages found; is it empty, or not {fmt}? (--format picks the reader)"
        )


def _counted(
    messages: Iterable[sources.Message], said: list[int], people: set[str]
) -> Iterator[tuple[str, str, int]]:
    """(role, text, position) of each message, adding the person's and assistant's to `said`.

    The names of the people who speak go to `people`.
    """
    for m in messages:
        said[0] += m.role != "tool"
        if m.speaker:
            people.add(m.speaker)
        yield m.role, m.text, m.position


def _whose_unknown(made: list[ex.Candidate], people: set[str]) -> None:
    """In a chat of several people, a personal preference waits for review: whose is it?

    The user store holds the user's own; which of the people the user is, the chat does not
    say.
    """
    for c in made:
        if c.target == "user" and c.confidence >= REVIEW_AT:
            c.confidence = min(c.confidence, 0.6)
            c.reason += f"; said in a chat of {len(people)} people"


def _nothing(_: str) -> bool:
    return False


def _from_git(batch: ex.Batch, root: MemoryRoot, rev_range: str) -> None:
    from omp import gitrepo

    display = f"git:{rev_range}"
    for commit in gitrepo.commits(root.project, rev_range):
        ex.from_commit(
            commit,
            gitrepo.parse_conventional(commit.subject),
            gitrepo.breaking_note(commit),
            batch,
            path=display,
        )
    ex.drop_reverted(batch)


# ---- writing --------------------------------------------------------------------------------


def write_batch(
    root: MemoryRoot,
    batch: ex.Batch,
    *,
    by: str | None,
    dry_run: bool,
    today: str,
    extra: Sequence[Callable[[store.Transaction], None]] = (),
    user_entries: Sequence[dict[str, Any]] = (),
) -> ExtractResult:
    """Write a settled batch, with `extra` edits in the same project transaction.

    User items, and `user_entries` (whole user store entries, ids and dates kept), go to the
    user store, queued in the project when it is unavailable.
    """
    user_items = [
        userstore.UserItem(
            str(c.entry.get("text")),
            str(c.entry.get("kind") or "preference"),
            c.scope if c.scope in ("PERSONAL", "UNIVERSAL") else "PERSONAL",
            round(c.confidence, 2),
            root.project.name,
        )
        for c in batch.candidates
        if c.target == "user" and c.action == "stored"
    ]
    degraded = userstore.unavailable() if user_items or user_entries else None
    if degraded is not None:  # queued as items: the queue's shape has no ids or dates
        user_items += [_queued_entry(e, root) for e in user_entries]
    written: list[store.WriteResult] = []

    def write_user() -> None:
        # after the project files are checked and before they are written: a refused project
        # write leaves the user store alone, a refused user write cancels the project write
        if (user_items or user_entries) and degraded is None:
            whole = [item.entry() for item in user_items] + list(user_entries)
            written.append(userstore.put(whole, by=by, dry_run=dry_run))

    project = store.transact(
        root,
        [
            lambda tx: _edits(tx, batch, user_items if degraded else [], degraded, today),
            *extra,
        ],
        by=by,
        dry_run=dry_run,
        before_commit=write_user,
    )
    user = written[0] if written else None
    return ExtractResult(batch, project, user, degraded, dry_run)


def _queued_entry(entry: dict[str, Any], root: MemoryRoot) -> userstore.UserItem:
    return userstore.UserItem(
        str(entry.get("text")),
        str(entry.get("kind") or "preference"),
        "PERSONAL",
        1.0,
        root.project.name,
    )


def _edits(
    tx: store.Transaction,
    batch: ex.Batch,
    queued: list[userstore.UserItem],
    degraded: str | None,
    today: str,
) -> None:
    ids: dict[str, str] = {}  # decision title -> id, for the session records
    for c in batch.candidates:
        if c.action == "stored" and c.target in ("decisions", "changelog", "project"):
            written = _write_stored(tx, c, today)
            if written is not None:
                ids[str(c.entry.get("title"))] = written
        elif c.action in ("merged", "superseded") and c.target in ("decisions", "changelog"):
            _write_merge(tx, c)
        elif c.action == "review":
            _queue_review(tx, c, today)
        if c.target == "decisions" and c.merge_into and c.action in ("dropped", "merged"):
            ids[str(c.entry.get("title"))] = c.merge_into  # already stored: refer to it
    for c in batch.candidates:
        if c.action == "stored" and c.target == "sessions":
            _write_session(tx, c, ids, today)
    if queued:
        userstore.queue(tx, queued, degraded or "user store unavailable")


def _write_session(tx: store.Transaction, c: ex.Candidate, ids: dict[str, str], today: str) -> None:
    entry = dict(c.entry)
    entry["decisions"] = [ids.get(t, t) for t in entry.get("decisions", [])]
    entry = {k: v for k, v in entry.items() if v not in ([], None, "")}
    before = _edit_count(tx)
    tx.upsert(SESSIONS, f"{SESSIONS_DIR}/{today}.yaml", entry, default_date=today)
    if _edit_count(tx) == before:
        c.note = "already in memory"


def _write_stored(tx: store.Transaction, c: ex.Candidate, today: str) -> str | None:
    entry = dict(c.entry)
    if c.target == "decisions":
        entry.setdefault("confidence", round(c.confidence, 2))
        entry.setdefault("source_refs", [source_ref(c.source)])
    before = _edit_count(tx)
    written = write_item(tx, c.target, entry, today=today)
    if _edit_count(tx) == before:
        c.note = "already in memory"
    return written


def _write_merge(tx: store.Transaction, c: ex.Candidate) -> None:
    """Fold a near duplicate into its stored entry, or mark a stored decision superseded."""
    kind, rel = (
        (DECISIONS, DECISIONS_FILE) if c.target == "decisions" else (CHANGELOG, CHANGELOG_FILE)
    )
    target_id = c.merge_into or c.entry.get("id")
    if not target_id or str(target_id).startswith("cand-"):
        return  # near an item waiting for review: nothing stored to fold into
    fields = _fill(tx, kind, rel, str(target_id), c) if c.action == "merged" else dict(c.entry)
    if fields:
        tx.upsert(kind, rel, {**fields, "id": str(target_id)})


def _queue_review(tx: store.Transaction, c: ex.Candidate, today: str) -> None:
    queued = tx.list_doc(CANDIDATES_FILE, CANDIDATES)
    slot, _ = queued.match({"target": c.target, "entry": c.entry})
    status = None if slot is None else queued.get(slot).get("status", "pending")
    if status not in (None, "pending"):  # a person decided already: extracting again is a no-op
        c.action, c.note = "dropped", f"already {status} in review"
        return
    tx.upsert(
        CANDIDATES,
        CANDIDATES_FILE,
        {
            "date": Timestamp(today),
            "target": c.target,
            "status": "pending",
            "scope": c.scope,
            "confidence": round(c.confidence, 2),
            "reason": c.reason,
            "entry": c.entry,
            "source": c.source,
        },
    )


def _edit_count(tx: store.Transaction) -> int:
    """How many changes the transaction holds so far (to tell a no-op write)."""
    return sum(len(d.changes) for d in tx.docs.values()) + sum(
        len(d.changes) for d in tx.lists.values()
    )


def write_item(
    tx: store.Transaction, target: str, entry: dict[str, Any], *, today: str
) -> str | None:
    """Write one project item (decision, change, facts or session); its id, if it has one.

    Raises:
        UsageError: `target` is not a project target (user items go to the user store).
    """
    entry = dict(entry)
    if target == "project":
        tx.merge_facts(entry)
        return None
    if target == "decisions":
        if "date" in entry:
            entry["date"] = Timestamp(str(entry["date"]))
        return tx.upsert(DECISIONS, DECISIONS_FILE, entry).id
    if target == "changelog":
        entry["date"] = Timestamp(str(entry.get("date") or today))
        return tx.upsert(CHANGELOG, CHANGELOG_FILE, entry).id
    if target == "sessions":
        return tx.upsert(SESSIONS, f"{SESSIONS_DIR}/{today}.yaml", entry, default_date=today).id
    raise UsageError(
        f"cannot write a {target!r} item to project memory", hint="see `omp review --help`"
    )


def _fill(
    tx: store.Transaction, kind: Any, rel: str, target_id: str, c: ex.Candidate
) -> dict[str, Any]:
    """Fields of `c` that the stored entry lacks (a merge keeps the more complete entry)."""
    doc = tx.list_doc(rel, kind)
    slot, _ = doc.match({"id": target_id})
    if slot is None:
        return {}
    existing = doc.get(slot)
    fields: dict[str, Any] = {}
    for key, value in c.entry.items():
        if key == "alternatives":
            have = list(existing.get(key) or existing.get("alternatives_considered") or [])
            more = [v for v in value if v not in have]
            if more:
                fields[key] = have + more
        elif (
            key not in ("title", "choice", "summary", "date", "id")
            and not existing.get(key)
            and value
        ):
            fields[key] = value
    return fields


def source_ref(source: dict[str, Any]) -> str:
    """How a decision's `source_refs` names the place a candidate came from (`path#index`)."""
    return f"{source.get('path')}#{source.get('index')}"
