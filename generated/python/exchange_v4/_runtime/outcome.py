# Copied by exchange-v4 from templates/python/runtime/outcome.py. Do not edit here: edit that file,
# then run: npm run generate
"""Writes whose outcome is unknown: finding them by their idempotency id. The request loop looks a
write up when it was sent and no definitive answer came; `resolve_outcome` does the same later, on
the caller's request, and says whether resending is safe."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from .context import Context, RequestOptions
from .errors import ApiError, NetworkError, NotFoundError, UnknownOutcomeError
from .metadata import OperationMeta

LOOK_AGAIN_MS = 5_000
"""How long to wait before looking an unknown write up again (at least the lookup's rate window)."""

Execute = Callable[[OperationMeta, Mapping[str, object], RequestOptions], Any]


@dataclass(frozen=True)
class Resolution:
    """What `resolve_outcome` found. `applied`: the write happened (`record` is what the lookup
    returned for it). `not_applied`: resending with the same id is safe (the request never reached
    the server, or the server refuses a duplicate of that id). `unknown`: look again after
    `retry_after_ms`; do not resend."""

    status: Literal["applied", "not_applied", "unknown"]
    record: Any = None
    retry_after_ms: int | None = None


def pick_lookup_result(data: Any, field: str, value: str) -> tuple[bool, Any]:
    """Finds the write in a lookup answer: in a list, the item whose `field` equals `value` (or the
    only item when items do not carry the field); an object unless it is empty or names another value."""
    if isinstance(data, list):
        items = cast("list[object]", data)
        typed = [cast("dict[str, Any]", item) for item in items if isinstance(item, dict)]
        for record in typed:
            if record.get(field) is not None and str(record.get(field)) == value:
                return True, record
        carries = any(record.get(field) is not None for record in typed)
        if not carries and len(items) == 1 and len(typed) == 1:
            return True, typed[0]
        return False, None
    if isinstance(data, dict):
        record = cast("dict[str, Any]", data)
        if not record or (record.get(field) is not None and str(record.get(field)) != value):
            return False, None
        return True, record
    return False, None


def _not_found(error: Exception) -> bool:
    return isinstance(error, NotFoundError) or (
        isinstance(error, ApiError) and error.status < 500 and error.label.endswith("NOT_FOUND")
    )


def look_up(ctx: Context, execute: Execute, meta: OperationMeta, value: str) -> tuple[bool, Any]:
    """Runs the lookup of a write of `meta` carrying id `value`: (True, record) or (False, None)
    when the server has no such write. Other failures propagate."""
    idem = meta.idempotency
    if idem is None or idem.lookup is None:
        return False, None
    target, param = idem.lookup
    try:
        data = execute(ctx.operations[target], {param: value}, {})
    except ApiError as error:
        if _not_found(error):
            return False, None
        raise
    return pick_lookup_result(data, idem.field, value)


def retry_after_ms(ctx: Context, meta: OperationMeta) -> int:
    """When to look again: `LOOK_AGAIN_MS`, or the lookup's rate window when longer."""
    idem = meta.idempotency
    target = ctx.operations.get(idem.lookup[0]) if idem is not None and idem.lookup is not None else None
    window = int(target.rate_limit.window * 1000) if target is not None else 0
    return max(LOOK_AGAIN_MS, window)


def resolve_outcome(ctx: Context, execute: Execute, error: Exception) -> Resolution:
    """Resolves the outcome of a failed write (see `Resolution`). Accepts an `UnknownOutcomeError`,
    or a `NetworkError` whose request was never sent."""
    if isinstance(error, NetworkError) and not error.sent:
        return Resolution("not_applied")
    if not isinstance(error, UnknownOutcomeError) or error.operation is None or error.operation not in ctx.operations:
        raise TypeError("resolve_outcome takes the UnknownOutcomeError (or unsent NetworkError) of a write")
    meta = ctx.operations[error.operation]
    idem = meta.idempotency
    dedupes = idem is not None and idem.dedupes and error.idempotency is not None
    wait = retry_after_ms(ctx, meta)
    if error.idempotency is not None and idem is not None and idem.lookup is not None:
        try:
            found, record = look_up(ctx, execute, meta, error.idempotency.value)
        except (ApiError, NetworkError):
            return Resolution("unknown", retry_after_ms=wait)
        if found:
            return Resolution("applied", record=record)
    return Resolution("not_applied") if dedupes else Resolution("unknown", retry_after_ms=wait)
