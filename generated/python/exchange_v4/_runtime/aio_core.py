# Copied by exchange-v4 from generator/targets/python/runtime/aio_core.py. Do not edit here: edit that file,
# then run: npm run generate
"""`AsyncCore`: the base class of the generated `AsyncExchangeClient`. The same options, checks,
context, request loop and policies as the blocking `Core` (core.py, request.py): only the effects
of the loop (effects.py) are performed here, awaited: attempts on `AsyncHttpTransport`, rate-limit
waits and backoffs on the event loop, the server clock measured by an awaited call."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from types import TracebackType
from typing import Any, Literal, Self, TypeVar, cast

from .aio_clock import AsyncClock
from .aio_transport import AsyncHttpTransport, AsyncTransport
from .clock import server_time_ms
from .core import ClientBase
from .effects import Acquire, ClockReady, ClockResync, Done, Effect, Send, StepResult, Steps, advance
from .metadata import OperationMeta
from .journal import JournalEntry
from .outcome import Resolution, resolve_outcome
from .pending import ResolvedPending, journal_of, resolve_pending
from .pool import ProxySetting
from .raw import raw_operation_meta
from .context import RequestOptions
from .rate_limit import RateLimiter, Ticket
from .iteration import page_items, pager
from .request import call
from .response import ApiResponse, api_response
from .transport import SendFailure, Transport, WireRequest, WireResponse

T = TypeVar("T")


class _AsyncOnly:
    """The blocking transport slot of an asyncio client's context: never used, refuses to send."""

    def send(self, request: WireRequest) -> WireResponse:
        raise SendFailure("local", "this client sends with asyncio")


class AsyncCore(ClientBase):
    """The asyncio client's calls; see `AsyncExchangeClient` for the options."""

    _async_transport: AsyncTransport | None = None
    _own_async_transport: AsyncHttpTransport | None = None

    def _make_transport(self, max_response_bytes: int, proxy: ProxySetting) -> Transport:
        if self._async_transport is None:
            self._own_async_transport = AsyncHttpTransport(max_response_bytes, proxy=proxy)
            self._async_transport = self._own_async_transport

        async def server_time() -> float:
            clock_op = self._ctx.operations[self._ctx.api.clock_operation]
            data: object = await self._run(call(self._ctx, clock_op, {}, {}))
            answer = cast("dict[str, object]", data) if isinstance(data, dict) else {}
            return server_time_ms(answer.get("server_time"))

        self._aclock_source = server_time
        return _AsyncOnly()

    _aclock_source: Callable[[], Awaitable[float]]
    _aclock_value: AsyncClock | None = None
    #: Backoff waits; None: `asyncio.sleep` (replaced in tests).
    _sleep_ms: Callable[[float], Awaitable[None]] | None = None

    @property
    def _aclock(self) -> AsyncClock:
        if self._aclock_value is None:
            self._aclock_value = AsyncClock(self._ctx.clock, self._aclock_source)
        return self._aclock_value

    async def _acquire(self, effect: Acquire) -> Any:  # noqa: ANN401 - the store's ticket
        """`RateLimiter.acquire` without blocking the loop: a wait for a slot still in flight ends
        at a release (from any thread: a blocking client may share the limiter) or at its bound.
        Another store (`RedisRateLimitStore`, whose client blocks) takes its slot in a thread."""
        store = self._ctx.limiter
        if not isinstance(store, RateLimiter):
            return await asyncio.to_thread(
                store.acquire, effect.keys, effect.limit, operation=effect.operation, mode=effect.mode,
                max_wait_ms=effect.max_wait_ms,
            )
        limiter = store
        started = time.monotonic()
        loop = asyncio.get_running_loop()
        released = asyncio.Event()
        remove: Callable[[], None] | None = None

        def wake() -> None:
            try:
                loop.call_soon_threadsafe(released.set)
            except RuntimeError:
                pass  # the loop is closed: nobody waits any more

        try:
            while True:
                released.clear()  # before looking: a release from now on ends the wait below
                got = limiter.try_acquire(
                    effect.keys, effect.limit, operation=effect.operation, mode=effect.mode,
                    max_wait_ms=effect.max_wait_ms, waited_ms=(time.monotonic() - started) * 1000,
                )
                if isinstance(got, Ticket):
                    return got
                wait_ms, answered = got
                if not answered:
                    await asyncio.sleep(wait_ms / 1000)
                    continue
                if remove is None:
                    remove = limiter.on_release(wake)
                    continue  # a release may have come before the listener: look again first
                try:
                    async with asyncio.timeout(wait_ms / 1000):
                        await released.wait()
                except TimeoutError:
                    pass
        finally:
            if remove is not None:
                remove()

    async def _perform(self, effect: Effect) -> Any:
        if isinstance(effect, Send):
            assert self._async_transport is not None
            return await self._async_transport.send(effect.request)
        if isinstance(effect, Acquire):  # no room at once (`rate_limit.free_slot` found none): wait
            return await self._acquire(effect)
        if isinstance(effect, ClockReady):
            return await self._aclock.ready(effect.on_refresh_error, effect.timeout_s)
        if isinstance(effect, ClockResync):
            return await self._aclock.resync(effect.signed_with, effect.timeout_s)
        if self._sleep_ms is not None:
            return await self._sleep_ms(effect.ms)
        return await asyncio.sleep(effect.ms / 1000)

    async def _run(self, steps: Steps[T]) -> T:
        """Runs the request loop's steps to their end, awaiting each effect (see `effects.run`)."""
        step = StepResult()
        while not isinstance(effect := advance(steps, step), Done):
            try:
                step.result = await self._perform(effect)
            except BaseException as error:  # noqa: BLE001 - handed to the loop, which raises it on
                step.failure = error
        return effect.value

    async def aclose(self) -> None:
        """Closes the pooled connections of the default transport (a transport of your own is
        left open); every later call raises `ClientClosedError`. Calling it again does nothing."""
        self._ctx.closed = True
        if self._own_async_transport is not None:
            await self._own_async_transport.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def sync_clock(self) -> None:
        """Measures the server-time offset now (otherwise done before the first private call)."""
        await self._aclock.sync()

    async def pending_outcomes(self) -> list[JournalEntry]:
        """`ExchangeClient.pending_outcomes`, awaited (the journal is read in a thread)."""
        return await asyncio.to_thread(journal_of(self._ctx).pending)

    async def resolve_pending(self) -> list[ResolvedPending]:
        """`ExchangeClient.resolve_pending`, awaited: the same lookups and rules."""
        return await self._run(resolve_pending(self._ctx, lambda m, p, o: call(self._ctx, m, p, o)))

    async def resolve_outcome(self, error: Exception) -> Resolution:
        """`ExchangeClient.resolve_outcome`, awaited: the same rules (`outcome_policy`)."""
        return await self._run(resolve_outcome(self._ctx, lambda m, p, o: call(self._ctx, m, p, o), error))

    async def request(
        self,
        method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"],
        path: str,
        *,
        query: Mapping[str, object] | None = None,
        body: object = None,
        auth: Literal["public", "private"] | None = None,
        **options: Any,
    ) -> Any:
        """`ExchangeClient.request`, awaited: any path, signed, limited and retried the same way."""
        meta = raw_operation_meta(method, path, auth, self._ctx.api.path_prefix, self._ctx.operations)
        params: dict[str, object] = {}
        if query is not None:
            params["query"] = query
        if body is not None:
            params["body"] = body
        return await self._run(call(self._ctx, meta, params, options))  # pyright: ignore[reportArgumentType]

    async def execute_operation(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> Any:
        """Runs one operation (used by the generated methods)."""
        return await self._run(call(self._ctx, meta, params, options))

    async def execute_operation_with_response(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> ApiResponse[Any]:
        """Runs one operation, returning its data with the answer it ended with."""
        answers: list[tuple[WireResponse, int, str]] = []

        def keep(wire: WireResponse, attempts: int, request_id: str) -> None:
            answers.append((wire, attempts, request_id))

        data = await self._run(call(self._ctx, meta, params, options, on_answer=keep))
        wire, attempts, request_id = answers[-1]
        return api_response(self._ctx.api, data, wire, attempts, request_id, self._ctx.redact)

    def iterate_operation(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> AsyncIterator[Any]:
        """Every item of a paginated operation, for `async for` (used by the generated `iter_`
        methods). The params are checked now, before the first page."""
        pages = pager(self._ctx, meta, params, options)

        async def items() -> AsyncIterator[Any]:
            while (page := pages.next_page()) is not None:
                data = await self._run(call(self._ctx, meta, page, options, paged=True))
                for item in pages.accept(page_items(meta, data)):
                    yield item

        return items()
