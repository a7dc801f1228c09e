"""bench/loadgen.py, the lean load generator bench/workers.py uses where wrk is missing: every
request answered is counted once, answers that are not 2xx are counted as bad, connections
take disjoint requests, and a server that closes or breaks a connection is not hung on."""

import asyncio
import socket
from collections import Counter
from typing import Any

from aiohttp import web

from bench import loadgen


async def test_every_answer_is_counted_and_bad_ones_too(aiohttp_server: Any) -> None:
    seen: Counter[str] = Counter()
    bodies: list[bytes] = []

    async def handle(request: web.Request) -> web.Response:
        seen[request.path] += 1
        if request.can_read_body:
            bodies.append(await request.read())
        return web.json_response({"ok": True}, status=404 if request.path == "/missing" else 200)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    url = str((await aiohttp_server(app)).make_url("")).rstrip("/")
    requests = loadgen.prepare(url, [("GET", "/a", None), ("POST", "/b", {"n": 1}),
                                     ("GET", "/missing", None), ("GET", "/c", None)])
    tally = await loadgen.drive(url, requests, connections=2, seconds=60, total=101)
    assert tally.answered == 101 == sum(seen.values())
    assert tally.errors == 0
    # two connections over four requests: one sends /a and /missing, the other /b and /c
    assert set(seen) == {"/a", "/b", "/missing", "/c"}
    assert tally.bad == seen["/missing"] == tally.statuses[404]
    # each connection sends its requests in turn: /a, /missing, /a, ... and /b, /c, /b, ...
    assert seen["/a"] - seen["/missing"] in (0, 1) and seen["/b"] - seen["/c"] in (0, 1)
    assert set(bodies) == {b'{"n":1}'}


async def test_connections_take_disjoint_requests(aiohttp_server: Any) -> None:
    by_peer: dict[int, set[str]] = {}

    async def handle(request: web.Request) -> web.Response:
        peer = request.transport.get_extra_info("peername")[1]  # type: ignore[union-attr]
        by_peer.setdefault(peer, set()).add(request.path)
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_get("/{n}", handle)
    url = str((await aiohttp_server(app)).make_url("")).rstrip("/")
    requests = loadgen.prepare(url, [("GET", f"/{n}", None) for n in range(12)])
    tally = await loadgen.drive(url, requests, connections=4, seconds=60, total=48)
    assert tally.answered == 48 and tally.bad == 0
    assert len(by_peer) == 4
    paths = [p for ps in by_peer.values() for p in ps]
    assert len(paths) == len(set(paths)) == 12  # every request on one connection only


async def test_a_server_that_breaks_connections_ends_the_run() -> None:
    """A listener that answers garbage or hangs up: errors, not a hang."""
    async def garbage(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(100)
        writer.write(b"not http at all\r\n\r\n")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(garbage, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    try:
        tally = await asyncio.wait_for(loadgen.drive(
            url, loadgen.prepare(url, [("GET", "/", None)]), connections=3, seconds=60,
            total=30), timeout=30)
    finally:
        server.close()
        await server.wait_closed()
    assert tally.answered == 0 and tally.errors >= 3


async def test_a_refused_connection_is_an_error() -> None:
    with socket.socket() as s:  # a port nobody listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}"
        tally = await loadgen.drive(url, loadgen.prepare(url, [("GET", "/", None)]),
                                    connections=2, seconds=60, total=10)
    assert tally.answered == 0 and tally.errors == 2


async def test_processes_split_the_requests_and_add_up(aiohttp_server: Any) -> None:
    seen: Counter[str] = Counter()

    async def handle(request: web.Request) -> web.Response:
        seen[request.path] += 1
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_get("/{n}", handle)
    url = str((await aiohttp_server(app)).make_url("")).rstrip("/")
    got = await asyncio.to_thread(
        loadgen.run, url, [["GET", f"/{n}", None] for n in range(8)], 4, 60.0, 41, 2)
    assert got["answered"] == 41 == sum(seen.values())
    assert got["bad"] == 0 and got["errors"] == 0
    assert set(seen) == {f"/{n}" for n in range(8)}  # each process took its own share
    assert got["rate"] > 0 and got["cpu_s"] > 0
