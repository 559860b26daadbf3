"""Both default transports over real TLS against a server on 127.0.0.1 with a certificate made for
it here (`openssl`, as the benchmark makes its own): calls in a row share one kept-alive TLS
connection, a proxy's CONNECT tunnel carries the TLS session to the origin, and a server whose
certificate the context does not trust fails the handshake as "not sent"."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
import tempfile
import unittest
from pathlib import Path
from typing import Literal

from exchange_v4._runtime.aio_transport import AsyncHttpTransport
from exchange_v4._runtime.transport import HttpTransport, SendFailure, WireRequest

from local_server import LocalServer, json_answer
from test_proxy import TinyProxy


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-days", "2", "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True, timeout=30,
    )
    return key, cert


class Https(unittest.TestCase):
    folder: tempfile.TemporaryDirectory[str]
    key: Path
    cert: Path

    @classmethod
    def setUpClass(cls) -> None:
        assert shutil.which("openssl"), "openssl makes the test certificate"
        cls.folder = tempfile.TemporaryDirectory()
        cls.key, cls.cert = certificate(Path(cls.folder.name))

    @classmethod
    def tearDownClass(cls) -> None:
        cls.folder.cleanup()

    def setUp(self) -> None:
        self.server = LocalServer()
        self.server.answer = json_answer(b'[{"id":"w1"}]')
        served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        served.load_cert_chain(self.cert, self.key)
        self.server.server.socket = served.wrap_socket(self.server.server.socket, server_side=True)
        self.url = self.server.base_url.replace("http://", "https://") + "/wallet/withdrawals"
        self.trusted = ssl.create_default_context(cafile=str(self.cert))
        self.proxy = TinyProxy()

    def tearDown(self) -> None:
        self.proxy.close()
        self.server.close()

    def sends(self, proxy: str | Literal[False], context: ssl.SSLContext) -> dict[str, list[str]]:
        """Two GETs through a new blocking and a new asyncio transport: each answer's text or
        failure kind."""
        wire = WireRequest("GET", self.url, {}, b"", 5.0)
        blocking = HttpTransport(proxy=proxy, ssl_context=context)
        out: dict[str, list[str]] = {"blocking": [], "asyncio": []}
        for _ in range(2):
            try:
                out["blocking"].append(blocking.send(wire).text)
            except SendFailure as failure:
                out["blocking"].append(failure.kind)
        blocking.close()

        async def run() -> None:
            transport = AsyncHttpTransport(proxy=proxy, ssl_context=context)
            for _ in range(2):
                try:
                    out["asyncio"].append((await transport.send(wire)).text)
                except SendFailure as failure:
                    out["asyncio"].append(failure.kind)
            await transport.aclose()

        asyncio.run(run())
        return out

    def test_calls_in_a_row_share_one_kept_alive_tls_connection(self) -> None:
        answer = '[{"id":"w1"}]'
        self.assertEqual(self.sends(False, self.trusted), {"blocking": [answer] * 2, "asyncio": [answer] * 2})
        self.assertEqual(self.server.connections, 2)  # one per transport
        self.assertEqual(len(self.server.requests), 4)

    def test_a_connect_tunnel_carries_tls_to_the_origin(self) -> None:
        answer = '[{"id":"w1"}]'
        self.assertEqual(self.sends(self.proxy.url, self.trusted), {"blocking": [answer] * 2, "asyncio": [answer] * 2})
        port = self.server.server.server_address[1]
        self.assertEqual(len(self.proxy.heads), 2)  # one tunnel per transport, kept alive
        for head in self.proxy.heads:
            self.assertRegex(head, rf"^CONNECT 127\.0\.0\.1:{port} HTTP/1\.[01]\r\n")
        self.assertEqual(len(self.server.requests), 4)

    def test_an_untrusted_certificate_fails_the_handshake_not_sent(self) -> None:
        self.assertEqual(
            self.sends(False, ssl.create_default_context()),
            {"blocking": ["not_sent"] * 2, "asyncio": ["not_sent"] * 2},
        )
        self.assertEqual(self.server.requests, [])


if __name__ == "__main__":
    unittest.main()
