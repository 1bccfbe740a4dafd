"""Read files shipped inside the package (schemas, templates) whatever the working directory."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable


def resource(*parts: str) -> Traversable:
    """A file or folder shipped in the `omp` package, e.g. ``resource("schemas", "x.json")``."""
    node: Traversable = files("omp")
    for part in parts:
        node = node / part
    return node


def resource_text(*parts: str) -> str:
    """Text of a shipped file."""
    return resource(*parts).read_text(encoding="utf-8")
