"""The layout of `omp.rules`: one module per concern, imports pointing down."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import omp.rules

# each module may import only the modules before it
LAYERS = (
    "text",
    "lexicon",
    "signals",
    "phrases",
    "dialogue",
    "facts",
    "values",
    "decisions",
    "work",
    "person",
    "requests",
    "recap",
)
PACKAGE = Path(omp.rules.__file__).parent


def _imported_rules_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("omp.rules."):
                found.add(node.module.removeprefix("omp.rules."))
            elif node.module == "omp.rules":
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix("omp.rules.")
                for a in node.names
                if a.name.startswith("omp.rules.")
            )
    return found


def test_every_module_of_the_package_has_its_layer():
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)


def test_each_module_imports_only_the_modules_below_it():
    for i, name in enumerate(LAYERS):
        imported = _imported_rules_modules(PACKAGE / f"{name}.py")
        above = imported - set(LAYERS[:i])
        assert not above, f"omp/rules/{name}.py imports {sorted(above)}, listed after it"


def test_the_package_docstring_lists_the_layers_in_order():
    doc = omp.rules.__doc__ or ""
    listed = [m for m in re.findall(r"`(\w+)`", doc) if m in LAYERS]
    assert listed == list(LAYERS)


def test_the_package_gathers_the_public_names_of_its_modules():
    # what `omp.extract` calls is reachable as `rules.<name>`, and nothing else is exported
    for name in omp.rules.__all__:
        assert not name.startswith("_") and hasattr(omp.rules, name)
    for user in ("extract.py", "buildfiles.py"):
        text = (PACKAGE.parent / user).read_text(encoding="utf-8")
        called = set(re.findall(r"\brules\.(\w+)", text))
        assert called and called <= set(omp.rules.__all__), user
