"""`omp validate`: every problem of every memory file, never stopping at the first."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from omp.constants import (
    BACKUP_DIR,
    CACHE_DIR,
    CANDIDATE_TARGETS,
    CONFIG_FILE,
    MEMORY_DIR,
    OMP_DIR,
)
from omp.errors import InvalidYamlError
from omp.paths import find_root
from omp.records import CANDIDATES, entries, list_kind_of, schema_kind
from omp.schema import stored_problems, target_entry_problems, themes_problems
from omp.writer import is_temp
from omp.yamlio import load

_DATA_SUFFIXES = (".yaml", ".yml", ".json")


@dataclass
class FileReport:
    """Problems of one file; `schema` is the schema it was checked against (None: parse only)."""

    path: Path
    display: str
    schema: str | None
    problems: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[str, str]] = field(default_factory=list)
    data: Any = None

    def to_json(self) -> dict[str, Any]:
        """Machine-readable form."""
        return {
            "file": self.display,
            "schema": self.schema,
            "ok": not self.problems,
            "problems": [{"path": p, "message": m} for p, m in self.problems],
            "warnings": [{"path": p, "message": m} for p, m in self.warnings],
        }


def _memory_files(memory: Path) -> list[Path]:
    out = []
    for p in sorted(memory.rglob("*")):
        rel = p.relative_to(memory)
        if any(part.startswith(".") for part in rel.parts) or not p.is_file() or is_temp(p):
            continue  # .backup/, .cache/, temp files, .gitkeep
        if p.suffix in _DATA_SUFFIXES:
            out.append(p)
    return out


def _memory_of(path: Path) -> tuple[Path | None, Path | None]:
    """(memory folder, config file) for a folder given on the command line."""
    for memory in (
        path / OMP_DIR / MEMORY_DIR,
        path / MEMORY_DIR,
        path / OMP_DIR / ".memory",
        path / ".memory",
    ):
        if memory.is_dir():
            config = memory.parent / CONFIG_FILE if memory.parent.name == OMP_DIR else None
            return memory, config
    if (path / OMP_DIR / CONFIG_FILE).is_file():
        return None, path / OMP_DIR / CONFIG_FILE
    if path.name in (MEMORY_DIR, ".memory"):
        return path, None
    return None, None


def _schema_for(path: Path) -> str | None:
    if path.name == CONFIG_FILE and path.parent.name == OMP_DIR:
        return "config"
    for parent in path.parents:
        if parent.name in (MEMORY_DIR, ".memory"):
            return schema_kind(path.relative_to(parent).as_posix())
    return None


def _check_file(path: Path, display: str, schema: str | None) -> FileReport:
    report = FileReport(path, display, schema)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        report.problems.append(("(file)", f"not UTF-8 text ({e.reason})"))
        return report
    except OSError as e:
        report.problems.append(("(file)", f"cannot be read: {e.strerror}"))
        return report
    try:
        if path.suffix == ".json":
            try:
                data = json.loads(text)
            except ValueError as e:
                line, col = getattr(e, "lineno", None), getattr(e, "colno", None)
                raise InvalidYamlError(display, line, col, f"invalid JSON: {e}") from None
        else:
            data = load(text, source=display)
    except InvalidYamlError as e:
        where = "(file)" if e.line is None else f"line {e.line}, column {e.column}"
        report.problems.append((where, e.problem))
        return report
    report.data = data
    report.problems += stored_problems(schema, data)
    if schema == "candidates":
        reported = set(report.problems)
        report.warnings += [w for w in _candidate_problems(data) if w not in reported]
    return report


def _candidate_problems(data: Any) -> list[tuple[str, str]]:
    """Entries of pending candidates that `omp review accept` would refuse to write.

    Warnings, not errors: the review queue is not memory, and an entry that does not fit its
    target harms nothing until someone accepts it (then the writer refuses it, unchanged).
    """
    out: list[tuple[str, str]] = []
    prefix = CANDIDATES.containers[0] if isinstance(data, dict) else ""
    for n, candidate in enumerate(entries(CANDIDATES, data)):
        if not isinstance(candidate, dict) or candidate.get("status", "pending") != "pending":
            continue
        target, entry, cid = candidate.get("target"), candidate.get("entry"), candidate.get("id")
        if target not in CANDIDATE_TARGETS or not isinstance(entry, dict):
            continue  # the file's own schema reports these
        for where, what in target_entry_problems(str(target), entry):
            field = "" if where == "(top)" else where
            key = field.split("[", 1)[0] or "FIELD"
            out.append(
                (
                    f"{prefix}[{n}].entry{f'.{field}' if field else ''}",
                    f"candidate {cid} ({target}): {what}; `omp review accept {cid}` would refuse "
                    f"it: fix it with `omp review edit {cid} --set {key}=VALUE`, or reject it "
                    f"with `omp review reject {cid}`",
                )
            )
    return out


def _cross_file(reports: list[FileReport]) -> None:
    seen: dict[tuple[str, str], list[FileReport]] = defaultdict(list)
    for r in reports:
        kind = list_kind_of(r.schema)
        if kind is None:
            continue
        for e in entries(kind, r.data):
            if isinstance(e, dict) and "id" in e:
                seen[(kind.name, str(e["id"]))].append(r)
    for (kind_name, eid), where in seen.items():
        files = sorted({r.display for r in where})
        if len(files) > 1:
            for r in {id(r): r for r in where}.values():
                others = ", ".join(f for f in files if f != r.display)
                r.problems.append((kind_name, f"id {eid!r} is also used in {others}"))
    by_name = {r.path.name: r for r in reports if r.schema in ("themes-index", "embeddings")}
    index, vectors = by_name.get("index.yaml"), by_name.get("embeddings.json")
    if index is not None and index.data is not None:
        index.warnings += themes_problems(index.data, vectors.data if vectors else None)


def validate(paths: list[Path] | None = None, *, start: Path | None = None) -> list[FileReport]:
    """Check memory files: the project's (no `paths`), or the files and folders given.

    Folders may be a project, its `_omp/`, or a memory folder. A missing optional file is not
    an error; an empty list means there was nothing to check.

    Raises:
        NotInitializedError: no `paths` and no memory above `start`.
    """
    groups: list[tuple[list[Path], Path | None]] = []  # (files, folder shown relative to)
    if not paths:
        root = find_root(start)
        files = _memory_files(root.memory)
        if root.config.is_file():
            files.append(root.config)
        groups.append((files, root.project))
    else:
        for path in paths:
            if path.is_dir():
                memory, config = _memory_of(path)
                files = _memory_files(memory) if memory else []
                if config is not None and config.is_file():
                    files.append(config)
                if memory is None and config is None:
                    files = [
                        p
                        for p in sorted(path.rglob("*"))
                        if p.suffix in _DATA_SUFFIXES
                        and p.is_file()
                        and not {BACKUP_DIR, CACHE_DIR} & set(p.parts)
                    ]
                groups.append((files, path))
            else:
                groups.append(([path], None))
    reports: list[FileReport] = []
    for files, base in groups:
        group = []
        for f in files:
            display = f.relative_to(base).as_posix() if base and f.is_relative_to(base) else str(f)
            if not f.exists():
                group.append(FileReport(f, display, None, [("(file)", "does not exist")]))
                continue
            group.append(_check_file(f, display, _schema_for(f.absolute())))
        _cross_file(group)
        reports += group
    return reports
