"""How fast `callgate report` streams a large trace set.

    .venv/bin/python bench/report_scale.py [--events 1000000]

Writes a synthetic trace file (sessions of ~20 events: start, messages, reads and writes, some
refused, end) for 2,000 cases, then times the report over it in this process and prints events
per second and the process's peak memory, next to the time to merely read
and parse the lines (the floor).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from proxy.report.build import Gate, build_report
from proxy.report.collect import collect
from proxy.trace import TraceRecord, read_traces, record_to_json


def write(path: Path, events: int, cases: int = 2000) -> int:
    rng = random.Random(1)
    written = 0
    session = 0
    with path.open("wb") as f:
        while written < events:
            session += 1
            sid = f"s{session}"
            case = f"case-{rng.randrange(cases)}"
            recs = [TraceRecord(ts="2026-11-29T00:00:00Z", event="session_start", session_id=sid,
                                tags={"scenario": case, "trial": session, "domain": "retail",
                                      "persona": rng.choice(["calm", "impatient", "confused"])})]
            for seq in range(1, 19):
                if seq % 3 == 0:
                    recs.append(TraceRecord(ts="t", event="message", session_id=sid, seq=seq,
                                            role="user", content="yes please, go ahead"))
                else:
                    refused = rng.random() < 0.05
                    recs.append(TraceRecord(
                        ts="t", event="call", session_id=sid, seq=seq,
                        tool="cancel_pending_order" if seq % 5 == 0 else "get_order_details",
                        kind="write" if seq % 5 == 0 else "read",
                        arguments={"order_id": f"#W{rng.randrange(10**7)}"},
                        verdict="confirm" if refused else "allow",
                        rules=["confirm-writes"] if refused else [],
                        outcome="needs_confirmation" if refused else "executed",
                        result={"status": "pending"}, latency_ms={"total": 1.2}))
            recs.append(TraceRecord(ts="t", event="session_end", session_id=sid,
                                    success=rng.random() < 0.7))
            for r in recs:
                f.write(record_to_json(r) + b"\n")
            written += len(recs)
    return written


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "traces.jsonl"
        t = time.perf_counter()
        n = write(path, args.events)
        size = path.stat().st_size / 2**20
        print(f"wrote {n} events ({size:.0f} MiB) in {time.perf_counter() - t:.1f} s")

        t = time.perf_counter()
        with path.open("rb") as f:
            for line in f:
                orjson.loads(line)
        floor = time.perf_counter() - t
        print(f"floor: orjson.loads of every line       {floor:6.2f} s  "
              f"({n / floor / 1e6:.2f} M events/s)")

        t = time.perf_counter()
        for _ in read_traces(path):
            pass
        parse = time.perf_counter() - t
        print(f"read_traces (pydantic model per line)   {parse:6.2f} s  "
              f"({n / parse / 1e6:.2f} M events/s)")

        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        t = time.perf_counter()
        report = build_report(collect(read_traces(path)), Gate(min_consistency=0.5), plan=True)
        total = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"full report                             {total:6.2f} s  "
              f"({n / total / 1e6:.2f} M events/s); {report['cases']} cases, "
              f"{report['trials']} trials")
        print(f"process peak memory: {before:.0f} MiB before the report, {after:.0f} MiB after "
              f"(the trace file is {size:.0f} MiB; memory follows cases, not events)")


if __name__ == "__main__":
    main()
