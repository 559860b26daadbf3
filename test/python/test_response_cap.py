"""The response-body cap (`max_response_bytes`, default 16 MiB) of the `http.client` transport against
a server on 127.0.0.1: a declared length over the cap is refused from the header, any other body is
counted as it is read (`http.client` decodes no content encoding) and dropped at the cap. Memory
safety shows in the cap error and in the server seeing the client hang up, never in timings."""

from __future__ import annotations

import gzip
import json
import unittest
from http.server import BaseHTTPRequestHandler
from typing import Any

from exchange_v4 import ExchangeClient, ResponseBodyError, ResponseTooLargeError, UnknownOutcomeError, ValidationError
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import DEFAULT_MAX_RESPONSE_BYTES, BodyTooLarge, HttpTransport, WireRequest

from fakes import KEY, SECRET
from local_server import LocalServer, endless_answer, gzip_zeros, json_answer, json_answer_with

RECORD = {"id": "w1", "status": "REQUEST", "currency": "USDT", "amount": "10", "withdraw_order_id": "wd-cap-1"}
WITHDRAW = {"currency": "USDT", "amount": "10", "chain": "TRX", "address": "Txyz", "withdraw_order_id": "wd-cap-1"}


class Cap(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()

    def tearDown(self) -> None:
        self.server.close()

    def client(self, **options: Any) -> ExchangeClient:
        settings: dict[str, Any] = {"clock_sync": "off", "rate_limit": "off", "max_retries": 0, **options}
        client = ExchangeClient(key=KEY, secret=SECRET, base_url=self.server.base_url, limiter=RateLimiter(), **settings)
        client._ctx.sleep_ms = lambda ms: None  # pyright: ignore[reportPrivateUsage]
        return client

    def send(self, limit: int | None = None) -> BodyTooLarge:
        transport = HttpTransport() if limit is None else HttpTransport(max_response_bytes=limit)
        wire = WireRequest("GET", f"{self.server.base_url}/wallet/withdrawals", {}, b"", 30.0)
        with self.assertRaises(BodyTooLarge) as caught:
            transport.send(wire)
        return caught.exception

    def test_the_default_is_16_mib(self) -> None:
        self.assertEqual(DEFAULT_MAX_RESPONSE_BYTES, 16 * 1024 * 1024)
        self.assertEqual(HttpTransport().max_response_bytes, DEFAULT_MAX_RESPONSE_BYTES)

    def test_a_body_exactly_at_the_cap_is_read(self) -> None:
        text = json.dumps([RECORD]).encode()
        self.server.answer = json_answer(text)
        data = self.client(max_response_bytes=len(text)).wallet.list_withdrawals()
        self.assertEqual(data[0]["id"], "w1")

    def test_a_content_length_over_the_default_cap_is_refused_from_the_header(self) -> None:
        # The header lies: it announces 20 MiB, sends a few bytes and never ends the answer.
        def lying(h: BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Length", str(20 * 1024 * 1024))
            h.end_headers()
            h.wfile.write(b'[{"id":')
            h.wfile.flush()
            self.server.hung_up.wait(30)

        self.server.answer = lying
        failure = self.send()
        self.assertEqual((failure.kind, failure.status, failure.limit), ("too_large", 200, DEFAULT_MAX_RESPONSE_BYTES))

    def test_an_endless_body_without_content_length_is_dropped_at_the_cap(self) -> None:
        self.server.answer = endless_answer(self.server, lambda: b" " * 16384, {})
        failure = self.send(64 * 1024)
        self.assertEqual(failure.limit, 64 * 1024)
        self.assertTrue(self.server.hung_up.wait(10))

    def test_an_endless_gzip_stream_is_dropped_at_the_cap_as_read(self) -> None:
        self.server.answer = endless_answer(self.server, gzip_zeros(), {"Content-Encoding": "gzip"})
        self.send(4096)
        self.assertTrue(self.server.hung_up.wait(10))

    def test_a_gzip_bomb_is_never_decoded(self) -> None:
        bomb = gzip.compress(bytes(8 * 1024 * 1024))
        self.assertLess(len(bomb), 64 * 1024)
        headers = {"Content-Encoding": "gzip", "Content-Length": str(len(bomb))}
        self.server.answer = json_answer_with(bomb, headers)
        with self.assertRaises(ResponseBodyError):
            self.client(max_response_bytes=1024 * 1024).wallet.list_withdrawals()

    def test_a_read_over_the_cap_is_retried_per_policy_then_fails_with_the_cap_error(self) -> None:
        self.server.answer = json_answer(json.dumps([RECORD] * 3).encode())
        with self.assertRaises(ResponseTooLargeError) as caught:
            self.client(max_response_bytes=100, max_retries=1).wallet.list_withdrawals()
        error = caught.exception
        self.assertEqual((error.status, error.limit, error.operation), (200, 100, "listWithdrawals"))
        self.assertEqual(
            str(error), "listWithdrawals: the server answered 200 with a body larger than 100 bytes "
            "(max_response_bytes); it was not read",
        )
        self.assertEqual(len(self.server.requests), 2)

    def test_a_write_answered_over_the_cap_is_looked_up_never_sent_twice(self) -> None:
        post = endless_answer(self.server, lambda: b" " * 8192, {})
        self.server.answer = lambda h: json_answer(json.dumps([RECORD]).encode())(h) if h.command == "GET" else post(h)
        record = self.client(max_response_bytes=4096, max_retries=2).withdrawals.withdraw(WITHDRAW)
        self.assertEqual(record["id"], "w1")
        self.assertEqual([r.split("?")[0] for r in self.server.requests],
                         ["POST /api/v4/withdrawals", "GET /api/v4/wallet/withdrawals"])

    def test_a_write_over_the_cap_not_found_is_an_unknown_outcome_naming_the_cap(self) -> None:
        big = json_answer(b" " * 8192)
        self.server.answer = lambda h: json_answer(b"[]")(h) if h.command == "GET" else big(h)
        with self.assertRaises(UnknownOutcomeError) as caught:
            self.client(max_response_bytes=4096, max_retries=2).withdrawals.withdraw(WITHDRAW)
        error = caught.exception
        self.assertEqual(error.idempotency and error.idempotency.value, "wd-cap-1")
        self.assertIn("ResponseTooLargeError", error.cause_text or "")
        self.assertEqual(len([r for r in self.server.requests if r.startswith("POST")]), 1)

    def test_bad_option_values_are_refused_at_construction(self) -> None:
        for given in (0, -1, 1.5, "1024", 2**31, True):
            with self.subTest(given=given), self.assertRaises(ValidationError) as caught:
                ExchangeClient(max_response_bytes=given)  # pyright: ignore[reportArgumentType]
            self.assertEqual((caught.exception.field, caught.exception.rule), ("max_response_bytes", "option"))


if __name__ == "__main__":
    unittest.main()
