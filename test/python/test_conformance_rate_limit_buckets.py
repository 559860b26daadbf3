"""Conformance: the rate-limit bucket a call counts in (conformance/rate-limit-buckets.json, the rows
the TypeScript suite runs too)."""

import unittest

from conformance_kit import cases

from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.rate_limit import bucket_keys


class RateLimitBuckets(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("rate-limit-buckets")
        self.assertGreater(len(rows), 30)
        for title, given, want in rows:
            with self.subTest(title):
                meta = OPERATIONS[given["operationId"]]
                limit = meta.rate_limit
                got = {"bucket": limit.bucket, "scope": limit.scope, "requests": limit.requests, "window": limit.window,
                       "keys": bucket_keys(meta, given["account"], given["params"])}
                self.assertEqual(got, want)


if __name__ == "__main__":
    unittest.main()
