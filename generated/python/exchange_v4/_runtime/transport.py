# Copied by exchange-v4 from templates/python/runtime/transport.py. Do not edit here: edit that file,
# then run: npm run generate
"""Sending one attempt with `http.client`: a fresh connection per attempt (so a failure is never
confused with a stale kept-alive connection), no redirects followed, and every failure classified
as "certainly not sent" (connect failed: refused, DNS, connect timeout) or "sent, no answer"."""

from __future__ import annotations

import http.client
import re
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol
from urllib.parse import urlsplit


@dataclass(frozen=True)
class WireRequest:
    """One attempt as it goes on the wire."""

    method: str
    #: Absolute URL with the query string exactly as signed.
    url: str
    headers: Mapping[str, str]
    #: Body bytes exactly as signed (`b""`: no body).
    body: bytes
    timeout_s: float


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


def _read_capped(response: http.client.HTTPResponse, limit: int) -> bytes:
    """The body, read piece by piece; past `limit` bytes, `BodyTooLarge` (the caller closes)."""
    pieces: list[bytes] = []
    size = 0
    while True:
        piece = response.read(_READ_PIECE)
        if not piece:
            return b"".join(pieces)
        size += len(piece)
        if size > limit:
            raise BodyTooLarge(response.status, limit)
        pieces.append(piece)


class HttpTransport:
    """The default transport (`http.client`, standard library). `max_response_bytes`: the largest
    body read (default 16 MiB); a larger one is refused from its `Content-Length` or dropped as soon
    as the count passes it, with `BodyTooLarge`."""

    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES

    def __init__(self, max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES) -> None:
        self.max_response_bytes = max_response_bytes

    def send(self, request: WireRequest) -> WireResponse:
        parts = urlsplit(request.url)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        host = parts.hostname or ""
        cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = cls(host, parts.port, timeout=request.timeout_s)
        started = time.monotonic()
        try:
            # The request line and headers are only buffered here: a refusal is proven never sent.
            _put_head(conn, request, target)
            try:
                conn.connect()
            except (OSError, http.client.HTTPException) as error:
                raise SendFailure("not_sent", f"{type(error).__name__}: {error}") from None
            try:
                conn.endheaders(request.body or None)
                response = conn.getresponse()
                headers = {name.lower(): value for name, value in response.getheaders()}
                if _declared_over(headers, self.max_response_bytes):
                    raise BodyTooLarge(response.status, self.max_response_bytes)
                raw = _read_capped(response, self.max_response_bytes)
            except (socket.timeout, TimeoutError) as error:
                raise SendFailure("timeout", f"{type(error).__name__}: {error}") from None
            except (OSError, http.client.HTTPException) as error:
                raise SendFailure("no_answer", f"{type(error).__name__}: {error}") from None
            return WireResponse(
                response.status, headers, raw.decode("utf-8", errors="replace"), (time.monotonic() - started) * 1000
            )
        finally:
            conn.close()
