"""What a verdict does: forward the call, or refuse it with words the agent can act on.

Every outcome is recorded in the session (and the store) before the answer leaves. A forwarded call
is recorded as in flight *before* it is sent, so a crash mid-call leaves an honest trace: the row
says ``forwarding``, i.e. the outcome is unknown, and it is never silently retried.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import structlog

from .catalog import TOOL_WRITE, Tool
from .errors import (
    OutcomeReported,
    SessionEnded,
    StoreError,
    UnknownCall,
    UpstreamError,
    UpstreamRejected,
    UpstreamUnavailable,
)
from .gate.present import customer_of
from .gate.service import customer_words
from .ids import new_id
from .payments import PaymentError, describe, rehearse_call
from .policy.decision import VERDICT_REHEARSE, Decision, Verdict, Violation
from .session import (
    AWAITING_REPORT,
    ENV_SANDBOX,
    OUTCOME_EXECUTED,
    OUTCOME_FORWARDING,
    CallRecord,
    Confirmation,
    Environment,
    Outcome,
    SessionState,
)
from .store import Store
from .trace import now_iso
from .upstream import Upstreams
from .wire import ConfirmationItem, Envelope, ErrorItem, TicketItem, trusted_envelope, violation_items

if TYPE_CHECKING:
    from .gate.service import Gate

log = structlog.get_logger("callgate.enforce")


@dataclass(frozen=True, slots=True)
class Enforced:
    envelope: Envelope
    status: int
    record: CallRecord


def _refusal_text(violations: tuple[Violation, ...], verdict: Verdict | None = None) -> str:
    """The rules' words for the agent, each once. For a refusal, only the rules that refuse:
    a hold's "you will hear back" beside a block would promise a review that never comes."""
    strict = {Verdict.BLOCK, Verdict.CONFIRM} if verdict in (Verdict.BLOCK, Verdict.CONFIRM) \
        else None
    chosen = [v.message for v in violations if strict is None or v.route in strict]
    return " ".join(dict.fromkeys(chosen or [v.message for v in violations]))


async def enforce(
    *,
    store: Store,
    upstreams: Upstreams,
    session: SessionState,
    tool: Tool,
    arguments: dict[str, Any],
    decision: Decision,
    call_id: str,
    effects: dict[str, Any] | None = None,
    gate: Gate | None = None,
    requester: str | None = None,
    check_only: bool = False,
) -> Enforced:
    """Carry out ``decision`` for one validated call and record what happened. ``check_only``:
    an allowed call is not sent but recorded as in flight, for the platform that runs it to
    report its outcome (``report_outcome``); everything else is the same."""
    record = CallRecord(
        call_id=call_id, session_id=session.session_id, seq=session.next_seq(), tool=tool.name,
        kind=str(tool.kind), arguments=arguments, decision_id=decision.decision_id,
        verdict=str(decision.verdict), rules=decision.fired,
        policy_version=decision.policy_version, outcome=OUTCOME_FORWARDING,
        started_at=now_iso(),
    )
    ids = {"session_id": session.session_id, "call_id": call_id,
           "decision_id": decision.decision_id, "tool": tool.name,
           "policy_version": decision.policy_version}
    violations = violation_items(decision.violations) or None
    confirmation = None
    ticket = None
    verdict = decision.verdict
    if verdict is VERDICT_REHEARSE and session.environment is ENV_SANDBOX:
        verdict = Verdict.ALLOW  # a sandbox session is the rehearsal: it runs on the sandbox
    match verdict:
        case Verdict.ALLOW:
            claims = list((effects or {}).get("claims") or ()) if tool.kind is TOOL_WRITE \
                else []
            holder = await store.claim(claims, call_id) if claims else None
            if holder is None:
                token = (effects or {}).get("consume_confirmation")
                if token is not None:  # single use: spent (in the store first) before it goes out
                    used = dataclasses.replace(session.confirmations[token], used_at=time.time())
                    await store.save_confirmation(session.session_id, used)
                    session.confirmations[token] = used
                if check_only:
                    return await _permit(store, session, record, ids)
                return await _forward(store, upstreams, session, tool, record, ids, claims)
            # A once-only action (scope: global) already done, or going out, elsewhere.
            outcome, status = Outcome.BLOCKED, 403
            record.error_code = "once_only_taken"
            record.verdict, record.rules = Verdict.BLOCK.value, [*record.rules, "once-only"]
            message = ("Blocked by policy: this action can be done only once, and it was already "
                       f"done or is being done in another conversation (call {holder}). Tell "
                       "the user; do not retry.")
            violations = [*(violations or []), *violation_items((Violation(
                "once-only", "order", Verdict.BLOCK, message, {"previous_call": holder}),))]
        case Verdict.BLOCK:
            outcome, status = Outcome.BLOCKED, 403
            message = "Blocked by policy: " + _refusal_text(decision.violations, Verdict.BLOCK)
        case Verdict.CONFIRM:
            outcome, status = Outcome.NEEDS_CONFIRMATION, 428
            message = "Not executed yet: " + _refusal_text(decision.violations,
                                                           Verdict.CONFIRM)
            confirmation = await _issue_token(store, session, tool, decision.violations)
        case Verdict.TICKET if gate is not None:
            t, ticket = await _hold(gate, session, tool, call_id, arguments, decision, requester)
            outcome, status = Outcome.PENDING_REVIEW, 202
            message = (customer_words(t) + " Tell the customer that, and poll the ticket for "
                       "the decision. Reason it is held: " + _refusal_text(decision.violations))
        case Verdict.REHEARSE if gate is not None:
            # The call runs on the sandbox first; only a rehearsal that passes becomes a ticket
            # (the approver sees what will happen), and approval runs the live call once.
            try:
                siblings = [t for t in gate.catalog.all() if t.domain == tool.domain
                            and t.payment is not None
                            and t.payment.operation in ("refund", "adjust")]
                pending = await gate.pending_arguments([t.name for t in siblings], tool.domain)
                rehearsal = rehearse_call(tool.payment, arguments, session.calls, pending)
            except PaymentError as e:
                outcome, status = Outcome.BLOCKED, 403
                record.error_code = "rehearsal_failed"
                message = (f"Rehearsed on the sandbox and refused: {e}. Nothing was sent and "
                           "nothing is waiting for review; correct the request, or tell the user.")
                violations = [*(violations or []), *violation_items((Violation(
                    "rehearsal", "payment", Verdict.BLOCK, str(e), {}),))]
            else:
                t, ticket = await _hold(gate, session, tool, call_id, arguments, decision,
                                        requester, rehearsal)
                outcome, status = Outcome.PENDING_REVIEW, 202
                message = (customer_words(t) + " " + describe(rehearsal) + " Poll the ticket "
                           "for the decision. Reason it is held: "
                           + _refusal_text(decision.violations))
        case Verdict.TICKET | Verdict.REHEARSE:
            # No gate here: refuse rather than pretend the call is waiting somewhere.
            outcome, status = Outcome.BLOCKED, 403
            record.error_code = "review_unavailable"
            message = (
                "This action needs review by a human, which is not available here; it was not "
                "executed. Offer to transfer the user to a human agent. Reason: "
                + _refusal_text(decision.violations)
            )
    record.outcome = outcome
    record.finished_at = record.started_at
    await store.add_call(record)
    session.add_call(record)
    envelope = Envelope(outcome=outcome, message=message, violations=violations,
                        confirmation=confirmation, ticket=ticket, **ids)
    return Enforced(envelope, status, record)


async def _hold(gate: Gate, session: SessionState, tool: Tool, call_id: str,
                arguments: dict[str, Any], decision: Decision, requester: str | None,
                rehearsal: dict[str, Any] | None = None) -> tuple[dict[str, Any], TicketItem]:
    """Hold the call for a human: its ticket (a new one, or the open one it joins) and the
    ticket as the envelope shows it."""
    t = await gate.create(
        session_id=session.session_id, call_id=call_id, tool=tool.name, domain=tool.domain,
        environment=session.environment, arguments=arguments, decision=decision,
        requester=requester, rehearsal=rehearsal,
        customer=customer_of(session, gate.identity_sources(tool.domain)))
    return t, TicketItem(ticket_id=t["ticket_id"], status=t["status"],
                         expires_at=t["expires_at"], poll=f"/v1/tickets/{t['ticket_id']}")


async def _permit(store: Store, session: SessionState, record: CallRecord, ids: dict[str, Any]
                  ) -> Enforced:
    """Check-only: allowed, recorded as in flight (a write may happen from now on), not sent."""
    record.error_code = AWAITING_REPORT
    await store.add_call(record)
    session.add_call(record)
    envelope = Envelope(outcome=Outcome.ALLOWED, message=(
        f"Allowed. Run it, then report what happened: POST /v1/sessions/{record.session_id}/calls/"
        f"{record.call_id}/outcome"), **ids)
    return Enforced(envelope, 200, record)


async def report_outcome(store: Store, session: SessionState, call_id: str, outcome: str,
                         result: Any, upstream_status: int | None) -> CallRecord:
    """The platform reports what a checked call did: ``executed`` (a read's result becomes a
    fact, a write counts for once-only rules), ``failed`` (definitely not done: once-only keys
    are released) or ``unknown`` (may have happened: a retry is held like any unknown write)."""
    if session.ended:
        raise SessionEnded(f"session {session.session_id} ended at {session.ended_at}; its "
                           "calls' outcomes can no longer change")
    record = next((c for c in reversed(session.calls) if c.call_id == call_id), None)
    if record is None:
        raise UnknownCall(f"no call {call_id!r} in session {session.session_id}")
    if record.error_code != AWAITING_REPORT or record.outcome is not Outcome.FORWARDING:
        raise OutcomeReported(f"call {call_id} is not a checked call waiting for its outcome "
                              f"(it is {record.outcome.value})")
    record.finished_at = now_iso()
    record.upstream_status = upstream_status
    if outcome == "executed":
        record.outcome, record.result, record.error_code = Outcome.EXECUTED, result, None
    else:
        record.outcome = Outcome.UPSTREAM_ERROR
        record.result = result
        record.error_code = "reported_failed" if outcome == "failed" \
            else "upstream_outcome_unknown"
    await store.finish_call(record)
    session.finish_call(record)
    if outcome == "failed":  # the once-only keys it claimed at its check are free again
        held = [r[0] for r in await store.fetch("SELECT claim FROM claims WHERE call_id = ?",
                                                (call_id,))]
        if held:
            with contextlib.suppress(StoreError):
                await store.release(held, call_id)
    return record


async def _issue_token(
    store: Store, session: SessionState, tool: Tool, violations: tuple[Violation, ...]
) -> ConfirmationItem | None:
    """For a token-mode confirmation rule: a single-use id bound to this exact call."""
    token_rule = next((v for v in violations if v.details.get("mode") == "token"), None)
    if token_rule is None:
        return None
    now = time.time()
    conf = Confirmation(
        confirmation_id=new_id("cf"), call_hash=token_rule.details["call_hash"], tool=tool.name,
        summary=token_rule.details["summary"], created_at=now,
        expires_at=now + float(token_rule.details["ttl_s"]),
    )
    await store.save_confirmation(session.session_id, conf)
    session.confirmations[conf.confirmation_id] = conf
    return ConfirmationItem(confirmation_id=conf.confirmation_id, summary=conf.summary,
                            expires_at=conf.expires_at)


async def send_recorded(upstreams: Upstreams, tool: Tool, record: CallRecord,
                        environment: Environment) -> UpstreamError | None:
    """Send ``record``'s call and write what came back into it (outcome, result, status,
    error code, finish time); the upstream's failure is returned, not raised."""
    try:
        result = await upstreams.send(tool, record.arguments, environment, record.call_id)
    except UpstreamError as err:
        record.outcome, record.error_code = Outcome.UPSTREAM_ERROR, err.code
        if isinstance(err, UpstreamRejected):
            record.upstream_status, record.result = err.upstream_status, err.body
        record.finished_at = now_iso()
        return err
    record.outcome, record.result = OUTCOME_EXECUTED, result.body
    record.upstream_status, record.size = result.status, result.size
    record.finished_at = now_iso()
    return None


async def _forward(
    store: Store, upstreams: Upstreams, session: SessionState, tool: Tool,
    record: CallRecord, ids: dict[str, Any], claims: list[str] | None = None,
) -> Enforced:
    is_write = tool.kind is TOOL_WRITE
    if is_write:  # in flight, before sending: fail closed here if the store is down
        try:
            await store.add_call(record)
        except StoreError:
            if claims:  # nothing went out: the once-only action is free again
                with contextlib.suppress(StoreError):
                    await store.release(claims, record.call_id)
            raise
        session.add_call(record)
    err = await send_recorded(upstreams, tool, record, session.environment)
    if err is not None:
        if claims and isinstance(err, UpstreamRejected | UpstreamUnavailable):
            # definitely not done (refused, or never sent): the action is free again; a timeout
            # or a dropped connection keeps the claim, since the action may have happened
            with contextlib.suppress(StoreError):
                await store.release(claims, record.call_id)
        envelope = Envelope(
            outcome=Outcome.UPSTREAM_ERROR, message=err.agent_message,
            errors=[ErrorItem(code=err.code, message=str(err))], result=record.result,
            upstream_status=record.upstream_status, **ids,
        )
        status = err.status
    else:  # the usual answer, built without validation: every field is ours and typed
        envelope = trusted_envelope(
            outcome=OUTCOME_EXECUTED, message="Executed.", result=record.result,
            upstream_status=record.upstream_status, **ids,
        )
        status = 200
    if not is_write:
        # A read changed nothing, so it is recorded once, with its result. If that fails, the
        # agent does not get the result either: a fact the policy cannot see must not be used.
        await store.add_call(record)
        session.add_call(record)
        return Enforced(envelope, status, record)
    session.finish_call(record)
    try:
        await store.finish_call(record, answered=True)
    except StoreError as e:
        # The upstream already acted; telling the agent otherwise would be a lie. The row stays
        # "forwarding" (outcome unknown) for an operator to reconcile.
        log.error("store_finish_failed", call_id=record.call_id, error=str(e))
    return Enforced(envelope, status, record)
