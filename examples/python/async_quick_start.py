# The same calls on asyncio (standard library only): the same rules as ExchangeClient, awaited.
import asyncio
import os
import time

from exchange_v4 import AsyncExchangeClient, UnknownOutcomeError


async def main() -> None:
    async with AsyncExchangeClient(
        key=os.environ["EXCHANGE_V4_KEY"],
        secret=os.environ["EXCHANGE_V4_SECRET"],
        base_url=os.environ.get("EXCHANGE_V4_BASE_URL"),  # None: the live server
    ) as client:  # closes the kept-alive connections at the end of the block
        usdt, btc = await asyncio.gather(  # concurrent calls share the pool and the rate limits
            client.wallet.list_currency_chains({"currency": "USDT"}),
            client.wallet.list_withdrawals({"currency": "BTC", "limit": 5}),
        )
        print(f"{len(usdt)} USDT chains, {len(btc)} BTC withdrawals")

        to = int(time.time())  # 90 days: 30-day windows, page by page
        count = 0
        async for _ in client.wallet.iter_list_withdrawals({"from": to - 90 * 86_400, "to": to}):
            count += 1
        print(count, "in 90 days")

        answer = await client.with_response.wallet.list_withdrawals({"limit": 1}, deadline=10)
        print("status", answer.status, "attempts", answer.attempts)

        try:
            done = await client.wallet.transfer({"currency": "USDT", "from": "spot", "to": "margin", "currency_pair": "BTC_USDT", "amount": "25.5"})
            print("transfer", done["tx_id"])
        except UnknownOutcomeError as error:  # sent, no answer: never resend blindly
            print((await client.resolve_outcome(error)).status)


asyncio.run(main())
