"""Readiness means it: false for a store that cannot write, a broken policy file on disk, an
unreachable upstream; true again when each recovers. Liveness stays true throughout."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.app import reload_policies
from proxy.store.sqlite import SqliteStore

from .conftest import ROOT, ProxyFactory


async def ready(client: Any) -> tuple[int, list[str]]:
    resp = await client.get("/readyz")
    return resp.status, (await resp.json())["causes"]


async def test_each_cause_and_its_recovery(upstream: TestServer, make_proxy: ProxyFactory,
                                           tmp_path: Path, aiohttp_server: Any) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(ROOT / "policies" / "retail", pack)
    text = (pack / "policy.yaml").read_text()
    (pack / "policy.yaml").write_text(text.replace("../../schemas", str(ROOT / "schemas")))
    client, rt = await make_proxy(str(upstream.make_url("")),
                                  policy={"dirs": [str(pack)], "reload_s": 0})
    now = [1000.0]
    rt.clock = lambda: now[0]
    assert await ready(client) == (200, [])

    # a broken edit on disk: the running set stays, readiness says so
    (pack / "policy.yaml").write_text("rules: [oops")
    assert not await reload_policies(rt)
    status, causes = await ready(client)
    assert status == 503 and causes[0].startswith("policy:")
    (pack / "policy.yaml").write_text(text.replace("../../schemas", str(ROOT / "schemas")))
    await reload_policies(rt)
    assert (await ready(client))[0] == 200

    # the store cannot write (a trigger stands in for the disk)
    store = rt.store
    assert isinstance(store, SqliteStore)
    store.writable = False
    store.db.execute("CREATE TRIGGER probe_fails BEFORE INSERT ON probe BEGIN "
                     "SELECT RAISE(ABORT, 'disk I/O error'); END")
    status, causes = await ready(client)
    assert status == 503 and causes == ["store: cannot write"]
    store.db.execute("DROP TRIGGER probe_fails")
    assert (await ready(client))[0] == 200
    assert (await client.get("/healthz")).status == 200


async def test_an_unreachable_upstream_is_not_ready(make_proxy: ProxyFactory,
                                                    aiohttp_server: Any) -> None:
    server = await aiohttp_server(web.Application())
    port = server.port
    client, rt = await make_proxy(str(server.make_url("")))
    now = [1000.0]
    rt.clock = lambda: now[0]
    assert (await ready(client))[0] == 200
    await server.close()
    assert (await ready(client))[0] == 200  # cached for a few seconds: cheap to poll
    now[0] += 10
    status, causes = await ready(client)
    assert status == 503 and causes == [f"upstream retail: 127.0.0.1:{port} not reachable "
                                        "(ConnectionRefusedError)"]
    assert (await client.get("/healthz")).status == 200
