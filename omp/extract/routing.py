"""The filter order and routing (`settle`).

sensitive -> ROT (trivial, redundant, obsolete) -> confidence -> scope -> stored / review /
dropped / user.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from omp import rot, rules, sensitive
from omp.constants import AUTO_STORE_AT, REVIEW_AT
from omp.deploy import SERVICES
from omp.extract.candidates import (
    CONTROLS,
    LINE_BREAKS,
    SESSION_REASON,
    SWITCHED_FIELDS,
    Batch,
    Candidate,
    Stored,
    StoredMemory,
    choice_of,
    flatten,
    in_force,
    merge_fields,
    plain_text,
    redact_text,
    text_of,
)
from omp.lazyre import lazy

PLATFORMS = frozenset(SERVICES.values())  # deploys keyed by where they went, not by app


def settle(
    batch: Batch,
    stored: StoredMemory | Sequence[Stored],
    *,
    min_confidence: float = REVIEW_AT,
    today: str,
) -> None:
    """Apply the filters in the upstream order and decide each candidate's action.

    Sensitive (values redacted, already done on the way in) → ROT: trivial, redundant against
    `stored` and within the batch (≥ SKIP_AT skipped, ≥ MERGE_AT merged), obsolete signals
    marking stored decisions superseded → confidence below `min_confidence` dropped →
    EPHEMERAL dropped → stored (confidence ≥ AUTO_STORE_AT) or queued for review.
    """
    memory = stored if isinstance(stored, StoredMemory) else StoredMemory(stored)
    _switched_details(batch)
    _deploy_keys(batch, memory.deployments)
    _namespace_keys(batch, memory.deployments)
    _latest_facts(batch)
    kept: list[Candidate] = []
    for c in batch.candidates:
        _clean_secrets(c, batch)  # those dropped already too: they are shown
        if c.action:
            continue
        text = text_of(c.target, c.entry)
        # a decision is as informative as the sentence that made it: "Use KSP" alone is short,
        # "Room 也顺便切到 KSP" is not
        # and "uv。" answering "uv, poetry or pip?" as informative as the question's options
        others = " ".join(map(str, c.entry.get("alternatives", [])))
        told = f"{text} {c.entry.get('context', '')} {others}" if c.target == "decisions" else text
        if c.target == "changelog" and c.origin:
            # a commit says its type and scope too ("feat(web): dark mode"); a release commit
            # "v0.2.0" says less than its entry "Release v0.2.0"
            told = max(str(c.origin), text, key=rot.info_length)
        if c.target not in ("sessions", "project") and (why := rot.trivial_reason(told)):
            c.action, c.note = "dropped", f"trivial: {why}"
            continue
        if c.target in ("decisions", "changelog", "user") and _redundant(c, text, memory, kept):
            continue
        if c.confidence < min_confidence:
            c.action, c.note = "dropped", f"confidence below {min_confidence}"
            continue
        if c.scope == "EPHEMERAL":
            c.action, c.note = "dropped", "ephemeral"
            continue
        c.action = "stored" if c.confidence >= AUTO_STORE_AT else "review"
        kept.append(c)
    _supersede(batch, memory, today)
    _switched_away(batch, memory, today)
    _sessions_as_settled(batch)


def _sessions_as_settled(batch: Batch) -> None:
    """Each session record lists what its conversation wrote, as the filters left it.

    Made when the conversation ended, a record listed items the filters then dropped (a key
    given again later in the batch, a duplicate) or listed twice; its lists are made again
    from the conversation's items that are stored, merged into what memory holds or already
    there (so extracting a conversation again makes the same record, which is then no news).
    """
    group: list[Candidate] = []
    for c in batch.candidates:
        if c.target != "sessions":
            group.append(c)
            continue
        kept = [g for g in group if g.action in ("stored", "merged") or g.merge_into]
        if c.reason == SESSION_REASON:  # the rules' record (an external extractor's is its own)
            c.entry["key_actions"] = _once(
                str(g.entry.get("summary", "")) for g in kept if g.target == "changelog"
            )[:10]
            c.entry["decisions"] = _once(
                str(g.entry.get("title", "")) for g in kept if g.target == "decisions"
            )
            c.entry["outcomes"] = _once(
                f"{k}: {v}" for g in kept if g.target == "project" for k, v in flatten(g.entry)
            )[:10]
        group = []


def _once(items: Iterable[str]) -> list[str]:
    return [item for item in dict.fromkeys(items) if item]


def _leaves(data: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, value in data.items():
        here = (*path, str(key))
        out += _leaves(value, here) if isinstance(value, dict) and value else [here]
    return out


# not yamlio.get_path: extraction stays pure and free of ruamel's import cost
def _leaf(data: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _drop_leaf(data: dict[str, Any], path: tuple[str, ...]) -> None:
    if len(path) > 1:
        _drop_leaf(data[path[0]], path[1:])
        if not data[path[0]]:
            del data[path[0]]
    else:
        del data[path[0]]


def _deploy_keys(batch: Batch, stored: dict[str, Any]) -> None:
    """A second app deployed on one platform is recorded under its own name.

    `deployment.<platform>` (upstream's `deployment.vercel`) holds the first app deployed there
    (`app`); a deploy of another app there, in this batch or after one stored, is recorded as
    `deployment.<app>` with `platform`, as deploys keyed by their names are (kubectl, Cloud
    Run), rather than overwriting it. A record without an app says nothing of which app it was:
    a deploy is taken to be of it.
    """
    apps = {  # key -> (app, platform); one keyed by its app's name holds no `app`
        k: (v.get("app") or (k if v.get("platform") else None), v.get("platform"))
        for k, v in stored.items()
        if isinstance(v, dict)
    }
    for c in batch.candidates:
        places = c.entry.get("deployment") if c.target == "project" and not c.action else None
        if not isinstance(places, dict):
            continue
        for platform in [p for p in places if p in PLATFORMS and isinstance(places[p], dict)]:
            facts = places[platform]
            app = facts.get("app")
            held = apps.get(platform, (None, None))[0]
            if app is None or held in (None, app):
                apps[platform] = (held or app, None)
                continue
            key = app if apps.get(app, (app, platform)) == (app, platform) else f"{platform}-{app}"
            del places[platform]
            places[key] = {k: v for k, v in facts.items() if k != "app"} | {"platform": platform}
            apps[key] = (app, platform)


def _namespace_keys(batch: Batch, stored: dict[str, Any]) -> None:
    """A deployment's rollout to a second namespace is recorded under `<name>-<namespace>`.

    `deployment.web` holds the namespace `web` was first rolled out to; a rollout of `web` to
    another (staging, then production: two deployments of one name), in this batch or after one
    stored, is `deployment.web-production` with `app: web`, rather than overwriting it.
    """
    held = {k: v.get("namespace") for k, v in stored.items() if isinstance(v, dict)}
    for c in batch.candidates:
        places = c.entry.get("deployment") if c.target == "project" and not c.action else None
        if not isinstance(places, dict):
            continue
        for key in [k for k, v in places.items() if k not in PLATFORMS and isinstance(v, dict)]:
            namespace = places[key].get("namespace")
            if namespace is None:
                continue
            if held.get(key) in (None, namespace):
                held[key] = namespace
                continue
            moved = f"{key}-{namespace}"
            places[moved] = places.pop(key) | {"app": key}
            held[moved] = namespace


def _latest_facts(batch: Batch) -> None:
    """A project key given twice in one batch is written once.

    The same value is kept where it was most confident; a new value that will be stored
    replaces the earlier one ("batch size 4", later "改成 2"), as writing both in turn would,
    except for a role that tools share, which lists both ("gis: MapLibre + PMTiles").
    """
    holder: dict[tuple[str, ...], Candidate] = {}
    said = {id(c): _copied(c.entry) for c in batch.candidates if c.target == "project"}
    for c in batch.candidates:
        if c.target != "project" or c.action:
            continue
        for path in _leaves(c.entry):
            first = holder.get(path)
            if first is None:
                holder[path] = c
                continue
            before, now = str(_leaf(first.entry, path)), str(_leaf(c.entry, path))
            fuller = before.lower() in now.lower()  # "Postgres", then "Postgres 16"
            if (
                now.lower() in before.lower()
                and (before != now or c.confidence <= first.confidence)
            ) or _pinned_within(before, now):
                _drop_leaf(c.entry, path)
            elif fuller or c.confidence >= AUTO_STORE_AT:
                if path[0] == "tech_stack" and path[-1] in rules.SHARED_ROLES and not fuller:
                    _leaf(c.entry, path[:-1])[path[-1]] = f"{before} + {now}"  # both in use
                _drop_leaf(first.entry, path)
                holder[path] = c
    _vaguer_facts(holder)
    for c in batch.candidates:
        if c.target == "project" and not c.action and not c.entry:
            c.entry = said[id(c)]  # what it said, for the report: nothing of it is written
            c.action, c.note = "dropped", "the same key is given again in the batch"


def _pinned_within(pinned: str, spec: str) -> bool:
    """Whether `spec` is a range of versions (`~>1.7.0`, `^5.2`) that `pinned` names one of.

    "we pin terraform 1.7.5", then `required_version = "~> 1.7.0"` read from the file: the
    version said is the one in use, the range only what the file allows.
    """
    exact = re.fullmatch(r"(?i)(?P<name>.*?)\s*v?(?P<v>\d+(?:\.\d+)+)", pinned.strip())
    ranged = re.fullmatch(
        r"(?i)(?P<name>.*?)\s*(?:~>|[~^]|>=?)\s*v?(?P<v>\d+(?:\.\d+)*)", spec.strip()
    )
    if exact is None or ranged is None or exact["name"].lower() != ranged["name"].lower():
        return False
    major, _, minor = ranged["v"].partition(".")
    return exact["v"].split(".")[0] == major and (
        not minor or exact["v"].split(".")[1] == minor.split(".")[0]
    )


def _copied(data: Any) -> Any:
    """`data` with its mappings and lists copied (what `copy.deepcopy` does, for entries)."""
    if isinstance(data, dict):
        return {k: _copied(v) for k, v in data.items()}
    return [_copied(v) for v in data] if isinstance(data, list) else data


def _names_more(full: str, value: str, *, address: bool) -> bool:
    """Whether `full` is `value` with more to it: a version, or a path around a host."""
    if address:
        pattern = rf"(?i)(?<![\w.-]){re.escape(value)}(?![\w-])"
        return len(full) > len(value) and re.search(pattern, full) is not None
    return re.fullmatch(rf"(?i){re.escape(value)}\s*v?\d[\w.+-]*", full) is not None


def _vaguer_facts(holder: dict[tuple[str, ...], Candidate]) -> None:
    """Drop a stack or address value that another one of the batch names more fully.

    "urls.domain: tiles.example.cn" beside "urls.base: https://tiles.example.cn/x.pmtiles",
    "tech_stack.queue: celery" beside "tech_stack.celery: celery 5.3".
    """
    values = {path: str(_leaf(c.entry, path)) for path, c in holder.items()}
    for path, value in values.items():
        if path[0] not in ("tech_stack", "urls") or len(value) < 3:
            continue
        fuller = any(
            other != path
            and other[0] == path[0]
            and holder[other] is not holder[path]
            and _names_more(full, value, address=path[0] == "urls")
            for other, full in values.items()
        )
        if fuller:
            _drop_leaf(holder[path].entry, path)


def _clean_secrets(c: Candidate, batch: Batch) -> None:
    """Redact what the text redaction could not see.

    Secrets in candidates from outside (`--llm-cmd`), and values whose key names them a secret
    (a Worker's `SIGNING_KEY` var).
    """
    path, index = str(c.source.get("path")), c.source.get("index")

    def walk(value: Any, where: str) -> Any:
        if isinstance(value, str):
            return redact_text(value, path, index, batch)
        if isinstance(value, dict):
            return {plain_text(k): named(k, v) if isinstance(v, str) else walk(v, f"{where}.{k}")
                    for k, v in value.items()}  # fmt: skip
        if isinstance(value, list):
            return [walk(v, where) for v in value]
        return value

    def named(key: str, value: str) -> str:
        value = plain_text(value)
        clean = redact_text(value, path, index, batch)
        if clean != value:
            return clean
        # a value whose key names it a secret ({SIGNING_SECRET: "kt_…"})
        text, head = sensitive.assignment(key, value)
        pair = redact_text(text, path, index, batch)
        if pair == text:
            return value
        if not pair.startswith(head):
            return "[REDACTED:secret]"
        return pair[len(head) :].removesuffix(head[len(key) + 2 :])  # and its closing quote

    if sensitive.find_secrets(c.entry) or _has_controls(c.entry):
        c.entry = walk(c.entry, "$")
    _clean_notes(c, batch)


def _clean_notes(c: Candidate, batch: Batch) -> None:
    """An external extractor's reason, and a schema's complaint quoting a value it gave."""
    path, index = str(c.source.get("path")), c.source.get("index")
    c.reason = redact_text(c.reason, path, index, batch)
    if c.note:
        c.note = redact_text(c.note, path, index, batch)


def _has_controls(data: Any) -> bool:
    if isinstance(data, str):
        return bool(CONTROLS.search(data) or LINE_BREAKS.search(data))
    if isinstance(data, dict):
        return any(_has_controls(k) or _has_controls(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_has_controls(v) for v in data)
    return False


def _nearest(
    c: Candidate, text: str, memory: StoredMemory, kept: list[Candidate]
) -> tuple[float, str | None, Candidate | None]:
    """The most similar stored entry (its id) or batch item, with the similarity.

    Only the stored entries that may be `MERGE_AT` similar are compared: what is less similar
    is neither skipped nor merged, whatever it is.
    """
    best: tuple[float, str | None, Candidate | None] = (0.0, None, None)
    undoes = _UNDOES.match(text) is not None
    for s in memory.near(c.target, text):
        if (_UNDOES.match(s.text) is not None) != undoes:
            continue  # 'Revert "serve images as AVIF"' is no copy of the change it undoes
        if _other_deploys(c.entry, s.entry):
            continue
        if (score := rot.similarity(text, s.text)) > best[0]:
            best = (score, s.id, None)
    for other in kept:
        if other.target == c.target:
            other_text = text_of(other.target, other.entry)
            if (_UNDOES.match(other_text) is not None) != undoes or _other_deploys(
                c.entry, other.entry
            ):
                continue
            score = rot.similarity(text, other_text)
            if score > best[0]:
                best = (score, None, other)
    return best


_UNDOES = lazy(r"(?i)revert\b|回滚|回退|撤销")


_TOLD = lazy(r"Deploy (?:of )?\S|Apply migration ")  # the summaries `extract.deploys` makes


def _other_deploys(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two changes are deploys that deploy output told apart.

    Its entries (a `scope`, the service) say which service, app, namespace, version and
    environment each was in a summary made by one rule: "Deploy orders-api v2.14.0 to namespace
    orders" and "Deploy orders-worker v2.14.0 to namespace orders" are 0.91 similar, and two
    deploys. The same deploy read twice gives the same entry.
    """
    deploys = [
        e
        for e in (a, b)
        if e.get("type") == "deploy" and e.get("scope") and _TOLD.match(str(e.get("summary")))
    ]
    if len(deploys) < 2:
        return False
    told = [(str(e["scope"]), str(e.get("summary", "")).casefold()) for e in deploys]
    return told[0] != told[1]


def _redundant(c: Candidate, text: str, memory: StoredMemory, kept: list[Candidate]) -> bool:
    score, stored_id, twin = _nearest(c, text, memory, kept)
    if c.target == "changelog" and c.entry.get("ref") and stored_id is None and twin is None:
        return False
    if score >= rot.SKIP_AT:
        c.action, c.merge_into = "dropped", stored_id
        c.note = f"duplicate of {stored_id or 'an item above'} (similarity {score:.2f})"
        if twin is not None:
            merge_fields(twin.entry, c.entry)
            _takes_confidence(twin, c)
        return True
    if score >= rot.MERGE_AT:
        if twin is not None:
            merge_fields(twin.entry, c.entry)
            _takes_confidence(twin, c)
            c.action, c.note = "dropped", f"merged into an item above (similarity {score:.2f})"
            return True
        c.action, c.merge_into = "merged", stored_id
        c.note = f"merged into {stored_id} (similarity {score:.2f})"
        return True
    return False


def _switched_details(batch: Batch) -> None:
    """A detail of a choice that a later choice gives up leaves it, and becomes its alternative.

    A commit the agent made records "enable MCUboot via sysbuild (overwrite-only, ECDSA P-256)";
    a later one switches from overwrite-only to swap-using-move: the earlier choice is MCUboot
    via sysbuild (ECDSA P-256), overwrite-only given up.
    """
    decisions = [c for c in batch.candidates if c.target == "decisions" and c.action != "dropped"]
    given_up = [
        (n, str(old))
        for n, c in enumerate(decisions)
        for old in c.entry.get("alternatives", [])
        if len(str(old)) >= 3
    ]
    for n, d in enumerate(decisions):
        choice = str(d.entry.get("choice", ""))
        if "(" not in choice:
            continue
        for at, old in given_up:
            if at <= n or old.lower() not in choice.lower():
                continue
            gone = re.escape(old)
            detail = (
                rf"(?i)(?<=\()\s*{gone}\s*[,，]\s*|\s*[,，]\s*{gone}\s*(?=\))"
                rf"|\s*\(\s*{gone}\s*\)"
            )
            if not re.search(detail, choice):
                continue
            choice = re.sub(detail, "", choice)
            d.entry["choice"] = choice
            d.entry["title"] = re.sub(detail, "", str(d.entry.get("title", "")))
            d.entry["alternatives"] = [*d.entry.get("alternatives", []), old]


def _takes_confidence(twin: Candidate, c: Candidate) -> None:
    """`twin`, kept above, is as sure as its copy `c` that a surer rule found.

    "把 utcnow 全部换成 now(timezone.utc)" proposed (for review), then "用第二个" picked it: the
    item is stored, once.
    """
    if c.confidence > twin.confidence and c.scope != "EPHEMERAL":
        twin.confidence = c.confidence
        if twin.action == "review" and c.confidence >= AUTO_STORE_AT:
            twin.action = "stored"


def _obsoleted(old: str, memory: StoredMemory) -> list[Stored]:
    """Stored decisions, still in force, whose choice is `old`."""
    out = []
    for s in memory.naming(old):
        choice = choice_of(s.entry).lower()
        if in_force(s.entry) and choice and (old in choice or choice in old):
            out.append(s)
    return out


# "Switch the cache to Memcached instead", "cache 改用 Memcached": a switch made in a later
# session replaces the choice an earlier session made for the same part, though it does not
# name it (a conversation's own reversals are settled while it is read)
_INSTEAD = lazy(r"(?i)\binstead\b|而不是|替代|取代")


def _switch_of(c: Candidate) -> tuple[str, str | None] | None:
    """(role, part) of a decision stored from a switch; None for any other candidate."""
    if c.target != "decisions" or c.action != "stored":
        return None
    said = str(c.entry.get("context") or "")
    part = rules.switched_part(said)
    if not (part or rules.switches(said) or _INSTEAD.search(said)):
        return None
    role = rules.role_of(str(c.entry.get("choice") or ""))
    if role is None or role in rules.SHARED_ROLES:
        return None  # a second observability tool adds to the first
    return role, part


def _replaced(entry: dict[str, Any], role: str, part: str | None, choice: str) -> bool:
    """Whether a decision in force is the choice a switch to `choice` (for `part`) replaces."""
    if not in_force(entry):
        return False
    old = str(next((entry[f] for f in SWITCHED_FIELDS if entry.get(f)), "")).lower()
    if not old or old in choice.lower() or choice.lower() in old or rules.role_of(old) != role:
        return False
    if not rules.technologies(old):
        return False  # a role word is no choice of a tool: "keep UI state in the URL" stays
    told = " ".join(str(entry.get(k) or "") for k in ("title", "context", "choice")).lower()
    return part is None or part.lower() in told  # "migrate analytics to X" spares the main DB


def _switched_away(batch: Batch, memory: StoredMemory, today: str) -> None:
    """Mark superseded what a switch replaces: stored decisions, and earlier sessions' choices."""
    done = {str(c.entry.get("id")) for c in batch.candidates if c.action == "superseded"}
    for n, c in enumerate(list(batch.candidates)):
        switch = _switch_of(c)
        if switch is None:
            continue
        choice = str(c.entry.get("choice"))
        why = f"replaced by a later switch to {choice}"
        ids = [
            s.id
            for s in memory.mentioning(rules.role_terms(switch[0]))
            if s.id not in done and _replaced(s.entry, *switch, choice)
        ]
        for sid in ids:
            entry = {"id": sid, "status": "superseded", "valid_to": today}
            superseded = Candidate("decisions", entry, 0.9, why, c.source, action="superseded")
            batch.candidates.append(superseded)
        done.update(ids)
        if ids:
            c.entry.setdefault("supersedes", ids[0] if len(ids) == 1 else ids)
        for e in batch.candidates[:n]:  # a folder's earlier sessions, read in this run
            if (
                e.target == "decisions"
                and e.action == "stored"
                and e.source.get("path") != c.source.get("path")
                and _replaced(e.entry, *switch, choice)
            ):
                e.entry.update(status="superseded", valid_to=today)
                e.note = f"superseded: {why} in {c.source.get('path')}"


def _supersede(batch: Batch, memory: StoredMemory, today: str) -> None:
    for signal, src in batch.obsolete:
        old = signal.old.lower()
        if len(old) < 2:
            continue
        replacement = next(
            (
                c
                for c in batch.candidates
                if c.target == "decisions"
                and c.action == "stored"
                and (
                    rules.clip(signal.new).lower() in str(c.entry.get("choice", "")).lower()
                    if signal.new
                    else c.source == src
                )
            ),
            None,
        )
        why = f"obsolete: no longer {signal.old}" + (
            f", replaced by {signal.new}" if signal.new else ""
        )
        for s in _obsoleted(old, memory):
            if replacement is not None:
                replacement.entry["supersedes"] = s.id
            entry = {"id": s.id, "status": "superseded", "valid_to": today}
            batch.candidates.append(
                Candidate("decisions", entry, 0.9, why, src, action="superseded")
            )
