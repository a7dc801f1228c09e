"""Who may call which route. Operator routes need an operator session; agent routes take an
agent key (required when ``gate.require_agent_key``). The two kinds never cross."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from ..errors import CallgateError, Forbidden
from ..gate.accounts import AgentKey
from ..gate.auth import AGENT_PREFIX, OPERATOR_PREFIX, NotAllowed, Operator, Role
from ..wire import error_envelope, json_response
from .keys import RUNTIME

OPERATOR = web.RequestKey("operator", Operator)
AGENT = web.RequestKey("agent", AgentKey)
TOKEN = web.RequestKey("token", str)
AGENT_ROUTES = ("/v1/sessions", "/v1/tools", "/v1/tickets")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def bearer(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.startswith("Bearer ") else None


@web.middleware
async def authenticate(request: web.Request, handler: Handler) -> web.StreamResponse:
    rt = request.app[RUNTIME]
    path = request.path
    token = bearer(request)
    try:
        if path.startswith("/v1/operator"):
            if path != "/v1/operator/login":
                if token and token.startswith(AGENT_PREFIX):
                    raise Forbidden("agent keys cannot reach operator routes")
                if rt.accounts is None:
                    raise Forbidden("the human gate is not enabled here")
                request[OPERATOR] = await rt.accounts.session(token)
                request[TOKEN] = token or ""
        elif path.startswith(AGENT_ROUTES) and "/confirmations/" not in path:
            if token and token.startswith(OPERATOR_PREFIX):
                raise Forbidden("operator sessions cannot call tools or act as the agent")
            if token and rt.accounts is not None:
                request[AGENT] = rt.accounts.agent(token)
            elif rt.config.gate.require_agent_key:
                if rt.accounts is None:
                    raise Forbidden("agent keys are required but the gate is not enabled")
                request[AGENT] = rt.accounts.agent(token)
    except CallgateError as e:
        return json_response(error_envelope(e), e.status)
    return await handler(request)


def require(request: web.Request, role: Role) -> Operator:
    operator = request[OPERATOR]
    if not operator.can(role):
        raise NotAllowed(f"this needs the {role.value} role; {operator.username} is "
                         f"{operator.role.value}")
    return operator
