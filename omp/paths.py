"""Find the project and its memory folder; keep user-given paths inside it."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import NamedTuple

from omp.constants import (
    BACKUP_DIR,
    CACHE_DIR,
    CONFIG_FILE,
    LEGACY_MEMORY_ROOTS,
    MEMORY_DIR,
    OMP_DIR,
)
from omp.errors import InvalidYamlError, NotInitializedError, PathOutsideRootError

# Files whose presence marks a legacy `.memory/` folder as OpenMemory Plus memory (other tools
# use `.memory/` too).
_LEGACY_MARKERS = ("project.yaml", "decisions.yaml", "changelog.yaml", "sessions")


class MemoryRoot(NamedTuple):
    """Where a project's memory lives.

    Attributes:
        project: the project root (the folder holding `_omp/`).
        memory: the memory folder, normally `<project>/_omp/memory`.
        legacy: True for the legacy roots `_omp/.memory/` and `.memory/`.
    """

    project: Path
    memory: Path
    legacy: bool = False

    @property
    def omp_dir(self) -> Path:
        """The `_omp/` folder (config, cache); it exists for every root but `.memory/`."""
        return self.project / OMP_DIR

    @property
    def cache(self) -> Path:
        """Derived, gitignored state: lock, transaction record, index."""
        if self.memory.parent == self.omp_dir:
            return self.omp_dir / CACHE_DIR
        return self.memory / CACHE_DIR

    @property
    def backups(self) -> Path:
        """Folder of the copies taken before each write."""
        return self.memory / BACKUP_DIR

    @property
    def config(self) -> Path:
        """The team config file `_omp/config.yaml`."""
        return self.omp_dir / CONFIG_FILE

    def display(self, path: Path) -> str:
        """Path as shown to a user: relative to the project root when inside it."""
        try:
            return path.relative_to(self.project).as_posix()
        except ValueError:
            return str(path)

    def memory_path(self, name: str | Path) -> Path:
        """Resolve `name` (relative to the memory folder, the project, or absolute) safely.

        Raises:
            PathOutsideRootError: the path escapes the memory folder (also through symlinks).
        """
        candidate = Path(name)
        if not candidate.is_absolute():
            in_memory = self.memory / candidate
            in_project = self.project / candidate
            candidate = in_project if _is_under(in_project, self.memory) else in_memory
        return inside(candidate, self.memory, what="memory folder")

    def legacy_hint(self) -> str | None:
        """How to move a legacy root to `_omp/memory/`, or None for the current layout."""
        if not self.legacy:
            return None
        old = self.display(self.memory)
        return (
            f"this project uses the legacy memory folder {old}/; move it with "
            f"`git mv {old} {OMP_DIR}/{MEMORY_DIR}`"
        )


def make_derived_dir(folder: Path) -> None:
    """Create `folder` (`.cache/`, `.backup/`), with a `.gitignore` that ignores all of it.

    The repository's `.gitignore` lines cover the layout `omp init` made; this covers every
    other (a legacy `.memory/`, a package whose lines were never added), so `git add -A`
    never commits an index, a lock or a backup. The `.gitignore` is written only when the
    folder has none; a failure to write it leaves the folder in place (it is a safeguard).
    """
    folder.mkdir(parents=True, exist_ok=True)
    ignore = folder / ".gitignore"
    if not ignore.exists():
        with contextlib.suppress(OSError):
            ignore.write_text(
                "# made by omp: derived state, never committed\n*\n", encoding="utf-8"
            )


def _is_under(path: Path, base: Path) -> bool:
    return os.path.realpath(path).startswith(os.path.realpath(base) + os.sep) or (
        os.path.realpath(path) == os.path.realpath(base)
    )


def inside(path: Path, base: Path, *, what: str) -> Path:
    """Return `path` made absolute, refusing it when it resolves outside `base`.

    Raises:
        PathOutsideRootError: `path` (after resolving `..` and symlinks) is not under `base`.
    """
    real = Path(os.path.realpath(path))
    real_base = Path(os.path.realpath(base))
    if not real.is_relative_to(real_base):
        raise PathOutsideRootError(
            f"{path}: outside the {what} {base}",
            hint=f"give a path inside {base}",
        )
    return real


def git_toplevel(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git` (a folder, or a file in worktrees)."""
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def memory_in(folder: Path) -> MemoryRoot | None:
    """The memory folder directly in `folder` (as `find_root` takes it there), or None."""
    current = folder / OMP_DIR / MEMORY_DIR
    if current.is_dir():
        return MemoryRoot(folder, current)
    for rel in LEGACY_MEMORY_ROOTS:
        legacy = folder / rel
        if legacy.is_dir() and (
            rel.startswith(OMP_DIR) or any((legacy / m).exists() for m in _LEGACY_MARKERS)
        ):
            return MemoryRoot(folder, legacy, legacy=True)
    return None


def find_root(start: Path | None = None) -> MemoryRoot:
    """Find the memory of the project containing `start` (default: the working directory).

    Walks up from `start` to the git top-level (or the filesystem root outside git) and takes
    the first folder with `_omp/memory/`, or a legacy `_omp/.memory/` or `.memory/`.

    Raises:
        NotInitializedError: no memory folder was found.
    """
    start = Path.cwd() if start is None else start
    start = start.absolute()
    top = git_toplevel(start)
    for folder in (start, *start.parents):
        root = memory_in(folder)
        if root is not None:
            return root
        if folder == top:
            break
    foreign = next((f / OMP_DIR for f in (start, *start.parents) if (f / OMP_DIR).is_dir()), None)
    hint = "run `omp init` in the project first"
    if foreign is not None:
        hint = (
            f"{foreign} has no memory/ folder, so it belongs to another tool; "
            "`omp init --force` adds omp's memory beside it"
        )
    raise NotInitializedError(f"no omp memory (_omp/memory/) in {start} or above", hint=hint)


def blob_id(data: bytes) -> str:
    """The git blob id of these bytes: a file's identity in the index, the journal and git.

    One hash serves all three, so a write hashes what it wrote once, and a file checked out
    by git is known by the id git already has for it.
    """
    header = b"blob %d\0" % len(data)
    if len(data) < _SMALL_BLOB:
        try:
            import _sha1  # type: ignore[import-not-found]  # CPython's own: no OpenSSL
        except ImportError:  # pragma: no cover - an interpreter without it
            pass
        else:
            small = _sha1.sha1(header)
            small.update(data)
            return str(small.hexdigest())
    import hashlib  # OpenSSL's SHA-1, five times faster on a large file

    digest = hashlib.sha1(header, usedforsecurity=False)
    digest.update(data)  # not prefixed by concatenation: that would copy a large file
    return digest.hexdigest()


# Below this size `blob_id` hashes with CPython's SHA-1, which imports in 1 ms but hashes at a
# fifth of OpenSSL's speed (8 ms to import): the two cost the same at about 300 KB.
_SMALL_BLOB = 256 * 1024


def read_text(path: Path, *, display: str | None = None) -> str:
    """A file's exact text: line endings are not translated, so CRLF files stay CRLF.

    Raises:
        InvalidYamlError: the file is not UTF-8.
    """
    with path.open("rb") as f:
        return decode_text(f.read(), display=display or str(path))


def decode_text(data: bytes, *, display: str) -> str:
    """The text of a file's bytes, exactly as `read_text` gives it.

    Raises:
        InvalidYamlError: the bytes are not UTF-8.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidYamlError(
            display,
            None,
            None,
            f"not UTF-8 text ({e.reason})",
            hint="save the file as UTF-8",
        ) from None
