"""`omp init`: create the memory skeleton, adding only what is missing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from omp import writer
from omp.constants import (
    CONFIG_FILE,
    GITIGNORE_COMMENT,
    GITIGNORE_LINES,
    INIT_AGENT_FILES,
    INIT_FILES,
    MEMORY_DIR,
    OLD_GITIGNORE_LINES,
    OMP_DIR,
)
from omp.errors import ForeignOmpDirError, NestedMemoryError, OmpError
from omp.paths import git_toplevel, memory_in, read_text
from omp.resources import resource_text


@dataclass(frozen=True, slots=True)
class InitResult:
    """What `omp init` created and what it found already there.

    Attributes:
        project: the folder that holds (or would hold) `_omp/`.
        repository: the top of the git repository holding `project` (None outside git).
        created: files created, relative to `project`.
        kept: files that were there already, relative to `project`.
        gitignore: the `.gitignore` omp's lines go to: the repository's, at its top.
        gitignore_added: lines added to it.
        gitignore_upgraded: (old, new) lines of an earlier version's block, rewritten in place.
        dry_run: nothing was written.
    """

    project: Path
    repository: Path | None = None
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    gitignore: Path | None = None
    gitignore_added: list[str] = field(default_factory=list)
    gitignore_upgraded: list[tuple[str, str]] = field(default_factory=list)
    dry_run: bool = False

    def to_json(self) -> dict[str, object]:
        """Machine-readable summary."""
        return {
            "project": str(self.project),
            "repository": None if self.repository is None else str(self.repository),
            "created": self.created,
            "kept": self.kept,
            "gitignore": None if self.gitignore is None else str(self.gitignore),
            "gitignore_added": self.gitignore_added,
            "gitignore_upgraded": [list(pair) for pair in self.gitignore_upgraded],
            "dry_run": self.dry_run,
        }


def _project_root(start: Path, top: Path | None) -> Path:
    """The nearest folder at or above `start` (up to `top`) that has memory, else the top."""
    for folder in (start, *start.parents):
        if memory_in(folder) is not None:
            return folder
        if folder == top:
            break
    return top or start


def _refuse_nested(project: Path) -> None:
    """Refuse a project folder inside a memory folder, or inside an `_omp/` folder.

    Raises:
        NestedMemoryError: `project` is in either.
    """
    for folder in project.parents:
        root = memory_in(folder)
        if root is not None and project.is_relative_to(root.memory):
            raise NestedMemoryError(
                f"{project}: in the memory folder {root.memory} of the project "
                f"{root.project}; a memory folder cannot hold another project's memory",
                hint=f"run `omp init --here` in the package's own folder instead (outside "
                f"{root.memory}); {root.project} has its memory already",
            )
    for folder in (project, *project.parents):
        if folder.name == OMP_DIR:
            raise NestedMemoryError(
                f"{project}: inside {folder}, the folder of omp's (or another tool's) files "
                f"of {folder.parent}; memory cannot be created there",
                hint=f"run `omp init --here` in the package's own folder instead "
                f"(`omp -C {folder.parent} init --here` for {folder.parent})",
            )


def init_project(
    start: Path, *, here: bool = False, force: bool = False, dry_run: bool = False
) -> InitResult:
    """Create `_omp/memory/` and its files from the templates; never overwrite anything.

    The project is `start` itself with `here` (a package of a monorepo gets its own memory);
    otherwise the nearest folder at or above `start` with memory, else the git top-level of
    `start` (or `start` outside git). The `.gitignore` lines go to the top of the repository,
    written so that they match memory folders at any depth; an earlier version's lines there
    are rewritten in place.

    Raises:
        ForeignOmpDirError: `_omp/` exists without `memory/` (another tool's) and not `force`.
        NestedMemoryError: the project folder is inside a memory folder or an `_omp/` folder.
        OmpError: a legacy memory folder exists; it should be moved rather than duplicated.
    """
    start = start.absolute()
    top = git_toplevel(start)
    project = start if here else _project_root(start, top)
    _refuse_nested(project)
    omp_dir = project / OMP_DIR
    memory = omp_dir / MEMORY_DIR
    if not memory.is_dir():
        for legacy in (omp_dir / ".memory", project / ".memory"):
            if legacy.is_dir() and (
                legacy == omp_dir / ".memory" or (legacy / "project.yaml").exists()
            ):
                rel = legacy.relative_to(project).as_posix()
                raise OmpError(
                    f"{legacy}/ holds OpenMemory Plus memory in a legacy location",
                    hint=f"move it instead of starting anew: `git mv {rel} {OMP_DIR}/{MEMORY_DIR}`"
                    + ("" if project == start else f" in {project}"),
                )
        if omp_dir.is_dir() and any(omp_dir.iterdir()) and not force:
            again = "omp init --here --force" if here else "omp init --force"
            raise ForeignOmpDirError(
                f"{omp_dir}: this _omp/ folder has no memory/, so it belongs to another tool",
                hint=f"`{again}` adds memory/ beside that tool's files (nothing of "
                "theirs is changed)",
            )
    gitignore = (top or project) / ".gitignore"
    result = InitResult(project, top, gitignore=gitignore, dry_run=dry_run)
    plan: list[tuple[Path, str]] = [
        (memory / rel, resource_text("templates", "memory", rel)) for rel in INIT_FILES
    ]
    plan.append((omp_dir / CONFIG_FILE, resource_text("templates", CONFIG_FILE)))
    plan += [
        (omp_dir / rel, resource_text("templates", *rel.split("/"))) for rel in INIT_AGENT_FILES
    ]
    for path, text in plan:
        text = text.replace("{{PROJECT_NAME}}", project.name)
        rel = path.relative_to(project).as_posix()
        if path.exists() or path.is_symlink():
            result.kept.append(rel)
        elif dry_run or writer.create_new(path, text):
            result.created.append(rel)
        else:
            result.kept.append(rel)
    current = read_text(gitignore) if gitignore.is_file() else ""
    text = _with_ignore_lines(current, result)
    if text != current and not dry_run:
        writer.atomic_write(gitignore, text)
    return result


def _with_ignore_lines(current: str, result: InitResult) -> str:
    """`current` (a `.gitignore`) with omp's lines, noting in `result` what was added or upgraded.

    Lines of omp's block (the ones right under GITIGNORE_COMMENT) that an earlier version wrote
    become the current ones where they stand; the user's own lines are never changed. A line
    still missing goes at the end of omp's block, or in a new block at the end of the file.
    """
    nl = "\r\n" if "\r\n" in current else "\n"
    lines = current.splitlines(keepends=True)
    ours = {*GITIGNORE_LINES, *OLD_GITIGNORE_LINES}
    block_end: int | None = None
    for i, line in enumerate(lines):
        if line.strip() != GITIGNORE_COMMENT:
            continue
        end = i + 1
        while end < len(lines) and lines[end].strip() in ours:
            old = lines[end].strip()
            if old in OLD_GITIGNORE_LINES:
                new = OLD_GITIGNORE_LINES[old]
                lines[end] = lines[end].replace(old, new, 1)
                result.gitignore_upgraded.append((old, new))
            end += 1
        block_end = end if block_end is None else block_end
    present = {line.strip() for line in lines}
    missing = [
        ln
        for ln in GITIGNORE_LINES
        if not {ln, ln.rstrip("/"), f"/{ln}", f"/{ln.rstrip('/')}"} & present
    ]
    result.gitignore_added.extend(missing)
    if missing and block_end is not None:
        if block_end == len(lines) and not lines[-1].endswith("\n"):
            lines[-1] += nl
        lines[block_end:block_end] = [f"{ln}{nl}" for ln in missing]
    elif missing:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += nl
        lines += [f"{ln}{nl}" for ln in (GITIGNORE_COMMENT, *missing)]
    return "".join(lines)
