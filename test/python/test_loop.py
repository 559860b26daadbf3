"""The request loop with a scripted transport: what is sent again, what is looked up, what ends as
an unknown outcome, and that no key, secret or signature reaches an error or a log."""

import json
import re
import unittest

from exchange_v4 import (
    AuthenticationError,
    BadRequestError,
    IdempotencyId,
    NetworkError,
    RateLimitError,
    RedirectError,
    ResponseBodyError,
    ServerError,
    UnknownOutcomeError,
    ValidationError,
)
from exchange_v4._runtime.transport import SendFailure

from fakes import KEY, SECRET, Script, client, reply

WITHDRAW = {"currency": "USDT", "amount": "100", "chain": "TRX", "address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"}
TRANSFER = {"currency": "USDT", "from": "spot", "to": "margin", "amount": "1.5", "currency_pair": "BTC_USDT"}
#: A transfer to a sub-account: the one write the service deduplicates by its `client_order_id`.
SUB_TRANSFER = {"sub_account": "10002", "currency": "USDT", "amount": "1.5", "direction": "to"}
RECORD = {"id": "w1", "status": "REQUEST", "currency": "USDT", "amount": "100"}


def body_field(request, name):  # type: ignore[no-untyped-def]
    import json

    return json.loads(request.body)[name]


class Reads(unittest.TestCase):
    def test_a_503_read_is_retried_then_succeeds(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(503, {"label": "TOO_BUSY"}), reply(200, [RECORD])]})
        events: list[dict[str, object]] = []
        data = client(script, events, max_retries=2).wallet.list_withdrawals({"currency": "USDT"})
        self.assertEqual(len(script.sent), 2)
        self.assertEqual(str(data[0]["amount"]), "100")
        self.assertIn({"type": "slept", "ms": 250}, events)

    def test_retries_stop_at_max(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(500, {"label": "SERVER_ERROR"})] * 3})
        with self.assertRaises(ServerError):
            client(script, max_retries=2).wallet.list_withdrawals()
        self.assertEqual(len(script.sent), 3)


class UnreadableSuccess(unittest.TestCase):
    def test_a_write_answered_200_with_a_page_is_a_final_typed_error_sent_once(self) -> None:
        page = f"<html>proxy {KEY}</html>"
        script = Script({"/wallet/transfers": [reply(200, page, {"X-Echo": KEY})]})
        with self.assertRaises(ResponseBodyError) as caught:
            client(script, max_retries=3).wallet.transfer({**TRANSFER, "client_order_id": "id-7"})
        error = caught.exception
        self.assertEqual(len(script.sent), 1)
        self.assertEqual(error.status, 200)
        self.assertEqual(error.operation, "transfer")
        self.assertEqual(error.idempotency and error.idempotency.value, "id-7")
        self.assertEqual(
            str(error),
            "transfer: the server answered 200 with a body that is not valid JSON; "
            "it accepted the write, which is not sent again",
        )
        self.assertNotIn(KEY, repr(vars(error)))
        self.assertIsNone(error.__cause__)

    def test_a_read_answered_with_a_cut_answer_names_no_write(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(200, '[{"id":"w1"')]})
        with self.assertRaises(ResponseBodyError) as caught:
            client(script, max_retries=2).wallet.list_withdrawals()
        self.assertEqual(
            str(caught.exception), "listWithdrawals: the server answered 200 with a body that is not valid JSON"
        )
        self.assertEqual(len(script.sent), 1)


class Writes(unittest.TestCase):
    def test_withdraw_carries_a_generated_id_and_is_looked_up_after_no_answer(self) -> None:
        def found(request):  # type: ignore[no-untyped-def]
            wanted = request.url.split("withdraw_order_id=")[1]
            return reply(200, [{**RECORD, "withdraw_order_id": wanted}])

        script = Script({"/withdrawals": [SendFailure("no_answer", "reset")], "/wallet/withdrawals": [found]})
        record = client(script, max_retries=2).withdrawals.withdraw(WITHDRAW)
        sent_id = body_field(script.sent[0], "withdraw_order_id")
        self.assertRegex(sent_id, r"^[0-9A-Za-z_.-]{1,32}$")
        self.assertEqual(record["withdraw_order_id"], sent_id)
        self.assertEqual(script.paths()[0], "POST /withdrawals")
        self.assertEqual(len([p for p in script.paths() if p.startswith("POST")]), 1)

    def test_withdraw_not_found_ends_as_unknown_with_the_id(self) -> None:
        script = Script({"/withdrawals": [reply(502, {"label": "SERVER_ERROR"})], "/wallet/withdrawals": [reply(200, [])]})
        with self.assertRaises(UnknownOutcomeError) as caught:
            client(script, max_retries=2).withdrawals.withdraw({**WITHDRAW, "withdraw_order_id": "my-id-1"})
        error = caught.exception
        self.assertEqual(error.idempotency and error.idempotency.value, "my-id-1")
        self.assertEqual(error.idempotency and error.idempotency.field, "withdraw_order_id")
        self.assertGreater(error.retry_after_ms, 0)
        self.assertEqual([p.split("?")[0] for p in script.paths()], ["POST /withdrawals", "GET /wallet/withdrawals"])

    def test_withdraw_never_sent_is_sent_again(self) -> None:
        script = Script({"/withdrawals": [SendFailure("not_sent", "refused"), reply(200, RECORD)]})
        client(script, max_retries=2).withdrawals.withdraw(WITHDRAW)
        ids = [body_field(r, "withdraw_order_id") for r in script.sent]
        self.assertEqual(len(ids), 2)
        self.assertEqual(ids[0], ids[1])

    def test_a_deduplicated_transfer_is_resent_with_the_same_id(self) -> None:
        script = Script({"/wallet/sub_account_transfers": [SendFailure("timeout", "read timed out"), reply(200, '{"tx_id":9007199254740993}')]})
        data = client(script, max_retries=2).wallet.transfer_with_sub_account(SUB_TRANSFER)
        self.assertEqual(data["tx_id"], 9007199254740993)
        ids = {body_field(r, "client_order_id") for r in script.sent}
        self.assertEqual(len(script.sent), 2)
        self.assertEqual(len(ids), 1)

    def test_a_resend_refused_as_duplicate_is_looked_up(self) -> None:
        script = Script(
            {
                "/wallet/sub_account_transfers": [SendFailure("no_answer", "reset"), reply(400, {"label": "DUPLICATE_REQUEST"})],
                "/wallet/order_status": [reply(200, {"tx_id": "77", "status": "SUCCESS"})],
            }
        )
        data = client(script, max_retries=2).wallet.transfer_with_sub_account({**SUB_TRANSFER, "client_order_id": "pay-1"})
        self.assertEqual(data, {"tx_id": "77", "status": "SUCCESS"})

    def test_a_write_without_lookup_is_unknown_at_once(self) -> None:
        script = Script({"/withdrawals/push": [reply(503, {"label": "TOO_BUSY"})]})
        with self.assertRaises(UnknownOutcomeError):
            client(script, max_retries=2).withdrawals.withdraw_push_order({"receive_uid": 10002, "currency": "USDT", "amount": "1"})
        self.assertEqual(len(script.sent), 1)

    def test_resolve_outcome(self) -> None:
        script = Script({"/withdrawals": [SendFailure("no_answer", "reset")], "/wallet/withdrawals": [reply(200, []), reply(200, [{**RECORD, "withdraw_order_id": "w-9"}])]})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.withdrawals.withdraw({**WITHDRAW, "withdraw_order_id": "w-9"})
        resolution = c.resolve_outcome(caught.exception)
        self.assertEqual(resolution.status, "applied")
        self.assertEqual(resolution.record["id"], "w1")

    def test_resolve_outcome_unknown_and_not_applied(self) -> None:
        script = Script({"/withdrawals": [SendFailure("no_answer", "x")], "/wallet/withdrawals": [reply(200, [])] * 2})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.withdrawals.withdraw(WITHDRAW)
        self.assertEqual(c.resolve_outcome(caught.exception).status, "unknown")
        never = NetworkError("refused", sent=False, operation="withdraw")
        self.assertEqual(c.resolve_outcome(never).status, "not_applied")
        script = Script({"/wallet/sub_account_transfers": [SendFailure("no_answer", "x")], "/wallet/order_status": [reply(404, {"label": "ORDER_NOT_FOUND"})] * 2})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.wallet.transfer_with_sub_account(SUB_TRANSFER)
        # Not found proves nothing (it may be in flight): unknown, but resending with the same id is safe.
        resolved = c.resolve_outcome(caught.exception)
        self.assertEqual((resolved.status, resolved.resend), ("unknown", "same_id"))
        self.assertIsNotNone(resolved.retry_after_ms)
        self.assertEqual(resolved.idempotency, caught.exception.idempotency)
        # A main-account transfer is not deduplicated: not found yet is still unknown, never "resend".
        script = Script({"/wallet/transfers": [SendFailure("no_answer", "x")], "/wallet/order_status": [reply(404, {"label": "ORDER_NOT_FOUND"})] * 2})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.wallet.transfer(TRANSFER)
        self.assertEqual(c.resolve_outcome(caught.exception).status, "unknown")


    def test_a_duplicate_label_is_looked_up_never_not_applied(self) -> None:
        # The same-id resend of a held transfer is refused as a duplicate: the client looks it up and
        # answers with the transfer that id names.
        found = reply(200, {"tx_id": "77", "status": "SUCCESS"})
        script = Script({"/wallet/sub_account_transfers": [reply(400, {"label": "DUPLICATE_REQUEST"})], "/wallet/order_status": [found]})
        self.assertEqual(client(script, max_retries=0).wallet.transfer_with_sub_account({**SUB_TRANSFER, "client_order_id": "sub-1"}), {"tx_id": "77", "status": "SUCCESS"})
        self.assertEqual(len([r for r in script.sent if r.method == "POST"]), 1)
        # Not listed yet: unknown, and resolve_outcome never says "not applied" nor advises a resend.
        missing = reply(404, {"label": "ORDER_NOT_FOUND"})
        script = Script({"/wallet/sub_account_transfers": [reply(400, {"label": "DUPLICATE_REQUEST"})], "/wallet/order_status": [missing] * 2})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.wallet.transfer_with_sub_account({**SUB_TRANSFER, "client_order_id": "sub-2"})
        self.assertTrue(caught.exception.duplicate)
        resolved = c.resolve_outcome(caught.exception)
        self.assertEqual((resolved.status, resolved.resend), ("unknown", "never"))
        # A bare duplicate error (no lookup data) is unknown too, never "not applied, resend safe".
        bare = BadRequestError(400, "DUPLICATE_REQUEST", "duplicate", {}, operation="transfer")
        self.assertEqual(c.resolve_outcome(bare).status, "unknown")

    def test_resolve_outcome_takes_any_write_error(self) -> None:
        c = client(Script({}), max_retries=0)
        given = [
            (ValidationError("amount", "-1", "minimum", "must be > 0", operation="withdraw"), "not_applied"),
            (RateLimitError(429, "TOO_MANY_REQUESTS", "slow down", {}, operation="withdraw"), "not_applied"),
            (BadRequestError(400, "BALANCE_NOT_ENOUGH", "no", {}, operation="withdraw"), "not_applied"),
            (AuthenticationError(401, "INVALID_SIGNATURE", "no", {}, operation="withdraw"), "not_applied"),
            (NetworkError("refused", sent=False, operation="withdraw"), "not_applied"),
        ]
        for error, want in given:
            with self.subTest(error=type(error).__name__):
                resolved = c.resolve_outcome(error)
                self.assertEqual((resolved.status, resolved.resend), (want, "safe"))
        with self.assertRaises(TypeError):
            c.resolve_outcome(KeyError("not a write error"))

    def test_orders_carry_a_t_label_and_are_found_by_it(self) -> None:
        order = {"currency_pair": "BTC_USDT", "side": "buy", "price": "100", "amount": "1"}
        script = Script({"/spot/orders": [reply(201, {"id": "8", "status": "open"})]})
        client(script, max_retries=0).spot.create_order(order)
        self.assertRegex(json.loads(script.sent[0].body)["text"], r"^t-[0-9a-f]{24}$")
        # Its answer lost and the lookup down: the error carries the label and what the read needs.
        script = Script({"/spot/orders": [reply(502, {"label": "SERVER_ERROR"})], "/spot/orders/t-mine": [reply(503, {"label": "TOO_BUSY"})]})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.spot.create_order({**order, "text": "t-mine"})
        self.assertEqual(caught.exception.idempotency, IdempotencyId("text", "t-mine"))
        self.assertEqual(caught.exception.lookup_targets, (("t-mine", {"currency_pair": "BTC_USDT"}),))
        self.assertIn("currency_pair=BTC_USDT", script.sent[1].url)
        # Asked again later, the read finds it by its label: applied.
        script.steps["/spot/orders/t-mine"] = [reply(200, {"id": "9", "text": "t-mine", "currency_pair": "BTC_USDT"})]
        resolved = c.resolve_outcome(caught.exception)
        self.assertEqual((resolved.status, resolved.record["id"]), ("applied", "9"))

    def test_a_batch_gives_each_item_a_label_and_resolves_item_by_item(self) -> None:
        items = [
            {"currency_pair": "BTC_USDT", "side": "buy", "price": "100", "amount": "1", "text": "t-a"},
            {"currency_pair": "ETH_USDT", "side": "buy", "price": "10", "amount": "1"},
        ]
        script = Script({"/spot/batch_orders": [SendFailure("no_answer", "x")]})
        c = client(script, max_retries=0)
        with self.assertRaises(UnknownOutcomeError) as caught:
            c.spot.create_batch_orders({"body": items})
        sent = json.loads(script.sent[0].body)
        self.assertEqual(sent[0]["text"], "t-a")
        self.assertRegex(sent[1]["text"], r"^t-[0-9a-f]{24}$")
        self.assertNotIn("text", items[1])  # the caller's items are not changed
        self.assertEqual([i.value for i in caught.exception.items], [sent[0]["text"], sent[1]["text"]])
        script.steps["/spot/orders/t-a"] = [reply(200, {"id": "1", "text": "t-a"})]
        script.steps[f"/spot/orders/{sent[1]['text']}"] = [reply(404, {"label": "ORDER_NOT_FOUND"})]
        self.assertEqual(c.resolve_outcome(caught.exception).status, "unknown")
        script.steps["/spot/orders/t-a"] = [reply(200, {"id": "1", "text": "t-a"})]
        script.steps[f"/spot/orders/{sent[1]['text']}"] = [reply(200, {"id": "2", "text": sent[1]["text"]})]
        resolved = c.resolve_outcome(caught.exception)
        self.assertEqual((resolved.status, [r["id"] for r in resolved.record]), ("applied", ["1", "2"]))
        self.assertIn("currency_pair=ETH_USDT", script.sent[-1].url)


class Answers(unittest.TestCase):
    def test_429_waits_for_the_reset_and_retries_a_write(self) -> None:
        script = Script({"/withdrawals": [reply(429, {"label": "TOO_MANY_REQUESTS"}, {"Retry-After": "2"}), reply(200, RECORD)]})
        events: list[dict[str, object]] = []
        client(script, events, max_retries=1).withdrawals.withdraw(WITHDRAW)
        slept = [e["ms"] for e in events if e["type"] == "slept"]
        self.assertEqual(len(script.sent), 2)
        self.assertGreaterEqual(slept[0], 1_900)  # type: ignore[operator]

    def test_request_expired_resyncs_the_clock_and_resends_once(self) -> None:
        script = Script(
            {
                "/wallet/withdrawals": [reply(401, {"label": "REQUEST_EXPIRED"}), reply(401, {"label": "REQUEST_EXPIRED"})],
                "/spot/time": [reply(200, {"server_time": 1_700_000_000_000})] * 2,
            }
        )
        with self.assertRaises(AuthenticationError):
            client(script, clock_sync="lazy").wallet.list_withdrawals()
        self.assertEqual([p.split("?")[0] for p in script.paths()], ["GET /spot/time", "GET /wallet/withdrawals", "GET /spot/time", "GET /wallet/withdrawals"])
        stamps = [int(r.headers["Timestamp"]) for r in script.sent if "withdrawals" in r.url]
        self.assertTrue(all(abs(s - 1_700_000_000) < 5 for s in stamps), stamps)

    def test_redirects_are_not_followed(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(307, "", {"Location": "https://elsewhere.test:8443/api/v4/x?y=1"})]})
        with self.assertRaises(RedirectError) as caught:
            client(script, max_retries=2).wallet.list_withdrawals()
        self.assertEqual(caught.exception.status, 307)
        self.assertEqual(caught.exception.location_origin, "https://elsewhere.test:8443")
        self.assertEqual(len(script.sent), 1)

    def test_a_withdrawal_answered_302_is_looked_up_never_followed_or_resent(self) -> None:
        def found(request):  # type: ignore[no-untyped-def]
            wanted = request.url.split("withdraw_order_id=")[1]
            return reply(200, [{**RECORD, "withdraw_order_id": wanted}])

        moved = reply(302, "", {"Location": "https://elsewhere.test/api/v4/withdrawals"})
        script = Script({"/withdrawals": [moved], "/wallet/withdrawals": [found]})
        record = client(script, max_retries=2).withdrawals.withdraw(WITHDRAW)
        self.assertEqual(record["withdraw_order_id"], body_field(script.sent[0], "withdraw_order_id"))
        self.assertEqual([p.split("?")[0] for p in script.paths()], ["POST /withdrawals", "GET /wallet/withdrawals"])

    def test_a_write_without_lookup_answered_303_is_unknown_caused_by_the_redirect(self) -> None:
        moved = reply(303, "", {"Location": "https://elsewhere.test/done"})
        script = Script({"/withdrawals/push": [moved]})
        with self.assertRaises(UnknownOutcomeError) as caught:
            client(script, max_retries=2).withdrawals.withdraw_push_order({"receive_uid": 10002, "currency": "USDT", "amount": "1"})
        error = caught.exception
        self.assertEqual(len(script.sent), 1)
        self.assertIsInstance(error.__cause__, RedirectError)
        self.assertEqual(error.__cause__.status, 303)  # type: ignore[union-attr]
        self.assertIn("RedirectError", error.cause_text or "")

    def test_a_write_answered_307_fails_as_a_redirect_sent_once(self) -> None:
        moved = reply(307, "", {"Location": "https://elsewhere.test/api/v4/withdrawals"})
        script = Script({"/withdrawals": [moved]})
        with self.assertRaises(RedirectError) as caught:
            client(script, max_retries=2).withdrawals.withdraw(WITHDRAW)
        self.assertEqual(caught.exception.status, 307)
        self.assertEqual(script.paths(), ["POST /withdrawals"])


class Secrets(unittest.TestCase):
    def test_no_key_secret_or_signature_in_errors_or_logs(self) -> None:
        echo = {"label": "INVALID_SIGNATURE", "message": f"key {KEY} secret {SECRET} sign {'ab' * 64}"}
        script = Script({"/wallet/withdrawals": [reply(401, echo, {"X-Echo": KEY})]})
        events: list[dict[str, object]] = []
        c = client(script, events)
        with self.assertRaises(AuthenticationError) as caught:
            c.wallet.list_withdrawals()
        sign = script.sent[0].headers["SIGN"]
        error = caught.exception
        texts = [str(error), repr(error), repr(vars(error)), repr(events), repr(c), repr(vars(c))]
        for text in texts:
            for secret in (KEY, SECRET, sign):
                self.assertNotIn(secret, text)
        self.assertTrue(re.search(r"\[redacted\]", error.detail))


if __name__ == "__main__":
    unittest.main()
