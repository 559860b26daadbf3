"""Bodies: int64 values exact, decimal amounts as Decimal, nested lists flattened, requests written
as the TypeScript client writes them."""

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


class Writing(unittest.TestCase):
    def test_compact_unicode_and_exact(self) -> None:
        body = {"amount": Decimal("1E-8"), "id": 36028813724316572, "text": "日本€ \"q\"", "ok": True}
        self.assertEqual(dumps_body(body), '{"amount":"0.00000001","id":36028813724316572,"text":"日本€ \\"q\\"","ok":true}')

    def test_nan_is_refused(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            dumps_body({"x": float("nan")})
        self.assertEqual((caught.exception.field, caught.exception.rule), ("body.x", "finite"))


if __name__ == "__main__":
    unittest.main()
