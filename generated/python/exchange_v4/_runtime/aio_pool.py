# Copied by exchange-v4 from generator/targets/python/runtime/aio_pool.py. Do not edit here: edit that file,
# then run: npm run generate
"""Kept-alive asyncio connections, per origin (scheme, host, port), for the asyncio client: the twin
of `pool.ConnectionPool`. A connection carries one request at a time: taken from the pool, given
back after its answer was read whole. At most `per_origin` idle connections are kept per origin
(more may be open at once while requests are in flight; the extra ones are closed when given back).
An idle connection the server closed (end of stream, a reset, or bytes nobody asked for) is dropped
when taken, before anything is written on it. One event loop only: no lock."""

from __future__ import annotations

import asyncio
from typing import cast

from .http_answer import AnswerParser
from .pool import DEFAULT_POOL_SIZE, Origin
from .transport import SendFailure, WireRequest, wait_s


class Connection(asyncio.Protocol):
    """One connection's protocol: the bytes the loop reads go straight to the `AnswerParser` of the
    request out, and its future is resolved once the answer is whole (or failed: a bad answer, the
    connection lost, `expire`)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        #: The end of the stream or a failure was seen.
        self.closed = False
        #: Bytes came while no request was out.
        self.stray = False
        self.answer: AnswerParser | None = None
        self._waiter: asyncio.Future[AnswerParser] | None = None
        self._drained: asyncio.Future[None] | None = None
        self._paused = False
        self._request: WireRequest | None = None
        self._seen = 0
        self._expires = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self.lost: asyncio.Future[None] = loop.create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Keeps the loop's transport (the socket's)."""
        self.transport = cast(asyncio.Transport, transport)

    def exchange(self, payload: bytes, answer: AnswerParser) -> asyncio.Future[AnswerParser]:
        """Writes `payload` (taken whole by the loop's buffer) and returns the future of `answer`."""
        self.answer = answer
        self._waiter = waiter = self.loop.create_future()
        cast(asyncio.Transport, self.transport).write(payload)
        return waiter

    def fail(self, error: BaseException) -> None:
        """Ends the request out with `error` (the connection is closed by its user)."""
        waiter, self._waiter, self.answer = self._waiter, None, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(error)

    def data_received(self, data: bytes) -> None:
        """Feeds `data` to the answer out; bytes while none is out make the connection unusable."""
        answer = self.answer
        if answer is None:
            self.stray = True
            return
        try:
            done = answer.feed(data)
        except Exception as error:  # noqa: BLE001 - a bad or too large answer ends the request out
            self.fail(error)
            return
        if done:
            self._settle(answer)

    def _settle(self, answer: AnswerParser) -> None:
        waiter, self._waiter, self.answer = self._waiter, None, None
        if waiter is not None and not waiter.done():
            waiter.set_result(answer)

    def eof_received(self) -> bool:
        """The server ended the stream: completes an answer read to the end, fails a cut one."""
        self.closed = True
        answer = self.answer
        if answer is not None:
            try:
                answer.end()
            except Exception as error:  # noqa: BLE001 - the answer was cut short
                self.fail(error)
            else:
                self._settle(answer)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        """Fails the answer out and a stalled write; marks the connection closed."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.fail(exc or ConnectionResetError("the connection closed before the answer ended"))
        if self._drained is not None and not self._drained.done():
            self._drained.set_exception(exc or ConnectionResetError("the connection closed"))
        if not self.lost.done():
            self.lost.set_result(None)

    def pause_writing(self) -> None:
        """The loop's write buffer passed its limit."""
        self._paused = True

    def resume_writing(self) -> None:
        """The loop's write buffer is back under its limit: wakes `drain`."""
        self._paused = False
        if self._drained is not None and not self._drained.done():
            self._drained.set_result(None)

    async def read(self, waiter: asyncio.Future[AnswerParser], request: WireRequest) -> AnswerParser:
        """The answer `waiter` resolves to, within `request`'s timeout (cut to its deadline) for
        the head and the first bytes of the body, then renewed while the body keeps coming. One
        timer per connection, kept across its requests (moved only when it would fire late)."""
        self._request = request
        self._seen = 0
        self._expires = expires = self.loop.time() + wait_s(request)
        timer = self._timer
        if timer is None or timer.when() > expires:
            if timer is not None:
                timer.cancel()
            self._timer = self.loop.call_at(expires, self._expire)
        try:
            return await waiter
        finally:
            self._request = None

    def _expire(self) -> None:
        self._timer = None
        request, answer = self._request, self.answer
        if request is None or answer is None:
            return  # idle: the next request sets its own timer
        now = self.loop.time()
        if now < self._expires:
            self._timer = self.loop.call_at(self._expires, self._expire)  # set for an earlier request
        elif not answer.status or answer.received <= self._seen:
            self.fail(TimeoutError("no answer within the timeout"))
        else:
            self._seen = answer.received  # the body is coming: another full wait
            try:
                self._expires = now + wait_s(request)
            except SendFailure as late:
                self.fail(late)
                return
            self._timer = self.loop.call_at(self._expires, self._expire)

    @property
    def stalled(self) -> bool:
        """Whether the loop's write buffer is over its limit (the peer reads slower than we write)."""
        return self._paused

    async def drain(self) -> None:
        """Waits until the loop's write buffer is back under its limit."""
        if self._paused:
            self._drained = self.loop.create_future()
            await self._drained

    def dropped(self) -> bool:
        """Whether an idle connection can no longer carry a request: closing, at the end of its
        stream, failed, or having received bytes while no request was out."""
        return self.closed or self.stray or self.transport is None or self.transport.is_closing()

    def close(self) -> None:
        """Closes the connection (without waiting for the close to finish)."""
        if self.transport is not None:
            self.transport.close()


class AsyncConnectionPool:
    """Idle connections by origin."""

    def __init__(self, per_origin: int = DEFAULT_POOL_SIZE) -> None:
        self.per_origin = per_origin
        self._idle: dict[Origin, list[Connection]] = {}
        self.closed = False

    def take(self, origin: Origin) -> Connection | None:
        """The most recently used idle connection to `origin` still open, or None."""
        idle = self._idle.get(origin)
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
            await conn.lost
