"""A superseded answer is held as its JSON text: every reader of the session sees what it would
see with every answer held parsed (``thin=False``), and the session holds less."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from proxy.catalog import load_catalog
from proxy.policy.confirm import alias_index
from proxy.policy.engine import CallInput
from proxy.policy.opa import input_document
from proxy.session import (
    CALL_BYTES,
    PARSED_BYTES_PER_BYTE,
    CallRecord,
    Environment,
    Outcome,
    SessionState,
)

from .conftest import ROOT

TOOLS = {t.name: t for t in load_catalog(ROOT / "schemas" / "retail" / "catalog.yaml")}
FIELDS = ("name", "item_id")
IDENTITY = (("find_user_id_by_email", None), ("get_user_details", "user_id"))

ITEM = st.fixed_dictionaries({
    "name": st.sampled_from(["Smart Watch", "Bluetooth Speaker", "Desk Lamp", "Water Bottle"]),
    "item_id": st.sampled_from(["1001", "1002", "2001", "3003"]),
    "price": st.sampled_from([10, 25.5, 99.99]),
})
ANSWER = st.one_of(
    st.fixed_dictionaries({"status": st.sampled_from(["pending", "delivered", "cancelled"]),
                           "items": st.lists(ITEM, max_size=3)}),
    st.none(), st.just("user_1"), st.lists(ITEM, max_size=2))
EVENT = st.tuples(
    st.sampled_from(["get_order_details", "get_user_details", "find_user_id_by_email",
                     "cancel_pending_order"]),
    st.sampled_from(["#W1", "#W2", "user_1"]),
    ANSWER,
    st.sampled_from([Outcome.EXECUTED, Outcome.EXECUTED, Outcome.EXECUTED,
                     Outcome.UPSTREAM_ERROR]),
)


def replay(events: list[tuple[str, str, Any, Outcome]], thin: bool,
           index_at: int | None = None) -> SessionState:
    """A session from ``events`` (each call's answer parsed afresh, as from an upstream);
    the alias index first built after event ``index_at`` (it then extends incrementally)."""
    state = SessionState("s", Environment.LIVE, {}, {}, "t", thin=thin)
    for i, (tool, value, answer, outcome) in enumerate(events):
        name = {"get_order_details": "order_id", "cancel_pending_order": "order_id",
                "get_user_details": "user_id", "find_user_id_by_email": "email"}[tool]
        state.add_call(CallRecord(
            f"c{i}", "s", state.next_seq(), tool, TOOLS[tool].kind.value, {name: value}, "d",
            "allow", [], "v", outcome, "t", result=orjson.loads(orjson.dumps(answer))))
        if i == index_at:
            alias_index(state, FIELDS)
    return state


def readers(state: SessionState) -> dict[str, Any]:
    """What each reader of old answers makes of the session."""
    index = alias_index(state, FIELDS)
    call = CallInput(TOOLS["cancel_pending_order"], {"order_id": "#W1", "reason": "x"}, state)
    return {
        "results": [c.result for c in state.calls],
        "facts": state.facts,
        "identity": state.identity(IDENTITY),
        "aliases": (index.names, index.owners),
        "opa input": input_document(call, IDENTITY, ("get_order_details", "get_user_details")),
    }


@settings(max_examples=150, deadline=None)
@given(st.lists(EVENT, max_size=30), st.integers(min_value=0, max_value=30))
def test_every_reader_sees_the_same_session(events: list[tuple[str, str, Any, Outcome]],
                                            index_at: int) -> None:
    parsed = replay(events, thin=False)
    thin = replay(events, thin=True, index_at=index_at)  # the index built half-way, then extended
    late = replay(events, thin=True)  # the index built from answers already held as text
    assert readers(thin) == readers(parsed) == readers(late)
    assert CALL_BYTES * len(thin.calls) <= thin.weight <= parsed.weight
    assert not any(c.held_as_text for c in parsed.calls)


def test_only_superseded_answers_are_held_as_text() -> None:
    items = [{"name": "Smart Watch", "item_id": "1099195379", "price": 378.51}]
    pending, cancelled = ({"status": s, "items": items} for s in ("pending", "cancelled"))
    state = replay([("get_order_details", "#W1", a, Outcome.EXECUTED)
                    for a in (pending, pending, cancelled)]
                   + [("get_order_details", "#W2", pending, Outcome.EXECUTED),
                      ("get_order_details", "#W2", {"status": "gone"}, Outcome.EXECUTED)],
                   thin=True)
    # the first two shared one answer until the third replaced it; #W2's first answer too, and
    # the answers that are the facts now stay parsed
    assert [c.held_as_text for c in state.calls] == [True, True, False, True, False]
    assert state.calls[0]._result is state.calls[1]._result  # one text for both
    assert state.calls[0].result == pending
    assert state.calls[0].result is not state.calls[0].result  # a fresh copy per read
    # a small answer superseded stays parsed: as text it would save nothing
    small = replay([("get_order_details", "#W1", {"status": s}, Outcome.EXECUTED)
                    for s in ("pending", "cancelled")], thin=True)
    assert not any(c.held_as_text for c in small.calls)


def test_a_session_of_changing_answers_holds_less() -> None:
    order = {"order_id": "#W1", "items": [{"name": "Smart Watch", "item_id": "1099195379",
                                           "price": 378.51, "options": {"color": "black"}}] * 4}

    def held(thin: bool) -> tuple[int, int]:
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            state = replay([("get_order_details", "#W1", {**order, "status": f"step {i}"},
                             Outcome.EXECUTED) for i in range(300)], thin=thin)
            gc.collect()
            return tracemalloc.get_traced_memory()[0] - before, state.weight
        finally:
            tracemalloc.stop()

    (parsed, parsed_weight), (thin, thin_weight) = held(False), held(True)
    assert thin < 0.5 * parsed, (thin, parsed)  # about a third here
    assert thin_weight < 0.7 * parsed_weight  # the estimate follows


def test_answers_that_are_not_objects_stay_parsed_and_the_estimate_never_falls() -> None:
    """A text answer (an upstream that does not speak JSON) is no smaller as JSON text; and
    what a held answer takes off the estimate is what was counted for it, never more (the
    received body may be shorter than its JSON: escapes; or longer: whitespace)."""
    state = SessionState("s", Environment.LIVE, {}, {}, "t")
    answers: list[tuple[Any, int]] = [
        ('line one\n"quoted"\tand \x01 more ' * 40, 900),  # its JSON is longer (escapes)
        ("x" * 5000, 5000),
        ({"rows": [{"n": i} for i in range(50)]}, 4000),  # received with much whitespace
        ({"rows": [{"n": i} for i in range(60)]}, 100),  # a size that undercounts it
        ([1, 2, 3] * 40, 0),  # size unknown
    ]
    weights = []
    for i in range(3):
        for answer, size in answers:
            before = state.weight
            state.add_call(CallRecord(
                f"c{len(state.calls)}", "s", state.next_seq(), "get_order_details", "read",
                {"order_id": f"#W{i}"}, "d", "allow", [], "v", Outcome.EXECUTED, "t",
                result=orjson.loads(orjson.dumps(answer)), size=size))
            assert state.weight >= before - PARSED_BYTES_PER_BYTE * 5000
            weights.append(state.weight)
    assert min(weights) > 0 and state.weight >= CALL_BYTES * len(state.calls)
    assert not any(c.held_as_text for c in state.calls if isinstance(c.result, str))
    assert any(c.held_as_text for c in state.calls)
