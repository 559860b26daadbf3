"""Conformance: the limit one process keeps to while the shared budget's Redis cannot be reached
(conformance/redis-fallback.json, the rows the TypeScript suite runs too)."""

import unittest

from conformance_kit import cases

from exchange_v4._runtime.metadata import RateLimit
from exchange_v4._runtime.redis_keys import fallback_limit


class RedisFallback(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("redis-fallback")
        self.assertGreater(len(rows), 3)
        for title, given, want in rows:
            with self.subTest(title):
                got = fallback_limit(RateLimit("b", given["requests"], given["window"], "uid"), given["share"])
                self.assertEqual((got.requests, got.window), (want["requests"], want["window"]))
                self.assertLessEqual(got.requests / got.window, given["requests"] / given["window"] * given["share"])


if __name__ == "__main__":
    unittest.main()
