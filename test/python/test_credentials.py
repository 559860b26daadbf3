"""The key and the secret are checked when the client is made: non-empty printable ASCII without
whitespace, else a `ValidationError` (rule `printable-ascii`) whose message, repr, traceback and
attributes never show the value."""

import traceback
import unittest

from exchange_v4 import ExchangeClient, ValidationError
from exchange_v4._runtime.core import credential_rule

BAD = [
    "BADKEY-MARK\nX-Injected: 1",
    "BADKEY-MARK\tsecond",
    "BADKEY-MARK\x00",
    "BADKEY-MARK-k\u00e9y",
    "BADKEY-MARK-\u20ac",
    "BADKEY-MARK with space",
]


class CredentialRule(unittest.TestCase):
    def test_table(self) -> None:
        rows: list[tuple[object, str | None]] = [
            ("fake-key-0123456789", None),
            ("!~#$%&*+/=?^_`{|}", None),
            ("", "type"),
            (42, "type"),
            ("key\nvalue", "printable-ascii"),
            ("\tkey", "printable-ascii"),
            ("key\x00", "printable-ascii"),
            ("two words", "printable-ascii"),
            ("   ", "printable-ascii"),
            ("k\u00e9y", "printable-ascii"),
            ("key\u20ac", "printable-ascii"),
            ("key\x7f", "printable-ascii"),
        ]
        for given, want in rows:
            with self.subTest(given=given):
                self.assertEqual(credential_rule(given), want)


class Construction(unittest.TestCase):
    def test_a_bad_key_or_secret_is_refused_without_showing_it(self) -> None:
        for field in ("key", "secret"):
            for bad in BAD:
                with self.subTest(field=field, bad=bad):
                    options = {"key": "good-key", "secret": "good-secret", field: bad}
                    with self.assertRaises(ValidationError) as caught:
                        ExchangeClient(**options)  # pyright: ignore[reportArgumentType]
                    error = caught.exception
                    self.assertEqual((error.field, error.rule, error.value), (field, "printable-ascii", "[redacted]"))
                    self.assertIn("must be non-empty printable ASCII without whitespace", str(error))
                    shown = "\n".join(
                        [str(error), repr(error), repr(vars(error)), "".join(traceback.format_exception(error))]
                    )
                    self.assertNotIn("BADKEY-MARK", shown)
                    self.assertIsNone(error.__cause__)
                    self.assertIsNone(error.__context__)

    def test_every_printable_ascii_character_is_accepted(self) -> None:
        printable = "".join(chr(c) for c in range(0x21, 0x7F))
        client = ExchangeClient(key=printable, secret=printable)
        self.assertNotIn(printable, repr(client))


if __name__ == "__main__":
    unittest.main()
