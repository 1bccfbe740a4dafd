"""omp.validity answers as jsonschema does, on schemas and data made at random, or not at all.

The checks decide whether data omp writes is valid without importing a validator; jsonschema
only words the problems. So wherever a check answers, its answer must be jsonschema's, on any
schema built from the keywords it knows and any JSON value; and on JSON values it must answer.
"""

from __future__ import annotations

import datetime
import decimal
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from omp.validity import Compiler, Unsure

_KEYS = ["a", "b", "id", "kind"]
_TEXT = st.sampled_from(["", "a", "ab", "abc", "2026-12-01", "2026-12-01\n", "١٢", "é", "memory"])
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=3)
    | st.sampled_from([0.0, 1.0, -1.5, 2.5, math.inf, -math.inf, math.nan, 2**70, 1e300])
    | _TEXT
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(_KEYS), inner),
    max_leaves=8,
)
_TYPES = st.sampled_from(["null", "boolean", "integer", "number", "string", "array", "object"])
_NUMBER = st.sampled_from([0, 1, -1, 2.5, 0.5, 2**70])
_SIZE = st.integers(min_value=0, max_value=3)
_PATTERNS = st.sampled_from(["^a", "b$", r"^\d+$", r"^\d{4}-\d{2}-\d{2}$", "é", "", "^$"])


def _leaf() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {},
        optional={
            "type": _TYPES | st.lists(_TYPES, min_size=1, max_size=3, unique=True),
            "enum": st.lists(_SCALARS, min_size=1, max_size=4),
            "const": _SCALARS,
            "pattern": _PATTERNS,
            "minimum": _NUMBER,
            "maximum": _NUMBER,
            "exclusiveMinimum": _NUMBER,
            "exclusiveMaximum": _NUMBER,
            "minLength": _SIZE,
            "maxLength": _SIZE,
            "minItems": _SIZE,
            "maxItems": _SIZE,
            "required": st.lists(st.sampled_from(_KEYS), max_size=2, unique=True),
            "description": st.just("says nothing"),
            "format": st.just("date"),
        },
    )


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    branches = st.lists(inner, min_size=1, max_size=3)
    return st.fixed_dictionaries(
        {},
        optional={
            "properties": st.dictionaries(st.sampled_from(_KEYS), inner, max_size=3),
            "additionalProperties": inner,
            "items": inner,
            "anyOf": branches,
            "allOf": branches,
            "oneOf": branches,
            "not": inner,
            "if": inner,
            "then": inner,
            "else": inner,
            "type": _TYPES,
            "required": st.lists(st.sampled_from(_KEYS), max_size=2, unique=True),
        },
    )


_SCHEMAS = st.recursive(st.booleans() | _leaf(), _nested, max_leaves=6)


# Every scalar the strategies draw, and small containers: tried on every schema as well.
_PROBES: list[Any] = [None, True, False, -1, 0, 1, 0.0, 1.0, -1.5, 2.5, math.inf, math.nan,
                     2**70, "", "a", "2026-12-01", "2026-12-01\n", "١٢", [], [0], {}, {"a": 0},
                     {"a": "a", "b": None}]  # fmt: skip


def _reference(schema: Any, instance: Any) -> bool:
    return bool(Draft202012Validator(schema).is_valid(instance))


def _answer(schema: Any, instance: Any) -> bool | None:
    """The check's answer, None when it is unsure."""
    compiler = Compiler({"urn:test": schema})
    check = compiler.check("urn:test")
    assert compiler.unknown == []
    try:
        return check(instance)
    except Unsure:
        return None


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schema=_SCHEMAS, instances=st.lists(_JSON, max_size=10))
def test_on_json_values_the_check_answers_and_answers_as_jsonschema(schema, instances):
    compiler = Compiler({"urn:test": schema})
    check = compiler.check("urn:test")
    reference = Draft202012Validator(schema)

    assert compiler.unknown == []
    for instance in [*instances, *_PROBES]:
        assert check(instance) == reference.is_valid(instance), instance


@pytest.mark.parametrize(
    ("schema", "instance", "valid"),
    [
        ({"minimum": 0}, math.nan, True),  # jsonschema's `nan < 0` is False: NaN passes
        ({"maximum": 0}, math.nan, True),
        ({"type": "integer"}, 2.0, True),
        ({"type": "integer"}, True, False),
        ({"enum": [1]}, True, False),
        ({"enum": [1]}, 1.0, True),
        ({"const": 0}, False, False),
        ({"const": "a"}, ["a"], False),
        ({"pattern": r"^\d+$"}, "12\n", True),  # Python's `$` matches before a final newline
        ({"pattern": r"^\d+$"}, "١٢", True),  # and its `\d` any decimal digit
        ({"maxLength": 1}, "😀", True),  # a length in code points
        ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"a": 1}, False),
        ({"then": False}, 1, True),  # `then` without `if` is not read
        ({"additionalProperties": False, "properties": {"a": True}}, {"a": 1, 1: 2}, False),
        ({"type": "string"}, datetime.date(2026, 12, 1), False),
    ],
)
def test_the_corners_of_jsonschema_are_kept(schema, instance, valid):
    assert _reference(schema, instance) is valid
    assert _answer(schema, instance) is valid


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        ({"type": "number"}, decimal.Decimal("1.5")),  # a number to jsonschema
        ({"minimum": 0}, datetime.date(2026, 12, 1)),
        ({"const": [1, True]}, [1, 1]),  # lists are compared item by item
        ({"enum": [{"a": 1}]}, {"a": 1}),
    ],
)
def test_where_the_check_cannot_be_sure_it_says_so(schema, instance):
    assert _answer(schema, instance) is None


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        ({"uniqueItems": True}, [1, 1]),  # a keyword it does not know
        ({"prefixItems": [True], "items": False}, [1]),
        ({"properties": {"a": {"$id": "urn:other", "$ref": "#/x"}}}, {"a": 1}),  # a new base
        ({"$ref": "#/$defs/missing"}, 1),
        ({"$ref": "urn:elsewhere"}, 1),
        ({"$ref": "#anchor"}, 1),
        ({"type": "decimal"}, 1),
        ({"items": 3}, [1]),
    ],
)
def test_what_it_does_not_know_it_names_and_never_decides(schema, instance):
    compiler = Compiler({"urn:test": schema})
    check = compiler.check("urn:test")

    assert compiler.unknown
    with pytest.raises(Unsure):
        check(instance)


_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def test_refs_resolve_across_resources_and_through_recursion():
    tree = {
        "$schema": _DRAFT,
        "$id": "urn:tree",
        "type": "object",
        "properties": {
            "kids": {"type": "array", "items": {"$ref": "#"}},
            "leaf": {"$ref": "#/$defs/leaf"},
        },
        "$defs": {"leaf": {"$ref": "urn:common#/$defs/name"}},
    }
    common = {
        "$schema": _DRAFT,
        "$id": "urn:common",
        "$defs": {"name": {"type": "string", "maxLength": 3}},
    }
    compiler = Compiler({"urn:tree": tree, "urn:common": common})
    check = compiler.check("urn:tree")
    registry = Registry().with_resources(
        [("urn:tree", Resource.from_contents(tree)), ("urn:common", Resource.from_contents(common))]
    )
    reference = Draft202012Validator({"$ref": "urn:tree"}, registry=registry)

    for instance, valid in [
        ({"kids": [{"kids": [{"leaf": "abc"}]}]}, True),
        ({"kids": [{"kids": [{"leaf": "abcd"}]}]}, False),
        ({"kids": [{"kids": [7]}]}, False),
    ]:
        assert reference.is_valid(instance) is valid
        assert check(instance) is valid
    assert compiler.unknown == []
