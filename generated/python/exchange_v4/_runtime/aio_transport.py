# Copied by exchange-v4 from generator/targets/python/runtime/aio_transport.py. Do not edit here: edit that file,
# then run: npm run generate
"""Sending one attempt with asyncio streams (standard library), over kept-alive connections per
origin, no redirects followed: the asyncio twin of `transport.HttpTransport`, with the same failure
classes (`SendFailure`: `local`, `not_sent`, `timeout`, `no_answer`, `too_large`) and the same
proof rule: only a failure before anything was written counts as not sent. An idle connection the
server closed (end of stream, or bytes nobody asked for) is dropped before anything is written on
it; once the request was written, a reset or a hang-up before the answer (on a reused connection
too) is `no_answer`. Each socket operation is bounded by `asyncio.timeout`, cut to the call's
deadline."""

from __future__ import annotations

import asyncio
import re
import ssl
import time
from collections.abc import Coroutine, Mapping
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from .aio_pool import AsyncConnectionPool, Connection
from .pool import DEFAULT_POOL_SIZE, Origin, Proxy, ProxySetting, proxy_for
from .transport import DEFAULT_MAX_RESPONSE_BYTES, BodyTooLarge, SendFailure, WireRequest, WireResponse, wait_s

_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BAD_VALUE = re.compile(r"\n(?![ \t])|\r(?![ \t\n])")
_READ_PIECE = 64 * 1024
_STATUS_LINE = re.compile(r"(HTTP/1\.[01]) (\d{3})(?: .*)?")
#: Header names already found to be HTTP tokens (checked once each; at most 256 kept).
_GOOD_NAMES: set[str] = set()
T = TypeVar("T")


class AsyncTransport(Protocol):
    """Sends attempts on the running event loop; raises `SendFailure` when no answer arrives."""

    async def send(self, request: WireRequest) -> WireResponse: ...


class _BadAnswer(Exception):
    """The bytes that came back are not an HTTP/1.x answer."""


def request_head(request: WireRequest, target: str, host: str, extra: Mapping[str, str]) -> bytes:
    """The request line and headers as `http.client` writes them (Host first, then the request's
    headers, then `Content-Length` for a body or a POST/PUT/PATCH). A header HTTP cannot carry (a
    line break, a character beyond Latin-1) is a `local` failure naming the header, never its value.
    Pure."""
    lines = [f"{request.method} {target} HTTP/1.1", f"Host: {host}"]
    for name, value in {**request.headers, **extra}.items():
        if name not in _GOOD_NAMES:
            if not _TOKEN.fullmatch(name):
                raise SendFailure("local", "a header name has a character HTTP does not allow")
            if len(_GOOD_NAMES) < 256:
                _GOOD_NAMES.add(name)
        if ("\r" in value or "\n" in value) and _BAD_VALUE.search(value) or not value.isascii() and not _latin1(value):
            raise SendFailure("local", f"header {name} has a character HTTP does not allow")
        lines.append(f"{name}: {value}")
    if request.body or request.method in ("POST", "PUT", "PATCH"):
        lines.append(f"Content-Length: {len(request.body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _latin1(value: str) -> bool:
    try:
        value.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def host_header(host: str, port: int, scheme: str) -> str:
    """The Host header of an origin (the port only when not the scheme's default). Pure."""
    name = f"[{host}]" if ":" in host else host
    return name if port == (443 if scheme == "https" else 80) else f"{name}:{port}"


class _Clock:
    """The timer of one answer's reads: the status line, the headers and the first piece of the body
    under one `asyncio.timeout`, each later read given its own full wait (cut to the deadline)."""

    def __init__(self, request: WireRequest, scope: asyncio.Timeout) -> None:
        self.request = request
        self.scope = scope
        self.first = True

    async def read(self, step: Coroutine[Any, Any, T]) -> T:
        """`step`, after renewing the timer unless it is the answer's first read of its body."""
        if self.first:
            self.first = False
        else:
            self.scope.reschedule(asyncio.get_running_loop().time() + wait_s(self.request))
        return await step


async def _line(reader: asyncio.StreamReader) -> str:
    line = await reader.readuntil(b"\r\n")
    return line[:-2].decode("latin-1")


async def read_head(reader: asyncio.StreamReader) -> tuple[int, str, dict[str, str]]:
    """The status, HTTP version and headers (lower-case names; the last of a repeated one) of the
    answer, informational (1xx) answers skipped. Unbounded: the caller times it. A head is read
    whole when it fits the stream's buffer limit, else line by line."""
    while True:
        try:
            block = await reader.readuntil(b"\r\n\r\n")
        except asyncio.LimitOverrunError:  # a head this long is read line by line (the bytes stay buffered)
            lines = [await _line(reader)]
            while line := await _line(reader):
                lines.append(line)
        else:
            lines = block[:-4].decode("latin-1").split("\r\n")
        status_line = lines[0]
        match = _STATUS_LINE.fullmatch(status_line)
        if match is None:
            raise _BadAnswer(f"not an HTTP/1.x status line: {status_line[:40]!r}")
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, colon, value = line.partition(":")
            if not colon:
                raise _BadAnswer("a header line without a colon")
            headers[name.strip().lower()] = value.strip()
        status = int(match.group(2))
        if status >= 200 or status == 101:
            return status, match.group(1), headers


async def _read_body(
    conn: Connection, clock: _Clock, status: int, headers: Mapping[str, str], limit: int
) -> tuple[bytes, bool]:
    """The body, each read bounded by what is left of the deadline, and whether the connection can
    carry another request; past `limit` bytes, `BodyTooLarge` (the caller closes)."""
    reader = conn.reader
    if clock.request.method == "HEAD" or status in (204, 304):
        return b"", True
    pieces: list[bytes] = []
    size = 0

    def add(piece: bytes) -> None:
        nonlocal size
        size += len(piece)
        if size > limit:
            raise BodyTooLarge(status, limit)
        pieces.append(piece)

    if "chunked" in headers.get("transfer-encoding", "").lower():
        while True:
            size_line = (await clock.read(_line(reader))).split(";")[0].strip()
            if not re.fullmatch(r"[0-9A-Fa-f]+", size_line):
                raise _BadAnswer("a bad chunk size")
            left = int(size_line, 16)
            if left == 0:
                while await clock.read(_line(reader)):  # trailers
                    pass
                return b"".join(pieces), True
            if size + left > limit:
                raise BodyTooLarge(status, limit)
            while left:
                add(await clock.read(reader.readexactly(min(left, _READ_PIECE))))
                left -= len(pieces[-1])
            await clock.read(_line(reader))
    length = headers.get("content-length", "").strip()
    if length.isdigit():
        left = int(length)
        while left:
            add(await clock.read(reader.readexactly(min(left, _READ_PIECE))))
            left -= len(pieces[-1])
        return b"".join(pieces), True
    while piece := await clock.read(reader.read(_READ_PIECE)):
        add(piece)
    return b"".join(pieces), False


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
        self._proxy_setting: ProxySetting = proxy
        self._proxies: dict[Origin, Proxy | None] = {}
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

    def _proxy(self, origin: Origin) -> Proxy | None:
        if origin not in self._proxies:
            try:
                self._proxies[origin] = proxy_for(self._proxy_setting, origin)
            except ValueError as error:
                raise SendFailure("local", str(error)) from None
        return self._proxies[origin]

    async def _connect(self, origin: Origin, proxy: Proxy | None) -> Connection:
        scheme, host, port = origin
        tls = self.ssl_context if scheme == "https" else None
        if proxy is None:
            reader, writer = await asyncio.open_connection(host, port, ssl=tls, server_hostname=host if tls else None)
            return Connection(reader, writer)
        reader, writer = await asyncio.open_connection(proxy.host, proxy.port)
        conn = Connection(reader, writer)
        if tls is None:
            return conn
        try:
            auth = f"Proxy-Authorization: {proxy.authorization}\r\n" if proxy.authorization else ""
            authority = host_header(host, port, "")
            writer.write(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{auth}\r\n".encode("latin-1"))
            await writer.drain()
            status, _, _ = await read_head(reader)
            if status != 200:
                raise OSError(f"Tunnel connection failed: {status}")
            await writer.start_tls(tls, server_hostname=host)
        except BaseException:
            conn.close()
            raise
        return conn

    async def send(self, request: WireRequest) -> WireResponse:
        if self.pool.closed:
            raise SendFailure("local", "the transport is closed")
        parts = urlsplit(request.url)
        scheme = parts.scheme
        origin: Origin = (scheme, parts.hostname or "", parts.port or (443 if scheme == "https" else 80))
        proxy = self._proxy(origin)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        extra: dict[str, str] = {}
        if proxy is not None and scheme == "http":
            target = f"http://{parts.netloc}{target}"  # absolute form: the proxy forwards it
            if proxy.authorization:
                extra["Proxy-Authorization"] = proxy.authorization
        # Built whole before anything is written: a refusal is proven never sent.
        head = request_head(request, target, host_header(*origin[1:], scheme), extra)
        conn = self.pool.take(origin)
        if conn is None:
            try:
                async with asyncio.timeout(wait_s(request)):
                    conn = await self._connect(origin, proxy)
            except SendFailure as late:
                raise SendFailure("not_sent", late.detail) from None
            except (OSError, TimeoutError, _BadAnswer, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
                raise SendFailure("not_sent", _detail(error)) from None
        started = time.monotonic()
        keep = False
        try:
            try:
                conn.writer.write(head + request.body)
                if conn.writer.transport.get_write_buffer_size():  # not all written at once
                    async with asyncio.timeout(wait_s(request)):
                        await conn.writer.drain()
                async with asyncio.timeout(wait_s(request)) as scope:
                    clock = _Clock(request, scope)
                    status, version, headers = await read_head(conn.reader)
                    if _declared_over(headers, self.max_response_bytes):
                        raise BodyTooLarge(status, self.max_response_bytes)
                    raw, reusable = await _read_body(conn, clock, status, headers, self.max_response_bytes)
            except TimeoutError as error:
                raise SendFailure("timeout", f"{type(error).__name__}: {error}") from None
            except (OSError, _BadAnswer, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
                raise SendFailure("no_answer", _detail(error)) from None
            closing = headers.get("connection", "").lower()
            keep = reusable and closing != "close" and (version == "HTTP/1.1" or closing == "keep-alive")
            return WireResponse(
                status, headers, raw.decode("utf-8", errors="replace"), (time.monotonic() - started) * 1000
            )
        finally:
            if keep:
                self.pool.give(origin, conn)
            else:
                conn.close()


def _declared_over(headers: Mapping[str, str], limit: int) -> bool:
    length = headers.get("content-length", "").strip()
    return length.isdigit() and int(length) > limit


def _detail(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
