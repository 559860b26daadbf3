"""Both default transports (blocking and asyncio) against a server on 127.0.0.1 that answers with
raw bytes: a hostile answer is a `no_answer` failure naming what was wrong (the request was
written, so it may have been read) and its connection is never reused; ordinary answers in every
framing are read whole; a short deadline on a connection kept from a call with a long timeout
still ends the call on time."""

from __future__ import annotations

import asyncio
import threading
import time
import unittest
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import Any

from exchange_v4._runtime.aio_transport import AsyncHttpTransport
from exchange_v4._runtime.transport import HttpTransport, SendFailure, WireRequest, WireResponse

from local_server import LocalServer, json_answer

HOSTILE: list[dict[str, Any]] = [
    {"given": b"SSH-2.0-OpenSSH_9.0\r\n\r\n", "want": "not an HTTP/1.x status line"},
    {"given": b"HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n[]", "want": "a bad Content-Length"},
    {"given": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "want": "a bad chunk size"},
    {"given": b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n[1,", "want": "closed before the answer ended"},
    {"given": b"HTTP/1.1 200 OK\r\nX: " + b"a" * 70_000 + b"\r\n\r\n", "want": "head longer than 65536 bytes"},
    {"given": b"", "want": "closed before any answer"},
]

FRAMED: list[dict[str, Any]] = [
    {"given": b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]", "want": ("[]", 1)},
    {
        "given": b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\n1\r\n]\r\n0\r\n\r\n",
        "want": ("[]", 1),
    },
    {"given": b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n[1]", "want": ("[1]", 0)},  # to the end of the stream
    {"given": b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n[]", "want": ("[]", 0)},
]


def raw(answer: bytes, close: bool = True) -> Callable[[BaseHTTPRequestHandler], None]:
    def write(h: BaseHTTPRequestHandler) -> None:
        h.wfile.write(answer)
        h.wfile.flush()
        h.close_connection = close

    return write


class Transports(unittest.TestCase):
    def setUp(self) -> None:
        self.server = LocalServer()

    def tearDown(self) -> None:
        self.server.close()

    def wire(self, timeout_s: float = 5.0, deadline_at: float | None = None) -> WireRequest:
        return WireRequest("GET", f"{self.server.base_url}/x", {}, b"", timeout_s, deadline_at)

    def both(self, *requests: Callable[[], WireRequest]) -> dict[str, tuple[list[WireResponse | SendFailure], int]]:
        """Each request (made when it is sent) through a new blocking and a new asyncio transport:
        the outcomes and the idle connections kept after."""
        blocking = HttpTransport(proxy=False)
        out: list[WireResponse | SendFailure] = []
        for request in requests:
            try:
                out.append(blocking.send(request()))
            except SendFailure as failure:
                out.append(failure)
        kept = blocking.idle_connections()
        blocking.close()

        async def run() -> tuple[list[WireResponse | SendFailure], int]:
            transport = AsyncHttpTransport(proxy=False)
            got: list[WireResponse | SendFailure] = []
            for request in requests:
                try:
                    got.append(await transport.send(request()))
                except SendFailure as failure:
                    got.append(failure)
            idle = transport.pool.idle_count()
            await transport.aclose()
            return got, idle

        return {"blocking": (out, kept), "asyncio": asyncio.run(run())}

    def test_hostile_answers_fail_as_no_answer_naming_what_was_wrong(self) -> None:
        for row in HOSTILE:
            self.server.answer = raw(row["given"])
            for kind, (outcomes, idle) in self.both(self.wire).items():
                with self.subTest(given=row["given"][:40], transport=kind):
                    (failure,) = outcomes
                    assert isinstance(failure, SendFailure), failure
                    self.assertEqual(failure.kind, "no_answer")
                    self.assertIn(row["want"], failure.detail)
                    self.assertEqual(idle, 0)

    def test_answers_in_every_framing_are_read_whole_and_kept_only_when_reusable(self) -> None:
        for row in FRAMED:
            self.server.answer = raw(row["given"], close=b"close" in row["given"])
            for kind, (outcomes, idle) in self.both(self.wire).items():
                with self.subTest(given=row["given"][:40], transport=kind):
                    (answer,) = outcomes
                    assert isinstance(answer, WireResponse), answer
                    self.assertEqual((answer.text, idle), row["want"])

    def test_a_short_deadline_on_a_connection_kept_from_a_long_timeout_ends_on_time(self) -> None:
        release = threading.Event()
        self.addCleanup(release.set)
        calls: list[int] = []

        def first_quick_then_stalled(h: BaseHTTPRequestHandler) -> None:
            calls.append(1)
            if len(calls) % 2 == 0:
                release.wait(5)  # stalls: a late answer would be read as a success
            json_answer(b"[]")(h)

        self.server.answer = first_quick_then_stalled
        for kind, (outcomes, _) in self.both(lambda: self.wire(30.0), lambda: self.wire(30.0, time.monotonic() + 0.5)).items():
            with self.subTest(transport=kind):
                first, second = outcomes
                self.assertIsInstance(first, WireResponse)
                assert isinstance(second, SendFailure), second
                self.assertEqual(second.kind, "timeout")
        self.assertEqual(self.server.connections, 2)  # one kept-alive connection per transport


if __name__ == "__main__":
    unittest.main()
