# Copied by exchange-v4 from generator/targets/python/runtime/redis_store.py. Do not edit here: edit that file,
# then run: npm run generate
"""`RedisRateLimitStore`: the client's rate-limit buckets kept in Redis, so every process of one
account (Python or TypeScript) draws on one budget: the same keys and the same Lua scripts
(`redis_scripts.py`, embedded from generator/emit-kit/redis/) as the TypeScript client's `exchange-v4/redis`.
Each take is one script (all of a call's buckets or none); each answer is one more: the slot frees
a window after it, and a 429, the server's live limit and its remaining count update the buckets.

Bring your own client (`redis.Redis`, redis-py, with a `socket_timeout`: it bounds every Redis
call); this module imports no Redis package. Redis unreachable, slow (no answer within the client's
`socket_timeout`) or failing: the call counts in a local limiter at
`fallback_share` of each limit (default a quarter) for `retry_after_ms`, then Redis is tried again;
each change is reported once as a `rate-limit-store` log event. No call is ever sent unlimited."""

from __future__ import annotations

import itertools
import math
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from .errors import RateLimitError, ValidationError
from .logger import Logger, emit, reason_of
from .metadata import RateLimit
from .rate_limit import LIVE_LIMIT_KEEP_MS, MAX_WAIT_MS, RateLimiter, RateLimitMode, Ticket
from .redis_keys import (
    DEFAULT_FALLBACK_SHARE,
    DEFAULT_PREFIX,
    check_prefix,
    check_share,
    check_uid,
    fallback_limit,
    parse_bucket_key,
    redis_keys,
)
from .redis_scripts import SETTLE_SCRIPT, TAKE_SCRIPT, LuaScript

DEFAULT_MARGIN_MS = 25
"""Added to every window (ms), as in the TypeScript client."""
DEFAULT_HOLD_MS = 30_000
"""How long an unanswered request holds its slot at most when the call sets no timeout (ms)."""


class RedisClient(Protocol):
    """The methods of a redis-py client (`redis.Redis`) the store calls."""

    def evalsha(self, sha: str, numkeys: int, /, *keys_and_args: str) -> Any: ...  # noqa: ANN401

    def eval(self, script: str, numkeys: int, /, *keys_and_args: str) -> Any: ...  # noqa: ANN401


@dataclass(frozen=True)
class RedisTicket:
    """The slots one request holds: in Redis (`member` in the buckets of `keys`) or locally."""

    keys: tuple[str, ...]
    member: str
    window_ms: float
    local: Ticket | None = None


class RedisRateLimitStore:
    """Rate-limit buckets shared through Redis; see the module docstring. Thread-safe.

    `uid`: the account's UID (the server counts private limits per UID), or a function returning it,
    called once (e.g. `lambda: client.account.get_account_detail()["user_id"]`), until which calls
    count locally. `retry_after_ms`: time on the local limiter after a failure (default 1,000)."""

    def __init__(
        self,
        redis: RedisClient,
        *,
        uid: str | int | Callable[[], object],
        prefix: str = DEFAULT_PREFIX,
        fallback_share: float = DEFAULT_FALLBACK_SHARE,
        retry_after_ms: float = 1_000,
        margin_ms: float = DEFAULT_MARGIN_MS,
        logger: Logger | None = None,
    ) -> None:
        if not callable(getattr(redis, "evalsha", None)) or not callable(getattr(redis, "eval", None)):
            raise ValidationError("redis", "[object]", "type", "must be a redis-py client (evalsha and eval)")
        pool: object = getattr(redis, "connection_pool", None)
        kwargs: object = getattr(pool, "connection_kwargs", None)
        if isinstance(kwargs, dict) and cast("dict[str, object]", kwargs).get("socket_timeout") is None:
            raise ValidationError(
                "redis", "[object]", "socket_timeout",
                "must have a socket_timeout (e.g. redis.Redis(..., socket_timeout=0.25)): it bounds every Redis call",
            )
        checked = cast(object, retry_after_ms)
        if isinstance(checked, bool) or not isinstance(checked, (int, float)) or not 0 < checked < math.inf:
            raise ValidationError("retry_after_ms", retry_after_ms, "range", "must be a positive number of milliseconds")
        self._redis = redis
        self._uid: str | None = None if callable(uid) else check_uid("uid", uid)
        self._find_uid: Callable[[], object] | None = uid if callable(uid) else None
        self._prefix = check_prefix(prefix)
        self._share = check_share(fallback_share)
        self._retry_after_ms = retry_after_ms
        self._margin_ms = margin_ms
        self._logger = logger
        self._local = RateLimiter(margin_ms=margin_ms)
        self._lock = threading.Lock()
        self._down_until: float | None = None
        self._retrying = False
        self._uid_retry_at = 0.0
        self._id = os.urandom(4).hex()
        self._seq = itertools.count(1)

    @property
    def falling_back(self) -> bool:
        """Whether calls count in the local fallback limiter now (Redis failed lately)."""
        return self._down_until is not None

    @property
    def uid(self) -> str | None:
        """The account UID once known."""
        return self._uid

    def acquire(
        self,
        keys: Sequence[str],
        limit: RateLimit,
        *,
        operation: str,
        mode: RateLimitMode,
        max_wait_ms: float | None = None,
    ) -> RedisTicket:
        """Takes one slot in every bucket of `keys` in Redis with one script (all or none), waiting
        (`wait`) or raising `RateLimitError` (`reject`, or a wait longer than `max_wait_ms`)."""
        ordered = tuple(sorted(set(keys)))
        window_ms = limit.window * 1000 + self._margin_ms
        bound = min(MAX_WAIT_MS, math.inf if max_wait_ms is None else max_wait_ms)
        shared = None if mode == "off" else self._redis_keys(ordered)
        if shared is None:
            return self._fallback(ordered, limit, operation, mode, bound, window_ms)
        member = f"{self._id}:{next(self._seq)}"
        hold = DEFAULT_HOLD_MS if max_wait_ms is None else min(max_wait_ms, MAX_WAIT_MS) + 1000
        args = [str(int(limit.requests)), _num(window_ms), _num(hold), member, str(LIVE_LIMIT_KEEP_MS)]
        start = time.monotonic()
        while True:
            try:
                answer = self._call(TAKE_SCRIPT, shared, args)
                wait = _take_wait(answer)
            except Exception as error:  # noqa: BLE001 - any Redis failure means: count locally
                self._failed(error)
                left = bound - (time.monotonic() - start) * 1000
                return self._fallback(ordered, limit, operation, mode, max(0.0, left), window_ms)
            if wait == 0:
                return RedisTicket(tuple(shared), member, window_ms)
            rule = f"at most {limit.requests} requests per {limit.window:g} s in bucket {limit.bucket} (shared)"
            reset = time.time() * 1000 + wait
            if mode == "reject":
                raise _refusal(rule, reset, limit, operation)
            elapsed = (time.monotonic() - start) * 1000
            if elapsed + wait > bound:
                why = f"a wait of {wait:.0f} ms exceeds the call's {max(0.0, bound - elapsed):.0f} ms ({rule})"
                raise _refusal(why, reset, limit, operation)
            time.sleep(wait / 1000)

    def release(
        self,
        ticket: RedisTicket,
        keys: Sequence[str],
        limit: RateLimit,
        *,
        status: int | None,
        remaining: int | None = None,
        reset_at_ms: float | None = None,
        limit_count: float | None = None,
        max_block_ms: float | None = None,
    ) -> None:
        """The request's answer arrived (or it failed): one script frees its slots a window from now
        and applies what the server said (a 429, its live limit, its remaining count)."""
        local = ticket.local if ticket.local is not None else Ticket((), ticket.window_ms)
        self._local.release(
            local, keys, fallback_limit(limit, self._share), status=status, remaining=remaining,
            reset_at_ms=reset_at_ms, limit_count=limit_count, max_block_ms=max_block_ms,
        )
        if ticket.local is not None or not ticket.keys:
            return
        reset_in = "" if reset_at_ms is None else str(max(0, round(reset_at_ms - time.time() * 1000)))
        args = [
            ticket.member, _num(ticket.window_ms), "" if status is None else str(status),
            "" if remaining is None else str(remaining), "" if limit_count is None else _num(limit_count),
            reset_in, _num(limit.window * 1000 if max_block_ms is None else max_block_ms),
            str(int(limit.requests)), str(LIVE_LIMIT_KEEP_MS), "1" if len(keys) == 1 else "0",
        ]
        try:
            self._call(SETTLE_SCRIPT, list(ticket.keys), args)
        except Exception as error:  # noqa: BLE001 - the slot then frees when its hold ends
            self._failed(error)

    def _fallback(
        self, keys: tuple[str, ...], limit: RateLimit, operation: str, mode: RateLimitMode, bound: float, window_ms: float
    ) -> RedisTicket:
        local = self._local.acquire(
            keys, fallback_limit(limit, self._share), operation=operation, mode=mode, max_wait_ms=bound
        )
        return RedisTicket((), "", window_ms, local)

    def _redis_keys(self, keys: tuple[str, ...]) -> list[str] | None:
        """The Redis keys of the call's buckets; `None` when the local limiter must count it."""
        with self._lock:
            if self._down_until is not None:
                if time.time() * 1000 < self._down_until:
                    return None
                self._down_until = None
                self._retrying = True
        if self._uid is None:
            self._look_up_uid()
        out: list[str] = []
        for key in keys:
            ref = parse_bucket_key(key)
            if ref is None or (ref.scope != "ip" and self._uid is None):
                return None
            out.extend(redis_keys(self._prefix, self._uid or "", ref))
        return out

    def _look_up_uid(self) -> None:
        """Calls the UID function once (again after `retry_after_ms` when it failed), in the background."""
        find = self._find_uid
        with self._lock:
            if find is None or time.time() * 1000 < self._uid_retry_at:
                return
            self._uid_retry_at = math.inf  # one lookup at a time

        def run() -> None:
            try:
                self._uid = check_uid("uid", find())
                return
            except Exception as error:  # noqa: BLE001 - reported; calls keep counting locally
                self._event(f"the account UID could not be read ({reason_of(error)}); counting locally")
            self._uid_retry_at = time.time() * 1000 + self._retry_after_ms

        threading.Thread(target=run, name="exchange-v4-uid", daemon=True).start()

    def _call(self, script: LuaScript, keys: list[str], args: list[str]) -> object:
        """One script run (by SHA-1; in full when Redis does not know it), bounded by the client's
        `socket_timeout`."""
        answer: object
        try:
            answer = self._redis.evalsha(script.sha1, len(keys), *keys, *args)
        except Exception as error:
            if not str(error).startswith("No matching script") and "NOSCRIPT" not in str(error):
                raise
            answer = self._redis.eval(script.source, len(keys), *keys, *args)
        if self._retrying:
            self._retrying = False
            self._event("Redis answers again; counting in the shared budget")
        return answer

    def _failed(self, error: BaseException) -> None:
        """Redis failed: count locally for `retry_after_ms`, reporting it once."""
        with self._lock:
            first = self._down_until is None
            self._down_until = time.time() * 1000 + self._retry_after_ms
        if first:
            share = f"{round(self._share * 100)}%"
            why = reason_of(error) if str(error) else f"{type(error).__name__}: no answer in time"
            self._event(f"Redis unreachable or slow ({why}); counting in a local limiter at {share} of each limit")

    def _event(self, reason: str) -> None:
        emit(self._logger, {"type": "rate-limit-store", "operation": "rateLimitStore", "method": "", "url": "",
                            "attempt": 0, "reason": reason})


def _num(value: float) -> str:
    """A number as Lua's `tonumber` reads it (no exponent)."""
    return str(int(value)) if float(value).is_integer() else f"{value:.3f}"


def _take_wait(answer: object) -> float:
    """The wait the take script answered: 0 when the slots were taken."""
    items: list[object] = list(answer) if isinstance(answer, (list, tuple)) else []  # pyright: ignore[reportUnknownArgumentType]
    if len(items) != 2:
        raise ValueError(f"unexpected answer from the take script: {answer!r}")
    return 0.0 if int(str(items[0])) == 0 else max(1.0, float(str(items[1])))


def _refusal(detail: str, reset_at_ms: float, limit: RateLimit, operation: str) -> RateLimitError:
    return RateLimitError(
        0, "RATE_LIMITED_LOCALLY", detail, {}, reset_at_ms=reset_at_ms, bucket=limit.bucket, operation=operation
    )
