"""The payments pack end to end over loopback: the happy path, a refusal with its reason, a
large refund rehearsed on the sandbox and held (the ticket shows before and after), approved
and executed once, a rejected one never executed, a rehearsal that fails validation refused
before any ticket; a sandbox session reaching only the sandbox provider; a configuration that
would mix environments refused at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from proxy.config import load_config
from proxy.demo.payments import STATE, build_payments_app, generate
from proxy.errors import ConfigError
from proxy.gate.auth import Role

from .conftest import ROOT, ProxyFactory, start_session
from .gate.conftest import Gated, add_operator, bearer, login

CATALOG = str(ROOT / "schemas" / "payments" / "catalog.yaml")
POLICY = str(ROOT / "policies" / "payments")


@pytest.fixture
async def payments(aiohttp_server: Any) -> TestServer:
    return await aiohttp_server(build_payments_app(generate(7)))


def writes(server: TestServer) -> list[dict[str, Any]]:
    return list(server.app[STATE]["writes"])


async def test_refunds_from_the_small_to_the_rehearsed(
    payments: TestServer, make_proxy: ProxyFactory,
) -> None:
    db = payments.app[STATE]["db"]
    pid, p = next((pid, p) for pid, p in db.payments.items()
                  if p.currency == "USD" and p.captured >= 30000)
    cid = db.owner[pid]
    email = db.customers[cid]["email"]
    client, rt = await make_proxy(
        str(payments.make_url("")), catalogs=[CATALOG], policy={"dirs": [POLICY]},
        upstreams={"payments": {"base_url": str(payments.make_url("")), "idempotent": True}})
    g = Gated(client, rt, [])
    await add_operator(g, "ops", Role.APPROVER)
    sid = await start_session(client, tags={"domain": "payments"})

    async def call(tool: str, **args: Any) -> tuple[int, Any]:
        resp = await client.post(f"/v1/sessions/{sid}/calls",
                                 json={"tool": tool, "arguments": args})
        return resp.status, await resp.json()

    async def agree(amount: str) -> None:
        for role, text in (("assistant", f"I can refund {amount} USD on payment {pid}. "
                                         "Shall I go ahead?"), ("user", "yes")):
            await client.post(f"/v1/sessions/{sid}/messages",
                              json={"role": role, "content": text})

    refund = {"payment_id": pid, "currency": "USD", "reason": "goodwill"}
    status, body = await call("refund_payment", amount="20.00", **refund)
    assert status == 403 and body["violations"][0]["rule"] == "authenticate-first"
    assert (await call("find_customer_by_email", email=email))[0] == 200
    status, body = await call("refund_payment", amount="20.00", **refund)
    assert status == 403 and "read-payment-first" in {v["rule"] for v in body["violations"]}
    assert (await call("get_payment", payment_id=pid))[0] == 200
    status, body = await call("refund_payment", amount="20.00", **refund)
    assert status == 428  # the customer's yes to this amount first

    await agree("20.00")  # small: runs at once
    status, body = await call("refund_payment", amount="20.00", **refund)
    assert status == 200, body
    assert body["result"]["refunded"] == "20.00" and len(writes(payments)) == 1

    await agree("150.00")  # large: rehearsed on the sandbox, then a colleague decides
    status, body = await call("refund_payment", amount="150.00", **refund)
    assert status == 202 and body["outcome"] == "pending_review", body
    assert "Rehearsed on the sandbox" in body["message"] and "partially_refunded" in \
        body["message"]
    ticket_id = body["ticket"]["ticket_id"]
    assert len(writes(payments)) == 1  # nothing live yet

    # a second large refund counts the one already waiting for approval: what would remain
    # after both is what the rehearsal checks, so 1.00 more than that is refused now
    over = to_usd(p.captured - 2000 - 15000 + 100)
    await agree(over)
    status, body = await call("refund_payment", amount=over, **refund)
    assert status == 403 and "remains refundable" in body["message"], body
    assert "waiting for approval" not in body["message"]  # refused: no ticket words

    await agree("999999.00")  # more than remains: the rehearsal refuses it, no ticket
    status, body = await call("refund_payment", amount="999999.00", **refund)
    assert status == 403 and "rehearsal" in {v["rule"] for v in body["violations"]}
    assert "remains refundable" in body["message"] and body.get("ticket") is None
    token = await login(g, "ops")
    inbox = await (await client.get("/v1/operator/tickets", headers=bearer(token))).json()
    assert [t["ticket_id"] for t in inbox["tickets"]] == [ticket_id]

    held = await (await client.get(f"/v1/operator/tickets/{ticket_id}",
                                   headers=bearer(token))).json()
    rehearsal = held["rehearsal"]
    assert rehearsal["amount"] == "150.00" and rehearsal["before"]["refundable"] == \
        to_usd(p.captured - 2000)
    assert rehearsal["after"]["refundable"] == to_usd(p.captured - 2000 - 15000)
    approved = await client.post(f"/v1/operator/tickets/{ticket_id}/approve",
                                 headers=bearer(token))
    assert approved.status == 200
    assert rt.gate is not None
    await rt.gate.drain()
    done = await (await client.get(f"/v1/operator/tickets/{ticket_id}",
                                   headers=bearer(token))).json()
    assert done["status"] == "executed"
    assert done["rehearsal"]["after"]["refunded"] == done["result"]["refunded"]  # side by side
    live = writes(payments)
    assert len(live) == 2 and live[1]["idempotency_key"] == ticket_id

    await agree("120.00")  # held, then rejected: never executed
    status, body = await call("refund_payment", amount="120.00", **refund)
    assert status == 202
    rejected = await client.post(f"/v1/operator/tickets/{body['ticket']['ticket_id']}/reject",
                                 headers=bearer(token), json={"reason": "no"})
    assert rejected.status == 200
    await rt.gate.drain()
    assert len(writes(payments)) == 2


def to_usd(minor: int) -> str:
    return f"{minor // 100}.{minor % 100:02d}"


async def test_a_sandbox_session_reaches_only_the_sandbox_provider(
    payments: TestServer, make_proxy: ProxyFactory,
) -> None:
    db = payments.app[STATE]["db"]
    pid = next(iter(db.payments))
    client, rt = await make_proxy(
        str(payments.make_url("")), catalogs=[CATALOG],
        upstreams={"payments": {"base_url": str(payments.make_url("")),
                                "sandbox_url": "http://127.0.0.1:9"}})
    sid = await start_session(client, environment="sandbox", tags={"domain": "payments"})
    resp = await client.post(f"/v1/sessions/{sid}/calls", json={
        "tool": "get_payment", "arguments": {"payment_id": pid}})
    body = await resp.json()
    assert resp.status == 502 and "no sandbox payment" in str(body)  # the live one is not seen
    assert rt.upstreams.sandbox_payments is not None
    charge = await rt.upstreams.sandbox_payments.authorise("k1", "80.00", "USD", capture=True)
    resp = await client.post(f"/v1/sessions/{sid}/calls", json={
        "tool": "refund_payment", "arguments": {"payment_id": charge["payment_id"],
                                                "amount": "30.00", "currency": "USD",
                                                "reason": "goodwill"}})
    body = await resp.json()
    assert resp.status == 200 and body["result"]["refundable"] == "50.00"
    assert writes(payments) == []  # the live service saw nothing


def test_a_configuration_that_would_mix_environments_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "callgate.yaml"
    config.write_text("upstreams:\n  payments:\n    base_url: http://127.0.0.1:9000\n"
                      "    sandbox_url: http://127.0.0.1:9000/sandbox\n"
                      f"catalogs: ['{CATALOG}']\n")
    with pytest.raises(ConfigError, match=r"callgate.yaml:4: upstreams.payments.sandbox_url"):
        load_config(config)


async def test_amounts_no_payment_can_hold_are_refused_before_anything_else(
    payments: TestServer, make_proxy: ProxyFactory,
) -> None:
    """Schema-valid but absurd amounts: refused as invalid (422), never a crash or a round."""
    client, _ = await make_proxy(
        str(payments.make_url("")), catalogs=[CATALOG], policy={"dirs": [POLICY]},
        upstreams={"payments": {"base_url": str(payments.make_url("")), "idempotent": True}})
    sid = await start_session(client, tags={"domain": "payments"})
    pid = next(iter(payments.app[STATE]["db"].payments))
    for amount in ("1" * 61 + ".5", "9" * 5000, "100.0000000000000000000000000001", "12.505"):
        resp = await client.post(f"/v1/sessions/{sid}/calls", json={
            "tool": "refund_payment", "arguments": {"payment_id": pid, "amount": amount,
                                                    "currency": "USD", "reason": "goodwill"}})
        body = await resp.json()
        assert resp.status in (413, 422), (amount[:20], resp.status, body)
        assert body["outcome"] == "invalid"
    assert writes(payments) == []
