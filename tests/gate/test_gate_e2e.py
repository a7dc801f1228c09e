"""End to end with the demo domain: a large refund is held, approved with 2FA, executed once,
and the customer side is notified; a rejected one never reaches the upstream."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any

import orjson
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.demo.data import RetailDB
from proxy.gate.auth import Role

from ..conftest import upstream_state
from .conftest import POLICIES, Gated, add_operator, bearer, held_refund, login


async def test_held_approved_executed_once_and_notified(
    gated: Gated, upstream: TestServer, retail_db: RetailDB,
) -> None:
    g = gated
    sid, order, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    assert body["outcome"] == "pending_review"
    assert body["violations"][0]["rule"] == "large-refund-review"
    assert upstream_state(upstream)["writes"] == []

    abe = await login(g, "abe")
    inbox = await (await g.client.get("/v1/operator/tickets", headers=bearer(abe))).json()
    assert [(t["ticket_id"], t["read_state"]) for t in inbox["tickets"]] == [(ticket_id, "unread")]
    shown = await (await g.client.get(f"/v1/operator/tickets/{ticket_id}",
                                      headers=bearer(abe))).json()
    assert shown["arguments"]["order_id"] == order["order_id"]
    assert shown["decision"]["rules"] == ["large-refund-review"]

    await g.client.post(f"/v1/operator/tickets/{ticket_id}/note", headers=bearer(abe),
                        json={"text": "customer is a regular, fine"})
    await g.client.post(f"/v1/operator/tickets/{ticket_id}/reply", headers=bearer(abe),
                        json={"text": "We are approving your refund now."})
    resp = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(abe))
    assert resp.status == 200, await resp.text()
    again = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(abe))
    assert again.status == 409
    assert g.runtime.gate is not None
    await g.runtime.gate.drain()

    writes = upstream_state(upstream)["writes"]
    assert [(w["tool"], w["idempotency_key"]) for w in writes] == [
        ("return_delivered_order_items", ticket_id)]
    poll = await (await g.client.get(f"/v1/tickets/{ticket_id}")).json()
    assert poll["status"] == "executed" and poll["result"]["status"] == "return requested"
    assert [r["text"] for r in poll["replies"]] == ["We are approving your refund now."]
    assert "customer is a regular" not in json.dumps(poll)  # internal notes stay internal

    events = [orjson.loads(h["body"])["event"] for h in g.hooks]
    assert {"ticket.reply", "ticket.approved", "ticket.executed"} <= set(events)
    for h in g.hooks:
        expected = "sha256=" + hmac.new(b"hook-secret", h["body"], hashlib.sha256).hexdigest()
        assert h["headers"]["X-Callgate-Signature"] == expected
    detail = await (await g.client.get(f"/v1/operator/tickets/{ticket_id}",
                                       headers=bearer(abe))).json()
    kinds = [e["kind"] for e in detail["events"]]
    assert "note" in kinds and "reply" in kinds and "notify" in kinds
    assert all(e["outcome"] == "delivered" for e in detail["events"] if e["kind"] == "notify")
    session = await (await g.client.get(f"/v1/sessions/{sid}")).json()
    assert session["calls"][-1]["tool"] == "return_delivered_order_items"
    assert session["calls"][-1]["outcome"] == "executed"

    ada = await login(g, "ada")
    audit = await (await g.client.get("/v1/operator/audit/verify", headers=bearer(ada))).json()
    assert audit["intact"] and audit["entries"] > 5


async def test_rejected_never_reaches_the_upstream(
    gated: Gated, upstream: TestServer, retail_db: RetailDB,
) -> None:
    g = gated
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    ann = await login(g, "ann")
    resp = await g.client.post(f"/v1/operator/tickets/{ticket_id}/reject", headers=bearer(ann),
                               json={"reason": "refund policy says no"})
    assert resp.status == 200
    late = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(ann))
    assert late.status == 409
    assert g.runtime.gate is not None
    await g.runtime.gate.drain()
    assert upstream_state(upstream)["writes"] == []
    assert "ticket.rejected" in [orjson.loads(h["body"])["event"] for h in g.hooks]
    poll = await (await g.client.get(f"/v1/tickets/{ticket_id}")).json()
    assert poll["status"] == "rejected" and "could not be approved" in poll["message"]


async def test_expired_ticket_never_executes(
    gated: Gated, upstream: TestServer, retail_db: RetailDB,
) -> None:
    g = gated
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    assert g.runtime.gate is not None
    await g.runtime.gate.store.write([("UPDATE tickets SET expires_at = ? WHERE ticket_id = ?",
                                       (time.time() - 1, ticket_id))])
    abe = await login(g, "abe")
    resp = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(abe))
    assert resp.status == 410
    await g.runtime.gate.drain()
    assert upstream_state(upstream)["writes"] == []
    poll = await (await g.client.get(f"/v1/tickets/{ticket_id}")).json()
    assert poll["status"] == "expired"


async def test_four_eyes_needs_two_distinct_approvers(
    gated: Gated, upstream: TestServer, retail_db: RetailDB,
) -> None:
    g = gated
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    assert g.runtime.gate is not None
    await g.runtime.gate.store.write([("UPDATE tickets SET four_eyes = 1 WHERE ticket_id = ?",
                                       (ticket_id,))])
    abe, ann = await login(g, "abe"), await login(g, "ann")
    first = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(abe))
    assert first.status == 200 and (await first.json())["status"] == "open"
    same = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(abe))
    assert same.status == 403
    await g.runtime.gate.drain()
    assert upstream_state(upstream)["writes"] == []
    second = await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve", headers=bearer(ann))
    assert (await second.json())["status"] == "approved"
    await g.runtime.gate.drain()
    assert len(upstream_state(upstream)["writes"]) == 1


async def test_edit_goes_back_through_schema_and_policy(
    gated: Gated, retail_db: RetailDB,
) -> None:
    g = gated
    _, order, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    abe = await login(g, "abe")
    url = f"/v1/operator/tickets/{ticket_id}/edit"
    bad_schema = await g.client.post(url, headers=bearer(abe), json={"arguments": {
        "order_id": "W1", "item_ids": [], "payment_method_id": ""}})
    assert bad_schema.status == 422
    other_card = await g.client.post(url, headers=bearer(abe), json={"arguments": {
        "order_id": order["order_id"], "item_ids": [order["items"][0]["item_id"]],
        "payment_method_id": "credit_card_0000000"}})
    assert other_card.status == 422  # the policy refuses a refund to a foreign card
    assert "refund" in (await other_card.json())["errors"][0]["message"]
    t = await (await g.client.get(f"/v1/operator/tickets/{ticket_id}",
                                  headers=bearer(abe))).json()
    assert t["arguments"]["payment_method_id"] == order["payment_history"][0]["payment_method_id"]


async def test_webhook_retries_until_delivered(
    upstream: TestServer, make_proxy: Any, aiohttp_server: Any, retail_db: RetailDB,
    monkeypatch: Any,
) -> None:
    seen: list[int] = []

    async def flaky(request: web.Request) -> web.Response:
        seen.append(1)
        return web.Response(status=503 if len(seen) < 3 else 200)

    app = web.Application()
    app.router.add_post("/hook", flaky)
    hook = await aiohttp_server(app)
    monkeypatch.setenv("TEST_WEBHOOK_SECRET", "s")
    client, runtime = await make_proxy(
        str(upstream.make_url("")), policy={"dirs": POLICIES},
        gate={"webhook_url": str(hook.make_url("/hook")), "webhook_secret_env":
              "TEST_WEBHOOK_SECRET", "webhook_attempts": 4})
    g = Gated(client, runtime, [])
    await add_operator(g, "abe", Role.APPROVER)
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    token = await login(g, "abe")
    await client.post(f"/v1/operator/tickets/{ticket_id}/reject", headers=bearer(token),
                      json={"reason": "no"})
    assert runtime.gate is not None
    await runtime.gate.drain()
    events = await runtime.gate.events(ticket_id, internal=True)
    notify = [e for e in events if e["kind"] == "notify"]
    assert notify and notify[-1]["outcome"] == "delivered" and notify[-1]["attempts"] == 3
