r"""Read a large JSON document piece by piece, with the errors `json.load` would give.

A conversation export can be gigabytes; decoding it whole costs about eight times its size in
memory. `Reader` decodes one value at a time with the C decoder (`raw_decode`) over a buffer that
holds the current value and a little more, while the caller walks the outer structure (an array,
or an object's members) with `peek`, `take` and `value`.

The file is read as `open(path, encoding="utf-8")` reads it: UTF-8 without a BOM, universal
newlines translated to `\n`. Every error (bad UTF-8, bad JSON) is raised as `StreamError` whose
text is exactly what `json.load` on the whole file would have said, positions included, so a
streaming reader and a whole-file reader report the same thing. Standard library only.
"""

from __future__ import annotations

import codecs
import io
import json
from collections.abc import Iterator
from typing import IO, Any

CHUNK = 1 << 20
_WS = " \t\n\r"  # JSON whitespace; nothing else counts
# A value decoded or an error found this close to the end of the buffer may be cut short by it
# (a number, an escape, a literal): read on before trusting it.
_MARGIN = 8


class StreamError(ValueError):
    """A read or decode failure; `str()` is the text `json.load` would have given."""


class DecodeError(StreamError):
    """The bytes are not UTF-8 (`json.load` reports this before any JSON error)."""


def text_chunks(binary: IO[bytes], size: int | None = None) -> Iterator[str]:
    """UTF-8 text from `binary`, newlines translated, in pieces of `size` bytes (CHUNK)."""
    size = size or CHUNK
    decoder = codecs.getincrementaldecoder("utf-8")()
    newlines = io.IncrementalNewlineDecoder(None, translate=True)
    fed = 0  # bytes given to the decoder so far
    while True:
        data = binary.read(size)
        final = not data
        pending = len(decoder.getstate()[0])
        try:
            text = decoder.decode(data, final)
        except UnicodeDecodeError as e:
            raise DecodeError(_decode_message(e, fed - pending)) from None
        fed += len(data)
        text = newlines.decode(text, final)
        if text:
            yield text
        if final:
            return


def _decode_message(e: UnicodeDecodeError, base: int) -> str:
    """`str(e)` as if the whole file had been decoded at once (positions from its start)."""
    start, end = base + e.start, base + e.end
    codec = f"'{e.encoding}' codec can't decode"
    if e.end == e.start + 1:
        return f"{codec} byte 0x{e.object[e.start]:02x} in position {start}: {e.reason}"
    return f"{codec} bytes in position {start}-{end - 1}: {e.reason}"


class Reader:
    """A cursor over one JSON document arriving as text pieces."""

    def __init__(self, chunks: Iterator[str]) -> None:
        self._chunks = chunks
        self._buf = ""
        self._pos = 0  # the cursor, in _buf
        self._eof = False
        # Where _buf starts in the document, for error positions: its character offset, the
        # newlines before it and the offset of the last of them (-1: none).
        self._base = 0
        self._lines = 0
        self._last_nl = -1
        self._decoder = json.JSONDecoder()

    # -- the buffer -------------------------------------------------------------------------

    def _more(self) -> bool:
        """Drop what was consumed and read on (as much again as is held).

        False when nothing changed: the end of the document, with nothing left to drop.
        """
        if self._eof:
            return False
        done = self._buf[: self._pos]
        if done:
            nl = done.rfind("\n")
            if nl >= 0:
                self._lines += done.count("\n")
                self._last_nl = self._base + nl
            self._base += len(done)
        self._buf, self._pos = self._buf[self._pos :], 0
        parts, want = [self._buf], max(CHUNK, len(self._buf))
        while want > 0:
            chunk = next(self._chunks, None)
            if chunk is None:
                self._eof = True
                break
            parts.append(chunk)
            want -= len(chunk)
        self._buf = "".join(parts)
        return len(parts) > 1 or bool(done)  # either way, positions in _buf have changed

    def error(self, msg: str, pos: int | None = None) -> StreamError:
        """A `json.JSONDecodeError` text for `msg` at buffer position `pos` (the cursor)."""
        at = self._pos if pos is None else pos
        head = self._buf[:at]
        nl = head.rfind("\n")
        line = self._lines + head.count("\n") + 1
        col = at - nl if nl >= 0 else self._base + at - self._last_nl
        return StreamError(f"{msg}: line {line} column {col} (char {self._base + at})")

    # -- the walk ---------------------------------------------------------------------------

    def start(self) -> str | None:
        """The first character after leading whitespace (None: an empty document)."""
        if not self._buf:
            self._more()
        if self._buf.startswith("\ufeff"):
            raise StreamError(
                "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"
            )
        return self.peek()

    def peek(self) -> str | None:
        """Skip whitespace; the next character, or None at the end of the document."""
        while True:
            buf, pos = self._buf, self._pos
            while pos < len(buf) and buf[pos] in _WS:
                pos += 1
            self._pos = pos
            if pos < len(buf):
                return buf[pos]
            if not self._more():
                return None

    def take(self) -> None:
        """Step over the character `peek` returned."""
        self._pos += 1

    def value(self) -> Any:
        """Decode the value at the cursor (after `peek`) and move past it."""
        while True:
            try:
                value, end = self._decoder.raw_decode(self._buf, self._pos)
            except json.JSONDecodeError as e:
                cut = e.msg.startswith("Unterminated string") or e.pos + _MARGIN >= len(self._buf)
                if cut and self._more():
                    continue
                raise self.error(e.msg, e.pos) from None
            if end + _MARGIN >= len(self._buf) and self._more():
                continue  # a number or literal may go on past the buffer
            self._pos = end
            return value

    def drain(self) -> None:
        """Decode the rest of the file, raising `DecodeError` if it is not UTF-8.

        `json.load` decodes the whole file before it parses: a JSON error early in a file
        whose later bytes are not UTF-8 is reported as the decoding error. Call this before
        reporting a JSON error to give the same answer.
        """
        for _ in self._chunks:
            pass

    def finish(self) -> None:
        """Nothing but whitespace may follow the document."""
        if self.peek() is not None:
            raise self.error("Extra data")


def array_items(reader: Reader) -> Iterator[Any]:
    """The elements of the array whose `[` `peek` just returned, as `json` would parse them."""
    reader.take()
    char = reader.peek()
    if char == "]":
        reader.take()
        return
    while True:
        if char is None:
            raise reader.error("Expecting value")
        yield reader.value()
        char = reader.peek()
        if char == "]":
            reader.take()
            return
        if char != ",":
            raise reader.error("Expecting ',' delimiter")
        reader.take()
        char = reader.peek()


def object_keys(reader: Reader) -> Iterator[str]:
    """The keys of the object whose `{` `peek` just returned.

    After each key the cursor is at its value, which the caller must consume (`value()`, or
    `array_items` when it is an array).
    """
    reader.take()
    char = reader.peek()
    if char == "}":
        reader.take()
        return
    while True:
        if char != '"':
            raise reader.error("Expecting property name enclosed in double quotes")
        key = reader.value()
        if reader.peek() != ":":
            raise reader.error("Expecting ':' delimiter")
        reader.take()
        if reader.peek() is None:
            raise reader.error("Expecting value")
        yield key
        char = reader.peek()
        if char == "}":
            reader.take()
            return
        if char != ",":
            raise reader.error("Expecting ',' delimiter")
        reader.take()
        char = reader.peek()
