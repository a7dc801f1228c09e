"""Acceptance trials through the proxy: scenarios x personas x k trials.

Each trial gets a fresh copy of the domain's demo database behind its own upstream on
loopback, its own callgate (the scenario's policy packs, a store in a temporary folder, traces
appended to the run's trace file) and a fresh sandbox session tagged with scenario, persona and
trial. The agent talks to the simulated user and calls tools only through callgate; the
transcript goes to the session as it happens, so confirmations are judged on what was said. A
trial passes when the executed writes are exactly the expected ones and no write was refused
by policy on the way (scenario.py). The session's end carries the outcome, so
``callgate report`` reads the run like any traces: pass^k and Wilson floors per scenario,
breakdowns by persona, violations per rule, the failure kinds.

Runs resume: trials already ended in the trace file are skipped. Trials run concurrently up to a
bound.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson
from aiohttp import web

from ..parse import loads as json_loads
from ..session import canonical_json
from ..trace import read_traces
from .actors import STOP, Agent, User
from .scenario import Scenario


def _resources() -> Path:
    from ..cli import ROOT as installed  # the checkout, or <prefix>/share/callgate

    return installed


@dataclass
class TrialResult:
    scenario: str
    persona: str
    trial: int
    passed: bool
    reached_goal: bool
    refused_writes: list[str] = field(default_factory=list)
    executed_writes: list[str] = field(default_factory=list)
    error: str | None = None


def done_trials(trace: Path) -> set[tuple[str, str, int]]:
    """(scenario, persona, trial) of the acceptance sessions that ended in ``trace``."""
    if not trace.exists():
        return set()
    started: dict[str, tuple[str, str, int]] = {}
    ended: set[tuple[str, str, int]] = set()
    for r in read_traces(trace):
        tags = r.tags or {}
        if r.event == "session_start" and tags.get("source") == "accept":
            started[r.session_id] = (str(tags.get("scenario")), str(tags.get("persona")),
                                     int(tags.get("trial", 0)))
        elif r.event == "session_end" and r.session_id in started:
            ended.add(started[r.session_id])
    return ended


def _service(scenario: Scenario) -> tuple[web.Application, str, Path]:
    """The domain's demo service (fresh data), its upstream name and its catalog."""
    share = _resources()
    if scenario.domain == "retail":
        from ..demo.data import generate, load_tau
        from ..demo.retail import build_retail_app

        db_dir = scenario.db_dir()
        db = load_tau(db_dir) if db_dir is not None else generate(scenario.seed)
        return build_retail_app(db), "retail", share / "schemas/retail/catalog.yaml"
    if scenario.domain == "payments":
        from ..demo import payments

        return (payments.build_payments_app(payments.generate(scenario.seed)), "payments",
                share / "schemas/payments/catalog.yaml")
    if scenario.domain in ("billing", "clinic"):
        from ..demo import services

        build = services.build_billing_app if scenario.domain == "billing" \
            else services.build_clinic_app
        return (build(scenario.seed), scenario.domain,
                share / f"schemas/{scenario.domain}/catalog.yaml")
    raise ValueError(f"scenario {scenario.id}: no demo service for domain {scenario.domain!r}")


def agent_system(scenario: Scenario) -> str:
    return (f"You are a customer-service agent for the {scenario.domain} domain. Help the "
            "customer with the tools you have. Authenticate the customer first. Before any "
            "action that changes something, list its details and get the customer's explicit "
            "yes. A refused call says why and what to do next: follow it. "
            f"(scenario {scenario.id})")


async def run_trial(scenario: Scenario, persona: str, trial: int, agent: Agent, user: User,
                    trace: Path, max_turns: int = 30) -> TrialResult:
    from ..app import build_app, build_runtime
    from ..config import Config

    service, upstream_name, catalog = _service(scenario)
    runners: list[web.AppRunner] = []
    result = TrialResult(scenario.id, persona, trial, False, False)
    with tempfile.TemporaryDirectory(prefix="callgate-trial-") as tmp:
        try:
            port = await _serve(service, runners)
            config = Config.model_validate({
                "listen": {"host": "127.0.0.1", "port": 0},
                "store": {"path": str(Path(tmp) / "trial.db")},
                "trace": {"path": str(trace)},
                # the trial is a sandbox session: only the fresh copy is reachable
                "upstreams": {upstream_name: {"base_url": "http://127.0.0.1:9",
                                              "sandbox_url": f"http://127.0.0.1:{port}",
                                              "idempotent": True}},
                "catalogs": [str(catalog)],
                "policy": {"dirs": [str(d) for d in scenario.policy_dirs()], "reload_s": 0},
            })
            base = f"http://127.0.0.1:{await _serve(build_app(build_runtime(config)), runners)}"
            async with aiohttp.ClientSession() as http:
                await _converse(http, base, scenario, persona, trial, agent, user, result,
                                max_turns)
        except Exception as e:  # a broken trial is a failed trial, said so
            result.error = f"{type(e).__name__}: {e}"
        finally:
            for runner in reversed(runners):
                await runner.cleanup()
    return result


async def _serve(app: web.Application, runners: list[web.AppRunner]) -> int:
    """Serve ``app`` on a free loopback port (kept in ``runners`` for clean-up); the port."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    runners.append(runner)
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port: int = runner.addresses[0][1]
    return port


async def _converse(http: aiohttp.ClientSession, base: str, scenario: Scenario, persona: str,
                    trial: int, agent: Agent, user: User, result: TrialResult,
                    max_turns: int) -> None:
    async def post(path: str, body: Any) -> tuple[int, Any]:
        async with http.post(base + path, data=orjson.dumps(body),
                             headers={"Content-Type": "application/json"}) as r:
            return r.status, await r.json()

    expected = [{"name": w.tool, "arguments": w.arguments} for w in scenario.expected.writes]
    status, started = await post("/v1/sessions", {
        "environment": "sandbox", "expected": expected,
        "tags": {"domain": scenario.domain, "scenario": scenario.id, "persona": persona,
                 "trial": trial, "source": "accept"}})
    if status != 201:
        raise RuntimeError(f"session not started: {started}")
    sid = started["session_id"]
    async with http.get(base + "/v1/tools") as r:
        catalog = [t for t in (await r.json())["tools"] if t["domain"] == scenario.domain]
    tools = [{"type": "function", "function": t["function"]} for t in catalog]
    kinds = {t["function"]["name"]: t.get("kind") for t in catalog}
    messages: list[dict[str, Any]] = [{"role": "system", "content": agent_system(scenario)}]
    executed: list[tuple[str, bytes]] = []
    for _ in range(max_turns):
        line = await user.respond(messages)
        if STOP in line:
            break
        await post(f"/v1/sessions/{sid}/messages", {"role": "user", "content": line})
        messages.append({"role": "user", "content": line})
        for _step in range(12):  # the agent's tool calls until it speaks
            reply = await agent.respond(messages, tools)
            content, calls = reply.get("content"), reply.get("tool_calls") or []
            messages.append({"role": "assistant", "content": content,
                             **({"tool_calls": calls} if calls else {})})
            if content:
                await post(f"/v1/sessions/{sid}/messages",
                           {"role": "assistant", "content": content})
            if not calls:
                break
            for call in calls:
                fn = call.get("function") or {}
                name = fn.get("name", "")
                args = fn.get("arguments") or {}
                if isinstance(args, str):
                    args = json_loads(args or "{}")
                status, envelope = await post(f"/v1/sessions/{sid}/calls",
                                              {"tool": name, "arguments": args})
                outcome = envelope.get("outcome")
                if kinds.get(name) == "write":
                    if outcome == "executed":
                        executed.append((name, canonical_json(args)))
                        result.executed_writes.append(name)
                    elif outcome in ("blocked", "needs_confirmation"):
                        result.refused_writes.append(name)
                answer = envelope.get("result") if outcome == "executed" else {
                    "refused": outcome, "message": envelope.get("message")}
                messages.append({"role": "tool", "tool_call_id": call.get("id", ""),
                                 "content": orjson.dumps(answer).decode()})
    wanted = Counter((w.tool, canonical_json(w.arguments)) for w in scenario.expected.writes)
    result.reached_goal = Counter(executed) == wanted
    result.passed = result.reached_goal and not result.refused_writes
    await post(f"/v1/sessions/{sid}/end", {"success": result.passed,
                                           "reward": 1.0 if result.passed else 0.0})


Factory = Callable[[Scenario, str, int], Awaitable[tuple[Agent, User]]]


async def run_all(scenarios: list[Scenario], personas: list[str] | None, k: int,
                  actors: Factory, trace: Path, concurrency: int = 2,
                  progress: Callable[[TrialResult, int, int], None] | None = None,
                  ) -> list[TrialResult]:
    """Every (scenario, persona, trial) not yet in ``trace``, ``concurrency`` at a time."""
    skip = done_trials(trace)
    plan = [(s, p, t) for s in scenarios for p in (personas or [s.persona])
            for t in range(1, k + 1) if (s.id, p, t) not in skip]
    gate = asyncio.Semaphore(max(1, concurrency))
    results: list[TrialResult] = []

    async def one(s: Scenario, p: str, t: int) -> None:
        async with gate:
            agent, user = await actors(s, p, t)
            try:
                r = await run_trial(s, p, t, agent, user, trace)
            finally:
                for actor in (agent, user):
                    close = getattr(actor, "close", None)
                    if close is not None:
                        await close()
            results.append(r)
            if progress is not None:
                progress(r, len(results), len(plan))

    await asyncio.gather(*(one(s, p, t) for s, p, t in plan))
    return results
