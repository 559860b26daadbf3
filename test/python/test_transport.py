"""The `http.client` transport against a real server on 127.0.0.1 (port 0): a request that cannot be
encoded fails before anything is sent (never an unknown outcome, never showing the header value)."""

from __future__ import annotations

import threading
import traceback
import unittest
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from exchange_v4 import ExchangeClient, NetworkError
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import HttpTransport, SendFailure, WireRequest

from fakes import KEY, SECRET

TRANSFER = {"currency": "USDT", "from": "spot", "to": "margin", "amount": "1.5", "currency_pair": "BTC_USDT"}

#: What the server does with one request: (handler) -> None, writing the answer itself.
Answer = Callable[[BaseHTTPRequestHandler], None]


class LocalServer:
    """A server on 127.0.0.1 at a free port; each request is answered by `answer`."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.closed_early = threading.Event()
        self.answer: Answer = lambda h: h.send_response(200)
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                owner.requests.append(f"GET {self.path}")
                owner.answer(self)

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                owner.requests.append(f"POST {self.path}")
                owner.answer(self)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v4"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def json_answer(body: bytes = b"[]") -> Answer:
    def answer(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    return answer


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
