"""Two callgate source trees side by side: CPU per read call of each, measured in interleaved
rounds, and the median of the per-round ratios (steadier than one long run on a shared machine,
where the load changes from minute to minute).

    .venv/bin/python bench/ab.py OTHER_TREE [--rounds 12] [--requests 400] [--write]
        [--concurrency N]     # N sessions at once, a call at a time each (default 1)
        [--store postgres] [--dsn DSN]   # each tree on a schema of its own (default: SQLite)

This tree is "this", OTHER_TREE (e.g. `git archive main | tar -x -C /tmp/main`) is "other";
both run as `callgate serve` processes on the same upstream, with the retail catalog, policy,
traces and a store each (a SQLite file, or a PostgreSQL schema dropped afterwards). A ratio
under 1 means this tree spends less CPU per call.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.overhead import CALLGATE, ROOT, cpu_seconds, fetch, pending_order, stop, wait_up
from bench.ports import free_port


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--requests", type=int, default=400, help="per round and tree")
    parser.add_argument("--write", action="store_true",
                        help="writes (with the proposal and the yes before each), not reads")
    parser.add_argument("--concurrency", type=int, default=1,
                        help="sessions called at once (each one call at a time)")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--dsn", default="postgresql://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    schemas = {name: f"ab_{os.getpid()}_{name}" for name in ("this", "other")}
    tmp = Path(tempfile.mkdtemp(prefix="callgate-ab-"))
    up_port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up_port)], env=env)]
    bases = {}
    for name, tree in (("this", ROOT), ("other", args.other.resolve())):
        port = free_port()
        config = tmp / f"{name}.yaml"
        config.write_text(
            f"listen: {{port: {port}}}\n"
            + (f"store: {{backend: postgres, dsn: '{args.dsn}', schema: {schemas[name]}}}\n"
               if args.store == "postgres" else f"store: {{path: {tmp / name}.db}}\n") +
            f"trace: {{path: {tmp / name}.jsonl}}\n"
            f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up_port}'}}}}\n"
            f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
            f"policy: {{dirs: ['{ROOT / 'policies/retail'}']}}\n")
        procs.append(subprocess.Popen(
            [*CALLGATE, "serve", "--config", str(config), "--log-level", "warning"],
            env={**env, "PYTHONPATH": str(tree)}, cwd=tree))
        bases[name] = (f"http://127.0.0.1:{port}", procs[-1].pid)
    try:
        await wait_up(f"http://127.0.0.1:{up_port}/products")
        order, email = pending_order()
        read = {"tool": "get_order_details", "arguments": {"order_id": order["order_id"]}}
        write = {"tool": "modify_pending_order_address", "arguments": {
            "order_id": order["order_id"], "address1": "1 Bench Way", "address2": "",
            "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}}
        cpu: dict[str, list[float]] = {"this": [], "other": []}
        async with aiohttp.ClientSession() as http:
            sessions: dict[str, list[str]] = {}
            for name, (base, _) in bases.items():
                await wait_up(base + "/readyz")
                sessions[name] = []
                for _ in range(args.concurrency):
                    async with http.post(base + "/v1/sessions",
                                         json={"tags": {"domain": "retail"}}) as r:
                        sid = (await r.json())["session_id"]
                    await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls", {
                        "tool": "find_user_id_by_email", "arguments": {"email": email}})
                    await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls", read)
                    sessions[name].append(f"{base}/v1/sessions/{sid}")

            async def one(at: str) -> None:
                if not args.write:
                    await fetch(http, "POST", f"{at}/calls", read)
                    return
                for role, text in (("assistant", f"Change the address of {order['order_id']} "
                                                 "to 1 Bench Way, Austin TX 78701?"),
                                   ("user", "yes")):
                    async with http.post(f"{at}/messages",
                                         json={"role": role, "content": text}) as r:
                        await r.read()
                await fetch(http, "POST", f"{at}/calls", write)

            async def calls(name: str, total: int) -> None:
                left = iter(range(total))

                async def worker(at: str) -> None:
                    for _ in left:
                        await one(at)
                await asyncio.gather(*(worker(at) for at in sessions[name]))

            for name in bases:  # warm-up
                await calls(name, 100)
            for i in range(args.rounds):
                order_now = ("this", "other") if i % 2 == 0 else ("other", "this")
                for name in order_now:
                    pid = bases[name][1]
                    before = cpu_seconds(pid)
                    await calls(name, args.requests)
                    cpu[name].append((cpu_seconds(pid) - before) / args.requests * 1e3)
        ratios = [a / b for a, b in zip(cpu["this"], cpu["other"], strict=True)]
        kind = "write (and its two messages)" if args.write else "read"
        print(f"CPU per {kind}, ms, {args.rounds} interleaved rounds of {args.requests}, "
              f"{args.concurrency} at once:")
        for name in ("this", "other"):
            print(f"  {name:5}: median {statistics.median(cpu[name]):.3f}  "
                  f"(min {min(cpu[name]):.3f}, max {max(cpu[name]):.3f})")
        q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
        print(f"this/other: median {statistics.median(ratios):.3f} "
              f"(quartiles {q[0]:.3f}-{q[2]:.3f})")
    finally:
        stop(procs)
        if args.store == "postgres":
            from bench.session_length import drop_schema

            for schema in schemas.values():
                await drop_schema(args.dsn, schema)


if __name__ == "__main__":
    asyncio.run(main())
