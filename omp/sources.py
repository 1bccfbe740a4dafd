"""Conversations from their source formats, as plain messages (pure: text in, messages out).

Formats: plain text or Markdown transcripts (`User:` / `Assistant:`, `用户：` / `助手：`),
generic chat JSON (`messages`, `chat_messages`, `turns`; Claude.ai's export is an array of
such conversations), ChatGPT `conversations.json`
(`mapping` trees, following the branch that ends at `current_node`), Claude Code session
JSONL (following its current branch too: a rewind leaves the old branch in the file) and Codex
CLI session JSONL (tool calls, tool results, reasoning, subagents and injected context are not
conversation and are left out), and Aider's `.aider.chat.history.md` (one conversation per
session it started). Damaged JSONL lines become warnings naming the line.
"""

from __future__ import annotations

import io
import itertools
import json
import re
import shlex
from collections.abc import Callable, Container, Iterable, Iterator
from typing import Any, NamedTuple, TextIO

from omp import sensitive
from omp.errors import OmpError
from omp.lazyre import lazy

FORMATS = ("text", "chat-json", "chatgpt", "claude-code", "codex", "aider")


class Message(NamedTuple):
    """One turn: `role` is "user", "assistant" or "system"; `position` its place in order.

    A commit the agent made with a shell tool call (`git commit -m "…"`) is a message of role
    "commit" holding the commit message. What a coding agent's tool printed (a file it read,
    a command's output) is a message of role "tool": nobody's words, but the project's files
    as they are (`package.json`, `go.mod`).
    """

    role: str
    text: str
    position: int
    speaker: str | None = None  # the person's name, in a chat of people named by name


class Conversation(NamedTuple):
    """The messages of one conversation, with what could not be read."""

    format: str
    messages: Iterable[Message]
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
    "agent": "assistant",
    "cursor": "assistant",
    "copilot": "assistant",
    "gemini": "assistant",
    "you": "user",
    "助手": "assistant",
    "system": "system",
    "系统": "system",
}
_SPEAKER = lazy(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?(?P<who>[A-Za-z]+|用户|我|助手|系统)(?:\s+said)?(?:\*\*|__)?"
    r"\s*[:：](?:\*\*|__)?\s?(?P<rest>.*)$"
)
# A speaker on a line of its own, as a heading, in bold or in brackets: "## User",
# "### 👤 User", Cursor's "**User**" / "**Cursor**", SpecStory's "_**User (2025-06-01 …)**_"
# and "_**Agent (model …, mode Agent)**_", "[ASSISTANT]"; only names no document uses as a
# heading of its own ("## Model", "## System" may be a section)
_SPEAKER_LINE = lazy(
    r"\s*(?:#{1,6}\s*(?:[*_]{1,3})?|[*_]{1,3}|\[)(?:[^\w\s#*_\[\]]{1,2}\s*)?"
    r"(?P<who>(?i:user|human|assistant|ai|claude|chatgpt|agent|cursor|copilot|gemini)|用户|助手)"
    r"(?:\s*[(（][^)）\n]{0,80}[)）])?(?:[*_]{0,3}|\])\s*[:：]?\s*"
)
# what transcript exporters put around a message: separators, SpecStory's tool sections and
# comments, Cursor's export line, folded tool output, a model's thinking
_TRANSCRIPT_NOISE = lazy(
    r"^\s*(?:-{3,}|_\*{4}_|_Exported on .{0,80} from Cursor.{0,40}_)\s*$"
    r"|<details>.*?(?:</details>|\Z)|<think>.*?(?:</think>|\Z)|<!--.*?(?:-->|\Z)",
    re.S | re.M,
)
_TITLE_ONLY = lazy(r"(?:\s*#{1,6} [^\n]*)+\s*")
# What the person did not type, though it arrives as their message: reminders and context the
# harness adds (Claude Code's `<system-reminder>`, Codex's `<environment_context>` and
# `<user_instructions>`), slash commands and their output, `!` shell commands and their output
# (commits they make are read apart, from `<bash-input>`), and interruption notices.
_INJECTED = lazy(
    r"<(?P<tag>system-reminder|environment_context|user_instructions|command-name|"
    r"command-message|command-args|local-command-(?:stdout|stderr|caveat)|"
    r"bash-(?:input|stdout|stderr))>.*?(?:</(?P=tag)>|\Z)"
    r"|\[Request interrupted by user(?: for tool use)?\]",
    re.S,
)
_BASH_INPUT = lazy(r"<bash-input>(?P<command>.*?)(?:</bash-input>|\Z)", re.S)


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


_JSON_START = lazy(r'\s*(?:\[\s*(?:[{\["\]]|$)|\{\s*(?:"|\}|$))')


def detect_format(head: str) -> str:
    """The format of a source from its first bytes (the whole text, or its first 64 KiB)."""
    stripped = head.lstrip("\ufeff \t\r\n")
    if _AIDER_SESSION.match(stripped):
        return "aider"
    if not stripped.startswith(("[", "{")):
        return "text"
    lines = [line for line in stripped.splitlines() if line.strip()]
    if not _JSON_START.match(lines[0]):
        return "text"  # "[2024-06-11 14:02] deploying ..." is a log, not JSON
    return _json_format(stripped, lines)


def _json_format(stripped: str, lines: list[str]) -> str:
    """The format of a source that starts like JSON, from its first lines or the whole."""
    try:
        record = json.loads(lines[0])
    except ValueError:
        record = None
    if isinstance(record, dict) and (len(lines) > 1 or "message" in record or "payload" in record):
        if any(map(_is_codex_record, [record, *map(_json_line, lines[1:_RECORDS_PEEK])])):
            return "codex"
        if "mapping" not in record:
            return "claude-code"
    try:
        data = json.loads(stripped)
    except ValueError:
        data = None
    if data is None:  # a document larger than the head, or damaged
        return "chatgpt" if '"mapping"' in stripped[:65536] else "chat-json"
    items = data if isinstance(data, list) else [data]
    if items and all(isinstance(i, dict) and "mapping" in i for i in items):
        return "chatgpt"
    return "chat-json"


_RECORDS_PEEK = 20  # lines of a JSON-lines log looked at to tell Codex's from Claude Code's
_CODEX_TYPES = frozenset(("session_meta", "message", "reasoning", "function_call"))


def _json_line(line: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        return None


def _is_codex_record(record: Any) -> bool:
    """Whether one line of a JSON-lines log is Codex CLI's.

    A `payload` (2025-07 on), or the older bare items (`"type": "message"` with its `role` at
    the top) and `record_type` marks.
    """
    if not isinstance(record, dict):
        return False
    return "payload" in record or "record_type" in record or record.get("type") in _CODEX_TYPES


def _every(_: str) -> bool:
    return True


def _none(_: str) -> bool:
    return False


def parse(
    text: str, *, format: str | None = None, tools: Callable[[str], bool] = _every
) -> list[Conversation]:
    """The conversations in `text` (ChatGPT exports hold several; other formats one).

    `tools`: which outputs of an agent's tools to keep as "tool" messages (all by default).

    Raises:
        SourceError: an unknown format name, or JSON that holds no conversation.
    """
    out = []
    fmt = format or detect_format(text)
    for conversation in stream(io.StringIO(text), format=fmt, tools=tools):
        messages = list(conversation.messages)
        out.append(conversation._replace(messages=messages))
    return out


def stream(
    lines: TextIO | Iterable[str], *, format: str, tools: Callable[[str], bool] = _none
) -> Iterator[Conversation]:
    """The conversations of a source read line by line, each one's messages produced lazily.

    Transcripts, JSONL sessions and ChatGPT exports are never held whole in memory: memory
    is bounded by the largest conversation of an export, the text of a Claude Code session
    (its branches are known at its end), or the largest message of the others. A
    conversation's `warnings` are complete once its messages have been read.

    `tools` says which outputs of an agent's tools to keep as "tool" messages (none by
    default): a Claude Code session holds what it keeps until its end, and tool output is
    most of a session's bytes.

    Raises:
        SourceError: an unknown format name, JSON that holds no conversation, or a JSON
            document over `MAX_DOCUMENT` characters in a format that must be read whole.
    """
    if format not in FORMATS:
        raise SourceError(f"unknown format {format!r}", hint=f"use one of {', '.join(FORMATS)}")
    conversations: Iterable[Conversation]
    if format == "text":
        conversations = [Conversation("text", _plain(lines), [])]
    elif format == "aider":
        conversations = _aider(lines)
    elif format in ("claude-code", "codex"):
        warnings: list[str] = []
        conversations = [Conversation(format, _jsonl(lines, format, warnings, tools), warnings)]
    elif format == "chatgpt":
        conversations = (_chatgpt(i) for i in _ArrayItems(lines) if isinstance(i, dict))
    else:
        conversations = _chat_json_stream(lines)
    for conversation in conversations:
        kept = _kept(conversation.messages, tools)
        # a list stays a list (it may be read twice); a stream stays a stream
        yield conversation._replace(
            messages=list(kept) if isinstance(conversation.messages, list) else kept,
            title=_title(conversation.title),
        )


def _title(value: Any) -> str | None:
    """A conversation's title as text: a number in its place is spelt out, anything else dropped.

    Titles come from JSON that anybody may have written (`"title": 123`, `"title": {…}`).
    """
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def _kept(messages: Iterable[Message], tools: Callable[[str], bool]) -> Iterator[Message]:
    """The messages with the tool output `tools` keeps; tool output takes no place in order.

    What a tool printed belongs to the message before it: it has that message's position,
    and the talk keeps the positions it has without any tool output (how far apart two
    messages are is how many were said between them). Every format's messages pass here, so
    here a URL cut through its credentials is joined back (see `_urls_rejoined`).
    """
    printed = 0
    for m in messages:
        if m.role == "tool":
            printed += 1
            if not tools(m.text):
                continue
            m = m._replace(position=max(m.position - printed, 0))
        elif printed:
            m = m._replace(position=m.position - printed)
        if "\n" in m.text and ":" in m.text and "/" in m.text:  # "postgres:" / "//admin:pw@db"
            m = m._replace(text="\n".join(_urls_rejoined(m.text.split("\n"))))
        yield m


# A JSON document that is not a ChatGPT export array is read whole; past this size it is
# refused rather than exhausting memory.
MAX_DOCUMENT = 256 * 1024 * 1024
_CHUNK = 1 << 20


def _chunks(lines: TextIO | Iterable[str]) -> Iterator[str]:
    read = getattr(lines, "read", None)
    if read is None:
        yield from lines
        return
    while chunk := read(_CHUNK):
        yield chunk


def _json_document(lines: TextIO | Iterable[str]) -> Any:
    parts, size = [], 0
    for chunk in _chunks(lines):
        size += len(chunk)
        if size > MAX_DOCUMENT:
            raise SourceError(
                f"a JSON document over {MAX_DOCUMENT >> 20} MiB that is not a ChatGPT export",
                hint="split it into one file per conversation, or export it as JSONL",
            )
        parts.append(chunk)
    try:
        return json.loads("".join(parts).lstrip("\ufeff"))
    except ValueError as e:
        raise SourceError(f"not valid JSON ({e})", hint="give the file as exported") from None


class _ArrayItems:
    """The items of a top-level JSON array, decoded one at a time (a lone object: itself)."""

    def __init__(self, lines: TextIO | Iterable[str]) -> None:
        self.array = False  # known once iteration starts: the document is an array
        self.chunks = _chunks(lines)
        self.buf, self.pos = "", 0
        self.decoder = json.JSONDecoder()

    def _more(self) -> bool:
        """Read on; as much again as is buffered, so a large item stays linear to decode."""
        self.buf, self.pos = self.buf[self.pos :], 0
        want, grown = max(_CHUNK, len(self.buf)), False
        while want > 0 and (chunk := next(self.chunks, None)) is not None:
            self.buf += chunk
            want -= len(chunk)
            grown = True
        return grown

    def _next_char(self, skip: str) -> str | None:
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in skip:
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return None

    def _item(self) -> Any:
        while True:
            try:
                item, self.pos = self.decoder.raw_decode(self.buf, self.pos)
                return item
            except json.JSONDecodeError as e:
                if not self._more():
                    raise SourceError(
                        f"not valid JSON ({e.msg}); the export ends inside a conversation",
                        hint="export again, or give the complete file",
                    ) from None

    def __iter__(self) -> Iterator[Any]:
        first = self._next_char(" \t\r\n\ufeff")
        if first is None:
            return
        self.array = first == "["
        if first == "{":  # a single conversation rather than an export
            yield _json_document(itertools.chain([self.buf[self.pos :]], self.chunks))
            return
        if first != "[":
            raise SourceError(
                "not valid JSON (expected an array of conversations)",
                hint="give conversations.json as exported",
            )
        self.pos += 1
        while (char := self._next_char(" \t\r\n,")) != "]":
            if char is None:
                raise SourceError(
                    "not valid JSON: the top-level array is not closed (truncated?)",
                    hint="export again, or give the complete file",
                )
            yield self._item()


def _plain(lines: Iterable[str]) -> Iterator[Message]:
    split = (line for raw in lines for line in (raw.splitlines() or [""]))
    head = list(itertools.islice(split, _TERMINAL_PEEK))
    if _is_terminal(head):
        yield from _terminal(itertools.chain(head, split))
        return
    if _is_quoted_turns(head):
        yield from _quoted_turns(itertools.chain(head, split))
        return
    count, spoken = 0, False
    role, held = "user", list[str]()  # text before any speaker is the user's
    who: str | None = None
    asked = _is_questions_and_answers(head)
    people = _people(head)
    fenced = False  # inside a code block: a pasted kubeconfig's "  user:" names no speaker
    for line in itertools.chain(head, split):
        m = None if fenced else _said_by(line, asked, people)
        # a fence opens or closes a block, also after a speaker ("Assistant: ```python")
        fenced ^= line.count("```") % 2 == 1 or _TILDE_FENCE.match(line) is not None
        if m is not None:
            body = _TRANSCRIPT_NOISE.sub("", "\n".join(held)).strip()
            if spoken or not _TITLE_ONLY.fullmatch(body):  # an export's title
                for said, text in _transcript_message(role, body, held):
                    yield Message(said, text, count, who if said == role else None)
                    count += 1
            named = m["who"] if people and _named(m, people) else None
            said_by = _role(m["who"]) or _QA_ROLES.get(m["who"].upper()) or (named and "user")
            role, held, spoken = said_by or role, [m.groupdict().get("rest") or ""], True
            who = named
        else:
            held.append(line)
    body = _TRANSCRIPT_NOISE.sub("", "\n".join(held)).strip()
    for said, text in _transcript_message(role, body, held):
        yield Message(said, text, count, who if said == role else None)
        count += 1


# A chat saved as Markdown notes with the person's turns quoted ("> …") and the answers as they
# are: read so only when no line names a speaker and quoted paragraphs alternate with answers
# at least twice (a note quoting an error once stays one person's note)
_QUOTED = lazy(r"\s{0,3}>(?: ?(?P<rest>.*))?$")
_QUOTED_EXCHANGES = 2


def _is_quoted_turns(head: list[str]) -> bool:
    """Whether a text's first lines are turns quoted with "> ", each followed by an answer."""
    if any(map(_speaker, head)) or _people(head) or _is_questions_and_answers(head):
        return False
    runs: list[bool] = []  # quoted or not, one per run of lines with text
    fenced = False
    for line in head:
        opens = line.count("```") % 2 == 1 or _TILDE_FENCE.match(line) is not None
        if line.strip() and not _TITLE_ONLY.fullmatch(line):
            quoted = not fenced and _QUOTED.match(line) is not None
            if not runs or runs[-1] != quoted:
                runs.append(quoted)
        fenced ^= opens
    answered = sum(1 for a, b in itertools.pairwise(runs) if a and not b)
    return answered >= _QUOTED_EXCHANGES


def _quoted_turns(lines: Iterable[str]) -> Iterator[Message]:
    """The messages of a chat whose person's turns are quoted: quoted lines are the user's."""
    count, role, held, fenced = 0, "user", list[str](), False
    answers = False  # text before the first quote is the person's (a title, what this is)
    for line in lines:
        m = None if fenced else _QUOTED.match(line)
        answers = answers or m is not None
        said = role if not line.strip() or fenced else "user" if m or not answers else "assistant"
        fenced ^= line.count("```") % 2 == 1 or _TILDE_FENCE.match(line) is not None
        if said != role:
            body = _TRANSCRIPT_NOISE.sub("", "\n".join(held)).strip()
            if body and (count or not _TITLE_ONLY.fullmatch(body)):
                yield Message(role, body, count)
                count += 1
            role, held = said, []
        held.append((m["rest"] or "") if m else line)
    body = _TRANSCRIPT_NOISE.sub("", "\n".join(held)).strip()
    if body:
        yield Message(role, body, count)


def names_speakers(head: str) -> bool:
    """Whether a text's first lines name who speaks (a transcript, not a tool's output).

    A deploy log pasted into a chat is the chat's: its speakers say so.
    """
    lines = head.splitlines()[:_TERMINAL_PEEK]
    fenced = False
    for line in lines:
        if not fenced and _speaker(line):
            return True
        fenced ^= line.count("```") % 2 == 1 or _TILDE_FENCE.match(line) is not None
    return bool(_people(lines)) or _is_questions_and_answers(lines)


def _said_by(line: str, asked: bool, people: frozenset[str]) -> re.Match[str] | None:
    """The speaker a line of a transcript starts a message of, if it starts one."""
    if m := _speaker(line):
        return m
    if asked:
        return _QA_SPEAKER.match(line)
    if people and (m := _PERSON.match(line)) and _named(m, people):
        return m
    if people and (m := _PERSON_HEADER.match(line)) and m["who"] in people:
        return m  # "王磊 09:58", "kira — 03/14/2024 8:02 PM", then what they said below
    return None


def _said(m: re.Match[str]) -> bool:
    """Whether a line led by a name (`_PERSON`) is said by someone: not a label, not a value.

    "Production: https://…" and "Inspect: https://…" are a tool's lines, however often.
    """
    rest = m["rest"].strip()
    return (
        m["who"].casefold() not in _LABELS
        and bool(rest)
        and not re.match(
            r"(?i)(?:https?://|[\w.-]+\.[a-z]{2,}/|\d[\d.:,\s]*(?:ms|s|kb|mb)?$)", rest
        )
    )


def _named(m: re.Match[str], people: frozenset[str]) -> bool:
    """Whether a chat's line starts with a person's name: one of `people`, or another not a label.

    (In a chat of people, one who speaks once is named as the others are.)
    """
    return m["who"] in people or _said(m)


# A person named before what they say in a chat pasted as text: "张伟: …", "**Li Na**: …",
# "[10:32] bob: …", "2024-05-06 10:32 小王：…"
_PERSON = lazy(
    r"^(?:\[?(?:\d{4}-\d{2}-\d{2}[ T])?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?\]?"
    r"\s*[-\u2013]?\s*)?(?:\*\*|__)?"
    r"(?P<who>[\u4e00-\u9fff]{1,4}|[A-Z][a-z]{1,15}(?: [A-Z][a-z]{1,15})?|[a-z][a-z0-9_.-]{1,19})"
    r"(?:\*\*|__)?\s*(?:\[\d{1,2}:\d{2}\])?\s*[:：](?:\*\*|__)?"
    r"(?![/\\])\s?(?P<rest>.*)$"
)
# a line that is only a name and when they spoke, what they said on the lines below: Feishu's,
# DingTalk's and WeChat's copied history ("王磊 09:58"), Discord's ("kira — 03/14/2024 8:02
# PM"), a GitHub thread's ("alice-w (Member) commented on Mar 8")
_PERSON_HEADER = lazy(
    r"^(?:\*\*)?(?P<who>[\u4e00-\u9fff]{1,4}|[A-Za-z][\w.-]{1,31}(?: [A-Z][a-z]{1,15})?)(?:\*\*)?"
    r"(?:\s+\((?:Member|Owner|Collaborator|Contributor|Author|Maintainer)\))?"
    r"(?:\s*[\u2013\u2014-]\s*|\s+)"
    r"(?:(?:commented|replied)\s+(?:on\s+)?[^\n]{1,40}"
    r"|(?:(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4})\s+|(?:Today|Yesterday) at\s+"
    r"|昨天\s*|今天\s*)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?)"
    r"\s*(?P<rest>)$"
)


# what documents put before a colon at the start of a line: labels, not people
_LABEL_WORDS = (
    "note notes todo error errors warning warnings info debug step summary action actions "
    "decision decisions context background problem issue solution result results status owner "
    "owners date time attendees agenda outcome next pros cons example examples output input "
    "usage reason why cause question answer update tip important caution hint goal goals "
    "risk risks cost plan options option proposal conclusion blockers done link links url host "
    "port path command version env environment config title description subject from to cc re "
    "fwd feat fix docs chore refactor test tests ci build perf style revert deps release "
    "breaking change changes type scope name value key id file files location where when who "
    "what how source target expected actual stack trace traceback caused http https ftp mailto "
    "data response request body header headers query params mode level run runs "
    "结论 背景 问题 原因 决定 决策 议题 时间 地点 参会 参会人 记录 备注 待办 行动 负责人 目标 "
    "方案 风险 进展 总结 说明 注意 补充 结果 状态 下一步 优点 缺点 现状 需求 描述 步骤 输出 输入 "
    "错误 日志 命令 地址 链接 版本 环境 配置 主题 会议 纪要 日期 主持 主持人 记录人 议程 后续 "
    "共识 分歧 投票 待定 已完成 进行中 原因是 理由 影响 范围 例如 比如 示例 提示 警告 报错 "
    "现象 "
    # what tools print before a colon: deploy and build logs, git, CI
    "production preview inspect deploying deployed deployment building built queued ready "
    "uploading uploaded releases installing installed running waiting success succeeded "
    "failed failure warn image region app service revision namespace aliased alias instance "
    "machine machines health logs log total duration hash commit branch author merge vercel "
    "netlify wrangler fly heroku docker kubectl helm job stage task passed skipped ok fail"
)
_LABELS = frozenset(_LABEL_WORDS.split())


def _people(head: list[str]) -> frozenset[str]:
    """The names a chat pasted as text puts before what each person says, if it is one.

    Only a transcript that names no User/Assistant speaker, in which at least two names each
    start two lines or more outside code blocks, and such lines are at least a quarter of the
    lines with text; labels ("Note:", "结论：", "feat:") are no names.
    """
    if any(map(_speaker, head)):
        return frozenset()
    counts: dict[str, int] = {}
    fenced, lines = False, 0
    for line in head:
        if not fenced and line.strip():
            lines += 1
            m = _PERSON.match(line)
            if m and _said(m):
                counts[m["who"]] = counts.get(m["who"], 0) + 1
            elif header := _PERSON_HEADER.match(line):  # a message of its own lines follows
                counts[header["who"]] = counts.get(header["who"], 0) + 1
                lines -= 1
        fenced ^= line.count("```") % 2 == 1 or _TILDE_FENCE.match(line) is not None
    names = frozenset(n for n, c in counts.items() if c >= 2)
    said = sum(counts[n] for n in names)
    return names if len(names) >= 2 and said * 4 >= lines else frozenset()


_TILDE_FENCE = lazy(r"\s{0,3}~~~")


# "Q: …" / "A: …" (问 / 答): a transcript written as questions and answers, read so only when
# its first speaker is "Q:" and an "A:" answers (an "A:" alone may be a list's item)
_QA_SPEAKER = lazy(
    r"^\s*(?:\*\*|__)?(?P<who>[QA]|问|答)(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s?(?P<rest>.*)$"
)
_QA_ROLES = {"Q": "user", "问": "user", "A": "assistant", "答": "assistant"}


def _is_questions_and_answers(head: list[str]) -> bool:
    """Whether a transcript's first lines are questions and answers, and name no speaker."""
    if any(map(_speaker, head)):
        return False
    said = [m["who"] for m in map(_QA_SPEAKER.match, head) if m is not None]
    return bool(said) and said[0] in ("Q", "问") and any(w in ("A", "答") for w in said)


_TOOL_SECTION = lazy(r"<details>\s*(?:<summary>.*?</summary>)?(?P<shown>.*?)</details>", re.S)


def _transcript_message(role: str, body: str, held: list[str]) -> list[tuple[str, str]]:
    """A transcript's message, its commits, and what its tool sections (SpecStory) show."""
    said = _with_commits(role, body) if body else []
    shown = [m["shown"].strip() for m in _TOOL_SECTION.finditer("\n".join(held))]
    return said + [("tool", text) for text in shown if text]


# Aider appends every session to `.aider.chat.history.md`: a heading when it starts, the
# person's lines after "#### ", its own notices (tokens, edits applied, commits) after "> ",
# and the model's answers as they are.
_AIDER_SESSION = lazy(r"# aider chat started at (?P<stamp>.+?)\s*$", re.M)
_AIDER_USER = lazy(r"#### ?(?P<text>.*?)\s*$")
_AIDER_NOTICE = lazy(r"> (?P<text>.*?)\s*$")
_AIDER_COMMIT = lazy(r"Commit [0-9a-f]{7,40} (?P<message>.+?)\s*$")
_AIDER_UNDONE = lazy(r"Removed: [0-9a-f]{7,40} (?P<message>.+?)\s*$")  # after `/undo`
# a slash command whose words are a request (`/ask why…`, `/architect …`); others (`/add`,
# `/commit`, `/run`) are no one's words
_AIDER_SAYS = lazy(r"/(?:ask|code|architect|context)\s+(?P<text>.+)", re.S)


def _aider(lines: Iterable[str]) -> Iterator[Conversation]:
    """Each session of an Aider chat history, its messages in order."""
    session = _AiderSession(None)
    for line in (line for raw in lines for line in (raw.splitlines() or [""])):
        started = _AIDER_SESSION.match(line)
        if started is None:
            session.read(line)
            continue
        if session.title is not None or session.messages:
            yield session.conversation()
        session = _AiderSession(f"aider chat started at {started['stamp']}")
    if session.title is not None or session.messages:
        yield session.conversation()


class _AiderSession:
    """The messages of one Aider session as its lines are read."""

    def __init__(self, title: str | None) -> None:
        self.title = title
        self.messages: list[Message] = []
        self.role = ""  # "" after a notice: what follows is the model's answer
        self.held: list[str] = []
        self.printed: list[str] = []  # what the person's last `/run` command printed
        self.running = False
        self.fenced = False  # inside a code block of an answer: "#### " there is no prompt

    def read(self, line: str) -> None:
        if self.role == "assistant" and (self.fenced or line.lstrip().startswith("```")):
            self.fenced ^= line.lstrip().startswith("```")
            self.held.append(line)
        elif (typed := _AIDER_USER.match(line)) is not None:
            self._speaker("user")
            self.held.append(typed["text"])
        elif (notice := _AIDER_NOTICE.match(line)) is not None:
            self._speaker("")
            if self.running:
                self.printed.append(notice["text"])
            if (commit := _AIDER_COMMIT.match(notice["text"])) is not None:
                self.messages.append(Message("commit", commit["message"], len(self.messages)))
            elif (made := _GIT_COMMITTED.match(notice["text"])) is not None:  # `/run git commit`
                said = made["made"] + made["s"].strip()  # with the sha: the entry's ref
                self.messages.append(Message("commit", said, len(self.messages)))
            elif (undone := _AIDER_UNDONE.match(notice["text"])) is not None:
                self._undo(undone["message"])
        else:
            self._speaker("assistant")
            self.held.append(line)

    def _undo(self, message: str) -> None:
        """`/undo` removed the commit: it is not in the history any more."""
        for n in range(len(self.messages) - 1, -1, -1):
            if self.messages[n].role == "commit" and self.messages[n].text == message:
                del self.messages[n]
                self.messages[n:] = [m._replace(position=m.position - 1) for m in self.messages[n:]]
                return

    def conversation(self) -> Conversation:
        self._speaker("")
        self._printed()
        return Conversation("aider", self.messages, [], self.title)

    def _printed(self) -> None:
        """What the last `/run` printed, as one message."""
        text = "\n".join(self.printed).strip()
        if text:
            self.messages.append(Message("tool", text, len(self.messages)))
        self.printed, self.running = [], False

    def _speaker(self, role: str) -> None:
        if role and self.printed:
            self._printed()
        if role and role == self.role:
            return
        body = "\n".join(self.held).strip()
        if self.role == "user":  # a commit's output is read as the commit, below
            self.running = body.startswith("/run ") and "git commit" not in body
        if self.role == "user" and body.startswith("/"):
            m = _AIDER_SAYS.match(body)
            body = m["text"].strip() if m else ""
        if self.role and body and body != "<blank>":
            self.messages.append(Message(self.role, body, len(self.messages)))
        self.role, self.held = role, []


def _is_terminal(head: list[str]) -> bool:
    """Whether the first lines of a text are Claude Code's terminal.

    It has answers after "⏺" (or "●"), a prompt or a tool's output, and no line naming a
    speaker ("User: …").
    """
    return (
        any(_CC_SAYS.match(line) for line in head)
        and any(_CC_PROMPT.match(line) or _CC_OUTPUT.match(line) for line in head)
        and not any(map(_speaker, head))
    )


def _speaker(line: str) -> re.Match[str] | None:
    """The speaker a transcript line starts a message of ("User: …", "## Assistant")."""
    m = _SPEAKER.match(line) or _SPEAKER_LINE.fullmatch(line)
    return m if m is not None and _role(m["who"]) is not None else None


# what `git commit` prints when it has made a commit: "[main 6e2b19d] feat: subject"
_COMMITTED = r"(?P<made>\[[^\s\]]+(?: \(root-commit\))? [0-9a-f]{7,40}\] )(?P<s>\S.*)"
_GIT_COMMITTED = lazy(rf"^\s*{_COMMITTED}$", re.M)


def _with_commits(role: str, body: str) -> list[tuple[str, str]]:
    """The message, then the commits that git's output in it shows were made.

    An agent's transcript pastes what its commands printed.
    """
    commits = [("commit", m["made"] + m["s"].strip()) for m in _GIT_COMMITTED.finditer(body)]
    return [(role, body), *commits]


_MESSAGE_LISTS = ("messages", "chat_messages", "turns", "contents")  # contents: Gemini's


# Claude Code's terminal, saved with /export or copied: "> " (or U+276F) starts the person's
# prompt, "⏺ " (or "● ") Claude's answer or a tool call ("⏺ Bash(git status)", "⏺ Update
# Todos") whose output follows on lines starting with "⎿"; continuation lines are indented,
# wrapped at the terminal's width. Anything before the first prompt is the welcome banner.
_TERMINAL_PEEK = 400  # lines looked at to tell such a transcript from another
_CC_PROMPT = lazy(r"[>\u276f] ?(?P<rest>.*)")
_CC_SAYS = lazy(r"[⏺●] ?(?P<rest>.*)")  # ● where the terminal's font lacks ⏺
_CC_TOOL = lazy(r"[⏺●] ?[A-Z][\w ]{0,30}\(")
_CC_OUTPUT = lazy(r"\s+⎿")
_CC_SLASH = lazy(r"/[\w:-]+(?:\s.*)?")
# in the terminal the subject git printed may wrap onto the next lines
_CC_COMMITTED = lazy(rf"\s*(?:⎿\s*)?{_COMMITTED}")
_CC_STAT = lazy(r"\s*(?:\d+ files? changed|(?:create|delete|rename) mode|… \+\d+ lines?)")
_CC_FOLDED = lazy(r"\(ctrl\+[a-z] to expand\)")
_LIST_ITEM = lazy(r"\s*(?:[-*•+]|\d+[.)]|#{1,6})\s|\s*```")


def _terminal(lines: Iterable[str]) -> Iterator[Message]:
    count, role, held = 0, "banner", list[str]()
    for line in itertools.chain(lines, ["> "]):  # a last empty prompt ends the last message
        prompt, says = _CC_PROMPT.match(line), _CC_SAYS.match(line)
        if role == "assistant" and len(held) == 1 and _CC_OUTPUT.match(line):
            role = "tool"  # "⏺ Update Todos" was a tool call: its output follows
        if prompt or says or (_CC_OUTPUT.match(line) and role in ("user", "assistant")):
            for message in _terminal_message(role, held):
                yield Message(message[0], message[1], count)
                count += 1
            if prompt:
                rest = prompt["rest"]
                role = "slash" if _CC_SLASH.fullmatch(rest.strip()) else "user"
                held = [rest]
            elif says and not _CC_TOOL.match(line):
                role, held = "assistant", [says["rest"]]
            else:  # a tool call, or the output of one ("⏺ Update Todos" then "⎿ ☒ …")
                role, held = "tool", [line]
        else:
            held.append(line)


def _terminal_message(role: str, held: list[str]) -> list[tuple[str, str]]:
    if role in ("user", "assistant"):
        text = _unwrap(held)
        return [(role, text)] if text else []
    if role != "tool":
        return []
    if "git commit" not in held[0]:  # what a tool printed, below the call ("⎿  …")
        # "  ⎿  first line", then the next lines indented to the same column
        output = [re.sub(r"^\s*⎿ {0,2}", "", line).removeprefix("     ") for line in held[1:]]
        text = "\n".join(_rejoined(output)).strip()
        return [("tool", text)] if text else []
    commits = []
    for n, line in enumerate(held):
        m = _CC_COMMITTED.fullmatch(line)
        if m is None:
            continue
        subject = [m["made"] + m["s"].strip()]  # with git's "[main 6e2b19d] ": its ref
        for more in held[n + 1 :]:  # wrapped: "… never trus" / "     t client"
            if not more.strip() or _CC_STAT.match(more) or _CC_OUTPUT.match(more):
                break
            subject.append(more.strip())
        commits.append(("commit", "".join(subject)))
    return commits


def _unwrap(lines: list[str]) -> str:
    """The text of lines the terminal wrapped: paragraphs kept, wrapped lines joined."""
    out: list[str] = []
    fenced = False
    for raw in lines:
        if _CC_FOLDED.search(raw):
            continue  # "Read 3 files (ctrl+o to expand)": a tool's summary, no talk
        line = raw[2:] if raw.startswith("  ") else raw
        if line.lstrip().startswith("```"):
            fenced = not fenced
        before, after = out[-1].rstrip() if out else "", line.strip()
        if before and after and _wrapped_secret(before, after):
            # wherever it was cut (after "postgres:", inside a fence), a secret is joined back
            out[-1] = before + after
            continue
        joins = (
            before and after and not fenced
            and not _LIST_ITEM.match(line) and not before.endswith((":", "："))
        )  # fmt: skip
        if joins:
            out[-1] = before + " " + after
        else:
            out.append(line.rstrip())
    return "\n".join(out).strip()


# how much of each side of a wrap is looked at: more than the longest key or token
_WRAP_WINDOW = 400


# a line that sets a name (`NAME=…`, `name: …`): no piece of a line cut before it
_OWN_LINE = lazy(r"(?:export\s+)?[A-Za-z_][\w.-]*(?:\s*=|:\s)")


def _wrapped_secret(before: str, after: str) -> bool:
    """Whether the terminal cut a secret in two, so that only `before + after` shows it.

    A key cut mid-way, or a URL cut anywhere (`postgres:` / `//admin:pw@db`, `admin:pw` /
    `@db`): joined with a space or a line break, the pieces escape the patterns. True when
    joining without a space shows a secret that joining with one does not, and hides none.
    """
    if _OWN_LINE.match(after):
        return False  # "DATABASE_URL=postgres://…" after "JWT_SECRET=…": a line of its own
    tail, head = before[-_WRAP_WINDOW:], after[:_WRAP_WINDOW]
    cut = len(tail)
    spaced = {
        (m.start, m.end) if m.start < cut else (m.start - 1, m.end - 1)
        for m in sensitive.scan(tail + " " + head)
    }
    tight = {(m.start, m.end) for m in sensitive.scan(tail + head)}
    covered = {i for start, end in tight for i in range(start, end)}
    return bool(tight - spaced) and all(
        i in covered for start, end in spaced for i in range(max(start, 0), end)
    )


def _urls_rejoined(lines: list[str]) -> list[str]:
    """Lines of a message, a URL cut through its credentials joined back.

    A message's line breaks are its own, but one pasted from a narrow window (into a plain
    transcript, Aider's prompt, a chat) may cut a URL (`postgres://admin:` / `pw@db:5432/app`)
    where neither line shows the password. Lines are joined only there: the word across the
    break is a URL's, and joined it shows a secret that the lines apart hide (see
    `_wrapped_secret`).
    """
    out: list[str] = []
    for line in lines:
        before, after = (out[-1].rstrip() if out else ""), line.strip()
        word = (before.split() or [""])[-1] + (after.split() or [""])[0]  # across the break
        if before and after and "://" in word and _wrapped_secret(before, after):
            out[-1] = before + after
        else:
            out.append(line)
    return out


def _rejoined(lines: list[str]) -> list[str]:
    """Lines of a tool's output, those the terminal cut through a secret joined back."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].strip() and line.strip() and _wrapped_secret(out[-1], line.strip()):
            out[-1] += line.strip()
        else:
            out.append(line)
    return out


def _chat_json_stream(lines: TextIO | Iterable[str]) -> Iterator[Conversation]:
    """The conversations of a chat JSON document, read one at a time.

    An object holding its message list, or an array of messages, is one conversation; an
    array of such objects (Claude.ai's export) holds one conversation per object.

    Raises:
        SourceError: not JSON, or an object that holds no message list.
    """
    items = _ArrayItems(lines)
    messages: list[Any] = []
    conversations = 0
    for item in items:
        if not items.array:  # a lone object: the conversation itself
            yield _chat_json(item)
            return
        if isinstance(item, dict) and any(isinstance(item.get(k), list) for k in _MESSAGE_LISTS):
            conversations += 1
            yield _chat_json(item)
        else:
            messages.append(item)
    if not items.array:
        raise SourceError(
            "not valid JSON (the document is empty)", hint="give the file as exported"
        )
    if messages or not conversations:
        yield _chat_json(messages)


# who speaks, by the keys exporters use; `type` last ("human" / "ai" in LangChain's dumps)
_SPEAKER_KEYS = ("role", "sender", "author", "speaker", "type")


def _chat_json(data: Any) -> Conversation:
    items: Any = data
    title = None
    if isinstance(data, dict):
        title = data.get("title") or data.get("name")
        items = next((data[k] for k in _MESSAGE_LISTS if k in data), None)
    if not isinstance(items, list):
        raise SourceError(
            "no `messages`, `chat_messages`, `turns` or `contents` list in this JSON",
            hint="use --format to say what it is",
        )
    messages: list[Message] = []
    warnings: list[str] = []
    leaf = data.get("current_leaf_message_uuid") if isinstance(data, dict) else None
    for n, item in enumerate(_current_thread(items, leaf, warnings)):
        if not isinstance(item, dict):
            warnings.append(f"item {n}: not an object; skipped")
            continue
        role, person = _author(item)
        if item.get("subtype") in _SLACK_NOISE:
            continue  # "channel_join", "bot_message": no one's words
        body = item["data"] if isinstance(item.get("data"), dict) else item  # LangChain's dump
        content = next((body[k] for k in _CONTENT_KEYS if k in body), None)
        text, commits = _chat_text(content)
        if (role or person) and text.strip():
            messages.append(Message(role or "user", text.strip(), len(messages), person))
        if tool := _agent_results(content):
            messages.append(Message("tool", tool, len(messages)))
        messages += [Message("commit", c, len(messages) + n) for n, c in enumerate(commits)]
    return Conversation("chat-json", messages, warnings, title)


def _author(item: dict[str, Any]) -> tuple[str | None, str | None]:
    """Who said a chat JSON message: a role, or a person by name.

    Slack's export names the person in `user_profile` (or `user_name`, or the user's id) of a
    `{"type": "message", "user": "U…"}` item.
    """
    if item.get("type") == "message" and ("user" in item or "user_profile" in item):
        given = item.get("user_profile")
        profile: dict[str, Any] = given if isinstance(given, dict) else {}
        name = profile.get("real_name") or profile.get("display_name") or item.get("user_name")
        name = name or item.get("user")
        return (None, name) if _is_person(name) else (None, None)
    key, who = next(((k, item[k]) for k in _SPEAKER_KEYS if item.get(k)), ("", None))
    name = who.get("role") or who.get("name") if isinstance(who, dict) else who
    role = _role(name)
    person = name if role is None and key != "type" and _is_person(name) else None
    if role == "user" and _is_person(item.get("name")):  # OpenAI's {"role", "name"}
        person = item["name"]
    return role, person


_SLACK_NOISE = frozenset(("channel_join", "channel_leave", "bot_message", "channel_topic",
                          "channel_purpose", "pinned_item", "reminder_add"))  # fmt: skip


# roles that are no person's: a tool's or a function's output, a harness's notes
_NOBODY_WORDS = (
    "tool tools function functions tool_call tool_calls tool_result tool_use function_call "
    "developer ipython observation data context event events status log error note"
)
_NOBODY = frozenset(_NOBODY_WORDS.split())
_PERSON_NAME = lazy(r"[\u4e00-\u9fff]{1,4}|[A-Za-z][\w.'-]{0,30}(?: [A-Za-z][\w.'-]{0,30}){0,2}")


def _is_person(name: Any) -> bool:
    """Whether a chat message's author is a person named by name ("陈晨", "Li Na", "bob")."""
    return (
        isinstance(name, str)
        and _PERSON_NAME.fullmatch(name.strip()) is not None
        and name.strip().casefold() not in _NOBODY
    )


_CONTENT_KEYS = ("content", "text", "parts")
# What Cline and its forks (Roo Code, Kilo Code) put into the messages they keep: the editor's
# state and tool results in the "user" turns, thinking and XML tool calls in the model's
_AGENT_RESULT = lazy(r"\[[\w-]+(?: for [^\]]*)?\] Result:")
_AGENT_NOISE = lazy(
    r"<(?P<tag>environment_details|thinking|write_to_file|replace_in_file|apply_diff|"
    r"insert_content|search_and_replace|read_file|list_files|search_files|"
    r"list_code_definition_names|browser_action|use_mcp_tool|access_mcp_resource|"
    r"execute_command|new_task|switch_mode|codebase_search|command)>"
    r".*?(?:</(?P=tag)>|\Z)",
    re.S,
)
_AGENT_WRAPPER = lazy(
    r"</?(?:task|feedback|user_message|answer|attempt_completion|result|ask_followup_question|"
    r"question|plan_mode_respond|response)>"
)
_AGENT_COMMAND = lazy(r"<execute_command>\s*<command>(?P<command>.*?)</command>", re.S)


_AGENT_SAID = lazy(r"<(?P<tag>feedback|answer|user_message)>(?P<said>.*?)</(?P=tag)>", re.S)
# the answers an `ask_followup_question` offers: `<options>["Expo push service", "FCM"]</options>`
_AGENT_OPTIONS = lazy(r"<options>(?P<options>.*?)(?:</options>|\Z)", re.S)
# Roo Code's: `<follow_up><suggest>GitHub Releases + Homebrew tap</suggest>…</follow_up>`
_AGENT_SUGGESTIONS = lazy(r"<follow_up>(?P<options>.*?)(?:</follow_up>|\Z)", re.S)
_SUGGESTION = lazy(r"<suggest(?:\s[^>]*)?>(?P<option>.*?)</suggest>", re.S)


def _chat_text(content: Any) -> tuple[str, list[str]]:
    """The words of a chat JSON message, and the commits its XML tool calls make."""
    text = _text_of(content)
    parts = content if isinstance(content, list) else [content]
    if any(_AGENT_RESULT.match(_text_of(p).lstrip()) for p in parts):
        # a turn of tool results (their header, output and the editor's state in parts of their
        # own): the person's words in it are only what they answered or typed as feedback
        return "\n".join(m["said"].strip() for m in _AGENT_SAID.finditer(text)), []
    if "<" not in text:
        return text, []
    if said := [m["said"].strip() for m in _AGENT_SAID.finditer(text)]:
        return "\n".join(said), []  # "[TASK RESUMPTION] …" / "The user has provided feedback …"
    commits = [c for m in _AGENT_COMMAND.finditer(text) for c in commit_messages(m["command"])]
    text = _AGENT_SUGGESTIONS.sub(_suggestion_list, text)
    text = _AGENT_OPTIONS.sub(_option_list, _AGENT_NOISE.sub("", text))
    return _AGENT_WRAPPER.sub("", text), commits


def _agent_results(content: Any) -> str:
    """What the tools printed in a Cline / Roo Code turn of tool results, or ""."""
    parts = content if isinstance(content, list) else [content]
    texts = [_text_of(p) for p in parts]
    if not any(_AGENT_RESULT.match(t.lstrip()) for t in texts):
        return ""
    printed = "\n".join(t for t in texts if not _AGENT_SAID.search(t))
    return _AGENT_RESULT.sub("", _AGENT_NOISE.sub("", printed)).strip()


def _option_list(m: re.Match[str]) -> str:
    try:
        options = json.loads(m["options"])
    except ValueError:
        return ""
    if not isinstance(options, list):
        return ""
    return "".join(f"\n- {o}" for o in options if isinstance(o, str))


def _suggestion_list(m: re.Match[str]) -> str:
    """The answers a Roo Code question suggests, as the list the person picks from."""
    return "".join(f"\n- {o['option'].strip()}" for o in _SUGGESTION.finditer(m["options"]))


def _ancestry(
    node: Any, known: Container[Any], parent: Callable[[Any], Any]
) -> tuple[list[Any], Any]:
    """The ids from `node` up through `parent` while they are `known`, and the first that is not.

    Each id is taken once, so a cycle ends the walk. The id returned last is None at a root,
    else where the chain breaks.
    """
    path: list[Any] = []
    seen: set[Any] = set()
    while node is not None and node in known and node not in seen:
        seen.add(node)
        path.append(node)
        node = parent(node)
    return path, node


# Claude.ai's root messages name this parent rather than none
_NO_PARENT = lazy(r"0{8}-0{4}-[0-9a-f]{4}-[0-9a-f]{4}-0{12}")


def _current_thread(items: list[Any], leaf: Any, warnings: list[str]) -> list[Any]:
    """The messages of the thread that ends at `leaf` (else at the last message).

    Claude.ai links each message to its parent (`parent_message_uuid`); editing a message or
    regenerating an answer starts a branch, and the export holds the abandoned ones too. A
    list without those links, or whose links break, is taken as it is.
    """
    by_id = {m["uuid"]: m for m in items if isinstance(m, dict) and isinstance(m.get("uuid"), str)}
    if not by_id or not all("parent_message_uuid" in m for m in by_id.values()):
        return items
    node = leaf if leaf in by_id else list(by_id)[-1]  # dicts keep the file's order
    path, node = _ancestry(node, by_id, lambda n: by_id[n].get("parent_message_uuid"))
    thread = [by_id[n] for n in path]
    if node is not None and not _NO_PARENT.fullmatch(str(node)):
        return items  # the thread breaks off: read everything rather than lose its start
    if len(thread) < len(by_id):
        warnings.append(
            f"{len(by_id) - len(thread)} message(s) on a branch the conversation left "
            "(edited or regenerated) skipped"
        )
    return thread[::-1]


def _chatgpt(conversation: dict[str, Any]) -> Conversation:
    title = conversation.get("title")
    mapping = conversation.get("mapping") or {}
    if not isinstance(mapping, dict):
        warning = "`mapping` is not an object (id → message node); conversation skipped"
        return Conversation("chatgpt", [], [warning], title)
    nodes = {k: v for k, v in mapping.items() if isinstance(v, dict)}
    warnings = [f"{len(mapping) - len(nodes)} node(s) of `mapping` not objects; skipped"] * (
        len(nodes) < len(mapping)
    )
    missing = sorted({str(c) for v in nodes.values() for c in _links(v, "children")} - set(nodes))
    if missing:
        warnings.append(
            f"`mapping` lacks node(s) {', '.join(missing[:3])}{', …' * (len(missing) > 3)} "
            "that others name as children; read without them"
        )
    node_id = conversation.get("current_node")
    if not isinstance(node_id, str) or node_id not in nodes:
        # no current node: follow the last child from the root
        roots = [k for k, v in nodes.items() if not v.get("parent")]
        node_id = roots[0] if roots else None
        seen = set()
        while node_id is not None and node_id not in seen:  # children in a cycle end the walk
            seen.add(node_id)
            children = [c for c in _links(nodes[node_id], "children") if c in nodes]
            if not children:
                break
            node_id = children[-1]
    path, _ = _ancestry(node_id, nodes, lambda n: next(iter(_links(nodes[n], "parent")), None))
    messages: list[Message] = []
    for node in reversed([nodes[n] for n in path]):
        message = _mapping(node.get("message"))
        role = _role(_mapping(message.get("author")).get("role"))
        content = _mapping(message.get("content"))
        if content.get("content_type", "text") not in ("text", "multimodal_text"):
            continue  # code execution, browsing results, tool output
        if _mapping(message.get("metadata")).get("is_visually_hidden_from_conversation"):
            continue  # context ChatGPT adds and does not show (instructions, memory)
        text = _text_of(content)
        if role in ("user", "assistant") and text.strip():
            messages.append(Message(role, text.strip(), len(messages)))
    return Conversation("chatgpt", messages, warnings, title)


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _links(node: dict[str, Any], key: str) -> list[str]:
    """The node ids a ChatGPT node names under `key` (`children`, or its one `parent`)."""
    value = node.get(key)
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


class _Turn(NamedTuple):
    """What one JSONL record holds for extraction, and where it sits in the message tree."""

    role: str | None
    text: str
    commits: list[str]
    uuid: str | None = None
    parent: str | None = None
    main: bool = False  # a user or assistant record of the main thread (not a subagent's)
    tool: str = ""  # what a tool call printed


def _jsonl(
    lines: Iterable[str], fmt: str, warnings: list[str], tools: Callable[[str], bool]
) -> Iterator[Message]:
    turns: Iterable[_Turn] = (_turn(record, fmt, tools) for record in _records(lines, warnings))
    if fmt == "claude-code":
        turns = _current_branch(list(turns), warnings)  # the text of the turns, not the file
    count = 0
    for turn in turns:
        if turn.role and turn.text:
            yield Message(turn.role, turn.text, count)
            count += 1
        if turn.tool:
            yield Message("tool", turn.tool, count)
            count += 1
        for message in turn.commits:
            yield Message("commit", message, count)
            count += 1


def _records(lines: Iterable[str], warnings: list[str]) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(lines, start=1):
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
        yield record


def _turn(record: dict[str, Any], fmt: str, tools: Callable[[str], bool]) -> _Turn:
    role, body = (_codex if fmt == "codex" else _claude)(record)
    commits = commit_messages(_shell_command(record, fmt))
    for typed in _BASH_INPUT.finditer(body):  # `!git commit -m "…"` typed in Claude Code
        commits += commit_messages(typed["command"])
    text = _INJECTED.sub("", body).strip()
    tool = _tool_output(record, fmt)
    tool = tool if tool and tools(tool) else ""  # not held to the session's end unless wanted
    if fmt == "codex":
        return _Turn(role, text, commits, tool=tool)
    uuid, parent = record.get("uuid"), record.get("parentUuid")
    return _Turn(
        role,
        text,
        commits,
        uuid if isinstance(uuid, str) else None,
        (parent or record.get("logicalParentUuid")) if isinstance(parent, str | None) else None,
        (record.get("type") in ("user", "assistant") or role is not None)
        and not record.get("isSidechain"),
        tool,
    )


def _codex_item(record: dict[str, Any], *types: str) -> dict[str, Any] | None:
    """The item a Codex record holds (newer logs wrap it in `response_item`), if of `types`."""
    item = record.get("payload") if record.get("type") == "response_item" else record
    return item if isinstance(item, dict) and item.get("type") in types else None


def _tool_output(record: dict[str, Any], fmt: str) -> str:
    """What the tool calls answered in this record printed, or "" (errors print nothing)."""
    if fmt == "codex":
        item = _codex_item(record, "function_call_output", "custom_tool_call_output")
        if item is None:
            return ""
        output = item.get("output")
        if isinstance(output, str) and output.lstrip().startswith("{"):
            try:
                output = json.loads(output)
            except ValueError:
                return output
        if isinstance(output, dict):  # {"output": "…", "metadata": {"exit_code": 0, …}}
            meta = output.get("metadata")
            if isinstance(meta, dict) and meta.get("exit_code") not in (0, None):
                return ""
            output = output.get("output")
        return output if isinstance(output, str) else ""
    message = record.get("message") if record.get("type") == "user" else None
    content = message.get("content") if isinstance(message, dict) else None
    if record.get("isSidechain") or not isinstance(content, list):
        return ""
    results = [
        _text_of(p.get("content"))
        for p in content
        if isinstance(p, dict) and p.get("type") == "tool_result" and not p.get("is_error")
    ]
    return "\n".join(r for r in results if r.strip())


def _current_branch(turns: list[_Turn], warnings: list[str]) -> list[_Turn]:
    """The turns without the branches the conversation left.

    Claude Code records each turn with its parent's `uuid`: rewinding to an earlier message
    (or editing it) starts a new branch from there, and the old one stays in the file. The
    current branch ends at the last turn of the main thread; walking its parents back (across
    a compaction, to the turn before it) gives its turns. Turns that hang off that branch
    without being on it were left (their commits are kept: rewinding does not undo them);
    turns of other trees (no link to it) are kept.
    """
    by_id = {t.uuid: t for t in turns if t.uuid is not None}
    leaf = next((t.uuid for t in reversed(turns) if t.main and t.uuid is not None), None)
    on_branch = set(_ancestry(leaf, by_id, lambda n: by_id[n].parent)[0])
    left: set[str] = set()  # parents come before their children in the file
    for t in turns:
        if t.uuid is None or t.uuid in on_branch:
            continue
        if t.parent in on_branch or t.parent in left:
            left.add(t.uuid)
    dropped = [t for t in turns if t.uuid in left and t.role and t.text]
    if dropped:
        warnings.append(
            f"{len(dropped)} message(s) on a branch the conversation left (rewound or edited) "
            "skipped"
        )
    # a commit made on a left branch is still in git: only the talk (and what tools printed
    # for it) is dropped
    return [t._replace(role=None, text="", tool="") if t.uuid in left else t for t in turns]


# `git commit … -m 'subject' -m "body"`, or the message of a heredoc (`-m "$(cat <<'EOF'`)
_GIT_COMMIT = lazy(
    r"\bgit\s+(?:-C\s+\S+\s+)?commit\b"
    r"(?P<args>(?:'[^']*'|\"(?:[^\"\\]|\\.)*\"|[^;&|'\"])*(?:\$\(cat\s*<<.*?\n\s*\w+\s*\)\S?)?)",
    re.S,
)
_MESSAGE_FLAG = lazy(r"""(?:^|\s)-[a-zA-Z]*m\s*(?:'(?P<q>[^']*)'|"(?P<d>(?:[^"\\]|\\.)*)")""")
_HEREDOC = lazy(r"<<-?\s*['\"]?(?P<tag>\w+)['\"]?\s*\n(?P<body>.*?)\n\s*(?P=tag)\b", re.S)


def commit_messages(command: str) -> list[str]:
    """The messages of the `git commit` commands in a shell command line."""
    found = []
    for m in _GIT_COMMIT.finditer(command):
        args = m["args"]
        heredoc = _HEREDOC.search(args)
        if heredoc is not None:
            found.append(heredoc["body"].strip())
            continue
        parts = [p["q"] if p["q"] is not None else p["d"] for p in _MESSAGE_FLAG.finditer(args)]
        parts = [p.replace('\\"', '"').strip() for p in parts]
        if parts and parts[0]:
            found.append("\n\n".join(p for p in parts if p))
    return found


def _shell_command(record: dict[str, Any], fmt: str) -> str:
    """The shell command a tool call of the record runs, or ""."""
    if fmt == "codex":
        item = _codex_item(record, "function_call", "local_shell_call")
        if item is None:
            return ""
        args: Any = item.get("arguments") or item.get("action")
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except ValueError:
                return ""
        command = args.get("command") if isinstance(args, dict) else None
        if isinstance(command, list):
            return _argv_command([str(c) for c in command])
        return command if isinstance(command, str) else ""
    message = record.get("message") if record.get("type") == "assistant" else None
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return ""
    calls = [p.get("input") for p in content if isinstance(p, dict) and p.get("type") == "tool_use"]
    return "\n".join(
        c["command"] for c in calls if isinstance(c, dict) and isinstance(c.get("command"), str)
    )


def _argv_command(argv: list[str]) -> str:
    """A command Codex gives as its arguments, as a shell would read it.

    `["bash", "-lc", "git commit -m …"]` runs its script; `["git", "commit", "-m", "a; b"]`
    is quoted back so the message stays one argument.
    """
    if len(argv) == 3 and argv[0].rsplit("/", 1)[-1] in _SHELLS and argv[1] in ("-c", "-lc"):
        return argv[2]
    return " ".join(map(_shell_quoted, argv))


def _shell_quoted(arg: str) -> str:
    """An argument quoted for a shell, in double quotes when it holds an apostrophe."""
    if "'" in arg and not re.search(r'["\\$`]', arg):
        return f'"{arg}"'
    return shlex.quote(arg)


_SHELLS = frozenset(("bash", "sh", "zsh", "dash"))


def _claude(record: dict[str, Any]) -> tuple[str | None, str]:
    if record.get("type") == "attachment":
        return _queued_prompt(record.get("attachment"))
    if record.get("type") not in ("user", "assistant") or any(
        record.get(flag)
        for flag in ("isMeta", "isSidechain", "isCompactSummary", "isVisibleInTranscriptOnly")
    ):
        # summaries, snapshots, system records; a subagent's turns (its "user" is the agent
        # that called it); the model's summary of a compacted conversation
        return None, ""
    message = record.get("message")
    if not isinstance(message, dict):
        return None, ""  # a damaged record: no message object
    return _role(message.get("role") or record["type"]), _text_of(message.get("content"))


def _queued_prompt(attachment: Any) -> tuple[str | None, str]:
    """What the person typed while Claude Code worked, if `attachment` holds that.

    Claude Code folds such a prompt into the running turn as a `queued_command` attachment, and
    no "user" record holds it. Prompts of another session (`origin.kind` other than human),
    slash commands and task notifications are not the person's words.
    """
    if not isinstance(attachment, dict) or attachment.get("type") != "queued_command":
        return None, ""
    origin = attachment.get("origin")
    kind = origin.get("kind", "human") if isinstance(origin, dict) else "human"
    if attachment.get("isMeta") or attachment.get("commandMode", "prompt") != "prompt":
        return None, ""
    return ("user", _text_of(attachment.get("prompt"))) if kind == "human" else (None, "")


# Parts of a Codex "user" message that Codex wrote: the project's AGENTS.md, the environment,
# plugin lists. Each is a part of its own (or the whole message), so it is left out whole.
_CODEX_INJECTED = (
    "# AGENTS.md instructions for ",
    "<environment_context>",
    "<user_instructions>",
    "<INSTRUCTIONS>",
    "<recommended_plugins>",
)


def _codex(record: dict[str, Any]) -> tuple[str | None, str]:
    item = _codex_item(record, "message")
    if item is None:
        return None, ""  # session_meta, turn_context, reasoning, function calls, events
    content = item.get("content")
    if isinstance(content, list):
        content = [
            p for p in content if not _codex_injected(p.get("text") if isinstance(p, dict) else p)
        ]
    elif _codex_injected(content):
        content = ""
    return _role(item.get("role")), _text_of(content)


def _codex_injected(text: Any) -> bool:
    return isinstance(text, str) and text.lstrip().startswith(_CODEX_INJECTED)
