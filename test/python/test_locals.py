"""No API key, secret or signature in the frame locals an error carries: error trackers and
`pytest --showlocals` record `repr()` of every local of every frame of a traceback (and of the
`__cause__` / `__context__` chain). Each row runs a call that fails and walks what it raised."""

import unittest
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import Any

from exchange_v4 import (
    AuthenticationError,
    ExchangeClient,
    ExchangeError,
    NetworkError,
    UnknownOutcomeError,
    ValidationError,
)
from exchange_v4._runtime.rate_limit import RateLimiter
from exchange_v4._runtime.transport import SendFailure, WireRequest, WireResponse

from fakes import BASE, KEY, SECRET, Script, client, reply

WITHDRAW = {"currency": "USDT", "amount": "100", "chain": "TRX", "address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"}
PUSH = {"receive_uid": 10002, "currency": "USDT", "amount": "1"}
TRANSFER = {"currency": "USDT", "from": "spot", "to": "margin", "amount": "1.5", "currency_pair": "BTC_USDT"}


def chain(error: BaseException) -> Iterator[BaseException]:
    """The error, its causes and contexts, each once."""
    seen: set[int] = set()
    todo = [error]
    while todo:
        e = todo.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        todo.extend(x for x in (e.__cause__, e.__context__) if x is not None)


def frames(tb: TracebackType | None) -> Iterator[TracebackType]:
    while tb is not None:
        yield tb
        tb = tb.tb_next


def leaks(error: BaseException, secrets: list[str]) -> list[str]:
    """`frame: local` of every local (and every error) whose repr holds one of `secrets`."""
    found: list[str] = []
    for e in chain(error):
        texts = {f"{type(e).__name__} repr": repr(e), f"{type(e).__name__} str": str(e), "vars": repr(vars(e))}
        for tb in frames(e.__traceback__):
            code = tb.tb_frame.f_code
            for name, value in tb.tb_frame.f_locals.items():
                texts[f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}: {name}"] = repr(value)
        found += [where for where, text in texts.items() if any(s in text for s in secrets)]
    return found


def raised(call: Callable[[], Any]) -> BaseException:
    """What `call` raised, with its traceback and frames intact."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - the error under test
        return error
    raise AssertionError("nothing was raised")


class Broken:
    """A transport that fails with an exception of its own after seeing the request."""

    def __init__(self) -> None:
        self.sent: list[WireRequest] = []

    def send(self, request: WireRequest) -> WireResponse:
        self.sent.append(request)
        raise RuntimeError("socket driver crashed")


def signatures(sent: list[WireRequest]) -> list[str]:
    return [str.__str__(r.headers["SIGN"]) for r in sent if "SIGN" in r.headers]


class Locals(unittest.TestCase):
    def check(self, call: Callable[[], Any], sent: list[WireRequest], expected: type[BaseException]) -> None:
        # Not assertRaises: it clears the frames of the traceback it catches.
        error = raised(call)
        self.assertIsInstance(error, expected)
        secrets = [KEY, SECRET, *signatures(sent)]
        self.assertEqual(leaks(error, secrets), [])

    def test_a_read_not_sent(self) -> None:
        script = Script({"/wallet/withdrawals": [SendFailure("not_sent", "refused")]})
        self.check(lambda: client(script, max_retries=0).wallet.list_withdrawals(), script.sent, NetworkError)
        self.assertEqual(len(signatures(script.sent)), 1)

    def test_a_write_without_answer_ends_unknown(self) -> None:
        script = Script({"/withdrawals/push": [SendFailure("no_answer", "reset")]})
        self.check(lambda: client(script).withdrawals.withdraw_push_order(PUSH), script.sent, UnknownOutcomeError)

    def test_a_write_whose_lookup_fails_too(self) -> None:
        script = Script(
            {"/withdrawals": [reply(502, {"label": "BAD_GATEWAY"})], "/wallet/withdrawals": [reply(401, {"label": "INVALID_KEY"})]}
        )
        self.check(lambda: client(script, max_retries=0).withdrawals.withdraw(WITHDRAW), script.sent, UnknownOutcomeError)
        self.assertEqual(len(signatures(script.sent)), 2)

    def test_an_api_error(self) -> None:
        script = Script({"/wallet/withdrawals": [reply(401, {"label": "INVALID_SIGNATURE", "message": "bad"})]})
        self.check(lambda: client(script).wallet.list_withdrawals(), script.sent, AuthenticationError)

    def test_request_expired_after_a_resync(self) -> None:
        expired = reply(401, {"label": "REQUEST_EXPIRED"})
        time = reply(200, {"server_time": 1_700_000_000_000})
        script = Script({"/wallet/withdrawals": [expired, expired], "/spot/time": [time, time]})
        self.check(lambda: client(script, clock_sync="lazy").wallet.list_withdrawals(), script.sent, AuthenticationError)

    def test_a_transport_failing_with_its_own_exception(self) -> None:
        broken = Broken()
        c = ExchangeClient(key=KEY, secret=SECRET, base_url=BASE, transport=broken, clock_sync="off", limiter=RateLimiter())
        self.check(lambda: c.wallet.list_withdrawals(), broken.sent, RuntimeError)
        self.assertEqual(len(signatures(broken.sent)), 1)

    def test_a_call_that_fails_validation(self) -> None:
        script = Script({})
        self.check(lambda: client(script).wallet.transfer({**TRANSFER, "amount": "0"}), script.sent, ValidationError)

    def test_a_client_whose_options_fail_validation(self) -> None:
        for options in ({"timeout": -1}, {"server": "moon"}, {"logger": 3}, {"base_url": "ftp://x"}):
            with self.subTest(repr(options)):
                self.check(lambda: ExchangeClient(key=KEY, secret=SECRET, **options), [], ValidationError)

    def test_a_client_whose_key_pair_is_incomplete(self) -> None:
        self.check(lambda: ExchangeClient(secret=SECRET), [], ValidationError)
        self.check(lambda: ExchangeClient(key=KEY, secret=" "), [], ValidationError)

    def test_the_walk_finds_a_secret_when_one_is_there(self) -> None:
        def holds_it(secret: str) -> None:
            raise ExchangeError("failed")

        self.assertEqual(leaks(raised(lambda: holds_it(SECRET)), [SECRET]), ["test_locals.py:holds_it: secret"])


if __name__ == "__main__":
    unittest.main()
