"""Errors omp raises; ``str(error)`` is the message a user sees."""

from __future__ import annotations

from pathlib import Path


class OmpError(Exception):
    """Base class of every error omp reports to a user (exit status ``exit_code``)."""

    exit_code = 1

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        self.message = message
        self.hint = hint
        super().__init__(message if hint is None else f"{message}\nhint: {hint}")


class NotInitializedError(OmpError):
    """No `_omp/memory/` was found above the working directory."""


class ForeignOmpDirError(OmpError):
    """An `_omp/` folder exists but belongs to another tool (it has no `memory/`)."""


class NestedMemoryError(OmpError):
    """`omp init` was asked for memory inside a memory folder or inside an `_omp/` folder."""


class PathOutsideRootError(OmpError):
    """A path given by the user resolves outside the project."""


class InvalidYamlError(OmpError):
    """A file on disk (or given as input) is not parseable YAML or JSON."""

    def __init__(
        self,
        path: Path | str,
        line: int | None,
        column: int | None,
        problem: str,
        *,
        hint: str | None = None,
    ) -> None:
        where = str(path) if line is None else f"{path}:{line}:{column}"
        self.path = str(path)
        self.line = line
        self.column = column
        self.problem = problem
        super().__init__(f"{where}: {problem}", hint=hint)


_SHOWN = 8  # problems named in one error message


class ValidationError(OmpError):
    """Data breaks a schema or a file-level rule; ``problems`` are ``(json_path, message)``."""

    def __init__(
        self, path: Path | str, problems: list[tuple[str, str]], *, hint: str | None = None
    ) -> None:
        self.path = str(path)
        self.problems = problems
        shown = "; ".join(f"{p}: {m}" for p, m in problems[:_SHOWN])
        if len(problems) > _SHOWN:
            shown += f"; … and {len(problems) - _SHOWN} more (`omp validate` lists them all)"
        super().__init__(f"{path}: {shown}", hint=hint)


class SecretDetectedError(ValidationError):
    """Data holds something that looks like a credential or personal data."""


class LockTimeoutError(OmpError):
    """Another writer held the lock longer than the configured wait."""


class WriteFailedError(OmpError):
    """The operating system refused a write (full disk, permissions, read-only file)."""


class BackupNotFoundError(OmpError):
    """`omp restore` was asked for a backup that does not exist."""


class UsageError(OmpError):
    """Arguments that parse but make no sense together."""

    exit_code = 2
