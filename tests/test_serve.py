"""`callgate serve` as a process: it starts from a config file, and on SIGTERM it finishes the
calls in flight before it exits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestServer

from bench.ports import free_port

from .conftest import MODE, PG_DSN, ROOT, needs_postgres


def serve_command(tmp_path: Path, port: int, upstream_url: str, extra: str = "",
                  store: str | None = None) -> list[str]:
    """Write a config for a proxy on ``port`` in front of ``upstream_url``; the serve command."""
    config = tmp_path / "callgate.yaml"
    store = store or "{path: " + str(tmp_path / "c.db") + "}"
    config.write_text(
        f"listen: {{port: {port}}}\nstore: {store}\n"
        f"trace: {{path: {tmp_path / 't.jsonl'}}}\n"
        f"upstreams: {{retail: {{base_url: '{upstream_url}'}}}}\n"
        f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n" + extra)
    return [sys.executable, "-m", "proxy", "serve", "--config", str(config), "--log-level",
            "error"]


ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


async def wait_ready(url: str, within_s: float = 60.0) -> None:
    """Until ``url`` answers 200 (a loaded machine starts processes slowly)."""
    deadline = time.monotonic() + within_s
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < deadline:
            try:
                async with http.get(url) as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.05)
    raise AssertionError(f"{url} never became ready")


async def test_sigterm_finishes_in_flight_calls(
    tmp_path: Path, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    fake_upstream_app[MODE].update(kind="slow", delay=1.0)
    port = free_port()
    cmd = serve_command(tmp_path, port, str(fake.make_url("")),
                        "timeouts: {upstream_total_s: 5, shutdown_s: 10}\n")
    proc = subprocess.Popen(cmd, env=ENV)  # noqa: S603 - our own CLI
    try:
        base = f"http://127.0.0.1:{port}"
        await wait_ready(base + "/readyz")
        async with aiohttp.ClientSession() as http:
            async with http.post(base + "/v1/sessions", json={}) as r:
                sid = (await r.json())["session_id"]

            async def slow_call() -> tuple[int, Any]:
                async with http.post(f"{base}/v1/sessions/{sid}/calls", json={
                        "tool": "get_order_details", "arguments": {"order_id": "#W1"}}) as r:
                    return r.status, await r.json()

            in_flight = asyncio.ensure_future(slow_call())
            await asyncio.sleep(0.3)  # the call is now waiting on the slow upstream
            proc.send_signal(signal.SIGTERM)
            status, body = await in_flight
        assert status == 200 and body["outcome"] == "executed"
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

async def test_logs_are_json_lines_with_one_per_request(
    tmp_path: Path, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    """At the default level: a JSON object per line on stderr, the access log's line per
    request naming the route (not the raw path: no session ids in logs)."""
    fake = await aiohttp_server(fake_upstream_app)
    port = free_port()
    cmd = serve_command(tmp_path, port, str(fake.make_url("")))[:-2]  # no --log-level
    log = tmp_path / "stderr.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(cmd, env=ENV, stderr=err)  # noqa: S603 - our own CLI
        try:
            base = f"http://127.0.0.1:{port}"
            await wait_ready(base + "/readyz")
            async with aiohttp.ClientSession() as http, \
                    http.post(base + "/v1/sessions", json={}) as r:
                sid = (await r.json())["session_id"]
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(15)
    lines = [json.loads(line) for line in log.read_bytes().splitlines()]
    created = [e for e in lines if e["event"] == "request" and e["method"] == "POST"]
    assert created and created[0]["route"] == "/v1/sessions" and created[0]["status"] == 201
    assert all({"event", "level", "timestamp"} <= e.keys() for e in lines)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", e["timestamp"])
               for e in lines)
    assert sid not in log.read_text()


async def test_serve_refuses_a_broken_config(tmp_path: Path) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text("listen: {port: 8080}\nupstreams: {}\ncatalogs: []\n")
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-m", "proxy", "serve", "--config", str(config)],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert f"{config}:3: catalogs" in done.stderr


async def test_nothing_answered_is_lost_to_kill_nine(
    tmp_path: Path, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    port = free_port()
    cmd = serve_command(tmp_path, port, str(fake.make_url("")))
    env = ENV
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(cmd, env=env)  # noqa: S603
    try:
        await wait_ready(base + "/readyz")
        async with aiohttp.ClientSession() as http:
            async with http.post(base + "/v1/sessions", json={"tags": {"scenario": "k"}}) as r:
                sid = (await r.json())["session_id"]
            async with http.post(f"{base}/v1/sessions/{sid}/messages",
                                 json={"role": "user", "content": "hello"}) as r:
                assert r.status == 201
            async with http.post(f"{base}/v1/sessions/{sid}/calls", json={
                    "tool": "cancel_pending_order",
                    "arguments": {"order_id": "#W1", "reason": "no longer needed"}}) as r:
                assert r.status == 200
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            proc = subprocess.Popen(cmd, env=env)  # noqa: S603
            await wait_ready(base + "/readyz")
            async with http.get(f"{base}/v1/sessions/{sid}") as r:
                state = await r.json()
        assert state["messages"] == 1
        assert [(c["tool"], c["outcome"]) for c in state["calls"]] == [
            ("cancel_pending_order", "executed")]
        lines = (tmp_path / "t.jsonl").read_bytes().splitlines()
        assert len(lines) == 3  # session_start, message, call: each written when it happened
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)


async def test_several_workers_need_postgres(tmp_path: Path) -> None:
    cmd = serve_command(tmp_path, free_port(), "http://127.0.0.1:9")
    done = subprocess.run([*cmd, "--workers", "2"], env=ENV, capture_output=True,  # noqa: S603
                          text=True, timeout=30)
    assert done.returncode == 2
    assert "--workers 2 needs the PostgreSQL store" in done.stderr
    assert not (tmp_path / "c.db").exists()


@contextlib.asynccontextmanager
async def two_workers(tmp_path: Path, upstream: TestServer, schema: str, **popen: Any
                      ) -> AsyncIterator[tuple[str, subprocess.Popen[str]]]:
    """`serve --workers 2` on PostgreSQL, ready; killed at the end if still running."""
    port = free_port()
    cmd = serve_command(tmp_path, port, str(upstream.make_url("")),
                        store=f"{{backend: postgres, dsn: '{PG_DSN}', schema: {schema}}}")
    proc = subprocess.Popen([*cmd, "--workers", "2"], env=ENV, text=True,  # noqa: S603
                            **popen)
    try:
        base = f"http://127.0.0.1:{port}"
        await wait_ready(base + "/readyz")
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@needs_postgres
async def test_two_workers_share_the_port_and_the_sessions(
    tmp_path: Path, aiohttp_server: Any, fake_upstream_app: web.Application, schema: str,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    async with two_workers(tmp_path, fake, schema) as (base, proc):
        def calls_traced() -> list[int]:  # by each worker, in its own trace file
            files = [tmp_path / f"t.w{i}.jsonl" for i in (1, 2)]
            return [f.read_bytes().count(b'"event":"call"') if f.exists() else 0 for f in files]

        # a new connection per request: the kernel spreads connections over the workers (once
        # both listen: the second may still be starting when the first answers readiness)
        sent = 0
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            async with http.post(base + "/v1/sessions", json={}) as r:
                sid = (await r.json())["session_id"]
            while sent < 30 or (min(calls_traced()) == 0 and sent < 500):
                async with http.post(f"{base}/v1/sessions/{sid}/calls", json={
                        "tool": "get_order_details", "arguments": {"order_id": "#W1"}}) as r:
                    assert r.status == 200, await r.text()
                sent += 1
            async with http.get(f"{base}/v1/sessions/{sid}") as r:
                assert len((await r.json())["calls"]) == sent  # one session, whoever served it
        calls = calls_traced()
        assert sum(calls) == sent and min(calls) > 0, calls
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0


@needs_postgres
async def test_a_dead_worker_stops_the_others_and_the_supervisor_says_so(
    tmp_path: Path, aiohttp_server: Any, fake_upstream_app: web.Application, schema: str,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    async with two_workers(tmp_path, fake, schema, stderr=subprocess.PIPE) as (_, proc):
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        assert len(children) == 2
        os.kill(int(children[0]), signal.SIGKILL)
        _, err = proc.communicate(timeout=15)
        assert proc.returncode == 128 + signal.SIGKILL  # for the service manager to restart
        assert "stopping the others" in err
        assert not Path(f"/proc/{children[1]}").exists() or \
            "Z" in Path(f"/proc/{children[1]}/stat").read_text().split()[2]


def test_the_demo_on_port_0_says_the_port_it_listens_on(tmp_path: Path) -> None:
    """`callgate demo --port 0` lets the system choose the proxy's port: what it prints (the
    proxy's address, the curl lines) is the port it listens on, not 0."""
    upstream = free_port(5)
    log = tmp_path / "demo.log"
    with log.open("wb") as out:
        demo = subprocess.Popen(  # noqa: S603 - our own command line
            [sys.executable, "-m", "proxy", "demo", "--port", "0", "--upstream-port",
             str(upstream)], cwd=tmp_path, env=ENV, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120  # a loaded machine starts slowly
        while not (said := re.search(r"proxy +http://127\.0\.0\.1:(\d+).*\n(?s:.*)"
                                     r"P=localhost:(\d+)/v1/sessions", log.read_text())):
            assert demo.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        port = int(said.group(1))
        assert port != 0 and int(said.group(2)) == port
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as resp:
            assert resp.status == 200
    finally:
        demo.terminate()
        demo.wait(timeout=30)
