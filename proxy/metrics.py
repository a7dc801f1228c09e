"""Prometheus metrics on ``GET /metrics``: what a call did, how long its steps took, the gate's
backlog and the policy loaded. One registry per runtime (tests build several in one process).

| metric | labels | what |
|---|---|---|
| ``callgate_calls_total`` | tool, outcome | calls by outcome (executed, blocked, ...) |
| ``callgate_rule_violations_total`` | rule | rules that fired |
| ``callgate_shadow_violations_total`` | rule | shadow-mode rules that fired (would have refused) |
| ``callgate_call_seconds`` | step | time per step: checks, decide, enforce, total |
| ``callgate_upstream_seconds`` | tool | time waiting on the upstream (forwarded calls) |
| ``callgate_tickets`` | status | tickets by status, read at scrape |
| ``callgate_ticket_oldest_open_seconds`` | | age of the oldest open ticket |
| ``callgate_outbox_backlog`` | | approved calls not yet delivered |
| ``callgate_policy_info`` | version | 1 for the policy version loaded |
| ``callgate_policy_reload_failures_total`` | | policy sets refused on reload |
| ``callgate_store_commit_seconds`` | | time to commit a store write (SQLite: per group commit) |
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from .errors import StoreError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from .pipeline import Runtime

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.calls = Counter("callgate_calls", "Calls by tool and outcome.", ["tool", "outcome"],
                             registry=r)
        self.violations = Counter("callgate_rule_violations", "Rules that fired.", ["rule"],
                                  registry=r)
        self.shadow = Counter("callgate_shadow_violations",
                              "Shadow-mode rules that fired: calls they would have refused.",
                              ["rule"], registry=r)
        self.step = Histogram("callgate_call_seconds", "Time per step of a call.", ["step"],
                              buckets=BUCKETS, registry=r)
        self.upstream = Histogram("callgate_upstream_seconds", "Time waiting on the upstream.",
                                  ["tool"], buckets=BUCKETS, registry=r)
        self.policy = Gauge("callgate_policy_info", "The policy version loaded.", ["version"],
                            registry=r)
        self.reload_failures = Counter("callgate_policy_reload_failures",
                                       "Policy sets refused on reload.", registry=r)
        self.commit = Histogram("callgate_store_commit_seconds",
                                "Time to commit one store write (a group commit on SQLite).",
                                buckets=BUCKETS, registry=r)
        self._version: str | None = None
        self._children: dict[tuple[Any, ...], Any] = {}

    def policy_loaded(self, version: str) -> None:
        if self._version is not None:
            self.policy.remove(self._version)
        self.policy.labels(version).set(1)
        self._version = version

    def call(self, tool: str | None, outcome: str, rules: list[str] | None,
             latency_ms: dict[str, float], shadow: list[str] | None = None) -> None:
        self._child(self.calls, tool or "", outcome).inc()
        for rule in rules or ():
            self._child(self.violations, rule).inc()
        for rule in shadow or ():
            self._child(self.shadow, rule).inc()
        for step, ms in latency_ms.items():
            self._child(self.step, step).observe(ms / 1e3)

    def _child(self, metric: Any, *labels: str) -> Any:
        """``metric.labels(*labels)``, remembered: the client's own lookup costs several
        microseconds per call, and the label values (tools, outcomes, rules, steps) are few."""
        key = (id(metric), *labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def upstream_observer(self) -> Callable[[str, float], None]:
        def observe(tool: str, seconds: float) -> None:
            self.upstream.labels(tool).observe(seconds)

        return observe

    def watch_gate(self, rt: Runtime) -> None:
        self.registry.register(_GateCollector(rt))


class _GateCollector(Collector):
    """Tickets and outbox read from the store at scrape time (cheap indexed counts)."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt

    def describe(self) -> Iterator[GaugeMetricFamily]:
        return iter(())  # registered before the store opens: nothing to read yet

    def collect(self) -> Iterator[GaugeMetricFamily]:
        gate = self.rt.gate
        if gate is None:
            return
        stats = gate.stats  # read by metrics_route just before (the store is async)
        if not stats:
            return
        by_status = GaugeMetricFamily("callgate_tickets", "Tickets by status.", labels=["status"])
        for status, n in sorted(stats["by_status"].items()):
            by_status.add_metric([status], n)
        yield by_status
        yield GaugeMetricFamily("callgate_ticket_oldest_open_seconds",
                                "Age of the oldest open ticket.", value=stats["oldest_open_s"])
        yield GaugeMetricFamily("callgate_outbox_backlog", "Approved calls not yet delivered.",
                                value=stats["backlog"])


async def metrics_route(request: web.Request) -> web.Response:
    from .api.keys import RUNTIME

    rt = request.app[RUNTIME]
    if rt.gate is not None:
        with contextlib.suppress(StoreError):  # a store that cannot answer: no gate gauges
            await rt.gate.refresh_stats()
    body = generate_latest(rt.metrics.registry)
    return web.Response(body=body, headers={"Content-Type": "text/plain; version=0.0.4"})
