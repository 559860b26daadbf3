"""`values.quick_accept`: the quick check validation runs first for a simple rule. It may only say
yes for a value every full check of the rule passes (the full checks run for anything else and
name the failure), so each row is also checked against the full checks."""

import unittest
from decimal import Decimal

from exchange_v4._runtime.errors import ValidationError
from exchange_v4._runtime.metadata import FieldRule, OperationMeta, RateLimit
from exchange_v4._runtime.validate import _Checker  # pyright: ignore[reportPrivateUsage]
from exchange_v4._runtime.values import quick_accept

META = OperationMeta(
    id="quickCase", name="quick_case", area="wallet", method="GET", path="/x", auth="private", shape="shaped",
    rate_limit=RateLimit("quickCase", 200, 10, "uid"), retry="safe", success_status=200,
)
SIDE = FieldRule("side", "body", type="string", enum=("buy", "sell"))
TEXT = FieldRule("text", "body", type="string", pattern="^t-[0-9a-z]{0,4}$", min_length=3, max_length=5)
LIMIT = FieldRule("limit", "query", type="integer", format="int32", minimum=1, maximum=1000)
ID64 = FieldRule("id", "query", type="integer", format="int64")
LEVEL = FieldRule("level", "body", type="integer", format="int32", enum=(0, 1))
FLAG = FieldRule("flag", "body", type="boolean")
AMOUNT = FieldRule("amount", "body", type="string", format="decimal")
RATIO = FieldRule("ratio", "body", type="number")
MIXED = FieldRule("mixed", "body", type="string", enum=("a", 1))


def full_check_passes(rule: FieldRule, value: object) -> bool:
    try:
        _Checker(META).value(rule.name, value, rule, False)
    except ValidationError:
        return False
    return True


class QuickAccept(unittest.TestCase):
    def test_yes_only_where_every_check_passes(self) -> None:
        rows: list[tuple[FieldRule, object, bool]] = [
            # given: rule, value -> want: the quick check's answer
            (SIDE, "buy", True), (SIDE, "hold", False), (SIDE, 1, False),
            (TEXT, "t-ab", True), (TEXT, "t-", False), (TEXT, "t-abcd", False), (TEXT, "x-ab", False),
            (LIMIT, 20, True), (LIMIT, 0, False), (LIMIT, 1001, False), (LIMIT, True, False), (LIMIT, 2.0, False),
            (ID64, 2**63 - 1, True), (ID64, 2**63, False), (ID64, "123", False),  # a digit string: full checks
            (LEVEL, 1, True), (LEVEL, 2, False), (LEVEL, True, False),
            (FLAG, False, True), (FLAG, 0, False),
        ]
        for rule, value, want in rows:
            with self.subTest(rule=rule.name, value=value):
                accept = quick_accept(rule)
                assert accept is not None
                self.assertEqual(accept(value), want)
                if want:
                    self.assertTrue(full_check_passes(rule, value))

    def test_none_for_other_rules(self) -> None:
        for rule in (AMOUNT, RATIO, MIXED, FieldRule("list", "body", type="array", items=FLAG)):
            with self.subTest(rule=rule.name):
                self.assertIsNone(quick_accept(rule))
        self.assertTrue(full_check_passes(AMOUNT, Decimal("1.5")))

    def test_made_once_per_rule(self) -> None:
        self.assertIs(quick_accept(LIMIT), quick_accept(LIMIT))


if __name__ == "__main__":
    unittest.main()
