"""Client-side rate limits on a fake clock: buckets per scope, slots held from sending until the
answer plus the window, reject mode, and the server's 429 reset."""

import unittest

from exchange_v4 import RateLimitError
from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.metadata import RateLimit
from exchange_v4._runtime.rate_limit import RateLimiter, bucket_keys


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0
        self.slept: list[float] = []

    def sleep(self, ms: float) -> None:
        self.slept.append(ms)
        self.now += ms


ONE_PER_3S = RateLimit("withdraw", 1, 3, "uid")


def limiter(clock: FakeClock) -> RateLimiter:
    return RateLimiter(now_ms=lambda: clock.now, sleep_ms=clock.sleep, margin_ms=100)


class Buckets(unittest.TestCase):
    def test_keys_by_scope(self) -> None:
        rows = [
            ("public: per process", "listCurrencyChains", {"currency": "USDT"}, ["ip|listCurrencyChains"]),
            ("private: per key", "withdraw", {}, ["uid|withdraw|acct-1"]),
            (
                "uid+market: per market field",
                "createOrder",
                {"body": {"currency_pair": "BTC_USDT"}},
                ["uid+market|spot-place|acct-1|BTC_USDT"],
            ),
            (
                "uid+market: every distinct market of a list body",
                "createBatchOrders",
                {"body": [{"currency_pair": "ETH_USDT"}, {"currency_pair": "BTC_USDT"}, {"currency_pair": "ETH_USDT"}]},
                ["uid+market|spot-place|acct-1|BTC_USDT", "uid+market|spot-place|acct-1|ETH_USDT"],
            ),
        ]
        for name, op, params, want in rows:
            with self.subTest(name):
                self.assertEqual(bucket_keys(OPERATIONS[op], "acct-1", params), want)

    def test_placement_operations_share_one_bucket(self) -> None:
        buckets = {OPERATIONS[op].rate_limit.bucket for op in ("createOrder", "createBatchOrders", "amendOrder")}
        self.assertEqual(buckets, {"spot-place"})


class Slots(unittest.TestCase):
    def test_a_slot_lasts_from_sending_until_the_answer_plus_the_window(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        ticket = limits.acquire(["k"], ONE_PER_3S, operation="withdraw", mode="wait")
        clock.now += 2_000  # the answer takes 2 s
        limits.release(ticket, ["k"], ONE_PER_3S, status=200)
        limits.acquire(["k"], ONE_PER_3S, operation="withdraw", mode="wait")
        self.assertEqual(clock.slept, [3_100])  # window + margin after the answer, not after sending

    def test_reject_mode_raises_before_sending(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        limits.release(limits.acquire(["k"], ONE_PER_3S, operation="withdraw", mode="reject"), ["k"], ONE_PER_3S, status=200)
        with self.assertRaises(RateLimitError) as caught:
            limits.acquire(["k"], ONE_PER_3S, operation="withdraw", mode="reject")
        self.assertEqual((caught.exception.status, caught.exception.label), (0, "RATE_LIMITED_LOCALLY"))
        self.assertEqual(caught.exception.reset_at_ms, clock.now + 3_100)
        self.assertEqual(clock.slept, [])

    def test_buckets_are_independent(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        for key in ("a", "b"):
            limits.release(limits.acquire([key], ONE_PER_3S, operation="x", mode="reject"), [key], ONE_PER_3S, status=200)

    def test_a_429_blocks_until_the_reset(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        many = RateLimit("b", 100, 10, "uid")
        ticket = limits.acquire(["k"], many, operation="x", mode="wait")
        limits.release(ticket, ["k"], many, status=429, reset_at_ms=clock.now + 5_000)
        limits.acquire(["k"], many, operation="x", mode="wait")
        self.assertEqual(clock.slept, [5_000])

    def test_remaining_from_the_server_fills_the_bucket(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        two = RateLimit("b", 2, 10, "uid")
        limits.release(limits.acquire(["k"], two, operation="x", mode="wait"), ["k"], two, status=200, remaining=0)
        with self.assertRaises(RateLimitError):
            limits.acquire(["k"], two, operation="x", mode="reject")

    def test_off_mode_counts_nothing(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        for _ in range(5):
            limits.acquire(["k"], ONE_PER_3S, operation="x", mode="off")
        limits.acquire(["k"], ONE_PER_3S, operation="x", mode="reject")


if __name__ == "__main__":
    unittest.main()
