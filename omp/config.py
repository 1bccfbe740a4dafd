"""Settings of omp, read from the `omp:` section of `_omp/config.yaml`."""

from __future__ import annotations

import math
import os
from typing import NamedTuple

from omp.constants import DEFAULT_BACKUP_RETENTION, DEFAULT_LOCK_TIMEOUT
from omp.errors import ValidationError
from omp.paths import MemoryRoot
from omp.schema import schema_problems
from omp.yamlio import load

LOCK_TIMEOUT_ENV = "OMP_LOCK_TIMEOUT"


class Settings(NamedTuple):
    """omp's settings for one project.

    Attributes:
        backup_retention: backups kept per file.
        lock_timeout: seconds a writer waits for the lock (`$OMP_LOCK_TIMEOUT` overrides).
        watch_stamp_meta: `omp watch` records outside edits in the files' `_meta` too.
    """

    backup_retention: int = DEFAULT_BACKUP_RETENTION
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT
    watch_stamp_meta: bool = False


def load_settings(root: MemoryRoot) -> Settings:
    """Read the project's settings; a missing file or section gives the defaults.

    Raises:
        InvalidYamlError: the config file is not valid YAML.
        ValidationError: the `omp:` section holds values of the wrong type.
    """
    section: dict[str, object] = {}
    if root.config.is_file():
        data = load(root.config.read_text(encoding="utf-8"), source=root.display(root.config))
        problems = schema_problems("config", data)
        if problems:
            raise ValidationError(
                root.display(root.config),
                problems,
                hint="fix the `omp:` section of the config file",
            )
        if isinstance(data, dict) and isinstance(data.get("omp"), dict):
            section = data["omp"]
    retention = section.get("backup_retention", DEFAULT_BACKUP_RETENTION)
    timeout = section.get("lock_timeout_seconds", DEFAULT_LOCK_TIMEOUT)
    where, what = root.display(root.config), "omp.lock_timeout_seconds"
    env = os.environ.get(LOCK_TIMEOUT_ENV)
    if env:
        where, what = "environment", LOCK_TIMEOUT_ENV
        try:
            timeout = float(env)
        except ValueError:
            timeout = math.nan
    stamp = section.get("watch_stamp_meta", False)
    assert isinstance(retention, int) and isinstance(timeout, int | float)
    if not timeout >= 0:  # NaN too; 0: do not wait; infinity: wait for as long as it takes
        raise ValidationError(
            where,
            [(what, f"{env if env else timeout!r} is not a number of seconds (0 or more)")],
            hint="set it to a number of seconds, e.g. 10 (`.inf` in the config file, `inf` "
            "in the variable: wait for as long as it takes)",
        )
    return Settings(
        backup_retention=retention, lock_timeout=float(timeout), watch_stamp_meta=bool(stamp)
    )
