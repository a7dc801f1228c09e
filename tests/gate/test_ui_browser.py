"""The operator pages in a real browser: Debian's chromium, headless, driven by Playwright.

A reviewer logs in with TOTP, works held calls from arrival to executed, rejects one, edits one;
a viewer sees no approve button and the server refuses one anyway; a form without its CSRF
token or from another origin changes nothing; the headers and cookies are checked; both pages
are usable at 1280 and 390 px and have no serious accessibility violations (axe-core).

``CALLGATE_SCREENSHOTS=DIR`` also saves screenshots of the inbox and a ticket there (the ones
in docs/ were made so)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from aiohttp.test_utils import TestServer

from proxy.demo.data import RetailDB
from proxy.gate.auth import Role
from proxy.gate.tickets import Action

from ..conftest import ROOT, ProxyFactory
from .conftest import PASSWORD, POLICIES, Gated, add_operator, code, held_refund

playwright_api = pytest.importorskip("playwright.async_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and os.environ.get("CI") != "true",
    reason="no chromium (apt-get install chromium); CI runs these")
# As root, in a closed network: no sandbox, no background connections to Google's hosts.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 15_000  # the longest a page may take to show a change (it polls every 0.2 s here)


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    async with playwright_api.async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            await b.close()


async def _gated(make_proxy: ProxyFactory, upstream: TestServer, policies: list[str]
                 ) -> Gated:
    client, runtime = await make_proxy(str(upstream.make_url("")), policy={"dirs": policies},
                                       ui={"poll_s": 0.2})
    g = Gated(client, runtime, [])
    for name, role in (("vera", Role.VIEWER), ("abe", Role.APPROVER), ("ann", Role.APPROVER),
                       ("ada", Role.ADMIN)):
        await add_operator(g, name, role)
    return g


@pytest.fixture
async def ui(make_proxy: ProxyFactory, upstream: TestServer) -> Gated:
    return await _gated(make_proxy, upstream, POLICIES)


class Reviewer:
    """One operator in a browser context of their own (own cookies, locale and time zone)."""

    def __init__(self, g: Gated, page: Any, username: str) -> None:
        self.g, self.page, self.username = g, page, username
        self.errors: list[str] = []  # console errors (a CSP violation shows up here)
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def url(self, path: str) -> str:
        return str(self.g.client.make_url(path))

    async def login(self, steps_ahead: int = 0) -> None:
        await self.page.goto(self.url("/ui/"))
        await self.page.wait_for_url(re.compile(r"/ui/login"))
        await self.page.fill("#username", self.username)
        await self.page.fill("#password", PASSWORD)
        await self.page.fill("#totp", code(self.g.secrets[self.username], steps_ahead))
        await self.page.click("button[type=submit]")
        await self.page.wait_for_url(re.compile(r"/ui/$"))


async def reviewer(browser: Any, g: Gated, username: str, *, width: int = 1280,
                   timezone: str = "Europe/Berlin", login: bool = True) -> Reviewer:
    context = await browser.new_context(viewport={"width": width, "height": 900},
                                        locale="en-US", timezone_id=timezone)
    r = Reviewer(g, await context.new_page(), username)
    if login:
        await r.login()
    return r


async def on_held_ticket(browser: Any, g: Gated, db: RetailDB, username: str
                         ) -> tuple[Reviewer, str]:
    """A held refund, and ``username`` logged in and looking at its ticket."""
    _, _, body = await held_refund(g, db)
    ticket_id = body["ticket"]["ticket_id"]
    r = await reviewer(browser, g, username)
    await r.page.goto(r.url(f"/ui/tickets/{ticket_id}"))
    return r, ticket_id


async def ticket_status(g: Gated, ticket_id: str) -> str:
    assert g.runtime.gate is not None
    return str((await g.runtime.gate.get(ticket_id))["status"])


async def test_a_reviewer_works_a_ticket_from_arrival_to_executed(
        browser: Any, ui: Gated, retail_db: RetailDB, upstream: TestServer) -> None:
    abe = await reviewer(browser, ui, "abe", timezone="Asia/Tokyo")
    page = abe.page
    await page.wait_for_selector("text=No held calls match.")

    _, order, body = await held_refund(ui, retail_db)  # arrives while the inbox is open
    ticket_id = body["ticket"]["ticket_id"]
    row = page.locator(f"tr[data-ticket='{ticket_id}']")
    await row.wait_for(timeout=WAIT_MS)  # no reload: the page found it by itself
    text = await row.inner_text()
    paid = order["payment_history"][0]["amount"]
    assert order["user_id"] in text and order["order_id"] in text
    assert f"${paid:,.2f}" in text  # formatted by currency, in the reader's locale
    assert "unread" in text
    assert re.search(r"open\s*1", await page.inner_text(".counts"))

    await row.locator("a").click()
    await page.wait_for_url(re.compile(f"/ui/tickets/{ticket_id}$"))
    content = await page.inner_text("main")
    assert "large-refund-review" in content  # why it was held
    assert "fact.payment_history.0.amount" in content  # the facts the rule weighed
    assert "yes please" in content  # the conversation up to the call
    assert "0 of 1 approval" in content
    held = await page.get_attribute("dd time", "datetime")
    local = datetime.fromisoformat(held.replace("Z", "+00:00")).astimezone(ZoneInfo("Asia/Tokyo"))
    shown = await page.inner_text("dd time")
    assert f"{local.hour % 12 or 12}:{local.minute:02d}" in shown  # the reader's time zone

    await page.click("#claim")
    await page.wait_for_selector("#owner:has-text('abe')")
    await page.click("#approve")
    await page.wait_for_selector("#status:has-text('executed')", timeout=WAIT_MS)
    result = await page.inner_text("#result")
    assert order["order_id"] in result
    assert await page.inner_text("#upstream-status") == "200"
    history = await page.inner_text(".history")
    assert "approve" in history and "executed" in history
    assert retail_db.orders[order["order_id"]]["status"] == \
        "return requested"
    assert await ticket_status(ui, ticket_id) == "executed"
    assert abe.errors == []


async def test_an_unchanged_inbox_is_left_alone(browser: Any, ui: Gated, retail_db: RetailDB
                                                ) -> None:
    _, _, body = await held_refund(ui, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    abe = await reviewer(browser, ui, "abe")
    page = abe.page
    link = page.locator(f"tr[data-ticket='{ticket_id}'] a")
    await link.focus()
    await page.evaluate("""() => { window.swaps = 0; new MutationObserver(() => window.swaps++)
        .observe(document.getElementById('inbox-live'), {childList: true, subtree: true}); }""")
    for _ in range(3):  # three answers to the page's polls, none with a change
        async with page.expect_response(re.compile(r"/ui/live")):
            pass
    assert await page.evaluate("window.swaps") == 0
    assert await page.evaluate("document.activeElement.closest('tr').dataset.ticket") == ticket_id
    assert ui.runtime.gate is not None  # a change is swapped in, and the focus stays
    await ui.runtime.gate.act(ticket_id, Action.PRIORITIZE, ui.ids["abe"], priority=0)
    await page.wait_for_selector(f"tr[data-ticket='{ticket_id}'] .prio-0", timeout=WAIT_MS)
    assert await page.evaluate("document.activeElement.closest('tr').dataset.ticket") == ticket_id


async def test_a_reviewer_rejects_a_ticket(browser: Any, ui: Gated, retail_db: RetailDB,
                                           upstream: TestServer) -> None:
    _, order, body = await held_refund(ui, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    ann = await reviewer(browser, ui, "ann")
    await ann.page.goto(ann.url(f"/ui/tickets/{ticket_id}"))
    await ann.page.fill("#reject-reason", "the order was paid with a gift card long ago")
    await ann.page.click("#reject")
    await ann.page.wait_for_selector("#status:has-text('rejected')")
    assert "the order was paid with a gift card" in await ann.page.inner_text(".history")
    assert await ann.page.locator("#approve").count() == 0  # nothing left to decide
    resp = await ui.client.get(f"/v1/tickets/{ticket_id}")  # what the agent hears
    assert (await resp.json())["status"] == "rejected"
    assert retail_db.orders[order["order_id"]]["status"] == "delivered"


async def test_a_viewer_sees_no_approve_button_and_the_server_refuses_one(
        browser: Any, ui: Gated, retail_db: RetailDB) -> None:
    vera, ticket_id = await on_held_ticket(browser, ui, retail_db, "vera")
    page = vera.page
    assert await page.locator("#approve").count() == 0
    assert await page.locator("#reject, #claim, #reply-text, #edit-args").count() == 0
    token = await page.get_attribute("form[action='/ui/logout'] input[name=csrf]", "value")
    resp = await page.request.post(vera.url(f"/ui/tickets/{ticket_id}/approve"),
                                   form={"csrf": token}, max_redirects=0)
    assert resp.status == 403
    assert "approver role" in await resp.text()
    assert await ticket_status(ui, ticket_id) == "open"


async def test_forms_without_the_csrf_token_or_from_elsewhere_change_nothing(
        browser: Any, ui: Gated, retail_db: RetailDB) -> None:
    abe, ticket_id = await on_held_ticket(browser, ui, retail_db, "abe")
    page = abe.page
    # the real form, its token taken out: the browser posts it as it is
    await page.eval_on_selector("#approve", "b => b.form.querySelector('[name=csrf]').remove()")
    async with page.expect_response(re.compile("/approve$")) as answer:
        await page.click("#approve")
    assert (await answer.value).status == 403
    assert "security token" in await page.inner_text("main")
    assert await ticket_status(ui, ticket_id) == "open"
    # the right token from another origin
    await page.goto(abe.url(f"/ui/tickets/{ticket_id}"))
    token = await page.get_attribute("#approve >> xpath=.. >> input[name=csrf]", "value")
    resp = await page.request.post(abe.url(f"/ui/tickets/{ticket_id}/approve"),
                                   form={"csrf": token}, max_redirects=0,
                                   headers={"Origin": "https://evil.example"})
    assert resp.status == 403
    # the login form too: without its token nothing is checked
    anon = await reviewer(browser, ui, "ann", login=False)
    await anon.page.goto(anon.url("/ui/login"))
    await anon.page.eval_on_selector("input[name=csrf]", "e => e.remove()")
    await anon.page.fill("#username", "ann")
    await anon.page.fill("#password", PASSWORD)
    await anon.page.fill("#totp", code(ui.secrets["ann"]))
    await anon.page.click("button[type=submit]")
    assert "expired or was not sent from this page" in await anon.page.inner_text("main")
    assert await ticket_status(ui, ticket_id) == "open"


async def test_headers_and_cookies(browser: Any, ui: Gated) -> None:
    r = await reviewer(browser, ui, "ada", login=False)
    resp = await r.page.goto(r.url("/ui/login"))
    csp = resp.headers["content-security-policy"]
    for part in ("default-src 'none'", "script-src 'self'", "style-src 'self'",
                 "frame-ancestors 'none'", "form-action 'self'", "base-uri 'none'"):
        assert part in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert resp.headers["x-frame-options"] == "DENY"
    assert resp.headers["x-content-type-options"] == "nosniff"
    assert resp.headers["cache-control"] == "no-store"
    await r.login()
    (session,) = [c for c in await r.page.context.cookies() if c["name"] == "__Host-callgate"]
    assert session["httpOnly"] and session["secure"] and session["sameSite"] == "Strict"
    assert session["path"] == "/"
    assert await r.page.evaluate("document.cookie") == ""  # scripts cannot read it
    assert "Session ends in 15 min" in await r.page.inner_text("header")
    assert r.errors == []  # no CSP violation, no script error


async def test_a_wrong_code_is_refused_and_a_session_that_ends_goes_to_login(
        browser: Any, ui: Gated) -> None:
    r = await reviewer(browser, ui, "abe", login=False)
    await r.page.goto(r.url("/ui/login"))
    await r.page.fill("#username", "abe")
    await r.page.fill("#password", PASSWORD)
    await r.page.fill("#totp", "000000")
    await r.page.click("button[type=submit]")
    assert "Wrong username, password or one-time code" in await r.page.inner_text("#login-error")
    assert not [c for c in await r.page.context.cookies() if c["name"] == "__Host-callgate"]
    await r.login()
    assert ui.runtime.accounts is not None
    ui.runtime.accounts.clock = lambda: 10**10  # far past the idle limit: the session ended
    await r.page.wait_for_url(re.compile(r"/ui/login\?ended=1"), timeout=WAIT_MS)
    assert "Your session ended" in await r.page.inner_text("main")


async def test_logout_ends_the_session(browser: Any, ui: Gated) -> None:
    r = await reviewer(browser, ui, "ann")
    await r.page.click("text=Log out")
    await r.page.wait_for_url(re.compile(r"/ui/login$"))
    resp = await r.page.goto(r.url("/ui/"))
    assert "/ui/login" in r.page.url and resp.ok


async def test_a_poll_the_logout_answers_401_leaves_the_reader_on_the_login_page(
        browser: Any, ui: Gated) -> None:
    """The inbox polls while the reader logs out: a poll that reaches the server after the
    logout (answered 401) but before the browser follows the logout's redirect must not send
    the reader to "your session ended" instead of the login page."""
    r = await reviewer(browser, ui, "ann")
    held: list[Any] = []
    polled = asyncio.Event()

    async def hold(route: Any) -> None:
        held.append(route)
        polled.set()

    async def logout(route: Any) -> None:
        answer = await route.fetch(max_redirects=0)  # the server logs out; the page waits
        async with r.page.expect_response(lambda a: "/ui/live" in a.url, timeout=WAIT_MS):
            await held[0].continue_()  # answered 401
        # the page's answer to a 401, if it acts on it, is a navigation of its own: wait a
        # while for one (none is the right outcome: the logout's redirect is followed)
        with contextlib.suppress(playwright_api.TimeoutError):
            await r.page.wait_for_event("request", lambda q: "ended=1" in q.url, timeout=1000)
        with contextlib.suppress(playwright_api.Error):  # (cancelled by a navigation of its own)
            await route.fulfill(response=answer)

    await r.page.route("**/ui/live*", hold)
    await asyncio.wait_for(polled.wait(), WAIT_MS / 1000)
    await r.page.route("**/ui/logout", logout)
    await r.page.click("text=Log out", no_wait_after=True)
    await r.page.wait_for_url(re.compile(r"/ui/login"), timeout=WAIT_MS)
    await r.page.wait_for_load_state()
    assert r.page.url.endswith("/ui/login"), r.page.url


async def test_four_eyes_shows_one_of_two_approvals(
        browser: Any, make_proxy: ProxyFactory, upstream: TestServer, retail_db: RetailDB,
        tmp_path: Path) -> None:
    pack = tmp_path / "four-eyes"
    pack.mkdir()
    text = (ROOT / "policies" / "retail-refunds" / "policy.yaml").read_text()
    text = text.replace("../../schemas/retail/catalog.yaml",
                        str(ROOT / "schemas" / "retail" / "catalog.yaml"))
    (pack / "policy.yaml").write_text(text.replace("    route: ticket\n",
                                                   "    route: ticket\n    four_eyes: true\n"))
    g = await _gated(make_proxy, upstream, [POLICIES[0], str(pack)])
    _, _, body = await held_refund(g, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    abe = await reviewer(browser, g, "abe")
    await abe.page.goto(abe.url(f"/ui/tickets/{ticket_id}"))
    assert "0 of 2 approvals" in await abe.page.inner_text("#approvals")
    await abe.page.click("#approve")
    await abe.page.wait_for_selector("#approvals:has-text('1 of 2 approvals (abe)')")
    await abe.page.click("#approve")  # the same operator twice: refused, said why
    assert "second, different operator" in await abe.page.inner_text("#action-error")
    ann = await reviewer(browser, g, "ann")
    await ann.page.goto(ann.url(f"/ui/tickets/{ticket_id}"))
    await ann.page.click("#approve")
    await ann.page.wait_for_selector("#status:has-text('executed')", timeout=WAIT_MS)
    # abe's open page learns it too, without a reload
    await abe.page.wait_for_selector("#status:has-text('executed')", timeout=WAIT_MS)


async def test_edit_and_approve_goes_back_through_schema_and_policy(
        browser: Any, ui: Gated, retail_db: RetailDB, upstream: TestServer) -> None:
    _, order, body = await held_refund(ui, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    abe = await reviewer(browser, ui, "abe")
    page = abe.page
    await page.goto(abe.url(f"/ui/tickets/{ticket_id}"))
    await page.click("text=Edit and approve")
    await page.fill("#edit-args", json.dumps({"order_id": order["order_id"],
                                              "item_ids": "not a list", "payment_method_id": "x"}))
    await page.click("text=Save edits and approve")
    assert "Not done" in await page.inner_text("#action-error")
    assert "not a list" in await page.input_value("#edit-args")  # the edit is kept to fix
    assert await ticket_status(ui, ticket_id) == "open"
    # a payment method the customer does not have: the policy refuses the edit
    method = order["payment_history"][0]["payment_method_id"]
    item = order["items"][0]["item_id"]
    await page.fill("#edit-args", json.dumps({"order_id": order["order_id"], "item_ids": [item],
                                              "payment_method_id": "gift_card_0000000"}))
    await page.click("text=Save edits and approve")
    assert "does not pass the policy" in await page.inner_text("#action-error")
    assert await ticket_status(ui, ticket_id) == "open"
    await page.fill("#edit-args", json.dumps({"order_id": order["order_id"], "item_ids": [item],
                                              "payment_method_id": method}))
    await page.click("text=Save edits and approve")
    await page.wait_for_selector("#status:has-text('executed')", timeout=WAIT_MS)
    assert "edit" in await page.inner_text(".history")
    assert retail_db.orders[order["order_id"]]["status"] == \
        "return requested"


@pytest.mark.parametrize("width", [1280, 390])
async def test_pages_fit_the_window_and_pass_axe(browser: Any, ui: Gated, retail_db: RetailDB,
                                                 width: int) -> None:
    from axe_playwright_python.async_playwright import Axe

    _, _, body = await held_refund(ui, retail_db)
    ticket_id = body["ticket"]["ticket_id"]
    await ui.client.post(f"/v1/sessions/{body['session_id']}/messages",
                         json={"role": "user", "content": "hello?"})
    r = await reviewer(browser, ui, "abe", width=width, login=False)
    shots = os.environ.get("CALLGATE_SCREENSHOTS")
    axe = Axe()
    await r.page.goto(r.url("/ui/login"))
    pages = [("login", None)]
    await r.login()
    pages += [("inbox", "/ui/"), ("ticket", f"/ui/tickets/{ticket_id}")]
    for name, path in pages:
        if path is not None:
            await r.page.goto(r.url(path))
        overflow = await r.page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{name} at {width} px scrolls sideways by {overflow} px"
        found = (await axe.run(r.page)).response["violations"]
        serious = [(v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]
        assert serious == [], f"{name} at {width} px: {serious}"
        if shots and name != "login":
            await r.page.screenshot(path=str(Path(shots) / f"ui-{name}-{width}.png"),
                                    full_page=True)
    assert r.errors == []
