"""Patterns compiled on first use behave as compiled ones, and every one of them compiles."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from omp import lazyre


def test_every_pattern_of_the_rules_compiles():
    for name in ("omp.rules", "omp.deploy", "omp.rot", "omp.sources", "omp.extract"):
        importlib.import_module(name)  # registers their patterns
    assert lazyre.compile_all() >= 300


def test_a_lazy_pattern_answers_as_the_compiled_one():
    source, text = r"(?P<tool>[A-Z]\w+) (\d+)", "use Postgres 16 and Redis 7 here"
    lazy, real = lazyre.lazy(source, re.I), re.compile(source, re.I)
    assert lazy.pattern == source  # known without compiling
    assert [m.groupdict() for m in lazy.finditer(text)] == [
        m.groupdict() for m in real.finditer(text)
    ]
    first = lazy.search(text)
    assert first is not None and first[0] == "Postgres 16"
    assert lazy.sub(r"\2", text) == real.sub(r"\2", text)
    assert lazy.findall(text) == real.findall(text)
    assert (lazy.flags, lazy.groups, lazy.groupindex) == (real.flags, 2, {"tool": 1})
    assert lazy.split(text, maxsplit=1) == real.split(text, maxsplit=1)


def test_a_lazy_pattern_is_compiled_once_and_then_answers_directly():
    pattern = lazyre.lazy(r"a+b")
    assert "search" not in vars(pattern)
    assert pattern.fullmatch("aab")
    assert vars(pattern)["search"].__self__ is vars(pattern)["match"].__self__  # one compile


def test_a_mistyped_attribute_is_an_error_not_a_compile():
    pattern = lazyre.lazy(r"x")
    with pytest.raises(AttributeError):
        pattern.serch("x")  # type: ignore[attr-defined]
    assert "search" not in vars(pattern)


def test_a_bad_pattern_fails_on_first_use_and_names_itself():
    pattern = lazyre.lazy(r"(unclosed")
    with pytest.raises(re.error):
        pattern.search("x")
    assert "(unclosed" in repr(pattern)


def test_importing_the_extraction_modules_compiles_none_of_their_patterns():
    probe = (
        "import omp.extract, omp.ingest, omp.deploy, omp.rot\n"
        "from omp import lazyre\n"
        "print(len(lazyre._CREATED), sum('search' in vars(p) for p in lazyre._CREATED))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    created, compiled = map(int, out.stdout.split())
    assert created >= 250
    assert compiled == 0


def test_a_match_knows_the_lazy_pattern_that_made_it():
    done, other = lazyre.lazy(r"(?P<verb>修复了)(?P<x>.+)"), lazyre.lazy(r"修复了")
    m = done.search("修复了登录问题")
    assert m is not None
    assert m.re == done  # `is` would be False: the match holds the compiled pattern
    assert done == m.re
    assert m.re != other and other != m.re
    assert len({done, other, done}) == 2


def test_no_module_compares_a_match_to_its_pattern_by_identity():
    # `m.re is PATTERN` is always False for a lazy pattern: it silently turns a rule off
    sources = (Path(lazyre.__file__).parent).glob("*.py")
    offenders = [p.name for p in sources if re.search(r"\.re is\b", p.read_text("utf-8"))]
    assert offenders == []


def test_the_fold_finds_every_letter_ignorecase_matches_in_any_character():
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    letters = "abcdefghijklmnopqrstuvwxyz"
    matched = {m[0] for m in re.finditer("(?i)[a-z]", every)}

    assert {"\u0131", "\u0130", "\u017f", "\u212a"} < matched  # dotless i, dotted I, long s, Kelvin
    for char in matched:
        as_letter = [x for x in letters if re.fullmatch(f"(?i){x}", char)]
        assert as_letter and all(x in lazyre.ignorecase_fold(char) for x in as_letter), char
    word = "\u0130nd\u0131ce\u017f \u212aEY"  # "indices KEY" with all four
    assert re.search("(?i)indices key", word)
    assert "indices key" in lazyre.ignorecase_fold(word)
