"""Gate faults: one ticket per action, four eyes kept on a missing fact, expiry answered alike."""

from __future__ import annotations

import time
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from proxy.catalog import Catalog
from proxy.demo.data import RetailDB
from proxy.gate.tickets import Action, State, Status, TicketExpired, step
from proxy.policy import CallInput, decide
from proxy.policy.loader import load_policy
from proxy.session import Environment, SessionState

from ..conftest import ROOT, upstream_state
from .conftest import Gated, bearer, held_refund, login


async def test_the_same_held_call_twice_is_one_ticket_and_one_execution(
    gated: Gated, upstream: TestServer, retail_db: RetailDB,
) -> None:
    g = gated
    sid, order, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    args = {"order_id": order["order_id"], "item_ids": [order["items"][0]["item_id"]],
            "payment_method_id": order["payment_history"][0]["payment_method_id"]}
    await g.client.post(f"/v1/sessions/{sid}/messages",
                        json={"role": "user", "content": "Did it go through? Yes, do it."})
    resp = await g.client.post(f"/v1/sessions/{sid}/calls",
                               json={"tool": "return_delivered_order_items", "arguments": args})
    again = await resp.json()
    assert resp.status == 202 and again["ticket"]["ticket_id"] == ticket_id
    abe = await login(g, "abe")
    inbox = await (await g.client.get("/v1/operator/tickets", headers=bearer(abe))).json()
    assert [t["ticket_id"] for t in inbox["tickets"]] == [ticket_id]
    shown = await (await g.client.get(f"/v1/operator/tickets/{ticket_id}",
                                      headers=bearer(abe))).json()
    assert "joined" in [e["kind"] for e in shown["events"]]
    assert (await g.client.post(f"/v1/operator/tickets/{ticket_id}/approve",
                                headers=bearer(abe))).status == 200
    assert g.runtime.gate is not None
    await g.runtime.gate.drain()
    writes = upstream_state(upstream)["writes"]
    assert [w["tool"] for w in writes] == ["return_delivered_order_items"]


def test_an_expired_ticket_answers_gone_however_it_expired() -> None:
    now = time.time()
    lazily = State(Status.OPEN, now - 1, False, None, None, 2, ())
    in_background = State(Status.EXPIRED, now - 1, False, None, None, 2, ())
    for state in (lazily, in_background):
        with pytest.raises(TicketExpired) as caught:
            step(state, Action.APPROVE, "abe", now)
        assert caught.value.status == 410


async def test_four_eyes_survives_a_missing_fact(tmp_path: Any) -> None:
    (tmp_path / "policy.yaml").write_text(f"""
domain: retail
catalog: {ROOT / "schemas" / "retail" / "catalog.yaml"}
identity: [find_user_id_by_email]
rules:
  - id: big-refunds
    kind: facts
    route: ticket
    four_eyes: true
    tools: [return_delivered_order_items]
    fact: {{tool: get_order_details, match: {{order_id: order_id}}}}
    require:
      - {{left: fact.payment_history.0.amount, op: le, right: 1000}}
""")
    policy = load_policy(tmp_path)
    catalog: Catalog | None = policy.catalog
    assert catalog is not None
    tool = catalog.get("return_delivered_order_items", "retail")
    assert tool is not None
    state = SessionState("s", Environment.LIVE, {}, {"domain": "retail"}, "t")
    decision = await decide(policy, CallInput(tool, {"order_id": "#W1", "item_ids": ["1"],
                                                     "payment_method_id": "paypal_1"}, state), "d")
    assert decision.violations[0].details == {"missing": "get_order_details", "four_eyes": True}
