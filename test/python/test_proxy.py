"""Proxies: `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` from the environment (proxy=None), an explicit
`proxy=` URL, or none (`proxy=False`). A tiny proxy on 127.0.0.1 (socketserver) answers plain HTTP
requests itself and tunnels CONNECT to the origin; the HTTPS origin here only records the first
bytes that reach it (a TLS hello) and hangs up, so the handshake fails as "not sent"."""

from __future__ import annotations

import os
import socket
import socketserver
import threading
import traceback
import unittest
from unittest import mock

from exchange_v4 import ExchangeClient, NetworkError, ValidationError
from exchange_v4._runtime.pool import Proxy, bypassed, parse_proxy, proxy_for
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import HttpTransport, SendFailure, WireRequest

from local_server import LocalServer, json_answer


class TinyProxy:
    """Records each request's head; CONNECT is tunnelled, anything else answered `200 []`."""

    def __init__(self) -> None:
        self.heads: list[str] = []
        owner = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                head = b""
                while not head.endswith(b"\r\n\r\n"):
                    line = self.rfile.readline()
                    if not line:
                        return
                    head += line
                owner.heads.append(head.decode("latin-1"))
                method, target = head.split(b" ")[:2]
                if method != b"CONNECT":
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]")
                    return
                host, port = target.decode().rsplit(":", 1)
                upstream = socket.create_connection((host, int(port)), timeout=5)
                self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
                self.wfile.flush()
                pipe = threading.Thread(target=copy, args=(upstream, self.connection), daemon=True)
                pipe.start()
                copy(self.connection, upstream)
                pipe.join(5)

        def copy(source: socket.socket, sink: socket.socket) -> None:
            try:
                while data := source.recv(65536):
                    sink.sendall(data)
            except OSError:
                pass
            finally:
                try:
                    sink.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class HelloRecorder:
    """A TCP server that keeps the first bytes of each connection, then hangs up."""

    def __init__(self) -> None:
        self.first: list[bytes] = []
        owner = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                owner.first.append(self.request.recv(5))

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.port = self.server.server_address[1]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def only(env: dict[str, str]) -> mock._patch_dict:  # pyright: ignore[reportPrivateUsage]
    """The environment with these variables and no other proxy setting."""
    kept = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    return mock.patch.dict(os.environ, {**kept, **env}, clear=True)


class Decisions(unittest.TestCase):
    def test_no_proxy_entries(self) -> None:
        rows = [
            {"given": ("", "api.exchange.test", 443), "want": False},
            {"given": ("*", "api.exchange.test", 443), "want": True},
            {"given": ("exchange.test", "api.exchange.test", 443), "want": True},
            {"given": (".exchange.test", "api.exchange.test", 443), "want": True},
            {"given": ("exchange.test", "exchange.test", 443), "want": True},
            {"given": ("change.test", "api.exchange.test", 443), "want": False},
            {"given": ("localhost, 127.0.0.1", "127.0.0.1", 8080), "want": True},
            {"given": ("127.0.0.1:8080", "127.0.0.1", 8080), "want": True},
            {"given": ("127.0.0.1:9090", "127.0.0.1", 8080), "want": False},
            {"given": ("API.Exchange.TEST", "api.exchange.test", 443), "want": True},
        ]
        for row in rows:
            with self.subTest(given=row["given"]):
                self.assertEqual(bypassed(*row["given"]), row["want"])  # type: ignore[arg-type]

    def test_the_proxy_of_an_origin(self) -> None:
        https = ("https", "api.exchange.test", 443)
        rows = [
            {"given": (False, {"HTTPS_PROXY": "http://p:1"}, https), "want": None},
            {"given": ("http://q:2", {"HTTPS_PROXY": "http://p:1"}, https), "want": Proxy("q", 2)},
            {"given": (None, {"HTTPS_PROXY": "http://p:1"}, https), "want": Proxy("p", 1)},
            {"given": (None, {"https_proxy": "p:3128"}, https), "want": Proxy("p", 3128)},
            {"given": (None, {"HTTP_PROXY": "http://p:1"}, https), "want": None},
            {"given": (None, {"HTTPS_PROXY": "http://p:1", "NO_PROXY": "exchange.test"}, https), "want": None},
            {"given": (None, {}, https), "want": None},
        ]
        for row in rows:
            setting, env, origin = row["given"]  # type: ignore[misc]
            with self.subTest(given=row["given"]), only(env):
                self.assertEqual(proxy_for(setting, origin), row["want"])  # type: ignore[arg-type]

    def test_proxy_credentials_become_a_header_never_shown(self) -> None:
        proxy = parse_proxy("http://user:HIDDEN-MARK@p:8080")
        self.assertEqual(proxy.authorization, "Basic dXNlcjpISURERU4tTUFSSw==")
        self.assertNotIn("HIDDEN", repr(proxy))
        self.assertNotIn("dXNlcj", repr(proxy))

    def test_a_bad_proxy_option_is_refused_without_showing_it(self) -> None:
        for bad in ("socks5://user:HIDDEN-MARK@p:1", "http://user:HIDDEN-MARK@p:bad", True, 3):
            with self.subTest(proxy=bad), self.assertRaises(ValidationError) as caught:
                ExchangeClient(base_url="http://127.0.0.1:1/api/v4", proxy=bad)  # type: ignore[arg-type]
            self.assertEqual(caught.exception.field, "proxy")
            self.assertNotIn("HIDDEN", "".join(traceback.format_exception(caught.exception)))


class Wire(unittest.TestCase):
    def setUp(self) -> None:
        self.proxy = TinyProxy()
        self.origin = HelloRecorder()
        self.server = LocalServer()
        self.server.answer = json_answer(b'[{"chain":"TRX"}]')

    def tearDown(self) -> None:
        for server in (self.proxy, self.origin, self.server):
            server.close()

    def https(self, transport: HttpTransport) -> SendFailure:
        wire = WireRequest("GET", f"https://127.0.0.1:{self.origin.port}/api/v4/wallet/currency_chains", {}, b"", 5.0)
        with self.assertRaises(SendFailure) as caught:
            transport.send(wire)
        return caught.exception

    def test_https_goes_through_a_connect_tunnel_with_the_proxy_credentials(self) -> None:
        failure = self.https(HttpTransport(proxy=self.proxy.url.replace("http://", "http://me:pw@")))
        self.assertEqual(failure.kind, "not_sent")  # the TLS handshake with the hello recorder failed
        self.assertEqual(len(self.proxy.heads), 1)
        self.assertRegex(self.proxy.heads[0], rf"^CONNECT 127\.0\.0\.1:{self.origin.port} HTTP/1\.[01]\r\n")
        self.assertIn("Proxy-Authorization: Basic bWU6cHc=\r\n", self.proxy.heads[0])
        self.assertEqual([b[:2] for b in self.origin.first], [b"\x16\x03"])  # a TLS hello came through

    def test_https_proxy_from_the_environment_and_no_proxy_bypass(self) -> None:
        with only({"HTTPS_PROXY": self.proxy.url}):
            self.https(HttpTransport())
        self.assertEqual(len(self.proxy.heads), 1)
        with only({"HTTPS_PROXY": self.proxy.url, "NO_PROXY": "localhost,127.0.0.1"}):
            self.https(HttpTransport())
        with only({"HTTPS_PROXY": self.proxy.url}):
            self.https(HttpTransport(proxy=False))
        self.assertEqual(len(self.proxy.heads), 1)
        self.assertEqual(len(self.origin.first), 3)

    def test_plain_http_goes_to_the_proxy_in_absolute_form(self) -> None:
        with only({"HTTP_PROXY": self.proxy.url}):
            client = ExchangeClient(base_url=self.server.base_url, limiter=RateLimiter())
            self.assertEqual(client.wallet.list_currency_chains({"currency": "USDT"}), [])
        self.assertEqual(self.server.requests, [])
        self.assertTrue(self.proxy.heads[0].startswith(f"GET {self.server.base_url}/wallet/currency_chains?currency=USDT "))

    def test_a_proxy_variable_that_is_not_an_http_url_fails_the_call_unsent_without_showing_it(self) -> None:
        with only({"HTTP_PROXY": "socks5://user:HIDDEN-MARK@127.0.0.1:1"}):
            client = ExchangeClient(base_url=self.server.base_url, limiter=RateLimiter(), max_retries=2)
            with self.assertRaises(NetworkError) as caught:
                client.wallet.list_currency_chains({"currency": "USDT"})
        self.assertFalse(caught.exception.sent)
        self.assertNotIn("HIDDEN", "".join(traceback.format_exception(caught.exception)))
        self.assertEqual(self.server.requests, [])

    def test_no_proxy_sends_plain_http_direct(self) -> None:
        with only({"HTTP_PROXY": self.proxy.url, "NO_PROXY": "127.0.0.1"}):
            client = ExchangeClient(base_url=self.server.base_url, limiter=RateLimiter())
            self.assertEqual(client.wallet.list_currency_chains({"currency": "USDT"}), [{"chain": "TRX"}])
        self.assertEqual(self.proxy.heads, [])


if __name__ == "__main__":
    unittest.main()
