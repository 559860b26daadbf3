"""Conformance: the operation a raw request matches and the bucket it counts in
(conformance/raw-routes.json, the rows the TypeScript suite runs too)."""

import unittest

from conformance_kit import cases

from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.raw import match_operation, normalize_raw_path, raw_operation_meta


class RawRoutes(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("raw-routes")
        self.assertGreater(len(rows), 15)
        for title, given, want in rows:
            with self.subTest(title):
                checked = normalize_raw_path(given["path"], given["basePath"]).get("path", "")
                found = match_operation(given["method"], checked, OPERATIONS)
                meta = raw_operation_meta(given["method"], given["path"], None, given["basePath"], OPERATIONS)
                self.assertEqual(
                    {"operation": None if found is None else found.id, "bucket": meta.rate_limit.bucket}, want
                )


if __name__ == "__main__":
    unittest.main()
