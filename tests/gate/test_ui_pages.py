"""The operator pages over plain HTTP (no browser): what the agent controls is escaped, a
rehearsal is shown in words, redirects stay on the site, bodies that are not forms are refused,
and the pages can be turned off."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from proxy.demo.data import RetailDB
from proxy.gate.auth import Role
from proxy.ui.views import _next

from ..conftest import ProxyFactory
from .conftest import PASSWORD, Gated, code, held_refund

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


async def browse(client: TestClient[Any, Any], username: str, secret: str
                 ) -> dict[str, str]:
    """Log in through the login form; the session cookie, for later requests."""
    page = await client.get("/ui/login")
    login_cookie = {c.key: c.value for c in page.cookies.values()}
    token = CSRF.search(await page.text())
    assert token is not None
    resp = await client.post("/ui/login", allow_redirects=False, cookies=login_cookie, data={
        "csrf": token.group(1), "username": username, "password": PASSWORD,
        "totp": code(secret), "next": "/ui/"})
    assert resp.status == 303, await resp.text()
    assert resp.headers["Location"] == "/ui/"
    return {c.key: c.value for c in resp.cookies.values()}


async def test_what_the_agent_wrote_is_escaped(gated: Gated, retail_db: RetailDB) -> None:
    g = gated
    sid, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    evil = '<script>alert(1)</script><img src=x onerror="alert(2)">'
    await g.client.post(f"/v1/sessions/{sid}/messages", json={"role": "user", "content": evil})
    cookies = await browse(g.client, "abe", g.secrets["abe"])
    page = await g.client.get(f"/ui/tickets/{ticket_id}", cookies=cookies)
    html = await page.text()
    token = CSRF.search(html)
    assert token is not None
    resp = await g.client.post(f"/ui/tickets/{ticket_id}/note", cookies=cookies,
                               allow_redirects=False, data={"csrf": token.group(1), "text": evil})
    assert resp.status == 303
    html = await (await g.client.get(f"/ui/tickets/{ticket_id}", cookies=cookies)).text()
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # the note, shown as text
    live = await g.client.get(f"/ui/tickets/{ticket_id}/live", cookies=cookies)
    assert "<script>alert" not in await live.text()


@pytest.mark.parametrize("target", ["//evil.example/", "/ui//evil.example", "https://evil.example",
                                    "/ui/\\evil.example", "/\\evil.example", "javascript:alert(1)",
                                    "/v1/operator/tickets", None, 7])
def test_after_login_only_our_own_pages(target: Any) -> None:
    assert _next(target) == "/ui/"


def test_after_login_the_page_asked_for() -> None:
    assert _next("/ui/tickets/tk_1?x=1") == "/ui/tickets/tk_1?x=1"


async def test_a_page_without_a_session_leads_to_login_and_fragments_say_401(
        gated: Gated) -> None:
    resp = await gated.client.get("/ui/tickets/tk_x", allow_redirects=False)
    assert resp.status == 303 and resp.headers["Location"].startswith("/ui/login?next=")
    resp = await gated.client.get("/ui/live", headers={"X-Callgate-Fetch": "1"})
    assert resp.status == 401
    resp = await gated.client.get("/", allow_redirects=False)
    assert resp.status == 302 and resp.headers["Location"] == "/ui/"


async def test_odd_bodies_are_refused_without_a_change(gated: Gated, retail_db: RetailDB
                                                       ) -> None:
    g = gated
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    cookies = await browse(g.client, "abe", g.secrets["abe"])
    for data, headers in ((b"\xff\xfe\x00garbage", {"Content-Type": "text/plain"}),
                          (b'{"csrf": "x"}', {"Content-Type": "application/json"}),
                          (b"csrf=%ZZ&&&=", {"Content-Type": "application/x-www-form-urlencoded"})):
        resp = await g.client.post(f"/ui/tickets/{ticket_id}/approve", data=data,
                                   headers=headers, cookies=cookies, allow_redirects=False)
        assert resp.status in (400, 403), resp.status
    assert g.runtime.gate is not None
    assert (await g.runtime.gate.get(ticket_id))["status"] == "open"


async def test_the_pages_can_be_turned_off(upstream: TestServer, make_proxy: ProxyFactory
                                           ) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")), ui={"enabled": False})
    assert (await client.get("/ui/")).status == 404
    assert (await client.get("/", allow_redirects=False)).status == 404


async def test_a_rehearsal_is_shown_in_words(payments_gated: Gated) -> None:
    g = payments_gated
    assert g.runtime.gate is not None
    (t,) = await g.runtime.gate.inbox("x")
    cookies = await browse(g.client, "ops", g.secrets["ops"])
    html = await (await g.client.get(f"/ui/tickets/{t['ticket_id']}", cookies=cookies)).text()
    assert "Rehearsed on the sandbox" in html and "partially_refunded" in html
    assert "150.00 USD" in html  # the amount, in the currency's minor units


@pytest.fixture
async def payments_gated(aiohttp_server: Any, make_proxy: ProxyFactory) -> Gated:
    """A payments proxy with one large refund held after its rehearsal."""
    from proxy.demo.payments import STATE, build_payments_app, generate

    from ..conftest import ROOT, start_session

    payments = await aiohttp_server(build_payments_app(generate(7)))
    db = payments.app[STATE]["db"]
    pid = next(pid for pid, p in db.payments.items() if p.currency == "USD"
               and p.captured >= 30000)
    client, rt = await make_proxy(
        str(payments.make_url("")), catalogs=[str(ROOT / "schemas" / "payments" / "catalog.yaml")],
        policy={"dirs": [str(ROOT / "policies" / "payments")]},
        upstreams={"payments": {"base_url": str(payments.make_url("")), "idempotent": True}})
    g = Gated(client, rt, [])
    assert rt.accounts is not None
    made = await rt.accounts.create_operator("ops", PASSWORD, Role.APPROVER, "test")
    g.secrets["ops"] = made["totp_secret"]
    sid = await start_session(client, tags={"domain": "payments"})
    steps: list[tuple[str, Any]] = [
        ("find_customer_by_email", {"email": db.customers[db.owner[pid]]["email"]}),
        ("get_payment", {"payment_id": pid}),
        ("assistant", f"I can refund 150.00 USD on payment {pid}. Shall I go ahead?"),
        ("user", "yes"),
        ("refund_payment", {"payment_id": pid, "amount": "150.00", "currency": "USD",
                            "reason": "goodwill"})]
    for what, arg in steps:
        if what in ("assistant", "user"):
            await client.post(f"/v1/sessions/{sid}/messages", json={"role": what, "content": arg})
            continue
        resp = await client.post(f"/v1/sessions/{sid}/calls", json={"tool": what, "arguments": arg})
        assert resp.status in (200, 202), await resp.text()
    return g
