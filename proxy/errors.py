"""The one error tree of callgate.

Every error has a stable ``code`` (also the metric and trace label) and the HTTP status the agent
sees. ``agent_message`` is written for the model on the other side; ``str(err)`` is for operators.

    CallgateError
    ├── ConfigError                      a user's file is wrong (config, catalog, schema, policy)
    ├── RequestError                     the agent's request cannot be taken        4xx
    │   ├── BodyTooLarge                 request_too_large                          413
    │   ├── BodyTimeout                  request_body_timeout                       408
    │   ├── MalformedJSON                request_parse_error                        400
    │   │   └── MalformedCall            request_parse_error                        400
    │   ├── NoRoute                      not_found                                  404
    │   ├── MethodNotAllowed             method_not_allowed                         405
    │   ├── UnknownSession               unknown_session                            404
    │   ├── SessionEnded                 session_ended                              409
    │   ├── UnknownTool                  unknown_tool                               404
    │   ├── InvalidArguments             invalid_arguments                          422
    │   ├── Unauthorized                 unauthorized                               401
    │   ├── Forbidden                    forbidden                                  403
    │   ├── UnknownConfirmation          unknown_confirmation                       404
    │   ├── ConfirmationUsed             confirmation_used                          409
    │   └── ConfirmationExpired          confirmation_expired                       410
    ├── UpstreamError                    the domain API did not give a usable answer
    │   ├── UpstreamUnavailable          upstream_unavailable                       502
    │   │   ├── UpstreamTooLarge         upstream_too_large (it answered, too much)  502
    │   │   └── UpstreamNotSent          upstream_unavailable (nothing was sent)     502
    │   ├── UpstreamTimeout              upstream_timeout                           504
    │   └── UpstreamRejected             upstream_rejected (it answered non-2xx)    502
    ├── PolicyError                      a decision could not be made: fail closed  503
    └── StoreError                       the store could not record: fail closed    503
"""

from __future__ import annotations

from typing import Any


class CallgateError(Exception):
    code = "internal_error"
    status = 500
    agent_message = "The proxy could not process this call; it was not executed."

    def __init__(self, message: str = "", *, details: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message or self.agent_message)
        self.details: list[dict[str, Any]] = details or []


class ConfigError(CallgateError):
    """A configuration, catalog, schema or policy file is wrong; the message names file and line."""

    code = "config_error"


class RequestError(CallgateError):
    status = 400


class RateLimited(RequestError):
    code = "rate_limited"
    status = 429
    agent_message = "Too many requests from this agent; wait as Retry-After says, then retry."

    def __init__(self, message: str, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class BodyTooLarge(RequestError):
    code = "request_too_large"
    status = 413
    agent_message = "The request body is larger than the proxy accepts; send smaller arguments."


class BodyTimeout(RequestError):
    code = "request_body_timeout"
    status = 408
    agent_message = "The request body arrived too slowly; send it again in one piece."


class MalformedJSON(RequestError):
    code = "request_parse_error"
    status = 400
    agent_message = "The request body is not acceptable JSON; send one JSON object."


class MalformedCall(MalformedJSON):
    """Valid JSON that is not a call (a field missing, of another type, or not a call's)."""

    agent_message = ('The request body is not a call; send {"tool": "<name>", "arguments": '
                     "{...}} (errors says what is wrong).")


class NoRoute(RequestError):
    code = "not_found"
    status = 404
    agent_message = "There is no such path here; the API is described at /openapi.json."


class MethodNotAllowed(RequestError):
    code = "method_not_allowed"
    status = 405
    agent_message = "This path does not take that method; the API is described at /openapi.json."


class UnknownSession(RequestError):
    code = "unknown_session"
    status = 404
    agent_message = "There is no such session; start one with POST /v1/sessions."


class SessionEnded(RequestError):
    code = "session_ended"
    status = 409
    agent_message = "This session has ended; no more calls or messages are accepted in it."


class UnknownTool(RequestError):
    code = "unknown_tool"
    status = 404
    agent_message = "There is no such tool; use one of the tools you were given."


class InvalidArguments(RequestError):
    code = "invalid_arguments"
    status = 422
    agent_message = "The arguments do not match the tool's schema; fix the fields listed and retry."


class InvalidBody(InvalidArguments):
    """A request body (not a tool's arguments) that does not match its route's schema."""

    code = "invalid_body"
    agent_message = "The request body does not match this route's schema; fix the fields listed."


class Unauthorized(RequestError):
    code = "unauthorized"
    status = 401
    agent_message = "Missing or wrong credentials."


class Forbidden(RequestError):
    code = "forbidden"
    status = 403
    agent_message = "This route is not enabled for this caller."


class UnknownConfirmation(RequestError):
    code = "unknown_confirmation"
    status = 404
    agent_message = "There is no such confirmation in this session."


class ConfirmationUsed(RequestError):
    code = "confirmation_used"
    status = 409
    agent_message = "This confirmation was already used; a new call needs a new confirmation."


class ConfirmationExpired(RequestError):
    code = "confirmation_expired"
    status = 410
    agent_message = "This confirmation expired; call the tool again to get a new one."


class UpstreamError(CallgateError):
    status = 502


class UpstreamUnavailable(UpstreamError):
    code = "upstream_unavailable"
    agent_message = (
        "The service behind this tool could not be reached; the call was not completed. "
        "Tell the user there is a temporary problem."
    )


class UpstreamTooLarge(UpstreamUnavailable):
    """It answered, with more than the proxy reads (``limits.max_upstream_bytes``)."""

    code = "upstream_too_large"
    agent_message = ("The service answered with more data than the proxy accepts, so the answer "
                     "was not read. Ask for less if the tool allows it, or tell the user.")


class UpstreamNotSent(UpstreamUnavailable):
    """No connection could be had: nothing reached the upstream (safe to send again)."""


class UpstreamTimeout(UpstreamError):
    code = "upstream_timeout"
    status = 504
    agent_message = (
        "The service behind this tool did not answer in time; it is unknown whether the call "
        "took effect. Do not repeat a write; check its state with a read first."
    )


class UpstreamOutcomeUnknown(UpstreamError):
    """A write was sent and the connection broke before the answer: it may have executed."""

    code = "upstream_outcome_unknown"
    agent_message = (
        "The connection to the service broke after this write was sent: it is unknown whether "
        "it took effect. Do not repeat it; tell the user it is being checked. A retry of the "
        "same write is held for a human."
    )


class UpstreamRejected(UpstreamError):
    code = "upstream_rejected"
    agent_message = "The service behind this tool refused the call; see its error."

    def __init__(self, message: str, *, upstream_status: int, body: Any) -> None:
        super().__init__(message)
        self.upstream_status = upstream_status
        self.body = body


class PolicyError(CallgateError):
    code = "policy_error"
    status = 503
    agent_message = "The policy check could not be completed, so the call was not executed."


class StoreError(CallgateError):
    code = "store_unavailable"
    status = 503
    agent_message = "The proxy could not record this call, so it was not executed. Retry later."


class WrongMode(RequestError):
    code = "wrong_session_mode"
    status = 409
    agent_message = ("This session was started for the other route: a check-only session "
                     "(mode: check) takes /check, a proxy session /calls.")


class UnknownCall(RequestError):
    code = "unknown_call"
    status = 404
    agent_message = "There is no such call in this session."


class OutcomeReported(RequestError):
    code = "outcome_already_reported"
    status = 409
    agent_message = "This call's outcome was reported already (or it was not a checked call)."


class StoreConflict(StoreError):
    """A guarded update found the row changed under it (another request or replica won)."""

    code = "conflict"
    status = 409
    agent_message = "Something else changed this at the same time; nothing was done. Retry."


class StoreInputError(StoreError):
    """A value the store cannot hold (the edge refuses these first; this is the backstop)."""

    code = "unstorable_input"
    status = 400
    agent_message = "The request holds a value that cannot be stored; nothing was recorded."
