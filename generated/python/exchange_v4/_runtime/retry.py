# Copied by exchange-v4 from generator/targets/python/runtime/retry.py. Do not edit here: edit that file,
# then run: npm run generate
"""The retry and outcome policy as one pure decision: `next_step(state, outcome)` says what the
request loop does after an attempt that did not succeed. The loop keeps only the I/O.

| outcome                                   | read (`safe`) | write, `dedupes`  | other write       |
|-------------------------------------------|---------------|-------------------|-------------------|
| proven never sent (refused, DNS)          | retry         | retry             | retry             |
| 429                                       | retry after the reset (any operation)                 |
| 401 `REQUEST_EXPIRED`, signed, first time | resync the clock and resend (nothing was applied)     |
| sent, no answer (timeout, reset)          | retry         | retry, same id    | look up / unknown |
| 5xx (not 501), transient label            | retry         | retry, same id    | look up / unknown |
| 501 (not implemented: not processed)      | fail          | fail              | fail              |
| duplicate label (first send or resend)    | fail          | look up / unknown | look up / unknown |
| transient label on a 4xx                  | retry         | retry, same id    | fail              |
| 3xx other than 307/308 (may be processed) | fail          | look up / unknown | look up / unknown |
| 307/308 after a maybe-applied attempt     | fail          | look up / unknown | look up / unknown |
| other 307/308, other 4xx                  | fail          | fail              | fail              |

Retries stop after `max_retries`; a write that may have been applied then ends as a lookup (when
the operation has one and the write carried an id) or as an unknown outcome. A refusal ("fail"
above) after an earlier attempt of the write may have been applied ends the same way, never as a
plain failure. "Look up": found
returns the record, not found ends as an unknown outcome. A redirect is never followed nor resent
(the same rule as the TypeScript client's `nextStep`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Union

RETRY_BASE_MS = 500
"""First backoff ceiling."""
RETRY_CAP_MS = 8_000
"""Largest backoff ceiling."""
DEFAULT_MAX_RETRIES = 2
"""Retries after the first attempt, unless configured."""
MAX_SERVER_WAIT_MS = 60_000
"""A 429 whose reset is further away than this is not waited for."""


@dataclass(frozen=True)
class RetryState:
    """What the decision knows about the call."""

    retry: Literal["safe", "keyed", "never"]
    #: The server refuses a second write with the same id (`idempotency.dedupes`) and this write
    #: carries one: resending it is safe.
    dedupes: bool
    #: The write carries its idempotency id and the operation has a lookup.
    can_look_up: bool
    #: Private call: signed with the server clock.
    signed: bool
    clock_sync: bool
    retries: int
    max_retries: int
    #: The clock was already resynced once for this call.
    resynced: bool = False
    #: The write was already sent again once.
    resent: bool = False
    #: An earlier attempt of this write may have been applied (`may_have_applied`).
    may_be_applied: bool = False
    #: Uniform random number in [0, 1) for the jitter (injected: the function stays pure).
    jitter: float = 0.5
    #: The longest a 429's reset time or Retry-After is honoured (ms): a longer one is cut to this
    #: (the client passes the bucket's window, or `max_rate_limit_wait_ms`).
    max_server_wait_ms: float = math.inf


@dataclass(frozen=True)
class Outcome:
    """How the last attempt ended. `kind`: `not_sent` (the request certainly never reached the
    server), `no_answer` (sent, but no response: timeout, connection reset), `answer` (a response)."""

    kind: Literal["not_sent", "no_answer", "answer"]
    status: int = 0
    label: str = ""
    transient: bool = False
    duplicate: bool = False
    #: 429: milliseconds until the server's window reopens (reset header or Retry-After).
    reset_in_ms: float | None = None


@dataclass(frozen=True)
class Retry:
    delay_ms: int


@dataclass(frozen=True)
class LookUp:
    pass


@dataclass(frozen=True)
class Resync:
    pass


@dataclass(frozen=True)
class Fail:
    pass


@dataclass(frozen=True)
class Unknown:
    pass


Step = Union[Retry, LookUp, Resync, Fail, Unknown]


def label_kind(label: str, transient_labels: frozenset[str], duplicate_labels: frozenset[str]) -> tuple[bool, bool]:
    """What an error label tells the policy: `(transient, duplicate)`, from the API's lists."""
    return label in transient_labels, label in duplicate_labels


def backoff_ms(retry: int, jitter: float) -> int:
    """Full-jitter backoff for the `retry`-th retry (1-based): in [0, min(cap, base * 2^(retry-1)))."""
    ceiling = min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** max(0, retry - 1))
    return int(jitter * ceiling)


#: Redirects that say the request was not processed (it is to be sent again elsewhere as it is).
REDIRECT_NOT_PROCESSED = (307, 308)


def _redirect(outcome: Outcome) -> bool:
    return outcome.kind == "answer" and 300 <= outcome.status < 400


def may_have_applied(outcome: Outcome) -> bool:
    """Whether an attempt that ended so leaves a write possibly applied: no answer, a 5xx, or a
    redirect other than 307/308 (a 303 after a POST means it was processed)."""
    if _redirect(outcome):
        return outcome.status not in REDIRECT_NOT_PROCESSED
    return outcome.kind == "no_answer" or (outcome.kind == "answer" and outcome.status >= 500 and outcome.status != 501)


def next_step(state: RetryState, outcome: Outcome) -> Step:
    """What to do after an attempt that did not succeed (see the module table)."""
    budget = state.retries < state.max_retries
    retry = Retry(backoff_ms(state.retries + 1, state.jitter))
    status = outcome.status if outcome.kind == "answer" else 0
    write = state.retry != "safe"
    gave_up: Step = LookUp() if state.can_look_up else Unknown()
    # A definitive refusal of this attempt; an earlier attempt of the write may still have been applied.
    refused: Step = gave_up if write and state.may_be_applied else Fail()

    if outcome.kind == "not_sent":
        return retry if budget else refused
    if _redirect(outcome):
        # Never followed nor resent: a write that may have been applied is settled by its id.
        return gave_up if write and may_have_applied(outcome) else refused
    if status == 429:
        wait = min(outcome.reset_in_ms or 0, state.max_server_wait_ms)
        if not budget or wait > MAX_SERVER_WAIT_MS:
            return refused
        return Retry(max(retry.delay_ms, math.ceil(wait)))
    can_resync = state.signed and state.clock_sync and not state.resynced
    if status == 401 and outcome.label == "REQUEST_EXPIRED" and can_resync:
        return Resync()
    # A duplicate label: a write with this id was accepted earlier (this call's or another's).
    if outcome.duplicate and write:
        return gave_up
    maybe = may_have_applied(outcome)
    if not write:
        return retry if budget and (maybe or outcome.transient) else Fail()
    # Only a write the server deduplicates is sent again (with the same id); any other is never sent
    # twice once it may have been applied.
    if state.dedupes and budget and (maybe or outcome.transient):
        return retry
    return gave_up if maybe else refused
