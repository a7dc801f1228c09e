"""The proxy on the PostgreSQL store: the same path of a call, state shared through the database
(two proxies on one schema see one session)."""

from __future__ import annotations

from aiohttp.test_utils import TestServer

from proxy.demo.data import RetailDB

from .conftest import PG_DSN as DSN
from .conftest import ROOT, ProxyFactory, call, first_order, needs_postgres, start_session, upstream_state

pytestmark = needs_postgres


async def test_two_replicas_share_one_session(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, schema: str,
) -> None:
    store = {"backend": "postgres", "dsn": DSN, "schema": schema}
    policy = {"dirs": [str(ROOT / "policies" / "retail")]}
    a, _ = await make_proxy(str(upstream.make_url("")), store=store, policy=policy)
    b, _ = await make_proxy(str(upstream.make_url("")), store=store, policy=policy)
    order = first_order(retail_db, "pending")
    oid = order["order_id"]
    sid = await start_session(a)
    assert (await call(b, sid, "find_user_id_by_email",
                       email=retail_db.users[order["user_id"]]["email"]))[0] == 200
    assert (await call(a, sid, "get_order_details", order_id=oid))[0] == 200
    for role, text in (("assistant", f"Cancel {oid}, reason: no longer needed?"),
                       ("user", "yes")):
        resp = await b.post(f"/v1/sessions/{sid}/messages", json={"role": role, "content": text})
        assert resp.status == 201
    status, body = await call(a, sid, "cancel_pending_order", order_id=oid,
                              reason="no longer needed")
    assert status == 200, body  # replica a saw what replica b recorded
    status, body = await call(b, sid, "cancel_pending_order", order_id=oid,
                              reason="no longer needed")
    assert status == 403  # and b sees a's write: the yes is used up, the order cancelled
    assert len(upstream_state(upstream)["writes"]) == 1
    session = await (await b.get(f"/v1/sessions/{sid}")).json()
    assert [c["tool"] for c in session["calls"]][-2:] == ["cancel_pending_order"] * 2
    assert (await a.get("/readyz")).status == 200


async def test_conversations_at_once_on_two_replicas_write_each_order_once(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, schema: str,
) -> None:
    """Eight conversations at once on two replicas (their calls share the lock connections'
    round trips, where messages and writes' records are written): each cancels its own order
    once, on the customer's yes, and the other replica refuses the same write after it; every
    message and call is in the store, and the audit chains verify."""
    import asyncio

    from proxy.store import audit_check

    store = {"backend": "postgres", "dsn": DSN, "schema": schema}
    policy = {"dirs": [str(ROOT / "policies" / "retail")]}
    # (sixteen conversations' calls at once on a loaded machine: the upstream bounds are
    # generous, this test is about once-only writes across replicas, not about timeouts)
    slow = {"upstream_total_s": 30.0, "upstream_connect_s": 30.0}
    a, ra = await make_proxy(str(upstream.make_url("")), store=store, policy=policy, timeouts=slow)
    b, _ = await make_proxy(str(upstream.make_url("")), store=store, policy=policy, timeouts=slow)
    orders = [o for o in retail_db.orders.values() if o["status"] == "pending"][:8]
    assert len(orders) == 8

    async def conversation(order: dict[str, object]) -> str:
        oid = order["order_id"]
        sid = await start_session(a)
        user = retail_db.users[str(order["user_id"])]
        assert (await call(b, sid, "find_user_id_by_email", email=user["email"]))[0] == 200
        assert (await call(a, sid, "get_order_details", order_id=oid))[0] == 200
        for client, role, text in ((a, "assistant", f"Cancel {oid}, reason: no longer needed?"),
                                   (b, "user", "yes")):
            resp = await client.post(f"/v1/sessions/{sid}/messages",
                                     json={"role": role, "content": text})
            assert resp.status == 201
        status, body = await call(a, sid, "cancel_pending_order", order_id=oid,
                                  reason="no longer needed")
        assert status == 200, body
        status, _ = await call(b, sid, "cancel_pending_order", order_id=oid,
                               reason="no longer needed")
        assert status == 403
        return sid

    sids = await asyncio.gather(*(conversation(o) for o in orders))
    writes = upstream_state(upstream)["writes"]
    assert len(writes) == 8
    for o in orders:  # each order's once (the path names it, its "#" escaped)
        assert sum(str(o["order_id"]).lstrip("#") in w["path"] for w in writes) == 1
    for sid in sids:
        session = await (await b.get(f"/v1/sessions/{sid}")).json()
        assert session["messages"] == 2
        assert [c["tool"] for c in session["calls"]] == [
            "find_user_id_by_email", "get_order_details", "cancel_pending_order",
            "cancel_pending_order"]
    for sid in sids:  # what the store holds, read whole
        whole = await ra.store.load_session(sid)
        assert whole is not None and [m.content for m in whole.messages][-1] == "yes"
        assert [c.outcome for c in whole.calls][2:] == ["executed", "blocked"]
    count, problems = await audit_check(ra.store)
    assert count >= 8 * 4 and problems == []
