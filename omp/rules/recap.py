"""A summary of where things landed: what an assistant's recap says the project now uses."""

from __future__ import annotations

import re

from omp.lazyre import lazy
from omp.rules.facts import WEB_ADDRESS, path_key, stack_parts
from omp.rules.lexicon import VERSIONED
from omp.rules.signals import QUESTION, TENTATIVE
from omp.rules.text import FENCE, bullet_items
from omp.rules.values import (
    NAMED_VERSION,
    settings,
    stack_key,
    storage_locations,
    version_key,
    versioned_name,
)

_RECAP_HEAD = lazy(
    r"(?i)(?:\b(?:summary|recap|to recap|for the record|where (?:you|we)(?:'ve)? landed|"
    r"final (?:setup|config(?:uration)?|state|stack|layout)|current setup|you now have|"
    r"what you have now)\b|(?:最终|当前|目前|现在的?)(?:配置|方案|状态|架构|技术栈)|总结|小结)"
    r"[^:：\n]{0,40}[:：]"
)


_RECAP_LEAD = lazy(r"(?:[^.!?。！？\n]{0,24}[.!。！]\s*){0,2}(?:so|ok|okay|好的?|那)?[,，]?\s*")


_RECAP_SPLIT = lazy(r"[;；，]\s*|,\s+(?![^()（）]*[)）])")


_GONE = lazy(
    r"(?i)\b(?:removed|dropped|deleted|retired|gone|no longer|instead of|replaced|rotated|"
    r"revoked)\b|不再|已删除|删掉|去掉|移除|替换掉"
)


_LINKED = lazy(r"(?i)\s+(?:on|via|through|over|behind|atop|for)\s+(?=[A-Z`])")


_QUOTED_SETTING = lazy(r"`(?P<k>[a-z][\w.]{2,40})\s*=\s*['\"]?(?P<v>[^`'\"\s]{1,40})['\"]?`")


_QUOTED_PATH = lazy(r"`(?P<path>(?:~|\.{1,2})?/?[\w.@{}-]+(?:/[\w.@{}-]+)+/?)`")


def recap(message: str) -> list[str]:
    r"""The parts of the summary of where things landed that opens a message.

    "Summary of where you landed:\n- Sidekiq 7.3 on Redis Cloud\n- concurrency 10" gives
    its bullets; "You now have: Nextflow + nf-core/rnaseq 3.14.0, Singularity on SLURM" the
    parts of the sentence after the colon. A message that does not open with one gives none.
    """
    text = FENCE.sub("\n\n", message).lstrip()
    head = _RECAP_HEAD.search(text[:300])
    if head is None or not _RECAP_LEAD.fullmatch(text[: head.start()]):
        return []  # "The crash comes from the pool. Summary: …" sums up an answer
    line, _, after = text[head.end() :].partition("\n")
    if line.strip():
        sentence = re.split(r"(?<=[.。!！])\s", line.strip(), maxsplit=1)[0]
        return [p.strip(" .。") for p in _RECAP_SPLIT.split(sentence) if p.strip(" .。")]
    return bullet_items(after.splitlines())


def recap_facts(part: str, taken: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """The stack, settings and paths one part of a summary of where things landed states.

    "engine: DuckDB 1.1.3, `memory_limit='24GB'`" gives the engine and the memory limit;
    what the part says is gone ("GoodJob removed") is no stack. `taken`: the stack the
    summary's earlier parts gave, by key; a second tool of a role is keyed by its name.
    """
    body = re.sub(r"\([^)]*\)|（[^）]*）", "", re.sub(r"^`?[\w .-]{1,24}`?\s*[:：]\s+", "", part))
    body = WEB_ADDRESS.sub(" ", re.sub(r"\b[a-z][a-z0-9+.-]{0,30}://\S+", " ", body))
    facts: dict[str, dict[str, str]] = {}
    if stack := _recap_stack(body, {} if taken is None else taken):
        facts["tech_stack"] = stack
    config = settings(body.replace("`", ""))
    config |= {m["k"].lower(): m["v"] for m in _QUOTED_SETTING.finditer(part)}
    if config:
        facts["config"] = config
    paths = {
        path_key(m["path"]): m["path"]
        for m in _QUOTED_PATH.finditer(part)
        if not re.match(r"(?i)[a-z][\w+.-]*:/", m["path"])
        and re.search(r"^(?:~|\.{0,2}/)|/$|\.[A-Za-z]\w{0,5}$", m["path"])  # not Asia/Shanghai
    }
    if paths:
        facts["paths"] = paths
    if stores := storage_locations(part):
        label = re.match(r"^([a-z][\w -]{0,20}?)\s*[:：]\s", part)
        if label and len(stores) == 1:  # "output: s3://…/marts/": keyed by what it is
            stores = {label[1].replace(" ", "_"): next(iter(stores.values()))}
        facts["storage"] = stores
    return facts


def _recap_stack(body: str, taken: dict[str, str]) -> dict[str, str]:
    """The versioned tools of a part of a summary, by role, not yet in `taken`."""
    found: dict[str, str] = {}
    for piece in _RECAP_SPLIT.split(body):
        if _GONE.search(piece) or QUESTION.search(piece) or TENTATIVE.search(piece):
            continue
        for linked in _LINKED.split(piece):
            stack_parts(linked.replace("`", ""), found)
        for m in [*VERSIONED.finditer(piece), *NAMED_VERSION.finditer(piece)]:
            if not any(m.group("name").lower() in v.lower() for v in found.values()):
                found.setdefault(version_key(m), versioned_name(m))
    stack: dict[str, str] = {}
    for key, value in found.items():
        if not re.search(r"\d", value):
            continue  # a tool named alone mostly repeats a choice the conversation made
        if key in taken and taken[key] != value:
            key = stack_key(value.split()[0])
        if key not in taken:
            stack[key] = taken[key] = value
    return stack
