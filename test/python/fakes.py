"""A scripted transport and a client wired to it, for tests of the request loop without a server."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Union

from exchange_v4 import ExchangeClient
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import SendFailure, WireRequest, WireResponse

KEY = "fake-key-0123456789"
SECRET = "fake-secret-0123456789abcdef"
BASE = "https://exchange.test/api/v4"

Step = Union[WireResponse, SendFailure, Callable[[WireRequest], Union[WireResponse, SendFailure]]]


def reply(status: int, body: Any = None, headers: dict[str, str] | None = None) -> WireResponse:
    text = "" if body is None else body if isinstance(body, str) else json.dumps(body)
    return WireResponse(status, {k.lower(): v for k, v in (headers or {}).items()}, text, 1.0)


class Script:
    """Answers each attempt with the next step (by path, so lookups can be scripted separately)."""

    def __init__(self, steps: dict[str, list[Step]]) -> None:
        self.steps = steps
        self.sent: list[WireRequest] = []

    def send(self, request: WireRequest) -> WireResponse:
        self.sent.append(request)
        path = request.url.split("?")[0].split("/api/v4", 1)[1]
        queue = self.steps.get(path)
        if not queue:
            raise AssertionError(f"unexpected request {request.method} {path}")
        step = queue.pop(0)
        result = step(request) if callable(step) else step
        if isinstance(result, SendFailure):
            raise result
        return result

    def paths(self) -> list[str]:
        return [r.method + " " + r.url.split("/api/v4", 1)[1] for r in self.sent]


def client(script: Script, events: list[dict[str, Any]] | None = None, **options: Any) -> ExchangeClient:
    """A client on the script: no clock sync, its own limiter, no real sleeping, jitter 0.5."""
    settings: dict[str, Any] = {"clock_sync": "off", "rate_limit": "off", **options}
    sink = events if events is not None else []
    c = ExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=script, limiter=RateLimiter(), logger=sink.append, **settings
    )
    c._ctx.sleep_ms = lambda ms: sink.append({"type": "slept", "ms": ms})  # pyright: ignore[reportPrivateUsage]
    c._ctx.jitter = lambda: 0.5  # pyright: ignore[reportPrivateUsage]
    return c
