"""Conformance: the body a call sends (conformance/body.json, the rows the TypeScript suite runs
too)."""

import unittest

from conformance_kit import answer_of, cases

from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.plan import body_bytes


class Body(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("body")
        self.assertGreater(len(rows), 35)
        for title, given, want in rows:
            with self.subTest(title):
                meta = OPERATIONS[given["operationId"]]
                got = answer_of("body", lambda: body_bytes(meta, given["params"]).decode("utf-8") or None)
                self.assertEqual(got, want)


if __name__ == "__main__":
    unittest.main()
