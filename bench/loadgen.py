"""A lean HTTP/1.1 load generator in Python, for machines without wrk: keep-alive connections,
one request in flight on each, prepared requests sent as they stand, answers parsed by httptools
(llhttp). About a quarter of aiohttp's client CPU per request here (26-28 us against 89-107,
docs/performance.md), so that a few client processes can drive a proxy that has cores of its
own (bench/workers.py runs it where wrk is missing).

    .venv/bin/python bench/loadgen.py URL REQUESTS_FILE [--connections 64] [--seconds 10]
        [--requests N] [--processes 2]

REQUESTS_FILE holds the requests as JSON: a list of [method, path, body or null], sent in
turn. Connection k sends requests k, k + C, k + 2C, ... of the list (C: every connection of
every process), so where each request names a session of its own, no two connections share
one (a session's calls wait for each other in callgate by design). Prints one JSON object:
requests answered, answers that were not 2xx, connection errors, seconds, requests per second
and the client's own CPU seconds (user + system, every process).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httptools


@dataclass
class Tally:
    answered: int = 0
    bad: int = 0  # answers that were not 2xx
    errors: int = 0  # connections refused, broken, or answers that were not HTTP
    statuses: dict[int, int] = field(default_factory=dict)


class _Connection(asyncio.Protocol):
    """One keep-alive connection sending its requests in turn, one at a time, until the
    deadline or until ``budget`` requests are answered."""

    def __init__(self, requests: list[bytes], tally: Tally, deadline: float,
                 budget: list[int], done: asyncio.Future[None]) -> None:
        self.requests, self.tally, self.deadline, self.budget = requests, tally, deadline, budget
        self.done = done
        self.i = 0
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpResponseParser(self)
        self.complete = self.keep_alive = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self._send()

    def _send(self) -> None:
        assert self.transport is not None
        if self.budget[0] <= 0 or time.monotonic() >= self.deadline:
            self.transport.close()
            return
        self.budget[0] -= 1
        self.transport.write(self.requests[self.i % len(self.requests)])
        self.i += 1

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            self.tally.errors += 1
            assert self.transport is not None
            self.transport.close()
            return
        if self.complete:
            self.complete = False
            if not self.keep_alive:
                assert self.transport is not None
                self.transport.close()
                return
            self.parser = httptools.HttpResponseParser(self)
            self._send()

    def on_message_complete(self) -> None:
        status = self.parser.get_status_code()
        tally = self.tally
        tally.answered += 1
        tally.statuses[status] = tally.statuses.get(status, 0) + 1
        if not 200 <= status < 300:
            tally.bad += 1
        self.complete = True
        self.keep_alive = self.parser.should_keep_alive()  # (reset once the callback returns)

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None:
            self.tally.errors += 1
        if not self.done.done():
            self.done.set_result(None)


def prepare(url: str, requests: Sequence[Sequence[object]]) -> list[bytes]:
    """Each request as the bytes sent: request line, Host, Content-Type and Content-Length
    where it has a body (JSON), keep-alive."""
    host = urlsplit(url).netloc
    out = []
    for method, path, body in requests:
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        out.append(head.encode() + b"\r\n" + data)
    return out


async def drive(url: str, requests: list[bytes], connections: int, seconds: float,
                total: int | None = None, first: int = 0, stride: int | None = None) -> Tally:
    """Send ``requests`` over ``connections`` connections for ``seconds`` (or until ``total``
    are answered). Connection k of this process takes requests ``first + k``, then every
    ``stride``-th after it (``stride``: all connections of all processes; default: this
    process's)."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    loop = asyncio.get_running_loop()
    tally = Tally()
    deadline = time.monotonic() + seconds
    budget = [total if total is not None else 1 << 62]
    stride = stride or connections
    pending = []
    for k in range(connections):
        mine = requests[(first + k) % len(requests)::stride]  # (never empty: it starts inside)
        done: asyncio.Future[None] = loop.create_future()
        try:
            await loop.create_connection(
                lambda m=mine, d=done: _Connection(m, tally, deadline, budget, d),  # type: ignore[misc]
                host, port)
        except OSError:
            tally.errors += 1
            continue
        pending.append(done)
    await asyncio.gather(*pending)
    return tally


def run(url: str, requests: Sequence[Sequence[object]], connections: int = 64,
        seconds: float = 10.0, total: int | None = None, processes: int = 2) -> dict[str, float]:
    """Drive ``url`` from ``processes`` processes (connections split among them) and return
    the totals, with the client's CPU seconds."""
    spec = {"url": url, "requests": requests}
    per = max(1, connections // processes)
    procs = []
    before = os.times()
    started = time.monotonic()
    for p in range(processes):
        arguments = [sys.executable, __file__, "--worker", json.dumps({
            **spec, "connections": per, "seconds": seconds,
            "total": None if total is None else total // processes + (p < total % processes),
            "first": p * per, "stride": per * processes})]
        procs.append(subprocess.Popen(arguments, stdout=subprocess.PIPE, text=True))
    results = []
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 120)
        if proc.returncode != 0:
            raise RuntimeError(f"a load generator process failed ({proc.returncode})")
        results.append(json.loads(out))
    elapsed = time.monotonic() - started
    after = os.times()
    answered = sum(r["answered"] for r in results)
    return {
        "answered": answered, "bad": sum(r["bad"] for r in results),
        "errors": sum(r["errors"] for r in results),
        "seconds": max(r["seconds"] for r in results) if results else elapsed,
        "rate": sum(r["answered"] / r["seconds"] for r in results if r["seconds"] > 0),
        "cpu_s": (after.children_user + after.children_system)
                 - (before.children_user + before.children_system),
    }


def _worker(spec: dict[str, Any]) -> None:
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    requests = prepare(spec["url"], spec["requests"])
    started = time.monotonic()
    tally = asyncio.run(drive(spec["url"], requests, spec["connections"], spec["seconds"],
                              spec["total"], spec["first"], spec["stride"]))
    seconds = time.monotonic() - started
    print(json.dumps({"answered": tally.answered, "bad": tally.bad, "errors": tally.errors,
                      "seconds": seconds}))


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        _worker(json.loads(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("requests_file", type=Path)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--requests", type=int, help="stop after this many answers")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    requests = json.loads(args.requests_file.read_text())
    print(json.dumps(run(args.url, requests, args.connections, args.seconds, args.requests,
                         args.processes)))


if __name__ == "__main__":
    main()
