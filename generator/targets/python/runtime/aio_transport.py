"""Sending one attempt over kept-alive asyncio connections (`aio_pool.Connection`, a protocol
feeding the loop's bytes to `http_answer.AnswerParser`), one write per request, no redirects
followed: the asyncio twin of `transport.HttpTransport`, with the same failure classes
(`SendFailure`: `local`, `not_sent`, `timeout`, `no_answer`, `too_large`) and the same proof rule:
only a failure before anything was written counts as not sent. An idle connection the server closed
(end of stream, or bytes nobody asked for) is dropped before anything is written on it; once the
request was written, a reset or a hang-up before the answer (on a reused connection too) is
`no_answer`. The connect, a stalled write and the answer are each bounded by the attempt's timeout,
cut to the call's deadline."""

from __future__ import annotations

import asyncio
import ssl
import time
from typing import Protocol, cast

from .aio_pool import AsyncConnectionPool, Connection
from .http_answer import AnswerParser, AnswerTooLarge, BadAnswer
from .http_head import Routes, connect_head
from .pool import DEFAULT_POOL_SIZE, Origin, Proxy, ProxySetting
from .transport import (
    DEFAULT_MAX_RESPONSE_BYTES,
    BodyTooLarge,
    SendFailure,
    WireRequest,
    WireResponse,
    failure_detail,
    routed_head,
    wait_s,
)


class AsyncTransport(Protocol):
    """Sends attempts on the running event loop; raises `SendFailure` when no answer arrives."""

    async def send(self, request: WireRequest) -> WireResponse: ...


class AsyncHttpTransport:
    """The asyncio client's default transport. Keeps up to `pool_size` idle connections per origin
    (default 10) and one SSL context (made on the first HTTPS connection, or `ssl_context`).
    `max_response_bytes` and `proxy` as `HttpTransport`'s (HTTPS through a CONNECT tunnel, HTTP as
    absolute-form requests to the proxy). `aclose()` closes the idle connections; a closed transport
    sends nothing. Use it from one event loop."""

    def __init__(
        self,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        *,
        proxy: ProxySetting = None,
        pool_size: int = DEFAULT_POOL_SIZE,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self.max_response_bytes = max_response_bytes
        self._routes = Routes(proxy)
        self.pool = AsyncConnectionPool(pool_size)
        self._ssl = ssl_context

    @property
    def ssl_context(self) -> ssl.SSLContext:
        """The one SSL context of this transport (the CA bundle is loaded once)."""
        if self._ssl is None:
            self._ssl = ssl.create_default_context()
        return self._ssl

    async def aclose(self) -> None:
        """Closes the idle connections; ones in use are closed when their answer was read."""
        await self.pool.aclose()

    async def _connect(self, origin: Origin, proxy: Proxy | None) -> Connection:
        scheme, host, port = origin
        tls = self.ssl_context if scheme == "https" else None
        loop = asyncio.get_running_loop()
        if proxy is None:
            hostname = host if tls else None
            _, conn = await loop.create_connection(
                lambda: Connection(loop), host, port, ssl=tls, server_hostname=hostname
            )
            return conn
        _, conn = await loop.create_connection(lambda: Connection(loop), proxy.host, proxy.port)
        if tls is None:
            return conn
        try:
            answer = await conn.exchange(connect_head(host, port, proxy.authorization), AnswerParser(0, head_only=True))
            if answer.status != 200:
                raise OSError(f"Tunnel connection failed: {answer.status}")
            secured = await loop.start_tls(cast(asyncio.Transport, conn.transport), conn, tls, server_hostname=host)
            if secured is None:
                raise OSError("the TLS handshake through the tunnel did not finish")
            conn.transport = secured
        except BaseException:
            conn.close()
            raise
        return conn

    async def send(self, request: WireRequest) -> WireResponse:
        """Sends one attempt and reads its answer whole; `SendFailure` when none came."""
        if self.pool.closed:
            raise SendFailure("local", "the transport is closed")
        route, head = routed_head(self._routes, request)
        origin, proxy = route.origin, route.proxy
        conn = self.pool.take(origin)
        if conn is None:
            try:
                async with asyncio.timeout(wait_s(request)):
                    conn = await self._connect(origin, proxy)
            except SendFailure as late:
                raise SendFailure("not_sent", late.detail) from None
            except (OSError, TimeoutError, BadAnswer, ValueError) as error:
                raise SendFailure("not_sent", failure_detail(error)) from None
        started = time.monotonic()
        keep = False
        try:
            try:
                # Nothing awaited since the pool checked the connection: the write is its first use.
                waiter = conn.exchange(head + request.body if request.body else head, AnswerParser(
                    self.max_response_bytes, request.method == "HEAD"
                ))
                if conn.stalled:
                    async with asyncio.timeout(wait_s(request)):
                        await conn.drain()
                answer = await conn.read(waiter, request)
            except AnswerTooLarge as large:
                raise BodyTooLarge(large.status, self.max_response_bytes) from None
            except TimeoutError as error:
                raise SendFailure("timeout", f"{type(error).__name__}: {error}") from None
            except (OSError, BadAnswer) as error:
                raise SendFailure("no_answer", failure_detail(error)) from None
            keep = answer.reusable and not conn.closed
            text = answer.body().decode("utf-8", errors="replace")
            return WireResponse(answer.status, answer.headers, text, (time.monotonic() - started) * 1000)
        finally:
            if keep:
                self.pool.give(origin, conn)
            else:
                conn.close()
