"""The lean front on a real socket: what it answers itself, what it hands to aiohttp's server
on the same connection, and the order, framing and headers of its answers."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.front import FrontSite
from proxy.listener import GuardedRunner

from .conftest import listening


async def front_on(tmp_path: Path, base_url: str, **listen: Any
                   ) -> tuple[GuardedRunner, FrontSite, int]:
    runner, site, port = await listening(tmp_path, base_url, **listen)
    assert isinstance(site, FrontSite)
    return runner, site, port


async def session_on(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, str]:
    """A connection to the proxy, and a session started on it."""
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(post("/v1/sessions", {"tags": {"domain": "retail"}}))
    status, _, body = await answer(r)
    assert status == 201
    return r, w, body["session_id"]


def post(path: str, body: Any, *extra: str) -> bytes:
    data = orjson.dumps(body)
    head = "".join(f"{h}\r\n" for h in extra)
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{head}"
            f"Content-Length: {len(data)}\r\n\r\n").encode() + data


async def answer(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], Any]:
    """One HTTP answer from the stream: status, headers (lower-case names), JSON body."""
    async with asyncio.timeout(10):
        status_line = await reader.readuntil(b"\r\n")
        headers: dict[str, str] = {}
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        body = await reader.readexactly(int(headers["content-length"]))
    return int(status_line.split()[1]), headers, orjson.loads(body) if body else None


async def test_one_connection_from_start_to_end_through_both_faces(
        tmp_path: Path, upstream: TestServer) -> None:
    runner, site, port = await front_on(tmp_path, str(upstream.make_url("")))
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(post("/v1/sessions", {"tags": {"domain": "retail"}}))
    status, headers, body = await answer(r)
    assert status == 201 and headers["server"] == "callgate"
    assert headers["content-type"].startswith("application/json") and "date" in headers
    sid = body["session_id"]
    assert len(site.front.connections) == 1  # answered by the front

    w.write(post(f"/v1/sessions/{sid}/calls", {"tool": "think", "arguments": {"thought": "x"}}))
    status, _, body = await answer(r)
    assert status == 200 and body["outcome"] == "executed"

    # a route the front leaves to aiohttp: the connection is handed over, and stays served
    w.write(f"GET /v1/sessions/{sid} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    status, _, body = await answer(r)
    assert status == 200 and len(body["calls"]) == 1
    assert len(site.front.connections) == 0 and len(runner.server.connections) == 1
    w.write(post(f"/v1/sessions/{sid}/calls", {"tool": "think", "arguments": {"thought": "y"}}))
    status, _, body = await answer(r)
    assert status == 200 and body["outcome"] == "executed"
    w.write(post(f"/v1/sessions/{sid}/end", {"success": True}))
    assert (await answer(r))[0] == 200
    w.close()
    await runner.cleanup()


async def test_pipelined_requests_are_answered_in_order(tmp_path: Path,
                                                        upstream: TestServer) -> None:
    runner, site, port = await front_on(tmp_path, str(upstream.make_url("")))
    r, w, sid = await session_on(port)
    w.write(b"".join(post(f"/v1/sessions/{sid}/messages", {"role": "user", "content": f"m{i}"})
                     for i in range(5)))
    seqs = [(await answer(r))[2]["seq"] for _ in range(5)]
    assert seqs == sorted(seqs) and len(set(seqs)) == 5
    assert len(site.front.connections) == 1  # all five answered by the front
    w.close()
    await runner.cleanup()


async def test_a_body_still_arriving_goes_to_aiohttp_whole(tmp_path: Path,
                                                           upstream: TestServer) -> None:
    runner, site, port = await front_on(tmp_path, str(upstream.make_url("")))
    r, w, sid = await session_on(port)
    request = post(f"/v1/sessions/{sid}/messages", {"role": "user", "content": "hello"})
    split = request.index(b"\r\n\r\n") + 6
    w.write(request[:split])  # the head and the body's first bytes
    await w.drain()
    await asyncio.sleep(0.05)
    w.write(request[split:])
    status, _, body = await answer(r)
    assert status == 201 and body["session_id"] == sid
    assert len(site.front.connections) == 0  # aiohttp read the rest of it
    w.close()
    await runner.cleanup()


async def test_what_the_front_does_not_take_aiohttp_answers(tmp_path: Path,
                                                            upstream: TestServer) -> None:
    runner, _, port = await front_on(tmp_path, str(upstream.make_url("")))
    for raw, expected in (
        (b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
         b"Content-Length: 3\r\n\r\n{}", 400),  # two lengths: refused, never guessed
        (b"NOT HTTP AT ALL\r\n\r\n", 400),
        (b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
         b"2\r\n{}\r\n0\r\n\r\n", 201),  # chunked: aiohttp reads it
        (b"POST /v1/sessions/s_%31/calls HTTP/1.1\r\nHost: x\r\nContent-Length: 17\r\n\r\n"
         b'{"tool": "think"}', 404),  # an escape in the path: aiohttp's router decides
    ):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(raw)
        async with asyncio.timeout(10):
            status_line = await r.readuntil(b"\r\n")
        assert int(status_line.split()[1]) == expected, (raw, status_line)
        w.close()
    await runner.cleanup()


async def test_connection_close_and_http_1_0_are_honoured(tmp_path: Path,
                                                          upstream: TestServer) -> None:
    runner, _, port = await front_on(tmp_path, str(upstream.make_url("")))
    for version, extra in (("1.1", ("Connection: close",)), ("1.0", ())):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(post("/v1/sessions", {"tags": {"domain": "retail"}}, *extra)
                .replace(b"HTTP/1.1", f"HTTP/{version}".encode(), 1))
        status, headers, _ = await answer(r)
        assert status == 201 and headers["connection"] == "close"
        async with asyncio.timeout(10):
            assert await r.read() == b""  # and the front closed it
        w.close()
    await runner.cleanup()


async def test_the_rate_limit_answers_429_with_retry_after(tmp_path: Path,
                                                           upstream: TestServer) -> None:
    runner, _, port = await front_on(tmp_path, str(upstream.make_url("")), rate_per_s=0.001,
                                     burst=1)
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(post("/v1/sessions", {}) + post("/v1/sessions", {}))
    assert (await answer(r))[0] == 201
    status, headers, body = await answer(r)
    assert status == 429 and int(headers["retry-after"]) >= 1
    assert body["errors"][0]["code"] == "rate_limited"
    w.close()
    await runner.cleanup()


async def test_stopping_lets_a_call_in_flight_finish(tmp_path: Path, aiohttp_server: Any
                                                      ) -> None:
    reached = asyncio.Event()

    async def slow(request: web.Request) -> web.Response:
        reached.set()
        await asyncio.sleep(0.3)
        return web.json_response({"ok": True})

    app = web.Application()
    app.router.add_get("/{tail:.*}", slow)
    slow_upstream = await aiohttp_server(app)
    runner, _, port = await front_on(tmp_path, str(slow_upstream.make_url("")))
    r, w, sid = await session_on(port)
    w.write(post(f"/v1/sessions/{sid}/calls", {"tool": "get_order_details",
                                               "arguments": {"order_id": "#W1"}}))
    await reached.wait()  # the call is at the upstream
    stopping = asyncio.create_task(runner.cleanup())
    status, headers, body = await answer(r)
    assert status == 200 and body["outcome"] == "executed"
    assert headers["connection"] == "close"  # no next request on a front that is stopping
    await stopping
    w.close()


# Found by an independent review of the front: each failed before its fix.

async def test_connect_and_upgrade_heads_are_answered_by_aiohttp(tmp_path: Path,
                                                                 upstream: TestServer) -> None:
    runner, _, port = await front_on(tmp_path, str(upstream.make_url("")))
    for raw, expected in (
        (b"CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n", 404),
        (b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\n"
         b"Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\nContent-Length: 2\r\n"
         b"\r\n{}", 201),
    ):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(raw)
        async with asyncio.timeout(10):
            assert int((await r.readuntil(b"\r\n")).split()[1]) == expected
        w.close()
    await runner.cleanup()


async def test_a_client_that_sends_ahead_and_never_reads_is_held_to_a_bound(
        tmp_path: Path, upstream: TestServer) -> None:
    runner, site, port = await front_on(tmp_path, str(upstream.make_url("")))
    _, w, sid = await session_on(port)
    one = post(f"/v1/sessions/{sid}/messages", {"role": "user", "content": "x"})
    batch = one * (65536 // len(one))
    sent = 0
    while sent < 64 * 1024 * 1024:  # stops once the proxy stops reading (64 MiB at most)
        w.write(batch)
        try:
            await asyncio.wait_for(w.drain(), 1.0)
        except TimeoutError:
            break
        sent += len(batch)
    assert sent < 64 * 1024 * 1024
    (conn,) = site.front.connections
    bound = 16 * 1024 + 65536 + 256 * 1024  # the head limit, the body limit, one read
    assert len(conn.buffer) <= bound
    assert conn.transport is not None and conn.transport.get_write_buffer_size() <= 1 << 20
    w.transport.abort()
    await runner.cleanup()


async def test_a_stopping_front_takes_no_new_request(tmp_path: Path,
                                                     upstream: TestServer) -> None:
    runner, site, port = await front_on(tmp_path, str(upstream.make_url("")))
    r, w, sid = await session_on(port)
    site.front.closing = True  # as stop() sets it before waiting for calls in flight
    w.write(post(f"/v1/sessions/{sid}/messages", {"role": "user", "content": "late"}))
    async with asyncio.timeout(10):
        assert await r.read() == b""  # closed, nothing started
    assert not site.front.answering
    w.close()
    site.front.closing = False
    await runner.cleanup()


async def test_http_1_0_keep_alive_is_answered_as_kept_alive(tmp_path: Path,
                                                             upstream: TestServer) -> None:
    runner, _, port = await front_on(tmp_path, str(upstream.make_url("")))
    r, w = await asyncio.open_connection("127.0.0.1", port)
    request = post("/v1/sessions", {}, "Connection: keep-alive").replace(b"HTTP/1.1",
                                                                          b"HTTP/1.0", 1)
    for _ in range(2):
        w.write(request)
        status, headers, _ = await answer(r)
        assert status == 201 and headers["connection"] == "keep-alive"
    w.close()
    await runner.cleanup()


async def test_a_bearer_token_that_is_not_ascii_is_unknown_on_both_faces(
        tmp_path: Path, upstream: TestServer) -> None:
    for front in (True, False):
        runner, _, port = await listening(tmp_path / str(front), str(upstream.make_url("")),
                                          front=front)
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(post("/v1/sessions", {}).replace(
            b"Host: x\r\n", b"Host: x\r\nAuthorization: Bearer cgk_\xc3\x28\xff\r\n"))
        assert (await answer(r))[0] == 401, front  # was 500 on aiohttp's face
        w.close()
        await runner.cleanup()


class _Timer:
    def __init__(self, when: float, callback: Any) -> None:
        self.when, self.callback, self.cancelled = when, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class _DrivenLoop:
    """The loop's clock and timers, driven by the test (the connection's other loop use is
    not reached here)."""

    def __init__(self) -> None:
        self.now, self.timers, self.made = 0.0, [], 0

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Any) -> _Timer:
        return self.call_at(self.now + delay, callback)

    def call_at(self, when: float, callback: Any) -> _Timer:
        timer = _Timer(when, callback)
        self.timers.append(timer)
        self.made += 1
        return timer

    def advance(self, seconds: float) -> None:
        self.now += seconds
        while due := [t for t in self.timers if not t.cancelled and t.when <= self.now]:
            for timer in due:
                self.timers.remove(timer)
                timer.callback()


class _Transport:
    def __init__(self) -> None:
        self.closed = False

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else None

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed


async def test_the_idle_timer_counts_from_the_last_answer_and_never_while_answering(
        tmp_path: Path, upstream: TestServer) -> None:
    from proxy.front import _Connection

    runner, site, _ = await front_on(tmp_path, str(upstream.make_url("")), idle_timeout_s=10)
    conn = _Connection(site.front)
    loop = conn.loop = _DrivenLoop()  # type: ignore[assignment]
    transport = _Transport()
    conn.connection_made(transport)  # type: ignore[arg-type]
    loop.advance(9.9)
    assert not transport.closed
    for _ in range(100):  # 50 s of requests: a timer made per 10 s at most, not per request
        conn._disarm()
        loop.advance(0.5)
        conn._arm()
    assert loop.made <= 1 + 50 // 10 and not transport.closed
    conn._disarm()
    loop.advance(60)  # a slow answer is not idleness
    assert not transport.closed
    conn._arm()
    loop.advance(9.9)
    assert not transport.closed and conn in site.front.connections
    loop.advance(0.2)
    assert transport.closed and conn not in site.front.connections
    await runner.cleanup()


async def test_the_agents_traceparent_reaches_the_record_through_the_front(
        tmp_path: Path, upstream: TestServer) -> None:
    runner, _, port = await front_on(tmp_path, str(upstream.make_url("")))
    r, w, sid = await session_on(port)
    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    w.write(post(f"/v1/sessions/{sid}/calls", {"tool": "think", "arguments": {"thought": "x"}},
                 "X-Other: 1", f"Traceparent: 00-{trace_id}-00f067aa0ba902b7-01"))
    assert (await answer(r))[0] == 200
    lines = (tmp_path / "traces.jsonl").read_bytes().splitlines()
    assert [orjson.loads(x) for x in lines][-1]["trace_id"] == trace_id
    w.close()
    await runner.cleanup()
