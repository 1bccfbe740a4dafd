"""Running a user's external command (`--llm-cmd`, a model command) with text on its stdin.

What such a command prints may quote a credential ("401: incorrect API key sk-…"), and so may
the command line itself, so every error about it is redacted before it is shown.
"""

from __future__ import annotations

import shlex
import subprocess

from omp import sensitive
from omp.errors import OmpError


def run(
    command: str,
    stdin: str,
    *,
    timeout: float,
    label: str,
    after: str = "",
    failed_hint: str,
    slow_hint: str,
) -> str:
    """The standard output of `command` (split like a shell line) given `stdin`.

    `label` names the command in errors ("--llm-cmd 'x'") and `after` ends them ("; nothing
    was written").

    Raises:
        OmpError: the command cannot run, does not finish within `timeout` s or fails; the
            message holds the last lines of its standard error, redacted.
    """
    shown = f"{label} {sensitive.redact(command)[0]!r}"
    try:
        done = subprocess.run(
            shlex.split(command),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, ValueError) as e:
        raise OmpError(
            f"{shown} cannot run: {sensitive.redact(str(e))[0]}", hint="give a command on PATH"
        ) from None
    except subprocess.TimeoutExpired:
        raise OmpError(
            f"{shown} did not answer within {timeout:.0f} s{after}", hint=slow_hint
        ) from None
    if done.returncode != 0:
        tail = sensitive.redact(" / ".join(done.stderr.strip().splitlines()[-3:]))[0]
        raise OmpError(
            f"{shown} failed (exit {done.returncode}){after}" + (f": {tail}" if tail else ""),
            hint=failed_hint,
        )
    return done.stdout
