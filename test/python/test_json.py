"""Bodies: int64 values exact, decimal amounts as Decimal, nested lists flattened, requests written
as the TypeScript client writes them."""

import enum
import unittest
from decimal import Decimal

from exchange_v4 import ValidationError
from exchange_v4._runtime.json_codec import dumps_body, loads_response, unwrap_nested_list


class Reading(unittest.TestCase):
    def test_int64_and_decimal_paths(self) -> None:
        text = '[{"id": 36028813724316572, "uid": "36028813724316573", "amount": "0.00000021", "n": 1.5}]'
        got = loads_response(text, [("*", "id"), ("*", "uid")], [("*", "amount")])
        self.assertEqual(got, [{"id": 36028813724316572, "uid": 36028813724316573, "amount": Decimal("0.00000021"), "n": 1.5}])
        self.assertIsInstance(got[0]["amount"], Decimal)

    def test_maps_and_other_values_are_left_alone(self) -> None:
        got = loads_response('{"available": {"BTC": "1.5", "ETH": "x"}, "big": 9007199254740993}', [], [("available", "*")])
        self.assertEqual(got, {"available": {"BTC": Decimal("1.5"), "ETH": "x"}, "big": 9007199254740993})

    def test_nested_lists(self) -> None:
        self.assertEqual(unwrap_nested_list([[1, 2], [3]]), [1, 2, 3])
        self.assertEqual(unwrap_nested_list([]), [])
        self.assertEqual(unwrap_nested_list([{"a": 1}]), [{"a": 1}])


    def test_paths_through_lists_maps_and_overlapping_names(self) -> None:
        rows = [
            {"given": ('[{"a":"1","b":"x"}]', [("*", "a")]), "want": [{"a": Decimal("1"), "b": "x"}]},
            {
                "given": ('{"x":{"a":"1","b":"2"},"y":{"a":"3","b":"4"}}', [("*", "a"), ("x", "b")]),
                "want": {"x": {"a": Decimal("1"), "b": Decimal("2")}, "y": {"a": Decimal("3"), "b": "4"}},
            },
            {"given": ('{"m":{"k1":"1.5","k2":"x"}}', [("m", "*")]), "want": {"m": {"k1": Decimal("1.5"), "k2": "x"}}},
            {"given": ('"2.5"', [()]), "want": Decimal("2.5")},
            {"given": ('{"a":[["1"],["2"]]}', [("a", "*", "*")]), "want": {"a": [[Decimal("1")], [Decimal("2")]]}},
            {"given": ('{"a":"1"}', [("b",)]), "want": {"a": "1"}},
            {"given": ('[1, {"a": null}]', [("*", "a")]), "want": [1, {"a": None}]},
        ]
        for row in rows:
            text, paths = row["given"]  # type: ignore[misc]
            with self.subTest(given=row["given"]):
                self.assertEqual(loads_response(text, (), paths), row["want"])  # type: ignore[arg-type]


class Writing(unittest.TestCase):
    def test_compact_unicode_and_exact(self) -> None:
        body = {"amount": Decimal("1E-8"), "id": 36028813724316572, "text": "日本€ \"q\"", "ok": True}
        self.assertEqual(dumps_body(body), '{"amount":"0.00000001","id":36028813724316572,"text":"日本€ \\"q\\"","ok":true}')

    def test_flat_and_nested_bodies_write_the_same_text(self) -> None:
        """A flat body (str, int, bool, None values) and the same values nested or beside a float or
        an enum are written alike: `JSON.stringify`'s text (control characters escaped, other text as is)."""
        class Side(enum.IntEnum):
            BUY = 1

        flat = {"a": "x\u2028\"\\\u00e9\n\x00", "b": -5, "c": True, "d": None, "e": "\U0001f600"}
        text = '"a":"x\u2028\\"\\\\\u00e9\\n\\u0000","b":-5,"c":true,"d":null,"e":"\U0001f600"'
        self.assertEqual(dumps_body(flat), "{" + text + "}")
        self.assertEqual(dumps_body({**flat, "f": 1.5}), "{" + text + ',"f":1.5}')
        self.assertEqual(dumps_body({"o": flat}), '{"o":{' + text + "}}")
        self.assertEqual(dumps_body({"s": Side.BUY, "t": True}), '{"s":1,"t":true}')

    def test_nan_is_refused(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            dumps_body({"x": float("nan")})
        self.assertEqual((caught.exception.field, caught.exception.rule), ("body.x", "finite"))


if __name__ == "__main__":
    unittest.main()
