"""Conformance: validation before any I/O (conformance/validation.json, the rows the TypeScript suite
runs too)."""

import unittest

from conformance_kit import answer_of, cases

from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.validate import validate_call


class Validation(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("validation")
        self.assertGreater(len(rows), 90)
        for title, given, want in rows:
            with self.subTest(title):
                meta = OPERATIONS[given["operationId"]]

                def run() -> bool:
                    validate_call(meta, given["params"], given["now"])
                    return True

                self.assertEqual(answer_of("ok", run), want)


if __name__ == "__main__":
    unittest.main()
