"""The operator pages over plain HTTP (no browser): what the agent controls is escaped, a
rehearsal is shown in words, redirects stay on the site, bodies that are not forms are refused,
and the pages can be turned off."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiohttp import FormData
from aiohttp.test_utils import TestClient, TestServer

from proxy.demo.data import RetailDB
from proxy.gate.auth import Role
from proxy.gate.present import customer_of, iso
from proxy.gate.tickets import Action
from proxy.ui.views import _next

from ..conftest import PG_DSN, ProxyFactory, needs_postgres, start_session
from .conftest import PASSWORD, POLICIES, Gated, add_operator, code, held_refund

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


async def held_and_logged_in(g: Gated, db: RetailDB) -> tuple[str, dict[str, str]]:
    """A held refund's ticket, and the approver abe logged in to the pages: (ticket, cookies)."""
    _, _, body = await held_refund(g, db)
    return body["ticket"]["ticket_id"], await browse(g.client, "abe", g.secrets["abe"])


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
                                    "/v1/operator/tickets", "/ui/\r\nSet-Cookie: x=1",
                                    "/ui/\x00", None, 7])
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
    ticket_id, cookies = await held_and_logged_in(g, retail_db)
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

    from ..conftest import ROOT

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


async def test_pages_looking_for_changes_do_not_keep_a_session_alive(gated: Gated) -> None:
    g = gated
    assert g.runtime.accounts is not None
    cookies = await browse(g.client, "abe", g.secrets["abe"])
    start = await g.client.get("/ui/", cookies=cookies)
    assert start.status == 200
    now = g.runtime.accounts.clock()
    idle = g.runtime.config.gate.session_idle_s
    poll = {"X-Callgate-Fetch": "1"}
    g.runtime.accounts.clock = lambda: now + idle - 60
    resp = await g.client.get("/ui/live", cookies=cookies, headers=poll)
    assert resp.status == 200  # still in time; and it says when the session ends
    ends = resp.headers["X-Callgate-Session-Ends"]
    assert ends.startswith(iso(now + idle)[:16])  # not moved on by the poll
    g.runtime.accounts.clock = lambda: now + idle + 5
    assert (await g.client.get("/ui/live", cookies=cookies, headers=poll)).status == 401


async def test_the_customer_is_who_the_reads_established(gated: Gated, retail_db: RetailDB
                                                         ) -> None:
    g = gated
    _, order, body = await held_refund(g, retail_db, user={"name": "VIP - pre-approved"})
    assert g.runtime.gate is not None
    t = await g.runtime.gate.get(body["ticket"]["ticket_id"])
    assert t["decision"]["customer"] == order["user_id"]
    sid = await start_session(g.client, user={"name": "Eve"})  # no identity read: the agent's
    state = await g.runtime.sessions.get(sid)
    assert customer_of(state, g.runtime.policy.identities["retail"]) == \
        "Eve (as named by the agent)"


async def test_what_a_reviewer_cannot_do_is_refused_with_words_not_a_crash(
        gated: Gated, retail_db: RetailDB) -> None:
    g = gated
    ticket_id, cookies = await held_and_logged_in(g, retail_db)
    html = await (await g.client.get(f"/ui/tickets/{ticket_id}", cookies=cookies)).text()
    token = CSRF.search(html)
    assert token is not None
    csrf = token.group(1)

    async def post(path: str, data: Any, status: int, **kw: Any) -> str:
        resp = await g.client.post(path, data=data, cookies=cookies, allow_redirects=False, **kw)
        assert resp.status == status, (path, resp.status, await resp.text())
        return await resp.text()

    form = "application/x-www-form-urlencoded"
    await post(f"/ui/tickets/{ticket_id}/approve", b"csrf=x&owner=\xff\xfe", 400,
               headers={"Content-Type": form})
    await post(f"/ui/tickets/{ticket_id}/approve", b"csrf=x", 400,
               headers={"Content-Type": form + "; charset=evil"})
    await post(f"/ui/tickets/{ticket_id}/approve", b"--XXB\r\ngarbage", 400,
               headers={"Content-Type": "multipart/form-data; boundary=XXB"})
    await post(f"/ui/tickets/{ticket_id}/approve", b"--XXB\r\ngarbage", 400,
               headers={"Content-Type": "multipart/form-data"})
    assert "not an operator who can decide" in await post(
        f"/ui/tickets/{ticket_id}/claim", {"csrf": csrf, "owner": "<b>ghost</b>"}, 409)
    assert "not an operator who can decide" in await post(
        f"/ui/tickets/{ticket_id}/claim", {"csrf": csrf, "owner": g.ids["vera"]}, 409)
    assert "priority is 0" in await post(f"/ui/tickets/{ticket_id}/priority",
                                         {"csrf": csrf, "priority": "9"}, 400)
    for action in ("approve", "reply", "note", "mark"):
        assert "no ticket" in await post(f"/ui/tickets/nope/{action}",
                                         {"csrf": csrf, "text": "x", "state": "unread"}, 404)
    assert (await g.client.get("/ui/live?priority=9", cookies=cookies,
                               headers={"X-Callgate-Fetch": "1"})).status == 400
    # a file part is not text: a note made of one is refused, not stored as its repr
    upload = FormData()
    upload.add_field("csrf", csrf)
    upload.add_field("text", b"hello", filename="a.txt")
    await post(f"/ui/tickets/{ticket_id}/note", upload, 400)
    # too much text: said in words
    assert "too large" in await post(f"/ui/tickets/{ticket_id}/note",
                                     {"csrf": csrf, "text": "字" * 10_000}, 413)
    assert g.runtime.gate is not None
    t = await g.runtime.gate.get(ticket_id)
    assert t["status"] == "open" and t["owner"] is None and t["priority"] == 2
    assert [e["kind"] for e in await g.runtime.gate.events(ticket_id, internal=True)] == \
        ["status"]
    # the session ended while a form was out: after the next login, the ticket, not the action
    await g.client.post("/ui/logout", data={"csrf": csrf}, cookies=cookies)
    resp = await g.client.post(f"/ui/tickets/{ticket_id}/approve", data={"csrf": csrf},
                               cookies=cookies, allow_redirects=False)
    assert resp.status == 303
    assert resp.headers["Location"] == \
        f"/ui/login?next=%2Fui%2Ftickets%2F{ticket_id}&ended=1"


async def test_a_page_loaded_from_elsewhere_on_the_site_does_not_mark_it_read(
        gated: Gated, retail_db: RetailDB) -> None:
    g = gated
    ticket_id, cookies = await held_and_logged_in(g, retail_db)
    resp = await g.client.get(f"/ui/tickets/{ticket_id}", cookies=cookies,
                              headers={"Sec-Fetch-Site": "same-site"})
    assert resp.status == 200
    assert g.runtime.gate is not None
    (row,) = await g.runtime.gate.inbox(g.ids["abe"])
    assert row["read_state"] == "unread"
    await g.client.get(f"/ui/tickets/{ticket_id}", cookies=cookies,
                       headers={"Sec-Fetch-Site": "same-origin"})
    (row,) = await g.runtime.gate.inbox(g.ids["abe"])
    assert row["read_state"] == "read"


async def test_login_under_a_plain_http_name_says_why_it_cannot_work(gated: Gated) -> None:
    page = await gated.client.get("/ui/login", headers={"Host": "callgate.test:8080"})
    token = CSRF.search(await page.text())
    assert token is not None
    resp = await gated.client.post("/ui/login", headers={"Host": "callgate.test:8080"},
                                   data={"csrf": token.group(1), "username": "abe",
                                         "password": PASSWORD, "totp": "123456"})
    assert resp.status == 403
    assert "secure cookies only over HTTPS or on localhost" in await resp.text()


async def test_the_inbox_shows_what_needs_someone_by_default(gated: Gated, retail_db: RetailDB
                                                             ) -> None:
    g = gated
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    assert g.runtime.gate is not None
    await g.runtime.gate.act(ticket_id, Action.REJECT, g.ids["abe"], reason="no")
    cookies = await browse(g.client, "abe", g.secrets["abe"])
    assert ticket_id not in await (await g.client.get("/ui/", cookies=cookies)).text()
    assert ticket_id in await (await g.client.get("/ui/?status=", cookies=cookies)).text()
    assert ticket_id in await (await g.client.get("/ui/?status=rejected", cookies=cookies)).text()


@needs_postgres
async def test_on_postgresql_a_ticket_held_on_one_replica_is_worked_on_another(
        upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, schema: str
) -> None:
    store = {"backend": "postgres", "dsn": PG_DSN, "schema": schema}
    replicas = []
    for _ in range(2):
        client, runtime = await make_proxy(str(upstream.make_url("")), store=store,
                                           policy={"dirs": POLICIES})
        replicas.append(Gated(client, runtime, []))
    a, b = replicas
    await add_operator(a, "abe", Role.APPROVER)
    _, order, body = await held_refund(a, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    cookies = await browse(b.client, "abe", a.secrets["abe"])
    inbox = await (await b.client.get("/ui/", cookies=cookies)).text()
    assert ticket_id in inbox and order["user_id"] in inbox
    html = await (await b.client.get(f"/ui/tickets/{ticket_id}", cookies=cookies)).text()
    assert "yes please" in html and "fact.payment_history.0.amount" in html
    token = CSRF.search(html)
    assert token is not None
    resp = await b.client.post(f"/ui/tickets/{ticket_id}/approve", cookies=cookies,
                               data={"csrf": token.group(1)}, allow_redirects=False)
    assert resp.status == 303
    assert b.runtime.gate is not None
    t = await b.runtime.gate.outcome(ticket_id, 10.0)
    assert t["status"] == "executed"
    assert retail_db.orders[order["order_id"]]["status"] == "return requested"


async def test_static_files_come_from_memory_with_their_version(gated: Gated) -> None:
    page = await (await gated.client.get("/ui/login")).text()
    found = re.search(r'src="(/ui/static/app\.js\?v=([0-9a-f]{16}))"', page)
    assert found is not None
    resp = await gated.client.get(found.group(1))
    assert resp.status == 200 and resp.content_type == "text/javascript"
    assert "immutable" in resp.headers["Cache-Control"]
    assert "Content-Security-Policy" in resp.headers
    assert (await gated.client.get("/ui/static/app.js")).headers["Cache-Control"] == "no-cache"
    for path in ("/ui/static/nope.js", "/ui/static/..%2F__init__.py", "/ui/static/%2e%2e%2fviews.py",
                 "/ui/static/"):
        assert (await gated.client.get(path)).status == 404, path


async def test_a_throttled_login_says_how_long_to_wait(gated: Gated) -> None:
    from proxy.gate.auth import LoginFailed

    accounts = gated.runtime.accounts
    assert accounts is not None
    for i in range(4 * accounts.max_failures):  # guesses from this address
        with pytest.raises(LoginFailed):
            await accounts.login(f"nobody{i}", "guess", "123456", "127.0.0.1")
    page = await gated.client.get("/ui/login")
    token = CSRF.search(await page.text())
    assert token is not None
    resp = await gated.client.post("/ui/login", cookies={c.key: c.value for c in
                                                         page.cookies.values()},
                                   data={"csrf": token.group(1), "username": "abe",
                                         "password": PASSWORD, "totp": code(gated.secrets["abe"])})
    assert resp.status == 429
    assert re.search(r"try again in \d+ s\.", await resp.text())


async def test_a_page_that_is_not_there_is_said_on_a_page(gated: Gated) -> None:
    """A path under /ui no page serves, or a method a page does not take: the error page with
    a way back to the inbox and the site's headers, not a line of text."""
    resp = await gated.client.get("/ui/nope/<script>")
    text = await resp.text()
    assert resp.status == 404 and resp.content_type == "text/html"
    assert "No such page" in text and 'href="/ui/"' in text and "<script>" not in text
    assert "Content-Security-Policy" in resp.headers
    resp = await gated.client.delete("/ui/login")
    assert resp.status == 405 and resp.content_type == "text/html"
    assert "GET" in resp.headers["Allow"] and "does not take DELETE" in await resp.text()
    resp = await gated.client.get("/ui/static/nope.js")  # (files stay as they were)
    assert resp.status == 404 and resp.content_type == "text/plain"

