"""The only code that writes files: lock, back up, replace atomically, recover after a crash.

A write of several files is one transaction: every new text goes to a temp file beside its
target (fsynced), then a transaction record listing them is committed atomically in the cache,
then each temp replaces its target. A crash before the record leaves only temp files, which the
next writer deletes (old state); a crash after it is rolled forward by the next writer (new
state). Either way each file is always the old or the new version, never a mix.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

from omp.constants import (
    ARCHIVE_DIR,
    BACKUP_STAMP_FORMAT,
    BACKUP_SUFFIX,
    LOCK_FILE,
    SKILLS_DIR,
    TEMP_PREFIX,
    TEMP_SUFFIX,
    TXN_FILE,
)
from omp.errors import LockTimeoutError, WriteFailedError
from omp.paths import MemoryRoot, make_derived_dir

# Folders under `_omp/` that the writer writes besides the memory folder (`omp import`).
OUTSIDE_MEMORY_DIRS = (SKILLS_DIR, ARCHIVE_DIR)
# Backups of files outside the memory folder live under `.backup/<this>/<path in project>`.
BACKUP_OUTSIDE = "_project"


class FileWrite:
    """One file of a transaction: `text` replaces `path` (created when absent).

    `data` is the text's UTF-8, encoded once: what is written, and what its caller hashes
    (`paths.blob_id`) for the index and the journal.
    """

    __slots__ = ("data", "path", "text")

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text
        self.data = text.encode("utf-8")

    def __repr__(self) -> str:
        return f"FileWrite({self.path!r}, <{len(self.data)} bytes>)"


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _os_error(err: OSError, path: Path, doing: str) -> WriteFailedError:
    if err.errno == errno.ENOSPC:
        return WriteFailedError(
            f"{path}: no space left on device while {doing}; nothing was changed",
            hint="free some disk space and run the command again",
        )
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return WriteFailedError(
            f"{path}: permission denied while {doing}; nothing was changed",
            hint=f"check the permissions of {path.parent} (and that the disk is writable)",
        )
    return WriteFailedError(f"{path}: {err.strerror or err} while {doing}; nothing was changed")


def check_writable(path: Path) -> None:
    """Refuse a target that is marked read-only (even for root, who could replace it).

    Raises:
        WriteFailedError: the file exists and has no write permission bit.
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    if not mode & 0o222:
        raise WriteFailedError(
            f"{path}: the file is read-only; nothing was changed",
            hint=f"make it writable (`chmod u+w {path}`) if omp may change it",
        )


_TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def _new_temp(path: Path) -> tuple[int, Path]:
    """A new file beside `path` (`.NAME.xxxxxxxx.tmp`, mode 0600), open for writing.

    What `tempfile.mkstemp` does, without the import of `tempfile` and `shutil` (about 2 ms
    of every hook's start).
    """
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(100):
        token = "".join(_TEMP_CHARS[b % len(_TEMP_CHARS)] for b in os.urandom(8))
        tmp = path.parent / f"{TEMP_PREFIX}{path.name}.{token}{TEMP_SUFFIX}"
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temp file name", str(path.parent))


def write_temp(path: Path, text: str | bytes) -> Path:
    """Write `text` (bytes: its UTF-8) to a fsynced temp file beside `path` with `path`'s mode.

    Returns:
        The temp file.

    Raises:
        WriteFailedError: the OS refused (full disk, permissions).
    """
    try:
        fd, tmp = _new_temp(path)
    except OSError as e:
        raise _os_error(e, path, "creating a temp file") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except FileNotFoundError:
            mode = 0o644
        tmp.chmod(mode)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise _os_error(e, path, "writing the new version") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` by `text` atomically (no backup, no lock: for files outside memory).

    Raises:
        WriteFailedError: the OS refused the write; `path` is unchanged.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = write_temp(path, text)
    try:
        tmp.replace(path)
        _fsync_dir(path.parent)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise _os_error(e, path, "replacing the file") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------------------------
# Lock


def _holder(lock_path: Path) -> str:
    try:
        text = lock_path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return "another process"
    return f"process {text}" if text else "another process"


class _Expired(Exception):
    pass


def _on_alarm(_signum: int, _frame: object) -> None:
    raise _Expired


# Longer waits than this (`.inf` included) wait for as long as it takes: a timer signal
# cannot be set that far ahead (`setitimer` overflows the platform's time_t).
_FOREVER = float(2**31 - 1)


def _acquire(fd: int, timeout: float) -> bool:
    """Take an exclusive flock on `fd` within `timeout` seconds; False if it did not come.

    Waiting inside the kernel's blocking flock (bounded by a timer signal) keeps writers
    roughly first come, first served; polling would let a process that just released the lock
    take it again at once and starve the others. Signals only reach the main thread, so other
    threads poll.
    """
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        pass
    import signal  # here: nearly every write finds the lock free, and needs neither module
    import threading

    main = threading.current_thread() is threading.main_thread()
    if timeout >= _FOREVER:
        if main:
            fcntl.flock(fd, fcntl.LOCK_EX)
            return True
        while True:
            time.sleep(0.002)
            with contextlib.suppress(BlockingIOError):
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
    if timeout > 0 and main:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            return True
        except _Expired:
            return False
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.002)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            continue
    return False


@contextlib.contextmanager
def locked(root: MemoryRoot, *, timeout: float) -> Iterator[None]:
    """Hold the project's write lock (`_omp/.cache/lock`), waiting at most `timeout` seconds.

    Every writer of every kind (CLI, hooks, watcher, MCP server) takes this one lock, so writes
    from different processes never interleave.

    Raises:
        LockTimeoutError: another writer kept the lock for longer than `timeout`.
    """
    lock_path = root.cache / LOCK_FILE
    try:
        make_derived_dir(root.cache)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        if root.cache.exists() and not root.cache.is_dir():
            # the lock (and the transaction record) must live there: no lock, no write
            raise WriteFailedError(
                f"{root.display(root.cache)} is a file, not a folder: cannot create the write "
                f"lock {root.display(lock_path)}; nothing was changed",
                hint=f"remove it (rm {root.display(root.cache)}); omp recreates the folder, which "
                "holds only derived files (lock, index, journal)",
            ) from None
        raise WriteFailedError(
            f"{root.display(lock_path)}: cannot create the write lock "
            f"({e.strerror or e}); nothing was changed",
            hint=f"omp needs a writable folder {root.display(root.cache)}/ (it is gitignored "
            "and holds only derived files)",
        ) from None
    try:
        if not _acquire(fd, timeout):
            raise LockTimeoutError(
                f"{root.display(lock_path)}: held by {_holder(lock_path)} for more "
                f"than {timeout:g}s; nothing was changed",
                hint="wait for that omp command to finish, or raise "
                "`omp: lock_timeout_seconds` in _omp/config.yaml",
            )
        os.ftruncate(fd, 0)
        command = " ".join([Path(sys.argv[0]).name, *sys.argv[1:3]]) if sys.argv else "?"
        os.pwrite(fd, f"{os.getpid()} ({command})\n".encode(), 0)
        try:
            yield
        finally:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------------------------
# Backups


def backup_dir_for(root: MemoryRoot, path: Path) -> Path:
    """Folder holding the backups of `path`: its place under the memory folder, mirrored.

    A file elsewhere in the project (a skill under `_omp/skills/`) mirrors its place in the
    project instead, so two `SKILL.md` never share a folder.
    """
    for base, prefix in ((root.memory, Path()), (root.project, Path(BACKUP_OUTSIDE))):
        try:
            return root.backups / prefix / path.parent.relative_to(base)
        except ValueError:
            continue
    return root.backups


def list_backups(root: MemoryRoot, path: Path) -> list[Path]:
    """Backups of `path`, oldest first."""
    folder = backup_dir_for(root, path)
    if not folder.is_dir():
        return []
    prefix = f"{path.name}."
    return sorted(
        p
        for p in folder.iterdir()
        if p.name.startswith(prefix) and p.name.endswith(BACKUP_SUFFIX) and p.is_file()
    )


def _back_up(root: MemoryRoot, path: Path, retention: int) -> Path | None:
    try:
        st = path.lstat()
    except FileNotFoundError:
        return None
    folder = backup_dir_for(root, path)
    make_derived_dir(root.backups)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime(BACKUP_STAMP_FORMAT)
    target = folder / f"{path.name}.{stamp}{BACKUP_SUFFIX}"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{path.name}.{stamp}-{n}{BACKUP_SUFFIX}"
    if not _link_backup(path, st, target):
        old = path.read_bytes()
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(old)
            f.flush()
            os.fsync(f.fileno())
    for stale in list_backups(root, path)[:-retention]:
        stale.unlink(missing_ok=True)
    return target


def _link_backup(path: Path, st: os.stat_result, target: Path) -> bool:
    """Make `target` a hard link to the file `path` is about to stop naming; False if not.

    A write never changes a file in place: it renames a new file over the old one, so once
    the write is done the old file lives on under the backup's name alone, and backing up a
    file of any size costs a link instead of a copy. Only a plain file with no other name
    is linked (another name could change it in place); on a filesystem without hard links,
    or across devices, the backup is copied.
    """
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
        return False
    try:
        os.link(path, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:  # no hard links here (EPERM, EXDEV, ENOTSUP, EMLINK): copy instead
        return False
    fd = os.open(target, os.O_RDONLY)
    try:
        os.fsync(fd)  # the old bytes may have come from an editor that did not sync them
    finally:
        os.close(fd)
    return True


# ---------------------------------------------------------------------------------------------
# Transactions


_TEMP_NAME = re.compile(rf"^{re.escape(TEMP_PREFIX)}.+\.[a-z0-9_]{{8}}{re.escape(TEMP_SUFFIX)}$")


def is_temp(p: Path) -> bool:
    """True for the temp files of `write_temp` (readers skip them; `recover` deletes them)."""
    return bool(_TEMP_NAME.match(p.name))


def recover(root: MemoryRoot) -> list[Path]:
    """Finish or undo what a crashed writer left; call with the lock held.

    Returns:
        The files rolled forward from a committed transaction record.
    """
    record = root.cache / TXN_FILE
    done: list[Path] = []
    if record.exists():
        try:
            pending = json.loads(record.read_text(encoding="utf-8"))["files"]
        except (OSError, ValueError, KeyError):
            pending = []
        for item in pending:
            tmp, target = Path(item["tmp"]), Path(item["target"])
            if tmp.exists():
                tmp.replace(target)
                _fsync_dir(target.parent)
                done.append(target)
        record.unlink()
        _fsync_dir(record.parent)
    for folder in (root.memory, root.cache, *(root.omp_dir / d for d in OUTSIDE_MEMORY_DIRS)):
        if folder.is_dir():
            for stray in folder.rglob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"):
                if is_temp(stray) and stray.is_file():
                    stray.unlink(missing_ok=True)
    return done


def _prepare(
    root: MemoryRoot, writes: Sequence[FileWrite], temps: list[Path], retention: int
) -> list[Path]:
    """Write every temp file (appended to `temps`), then back up every target."""
    for w in writes:
        try:
            w.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise _os_error(e, w.path, "creating its folder") from None
        temps.append(write_temp(w.path, w.data))
    backups = []
    for w in writes:
        try:
            taken = _back_up(root, w.path, retention)
        except OSError as e:
            raise _os_error(e, w.path, "backing up the old version") from None
        if taken is not None:
            backups.append(taken)
    return backups


def commit(root: MemoryRoot, writes: Sequence[FileWrite], *, retention: int) -> list[Path]:
    """Back up and replace every file of `writes` as one transaction; call with the lock held.

    Returns:
        The backups taken (one per existing file replaced).

    Raises:
        WriteFailedError: the OS refused a write before the commit point; nothing changed.
    """
    for w in writes:
        check_writable(w.path)
    temps: list[Path] = []
    record = root.cache / TXN_FILE
    try:
        backups = _prepare(root, writes, temps, retention)
        if len(writes) > 1:
            body = {
                "files": [
                    {"tmp": str(t), "target": str(w.path)}
                    for t, w in zip(temps, writes, strict=True)
                ]
            }
            atomic_write(record, json.dumps(body))
    except BaseException:
        for t in temps:
            t.unlink(missing_ok=True)
        raise
    # Commit point passed: each replace is atomic, and a crash between two of them is rolled
    # forward by `recover` from the record.
    for tmp, w in zip(temps, writes, strict=True):
        try:
            tmp.replace(w.path)
        except OSError as e:
            if len(writes) > 1:  # the record stays: the next write completes the transaction
                raise WriteFailedError(
                    f"{w.path}: {e.strerror or e} while replacing it",
                    hint="run any omp write command to complete it",
                ) from None
            tmp.unlink(missing_ok=True)
            raise _os_error(e, w.path, "replacing the file") from None
        _fsync_dir(w.path.parent)
    if len(writes) > 1:
        record.unlink()
        _fsync_dir(record.parent)
    return backups


def create_new(path: Path, text: str) -> bool:
    """Create `path` with `text` atomically unless it exists; never overwrites.

    Returns:
        True if the file was created, False if something was already there.

    Raises:
        WriteFailedError: the OS refused the write.
    """
    if path.exists() or path.is_symlink():
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _os_error(e, path, "creating its folder") from None
    tmp = write_temp(path, text)
    try:
        os.link(tmp, path)  # fails if `path` appeared meanwhile: never clobbers
    except FileExistsError:
        return False
    except OSError as e:
        raise _os_error(e, path, "creating the file") from None
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(path.parent)
    return True
