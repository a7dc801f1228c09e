"""Does a second worker process add throughput? `callgate serve --workers N` on PostgreSQL,
driven by wrk (a load generator in C) or, where wrk is not installed, by bench/loadgen.py (a
lean Python client in processes of its own), so that the client takes as little of the machine
as it can: the aiohttp client of bench/overhead.py spends about as much CPU per call as the
proxy's upstream and leaves no core for a second worker on a 2-core machine.

    .venv/bin/python bench/workers.py [--workers 1,2] [--seconds 10] [--rounds 3]
        [--connections 64] [--sessions 256] [--client auto|wrk|python]
        [--dsn postgresql://...]

The demo upstream, PostgreSQL and the proxy run as their own processes, the client too (wrk,
`apt-get install wrk`, or bench/loadgen.py's two processes). Each worker count gets a proxy of
its own over its own schema; reads (get_order_details) go round ``--sessions`` sessions (a
session's calls are serialised by design, so parallelism comes from many sessions), in rounds
alternating between the worker counts so that the machine's changing load falls on all alike.
Prints the requests per second of each round, the median per worker count, the ratio to one
worker, and the CPU per request of every process in the path (the proxy's workers, the
upstream, PostgreSQL's server processes, the client; from /proc), with the cores they kept
busy. A proxy needs the cores it is given: two workers can add throughput only where two cores
are free beside the client, the upstream and PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import loadgen
from bench.overhead import CALLGATE, ROOT, cpu_seconds, fetch, free_port, pending_order, wait_up
from bench.session_length import drop_schema

LUA = """
local sessions = {%s}
local body = '%s'
local n = 0
request = function()
  n = n + 1
  local sid = sessions[(n %% #sessions) + 1]
  return wrk.format("POST", "/v1/sessions/" .. sid .. "/calls",
                    {["Content-Type"] = "application/json"}, body)
end
"""


def start(workers: int, args: argparse.Namespace, up: str, tmp: Path
          ) -> tuple[subprocess.Popen[bytes], str, str]:
    port, schema = free_port(), "bench_" + secrets.token_hex(4)
    config = tmp / f"workers{workers}.yaml"
    config.write_text(
        f"listen: {{port: {port}}}\n"
        f"store: {{backend: postgres, dsn: '{args.dsn}', schema: {schema}}}\n"
        f"trace: {{path: {tmp / f'traces{workers}.jsonl'}}}\n"
        f"upstreams: {{retail: {{base_url: '{up}'}}}}\n"
        f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
        f"policy: {{dirs: ['{ROOT / 'policies/retail'}']}}\n")
    proc = subprocess.Popen([*CALLGATE, "serve", "--config", str(config), "--log-level",
                             "warning", "--workers", str(workers)],
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    return proc, f"http://127.0.0.1:{port}", schema


async def sessions_of(base: str, n: int, email: str, read: dict[str, object]) -> list[str]:
    """``n`` sessions, authenticated and the order read: the retail policy's preconditions."""
    made = []
    async with aiohttp.ClientSession() as http:
        for _ in range(n):
            async with http.post(base + "/v1/sessions", json={"tags": {"domain": "retail"}}) as r:
                sid = (await r.json())["session_id"]
            await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls", {
                "tool": "find_user_id_by_email", "arguments": {"email": email}})
            await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls", read)
            made.append(sid)
    return made


def postgres_seconds() -> float:
    """CPU time of every PostgreSQL server process on this machine (/proc), in seconds."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone since the listing
            continue
        if "(postgres)" in text:
            fields = text.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def run_round(wrk: str | None, base: str, script: Path | list[list[object]],
            args: argparse.Namespace, pids: tuple[int, int]
            ) -> tuple[float, int, dict[str, float]]:
    """(requests/s, non-2xx responses, CPU ms per request of the proxy, the upstream,
    PostgreSQL and the client) of one round: wrk with its script, or (``wrk`` None)
    bench/loadgen.py with its requests."""
    pid, upstream = pids
    before = cpu_seconds(pid), cpu_seconds(upstream), postgres_seconds()
    ru = os.times()
    if wrk is None:
        assert isinstance(script, list)
        got = loadgen.run(base, script, args.connections, args.seconds)
        rate, total, bad_count = got["rate"], int(got["answered"]), int(got["bad"])
        if got["errors"]:
            print(f"  loadgen: {got['errors']:.0f} connection errors")
    else:
        out = subprocess.run([wrk, "-t2", f"-c{args.connections}", f"-d{args.seconds}s", "-s",
                              str(script), base], capture_output=True, text=True,
                             check=True).stdout
        rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
        total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
        bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        bad_count = int(bad.group(1)) if bad else 0
        errors = re.search(r"Socket errors: (.*)", out)
        if errors:
            print(f"  wrk: socket errors {errors.group(1)}")
    after = os.times()
    now = cpu_seconds(pid), cpu_seconds(upstream), postgres_seconds()
    ms = {name: (now[i] - before[i]) / max(1, total) * 1e3
          for i, name in enumerate(("proxy", "upstream", "postgres"))}
    ms["client"] = ((after.children_user + after.children_system)
                    - (ru.children_user + ru.children_system)) / max(1, total) * 1e3
    return rate, bad_count, ms


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2", help="the worker counts to compare")
    parser.add_argument("--seconds", type=int, default=10, help="per round and worker count")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--sessions", type=int, default=256)
    parser.add_argument("--client", choices=["auto", "wrk", "python"], default="auto",
                        help="the load generator: wrk, bench/loadgen.py, or wrk where it is "
                             "installed (default)")
    parser.add_argument("--dsn", default="postgresql://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    wrk = shutil.which("wrk") if args.client != "python" else None
    if wrk is None and args.client == "wrk":
        sys.exit("wrk is not installed (apt-get install wrk); --client python uses "
                 "bench/loadgen.py instead")
    counts = [int(w) for w in args.workers.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="callgate-workers-"))
    up_port = free_port()
    upstream = subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up_port)],
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    up = f"http://127.0.0.1:{up_port}"
    proxies: dict[int, tuple[subprocess.Popen[bytes], str, str]] = {}
    rates: dict[int, list[float]] = {n: [] for n in counts}
    try:
        await wait_up(up + "/products")
        order, email = pending_order()
        read = {"tool": "get_order_details", "arguments": {"order_id": order["order_id"]}}
        body = orjson.dumps(read).decode()
        scripts: dict[int, Path | list[list[object]]] = {}
        for n in counts:
            proxies[n] = start(n, args, up, tmp)
            await wait_up(proxies[n][1] + "/readyz")
            made = await sessions_of(proxies[n][1], args.sessions, email, read)
            if wrk is None:
                scripts[n] = [["POST", f"/v1/sessions/{sid}/calls", read] for sid in made]
            else:
                script = scripts[n] = tmp / f"calls{n}.lua"
                script.write_text(LUA % (", ".join(f'"{s}"' for s in made), body))
        client = (f"wrk -t2 -c{args.connections}" if wrk is not None else
                  f"bench/loadgen.py, 2 processes, {args.connections} connections")
        print(f"{client}, {args.seconds} s per round, reads over {args.sessions} sessions, "
              f"PostgreSQL; {os.cpu_count()} CPUs.\n")
        for r in range(args.rounds):
            for n in counts:
                proc, base, _ = proxies[n]
                rate, bad, ms = run_round(wrk, base, scripts[n], args, (proc.pid, upstream.pid))
                if bad:
                    raise RuntimeError(f"{bad} answers were not 2xx with {n} worker(s)")
                rates[n].append(rate)
                print(f"round {r + 1}  workers {n}: {rate:6.0f} req/s;  CPU ms per request: "
                      + "  ".join(f"{k} {v:.3f}" for k, v in ms.items())
                      + f";  cores busy {rate * sum(ms.values()) / 1e3:.2f}")
    finally:
        for proc, _, schema in proxies.values():
            proc.terminate()
            proc.wait(10)
            await drop_schema(args.dsn, schema)
        upstream.terminate()
        upstream.wait(10)
    print()
    one = statistics.median(rates[counts[0]])
    for n in counts:
        median = statistics.median(rates[n])
        print(f"workers {n}: median {median:8.0f} req/s   x{median / one:.2f} of {counts[0]} "
              f"worker(s)")


if __name__ == "__main__":
    asyncio.run(main())
