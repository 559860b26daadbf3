"""The signer's own behaviour (its known answers: test_conformance_signing)."""

import unittest

from exchange_v4._runtime.signing import EMPTY_BODY_SHA512, body_sha512, make_signer, signature_string


class Signing(unittest.TestCase):
    """The known-answer rows are the conformance kit's (test_conformance_signing)."""

    def test_empty_body_hash(self) -> None:
        self.assertEqual(body_sha512(b""), EMPTY_BODY_SHA512)
        self.assertTrue(EMPTY_BODY_SHA512.startswith("cf83e135"))

    def test_signature_string(self) -> None:
        self.assertEqual(signature_string("get", "/api/v4/x", "a=1", "h", 7), "GET\n/api/v4/x\na=1\nh\n7")
        self.assertEqual(signature_string("POST", "/p", "", "h", "1").split("\n"), ["POST", "/p", "", "h", "1"])

    def test_the_secret_is_not_an_attribute(self) -> None:
        sign = make_signer("fake-secret-0123456789abcdef")
        self.assertNotIn("fake-secret", repr(sign))
        self.assertNotIn("fake-secret", repr(vars(sign) if hasattr(sign, "__dict__") else {}))


if __name__ == "__main__":
    unittest.main()
