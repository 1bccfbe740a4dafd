from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from omp import context, lookup, outline, rot, status, store, watch, yamlio
from omp.errors import InvalidYamlError, OmpError, UsageError, ValidationError
from omp.index import CJK_RANGES, Index, dumps, loads, searchable, segment
from omp.paths import MemoryRoot
from omp.records import Timestamp
from tests.helpers import REPO, build_file_tree, git, run_cli, run_omp

DECISIONS = """\
decisions:
  - id: dec-a
    date: 2026-01-02
    title: Store memory as YAML
    context: |
      # Why
      Reviewable in pull requests.
    choice: YAML under _omp/memory
    status: active
  - id: dec-b
    date: 2026-01-03
    title: 采用 SQLite 作为索引
    choice: SQLite 全文检索
    status: active
"""


@pytest.fixture
def filled(memory: MemoryRoot) -> MemoryRoot:
    (memory.memory / "decisions.yaml").write_text(DECISIONS, encoding="utf-8")
    build_file_tree(
        memory.memory,
        {
            "techContext.md": """\
        # Tech context

        ## Deploy
        We deploy the web app to Vercel from main.
        """
        },
    )
    return memory


def test_show_by_id_prints_the_entry_lines_as_written(filled):
    text, data, _ = lookup.show(filled, "decisions", id="dec-a")
    assert text == (
        "- id: dec-a\n  date: 2026-01-02\n  title: Store memory as YAML\n"
        "  context: |\n    # Why\n    Reviewable in pull requests.\n"
        "  choice: YAML under _omp/memory\n  status: active\n"
    )
    assert data["date"] == "2026-01-02" and isinstance(data["date"], yamlio.Timestamp)


def test_search_finds_english_and_chinese_with_file_and_line(filled):
    (hit,) = lookup.search(filled, "pull requests").hits
    assert (hit.kind, hit.id, hit.file, hit.line) == ("decisions", "dec-a", "decisions.yaml", 2)
    (hit,) = lookup.search(filled, "索引").hits
    assert hit.id == "dec-b" and hit.line == 10
    assert lookup.search(filled, "引索").hits == []  # characters must occur in that order
    (md,) = lookup.search(filled, "vercel", kind="markdown").hits
    assert (md.file, md.line, md.title) == ("techContext.md", 3, "Deploy")


def test_search_ranks_the_better_match_first_and_honours_limit(filled):
    store.add_change(filled, summary="deploy deploy deploy to vercel", type="deploy")
    store.add_change(filled, summary="deploy docs", type="docs")
    hits = lookup.search(filled, "deploy").hits
    assert hits[0].title == "deploy deploy deploy to vercel"
    assert len(lookup.search(filled, "deploy", limit=1).hits) == 1


def test_search_refuses_bad_arguments(filled):
    with pytest.raises(UsageError):
        lookup.search(filled, "   ")
    with pytest.raises(UsageError):
        lookup.search(filled, "x", kind="bogus")
    with pytest.raises(UsageError):
        lookup.search(filled, "x", limit=0)


def test_an_outside_edit_is_seen_by_the_next_read(filled):
    lookup.search(filled, "yaml")  # builds the index
    path = filled.memory / "decisions.yaml"
    path.write_text(
        DECISIONS.replace("Store memory as YAML", "Keep memory in TOML")
        + "  - id: dec-c\n    title: Hand-written entry\n    choice: by hand\n",
        encoding="utf-8",
    )
    assert lookup.search(filled, "TOML").hits[0].id == "dec-a"
    assert lookup.search(filled, "Store memory").hits == []
    text = lookup.show(filled, "decisions", id="dec-c").text
    assert text == "- id: dec-c\n  title: Hand-written entry\n  choice: by hand\n"


def test_an_edit_in_the_same_mtime_tick_as_the_indexing_is_seen(filled):
    path = filled.memory / "decisions.yaml"
    lookup.search(filled, "yaml")  # indexed just now: the file is still young
    st = path.stat()
    path.write_text(DECISIONS.replace("dec-a", "dec-z"), encoding="utf-8")  # same size
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same mtime
    text = lookup.show(filled, "decisions", id="dec-z").text
    assert text.startswith("- id: dec-z\n")


def _settled(memory: MemoryRoot, rel: str) -> Path:
    """`rel` as a file last changed long ago and checked since: its stat is trusted."""
    path = memory.memory / rel
    past = time.time_ns() - 3_600_000_000_000
    os.utime(path, ns=(past, past))
    lookup.search(memory, "yaml")  # hashes it once more (the stat changed), then trusts it
    return path


def test_a_write_trusts_the_stat_of_a_settled_file_and_no_other(filled):
    path = _settled(filled, "decisions.yaml")
    with Index(filled) as index:
        known = index.file("decisions.yaml")
        assert known is not None
        assert index.hash_by_stat("decisions.yaml", path.stat()) == known.hash
        assert index.hash_by_stat("techContext.md", path.stat()) is None  # not its stat
        settled_stat = path.stat()
    path.write_text(DECISIONS + "  - id: dec-c\n    title: C\n    choice: c\n", encoding="utf-8")
    with Index(filled) as index:
        assert index.hash_by_stat("decisions.yaml", path.stat()) is None  # edited since
        assert index.hash_by_stat("decisions.yaml", settled_stat) is not None
    store.add_decision(filled, title="Written after a settled read", choice="omp")
    with Index(filled) as index:
        # omp's own write is young: the next write hashes the file again
        assert index.hash_by_stat("decisions.yaml", path.stat()) is None


def test_a_write_after_an_outside_edit_of_a_settled_file_keeps_the_edit(filled):
    path = _settled(filled, "decisions.yaml")
    edited = DECISIONS.replace("Store memory as YAML", "Keep memory in TOML")
    hand = "  - id: dec-c\n    title: Hand-written\n    choice: by hand\n"
    path.write_text(edited + hand, encoding="utf-8")

    store.add_decision(filled, title="Written after the hand edit", choice="omp")

    data = yamlio.load(path.read_text(encoding="utf-8"))
    titles = [d["title"] for d in data["decisions"]]
    assert titles[-2:] == ["Hand-written", "Written after the hand edit"]
    assert "Keep memory in TOML" in titles
    assert lookup.show(filled, "decisions", id="dec-c").text.startswith("- id: dec-c\n")


def test_a_memory_file_that_is_not_utf8_is_named_when_read(filled):
    lookup.search(filled, "yaml")
    (filled.memory / "decisions.yaml").write_bytes(DECISIONS.encode() + b"# caf\xe9\n")
    with pytest.raises(InvalidYamlError, match=r"decisions\.yaml.*not UTF-8"):
        lookup.search(filled, "yaml")


def test_the_index_follows_git_checkout_of_another_version(filled):
    repo = filled.project
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "v1", cwd=repo)
    store.add_decision(filled, title="Use Postgres for analytics", choice="Postgres")
    assert lookup.search(filled, "postgres").hits
    git("commit", "-q", "-am", "v2", cwd=repo)
    git("checkout", "-q", "HEAD~1", cwd=repo)
    assert lookup.search(filled, "postgres").hits == []
    git("checkout", "-q", "main", cwd=repo)
    assert [h.title for h in lookup.search(filled, "postgres").hits] == [
        "Use Postgres for analytics"
    ]


def test_deleting_the_cache_loses_nothing(filled):
    store.add_decision(filled, title="Cache is derived", choice="rebuild it")
    before = lookup.search(filled, "derived").hits
    shutil.rmtree(filled.cache)
    assert lookup.search(filled, "derived").hits == before
    text = lookup.show(filled, "decisions", id=before[0].id or "").text
    assert "Cache is derived" in text


def _problems(index: Index) -> list[tuple[str, str]]:
    info = index.file("decisions.yaml")
    assert info is not None
    return info.problems


def test_a_changed_checker_checks_again_every_entry_the_index_holds(filled, monkeypatch, tmp_path):
    from omp import index as index_module
    from omp import schema
    from omp.sensitive import Finding

    checker = tmp_path / "sensitive.py"  # stands for the secret detector of a release
    checker.write_text("release 1", encoding="utf-8")
    monkeypatch.setattr(index_module, "_CHECKERS", ("schema.py", str(checker)))
    with Index(filled) as index:
        index.refresh()
        assert _problems(index) == []

    # the next release finds what the first let through ("SQLite" stands for a new pattern)
    def stricter(data: object, path: str = "$") -> list[Finding]:
        return [Finding("made-up key", path)] if "SQLite" in json.dumps(data) else []

    monkeypatch.setattr(schema, "find_secrets", stricter)
    with Index(filled) as index:
        index.refresh()  # the same files, the same release: the cached problems stand
        assert _problems(index) == []
    checker.write_text("release 2, with a new pattern", encoding="utf-8")
    with Index(filled) as index:
        index.refresh()
        (problem,) = _problems(index)
    assert problem[0].startswith("decisions[1]") and "made-up key" in problem[1]


_POOL = [
    "  - id: dec-a\n    date: 2026-01-02\n    title: Store memory as YAML\n    choice: YAML\n",
    "  - id: dec-b\n    date: 2026-01-03\n    title: 采用 SQLite 作为索引\n    choice: SQLite\n",
    "  # a comment between entries\n",
    "  - id: dec-c\n    date: 2026-01-04\n    title: Lock writes\n    context: |\n"
    "      # not a heading\n      Two agents write at once.\n    choice: flock\n",
    "  - id: dec-d\n    date: 2026-01-05\n    title: Keep backups\n    choice: ten of them\n"
    "    status: superseded\n",
    "  - id: dec-e\n    date: 2026-01-06\n    title: Search with FTS5\n    choice: bm25\n",
    # (the entries above have ids of their own; the ones below repeat ids)
    # the data of others, written another way: their checks are reused, not run again
    "  - id: dec-a\n    # edited by hand\n    date: 2026-01-02\n    title: Store memory as YAML\n"
    "    choice: YAML\n",
    "  - {id: dec-e, date: 2026-01-06, title: Search with FTS5, choice: bm25}\n",
    # data that differs from the next one only in types JSON does not have: one is invalid
    "  - id: dec-f\n    date: 2026-02-30\n    title: No such day\n    choice: x\n",
    '  - id: dec-f\n    date: "2026-02-30"\n    title: No such day\n    choice: x\n',
    "  - id: dec-g\n    title: 5\n    choice: x\n",
    '  - id: dec-g\n    title: "5"\n    choice: x\n',
]

_DISTINCT = 6

# What a list file holds outside its entries: checked once per data, like the entries
_HEADS = [
    "# decisions\n",
    "_meta:\n  updated_by: someone\n",
    "_meta: {updated_by: someone}  # the same data\n",
    "_meta:\n  updated_by: 5\n",
    '_meta:\n  updated_by: "5"\n',
]


# A version of decisions.yaml: a head, entries of the pool, and a title edited by hand in one
_VERSION = st.tuples(
    st.sampled_from(_HEADS), st.lists(st.sampled_from(range(len(_POOL))), max_size=7)
)
_RETITLE = st.sampled_from(["", "Keep backups", "Lock writes"])


def _version(version: tuple[str, list[int]], edit: str = "") -> str:
    head, picks = version
    body = "".join(_POOL[i] for i in picks)
    if edit:
        body = body.replace(f"title: {edit}\n", f"title: {edit}, edited by hand\n", 1)
    return f"{head}decisions:\n{body}"


def _stored(index: Index) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every column of the file's entries but the row number, and their full-text rows."""
    rows = index.db.execute(
        "SELECT pos,kind,id,identity,ref,start,stop,line,end_line,hash,date,status,valid_from,"
        "valid_to,data,problems,body FROM entries JOIN spans USING (n) "
        "WHERE rel='decisions.yaml' ORDER BY pos"
    ).fetchall()
    fts = index.db.execute(
        "SELECT e.pos, f.text, f.kind FROM fts f JOIN entries e ON e.n = f.rowid "
        "WHERE e.rel='decisions.yaml' ORDER BY e.pos"
    ).fetchall()
    orphans = index.db.execute(
        "SELECT rowid FROM fts WHERE rowid NOT IN (SELECT n FROM entries) "
        "UNION ALL SELECT n FROM spans WHERE n NOT IN (SELECT n FROM entries)"
    )
    return rows, fts + orphans.fetchall()


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(_VERSION, _VERSION, _RETITLE)
# data that is the same but for a type, in an entry and outside the entries, the valid first
@example((_HEADS[0], [9, 11]), (_HEADS[0], [8, 10]), "")
@example((_HEADS[4], []), (_HEADS[3], []), "")
def test_an_outside_edit_leaves_the_index_as_a_rebuild_would(memory, before, after, retitle):
    path = memory.memory / "decisions.yaml"
    path.write_text(_version(before), encoding="utf-8")
    with Index(memory) as index:
        index.refresh()
        # entries moved, added, dropped, copied and edited
        path.write_text(_version(after, retitle), encoding="utf-8")
        index.refresh()
        refreshed = _stored(index), index.file("decisions.yaml")
        index.rebuild()
        assert refreshed == (_stored(index), index.file("decisions.yaml"))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(_VERSION, _VERSION, _RETITLE)
def test_a_version_read_against_the_index_is_what_reading_it_alone_gives(
    memory, before, after, retitle
):
    # entries whose text the index holds take their data from it, decoded when asked for
    from omp.index import list_entries

    (memory.memory / "decisions.yaml").write_text(_version(before), encoding="utf-8")
    version = _version(after, retitle)
    with Index(memory) as index:
        index.refresh()
        read = index.parse("decisions.yaml", version)
    _, rows, problems = list_entries("decisions.yaml", "decisions", "decisions", version, {})
    assert read == (rows, problems)
    assert [dumps(e.data) for e in read[0]] == [dumps(e.data) for e in rows]


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(_VERSION, _VERSION, _RETITLE)
def test_the_changes_since_the_kept_version_are_what_comparing_whole_versions_gives(
    memory, before, after, retitle
):
    # entries moved, added, dropped, rewritten alike and edited: only the changed ones are
    # decoded, and the journal gets what the whole versions give (a version that uses an id
    # twice is invalid: it gets a warning, not a comparison)
    for _, picks in (before, after):
        ids = [_POOL[i].split("\n")[0].split("id: ")[-1].split(",")[0] for i in picks if i != 2]
        assume(len(set(ids)) == len(ids))
    path = memory.memory / "decisions.yaml"
    path.write_text(_version(before), encoding="utf-8")
    with Index(memory) as index:
        index.refresh()
        index.forget_unjournaled(["decisions.yaml"])  # the last example's edit, journaled
        path.write_text(_version(after, retitle), encoding="utf-8")
        index.refresh()  # as a read does: the version it replaces is kept
        changed = index.kept_changes("decisions.yaml")
        whole = index.kept_entries("decisions.yaml")
        now = {str(e.id or e.identity): e.data for e in index.entries("decisions.yaml")}
    assert watch._diff("decisions.yaml", *changed) == watch._diff("decisions.yaml", whole, now)


def test_writes_keep_the_index_equal_to_a_rebuild(filled):
    store.add_decision(filled, title="One", choice="1")
    store.add_decision(filled, id="dec-a", title="Store memory as YAML", choice="YAML files")
    store.write_document(
        filled, {"decisions": [{"title": "Two", "choice": "2"}, {"title": "Three", "choice": "3"}]}
    )
    with Index(filled) as index:
        kept = index.entries("decisions.yaml"), index.file("decisions.yaml")
        index.rebuild()
        rebuilt = index.entries("decisions.yaml"), index.file("decisions.yaml")
    assert kept[0] == rebuilt[0]
    assert kept[1] is not None and rebuilt[1] is not None
    assert (kept[1].layout, kept[1].hash) == (rebuilt[1].layout, rebuilt[1].hash)


_META_ON_TOP = '_meta:\n  last_updated: 2026-01-01T00:00:00Z\n  updated_by: "someone"\n'


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(range(_DISTINCT)), max_size=6, unique=True),
    st.booleans(),
    st.lists(
        st.tuples(st.sampled_from(["dec-a", "dec-c", "dec-e", None]), st.integers(1, 3)),
        min_size=1,
        max_size=4,
    ),
)
def test_writes_leave_the_index_as_a_rebuild_would(memory, picks, meta_on_top, writes):
    # `_meta` first in the file grows with a write's change list: entries after it move down
    body = "".join(_POOL[i] for i in picks)
    text = f"{_META_ON_TOP if meta_on_top else ''}decisions:\n{body}"
    (memory.memory / "decisions.yaml").write_text(text, encoding="utf-8")
    lookup.reindex(memory)
    titles = {"dec-a": "Store memory as YAML", "dec-c": "Lock writes", "dec-e": "Search with FTS5"}
    for n, (eid, lines) in enumerate(writes):
        choice = "\n".join(f"line {k} of write {n}" for k in range(lines))
        if eid is not None and f"id: {eid}\n" in text:  # an update, its lines changing
            store.add_decision(memory, id=eid, title=titles[eid], choice=choice)
        else:
            store.add_decision(memory, title=f"write {n}", choice=choice)
    with Index(memory) as index:
        kept = _stored(index)
        index.rebuild()
        assert kept == _stored(index)


def test_the_queries_of_a_write_search_an_index_and_never_scan_the_entries(memory, monkeypatch):
    for n in range(30):
        store.add_change(memory, summary=f"change {n}", ref=f"abc{n:04d}")
    store.add_decision(memory, title="First", choice="one")
    statements: list[str] = []
    connect = sqlite3.connect

    def traced(*args, **kwargs):
        db = connect(*args, **kwargs)
        db.set_trace_callback(statements.append)  # each statement with its values filled in
        return db

    monkeypatch.setattr("omp.index.sqlite3.connect", traced)  # the module the index uses
    store.add_change(memory, summary="appended, found by nothing")  # identity lookup
    store.add_change(memory, summary="updated by its ref", ref="abc0003")  # ref lookup
    store.add_decision(memory, id="dec-x", title="Second", choice="two")  # id lookup
    store.add_decision(memory, title="First", choice="one, again")  # identity match

    monkeypatch.undo()
    db = sqlite3.connect(memory.cache / "index.sqlite3")
    on_entries = [
        s
        for s in statements
        if re.match(r"\s*(SELECT|UPDATE|DELETE)\b.*\b(entries|spans)\b", s, re.S)
    ]
    assert len(on_entries) > 10
    # a search on the file alone reads every entry of it, unless it reads the first few
    first_few = re.compile(r".*WHERE rel='[^']*' ORDER BY pos( DESC)? LIMIT \d+$", re.S)
    for s in on_entries:
        plan = [row[3] for row in db.execute("EXPLAIN QUERY PLAN " + s)]
        whole = [
            p for p in plan if p.startswith(("SCAN entries", "SCAN spans")) or p.endswith("(rel=?)")
        ]
        assert not whole or first_few.match(s), (s, plan)


def test_a_write_to_an_indexed_file_parses_only_what_it_changes(filled, monkeypatch):
    big = "decisions:\n" + "".join(
        f"  - id: dec-{n:05d}\n    title: entry {n}\n    choice: c{n}\n" for n in range(2000)
    )
    (filled.memory / "decisions.yaml").write_text(big, encoding="utf-8")
    lookup.reindex(filled)
    parsed: list[int] = []
    real_load = yamlio.load

    def spy(text: str, *, source: str = "<string>"):
        parsed.append(len(text))
        return real_load(text, source=source)

    monkeypatch.setattr(yamlio, "load", spy)
    store.add_decision(filled, title="New one", choice="new")
    store.add_decision(filled, id="dec-01000", title="entry 1000", choice="changed")
    assert parsed and max(parsed) < 2_000  # entry-sized pieces, never the 100 KB file
    data = real_load((filled.memory / "decisions.yaml").read_text(encoding="utf-8"))
    assert data["decisions"][1000]["choice"] == "changed"
    assert data["decisions"][-1]["title"] == "New one"


def test_search_and_index_commands(filled):
    result = run_cli(["search", "vercel"], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout.startswith("_omp/memory/techContext.md:3\tmarkdown\t-\tDeploy")
    result = run_cli(["search", "存储", "--json"], catch_exceptions=False)
    assert result.exit_code == 0 and json.loads(result.stdout) == []
    result = run_cli(["index", "--rebuild", "--json"], catch_exceptions=False)
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert "decisions.yaml" in report["reindexed"] and report["entries"] >= 2
    result = run_cli(["search", "x", "--kind", "bogus"])
    assert result.exit_code == 2 and "--kind" in result.stderr


@pytest.mark.parametrize(
    "args", [["status"], ["status", "--json"], ["index"], ["index", "--rebuild", "--json"]]
)
def test_status_and_index_open_and_refresh_the_index_once(filled, monkeypatch, args):
    from omp import index as index_module

    lookup.reindex(filled)
    (filled.memory / "decisions.yaml").write_text(
        DECISIONS.replace("Reviewable", "Easy to review"), encoding="utf-8"
    )  # edited outside omp: this run has something to re-index
    opened: list[str] = []
    refreshed: list[str] = []
    real_init, real_refresh = Index.__init__, Index.refresh

    def counting_init(self, root, **kwargs):
        if root.project == filled.project:  # not the user store, if one is read
            opened.append(str(root.project))
        real_init(self, root, **kwargs)

    def counting_refresh(self, rels=None):
        if self.root.project == filled.project:
            refreshed.append("all" if rels is None else ",".join(rels))
        return real_refresh(self, rels)

    monkeypatch.setattr(index_module.Index, "__init__", counting_init)
    monkeypatch.setattr(index_module.Index, "refresh", counting_refresh)
    result = run_cli(args, catch_exceptions=False)

    assert result.exit_code == 0, result.stderr
    assert len(opened) == 1 and refreshed == ["all"]
    if args == ["index"]:
        assert result.stdout == "indexed decisions.yaml\n"
    elif args[0] == "index":
        assert "decisions.yaml" in json.loads(result.stdout)["reindexed"]
    elif "--json" in args:
        report = json.loads(result.stdout)["index"]
        assert report["reindexed"] == 1 and report["entries"] >= 3
    else:
        assert "decisions.yaml" in result.stdout


def test_a_reader_indexing_between_replace_and_record_does_not_corrupt_offsets(filled, monkeypatch):
    from omp import writer

    lookup.reindex(filled)
    real_commit = writer.commit

    def commit_then_a_reader_refreshes(*args, **kwargs):
        backups = real_commit(*args, **kwargs)
        with Index(filled) as reader:  # another process reading at that instant
            reader.refresh()
        return backups

    monkeypatch.setattr(writer, "commit", commit_then_a_reader_refreshes)
    store.add_decision(filled, title="Raced", choice="safely")
    store.add_decision(filled, id="dec-a", title="Store memory as YAML", choice="YAML files")
    monkeypatch.setattr(writer, "commit", real_commit)
    with Index(filled) as index:
        kept = index.entries("decisions.yaml")
        index.rebuild()
        assert kept == index.entries("decisions.yaml")
    text = lookup.show(filled, "decisions", id="dec-b").text
    assert text.startswith("- id: dec-b\n")
    assert watch.scan(filled, new_files=True) == []  # the reader saw omp's writes, not edits


@pytest.mark.parametrize("bulk", [2000, 7])  # one parse of them all, and parses of 7 at a time
@pytest.mark.parametrize("reader", ["fastyaml", "ruamel"])
def test_parsing_a_whole_list_at_once_gives_what_parsing_entry_by_entry_gives(
    memory, monkeypatch, bulk, reader
):
    from omp import fastyaml
    from omp import index as index_module

    monkeypatch.setattr(index_module, "_BULK", bulk)
    if reader == "ruamel":  # the entries as if they were outside fastyaml's subset
        monkeypatch.setattr(fastyaml, "load", lambda text: fastyaml.UNSURE)
    calls: list[int] = []
    load = index_module._load

    def counted(text: str, source: str) -> object:
        calls.append(len(text))
        return load(text, source)

    monkeypatch.setattr(index_module, "_load", counted)
    text = "# big\nchangelog:\n" + "".join(
        f"  - id: chg-{n}\n    date: 2026-01-{n % 28 + 1:02d}\n    summary: 'change: {n}'\n"
        f"    type: {'feat' if n % 2 else 'fix'}\n" + ("  # a comment\n" if n % 7 == 0 else "")
        for n in range(100)
    )
    at_once = index_module.list_entries("changelog.yaml", "changelog", "changelog", text, {})
    assert len(calls) == -(-100 // bulk)  # the entries, a chunk of `bulk` at a time
    monkeypatch.setattr(index_module, "_parse_all", lambda *a: None)
    one_by_one = index_module.list_entries("changelog.yaml", "changelog", "changelog", text, {})
    assert at_once == one_by_one
    assert at_once[1][5].data["date"] == "2026-01-06"
    assert isinstance(at_once[1][5].data["date"], yamlio.Timestamp)


def _varied_decisions(count: int) -> str:
    """A decisions file whose entries differ in what the index keeps of them."""
    parts = ["# decisions, hand-kept\ndecisions:\n"]
    for n in range(count):
        entry = f"  - id: dec-{n:04d}\n    date: 2026-01-{n % 28 + 1:02d}\n"
        if n % 11 == 0:
            entry += f"    title: 决定 {n} 采用 SQLite\n"
        elif n % 13 == 0:
            token = f"ghp_a8Kd02LmQp9zXv7RtY3uWn6BcE1fHj4sGk{n:04d}"
            entry += f"    title: 'quoted: {n}'\n    note: {token}\n"
        elif n % 17 == 0:
            entry += '    title: "2026-01-05"\n'  # a date quoted: text, not a date
        elif n % 19 == 0:
            entry += "    title: [not, text]\n"  # a schema problem
        else:
            entry += f"    title: Decision {n}\n"
        entry += "    choice: the same choice\n" if n % 5 else f"    choice: |\n      line {n}\n"
        entry += f"    status: {'active' if n % 7 else 'superseded'}\n"
        parts.append(entry + ("    # a note\n" if n % 3 == 0 else ""))
    parts.append(parts[3])  # the entry of dec-0002 again, word for word: a twin id
    return "".join(parts)


def _indexed(memory: MemoryRoot) -> tuple[list[tuple[object, ...]], ...]:
    """Every row the index holds of the memory's files, but the times of indexing."""
    db = sqlite3.connect(memory.cache / "index.sqlite3")
    try:
        return (
            db.execute(
                "SELECT rel, pos, kind, id, identity, ref, hash, date, status, valid_from, "
                "valid_to, data, problems, body, style FROM entries ORDER BY rel, pos"
            ).fetchall(),
            db.execute("SELECT * FROM spans JOIN entries USING (n) ORDER BY rel, pos").fetchall(),
            db.execute(
                "SELECT e.rel, e.pos, f.text, f.kind FROM fts f JOIN entries e ON e.n = f.rowid "
                "ORDER BY e.rel, e.pos"
            ).fetchall(),
            db.execute("SELECT rel, size, hash, kind, layout, problems FROM files").fetchall(),
        )
    finally:
        db.close()


@pytest.fixture
def read_in_workers(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Large reads go to two worker processes from 40 new entries on; what they gave, kept."""
    from omp import index as index_module

    monkeypatch.setattr(index_module, "_PARALLEL_MIN", 40)
    monkeypatch.setattr(index_module, "_BULK", 30)  # chunks of 30 entries: several per worker
    monkeypatch.setenv(index_module.WORKERS_ENV, "2")
    given: list[object] = []
    real = index_module._read_in_workers

    def kept(*args: object) -> object:
        given.append(real(*args))  # type: ignore[arg-type]
        return given[-1]

    monkeypatch.setattr(index_module, "_read_in_workers", kept)
    return given


def test_a_large_read_in_worker_processes_indexes_what_a_read_here_does(
    memory, read_in_workers, monkeypatch
):
    from omp import index as index_module

    (memory.memory / "decisions.yaml").write_text(_varied_decisions(200), encoding="utf-8")
    lookup.reindex(memory)
    (read,) = [r for r in read_in_workers if r is not None]  # the workers read the decisions
    assert len(read) == 200  # what each text holds (two entries are the same text)
    read_in_workers.clear()
    with Index(memory) as index:
        in_workers = index.entries("decisions.yaml"), index.file("decisions.yaml")
    rows = _indexed(memory)
    info = in_workers[1]
    assert info is not None
    assert any("GitHub token" in m for _, m in info.problems)
    assert any(p.startswith("decisions[19].title") for p, _ in info.problems)
    assert any("dec-0002" in m for _, m in info.problems)  # the twin id
    monkeypatch.setenv(index_module.WORKERS_ENV, "1")
    lookup.reindex(memory, rebuild=True)
    assert read_in_workers and not any(read_in_workers)
    with Index(memory) as index:
        assert (index.entries("decisions.yaml"), index.file("decisions.yaml")) == in_workers
    assert _indexed(memory) == rows
    quoted = in_workers[0][17].data["title"]
    assert quoted == "2026-01-05" and not isinstance(quoted, Timestamp)
    assert isinstance(in_workers[0][17].data["date"], Timestamp)


@pytest.mark.parametrize(
    "how", ["a chunk does not parse", "no worker starts", "the workers die", "one dies"]
)
def test_a_large_read_the_workers_cannot_do_is_done_here(memory, read_in_workers, monkeypatch, how):
    import subprocess
    import sys

    from omp import index as index_module

    text = _varied_decisions(200)
    if how == "a chunk does not parse":  # an alias to an anchor in the chunk before
        text = text.replace("choice: the same choice", "choice: &same the same choice", 1)
        text = text.replace("    choice: the same choice\n", "    choice: *same\n", 150)
    elif how == "no worker starts":

        def refused(*args: object, **kwargs: object) -> None:
            raise OSError(11, "Resource temporarily unavailable")

        monkeypatch.setattr(subprocess, "Popen", refused)
    elif how == "the workers die":  # before they read what they were given
        monkeypatch.setattr(sys, "executable", shutil.which("false"))
    else:  # the second worker is killed while the first one works
        started: list[subprocess.Popen[bytes]] = []
        real_popen = subprocess.Popen

        def popen(*args: object, **kwargs: object) -> subprocess.Popen[bytes]:
            child: subprocess.Popen[bytes] = real_popen(*args, **kwargs)  # type: ignore[call-overload]
            started.append(child)
            if len(started) == 2:
                child.kill()
            return child

        monkeypatch.setattr(subprocess, "Popen", popen)
    (memory.memory / "decisions.yaml").write_text(text, encoding="utf-8")
    lookup.reindex(memory)
    assert read_in_workers and not any(read_in_workers)
    if how == "one dies":
        assert len(started) == 2 and all(child.poll() is not None for child in started)
    with Index(memory) as index:
        here = index.entries("decisions.yaml"), index.file("decisions.yaml")
    rows = _indexed(memory)
    monkeypatch.setenv(index_module.WORKERS_ENV, "1")
    lookup.reindex(memory, rebuild=True)
    with Index(memory) as index:
        assert (index.entries("decisions.yaml"), index.file("decisions.yaml")) == here
    assert _indexed(memory) == rows


def test_a_script_without_a_main_guard_runs_once_when_workers_read_for_it(memory, tmp_path):
    # multiprocessing's workers would import the script again, once each, as their main module
    entries = "".join(
        f"  - id: dec-{n:05d}\n    title: entry {n}\n    choice: c{n}\n" for n in range(4100)
    )
    (memory.memory / "decisions.yaml").write_text("decisions:\n" + entries, encoding="utf-8")
    runs = tmp_path / "runs.txt"
    script = tmp_path / "reindex.py"
    script.write_text(
        f"""\
import sys
sys.path.insert(0, {str(REPO)!r})
from pathlib import Path
with open({str(runs)!r}, "a") as f:
    f.write("ran\\n")
from omp import index, lookup
from omp.paths import find_root
real = index._read_in_workers
def noted(*args):
    read = real(*args)
    if read is not None:
        print("read in workers:", len(read))
    return read
index._read_in_workers = noted
lookup.reindex(find_root(Path({str(memory.project)!r})))
""",
        encoding="utf-8",
    )
    env = {**os.environ, "OMP_INDEX_WORKERS": "2"}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout == "read in workers: 4100\n"
    assert runs.read_text(encoding="utf-8") == "ran\n"


def test_how_many_workers_a_large_read_may_use(monkeypatch):
    from omp import index as index_module

    monkeypatch.setenv(index_module.WORKERS_ENV, "3")
    assert index_module.workers() == 3
    monkeypatch.setenv(index_module.WORKERS_ENV, "0")
    assert index_module.workers() == 1  # none: read here
    monkeypatch.setattr(
        os, "sched_getaffinity", lambda _: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, raising=False
    )
    for unset in ("", "many"):
        monkeypatch.setenv(index_module.WORKERS_ENV, unset)
        assert index_module.workers() == 8  # the CPUs this process may run on, at most 8


def test_reads_work_when_the_cache_cannot_be_written(filled):
    shutil.rmtree(filled.cache, ignore_errors=True)
    filled.cache.write_text("not a folder\n", encoding="utf-8")  # like a read-only checkout
    (hit,) = lookup.search(filled, "pull requests").hits
    assert hit.id == "dec-a"
    text = lookup.show(filled, "decisions", id="dec-b").text
    assert text.startswith("- id: dec-b\n")
    assert filled.cache.read_text(encoding="utf-8") == "not a folder\n"


def test_a_corrupt_index_is_rebuilt_instead_of_failing(filled):
    lookup.reindex(filled)
    (filled.cache / "index.sqlite3").write_bytes(b"this is not a database" * 100)
    (hit,) = lookup.search(filled, "pull requests").hits
    assert hit.id == "dec-a"
    store.add_decision(filled, title="After the crash", choice="rebuilt")
    assert lookup.search(filled, "crash").hits[0].title == "After the crash"


def test_show_by_id_warns_when_a_hand_edit_left_two_entries_with_that_id(filled):
    path = filled.memory / "decisions.yaml"
    path.write_text(
        DECISIONS + "  # pasted from another branch\n  - id: dec-a\n    title: Pasted\n"
        "    choice: the other one\n",
        encoding="utf-8",
    )
    warning = (
        "warning: _omp/memory/decisions.yaml: id 'dec-a' is used by 2 entries, at lines 2 "
        "and 16; showing the one at line 2\nhint: give all but one of them another id (edit "
        "the file), or run `omp validate` to see every duplicate id\n"
    )

    shown = run_omp("show", "decisions", "--id", "dec-a", cwd=filled.project)
    as_json = run_omp("show", "decisions", "--id", "dec-a", "--json", cwd=filled.project)
    validated = run_omp("validate", cwd=filled.project)

    assert shown.returncode == 0 and as_json.returncode == 0
    assert shown.stdout.startswith("- id: dec-a\n  date: 2026-01-02\n  title: Store memory as")
    assert "Pasted" not in shown.stdout
    assert shown.stderr == warning
    assert json.loads(as_json.stdout)["title"] == "Store memory as YAML"
    assert as_json.stderr == warning
    assert "id 'dec-a' is used by 2 entries" in validated.stdout
    alone = run_omp("show", "decisions", "--id", "dec-b", "--json", cwd=filled.project)
    assert alone.returncode == 0 and alone.stderr == ""
    assert json.loads(alone.stdout)["id"] == "dec-b"


def test_show_by_id_names_both_session_files_that_use_the_id(memory):
    for day, summary in (("2026-01-02", "first day"), ("2026-01-03", "second day")):
        build_file_tree(
            memory.memory,
            {
                f"sessions/{day}.yaml": f"""\
            date: {day}
            sessions:
              - id: ses-copied
                summary: {summary}
            """
            },
        )

    result = run_cli(["show", "sessions", "--id", "ses-copied"])

    assert result.exit_code == 0
    assert "summary: first day" in result.stdout and "second day" not in result.stdout
    assert result.stderr == (
        "warning: id 'ses-copied' is used by 2 entries, at _omp/memory/sessions/2026-01-02.yaml:3"
        " and _omp/memory/sessions/2026-01-03.yaml:3; showing the one at "
        "_omp/memory/sessions/2026-01-02.yaml:3\nhint: give all but one of them another id "
        "(edit the files), or run `omp validate` to see every duplicate id\n"
    )


def test_show_by_id_in_a_broken_file_says_the_file_is_broken(filled):
    (filled.memory / "decisions.yaml").write_text(
        "decisions:\n  - id: a\n    title: [x\n", encoding="utf-8"
    )
    with pytest.raises(ValidationError, match="omp validate"):
        lookup.show(filled, "decisions", id="a")


FLOW_LIST = (
    "decisions: [{id: dec-a, title: Use Postgres, choice: Postgres},\n"
    "  {id: dec-b, title: Use Redis, choice: Redis}]\n"
)
SHARED_ANCHORS = """\
decisions:
  - &base
    id: dec-a
    title: Use Postgres
    choice: Postgres
  - <<: *base
    id: dec-b
    title: Use Postgres for analytics
"""


ALIAS_OUTSIDE = """\
decisions:
  - &first
    id: dec-a
    title: Use Postgres
    choice: Postgres
  - id: dec-b
    title: Use Redis
    choice: Redis
legacy: *first
"""


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (FLOW_LIST, "Use Redis"),
        (SHARED_ANCHORS, "Use Postgres for analytics"),
        (ALIAS_OUTSIDE, "Use Redis"),
    ],
    ids=["flow-list", "anchors", "alias-outside-the-list"],
)
def test_a_list_the_editor_cannot_splice_is_read_whole_and_never_written(memory, text, second):
    path = memory.memory / "decisions.yaml"
    path.write_text(text, encoding="utf-8")

    assert lookup.search(memory, second).hits[0].id == "dec-b"
    data = lookup.show(memory, "decisions", id="dec-b").data
    assert data["title"] == second
    with Index(memory) as index:
        index.refresh(["decisions.yaml"])
        info = index.file("decisions.yaml")
        assert info is not None and info.problems == []
        assert [e.id for e in index.entries("decisions.yaml")] == ["dec-a", "dec-b"]

    # the same id again: a write that could not see the entries would add a second dec-a
    with pytest.raises(OmpError, match="cannot edit this file in place") as refused:
        store.add_decision(memory, id="dec-a", title="Use Postgres", choice="Postgres 16")
    assert "decisions.yaml" in str(refused.value)
    with pytest.raises(OmpError, match="cannot edit this file in place"):
        store.add_decision(memory, title="Use Vite", choice="Vite")
    assert path.read_text(encoding="utf-8") == text


def test_an_index_damaged_inside_is_rebuilt_by_whatever_reads_it(memory):
    words = ["alpha", "beta", "gamma", "delta", "kappa", "omega", "sigma", "theta"]
    for n in range(60):
        summary = f"change {n} " + " ".join(words[(n * k) % 8] + str(k) for k in range(40))
        store.add_change(memory, summary=summary, type="feat")
    before = lookup.reindex(memory).entries
    some_id = lookup.search(memory, "change 7").hits[0].id
    db = memory.cache / "index.sqlite3"
    assert db.stat().st_size > 60_000
    damaged = bytearray(db.read_bytes())
    damaged[20_000:28_000] = b"\xff" * 8_000  # pages of the tables, not the header
    reads = {
        "search": lambda: len(lookup.search(memory, "change 7").hits),
        "show": lambda: lookup.show(memory, "changelog", id=some_id)[1]["id"] == some_id,
        "status": lambda: sum(f.entries for f in status.status(memory).files),
        "context": lambda: len(context.build(memory).included),
        "index": lambda: lookup.reindex(memory).entries,
    }
    for name, read in reads.items():
        db.write_bytes(bytes(damaged))
        assert read(), name
    db.write_bytes(bytes(damaged))
    store.add_change(memory, summary="written after the damage", type="fix")
    assert lookup.search(memory, "after the damage").hits[0].title == "written after the damage"
    assert lookup.reindex(memory).entries == before + 1


def test_a_read_that_meets_a_damaged_page_runs_again_on_a_new_index(filled):
    import sqlite3

    from omp.index import memory_files, reading, refresh_and_read

    runs = []

    def read(index: Index) -> int:
        runs.append(int(index.db.execute("SELECT count(*) FROM entries").fetchone()[0]))
        if len(runs) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return int(runs[-1])

    assert reading(filled, read) == runs[0] > 0
    assert len(runs) == 2

    runs.clear()
    changed, count = refresh_and_read(filled, read)
    assert count == runs[0] and len(runs) == 2
    assert changed == memory_files(filled)  # the new index holds every file

    def locked(index: Index) -> int:
        raise sqlite3.OperationalError("database is locked")

    with pytest.raises(sqlite3.OperationalError):  # not damage: nothing to rebuild
        reading(filled, locked)


class _DamagedOnce:
    """An index connection whose next query finds a damaged page."""

    def __init__(self, db: Any) -> None:
        self.db, self.failed = db, False

    def execute(self, *args: Any) -> Any:
        if not self.failed:
            self.failed = True
            raise sqlite3.DatabaseError("database disk image is malformed")
        return self.db.execute(*args)

    def close(self) -> None:
        self.db.close()


@pytest.mark.parametrize("query", ["file", "hash_by_stat"])
def test_what_a_write_asks_of_the_index_survives_a_damaged_page(filled, query):
    path = _settled(filled, "decisions.yaml")
    args = ("decisions.yaml",) if query == "file" else ("decisions.yaml", path.stat())
    with Index(filled) as index:
        damaged = _DamagedOnce(index.db)
        index.db = cast(Any, damaged)
        answer = getattr(index, query)(*args)
        assert damaged.failed and not isinstance(index.db, _DamagedOnce)  # a new index answered
        known = index.file("decisions.yaml")
        assert known is not None
        # the new index hashed the file as it indexed it; its old mtime is trusted at once
        assert answer == (known.hash if query == "hash_by_stat" else known)


def test_the_version_an_outside_edit_replaced_is_compared_entry_by_entry(filled):
    lookup.search(filled, "yaml")  # indexed: the version before the edit
    path = filled.memory / "decisions.yaml"
    path.write_text(
        DECISIONS.replace("Store memory as YAML", "Keep memory in TOML").split("  - id: dec-b")[0]
        + "  - id: dec-c\n    title: Hand-written entry\n    choice: by hand\n",
        encoding="utf-8",
    )
    lookup.search(filled, "TOML")  # a read indexes the edit first and keeps what it replaced
    with Index(filled) as index:
        before, after = index.kept_changes("decisions.yaml")
        whole = index.kept_entries("decisions.yaml")
        now = {str(e.id): e.data for e in index.entries("decisions.yaml")}
    # only what changed is decoded: dec-a changed, dec-b went, dec-c came
    assert sorted(before) == ["dec-a", "dec-b"] and sorted(after) == ["dec-a", "dec-c"]
    assert before["dec-a"]["title"] == "Store memory as YAML"
    assert after["dec-a"]["title"] == "Keep memory in TOML"
    # and the journal gets what a comparison of the whole versions gives
    rel = "decisions.yaml"
    assert watch._diff(rel, before, after) == watch._diff(rel, whole, now)


def test_an_id_used_twice_compares_as_the_whole_versions_would(filled):
    lookup.search(filled, "yaml")
    path = filled.memory / "decisions.yaml"
    path.write_text(DECISIONS.replace("dec-b", "dec-a"), encoding="utf-8")  # a bad merge
    lookup.search(filled, "yaml")
    with Index(filled) as index:
        before, after = index.kept_changes("decisions.yaml")
        whole = index.kept_entries("decisions.yaml")
        now = {str(e.id): e.data for e in index.entries("decisions.yaml")}  # the last dec-a wins
    assert watch._diff("decisions.yaml", before, after) == watch._diff("decisions.yaml", whole, now)
    assert "decisions[dec-b]: removed" in watch._diff("decisions.yaml", before, after)
    (change,) = watch.scan(filled, new_files=True)  # such a file is invalid: one warning
    assert change.kind == "warning" and "'dec-a' is used by 2 entries" in change.change


@pytest.mark.parametrize("size", [0, 10, 300_000])  # both of `blob_id`'s hashers
def test_a_file_is_known_by_the_id_git_gives_it(memory, size):
    from omp.paths import blob_id

    path = memory.memory / "decisions.yaml"
    path.write_text(DECISIONS + "# " + "x" * size + "\n", encoding="utf-8")
    store.add_decision(memory, title="Known to git", choice="by its blob id")
    from_git = git("hash-object", str(path), cwd=memory.project).strip()

    assert blob_id(path.read_bytes()) == from_git
    with Index(memory) as index:
        info = index.file("decisions.yaml")
    assert info is not None and info.hash == from_git
    written = (memory.cache / "written").read_text(encoding="utf-8")
    assert f"{from_git} _omp/memory/decisions.yaml\n" in written


# Values that JSON writes alike unless their types are kept: 1, 1.0, True, "1"; a date and
# the same text quoted; bytes and the text of their repr
_LEAVES = st.sampled_from(
    [1, 1.0, True, "1", "true", None, "null", Timestamp("2026-01-01"), "2026-01-01", b"1", "b'1'"]
)
_MAP_KEYS = st.sampled_from(
    [1, "1", True, "true", None, "None", Timestamp("2026-01-01"), "2026-01-01"]
)
_DATA = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(_MAP_KEYS, inner, max_size=2),
    max_leaves=4,
)


def _typed(value: object) -> object:
    if isinstance(value, dict):
        return ("map", tuple((_typed(k), _typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("seq", tuple(_typed(v) for v in value))
    return (type(value).__name__, repr(value))


@settings(max_examples=300)
@given(_DATA, _DATA)
def test_entry_json_is_the_same_only_for_data_equal_with_their_types(a, b):
    # the index reuses the problems of data with the same JSON: they must be the same data
    assert (dumps(a) == dumps(b)) == (_typed(a) == _typed(b))


_DAY = Timestamp("2026-01-01")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ({1: "x"}, {"1": "x"}),
        ({True: "x"}, {"true": "x"}),
        ({None: "x"}, {"None": "x"}),
        ({_DAY: "x"}, {"2026-01-01": "x"}),
        ({"date": _DAY}, {"date": "2026-01-01"}),
        ({"raw": b"1"}, {"raw": "b'1'"}),
        ({"n": 1}, {"n": 1.0}),
        ({"n": 1}, {"n": True}),
    ],
)
def test_data_json_writes_alike_have_different_entry_json(a, b):
    assert dumps(a) != dumps(b)


def test_entry_json_reads_back_types_json_lacks_as_text():
    data = {1: Timestamp("2026-01-01"), "k": [b"1", None]}
    assert loads(dumps(data)) == {"1": Timestamp("2026-01-01"), "k": ["b'1'", None]}


def test_an_edit_of_comments_and_layout_alone_runs_no_check(memory, monkeypatch):
    # the writer keeps what it checked outside the entries; the index reuses an entry's
    # problems when only its text changed
    store.add_decision(memory, title="Lock writes", choice="flock", rationale="two agents")
    store.add_decision(memory, title="Keep backups", choice="twenty")
    path = memory.memory / "decisions.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("    choice: flock\n", "    # chosen after a race\n    choice: flock\n")
    path.write_text(f"# decisions of the project\n{text}# end\n", encoding="utf-8")

    def no_check(*_: object) -> None:
        raise AssertionError("checked again")

    monkeypatch.setattr("omp.index._entry_problems", no_check)
    monkeypatch.setattr("omp.schema.check_skeleton", no_check)
    with Index(memory) as index:
        index.refresh(["decisions.yaml"])
        info = index.file("decisions.yaml")
    assert info is not None and info.problems == [] and info.hash is not None
    monkeypatch.undo()
    path.write_text(text.replace("title: Keep backups", "title: 5"), encoding="utf-8")
    with Index(memory) as index:  # a changed value is checked
        index.refresh(["decisions.yaml"])
        info = index.file("decisions.yaml")
    assert info is not None and [p for p, _ in info.problems] == ["decisions[1].title"]


def test_an_edit_of_comments_outside_the_entries_parses_nothing(memory, monkeypatch):
    # the writer keeps which lines the data outside the entries (`_meta`) was read from
    store.add_decision(memory, title="Lock writes", choice="flock")
    store.add_decision(memory, title="Keep backups", choice="twenty")
    path = memory.memory / "decisions.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(f"# decisions of the project\n{text}\n# end\n", encoding="utf-8")

    def no_parse(*_: object) -> None:
        raise AssertionError("parsed")

    monkeypatch.setattr("omp.index._load", no_parse)
    with Index(memory) as index:
        index.refresh(["decisions.yaml"])
        refreshed = index.file("decisions.yaml")
        monkeypatch.undo()
        index.rebuild()
        assert refreshed is not None and refreshed == index.file("decisions.yaml")
    path.write_text(text.replace('updated_by: "omp"', 'updated_by: "by hand"'), encoding="utf-8")
    with Index(memory) as index:  # a value outside the entries changed: read again
        index.refresh(["decisions.yaml"])
        info = index.file("decisions.yaml")
        assert info is not None and info.layout is not None and info.layout.skeleton is not None
        assert loads(info.layout.skeleton[0])["_meta"]["updated_by"] == "by hand"


# each end of each CJK range and the character either side of it, with some others
_EDGES = "".join(chr(c + d) for a, b in CJK_RANGES for c in (a, b) for d in (-1, 0, 1))


@settings(max_examples=300)
@given(st.text(_EDGES + "a é中\n_-€\u0301ß", max_size=20))
def test_the_full_text_index_sees_each_cjk_character_as_a_token(text):
    cjk = r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])"
    # not ASCII: case-folded, and what is no letter or digit is a space
    spaced = text if text.isascii() else re.sub(r"[\W_]", " ", text.casefold())
    assert segment(text) == re.sub(cjk, r" \1 ", spaced)


# what FTS5's tokenizer splits or folds otherwise than `rot.features` does: symbols and marks
# it keeps inside a token, private-use characters, "ß" and ligatures that case-fold to two
# letters, the Kelvin sign, a dotted capital I, letters it takes for separators (U+19B0)
_TRICKY = "aZ9 _-.€→\u0301\u0300ßﬁ\u212aİ\ue000\u19b0é中文字かなカ한국"


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.text(_TRICKY, min_size=1, max_size=12), min_size=1, max_size=4))
def test_an_entry_holding_a_searchable_word_is_found_by_it(memory, summaries):
    # the redundancy filter asks the index for the entries holding a candidate's rarest words:
    # every entry whose words (as rot.features splits them) include one must be among them
    body = "".join(
        f"  - id: chg-{n}\n    date: 2026-01-01\n    type: feat\n    summary: {json.dumps(t)}\n"
        for n, t in enumerate(summaries)
    )
    (memory.memory / "changelog.yaml").write_text(f"changelog:\n{body}", encoding="utf-8")
    with Index(memory) as index:
        index.refresh(["changelog.yaml"])
        for n, summary in enumerate(summaries):
            for word in filter(searchable, rot.features(summary)):
                found = {e.id for e in index.holding_any("changelog.yaml", [word])}
                assert f"chg-{n}" in found, (summary, word)
                assert index.commonness(word) >= 1


def test_search_folds_case_as_the_words_are_compared():
    # "Straße" and "STRASSE" are one word to the index, as to the redundancy filter
    assert segment("Straße") == segment("STRASSE".casefold()) == "strasse"
    assert searchable("strasse") and searchable("中文") and not searchable("café")


@st.composite
def _styled_entry(draw: st.DrawFn, dash: int) -> str:
    """One decision in one of the ways people write YAML: quoted or not, flow or block lists,
    nested mappings indented by 2 or 4, keys left empty."""
    pad, key = " " * dash, " " * (dash + 2)
    n = draw(st.integers(0, 999))
    title = draw(st.sampled_from([f"Use tool {n}", f'"Use tool {n}"']))
    lines = [f"{pad}- id: dec-{n}\n", f"{key}title: {title}\n"]
    alternatives = draw(st.sampled_from(["flow", "block", "block-indented", "none"]))
    if alternatives == "flow":
        lines.append(f'{key}alternatives: [a, "b"]\n')
    elif alternatives != "none":
        dash_at = key + ("  " if alternatives == "block-indented" else "")
        lines += [f"{key}alternatives:\n", f"{dash_at}- a\n", f"{dash_at}- b\n"]
    nested = draw(st.sampled_from([0, 2, 4]))
    if nested:
        lines += [f"{key}source:\n", f"{key}{' ' * nested}file: notes.md\n"]
    if draw(st.booleans()):
        lines.append(f"{key}# a comment by hand\n")
    return "".join(lines)


# omp's own bookkeeping, which says nothing of the file's style: it would tip the count of
# flow lists and give a first nested mapping if it were read
_META = '_meta:\n  changes:\n    - "x"\n  by:\n        who: [a]\n' + "".join(
    f"  n{n}: [b]\n" for n in range(5)
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_the_style_kept_with_each_entry_adds_up_to_the_files_style(memory, data):
    # the index keeps what each entry shows of the file's style and reads again only the
    # entries an edit changed: the file's style must be what a reading of every line finds
    dash = data.draw(st.sampled_from([0, 2]))
    entries = data.draw(st.lists(_styled_entry(dash), min_size=1, max_size=6))
    meta = data.draw(st.sampled_from(["", _META]))
    path = memory.memory / "decisions.yaml"
    for _ in range(4):
        text = "decisions:\n" + "".join(entries) + meta
        path.write_text(text, encoding="utf-8")
        with Index(memory) as index:
            index.refresh(["decisions.yaml"])
            info = index.file("decisions.yaml")
        assert info is not None and info.layout is not None, text
        assert info.layout.style == outline.Outline(text).detect_style().to_json(), text
        at = data.draw(st.integers(0, len(entries)))
        action = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        if action != "insert" and at < len(entries) and len(entries) > 1:
            del entries[at]
        if action != "delete":
            entries.insert(at, data.draw(_styled_entry(dash)))
