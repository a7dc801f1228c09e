"""The SQLite store's commit latency, tail included: one read call's record per transaction, in
a tight loop (what a busy proxy does between answers), on this tree and optionally on another.

    .venv/bin/python bench/commit_tail.py [--records 6000] [--other TREE]

Before checkpoints moved to a thread (proxy/store/sqlite.py), SQLite's automatic checkpoint
ran inside every commit that crossed 1,000 WAL pages and put milliseconds into the tail.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MEASURE = """
import asyncio, os, statistics, sys, time
from proxy.session import CallRecord, Environment, Outcome, SessionState
from proxy.store.sqlite import SqliteStore

async def main(path, n):
    store = SqliteStore(path)
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    result = {"order_id": "#W1", "status": "pending",
              "items": [{"name": "Smart Watch", "price": 378.51, "item_id": "1099195379"}] * 5}
    latencies = []
    for i in range(1, n + 1):
        record = CallRecord(call_id=f"c{i}", session_id="s1", seq=i, tool="get_order_details",
                            kind="read", arguments={"order_id": "#W1"}, decision_id=f"d{i}",
                            verdict="allow", rules=[], policy_version="v",
                            outcome=Outcome.EXECUTED, started_at="t", finished_at="t",
                            result=result)
        started = time.perf_counter()
        await store.add_call(record)
        latencies.append(time.perf_counter() - started)
    wal = os.path.getsize(path + "-wal")
    await store.close()
    q = statistics.quantiles(latencies, n=1000)
    print(f"p50 {q[499] * 1e3:.3f}  p99 {q[989] * 1e3:.3f}  p99.9 {q[998] * 1e3:.2f}  "
          f"max {max(latencies) * 1e3:.2f} ms; over 2 ms: {sum(x > 0.002 for x in latencies)}; "
          f"WAL at the end {wal // 1024} KB")

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=6000)
    parser.add_argument("--other", type=Path, help="another callgate source tree, run after")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    trees = [("this", ROOT)] + ([("other", args.other.resolve())] if args.other else [])
    with tempfile.TemporaryDirectory(prefix="callgate-commit-") as tmp:
        for round_ in range(args.rounds):
            for name, tree in trees:
                path = Path(tmp) / f"{name}{round_}.db"
                out = subprocess.run([sys.executable, "-c", MEASURE, str(path),
                                      str(args.records)], capture_output=True, text=True,
                                     env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree,
                                     check=True)
                print(f"{name:5} {out.stdout.strip()}")


if __name__ == "__main__":
    main()
