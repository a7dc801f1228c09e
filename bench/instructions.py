"""Machine instructions per call, counted by valgrind's callgrind: callgate against the bare
aiohttp forwarder (and the lean HTTP floor, and another callgate tree), reads at concurrency 1.

    .venv/bin/python bench/instructions.py [--requests 300] [--other TREE] [--write]

Wall time and CPU time on a shared machine move by tens of percent from one minute to the next;
an instruction count does not: the same code on the same input counts the same (within a
fraction of a percent: garbage collection and dictionary growth fall where they fall), whatever
else the machine does. So a change's effect is read here first, then confirmed as CPU time with
bench/overhead.py. Instructions are not time (a cache miss costs more than an addition), and
the kernel's share (system calls) is not counted; on this machine CPU per call has moved with
the count at about 0.7 of its ratio.

Each target runs under callgrind (some 40 times slower), behind the same demo upstream (not
under callgrind); the counters are zeroed after 100 calls of warm-up and read after the timed
ones. callgate runs with the retail catalog, policy, trace and a SQLite store, and commits its
records every 64 (what its 100 ms hold at the 600-900 reads a second it serves without callgrind
at concurrency 1; under callgrind the 100 ms would pass every three calls).
``--write``: each timed call is a proposal, the user's yes and a change of address (callgate
only; the bare forwarder sends the change alone).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.overhead import CALLGATE, ROOT, fetch, pending_order, stop, wait_up
from bench.ports import free_port

TOOLS: list[str] = []  # valgrind and callgrind_control, found on the PATH
# callgate as `callgate serve`, committing its records by count alone (the docstring says why)
SERVE = ("import sys, proxy.store.sqlite as s; s.RECORDS_DELAY_S = 60.0; s.RECORDS_BATCH = 64; "
         "from proxy.cli import main; sys.argv[0] = 'callgate'; main()")


def instructions(tmp: Path, name: str) -> int:
    """The total of the last callgrind dump of ``name`` (its "summary:" line)."""
    out = sorted(tmp.glob(f"{name}.callgrind.*"))[-1]
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"{out} holds no totals")


async def count(name: str, command: list[str], env: dict[str, str], cwd: Path, ready: str,
                call: Any, requests: int, tmp: Path) -> int:
    """Instructions per timed call of the process ``command`` starts under callgrind."""
    valgrind, control = TOOLS
    out = tmp / f"{name}.callgrind"
    proc = subprocess.Popen([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}",
                             *command], env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        await wait_up(ready, within_s=180)
        async with aiohttp.ClientSession() as http:
            state = await call(http, None)
            for _ in range(100):
                await call(http, state)
            subprocess.run([control, "-z", str(proc.pid)], check=True, capture_output=True)
            for _ in range(requests):
                await call(http, state)
            subprocess.run([control, "-d", str(proc.pid)], check=True, capture_output=True)
        return instructions(tmp, name) // requests
    finally:
        stop([proc])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--other", type=Path, metavar="TREE",
                        help="another callgate source tree, counted the same way")
    parser.add_argument("--write", action="store_true",
                        help="a change of address (with its proposal and yes) instead of a read")
    args = parser.parse_args()
    valgrind, control = shutil.which("valgrind"), shutil.which("callgrind_control")
    if valgrind is None or control is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    TOOLS[:] = [valgrind, control]

    tmp = Path(tempfile.mkdtemp(prefix="callgate-instructions-"))
    up = free_port()
    # one hash seed for every process: dictionaries and sets then lay out alike from run to run
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    upstream = subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up)], env=env)
    try:
        await wait_up(f"http://127.0.0.1:{up}/products")
        order, email = pending_order()
        order_id = order["order_id"]
        address = {"address1": "1 Bench Way", "address2": "", "city": "Austin", "state": "TX",
                   "country": "USA", "zip": "78701"}

        def plain(port: int) -> Any:
            path = f"http://127.0.0.1:{port}/orders/{order_id.replace('#', '%23')}"

            async def call(http: aiohttp.ClientSession, state: Any) -> None:
                await fetch(http, "POST" if args.write else "GET",
                            path + ("/address" if args.write else ""),
                            address if args.write else None)
            return call

        def via(port: int) -> Any:
            base = f"http://127.0.0.1:{port}"

            async def call(http: aiohttp.ClientSession, sid: str | None) -> str:
                if sid is None:  # the session, authenticated and the order read
                    async with http.post(base + "/v1/sessions",
                                         json={"tags": {"domain": "retail"}}) as r:
                        sid = str((await r.json())["session_id"])
                    for tool, arguments in (("find_user_id_by_email", {"email": email}),
                                            ("get_order_details", {"order_id": order_id})):
                        await fetch(http, "POST", f"{base}/v1/sessions/{sid}/calls",
                                    {"tool": tool, "arguments": arguments})
                    return sid
                at = f"{base}/v1/sessions/{sid}"
                if not args.write:
                    await fetch(http, "POST", f"{at}/calls", {
                        "tool": "get_order_details", "arguments": {"order_id": order_id}})
                    return sid
                for role, text in (("assistant", f"Change the address of {order_id} to 1 "
                                                 "Bench Way, Austin TX 78701?"), ("user", "yes")):
                    async with http.post(f"{at}/messages",
                                         json={"role": role, "content": text}) as r:
                        await r.read()
                await fetch(http, "POST", f"{at}/calls", {
                    "tool": "modify_pending_order_address",
                    "arguments": {"order_id": order_id, **address}})
                return sid
            return call

        def callgate(tree: Path, name: str) -> tuple[list[str], dict[str, str], Path, str, Any]:
            port = free_port()
            (tmp / name).mkdir()
            config = tmp / name / "callgate.yaml"
            config.write_text(
                f"listen: {{port: {port}}}\nstore: {{path: {tmp / name / 'callgate.db'}}}\n"
                f"trace: {{path: {tmp / name / 'traces.jsonl'}}}\n"
                f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up}'}}}}\n"
                f"catalogs: ['{tree / 'schemas/retail/catalog.yaml'}']\n"
                f"policy: {{dirs: ['{tree / 'policies/retail'}']}}\n")
            command = [sys.executable, "-c", SERVE, "serve", "--config", str(config),
                       "--log-level", "warning"]
            return (command, {**env, "PYTHONPATH": str(tree)}, tree,
                    f"http://127.0.0.1:{port}/readyz", via(port))

        def forwarder(script: list[str]) -> tuple[list[str], dict[str, str], Path, str, Any]:
            port = free_port()
            return ([sys.executable, *script, str(port), f"http://127.0.0.1:{up}"], env, ROOT,
                    f"http://127.0.0.1:{port}/products", plain(port))

        targets = {"callgate": callgate(ROOT, "callgate"),
                   "bare": forwarder([str(ROOT / "bench" / "passthrough.py")]),
                   "lean": forwarder([str(ROOT / "bench" / "lean_floor.py"), "--serve"])}
        if args.other is not None:
            targets["other"] = callgate(args.other.resolve(), "other")
        counted = {name: await count(name, *target, args.requests, tmp)
                   for name, target in targets.items()}
        what = "change of address (proposal, yes, write)" if args.write else "read"
        print(f"instructions per {what}, {args.requests} timed calls each (callgrind):")
        for name, n in counted.items():
            print(f"  {name:9} {n:>10,}   {n / counted['bare']:.3f} of bare")
        if "other" in counted:
            print(f"  callgate/other: {counted['callgate'] / counted['other']:.3f}")
    finally:
        stop([upstream])


if __name__ == "__main__":
    asyncio.run(main())
