"""``callgate import`` and ``callgate report``: traces in, reliability out."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import orjson

from ..config import TraceConfig
from ..report.build import Gate, build_report
from ..report.collect import collect
from ..report.compare import compare, render_compare_text
from ..report.importers import import_file
from ..report.render import render_compare_html, render_html, render_text
from ..trace import TraceRecord, read_traces, record_to_json

FILES = click.Path(exists=True, dir_okay=False, path_type=Path)


def records_of(paths: tuple[Path, ...]) -> Iterator[TraceRecord]:
    """Records from callgate traces (.jsonl, streamed) and tau files (.json, imported)."""
    for path in paths:
        if path.suffix == ".json":
            for session in import_file(path):
                yield from session
        else:
            yield from read_traces(path)


def _compare(candidate: dict[str, Any], baseline_files: tuple[Path, ...], as_json: bool,
             html_path: Path | None, max_drop: float | None, k: int | None) -> None:
    try:
        base = build_report(collect(records_of(baseline_files)))
        cmp = compare(base, candidate, k=k, max_drop=max_drop)
    except ValueError as e:
        raise click.ClickException(str(e)) from e
    if as_json:
        click.echo(orjson.dumps({"comparison": cmp, "baseline": base, "candidate": candidate},
                                option=orjson.OPT_INDENT_2).decode())
    else:
        click.echo(render_compare_text(cmp), nl=False)
    if html_path is not None:
        write_whole(html_path, [render_compare_html(cmp, candidate)])
        click.echo(f"HTML report: {html_path}", err=True)
    gates = [cmp["gate"], candidate["gate"]]
    if any(g["active"] and not g["passed"] for g in gates):
        sys.exit(1)


@click.command("import")
@click.argument("files", nargs=-1, required=True, type=FILES)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The trace file to write (JSON lines; '-' for standard output).")
def import_(files: tuple[Path, ...], output: Path) -> None:
    """Turn tau-bench / tau2-bench trajectory files into callgate traces (format auto-detected).
    The output file appears whole or not at all (written beside it, then renamed)."""
    sessions = records = 0
    lines: list[bytes] = []
    try:
        for path in files:
            for session in import_file(path):  # (each file is read whole and checked first)
                sessions += 1
                for record in session:
                    lines.append(record_to_json(record) + b"\n")
                    records += 1
    except ValueError as e:  # (the file named in the message: import_file's)
        raise click.ClickException(str(e)) from e
    if str(output) == "-":
        sys.stdout.buffer.writelines(lines)
    else:
        write_whole(output, lines)
    click.echo(f"{sessions} sessions, {records} records -> {output}", err=True)


def write_whole(output: Path, chunks: list[bytes] | list[str]) -> None:
    """``chunks`` written to ``output`` whole or not at all: to a file beside it, then renamed
    over it. An output that cannot be written (its folder missing, no permission) is a
    ``click.ClickException`` naming it."""
    part = output.with_name(f".{output.name}.part")
    try:
        with part.open("wb") as f:
            for chunk in chunks:
                f.write(chunk.encode() if isinstance(chunk, str) else chunk)
        part.replace(output)
    except OSError as e:
        part.unlink(missing_ok=True)
        raise click.ClickException(f"cannot write {output}: {e.strerror or e}") from e


def _pass_hat(value: str | None) -> tuple[int, float] | None:
    if value is None:
        return None
    try:
        k, threshold = value.split(":")
        parsed = int(k), float(threshold)
    except ValueError as e:
        raise click.BadParameter("give K:THRESHOLD, e.g. 4:0.5") from e
    if parsed[0] < 1 or not 0 <= parsed[1] <= 1:
        raise click.BadParameter(f"{value}: K is a number of trials (1 or more) and THRESHOLD a "
                                 "share from 0 to 1, e.g. 4:0.5")
    return parsed


@click.command()
@click.argument("traces", nargs=-1, required=True, type=FILES)
@click.option("--json", "as_json", is_flag=True, help="The report as JSON (stable field names).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a self-contained HTML page with plots.")
@click.option("--min-consistency", type=click.FloatRange(0, 1),
              help="Gate: the share of cases correct on every trial must be at least this.")
@click.option("--min-case-floor", type=click.FloatRange(0, 1),
              help="Gate: every case's 95% Wilson lower bound must be at least this.")
@click.option("--min-pass-hat-k", metavar="K:X",
              help="Gate: pass^K must be at least X (e.g. 4:0.5).")
@click.option("--plan", is_flag=True,
              help="For cases near the case floor, say how many more trials would change the "
                   "answer.")
@click.option("--plan-budget", default=20, show_default=True, type=click.IntRange(1),
              help="With --plan: the most extra trials worth considering per case.")
@click.option("--baseline", "baseline", multiple=True, type=FILES, metavar="FILE",
              help="Compare TRACES (the candidate) with this run (the baseline; repeat for "
                   "several files): pass^1 and pass^k with the difference and its interval, "
                   "per-case movement, per-step and per-rule change.")
@click.option("--max-drop", type=click.FloatRange(0, 1), metavar="X",
              help="With --baseline, a gate: fail when pass^1 or pass^k is worse than the "
                   "baseline's by more than X with 95% confidence (0: any significant drop).")
@click.option("--k", "k", type=click.IntRange(1), help="With --baseline: the k of pass^k "
              "(default: the fewest trials any compared case has).")
def report(traces: tuple[Path, ...], as_json: bool, html_path: Path | None,
           min_consistency: float | None, min_case_floor: float | None,
           min_pass_hat_k: str | None, plan: bool, plan_budget: int,
           baseline: tuple[Path, ...], max_drop: float | None, k: int | None) -> None:
    """Reliability report from traces: pass^k, Wilson floors, flaky cases, per-step reliability.

    TRACES are callgate trace files (.jsonl) or tau-bench / tau2-bench files (.json). A case is a
    session's scenario tag (the task id); a trial is a session. With gate options the exit code
    is 1 when a threshold is missed, so this is a CI step.
    """
    if plan and min_case_floor is None:
        raise click.UsageError("--plan says which cases near the case floor more trials could "
                               "settle: add --min-case-floor")
    gate = Gate(min_consistency, min_case_floor, _pass_hat(min_pass_hat_k))
    try:
        result = build_report(collect(records_of(traces)), gate, plan=plan,
                              plan_budget=plan_budget)
    except ValueError as e:
        raise click.ClickException(str(e)) from e
    if baseline:
        _compare(result, baseline, as_json, html_path, max_drop, k)
        return
    if max_drop is not None or k is not None:
        raise click.UsageError("--max-drop and --k compare with a baseline: add --baseline")
    if as_json:
        click.echo(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())
    else:
        click.echo(render_text(result), nl=False)
    if html_path is not None:
        write_whole(html_path, [render_html(result)])
        click.echo(f"HTML report: {html_path}", err=True)
    if result["gate"]["active"] and not result["gate"]["passed"]:
        sys.exit(1)


@click.group()
def cases() -> None:
    """Policy test cases from production traces."""


@cases.command("extract")
@click.argument("traces", nargs=-1, required=True, type=FILES)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The cases file to write; name it tests-<something>.yaml inside a policy "
                   "directory, and `callgate policy test DIR` runs it.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False,
              path_type=Path), help="A callgate configuration whose trace redaction rules "
              "(trace.redact, trace.redact_tools, trace.sensitive) apply; card numbers are "
              "redacted always.")
@click.option("--domain", help="Only sessions tagged with this domain (the policy the cases "
              "file is for); needed when the traces hold several.")
def extract_cases(traces: tuple[Path, ...], output: Path, config_path: Path | None,
                  domain: str | None) -> None:
    """Turn refusals, rejected tickets, upstream errors and failed sessions into policy cases,
    each expecting the verdict recorded and marked with what a reviewer should check."""
    from ..config import load_config
    from ..errors import CallgateError
    from ..replay import sessions_in
    from ..report.extract import extract, render_cases
    from ..trace import Redactor

    trace = TraceConfig()  # the defaults: sensitive field names, no argument redaction
    if config_path is not None:
        try:
            trace = load_config(config_path).trace
        except CallgateError as e:
            raise click.ClickException(str(e)) from e
    redactor = Redactor.of(trace)
    try:
        found = extract(sessions_in(traces), redactor, domain)
    except (CallgateError, ValueError) as e:  # a line that is not a trace record: say where
        raise click.ClickException(str(e)) from e
    if not found.cases:
        of = f" of domain {domain}" if domain is not None else ""
        click.echo(f"{found.sessions} sessions{of}: nothing to extract (no refusal, rejected "
                   "ticket, upstream error or failed session)")
        return
    write_whole(output, [render_cases(found, ", ".join(p.name for p in traces))])
    reasons = ", ".join(f"{n} {r}" for r, n in sorted(found.by_reason.items()))
    click.echo(f"{found.sessions} sessions: {len(found.cases)} cases ({reasons}) -> {output}")
    if not output.name.startswith("tests"):
        click.echo("note: `callgate policy test` reads tests*.yaml files; rename it to run it",
                   err=True)
