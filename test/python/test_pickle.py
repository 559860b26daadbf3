"""Every public exception survives `pickle` (so it crosses a `ProcessPoolExecutor` or a
`multiprocessing` queue) with its class, message and attributes; secrets stay redacted."""

import concurrent.futures
import copy
import pickle
import unittest

import exchange_v4
from exchange_v4 import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ExchangeClient,
    ClientClosedError,
    ExchangeError,
    IdempotencyId,
    NetworkError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RedirectError,
    RequestTimeoutError,
    ResponseBodyError,
    ResponseTooLargeError,
    ServerError,
    UnknownOutcomeError,
    ValidationError,
    ValidationIssue,
    WireDriftError,
)
from exchange_v4._runtime.wire_drift import WireDrift

CONTEXT = {"operation": "withdraw", "endpoint": "POST /api/v4/withdrawals", "request_id": "r-1", "trace_id": "t-1"}
HEADERS = {"x-gate-trace-id": "t-1", "retry-after": "2"}
ID = IdempotencyId("withdraw_order_id", "w-9")
ISSUES = (
    ValidationIssue("body[0].price", "-1", "decimal.gt", "price must be greater than 0"),
    ValidationIssue("body[2].amount", "x", "decimal", "amount must be a decimal"),
)

# One instance of every exception class the package exports, with every attribute set.
GIVEN: list[ExchangeError] = [
    ExchangeError("plain", **CONTEXT),
    ApiError(418, "TEAPOT", "short and stout", HEADERS, **CONTEXT),
    BadRequestError(400, "INVALID_PARAM_VALUE", "bad amount", HEADERS, **CONTEXT),
    AuthenticationError(401, "INVALID_SIGNATURE", "[redacted] signature", HEADERS, **CONTEXT),
    PermissionDeniedError(403, "FORBIDDEN", "no", HEADERS, **CONTEXT),
    NotFoundError(404, "ORDER_NOT_FOUND", "", HEADERS, **CONTEXT),
    ServerError(503, "TOO_BUSY", "later", HEADERS, **CONTEXT),
    RateLimitError(429, "TOO_MANY_REQUESTS", "slow", HEADERS, reset_at_ms=1_700_000_000_000.0, bucket="wallet", **CONTEXT),
    RedirectError(303, "https://elsewhere.test:8443", HEADERS, **CONTEXT),
    NetworkError("withdraw: refused", sent=False, **CONTEXT),
    RequestTimeoutError("withdraw: timed out", sent=True, **CONTEXT),
    ValidationError("key", "[redacted]", "type", "must be a non-empty string"),
    ValidationError("body[0].price", "-1", "decimal.gt", "must be greater than 0", operation="createBatchOrders", issues=ISSUES),
    UnknownOutcomeError("withdraw: no answer", idempotency=ID, retry_after_ms=5_000, cause="NetworkError: reset", **CONTEXT),
    UnknownOutcomeError(
        "createBatchOrders: no answer", idempotency=None, retry_after_ms=5_000, items=(IdempotencyId("text", "t-1"),),
        duplicate=True, **CONTEXT,
    ),
    ResponseBodyError(200, HEADERS, write=True, idempotency=ID, **CONTEXT),
    ResponseTooLargeError(200, 16 * 1024 * 1024, **CONTEXT),
    ClientClosedError("listWithdrawals: the client is closed; nothing was sent", operation="listWithdrawals"),
    WireDriftError(WireDrift("*.size", "number", "decimal", refused=True), **CONTEXT),
]


def exported_exceptions() -> set[type[BaseException]]:
    names = [getattr(exchange_v4, name) for name in exchange_v4.__all__]
    return {value for value in names if isinstance(value, type) and issubclass(value, BaseException)}


class Pickling(unittest.TestCase):
    def test_the_table_covers_every_exported_exception_class(self) -> None:
        self.assertEqual({type(e) for e in GIVEN}, exported_exceptions())

    def test_every_exception_round_trips_with_its_attributes(self) -> None:
        for given in GIVEN:
            for protocol in range(pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL + 1):
                with self.subTest(f"{type(given).__name__} protocol {protocol}"):
                    got = pickle.loads(pickle.dumps(given, protocol))
                    self.assertIs(type(got), type(given))
                    self.assertEqual(str(got), str(given))
                    self.assertEqual(repr(got), repr(given))
                    self.assertEqual(got.args, given.args)
                    self.assertEqual(vars(got), vars(given))

    def test_copies_keep_the_attributes_too(self) -> None:
        for given in GIVEN:
            with self.subTest(type(given).__name__):
                self.assertEqual(vars(copy.copy(given)), vars(given))
                self.assertEqual(vars(copy.deepcopy(given)), vars(given))

    def test_a_note_added_to_an_error_survives(self) -> None:
        error = ValidationError("amount", "0", "decimal.gt", "must be greater than 0", operation="transfer")
        error.add_note("while paying desk 7")
        got = pickle.loads(pickle.dumps(error))
        self.assertEqual(got.__notes__, ["while paying desk 7"])


def bad_transfer_in_a_worker() -> None:
    """Runs in a worker process: a call that fails validation before any I/O."""
    client = ExchangeClient(key="worker-key-0123456789", secret="worker-secret-0123456789")
    client.wallet.transfer({"currency": "USDT", "from": "spot", "to": "margin", "amount": "0", "currency_pair": "BTC_USDT"})


class ProcessPool(unittest.TestCase):
    def test_a_validation_error_in_a_worker_arrives_as_itself(self) -> None:
        with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool:
            future = pool.submit(bad_transfer_in_a_worker)
            with self.assertRaises(ValidationError) as caught:
                future.result(timeout=60)
        error = caught.exception
        self.assertEqual((error.field, error.value, error.rule, error.operation), ("amount", "0", "decimal.gt", "transfer"))
        self.assertNotIn("worker-secret", repr(vars(error)))


if __name__ == "__main__":
    unittest.main()
