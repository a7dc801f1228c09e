"""Release against release, on real runs: the gpt-4o airline run against itself split in halves
(no significant difference), against a copy with chosen cases failed (exactly those break, a
significant drop, the gate fails), and two published tau2 runs (the difference their own
rewards show)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from proxy.cli import main
from proxy.cli.report import records_of
from proxy.report.build import build_report
from proxy.report.collect import collect
from proxy.report.compare import compare, movement

from ..conftest import SHARED, needs_tau

TRAJ = SHARED / "trajectories"
GPT4O = TRAJ / "tau-bench-gpt-4o-airline-4trials.json"


def report_of(path: Path) -> dict[str, Any]:
    return build_report(collect(records_of((path,))))


def subset(tmp_path: Path, name: str, keep: Any, fail: set[int] = frozenset()) -> Path:  # type: ignore[assignment]
    rows = [dict(r) for r in json.loads(GPT4O.read_text()) if keep(r)]
    for r in rows:
        if r["task_id"] in fail:
            r["reward"] = 0.0
    out = tmp_path / name
    out.write_text(json.dumps(rows))
    return out


@pytest.mark.parametrize(("before", "after", "expected"), [
    ("solid", "broken", "broke"), ("flaky", "broken", "broke"), ("broken", "solid", "fixed"),
    ("solid", "flaky", "became flaky"), ("broken", "flaky", "became flaky"),
    ("flaky", "solid", "steadied"), ("flaky", "flaky", "unchanged")])
def test_movements(before: str, after: str, expected: str) -> None:
    assert movement(before, after) == expected


@needs_tau
def test_two_halves_of_one_run_differ_by_nothing_significant(tmp_path: Path) -> None:
    first = subset(tmp_path, "a.json", lambda r: r["trial"] in (0, 1))
    second = subset(tmp_path, "b.json", lambda r: r["trial"] in (2, 3))
    cmp = compare(report_of(first), report_of(second), max_drop=0.0)
    assert cmp["paired"] and cmp["common_cases"] == 50 and cmp["k"] == 2
    for m in cmp["metrics"].values():
        assert (not m["significant"] and m["interval"][0] < 0 < m["interval"][1]) or \
            m["difference"] == 0
    assert cmp["gate"]["passed"]
    again = compare(report_of(first), report_of(second))
    assert again["metrics"] == cmp["metrics"]  # seeded: the same inputs, the same interval


@needs_tau
def test_failing_chosen_cases_breaks_exactly_those_and_the_gate_fails(tmp_path: Path) -> None:
    base_report = report_of(GPT4O)
    passing = [c for c in base_report["per_case"] if c["c"] > 0]
    chosen = {int(c["case"]) for c in passing[:12]}
    candidate = subset(tmp_path, "candidate.json", lambda r: True, fail=chosen)
    cmp = compare(base_report, report_of(candidate), max_drop=0.02)
    assert sorted(map(int, cmp["movements"]["broke"])) == sorted(chosen)
    assert not cmp["movements"]["fixed"] and not cmp["movements"]["became flaky"]
    p1 = cmp["metrics"]["pass_1"]
    assert p1["direction"] == "worse" and p1["interval"][1] < -0.02
    assert not cmp["gate"]["passed"] and "pass^1 is worse" in cmp["gate"]["failures"][0]
    assert cmp["metrics"]["pass_4"]["difference"] < 0  # lower, within the noise here

    run = CliRunner().invoke(main, ["report", str(candidate), "--baseline", str(GPT4O),
                                    "--max-drop", "0.02", "--html",
                                    str(tmp_path / "cmp.html")])
    assert run.exit_code == 1, run.output  # a CI step fails on the regression
    assert "gate: FAILED" in run.output and "broke" in run.output
    page = (tmp_path / "cmp.html").read_text()
    assert "<svg" in page and "Cases that moved" in page
    quiet = CliRunner().invoke(main, ["report", str(candidate), "--baseline", str(GPT4O),
                                      "--json"])
    assert quiet.exit_code == 0  # no gate asked for: the comparison only
    assert json.loads(quiet.output)["comparison"]["movements"]["broke"]


@needs_tau
def test_two_published_runs_show_the_difference_their_rewards_show() -> None:
    gpt = TRAJ / "tau2-gpt-4.1-airline-1trial.json"
    claude = TRAJ / "tau2-claude-sonnet-4-5-airline-1trial.json"

    def rewards(path: Path) -> dict[str, float]:
        sims = json.loads(path.read_text())["simulations"]
        return {str(s["task_id"]): float(s["reward_info"]["reward"]) for s in sims}

    a, b = rewards(gpt), rewards(claude)
    common = set(a) & set(b)
    expected = sum(b[t] >= 1 for t in common) / len(common) - \
        sum(a[t] >= 1 for t in common) / len(common)
    cmp = compare(report_of(gpt), report_of(claude))
    assert cmp["common_cases"] == len(common)
    assert cmp["metrics"]["pass_1"]["difference"] == pytest.approx(expected)
    assert cmp["metrics"]["pass_1"]["difference"] > 0  # Claude Sonnet 4.5 ahead on these tasks


@needs_tau
def test_cases_of_two_domains_are_not_paired() -> None:
    """Each report names its cases by the task alone; task 26 of an airline run and task 26 of
    a retail run are two cases, so nothing is in common and the comparison is unpaired."""
    airline = report_of(GPT4O.parent / "tau2-gpt-4.1-airline-1trial.json")
    retail = report_of(GPT4O.parent / "tau2-gpt-4.1-retail-1trial.json")
    assert {c["case"] for c in airline["per_case"]} & {c["case"] for c in retail["per_case"]}
    cmp = compare(retail, airline)
    assert cmp["common_cases"] == 0 and not cmp["paired"]
    assert not any(cmp["movements"].values())
