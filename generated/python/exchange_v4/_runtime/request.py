# Copied by exchange-v4 from generator/targets/python/runtime/request.py. Do not edit here: edit that file,
# then run: npm run generate
"""The request loop. Per call: plan (validation, no I/O). Per attempt: the server clock (private
calls), a rate-limit slot, sign and send, release the slot with the server's counters, read the
answer. What happens after an attempt that did not succeed is decided by `retry.next_step`; this
loop only performs it. The loop (`call`) is written once, as a generator of effects (effects.py):
`execute` and `iterate` drive it blocking, the asyncio client (aio_core.py) drives the same loop."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from .answer import error_from_response, header_value, int_header, reset_at_ms, success_data
from .clock import ClockWaitTimeout
from .context import Context, RequestOptions
from .deadline import Deadline
from .effects import Acquire, ClockReady, ClockResync, Effect, Send, Sleep, Steps, run
from .errors import (
    ApiError,
    ExchangeError,
    NetworkError,
    RateLimitError,
    RequestTimeoutError,
    ResponseBodyError,
    ResponseTooLargeError,
    UnknownOutcomeError,
)
from .logger import LogEvent, emit, reason_of
from .journal import JournalEntry, journaled, params_hash, targets_text
from .metadata import OperationMeta
from .wire_drift import WireDrift, settle_drifts
from .outcome import item_ids, look_up, lookup_targets, retry_after_ms
from .plan import CallPlan, plan_call, retry_state
from .rate_limit import free_slot
from .response import OnAnswer
from .retry import (
    Fail, LookUp, Outcome, Resync, Retry, RetryState, Unknown, label_kind, may_have_applied, next_step,
)
from .signing import signed_headers
from .transport import BodyTooLarge, SendFailure, WireRequest, WireResponse


def _signed_headers(ctx: Context, plan: CallPlan) -> dict[str, str]:
    headers = dict(plan.headers)
    if plan.meta.auth == "private" and ctx.credentials is not None:
        key, sign = ctx.credentials
        names = ctx.api.signing_headers
        timestamp = ctx.clock.now_seconds()
        headers.update(signed_headers(names, key, sign, plan.meta.method, plan.path, plan.query, plan.body, timestamp))
    return headers


def _event(plan: CallPlan, kind: str, attempt: int, **extra: Any) -> LogEvent:
    event: dict[str, Any] = {
        "type": kind, "operation": plan.meta.id, "method": plan.meta.method, "url": plan.url,
        "attempt": attempt, "request_id": plan.request_id,
    }
    event.update({k: v for k, v in extra.items() if v is not None})
    return event  # pyright: ignore[reportReturnType]


def perform(ctx: Context) -> Callable[[Effect], Any]:
    """Performs the loop's effects blocking: the client's clock, limiter, transport and sleep."""

    def do(effect: Effect) -> Any:
        if isinstance(effect, Send):
            return ctx.transport.send(effect.request)
        if isinstance(effect, Acquire):
            return ctx.limiter.acquire(
                effect.keys, effect.limit, operation=effect.operation, mode=effect.mode, max_wait_ms=effect.max_wait_ms
            )
        if isinstance(effect, ClockReady):
            return ctx.clock.ready(effect.on_refresh_error, effect.timeout_s)
        if isinstance(effect, ClockResync):
            return ctx.clock.resync(effect.signed_with, effect.timeout_s)
        return ctx.sleep_ms(effect.ms)

    return do


def execute(ctx: Context, meta: OperationMeta, params: Mapping[str, object] | None, options: RequestOptions,
            paged: bool = False, on_answer: OnAnswer | None = None) -> Any:
    """Runs one call to its end, blocking: the data of the success answer, or the error the policy
    ends with. `on_answer` is told the success answer the data came from (a lookup's, for a settled
    write)."""
    return run(call(ctx, meta, params, options, paged, on_answer), perform(ctx))


def call(ctx: Context, meta: OperationMeta, params: Mapping[str, object] | None, options: RequestOptions,
         paged: bool = False, on_answer: OnAnswer | None = None) -> Steps[Any]:
    """One call as a generator of effects (see `execute`); validation runs at the first step,
    before any effect."""
    plan = plan_call(ctx, meta, params, options, paged)
    attempts = [0]
    try:
        if ctx.journal is not None and meta.retry != "safe":
            entry = _journal_entry(ctx, plan)
            return (yield from journaled(ctx.journal, entry, _attempts(ctx, plan, options, attempts, on_answer)))
        return (yield from _attempts(ctx, plan, options, attempts, on_answer))
    except ExchangeError as error:
        status = error.status if isinstance(error, ApiError) else None
        event = _event(plan, "error", attempts[0], status=status, trace_id=error.trace_id, reason=reason_of(error))
        emit(ctx.settings.logger, event)
        raise


def _journal_entry(ctx: Context, plan: CallPlan) -> JournalEntry:
    """The outcome journal's entry of a write about to be sent (journal.py)."""
    meta, idem = plan.meta, plan.meta.idempotency
    value = plan.idempotency.value if plan.idempotency is not None else None
    return JournalEntry(
        id=uuid.uuid4().hex,
        operation=meta.id,
        field=idem.field if idem is not None and (value is not None or idem.per_item) else None,
        value=value,
        targets=targets_text(lookup_targets(meta, plan.params, value)),
        params_hash=params_hash(meta.method, plan.path, plan.query, plan.body),
        sent_at_ms=int(ctx.clock.now_ms()),
        account=ctx.account,
    )


def _attempts(
    ctx: Context, plan: CallPlan, options: RequestOptions, attempts: list[int], on_answer: OnAnswer | None
) -> Steps[Any]:
    meta, settings = plan.meta, ctx.settings
    limit = meta.rate_limit
    timeout_s = options.get("timeout", settings.timeout_s)
    deadline = Deadline.start(options.get("deadline", settings.deadline_s), ctx.monotonic)
    mode = options.get("rate_limit", settings.rate_limit)
    signed = meta.auth == "private"
    state: RetryState | None = None  # made when an attempt first did not succeed
    context = {"operation": meta.id, "endpoint": plan.endpoint, "request_id": plan.request_id}
    attempt = 0
    while True:
        attempt = attempts[0] = attempt + 1
        if signed and ctx.clock.due()[0] != "no":  # measured first only when due (`ServerClock.ready`)
            try:
                yield ClockReady(
                    lambda e: emit(settings.logger, _event(plan, "error", attempt, reason=f"clock kept: {reason_of(e)}")),
                    deadline.cut(timeout_s),
                )
            except ClockWaitTimeout as waited:
                raise RequestTimeoutError(f"{meta.id}: {waited}; the call was not sent", sent=False, **context) from None
        max_wait_ms = deadline.cut(timeout_s) * 1000
        ticket = free_slot(ctx.limiter, plan.bucket_keys, limit, meta.id, mode, max_wait_ms)
        if ticket is None:  # no room now: the driver waits for one (or refuses)
            ticket = yield Acquire(plan.bucket_keys, limit, meta.id, mode, max_wait_ms)
        signed_with = ctx.clock.generation  # the offset this attempt is signed with, by number
        try:
            if settings.logger is not None:
                emit(settings.logger, _event(plan, "request", attempt))
            request = WireRequest(
                meta.method, plan.url, _signed_headers(ctx, plan), plan.body, deadline.cut(timeout_s), deadline.end
            )
            wire: WireResponse = yield Send(request)
        except BaseException as failure:
            # Every exit gives the slot back: it lasts one window more, as for any answer.
            ctx.limiter.release(ticket, plan.bucket_keys, limit, status=None)
            if not isinstance(failure, SendFailure):
                raise
            sent = failure.kind not in ("not_sent", "local")
            cls = RequestTimeoutError if failure.kind == "timeout" else NetworkError
            error: ExchangeError = cls(f"{meta.id}: {failure.detail}", sent=sent, **context)
            if isinstance(failure, BodyTooLarge):  # handled like a lost answer (it may follow a write)
                error = ResponseTooLargeError(failure.status, failure.limit, **context)
            if failure.kind == "local":
                raise error from None  # refused here: sending it again would fail the same way
            outcome = Outcome("no_answer" if sent else "not_sent")
        else:
            remaining = int_header(wire.headers, ctx.api.response_headers["rateLimitRemaining"])
            ctx.limiter.release(
                ticket, plan.bucket_keys, limit, status=wire.status,
                remaining=None if remaining is None else int(remaining),
                reset_at_ms=reset_at_ms(ctx, wire.headers, wire.status) if wire.status == 429 else None,
                limit_count=int_header(wire.headers, ctx.api.response_headers["rateLimitLimit"]),
                max_block_ms=settings.max_rate_limit_wait_ms,
            )
            trace = header_value(wire.headers, ctx.api.response_headers["traceId"])
            if settings.logger is not None:
                event = _event(
                    plan, "response", attempt, status=wire.status, duration_ms=round(wire.duration_ms, 3),
                    trace_id=trace and ctx.redact(trace),
                )
                emit(settings.logger, event)
            if 200 <= wire.status < 300:
                try:
                    drifts: list[WireDrift] = []
                    data = success_data(meta, wire, drifts)
                    if drifts:
                        settle_drifts(ctx, _event(plan, "drift", attempt), drifts, trace_id=trace and ctx.redact(trace),
                                      **context)
                    if on_answer is not None:
                        on_answer(wire, attempt, plan.request_id)
                    return data
                except json.JSONDecodeError:
                    # Final: a write it answers was accepted, so it is never sent again.
                    raise ResponseBodyError(
                        wire.status,
                        {k: ctx.redact(v) for k, v in wire.headers.items()},
                        write=meta.retry != "safe",
                        idempotency=plan.idempotency,
                        trace_id=trace and ctx.redact(trace),
                        **context,
                    ) from None
            answer = error_from_response(ctx, plan, wire)
            reset = answer.reset_at_ms if isinstance(answer, RateLimitError) else None
            transient, duplicate = label_kind(answer.label, ctx.api.transient_labels, ctx.api.duplicate_labels)
            outcome = Outcome(
                "answer",
                wire.status,
                answer.label,
                transient=transient,
                duplicate=duplicate,
                reset_in_ms=None if reset is None else max(0.0, reset - time.time() * 1000),
            )
            error = answer
        if state is None:
            state = retry_state(ctx, plan, options)
        step = next_step(replace(state, jitter=ctx.jitter()), outcome)
        if isinstance(step, Retry) and not deadline.allows(step.delay_ms):
            step = next_step(replace(state, retries=state.max_retries), outcome)  # as if the retries were used up
        if meta.retry != "safe" and may_have_applied(outcome):
            state = replace(state, may_be_applied=True)
        if isinstance(step, Retry):
            emit(settings.logger, _event(plan, "retry", attempt, status=outcome.status or None,
                                         delay_ms=step.delay_ms, reason=reason_of(error)))
            yield Sleep(step.delay_ms)
            written = meta.retry != "safe" and outcome.kind != "not_sent"
            state = replace(state, retries=state.retries + 1, resent=state.resent or written)
            continue
        if isinstance(step, Resync):
            try:
                yield ClockResync(signed_with, deadline.cut(timeout_s))
            except Exception:  # noqa: BLE001 - the REQUEST_EXPIRED answer is the better error
                raise error from None
            emit(settings.logger, _event(plan, "retry", attempt, status=401, delay_ms=0, reason=reason_of(error)))
            state = replace(state, resynced=True)
            continue
        if isinstance(step, LookUp) and deadline.left_s() <= 0:
            raise _unknown(ctx, plan, error, "no definitive answer came before the call's deadline") from error
        if isinstance(step, LookUp):
            return (yield from _look_up_or_unknown(ctx, plan, error, on_answer))
        if isinstance(step, Unknown):
            raise _unknown(ctx, plan, error, "no definitive answer came") from error
        assert isinstance(step, Fail)
        raise error


def _unknown(ctx: Context, plan: CallPlan, cause: ExchangeError, why: str) -> UnknownOutcomeError:
    items = item_ids(plan.meta, plan.params)
    ids = (
        f"{plan.idempotency.field}={plan.idempotency.value}"
        if plan.idempotency
        else f"{items[0].field}={', '.join(i.value for i in items)}" if items else ""
    )
    hint = f"; it carried {ids}" if ids else ""
    duplicate = isinstance(cause, ApiError) and cause.status < 500 and cause.label in ctx.api.duplicate_labels
    error = UnknownOutcomeError(
        f"{plan.meta.id}: {why} ({reason_of(cause)}); the write may or may not have been applied{hint}",
        idempotency=plan.idempotency,
        retry_after_ms=retry_after_ms(ctx, plan.meta),
        cause=reason_of(cause),
        items=items,
        duplicate=duplicate,
        operation=plan.meta.id,
        endpoint=plan.endpoint,
        request_id=plan.request_id,
        trace_id=cause.trace_id,
    )
    error.lookup_targets = lookup_targets(
        plan.meta, plan.params, plan.idempotency.value if plan.idempotency else None
    )
    return error


def _look_up_or_unknown(
    ctx: Context, plan: CallPlan, cause: ExchangeError, on_answer: OnAnswer | None
) -> Steps[Any]:
    assert plan.idempotency is not None
    target = lookup_targets(plan.meta, plan.params, plan.idempotency.value)[0]
    try:
        found, record = yield from look_up(ctx, lambda m, p, o: call(ctx, m, p, o, on_answer=on_answer), plan.meta, target)
    except ExchangeError as error:
        why = f"no definitive answer came, and looking it up failed ({reason_of(error)})"
        raise _unknown(ctx, plan, cause, why) from cause
    if found:
        return record
    raise _unknown(ctx, plan, cause, "no definitive answer came and the lookup did not find the write") from cause
