"""The overall deadline of a call (`deadline`, client option and per call): every attempt's
timeout is cut to what is left, no retry starts whose wait would pass it, and a write that may have
been applied ends as an unknown outcome, never looked up past it. Time is a fake clock moved by the
client's own sleeps and by the scripted attempts."""

from __future__ import annotations

import unittest
from typing import Any

from exchange_v4 import ServerError, UnknownOutcomeError, ValidationError
from exchange_v4._runtime.transport import SendFailure, WireRequest, WireResponse

from fakes import Script, client, reply

TRANSFER = {"currency": "USDT", "from": "spot", "to": "margin", "amount": "1.5", "currency_pair": "BTC_USDT"}
WITHDRAW = {"currency": "USDT", "amount": "100", "chain": "TRX", "address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"}


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def sleep_ms(self, ms: float) -> None:
        self.now += ms / 1000

    def answer(self, seconds: float, result: WireResponse | SendFailure) -> Any:
        """A scripted attempt that takes `seconds`."""

        def step(request: WireRequest) -> WireResponse | SendFailure:
            self.now += seconds
            return result

        return step


def timed(script: Script, time: FakeTime, **options: Any) -> Any:
    c = client(script, max_retries=10, **options)
    c._ctx.sleep_ms = time.sleep_ms  # pyright: ignore[reportPrivateUsage]
    c._ctx.monotonic = lambda: time.now  # pyright: ignore[reportPrivateUsage]
    return c


class Deadline(unittest.TestCase):
    def test_each_attempt_gets_the_timeout_cut_to_what_is_left_and_the_deadline(self) -> None:
        time = FakeTime()
        busy = reply(503, {"label": "TOO_BUSY"})
        script = Script({"/wallet/withdrawals": [time.answer(1.5, busy), time.answer(0.1, reply(200, []))]})
        timed(script, time, timeout=10.0, deadline=4.0).wallet.list_withdrawals()
        first, second = script.sent
        self.assertEqual((first.timeout_s, first.deadline_at), (4.0, 1004.0))
        self.assertEqual(second.deadline_at, 1004.0)
        self.assertAlmostEqual(second.timeout_s, 4.0 - 1.5 - 0.25)  # 250 ms: the first backoff at jitter 0.5

    def test_without_a_deadline_every_attempt_has_the_whole_timeout(self) -> None:
        time = FakeTime()
        script = Script({"/wallet/withdrawals": [reply(200, [])]})
        timed(script, time, timeout=10.0).wallet.list_withdrawals()
        self.assertEqual((script.sent[0].timeout_s, script.sent[0].deadline_at), (10.0, None))

    def test_no_retry_starts_whose_wait_passes_the_deadline_the_last_error_ends_a_read(self) -> None:
        time = FakeTime()
        busy = reply(503, {"label": "TOO_BUSY"})
        script = Script({"/wallet/withdrawals": [time.answer(0.5, busy) for _ in range(10)]})
        with self.assertRaises(ServerError):
            timed(script, time, deadline=1.6).wallet.list_withdrawals()
        # 0.5 + 0.25 (wait) + 0.5 = 1.25 s; a second wait of 0.5 s would reach 1.75 s, past 1.6 s.
        self.assertEqual(len(script.sent), 2)
        self.assertEqual(time.now, 1001.25)

    def test_a_per_call_deadline_overrides_the_clients(self) -> None:
        time = FakeTime()
        busy = reply(503, {"label": "TOO_BUSY"})
        script = Script({"/wallet/withdrawals": [time.answer(0.5, busy) for _ in range(10)]})
        with self.assertRaises(ServerError):
            timed(script, time, deadline=100.0).wallet.list_withdrawals(deadline=0.6)
        self.assertEqual(len(script.sent), 1)

    def test_a_write_that_may_have_been_applied_ends_unknown_without_a_lookup_past_the_deadline(self) -> None:
        time = FakeTime()
        lost = time.answer(1.0, SendFailure("timeout", "read timed out"))
        script = Script({"/withdrawals": [lost], "/wallet/withdrawals": []})
        with self.assertRaises(UnknownOutcomeError) as caught:
            timed(script, time, deadline=1.0).withdrawals.withdraw(WITHDRAW)
        self.assertEqual(script.paths(), ["POST /withdrawals"])
        self.assertIn("deadline", str(caught.exception))

    def test_a_write_that_was_not_sent_is_sent_again_within_the_deadline(self) -> None:
        time = FakeTime()
        refused = time.answer(0.1, SendFailure("not_sent", "connection refused"))
        script = Script({"/wallet/transfers": [refused, reply(200, {"tx_id": 7})]})
        self.assertEqual(timed(script, time, deadline=5.0).wallet.transfer(TRANSFER), {"tx_id": 7})

    def test_a_bad_deadline_is_refused_before_anything_is_sent(self) -> None:
        script = Script({})
        for bad in (0, -1, "5", 10**9):
            with self.subTest(deadline=bad):
                with self.assertRaises(ValidationError) as caught:
                    client(script).wallet.list_withdrawals(deadline=bad)  # type: ignore[arg-type]
                self.assertEqual((caught.exception.field, caught.exception.rule), ("deadline", "option"))
                with self.assertRaises(ValidationError):
                    client(script, deadline=bad)
        self.assertEqual(script.sent, [])


if __name__ == "__main__":
    unittest.main()
