"""Comment-preserving YAML: read data, render one entry, splice it into the file's text.

Memory files belong to the people who edit them, so omp never re-dumps a whole file. Edits
find the lines of the entries they touch with an `outline.Outline` and replace or insert only
those, rendered in the file's own style (`outline.Style`). The caller re-parses the result and
checks it holds exactly the intended data (see `store`), so a layout this module misreads is
refused, never written. Plain entries are read by `fastyaml` and written by `fastemit`;
ruamel.yaml (`ruamelyaml`) is imported only for what those two are not sure of.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from omp import fastemit, fastyaml
from omp.errors import InvalidYamlError
from omp.outline import (
    EditError,
    KeyLoc,
    Outline,
    Splicer,
    Style,
    inline_replacement,
    is_plain_text,
    locate_list,
    parse_key,
    strip_newline,
    top_keys,
)
from omp.records import Timestamp as Timestamp  # re-exported: part of this module's API

# --------------------------------------------------------------------------------------------
# Reading data


def load(text: str, *, source: str = "<string>") -> Any:
    """Parse one YAML document into plain data; dates and timestamps stay `Timestamp` strings.

    Text in the plain YAML memory files are written in is read by `fastyaml` (several times
    faster); anything else by ruamel.yaml (`load_by_ruamel`), which words every error.

    Raises:
        InvalidYamlError: the text is not valid YAML (with line and column when known), holds
            duplicate keys, or holds more than one document.
    """
    data = fastyaml.load(text)
    if data is not fastyaml.UNSURE:
        return data
    return load_by_ruamel(text, source=source)


def load_by_ruamel(text: str, *, source: str = "<string>") -> Any:
    """`load` with ruamel.yaml alone: for a text `fastyaml` was not sure of."""
    from omp import ruamelyaml

    return ruamelyaml.load(text, source=source)


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


def _dump(value: Any, style: Style) -> str:
    text = fastemit.dump(value, style)
    if text is not fastemit.UNSURE:
        return text  # type: ignore[no-any-return]
    from omp import ruamelyaml

    return ruamelyaml.dump(value, style)


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
# High-level edits: each returns the new text; the caller re-parses it to verify.


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
    if note and lines and (strip_newline(lines[0]).endswith(":") or len(lines) == 1):
        lines[0] = strip_newline(lines[0]) + note + style.newline
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
    strings = [t for t in values if t.startswith('"') or is_plain_text(t)]
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
    from omp import ruamelyaml

    return ruamelyaml.flow_mapping_with_path(token, path, value, style)


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
