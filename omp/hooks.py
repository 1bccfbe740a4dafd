"""Git hooks: `omp hooks install | uninstall | status`, and what each hook does.

Installed hooks are small shell scripts (`templates/hook.sh`) that run `python -m omp hook
NAME`. A hook that was already there is kept as `NAME.legacy` and run first; uninstall puts it
back. A hook of a manager that itself runs `NAME.legacy` (the pre-commit framework, which also
moves omp's hook there when it is installed after omp) gets omp's script as its `NAME.legacy`
instead; the script never runs itself. Only a validation failure blocks git (exit 65 from
`omp hook`, turned into 1 by the script); anything else that goes wrong in omp is a warning and
git goes on.

Every hook serves every memory folder of the repository (the top's, and each package's in a
monorepo), found from the paths git reports rather than by walking the working tree.

- pre-commit: staged memory files must parse, match their schema and hold no secret.
- post-commit: the new commit becomes a changelog entry (deduplicated by sha) in the working
  tree, so it goes in with the next commit; commits that only touch memory are skipped. The
  entry goes to each memory folder whose project holds a file the commit changed (the top's
  takes every commit). The script runs it in the background (`$OMP_HOOKS_SYNC=1` waits), so
  git is not held up.
- post-merge, post-checkout: memory files changed by git are re-indexed, and what changed
  in them is journaled entry by entry (as the watcher journals an outside edit), each in the
  journal of its own memory folder.
- post-rewrite: changelog entries whose `ref` is a rewritten sha get the new sha.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from omp import gitrepo
from omp.constants import LEGACY_MEMORY_ROOTS, MEMORY_DIR, OMP_DIR
from omp.errors import OmpError

if TYPE_CHECKING:
    from collections.abc import Callable

    from omp.index import Index
    from omp.paths import MemoryRoot
    from omp.store import Transaction

HOOKS = ("pre-commit", "post-commit", "post-merge", "post-checkout", "post-rewrite")
MARKER = "# omp-managed hook"
LEGACY_SUFFIX = ".legacy"
BLOCK = 65  # exit status of `omp hook` that refuses the commit (EX_DATAERR)
HOOKS_ENV = "OMP_HOOKS"  # `off` makes every hook a no-op (e.g. in CI)
_COMPARED = (".yaml", ".yml", ".json")  # memory files git changed that are compared by entry


class HooksPathError(OmpError):
    """`core.hooksPath` points at hooks another tool manages."""


class HookConflictError(OmpError):
    """A hook cannot be installed without overwriting a hook that is not omp's."""


class HookState(NamedTuple):
    """One hook: `omp`, `omp+legacy`, `omp-as-legacy`, `foreign`, or `missing`.

    `omp+legacy`: omp's script runs the hook it replaced (`NAME.legacy`) first.
    `omp-as-legacy`: omp's script is `NAME.legacy`, run by another manager's hook; `path` is
    then the `NAME.legacy` file.
    """

    name: str
    state: str
    path: Path


class HooksResult(NamedTuple):
    """What install, uninstall or status found or did."""

    folder: Path
    hooks: tuple[HookState, ...]
    changed: tuple[str, ...]
    dry_run: bool = False
    merge_driver: bool = False

    def to_json(self) -> dict[str, object]:
        """The `--json` document."""
        return {
            "folder": str(self.folder),
            "hooks": {h.name: h.state for h in self.hooks},
            "merge_driver": self.merge_driver,
            "changed": list(self.changed),
            "dry_run": self.dry_run,
        }


# `**/` also matches the top: memory folders of every package of a monorepo get the driver.
# The legacy `.memory/` and `_omp/.memory/` get none: an attributes line cannot check the marker
# files `find_root` checks, and other tools keep a `.memory/project.yaml` of their own (some in
# Markdown), whose clean line merges the driver would turn into conflicts; `_omp/.memory/` (a few
# upstream releases) is left to the `git mv` every command on it prints. See the README.
ATTRIBUTES_LINE = "**/_omp/memory/**/*.yaml merge=omp"
_OLD_ATTRIBUTES_LINES = ("_omp/memory/**/*.yaml merge=omp",)  # earlier versions: the top only
_ATTRIBUTES_COMMENT = "# omp: merge memory files entry by entry (omp hooks install)"


def _driver_command() -> str:
    python = sys.executable.replace("'", "'\\''")
    return f"'{python}' -m omp merge-driver %O %A %B %P"


def _attribute_lines(top: Path) -> list[str]:
    attributes = top / ".gitattributes"
    if not attributes.is_file():
        return []
    return attributes.read_text(encoding="utf-8").splitlines(keepends=True)


def _driver_registered(top: Path) -> bool:
    has_line = any(line.strip() == ATTRIBUTES_LINE for line in _attribute_lines(top))
    return has_line and gitrepo.config_get(top, "merge.omp.driver") is not None


def _register_driver(top: Path) -> None:
    gitrepo.run(top, "config", "merge.omp.name", "omp memory files, entry by entry")
    gitrepo.run(top, "config", "merge.omp.driver", _driver_command())
    lines = _attribute_lines(top)
    if any(line.strip() == ATTRIBUTES_LINE for line in lines):
        return
    # the line of an earlier version becomes the current one where it stands
    old = [i for i, line in enumerate(lines) if line.strip() in _OLD_ATTRIBUTES_LINES]
    if old:
        lines[old[0]] = f"{ATTRIBUTES_LINE}\n"
        lines = [line for i, line in enumerate(lines) if i not in old[1:]]
    else:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        lines += [f"{_ATTRIBUTES_COMMENT}\n", f"{ATTRIBUTES_LINE}\n"]
    (top / ".gitattributes").write_text("".join(lines), encoding="utf-8")


def _unregister_driver(top: Path) -> None:
    gitrepo.run(top, "config", "--remove-section", "merge.omp", ok=(0, 1, 128))
    attributes = top / ".gitattributes"
    if attributes.is_file():
        ours = (ATTRIBUTES_LINE, *_OLD_ATTRIBUTES_LINES, _ATTRIBUTES_COMMENT)
        kept = [line for line in _attribute_lines(top) if line.strip() not in ours]
        if kept:
            attributes.write_text("".join(kept), encoding="utf-8")
        else:
            attributes.unlink()


def _top(repo: Path) -> Path:
    return Path(gitrepo.run(repo, "rev-parse", "--show-toplevel").removesuffix("\n"))


def _folder(repo: Path) -> Path:
    hooks_path = gitrepo.config_get(repo, "core.hooksPath")
    if hooks_path:
        raise HooksPathError(
            f"core.hooksPath is set to {hooks_path!r}: another tool manages this repository's "
            "hooks, so omp will not install its own",
            hint="pre-commit framework: add the `omp-check-staged` and `omp-record-commit` "
            "hooks from omp's .pre-commit-hooks.yaml to .pre-commit-config.yaml; husky or "
            "lefthook: call "
            "`python -m omp hook pre-commit` (and post-commit) from your hook; or run "
            "`git config --unset core.hooksPath` to let omp install its hooks",
        )
    return gitrepo.git_path(repo, "hooks")


# The pre-commit framework's hook script (https://pre-commit.com) runs `NAME.legacy` itself
_FRAMEWORK_MARK = "# File generated by pre-commit: https://pre-commit.com"


def _head(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")[:400]
    except (FileNotFoundError, IsADirectoryError):
        return ""


def _ours(path: Path) -> bool:
    return MARKER in _head(path)


def _runs_legacy(path: Path) -> bool:
    """A foreign hook that runs `NAME.legacy` itself, so omp's script belongs there."""
    return _FRAMEWORK_MARK in _head(path)


def _state(folder: Path, name: str) -> HookState:
    path = folder / name
    legacy = folder / (name + LEGACY_SUFFIX)
    if _ours(path):
        return HookState(name, "omp+legacy" if legacy.exists() else "omp", path)
    if path.exists() and _ours(legacy):
        return HookState(name, "omp-as-legacy", legacy)
    return HookState(name, "foreign" if path.exists() else "missing", path)


class _Step(NamedTuple):
    """What install does for one hook: write omp's script to `target`, after moving `keep`."""

    name: str
    target: Path
    keep: Path | None = None  # a foreign hook moved to NAME.legacy first
    stale: Path | None = None  # an orphaned copy of omp's script to remove


def _plan(folder: Path, name: str, script: str) -> _Step | str | None:
    """The step that installs hook `name`: None when done already, a str naming a conflict."""
    path = folder / name
    legacy = folder / (name + LEGACY_SUFFIX)
    if _ours(path):
        return None if path.read_text(encoding="utf-8") == script else _Step(name, path)
    if path.exists() and _ours(legacy):  # under another manager's hook
        return None if legacy.read_text(encoding="utf-8") == script else _Step(name, legacy)
    if not path.exists():
        return _Step(name, path, stale=legacy if _ours(legacy) else None)
    if legacy.exists():
        if _runs_legacy(path):
            return (
                f"{path} is the pre-commit framework's hook and already runs {legacy.name}, "
                "which is not omp's: omp's script would have to take that name"
            )
        return (
            f"{path} is not omp's hook and {legacy.name} is there too: omp keeps the hook it "
            f"replaces as {legacy.name} and overwrites neither"
        )
    if _runs_legacy(path):
        return _Step(name, legacy)
    return _Step(name, path, keep=legacy)


def _script(name: str) -> str:
    from omp.resources import resource_text

    text = resource_text("templates", "hook.sh")
    python = sys.executable.replace("'", "'\\''")
    return text.replace("@HOOK@", name).replace("@PYTHON@", python)


def status(repo: Path) -> HooksResult:
    """Which omp hooks are installed in `repo`.

    Raises:
        HooksPathError: `core.hooksPath` is set.
        NotAGitRepoError: `repo` is not in a git repository.
    """
    folder = _folder(repo)
    states = tuple(_state(folder, n) for n in HOOKS)
    return HooksResult(folder, states, (), merge_driver=_driver_registered(_top(repo)))


def install(repo: Path, *, dry_run: bool = False) -> HooksResult:
    """Install omp's hooks; an existing foreign hook is kept as `NAME.legacy` and chained.

    Every hook is checked before anything is written: either all are installed or none.
    Under the pre-commit framework's hook, omp's script goes to `NAME.legacy`, which that
    hook runs. Installing twice changes nothing.

    Raises:
        HookConflictError: a hook and its `NAME.legacy` are both someone else's (also on a
            dry run).
        HooksPathError: `core.hooksPath` is set.
        NotAGitRepoError: `repo` is not in a git repository.
    """
    folder = _folder(repo)
    steps: list[_Step] = []
    conflicts: list[str] = []
    for name in HOOKS:
        step = _plan(folder, name, _script(name))
        if isinstance(step, str):
            conflicts.append(step)
        elif step is not None:
            steps.append(step)
    if conflicts:
        raise HookConflictError(
            "; ".join(conflicts) + "; nothing was installed",
            hint="merge each hook named and its .legacy file into one file by hand (or delete "
            "the one you no longer need; under the pre-commit framework, move what NAME.legacy "
            "does into .pre-commit-config.yaml), then run `omp hooks install` again",
        )
    changed = [step.name for step in steps]
    if not dry_run:
        for step in steps:
            _apply(step)
    top = _top(repo)
    if not _driver_registered(top):
        changed.append("merge-driver")
        if not dry_run:
            _register_driver(top)
    states = tuple(_state(folder, n) for n in HOOKS)
    return HooksResult(folder, states, tuple(changed), dry_run, _driver_registered(top))


def _apply(step: _Step) -> None:
    step.target.parent.mkdir(parents=True, exist_ok=True)
    if step.keep is not None:
        (step.target.parent / step.name).replace(step.keep)
    tmp = step.target.with_name(f".{step.name}.omp.tmp")
    tmp.write_text(_script(step.name), encoding="utf-8")
    tmp.chmod(tmp.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    tmp.replace(step.target)
    if step.stale is not None:
        step.stale.unlink(missing_ok=True)


def uninstall(repo: Path, *, dry_run: bool = False) -> HooksResult:
    """Remove omp's hooks and put back any hook they replaced.

    Raises:
        HooksPathError: `core.hooksPath` is set.
        NotAGitRepoError: `repo` is not in a git repository.
    """
    folder = _folder(repo)
    changed: list[str] = []
    for name in HOOKS:
        path = folder / name
        legacy = folder / (name + LEGACY_SUFFIX)
        if _ours(path):
            changed.append(name)
            if not dry_run:
                path.unlink()
                if legacy.exists():
                    legacy.replace(path)
        elif _ours(legacy):  # under another manager's hook, which stays
            changed.append(name)
            if not dry_run:
                legacy.unlink()
    top = _top(repo)
    if _driver_registered(top) or gitrepo.config_get(top, "merge.omp.driver"):
        changed.append("merge-driver")
        if not dry_run:
            _unregister_driver(top)
    states = tuple(_state(folder, n) for n in HOOKS)
    return HooksResult(folder, states, tuple(changed), dry_run, _driver_registered(top))


# ---- what the hooks do ----------------------------------------------------------------------


def run(name: str, args: list[str], stdin: str, cwd: Path) -> int:
    """Run hook `name`; its exit status (BLOCK refuses the commit, anything else lets git go).

    The hook serves every memory folder of the repository (one per package in a monorepo),
    each found from the paths git reports, never by walking the working tree. Never raises: a
    hook must not break git because omp failed.
    """
    if os.environ.get(HOOKS_ENV, "").lower() == "off":
        return 0
    from omp.paths import git_toplevel

    top = git_toplevel(cwd.absolute()) or cwd.absolute()  # git runs hooks at the top
    failed: list[str] = []
    try:
        if name == "pre-commit":
            return _pre_commit(_Roots(top))
        if name == "post-commit":
            failed = _post_commit(_Roots(top), args)
        elif name in ("post-merge", "post-checkout"):
            failed = _refresh(_Roots(top), name, args)
        elif name == "post-rewrite":
            failed = _rewrite(_Roots(top), stdin)
    except OmpError as e:
        failed = [str(e)]
    for problem in failed:
        print(f"omp: {name}: {problem}", file=sys.stderr)  # noqa: T201 - hooks report on stderr
    return 3 if failed else 0


# Where a memory folder sits in its project folder: `find_root`'s layouts, current one first
_LAYOUTS = tuple(
    tuple(layout.split("/")) for layout in (f"{OMP_DIR}/{MEMORY_DIR}", *LEGACY_MEMORY_ROOTS)
)
# The same as git pathspecs, at any depth: what git is asked about (`**/` also matches the top)
_PATHSPECS = tuple(f":(glob)**/{'/'.join(layout)}/**" for layout in _LAYOUTS)


class _Roots:
    """The memory folders of one repository, found from paths git reports.

    Each folder is looked at once (a few `stat` calls), so a hook costs nothing more in a
    repository with one memory folder at the top, and never walks the working tree.
    """

    def __init__(self, top: Path) -> None:
        self.top = top
        self._at: dict[str, MemoryRoot | None] = {}

    def at(self, folder: str) -> MemoryRoot | None:
        """The memory of project folder `folder` (relative to the top, "" for the top)."""
        if folder not in self._at:
            from omp.paths import memory_in

            self._at[folder] = memory_in(self.top / folder)
        return self._at[folder]

    def holding(self, path: str) -> tuple[MemoryRoot, str] | None:
        """The memory folder that holds repository path `path`, and the path inside it.

        As `find_root` would take it from the file's folder: the nearest memory folder that
        exists, in any of its layouts.
        """
        parts = path.split("/")
        for i in range(len(parts) - 2, -1, -1):
            for layout in _LAYOUTS:
                end = i + len(layout)
                if end < len(parts) and tuple(parts[i:end]) == layout:
                    folder = "/".join(parts[:i])
                    root = self.at(folder)
                    if root is not None and root.memory == self.top / folder / "/".join(layout):
                        return root, "/".join(parts[end:])
        return None

    def around(self, paths: list[str]) -> list[MemoryRoot]:
        """The memory folders whose project folder holds one of `paths`, the outermost first."""
        seen: set[str] = set()
        for path in paths:
            folder = path.rpartition("/")[0]
            while folder not in seen:  # a folder seen already had its parents seen too
                seen.add(folder)
                if not folder:
                    break
                folder = folder.rpartition("/")[0]
        ordered = sorted(seen, key=lambda f: (f.count("/") + bool(f), f))
        found = (self.at(folder) for folder in ordered)
        return list(dict.fromkeys(root for root in found if root is not None))

    def group(self, paths: list[str]) -> dict[MemoryRoot, list[tuple[str, str]]]:
        """Memory files among `paths`, by memory folder: (repository path, path inside it)."""
        groups: dict[MemoryRoot, list[tuple[str, str]]] = {}
        for path in paths:
            found = self.holding(path)
            if found is not None:
                groups.setdefault(found[0], []).append((path, found[1]))
        return groups


def _pre_commit(roots: _Roots) -> int:
    from omp.index import Index

    top = roots.top
    problems: list[str] = []
    staged = {
        path: blob
        for path, blob in gitrepo.staged(top, *_PATHSPECS)
        if path.endswith((".yaml", ".yml", ".json")) and "/.backup/" not in path
    }
    for root, files in roots.group(list(staged)).items():
        with Index(root) as index:
            for path, rel in files:
                if (root.memory / rel).is_relative_to(root.cache):
                    continue  # the derived state of a `.memory/` folder, not memory
                text, as_working = _staged_text(top, path, staged[path])
                known = _indexed_problems(index, path, rel, text, as_working)
                problems += _problems(path, rel, text) if known is None else known
    if not problems:
        return 0
    for problem in dict.fromkeys(problems):
        print(f"omp: {problem}", file=sys.stderr)  # noqa: T201 - hooks report on stderr
    print(  # noqa: T201
        "omp: commit refused: fix the memory files above (`omp validate` shows every problem); "
        "`git commit --no-verify` skips this check",
        file=sys.stderr,
    )
    return BLOCK


def _staged_text(top: Path, path: str, blob: str) -> tuple[str, bool]:
    """The staged text of `path`, and whether the working tree holds the same.

    When it does (the whole file was staged), it is read from there: no git process.

    Raises:
        InvalidYamlError: the staged file is not UTF-8.
    """
    from omp.paths import blob_id, decode_text

    try:
        data = (top / path).read_bytes()
    except OSError:
        data = None
    if data is not None and blob_id(data) == blob:
        return decode_text(data, display=path), True
    return gitrepo.staged_text(top, path), False


def _indexed_problems(
    index: Any, path: str, rel: str, text: str, as_working: bool
) -> list[str] | None:
    """Problems of a staged list file, from the index and a parse of what it does not hold.

    Files written by omp are already validated and indexed, so they cost no parse and no
    schema load; a file edited by hand has only its changed entries parsed and checked (the
    index keeps each entry's problems, secrets included, by the hash of its text and by its
    data), also when only part of the edits is staged (`as_working` False). None: the index
    cannot tell (another file kind, or a staged text that is no list file omp can read entry
    by entry).
    """
    from omp.records import list_kind_of, schema_kind

    if list_kind_of(schema_kind(rel)) is None:
        return None
    index.refresh([rel])
    if as_working:
        info = index.file(rel)
        problems = None if info is None else info.problems
    else:  # `git add -p`: the staged entries are mostly the working tree's, indexed just now
        parsed = index.parse(rel, text)
        problems = None if parsed is None else parsed[1]
    return None if problems is None else [f"{path}: {where}: {what}" for where, what in problems]


def _problems(path: str, rel: str, text: str) -> list[str]:
    """Every problem of a staged memory file, parsed and checked in full."""
    from omp import yamlio
    from omp.records import schema_kind
    from omp.schema import check
    from omp.sensitive import find_secrets

    try:
        data = yamlio.load(text, source=path)
    except OmpError as e:
        return [str(e)]
    problems = [f"{path}: {where}: {what}" for where, what in check(schema_kind(rel), data)]
    problems += [
        f"{path}: {f.path}: looks like a secret ({f.kind}); memory must not hold it"
        for f in find_secrets(data)
    ]
    return problems


SYNC_ENV = "OMP_HOOKS_SYNC"  # `1`: the post-commit script waits for omp (tests, CI)


def _post_commit(roots: _Roots, args: list[str]) -> list[str]:
    top = roots.top
    if args:  # the script checked rebase and amend before running this in the background
        sha = args[0]
    else:
        # one line each: a path may hold spaces
        git_dir, sha = gitrepo.run(top, "rev-parse", "--absolute-git-dir", "HEAD").split("\n")[:2]
        if any((Path(git_dir) / p).exists() for p in ("rebase-merge", "rebase-apply")):
            return []  # a rebase replays commits; post-rewrite maps their shas afterwards
        if _last_reflog(Path(git_dir)).startswith("commit (amend)"):
            return []  # the amended commit already has its entry; post-rewrite gives it the new sha
    # one git process: the parents (none for a root commit, two or more for a merge), a NUL,
    # then the files the commit changed (none for a merge or an empty commit), each ending in
    # a NUL, after a newline; --always prints the parents of a commit that changed nothing
    parents, _, changed = gitrepo.run(
        top, "diff-tree", "--always", "--format=%P", "--name-only", "-r", "-z", "--root", sha
    ).partition("\0")
    files = [p for p in changed.removeprefix("\n").split("\0") if p]
    failed = _journal_merge(roots, sha, parents.split())
    return failed + _record_commit(roots, sha, bool(parents.strip()), files)


def _journal_merge(roots: _Roots, sha: str, parents: list[str]) -> list[str]:
    """Journal the memory a merge commit brought in, as post-merge does for a clean merge.

    Git runs post-merge only for a merge it commits itself; the commit that concludes a
    conflicted merge (or `git merge --no-commit`) runs post-commit instead, so the two never
    both run for one merge.
    """
    if len(parents) >= 2:
        return _journal_git_changes(roots, parents[0], sha, "merged")
    return []


def _last_reflog(git_dir: Path) -> str:
    """The message of HEAD's newest reflog entry ("commit (amend): ...")."""
    try:
        with (git_dir / "logs" / "HEAD").open("rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 4096))
            last = f.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    except OSError:
        return ""
    return last.partition(b"\t")[2].decode("utf-8", "replace")


def _record_commit(roots: _Roots, sha: str, has_parent: bool, files: list[str]) -> list[str]:
    """The changelog entry of commit `sha`, in each memory folder whose project it changed.

    `files`: the paths the commit changed, from the top. A memory folder takes the commit when
    its project folder holds a changed file that is not memory; the one at the top takes every
    commit (also one that changed no file). A commit that only touches memory (of any folder)
    gets no entry anywhere.
    """
    from omp import ingest

    work = [p for p in files if roots.holding(p) is None]
    if files and not work:
        return []  # a commit of memory itself: no changelog line about it
    targets = roots.around(work) if work else [r for r in (roots.at(""),) if r is not None]
    if not targets:
        return []
    failed: list[str] = []
    for root in targets:
        try:
            ingest.extract(root, git=f"{sha}^!" if has_parent else sha, by="git-hook")
        except OmpError as e:
            failed.append(_in(roots, root, e))
    return failed


def _in(roots: _Roots, root: MemoryRoot, error: OmpError) -> str:
    """An error in one memory folder, naming the folder unless it is the top's."""
    folder = root.project.relative_to(roots.top).as_posix()
    return str(error) if folder == "." else f"{folder}: {error}"


def _refresh(roots: _Roots, name: str, args: list[str]) -> list[str]:
    if name == "post-checkout":
        if len(args) < 2 or args[0] == args[1]:
            return []
        old, new = args[0], args[1]
    else:
        old, new = "ORIG_HEAD", "HEAD"
    return _journal_git_changes(
        roots, old, new, "merged" if name == "post-merge" else "checked out"
    )


def _journal_git_changes(roots: _Roots, old: str, new: str, verb: str) -> list[str]:
    """Re-index the memory files that differ between commits `old` and `new`, and journal them.

    Each memory folder journals its own files, in its own journal. Each file's two versions are
    compared entry by entry, as the watcher compares an outside edit (`watch.diff_versions`),
    and every change becomes an `outside` record that names the commits
    (`decisions[dec-…]: added (git: merged abc1234..def5678)`). A file whose versions cannot be
    compared that way (one does not parse or is invalid, Markdown, themes) or that changed in
    no entry gets one record for the whole file (`changed by git (merged …)`).

    The new version is the one `new` holds, not the working tree: local edits git carried over
    (`git checkout -m`) are not git's. When the journal had not accounted for them either,
    they stay for the watcher to report, compared with `new`'s version.
    """
    top = roots.top
    try:
        files = gitrepo.changed(top, old, new, *_PATHSPECS)
        by_path = {f.path: f for f in files}
        groups = roots.group(list(by_path))
        if not groups:
            return []
        names = gitrepo.run(
            top, "log", "--no-walk=unsorted", "--no-show-signature", "--format=%h", old, new
        ).split()
    except OmpError:
        return []  # no ORIG_HEAD (a fast-forward of nothing) or an unborn branch
    context = f"{verb} {names[0]}..{names[1]}" if len(names) == 2 else f"{verb} {old}..{new}"
    try:  # every version at once: one git process, however many files, entries and folders
        blobs = gitrepo.blobs(
            top,
            [
                b
                for changes in groups.values()
                for path, _ in changes
                if path.endswith(_COMPARED)
                for b in (by_path[path].old, by_path[path].new)
                if b
            ],
        )
    except OmpError:
        blobs = {}
    failed: list[str] = []
    for root, changes in groups.items():
        try:
            _journal_root(root, [(by_path[path], rel) for path, rel in changes], blobs, context)
        except OmpError as e:
            failed.append(_in(roots, root, e))
    return failed


def _journal_root(
    root: MemoryRoot,
    files: list[tuple[gitrepo.BlobChange, str]],
    blobs: dict[str, bytes],
    context: str,
) -> None:
    """Journal, in `root`, the changes git made to its files (`rel` is inside its memory)."""
    from omp import journal, store, writer
    from omp.config import load_settings
    from omp.index import Index
    from omp.paths import blob_id

    rels = [rel for _, rel in files]
    with writer.locked(root, timeout=load_settings(root).lock_timeout), Index(root) as index:
        accounted = {rel: _accounted(index, rel) for rel in rels}  # before git's edits count
        # edits made on top of the commit git replaced, journaled already: an autostash put
        # them aside and will apply them again (or a checkout carried them over)
        journaled_here = {
            rel: entries
            for f, rel in files
            if f.old is not None and f.new is not None and f.old in blobs and f.new in blobs
            and accounted[rel] not in (None, blob_id(blobs[f.old]), blob_id(blobs[f.new]))
            and (entries := index.accounted_entries(rel)) is not None
        }  # fmt: skip
        # files a watcher journaled between git's write and this hook: indexed as they are now
        watched = {rel: _indexed_as_is(index, rel, root.memory / rel) for rel in rels}
        index.refresh()
        pairs: list[tuple[str, str]] = []
        carried: list[tuple[str, bytes]] = []
        for f, rel in files:
            display = root.display(root.memory / rel)
            working = _read_bytes(root.memory / rel)
            before = None if f.old is None else blobs.get(f.old)
            after = None if f.new is None else blobs.get(f.new)
            if working is not None and f.new is not None and blob_id(working) == f.new:
                after = working  # checked out as committed: no need to read it from git
            read = (f.old is None or before is not None) and (f.new is None or after is not None)
            if read and after is not None and watched[rel] == blob_id(after):
                continue  # the watcher took the lock first and journaled git's version already
            changes = _compare(index, rel, before, after) if read else None
            if changes:
                pairs += [(display, f"{change} (git: {context})") for change in changes]
            else:
                pairs.append((display, f"changed by git ({context})"))
            # local edits git carried over, which the journal had not accounted for either
            unjournaled = accounted[rel] == (None if before is None else blob_id(before))
            if read and unjournaled and after is not None and working not in (None, after):
                carried.append((rel, after))
        journal.append(  # under the lock, like every writer: cursors stay unique
            root, pairs, by=store.agent_name(None), kind="outside"
        )
        # journaled here: the watcher must not report these files again
        index.forget_unjournaled(rels)
        for rel, version in carried:
            _keep_as_journaled(index, rel, version)
        for f, rel in files:
            if rel in journaled_here and f.old is not None and f.new is not None:
                _keep_carried(index, rel, journaled_here[rel], blobs[f.old], blobs[f.new])


def _read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def _compare(index: Index, rel: str, before: bytes | None, after: bytes | None) -> list[str] | None:
    """The change strings between two versions of `rel`, or None when they are not comparable."""
    from omp import watch
    from omp.paths import decode_text

    try:
        texts = [None if b is None else decode_text(b, display=rel) for b in (before, after)]
    except OmpError:
        return None  # not UTF-8
    return watch.diff_versions(index, rel, texts[0], texts[1])


def _indexed_as_is(index: Index, rel: str, path: Path) -> str | None:
    """The hash of `rel` if the journal accounts for it as it is on disk now, else None.

    True of a file a watcher journaled after git wrote it: the index holds that very file (its
    size and mtime), and no outside edit of it waits to be journaled. A version the index held
    from before git wrote the file has an older mtime, even with the same content.
    """
    info = index.file(rel)
    if info is None or rel in index.unjournaled([rel]):
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    return info.hash if (info.size, info.mtime_ns) == (st.st_size, st.st_mtime_ns) else None


def _accounted(index: Index, rel: str) -> str | None:
    """The hash of the version of `rel` the journal accounts for (None: no version)."""
    kept = index.unjournaled([rel])
    if rel in kept:
        return kept[rel].hash
    info = index.file(rel)
    return None if info is None else info.hash


def _keep_as_journaled(index: Index, rel: str, version: bytes) -> None:
    """Make `version` the one the journal accounts for, and the working tree an edit of it.

    The index then holds the working tree and keeps `version` (`Index.unjournaled`), so the
    watcher reports the difference (local edits carried over a checkout) as an outside edit.
    """
    from omp.paths import blob_id, decode_text

    try:
        text = decode_text(version, display=rel)
    except OmpError:
        return
    # a size no file has: the next refresh reads the working tree and keeps this version
    index.index_text(rel, text, size=-1, mtime_ns=0, digest=blob_id(version), outside=False)
    index.refresh([rel])


def _keep_carried(
    index: Index,
    rel: str,
    here: dict[str, tuple[str | None, str]],
    before: bytes,
    after: bytes,
) -> None:
    """Account for edits journaled on top of `before` as made on top of `after` as well.

    `here` is the version the journal accounted for before git replaced `before` with
    `after`. Its differences from `before`, entry by entry, are carried onto `after`, and the
    result becomes the version the watcher compares the file with: when an autostash applies
    those edits again (or a checkout carried them over), nothing is reported twice; when they
    are gone from the working tree, their removal is reported.
    """
    from omp.index import dumps
    from omp.paths import blob_id, decode_text

    versions: list[dict[str, tuple[str | None, str]]] = []
    for version in (before, after):
        try:
            read = index.parse(rel, decode_text(version, display=rel))
        except OmpError:
            return
        if read is None or read[1]:
            return  # not comparable entry by entry, or invalid: as the hook found it
        versions.append({str(e.id or e.identity): (e.hash, dumps(e.data)) for e in read[0]})
    base, theirs = versions
    merged = dict(theirs)
    merged.update(  # added or changed here
        (key, entry) for key, entry in here.items() if key not in base or base[key][1] != entry[1]
    )
    for key in base.keys() - here.keys():
        merged.pop(key, None)  # removed here
    if merged != theirs:
        index.keep_version(rel, merged, f"carried onto {blob_id(after)}")


def _rewritten_in(roots: _Roots, mapping: dict[str, str]) -> list[MemoryRoot]:
    """The memory folders rewritten commits could have been recorded in.

    The top's, and those whose project holds a file that one of the commits (old or new)
    changed and that is not memory.
    """
    top = roots.at("")
    targets = [] if top is None else [top]
    try:  # one git process for every commit
        shas = list(dict.fromkeys([*mapping, *mapping.values()]))
        out = gitrepo.run(
            roots.top, "log", "--no-walk=unsorted", "--format=", "--name-only", "-z", *shas
        )
    except OmpError:
        return targets  # a commit git no longer has: the top's memory is still remapped
    paths = [p.lstrip("\n") for p in out.split("\0") if p.strip("\n")]
    targets += roots.around([p for p in paths if roots.holding(p) is None])
    return list(dict.fromkeys(targets))


def _rewrite(roots: _Roots, stdin: str) -> list[str]:
    """Give changelog entries the new sha of their rewritten commit, in every memory folder."""
    from omp import store

    mapping: dict[str, str] = {}
    for line in stdin.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            mapping[parts[0]] = parts[1]
    if not mapping:
        return []
    failed: list[str] = []
    for root in _rewritten_in(roots, mapping):
        try:
            store.transact(root, [_remapper(mapping)], by="git-hook")
        except OmpError as e:
            failed.append(_in(roots, root, e))
    return failed


def _remapper(mapping: dict[str, str]) -> Callable[[Transaction], None]:
    """The edit that gives each changelog entry whose `ref` is an old sha the new one."""
    from omp.constants import CHANGELOG_FILE
    from omp.records import CHANGELOG

    def remap(tx: Transaction) -> None:
        tx.list_doc(CHANGELOG_FILE, CHANGELOG)  # brings the index up to date with the file
        for row in tx.index.entries(CHANGELOG_FILE):
            entry = row.data if isinstance(row.data, dict) else {}
            ref = str(entry.get("ref") or "")
            if len(ref) < 7 or "id" not in entry:
                continue
            for old, new in mapping.items():
                if old.startswith(ref):
                    tx.upsert(
                        CHANGELOG, CHANGELOG_FILE, {"id": entry["id"], "ref": new[: len(ref)]}
                    )
                    break

    return remap


def main(argv: list[str] | None = None) -> int:
    """`python -m omp.hooks NAME [ARGS]`: what the installed scripts run (no CLI start-up)."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in HOOKS:
        print(f"usage: python -m omp.hooks {{{','.join(HOOKS)}}} [ARGS]", file=sys.stderr)  # noqa: T201
        return 2
    # only post-rewrite gets input; reading elsewhere could wait on a pipe nobody closes
    reads = args[0] == "post-rewrite" and sys.stdin is not None and not sys.stdin.isatty()
    return run(args[0], args[1:], sys.stdin.read() if reads else "", Path.cwd())


if __name__ == "__main__":
    sys.exit(main())
