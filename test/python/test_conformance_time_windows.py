"""Conformance: splitting a time range into windows (conformance/time-windows.json, the rows the
TypeScript suite runs too)."""

import unittest
from typing import Any

from conformance_kit import cases

from exchange_v4._runtime.pagination import time_windows


class TimeWindows(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("time-windows")
        self.assertGreater(len(rows), 15)
        for title, given, want in rows:
            with self.subTest(title):
                got: dict[str, Any]
                try:
                    windows = time_windows(given["from"], given["to"], given["maxDays"])
                    got = {"windows": [{"from": a, "to": b} for a, b in windows]}
                except ValueError:
                    got = {"refused": True}
                self.assertEqual(got, want)


if __name__ == "__main__":
    unittest.main()
