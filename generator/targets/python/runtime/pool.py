"""Kept-alive socket connections, per origin (scheme, host, port), and the proxy each origin
goes through. A connection is used by one request at a time: taken from the pool, given back after
its answer was read whole. At most `per_origin` idle connections are kept per origin (more may be
open at once while requests are in flight; the extra ones are closed when given back). An idle
connection the server closed (its socket readable: end of stream, or bytes nobody asked for) is
dropped when taken, before anything is written on it."""

from __future__ import annotations

import base64
import select
import socket
import threading
import urllib.request
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import unquote, urlsplit

Origin = tuple[str, str, int]
"""Scheme, host and port of a request's URL."""

ProxySetting = str | Literal[False] | None
"""`None`: read `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` from the environment; a URL: that proxy
for every origin; `False`: no proxy."""

DEFAULT_POOL_SIZE = 10
"""Idle connections kept per origin."""


@dataclass(frozen=True)
class Proxy:
    """A proxy's address and, when its URL carried user and password, the `Proxy-Authorization`
    value (never shown: it is left out of the repr)."""

    host: str
    port: int
    authorization: str | None = field(default=None, repr=False)


def parse_proxy(url: str) -> Proxy:
    """The proxy of an `http://[user:password@]host[:port]` URL (no scheme: `http://`); raises
    `ValueError` (without the URL, which may hold a password) for any other."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    try:
        port = parts.port or 80
    except ValueError:
        raise ValueError("the proxy URL has a bad port") from None
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError("the proxy URL must be http://host[:port]")
    auth = None
    if parts.username is not None:
        pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}".encode()
        auth = "Basic " + base64.b64encode(pair).decode("ascii")
    return Proxy(parts.hostname, port, auth)


def proxy_for(setting: ProxySetting, origin: Origin) -> Proxy | None:
    """The proxy requests to `origin` go through, or None (direct). With `setting` None the
    environment decides (`https_proxy` / `http_proxy` by the origin's scheme, any case; `no_proxy`
    hosts, domains and `*` go direct), as `urllib` reads it."""
    if setting is False:
        return None
    if setting is not None:
        return parse_proxy(setting)
    scheme, host, port = origin
    env = urllib.request.getproxies_environment()
    url = env.get(scheme)
    if not url or bypassed(env.get("no", ""), host, port):
        return None
    return parse_proxy(url)


def bypassed(no_proxy: str, host: str, port: int) -> bool:
    """Whether `NO_PROXY` sends `host:port` direct: `*`, or an entry (`host`, `.domain`,
    `domain` covering its subdomains, optionally `:port`) it matches, case-insensitive. Pure."""
    host = host.lower().strip("[]")
    for entry in (e.strip().lower() for e in no_proxy.split(",")):
        if entry == "*":
            return True
        name, _, only_port = entry.rpartition(":") if entry.count(":") == 1 else (entry, "", "")
        if only_port and only_port != str(port):
            continue
        name = name.lstrip(".").strip("[]")
        if name and (host == name or host.endswith("." + name)):
            return True
    return False


class SocketConnection:
    """One open socket (TLS or not, direct or through a proxy's tunnel) and the timeout last set on
    it (set again only when it changes)."""

    __slots__ = ("sock", "timeout")

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.timeout = sock.gettimeout()

    def settimeout(self, timeout: float) -> None:
        """Bounds each later socket operation by `timeout` seconds."""
        if timeout != self.timeout:
            self.sock.settimeout(timeout)
            self.timeout = timeout

    def close(self) -> None:
        """Closes the socket."""
        self.sock.close()


def dropped(conn: SocketConnection) -> bool:
    """Whether an idle connection can no longer carry a request: a closed socket, or one with
    something to read (the server's end of stream or a reset) while no request is out."""
    try:
        readable, _, _ = select.select([conn.sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


class ConnectionPool:
    """Idle connections by origin; thread-safe (a lock around the table, never held during I/O)."""

    def __init__(self, per_origin: int = DEFAULT_POOL_SIZE) -> None:
        self.per_origin = per_origin
        self._idle: dict[Origin, list[SocketConnection]] = {}
        self._lock = threading.Lock()
        self.closed = False

    def take(self, origin: Origin) -> SocketConnection | None:
        """The most recently used idle connection to `origin` still open, or None."""
        stale: list[SocketConnection] = []
        found: SocketConnection | None = None
        with self._lock:
            idle = self._idle.get(origin, [])
            while idle and found is None:
                conn = idle.pop()
                if dropped(conn):
                    stale.append(conn)
                else:
                    found = conn
        for conn in stale:
            conn.close()
        return found

    def give(self, origin: Origin, conn: SocketConnection) -> None:
        """Keeps a connection whose answer was read whole, unless the pool is closed or full."""
        with self._lock:
            idle = self._idle.setdefault(origin, [])
            keep = not self.closed and len(idle) < self.per_origin
            if keep:
                idle.append(conn)
        if not keep:
            conn.close()

    def idle_count(self) -> int:
        """How many idle connections are kept, over every origin."""
        with self._lock:
            return sum(len(v) for v in self._idle.values())

    def idle_sockets(self) -> list[socket.socket]:
        """The sockets of the idle connections (for tests)."""
        with self._lock:
            return [c.sock for v in self._idle.values() for c in v]

    def close(self) -> None:
        """Closes every idle connection; connections given back later are closed at once."""
        with self._lock:
            self.closed = True
            conns = [c for v in self._idle.values() for c in v]
            self._idle.clear()
        for conn in conns:
            conn.close()
