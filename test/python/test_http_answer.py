"""The HTTP/1.x answer parser both transports share (`http_answer.AnswerParser`), fed bytes as a
hostile or ordinary server would send them: whole, byte by byte, or cut short. Each row says what
comes back (status, headers, body, whether the connection can carry another request) or which
typed error, with the reason it names."""

from __future__ import annotations

import unittest
from typing import Any

from exchange_v4._runtime.http_answer import (
    MAX_HEAD_BYTES,
    AnswerParser,
    AnswerTooLarge,
    BadAnswer,
    content_length,
)
from exchange_v4._runtime.http_head import (
    HeadRefused,
    Routes,
    connect_head,
    host_header,
    request_head,
    route_for,
    split_url,
)
from exchange_v4._runtime.pool import Proxy

OK = b"HTTP/1.1 200 OK\r\n"


def parse(wire: bytes, *, limit: int = 1024, head_only: bool = False, pieces: int = 0, eof: bool = False) -> Any:
    """Feeds `wire` whole (pieces 0) or `pieces` bytes at a time, then the end of the stream when
    `eof`; the parser's outcome as a comparable tuple, or the error's type and message."""
    answer = AnswerParser(limit, head_only)
    try:
        done = False
        step = pieces or max(1, len(wire))
        for at in range(0, len(wire), step):
            done = answer.feed(wire[at : at + step])
        if eof:
            done = answer.end()
        if not done:
            return "incomplete"
        return (answer.status, answer.headers, answer.body(), answer.reusable)
    except (BadAnswer, AnswerTooLarge) as error:
        return (type(error).__name__, str(error))


class Answers(unittest.TestCase):
    def test_framing_and_reuse(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": OK + b"Content-Length: 2\r\n\r\n[]", "want": (200, {"content-length": "2"}, b"[]", True)},
            {"given": b"HTTP/1.1 200\r\ncontent-length: 0\r\n\r\n", "want": (200, {"content-length": "0"}, b"", True)},
            {
                "given": OK + b"Content-Length: 2\r\nConnection: close\r\n\r\n[]",
                "want": (200, {"content-length": "2", "connection": "close"}, b"[]", False),
            },
            {"given": b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n[]", "want": (200, {"content-length": "2"}, b"[]", False)},
            {
                "given": b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\nConnection: Keep-Alive\r\n\r\n[]",
                "want": (200, {"content-length": "2", "connection": "Keep-Alive"}, b"[]", True),
            },
            {
                "given": OK + b"Transfer-Encoding: chunked\r\n\r\n3\r\n[{\"\r\n0008;x=y\r\nid\":\"w1\"\r\n2\r\n}]\r\n0\r\n\r\n",
                "want": (200, {"transfer-encoding": "chunked"}, b'[{"id":"w1"}]', True),
            },
            {
                "given": OK + b"Transfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\nX-Trailer: 1\r\n\r\n",
                "want": (200, {"transfer-encoding": "chunked"}, b"[]", True),
            },
            {
                "given": b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + OK + b"Content-Length: 2\r\n\r\n[]",
                "want": (200, {"content-length": "2"}, b"[]", True),
            },
            {
                "given": OK + b"Transfer-Encoding: chunked\r\nContent-Length: 9\r\n\r\n2\r\n[]\r\n0\r\n\r\n",
                "want": (200, {"transfer-encoding": "chunked", "content-length": "9"}, b"[]", False),  # chunks win, then close
            },
            {
                "given": b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n",
                "want": (101, {"upgrade": "x"}, b"", False),
            },
            {"given": b"HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n", "want": (204, {"x-a": "1"}, b"", True)},
            {"given": b"HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n", "want": (304, {"content-length": "9"}, b"", True)},
            {
                "given": OK + b"Content-Length: 2\r\nX-Folded: a\r\n  b\r\nX-A: 1\r\nX-A: 2\r\n\r\n[]",
                "want": (200, {"content-length": "2", "x-folded": "a b", "x-a": "2"}, b"[]", True),
            },
            {"given": OK + b"Content-Length: 2, 2\r\n\r\n[]", "want": (200, {"content-length": "2, 2"}, b"[]", True)},
            {
                "given": OK + b"Content-Length: 2\r\n\r\n[]extra",
                "want": (200, {"content-length": "2"}, b"[]", False),  # bytes nobody asked for
            },
        ]
        for row in rows:
            for pieces in (0, 1, 7):
                with self.subTest(given=row["given"], pieces=pieces):
                    self.assertEqual(parse(row["given"], pieces=pieces), row["want"])

    def test_a_body_to_the_end_of_the_stream(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": (OK + b"\r\n[1]", True), "want": (200, {}, b"[1]", False)},
            {"given": (OK + b"\r\n[1]", False), "want": "incomplete"},
            {"given": (OK + b"Transfer-Encoding: gzip\r\n\r\nzz", True), "want": (200, {"transfer-encoding": "gzip"}, b"zz", False)},
        ]
        for row in rows:
            wire, eof = row["given"]
            with self.subTest(given=row["given"]):
                self.assertEqual(parse(wire, eof=eof), row["want"])

    def test_a_head_or_connect_answer_has_no_body(self) -> None:
        wire = b"HTTP/1.1 200 Connection established\r\nContent-Length: 5\r\n\r\n"
        self.assertEqual(parse(wire, head_only=True), (200, {"content-length": "5"}, b"", True))

    def test_hostile_answers_are_typed_errors_naming_what_was_wrong(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": (b"HTTP/2 200 OK\r\n\r\n", False), "want": ("BadAnswer", "not an HTTP/1.x status line: 'HTTP/2 200 OK'")},
            {"given": (b"HTTP/1.1 20 OK\r\n\r\n", False), "want": ("BadAnswer", "not an HTTP/1.x status line: 'HTTP/1.1 20 OK'")},
            {"given": (b"SSH-2.0-OpenSSH\r\n\r\n", False), "want": ("BadAnswer", "not an HTTP/1.x status line: 'SSH-2.0-OpenSSH'")},
            {"given": (OK + b"Bad Name: 1\r\n\r\n", False), "want": ("BadAnswer", "a bad header line: 'Bad Name: 1'")},
            {"given": (OK + b"no colon\r\n\r\n", False), "want": ("BadAnswer", "a bad header line: 'no colon'")},
            {"given": (OK + b" folded\r\n\r\n", False), "want": ("BadAnswer", "a folded line before any header")},
            {"given": (OK + b"Content-Length: -1\r\n\r\n", False), "want": ("BadAnswer", "a bad Content-Length: '-1'")},
            {"given": (OK + b"Content-Length: 1x\r\n\r\n", False), "want": ("BadAnswer", "a bad Content-Length: '1x'")},
            {"given": (OK + b"Content-Length: 2, 3\r\n\r\n", False), "want": ("BadAnswer", "a bad Content-Length: '2, 3'")},
            {
                "given": (OK + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n", False),
                "want": ("BadAnswer", "two different Content-Length headers"),
            },
            {
                "given": (OK + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n", False),
                "want": ("BadAnswer", "a bad chunk size: b'zz'"),
            },
            {
                "given": (OK + b"Transfer-Encoding: chunked\r\n\r\n-1\r\n", False),
                "want": ("BadAnswer", "a bad chunk size: b'-1'"),
            },
            {
                "given": (OK + b"Transfer-Encoding: chunked\r\n\r\n2\r\n[]XX0\r\n\r\n", False),
                "want": ("BadAnswer", "a chunk not ended by CRLF"),
            },
            {
                "given": (OK + b"Transfer-Encoding: chunked\r\n\r\n" + b"1" * 2000, False),
                "want": ("BadAnswer", "a chunk-size line longer than 1024 bytes"),
            },
            {"given": (b"", True), "want": ("BadAnswer", "the connection closed before any answer")},
            {"given": (b"HTTP/1.1 200 O", True), "want": ("BadAnswer", "the connection closed before the answer ended")},
            {
                "given": (OK + b"Content-Length: 10\r\n\r\n[1,", True),
                "want": ("BadAnswer", "the connection closed before the answer ended"),
            },
            {
                "given": (OK + b"Transfer-Encoding: chunked\r\n\r\n5\r\n[1", True),
                "want": ("BadAnswer", "the connection closed before the answer ended"),
            },
        ]
        for row in rows:
            wire, eof = row["given"]
            for pieces in (0, 1):
                with self.subTest(given=row["given"], pieces=pieces):
                    self.assertEqual(parse(wire, eof=eof, pieces=pieces), row["want"])

    def test_an_oversized_head_is_refused_however_it_arrives(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": OK + b"X-Big: " + b"a" * MAX_HEAD_BYTES + b"\r\n\r\n", "want": "head longer than"},
            {"given": OK + b"X-Big: " + b"a" * MAX_HEAD_BYTES, "want": "head longer than"},  # never ends
            {"given": (b"HTTP/1.1 100 Continue\r\nX: " + b"a" * 1000 + b"\r\n\r\n") * 70, "want": "head longer than"},
            {
                "given": OK + b"Transfer-Encoding: chunked\r\n\r\n0\r\n" + b"X: 1\r\n" * 20000,
                "want": "trailers longer than",
            },
        ]
        for row in rows:
            for pieces in (0, 4096):
                with self.subTest(given=row["given"][:40], pieces=pieces):
                    kind, message = parse(row["given"], pieces=pieces)
                    self.assertEqual(kind, "BadAnswer")
                    self.assertIn(row["want"], message)

    def test_a_body_past_the_cap_is_refused_as_soon_as_it_shows(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": (OK + b"Content-Length: 11\r\n\r\n", False), "want": ("AnswerTooLarge", 200)},
            {"given": (OK + b"Content-Length: 10\r\n\r\n0123456789", False), "want": 200},
            {"given": (OK + b"Transfer-Encoding: chunked\r\n\r\n6\r\n012345\r\n5\r\n", False), "want": ("AnswerTooLarge", 200)},
            {"given": (b"HTTP/1.1 500 Oops\r\n\r\n" + b"x" * 11, False), "want": ("AnswerTooLarge", 500)},
            {"given": (b"HTTP/1.1 500 Oops\r\n\r\n" + b"x" * 10, True), "want": 500},
        ]
        for row in rows:
            wire, eof = row["given"]
            with self.subTest(given=row["given"]):
                answer = AnswerParser(10)
                try:
                    answer.feed(wire)
                    if eof:
                        answer.end()
                    got: Any = answer.status
                except AnswerTooLarge as error:
                    got = ("AnswerTooLarge", error.status)
                self.assertEqual(got, row["want"])

    def test_content_length_values(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": "0", "want": 0},
            {"given": " 42 ", "want": 42},
            {"given": "7, 7", "want": 7},
            {"given": "", "want": BadAnswer},
            {"given": "+5", "want": BadAnswer},
            {"given": "٣", "want": BadAnswer},  # a digit, not an ASCII one
            {"given": "9" * 19, "want": BadAnswer},
            {"given": "1e3", "want": BadAnswer},
        ]
        for row in rows:
            with self.subTest(given=row["given"]):
                try:
                    got: Any = content_length(row["given"])
                except BadAnswer:
                    got = BadAnswer
                self.assertEqual(got, row["want"])


class Heads(unittest.TestCase):
    def test_request_heads(self) -> None:
        rows: list[dict[str, Any]] = [
            {
                "given": ("GET", "/api/v4/x?a=1", "h:8080", {"KEY": "k"}, b""),
                "want": b"GET /api/v4/x?a=1 HTTP/1.1\r\nHost: h:8080\r\nKEY: k\r\n\r\n",
            },
            {
                "given": ("POST", "/x", "h", {}, b"{}"),
                "want": b"POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n",
            },
            {"given": ("DELETE", "/x", "h", {}, b""), "want": b"DELETE /x HTTP/1.1\r\nHost: h\r\n\r\n"},
            {"given": ("PUT", "/x", "h", {}, b""), "want": b"PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n"},
            {"given": ("GET", "/x", "h", {"X-Note": "caf\u00e9"}, b""), "want": b"GET /x HTTP/1.1\r\nHost: h\r\nX-Note: caf\xe9\r\n\r\n"},
            {"given": ("GET", "/x", "h", {"X-Note": "HIDDEN\r\nX-Injected: 1"}, b""), "want": "header X-Note has a character"},
            {"given": ("GET", "/x", "h", {"X-Note": "HIDDEN \u20ac"}, b""), "want": "header X-Note has a character"},
            {"given": ("GET", "/x", "h", {"Bad Name": "v"}, b""), "want": "a header name has a character"},
            {"given": ("GET", "/x y", "h", {}, b""), "want": "the request target has a character"},
            {"given": ("GET", "/x\r\nX: 1", "h", {}, b""), "want": "the request target has a character"},
        ]
        for row in rows:
            with self.subTest(given=row["given"]):
                try:
                    got: Any = request_head(*row["given"])
                except HeadRefused as refused:
                    got = str(refused)
                    self.assertNotIn("HIDDEN", got)
                    got = got[: len(row["want"])]
                self.assertEqual(got, row["want"])

    def test_host_and_connect_heads(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": host_header("api.exchange.test", 443, "https"), "want": "api.exchange.test"},
            {"given": host_header("api.exchange.test", 80, "https"), "want": "api.exchange.test:80"},
            {"given": host_header("::1", 8080, "http"), "want": "[::1]:8080"},
            {"given": host_header("bücher.test", 80, "http"), "want": "xn--bcher-kva.test"},
            {"given": connect_head("h", 443, None), "want": b"CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\n"},
            {
                "given": connect_head("::1", 80, "Basic eA=="),
                "want": b"CONNECT [::1]:80 HTTP/1.1\r\nHost: [::1]:80\r\nProxy-Authorization: Basic eA==\r\n\r\n",
            },
        ]
        for row in rows:
            with self.subTest(want=row["want"]):
                self.assertEqual(row["given"], row["want"])

    def test_urls_split_into_base_and_target(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": "https://api.exchange.test/api/v4/x?a=1&b=2", "want": ("https://api.exchange.test", "/api/v4/x?a=1&b=2")},
            {"given": "http://127.0.0.1:8080/api/v4", "want": ("http://127.0.0.1:8080", "/api/v4")},
            {"given": "http://[::1]:8080/x#frag", "want": ("http://[::1]:8080", "/x")},
            {"given": "http://h", "want": ("http://h", "/")},
            {"given": "http://h?a=1", "want": ("http://h", "/?a=1")},
            {"given": "/relative", "want": ValueError},
            {"given": "h:80/x", "want": ValueError},
        ]
        for row in rows:
            with self.subTest(given=row["given"]):
                try:
                    got: Any = split_url(row["given"])
                except ValueError:
                    got = ValueError
                self.assertEqual(got, row["want"])

    def test_routes(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": ("https://h", False), "want": (("https", "h", 443), "h", None, "", {})},
            {"given": ("http://h:8080", False), "want": (("http", "h", 8080), "h:8080", None, "", {})},
            {
                "given": ("http://h:8080", "http://u:p@proxy:3128"),
                "want": (("http", "h", 8080), "h:8080", Proxy("proxy", 3128, "Basic dTpw"), "http://h:8080",
                         {"Proxy-Authorization": "Basic dTpw"}),
            },
            {"given": ("https://h", "http://proxy:3128"), "want": (("https", "h", 443), "h", Proxy("proxy", 3128), "", {})},
            {"given": ("ftp://h", False), "want": "the URL's scheme must be http or https"},
            {"given": ("http://h:99999", False), "want": "Port out of range 0-65535"},
            {"given": ("http://h", "socks5://u:HIDDEN@p:1"), "want": "the proxy URL must be http://host[:port]"},
        ]
        for row in rows:
            with self.subTest(given=row["given"]):
                try:
                    r = route_for(*row["given"])
                    got: Any = (r.origin, r.host, r.proxy, r.prefix, dict(r.extra))
                except ValueError as error:
                    got = str(error)
                self.assertEqual(got, row["want"])


class RouteCache(unittest.TestCase):
    def test_each_authority_worked_out_once_and_bounded(self) -> None:
        routes = Routes(False)
        first, target = routes.of("http://h:81/api/v4/x?a=1")
        again, other = routes.of("http://h:81/y")
        self.assertIs(first, again)  # one route per scheme://authority
        self.assertEqual((target, other), ("/api/v4/x?a=1", "/y"))
        for port in range(1, 70):  # past the 64 kept, the cache starts again
            routes.of(f"http://h:{port}/")
        self.assertIsNot(routes.of("http://h:81/")[0], first)

    def test_a_url_that_cannot_be_used_is_a_value_error(self) -> None:
        for url in ("ftp://h/", "not a url", "http://h:99999/"):
            with self.subTest(url), self.assertRaises(ValueError):
                Routes(False).of(url)


if __name__ == "__main__":
    unittest.main()
