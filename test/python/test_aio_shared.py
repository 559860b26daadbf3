"""The asyncio client's clock, limiter and proxy: the same `ServerClock` measured by an awaited call
(thirty coroutines starting at once measure once; thirty `REQUEST_EXPIRED` answers to one offset
resync once; a failed first measurement fails every waiter), the same `RateLimiter` waited on
without blocking the loop (a coroutine waiting for a slot held in flight wakes when it is released,
not at a poll), and the same proxies (CONNECT tunnel with credentials, `NO_PROXY`)."""

from __future__ import annotations

import asyncio
import dataclasses
import time
import unittest
from typing import Any

from exchange_v4 import AsyncExchangeClient, NetworkError, RateLimitError
from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.aio_transport import AsyncHttpTransport
from exchange_v4._runtime.metadata import RateLimit
from exchange_v4._runtime.rate_limit import RateLimiter, Ticket
from exchange_v4._runtime.transport import SendFailure, WireRequest, WireResponse

from fakes import BASE, KEY, SECRET, reply
from test_proxy import HelloRecorder, TinyProxy, only

COROUTINES = 30
SERVER_MS = 1_700_000_000_000


class AsyncExchange:
    """An asyncio fake server: counts `/spot/time` requests (each held a moment, so concurrent
    callers overlap it) and answers private reads with `private(n)` for the n-th one."""

    def __init__(self, private: Any = None, time_answer: Any = None) -> None:
        self.time_requests = 0
        self.private_requests = 0
        self.private = private or (lambda n: reply(200, []))  # type: ignore[no-any-return]
        self.time_answer = time_answer or (lambda: reply(200, {"server_time": SERVER_MS}))  # type: ignore[no-any-return]

    async def send(self, request: WireRequest) -> WireResponse:
        if "/spot/time" in request.url:
            self.time_requests += 1
            await asyncio.sleep(0.05)  # keeps the measurement in flight while others arrive
            return self.time_answer()  # type: ignore[no-any-return]
        self.private_requests += 1
        n = self.private_requests
        await asyncio.sleep(0)
        return self.private(n)  # type: ignore[no-any-return]


def lazy_client(exchange: AsyncExchange, **options: Any) -> AsyncExchangeClient:
    return AsyncExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=exchange, limiter=RateLimiter(), rate_limit="off", **options
    )


def gather_errors(client: AsyncExchangeClient) -> list[BaseException]:
    async def run() -> list[BaseException]:
        results = await asyncio.gather(
            *(client.wallet.list_withdrawals() for _ in range(COROUTINES)), return_exceptions=True
        )
        return [r for r in results if isinstance(r, BaseException)]

    return asyncio.run(run())


class AsyncClockSharing(unittest.TestCase):
    def test_thirty_coroutines_starting_at_once_measure_the_server_time_once(self) -> None:
        exchange = AsyncExchange()
        c = lazy_client(exchange)
        self.assertEqual(gather_errors(c), [])
        self.assertEqual(exchange.time_requests, 1)
        self.assertEqual(exchange.private_requests, COROUTINES)
        self.assertNotEqual(c.clock_offset_ms, 0)

    def test_thirty_request_expired_answers_to_one_offset_resync_once(self) -> None:
        def private(n: int) -> WireResponse:
            return reply(401, {"label": "REQUEST_EXPIRED"}) if n <= COROUTINES else reply(200, [])

        exchange = AsyncExchange(private)
        self.assertEqual(gather_errors(lazy_client(exchange)), [])
        self.assertEqual(exchange.time_requests, 2)  # the first measurement and one resync
        self.assertEqual(exchange.private_requests, 2 * COROUTINES)

    def test_a_failed_first_measurement_fails_every_waiter_and_nothing_private_is_sent(self) -> None:
        exchange = AsyncExchange(time_answer=lambda: reply(200, {"server_time": "soon"}))
        errors = gather_errors(lazy_client(exchange, max_retries=0))
        self.assertEqual(len(errors), COROUTINES)
        self.assertEqual(exchange.time_requests, 1)
        self.assertEqual(exchange.private_requests, 0)

    def test_sync_clock_measures_now(self) -> None:
        exchange = AsyncExchange()
        c = lazy_client(exchange)
        asyncio.run(c.sync_clock())
        self.assertEqual(exchange.time_requests, 1)


class AsyncLimiter(unittest.TestCase):
    def test_try_acquire_never_blocks(self) -> None:
        limit = OPERATIONS["withdraw"].rate_limit
        limiter = RateLimiter()
        rows: list[dict[str, Any]] = [
            {"given": "off", "want": Ticket},
            {"given": "wait", "want": Ticket},
            {"given": "wait", "want": tuple},  # the bucket is full: a wait, not a sleep
        ]
        for row in rows:
            started = time.monotonic()
            got = limiter.try_acquire(["k"], limit, operation="withdraw", mode=row["given"], max_wait_ms=60_000)
            self.assertIsInstance(got, row["want"])
            self.assertLess(time.monotonic() - started, 1.0)
        with self.assertRaises(RateLimitError):
            limiter.try_acquire(["k"], limit, operation="withdraw", mode="reject")

    def test_coroutines_beyond_the_limit_wait_their_turn_one_in_flight_at_a_time(self) -> None:
        one = RateLimit("test", 1, 0.05, "ip")  # one request per 50 ms
        meta = dataclasses.replace(OPERATIONS["listWithdrawals"], rate_limit=one)
        limiter = RateLimiter(margin_ms=0)
        wakes: list[int] = []
        remove = limiter.on_release(lambda: wakes.append(1))

        class Counting:
            in_flight = 0
            most = 0

            async def send(self, request: WireRequest) -> WireResponse:
                Counting.in_flight += 1
                Counting.most = max(Counting.most, Counting.in_flight)
                await asyncio.sleep(0.02)
                Counting.in_flight -= 1
                return reply(200, [])

        client = AsyncExchangeClient(
            key=KEY, secret=SECRET, base_url=BASE, transport=Counting(), limiter=limiter, clock_sync="off"
        )

        async def run() -> list[Any]:
            return await asyncio.gather(*(client.execute_operation(meta, {}, {}) for _ in range(4)))

        self.assertEqual(asyncio.run(run()), [[]] * 4)
        self.assertEqual(Counting.most, 1)
        self.assertEqual(len(wakes), 4)  # each release told the waiters
        remove()
        self.assertEqual(limiter._listeners, [])  # pyright: ignore[reportPrivateUsage]


class AsyncProxy(unittest.TestCase):
    def setUp(self) -> None:
        self.proxy = TinyProxy()
        self.origin = HelloRecorder()

    def tearDown(self) -> None:
        self.proxy.close()
        self.origin.close()

    def https(self, transport: AsyncHttpTransport) -> SendFailure:
        wire = WireRequest("GET", f"https://127.0.0.1:{self.origin.port}/api/v4/wallet/currency_chains", {}, b"", 5.0)

        async def run() -> SendFailure:
            try:
                await transport.send(wire)
            except SendFailure as failure:
                return failure
            finally:
                await transport.aclose()
            raise AssertionError("answered")

        return asyncio.run(run())

    def test_https_goes_through_a_connect_tunnel_with_the_proxy_credentials(self) -> None:
        failure = self.https(AsyncHttpTransport(proxy=self.proxy.url.replace("http://", "http://me:pw@")))
        self.assertEqual(failure.kind, "not_sent")  # the TLS handshake with the hello recorder failed
        self.assertEqual(len(self.proxy.heads), 1)
        self.assertRegex(self.proxy.heads[0], rf"^CONNECT 127\.0\.0\.1:{self.origin.port} HTTP/1\.[01]\r\n")
        self.assertIn("Proxy-Authorization: Basic bWU6cHc=\r\n", self.proxy.heads[0])
        self.assertEqual([b[:2] for b in self.origin.first], [b"\x16\x03"])  # a TLS hello came through

    def test_https_proxy_from_the_environment_and_no_proxy_bypass(self) -> None:
        with only({"HTTPS_PROXY": self.proxy.url}):
            self.https(AsyncHttpTransport())
        self.assertEqual(len(self.proxy.heads), 1)
        with only({"HTTPS_PROXY": self.proxy.url, "NO_PROXY": "localhost,127.0.0.1"}):
            self.https(AsyncHttpTransport())
        with only({"HTTPS_PROXY": self.proxy.url}):
            self.https(AsyncHttpTransport(proxy=False))
        self.assertEqual(len(self.proxy.heads), 1)
        self.assertEqual(len(self.origin.first), 3)

    def test_plain_http_goes_to_the_proxy_in_absolute_form(self) -> None:
        async def run() -> Any:
            async with AsyncExchangeClient(base_url="http://127.0.0.1:9/api/v4", limiter=RateLimiter()) as client:
                return await client.wallet.list_currency_chains({"currency": "USDT"})

        with only({"HTTP_PROXY": self.proxy.url}):
            self.assertEqual(asyncio.run(run()), [])
        self.assertTrue(self.proxy.heads[0].startswith("GET http://127.0.0.1:9/api/v4/wallet/currency_chains?currency=USDT "))

    def test_a_proxy_variable_that_is_not_an_http_url_fails_the_call_unsent(self) -> None:
        async def run() -> NetworkError:
            client = AsyncExchangeClient(base_url="http://127.0.0.1:9/api/v4", limiter=RateLimiter(), max_retries=2)
            try:
                await client.wallet.list_currency_chains({"currency": "USDT"})
            except NetworkError as error:
                return error
            raise AssertionError("answered")

        with only({"HTTP_PROXY": "socks5://user:HIDDEN-MARK@127.0.0.1:1"}):
            error = asyncio.run(run())
        self.assertFalse(error.sent)
        self.assertNotIn("HIDDEN", str(error))


if __name__ == "__main__":
    unittest.main()
