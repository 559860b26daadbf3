"""Server clock. The server refuses a signed request whose Timestamp is more than 60 s from its own
time (401 `REQUEST_EXPIRED`), so the signer uses local time corrected by the offset measured with
the server-time operation (`GET /spot/time`, `{"server_time": <Unix ms>}`).

Modes: `lazy` (default) measures before the first private request and again when the measurement
is older than 10 minutes; `off` uses the local clock as is (and `REQUEST_EXPIRED` is not retried).
Threads share one measurement: concurrent first calls wait for the one in flight (each at most its
own timeout), a refresh in flight leaves the others signing with the old offset, and concurrent
`REQUEST_EXPIRED` answers to requests signed with the same offset measure once."""

from __future__ import annotations

import copy
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


class ClockWaitTimeout(TimeoutError):
    """A call gave up waiting, at its own timeout, for the first server-time measurement another
    thread has in flight. Nothing was sent for that call."""


def measure_failed(due: str, error: Exception, on_refresh_error: Callable[[Exception], None] | None) -> None:
    """A clock measurement failed: the first one raises `error`; a refresh keeps the old offset and
    reports the error to `on_refresh_error`. Both clients' clocks settle it here."""
    if due == "first":
        raise error
    if on_refresh_error is not None:
        on_refresh_error(error)


class ServerClock:
    """Local time plus the measured server offset. Thread-safe: one measurement at a time, shared by
    every caller that arrives while it is in flight (its result, or a copy of its error)."""

    def __init__(
        self, mode: ClockSync, source: Callable[[], float], now_ms: Callable[[], float] = lambda: time.time() * 1000
    ) -> None:
        """`source` reads the server's time (epoch ms); `now_ms` is the local clock (injectable)."""
        self.mode: ClockSync = mode
        self._source = source
        self._now_ms = now_ms
        self._state = threading.Condition(threading.Lock())
        self.offset_ms = 0.0
        self.synced_at: float | None = None
        #: Successful measurements so far: the offset a request was signed with, by number.
        self.generation = 0
        self._measuring = False
        #: Measurements finished so far (successful or not) and the error of the last one.
        self._finished = 0
        self._failure: Exception | None = None

    def now_ms(self) -> float:
        """Server-corrected epoch milliseconds."""
        return self._now_ms() + self.offset_ms

    def now_seconds(self) -> int:
        """Server-corrected whole Unix seconds: the Timestamp header value."""
        return int(self.now_ms() // 1000)

    def ready(self, on_refresh_error: Callable[[Exception], None] | None = None, timeout_s: float | None = None) -> None:
        """Called before every private request: measures when never measured (a failure fails the
        call) or when the offset is old (a failure keeps the old offset). Concurrent first calls
        share one measurement, each waiting at most `timeout_s` (`ClockWaitTimeout`); while a
        refresh is in flight, others sign with the old offset."""
        due, generation = self.due()
        if due == "no":
            return
        try:
            self._measure(generation, refresh=due == "refresh", timeout_s=timeout_s)
        except ClockWaitTimeout:
            raise
        except Exception as error:  # noqa: BLE001 - an old offset stays usable
            measure_failed(due, error, on_refresh_error)

    def due(self) -> tuple[Literal["no", "first", "refresh"], int]:
        """Whether a private request must measure first (`first`: never measured, a failure fails
        the call; `refresh`: the offset is old, a failure keeps it), with the offset's number."""
        synced_at, generation = self.synced_at, self.generation
        if self.mode == "off" or (synced_at is not None and self._now_ms() - synced_at < REFRESH_MS):
            return "no", generation
        return ("first" if synced_at is None else "refresh"), generation

    def local_ms(self) -> float:
        """The local clock (epoch ms), uncorrected."""
        return self._now_ms()

    def record(self, server_ms: float, sent_ms: float, received_ms: float) -> None:
        """Takes a measurement: the server read its clock somewhere in the round trip, so the
        midpoint is assumed."""
        self._finish((round(server_ms - (sent_ms + received_ms) / 2), received_ms), None)

    def resync(self, signed_with: int, timeout_s: float | None = None) -> None:
        """Measures again after a `REQUEST_EXPIRED` answer to a request signed with offset number
        `signed_with`, unless another thread measured since (or is measuring: then its result)."""
        self._measure(signed_with, refresh=False, timeout_s=timeout_s)

    def sync(self) -> None:
        """Measures the offset now (sharing a measurement already in flight)."""
        self._measure(None, refresh=False, timeout_s=None)

    def _measure(self, seen: int | None, *, refresh: bool, timeout_s: float | None) -> None:
        """Measures unless offset number `seen` was replaced meanwhile (`None`: measure anyway). A
        measurement in flight is waited for (a refresh keeps the old offset instead)."""
        with self._state:
            if seen is not None and self.generation != seen:
                return
            if self._measuring:
                if refresh:
                    return
                target = self._finished + 1
                if not self._state.wait_for(lambda: self._finished >= target, timeout_s):
                    raise ClockWaitTimeout(f"the server time measurement in flight took longer than {timeout_s} s")
                if self._failure is not None:
                    raise _copy_of(self._failure)
                return
            self._measuring = True
        try:
            sent = self._now_ms()
            server = self._source()
            received = self._now_ms()
        except BaseException as error:
            self._finish(None, error)
            raise
        self.record(server, sent, received)

    def _finish(self, measured: tuple[float, float] | None, failure: BaseException | None) -> None:
        with self._state:
            if measured is not None:
                self.offset_ms, self.synced_at = measured
                self.generation += 1
            if failure is not None and not isinstance(failure, Exception):
                failure = RuntimeError("the server time measurement was interrupted")
            self._failure = failure
            self._measuring = False
            self._finished += 1
            self._state.notify_all()


def _copy_of(error: Exception) -> Exception:
    """A fresh copy of a shared measurement's error, so that threads never raise one object at once."""
    try:
        return copy.copy(error)
    except Exception:  # noqa: BLE001 - an error that cannot be copied is raised as it is
        return error
