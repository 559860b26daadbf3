# Copied by exchange-v4 from generator/targets/python/runtime/wire_places.py. Do not edit here: edit that file,
# then run: npm run generate
"""Reading an answer against its operation's `wire` descriptor (`wire_drift.py` has the rules for one
value): the descriptor's places as a tree made once per descriptor, read in one pass over the answer,
converted values replacing the wire ones in place. A record of named places (a withdrawal's `amount`,
`fee`, ...) is read by one loop per record."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from collections.abc import Iterable
from typing import Any, Callable, cast

from .wire_drift import DECLARED, WireDrift, read_as


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
    #: A record of named leaves only (no `*`, nothing deeper), read by one loop per record: the
    #: (name, position, field) of its decimal leaves, then the (name, position, field, kind) of the
    #: others; None for any other node.
    record: tuple[tuple[tuple[str, int, str], ...], tuple[tuple[str, int, str, str], ...]] | None = None


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
    flat = all(segment != "*" and not child.children for segment, child in children)
    named = [(segment, slot, field, kind) for segment, child in children for slot, field, kind in child.leaves]
    decimals = tuple((name, slot, field) for name, slot, field, kind in named if kind == "d")
    record = (decimals, tuple(leaf for leaf in named if leaf[3] != "d")) if flat else None
    return _Node(leaves, children, record)


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
    if is_dict and node.record is not None:
        _read_records((holder,), (0,), node.record, path, found, whole, keyed=False)
        return
    for segment, child in node.children:
        keys: Any
        if segment == "*":
            keys = range(len(holder)) if is_list else list(holder)
        elif is_dict and segment in holder:
            keys = (segment,)
        else:
            continue
        leaves, deeper, record = child.leaves, child.children, child.record
        if record is not None and not leaves:  # records (a list of them, say): each read by one loop
            _read_records(holder, keys, record, path, found, whole)
            continue
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


def _read_records(
    container: Any,
    keys: Iterable[Any],
    record: tuple[tuple[tuple[str, int, str], ...], tuple[tuple[str, int, str, str], ...]],
    path: tuple[Any, ...],
    found: dict[int, list[WireDrift]],
    whole: Callable[[], object],
    keyed: bool = True,
) -> None:
    """`_visit` of a record node (`_Node.record`) in each dict `container[key]` (at `path + (key,)`;
    at `path` when not `keyed`): each named leaf read in place, the records in answer order (so the
    drifts of one place stay in answer order)."""
    decimals, others = record
    for key in keys:
        holder: dict[str, Any] = container[key]
        if not isinstance(holder, dict):  # pyright: ignore[reportUnnecessaryIsInstance]
            continue
        for name, slot, field in decimals:
            item = holder.get(name)
            if type(item) is str:  # the declared wire type: no drift
                try:
                    holder[name] = Decimal(item)
                except InvalidOperation:
                    pass
            elif item is not None:
                _read_leaf(holder, name, slot, field, "d", path + (key,) if keyed else path, found, whole)
        for name, slot, field, kind in others:
            item = holder.get(name)
            if item is None:
                continue
            if type(item) is str and kind in ("d", "s"):  # the declared wire type: no drift
                if kind == "d":
                    try:
                        holder[name] = Decimal(item)
                    except InvalidOperation:
                        pass
                continue
            if type(item) is int and kind == "i":
                continue
            _read_leaf(holder, name, slot, field, kind, path + (key,) if keyed else path, found, whole)


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
