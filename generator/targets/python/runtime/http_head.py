"""The head of one HTTP/1.1 request as bytes, for both transports: the request line, `Host`, the
request's headers, then `Content-Length` for a body or a POST/PUT/PATCH (what `http.client` writes,
without `Accept-Encoding`: no content encoding is asked for). Built whole before anything is
written, so a request HTTP cannot carry is refused, proven never sent."""

from __future__ import annotations

import re
from collections.abc import Mapping

_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_TARGET = re.compile(r"[\x21-\x7e]+")
_BAD_VALUE = re.compile(r"\n(?![ \t])|\r(?![ \t\n])")
#: Header names already found to be HTTP tokens (checked once each; at most 256 kept).
_GOOD_NAMES: set[str] = set()


class HeadRefused(Exception):
    """A request HTTP cannot carry; the message names the header, never its value."""


def request_head(method: str, target: str, host: str, headers: Mapping[str, str], body: bytes) -> bytes:
    """The request line and headers, `Host` first. A header HTTP cannot carry (a line break, a
    character beyond Latin-1, a name that is not a token) or a target with a space or a control
    character is refused (`HeadRefused`) naming the header, never its value. Pure."""
    if not _TARGET.fullmatch(target):
        raise HeadRefused("the request target has a character HTTP does not allow")
    lines = [f"{method} {target} HTTP/1.1", f"Host: {host}"]
    for name, value in headers.items():
        if name not in _GOOD_NAMES:
            if not _TOKEN.fullmatch(name):
                raise HeadRefused("a header name has a character HTTP does not allow")
            if len(_GOOD_NAMES) < 256:
                _GOOD_NAMES.add(name)
        if ("\r" in value or "\n" in value) and _BAD_VALUE.search(value) or not value.isascii() and not _latin1(value):
            raise HeadRefused(f"header {name} has a character HTTP does not allow")
        lines.append(f"{name}: {value}")
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append(f"Content-Length: {len(body)}")
    lines.append("\r\n")
    return "\r\n".join(lines).encode("latin-1")


def _latin1(value: str) -> bool:
    try:
        value.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def host_header(host: str, port: int, scheme: str) -> str:
    """The Host header of an origin (the port only when not the scheme's default; a non-ASCII name
    in its IDNA form). Pure."""
    if not host.isascii():
        host = host.encode("idna").decode("ascii")
    name = f"[{host}]" if ":" in host else host
    return name if port == (443 if scheme == "https" else 80) else f"{name}:{port}"


def connect_head(host: str, port: int, authorization: str | None) -> bytes:
    """The CONNECT request that opens a tunnel to `host:port` through a proxy (with the proxy's
    credentials when it has any). Pure."""
    if not host.isascii():
        host = host.encode("idna").decode("ascii")
    authority = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    auth = f"Proxy-Authorization: {authorization}\r\n" if authorization else ""
    return f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{auth}\r\n".encode("latin-1")
