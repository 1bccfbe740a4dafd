"""Where things are in a YAML text, found line by line without a YAML parser.

An `Outline` classifies every line once (blank, comment, content, block-scalar content) and
finds mapping keys and sequence items by their indentation; `top_keys` and `locate_list` give
the top-level keys and a file's list of entries, `Splicer` replaces whole lines and keeps every
other byte, and `Outline.detect_style` tells how a file lays out its YAML (`Style`). Finding
a memory file's entries needs no more than this, so it imports no YAML library: a hook that
finds only comments edited outside the entries never loads one (`yamlio` parses and renders).
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from omp.errors import InvalidYamlError
from omp.lazyre import lazy


class Style(NamedTuple):
    """How a file lays out YAML, detected per file so new entries look like their neighbours.

    Attributes:
        mapping: indent of a nested mapping relative to its key.
        seq_offset: column of `-` relative to the key owning the sequence.
        seq_indent: column of the item's content relative to the key owning the sequence.
        flow_lists: write short lists of scalars in flow style (`[a, b]`).
        double_quoted: quote new strings with `"` (files that quote every string).
        newline: the file's line ending.
    """

    mapping: int = 2
    seq_offset: int = 2
    seq_indent: int = 4
    flow_lists: bool = False
    double_quoted: bool = False
    newline: str = "\n"

    def to_json(self) -> dict[str, Any]:
        """The fields by name, as the index keeps them."""
        return self._asdict()


class StyleCounts(NamedTuple):
    """What some lines of a file show of its style (see `Outline.style_counts`).

    Attributes:
        flow: lists of scalars written in flow style (`[a, b]`).
        block: lists of scalars written in block style.
        quoted: values written double-quoted.
        plain: values written plain.
        seq: the first block list under a key: (column of `-`, column of its item), relative
            to the key.
        mapping: the first nested mapping's indentation relative to its key.
    """

    flow: int = 0
    block: int = 0
    quoted: int = 0
    plain: int = 0
    seq: tuple[int, int] | None = None
    mapping: int | None = None


# --------------------------------------------------------------------------------------------
# Outline: where keys, items and values are


BLANK, COMMENT, CONTENT, SCALAR = "B", "C", "X", "S"

_BLOCK_SCALAR = re.compile(r"[|>]([-+1-9]{0,2})[ \t]*(?:#.*)?$")
_DOC_MARK = re.compile(r"^(?:---|\.\.\.)(?:[ \t]|$)")


def strip_newline(line: str) -> str:
    """The line without its line ending."""
    return line.rstrip("\r\n")


def _skip_dashes(body: str, col: int) -> int:
    """Column after `- ` sequence indicators that start at `col` (nested `- - x` included)."""
    while body.startswith("-", col) and (col + 1 == len(body) or body[col + 1] in " \t"):
        col += 1
        while col < len(body) and body[col] in " \t":
            col += 1
    return col


def _scan_quoted(body: str, col: int) -> int | None:
    """End column (exclusive) of the quoted scalar starting at `col`, or None if unclosed."""
    quote = body[col]
    i = col + 1
    while i < len(body):
        ch = body[i]
        if quote == '"' and ch == "\\":
            i += 2
            continue
        if ch == quote:
            if quote == "'" and body.startswith("''", i):
                i += 2
                continue
            return i + 1
        i += 1
    return None


def _scan_flow(body: str, col: int) -> int | None:
    depth = 0
    i = col
    while i < len(body):
        ch = body[i]
        if ch in "\"'":
            end = _scan_quoted(body, i)
            if end is None:
                return None
            i = end
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


_NOT_TEXT = lazy(  # compiled when first used: only writing asks
    r"^(?:[-+]?(?:\d[\d_]*(?:\.\d*)?(?:[eE][-+]?\d+)?|\.inf|\.nan|0x[0-9a-fA-F]+|0o[0-7]+)"
    r"|true|false|True|False|TRUE|FALSE|null|Null|NULL|~|\d{4}-\d\d?-\d\d?(?:[Tt ].*)?)$"
)


def is_plain_text(token: str) -> bool:
    """True for an unquoted token that reads as a string (not a number, bool, null, date)."""
    return bool(token) and token[0] not in "#|>&!*{['\"" and not _NOT_TEXT.match(token)


# The escapes of a double-quoted YAML scalar (YAML 1.2, 5.7), beside `\x`, `\u` and `\U`
_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
    "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
    "L": "\u2028", "P": "\u2029",
}  # fmt: skip
_HEX_DIGITS = {"x": 2, "u": 4, "U": 8}


def unquote(token: str) -> str:
    """The string a quoted YAML scalar on one line holds (`token` with its quotes).

    Raises:
        InvalidYamlError: a double-quoted scalar with an escape YAML does not have.
    """
    inner = token[1:-1]
    if token[0] == "'":
        return inner.replace("''", "'")
    if "\\" not in inner:
        return inner
    out: list[str] = []
    i = 0
    while i < len(inner):
        at = inner.find("\\", i)
        if at < 0:
            out.append(inner[i:])
            break
        out.append(inner[i:at])
        code = inner[at + 1 : at + 2]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            i = at + 2
            continue
        width = _HEX_DIGITS.get(code, 0)
        digits = inner[at + 2 : at + 2 + width]
        if width and len(digits) == width and all(c in "0123456789abcdefABCDEF" for c in digits):
            with contextlib.suppress(ValueError):  # beyond U+10FFFF: no character
                out.append(chr(int(digits, 16)))
                i = at + 2 + width
                continue
        raise InvalidYamlError(
            "key", None, None, f"found unknown escape `{inner[at : at + 2 + width]}` in {token}"
        )
    return "".join(out)


def parse_key(body: str, col: int) -> tuple[str, int] | None:
    """Read a mapping key starting at `col`: ``(key, column after the colon)`` or None."""
    if col >= len(body):
        return None
    if body[col] in "#-[]{},&*!|>%@`?" and not (
        body[col] == "-" and col + 1 < len(body) and body[col + 1] not in " \t"
    ):
        return None
    if body[col] in "\"'":
        end = _scan_quoted(body, col)
        if end is None or not body.startswith(":", end):
            return None
        return unquote(body[col:end]), end + 1
    i = col
    while True:
        i = body.find(":", i)
        if i < 0:
            return None
        if i + 1 == len(body) or body[i + 1] in " \t":
            key_text = body[col:i].rstrip()
            if " #" in key_text or "\t#" in key_text:
                return None
            return key_text, i + 1
        i += 1


class Value(NamedTuple):
    """Where a key's (or an item's) value is.

    Attributes:
        line: line index of the key or dash.
        col: column of the key (or of the dash for items).
        start: column where the inline part of the value starts.
        stop: column where the inline token ends (== start when the value is on later lines).
        kind: "inline" (one-line scalar or flow), "block" (on later lines, or null), "scalar"
            (a `|`/`>` block scalar), "multiline" (an inline token continued on later lines).
        end: index of the line after the value's last content line.
    """

    line: int
    col: int
    start: int
    stop: int
    kind: str
    end: int


class KeyLoc(NamedTuple):
    """A mapping key and where its value is."""

    key: str
    value: Value


_UNREAD = object()


class Outline:
    """Line-by-line view of a YAML text, computed once per text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines: list[str] = text.splitlines(keepends=True)
        self.newline = "\r\n" if self.lines and self.lines[0].endswith("\r\n") else "\n"
        self.offsets: list[int] = [0, *itertools.accumulate(map(len, self.lines))]
        self.kinds: list[str] = []
        self.indents: list[int] = []
        self.docs = 0
        self._top_keys: Any = _UNREAD  # `top_keys(self)`, once asked
        self._classify()

    def body(self, i: int) -> str:
        """Line `i` without its line ending (and without a leading BOM)."""
        line = strip_newline(self.lines[i])
        return line[1:] if i == 0 and line.startswith("\ufeff") else line

    def _classify(self) -> None:
        # One pass over every line of the file: the first read of a large file after an
        # outside edit waits for it, so the loop keeps to string methods (no calls per line).
        kinds = self.kinds
        indents = self.indents
        owner: int | None = None  # column owning the block scalar being read
        keep = False  # that scalar keeps its trailing blank lines (`|+`, `>+`)
        for i, line in enumerate(self.lines):
            body = line.rstrip("\r\n")
            if not i and body.startswith("\ufeff"):
                body = body[1:]
            stripped = body.lstrip(" ")
            indent = len(body) - len(stripped)
            indents.append(indent)
            if owner is not None and (not stripped or indent > owner):
                # Blank lines after a keep-chomping scalar are part of its value: the entry
                # ends after them, so nothing is ever inserted between the text and them.
                kinds.append(SCALAR if stripped or keep else BLANK)
                continue
            owner = None
            if not stripped or stripped.isspace():
                kinds.append(BLANK)
            elif stripped[0] == "#":
                kinds.append(COMMENT)
            else:
                kinds.append(CONTENT)
                if not indent and _DOC_MARK.match(body):
                    self.docs += 1
                if "|" in body or ">" in body:  # a block scalar's indicator is one of them
                    owner, keep = self._block_scalar_owner(body, indent)

    @staticmethod
    def _block_scalar_owner(body: str, indent: int) -> tuple[int | None, bool]:
        """Column owning a block scalar started on this line, and whether it keeps blanks."""
        col = _skip_dashes(body, indent)
        dash_col = None
        if col > indent:
            dash_col = len(body[:col].rstrip()) - 1
        m = _BLOCK_SCALAR.match(body, col)
        if m:
            return (dash_col if dash_col is not None else indent), "+" in m.group(1)
        parsed = parse_key(body, col)
        if parsed is None:
            return None, False
        after = parsed[1]
        while after < len(body) and body[after] in " \t":
            after += 1
        m = _BLOCK_SCALAR.match(body, after)
        return (col, "+" in m.group(1)) if m else (None, False)

    # ---- structure -----------------------------------------------------------------------

    def is_content(self, i: int) -> bool:
        """True for lines holding data (not blank, not comment)."""
        return self.kinds[i] in (CONTENT, SCALAR)

    def last_content(self, start: int, stop: int) -> int:
        """Index after the last content line in [start, stop), or `start` if there is none."""
        for j in range(stop - 1, start - 1, -1):
            if self.is_content(j):
                return j + 1
        return start

    def first_content(self, start: int, stop: int) -> int | None:
        """Index of the first CONTENT line in [start, stop), if any."""
        for j in range(start, stop):
            if self.kinds[j] == CONTENT:
                return j
        return None

    def doc_range(self) -> tuple[int, int]:
        """Lines of the document body (after directives and a leading `---`)."""
        first = self.first_content(0, len(self.lines))
        if first is None:
            return len(self.lines), len(self.lines)
        body = self.body(first)
        if body.startswith("%"):
            for j in range(first, len(self.lines)):
                if _DOC_MARK.match(self.body(j)):
                    return j + 1, len(self.lines)
        if _DOC_MARK.match(body):
            return first + 1, len(self.lines)
        return first, len(self.lines)

    def _value(self, i: int, col: int, after: int, stop: int) -> Value:
        body = self.body(i)
        start = after
        while start < len(body) and body[start] in " \t":
            start += 1
        rest = body[start:]
        next_line = i + 1
        end = self.last_content(next_line, stop)
        end = max(end, i + 1)
        if not rest or rest.startswith("#"):
            return Value(i, col, start, start, "block", end)
        if _BLOCK_SCALAR.match(rest):
            return Value(i, col, start, len(body), "scalar", end)
        if rest[0] in "\"'":
            token_end = _scan_quoted(body, start)
        elif rest[0] in "[{":
            token_end = _scan_flow(body, start)
        elif rest[0] in "&!*":
            token_end = None  # anchors, tags, aliases: never edited in place
        else:
            hash_at = re.search(r"[ \t]#", rest)
            token_end = start + len((rest[: hash_at.start()] if hash_at else rest).rstrip())
            # a plain scalar may continue on more-indented lines
            if end > i + 1:
                return Value(i, col, start, token_end, "multiline", end)
        if token_end is None or end > i + 1:
            return Value(i, col, start, len(body), "multiline", end)
        return Value(i, col, start, token_end, "inline", i + 1)

    def mapping(
        self, start: int, stop: int, col: int, *, first_col: int | None = None
    ) -> list[KeyLoc]:
        """Keys of the block mapping at column `col` in lines [start, stop).

        `first_col` is the key column on line `start` when it shares the line with a `- `.
        """
        key_lines: list[tuple[int, str, int, int]] = []
        kinds, indents = self.kinds, self.indents
        for i in range(start, stop):
            key_col = first_col if (i == start and first_col is not None) else indents[i]
            if key_col != col or kinds[i] != CONTENT:
                continue
            parsed = parse_key(self.body(i), key_col)
            if parsed is not None:
                key_lines.append((i, parsed[0], key_col, parsed[1]))
        out: list[KeyLoc] = []
        for n, (i, key, key_col, after) in enumerate(key_lines):
            nxt = key_lines[n + 1][0] if n + 1 < len(key_lines) else stop
            out.append(KeyLoc(key, self._value(i, key_col, after, nxt)))
        return out

    def sequence(self, start: int, stop: int, col: int) -> list[Value]:
        """Items of the block sequence whose dashes are at column `col` in lines [start, stop)."""
        kinds, indents = self.kinds, self.indents
        dash_lines = [
            i
            for i in range(start, stop)
            if indents[i] == col and kinds[i] == CONTENT and _skip_dashes(self.body(i), col) > col
        ]
        out: list[Value] = []
        for n, i in enumerate(dash_lines):
            nxt = dash_lines[n + 1] if n + 1 < len(dash_lines) else stop
            end = max(self.last_content(i + 1, nxt), i + 1)
            content_col = _skip_dashes(self.body(i), col)
            out.append(Value(i, col, content_col, content_col, "item", end))
        return out

    def item_mapping(self, item: Value) -> list[KeyLoc] | None:
        """Keys of a sequence item that is a block mapping, or None if it is something else."""
        body = self.body(item.line)
        if item.start < len(body):
            if parse_key(body, item.start) is None:
                return None
            return self.mapping(item.line, item.end, item.start, first_col=item.start)
        first = self.first_content(item.line + 1, item.end)
        if first is None:
            return None
        return self.mapping(first, item.end, self.indents[first])

    def children(self, value: Value) -> tuple[str, int] | None:
        """For a value on later lines: ("map" | "seq", column of its keys or dashes)."""
        if value.kind != "block":
            return None
        first = self.first_content(value.line + 1, value.end)
        if first is None:
            return None
        col = self.indents[first]
        if _skip_dashes(self.body(first), col) > col:
            return "seq", col
        return "map", col

    def top(self) -> tuple[str, int, int] | None:
        """("map" | "seq", first line, stop) of the top-level block node, None when empty."""
        start, stop = self.doc_range()
        first = self.first_content(start, stop)
        if first is None:
            return None
        body = self.body(first)
        if self.indents[first] != 0:
            return ("other", first, stop)
        if _skip_dashes(body, 0) > 0:
            return ("seq", first, stop)
        if parse_key(body, 0) is not None:
            return ("map", start, stop)
        return ("other", first, stop)

    def detect_style(self) -> Style:
        """Indentation, list and quoting habits of this file."""
        meta = next((k.value for k in top_keys(self) or [] if k.key == "_meta"), None)
        if meta is None:  # omp's own bookkeeping says nothing of the file's style
            return self.style_of([self.style_counts(0, len(self.lines))])
        parts = [self.style_counts(0, meta.line), self.style_counts(meta.end, len(self.lines))]
        return self.style_of(parts)

    def style_counts(self, start: int, stop: int, horizon: int | None = None) -> StyleCounts:
        """What lines [start, stop) show of the file's style, looking as far as `horizon`.

        A key without a value is read with the first line after it, up to line `horizon`
        (the end of the file by default; the end of its entry is as far as an entry's own
        keys can reach, which lets the index keep each entry's counts with it).
        """
        counts = {"flow": 0, "block": 0, "quoted": 0, "plain": 0}
        mapping: int | None = None
        seq: tuple[int, int] | None = None
        end = len(self.lines) if horizon is None else horizon
        for i in range(start, stop):
            found = self._line_style(i, counts, end) if self.kinds[i] == CONTENT else None
            if found is None:
                continue
            kind, offset, indent = found
            if kind == "seq" and seq is None:
                seq = (offset, indent)
            elif kind == "map" and mapping is None:
                mapping = indent
        return StyleCounts(
            counts["flow"], counts["block"], counts["quoted"], counts["plain"], seq, mapping
        )

    def style_of(self, parts: Iterable[StyleCounts]) -> Style:
        """The style of a file from the counts of its parts, in file order."""
        flow = block = quoted = plain = 0
        mapping: int | None = None
        seq: tuple[int, int] | None = None
        for part in parts:
            flow, block = flow + part.flow, block + part.block
            quoted, plain = quoted + part.quoted, plain + part.plain
            seq = part.seq if seq is None else seq
            mapping = part.mapping if mapping is None else mapping
        style = Style(
            newline=self.newline,
            flow_lists=flow > block,
            double_quoted=quoted > 0 and plain == 0,
        )
        if mapping:
            style = style._replace(mapping=mapping)
        if seq is not None and seq[1] >= seq[0] + 2:
            style = style._replace(seq_offset=seq[0], seq_indent=seq[1])
        return style

    def _line_style(
        self, i: int, counts: dict[str, int], horizon: int
    ) -> tuple[str, int, int] | None:
        """Count line `i`'s value style; for a key with a nested block, its indentation."""
        body = self.body(i)
        col = _skip_dashes(body, self.indents[i])
        parsed = parse_key(body, col)
        if parsed is None:
            return None
        rest = body[parsed[1] :].lstrip(" \t")
        if rest.startswith("[") and not rest.startswith("[]"):
            counts["flow"] += 1
        elif rest[:1] == '"':
            counts["quoted"] += 1
        elif is_plain_text(rest.split(" #")[0].rstrip()):
            counts["plain"] += 1
        nxt = self.first_content(i + 1, horizon)
        if (rest and not rest.startswith("#")) or nxt is None or self.indents[nxt] < col:
            return None
        child = self.body(nxt)
        item_col = _skip_dashes(child, self.indents[nxt])
        if item_col > self.indents[nxt]:
            if parse_key(child, item_col) is None:
                counts["block"] += 1  # a block list of scalars, the alternative to flow style
            return "seq", self.indents[nxt] - col, item_col - col
        if self.indents[nxt] > col:
            return "map", 0, self.indents[nxt] - col
        return None


# --------------------------------------------------------------------------------------------
# Edits


class Edit(NamedTuple):
    """Replace lines [start, stop) of an outline by `lines` (insertion when start == stop)."""

    start: int
    stop: int
    lines: tuple[str, ...]


class Splicer:
    """Collects line edits against one outline and applies them in one pass."""

    def __init__(self, outline: Outline) -> None:
        self.outline = outline
        self.edits: list[Edit] = []

    def replace(self, start: int, stop: int, lines: Sequence[str]) -> None:
        """Replace lines [start, stop) (an empty range inserts before `start`)."""
        self.edits.append(Edit(start, stop, tuple(lines)))

    def insert(self, at: int, lines: Sequence[str]) -> None:
        """Insert lines before line `at`."""
        self.replace(at, at, lines)

    def text(self) -> str:
        """The edited text; untouched lines keep every byte."""
        out: list[str] = []
        lines = self.outline.lines
        pos = 0
        for edit in sorted(self.edits, key=lambda e: (e.start, e.stop)):
            if edit.start < pos:
                raise ValueError("overlapping edits")
            out.extend(lines[pos : edit.start])
            if edit.lines and out and not out[-1].endswith("\n"):
                out[-1] += self.outline.newline
            out.extend(edit.lines)
            pos = edit.stop
        out.extend(lines[pos:])
        return "".join(out)


def inline_replacement(outline: Outline, value: Value, new_token: str) -> str:
    """Line `value.line` with its inline value token replaced (the comment after it is kept)."""
    raw = outline.lines[value.line]
    body = strip_newline(raw)
    ending = raw[len(body) :]
    offset = 1 if value.line == 0 and body.startswith("\ufeff") else 0
    start, stop = value.start + offset, value.stop + offset
    if not new_token:
        tail = body[stop:]
        head = body[:start].rstrip(" \t")
        return head + (tail if tail.strip() else "") + ending
    sep = "" if body[start - 1 : start] in (" ", "\t") else " "
    return body[:start] + sep + new_token + body[stop:] + ending


class ListLoc(NamedTuple):
    """Where a list of entries is and how to add to it.

    Attributes:
        items: the existing items.
        dash_col: column of the items' `-` (derived from the style when the list is empty).
        key: the key owning the list (None for a top-level list).
    """

    items: list[Value]
    dash_col: int
    key: KeyLoc | None


def top_keys(outline: Outline) -> list[KeyLoc] | None:
    """Top-level keys, or None when the document is not a block mapping."""
    if outline._top_keys is _UNREAD:  # one pass over the lines per outline, however often asked
        top = outline.top()
        if top is None:
            outline._top_keys = []
        else:
            kind, start, stop = top
            outline._top_keys = None if kind != "map" else outline.mapping(start, stop, 0)
    return None if outline._top_keys is None else list(outline._top_keys)


def locate_list(outline: Outline, container: str | None) -> ListLoc | None:
    """The list under top-level key `container` (or the top-level list when None)."""
    if container is None:
        top = outline.top()
        if top is None or top[0] != "seq":
            return None
        return ListLoc(outline.sequence(top[1], top[2], 0), 0, None)
    keys = top_keys(outline) or []
    for k in keys:
        if k.key == container:
            child = outline.children(k.value)
            if child is None or child[0] != "seq":
                return ListLoc([], -1, k)
            return ListLoc(outline.sequence(k.value.line + 1, k.value.end, child[1]), child[1], k)
    return None


class EditError(Exception):
    """The text has a layout the surgical editor does not handle (the write is refused)."""
