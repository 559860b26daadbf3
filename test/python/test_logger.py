"""The `logger` option: a callable, a `logging.Logger` (the root logger included) or a
`logging.LoggerAdapter` receives the events; anything else is refused before any I/O."""

import logging
import unittest
from typing import Any

from exchange_v4 import ExchangeClient, ValidationError

from exchange_v4._runtime.rate_limit import RateLimiter

from fakes import BASE, KEY, SECRET, Script, reply

RECORD = {"id": "w1", "status": "REQUEST", "currency": "USDT", "amount": "100"}


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def one_read(logger: Any) -> None:
    script = Script({"/wallet/withdrawals": [reply(200, [RECORD])]})
    c = ExchangeClient(
        key=KEY, secret=SECRET, base_url=BASE, transport=script, limiter=RateLimiter(), clock_sync="off", logger=logger
    )
    c.wallet.list_withdrawals({"currency": "USDT"})


class LoggerOption(unittest.TestCase):
    def setUp(self) -> None:
        self.capture = Capture()

    def attach(self, logger: logging.Logger) -> None:
        old_level = logger.level
        logger.addHandler(self.capture)
        logger.setLevel(logging.DEBUG)
        self.addCleanup(logger.removeHandler, self.capture)
        self.addCleanup(logger.setLevel, old_level)

    def kinds(self) -> list[str]:
        return [getattr(r, "exchange")["type"] for r in self.capture.records]

    def test_the_root_logger_is_accepted_and_receives_events(self) -> None:
        root = logging.getLogger()
        self.attach(root)
        one_read(root)
        self.assertEqual(self.kinds(), ["request", "response"])

    def test_a_named_logger_is_accepted(self) -> None:
        named = logging.getLogger("exchange_v4.test.named")
        self.attach(named)
        one_read(named)
        self.assertEqual(self.kinds(), ["request", "response"])
        self.assertEqual(self.capture.records[0].levelno, logging.DEBUG)

    def test_a_logger_adapter_is_accepted(self) -> None:
        named = logging.getLogger("exchange_v4.test.adapter")
        self.attach(named)
        one_read(logging.LoggerAdapter(named, {"desk": "d1"}))
        self.assertEqual([r.getMessage().split()[0] for r in self.capture.records], ["request", "response"])
        self.assertEqual(getattr(self.capture.records[0], "desk"), "d1")

    def test_a_callable_still_receives_events(self) -> None:
        events: list[dict[str, object]] = []
        one_read(events.append)
        self.assertEqual([e["type"] for e in events], ["request", "response"])

    def test_anything_else_is_refused_before_any_io(self) -> None:
        for bad in ("stdout", 3, object()):
            with self.subTest(repr(bad)), self.assertRaises(ValidationError) as caught:
                ExchangeClient(logger=bad, transport=Script({}))  # type: ignore[arg-type]
            self.assertEqual((caught.exception.field, caught.exception.rule), ("logger", "type"))


if __name__ == "__main__":
    unittest.main()
