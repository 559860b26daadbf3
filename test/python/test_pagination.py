"""Iteration: 30-day windows without overlap or gap, paging to a short page, ids yielded once."""

import unittest

from exchange_v4._meta import OPERATIONS
from exchange_v4._runtime.pagination import paginate, time_windows

DAY = 86_400


class Windows(unittest.TestCase):
    def test_table(self) -> None:
        rows = [
            ("one second", (5, 5, 30), [(5, 5)]),
            ("empty", (6, 5, 30), []),
            ("exactly 30 days", (0, 30 * DAY - 1, 30), [(0, 30 * DAY - 1)]),
            ("90 days and a second", (0, 90 * DAY, 30), [(0, 30 * DAY - 1), (30 * DAY, 60 * DAY - 1), (60 * DAY, 90 * DAY - 1), (90 * DAY, 90 * DAY)]),
        ]
        for name, (start, end, days), want in rows:
            with self.subTest(name):
                self.assertEqual(time_windows(start, end, days), want)


class Paging(unittest.TestCase):
    def test_offset_paging_over_windows_with_edge_duplicates(self) -> None:
        records = [{"id": f"w{t}", "t": t} for t in range(0, 90 * DAY, DAY // 2)]
        calls: list[dict[str, object]] = []

        def fetch(params: dict[str, object]) -> list[dict[str, object]]:
            calls.append(params)
            start, end = params["from"], params["to"]
            inside = [r for r in records if start - 1 <= r["t"] <= end]  # type: ignore[operator]  # one record early: a duplicate
            offset, limit = int(params["offset"]), int(params["limit"])  # type: ignore[arg-type]
            return inside[offset : offset + limit]

        items = list(paginate(OPERATIONS["listWithdrawals"], {"from": 0, "to": 90 * DAY - 1, "limit": 25}, fetch, lambda: 0))
        self.assertEqual(len(items), len(records))
        self.assertEqual(len({i["id"] for i in items}), len(records))
        self.assertEqual({(c["from"], c["to"]) for c in calls}, {(0, 30 * DAY - 1), (30 * DAY, 60 * DAY - 1), (60 * DAY, 90 * DAY - 1)})

    def test_page_style_stops_at_a_short_page_and_at_a_repeated_page(self) -> None:
        meta = OPERATIONS["listUnifiedLoans"]
        pages = {1: [{"id": 1}, {"id": 2}], 2: [{"id": 3}]}
        seen: list[object] = []
        got = list(paginate(meta, {"limit": 2}, lambda p: (seen.append(p["page"]), pages.get(int(p["page"]), []))[1], lambda: 0))  # type: ignore[arg-type]
        self.assertEqual([g["id"] for g in got], [1, 2, 3])
        self.assertEqual(seen, [1, 2])
        same = list(paginate(meta, {"limit": 2}, lambda p: [{"id": 1}, {"id": 2}], lambda: 0))
        self.assertEqual(len(same), 2)


if __name__ == "__main__":
    unittest.main()
