"""Hardening, tried as an attacker would: hostile paths and values, routes and keys, methods."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from proxy.pipeline import Runtime
from proxy.trace import redact_cards

from .conftest import MODE, ProxyFactory, call, start_session


async def keyed(make_proxy: ProxyFactory, base_url: str) -> tuple[TestClient[Any, Any], Runtime,
                                                                 str, str]:
    client, rt = await make_proxy(base_url, gate={"require_agent_key": True})
    assert rt.accounts is not None
    a = (await rt.accounts.create_agent_key("a", "team-a"))["key"]
    b = (await rt.accounts.create_agent_key("b", "team-b"))["key"]
    return client, rt, a, b


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def test_dot_segments_and_separators_never_reach_the_upstream(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    for bad in ("..", ".", "a/b", "a\\b", "x\ny"):
        status, body = await call(client, sid, "get_user_details", user_id=bad)
        assert status == 422, (bad, body)
        assert body["errors"][1]["code"] == "path_segment"
    status, _ = await call(client, sid, "get_order_details", order_id="#W1\n")
    assert status == 422  # the pattern ^#W[0-9]+$ is matched in full
    assert fake_upstream_app[MODE]["hits"] == 0
    assert (await call(client, sid, "get_order_details", order_id="#W1"))[0] == 200


async def test_routes_are_authenticated_by_what_they_matched(
    make_proxy: ProxyFactory, upstream: TestServer,
) -> None:
    client, _, a, _ = await keyed(make_proxy, str(upstream.make_url("")))
    resp = await client.post("/v1/sessions", json={"tags": {"domain": "retail"}}, headers=auth(a))
    sid = (await resp.json())["session_id"]
    for path in (f"/v1/sessions/{sid}%2Fconfirmations%2Fx/calls",
                 f"/v1/sessions/{sid}/calls?x=/confirmations/",
                 "/v1/sessions/x/confirmations/../calls"):
        resp = await client.post(path, json={"tool": "think", "arguments": {"thought": "x"}})
        assert resp.status in (401, 404), (path, resp.status)
        assert resp.status != 200
    resp = await client.post(f"/v1/sessions/{sid}/calls", headers=auth(a),
                             json={"tool": "think", "arguments": {"thought": "x"}})
    assert resp.status == 200


async def test_one_agent_key_never_sees_anothers_sessions(
    make_proxy: ProxyFactory, upstream: TestServer,
) -> None:
    client, _, a, b = await keyed(make_proxy, str(upstream.make_url("")))
    resp = await client.post("/v1/sessions", json={"tags": {"domain": "retail"}}, headers=auth(a))
    sid = (await resp.json())["session_id"]
    for method, path, body in (
            ("GET", f"/v1/sessions/{sid}", None),
            ("POST", f"/v1/sessions/{sid}/messages", {"role": "user", "content": "hi"}),
            ("POST", f"/v1/sessions/{sid}/calls", {"tool": "think", "arguments": {"thought": "x"}}),
            ("POST", f"/v1/sessions/{sid}/end", {})):
        resp = await client.request(method, path, json=body, headers=auth(b))
        assert resp.status == 404, (method, path, resp.status)
    resp = await client.get(f"/v1/sessions/{sid}", headers=auth(a))
    assert resp.status == 200 and (await resp.json())["messages"] == 0


async def test_methods_headers_and_values(make_proxy: ProxyFactory, upstream: TestServer) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")))
    resp = await client.request("TRACE", "/v1/sessions")
    assert resp.status == 405
    assert resp.headers["Server"] == "callgate"
    sid = await start_session(client)
    resp = await client.post(f"/v1/sessions/{sid}/end", json={"reward": False})
    assert resp.status == 422
    resp = await client.post(f"/v1/sessions/{sid}/calls",
                             data=b'{"tool": "think", "arguments": {"n": 1' + b"0" * 5000 + b"}}")
    assert resp.status == 400
    resp = await client.post("/v1/operator/login",
                             data=b'{"username": "x", "password": 18446744073709551616}')
    assert resp.status == 400


async def test_errors_are_said_as_the_api_says_them(make_proxy: ProxyFactory,
                                                    upstream: TestServer) -> None:
    """A path no route serves, a method a route does not take, and JSON that is no call each
    answer with the API's error envelope (outcome, message, errors), never a text page."""
    client, _ = await make_proxy(str(upstream.make_url("")))
    resp = await client.get("/nope")
    assert resp.status == 404 and resp.content_type == "application/json"
    body = await resp.json()
    assert body["outcome"] == "invalid" and body["errors"][0]["code"] == "not_found"
    assert "/openapi.json" in body["message"]
    sid = await start_session(client)
    resp = await client.get(f"/v1/sessions/{sid}/calls")
    assert resp.status == 405 and resp.headers["Allow"] == "POST"
    body = await resp.json()
    assert body["errors"][0] == {"code": "method_not_allowed",
                                 "message": f"GET /v1/sessions/{sid}/calls: it takes POST"}
    for sent, said in (({"tool": 123, "arguments": {}}, "'tool' must be a non-empty string"),
                       ({"tool": "think", "arguments": {}, "extra": 1}, "unexpected fields")):
        resp = await client.post(f"/v1/sessions/{sid}/calls", json=sent)
        body = await resp.json()
        assert resp.status == 400 and body["message"].startswith("The request body is not a call")
        assert said in body["errors"][0]["message"]


@pytest.mark.parametrize(("text", "shown"), [
    ("card 4111 1111 1111 1111 please", "card [card ...1111] please"),
    ("4111-1111-1111-1111", "[card ...1111]"),
    ("5500005555555559", "[card ...5559]"),
    ("order 12345678901234", "order 12345678901234"),  # fails the Luhn check: not a card
    ("#W1234567", "#W1234567"),
])
def test_card_numbers_are_redacted(text: str, shown: str) -> None:
    assert redact_cards(text) == shown


async def test_no_card_number_reaches_a_trace(
    make_proxy: ProxyFactory, upstream: TestServer, tmp_path: Path,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    resp = await client.post(f"/v1/sessions/{sid}/messages",
                             json={"role": "user", "content": "my card is 4111 1111 1111 1111"})
    assert resp.status == 201
    await call(client, sid, "think", thought="card 5500005555555559 noted")
    written = (tmp_path / "traces.jsonl").read_text()
    assert "4111 1111 1111 1111" not in written and "5500005555555559" not in written
    assert "[card ...1111]" in written and "[card ...5559]" in written


def test_sensitive_fields_are_redacted_at_any_depth() -> None:
    from proxy.trace import REDACTED, scrub

    value = {"user": {"name": "Ava", "Password": "hunter2", "cards": [{"cvv": "123"}]},
             "note": "card 4111111111111111"}
    out = scrub(value, frozenset({"password", "cvv"}))
    assert out == {"user": {"name": "Ava", "Password": REDACTED, "cards": [{"cvv": REDACTED}]},
                   "note": "card [card ...1111]"}


async def test_findings_of_the_attack_run(make_proxy: ProxyFactory, upstream: TestServer,
                                          tmp_path: Path) -> None:
    """Regression tests for what a tester found against the demo."""
    import sqlite3

    client, rt = await make_proxy(str(upstream.make_url("")))
    assert rt.accounts is not None
    from proxy.gate.auth import Role

    await rt.accounts.create_operator("ada", "correct horse battery", Role.ADMIN, "t")
    # a one-time code in non-ASCII digits is a wrong code (401), not a 500 password oracle
    for password in ("correct horse battery", "wrong password here"):
        resp = await client.post("/v1/operator/login", json={
            "username": "ada", "password": password, "totp": "\uff11\uff12\uff13\uff14\uff15\uff16"})
        assert resp.status == 401
    # a body whose gzip stream is broken is the client's fault: 400
    sid = await start_session(client)
    resp = await client.post(f"/v1/sessions/{sid}/messages", data=b"{}",
                             headers={"Content-Encoding": "gzip", "Connection": "close",
                                      "Content-Type": "application/json"})
    assert resp.status == 400
    # types are not coerced on /end
    for body in ({"success": "yes"}, {"reward": "1_000"}):
        resp = await client.post(f"/v1/sessions/{sid}/end", json=body)
        assert resp.status == 422 and (await resp.json())["errors"][0]["code"] == "invalid_body"
    # card numbers never at rest: not in the store, not in traces
    resp = await client.post(f"/v1/sessions/{sid}/messages", json={
        "role": "user", "content": "card 4111 1111 1111 1111, or 4111.1111.1111.1111"})
    assert resp.status == 201
    await call(client, sid, "think", thought="4111111111111111")
    await rt.store.close()  # type: ignore[attr-defined]
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("callgate.db*"))
    raw += (tmp_path / "traces.jsonl").read_bytes()
    for form in (b"4111 1111 1111 1111", b"4111111111111111", b"4111.1111.1111.1111"):
        assert form not in raw
    assert oct((tmp_path / "callgate.db").stat().st_mode & 0o777) == "0o600"
    rows = sqlite3.connect(tmp_path / "callgate.db").execute("SELECT content FROM messages")
    assert "[card ...1111]" in next(iter(rows))[0]


async def test_a_strangers_call_is_not_traced_under_the_session(
    make_proxy: ProxyFactory, upstream: TestServer, tmp_path: Path,
) -> None:
    client, _, a, b = await keyed(make_proxy, str(upstream.make_url("")))
    resp = await client.post("/v1/sessions", json={"tags": {"domain": "retail"}}, headers=auth(a))
    sid = (await resp.json())["session_id"]
    resp = await client.post(f"/v1/sessions/{sid}/calls", headers=auth(b),
                             json={"tool": "think", "arguments": {"thought": "mine now"}})
    assert resp.status == 404
    written = (tmp_path / "traces.jsonl").read_text()
    assert "mine now" not in written
    assert f'"session_id":"{sid}","seq"' not in written or "unknown_session" not in written
