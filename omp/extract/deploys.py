"""Deploy output to memory: `deployment.<service>` facts and a changelog entry per deploy.

A failed deploy that is tried again is a retry, not a rollback.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from omp import gitrepo, rules, sensitive
from omp.extract.candidates import Batch, Candidate, Redaction
from omp.extract.commits import CONVENTIONAL_TYPES, NOISE_COMMIT, TRIVIAL_COMMIT, commit_kind
from omp.lazyre import lazy


def from_deploys(events: Sequence[Any], batch: Batch, *, path: str) -> None:
    """Add the candidates of the deploys in one output (`deploy.DeployEvent`s) to `batch`.

    Events of one service (and app) are one deploy told in steps (started, then live or failed, then
    perhaps rolled back): the URL and id of any step are kept, and a failure is the outcome
    even when a rollback follows. A failure followed by a deploy that went live, with an id
    of its own or without any version it went back to, is a retry that worked: the retry is the
    outcome.
    """
    merged: dict[tuple[str, int], Any] = {}
    rolled_back: set[tuple[str, int]] = set()
    for event in events:
        at = _deploy_of(event, merged)
        before = merged.get(at)
        if before is None:
            merged[at] = event
            continue
        status = event.status
        retried = event.status == "active" and _retried(before, event)
        if before.status == "failed" and retried:  # a new deploy that went live: a retry
            # the migrations the failed attempt applied stay applied
            ran = before.migrations + tuple(
                m for m in event.migrations if m not in before.migrations
            )
            merged[at] = event._replace(
                migrations=ran, framework=event.framework or before.framework,
                app=event.app or before.app, hostname=event.hostname or before.hostname,
                cli_version=event.cli_version or before.cli_version,
            )  # fmt: skip
            rolled_back.discard(at)
            continue
        if before.status == "failed":
            status = "failed"
            rolled_back.add(at)
        merged[at] = before._replace(
            status=status,
            url=event.url or before.url,
            deploy_id=event.deploy_id or before.deploy_id,
            app=before.app or event.app,
            line=event.line,
            version=before.version or event.version,
            namespace=before.namespace or event.namespace,
            framework=before.framework or event.framework,
            context=before.context or event.context,
            image=before.image or event.image,
            bindings=before.bindings or event.bindings,
            routes=before.routes or event.routes,
            restored=before.restored or event.restored,
            migrations=before.migrations or event.migrations,
            rolled_back=before.rolled_back or event.rolled_back,
            cli_version=before.cli_version or event.cli_version,
            hostname=before.hostname or event.hostname,
            project=before.project or event.project,
            regions=before.regions or event.regions,
            config=before.config if status == before.status else event.config,
            message=before.message or event.message,
        )
    for at, event in merged.items():
        from_deploy(event, batch, path=path, rolled_back=at in rolled_back or event.rolled_back)


def _deploy_of(event: Any, merged: dict[tuple[str, int], Any]) -> tuple[str, int]:
    """Which deploy of the output `event` is a step of: (service, its place in the output).

    Another app of the same service is another deploy (two Vercel projects of a monorepo), and
    so is a deployment of the same name in another namespace (`web` in staging, then in
    production), or one to another environment (a preview, then production); a step that names
    no app, or the app a deploy that named none yet, belongs to the service's latest deploy.
    """
    ours = [at for at in merged if at[0] == event.service]
    for at in reversed(ours):
        before = merged[at]
        if _fixed_release(before, event):
            break
        if (
            _same(before.app, event.app)
            and _same(before.namespace, event.namespace)
            and _staged(before) == _staged(event)
        ):
            return at
    return (event.service, len(merged))


def _fixed_release(failed: Any, event: Any) -> bool:
    """Whether `event` rolls out a release of its own after `failed` was rolled back.

    "set image …:2.14.0" crash-loops and is undone; "set image …:2.14.1" after the fix (or an
    `apply -f` whose change-cause names 1.4.1) is the next deploy, not a step of the failed one.
    """
    return bool(
        failed.tool == "kubectl"
        and failed.status == "failed"
        and event.version
        and event.version not in (failed.version, failed.restored)
    )


def _same(before: str | None, now: str | None) -> bool:
    """Whether a step names the same thing as its deploy (either naming none is the same)."""
    return before is None or now is None or before == now


def _retried(failed: Any, live: Any) -> bool:
    """Whether the deploy that went live after `failed` was a new attempt, not a rollback.

    A deploy with an id of its own is new. Without ids, a second `fly deploy` that went live
    ("Visit your newly deployed app") is a retry unless the output says what it went back to;
    kubectl's `rollout undo` goes live too, and is a rollback.
    """
    if live.deploy_id is not None:
        return bool(live.deploy_id != failed.deploy_id)
    return not (failed.restored or live.restored) and live.tool != "kubectl"


def _running(event: Any) -> str | None:
    """The version a deploy puts in place: its version, else a release its id is."""
    if not event.version and _RELEASE.get(event.tool, _NEVER).fullmatch(event.deploy_id or ""):
        return event.deploy_id  # type: ignore[no-any-return]
    return event.version  # type: ignore[no-any-return]


def _versions(event: Any, *, rolled_back: bool) -> dict[str, str]:
    """`version`, and for a deploy rolled back `failed_version`.

    Rolled back, the version it tried does not run; the one restored, when known, does.
    """
    tried = _running(event)
    if not rolled_back:
        return {"version": tried} if tried else {}
    out = {"version": event.restored} if event.restored else {}
    return out | ({"failed_version": tried} if tried and tried != event.restored else {})


def _deploy_facts(event: Any, *, rolled_back: bool) -> dict[str, Any]:
    """What `deployment.<svc>` records of a deploy: status, address, app, image, bindings.

    The app's `hostname` when no address of the deploy names it (a deploy that failed), and
    the tool's `cli_version`.

    The version of a deploy rolled back is what runs again, when known; the one it tried is
    `failed_version`.
    """
    facts: dict[str, Any] = {"status": event.status}
    if event.url:
        facts["url"] = event.url
    if event.app and event.app != event.service:  # which app on the platform
        facts["app"] = event.app
    facts |= _versions(event, rolled_back=rolled_back)
    for key in ("image", "namespace", "context", "project", "environment", "cli_version"):
        if getattr(event, key):
            facts[key] = getattr(event, key)
    if event.restored:  # what runs in production after the failed deploy was rolled back
        facts["rolled_back_to"] = event.restored
    for key in ("regions", "routes"):
        if getattr(event, key):
            facts[key] = list(getattr(event, key))
    if event.bindings:
        facts["bindings"] = dict(event.bindings)
    if event.hostname and event.hostname not in (event.url or ""):
        facts["hostname"] = event.hostname
    return facts | _shown(event)


def _shown(event: Any) -> dict[str, Any]:
    """What the output shows of the app (`omp.deploy_config`): lists, and the version still live."""
    shown: dict[str, Any] = {}
    for key, value in event.config:
        if key == "live_version":
            shown[key] = value
        elif value != event.url:  # a custom domain that is already the address
            shown.setdefault(key, []).append(value)
    return shown


# a Worker's var named as a secret is one, however short or plain its value ("AUTH_TOKEN:
# "hunter2""): wrangler prints a var's value, and `wrangler secret put` was not used for it


def _shaped(value: str) -> bool:
    return bool(sensitive.redact(value)[1])


def _hidden(bindings: dict[str, str], batch: Batch, path: str, line: int) -> dict[str, str]:
    """The bindings with the value of every var named as a secret taken out and reported.

    A value the secret filter knows by its shape (a Slack token) is left to it, which names
    its kind when the entry is written.
    """
    kept = {}
    for name, value in bindings.items():
        if (
            rules.SECRET_VAR.search(name)
            and not value.startswith("[REDACTED")
            and not _shaped(value)
        ):
            batch.redactions.append(Redaction(f"secret assigned to {name}", path, line, 0))
            value = "[REDACTED:secret]"
        kept[name] = value
    return kept


def from_deploy(event: Any, batch: Batch, *, path: str, rolled_back: bool = False) -> None:
    """Add the candidates of one deploy (a `deploy.DeployEvent`) to `batch`."""
    src = {"path": path, "index": event.line}
    reason = f"{event.tool} deploy output"
    told_back = bool(event.restored or event.rolled_back)
    facts = {"deployment": _record(event, _deploy_facts(event, rolled_back=rolled_back))}
    for record in facts["deployment"].values():
        if "bindings" in record:
            record["bindings"] = _hidden(record["bindings"], batch, path, event.line)
    batch.candidates.append(Candidate("project", facts, 0.95, reason, src, priority="P0"))
    if event.framework:  # what the build detected is the stack, whatever became of the deploy
        key = re.sub(r"\W", "", event.framework.split()[0].lower())
        stack = {"tech_stack": {key: event.framework}}
        batch.candidates.append(
            Candidate("project", stack, 0.9, f"{event.tool} build output", src, priority="P2")
        )
    name = " ".join(x for x in (event.app or event.service, event.version) if x)
    if event.status == "active":
        where = f" to {_staged(event) or 'production'} at {event.url}" if event.url else ""
        where = where or (f" to {_staged(event)}" if _staged(event) else "")
        where = f" to namespace {event.namespace}" if event.namespace else where
        summary = f"Deploy {name}{where}"
    elif event.status == "failed":
        back = f" to {event.restored}" if event.restored else ""
        summary = f"Deploy of {name} failed" + (f"; rolled back{back}" if rolled_back else "")
    else:
        summary = f"Deploy of {name} started"
    if note := release_note(event.message or "", event.version, event.app or event.service):
        summary = f"{summary}: {note}"  # "… to namespace risk: 规则引擎升级到 drools 8.44"
    entry: dict[str, Any] = {"type": "deploy", "summary": summary, "scope": event.service}
    if event.deploy_id:
        entry["ref"] = event.deploy_id
    # every deploy is a changelog line (the contract), stored when it went live or was
    # rolled back to a known version (production moved, and back); any other failed deploy
    # changed nothing in production (its status is in project.yaml) and a deploy whose output
    # stops before the outcome is unknown: both wait for review (dev corpus: labellers kept 9 of
    # 15 successful deploys as changelog lines, 5 of the 6 rolled back to a named version, and
    # none of the other failed ones)
    # (a rollback the tool reports, `kubectl rollout undo`, moved production and back too)
    # (a preview is not what users see: its line waits for review)
    confidence = 0.9 if event.status == "active" else 0.8 if told_back else 0.6
    confidence = 0.6 if _staged(event) == "preview" else confidence
    # (a staging deploy no command named, told only by the Worker's name "notify-staging",
    # is less sure, and was not kept in the dev corpus: its line waits for review too)
    confidence = 0.6 if _staged(event) and event.env_from_name else confidence
    batch.candidates.append(Candidate("changelog", entry, confidence, reason, src, priority="P0"))
    for migration in event.migrations:  # applied to the database, whatever the deploy's fate
        change = {"type": "deploy", "summary": f"Apply migration {migration}",
                  "scope": event.service}  # fmt: skip
        batch.candidates.append(Candidate("changelog", change, 0.85, reason, src, priority="P0"))


# what a deploy's message says beside what ships: the release and its version, who ran it, the
# CI run, pipeline, merge request or commit it came from ("deploy v3.8.2 from ci run 9187",
# "release 1.14.0 by ci (pipeline #8841)", "main@4f2c9a1")
_NOT_A_NOTE = lazy(
    r"(?i)[(（][^()（）]*[)）]|\b(?:release|deploy(?:ed)?|rollout|hotfix)\b|发布|部署|上线"
    r"|\b(?:from|by|via)\s+(?:ci|cd|jenkins|gitlab|github actions)\b(?:\s+run\s+\S+)?"
    r"|\b(?:ci|jenkins|pipeline|run|build|mr|pr|git)\b\s*[#!]?\s*\d*"
    r"|(?<![\w.])v?\d+(?:\.\d+)+(?:-[\w.]+)?(?![\w.])|[#!]\d+|\b[0-9a-f]{7,40}\b"
    r"|\b[\w-]+@[0-9a-f]{7,40}\b|\b\d{4}-\d{2}-\d{2}\b"
    r"|\b[A-Z]{2,}-[\w-]*\d[\w-]*"  # a change ticket: "CHG-2025-0617-03", "OPS-1182"
)


def release_note(message: str, version: str | None, name: str = "") -> str | None:
    """What a deploy's message says it ships, or None when it names only the release.

    "v2.8.3: 订单超时关闭改为 15 分钟; 修复优惠券叠加" → "订单超时关闭改为 15 分钟; 修复优惠券叠加";
    "deploy v3.8.2 from ci run 9187" → None. Written as the message writes it, after its
    version's colon when it has one.
    """
    said = message.strip()
    if version and (m := re.match(rf"(?i).*?{re.escape(version)}\s*[:：]\s*", said)):
        said = said[m.end() :]  # "release v3.14.2: idempotency keys on /v2/transfers"
    elif version and said.startswith(version):
        said = said[len(version) :]  # "v2.14.0 fx-rate cache + batch posting"
    rest = _NOT_A_NOTE.sub(" ", said.replace(name, " ") if name else said)  # not the app's name
    words = re.findall(r"[A-Za-z][\w+/-]*|[\u4e00-\u9fff]", rest)
    if len(words) < 2 or len("".join(words)) < 4:
        return None
    return said.strip(" :：-—") or None


# the deploy ids that are the release running: Fly's and Heroku's release ("v15"), a Worker's
# Version ID (a Pages deployment's hash, and Vercel's or Netlify's deploy id, name no release)
_RELEASE = {
    "fly": lazy(r"v\d+"),
    "heroku": lazy(r"v\d+"),
    "wrangler": lazy(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
}
_NEVER = lazy(r"(?!)")
_PRODUCTION = frozenset({"production", "prod", "live"})


def _staged(event: Any) -> str | None:
    """The environment a deploy went to when the command named one that is not production."""
    env: str | None = event.environment
    return env if env and env.lower() not in _PRODUCTION else None


def _record(event: Any, facts: dict[str, Any]) -> dict[str, Any]:
    """`{key: facts}` of a deploy in `deployment`.

    A platform's key (`deployment.cloudflare`) holds its production deploy: one to another
    environment is keyed by its app and that environment, with `platform`: `wrangler deploy
    --env staging` of edge-router-staging is `deployment.edge-router-staging`, a Vercel preview
    of shop `deployment.shop-preview`.
    """
    env = _staged(event)
    if env is None or event.tool in ("kubectl", "gcloud"):
        return {event.service: facts}
    app = facts.pop("app", None) or event.service
    key = app if env.lower() in app.lower() else f"{app}-{env}"
    return {key: facts | {"platform": event.service}}


# colour, and a CI log's timestamp before the line, as a CI log keeps them
_ANSI = lazy(r"\x1b\[[0-?]*[ -/]*[@-~]|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z ")
# "$ git log --oneline -2" in a deploy script's output, then one "c7d19e4 perf(api): …" a line
_SHOWN_LOG = lazy(r"^\s*(?:\$|>|\+)\s*git\s+log\b.*\s--oneline\b")
_SHOWN_COMMIT = lazy(r"^\s*(?P<sha>[0-9a-f]{7,40})\s+(?:\([^)]*\)\s+)?(?P<subject>\S.{3,})$")


# the kinds of conventional commit a deploy log's listing leaves for review: maintenance, and
# (unlike a commit range, where a new CI check is notable) ci, build and docs, which say
# nothing of what the deploy shipped
_REVIEWED_TYPES = frozenset({"chore", "style", "test", "tests", "ci", "build", "docs"})


def from_shown_commits(text: str, batch: Batch, *, path: str) -> None:
    """Add a changelog entry for each commit a deploy output shows.

    Those `git log --oneline` lists, and those it shows git made (`[main 7c2e91b] fix(billing):
    use invoice_url from API`, a fix committed between a failed deploy and its retry). What went
    out is the work those commits did; the deploy's own line only says it shipped (dev corpus:
    the labellers kept 6 of the 6 such commits). A commit shown twice is one entry.
    """
    lines = text.splitlines()
    seen: set[str] = set()
    for index, sha, subject in [*_listed(lines), *_made(lines)]:
        if sha[:7] in seen:
            continue
        seen.add(sha[:7])
        entry, confidence = _shown_commit(sha[:7], subject)
        src = {"path": path, "index": index}
        reason = "a commit the deploy output shows"
        batch.candidates.append(Candidate("changelog", entry, confidence, reason, src))


def _listed(lines: list[str]) -> Iterator[tuple[int, str, str]]:
    """(line, sha, subject) of each commit `git log --oneline` lists."""
    for n, line in enumerate(lines):
        if not _SHOWN_LOG.match(line):
            continue
        for later, shown in enumerate(lines[n + 1 :], start=n + 1):
            m = _SHOWN_COMMIT.match(shown)
            if m is None:
                break
            yield later, m["sha"], m["subject"].strip()


def _made(lines: list[str]) -> Iterator[tuple[int, str, str]]:
    """(line, sha, subject) of each commit git says it made (`[main 7c2e91b] subject`)."""
    for n, line in enumerate(lines):
        for sha, subject in rules.committed_refs(_ANSI.sub("", line)):
            yield n, sha, subject


def _shown_commit(sha: str, subject: str) -> tuple[dict[str, Any], float]:
    """The changelog entry of a commit `git log --oneline` printed, and its confidence."""
    conventional = gitrepo.parse_conventional(subject)
    if conventional is None:
        kind = commit_kind(subject)
        entry = {"type": kind or "other", "summary": subject, "ref": sha}
        if TRIVIAL_COMMIT.match(subject) or NOISE_COMMIT.search(subject):
            return entry, 0.2
        return entry, 0.75 if kind is not None else 0.5
    entry = {
        "type": CONVENTIONAL_TYPES.get(conventional.type, "other"),
        "summary": conventional.summary,
        "ref": sha,
    }
    if conventional.scope:
        entry["scope"] = conventional.scope
    if NOISE_COMMIT.search(subject):
        return entry, 0.3
    return entry, 0.6 if conventional.type in _REVIEWED_TYPES else 0.85
