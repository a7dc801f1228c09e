"""The floor of a lean HTTP stack: a forwarder whose requests are parsed by httptools on a raw
asyncio protocol and sent on with callgate's upstream client, against the bare aiohttp forwarder
(bench/passthrough.py), CPU per request of each, in alternating rounds on one upstream.

    .venv/bin/python bench/lean_floor.py [--requests 3000] [--rounds 3]

What a lean front for the conversation routes could save, before building one: the lean
forwarder has no limits, timeouts or error handling, so it is a floor, not a proxy.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.overhead import CALLGATE, ROOT, fetch, measure, pending_order, stop, wait_up
from bench.ports import free_port


class _Forward(asyncio.Protocol):
    """One client connection: each complete request is sent on upstream, answered in order."""

    def __init__(self, client: Any, base: str) -> None:
        import httptools

        self.client, self.base = client, base
        self.parser = httptools.HttpRequestParser(self)
        self.url, self.body = b"", [b""]
        self.transport: asyncio.Transport | None = None
        self.answering: set[asyncio.Task[None]] = set()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.parser.feed_data(data)

    def on_message_begin(self) -> None:
        self.url, self.body = b"", []

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        method, body = self.parser.get_method().decode(), b"".join(self.body) or None
        task = asyncio.ensure_future(self._answer(method, self.url.decode(), body))
        self.answering.add(task)
        task.add_done_callback(self.answering.discard)

    async def _answer(self, method: str, target: str, body: bytes | None) -> None:
        r = await self.client.request(self.base, method, target,
                                      [("Content-Type", "application/json")], body, 10.0, 1 << 20)
        assert self.transport is not None
        self.transport.write(b"HTTP/1.1 %d OK\r\nContent-Type: application/json\r\n"
                             b"Content-Length: %d\r\n\r\n" % (r.status, len(r.body)) + r.body)


def serve(port: int, base: str) -> None:
    import uvloop

    from proxy.http_client import HttpClient

    async def run() -> None:
        client = HttpClient(100, 2.0)
        server = await asyncio.get_running_loop().create_server(
            lambda: _Forward(client, base), "127.0.0.1", port)
        await server.serve_forever()

    uvloop.run(run())


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    up, bare, lean = free_port(), free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen([*CALLGATE, "demo-upstream", "--port", str(up)], env=env),
        subprocess.Popen([sys.executable, str(ROOT / "bench" / "passthrough.py"), str(bare),
                          f"http://127.0.0.1:{up}"], env=env),
        subprocess.Popen([sys.executable, __file__, "--serve", str(lean),
                          f"http://127.0.0.1:{up}"], env=env),
    ]
    try:
        for port in (up, bare, lean):
            await wait_up(f"http://127.0.0.1:{port}/products")
        order, _ = pending_order()
        path = "/orders/" + order["order_id"].replace("#", "%23")

        def via(port: int) -> Any:
            return lambda http, _: fetch(http, "GET", f"http://127.0.0.1:{port}{path}", None)

        for n in range(args.rounds):
            _, bt, (bcpu,) = await measure(via(bare), args.requests, 1, (procs[1].pid,))
            _, lt, (lcpu,) = await measure(via(lean), args.requests, 1, (procs[2].pid,))
            print(f"round {n + 1}: bare aiohttp {bcpu:.3f} ms CPU a request ({bt:.0f} req/s); "
                  f"lean {lcpu:.3f} ms ({lt:.0f} req/s); lean/bare {lcpu / bcpu:.2f}")
    finally:
        stop(procs)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(int(sys.argv[2]), sys.argv[3])
    else:
        asyncio.run(main())
