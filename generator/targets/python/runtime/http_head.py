"""The head of one HTTP/1.1 request as bytes, for both transports: the request line, `Host`, the
request's headers, then `Content-Length` for a body or a POST/PUT/PATCH (what `http.client` writes,
without `Accept-Encoding`: no content encoding is asked for). Built whole before anything is
written, so a request HTTP cannot carry is refused, proven never sent."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from .pool import Origin, Proxy, ProxySetting, proxy_for

_URL = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*://[^/?#]*)([^#]*)")
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


def split_url(url: str) -> tuple[str, str]:
    """`scheme://authority` and the request target (path and query, `/` when there is no path; the
    fragment dropped) of an absolute URL; `ValueError` for anything else. Pure."""
    match = _URL.match(url)
    if match is None:
        raise ValueError("not an absolute URL")
    base, target = match.groups()
    return base, target if target.startswith("/") else f"/{target}"


@dataclass(frozen=True)
class Route:
    """Where the requests to one `scheme://authority` go, worked out once per transport."""

    origin: Origin
    #: The Host header.
    host: str
    #: The proxy in between, or None (direct).
    proxy: Proxy | None
    #: What goes before the path in the request line: `scheme://authority` (absolute form) for
    #: plain HTTP through a proxy, else nothing.
    prefix: str
    #: Headers added to each request (`Proxy-Authorization` for plain HTTP through a proxy).
    extra: Mapping[str, str]


def route_for(base: str, setting: ProxySetting) -> Route:
    """The route of `scheme://authority` under the proxy `setting` (see `pool.proxy_for`); reads
    the environment when `setting` is None. `ValueError` (never showing a proxy URL) for a bad port,
    a scheme other than http/https, or a bad proxy URL."""
    parts = urlsplit(base)
    scheme = parts.scheme
    if scheme not in ("http", "https"):
        raise ValueError("the URL's scheme must be http or https")
    origin: Origin = (scheme, parts.hostname or "", parts.port or (443 if scheme == "https" else 80))
    proxy = proxy_for(setting, origin)
    absolute = proxy is not None and scheme == "http"
    extra = {"Proxy-Authorization": proxy.authorization} if absolute and proxy and proxy.authorization else {}
    return Route(origin, host_header(*origin[1:], scheme), proxy, f"http://{parts.netloc}" if absolute else "", extra)


class Routes:
    """A transport's routes, each `scheme://authority`'s worked out once (at most 64 kept)."""

    __slots__ = ("_setting", "_known")

    def __init__(self, setting: ProxySetting) -> None:
        self._setting: ProxySetting = setting
        self._known: dict[str, Route] = {}

    def of(self, url: str) -> tuple[Route, str]:
        """The route and the request target of `url`; `ValueError` (as `split_url` and `route_for`
        raise it) for a URL or proxy that cannot be used."""
        base, target = split_url(url)
        route = self._known.get(base)
        if route is None:
            route = route_for(base, self._setting)
            if len(self._known) >= 64:
                self._known.clear()
            self._known[base] = route
        return route, route.prefix + target
