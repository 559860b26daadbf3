"""Conformance: the canonical query string (conformance/query.json, the rows the TypeScript suite
runs too)."""

import unittest

from conformance_kit import answer_of, cases

from exchange_v4._runtime.metadata import QueryParam
from exchange_v4._runtime.query import serialize_query


class Query(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("query")
        self.assertGreater(len(rows), 40)
        for title, given, want in rows:
            with self.subTest(title):
                specs = [QueryParam(p["name"], csv=p.get("csv", False)) for p in given["params"]]
                self.assertEqual(answer_of("query", lambda: serialize_query(specs, given["values"])), want)


if __name__ == "__main__":
    unittest.main()
