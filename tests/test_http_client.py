"""The upstream hop's HTTP client against real servers on loopback: an aiohttp app for the
ordinary answers, and scripted asyncio servers for the answers an upstream should not give."""

from __future__ import annotations

import asyncio
import gzip
import random
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.http_client import Broken, HttpClient, NotSent, Origin, TooLarge, _Slots

from .conftest import cancel_at_random, settle

MB = 1024 * 1024
Script = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def echo(request: web.Request) -> web.Response:
    body = await request.read()
    return web.json_response({"method": request.method, "path": request.path_qs,
                              "body": body.decode(), "host": request.headers.get("Host"),
                              "idem": request.headers.get("Idempotency-Key"),
                              "auth": request.headers.get("Authorization")})


async def chunked(request: web.Request) -> web.StreamResponse:
    resp = web.StreamResponse(headers={"Content-Type": "application/json; charset=utf-8"})
    resp.enable_chunked_encoding()
    await resp.prepare(request)
    for part in (b'{"parts": [', b'"a", ', b'"b"]}'):
        await resp.write(part)
    await resp.write_eof()
    return resp


async def gzipped(request: web.Request) -> web.Response:
    return web.Response(body=gzip.compress(b'{"zipped": true}'), content_type="application/json",
                        headers={"Content-Encoding": "gzip"})


async def big(request: web.Request) -> web.Response:
    return web.Response(body=b"x" * (2 * MB), content_type="text/plain")


@pytest.fixture
async def app_server(aiohttp_server: Callable[..., Awaitable[TestServer]]) -> TestServer:
    app = web.Application()
    app.router.add_route("*", "/echo{tail:.*}", echo)
    app.router.add_get("/chunked", chunked)
    app.router.add_get("/gzip", gzipped)
    app.router.add_get("/big", big)
    return await aiohttp_server(app)


@pytest.fixture
async def client() -> AsyncIterator[HttpClient]:
    c = HttpClient(limit=4, connect_s=1.0)
    yield c
    await c.close()


class Received(list[bytes]):
    """The request heads a scripted server received, and an event set at the first."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = asyncio.Event()


async def scripted(script: Script) -> tuple[asyncio.Server, str, Received]:
    """A server on a free port that runs ``script`` per connection; what each connection
    received before the script answered is kept in the returned list."""
    received = Received()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            received.append(await reader.readuntil(b"\r\n\r\n"))
            received.arrived.set()
            await script(reader, writer)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}", received


def answer(raw: bytes) -> Script:
    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(raw)
        await writer.drain()
        await asyncio.sleep(0.05)  # let the client read before the close
    return script


async def all_closed(client: HttpClient, within_s: float = 5.0) -> bool:
    """Whether every connection closes (the server's close reaches the client) within_s."""
    for _ in range(int(within_s / 0.01)):
        if client.connections() == 0:
            return True
        await asyncio.sleep(0.01)
    return False


async def get(client: HttpClient, base: str, target: str = "/", **kw: Any) -> Any:
    return await client.request(base, kw.pop("method", "GET"), target, kw.pop("headers", []),
                                kw.pop("body", None), kw.pop("timeout_s", 2.0),
                                kw.pop("max_bytes", MB))


async def test_a_request_and_its_answer(client: HttpClient, app_server: TestServer) -> None:
    base = str(app_server.make_url(""))
    resp = await get(client, base, "/echo/a%23b?x=1", method="POST", body=b'{"k": 1}',
                     headers=[("Idempotency-Key", "c_1"), ("Content-Type", "application/json")])
    assert resp.status == 200 and resp.content_type == "application/json"
    import orjson

    seen = orjson.loads(resp.body)
    assert seen["method"] == "POST" and seen["path"] == "/echo/a%23b?x=1"
    assert seen["body"] == '{"k": 1}' and seen["idem"] == "c_1"
    assert seen["host"] == f"127.0.0.1:{app_server.port}"


async def test_connections_are_kept_and_reused(client: HttpClient,
                                               app_server: TestServer) -> None:
    base = str(app_server.make_url(""))
    for _ in range(5):
        assert (await get(client, base, "/echo")).status == 200
    assert client.connections() == 1
    await asyncio.gather(*(get(client, base, "/echo") for _ in range(4)))
    assert client.connections() == 4  # the limit: never more at once


async def test_an_idle_connection_past_its_keepalive_is_not_reused(
        app_server: TestServer) -> None:
    now = [0.0]
    c = HttpClient(limit=4, connect_s=1.0, keepalive_s=15.0, clock=lambda: now[0])
    base = str(app_server.make_url(""))
    try:
        await get(c, base, "/echo")
        first = next(iter(c._all))
        now[0] = 16.0
        await get(c, base, "/echo")
        assert first.closed and c.connections() == 1 and first not in c._all
    finally:
        await c.close()


async def test_chunked_and_gzip_answers_are_decoded(client: HttpClient,
                                                    app_server: TestServer) -> None:
    base = str(app_server.make_url(""))
    resp = await get(client, base, "/chunked")
    assert resp.body == b'{"parts": ["a", "b"]}' and resp.content_type == "application/json"
    assert (await get(client, base, "/gzip")).body == b'{"zipped": true}'


async def test_an_answer_larger_than_the_limit_is_refused(client: HttpClient,
                                                          app_server: TestServer) -> None:
    base = str(app_server.make_url(""))
    with pytest.raises(TooLarge):
        await get(client, base, "/big", max_bytes=MB)
    assert client.connections() == 0  # the rest of that answer is never read as the next one
    assert (await get(client, base, "/echo")).status == 200


async def test_a_compressed_answer_that_inflates_past_the_limit_is_refused(
        client: HttpClient) -> None:
    bomb = zlib.compress(b"0" * (4 * MB))
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: "
        + str(len(bomb)).encode() + b"\r\n\r\n" + bomb))
    async with server:
        with pytest.raises(TooLarge):
            await get(client, base, max_bytes=MB)


async def test_headers_without_end_are_refused(client: HttpClient) -> None:
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 200 OK\r\n" + b"X-Filler: " + b"y" * (80 * 1024) + b"\r\n"))
    async with server:
        with pytest.raises(TooLarge):
            await get(client, base)


async def test_an_answer_delimited_by_the_close_is_read_whole(client: HttpClient) -> None:
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nall of it"))
    async with server:
        resp = await get(client, base)
    assert resp.body == b"all of it" and resp.content_type == "text/plain"
    assert client.connections() == 0


async def test_an_interim_answer_is_skipped(client: HttpClient) -> None:
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
        b"HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"))
    async with server:
        resp = await get(client, base)
    assert resp.status == 201 and resp.body == b"ok"


@pytest.mark.parametrize("raw", [
    b"",  # closed without a word
    b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",  # cut off
    b"SSH-2.0-OpenSSH_9.2\r\n\r\n",  # not HTTP
    b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
])
async def test_a_broken_answer_after_the_request_is_broken(client: HttpClient,
                                                           raw: bytes) -> None:
    server, base, received = await scripted(answer(raw))
    async with server:
        with pytest.raises(Broken):
            await get(client, base, method="POST", body=b"{}")
    assert received and received[0].startswith(b"POST / HTTP/1.1\r\n")  # it was sent
    assert client.connections() == 0


async def test_nothing_listening_is_not_sent(client: HttpClient) -> None:
    server, base, _ = await scripted(answer(b""))
    server.close()
    await server.wait_closed()
    with pytest.raises(NotSent):
        await get(client, base)


async def test_no_answer_in_time_is_a_timeout_and_the_connection_is_dropped(
        client: HttpClient) -> None:
    async def never(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # until the client goes away

    server, base, received = await scripted(never)
    async with server:
        with pytest.raises(TimeoutError):
            await get(client, base, timeout_s=0.2)
        assert received  # it was sent: the outcome is unknown, not "not sent"
        assert client.connections() == 0


async def test_waiting_for_a_free_connection_past_the_deadline_is_not_sent() -> None:
    release = asyncio.Event()

    async def held(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await release.wait()
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()

    server, base, received = await scripted(held)
    c = HttpClient(limit=1, connect_s=1.0)
    async with server:
        first = asyncio.create_task(get(c, base, timeout_s=5.0))
        await received.arrived.wait()
        with pytest.raises(NotSent):
            await get(c, base, timeout_s=0.2)
        release.set()
        assert (await first).status == 200
        assert len(received) == 1  # the second request never went out
        await c.close()


async def test_a_cancelled_request_closes_its_connection(client: HttpClient) -> None:
    async def never(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()

    server, base, received = await scripted(never)
    async with server:
        task = asyncio.create_task(get(client, base))
        await received.arrived.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert client.connections() == 0


async def test_a_connection_the_server_closed_while_idle_is_not_reused(
        client: HttpClient) -> None:
    server, base, received = await scripted(answer(
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))  # keep-alive, then closes
    async with server:
        assert (await get(client, base)).body == b"ok"
        assert await all_closed(client)
        assert (await get(client, base)).body == b"ok"
    assert len(received) == 2


async def test_a_second_answer_to_one_request_closes_the_connection(client: HttpClient) -> None:
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nmore"))
    async with server:
        assert (await get(client, base)).body == b"ok"
        assert await all_closed(client)


@pytest.mark.parametrize("headers", [
    [("X-Evil", "a\r\nX-Injected: 1")], [("X-Evil", "a\nb")], [("X-Evil", "é")]])
async def test_a_line_break_in_a_header_is_never_sent(client: HttpClient,
                                                      headers: list[tuple[str, str]]) -> None:
    server, base, received = await scripted(answer(b"HTTP/1.1 200 OK\r\n\r\n"))
    async with server:
        with pytest.raises(NotSent):
            await get(client, base, headers=headers)
    assert received == []


@pytest.mark.parametrize(("url", "host", "port", "prefix", "head"), [
    ("http://127.0.0.1:8081", "127.0.0.1", 8081, "", b"Host: 127.0.0.1:8081\r\n"),
    ("https://api.example/v2/", "api.example", 443, "/v2", b"Host: api.example\r\n"),
    ("http://[::1]:9/x", "::1", 9, "/x", b"Host: [::1]:9\r\n"),
    ("http://u:p%40ss@h", "h", 80, "", b"Host: h\r\nAuthorization: Basic dTpwQHNz\r\n"),
])
def test_origins(url: str, host: str, port: int, prefix: str, head: bytes) -> None:
    o = Origin.of(url)
    assert (o.host, o.port, o.prefix, o.head) == (host, port, prefix, head)
    assert o.tls == url.startswith("https")


# Found by an independent review of the client: each of these failed before its fix.

async def test_an_answer_over_the_limit_is_not_replaced_by_the_next_one(
        client: HttpClient) -> None:
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n" + b"x" * 50
        + b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
    async with server:
        with pytest.raises(TooLarge):
            await get(client, base, max_bytes=10)
    assert client.connections() == 0


async def test_an_answer_cut_by_a_reset_is_broken_not_complete(client: HttpClient) -> None:
    import socket
    import struct

    async def reset(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{\"items\": [1, 2")
        await writer.drain()
        await asyncio.sleep(0.1)
        writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                                   struct.pack("ii", 1, 0))
        writer.transport.abort()  # a reset, not the clean end that delimits such an answer

    server, base, _ = await scripted(reset)
    async with server:
        with pytest.raises(Broken):
            await get(client, base)


@pytest.mark.parametrize("body", [
    gzip.compress(b'{"status": "ok", "items": [1, 2, 3]}')[:-12],  # cut off
    gzip.compress(b'{"a": 1, ') + gzip.compress(b'"b": 2}'),  # two streams
])
async def test_a_gzip_answer_that_is_not_one_whole_stream_is_broken(client: HttpClient,
                                                                    body: bytes) -> None:
    server, base, _ = await scripted(answer(
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: "
        + str(len(body)).encode() + b"\r\n\r\n" + body))
    async with server:
        with pytest.raises(Broken):
            await get(client, base)


async def test_trailers_are_bounded_and_change_nothing(client: HttpClient) -> None:
    async def trailers(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: "
                     b"chunked\r\n\r\n2\r\nok\r\n0\r\nContent-Type: application/json\r\n"
                     b"X-T: " + (b"t" * 200) + b"\r\n\r\n")
        await writer.drain()
        await asyncio.sleep(0.05)

    server, base, _ = await scripted(trailers)
    async with server:
        resp = await get(client, base)
    assert resp.body == b"ok" and resp.content_type == "text/plain"

    async def endless(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T: ")
        for _ in range(64):  # a trailer value of 4 MiB, far past what the limit lets in
            writer.write(b"t" * 65536)
            await writer.drain()

    server, base, _ = await scripted(endless)
    async with server:
        with pytest.raises(TooLarge):
            await get(client, base, max_bytes=1000)


async def test_headers_over_the_limit_are_refused_when_they_end_in_a_large_read(
        client: HttpClient) -> None:
    async def two_reads(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nX-A: " + b"a" * 60_000 + b"\r\n")
        await writer.drain()
        await asyncio.sleep(0.1)
        writer.write(b"X-B: " + b"b" * 60_000 + b"\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()
        await asyncio.sleep(0.05)

    server, base, _ = await scripted(two_reads)
    async with server:
        with pytest.raises(TooLarge):
            await get(client, base)


async def test_a_write_is_not_sent_into_a_connection_the_upstream_just_closed(
        client: HttpClient) -> None:
    async def close_at_once(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")  # keep-alive framing
        await writer.drain()  # and the close right behind it

    server, base, received = await scripted(close_at_once)
    async with server:
        for _ in range(2):  # the second at once, before the close could have been seen
            resp = await get(client, base, method="POST", body=b"{}")
            assert resp.body == b"ok"
    assert len(received) == 2  # both reached the upstream: none failed as "outcome unknown"


def answer_once() -> Script:
    """Answers the first request on a connection (keep-alive), then never answers again."""
    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()
        await reader.read()  # the next request is read and never answered
    return script


async def test_a_kept_connection_that_does_not_answer_times_out_and_is_dropped(
        client: HttpClient) -> None:
    """The second request on a kept connection takes the path without asyncio.timeout."""
    server, base, _ = await scripted(answer_once())
    async with server:
        assert (await get(client, base)).body == b"ok"
        assert client.connections() == 1
        with pytest.raises(TimeoutError):
            await get(client, base, timeout_s=0.05)
        assert client.connections() == 0
        assert client._slots.free == 4  # the slot came back


async def test_a_cancelled_request_on_a_kept_connection_closes_it(client: HttpClient) -> None:
    server, base, _ = await scripted(answer_once())
    async with server:
        assert (await get(client, base)).body == b"ok"
        task = asyncio.create_task(get(client, base, timeout_s=30.0))
        for _ in range(100):  # until the request is on its way (the kept connection is taken)
            await asyncio.sleep(0)
            if not client._idle.get(next(iter(client._idle))):
                break
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert client.connections() == 0
        assert client._slots.free == 4


async def test_kept_connections_answer_in_a_row(client: HttpClient, app_server: TestServer
                                                ) -> None:
    base = str(app_server.make_url(""))
    for i in range(5):
        assert (await get(client, base, f"/echo/{i}")).status == 200
    assert client.connections() == 1


def close_at_the_second(seen: list[bytes], then: Callable[[], None] = lambda: None) -> Script:
    """Answers a connection's first request (keep-alive), then closes it without a byte of
    answer once the next request has arrived: an upstream that closed an idle connection as
    the request went out. ``then`` runs before that close."""
    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()
        seen.append(await reader.readuntil(b"\r\n\r\n"))
        then()
    return script


@pytest.mark.parametrize("method", ["GET", "POST"])  # (a kept GET takes a path of its own)
async def test_a_read_into_a_kept_connection_closed_unanswered_goes_once_more(
        client: HttpClient, method: str) -> None:
    seen: list[bytes] = []
    server, base, received = await scripted(close_at_the_second(seen))
    async with server:
        assert (await get(client, base, method=method)).body == b"ok"
        resp = await client.request(base, method, "/", [], None, 2.0, MB, retry_stale=True)
        assert resp.body == b"ok"
    assert len(seen) == 1 and len(received) == 2  # sent into the old one, answered on a new one


async def test_without_retry_a_kept_connection_closed_unanswered_is_broken(
        client: HttpClient) -> None:
    """A write (or anything not marked safe to send again) is never sent twice."""
    seen: list[bytes] = []
    server, base, received = await scripted(close_at_the_second(seen))
    async with server:
        assert (await get(client, base, method="POST", body=b"{}")).body == b"ok"
        with pytest.raises(Broken):
            await get(client, base, method="POST", body=b"{}")
    assert len(seen) == 1 and len(received) == 1


async def test_a_kept_connection_closed_after_part_of_an_answer_is_not_retried(
        client: HttpClient) -> None:
    """Bytes of an answer came: the upstream read the request; it is not sent again."""
    async def part(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Len")
        await writer.drain()

    server, base, received = await scripted(part)
    async with server:
        assert (await get(client, base)).body == b"ok"
        with pytest.raises(Broken):
            await client.request(base, "GET", "/", [], None, 2.0, MB, retry_stale=True)
    assert len(received) == 1


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_retry_that_cannot_connect_is_the_first_attempts_error(
        client: HttpClient, method: str) -> None:
    """The request left once: "not sent" would be untrue, so the first attempt's "broken"
    stands."""
    seen: list[bytes] = []
    stop: list[asyncio.Server] = []
    server, base, _ = await scripted(close_at_the_second(seen, lambda: stop[0].close()))
    stop.append(server)
    async with server:
        assert (await get(client, base, method=method)).body == b"ok"
        with pytest.raises(Broken):
            await client.request(base, method, "/", [], None, 2.0, MB, retry_stale=True)
    assert len(seen) == 1
    assert client.connections() == 0 and client._slots.free == 4


async def test_slots_are_handed_on_in_order_and_a_cancelled_waiter_takes_none() -> None:
    slots = _Slots(1)
    order: list[str] = []

    async def user(name: str, hold: asyncio.Event) -> None:
        async with slots:
            order.append(name)
            await hold.wait()

    go = asyncio.Event()
    first = asyncio.create_task(user("first", go))
    await asyncio.sleep(0)
    assert slots.free == 0 and not slots.vacant()
    second = asyncio.create_task(user("second", go))
    third = asyncio.create_task(user("third", go))
    await asyncio.sleep(0)
    second.cancel()  # cancelled while waiting: leaves the queue
    with pytest.raises(asyncio.CancelledError):
        await second
    go.set()
    await asyncio.gather(first, third)
    assert order == ["first", "third"]
    assert slots.free == 1 and slots.vacant()


async def test_a_slot_handed_to_a_waiter_cancelled_before_it_runs_goes_to_the_next() -> None:
    slots = _Slots(1)
    await slots.__aenter__()
    taken: list[str] = []

    async def wait(name: str) -> None:
        async with slots:
            taken.append(name)

    second, third = asyncio.create_task(wait("second")), asyncio.create_task(wait("third"))
    await asyncio.sleep(0)
    slots.give()  # to second, which is cancelled before it runs
    second.cancel()
    with pytest.raises(asyncio.CancelledError):
        await second
    for _ in range(100):  # loop turns, not time: a slot never passed on fails here, not hangs
        if third.done():
            break
        await asyncio.sleep(0)
    assert taken == ["third"] and slots.free == 1


@pytest.mark.parametrize("seed", range(10))
async def test_slots_under_random_cancellations_never_pass_the_limit(seed: int) -> None:
    rnd = random.Random(seed)
    slots = _Slots(2)
    inside = 0
    done: list[int] = []

    async def user(n: int, turns: int) -> None:
        nonlocal inside
        async with slots:
            inside += 1
            assert inside <= 2
            try:
                for _ in range(turns):
                    await asyncio.sleep(0)
            finally:
                inside -= 1
        done.append(n)

    tasks = [asyncio.create_task(user(n, rnd.randrange(3))) for n in range(40)]
    cancelled = await cancel_at_random(tasks, rnd, 30)
    await settle(tasks)
    await asyncio.gather(*tasks, return_exceptions=True)
    assert all(n in done for n in range(40) if n not in cancelled)
    assert slots.free == 2 and slots.vacant()
