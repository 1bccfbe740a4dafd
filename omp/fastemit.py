"""A writer for the plain YAML that memory entries are made of, with no YAML library.

Every write renders its new entry and the `_meta` block in the file's style (`outline.Style`).
Importing ruamel.yaml and running its pure-Python emitter for those few lines cost a small
`omp add`, or the post-commit hook, about a sixth of its time. `dump` writes a mapping of the
values entries hold (strings, dates, integers, booleans, null, and mappings and lists of them)
byte for byte as `yamlio`'s ruamel.yaml dumper writes it, or returns `UNSURE` when it is not
certain to, and the caller then asks ruamel.yaml. It never guesses: a string whose plain
form ruamel.yaml might read as something else (a number it does not know, a date of another
form), a float, a list in a list, a `|+` block, a very long line or any other type is UNSURE.

The rules are ruamel.yaml's emitter's, as its output shows them: a string goes plain when no
indicator, `: `, ` #`, edge space, line break or unprintable character forbids it and its
plain text reads back as a string; otherwise in single quotes, or in double quotes (with
escapes) when it holds `'`, a line break or an unprintable character; YAML 1.1 booleans and
null are quoted; multi-line text a `|` block holds exactly is written as one. A differential
test compares the two writers over generated values and every style.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from omp.fastyaml import plain_timestamp, typed_plain
from omp.lazyre import lazy
from omp.records import Timestamp

if TYPE_CHECKING:
    from omp.outline import Style

UNSURE: Final = object()  # what `dump` returns for a value it leaves to ruamel.yaml


class _Unsure(Exception):
    """The value leaves the subset: the whole dump gives up."""


# Read as booleans or null by YAML 1.1 readers (PyYAML), so written quoted.
YAML11_WORDS = frozenset({"y", "yes", "n", "no", "on", "off", "true", "false", "null", "~"})

# Multi-line text that a `|` block holds exactly: printable, no CR, no leading whitespace or
# blank first line (those need indentation indicators), no trailing spaces on a line.
LITERAL_SAFE = lazy(r"(?![ \t\n])(?:(?![ \t]\n)[^\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff])*\Z")

# Text that stays plain inside `[...]`: flow indicators (`,:[]{}#` …) would need quotes, and
# ruamel's emitter does not always add them (`[0:0]` is not valid YAML).
FLOW_PLAIN = lazy(r"[^\W\d_][\w.\-/+() ]*(?<! )\Z|\d[\w.\-/+()]*\Z")

# What the emitter does not write as it is, with `allow_unicode`: control characters, line
# breaks (NEL, LS and PS are breaks to YAML), a BOM, surrogates and non-characters. Texts
# that are all ASCII are looked at with the short list (compiled in a tenth of the time).
_UNPRINTABLE_ASCII = re.compile("[\x00-\x1f\x7f]")
_UNPRINTABLE = lazy("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
# What a double-quoted scalar escapes
_ESCAPED_ASCII = lazy('["\\\\\x00-\x1f\x7f]')
_ESCAPED = lazy('["\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]')
_SURROGATE = lazy("[\ud800-\udfff]")
_ESCAPES = {
    "\0": "0", "\x07": "a", "\x08": "b", "\t": "t", "\n": "n", "\x0b": "v", "\x0c": "f",
    "\r": "r", "\x1b": "e", '"': '"', "\\": "\\", "\x85": "N", "\u2028": "L", "\u2029": "P",
}  # fmt: skip
# A key written plain: a name (longer ones, and other keys, are left to ruamel.yaml)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]{0,99}\Z")
# What a plain string may start with: a letter (the words that are not strings are
# `YAML11_WORDS`, quoted anyway), any character past ASCII, or one that no indicator, number,
# date, null, merge key or `=` starts with
_PLAIN_FIRST = frozenset("_/$(\\^;")
_INDICATORS = frozenset("#,[]{}&*!|>'\"%@`")  # a string that starts with one is quoted
_LONGEST = 100_000  # ruamel.yaml folds lines past its width (a million columns)
_DEEPEST = 40
_HUGE = 10**1000


def dump(value: Any, style: Style) -> Any:
    """`value` (a non-empty mapping) as `yamlio`'s ruamel.yaml dumper writes it, or `UNSURE`."""
    if type(value) is not dict or not value:
        return UNSURE
    out: list[str] = []
    try:
        _mapping(value, 0, None, style, out, 0)
    except _Unsure:
        return UNSURE
    return "\n".join(out) + "\n"


def _mapping(
    value: dict[Any, Any], col: int, lead: str | None, style: Style, out: list[str], depth: int
) -> None:
    """The keys of `value` at column `col`; the first after `lead` (`- `) when given."""
    if depth > _DEEPEST:
        raise _Unsure
    for key, item in value.items():
        if type(key) is not str or not _KEY.match(key) or key.lower() in YAML11_WORDS:
            raise _Unsure
        head = f"{' ' * col if lead is None else lead}{key}:"
        lead = None
        if type(item) is dict:
            if not item:
                out.append(head + " {}")
            else:
                out.append(head)
                _mapping(item, col + style.mapping, None, style, out, depth + 1)
        elif type(item) is list:
            if not item:
                out.append(head + " []")
            elif _is_flow(item, style):
                out.append(f"{head} {_flow(item, style)}")
            else:
                out.append(head)
                _sequence(
                    item, col + style.seq_offset, col + style.seq_indent, style, out, depth + 1
                )
        elif _is_literal(item):
            _literal(head + " ", item, col + style.mapping, out)
        else:
            out.append(f"{head} {_scalar(item, style, flow=False)}")


def _sequence(
    items: list[Any], dash: int, col: int, style: Style, out: list[str], depth: int
) -> None:
    """Block list items: `-` at column `dash`, their content at column `col`."""
    if col - dash < 2:
        raise _Unsure
    lead = " " * dash + "-" + " " * (col - dash - 1)
    for item in items:
        if type(item) is dict:
            if item:
                _mapping(item, col, lead, style, out, depth + 1)
            else:
                out.append(lead + "{}")
        elif type(item) is list:
            if item and _is_flow(item, style):
                out.append(lead + _flow(item, style))
            elif not item:
                out.append(lead + "[]")
            else:
                raise _Unsure  # ruamel.yaml writes a list in a list in a layout of its own
        elif _is_literal(item):
            _literal(lead, item, col, out)
        else:
            out.append(lead + _scalar(item, style, flow=False))


def _is_flow(items: list[Any], style: Style) -> bool:
    """Whether `yamlio` writes this list as `[a, b]` (a file that does, short scalars)."""
    return style.flow_lists and all(
        isinstance(v, str | int | float | bool) and "\n" not in str(v) for v in items
    )


def _flow(items: list[Any], style: Style) -> str:
    parts = [
        _double_quoted(v)
        if type(v) is str and not FLOW_PLAIN.match(v)
        else _scalar(v, style, flow=True)
        for v in items
    ]
    return "[" + ", ".join(parts) + "]"


def _is_literal(value: Any) -> bool:
    return type(value) is str and "\n" in value and LITERAL_SAFE.match(value) is not None


def _literal(head: str, text: str, col: int, out: list[str]) -> None:
    """A `|` block: its content at column `col`, blank lines empty."""
    if text.endswith("\n\n") or len(text) > _LONGEST or not _printable(text.replace("\n", "")):
        raise _Unsure  # `|+` (and the `...` ruamel.yaml then adds), or a character it escapes
    body = text[:-1] if text.endswith("\n") else text
    out.append(head + ("|" if text.endswith("\n") else "|-"))
    pad = " " * col
    out.extend(pad + line if line else "" for line in body.split("\n"))


def _scalar(value: Any, style: Style, *, flow: bool) -> str:
    """One scalar on its line (or in a flow list)."""
    kind = type(value)
    if kind is Timestamp:
        if plain_timestamp(value):
            return str(value)
        raise _Unsure
    if kind is str:
        if len(value) > _LONGEST:
            raise _Unsure
        if style.double_quoted:
            return _double_quoted(value)
        return _string(value, flow=flow)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        if not -_HUGE < value < _HUGE:
            raise _Unsure  # past Python's limit of digits a str() writes
        return str(value)
    if value is None:
        return "null"
    raise _Unsure  # a float, a date object, a styled ruamel.yaml string: ruamel.yaml knows


def _string(value: str, *, flow: bool) -> str:
    """A string in the emitter's own choice of style: plain, `'...'` or `"..."`."""
    if not value:
        return "''"
    if "\x85" in value or "\u2028" in value or "\u2029" in value:
        raise _Unsure  # line breaks the single-quoted writer folds
    if value.lower() in YAML11_WORDS:
        return f"'{value}'"
    printable = _printable(value)
    if printable and _plain(value, flow=flow):
        return value
    if "'" in value or "\n" in value or not printable:
        return _double_quoted(value)
    return f"'{value}'"


def _printable(text: str) -> bool:
    return (_UNPRINTABLE_ASCII if text.isascii() else _UNPRINTABLE).search(text) is None


def _plain(value: str, *, flow: bool) -> bool:
    """Whether a printable, one-line string goes plain; raises `_Unsure` when not known."""
    first = value[0]
    if "0" <= first <= "9":
        if typed_plain(value):
            return False  # `'0123'`, `'1e3'`: read plain, it would be a number or a date
    elif first in _INDICATORS or first == " " or value.startswith(("- ", "---", "...")):
        return False  # `'@x'`, `'[a]'`, `'# a'`, `'- a'`
    elif first == "-" and len(value) > 1:
        if typed_plain(value):
            return False  # `'-3'`, `'-1.5'`
    elif not ((first.isascii() and first.isalpha()) or first >= "\xa0" or first in _PLAIN_FIRST):
        raise _Unsure  # `.5` is a number, `~` is null, `=` a value: ruamel.yaml knows
    if value[-1] == " " or value.endswith(":") or ": " in value or " #" in value:
        return False
    return not (flow and any(c in value for c in ",[]{}"))  # flow indicators


def _double_quoted(value: str) -> str:
    if len(value) > _LONGEST or _SURROGATE.search(value):
        raise _Unsure  # a surrogate: ruamel.yaml writes an escape it cannot read back
    return '"' + (_ESCAPED_ASCII if value.isascii() else _ESCAPED).sub(_escape, value) + '"'


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in _ESCAPES:
        return "\\" + _ESCAPES[ch]
    if ch <= "\xff":
        return f"\\x{ord(ch):02X}"
    return f"\\u{ord(ch):04X}"
