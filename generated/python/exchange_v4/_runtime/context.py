# Copied by exchange-v4 from generator/targets/python/runtime/context.py. Do not edit here: edit that file,
# then run: npm run generate
"""What every call needs from its client: settings, clock, limiter, transport, signer and the
operation table. The API secret is not here: it lives only inside the signer's closure."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from .clock import ServerClock
from .journal import JournalStore
from .logger import Logger
from .metadata import ApiMeta, OperationMeta
from .rate_limit import RateLimitMode
from .rate_limit_store import RateLimitStore
from .signing import Signer
from .transport import Transport


class RequestOptions(TypedDict, total=False):
    """Per-call options (keyword arguments of every operation method)."""

    #: Seconds per attempt (each socket operation).
    timeout: float
    #: Seconds this whole call may take: connects, sends, reads, retries, rate-limit and clock waits.
    deadline: float
    #: Retries of this call, where the policy allows them (0 to 10).
    max_retries: int
    #: Extra request headers (e.g. `x-svc-exptime`); the signing headers cannot be set.
    headers: Mapping[str, str]
    #: `wait`, `reject` or `off` for this call.
    rate_limit: RateLimitMode
    #: The idempotency id to send when the params do not carry one.
    idempotency_key: str


@dataclass(frozen=True)
class Settings:
    timeout_s: float
    max_retries: int
    rate_limit: RateLimitMode
    size_decimal: bool
    default_headers: Mapping[str, str]
    logger: Logger | None
    #: The longest a 429's reset time is honoured (ms); None: the bucket's window.
    max_rate_limit_wait_ms: float | None = None
    #: Seconds a whole call may take, retries and waits included; None: no bound.
    deadline_s: float | None = None
    #: An answer field in another wire type than declared: `convert` (and report once) or `error`.
    wire_drift: Literal["convert", "error"] = "convert"


@dataclass
class Context:
    """The runtime state of one client."""

    api: ApiMeta
    operations: Mapping[str, OperationMeta]
    base_url: str
    settings: Settings
    clock: ServerClock
    limiter: RateLimitStore
    transport: Transport
    #: `acct-<fingerprint>` of the API key (buckets per key), or `public`.
    account: str
    #: (API key, signer) when credentials were given.
    credentials: tuple[str, Signer] | None
    redact: Callable[[str], str]
    clock_mode: Literal["lazy", "off"] = "lazy"
    #: The outcome journal (`outcome_journal` option), when enabled.
    journal: JournalStore | None = None
    #: Set by `close()`: every later call raises `ClientClosedError`.
    closed: bool = False
    sleep_ms: Callable[[float], None] = field(default=lambda ms: time.sleep(ms / 1000))
    jitter: Callable[[], float] = field(default=random.random)
    #: The clock of deadlines (seconds); injectable for tests.
    monotonic: Callable[[], float] = field(default=time.monotonic)
    #: Drifts already reported as log events: (operation, field, wire type).
    drifts_seen: set[tuple[str, str, str]] = field(default_factory=set[tuple[str, str, str]])

    def __repr__(self) -> str:
        return f"Context(base_url={self.base_url!r})"


def fresh_id() -> str:
    """A fresh 32-character lower-case hex id (128 bits from `os.urandom`): fits `client_order_id`
    and `withdraw_order_id`."""
    return os.urandom(16).hex()


def account_fingerprint(key: str) -> str:
    """A stable, non-reversible fingerprint of an API key (FNV-1a, 64 bit), keeping the buckets of
    different keys apart without holding the key in limiter state (the same as the TypeScript client)."""
    value = 0xCBF29CE484222325
    for byte in key.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"acct-{value:016x}"
