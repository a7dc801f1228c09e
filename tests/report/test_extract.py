"""Production failures become policy cases: extracted from a proxy's own traces, they pass under
`callgate policy test` against the policy that produced them, and fail against the policy with
the rule removed. Personal data in them is redacted by the trace's redaction rules."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import yaml
from aiohttp.test_utils import TestServer
from click.testing import CliRunner

from proxy.cli import main
from proxy.demo.data import RetailDB

from ..conftest import ROOT, ProxyFactory, call, first_order, start_session


def pack_copy(tmp_path: Path, drop_rule: str | None = None) -> Path:
    """policies/retail beside its catalog, without its own cases, optionally without a rule."""
    target = tmp_path / "policies" / "retail"
    if not (tmp_path / "schemas").exists():
        shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    target.mkdir(parents=True, exist_ok=True)
    policy = yaml.safe_load((ROOT / "policies" / "retail" / "policy.yaml").read_text())
    if drop_rule:
        policy["rules"] = [r for r in policy["rules"] if r["id"] != drop_rule]
    (target / "policy.yaml").write_text(yaml.safe_dump(policy, sort_keys=False))
    return target


async def invoke(*args: str) -> Any:
    return await asyncio.to_thread(CliRunner().invoke, main, list(args))


async def test_extracted_cases_hold_under_their_policy_and_catch_a_removed_rule(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    traces = tmp_path / "traces.jsonl"
    client, _ = await make_proxy(str(upstream.make_url("")),
                                 policy={"dirs": [str(ROOT / "policies" / "retail")]},
                                 trace={"path": str(traces), "redact": ["reason"]})
    order = first_order(retail_db, "pending")
    email = retail_db.users[order["user_id"]]["email"]
    sid = await start_session(client)
    await client.post(f"/v1/sessions/{sid}/messages", json={
        "role": "user", "content": f"Cancel {order['order_id']}, card 4111 1111 1111 1111"})
    assert (await call(client, sid, "get_order_details", order_id=order["order_id"]))[0] == 403
    assert (await call(client, sid, "find_user_id_by_email", email=email))[0] == 200
    assert (await call(client, sid, "get_order_details", order_id=order["order_id"]))[0] == 200
    status, _ = await call(client, sid, "cancel_pending_order", order_id=order["order_id"],
                           reason="no longer needed")
    assert status == 428
    await client.post(f"/v1/sessions/{sid}/end", json={"success": False})

    good = pack_copy(tmp_path / "good")
    out = good / "tests-extracted.yaml"
    result = await invoke("cases", "extract", str(traces), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "2 cases" in result.output
    text = out.read_text()
    assert "# review:" in text and "4111 1111 1111 1111" not in text  # cards never written
    assert "no longer needed" not in text  # `reason` is redacted in this proxy's traces
    cases = yaml.safe_load(text)["cases"]
    assert [c["expect"] for c in cases] == [
        {"verdict": "block", "rules": ["authenticate-first"]},
        {"verdict": "confirm", "rules": ["confirm-writes"]}]

    passed = await invoke("policy", "test", str(good))
    assert passed.exit_code == 0, passed.output

    # against the policy without the confirmation rule, the confirmation case fails
    bad = pack_copy(tmp_path / "bad", drop_rule="confirm-writes")
    shutil.copy(out, bad / "tests-extracted.yaml")
    failed = await invoke("policy", "test", str(bad))
    assert failed.exit_code == 1, failed.output
    assert "cancel_pending_order: needs_confirmation" in failed.output

    # ... and passes where the rule comes from another pack loaded beside it (as a deployment
    # loads retail-refunds beside retail)
    extra = tmp_path / "extra"
    extra.mkdir()
    rule = next(r for r in yaml.safe_load((ROOT / "policies" / "retail" / "policy.yaml")
                                          .read_text())["rules"] if r["id"] == "confirm-writes")
    (extra / "policy.yaml").write_text(yaml.safe_dump({
        "domain": "retail", "catalog": str(ROOT / "schemas" / "retail" / "catalog.yaml"),
        "rules": [rule]}, sort_keys=False))
    passed = await invoke("policy", "test", str(bad), "--with", str(extra))
    assert passed.exit_code == 0, passed.output

    # traces of several domains: a cases file is for one domain's policy
    with traces.open("a") as f:
        for line in ('{"ts": "t", "event": "session_start", "session_id": "p1", '
                     '"tags": {"domain": "payments"}}',
                     '{"ts": "t", "event": "call", "session_id": "p1", "seq": 1, "call_id": "c", '
                     '"tool": "refund_payment", "kind": "write", "arguments": {}, "verdict": '
                     '"block", "rules": ["x"], "outcome": "blocked"}',
                     '{"ts": "t", "event": "session_end", "session_id": "p1"}'):
            f.write(line + "\n")
    mixed = await invoke("cases", "extract", str(traces), "-o", str(tmp_path / "tests-m.yaml"))
    assert mixed.exit_code == 1 and "several domains (payments, retail)" in mixed.output
    assert "give --domain" in mixed.output and not (tmp_path / "tests-m.yaml").exists()
    one = await invoke("cases", "extract", str(traces), "-o", str(tmp_path / "tests-m.yaml"),
                       "--domain", "retail")
    assert one.exit_code == 0 and "1 sessions: 2 cases" in one.output, one.output


async def test_nothing_to_extract_from_a_clean_session(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    email = next(iter(retail_db.users.values()))["email"]
    assert (await call(client, sid, "find_user_id_by_email", email=email))[0] == 200
    await client.post(f"/v1/sessions/{sid}/end", json={"success": True})
    result = await invoke("cases", "extract", str(tmp_path / "traces.jsonl"), "-o",
                          str(tmp_path / "tests-x.yaml"))
    assert result.exit_code == 0 and "nothing to extract" in result.output
    assert not (tmp_path / "tests-x.yaml").exists()


async def test_a_file_that_is_not_traces_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('garbage\n{"v": 1}\n')
    result = await invoke("cases", "extract", str(bad), "-o", str(tmp_path / "tests-x.yaml"))
    assert result.exit_code == 1 and "bad.jsonl:1" in result.output
    assert "Traceback" not in result.output
