"""The pooled `http.client` transport against a server on 127.0.0.1: kept-alive connections per
origin, reused one request at a time across threads, at most `pool_size` idle ones kept, one SSL
context per transport, a connection the server closed dropped before use (nothing written on it),
a failure after the request was written on a reused connection still "may have been sent", and a
closed client refusing calls."""

from __future__ import annotations

import select
import ssl
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler
from unittest import mock

from exchange_v4 import ClientClosedError, ExchangeClient
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import HttpTransport, SendFailure, WireRequest

from fakes import KEY, SECRET
from local_server import LocalServer, json_answer

GET = "GET"


class Pool(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()
        self.server.answer = json_answer(b"[]")
        self.transport = HttpTransport(proxy=False)

    def tearDown(self) -> None:
        self.transport.close()
        self.server.close()

    def wire(self, method: str = GET) -> WireRequest:
        return WireRequest(method, f"{self.server.base_url}/wallet/withdrawals", {}, b"", 5.0)

    def test_calls_in_a_row_share_one_kept_alive_connection(self) -> None:
        for _ in range(5):
            self.assertEqual(self.transport.send(self.wire()).status, 200)
        self.assertEqual(len(self.server.requests), 5)
        self.assertEqual(self.server.connections, 1)

    def test_threads_share_the_pool_one_request_per_connection_at_a_time(self) -> None:
        errors: list[BaseException] = []

        def work() -> None:
            try:
                for _ in range(15):
                    self.transport.send(self.wire())
            except BaseException as error:  # noqa: BLE001 - reported below
                errors.append(error)

        threads = [threading.Thread(target=work) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(len(self.server.requests), 90)
        self.assertLessEqual(self.server.connections, 6)  # never more than the requests in flight at once

    def test_at_most_pool_size_idle_connections_are_kept_per_origin(self) -> None:
        transport = HttpTransport(proxy=False, pool_size=2)
        gate = threading.Barrier(4, timeout=10)

        def held(h: BaseHTTPRequestHandler) -> None:
            gate.wait()  # all four requests in flight at once: four connections
            json_answer(b"[]")(h)

        self.server.answer = held
        threads = [threading.Thread(target=transport.send, args=(self.wire(),)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(self.server.connections, 4)
        self.assertEqual(transport.idle_connections(), 2)
        transport.close()
        self.assertEqual(transport.idle_connections(), 0)

    def test_a_connection_the_server_closed_is_dropped_before_anything_is_written_on_it(self) -> None:
        def answer_then_hang_up(h: BaseHTTPRequestHandler) -> None:
            json_answer(b"[]")(h)
            h.close_connection = True  # no `Connection: close`: the client learns it from the socket

        self.server.answer = answer_then_hang_up
        self.transport.send(self.wire("POST"))
        idle = self.transport._pool.idle_sockets()  # pyright: ignore[reportPrivateUsage]
        self.assertEqual(len(idle), 1)
        select.select(idle, [], [], 5)  # until the server's hang-up reached the client
        self.server.answer = json_answer(b"[]")
        self.assertEqual(self.transport.send(self.wire("POST")).status, 200)
        self.assertEqual(self.server.connections, 2)

    def test_a_write_lost_on_a_reused_connection_after_it_was_written_may_have_been_sent(self) -> None:
        self.transport.send(self.wire("POST"))

        def hang_up(h: BaseHTTPRequestHandler) -> None:
            h.close_connection = True  # read, then gone without a byte of answer

        self.server.answer = hang_up
        with self.assertRaises(SendFailure) as caught:
            self.transport.send(self.wire("POST"))
        self.assertEqual(caught.exception.kind, "no_answer")
        self.assertEqual(self.server.connections, 1)
        self.assertEqual(self.transport.idle_connections(), 0)

    def test_an_answer_that_closes_the_connection_is_not_kept(self) -> None:
        def closing(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Length", "2")
            h.send_header("Connection", "close")
            h.end_headers()
            h.wfile.write(b"[]")

        self.server.answer = closing
        self.transport.send(self.wire())
        self.assertEqual(self.transport.idle_connections(), 0)

    def test_one_ssl_context_per_transport_made_once(self) -> None:
        made: list[ssl.SSLContext] = []
        real = ssl.create_default_context

        def counting() -> ssl.SSLContext:
            made.append(real())
            return made[-1]

        with mock.patch("ssl.create_default_context", counting):
            transport = HttpTransport(proxy=False)
            first = transport.ssl_context
            self.assertIs(transport.ssl_context, first)
            self.assertIs(transport.ssl_context, first)
        self.assertEqual(len(made), 1)

    def test_a_closed_transport_sends_nothing(self) -> None:
        self.transport.close()
        with self.assertRaises(SendFailure) as caught:
            self.transport.send(self.wire())
        self.assertEqual(caught.exception.kind, "local")
        self.assertEqual(self.server.requests, [])


class TransportDeadline(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()
        self.release = threading.Event()
        self.transport = HttpTransport(proxy=False)

    def tearDown(self) -> None:
        self.release.set()
        self.transport.close()
        self.server.close()

    def test_a_passed_deadline_sends_nothing(self) -> None:
        wire = WireRequest(GET, f"{self.server.base_url}/x", {}, b"", 30.0, time.monotonic() - 1)
        with self.assertRaises(SendFailure) as caught:
            self.transport.send(wire)
        self.assertEqual(caught.exception.kind, "not_sent")
        self.assertEqual(self.server.requests, [])

    def test_a_body_still_coming_at_the_deadline_is_a_timeout_though_the_timeout_is_longer(self) -> None:
        def stalled(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Length", "10")
            h.end_headers()
            h.wfile.write(b"[")
            h.wfile.flush()
            self.release.wait(30)

        self.server.answer = stalled
        wire = WireRequest(GET, f"{self.server.base_url}/x", {}, b"", 30.0, time.monotonic() + 0.3)
        with self.assertRaises(SendFailure) as caught:
            self.transport.send(wire)
        self.assertEqual(caught.exception.kind, "timeout")


class Lifecycle(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()
        self.server.answer = json_answer(b"[]")

    def tearDown(self) -> None:
        self.server.close()

    def client(self) -> ExchangeClient:
        return ExchangeClient(
            key=KEY, secret=SECRET, base_url=self.server.base_url, clock_sync="off", rate_limit="off",
            limiter=RateLimiter(), proxy=False,
        )

    def test_a_client_is_a_context_manager_that_closes_its_connections(self) -> None:
        with self.client() as client:
            client.wallet.list_withdrawals()
            client.wallet.list_withdrawals()
        self.assertEqual(self.server.connections, 1)
        with self.assertRaises(ClientClosedError) as caught:
            client.wallet.list_withdrawals()
        self.assertIn("closed", str(caught.exception))
        self.assertEqual(caught.exception.operation, "listWithdrawals")
        transport = client._ctx.transport  # pyright: ignore[reportPrivateUsage]
        assert isinstance(transport, HttpTransport)
        self.assertEqual(transport.idle_connections(), 0)
        self.assertEqual(len(self.server.requests), 2)

    def test_close_is_idempotent_and_refuses_raw_requests_and_iteration(self) -> None:
        client = self.client()
        client.close()
        client.close()
        with self.assertRaises(ClientClosedError):
            client.request("GET", "/wallet/withdrawals")
        with self.assertRaises(ClientClosedError):
            next(client.wallet.iter_list_withdrawals())
        self.assertEqual(self.server.requests, [])

    def test_a_transport_of_your_own_is_not_closed_by_the_client(self) -> None:
        transport = HttpTransport(proxy=False)
        client = ExchangeClient(base_url=self.server.base_url, transport=transport, limiter=RateLimiter())
        client.wallet.list_currency_chains({"currency": "USDT"})
        client.close()
        self.assertEqual(transport.idle_connections(), 1)
        transport.close()


if __name__ == "__main__":
    unittest.main()
