"""Read files shipped inside the package (schemas, templates) whatever the working directory.

An installed omp is a folder, so its files are read by path; importlib.resources (which costs
every process that reads a schema about 6 ms to import) is only the fallback for an omp
imported from a zip archive.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_PACKAGE = Path(__file__).resolve().parent


def resource(*parts: str) -> Traversable:
    """A file or folder shipped in the `omp` package, e.g. ``resource("schemas", "x.json")``."""
    if _PACKAGE.is_dir():
        return _PACKAGE.joinpath(*parts)
    from importlib.resources import files

    node: Traversable = files("omp")
    for part in parts:
        node = node / part
    return node


def resource_text(*parts: str) -> str:
    """Text of a shipped file."""
    return resource(*parts).read_text(encoding="utf-8")
