"""/metrics: counts and histograms move as calls happen, read back with Prometheus's parser."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestServer
from prometheus_client.parser import text_string_to_metric_families

from proxy.demo.data import RetailDB

from .conftest import ROOT, ProxyFactory, call, first_order, start_session


async def scrape(client: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    resp = await client.get("/metrics")
    assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(await resp.text()):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


async def test_metrics_follow_the_calls(upstream: TestServer, make_proxy: ProxyFactory,
                                        retail_db: RetailDB) -> None:
    client, rt = await make_proxy(str(upstream.make_url("")),
                                  policy={"dirs": [str(ROOT / "policies" / "retail")]})
    before = await scrape(client)
    assert before[("callgate_policy_info", (("version", rt.policy.version),))] == 1.0
    sid = await start_session(client)
    order = first_order(retail_db, "pending")
    assert (await call(client, sid, "get_order_details", order_id=order["order_id"]))[0] == 403
    email = retail_db.users[order["user_id"]]["email"]
    assert (await call(client, sid, "find_user_id_by_email", email=email))[0] == 200
    after = await scrape(client)
    blocked = ("callgate_calls_total", (("outcome", "blocked"), ("tool", "get_order_details")))
    executed = ("callgate_calls_total", (("outcome", "executed"),
                                         ("tool", "find_user_id_by_email")))
    assert after[blocked] == 1.0 and after[executed] == 1.0
    assert after[("callgate_rule_violations_total", (("rule", "authenticate-first"),))] == 1.0
    assert after[("callgate_call_seconds_count", (("step", "total"),))] == 2.0
    assert after[("callgate_upstream_seconds_count", (("tool", "find_user_id_by_email"),))] == 1.0
    assert ("callgate_outbox_backlog", ()) in after
    commits = after[("callgate_store_commit_seconds_count", ())]
    assert commits >= 3 > before.get(("callgate_store_commit_seconds_count", ()), 0.0)
    assert after[("callgate_ticket_oldest_open_seconds", ())] == 0.0
