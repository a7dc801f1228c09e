"""Release against release: two reliability reports side by side.

``compare(baseline, candidate)`` takes two reports (``build_report`` dicts) and says what moved:

- pass^1 and pass^k on each side and the difference, with a 95% confidence interval from a
  bootstrap over cases (seeded, so the same inputs give the same interval). Where the same cases
  ran on both sides the bootstrap is paired (a case's two results are drawn together, so a
  difference between releases is not drowned by the difference between cases); otherwise each
  side is resampled on its own. k is the largest trial count every compared case has on both
  sides, unless given;
- per case, the movement: each side of a case is ``solid`` (every trial passed), ``broken`` (none
  did) or ``flaky``; ``fixed`` is broken to solid, ``broke`` is solid or flaky to broken,
  ``became flaky`` is solid or broken to flaky, ``steadied`` is flaky to solid, and
  ``unchanged`` the rest;
- per pipeline step the change of reliability, per rule the change of runs it fired in (each
  side over all its runs, not only the cases in common);
- the gate: with ``max_drop`` set, the candidate fails when it is worse than the baseline by
  more than ``max_drop`` *with confidence*: the interval's upper end lies below ``-max_drop``
  for pass^1 or pass^k. A candidate that is merely lower, within the noise, passes.
"""

from __future__ import annotations

import random
from typing import Any

from .metrics import mean, pass_hat_k

CLASSES = ("solid", "broken", "flaky")


def _class(n: int, c: int) -> str:
    return "solid" if c == n else "broken" if c == 0 else "flaky"


def movement(before: str, after: str) -> str:
    if before == after:
        return "unchanged"
    if after == "broken":
        return "broke"
    if after == "flaky":
        return "became flaky"
    return "fixed" if before == "broken" else "steadied"


def _interval(draws: list[float], confidence: float) -> tuple[float, float]:
    draws.sort()
    tail = (1 - confidence) / 2
    lo = draws[int(tail * (len(draws) - 1))]
    hi = draws[round((1 - tail) * (len(draws) - 1))]
    return lo, hi


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def _key(case: dict[str, Any]) -> str:
    """A case's name, with its domain where its side's cases are named without one and the
    report knows it (``airline/26``)."""
    name = str(case["case"])
    domain = case.get("domain")
    return f"{domain}/{name}" if domain and not name.startswith(f"{domain}/") \
        and "/" not in name else name


def compare(baseline: dict[str, Any], candidate: dict[str, Any], *, k: int | None = None,
            max_drop: float | None = None, confidence: float = 0.95, resamples: int = 4000,
            seed: int = 0) -> dict[str, Any]:
    # (a case is its name within its domain: task 26 of an airline run is not task 26 of a
    # retail run, though each report names its cases by the task alone)
    base = {_key(c): (c["n"], c["c"]) for c in baseline["per_case"]}
    cand = {_key(c): (c["n"], c["c"]) for c in candidate["per_case"]}
    shown = {**{_key(c): str(c["case"]) for c in baseline["per_case"]},
             **{_key(c): str(c["case"]) for c in candidate["per_case"]}}
    if not base or not cand:
        raise ValueError("both sides need at least one case with an outcome")
    common = sorted(set(base) & set(cand), key=lambda s: (len(s), s))
    paired = bool(common)
    left = [base[c] for c in common] if paired else list(base.values())
    right = [cand[c] for c in common] if paired else list(cand.values())
    k_max = min(n for n, _ in left + right)
    if k is None:
        k = k_max
    elif k > k_max:
        raise ValueError(f"pass^{k} needs {k} trials of every compared case; the fewest is "
                         f"{k_max}")
    rng = random.Random(seed)
    metrics: dict[str, Any] = {}
    for name, f in (("pass_1", lambda n, c: c / n), (f"pass_{k}",
                                                    lambda n, c: pass_hat_k(n, c, k))):
        a = [f(n, c) for n, c in left]
        b = [f(n, c) for n, c in right]
        ma, mb = mean(a) or 0.0, mean(b) or 0.0
        draws = []
        for _ in range(resamples):
            if paired:
                idx = [rng.randrange(len(a)) for _ in a]
                draws.append(sum(b[i] - a[i] for i in idx) / len(idx))
            else:
                draws.append(sum(rng.choice(b) for _ in b) / len(b)
                             - sum(rng.choice(a) for _ in a) / len(a))
        lo, hi = _interval(draws, confidence)
        metrics[name] = {"baseline": _r(ma), "candidate": _r(mb), "difference": _r(mb - ma),
                         "interval": [_r(lo), _r(hi)],
                         "significant": lo > 0 or hi < 0,
                         "direction": "better" if lo > 0 else "worse" if hi < 0 else "no change"}
    cases = []
    moved: dict[str, list[str]] = {m: [] for m in ("fixed", "broke", "became flaky",
                                                     "steadied", "unchanged")}
    for case in common:
        (n0, c0), (n1, c1) = base[case], cand[case]
        before, after = _class(n0, c0), _class(n1, c1)
        m = movement(before, after)
        moved[m].append(shown[case])
        cases.append({"case": shown[case], "baseline": {"n": n0, "c": c0, "class": before},
                      "candidate": {"n": n1, "c": c1, "class": after}, "movement": m,
                      "success_rate_change": _r(c1 / n1 - c0 / n0)})
    steps = {}
    for name in sorted(set(baseline.get("per_step", {})) | set(candidate.get("per_step", {}))):
        s0 = baseline.get("per_step", {}).get(name, {}).get("reliability")
        s1 = candidate.get("per_step", {}).get(name, {}).get("reliability")
        steps[name] = {"baseline": s0, "candidate": s1,
                       "change": _r(s1 - s0) if s0 is not None and s1 is not None else None}
    rules = {}
    r0, r1 = baseline.get("violations_by_rule", {}), candidate.get("violations_by_rule", {})
    for rule in sorted(set(r0) | set(r1)):
        a_runs, b_runs = r0.get(rule, {}).get("runs", 0), r1.get(rule, {}).get("runs", 0)
        rules[rule] = {"baseline_runs": a_runs, "candidate_runs": b_runs,
                       "change": b_runs - a_runs}
    failed = []
    if max_drop is not None:
        for name, m in metrics.items():
            if m["interval"][1] < -max_drop:
                failed.append(f"{name.replace('_', '^')} is worse by more than {max_drop:g} "
                              f"with {confidence:.0%} confidence: {m['difference']:+.3f}, "
                              f"interval [{m['interval'][0]:+.3f}, {m['interval'][1]:+.3f}]")
    return {
        "paired": paired, "common_cases": len(common), "k": k,
        "only_baseline": sorted(shown[c] for c in set(base) - set(cand)),
        "only_candidate": sorted(shown[c] for c in set(cand) - set(base)),
        "method": (f"{'paired ' if paired else ''}bootstrap over cases, {resamples} resamples, "
                   f"seed {seed}, {confidence:.0%} percentile interval"),
        "metrics": metrics, "movements": moved,
        "per_case": cases, "per_step": steps, "per_rule": rules,
        "gate": {"active": max_drop is not None, "max_drop": max_drop,
                 "passed": not failed, "failures": failed},
    }


def render_compare_text(cmp: dict[str, Any]) -> str:
    out: list[str] = []
    w = out.append
    w(f"baseline vs candidate: {cmp['common_cases']} cases in common"
      + (" (paired)" if cmp["paired"] else " (no case in common: unpaired)"))
    if cmp["only_baseline"] or cmp["only_candidate"]:
        w(f"  only in baseline: {len(cmp['only_baseline'])}, only in candidate: "
          f"{len(cmp['only_candidate'])}")
    w(f"method: {cmp['method']}")
    w("")
    w("metric     baseline  candidate  difference  95% interval        verdict")
    for name, m in cmp["metrics"].items():
        lo, hi = m["interval"]
        w(f"{name.replace('_', '^'):10} {m['baseline']:>8.3f}  {m['candidate']:>9.3f}  "
          f"{m['difference']:>+10.3f}  [{lo:+.3f}, {hi:+.3f}]  {m['direction']}")
    w("")
    for m in ("broke", "fixed", "became flaky", "steadied"):
        names = cmp["movements"][m]
        w(f"{m:13} {len(names):>3}  {', '.join(names[:20])}{' ...' if len(names) > 20 else ''}")
    w(f"{'unchanged':13} {len(cmp['movements']['unchanged']):>3}")
    for title, rows, before, after in (
            ("step (reliability)", cmp["per_step"], "baseline", "candidate"),
            ("rule (runs it fired in)", cmp["per_rule"], "baseline_runs", "candidate_runs")):
        changed = {name: v for name, v in rows.items() if v["change"]}
        if changed:
            w("")
            w(f"{title:34} {'before':>8}  {'after':>8}  change")
            for name, v in changed.items():
                w(f"{name[:34]:34} {v[before]:>8.3f}  {v[after]:>8.3f}  {v['change']:>+7.3f}")
    gate = cmp["gate"]
    if gate["active"]:
        w("")
        w("gate: " + ("passed" if gate["passed"] else "FAILED"))
        for f in gate["failures"]:
            w(f"  {f}")
    return "\n".join(out) + "\n"
