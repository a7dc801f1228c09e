"""The OpenAPI document, built from the same pydantic models the handlers use."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from .. import __version__
from ..wire import Envelope, json_response
from .agent import (
    CallIn,
    MessageAdded,
    MessageIn,
    OutcomeIn,
    SessionCreated,
    SessionEnd,
    SessionStart,
)

REF = "#/components/schemas/{model}"


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": REF.format(model=name)}


def _json(name: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref(name)}}}


def _envelope(description: str) -> dict[str, Any]:
    return _json("Envelope", description)


SESSION_ID = {"name": "session_id", "in": "path", "required": True, "schema": {"type": "string"}}
REFUSALS = {
    "400": _envelope("Malformed JSON: syntax, duplicate keys, NaN/Infinity, too deep."),
    "404": _envelope("Unknown session (or, for calls, unknown tool)."),
    "408": _envelope("The body arrived too slowly."),
    "409": _envelope("The session has ended."),
    "413": _envelope("The body is over the size limit."),
    "422": _envelope("The body does not match the schema; errors carry JSON pointers."),
    "401": _envelope("An agent key is required (gate.require_agent_key), or it is unknown."),
    "429": _envelope("Rate limited (listen.rate_per_s); Retry-After says when to retry."),
    "503": _envelope("The store could not record it; nothing happened. Retry later."),
}
ACCESS = {code: REFUSALS[code] for code in ("401", "429")}


def _operator_paths() -> dict[str, Any]:
    """The operator API, from the route table itself (api/operator.py), with its roles."""
    from .operator import ROUTES

    roles = {
        "/v1/operator/login": "public (password + TOTP)",
        "/v1/tickets/{ticket_id}": "agent (the agent's view of its held call)",
    }
    viewer = {"/v1/operator/logout", "/v1/operator/me", "/v1/operator/tickets",
              "/v1/operator/tickets/{ticket_id}", "/v1/operator/tickets/{ticket_id}/read-state"}
    admin = {"/v1/operator/tickets/{ticket_id}/resolve", "/v1/operator/operators",
             "/v1/operator/agent-keys", "/v1/operator/agent-keys/{key_id}",
             "/v1/operator/audit/verify"}
    paths: dict[str, Any] = {}
    for method, path, _ in ROUTES:
        role = roles.get(path) or ("viewer" if path in viewer else
                                   "admin" if path in admin else "approver")
        params: list[dict[str, Any]] = [
            {"name": p, "in": "path", "required": True, "schema": {"type": "string"}}
            for p in ("ticket_id", "key_id") if "{" + p + "}" in path]
        if method == "GET" and path == "/v1/operator/tickets":  # the inbox's filters
            from .operator import InboxQuery

            fields = InboxQuery.model_json_schema()["properties"]
            params += [{"name": name, "in": "query", "required": False, "schema": schema}
                       for name, schema in fields.items()]
        if path == "/v1/operator/tickets/{ticket_id}/approve":
            params.append({"name": "wait_s", "in": "query", "required": False,
                           "description": "answer once the approved call executed (at most "
                                          "this many seconds)",
                           "schema": {"type": "number", "minimum": 0, "maximum": 30}})
        paths.setdefault(path, {})[method.lower()] = {
            "summary": f"{path.rsplit('/', 1)[-1]} (role: {role})",
            "description": "Operator routes need `Authorization: Bearer ops_...` from login; "
                           "agent keys are refused there.",
            "parameters": params,
            "responses": {"200": {"description": "Done."}, **{
                code: _envelope(text) for code, text in (
                    ("401", "No or an expired operator session."),
                    ("403", "The role does not allow it (or an agent key was used)."),
                    ("404", "Unknown ticket."), ("409", "The ticket's state does not allow it."),
                    ("410", "The ticket expired."), ("429", "Too many failed logins."),
                    ("400", "Malformed JSON."), ("408", "The body arrived too slowly."),
                    ("413", "The body is over the size limit."),
                    ("422", "The body does not match the schema."),
                    ("503", "The store could not record it."))}},
        }
    return paths


def build_openapi() -> dict[str, Any]:
    models: list[type[BaseModel]] = [
        SessionStart, SessionCreated, MessageIn, MessageAdded, SessionEnd, CallIn, OutcomeIn, Envelope
    ]
    _, defs = models_json_schema([(m, "validation") for m in models], ref_template=REF)
    schemas = defs.get("$defs", {})
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "callgate",
            "version": __version__,
            "description": "A proxy between an LLM agent and its tools: every call is checked "
            "against its JSON Schema and the policy before it may reach the upstream.",
        },
        "paths": {
            "/healthz": {"get": {"summary": "Liveness", "responses": {"200": {
                "description": "The process answers."}}}},
            "/metrics": {"get": {"summary": "Prometheus metrics (text exposition format)",
                                 "responses": {"200": {"description": "The metrics.",
                                               "content": {"text/plain": {}}}}}},
            "/readyz": {"get": {"summary": "Readiness", "responses": {
                "200": {"description": "Store and policy ready."},
                "503": {"description": "Not ready: calls would be refused."}}}},
            "/v1/tools": {"get": {"summary": "The tool catalog in function-calling form",
                                  "responses": {"200": {"description": "The tools."},
                                                **ACCESS}}},
            "/v1/sessions": {"post": {
                "summary": "Start a session (one customer conversation)",
                "requestBody": {"content": {"application/json": {
                    "schema": _ref("SessionStart")}}},
                "responses": {"201": _json("SessionCreated", "Started."), **REFUSALS},
            }},
            "/v1/sessions/{session_id}": {"get": {
                "summary": "A session's state: tags, outcome and call history",
                "parameters": [SESSION_ID],
                "responses": {"200": {"description": "The session."}, "404": REFUSALS["404"],
                              **ACCESS},
            }},
            "/v1/sessions/{session_id}/messages": {"post": {
                "summary": "Add a transcript message (user or assistant)",
                "parameters": [SESSION_ID],
                "requestBody": {"content": {"application/json": {"schema": _ref("MessageIn")}}},
                "responses": {"201": _json("MessageAdded", "Recorded."), **REFUSALS},
            }},
            "/v1/sessions/{session_id}/calls": {"post": {
                "summary": "Call a tool through the proxy",
                "parameters": [SESSION_ID],
                "requestBody": {"content": {"application/json": {"schema": _ref("CallIn")}}},
                "responses": {
                    "200": _envelope("Executed; `result` holds the upstream's answer."),
                    "202": _envelope("Held for human review."),
                    "403": _envelope("Blocked by policy; `violations` say why."),
                    "428": _envelope("Needs the user's explicit confirmation first."),
                    "502": _envelope("The upstream failed or refused the call."),
                    "503": _envelope("The proxy could not check the call; nothing was sent."),
                    "504": _envelope("The upstream timed out; the outcome is unknown."),
                    **REFUSALS,
                },
            }},
            "/v1/sessions/{session_id}/check": {"post": {
                "summary": "Check-only: may this call run? (nothing is forwarded)",
                "description": "The same checks and policy as a call; an allowed call is "
                "recorded as in flight and answered `allowed` with its `call_id`: the platform "
                "runs it, then reports the outcome to `.../calls/{call_id}/outcome`.",
                "parameters": [SESSION_ID],
                "requestBody": {"content": {"application/json": {"schema": _ref("CallIn")}}},
                "responses": {
                    "200": _envelope("Allowed: run it, then report the outcome."),
                    "202": _envelope("Held for human review."),
                    "403": _envelope("Blocked by policy; `violations` say why."),
                    "428": _envelope("Needs the user's explicit confirmation first."),
                    "503": _envelope("The proxy could not check the call."),
                    **REFUSALS,
                },
            }},
            "/v1/sessions/{session_id}/calls/{call_id}/outcome": {"post": {
                "summary": "Report what a checked call did (executed, failed, unknown)",
                "parameters": [SESSION_ID, {"name": "call_id", "in": "path", "required": True,
                                            "schema": {"type": "string"}}],
                "requestBody": {"content": {"application/json": {"schema": _ref("OutcomeIn")}}},
                "responses": {"200": {"description": "Recorded."},
                              "409": _envelope("Reported already, or not a checked call."),
                              **REFUSALS},
            }},
            "/v1/sessions/{session_id}/confirmations/{confirmation_id}": {"post": {
                "summary": "The trusted front end confirms a token-mode confirmation",
                "description": "Needs `Authorization: Bearer <front-end token>`. After this, "
                "the agent repeats the exact same call once; the id is single-use.",
                "parameters": [SESSION_ID, {"name": "confirmation_id", "in": "path",
                                            "required": True, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "Confirmed."},
                              "401": _envelope("Wrong or missing front-end token."),
                              "403": _envelope("Token confirmations are not enabled."),
                              "404": _envelope("Unknown session or confirmation."),
                              "409": _envelope("Already used."),
                              "410": _envelope("Expired.")},
            }},
            "/mcp": {"post": {
                "summary": "Model Context Protocol (streamable HTTP, JSON-RPC 2.0)",
                "description": "tools/list and tools/call through the same pipeline as the "
                "calls route; `X-Callgate-Session` names the session (docs/mcp.md). Needs the "
                "`mcp` extra; without it 501.",
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {"200": {"description": "A JSON-RPC response."},
                              "202": {"description": "A notification, accepted."},
                              "400": {"description": "Not a valid MCP message."},
                              "401": _envelope("An agent key is required, or it is unknown."),
                              "404": {"description": "Unknown MCP session."},
                              "406": {"description": "Not acceptable (Accept header)."},
                              "413": _envelope("The body is over the size limit."),
                              "415": {"description": "Not JSON."},
                              "501": {"description": "The mcp extra is not installed."}},
            }},
            **_operator_paths(),
            "/v1/sessions/{session_id}/end": {"post": {
                "summary": "End a session, optionally with its outcome",
                "parameters": [SESSION_ID],
                "requestBody": {"content": {"application/json": {"schema": _ref("SessionEnd")}}},
                "responses": {"200": {"description": "Ended."}, **REFUSALS},
            }},
        },
        "components": {"schemas": schemas, "securitySchemes": {
            "agentKey": {"type": "http", "scheme": "bearer",
                         "description": "cgk_... agent API key (required when "
                                        "gate.require_agent_key)"},
            "operatorSession": {"type": "http", "scheme": "bearer",
                                "description": "ops_... from POST /v1/operator/login"}}},
    }


async def openapi(request: web.Request) -> web.Response:
    return json_response(build_openapi())


def add_routes(app: web.Application) -> None:
    app.router.add_get("/openapi.json", openapi)
