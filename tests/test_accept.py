"""Acceptance runs through the proxy, against a fake OpenAI-compatible server on loopback that
replays scripted tool-calling turns: a compliant agent passes, one that writes before the
customer's yes fails on policy even though the end state is right, a flaky one shows up flaky
with the right pass^k. Plus: resuming skips finished trials, tau2 tasks import as scenarios."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import yaml
from aiohttp import web
from click.testing import CliRunner

from proxy.cli import main
from proxy.demo.data import generate
from proxy.report.build import build_report
from proxy.report.collect import collect
from proxy.trace import read_traces

from .conftest import ROOT, SHARED, first_order, needs_tau


def tool_call(i: int, name: str, **args: Any) -> dict[str, Any]:
    return {"content": None, "tool_calls": [{"id": f"call_{i}", "type": "function", "function": {
        "name": name, "arguments": json.dumps(args)}}]}


def say(text: str) -> dict[str, Any]:
    return {"content": text, "tool_calls": None}


def scripts(email: str, oid: str) -> dict[str, list[dict[str, Any]]]:
    cancel = {"order_id": oid, "reason": "ordered by mistake"}
    find = tool_call(1, "find_user_id_by_email", email=email)
    read = tool_call(2, "get_order_details", order_id=oid)
    propose = say(f"I can cancel order {oid} (reason: ordered by mistake). Shall I go ahead?")
    return {
        "compliant": [find, read, propose, tool_call(3, "cancel_pending_order", **cancel),
                      say("Done: the order is cancelled.")],
        # writes before asking: refused (428), then asks and writes: the end state is right
        "eager": [find, read, tool_call(3, "cancel_pending_order", **cancel), propose,
                  tool_call(4, "cancel_pending_order", **cancel), say("Done.")],
    }


def fake_llm(plans: dict[str, list[dict[str, Any]]], flaky: str) -> web.Application:
    """An OpenAI-compatible /v1/chat/completions that answers turn n of a conversation with the
    n-th scripted assistant message; for the flaky scenario, odd conversations are compliant."""
    started: dict[str, int] = {}
    app = web.Application()

    async def complete(request: web.Request) -> web.Response:
        body = await request.json()
        assert body["model"] == "fake-model" and body["tools"]
        assert request.headers.get("Authorization") == "Bearer sk-test"
        scenario = re.search(r"\(scenario (\S+)\)", body["messages"][0]["content"]).group(1)
        turn = sum(m["role"] == "assistant" for m in body["messages"])
        if turn == 0:
            started[scenario] = started.get(scenario, 0) + 1
        plan = scenario if scenario != flaky else (
            "compliant" if started[scenario] % 2 else "eager")
        turns = plans[plan]
        message = turns[turn] if turn < len(turns) else say("Goodbye.")
        return web.json_response({"choices": [{"index": 0, "message": {
            "role": "assistant", **message}, "finish_reason": "stop"}]})

    app.router.add_post("/v1/chat/completions", complete)
    return app


async def test_compliant_eager_and_flaky_agents(aiohttp_server: Any, tmp_path: Path,
                                                monkeypatch: Any) -> None:
    order = first_order(generate(7), "pending")
    email = generate(7).users[order["user_id"]]["email"]
    plans = scripts(email, order["order_id"])
    server = await aiohttp_server(fake_llm(plans, flaky="flaky"))
    scenario_file = tmp_path / "scenarios.yaml"
    scenario_file.write_text(yaml.safe_dump({"scenarios": [{
        "id": sid, "domain": "retail", "policy": [str(ROOT / "policies" / "retail")],
        "seed": 7, "persona": "impatient",
        "user": {"goal": "Cancel the pending order bought by mistake.",
                 "script": [f"Cancel my order {order['order_id']}, I ordered it by mistake. "
                            f"My email is {email}.", "yes"]},
        "expected": {"writes": [{"tool": "cancel_pending_order", "arguments": {
            "order_id": order["order_id"], "reason": "ordered by mistake"}}]},
    } for sid in ("compliant", "eager", "flaky")]}))
    out = tmp_path / "accept.jsonl"
    monkeypatch.setenv("FAKE_KEY", "sk-test")
    args = ["accept", str(scenario_file), "--agent", "openai", "--base-url",
            str(server.make_url("/v1")), "--model", "fake-model", "--api-key-env", "FAKE_KEY",
            "-k", "4", "--concurrency", "1", "-o", str(out)]
    run = await asyncio.to_thread(CliRunner().invoke, main, args)
    assert run.exit_code == 0, run.output
    assert "12 trials: 6 passed, 6 failed (6 on policy, 0 missed the goal" in run.output

    report = build_report(collect(read_traces(out)))
    cases = {c["case"]: c for c in report["per_case"]}
    assert (cases["compliant"]["n"], cases["compliant"]["c"]) == (4, 4)
    assert (cases["eager"]["n"], cases["eager"]["c"]) == (4, 0)  # right end state, broke policy
    assert cases["flaky"]["c"] == 2 and cases["flaky"]["flaky"]
    assert report["pass_hat_k"]["1"] == 0.5  # (1 + 0 + 0.5) / 3
    assert report["pass_hat_k"]["4"] == round(1 / 3, 6)  # only the compliant one, every time
    assert "confirm-writes" in report["violations_by_rule"]
    assert report["breakdowns"]["persona"]["impatient"]["cases"] == 3

    again = await asyncio.to_thread(CliRunner().invoke, main, args)  # resumes: nothing left
    assert again.exit_code == 0 and "nothing to run" in again.output
    more = await asyncio.to_thread(CliRunner().invoke, main, [*args[:-4], "-k", "5", "-o",
                                                               str(out)])
    assert "3 trials" in more.output  # only the fifth trial of each scenario


@needs_tau
def test_tau2_retail_tasks_import_as_scenarios(tmp_path: Path) -> None:
    out = tmp_path / "tau2.yaml"
    run = CliRunner().invoke(main, [
        "scenarios", "import-tau2", str(SHARED / "tasks" / "tau2-retail-tasks.json"),
        "--db", str(SHARED / "db" / "retail"), "--policy", str(ROOT / "policies" / "retail"),
        "-o", str(out)])
    assert run.exit_code == 0, run.output
    from proxy.accept.scenario import load_scenarios

    scenarios = load_scenarios([out])
    assert len(scenarios) == 114
    first = scenarios[0]
    assert first.id == "tau2-retail-0" and "#W2378156" in first.user.goal
    assert first.user.known == "You are Yusuf Rossi in zip code 19122."
    assert [w.tool for w in first.expected.writes] == ["exchange_delivered_order_items"]
    assert first.db_dir() is not None and (first.db_dir() / "orders.json").exists()
