"""A Python bot that withdraws with an outcome journal file, for the cross-language crash test
(outcome-journal.test.ts): killed with SIGKILL while the mock holds the answer, its entry is
resolved by a TypeScript client. Usage: python3 journal_writer.py <root> <mock url> <path> <id> <key> <secret>."""

import sys

root, url, path, order_id, key, secret = sys.argv[1:7]
sys.path.insert(0, f"{root}/generated/python")

from exchange_v4 import ExchangeClient  # noqa: E402

client = ExchangeClient(
    key=key, secret=secret, base_url=url, clock_sync="off", max_retries=0, timeout=60, outcome_journal=path
)
client.withdrawals.withdraw(
    {"currency": "USDT", "amount": "7", "chain": "TRX", "address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
     "withdraw_order_id": order_id}
)
