"""Decide whether data is valid against omp's JSON Schemas exactly as jsonschema would, or not.

omp checks entries inside git hooks, where importing a validator costs more than the check.
This module compiles the keywords omp's schemas use into plain Python checks that answer as
jsonschema does (Draft 2020-12, `format` not asserted, Python's `re` for `pattern`). A check
answers True or False only where that is jsonschema's answer; where it cannot be sure (a keyword
it does not know, a number that is neither int nor float, a comparison of lists) it raises
`Unsure`, and the caller asks jsonschema, which also words the problems and has the last say.
tests/test_schema.py holds it to that on generated data, in both directions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sized
from typing import Any, NamedTuple

Check = Callable[[Any], bool]


class Unsure(Exception):
    """The check cannot decide exactly as jsonschema would: ask jsonschema."""


# Keywords that say nothing about validity. jsonschema asserts `format` only when given a format
# checker, and omp gives it none; `then` and `else` are read by `if`.
_SILENT = frozenset(
    {"$schema", "$comment", "$defs", "title", "description", "default", "examples", "format"}
    | {"deprecated", "readOnly", "writeOnly", "then", "else"}
)


def _unsure(_: Any) -> bool:
    raise Unsure


def _always(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _is_number(x: Any) -> bool:
    if isinstance(x, (int, float)):
        return not isinstance(x, bool)
    if x is None or isinstance(x, (str, dict, list)):
        return False
    raise Unsure  # jsonschema takes any numbers.Number (a Decimal); a date: not worth telling


def _is_integer(x: Any) -> bool:
    if isinstance(x, float):
        return x.is_integer()
    return _is_number(x) and isinstance(x, int)


# The JSON types jsonschema tells by class, and the two it tells otherwise.
_CLASSES: dict[str, type] = {
    "null": type(None),
    "boolean": bool,
    "string": str,
    "object": dict,
    "array": list,
}
_NUMBERS: dict[str, Check] = {"number": _is_number, "integer": _is_integer}


_SCALARS = (type(None), bool, int, float)


def _shape(x: Any) -> type:
    for shape in (list, dict, *_SCALARS):
        if isinstance(x, shape):
            return list if shape is list else dict if shape is dict else object
    raise Unsure  # a date, a Decimal...


def _equal(one: Any, two: Any) -> bool:
    """Equality as jsonschema has it (`True` is not `1`), of strings and scalars; Unsure beyond."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    shape = _shape(one)
    if shape is not _shape(two):
        return False  # a list, a mapping and a scalar never equal one another
    if shape is not object:
        raise Unsure  # two lists or two mappings: jsonschema compares them item by item
    if isinstance(one, bool) or isinstance(two, bool):
        return False  # a bool equals only itself, and `one is two` did not hold
    return bool(one == two)


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    fixed = tuple(checks)

    return lambda x: all(c(x) for c in fixed)


def _type(value: Any) -> Check | None:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names:
        return None
    if not all(n in _CLASSES or n in _NUMBERS for n in names):
        return None
    classes = tuple(_CLASSES[n] for n in names if n in _CLASSES)
    numbers = tuple(_NUMBERS[n] for n in names if n in _NUMBERS)
    if not numbers:
        return lambda x: isinstance(x, classes)
    if not classes and len(numbers) == 1:
        return numbers[0]
    return lambda x: isinstance(x, classes) or any(p(x) for p in numbers)


def _required(value: Any) -> Check | None:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        return None
    names = tuple(value)
    return lambda x: not isinstance(x, dict) or all(n in x for n in names)


def _enum(value: Any) -> Check | None:
    if not isinstance(value, list):
        return None
    members = tuple(value)
    return lambda x: any(_equal(m, x) for m in members)


def _const(value: Any) -> Check:
    return lambda x: _equal(x, value)


def _pattern(value: Any) -> Check | None:
    if not isinstance(value, str):
        return None
    search = re.compile(value).search  # as jsonschema's re.search(pattern, instance)
    return lambda x: not isinstance(x, str) or search(x) is not None


def _bound(fails: Callable[[Any, Any], bool]) -> Callable[[Any], Check | None]:
    """A keyword comparing a number with the schema's (`minimum`...): other values pass.

    `fails` is jsonschema's test for an error, kept as it is: NaN fails none of them.
    """

    def compile_bound(value: Any) -> Check | None:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        return lambda x: not _is_number(x) or not fails(x, value)

    return compile_bound


def _size(kind: type[Sized], fails: Callable[[int, int], bool]) -> Callable[[Any], Check | None]:
    """A keyword on the length of a string or a list (`maxLength`...): other values pass."""

    def compile_size(value: Any) -> Check | None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return None
        return lambda x: not isinstance(x, kind) or not fails(len(x), value)

    return compile_size


# Keywords whose check needs only their value.
_PLAIN: dict[str, Callable[[Any], Check | None]] = {
    "type": _type,
    "required": _required,
    "enum": _enum,
    "const": _const,
    "pattern": _pattern,
    "minimum": _bound(lambda x, b: x < b),
    "maximum": _bound(lambda x, b: x > b),
    "exclusiveMinimum": _bound(lambda x, b: x <= b),
    "exclusiveMaximum": _bound(lambda x, b: x >= b),
    "minLength": _size(str, lambda n, b: n < b),
    "maxLength": _size(str, lambda n, b: n > b),
    "minItems": _size(list, lambda n, b: n < b),
    "maxItems": _size(list, lambda n, b: n > b),
}


class _At(NamedTuple):
    """Where a keyword is: the schema holding it, the base URI of its `$ref`s, its path."""

    schema: dict[str, Any]
    base: str
    where: str


class Compiler:
    """Compiles the schemas of a set of resources (by `$id`) into checks.

    `unknown` lists the places of the compiled schemas that this module cannot decide on (a
    keyword it does not know, a `$ref` it cannot resolve): their checks raise `Unsure`.
    """

    def __init__(self, resources: Mapping[str, Any]) -> None:
        self._resources = dict(resources)
        self._refs: dict[str, Check] = {}
        self.unknown: list[str] = []

    def check(self, ref: str) -> Check:
        """The check of the schema at `ref`, an absolute URI with or without a fragment."""
        return self._ref(ref, "", ref)

    def _ref(self, ref: str, base: str, where: str) -> Check:
        uri, _, fragment = ref.partition("#")
        uri = uri or base
        key = f"{uri}#{fragment}"
        known = self._refs.get(key)
        if known is not None:
            return known
        target = self._resolve(uri, fragment)
        if target is None:
            self.unknown.append(f"$ref {ref!r} at {where}")
            return _unsure
        compiled: list[Check] = []
        self._refs[key] = lambda x: compiled[0](x)  # what a recursive $ref meets meanwhile
        compiled.append(self._schema(target, uri, key, root=not fragment))
        self._refs[key] = compiled[0]
        return compiled[0]

    def _resolve(self, uri: str, fragment: str) -> Any:
        node = self._resources.get(uri)
        if node is None or (fragment and not fragment.startswith("/")) or "%" in fragment:
            return None  # an unknown resource, an anchor, a pointer with escapes
        for part in fragment.split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None
        return node

    def _schema(self, schema: Any, base: str, where: str, *, root: bool = False) -> Check:
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            self.unknown.append(f"{where} (not a schema)")
            return _unsure
        checks: list[Check] = []
        for keyword, value in schema.items():
            if keyword in _SILENT or (keyword == "$id" and root):
                continue  # a nested `$id` would change the base of its `$ref`s: not known here
            at = _At(schema, base, f"{where}/{keyword}")
            plain = _PLAIN.get(keyword)
            nested = _NESTED.get(keyword)
            check = plain(value) if plain else nested(self, value, at) if nested else None
            if check is None:
                self.unknown.append(at.where)
                check = _unsure
            checks.append(check)
        return _all(checks)

    # The keywords holding schemas: each returns its check, or None if it cannot decide.

    def _properties(self, value: Any, at: _At) -> Check | None:
        if not isinstance(value, dict):
            return None
        props = tuple(
            (name, self._schema(sub, at.base, f"{at.where}/{name}")) for name, sub in value.items()
        )

        def check(x: Any) -> bool:
            if isinstance(x, dict):
                for name, sub in props:
                    if name in x and not sub(x[name]):
                        return False
            return True

        return check

    def _additional(self, value: Any, at: _At) -> Check | None:
        if "patternProperties" in at.schema:
            return None
        known = frozenset(at.schema.get("properties") or ())
        sub = self._schema(value, at.base, at.where)

        def check(x: Any) -> bool:
            if isinstance(x, dict):
                for k, v in x.items():
                    if k not in known and not sub(v):
                        return False
            return True

        return check

    def _items(self, value: Any, at: _At) -> Check | None:
        if "prefixItems" in at.schema:
            return None
        sub = self._schema(value, at.base, at.where)
        return lambda x: not isinstance(x, list) or all(sub(v) for v in x)

    def _ref_keyword(self, value: Any, at: _At) -> Check | None:
        return self._ref(value, at.base, at.where) if isinstance(value, str) else None

    def _each(self, value: Any, at: _At) -> tuple[Check, ...] | None:
        if not isinstance(value, list) or not value:
            return None
        return tuple(self._schema(v, at.base, f"{at.where}/{i}") for i, v in enumerate(value))

    def _any_of(self, value: Any, at: _At) -> Check | None:
        subs = self._each(value, at)
        return None if subs is None else lambda x: any(s(x) for s in subs)

    def _all_of(self, value: Any, at: _At) -> Check | None:
        subs = self._each(value, at)
        return None if subs is None else _all(list(subs))

    def _one_of(self, value: Any, at: _At) -> Check | None:
        subs = self._each(value, at)
        return None if subs is None else lambda x: sum(1 for s in subs if s(x)) == 1

    def _not(self, value: Any, at: _At) -> Check | None:
        sub = self._schema(value, at.base, at.where)
        return lambda x: not sub(x)

    def _if(self, value: Any, at: _At) -> Check | None:
        parent = at.where.rpartition("/")[0]
        condition = self._schema(value, at.base, at.where)
        then = self._schema(at.schema.get("then", True), at.base, f"{parent}/then")
        otherwise = self._schema(at.schema.get("else", True), at.base, f"{parent}/else")
        return lambda x: then(x) if condition(x) else otherwise(x)


_NESTED: dict[str, Callable[[Compiler, Any, _At], Check | None]] = {
    "properties": Compiler._properties,
    "additionalProperties": Compiler._additional,
    "items": Compiler._items,
    "$ref": Compiler._ref_keyword,
    "anyOf": Compiler._any_of,
    "allOf": Compiler._all_of,
    "oneOf": Compiler._one_of,
    "not": Compiler._not,
    "if": Compiler._if,
}
