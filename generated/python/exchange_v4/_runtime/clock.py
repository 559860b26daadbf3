# Copied by exchange-v4 from templates/python/runtime/clock.py. Do not edit here: edit that file,
# then run: npm run generate
"""Server clock. The server refuses a signed request whose Timestamp is more than 60 s from its own
time (401 `REQUEST_EXPIRED`), so the signer uses local time corrected by the offset measured with
the server-time operation (`GET /spot/time`, `{"server_time": <Unix ms>}`).

Modes: `lazy` (default) measures before the first private request and again when the measurement
is older than 10 minutes; `off` uses the local clock as is (and `REQUEST_EXPIRED` is not retried)."""

from __future__ import annotations

import threading
import time
from typing import Callable, Literal

ClockSync = Literal["lazy", "off"]

REFRESH_MS = 10 * 60 * 1000
"""How old an offset may get before the next private request measures again."""


def server_time_ms(value: object) -> float:
    """A `server_time` value (ms, or seconds from older deployments) as epoch milliseconds."""
    try:
        n = float(value) if isinstance(value, (int, float, str)) and not isinstance(value, bool) else float("nan")
    except ValueError:
        n = float("nan")
    if not n > 0 or n == float("inf"):
        raise ValueError("the server time response carried no usable server_time")
    return n * 1000 if n < 1e11 else n


class ServerClock:
    """Local time plus the measured server offset."""

    def __init__(
        self, mode: ClockSync, source: Callable[[], float], now_ms: Callable[[], float] = lambda: time.time() * 1000
    ) -> None:
        """`source` reads the server's time (epoch ms); `now_ms` is the local clock (injectable)."""
        self.mode: ClockSync = mode
        self._source = source
        self._now_ms = now_ms
        self._lock = threading.Lock()
        self.offset_ms = 0.0
        self.synced_at: float | None = None

    def now_ms(self) -> float:
        """Server-corrected epoch milliseconds."""
        return self._now_ms() + self.offset_ms

    def now_seconds(self) -> int:
        """Server-corrected whole Unix seconds: the Timestamp header value."""
        return int(self.now_ms() // 1000)

    def ready(self, on_refresh_error: Callable[[Exception], None] | None = None) -> None:
        """Called before every private request: measures when never measured (a failure fails the
        call) or when the offset is old (a failure keeps the old offset)."""
        if self.mode == "off":
            return
        if self.synced_at is None:
            self.sync()
        elif self._now_ms() - self.synced_at >= REFRESH_MS:
            try:
                self.sync()
            except Exception as error:  # noqa: BLE001 - the old offset stays usable
                if on_refresh_error is not None:
                    on_refresh_error(error)

    def sync(self) -> None:
        """Measures the offset now, assuming the server read its clock mid-way through the round trip."""
        with self._lock:
            sent = self._now_ms()
            server = self._source()
            received = self._now_ms()
            self.offset_ms = round(server - (sent + received) / 2)
            self.synced_at = received
