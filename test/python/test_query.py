"""The canonical query serializer and path encoding: one text for the wire and the signature."""

import unittest
from decimal import Decimal

from exchange_v4 import ValidationError
from exchange_v4._runtime.metadata import QueryParam
from exchange_v4._runtime.query import encode_component, encode_path_segment, serialize_query

SPECS = (QueryParam("currency"), QueryParam("currencies", csv=True), QueryParam("limit"), QueryParam("flag"))

ROWS = [
    ("spec order, not the caller's", {"limit": 5, "currency": "BTC"}, "currency=BTC&limit=5"),
    ("unset values skipped", {"currency": None, "limit": 1}, "limit=1"),
    ("csv with a literal comma", {"currencies": ["BTC", "GT", "USDT"]}, "currencies=BTC,GT,USDT"),
    ("csv items encoded, the comma not", {"currencies": ["A,B", "C D"]}, "currencies=A%2CB,C%20D"),
    ("empty list skipped", {"currencies": []}, ""),
    ("booleans", {"flag": True}, "flag=true"),
    ("Decimal as plain text", {"currency": Decimal("1E-8")}, "currency=0.00000001"),
    ("& and = inside a value", {"currency": "a&b=c"}, "currency=a%26b%3Dc"),
    ("+ and %", {"currency": "a+b%"}, "currency=a%2Bb%25"),
    ("RFC 3986 reserved !'()*", {"currency": "!'()*"}, "currency=%21%27%28%29%2A"),
    ("unreserved stay", {"currency": "a-b_c.d~e"}, "currency=a-b_c.d~e"),
    ("unicode as UTF-8", {"currency": "€日"}, "currency=%E2%82%AC%E6%97%A5"),
]


class Serialize(unittest.TestCase):
    def test_table(self) -> None:
        for name, values, want in ROWS:
            with self.subTest(name):
                self.assertEqual(serialize_query(SPECS, values), want)

    def test_matches_javascript_encode_uri_component_plus_reserved(self) -> None:
        every = "".join(chr(c) for c in range(0x20, 0x7F))
        self.assertEqual(
            encode_component(every),
            "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            "%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~",
        )

    def test_refusals(self) -> None:
        cases = [
            ({"currency": ["a", "b"]}, "type"),
            ({"currencies": ["a", None]}, "required"),
            ({"currency": "\ud800"}, "encoding"),
            ({"currency": float("nan")}, "type"),
            ({"currency": object()}, "type"),
        ]
        for values, rule in cases:
            with self.subTest(rule), self.assertRaises(ValidationError) as caught:
                serialize_query(SPECS, values, "op")
            self.assertEqual(caught.exception.rule, rule)

    def test_path_segments(self) -> None:
        self.assertEqual(encode_path_segment("key", "a/b c"), "a%2Fb%20c")
        self.assertEqual(encode_path_segment("user_id", 10001), "10001")
        for bad in ("", ".", "..", None):
            with self.subTest(repr(bad)), self.assertRaises(ValidationError):
                encode_path_segment("key", bad)


if __name__ == "__main__":
    unittest.main()
