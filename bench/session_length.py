"""Does a call cost the same on event 500 and on event 10,000 of one session? On both stores.

    .venv/bin/python bench/session_length.py [--calls 300] [--small 500] [--large 10000]
        [--distinct 1] [--backends sqlite,postgres,postgres-cold] [--dsn postgresql://...]
        [--cache-mb 512]

For each backend, one proxy process (its own store; PostgreSQL in a schema of its own, dropped
after) in front of the demo upstream, this process as the client, on loopback. A session is
filled to ``--small`` events (messages and reads of ``--distinct`` orders alternating),
another to ``--large``, then ``--calls`` reads are timed on each, one at a time (concurrency
1). Both sessions stay in the proxy, and the timed reads go in rounds over every (backend,
length) pair, so the machine's changing load falls on all alike. CPU per call is the proxy
process's user+system time (/proc/PID/stat) over the timed calls, steadier than wall time on a
shared machine; memory per event is the growth of the proxy's resident set while the long
session filled, divided by the events added (the session stays cached). Prints the figures and
the ratios: p50 long/short per backend, and CPU per call PostgreSQL/SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.overhead import (
    CALLGATE,
    ROOT,
    cpu_seconds,
    fetch,
    free_port,
    pct,
    pending_order,
    wait_up,
)
from proxy.demo.data import generate


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


@dataclass
class Point:
    events: int = 0
    latencies: list[float] = field(default_factory=list)
    cpu_s: float = 0.0  # proxy CPU over the timed calls

    @property
    def cpu_ms(self) -> float:
        return self.cpu_s / len(self.latencies) * 1e3


@dataclass
class Proxy:
    backend: str
    proc: subprocess.Popen[bytes]
    base: str
    schema: str
    points: dict[str, Point] = field(default_factory=dict)  # "small", "large"
    sessions: dict[str, str] = field(default_factory=dict)
    kb_per_event: float = 0.0
    est_kb_per_event: float = 0.0  # the same, as the proxy's own estimate (/metrics)


Reads = list[dict[str, object]]


async def fill(http: aiohttp.ClientSession, base: str, sid: str, have: int, want: int,
               reads: Reads) -> int:
    """Messages and reads alternating until the session holds ``want`` events; the reads go
    round ``reads`` (one order, or several)."""
    while have < want:
        if have % 2:
            await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls",
                        reads[have // 2 % len(reads)])
        else:
            async with http.post(f"{base}/v1/sessions/{sid}/messages", json={
                    "role": "user" if have % 4 else "assistant",
                    "content": f"message {have}: where is my order, and can it ship sooner?"}
                    ) as r:
                if r.status != 201:
                    raise RuntimeError(f"message: HTTP {r.status}")
        have += 1
    return have


def start(backend: str, args: argparse.Namespace, up: str) -> Proxy:
    tmp = Path(tempfile.mkdtemp(prefix=f"callgate-len-{backend}-"))
    port = free_port()
    schema = "bench_" + secrets.token_hex(4)
    # postgres-cold: no session lock kept after a call (store.linger_ms 0), as when a
    # session's calls come further apart than linger_ms and nothing else runs
    linger = ", linger_ms: 0" if backend == "postgres-cold" else ""
    store = (f"{{backend: postgres, dsn: '{args.dsn}', schema: {schema}, "
             f"cache_mb: {args.cache_mb}{linger}}}" if backend.startswith("postgres")
             else f"{{path: {tmp / 'bench.db'}, cache_mb: {args.cache_mb}}}")
    config = tmp / "callgate.yaml"
    config.write_text(
        f"listen: {{port: {port}}}\nstore: {store}\ntrace: {{path: {tmp / 'traces.jsonl'}}}\n"
        f"upstreams: {{retail: {{base_url: '{up}'}}}}\n"
        f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
        f"policy: {{dirs: ['{ROOT / 'policies/retail'}']}}\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([*CALLGATE, "serve", "--config", str(config), "--log-level",
                             "warning"], env=env)
    return Proxy(backend, proc, f"http://127.0.0.1:{port}", schema)


async def prepare(p: Proxy, http: aiohttp.ClientSession, args: argparse.Namespace,
                  reads: Reads, email: str) -> None:
    """Two sessions in the proxy: one at ``--small`` events, one at ``--large``."""
    await wait_up(p.base + "/readyz")
    for size, want in (("small", args.small), ("large", args.large)):
        async with http.post(p.base + "/v1/sessions", json={"tags": {"domain": "retail"}}) as r:
            sid = (await r.json())["session_id"]
        await fetch(http, "POST", f"{p.base}/v1/sessions/{sid}/calls", {
            "tool": "find_user_id_by_email", "arguments": {"email": email}})
        have = await fill(http, p.base, sid, 1, min(want, 50), reads)  # warm-up
        rss, est = rss_kb(p.proc.pid), await cache_bytes(http, p.base)
        have = await fill(http, p.base, sid, have, want, reads)
        if size == "large":
            p.kb_per_event = (rss_kb(p.proc.pid) - rss) / max(1, want - 50)
            p.est_kb_per_event = (await cache_bytes(http, p.base) - est) / 1024 / max(1, want - 50)
        p.sessions[size], p.points[size] = sid, Point(events=have)


async def cache_bytes(http: aiohttp.ClientSession, base: str) -> float:
    """The proxy's estimate of the memory its cached sessions hold (/metrics)."""
    async with http.get(base + "/metrics") as r:
        for line in (await r.text()).splitlines():
            if line.startswith("callgate_session_cache_bytes "):
                return float(line.split()[1])
    raise RuntimeError("no callgate_session_cache_bytes on /metrics")


async def timed(p: Proxy, size: str, http: aiohttp.ClientSession, calls: int,
                read: dict[str, object]) -> None:
    point, sid = p.points[size], p.sessions[size]
    cpu = cpu_seconds(p.proc.pid)
    for _ in range(calls):
        t = time.perf_counter()
        await fetch(http, "POST", f"{p.base}/v1/sessions/{sid}/calls", read)
        point.latencies.append(time.perf_counter() - t)
    point.cpu_s += cpu_seconds(p.proc.pid) - cpu


async def drop_schema(dsn: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--small", type=int, default=500)
    parser.add_argument("--large", type=int, default=10_000)
    parser.add_argument("--backends", default="sqlite,postgres,postgres-cold",
                        help="postgres-cold: PostgreSQL with store.linger_ms 0")
    parser.add_argument("--distinct", type=int, default=1, help="how many different orders "
                        "the filling reads go round (1: the same order again and again)")
    parser.add_argument("--dsn", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--cache-mb", type=float, default=512, help="the proxies' store.cache_mb "
                        "(below a session's size, that session is read back on every call)")
    args = parser.parse_args()
    up_port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    upstream = subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up_port)], env=env)
    up = f"http://127.0.0.1:{up_port}"
    proxies: list[Proxy] = []
    try:
        await wait_up(up + "/products")
        order, email = pending_order()
        db = generate(7)
        read = {"tool": "get_order_details", "arguments": {"order_id": order["order_id"]}}
        reads = [{"tool": "get_order_details", "arguments": {"order_id": oid}}
                 for oid in [order["order_id"], *(o for o in db.orders if o != order["order_id"])]
                 ][:args.distinct]
        proxies = [start(b, args, up) for b in args.backends.split(",")]
        async with aiohttp.ClientSession() as http:
            for p in proxies:
                await prepare(p, http, args, reads, email)
            # Rounds over every (backend, length) pair, so that the machine's changing load
            # falls on all of them alike.
            rounds = 10
            for _ in range(rounds):
                for p in proxies:
                    for size in ("small", "large"):
                        await timed(p, size, http, max(1, args.calls // rounds), read)
    finally:
        for p in proxies:
            p.proc.terminate()
            p.proc.wait(10)
            if p.backend.startswith("postgres"):
                await drop_schema(args.dsn, p.schema)
        upstream.terminate()
        upstream.wait(10)
    print(f"{args.calls} timed reads per point, concurrency 1; the sessions filled with reads "
          f"of {args.distinct} order(s); store.cache_mb {args.cache_mb}; {os.cpu_count()} CPUs.\n"
          "KB/event: the proxy's resident memory grown while the long session filled, per "
          "event; est.: the same from the proxy's own estimate (callgate_session_cache_bytes).\n")
    header = (f"{'backend':13} | {'events':>6} {'p50':>8} {'p99':>7} {'cpu/call':>9} | {'events':>6} "
              f"{'p50':>8} {'p99':>7} {'cpu/call':>9} | {'p50 large/small':>15} {'KB/event':>8} "
              f"{'est.':>5}")
    print(header)
    print("-" * len(header))
    for p in proxies:
        s, g = p.points["small"], p.points["large"]
        print(f"{p.backend:13} | {s.events:>6} {pct(s.latencies, 50):>6.3f}ms "
              f"{pct(s.latencies, 99):>5.2f}ms {s.cpu_ms:>7.3f}ms | {g.events:>6} "
              f"{pct(g.latencies, 50):>6.3f}ms {pct(g.latencies, 99):>5.2f}ms {g.cpu_ms:>7.3f}ms | "
              f"{pct(g.latencies, 50) / pct(s.latencies, 50):>15.2f} {p.kb_per_event:>8.2f} "
              f"{p.est_kb_per_event:>5.2f}")
    by = {p.backend: p for p in proxies}
    for name in ("postgres", "postgres-cold"):
        if "sqlite" in by and name in by:
            pg, lite = by[name].points, by["sqlite"].points
            print(f"CPU per call, {name}/sqlite: "
                  f"{pg['small'].cpu_ms / lite['small'].cpu_ms:.2f} (short session), "
                  f"{pg['large'].cpu_ms / lite['large'].cpu_ms:.2f} (long session)")


if __name__ == "__main__":
    asyncio.run(main())
