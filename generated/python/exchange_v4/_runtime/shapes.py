# Copied by exchange-v4 from generator/targets/python/runtime/shapes.py. Do not edit here: edit that file,
# then run: npm run generate
"""Type aliases for open JSON values, shared by the generated modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TypeAlias

JsonValue: TypeAlias = "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"
"""Any JSON value (the data of operations whose shape the API description does not give)."""

QueryScalar: TypeAlias = "str | int | float | Decimal | bool"
"""One query value."""

OpenQuery: TypeAlias = "Mapping[str, QueryScalar | Sequence[QueryScalar] | None]"
"""Query parameters of a named-only operation: sent in this order, lists comma-joined."""
