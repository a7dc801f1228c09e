"""The response envelope: one shape for every answer, with an HTTP status that means what it says.

    executed            200   the call ran; ``result`` holds the upstream's answer
    pending_review      202   held for a human; poll the ticket
    invalid             400 / 404 / 408 / 409 / 413 / 422   the request itself was wrong
    blocked             403   refused by policy; ``violations`` say why and what to do
    needs_confirmation  428   ask the user to confirm this exact action, then call again
    upstream_error      502 / 504   the domain API failed, refused or timed out
    (503 with code policy_error or store_unavailable: the proxy could not check; nothing was sent)
"""

from __future__ import annotations

from typing import Any

import orjson
import pydantic
from aiohttp import web

from .errors import CallgateError
from .policy.decision import Violation
from .session import Outcome

STATUS = {
    Outcome.EXECUTED: 200,
    Outcome.PENDING_REVIEW: 202,
    Outcome.BLOCKED: 403,
    Outcome.NEEDS_CONFIRMATION: 428,
}


class ErrorItem(pydantic.BaseModel):
    code: str
    message: str
    pointer: str | None = None


class ViolationItem(pydantic.BaseModel):
    rule: str
    kind: str
    route: str
    message: str
    details: dict[str, Any] = {}


class ConfirmationItem(pydantic.BaseModel):
    """A token-mode confirmation: the trusted front end confirms it with the user, then the agent
    repeats the exact same call."""

    confirmation_id: str
    summary: str
    expires_at: float


class TicketItem(pydantic.BaseModel):
    """A held call: poll ``GET poll`` for the decision."""

    ticket_id: str
    status: str
    expires_at: float
    poll: str


class Envelope(pydantic.BaseModel):
    """The answer to a tool call (and, with ``outcome: invalid``, to any refused request)."""

    outcome: Outcome
    message: str = pydantic.Field(description="What happened, in words the agent can act on.")
    session_id: str | None = None
    call_id: str | None = None
    decision_id: str | None = None
    tool: str | None = None
    result: Any = None
    violations: list[ViolationItem] | None = None
    errors: list[ErrorItem] | None = None
    upstream_status: int | None = None
    policy_version: str | None = None
    confirmation: ConfirmationItem | None = None
    ticket: TicketItem | None = None


# every field in the model's order (what the answer's JSON keeps): defaults, and None where a
# required one (outcome, message) is always given
_ENVELOPE_FIELDS = {name: None if f.is_required() else f.default
                    for name, f in Envelope.model_fields.items()}
_set = object.__setattr__


def trusted_envelope(**fields: Any) -> Envelope:
    """``Envelope.model_construct(**fields)`` (no validation: every field is ours and typed) for
    the answer every executed call gets, without pydantic's general construction path: the
    instance's dict (every field in order, ``fields`` over the defaults) and the three
    attributes a model instance has. ``outcome`` and ``message`` must be given.
    tests/test_wire.py holds it equal to ``model_construct``."""
    envelope = Envelope.__new__(Envelope)
    _set(envelope, "__dict__", {**_ENVELOPE_FIELDS, **fields})
    _set(envelope, "__pydantic_fields_set__", set(fields))
    _set(envelope, "__pydantic_extra__", None)
    _set(envelope, "__pydantic_private__", None)
    return envelope


def violation_items(violations: tuple[Violation, ...]) -> list[ViolationItem]:
    return [
        ViolationItem(rule=v.rule, kind=v.kind, route=v.route.value, message=v.message,
                      details=v.details)
        for v in violations
    ]


def error_envelope(err: CallgateError, **ids: Any) -> Envelope:
    """The envelope for a refused request: the agent-facing message and the error's details."""
    items = [ErrorItem(code=err.code, message=str(err))]
    for d in err.details:
        items.append(ErrorItem(code=d.get("code", err.code), message=d.get("message", ""),
                               pointer=d.get("pointer")))
    if err.status in (502, 504):
        outcome = Outcome.UPSTREAM_ERROR
    elif err.status == 503:  # the proxy could not check the call: refused, fail closed
        outcome = Outcome.BLOCKED
    else:
        outcome = Outcome.INVALID
    return Envelope(outcome=outcome, message=err.agent_message, errors=items, **ids)


def status_of(envelope: Envelope, err: CallgateError | None = None) -> int:
    if err is not None:
        return err.status
    return STATUS.get(envelope.outcome, 500)


def _fields(model: Any) -> dict[str, Any]:
    """A model's set fields, shallow (orjson serialises the values, nested models through here)."""
    if isinstance(model, pydantic.BaseModel):
        return {k: v for k, v in model.__dict__.items() if v is not None}
    raise TypeError(f"{type(model).__name__} is not JSON serialisable")


def json_response(body: Any, status: int = 200) -> web.Response:
    return web.Response(
        body=orjson.dumps(_fields(body) if isinstance(body, pydantic.BaseModel) else body,
                          default=_fields),
        status=status, content_type="application/json",
    )
