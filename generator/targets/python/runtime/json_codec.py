"""JSON for API bodies. Python's `json` reads every integer exactly, so int64 values stay exact
`int`s; values at int64 paths that arrive as digit strings are read as `int` too. Values at
decimal paths (amounts and prices, `format: decimal`) are read as `Decimal`. Requests are written
compactly, byte for byte as JavaScript's `JSON.stringify` writes them (no spaces, non-ASCII as is,
floats as JavaScript writes numbers), `Decimal` as its plain decimal text. A body value JSON cannot
carry as given is a `ValidationError` naming its place (`body.price`, `body[2].amount`) before any
I/O: a non-finite number (rule `finite`, as in the TypeScript client), a string or key with a lone
surrogate (`unicode`), a value of another type or a non-string key (`type`), a container holding
itself (`cycle`)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, cast

from .errors import ValidationError
from .metadata import ValuePath

_INTEGER = re.compile(r"-?\d+\Z")


def _plain(value: Decimal) -> str:
    return format(value, "f")


_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")

_Unfit = tuple[str, object, str, str]
"""Where (a value path), the value, the rule and the explanation."""


def _place(at: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{at}[{key}]"
    return f"{at}.{key}" if at else key


def _unfit(value: object, at: str, open_ids: set[int]) -> _Unfit | None:
    """The first value in `value` that JSON cannot carry as given, or None."""
    if value is None or isinstance(value, int):
        return None
    if isinstance(value, (float, Decimal)):
        finite = math.isfinite(value) if isinstance(value, float) else value.is_finite()
        return None if finite else (at, value, "finite", "must be a finite number")
    if isinstance(value, str):
        unicode = "must be valid Unicode (no lone surrogates)"
        return (at, value, "unicode", unicode) if _LONE_SURROGATE.search(value) else None
    if not isinstance(value, (list, tuple, dict)):
        kind = type(value).__name__
        return (at, value, "type", f"must be JSON: None, a bool, number, str, list, tuple or dict (got {kind})")
    ident = id(cast(object, value))
    if ident in open_ids:
        return (at, type(cast(object, value)).__name__, "cycle", "contains itself (a cycle): it has no JSON text")
    open_ids.add(ident)
    found: _Unfit | None = None
    if isinstance(value, dict):
        entries = cast("dict[object, object]", value)
        for key, item in entries.items():
            if isinstance(key, str) and _LONE_SURROGATE.search(key):
                found = (_place(at, key), key, "unicode", "must be valid Unicode (no lone surrogates)")
            elif not isinstance(key, str) and (not isinstance(key, int) or isinstance(key, bool)):
                found = (at, key, "type", "must have str (or int) keys")
            else:
                found = _unfit(item, _place(at, str(key)), open_ids)
            if found is not None:
                break
    else:
        items = cast("list[object] | tuple[object, ...]", value)
        for index, item in enumerate(items):
            found = _unfit(item, _place(at, index), open_ids)
            if found is not None:
                break
    open_ids.discard(ident)
    return found


def _flat_text(value: object) -> str | None:
    """The text of a flat dict (str keys; None, str, int or bool values), written by one `json.dumps`
    as `_write` writes it, when it holds no lone surrogate (a flat dict's only possible flaw); None
    for anything else (`_unfit` and `_write` then walk it)."""
    if type(value) is not dict:
        return None
    entries = cast("dict[object, object]", value)
    if not all(type(k) is str and (v is None or type(v) in _FLAT) for k, v in entries.items()):
        return None
    text = json.dumps(entries, ensure_ascii=False, separators=(",", ":"))
    return None if _LONE_SURROGATE.search(text) else text


def dumps_body(value: object, field: str = "body", operation: str | None = None) -> str:
    """Compact JSON text of a request body (`Decimal` written as a decimal string). `field`: the
    name of `value` in errors (`""` for a body made of top-level fields, named by themselves).
    Raises `ValidationError` for a value JSON cannot carry as given."""
    text = _flat_text(value)
    if text is not None:
        return text
    unfit = _unfit(value, field, set())
    if unfit is not None:
        at, bad, rule, explanation = unfit
        raise ValidationError(at or field or "body", bad, rule, explanation, operation=operation)
    return _write(value)


def js_number(value: float) -> str:
    """A finite float as JavaScript's `JSON.stringify` writes it: its shortest round-trip digits, in
    plain notation from 1e-6 up to below 1e21 (`2.0` -> `2`), else `1e-7` / `1e+21`."""
    if value == 0:
        return "0"
    text = repr(value)
    digits, _, exponent = text.partition("e")
    if not exponent:
        return text[:-2] if text.endswith(".0") else text
    power = int(exponent)
    if -7 < power < 21:
        plain = format(Decimal(text), "f")
        return plain[:-2] if plain.endswith(".0") else plain
    mantissa = digits[:-2] if digits.endswith(".0") else digits
    return f"{mantissa}e{'+' if power > 0 else '-'}{abs(power)}"


def _text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


_FLAT = (str, int, bool)
"""Value types `json.dumps` writes exactly as `_write` does (not subclasses: an enum may differ)."""


def _write(value: object) -> str:
    """Compact JSON text of a value `_unfit` accepted, byte for byte as `JSON.stringify` writes it."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, (str, Decimal)):
        return _text(_plain(value) if isinstance(value, Decimal) else value)
    if isinstance(value, dict):
        entries = cast("dict[object, object]", value)
        if all(type(k) is str and (v is None or type(v) in _FLAT) for k, v in entries.items()):
            return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))  # the same text, in one pass
        return "{" + ",".join(f"{_text(str(k))}:{_write(v)}" for k, v in entries.items()) + "}"
    items = cast("list[object] | tuple[object, ...]", value)
    return "[" + ",".join(_write(v) for v in items) + "]"


def _to_int(value: object) -> object:
    if isinstance(value, str) and _INTEGER.match(value):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _to_decimal(value: object) -> object:
    if isinstance(value, str):
        try:
            return Decimal(value)
        except InvalidOperation:
            return value
    return value


def _convert(value: object, paths: Sequence[ValuePath], convert: Callable[[object], object]) -> object:
    """Applies `convert` to every value at one of `paths`."""
    if not paths:
        return value
    if any(len(p) == 0 for p in paths):
        return convert(value)
    if isinstance(value, (list, tuple)):
        items: list[object] = list(value)  # pyright: ignore[reportUnknownArgumentType]
        inner = [p[1:] for p in paths if p[0] == "*"]
        return [_convert(item, inner, convert) for item in items] if inner else items
    if isinstance(value, dict):
        entries: dict[str, object] = value  # pyright: ignore[reportUnknownVariableType]
        out: dict[str, object] = {}
        for key, item in entries.items():
            inner = [p[1:] for p in paths if p[0] in ("*", key)]
            out[key] = _convert(item, inner, convert) if inner else item
        return out
    return value


def int64_digits(value: object, paths: Sequence[ValuePath]) -> object:
    """A request body with the digit strings at its int64 `paths` as `int`s, so they are written
    as bare JSON numbers with every digit (as the TypeScript client writes them)."""
    return _convert(value, paths, lambda v: int(v) if isinstance(v, str) and _INTEGER.match(v) else v)


class _Node:
    """The paths below one place of a body, as a tree: `leaf` (a value to convert here), the
    names below it, and `*` (every item or value)."""

    __slots__ = ("leaf", "names", "star")

    def __init__(self, paths: Sequence[ValuePath]) -> None:
        self.leaf = any(len(p) == 0 for p in paths)
        heads = {p[0] for p in paths if p}
        below = {h: _node(tuple(p[1:] for p in paths if p and p[0] in (h, "*"))) for h in heads if h != "*"}
        self.star = _node(tuple(p[1:] for p in paths if p and p[0] == "*")) if "*" in heads else None
        self.names = below


_NODES: dict[tuple[ValuePath, ...], _Node] = {}


def _node(paths: tuple[ValuePath, ...]) -> _Node:
    """The tree of `paths`, made once per distinct set of paths."""
    node = _NODES.get(paths)
    if node is None:
        node = _NODES[paths] = _Node(paths)
    return node


def _convert_parsed(value: object, node: _Node, convert: Callable[[object], object]) -> object:
    """`_convert` for a value just parsed (nobody else holds it): changed in place, and only the
    named places visited."""
    if node.leaf:
        return convert(value)
    if isinstance(value, list):
        items = cast("list[object]", value)
        star = node.star
        if star is not None:
            for i, item in enumerate(items):
                items[i] = _convert_parsed(item, star, convert)
        return items
    if isinstance(value, dict):
        entries = cast("dict[str, object]", value)
        if node.star is not None:
            for key, item in entries.items():
                entries[key] = _convert_parsed(item, node.names.get(key, node.star), convert)
        else:
            for key, below in node.names.items():
                if key in entries:
                    entries[key] = _convert_parsed(entries[key], below, convert)
        return entries
    return value


def loads_response(
    text: str, int64_paths: Sequence[ValuePath] = (), decimal_paths: Sequence[ValuePath] = ()
) -> Any:
    """Parses a response body: int64 paths as `int`, decimal paths as `Decimal`."""
    data: object = json.loads(text)
    if int64_paths:
        data = _convert_parsed(data, _node(tuple(int64_paths)), _to_int)
    if decimal_paths:
        data = _convert_parsed(data, _node(tuple(decimal_paths)), _to_decimal)
    return data


def unwrap_nested_list(data: object) -> object:
    """Flattens a list wrapped in one extra array level (`[[a, b]]` -> `[a, b]`)."""
    if not isinstance(data, list):
        return data
    outer = cast("list[object]", data)
    if outer and all(isinstance(item, list) for item in outer):
        return [item for group in cast("list[list[object]]", outer) for item in group]
    return outer
