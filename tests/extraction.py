"""Helpers the extraction test files share: a conversation read and settled, and what it kept.

`_run` reads turns as one conversation with the extraction rules and settles the batch against
the given stored entries; `_kept` lists the entries it gives a target with an action. The other
helpers put a person's sentences after an opening exchange (the first message of a conversation
is read apart) and collect the choices, stack and facts that were stored. The names keep their
leading underscore so the tests read as they did when each file had its own copy.
"""

from __future__ import annotations

from typing import Any

from omp import extract as ex

_OPENING = ("user", "Picking the project back up from yesterday.")
_READY = ("assistant", "Sure, where do you want to start?")
_OPENING_ZH = ("user", "继续昨天的项目")
_READY_ZH = ("assistant", "好的，我们从哪里开始？")


def _run(
    *turns: tuple[str, str], stored: list[ex.Stored] | None = None, agent: bool = True
) -> ex.Batch:
    batch = ex.Batch()
    messages = [(role, text, n) for n, (role, text) in enumerate(turns)]
    ex.from_conversation(messages, batch, path="chat.txt", agent=agent)
    ex.settle(batch, stored or [], today="2026-11-30")
    return batch


def _kept(batch: ex.Batch, target: str, action: str = "stored") -> list[dict[str, Any]]:
    return [c.entry for c in batch.candidates if c.target == target and c.action == action]


# ---- English sentences after an opening exchange --------------------------------------------


def _said(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange (the first message is read apart)."""
    return [_OPENING, _READY, *(("user", s) for s in sentences)]


def _choices(*turns: tuple[str, str]) -> list[tuple[str, list[str]]]:
    """The stored choices of a conversation, each with the alternatives it turned down."""
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(_run(*turns), "decisions")
    ]


def _choices_said(*sentences: str) -> list[tuple[str, list[str]]]:
    """The stored choices of the person's sentences, each with its alternatives."""
    return [
        (str(d["choice"]), list(d.get("alternatives", [])))
        for d in _kept(_run(*_said(*sentences)), "decisions")
    ]


def _chosen(*turns: tuple[str, str], action: str = "stored") -> list[str]:
    """The names a conversation chose, for the decisions with this action."""
    return [str(d["choice"]) for d in _kept(_run(*turns), "decisions", action)]


def _stack(*turns: tuple[str, str]) -> dict[str, str]:
    """The tech stack a conversation stored, merged."""
    stack: dict[str, str] = {}
    for facts in _kept(_run(*turns), "project"):
        stack |= facts.get("tech_stack", {})
    return stack


def _stack_said(*sentences: str) -> dict[str, str]:
    """The tech stack the person's sentences stored, merged."""
    stack: dict[str, str] = {}
    for facts in _kept(_run(*_said(*sentences)), "project"):
        stack |= facts.get("tech_stack", {})
    return stack


def _facts(*sentences: str) -> dict[str, Any]:
    """The project facts the person's sentences stored, merged by section."""
    merged: dict[str, Any] = {}
    for facts in _kept(_run(*_said(*sentences)), "project"):
        for section, values in facts.items():
            if isinstance(values, dict):
                merged.setdefault(section, {}).update(values)
            else:
                merged[section] = values
    return merged


# ---- Chinese sentences after an opening exchange --------------------------------------------


def _said_zh(*sentences: str) -> list[tuple[str, str]]:
    """The person's sentences, after an opening exchange in Chinese."""
    return [_OPENING_ZH, _READY_ZH, *(("user", s) for s in sentences)]


def _decisions_zh(*sentences: str) -> list[dict[str, Any]]:
    return _kept(_run(*_said_zh(*sentences)), "decisions")


def _facts_zh(*sentences: str) -> dict[str, Any]:
    """The project facts stored, merged by section."""
    merged: dict[str, Any] = {}
    for entry in _kept(_run(*_said_zh(*sentences)), "project"):
        for section, values in entry.items():
            merged.setdefault(section, {}).update(values)
    return merged
