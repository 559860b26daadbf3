"""One Python bot process of the shared-budget scenario (shared-budget.test.ts), the twin of
burst-worker.ts: places spot orders in one market at PER_SECOND for DURATION_MS against the mock,
counting in Redis (REDIS_URL, through redis-py) or in its own limiter. Prints `ready`, starts on a
`go` line on stdin, prints one JSON line of counts."""

import json
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from exchange_v4 import (
    ExchangeClient, ExchangeError, LogEvent, RateLimiter, RateLimitStore, RedisRateLimitStore, RequestTimeoutError,
    UnknownOutcomeError,
)

DURATION_MS = float(os.environ["DURATION_MS"])
PER_SECOND = float(os.environ["PER_SECOND"])
MARKET = os.environ["MARKET"]
REDIS_URL = os.environ.get("REDIS_URL")

events: list[LogEvent] = []
limiter: RateLimitStore = RateLimiter(margin_ms=25)
if REDIS_URL is not None:
    import redis  # Debian's python3-redis

    # As the Node workers: a share of 1 / 5 per process, up to 2 s for a Redis answer on a loaded machine.
    client_redis = redis.Redis.from_url(REDIS_URL, socket_timeout=2.0, socket_connect_timeout=2.0)
    client_redis.ping()
    limiter = RedisRateLimitStore(client_redis, uid="10001", fallback_share=0.2, logger=events.append)

client = ExchangeClient(
    key=os.environ["MOCK_KEY"], secret=os.environ["MOCK_SECRET"], base_url=os.environ["MOCK_URL"],
    clock_sync="off", max_retries=0, limiter=limiter,
)
counts: dict[str, object] = {"ok": 0, "server429": 0, "refusedLocally": 0, "timedOut": 0, "other": [], "events": 0}
lock = threading.Lock()


def place(until: float) -> None:
    timeout = max(0.0, until - time.time()) + 2.0  # to the end of the run for a slot, then 2 s for the answer
    try:
        client.spot.create_order(
            {"currency_pair": MARKET, "side": "buy", "amount": "1", "price": "1"}, timeout=timeout
        )
        key = "ok"
    except (RequestTimeoutError, UnknownOutcomeError):
        key = "timedOut"  # an answer slower than the call's time on a loaded machine
    except ExchangeError as error:
        status = getattr(error, "status", None)
        key = "server429" if status == 429 else "refusedLocally" if status == 0 else ""
        if not key:
            with lock:
                other = counts["other"]
                assert isinstance(other, list)
                other.append(repr(error))  # pyright: ignore[reportUnknownMemberType]
            return
    with lock:
        value = counts[key]
        assert isinstance(value, int)
        counts[key] = value + 1


def main() -> None:
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.time()
    end = start + DURATION_MS / 1000
    with ThreadPoolExecutor(max_workers=64) as pool:
        i = 0
        while time.time() < end:
            pool.submit(place, end)
            i += 1
            time.sleep(max(0.0, start + i / PER_SECOND - time.time()))
    counts["events"] = len([e for e in events if e["type"] == "rate-limit-store"])
    counts["reasons"] = [e.get("reason", "") for e in events]
    print(json.dumps(counts), flush=True)


main()
