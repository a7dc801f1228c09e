"""The failure kinds in every report: misread intent, wrong action order, wrong tool arguments,
missed actions and repeated questions, each per run and case, and "not available" where the
traces cannot tell."""

from __future__ import annotations

from typing import Any

from proxy.report.build import build_report
from proxy.report.collect import collect, questions_in
from proxy.trace import TraceRecord

CANCEL_A = {"name": "cancel_pending_order", "arguments": {"order_id": "#A"}}
CANCEL_B = {"name": "cancel_pending_order", "arguments": {"order_id": "#B"}}


def write(tool: str, **args: Any) -> dict[str, Any]:
    return {"tool": tool, "kind": "write", "arguments": args, "outcome": "executed",
            "verdict": "allow"}


def run(sid: str, case: str, success: bool, calls: list[dict[str, Any]],
        expected: list[dict[str, Any]] | None, said: list[str] = (),  # type: ignore[assignment]
        persona: str = "calm") -> list[TraceRecord]:
    out = [TraceRecord(ts="t", event="session_start", session_id=sid,
                       tags={"scenario": case, "persona": persona}, expected=expected)]
    for text in said:
        out.append(TraceRecord(ts="t", event="message", session_id=sid, role="assistant",
                               content=text))
    for i, c in enumerate(calls, 1):
        out.append(TraceRecord(ts="t", event="call", session_id=sid, seq=i, **c))
    out.append(TraceRecord(ts="t", event="session_end", session_id=sid, success=success))
    return out


def test_each_kind_is_found_where_it_happened() -> None:
    runs = [
        run("s1", "1", True, [write("cancel_pending_order", order_id="#A")], [CANCEL_A]),
        # acted on another request: a write the case never asked for, and the asked one missed
        run("s2", "2", False, [write("modify_user_address", zip="1")], [CANCEL_A]),
        # both writes, in the wrong order
        run("s3", "3", False, [write("cancel_pending_order", order_id="#B"),
                               write("cancel_pending_order", order_id="#A")],
            [CANCEL_A, CANCEL_B]),
        # the right tool with other arguments
        run("s4", "4", False, [write("cancel_pending_order", order_id="#Z")], [CANCEL_A]),
        # the same question twice, then the user gave up
        run("s5", "5", False, [], [CANCEL_A], said=[
            "Could you tell me your order number please?", "Thanks.",
            "Could you tell me your  order number, please?"], persona="impatient"),
    ]
    report = build_report(collect(r for s in runs for r in s))
    kinds = report["failure_kinds"]
    assert kinds["misread_intent"]["cases"] == ["2"]
    assert kinds["wrong_action_order"]["cases"] == ["3"]
    assert kinds["wrong_tool_arguments"]["cases"] == ["4"]
    assert kinds["missed_actions"]["cases"] == ["2", "5"]  # 4 did it, with other arguments
    assert kinds["repeated_questions"]["cases"] == ["5"]
    assert kinds["repeated_questions"]["runs_that_could_tell"] == 1  # only s5 has a transcript
    assert all(v["failed_runs"] == v["runs"] for v in kinds.values())
    by_persona = report["repeated_questions_by_persona"]
    assert by_persona["impatient"] == {"runs": 1, "with_repeated_question": 1, "abandoned": 1}


def test_kinds_a_trace_cannot_tell_are_said_to_be_unavailable() -> None:
    report = build_report(collect(run("s1", "1", True, [write("cancel_pending_order",
                                                               order_id="#A")], None)))
    kinds = report["failure_kinds"]
    for kind in ("misread_intent", "wrong_action_order", "missed_actions",
                 "repeated_questions"):
        assert kinds[kind]["runs_that_could_tell"] == 0 and kinds[kind]["share"] is None
        assert kinds[kind]["what"].startswith("not available")


def test_questions_are_recognised_whatever_their_spacing_and_case() -> None:
    assert questions_in("Hello! What is YOUR order id? Ok?") == ["what is your order id"]
    assert questions_in("Shall I   proceed with the cancellation?") == \
        questions_in("shall i proceed with the cancellation ?")
