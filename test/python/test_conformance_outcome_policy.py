"""Conformance: the outcome policy (`outcome_policy`), every row of conformance/outcome-policy.json
(the TypeScript suite runs the same rows)."""

import unittest

from conformance_kit import cases

from exchange_v4._runtime.outcome_policy import outcome_policy


class OutcomePolicy(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("outcome-policy")
        self.assertEqual(len(rows), 40)
        for title, given, want in rows:
            with self.subTest(title):
                decision = outcome_policy(given["evidence"], given["lookup"], given["dedupes"])
                self.assertEqual(
                    {"status": decision.status, "resend": decision.resend, "askAgain": decision.ask_again}, want
                )


if __name__ == "__main__":
    unittest.main()
