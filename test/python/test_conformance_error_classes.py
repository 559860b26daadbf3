"""Conformance: error classification (conformance/error-classes.json, the rows the TypeScript suite
runs too)."""

import unittest

from conformance_kit import cases

from exchange_v4._meta import API
from exchange_v4._runtime.answer import error_body
from exchange_v4._runtime.errors import api_error_for
from exchange_v4._runtime.retry import Outcome, Retry, RetryState, label_kind, next_step


class ErrorClasses(unittest.TestCase):
    def test_every_row(self) -> None:
        rows = cases("error-classes")
        self.assertGreater(len(rows), 50)
        read = RetryState(
            "safe", dedupes=False, can_look_up=False, signed=False, clock_sync=False, retries=0, max_retries=2, jitter=0
        )
        for title, given, want in rows:
            with self.subTest(title):
                label, detail = error_body(given["body"])
                error = api_error_for(given["status"], label, detail, {}, bucket="b", reset_at_ms=None)
                transient, duplicate = label_kind(error.label, API.transient_labels, API.duplicate_labels)
                step = next_step(read, Outcome("answer", given["status"], label, transient, duplicate))
                got = {
                    "class": type(error).__name__,
                    "label": error.label,
                    "detail": error.detail,
                    "transient": transient,
                    "duplicate": duplicate,
                    "readRetried": isinstance(step, Retry),
                }
                self.assertEqual(got, want)


if __name__ == "__main__":
    unittest.main()
