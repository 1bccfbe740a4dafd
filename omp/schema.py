"""Validate memory data against the shipped JSON Schemas and the rules a schema cannot say."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from omp.constants import CANDIDATE_TARGETS, UNKEEPABLE_CHARS
from omp.records import Timestamp, entries, list_kind_of
from omp.resources import resource
from omp.sensitive import find_secrets
from omp.validity import Check, Compiler, Unsure

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

# A problem is (where, what): where is a JSON path such as `decisions[2].status`.
Problem = tuple[str, str]

SCHEMA_NAMES = (
    "common",
    "project",
    "decisions",
    "changelog",
    "session",
    "themes-index",
    "embeddings",
    "user-context",
    "candidates",
    "user-memories",
    "handoff",
    "config",
    "imports",
    "agent-migration.v1",
)


@lru_cache(maxsize=1)
def _registry() -> Any:
    from referencing import Registry, Resource

    return Registry().with_resources(
        (uri, Resource.from_contents(contents)) for uri, contents in _schemas()
    )


@lru_cache(maxsize=16)
def validator(name: str) -> Validator:
    """A compiled validator for the schema `name` (e.g. `decisions`)."""
    from jsonschema import Draft202012Validator

    schema = _registry().contents(f"urn:omp:schema:{name}")
    return Draft202012Validator(schema, registry=_registry())


# Validity is decided first by omp.validity, which compiles the keywords omp's schemas use into
# plain checks that answer as jsonschema would (importing a validator would cost a git hook more
# than checking). Only data it finds invalid, or cannot decide on, goes to jsonschema, which words
# the problems and has the last say. tests/test_schema.py holds the two to the same answers.


@lru_cache(maxsize=1)
def _schemas() -> list[tuple[str, Any]]:
    """Every shipped schema, as (its `$id`, its contents)."""
    out = []
    for name in SCHEMA_NAMES:
        contents = json.loads(resource("schemas", f"{name}.schema.json").read_text("utf-8"))
        out.append((contents["$id"], contents))
    return out


@lru_cache(maxsize=1)
def _compiler() -> Compiler:
    return Compiler(dict(_schemas()))


@lru_cache(maxsize=32)
def _quick(ref: str) -> Check:
    return _compiler().check(ref)


def surely_valid(ref: str, data: Any) -> bool:
    """True when `data` is valid against the schema at `ref`; False means "ask jsonschema"."""
    try:
        return _quick(ref)(data)
    except (Unsure, RecursionError):
        return False


def _display_path(json_path: str) -> str:
    return json_path[2:] if json_path.startswith("$.") else json_path.lstrip("$") or "(top)"


def _leaves(error: Any) -> list[Any]:
    """The errors that name the fault: inside anyOf/oneOf, all of the branch that got furthest."""
    if not error.context:
        return [error]
    branches: dict[Any, list[Any]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    best = max(
        branches.values(),
        key=lambda errs: (
            max(len(e.absolute_path) for e in errs),
            any(e.validator != "type" for e in errs),
        ),
    )
    return [leaf for sub in best for leaf in _leaves(sub)]


def schema_problems(name: str, data: Any) -> list[Problem]:
    """Every place where `data` breaks the schema `name`."""
    if data is None:  # an empty file (or only comments) is an empty memory, not an error
        return []
    if surely_valid(f"urn:omp:schema:{name}", data):
        return []
    return _worded(validator(name), data)


def _worded(schema_validator: Validator, data: Any) -> list[Problem]:
    """The problems jsonschema finds in `data`, at the errors that name the fault."""
    problems = {
        (_display_path(leaf.json_path), leaf.message)
        for error in schema_validator.iter_errors(data)
        for leaf in _leaves(error)
    }
    return sorted(problems)


_ITEM_DEFS = {
    "decisions": ("decisions", "decision"),
    "changelog": ("changelog", "change"),
    "sessions": ("session", "session"),
    "candidates": ("candidates", "candidate"),
    "memories": ("user-memories", "memory"),
    "imports": ("imports", "import"),
    "manifest-item": ("agent-migration.v1", "item"),
}


def _item_ref(kind_name: str) -> str:
    schema, item = _ITEM_DEFS[kind_name]
    return f"urn:omp:schema:{schema}#/$defs/{item}"


@lru_cache(maxsize=8)
def _item_validator(kind_name: str) -> Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator({"$ref": _item_ref(kind_name)}, registry=_registry())


def _item_problems(kind_name: str, item: Any) -> list[Problem]:
    if surely_valid(_item_ref(kind_name), item):
        return []
    return _worded(_item_validator(kind_name), item)


def check_entry(kind_name: str, entry: Any) -> list[Problem]:
    """Problems of one entry of a list file (`decisions`, `changelog`, `sessions`).

    Paths are relative to the entry (`(top)` for the entry itself).
    """
    return _item_problems(kind_name, entry) + char_problems(entry)


def target_entry_problems(target: str, entry: dict[str, Any]) -> list[Problem]:
    """Where an item to be written to `target` (a candidate's) breaks that file's schema.

    `target` is one of `CANDIDATE_TARGETS`: a decision, change or session is checked as an entry
    of its list file, project facts as a part of project.yaml, a user item as an entry of the
    user store. Paths are relative to the entry (`(top)` for the entry itself).
    """
    kind = {"decisions": "decisions", "changelog": "changelog", "sessions": "sessions"}.get(target)
    if kind is not None:
        return check_entry(kind, entry)
    if target == "project":
        return schema_problems("project", entry) + char_problems(entry)
    if target == "user":
        if not isinstance(entry.get("text"), str):
            return [("text", "a user item needs a `text` string")]
        memory = {"text": entry["text"], "kind": entry.get("kind") or "preference"}
        return check_entry("memories", memory)
    return [("target", f"must be one of {', '.join(CANDIDATE_TARGETS)}")]


def manifest_item_problems(item: Any) -> list[Problem]:
    """Where one item of an agent-migration.v1 manifest breaks its schema (paths from the item)."""
    return _item_problems("manifest-item", item)


def meta_problems(meta: Any) -> list[Problem]:
    """Problems of a `_meta` block."""
    if surely_valid(_META_REF, meta):
        return char_problems(meta)
    problems = [
        (_display_path(e.json_path), e.message) for e in _meta_validator().iter_errors(meta)
    ]
    return problems + char_problems(meta)


_META_REF = "urn:omp:schema:common#/$defs/meta"


@lru_cache(maxsize=1)
def _meta_validator() -> Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator({"$ref": _META_REF}, registry=_registry())


def check_skeleton(name: str | None, skeleton: Any) -> list[Problem]:
    """Problems of a list file outside its entries (the list itself given as `[]`)."""
    if name is None:
        return char_problems(skeleton)
    return schema_problems(name, skeleton) + char_problems(skeleton)


_SURROGATE = re.compile("[\ud800-\udfff]")
_BAD_CHARS = re.compile("[" + "".join(UNKEEPABLE_CHARS) + "\ud800-\udfff]")


# The forms omp writes (a date; a UTC time), checked without importing ruamel.yaml
_COMMON_TIMESTAMP = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?Z?)?"
)


def _real_timestamp(text: str) -> bool:
    """Whether a YAML date or timestamp names a real day and time (not 2026-02-30)."""
    m = _COMMON_TIMESTAMP.fullmatch(text)
    if m is None:
        return _real_timestamp_by_ruamel(text)
    import datetime

    year, month, day, hour, minute, second = (int(part) if part else 0 for part in m.groups())
    try:
        datetime.datetime(year, month, day, hour, minute, second)
    except ValueError:
        return False
    return True


def _real_timestamp_by_ruamel(text: str) -> bool:
    """`_real_timestamp` for any form, as ruamel.yaml reads it."""
    from ruamel.yaml.util import create_timestamp, timestamp_regexp

    m = timestamp_regexp.match(text)
    if m is None:
        return True
    try:
        create_timestamp(**m.groupdict())
    except (ValueError, OverflowError):
        return False
    return True


def _date_problems(text: str, path: str) -> list[Problem]:
    if not isinstance(text, Timestamp) or _real_timestamp(text):
        return []
    return [
        (
            _display_path(path),
            f"{text} is not a real date or time (YAML readers fail on it): "
            "write a date that exists, or quote it to keep it as text",
        )
    ]


def _text_problems(text: str, path: str) -> list[Problem]:
    out = _date_problems(text, path)
    if _BAD_CHARS.search(text) is None:
        return out
    for ch, name in UNKEEPABLE_CHARS.items():
        if ch in text:
            out.append((_display_path(path), f"contains {name}, which YAML cannot keep"))
    if _SURROGATE.search(text):
        out.append((_display_path(path), "contains a lone surrogate (not valid Unicode)"))
    return out


def char_problems(data: Any, path: str = "$") -> list[Problem]:
    """Values a round-trip cannot keep: characters YAML drops, dates that are not real, NaN.

    YAML readers (PyYAML, ruamel) turn an unquoted `2026-02-30` into a date and fail on it;
    NaN is not JSON and never equals itself, so no check can tell it was written as meant.
    """
    out: list[Problem] = []
    if isinstance(data, str):
        out += _text_problems(data, path)
    elif isinstance(data, float) and math.isnan(data):
        out.append(
            (
                _display_path(path),
                "NaN (`.nan`) cannot be kept: it is not JSON and never equals itself; write "
                "a number, or quote it (`'\".nan\"'` on the command line) to keep it as text",
            )
        )
    elif isinstance(data, dict):
        for k, v in data.items():
            out.extend(char_problems(k, f"{path}.{k}"))
            out.extend(char_problems(v, f"{path}.{k}"))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(char_problems(v, f"{path}[{i}]"))
    return out


def duplicate_ids(name: str, data: Any) -> list[Problem]:
    """Entries of one file sharing an id."""
    kind = list_kind_of(name)
    if kind is None:
        return []
    ids = [e.get("id") for e in entries(kind, data) if isinstance(e, dict) and "id" in e]
    counts = Counter(str(i) for i in ids)
    return [
        (f"{kind.name}[{i}]", f"id {i!r} is used by {n} entries")
        for i, n in counts.items()
        if n > 1
    ]


def secret_problems(data: Any, path: str = "$") -> list[Problem]:
    """Credentials found in `data` (the value itself is never shown); paths start at `path`."""
    return [
        (
            _display_path(f.path),
            f"looks like sensitive data ({f.kind}); memory must not hold secrets or personal data",
        )
        for f in find_secrets(data, path)
    ]


def check(name: str | None, data: Any) -> list[Problem]:
    """Schema, duplicate-id and character problems of one file's data."""
    problems = char_problems(data)
    if name is not None:
        problems += schema_problems(name, data) + duplicate_ids(name, data)
    return problems


def conflict_problems(data: Any, where: str = "") -> list[Problem]:
    """Places a merge left both sides' values (`_conflict`, written by `omp merge-driver`)."""
    found: list[Problem] = []
    if isinstance(data, dict):
        for key, value in data.items():
            path = f"{where}.{key}" if where else str(key)
            if key == "_conflict" and isinstance(value, dict):
                fields = ", ".join(str(k) for k in value)
                found.append(
                    (
                        path,
                        f"unresolved merge conflict on {fields}: keep one value of "
                        "`ours`/`theirs` and delete `_conflict`",
                    )
                )
            else:
                found += conflict_problems(value, path)
    elif isinstance(data, list):
        for n, value in enumerate(data):
            found += conflict_problems(value, f"{where}[{n}]")
    return found


def stored_problems(name: str | None, data: Any) -> list[Problem]:
    """Every problem `omp validate` finds in one file's data, which omp then never writes to.

    `check`, plus credentials and unresolved merge conflicts already in the file.
    """
    return check(name, data) + secret_problems(data) + conflict_problems(data)


def themes_problems(index: Any, embeddings: Any) -> list[Problem]:
    """Cross-checks of `themes/index.yaml` against `themes/embeddings.json`.

    These are warnings: the theme layer is derived data, and upstream's own theme writer leaves
    some of them behind (empty centroids after a split), which must not fail validation.
    """
    out: list[Problem] = []
    themes = index.get("themes") if isinstance(index, dict) else None
    if not isinstance(themes, list):
        return out
    vectors = embeddings if isinstance(embeddings, dict) else {}
    seen_members: dict[str, str] = {}
    ids = {t.get("themeId") for t in themes if isinstance(t, dict)}
    dims = {len(v) for v in vectors.values() if isinstance(v, list) and v}
    if len(dims) > 1:
        out.append(("embeddings", f"centroids have different dimensions: {sorted(dims)}"))
    for n, theme in enumerate(themes):
        if isinstance(theme, dict):
            out += _theme_problems(f"themes[{n}]", theme, ids, seen_members)
            tid = theme.get("themeId")
            if embeddings is not None and tid not in vectors:
                out.append((f"themes[{n}]", f"theme {tid!r} has no centroid in embeddings.json"))
            elif vectors.get(tid) == []:
                out.append((f"themes[{n}]", f"theme {tid!r} has an empty centroid"))
    return out


def _theme_problems(
    where: str, theme: dict[str, Any], ids: set[Any], seen_members: dict[str, str]
) -> list[Problem]:
    out: list[Problem] = []
    members = theme.get("semanticIds") or []
    if "memberCount" in theme and theme["memberCount"] != len(members):
        out.append(
            (
                f"{where}.memberCount",
                f"is {theme['memberCount']} but semanticIds has {len(members)}",
            )
        )
    for m in members:
        if m in seen_members:
            out.append((f"{where}.semanticIds", f"{m!r} is also in theme {seen_members[m]}"))
        seen_members[m] = str(theme.get("themeId"))
    out.extend(
        (f"{where}.neighbors", f"{nb!r} is not a theme of this index")
        for nb in theme.get("neighbors") or []
        if nb not in ids
    )
    return out
