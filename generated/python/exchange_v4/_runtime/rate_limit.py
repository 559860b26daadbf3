# Copied by exchange-v4 from templates/python/runtime/rate_limit.py. Do not edit here: edit that file,
# then run: npm run generate
"""Client-side rate limits, one bucket per key. A bucket allows at most `requests` requests in any
`window` seconds; a request holds its slot from when it is sent until its answer arrives plus the
window (and a safety margin), so the client stays under the limit however the server counts.
Responses reconcile the buckets with the server's counters; after a 429 nothing is sent in that
bucket before the server's reset time."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .errors import RateLimitError
from .metadata import OperationMeta, RateLimit

RateLimitMode = Literal["wait", "reject", "off"]

MAX_WAIT_MS = 60_000
"""A wait longer than this raises `RateLimitError` instead of blocking."""


@dataclass
class _Slot:
    until: float = math.inf  # in flight until its answer


@dataclass
class _Bucket:
    slots: list[_Slot] = field(default_factory=list[_Slot])
    blocked_until: float = 0.0


@dataclass(frozen=True)
class Ticket:
    """The slots one request holds; hand it back with `release`."""

    slots: tuple[_Slot, ...]
    window_ms: float


def bucket_keys(meta: OperationMeta, account: str, params: Mapping[str, object]) -> list[str]:
    """The buckets a call counts in. `ip`: one per process; `uid`: per account (API key); `uid+market`:
    per account and market, the market read from the field the IR names (for a list body, every
    distinct value among its items)."""
    limit = meta.rate_limit
    if limit.scope == "ip":
        return [f"ip|{limit.bucket}"]
    if limit.scope == "uid" or limit.market is None:
        return [f"uid|{limit.bucket}|{account}"]
    markets: list[str] = []
    sources: list[object] = [params, params.get("query"), params.get("body")]
    body = params.get("body")
    if isinstance(body, (list, tuple)):
        sources.extend(body)  # pyright: ignore[reportUnknownArgumentType]
    for source in sources:
        if isinstance(source, Mapping):
            value = source.get(limit.market)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            if value is not None and str(value) not in markets:  # pyright: ignore[reportUnknownArgumentType]
                markets.append(str(value))  # pyright: ignore[reportUnknownArgumentType]
    return [f"uid+market|{limit.bucket}|{account}|{m}" for m in sorted(markets)] or [
        f"uid+market|{limit.bucket}|{account}|"
    ]


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

    def _wait_ms(self, bucket: _Bucket, limit: RateLimit, now: float) -> float:
        bucket.slots = [s for s in bucket.slots if s.until > now]
        wait = max(0.0, bucket.blocked_until - now)
        if len(bucket.slots) >= max(1, limit.requests):
            ends = sorted(s.until for s in bucket.slots)
            wait = max(wait, ends[len(ends) - max(1, limit.requests)] - now)
        return wait

    def acquire(self, keys: Sequence[str], limit: RateLimit, *, operation: str, mode: RateLimitMode) -> Ticket:
        """Takes one slot in every bucket of `keys`, waiting for room (`wait`), raising
        `RateLimitError` (`reject`, or a wait beyond `MAX_WAIT_MS`), or not counting at all (`off`)."""
        window_ms = limit.window * 1000 + self._margin_ms
        if mode == "off":
            return Ticket((), window_ms)
        waited = 0.0
        while True:
            with self._cond:
                now = self._now_ms()
                buckets = [self._buckets.setdefault(k, _Bucket()) for k in keys]
                wait = max(self._wait_ms(b, limit, now) for b in buckets)
                if wait == 0:
                    slots = tuple(_Slot() for _ in buckets)
                    for b, s in zip(buckets, slots):
                        b.slots.append(s)
                    return Ticket(slots, window_ms)
                if mode == "reject" or waited + min(wait, window_ms) > MAX_WAIT_MS:
                    reset = now + (wait if math.isfinite(wait) else window_ms)
                    raise RateLimitError(
                        0,
                        "RATE_LIMITED_LOCALLY",
                        f"at most {limit.requests} requests per {limit.window:g} s in bucket {limit.bucket}",
                        {},
                        reset_at_ms=reset,
                        bucket=limit.bucket,
                        operation=operation,
                    )
                if not math.isfinite(wait):
                    # Every slot is held by a request still waiting for its answer.
                    self._cond.wait(timeout=min(window_ms, 1000) / 1000)
                    waited += min(window_ms, 1000)
                    continue
            self._sleep_ms(wait)
            waited += wait

    def release(
        self,
        ticket: Ticket,
        keys: Sequence[str],
        limit: RateLimit,
        *,
        status: int | None,
        remaining: int | None = None,
        reset_at_ms: float | None = None,
    ) -> None:
        """The request's answer arrived (or it failed): its slots last one window more. A 429 blocks
        the buckets until the reset time; `remaining` adds slots the server counted but we did not."""
        with self._cond:
            now = self._now_ms()
            for slot in ticket.slots:
                slot.until = now + ticket.window_ms
            for key in keys:
                bucket = self._buckets.setdefault(key, _Bucket())
                if status == 429:
                    bucket.blocked_until = max(bucket.blocked_until, reset_at_ms or now + ticket.window_ms)
                if remaining is not None and ticket.slots:
                    self._wait_ms(bucket, limit, now)
                    for _ in range(max(0, limit.requests - len(bucket.slots) - max(0, remaining))):
                        bucket.slots.append(_Slot(now + ticket.window_ms))
            self._cond.notify_all()


_shared: RateLimiter | None = None
_shared_lock = threading.Lock()


def process_limiter() -> RateLimiter:
    """The limiter clients share unless given their own: public limits count per IP, so per process."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = RateLimiter()
        return _shared
