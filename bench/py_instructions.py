"""Instructions per read by Python function: callgate under callgrind, on a Python 3.12
interpreter run with ``-X perf``, so each Python function gets a code address of its own.

    .venv/bin/python bench/py_instructions.py --python PY312 [--requests 200] [--top 60]

``PY312``: a Python 3.12 or later with callgate and its ``bench`` extra installed, e.g.
``python3.12 -m venv /tmp/v312 && /tmp/v312/bin/pip install -e '.[bench,fast]'``.

bench/instructions.py counts a read's instructions by process; this says where they are, as
inclusive counts per Python function (the function and everything it calls, per timed read),
and how often each runs per read. With ``-X perf`` CPython 3.12 enters every Python function
through a small trampoline of its own (listed in /tmp/perf-PID.map); callgrind counts each
trampoline as a function, so its inclusive cost is the Python function's. Read the figures as a
map, not as timings: the trampolines turn off 3.12's inlined Python-to-Python calls, which makes
small functions and Python callbacks look several times dearer than they are (the request
parse's hooks showed as 36,000 instructions a read; timed alone it takes 2.2 us of a read's
300). A coroutine counts once per resumption, and its time between resumptions only.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.instructions import SERVE
from bench.overhead import CALLGATE, ROOT, fetch, pending_order, stop, wait_up
from bench.ports import free_port


def per_function(callgrind_out: Path, perf_map: Path) -> dict[str, tuple[int, int]]:
    """{Python function: (inclusive instructions, calls)} from a callgrind dump, its
    trampolines named through the perf map."""
    spans = sorted((int(a, 16), int(s, 16), name) for a, s, name in
                   (line.rstrip("\n").split(" ", 2) for line in perf_map.open()))
    starts = [s[0] for s in spans]
    names: dict[str, str] = {}

    def name_of(token: str) -> str:
        m = re.match(r"\((\d+)\)(?: (.*))?", token)
        if m is None:
            return token
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names[m.group(1)]

    inclusive: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    fn = cfn = ""
    pending: int | None = None
    for line in callgrind_out.open():
        if line.startswith("fn="):
            fn = name_of(line[3:].rstrip("\n"))
        elif line.startswith("cfn="):
            cfn = name_of(line[4:].rstrip("\n"))
        elif line.startswith("calls="):
            pending = int(line[6:].split()[0])
        elif line[:1].isdigit() or line[:1] in "+-*":
            parts = line.split()
            if len(parts) < 2:
                continue
            if pending is not None:  # the inclusive cost of a call made from fn
                if cfn != fn:
                    inclusive[fn] += int(parts[1])
                calls[cfn] += pending
                pending = None
            else:
                inclusive[fn] += int(parts[1])
    out: dict[str, list[int]] = {}
    for fn, cost in inclusive.items():
        if not fn.startswith("0x"):
            continue
        address = int(fn.split("'")[0], 16)
        i = bisect.bisect_right(starts, address) - 1
        if i < 0 or address >= spans[i][0] + spans[i][1]:
            continue
        name = spans[i][2].removeprefix("py::")
        entry = out.setdefault(name, [0, 0])
        entry[0] += cost
        entry[1] += calls[fn]
    return {name: (cost, n) for name, (cost, n) in out.items()}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", required=True, help="Python 3.12+ with callgate installed")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=60)
    args = parser.parse_args()
    valgrind, control = shutil.which("valgrind"), shutil.which("callgrind_control")
    if valgrind is None or control is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    tmp = Path(tempfile.mkdtemp(prefix="callgate-py-instructions-"))
    up, port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    upstream = subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up)], env=env)
    try:
        await wait_up(f"http://127.0.0.1:{up}/products")
        order, email = pending_order()
        config = tmp / "callgate.yaml"
        config.write_text(
            f"listen: {{port: {port}}}\nstore: {{path: {tmp / 'callgate.db'}}}\n"
            f"trace: {{path: {tmp / 'traces.jsonl'}}}\n"
            f"upstreams: {{retail: {{base_url: 'http://127.0.0.1:{up}'}}}}\n"
            f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n"
            f"policy: {{dirs: ['{ROOT / 'policies/retail'}']}}\n")
        out = tmp / "callgate.callgrind"
        proc = subprocess.Popen(
            [valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", args.python,
             "-X", "perf", "-c", SERVE, "serve", "--config", str(config), "--log-level",
             "warning"], env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            await wait_up(f"http://127.0.0.1:{port}/readyz", within_s=240)
            base = f"http://127.0.0.1:{port}"
            async with aiohttp.ClientSession() as http:
                async with http.post(base + "/v1/sessions",
                                     json={"tags": {"domain": "retail"}}) as r:
                    calls = f"{base}/v1/sessions/{(await r.json())['session_id']}/calls"
                await fetch(http, "POST", calls, {"tool": "find_user_id_by_email",
                                                  "arguments": {"email": email}})
                read = {"tool": "get_order_details",
                        "arguments": {"order_id": order["order_id"]}}
                for _ in range(100):
                    await fetch(http, "POST", calls, read)
                subprocess.run([control, "-z", str(proc.pid)], check=True,
                               capture_output=True)
                for _ in range(args.requests):
                    await fetch(http, "POST", calls, read)
                subprocess.run([control, "-d", str(proc.pid)], check=True,
                               capture_output=True)
            keep_map(proc.pid, tmp)
        finally:
            stop([proc])
        report(tmp, args.requests, args.top, args.python)
    finally:
        stop([upstream])


def keep_map(pid: int, tmp: Path) -> None:
    """CPython writes its perf map to /tmp/perf-PID.map, whatever TMPDIR says: moved to ``tmp``."""
    shutil.move(f"/tmp/perf-{pid}.map", tmp / "perf.map")  # noqa: S108 (CPython's fixed path)


def report(tmp: Path, requests: int, top: int, python: str) -> None:
    dump = sorted(tmp.glob("callgate.callgrind.*"))[-1]
    rows = sorted(per_function(dump, tmp / "perf.map").items(), key=lambda r: -r[1][0])
    print(f"inclusive instructions per read by Python function ({requests} reads, {python} "
          "-X perf; small functions read dear, see the docstring):")
    for name, (cost, n) in [r for r in rows if r[1][1]][:top]:  # (the entry points: no calls)
        print(f"{cost / requests:>12,.0f} {n / requests:>6.2f}/read  {name}")

if __name__ == "__main__":
    asyncio.run(main())
