"""Where the asyncio client's CPU goes at concurrency 16: the CPU per GET (`time.process_time`, the
best of 5 loops of 3,000 calls by 16 workers after 300 unmeasured) of

- `client`: `AsyncExchangeClient.wallet.list_withdrawals` against `bare`, python_runner.py's
  `BareAsync` (asyncio streams, signing by hand, `json.loads`), the pair the bench's c=16 target compares;
- `transport`: `AsyncHttpTransport.send` of one prepared request against `bare streams`, the same
  exchange on asyncio streams (no signing, no JSON): the sockets and the event loop alone;
- `canned`: the asyncio client on a transport that hands back the answer without sockets, beside
  the blocking client on the same canned answer: what the coroutine layers add to the call itself.

The answers come from a canned HTTP/1.1 server in a child process (127.0.0.1, a free port; it
stops when this script ends, or after 300 s): the 20 withdrawal records of python_own_cpu.py.

    python3 bench/python_aio_cpu.py [DIR ...]   # each DIR holds generated/python (default: this repo)

Each DIR runs in its own process, one after the other; compare within one run."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from python_own_cpu import withdrawals
from python_runner import BareAsync, in_workers

CALLS, LOOPS, WARMUP, CONCURRENCY = 3000, 5, 300, 16
QUERY = {"currency": "USDT", "limit": 20}
HEAD = {"content-type": "application/json", "x-svc-trace-id": "bench"}


def serve(port: int) -> None:
    """The canned server: every request (a head, no body) gets the withdrawals answer."""
    body = withdrawals(int(time.time())).encode()
    answer = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Svc-Trace-Id: bench\r\n"
    answer += b"Content-Length: %d\r\n\r\n%s" % (len(body), body)

    class Answering(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport, self.buffer = transport, b""

        def data_received(self, data: bytes) -> None:
            self.buffer += data
            while (end := self.buffer.find(b"\r\n\r\n")) >= 0:
                self.buffer = self.buffer[end + 4 :]
                self.transport.write(answer)  # type: ignore[attr-defined]

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(Answering, "127.0.0.1", port)
        async with server:
            await asyncio.sleep(300)

    asyncio.run(main())


async def cpu_us(fn: Callable[[], Awaitable[object]]) -> float:
    """The best CPU per call over `LOOPS` loops of `CALLS` calls by `CONCURRENCY` workers."""
    for _ in range(WARMUP):
        await fn()
    best = float("inf")
    for _ in range(LOOPS):
        start = time.process_time()
        await in_workers(fn, CALLS, CONCURRENCY)
        best = min(best, (time.process_time() - start) / CALLS)
    return best * 1e6


def streams_get(port: int) -> Callable[[], Awaitable[bytes]]:
    """The bare exchange on asyncio streams (kept-alive connections), without signing or JSON."""
    idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    head = f"GET /api/v4/wallet/withdrawals?currency=USDT&limit=20 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()

    async def get() -> bytes:
        conn = idle.pop() if idle else await asyncio.open_connection("127.0.0.1", port)
        reader, writer = conn
        writer.write(head)
        length = 0
        for line in (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        data = await reader.readexactly(length)
        idle.append(conn)
        return data

    return get


async def measure(port: int) -> str:
    from exchange_v4 import AsyncExchangeClient, ExchangeClient
    from exchange_v4._runtime.aio_transport import AsyncHttpTransport
    from exchange_v4._runtime.transport import WireRequest, WireResponse

    url, text = f"http://127.0.0.1:{port}/api/v4", withdrawals(int(time.time()))
    keys: dict[str, Any] = {"key": "k" * 32, "secret": "s" * 64, "rate_limit": "off", "clock_sync": "off"}
    client = AsyncExchangeClient(base_url=url, proxy=False, **keys)
    bare = BareAsync(url, "k" * 32, "s" * 64)
    ours, theirs = await cpu_us(lambda: client.wallet.list_withdrawals(QUERY)), await cpu_us(bare.get)  # type: ignore[arg-type]
    made = await loop_work(lambda: client.wallet.list_withdrawals(QUERY))  # type: ignore[arg-type]
    await client.aclose()
    await bare.close()

    transport = AsyncHttpTransport(proxy=False)
    headers = {"Accept": "application/json", "KEY": "k" * 32, "Timestamp": "1700000000", "SIGN": "a" * 128}
    request = WireRequest("GET", f"{url}/wallet/withdrawals?currency=USDT&limit=20", headers, b"", 10.0, None)
    sent, streams = await cpu_us(lambda: transport.send(request)), await cpu_us(streams_get(port))
    await transport.aclose()

    class Canned:
        async def send(self, request: WireRequest) -> WireResponse:
            return WireResponse(200, HEAD, text, 0.1)

    class CannedBlocking:
        def send(self, request: WireRequest) -> WireResponse:
            return WireResponse(200, HEAD, text, 0.1)

    canned = AsyncExchangeClient(base_url=url, transport=Canned(), **keys)
    blocking = ExchangeClient(base_url=url, transport=CannedBlocking(), **keys)
    aio = await cpu_us(lambda: canned.wallet.list_withdrawals(QUERY))  # type: ignore[arg-type]

    async def blocking_get() -> object:
        return blocking.wallet.list_withdrawals(QUERY)  # type: ignore[arg-type]

    return (
        f"client {ours:5.1f} µs (bare {theirs:5.1f})  transport {sent:5.1f} µs (bare streams {streams:5.1f})  "
        f"canned {aio:5.1f} µs (blocking {await cpu_us(blocking_get):5.1f})\n  per client GET: {made}"
    )


async def loop_work(fn: Callable[[], Awaitable[object]]) -> str:
    """What the event loop is asked for per call (futures, callbacks, timers, tasks), counted over
    one loop of `CALLS` calls by `CONCURRENCY` workers (the workers' own tasks included)."""
    loop = asyncio.get_running_loop()
    names = ("create_future", "call_soon", "call_at", "call_later", "create_task")
    counts: dict[str, int] = dict.fromkeys(names, 0)
    for name in names:
        original = getattr(loop, name)

        def counted(*args: Any, _original: Any = original, _name: str = name, **kwargs: Any) -> Any:
            counts[_name] += 1
            return _original(*args, **kwargs)

        setattr(loop, name, counted)
    try:
        await in_workers(fn, CALLS, CONCURRENCY)
    finally:
        for name in names:
            delattr(loop, name)
    return "  ".join(f"{name} {count / CALLS:.3f}" for name, count in counts.items())


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(int(sys.argv[2]))
    elif sys.argv[1:2] == ["--one"]:
        print(asyncio.run(measure(int(sys.argv[2]))))
    else:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        here = str(Path(__file__).resolve().parent)
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)], env={"PYTHONPATH": here, "PYTHONDONTWRITEBYTECODE": "1", "PATH": ""})
        try:
            ready = time.monotonic() + 10
            while True:  # until the server listens (at most 10 s)
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > ready:
                        raise
                    time.sleep(0.05)
            for root in sys.argv[1:] or [str(Path(__file__).resolve().parent.parent)]:
                out = subprocess.run(
                    [sys.executable, __file__, "--one", str(port)], capture_output=True, text=True, check=True,
                    env={"PYTHONPATH": f"{Path(root) / 'generated' / 'python'}:{here}", "PYTHONDONTWRITEBYTECODE": "1", "PATH": ""},
                )
                print(f"{root}: {out.stdout.strip()}")
        finally:
            server.terminate()
            server.wait(5)
