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
    may_have_applied,
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
    # Redirects (never followed), as in the TypeScript policy: 307/308 mean not processed, any
    # other may follow processing, so a write is looked up or ends as an unknown outcome.
    ("read, any redirect: fail, never followed", READ, answer(302), Fail()),
    ("read, 307: fail", READ, answer(307), Fail()),
    ("write, 307: fail (not processed)", WITHDRAW, answer(307), Fail()),
    ("write, 308: fail (not processed)", WITHDRAW, answer(308), Fail()),
    ("write, 303 after a POST (processed): look up", WITHDRAW, answer(303), LookUp()),
    ("write, 302: look up", WITHDRAW, answer(302), LookUp()),
    ("write, 301: look up", WITHDRAW, answer(301), LookUp()),
    ("write, 302, retries left: not resent, looked up", replace(WITHDRAW, max_retries=5), answer(302), LookUp()),
    ("write without lookup, 303: unknown", PLAIN_WRITE, answer(303), Unknown()),
    ("deduped write, 302: look up, never resent to the target", DEDUPED, answer(302), LookUp()),
    ("deduped write without lookup, 301: unknown", replace(DEDUPED, can_look_up=False), answer(301), Unknown()),
    (
        "deduped resend answered 307 after a maybe-applied attempt: look up",
        replace(DEDUPED, retries=1, resent=True, may_be_applied=True),
        answer(307),
        LookUp(),
    ),
    ("deduped resend answered 307 after a 429: fail", replace(DEDUPED, retries=1, resent=True), answer(307), Fail()),
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
    ("deduped write: duplicate on the first send: look up", DEDUPED, answer(400, "DUPLICATE_REQUEST", duplicate=True), LookUp()),
    ("write: ORDER_EXISTS on the first send: look up", WITHDRAW, answer(400, "ORDER_EXISTS", duplicate=True), LookUp()),
    ("write without a lookup: REPEATED_CREATION: unknown", PLAIN_WRITE, answer(400, "REPEATED_CREATION", duplicate=True), Unknown()),
    ("read: a duplicate label fails", READ, answer(400, "DUPLICATE_REQUEST", duplicate=True), Fail()),
    ("deduped write: 400 fails", DEDUPED, answer(400, "INVALID_PARAM_VALUE"), Fail()),
    ("other write: no answer, look it up", WITHDRAW, NO_ANSWER, LookUp()),
    ("other write: 500, look it up", WITHDRAW, answer(500), LookUp()),
    ("other write: 501 was not processed: fail, as in TypeScript", WITHDRAW, answer(501), Fail()),
    ("other write: transient 4xx is not resent", WITHDRAW, answer(400, "TOO_BUSY", transient=True), Fail()),
    ("other write: no lookup, unknown at once", PLAIN_WRITE, NO_ANSWER, Unknown()),
    ("other write: 503 without lookup, unknown", PLAIN_WRITE, answer(503), Unknown()),
    ("other write: 400 fails", WITHDRAW, answer(400, "BALANCE_NOT_ENOUGH"), Fail()),
]


# (outcome, want): whether an attempt's outcome leaves a write possibly applied.
MAY_HAVE_APPLIED = [
    (NO_ANSWER, True),
    (NOT_SENT, False),
    (answer(303), True),
    (answer(302), True),
    (answer(301), True),
    (answer(307), False),
    (answer(308), False),
    (answer(500, "INTERNAL"), True),
    (answer(504, "UNKNOWN"), True),
    (answer(429, "TOO_MANY_REQUESTS"), False),
    (answer(400, "INVALID_PARAM_VALUE"), False),
]


class NextStep(unittest.TestCase):
    def test_table(self) -> None:
        for name, state, outcome, want in ROWS:
            with self.subTest(name):
                self.assertEqual(next_step(state, outcome), want)

    def test_may_have_applied(self) -> None:
        for outcome, want in MAY_HAVE_APPLIED:
            with self.subTest(f"{outcome.kind} {outcome.status}"):
                self.assertEqual(may_have_applied(outcome), want)

    def test_backoff_is_capped_full_jitter(self) -> None:
        self.assertEqual([backoff_ms(n, 0.999999) for n in (1, 2, 3, 4, 5, 6, 9)], [499, 999, 1999, 3999, 7999, 7999, 7999])
        self.assertEqual(backoff_ms(3, 0.0), 0)


if __name__ == "__main__":
    unittest.main()
