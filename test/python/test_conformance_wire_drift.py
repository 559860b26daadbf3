"""The wire-drift guard (`wire_drift.py`): each row of the vectors both clients read
(conformance/wire-drift.json; the TypeScript suite reads the same file) as one answer field, then a
call whose answer drifts: converted and reported once per kind, refused, or an error with
`wire_drift="error"`."""

import json
import pathlib
import unittest
from decimal import Decimal
from typing import Any

from exchange_v4._runtime.answer import success_data
from exchange_v4._runtime.metadata import OperationMeta, RateLimit
from exchange_v4._runtime.transport import WireResponse
from exchange_v4._runtime.wire_drift import WireDrift, WireDriftError

from fakes import Script, client, reply

_KIT = json.loads((pathlib.Path(__file__).parent.parent.parent / "conformance" / "wire-drift.json").read_text())
#: The kit's rows as this file reads them: the declared type and wire text, and what comes of them.
VECTORS = {
    "cases": [
        {
            **row["given"],
            **({"want": row["want"]["value"]} if "value" in row["want"] else {}),
            **{k: v for k, v in row["want"].items() if k != "value"},
        }
        for row in _KIT["rows"]
    ]
}
KIND = {"decimal": "d", "int64": "i", "number": "n", "integer": "g", "time": "s"}
#: The declared type in this client, from the vector's text.
TYPED = {"decimal": Decimal, "int64": int, "number": float, "integer": int, "time": str}


def read(text: str, wire: tuple[tuple[str, str], ...], nested: bool = False) -> tuple[Any, list[WireDrift]]:
    meta = OperationMeta(
        id="wireCase", name="wire_case", area="wallet", method="GET", path="/x", auth="private", shape="shaped",
        rate_limit=RateLimit("wireCase", 200, 10, "uid"), retry="safe", success_status=200, wire=wire,
        nested_list=nested,
    )
    drifts: list[WireDrift] = []
    return success_data(meta, WireResponse(200, {}, text, 1.0), drifts), drifts


class Vectors(unittest.TestCase):
    def test_every_case(self) -> None:
        self.assertGreater(len(VECTORS["cases"]), 30)
        for case in VECTORS["cases"]:
            declared, wire = case["declared"], case["wire"]
            with self.subTest(f"{declared} given {wire}"):
                data, drifts = read('{"f":' + wire + "}", (("f", KIND[declared]),))
                want = case.get("want")
                if not case.get("refused"):
                    value = data["f"]
                    expected = None if want is None else TYPED[declared](want)
                    self.assertEqual((type(value), value), (type(expected), expected))
                    if declared == "decimal" and want is not None:
                        self.assertEqual(str(value), want)  # the exact digits, trailing zeros included
                drift = case.get("drift")
                expected_drifts = [] if drift is None else [WireDrift("f", drift, declared, bool(case.get("refused")))]
                self.assertEqual(drifts, expected_drifts)

    def test_places(self) -> None:
        cases = [
            ('[{"size":10,"o":{"t":"5"}},{"size":"2"}]', (("*.size", "d"), ("*.o.t", "g")),
             [{"size": Decimal("10"), "o": {"t": 5}}, {"size": Decimal("2")}]),
            ('{"m":{"BTC":{"a":1},"ETH":{"a":"2"}}}', (("m.*.a", "d"),), {"m": {"BTC": {"a": Decimal(1)}, "ETH": {"a": Decimal(2)}}}),
            ('"1795219260"', (("", "n"),), 1795219260.0),
            ('{"a":null}', (("a", "d"), ("b", "i"), ("c.d", "n")), {"a": None}),
            ('[{"a":"x","b":1},null,[1],{"a":"2","b":"3"}]', (("*.a", "d"), ("*.b", "i")),
             [{"a": "x", "b": 1}, None, [1], {"a": Decimal(2), "b": 3}]),
        ]
        for text, wire, want in cases:
            with self.subTest(text):
                self.assertEqual(read(text, wire)[0], want)

    def test_drift_order_and_exact_digits(self) -> None:
        """Drifts come in descriptor order, then answer order; a number's own digits are found at its
        place however deep (places sharing a prefix are read in one pass)."""
        text = (
            '{"m":{"B":{"l":[{"a":0.10000000000000001,"t":"7"},{"a":"1","t":8}]},"E":{"l":[{"a":2,"t":"x"}]}},'
            '"n":3}'
        )
        wire = (("m.*.l.*.t", "g"), ("n", "d"), ("m.*.l.*.a", "d"))
        data, drifts = read(text, wire)
        self.assertEqual(str(data["m"]["B"]["l"][0]["a"]), "0.10000000000000001")
        self.assertEqual(data["m"]["B"]["l"][0]["t"], 7)
        self.assertEqual(data["m"]["E"]["l"][0]["t"], "x")
        self.assertEqual((type(data["n"]), str(data["n"])), (Decimal, "3"))
        self.assertEqual(
            drifts,
            [
                WireDrift("m.*.l.*.t", "string", "integer"),
                WireDrift("m.*.l.*.t", "string", "integer", True),
                WireDrift("n", "number", "decimal"),
                WireDrift("m.*.l.*.a", "number", "decimal"),
                WireDrift("m.*.l.*.a", "number", "decimal"),
            ],
        )

    def test_wrapped_nested_list(self) -> None:
        data, drifts = read('[[{"size":0.30000000000000001}],[{"size":"1"}]]', (("*.size", "d"),), nested=True)
        self.assertEqual([str(item["size"]) for item in data], ["0.30000000000000001", "1"])
        self.assertEqual(drifts, [WireDrift("*.size", "number", "decimal")])


ORDER = "/futures/usdt/orders/1"


def order(**over: Any) -> str:
    body = {"id": 1, "contract": "BTC_USDT", "size": "1", "price": "65000", "create_time": 1795219260.123, **over}
    return json.dumps(body)


class Calls(unittest.TestCase):
    def test_converts_and_reports_each_kind_once(self) -> None:
        events: list[dict[str, Any]] = []
        script = Script({ORDER: [reply(200, order(size=10)), reply(200, order(size=11, create_time="1795219261"))]})
        c = client(script, events)
        first = c.futures.get_futures_order({"settle": "usdt", "order_id": "1"})
        second = c.futures.get_futures_order({"settle": "usdt", "order_id": "1"})
        self.assertEqual((first["size"], second["size"], second["create_time"]), (Decimal(10), Decimal(11), 1795219261.0))
        drifts = [(e["operation"], e["field"], e["wire_type"], e["declared_type"]) for e in events if e["type"] == "drift"]
        self.assertEqual(drifts, [
            ("getFuturesOrder", "size", "number", "decimal"),
            ("getFuturesOrder", "create_time", "string", "number"),
        ])

    def test_refuses_a_value_that_does_not_convert(self) -> None:
        c = client(Script({ORDER: [reply(200, order(create_time="soon"))]}))
        with self.assertRaises(WireDriftError) as caught:
            c.futures.get_futures_order({"settle": "usdt", "order_id": "1"})
        err = caught.exception
        self.assertEqual((err.field, err.wire_type, err.declared_type, err.refused), ("create_time", "string", "number", True))
        self.assertIn("getFuturesOrder: answer field create_time", str(err))
        self.assertNotIn("soon", str(err))

    def test_wire_drift_error_makes_any_drift_an_error(self) -> None:
        events: list[dict[str, Any]] = []
        c = client(Script({ORDER: [reply(200, order(size=10))]}), events, wire_drift="error")
        with self.assertRaises(WireDriftError) as caught:
            c.futures.get_futures_order({"settle": "usdt", "order_id": "1"})
        self.assertEqual((caught.exception.field, caught.exception.refused), ("size", False))
        self.assertEqual([e for e in events if e["type"] == "drift"], [])


if __name__ == "__main__":
    unittest.main()
