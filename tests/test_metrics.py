"""/metrics: counts and histograms move as calls happen, read back with Prometheus's parser."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestServer
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from proxy.demo.data import RetailDB
from proxy.metrics import BUCKETS, Metrics

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
    for made_up in ("get_order_detail", "x" * 200, "drop table"):  # one label for them all
        assert (await call(client, sid, made_up))[0] == 404
    labels = {dict(k[1]).get("tool") for k in await scrape(client) if k[0] == "callgate_calls_total"}
    assert labels == {"get_order_details", "find_user_id_by_email", "(unknown)"}
    # the calls' records wait for their batch's commit; a write commits them at once
    await rt.store.write([])
    commits = (await scrape(client))[("callgate_store_commit_seconds_count", ())]
    assert commits >= 1 > before.get(("callgate_store_commit_seconds_count", ()), 0.0)
    assert after[("callgate_ticket_oldest_open_seconds", ())] == 0.0
    # the session in memory, its estimated size, nothing dropped yet
    assert after[("callgate_session_cache_sessions", ())] == 1.0
    assert before[("callgate_session_cache_bytes", ())] == 0.0
    assert after[("callgate_session_cache_bytes", ())] > 0.0
    assert (await scrape(client))[("callgate_session_cache_bytes", ())] == rt.sessions.bytes
    assert after[("callgate_session_cache_evictions_total", ())] == 0.0


def test_the_exposition_reads_back_with_prometheus_parser() -> None:
    """Counters count, and histogram buckets are cumulative with ``le`` inclusive: a value
    equal to a bound is in that bucket, the +Inf bucket is the count."""
    m = Metrics()
    m.policy_loaded("v1")
    m.policy_loaded("v2")
    m.call("lookup", "executed", None, {"checks": 0.5, "total": 2.5})  # ms: 0.0005 s, 0.0025 s
    m.call("lookup", "executed", [], {"total": 2.6})
    m.call("refund", "blocked", ["r1", "r2"], {"total": 20_000.0}, ["s1"])  # past every bound
    m.call(None, "error", ["r1"], {"total": 0.1})
    upstream = m.upstream_observer()
    for seconds in (0.0004, 0.001, 0.0010001, 10.0, 11.0):
        upstream("lookup", seconds)
    commit = m.commit_observer()
    commit(0.5)
    m.reload_failed()

    families = {f.name: f for f in text_string_to_metric_families(
        generate_latest(m.registry).decode())}
    assert {"callgate_calls", "callgate_rule_violations", "callgate_shadow_violations",
            "callgate_call_seconds", "callgate_upstream_seconds", "callgate_policy_info",
            "callgate_policy_reload_failures", "callgate_store_commit_seconds"} <= set(families)
    assert [f.type for f in families.values() if f.name.endswith("_seconds")] == ["histogram"] * 3

    def values(name: str, suffix: str = "_total") -> dict[tuple[tuple[str, str], ...], float]:
        return {tuple(sorted(s.labels.items())): s.value for s in families[name].samples
                if s.name == name + suffix}

    assert values("callgate_calls") == {
        (("outcome", "executed"), ("tool", "lookup")): 2.0,
        (("outcome", "blocked"), ("tool", "refund")): 1.0,
        (("outcome", "error"), ("tool", "")): 1.0}
    assert values("callgate_rule_violations") == {(("rule", "r1"),): 2.0, (("rule", "r2"),): 1.0}
    assert values("callgate_shadow_violations") == {(("rule", "s1"),): 1.0}
    assert values("callgate_policy_info", "") == {(("version", "v2"),): 1.0}
    assert values("callgate_policy_reload_failures") == {(): 1.0}

    def histogram(name: str, **labels: str) -> tuple[dict[float, float], float, float]:
        samples = [s for s in families[name].samples
                   if {k: v for k, v in s.labels.items() if k != "le"} == labels]
        buckets = {float(s.labels["le"]): s.value for s in samples if s.name == name + "_bucket"}
        count, = (s.value for s in samples if s.name == name + "_count")
        total, = (s.value for s in samples if s.name == name + "_sum")
        assert list(buckets) == [*BUCKETS, float("inf")]
        assert list(buckets.values()) == sorted(buckets.values())  # cumulative
        assert buckets[float("inf")] == count
        return buckets, count, total

    buckets, count, total = histogram("callgate_upstream_seconds", tool="lookup")
    assert (buckets[0.0005], buckets[0.001], buckets[0.0025]) == (1.0, 2.0, 3.0)
    assert buckets[5.0] == 3.0 and buckets[10.0] == 4.0 and count == 5.0
    assert total == sum((0.0004, 0.001, 0.0010001, 10.0, 11.0))

    buckets, count, total = histogram("callgate_call_seconds", step="total")
    assert (buckets[0.001], buckets[0.0025], buckets[0.005], buckets[10.0]) == (1.0, 2.0, 3.0, 3.0)
    assert count == 4.0 and total == sum(ms / 1e3 for ms in (2.5, 2.6, 20_000.0, 0.1))
    buckets, count, total = histogram("callgate_call_seconds", step="checks")
    assert buckets[0.0005] == 1.0 and count == 1.0 and total == 0.0005

    buckets, count, total = histogram("callgate_store_commit_seconds")
    assert buckets[0.25] == 0.0 and buckets[0.5] == 1.0 and count == 1.0 and total == 0.5
