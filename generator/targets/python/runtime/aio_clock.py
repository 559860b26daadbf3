"""The server clock of the asyncio client: the same `ServerClock` (its offset, its rules of when to
measure, the midpoint of the round trip), measured by an awaited call. Coroutines share one
measurement: concurrent first calls wait for the one in flight (each at most its own timeout), a
refresh in flight leaves the others signing with the old offset, and concurrent `REQUEST_EXPIRED`
answers to requests signed with the same offset measure once."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable, Callable

from .clock import ClockWaitTimeout, ServerClock, measure_failed


class AsyncClock:
    """Measures `clock` with `source` (the server's time, epoch ms) on the running event loop."""

    def __init__(self, clock: ServerClock, source: Callable[[], Awaitable[float]]) -> None:
        self.clock = clock
        self._source = source
        self._in_flight: asyncio.Future[None] | None = None

    async def ready(self, on_refresh_error: Callable[[Exception], None] | None, timeout_s: float | None) -> None:
        """`ServerClock.ready`, awaited: measures first when never measured (a failure fails the
        call) or when the offset is old (a failure keeps the old offset)."""
        due, generation = self.clock.due()
        if due == "no":
            return
        try:
            await self._measure(generation, refresh=due == "refresh", timeout_s=timeout_s)
        except ClockWaitTimeout:
            raise
        except Exception as error:  # noqa: BLE001 - an old offset stays usable
            measure_failed(due, error, on_refresh_error)

    async def resync(self, signed_with: int, timeout_s: float | None) -> None:
        """Measures again after a `REQUEST_EXPIRED` answer to offset number `signed_with`, unless
        measured since (or measuring: then its result)."""
        await self._measure(signed_with, refresh=False, timeout_s=timeout_s)

    async def sync(self) -> None:
        """Measures now (sharing a measurement already in flight)."""
        await self._measure(None, refresh=False, timeout_s=None)

    async def _measure(self, seen: int | None, *, refresh: bool, timeout_s: float | None) -> None:
        if seen is not None and self.clock.generation != seen:
            return
        in_flight = self._in_flight
        if in_flight is not None:
            if refresh:
                return
            try:
                async with asyncio.timeout(timeout_s):
                    await asyncio.shield(in_flight)
            except TimeoutError:
                if in_flight.done():
                    raise
                raise ClockWaitTimeout(
                    f"the server time measurement in flight took longer than {timeout_s} s"
                ) from None
            except Exception as error:  # noqa: BLE001 - each waiter raises its own copy
                raise _copy_of(error) from None
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._in_flight = done
        try:
            sent = self.clock.local_ms()
            server = await self._source()
            received = self.clock.local_ms()
        except BaseException as error:
            failure = error if isinstance(error, Exception) else RuntimeError("the server time measurement was interrupted")
            done.set_exception(failure)
            done.exception()  # retrieved: no "never retrieved" warning when nobody waited
            raise
        finally:
            self._in_flight = None
        self.clock.record(server, sent, received)
        done.set_result(None)


def _copy_of(error: Exception) -> Exception:
    try:
        return copy.copy(error)
    except Exception:  # noqa: BLE001 - an error that cannot be copied is raised as it is
        return error
