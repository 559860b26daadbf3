"""Conformance: auto-pagination and time windows (conformance/pagination.json, the rows the
TypeScript suite runs too). Each row's pages are the server's answers to the requests in turn."""

import unittest
from typing import Any

from conformance_kit import cases

from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.pagination import paginate


class Pagination(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("pagination")
        self.assertGreater(len(rows), 30)
        for title, given, want in rows:
            with self.subTest(title):
                requests: list[dict[str, Any]] = []

                def fetch(params: dict[str, Any]) -> list[Any]:
                    requests.append(params)
                    pages: list[list[Any]] = given["pages"]
                    return pages[len(requests) - 1] if len(requests) <= len(pages) else []

                items = list(paginate(OPERATIONS[given["operationId"]], given["params"], fetch, lambda: given["now"]))
                self.assertEqual({"requests": requests, "items": items}, want)


if __name__ == "__main__":
    unittest.main()
