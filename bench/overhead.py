"""What callgate adds to a tool call: direct calls to the demo upstream against the same calls
through the proxy, on loopback, in one run.

    .venv/bin/python bench/overhead.py [--requests 2000]

The upstream and the proxy run as their own processes (as in production); this process is the
client. Prints p50/p99 latency and throughput for read and write calls at concurrency 1 and 32,
and the ratios through/direct.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from proxy.demo.data import generate

ROOT = Path(__file__).resolve().parent.parent
CALLGATE = [sys.executable, "-m", "proxy"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def wait_up(url: str, within_s: float = 20.0) -> None:
    deadline = time.monotonic() + within_s
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < deadline:
            try:
                async with http.get(url) as resp:
                    if resp.status < 500:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (/proc/PID/stat), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


Request = Callable[[aiohttp.ClientSession, int], Awaitable[None]]


async def measure(make: Request, total: int, concurrency: int) -> tuple[list[float], float]:
    latencies: list[float] = []
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as http:
        for _ in range(min(200, total)):  # warm-up: connections, caches
            await make(http, 0)
        queue = iter(range(total))

        async def worker(index: int) -> None:
            for _ in queue:
                t = time.perf_counter()
                await make(http, index)
                latencies.append(time.perf_counter() - t)

        started = time.perf_counter()
        await asyncio.gather(*(worker(i) for i in range(concurrency)))
        elapsed = time.perf_counter() - started
    return latencies, total / elapsed


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] * 1e3


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()

    up_port, proxy_port, bare_port = free_port(), free_port(), free_port()
    tmp = Path(tempfile.mkdtemp(prefix="callgate-bench-"))
    config = tmp / "callgate.yaml"
    config.write_text(
        f"listen: {{port: {proxy_port}}}\n"
        f"store: {{path: {tmp / 'bench.db'}}}\n"
        f"trace: {{path: {tmp / 'traces.jsonl'}}}\n"
        f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up_port}'}}}}\n"
        f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up_port)], env=env),
        subprocess.Popen([*CALLGATE, "serve", "--config", str(config), "--log-level", "warning"],
                         env=env),
        subprocess.Popen([sys.executable, str(ROOT / "bench" / "passthrough.py"), str(bare_port),
                          f"http://127.0.0.1:{up_port}"], env=env),
    ]
    try:
        direct = f"http://127.0.0.1:{up_port}"
        proxy = f"http://127.0.0.1:{proxy_port}"
        await wait_up(direct + "/products")
        await wait_up(proxy + "/readyz")
        bare = f"http://127.0.0.1:{bare_port}"
        await wait_up(bare + "/products")
        # The upstream generates its database from seed 7; so does this process, to find ids.
        db = generate(7)
        order_id = next(o["order_id"] for o in db.orders.values() if o["status"] == "pending")
        sessions = []
        async with aiohttp.ClientSession() as http:
            for _ in range(32):
                async with http.post(proxy + "/v1/sessions", json={"tags": {"bench": "1"}}) as r:
                    sessions.append((await r.json())["session_id"])
        quoted = order_id.replace("#", "%23")
        address = {"address1": "1 Bench Way", "address2": "", "city": "Austin", "state": "TX",
                   "country": "USA", "zip": "78701"}
        read_args = {"order_id": order_id}
        write_args = {"order_id": order_id, **address}

        def direct_read(http: aiohttp.ClientSession, _: int) -> Awaitable[None]:
            return fetch(http, "GET", f"{direct}/orders/{quoted}", None)

        def direct_write(http: aiohttp.ClientSession, _: int) -> Awaitable[None]:
            return fetch(http, "POST", f"{direct}/orders/{quoted}/address", address)

        def bare_read(http: aiohttp.ClientSession, _: int) -> Awaitable[None]:
            return fetch(http, "GET", f"{bare}/orders/{quoted}", None)

        def bare_write(http: aiohttp.ClientSession, _: int) -> Awaitable[None]:
            return fetch(http, "POST", f"{bare}/orders/{quoted}/address", address)

        # One session per worker: a session's calls are serialised by design (one conversation);
        # concurrency comes from many conversations at once.
        def via_read(http: aiohttp.ClientSession, worker: int) -> Awaitable[None]:
            return fetch(http, "POST", f"{proxy}/v1/sessions/{sessions[worker]}/calls",
                         {"tool": "get_order_details", "arguments": read_args})

        def via_write(http: aiohttp.ClientSession, worker: int) -> Awaitable[None]:
            return fetch(http, "POST", f"{proxy}/v1/sessions/{sessions[worker]}/calls",
                         {"tool": "modify_pending_order_address", "arguments": write_args})

        print(f"{args.requests} requests per row; upstream, proxy and pass-through are separate "
              f"processes; {os.cpu_count()} CPUs.\n'bare' is a pass-through aiohttp proxy with no "
              "checks: the floor of any aiohttp proxy.\n")
        header = (f"{'call':5} {'conc':>4} | {'direct p50':>10} {'p99':>6} {'req/s':>6} | "
                  f"{'bare p50':>8} {'req/s':>6} | {'callgate p50':>12} {'p99':>6} {'req/s':>6} | "
                  f"{'added p50':>9} {'thr/direct':>10} {'thr/bare':>8}")
        print(header)
        print("-" * len(header))
        rows = (("read", direct_read, bare_read, via_read),
                ("write", direct_write, bare_write, via_write))
        for name, d, b, v in rows:
            for conc in (1, 32):
                dl, dt = await measure(d, args.requests, conc)
                bl, bt = await measure(b, args.requests, conc)
                vl, vt = await measure(v, args.requests, conc)
                print(f"{name:5} {conc:>4} | {pct(dl, 50):>8.3f}ms {pct(dl, 99):>6.2f} {dt:>6.0f} | "
                      f"{pct(bl, 50):>6.3f}ms {bt:>6.0f} | {pct(vl, 50):>10.3f}ms "
                      f"{pct(vl, 99):>6.2f} {vt:>6.0f} | {pct(vl, 50) - pct(dl, 50):>7.3f}ms "
                      f"{vt / dt:>10.2f} {vt / bt:>8.2f}")
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(10)


async def fetch(http: aiohttp.ClientSession, method: str, url: str, body: object) -> None:
    data = None if body is None else orjson.dumps(body)
    async with http.request(method, url, data=data,
                            headers={"Content-Type": "application/json"}) as resp:
        await resp.read()
        if resp.status != 200:
            raise RuntimeError(f"{method} {url}: HTTP {resp.status}: {await resp.text()}")


if __name__ == "__main__":
    asyncio.run(main())
