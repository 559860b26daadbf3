# Copied by exchange-v4 from generator/targets/python/runtime/aio_pool.py. Do not edit here: edit that file,
# then run: npm run generate
"""Kept-alive asyncio stream connections, per origin (scheme, host, port), for the asyncio client:
the twin of `pool.ConnectionPool`. A connection carries one request at a time: taken from the pool,
given back after its answer was read whole. At most `per_origin` idle connections are kept per
origin (more may be open at once while requests are in flight; the extra ones are closed when given
back). An idle connection the server closed (end of stream, a reset, or bytes nobody asked for) is
dropped when taken, before anything is written on it. One event loop only: no lock."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from .pool import DEFAULT_POOL_SIZE, Origin


@dataclass
class Connection:
    """One open stream pair."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter

    def dropped(self) -> bool:
        """Whether an idle connection can no longer carry a request: closing, at the end of its
        stream, failed, or holding bytes while no request is out."""
        reader = self.reader
        buffered: bytes = getattr(reader, "_buffer", b"")  # bytes the loop read that nobody asked for
        return self.writer.is_closing() or reader.at_eof() or reader.exception() is not None or bool(buffered)

    def close(self) -> None:
        """Closes the stream (without waiting for the close to finish)."""
        self.writer.close()


class AsyncConnectionPool:
    """Idle connections by origin."""

    def __init__(self, per_origin: int = DEFAULT_POOL_SIZE) -> None:
        self.per_origin = per_origin
        self._idle: dict[Origin, list[Connection]] = {}
        self.closed = False

    def take(self, origin: Origin) -> Connection | None:
        """The most recently used idle connection to `origin` still open, or None."""
        idle = self._idle.get(origin, [])
        while idle:
            conn = idle.pop()
            if not conn.dropped():
                return conn
            conn.close()
        return None

    def give(self, origin: Origin, conn: Connection) -> None:
        """Keeps a connection whose answer was read whole, unless the pool is closed or full."""
        idle = self._idle.setdefault(origin, [])
        if self.closed or len(idle) >= self.per_origin:
            conn.close()
        else:
            idle.append(conn)

    def idle_count(self) -> int:
        """How many idle connections are kept, over every origin."""
        return sum(len(v) for v in self._idle.values())

    async def aclose(self) -> None:
        """Closes every idle connection and waits for them to close; connections given back later
        are closed at once."""
        self.closed = True
        conns = [c for v in self._idle.values() for c in v]
        self._idle.clear()
        for conn in conns:
            conn.close()
        for conn in conns:
            try:
                await conn.writer.wait_closed()
            except OSError:
                pass  # closed already, or reset: closed either way
