"""Fail closed: when the policy or the store cannot answer, nothing is forwarded."""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestServer

from .conftest import ROOT, ProxyFactory, call, start_session, upstream_state


async def test_unreachable_opa_blocks_with_503(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path, closed_port: int,
) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "p.rego").write_text("package p\n\nimport rego.v1\n\nallow if true\n")
    (pack / "policy.yaml").write_text(
        f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\nrules:\n"
        "  - id: opa\n    kind: rego\n    tools: all\n    query: p/allow\n    timeout_s: 0.3\n")
    client, _ = await make_proxy(str(upstream.make_url("")), policy={
        "dirs": [str(pack)], "opa_url": f"http://127.0.0.1:{closed_port}"})
    sid = await start_session(client)
    status, body = await call(client, sid, "get_order_details", order_id="#W1")
    assert status == 503
    assert body["outcome"] == "blocked" and body["errors"][0]["code"] == "policy_error"
    assert upstream_state(upstream)["requests"] == 0
    # its cause in words (no client object's repr), and the proxy says it is not ready
    said = body["errors"][0]["message"]
    assert said.startswith(f"rule 'opa' (rego) failed: OPA unreachable at "
                           f"http://127.0.0.1:{closed_port}: ")
    assert "Error(" not in said and "ConnectionKey" not in said
    ready = await client.get("/readyz")
    assert ready.status == 503
    assert f"opa: 127.0.0.1:{closed_port} not reachable (ConnectionRefusedError)" in (
        await ready.json())["causes"]


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
