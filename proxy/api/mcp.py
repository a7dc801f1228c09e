"""The MCP front: callgate as a Model Context Protocol server (streamable HTTP at ``/mcp``).

Built on the official ``mcp`` SDK (``pip install 'callgate[mcp]'``): its low-level ``Server``
answers ``tools/list`` from the catalog and ``tools/call`` through ``handle_call``, the same
pipeline as ``POST /v1/sessions/{id}/calls``; the two fronts differ only in how they speak. The
SDK's session manager is an ASGI application; ``asgi_bridge`` serves it from the proxy's own
aiohttp listener, behind the same middlewares (agent keys, access log, limits).

Which callgate session a tool call belongs to:

the ``X-Callgate-Session`` header names it: the platform starts the session with
``POST /v1/sessions`` (environment, user, tags), posts the conversation to
``/v1/sessions/{id}/messages`` as it happens (a model never writes the user's words: a
confirmation must come from the transcript the platform records), and gives its MCP client that
header. This works in every protocol revision, stateless ones included. Without it a call is
refused with a result that says how to name a session (an ``Mcp-Session-Id`` is not used: in
the stateless revision the client chooses it, so two clients could share a customer's session).

Outcomes map to tool results a model can act on: ``executed`` is the upstream's answer
(``structuredContent`` when it is an object); anything else is an ``isError`` result whose text
is the envelope's message (what to do next) and whose ``structuredContent`` is the whole
envelope (violations, a token confirmation's id, a held call's ticket).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import web

from .. import __version__, telemetry
from ..catalog import ToolKind
from ..errors import CallgateError, UnknownSession
from ..mcp_upstream import held, serve_asgi
from ..pipeline import handle_call
from ..wire import error_envelope, json_response
from .auth import AGENT
from .keys import RUNTIME

if TYPE_CHECKING:
    from ..pipeline import Runtime

SESSION_HEADER = "x-callgate-session"
MCP_FRONT: web.AppKey[McpFront] = web.AppKey("mcp_front")


def available() -> bool:
    try:
        import mcp.server.streamable_http_manager  # noqa: F401
    except ImportError:
        return False
    return True


class McpFront:
    def __init__(self, rt: Runtime) -> None:
        import mcp_types as types
        from mcp.server.lowlevel import Server
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

        self.rt = rt
        self.types = types
        self.server: Any = Server("callgate", version=__version__,
                                  instructions="Tool calls pass callgate's schema and policy "
                                  "checks; a refusal says what to do next.",
                                  on_list_tools=self._list_tools, on_call_tool=self._call_tool)
        self.manager = StreamableHTTPSessionManager(
            self.server, json_response=True,
            max_request_body_size=rt.config.limits.max_body_bytes)

    def running(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """The SDK's session manager, for the app's lifetime."""
        return held(self.manager.run())

    async def _list_tools(self, ctx: Any, params: Any) -> Any:
        t = self.types
        return t.ListToolsResult(tools=[
            t.Tool(name=tool.name, description=tool.description or None,
                   input_schema=tool.schema,
                   annotations=t.ToolAnnotations(read_only_hint=tool.kind is ToolKind.READ,
                                                 destructive_hint=tool.kind is ToolKind.WRITE))
            for tool in self.rt.catalog.all()])

    async def _call_tool(self, ctx: Any, params: Any) -> Any:
        t = self.types
        request = ctx.request
        scope = getattr(request, "scope", {}) if request is not None else {}
        agent = scope.get("callgate.agent")
        headers = {k.lower(): v for k, v in (request.headers.items() if request else ())}
        try:
            session_id = await self._session_for(headers, agent)
        except UnknownSession as e:
            return t.CallToolResult(content=[t.TextContent(type="text", text=str(e))],
                                    is_error=True)
        body = orjson.dumps({"tool": params.name, "arguments": params.arguments or {}})
        with telemetry.call_span(headers, **{"callgate.session": session_id,
                                             "callgate.front": "mcp"}):
            envelope, _ = await handle_call(
                self.rt, session_id, body,
                requester=agent.owner if agent is not None else None,
                agent_key=agent.key_id if agent is not None else None)
        meta = {"callgate_session": session_id, "callgate_call": envelope.call_id}
        if envelope.outcome.value == "executed":
            result = envelope.result
            return t.CallToolResult(
                content=[t.TextContent(type="text", text=orjson.dumps(result).decode())],
                structured_content=result if isinstance(result, dict) else None,
                is_error=False, meta=meta)
        dumped = envelope.model_dump(mode="json", exclude_none=True)
        return t.CallToolResult(content=[t.TextContent(type="text", text=envelope.message)],
                                structured_content=dumped, is_error=True, meta=meta)

    async def _session_for(self, headers: dict[str, str], agent: Any) -> str:
        """The callgate session the ``X-Callgate-Session`` header names, if the caller may use
        it. There is no other way in: an ``Mcp-Session-Id`` is chosen by the client in the
        stateless protocol revision, so two clients could pick the same one and share a
        customer's transcript and identity."""
        agent_key = agent.key_id if agent is not None else None
        named = headers.get(SESSION_HEADER)
        if not named:
            raise UnknownSession(
                "name the callgate session this call belongs to: start one with POST "
                "/v1/sessions and send its id in the X-Callgate-Session header")
        await self.rt.sessions.check(named, agent_key)  # unknown, or not this agent's
        return named


async def asgi_bridge(request: web.Request) -> web.StreamResponse:
    """Serve one HTTP exchange of ``/mcp`` through the SDK's ASGI application."""
    front = request.app.get(MCP_FRONT)
    if front is None:
        raise web.HTTPNotImplemented(text="the MCP front needs the mcp extra: "
                                          "pip install 'callgate[mcp]'")
    from .agent import read_body

    try:
        body = await read_body(request, request.app[RUNTIME]) if request.method == "POST" \
            else b""
    except CallgateError as e:  # too large, too slow, bad encoding: the same answers as HTTP
        return json_response(error_envelope(e), e.status)
    return await serve_asgi(request, front.manager.handle_request, body,
                            {"callgate.agent": request.get(AGENT)})


def add_routes(app: web.Application) -> None:
    app.router.add_route("*", "/mcp", asgi_bridge)
