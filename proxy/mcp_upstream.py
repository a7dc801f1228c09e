"""callgate in front of an existing MCP server: an upstream of ``kind: mcp``.

The server's tools are discovered from its ``tools/list`` when the proxy starts; the catalog
says which are reads and which are writes (a catalog entry needs no schema or path for such an
upstream: the server's input schema is used). A tool the server lists and the catalog does not
mark is never offered or forwarded (it is not known to be harmless); a tool the catalog marks
and the server lacks stops start-up. Each call is the SDK client's ``tools/call``; an
``isError`` result is the upstream refusing (502 to the agent, with its words), a timeout or a
dropped connection is "outcome unknown" for a write, as with HTTP upstreams.

Also here: the small pieces both MCP directions share, serving the SDK's ASGI session manager
from aiohttp, and holding an anyio-scoped context in a task of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import orjson
import structlog
from aiohttp import web

from .catalog import DISCOVER, Catalog, Tool, anchored
from .errors import (
    ConfigError,
    UpstreamOutcomeUnknown,
    UpstreamRejected,
    UpstreamTimeout,
    UpstreamUnavailable,
)
from .parse import loads as json_loads
from .validate import ArgumentValidator

if TYPE_CHECKING:
    from .config import Config

log = structlog.get_logger("callgate.mcp")
ASGI = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Any]],
                 Callable[[MutableMapping[str, Any]], Awaitable[None]]], Awaitable[None]]


@contextlib.asynccontextmanager
async def held(context: AbstractAsyncContextManager[Any]) -> AsyncIterator[Any]:
    """Enter ``context`` in a task of its own and keep it until the block ends.

    The SDK's session manager and client hold anyio task groups, which must be left in the task
    that entered them; aiohttp starts and cleans up an app in different tasks."""
    ready: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()

    async def hold() -> None:
        async with context as value:
            ready.set_result(value)
            await stop.wait()

    task = asyncio.create_task(hold())
    await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
    if not ready.done():  # it failed to start: say why
        task.result()
    try:
        yield ready.result()
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            await task


async def serve_asgi(request: web.Request, app: ASGI, body: bytes,
                     extra: dict[str, Any] | None = None) -> web.StreamResponse:
    """One HTTP exchange served by an ASGI application (the body already read and limited)."""
    scope: dict[str, Any] = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1", "method": request.method, "scheme": request.scheme,
        "path": request.path, "raw_path": request.path.encode(), "root_path": "",
        "query_string": request.query_string.encode("latin-1"),
        "headers": [(k.lower(), v) for k, v in request.raw_headers],
        "client": (request.remote or "", 0), "server": ("127.0.0.1", 0), "state": {},
        **(extra or {}),
    }
    done = asyncio.Event()
    first = True

    async def receive() -> dict[str, Any]:
        nonlocal first
        if first:
            first = False
            return {"type": "http.request", "body": body, "more_body": False}
        await done.wait()  # nothing more comes from this client until it goes away
        return {"type": "http.disconnect"}

    response: web.StreamResponse | None = None

    async def send(message: MutableMapping[str, Any]) -> None:
        nonlocal response
        if message["type"] == "http.response.start":
            response = web.StreamResponse(status=message["status"])
            for name, value in message.get("headers", []):
                response.headers.add(name.decode("latin-1"), value.decode("latin-1"))
            await response.prepare(request)
        elif message["type"] == "http.response.body" and response is not None:
            await response.write(message.get("body", b""))
            if not message.get("more_body", False):
                await response.write_eof()
                done.set()

    try:
        await app(scope, receive, send)
    finally:
        done.set()
    if response is None:
        raise web.HTTPInternalServerError(text="the MCP application gave no answer")
    return response


class McpUpstream:
    """One MCP server, through one SDK client kept open for the proxy's lifetime."""

    def __init__(self, name: str, url: str, timeout_s: float) -> None:
        self.name, self.url, self.timeout_s = name, url, timeout_s
        self._client: Any = None
        self._http: Any = None
        self._held: contextlib.AsyncExitStack | None = None

    async def open(self) -> None:
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client
        from mcp.shared._httpx_utils import create_mcp_http_client

        stack = contextlib.AsyncExitStack()
        try:
            self._http = await stack.enter_async_context(create_mcp_http_client())
            self._client = await stack.enter_async_context(held(
                Client(streamable_http_client(self.url, http_client=self._http))))
        except BaseException as e:
            await stack.aclose()
            raise ConfigError(f"upstream {self.name!r}: cannot open the MCP server at "
                              f"{self.url}: {e}") from e
        self._held = stack

    async def close(self) -> None:
        if self._held is not None:
            await self._held.aclose()
            self._held = None

    async def tools(self) -> list[Any]:
        async with asyncio.timeout(self.timeout_s):
            return list((await self._client.list_tools()).tools)

    async def call(self, tool: Tool, arguments: dict[str, Any]) -> tuple[int, Any]:
        """(200, the result) or an ``UpstreamError`` like an HTTP upstream's."""
        if self._client is None:
            raise UpstreamUnavailable(f"{self.name} (MCP) is not connected; nothing was sent")
        try:
            async with asyncio.timeout(self.timeout_s):
                result = await self._client.call_tool(tool.name, arguments)
        except TimeoutError as e:
            raise UpstreamTimeout(f"{self.name} did not answer {tool.name} within "
                                  f"{self.timeout_s}s (outcome unknown)") from e
        except Exception as e:  # the session broke: for a write it may have run
            log.warning("mcp_upstream_failed", upstream=self.name, tool=tool.name,
                        error=repr(e))
            if tool.kind.value == "write":
                raise UpstreamOutcomeUnknown(f"{self.name} failed during {tool.name}; the "
                                             "outcome is unknown") from e
            raise UpstreamUnavailable(f"{self.name} failed during {tool.name}") from e
        text = "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")
        body: Any = result.structured_content
        if body is None:
            try:
                body = json_loads(text)
            except orjson.JSONDecodeError:
                body = text
        if result.is_error:
            raise UpstreamRejected(f"{self.name} refused {tool.name}: {text[:500]}",
                                   upstream_status=422, body=body)
        return 200, body


async def discover(catalog: Catalog, upstreams: dict[str, McpUpstream]) -> Catalog:
    """The catalog with each MCP-bound tool's schema and description from its server."""
    if not upstreams:
        return catalog
    listed: dict[str, dict[str, Any]] = {}
    for name, up in upstreams.items():
        listed[name] = {t.name: t for t in await up.tools()}
    tools = []
    for tool in catalog.all():
        served = listed.get(tool.upstream)
        if served is None:
            tools.append(tool)
            continue
        found = served.pop(tool.name, None)
        if found is None:
            raise ConfigError(f"upstream {tool.upstream!r} (MCP) has no tool {tool.name!r}, "
                              "which the catalog names")
        if tool.schema.get(DISCOVER):
            schema = anchored(dict(found.input_schema or {"type": "object"}))
            schema.setdefault("type", "object")
            tool = dataclasses.replace(tool, schema=schema,
                                       validator=ArgumentValidator.compile(tool.name, schema),
                                       description=tool.description or found.description or "")
        tools.append(tool)
    for upstream, rest in listed.items():
        if rest:
            log.warning("mcp_tools_not_in_catalog", upstream=upstream, tools=sorted(rest),
                        effect="never offered or forwarded: the catalog must mark each as "
                               "read or write")
    return Catalog(tools)


def mcp_upstreams(config: Config) -> dict[str, McpUpstream]:
    return {name: McpUpstream(name, up.base_url, config.timeouts.upstream_total_s)
            for name, up in config.upstreams.items() if up.kind == "mcp"}
