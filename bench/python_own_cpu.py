"""The Python client's own CPU per call, without sockets: the calls of python_runner.py (GET of 20
withdrawal records, POST transfer) on a transport that hands back a canned answer, so only the
client's work is timed (validation, planning, signing, the request loop, the answer read). `bare`
is the work the bare clients do besides the socket: sign with hmac and `json.loads` the answer.
CPU time (`time.process_time`), the best of 7 loops of 2,000 calls after 300 unmeasured.

    python3 bench/python_own_cpu.py [DIR ...]   # each DIR holds generated/python (default: this repo)

Each DIR runs in its own process, one after the other; compare within one run."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CALLS, LOOPS, WARMUP = 2000, 7, 300
TRANSFER = {"currency": "USDT", "from": "spot", "to": "futures", "amount": "1.5", "settle": "usdt"}
STATUSES, CHAINS = ("DONE", "CANCEL", "REQUEST", "MANUAL", "EXTPEND"), ("ETH", "TRX", "BSC", "SOL")


def hex_of(seed: str, length: int) -> str:
    return (hashlib.sha256(seed.encode()).hexdigest() * 2)[:length]


def withdrawals(now: int) -> str:
    """The benchmark server's 20 records (bench/records.ts), as JSON text."""
    records: list[dict[str, str]] = []
    for i in range(20):
        status, t = STATUSES[i % 5], now - 3600 * (i + 1)
        records.append({
            "id": f"w{1_000_000 + i}", "txid": f"0x{hex_of(f'tx-{i}', 64)}",
            "block_number": str(19_000_000 + i) if status == "DONE" else "0", "withdraw_order_id": f"order-{i}",
            "timestamp": str(t), "amount": f"{(i + 1) * 12}.12345678", "fee": "0.1", "network_fee": "0.00021",
            "currency": "USDT", "address": f"0x{hex_of(f'address-{i}', 40)}",
            "fail_reason": "cancelled by user" if status == "CANCEL" else "",
            "timestamp2": str(t + 600) if status in ("DONE", "CANCEL") else "", "memo": "", "status": status,
            "chain": CHAINS[i % 4], "type": "withdraw",
        })
    return json.dumps(records, separators=(",", ":"))


def cpu_us(fn: Callable[[], object]) -> float:
    for _ in range(WARMUP):
        fn()
    best = float("inf")
    for _ in range(LOOPS):
        start = time.process_time()
        for _ in range(CALLS):
            fn()
        best = min(best, (time.process_time() - start) / CALLS)
    return best * 1e6


def measure() -> str:
    from exchange_v4 import ExchangeClient
    from exchange_v4._runtime.transport import WireRequest, WireResponse

    get_text, post_text = withdrawals(int(time.time())), '{"tx_id":59636381286}'
    head = {"content-type": "application/json", "x-svc-trace-id": "bench"}

    class Canned:
        def send(self, request: WireRequest) -> WireResponse:
            return WireResponse(200, head, get_text if request.method == "GET" else post_text, 0.1)

    client = ExchangeClient(
        key="k" * 32, secret="s" * 64, base_url="http://127.0.0.1:1/api/v4", rate_limit="off", clock_sync="off",
        transport=Canned(),
    )
    secret, empty = b"s" * 64, hashlib.sha512(b"").hexdigest()

    def bare() -> Any:
        payload = f"GET\n/api/v4/wallet/withdrawals\ncurrency=USDT&limit=20\n{empty}\n{int(time.time())}"
        hmac.new(secret, payload.encode(), hashlib.sha512).hexdigest()
        return json.loads(get_text)

    get = cpu_us(lambda: client.wallet.list_withdrawals({"currency": "USDT", "limit": 20}))
    post = cpu_us(lambda: client.wallet.transfer(TRANSFER))  # pyright: ignore[reportArgumentType]
    return f"GET {get:6.1f} µs  POST {post:6.1f} µs  bare GET work {cpu_us(bare):5.1f} µs"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(measure())
    else:
        for root in sys.argv[1:] or [str(Path(__file__).resolve().parent.parent)]:
            env_path = str(Path(root) / "generated" / "python")
            out = subprocess.run(
                [sys.executable, __file__, "--one"], capture_output=True, text=True, check=True,
                env={"PYTHONPATH": env_path, "PYTHONDONTWRITEBYTECODE": "1", "PATH": ""},
            )
            print(f"{root}: {out.stdout.strip()}")
