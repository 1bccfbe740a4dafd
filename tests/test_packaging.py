from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.helpers import REPO

SCHEMAS = [
    "agent-migration.v1",
    "candidates",
    "changelog",
    "common",
    "config",
    "decisions",
    "embeddings",
    "handoff",
    "imports",
    "project",
    "session",
    "themes-index",
    "user-context",
    "user-memories",
]
TEMPLATES = [
    "omp/templates/config.yaml",
    "omp/templates/memory/project.yaml",
    "omp/templates/memory/decisions.yaml",
    "omp/templates/memory/changelog.yaml",
    "omp/templates/memory/sessions/.gitkeep",
    "omp/templates/memory/themes/index.yaml",
    "omp/templates/memory/themes/embeddings.json",
    "omp/templates/hook.sh",
    "omp/templates/agents/block.md",
    "omp/templates/agents/cursor-rule.mdc",
    "omp/templates/skills/memory-extraction/SKILL.md",
    "omp/templates/commands/memory.md",
]
DATA_FILES = [f"omp/schemas/{name}.schema.json" for name in SCHEMAS] + TEMPLATES


def _pip_env(home: Path) -> dict[str, str]:
    # Module-scoped fixtures run outside the per-test isolation, so keep pip's cache and
    # config away from the real home here, and keep pip off the network.
    return {
        **os.environ,
        "HOME": str(home),
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INPUT": "1",
        "PIP_NO_CACHE_DIR": "1",
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from the source tree."""
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("hatchling is not installed, so `pip wheel --no-build-isolation` cannot build")
    out = tmp_path_factory.mktemp("wheel")
    build = ["wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(out), str(REPO)]
    proc = subprocess.run(
        [sys.executable, "-m", "pip", *build],
        capture_output=True,
        text=True,
        env=_pip_env(tmp_path_factory.mktemp("pip-home")),
        check=False,
        timeout=300,
    )
    output = proc.stdout + proc.stderr
    if proc.returncode != 0 and (
        "No module named 'hatchling'" in output or "BackendUnavailable" in output
    ):
        pytest.skip(f"pip cannot use hatchling without build isolation:\n{proc.stderr[-2000:]}")
    assert proc.returncode == 0, output
    (built,) = out.glob("omp-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a folder of its own (no dependencies: they are in the venv)."""
    target = tmp_path_factory.mktemp("site")
    install = ["install", "--no-deps", "--no-index", "--target", str(target), str(wheel)]
    proc = subprocess.run(
        [sys.executable, "-m", "pip", *install],
        capture_output=True,
        text=True,
        env=_pip_env(tmp_path_factory.mktemp("pip-home")),
        check=False,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return target


@pytest.fixture
def outside_repo(tmp_path: Path) -> Path:
    """A fresh git repository outside the source tree, holding no `omp` folder."""
    repo = tmp_path / "project"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    assert not repo.resolve().is_relative_to(REPO)
    return repo


def _run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(target)}
    env.pop("PYTHONHOME", None)
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def test_the_wheel_contains_every_schema(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())

    schemas = {n for n in names if n.startswith("omp/schemas/") and n.endswith(".schema.json")}
    assert schemas == {f"omp/schemas/{name}.schema.json" for name in SCHEMAS}


def test_the_wheel_contains_the_templates_and_py_typed(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())

    for name in [*TEMPLATES, "omp/py.typed", "omp/__main__.py", "omp/cli.py"]:
        assert name in names, name


def test_the_wheel_data_files_are_the_source_files(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        for name in DATA_FILES:
            assert z.read(name) == (REPO / name).read_bytes(), name


def test_the_wheel_declares_the_omp_console_script(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        (entry_points,) = [n for n in z.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = z.read(entry_points).decode()

    assert "[console_scripts]" in text
    assert "omp = omp.cli:main" in text


def test_the_installed_package_is_imported_from_the_install_folder(
    installed: Path, outside_repo: Path
):
    proc = _run(installed, outside_repo, "-c", "import omp; print(omp.__file__)")

    assert proc.returncode == 0, proc.stderr
    location = Path(proc.stdout.strip()).resolve()
    assert location.is_relative_to(installed.resolve())
    assert not location.is_relative_to(REPO)


def test_the_installed_package_initialises_a_repository_and_validates_it(
    installed: Path, outside_repo: Path
):
    init = _run(installed, outside_repo, "-m", "omp", "init")

    assert init.returncode == 0, init.stdout + init.stderr
    assert "Traceback" not in init.stderr
    for rel in (t for t in TEMPLATES if t.startswith("omp/templates/memory/")):
        created = outside_repo / "_omp" / "memory" / rel.removeprefix("omp/templates/memory/")
        assert created.is_file(), created
    assert (outside_repo / "_omp/config.yaml").read_bytes() == (
        installed / "omp/templates/config.yaml"
    ).read_bytes()
    assert (outside_repo / "_omp/memory/decisions.yaml").read_bytes() == (
        installed / "omp/templates/memory/decisions.yaml"
    ).read_bytes()

    validated = _run(installed, outside_repo, "-m", "omp", "validate")

    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert "error" not in validated.stdout


def test_the_installed_package_records_a_decision(installed: Path, outside_repo: Path):
    assert _run(installed, outside_repo, "-m", "omp", "init").returncode == 0

    added = _run(
        installed, outside_repo, "-m", "omp", "add", "decision", "--title", "T", "--choice", "C"
    )

    assert added.returncode == 0, added.stderr
    assert added.stdout.strip().startswith("dec-")
    validated = _run(installed, outside_repo, "-m", "omp", "validate")
    assert validated.returncode == 0, validated.stdout + validated.stderr
