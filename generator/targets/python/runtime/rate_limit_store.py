"""Where a client counts its rate limits, as the client sees it: `RateLimiter` (rate_limit.py, in
this process, the default) and `RedisRateLimitStore` (redis_store.py, shared by every process of one
account through Redis) both have this shape."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .metadata import RateLimit
from .rate_limit import RateLimitMode


class RateLimitStore(Protocol):
    """Where a client counts its rate limits: `RateLimiter` (in this process, the default) or
    `RedisRateLimitStore` (shared by every process of one account through Redis)."""

    def acquire(
        self, keys: Sequence[str], limit: RateLimit, *, operation: str, mode: RateLimitMode, max_wait_ms: float | None = None
    ) -> Any:  # noqa: ANN401 - the store's own ticket, handed back to `release`
        """Takes one slot in every bucket of `keys` (see `RateLimiter.acquire`); returns a ticket."""
        ...

    def release(
        self,
        ticket: Any,  # noqa: ANN401
        keys: Sequence[str],
        limit: RateLimit,
        *,
        status: int | None,
        remaining: int | None = None,
        reset_at_ms: float | None = None,
        limit_count: float | None = None,
        max_block_ms: float | None = None,
    ) -> None:
        """The request's answer arrived (or it failed); see `RateLimiter.release`."""
        ...
