"""Commits read from git history; the only module that runs git.

It runs the `git` executable (`git log`) and streams its output rather than importing GitPython,
whose import is slow, for the one command omp needs. Settings that would change the bytes of the
log (signatures, colour, output encoding, mailmap, trailer separators, comment character, path
quoting) are pinned on the command line, over user and repository config. Git runs with
`LC_ALL=C` and without the `GIT_DIR`-style variables a git hook inherits, so the repository read
is always the one passed in. One piece of config still applies, as in git's own output: a
`trailer.<token>.key` alias renames that trailer.

Commit messages are also read as Conventional Commits 1.0 (https://www.conventionalcommits.org/).
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from omp.errors import OmpError
from omp.lazyre import lazy


class NotAGitRepoError(OmpError):
    """A folder that is not inside a git repository."""


class GitError(OmpError):
    """Git is missing, or refused a command (an unknown revision, a damaged repository)."""


class Commit(NamedTuple):
    """One commit as `git log` shows it.

    Attributes:
        sha: Full object name.
        short: Abbreviated object name, as git prints it with `%h` (length per `core.abbrev`).
        author: Author name, as recorded (no .mailmap).
        email: Author email, as recorded.
        date: Author date, strict ISO 8601 (`2026-01-31T09:15:00+08:00`).
        subject: The message's first paragraph, lines joined with spaces.
        body: The rest of the message, stripped ("" when there is none).
        trailers: `(key, value)` pairs git finds in the last paragraph (`Signed-off-by: ...`),
            values unfolded onto one line; keys as written.
        parents: Number of parents: 0 for a root commit, 2 or more for a merge.
    """

    sha: str
    short: str
    author: str
    email: str
    date: str
    subject: str
    body: str
    trailers: tuple[tuple[str, str], ...]
    parents: int


# Git refuses a NUL in a commit message and prints messages as C strings, so NUL can frame the
# fields: none of them can contain it.
_FIELDS = ("%H", "%h", "%P", "%an", "%ae", "%aI", "%s", "%b", "%(trailers:only,unfold)")
_FORMAT = "tformat:" + "%x00".join(_FIELDS)  # with -z, each commit ends with a NUL too
_CONFIG = (  # the settings that shape the log's bytes, over whatever the user set
    "core.quotepath=off",
    "log.showSignature=false",
    "log.mailmap=false",
    "color.ui=never",
    "i18n.logOutputEncoding=UTF-8",
    "trailer.separators=:",
    "core.commentChar=#",
)
# Variables that point git at another repository (set inside git hooks) or change its objects
_LOCATION_VARS = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
)
_CHUNK = 1 << 16
# str.strip() and splitlines() also take \x1c-\x1f, \x85 and U+2028 as breaks; git does not
_ASCII_SPACE = " \t\n\r\f\v"


def commits(
    repo: Path, rev_range: str, *, oldest_first: bool = True, limit: int | None = None
) -> Generator[Commit, None, None]:
    """The commits of `rev_range` (`main`, `v1.2..HEAD`, `A...B`), oldest first by default.

    Git's output is read as it arrives, so memory stays bounded for any number of commits.
    Nothing runs until iteration starts, and the errors below are raised then. Closing the
    generator stops git and reaps it: `break` out of a `for` over it (CPython closes it once it
    is unreferenced), or hold it in `contextlib.closing(...)`. With `oldest_first`, git lists the
    whole range before the first commit arrives; `oldest_first=False` starts at once.

    Args:
        repo: A folder inside the repository.
        rev_range: One revision or range expression, as `git log` takes it (never an option or
            a path).
        oldest_first: Oldest commit first (`git log --reverse`); False for git's newest first.
        limit: At most this many commits (the newest ones).

    Raises:
        NotAGitRepoError: `repo` is not inside a git repository.
        GitError: git is not installed, the range names an unknown revision, or git failed.
    """
    if not repo.is_dir():
        raise NotAGitRepoError(
            f"{repo}: no such folder", hint="pass the folder of a git repository"
        )
    args = ["git", "-C", str(repo)]
    for setting in _CONFIG:
        args += ["-c", setting]
    args += ["--no-pager", "log", "-z", f"--format={_FORMAT}", "--encoding=UTF-8", "--no-color"]
    args += ["--no-notes", "--no-decorate", *(["--reverse"] if oldest_first else [])]
    if limit is not None:
        args.append(f"--max-count={limit}")
    args += ["--end-of-options", rev_range, "--"]
    env = {k: v for k, v in os.environ.items() if k not in _LOCATION_VARS}
    env.update(LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    try:
        child = _Child(args, env)
    except FileNotFoundError:
        raise GitError(_NO_GIT, hint=_INSTALL_GIT) from None
    except ValueError as e:  # a NUL byte in an argument
        raise GitError(f"cannot run git: {e}", hint="give a revision range without NUL") from None
    try:
        yield from _read(child.output())
    finally:
        status = child.close()  # stops git when the reader stopped early
    if status != 0:
        raise _error(repo, rev_range, b"".join(child.errors).decode("utf-8", "replace"))


def _read(chunks: Iterable[bytes]) -> Iterator[Commit]:
    """Commits from git's NUL-framed output, read chunk by chunk."""
    buffer = bytearray()
    fields: list[bytes] = []
    for chunk in chunks:
        start, scan = 0, len(buffer)  # what was buffered before holds no NUL
        buffer += chunk
        while (end := buffer.find(b"\0", scan)) >= 0:
            fields.append(bytes(buffer[start:end]))
            start = scan = end + 1
            if len(fields) == len(_FIELDS):
                yield _commit(fields)
                fields = []
        del buffer[:start]


def _commit(fields: list[bytes]) -> Commit:
    sha, short, parents, author, email, date, subject, body, trailers = (
        f.decode("utf-8", "replace") for f in fields
    )
    pairs: list[tuple[str, str]] = []
    for line in trailers.split("\n"):
        if not line:
            continue
        key, _, value = line.partition(":")
        pairs.append((key.strip(_ASCII_SPACE), value.strip(_ASCII_SPACE)))
    return Commit(
        sha,
        short,
        author,
        email,
        date,
        subject,
        body.strip(_ASCII_SPACE),
        tuple(pairs),
        len(parents.split()),
    )


def _error(repo: Path, rev_range: str, stderr: str) -> OmpError:
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    detail = next((line for line in reversed(lines) if line.startswith("fatal:")), None)
    detail = (detail or (lines[-1] if lines else "git log failed")).removeprefix("fatal: ")
    if "not a git repository" in detail:
        return NotAGitRepoError(
            f"{repo} is not inside a git repository",
            hint=f"run `git init` in {repo}, or pass the repository's folder",
        )
    if "dubious ownership" in detail:
        return GitError(
            f"git refuses {repo}: it belongs to another user",
            hint=f"if you trust it: git config --global --add safe.directory {repo}",
        )
    return GitError(
        f"git log cannot read {rev_range!r} in {repo}: {detail}",
        hint=f"check the range with `git -C {repo} log {rev_range}`",
    )


# ---- Conventional Commits -------------------------------------------------------------------


class Conventional(NamedTuple):
    """A subject read as a Conventional Commit: `type(scope)!: summary`.

    Attributes:
        type: The type, lowercase ("feat", "fix", ...).
        scope: The text between parentheses, or None.
        breaking: Whether `!` marks a breaking change (see also `breaking_note`).
        summary: The description after `: `.
    """

    type: str
    scope: str | None
    breaking: bool
    summary: str


# compiled when first used: the hooks that import this module for `git diff` read no message
_CONVENTIONAL = lazy(
    r"(?P<type>[A-Za-z][A-Za-z0-9_-]*)(?:\((?P<scope>[^()\r\n]*)\))?(?P<bang>!)?: (?P<summary>.*)"
)
_BREAKING = lazy(r"BREAKING[ -]CHANGE:[ \t]*(?P<text>.*)")
_FOOTER = lazy(r"(?:BREAKING[ -]CHANGE|[A-Za-z0-9][A-Za-z0-9-]*)(?:: | #)")


def parse_conventional(subject: str) -> Conventional | None:
    """The Conventional Commit in a subject line, or None if it is not one.

    The type is any word (`feat`, `fix`, `docs`, `WIP`...) matched case-insensitively and
    returned lowercase; a scope must not be empty and the summary must not be blank.
    """
    first = subject.split("\n", 1)[0]
    m = _CONVENTIONAL.fullmatch(first)
    if m is None or not m["summary"].strip():
        return None
    scope = m["scope"]
    if scope is not None and not scope.strip():
        return None
    return Conventional(
        m["type"].lower(), scope.strip() if scope else None, bool(m["bang"]), m["summary"].strip()
    )


def breaking_note(commit: Commit) -> str | None:
    """The text of the commit's `BREAKING CHANGE:` (or `BREAKING-CHANGE:`) footer, if any.

    As the spec says, the text runs until the next footer (`Token: ` or `Token #`); the token
    must be uppercase. Several such footers are joined with a blank line.
    """
    notes: list[list[str]] = []
    inside = False
    for line in commit.body.split("\n"):
        m = _BREAKING.match(line)
        if m is not None:
            notes.append([m["text"]])
            inside = True
        elif inside and _FOOTER.match(line):
            inside = False
        elif inside:
            notes[-1].append(line.rstrip(_ASCII_SPACE))
    texts = [t for t in ("\n".join(note).strip(_ASCII_SPACE) for note in notes) if t]
    return "\n\n".join(texts) if texts else None


def run(repo: Path, *args: str, ok: tuple[int, ...] = (0,)) -> str:
    """Run one git command in `repo` and return its standard output.

    Raises:
        NotAGitRepoError: `repo` is not inside a git repository.
        GitError: git is missing or failed (exit status not in `ok`).
    """
    env = {k: v for k, v in os.environ.items() if k not in _LOCATION_VARS}
    env.update(LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    done = _spawn(["git", "-C", str(repo), "-c", "core.quotepath=off", *args], env)
    err = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode not in ok:
        if "not a git repository" in err:
            raise NotAGitRepoError(
                f"{repo}: not inside a git repository", hint="run `git init` first"
            )
        raise GitError(
            f"git {' '.join(args[:2])} failed: {err or done.returncode}",
            hint="run the same git command by hand to see why",
        )
    return done.stdout.decode("utf-8", "replace")


class _Done(NamedTuple):
    """How a git process ended, and what it printed."""

    returncode: int
    stdout: bytes
    stderr: bytes


_NO_GIT = "git is not installed (no `git` on PATH)"
_INSTALL_GIT = "install git, e.g. `apt install git` or `brew install git`"


def _spawn(argv: list[str], env: dict[str, str], given: bytes | None = None) -> _Done:
    """Run git (`argv`) with `given` (else nothing) as its standard input, capturing its output.

    Raises:
        GitError: git is not installed.
    """
    try:
        if given is None:
            child = _Child(argv, env)
            try:
                out = b"".join(child.output())
            finally:
                status = child.close()
            return _Done(status, out, b"".join(child.errors))
        import subprocess  # git given input; its import is slow (see _Child)

        done = subprocess.run(argv, input=given, capture_output=True, env=env, check=False)
        return _Done(done.returncode, done.stdout, done.stderr)
    except FileNotFoundError:
        raise GitError(_NO_GIT, hint=_INSTALL_GIT) from None


class _Child:
    """A command with no input, started with `os.posix_spawnp`; its output is read as it comes.

    Importing `subprocess` (with `threading`, `selectors`, `locale`, `signal`) takes longer
    than a git process, and git hooks start omp at every commit. Like `subprocess`, the child
    gets the default SIGPIPE and SIGXFSZ handlers back, and no descriptor of ours but the
    three it is given (Python opens all others non-inheritable). Both of its pipes are read
    at once (by poll), so it never blocks on a full one: `output()` yields what it prints,
    `errors` collects what it says on stderr.

    Raises:
        FileNotFoundError: the command is not on PATH.
        ValueError: an argument holds a NUL.
    """

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        # the C module `signal` wraps, loaded with Python: `signal` makes enums of every
        # signal at import (a few ms of each hook), and only two numbers are needed here
        import _signal  # type: ignore[import-not-found]

        defaults = [getattr(_signal, n) for n in ("SIGPIPE", "SIGXFSZ") if hasattr(_signal, n)]
        self.out, out_w = os.pipe()
        self.err, err_w = os.pipe()
        null = os.open(os.devnull, os.O_RDONLY)
        try:
            actions = [(os.POSIX_SPAWN_DUP2, fd, to) for to, fd in enumerate((null, out_w, err_w))]
            self.pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions, setsigdef=defaults)
        except BaseException:
            os.close(self.out)
            os.close(self.err)
            raise
        finally:
            for fd in (out_w, err_w, null):
                os.close(fd)
        self.errors: list[bytes] = []
        self.status: int | None = None
        self._open = 2  # pipes the child has not closed yet

    def output(self) -> Iterator[bytes]:
        """What the child prints, chunk by chunk, until it closes both of its pipes."""
        import select

        poller = select.poll()
        for fd in (self.out, self.err):
            poller.register(fd, select.POLLIN)
        while self._open:
            for fd, _ in poller.poll():
                data = os.read(fd, _CHUNK)
                if not data:  # the child closed it
                    poller.unregister(fd)
                    self._open -= 1
                elif fd == self.out:
                    yield data
                else:
                    self.errors.append(data)

    def close(self) -> int:
        """Reap the child, killed first if it was not read to the end; its exit status.

        Called again, it only answers: the child is reaped exactly once, and never left a zombie.
        """
        if self.status is None:
            os.close(self.out)
            os.close(self.err)
            if self._open:  # the reader stopped early: git would go on writing for no one
                import signal

                os.kill(self.pid, signal.SIGKILL)
            self.status = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        return self.status


def line_merge(base: str, ours: str, theirs: str) -> tuple[str, int]:
    """Git's own 3-way line merge of three texts (`git merge-file -p`); the text and its conflicts.

    Each conflict is marked in the text between `<<<<<<< ours`, `=======` and `>>>>>>> theirs`.

    Raises:
        GitError: git is missing or failed.
    """
    env = {k: v for k, v in os.environ.items() if k not in _LOCATION_VARS}
    env.update(LC_ALL="C")
    import tempfile  # here: hooks import this module and must start fast

    with tempfile.TemporaryDirectory(prefix="omp-merge-") as tmp:
        paths = []
        for label, text in (("ours", ours), ("base", base), ("theirs", theirs)):
            path = Path(tmp) / label
            path.write_bytes(text.encode("utf-8"))
            paths.append(str(path))
        labels = ["-L", "ours", "-L", "base", "-L", "theirs"]
        done = _spawn(["git", "merge-file", "-p", *labels, *paths], env)
    if not 0 <= done.returncode < 128:  # the number of conflicts, or negative on an error
        err = done.stderr.decode("utf-8", "replace").strip()
        raise GitError(
            f"git merge-file failed: {err or done.returncode}",
            hint="merge the file by hand",
        )
    return done.stdout.decode("utf-8", "replace"), done.returncode


def git_path(repo: Path, name: str) -> Path:
    """Where git keeps `name` (`hooks`, `info/attributes`) for this repository or worktree."""
    out = run(repo, "rev-parse", "--path-format=absolute", "--git-path", name).removesuffix("\n")
    return Path(out)


def config_get(repo: Path, key: str) -> str | None:
    """A git config value (None when unset)."""
    out = run(repo, "config", "--get", key, ok=(0, 1)).strip()
    return out or None


def staged(repo: Path, *under: str) -> list[tuple[str, str]]:
    """Paths added or modified in the index that match the pathspecs `under`, with their blob ids.

    Paths are relative to the top level; a renamed file is listed by its new path.
    """
    out = run(
        repo, "diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames",
        "--diff-filter=AM", "--", *under,
    )  # fmt: skip
    fields = out.split("\0")
    # each change is `:mode mode blob blob status` then its path
    return [(path, head.split()[3]) for head, path in zip(fields[::2], fields[1::2], strict=False)]


def staged_text(repo: Path, path: str) -> str:
    """The staged content of `path` (relative to the top level)."""
    return run(repo, "show", f":{path}")


class BlobChange(NamedTuple):
    """A file that differs between two commits, with its blob id in each (None: absent)."""

    path: str
    old: str | None
    new: str | None


_NO_BLOB = "0" * 40


def changed(repo: Path, old: str, new: str, *under: str) -> list[BlobChange]:
    """Files that differ between two commits, matching the pathspecs `under`.

    A rename is a delete and an add.

    Raises:
        GitError: a commit is unknown (no `ORIG_HEAD` yet, an unborn branch).
    """
    out = run(repo, "diff", "--raw", "-z", "--no-abbrev", "--no-renames", old, new, "--", *under)
    fields = out.split("\0")
    found: list[BlobChange] = []
    # `:<mode> <mode> <old blob> <new blob> <status>` then the path, each ended by NUL
    for head, path in zip(fields[0::2], fields[1::2], strict=False):
        parts = head.split()
        if len(parts) < 5 or not path:
            continue
        before, after = parts[2], parts[3]
        found.append(
            BlobChange(
                path, None if before == _NO_BLOB else before, None if after == _NO_BLOB else after
            )
        )
    return found


def blobs(repo: Path, ids: list[str]) -> dict[str, bytes]:
    """The content of each blob in `ids`, read by one `git cat-file --batch` (missing: left out).

    Raises:
        GitError: git is missing or failed.
    """
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        return {}
    env = {k: v for k, v in os.environ.items() if k not in _LOCATION_VARS}
    env.update(LC_ALL="C")
    argv = ["git", "-C", str(repo), "cat-file", "--batch"]
    done = _spawn(argv, env, "".join(f"{i}\n" for i in wanted).encode("ascii"))
    if done.returncode != 0:
        err = done.stderr.decode("utf-8", "replace").strip()
        raise GitError(
            f"git cat-file --batch failed: {err or done.returncode}",
            hint="run `git fsck` to check the repository",
        )
    out, at, found = done.stdout, 0, {}
    for blob in wanted:
        # `<id> <type> <size>` then the content and a newline, or `<id> missing`
        end = out.find(b"\n", at)
        if end < 0:
            break
        header = out[at:end].split()
        at = end + 1
        if len(header) != 3:
            continue
        size = int(header[2])
        found[blob] = out[at : at + size]
        at += size + 1
    return found
