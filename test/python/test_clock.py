"""Server time: measured lazily, the offset is the midpoint of the round trip, measured again when old."""

import unittest

from exchange_v4._runtime.clock import REFRESH_MS, ServerClock, server_time_ms


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


if __name__ == "__main__":
    unittest.main()
