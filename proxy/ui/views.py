"""The operator pages: login, the inbox, a ticket, and the forms that act on it."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import aiohttp_jinja2
import orjson
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from ..api.keys import RUNTIME
from ..api.operator import apply_edit, inbox_query, inbox_rows
from ..errors import BodyTooLarge, CallgateError, RequestError, Unauthorized
from ..gate.auth import Operator, Role, Throttled
from ..gate.present import event_view, iso, money_text, ticket_view
from ..gate.service import Gate
from ..gate.tickets import UNDECIDED, Action, Status
from ..parse import loads as json_loads
from ..payments import describe as describe_rehearsal
from ..pipeline import Runtime
from .assets import ASSETS
from .security import Cookies, csrf_for, csrf_ok, new_login_secret, redirect, same_origin

COOKIES = web.AppKey("ui_cookies", Cookies)
LOGIN_COOKIE_S = 900
APPROVE_WAIT_S = 2.0
STATUSES = [s.value for s in Status]
ACTIVE = "active"  # open, assigned, approved (being carried out) or outcome unknown


@dataclass(frozen=True)
class Who:
    """The operator behind a page request, and what their forms need."""

    op: Operator
    token: str
    ends_at: float

    @property
    def csrf(self) -> str:
        return csrf_for(self.token)

    def can(self, role: str) -> bool:
        return self.op.can(Role(role))


def _rt(request: web.Request) -> Runtime:
    return request.app[RUNTIME]


def _gate(rt: Runtime) -> Gate:
    if rt.gate is None or rt.accounts is None:
        raise web.HTTPNotFound(text="the human gate is not enabled here")
    return rt.gate


async def _who(request: web.Request) -> Who | None:
    rt = _rt(request)
    token = request.cookies.get(request.app[COOKIES].session)
    if not token or rt.accounts is None:
        return None
    try:
        op, ends = await rt.accounts.session_until(token, touch=not _fetching(request))
        return Who(op, token, ends)
    except Unauthorized:
        return None


def _render(request: web.Request, template: str, who: Who | None, status: int = 200,
            **context: Any) -> web.Response:
    rt = _rt(request)
    response = aiohttp_jinja2.render_template(template, request, {
        "who": who, "ends_at": iso(who.ends_at) if who else None,
        "poll_ms": int(rt.config.ui.poll_s * 1000),
        "static": request.app[ASSETS].url,
        **context}, status=status)
    if who is not None:  # the page's countdown follows what the operator does in other tabs
        response.headers["X-Callgate-Session-Ends"] = iso(who.ends_at) or ""
    return response


@web.middleware
async def error_pages(request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
    """A path no page serves, a method a page does not take, or the gate turned off: the
    error page in words with a way back, not a line of text (``Allow`` kept on a 405). A
    static file's 404 stays as it is (no one reads it in a browser)."""
    try:
        return await handler(request)
    except web.HTTPException as e:
        if e.status not in (404, 405) or request.path.startswith("/ui/static/"):
            raise
        if e.status == 405:
            title, message = "Not taken here", (
                f"This page does not take {request.method}; it takes "
                f"{e.headers.get('Allow', 'other methods')}.")
        else:
            said = e.text or ""
            title = "No such page"
            message = said if said and not said.startswith("404:") else \
                f"There is no page at {request.path}."
        response = _render(request, "error.html", None, e.status, title=title, message=message)
        if "Allow" in e.headers:
            response.headers["Allow"] = e.headers["Allow"]
        return response


async def _form(request: web.Request) -> dict[str, str]:
    """A POST's form fields, text only (a file part is not a field); a body that is not a
    readable form is refused with 400, one over the size limit with 413."""
    try:
        form = await request.post()
    except web.HTTPRequestEntityTooLarge as e:
        raise BodyTooLarge("the form is too large; shorten the text and send it again") \
            from e
    except (ValueError, LookupError, UnicodeDecodeError, AssertionError,
            HttpProcessingError) as e:  # not UTF-8, an unknown charset, broken multipart
        raise RequestError(f"the form could not be read: {e.__class__.__name__}") from e
    return {k: v for k, v in form.items() if isinstance(v, str)}


def _fetching(request: web.Request) -> bool:
    """A page's script asking for a fragment (it handles 401 itself), not a navigation."""
    return request.headers.get("X-Callgate-Fetch") == "1"


def _to_login(request: web.Request) -> web.Response:
    if _fetching(request):
        return web.Response(status=401, text="the session ended")
    ticket_id = request.match_info.get("ticket_id")
    back = request.path_qs if request.method == "GET" else (
        f"/ui/tickets/{quote(ticket_id)}" if ticket_id else "/ui/")
    query = {"next": back}
    if request.cookies.get(request.app[COOKIES].session):
        query["ended"] = "1"  # there was a session: say it ended, not just "log in"
    return redirect("/ui/login?" + urlencode(query))


async def _operator(request: web.Request) -> Who | web.Response:
    """The logged-in operator, or the way to the login page."""
    _gate(_rt(request))
    who = await _who(request)
    return _to_login(request) if who is None else who


Page = Callable[[web.Request, Who], Awaitable[web.Response]]


def page(fn: Page) -> Callable[[web.Request], Awaitable[web.Response]]:
    """A GET page for a logged-in operator (any role); others go to the login page."""

    async def wrapped(request: web.Request) -> web.Response:
        who = await _operator(request)
        return who if isinstance(who, web.Response) else await fn(request, who)

    return wrapped


Act = Callable[[web.Request, Who, Mapping[str, Any]], Awaitable[web.Response]]


def act(role: Role) -> Callable[[Act], Callable[[web.Request], Awaitable[web.Response]]]:
    """A form POST: a live session, this site's origin, the form's CSRF token, and ``role``,
    all checked before anything changes; a refused action re-renders its ticket with why."""

    def decorate(fn: Act) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def wrapped(request: web.Request) -> web.Response:
            who = await _operator(request)
            if isinstance(who, web.Response):
                return who
            try:
                form = await _form(request)
            except CallgateError as e:
                return _render(request, "error.html", who, e.status, title="Form refused",
                               message=str(e))
            if not same_origin(request) or not csrf_ok(who.token, form.get("csrf")):
                return _render(request, "error.html", who, 403, title="Form refused",
                               message="This form's security token is missing or wrong, so "
                               "nothing was changed. Reload the page and try again.")
            if not who.op.can(role):
                return _render(request, "error.html", who, 403, title="Not allowed",
                               message=f"This needs the {role.value} role; you are "
                               f"{who.op.role.value}. Nothing was changed.")
            try:
                return await fn(request, who, form)
            except CallgateError as e:
                ticket_id = request.match_info.get("ticket_id")
                with contextlib.suppress(CallgateError):  # an unknown ticket: the error page
                    if ticket_id is not None:
                        return await _ticket_page(request, who, ticket_id, error=str(e),
                                                  status=e.status, form=form)
                return _render(request, "error.html", who, e.status, title="Not done",
                               message=str(e))

        return wrapped

    return decorate


# ---- login ------------------------------------------------------------------------------------


async def login_form(request: web.Request) -> web.Response:
    _gate(_rt(request))
    if await _who(request) is not None:
        return redirect(_next(request.query.get("next")))
    return _login_page(request, None, 200)


def _login_page(request: web.Request, error: str | None, status: int) -> web.Response:
    cookies = request.app[COOKIES]
    secret = new_login_secret()
    response = _render(request, "login.html", None, status, error=error,
                       ended=request.query.get("ended") == "1",
                       next=_next(request.query.get("next")), csrf=csrf_for(secret))
    cookies.set(response, cookies.login, secret, LOGIN_COOKIE_S)
    return response


def _secure_origin(request: web.Request) -> bool:
    """Where browsers keep Secure cookies: HTTPS, and localhost over plain HTTP."""
    host = (request.host or "").rsplit(":", 1)[0].strip("[]")
    return request.secure or host in ("localhost", "127.0.0.1", "::1") \
        or host.endswith(".localhost")


def _next(target: Any) -> str:
    """Where to go after login: a page of ours only (never another site)."""
    if isinstance(target, str) and target.startswith("/ui/") and "//" not in target \
            and "\\" not in target and target.isprintable():
        return target
    return "/ui/"


async def login(request: web.Request) -> web.Response:
    rt = _rt(request)
    _gate(rt)
    assert rt.accounts is not None
    cookies = request.app[COOKIES]
    try:
        form = await _form(request)
    except CallgateError as e:
        return _login_page(request, str(e), e.status)
    if cookies.login not in request.cookies and cookies.secure and not _secure_origin(request):
        return _login_page(request, "Your browser did not send the login cookie: it keeps "
                           "secure cookies only over HTTPS or on localhost. Open this page over "
                           "HTTPS (or at localhost), or set ui.secure_cookie: false behind a "
                           "front that forwards plain HTTP.", 403)
    if not same_origin(request) or not csrf_ok(request.cookies.get(cookies.login),
                                               form.get("csrf")):
        return _login_page(request, "The login form expired or was not sent from this page. "
                           "Please try again.", 403)
    fields = {k: form.get(k) for k in ("username", "password", "totp")}
    if not all(isinstance(v, str) and v for v in fields.values()):
        return _login_page(request, "Enter your username, password and one-time code.", 400)
    try:
        token = await rt.accounts.login(str(fields["username"]), str(fields["password"]),
                                        str(fields["totp"]).replace(" ", ""),
                                        request.remote or "unknown")
    except Throttled as e:  # say how long to wait: a page has no Retry-After to read
        return _login_page(request, f"Too many failed logins from here; try again in "
                           f"{max(1, round(e.retry_after_s))} s.", e.status)
    except CallgateError as e:
        return _login_page(request, e.agent_message, e.status)
    response = redirect(_next(form.get("next")))
    cookies.set(response, cookies.session, token, int(rt.config.gate.session_max_s))
    cookies.clear(response, cookies.login)
    return response


@act(Role.VIEWER)
async def logout(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    rt = _rt(request)
    assert rt.accounts is not None
    await rt.accounts.logout(who.token, who.op)
    cookies = request.app[COOKIES]
    response = redirect("/ui/login")
    cookies.clear(response, cookies.session)
    return response


# ---- the inbox --------------------------------------------------------------------------------


async def _operators(rt: Runtime) -> tuple[list[dict[str, object]], dict[str, str]]:
    """Every operator, and their names by id (owners, approvers and actors are shown by name)."""
    assert rt.accounts is not None
    operators = await rt.accounts.list()
    return operators, {str(o["operator_id"]): str(o["username"]) for o in operators}


async def _inbox_context(request: web.Request, who: Who) -> dict[str, Any]:
    rt = _rt(request)
    gate = _gate(rt)
    query = {k: v for k, v in request.query.items() if k != "_"}
    query.setdefault("status", ACTIVE)  # by default, what still needs someone
    q = inbox_query(query)
    operators, names = await _operators(rt)
    counts = await gate.counts()
    rows = await inbox_rows(rt, who.op.operator_id, q)
    seen = orjson.dumps([counts, [(r["ticket_id"], r["updated_at"], r["read_state"])
                                  for r in rows]])
    return {"rows": rows, "q": q, "names": names,
            "version": hashlib.sha256(seen).hexdigest()[:16],
            "counts": [(s, counts.get(s, 0)) for s in STATUSES],
            "domains": sorted(rt.catalog.by_domain), "operators": operators,
            "statuses": STATUSES, "query": urlencode(
                {k: v for k, v in request.query.items() if v and k != "_"})}


@page
async def inbox(request: web.Request, who: Who) -> web.Response:
    try:
        context = await _inbox_context(request, who)
    except CallgateError as e:
        return _render(request, "error.html", who, e.status, title="Bad filter",
                       message=str(e))
    return _render(request, "inbox.html", who, **context)


@page
async def inbox_live(request: web.Request, who: Who) -> web.Response:
    """The inbox's counts and rows, for the page's script to swap in."""
    try:
        context = await _inbox_context(request, who)
    except CallgateError as e:
        return web.Response(status=e.status, text=str(e))
    return _render(request, "_inbox_live.html", who, **context)


# ---- a ticket ---------------------------------------------------------------------------------


def _argument_rows(arguments: dict[str, Any]) -> list[tuple[str, str]]:
    rows = []
    for key, value in arguments.items():
        label = key.replace("_", " ")
        if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
            shown = ", ".join(str(v) for v in value)
        elif isinstance(value, dict | list):
            shown = _compact(value)
        else:
            shown = str(value)
        rows.append((label, shown))
    return rows


async def _ticket_context(request: web.Request, who: Who, ticket_id: str) -> dict[str, Any]:
    rt = _rt(request)
    gate = _gate(rt)
    t = ticket_view(await gate.get(ticket_id), rt.catalog)
    events = [event_view(e) for e in await gate.events(ticket_id, internal=True)]
    operators, names = await _operators(rt)
    status = Status(t["status"])
    return {
        "t": t, "events": events, "names": names,
        "assignable": [o for o in operators if o["role"] != "viewer" and not o["disabled"]],
        "undecided": status in UNDECIDED, "unknown": status is Status.OUTCOME_UNKNOWN,
        "final": status not in UNDECIDED and status not in (Status.APPROVED,
                                                            Status.OUTCOME_UNKNOWN),
        "arguments": _argument_rows(t["arguments"]),
        "raw": _json(t["arguments"]),
        "result": None if t["result"] is None else _json(t["result"]),
        "version": f"{t['updated_at']}/{len(events)}",
        "rehearsal": _rehearsal_words(t["rehearsal"]),
        "approved_by": [names.get(a, a) for a in t["approvals"]],
    }


def _rehearsal_words(rehearsal: Any) -> str | None:
    if not isinstance(rehearsal, dict):
        return None
    try:
        return describe_rehearsal(rehearsal)
    except (KeyError, TypeError):  # a rehearsal of another shape: the raw JSON says it
        return None


async def _ticket_page(request: web.Request, who: Who, ticket_id: str, *,
                       error: str | None = None, status: int = 200,
                       form: Mapping[str, Any] | None = None) -> web.Response:
    rt = _rt(request)
    gate = _gate(rt)
    context = await _ticket_context(request, who, ticket_id)
    if request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none"):
        # the operator opened it (not a page elsewhere on the same site loading it unseen)
        await gate.set_read(ticket_id, who.op.operator_id, "read")
    t = context["t"]
    transcript = await gate.transcript(t)
    edited = form.get("arguments") if form is not None else None
    return _render(request, "ticket.html", who, status, error=error, transcript=transcript,
                   edit_text=edited if isinstance(edited, str) else context["raw"], **context)


@page
async def ticket(request: web.Request, who: Who) -> web.Response:
    try:
        return await _ticket_page(request, who, request.match_info["ticket_id"])
    except CallgateError as e:
        return _render(request, "error.html", who, e.status, title="No such ticket",
                       message=str(e))


@page
async def ticket_live(request: web.Request, who: Who) -> web.Response:
    """The ticket's status, controls, result and history, for the page's script to swap in."""
    try:
        context = await _ticket_context(request, who, request.match_info["ticket_id"])
    except CallgateError as e:
        return web.Response(status=e.status, text=str(e))
    return _render(request, "_ticket_live.html", who, **context)


def _back(ticket_id: str) -> web.Response:
    return redirect(f"/ui/tickets/{quote(ticket_id)}")


@act(Role.APPROVER)
async def claim(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    ticket_id = request.match_info["ticket_id"]
    owner = form.get("owner") or who.op.operator_id
    await _gate(_rt(request)).act(ticket_id, Action.ASSIGN, who.op.operator_id, owner=str(owner))
    return _back(ticket_id)


@act(Role.APPROVER)
async def prioritize(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    ticket_id = request.match_info["ticket_id"]
    raw = form.get("priority", "")
    if raw not in ("0", "1", "2", "3", "4"):
        raise RequestError("priority is 0 (most urgent) to 4")
    priority = int(raw)
    await _gate(_rt(request)).act(ticket_id, Action.PRIORITIZE, who.op.operator_id,
                                  priority=priority)
    return _back(ticket_id)


@act(Role.APPROVER)
async def approve(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    ticket_id = request.match_info["ticket_id"]
    await _approve(_gate(_rt(request)), ticket_id, who)
    return _back(ticket_id)


async def _approve(gate: Gate, ticket_id: str, who: Who) -> None:
    """Approve; when that was the last approval needed, give the execution a moment to come
    back so the page shows its result at once (it keeps looking afterwards either way)."""
    t = await gate.act(ticket_id, Action.APPROVE, who.op.operator_id)
    if t["status"] == "approved":
        await gate.outcome(ticket_id, APPROVE_WAIT_S)


@act(Role.APPROVER)
async def reject(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    ticket_id = request.match_info["ticket_id"]
    reason = str(form.get("reason") or "")[:2000]
    await _gate(_rt(request)).act(ticket_id, Action.REJECT, who.op.operator_id, reason=reason)
    return _back(ticket_id)


@act(Role.APPROVER)
async def edit_approve(request: web.Request, who: Who, form: Mapping[str, Any]
                       ) -> web.Response:
    """New arguments through schema and policy, then this operator's approval."""
    ticket_id = request.match_info["ticket_id"]
    try:
        arguments = json_loads(str(form.get("arguments") or ""))
    except orjson.JSONDecodeError as e:
        raise RequestError(f"the edited arguments are not JSON: {e}") from e
    if not isinstance(arguments, dict):
        raise RequestError("the edited arguments must be a JSON object")
    rt = _rt(request)
    await apply_edit(rt, ticket_id, who.op.operator_id, arguments)
    await _approve(_gate(rt), ticket_id, who)
    return _back(ticket_id)


def _comment(internal: bool) -> Act:
    async def run(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
        ticket_id = request.match_info["ticket_id"]
        text = str(form.get("text") or "").strip()
        if not text or len(text) > 10_000:
            raise RequestError("write between 1 and 10,000 characters")
        await _gate(_rt(request)).comment(ticket_id, who.op.operator_id, text, internal=internal)
        return _back(ticket_id)

    return run


@act(Role.ADMIN)
async def resolve(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    ticket_id = request.match_info["ticket_id"]
    outcome = form.get("outcome")
    if outcome not in ("executed", "failed"):
        raise RequestError("say whether it was executed or failed")
    await _gate(_rt(request)).act(
        ticket_id, Action.RESOLVE_EXECUTED if outcome == "executed" else Action.RESOLVE_FAILED,
        who.op.operator_id, reason=str(form.get("note") or "")[:2000])
    return _back(ticket_id)


@act(Role.VIEWER)
async def mark(request: web.Request, who: Who, form: Mapping[str, Any]) -> web.Response:
    """Unread again, or archived (out of this operator's inbox)."""
    ticket_id = request.match_info["ticket_id"]
    state = form.get("state")
    if state not in ("unread", "archived"):
        raise RequestError("mark a ticket unread or archived")
    await _gate(_rt(request)).set_read(ticket_id, who.op.operator_id, str(state))
    return redirect("/ui/")


# ---- filters for the templates ----------------------------------------------------------------


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


def _compact(value: Any) -> str:
    return orjson.dumps(value).decode()


def _status_words(status: str) -> str:
    return status.replace("_", " ")


FILTERS: dict[str, Callable[..., str]] = {"money_text": money_text, "json": _json,
                                          "compact": _compact, "status_words": _status_words}


def add_routes(ui: web.Application) -> None:
    r = ui.router
    r.add_get("/", inbox)
    r.add_get("/live", inbox_live)
    r.add_get("/login", login_form)
    r.add_post("/login", login)
    r.add_post("/logout", logout)
    r.add_get("/tickets/{ticket_id}", ticket)
    r.add_get("/tickets/{ticket_id}/live", ticket_live)
    for name, handler in (("claim", claim), ("priority", prioritize), ("approve", approve),
                          ("reject", reject), ("edit-approve", edit_approve),
                          ("reply", act(Role.APPROVER)(_comment(internal=False))),
                          ("note", act(Role.APPROVER)(_comment(internal=True))),
                          ("resolve", resolve), ("mark", mark)):
        r.add_post(f"/tickets/{{ticket_id}}/{name}", handler)
