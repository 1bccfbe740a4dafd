"""Find credentials in text so they never reach a memory file.

The writer refuses data in which `find_secrets` finds anything. Extraction (a later layer) adds
personal data (ID numbers, cards, phones) and redaction; this module keeps the patterns that
must hold on every write path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# (kind, pattern). Patterns match the secret value itself; names of variables such as
# VERCEL_TOKEN are fine and never match on their own.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("private key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    ("OpenAI/Anthropic API key", re.compile(r"\bsk-(?:ant-|proj-|live-)?[A-Za-z0-9_\-]{20,}")),
    ("AWS access key id", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})")),
    ("GitLab token", re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,}")),
    ("Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("Stripe key", re.compile(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("Google API key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")),
    (
        "JSON Web Token",
        re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
    ),
    ("bearer token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9_\-.=+/]{20,}")),
    ("password in URL", re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:[^\s@/]{3,}@")),
)


@dataclass(frozen=True, slots=True)
class Finding:
    """A secret found at `path` (a JSON path into the data); the value is never kept."""

    kind: str
    path: str


def find_in_text(text: str) -> list[str]:
    """Kinds of secret present in `text` (each kind once)."""
    return [kind for kind, pattern in _PATTERNS if pattern.search(text)]


def find_secrets(data: Any, path: str = "$") -> list[Finding]:
    """Every secret in the strings (keys included) of `data`, with its JSON path."""
    found: list[Finding] = []
    if isinstance(data, str):
        found.extend(Finding(kind, path) for kind in find_in_text(data))
    elif isinstance(data, dict):
        for key, value in data.items():
            sub = f"{path}.{key}"
            if isinstance(key, str):
                found.extend(Finding(kind, sub) for kind in find_in_text(key))
            found.extend(find_secrets(value, sub))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found.extend(find_secrets(value, f"{path}[{i}]"))
    return found
