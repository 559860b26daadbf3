"""The outcome policy (`outcome_policy`), one given/want row per case from the table both clients
run (test/conformance/outcome-policy.json; the TypeScript suite reads the same file)."""

import json
import pathlib
import unittest

from exchange_v4._runtime.outcome_policy import outcome_policy

TABLE = json.loads((pathlib.Path(__file__).parent.parent / "conformance" / "outcome-policy.json").read_text())


class OutcomePolicy(unittest.TestCase):
    def test_every_row(self) -> None:
        self.assertGreater(len(TABLE["rows"]), 20)
        for row in TABLE["rows"]:
            given, want = row["given"], row["want"]
            with self.subTest(row["name"]):
                decision = outcome_policy(given["evidence"], given["lookup"], given["dedupes"])
                self.assertEqual(
                    (decision.status, decision.resend, decision.ask_again),
                    (want["status"], want["resend"], want["askAgain"]),
                )


if __name__ == "__main__":
    unittest.main()
