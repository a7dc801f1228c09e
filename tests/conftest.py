"""Shared fixtures: a real demo upstream and a real proxy, both aiohttp apps on loopback."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from proxy.api.keys import RUNTIME
from proxy.app import build_app, build_runtime
from proxy.cli import listener_site
from proxy.config import Config
from proxy.demo.data import RetailDB, generate
from proxy.demo.retail import STATE, build_retail_app
from proxy.front import FrontSite
from proxy.listener import GuardedRunner
from proxy.pipeline import Runtime

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "tau"

MODE = web.AppKey("mode", dict)
# The key that seals operators' TOTP secrets (a fixed test key; processes the tests start
# inherit it). Tests of a missing key remove it themselves.
TEST_SECRETS_KEY = "dGVzdC1rZXktdGhhdC1pcy0zMi1ieXRlcy1sb25nISE="
os.environ.setdefault("CALLGATE_SECRETS_KEY", TEST_SECRETS_KEY)
# The PostgreSQL tests' own database, one per run (per process): advisory locks are keyed per
# database, not per schema, so two runs on one server (CI beside a developer's run) sharing a
# database waited on each other's session locks (the tests use fixed session names).
PG_DATABASE = f"callgate_test_{os.getpid()}_{secrets.token_hex(3)}"
PG_DSN = f"postgresql://postgres@127.0.0.1:5432/{PG_DATABASE}"


def _postgres_up() -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


# PostgreSQL tests run wherever the server is up, and always in CI (CI=true): there a missing
# server fails them instead of skipping them. On a laptop without it they skip with a reason.
needs_postgres = pytest.mark.skipif(
    not _postgres_up() and os.environ.get("CI") != "true",
    reason="no PostgreSQL on 127.0.0.1:5432 (CI runs these)")


def _on_server(statement: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect("postgresql://postgres@127.0.0.1:5432/postgres", timeout=5)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    asyncio.run(run())


@pytest.fixture(scope="session", autouse=True)
def pg_database() -> Iterator[None]:
    """Create the run's PostgreSQL database where the server is up (the tests that need it
    skip, or in CI fail, where it is not), and drop it when the run ends."""
    if not _postgres_up():
        yield
        return
    _on_server(f'CREATE DATABASE "{PG_DATABASE}"')
    try:
        yield
    finally:
        _on_server(f'DROP DATABASE IF EXISTS "{PG_DATABASE}" WITH (FORCE)')


@pytest.fixture
async def schema() -> AsyncIterator[str]:
    """A PostgreSQL schema of the test's own, dropped after it."""
    from proxy.store.postgres import PostgresStore

    name = "t_" + secrets.token_hex(6)
    yield name
    cleanup = PostgresStore(PG_DSN, name)
    await cleanup.open()
    async with cleanup.pool.acquire() as conn:
        await conn.execute(f'DROP SCHEMA "{name}" CASCADE')
    await cleanup.close()


needs_tau = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data/tau is not present")


def make_config(tmp_path: Path, base_url: str, sandbox_url: str | None = None,
                **overrides: Any) -> Config:
    raw: dict[str, Any] = {
        "store": {"path": str(tmp_path / "callgate.db")},
        "trace": {"path": str(tmp_path / "traces.jsonl")},
        "upstreams": {"retail": {"base_url": base_url, "sandbox_url": sandbox_url,
                                 "idempotent": True}},
        "catalogs": [str(ROOT / "schemas" / "retail" / "catalog.yaml")],
        "timeouts": {"upstream_total_s": 1.0, "upstream_connect_s": 0.5, "client_body_s": 1.0},
    }
    for key, value in overrides.items():
        raw[key] = {**raw.get(key, {}), **value} if isinstance(value, dict) else value
    return Config.model_validate(raw)


@pytest.fixture
def retail_db() -> RetailDB:
    return generate(seed=7)


@pytest.fixture
async def upstream(
    retail_db: RetailDB, aiohttp_server: Callable[..., Awaitable[TestServer]]
) -> TestServer:
    return await aiohttp_server(build_retail_app(retail_db))


def upstream_state(server: TestServer) -> dict[str, Any]:
    state: dict[str, Any] = server.app[STATE]
    return state


ProxyFactory = Callable[..., Awaitable[tuple[TestClient[Any, Any], Runtime]]]


async def listening(tmp_path: Path, base_url: str, **listen: Any
                    ) -> tuple[GuardedRunner, web.BaseSite, int]:
    """The proxy's listener as ``callgate serve`` starts it (the runner with the listener's
    limits, and its site: the lean front unless ``front: false``), on a free port."""
    config = make_config(tmp_path, base_url, listen=listen)
    runtime = build_runtime(config)
    runner = GuardedRunner(build_app(runtime), max_open=config.listen.max_connections,
                           keepalive_timeout=config.listen.idle_timeout_s, access_log=None)
    await runner.setup()
    site = listener_site(runner, runtime, "127.0.0.1", 0)
    await site.start()
    return runner, site, runner.addresses[0][1]


class FrontServer(TestServer):
    """The app served as ``callgate serve`` serves it: connections start at the lean front
    (proxy/front.py), which hands what it does not answer itself to aiohttp's server."""

    async def start_server(self, loop: asyncio.AbstractEventLoop | None = None,
                           **kwargs: Any) -> None:
        if self.runner:
            return
        self.runner = await self._make_runner(handler_cancellation=True, **kwargs)
        await self.runner.setup()
        site = FrontSite(self.runner, self.app[RUNTIME], "127.0.0.1", 0)
        await site.start()
        assert site._server is not None
        self.host, self.port = "127.0.0.1", site._server.sockets[0].getsockname()[1]
        self.scheme = "http"
        self._root = URL(f"http://127.0.0.1:{self.port}")


@pytest.fixture
def make_proxy(
    tmp_path: Path, aiohttp_client: Callable[..., Awaitable[TestClient[Any, Any]]]
) -> ProxyFactory:
    """A proxy on loopback, served as ``callgate serve`` serves it (through the lean front,
    unless the configuration turns it off: then by aiohttp alone)."""
    async def factory(base_url: str, **overrides: Any) -> tuple[TestClient[Any, Any], Runtime]:
        runtime = build_runtime(make_config(tmp_path, base_url, **overrides))
        app = build_app(runtime)
        server = FrontServer(app) if runtime.config.listen.front else TestServer(app)
        client = await aiohttp_client(server)
        return client, runtime

    return factory


@pytest.fixture
async def proxy(upstream: TestServer, make_proxy: ProxyFactory) -> TestClient[Any, Any]:
    client, _ = await make_proxy(str(upstream.make_url("")))
    return client


async def start_session(client: TestClient[Any, Any], **body: Any) -> str:
    resp = await client.post("/v1/sessions", json=body or {"tags": {"domain": "retail"}})
    assert resp.status == 201, await resp.text()
    session_id: str = (await resp.json())["session_id"]
    return session_id


async def call(client: TestClient[Any, Any], sid: str, tool: str, **args: Any
               ) -> tuple[int, Any]:
    """The agent calls ``tool`` in session ``sid``: (HTTP status, envelope)."""
    resp = await client.post(f"/v1/sessions/{sid}/calls", json={"tool": tool, "arguments": args})
    return resp.status, await resp.json()


def first_order(db: RetailDB, status: str) -> dict[str, Any]:
    return next(o for o in db.orders.values() if o["status"] == status)


@pytest.fixture
def fake_upstream_app() -> web.Application:
    """A misbehaving upstream whose behaviour a test sets: ok, slow, error, drop, drop_once
    (drop this request, then ok)."""
    mode = {"kind": "ok", "delay": 0.0, "hits": 0}
    app = web.Application()

    async def handler(request: web.Request) -> web.StreamResponse:
        mode["hits"] = int(mode["hits"]) + 1
        mode["last_body"] = await request.read()
        mode["last_headers"] = dict(request.headers)
        if mode["kind"] == "slow":
            await asyncio.sleep(float(mode["delay"]))
        if mode["kind"] == "error":
            return web.Response(status=500, text="database exploded")
        if mode["kind"] in ("drop", "drop_once"):
            if mode["kind"] == "drop_once":
                mode["kind"] = "ok"
            assert request.transport is not None
            request.transport.close()
            return web.Response()
        return web.json_response({"ok": True})

    app.router.add_route("*", "/{tail:.*}", handler)
    app[MODE] = mode
    return app


async def token_proxy(make_proxy: ProxyFactory, upstream: TestServer, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch) -> tuple[TestClient[Any, Any], Runtime]:
    """A proxy whose only rule asks a trusted front end (bearer token "s3cret") to confirm
    every write with a single-use confirmation id."""
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "policy.yaml").write_text(
        f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\nrules:\n"
        "  - id: confirm-by-token\n    kind: confirmation\n    mode: token\n"
        "    tools: {kind: write}\n    token_ttl_s: 60\n")
    monkeypatch.setenv("TEST_FRONTEND_TOKEN", "s3cret")
    return await make_proxy(str(upstream.make_url("")), policy={"dirs": [str(pack)]},
                            confirmations={"frontend_token_env": "TEST_FRONTEND_TOKEN"})


async def cancel_at_random(tasks: list[asyncio.Task[None]], rnd: random.Random, turns: int
                           ) -> set[int]:
    """Over ``turns`` loop turns, cancel some of ``tasks`` at random (waiting, holding, or just
    handed what they waited for): the indexes cancelled."""
    cancelled: set[int] = set()
    for _ in range(turns):
        await asyncio.sleep(0)
        for n in rnd.sample(range(len(tasks)), 3):
            if not tasks[n].done() and rnd.random() < 0.3:
                tasks[n].cancel()
                cancelled.add(n)
    return cancelled


async def settle(tasks: list[asyncio.Task[None]], turns: int = 2000) -> None:
    """Let ``tasks`` finish within ``turns`` loop turns, not time: one left waiting (a slot or
    key never passed on) fails the test instead of hanging it."""
    for _ in range(turns):
        if all(t.done() for t in tasks):
            break
        await asyncio.sleep(0)
    assert all(t.done() for t in tasks), "a task still waits: a slot or key was not passed on"


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port nothing listens on, held bound for the test: a connection to it is
    refused. (A port merely found free and let go may be handed out again meanwhile, even as a
    connection's own source port, which then connects to itself.)"""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    held.bind(("127.0.0.1", 0))
    try:
        yield held.getsockname()[1]
    finally:
        held.close()
