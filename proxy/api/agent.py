"""The agent-facing API: sessions, transcript messages, tool calls, the tool list."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hmac
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Literal, TypeVar

import aiohttp
import aiohttp.http_exceptions
import pydantic
from aiohttp import web

from .. import telemetry
from ..enforce import report_outcome
from ..errors import (
    BodyTimeout,
    BodyTooLarge,
    CallgateError,
    ConfirmationExpired,
    ConfirmationUsed,
    Forbidden,
    InvalidArguments,
    InvalidBody,
    MalformedJSON,
    SessionEnded,
    Unauthorized,
    UnknownConfirmation,
)
from ..gate.accounts import AgentKey
from ..ids import new_id
from ..parse import parse_object
from ..pipeline import Runtime, handle_call
from ..session import Environment, Message, Role, SessionState
from ..store.cache import owned
from ..trace import TraceRecord, now_iso, redact_cards, scrub
from ..wire import Envelope, error_envelope, json_response
from .auth import AGENT
from .keys import RUNTIME

Scalar = str | int | float | bool
M = TypeVar("M", bound=pydantic.BaseModel)


class _Strict(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)


class SessionStart(_Strict):
    environment: Environment = Environment.LIVE
    user: dict[str, Any] | str | None = pydantic.Field(
        None, description="Who the customer is, as the agent host knows them (id, name, ...)."
    )
    tags: dict[str, Scalar] = pydantic.Field(
        default_factory=dict,
        description="Labels for reports: domain, scenario (case id), trial, persona, anything else.",
    )
    mode: Literal["proxy", "check"] = pydantic.Field(
        "proxy", description="proxy: callgate forwards the calls; check: the platform runs "
        "them itself, asking /check first and reporting each outcome (fixed for the session).")
    expected: list[dict[str, Any]] | None = pydantic.Field(
        None, max_length=200, description="The case's ground-truth actions ({name, arguments}), "
        "when known (acceptance runs): reports judge missed actions and order against them.")


class SessionCreated(_Strict):
    session_id: str
    environment: Environment
    started_at: str


class MessageIn(_Strict):
    role: Role
    content: str


class MessageAdded(_Strict):
    session_id: str
    seq: int


class SessionEnd(_Strict):
    success: pydantic.StrictBool | None = None
    reward: float | None = None

    @pydantic.field_validator("reward", mode="before")
    @classmethod
    def _a_number(cls, v: Any) -> Any:
        if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)):
            raise ValueError("reward must be a number (not a string, true or false)")
        return v

    @pydantic.field_validator("reward")
    @classmethod
    def _finite(cls, v: float | None) -> float | None:
        if v is not None and not math.isfinite(v):
            raise ValueError("reward must be a finite number")
        return v


class CallIn(_Strict):
    tool: str
    arguments: dict[str, Any] = {}


async def read_body(request: web.Request, rt: Runtime, limit: int | None = None) -> bytes:
    """Read the whole body within the size limit (``limits.max_body_bytes`` unless ``limit``)
    and the slow-client timeout."""
    limit = rt.config.limits.max_body_bytes if limit is None else limit
    if request.content_length is not None and request.content_length > limit:
        raise BodyTooLarge(f"Content-Length {request.content_length} exceeds {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        if request.content.is_eof():
            # the whole body came with the headers (the usual small call): no wait, no timer
            body = request.content.read_nowait()
            if len(body) > limit:
                raise BodyTooLarge(f"body exceeds {limit} bytes")
            return body
        async with asyncio.timeout(rt.config.timeouts.client_body_s):
            while True:
                chunk = await request.content.readany()
                if not chunk:
                    break
                size += len(chunk)
                if size > limit:
                    raise BodyTooLarge(f"body exceeds {limit} bytes")
                chunks.append(chunk)
    except TimeoutError as e:
        raise BodyTimeout(
            f"body not received within {rt.config.timeouts.client_body_s}s"
        ) from e
    except (aiohttp.ClientPayloadError, aiohttp.http_exceptions.HttpProcessingError,
            web.RequestPayloadError) as e:
        # a body that does not decode (a broken gzip stream, a bad chunk): the client's fault
        raise MalformedJSON("the body could not be read: its encoding (Content-Encoding, "
                            "chunks) is broken") from e
    return b"".join(chunks)


def _model_errors(e: pydantic.ValidationError) -> InvalidArguments:
    details = []
    for p in e.errors():
        pointer = "/" + "/".join(str(x) for x in p["loc"])
        details.append({"code": "schema", "pointer": pointer, "message": p["msg"]})
    summary = "; ".join(f"{d['pointer']}: {d['message']}" for d in details)
    return InvalidBody(f"request body is invalid: {summary}", details=details)


async def _parse_model(request: web.Request, model: type[M], limit: int | None = None) -> M:
    rt = request.app[RUNTIME]
    return model_of(rt, await read_body(request, rt, limit), model, limit)


def model_of(rt: Runtime, body: bytes, model: type[M], limit: int | None = None) -> M:
    """A request body as ``model``: strict JSON under the limits, then the model's checks."""
    limits = rt.config.limits
    payload = parse_object(body or b"{}",
                           max_bytes=limits.max_body_bytes if limit is None else limit,
                           max_depth=limits.max_depth)
    try:
        return model.model_validate(payload)
    except pydantic.ValidationError as e:
        raise _model_errors(e) from e


def agent_key_of(request: web.Request) -> str | None:
    key = request.get(AGENT)
    return key.key_id if key is not None else None


def _refused(err: CallgateError, **ids: Any) -> web.Response:
    return json_response(error_envelope(err, **ids), err.status)


def agent_route(fn: Callable[[web.Request, Runtime], Awaitable[web.Response]]
                ) -> Callable[[web.Request], Awaitable[web.Response]]:
    """The one wrapper every agent handler shares: it hands over the runtime, and any refusal
    (a ``CallgateError``) becomes the envelope, with the session's id where the route has one."""

    @functools.wraps(fn)
    async def handler(request: web.Request) -> web.Response:
        try:
            return await fn(request, request.app[RUNTIME])
        except CallgateError as e:
            session_id = request.match_info.get("session_id")
            return _refused(e, **({"session_id": session_id} if session_id else {}))

    return handler


@agent_route
async def start_session(request: web.Request, rt: Runtime) -> web.Response:
    created = await session_start_answer(rt, await read_body(request, rt), request.get(AGENT))
    return json_response(created, 201)


async def session_start_answer(rt: Runtime, raw: bytes, key: AgentKey | None
                               ) -> SessionCreated:
    """Start a session (the body of POST /v1/sessions), owned by the agent ``key`` if any."""
    body = model_of(rt, raw, SessionStart)
    user = body.user if isinstance(body.user, dict) else (
        {} if body.user is None else {"id": body.user}
    )
    state = SessionState(
        session_id=new_id("s"), environment=body.environment, user=scrub(user),
        tags=scrub(dict(body.tags)), started_at=now_iso(),
        agent_key=key.key_id if key is not None else None, mode=body.mode,
    )
    await rt.store.create_session(state)
    rt.sessions.put(state)
    rt.tracer.emit(TraceRecord(
        ts=state.started_at, event="session_start", session_id=state.session_id,
        environment=state.environment.value, user=state.user, tags=state.tags,
        expected=scrub(body.expected) if body.expected is not None else None,
    ))
    return SessionCreated(session_id=state.session_id, environment=state.environment,
                          started_at=state.started_at)


@agent_route
async def get_session(request: web.Request, rt: Runtime) -> web.Response:
    session_id = request.match_info["session_id"]
    state = owned(await rt.sessions.get(session_id), agent_key_of(request))
    return json_response({
        "session_id": state.session_id, "environment": state.environment.value,
        "user": state.user, "tags": state.tags, "started_at": state.started_at,
        "ended_at": state.ended_at, "outcome": state.outcome,
        "messages": len(state.messages),
        "calls": [
            {"call_id": c.call_id, "seq": c.seq, "tool": c.tool, "outcome": c.outcome.value,
             "verdict": c.verdict, "rules": c.rules, "error_code": c.error_code,
             "origin": c.origin}
            for c in state.calls
        ],
    })


@agent_route
async def add_message(request: web.Request, rt: Runtime) -> web.Response:
    added = await message_answer(rt, request.match_info["session_id"],
                                 await read_body(request, rt), agent_key_of(request))
    return json_response(added, 201)


async def message_answer(rt: Runtime, session_id: str, raw: bytes, agent_key: str | None
                         ) -> MessageAdded:
    """Add one transcript message (the body of POST .../messages) to the session."""
    body = model_of(rt, raw, MessageIn)
    if len(body.content) > rt.config.limits.max_message_chars:
        raise BodyTooLarge(
            f"message has {len(body.content)} characters; the limit is "
            f"{rt.config.limits.max_message_chars}"
        )
    async with rt.sessions.locked(session_id, agent_key) as state:
        if state.ended:
            raise SessionEnded(f"session {session_id} has ended")
        # card numbers are redacted before the message is kept anywhere (the last four stay,
        # which is all a proposal's "card ending 1111" needs)
        message = Message(state.next_seq(), body.role, redact_cards(body.content), now_iso())
        await rt.store.add_message(session_id, message)
        state.add_message(message)
    rt.tracer.emit(TraceRecord(
        ts=message.ts, event="message", session_id=session_id, seq=message.seq,
        role=message.role.value, content=message.content,
    ))
    return MessageAdded(session_id=session_id, seq=message.seq)


class OutcomeIn(_Strict):
    """What a checked call did, as the platform that ran it saw it."""

    outcome: Literal["executed", "failed", "unknown"]
    result: Any = None
    upstream_status: pydantic.StrictInt | None = pydantic.Field(None, ge=100, le=599)


@agent_route
async def check_call(request: web.Request, rt: Runtime) -> web.Response:
    """Check-only: the verdict for a call the platform runs itself (nothing is forwarded)."""
    return await _call(request, rt, check_only=True)


def outcome_limit(rt: Runtime) -> int:
    """An outcome report carries what the platform's upstream answered: it may be as large as
    an answer callgate itself would take (``limits.max_upstream_bytes``), with the report's own
    fields beside it (up to ``limits.max_body_bytes``)."""
    limits = rt.config.limits
    return limits.max_upstream_bytes + limits.max_body_bytes


@agent_route
async def report_call_outcome(request: web.Request, rt: Runtime) -> web.Response:
    session_id, call_id = request.match_info["session_id"], request.match_info["call_id"]
    body = await _parse_model(request, OutcomeIn, outcome_limit(rt))
    async with rt.sessions.locked(session_id, agent_key_of(request)) as state:
        record = await report_outcome(rt.store, state, call_id, body.outcome, body.result,
                                      body.upstream_status)
    rt.tracer.emit(TraceRecord(
        ts=record.finished_at or now_iso(), event="outcome", session_id=session_id,
        seq=record.seq, call_id=call_id, decision_id=record.decision_id, tool=record.tool,
        kind=record.kind, arguments=record.arguments, verdict=record.verdict,
        outcome=record.outcome.value, error_code=record.error_code,
        upstream_status=record.upstream_status, result=record.result, origin="platform"))
    return json_response({"session_id": session_id, "call_id": call_id,
                          "outcome": record.outcome.value, "error_code": record.error_code})


@agent_route
async def call_tool(request: web.Request, rt: Runtime) -> web.Response:
    return await _call(request, rt, check_only=False)


async def _call(request: web.Request, rt: Runtime, check_only: bool) -> web.Response:
    session_id = request.match_info["session_id"]
    try:
        body = await read_body(request, rt)
    except CallgateError as e:  # a body never read is still traced as a call
        rt.tracer.emit(TraceRecord(ts=now_iso(), event="call", session_id=session_id,
                                   outcome="invalid", error_code=e.code))
        raise
    envelope, status = await call_answer(rt, session_id, body, request.headers,
                                         request.get(AGENT), check_only)
    return json_response(envelope, status)


async def call_answer(rt: Runtime, session_id: str, body: bytes, headers: Mapping[str, str],
                      key: AgentKey | None, check_only: bool) -> tuple[Envelope, int]:
    """One tool call (the body of POST .../calls or .../check), in the agent's trace."""
    with telemetry.call_span(headers, **{"callgate.session": session_id}):
        return await handle_call(rt, session_id, body,
                                 requester=key.owner if key is not None else None,
                                 agent_key=key.key_id if key is not None else None,
                                 check_only=check_only)


@agent_route
async def end_session(request: web.Request, rt: Runtime) -> web.Response:
    return json_response(await session_end_answer(
        rt, request.match_info["session_id"], await read_body(request, rt),
        agent_key_of(request)))


async def session_end_answer(rt: Runtime, session_id: str, raw: bytes, agent_key: str | None
                             ) -> dict[str, Any]:
    """End a session with its outcome (the body of POST .../end)."""
    body = model_of(rt, raw, SessionEnd)
    async with rt.sessions.locked(session_id, agent_key) as state:
        if state.ended:
            raise SessionEnded(f"session {session_id} already ended at {state.ended_at}")
        ended_at = now_iso()
        outcome = body.model_dump(exclude_none=True)
        await rt.store.end_session(session_id, ended_at, outcome)
        state.ended_at, state.outcome = ended_at, outcome
    rt.sessions.drop(session_id)  # memory follows open conversations, not all of them
    rt.tracer.emit(TraceRecord(
        ts=ended_at, event="session_end", session_id=session_id, success=body.success,
        reward=body.reward, tags=state.tags,
    ))
    return {"session_id": session_id, "ended_at": ended_at, **outcome}


@agent_route
async def confirm_token(request: web.Request, rt: Runtime) -> web.Response:
    """The trusted front end confirms a token-mode confirmation after asking the user."""
    session_id = request.match_info["session_id"]
    confirmation_id = request.match_info["confirmation_id"]
    if not rt.frontend_token:
        raise Forbidden("token confirmations are not enabled "
                        "(confirmations.frontend_token_env is not set)")
    given = request.headers.get("Authorization", "")
    if not hmac.compare_digest(given.encode(), f"Bearer {rt.frontend_token}".encode()):
        raise Unauthorized("the front end's bearer token is missing or wrong")
    async with rt.sessions.locked(session_id) as state:
        conf = state.confirmations.get(confirmation_id)
        if conf is None:
            raise UnknownConfirmation(f"no confirmation {confirmation_id} in {session_id}")
        if conf.used_at is not None:
            raise ConfirmationUsed(f"{confirmation_id} was used at {conf.used_at}")
        now = time.time()
        if conf.expires_at <= now:
            raise ConfirmationExpired(f"{confirmation_id} expired at {conf.expires_at}")
        confirmed = dataclasses.replace(conf, confirmed_at=conf.confirmed_at or now)
        await rt.store.save_confirmation(session_id, confirmed)  # the store first, then
        state.confirmations[confirmation_id] = conf = confirmed  # what this replica knows
    return json_response({"confirmation_id": confirmation_id, "confirmed_at": conf.confirmed_at,
                          "summary": conf.summary, "expires_at": conf.expires_at})


async def list_tools(request: web.Request) -> web.Response:
    """The catalog in the function-calling shape most agent frameworks take as is."""
    rt = request.app[RUNTIME]
    return json_response({"tools": [
        {"type": "function", "kind": t.kind.value, "domain": t.domain,
         "function": {"name": t.name, "description": t.description, "parameters": t.schema}}
        for t in rt.catalog.all()
    ]})


def add_routes(app: web.Application) -> None:
    # The router tries the routes under /v1/sessions in this order, one pattern after another:
    # the two on every turn of a conversation first (no two of these patterns overlap).
    app.router.add_post("/v1/sessions/{session_id}/calls", call_tool)
    app.router.add_post("/v1/sessions/{session_id}/messages", add_message)
    app.router.add_post("/v1/sessions", start_session)
    app.router.add_get("/v1/sessions/{session_id}", get_session)
    app.router.add_post("/v1/sessions/{session_id}/check", check_call)
    app.router.add_post("/v1/sessions/{session_id}/calls/{call_id}/outcome",
                        report_call_outcome)
    app.router.add_post("/v1/sessions/{session_id}/end", end_session)
    app.router.add_post("/v1/sessions/{session_id}/confirmations/{confirmation_id}",
                        confirm_token)
    app.router.add_get("/v1/tools", list_tools)
