"""Benchmark omp on a large generated memory, timing whole `omp` processes.

    python scripts/bench.py [--runs 5] [--decisions 10000] [--changes 50000] [--sessions 365]

Generates (deterministically) a small memory (10 entries per list), a copy of it in a git
repository for the git hooks (run as git runs them: `python -m omp.hooks NAME`) and a large
memory, then prints one table: the median wall time of each command over `--runs` runs, its
peak RSS, and its ratio to the reference named in the table. All rows come from the same run,
side by side, on the same machine, so ratios are meaningful even on a noisy machine.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

WORDS = [
    "cache",
    "index",
    "schema",
    "writer",
    "merge",
    "branch",
    "deploy",
    "token",
    "parser",
    "session",
    "agent",
    "memory",
    "commit",
    "hook",
    "watcher",
    "journal",
    "backup",
    "restore",
    "lock",
    "queue",
    "search",
    "budget",
    "context",
    "release",
    "build",
    "test",
    "lint",
    "format",
    "vercel",
    "wrangler",
    "netlify",
    "kubernetes",
    "postgres",
    "sqlite",
    "redis",
    "yaml",
    "json",
    "typer",
]
CJK = [
    "采用",
    "存储",
    "部署",
    "决定",
    "选择",
    "架构",
    "配置",
    "数据",
    "缓存",
    "索引",
    "检索",
    "记忆",
    "会话",
    "提交",
    "分支",
]


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def decisions_yaml(count: int, seed: int = 1) -> str:
    """A decisions.yaml with `count` entries, comments, block scalars and flow lists."""
    rng = random.Random(seed)
    out = ["# Decisions (generated for benchmarks)\n", "\n", "decisions:\n"]
    for i in range(count):
        if i % 50 == 0:
            out.append(f"  # ---- batch {i // 50} ----\n")
        day = f"2025-{(i // 28) % 12 + 1:02d}-{i % 28 + 1:02d}"
        out.append(
            f"  - id: dec-{day}-{i:06x}\n"
            f"    date: {day}\n"
            f"    title: {_sentence(rng, 4)} {i}\n"
            f"    context: |\n"
            f"      {_sentence(rng, 12)}\n"
            f"      {rng.choice(CJK)} {rng.choice(CJK)} {_sentence(rng, 6)}\n"
            f"    choice: {_sentence(rng, 5)}\n"
            f"    alternatives: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]\n"
            f"    rationale: {_sentence(rng, 14)}\n"
            f"    status: {rng.choice(['active', 'active', 'superseded', 'proposed'])}\n"
        )
    return "".join(out)


def changelog_yaml(count: int, seed: int = 2) -> str:
    """A changelog.yaml with `count` entries."""
    rng = random.Random(seed)
    types = ["feat", "fix", "docs", "refactor", "perf", "deploy", "config", "chore"]
    out = ["# Changelog (generated for benchmarks)\n", "changelog:\n"]
    for i in range(count):
        day = f"2025-{(i // 28) % 12 + 1:02d}-{i % 28 + 1:02d}"
        out.append(
            f"  - id: chg-{day}-{i:06x}\n"
            f"    date: {day}\n"
            f"    type: {rng.choice(types)}\n"
            f"    summary: {_sentence(rng, 7)} {i}\n"
            f'    ref: "{rng.getrandbits(40):010x}"\n'
        )
    return "".join(out)


def session_yaml(day: str, seed: int) -> str:
    """One sessions/<day>.yaml with two sessions."""
    rng = random.Random(seed)
    sessions = "".join(
        f"  - id: ses-{day}-{k:06x}\n"
        f"    summary: {_sentence(rng, 6)}\n"
        f"    key_actions: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]\n"
        f"    outcomes:\n      - {_sentence(rng, 4)}\n"
        for k in range(2)
    )
    return f"date: {day}\nsessions:\n{sessions}"


def generate(root: Path, *, decisions: int, changes: int, sessions: int) -> None:
    """Write a project with `_omp/memory/` of the given sizes under `root` (a git repo)."""
    memory = root / "_omp" / "memory"
    (memory / "sessions").mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    (memory / "project.yaml").write_text(
        textwrap.dedent("""\
            # Project facts
            project:
              name: "bench"
            deployment:
              web:
                url: https://bench.example.com
                status: active
            paths:
              src: src/
            """),
        encoding="utf-8",
    )
    (memory / "decisions.yaml").write_text(decisions_yaml(decisions), encoding="utf-8")
    (memory / "changelog.yaml").write_text(changelog_yaml(changes), encoding="utf-8")
    for n in range(sessions):
        day = time.strftime("%Y-%m-%d", time.gmtime(1735689600 + n * 86400))
        (memory / "sessions" / f"{day}.yaml").write_text(session_yaml(day, n), encoding="utf-8")


@dataclass
class Row:
    """One line of the results table."""

    name: str
    median_ms: float
    peak_mb: float
    reference: str | None = None
    ratio: float | None = None
    note: str = ""


def run_process(argv: list[str], cwd: Path) -> tuple[float, float]:
    """Wall milliseconds and peak RSS (MB) of one process.

    posix_spawn (vfork underneath) keeps the child from being charged the benchmark's own
    memory, which a fork would copy into its peak RSS before the exec.
    """
    here = Path.cwd()
    with tempfile.TemporaryFile() as err:
        os.chdir(cwd)
        try:
            start = time.perf_counter()
            pid = os.posix_spawnp(
                argv[0],
                argv,
                os.environ,
                file_actions=[
                    (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                    (os.POSIX_SPAWN_DUP2, err.fileno(), 2),
                ],
            )
            _, status, usage = os.wait4(pid, 0)
            elapsed = time.perf_counter() - start
        finally:
            os.chdir(here)
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise SystemExit(f"{' '.join(argv)} failed: {err.read().decode(errors='replace')}")
    return elapsed * 1000, usage.ru_maxrss / 1024


@dataclass
class Case:
    """One command to time.

    `argv` is a command or a function of the run number giving one; `before(i)` runs untimed
    before run `i`, `after(i)` untimed after it.
    """

    name: str
    argv: list[str] | Callable[[int], list[str]]
    cwd: Path
    before: Callable[[int], None] | None = None
    after: Callable[[int], None] | None = None


def measure_all(cases: list[Case], runs: int) -> list[Row]:
    """The median wall time and peak RSS of each case, its runs interleaved with the others'.

    Run `i` of every case comes before run `i + 1` of any: a burst of load on a shared machine
    then slows every case alike instead of one case's whole series, so ratios stay fair.
    """
    times: list[list[float]] = [[] for _ in cases]
    peaks: list[list[float]] = [[] for _ in cases]
    for i in range(runs):
        for n, case in enumerate(cases):
            if case.before is not None:
                case.before(i)
            argv = case.argv(i) if callable(case.argv) else case.argv
            ms, mb = run_process(argv, case.cwd)
            times[n].append(ms)
            peaks[n].append(mb)
            if case.after is not None:
                case.after(i)
    return [
        Row(case.name, statistics.median(t), max(p))
        for case, t, p in zip(cases, times, peaks, strict=True)
    ]


def measure(
    name: str,
    runs: int,
    argv: list[str] | Callable[[int], list[str]],
    cwd: Path,
    before: Callable[[int], None] | None = None,
) -> Row:
    """Median wall time and peak RSS of `runs` processes (`before(i)` runs untimed first).

    `argv` is a command, or a function of the run number giving one.
    """
    times, peaks = [], []
    for i in range(runs):
        if before is not None:
            before(i)
        ms, mb = run_process(argv(i) if callable(argv) else argv, cwd)
        times.append(ms)
        peaks.append(mb)
    return Row(name, statistics.median(times), max(peaks))


def _baselines(
    tmp: Path, large: Path, small: Path, dec_large: Row, chg_large: Row, first_read: Row
) -> list[Row]:
    """The naive ruamel round-trips and load the omp figures are compared with."""
    rows: list[Row] = []
    big = large / "_omp" / "memory" / "decisions.yaml"
    script = (
        "import sys; from ruamel.yaml import YAML; y = YAML(); p, k = sys.argv[1:]; "
        "d = y.load(open(p)); d[k].append({'id': 'x'}); y.dump(d, open(p, 'w'))"
    )
    baselines = {}
    for key, source in (
        ("decisions", big),
        ("changelog", large / "_omp/memory/changelog.yaml"),
    ):
        copy = tmp / f"{key}.yaml"
        shutil.copy(source, copy)
        baselines[key] = measure(
            f"naive ruamel round-trip of {key}.yaml",
            1,
            [sys.executable, "-c", script, str(copy), key],
            small,
        )
    load_only = measure(
        "ruamel load of decisions.yaml",
        1,
        [
            sys.executable,
            "-c",
            "import sys; from ruamel.yaml import YAML; YAML().load(open(sys.argv[1]))",
            str(tmp / "decisions.yaml"),
        ],
        small,
    )
    rows += [*baselines.values(), load_only]
    for row, key in ((dec_large, "decisions"), (chg_large, "changelog")):
        row.note = (
            f"({baselines[key].median_ms / row.median_ms:.0f}x faster than the {key} round-trip)"
        )
    first_read.reference = load_only.name
    first_read.ratio = first_read.median_ms / load_only.median_ms
    return rows


_CONVERSATION = "452-en-txt-cc-export-qlora-llama-finetune/conversation.txt"


def _add_decision(omp: list[str], i: int) -> list[str]:
    return [*omp, "add", "decision", "--title", f"bench decision {i}", "--choice", f"option {i}"]


def _add_change(omp: list[str], i: int) -> list[str]:
    return [*omp, "add", "change", "--summary", f"bench change {i}", "--type", "chore"]


def _update_change(omp: list[str], ref: str, i: int) -> list[str]:
    # the summary's length changes every run: the entries after it move in the index
    summary = f"oldest change, version {i}{'.' * (i % 2 + 1)}"
    return [*omp, "add", "change", "--ref", ref, "--summary", summary]


def _first_ref(changelog: Path) -> str:
    """The ref of the first (oldest) entry of a generated changelog."""
    with changelog.open(encoding="utf-8") as f:
        for line in f:
            if line.strip().startswith("ref: "):
                return line.split('"')[1]
    raise SystemExit(f"{changelog}: no entry with a ref")


def _outside_edit(path: Path, i: int) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(f"# outside edit {i}\n")


def _settled(omp: list[str], where: Path) -> Callable[[int], None]:
    """Let the memory settle before the reads of a round (untimed).

    A file written less than 2 s ago could still change within its mtime tick, unseen by
    a stat, so the first read at least 2 s after a write hashes each file written once more
    before it trusts their stats: `omp index` does that here, and the read rows time a
    settled memory. That check has its own row (`_written`).
    """

    def settle(_: int) -> None:
        time.sleep(2.1)
        run_process([*omp, "index"], where)

    return settle


def _written(omp: list[str], where: Path) -> Callable[[int], None]:
    """A change written 2 s before the read (untimed): the read checks the files written."""

    def prepare(i: int) -> None:
        run_process(_add_change(omp, 3000 + i), where)
        time.sleep(2.1)

    return prepare


def _journaled(omp: list[str], where: Path) -> Callable[[int], None]:
    """Journal the outside edit a read of an earlier round indexed (untimed).

    The first write after such an edit journals it before its own change: that is its own
    row, not the cost of a write to a settled memory.
    """

    def prepare(_: int) -> None:
        run_process([*omp, "watch", "--once"], where)

    return prepare


def _edited_and_read(path: Path, read: list[str]) -> Callable[[int], None]:
    """An outside edit that a read indexes first (untimed): the next write journals it."""

    def prepare(i: int) -> None:
        _outside_edit(path, 10_000 + i)
        run_process(read, path.parents[2])

    return prepare


class _HookRepo:
    """A git repository with a memory, driven as git drives omp's hooks.

    `stage(i)` stages a comment added by hand to a memory file and `stage_value(i)` a value
    edited by hand (so pre-commit must check the file; only a changed value needs checking);
    `commit(i)` commits a source change (so post-commit writes a changelog entry for it).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sha = ""
        self._git("init", "-q", "-b", "main")
        self._git("add", "-A")
        self._git("commit", "-q", "-m", "start")

    def _git(self, *args: str) -> str:
        return subprocess.run(
            ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid", *args],
            cwd=self.path, check=True, capture_output=True, text=True,
        ).stdout  # fmt: skip

    def stage(self, i: int) -> None:
        _outside_edit(self.path / "_omp" / "memory" / "decisions.yaml", i)
        self._git("add", "_omp/memory/decisions.yaml")

    def stage_value(self, i: int) -> None:
        path = self.path / "_omp" / "memory" / "decisions.yaml"
        text = path.read_text(encoding="utf-8")
        retitled = re.sub(r"(?m)^(\s+title: ).*$", rf"\g<1>Retitled by hand {i}", text, count=1)
        path.write_text(retitled, encoding="utf-8")
        self._git("add", "_omp/memory/decisions.yaml")

    def commit(self, i: int) -> None:
        (self.path / "src.txt").write_text(f"change {i}\n", encoding="utf-8")
        self._git("add", "-A")  # with the changelog entry of the previous round
        self._git("commit", "-q", "-m", f"feat: add bench feature {i}")
        self.sha = self._git("rev-parse", "HEAD").strip()

    def post_commit(self, python: str) -> Callable[[int], list[str]]:
        return lambda _: [python, "-m", "omp.hooks", "post-commit", self.sha]


class _CommitRepo(_HookRepo):
    """A repository where `git commit` itself is timed, with omp's hooks installed or none.

    Each round commits a source change together with the changelog entry the previous
    round's post-commit wrote (memory omp wrote, as after every commit in a hooked
    repository); `settle(i)` waits, untimed, for the post-commit that git left running in
    the background, so that it slows no other row.
    """

    def __init__(self, path: Path, omp: list[str] | None) -> None:
        super().__init__(path)
        self.hooked = omp is not None
        if omp is not None:
            run_process([*omp, "hooks", "install"], path)

    def prepare(self, i: int) -> None:
        (self.path / "src.txt").write_text(f"change {i}\n", encoding="utf-8")
        self._git("add", "-A")

    def commit_argv(self, i: int) -> list[str]:
        return ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid",
                "commit", "-q", "-m", f"feat: add bench feature {i}"]  # fmt: skip

    def settle(self, _: int) -> None:
        """Wait until omp has noted the changelog it wrote after the last commit.

        `.cache/written` then holds its blob id: the next round's pre-commit finds that the
        staged memory is what omp wrote.
        """
        if not self.hooked:
            return
        changelog = self.path / "_omp" / "memory" / "changelog.yaml"
        written = self.path / "_omp" / ".cache" / "written"
        sha = self._git("rev-parse", "--short=7", "HEAD").strip()
        deadline = time.monotonic() + 60
        while True:
            text = changelog.read_text(encoding="utf-8")
            noted = written.read_text(encoding="utf-8") if written.exists() else ""
            if sha in text and self._git("hash-object", str(changelog)).strip() in noted:
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"the background post-commit did not record {sha}")
            time.sleep(0.05)
        time.sleep(0.1)  # what the hook does after noting the file: the journal, its exit


def size_options(parser: argparse.ArgumentParser) -> None:
    """The large memory's sizes: --decisions, --changes, --sessions (the issue's by default)."""
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--changes", type=int, default=50_000)
    parser.add_argument("--sessions", type=int, default=365)


def main(argv: list[str] | None = None) -> int:
    """Generate the memories, run every case, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    size_options(parser)
    parser.add_argument(
        "--skip-baseline", action="store_true", help="skip the slow ruamel round-trip baseline"
    )
    parser.add_argument("--generate-into", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.generate_into is not None:
        generate(
            args.generate_into,
            decisions=args.decisions,
            changes=args.changes,
            sessions=args.sessions,
        )
        return 0
    omp = [sys.executable, "-m", "omp"]
    runs = args.runs
    # Measure omp as installed: with its modules compiled to bytecode. PYTHONDONTWRITEBYTECODE
    # (set in some shells and CI images) would make every omp process compile its modules
    # from source, a cost no installed omp pays, while site-packages stay compiled.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    package = Path(__file__).resolve().parent.parent / "omp"
    # a real conversation of the extraction corpus (11 candidates): what a session-end
    # `omp extract` reads, compared with stored memory by the redundancy filter
    conversation = str(package.parent / "tests" / "extract_corpus" / "dev" / _CONVERSATION)
    extract_argv = [*omp, "extract", conversation, "--dry-run", "--json"]
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    with tempfile.TemporaryDirectory(prefix="omp-bench-") as tmp:
        small, large, hooked = Path(tmp) / "small", Path(tmp) / "large", Path(tmp) / "hooked"
        hooked_large = Path(tmp) / "hooked-large"
        committed_large = Path(tmp) / "committed-large"
        committed, committed_wired = Path(tmp) / "committed", Path(tmp) / "committed-wired"
        # generated in a child process: a child's peak RSS counts its parent's memory at
        # the time it was spawned, so the driver stays small
        for where, sizes in (
            (small, (10, 10, 3)),
            (hooked, (10, 10, 3)),
            (large, (args.decisions, args.changes, args.sessions)),
            (hooked_large, (args.decisions, 10, 3)),
            (committed_large, (args.decisions, args.changes, 3)),
            (committed, (10, 10, 3)),
            (committed_wired, (10, 10, 3)),
        ):
            subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--generate-into",
                    str(where),
                    "--decisions",
                    str(sizes[0]),
                    "--changes",
                    str(sizes[1]),
                    "--sessions",
                    str(sizes[2]),
                ],
                check=True,
            )
        big = large / "_omp" / "memory" / "decisions.yaml"
        print(
            f"large memory: decisions.yaml {big.stat().st_size / 1e6:.1f} MB, changelog.yaml "
            f"{(large / '_omp/memory/changelog.yaml').stat().st_size / 1e6:.1f} MB, "
            f"{args.sessions} session files",
            flush=True,
        )
        rows: list[Row] = []
        for where in (
            small,
            hooked,
            large,
            hooked_large,
            committed_large,
            committed,
            committed_wired,
        ):  # warm
            run_process([*omp, "index"], where)
        hooks, large_hooks = _HookRepo(hooked), _HookRepo(hooked_large)
        commits_large = _HookRepo(committed_large)
        plain, wired = _CommitRepo(committed, None), _CommitRepo(committed_wired, omp)

        wanted = f"dec-2025-01-01-{0:06x}"
        oldest_ref = _first_ref(large / "_omp" / "memory" / "changelog.yaml")
        show_argv = [*omp, "show", "decisions", "--id", wanted]
        search_argv = [*omp, "search", "postgres deploy", "--limit", "10"]

        # A read within 2 s of a write hashes the file again (its mtime could hide a second
        # edit in the same tick), and so does the first read after that: the read rows are
        # about a settled memory, so each round settles it (untimed) before its reads, and
        # the first read after a write has its own row.

        cases = [
            Case("python -c pass", [sys.executable, "-c", "pass"], small),
            Case("python -c 'import ruamel.yaml'", [sys.executable, "-c", "import ruamel.yaml"],
                 small),
            Case("omp --version", [*omp, "--version"], small),
            Case("hook pre-commit (comment added by hand, small)",
                 [sys.executable, "-m", "omp.hooks", "pre-commit"], hooked, hooks.stage),
            Case("hook pre-commit (value edited by hand, small)",
                 [sys.executable, "-m", "omp.hooks", "pre-commit"], hooked, hooks.stage_value),
            Case("hook post-commit (changelog entry, small)", hooks.post_commit(sys.executable),
                 hooked, hooks.commit),
            Case(f"hook post-commit ({args.decisions} decisions, {args.changes} changes)",
                 commits_large.post_commit(sys.executable), committed_large, commits_large.commit),
            Case("omp show decisions --id (large)", show_argv, large, _settled(omp, large)),
            Case("omp search (large)", search_argv, large),
            Case("omp context (large)", [*omp, "context"], large),
            Case("omp context --for (large)", [*omp, "context", "--for", "postgres deploy cache"],
                 large),
            Case("omp extract --dry-run (conversation, small)", extract_argv, small),
            Case("omp extract --dry-run (conversation, large)", extract_argv, large),
            Case("omp add decision (10 entries)", lambda i: _add_decision(omp, i), small),
            Case(f"omp add decision ({args.decisions} entries)",
                 lambda i: _add_decision(omp, 1000 + i), large, _journaled(omp, large)),
            Case("omp add change (10 entries)", lambda i: _add_change(omp, i), small),
            Case(f"omp add change ({args.changes} entries)", lambda i: _add_change(omp, 1000 + i),
                 large),
            Case(f"omp add change updating the oldest of {args.changes}",
                 lambda i: _update_change(omp, oldest_ref, i), large),
            Case("omp search, first read after a write (large)", search_argv, large,
                 _written(omp, large)),
            Case("first read after an outside edit (large)", show_argv, large,
                 lambda i: _outside_edit(big, i)),
            Case(f"first write after an outside edit ({args.decisions} entries)",
                 lambda i: _add_decision(omp, 2000 + i), large,
                 _edited_and_read(big, show_argv)),
            Case(f"hook pre-commit (memory edit, {args.decisions} entries)",
                 [sys.executable, "-m", "omp.hooks", "pre-commit"], hooked_large,
                 large_hooks.stage),
            Case("git commit (small, no hooks)", plain.commit_argv, plain.path, plain.prepare),
            Case("git commit (small, omp's hooks installed)", wired.commit_argv, wired.path,
                 wired.prepare, wired.settle),
        ]  # fmt: skip
        (
            bare, ruamel, version, pre_commit, pre_commit_value, post_commit, post_commit_large,
            show, search, context, context_for, extract_small, extract_large,
            dec_small, dec_large, chg_small, chg_large, chg_update, search_written, first_read,
            first_write,
            pre_commit_large, commit_plain, commit_wired,
        ) = measure_all(cases, runs)  # fmt: skip
        for repo in (hooks, commits_large):
            if repo.sha[:7] not in (repo.path / "_omp/memory/changelog.yaml").read_text("utf-8"):
                raise SystemExit("the post-commit hook wrote no changelog entry: its row is void")
        for row in (version, pre_commit, pre_commit_value, post_commit):
            row.reference, row.ratio = ruamel.name, row.median_ms / ruamel.median_ms
        post_commit_large.reference = post_commit.name
        post_commit_large.ratio = post_commit_large.median_ms / post_commit.median_ms
        rows += [bare, ruamel, version, pre_commit, pre_commit_value, post_commit]
        rows += [post_commit_large]
        dec_large.reference, dec_large.ratio = (
            dec_small.name,
            dec_large.median_ms / dec_small.median_ms,
        )
        chg_large.reference, chg_large.ratio = (
            chg_small.name,
            chg_large.median_ms / chg_small.median_ms,
        )
        chg_update.reference = chg_small.name
        chg_update.ratio = chg_update.median_ms / chg_small.median_ms
        for row in (show, search, context, context_for):
            row.reference, row.ratio = version.name, row.median_ms / version.median_ms
        search_written.reference = search.name
        search_written.ratio = search_written.median_ms / search.median_ms
        rows += [dec_small, dec_large, chg_small, chg_large, chg_update]
        rows += [show, search, search_written, context, context_for]
        extract_large.reference = extract_small.name
        extract_large.ratio = extract_large.median_ms / extract_small.median_ms
        rows += [extract_small, extract_large]
        if not args.skip_baseline:
            rows += _baselines(Path(tmp), large, small, dec_large, chg_large, first_read)
        first_write.reference = dec_small.name
        first_write.ratio = first_write.median_ms / dec_small.median_ms
        pre_commit_large.reference = first_read.name
        pre_commit_large.ratio = pre_commit_large.median_ms / first_read.median_ms
        rows += [first_read, first_write, pre_commit_large]
        commit_wired.reference = commit_plain.name
        commit_wired.ratio = commit_wired.median_ms / commit_plain.median_ms
        commit_wired.note = f"(+{commit_wired.median_ms - commit_plain.median_ms:.0f} ms)"
        rows += [commit_plain, commit_wired]
        print(f"\n{'case':<48} {'median ms':>10} {'peak MB':>8}  ratio")
        for r in rows:
            ratio = f"{r.ratio:.2f}x {r.reference}" if r.ratio is not None else ""
            print(f"{r.name:<48} {r.median_ms:>10.1f} {r.peak_mb:>8.1f}  {ratio} {r.note}".rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
