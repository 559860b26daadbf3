"""The asyncio client on the scripted transport of fakes.py, seen through a blocking view, so that a
suite written for `ExchangeClient` runs unchanged against `AsyncExchangeClient`: `asyncio_twins`
makes, for every test class of a module, a twin whose `client(...)` is the asyncio client's."""

from __future__ import annotations

import asyncio
import inspect
import types
import unittest
from collections.abc import AsyncIterator
from typing import Any
from unittest import mock

from exchange_v4 import AsyncExchangeClient
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import WireRequest, WireResponse

from fakes import BASE, KEY, SECRET, Script


class AsyncScript:
    """The script as an asyncio transport (the same queue, the same record of what was sent)."""

    def __init__(self, script: Any) -> None:
        self.script = script

    async def send(self, request: WireRequest) -> WireResponse:
        await asyncio.sleep(0)  # a real suspension point, as a socket's
        return self.script.send(request)


class Blocking:
    """A blocking view of an asyncio client (or of one of its areas): each awaited method runs to
    its end on the view's own event loop; an `async for` iterator is read whole into a list iterator.
    Plain attributes (`_ctx`, `base_url`) are the client's own."""

    def __init__(self, target: Any, loop: asyncio.AbstractEventLoop) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_loop", loop)

    def __getattr__(self, name: str) -> Any:
        target: Any = object.__getattribute__(self, "_target")
        loop: asyncio.AbstractEventLoop = object.__getattribute__(self, "_loop")
        value = getattr(target, name)
        if name.startswith("__"):
            return value
        if inspect.ismethod(value) or inspect.isfunction(value):
            return lambda *args, **kwargs: _settle(loop, value(*args, **kwargs))  # pyright: ignore[reportUnknownLambdaType]
        if type(value).__name__.endswith(("Async", "AsyncWithResponse")):
            return Blocking(value, loop)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "_target"), name, value)

    def __repr__(self) -> str:
        return repr(object.__getattribute__(self, "_target"))

    def __enter__(self) -> Blocking:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """`aclose()`, run to its end."""
        _settle(object.__getattribute__(self, "_loop"), object.__getattribute__(self, "_target").aclose())


def _settle(loop: asyncio.AbstractEventLoop, value: Any) -> Any:
    if inspect.iscoroutine(value):
        return loop.run_until_complete(value)
    if isinstance(value, AsyncIterator):
        items: AsyncIterator[Any] = value

        async def drain() -> list[Any]:
            return [item async for item in items]

        return iter(loop.run_until_complete(drain()))
    return value


def async_client(script: Script, events: list[dict[str, Any]] | None = None, **options: Any) -> Any:
    """`fakes.client`, on the asyncio client: no clock sync, its own limiter, backoffs handed to the
    context's `sleep_ms` (as the blocking client's: the fakes record them), jitter 0.5."""
    settings: dict[str, Any] = {"clock_sync": "off", "rate_limit": "off", **options}
    sink = events if events is not None else []
    c = AsyncExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=AsyncScript(script), limiter=RateLimiter(),
        logger=sink.append, **settings,
    )
    ctx = c._ctx  # pyright: ignore[reportPrivateUsage]
    ctx.sleep_ms = lambda ms: sink.append({"type": "slept", "ms": ms})
    ctx.jitter = lambda: 0.5

    async def sleep(ms: float) -> None:
        ctx.sleep_ms(ms)  # whatever the test put there

    c._sleep_ms = sleep  # pyright: ignore[reportPrivateUsage]
    loop = asyncio.new_event_loop()
    LOOPS.append(loop)
    return Blocking(c, loop)


LOOPS: list[asyncio.AbstractEventLoop] = []
"""The event loops of the views made so far (closed after each test)."""


def close_loops() -> None:
    """Closes the views' event loops."""
    while LOOPS:
        LOOPS.pop().close()


def asyncio_twins(module: types.ModuleType, names: dict[str, Any], factory: str = "client") -> None:
    """Adds to `names` (a test module's globals) a twin of every test class of `module` that runs
    each test with `module.<factory>` replaced by the asyncio client's."""
    for name, cls in vars(module).items():
        if isinstance(cls, type) and issubclass(cls, unittest.TestCase) and cls.__module__ == module.__name__:

            def set_up(self: unittest.TestCase, base: type[unittest.TestCase] = cls) -> None:
                patch = mock.patch.object(module, factory, async_client)
                patch.start()
                self.addCleanup(patch.stop)
                self.addCleanup(close_loops)
                base.setUp(self)

            twin = type(f"{name}Async", (cls,), {"setUp": set_up, "__module__": names["__name__"]})
            names[f"{name}Async"] = twin
