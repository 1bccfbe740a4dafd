"""What a session made and showed, beside its talk: commits, deploys and build files.

A commit the agent made ("git commit -m 'fix: …'" in a tool call, or git's "[main 8d2e1a4]
fix: …" in a transcript) is a changelog entry, with the sha git printed as its ref. The output
of a deploy CLI pasted or printed in a talk gives deployments, and a build file a tool printed
or the person pasted (`package.json`, `go.mod`, a `pom.xml` block) gives versions and
settings. Each function returns the candidates it makes; `omp.extract.conversations` keeps
them with the rest.
"""

from __future__ import annotations

import re
from typing import Any

from omp import buildfiles, deploy, gitrepo, rules
from omp.extract.candidates import TITLE_MAX, Batch, Candidate
from omp.extract.commits import (
    CONVENTIONAL_TYPES,
    NOISE_COMMIT,
    TRIVIAL_COMMIT,
    commit_facts,
    commit_kind,
    reverts,
)
from omp.extract.deploys import from_deploys
from omp.lazyre import lazy

AGENT_COMMIT_CONF = 0.8  # "git commit -m 'fix: …'" in a tool call: work the agent did
TOOL_FACT_CONF = 0.75  # a version in a build file the agent's tool printed: the project's own
DEPLOY_IN_TALK_CONF = 0.65  # a deploy's changelog line, from output pasted or printed in a talk
_SETTINGS_CONF = 0.65  # a setting a commit the agent made names: for review
_HOUSEKEEPING_CONF = 0.3  # a work-in-progress or housekeeping commit: below review

AGENT_COMMIT = "a commit the agent made"
_FACTS = "facts a commit the agent made states"
_SHA_SAID = lazy(r"(?<![\w/.-])([0-9a-f]{7,40})(?![\w/.-])")


def agent_commit(message: str, src: dict[str, Any]) -> Candidate:
    """A commit the agent made in the session: its subject is a changelog entry.

    Maintenance commits (chore, test, style) count too: the person asked for the work in
    the session (on dev, 9 of 9 such commits were kept by the labels); work in progress
    and housekeeping wait below review.
    """
    subject = message.split("\n", 1)[0].strip()
    # "[main 8d2e1a4] test: …", as git printed it in a transcript: the sha is its ref
    made = next(iter(rules.committed_refs(subject)), None)  # (sha, subject)
    subject = made[1] if made else subject
    conventional = gitrepo.parse_conventional(subject)
    level = AGENT_COMMIT_CONF
    entry: dict[str, Any]
    if conventional is None:
        entry = {"type": commit_kind(subject) or "other", "summary": subject}
    else:
        kind = CONVENTIONAL_TYPES.get(conventional.type, "other")
        entry = {"type": kind, "summary": conventional.summary}
        if conventional.scope:
            entry["scope"] = conventional.scope
    if made:
        entry["ref"] = made[0][:7]
    if TRIVIAL_COMMIT.match(subject) or NOISE_COMMIT.search(subject):
        level = _HOUSEKEEPING_CONF
    return Candidate("changelog", entry, level, AGENT_COMMIT, src, origin=subject)


def agent_commit_made(message: str, src: dict[str, Any]) -> list[Candidate]:
    """A commit the agent made: its changelog entry, and the facts its subject states.

    As in a git history, "migrate firmware from RTIC to embassy" moves the firmware part of
    the stack to embassy; the decision a switch makes is read once the talk is read
    (`revised.switched_choices`). The settings a subject names ("move state to GCS (prefix
    envs/prod)") wait for review: the talk mostly said them already (dev: 1 of 2 labelled).
    """
    change = agent_commit(message, src)
    facts = commit_facts(str(change.origin), "")
    if not facts or change.confidence < AGENT_COMMIT_CONF:
        return [change]
    made = [change]
    if stack := facts.pop("tech_stack", None):
        made.append(Candidate("project", {"tech_stack": stack}, AGENT_COMMIT_CONF, _FACTS, src))
    if facts:
        made.append(Candidate("project", facts, _SETTINGS_CONF, _FACTS + ", for review", src))
    return made


RECORDED_CONF = 0.75  # as sure as a switch a commit makes
RECORDED = "a choice a commit the agent made records"
# a fix, a test or the docs carry out a choice at most; they record none
_NO_CHOICE_KINDS = ("fix", "docs", "style")
_NO_CHOICE = lazy(
    r"(?i)^(?:fix|修复|修正|hotfix|add\s+(?:[\w-]+\s+)?tests?\b|tests?\b|cover\b|补充?测试)"
    r"|\bfor now\b|暂时|临时|\bwip\b|\btemp(?:orary)?\b"  # a stopgap chooses nothing lasting
    r"|^(?:upgrade|bump|update)\b|^(?:升级|更新)"  # versions moved: the stack's, not a choice
)
# a plan or a runbook written down ("docs: exclude order_events_archive from publication, migrate
# via pg_dump"): a docs commit that says how the work goes, not what the docs say of it
_PLANNED_IN_DOCS = lazy(
    r"(?i)^(?!.*\b(?:document\w*|readme|docs?|typos?|comments?|changelog|guide|examples?)\b)"
    r".*(?:\b(?:via|instead of|switch\w*|replac\w*|migrat\w* to|exclude|keep)\b"
    r"|->|→|改用|换成|改为)"
)
_FIX_WAY = lazy(
    r"(?i)\b(?:via|instead of|switch\w*|replac\w*|migrat\w* to)\b|->|→|改用|换成|改为|切换"
)
# a way left unnamed: "via a guard", "with an early return"
_UNNAMED_WAY = lazy(r"(?i)\b(?:via|with|to|instead of)\s+(?:a|an|some|another)\b")


def _chosen_in_passing(change: Candidate, summary: str) -> bool:
    """Whether a docs or fix commit records a choice all the same: a plan or a named way."""
    if change.entry.get("type") == "docs":
        return _PLANNED_IN_DOCS.search(summary) is not None
    # a fix that names the way it took: "make stripe webhook handling idempotent via
    # stripe_events table", "switch UART2 RX to ReceiveToIdle DMA" (not "…, via a guard")
    # (not a value tuned: "lower i2c to 100kHz" is as often set back)
    return (
        change.entry.get("type") == "fix"
        and _FIX_WAY.search(summary) is not None
        and _UNNAMED_WAY.search(summary) is None
    )


# what says a commit chose: a tool named, more than one thing settled, or a choice's words
_MORE_THAN_ONE = lazy(r"[,;，；、]|\s\+\s")
_CHOICE_WORDS = lazy(
    r"(?i)\b(?:via|instead of|switch\w*|replac\w*|migrat\w* to|back to|drop|globally|enable|"
    r"skip|ignore)\b|->|→|改用|换成|改为|迁移到|使用|基于|统一|替换|切换|接入|采用"
    r"|\bstore[sd]?\b[^,;]{1,30}\bas\b|\bpersist\w*\b[^,;]{1,40}\bin\b"  # "store amounts as …"
    # a setting given a value: "raise gate maxclient to 8192", "cap history at 2000"
    r"|\b(?:raise|lower|extend|increase|reduce|cap|set|change)\w*\b[^;,]{0,40}\b(?:to|at)\s+"
    r"(?:\d|[\w.-]*[A-Z+])"
)


def _records_choice(summary: str) -> bool:
    """Whether a commit's summary reads as a choice made, not only as work done.

    "add goreleaser v2 release workflow with homebrew tap" names tools, "tags with AND
    filtering (max 10 per note)" settles two things, "run time integration inside
    jax.lax.scan"… On dev, 79% of the commits so shaped named what the labels kept as a
    decision, and 48% of the rest ("Add bulk_export_jobs table", "card header colour by build
    status").
    """
    return bool(
        rules.technologies(summary)
        or _MORE_THAN_ONE.search(summary)
        or _CHOICE_WORDS.search(summary)
    )


def recorded_choices(found: list[Candidate], decisions: list[Candidate]) -> list[Candidate]:
    """The choices the commits the agent made record, where no decision of the talk has them.

    A session's commit sums up what the talk settled: "add goreleaser v2 release workflow
    with homebrew tap", "per-tenant rate limit via governor (200 rps/50 burst global)",
    "OTA 分批发布：2%/25%/100% 分桶、30 分钟观察", often agreed in a word ("ok", "行") that
    no rule reads as a choice. Not a fix, a test, docs or a stopgap; not a commit naming no
    more than a choice a decision holds already or a tool of the stack (that decision carried
    out, `revised.switched_choices`), nor one naming what a later choice gave up ("replace
    pmap with shard_map" after "… with pmap").
    """
    chosen = [d for d in decisions if d.target == "decisions" and not d.action]
    held = [str(d.entry.get("choice", "")).casefold() for d in chosen]
    made: list[tuple[Candidate, str | None]] = []  # each with the first name it says
    for c in found:
        summary = str(c.entry.get("summary", "")).strip()
        if (
            c.reason != AGENT_COMMIT
            or c.action
            or c.confidence < AGENT_COMMIT_CONF
            or (c.entry.get("type") in _NO_CHOICE_KINDS and not _chosen_in_passing(c, summary))
            or _NO_CHOICE.search(summary)
            or reverts(summary)
            or not _records_choice(summary)
        ):
            continue
        said = summary.casefold()
        at = int(c.source["index"])
        first = _first_name(summary)
        known = [choice for choice in held if len(choice) > 1 and choice in said]
        if first and _in_stack(first, at, found):
            known.append(first.casefold())
        if _given_up(said, at, chosen) or (known and not _records_more(summary, known)):
            continue
        # the summary is the choice (a name alone would say less: "homebrew"), less what it
        # gives up ("drop viper, read config from flags": viper is an alternative)
        choice, gone = _kept_part(summary)
        entry: dict[str, Any] = {
            "title": summary[:TITLE_MAX],
            "context": str(c.origin or summary)[:500],
            "choice": choice[:TITLE_MAX],
        }
        if gone:
            entry["alternatives"] = gone
        if c.entry.get("ref"):
            entry["source_refs"] = [c.entry["ref"]]
        decision = Candidate("decisions", entry, RECORDED_CONF, RECORDED, c.source, origin=c.origin)
        made.append((decision, first))
    # "toggle window with CommandOrControl+Shift+V", later "change global shortcut to
    # CommandOrControl+Alt+V": the later commit set the same thing again
    named = [
        (int(c.source["index"]), _first_name(str(c.entry.get("summary", ""))))
        for c in found
        if c.reason == AGENT_COMMIT and not c.action
    ]
    return [
        d for d, first in made
        if not any(at > int(d.source["index"]) and _resets(first, name) for at, name in named)
    ]  # fmt: skip


def _records_more(summary: str, known: list[str]) -> bool:
    """Whether a commit's summary records choices besides the `known` ones it names.

    "replace raycasting FOV with symmetric shadowcasting" after the talk chose shadowcasting
    records that choice carried out; "DDP + bf16 autocast, validate under no_grad, tensorboard
    instead of wandb" after it chose DDP records more than that one, and so does "迁移到 ESLint 9
    flat config，Prettier 单独运行" on a stack of ESLint. On dev, 31 of the 32 commits so
    shaped named what the labels kept as a decision.
    """
    rest = _kept_part(summary)[0].casefold()
    for name in sorted(known, key=len, reverse=True):  # not "sqlite" inside "rusqlite"
        rest = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", rest)
    return bool(_MORE_THAN_ONE.search(rest) or _CHOICE_WORDS.search(rest)) and bool(
        rules.technologies(rest) or _SETTING.search(rest) or _NAMED_REST.search(rest)
    )


# a name the rest of a summary still gives: one written as code ("ignore-unfixed", "--json"),
# the tool a thing is done via ("via rusqlite"), or a Chinese clause of its own ("导出改为后端异步
# 任务轮询", "身份证/手机号脱敏")
_NAMED_REST = lazy(
    r"(?i)(?:^|(?<=[\s、，,(（]))(?:--[a-z][\w-]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?![\w-])"
    r"|\bvia\s+[a-z][\w.+-]{2,}"
    r"|[，、；]\s*[^，、；\s]*[\u4e00-\u9fff]{4,}"
)


# a value or a name as code writes it: "envs/staging", "order_date", "200 rps", "30d"
_SETTING = lazy(r"\d|[a-z][\w-]*[_/=.][\w/.-]*[a-z0-9]")


_BARE_VERSION = lazy(r"(?i)v?\d[\w.]*")


def _first_name(summary: str) -> str | None:
    """The first name a commit's summary says, as written ("add goreleaser v2 … with homebrew")."""
    names = [n for n in rules.mentioned_names(summary) if not _BARE_VERSION.fullmatch(n)]
    spots = (re.search(rf"(?i){re.escape(n)}", summary) for n in names)
    first = min((m for m in spots if m), key=lambda m: m.start(), default=None)
    return first.group(0) if first else None


def _resets(first: str | None, then: str | None) -> bool:
    """Whether `then` is another value of the same name's first part ("Ctrl+Alt+V")."""
    if not first or not then:
        return False
    head = re.split(r"[+/=:]", first, maxsplit=1)[0]
    return head != first and then != first and then.startswith(head)


_NAME = r"[\w.+#@/-]+"
# what a commit gives up: "drop viper", "no spiffs", "from DDP to FSDP", "RQ -> SQS",
# "instead of http post", "replace X with Y", "去掉 pandas", "下线 DataX", "从 MySQL 换成 Doris"
_GIVEN_UP = lazy(
    rf"(?i)\b(?:drop(?:s|ped)?|remove[sd]?|no|without|instead of|rather than)\s+"
    rf"(?P<a>{_NAME}(?:\s+{_NAME})?(?=\s*[,;，；)]|\s*$)|{_NAME})"  # "instead of http post"
    rf"|\bfrom\s+(?P<b>{_NAME})\s+(?=to\s)|(?P<c>{_NAME})\s*(?:->|→)\s*"
    rf"|\b(?P<lead>replac\w*)\s+(?P<d>{_NAME}(?:\s+{_NAME})?)\s+with\s+"
    rf"|(?:去掉|移除|下线|不再使用|不再用|弃用|废弃|干掉)\s*"
    rf"(?P<e>{_NAME}(?:\s*(?:和|、|及|与)\s*{_NAME})*)"  # "移除 Hugo 和 Netlify 配置"
    # "用 Vector 替换 Kafka Engine 写入 ClickHouse": what follows 替换 is what goes
    rf"|(?<=\S)\s*替换(?:掉)?\s*(?P<g>[A-Za-z][\w.+#@/-]*(?:\s+[A-Z][\w.+#@/-]*)?)"
    rf"|从\s*(?P<f>{_NAME})\s*(?=换成|改为|改成|迁移到|迁到|切换到|切到|替换为)"
)


def _kept_part(summary: str) -> tuple[str, list[str]]:
    """A commit's summary less what it gives up, and the names given up."""
    gone: list[str] = []

    def given_up(m: re.Match[str]) -> str:
        names = next(g for g in m.group("a", "b", "c", "d", "e", "f", "g") if g)
        gone.extend(n for n in re.split(r"\s*(?:和|、|及|与)\s*", names) if n)
        return "use " if m["lead"] else ""

    kept = _GIVEN_UP.sub(given_up, summary)
    kept = re.sub(r"\s*([,;，；、])(?:\s*[,;，；、])+", r"\1", kept)  # "a, , b": one mark
    kept = re.sub(r"\s{2,}", " ", kept).strip(" ,;，；、")
    return kept or summary, gone


def _in_stack(name: str, at: int, found: list[Candidate]) -> bool:
    """Whether the stack said before message `at` has the tool `name` already.

    "migrate the admin pages to vue 3 composition API" on a stack of vue 3.4: work on the
    tool in use, no choice of one.
    """
    return any(
        c.target == "project"
        and int(c.source.get("index", at)) < at
        and str(v).casefold().split()[:1] == [name.casefold()]
        for c in found
        if isinstance(c.entry.get("tech_stack"), dict)
        for v in c.entry["tech_stack"].values()
    )


def _given_up(said: str, at: int, decisions: list[Candidate]) -> bool:
    """Whether a choice made after message `at` turned down something `said` names."""
    return any(
        int(d.source.get("index", -1)) > at and len(gone) > 1 and gone in said
        for d in decisions
        for gone in (str(a).casefold() for a in d.entry.get("alternatives", []))
    )


def commit_refs(
    output: str, found: list[Candidate], src: dict[str, Any], *, tool: bool = False
) -> list[Candidate]:
    """The sha git printed for a commit the agent made: the ref of its changelog entry.

    The entry among `found` gets it. In a tool's output, a revert git printed (`git revert`
    names no message of its own) is a commit too, returned; a transcript's are read as
    commits already (`sources`).
    """
    new: list[Candidate] = []
    for sha, subject in rules.committed_refs(output):
        conventional = gitrepo.parse_conventional(subject)
        summary = conventional.summary if conventional else subject
        for c in found:
            if (
                c.target == "changelog"
                and c.reason == AGENT_COMMIT
                and c.entry.get("summary") == summary
                and "ref" not in c.entry
            ):
                c.entry["ref"] = sha[:7]
                break
        else:
            if tool and reverts(subject):
                new.append(agent_commit(f"[HEAD {sha}] {subject}", src))
    return new


def without_told_commits(found: list[Candidate]) -> list[Candidate]:
    """`found` without the commits told ("Committed as `4f9c2ab`") that git made as well.

    Work reported with the sha of a commit git made ("Fixed the flaky test (3b9e1f2)") goes
    too: the commit is its entry.
    """
    made = {
        str(c.entry["ref"]) for c in found
        if c.reason == AGENT_COMMIT and c.entry.get("ref")
    }  # fmt: skip
    if not made:
        return found
    return [
        c for c in found
        if not (
            c.target == "changelog"
            and c.reason != AGENT_COMMIT
            and any(sha[:7] in made for sha in _SHA_SAID.findall(str(c.entry.get("summary", ""))))
        )
    ]  # fmt: skip


def deploy_output(text: str, path: str, src: dict[str, Any]) -> list[Candidate]:
    """The deploys an output of a deploy CLI shows (pasted, or printed by the agent's tool)."""
    made = Batch()
    from_deploys(deploy.parse_deploy(text), made, path=path)
    for c in made.candidates:
        c.source = src
        if c.target == "changelog":
            # the talk tells what the work was; a deploy line beside it waits for review (dev
            # corpus: the labellers kept 1 of 3 such lines, and 2 of the 3 deployments)
            c.confidence = min(c.confidence, DEPLOY_IN_TALK_CONF)
    return made.candidates


def build_file(text: str, src: dict[str, Any], reason: str) -> Candidate | None:
    """The versions and settings of the build file `text` shows, as a project fact."""
    facts = buildfiles.facts(text)
    return Candidate("project", facts, TOOL_FACT_CONF, reason, src) if facts else None


def pasted(text: str, path: str, src: dict[str, Any]) -> list[Candidate]:
    """The build files and deploy output the person pasted ("pom 里是这个：```xml …")."""
    found = deploy_output(text, path, src) if deploy.looks_like_deploy(text) else []
    for block in rules.code_blocks(text):
        if c := build_file(block, src, "read from a build file the person pasted"):
            found.append(c)
    return found
