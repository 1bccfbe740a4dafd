"""Comment-preserving YAML: read data, locate entries by line range, render one entry, splice.

Memory files belong to the people who edit them, so omp never re-dumps a whole file. An
`Outline` classifies every line once (blank, comment, content, block-scalar content) and finds
mapping keys and sequence items by indentation; edits replace or insert only the lines of the
entries they touch, rendered with ruamel.yaml in the file's own style (`Style`). The caller
re-parses the result and checks it holds exactly the intended data (see `store`), so a layout
this module misreads is refused, never written.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from omp.errors import InvalidYamlError
from omp.records import Timestamp as Timestamp  # re-exported: part of this module's API

# --------------------------------------------------------------------------------------------
# Reading data


def _construct_timestamp(constructor: Any, node: ScalarNode) -> Timestamp:
    return Timestamp(constructor.construct_scalar(node))


class _OneVersionResolver(VersionedResolver):
    """ruamel's resolver, which asks for the YAML version once per parse, not twice a scalar.

    ruamel looks the version up for every plain scalar, and with libyaml's parser each look
    goes through two AttributeErrors (a tenth of a cold index build). libyaml's parser passes
    no `%YAML` directive on to ruamel, so the answer is the same for the whole parse; ruamel's
    own parser (which has a scanner) may change it between documents and is asked each time.
    """

    _version: Any = None

    @property
    def processing_version(self) -> Any:
        version = self._version
        if version is None:
            version = super().processing_version
            if not hasattr(getattr(self, "loadumper", None), "_scanner"):
                self._version = version
        return version


@lru_cache(maxsize=2)
def _safe_yaml(pure: bool = False) -> YAML:
    yaml = YAML(typ="safe", pure=pure)  # libyaml's parser when ruamel.yaml.clib is present
    yaml.Resolver = _OneVersionResolver
    yaml.constructor.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
    return yaml


# libyaml scans YAML 1.1, where a plain scalar in a flow collection cannot hold `:`
# (`{url: https://example.com}`); YAML 1.2 allows it, and so does ruamel's own parser.
_FLOW_COLON = "found unexpected ':'"


def _load_all(text: str) -> list[Any]:
    try:
        return list(_safe_yaml().load_all(text))
    except MarkedYAMLError as e:
        if _FLOW_COLON not in str(e.problem):
            raise
        try:  # the slower YAML 1.2 parser, only for the texts that need it
            return list(_safe_yaml(pure=True).load_all(text))
        except YAMLError:
            raise e from None


def load(text: str, *, source: str = "<string>") -> Any:
    """Parse one YAML document into plain data; dates and timestamps stay `Timestamp` strings.

    Raises:
        InvalidYamlError: the text is not valid YAML (with line and column when known), holds
            duplicate keys, or holds more than one document.
    """
    try:
        docs = _load_all(text)
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        problem = " ".join(str(x) for x in (e.context, e.problem) if x) or str(e)
        problem = problem.replace("\n", " ")
        hint = None
        if "flow" in problem or _FLOW_COLON in problem:
            hint = 'inside `{...}` or `[...]`, quote a value that holds `: `, `,` or `#` ("a: b")'
        if mark is None:
            raise InvalidYamlError(source, None, None, problem, hint=hint) from None
        raise InvalidYamlError(source, mark.line + 1, mark.column + 1, problem, hint=hint) from None
    except YAMLError as e:
        raise InvalidYamlError(source, None, None, str(e).replace("\n", " ")) from None
    if len(docs) > 1:
        raise InvalidYamlError(
            source,
            None,
            None,
            f"holds {len(docs)} YAML documents; a memory file holds one",
            hint="remove the extra `---` document separators",
        )
    return docs[0] if docs else None


def load_stored(text: str, *, source: str) -> Any:
    """`load` a file omp is about to edit; a parse error says why omp will not write to it.

    Raises:
        InvalidYamlError: as `load`, with a hint naming the fix.
    """
    try:
        return load(text, source=source)
    except InvalidYamlError as e:
        if e.hint is not None:
            raise
        raise InvalidYamlError(
            e.path,
            e.line,
            e.column,
            e.problem,
            hint="the file is not valid YAML, so omp will not write to it; fix it there "
            "(`omp validate` lists every problem) or `omp restore` a backup",
        ) from None


def load_scalar(text: str) -> Any:
    """Read a value typed on a command line as a YAML scalar (`true`, `3`, `"3"`, a date)."""
    value = load(f"value: {text}" if text.strip() else "value: ''", source="value")
    return value["value"] if isinstance(value, dict) else text


# --------------------------------------------------------------------------------------------
# Rendering


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


# Read as booleans or null by YAML 1.1 readers (PyYAML), so written quoted.
_YAML11_WORDS = frozenset({"y", "yes", "n", "no", "on", "off", "true", "false", "null", "~"})


class _Representer(RoundTripRepresenter):
    pass


def _represent_timestamp(rep: Any, data: Timestamp) -> Any:
    return rep.represent_scalar("tag:yaml.org,2002:timestamp", str(data))


def _represent_none(rep: Any, _data: None) -> Any:
    return rep.represent_scalar("tag:yaml.org,2002:null", "null")


def _represent_str(rep: Any, data: str) -> Any:
    if data.lower() in _YAML11_WORDS:
        return rep.represent_scalar("tag:yaml.org,2002:str", data, style="'")
    return rep.represent_str(data)


_Representer.add_representer(Timestamp, _represent_timestamp)
_Representer.add_representer(type(None), _represent_none)
_Representer.add_representer(str, _represent_str)


@lru_cache(maxsize=16)
def _dumper(mapping: int, seq_indent: int, seq_offset: int) -> YAML:
    yaml = YAML(typ="rt", pure=True)
    yaml.Representer = _Representer
    yaml.indent(mapping=mapping, sequence=seq_indent, offset=seq_offset)
    yaml.width = 1_000_000
    yaml.allow_unicode = True
    return yaml


# Multi-line text that a `|` block holds exactly: printable, no CR, no leading whitespace or
# blank first line (those need indentation indicators), no trailing spaces on a line.
_LITERAL_SAFE = re.compile(r"(?![ \t\n])(?:(?![ \t]\n)[^\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff])*\Z")


# Text that stays plain inside `[...]`: flow indicators (`,:[]{}#` …) would need quotes, and
# ruamel's emitter does not always add them (`[0:0]` is not valid YAML).
_FLOW_PLAIN = re.compile(r"[^\W\d_][\w.\-/+() ]*(?<! )\Z|\d[\w.\-/+()]*\Z")


def _styled(value: Any, style: Style) -> Any:
    """Mark strings and lists so ruamel writes them the way the file does."""
    if isinstance(value, _Kept):
        return value.value
    if isinstance(value, Timestamp):
        return value
    if isinstance(value, str):
        if "\n" in value and _LITERAL_SAFE.match(value):
            return LiteralScalarString(value)
        if style.double_quoted:
            return DoubleQuotedScalarString(value)
        return value
    if isinstance(value, dict):
        from ruamel.yaml.comments import CommentedMap

        out = CommentedMap()
        for k, v in value.items():
            out[k] = _styled(v, style)
        return out
    if isinstance(value, list):
        from ruamel.yaml.comments import CommentedSeq

        flow = (
            style.flow_lists
            and bool(value)
            and all(isinstance(v, str | int | float | bool) and "\n" not in str(v) for v in value)
        )
        seq = CommentedSeq(
            DoubleQuotedScalarString(v)
            if flow
            and isinstance(v, str)
            and not isinstance(v, Timestamp)
            and not _FLOW_PLAIN.match(v)
            else _styled(v, style)
            for v in value
        )
        if flow:
            seq.fa.set_flow_style()
        return seq
    return value


def _dump(value: Any, style: Style) -> str:
    out = io.StringIO()
    _dumper(style.mapping, style.seq_indent, style.seq_offset).dump(_styled(value, style), out)
    return out.getvalue()


def _reindent(text: str, shift: int, newline: str) -> list[str]:
    lines = text.splitlines()
    if shift >= 0:
        pad = " " * shift
        return [(pad + ln if ln else ln) + newline for ln in lines]
    return [ln[-shift:] + newline for ln in lines]


def render_key(key: str, value: Any, col: int, style: Style) -> list[str]:
    """Lines of `key: value` with the key at column `col`."""
    return _reindent(_dump({key: value}, style), col, style.newline)


def render_item(value: Any, dash_col: int, style: Style) -> list[str]:
    """Lines of one sequence item whose `-` sits at column `dash_col`."""
    lines = _dump({"_": [value]}, style).splitlines()[1:]
    return _reindent("\n".join(lines), dash_col - style.seq_offset, style.newline)


def render_inline(value: Any, style: Style) -> str | None:
    """The one-line form of a scalar or flow value, or None when it needs several lines."""
    lines = _dump({"k": value}, style).splitlines()
    if len(lines) != 1 or not lines[0].startswith("k: "):
        return None
    text = lines[0][3:]
    return None if text[:1] in "|>" else text


# --------------------------------------------------------------------------------------------
# Outline: where keys, items and values are


BLANK, COMMENT, CONTENT, SCALAR = "B", "C", "X", "S"

_BLOCK_SCALAR = re.compile(r"[|>]([-+1-9]{0,2})[ \t]*(?:#.*)?$")
_DOC_MARK = re.compile(r"^(?:---|\.\.\.)(?:[ \t]|$)")


def _strip_nl(line: str) -> str:
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


_NOT_TEXT = re.compile(
    r"^(?:[-+]?(?:\d[\d_]*(?:\.\d*)?(?:[eE][-+]?\d+)?|\.inf|\.nan|0x[0-9a-fA-F]+|0o[0-7]+)"
    r"|true|false|True|False|TRUE|FALSE|null|Null|NULL|~|\d{4}-\d\d?-\d\d?(?:[Tt ].*)?)$"
)


def _plain_text_token(token: str) -> bool:
    """True for an unquoted token that reads as a string (not a number, bool, null, date)."""
    return bool(token) and token[0] not in "#|>&!*{['\"" and not _NOT_TEXT.match(token)


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
        key = load(f"{body[col:end]}: 0", source="key")
        return (next(iter(key)) if isinstance(key, dict) else body[col:end]), end + 1
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
        line = _strip_nl(self.lines[i])
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
        elif _plain_text_token(rest.split(" #")[0].rstrip()):
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
    body = _strip_nl(raw)
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


# --------------------------------------------------------------------------------------------
# High-level edits: each returns the new text; the caller re-parses it to verify.


class EditError(Exception):
    """The text has a layout the surgical editor does not handle (the write is refused)."""


def _nest(path: Sequence[str], value: Any) -> Any:
    for key in reversed(path):
        value = {key: value}
    return value


def _walk(data: Any, path: Sequence[str]) -> tuple[bool, Any]:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return False, None
        data = data[key]
    return True, data


def get_path(data: Any, path: Sequence[str]) -> Any:
    """The value at `path` (keys from the top), or None."""
    return _walk(data, path)[1]


def has_path(data: Any, path: Sequence[str]) -> bool:
    """Whether `path` exists in `data` (its value may be null)."""
    return _walk(data, path)[0]


def with_path(current: Any, path: Sequence[str], value: Any) -> Any:
    """`current` with `path` set to `value`, creating or overwriting mappings on the way."""
    if not path:
        return value
    base = dict(current) if isinstance(current, dict) else {}
    base[path[0]] = with_path(base.get(path[0]), path[1:], value)
    return base


def _key_comment(o: Outline, k: KeyLoc) -> str:
    """The comment on a key's line (`key:  # note`, `key: {a: 1}  # note`), with its spacing."""
    if k.value.kind not in ("block", "inline"):
        return ""
    body = o.body(k.value.line)
    rest = body[k.value.start if k.value.kind == "block" else k.value.stop :].lstrip(" \t")
    if not rest.startswith("#"):
        return ""
    head = body[: len(body) - len(rest)]
    return " " * max(1, len(head) - len(head.rstrip())) + rest


def _render_key_keeping(o: Outline, k: KeyLoc, value: Any, style: Style) -> list[str]:
    lines = render_key(k.key, value, k.value.col, style)
    note = _key_comment(o, k)
    if note and lines and (_strip_nl(lines[0]).endswith(":") or len(lines) == 1):
        lines[0] = _strip_nl(lines[0]) + note + style.newline
    # keep the key exactly as written (quoted keys, `- ` of a first key in an item)
    head = o.body(k.value.line)[: k.value.col]
    first = lines[0][k.value.col :]
    written_key = o.body(k.value.line)[k.value.col :]
    colon = first.find(":")
    parsed = parse_key(written_key, 0)
    if parsed is not None and colon >= 0:
        first = written_key[: parsed[1] - 1] + first[colon:]
    lines[0] = head + first
    return lines


def _replace_value(o: Outline, sp: Splicer, k: KeyLoc, value: Any, style: Style) -> None:
    v = k.value
    if v.kind == "inline" and (
        not isinstance(value, dict | list)
        or (isinstance(value, list) and o.body(v.line)[v.start] == "[")
    ):
        token = o.body(v.line)[v.start : v.stop]
        token_style = style._replace(
            double_quoted=token.lstrip("[{ ").startswith('"'), flow_lists=True
        )
        text = render_inline(value, token_style)
        if text is not None:
            sp.replace(v.line, v.line + 1, [inline_replacement(o, v, text)])
            return
    sp.replace(v.line, v.end, _render_key_keeping(o, k, value, style))


def _insertion_line(keys: list[KeyLoc], default: int) -> int:
    data_keys = [k for k in keys if k.key != "_meta"]
    if data_keys:
        return max(k.value.end for k in data_keys)
    return default


def _sibling_style(o: Outline, keys: list[KeyLoc], style: Style) -> Style:
    values = [
        o.body(k.value.line)[k.value.start : k.value.stop] for k in keys if k.value.kind == "inline"
    ]
    strings = [t for t in values if t.startswith('"') or _plain_text_token(t)]
    if not strings:  # no evidence among the siblings: follow the file
        return style
    return style._replace(double_quoted=all(t.startswith('"') for t in strings))


def _set_in(
    o: Outline,
    sp: Splicer,
    keys: list[KeyLoc],
    col: int,
    insert_at: int,
    path: Sequence[str],
    value: Any,
    current: Any,
    style: Style,
) -> None:
    found = next((k for k in keys if k.key == path[0]), None)
    if found is None:
        lines = render_key(path[0], _nest(path[1:], value), col, _sibling_style(o, keys, style))
        sp.insert(insert_at, lines)
        return
    if len(path) == 1:
        _replace_value(o, sp, found, value, style)
        return
    child = o.children(found.value)
    here = current.get(path[0]) if isinstance(current, dict) else None
    if child is not None and child[0] == "map" and isinstance(here, dict):
        sub = o.mapping(found.value.line + 1, found.value.end, child[1])
        _set_in(
            o,
            sp,
            sub,
            child[1],
            _insertion_line(sub, found.value.end),
            path[1:],
            value,
            here,
            style,
        )
        return
    # an empty, flow or scalar value: write the key again with its whole new value, keeping
    # the quoting of what a flow mapping held
    new = _flow_with_path(o, found, path[1:], value, style)
    sp.replace(
        found.value.line,
        found.value.end,
        _render_key_keeping(
            o, found, with_path(here, path[1:], value) if new is None else new, style
        ),
    )


def _flow_with_path(
    o: Outline, k: KeyLoc, path: Sequence[str], value: Any, style: Style
) -> Any | None:
    """A one-line flow mapping's value with `path` set, its scalars quoted as they were.

    The result is written in block style (the caller renders it); None when the value is not
    such a mapping, or reads as something else.
    """
    token = o.body(k.value.line)[k.value.start : k.value.stop]
    if k.value.kind != "inline" or not token.startswith("{") or token.replace(" ", "") == "{}":
        return None
    from ruamel.yaml.comments import CommentedMap

    yaml = YAML(typ="rt", pure=True)
    yaml.preserve_quotes = True
    try:
        loaded = yaml.load("_: " + token)
    except YAMLError:
        return None
    top = loaded.get("_") if isinstance(loaded, dict) else None
    if not isinstance(top, CommentedMap):
        return None
    node: Any = top
    for key in path[:-1]:
        if not isinstance(node.get(key), CommentedMap):
            node[key] = CommentedMap()
        node = node[key]
    node[path[-1]] = _styled(value, style)
    stack = [top]
    while stack:  # mappings go to block style, the way `_styled` writes new ones
        m = stack.pop()
        m.fa.set_block_style()
        stack += [v for v in m.values() if isinstance(v, CommentedMap)]
    return _Kept(top)


class _Kept:
    """A value `_styled` leaves alone (already styled, or loaded with its quoting)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _top(o: Outline) -> tuple[list[KeyLoc], int]:
    keys = top_keys(o)
    if keys is None:
        raise EditError("the file's top level is not a mapping")
    if o.docs > 1:
        raise EditError("the file holds several YAML documents")
    return keys, len(o.lines)


def set_path(text: str, path: Sequence[str], value: Any, *, current: Any) -> str:
    """Set `path` (keys from the top) to `value`; `current` is the text's parsed data.

    Raises:
        EditError: the text's layout cannot be edited in place.
    """
    o = Outline(text)
    keys, end = _top(o)
    sp = Splicer(o)
    style = o.detect_style()
    if path[0] == "_meta":  # bookkeeping: block lists, quoted strings, like upstream
        style = style._replace(flow_lists=False, double_quoted=True)
    if path[0] == "_meta" and not any(k.key == "_meta" for k in keys):
        sp.insert(end, render_key("_meta", _nest(path[1:], value), 0, style))
        return sp.text()
    _set_in(o, sp, keys, 0, _insertion_line(keys, end), path, value, current, style)
    return sp.text()


def unset_path(text: str, path: Sequence[str], *, current: Any) -> str:
    """Remove the key at `path` and its value (a parent left empty becomes `{}`).

    Raises:
        EditError: the text's layout cannot be edited in place, or `path` is not there.
    """
    o = Outline(text)
    keys, _ = _top(o)
    sp = Splicer(o)
    parent_data = current
    parent: KeyLoc | None = None
    for depth, key in enumerate(path):
        found = next((k for k in keys if k.key == key), None)
        if found is None:
            raise EditError(f"{'.'.join(path[: depth + 1])} is not in the file")
        if depth == len(path) - 1:
            if parent is not None and len(keys) == 1:
                sp.replace(
                    parent.value.line,
                    parent.value.end,
                    _render_key_keeping(o, parent, {}, o.detect_style()),
                )
            else:
                sp.replace(found.value.line, found.value.end, [])
            return sp.text()
        child = o.children(found.value)
        if child is None or child[0] != "map":
            raise EditError(f"{'.'.join(path[: depth + 1])} is not a block mapping")
        parent, parent_data = found, parent_data.get(key) if isinstance(parent_data, dict) else None
        keys = o.mapping(found.value.line + 1, found.value.end, child[1])
    return sp.text()


def append_entry(text: str, container: str | None, entry: Any, *, current: Any) -> str:
    """Add `entry` at the end of the list under `container` (or the top-level list).

    Raises:
        EditError: the text's layout cannot be edited in place.
    """
    o = Outline(text)
    style = o.detect_style()
    sp = Splicer(o)
    if container is None:
        top = o.top()
        if top is not None and top[0] != "seq":
            raise EditError("the file's top level is not a list")
        items = o.sequence(top[1], top[2], 0) if top is not None else []
        at = items[-1].end if items else o.doc_range()[1]
        sp.insert(at, render_item(entry, 0, style))
        return sp.text()
    keys, end = _top(o)
    loc = locate_list(o, container)
    if loc is None:
        sp.insert(_insertion_line(keys, end), render_key(container, [entry], 0, style))
    elif loc.items:
        sp.insert(loc.items[-1].end, render_item(entry, loc.dash_col, style))
    else:
        assert loc.key is not None
        existing = current.get(container) if isinstance(current, dict) else None
        v = loc.key.value
        if existing or v.kind not in ("inline", "block"):
            sp.replace(
                v.line, v.end, _render_key_keeping(o, loc.key, [*(existing or []), entry], style)
            )
        else:  # `key: []`, `key: null` or `key:` -> `key:` then the first item
            head = inline_replacement(o, v, "") if v.kind == "inline" else o.lines[v.line]
            sp.replace(v.line, v.end, [head, *render_item(entry, style.seq_offset, style)])
    return sp.text()


def update_entry(
    text: str, container: str | None, index: int, fields: dict[str, Any], *, whole: Any
) -> str:
    """Set `fields` of entry `index` of the list, touching only those fields' lines.

    An entry that is not a block mapping (a flow `{...}` item) is written again as `whole`,
    the entry's complete new value.

    Raises:
        EditError: the entry cannot be located.
    """
    o = Outline(text)
    loc = locate_list(o, container)
    if loc is None or index >= len(loc.items):
        raise EditError(f"entry {index} of {container or 'the list'} was not found")
    item = loc.items[index]
    keys = o.item_mapping(item)
    style = o.detect_style()
    sp = Splicer(o)
    if keys is None:
        sp.replace(item.line, item.end, render_item(whole, item.col, style))
        return sp.text()
    new_keys: dict[str, Any] = {}
    for name, value in fields.items():
        found = next((k for k in keys if k.key == name), None)
        if found is None:
            new_keys[name] = value
        else:
            _replace_value(o, sp, found, value, style)
    if new_keys:
        col = keys[0].value.col if keys else item.start
        lines: list[str] = []
        for name, value in new_keys.items():
            lines += render_key(name, value, col, style)
        sp.insert(item.end, lines)
    return sp.text()
