"""Client-side rate limits on a fake clock: buckets per scope, slots held from sending until the
answer plus the window, reject mode, and the server's 429 reset."""

import unittest
from collections.abc import Callable

from exchange_v4 import RateLimitError
from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.metadata import RateLimit
from exchange_v4._runtime.rate_limit import RateLimiter, Ticket, bucket_keys, free_slot


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


SPOT = RateLimit("spot-place", 10, 1, "uid+market")
TRANSFERS = RateLimit("transfer", 80, 10, "uid")
HOUR_MS = 3_600_000


def refused(call: Callable[[], object]) -> RateLimitError:
    try:
        call()
    except RateLimitError as error:
        return error
    raise AssertionError("no RateLimitError")


class FreeSlot(unittest.TestCase):
    """`free_slot`: the slot the request loop takes without a wait effect, only when the limiter
    itself has room; everything else goes to the driver's `acquire`."""

    def test_taken_only_from_a_limiter_with_room(self) -> None:
        class Subclass(RateLimiter):
            pass

        rows: list[tuple[str, Callable[[FakeClock], object], str, int, str]] = [
            # given: the store, mode, slots already taken -> want: a ticket or None
            ("a limiter with room", limiter, "wait", 0, "ticket"),
            ("off mode", limiter, "off", 1, "ticket"),
            ("a full bucket, wait mode", limiter, "wait", 1, "none"),
            ("a subclass (it may take slots its own way)", lambda c: Subclass(now_ms=lambda: c.now), "wait", 0, "none"),
            ("another store", lambda c: object(), "wait", 0, "none"),
        ]
        for name, make, mode, taken, want in rows:
            with self.subTest(name):
                clock = FakeClock()
                store = make(clock)
                if isinstance(store, RateLimiter):
                    for _ in range(taken):
                        store.acquire(["k"], ONE_PER_3S, operation="withdraw", mode="wait")
                got = free_slot(store, ["k"], ONE_PER_3S, "withdraw", mode, 30_000)  # pyright: ignore[reportArgumentType]
                self.assertEqual("ticket" if isinstance(got, Ticket) else "none" if got is None else got, want)

    def test_a_full_bucket_in_reject_mode_raises(self) -> None:
        store = limiter(FakeClock())
        store.acquire(["k"], ONE_PER_3S, operation="withdraw", mode="wait")
        with self.assertRaises(RateLimitError):
            free_slot(store, ["k"], ONE_PER_3S, "withdraw", "reject", 30_000)


class Bounds(unittest.TestCase):
    """Every wait bounded by the call's timeout (`max_wait_ms`), a 429's wait capped."""

    def test_a_wait_beyond_the_timeout_fails_at_once_and_takes_nothing(self) -> None:
        rows = [
            ("a 429 block", TRANSFERS, "block", 2_000),
            ("a full bucket", ONE_PER_3S, "answered", 3_100),
            ("every slot in flight: at least a window", ONE_PER_3S, "in_flight", 3_100),
        ]
        for name, limit, setup, wait in rows:
            with self.subTest(name):
                clock = FakeClock()
                limits = limiter(clock)
                ticket = limits.acquire(["k"], limit, operation="x", mode="wait")
                if setup == "block":
                    limits.release(ticket, ["k"], limit, status=429, reset_at_ms=clock.now + 2_000)
                elif setup == "answered":
                    limits.release(ticket, ["k"], limit, status=200)
                error = refused(lambda: limits.acquire(["k"], limit, operation="x", mode="wait", max_wait_ms=500))
                self.assertEqual((error.status, error.label, error.bucket), (0, "RATE_LIMITED_LOCALLY", limit.bucket))
                self.assertIn(f"{wait} ms", str(error))
                self.assertIn(f"bucket {limit.bucket}", str(error))
                self.assertEqual(error.reset_at_ms, clock.now + wait)
                self.assertEqual(clock.slept, [])

    def test_a_wait_within_the_timeout_is_waited(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        limits.release(limits.acquire(["k"], ONE_PER_3S, operation="x", mode="wait"), ["k"], ONE_PER_3S, status=200)
        limits.acquire(["k"], ONE_PER_3S, operation="x", mode="wait", max_wait_ms=5_000)
        self.assertEqual(clock.slept, [3_100])

    def test_a_429_asking_for_an_hour_is_capped(self) -> None:
        rows = [
            ("withdrawals: their 3 s window", ONE_PER_3S, None, 3_000),
            ("spot placement: 1 s", SPOT, None, 1_000),
            ("configured: 10 s", ONE_PER_3S, 10_000, 10_000),
        ]
        for name, limit, cap, want in rows:
            with self.subTest(name):
                clock = FakeClock()
                limits = limiter(clock)
                ticket = limits.acquire(["sent"], limit, operation="x", mode="wait")
                limits.release(ticket, ["k"], limit, status=429, reset_at_ms=clock.now + HOUR_MS, max_block_ms=cap)
                error = refused(lambda: limits.acquire(["k"], limit, operation="x", mode="reject"))
                self.assertEqual(error.reset_at_ms, clock.now + want)


class LiveLimit(unittest.TestCase):
    def test_a_lower_live_limit_is_adopted_never_a_higher_one(self) -> None:
        rows: list[tuple[str, list[int | None], int]] = [
            ("no header: the spec", [None], 10),
            ("lower: adopted", [8], 8),
            ("higher: the spec", [12], 10),
            ("lower then back to the spec", [8, 10], 10),
            ("lower, then no header: kept", [8, None], 8),
            ("zero: ignored", [0], 10),
        ]
        for name, seen, want in rows:
            with self.subTest(name):
                clock = FakeClock()
                limits = limiter(clock)
                for live in seen:
                    ticket = limits.acquire(["probe"], SPOT, operation="x", mode="off")
                    limits.release(ticket, ["k"], SPOT, status=200, limit_count=live)
                sent = 0
                while sent < 100:
                    try:
                        limits.acquire(["k"], SPOT, operation="x", mode="reject")
                    except RateLimitError:
                        break
                    sent += 1
                self.assertEqual(sent, want)

    def test_an_8_per_second_server_draws_no_429_once_its_limit_is_known(self) -> None:
        def run(send_header: bool) -> int:
            clock = FakeClock()
            limits = limiter(clock)
            arrivals: list[float] = []
            refusals = 0
            for _ in range(300):
                ticket = limits.acquire(["k"], SPOT, operation="x", mode="wait", max_wait_ms=60_000)
                recent = [t for t in arrivals if t > clock.now - 1_000]
                ok = len(recent) < 8
                if ok:
                    arrivals.append(clock.now)
                else:
                    refusals += 1
                clock.now += 20  # the answer's round trip
                limits.release(
                    ticket, ["k"], SPOT, status=200 if ok else 429, limit_count=8 if send_header else None
                )
            return refusals

        self.assertGreater(run(send_header=False), 0)  # the check can fail
        self.assertEqual(run(send_header=True), 0)


class Memory(unittest.TestCase):
    def test_idle_buckets_are_freed(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        raw = RateLimit("raw", 150, 10, "uid")
        for i in range(50_000):
            limits.release(limits.acquire([f"raw|/p/{i}"], raw, operation="x", mode="wait"), [f"raw|/p/{i}"], raw, status=200)
        clock.now += 70_000
        for i in range(10):
            limits.release(limits.acquire([f"raw|/q/{i}"], raw, operation="x", mode="wait"), [f"raw|/q/{i}"], raw, status=200)
        self.assertLessEqual(limits.bucket_count, 10)

    def test_a_lower_live_limit_outlives_sweeps_for_10_minutes(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)

        def room() -> int:
            sent = 0
            while sent < 100:
                try:
                    limits.release(limits.acquire(["k"], SPOT, operation="x", mode="reject"), ["k"], SPOT, status=200)
                except RateLimitError:
                    return sent
                sent += 1
            return sent

        limits.release(limits.acquire(["x"], SPOT, operation="x", mode="off"), ["k"], SPOT, status=200, limit_count=8)
        clock.now += 61_000
        self.assertEqual(room(), 8)  # its first acquire swept the idle buckets
        clock.now += 600_000
        self.assertEqual(room(), 10)

    def test_buckets_in_use_are_kept(self) -> None:
        clock = FakeClock()
        limits = limiter(clock)
        raw = RateLimit("raw", 150, 10, "uid")
        limits.acquire(["held"], ONE_PER_3S, operation="x", mode="wait")  # in flight, never answered
        ticket = limits.acquire(["blocked"], TRANSFERS, operation="x", mode="wait")
        limits.release(ticket, ["blocked"], TRANSFERS, status=429, reset_at_ms=clock.now + 10_000)
        clock.now += 5_000
        for i in range(5_000):
            limits.release(limits.acquire([f"raw|/p/{i}"], raw, operation="x", mode="wait"), [f"raw|/p/{i}"], raw, status=200)
        refused(lambda: limits.acquire(["held"], ONE_PER_3S, operation="x", mode="reject"))
        refused(lambda: limits.acquire(["blocked"], TRANSFERS, operation="x", mode="reject"))


if __name__ == "__main__":
    unittest.main()
