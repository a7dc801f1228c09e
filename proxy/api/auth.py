"""Who may call which route. Operator routes need an operator session; agent routes take an
agent key (required when ``gate.require_agent_key``). The two kinds never cross."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from aiohttp import web

from ..errors import CallgateError, Forbidden, RateLimited
from ..gate.accounts import AgentKey
from ..gate.auth import AGENT_PREFIX, OPERATOR_PREFIX, NotAllowed, Operator, Role
from ..listener import retry_after
from ..wire import error_envelope, json_response
from .keys import RUNTIME

if TYPE_CHECKING:
    from ..pipeline import Runtime

OPERATOR = web.RequestKey("operator", Operator)
AGENT = web.RequestKey("agent", AgentKey)
TOKEN = web.RequestKey("token", str)
AGENT_ROUTES = ("/v1/sessions", "/v1/tools", "/v1/tickets", "/mcp")
CONFIRMATION_ROUTE = "/v1/sessions/{session_id}/confirmations/{confirmation_id}"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def bearer(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.startswith("Bearer ") else None


def route_kind(request: web.Request) -> str | None:
    """Which kind of route the request matched, from the router's own match (never from the raw
    path: "/v1/sessions/x%2Fconfirmations%2Fy/calls" is an agent route like any other). None for
    no match (the router answers 404 or 405, and nothing runs)."""
    resource = request.match_info.route.resource
    if resource is None:
        return None
    template = resource.canonical
    if template == "/v1/operator/login":
        return "public"
    if template.startswith("/v1/operator"):
        return "operator"
    if template == CONFIRMATION_ROUTE:
        return "frontend"  # the front end's own bearer token, checked by its handler
    if template.startswith(AGENT_ROUTES):
        return "agent"
    return "public"


@web.middleware
async def authenticate(request: web.Request, handler: Handler) -> web.StreamResponse:
    rt = request.app[RUNTIME]
    kind = route_kind(request)
    token = bearer(request)
    try:
        if kind == "operator":
            if token and token.startswith(AGENT_PREFIX):
                raise Forbidden("agent keys cannot reach operator routes")
            if rt.accounts is None:
                raise Forbidden("the human gate is not enabled here")
            request[OPERATOR] = await rt.accounts.session(token)
            request[TOKEN] = token or ""
        elif kind == "agent":
            key = await admit_agent(rt, token, request.remote)
            if key is not None:
                request[AGENT] = key
    except RateLimited as e:
        response = json_response(error_envelope(e), e.status)
        response.headers["Retry-After"] = retry_after(e.retry_after_s)
        return response
    except CallgateError as e:
        return json_response(error_envelope(e), e.status)
    return await handler(request)


async def admit_agent(rt: Runtime, token: str | None, remote: str | None) -> AgentKey | None:
    """Who may use an agent route: the agent key the bearer ``token`` names (None where there
    is none and none is required), within the rate limit (per key, else per address ``remote``).
    Raises ``Forbidden``, ``Unauthorized`` or ``RateLimited``. Every face of the agent API
    (aiohttp's routes, the lean front) admits through here."""
    if token and token.startswith(OPERATOR_PREFIX):
        raise Forbidden("operator sessions cannot call tools or act as the agent")
    key = None
    if token and rt.accounts is not None:
        key = await rt.accounts.agent(token)
    elif rt.config.gate.require_agent_key:
        if rt.accounts is None:
            raise Forbidden("agent keys are required but the gate is not enabled")
        key = await rt.accounts.agent(token)
    if rt.limiter is not None:
        who = f"key:{key.key_id}" if key is not None else f"addr:{remote}"
        wait = rt.limiter.take(who)
        if wait > 0:
            raise RateLimited(f"rate limit: {rt.config.listen.rate_per_s}/s, burst "
                              f"{rt.config.listen.burst}; retry in {wait:.2f} s", wait)
    return key


def require(request: web.Request, role: Role) -> Operator:
    operator = request[OPERATOR]
    if not operator.can(role):
        raise NotAllowed(f"this needs the {role.value} role; {operator.username} is "
                         f"{operator.role.value}")
    return operator
