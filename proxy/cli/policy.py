"""``callgate policy check|test`` and ``callgate replay``: policy files tested like code."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import click
import orjson

from ..errors import CallgateError
from ..policy import PolicySet
from ..policy.cases import load_cases, run_cases
from ..policy.loader import load_policy
from ..policy.opa import OpaBackend
from ..replay import ReplayedCall, replay_session, sessions_in

DIR = click.Path(exists=True, file_okay=False, path_type=Path)


def _load(directory: Path, opa_url: str | None) -> PolicySet:
    opa = OpaBackend(opa_url) if opa_url else None
    try:
        return load_policy(directory, opa)
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)


@click.group()
def policy() -> None:
    """Check and test policy directories."""


@policy.command()
@click.argument("directory", type=DIR)
@click.option("--opa-url", help="OPA server for rego rules (needed to compile them).")
def check(directory: Path, opa_url: str | None) -> None:
    """Lint a policy directory: parse, validate and compile every rule."""
    loaded = _load(directory, opa_url)
    kinds = Counter(r.kind for r in loaded.rules)
    click.echo(f"{directory}: {len(loaded.rules)} rules compiled "
               f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}); "
               f"version {loaded.version}")


@policy.command()
@click.argument("directory", type=DIR)
@click.option("--opa-url", help="OPA server for rego rules.")
@click.option("--with", "also", multiple=True, type=DIR, metavar="DIR",
              help="Also load this policy directory (repeat for more): its rules apply beside "
                   "DIRECTORY's, as where a deployment loads several packs for one domain "
                   "(retail and retail-refunds); its own cases are not run.")
@click.option("-v", "--verbose", is_flag=True, help="Show every case, not only failures.")
def test(directory: Path, opa_url: str | None, also: tuple[Path, ...], verbose: bool) -> None:
    """Run the cases in DIRECTORY/tests*.yaml; exit 1 if any fails."""
    loaded = _load(directory, opa_url)
    if also:
        loaded = PolicySet.merge([loaded, *(_load(d, opa_url) for d in also)])

    try:
        results = asyncio.run(run_cases(load_cases(directory), loaded))
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    failed = [r for r in results if not r.passed]
    for r in results:
        if r.passed and not verbose:
            continue
        mark = "ok  " if r.passed else "FAIL"
        click.echo(f"{mark} {r.name}")
        if not r.passed:
            want = r.expected.verdict.value + (
                f" {sorted(r.expected.rules)}" if r.expected.rules is not None else "")
            click.echo(f"     {r.where}\n     expected {want}, got {r.verdict} {sorted(r.rules)}")
            for m in r.messages:
                click.echo(f"     - {m}")
    click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)


@policy.command("eval")
@click.argument("traces", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--labels", "labels_path", required=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="JSON lines of labelled writes (file, session, write or call_id, label; "
              "debatable: true leaves one unscored).")
@click.option("--policy", "policies", multiple=True, type=DIR, required=True,
              help="Policy directory; one per domain the traces cover (give it again for more).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per labelled write, then "
              "the summary.")
@click.option("--all", "show_all", is_flag=True, help="Show agreeing writes too.")
def eval_(traces: tuple[Path, ...], labels_path: Path, policies: tuple[Path, ...],
          as_json: bool, show_all: bool) -> None:
    """Measure a policy against careful human labels of real writes.

    Replays TRACES (callgate traces or tau-bench / tau2-bench files) through the policy and
    compares each labelled write's verdict with its label: confirmed and plan writes should pass
    the confirmation rules; unconfirmed and repeated writes should be refused. Prints agreement,
    false refusals and misses per label, and each disagreement with its context.
    """
    from ..evaluate import LabelError, evaluate, load_labels
    from ..policy.loader import load_policies

    try:
        labels = load_labels(labels_path)
        merged = load_policies(list(policies))
    except (LabelError, CallgateError) as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    assert merged.catalog is not None
    try:
        result = asyncio.run(evaluate(traces, labels, merged, merged.catalog))
    except ValueError as e:  # a trace or trajectory file that cannot be read: which, and why
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    summary = result.summary()
    if summary["undecided"]:
        click.echo(f"callgate: {summary['undecided']} labelled writes call tools the policy's "
                   f"catalog does not know ({', '.join(result.undecided_tools())}): not scored. "
                   "Is --policy the pack for these traces' domain?", err=True)
    if as_json:
        for j in result.judged:
            if show_all or j.outcome in ("false_refusal", "miss"):
                click.echo(orjson.dumps(j.as_json()).decode())
        click.echo(orjson.dumps({"summary": summary, "unmatched": result.unmatched}).decode())
        if labels and not summary["scored"]:
            sys.exit(2)
        return
    for j in result.judged:
        if not show_all and j.outcome not in ("false_refusal", "miss"):
            continue
        lab = j.label
        click.echo(f"{j.outcome.upper()}: {lab.file} {lab.session} write {j.write} "
                   f"{j.call.tool} labelled {lab.label}, verdict {j.call.verdict} "
                   f"{j.call.rules}")
        for line in j.context:
            click.echo(f"    | {line}")
        for d, kind in zip(j.call.details, j.call.kinds, strict=True):
            if kind == "confirmation":
                click.echo(f"    policy: {d.get('reason')}")
        if lab.why:
            click.echo(f"    label: {lab.why}")
    click.echo("")
    if result.unmatched:
        click.echo(f"{len(result.unmatched)} labels matched no write in these traces "
                   "(--json lists them)")
    click.echo(f"{summary['labelled']} labelled writes, {summary['scored']} scored; agreement "
               f"{summary['agreement']}")
    for name, counts in summary["per_label"].items():
        click.echo(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    click.echo(f"  false refusals (confirmation rules fired on confirmed/plan): "
               f"{summary['false_refusals']} {summary['false_refusal_rate']}")
    click.echo(f"  should-refuse writes refused: {summary['refused_of_should_refuse']}")
    if labels and not summary["scored"]:
        sys.exit(2)  # (nothing was judged: no figure here means anything)


def _summary(calls: list[ReplayedCall]) -> dict[str, Any]:
    verdicts = Counter(c.verdict for c in calls)
    writes = Counter(c.verdict for c in calls if c.kind == "write")
    rules: Counter[str] = Counter()
    sessions_by_rule: dict[str, set[str]] = {}
    for c in calls:
        for r in c.rules:
            rules[r] += 1
            sessions_by_rule.setdefault(r, set()).add(c.session)
    shadow: Counter[str] = Counter(r for c in calls for r in c.shadow)
    return {
        "calls": len(calls), "sessions": len({c.session for c in calls}),
        "verdicts": dict(verdicts), "write_verdicts": dict(writes),
        "rules": {r: {"fired": n, "sessions": len(sessions_by_rule[r])}
                  for r, n in rules.most_common()},
        # shadow-mode rules: fired, not enforced; calls allowed that they would have refused
        "shadow": {"would_have_refused": sum(1 for c in calls if c.shadow
                                             and c.verdict == "allow" and c.would != "allow"),
                   "rules": dict(shadow.most_common())},
    }


@click.command()
@click.argument("traces", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--policy", "policies", multiple=True, type=DIR,
              help="Policy directory; give it twice to compare two policy sets.")
@click.option("--live", "live_url", metavar="URL",
              help="Instead of deciding offline, drive the sessions through the proxy running at "
                   "URL (e.g. `callgate demo --retail-db ...`) and report what it answered.")
@click.option("--agent-key", envvar="CALLGATE_AGENT_KEY", help="With --live: the agent key.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per call, then a summary.")
@click.option("--all-calls", is_flag=True, help="Print allowed reads too (default: writes and "
              "anything a rule fired on).")
@click.option("--as-live", is_flag=True, help="Keep the history the proxy would have had: a call "
              "it refuses did not happen (default: each call is judged on the recorded history).")
def replay(traces: tuple[Path, ...], policies: tuple[Path, ...], live_url: str | None,
           agent_key: str | None, as_json: bool, all_calls: bool, as_live: bool) -> None:
    """Run recorded sessions through a policy set without any upstream (or, with --live, through
    a running proxy).

    TRACES are callgate trace files (.jsonl) or tau-bench / tau2-bench trajectory files (.json).
    Says per call what the policy would have decided, and sums up per rule. With two --policy
    directories, shows the calls whose verdict differs.
    """
    if live_url is None and agent_key is not None \
            and click.get_current_context().get_parameter_source("agent_key") \
            is click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--agent-key is for --live (a running proxy); offline replay "
                               "needs none")
    if live_url is not None:
        if policies:
            raise click.UsageError("--live uses the running proxy's policy; drop --policy")
        if not live_url.startswith(("http://", "https://")):
            raise click.UsageError(f"--live takes the proxy's URL, e.g. http://127.0.0.1:8080, "
                                   f"not {live_url!r}")
        from ..drive import drive

        try:
            calls = asyncio.run(drive(sessions_in(traces), live_url, agent_key))
        except ValueError as e:  # (a file that cannot be read)
            raise click.ClickException(str(e)) from e
        except (OSError, RuntimeError) as e:
            raise click.ClickException(f"driving {live_url} failed: {e}") from e
        _print(calls, as_json, all_calls)
        return
    if not 1 <= len(policies) <= 2:
        raise click.UsageError("give one --policy, or two to compare (or --live URL)")
    sets = [_load(p, None) for p in policies]

    async def run() -> list[list[ReplayedCall]]:
        per_set: list[list[ReplayedCall]] = [[] for _ in sets]
        for records in sessions_in(traces):
            for i, ps in enumerate(sets):
                assert ps.catalog is not None
                per_set[i].extend(await replay_session(records, ps, ps.catalog, as_live))
        return per_set

    try:
        results = asyncio.run(run())
    except ValueError as e:  # a trace or trajectory file that cannot be read: which, and why
        raise click.ClickException(str(e)) from e
    base = results[0]
    if len(sets) == 2:
        other = results[1]
        changed = [(a, b) for a, b in zip(base, other, strict=True)
                   if (a.verdict, sorted(a.rules)) != (b.verdict, sorted(b.rules))]
        if as_json:
            for a, b in changed:
                click.echo(orjson.dumps({**a.as_json(), "verdict_b": b.verdict,
                                         "rules_b": b.rules}).decode())
            click.echo(orjson.dumps({"summary": _summary(base), "summary_b": _summary(other),
                                     "changed": len(changed)}).decode())
            return
        for a, b in changed:
            click.echo(f"{a.session} #{a.index} {a.tool}: {a.verdict} {a.rules} -> "
                       f"{b.verdict} {b.rules}")
        click.echo(f"{len(changed)} of {len(base)} calls decided differently")
        return
    _print(base, as_json, all_calls)


def _print(calls: list[ReplayedCall], as_json: bool, all_calls: bool) -> None:
    shown = [c for c in calls if all_calls or c.kind == "write" or c.rules or c.shadow]
    if as_json:
        for c in shown:
            click.echo(orjson.dumps(c.as_json()).decode())
        click.echo(orjson.dumps({"summary": _summary(calls)}).decode())
        return
    for c in shown:
        fired = f" [{', '.join(c.rules)}]" if c.rules else ""
        if c.shadow:
            fired += f" (shadow: would be {c.would} [{', '.join(c.shadow)}])"
        click.echo(f"{c.session} #{c.index} {c.tool}: {c.verdict}{fired}")
        for m in c.messages:
            click.echo(f"    - {m}")
    s = _summary(calls)
    click.echo(f"\n{s['sessions']} sessions, {s['calls']} calls; verdicts {s['verdicts']}; "
               f"writes {s['write_verdicts']}")
    for rule, n in s["rules"].items():
        click.echo(f"  {rule}: fired {n['fired']} times in {n['sessions']} sessions")
    if s["shadow"]["rules"]:
        click.echo(f"shadow rules (not enforced) would have refused "
                   f"{s['shadow']['would_have_refused']} allowed call(s): "
                   + ", ".join(f"{r} {n}" for r, n in s["shadow"]["rules"].items()))
