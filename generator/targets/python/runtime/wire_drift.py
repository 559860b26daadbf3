"""The wire-drift guard: each value of a success answer that the spec types as a decimal string, an
int64, a number, an integer or a time string is read against that declared type (`Decimal`, `int`,
`float`, `int`, `str`). A value that arrived in another wire type and converts without loss (a number
for a decimal string, a digit string for an int64 or a number, a number for a time string) is
converted and reported as a drift (the spec may be stale); one that cannot (`"abc"` for a number,
`1.5` for an int64, an integer beyond 2^53 for a number) raises a `WireDriftError` naming the field.
The same rules as the TypeScript client's, checked by both against `conformance/wire-drift.json`."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from collections.abc import Mapping
from typing import TYPE_CHECKING, Callable, cast

from .errors import ExchangeError
from .logger import LogEvent, emit

if TYPE_CHECKING:
    from .context import Context

#: The name of each declared type, by its letter in an operation's `wire` descriptor.
DECLARED = {"d": "decimal", "i": "int64", "n": "number", "g": "integer", "s": "time"}

_PLAIN = re.compile(r"-?\d+(\.\d+)?\Z")
_DIGITS = re.compile(r"-?\d+\Z")
_NUMERIC = re.compile(r"-?\d+(\.\d+)?([eE][+-]?\d+)?\Z")
_SAFE = 2**53 - 1


class NumberText(str):
    """A JSON number's own text, where the answer is read again for its digits."""


@dataclass(frozen=True)
class WireDrift:
    """One value that arrived in another wire type than its declared one."""

    #: The field's place in the answer: property names, `*` for every item (`*.size`).
    field: str
    #: How it arrived: `number`, `string`, `boolean` or `object`.
    wire_type: str
    #: What the spec declares: `decimal`, `int64`, `number`, `integer` or `time`.
    declared_type: str
    #: True when it does not convert to the declared type without loss.
    refused: bool = False


class WireDriftError(ExchangeError):
    """An answer field arrived in a wire type it does not convert from without loss, or (with
    `wire_drift="error"`) in any other wire type than the spec declares. The value is not copied."""

    def __init__(self, drift: WireDrift, **context: str | None) -> None:
        lossless = " (no lossless conversion)" if drift.refused else ""
        super().__init__(
            f"{context.get('operation')}: answer field {drift.field} is {drift.wire_type}, "
            f"declared {drift.declared_type}{lossless}",
            **context,
        )
        #: The field's place in the answer (`*.size`).
        self.field = drift.field
        #: How it arrived (`number`, `string`, ...).
        self.wire_type = drift.wire_type
        #: What the spec declares (`decimal`, `int64`, `number`, `integer`, `time`).
        self.declared_type = drift.declared_type
        #: True when the value does not convert to the declared type without loss.
        self.refused = drift.refused


def wire_type(value: object) -> str:
    """The JSON type a parsed value arrived as."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "string" if isinstance(value, str) else "object"


def _number(kind: str, value: object, w: str) -> tuple[object, bool, bool]:
    """A number or integer: (value, drifted, refused)."""
    if w == "string" and _NUMERIC.match(str(value)):
        text = str(value)
        if kind == "g":
            ok = bool(_DIGITS.match(text)) and abs(int(text)) <= _SAFE
            return (int(text), True, False) if ok else (value, True, True)
        x = float(text)
        lost = not math.isfinite(x) or (x.is_integer() and abs(x) > _SAFE)
        return (value, True, True) if lost else (x, True, False)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        whole = isinstance(value, int) or value.is_integer()
        if not math.isfinite(value) or (whole and abs(value) > _SAFE) or (kind == "g" and not whole):
            return value, False, True
        return (int(value) if kind == "g" else value), False, False
    return value, w != "string", True


def read_as(kind: str, value: object, exact: Callable[[], object]) -> tuple[object, str | None, bool]:
    """One value read as `kind`: (value in its declared type, wire type when it drifted, refused).
    `exact()` gives the value at this place with each number as its `NumberText` (only called when a
    number's own digits are needed)."""
    if value is None:
        return value, None, False
    w = wire_type(value)
    if kind in ("d", "s"):
        if w == "string":
            return (_decimal(value) if kind == "d" else value), None, False
        if w != "number":
            return value, w, True
        text = str(exact())
        if not _PLAIN.match(text):
            return value, w, True
        return (Decimal(text) if kind == "d" else text), w, False
    if kind == "i":
        if isinstance(value, int) and not isinstance(value, bool):
            return value, None, False
        if isinstance(value, float):
            return (int(value), None, False) if value.is_integer() and abs(value) <= _SAFE else (value, w, True)
        return (int(str(value)), w, False) if w == "string" and _DIGITS.match(str(value)) else (value, w, True)
    out, drifted, refused = _number(kind, value, w)
    return out, (w if drifted or refused else None), refused


def _decimal(value: object) -> object:
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return value


def number_texts(text: str) -> object:
    """A JSON text read with each number as its `NumberText`."""
    return json.loads(text, parse_float=NumberText, parse_int=NumberText)


def settle_drifts(
    ctx: Context, event: Mapping[str, object], drifts: list[WireDrift], **context: str | None
) -> None:
    """Settles an answer's drifts: a refused one (any one, with `wire_drift="error"`) raises a
    `WireDriftError`; the others are reported as `drift` log events, once per client, operation,
    field and wire type. `event`: the fields every event of the attempt carries."""
    for drift in drifts:
        if drift.refused or ctx.settings.wire_drift == "error":
            raise WireDriftError(drift, **context)
        key = (str(event.get("operation")), drift.field, drift.wire_type)
        if key not in ctx.drifts_seen:
            ctx.drifts_seen.add(key)
            details = {"field": drift.field, "wire_type": drift.wire_type, "declared_type": drift.declared_type}
            emit(ctx.settings.logger, cast(LogEvent, {**event, "type": "drift", **details}))
