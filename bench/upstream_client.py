"""The upstream hop's HTTP client: CPU per request of callgate's own (proxy/http_client.py, what
the hop uses), aiohttp's ClientSession (what it used before) and httpx2's AsyncClient (the HTTP
client the MCP SDK brings), same requests, one run.

    .venv/bin/python bench/upstream_client.py [--requests 3000] [--rounds 5]

The demo upstream runs in its own process; this process is the client, on uvloop as callgate
is. CPU per request is this process's user+system time (getrusage) over the timed requests,
in alternating rounds so the machine's load falls on both alike. Prints each client's CPU per
request and p50, and each client's CPU per request over aiohttp's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.overhead import CALLGATE, ROOT, free_port, pct, wait_up
from proxy.demo.data import generate
from proxy.http_client import HttpClient


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def timed(get: Callable[[], Awaitable[object]], n: int, into: dict[str, list[float]]
                ) -> None:
    started = cpu()
    for _ in range(n):
        t = time.perf_counter()
        await get()
        into["lat"].append(time.perf_counter() - t)
    into["cpu"].append(cpu() - started)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import httpx2

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    upstream = subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(port)], env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        await wait_up(base + "/products")
        db = generate(7)
        order = next(o for o in db.orders.values() if o["status"] == "pending")
        path = "/orders/" + order["order_id"].replace("#", "%23")
        headers = {"Accept": "application/json", "Idempotency-Key": "bench"}
        own = HttpClient(limit=100, connect_s=2.0)
        async with aiohttp.ClientSession() as a, httpx2.AsyncClient() as h:

            async def via_own() -> object:
                r = await own.request(base, "GET", path, list(headers.items()), None, 10.0,
                                      1 << 20)
                return orjson.loads(r.body)

            async def via_aiohttp() -> object:
                async with a.get(base + path, headers=headers, allow_redirects=False) as r:
                    return orjson.loads(await r.read())

            async def via_httpx() -> object:
                r = await h.get(base + path, headers=headers)
                return orjson.loads(r.content)

            clients = {"callgate": via_own, "aiohttp": via_aiohttp, "httpx2": via_httpx}
            figures = {name: {"lat": [], "cpu": []} for name in clients}
            for get in clients.values():  # warm-up
                for _ in range(200):
                    await get()
            per_round = max(1, args.requests // args.rounds)
            for _ in range(args.rounds):
                for name, get in clients.items():
                    await timed(get, per_round, figures[name])
            await own.close()
    finally:
        upstream.terminate()
        upstream.wait(10)
    print(f"{per_round * args.rounds} GETs per client, concurrency 1, in {args.rounds} "
          "alternating rounds.\n")
    per_call = {}
    for name, f in figures.items():
        per_call[name] = sum(f["cpu"]) / len(f["lat"]) * 1e3
        print(f"{name:8} cpu/request {per_call[name]:.3f} ms   p50 {pct(f['lat'], 50):.3f} ms")
    print()
    for name in ("callgate", "httpx2"):
        print(f"{name}/aiohttp CPU per request: {per_call[name] / per_call['aiohttp']:.2f}")


if __name__ == "__main__":
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(main())
