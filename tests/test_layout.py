"""The layout of omp's packages: one module per concern, imports pointing down."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

# each module of a package may import only the modules before it
LAYERS = {
    "omp.rules": (
        "text",
        "lexicon",
        "signals",
        "phrases",
        "dialogue",
        "facts",
        "values",
        "decision_en",
        "decision_zh",
        "decisions",
        "work",
        "person",
        "requests",
        "recap",
        "plans",
    ),
    "omp.extract": (
        "candidates",
        "commits",
        "deploys",
        "artifacts",
        "stated",
        "offers",
        "revised",
        "ledger",
        "conversations",
        "routing",
    ),
}
# who calls each package, through the names it gathers
CALLERS = {"omp.rules": ("extract", "buildfiles.py"), "omp.extract": ("ingest.py", "manifest.py")}
OMP = Path(importlib.import_module("omp").__file__ or "").parent


def _folder(package: str) -> Path:
    return OMP / package.removeprefix("omp.")


def _imported_siblings(path: Path, package: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(package + "."):
                found.add(node.module.removeprefix(package + "."))
            elif node.module == package:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix(package + ".")
                for a in node.names
                if a.name.startswith(package + ".")
            )
    return found


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_every_module_of_the_package_has_its_layer(package: str):
    modules = {p.stem for p in _folder(package).glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS[package])


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_each_module_imports_only_the_modules_below_it(package: str):
    layers = LAYERS[package]
    for i, name in enumerate(layers):
        imported = _imported_siblings(_folder(package) / f"{name}.py", package)
        above = imported - set(layers[:i])
        assert not above, f"{package}.{name} imports {sorted(above)}, listed after it"


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_the_package_docstring_lists_the_layers_in_order(package: str):
    doc = importlib.import_module(package).__doc__ or ""
    listed = [m for m in re.findall(r"`(\w+)`", doc) if m in LAYERS[package]]
    assert listed == list(LAYERS[package])


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_the_package_gathers_what_its_callers_use(package: str):
    module = importlib.import_module(package)
    exported = set(module.__all__)
    assert all(not name.startswith("_") and hasattr(module, name) for name in exported)
    short = package.removeprefix("omp.")
    files = [p for c in CALLERS[package] for p in sorted((OMP / c).glob("*.py")) or [OMP / c]]
    used: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        alias = re.search(rf"from omp import [\w, ]*\b{short}\b(?: as (\w+))?", text)
        if alias:
            called = set(re.findall(rf"\b{alias.group(1) or short}\.(\w+)", text))
            assert called <= exported, (path.name, called - exported)
            used |= called
    assert used, f"no caller of {package} found"
