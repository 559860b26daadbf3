# Copied by exchange-v4 from generator/targets/python/runtime/memo.py. Do not edit here: edit that file,
# then run: npm run generate
"""Values worked out once per object of the operation table (an `OperationMeta`, a `FieldRule`),
found again by the object's identity: those frozen dataclasses hash every field on each call, which
would cost more than the value saves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def by_identity(make: Callable[[K], V], size: int = 4096) -> Callable[[K], V]:
    """`make` made once per object (by identity, the object kept beside its value so its id is
    never reused while cached); at most `size` kept, all dropped when full."""
    known: dict[int, tuple[K, V]] = {}

    def get(obj: K) -> V:
        hit = known.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = make(obj)
        if len(known) >= size:
            known.clear()
        known[id(obj)] = (obj, value)
        return value

    return get
