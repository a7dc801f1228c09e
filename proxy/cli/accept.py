"""``callgate accept``: acceptance runs through the proxy; ``callgate scenarios import-tau2``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import click
import yaml

from ..errors import CallgateError
from .report import write_whole

FILES = click.Path(exists=True, dir_okay=False, path_type=Path)


@click.command()
@click.argument("scenarios", nargs=-1, required=True, type=FILES)
@click.option("--agent", "agent_spec", default="openai", show_default=True,
              help="openai (an OpenAI-compatible endpoint: --base-url, --model) or "
                   "scripted:FILE (assistant turns replayed from a YAML list).")
@click.option("--user", "user_spec", default="scripted", show_default=True,
              help="scripted (each scenario's user.script) or openai (a simulated user on the "
                   "same endpoint, or --user-base-url/--user-model).")
@click.option("--base-url", help="The agent's chat-completions base URL, e.g. "
                                 "http://127.0.0.1:8000/v1.")
@click.option("--model", help="The agent's model name.")
@click.option("--api-key-env", help="Environment variable holding the endpoint's API key.")
@click.option("--user-base-url", help="The simulated user's endpoint (default: --base-url).")
@click.option("--user-model", help="The simulated user's model (default: --model).")
@click.option("--persona", "personas", multiple=True,
              help="Run each scenario with this persona (repeat; default: the scenario's own). "
                   "Known: neutral, impatient, skeptical, emotional-angry, emotional-anxious, "
                   "emotional-sad, incoherent.")
@click.option("-k", "k", default=4, show_default=True, type=click.IntRange(1, 100),
              help="Trials per scenario and persona.")
@click.option("--concurrency", default=2, show_default=True, type=click.IntRange(1, 64))
@click.option("--max-turns", default=30, show_default=True, type=click.IntRange(1, 200))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("accept.jsonl"), show_default=True,
              help="The trace file (appended; trials already in it are skipped: runs resume).")
def accept(scenarios: tuple[Path, ...], agent_spec: str, user_spec: str, base_url: str | None,
           model: str | None, api_key_env: str | None, user_base_url: str | None,
           user_model: str | None, personas: tuple[str, ...], k: int, concurrency: int,
           max_turns: int, output: Path) -> None:
    """Run SCENARIOS x personas x k trials through callgate, each on a fresh sandbox session and
    a fresh copy of the domain's data; a trial passes when the expected writes, and only they,
    executed and no write broke a rule. Then `callgate report OUTPUT` gives pass^k per scenario
    and persona."""
    from ..accept.actors import PERSONAS, ChatCompletions, ScriptedAgent, ScriptedUser, user_prompt
    from ..accept.runner import TrialResult, run_all
    from ..accept.scenario import Scenario, load_scenarios

    try:
        loaded = load_scenarios(list(scenarios))
    except CallgateError as e:
        raise click.ClickException(str(e)) from e
    unknown = [p for p in personas if p not in PERSONAS]
    if unknown:
        raise click.BadParameter(f"unknown persona {', '.join(unknown)}", param_hint="--persona")
    if agent_spec == "openai" and not (base_url and model):
        raise click.UsageError("--agent openai needs --base-url and --model")
    if user_spec == "openai" and not ((user_base_url or base_url) and (user_model or model)):
        raise click.UsageError("--user openai needs an endpoint and a model")
    script = None
    if agent_spec.startswith("scripted:"):
        script = Path(agent_spec.split(":", 1)[1])
        if not script.is_file():
            raise click.BadParameter(f"{script}: no such file", param_hint="--agent")
    elif agent_spec != "openai":
        raise click.BadParameter("openai or scripted:FILE", param_hint="--agent")

    async def actors(s: Scenario, persona: str, trial: int) -> tuple[Any, Any]:
        agent: Any = ScriptedAgent.load(script) if script is not None else \
            ChatCompletions.from_env(str(base_url), str(model), api_key_env)
        if user_spec == "openai":
            user: Any = ChatCompletions.from_env(
                str(user_base_url or base_url), str(user_model or model), api_key_env,
                system=user_prompt(persona, s.user.goal, s.user.known, s.user.unknown))
        else:
            user = ScriptedUser(list(s.user.script))
        return agent, user

    counts = {"passed": 0, "failed": 0}

    def progress(r: TrialResult, done: int, total: int) -> None:
        counts["passed" if r.passed else "failed"] += 1
        click.echo(f"\r[{done}/{total}] {counts['passed']} passing, {counts['failed']} failing"
                   + (f"  (last: {r.scenario} {r.persona} #{r.trial}: {r.error})"
                      if r.error else ""), nl=done == total, err=True)

    results = asyncio.run(run_all(loaded, list(personas) or None, k, actors, output,
                                  concurrency, progress))
    if not results:
        click.echo(f"nothing to run: every trial is in {output} already")
        return
    failed = [r for r in results if not r.passed]
    click.echo(f"{len(results)} trials: {len(results) - len(failed)} passed, {len(failed)} "
               f"failed ({sum(bool(r.refused_writes) for r in failed)} on policy, "
               f"{sum(not r.reached_goal for r in failed)} missed the goal, "
               f"{sum(bool(r.error) for r in failed)} broken). "
               f"Report: callgate report {output}")


@click.group("scenarios")
def scenarios_group() -> None:
    """Acceptance scenarios."""


@scenarios_group.command("import-tau2")
@click.argument("tasks", type=FILES)
@click.option("--db", "db", type=click.Path(exists=True, file_okay=False, path_type=Path),
              required=True, help="tau-bench's retail database directory, for each trial.")
@click.option("--policy", "policies", multiple=True, required=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Policy pack directory (repeat).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
def import_tau2(tasks: Path, db: Path, policies: tuple[Path, ...], output: Path) -> None:
    """tau2-bench tasks as acceptance scenarios (goal, known and unknown facts, expected
    writes); run them with `callgate accept` and a simulated user."""
    from ..accept.scenario import from_tau2

    items = from_tau2(tasks, db.resolve(), [p.resolve() for p in policies])
    write_whole(output, [yaml.safe_dump({"scenarios": items}, sort_keys=False, width=100)])
    click.echo(f"{len(items)} scenarios -> {output}")
