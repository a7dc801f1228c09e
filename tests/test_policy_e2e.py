"""The policy in the proxy: decisions over HTTP, token confirmations, hot reload, traces."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from proxy.app import reload_policies
from proxy.demo.data import RetailDB
from proxy.trace import TraceRecord

from .conftest import (
    ROOT,
    ProxyFactory,
    call,
    first_order,
    start_session,
    token_proxy,
    upstream_state,
)

RETAIL = ROOT / "policies" / "retail"



async def say(client: TestClient[Any, Any], sid: str, role: str, content: str) -> None:
    resp = await client.post(f"/v1/sessions/{sid}/messages", json={"role": role, "content": content})
    assert resp.status == 201


async def authenticate(client: TestClient[Any, Any], sid: str, db: RetailDB, user_id: str) -> None:
    status, body = await call(client, sid, "find_user_id_by_email",
                              email=db.users[user_id]["email"])
    assert status == 200 and body["result"] == user_id
    status, _ = await call(client, sid, "get_user_details", user_id=user_id)
    assert status == 200


@pytest.fixture(params=["cached", "read back every call"])
async def guarded(upstream: TestServer, make_proxy: ProxyFactory, request: pytest.FixtureRequest
                  ) -> AsyncIterator[TestClient[Any, Any]]:
    # "read back every call": a memory budget of one byte drops each session from memory when
    # its call ends, so every decision is made on the state read back from the store
    store = {"cache_mb": 1e-6} if request.param != "cached" else {}
    client, rt = await make_proxy(str(upstream.make_url("")), policy={"dirs": [str(RETAIL)]},
                                  store=store)
    yield client
    if store:
        assert len(rt.sessions) == 0 and rt.sessions.evictions > 0


async def test_cancel_needs_auth_read_and_a_yes(
    guarded: TestClient[Any, Any], upstream: TestServer, retail_db: RetailDB, tmp_path: Path,
) -> None:
    order = first_order(retail_db, "pending")
    oid = order["order_id"]
    sid = await start_session(guarded)
    status, body = await call(guarded, sid, "get_order_details", order_id=oid)
    assert status == 403 and body["outcome"] == "blocked"
    assert body["violations"][0]["rule"] == "authenticate-first"
    assert "find_user_id_by_email" in body["message"]

    await authenticate(guarded, sid, retail_db, order["user_id"])
    status, body = await call(guarded, sid, "cancel_pending_order", order_id=oid,
                              reason="ordered by mistake")
    assert status == 403  # not read yet: blocked (read first), not merely unconfirmed
    assert "read-order-first" in [v["rule"] for v in body["violations"]]

    assert (await call(guarded, sid, "get_order_details", order_id=oid))[0] == 200
    status, body = await call(guarded, sid, "cancel_pending_order", order_id=oid,
                              reason="ordered by mistake")
    assert status == 428 and body["outcome"] == "needs_confirmation"
    assert "cancel pending order" in body["message"] and oid in body["message"]

    await say(guarded, sid, "assistant", f"I can cancel {oid}, reason: ordered by mistake. OK?")
    await say(guarded, sid, "user", "no, wait")
    assert (await call(guarded, sid, "cancel_pending_order", order_id=oid,
                       reason="ordered by mistake"))[0] == 428
    await say(guarded, sid, "assistant", f"Shall I cancel {oid} (ordered by mistake) now?")
    await say(guarded, sid, "user", "yes, go ahead")
    status, body = await call(guarded, sid, "cancel_pending_order", order_id=oid,
                              reason="ordered by mistake")
    assert status == 200, body
    assert [w["tool"] for w in upstream_state(upstream)["writes"]] == ["cancel_pending_order"]

    # The same yes does not cover a second cancel; the order is now cancelled anyway.
    status, body = await call(guarded, sid, "cancel_pending_order", order_id=oid,
                              reason="ordered by mistake")
    assert status == 403
    assert {"confirm-writes", "cancel-modify-only-pending"} <= {v["rule"] for v in
                                                               body["violations"]}
    assert len(upstream_state(upstream)["writes"]) == 1

    calls = [TraceRecord.model_validate_json(line) for line in
             (tmp_path / "traces.jsonl").read_bytes().splitlines()]
    decided = [r for r in calls if r.event == "call" and r.tool == "cancel_pending_order"]
    assert [r.verdict for r in decided] == ["block", "confirm", "confirm", "allow", "block"]
    assert all(r.policy_version and r.policy_version != "none" for r in decided)
    assert "confirm-writes" in (decided[0].rules_checked or [])
    assert decided[0].rules_run == len(decided[0].rules_checked or [])


async def test_linked_addon_must_go_with_its_item(
    guarded: TestClient[Any, Any], upstream: TestServer, retail_db: RetailDB,
) -> None:
    order = next(o for o in retail_db.orders.values() if o["status"] == "delivered"
                 and any("linked_to" in i for i in o["items"]))
    plan = next(i for i in order["items"] if "linked_to" in i)
    main_item = plan["linked_to"]
    user = retail_db.users[order["user_id"]]
    original = order["payment_history"][0]["payment_method_id"]
    sid = await start_session(guarded)
    await authenticate(guarded, sid, retail_db, order["user_id"])
    await call(guarded, sid, "get_order_details", order_id=order["order_id"])
    main_name = next(i["name"] for i in order["items"] if i["item_id"] == main_item)
    await say(guarded, sid, "assistant", f"Return the {main_name} from {order['order_id']}, "
                                          f"refund to {original}?")
    await say(guarded, sid, "user", "yes")
    status, body = await call(guarded, sid, "return_delivered_order_items",
                              order_id=order["order_id"], item_ids=[main_item],
                              payment_method_id=original)
    assert status == 403
    violation = next(v for v in body["violations"] if v["rule"] == "linked-addons-follow")
    assert violation["details"]["missing_ids"] == [plan["item_id"]]
    assert plan["item_id"] in violation["message"]
    assert upstream_state(upstream)["writes"] == []
    assert user is not None


async def test_token_confirmation_flow(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client, _ = await token_proxy(make_proxy, upstream, tmp_path, monkeypatch)
    order = first_order(retail_db, "pending")
    args = {"order_id": order["order_id"], "reason": "no longer needed"}
    sid = await start_session(client)
    status, body = await call(client, sid, "cancel_pending_order", **args)
    assert status == 428
    cid = body["confirmation"]["confirmation_id"]
    url = f"/v1/sessions/{sid}/confirmations/{cid}"

    assert (await client.post(url)).status == 401
    assert (await client.post(url, headers={"Authorization": "Bearer nope"})).status == 401
    # Confirming does not execute; the agent's repeated call does, once.
    ok = await client.post(url, headers={"Authorization": "Bearer s3cret"})
    assert ok.status == 200
    assert upstream_state(upstream)["writes"] == []
    other = {**args, "reason": "ordered by mistake"}  # the token is bound to the exact arguments
    assert (await call(client, sid, "cancel_pending_order", **other))[0] == 428
    status, body = await call(client, sid, "cancel_pending_order", **args)
    assert status == 200, body
    again = await client.post(url, headers={"Authorization": "Bearer s3cret"})
    assert again.status == 409  # single use
    assert len(upstream_state(upstream)["writes"]) == 1
    missing = await client.post(f"/v1/sessions/{sid}/confirmations/cf_nope",
                                headers={"Authorization": "Bearer s3cret"})
    assert missing.status == 404


async def test_token_confirmations_refused_without_a_front_end(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    resp = await client.post(f"/v1/sessions/{sid}/confirmations/cf_x",
                             headers={"Authorization": "Bearer anything"})
    assert resp.status == 403


async def test_ticket_route_holds_the_call_for_review(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path,
) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "policy.yaml").write_text(
        f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\nrules:\n"
        "  - id: hold-all-writes\n    kind: order\n    route: ticket\n    tools: {kind: write}\n"
        "    requires: {any_of: [{tool: calculate}]}\n")
    client, _ = await make_proxy(str(upstream.make_url("")), policy={"dirs": [str(pack)]})
    sid = await start_session(client)
    status, body = await call(client, sid, "cancel_pending_order", order_id="#W1",
                              reason="no longer needed")
    assert status == 202 and body["outcome"] == "pending_review"
    assert body["ticket"]["ticket_id"].startswith("tk_")
    assert "review" in body["message"]
    assert upstream_state(upstream)["writes"] == []
    resp = await client.get(body["ticket"]["poll"])
    assert resp.status == 200 and (await resp.json())["status"] == "open"


async def test_hot_reload_swaps_whole_sets_and_keeps_the_old_on_error(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path, retail_db: RetailDB,
) -> None:
    pack = tmp_path / "retail"
    shutil.copytree(RETAIL, pack)
    text = (pack / "policy.yaml").read_text().replace("../../schemas", str(ROOT / "schemas"))
    (pack / "policy.yaml").write_text(text)
    client, runtime = await make_proxy(str(upstream.make_url("")),
                                       policy={"dirs": [str(pack)], "reload_s": 0.05})
    first = runtime.policy.version
    sid = await start_session(client)
    await authenticate(client, sid, retail_db, next(iter(retail_db.users)))
    assert (await call(client, sid, "list_all_product_types"))[0] == 200

    # A new rule: product listings need an order read first (nonsense, but visible).
    (pack / "policy.yaml").write_text(text + (
        "  - id: no-listing\n    kind: order\n    tools: [list_all_product_types]\n"
        "    requires: {any_of: [{tool: calculate}]}\n"))
    for _ in range(100):
        if runtime.policy.version != first:
            break
        await asyncio.sleep(0.05)
    second = runtime.policy.version
    assert second != first
    status, body = await call(client, sid, "list_all_product_types")
    assert status == 403 and body["policy_version"] == second

    (pack / "policy.yaml").write_text(text + "  - id: broken\n    kind: [\n")
    await asyncio.sleep(0.5)
    assert runtime.policy.version == second  # the broken set was refused; the old one stays
    assert await reload_policies(runtime) is False
