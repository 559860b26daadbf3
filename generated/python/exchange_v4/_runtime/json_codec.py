# Copied by exchange-v4 from templates/python/runtime/json_codec.py. Do not edit here: edit that file,
# then run: npm run generate
"""JSON for API bodies. Python's `json` reads every integer exactly, so int64 values stay exact
`int`s; values at int64 paths that arrive as digit strings are read as `int` too. Values at
decimal paths (amounts and prices, `format: decimal`) are read as `Decimal`. Requests are written
compactly (no spaces, non-ASCII as is: the same bytes as JavaScript's `JSON.stringify`), `Decimal`
as its plain decimal text."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, cast

from .metadata import ValuePath

_INTEGER = re.compile(r"-?\d+\Z")


def _plain(value: object) -> object:
    if isinstance(value, Decimal):
        return format(value, "f")
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def dumps_body(value: object) -> str:
    """Compact JSON text of a request body (`Decimal` written as a decimal string)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=_plain)


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
    if isinstance(value, list):
        items: list[object] = value  # pyright: ignore[reportUnknownVariableType]
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


def loads_response(
    text: str, int64_paths: Sequence[ValuePath] = (), decimal_paths: Sequence[ValuePath] = ()
) -> Any:
    """Parses a response body: int64 paths as `int`, decimal paths as `Decimal`."""
    data: object = json.loads(text)
    data = _convert(data, int64_paths, _to_int)
    return _convert(data, decimal_paths, _to_decimal)


def unwrap_nested_list(data: object) -> object:
    """Flattens a list wrapped in one extra array level (`[[a, b]]` -> `[a, b]`)."""
    if not isinstance(data, list):
        return data
    outer = cast("list[object]", data)
    if outer and all(isinstance(item, list) for item in outer):
        return [item for group in cast("list[list[object]]", outer) for item in group]
    return outer
