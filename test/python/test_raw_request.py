"""`client.request()`: the path checked and encoded exactly as the TypeScript client does (the rows of
conformance/raw-paths.json and raw-routes.json, test_conformance_raw_*), a spec operation's
path counted in that operation's bucket, reserved headers refused, and a body JSON cannot carry as
given refused with a ValidationError naming its place, all before anything is sent or a rate-limit
slot is taken."""

from __future__ import annotations

import unittest
from decimal import Decimal
from typing import Any

from fakes import BASE, KEY, SECRET, Script, client, reply

from exchange_v4 import ExchangeClient, UnknownOutcomeError, ValidationError
from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.raw import raw_operation_meta
from exchange_v4._runtime.signing import make_signer
from exchange_v4._runtime.transport import WireRequest



class CountingLimiter(RateLimiter):
    """A limiter that keeps the keys and limit of every slot taken."""

    def __init__(self) -> None:
        super().__init__()
        self.taken: list[tuple[tuple[str, ...], object]] = []

    def acquire(self, keys: Any, limit: Any, **options: Any) -> Any:
        self.taken.append((tuple(keys), limit))
        return super().acquire(keys, limit, **options)


def limited(script: Script, limiter: RateLimiter) -> ExchangeClient:
    """A client on the script with `limiter` (rate limiting on), no clock sync."""
    return ExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=script, limiter=limiter, clock_sync="off", rate_limit="wait"
    )


def refusal(call: Any) -> ValidationError:
    try:
        call()
    except ValidationError as error:
        return error
    raise AssertionError("no ValidationError")


class RawMeta(unittest.TestCase):
    def test_the_operation_gives_limit_scope_market_retry_and_auth(self) -> None:
        order = raw_operation_meta("POST", "/spot/orders", None, "/api/v4", OPERATIONS)
        self.assertEqual(
            (order.rate_limit.bucket, order.rate_limit.scope, order.rate_limit.market, order.retry, order.auth),
            ("spot-place", "uid+market", "currency_pair", "never", "private"),
        )
        time = raw_operation_meta("GET", "/spot/time", None, "/api/v4", OPERATIONS)
        self.assertEqual((time.rate_limit.scope, time.retry, time.auth), ("ip", "safe", "public"))
        self.assertEqual(raw_operation_meta("GET", "/spot/time", "private", "/api/v4", OPERATIONS).auth, "private")
        other = raw_operation_meta("DELETE", "/spot/nope", None, "/api/v4", OPERATIONS)
        self.assertEqual(
            (other.rate_limit.bucket, other.rate_limit.requests, other.rate_limit.window, other.retry),
            ("raw:DELETE", 150, 10, "never"),
        )


class Paths(unittest.TestCase):
    def test_refused_before_anything_is_sent_or_a_slot_is_taken(self) -> None:
        for path in ("//wallet/withdrawals ", "/spot/a b", "/spot/fee\t", "/x//y", "/spot/%2e%2e/withdrawals"):
            with self.subTest(path=path):
                script, limiter = Script({}), CountingLimiter()
                c = limited(script, limiter)
                error = refusal(lambda: c.request("POST", path, body={"amount": "1"}))
                self.assertEqual((error.field, error.value, error.rule), ("path", path, "pattern"))
                self.assertEqual(script.sent, [])
                self.assertEqual(limiter.taken, [])

    def test_a_space_is_not_an_unknown_outcome(self) -> None:
        c = client(Script({}))
        with self.assertRaises(ValidationError):
            try:
                c.request("POST", "/spot/a b", body={"amount": "1"})
            except UnknownOutcomeError:  # the old answer: nothing was sent, yet "may have been applied"
                self.fail("UnknownOutcomeError")

    def test_the_signed_path_is_the_path_sent(self) -> None:
        script = Script({"/spot/orders/caf%C3%A9%3A1": [reply(200, {})]})
        client(script).request("GET", "/spot/orders/café:1", query={"currency_pair": "BTC_USDT"})
        sent: WireRequest = script.sent[0]
        self.assertEqual(sent.url, "https://exchange.test/api/v4/spot/orders/caf%C3%A9%3A1?currency_pair=BTC_USDT")
        headers = {k.lower(): v for k, v in sent.headers.items()}
        expected = make_signer(SECRET)(
            "GET", "/api/v4/spot/orders/caf%C3%A9%3A1", "currency_pair=BTC_USDT", b"", int(headers["timestamp"])
        )
        self.assertEqual(headers["sign"], expected)
        self.assertEqual(headers["key"], KEY)

    def test_raw_calls_and_get_order_share_one_bucket(self) -> None:
        steps = {f"/spot/orders/{i}": [reply(200, {}), reply(200, {})] for i in range(20)}
        limiter = CountingLimiter()
        c = limited(Script(steps), limiter)
        for i in range(20):
            c.request("GET", f"/spot/orders/{i}", query={"currency_pair": "BTC_USDT"})
            c.spot.get_order({"order_id": str(i), "currency_pair": "BTC_USDT"})
        self.assertEqual(len(limiter.taken), 40)
        self.assertEqual(len({(keys, repr(limit)) for keys, limit in limiter.taken}), 1)
        self.assertTrue(limiter.taken[0][0][0].startswith("uid|getOrder|"))

    def test_the_market_of_a_uid_market_operation_comes_from_the_body(self) -> None:
        limiter = CountingLimiter()
        c = limited(Script({"/spot/orders": [reply(201, {})]}), limiter)
        c.request("POST", "/spot/orders", body={"currency_pair": "ETH_USDT", "amount": "1"})
        self.assertTrue(limiter.taken[0][0][0].startswith("uid+market|spot-place|"))
        self.assertTrue(limiter.taken[0][0][0].endswith("|ETH_USDT"))


RESERVED = ("Host", "host", "KEY", "Sign", "TIMESTAMP", "Content-Length", "content-type", "Transfer-Encoding", "CONNECTION")


class ReservedHeaders(unittest.TestCase):
    def test_per_call(self) -> None:
        for name in RESERVED:
            with self.subTest(name=name):
                script = Script({})
                c = client(script)
                error = refusal(lambda: c.request("POST", "/spot/x", body={"a": "1"}, headers={name: "evil.test"}))
                self.assertEqual((error.field, error.rule), (f"headers.{name}", "reserved"))
                self.assertNotIn("evil.test", str(error))
                self.assertEqual(script.sent, [])

    def test_per_client_when_the_client_is_made(self) -> None:
        for name in RESERVED:
            with self.subTest(name=name):
                error = refusal(lambda: client(Script({}), default_headers={name: "evil.test"}))
                self.assertEqual((error.field, error.rule), (f"default_headers.{name}", "reserved"))


def cyclic() -> list[object]:
    items: list[object] = []
    items.append(items)
    return items


class Bodies(unittest.TestCase):
    ROWS: tuple[tuple[str, object, str, str], ...] = (
        ("NaN", {"price": float("nan")}, "body.price", "finite"),
        ("inf", [{"amount": "1"}, {"amount": "2"}, {"amount": float("inf")}], "body[2].amount", "finite"),
        ("-inf deep", {"a": {"b": [1, float("-inf")]}}, "body.a.b[1]", "finite"),
        ("Decimal NaN", {"price": Decimal("NaN")}, "body.price", "finite"),
        ("Decimal Infinity", {"price": Decimal("-Infinity")}, "body.price", "finite"),
        ("lone surrogate", {"note": "a\ud800"}, "body.note", "unicode"),
        ("lone surrogate key", {"\udc00": 1}, "body.\udc00", "unicode"),
        ("set", {"ids": {1, 2}}, "body.ids", "type"),
        ("bytes", {"raw": b"\x00"}, "body.raw", "type"),
        ("object", {"thing": object()}, "body.thing", "type"),
        ("non-string key", {"a": {(1, 2): "x"}}, "body.a", "type"),
        ("cycle", {"loop": cyclic()}, "body.loop[0]", "cycle"),
    )

    def test_refused_before_anything_is_sent(self) -> None:
        for name, body, field, rule in self.ROWS:
            with self.subTest(name=name):
                script = Script({})
                c = client(script)
                error = refusal(lambda: c.request("POST", "/spot/x", body=body))
                self.assertEqual((error.field, error.rule), (field, rule))
                self.assertEqual(script.sent, [])

    def test_what_json_carries_is_sent(self) -> None:
        script = Script({"/spot/x": [reply(200, {})]})
        body = {"price": 1.5, "n": None, "d": Decimal("0.10"), "t": ("a", 1), "e": "😀", "k": {1: True}}
        client(script).request("POST", "/spot/x", body=body)
        self.assertEqual(script.sent[0].body, '{"price":1.5,"n":null,"d":"0.10","t":["a",1],"e":"😀","k":{"1":true}}'.encode())


if __name__ == "__main__":
    unittest.main()
