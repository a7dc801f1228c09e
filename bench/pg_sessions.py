"""The PostgreSQL store alone, with more sessions at once than connections: CPU and wall time per
call (a session held, one read's record kept, let go), and PostgreSQL's own CPU per call, of
this tree and of another, in interleaved rounds, and the median of the per-round CPU ratios.
``--write``: a call is a write with its two messages (three blocks: the proposal, the yes, the
write's record and its finish).

    .venv/bin/python bench/pg_sessions.py [--other TREE] [--write] [--sessions 32] [--pool 20]
        [--calls 100] [--rounds 4] [--dsn DSN]

Each round runs each tree in a process of its own (``--child``), on a schema of its own: N
sessions, each a loop of calls with 0.5 ms between them (an agent's next call comes later
than its answer). No HTTP, no upstream: what is measured is the store's side of a read call.
A ratio under 1 means this tree spends less CPU per call.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DSN = "postgresql://postgres@127.0.0.1:5432/postgres"


async def child(dsn: str, sessions: int, pool: int, calls: int, write: bool = False
                ) -> dict[str, float]:
    from bench.session_length import drop_schema
    from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState
    from proxy.store.postgres import PostgresStore

    schema = "bench_" + secrets.token_hex(4)
    store = PostgresStore(dsn, schema, max_connections=pool)
    await store.open()
    try:
        states = [SessionState(session_id=f"s{i}", environment=Environment.LIVE, user={},
                               tags={}, started_at="t") for i in range(sessions)]
        for state in states:
            await store.create_session(state)

        async def say(state: SessionState, role: Role, text: str) -> None:
            async with store.session(state.session_id, state):
                message = Message(state.next_seq(), role, text, "t")
                await store.add_message(state.session_id, message)
                state.add_message(message)
            await asyncio.sleep(0.0005)

        async def run(state: SessionState, n: int, tag: str) -> None:
            for j in range(n):
                if write:
                    await say(state, Role.ASSISTANT, "Cancel order #1, reason: no longer needed?")
                    await say(state, Role.USER, "yes")
                    async with store.session(state.session_id, state):
                        record = CallRecord(
                            call_id=f"{state.session_id}-{tag}-{j}", session_id=state.session_id,
                            seq=state.next_seq(), tool="cancel_pending_order", kind="write",
                            arguments={"order_id": "#1", "reason": "no longer needed"},
                            decision_id="d", verdict="allow", rules=[], policy_version="v",
                            outcome=Outcome.FORWARDING, started_at="t")
                        await store.add_call(record)
                        state.add_call(record)
                        record.outcome, record.result = Outcome.EXECUTED, {"status": "cancelled"}
                        record.upstream_status, record.finished_at = 200, "t"
                        await store.finish_call(record, answered=True)
                    await asyncio.sleep(0.0005)
                    continue
                async with store.session(state.session_id, state):
                    record = CallRecord(
                        call_id=f"{state.session_id}-{tag}-{j}", session_id=state.session_id,
                        seq=state.next_seq(), tool="get_order_details", kind="read",
                        arguments={"order_id": "#1"}, decision_id="d", verdict="allow",
                        rules=[], policy_version="v", outcome=Outcome.EXECUTED,
                        started_at="t", result={"status": "pending"})
                    await store.add_call(record)
                    state.add_call(record)
                await asyncio.sleep(0.0005)

        await asyncio.gather(*(run(s, 20, "warm") for s in states))  # connections, statements
        cpu, wall, server = time.process_time(), time.perf_counter(), postgres_cpu()
        await asyncio.gather(*(run(s, calls, "timed") for s in states))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        server = postgres_cpu() - server
    finally:
        await store.close()
        await drop_schema(dsn, schema)
    total = sessions * calls
    return {"cpu_us": cpu / total * 1e6, "wall_us": wall / total * 1e6,
            "server_us": server / total * 1e6}


def postgres_cpu() -> float:
    """CPU seconds used so far by this machine's PostgreSQL processes (its backends: the
    store's connections, and whatever else runs there meanwhile), from /proc."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue  # (gone meanwhile)
        name, fields = stat[stat.find("(") + 1:stat.rfind(")")], stat.rsplit(")", 1)[1].split()
        if name == "postgres":
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def measure(tree: Path, args: argparse.Namespace) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", "--dsn", args.dsn,
         "--sessions", str(args.sessions), "--pool", str(args.pool), "--calls", str(args.calls),
         *(["--write"] if args.write else [])],
        env={**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{ROOT}"}, check=True,
        capture_output=True, text=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, help="another callgate source tree")
    parser.add_argument("--sessions", type=int, default=32)
    parser.add_argument("--pool", type=int, default=20, help="store.max_connections")
    parser.add_argument("--calls", type=int, default=100, help="per session and round")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--write", action="store_true",
                        help="a write with its two messages a call, not a read")
    parser.add_argument("--dsn", default=DSN)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        import uvloop

        print(json.dumps(uvloop.run(child(args.dsn, args.sessions, args.pool, args.calls,
                                          args.write))))
        return
    print(f"{args.sessions} sessions at once, a pool of {args.pool}, {args.calls} "
          f"{'writes (each with its two messages)' if args.write else 'reads'} each per round; "
          "per call: the store's CPU and wall time, and PostgreSQL's CPU")
    ratios = []
    for n in range(args.rounds):
        this = measure(ROOT, args)
        line = (f"round {n + 1}: this {this['cpu_us']:.0f} us cpu {this['wall_us']:.0f} us wall "
                f"{this['server_us']:.0f} us server")
        if args.other is not None:
            other = measure(args.other.resolve(), args)
            ratios.append(this["cpu_us"] / other["cpu_us"])
            line += (f" | other {other['cpu_us']:.0f} us cpu {other['wall_us']:.0f} us wall "
                     f"{other['server_us']:.0f} us server | cpu this/other {ratios[-1]:.2f}")
        print(line, flush=True)
    if ratios:
        print(f"median cpu this/other: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
