"""A reader for the plain YAML that memory entries are made of, with no YAML library.

A git hook that checks one hand-edited entry, or an index refresh after an outside edit,
parses a few lines; importing ruamel.yaml to do it costs more than everything else the hook
does. `load` reads the subset of YAML that omp writes and people type into entries (block
mappings with simple keys, block sequences, plain / quoted / literal scalars, one-line flow
sequences of scalars) and returns exactly what ruamel.yaml's safe load returns for it
(`yamlio.load_by_ruamel`), or `UNSURE` for anything else, which the caller then hands to
ruamel.yaml. It never raises and
never guesses: a text that might be an error, or that a YAML reader might read otherwise
(anchors, tags, folded or multi-line plain scalars, numbers other than plain integers, tabs,
CR line ends, control characters, duplicate keys, several documents), is UNSURE, so errors
and their messages always come from ruamel.yaml.
"""

from __future__ import annotations

import re
from typing import Any, Final

from omp.lazyre import lazy
from omp.records import Timestamp

UNSURE: Final = object()  # what `load` returns for a text outside the subset


class _Unsure(Exception):
    """The text leaves the subset: the whole parse gives up."""


# Characters outside the subset: control characters (tab and CR among them), those YAML
# takes as line breaks (NEL, LS, PS), a BOM, surrogates and non-characters. Texts that are
# all ASCII are looked at with the short list (compiled in a tenth of the time).
_NOT_ASCII_TEXT = re.compile("[\x00-\x09\x0b-\x1f\x7f]")
_NOT_TEXT = lazy("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_\-]*):(?: +|$)")
_NOT_KEYS = frozenset({"true", "false", "null", "y", "n", "yes", "no", "on", "off"})
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
# What YAML 1.2 as ruamel.yaml resolves it reads as an integer, a float or a timestamp; any
# other plain text that starts with a digit is a string ("3 replicas", a commit "966d28d")
_NOT_STRING = lazy(
    r"[-+]?(?:0b[01_]+|0o?[0-7_]+|[0-9_]+|0x[0-9a-fA-F_]+)"
    r"|[-+]?(?:[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[0-9][0-9_]*[eE][-+]?[0-9]+"
    r"|\.[0-9_]+(?:[eE][-+][0-9]+)?|\.(?:inf|Inf|INF))|\.(?:nan|NaN|NAN)"
    r"|[0-9]{4}-[0-9]{2}-[0-9]{2}"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?"
    r"(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?"
)
_DATE = lazy(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DATETIME = lazy(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:Z|[-+][0-9]{2}:[0-9]{2})?"
)
_WORDS: Final[dict[str, Any]] = {
    "null": None, "Null": None, "NULL": None, "~": None,
    "true": True, "True": True, "TRUE": True,
    "false": False, "False": False, "FALSE": False,
}  # fmt: skip
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "0": "\0", " ": " "}
# What else a plain string may start with: no YAML indicator, and nothing a number, a date,
# null or a boolean starts with (those are `_WORDS`, `_INT`, `_DATE`, `_DATETIME`)
# (and any character past ASCII: `first >= "\xa0"`)
_PLAIN_FIRST = frozenset("_/$(~<=\\^;")
_HEX = {"x": 2, "u": 4, "U": 8}
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_FLOW_END = re.compile("[,\\]]")
_FLOW_STOPS = frozenset("[]{}\"'#:&*!|>%@`?")


def load(text: str) -> Any:
    """The data of `text` as `yamlio.load` reads it, or `UNSURE`."""
    if (_NOT_ASCII_TEXT if text.isascii() else _NOT_TEXT).search(text):
        return UNSURE
    try:
        return _Parser(text).document()
    except (_Unsure, RecursionError):
        return UNSURE


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _scalar(text: str) -> Any:
    """A plain scalar resolved as YAML 1.2 (ruamel's core schema) would, when sure how."""
    if not text:
        raise _Unsure
    if text in _WORDS:
        return _WORDS[text]
    first = text[0]
    if "0" <= first <= "9" or first == "-":  # the common numbers and dates first
        if _INT.fullmatch(text):
            return int(text)
        if plain_timestamp(text):
            return Timestamp(text)
    if (
        first.isalpha()
        or first >= "\xa0"
        or (first in _PLAIN_FIRST and text not in ("<<", "="))  # `<<` merges, `=` is a value
        or ("0" <= first <= "9" and not typed_plain(text))
    ):
        if ": " in text or text.endswith(":") or " #" in text:
            raise _Unsure
        return text
    raise _Unsure  # another number, a date of another form, an indicator: ruamel knows


def plain_timestamp(text: str) -> bool:
    """Whether `text` is a date or UTC timestamp in a form read (and written) here."""
    return _DATE.fullmatch(text) is not None or _DATETIME.fullmatch(text) is not None


def typed_plain(text: str) -> bool:
    """Whether the plain scalar `text` reads as a number or a timestamp, not as a string."""
    return _NOT_STRING.fullmatch(text) is not None


def _comment_or_nothing(rest: str) -> None:
    stripped = rest.lstrip(" ")
    if stripped and (stripped[0] != "#" or stripped == rest):
        raise _Unsure  # something after a value, or a `#` glued to it


def _double_quoted(text: str, start: int) -> tuple[str, int]:
    """The value of the one-line double-quoted scalar at `start`, and where it ends."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            return "".join(out), i + 1
        if ch == "\\":
            code = text[i + 1 : i + 2]
            if code in _ESCAPES:
                out.append(_ESCAPES[code])
                i += 2
                continue
            width = _HEX.get(code)
            digits = text[i + 2 : i + 2 + width] if width else ""
            if not width or len(digits) != width or not all(c in _HEX_DIGITS for c in digits):
                raise _Unsure
            point = int(digits, 16)
            if 0xD800 <= point <= 0xDFFF or point > 0x10FFFF:
                raise _Unsure
            out.append(chr(point))
            i += 2 + width
            continue
        out.append(ch)
        i += 1
    raise _Unsure  # goes on to the next line


def _single_quoted(text: str, start: int) -> tuple[str, int]:
    """The value of the one-line single-quoted scalar at `start`, and where it ends."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "'":
            if text[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise _Unsure


def _skip_spaces(text: str, i: int) -> int:
    while text.startswith(" ", i):
        i += 1
    return i


def _flow_item(text: str, i: int) -> tuple[Any, int]:
    """The item of a flow list at `i`, and where it ends."""
    first = text[i : i + 1]
    if first == '"':
        return _double_quoted(text, i)
    if first == "'":
        return _single_quoted(text, i)
    stop = _FLOW_END.search(text, i)
    if stop is None:
        raise _Unsure  # the list goes on over lines
    plain = text[i : stop.start()].rstrip(" ")
    if not plain or any(ch in _FLOW_STOPS for ch in plain):
        raise _Unsure  # `[a, , b]`, a trailing comma, an indicator
    return _scalar(plain), stop.start()


def _flow(text: str) -> tuple[Any, int]:
    """`[]`, `{}` or a one-line `[a, "b", 'c']` at the start of `text`, and where it ends.

    Linear in the line's length, however many items it holds.
    """
    if text.startswith("{"):
        if not text.startswith("{}"):
            raise _Unsure
        return {}, 2
    items: list[Any] = []
    i = _skip_spaces(text, 1)
    if text.startswith("]", i):
        return items, i + 1
    while True:
        value, i = _flow_item(text, i)
        items.append(value)
        i = _skip_spaces(text, i)
        if text.startswith("]", i):
            return items, i + 1
        if not text.startswith(",", i):
            raise _Unsure  # `["a" b]`, `["a": b]`, or the list goes on over lines
        i = _skip_spaces(text, i + 1)


class _Parser:
    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.ends_with_newline = self.lines[-1] == ""
        if self.ends_with_newline:
            self.lines.pop()
        self.i = 0

    def _next(self) -> str | None:
        """The next line that holds content (blank and comment lines skipped), or None."""
        lines = self.lines
        while self.i < len(lines):
            stripped = lines[self.i].lstrip(" ")
            if stripped and stripped[0] != "#":
                return lines[self.i]
            self.i += 1
        return None

    def document(self) -> Any:
        line = self._next()
        if line is None:
            return None
        if line.startswith(("---", "...", "%")):
            raise _Unsure
        value = self._block(_indent(line))
        if self._next() is not None:
            raise _Unsure  # content left over: a layout the subset does not know, or an error
        return value

    def _block(self, n: int) -> Any:
        line = self.lines[self.i]
        rest = line[n:]
        if rest == "-" or rest.startswith("- "):
            return self._sequence(n)
        return self._mapping(n)

    def _sequence(self, n: int) -> list[Any]:
        items: list[Any] = []
        while True:
            line = self._next()
            if line is None:
                return items
            at = _indent(line)
            if at < n:
                return items
            rest = line[n:]
            if at > n:
                raise _Unsure
            if not (rest == "-" or rest.startswith("- ")):
                return items  # the next key of the mapping that holds an indentless list
            after = rest[1:].lstrip(" ")
            if not after or after[0] == "#":
                self.i += 1
                items.append(self._nested(n, allow_same=False))
                continue
            col = len(line) - len(after)
            if after.startswith("- ") or after == "-":
                raise _Unsure  # `- - x`
            if _KEY.match(after):
                self.lines[self.i] = " " * col + after  # `- key: v` is a mapping at `key`
                items.append(self._mapping(col))
            else:
                items.append(self._inline(after, n))

    def _nested(self, n: int, *, allow_same: bool) -> Any:
        """The value of a key or `-` with nothing after it: a block below it, or null."""
        line = self._next()
        if line is None:
            return None
        at = _indent(line)
        if at > n:
            return self._block(at)
        if allow_same and at == n and (line[n:] == "-" or line[n:].startswith("- ")):
            return self._sequence(n)  # `key:` then `- item` at the key's own indentation
        return None

    def _mapping(self, n: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while True:
            line = self._next()
            if line is None:
                return out
            at = _indent(line)
            if at < n:
                return out
            if at > n:
                raise _Unsure
            rest = line[n:]
            m = _KEY.match(rest)
            if m is None:
                if rest == "-" or rest.startswith("- "):
                    return out  # a list item after this mapping: the caller's
                raise _Unsure
            key = m.group(1)
            if key in out or key.lower() in _NOT_KEYS:
                raise _Unsure
            after = rest[m.end() :]
            if not after or after[0] == "#":  # `_KEY` took the spaces before a comment
                self.i += 1
                out[key] = self._nested(n, allow_same=True)
            else:
                out[key] = self._inline(after, n)

    def _inline(self, rest: str, n: int) -> Any:
        """A value that starts on the current line, after `key: ` or `- `.

        `n` is the indentation of the node that holds it. Moves past every line it takes.
        """
        first = rest[0]
        if first in "|>":
            return self._literal(rest, n)
        if first in "\"'[{":
            read = _double_quoted if first == '"' else _single_quoted if first == "'" else None
            value, end = read(rest, 0) if read is not None else _flow(rest)
            after = rest[end:]
        else:
            cut = rest.find(" #")
            plain = (rest if cut < 0 else rest[:cut]).rstrip(" ")
            value, after = _scalar(plain), ""
        _comment_or_nothing(after)
        self.i += 1
        line = self._next()
        if line is not None and _indent(line) > n:
            raise _Unsure  # a plain scalar going on over lines, or an error
        return value

    def _literal(self, header: str, n: int) -> str:
        cut = header.find(" #")
        header = (header if cut < 0 else header[:cut]).rstrip(" ")
        if header not in ("|", "|-", "|+"):
            raise _Unsure  # folded, or an explicit indentation
        lines = self.lines
        self.i += 1
        if self.i >= len(lines) or not lines[self.i].strip(" "):
            raise _Unsure  # empty, or leading empty lines
        m = _indent(lines[self.i])
        if m <= n:
            raise _Unsure
        body: list[str] = []
        trailing = 0  # empty lines after the last line of text
        while self.i < len(lines):
            line = lines[self.i]
            if not line.strip(" ") and len(line) <= m:
                trailing += 1
            elif _indent(line) < m:
                break
            else:
                body += [""] * trailing
                body.append(line[m:])
                trailing = 0
            self.i += 1
        if self.i >= len(lines) and not self.ends_with_newline:
            raise _Unsure  # the text ends inside the scalar, without a line break
        text = "\n".join(body)
        if header == "|":
            return text + "\n"
        if header == "|-":
            return text
        return text + "\n" * (1 + trailing)
