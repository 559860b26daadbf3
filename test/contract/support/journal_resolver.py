"""A Python process that resolves what a crashed bot left in the outcome journal, for the
cross-language crash test (outcome-journal.test.ts). Prints one JSON object: the pending entries
before, each entry's resolution and how many entries remain.
Usage: python3 journal_resolver.py <root> <mock url> file|redis <path or redis url> <key> <secret> sync|async [redis key]."""

import asyncio
import json
import sys
from typing import Any

root, url, store, where, key, secret, kind = sys.argv[1:8]
redis_key = sys.argv[8] if len(sys.argv) > 8 else None
sys.path.insert(0, f"{root}/generated/python")

from exchange_v4 import AsyncExchangeClient, ExchangeClient  # noqa: E402


def journal() -> Any:
    if store == "file":
        return where
    import redis  # Debian's python3-redis; imported only for this store

    from exchange_v4._runtime.journal import RedisJournal

    return RedisJournal(redis.Redis.from_url(where), key=redis_key) if redis_key else RedisJournal(redis.Redis.from_url(where))


def summary(before: list[Any], results: list[Any], after: list[Any]) -> str:
    return json.dumps({
        "before": [{"operation": e.operation, "value": e.value} for e in before],
        "results": [
            {
                "status": r.resolution.status,
                "cleared": r.cleared,
                "value": r.entry.value,
                "record": r.resolution.record.get("withdraw_order_id") if isinstance(r.resolution.record, dict) else None,
            }
            for r in results
        ],
        "after": len(after),
    })


options: dict[str, Any] = {"key": key, "secret": secret, "base_url": url, "clock_sync": "off", "outcome_journal": journal()}
if kind == "sync":
    client = ExchangeClient(**options)
    print(summary(client.pending_outcomes(), client.resolve_pending(), client.pending_outcomes()))
else:

    async def main() -> str:
        async with AsyncExchangeClient(**options) as aclient:
            before = await aclient.pending_outcomes()
            results = await aclient.resolve_pending()
            return summary(before, results, await aclient.pending_outcomes())

    print(asyncio.run(main()))
