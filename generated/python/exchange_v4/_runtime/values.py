# Copied by exchange-v4 from generator/targets/python/runtime/values.py. Do not edit here: edit that file,
# then run: npm run generate
"""Reading the values a call's parameters hold, before any rule is checked (validate.py, pagination.py):
integers by format, finite numbers, seconds, and the spec's patterns. Pure."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from .memo import by_identity
from .metadata import FieldRule

DAY = 86_400
"""Seconds in a day (time ranges are in days)."""

@lru_cache(maxsize=256)
def pattern(source: str) -> re.Pattern[str]:
    """The spec's (JavaScript) pattern as Python reads it: ASCII classes, `$` only at the very end."""
    if source.endswith("$") and not source.endswith("\\$"):
        source = source[:-1] + r"\Z"
    return re.compile(source, re.ASCII)


INT_RANGES = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1)}
"""The ranges of the integer formats, checked before any I/O."""
_DIGITS = re.compile(r"-?\d+\Z", re.ASCII)


def integer_value(value: object, format: str | None) -> int | None:  # noqa: A002 - the spec's name
    """The integer `value` stands for: an `int` (not a bool), or for int64 a digit string (as the
    TypeScript client takes it); None for anything else. Pure."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if format == "int64" and isinstance(value, str) and _DIGITS.match(value):
        return int(value)
    return None


def finite_number(value: object) -> bool:
    """A finite int, float or Decimal (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return False
    return value.is_finite() if isinstance(value, Decimal) else math.isfinite(value)


def num_text(n: float) -> str:
    """A number as a message shows it: `5`, not `5.0`."""
    return str(int(n)) if float(n).is_integer() else str(n)


def seconds(value: object) -> float:
    """A time value in seconds (number or numeric string); NaN when it is none."""
    if isinstance(value, bool):
        return math.nan
    if isinstance(value, (int, float, Decimal)):
        return float(value)
    if isinstance(value, str) and value.strip():
        try:
            return float(Decimal(value))
        except InvalidOperation:
            return math.nan
    return math.nan


def _quick(rule: FieldRule) -> Callable[[object], bool] | None:
    kinds = {"string": str, "integer": int, "boolean": bool}
    kind = kinds.get(rule.type or "")
    if kind is None or rule.format == "decimal" or rule.items is not None or rule.properties:
        return None
    if rule.enum is not None and not all(type(e) is kind for e in rule.enum):
        return None
    allowed = frozenset(rule.enum) if rule.enum is not None else None
    if kind is str:
        search = pattern(rule.pattern).search if rule.pattern is not None else None
        shortest, longest = rule.min_length or 0, rule.max_length

        def text(v: object) -> bool:
            return (
                type(v) is str
                and (allowed is None or v in allowed)
                and (search is None or search(v) is not None)
                and len(v) >= shortest
                and (longest is None or len(v) <= longest)
            )

        return text
    if kind is bool:
        return lambda v: type(v) is bool and (allowed is None or v in allowed)
    low, high = INT_RANGES.get(rule.format or "", (-math.inf, math.inf))
    low, high = max(low, -math.inf if rule.minimum is None else rule.minimum), min(
        high, math.inf if rule.maximum is None else rule.maximum
    )
    return lambda v: type(v) is int and low <= v <= high and (allowed is None or v in allowed)


quick_accept: Callable[[FieldRule], Callable[[object], bool] | None] = by_identity(_quick)
"""For a simple rule (a string, integer or boolean; no decimal format, items or properties), a
quick check that is True only for a value every check of the rule passes (validate.py then checks
nothing more; any other value gets the full checks, which name the failure). None for any other
rule. Made once per rule."""
