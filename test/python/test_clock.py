"""Server time: measured lazily, the offset is the midpoint of the round trip, measured again when old;
concurrent first calls (and concurrent REQUEST_EXPIRED resyncs) share one measurement."""

import threading
import unittest
from typing import Any

from exchange_v4 import ExchangeClient, RequestTimeoutError
from exchange_v4._runtime.clock import REFRESH_MS, ClockWaitTimeout, ServerClock, server_time_ms
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import WireRequest, WireResponse

from fakes import BASE, KEY, SECRET, reply

THREADS = 30
SERVER_MS = 1_700_000_000_000


class Clock(unittest.TestCase):
    def test_lazy_offset_and_refresh(self) -> None:
        local = [1_000_000.0]
        reads: list[float] = []

        def server() -> float:
            local[0] += 100  # a 100 ms round trip
            reads.append(local[0])
            return 1_000_000.0 + 120_000 + 50  # the server is two minutes ahead

        clock = ServerClock("lazy", server, lambda: local[0])
        clock.ready()
        self.assertEqual(clock.offset_ms, 120_000)
        self.assertEqual(clock.now_seconds(), int((local[0] + 120_000) // 1000))
        clock.ready()
        self.assertEqual(len(reads), 1)
        local[0] += REFRESH_MS
        clock.ready()
        self.assertEqual(len(reads), 2)

    def test_off_never_reads(self) -> None:
        clock = ServerClock("off", lambda: 1 / 0, lambda: 5_000.0)
        clock.ready()
        self.assertEqual(clock.now_seconds(), 5)

    def test_server_time_values(self) -> None:
        self.assertEqual(server_time_ms(1_700_000_000_123), 1_700_000_000_123)
        self.assertEqual(server_time_ms(1_700_000_000), 1_700_000_000_000)
        for bad in (None, "x", 0, -1, True):
            with self.subTest(repr(bad)), self.assertRaises(ValueError):
                server_time_ms(bad)


class Exchange:
    """A thread-safe fake server: counts `/spot/time` requests (each held a moment, so concurrent
    callers overlap it) and answers private reads with `private(n)` for the n-th one."""

    def __init__(self, private: Any = None, time_hold_s: float = 0.05) -> None:
        self.lock = threading.Lock()
        self.time_requests = 0
        self.private_requests = 0
        self.private = private or (lambda n: reply(200, []))  # type: ignore[no-any-return]
        self.hold = time_hold_s

    def send(self, request: WireRequest) -> WireResponse:
        if "/spot/time" in request.url:
            with self.lock:
                self.time_requests += 1
            threading.Event().wait(self.hold)  # keeps the measurement in flight while others arrive
            return reply(200, {"server_time": SERVER_MS})
        with self.lock:
            self.private_requests += 1
            n = self.private_requests
        return self.private(n)  # type: ignore[no-any-return]


def run_threads(target: Any) -> list[BaseException]:
    """Starts THREADS threads at once (a barrier), joins them (bounded), returns their errors."""
    start = threading.Barrier(THREADS)
    errors: list[BaseException] = []

    def body() -> None:
        try:
            start.wait(timeout=10)
            target()
        except BaseException as error:  # noqa: BLE001 - reported to the test
            errors.append(error)

    threads = [threading.Thread(target=body) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    if any(t.is_alive() for t in threads):
        raise AssertionError("a thread did not finish")
    return errors


def lazy_client(exchange: Exchange, **options: Any) -> ExchangeClient:
    return ExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=exchange, limiter=RateLimiter(), rate_limit="off", **options
    )


class Concurrency(unittest.TestCase):
    def test_thirty_threads_starting_at_once_measure_the_server_time_once(self) -> None:
        exchange = Exchange()
        c = lazy_client(exchange)
        errors = run_threads(lambda: c.wallet.list_withdrawals())
        self.assertEqual(errors, [])
        self.assertEqual(exchange.time_requests, 1)
        self.assertEqual(exchange.private_requests, THREADS)

    def test_thirty_threads_refused_request_expired_at_once_resync_once(self) -> None:
        # The first THREADS reads all arrive signed with the first offset before any is answered.
        arrived = threading.Barrier(THREADS)

        def private(n: int) -> WireResponse:
            if n <= THREADS:
                arrived.wait(timeout=10)
                return reply(401, {"label": "REQUEST_EXPIRED"})
            return reply(200, [])

        exchange = Exchange(private)
        c = lazy_client(exchange)
        errors = run_threads(lambda: c.wallet.list_withdrawals())
        self.assertEqual(errors, [])
        self.assertEqual(exchange.time_requests, 2)  # the first measurement and one resync
        self.assertEqual(exchange.private_requests, 2 * THREADS)

    def test_a_failed_first_measurement_is_shared_by_those_waiting_for_it(self) -> None:
        release = threading.Event()
        reads: list[int] = []

        def failing() -> float:
            reads.append(1)
            release.wait(timeout=10)
            raise ValueError("the server time response carried no usable server_time")

        clock = ServerClock("lazy", failing, lambda: 1_000_000.0)
        state = clock._state = Counting(threading.Lock())  # pyright: ignore[reportPrivateUsage]
        errors = run_threads_with_release(clock, state, release)
        self.assertEqual(len(reads), 1)
        self.assertEqual(len(errors), THREADS)
        self.assertTrue(all(isinstance(e, ValueError) for e in errors), errors)
        self.assertEqual(len({id(e) for e in errors}), THREADS)  # each caller raises its own copy

    def test_a_waiter_gives_up_at_its_own_timeout(self) -> None:
        release = threading.Event()
        started = threading.Event()

        def slow() -> float:
            started.set()
            release.wait(timeout=10)
            return 2_000_000.0

        clock = ServerClock("lazy", slow, lambda: 1_000_000.0)
        first = threading.Thread(target=clock.ready)
        first.start()
        self.assertTrue(started.wait(timeout=10))
        with self.assertRaises(ClockWaitTimeout):
            clock.ready(timeout_s=0.01)
        release.set()
        first.join(timeout=10)
        self.assertEqual(clock.offset_ms, 1_000_000)
        clock.ready(timeout_s=0.01)  # measured now: nothing to wait for

    def test_a_refresh_in_flight_does_not_block_others_on_the_old_offset(self) -> None:
        local = [1_000_000.0]
        release, refreshing = threading.Event(), threading.Event()
        calls: list[int] = []

        def source() -> float:
            calls.append(1)
            if len(calls) > 1:
                refreshing.set()
                release.wait(timeout=10)
            return local[0] + 5_000

        clock = ServerClock("lazy", source, lambda: local[0])
        clock.ready()
        local[0] += REFRESH_MS
        refresher = threading.Thread(target=clock.ready)
        refresher.start()
        self.assertTrue(refreshing.wait(timeout=10))
        clock.ready(timeout_s=0.001)  # returns at once with the old offset, no second refresh
        self.assertEqual(len(calls), 2)
        release.set()
        refresher.join(timeout=10)

    def test_a_call_that_gives_up_waiting_for_the_first_measurement_fails_unsent(self) -> None:
        release, measuring = threading.Event(), threading.Event()

        class Held(Exchange):
            def send(self, request: WireRequest) -> WireResponse:
                if "/spot/time" in request.url:
                    measuring.set()
                    release.wait(timeout=10)
                return super().send(request)

        exchange = Held(time_hold_s=0)
        c = lazy_client(exchange)
        first = threading.Thread(target=c.wallet.list_withdrawals)
        first.start()
        self.assertTrue(measuring.wait(timeout=10))
        with self.assertRaises(RequestTimeoutError) as caught:
            c.wallet.list_withdrawals(timeout=0.01)
        self.assertFalse(caught.exception.sent)
        self.assertEqual(caught.exception.operation, "listWithdrawals")
        self.assertEqual(exchange.private_requests, 0)
        release.set()
        first.join(timeout=10)
        self.assertEqual((exchange.time_requests, exchange.private_requests), (1, 1))


class Counting(threading.Condition):
    """The clock's condition, counting the callers waiting on it."""

    waiting = 0

    def wait(self, timeout: float | None = None) -> bool:
        self.waiting += 1  # called with the lock held
        return super().wait(timeout)


def run_threads_with_release(clock: ServerClock, state: Counting, release: threading.Event) -> list[BaseException]:
    """THREADS first calls of `ready`; the measurement is released once all the others wait for it."""
    errors: list[BaseException] = []
    lock = threading.Lock()

    def body() -> None:
        try:
            clock.ready()
        except Exception as error:  # noqa: BLE001 - reported to the test
            with lock:
                errors.append(error)

    threads = [threading.Thread(target=body) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for _ in range(10_000):  # bounded: at most about 10 s
        with state:
            if state.waiting >= THREADS - 1:
                break
        threading.Event().wait(0.001)
    release.set()
    for t in threads:
        t.join(timeout=30)
    return errors


if __name__ == "__main__":
    unittest.main()
