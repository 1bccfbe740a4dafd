from __future__ import annotations

import os
import subprocess
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omp.gitrepo import (
    Commit,
    Conventional,
    GitError,
    NotAGitRepoError,
    _spawn,
    blobs,
    breaking_note,
    changed,
    commits,
    parse_conventional,
    run,
    staged,
)


def _git(repo: Path, *args: str, stdin: bytes | None = None, **env: str) -> str:
    result = subprocess.run(
        ["git", *args],
        cwd=repo,
        input=stdin,
        capture_output=True,
        check=True,
        env={**os.environ, **env},
    )
    return result.stdout.decode().strip()


def _commit(repo: Path, message: str, **env: str) -> str:
    """Commit `message` exactly as given (no comment stripping) and return the new sha."""
    _git(
        repo,
        "commit",
        "-q",
        "--allow-empty",
        "--cleanup=verbatim",
        "-F",
        "-",
        stdin=message.encode(),
        **env,
    )
    return _git(repo, "rev-parse", "HEAD")


def _children() -> list[tuple[int, str]]:
    """(pid, state) of this process's child processes, zombies included."""
    me, found = os.getpid(), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
        except (OSError, IndexError):
            continue
        if int(ppid) == me:
            found.append((int(stat.parent.name), state))
    return found


def _big_history(repo: Path, count: int) -> None:
    stream = []
    for n in range(count):
        message = f"chore: commit number {n}\n\n" + "padding " * 20 + "\n"
        stream.append(
            f"commit refs/heads/main\n"
            f"author A <a@example.com> {1_700_000_000 + n} +0000\n"
            f"committer A <a@example.com> {1_700_000_000 + n} +0000\n"
            f"data {len(message.encode())}\n{message}\n"
        )
    _git(repo, "fast-import", "--quiet", stdin="".join(stream).encode())


# ---- reading commits ------------------------------------------------------------------------


def test_commits_come_oldest_first_with_every_field(git_repo):
    first = _commit(git_repo, "Initial commit\n", GIT_AUTHOR_DATE="2026-01-31T09:15:00+08:00")
    second = _commit(
        git_repo,
        "fix(store): keep comments\nwhen rewriting\n\nThe writer re-dumped the whole file.\n"
        "It now splices one entry.\n",
        GIT_AUTHOR_DATE="2026-02-01T10:00:00+00:00",
    )
    found = list(commits(git_repo, "HEAD"))
    assert found == [
        Commit(
            sha=first,
            short=_git(git_repo, "log", "-1", "--format=%h", first),
            author="Test Author",
            email="author@example.com",
            date="2026-01-31T09:15:00+08:00",
            subject="Initial commit",
            body="",
            trailers=(),
            parents=0,
        ),
        Commit(
            sha=second,
            short=_git(git_repo, "log", "-1", "--format=%h", second),
            author="Test Author",
            email="author@example.com",
            date="2026-02-01T10:00:00+00:00",
            subject="fix(store): keep comments when rewriting",
            body="The writer re-dumped the whole file.\nIt now splices one entry.",
            trailers=(),
            parents=1,
        ),
    ]
    assert [c.sha for c in commits(git_repo, "HEAD", oldest_first=False)] == [second, first]


def test_trailers_are_read_as_git_parses_them_and_unfolded(git_repo):
    _commit(
        git_repo,
        "feat: switch to pnpm\n\nInstalls were slow.\n\n"
        "Decision: use pnpm because\n  it is three times faster\n"
        "Co-authored-by: 李雷 <li@example.com>\n"
        "Signed-off-by: Test Author <author@example.com>\n",
    )
    (commit,) = commits(git_repo, "HEAD")
    assert commit.trailers == (
        ("Decision", "use pnpm because it is three times faster"),
        ("Co-authored-by", "李雷 <li@example.com>"),
        ("Signed-off-by", "Test Author <author@example.com>"),
    )
    assert commit.body.startswith("Installs were slow.\n\nDecision: use pnpm because")


def test_a_range_gives_only_the_commits_after_its_start(git_repo):
    a = _commit(git_repo, "a\n")
    b = _commit(git_repo, "b\n")
    c = _commit(git_repo, "c\n")
    assert [x.sha for x in commits(git_repo, f"{a}..{c}")] == [b, c]
    assert [x.subject for x in commits(git_repo, "HEAD~1..HEAD")] == ["c"]
    assert list(commits(git_repo, f"{c}..{a}")) == []


def test_a_merge_commit_has_two_parents(git_repo):
    _commit(git_repo, "root\n")
    _git(git_repo, "checkout", "-q", "-b", "feature")
    _commit(git_repo, "feat: on the branch\n")
    _git(git_repo, "checkout", "-q", "main")
    _commit(git_repo, "fix: on main\n")
    _git(git_repo, "merge", "-q", "--no-ff", "-m", "Merge branch 'feature'", "feature")
    found = {c.subject: c.parents for c in commits(git_repo, "main")}
    assert found == {
        "root": 0,
        "feat: on the branch": 1,
        "fix: on main": 1,
        "Merge branch 'feature'": 2,
    }


def test_unicode_and_cjk_messages_and_names_survive(git_repo):
    _commit(
        git_repo,
        "feat(存储): 支持中文提交信息 🚀\n\n正文：改用 pnpm。\n",
        GIT_AUTHOR_NAME="张三",
        GIT_AUTHOR_EMAIL="zhang@例子.中国",
    )
    (commit,) = commits(git_repo, "HEAD")
    assert (commit.subject, commit.body, commit.author, commit.email) == (
        "feat(存储): 支持中文提交信息 🚀",
        "正文：改用 pnpm。",
        "张三",
        "zhang@例子.中国",
    )
    assert parse_conventional(commit.subject) == Conventional(
        "feat", "存储", False, "支持中文提交信息 🚀"
    )


def test_framing_characters_in_a_message_do_not_split_commits(git_repo):
    tricky = "odd \x1e\x1f bytes %x00 %H \\0 and a tab\there\n\nbody \x1e line\n\x1f\n"
    _commit(git_repo, "first\n")
    _commit(git_repo, tricky)
    _commit(git_repo, "last\n")
    found = list(commits(git_repo, "HEAD"))
    assert [c.subject for c in found] == [
        "first",
        "odd \x1e\x1f bytes %x00 %H \\0 and a tab\there",
        "last",
    ]
    assert found[1].body == "body \x1e line\n\x1f"


def test_a_nul_forged_into_a_commit_message_cannot_break_the_framing(git_repo):
    first = _commit(git_repo, "first\n")
    tree = _git(git_repo, "rev-parse", "HEAD^{tree}")
    raw = (
        f"tree {tree}\nparent {first}\n"
        "author A <a@example.com> 1700000000 +0000\n"
        "committer A <a@example.com> 1700000000 +0000\n\n"
        "forged\0subject\n\nbody\0more\n\nSigned-off-by: X <x@example.com>\n"
    )
    forged = _git(
        git_repo, "hash-object", "-t", "commit", "-w", "--literally", "--stdin", stdin=raw.encode()
    )
    _git(git_repo, "update-ref", "refs/heads/main", forged)
    last = _commit(git_repo, "last\n")
    found = list(commits(git_repo, "HEAD"))
    assert [c.sha for c in found] == [first, forged, last]
    assert found[1].subject == "forged"  # git prints a message up to its first NUL


def test_a_folder_inside_the_repository_reads_the_repository(git_repo):
    sha = _commit(git_repo, "root\n")
    (git_repo / "src" / "deep").mkdir(parents=True)
    assert [c.sha for c in commits(git_repo / "src" / "deep", "HEAD")] == [sha]


def test_user_git_config_does_not_change_what_is_read(git_repo):
    sha = _commit(
        git_repo,
        "Café au lait\n\nRefs #42\nSigned-off-by: Test Author <author@example.com>\n",
    )
    (git_repo / ".mailmap").write_text("Canonical <c@example.com> <author@example.com>\n")
    _git(git_repo, "notes", "add", "-m", "a note", sha)
    for key, value in {
        "format.pretty": "oneline",
        "log.showSignature": "true",
        "log.decorate": "full",
        "log.abbrevCommit": "true",
        "log.mailmap": "true",
        "color.ui": "always",
        "i18n.logOutputEncoding": "ISO-8859-1",
        "trailer.separators": ":#",
        "core.commentChar": ";",
    }.items():
        _git(git_repo, "config", "--global", key, value)
    (commit,) = commits(git_repo, "HEAD")
    assert (commit.subject, commit.author, commit.trailers) == (
        "Café au lait",
        "Test Author",
        (("Signed-off-by", "Test Author <author@example.com>"),),
    )
    assert commit.body == "Refs #42\nSigned-off-by: Test Author <author@example.com>"


def test_a_git_dir_inherited_from_a_hook_does_not_redirect_the_read(
    git_repo, tmp_path, monkeypatch
):
    mine = _commit(git_repo, "mine\n")
    other = tmp_path / "other"
    other.mkdir()
    _git(other, "init", "-q", "-b", "main")
    _commit(other, "theirs\n")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_INDEX_FILE", str(other / ".git" / "index"))
    assert [c.sha for c in commits(git_repo, "HEAD")] == [mine]


# ---- errors ---------------------------------------------------------------------------------


def test_an_unknown_revision_names_the_range_and_how_to_check_it(git_repo):
    _commit(git_repo, "root\n")
    with pytest.raises(GitError) as raised:
        list(commits(git_repo, "v9.9..HEAD"))
    message = str(raised.value)
    assert "'v9.9..HEAD'" in message
    assert f"hint: check the range with `git -C {git_repo} log v9.9..HEAD`" in message


def test_a_range_is_never_taken_as_an_option_or_a_path(git_repo):
    _commit(git_repo, "root\n")
    (git_repo / "README").write_text("x")
    for rev_range in ("--all", "-p", "README"):
        with pytest.raises(GitError, match="cannot read"):
            list(commits(git_repo, rev_range))


def test_a_repository_without_commits_reports_the_range(git_repo):
    with pytest.raises(GitError, match="cannot read 'HEAD'"):
        list(commits(git_repo, "HEAD"))


def test_a_folder_outside_any_repository_is_not_a_git_repo(tmp_path, monkeypatch):
    folder = tmp_path / "plain"
    folder.mkdir()
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    with pytest.raises(NotAGitRepoError) as raised:
        list(commits(folder, "HEAD"))
    assert str(raised.value) == (
        f"{folder} is not inside a git repository\n"
        f"hint: run `git init` in {folder}, or pass the repository's folder"
    )
    with pytest.raises(NotAGitRepoError, match="no such folder"):
        list(commits(tmp_path / "missing", "HEAD"))


def test_missing_git_is_reported_with_a_hint(git_repo, tmp_path, monkeypatch):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(GitError, match="git is not installed") as raised:
        list(commits(git_repo, "HEAD"))
    assert "hint: install git" in str(raised.value)


# ---- streaming ------------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_stopping_early_stops_git_and_leaves_no_zombie(git_repo):
    _big_history(git_repo, 3000)
    with closing(commits(git_repo, "main", oldest_first=False)) as stream:
        first = next(stream)
        assert first.subject == "chore: commit number 2999"
        assert len(_children()) == 1  # git is still writing
    assert _children() == []

    def first_fix() -> str:
        for commit in commits(git_repo, "main"):
            return commit.subject
        return ""

    assert first_fix() == "chore: commit number 0"
    assert _children() == []


def test_a_long_history_streams_completely(git_repo):
    _big_history(git_repo, 3000)
    count = 0
    for count, commit in enumerate(commits(git_repo, "main"), start=1):
        assert commit.subject == f"chore: commit number {count - 1}"
    assert count == 3000


# ---- Conventional Commits -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("subject", "expected"),
    [
        ("feat: add login", Conventional("feat", None, False, "add login")),
        ("fix(parser): handle CRLF", Conventional("fix", "parser", False, "handle CRLF")),
        ("FEAT(API)!: drop v1", Conventional("feat", "API", True, "drop v1")),
        ("refactor!: split modules", Conventional("refactor", None, True, "split modules")),
        ("chore(deps-dev): bump ruff", Conventional("chore", "deps-dev", False, "bump ruff")),
        ("docs:  two spaces", Conventional("docs", None, False, "two spaces")),
        ("feat: 新增中文搜索", Conventional("feat", None, False, "新增中文搜索")),
    ],
)
def test_conventional_subjects_are_read(subject, expected):
    assert parse_conventional(subject) == expected


@pytest.mark.parametrize(
    "subject",
    [
        "Add login page",
        "feat:missing space",
        "feat : space before colon",
        "feat(): empty scope",
        "feat!(api): bang before scope",
        "feat: ",
        "Merge branch 'feature'",
        'Revert "feat: add login"',
        "fixup! feat: add login",
        "修复: 中文类型",
        "",
    ],
)
def test_other_subjects_are_not_conventional(subject):
    assert parse_conventional(subject) is None


def _with_body(body: str) -> Commit:
    return Commit(
        "0" * 40, "0000000", "A", "a@example.com", "2026-01-01T00:00:00+00:00", "s", body, (), 1
    )


def test_breaking_change_footer_text_runs_to_the_next_footer(git_repo):
    _commit(
        git_repo,
        "feat(api)!: drop v1\n\nThe v1 endpoints are gone.\n\n"
        "BREAKING CHANGE: /v1 is removed;\nclients must call /v2.\nRefs: #42\n",
    )
    (commit,) = commits(git_repo, "HEAD")
    assert breaking_note(commit) == "/v1 is removed;\nclients must call /v2."


def test_breaking_change_with_a_hyphen_is_also_a_git_trailer(git_repo):
    _commit(git_repo, "feat: new config\n\nBREAKING-CHANGE: config moved to _omp/\n")
    (commit,) = commits(git_repo, "HEAD")
    assert commit.trailers == (("BREAKING-CHANGE", "config moved to _omp/"),)
    assert breaking_note(commit) == "config moved to _omp/"


def test_breaking_change_must_be_uppercase_and_present():
    assert breaking_note(_with_body("breaking change: lowercase is not the token")) is None
    assert breaking_note(_with_body("Nothing breaks here.")) is None
    assert breaking_note(_with_body("")) is None
    assert (
        breaking_note(_with_body("BREAKING CHANGE: one\nReviewed-by: Z\nBREAKING CHANGE: two"))
        == "one\n\ntwo"
    )


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_parse_conventional_and_breaking_note_never_raise(text):
    result = parse_conventional(text)
    assert result is None or (result.type == result.type.lower() and result.summary)
    breaking_note(_with_body(text))


@settings(max_examples=200, deadline=None)
@given(
    st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,10}", fullmatch=True),
    st.none() | st.from_regex(r"[a-z][a-z0-9 ./-]{0,12}[a-z0-9]", fullmatch=True),
    st.booleans(),
    st.from_regex(r"\S[^\n\r]{0,40}\S|\S", fullmatch=True),
)
def test_a_written_conventional_subject_reads_back(kind, scope, breaking, summary):
    subject = f"{kind}{f'({scope})' if scope else ''}{'!' if breaking else ''}: {summary}"
    assert parse_conventional(subject) == Conventional(kind.lower(), scope, breaking, summary)


def test_changed_files_come_with_both_blob_ids_and_blobs_reads_them_in_one_go(git_repo):
    memory = git_repo / "mem"
    memory.mkdir()
    (memory / "kept.yaml").write_text("a: 1\n", encoding="utf-8")
    (memory / "gone.yaml").write_text("b: 2\n", encoding="utf-8")
    (memory / "old name.yaml").write_bytes(b"line\n\x00binary\nno newline at the end")
    _git(git_repo, "add", "-A")
    before = _commit(git_repo, "one")
    (memory / "kept.yaml").write_text("a: 2\n", encoding="utf-8")
    (memory / "gone.yaml").unlink()
    (memory / "new.yaml").write_text("c: 3\n", encoding="utf-8")
    (memory / "old name.yaml").rename(memory / "new name.yaml")  # a rename: removed and added
    (git_repo / "outside.yaml").write_text("d: 4\n", encoding="utf-8")
    _git(git_repo, "add", "-A")
    after = _commit(git_repo, "two")

    found = changed(git_repo, before, after, "mem")
    ids = {f.path: (f.old, f.new) for f in found}
    texts = blobs(git_repo, [i for f in found for i in (f.old, f.new) if i] + ["0" * 39 + "1"])

    assert sorted(ids) == [
        "mem/gone.yaml",
        "mem/kept.yaml",
        "mem/new name.yaml",
        "mem/new.yaml",
        "mem/old name.yaml",
    ]
    assert ids["mem/new.yaml"][0] is None and ids["mem/gone.yaml"][1] is None
    assert ids["mem/old name.yaml"][1] is None and ids["mem/new name.yaml"][0] is None
    assert [texts[i] for i in ids["mem/kept.yaml"] if i] == [b"a: 1\n", b"a: 2\n"]
    assert texts[ids["mem/gone.yaml"][0] or ""] == b"b: 2\n"
    assert texts[ids["mem/new name.yaml"][1] or ""] == b"line\n\x00binary\nno newline at the end"
    assert len(texts) == 5  # each blob once (the renamed file's is one), the missing id left out
    with pytest.raises(GitError):
        changed(git_repo, "no-such-commit", after, "mem")


def test_staged_lists_added_and_modified_paths_with_their_blob_ids(git_repo):
    memory = git_repo / "mem"
    memory.mkdir()
    (memory / "kept.yaml").write_text("a: 1\n", encoding="utf-8")
    (memory / "old name.yaml").write_text("b: 2\n", encoding="utf-8")
    (memory / "gone.yaml").write_text("c: 3\n", encoding="utf-8")
    _git(git_repo, "add", "-A")
    _commit(git_repo, "one")
    (memory / "kept.yaml").write_text("a: 2\n", encoding="utf-8")
    (memory / "old name.yaml").rename(memory / "新 name.yaml")
    (memory / "gone.yaml").unlink()
    (git_repo / "outside.yaml").write_text("d: 4\n", encoding="utf-8")
    _git(git_repo, "add", "-A")
    (memory / "kept.yaml").write_text("a: 3, not staged\n", encoding="utf-8")

    found = dict(staged(git_repo, "mem"))

    assert sorted(found) == ["mem/kept.yaml", "mem/新 name.yaml"]  # by its new name, unquoted
    assert found["mem/kept.yaml"] == _git(git_repo, "rev-parse", ":mem/kept.yaml")
    assert blobs(git_repo, [found["mem/kept.yaml"]]) == {found["mem/kept.yaml"]: b"a: 2\n"}


def test_git_output_and_errors_of_any_size_are_read_whole(git_repo):
    # both streams at once, each far beyond a pipe's buffer: read as they come, no deadlock
    for n in range(300):
        (git_repo / f"file {n:03}.txt").write_text(f"{n}\n" * 200, encoding="utf-8")
    _git(git_repo, "add", "-A")
    _commit(git_repo, "many files")
    out = run(git_repo, "log", "-p", "--stat")
    assert out == _git(git_repo, "-c", "core.quotepath=off", "log", "-p", "--stat") + "\n"
    # git cuts its own messages short: a process that floods both pipes before it exits
    script = "head -c 3000000 /dev/zero; head -c 2000000 /dev/zero >&2; echo end >&2; exit 3"
    done = _spawn(["sh", "-c", script], {"PATH": os.environ["PATH"]})
    assert (done.returncode, len(done.stdout), done.stderr[-4:]) == (3, 3_000_000, b"end\n")
    assert len(done.stderr) == 2_000_004
    assert run(git_repo, "rev-parse", "--verify", "-q", "nope", ok=(0, 1)) == ""


def test_missing_git_is_reported_with_a_hint_by_every_way_git_is_run(
    git_repo, tmp_path, monkeypatch
):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(GitError, match="git is not installed") as raised:
        run(git_repo, "status")
    assert "hint: install git" in str(raised.value)
    with pytest.raises(GitError, match="git is not installed"):
        blobs(git_repo, ["0" * 40])  # git given input


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_child_gets_the_default_sigpipe_and_sigxfsz_back() -> None:
    """Python ignores SIGPIPE; a git it starts must not inherit that (as with subprocess)."""
    import signal

    from omp.gitrepo import _Child

    assert signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN  # what the child would inherit
    child = _Child(["grep", "^SigIgn:", "/proc/self/status"], dict(os.environ))
    with closing(child):
        out = b"".join(child.output()).decode()
    ignored = int(out.split()[1], 16)
    assert ignored & (1 << (signal.SIGPIPE - 1)) == 0
    assert ignored & (1 << (signal.SIGXFSZ - 1)) == 0
