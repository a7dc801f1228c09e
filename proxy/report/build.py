"""From folded totals to the report: per-case and overall metrics, per-step reliability,
breakdowns, the gate and the sampling plan. The dict it returns is the ``--json`` output; its
field names are stable (docs/reports.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .collect import Totals
from .metrics import (
    clopper_pearson_lower,
    failures_to_drop,
    mean,
    pass_at_k,
    pass_hat_k,
    trials_to_reach,
    wilson_interval,
)

REPORT_VERSION = 1


@dataclass(frozen=True)
class Gate:
    min_consistency: float | None = None  # share of cases correct on every trial
    min_case_floor: float | None = None  # every case's Wilson lower bound
    min_pass_hat_k: tuple[int, float] | None = None  # (k, threshold)

    @property
    def active(self) -> bool:
        return any(x is not None for x in (self.min_consistency, self.min_case_floor,
                                           self.min_pass_hat_k))


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def _summary(cases: list[tuple[int, int]]) -> dict[str, Any]:
    """Metrics over (n, c) pairs: trials, pass^k for k up to the smallest trial count."""
    if not cases:
        return {"cases": 0, "trials": 0}
    k_max = min(n for n, _ in cases)
    return {
        "cases": len(cases),
        "trials": sum(n for n, _ in cases),
        "average_success": _round(mean(c / n for n, c in cases)),
        "pass_hat_k": {str(k): _round(mean(pass_hat_k(n, c, k) for n, c in cases))
                       for k in range(1, k_max + 1)},
        "consistently_correct": _round(sum(c == n for n, c in cases) / len(cases)),
    }


def build_report(totals: Totals, gate: Gate | None = None, plan: bool = False,
                 plan_budget: int = 20) -> dict[str, Any]:
    # Name cases by scenario id alone when they all come from one benchmark and domain.
    single = len({c.prefix for c in totals.cases.values()}) <= 1
    for c in totals.cases.values():
        c.label = c.scenario if single and c.scenario else c.case
    cases = sorted(totals.cases.values(), key=lambda c: _case_key(c.label))
    pairs = [(c.n, c.c) for c in cases]
    max_n = max((n for n, _ in pairs), default=0)
    min_n = min((n for n, _ in pairs), default=0)
    per_case = []
    for c in cases:
        lo, hi = wilson_interval(c.c, c.n)
        per_case.append({
            "case": c.label, "n": c.n, "c": c.c, "success_rate": _round(c.c / c.n),
            "wilson_lower": _round(lo), "wilson_upper": _round(hi),
            "exact_lower": _round(clopper_pearson_lower(c.c, c.n)),
            "flaky": 0 < c.c < c.n, "outcomes": [int(o) for o in c.outcomes],
            **{k: v for k, v in c.tags.items() if k in ("domain", "persona")},
        })
    pass_hat: dict[str, float | None] = {}
    pass_at: dict[str, float | None] = {}
    coverage: dict[str, dict[str, Any]] = {}
    for k in range(1, max_n + 1):
        eligible = [(n, c) for n, c in pairs if n >= k]
        pass_hat[str(k)] = _round(mean(pass_hat_k(n, c, k) for n, c in eligible))
        pass_at[str(k)] = _round(mean(pass_at_k(n, c, k) for n, c in eligible))
        short = [c.label for c in cases if c.n < k]
        coverage[str(k)] = {"cases": len(eligible), "cases_with_fewer_trials": short}
    steps = {}
    for name, s in sorted(totals.steps.items()):
        wrong = s.runs - s.right
        steps[name] = {
            "runs": s.runs, "right": s.right, "reliability": _round(s.right / s.runs),
            "failed_runs_when_wrong": s.wrong_and_failed,
            "success_when_right": _round(s.right_and_succeeded / s.right) if s.right else None,
            "success_when_wrong": _round((wrong - s.wrong_and_failed) / wrong) if wrong else None,
        }
    failed_runs = sum(c.n - c.c for c in cases)
    weakest = max(steps.items(), key=lambda kv: (kv[1]["failed_runs_when_wrong"],
                                                 -(kv[1]["reliability"] or 0)), default=None)
    report: dict[str, Any] = {
        "version": REPORT_VERSION,
        "events": totals.events,
        "runs": totals.runs,
        "runs_without_outcome": totals.runs_without_outcome,
        "cases": len(cases),
        "trials": sum(n for n, _ in pairs),
        "trials_per_case": {"min": min_n, "max": max_n},
        # pass^1: the mean over cases of each case's success rate, as tau-bench averages it
        "average_success": _round(mean(c / n for n, c in pairs)),
        # k up to the smallest trial count: every case counts
        "pass_hat_k": {k: v for k, v in pass_hat.items() if int(k) <= min_n},
        "pass_at_k": {k: v for k, v in pass_at.items() if int(k) <= min_n},
        # larger k, over the cases that have that many trials (the others are named)
        "pass_hat_k_partial": {k: {"value": v, **coverage[k]} for k, v in pass_hat.items()
                               if int(k) > min_n},
        "k_coverage": coverage,
        "consistently_correct": _round(sum(c == n for n, c in pairs) / len(pairs))
        if pairs else None,
        "flaky_cases": [c.label for c in cases if 0 < c.c < c.n],
        "per_case": per_case,
        "per_step": steps,
        "weakest_step": None if weakest is None or not weakest[1]["failed_runs_when_wrong"] else {
            "step": weakest[0], "failed_runs_when_wrong": weakest[1]["failed_runs_when_wrong"],
            "share_of_failed_runs": _round(weakest[1]["failed_runs_when_wrong"] / failed_runs)
            if failed_runs else None},
        "violations_by_rule": {
            rule: {"runs": n, "failed_runs": totals.rule_failed_runs[rule]}
            for rule, n in totals.rule_runs.most_common()},
        # the failure kinds, each over the runs whose trace can tell (None: none can)
        "failure_kinds": failure_kinds(totals, {c.case: c.label for c in cases}),
        "repeated_questions_by_persona": {
            persona: {"runs": t, "with_repeated_question": n, "abandoned": f}
            for persona, (n, f, t) in sorted(totals.repeats_by_persona.items())},
        # shadow-mode rules: what they would have refused, had they been enforced
        "shadow": {
            "would_have_refused": totals.shadow_refusals,
            "by_rule": {rule: {"calls": n, "runs": totals.shadow_runs[rule]}
                        for rule, n in totals.shadow_calls.most_common()},
        },
        "breakdowns": {
            tag: {value: _summary(list(map(tuple, by_case.values())))  # type: ignore[arg-type]
                  for value, by_case in sorted(values.items())}
            for tag, values in sorted(totals.groups.items())},
    }
    report["gate"] = evaluate_gate(report, gate or Gate())
    if plan:
        report["plan"] = sampling_plan(report, gate or Gate(), plan_budget)
    return report


KIND_NOTES = {
    "misread_intent": "a write of a tool the case never asked for (the agent acted on another "
                      "request); needs the case's expected actions",
    "wrong_action_order": "the expected writes done, out of order; needs expected actions",
    "wrong_tool_arguments": "arguments refused by the schema or the upstream, or an expected "
                            "write done with other arguments",
    "missed_actions": "an expected write never done; needs expected actions",
    "repeated_questions": "the agent asked the user the same question again (a sign of a "
                          "conversation the user abandons); needs the transcript",
}


def failure_kinds(totals: Totals, labels: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind, note in KIND_NOTES.items():
        shown, failed, told = totals.kinds.get(kind, (0, 0, 0))
        out[kind] = {
            "runs": shown, "failed_runs": failed, "runs_that_could_tell": told,
            "share": _round(shown / told) if told else None,
            "cases": sorted((labels.get(c, c) for c in totals.kind_cases.get(kind, ())),
                            key=_case_key),
            "what": note if told else f"not available in these traces: {note}",
        }
    return out


def _case_key(case: str) -> tuple[str, int, int | str]:
    """Natural order: 'airline/2' before 'airline/10'."""
    head, _, last = case.rpartition("/")
    return (head, 0, int(last)) if last.isdigit() else (head, 1, last)


def evaluate_gate(report: dict[str, Any], gate: Gate) -> dict[str, Any]:
    """Each threshold, whether it held, and what blocked; ``passed`` is their conjunction."""
    checks = []
    if gate.min_consistency is not None:
        value = report["consistently_correct"] or 0.0
        checks.append({"check": "min_consistency", "threshold": gate.min_consistency,
                       "value": value, "passed": value >= gate.min_consistency})
    if gate.min_case_floor is not None:
        below = [c for c in report["per_case"] if c["wilson_lower"] < gate.min_case_floor]
        checks.append({"check": "min_case_floor", "threshold": gate.min_case_floor,
                       "value": min((c["wilson_lower"] for c in report["per_case"]), default=0),
                       "passed": not below and bool(report["per_case"]),
                       "cases_below": [c["case"] for c in below]})
    if gate.min_pass_hat_k is not None:
        k, threshold = gate.min_pass_hat_k
        value = report["pass_hat_k"].get(str(k))
        checks.append({"check": f"min_pass_hat_{k}", "threshold": threshold, "value": value,
                       "passed": value is not None and value >= threshold,
                       "cases_with_fewer_trials":
                           report["k_coverage"].get(str(k), {}).get("cases_with_fewer_trials",
                                                                   [])})
    return {"active": gate.active, "passed": all(c["passed"] for c in checks), "checks": checks}


def sampling_plan(report: dict[str, Any], gate: Gate, budget: int) -> list[dict[str, Any]]:
    """For cases near the case-floor threshold: how many more trials would change the answer.

    A case below the floor needs that many more trials, all successful, to clear it; a case
    above it would fall below after that many failures. Cases where a few trials decide are
    listed first: that is where the sample budget changes an answer.
    """
    floor = gate.min_case_floor
    if floor is None:
        return []
    out = []
    for c in report["per_case"]:
        if c["wilson_lower"] < floor:
            needed = trials_to_reach(c["c"], c["n"], floor, limit=budget)
            if needed is not None:
                out.append({"case": c["case"], "now": "below", "n": c["n"], "c": c["c"],
                            "wilson_lower": c["wilson_lower"],
                            "successes_needed_to_pass": needed})
        else:
            drop = failures_to_drop(c["c"], c["n"], floor, limit=budget)
            if drop is not None:
                out.append({"case": c["case"], "now": "above", "n": c["n"], "c": c["c"],
                            "wilson_lower": c["wilson_lower"],
                            "failures_that_would_fail_it": drop})
    out.sort(key=lambda p: int(p.get("successes_needed_to_pass")
                               or p.get("failures_that_would_fail_it") or 0))
    return out
