"""The `http.client` transport against a real server on 127.0.0.1 (port 0): a request that cannot be
encoded fails before anything is sent (never an unknown outcome, never showing the header value)."""

from __future__ import annotations

import traceback
import unittest

from exchange_v4 import ExchangeClient, NetworkError
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import HttpTransport, SendFailure, WireRequest

from fakes import KEY, SECRET
from local_server import LocalServer, json_answer

TRANSFER = {"currency": "USDT", "from": "spot", "to": "margin", "amount": "1.5", "currency_pair": "BTC_USDT"}

class NeverSent(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()
        self.server.answer = json_answer(b'{"tx_id":"1"}')

    def tearDown(self) -> None:
        self.server.close()

    def test_a_header_http_client_refuses_fails_as_not_sent_without_its_value(self) -> None:
        for value in ("HIDDEN-MARK\nX-Injected: 1", "HIDDEN-MARK \u20ac"):
            with self.subTest(value=value):
                wire = WireRequest("POST", f"{self.server.base_url}/wallet/transfers", {"X-Note": value}, b"{}", 5.0)
                with self.assertRaises(SendFailure) as caught:
                    HttpTransport().send(wire)
                self.assertEqual(caught.exception.kind, "local")
                shown = str(caught.exception) + "".join(traceback.format_exception(caught.exception))
                self.assertNotIn("HIDDEN-MARK", shown)
        self.assertEqual(self.server.requests, [])

    def test_a_write_whose_header_cannot_be_encoded_is_a_network_error_never_sent_sent_once(self) -> None:
        events: list[dict[str, object]] = []
        client = ExchangeClient(
            key=KEY, secret=SECRET, base_url=self.server.base_url, clock_sync="off", rate_limit="off",
            limiter=RateLimiter(), logger=lambda e: events.append(dict(e)), max_retries=2,
        )
        with self.assertRaises(NetworkError) as caught:
            client.wallet.transfer(TRANSFER, headers={"X-Note": "HIDDEN-MARK \u20ac"})
        error = caught.exception
        self.assertFalse(error.sent)
        self.assertEqual(self.server.requests, [])
        self.assertEqual([e["type"] for e in events], ["request", "error"])
        shown = "\n".join([str(error), repr(error), repr(vars(error)), "".join(traceback.format_exception(error))])
        self.assertNotIn("HIDDEN-MARK", shown)
        self.assertNotIn("HIDDEN-MARK", repr(events))


if __name__ == "__main__":
    unittest.main()
