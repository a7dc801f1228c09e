"""Shadow mode: a rule (or a whole policy file) is checked and traced as "would have refused"
while the call goes through; /metrics, `callgate report` and `callgate replay` show it."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import orjson
from aiohttp.test_utils import TestServer
from click.testing import CliRunner

from proxy.cli import main
from proxy.demo.data import RetailDB

from .conftest import ROOT, ProxyFactory, call, first_order, start_session, upstream_state
from .test_metrics import scrape


def pack(tmp_path: Path, edit: str) -> Path:
    """policies/retail copied beside its catalog, with ``edit`` applied to policy.yaml."""
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    target = tmp_path / "policies" / "retail"
    shutil.copytree(ROOT / "policies" / "retail", target)
    policy = target / "policy.yaml"
    text = policy.read_text()
    if edit == "file":
        text = text.replace("domain: retail\n", "domain: retail\nshadow: true\n", 1)
    else:  # one rule
        text = text.replace("  - id: authenticate-first\n    kind: order\n",
                            "  - id: authenticate-first\n    kind: order\n    shadow: true\n", 1)
    policy.write_text(text)
    return target


def records(tmp_path: Path) -> list[dict[str, object]]:
    return [orjson.loads(x) for x in (tmp_path / "traces.jsonl").read_bytes().splitlines()]


async def test_a_shadow_rule_is_traced_and_counted_but_not_enforced(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 policy={"dirs": [str(pack(tmp_path, "rule"))]})
    sid = await start_session(client)
    order = first_order(retail_db, "pending")
    status, body = await call(client, sid, "get_order_details", order_id=order["order_id"])
    assert status == 200 and body["outcome"] == "executed"  # forwarded: the rule only watches
    read = [r for r in records(tmp_path) if r["event"] == "call"][-1]
    assert read["verdict"] == "allow" and not read.get("rules")
    assert read["shadow_rules"] == ["authenticate-first"] and read["would_verdict"] == "block"
    # the other rules still enforce: a cancel without the user's yes is refused
    status, body = await call(client, sid, "cancel_pending_order", order_id=order["order_id"],
                              reason="no longer needed")
    assert status == 403 and "confirm-writes" in str(body)
    assert upstream_state(upstream)["writes"] == []
    metrics = await scrape(client)
    assert metrics[("callgate_shadow_violations_total", (("rule", "authenticate-first"),))] >= 2
    assert ("callgate_rule_violations_total", (("rule", "authenticate-first"),)) not in metrics
    await client.post(f"/v1/sessions/{sid}/end", json={"success": True})

    traces = str(tmp_path / "traces.jsonl")
    report = CliRunner().invoke(main, ["report", traces, "--json"])
    assert report.exit_code == 0, report.output
    shadow = orjson.loads(report.output)["shadow"]
    assert shadow["would_have_refused"] == 1  # the read went through; the cancel was refused
    assert shadow["by_rule"]["authenticate-first"]["calls"] == 2
    text = CliRunner().invoke(main, ["report", traces])
    assert "shadow rules (not enforced): 1 allowed call(s) would have been refused" in text.output

    replay = await asyncio.to_thread(  # the command runs its own event loop
        CliRunner().invoke, main, ["replay", traces, "--policy",
                                   str(pack(tmp_path / "again", "rule"))])
    assert replay.exit_code == 0, replay.output
    assert "get_order_details: allow (shadow: would be block [authenticate-first])" in \
        replay.output
    assert "would have refused 1 allowed call(s): authenticate-first 2" in replay.output


async def test_a_policy_file_in_shadow_mode_refuses_nothing(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 policy={"dirs": [str(pack(tmp_path, "file"))]})
    sid = await start_session(client)
    order = first_order(retail_db, "pending")
    status, body = await call(client, sid, "cancel_pending_order", order_id=order["order_id"],
                              reason="no longer needed")
    assert status == 200, body  # executed: every rule of the file only watches
    cancel = [r for r in records(tmp_path) if r["event"] == "call"][-1]
    assert cancel["verdict"] == "allow" and cancel["would_verdict"] in ("block", "confirm")
    assert {"authenticate-first", "confirm-writes"} <= set(cancel["shadow_rules"])  # type: ignore[arg-type]
    assert len(upstream_state(upstream)["writes"]) == 1
