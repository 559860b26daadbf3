"""Conformance: the shared rate budget's Redis key base for a bucket key (conformance/redis-keys.json,
the rows the TypeScript suite runs too), under which `:slots` and `:meta` are kept."""

import unittest

from conformance_kit import cases

from exchange_v4._runtime.redis_keys import parse_bucket_key, redis_keys


class RedisKeys(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("redis-keys")
        self.assertGreater(len(rows), 5)
        for title, given, want in rows:
            with self.subTest(title):
                ref = parse_bucket_key(given["key"])
                got = None if ref is None else redis_keys(given["prefix"], given["uid"], ref)
                self.assertEqual(got, None if want is None else (f"{want}:slots", f"{want}:meta"))


if __name__ == "__main__":
    unittest.main()
