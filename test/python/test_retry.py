"""The retry and outcome policy, `next_step(state, outcome)`, as a table of given/want rows."""

import unittest
from dataclasses import replace

from exchange_v4._runtime.retry import (
    MAX_SERVER_WAIT_MS,
    Fail,
    LookUp,
    Outcome,
    Resync,
    Retry,
    RetryState,
    Unknown,
    backoff_ms,
    next_step,
)

READ = RetryState(retry="safe", dedupes=False, can_look_up=False, signed=True, clock_sync=True, retries=0, max_retries=2)
DEDUPED = replace(READ, retry="keyed", dedupes=True, can_look_up=True)
WITHDRAW = replace(READ, retry="never", can_look_up=True)
PLAIN_WRITE = replace(READ, retry="never")
SPENT = {"retries": 2}
#: A 429's wait honoured up to 3 s (a withdrawal's window).
CAPPED = replace(READ, max_server_wait_ms=3_000)

NOT_SENT = Outcome("not_sent")
NO_ANSWER = Outcome("no_answer")


def answer(status: int, label: str = "", **extra: object) -> Outcome:
    return Outcome("answer", status, label, **extra)  # type: ignore[arg-type]


# (name, state, outcome, want); Retry delays use jitter 0.5: 250 ms first, 500 ms second.
ROWS = [
    ("read: no answer is retried", READ, NO_ANSWER, Retry(250)),
    ("read: 503 is retried", READ, answer(503, "TOO_BUSY"), Retry(250)),
    ("read: 501 is not", READ, answer(501), Fail()),
    ("read: transient label on a 4xx is retried", READ, answer(400, "TOO_BUSY", transient=True), Retry(250)),
    ("read: 400 fails", READ, answer(400, "INVALID_PARAM_VALUE"), Fail()),
    ("read: second retry backs off longer", replace(READ, retries=1), answer(500), Retry(500)),
    ("read: retries spent", replace(READ, **SPENT), answer(500), Fail()),
    ("any: never sent is retried", PLAIN_WRITE, NOT_SENT, Retry(250)),
    ("any: never sent, retries spent", replace(PLAIN_WRITE, **SPENT), NOT_SENT, Fail()),
    ("any: 429 waits for the reset", PLAIN_WRITE, answer(429, reset_in_ms=2_000), Retry(2_000)),
    ("any: 429 reset sooner than the backoff", READ, answer(429, reset_in_ms=10), Retry(250)),
    ("any: 429 too far away", READ, answer(429, reset_in_ms=MAX_SERVER_WAIT_MS + 1), Fail()),
    ("any: 429 asking for an hour waits the cap", CAPPED, answer(429, reset_in_ms=3_600_000), Retry(3_000)),
    ("any: 429 within the cap waits what it asked", CAPPED, answer(429, reset_in_ms=1_200), Retry(1_200)),
    (
        "any: 429 too far away even for a large cap",
        replace(READ, max_server_wait_ms=3_600_000),
        answer(429, reset_in_ms=MAX_SERVER_WAIT_MS + 1),
        Fail(),
    ),
    ("any: 429, retries spent", replace(WITHDRAW, **SPENT), answer(429, reset_in_ms=10), Fail()),
    ("any: REQUEST_EXPIRED resyncs", WITHDRAW, answer(401, "REQUEST_EXPIRED"), Resync()),
    ("any: REQUEST_EXPIRED only once", replace(READ, resynced=True), answer(401, "REQUEST_EXPIRED"), Fail()),
    ("any: REQUEST_EXPIRED without clock sync", replace(READ, clock_sync=False), answer(401, "REQUEST_EXPIRED"), Fail()),
    ("any: other 401 fails", DEDUPED, answer(401, "INVALID_SIGNATURE"), Fail()),
    ("any: 3xx fails", READ, answer(302), Fail()),
    ("deduped write: no answer, same id again", DEDUPED, NO_ANSWER, Retry(250)),
    ("deduped write: 502 again", DEDUPED, answer(502), Retry(250)),
    ("deduped write: retries spent, look it up", replace(DEDUPED, **SPENT), NO_ANSWER, LookUp()),
    (
        "deduped write: retries spent, no lookup",
        replace(DEDUPED, can_look_up=False, **SPENT),
        NO_ANSWER,
        Unknown(),
    ),
    ("deduped write: duplicate after a resend", replace(DEDUPED, resent=True), answer(400, "DUPLICATE_REQUEST", duplicate=True), LookUp()),
    ("deduped write: duplicate on the first send", DEDUPED, answer(400, "DUPLICATE_REQUEST", duplicate=True), Fail()),
    ("deduped write: 400 fails", DEDUPED, answer(400, "INVALID_PARAM_VALUE"), Fail()),
    ("other write: no answer, look it up", WITHDRAW, NO_ANSWER, LookUp()),
    ("other write: 500, look it up", WITHDRAW, answer(500), LookUp()),
    ("other write: 501 may be applied too", WITHDRAW, answer(501), LookUp()),
    ("other write: transient 4xx is not resent", WITHDRAW, answer(400, "TOO_BUSY", transient=True), Fail()),
    ("other write: no lookup, unknown at once", PLAIN_WRITE, NO_ANSWER, Unknown()),
    ("other write: 503 without lookup, unknown", PLAIN_WRITE, answer(503), Unknown()),
    ("other write: 400 fails", WITHDRAW, answer(400, "BALANCE_NOT_ENOUGH"), Fail()),
]


class NextStep(unittest.TestCase):
    def test_table(self) -> None:
        for name, state, outcome, want in ROWS:
            with self.subTest(name):
                self.assertEqual(next_step(state, outcome), want)

    def test_backoff_is_capped_full_jitter(self) -> None:
        self.assertEqual([backoff_ms(n, 0.999999) for n in (1, 2, 3, 4, 5, 6, 9)], [499, 999, 1999, 3999, 7999, 7999, 7999])
        self.assertEqual(backoff_ms(3, 0.0), 0)


if __name__ == "__main__":
    unittest.main()
