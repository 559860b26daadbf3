"""Reading the values a call's parameters hold, before any rule is checked (validate.py, pagination.py):
integers by format, finite numbers, seconds, and the spec's patterns. Pure."""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

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
