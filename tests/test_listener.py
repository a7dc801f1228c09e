"""The listener's limits: a cap on open connections, idle and slow connections closed, agent
request rates with 429 and Retry-After, secrets that must exist."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from proxy.app import build_runtime
from proxy.errors import ConfigError
from proxy.listener import GuardedRunner, RateLimiter

from .conftest import ProxyFactory, listening, make_config


@pytest.fixture(params=[True, False], ids=["front", "aiohttp"])
def front(request: pytest.FixtureRequest) -> bool:
    """Each limit holds on both faces of the listener: the lean front and aiohttp alone."""
    return bool(request.param)


async def serving(tmp_path: Path, upstream: TestServer, front: bool, **listen: Any
                  ) -> tuple[GuardedRunner, int]:
    runner, _, port = await listening(tmp_path, str(upstream.make_url("")), front=front,
                                      **listen)
    return runner, port


async def closed(reader: asyncio.StreamReader, within: float = 10.0) -> bool:
    """Whether the server closes the connection (bounded: a wait for an event, not a sleep)."""
    try:
        async with asyncio.timeout(within):
            return await reader.read(1024) == b"" or await reader.read(1024) == b""
    except TimeoutError:
        return False


async def test_connections_past_the_cap_are_closed_and_others_served(
    tmp_path: Path, upstream: TestServer, front: bool,
) -> None:
    runner, port = await serving(tmp_path, upstream, front, max_connections=5, idle_timeout_s=60)
    idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(8)]
    shut = [await closed(r, within=2.0) for r, _ in idle[5:]]
    assert shut == [True, True, True] and runner.refused >= 3
    for _, w in idle:
        w.close()
    await asyncio.gather(*(w.wait_closed() for _, w in idle), return_exceptions=True)
    # room again: a real client is served
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert (await reader.read()).startswith(b"HTTP/1.1 200")
    writer.close()
    await runner.cleanup()


async def test_silent_and_trickling_connections_are_cut(
    tmp_path: Path, upstream: TestServer, front: bool,
) -> None:
    runner, port = await serving(tmp_path, upstream, front, idle_timeout_s=0.3)
    silent_r, silent_w = await asyncio.open_connection("127.0.0.1", port)
    trickle_r, trickle_w = await asyncio.open_connection("127.0.0.1", port)

    async def trickle() -> None:
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200:
            if trickle_w.is_closing():
                return
            trickle_w.write(bytes([byte]))
            await asyncio.sleep(0.05)

    task = asyncio.create_task(trickle())
    assert await closed(silent_r) and await closed(trickle_r)
    task.cancel()
    silent_w.close()
    trickle_w.close()
    await runner.cleanup()


def test_token_buckets_on_a_driven_clock() -> None:
    now = [100.0]
    limiter = RateLimiter(2.0, 3, lambda: now[0])
    assert [limiter.take("k") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("k") == pytest.approx(0.5)
    assert limiter.take("other") == 0.0  # buckets are per key
    now[0] += 0.5
    assert limiter.take("k") == 0.0


async def test_an_agent_past_its_rate_gets_429_with_retry_after(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, rt = await make_proxy(str(upstream.make_url("")), listen={"rate_per_s": 1.0,
                                                                      "burst": 2})
    now = [0.0]
    rt.clock = lambda: now[0]
    statuses = [(await client.get("/v1/tools")).status for _ in range(3)]
    assert statuses == [200, 200, 429]
    resp = await client.get("/v1/tools")
    assert resp.status == 429 and resp.headers["Retry-After"] == "1"
    assert (await resp.json())["errors"][0]["code"] == "rate_limited"
    assert (await client.get("/healthz")).status == 200  # health is not rate limited
    now[0] += 1.0
    assert (await client.get("/v1/tools")).status == 200


def test_a_configured_secret_must_exist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CG_TEST_HOOK_SECRET", raising=False)
    config = make_config(tmp_path, "http://127.0.0.1:9", gate={
        "webhook_url": "http://127.0.0.1:9/hook", "webhook_secret_env": "CG_TEST_HOOK_SECRET"})
    with pytest.raises(ConfigError, match="CG_TEST_HOOK_SECRET, which is not set"):
        build_runtime(config)
    monkeypatch.setenv("CG_TEST_HOOK_SECRET", "  ")
    with pytest.raises(ConfigError, match="empty"):
        build_runtime(config)
    monkeypatch.setenv("CG_TEST_HOOK_SECRET", "s3cret")
    assert build_runtime(config).gate is not None


async def test_protocol_errors_name_no_library(tmp_path: Path, upstream: TestServer,
                                               front: bool) -> None:
    runner, port = await serving(tmp_path, upstream, front)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n")
    async with asyncio.timeout(10):
        answer = await reader.read(4096)
    assert answer.startswith(b"HTTP/1.") and b" 400 " in answer.split(b"\r\n", 1)[0]
    assert b"Server: callgate" in answer and b"aiohttp" not in answer.lower()
    writer.close()
    await runner.cleanup()
