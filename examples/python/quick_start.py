# Signed calls from Python (standard library only): the same signing, limits, retries and errors
# as the TypeScript client, generated from the same IR.
import os
import time

from exchange_v4 import ExchangeClient, UnknownOutcomeError

client = ExchangeClient(
    key=os.environ["EXCHANGE_V4_KEY"],
    secret=os.environ["EXCHANGE_V4_SECRET"],
    base_url=os.environ.get("EXCHANGE_V4_BASE_URL"),  # None: the live server
)

chains = client.wallet.list_currency_chains({"currency": "USDT"})  # public: no signature
print(f"{len(chains)} USDT chains")

for w in client.wallet.list_withdrawals({"currency": "BTC", "limit": 5}):
    print(w["id"], w["amount"], w["status"])  # amounts are Decimal, 64-bit ids exact ints

to = int(time.time())  # 90 days: iterated in 30-day windows, page by page
print(sum(1 for _ in client.wallet.iter_list_withdrawals({"from": to - 90 * 86_400, "to": to})), "in 90 days")

try:
    done = client.wallet.transfer({"currency": "USDT", "from": "spot", "to": "margin", "currency_pair": "BTC_USDT", "amount": "25.5"})
    print("transfer", done["tx_id"])
except UnknownOutcomeError as error:  # sent, no answer: never resend blindly
    print(client.resolve_outcome(error).status)  # applied / not_applied / unknown
