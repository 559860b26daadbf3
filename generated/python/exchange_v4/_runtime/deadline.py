# Copied by exchange-v4 from generator/targets/python/runtime/deadline.py. Do not edit here: edit that file,
# then run: npm run generate
"""The overall deadline of one call (`deadline`): connects, sends, reads, retries, rate-limit and
clock waits all end by it. Each attempt's timeout is cut to what is left; a retry whose wait would
reach it is not started (the policy then decides as if the retries were used up)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """When a call must end, on the `now` clock (`time.monotonic()` seconds); `end` None: never."""

    end: float | None
    now: Callable[[], float]

    @staticmethod
    def start(seconds: float | None, now: Callable[[], float]) -> Deadline:
        """The deadline `seconds` from now (None: no deadline)."""
        return Deadline(None if seconds is None else now() + seconds, now)

    def left_s(self) -> float:
        """Seconds left (infinite without a deadline; 0 once passed)."""
        return math.inf if self.end is None else max(0.0, self.end - self.now())

    def cut(self, timeout_s: float) -> float:
        """`timeout_s`, or what is left when that is less."""
        return timeout_s if self.end is None else min(timeout_s, self.left_s())

    def allows(self, delay_ms: float) -> bool:
        """Whether a wait of `delay_ms` still leaves time for an attempt."""
        return delay_ms / 1000 < self.left_s()
