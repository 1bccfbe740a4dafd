"""The outline reads keys as a YAML parser does, with no parser."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omp.errors import InvalidYamlError
from omp.outline import parse_key, unquote
from omp.yamlio import load

_ESCAPES = [
    "\\0", "\\a", "\\b", "\\t", "\\\t", "\\n", "\\v", "\\f", "\\r", "\\e", "\\ ", '\\"', "\\/",
    "\\\\", "\\N", "\\_", "\\L", "\\P", "\\x41", "\\xe9", "\\u00e9", "\\u4e2d", "\\U0001F600",
]  # fmt: skip
_PRINTABLE = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\"\\'\ufeff")


@given(st.lists(st.one_of(_PRINTABLE, st.sampled_from(_ESCAPES)), max_size=12))
def test_a_double_quoted_key_reads_as_the_parser_reads_it(parts):
    token = '"' + "".join(parts) + '"'
    (expected,) = load(f"{token}: 0")
    assert parse_key(f"{token}: 0", 0) == (expected, len(token) + 1)


@given(st.lists(st.one_of(_PRINTABLE, st.just("'")), max_size=12))
def test_a_single_quoted_key_reads_as_the_parser_reads_it(chars):
    token = "'" + "".join(chars).replace("'", "''") + "'"
    (expected,) = load(f"{token}: 0")
    assert unquote(token) == expected == "".join(chars)


@pytest.mark.parametrize("token", ['"a\\qb"', '"\\x4"', '"\\u12G4"', '"\\U00110000"'])
def test_an_escape_yaml_does_not_have_is_an_error_as_for_the_parser(token):
    with pytest.raises(InvalidYamlError):
        load(f"{token}: 0")
    with pytest.raises(InvalidYamlError, match="unknown escape"):
        unquote(token)
