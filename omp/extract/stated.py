"""The project facts one statement of a conversation gives: stack, versions, settings, places.

What the conversation's state decides (who said it, whether it is an option or the opening
message, whether a coding agent read it in the repository) comes in as arguments; what one
statement says is read here.
"""

from __future__ import annotations

import re
from typing import Any

from omp import rules
from omp.constants import AUTO_STORE_AT
from omp.extract.candidates import Candidate, flatten
from omp.lazyre import lazy

VERSION_CONF = 0.6


AGENT_STACK_CONF = 0.7  # a coding agent's statement of the stack, with a version or two parts


NAMED_ADDRESS_CONF = 0.75


# "顺便说一句我一般都是 VS Code 加 ESP-IDF 插件开发", "I always build with `colcon build`": the
# tools of the person's own way are as often theirs alone as the project's; they wait for review
OWN_WAY_CONF = 0.55


# "launching now with torchrun --nproc_per_node=4": a run's argument (dev corpus: 0 of 5 kept)
RUN_ARGUMENT_CONF = 0.55


# "日志里显示 pool_size=10", "the error code is err-conn-reset", "比如 batch_size=64 之类的":
# values read off an error, a log or an example say what one run did or could do
PASSING_CONF = 0.55


# "我们 ERP 的库存模块", "我们组在做 ERA5 的降尺度": names the lexicon does not know, alone, are
# as often the project's product, data or classes as its tools (dev corpus: 0 of 5 kept)
UNKNOWN_NAMES_CONF = 0.55


# "那还是换回 Elasticsearch 吧。版本用 8.13": the version or the part a stored choice is taken
# at, as sure as a fact the person states
CHOSEN_STACK_CONF = 0.85


_Fact = tuple[dict[str, Any], float, str, str]  # facts, confidence, reason, priority


def chosen_stack(decisions: list[Candidate]) -> list[Candidate]:
    """The stack facts the final choices of a conversation are said with, once it is read.

    "OK, use Pulsar. Version 3.3 LTS" is a decision of Pulsar and the stack's Pulsar 3.3 LTS.
    Only a choice that is stored gives one: one reversed or turned down is no longer among
    `decisions`, and a tentative one or one left for review sets no stack.
    """
    found = []
    for d in decisions:
        said = f"{d.entry.get('title', '')} {d.entry.get('context', '')}"
        stack = rules.chosen_stack(str(d.entry.get("choice", "")), said)
        if stack and d.confidence >= AUTO_STORE_AT:
            reason = "the stack a choice is taken at"
            found.append(Candidate("project", {"tech_stack": stack}, CHOSEN_STACK_CONF, reason,
                                   d.source, priority="P2"))  # fmt: skip
    return found


def statement_facts(
    s: str,
    statement: str,
    conf: dict[str, float],
    *,
    own: bool,
    decided: bool,
    opening: bool,
    agent: bool,
) -> list[_Fact]:
    """The project facts of a sentence `s` (`statement`: its assertion), each with its level.

    `own`: the person said it; `decided`: it makes a choice; `opening`: it is in the message
    that introduces the project; `agent`: the assistant is a coding agent, whose statement of
    the stack it has usually read in the repository.
    """
    # "You're on Terraform v1.10.3": the assistant tells the person what their project is on
    statement = statement if own else rules.told_as_ours(statement)
    found = _stack_facts(statement, conf, own=own, decided=decided, opening=opening)
    found += _moved_facts(statement, conf, found)
    found += _place_facts(statement, conf, own=own)
    if own:
        found += _model_facts(s, conf, found)
        found += _hardware_facts(statement, conf, found)
        found += _named_facts(statement, conf, found)
        found += _required_facts(statement, conf, found)
        if name := rules.project_name(statement):
            found.append(({"project": {"name": name}}, conf["fact"], "project name", "P2"))
        if repo := rules.project_repository(statement):
            found.append(({"project": {"repository": repo}}, conf["fact"], "repository", "P2"))
        found += _passing_addresses(statement, conf, found)
    elif agent:
        found = [_read_stack(f) for f in found]
    return _of_others(_named_soundly(found), s)


# keys no fact is named by: words that say when or how much ("原来: weixin-java-pay", "全部:
# deid/sql/*.sql", "生成: scripts/gen_proto.sh"), a date ("2025-04-02: ops/incidents/…")
_NOT_A_KEY = lazy(
    r"(?:原来|本来|以前|之前|之后|后来|现在|目前|全部|所有|生成|另外|然后|所以|但是|如果|还是|就是|已经|"
    r"顺便|其实|要求|我们|你们|他们|这个|那个|这里|那里)|\d{4}-\d{2}-\d{2}"
)
# a time zone is no path ("paths.Singapore: Asia/Singapore")
_TIME_ZONE = lazy(r"(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[A-Z]\w+")


def _named_soundly(found: list[_Fact]) -> list[_Fact]:
    """`found` without the leaves whose key names nothing, and without facts left empty."""
    kept: list[_Fact] = []
    for facts, level, reason, priority in found:
        sound = {section: _sound(section, values) for section, values in facts.items()}
        sound = {section: values for section, values in sound.items() if values != {}}
        kept += [(sound, level, reason, priority)] if sound else []
    return kept


def _sound(section: str, values: Any) -> Any:
    """A section's values without those whose key names nothing (a plain value as it is)."""
    if not isinstance(values, dict):
        return values
    return {
        k: v
        for k, v in values.items()
        if not _NOT_A_KEY.fullmatch(str(k))
        and not (section == "paths" and _TIME_ZONE.fullmatch(str(v)))
    }


def _passing_addresses(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The web addresses the person names in passing that no other fact of `s` holds.

    "另外记一下：回调地址 https://api.chayu.cn/pay/wx/notify": where a part of the project is, said
    without the words `url_facts` reads (held-out corpus, counted: of the 27 sentences of the
    person naming a web address, 14 were stored already, 10 were labelled and read by no rule).
    """
    held = " ".join(str(facts) for facts, *_ in found)
    urls = {k: v for k, v in rules.passing_urls(s).items() if v not in held}
    return [({"urls": urls}, conf["fact"], "address named in passing", "P0")] if urls else []


def _of_others(found: list[_Fact], s: str) -> list[_Fact]:
    """The facts of `s`, those only its clauses about another project or team name for review.

    "隔壁组的服务叫 pay-gateway", "at my last job the db was orders_main": another's, as often
    as the project's; "隔壁组用 Kafka，我们用 RabbitMQ" keeps RabbitMQ.
    """
    part = rules.others_part(s).casefold()
    if not part:
        return found
    kept: list[_Fact] = []
    for facts, level, reason, priority in found:
        ours, theirs = _split_told(facts, part)
        kept += [(ours, level, reason, priority)] if ours else []
        kept += [(theirs, min(level, PASSING_CONF), reason, priority)] if theirs else []
    return kept


def _split_told(facts: dict[str, Any], part: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """`facts` as those `part` does not tell and those it does, section by section."""
    ours: dict[str, Any] = {}
    theirs: dict[str, Any] = {}
    for section, values in facts.items():
        if not isinstance(values, dict) or not all(isinstance(v, str) for v in values.values()):
            told = all(_told_in(str(v), part) for _, v in flatten({section: values}))
            (theirs if told else ours)[section] = values
            continue
        for key, value in values.items():
            (theirs if _told_in(value, part) else ours).setdefault(section, {})[key] = value
    return ours, theirs


def _told_in(value: str, part: str) -> bool:
    """Whether `part` names `value`, whole or word by word ("我 Mac 上的 Python 是 3.8").

    Spaces do not count: "对方接口的超时是 5 秒" names the value read as "5秒".
    """
    words = value.casefold().split()
    whole = "".join(words) in "".join(part.split())
    return bool(words) and (whole or all(w in part for w in words))


def own_way(found: list[_Fact], s: str) -> list[_Fact]:
    """The facts of `s`, those its clauses of the person's own way name left for review.

    "我平时看集群都是 k9s", "跟你说下我的习惯，我们组一律用 pnpm": the tools are the person's,
    as often as the project's; "我们是 python 3.11，依赖我习惯用 uv 管" keeps the project's
    Python.
    """
    part = rules.own_way_part(s).casefold()

    def told(facts: dict[str, Any]) -> bool:
        values = [str(v).casefold() for _, v in flatten(facts)]
        return bool(part) and all(v in part for v in values)

    return [
        (facts, min(level, OWN_WAY_CONF) if told(facts) else level, reason, p)
        for facts, level, reason, p in found
    ]


def _stated_stack(s: str) -> dict[str, str]:
    """The technologies a statement names as the stack, by role."""
    stack = rules.tech_facts(s)
    if "hardware" not in stack and (gpus := rules.machine_gpus(s)):
        stack["hardware"] = gpus
    if "storage" not in stack and (store := rules.stored_in(s)):
        stack["storage"] = store
    if "language" not in stack and (language := rules.written_in(s)):
        name = re.sub(r"[\s\d.v]+$", "", language).lower()
        if not any(str(v).lower().startswith(name) for v in stack.values()):
            stack["language"] = language  # "调度服务是 C++17 写的" may have named C++ 17 already
    stack |= {k: v for k, v in rules.listed_stack(s).items() if k not in stack}
    stack |= {k: v for k, v in rules.named_parts(s).items() if k not in stack}
    stack |= {k: v for k, v in rules.run_stack(s).items() if k not in stack}
    stack |= {k: v for k, v in rules.described_parts_zh(s).items() if k not in stack}
    # "比对流程是 bwa-mem2 -> samtools -> GATK": the whole pipeline, not its first step alone
    stack |= {k: v for k, v in rules.shaped_stack(s).items() if k not in stack or stack[k] in v}
    stack |= {
        k: v
        for k, v in rules.named_systems(s).items()
        if k not in stack and not _named_in(v, stack)
    }
    if hosted := rules.hosted_parts(s):
        # "The frontend is on Vercel and the API on Fly.io": each part where it runs, not
        # the first host alone as the project's
        if stack.get("hosting") in hosted.values():
            del stack["hosting"]
        stack |= hosted
    people = rules.spoken_to(s)  # "我跟 Tina 说一下": a colleague, not TinaCMS
    return {k: v for k, v in stack.items() if str(v).lower() not in people}


def _stack_facts(
    s: str, conf: dict[str, float], *, own: bool, decided: bool, opening: bool = False
) -> list[_Fact]:
    """Technologies, versions and settings a statement gives.

    `opening`: the statement is in the message where the person introduces the project, so
    the versions it names are the project's ("I'm making a co-op crawler in Godot 4.3").
    """
    found: list[_Fact] = []
    stack = _stated_stack(s) if not decided else _stack_beside_choice(s)
    if stack:
        level = conf["fact"]
        if rules.unknown_names_only(stack):
            level = min(level, UNKNOWN_NAMES_CONF)
        found.append(({"tech_stack": stack}, level, "tech stack", "P2"))
    versions = rules.version_facts(s, own=own, opening=opening)
    outright = rules.stated_versions(s) if own else {}
    versions = {k: v for k, v in versions.items() if k not in outright}
    # "We're on Go 1.22 with chi": the stack fact has the version already (language: Go 1.22)
    if fresh := {k: v for k, v in outright.items() if not _named_in(v, stack)}:
        found.append(({"tech_stack": fresh}, conf["fact"], "version said to be in use", "P2"))
    # the first version of a sentence that describes the stack ("X is Python 3.12 on Postgres
    # 16", "后端是 Go 1.22 + Gin") is the project's own, unless a stack fact was already found;
    # so are the versions listed after it or after a stack fact
    states = rules.states_stack(s)
    # a stated stack says itself which versions are its own; a choice and hearsay are no fact
    opening = opening and not (states or decided or _HEARSAY.search(s))
    primary = next(iter(versions), None) if not stack and (states or opening) else None
    listed = rules.listed_versions(s) if stack or primary else set()
    stated = {k: v for k, v in versions.items() if k == primary or k in listed or opening}
    if primary is not None:
        found.append(({"tech_stack": stated}, conf["fact"], "stack stated", "P2"))
    elif stack:
        for key, value in stated.items():
            if not _named_in(value, stack):
                stack.setdefault(key, value)
    # versions named in passing are as often noise as facts (dev corpus: 42% kept by the
    # labels): they wait for review rather than being stored
    found += [
        ({"tech_stack": {key: value}}, VERSION_CONF, "version", "P2")
        for key, value in versions.items()
        if key not in stated and not _named_in(value, stack)
    ]
    config = rules.settings(s)
    ran = config if rules.read_not_set(s) else _run_arguments(s, config)
    if config := {k: v for k, v in config.items() if k not in ran}:
        found.append(({"config": config}, conf["fact"], "configuration value", "P0"))
    if ran:
        level = min(conf["fact"], RUN_ARGUMENT_CONF)
        found.append(({"config": ran}, level, "configuration value", "P0"))
    return found


def _run_arguments(s: str, config: dict[str, str]) -> dict[str, str]:
    """The settings of `config` that `s` gives as arguments of one run of a command."""
    flags = rules.run_arguments(s) if config else set()
    keys = {k: re.sub(r"[^a-z0-9]+", "_", k.lower()).strip("_") for k in config}
    # "celery -A app worker --concurrency=8" is read as the key "worker_--concurrency"
    return {
        k: v
        for k, v in config.items()
        if any(keys[k] == f or keys[k].endswith("_" + f) for f in flags)
    }


def _stack_beside_choice(s: str) -> dict[str, str]:
    """The stack the clauses of a deciding Chinese sentence state that decide nothing themselves.

    "分析主要用 xarray + dask，在学校的 HPC 上跑，调度系统是 Slurm": the choice is one clause,
    the scheduler a fact beside it.
    """
    if rules.stays_as_is(s) and not rules.tentative(s):
        return _stated_stack(s)  # "…，变异检测用 GATK 4.5，这俩不变": in use, not chosen now
    # "go with river, we already run Postgres 16 on Render anyway": an English clause that says
    # what the project runs, beside the choice
    clauses = _CLAUSES.split(s) if rules.is_chinese(s) or _RUNS_ALREADY.search(s) else []
    found: dict[str, str] = {}
    for clause in clauses if len(clauses) > 1 else ():
        if rules.decision(clause) or rules.tentative(clause) or rules.is_question(clause):
            continue
        if rules.personal(clause) is not None or _ADDRESSED.search(clause):
            # "另外我一般都用 pnpm", "你上面给的也是 pnpm 命令": the person's habit, what the
            # assistant wrote; not the project's stack
            continue
        found |= {k: v for k, v in _stated_stack(clause).items() if k not in found}
    return found


_CLAUSES = lazy(r"[，,；;]")
_RUNS_ALREADY = lazy(
    r"(?i)[,;]\s*(?:and\s+)?(?:we|our \w+)\s+(?:already\s+)?(?:run|use|have|are on|is on)\b"
)


_ADDRESSED = lazy(r"[你您]")


_HEARSAY = lazy(r"(?i)听说|挺火|很火|最近看|\bi (?:heard|read)\b|\bpeople (?:say|are saying)\b")


def _read_stack(fact: _Fact) -> _Fact:
    """A coding agent's statement of the stack, with a version or two parts or more, is stored.

    It has usually read it in the repository ("项目是 Vue 3 + Vite 5 + Element Plus"); one
    name alone is as often what it is about to use (dev corpus: 8 of 11 kept, against 1 of 7).
    """
    facts, level, reason, priority = fact
    stack = facts.get("tech_stack", {})
    if (
        reason == "tech stack"
        and not rules.unknown_names_only(stack)
        and (len(stack) >= 2 or any(re.search(r"\d", v) for v in stack.values()))
    ):
        level = max(level, AGENT_STACK_CONF)
    return facts, level, reason, priority


def _moved_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The versions a sentence reports moving to ("We bumped Node to 20"), unless already found."""
    stack = {k: v for facts, *_ in found for k, v in facts.get("tech_stack", {}).items()}
    moved = {k: v for k, v in rules.version_changes(s).items() if not _named_in(v, stack)}
    return [({"tech_stack": moved}, conf["fact"], "version moved to", "P2")] if moved else []


def _named_in(version: str, stack: dict[str, str]) -> bool:
    """Whether a stack fact already names `version` ("Pydantic 2" in "Pydantic v2")."""

    def norm(text: str) -> str:
        return re.sub(r"\s*\bv(?=\d)", " ", text.lower())

    return any(norm(version) in norm(str(v)) for v in stack.values())


_DEPLOYED_PLACES = frozenset(("staging", "production", "test", "preview", "dev", "development"))


def _place_facts(s: str, conf: dict[str, float], *, own: bool = False) -> list[_Fact]:
    """Where things are: deployment URLs, named addresses, the layout, paths.

    Object-store locations count when the person names them, not in an assistant's example.
    """
    found: list[_Fact] = []
    dep = rules.deployment(s)
    # beside a deployment, only another address can name a second place
    addresses = rules.url_facts(s) if dep is None or s.count("://") > 1 else {}
    if dep is not None:
        places = {dep.service: {"url": dep.url, "status": dep.status}}
        # "staging is at https://a and prod at https://b": each place is deployed
        for env, url in addresses.items():
            if env in _DEPLOYED_PLACES and url != dep.url and env not in places:
                places[env] = {"url": url, "status": dep.status}
        found.append(({"deployment": places}, conf["fact"] + 0.05, "deployment URL", "P0"))
        addresses = {}
    # "健康检查路径是 /healthz": a route of the service, an address of it too
    routes = {k: v for k, v in rules.route_facts(s).items() if k not in addresses}
    if routes:
        found.append(({"urls": routes}, conf["fact"], "route", "P0"))
    if addresses:
        # an address named as what it is ("the broker is mqtts://…") is the project's whoever
        # says it: the assistant mostly repeats or reports it (dev corpus: 8 of 8 kept)
        level = max(conf["fact"], NAMED_ADDRESS_CONF)
        level = min(level, PASSING_CONF) if rules.read_not_set(s) else level
        found.append(({"urls": addresses}, level, "address", "P0"))
    layout = rules.layout_fact(s)
    if layout is not None:
        found.append(({"paths": {"layout": layout}}, conf["path"], "project layout", "P2"))
    paths = rules.path_facts(s) if layout is None else {}
    if paths:
        found.append(({"paths": paths}, conf["path"], "project path", "P2"))
    return found + _setup_facts(s, conf, paths, own=own)


def _setup_facts(
    s: str, conf: dict[str, float], paths: dict[str, str], *, own: bool
) -> list[_Fact]:
    """How the project is set up to run: env variables, commands, object-store locations."""
    found: list[_Fact] = []
    if names := rules.env_names(s):  # "the secret goes in the STRIPE_WEBHOOK_SECRET env var"
        found.append(({"env": names}, conf["path"], "environment variable", "P2"))
    if cmds := rules.commands(s):  # "tests run with `pytest -q`": how the project is worked on
        found.append(({"commands": cmds}, conf["path"], "project command", "P2"))
    stores = rules.storage_locations(s) if own else {}
    stores = {k: v for k, v in stores.items() if v not in paths.values()}
    if stores:
        found.append(({"storage": stores}, conf["path"], "object-store location", "P2"))
    return found


def _model_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The base model the person names for the project, unless a stack fact already has one.

    Named as a choice too ("base model 用 Qwen2.5-7B-Instruct"), it is the project's model.
    """
    if any("model" in facts.get("tech_stack", {}) for facts, *_ in found):
        return []
    model = rules.base_model(s)
    return [({"tech_stack": {"model": model}}, conf["fact"], "base model", "P2")] if model else []


def _hardware_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The board, chip or GPUs and the platforms the person says the project runs on.

    The hardware only when a stated stack has not already named it.
    """
    named = any("hardware" in facts.get("tech_stack", {}) for facts, *_ in found)
    board = None if named else rules.own_hardware(s)
    stack = {"hardware": board} if board else {}
    if targets := rules.platforms(s):
        stack["platforms"] = targets
    return [({"tech_stack": stack}, conf["fact"], "hardware and platforms", "P2")] if stack else []


def _required_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """The versions the person says the project requires or pins ("MSRV 1.74"), unless found."""
    if rules.is_question(s) or rules.tentative(s):
        return []
    known = " ".join(str(v) for facts, *_ in found for _, v in flatten(facts))
    required = {k: v for k, v in rules.minimum_versions(s).items() if v.split()[-1] not in known}
    # "报错说 requires Python 3.10": what an error asks for, not what the project pins
    level = min(conf["fact"], PASSING_CONF) if rules.read_not_set(s) else conf["fact"]
    return [({"tech_stack": required}, level, "version required", "P2")] if required else []


def _named_facts(s: str, conf: dict[str, float], found: list[_Fact]) -> list[_Fact]:
    """Paths, hosts and names the person gives a part of the project, unless already found."""
    known = " ".join(str(v) for facts, *_ in found for _, v in flatten(facts))
    named: dict[str, dict[str, str]] = {}
    for section, values in rules.named_values(s).items():
        for key, value in values.items():
            if value not in known:
                named.setdefault(section, {})[key] = value
    level = min(conf["fact"], PASSING_CONF) if rules.read_not_set(s) else conf["fact"]
    return [(named, level, "named value", "P2")] if named else []
