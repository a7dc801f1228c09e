"""Who may do what: a route-by-role matrix with no unexpected success, TOTP replay, throttling,
session timeouts, and agent keys and operator sessions kept apart."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from proxy.api.operator import ROUTES
from proxy.gate.auth import Role

from ..conftest import ProxyFactory
from .conftest import POLICIES, Gated, add_operator, bearer, code, login

VIEWER = {"/v1/operator/logout", "/v1/operator/me", "/v1/operator/tickets",
          "/v1/operator/tickets/{ticket_id}", "/v1/operator/tickets/{ticket_id}/read-state"}
ADMIN = {"/v1/operator/tickets/{ticket_id}/resolve", "/v1/operator/operators",
         "/v1/operator/agent-keys", "/v1/operator/agent-keys/{key_id}",
         "/v1/operator/audit/verify"}
RANK = {"viewer": 0, "approver": 1, "admin": 2}


def needed(path: str) -> str:
    return "viewer" if path in VIEWER else ("admin" if path in ADMIN else "approver")


async def test_route_by_role_matrix(gated: Gated) -> None:
    g = gated
    assert g.runtime.accounts is not None
    key = (await g.runtime.accounts.create_agent_key("bot", g.ids["ada"]))["key"]
    tokens = {"viewer": await login(g, "vera"), "approver": await login(g, "abe"),
              "admin": await login(g, "ada")}
    operator_routes = [(m, p) for m, p, _ in ROUTES
                       if p.startswith("/v1/operator") and p != "/v1/operator/login"]
    assert len(operator_routes) >= 15
    unexpected = []
    for method, path in operator_routes:
        if path.endswith("/logout"):
            continue  # would end the session the rest of the matrix uses; tested below
        url = path.replace("{ticket_id}", "tk_none").replace("{key_id}", "key_none")
        for who, headers in (("nobody", {}), ("agent", bearer(key)),
                             *((role, bearer(t)) for role, t in tokens.items())):
            resp = await g.client.request(method, url, headers=headers, json={})
            if who == "nobody":
                ok = resp.status == 401
            elif who == "agent" or RANK[who] < RANK[needed(path)]:
                ok = resp.status == 403
            else:
                ok = resp.status not in (401, 403)
            if not ok:
                unexpected.append((method, path, who, resp.status))
    assert unexpected == []
    resp = await g.client.post("/v1/operator/logout", headers=bearer(tokens["viewer"]))
    assert resp.status == 200
    assert (await g.client.get("/v1/operator/me",
                               headers=bearer(tokens["viewer"]))).status == 401


async def test_operator_sessions_cannot_call_tools(gated: Gated) -> None:
    token = await login(gated, "ada")
    resp = await gated.client.post("/v1/sessions", json={}, headers=bearer(token))
    assert resp.status == 403
    resp = await gated.client.get("/v1/tools", headers=bearer(token))
    assert resp.status == 403


async def test_totp_replay_is_refused(gated: Gated) -> None:
    g = gated
    assert g.runtime.accounts is not None
    now = time.time()  # one moment for the server and the codes: no step ends between logins
    g.runtime.accounts.clock = lambda: now
    await login(g, "abe", at=now)
    resp = await g.client.post("/v1/operator/login", json={
        "username": "abe", "password": "correct horse battery",
        "totp": code(g.secrets["abe"], at=now)})
    assert resp.status == 401  # the same code twice
    await login(g, "abe", steps_ahead=1, at=now)  # the next step's code is fine


async def test_wrong_password_or_code_and_throttling(gated: Gated) -> None:
    """Someone else's guesses never lock the operator out: past five failures the account
    wants its one-time code first, which the operator has and the guesser does not."""
    g = gated
    for attempt in range(6):
        resp = await g.client.post("/v1/operator/login", json={
            "username": "ann", "password": f"wrong password {attempt}", "totp": "123456"})
        assert resp.status == 401
    resp = await g.client.post("/v1/operator/login", json={
        "username": "ann", "password": "correct horse battery", "totp": "000000"})
    assert resp.status == 401  # under pressure a wrong code fails before the password is tried
    resp = await g.client.post("/v1/operator/login", json={
        "username": "ann", "password": "correct horse battery", "totp": code(g.secrets["ann"])})
    assert resp.status == 200, await resp.text()
    resp = await g.client.post("/v1/operator/login", json={
        "username": "abe", "password": "correct horse battery", "totp": "000000"})
    assert resp.status == 401


async def test_an_address_that_keeps_guessing_is_refused(gated: Gated) -> None:
    g = gated
    accounts = g.runtime.accounts
    assert accounts is not None
    from proxy.gate.auth import LoginFailed, Throttled

    for i in range(4 * accounts.max_failures):
        with pytest.raises(LoginFailed):
            await accounts.login(f"nobody{i}", "guess", "123456", "10.9.9.9")
    with pytest.raises(Throttled):  # the guessing address, even with the right credentials
        await accounts.login("ann", "correct horse battery", code(g.secrets["ann"]), "10.9.9.9")
    token = await accounts.login("ann", "correct horse battery", code(g.secrets["ann"]),
                                 "10.1.1.1")  # the operator, elsewhere
    assert token.startswith("ops_")


async def test_concurrent_guesses_are_counted_one_by_one(gated: Gated) -> None:

    from proxy.gate.auth import LoginFailed, Throttled

    accounts = gated.runtime.accounts
    assert accounts is not None
    limit = 4 * accounts.max_failures
    results = await asyncio.gather(*(accounts.login("ann", f"guess {i}", "123456", "10.7.7.7")
                                     for i in range(limit + 10)), return_exceptions=True)
    assert sum(isinstance(r, LoginFailed) for r in results) == limit
    assert sum(isinstance(r, Throttled) for r in results) == 10


async def test_agent_keys(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, runtime = await make_proxy(str(upstream.make_url("")), policy={"dirs": POLICIES},
                                       gate={"require_agent_key": True})
    assert runtime.accounts is not None
    assert (await client.post("/v1/sessions", json={})).status == 401
    made = await runtime.accounts.create_agent_key("support-bot", "op_team")
    assert made["key"].startswith("cgk_")
    row = await runtime.accounts.store.fetchone("SELECT key_hash FROM agent_keys")
    assert row is not None
    stored = row[0]
    assert made["key"] not in stored  # hashed at rest
    resp = await client.post("/v1/sessions", json={}, headers=bearer(made["key"]))
    assert resp.status == 201
    await runtime.accounts.revoke_agent_key(made["key_id"], "op_admin")
    resp = await client.post("/v1/sessions", json={}, headers=bearer(made["key"]))
    assert resp.status == 401


async def test_session_idle_timeout(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, runtime = await make_proxy(str(upstream.make_url("")),
                                       gate={"session_idle_s": 30})
    assert runtime.accounts is not None
    g = Gated(client, runtime, [])
    await add_operator(g, "ida", Role.VIEWER)
    token = await login(g, "ida")
    now = [1_800_000_000.0]
    runtime.accounts.clock = lambda: now[0]
    await runtime.accounts.store.write([("UPDATE operator_sessions SET created_at = ?, "
                                         "last_seen = ?", (now[0], now[0]))])
    assert (await client.get("/v1/operator/me", headers=bearer(token))).status == 200
    now[0] += 29
    assert (await client.get("/v1/operator/me", headers=bearer(token))).status == 200
    now[0] += 31  # idle longer than 30 s since the last use
    assert (await client.get("/v1/operator/me", headers=bearer(token))).status == 401


@pytest.mark.parametrize("password", ["short", ""])
async def test_weak_passwords_are_refused(gated: Gated, password: str) -> None:
    token = await login(gated, "ada")
    resp = await gated.client.post("/v1/operator/operators", headers=bearer(token), json={
        "username": "newbie", "password": password, "role": "viewer"})
    assert resp.status == 422


async def test_admin_creates_an_operator_who_can_log_in(gated: Gated) -> None:
    token = await login(gated, "ada")
    resp = await gated.client.post("/v1/operator/operators", headers=bearer(token), json={
        "username": "newbie", "password": "a long enough secret", "role": "viewer"})
    assert resp.status == 201
    made: dict[str, Any] = await resp.json()
    gated.secrets["newbie"] = made["totp_secret"]
    import pyotp

    resp = await gated.client.post("/v1/operator/login", json={
        "username": "newbie", "password": "a long enough secret",
        "totp": pyotp.TOTP(made["totp_secret"]).now()})
    assert resp.status == 200


async def test_reset_gives_new_credentials_and_ends_sessions(gated: Gated) -> None:
    g = gated
    old = await login(g, "vera")
    assert g.runtime.accounts is not None
    made = await g.runtime.accounts.reset_operator("vera", "a brand new password", "test")
    assert (await g.client.get("/v1/operator/me", headers=bearer(old))).status == 401
    import pyotp

    resp = await g.client.post("/v1/operator/login", json={
        "username": "vera", "password": "a brand new password",
        "totp": pyotp.TOTP(made["totp_secret"]).now()})
    assert resp.status == 200


async def test_session_absolute_timeout(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, runtime = await make_proxy(str(upstream.make_url("")),
                                       gate={"session_max_s": 60, "session_idle_s": 30})
    assert runtime.accounts is not None
    now = [1_800_000_000.0]
    g = Gated(client, runtime, [])
    await add_operator(g, "max", Role.VIEWER)
    token = await login(g, "max")
    runtime.accounts.clock = lambda: now[0]  # from here on, time is what the test says
    await runtime.accounts.store.write([("UPDATE operator_sessions SET created_at = ?, "
                                         "last_seen = ?", (now[0], now[0]))])
    for _ in range(6):  # busy all along (t = 0..55 s): the idle clock never runs out
        assert (await client.get("/v1/operator/me", headers=bearer(token))).status == 200
        now[0] += 11
    assert (await client.get("/v1/operator/me", headers=bearer(token))).status == 401
