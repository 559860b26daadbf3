"""Measures ONE Python client for one round, in its own fresh process (see python.ts). Reads the job
from `BENCH_JOB` (JSON) and the secret from `BENCH_SECRET`; prints one line `BENCH_RESULT <json>`.

Clients: `py-ours` (ExchangeClient, default pooled socket transport), `py-bare` (one kept-alive
`http.client` connection, the same HMAC-SHA512 signing by hand, `json.loads`), `py-ours-async`
(AsyncExchangeClient, default asyncio transport), `py-bare-asyncio` (asyncio streams, one kept-alive
connection per worker, the same signing, `json.loads`). Each runs sequential signed GETs and POSTs
(p50, CPU per call); the asyncio ones also GETs with `concurrency` in flight (calls per second); the
blocking ones also GETs over HTTPS, CPU per call after the first (the handshake) excluded."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import http.client
import json
import os
import ssl
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

QUERY = "currency=USDT&limit=20"
TRANSFER = {"currency": "USDT", "from": "spot", "to": "futures", "amount": "1.5", "settle": "usdt"}
EMPTY_HASH = hashlib.sha512(b"").hexdigest()


def signed(key: str, secret: bytes, method: str, path: str, query: str, body: bytes) -> dict[str, str]:
    """The signing headers, as the API describes them."""
    ts = str(int(time.time()))
    digest = hashlib.sha512(body).hexdigest() if body else EMPTY_HASH
    payload = f"{method}\n{path}\n{query}\n{digest}\n{ts}".encode()
    sign = hmac.new(secret, payload, hashlib.sha512).hexdigest()
    return {"KEY": key, "Timestamp": ts, "SIGN": sign, "Accept": "application/json", "Content-Type": "application/json"}


class BareSync:
    """One kept-alive http.client connection, signing by hand."""

    def __init__(self, base_url: str, key: str, secret: str, context: ssl.SSLContext | None = None) -> None:
        parts = urlsplit(base_url)
        self.prefix = parts.path
        self.key, self.secret = key, secret.encode()
        host, port = parts.hostname or "", parts.port or 80
        self.conn = (
            http.client.HTTPSConnection(host, port, context=context)
            if parts.scheme == "https"
            else http.client.HTTPConnection(host, port)
        )

    def call(self, method: str, path: str, query: str, body: bytes) -> Any:
        headers = signed(self.key, self.secret, method, self.prefix + path, query, body)
        self.conn.request(method, self.prefix + path + (f"?{query}" if query else ""), body or None, headers)
        return json.loads(self.conn.getresponse().read())

    def get(self) -> int:
        return len(self.call("GET", "/wallet/withdrawals", QUERY, b""))

    def post(self) -> str:
        return str(self.call("POST", "/wallet/transfers", "", json.dumps(TRANSFER, separators=(",", ":")).encode())["tx_id"])

    def close(self) -> None:
        self.conn.close()


class BareAsync:
    """asyncio streams, one kept-alive connection per worker, signing by hand."""

    def __init__(self, base_url: str, key: str, secret: str) -> None:
        parts = urlsplit(base_url)
        self.prefix, self.host, self.port = parts.path, parts.hostname or "", parts.port or 80
        self.key, self.secret = key, secret.encode()
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def call(self, method: str, path: str, query: str, body: bytes) -> Any:
        conn = self.idle.pop() if self.idle else await asyncio.open_connection(self.host, self.port)
        reader, writer = conn
        headers = signed(self.key, self.secret, method, self.prefix + path, query, body)
        head = f"{method} {self.prefix}{path}{'?' + query if query else ''} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        if body:
            head += f"Content-Length: {len(body)}\r\n"
        writer.write(head.encode("latin-1") + b"\r\n" + body)
        status_and_headers = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in status_and_headers.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        data = await reader.readexactly(length)
        self.idle.append(conn)
        return json.loads(data)

    async def get(self) -> int:
        return len(await self.call("GET", "/wallet/withdrawals", QUERY, b""))

    async def post(self) -> str:
        body = json.dumps(TRANSFER, separators=(",", ":")).encode()
        return str((await self.call("POST", "/wallet/transfers", "", body))["tx_id"])

    async def close(self) -> None:
        for _, writer in self.idle:
            writer.close()


def p50_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def sequential(fn: Callable[[], object], calls: int, max_s: float) -> dict[str, float]:
    samples: list[float] = []
    end = time.monotonic() + max_s
    cpu0 = time.process_time()
    for _ in range(calls):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
        if time.monotonic() > end:
            break
    cpu = time.process_time() - cpu0
    return {"calls": len(samples), "p50Us": p50_us(samples), "cpuPerCallUs": cpu / len(samples) * 1e6}


async def sequential_async(fn: Callable[[], Awaitable[object]], calls: int, max_s: float) -> dict[str, float]:
    samples: list[float] = []
    end = time.monotonic() + max_s
    cpu0 = time.process_time()
    for _ in range(calls):
        t0 = time.perf_counter()
        await fn()
        samples.append(time.perf_counter() - t0)
        if time.monotonic() > end:
            break
    cpu = time.process_time() - cpu0
    return {"calls": len(samples), "p50Us": p50_us(samples), "cpuPerCallUs": cpu / len(samples) * 1e6}


async def in_workers(fn: Callable[[], Awaitable[object]], calls: int, concurrency: int) -> None:
    """Makes `calls` calls of `fn` across `concurrency` workers, each taking the next call as it ends
    its last (the loop every concurrent measurement shares)."""
    left = calls

    async def worker() -> None:
        nonlocal left
        while left > 0:
            left -= 1
            await fn()

    await asyncio.gather(*(worker() for _ in range(concurrency)))


async def concurrent(fn: Callable[[], Awaitable[object]], calls: int, concurrency: int, max_s: float) -> dict[str, float]:
    started = done = 0
    t0 = time.perf_counter()
    end = time.monotonic() + max_s
    cpu0 = time.process_time()

    async def worker() -> None:
        nonlocal started, done
        while started < calls and time.monotonic() < end:
            started += 1
            await fn()
            done += 1

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    return {"calls": done, "concurrency": concurrency, "rps": done / wall, "cpuPerCallUs": cpu / max(1, done) * 1e6}


def check(count: int, tx: str) -> None:
    if count != 20 or tx != "59636381286":
        raise RuntimeError(f"parsed {count} records and tx_id {tx}, expected 20 and 59636381286")


def https_cpu(job: dict[str, Any], secret: str, ours: bool) -> dict[str, float] | None:
    """GETs over HTTPS: CPU per call after the first (its handshake excluded)."""
    if not job.get("httpsUrl"):
        return None
    context = ssl.create_default_context(cafile=job["caFile"])
    if ours:
        from exchange_v4 import ExchangeClient
        from exchange_v4._runtime.transport import HttpTransport

        transport = HttpTransport(proxy=False, ssl_context=context)
        client = ExchangeClient(
            key=job["key"], secret=secret, base_url=job["httpsUrl"], rate_limit="off", clock_sync="off",
            transport=transport,
        )
        get: Callable[[], object] = lambda: client.wallet.list_withdrawals({"currency": "USDT", "limit": 20})  # noqa: E731
        close: Callable[[], None] = transport.close
    else:
        bare = BareSync(job["httpsUrl"], job["key"], secret, context)
        get, close = bare.get, bare.close
    get()  # the handshake
    result = sequential(get, job["sequentialCalls"], job["loopMaxMs"] / 1000)
    close()
    return result


def run_sync(job: dict[str, Any], secret: str) -> dict[str, Any]:
    max_s = job["loopMaxMs"] / 1000
    if job["client"] == "py-ours":
        from exchange_v4 import ExchangeClient

        client = ExchangeClient(key=job["key"], secret=secret, base_url=job["baseUrl"], rate_limit="off", clock_sync="off", proxy=False)
        get: Callable[[], int] = lambda: len(client.wallet.list_withdrawals({"currency": "USDT", "limit": 20}))  # noqa: E731
        post: Callable[[], str] = lambda: str(client.wallet.transfer(TRANSFER)["tx_id"])  # type: ignore[arg-type]  # noqa: E731
        close: Callable[[], None] = client.close
    else:
        bare = BareSync(job["baseUrl"], job["key"], secret)
        get, post, close = bare.get, bare.post, bare.close
    check(get(), post())
    for _ in range(job["warmup"]):
        get()
        post()
    result = {"get": sequential(get, job["sequentialCalls"], max_s), "post": sequential(post, job["sequentialCalls"], max_s)}
    close()
    result["https"] = https_cpu(job, secret, job["client"] == "py-ours")
    return result


async def run_async(job: dict[str, Any], secret: str) -> dict[str, Any]:
    max_s = job["loopMaxMs"] / 1000
    if job["client"] == "py-ours-async":
        from exchange_v4 import AsyncExchangeClient

        client = AsyncExchangeClient(key=job["key"], secret=secret, base_url=job["baseUrl"], rate_limit="off", clock_sync="off", proxy=False)

        async def get() -> int:
            return len(await client.wallet.list_withdrawals({"currency": "USDT", "limit": 20}))

        async def post() -> str:
            return str((await client.wallet.transfer(TRANSFER))["tx_id"])  # type: ignore[arg-type]

        close: Callable[[], Awaitable[None]] = client.aclose
    else:
        bare = BareAsync(job["baseUrl"], job["key"], secret)
        get, post, close = bare.get, bare.post, bare.close
    check(await get(), await post())
    for _ in range(job["warmup"]):
        await get()
        await post()
    # The concurrent warm-up (bench/job.ts `warmup`): the concurrent loop's sockets open here.
    await concurrent(get, job["warmup"], job["concurrency"], max_s)
    await concurrent(post, job["warmup"], job["concurrency"], max_s)
    result = {
        "get": await sequential_async(get, job["sequentialCalls"], max_s),
        "post": await sequential_async(post, job["sequentialCalls"], max_s),
        "throughput": await concurrent(get, job["concurrentCalls"], job["concurrency"], max_s),
    }
    await close()
    return result


def main() -> dict[str, Any]:
    job = json.loads(os.environ.get("BENCH_JOB", "{}"))
    secret = os.environ.get("BENCH_SECRET", "")
    try:
        measured = asyncio.run(run_async(job, secret)) if "async" in job["client"] else run_sync(job, secret)
        return {"ok": True, "client": job["client"], **measured}
    except Exception as error:  # noqa: BLE001 - reported, never the secret
        return {"ok": False, "client": job.get("client"), "error": f"{type(error).__name__}: {error}"[:300]}


if __name__ == "__main__":
    sys.stdout.write("BENCH_RESULT " + json.dumps(main()) + "\n")
