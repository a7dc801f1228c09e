"""The billing and clinic packs end to end over loopback, each with its demo service: the happy
path, a violation refused with its reason, a held write approved and executed once, a rejected
one never executed."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from proxy.demo.services import SERVICE, build_billing_app, build_clinic_app
from proxy.gate.auth import Role
from proxy.pipeline import Runtime

from .conftest import ROOT, ProxyFactory, start_session
from .gate.conftest import Gated, add_operator, bearer, login


async def pack_proxy(make_proxy: ProxyFactory, service: TestServer, pack: str
                     ) -> tuple[TestClient[Any, Any], Runtime, Gated, str]:
    client, rt = await make_proxy(
        str(service.make_url("")), catalogs=[str(ROOT / "schemas" / pack / "catalog.yaml")],
        upstreams={pack: {"base_url": str(service.make_url("")), "idempotent": True}},
        policy={"dirs": [str(ROOT / "policies" / pack)]})
    g = Gated(client, rt, [])
    await add_operator(g, "support", Role.APPROVER)
    return client, rt, g, await login(g, "support")


class Agent:
    def __init__(self, client: TestClient[Any, Any], sid: str) -> None:
        self.client, self.sid = client, sid

    async def call(self, tool: str, **args: Any) -> tuple[int, Any]:
        resp = await self.client.post(f"/v1/sessions/{self.sid}/calls",
                                      json={"tool": tool, "arguments": args})
        return resp.status, await resp.json()

    async def agree(self, proposal: str) -> None:
        for role, text in (("assistant", proposal), ("user", "yes")):
            await self.client.post(f"/v1/sessions/{self.sid}/messages",
                                   json={"role": role, "content": text})


def writes(server: TestServer) -> list[dict[str, Any]]:
    return list(server.app[SERVICE]["writes"])


async def decide(client: TestClient[Any, Any], rt: Runtime, token: str, ticket: str,
                 action: str) -> dict[str, Any]:
    resp = await client.post(f"/v1/operator/tickets/{ticket}/{action}", headers=bearer(token),
                             json={"reason": "checked"} if action == "reject" else None)
    assert resp.status == 200, await resp.text()
    assert rt.gate is not None
    await rt.gate.drain()
    got: dict[str, Any] = await (await client.get(f"/v1/operator/tickets/{ticket}",
                                                  headers=bearer(token))).json()
    return got


async def test_billing_signing_in_is_never_an_entitlement_and_support_decides(
    aiohttp_server: Any, make_proxy: ProxyFactory,
) -> None:
    service = await aiohttp_server(build_billing_app(7))
    tables = service.app[SERVICE]["tables"]
    paid = next(a for a, b in tables["benefits"].items() if "late_fee_waiver" in b["paid"])
    unpaid = next(a for a, b in tables["benefits"].items() if not b["paid"])
    client, rt, _, token = await pack_proxy(make_proxy, service, "billing")

    async def credit(account: str) -> tuple[Agent, str, int, Any]:
        agent = Agent(client, await start_session(client, tags={"domain": "billing"}))
        email = tables["accounts"][account]["email"]
        charge = next(c for c in tables["charges"].values() if c["account_id"] == account)
        assert (await agent.call("find_account_by_email", email=email))[0] == 200
        assert (await agent.call("get_benefits", account_id=account))[0] == 200
        assert (await agent.call("calculate_adjusted_charge",
                                 charge_id=charge["charge_id"]))[0] == 200
        await agent.agree(f"I can request a credit of 5.00 for the fee on "
                          f"{charge['charge_id']}. Shall I?")
        status, body = await agent.call("apply_fee_adjustment", charge_id=charge["charge_id"],
                                        account_id=account, amount="5.00",
                                        benefit="late_fee_waiver")
        return agent, charge["charge_id"], status, body

    _, _, status, body = await credit(unpaid)  # signed in, nothing paid: refused, with why
    assert status == 403 and "sign-in-is-not-entitlement" in {v["rule"] for v in
                                                              body["violations"]}
    assert "being signed in is not an entitlement" in body["message"]

    agent, _, status, body = await credit(paid)  # a paid waiver: support decides
    assert status == 202, body
    done = await decide(client, rt, token, body["ticket"]["ticket_id"], "approve")
    assert done["status"] == "executed" and len(writes(service)) == 1
    assert done["money_text"] == "5.00 USD"  # the reviewer sees the credit in the domain's money
    assert writes(service)[0]["idempotency_key"] == done["ticket_id"]
    assert (await agent.call("notify_customer", account_id=paid,
                             message="Your late fee was credited."))[0] == 200

    _, _, status, body = await credit(paid)  # another, rejected: never executed
    assert status == 202
    gone = await decide(client, rt, token, body["ticket"]["ticket_id"], "reject")
    assert gone["status"] == "rejected"
    assert [w["kind"] for w in writes(service)] == ["adjustment", "notice"]


async def test_clinic_intake_without_triage(aiohttp_server: Any, make_proxy: ProxyFactory,
                                           ) -> None:
    service = await aiohttp_server(build_clinic_app(7))
    patient = service.app[SERVICE]["tables"]["accounts"]["pat_3002"]
    client, rt, _, token = await pack_proxy(make_proxy, service, "clinic")
    tools = {t["function"]["name"] for t in (await (await client.get("/v1/tools")).json())[
        "tools"]}
    assert not any(w in t for t in tools for w in ("triage", "diagnos", "symptom"))
    agent = Agent(client, await start_session(client, tags={"domain": "clinic"}))
    assert (await agent.call("find_patient_by_email", email=patient["email"]))[0] == 200
    assert (await agent.call("verify_caller", patient_id="pat_3002",
                             caller_name=patient["name"]))[0] == 200
    visit = {"patient_id": "pat_3002", "department": "general", "preferred_date": "2026-12-14",
             "caller_name": patient["name"]}
    await agent.agree("I can request a general appointment on 2026-12-14. Shall I book it?")
    status, body = await agent.call("create_appointment_request", **visit,
                                    scheduling_note="chest pain since Monday, mornings please")
    assert status == 403 and "no-symptoms-in-scheduling" in {v["rule"] for v in
                                                             body["violations"]}
    assert "hand off to a clinician" in body["message"]
    status, body = await agent.call("create_appointment_request", **visit,
                                    scheduling_note="mornings please")
    assert status == 200, body  # the happy path

    await agent.agree("I can request access to your lab results record. Shall I file it?")
    records = {"patient_id": "pat_3002", "records": ["lab results"],
               "caller_name": patient["name"]}
    status, body = await agent.call("request_records_access", **records)
    assert status == 202
    done = await decide(client, rt, token, body["ticket"]["ticket_id"], "approve")
    assert done["status"] == "executed"

    stranger = Agent(client, await start_session(client, tags={"domain": "clinic"}))
    assert (await stranger.call("find_patient_by_email", email=patient["email"]))[0] == 200
    assert (await stranger.call("verify_caller", patient_id="pat_3002",
                                caller_name="Sam Smith"))[0] == 200
    await stranger.agree("I can request a general appointment on 2026-12-14. Shall I book it?")
    status, body = await stranger.call("create_appointment_request",
                                       **{**visit, "caller_name": "Sam Smith"})
    assert status == 403 and "caller-may-act" in {v["rule"] for v in body["violations"]}

    await agent.agree("I can request access to your visits record. Shall I file it?")
    status, body = await agent.call("request_records_access",
                                    **{**records, "records": ["visits"]})
    assert status == 202
    assert (await decide(client, rt, token, body["ticket"]["ticket_id"], "reject"))[
        "status"] == "rejected"
    assert [w["kind"] for w in writes(service)] == ["appointment", "records_access"]
