"""Live replay: recorded sessions driven through a running proxy, answers reported per call."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestServer

from proxy.demo.data import RetailDB
from proxy.drive import drive
from proxy.trace import TraceRecord

from .conftest import ROOT, ProxyFactory, first_order, upstream_state


async def test_drive_a_recorded_session(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 policy={"dirs": [str(ROOT / "policies" / "retail")]})
    order = first_order(retail_db, "pending")
    email = retail_db.users[order["user_id"]]["email"]
    oid = order["order_id"]

    def call(tool: str, **args: Any) -> TraceRecord:
        return TraceRecord(ts="t", event="call", session_id="rec", tool=tool, arguments=args,
                           kind="write" if tool.startswith("cancel") else "read",
                           outcome="executed")

    def say(role: str, text: str) -> TraceRecord:
        return TraceRecord(ts="t", event="message", session_id="rec", role=role, content=text)

    recorded = [
        TraceRecord(ts="t", event="session_start", session_id="rec",
                    tags={"domain": "retail", "scenario": "7", "trial": 0}),
        call("cancel_pending_order", order_id=oid, reason="no longer needed"),  # too early
        call("find_user_id_by_email", email=email),
        call("get_order_details", order_id=oid),
        say("assistant", f"Cancel {oid} as no longer needed?"),
        say("user", "yes"),
        call("cancel_pending_order", order_id=oid, reason="no longer needed"),
        TraceRecord(ts="t", event="session_end", session_id="rec", success=True),
    ]
    calls = await drive([recorded], str(client.make_url("")))
    assert [(c.tool, c.verdict) for c in calls] == [
        ("cancel_pending_order", "block"), ("find_user_id_by_email", "allow"),
        ("get_order_details", "allow"), ("cancel_pending_order", "allow")]
    assert "authenticate-first" in calls[0].rules
    assert calls[0].case == "7" and calls[0].index == 0
    assert [w["tool"] for w in upstream_state(upstream)["writes"]] == ["cancel_pending_order"]
