"""Commit histories to memory.

Conventional Commit subjects give changelog entries; `Decision:` trailers, "we decided" bodies and
what a revert keeps give decisions; a reverted commit leaves nothing.
"""

from __future__ import annotations

import re
from typing import Any

from omp import gitrepo, rules
from omp.extract.candidates import (
    Batch,
    Candidate,
    decision_entry,
    merge_fields,
    naming_entry,
    redact_text,
)
from omp.lazyre import lazy

CONVENTIONAL_TYPES = {
    "feat": "feat",
    "feature": "feat",
    "fix": "fix",
    "bugfix": "fix",
    "hotfix": "fix",
    "docs": "docs",
    "doc": "docs",
    "refactor": "refactor",
    "perf": "perf",
    "deploy": "deploy",
    "config": "config",
    "chore": "chore",
    "build": "chore",
    "ci": "chore",
    "test": "chore",
    "tests": "chore",
    "style": "chore",
    "revert": "other",
    "release": "other",
    # in wide use beside the convention's own
    "init": "other",
    "security": "fix",
    "sec": "fix",
    "deps": "chore",
    "dep": "chore",
    "infra": "chore",
    "ops": "chore",
    "i18n": "feat",
    "a11y": "feat",
    "ui": "feat",
}


_VERB_TYPES = (
    ("fix", r"fix|fixes|fixed|resolve|patch|correct|修复|修正"),
    (
        "feat",
        r"add|adds|added|implement|introduce|support|create|新增|添加|实现|支持|接入|引入|集成|增加",
    ),
    ("docs", r"document|docs?|readme|文档"),
    (
        "refactor",
        r"refactor|rename|move|extract|clean ?up|simplify|switch|migrate|replace[sd]?"
        r"|重构|迁移|切换|拆分",
    ),
    ("perf", r"speed up|optimi[sz]e|perf|优化"),
    ("chore", r"bump|update|upgrade|remove|delete|drop|升级|更新|删除|移除"),
    ("deploy", r"deploy|release|发布|上线"),
)


# A Chinese subject often starts with what changed: "传感器采集改用 FreeRTOS 队列", "采样间隔从
# 10s 改为 30s"; its verb says what kind of change it is
_ZH_CHANGE_VERB = (
    ("fix", "修复|修正|修好|修掉"),
    ("perf", "优化|加索引|加了索引"),
    ("refactor", "改用|改为|改成|换成|切换|迁移|迁到|重构|搬进|搬到"),
    ("feat", "新增|增加|接入|引入|支持|加了|加上|添加|实现了"),
    ("chore", "升级|升到"),
)


# "发版 1.4.0", "release 2.3.0", "v0.2.0" (what `npm version` commits): a release commit
# without a conventional type
_RELEASE_COMMIT = lazy(
    r"(?i)^(?:(?:release|released|发版|发布|版本)\s*)?(?P<v>v?\d+(?:\.\d+)+(?:-[\w.]+)?)\s*$"
)


# A maintenance commit that moves to another version or tool is worth its changelog line
_NOTABLE_CHORE = lazy(
    r"(?i)\b(?:upgrade|bump|pin|switch|migrate|require|msrv)\b|升级|切换|改为|改成|改用"
    r"|\bdrop\s+(?:support\s+for\s+)?[A-Z][\w.]*\s+v?\d"  # "drop Python 3.8"
)


TRIVIAL_COMMIT = lazy(
    r"(?i)^(?:wip|tmp|temp|test|fixup!|squash!|amend!|\.|-|misc|stuff|changes?|update)\b\s*\S{0,12}$"
)


# "squash! fix(checkout)!: …": made to be folded into the commit it names
_AUTOSQUASH = lazy(r"(?i)^(?:fixup|squash|amend)!\s")


# Maintenance commits are rarely worth a changelog line; dependency bumps, releases, breaking
# changes and commits that record a decision are.
# a change to CI is notable (a release pipeline, a new check): 10 of 13 kept on dev
_MINOR_TYPES = frozenset({"chore", "style", "test", "tests"})


_NOTABLE_SCOPES = frozenset({"deps", "release"})


NOISE_COMMIT = lazy(
    r"(?i)\b(?:typos?|whitespace|formatting|reformat|lint fix(?:es)?|initial commit|"
    r"first commit|initial import|merge branch|merge pull request|merge remote-tracking branch)\b"
    r"|^merged in \S+ \(pull request #\d+\)"  # Bitbucket's merge
    r"|错别字|格式化"
)


# "PAY-118 Fix NPE", "[PAY-120] retry upload", "PAY-133: Replace ActiveMQ": the issue tracker's
# key before the subject (Jira, YouTrack, Linear)
_TRACKER_KEY = lazy(r"\[?(?P<key>[A-Z][A-Z0-9]{1,9}-\d+)\]?\s*[:\-\u2013]?\s+(?P<x>\S.*)")


# "Dockerfile: distroless base", "net/http: fix a leak", "Gradle build scripts: Groovy DSL ->
# Kotlin DSL": the area a commit touches before its summary (Go, Linux, git itself)
_AREA = lazy(
    r"(?P<area>[A-Za-z][\w.*-]*(?:/[\w.*-]+)*(?:(?:,\s*|\s+)[A-Za-z][\w./*-]*){0,3}):\s+(?P<x>\S.*)"
)


# types that say the work is tentative or no change at all: for review, whatever follows
_TENTATIVE_TYPES = frozenset(
    {"experiment", "exp", "spike", "poc", "prototype", "draft", "try", "todo", "note", "notes",
     "question", "idea", "hack", "wip", "tmp", "temp"}
)  # fmt: skip


# 'Revert "feat: x"', "revert: feat: x"; not "Revert to TOML config" (going back to TOML)
_REVERT = lazy(r'(?i)^revert(?!\s+(?:to|back)\b)\s*[:(]?\s*"?(?P<x>.+?)"?\s*\)?$')


# the conventional type a subject starts with ("feat(eks)!: "), or nothing
_CONVENTIONAL_HEAD = lazy(r"\w+(?:\((?P<scope>[^)]*)\))?!?:\s*")


def _untyped(subject: str) -> tuple[str, str | None]:
    """A commit subject without its conventional type ("feat(eks)!: "), and the type's scope."""
    head = _CONVENTIONAL_HEAD.match(subject)
    return (subject[head.end() :], head["scope"]) if head else (subject, None)


def _conventional_change(
    commit: Any, conventional: Any, breaking_note: str | None, subject: str
) -> tuple[dict[str, Any], float, str]:
    """The changelog entry of a Conventional Commit, with its confidence and the reason."""
    entry: dict[str, Any] = {
        "date": commit.date[:10],
        "type": CONVENTIONAL_TYPES.get(conventional.type, "other"),
        "summary": conventional.summary,
        "scope": conventional.scope,
        "ref": commit.short,
        "breaking": True if (conventional.breaking or breaking_note) else None,
        "author": commit.author,
    }
    inner, scope = _untyped(conventional.summary)
    if conventional.type == "revert" and inner != conventional.summary:
        entry["summary"] = f'Revert "{inner}"'  # "revert: feat(search): add lunr"
        entry["scope"] = conventional.scope or scope
    release = "release" in (conventional.type, conventional.scope)
    if release and re.fullmatch(r"v?\d+(?:\.\d+)+(?:[-+][\w.]+)?", entry["summary"].strip()):
        entry["summary"] = f"Release {entry['summary'].strip()}"  # "chore(release): 2.0.0"
    if NOISE_COMMIT.search(subject) or conventional.type in ("wip", "tmp"):
        return entry, 0.3, "housekeeping commit"
    if rules.is_question(conventional.summary):
        return entry, 0.3, "a question, not a change"  # "feat(rds): should we move to …?"
    if conventional.type.lower() not in CONVENTIONAL_TYPES:
        # "experiment: try bun install in CI": a type of no convention, for review
        return entry, 0.6, f"commit of an unknown type ({conventional.type}), for review"
    notable = (
        entry["breaking"]
        or conventional.scope in _NOTABLE_SCOPES
        or any(k.lower() == "decision" for k, _ in commit.trailers)
        or (conventional.type == "chore" and _NOTABLE_CHORE.search(conventional.summary))
        or _RELEASE_COMMIT.match(conventional.summary)  # "chore: release 0.4.0"
    )
    if conventional.type in _MINOR_TYPES and not notable:
        return entry, _MINOR, f"conventional commit ({conventional.type}): minor, for review"
    return entry, 0.9, f"conventional commit ({conventional.type})"


def _area_of(subject: str, conventional: Any) -> tuple[str, str] | None:
    """The area and summary of an `area: summary` subject, or None when it has no area.

    A conventional type, or one that marks tentative work ("experiment: try bun"), is no area.
    """
    if conventional is not None and conventional.type in CONVENTIONAL_TYPES:
        return None
    m = _AREA.fullmatch(subject.strip())
    if m is None or m["area"].lower() in _TENTATIVE_TYPES or reverts(subject):
        return None
    if " " in m["area"] and commit_kind(m["area"]):
        return None  # "Fix the flaky test: retry on 503" says what it did before the colon
    return m["area"], m["x"]


def _area_change(
    commit: Any, area: str, summary: str, breaking_note: str | None
) -> tuple[dict[str, Any], float, str]:
    """The changelog entry of an `area: summary` commit: the area is its scope."""
    entry = {
        "date": commit.date[:10],
        "type": commit_kind(summary) or "other",
        "summary": summary,
        "scope": area,
        "ref": commit.short,
        "breaking": True if breaking_note else None,
        "author": commit.author,
    }
    if TRIVIAL_COMMIT.match(summary) or NOISE_COMMIT.search(f"{area}: {summary}"):
        return entry, 0.2, "work-in-progress or housekeeping commit"  # "Initial commit: …"
    if rules.is_question(summary):
        return entry, 0.3, "a question, not a change"
    return entry, 0.75, f"commit of an area ({area})"


def _commit_change(
    commit: Any, conventional: Any, breaking_note: str | None, subject: str
) -> tuple[dict[str, Any], float, str]:
    """The changelog entry of a commit, with its confidence and the reason."""
    if area := _area_of(subject, conventional):
        return _area_change(commit, *area, breaking_note)
    if conventional is not None:
        return _conventional_change(commit, conventional, breaking_note, subject)
    kind = commit_kind(subject)
    bare_release = _RELEASE_COMMIT.match(subject.strip())
    entry = {
        "date": commit.date[:10],
        "type": kind or "other",
        "summary": f"Release {bare_release['v']}" if bare_release else subject,
        "ref": commit.short,
        "breaking": True if breaking_note else None,
        "author": commit.author,
    }
    if reverted := _REVERT.match(subject.strip()) or _REAPPLY.match(subject.strip()):
        # 'Revert "feat(eks): switch CNI to Cilium"': a change undone is a change, and one
        # brought back ('Reapply "feat: x"', git 2.43+) too
        inner, scope = _untyped(reverted["x"])
        verb = subject.strip().split(None, 1)[0].capitalize()
        entry.update(type="other", summary=f'{verb} "{inner}"', scope=scope)
        return entry, 0.75, "a revert"
    if TRIVIAL_COMMIT.match(subject.strip()) or NOISE_COMMIT.search(subject):
        return entry, 0.2, "work-in-progress or housekeeping commit"
    if _AUTOSQUASH.match(subject):
        return entry, 0.2, "a commit to fold into another (git rebase --autosquash)"
    if kind is not None:
        return entry, 0.75, f"commit subject starting with a {kind} verb"
    if _SQUASHED_PR.search(subject):
        return entry, 0.75, "a pull request merged as one commit"
    return entry, _UNTYPED, "commit without a conventional type"


# "Waitlist signup with Supabase (#5)": GitHub's squash merge names the pull request it lands
_SQUASHED_PR = lazy(r"\S\s*\(#\d+\)$")


_UNTYPED = 0.5  # a commit that says neither its type nor what it did by its first word
_MINOR = 0.6  # a maintenance commit (chore, test, style) that changes nothing notable


def tracker_key(subject: str) -> tuple[str | None, str]:
    """The issue tracker's key a subject starts with ("PAY-118 Fix NPE"), and the rest."""
    m = _TRACKER_KEY.fullmatch(subject.strip())
    return (m["key"], m["x"]) if m else (None, subject)


def commit_kind(subject: str) -> str | None:
    """The kind of change a commit subject without a conventional type names by its verb."""
    if _RELEASE_COMMIT.match(subject.strip()):
        return "chore"
    kind = next((t for t, verbs in _VERB_TYPES if re.match(rf"(?i)^(?:{verbs})\b", subject)), None)
    if kind is None and rules.is_chinese(subject) and not rules.SCAFFOLD.search(subject):
        kind = next((t for t, verbs in _ZH_CHANGE_VERB if re.search(verbs, subject)), None)
    return kind


def from_commit(
    commit: Any, conventional: Any, breaking_note: str | None, batch: Batch, *, path: str
) -> None:
    """Add the candidates of one git commit (a `gitrepo.Commit`) to `batch`."""
    src = {"path": path, "index": commit.short}
    if commit.parents > 1:
        return
    first = len(batch.candidates)
    key, subject = tracker_key(redact_text(commit.subject, path, commit.short, batch))
    if key:
        conventional = gitrepo.parse_conventional(subject)
    body = redact_text(commit.body, path, commit.short, batch)
    entry, conf, reason = _commit_change(commit, conventional, breaking_note, subject)
    entry = {k: v for k, v in entry.items() if v is not None}
    if key:  # the key stays with the change, as GitHub's "(#12)" does
        entry["summary"] = f"{entry['summary']} ({key})"
        if conf == _UNTYPED:
            conf, reason = 0.75, f"commit for the tracked issue {key}"
    batch.candidates.append(
        Candidate("changelog", entry, conf, reason, src, priority="P1", origin=subject)
    )
    if facts := commit_facts(subject, body):
        reason = "facts a commit states"
        batch.candidates.append(Candidate("project", facts, 0.8, reason, src, priority="P2"))
    _body_decisions(commit, subject, body, batch, path=path)
    if not _kept_decision(commit, subject, body, batch, src):
        _switch_decision(commit, subject, body, batch, src)
    if adr := _ADR.search(subject):  # "docs(adr): ADR-007 use spot instances …"
        reason = "an architecture decision record"
        batch.candidates.append(
            _recorded_decision(adr["x"], commit, subject, batch, path=path, reason=reason)
        )
    _one_per_choice(batch.candidates[first:])
    _reason_from_body(body, batch.candidates[first:])
    _notable_when_it_moves(batch.candidates[first:])


def _notable_when_it_moves(made: list[Candidate]) -> None:
    """A maintenance or untyped commit that moves the port or a tool is a change worth keeping.

    "chore: container listens on 3000 instead of 8080", "test: jest -> vitest".
    """
    change = made[0]
    if change.target != "changelog" or change.confidence not in (_UNTYPED, _MINOR):
        return
    if any(c.target == "project" and "port" in c.entry.get("config", {}) for c in made):
        change.confidence, change.reason = 0.75, "a commit that moves the service's port"
    elif any(c.reason == SWITCH_REASON and not c.action for c in made):
        change.confidence, change.reason = 0.75, "a commit that moves to another tool"


# a commit body's reason: "Reason: …", "原因是 …", "because …" (not "since" or "as", which
# bodies use for time and manner: "since v2", "as described in #12")
_BODY_WHY = lazy(
    r"(?i)^(?:the\s+)?(?:reasons?|why|motivation|rationale)(?:\s+is)?\s*[:：]\s*(?P<x>.+)"
    r"|^(?:the\s+)?reason\s+is\s+(?:that\s+)?(?P<w>.+)"
    r"|\bbecause\s+(?P<y>.+)"
    r"|(?:原因是|原因[:：]|理由是|理由[:：]|因为|由于)\s*(?P<z>.+)"
)


def _reason_from_body(body: str, made: list[Candidate]) -> None:
    """The reason a commit's body gives, for the decisions of the commit that state none.

    "Reason: webpack builds take 90s", "原因是 INCR+EXPIRE 不是原子操作", or what comes before
    "so <the choice>" ("Kue is unmaintained, so BullMQ it is").
    """
    decided = [c for c in made if c.target == "decisions" and not c.action]
    if not decided or not body.strip():
        return
    for sentence in rules.statements(rules.unwrap(body)):
        for c in decided:
            if c.entry.get("rationale"):
                continue
            why = _why_in(sentence, str(c.entry.get("choice", "")))
            if why:
                c.entry["rationale"] = why


def _why_in(sentence: str, choice: str) -> str | None:
    if m := _BODY_WHY.search(sentence):
        why = next(g for g in m.groups() if g)
    elif choice and (
        m := re.search(rf"^(?P<x>.+?)(?:,\s*so|，?所以)\s*{re.escape(choice)}", sentence)
    ):
        why = m["x"]
    else:
        return None
    why = why.strip(" .。!！")
    return why if len(why) > 3 else None


def _one_per_choice(made: list[Candidate]) -> None:
    """A commit's decisions of one choice as one: its trailer, subject and body may each say it.

    The first (a `Decision:` trailer before the body's "we decided …") stays, with what the
    others add (the alternative "instead of" names, the reason).
    """
    decided = [c for c in made if c.target == "decisions" and not c.action]
    _leaving_as_alternative(decided)
    kept: list[Candidate] = []
    for c in decided:
        if c.action or not c.entry.get("choice"):
            continue
        # "Drizzle ORM" of the trailer and "Drizzle" of the subject: one tool, one decision
        first = next((k for k in kept if _same_choice(k.entry["choice"], c.entry["choice"])), c)
        if first is c:
            kept.append(c)
            continue
        merge_fields(first.entry, {k: v for k, v in c.entry.items() if k != "title"})
        c.action, c.note = "dropped", "the same decision as another line of its commit"


def _same_choice(a: str, b: str) -> bool:
    """Whether one choice's words begin the other's ("Drizzle", "Drizzle ORM")."""
    wa, wb = str(a).casefold().split(), str(b).casefold().split()
    n = min(len(wa), len(wb))
    return n > 0 and wa[:n] == wb[:n]


# "move off Prisma", "stop using Jenkins", "drop Moment.js": what a decision leaves, not a choice
_LEAVING = lazy(
    r"(?i)^(?:mov(?:e|ing)\s+(?:off|away\s+from)|stop(?:ping)?\s+using|get(?:ting)?\s+rid\s+of"
    r"|drop(?:ping)?|ditch(?:ing)?|leav(?:e|ing))\s+(?:the\s+)?(?P<x>\S.*)"
)


def _leaving_as_alternative(decided: list[Candidate]) -> None:
    """A commit's decision to leave a tool is the alternative of the one it moves to.

    "We decided to move off Prisma" beside "switch to Drizzle": Prisma is turned down, and
    stored as the choice it would read as the opposite.
    """
    chosen = [c for c in decided if not _LEAVING.match(str(c.entry.get("choice", "")))]
    for c in decided:
        m = _LEAVING.match(str(c.entry.get("choice", "")))
        if m is None or not chosen:
            continue
        merge_fields(chosen[0].entry, {"alternatives": [rules.clip(m["x"])]})
        if not chosen[0].entry.get("rationale") and c.entry.get("rationale"):
            chosen[0].entry["rationale"] = c.entry["rationale"]
        c.action, c.note = "dropped", "what the commit's decision leaves, not a choice"


def _body_decisions(commit: Any, subject: str, body: str, batch: Batch, *, path: str) -> None:
    """The decisions a commit records: `Decision:` trailers and lines, "we decided …"."""
    src = {"path": path, "index": commit.short}
    stated = [v.strip() for k, v in commit.trailers if k.lower() == "decision" and v.strip()]
    for value in stated:
        batch.candidates.append(_recorded_decision(value, commit, subject, batch, path=path))
    for sentence in rules.statements(rules.unwrap(body)):
        lowered = sentence.lower()
        if lowered.startswith("decision:"):
            # a "Decision:" line git does not take for a trailer (text follows it)
            value = sentence.split(":", 1)[1].strip()
            if value and not any(
                v.startswith(value[:40]) or value.startswith(v[:40]) for v in stated
            ):
                batch.candidates.append(
                    _recorded_decision(value, commit, subject, batch, path=path)
                )
            continue
        if lowered.startswith(("breaking change", "breaking-change")):
            continue
        d = rules.decision(sentence)
        if d is not None and d.explicit:
            entry = decision_entry(d, sentence)
            entry.update(date=commit.date[:10], source_refs=[commit.short])
            batch.candidates.append(
                Candidate("decisions", entry, 0.8, "decision in a commit message", src)
            )
    _naming(commit, subject, body, batch, src)


def _naming(commit: Any, subject: str, body: str, batch: Batch, src: dict[str, Any]) -> None:
    """The naming pattern a commit sets ("docs: 资源命名规范 yh-<env>-<service>-<resource>")."""
    said = [subject.split(":", 1)[-1], *rules.statements(rules.unwrap(body))]
    pattern = next((p for s in said if (p := rules.naming_pattern(s))), None)
    if pattern is None:
        return
    context = next(s for s in said if pattern in s.replace("`", ""))
    entry = naming_entry(pattern, context.strip())
    entry.update(date=commit.date[:10], source_refs=[commit.short])
    reason = "a naming pattern a commit sets"
    batch.candidates.append(Candidate("decisions", entry, 0.8, reason, src))


# an architecture decision record a commit adds: what follows its number is the decision
_ADR = lazy(r"\bADR[-\s]?\d+\s*[:：-]?\s*(?P<x>(?:use|adopt|采用|使用)\b.{3,})", re.I)


# "adopt Karpenter", "migrate from structopt to clap v4", "switch release pipeline to
# cargo-dist", "改用 Redis Lua 脚本", "match_events 迁移到 ClickHouse": a commit that moves to
# another tool decides it
_SWITCH = lazy(
    r"(?i)^(?:switch(?:es|ed)?|migrat(?:e|es|ed)|mov(?:e|es|ed)|port(?:s|ed)?)\b"
    r"[^,;:]{0,40}?\bto\s+(?P<x>.+)"
    r"|^replac(?:e|es|ed)\b[^,;:]{1,40}?\bwith\s+(?P<w>.+)"
    r"|^adopt\s+(?P<a>.+)"
    r"|(?:改用|换成|切换到|切到|还是用|迁移到|迁到|改回|改存)\s*(?P<z>.+)"
    r"|^(?:用|使用)\s*(?P<r>[A-Za-z][^，,；;]*?)\s*(?:替换|替代|取代|代替)"  # "用 X 替换 CircleCI"
)


# "clap v4", "cargo-dist": a lower-case name in a commit's switch with a version or a hyphen,
# not a word ("main") or a path
_SWITCH_NAME = lazy(r"[a-z][\w.+]*(?:-[\w.+]+)+(?:\s+\w+)?|[a-z][\w.+-]*\s+v?\d[\w.]*(?:\s+\w+)?")


_BACK_OUT = (
    r"(?:回退|回滚|撤回|撤销|去掉|移除|revert(?:s|ed)?|roll(?:s|ed)? back|remove[sd]?|"
    r"drop(?:s|ped)?)"
)


def _drop_backed_out(batch: Batch) -> None:
    later = [c for c in batch.candidates if c.target == "changelog" and c.origin]
    for c in batch.candidates:
        if c.reason != SWITCH_REASON or c.action:
            continue
        name = re.escape(str(c.entry.get("choice", "")).split()[0])
        start = next((n for n, o in enumerate(later) if o.origin == c.origin), len(later))
        backed = re.compile(rf"(?i){_BACK_OUT}\s*(?:the\s+)?{name}(?![\w-])")
        if any(backed.search(str(o.origin)) for o in later[start + 1 :]):
            # the switch and its changelog entry go, as a revert takes both; the later commit
            # that backs it out tells the story
            for o in [c, *(o for o in later if o.origin == c.origin and not o.action)]:
                o.action, o.note = "dropped", "backed out by a later commit"
                o.confidence = 0.0


def _switch_decision(
    commit: Any, subject: str, body: str, batch: Batch, src: dict[str, Any]
) -> None:
    """The choice a commit that switches to a tool makes (undone with the commit)."""
    if switch := switch_choice(subject, body):
        entry = decision_entry(*switch)
        entry.update(date=commit.date[:10], source_refs=[commit.short])
        batch.candidates.append(
            Candidate("decisions", entry, 0.75, SWITCH_REASON, src, origin=subject)
        )


def switch_choice(subject: str, body: str = "") -> tuple[rules.Decision, str] | None:
    """The choice a commit that switches to a tool makes, and the line that says it.

    Its subject says it ("switch CNI to Cilium", "test: jest -> vitest"), or else a line of
    its body ("Switched the feed to @shopify/flash-list", "Went with Resend over SendGrid").
    A revert, and a tentative commit ("spike: try bun"), switch nothing.
    """
    summary = _untyped(subject)[0]
    if re.match(r"(?i)revert|reapply", summary) or _untyped_type(subject) in _TENTATIVE_TYPES:
        return None
    if area := _area_of(summary, None):
        summary = area[1]  # "Gradle build scripts: Groovy DSL -> Kotlin DSL"
    for n, sentence in enumerate([summary, *rules.statements(rules.unwrap(body))]):
        if switch := _switch_in(sentence, subject=n == 0):
            return rules.Decision(*switch, None, None, False), subject if n == 0 else sentence
    return None


SWITCH_REASON = "a commit that switches to a tool"


def _untyped_type(subject: str) -> str:
    """The conventional type (or area) a subject starts with, lower-case, or ""."""
    head = _CONVENTIONAL_HEAD.match(subject)
    return subject[: head.end()].split("(")[0].rstrip("!: ").lower() if head else ""


# "jest -> vitest", "gunicorn sync workers -> uvicorn workers (ASGI)": the arrow of a move
_ARROW = lazy(r"^(?P<old>[^:;,]{1,60}?)\s*(?:->|=>|\u2192)\s*(?P<new>[^\s(].*)$")


# "Went with Resend over SendGrid", "we settled on Zod instead of Yup": a choice a body tells
_WENT_WITH = lazy(
    r"(?i)^(?:we\s+|i\s+)?(?:went|go(?:ing)?|settled|opted)\s+(?:with|for|on)\s+(?P<x>[^,;:]+?)"
    r"(?:\s+(?:over|instead\s+of|rather\s+than)\s+(?P<alt>[^,;:.]+?))?\s*(?:[,;:.]|$)"
)


_REPLACES = lazy(
    r"(?i)^(?P<new>[A-Za-z][\w.+-]*)\s+(?:replaces|supersedes|takes over from)\s+"
    r"(?P<old>[A-Za-z][\w.+-]*(?:\s*(?:\+|,|&|and)\s*[A-Za-z][\w.+-]*){0,3})(?=[\s;:,.]|$)"
)


def _switch_in(sentence: str, *, subject: bool) -> tuple[str, tuple[str, ...]] | None:
    """The tool a sentence switches to and the ones it leaves, or None."""
    if subject and (arrow := _ARROW.match(sentence)):
        return _arrow_switch(arrow["old"], arrow["new"])
    took = _REPLACES.match(sentence)
    olds = re.split(r"\s*(?:\+|,|&|\band\b)\s*", took["old"]) if took else []
    if took and all(_names_a_tool(n) for n in (took["new"], *olds)):
        return took["new"], tuple(olds)  # "ruff replaces flake8 + isort": the tool in their place
    if went := _WENT_WITH.match(sentence):
        choice = rules.clip(went["x"])
        turned_down = (rules.clip(went["alt"]),) if went["alt"] else ()
        return (choice, turned_down) if _names_a_tool(choice) else None
    m = _SWITCH.search(sentence)
    if m is None or (not subject and m.start() > 0):
        return None  # a body's line is a switch when it starts with one ("Switched the feed to")
    choice = rules.clip(next(g for g in m.groups() if g is not None))
    # "migrate to Lightning 2.x with wandb logging", "move jobs to SQS for retries": the tool,
    # not what comes with it
    choice = re.split(r"\s+(?:with|for|via|using|because)\s+", choice)[0]
    old = re.search(
        r"(?i)\bfrom\s+([\w.+-]+)\s+to\b"
        r"|^replac(?:e|es|ed)\s+(?:the\s+)?([\w.+-]+(?:\s+[a-z]+)?)\s+with\b"  # "sqlite cache"
        r"|从\s*([\w.+-]+)\s*(?:迁移|切换|改)"
        r"|(?:替换|替代|取代|代替)(?:掉|了)?\s*([A-Za-z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?)",
        sentence,
    )
    left = old and next(g for g in old.groups() if g)
    # "replace sqlite cache with bbolt (cache)": the tool is the first word, the noun the part
    tool, _, part = (left or "").partition(" ")
    if part and choice.lower().endswith(f" {part.lower()}"):
        choice = choice[: -len(part) - 1]
    # "from conda to pixi": a word that takes a known tool's place is a tool too
    successor = left and rules.role_of_name(tool) and re.fullmatch(r"[a-z][\w.+-]*", choice)
    if not (_names_a_tool(choice) or successor):
        return None
    return choice, (left,) if left else rules.alternatives(sentence, choice)


def _stack_move(subject: str) -> dict[str, str]:
    """The stack part a commit subject moves to another tool: "switch from poetry to uv".

    The new tool takes the old one's role (`package_manager: uv`), which replaces the fact an
    earlier commit gave; a move between tools of different roles changes no stack part.
    """
    summary = _untyped(subject)[0]
    switch = None if _backs_out(subject) else _switch_in(summary, subject=True)
    if switch is None or len(switch[1]) != 1:
        return {}
    choice, (left,) = switch
    role, was = rules.role_of_name(choice), rules.role_of_name(left)
    if was is None or role not in (was, None) or " " in choice:
        return {}
    return {was: choice}


_FILE_NAME = lazy(r"(?i)\.(?:ya?ml|json|toml|md|txt|conf|ini|xml|properties|env|lock|cfg)$")


def _names_a_tool(choice: str) -> bool:
    """Whether a switch's target is a tool's name ("Cilium", "clap v4", "@shopify/flash-list")."""
    named = rules.technologies(choice) or re.match(r"[A-Z]", choice)
    if re.fullmatch(r"@[\w.-]+/[\w.-]+", choice):
        return True  # an npm package of a scope
    if _FILE_NAME.search(choice):
        return False  # "routes moved to application-routes.yml": a file, no tool
    # "Mesh/NamedSharding": names side by side; "config/routes": a path
    joined = "/" not in choice or re.match(r"[A-Z][\w.+-]*/[A-Z]", choice)
    return bool((named or _SWITCH_NAME.fullmatch(choice)) and joined)


def _arrow_switch(old: str, new: str) -> tuple[str, tuple[str, ...]] | None:
    """The choice of "X -> Y": Y when it names a tool that is not X at another version.

    "lr 1e-3 -> 5e-4" and "Postgres 15 -> 16" change a value, not the tool.
    """
    choice = rules.clip(re.split(r"\s+(?:for|in|on|to|because)\s+", new)[0])
    if not re.match(r"[A-Za-z@]", choice) or len(choice.split()) > 3 or commit_kind(choice):
        return None  # a value ("5e-4"), or a phrase
    words = old.split()
    if words and words[0].lower() == choice.split()[0].lower():
        return None  # "Node 18 -> Node 20": the same tool
    left = " ".join(words[-len(choice.split()) :]) if len(words) > 3 else old.strip()
    return choice, (left,)


# What a commit that backs a change out keeps or goes back to: "Back to npm", "Staying on S3
# for the cache", "encoding/json stays", "Keep the merged count matrix as TSV", "继续使用
# ECharts", "恢复 balance=simple", "配置改回存 NVS", "仲裁段保持 500kbps"
_KEPT = lazy(
    r"(?i)(?:\b(?:back\s+to|revert(?:s|ing|ed)?\s+to|return(?:s|ing|ed)?\s+to"
    r"|stay(?:s|ing)?\s+(?:on|with)|stick(?:s|ing)?\s+with|remain(?:s|ing)?\s+on"
    r"|continu(?:e|es|ing)\s+(?:to\s+use|using|with))"
    r"|^keep(?:ing)?\s+(?:using\s+)?(?:(?P<p>[^,;]+?)\s+as\s+)?)\s*(?P<x>[^\s,;]+.*)"
    # "They stay in Redis.": of a pronoun, where it stays
    r"|\b(?:they|it|these|those)\s+stays?\s+(?:in|on|with)\s+(?P<w>[^\s,;.]+)"
    r"|(?<![\w./+=-])(?P<y>(?!(?:they|it|these|those|this|that|we|i|you)\b)"
    r"(?:(?-i:[A-Z])[\w./+=-]*\s+)?[\w./+=-]+)\s+stays?\b"
    # "Going with Markdown export instead (#23)": what the back-out takes instead
    r"|\bgoing\s+with\s+(?P<g>[^,;.(]+?)(?:\s+instead)?(?=\s*[(,;.]|$)"
    r"|(?:改回存?|换回|切回|回退到|回退为|回滚到|回到|恢复为|恢复成|恢复|保持|继续使用|继续用|继续走|还是用|"
    r"仍然用)"
    r"\s*(?P<z>\S.*)"
)
# 'Revert "switch to X"': a revert that quotes the subject of the change it undoes
_QUOTES_REVERTED = lazy(r'(?i)revert\s*[:(]?\s*"')
# "保持现状", "恢复原样": what the code was, no way named
_AS_IT_WAS = lazy(
    r"(?:现状|原样|原状|原来的?(?:样子|方案|做法)?|之前的?(?:样子|方案|做法)?|以前的?|老样子|不变|旧的|默认)"
)
# "换成自建 Loki。" in a back-out's body: what it takes instead (in the reverted subject a revert
# quotes, the change undone)
_INSTEAD_ZH = lazy(r"(?:换成|改用|改走|改成用)\s*(?P<z>\S.*)")


# what the change backed out had moved to: "switch CNI to Cilium", "使用 LittleFS 存储"
_UNDONE_TARGET = lazy(
    r"(?i)(?:\bto\b|\bas\b|改为|改成|改用|换成|切换到|迁移到|迁到|使用|用)\s*"
    r"(?P<t>[A-Za-z0-9][\w./+=-]*(?:\s+[A-Z0-9][\w.+-]*)?)"
)


# a subject that undoes an earlier change (removing a thing alone is no undoing)
_UNDO = lazy(r"(?i)^(?:回退|回滚|撤回|撤销|revert(?:s|ed)?\b|roll(?:s|ed)?\s+back\b)\s*")


# a value a back-out keeps: "balance=simple", "encoding/json", "500kbps"
_KEPT_VALUE = lazy(r"[\w.-]+=[\w.-]+|[a-z][\w.-]*/[\w.-]+|\d[\d.]*\s?[A-Za-z]+")


def _backs_out(subject: str) -> bool:
    """Whether a commit undoes an earlier change: a revert, "回滚 bazel 迁移", "roll back X"."""
    summary = _untyped(subject)[0]
    return bool(_REVERT.match(subject.strip()) or _UNDO.match(summary))


def _undone_choice(summary: str) -> tuple[str, ...]:
    """What the change a back-out undoes had chosen, as the kept choice's alternative.

    'Revert "switch CNI to Cilium"' gives Cilium, "回滚 AntV G2，继续使用 ECharts" AntV G2.
    """
    if reverted := _REVERT.match(summary.strip()):
        summary = reverted["x"]
    summary = _untyped(summary)[0]
    undone = re.split(r"[，,；;。]", _UNDO.sub("", summary, count=1))[0]
    if chosen := re.match(r"(?i)(?P<t>.+?)\s+(?:instead\s+of|over|rather\s+than)\s", undone):
        return (rules.clip(chosen["t"]),)  # "NAT instances instead of NAT gateways"
    if target := _UNDONE_TARGET.search(undone):
        return (rules.clip(target["t"]),)
    for name in re.findall(r"[A-Za-z][\w./+=-]*(?:\s+[A-Z0-9][\w.+-]*)?", undone):
        if name[0].isupper() or rules.technologies(name) or _KEPT_VALUE.fullmatch(name):
            return (name,)
    return ()


def _kept_decision(commit: Any, subject: str, body: str, batch: Batch, src: dict[str, Any]) -> bool:
    """The choice a commit that backs a change out keeps, as a decision of the commit."""
    kept = kept_choice(subject, body)
    if kept is None:
        return False
    entry = decision_entry(*kept)
    entry.update(date=commit.date[:10], source_refs=[commit.short])
    # "revert: 统计页图表换回 MPAndroidChart … 等 Vico 出正式版再评估": the earlier commit's switch
    # to the tool this one names is undone, and is the kept choice's alternative
    # (when the subject names no undone change: "回滚 WebSocket 直播，改回 SSE" does, and the
    # revert's own rules take that switch out)
    said, choice = f"{subject}\n{body}".lower(), str(entry.get("choice", "")).lower()
    # "回退钉钉推送" backs out "改用钉钉机器人": a Chinese name by its first two characters
    undone = re.split(r"[，,；;]", _untyped(subject)[0], maxsplit=1)[0]
    for c in batch.candidates if not entry.get("alternatives") else ():
        switched = str(c.entry.get("choice", ""))
        head = switched.split()[0].lower() if switched.split() else ""
        if rules.is_chinese(head[:2]) and _UNDO.match(undone) and head[:2] in undone:
            head = head[:2]
        long = len(head) > (1 if rules.is_chinese(head) else 2)
        if c.reason == SWITCH_REASON and long and head in said and head not in choice:
            c.action, c.note = "dropped", "backed out by a later commit"
            merge_fields(entry, {"alternatives": [switched]})
    batch.candidates.append(Candidate("decisions", entry, 0.75, KEPT_REASON, src))
    return True


KEPT_REASON = "what a commit that backs a change out keeps"


def _then(summary: str) -> str:
    """What a back-out's subject says after the change it undoes.

    "回退钉钉推送，告警改走企业微信" gives "告警改走企业微信".
    """
    parts = re.split(r"[，,；;]", summary, maxsplit=1)
    return parts[1] if len(parts) == 2 and _UNDO.match(parts[0]) else ""


def kept_choice(subject: str, body: str = "") -> tuple[rules.Decision, str] | None:
    """The choice a commit that backs a change out keeps ("Back to npm", "继续使用 ECharts").

    The option the undone change had moved to is the alternative; a commit that backs
    nothing out keeps nothing.
    """
    if not _backs_out(subject):
        return None
    summary = _untyped(subject)[0]
    alternatives = _undone_choice(summary)
    for n, sentence in enumerate([summary, *rules.statements(rules.unwrap(body))]):
        # 'Revert "地图改回 Google Maps"': the subject a revert quotes is the change undone
        quoted = n == 0 and _QUOTES_REVERTED.match(sentence.strip()) is not None
        m = (
            None
            if quoted
            else _KEPT.search(sentence) or (_INSTEAD_ZH.search(sentence if n else _then(sentence)))
        )
        if m is None:
            continue
        got = m.groupdict()
        kept = got.get("x") or got.get("w") or got.get("y") or got.get("z") or got.get("g")
        if not kept:
            continue
        choice = rules.clip(kept)
        # "NAT gateways", "the sequential boto3 loop": a name or a library in the words kept;
        # "back to the in-memory token bucket", "先回到轮询": a way the code had before
        named = bool(
            rules.technologies(choice)
            or re.search(r"^[A-Z]|\b[a-z]+\d\w*\b", choice)
            or (re.search(r"[\u4e00-\u9fff]{2}", choice) and not _AS_IT_WAS.fullmatch(choice))
            or got.get("g")
            or re.search(r"(?i)\bback\s+to\s+the\s+\S+\s+\S", sentence)
        )
        if not (named or _SWITCH_NAME.fullmatch(choice) or _KEPT_VALUE.fullmatch(choice)):
            continue
        left = tuple(a for a in alternatives if a.lower() not in choice.lower())
        return rules.Decision(choice, left, None, got.get("p"), False), sentence
    return None


# a migration note's use of the old behaviour: "if you passed max_delay=30000, pass 30 now"
_OLD_USAGE = lazy(r"(?i)\bif\s+you\b|\bpreviously\b|\bused\s+to\b|\binstead\s+of\b")


def _commit_settings(sentence: str) -> dict[str, Any]:
    """The settings a commit's sentence gives: named ones, and the port a service listens on.

    A migration note names old usage: only the port the service now listens on is taken
    ("Container listens on 8080 instead of 8000").
    """
    if not _OLD_USAGE.search(sentence):
        return rules.settings(sentence, named_keys=False)
    port = rules.listened_port(sentence)
    return {"port": port} if port else {}


def commit_facts(subject: str, body: str) -> dict[str, Any]:
    """The stack a first commit lists, the versions it moves to and the settings it names."""
    facts: dict[str, Any] = {}
    if stack := rules.scaffold_stack(subject):
        facts["tech_stack"] = stack
    if rules.SCAFFOLD.search(subject):
        # the versions a first commit lists are the project's, whether the lexicon knows the
        # name or not ("Python 3.12, slack-bolt 1.18", "依赖 NumPy 1.26、SciPy 1.13")
        listed = rules.version_facts(subject, own=True, opening=True)
        said = " ".join(str(v) for v in stack.values()).lower()
        for key, value in listed.items():
            if str(value).lower() not in said:
                facts.setdefault("tech_stack", {}).setdefault(key, value)
    if moved := _stack_move(subject):
        facts.setdefault("tech_stack", {}).update(moved)
    for sentence in [subject, *rules.statements(rules.unwrap(body))]:
        for section, values in _sentence_facts(sentence).items():
            facts.setdefault(section, {}).update(values)
    return facts


def _sentence_facts(sentence: str) -> dict[str, dict[str, Any]]:
    """The facts one sentence of a commit message states, by section."""
    found: dict[str, dict[str, Any]] = {
        "tech_stack": {
            **rules.version_changes(sentence, done=True),
            **rules.minimum_versions(sentence),  # "require Node 20", "rust-version"
        },
        "config": _commit_settings(sentence),
    }
    if dep := rules.deployment(sentence):  # "chore(deploy): 生产环境上线 https://…"
        found["deployment"] = {dep.service: {"url": dep.url, "status": dep.status}}
    else:
        found["urls"] = rules.url_facts(sentence)
    found["storage"] = rules.storage_locations(sentence)
    # "workflow 在 .github/workflows/release.yml", "The config file now lives at …": where the
    # project keeps a part, said in the body (not the files a change touched)
    found["paths"] = rules.path_facts(sentence)
    return {section: values for section, values in found.items() if values}


def _recorded_decision(
    value: str,
    commit: Any,
    subject: str,
    batch: Batch,
    *,
    path: str,
    reason: str = "Decision: trailer",
) -> Candidate:
    """The decision a commit records in a `Decision:` line (or an ADR it adds)."""
    text = redact_text(value, path, commit.short, batch)
    d = rules.decision(text)
    entry = {
        "date": commit.date[:10],
        "title": text[:120],
        "context": subject,
        "choice": d.choice if d is not None else rules.clip(text),
        "source_refs": [commit.short],
    }
    src = {"path": path, "index": commit.short}
    return Candidate("decisions", entry, 0.9, reason, src)


def drop_reverted(batch: Batch) -> None:
    """A commit reverted later in the range leaves no changelog entry; the revert tells it.

    A tool a commit switched to and a later commit backs out ("回退 Koin，还是用 Hilt",
    "remove Koin") is no decision either.
    """
    _drop_backed_out(batch)
    changes = [c for c in batch.candidates if c.target == "changelog" and c.origin]
    made = [c for c in batch.candidates if c.origin]  # changes and the choices they made
    for revert in changes:
        undone = _undone_subject(str(revert.origin))
        if undone is None:
            continue
        commits = {
            _place(c) for c in made if c is not revert and str(c.origin).casefold() == undone
        }
        # all the reverted commit gave: its change, the choices of its subject and its body
        for c in batch.candidates:
            if c is not revert and commits and _place(c) in commits:
                c.action, c.note = "dropped", f"reverted by {revert.source.get('index')}"
        _bring_back(batch, commits, revert)


# git 2.43+ names the revert of a revert 'Reapply "feat: x"'
_REAPPLY = lazy(r'(?i)^reapply\s+"(?P<x>.+)"$')


def _undone_subject(subject: str) -> str | None:
    """The subject (case-folded) of the commit a revert undoes, or None for no revert.

    'Reapply "feat: x"' undoes 'Revert "feat: x"'.
    """
    if m := _REAPPLY.match(subject.strip()):
        return f'revert "{m["x"]}"'.casefold()
    if m := _REVERT.match(subject):
        return tracker_key(m["x"].strip())[1].casefold()
    return None


def _bring_back(batch: Batch, undone: set[tuple[Any, Any]], revert: Candidate) -> None:
    """What the reverts `revert` undoes had taken away comes back ('Revert "Revert "x""').

    The change brought back tells it, so the revert of the revert leaves no entry of its own.
    """
    taken = {(path, f"reverted by {index}") for path, index in undone}
    back = [c for c in batch.candidates if (c.source.get("path"), c.note) in taken]
    for c in back:
        c.action, c.note = "", None
    if back:
        revert.action, revert.note = "dropped", "brings back the change it reverts"


def _place(c: Candidate) -> tuple[Any, Any]:
    """Where a candidate comes from: its source and the commit (or message) in it."""
    return c.source.get("path"), c.source.get("index")


def reverts(subject: str) -> bool:
    """Whether a commit subject reverts another ('Revert "feat: x"', "revert: feat: x")."""
    return _REVERT.match(subject.strip()) is not None
