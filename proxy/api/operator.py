"""The operator API (/v1/operator): login, the ticket inbox, decisions, accounts, audit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import pydantic
from aiohttp import web

from ..errors import CallgateError, Forbidden, InvalidArguments, RequestError, UnknownSession
from ..gate.auth import Role
from ..gate.present import event_view, iso, ticket_view
from ..gate.service import Gate, UnknownTicket, customer_words
from ..gate.tickets import Action, TicketConflict
from ..ids import new_id
from ..listener import retry_after
from ..pipeline import Runtime, resolve_tool
from ..policy import CallInput, Verdict, decide
from ..store import audit_check
from ..validate import validate_args
from ..wire import error_envelope, json_response
from .agent import _parse_model
from .auth import AGENT, OPERATOR, TOKEN, require
from .keys import RUNTIME

Handler = Callable[[web.Request], Awaitable[web.Response]]


class _Strict(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)


class Login(_Strict):
    username: str
    password: str
    totp: str


class Assign(_Strict):
    owner: str | None = None  # an operator id; default: yourself


class Priority(_Strict):
    priority: int = pydantic.Field(ge=0, le=4)


class Text(_Strict):
    text: str = pydantic.Field(min_length=1, max_length=10_000)


class Reject(_Strict):
    reason: str = pydantic.Field("", max_length=2_000)


class Edit(_Strict):
    arguments: dict[str, Any]


class Resolve(_Strict):
    outcome: str = pydantic.Field(pattern="^(executed|failed)$")
    note: str = ""


class ReadState(_Strict):
    state: str = pydantic.Field(pattern="^(unread|read|archived)$")


class NewOperator(_Strict):
    username: str = pydantic.Field(pattern=r"^[a-z0-9_.-]{2,64}$")
    password: str = pydantic.Field(min_length=12)
    role: Role


class NewKey(_Strict):
    name: str = pydantic.Field(min_length=1, max_length=100)


MAX_WAIT_S = 30.0


def _wait_s(raw: str | None) -> float:
    if raw is None:
        return 0.0
    try:
        wait = float(raw)
    except ValueError:
        wait = -1.0
    if not 0 <= wait <= MAX_WAIT_S:  # also NaN
        raise RequestError(f"wait_s is a number of seconds from 0 to {MAX_WAIT_S:g}")
    return wait


def _gate(rt: Runtime) -> Gate:
    if rt.gate is None:
        raise Forbidden("the human gate is not enabled here")
    return rt.gate


def handler(fn: Callable[[web.Request, Runtime], Awaitable[Any]]) -> Handler:
    """Run ``fn``; a ``CallgateError`` becomes the usual envelope with its status."""

    async def wrapped(request: web.Request) -> web.Response:
        rt = request.app[RUNTIME]
        try:
            result = await fn(request, rt)
        except CallgateError as e:
            response = json_response(error_envelope(e), e.status)
            wait = getattr(e, "retry_after_s", None)
            if wait is not None:
                response.headers["Retry-After"] = retry_after(wait)
            return response
        if isinstance(result, web.Response):
            return result
        return json_response(result)

    return wrapped


async def login(request: web.Request, rt: Runtime) -> Any:
    if rt.accounts is None:
        raise Forbidden("the human gate is not enabled here")
    body = await _parse_model(request, Login)
    remote = request.remote or "unknown"
    token = await rt.accounts.login(body.username, body.password, body.totp, remote)
    operator = await rt.accounts.session(token)
    return {"token": token, "operator_id": operator.operator_id, "role": operator.role.value,
            "idle_timeout_s": rt.config.gate.session_idle_s,
            "absolute_timeout_s": rt.config.gate.session_max_s}


async def logout(request: web.Request, rt: Runtime) -> Any:
    assert rt.accounts is not None
    await rt.accounts.logout(request[TOKEN], request[OPERATOR])
    return {"ended": True}


async def me(request: web.Request, rt: Runtime) -> Any:
    op = request[OPERATOR]
    return {"operator_id": op.operator_id, "username": op.username, "role": op.role.value}


class InboxQuery(_Strict):
    status: str | None = None
    domain: str | None = None
    owner: str | None = None  # an operator id, "me", or "none" (unowned)
    priority: int | None = pydantic.Field(None, ge=0, le=4)
    unread: bool = False
    mine: bool = False
    sort: str = pydantic.Field("urgent", pattern="^(urgent|newest)$")
    limit: int = pydantic.Field(100, ge=1, le=500)


def inbox_query(query: Mapping[str, str]) -> InboxQuery:
    """Inbox filters from a query string (empty values mean "any"); bad ones are refused."""
    try:
        return InboxQuery.model_validate({k: v for k, v in query.items() if v != ""})
    except pydantic.ValidationError as e:
        raise RequestError("bad inbox filter: " + "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors()),
            ) from e


async def inbox_rows(rt: Runtime, operator_id: str, q: InboxQuery) -> list[dict[str, Any]]:
    owner = operator_id if q.owner == "me" else q.owner
    rows = await _gate(rt).inbox(operator_id, q.status, q.mine, q.limit, domain=q.domain,
                                 owner=owner, priority=q.priority, unread=q.unread, sort=q.sort)
    return [ticket_view(t, rt.catalog) for t in rows]


async def inbox(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.VIEWER)
    rows = await inbox_rows(rt, op.operator_id, inbox_query(request.query))
    return {"tickets": rows, "counts": await _gate(rt).counts()}


async def show(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.VIEWER)
    gate = _gate(rt)
    ticket_id = request.match_info["ticket_id"]
    t = await gate.get(ticket_id)
    await gate.set_read(ticket_id, op.operator_id, "read")
    return {**ticket_view(t, rt.catalog),
            "events": [event_view(e) for e in await gate.events(ticket_id, internal=True)],
            "transcript": await gate.transcript(t)}


def _act(action: Action, role: Role = Role.APPROVER) -> Handler:
    async def run(request: web.Request, rt: Runtime) -> Any:
        op = require(request, role)
        gate = _gate(rt)
        ticket_id = request.match_info["ticket_id"]
        kwargs: dict[str, Any] = {}
        if action is Action.ASSIGN:
            kwargs["owner"] = (await _parse_model(request, Assign)).owner or op.operator_id
        elif action is Action.PRIORITIZE:
            kwargs["priority"] = (await _parse_model(request, Priority)).priority
        elif action is Action.REJECT:
            kwargs["reason"] = (await _parse_model(request, Reject)).reason
        # ?wait_s=N on approve: answer with the execution's result when it comes within N s
        wait = _wait_s(request.query.get("wait_s")) if action is Action.APPROVE else 0.0
        t = await gate.act(ticket_id, action, op.operator_id, **kwargs)
        if t["status"] == "approved" and wait:
            t = await gate.outcome(ticket_id, wait)
        return ticket_view(t, rt.catalog)

    return handler(run)


async def reply(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.APPROVER)
    body = await _parse_model(request, Text)
    return ticket_view(await _gate(rt).comment(request.match_info["ticket_id"], op.operator_id,
                                               body.text, internal=False), rt.catalog)


async def note(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.APPROVER)
    body = await _parse_model(request, Text)
    return ticket_view(await _gate(rt).comment(request.match_info["ticket_id"], op.operator_id,
                                               body.text, internal=True), rt.catalog)


async def apply_edit(rt: Runtime, ticket_id: str, operator_id: str, arguments: dict[str, Any]
                     ) -> dict[str, Any]:
    """New arguments go back through the schema and the policy before they may be approved;
    refused, nothing changes."""
    gate = _gate(rt)
    t = await gate.get(ticket_id)
    if t["status"] not in ("open", "assigned"):  # the life cycle's words before the schema's
        raise TicketConflict(f"the ticket is {t['status']}; edit needs it open")
    tool = resolve_tool(rt.catalog, t["tool"], t["domain"])
    validate_args(tool.validator, arguments)
    session = await rt.sessions.get(t["session_id"])
    decision = await decide(rt.policy, CallInput(tool, arguments, session), new_id("d"))
    if decision.verdict in (Verdict.BLOCK, Verdict.CONFIRM):
        raise InvalidArguments(
            "the edited call does not pass the policy: "
            + " ".join(v.message for v in decision.violations),
            details=[{"code": v.rule, "message": v.message} for v in decision.violations])
    return await gate.act(t["ticket_id"], Action.EDIT, operator_id, arguments=arguments)


async def edit(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.APPROVER)
    body = await _parse_model(request, Edit)
    return ticket_view(await apply_edit(rt, request.match_info["ticket_id"], op.operator_id,
                                        body.arguments), rt.catalog)


async def resolve(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.ADMIN)
    body = await _parse_model(request, Resolve)
    action = Action.RESOLVE_EXECUTED if body.outcome == "executed" else Action.RESOLVE_FAILED
    return ticket_view(await _gate(rt).act(request.match_info["ticket_id"], action,
                                           op.operator_id, reason=body.note), rt.catalog)


async def read_state(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.VIEWER)
    body = await _parse_model(request, ReadState)
    await _gate(rt).set_read(request.match_info["ticket_id"], op.operator_id, body.state)
    return {"ticket_id": request.match_info["ticket_id"], "state": body.state}


async def operators(request: web.Request, rt: Runtime) -> Any:
    require(request, Role.ADMIN)
    assert rt.accounts is not None
    return {"operators": await rt.accounts.list()}


async def create_operator(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.ADMIN)
    assert rt.accounts is not None
    body = await _parse_model(request, NewOperator)
    created = await rt.accounts.create_operator(body.username, body.password, body.role,
                                                op.operator_id)
    return json_response(created, 201)


async def create_key(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.ADMIN)
    assert rt.accounts is not None
    body = await _parse_model(request, NewKey)
    return json_response(await rt.accounts.create_agent_key(body.name, op.operator_id), 201)


async def revoke_key(request: web.Request, rt: Runtime) -> Any:
    op = require(request, Role.ADMIN)
    assert rt.accounts is not None
    await rt.accounts.revoke_agent_key(request.match_info["key_id"], op.operator_id)
    return {"revoked": request.match_info["key_id"]}


async def audit_verify(request: web.Request, rt: Runtime) -> Any:
    require(request, Role.ADMIN)
    count, problems = await audit_check(rt.store)
    return {"entries": count, "intact": not problems,
            "problems": [{"seq": p.seq, "what": p.what} for p in problems]}


async def agent_ticket(request: web.Request, rt: Runtime) -> Any:
    """The agent's view of its held call: status, words for the customer, public replies."""
    gate = _gate(rt)
    t = await gate.get(request.match_info["ticket_id"])
    key = request.get(AGENT)
    try:  # the session's owner owns its tickets; another agent's are not shown
        await rt.sessions.check(t["session_id"], key.key_id if key is not None else None)
    except UnknownSession as e:
        raise UnknownTicket(f"no ticket {t['ticket_id']!r}") from e
    if key is not None and t["requester"] not in (None, key.owner):
        raise UnknownTicket(f"no ticket {t['ticket_id']!r}")
    out = {"ticket_id": t["ticket_id"], "status": t["status"], "tool": t["tool"],
           "message": customer_words(t), "expires_at": iso(t["expires_at"]),
           "replies": [e for e in await gate.events(t["ticket_id"], internal=False)
                       if e["kind"] == "reply"]}
    if t["status"] == "executed":
        out["result"] = t["result"]
    return out


ROUTES: list[tuple[str, str, Handler]] = [
    ("POST", "/v1/operator/login", handler(login)),
    ("POST", "/v1/operator/logout", handler(logout)),
    ("GET", "/v1/operator/me", handler(me)),
    ("GET", "/v1/operator/tickets", handler(inbox)),
    ("GET", "/v1/operator/tickets/{ticket_id}", handler(show)),
    ("POST", "/v1/operator/tickets/{ticket_id}/assign", _act(Action.ASSIGN)),
    ("POST", "/v1/operator/tickets/{ticket_id}/priority", _act(Action.PRIORITIZE)),
    ("POST", "/v1/operator/tickets/{ticket_id}/approve", _act(Action.APPROVE)),
    ("POST", "/v1/operator/tickets/{ticket_id}/reject", _act(Action.REJECT)),
    ("POST", "/v1/operator/tickets/{ticket_id}/reply", handler(reply)),
    ("POST", "/v1/operator/tickets/{ticket_id}/note", handler(note)),
    ("POST", "/v1/operator/tickets/{ticket_id}/edit", handler(edit)),
    ("POST", "/v1/operator/tickets/{ticket_id}/resolve", handler(resolve)),
    ("POST", "/v1/operator/tickets/{ticket_id}/read-state", handler(read_state)),
    ("GET", "/v1/operator/operators", handler(operators)),
    ("POST", "/v1/operator/operators", handler(create_operator)),
    ("POST", "/v1/operator/agent-keys", handler(create_key)),
    ("DELETE", "/v1/operator/agent-keys/{key_id}", handler(revoke_key)),
    ("GET", "/v1/operator/audit/verify", handler(audit_verify)),
    ("GET", "/v1/tickets/{ticket_id}", handler(agent_ticket)),
]


def add_routes(app: web.Application) -> None:
    for method, path, fn in ROUTES:
        app.router.add_route(method, path, fn)

