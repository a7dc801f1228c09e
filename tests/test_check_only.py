"""Check-only (like Envoy's ext_authz): the platform asks "may this call run?", runs it itself,
and reports the outcome back, so facts, confirmations, once-only rules and traces stay right.
Nothing reaches the upstream through callgate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from aiohttp.test_utils import TestClient, TestServer
from click.testing import CliRunner

from proxy.cli import main
from proxy.demo.data import RetailDB

from .conftest import ROOT, ProxyFactory, first_order, start_session, upstream_state


async def check(client: TestClient[Any, Any], sid: str, tool: str, **args: Any
                ) -> tuple[int, Any]:
    resp = await client.post(f"/v1/sessions/{sid}/check", json={"tool": tool, "arguments": args})
    return resp.status, await resp.json()


async def report(client: TestClient[Any, Any], sid: str, call_id: str, outcome: str,
                 result: Any = None) -> tuple[int, Any]:
    resp = await client.post(f"/v1/sessions/{sid}/calls/{call_id}/outcome",
                             json={"outcome": outcome, "result": result, "upstream_status": 200})
    return resp.status, await resp.json()


async def say(client: TestClient[Any, Any], sid: str, role: str, text: str) -> None:
    resp = await client.post(f"/v1/sessions/{sid}/messages", json={"role": role, "content": text})
    assert resp.status == 201


async def test_the_platform_runs_what_callgate_allows_and_reports_back(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 policy={"dirs": [str(ROOT / "policies" / "retail")]})
    order = first_order(retail_db, "pending")
    oid, uid = order["order_id"], order["user_id"]
    sid = await start_session(client, mode="check", tags={"domain": "retail"})
    status, body = await check(client, sid, "get_order_details", order_id=oid)
    assert status == 403 and body["violations"][0]["rule"] == "authenticate-first"

    status, body = await check(client, sid, "find_user_id_by_email",
                               email=retail_db.users[uid]["email"])
    assert status == 200 and body["outcome"] == "allowed" and body["decision_id"]
    assert (await report(client, sid, body["call_id"], "executed", uid))[0] == 200
    # a reported read is a fact like any other: the user is authenticated now
    status, body = await check(client, sid, "get_order_details", order_id=oid)
    assert status == 200, body
    assert (await report(client, sid, body["call_id"], "executed", order))[0] == 200

    status, body = await check(client, sid, "cancel_pending_order", order_id=oid,
                               reason="ordered by mistake")
    assert status == 428 and body["outcome"] == "needs_confirmation"
    await say(client, sid, "assistant", f"Shall I cancel {oid} (ordered by mistake) now?")
    await say(client, sid, "user", "yes, go ahead")
    status, body = await check(client, sid, "cancel_pending_order", order_id=oid,
                               reason="ordered by mistake")
    assert status == 200 and body["outcome"] == "allowed", body
    cancel = body["call_id"]
    # checked again before its outcome is reported: report first (not "outcome unknown")
    status, body = await check(client, sid, "cancel_pending_order", order_id=oid,
                               reason="ordered by mistake")
    assert status == 403 and "awaiting-report" in {v["rule"] for v in body["violations"]}
    assert f"calls/{cancel}/outcome" in body["message"]
    status, answer = await report(client, sid, cancel, "executed", {**order, "status": "cancelled"})
    assert status == 200 and answer["outcome"] == "executed"
    assert (await report(client, sid, cancel, "executed"))[0] == 409  # once
    assert (await report(client, sid, "c_nope", "executed"))[0] == 404
    # the yes was used by the write the platform ran: a second cancel is refused
    status, body = await check(client, sid, "cancel_pending_order", order_id=oid,
                               reason="ordered by mistake")
    assert status == 403 and "confirm-writes" in {v["rule"] for v in body["violations"]}
    assert upstream_state(upstream)["writes"] == []  # callgate itself sent nothing
    await client.post(f"/v1/sessions/{sid}/end", json={"success": True})

    lines = [orjson.loads(x) for x in (tmp_path / "traces.jsonl").read_bytes().splitlines()]
    outcomes = [r for r in lines if r["event"] == "outcome"]
    assert [r["tool"] for r in outcomes] == ["find_user_id_by_email", "get_order_details",
                                             "cancel_pending_order"]
    assert all(r["origin"] == "platform" for r in outcomes)
    checked = [r for r in lines if r["event"] == "call" and r.get("outcome") == "allowed"]
    assert len(checked) == 3
    assert CliRunner().invoke(main, ["report", str(tmp_path / "traces.jsonl")]).exit_code == 0


async def test_a_write_the_platform_could_not_confirm_is_not_allowed_again(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    """Reported "unknown": it may have happened, so the same write is held for a human; reported
    "failed": definitely not done, so it may be tried again."""
    client, _ = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client, mode="check", tags={"domain": "retail"})
    args = {"user_id": "u1", "address1": "1 Elm", "address2": "", "city": "Austin",
            "state": "TX", "country": "USA", "zip": "78701"}
    status, body = await check(client, sid, "modify_user_address", **args)
    assert status == 200
    assert (await report(client, sid, body["call_id"], "failed"))[0] == 200
    status, body = await check(client, sid, "modify_user_address", **args)
    assert status == 200, body  # failed for sure: allowed again
    assert (await report(client, sid, body["call_id"], "unknown"))[0] == 200
    status, body = await check(client, sid, "modify_user_address", **args)
    assert status == 202 and body["outcome"] == "pending_review"
    assert "outcome-unknown" in {v["rule"] for v in body["violations"]}


async def test_a_session_is_check_only_or_proxied_never_both(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    """Reported results are the platform's word: they decide its own checks, never a call
    callgate sends itself (a forged read could otherwise authorise a real refund)."""
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 policy={"dirs": [str(ROOT / "policies" / "retail")]})
    order = first_order(retail_db, "pending")
    checked = await start_session(client, mode="check", tags={"domain": "retail"})
    status, body = await check(client, checked, "find_user_id_by_email", email="x@example.com")
    assert status == 200
    assert (await report(client, checked, body["call_id"], "executed", order["user_id"]))[0] \
        == 200  # the platform's word: this session is now "authenticated"
    resp = await client.post(f"/v1/sessions/{checked}/calls", json={
        "tool": "get_order_details", "arguments": {"order_id": order["order_id"]}})
    assert resp.status == 409 and (await resp.json())["errors"][0]["code"] == \
        "wrong_session_mode"
    proxied = await start_session(client, tags={"domain": "retail"})
    status, body = await check(client, proxied, "find_user_id_by_email", email="x@example.com")
    assert status == 409 and body["errors"][0]["code"] == "wrong_session_mode"
    assert upstream_state(upstream)["requests"] == 0 or upstream_state(upstream)["writes"] == []
    # and once a session ended, its calls' outcomes can no longer change
    status, body = await check(client, checked, "get_order_details", order_id=order["order_id"])
    assert status == 200
    await client.post(f"/v1/sessions/{checked}/end", json={"success": True})
    assert (await report(client, checked, body["call_id"], "executed", order))[0] == 409


async def test_an_outcome_report_may_carry_an_answer_as_large_as_the_upstream_limit(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    """The platform reports what its upstream answered: an answer past the request limit
    (``limits.max_body_bytes``) but within the upstream one is taken whole (a proxied call could
    have carried it); past the upstream limit it is refused in words, and nothing changes."""
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 limits={"max_body_bytes": 4096, "max_upstream_bytes": 64_000})
    order = first_order(retail_db, "pending")
    sid = await start_session(client, mode="check", tags={"domain": "retail"})
    status, body = await check(client, sid, "get_order_details", order_id=order["order_id"])
    large = {**order, "notes": "n" * 40_000}  # ten times the request limit
    status, answer = await report(client, sid, body["call_id"], "executed", large)
    assert status == 200 and answer["outcome"] == "executed", answer
    session = await (await client.get(f"/v1/sessions/{sid}")).json()
    assert [c["outcome"] for c in session["calls"]] == ["executed"]

    status, body = await check(client, sid, "get_order_details", order_id=order["order_id"])
    status, answer = await report(client, sid, body["call_id"], "executed",
                                  {**order, "notes": "n" * 80_000})
    assert status == 413 and answer["errors"][0]["code"] == "request_too_large", answer
    assert "bytes" in answer["errors"][0]["message"]
    session = await (await client.get(f"/v1/sessions/{sid}")).json()
    # the checked call still awaits its report
    assert [c["outcome"] for c in session["calls"]][-1] == "forwarding"
    # the call itself is still held to the request limit
    resp = await client.post(f"/v1/sessions/{sid}/check", json={
        "tool": "get_order_details", "arguments": {"order_id": "x" * 5000}})
    assert resp.status == 413
