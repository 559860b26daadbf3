"""The asyncio transport against a server on 127.0.0.1: kept-alive connections per origin, reused
one request at a time across coroutines, at most `pool_size` idle ones kept, one SSL context per
transport, a connection the server closed dropped before use (nothing written on it), a failure
after the request was written on a reused connection still "may have been sent", the deadline
bounding every read, chunked and capped bodies, and the client's `async with` closing it all."""

from __future__ import annotations

import asyncio
import ssl
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler
from unittest import mock

from exchange_v4 import AsyncExchangeClient, ClientClosedError
from exchange_v4._runtime.aio_transport import AsyncHttpTransport
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import BodyTooLarge, SendFailure, WireRequest

from fakes import KEY, SECRET
from local_server import LocalServer, json_answer

GET = "GET"


class AsyncPool(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()
        self.server.answer = json_answer(b"[]")
        self.transport = AsyncHttpTransport(proxy=False)

    def tearDown(self) -> None:
        self.server.close()

    def wire(self, method: str = GET, deadline_at: float | None = None) -> WireRequest:
        return WireRequest(method, f"{self.server.base_url}/wallet/withdrawals", {}, b"", 5.0, deadline_at)

    def send(self, *requests: WireRequest) -> list[object]:
        async def run() -> list[object]:
            out: list[object] = []
            for request in requests:
                try:
                    out.append(await self.transport.send(request))
                except SendFailure as failure:
                    out.append(failure)
            await self.transport.aclose()
            return out

        return asyncio.run(run())

    def test_calls_in_a_row_share_one_kept_alive_connection(self) -> None:
        async def run() -> list[int]:
            statuses = [(await self.transport.send(self.wire())).status for _ in range(5)]
            await self.transport.aclose()
            return statuses

        self.assertEqual(asyncio.run(run()), [200] * 5)
        self.assertEqual(len(self.server.requests), 5)
        self.assertEqual(self.server.connections, 1)

    def test_coroutines_share_the_pool_one_request_per_connection_at_a_time(self) -> None:
        async def work() -> None:
            for _ in range(15):
                await self.transport.send(self.wire())

        async def run() -> None:
            await asyncio.gather(*(work() for _ in range(6)))
            await self.transport.aclose()

        asyncio.run(run())
        self.assertEqual(len(self.server.requests), 90)
        self.assertLessEqual(self.server.connections, 6)  # never more than the requests in flight at once

    def test_at_most_pool_size_idle_connections_are_kept_per_origin(self) -> None:
        transport = AsyncHttpTransport(proxy=False, pool_size=2)
        gate = threading.Barrier(4, timeout=10)

        def held(h: BaseHTTPRequestHandler) -> None:
            gate.wait()  # all four requests in flight at once: four connections
            json_answer(b"[]")(h)

        self.server.answer = held

        async def run() -> tuple[int, int]:
            await asyncio.gather(*(transport.send(self.wire()) for _ in range(4)))
            idle = transport.pool.idle_count()
            await transport.aclose()
            return idle, transport.pool.idle_count()

        self.assertEqual(asyncio.run(run()), (2, 0))
        self.assertEqual(self.server.connections, 4)

    def test_a_connection_the_server_closed_is_dropped_before_anything_is_written_on_it(self) -> None:
        def answer_then_hang_up(h: BaseHTTPRequestHandler) -> None:
            json_answer(b"[]")(h)
            h.close_connection = True  # no `Connection: close`: the client learns it from the stream

        self.server.answer = answer_then_hang_up

        async def wait_then_run() -> int:
            await self.transport.send(self.wire("POST"))
            conn = self.transport.pool._idle[next(iter(self.transport.pool._idle))][0]  # pyright: ignore[reportPrivateUsage]
            for _ in range(500):  # until the server's hang-up reached the client
                if conn.dropped():
                    break
                await asyncio.sleep(0.01)
            self.assertTrue(conn.dropped())
            self.server.answer = json_answer(b"[]")
            status = (await self.transport.send(self.wire("POST"))).status
            await self.transport.aclose()
            return status

        self.assertEqual(asyncio.run(wait_then_run()), 200)
        self.assertEqual(len(self.server.requests), 2)  # the second POST written once, on a new connection
        self.assertEqual(self.server.connections, 2)

    def test_a_write_lost_on_a_reused_connection_after_it_was_written_may_have_been_sent(self) -> None:
        async def run() -> object:
            await self.transport.send(self.wire("POST"))

            def hang_up(h: BaseHTTPRequestHandler) -> None:
                h.close_connection = True  # read, then gone without a byte of answer

            self.server.answer = hang_up
            try:
                return await self.transport.send(self.wire("POST"))
            except SendFailure as failure:
                return failure
            finally:
                self.assertEqual(self.transport.pool.idle_count(), 0)
                await self.transport.aclose()

        failure = asyncio.run(run())
        assert isinstance(failure, SendFailure)
        self.assertEqual(failure.kind, "no_answer")
        self.assertEqual(self.server.connections, 1)
        self.assertEqual(len(self.server.requests), 2)  # never written a second time

    def test_an_answer_that_closes_the_connection_is_not_kept(self) -> None:
        def closing(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Length", "2")
            h.send_header("Connection", "close")
            h.end_headers()
            h.wfile.write(b"[]")

        self.server.answer = closing

        async def run() -> int:
            await self.transport.send(self.wire())
            return self.transport.pool.idle_count()

        self.assertEqual(asyncio.run(run()), 0)

    def test_a_chunked_answer_is_read_whole_and_the_connection_kept(self) -> None:
        def chunked(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Transfer-Encoding", "chunked")
            h.end_headers()
            h.wfile.write(b"3\r\n[{\"\r\n0008;x=y\r\nid\":\"w1\"\r\n2\r\n}]\r\n0\r\n\r\n")

        self.server.answer = chunked
        first, second = self.send(self.wire(), self.wire())
        self.assertEqual(getattr(first, "text", None), '[{"id":"w1"}]')
        self.assertEqual(getattr(second, "status", None), 200)
        self.assertEqual(self.server.connections, 1)

    def test_a_body_past_the_cap_fails_too_large_from_its_length_or_its_count(self) -> None:
        def declared(h: BaseHTTPRequestHandler) -> None:
            json_answer(b"[" + b"1," * 20 + b"1]")(h)

        def chunked(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Transfer-Encoding", "chunked")
            h.end_headers()
            h.wfile.write(b"a\r\n0123456789\r\na\r\n0123456789\r\n0\r\n\r\n")

        for answer in (declared, chunked):
            with self.subTest(answer=answer.__name__):
                self.server.answer = answer
                self.transport = AsyncHttpTransport(15, proxy=False)
                (failure,) = self.send(self.wire())
                self.assertIsInstance(failure, BodyTooLarge)

    def test_one_ssl_context_per_transport_made_once(self) -> None:
        made: list[ssl.SSLContext] = []
        real = ssl.create_default_context

        def counting() -> ssl.SSLContext:
            made.append(real())
            return made[-1]

        with mock.patch("ssl.create_default_context", counting):
            transport = AsyncHttpTransport(proxy=False)
            first = transport.ssl_context
            self.assertIs(transport.ssl_context, first)
        self.assertEqual(len(made), 1)

    def test_a_closed_transport_sends_nothing(self) -> None:
        async def run() -> SendFailure:
            await self.transport.aclose()
            try:
                await self.transport.send(self.wire())
            except SendFailure as failure:
                return failure
            raise AssertionError("sent")

        self.assertEqual(asyncio.run(run()).kind, "local")
        self.assertEqual(self.server.requests, [])

    def test_a_header_http_cannot_carry_is_refused_before_anything_is_sent(self) -> None:
        bad = WireRequest(GET, f"{self.server.base_url}/x", {"X-Note": "a\r\nInjected: 1"}, b"", 5.0)
        (failure,) = self.send(bad)
        assert isinstance(failure, SendFailure)
        self.assertEqual((failure.kind, "Injected" in failure.detail), ("local", False))
        self.assertEqual(self.server.connections, 0)

    def test_a_passed_deadline_sends_nothing(self) -> None:
        (failure,) = self.send(self.wire(deadline_at=time.monotonic() - 1))
        assert isinstance(failure, SendFailure)
        self.assertEqual(failure.kind, "not_sent")
        self.assertEqual(self.server.requests, [])

    def test_a_body_still_coming_at_the_deadline_is_a_timeout_though_the_timeout_is_longer(self) -> None:
        release = threading.Event()
        self.addCleanup(release.set)

        def stalled(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Length", "10")
            h.end_headers()
            h.wfile.write(b"[")
            h.wfile.flush()
            release.wait(30)

        self.server.answer = stalled
        (failure,) = self.send(WireRequest(GET, f"{self.server.base_url}/x", {}, b"", 30.0, time.monotonic() + 0.3))
        assert isinstance(failure, SendFailure)
        self.assertEqual(failure.kind, "timeout")


class AsyncLifecycle(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()
        self.server.answer = json_answer(b"[]")

    def tearDown(self) -> None:
        self.server.close()

    def client(self) -> AsyncExchangeClient:
        return AsyncExchangeClient(
            key=KEY, secret=SECRET, base_url=self.server.base_url, clock_sync="off", rate_limit="off",
            limiter=RateLimiter(), proxy=False,
        )

    def test_async_with_closes_the_connections_and_later_calls_are_refused_unsent(self) -> None:
        async def run() -> ClientClosedError:
            async with self.client() as client:
                await client.wallet.list_withdrawals()
                await client.wallet.list_withdrawals()
            try:
                await client.wallet.list_withdrawals()
            except ClientClosedError as error:
                return error
            raise AssertionError("sent")

        self.assertIn("nothing was sent", str(asyncio.run(run())))
        self.assertEqual(self.server.connections, 1)
        self.assertEqual(len(self.server.requests), 2)

    def test_aclose_twice_does_nothing_more(self) -> None:
        async def run() -> None:
            client = self.client()
            await client.wallet.list_withdrawals()
            await client.aclose()
            await client.aclose()

        asyncio.run(run())
        self.assertEqual(len(self.server.requests), 1)

    def test_async_for_pages_until_a_short_page(self) -> None:
        pages = [b'[{"id":"1"},{"id":"2"}]', b'[{"id":"3"}]']

        def paged(h: BaseHTTPRequestHandler) -> None:
            json_answer(pages.pop(0) if pages else b"[]")(h)

        self.server.answer = paged

        async def run() -> list[str]:
            async with self.client() as client:
                return [str(item.get("id")) async for item in client.wallet.iter_list_withdrawals({"limit": 2})]

        self.assertEqual(asyncio.run(run()), ["1", "2", "3"])
        self.assertEqual(len(self.server.requests), 2)


if __name__ == "__main__":
    unittest.main()
