"""End to end over loopback: agent -> proxy -> demo upstream, and every way that can go wrong."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from proxy.demo.data import RetailDB
from proxy.trace import TraceRecord, record_to_json

from .conftest import MODE, ProxyFactory, call, first_order, start_session, upstream_state


def trace_records(tmp_path: Path) -> list[TraceRecord]:
    """The trace's records; each line must be a TraceRecord exactly (strict types), written as
    the model would write it (the per-call record is written from its fields, not the model)."""
    lines = (tmp_path / "traces.jsonl").read_bytes().splitlines()
    records = [TraceRecord.model_validate_json(line, strict=True) for line in lines]
    assert [record_to_json(r) for r in records] == lines
    return records



async def test_read_and_write_are_forwarded_and_recorded(
    proxy: TestClient[Any, Any], upstream: TestServer, retail_db: RetailDB, tmp_path: Path
) -> None:
    order = first_order(retail_db, "pending")
    sid = await start_session(proxy)
    status, body = await call(proxy, sid, "get_order_details", order_id=order["order_id"])
    assert status == 200, body
    assert body["outcome"] == "executed"
    assert body["result"]["order_id"] == order["order_id"]
    assert body["call_id"].startswith("c_") and body["decision_id"].startswith("d_")

    status, body = await call(proxy, sid, "cancel_pending_order", order_id=order["order_id"],
                              reason="ordered by mistake")
    assert status == 200, body
    assert body["result"]["status"] == "cancelled"
    writes = upstream_state(upstream)["writes"]
    assert [w["tool"] for w in writes] == ["cancel_pending_order"]
    assert writes[0]["idempotency_key"] == body["call_id"]

    resp = await proxy.get(f"/v1/sessions/{sid}")
    history = (await resp.json())["calls"]
    assert [(c["tool"], c["outcome"]) for c in history] == [
        ("get_order_details", "executed"), ("cancel_pending_order", "executed")]

    resp = await proxy.post(f"/v1/sessions/{sid}/end", json={"success": True, "reward": 1.0})
    assert resp.status == 200
    events = [(r.event, r.tool) for r in trace_records(tmp_path)]
    assert events == [("session_start", None), ("call", "get_order_details"),
                      ("call", "cancel_pending_order"), ("session_end", None)]


async def test_read_results_become_facts(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path
) -> None:
    proxy, rt = await make_proxy(str(upstream.make_url("")))
    order = first_order(retail_db, "delivered")
    sid = await start_session(proxy)
    await call(proxy, sid, "get_order_details", order_id=order["order_id"])
    await call(proxy, sid, "get_order_details", order_id="#W0")  # not found: no fact
    await rt.store.write([])  # the records' batch committed now (else within 100 ms)
    db = sqlite3.connect(tmp_path / "callgate.db")
    rows = db.execute("SELECT tool, args, result FROM facts WHERE session_id = ?", (sid,)).fetchall()
    assert [(t, json.loads(a)) for t, a, _ in rows] == [
        ("get_order_details", {"order_id": order["order_id"]})]
    assert json.loads(rows[0][2])["status"] == "delivered"


async def test_invalid_arguments_get_422_with_pointer(
    proxy: TestClient[Any, Any], upstream: TestServer
) -> None:
    sid = await start_session(proxy)
    status, body = await call(proxy, sid, "cancel_pending_order", order_id="W123",
                              reason="because")
    assert status == 422
    assert body["outcome"] == "invalid"
    pointers = {e.get("pointer") for e in body["errors"]}
    assert {"/order_id", "/reason"} <= pointers
    reason = next(e for e in body["errors"] if e.get("pointer") == "/reason")
    assert "ordered by mistake" in reason["message"]

    status, body = await call(proxy, sid, "get_order_details")
    assert status == 422
    assert any(e.get("pointer") == "/order_id" for e in body["errors"])
    status, body = await call(proxy, sid, "get_order_details", order_id="#W1", extra=1)
    assert status == 422
    assert any("extra" in e["message"] for e in body["errors"])
    assert upstream_state(upstream)["requests"] == 0


async def test_unknown_tool_and_session_are_refused(
    proxy: TestClient[Any, Any], upstream: TestServer
) -> None:
    sid = await start_session(proxy)
    status, body = await call(proxy, sid, "get_order_detail", order_id="#W1")
    assert status == 404
    assert body["errors"][0]["code"] == "unknown_tool"
    assert "get_order_details" in body["errors"][0]["message"]  # a suggestion
    status, body = await call(proxy, "s_nope", "get_order_details", order_id="#W1")
    assert status == 404
    assert body["errors"][0]["code"] == "unknown_session"
    resp = await proxy.post("/v1/sessions/s_nope/messages", json={"role": "user", "content": "hi"})
    assert resp.status == 404
    assert upstream_state(upstream)["requests"] == 0


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        (b"{", 400, "invalid JSON"),
        (b"[]", 400, "JSON object"),
        (b'{"tool": "think", "tool": "calculate", "arguments": {}}', 400, "duplicate key"),
        (b'{"tool": "calculate", "arguments": {"expression": NaN}}', 400, "NaN"),
        (b'{"tool": "calculate", "arguments": {"expression": Infinity}}', 400, "Infinity"),
        (b'{"tool": "calculate", "arguments": {"a": {"b": {"a": {"b": 1, "b": 2}}}}}', 400,
         "duplicate key"),
        (b'{"tool": "think", "arguments": ' + b'[' * 40 + b']' * 40 + b"}", 400, "nested deeper"),
        (b'{"tool": "think", "arguments": ' + b'[' * 100000 + b']' * 100000 + b"}", 413, "exceeds"),
        (b'{"tool": "think", "arguments": ' + b'[' * 20000 + b']' * 20000 + b"}", 400,
         "nested deeper"),
        (b'{"tool": "think", "arguments": {"thought": "' + b"x" * 70000 + b'"}}', 413, "exceeds"),
        (b'\xff\xfe{}', 400, "UTF-8"),
        (b'{"tool": 3}', 400, "non-empty string"),
        (b'{"tool": "think", "arguments": []}', 400, "JSON object"),
        (b'{"tool": "think", "arguments": {}, "x": 1}', 400, "unexpected fields"),
    ],
)
async def test_bad_json_is_refused_and_nothing_forwarded(
    proxy: TestClient[Any, Any], upstream: TestServer, tmp_path: Path,
    body: bytes, status: int, needle: str,
) -> None:
    sid = await start_session(proxy)
    resp = await proxy.post(f"/v1/sessions/{sid}/calls", data=body,
                            headers={"Content-Type": "application/json"})
    assert resp.status == status
    envelope = await resp.json()
    assert envelope["outcome"] == "invalid"
    assert needle in json.dumps(envelope)
    assert upstream_state(upstream)["requests"] == 0
    calls = [r for r in trace_records(tmp_path) if r.event == "call"]
    assert len(calls) == 1 and calls[0].outcome == "invalid" and calls[0].error_code


async def test_slow_client_body_times_out(proxy: TestClient[Any, Any]) -> None:
    sid = await start_session(proxy)

    async def trickle() -> Any:
        yield b'{"tool": "think", '
        await asyncio.sleep(2.0)  # the client body timeout is 1 s
        yield b'"arguments": {"thought": "x"}}'

    resp = await proxy.post(f"/v1/sessions/{sid}/calls", data=trickle())
    assert resp.status == 408
    assert (await resp.json())["errors"][0]["code"] == "request_body_timeout"


@pytest.mark.parametrize("framing", ["content-length", "chunked"])
async def test_a_body_over_the_limit_is_refused_whole(
    make_proxy: ProxyFactory, upstream: TestServer, framing: str
) -> None:
    """Over max_body_bytes, with its length announced or not (a chunked body that arrives in
    one piece is read without waiting): 413, and nothing reaches the upstream."""
    proxy, _ = await make_proxy(str(upstream.make_url("")), limits={"max_body_bytes": 2048})
    sid = await start_session(proxy)
    body = json.dumps({"tool": "get_order_details",
                       "arguments": {"order_id": "#W" + "1" * 3000}}).encode()

    async def whole() -> Any:
        yield body

    resp = await proxy.post(f"/v1/sessions/{sid}/calls",
                            data=body if framing == "content-length" else whole(),
                            headers={"Content-Type": "application/json"})
    assert resp.status == 413
    assert (await resp.json())["errors"][0]["code"] == "request_too_large"
    assert upstream_state(upstream)["requests"] == 0


@pytest.mark.parametrize(
    ("kind", "status", "code"),
    [("error", 502, "upstream_rejected"), ("slow", 504, "upstream_timeout"),
     ("drop", 502, "upstream_outcome_unknown")],
)
async def test_upstream_failures_give_clear_envelopes(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
    kind: str, status: int, code: str,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    fake_upstream_app[MODE].update(kind=kind, delay=5.0)
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    loop = asyncio.get_running_loop()
    started = loop.time()
    st, body = await call(client, sid, "cancel_pending_order", order_id="#W1",
                          reason="no longer needed")
    assert loop.time() - started < 3.0  # within the 1 s upstream timeout, plus slack
    assert st == status
    assert body["outcome"] == "upstream_error"
    assert body["errors"][0]["code"] == code
    assert fake_upstream_app[MODE]["hits"] == 1  # a write is never retried
    if kind == "error":
        assert body["upstream_status"] == 500
        assert "exploded" in body["result"]


async def test_upstream_down(make_proxy: ProxyFactory, closed_port: int) -> None:
    client, _ = await make_proxy(f"http://127.0.0.1:{closed_port}")
    sid = await start_session(client)
    status, body = await call(client, sid, "get_order_details", order_id="#W1")
    assert status == 502
    assert body["errors"][0]["code"] == "upstream_unavailable"


async def test_domain_refusal_is_passed_on(
    proxy: TestClient[Any, Any], retail_db: RetailDB
) -> None:
    order = first_order(retail_db, "delivered")
    sid = await start_session(proxy)
    status, body = await call(proxy, sid, "cancel_pending_order", order_id=order["order_id"],
                              reason="no longer needed")
    assert status == 502
    assert body["upstream_status"] == 409
    assert "pending" in body["result"]["error"]


async def test_sandbox_session_uses_sandbox_upstream(
    make_proxy: ProxyFactory, aiohttp_server: Any, retail_db: RetailDB,
) -> None:
    from proxy.demo.data import generate
    from proxy.demo.retail import build_retail_app

    live = await aiohttp_server(build_retail_app(retail_db))
    sandbox = await aiohttp_server(build_retail_app(generate(seed=7)))
    client, _ = await make_proxy(str(live.make_url("")),
                                 upstreams={"retail": {"base_url": str(live.make_url("")),
                                                       "sandbox_url": str(sandbox.make_url(""))}})
    order = first_order(retail_db, "pending")
    sid = await start_session(client, environment="sandbox")
    status, _ = await call(client, sid, "cancel_pending_order", order_id=order["order_id"],
                           reason="no longer needed")
    assert status == 200
    assert upstream_state(sandbox)["writes"] and not upstream_state(live)["writes"]
    assert retail_db.orders[order["order_id"]]["status"] == "pending"


async def test_sandbox_without_sandbox_url_fails_closed(
    proxy: TestClient[Any, Any], upstream: TestServer
) -> None:
    sid = await start_session(proxy, environment="sandbox")
    status, body = await call(proxy, sid, "get_order_details", order_id="#W1")
    assert status == 502
    assert "sandbox" in body["errors"][0]["message"]
    assert upstream_state(upstream)["requests"] == 0


async def test_session_lifecycle_and_messages(proxy: TestClient[Any, Any], tmp_path: Path) -> None:
    resp = await proxy.post("/v1/sessions", json={"environment": "prod"})
    assert resp.status == 422
    resp = await proxy.post("/v1/sessions", json={
        "environment": "live", "user": "u1",
        "tags": {"domain": "retail", "scenario": "t7", "trial": 2, "persona": "impatient"}})
    assert resp.status == 201
    sid = (await resp.json())["session_id"]
    resp = await proxy.post(f"/v1/sessions/{sid}/messages", json={"role": "user", "content": "hi"})
    assert resp.status == 201 and (await resp.json())["seq"] == 1
    resp = await proxy.post(f"/v1/sessions/{sid}/messages", json={"role": "robot", "content": "x"})
    assert resp.status == 422
    resp = await proxy.post(f"/v1/sessions/{sid}/end", json={"reward": "NaN"})
    assert resp.status == 422
    resp = await proxy.post(f"/v1/sessions/{sid}/end", json={"success": False})
    assert resp.status == 200
    resp = await proxy.post(f"/v1/sessions/{sid}/end", json={})
    assert resp.status == 409
    status, body = await call(proxy, sid, "think", thought="x")
    assert status == 409 and body["errors"][0]["code"] == "session_ended"
    records = trace_records(tmp_path)
    start = records[0]
    assert start.tags == {"domain": "retail", "scenario": "t7", "trial": 2, "persona": "impatient"}
    assert [r.event for r in records] == ["session_start", "message", "session_end", "call"]


async def test_health_ready_openapi_tools(proxy: TestClient[Any, Any]) -> None:
    assert (await proxy.get("/healthz")).status == 200
    resp = await proxy.get("/readyz")
    assert resp.status == 200 and (await resp.json())["store"] == "ok"
    spec = await (await proxy.get("/openapi.json")).json()
    assert "/v1/sessions/{session_id}/calls" in spec["paths"]
    assert "Envelope" in spec["components"]["schemas"]
    tools = (await (await proxy.get("/v1/tools")).json())["tools"]
    assert len(tools) == 17
    assert {t["kind"] for t in tools} == {"read", "write"}


async def test_session_survives_restart(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB
) -> None:
    client, runtime = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    order = first_order(retail_db, "pending")
    await call(client, sid, "get_order_details", order_id=order["order_id"])
    await client.close()  # a clean shutdown; a new process reads the same store
    client2, runtime2 = await make_proxy(str(upstream.make_url("")))
    resp = await client2.get(f"/v1/sessions/{sid}")
    assert resp.status == 200
    state = await runtime2.sessions.get(sid)
    assert state.fact("get_order_details", {"order_id": order["order_id"]})["order_id"] == \
        order["order_id"]
    status, _ = await call(client2, sid, "think", thought="still here")
    assert status == 200
    assert [c.seq for c in state.calls] == [1, 2]
    assert runtime is not runtime2


async def test_trace_redaction(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path, retail_db: RetailDB
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 trace={"redact": ["payment_method_id"]})
    order = first_order(retail_db, "pending")
    sid = await start_session(client)
    await call(client, sid, "modify_pending_order_payment", order_id=order["order_id"],
               payment_method_id="credit_card_0000001")
    rec = next(r for r in trace_records(tmp_path) if r.event == "call")
    assert rec.arguments == {"order_id": order["order_id"], "payment_method_id": "[redacted]"}


async def test_traces_ignore_the_operator_log_level(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path
) -> None:
    import structlog

    from proxy.cli import configure_logging

    configure_logging("error")
    try:
        client, _ = await make_proxy(str(upstream.make_url("")))
        sid = await start_session(client)
        await call(client, sid, "think", thought="x")
    finally:
        structlog.reset_defaults()
    assert [r.event for r in trace_records(tmp_path)] == ["session_start", "call"]


async def test_pattern_errors_carry_the_field_description(proxy: TestClient[Any, Any]) -> None:
    sid = await start_session(proxy)
    status, body = await call(proxy, sid, "get_order_details", order_id="W1")
    assert status == 422
    item = next(e for e in body["errors"] if e.get("pointer") == "/order_id")
    assert "leading '#'" in item["message"]


async def test_large_upstream_answers_arrive_whole(
    make_proxy: ProxyFactory, aiohttp_server: Any,
) -> None:
    big = {"items": [{"id": i, "name": "x" * 200} for i in range(3000)]}  # ~700 KB

    async def handler(request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "application/json"})
        await resp.prepare(request)
        body = json.dumps(big).encode()
        for i in range(0, len(body), 8192):  # dribbled out in small pieces
            await resp.write(body[i:i + 8192])
        await resp.write_eof()
        return resp

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    fake = await aiohttp_server(app)
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    status, body = await call(client, sid, "list_all_product_types")
    assert status == 200 and body["result"] == big


async def test_oversized_upstream_answer_is_refused(
    make_proxy: ProxyFactory, aiohttp_server: Any,
) -> None:
    async def handler(request: web.Request) -> web.Response:
        return web.json_response({"blob": "x" * 5000})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    fake = await aiohttp_server(app)
    client, _ = await make_proxy(str(fake.make_url("")), limits={"max_upstream_bytes": 1000})
    sid = await start_session(client)
    status, body = await call(client, sid, "list_all_product_types")
    assert status == 502 and "more than 1000 bytes" in body["errors"][0]["message"]
    # it answered: not "could not be reached"
    assert body["errors"][0]["code"] == "upstream_too_large"
    assert "more data than the proxy accepts" in body["message"]


async def test_forwards_its_own_serialisation_not_the_agent_bytes(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    raw = (b'{ "tool" : "cancel_pending_order",\n  "arguments": {"reason": "no longer needed",'
           b' "order_id": "\\u0023W1"  } }')
    resp = await client.post(f"/v1/sessions/{sid}/calls", data=raw,
                             headers={"Content-Type": "application/json"})
    assert resp.status == 200
    assert fake_upstream_app[MODE]["last_body"] == b'{"reason":"no longer needed"}'
    headers = fake_upstream_app[MODE]["last_headers"]
    assert headers["Idempotency-Key"] == (await resp.json())["call_id"]
