"""The in-memory session: identical answers to one read are held once."""

from __future__ import annotations

from typing import Any

from proxy.session import CallRecord, Environment, Outcome, SessionState


def read(state: SessionState, order: str, result: Any) -> CallRecord:
    call = CallRecord(f"c{state.next_seq()}", "s", state.next_seq(), "get_order_details", "read",
                      {"order_id": order}, "d", "allow", [], "v", Outcome.EXECUTED, "t",
                      result=result)
    state.add_call(call)
    return call


def test_an_identical_answer_is_held_once_and_a_changed_one_is_not() -> None:
    state = SessionState("s", Environment.LIVE, {}, {}, "t")
    first = read(state, "#1", {"status": "pending", "items": [1, 2]})
    again = read(state, "#1", {"status": "pending", "items": [1, 2]})
    assert again.result is first.result  # one object, not a copy per read
    changed = read(state, "#1", {"status": "cancelled", "items": [1, 2]})
    assert changed.result == {"status": "cancelled", "items": [1, 2]}
    assert changed.result is not first.result
    assert state.fact("get_order_details", {"order_id": "#1"}) is changed.result
    other = read(state, "#2", {"status": "pending", "items": [1, 2]})
    assert other.result is not first.result  # another read's answer is its own
    assert first.result == {"status": "pending", "items": [1, 2]}  # never changed in place
