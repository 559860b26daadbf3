"""A server on 127.0.0.1 at a free port for the transport suites: each request is answered by a
function the test sets, which writes the answer itself (a whole body, an endless one, a lie)."""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

#: What the server does with one request: (handler) -> None, writing the answer itself.
Answer = Callable[[BaseHTTPRequestHandler], None]


class LocalServer:
    """A server on 127.0.0.1 at a free port; each request is answered by `answer`. `hung_up` is set
    when the client closed the connection while an endless answer was being written."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        #: How many TCP connections the server accepted.
        self.connections = 0
        self.hung_up = threading.Event()
        self.answer: Answer = lambda h: h.send_response(200)
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                owner.connections += 1
                super().setup()

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

        class Quiet(ThreadingHTTPServer):
            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client hanging up on an endless answer is what the tests expect

        self.server = Quiet(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
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


def json_answer_with(body: bytes, headers: dict[str, str]) -> Answer:
    """A whole answer with these headers (and no Content-Length unless given)."""

    def answer(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        for name, value in {"Content-Type": "application/json", **headers}.items():
            h.send_header(name, value)
        h.end_headers()
        h.wfile.write(body)
        h.close_connection = True

    return answer


def endless_answer(server: LocalServer, chunk: Callable[[], bytes], headers: dict[str, str]) -> Answer:
    """A chunked answer that never ends: `chunk()` after `chunk()` until the client hangs up."""

    def answer(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        for name, value in {"Content-Type": "application/json", "Transfer-Encoding": "chunked", **headers}.items():
            h.send_header(name, value)
        h.end_headers()
        h.close_connection = True
        try:
            while True:
                data = chunk()
                if data:
                    h.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                    h.wfile.flush()
        except OSError:
            server.hung_up.set()

    return answer


def gzip_zeros() -> Callable[[], bytes]:
    """An endless gzip stream of zeros, 1 MiB of them per piece (a few hundred bytes compressed)."""
    stream = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(1024 * 1024)
    return lambda: stream.compress(zeros) + stream.flush(zlib.Z_SYNC_FLUSH)
