"""Fail closed: when the policy or the store cannot answer, nothing is forwarded."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from proxy.demo.data import RetailDB
from proxy.enforce import enforce
from proxy.errors import StoreError
from proxy.policy.decision import Decision, Verdict

from .conftest import ROOT, ProxyFactory, call, first_order, start_session, upstream_state


async def test_unreachable_opa_blocks_with_503(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path, unused_tcp_port: int,
) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "p.rego").write_text("package p\n\nimport rego.v1\n\nallow if true\n")
    (pack / "policy.yaml").write_text(
        f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\nrules:\n"
        "  - id: opa\n    kind: rego\n    tools: all\n    query: p/allow\n    timeout_s: 0.3\n")
    client, _ = await make_proxy(str(upstream.make_url("")), policy={
        "dirs": [str(pack)], "opa_url": f"http://127.0.0.1:{unused_tcp_port}"})
    sid = await start_session(client)
    status, body = await call(client, sid, "get_order_details", order_id="#W1")
    assert status == 503
    assert body["outcome"] == "blocked" and body["errors"][0]["code"] == "policy_error"
    assert upstream_state(upstream)["requests"] == 0


async def test_store_failure_blocks_with_503(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, runtime = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    runtime.store.db.execute("DROP TABLE calls")  # the store can no longer record a call
    status, body = await call(client, sid, "cancel_pending_order", order_id="#W1",
                              reason="no longer needed")
    assert status == 503
    assert body["outcome"] == "blocked" and body["errors"][0]["code"] == "store_unavailable"
    assert upstream_state(upstream)["requests"] == 0
    ready = await client.get("/readyz")
    assert ready.status == 200  # the store still answers; a write failed: refused, not forwarded


async def test_a_view_the_store_fell_behind_sends_no_write(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    """A read is committed just after its answer (store.commit_delay_ms). If that commit
    fails, a call already holding the session, whose view has the lost read, sends no write;
    the next call reads the session anew from the store, without the read."""
    client, rt = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    order = first_order(retail_db, "pending")
    status, _ = await call(client, sid, "get_order_details", order_id=order["order_id"])
    assert status == 200
    cancel = {"order_id": order["order_id"], "reason": "no longer needed"}
    async with rt.sessions.locked(sid) as view:  # a call on this session, under way
        rt.store.db.execute("PRAGMA query_only = ON")  # the disk refuses writes
        await rt.store.fetch("SELECT 1")  # commits what waits: it cannot
        rt.store.db.execute("PRAGMA query_only = OFF")
        assert view.stale
        tool = rt.catalog.get("cancel_pending_order", "retail")
        assert tool is not None
        with pytest.raises(StoreError, match="nothing was sent"):
            await enforce(store=rt.store, upstreams=rt.upstreams, session=view, tool=tool,
                          arguments=cancel, decision=Decision("d1", Verdict.ALLOW, (), 0, "-"),
                          call_id="c1")
    assert upstream_state(upstream)["writes"] == []
    resp = await client.get(f"/v1/sessions/{sid}")
    assert (await resp.json())["calls"] == []  # read anew from the store: the read is not there
    status, body = await call(client, sid, "cancel_pending_order", **cancel)
    assert status == 200, body  # a view that matches the store (no policy in this test)
    assert [w["tool"] for w in upstream_state(upstream)["writes"]] == ["cancel_pending_order"]
    assert (await client.get("/readyz")).status == 200


async def test_ambiguous_tool_needs_the_session_domain(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, _ = await make_proxy(
        str(upstream.make_url("")),
        catalogs=[str(ROOT / "schemas" / "retail" / "catalog.yaml"),
                  str(ROOT / "schemas" / "airline" / "catalog.yaml")],
        upstreams={"retail": {"base_url": str(upstream.make_url(""))},
                   "airline": {"base_url": str(upstream.make_url(""))}})
    resp = await client.post("/v1/sessions", json={})
    sid = (await resp.json())["session_id"]
    status, body = await call(client, sid, "get_user_details", user_id="x")
    assert status == 404 and "several domains" in body["errors"][0]["message"]
    sid = await start_session(client, tags={"domain": "retail"})
    status, _ = await call(client, sid, "get_user_details", user_id="x")
    assert status == 502  # resolved to retail's tool; the demo upstream has no such user
