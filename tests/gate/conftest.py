"""Fixtures for the gate: a proxy with the retail packs and the refund review rule, operators of
each role, and a webhook receiver, all real aiohttp apps on loopback."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pyotp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from proxy.demo.data import RetailDB
from proxy.gate.auth import Role
from proxy.pipeline import Runtime

from ..conftest import ROOT, ProxyFactory, start_session

POLICIES = [str(ROOT / "policies" / "retail"), str(ROOT / "policies" / "retail-refunds")]
PASSWORD = "correct horse battery"
HOOKS = web.AppKey("hooks", list)


@dataclass
class Gated:
    client: TestClient[Any, Any]
    runtime: Runtime
    hooks: list[dict[str, Any]]
    secrets: dict[str, str] = field(default_factory=dict)  # username -> TOTP secret
    ids: dict[str, str] = field(default_factory=dict)  # username -> operator id


def code(secret: str, steps_ahead: int = 0, at: float | None = None) -> str:
    """The one-time code for ``at`` (now by default) plus ``steps_ahead`` 30-second steps."""
    return pyotp.TOTP(secret).at((time.time() if at is None else at) + 30 * steps_ahead)


async def add_operator(g: Gated, username: str, role: Role) -> None:
    assert g.runtime.accounts is not None
    made = await g.runtime.accounts.create_operator(username, PASSWORD, role, "test")
    g.secrets[username] = made["totp_secret"]
    g.ids[username] = made["operator_id"]


async def login(g: Gated, username: str, steps_ahead: int = 0, at: float | None = None) -> str:
    resp = await g.client.post("/v1/operator/login", json={
        "username": username, "password": PASSWORD,
        "totp": code(g.secrets[username], steps_ahead, at)})
    assert resp.status == 200, await resp.text()
    token: str = (await resp.json())["token"]
    return token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
async def hook_server(aiohttp_server: Callable[..., Awaitable[TestServer]]) -> TestServer:
    app = web.Application()
    app[HOOKS] = []

    async def receive(request: web.Request) -> web.Response:
        request.app[HOOKS].append({"headers": dict(request.headers),
                                   "body": await request.read()})
        return web.json_response({})

    app.router.add_post("/hook", receive)
    return await aiohttp_server(app)


@pytest.fixture
async def gated(upstream: TestServer, hook_server: TestServer, make_proxy: ProxyFactory,
                monkeypatch: pytest.MonkeyPatch) -> Gated:
    monkeypatch.setenv("TEST_WEBHOOK_SECRET", "hook-secret")
    client, runtime = await make_proxy(
        str(upstream.make_url("")), policy={"dirs": POLICIES},
        gate={"webhook_url": str(hook_server.make_url("/hook")),
              "webhook_secret_env": "TEST_WEBHOOK_SECRET"})
    g = Gated(client, runtime, hook_server.app[HOOKS])
    for name, role in (("vera", Role.VIEWER), ("abe", Role.APPROVER), ("ann", Role.APPROVER),
                       ("ada", Role.ADMIN)):
        await add_operator(g, name, role)
    return g


async def held_refund(g: Gated, db: RetailDB, **start: Any
                      ) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """Drive an agent session to a large return that the policy holds: (session, order, body).
    ``start``: more of the session's start body (a ``user``)."""
    order = next(o for o in db.orders.values() if o["status"] == "delivered"
                 and o["payment_history"][0]["amount"] > 1000
                 and not any("linked_to" in i for i in o["items"]))
    user_id = order["user_id"]
    sid = await start_session(g.client, tags={"domain": "retail"}, **start)

    async def call(tool: str, **args: Any) -> tuple[int, Any]:
        resp = await g.client.post(f"/v1/sessions/{sid}/calls",
                                   json={"tool": tool, "arguments": args})
        return resp.status, await resp.json()

    assert (await call("find_user_id_by_email", email=db.users[user_id]["email"]))[0] == 200
    assert (await call("get_user_details", user_id=user_id))[0] == 200
    assert (await call("get_order_details", order_id=order["order_id"]))[0] == 200
    item = order["items"][0]
    method = order["payment_history"][0]["payment_method_id"]
    for role, text in (("assistant", f"I'll return the {item['name']} from {order['order_id']}; "
                                      f"the refund goes to {method}. OK?"),
                       ("user", "yes please")):
        await g.client.post(f"/v1/sessions/{sid}/messages", json={"role": role, "content": text})
    status, body = await call("return_delivered_order_items", order_id=order["order_id"],
                              item_ids=[item["item_id"]], payment_method_id=method)
    assert status == 202, body
    return sid, order, body
