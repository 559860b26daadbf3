"""The limiter through the request loop, on a fake clock: a slot is given back however the
transport fails, a server's long 429 wait is cut to the bucket's window, and a call never waits
past its timeout."""

import unittest
from typing import Any

from exchange_v4 import ExchangeClient, RateLimitError
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import WireRequest

from fakes import BASE, KEY, SECRET, Script, reply
from test_rate_limit import FakeClock

WITHDRAW = {"currency": "USDT", "amount": "100", "chain": "TRX", "address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"}
RECORD = {"id": "w1", "status": "REQUEST", "currency": "USDT", "amount": "100"}
HOUR_S = 3_600


def client(script: Script, clock: FakeClock, limits: RateLimiter, **options: Any) -> ExchangeClient:
    """A client on the script and the fake clock: no clock sync, the given limiter, `wait` mode."""
    c = ExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=script, limiter=limits, clock_sync="off", **options
    )
    c._ctx.sleep_ms = clock.sleep  # pyright: ignore[reportPrivateUsage]
    c._ctx.jitter = lambda: 0.5  # pyright: ignore[reportPrivateUsage]
    return c


def raising(error: BaseException) -> Any:
    def step(request: WireRequest) -> Any:
        raise error

    return step


class SlotsOnEveryExit(unittest.TestCase):
    def test_a_transport_raising_anything_gives_its_slot_back(self) -> None:
        rows: list[tuple[str, BaseException]] = [
            ("ValueError (a header value http.client refuses)", ValueError("Invalid header value b'caf\\xc3\\xa9'")),
            ("UnicodeEncodeError", UnicodeEncodeError("latin-1", "café", 3, 4, "ordinal not in range(256)")),
            ("RuntimeError", RuntimeError("boom")),
        ]
        for name, error in rows:
            with self.subTest(name):
                clock = FakeClock()
                limits = RateLimiter(now_ms=lambda: clock.now, sleep_ms=clock.sleep, margin_ms=100)
                script = Script({"/withdrawals": [raising(error), reply(200, RECORD)]})
                c = client(script, clock, limits, max_retries=0)
                with self.assertRaises(type(error)):
                    c.withdrawals.withdraw(WITHDRAW)
                clock.now += 3_100  # the withdrawal window and the margin after that attempt ended
                self.assertEqual(c.withdrawals.withdraw(WITHDRAW, rate_limit="reject")["id"], "w1")
                self.assertEqual(len(script.sent), 2)


class LongServerWaits(unittest.TestCase):
    def test_a_429_asking_for_an_hour_blocks_for_the_window_and_a_short_call_fails_at_once(self) -> None:
        rows = [
            ("Retry-After: 3600", lambda now_s: {"Retry-After": str(HOUR_S)}),
            ("X-Gate-RateLimit-Reset-Timestamp", lambda now_s: {"X-Gate-RateLimit-Reset-Timestamp": str(now_s + HOUR_S)}),
            ("X-Svc-RateLimit-Reset-Timestamp", lambda now_s: {"X-Svc-RateLimit-Reset-Timestamp": str(now_s + HOUR_S)}),
        ]
        for name, headers in rows:
            with self.subTest(name):
                clock = FakeClock()
                limits = RateLimiter(now_ms=lambda: clock.now, sleep_ms=clock.sleep, margin_ms=100)
                refusal = reply(429, {"label": "TOO_MANY_REQUESTS"}, headers(int(clock.now / 1000)))
                script = Script({"/withdrawals": [refusal, reply(200, RECORD)]})
                with self.assertRaises(RateLimitError):
                    client(script, clock, limits, max_retries=0).withdrawals.withdraw(WITHDRAW)
                short = client(script, clock, limits, timeout=0.5)
                with self.assertRaises(RateLimitError) as caught:
                    short.withdrawals.withdraw(WITHDRAW)
                error = caught.exception
                self.assertEqual((error.status, error.label, error.bucket), (0, "RATE_LIMITED_LOCALLY", "withdraw"))
                self.assertIn("3100 ms", str(error))  # the slot's window and margin: the block is only 3 s
                self.assertEqual(error.reset_at_ms, clock.now + 3_100)
                self.assertEqual(len(script.sent), 1)
                self.assertEqual(clock.slept, [])
                clock.now += 3_100
                self.assertEqual(short.withdrawals.withdraw(WITHDRAW)["id"], "w1")

    def test_max_rate_limit_wait_ms_honours_the_server_longer(self) -> None:
        clock = FakeClock()
        limits = RateLimiter(now_ms=lambda: clock.now, sleep_ms=clock.sleep, margin_ms=100)
        refusal = reply(429, {"label": "TOO_MANY_REQUESTS"}, {"Retry-After": str(HOUR_S)})
        script = Script({"/withdrawals": [refusal, reply(200, RECORD)]})
        with self.assertRaises(RateLimitError):
            client(script, clock, limits, max_retries=0, max_rate_limit_wait_ms=10_000).withdrawals.withdraw(WITHDRAW)
        with self.assertRaises(RateLimitError) as caught:
            client(script, clock, limits, timeout=0.5).withdrawals.withdraw(WITHDRAW)
        self.assertEqual(caught.exception.reset_at_ms, clock.now + 10_000)
        client(script, clock, limits, timeout=20).withdrawals.withdraw(WITHDRAW)
        self.assertEqual(clock.slept, [10_000])

    def test_the_retry_after_such_a_429_waits_the_window_not_the_hour(self) -> None:
        clock = FakeClock()
        limits = RateLimiter(now_ms=lambda: clock.now, sleep_ms=clock.sleep, margin_ms=100)
        refusal = reply(429, {"label": "TOO_MANY_REQUESTS"}, {"Retry-After": str(HOUR_S)})
        script = Script({"/withdrawals": [refusal, reply(200, RECORD)]})
        self.assertEqual(client(script, clock, limits, max_retries=1).withdrawals.withdraw(WITHDRAW)["id"], "w1")
        self.assertEqual(clock.slept, [3_000, 100])  # the capped wait, then the slot's margin
        self.assertEqual(len(script.sent), 2)

    def test_a_bad_max_rate_limit_wait_ms_is_a_validation_error(self) -> None:
        from exchange_v4 import ValidationError

        for bad in (-1, float("nan"), "3000", True):
            with self.subTest(repr(bad)):
                with self.assertRaises(ValidationError) as caught:
                    ExchangeClient(base_url=BASE, max_rate_limit_wait_ms=bad)  # type: ignore[arg-type]
                self.assertEqual(caught.exception.field, "max_rate_limit_wait_ms")


if __name__ == "__main__":
    unittest.main()
