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
