from __future__ import annotations

import hashlib
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from omp import agents
from omp.agents import AgentsError
from omp.paths import MemoryRoot
from omp.scaffold import init_project
from tests.helpers import omp, omp_ok, run_omp

SETTINGS = ".claude/settings.json"
RULE = ".cursor/rules/omp.mdc"
STATE = "_omp/agents.json"
SKILL = "_omp/skills/memory-extraction/SKILL.md"
COMMAND = "_omp/commands/memory.md"


def outside_omp(project: Path) -> dict[str, str]:
    """Hash of every file and folder outside `_omp/` and `.git/`."""
    found = {}
    for p in sorted(project.rglob("*")):
        rel = p.relative_to(project)
        if rel.parts[0] in (".git", "_omp"):
            continue
        found[rel.as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "/"
    return found


def write_bytes(project: Path, rel: str, data: bytes) -> None:
    path = project / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def hook_commands(project: Path) -> list[str]:
    text = (project / SETTINGS).read_text(encoding="utf-8-sig")
    groups = json.loads(text)["hooks"]["SessionStart"]
    return [h["command"] for g in groups for h in g["hooks"]]


def without_our_hook(data: dict[str, Any]) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    groups = data["hooks"]["SessionStart"]
    data["hooks"]["SessionStart"] = [
        g for g in groups if all(h["command"] != agents.HOOK_COMMAND for h in g["hooks"])
    ]
    return data


def frontmatter(text: str) -> dict[str, Any]:
    assert text.startswith("---\n")
    head = text[4 : text.index("\n---\n", 4)]
    data = YAML(typ="safe").load(head)
    assert isinstance(data, dict)
    return data


# ---------------------------------------------------------------------------------------------
# install, then uninstall: the project is as it was


def test_install_then_uninstall_in_a_bare_repo_leaves_no_trace(memory: MemoryRoot):
    project = memory.project
    before = outside_omp(project)

    installed = agents.install(memory)

    for rel in ("AGENTS.md", "CLAUDE.md", SETTINGS, RULE):
        assert (project / rel).is_file(), rel
    assert (project / STATE).is_file()
    assert hook_commands(project) == [agents.HOOK_COMMAND]
    assert {c.path: c.action for c in installed.changes} == {
        "AGENTS.md": "create",
        "CLAUDE.md": "create",
        SETTINGS: "create",
        RULE: "create",
        STATE: "create",
    }

    agents.uninstall(memory)

    assert outside_omp(project) == before
    for rel in (".claude", ".cursor", STATE):
        assert not (project / rel).exists(), rel


def test_existing_agents_and_claude_files_keep_bom_crlf_and_missing_final_newline(
    memory: MemoryRoot,
):
    project = memory.project
    agents_md = "\ufeff# Rules\r\n\r\nBe kind to the build.".encode()
    claude_md = b"# Claude\n\nUse uv.\n"
    write_bytes(project, "AGENTS.md", agents_md)
    write_bytes(project, "CLAUDE.md", claude_md)
    before = outside_omp(project)

    agents.install(memory)

    text = (project / "AGENTS.md").read_bytes()
    assert text.startswith(agents_md + b"\r\n\r\n<!-- omp:begin")
    assert text.endswith(b"<!-- omp:end -->\r\n")
    assert b"\n" not in text.replace(b"\r\n", b"")  # the block took the file's CRLF
    claude = (project / "CLAUDE.md").read_bytes()
    assert claude.startswith(claude_md + b"\n<!-- omp:begin")

    agents.uninstall(memory)

    assert outside_omp(project) == before
    assert (project / "AGENTS.md").read_bytes() == agents_md
    assert (project / "CLAUDE.md").read_bytes() == claude_md


def test_an_empty_existing_agents_file_is_kept_empty(memory: MemoryRoot):
    write_bytes(memory.project, "AGENTS.md", b"")

    agents.install(memory, targets=["agents-md"])
    assert (memory.project / "AGENTS.md").read_text().startswith("<!-- omp:begin")
    agents.uninstall(memory, targets=["agents-md"])

    assert (memory.project / "AGENTS.md").read_bytes() == b""


ODD_SETTINGS = {
    "tabs and other hooks": (
        '{\n\t"permissions": {"allow": ["Bash(ls)"]},\n\t"hooks": {\n\t\t"PreToolUse": [\n'
        '\t\t\t{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre"}]}\n'
        "\t\t]\n\t}\n}"
    ),
    "existing SessionStart hooks": (
        '{\n  "hooks": {\n    "SessionStart": [\n      {\n        "hooks": [\n'
        '          {"type": "command", "command": "echo hello"}\n        ]\n      }\n'
        '    ]\n  },\n  "model": "opus"\n}\n'
    ),
    "one line": '{"model":"sonnet","env":{"A":"1"}}',
    "one line with hooks": '{"hooks":{"Stop":[]},"model":"x"}\n',
    "empty object": "{}\n",
    "empty hooks and SessionStart": '{\n    "hooks": {\n        "SessionStart": []\n    }\n}\n',
    "empty hooks": '{\n  "hooks": {}\n}\n',
    "crlf and bom": '\ufeff{\r\n  "env": {\r\n    "X": "é"\r\n  }\r\n}\r\n',
    "four spaces, unicode, duplicate key": (
        '{\n    "hooks": {"Stop": []},\n    "note": "日本語 \\u00e9",\n'
        '    "hooks": {\n        "Notification": []\n    }\n}'
    ),
}


@pytest.mark.parametrize("original", ODD_SETTINGS.values(), ids=ODD_SETTINGS.keys())
def test_settings_keep_their_formatting_and_hooks_and_come_back_byte_identical(
    memory: MemoryRoot, original: str
):
    project = memory.project
    write_bytes(project, SETTINGS, original.encode())
    old = json.loads(original.removeprefix("\ufeff"))
    before = outside_omp(project)

    agents.install(memory, targets=["claude"])

    text = (project / SETTINGS).read_bytes().decode()
    new = json.loads(text.removeprefix("\ufeff"))
    assert agents.HOOK_COMMAND in hook_commands(project)
    old.setdefault("hooks", {}).setdefault("SessionStart", [])
    assert without_our_hook(new) == old  # everything else is still there
    assert ("\r\n" in text) == ("\r\n" in original)
    assert text.startswith("\ufeff") == original.startswith("\ufeff")

    agents.uninstall(memory, targets=["claude"])

    assert outside_omp(project) == before
    assert (project / SETTINGS).read_bytes() == original.encode()


def test_existing_cursor_rules_are_left_alone(memory: MemoryRoot):
    project = memory.project
    other = b"---\ndescription: Python style\nglobs: *.py\nalwaysApply: false\n---\nUse ruff.\n"
    write_bytes(project, ".cursor/rules/python.mdc", other)
    before = outside_omp(project)

    agents.install(memory, targets=["cursor"])

    assert (project / RULE).is_file()
    assert (project / ".cursor/rules/python.mdc").read_bytes() == other

    agents.uninstall(memory, targets=["cursor"])

    assert outside_omp(project) == before
    assert not (project / RULE).exists()
    assert (project / ".cursor/rules").is_dir()


def test_only_the_named_agents_are_installed_and_uninstalled(memory: MemoryRoot):
    project = memory.project

    agents.install(memory, targets=["cursor"])
    assert list(outside_omp(project)) == [".cursor", ".cursor/rules", RULE, ".gitignore"]

    agents.install(memory, targets=["codex", "agents-md"])
    agents.uninstall(memory, targets=["codex"])  # AGENTS.md is still wanted by agents-md
    assert "<!-- omp:begin" in (project / "AGENTS.md").read_text()
    assert agents.status(memory).installed == ("cursor", "agents-md")

    agents.uninstall(memory, targets=["agents-md"])
    assert not (project / "AGENTS.md").exists()
    assert (project / RULE).is_file()


def test_codex_gets_the_agents_md_block(memory: MemoryRoot):
    agents.install(memory, targets=["codex"])

    assert "`omp context`" in (memory.project / "AGENTS.md").read_text()
    assert not (memory.project / "CLAUDE.md").exists()


def test_a_claude_md_linked_to_agents_md_gets_one_block(memory: MemoryRoot):
    project = memory.project
    write_bytes(project, "AGENTS.md", b"# Shared\n")
    (project / "CLAUDE.md").symlink_to("AGENTS.md")

    agents.install(memory, targets=["claude", "agents-md"])

    assert (project / "CLAUDE.md").is_symlink()
    assert (project / "AGENTS.md").read_text().count("<!-- omp:begin") == 1

    agents.uninstall(memory)

    assert (project / "CLAUDE.md").is_symlink()
    assert (project / "AGENTS.md").read_bytes() == b"# Shared\n"


# ---------------------------------------------------------------------------------------------
# re-running


def test_installing_twice_changes_nothing_the_second_time(memory: MemoryRoot):
    write_bytes(memory.project, SETTINGS, b'{"model": "x"}\n')
    agents.install(memory)
    first = outside_omp(memory.project)
    state = (memory.project / STATE).read_bytes()

    again = agents.install(memory)

    assert {c.action for c in again.changes} == {"unchanged"}
    assert outside_omp(memory.project) == first
    assert (memory.project / STATE).read_bytes() == state
    assert hook_commands(memory.project) == [agents.HOOK_COMMAND]


def test_reinstalling_replaces_an_edited_block_in_place(memory: MemoryRoot):
    project = memory.project
    write_bytes(project, "CLAUDE.md", b"# Top\n")
    agents.install(memory, targets=["claude"])
    text = (project / "CLAUDE.md").read_text()
    stale = text.replace("omp changes", "omp OLD") + "\n## Added later by a person\n"
    (project / "CLAUDE.md").write_text(stale)
    assert agents.status(memory).files["CLAUDE.md"] == "outdated"

    result = agents.install(memory, targets=["claude"])

    assert [c.action for c in result.changes if c.path == "CLAUDE.md"] == ["update"]
    assert (project / "CLAUDE.md").read_text() == text + "\n## Added later by a person\n"
    assert agents.status(memory).files["CLAUDE.md"] == "ok"

    agents.uninstall(memory, targets=["claude"])

    assert (project / "CLAUDE.md").read_text() == "# Top\n\n## Added later by a person\n"


@pytest.mark.parametrize("existing", [None, b'{\n  "model": "x"\n}\n'])
def test_reinstalling_replaces_an_older_omps_hook(
    memory: MemoryRoot, monkeypatch: pytest.MonkeyPatch, existing: bytes | None
):
    project = memory.project
    if existing is not None:
        write_bytes(project, SETTINGS, existing)
    before = outside_omp(project)
    with monkeypatch.context() as m:
        m.setattr(agents, "HOOK_COMMAND", "omp context --budget-tokens 9")
        agents.install(memory, targets=["claude"])
    assert hook_commands(project) == ["omp context --budget-tokens 9"]
    assert agents.status(memory).files[SETTINGS] == "outdated"

    agents.install(memory, targets=["claude"])

    assert hook_commands(project) == [agents.HOOK_COMMAND]
    agents.uninstall(memory, targets=["claude"])
    assert outside_omp(project) == before


def test_a_block_without_its_end_marker_is_refused(memory: MemoryRoot):
    begin = agents._block("\n").splitlines()[0].encode()
    write_bytes(memory.project, "AGENTS.md", b"x\n" + begin + b"\nhalf a block\n")

    with pytest.raises(AgentsError, match="no `<!-- omp:end -->` line"):
        agents.install(memory)

    assert not (memory.project / "CLAUDE.md").exists()


FENCED_EXAMPLE = (
    b"# Notes\n"
    b"```\n<!-- omp:begin -->\n(our own example text)\n<!-- omp:end -->\n```\n"
    b"~~~~ md\n<!-- omp:begin (written by `omp agents install`) -->\nx\n<!-- omp:end -->\n"
    b"~~~~~\n"
)
OWN_MARKERS = b"# Notes\r\n<!-- omp:begin -->\r\nmine\r\n<!-- omp:end -->\r\n"


@pytest.mark.parametrize("original", [FENCED_EXAMPLE, OWN_MARKERS], ids=["fenced", "no-header"])
def test_markers_that_are_not_omps_block_survive_install_and_uninstall(
    memory: MemoryRoot, original: bytes
):
    path = memory.project / "AGENTS.md"
    write_bytes(memory.project, "AGENTS.md", original)

    installed = omp("agents", "install", "--agents-md")

    assert installed.exit_code == 0
    text = path.read_bytes()
    assert text.startswith(original)
    assert text.count(b"(written by `omp agents install`;") == 1
    if original == OWN_MARKERS:
        assert "line 2 is not omp's block (no omp header line); left alone" in installed.stderr
    assert agents.status(memory).files["AGENTS.md"] == "ok"

    uninstalled = omp("agents", "uninstall", "--agents-md")

    assert uninstalled.exit_code == 0
    assert path.read_bytes() == original
    # without _omp/agents.json (never installed here, or the record lost) too
    assert not (memory.project / STATE).exists()
    assert omp("agents", "uninstall", "--agents-md").exit_code == 0
    assert path.read_bytes() == original
    assert agents.status(memory).files["AGENTS.md"] == "missing"


def test_a_file_ending_inside_a_code_block_is_refused(memory: MemoryRoot):
    write_bytes(memory.project, "AGENTS.md", b"# Notes\n```sh\nomp context\n")

    result = omp("agents", "install", "--agents-md")

    assert result.exit_code == 1
    assert "AGENTS.md: a fenced code block (```) is not closed" in result.stderr
    assert (memory.project / "AGENTS.md").read_bytes() == b"# Notes\n```sh\nomp context\n"


# ---------------------------------------------------------------------------------------------
# settings edited since install, invalid settings, foreign files


def test_settings_edited_since_install_lose_only_omps_hook(memory: MemoryRoot):
    project = memory.project
    write_bytes(project, SETTINGS, b'{\n  "model": "x"\n}\n')
    agents.install(memory, targets=["claude"])
    text = (project / SETTINGS).read_text()
    (project / SETTINGS).write_text(text.replace('"model": "x"', '"model": "y",\n  "env": {}'))

    result = agents.uninstall(memory, targets=["claude"])

    assert json.loads((project / SETTINGS).read_text()) == {"model": "y", "env": {}}
    assert (project / SETTINGS).read_text() == '{\n  "model": "y",\n  "env": {}\n}\n'
    assert result.notes == [f"{SETTINGS}: edited since install: removed only omp's hook"]


def test_settings_reformatted_since_install_lose_only_omps_hook(memory: MemoryRoot):
    project = memory.project
    agents.install(memory, targets=["claude"])
    data = json.loads((project / SETTINGS).read_text())
    data["hooks"]["SessionStart"][0]["hooks"].append({"type": "command", "command": "echo me"})
    data["permissions"] = {"deny": []}
    (project / SETTINGS).write_text(json.dumps(data, indent=4))

    result = agents.uninstall(memory, targets=["claude"])

    assert json.loads((project / SETTINGS).read_text()) == {
        "hooks": {
            "SessionStart": [
                {
                    "matcher": agents.HOOK_MATCHER,
                    "hooks": [{"type": "command", "command": "echo me"}],
                }
            ]
        },
        "permissions": {"deny": []},
    }
    assert "re-formatted" in result.notes[0]
    assert (project / ".claude").is_dir()


def test_a_settings_file_created_by_install_and_untouched_is_deleted(memory: MemoryRoot):
    agents.install(memory, targets=["claude"])

    result = agents.uninstall(memory, targets=["claude"])

    assert {c.path: c.action for c in result.changes}[SETTINGS] == "delete"
    assert not (memory.project / ".claude").exists()


def test_a_settings_hook_removed_by_hand_is_left_alone(memory: MemoryRoot):
    project = memory.project
    write_bytes(project, SETTINGS, b'{"a": 1}')
    agents.install(memory, targets=["claude"])
    write_bytes(project, SETTINGS, b'{"a": 2}')

    result = agents.uninstall(memory, targets=["claude"])

    assert (project / SETTINGS).read_bytes() == b'{"a": 2}'
    assert "no longer there" in result.notes[0]


def test_a_hook_the_user_already_had_is_not_added_twice_nor_removed(memory: MemoryRoot):
    project = memory.project
    mine = json.dumps(
        {
            "hooks": {
                "SessionStart": [{"hooks": [{"type": "command", "command": agents.HOOK_COMMAND}]}]
            }
        }
    )
    write_bytes(project, SETTINGS, mine.encode())

    agents.install(memory, targets=["claude"])
    assert (project / SETTINGS).read_text() == mine
    agents.uninstall(memory, targets=["claude"])

    assert (project / SETTINGS).read_text() == mine


@pytest.mark.parametrize(
    "bad", [b'{"hooks": {,}}', b"", b"[1, 2]", b'{"hooks": []}', b'{"hooks": {"SessionStart": {}}}']
)
def test_an_invalid_settings_file_is_refused_and_untouched(memory: MemoryRoot, bad: bytes):
    project = memory.project
    write_bytes(project, SETTINGS, bad)
    before = outside_omp(project)

    result = omp("agents", "install")

    assert result.exit_code == 1
    assert f"error: {SETTINGS}: " in result.stderr
    assert "omp will not touch it" in result.stderr
    assert "hint: fix .claude/settings.json" in result.stderr
    assert outside_omp(project) == before  # nothing at all was written
    assert not (project / STATE).exists()


def test_a_foreign_cursor_rule_named_omp_is_refused(memory: MemoryRoot):
    write_bytes(memory.project, RULE, b"---\nalwaysApply: true\n---\nmine\n")

    result = omp("agents", "install", "--cursor")

    assert result.exit_code == 1
    assert "this Cursor rule is not omp's" in result.stderr
    assert (memory.project / RULE).read_bytes() == b"---\nalwaysApply: true\n---\nmine\n"


def test_an_edited_cursor_rule_keeps_the_users_part(memory: MemoryRoot):
    agents.install(memory, targets=["cursor"])
    path = memory.project / RULE
    path.write_text(path.read_text() + "\nAlso: run the tests.\n")

    result = agents.uninstall(memory, targets=["cursor"])

    assert "removed only the omp block" in result.notes[0]
    assert "omp:begin" not in path.read_text()
    assert path.read_text().endswith("Also: run the tests.\n")


# ---------------------------------------------------------------------------------------------
# what is written


def test_the_block_tells_agents_how_to_use_omp(memory: MemoryRoot):
    agents.install(memory, targets=["agents-md"])

    text = (memory.project / "AGENTS.md").read_text()
    for command in ("omp context", "omp add decision", "omp extract", "omp changes"):
        assert f"`{command}" in text, command
    assert "Never edit `_omp/memory/*.yaml` by hand" in text


def test_the_claude_hook_has_the_shape_claude_code_reads(memory: MemoryRoot):
    agents.install(memory, targets=["claude"])

    data = json.loads((memory.project / SETTINGS).read_text())
    assert data == {
        "hooks": {
            "SessionStart": [
                {
                    "matcher": "startup|clear|compact",
                    "hooks": [{"type": "command", "command": "omp context --format md"}],
                }
            ]
        }
    }


def test_the_cursor_rule_has_valid_frontmatter(memory: MemoryRoot):
    agents.install(memory, targets=["cursor"])

    meta = frontmatter((memory.project / RULE).read_text())
    assert isinstance(meta["description"], str) and meta["description"]
    assert meta["alwaysApply"] is True
    assert "globs" in meta


def test_the_state_file_holds_only_omps_own_text(memory: MemoryRoot):
    write_bytes(memory.project, SETTINGS, b'{"env": {"API_TOKEN": "sk-secret-value-123"}}')

    agents.install(memory)

    state = (memory.project / STATE).read_text()
    assert "sk-secret" not in state
    assert "API_TOKEN" not in state
    assert json.loads(state)["targets"] == ["claude", "codex", "cursor", "agents-md"]


def test_the_hook_command_runs_and_fits_claude_codes_limit(memory: MemoryRoot):
    args = shlex.split(agents.HOOK_COMMAND)
    assert args[0] == "omp"

    proc = subprocess.run(
        [sys.executable, "-m", "omp", *args[1:]],
        cwd=memory.project,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )

    assert proc.returncode == 0, proc.stderr
    assert 0 < len(proc.stdout) <= 10_000


# ---------------------------------------------------------------------------------------------
# the command


def test_dry_run_prints_the_diff_and_writes_nothing(memory: MemoryRoot):
    write_bytes(memory.project, "AGENTS.md", b"# Mine\n")
    before = outside_omp(memory.project)

    result = omp_ok("agents", "install", "--dry-run")

    assert "+<!-- omp:begin" in result.stdout
    assert "--- a/AGENTS.md" in result.stdout
    assert "--- /dev/null\n+++ b/.claude/settings.json" in result.stdout
    assert "would create .cursor/rules/omp.mdc" in result.stderr
    assert "would update AGENTS.md" in result.stderr
    assert outside_omp(memory.project) == before
    assert not (memory.project / STATE).exists()


def test_install_json_lists_the_changes(memory: MemoryRoot):
    out = json.loads(omp_ok("agents", "install", "--claude", "--json").stdout)

    assert out["targets"] == ["claude"]
    assert out["installed"] == ["claude"]
    assert [(c["path"], c["action"]) for c in out["changes"]] == [
        ("CLAUDE.md", "create"),
        (SETTINGS, "create"),
        (STATE, "create"),
    ]
    assert out["dry_run"] is False


def test_status_shows_each_agent_and_file(memory: MemoryRoot):
    omp_ok("agents", "install", "--cursor", "--agents-md")

    result = omp_ok("agents", "status")
    out = json.loads(omp_ok("agents", "status", "--json").stdout)

    assert re.search(r"^cursor\s+installed$", result.stdout, re.M)
    assert re.search(r"^claude\s+missing$", result.stdout, re.M)
    assert re.search(r"^codex\s+installed\s+\(not installed by omp here\)$", result.stdout, re.M)
    assert out["states"] == {
        "claude": "missing",
        "codex": "installed",
        "cursor": "installed",
        "agents-md": "installed",
    }
    assert out["files"][SETTINGS] == "missing"


def test_uninstall_when_nothing_is_installed_changes_nothing(memory: MemoryRoot):
    before = outside_omp(memory.project)

    result = omp_ok("agents", "uninstall")

    assert "nothing to change" in result.stderr
    assert outside_omp(memory.project) == before


def test_agents_needs_omp_init(git_repo: Path):
    result = omp("agents", "install")

    assert result.exit_code == 1
    assert "hint: run `omp init`" in result.stderr


def test_python_dash_m_agents_install_and_uninstall(memory: MemoryRoot):
    project = memory.project
    write_bytes(project, "AGENTS.md", b"# Agents\r\nNo final newline")
    write_bytes(project, SETTINGS, b'{ "hooks" : { "Stop" : [ ] } }')
    before = outside_omp(project)

    install = run_omp("agents", "install", cwd=project)
    assert install.returncode == 0, install.stderr
    assert "created .cursor/rules/omp.mdc (Cursor rule)" in install.stdout
    assert "updated .claude/settings.json" in install.stdout
    assert "Traceback" not in install.stderr

    uninstall = run_omp("agents", "uninstall", cwd=project)
    assert uninstall.returncode == 0, uninstall.stderr
    assert "deleted .cursor/rules/omp.mdc" in uninstall.stdout
    assert outside_omp(project) == before


# ---------------------------------------------------------------------------------------------
# the skill and the /memory command that `omp init` installs

NAME_RULE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def test_init_installs_the_skill_and_the_memory_command(git_repo: Path):
    result = init_project(git_repo)

    assert SKILL in result.created
    assert COMMAND in result.created
    assert "omp extract" in (git_repo / SKILL).read_text()
    assert "omp add decision" in (git_repo / COMMAND).read_text()


def test_the_skill_has_valid_agent_skills_frontmatter(memory: MemoryRoot):
    path = memory.project / SKILL
    meta = frontmatter(path.read_text(encoding="utf-8"))

    name = meta["name"]
    assert isinstance(name, str)
    assert 1 <= len(name) <= 64
    assert NAME_RULE.match(name)
    assert name == path.parent.name
    assert isinstance(meta["description"], str)
    assert 1 <= len(meta["description"]) <= 1024
    assert set(meta) <= {"name", "description", "license", "compatibility", "metadata",
                         "allowed-tools"}  # fmt: skip
    body = path.read_text(encoding="utf-8").split("\n---\n", 1)[1]
    for command in ("omp context", "omp add decision", "omp extract", "omp changes",
                    "omp review", "omp search"):  # fmt: skip
        assert command in body, command


def test_the_memory_command_has_frontmatter_and_uses_the_arguments(memory: MemoryRoot):
    text = (memory.project / COMMAND).read_text(encoding="utf-8")

    meta = frontmatter(text)
    assert isinstance(meta["description"], str)
    assert "$ARGUMENTS" in text
    assert "Never edit `_omp/memory/*.yaml`" in text


def test_init_keeps_an_edited_skill(memory: MemoryRoot):
    path = memory.project / SKILL
    path.write_text("---\nname: memory-extraction\ndescription: ours\n---\nmine\n")
    (memory.project / COMMAND).unlink()

    result = init_project(memory.project)

    assert path.read_text().endswith("mine\n")
    assert SKILL in result.kept
    assert result.created == [COMMAND]
