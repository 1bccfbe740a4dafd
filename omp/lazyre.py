"""Regular expressions compiled on first use rather than when their module is imported.

The extraction rules hold a few hundred patterns; compiling them all costs about 130 ms, which
every `omp extract` and every post-commit hook would pay at import, although a commit message
uses a tenth of them. `lazy` returns a stand-in that compiles its pattern the first
time a method is called and then answers at the speed of the compiled pattern (its methods
are the compiled pattern's own bound methods). It is typed as `re.Pattern` but is not one:
pass it to `re.sub()` and the like as `p.pattern`, or call its methods, and compare a match's
`.re` (the compiled pattern) with it by `==`, never `is`.
"""

from __future__ import annotations

import re
from typing import Any, cast

# what a compiled pattern offers; copied onto the stand-in when it compiles
_ATTRIBUTES = (
    "search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
    "flags", "groups", "groupindex", "scanner",
)  # fmt: skip


_CREATED: list[LazyPattern] = []


class LazyPattern:
    """A stand-in for `re.compile(pattern, flags)` that compiles on first use."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # only reached while an attribute is missing, that is, before the first compile
        if name.startswith("__") or name not in _ATTRIBUTES:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __eq__(self, other: object) -> bool:
        """Equal to itself and to the compiled pattern (`match.re == PATTERN`)."""
        if isinstance(other, LazyPattern):
            return other is self
        if isinstance(other, re.Pattern):
            return (other.pattern, other.flags) == (self.pattern, self.flags)
        return NotImplemented

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, done when the pattern is first used."""
    stand_in = LazyPattern(pattern, flags)
    _CREATED.append(stand_in)
    return cast("re.Pattern[str]", stand_in)


def compile_all() -> int:
    """Compile every pattern made so far (a check that none has a syntax error); how many."""
    for stand_in in _CREATED:
        stand_in.search("")
    return len(_CREATED)


def ignorecase_fold(text: str) -> str:
    """`text` folded so that `word in` it holds wherever `(?i)word` matches `text`.

    For the cheap tests that spare a text a costly IGNORECASE pattern; `word` lower-case
    ASCII or CJK. Besides case, IGNORECASE matches the long s (U+017F) as "s" and the Kelvin
    sign as "k", which casefold gives too, and the dotless i (U+0131) and the dotted capital
    I (U+0130) as "i": casefold leaves the one and adds a combining dot to the other. The
    fold may find a word the pattern does not ("ß" folds to "ss"): a test, not an answer.
    """
    return text.casefold().replace("\u0131", "i").replace("\u0307", "")
