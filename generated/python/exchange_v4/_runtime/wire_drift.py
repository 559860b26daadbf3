# Copied by exchange-v4 from generator/targets/python/runtime/wire_drift.py. Do not edit here: edit that file,
# then run: npm run generate
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
from typing import TYPE_CHECKING, Any, Callable, cast

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


def read_wire(data: Any, wire: tuple[tuple[str, str], ...], reread: Callable[[], object], drifts: list[WireDrift]) -> Any:
    """Reads every value at the descriptor's places against its declared type; converted values
    replace the wire ones (in place) and each drift, converted or refused, is added to `drifts`.
    `reread()` gives the same answer with each number as its `NumberText` (see `number_texts`)."""
    tree: list[object] = []
    root: dict[str, Any] = {"v": data}

    def whole() -> object:
        if not tree:
            tree.append(reread())
        return tree[0]

    found: dict[int, list[WireDrift]] = {}
    node = _compiled(wire)
    for slot, field, kind in node.leaves:  # a place naming the whole answer
        _read_leaf(root, "v", slot, field, kind, None, found, whole)
    _visit(root["v"], node, (), found, whole)
    for slot in sorted(found):
        drifts.extend(found[slot])
    return root["v"]


@dataclass(frozen=True)
class _Node:
    """A descriptor as a tree of places, built once per descriptor, so that one pass over an answer
    reads every place. `leaves`: the places that end here, as (position in the descriptor, field,
    kind); `children`: the next segment (`*` for every item or map value) and its node."""

    leaves: tuple[tuple[int, str, str], ...]
    children: tuple[tuple[str, _Node], ...]


_COMPILED: dict[tuple[tuple[str, str], ...], _Node] = {}


def _compiled(wire: tuple[tuple[str, str], ...]) -> _Node:
    """The descriptor's tree (made once per descriptor)."""
    node = _COMPILED.get(wire)
    if node is None:
        places = [(i, field, kind, tuple(field.split(".")) if field else ()) for i, (field, kind) in enumerate(wire)]
        node = _COMPILED[wire] = _build(places, 0)
    return node


def _build(places: list[tuple[int, str, str, tuple[str, ...]]], depth: int) -> _Node:
    leaves = tuple((i, field, kind) for i, field, kind, segments in places if len(segments) == depth)
    order: list[str] = []
    for *_, segments in places:
        if len(segments) > depth and segments[depth] not in order:
            order.append(segments[depth])
    children = tuple(
        (segment, _build([p for p in places if len(p[3]) > depth and p[3][depth] == segment], depth + 1))
        for segment in order
    )
    return _Node(leaves, children)


def _visit(
    value: Any, node: _Node, path: tuple[Any, ...], found: dict[int, list[WireDrift]], whole: Callable[[], object]
) -> None:
    """Reads the places under `node` in `value` (the answer's value at `path`), in answer order; each
    drift goes to `found` under its place's position in the descriptor (so they come out in
    descriptor order, then answer order, as when each place is read in turn)."""
    holder: Any = value
    is_list, is_dict = isinstance(holder, list), isinstance(holder, dict)
    if not (is_list or is_dict):
        return
    for segment, child in node.children:
        keys: Any
        if segment == "*":
            keys = range(len(holder)) if is_list else list(holder)
        elif is_dict and segment in holder:
            keys = (segment,)
        else:
            continue
        leaves, deeper = child.leaves, child.children
        for key in keys:
            for slot, field, kind in leaves:
                item: Any = holder[key]
                if item is None:
                    continue
                if type(item) is str and kind in ("d", "s"):  # the declared wire type: no drift
                    if kind == "d":
                        try:
                            holder[key] = Decimal(item)
                        except InvalidOperation:
                            pass
                    continue
                if type(item) is int and kind == "i":
                    continue
                _read_leaf(holder, key, slot, field, kind, path, found, whole)
            if deeper:
                _visit(holder[key], child, path + (key,), found, whole)


def _read_leaf(
    holder: Any, key: Any, slot: int, field: str, kind: str, path: tuple[Any, ...] | None,
    found: dict[int, list[WireDrift]], whole: Callable[[], object],
) -> None:
    """Reads one value (`holder[key]`, at `path + (key,)`; the whole answer when `path` is None) as
    `kind`, in place."""
    value: object = holder[key]
    if value is None:
        return
    out, w, refused = read_as(kind, value, lambda: _resolve(whole(), () if path is None else path + (key,)))
    holder[key] = out
    if w is not None:
        found.setdefault(slot, []).append(WireDrift(field, w, DECLARED[kind], refused))


def _resolve(tree: object, path: tuple[Any, ...]) -> object:
    """The value at `path` in a tree read by `number_texts`."""
    for key in path:
        tree = _at(tree, key)
    return tree


def _at(container: object, key: Any) -> object:
    """The item `key` of a list or a dict read by `number_texts`, None when absent."""
    if isinstance(container, list):
        items = cast("list[object]", container)
        return items[key] if isinstance(key, int) and key < len(items) else None
    return cast("dict[str, object]", container).get(key) if isinstance(container, dict) else None


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
