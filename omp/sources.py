"""Conversations from their source formats, as plain messages (pure: text in, messages out).

Formats: plain text or Markdown transcripts (`User:` / `Assistant:`, `用户：` / `助手：`),
generic chat JSON (`messages`, `chat_messages`, `turns`), ChatGPT `conversations.json`
(`mapping` trees, following the branch that ends at `current_node`), Claude Code session
JSONL and Codex CLI session JSONL (tool calls, tool results, reasoning and injected context
are not conversation and are left out). Damaged JSONL lines become warnings naming the line.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from omp.errors import OmpError

FORMATS = ("text", "chat-json", "chatgpt", "claude-code", "codex")


class Message(NamedTuple):
    """One turn: `role` is "user", "assistant" or "system"; `position` its place in order."""

    role: str
    text: str
    position: int


class Conversation(NamedTuple):
    """The messages of one conversation, with what could not be read."""

    format: str
    messages: list[Message]
    warnings: list[str]
    title: str | None = None


class SourceError(OmpError):
    """A source that cannot be read as any conversation format."""


_ROLES = {
    "user": "user",
    "human": "user",
    "me": "user",
    "用户": "user",
    "我": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "claude": "assistant",
    "chatgpt": "assistant",
    "gpt": "assistant",
    "model": "assistant",
    "bot": "assistant",
    "助手": "assistant",
    "system": "system",
    "系统": "system",
}
_SPEAKER = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?(?P<who>[A-Za-z]+|用户|我|助手|系统)(?:\*\*|__)?\s*[:：]"
    r"(?:\*\*|__)?\s?(?P<rest>.*)$"
)
_INJECTED = re.compile(r"^\s*<(?:environment_context|user_instructions|system-reminder)\b")


def _role(name: Any) -> str | None:
    return _ROLES.get(str(name).strip().lower()) if name is not None else None


def _text_of(content: Any, *, keep: tuple[str, ...] = ("text", "input_text", "output_text")) -> str:
    """Text of a content field: a string, or a list of parts of which only text parts count."""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        if "parts" in content:
            return _text_of(content["parts"], keep=keep)
        return str(content.get("text", "")) if content.get("type", "text") in keep else ""
    if isinstance(content, list):
        return "\n".join(t for t in (_text_of(p, keep=keep) for p in content) if t)
    return ""


def detect_format(text: str) -> str:
    """The format of a source's text (one of FORMATS)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("[") or stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except ValueError:
            data = None
        if data is not None:
            items = data if isinstance(data, list) else [data]
            if items and all(isinstance(i, dict) and "mapping" in i for i in items):
                return "chatgpt"
            return "chat-json"
        first = stripped.splitlines()[0]
        try:
            record = json.loads(first)
        except ValueError:
            return "text"
        if isinstance(record, dict):
            if "payload" in record or record.get("type") in ("session_meta", "message"):
                return "codex"
            return "claude-code"
    return "text"


def parse(text: str, *, format: str | None = None) -> list[Conversation]:
    """The conversations in `text` (ChatGPT exports hold several; other formats one).

    Raises:
        SourceError: an unknown format name, or JSON that holds no conversation.
    """
    fmt = format or detect_format(text)
    if fmt not in FORMATS:
        raise SourceError(f"unknown format {fmt!r}", hint=f"use one of {', '.join(FORMATS)}")
    if fmt == "text":
        return [_plain(text)]
    if fmt in ("claude-code", "codex"):
        return [_jsonl(text, fmt)]
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except ValueError as e:
        raise SourceError(f"not valid JSON ({e})", hint="give the file as exported") from None
    if fmt == "chatgpt":
        return [
            _chatgpt(c) for c in (data if isinstance(data, list) else [data]) if isinstance(c, dict)
        ]
    return [_chat_json(data)]


def _plain(text: str) -> Conversation:
    messages: list[Message] = []
    role, lines = "user", list[str]()  # text before any speaker is the user's
    for line in text.splitlines():
        m = _SPEAKER.match(line)
        who = _role(m.group("who")) if m else None
        if m and who:
            if "\n".join(lines).strip():
                messages.append(Message(role, "\n".join(lines).strip(), len(messages)))
            role, lines = who, [m.group("rest")]
        else:
            lines.append(line)
    if "\n".join(lines).strip():
        messages.append(Message(role, "\n".join(lines).strip(), len(messages)))
    return Conversation("text", messages, [])


def _chat_json(data: Any) -> Conversation:
    items: Any = data
    title = None
    if isinstance(data, dict):
        title = data.get("title") or data.get("name")
        items = next((data[k] for k in ("messages", "chat_messages", "turns") if k in data), None)
    if not isinstance(items, list):
        raise SourceError(
            "no `messages`, `chat_messages` or `turns` list in this JSON",
            hint="use --format to say what it is",
        )
    messages: list[Message] = []
    warnings: list[str] = []
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            warnings.append(f"item {n}: not an object; skipped")
            continue
        role = _role(
            item.get("role") or item.get("sender") or item.get("author") or item.get("speaker")
        )
        text = _text_of(item.get("content") if "content" in item else item.get("text"))
        if role and text.strip():
            messages.append(Message(role, text.strip(), len(messages)))
    return Conversation("chat-json", messages, warnings, title)


def _chatgpt(conversation: dict[str, Any]) -> Conversation:
    mapping = conversation.get("mapping") or {}
    node_id = conversation.get("current_node")
    if node_id not in mapping:  # no current node: follow the last child from the root
        roots = [k for k, v in mapping.items() if not v.get("parent")]
        node_id = roots[0] if roots else None
        while node_id is not None and mapping[node_id].get("children"):
            node_id = mapping[node_id]["children"][-1]
    branch, seen = [], set()
    while node_id is not None and node_id in mapping and node_id not in seen:
        seen.add(node_id)
        branch.append(mapping[node_id])
        node_id = mapping[node_id].get("parent")
    messages: list[Message] = []
    for node in reversed(branch):
        message = node.get("message") or {}
        role = _role((message.get("author") or {}).get("role"))
        content = message.get("content") or {}
        if content.get("content_type", "text") not in ("text", "multimodal_text"):
            continue  # code execution, browsing results, tool output
        text = _text_of(content)
        if role in ("user", "assistant") and text.strip():
            messages.append(Message(role, text.strip(), len(messages)))
    return Conversation("chatgpt", messages, [], conversation.get("title"))


def _jsonl(text: str, fmt: str) -> Conversation:
    messages: list[Message] = []
    warnings: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            warnings.append(f"line {number}: not valid JSON (truncated?); skipped")
            continue
        if not isinstance(record, dict):
            warnings.append(f"line {number}: not an object; skipped")
            continue
        role, body = (_codex if fmt == "codex" else _claude)(record)
        if role and body.strip() and not _INJECTED.match(body):
            messages.append(Message(role, body.strip(), len(messages)))
    return Conversation(fmt, messages, warnings)


def _claude(record: dict[str, Any]) -> tuple[str | None, str]:
    if record.get("type") not in ("user", "assistant") or record.get("isMeta"):
        return None, ""  # summaries, snapshots, system records
    message = record.get("message") or {}
    return _role(message.get("role") or record["type"]), _text_of(message.get("content"))


def _codex(record: dict[str, Any]) -> tuple[str | None, str]:
    item = record.get("payload") if record.get("type") == "response_item" else record
    if not isinstance(item, dict) or item.get("type") != "message":
        return None, ""  # session_meta, turn_context, reasoning, function calls, events
    return _role(item.get("role")), _text_of(item.get("content"))
