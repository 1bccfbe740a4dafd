"""ruamel.yaml, set up the way omp reads and writes YAML; the one module that imports it.

`yamlio` reads and writes the plain YAML of memory entries itself (`fastyaml`, `fastemit`)
and comes here, importing ruamel.yaml on first use, for everything else: a text outside that
subset (and every error's wording), a value the fast writer is not sure of, and the edit of
a one-line `{...}` mapping that keeps the quoting of its scalars.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from omp.errors import InvalidYamlError
from omp.fastemit import FLOW_PLAIN, LITERAL_SAFE, YAML11_WORDS
from omp.outline import Style
from omp.records import Timestamp

# --------------------------------------------------------------------------------------------
# Reading


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
def safe_yaml(pure: bool = False) -> YAML:
    """The safe loader `load` uses; `pure` for ruamel's own (YAML 1.2) parser."""
    yaml = YAML(typ="safe", pure=pure)  # libyaml's parser when ruamel.yaml.clib is present
    yaml.Resolver = _OneVersionResolver
    yaml.constructor.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
    return yaml


# libyaml scans YAML 1.1, where a plain scalar in a flow collection cannot hold `:`
# (`{url: https://example.com}`); YAML 1.2 allows it, and so does ruamel's own parser.
_FLOW_COLON = "found unexpected ':'"


def _load_all(text: str) -> list[Any]:
    try:
        return list(safe_yaml().load_all(text))
    except MarkedYAMLError as e:
        if _FLOW_COLON not in str(e.problem):
            raise
        try:  # the slower YAML 1.2 parser, only for the texts that need it
            return list(safe_yaml(pure=True).load_all(text))
        except YAMLError:
            raise e from None


def load(text: str, *, source: str = "<string>") -> Any:
    """`yamlio.load` with ruamel.yaml alone.

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


# --------------------------------------------------------------------------------------------
# Writing


class _Representer(RoundTripRepresenter):
    pass


def _represent_timestamp(rep: Any, data: Timestamp) -> Any:
    return rep.represent_scalar("tag:yaml.org,2002:timestamp", str(data))


def _represent_none(rep: Any, _data: None) -> Any:
    return rep.represent_scalar("tag:yaml.org,2002:null", "null")


def _represent_str(rep: Any, data: str) -> Any:
    if data.lower() in YAML11_WORDS:
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


class Kept:
    """A value `dump` writes as it is (already styled, or loaded with its quoting)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _styled(value: Any, style: Style) -> Any:
    """Mark strings and lists so ruamel writes them the way the file does."""
    if isinstance(value, Kept):
        return value.value
    if isinstance(value, Timestamp):
        return value
    if isinstance(value, str):
        if "\n" in value and LITERAL_SAFE.match(value):
            return LiteralScalarString(value)
        if style.double_quoted:
            return DoubleQuotedScalarString(value)
        return value
    if isinstance(value, dict):
        out = CommentedMap()
        for k, v in value.items():
            out[k] = _styled(v, style)
        return out
    if isinstance(value, list):
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
            and not FLOW_PLAIN.match(v)
            else _styled(v, style)
            for v in value
        )
        if flow:
            seq.fa.set_flow_style()
        return seq
    return value


def dump(value: Any, style: Style) -> str:
    """`value` as YAML in `style` (`fastemit.dump` writes the same where it is sure)."""
    out = io.StringIO()
    _dumper(style.mapping, style.seq_indent, style.seq_offset).dump(_styled(value, style), out)
    return out.getvalue()


def flow_mapping_with_path(token: str, path: Sequence[str], value: Any, style: Style) -> Any:
    """The one-line flow mapping `token` with `path` set, its scalars quoted as they were.

    The result (a `Kept`) is written in block style; None when `token` does not read as a
    mapping.
    """
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
    return Kept(top)
