"""The MCP front, driven by the official MCP Python SDK as the client over loopback: the
catalog as tools, a read, a write refused for a missing confirmation and the same write once
the user said yes, a held write; and a call with no session named."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from aiohttp.test_utils import TestServer
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from proxy.demo.data import RetailDB

from .conftest import (
    ROOT,
    ProxyFactory,
    first_order,
    start_session,
    token_proxy,
    upstream_state,
)

POLICIES = [str(ROOT / "policies" / "retail"), str(ROOT / "policies" / "retail-refunds")]


@contextlib.asynccontextmanager
async def client_for(url: str, session_id: str | None) -> AsyncIterator[Client]:
    """An SDK client whose HTTP requests carry the callgate session's id (and are closed)."""
    headers = {"X-Callgate-Session": session_id} if session_id else {}
    async with create_mcp_http_client(headers=headers) as http, \
            Client(streamable_http_client(url, http_client=http)) as client:
        yield client


async def test_an_mcp_client_goes_through_the_same_checks(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    proxy, _ = await make_proxy(str(upstream.make_url("")), policy={"dirs": POLICIES})
    url = str(proxy.make_url("/mcp"))
    order = first_order(retail_db, "pending")
    oid, uid = order["order_id"], order["user_id"]
    sid = await start_session(proxy)  # the platform's session; the transcript goes there

    async def say(role: str, text: str) -> None:
        resp = await proxy.post(f"/v1/sessions/{sid}/messages",
                                json={"role": role, "content": text})
        assert resp.status == 201

    async with client_for(url, sid) as mcp:
        tools = {t.name: t for t in (await mcp.list_tools()).tools}
        assert {"get_order_details", "cancel_pending_order"} <= set(tools)
        assert tools["get_order_details"].annotations.read_only_hint is True
        assert tools["cancel_pending_order"].annotations.destructive_hint is True
        assert tools["cancel_pending_order"].input_schema["required"]

        refused = await mcp.call_tool("get_order_details", {"order_id": oid})
        assert refused.is_error and "find_user_id_by_email" in refused.content[0].text
        assert refused.structured_content["outcome"] == "blocked"

        found = await mcp.call_tool("find_user_id_by_email",
                                    {"email": retail_db.users[uid]["email"]})
        assert not found.is_error and orjson.loads(found.content[0].text) == uid
        read = await mcp.call_tool("get_order_details", {"order_id": oid})
        assert not read.is_error and read.structured_content["order_id"] == oid

        cancel = {"order_id": oid, "reason": "ordered by mistake"}
        unconfirmed = await mcp.call_tool("cancel_pending_order", cancel)
        assert unconfirmed.is_error
        assert unconfirmed.structured_content["outcome"] == "needs_confirmation"
        await say("assistant", f"Shall I cancel {oid} (ordered by mistake) now?")
        await say("user", "yes please")
        done = await mcp.call_tool("cancel_pending_order", cancel)
        assert not done.is_error, done.content[0].text
        assert done.structured_content["status"] == "cancelled"
    assert [w["tool"] for w in upstream_state(upstream)["writes"]] == ["cancel_pending_order"]
    traces = [orjson.loads(x) for x in (tmp_path / "traces.jsonl").read_bytes().splitlines()]
    calls = [r for r in traces if r["event"] == "call" and r["session_id"] == sid]
    assert [r["tool"] for r in calls][-2:] == ["cancel_pending_order"] * 2


async def test_a_held_write_over_mcp_returns_its_ticket(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    proxy, _ = await make_proxy(str(upstream.make_url("")), policy={"dirs": POLICIES})
    big = next(o for o in retail_db.orders.values() if o["status"] == "delivered"
               and o["payment_history"][0]["amount"] > 1000
               and not any("linked_to" in i for i in o["items"]))
    uid = big["user_id"]
    sid = await start_session(proxy)
    async with client_for(str(proxy.make_url("/mcp")), sid) as mcp:
        assert not (await mcp.call_tool("find_user_id_by_email",
                                        {"email": retail_db.users[uid]["email"]})).is_error
        assert not (await mcp.call_tool("get_order_details",
                                        {"order_id": big["order_id"]})).is_error
        item = big["items"][0]
        method = big["payment_history"][0]["payment_method_id"]
        for role, text in (("assistant", f"Return {item['name']} ({item['item_id']}) from "
                                         f"{big['order_id']}, refund to {method}. Confirm?"),
                           ("user", "yes")):
            await proxy.post(f"/v1/sessions/{sid}/messages", json={"role": role, "content": text})
        held: Any = await mcp.call_tool("return_delivered_order_items", {
            "order_id": big["order_id"], "item_ids": [item["item_id"]],
            "payment_method_id": method})
    assert held.is_error and held.structured_content["outcome"] == "pending_review"
    assert held.structured_content["ticket"]["ticket_id"].startswith("tk_")
    assert upstream_state(upstream)["writes"] == []


async def test_a_call_must_name_its_session(upstream: TestServer, make_proxy: ProxyFactory,
                                            ) -> None:
    """Only X-Callgate-Session names a session: an Mcp-Session-Id is the client's own choice in
    the stateless revision, so it never maps to a customer's session."""
    proxy, _ = await make_proxy(str(upstream.make_url("")))
    async with client_for(str(proxy.make_url("/mcp")), None) as mcp:
        result = await mcp.call_tool("find_user_id_by_email", {"email": "a@example.com"})
        assert result.is_error and "X-Callgate-Session" in result.content[0].text
    async with client_for(str(proxy.make_url("/mcp")), "s_unknown") as mcp:
        result = await mcp.call_tool("find_user_id_by_email", {"email": "a@example.com"})
        assert result.is_error and "no session" in result.content[0].text
    too_big = await proxy.post("/mcp", data=b"x" * 200_000,
                               headers={"Content-Type": "application/json"})
    assert too_big.status == 413 and (await too_big.json())["outcome"] == "invalid"


async def test_token_confirmation_works_for_an_mcp_client(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The refusal carries the confirmation id; the trusted front end confirms it over HTTP;
    the model's repeated call executes once."""
    proxy, _ = await token_proxy(make_proxy, upstream, tmp_path, monkeypatch)
    args = {"order_id": first_order(retail_db, "pending")["order_id"],
            "reason": "no longer needed"}
    sid = await start_session(proxy)
    async with client_for(str(proxy.make_url("/mcp")), sid) as mcp:
        first = await mcp.call_tool("cancel_pending_order", args)
        assert first.is_error
        cid = first.structured_content["confirmation"]["confirmation_id"]
        ok = await proxy.post(f"/v1/sessions/{sid}/confirmations/{cid}",
                              headers={"Authorization": "Bearer s3cret"})
        assert ok.status == 200
        second = await mcp.call_tool("cancel_pending_order", args)
        assert not second.is_error, second.content[0].text
        third = await mcp.call_tool("cancel_pending_order", args)
        assert third.is_error  # single use
    assert len(upstream_state(upstream)["writes"]) == 1
