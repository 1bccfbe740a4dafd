"""Planted (fake) secrets must reach no file and no output of `omp extract`, on every path."""

from __future__ import annotations

import json
import os
import shlex
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from omp.paths import MemoryRoot
from tests.helpers import git, omp, omp_ok, run_omp


def _everything(base: Path) -> bytes:
    return b"\n".join(p.read_bytes() for p in base.rglob("*") if p.is_file())


def assert_nowhere(secret: str, memory: MemoryRoot, *outputs: str) -> None:
    """`secret` is in no output, and in no file of `_omp/` (memory, candidates, backups, index,
    journal) or of the user store; nor is its first half (a key cut in two is still a leak)."""
    files = _everything(memory.project / "_omp") + _everything(Path(os.environ["XDG_DATA_HOME"]))
    for piece in (secret, secret[: max(8, len(secret) // 2)]):
        assert piece not in "\n".join(outputs)
        assert piece.encode() not in files


def _llm_script(tmp_path: Path, reply: Any, *, fail_with: str | None = None) -> str:
    script = tmp_path / "llm.py"
    script.write_text(
        textwrap.dedent(f"""
            import json, sys
            open({str(tmp_path / "seen.json")!r}, "w").write(sys.stdin.read())
            if {fail_with!r} is not None:
                print("calling the model ...", file=sys.stderr)
                print({fail_with!r}, file=sys.stderr)
                sys.exit(2)
            print(json.dumps({reply!r}))
        """),
        encoding="utf-8",
    )
    return shlex.join([sys.executable, str(script)])


# ---- 1. a key written right after Chinese text, or set with a full-width colon ---------------

CJK_KEY = "sk-proj-FAKEcjkAbcdefghijklmnop0099"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"决定用 Postgres 作为主库，测试key是{CJK_KEY}", CJK_KEY),
        (
            "决定用 Postgres 作为主库，因为需要 JSONB。配置里 DB_PASSWORD：FAKEfwPass2024x",
            "FAKEfwPass2024x",
        ),
        (
            "决定用 Postgres 作为主库，连接串mongodb://root:FAKEmongoPw77@db.example.com:27017",
            "FAKEmongoPw77",
        ),
        ("决定用 S3 存文件，密钥AKIAFAKECJKTEST12345先用着", "AKIAFAKECJKTEST12345"),
        (
            "决定用 GitHub Actions，令牌ghp_FAKEcjkabcdefghijklmnopqrstuvwxyz0123",
            "ghp_FAKEcjkabcdefghijklmnopqrstuvwxyz0123",
        ),
        (
            "决定用 JWT 登录，样例eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJGQUtFIn0.FAKEsigAbcdefgh12345",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJGQUtFIn0.FAKEsigAbcdefgh12345",
        ),
    ],
    ids=["sk", "full-width-colon", "url", "aws", "github", "jwt"],
)
def test_a_key_right_after_chinese_text_is_redacted(memory: MemoryRoot, text: str, secret: str):
    result = omp_ok("extract", "--text", text, "--json")

    assert_nowhere(secret, memory, result.stdout, result.stderr)
    assert json.loads(result.stdout)["redactions"]


def test_a_key_after_chinese_text_in_a_commit_subject_is_redacted(memory: MemoryRoot):
    git(
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        f"feat: 接入支付，测试key是{CJK_KEY}",
        cwd=memory.project,
    )

    result = omp_ok("extract", "--git", "HEAD", "--json")

    assert_nowhere(CJK_KEY, memory, result.stdout, result.stderr)
    assert [c["action"] for c in json.loads(result.stdout)["candidates"]] == ["stored"]


def test_a_key_after_chinese_text_in_llm_output_is_redacted(memory: MemoryRoot, tmp_path: Path):
    entry = {"title": "用 Postgres", "choice": "Postgres", "context": f"测试key是{CJK_KEY}"}
    reply = {"candidates": [{"target": "decisions", "entry": entry, "confidence": 0.9}]}

    result = omp_ok(
        "extract", "--text", "Use Postgres.", "--llm-cmd", _llm_script(tmp_path, reply), "--json"
    )

    assert_nowhere(CJK_KEY, memory, result.stdout, result.stderr)
    assert [c["action"] for c in json.loads(result.stdout)["candidates"]] == ["stored"]


# ---- 2. a password in a URL with an empty user name -----------------------------------------

REDIS_PW = "FAKEredisPw88"
REDIS_URL = f"redis://:{REDIS_PW}@cache.example.com:6379/0"


def test_a_url_password_without_a_user_name_is_redacted(memory: MemoryRoot):
    result = omp_ok("extract", "--text", f"User: the cache is at `REDIS_URL={REDIS_URL}`")

    assert_nowhere(REDIS_PW, memory, result.stdout, result.stderr)
    assert "redis://:[REDACTED:password in URL]@cache.example.com" in _everything(
        memory.memory
    ).decode("utf-8")


def test_a_url_password_without_a_user_name_is_redacted_in_commits(memory: MemoryRoot):
    git(
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        f"config: point REDIS_URL at {REDIS_URL}",
        cwd=memory.project,
    )

    result = omp_ok("extract", "--git", "HEAD")

    assert_nowhere(REDIS_PW, memory, result.stdout, result.stderr)


PHRASE = "FAKEmy secret phrase2"


def test_a_workers_vars_keep_no_url_password_and_no_pass_phrase(memory: MemoryRoot, tmp_path: Path):
    log = tmp_path / "deploy.log"
    log.write_text(
        "$ npx wrangler deploy\n"
        "Total Upload: 48.73 KiB / gzip: 12.08 KiB\n"
        "Your worker has access to the following bindings:\n"
        "- Vars:\n"
        f'  - REDIS_URL: "{REDIS_URL}"\n'
        f'  - DB_PASSWORD: "{PHRASE}"\n'
        '  - MAX_WIDTH: "2560"\n'
        "Uploaded img-worker (2.41 sec)\n"
        "Deployed img-worker triggers (0.38 sec)\n"
        "  https://img-worker.acme.workers.dev\n",
        encoding="utf-8",
    )

    result = omp_ok("extract", str(log), "--json")

    assert_nowhere(REDIS_PW, memory, result.stdout, result.stderr)
    assert_nowhere(PHRASE, memory, result.stdout, result.stderr)
    assert b"secret phrase2" not in _everything(memory.project / "_omp")


# ---- 3. a token the terminal wrapped across lines --------------------------------------------


def test_a_token_the_terminal_wrapped_is_redacted_whole(memory: MemoryRoot, tmp_path: Path):
    export = tmp_path / "t2.txt"
    export.write_text(
        "> we decided to use Redis with token ghp_FAKEwrapAAAAbbbbCCCCdddd\n"
        "  EEEEffffGGGGhhhhIIII1234 because it is fast.\n"
        "\n"
        "⏺ Ok.\n",
        encoding="utf-8",
    )

    result = omp_ok("extract", str(export), "--json")

    for piece in ("ghp_FAKEwrapAAAAbbbbCCCCdddd", "EEEEffffGGGGhhhhIIII1234"):
        assert_nowhere(piece, memory, result.stdout, result.stderr)
    assert [r["kind"] for r in json.loads(result.stdout)["redactions"]] == ["GitHub token"]
    # the words after the token are still read
    assert "because it is fast" in (memory.memory / "decisions.yaml").read_text("utf-8")


# ---- 4. a quoted pass phrase -----------------------------------------------------------------


def test_a_quoted_pass_phrase_is_redacted_to_its_closing_quote(memory: MemoryRoot):
    text = f'User: the database is set up with `DB_PASSWORD="{PHRASE}"` on staging'
    result = omp_ok("extract", "--text", text)

    assert_nowhere(PHRASE, memory, result.stdout, result.stderr)
    assert b"secret phrase2" not in _everything(memory.project / "_omp")
    assert 'DB_PASSWORD="[REDACTED:secret]"' in _everything(memory.memory).decode("utf-8")


# ---- 5. the external extractor ---------------------------------------------------------------

TITLE_TOKEN = "ghp_FAKEabcdefghijklmnopqrstuvwxyz0123456789AB"


def test_the_title_given_to_the_llm_command_is_redacted(memory: MemoryRoot, tmp_path: Path):
    chat = tmp_path / "chat.json"
    chat.write_text(
        json.dumps(
            {
                "title": f"deploy with {TITLE_TOKEN}",
                "messages": [{"role": "user", "content": "We decided to use Postgres."}],
            }
        ),
        encoding="utf-8",
    )

    result = omp_ok("extract", str(chat), "--llm-cmd", _llm_script(tmp_path, {"candidates": []}))

    seen = (tmp_path / "seen.json").read_text(encoding="utf-8")
    assert TITLE_TOKEN[:12] not in seen
    assert json.loads(seen)["title"] == "deploy with [REDACTED:GitHub token]"
    assert_nowhere(TITLE_TOKEN, memory, result.stdout, result.stderr)


LLM_KEY = "sk-proj-FAKEstderrAbcdefghijklmnop0099"


def test_a_failing_llm_command_never_echoes_a_key_it_printed(memory: MemoryRoot, tmp_path: Path):
    command = _llm_script(tmp_path, {}, fail_with=f"401 Unauthorized: incorrect API key {LLM_KEY}")

    result = omp("extract", "--text", "Use Postgres.", "--llm-cmd", command)

    assert result.exit_code == 1
    assert "401 Unauthorized: incorrect API key [REDACTED:OpenAI/Anthropic API key]" in (
        result.stderr
    )
    assert_nowhere(LLM_KEY, memory, result.stdout, result.stderr)


def test_a_failing_model_command_never_echoes_a_key_it_printed(git_repo: Path, tmp_path: Path):
    model = _llm_script(tmp_path, {}, fail_with=f"401 Unauthorized: incorrect API key {LLM_KEY}")

    done = run_omp("llm-bridge", model, cwd=git_repo, input='{"messages": []}')

    assert done.returncode == 1
    assert "incorrect API key [REDACTED:OpenAI/Anthropic API key]" in done.stderr
    assert LLM_KEY[:12] not in done.stdout + done.stderr


def test_a_key_across_the_summarys_cut_of_a_long_title_is_redacted(
    memory: MemoryRoot, tmp_path: Path
):
    key = "AKIAFAKETITLECUT1234"
    chat = tmp_path / "chat.json"
    title = "x" * 150 + f" {key} and more"  # the summary keeps 160 characters: inside the key
    messages = [{"role": "user", "content": "We decided to use Postgres because we need JSONB."}]
    chat.write_text(json.dumps({"title": title, "messages": messages}), encoding="utf-8")

    result = omp_ok("extract", str(chat), "--json")

    assert_nowhere(key, memory, result.stdout, result.stderr)
    assert b"AKIAFAKE" not in _everything(memory.project / "_omp")
    assert "AWS access key id" in [r["kind"] for r in json.loads(result.stdout)["redactions"]]


# ---- 6. control characters -------------------------------------------------------------------


def test_control_characters_are_not_stored_nor_hide_a_key(memory: MemoryRoot):
    key = "sk-proj-FAKEnulAbcdefghijklmnop0099"
    hidden = key[:12] + "\0" + key[12:]
    text = f"We decided to use Postgres\0 for the main database because we need JSONB. key {hidden}"

    result = omp_ok("extract", "-", "--json", input=text)

    stored = _everything(memory.memory)  # the YAML files (the index is binary)
    assert b"\\0" not in stored and b"\0" not in stored
    assert b"Use Postgres" in stored
    assert_nowhere(key, memory, result.stdout, result.stderr)
    assert_nowhere(key[12:], memory, result.stdout, result.stderr)


# ---- 7. Perforce and other command line tools ------------------------------------------------

P4_PASSWORD = "FAKEp4Perf0rce!"
P4_TICKET = "9C1E0A7DEADBEEF3E2F4A6C8E0B1D3F5"  # 32 hex digits, as `p4 login -p` prints
MYSQL_PASSWORD = "FAKEmysqlRoot77"
REGISTRY_PASSWORD = "FAKEregistryPw42"


def test_perforce_and_command_line_passwords_reach_no_file_and_no_model(
    memory: MemoryRoot, tmp_path: Path
):
    chat = tmp_path / "chat.txt"
    chat.write_text(
        "User: We decided to move the depot from Perforce to git-lfs. The p4 password is "
        f"{P4_PASSWORD} for the build user; run `p4 -u build -P {P4_PASSWORD} sync //depot/...`"
        " first.\n"
        f"Assistant: Logged in with `echo '{P4_PASSWORD}' | p4 -u build login -p`, which"
        f" printed the ticket:\n{P4_TICKET}\n"
        f"User: Also dump the asset db: mysqldump -u root -p{MYSQL_PASSWORD} assets > a.sql,"
        f" then docker login -u ci -p {REGISTRY_PASSWORD} registry.example.com\n",
        encoding="utf-8",
    )
    llm = _llm_script(tmp_path, {"candidates": []})

    rules = omp_ok("extract", str(chat), "--json")
    model = omp_ok("extract", str(chat), "--llm-cmd", llm)

    seen = (tmp_path / "seen.json").read_text(encoding="utf-8")
    for secret in (P4_PASSWORD, P4_TICKET, MYSQL_PASSWORD, REGISTRY_PASSWORD):
        assert_nowhere(secret, memory, rules.stdout, rules.stderr, model.stdout, model.stderr, seen)
    assert "-P [REDACTED:password] sync" in seen and "[REDACTED:Perforce ticket]" in seen
    kinds = {r["kind"] for r in json.loads(rules.stdout)["redactions"]}
    assert kinds == {"password", "Perforce ticket"}
    assert "git-lfs" in (memory.memory / "decisions.yaml").read_text("utf-8")


# ---- 8. a URL the terminal wrapped right after a colon ---------------------------------------

URL_PASSWORD = "FAKEs3cretPassw0rd"
DB_URL = f"postgres://admin:{URL_PASSWORD}@db.internal:5432/app"
CUTS = ["postgres", "postgres:", "postgres:/", "postgres://admin", "postgres://admin:",
        f"postgres://admin:{URL_PASSWORD[:9]}", f"postgres://admin:{URL_PASSWORD}"]  # fmt: skip


@pytest.mark.parametrize("fenced", [False, True], ids=["prose", "fenced"])
@pytest.mark.parametrize("cut", [len(c) for c in CUTS], ids=CUTS)
def test_a_url_the_terminal_wrapped_anywhere_keeps_no_password(
    memory: MemoryRoot, tmp_path: Path, cut: int, fenced: bool
):
    url = ["  " + DB_URL[:cut], "  " + DB_URL[cut:] + " for the main database."]
    fence = ["  ```"] if fenced else []
    export = tmp_path / "t.txt"
    export.write_text(
        "\n".join(
            ["> We decided to use Postgres 16 because we need JSONB; connect with:", *fence,
             *url, *fence, "", "⏺ Ok, Postgres 16 it is.", ""]
        ),
        encoding="utf-8",
    )  # fmt: skip

    rules = omp_ok("extract", str(export), "--json")
    model = omp_ok("extract", str(export), "--llm-cmd", _llm_script(tmp_path, {"candidates": []}))

    seen = (tmp_path / "seen.json").read_text(encoding="utf-8")
    assert_nowhere(URL_PASSWORD, memory, rules.stdout, rules.stderr, model.stdout, seen)
    assert "[REDACTED:password in URL]@db.internal" in seen
    assert "Postgres" in (memory.memory / "decisions.yaml").read_text("utf-8")
