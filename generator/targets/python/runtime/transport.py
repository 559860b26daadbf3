"""Sending one attempt with `http.client` over kept-alive connections (`pool.ConnectionPool`), no
redirects followed, and every failure classified as "certainly not sent" (refused here, or the
connect failed: refused, DNS, proxy, TLS, connect timeout) or "may have been sent". Only what is
proven counts as not sent: a connection the server closed while idle is dropped before anything is
written on it; once the request was written, a reset or a hang-up before the answer (on a reused
connection too) may follow a request the server read, so it is `no_answer`."""

from __future__ import annotations

import http.client
import re
import socket
import ssl
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol
from urllib.parse import urlsplit

from .pool import DEFAULT_POOL_SIZE, ConnectionPool, Origin, Proxy, ProxySetting, proxy_for


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
"""How an attempt failed: `local` (refused here before anything was sent: a header `http.client`
cannot encode), `not_sent` (the server never got the request), `timeout` or `no_answer` (it may
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


_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


def _put_head(conn: http.client.HTTPConnection, request: WireRequest, target: str) -> None:
    """Buffers the request line and headers (nothing is written yet). A header `http.client`
    refuses (a line break, a character beyond Latin-1) is a `local` failure whose detail names the
    header, never its value."""
    conn.putrequest(request.method, target, skip_host=False, skip_accept_encoding=True)
    for name, value in request.headers.items():
        try:
            conn.putheader(name, value)
        except (ValueError, TypeError):
            which = f"header {name}" if _TOKEN.fullmatch(name) else "a header name"
            raise SendFailure("local", f"{which} has a character HTTP does not allow") from None
    if request.body or request.method in ("POST", "PUT", "PATCH"):
        conn.putheader("Content-Length", str(len(request.body)))


def _declared_over(headers: Mapping[str, str], limit: int) -> bool:
    """Whether the answer's `Content-Length` alone shows its body passes `limit` (the bytes on the
    wire are the bytes read: `http.client` decodes no content encoding). Pure."""
    length = headers.get("content-length", "").strip()
    return length.isdigit() and int(length) > limit


def _read_capped(
    conn: http.client.HTTPConnection, response: http.client.HTTPResponse, request: WireRequest, limit: int
) -> bytes:
    """The body, read piece by piece, each read bounded by what is left of the deadline; past
    `limit` bytes, `BodyTooLarge` (the caller closes)."""
    pieces: list[bytes] = []
    size = 0
    while True:
        if request.deadline_at is not None and conn.sock is not None:
            conn.sock.settimeout(wait_s(request))
        piece = response.read(_READ_PIECE)
        if not piece:
            return b"".join(pieces)
        size += len(piece)
        if size > limit:
            raise BodyTooLarge(response.status, limit)
        pieces.append(piece)


class HttpTransport:
    """The default transport (`http.client`, standard library), thread-safe. Keeps up to
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
        self._proxy_setting: ProxySetting = proxy
        self._proxies: dict[Origin, Proxy | None] = {}
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

    def _proxy(self, origin: Origin) -> Proxy | None:
        with self._lock:
            if origin not in self._proxies:
                try:
                    self._proxies[origin] = proxy_for(self._proxy_setting, origin)
                except ValueError as error:
                    raise SendFailure("local", str(error)) from None
            return self._proxies[origin]

    def _connection(self, origin: Origin, proxy: Proxy | None, timeout: float) -> http.client.HTTPConnection:
        scheme, host, port = origin
        if scheme != "https":
            target = (proxy.host, proxy.port) if proxy is not None else (host, port)
            return http.client.HTTPConnection(*target, timeout=timeout)
        if proxy is None:
            return http.client.HTTPSConnection(host, port, timeout=timeout, context=self.ssl_context)
        conn = http.client.HTTPSConnection(proxy.host, proxy.port, timeout=timeout, context=self.ssl_context)
        auth = {"Proxy-Authorization": proxy.authorization} if proxy.authorization else None
        conn.set_tunnel(host, port, headers=auth)
        return conn

    def send(self, request: WireRequest) -> WireResponse:
        if self._pool.closed:
            raise SendFailure("local", "the transport is closed")
        parts = urlsplit(request.url)
        scheme = parts.scheme
        origin: Origin = (scheme, parts.hostname or "", parts.port or (443 if scheme == "https" else 80))
        proxy = self._proxy(origin)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        if proxy is not None and scheme == "http":
            target = f"http://{parts.netloc}{target}"  # absolute form: the proxy forwards it
        try:
            timeout = wait_s(request)
        except SendFailure as late:
            raise SendFailure("not_sent", late.detail) from None
        conn = self._pool.take(origin) or self._connection(origin, proxy, timeout)
        started = time.monotonic()
        keep = False
        try:
            # The request line and headers are only buffered here: a refusal is proven never sent.
            _put_head(conn, request, target)
            if proxy is not None and scheme == "http" and proxy.authorization:
                conn.putheader("Proxy-Authorization", proxy.authorization)
            try:
                if conn.sock is None:
                    conn.connect()
                else:
                    conn.sock.settimeout(timeout)
            except (OSError, http.client.HTTPException) as error:
                raise SendFailure("not_sent", _detail(error)) from None
            try:
                conn.endheaders(request.body or None)
                if request.deadline_at is not None and conn.sock is not None:
                    conn.sock.settimeout(wait_s(request))
                response = conn.getresponse()
                headers = {name.lower(): value for name, value in response.getheaders()}
                if _declared_over(headers, self.max_response_bytes):
                    raise BodyTooLarge(response.status, self.max_response_bytes)
                raw = _read_capped(conn, response, request, self.max_response_bytes)
            except (socket.timeout, TimeoutError) as error:
                raise SendFailure("timeout", f"{type(error).__name__}: {error}") from None
            except (OSError, http.client.HTTPException) as error:
                raise SendFailure("no_answer", _detail(error)) from None
            keep = not response.will_close and conn.sock is not None
            return WireResponse(
                response.status, headers, raw.decode("utf-8", errors="replace"), (time.monotonic() - started) * 1000
            )
        finally:
            if keep:
                self._pool.give(origin, conn)
            else:
                conn.close()


def _detail(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
