"""Conformance: the retry decision after an attempt that did not succeed (conformance/retry.json, the
rows the TypeScript suite runs too)."""

import unittest
from typing import Any

from conformance_kit import cases

from exchange_v4._meta import API
from exchange_v4._runtime.retry import Outcome, Retry, RetryState, Step, label_kind, next_step

STEPS = {"Retry": "retry", "LookUp": "lookup", "Unknown": "unknown", "Resync": "resync", "Fail": "fail"}
RETRY = {"read": "safe", "deduped-write": "keyed", "write": "never"}


def outcome_of(attempt: dict[str, Any]) -> Outcome:
    if attempt["kind"] != "answer":
        return Outcome("not_sent" if attempt["kind"] == "not-sent" else "no_answer")
    label = attempt.get("label", "")
    transient, duplicate = label_kind(label, API.transient_labels, API.duplicate_labels)
    return Outcome("answer", attempt["status"], label, transient, duplicate, reset_in_ms=attempt.get("waitMs"))


def shown(step: Step) -> dict[str, Any]:
    out: dict[str, Any] = {"do": STEPS[type(step).__name__]}
    if isinstance(step, Retry):
        out["afterMs"] = step.delay_ms
    return out


class RetryDecisions(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("retry")
        self.assertGreater(len(rows), 200)
        for title, given, want in rows:
            with self.subTest(title):
                call = given["call"]
                state = RetryState(
                    RETRY[call["kind"]],
                    dedupes=call["kind"] == "deduped-write",
                    can_look_up=call["canLookUp"],
                    signed=call["canResync"],
                    clock_sync=call["canResync"],
                    retries=call["retries"],
                    max_retries=call["maxRetries"],
                    may_be_applied=call["mayBeApplied"],
                    jitter=call["jitter"],
                    max_server_wait_ms=call["maxServerWaitMs"],
                )
                self.assertEqual(shown(next_step(state, outcome_of(given["attempt"]))), want)


if __name__ == "__main__":
    unittest.main()
