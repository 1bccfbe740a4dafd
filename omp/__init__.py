"""omp: git-backed, file-based project memory for AI coding agents.

The library is the product; the ``omp`` command is a thin layer over it. Everything the CLI does
is a function here with the same name and arguments.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
