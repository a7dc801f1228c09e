"""What a reviewer sees of a held call through the API: the customer, the action in words, the
money it moves, the facts the rule weighed, the transcript up to the call, ISO times, filters."""

from __future__ import annotations

import re

from proxy.demo.data import RetailDB

from .conftest import Gated, bearer, held_refund, login

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


async def test_a_held_refund_in_the_inbox_and_on_its_page(gated: Gated, retail_db: RetailDB
                                                          ) -> None:
    g = gated
    _, order, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    token = await login(g, "vera")
    resp = await g.client.get("/v1/operator/tickets", headers=bearer(token))
    assert resp.status == 200
    page = await resp.json()
    (row,) = page["tickets"]
    assert page["counts"] == {"open": 1}
    assert row["customer"] == order["user_id"]  # from the session's identity reads
    assert row["action"].startswith("Return delivered order items: order " + order["order_id"])
    paid = order["payment_history"][0]["amount"]
    assert row["money"]["currency"] == "USD" and float(row["money"]["amount"]) == paid
    assert row["money_text"].endswith(" USD") and "," in row["money_text"]  # paid > 1000
    assert ISO.match(row["created_at"]) and ISO.match(row["expires_at"])
    assert row["read_state"] == "unread" and row["approvals_needed"] == 1

    resp = await g.client.get(f"/v1/operator/tickets/{ticket_id}", headers=bearer(token))
    t = await resp.json()
    (violation,) = t["decision"]["violations"]
    facts = violation["details"]["facts"]
    assert facts["tool"] == "get_order_details"
    assert facts["arguments"] == {"order_id": order["order_id"]}
    assert facts["values"] == {"fact.payment_history.0.amount": paid}
    kinds = [(e["type"], e.get("role") or e.get("tool")) for e in t["transcript"]]
    assert kinds[-3:] == [("message", "assistant"), ("message", "user"),
                          ("call", "return_delivered_order_items")]
    assert t["transcript"][-2]["content"] == "yes please"
    assert all(ISO.match(e["ts"]) for e in t["events"])

    # read now; the unread filter hides it, other filters select it or not
    async def ids(query: str) -> list[str]:
        r = await g.client.get(f"/v1/operator/tickets?{query}", headers=bearer(token))
        assert r.status == 200, await r.text()
        return [x["ticket_id"] for x in (await r.json())["tickets"]]

    assert await ids("unread=true") == []
    assert await ids("domain=retail&status=open&owner=none&priority=2") == [ticket_id]
    assert await ids("domain=airline") == []
    assert await ids("owner=me") == []
    assert await ids("sort=newest") == [ticket_id]
    r = await g.client.get("/v1/operator/tickets?priority=9", headers=bearer(token))
    assert r.status == 400 and "priority" in (await r.json())["errors"][0]["message"]
    r = await g.client.get("/v1/operator/tickets?sort=sideways", headers=bearer(token))
    assert r.status == 400


async def test_approve_can_wait_for_the_result(gated: Gated, retail_db: RetailDB) -> None:
    g = gated
    _, order, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    token = await login(g, "abe")
    url = f"/v1/operator/tickets/{ticket_id}/approve"
    for bad in ("soon", "-1", "31", "nan"):  # refused before anything is approved
        r = await g.client.post(f"{url}?wait_s={bad}", headers=bearer(token))
        assert r.status == 400, bad
    assert (await g.runtime.gate.get(ticket_id))["status"] == "open"  # type: ignore[union-attr]
    r = await g.client.post(f"{url}?wait_s=10", headers=bearer(token))
    assert r.status == 200
    t = await r.json()
    assert t["status"] == "executed" and t["upstream_status"] == 200
    assert t["result"]["order_id"] == order["order_id"]
