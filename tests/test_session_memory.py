"""The session's memory estimate (``SessionState.weight``, what the cache's budget counts)
against what tracemalloc measures for the same events."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from proxy.demo.data import generate
from proxy.session import (
    CALL_BYTES,
    CallRecord,
    Environment,
    Message,
    Outcome,
    Role,
    SessionState,
)

DB = generate(7)
ORDERS = list(DB.orders.values())
USERS = list(DB.users.values())


def read(state: SessionState, i: int, result: Any, size: int) -> CallRecord:
    return CallRecord(
        call_id=f"c{i:021d}", session_id=state.session_id, seq=state.next_seq(),
        tool="get_order_details", kind="read", arguments={"order_id": f"#W{i:07d}"},
        decision_id=f"d{i:021d}", verdict="allow", rules=[], policy_version="v1",
        outcome=Outcome.EXECUTED, started_at=f"2026-12-01T00:00:00.{i:06d}Z", result=result,
        upstream_status=200, finished_at=f"2026-12-01T00:00:01.{i:06d}Z", size=size)


def measured(add: Callable[[SessionState, int], None], n: int = 400) -> tuple[int, int]:
    """(bytes tracemalloc saw the state grow by, the state's weight) over ``n`` events."""
    state = SessionState("s" * 22, Environment.LIVE, {}, {}, "t0")
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(n):
            add(state, i)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return grown, state.weight


def answers(make: Callable[[int], Any]) -> Callable[[SessionState, int], None]:
    def add(state: SessionState, i: int) -> None:
        raw = orjson.dumps(make(i))  # parsed from its bytes, as an upstream's answer is
        state.add_call(read(state, i, orjson.loads(raw), len(raw)))
    return add


def order(i: int) -> Any:
    return {**ORDERS[i % len(ORDERS)], "status": f"pending {i}"}  # every answer different


def user(i: int) -> Any:
    return {**USERS[i % len(USERS)], "email": f"user{i}@example.com"}


def message(chars: int) -> Callable[[SessionState, int], None]:
    def add(state: SessionState, i: int) -> None:
        text = (f"word{i} " * chars)[:chars]
        state.add_message(Message(state.next_seq(), Role.USER, text,
                                  f"2026-12-01T00:00:00.{i:06d}Z"))
    return add


@pytest.mark.parametrize("add", [answers(order), answers(user), answers(lambda i: None),
                                 message(40), message(2000)],
                         ids=["orders", "users", "no result", "short messages", "long messages"])
def test_the_estimate_is_close_to_what_is_held(add: Callable[[SessionState, int], None]) -> None:
    grown, weight = measured(add)
    assert 0.75 <= weight / grown <= 1.33, (weight, grown)


def test_text_heavy_answers_are_overestimated_not_under() -> None:
    grown, weight = measured(answers(lambda i: {"note": f"lorem ipsum dolor {i} " * 40}))
    assert 1.0 <= weight / grown <= 3.0, (weight, grown)


def test_an_answer_held_once_is_counted_once() -> None:
    """Re-reading an unchanged order holds the first answer, not a copy: only the record."""
    state = SessionState("s", Environment.LIVE, {}, {}, "t0")
    for i in range(3):
        raw = orjson.dumps(ORDERS[0])
        call = read(state, i, orjson.loads(raw), len(raw))
        call.arguments = {"order_id": ORDERS[0]["order_id"]}
        before = state.weight
        state.add_call(call)
        grew = state.weight - before
        assert grew == CALL_BYTES if i else grew > CALL_BYTES + 4 * len(raw)
