"""`client.with_response.<area>.<method>(...)`: the same call, returning an `ApiResponse` with the
data and the answer it ended with: status, headers (secrets redacted), trace id, request id,
rate-limit counters, pagination headers and how many attempts it took."""

from __future__ import annotations

import unittest

from exchange_v4 import ApiResponse, BadRequestError, RateLimitInfo

from fakes import KEY, Script, client, reply

RECORD = {"id": "w1", "status": "DONE", "currency": "USDT", "amount": "100"}
HEADERS = {
    "X-Svc-Trace-ID": "trace-1",
    "X-Svc-RateLimit-Requests-Remain": "198",
    "X-Svc-RateLimit-Limit": "200",
    "X-Svc-RateLimit-Reset-Timestamp": "1700000010",
    "X-Pagination-Total": "31",
    "X-Echo": KEY,
}


class WithResponse(unittest.TestCase):
    def test_the_data_and_the_answer_it_ended_with(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(503, {"label": "TOO_BUSY"}), reply(200, [RECORD], HEADERS)]})
        got = client(script).with_response.wallet.list_withdrawals({"currency": "USDT"}, max_retries=1)
        self.assertIsInstance(got, ApiResponse)
        self.assertEqual(got.data[0]["id"], "w1")
        self.assertEqual(got.status, 200)
        self.assertEqual(got.trace_id, "trace-1")
        self.assertEqual(got.rate_limit, RateLimitInfo(remaining=198, limit=200, reset_at_ms=1_700_000_010_000))
        self.assertEqual(got.pagination.total, 31)
        self.assertEqual(got.attempts, 2)
        sent_id = next(v for k, v in script.sent[-1].headers.items() if k.lower() == "x-client-request-id")
        self.assertEqual(got.request_id, sent_id)
        self.assertEqual(got.headers["x-svc-trace-id"], "trace-1")
        self.assertNotIn(KEY, repr(got))

    def test_a_call_without_counters_has_none(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(200, [])]})
        got = client(script).with_response.wallet.list_withdrawals()
        self.assertEqual((got.data, got.trace_id, got.rate_limit, got.attempts), ([], None, RateLimitInfo(), 1))

    def test_an_error_is_raised_as_by_the_plain_method(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(400, {"label": "INVALID_PARAM_VALUE"})]})
        with self.assertRaises(BadRequestError):
            client(script).with_response.wallet.list_withdrawals()


if __name__ == "__main__":
    unittest.main()
