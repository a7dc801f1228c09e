"""Reports end to end: tau-bench's published numbers, the gate's exit code, per-step counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from proxy.cli import main
from proxy.report.build import Gate, build_report
from proxy.report.collect import collect
from proxy.trace import TraceRecord, record_to_json

from ..conftest import SHARED, needs_tau

AIRLINE = SHARED / "trajectories" / "tau-bench-gpt-4o-airline-4trials.json"


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def session(sid: str, case: str, trial: int, success: bool, calls: list[dict[str, Any]],
            expected: list[dict[str, Any]] | None = None, **tags: Any) -> list[TraceRecord]:
    out = [TraceRecord(ts="t", event="session_start", session_id=sid,
                       tags={"scenario": case, "trial": trial, **tags}, expected=expected)]
    for i, c in enumerate(calls, 1):
        out.append(TraceRecord(ts="t", event="call", session_id=sid, seq=i, **c))
    out.append(TraceRecord(ts="t", event="session_end", session_id=sid, success=success))
    return out


def write_traces(path: Path, sessions: list[list[TraceRecord]]) -> Path:
    path.write_bytes(b"".join(record_to_json(r) + b"\n" for s in sessions for r in s))
    return path


@needs_tau
def test_reproduces_tau_bench_published_pass_hat_k() -> None:
    result = run("report", str(AIRLINE), "--json")
    report = json.loads(result.output)
    assert {k: round(v, 3) for k, v in report["pass_hat_k"].items()} == {
        "1": 0.42, "2": 0.273, "3": 0.22, "4": 0.2}
    assert report["cases"] == 50 and report["trials"] == 200
    for field in ("pass_at_k", "consistently_correct", "flaky_cases", "per_case", "per_step",
                  "gate"):
        assert field in report
    assert all("wilson_lower" in c for c in report["per_case"])


@needs_tau
def test_import_then_report_matches_direct_report(tmp_path: Path) -> None:
    out = tmp_path / "traces.jsonl"
    result = run("import", str(AIRLINE), "-o", str(out))
    assert result.exit_code == 0
    direct = json.loads(run("report", str(AIRLINE), "--json").output)
    via = json.loads(run("report", str(out), "--json").output)
    assert via["pass_hat_k"] == direct["pass_hat_k"]
    assert via["per_step"] == direct["per_step"]


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--min-consistency", "0.5"], 0),   # 2 of 3 cases are consistent: 0.667
        (["--min-consistency", "0.7"], 1),
        (["--min-case-floor", "0.2"], 0),    # floors: 3/3 -> 0.439, 2/3 -> 0.208, 3/3 -> 0.439
        (["--min-case-floor", "0.3"], 1),
        (["--min-pass-hat-k", "3:0.6"], 0),  # pass^3 = (1 + 0 + 1) / 3
        (["--min-pass-hat-k", "3:0.7"], 1),
        (["--min-pass-hat-k", "4:0.1"], 1),  # no case has 4 trials: not met
        ([], 0),
    ],
)
def test_gate_exit_code_is_nonzero_exactly_when_a_threshold_is_missed(
    tmp_path: Path, args: list[str], code: int
) -> None:
    sessions = [session(f"{case}-{t}", case, t, ok, [])
                for case, outcomes in (("a", [1, 1, 1]), ("b", [1, 0, 1]), ("c", [1, 1, 1]))
                for t, ok in enumerate(map(bool, outcomes))]
    traces = write_traces(tmp_path / "t.jsonl", sessions)
    result = run("report", str(traces), *args)
    assert result.exit_code == code, result.output
    if code:
        assert "MISS" in result.output


def test_per_step_with_expected_actions(tmp_path: Path) -> None:
    expected = [{"name": "get_order_details", "arguments": {"order_id": "#W1"}},
                {"name": "cancel_pending_order",
                 "arguments": {"order_id": "#W1", "reason": "no longer needed"}}]
    read = {"tool": "get_order_details", "kind": "read", "arguments": {"order_id": "#W1"},
            "outcome": "executed"}
    good = {"tool": "cancel_pending_order", "kind": "write", "outcome": "executed",
            "arguments": {"order_id": "#W1", "reason": "no longer needed"}}
    wrong_args = {**good, "arguments": {"order_id": "#W1", "reason": "ordered by mistake"}}
    extra = {"tool": "modify_user_address", "kind": "write", "outcome": "executed",
             "arguments": {"user_id": "u"}}
    bad_schema = {"tool": "cancel_pending_order", "outcome": "invalid",
                  "error_code": "invalid_arguments", "arguments": {"order_id": "W1"}}
    blocked = {**good, "outcome": "blocked", "verdict": "confirm", "rules": ["confirm-writes"]}
    sessions = [
        session("s1", "c1", 0, True, [read, good], expected),
        session("s2", "c1", 1, False, [read, wrong_args], expected),
        session("s3", "c1", 2, False, [read, bad_schema, blocked, good, extra], expected),
        session("s4", "c1", 3, False, [read], expected),
    ]
    report = build_report(collect(r for s in sessions for r in s))
    steps = report["per_step"]
    assert steps["right_arguments"]["right"] == 3  # s2 called cancel with other arguments
    assert steps["no_missed_actions"]["right"] == 3  # s4 never cancelled
    assert steps["no_extra_writes"]["right"] == 2  # s2's wrong write and s3's address change
    assert steps["argument_filling"]["right"] == 3  # s3 sent a schema-invalid call
    assert steps["policy_compliance"]["right"] == 3
    assert report["violations_by_rule"] == {"confirm-writes": {"runs": 1, "failed_runs": 1}}
    assert report["weakest_step"]["step"] in steps


def test_runs_without_outcome_and_short_cases_are_reported(tmp_path: Path) -> None:
    sessions = [session("a0", "a", 0, True, []), session("a1", "a", 1, False, []),
                session("b0", "b", 0, True, [])]
    open_run = [TraceRecord(ts="t", event="session_start", session_id="x",
                            tags={"scenario": "a"})]
    report = build_report(collect(r for s in [*sessions, open_run] for r in s))
    assert report["runs_without_outcome"] == 1
    assert report["k_coverage"]["2"] == {"cases": 1, "cases_with_fewer_trials": ["b"]}
    assert list(report["pass_hat_k"]) == ["1"]  # every case has one trial; one has two
    assert report["pass_hat_k_partial"]["2"]["value"] == 0.0
    assert report["pass_hat_k_partial"]["2"]["cases_with_fewer_trials"] == ["b"]
    assert report["flaky_cases"] == ["a"]


def test_plan_says_where_trials_change_the_answer() -> None:
    sessions = [session(f"{c}{t}", c, t, ok, [])
                for c, outcomes in (("sure", [1] * 12), ("close", [1, 1, 1, 1, 0]),
                                    ("edge", [1, 1, 1, 1]))
                for t, ok in enumerate(map(bool, outcomes))]
    report = build_report(collect(r for s in sessions for r in s),
                          Gate(min_case_floor=0.5), plan=True)
    plan = {p["case"]: p for p in report["plan"]}
    assert plan["edge"]["now"] == "above" and plan["edge"]["failures_that_would_fail_it"] >= 1
    assert plan["close"]["now"] == "below" and plan["close"]["successes_needed_to_pass"] >= 1


def test_html_is_self_contained(tmp_path: Path) -> None:
    sessions = [session(f"{c}{t}", c, t, ok, [])
                for c, outcomes in (("a", [1, 0]), ("b", [1, 1])) for t, ok in
                enumerate(map(bool, outcomes))]
    traces = write_traces(tmp_path / "t.jsonl", sessions)
    page = tmp_path / "r.html"
    result = run("report", str(traces), "--html", str(page), "--min-consistency", "0.9")
    assert result.exit_code == 1
    text = page.read_text()
    assert text.count("<svg") == 3 and "http" not in text.replace("http-equiv", "")
    assert "failed" in text


def test_cases_are_named_by_scenario_unless_benchmarks_mix() -> None:
    one = [session("a0", "7", 0, True, [], benchmark="b1", domain="retail")]
    assert build_report(collect(r for s in one for r in s))["per_case"][0]["case"] == "7"
    two = [*one, session("b0", "7", 0, False, [], benchmark="b2", domain="retail")]
    report = build_report(collect(r for s in two for r in s))
    assert sorted(c["case"] for c in report["per_case"]) == ["b1/retail/7", "b2/retail/7"]


def test_the_case_column_shows_a_long_name_whole_and_a_longer_one_by_both_ends(
        tmp_path: Path) -> None:
    """A run without a scenario tag is its own case, named by its session id: the table shows
    it whole (it was cut to its last 28 characters), and a name past the column's widest by
    its start and its end."""
    runs = [[TraceRecord(ts="t", event="session_start", session_id=sid, tags={}),
             TraceRecord(ts="t", event="session_end", session_id=sid, success=ok)]
            for sid, ok in (("s_9f2c41d07be34a55a1c2e3f4a5b6c7d8", True),
                            ("nightly-" + "x" * 80 + "-end", False))]
    traces = write_traces(tmp_path / "t.jsonl", runs)
    out = run("report", str(traces)).output
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith(("s_", "night"))}
    assert "s_9f2c41d07be34a55a1c2e3f4a5b6c7d8" in rows
    long = next(name for name in rows if name.startswith("nightly-"))
    assert len(long) == 64 and long.endswith("x-end") and "\u2026" in long
    header = next(line for line in out.splitlines() if line.startswith("case (lowest"))
    row = rows["s_9f2c41d07be34a55a1c2e3f4a5b6c7d8"]
    assert header.index(" n ") + 1 == row.index(" 1 ") + 1  # the columns line up
