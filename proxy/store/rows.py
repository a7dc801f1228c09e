"""Rows to session state and back: the one assembly both stores use when they load a session,
and what both keep of a call's result.

The stores select the same columns in the same order (the queries below), whatever the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..parse import loads as json_loads
from ..session import CallRecord, Confirmation, Environment, Message, Outcome, Role, SessionState
from ..trace import scrubbed_json  # card numbers never at rest (policy never needs them)

SESSION_COLUMNS = ("environment, end_user, tags, started_at, ended_at, outcome, agent_key, "
                   "COALESCE(mode, 'proxy')")
MESSAGE_COLUMNS = "seq, role, content, ts"
CALL_COLUMNS = ("call_id, seq, tool, kind, arguments, decision_id, verdict, rules, policy_version, "
                "outcome, result, upstream_status, error_code, started_at, finished_at")
CONFIRMATION_COLUMNS = ("confirmation_id, call_hash, tool, summary, created_at, expires_at, "
                        "confirmed_at, used_at")


def result_text(call: CallRecord) -> bytes | None:
    """What a store keeps of a call's result: its JSON (the one the call is recorded with),
    card numbers scrubbed; None where it has none."""
    return None if call.result is None else scrubbed_json(call.result, text=call.result_json())


def _json(value: Any) -> Any:
    return None if value is None else json_loads(value)


def assemble(session_id: str, row: Sequence[Any], messages: Iterable[Sequence[Any]],
             calls: Iterable[Sequence[Any]], confirmations: Iterable[Sequence[Any]]
             ) -> SessionState:
    """The indexed session from its rows (messages and calls replayed in sequence order)."""
    state = SessionState(
        session_id=session_id, environment=Environment(row[0]), user=json_loads(row[1]),
        tags=json_loads(row[2]), started_at=row[3], ended_at=row[4], outcome=_json(row[5]),
        agent_key=row[6], mode=row[7])
    apply_changes(state, messages, calls, confirmations)
    return state


def apply_changes(state: SessionState, messages: Iterable[Sequence[Any]],
                  calls: Iterable[Sequence[Any]], confirmations: Iterable[Sequence[Any]]) -> None:
    """Bring ``state`` up to date with rows written since it was read: new messages and calls
    are replayed in sequence order; a call it holds already (then in flight) takes its new
    outcome; confirmations are replaced whole."""
    events: list[Message | CallRecord] = [Message(m[0], Role(m[1]), m[2], m[3])
                                          for m in messages]
    for r in calls:
        held = state.by_id.get(r[0])
        if held is not None:
            was = held.succeeded
            held.outcome, held.result, held.upstream_status = Outcome(r[9]), _json(r[10]), r[11]
            held.error_code, held.finished_at = r[12], r[14]
            if held.succeeded and not was:
                state.finish_call(held)
            continue
        events.append(CallRecord(
            call_id=r[0], session_id=state.session_id, seq=r[1], tool=r[2], kind=r[3],
            arguments=json_loads(r[4]), decision_id=r[5], verdict=r[6],
            rules=json_loads(r[7]), policy_version=r[8], outcome=Outcome(r[9]),
            result=_json(r[10]), upstream_status=r[11], error_code=r[12], started_at=r[13],
            finished_at=r[14], size=0 if r[10] is None else len(r[10])))
    for event in sorted(events, key=lambda e: e.seq):
        if isinstance(event, Message):
            state.add_message(event)
        else:
            state.add_call(event)
    for c in confirmations:
        state.confirmations[c[0]] = Confirmation(*c)
