"""The outbox: a timeout becomes "outcome unknown" (never retried), recovery after a restart
delivers what was approved, and an interrupted send is re-sent only with an idempotency key."""

from __future__ import annotations

import time
from typing import Any

import aiohttp
import orjson
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.gate.auth import Role
from proxy.gate.tickets import Action
from proxy.ids import new_id
from proxy.pipeline import Runtime
from proxy.policy.decision import Decision, Verdict, Violation
from proxy.session import Environment

from ..conftest import MODE, ProxyFactory, start_session, upstream_state
from .conftest import Gated, add_operator, bearer, login

HELD = Decision("d_test", Verdict.TICKET, (Violation("hold", "facts", Verdict.TICKET, "held"),),
                1, "v1")
ADDRESS = {"user_id": "u", "address1": "1 Elm Street", "address2": "", "city": "Austin",
           "state": "TX", "country": "USA", "zip": "78701"}


async def ticket(rt: Runtime, sid: str, args: dict[str, Any] | None = None) -> str:
    assert rt.gate is not None
    t = await rt.gate.create(session_id=sid, call_id=new_id("c"), tool="modify_user_address",
                             domain="retail", environment=Environment.LIVE,
                             arguments=args or ADDRESS, decision=HELD, requester=None)
    return str(t["ticket_id"])


async def test_timeout_is_outcome_unknown_and_never_retried(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    fake_upstream_app[MODE].update(kind="slow", delay=3.0)
    client, rt = await make_proxy(str(fake.make_url("")))
    g = Gated(client, rt, [])
    await add_operator(g, "ada", Role.ADMIN)
    token = await login(g, "ada")
    sid = await start_session(client)
    tid = await ticket(rt, sid)
    resp = await client.post(f"/v1/operator/tickets/{tid}/approve", headers=bearer(token))
    assert resp.status == 200
    assert rt.gate is not None
    await rt.gate.drain()
    t = await rt.gate.get(tid)
    assert t["status"] == "outcome_unknown"
    assert fake_upstream_app[MODE]["hits"] == 1
    await rt.gate.recover()  # nothing to recover: unknown stays unknown for a human
    await rt.gate.drain()
    assert fake_upstream_app[MODE]["hits"] == 1
    resolved = await client.post(f"/v1/operator/tickets/{tid}/resolve", headers=bearer(token),
                                 json={"outcome": "executed", "note": "checked upstream"})
    assert resolved.status == 200 and (await resolved.json())["status"] == "executed"


async def test_recovery_delivers_approved_but_unsent(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: Any,
) -> None:
    client, rt = await make_proxy(str(upstream.make_url("")))
    user = next(iter(retail_db.users))
    sid = await start_session(client)
    tid = await ticket(rt, sid, {**ADDRESS, "user_id": user})
    assert rt.gate is not None
    # the state a crash leaves right after the approval committed, before any send
    await rt.gate.store.write([
        ("UPDATE tickets SET status = 'approved' WHERE ticket_id = ?", (tid,)),
        ("INSERT INTO outbox (ticket_id, state, created_at) VALUES (?, 'pending', ?)",
         (tid, time.time()))])
    await client.close()
    client2, rt2 = await make_proxy(str(upstream.make_url("")))  # startup runs recovery
    assert rt2.gate is not None
    await rt2.gate.drain()
    assert (await rt2.gate.get(tid))["status"] == "executed"
    assert [w["idempotency_key"] for w in upstream_state(upstream)["writes"]] == [tid]
    await client2.close()


async def test_interrupted_send_is_resent_with_the_same_key(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: Any,
) -> None:
    """The crash came after the upstream executed, before the proxy recorded it."""
    client, rt = await make_proxy(str(upstream.make_url("")))
    user = next(iter(retail_db.users))
    args = {**ADDRESS, "user_id": user}
    sid = await start_session(client)
    tid = await ticket(rt, sid, args)
    assert rt.gate is not None
    async with aiohttp.ClientSession() as http:
        await http.post(str(upstream.make_url(f"/users/{user}/address")),
                        data=orjson.dumps(args), headers={"Idempotency-Key": tid})
    await rt.gate.store.write([
        ("UPDATE tickets SET status = 'approved' WHERE ticket_id = ?", (tid,)),
        ("INSERT INTO outbox (ticket_id, state, created_at) VALUES (?, 'sending', ?)",
         (tid, time.time()))])
    await client.close()
    client2, rt2 = await make_proxy(str(upstream.make_url("")))
    assert rt2.gate is not None
    await rt2.gate.drain()
    assert (await rt2.gate.get(tid))["status"] == "executed"
    assert len(upstream_state(upstream)["writes"]) == 1  # executed once, replayed once
    await client2.close()


async def test_interrupted_send_without_idempotency_is_unknown(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    base = str(upstream.make_url(""))
    client, rt = await make_proxy(base, upstreams={"retail": {"base_url": base}})
    sid = await start_session(client)
    tid = await ticket(rt, sid)
    assert rt.gate is not None
    await rt.gate.store.write([
        ("UPDATE tickets SET status = 'approved' WHERE ticket_id = ?", (tid,)),
        ("INSERT INTO outbox (ticket_id, state, created_at) VALUES (?, 'sending', ?)",
         (tid, time.time()))])
    await client.close()
    client2, rt2 = await make_proxy(base, upstreams={"retail": {"base_url": base}})
    assert rt2.gate is not None
    await rt2.gate.drain()
    assert (await rt2.gate.get(tid))["status"] == "outcome_unknown"
    assert upstream_state(upstream)["writes"] == []
    await client2.close()


def test_actions_cover_the_outbox() -> None:
    assert {Action.EXECUTED, Action.FAILED, Action.UNKNOWN} <= set(Action)
