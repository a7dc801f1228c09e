"""The in-memory session: identical answers to one read are held once; late outcomes are
indexed as the session reads back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from proxy.policy.confirm import alias_index
from proxy.session import (
    AWAITING_REPORT,
    CALL_BYTES,
    CallRecord,
    Environment,
    Outcome,
    SessionState,
    args_key,
    value_key,
)
from proxy.store.sqlite import SqliteStore


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


def test_answers_are_told_apart_by_their_json_and_only_the_sessions_copy_is_held() -> None:
    state = SessionState("s", Environment.LIVE, {}, {}, "t")
    first = read(state, "#1", {"a": 1, "b": [1.5, "x"]})
    weight = state.weight
    again = read(state, "#1", {"a": 1, "b": [1.5, "x"]})
    assert again.result is first.result and state.weight - weight == CALL_BYTES  # no copy
    # equal values in another key order serialise apart: kept as the new fact, still equal
    reordered = read(state, "#1", {"b": [1.5, "x"], "a": 1})
    assert reordered.result is not first.result and reordered.result == first.result
    assert state.fact("get_order_details", {"order_id": "#1"}) is reordered.result
    assert state.fact_json[("get_order_details", '{"order_id":"#1"}')] == b'{"b":[1.5,"x"],"a":1}'
    # a call holds the session's copy of its answer's JSON (a superseded one's is its text)
    # or none, never a JSON of its own (orjson's bytes keep a buffer of 4 KiB and more)
    copies = [*state.fact_json.values(), *(c._result.raw for c in state.calls if c.held_as_text)]
    assert all(c.known_json() is None or any(c.known_json() is t for t in copies)
               for c in state.calls)
    assert reordered.known_json() is state.fact_json[("get_order_details", '{"order_id":"#1"}')]
    assert first.known_json() is None  # superseded, and too small to be held as text


async def test_late_outcomes_leave_the_session_as_it_reads_back(tmp_path: Path) -> None:
    """Checked calls whose outcomes are reported out of order (the platform runs them in
    parallel): the session in memory indexes them as the one read back from the store does
    (in sequence order), so a decision does not depend on whether it stayed in memory, and
    the alias index takes in a call that was in flight when it was built."""
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    state = SessionState("s1", Environment.LIVE, {}, {}, "t", mode="check")
    await store.create_session(state)
    fields = ("name", "last_four", "brand", "source")
    calls = []
    for i in (1, 2):  # two reads of one user, allowed and running
        c = CallRecord(f"c{i}", "s1", state.next_seq(), "get_user_details", "read",
                       {"user_id": "u1"}, "d", "allow", [], "v", Outcome.FORWARDING, "t",
                       error_code=AWAITING_REPORT)
        await store.add_call(c)
        state.add_call(c)
        calls.append(c)
    alias_index(state, fields)  # a write is checked meanwhile: both reads are in flight
    for c, card in ((calls[1], "credit_card_2"), (calls[0], "credit_card_1")):  # 2 first
        c.outcome, c.error_code = Outcome.EXECUTED, None
        c.result = {"payment_methods": {card: {"source": "credit_card", "brand": "visa",
                                               "last_four": "4321", "id": card}}}
        await store.finish_call(c)
        state.finish_call(c)
    back = await store.load_session("s1")
    await store.close()
    assert back is not None
    key = {"user_id": "u1"}
    assert list(state.fact("get_user_details", key)["payment_methods"]) == ["credit_card_2"]
    assert state.fact("get_user_details", key) == back.fact("get_user_details", key)
    assert [c.call_id for c in state.executed["get_user_details"]] == ["c1", "c2"] == [
        c.call_id for c in back.executed["get_user_details"]]
    assert alias_index(state, fields).names == alias_index(back, fields).names
    assert alias_index(state, fields).names["credit_card_1"] >= {"visa", "4321"}


def test_a_values_key_is_the_key_of_it_as_an_object() -> None:
    # (the session indexes calls by argument value with it, and looks them up with it)
    for value in ["#W1", 'a"b\\c', "é\u2028\x00", "", 5, -1.5, None, True, {"b": 1, "a": [2]},
                  [1, "x"]]:
        assert value_key(value) == args_key({"v": value})
