"""`omp init`: create the memory skeleton, adding only what is missing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from omp import writer
from omp.constants import (
    CONFIG_FILE,
    GITIGNORE_LINES,
    INIT_AGENT_FILES,
    INIT_FILES,
    MEMORY_DIR,
    OMP_DIR,
)
from omp.errors import ForeignOmpDirError, OmpError
from omp.paths import git_toplevel, read_text
from omp.resources import resource_text


@dataclass(frozen=True, slots=True)
class InitResult:
    """What `omp init` created and what it found already there."""

    project: Path
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    gitignore_added: list[str] = field(default_factory=list)
    dry_run: bool = False

    def to_json(self) -> dict[str, object]:
        """Machine-readable summary."""
        return {
            "project": str(self.project),
            "created": self.created,
            "kept": self.kept,
            "gitignore_added": self.gitignore_added,
            "dry_run": self.dry_run,
        }


def _project_root(start: Path) -> Path:
    start = start.absolute()
    return git_toplevel(start) or start


def init_project(start: Path, *, force: bool = False, dry_run: bool = False) -> InitResult:
    """Create `_omp/memory/` and its files from the templates; never overwrite anything.

    The project root is the git top-level of `start` (or `start` outside git).

    Raises:
        ForeignOmpDirError: `_omp/` exists without `memory/` (another tool's) and not `force`.
        OmpError: a legacy memory folder exists; it should be moved rather than duplicated.
    """
    project = _project_root(start)
    omp_dir = project / OMP_DIR
    memory = omp_dir / MEMORY_DIR
    if not memory.is_dir():
        for legacy in (omp_dir / ".memory", project / ".memory"):
            if legacy.is_dir() and (
                legacy == omp_dir / ".memory" or (legacy / "project.yaml").exists()
            ):
                rel = legacy.relative_to(project).as_posix()
                raise OmpError(
                    f"{rel}/ holds OpenMemory Plus memory in a legacy location",
                    hint=f"move it instead of starting anew: `git mv {rel} {OMP_DIR}/{MEMORY_DIR}`",
                )
        if omp_dir.is_dir() and any(omp_dir.iterdir()) and not force:
            raise ForeignOmpDirError(
                f"{omp_dir}: this _omp/ folder has no memory/, so it belongs to another tool",
                hint="`omp init --force` adds memory/ beside that tool's files (nothing of "
                "theirs is changed)",
            )
    result = InitResult(project, dry_run=dry_run)
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
    gitignore = project / ".gitignore"
    current = read_text(gitignore) if gitignore.is_file() else ""
    present = {ln.strip() for ln in current.splitlines()}
    missing = [
        ln
        for ln in GITIGNORE_LINES
        if ln not in present and ln.rstrip("/") not in present and f"/{ln}" not in present
    ]
    if missing:
        result.gitignore_added.extend(missing)
        if not dry_run:
            nl = "\r\n" if "\r\n" in current else "\n"
            sep = "" if not current or current.endswith("\n") else nl
            block = nl.join(["# omp: backups and derived cache (rebuildable)", *missing])
            writer.atomic_write(gitignore, f"{current}{sep}{block}{nl}")
    return result
