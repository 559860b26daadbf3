# Copied by exchange-v4 from generator/targets/python/runtime/outcome.py. Do not edit here: edit that file,
# then run: npm run generate
"""Writes whose outcome is unknown: finding them by their idempotency id. The request loop looks a
write up when it was sent and no definitive answer came; `resolve_outcome` does the same later, on
the caller's request, and answers with the decision of the outcome policy (outcome_policy.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from .context import Context, RequestOptions
from .envelope import envelope_body
from .effects import Steps
from .errors import (
    ApiError,
    IdempotencyId,
    NetworkError,
    NotFoundError,
    RateLimitError,
    RedirectError,
    ResponseBodyError,
    UnknownOutcomeError,
    ValidationError,
)
from .metadata import OperationMeta
from .outcome_policy import Evidence, LookupResult, outcome_policy

LOOK_AGAIN_MS = 5_000
"""How long to wait before looking an unknown write up again (at least the lookup's rate window)."""

Execute = Callable[[OperationMeta, Mapping[str, object], RequestOptions], Steps[Any]]
"""Runs a call as the request loop's steps (`request.call`)."""

Target = tuple[str, dict[str, object]]
"""One write to find: the id it carried and the lookup's other parameters, taken from the write."""


@dataclass(frozen=True)
class Resolution:
    """What `resolve_outcome` found. `applied`: the write happened (`record` is what the lookup
    returned for it; for a batch, the record of every item). `not_applied`: certain by the service's
    rules (nothing was sent, or it was refused before processing): sending it again is safe.
    `unknown`: it may have been applied; `retry_after_ms`: ask again after that long (None when
    asking cannot tell: check the account's history); `resend`: `same_id` where the service refuses
    a second write with the id (`idempotency`), so resending with exactly that id is safe, `never`
    otherwise. `reason` says why."""

    status: Literal["applied", "not_applied", "unknown"]
    record: Any = None
    retry_after_ms: int | None = None
    resend: Literal["safe", "same_id", "never"] | None = None
    reason: str = ""
    idempotency: IdempotencyId | None = None


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


def _extra(meta: OperationMeta, item: Mapping[str, object], params: Mapping[str, object]) -> dict[str, object]:
    idem = meta.idempotency
    out: dict[str, object] = {}
    for param, field in idem.lookup_with if idem is not None else ():
        value = item.get(field, params.get(field))
        if value is not None:
            out[param] = value
    return out


def _items_with_ids(meta: OperationMeta, params: Mapping[str, object]) -> list[Mapping[str, object]]:
    """The items of a batch's list body (`per_item` operations) that carry an id, in item order."""
    idem = meta.idempotency
    body = envelope_body(params)
    if idem is None or not idem.per_item or not isinstance(body, list):
        return []
    items = [cast("Mapping[str, object]", i) for i in cast("list[object]", body) if isinstance(i, Mapping)]
    return [item for item in items if item.get(idem.field) is not None]


def lookup_targets(meta: OperationMeta, params: Mapping[str, object], value: str | None) -> tuple[Target, ...]:
    """What to look up for a write of `meta` sent with `params`: its one id (`value`), or each item's
    of a batch (`per_item`), each with the lookup's other parameters; empty when nothing reads it back."""
    idem = meta.idempotency
    if idem is None or idem.lookup is None:
        return ()
    if idem.per_item:
        return tuple((str(item[idem.field]), _extra(meta, item, params)) for item in _items_with_ids(meta, params))
    return ((value, _extra(meta, params, params)),) if value is not None else ()


def item_ids(meta: OperationMeta, params: Mapping[str, object]) -> tuple[IdempotencyId, ...]:
    """The ids of a batch's items (`per_item` operations), in item order."""
    idem = meta.idempotency
    if idem is None:
        return ()
    return tuple(IdempotencyId(idem.field, str(item[idem.field])) for item in _items_with_ids(meta, params))


def look_up(ctx: Context, execute: Execute, meta: OperationMeta, target: Target) -> Steps[tuple[bool, Any]]:
    """Runs the lookup of one write of `meta`: (True, record) or (False, None) when the server has no
    such write. Other failures propagate."""
    idem = meta.idempotency
    if idem is None or idem.lookup is None:
        return False, None
    name, param = idem.lookup
    value, extra = target
    try:
        data = yield from execute(ctx.operations[name], {**extra, param: value}, {})
    except ApiError as error:
        if _not_found(error):
            return False, None
        raise
    return pick_lookup_result(data, idem.field, value)


@dataclass(frozen=True)
class TargetsLookup:
    """What looking up every write of a record found: `result` for the outcome policy, the records
    found, the ids not listed (in target order) and, for `failed`, the failure's class name."""

    result: LookupResult
    found: list[Any]
    missing: list[str]
    failure: str = ""


def look_up_targets(ctx: Context, execute: Execute, meta: OperationMeta, targets: Sequence[Target]) -> Steps[TargetsLookup]:
    """Looks up each target of a write of `meta` in turn (`look_up`); a lookup that fails with an
    API or network error ends the search as `failed`."""
    found: list[Any] = []
    missing: list[str] = []
    try:
        for target in targets:
            hit, record = yield from look_up(ctx, execute, meta, target)
            if hit:
                found.append(record)
            else:
                missing.append(target[0])
    except (ApiError, NetworkError) as failure:
        return TargetsLookup("failed", found, missing, type(failure).__name__)
    return TargetsLookup("not-found" if missing else "found", found, missing)


def retry_after_ms(ctx: Context, meta: OperationMeta) -> int:
    """When to look again: `LOOK_AGAIN_MS`, or the lookup's rate window when longer."""
    idem = meta.idempotency
    target = ctx.operations.get(idem.lookup[0]) if idem is not None and idem.lookup is not None else None
    window = int(target.rate_limit.window * 1000) if target is not None else 0
    return max(LOOK_AGAIN_MS, window)


def _evidence(ctx: Context, error: Exception) -> tuple[Evidence, str] | None:
    """What an error of a write call proves, and why; None for an error no write call raises."""
    if isinstance(error, ValidationError):
        return "never-sent", "it broke a rule of the spec and nothing was sent"
    if isinstance(error, NetworkError) and not error.sent:
        return "never-sent", "it was never sent"
    if isinstance(error, UnknownOutcomeError):
        if error.operation is None or error.operation not in ctx.operations:
            return None
        if error.duplicate:
            return "duplicate", "the service refused it as a duplicate of an earlier write with the same id"
        return "maybe-applied", "it was sent and no definitive answer came"
    if isinstance(error, ResponseBodyError):
        return "accepted", "the server accepted it but its answer could not be read"
    if isinstance(error, ApiError) and error.status < 500 and error.label in ctx.api.duplicate_labels:
        return "duplicate", f"the service refused it as a duplicate ({error.label})"
    if isinstance(error, RateLimitError):
        return "refused", "it was refused for the rate limit before processing"
    if isinstance(error, ApiError) and error.status == 401:
        return "refused", "authentication failed, so it was not processed"
    if isinstance(error, RedirectError):
        return "refused", f"the server answered {error.status}, which means it did not process it"
    if isinstance(error, ApiError) and (400 <= error.status < 500 or error.status == 501):
        return "refused", f"the service refused it ({error.label})"
    return None


def resolve_outcome(ctx: Context, execute: Execute, error: Exception) -> Steps[Resolution]:
    """Resolves the outcome of a failed write (see `Resolution`). Takes any error of a write call:
    errors that prove nothing was applied are answered without I/O; an `UnknownOutcomeError` is
    looked up by the id its request carried. Raises `TypeError` for an error no write call raises."""
    evidence = _evidence(ctx, error)
    if evidence is None:
        raise TypeError(f"resolve_outcome takes an error of a write call, got {type(error).__name__}")
    kind, because = evidence
    unknown = error if isinstance(error, UnknownOutcomeError) else None
    meta = ctx.operations[unknown.operation] if unknown is not None and unknown.operation is not None else None
    targets = unknown.lookup_targets if unknown is not None and kind not in ("never-sent", "refused") else ()
    lookup: LookupResult = "none"
    found: list[Any] = []
    why = ""
    if meta is not None and targets:
        looked = yield from look_up_targets(ctx, execute, meta, targets)
        lookup, found = looked.result, looked.found
        if looked.result == "failed":
            why = f"; looking it up failed ({looked.failure})"
        elif looked.missing:
            field = meta.idempotency.field if meta.idempotency else "its id"
            why = f"; no write with {field}={looked.missing[-1]} is listed yet"
    dedupes = meta is not None and meta.idempotency is not None and meta.idempotency.dedupes
    decision = outcome_policy(kind, lookup, dedupes)
    if decision.status == "applied":
        return Resolution("applied", record=found if unknown is not None and unknown.items else found[0], reason=because)
    if decision.status == "not-applied":
        return Resolution("not_applied", resend="safe", reason=because)
    wait = retry_after_ms(ctx, meta) if decision.ask_again and meta is not None else None
    if not why:
        why = "; no read finds it by its id: check the account's history"
    return Resolution(
        "unknown",
        retry_after_ms=wait,
        resend="same_id" if decision.resend == "same-id" else "never",
        reason=because + why,
        idempotency=unknown.idempotency if unknown is not None else None,
    )
