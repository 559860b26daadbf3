"""Drives the generated Python client for the vitest suites in this folder: one JSON request per
line on stdin, one JSON answer per line on stdout. A request names an operation, its params and
per-call options (and optionally client options, or `resolve` to run `resolve_outcome` on the
error); the answer holds the typed result (Decimal as {"$decimal": text}, ints exact), or the
error's class and fields, and the raw answers the client received. With `--async` after the key
pair, the same requests run through `AsyncExchangeClient` (one event loop for the whole run)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from decimal import Decimal
from typing import Any

from exchange_v4 import (
    ApiError,
    AsyncExchangeClient,
    ExchangeClient,
    ExchangeError,
    NetworkError,
    UnknownOutcomeError,
    ValidationError,
)
from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.aio_transport import AsyncHttpTransport
from exchange_v4._runtime.transport import HttpTransport, WireRequest, WireResponse


class Recording(HttpTransport):
    """The real transport, keeping every raw answer of the current request."""

    def __init__(self) -> None:
        super().__init__(proxy=False)
        self.answers: list[dict[str, Any]] = []

    def send(self, request: WireRequest) -> WireResponse:
        response = super().send(request)
        self.answers.append({"status": response.status, "text": response.text})
        return response


class AsyncRecording(AsyncHttpTransport):
    """The real asyncio transport, keeping every raw answer of the current request."""

    def __init__(self) -> None:
        super().__init__(proxy=False)
        self.answers: list[dict[str, Any]] = []

    async def send(self, request: WireRequest) -> WireResponse:
        response = await super().send(request)
        self.answers.append({"status": response.status, "text": response.text})
        return response


def encode(value: Any) -> Any:
    if isinstance(value, Decimal):
        return {"$decimal": format(value, "f")}
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}  # pyright: ignore[reportUnknownVariableType]
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]  # pyright: ignore[reportUnknownVariableType]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encode(vars(value))
    return value


def describe(error: Exception) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(error).__name__, "message": str(error), "repr": repr(error)}
    if isinstance(error, ExchangeError):
        out.update(operation=error.operation, trace_id=error.trace_id, request_id=error.request_id)
    if isinstance(error, ApiError):
        out.update(status=error.status, label=error.label, detail=error.detail, headers=error.headers)
    if isinstance(error, ValidationError):
        out.update(field=error.field, rule=error.rule, value=repr(error.value))
    if isinstance(error, NetworkError):
        out.update(sent=error.sent)
    if isinstance(error, UnknownOutcomeError):
        out.update(
            idempotency=None if error.idempotency is None else vars(error.idempotency),
            retry_after_ms=error.retry_after_ms,
        )
    return out


def main() -> None:
    base_url, key, secret = sys.argv[1:4]
    use_async = "--async" in sys.argv[4:]
    transport = Recording()
    async_transport = AsyncRecording()
    events: list[dict[str, Any]] = []
    clients: dict[str, Any] = {}
    loop = asyncio.new_event_loop()

    def client_for(options: dict[str, Any]) -> Any:
        settings = {"rate_limit": "off", "clock_sync": "off", "max_retries": 0, **options}
        cache = json.dumps(settings, sort_keys=True)
        if cache not in clients:
            log = lambda e: events.append(dict(e))  # noqa: E731
            if use_async:
                clients[cache] = AsyncExchangeClient(
                    key=key, secret=secret, base_url=base_url, transport=async_transport, logger=log, **settings
                )
            else:
                clients[cache] = ExchangeClient(
                    key=key, secret=secret, base_url=base_url, transport=transport, logger=log, **settings
                )
        return clients[cache]

    def settle(value: Any) -> Any:
        return loop.run_until_complete(value) if use_async else value

    for line in sys.stdin:
        request = json.loads(line)
        transport.answers.clear()
        async_transport.answers.clear()
        events.clear()
        client = client_for(request.get("client", {}))
        meta = OPERATIONS[request["op"]]
        method = getattr(getattr(client, meta.area), meta.name)
        answer: dict[str, Any] = {"seq": request["seq"]}
        try:
            answer["result"] = encode(settle(method(request.get("params"), **request.get("options", {}))))
            answer["ok"] = True
        except ExchangeError as error:
            answer["ok"] = False
            answer["error"] = describe(error)
            if request.get("resolve"):
                answer["resolution"] = encode(vars(settle(client.resolve_outcome(error))))
        answer["raw"] = list(async_transport.answers if use_async else transport.answers)
        answer["events"] = list(events)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    loop.run_until_complete(async_transport.aclose())
    loop.close()


if __name__ == "__main__":
    main()
