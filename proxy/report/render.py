"""Rendering a report: a terminal table, and a self-contained HTML page with SVG plots."""

from __future__ import annotations

import html
from typing import Any

CASE_WIDTH_MAX = 64  # the case column grows to its longest name up to this, then names are cut


def _fit(name: str, width: int) -> str:
    """``name`` whole where it fits, else its start and end around an ellipsis: a session id
    (the case of a run without a scenario tag) keeps both ends to search for."""
    if len(name) <= width:
        return name
    head = (width - 1) // 2
    return name[:head] + "\u2026" + name[len(name) - (width - 1 - head):]


def _pct(x: float | None) -> str:
    return "   -  " if x is None else f"{100 * x:5.1f}%"


def render_text(r: dict[str, Any], max_cases: int = 40) -> str:
    lines: list[str] = []
    w = lines.append
    w(f"{r['cases']} cases, {r['trials']} trials ({r['trials_per_case']['min']}-"
      f"{r['trials_per_case']['max']} per case), {r['events']} events"
      + (f"; {r['runs_without_outcome']} runs without an outcome were left out"
         if r["runs_without_outcome"] else ""))
    w("")
    w(f"average success (pass^1)   {_pct(r['average_success'])}")
    w(f"consistently correct       {_pct(r['consistently_correct'])}   (every trial passed)")
    w("")
    w("   k   pass^k   pass@k   cases")
    for k, v in r["pass_hat_k"].items():
        w(f"{k:>4}   {_pct(v)}   {_pct(r['pass_at_k'][k])}   {r['k_coverage'][k]['cases']:>5}")
    for k, p in r["pass_hat_k_partial"].items():
        short = p["cases_with_fewer_trials"]
        w(f"{k:>4}   {_pct(p['value'])}      -     {p['cases']:>5}   (partial: {len(short)} "
          f"cases have fewer than {k} trials)")
    w("")
    flaky = r["flaky_cases"]
    w(f"flaky cases ({len(flaky)}): {', '.join(flaky[:30])}{' ...' if len(flaky) > 30 else ''}")
    w("")
    shown = sorted(r["per_case"], key=lambda c: c["wilson_lower"])[:max_cases]
    width = min(CASE_WIDTH_MAX, max([28, *(len(c["case"]) for c in shown)]))
    w(f"{'case (lowest floors first)':{width}}   n    c   rate   wilson 95% lower")
    for c in shown:
        w(f"{_fit(c['case'], width):{width}} {c['n']:>3}  {c['c']:>3}  {_pct(c['success_rate'])}   "
          f"{c['wilson_lower']:.3f}{'   flaky' if c['flaky'] else ''}")
    if len(r["per_case"]) > max_cases:
        w(f"... {len(r['per_case']) - max_cases} more (lowest floors shown; --json for all)")
    w("")
    w("step                     reliability   failed runs when wrong")
    for name, s in r["per_step"].items():
        w(f"{name:24} {_pct(s['reliability']):>11}   {s['failed_runs_when_wrong']:>6}")
    if r["weakest_step"]:
        ws = r["weakest_step"]
        share = f" ({_pct(ws['share_of_failed_runs']).strip()} of failed runs)" \
            if ws["share_of_failed_runs"] is not None else ""
        w(f"weakest step: {ws['step']}: wrong in {ws['failed_runs_when_wrong']} failed runs{share}")
    if r["violations_by_rule"]:
        w("")
        w("rule                               runs   of them failed")
        for rule, v in r["violations_by_rule"].items():
            w(f"{rule[:34]:34} {v['runs']:>5}   {v['failed_runs']:>5}")
    kinds = r.get("failure_kinds") or {}
    if kinds:
        w("")
        w("failure kind            runs   failed   of runs that could tell")
        for kind, v in kinds.items():
            if not v["runs_that_could_tell"]:
                w(f"{kind:22}  not available: {v['what'].split(': ', 1)[-1].split('; ')[-1]}")
                continue
            w(f"{kind:22} {v['runs']:>5}   {v['failed_runs']:>6}   {v['runs_that_could_tell']}"
              + (f"   cases: {', '.join(v['cases'][:10])}" if v["cases"] else ""))
        personas = r.get("repeated_questions_by_persona") or {}
        if len(personas) > 1 or any(p != "-" for p in personas):
            w("repeated questions by persona: " + ", ".join(
                f"{p} {v['with_repeated_question']}/{v['runs']} ({v['abandoned']} abandoned)"
                for p, v in personas.items()))
    shadow = r.get("shadow") or {}
    if shadow.get("by_rule"):
        w("")
        w(f"shadow rules (not enforced): {shadow['would_have_refused']} allowed call(s) would "
          "have been refused")
        w("rule                               calls   runs")
        for rule, v in shadow["by_rule"].items():
            w(f"{rule[:34]:34} {v['calls']:>5}  {v['runs']:>5}")
    for tag, values in r["breakdowns"].items():
        w("")
        w(f"by {tag}: value, cases, trials, pass^1, pass^k (k = fewest trials), consistent")
        for value, s in values.items():
            ks = s.get("pass_hat_k", {})
            last = list(ks)[-1] if ks else None
            w(f"  {value[:30]:30} {s['cases']:>4} {s['trials']:>5}  {_pct(s.get('average_success'))}"
              f"  {('^' + last + ' ' + _pct(ks[last])) if last else '':>12}  "
              f"{_pct(s.get('consistently_correct'))}")
    gate = r["gate"]
    if gate["active"]:
        w("")
        w(f"gate: {'PASSED' if gate['passed'] else 'FAILED'}")
        for c in gate["checks"]:
            extra = ""
            if c.get("cases_below"):
                extra = f"; cases below: {', '.join(map(str, c['cases_below'][:20]))}"
            w(f"  {'ok  ' if c['passed'] else 'MISS'} {c['check']}: {c['value']} "
              f"(threshold {c['threshold']}){extra}")
    if r.get("plan"):
        w("")
        w("plan: where more trials would change the answer (case floor)")
        for p in r["plan"][:20]:
            if p["now"] == "below":
                w(f"  {p['case']}: {p['c']}/{p['n']} below; {p['successes_needed_to_pass']} more "
                  "passing trials would clear the floor")
            else:
                w(f"  {p['case']}: {p['c']}/{p['n']} above; {p['failures_that_would_fail_it']} "
                  "failed trials would drop it below")
    return "\n".join(lines) + "\n"


# ---- HTML ---------------------------------------------------------------------------------------

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:960px;color:#1d2330}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
.kpis{display:flex;gap:1rem;flex-wrap:wrap}.kpi{background:#f4f6fa;border-radius:8px;
padding:.8rem 1.1rem;min-width:10rem}.kpi b{display:block;font-size:1.6rem}
table{border-collapse:collapse;font-size:13px}td,th{padding:.2rem .6rem;text-align:right}
th{background:#f4f6fa}td:first-child,th:first-child{text-align:left}
.pass{color:#1b7f3b}.fail{color:#b42318}svg text{font:11px system-ui,sans-serif;fill:#333}
"""


def _line_chart(points: list[tuple[int, float]], title: str) -> str:
    width, height, pad = 520, 240, 40
    if not points:
        return "<p>no data</p>"
    max_k = max(k for k, _ in points)
    sx = (width - 2 * pad) / max(1, max_k - 1)

    def xy(k: int, v: float) -> tuple[float, float]:
        return pad + (k - 1) * sx, height - pad - v * (height - 2 * pad)

    path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}"
                    for i, (x, y) in enumerate(xy(k, v) for k, v in points))
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#3056d3"/>'
                   f'<text x="{x + 6:.1f}" y="{y - 6:.1f}">{v:.3f}</text>'
                   for (x, y), (_, v) in zip((xy(k, v) for k, v in points), points, strict=True))
    grid = "".join(f'<line x1="{pad}" x2="{width - pad}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee"/>'
                   f'<text x="4" y="{y + 4:.1f}">{g:.2f}</text>'
                   for g in (0, .25, .5, .75, 1) for y in [xy(1, g)[1]])
    ticks = "".join(f'<text x="{xy(k, 0)[0] - 3:.1f}" y="{height - pad + 16}">k={k}</text>'
                    for k, _ in points)
    return (f'<svg width="{width}" height="{height}" role="img" aria-label="{title}">'
            f'{grid}<path d="{path}" fill="none" stroke="#3056d3" stroke-width="2"/>'
            f"{dots}{ticks}</svg>")


def _rate_svg(parts: list[str], width: int, height: int, left: int, scale: float,
              label: str) -> str:
    """Rows drawn on a 0..1 axis (a rate per case), with the axis below them."""
    axis = "".join(f'<text x="{left + g * scale - 6:.1f}" y="{height - 4}">{g:.1f}</text>'
                   for g in (0, .25, .5, .75, 1))
    return (f'<svg width="{width}" height="{height}" role="img" aria-label="{label}">'
            f'{"".join(parts)}{axis}</svg>')


def _intervals(cases: list[dict[str, Any]]) -> str:
    rows = sorted(cases, key=lambda c: c["wilson_lower"])
    width, row_h, left = 620, 14, 140
    height = row_h * len(rows) + 30
    scale = width - left - 20
    parts = []
    for i, c in enumerate(rows):
        y = 10 + i * row_h
        x0, x1 = left + c["wilson_lower"] * scale, left + c["wilson_upper"] * scale
        xp = left + c["success_rate"] * scale
        colour = "#b42318" if c["flaky"] else ("#1b7f3b" if c["c"] == c["n"] else "#888")
        parts.append(f'<text x="4" y="{y + 4}">{html.escape(_fit(str(c["case"]), 22))}</text>'
                     f'<line x1="{x0:.1f}" x2="{x1:.1f}" y1="{y}" y2="{y}" stroke="{colour}" '
                     f'stroke-width="3"/><circle cx="{xp:.1f}" cy="{y}" r="3" fill="#1d2330"/>')
    return _rate_svg(parts, width, height, left, scale, "per-case Wilson intervals")


def _bars(steps: dict[str, Any]) -> str:
    width, row_h, left = 620, 22, 170
    height = row_h * len(steps) + 10
    scale = width - left - 60
    parts = []
    for i, (name, s) in enumerate(steps.items()):
        y = 4 + i * row_h
        v = s["reliability"] or 0
        parts.append(f'<text x="4" y="{y + 13}">{html.escape(name)}</text>'
                     f'<rect x="{left}" y="{y}" width="{v * scale:.1f}" height="15" '
                     f'fill="#3056d3"/><text x="{left + v * scale + 6:.1f}" y="{y + 12}">'
                     f"{100 * v:.1f}%</text>")
    return (f'<svg width="{width}" height="{height}" role="img" aria-label="per-step '
            f'reliability">{"".join(parts)}</svg>')


def _kinds_table(kinds: dict[str, Any]) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(k)}</td><td>{v['runs']}</td><td>{v['failed_runs']}</td>"
        f"<td>{v['runs_that_could_tell']}</td><td>{e(', '.join(v['cases'][:15]))}</td></tr>"
        if v["runs_that_could_tell"] else
        f"<tr><td>{e(k)}</td><td colspan=4>{e(v['what'])}</td></tr>"
        for k, v in kinds.items())
    return ("<table><tr><th>kind</th><th>runs</th><th>failed</th><th>of runs that could tell"
            f"</th><th>cases</th></tr>{rows}</table>")


def render_html(r: dict[str, Any], title: str = "callgate reliability report") -> str:
    e = html.escape
    kpis = [("cases", r["cases"]), ("trials", r["trials"]),
            ("average success", _pct(r["average_success"])),
            ("consistently correct", _pct(r["consistently_correct"])),
            ("flaky cases", len(r["flaky_cases"]))]
    points = [(int(k), v) for k, v in r["pass_hat_k"].items() if v is not None]
    points += [(int(k), p["value"]) for k, p in r["pass_hat_k_partial"].items()
               if p["value"] is not None]  # past the fewest trials: over the cases that have k
    gate = r["gate"]
    gate_html = ""
    if gate["active"]:
        items = "".join(f'<li class="{"pass" if c["passed"] else "fail"}">{e(c["check"])}: '
                        f'{c["value"]} (threshold {c["threshold"]})</li>' for c in gate["checks"])
        gate_html = (f'<h2>Release gate: <span class="{"pass" if gate["passed"] else "fail"}">'
                     f'{"passed" if gate["passed"] else "failed"}</span></h2><ul>{items}</ul>')
    weakest = r["weakest_step"]
    weakest_html = (f"<p>The weakest step is <b>{e(weakest['step'])}</b>: it went wrong in "
                    f"{weakest['failed_runs_when_wrong']} failed runs.</p>") if weakest else ""
    kinds_html = _kinds_table(r.get("failure_kinds") or {})
    case_rows = "".join(
        f"<tr><td>{e(str(c['case']))}</td><td>{c['n']}</td><td>{c['c']}</td>"
        f"<td>{_pct(c['success_rate'])}</td><td>{c['wilson_lower']:.3f}</td>"
        f"<td>{'flaky' if c['flaky'] else ''}</td></tr>"
        for c in sorted(r["per_case"], key=lambda c: c["wilson_lower"]))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title><style>{CSS}</style></head>
<body><h1>{e(title)}</h1>
<div class="kpis">{"".join(f'<div class="kpi">{e(k)}<b>{e(str(v))}</b></div>' for k, v in kpis)}</div>
{gate_html}
<h2>pass^k: the chance that k trials of a case all succeed</h2>
<p>An agent that passes a case most of the time still fails customers who ask again. pass^1 is
the average success; pass^k falls as k grows when runs are inconsistent.</p>
{_line_chart(points, "pass^k against k")}
<h2>Per case: success rate and 95% Wilson interval</h2>
<p>Green: every trial passed. Red: flaky (some passed, some failed). Grey: never passed.</p>
{_intervals(r["per_case"])}
<h2>Per step: share of runs that got each step right</h2>
{weakest_html}
{_bars(r["per_step"])}
<h2>Failure kinds</h2>
{kinds_html}
<h2>Cases</h2>
<table><tr><th>case</th><th>n</th><th>c</th><th>rate</th><th>Wilson lower</th><th></th></tr>
{case_rows}</table>
</body></html>
"""


def _differences(metrics: dict[str, Any]) -> str:
    """Each metric's difference (candidate - baseline) with its interval, around zero."""
    width, row_h, left = 620, 30, 90
    height = row_h * len(metrics) + 30
    span = max([0.05, *(abs(v) for m in metrics.values() for v in m["interval"])])
    mid, scale = left + (width - left - 20) / 2, (width - left - 20) / 2 / span
    parts = [f'<line x1="{mid}" x2="{mid}" y1="0" y2="{height - 20}" stroke="#999"/>']
    for i, (name, m) in enumerate(metrics.items()):
        y = 16 + i * row_h
        lo, hi = m["interval"]
        colour = "#1b7f3b" if m["direction"] == "better" else (
            "#b42318" if m["direction"] == "worse" else "#3056d3")
        parts.append(f'<text x="4" y="{y + 4}">{html.escape(name.replace("_", "^"))}</text>'
                     f'<line x1="{mid + lo * scale:.1f}" x2="{mid + hi * scale:.1f}" y1="{y}" '
                     f'y2="{y}" stroke="{colour}" stroke-width="4"/>'
                     f'<circle cx="{mid + m["difference"] * scale:.1f}" cy="{y}" r="5" '
                     f'fill="#1d2330"/><text x="{mid + hi * scale + 8:.1f}" y="{y + 4}">'
                     f'{m["difference"]:+.3f}</text>')
    axis = "".join(f'<text x="{mid + g * scale - 12:.1f}" y="{height - 4}">{g:+.2f}</text>'
                   for g in (-span, -span / 2, 0, span / 2, span))
    return (f'<svg width="{width}" height="{height}" role="img" aria-label="differences with '
            f'intervals">{"".join(parts)}{axis}</svg>')


def _moves(cases: list[dict[str, Any]]) -> str:
    """Per moved case: its success rate before (grey) and after (coloured)."""
    rows = [c for c in cases if c["movement"] != "unchanged"]
    if not rows:
        return "<p>No case moved.</p>"
    width, row_h, left = 620, 14, 160
    height = row_h * len(rows) + 24
    scale = width - left - 20
    colours = {"broke": "#b42318", "fixed": "#1b7f3b", "became flaky": "#c77700",
               "steadied": "#3056d3"}
    parts = []
    for i, c in enumerate(rows):
        y = 10 + i * row_h
        r0 = c["baseline"]["c"] / c["baseline"]["n"]
        r1 = c["candidate"]["c"] / c["candidate"]["n"]
        parts.append(f'<text x="4" y="{y + 4}">{html.escape(_fit(str(c["case"]), 18))} '
                     f'{html.escape(c["movement"])}</text>'
                     f'<line x1="{left + r0 * scale:.1f}" x2="{left + r1 * scale:.1f}" '
                     f'y1="{y}" y2="{y}" stroke="{colours[c["movement"]]}" stroke-width="2"/>'
                     f'<circle cx="{left + r0 * scale:.1f}" cy="{y}" r="3" fill="#999"/>'
                     f'<circle cx="{left + r1 * scale:.1f}" cy="{y}" r="4" '
                     f'fill="{colours[c["movement"]]}"/>')
    return _rate_svg(parts, width, height, left, scale, "cases that moved")


def render_compare_html(cmp: dict[str, Any], candidate: dict[str, Any],
                        title: str = "callgate: candidate against baseline") -> str:
    e = html.escape
    gate = cmp["gate"]
    gate_html = ""
    if gate["active"]:
        items = "".join(f'<li class="fail">{e(f)}</li>' for f in gate["failures"])
        gate_html = (f'<h2>Release gate: <span class="{"pass" if gate["passed"] else "fail"}">'
                     f'{"passed" if gate["passed"] else "failed"}</span> (max drop '
                     f'{gate["max_drop"]:g})</h2><ul>{items}</ul>')
    rows = "".join(
        f"<tr><td>{e(name.replace('_', '^'))}</td><td>{m['baseline']:.3f}</td>"
        f"<td>{m['candidate']:.3f}</td><td>{m['difference']:+.3f}</td>"
        f"<td>[{m['interval'][0]:+.3f}, {m['interval'][1]:+.3f}]</td><td>{e(m['direction'])}</td>"
        f"</tr>" for name, m in cmp["metrics"].items())
    counts = "".join(f'<div class="kpi">{e(m)}<b>{len(v)}</b></div>'
                     for m, v in cmp["movements"].items())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title><style>{CSS}</style></head>
<body><h1>{e(title)}</h1>
<p>{cmp["common_cases"]} cases in common ({"paired" if cmp["paired"] else "unpaired"});
{e(cmp["method"])}.</p>
{gate_html}
<h2>Difference, candidate minus baseline, with its 95% interval</h2>
<table><tr><th>metric</th><th>baseline</th><th>candidate</th><th>difference</th><th>interval</th><th></th></tr>{rows}</table>
{_differences(cmp["metrics"])}
<h2>Cases that moved</h2>
<div class="kpis">{counts}</div>
{_moves(cmp["per_case"])}
<h2>The candidate on its own</h2>
<p>pass^1 {_pct(candidate["average_success"])}, consistently correct
{_pct(candidate["consistently_correct"])}, flaky cases {len(candidate["flaky_cases"])}.</p>
{_bars(candidate["per_step"])}
</body></html>
"""
