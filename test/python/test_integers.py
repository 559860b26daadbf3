"""Integer parameters before any I/O: int32 and int64 ranges checked (`offset=2**40` is refused,
never sent), int64 values accepted as `int` or digit string (as the TypeScript client does) and
written in a body as bare JSON numbers; a digit string elsewhere is still refused."""

from __future__ import annotations

import json
import unittest
from typing import Any

from exchange_v4 import ValidationError

from fakes import Script, client, reply

INT64_MAX = 2**63 - 1


class Ranges(unittest.TestCase):
    def test_integer_rows(self) -> None:
        rows: list[dict[str, Any]] = [
            {"given": ("list_withdrawals", {"offset": 2**40}), "want": ("offset", "maximum")},
            {"given": ("list_withdrawals", {"offset": 2**31 - 1}), "want": None},
            {"given": ("list_withdrawals", {"offset": 2**31}), "want": ("offset", "maximum")},
            {"given": ("list_withdrawals", {"offset": "5"}), "want": ("offset", "type")},
            {"given": ("list_withdrawals", {"from": "1700000000", "to": 1700003600}), "want": None},
            {"given": ("list_withdrawals", {"from": "17e8"}), "want": ("from", "type")},
            {"given": ("list_withdrawals", {"from": 1.5}), "want": ("from", "type")},
            {"given": ("list_withdrawals", {"from": True}), "want": ("from", "type")},
            {"given": ("add_stp_group_users", {"stp_id": INT64_MAX, "body": [1]}), "want": None},
            {"given": ("add_stp_group_users", {"stp_id": INT64_MAX + 1, "body": [1]}), "want": ("stp_id", "maximum")},
            {"given": ("add_stp_group_users", {"stp_id": -(2**63) - 1, "body": [1]}), "want": ("stp_id", "minimum")},
            {"given": ("add_stp_group_users", {"stp_id": str(INT64_MAX + 1), "body": [1]}), "want": ("stp_id", "maximum")},
            {"given": ("add_stp_group_users", {"stp_id": 7, "body": ["9", 2**64]}), "want": ("body[1]", "maximum")},
        ]
        for row in rows:
            method, params = row["given"]
            with self.subTest(given=row["given"]):
                script = Script({"/wallet/withdrawals": [reply(200, [])], "/account/stp_groups/7/users": [reply(200, [])]})
                script.steps[f"/account/stp_groups/{params.get('stp_id')}/users"] = [reply(200, [])]
                api = client(script)
                area = api.account if method == "add_stp_group_users" else api.wallet
                if row["want"] is None:
                    getattr(area, method)(params)
                    self.assertEqual(len(script.sent), 1)
                    continue
                with self.assertRaises(ValidationError) as caught:
                    getattr(area, method)(params)
                self.assertEqual((caught.exception.field, caught.exception.rule), row["want"])
                self.assertEqual(script.sent, [])

    def test_an_int64_digit_string_is_sent_as_a_bare_number_in_a_body_and_as_given_in_a_path(self) -> None:
        script = Script({"/account/stp_groups/9007199254740993/users": [reply(200, [])]})
        client(script).account.add_stp_group_users({"stp_id": "9007199254740993", "body": ["9007199254740995", 3]})
        self.assertEqual(script.sent[0].body, b"[9007199254740995,3]")
        self.assertEqual(json.loads(script.sent[0].body), [9007199254740995, 3])

    def test_a_range_given_as_digit_strings_is_iterated_in_the_same_windows_as_ints(self) -> None:
        to = 1_700_000_000
        sent: list[list[str]] = []
        for given in ({"from": to - 60 * 86_400, "to": to}, {"from": str(to - 60 * 86_400), "to": str(to)}):
            script = Script({"/wallet/withdrawals": [reply(200, []) for _ in range(5)]})
            params: Any = given
            self.assertEqual(list(client(script).wallet.iter_list_withdrawals(params)), [])
            sent.append([r.url for r in script.sent])
        self.assertGreater(len(sent[0]), 1)  # 60 days: more than one 30-day window
        self.assertEqual(sent[1], sent[0])

if __name__ == "__main__":
    unittest.main()
