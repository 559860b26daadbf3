"""Validation before any I/O, with the generated metadata of real operations: each row names the
field and the rule that must be reported."""

import dataclasses
import unittest
from decimal import Decimal

from exchange_v4 import ValidationError
from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.metadata import OperationMeta
from exchange_v4._runtime.validate import validate_call

NOW = 1_700_000_000
DAY = 86_400
TRANSFER = {"currency": "USDT", "from": "spot", "to": "margin", "amount": "1.5", "currency_pair": "BTC_USDT"}
WITHDRAW = {"currency": "USDT", "amount": "100", "chain": "TRX", "address": "T1"}
ORDER = {"text": "t-desk-1", "currency_pair": "BTC_USDT", "type": "limit", "side": "buy", "amount": "0.001", "price": "64000"}
FUTURES = {"contract": "BTC_USDT", "size": "0.5", "price": "65000", "tif": "gtc", "text": "t-fdesk-1"}

ROWS = [
    ("transfer", {**TRANSFER, "amount": "1.123456789"}, "amount", "decimal.maxScale"),
    ("transfer", {**TRANSFER, "amount": "0"}, "amount", "decimal.gt"),
    ("transfer", {**TRANSFER, "amount": 1.5}, "amount", "type"),
    ("transfer", {**TRANSFER, "amount": "1e5"}, "amount", "decimal"),
    ("transfer", {**TRANSFER, "from": "wallet"}, "from", "enum"),
    ("transfer", {k: v for k, v in TRANSFER.items() if k != "currency"}, "currency", "required"),
    ("transfer", {**TRANSFER, "client_order_id": "has space"}, "client_order_id", "pattern"),
    ("transfer", {**TRANSFER, "client_order_id": "ok\n"}, "client_order_id", "pattern"),
    ("transfer", {**TRANSFER, "colour": "red"}, "colour", "unknown"),
    ("transfer", {k: v for k, v in TRANSFER.items() if k != "currency_pair"}, "currency_pair", "requiredIf"),
    ("transfer", {**TRANSFER, "to": "futures", "currency_pair": None}, "settle", "requiredIf"),
    ("withdraw", {**WITHDRAW, "withdraw_order_id": "x" * 33}, "withdraw_order_id", "pattern"),
    ("withdraw", {**WITHDRAW, "withdraw_order_id": "a/b"}, "withdraw_order_id", "pattern"),
    ("listWithdrawals", {"limit": 1001}, "limit", "maximum"),
    ("listWithdrawals", {"offset": -1}, "offset", "minimum"),
    ("listWithdrawals", {"from": NOW - 31 * DAY, "to": NOW}, "from", "timeRange"),
    ("listWithdrawals", {"from": NOW, "to": NOW - 1}, "from", "timeRange"),
    ("listWithdrawals", {"from": "yesterday"}, "from", "type"),
    ("getTransferOrderStatus", {}, "client_order_id or tx_id", "requireAnyOf"),
    ("getUnifiedBorrowableList", {"currencies": ["BTC"] * 11}, "currencies", "maxItems"),
    ("getUnifiedRiskUnits", {"body": {"a": 1}}, "body", "unknown"),
    ("createBatchOrders", {"body": [ORDER] * 11}, "body[].currency_pair", "groupLimit"),
    ("createBatchOrders", {"body": [ORDER] * 41}, "body", "maxItems"),
    ("createBatchOrders", {"body": ORDER}, "body", "type"),
    ("createBatchOrders", {}, "body", "required"),
    ("createBatchOrders", {"body": [ORDER, {**ORDER, "side": "BUY"}]}, "body[1].side", "enum"),
    ("createBatchOrders", {"body": [ORDER] * 3 + [{**ORDER, "amount": "1e-3"}]}, "body[3].amount", "decimal"),
    ("createBatchOrders", {"body": [ORDER, {**ORDER, "amount": 0.5}]}, "body[1].amount", "type"),
    ("createBatchOrders", {"body": [ORDER, {**ORDER, "text": "desk-1"}]}, "body[1].text", "pattern"),
    ("createBatchOrders", {"body": [{k: v for k, v in ORDER.items() if k != "currency_pair"}]}, "body[0].currency_pair", "required"),
    ("createBatchOrders", {"body": [ORDER, "BTC_USDT"]}, "body[1]", "type"),
    ("createBatchOrders", {"body": [ORDER, None]}, "body[1]", "type"),
    ("createBatchOrders", {"body": [{**ORDER, "stop_loss": {"trigger_price": "x"}}]}, "body[0].stop_loss.trigger_price", "decimal"),
    ("createBatchOrders", {"body": [ORDER, {**ORDER, "side": "up", "amount": "x"}, {**ORDER, "amount": "y"}]}, "body[1].side", "enum"),
    ("cancelBatchOrders", {"body": [{"currency_pair": "BTC_USDT", "id": "1"}, {"id": "2"}]}, "body[1].currency_pair", "required"),
    ("amendBatchOrders", {"body": [{"order_id": "1", "currency_pair": "BTC_USDT"}] * 6}, "body", "maxItems"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [FUTURES] * 11}, "body", "maxItems"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": []}, "body", "minItems"),
    ("createBatchFuturesOrder", {"settle": "usdt"}, "body", "required"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [FUTURES, FUTURES, {**FUTURES, "size": 5}]}, "body[2].size", "type"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [FUTURES, FUTURES, {**FUTURES, "size": "1e3"}]}, "body[2].size", "decimal"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [{k: v for k, v in FUTURES.items() if k != "contract"}]}, "body[0].contract", "required"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [FUTURES, {**FUTURES, "tif": "day"}]}, "body[1].tif", "enum"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [{**FUTURES, "stp_act": "-"}]}, "body[0].stp_act", "enum"),
    ("createBatchFuturesOrder", {"settle": "usdt", "body": [FUTURES], "query": {"contract": "BTC_USDT"}}, "query", "unknown"),
    ("createBatchFuturesOrder", {"body": [FUTURES]}, "settle", "required"),
    ("cancelBatchFutureOrders", {"settle": "usdt", "body": [str(i) for i in range(21)]}, "body", "maxItems"),
    ("cancelBatchFutureOrders", {"settle": "usdt", "body": []}, "body", "minItems"),
    ("cancelBatchFutureOrders", {"settle": "usdt", "body": ["58828013512", 58828013599]}, "body[1]", "type"),
    ("getSubAccount", {"user_id": "1e4"}, "user_id", "type"),
    ("getSubAccount", {"user_id": 2**63}, "user_id", "maximum"),
    ("createCrossexOrder", {"symbol": "OKX_FUTURE_ADA_USDT", "side": "BUY", "type": "LIMIT", "qty": "1"}, "price", "requiredIf"),
    ("createCrossexOrder", {"symbol": "OKX_FUTURE_ADA_USDT", "side": "buy", "qty": "1"}, "side", "enum"),
]


class Rules(unittest.TestCase):
    def test_table(self) -> None:
        for op, params, field, rule in ROWS:
            with self.subTest(f"{op} {field} {rule}"), self.assertRaises(ValidationError) as caught:
                validate_call(OPERATIONS[op], params, NOW)
            self.assertEqual((caught.exception.field, caught.exception.rule), (field, rule))
            self.assertIn(field, str(caught.exception))

    def test_a_good_batch_passes_untouched(self) -> None:
        body = [dict(ORDER, text=f"t-desk-{i}") for i in range(10)] + [dict(ORDER, currency_pair="ETH_USDT")]
        before = [dict(o) for o in body]
        validate_call(OPERATIONS["createBatchOrders"], {"body": body}, NOW)
        validate_call(OPERATIONS["createBatchOrders"], {"body": []}, NOW)
        self.assertEqual(body, before)

    def test_a_named_only_get_takes_no_body(self) -> None:
        # every GET is shaped today: the rule is shown on a GET's metadata marked named-only
        named_get = dataclasses.replace(OPERATIONS["getUnifiedRiskUnits"], shape="named-only")
        with self.assertRaises(ValidationError) as caught:
            validate_call(named_get, {"body": {"a": 1}}, NOW)
        self.assertEqual((caught.exception.field, caught.exception.rule), ("body", "noBody"))
        validate_call(named_get, {"query": {"a": "1"}}, NOW)

    def test_valid_calls_pass(self) -> None:
        validate_call(OPERATIONS["transfer"], {**TRANSFER, "amount": Decimal("0.00000001")}, NOW)
        validate_call(OPERATIONS["listWithdrawals"], {"from": NOW - 30 * DAY, "to": NOW, "limit": 1000}, NOW)
        validate_call(OPERATIONS["createBatchOrders"], {"body": [ORDER] * 10}, NOW)
        validate_call(OPERATIONS["createBatchFuturesOrder"], {"settle": "usdt", "body": [FUTURES] * 10}, NOW)
        validate_call(OPERATIONS["createBatchFuturesOrder"], {"settle": "btc", "body": [{**FUTURES, "size": Decimal("-1"), "pid": 36028813724316572}]}, NOW)
        validate_call(OPERATIONS["cancelBatchFutureOrders"], {"settle": "usdt", "body": [str(58828013512 + i) for i in range(20)]}, NOW)
        validate_call(OPERATIONS["getSubAccount"], {"user_id": 36028813724316572}, NOW)
        validate_call(OPERATIONS["createCrossexOrder"], {"symbol": "OKX_FUTURE_ADA_USDT", "side": "SELL", "type": "MARKET", "qty": "1"}, NOW)

    def test_a_long_range_may_be_iterated(self) -> None:
        validate_call(OPERATIONS["listWithdrawals"], {"from": NOW - 90 * DAY, "to": NOW}, NOW, limit_range=False)

    def test_secrets_are_redacted(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            validate_call(OPERATIONS["createSubAccounts"], {"login_name": "desk_1", "password": 12345}, NOW)
        self.assertEqual((caught.exception.field, caught.exception.value), ("password", "[redacted]"))
        self.assertNotIn("12345", str(caught.exception))


def _secret_text() -> OperationMeta:
    """createBatchOrders with the item field `text` marked secret (no batch field of the spec is one)."""
    meta = OPERATIONS["createBatchOrders"]
    assert meta.list_body is not None and meta.list_body.items is not None
    items = meta.list_body.items
    fields = tuple(dataclasses.replace(f, secret=True) if f.name == "text" else f for f in items.properties)
    list_body = dataclasses.replace(meta.list_body, items=dataclasses.replace(items, properties=fields))
    return dataclasses.replace(meta, list_body=list_body)


SECRET_TEXT = _secret_text()
NO_PAIR = {k: v for k, v in ORDER.items() if k != "currency_pair"}
ALL_BAD = [{**ORDER, "text": f"t-{i}", "amount": "x"} for i in range(40)]

# (operation, params, first "rule field", issues as "rule field value" or None, the message past the first issue's)
BAD_ITEMS: list[tuple[str | OperationMeta, dict[str, object], str, list[str] | None, str]] = [
    ("createBatchOrders", {"body": [ORDER, {**ORDER, "side": "BUY"}, ORDER]}, "enum body[1].side", None, ""),
    (
        "createBatchOrders",
        {"body": [ORDER, {**ORDER, "side": "BUY"}, ORDER, {**ORDER, "amount": "1e-3"}]},
        "enum body[1].side",
        ["enum body[1].side 'BUY'", "decimal body[3].amount '1e-3'"],
        "; 1 more bad item: body[3].amount",
    ),
    (
        "createBatchOrders",
        {"body": [{**ORDER, "side": "up", "amount": "x"}, NO_PAIR, ORDER, {**ORDER, "text": "x"}]},
        "enum body[0].side",
        ["enum body[0].side 'up'", "required body[1].currency_pair None", "pattern body[3].text 'x'"],
        "; 2 more bad items: body[1].currency_pair, body[3].text",
    ),
    (
        SECRET_TEXT,
        {"body": [{**ORDER, "text": "pw-1"}, ORDER, {**ORDER, "text": "pw-2"}]},
        "pattern body[0].text",
        ["pattern body[0].text '[redacted]'", "pattern body[2].text '[redacted]'"],
        "; 1 more bad item: body[2].text",
    ),
    ("createBatchOrders", {"body": ALL_BAD + [ORDER]}, "maxItems body", None, ""),
    ("createBatchOrders", {"body": ALL_BAD[:2], "colour": "red"}, "unknown colour", None, ""),
    (
        "createBatchOrders",
        {"body": ALL_BAD},
        "decimal body[0].amount",
        [f"decimal body[{i}].amount 'x'" for i in range(40)],
        "; 39 more bad items: body[1].amount, body[2].amount, body[3].amount, body[4].amount, body[5].amount"
        " and 34 more",
    ),
]


class BadItems(unittest.TestCase):
    """A batch with several bad items reports each of them at once; the first stays the error's own."""

    def test_table(self) -> None:
        for op, params, want_error, want_issues, want_rest in BAD_ITEMS:
            meta = OPERATIONS[op] if isinstance(op, str) else op
            with self.subTest(f"{want_error} {want_rest}"), self.assertRaises(ValidationError) as caught:
                validate_call(meta, params, NOW)
            error = caught.exception
            self.assertEqual(f"{error.rule} {error.field}", want_error)
            issues = None if error.issues is None else [f"{i.rule} {i.field} {i.value!r}" for i in error.issues]
            self.assertEqual(issues, want_issues)
            first = error.message if error.issues is None else error.issues[0].message
            self.assertTrue(error.message.startswith(first))
            self.assertEqual(error.message[len(first) :], want_rest)

    def test_secrets_stay_redacted(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            validate_call(SECRET_TEXT, {"body": [{**ORDER, "text": "pw-1"}, {**ORDER, "text": "pw-2"}]}, NOW)
        shown = f"{caught.exception} {caught.exception.issues!r}"
        self.assertIn("[redacted]", shown)
        self.assertNotIn("pw-", shown)

    def test_the_first_issue_is_the_single_item_error(self) -> None:
        body = [ORDER, {**ORDER, "amount": "1,5"}, {**ORDER, "amount": "0.1.2"}]
        with self.assertRaises(ValidationError) as caught:
            validate_call(OPERATIONS["createBatchOrders"], {"body": body}, NOW)
        issues = caught.exception.issues or ()
        with self.assertRaises(ValidationError) as alone:
            validate_call(OPERATIONS["createBatchOrders"], {"body": body[:2]}, NOW)
        self.assertEqual([i.message for i in issues][:1], [alone.exception.message])
        self.assertIsNone(alone.exception.issues)
        with self.assertRaises(dataclasses.FrozenInstanceError):
            issues[0].field = "x"  # type: ignore[misc]


if __name__ == "__main__":
    unittest.main()
