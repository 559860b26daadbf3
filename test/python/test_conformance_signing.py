"""Conformance: signing (conformance/signing.json, the rows the TypeScript suite runs too): the body
hash, the signature string and the KEY / Timestamp / SIGN headers of every row."""

import unittest

from conformance_kit import cases

from exchange_v4._meta import API
from exchange_v4._runtime.signing import body_sha512, make_signer, signature_string, signed_headers


class Signing(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("signing")
        self.assertGreater(len(rows), 40)
        for title, given, want in rows:
            with self.subTest(title):
                body = given["body"].encode("utf-8")
                method, path, query, timestamp = given["method"], given["path"], given["query"], given["timestamp"]
                self.assertEqual(body_sha512(body), want["bodyHash"])
                text = signature_string(method, path, query, want["bodyHash"], timestamp)
                self.assertEqual(text, want["signatureString"])
                sign = make_signer(given["secret"])
                headers = signed_headers(API.signing_headers, given["key"], sign, method, path, query, body, timestamp)
                self.assertEqual(headers, want["headers"])


if __name__ == "__main__":
    unittest.main()
