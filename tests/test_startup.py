"""Commands load only what they use: omp runs in git hooks and at every agent start-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from omp import store
from omp.paths import MemoryRoot

# what a read must not wait for; the command line is the standard library's argparse
HEAVY = ("jsonschema", "rich", "git", "watchdog", "pydantic", "ruamel", "typer", "click")

# Runs a module (the CLI, or the hooks) in-process with the arguments after it, then reports
# its exit status and the modules that were imported.
PROBE = """
import json, runpy, sys
module, sys.argv = sys.argv[1], sys.argv[1:]
status = 0
try:
    runpy.run_module(module, run_name="__main__")
except SystemExit as e:
    status = e.code
print(json.dumps([status, sorted(sys.modules)]), file=sys.stderr)
"""


def _run(*args: str, cwd, module: str = "omp") -> tuple[int, set[str]]:
    """The exit status of `python -m MODULE ARGS...` and every module it imported."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE, module, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    status, modules = json.loads(out.stderr.strip().splitlines()[-1])
    return status, set(modules)


def _loaded(*args: str, cwd, module: str = "omp") -> set[str]:
    """The top-level packages `python -m MODULE ARGS...` imported."""
    return {m.split(".")[0] for m in _run(*args, cwd=cwd, module=module)[1]}


@pytest.fixture
def recorded(memory: MemoryRoot) -> tuple[MemoryRoot, str]:
    result = store.add_decision(memory, title="Index reads", choice="SQLite")
    store.add_change(memory, summary="index search", type="feat")
    subprocess.run(
        [sys.executable, "-m", "omp", "index"], cwd=memory.project, check=True, capture_output=True
    )
    return memory, result.entries[0].id


def test_version_loads_no_yaml_or_schema_library(recorded):
    memory, _ = recorded
    assert not _loaded("--version", cwd=memory.project) & set(HEAVY)


@pytest.mark.parametrize(
    "args",
    [
        ("show", "decisions", "--id", "{id}"),
        ("search", "sqlite"),
        ("search", "index", "--json"),
        ("context",),
        ("context", "--for", "rank search hits"),
    ],
)
def test_reads_from_a_current_index_load_no_yaml_or_schema_library(recorded, args):
    memory, did = recorded
    status, modules = _run(*(a.format(id=did) for a in args), cwd=memory.project)
    assert status == 0
    assert "omp.index" in modules
    assert not {m.split(".")[0] for m in modules} & set(HEAVY)


def test_add_writes_a_plain_entry_without_a_yaml_library(recorded):
    memory, _ = recorded
    status, loaded = _run(
        "add", "decision", "--title", "Search ranks by BM25", "--choice", "FTS5 bm25()",
        "--alternative", "LIKE queries", "--context", "Hits were unordered.\nUsers complained.",
        cwd=memory.project,
    )  # fmt: skip
    assert status == 0
    assert "Search ranks by BM25" in (memory.memory / "decisions.yaml").read_text(encoding="utf-8")
    assert "omp.fastemit" in loaded
    assert not {m.split(".")[0] for m in loaded} & {*HEAVY, "hashlib", "tempfile"}


def test_add_imports_no_schema_library_before_it_validates(recorded):
    memory, _ = recorded
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, omp.cli, omp.store; print(sorted({m.split('.')[0] for m in sys.modules}))",
        ],
        cwd=memory.project,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(eval(out.stdout))
    assert not loaded & {"jsonschema", "rich", "git", "watchdog", "pydantic"}


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            (),
            [
                "init",
                "add",
                "set",
                "write",
                "validate",
                "show",
                "search",
                "index",
                "backups",
                "restore",
            ],
        ),
        (("--help",), ["init", "search", "restore"]),
        (("add",), ["decision", "change", "session"]),
        (("add", "--help"), ["decision", "change", "session"]),
    ],
)
def test_the_real_entry_point_still_lists_every_command(memory, args, expected):
    out = subprocess.run(
        [sys.executable, "-m", "omp", *args],
        cwd=memory.project,
        capture_output=True,
        text=True,
        timeout=60,
    )
    listing = out.stdout + out.stderr
    for name in expected:
        assert f" {name} " in listing


def test_the_real_entry_point_runs_commands_after_global_options(memory):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "omp",
            "-C",
            str(memory.project),
            "--by",
            "hook",
            "add",
            "change",
            "--summary",
            "via main",
            "--json",
        ],
        cwd="/",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(out.stdout)["changes"][0].startswith("changelog[chg-")
    meta = (memory.memory / "changelog.yaml").read_text(encoding="utf-8")
    assert 'updated_by: "hook"' in meta
    bad = subprocess.run(
        [sys.executable, "-m", "omp", "bogus"],
        cwd=memory.project,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "no such command 'bogus'" in bad.stderr


def test_a_pre_commit_without_memory_changes_loads_no_yaml_schema_or_temp_files(recorded):
    memory, _ = recorded
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    subprocess.run(
        ["git", "commit", "-q", "-m", "start", "--no-verify"], cwd=memory.project, check=True
    )
    (memory.project / "src.txt").write_text("change\n", encoding="utf-8")
    subprocess.run(["git", "add", "src.txt"], cwd=memory.project, check=True)
    loaded = _loaded("pre-commit", cwd=memory.project, module="omp.hooks")
    assert "omp" in loaded
    assert not loaded & {*HEAVY, "omp.validity", "yaml", "tempfile"}


@pytest.mark.parametrize("args", [("show", "project"), ("hooks", "status")])
def test_a_reader_that_stops_reading_ends_the_command_quietly(memory, args):
    read, write = os.pipe()
    os.close(read)  # whatever the command prints meets a closed pipe
    try:
        done = subprocess.run(
            [sys.executable, "-m", "omp", *args],
            cwd=memory.project,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write)

    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr and "Broken pipe" not in done.stderr


# What checking a value needs
_CHECKING = {"jsonschema", "omp.validity", "omp.schema", "omp.sensitive"}


def test_a_pre_commit_of_a_hand_edit_of_comments_checks_nothing_again(recorded):
    # what omp wrote was checked then; comments added by hand change no value
    memory, _ = recorded
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run([*git, "add", "-A"], cwd=memory.project, check=True)
    subprocess.run([*git, "commit", "-qm", "start", "--no-verify"], cwd=memory.project, check=True)
    path = memory.memory / "decisions.yaml"
    written = path.read_text(encoding="utf-8")
    path.write_text(f"# decisions, reviewed\n{written}# end\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    status, loaded = _run("pre-commit", cwd=memory.project, module="omp.hooks")
    assert status == 0 and {"omp.index", "omp.outline"} <= loaded
    assert not loaded & {*_CHECKING, "ruamel", "omp.yamlio", "omp.fastyaml", "dataclasses"}
    assert "subprocess" not in loaded

    # a comment inside an entry: that entry is read again, and found unchanged
    text = written.replace("    choice: SQLite\n", "    # a note by hand\n    choice: SQLite\n")
    path.write_text(f"# decisions, reviewed\n{text}# end\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    status, loaded = _run("pre-commit", cwd=memory.project, module="omp.hooks")
    assert status == 0 and "omp.index" in loaded
    assert not loaded & {*_CHECKING, "dataclasses", "subprocess"}

    path.write_text(text.replace("choice: SQLite", "choice: SQLite with FTS5"), encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    status, loaded = _run("pre-commit", cwd=memory.project, module="omp.hooks")
    assert status == 0 and {"omp.validity", "omp.schema"} <= loaded  # a value changed
    assert not loaded & {"jsonschema", "dataclasses", "subprocess"}  # valid: nothing to word
    assert not loaded & {"ruamel", "omp.yamlio"} and "omp.fastyaml" in loaded  # plain YAML

    path.write_text(text.replace("choice: SQLite", "choice: [SQLite]"), encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=memory.project, check=True)
    status, loaded = _run("pre-commit", cwd=memory.project, module="omp.hooks")
    assert status == 65 and "jsonschema" in loaded  # the problem worded


def test_a_post_commit_writes_its_entry_with_no_diff_process_or_dataclass_machinery(recorded):
    # the changelog entry of a commit needs the extraction rules, the writer and the schema
    # check; not subprocess (git is started with posix_spawn), difflib (no diff is shown) or
    # dataclasses (whose import brings inspect, ast and dis), nor tempfile and shutil (the
    # writer makes its temp files itself)
    memory, _ = recorded
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run([*git, "add", "-A"], cwd=memory.project, check=True)
    subprocess.run([*git, "commit", "-qm", "start", "--no-verify"], cwd=memory.project, check=True)
    (memory.project / "src.txt").write_text("change\n", encoding="utf-8")
    subprocess.run([*git, "add", "src.txt"], cwd=memory.project, check=True)
    subprocess.run(
        [*git, "commit", "-qm", "feat(search): rank hits by BM25 across memory files",
         "--no-verify"], cwd=memory.project, check=True,
    )  # fmt: skip
    sha = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=memory.project, check=True, capture_output=True, text=True
    ).stdout.strip()

    status, loaded = _run("post-commit", sha, cwd=memory.project, module="omp.hooks")
    assert status == 0
    assert "rank hits by BM25" in (memory.memory / "changelog.yaml").read_text(encoding="utf-8")
    assert {"omp.ingest", "omp.writer", "omp.validity", "omp.fastemit"} <= loaded
    # the entry and `_meta` are plain YAML: read and written without ruamel.yaml
    unwanted = {"dataclasses", "difflib", "subprocess", "jsonschema", "git", "ruamel", "hashlib"}
    unwanted |= {"tempfile", "shutil"}
    assert not loaded & unwanted, sorted(loaded & unwanted)
