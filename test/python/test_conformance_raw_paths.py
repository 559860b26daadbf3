"""Conformance: a raw request's path (conformance/raw-paths.json, the rows the TypeScript suite runs
too): checked and encoded as it is sent and signed, or refused with the rule it breaks."""

import unittest

from conformance_kit import cases

from exchange_v4._runtime.raw import normalize_raw_path


class RawPaths(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("raw-paths")
        self.assertGreater(len(rows), 50)
        for title, given, want in rows:
            with self.subTest(title):
                self.assertEqual(normalize_raw_path(given["path"], given["basePath"]), want)


if __name__ == "__main__":
    unittest.main()
