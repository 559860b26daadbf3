"""Sending one attempt over kept-alive sockets (`pool.ConnectionPool`): the request head and body
written with one `sendall`, the answer read by `http_answer.AnswerParser`, no redirects followed,
and every failure classified as "certainly not sent" (refused here, or the connect failed: refused,
DNS, proxy, TLS, connect timeout) or "may have been sent". Only what is proven counts as not sent:
a connection the server closed while idle is dropped before anything is written on it; once the
request was written, a reset or a hang-up before the answer (on a reused connection too) may follow
a request the server read, so it is `no_answer`."""

from __future__ import annotations

import socket
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from .http_answer import AnswerParser, AnswerTooLarge, BadAnswer
from .http_head import HeadRefused, Route, Routes, connect_head, request_head
from .pool import DEFAULT_POOL_SIZE, ConnectionPool, Origin, Proxy, ProxySetting, SocketConnection


@dataclass(frozen=True)
class WireRequest:
    """One attempt as it goes on the wire."""

    method: str
    #: Absolute URL with the query string exactly as signed.
    url: str
    headers: Mapping[str, str]
    #: Body bytes exactly as signed (`b""`: no body).
    body: bytes
    #: Seconds each socket operation may wait.
    timeout_s: float
    #: When the whole call must end (`time.monotonic()` seconds), or None: no socket operation
    #: waits past it.
    deadline_at: float | None = None


@dataclass(frozen=True)
class WireResponse:
    status: int
    #: Lower-case header names.
    headers: Mapping[str, str]
    text: str
    duration_ms: float


DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024
"""Default cap on one answer's body, in bytes: 16 MiB."""

_READ_PIECE = 64 * 1024

SendKind = Literal["local", "not_sent", "timeout", "no_answer", "too_large"]
"""How an attempt failed: `local` (refused here before anything was sent: a header HTTP cannot
carry), `not_sent` (the server never got the request), `timeout` or `no_answer` (it may
have), `too_large` (an answer came, its body larger than the cap: see `BodyTooLarge`)."""


class SendFailure(Exception):
    """No answer; `kind` says whether the request may have reached the server (see `SendKind`)."""

    def __init__(self, kind: SendKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind: SendKind = kind
        self.detail = detail


class BodyTooLarge(SendFailure):
    """An answer whose body passed the cap; it was dropped unread and the connection closed."""

    def __init__(self, status: int, limit: int) -> None:
        super().__init__("too_large", f"the answer's body is larger than {limit} bytes")
        self.status = status
        self.limit = limit


class Transport(Protocol):
    """Sends attempts; raises `SendFailure` when no answer arrives."""

    def send(self, request: WireRequest) -> WireResponse: ...


def wait_s(request: WireRequest) -> float:
    """How long the next socket operation may wait: the attempt's timeout, cut to what is left
    before the call's deadline; `SendFailure("timeout")` once nothing is left. Reads the clock."""
    if request.deadline_at is None:
        return request.timeout_s
    left = request.deadline_at - time.monotonic()
    if left <= 0:
        raise SendFailure("timeout", "the call's deadline passed")
    return min(request.timeout_s, left)


class HttpTransport:
    """The default transport (sockets and `ssl`, standard library), thread-safe. Keeps up to
    `pool_size` idle connections per origin (default 10) and one SSL context (made on the first
    HTTPS connection, or `ssl_context`). `max_response_bytes`: the largest body read (default
    16 MiB); a larger one is refused from its `Content-Length` or dropped as soon as the count
    passes it, with `BodyTooLarge`. `proxy`: see `pool.ProxySetting` (HTTPS goes through a CONNECT
    tunnel, HTTP as absolute-form requests to the proxy). `close()` closes the idle connections;
    a closed transport sends nothing."""

    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES

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
        self._pool = ConnectionPool(pool_size)
        self._ssl = ssl_context
        self._lock = threading.Lock()

    @property
    def ssl_context(self) -> ssl.SSLContext:
        """The one SSL context of this transport (the CA bundle is loaded once)."""
        with self._lock:
            if self._ssl is None:
                self._ssl = ssl.create_default_context()
            return self._ssl

    def idle_connections(self) -> int:
        """How many idle connections are kept now, over every origin."""
        return self._pool.idle_count()

    def close(self) -> None:
        """Closes the idle connections; ones in use are closed when their answer was read."""
        self._pool.close()

    def _open(self, origin: Origin, proxy: Proxy | None, timeout: float) -> SocketConnection:
        """A new connection to `origin` (through `proxy`'s CONNECT tunnel for HTTPS, to the proxy
        itself for HTTP), TLS-wrapped for HTTPS with the one SSL context."""
        scheme, host, port = origin
        sock = socket.create_connection((proxy.host, proxy.port) if proxy is not None else (host, port), timeout)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if scheme == "https":
                if proxy is not None:
                    sock.sendall(connect_head(host, port, proxy.authorization))
                    answer = _read(sock, AnswerParser(0, head_only=True))
                    if answer.status != 200:
                        raise OSError(f"Tunnel connection failed: {answer.status}")
                sock = self.ssl_context.wrap_socket(sock, server_hostname=host)
        except BaseException:
            sock.close()
            raise
        return SocketConnection(sock)

    def send(self, request: WireRequest) -> WireResponse:
        """Sends one attempt and reads its answer whole; `SendFailure` when none came."""
        if self._pool.closed:
            raise SendFailure("local", "the transport is closed")
        route, head = routed_head(self._routes, request)
        origin, proxy = route.origin, route.proxy
        try:
            timeout = wait_s(request)
        except SendFailure as late:
            raise SendFailure("not_sent", late.detail) from None
        conn = self._pool.take(origin)
        if conn is None:
            try:
                conn = self._open(origin, proxy, timeout)
            except (OSError, BadAnswer, ValueError) as error:
                raise SendFailure("not_sent", failure_detail(error)) from None
        else:
            conn.settimeout(timeout)
        started = time.monotonic()
        keep = False
        try:
            try:
                conn.sock.sendall(head + request.body if request.body else head)
                answer = AnswerParser(self.max_response_bytes, request.method == "HEAD")
                cut = None if request.deadline_at is None else lambda: conn.settimeout(wait_s(request))
                _read(conn.sock, answer, cut)
            except AnswerTooLarge as large:
                raise BodyTooLarge(large.status, self.max_response_bytes) from None
            except (socket.timeout, TimeoutError) as error:
                raise SendFailure("timeout", f"{type(error).__name__}: {error}") from None
            except (OSError, BadAnswer) as error:
                raise SendFailure("no_answer", failure_detail(error)) from None
            keep = answer.reusable
            text = answer.body().decode("utf-8", errors="replace")
            return WireResponse(answer.status, answer.headers, text, (time.monotonic() - started) * 1000)
        finally:
            if keep:
                self._pool.give(origin, conn)
            else:
                conn.close()


def _read(sock: socket.socket, answer: AnswerParser, before: Callable[[], object] | None = None) -> AnswerParser:
    """Reads one answer whole into `answer`, calling `before` ahead of each read (to cut the
    socket's timeout to the call's deadline)."""
    while True:
        if before is not None:
            before()
        data = sock.recv(_READ_PIECE)
        if not data:
            answer.end()
            return answer
        if answer.feed(data):
            return answer


def routed_head(routes: Routes, request: WireRequest) -> tuple[Route, bytes]:
    """The route of `request` (from `routes`) and its request head, built whole before anything is
    written, so a refusal is proven never sent: `SendFailure("local")` for a URL, proxy or header
    that cannot be used. Both transports start an attempt with it."""
    try:
        route, target = routes.of(request.url)
    except ValueError as error:
        raise SendFailure("local", str(error)) from None
    headers = {**request.headers, **route.extra} if route.extra else request.headers
    try:
        return route, request_head(request.method, target, route.host, headers, request.body)
    except HeadRefused as refused:
        raise SendFailure("local", str(refused)) from None


def failure_detail(error: BaseException) -> str:
    """A failure's detail: the error's class and message."""
    return f"{type(error).__name__}: {error}"
