"""Once-only across sessions: twenty conversations cancel the same order at once; one
cancellation reaches the upstream, the others are refused before they are sent."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
from aiohttp import web

from .conftest import ROOT, ProxyFactory, call, start_session
from .test_policy_e2e import say

RETAIL = ROOT / "policies" / "retail"
ORDER = {"order_id": "#W1000001", "user_id": "ava_1", "status": "pending",
         "items": [{"item_id": "1000000001", "name": "Kettle", "price": 10.0}],
         "payment_history": [{"payment_method_id": "paypal_1", "amount": 10.0}]}


async def test_twenty_sessions_one_cancellation(aiohttp_server: Any, make_proxy: ProxyFactory,
                                                tmp_path: Path) -> None:
    release, arrived = asyncio.Event(), asyncio.Event()
    cancels: list[str | None] = []

    async def handle(request: web.Request) -> web.Response:
        if request.path == "/users/by-email":
            return web.json_response("ava_1")
        if request.method == "GET":
            return web.json_response(ORDER)
        cancels.append(request.headers.get("Idempotency-Key"))
        arrived.set()
        await release.wait()  # held in flight until the test lets it answer
        return web.json_response({**ORDER, "status": "cancelled"})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    server = await aiohttp_server(app)
    # (twenty connections opened at once on a loaded machine: the connect bound is generous,
    # this test is about one cancellation, not about timeouts)
    client, _ = await make_proxy(str(server.make_url("")), policy={"dirs": [str(RETAIL)]},
                                 timeouts={"upstream_total_s": 30.0, "upstream_connect_s": 30.0})

    async def conversation() -> int:
        sid = await start_session(client)
        assert (await call(client, sid, "find_user_id_by_email", email="a@example.com"))[0] == 200
        assert (await call(client, sid, "get_order_details", order_id="#W1000001"))[0] == 200
        await say(client, sid, "assistant", "Cancel order #W1000001 (no longer needed)?")
        await say(client, sid, "user", "yes")
        status, _ = await call(client, sid, "cancel_pending_order", order_id="#W1000001",
                               reason="no longer needed")
        return status

    tasks = [asyncio.create_task(conversation()) for _ in range(20)]
    async with asyncio.timeout(30):  # a bound, not a wait: the refusals come back at once
        await arrived.wait()
        while sum(t.done() for t in tasks) < 19:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED, timeout=5)
    assert len(cancels) == 1
    release.set()
    statuses = await asyncio.gather(*tasks)
    assert sorted(statuses) == [200] + [403] * 19
    assert len(cancels) == 1
    traced = [orjson.loads(line) for line in (tmp_path / "traces.jsonl").read_bytes().splitlines()]
    refused = [r for r in traced if r["event"] == "call" and r.get("error_code") ==
               "once_only_taken"]
    assert len(refused) == 19  # the rule that refused them is in the record, for reports
    assert all(r["verdict"] == "block" and r["rules"] == ["once-only"] for r in refused)
