"""The path of one tool call, in one function: parse, resolve, validate, decide, enforce, trace.

    agent ─▶ parse_call ─▶ resolve_tool ─▶ validate_args ─▶ gather_facts ─▶ decide ─▶ enforce
                                                                          └─▶ refusal

``gather_facts`` reads, through the upstream and under the session's identity, the facts a rule
needs that the agent never read (only reads the policy pack names in ``fetch``); each such read is
recorded and traced like a call, with ``origin: proxy``.
    every outcome, refusals included, ends in exactly one trace record

Each stage raises a ``CallgateError`` to refuse; nothing after a refusal runs, and nothing is
forwarded unless ``decide`` returned ``allow``.
"""

from __future__ import annotations

import dataclasses
import difflib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import structlog

from . import telemetry
from .catalog import Catalog, Tool
from .config import Config
from .enforce import enforce, send_recorded
from .errors import (
    CallgateError,
    MalformedCall,
    SessionEnded,
    UnknownSession,
    UnknownTool,
    WrongMode,
)
from .ids import event_ids
from .listener import RateLimiter
from .metrics import Metrics
from .parse import parse_object
from .payments import to_minor
from .policy import CallInput, Decision, PolicySet, Verdict, Violation, combine, decide
from .policy.engine import gather_facts
from .policy.opa import OpaBackend

if TYPE_CHECKING:
    from .gate.accounts import Accounts
    from .gate.service import Gate
from .catalog import TOOL_WRITE, ToolKind
from .session import AWAITING_REPORT, FETCHED, CallRecord, Outcome, SessionState
from .store import Store
from .store.cache import SessionCache
from .trace import TRACE_VERSION, Tracer, TraceRecord, now_iso, round_ms, scrubbed_json
from .upstream import Upstreams
from .validate import validate_args
from .wire import Envelope, error_envelope


@dataclass
class Runtime:
    """Everything a call needs, built once at start-up. ``policy`` is swapped whole on reload."""

    config: Config
    catalog: Catalog
    policy: PolicySet
    store: Store
    sessions: SessionCache
    upstreams: Upstreams
    tracer: Tracer
    opa: OpaBackend | None = None
    gate: Gate | None = None
    accounts: Accounts | None = None
    frontend_token: str | None = None  # bearer token of the trusted confirmation front end
    started: float = field(default_factory=time.monotonic)
    clock: Callable[[], float] = time.monotonic  # for limits that measure time (tests drive it)
    metrics: Metrics = field(default_factory=Metrics)
    policy_on_disk_ok: bool = True  # False while the files on disk do not load (readiness)
    upstream_ready: tuple[float, list[str]] | None = None  # (checked at, causes), for /readyz
    limiter: RateLimiter | None = None  # per agent key request rate (listen.rate_per_s)


@dataclass(frozen=True, slots=True)
class CallRequest:
    tool: str
    arguments: dict[str, Any]


def parse_call(body: bytes, config: Config) -> CallRequest:
    """Strict JSON, then the shape ``{"tool": str, "arguments": object}``."""
    payload = parse_object(
        body, max_bytes=config.limits.max_body_bytes, max_depth=config.limits.max_depth
    )
    extra = set(payload) - {"tool", "arguments"}
    if extra:
        raise MalformedCall(f"unexpected fields {sorted(extra)}; a call is {{tool, arguments}}")
    tool = payload.get("tool")
    if not isinstance(tool, str) or not tool:
        raise MalformedCall("'tool' must be a non-empty string naming the tool to call")
    arguments = payload.get("arguments", {})
    if not isinstance(arguments, dict):
        raise MalformedCall("'arguments' must be a JSON object of the tool's arguments")
    return CallRequest(tool, arguments)


def resolve_tool(catalog: Catalog, name: str, domain: str | None = None) -> Tool:
    """The tool ``name`` in the session's domain; unknown or ambiguous names are refused."""
    tool = catalog.get(name, domain)
    if tool is None and catalog.ambiguous(name):
        raise UnknownTool(
            f"tool {name!r} exists in several domains ({', '.join(catalog.ambiguous(name))}); "
            "start the session with tags.domain set to one of them"
        )
    if tool is None:
        close = difflib.get_close_matches(name, catalog.names(), n=3)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise UnknownTool(
            f"there is no tool {name!r}.{hint} Known tools: {', '.join(catalog.names())}"
        )
    return tool


async def handle_call(rt: Runtime, session_id: str, body: bytes, requester: str | None = None,
                      agent_key: str | None = None, check_only: bool = False
                      ) -> tuple[Envelope, int]:
    """Take one call from the agent to an answer. Never raises for a refusal; always traces.
    ``check_only``: decide and record, but leave running an allowed call to the caller."""
    start = time.perf_counter()
    call_id, decision_id = event_ids("c", "d")
    latency: dict[str, float] = {}
    request: CallRequest | None = None
    record: CallRecord | None = None
    decision = None
    err: CallgateError | None = None
    known: str | None = None  # the tool's name once the catalog knows it (a metrics label)
    try:
        request = parse_call(body, rt.config)
        async with rt.sessions.locked(session_id, agent_key) as session:
            if session.ended:
                raise SessionEnded(f"session {session_id} ended at {session.ended_at}")
            if (session.mode == "check") != check_only:
                raise WrongMode(
                    f"session {session_id} was started with mode {session.mode!r}: "
                    + ("its calls are run by the platform; ask POST .../check and report the "
                       "outcome" if session.mode == "check" else
                       "callgate forwards its calls; use POST .../calls, or start a session "
                       "with mode 'check'"))
            try:
                domain = session.tags.get("domain")
                tool = resolve_tool(rt.catalog, request.tool,
                                    domain if isinstance(domain, str) else None)
                known = tool.name
                validate_args(tool.validator, request.arguments)
                check_payment_amount(tool, request.arguments)
                tool.binding.check(request.arguments)
            except CallgateError as refused:
                record = await _record_invalid(
                    rt.store, session, request, refused, call_id, decision_id
                )
                raise
            t = time.perf_counter()
            latency["checks"] = (t - start) * 1e3
            call = CallInput(tool, request.arguments, session)
            with telemetry.step("decide"):
                await gather_facts(rt.policy, call, ProxyFetcher(rt))
                decision = await decide(rt.policy, call, decision_id)
            if tool.kind is TOOL_WRITE and decision.verdict is not Verdict.BLOCK:
                decision = hold_unknown_retry(session, tool, request.arguments, decision,
                                              held=rt.gate is not None)
            latency["decide"] = decision.elapsed_us / 1e3
            t = time.perf_counter()
            with telemetry.step("enforce"):
                done = await enforce(
                    store=rt.store, upstreams=rt.upstreams, session=session, tool=tool,
                    arguments=request.arguments, decision=decision, call_id=call_id,
                    effects=call.effects, gate=rt.gate, requester=requester,
                    check_only=check_only,
                )
            latency["enforce"] = (time.perf_counter() - t) * 1e3
            envelope, status, record = done.envelope, done.status, done.record
    except Exception as e:  # a refusal, or a fault of ours: answered and traced either way
        if not isinstance(e, CallgateError):
            log.exception("call_failed", session_id=session_id, call_id=call_id)
            e = CallgateError("the proxy failed while handling this call; look at the "
                              "session's calls before retrying (a write may or may not have "
                              "been sent)")
            # not the class's "it was not executed": the fault may come after the upstream ran
            e.agent_message = ("The proxy failed while handling this call. A write may already "
                               "have been executed: look at the session's calls before "
                               "retrying.")
        err = e
        envelope = error_envelope(
            e, session_id=session_id, call_id=call_id, decision_id=decision_id,
            tool=request.tool if request else None,
        )
        status = e.status
    latency["total"] = (time.perf_counter() - start) * 1e3
    # A call on a session the caller may not use is traced, but not under that session's id
    # (nothing from a stranger lands in another conversation's record) and without arguments.
    stranger = isinstance(err, UnknownSession)
    rt.tracer.emit_fields(call_fields(
        "-" if stranger else session_id, call_id, decision_id, request, record, decision,
        envelope, err, latency, with_arguments=not stranger),
        record.known_json() if record is not None else None)
    # a name no catalog knows is "(unknown)" on /metrics: labels an agent could make up one
    # per call would grow the metrics without bound (the trace keeps the name)
    if request is not None and known is None:
        known = request.tool if rt.catalog.has(request.tool) else "(unknown)"
    rt.metrics.call(known, str(envelope.outcome),
                    (record.rules if record else decision.fired) if decision else None, latency,
                    [v.rule for v in decision.shadow] if decision else None)
    return envelope, status


def call_fields(session_id: str, call_id: str, decision_id: str, request: CallRequest | None,
                record: CallRecord | None, decision: Decision | None, envelope: Envelope,
                err: CallgateError | None, latency: dict[str, float], with_arguments: bool
                ) -> dict[str, Any]:
    """The fields of the call's ``TraceRecord`` (event "call") in the model's order, those that
    are None left out, without building the model (this runs on every call)."""
    fields: dict[str, Any] = {"v": TRACE_VERSION, "ts": now_iso(), "event": "call",
                              "session_id": session_id}
    if record is not None:
        fields["seq"] = record.seq
    fields["call_id"], fields["decision_id"] = call_id, decision_id
    if request is not None:
        fields["tool"] = request.tool
    if record is not None and record.kind != "unknown":
        fields["kind"] = record.kind
    if request is not None and with_arguments:
        fields["arguments"] = request.arguments
    if decision is not None:
        # the record's verdict and rules: what was done, including a refusal enforcement
        # added after the decision (a once-only action taken elsewhere)
        fields["verdict"] = record.verdict if record else decision.verdict.value
        fields["rules"] = record.rules if record else decision.fired
        if decision.shadow:
            fields["shadow_rules"] = [v.rule for v in decision.shadow]
            fields["would_verdict"] = decision.would.value
        fields["rules_run"] = decision.rules_run
        fields["rules_checked"] = list(decision.ran)
        fields["policy_version"] = decision.policy_version
    fields["outcome"] = str(envelope.outcome)
    error_code = err.code if err else (record.error_code if record else None)
    if error_code is not None:
        fields["error_code"] = error_code
    if envelope.upstream_status is not None:
        fields["upstream_status"] = envelope.upstream_status
    result = record.result if record is not None else None
    if result is not None:
        fields["result"] = result
    fields["latency_ms"] = {k: round_ms(v) for k, v in latency.items()}
    tc = telemetry.current.get()
    if tc is not None:
        fields["trace_id"], fields["span_id"] = tc.trace_id, tc.span_id
    return fields


def check_payment_amount(tool: Tool, arguments: dict[str, Any]) -> None:
    """A payment write's amount is exact in its currency's minor units, whatever route the call
    takes (a rehearsal checks more; this holds for calls that are not rehearsed too)."""
    spec = tool.payment
    if spec is None or spec.operation not in ("refund", "adjust", "charge", "authorise"):
        return
    amount, currency = arguments.get(spec.amount), arguments.get(spec.currency)
    if amount is not None and isinstance(currency, str):
        to_minor(amount, currency)  # PaymentError (422) says why


def trace_ids() -> dict[str, str]:
    """The call's W3C trace and span ids, for its trace record (none outside a call)."""
    tc = telemetry.current.get()
    return {} if tc is None else {"trace_id": tc.trace_id, "span_id": tc.span_id}


log = structlog.get_logger("callgate.pipeline")
UNKNOWN_OUTCOMES = frozenset({"upstream_timeout", "upstream_outcome_unknown"})
SENT = frozenset({Outcome.EXECUTED, Outcome.UPSTREAM_ERROR, Outcome.FORWARDING})


def hold_unknown_retry(session: SessionState, tool: Tool, arguments: dict[str, Any],
                       decision: Decision, held: bool) -> Decision:
    """A write identical to one whose outcome is unknown (timed out, connection dropped after
    sending, or caught in flight by a crash) may already have happened: it is held for a human
    (refused where there is no human gate), never forwarded again on the agent's say-so."""
    latest: dict[tuple[str, bytes], CallRecord]
    latest, seen = session.derived.get("writes_by_key", ({}, 0))
    for c in session.calls[seen:]:  # incremental: the cost does not grow with the session
        if c.kind == "write" and c.outcome in SENT:  # a refused retry does not hide the first
            latest[(c.tool, scrubbed_json(c.arguments, True))] = c
    session.derived["writes_by_key"] = (latest, len(session.calls))
    # compared as the store keeps arguments, card numbers redacted: a session read back from
    # the store knows the retry as the one in memory does (a card with the same last four is
    # held too: a human tells them apart)
    earlier = latest.get((tool.name, scrubbed_json(arguments, True)))
    if earlier is None:
        return decision
    if earlier.outcome is Outcome.FORWARDING and earlier.error_code == AWAITING_REPORT:
        waiting = Violation(
            "awaiting-report", "outcome", Verdict.BLOCK,
            f"An identical {tool.name} was allowed by a check (call {earlier.call_id}) and its "
            f"outcome has not been reported yet. Report it first (POST /v1/sessions/"
            f"{session.session_id}/calls/{earlier.call_id}/outcome), then check again if it "
            "failed.", {"previous_call": earlier.call_id})
        violations = (*decision.violations, waiting)
        return dataclasses.replace(decision, violations=violations,
                                   verdict=combine(list(violations)))
    unknown = (earlier.outcome is Outcome.FORWARDING
               or (earlier.outcome is Outcome.UPSTREAM_ERROR
                   and earlier.error_code in UNKNOWN_OUTCOMES))
    if not unknown:
        return decision
    route = Verdict.TICKET if held else Verdict.BLOCK
    violation = Violation(
        "outcome-unknown", "outcome", route,
        f"An identical {tool.name} was sent before (call {earlier.call_id}) and its outcome is "
        "unknown: it may already have taken effect. It is not sent again; a human checks it. "
        "Tell the user.", {"previous_call": earlier.call_id})
    violations = (*decision.violations, violation)
    return dataclasses.replace(decision, violations=violations, verdict=combine(list(violations)))


class ProxyFetcher:
    """Reads a fact for the policy through the upstream, as the session (its environment, its
    identity is in the arguments the rule built), and records and traces it like any call. A
    read that fails is recorded as failed; the fact stays missing and the rule refuses."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt

    async def __call__(self, call: CallInput, tool_name: str, arguments: dict[str, Any]) -> bool:
        rt, session = self.rt, call.session
        tool = rt.catalog.get(tool_name, call.tool.domain)
        if tool is None or tool.kind is not ToolKind.READ or tool.validator.errors(arguments):
            return False
        start = time.perf_counter()
        call_id, decision_id = event_ids("c", "d")
        record = CallRecord(
            call_id=call_id, session_id=session.session_id, seq=session.next_seq(),
            tool=tool.name, kind="read", arguments=arguments, decision_id=decision_id,
            verdict=FETCHED, rules=[], policy_version=rt.policy.version,
            outcome=Outcome.FORWARDING, started_at=now_iso(),
        )
        await send_recorded(rt.upstreams, tool, record, session.environment)
        await rt.store.add_call(record)
        session.add_call(record)
        rt.tracer.emit(TraceRecord(
            ts=record.finished_at, event="call", session_id=session.session_id, seq=record.seq,
            call_id=record.call_id, decision_id=record.decision_id, tool=tool.name, kind="read",
            arguments=arguments, verdict=FETCHED, outcome=record.outcome.value,
            error_code=record.error_code, upstream_status=record.upstream_status,
            result=record.result, origin="proxy",
            latency_ms={"total": round_ms((time.perf_counter() - start) * 1e3)}, **trace_ids(),
        ))
        return record.succeeded


async def _record_invalid(
    store: Store, session: SessionState, request: CallRequest, err: CallgateError,
    call_id: str, decision_id: str,
) -> CallRecord:
    """An unknown tool or bad arguments still belong to the session's history (per-step metrics)."""
    ts = now_iso()
    record = CallRecord(
        call_id=call_id, session_id=session.session_id, seq=session.next_seq(),
        tool=request.tool, kind="unknown", arguments=request.arguments, decision_id=decision_id,
        verdict="none", rules=[], policy_version="", outcome=Outcome.INVALID, started_at=ts,
        error_code=err.code, finished_at=ts,
    )
    await store.add_call(record)
    session.add_call(record)
    return record
