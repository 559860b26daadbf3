"""cProfile of the Python client's per-call path: the same signed calls as python_runner.py (GET
withdrawals, POST transfer; blocking, then asyncio at concurrency 16) against the server in
`BENCH_JOB` (JSON: baseUrl, key; see python-compare.ts, which starts the bench server and runs this
with `--profile`). Prints, per loop, the function calls per client call and the top functions by
own time (tottime). The secret comes from `BENCH_SECRET` and is never printed."""

from __future__ import annotations

import asyncio
import cProfile
import io
import json
import os
import pstats
import sys
from collections.abc import Callable
from typing import Any

from python_runner import in_workers

CALLS = 2000
TOP = 25
TRANSFER = {"currency": "USDT", "from": "spot", "to": "futures", "amount": "1.5", "settle": "usdt"}


def report(title: str, profile: cProfile.Profile, calls: int) -> None:
    """Prints the calls per client call and the top functions by own time."""
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(TOP)
    total = getattr(stats, "total_calls", 0)
    seconds = getattr(stats, "total_tt", 0.0)
    print(f"## {title}: {calls} calls, {total / calls:.0f} function calls and {seconds / calls * 1e6:.0f} µs profiled per call\n")
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls")), 0)
    print("```")
    print("\n".join(line for line in lines[start:] if line.strip()))
    print("```\n")


def profiled(title: str, fn: Callable[[], object], calls: int) -> None:
    for _ in range(200):  # warm-up, not profiled
        fn()
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(calls):
        fn()
    profile.disable()
    report(title, profile, calls)


async def profiled_async(client: Any, calls: int, concurrency: int) -> None:
    async def get() -> None:
        await client.wallet.list_withdrawals({"currency": "USDT", "limit": 20})

    for _ in range(200):
        await get()
    profile = cProfile.Profile()
    profile.enable()
    await in_workers(get, calls, concurrency)
    profile.disable()
    report(f"asyncio GET at concurrency {concurrency}", profile, calls)


async def run_async(job: dict[str, Any], secret: str) -> None:
    from exchange_v4 import AsyncExchangeClient

    client = AsyncExchangeClient(
        key=job["key"], secret=secret, base_url=job["baseUrl"], rate_limit="off", clock_sync="off", proxy=False
    )
    await profiled_async(client, CALLS, 16)
    await client.aclose()


def main() -> None:
    job = json.loads(os.environ.get("BENCH_JOB", "{}"))
    secret = os.environ.get("BENCH_SECRET", "")
    from exchange_v4 import ExchangeClient

    client = ExchangeClient(
        key=job["key"], secret=secret, base_url=job["baseUrl"], rate_limit="off", clock_sync="off", proxy=False
    )
    profiled("blocking GET", lambda: client.wallet.list_withdrawals({"currency": "USDT", "limit": 20}), CALLS)
    profiled("blocking POST", lambda: client.wallet.transfer(TRANSFER), CALLS)  # type: ignore[arg-type]
    client.close()
    asyncio.run(run_async(job, secret))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
