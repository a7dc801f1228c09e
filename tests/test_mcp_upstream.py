"""callgate in front of an MCP server written with the SDK's own Server: its tools are discovered
from tools/list, marked read or write by the catalog, and every call gets schema, policy, the
human gate and traces; an MCP client (the SDK's) drives it through callgate's /mcp front."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared._httpx_utils import create_mcp_http_client

from proxy.mcp_upstream import held, serve_asgi

from .conftest import ProxyFactory, start_session

NOTES = web.AppKey("notes", dict)
CATALOG = """domain: notes
upstream: notes
tools:
  get_note: {kind: read}
  add_note: {kind: write}
  delete_note: {kind: write}
"""
POLICY = """domain: notes
catalog: {catalog}
rules:
  - id: confirm-writes
    kind: confirmation
    tools: {{kind: write}}
    key_arguments: {{add_note: [text], delete_note: [note_id]}}
    actions: {{add_note: [add, note, writ], delete_note: [delet, remov]}}
  - id: review-deletes
    kind: facts
    route: ticket
    tools: [delete_note]
    require:
      - {{left: args.note_id, op: eq, right: "never"}}
    message: Deleting a note is reviewed by a colleague.
"""


def notes_server(state: dict[str, Any]) -> Server[Any]:
    """An MCP server of notes, as any team might have written it with the SDK."""
    schemas = {
        "get_note": {"type": "object", "properties": {"note_id": {"type": "string"}},
                     "required": ["note_id"], "additionalProperties": False},
        "add_note": {"type": "object", "properties": {"text": {"type": "string",
                                                               "maxLength": 200}},
                     "required": ["text"], "additionalProperties": False},
        "delete_note": {"type": "object", "properties": {"note_id": {"type": "string"}},
                        "required": ["note_id"], "additionalProperties": False},
        "wipe_everything": {"type": "object", "properties": {}},
    }

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[
            types.Tool(name=n, description=f"{n.replace('_', ' ')}", input_schema=s)
            for n, s in schemas.items()])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        args = params.arguments or {}
        state["calls"].append((params.name, args))
        notes: dict[str, str] = state["notes"]
        if params.name == "get_note":
            if args["note_id"] not in notes:
                return types.CallToolResult(content=[types.TextContent(
                    type="text", text=f"no note {args['note_id']}")], is_error=True)
            return types.CallToolResult(content=[types.TextContent(type="text", text="ok")],
                                        structured_content={"note_id": args["note_id"],
                                                            "text": notes[args["note_id"]]})
        if params.name == "add_note":
            note_id = f"n{len(notes) + 1}"
            notes[note_id] = args["text"]
            return types.CallToolResult(content=[types.TextContent(type="text", text=note_id)],
                                        structured_content={"note_id": note_id})
        notes.clear()  # delete_note / wipe_everything: what callgate must keep from the agent
        return types.CallToolResult(content=[types.TextContent(type="text", text="gone")])

    return Server("notes", on_list_tools=list_tools, on_call_tool=call_tool)


@pytest.fixture
async def notes_upstream(aiohttp_server: Any) -> AsyncIterator[tuple[TestServer, dict[str, Any]]]:
    state: dict[str, Any] = {"notes": {"n1": "buy milk"}, "calls": []}
    manager = StreamableHTTPSessionManager(notes_server(state), json_response=True)

    async def handle(request: web.Request) -> web.StreamResponse:
        return await serve_asgi(request, manager.handle_request, await request.read())

    app = web.Application()
    app.router.add_route("*", "/mcp", handle)
    async with held(manager.run()):
        yield await aiohttp_server(app), state


@contextlib.asynccontextmanager
async def agent(url: str, session_id: str) -> AsyncIterator[Client]:
    async with create_mcp_http_client(headers={"X-Callgate-Session": session_id}) as http, \
            Client(streamable_http_client(url, http_client=http)) as client:
        yield client


async def test_an_mcp_server_gets_schema_policy_gate_and_traces(
    notes_upstream: tuple[TestServer, dict[str, Any]], make_proxy: ProxyFactory,
    tmp_path: Path,
) -> None:
    server, state = notes_upstream
    (tmp_path / "notes").mkdir()
    catalog = tmp_path / "notes" / "catalog.yaml"
    catalog.write_text(CATALOG)
    (tmp_path / "notes" / "policy.yaml").write_text(POLICY.format(catalog=catalog))
    proxy, rt = await make_proxy(
        str(server.make_url("/mcp")), catalogs=[str(catalog)],
        upstreams={"notes": {"kind": "mcp", "base_url": str(server.make_url("/mcp"))}},
        policy={"dirs": [str(tmp_path / "notes")]})
    sid = await start_session(proxy, tags={"domain": "notes"})

    async def say(role: str, text: str) -> None:
        await proxy.post(f"/v1/sessions/{sid}/messages", json={"role": role, "content": text})

    async with agent(str(proxy.make_url("/mcp")), sid) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools) == {"get_note", "add_note", "delete_note"}  # not wipe_everything
        assert tools["add_note"].input_schema["properties"]["text"]["maxLength"] == 200

        read = await client.call_tool("get_note", {"note_id": "n1"})
        assert not read.is_error and read.structured_content["text"] == "buy milk"
        missing = await client.call_tool("get_note", {"note_id": "n9"})
        assert missing.is_error and missing.structured_content["outcome"] == "upstream_error"
        assert "no note n9" in str(missing.structured_content)

        too_long = await client.call_tool("add_note", {"text": "x" * 201})
        assert too_long.is_error and too_long.structured_content["outcome"] == "invalid"
        unconfirmed = await client.call_tool("add_note", {"text": "call mum"})
        assert unconfirmed.structured_content["outcome"] == "needs_confirmation"
        await say("assistant", "Shall I add the note 'call mum'?")
        await say("user", "yes")
        added = await client.call_tool("add_note", {"text": "call mum"})
        assert not added.is_error, added.content[0].text
        assert added.structured_content == {"note_id": "n2"}

        await say("assistant", "Shall I delete note n1?")
        await say("user", "yes, delete it")
        held_call = await client.call_tool("delete_note", {"note_id": "n1"})
        assert held_call.structured_content["outcome"] == "pending_review"
        wipe = await client.call_tool("wipe_everything", {})
        assert wipe.is_error and wipe.structured_content["outcome"] == "invalid"
    assert [name for name, _ in state["calls"]] == ["get_note", "get_note", "add_note"]
    assert state["notes"] == {"n1": "buy milk", "n2": "call mum"}
    assert rt.catalog.get("add_note", "notes") is not None


async def test_a_tool_the_catalog_names_and_the_server_lacks_stops_start_up(
    notes_upstream: tuple[TestServer, dict[str, Any]], tmp_path: Path,
) -> None:
    from proxy.catalog import Catalog, load_catalog
    from proxy.errors import ConfigError
    from proxy.mcp_upstream import McpUpstream, discover

    server, _ = notes_upstream
    catalog = tmp_path / "catalog.yaml"
    catalog.write_text(CATALOG + "  pin_note: {kind: write}\n")
    up = McpUpstream("notes", str(server.make_url("/mcp")), 5.0)
    await up.open()
    try:
        with pytest.raises(ConfigError, match="has no tool 'pin_note'"):
            await discover(Catalog(load_catalog(catalog)), {"notes": up})
    finally:
        await up.close()


def test_only_an_mcp_upstream_may_leave_a_schema_to_discovery(tmp_path: Path) -> None:
    from proxy.config import Config, load_tools
    from proxy.errors import ConfigError

    catalog = tmp_path / "catalog.yaml"
    catalog.write_text(CATALOG)
    config = Config.model_validate({"upstreams": {"notes": {"base_url": "http://127.0.0.1:9"}},
                                    "catalogs": [str(catalog)]})
    with pytest.raises(ConfigError, match="only tools of an MCP upstream"):
        load_tools(config)
