"""Client-side rate limits, one bucket per key. A bucket allows at most `requests` requests in any
`window` seconds; a request holds its slot from when it is sent until its answer arrives plus the
window (and a safety margin), so the client stays under the limit however the server counts.
No wait outlasts the call's timeout: a longer one raises `RateLimitError` (`RATE_LIMITED_LOCALLY`)
at once. Responses reconcile the buckets with the server's counters: after a 429 nothing is sent in
that bucket before the server's reset time (honoured up to the bucket's window, or the client's
`max_rate_limit_wait_ms`), and a live limit lower than the spec's is adopted. Buckets with nothing
left to remember are freed, so memory follows the buckets in use, not every key ever seen."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .envelope import field_texts
from .errors import RateLimitError
from .metadata import OperationMeta, RateLimit

RateLimitMode = Literal["wait", "reject", "off"]

MAX_WAIT_MS = 60_000
"""A wait longer than this raises `RateLimitError` instead of blocking."""

SWEEP_EVERY_MS = 60_000
"""Idle buckets are freed at least this often (ms), when a call comes..."""
SWEEP_MIN_BUCKETS = 1024
"""...and whenever the bucket count reaches twice what the last sweep left (at least this many)."""
LIVE_LIMIT_KEEP_MS = 600_000
"""How long a live limit lower than the spec's is remembered after it was last seen, even when idle."""


@dataclass
class _Slot:
    until: float = math.inf  # in flight until its answer


@dataclass
class _Bucket:
    slots: list[_Slot] = field(default_factory=list[_Slot])
    blocked_until: float = 0.0
    #: The server's own limit (`X-...-RateLimit-Limit`) while lower than the spec's.
    live: int | None = None
    #: When the server last sent its limit (epoch ms).
    live_seen: float = 0.0

    def capacity(self, limit: RateLimit) -> int:
        """The spec's count, or the server's live one while lower; at least 1."""
        return max(1, min(limit.requests, self.live if self.live is not None else limit.requests))

    def idle(self, now: float) -> bool:
        """No slot within its window, no block, no lower live limit seen lately: nothing to remember."""
        if self.live is not None and now - self.live_seen < LIVE_LIMIT_KEEP_MS:
            return False
        return self.blocked_until <= now and all(s.until <= now for s in self.slots)


@dataclass(frozen=True)
class Ticket:
    """The slots one request holds; hand it back with `release`."""

    slots: tuple[_Slot, ...]
    window_ms: float


def bucket_keys(meta: OperationMeta, account: str, params: Mapping[str, object]) -> list[str]:
    """The buckets a call counts in. `ip`: one per process; `uid`: per account (API key); `uid+market`:
    per account and market, the market read from the field the IR names (envelope.py `field_texts`:
    for a list body, every distinct value among its items; none: the no-market bucket)."""
    limit = meta.rate_limit
    if limit.scope == "ip":
        return [f"ip|{limit.bucket}"]
    if limit.scope == "uid":
        return [f"uid|{limit.bucket}|{account}"]
    markets = field_texts(params, limit.market or "currency_pair") or [""]
    return [f"uid+market|{limit.bucket}|{account}|{m}" for m in markets]


class RateLimiter:
    """Sliding windows per bucket key; thread-safe. `now_ms` and `sleep_ms` are injectable for tests."""

    def __init__(
        self,
        *,
        now_ms: Callable[[], float] = lambda: time.time() * 1000,
        sleep_ms: Callable[[float], None] = lambda ms: time.sleep(ms / 1000),
        margin_ms: float = 100,
    ) -> None:
        self._now_ms = now_ms
        self._sleep_ms = sleep_ms
        self._margin_ms = margin_ms
        self._buckets: dict[str, _Bucket] = {}
        self._cond = threading.Condition()
        self._sweep_at = SWEEP_MIN_BUCKETS
        self._sweep_due = -math.inf
        self._listeners: list[Callable[[], None]] = []

    @property
    def bucket_count(self) -> int:
        """How many buckets the limiter keeps now (for tests and diagnostics)."""
        with self._cond:
            return len(self._buckets)

    def _wait_ms(self, bucket: _Bucket, limit: RateLimit, now: float, in_flight_until: float = math.inf) -> float:
        """Milliseconds until the bucket may send once more (`inf`: when an answer arrives). With
        `in_flight_until`, a slot still in flight counts as ending then (the least wait: answered now)."""
        bucket.slots = [s for s in bucket.slots if s.until > now]
        wait = max(0.0, bucket.blocked_until - now)
        capacity = bucket.capacity(limit)
        if len(bucket.slots) >= capacity:
            ends = sorted(min(s.until, in_flight_until) for s in bucket.slots)
            wait = max(wait, ends[len(ends) - capacity] - now)
        return wait

    def _maybe_sweep(self, now: float) -> None:
        """Frees idle buckets when the last sweep is a minute old or the count doubled since, so the
        cost per call stays constant and the count within twice the buckets in use."""
        if len(self._buckets) < self._sweep_at and now < self._sweep_due:
            return
        for key in [k for k, b in self._buckets.items() if b.idle(now)]:
            del self._buckets[key]
        self._sweep_at = max(SWEEP_MIN_BUCKETS, 2 * len(self._buckets))
        self._sweep_due = now + SWEEP_EVERY_MS

    def acquire(
        self,
        keys: Sequence[str],
        limit: RateLimit,
        *,
        operation: str,
        mode: RateLimitMode,
        max_wait_ms: float | None = None,
    ) -> Ticket:
        """Takes one slot in every bucket of `keys`, waiting for room (`wait`), raising
        `RateLimitError` (`reject`), or not counting at all (`off`). In `wait` mode a wait longer
        than `max_wait_ms` (the call's timeout) or `MAX_WAIT_MS` raises that error at once."""
        if mode == "off":
            return Ticket((), limit.window * 1000 + self._margin_ms)
        start: float | None = None
        while True:
            with self._cond:
                now = self._now_ms()
                start = now if start is None else start
                got = self._try(keys, limit, operation, mode, max_wait_ms, now - start, now)
                if isinstance(got, Ticket):
                    return got
                wait, answered = got
                if answered:
                    # Every slot is held by a request still waiting for its answer.
                    self._cond.wait(timeout=wait / 1000)
                    continue
            self._sleep_ms(wait)

    def try_acquire(
        self,
        keys: Sequence[str],
        limit: RateLimit,
        *,
        operation: str,
        mode: RateLimitMode,
        max_wait_ms: float | None = None,
        waited_ms: float = 0,
    ) -> Ticket | tuple[float, bool]:
        """One try of `acquire` that never blocks (for the asyncio client): the `Ticket`, or how
        long to wait before trying again (ms) and whether an answer may end that wait earlier
        (`on_release`). `waited_ms`: how long this call has waited so far. Raises as `acquire`."""
        if mode == "off":
            return Ticket((), limit.window * 1000 + self._margin_ms)
        with self._cond:
            return self._try(keys, limit, operation, mode, max_wait_ms, waited_ms, self._now_ms())

    def _try(
        self,
        keys: Sequence[str],
        limit: RateLimit,
        operation: str,
        mode: RateLimitMode,
        max_wait_ms: float | None,
        waited: float,
        now: float,
    ) -> Ticket | tuple[float, bool]:
        """Takes the slots when there is room, else the wait (see `try_acquire`); holds the lock."""
        window_ms = limit.window * 1000 + self._margin_ms
        bound = min(MAX_WAIT_MS, math.inf if max_wait_ms is None else max_wait_ms)
        self._maybe_sweep(now)
        buckets = [self._buckets.setdefault(k, _Bucket()) for k in keys]
        wait = max(self._wait_ms(b, limit, now) for b in buckets)
        if wait == 0:
            slots = tuple(_Slot() for _ in buckets)
            for b, s in zip(buckets, slots):
                b.slots.append(s)
            return Ticket(slots, window_ms)
        rule = f"at most {limit.requests} requests per {limit.window:g} s in bucket {limit.bucket}"
        if mode == "reject":
            reset = now + (wait if math.isfinite(wait) else window_ms)
            raise self._refusal(rule, reset, limit, operation)
        # The least wait: a slot still in flight could be answered now, at the earliest.
        least = max(self._wait_ms(b, limit, now, now + window_ms) for b in buckets)
        if waited + least > bound:
            why = f"a wait of {least:.0f} ms exceeds the call's {bound - waited:.0f} ms ({rule})"
            raise self._refusal(why, now + least, limit, operation)
        if not math.isfinite(wait):
            return min(window_ms, 1000, bound - waited), True
        return wait, False

    def on_release(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Calls `listener` (from any thread) after every `release`, until the returned function
        is called: how the asyncio client learns that a slot it waits for may be free."""
        with self._cond:
            self._listeners.append(listener)

        def remove() -> None:
            with self._cond:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return remove

    @staticmethod
    def _refusal(detail: str, reset_at_ms: float, limit: RateLimit, operation: str) -> RateLimitError:
        return RateLimitError(
            0, "RATE_LIMITED_LOCALLY", detail, {}, reset_at_ms=reset_at_ms, bucket=limit.bucket, operation=operation
        )

    def release(
        self,
        ticket: Ticket,
        keys: Sequence[str],
        limit: RateLimit,
        *,
        status: int | None,
        remaining: int | None = None,
        reset_at_ms: float | None = None,
        limit_count: float | None = None,
        max_block_ms: float | None = None,
    ) -> None:
        """The request's answer arrived (or it failed): its slots last one window more. A 429 blocks
        the buckets until the reset time, at most `max_block_ms` (default: the window) from now;
        `limit_count` (the server's limit) below the spec's becomes the bucket's count, one at or above
        it restores the spec's; `remaining` adds slots the server counted but we did not."""
        with self._cond:
            now = self._now_ms()
            for slot in ticket.slots:
                slot.until = now + ticket.window_ms
            for key in keys:
                bucket = self._buckets.setdefault(key, _Bucket())
                if status == 429:
                    cap = now + (limit.window * 1000 if max_block_ms is None else max_block_ms)
                    until = now + ticket.window_ms if reset_at_ms is None else min(reset_at_ms, cap)
                    bucket.blocked_until = max(bucket.blocked_until, until)
                if limit_count is not None and math.isfinite(limit_count) and limit_count >= 1:
                    live = int(limit_count)
                    bucket.live = live if live < limit.requests else None
                    bucket.live_seen = now
                if remaining is not None and ticket.slots:
                    self._wait_ms(bucket, limit, now)
                    for _ in range(max(0, bucket.capacity(limit) - len(bucket.slots) - max(0, remaining))):
                        bucket.slots.append(_Slot(now + ticket.window_ms))
            self._cond.notify_all()
            listeners = list(self._listeners)
        for listener in listeners:
            listener()


def free_slot(
    store: object, keys: Sequence[str], limit: RateLimit, operation: str, mode: RateLimitMode, max_wait_ms: float
) -> Ticket | None:
    """The slot a call takes at once when `store` is a `RateLimiter` (the class itself: a subclass
    may take slots its own way) with room now, the usual case: no wait to perform; None when it
    must wait or `store` is another store. Raises as `RateLimiter.try_acquire` (`reject` mode, a
    wait beyond `max_wait_ms`)."""
    if type(store) is not RateLimiter:
        return None
    got = store.try_acquire(keys, limit, operation=operation, mode=mode, max_wait_ms=max_wait_ms)
    return got if isinstance(got, Ticket) else None


_shared: RateLimiter | None = None
_shared_lock = threading.Lock()


def process_limiter() -> RateLimiter:
    """The limiter clients share unless given their own: public limits count per IP, so per process."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = RateLimiter()
        return _shared
