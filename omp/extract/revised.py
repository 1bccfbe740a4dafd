"""What later choices undo among the facts a conversation stated earlier, once it is read.

"lint 用的是 flake8 + black", then "统一用 ruff 做 lint": flake8 is no longer the linter. A
setting said of an option turned down later goes with it, and so does a liking for it. These
passes run when the last message has been read (`omp.extract.conversations`), over the
candidates found and the decisions made; they mark what they drop, with a note saying why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from omp import rules
from omp.extract.artifacts import AGENT_COMMIT
from omp.extract.candidates import Candidate, decision_entry, flatten, merge_fields
from omp.extract.commits import KEPT_REASON, kept_choice, switch_choice
from omp.extract.commits import SWITCH_REASON as COMMIT_SWITCH
from omp.lazyre import lazy

UNDONE_WORK_CONF = 0.55  # work told done on an option turned down later: for review

# "I like Flux more", "I prefer Vue", "我更喜欢 Flux": a liking, that a choice may outvote
_LIKES = lazy(r"(?i)\b(?:like|prefer|love|enjoy)\b|喜欢|偏好|更倾向")


# "统一用 ruff", "switch everything to Biome": one tool for the whole role
_ALL_IN = lazy(r"(?i)统一|全部(?:换|改|用)|都(?:换|改|用)|\b(?:everything|all of it)\b")


# "新模块就用 sqlc 写吧，老代码先不动": a choice for part of the code keeps the old tool
_PART_ONLY = lazy(
    r"(?i)新模块|新代码|新服务|新功能|老代码|旧代码|\bnew (?:code|modules?|services?)\b"
    r"|\b(?:existing|old|legacy) code\b"
)


class _Choice(NamedTuple):
    """A choice made in a conversation, where, and whether for a whole role."""

    choice: str
    at: int
    whole: bool
    switch: bool = False  # made by a switch ("switch us to ruff")
    read: int = 0  # the number of the sentence that made it

    def after(self, at: int, read: int) -> bool:
        """Whether the choice came after a stack said in message `at`, sentence `read`.

        In a later message; or, for a switch, later in the same one ("we use black + flake8
        right now …. switch us to ruff").
        """
        return self.at > at or (self.switch and self.at == at and self.read > read > 0)


def _replaces(role: str, value: str, d: _Choice) -> bool:
    """Whether choice `d` replaces `value` as the stack's `role`.

    Where tools share a role (linters, hosting), only a choice made for the whole role, or
    switched to, does.
    """
    whole = d.whole or d.switch
    if (role in rules.SHARED_ROLES and not whole) or rules.role_of(d.choice) != role:
        return False
    if (tool := rules.technologies(d.choice)[:1]) and tool == rules.technologies(value)[:1]:
        return False  # "Expo SDK 51", then "Expo push service": more of the same tool
    return not _same_tool(value, d.choice) and not _same_tool(d.choice, value)


def _beside(stack: dict[str, str], key: str, choice: str) -> bool:
    """Whether a stack already names the chosen tool beside the part under `key`.

    "React Native 0.74 + Expo SDK 51", then "用 expo-notifications + Expo 的 push service":
    more of Expo, used beside React Native, not in its place.
    """
    tool = rules.technologies(choice)[:1]
    return bool(tool) and any(
        k != key and rules.technologies(v)[:1] == tool for k, v in stack.items()
    )


def _same_tool(value: str, name: str) -> bool:
    """Whether a stack value and a refused option name one tool ("flake8 6" and "flake8").

    The option must be the tool alone: "MySQL 定时排序那套" refuses a way of using MySQL.
    """
    name = name.strip().lower()
    if value.lower() == name:
        return True
    named = rules.technologies(name)
    rest = re.sub(r"[\s\d.v]+", "", name.replace(named[0], "", 1)) if named else name
    return len(rest) <= 2 and rules.technologies(value)[:1] == named[:1]


def _names(text: str, name: str) -> bool:
    """Whether `text` names `name` as a word of its own ("Supabase", not "supabase-js")."""
    return re.search(rf"(?i)(?<![\w.-]){re.escape(name)}(?![\w-])", text) is not None


def replaced_stack(
    found: list[Candidate],
    decisions: list[Candidate],
    given_up: list[tuple[str, int]],
    read_at: dict[int, int],
) -> None:
    """Drop the stack facts that a later choice or switch replaced.

    "lint 用的是 flake8 + black" and later "统一用 ruff 做 lint": flake8 is no longer the
    linter. A later choice replaces the stack of its role; a choice made over an option, a
    reversed choice and "no longer use X" replace that tool.
    """
    gone = [
        (str(a), int(d.source["index"])) for d in decisions for a in d.entry.get("alternatives", [])
    ]
    gone += given_up
    chosen = [
        _Choice(
            str(d.entry.get("choice", "")),
            int(d.source["index"]),
            whole=_ALL_IN.search(str(d.entry.get("context", ""))) is not None,
            # a switch to a known tool naming none it replaces ("switch to FSDP instead of
            # DeepSpeed" does; "改成调 /api/ai/chat" switches to no tool)
            switch=rules.switches(str(d.entry.get("context", "")))
            and not d.entry.get("alternatives")
            and bool(rules.technologies(str(d.entry.get("choice", "")))),
            read=read_at.get(id(d), 0),
        )
        for d in decisions
        if not _PART_ONLY.search(str(d.entry.get("context", "")))
    ]
    replaced: list[str] = []
    said = {id(c): dict(stack) for c, stack in stacks(found)}
    for c, stack in stacks(found):
        at = int(c.source["index"])
        for key, value in list(stack.items()):
            read = read_at.get(id(c), 0)
            if any(later >= at and _same_tool(value, name) for name, later in gone) or any(
                d.after(at, read)
                and _replaces(key, value, d)
                and not _beside(said[id(c)], key, d.choice)
                for d in chosen
            ):
                replaced.append(value)
                del stack[key]
    for c, stack in stacks(found):  # named again later ("我们现在 Arduino 项目里的配置")
        for key, value in list(stack.items()):
            if any(_same_tool(value, old) for old in replaced) and not any(
                _same_tool(value, d.choice) for d in chosen
            ):
                del stack[key]
        if not stack:
            del c.entry["tech_stack"]
        if not c.entry:  # dropped whole: it says what it said, for the report
            c.entry["tech_stack"] = said[id(c)]
            c.action, c.note = "dropped", "replaced later in the conversation"
            c.confidence = 0.0


def turned_down_settings(
    found: list[Candidate], decisions: list[Candidate], said_in: dict[int, str]
) -> None:
    """Drop the settings and paths said of an option a later choice turned down.

    "point DATABASE_URL at the Supabase pooler on port 6543", then Neon over Supabase: the
    port is the pooler's, gone with it; not when the sentence names the choice too, nor
    when the later choice keeps the setting ("改成 Kafka 吧，topic 还是 order-cancelled").
    """
    gone = [
        (
            str(a),
            str(d.entry.get("choice", "")),
            int(d.source["index"]),
            str(d.entry.get("context", "")),
        )
        for d in decisions
        for a in d.entry.get("alternatives", [])
        if len(str(a)) > 2
    ]
    for c in found:
        said = said_in.get(id(c), "")
        if c.target != "project" or c.action or not set(c.entry) <= {"config", "paths"}:
            continue
        values = [str(v) for _, v in flatten(c.entry)]
        if any(
            int(c.source["index"]) < at
            and _names(said, old)
            and not _names(said, choice)
            and not any(_names(kept, v) and not _names(old, v) for v in values)
            for old, choice, at, kept in gone
        ):
            c.action, c.note = "dropped", "of an option turned down later in the conversation"
            c.confidence = 0.0


def work_on_turned_down(found: list[Candidate], decisions: list[Candidate]) -> None:
    """Work told done on an option a later choice turned down waits for review.

    "Hilt 接好了", then "还是换 Koin 吧，Hilt 太重": the work was undone, and the changelog
    would tell of a tool the project does not use; not when the work names the choice too.
    """
    gone = [
        (str(a), str(d.entry.get("choice", "")), int(d.source["index"]))
        for d in decisions
        for a in d.entry.get("alternatives", [])
        if len(str(a)) > 2
    ]
    for c in found:
        told = c.reason.startswith(("finished work", "reported done"))
        if c.target != "changelog" or c.action or not told:
            continue
        summary = str(c.entry.get("summary", ""))
        if any(
            int(c.source["index"]) < at and _names(summary, old) and not _names(summary, choice)
            for old, choice, at in gone
        ):
            c.confidence = min(c.confidence, UNDONE_WORK_CONF)
            c.reason += "; work on an option turned down later"


def outvoted_likes(found: list[Candidate], decisions: list[Candidate]) -> None:
    """Drop a liking for an option the same message turns down.

    "I like Flux more as engineer, it is more clean. But my team … Ok we go ArgoCD. Not
    Flux.": the person weighed the option; it is no way of theirs to remember.
    """
    for c in found:
        text = str(c.entry.get("text", ""))
        if c.target != "user" or c.action or not _LIKES.search(text):
            continue
        at = c.source["index"]
        # of the option turned down, not the one taken ("I prefer probe-rs over openocd")
        if any(
            _names(text, str(a)) and not _names(text, str(d.entry.get("choice", "")))
            for d in decisions
            if d.source["index"] == at
            for a in d.entry.get("alternatives", [])
        ):
            c.action, c.note = "dropped", "an option the same message turned down"
            c.confidence = 0.0


def stacks(found: list[Candidate]) -> Iterator[tuple[Candidate, dict[str, str]]]:
    """The project candidates stating a tech stack, with it."""
    for c in found:
        stack = c.entry.get("tech_stack")
        if c.target == "project" and isinstance(stack, dict):
            yield c, stack


SWITCH_CONF = 0.6  # dev: 6 of 9 such choices new to the batch were labelled; reviewed
SWITCH_REASON = "a switch that finished work states"


def switched_choices(
    found: list[Candidate], decisions: list[Candidate], others: list[Candidate]
) -> list[Candidate]:
    """The choices finished work states by switching a part to a named tool.

    "Switch product search to pg_trgm", "图片已经全部迁到 R2 了": the project now uses the new
    tool. Not when a decision of the conversation (or of `others`, the batch so far, with those
    dropped) chose or turned it down already, nor when a later choice goes back ("switched the
    queue to SQS", then "let's stay on RabbitMQ"). The decision keeps the work's `origin`, so
    a revert of the commit takes it too (`drop_reverted`).
    """
    made: list[Candidate] = []
    for c in found:
        commit = c.reason == AGENT_COMMIT
        told = commit or c.reason.startswith(("finished work", "reported done"))
        # a fix told done switched on the way ("Kryo 的问题修好了：改成 POJO"); a commit's type
        # says less ("fix(gps): switch UART2 RX to DMA" chooses DMA)
        fix = c.entry.get("type") == "fix" and not commit
        if c.target != "changelog" or c.action or not told or fix:
            continue
        switch = _switch_of(c, commit)
        if switch is None:
            continue
        d, entry, conf, reason = switch
        if commit and (_carried_out(d.choice, entry, decisions) or _upgrade(d.choice, found)):
            continue
        if _chosen_before(d.choice, c.source, [*decisions, *others, *made]) or _gone_back(
            d, int(c.source["index"]), decisions
        ):
            continue
        made.append(Candidate("decisions", entry, conf, reason, c.source, origin=c.origin))
    return made


def _switch_of(
    c: Candidate, commit: bool
) -> tuple[rules.Decision, dict[str, Any], float, str] | None:
    """The choice work told done switches to, its entry, how sure and why.

    A commit the agent made reads as it would in a git history ("switch CNI to Cilium",
    "test: jest -> vitest", "回退 Koin，还是用 Hilt"): a decision as sure as there.
    """
    kept = kept_choice(str(c.origin)) if commit else None
    said = kept or (switch_choice(str(c.origin)) if commit else None)
    if said is not None:
        entry = decision_entry(*said)
        if c.entry.get("ref"):
            entry["source_refs"] = [c.entry["ref"]]
        return said[0], entry, COMMIT_SWITCH_CONF, KEPT_REASON if kept else COMMIT_SWITCH
    summary = str(c.entry.get("summary", ""))
    switch = rules.switched_to(summary)
    if switch is None:
        return None
    d = switch[0]
    entry = decision_entry(d, summary)
    if d.purpose and rules.is_chinese(d.purpose):  # "图片迁到 R2": 采用 R2（图片）
        entry["title"] = f"采用 {d.choice}（{d.purpose}）"
    return d, entry, SWITCH_CONF, SWITCH_REASON


COMMIT_SWITCH_CONF = 0.75  # as sure as the same commit in a git history (`commits`)


_NAME_WORD = lazy(r"[A-Z0-9][\w.+#-]*|v\d[\w.]*")


def _upgrade(choice: str, found: list[Candidate]) -> bool:
    """Whether a commit's switch moves to a version of a tool the stack already has.

    "migrate the stores to svelte 5 runes" on a stack of svelte 5.16: work on the tool in
    use, no choice of one.
    """
    head, *rest = choice.casefold().split()
    if not any(re.match(r"v?\d", w) for w in rest):
        return False
    return any(
        str(v).casefold().split()[:1] == [head]
        for _, stack in stacks(found)
        for v in stack.values()
    )


def _carried_out(choice: str, entry: dict[str, Any], decisions: list[Candidate]) -> bool:
    """Whether a commit the agent made carries out a choice of the conversation, confirmed.

    "用 Riverpod 管状态", then the commit "登录状态迁移到 Riverpod AsyncNotifier": one
    decision, of the fuller name, as sure as the commit makes it (the work is done).
    """
    words = choice.casefold().split()
    for d in decisions:
        chosen = str(d.entry.get("choice", ""))
        n = min(len(words), len(chosen.split()))
        if d.action or n == 0 or words[:n] != chosen.casefold().split()[:n]:
            continue
        # "Riverpod AsyncNotifier", "Lightning 2.x": a fuller name; not "LittleFS 存储日志"
        if len(words) > n and all(_NAME_WORD.fullmatch(w) for w in choice.split()[n:]):
            title = str(d.entry.get("title", ""))
            d.entry.update(choice=choice, title=title.replace(chosen, choice, 1))
        d.confidence = max(d.confidence, COMMIT_SWITCH_CONF)
        merge_fields(
            d.entry, {k: v for k, v in entry.items() if k in ("alternatives", "source_refs")}
        )
        return True
    return False


def _chosen_before(choice: str, work: dict[str, Any], decisions: list[Candidate]) -> bool:
    """Whether a decision chose `choice` (or a name it starts with), or turned it down later.

    An option turned down before the work switched to it was taken up after all.
    """
    head = choice.split()[0]
    for d in decisions:
        if d.target != "decisions":
            continue
        index, at = d.source.get("index"), work["index"]
        later = d.source.get("path") == work.get("path") and isinstance(index, int) and index > at
        named = [str(d.entry.get("choice", ""))]
        named += [str(a) for a in d.entry.get("alternatives", [])] if later else []
        if any(n and (_names(n, head) or _names(choice, n)) for n in named):
            return True
    return False


def _gone_back(d: rules.Decision, at: int, decisions: list[Candidate]) -> bool:
    """Whether a choice made after message `at` goes back to what `d` left, or replaces it."""
    role = rules.role_of(d.choice)
    for later in decisions:
        chosen = str(later.entry.get("choice", ""))
        if int(later.source["index"]) <= at or _names(chosen, d.choice.split()[0]):
            continue
        if any(_names(chosen, a) for a in d.alternatives) or (
            role is not None and rules.role_of(chosen) == role
        ):
            return True
    return False
