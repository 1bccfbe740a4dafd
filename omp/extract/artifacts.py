"""What a session made and showed, beside its talk: commits, deploys and build files.

A commit the agent made ("git commit -m 'fix: …'" in a tool call, or git's "[main 8d2e1a4]
fix: …" in a transcript) is a changelog entry, with the sha git printed as its ref. The output
of a deploy CLI pasted or printed in a talk gives deployments, and a build file a tool printed
or the person pasted (`package.json`, `go.mod`, a `pom.xml` block) gives versions and
settings. Each function returns the candidates it makes; `omp.extract.conversations` keeps
them with the rest.
"""

from __future__ import annotations

from typing import Any

from omp import buildfiles, deploy, gitrepo, rules
from omp.extract.candidates import Batch, Candidate
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
