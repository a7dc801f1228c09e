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

The per-call numbers are plain ints and floats in dicts, written on the event loop (one per
process; no thread touches them) and turned into metric families only at scrape time, by
``_CallCollector``: prometheus_client's Counter and Histogram take a lock per ``inc`` and
``observe``, and a histogram walks its buckets in Python, several times per call. Histograms
keep each bucket's own count (the bucket found by bisection; a value equal to a bound counts in
that bucket, Prometheus's ``le`` being inclusive) and are made cumulative at scrape. No
``_created`` series (neither the dashboard nor the tests read them).
"""

from __future__ import annotations

import contextlib
from bisect import bisect_left
from functools import partial
from itertools import accumulate
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString

from .errors import StoreError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from .pipeline import Runtime

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# the ``le`` labels, written as the client writes its own (the function is not annotated)
_LE = (*(floatToGoString(b) for b in BUCKETS), "+Inf")  # type: ignore[no-untyped-call]


class _Histogram:
    """One histogram's observations by label value: per value a list of each bucket's own count
    (the last one for values above every bound, the +Inf bucket's own), then the sum."""

    __slots__ = ("series",)

    def __init__(self) -> None:
        self.series: dict[str, list[float]] = {}

    def observe(self, label: str, value: float) -> None:
        counts = self.series.get(label)
        if counts is None:
            counts = self.series[label] = [0.0] * (len(BUCKETS) + 2)
        # the first bound >= value: a value equal to a bound is in that bucket (le is inclusive)
        counts[bisect_left(BUCKETS, value)] += 1
        counts[-1] += value

    def family(self, name: str, documentation: str, label: str | None) -> HistogramMetricFamily:
        family = HistogramMetricFamily(name, documentation, labels=[label] if label else None)
        for value, counts in self.series.items():
            family.add_metric([value] if label else [],
                              list(zip(_LE, accumulate(counts[:-1]), strict=True)), counts[-1])
        return family


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.calls: dict[tuple[str, str], int] = {}  # (tool, outcome) -> calls
        self.violations: dict[str, int] = {}  # rule -> times fired
        self.shadow: dict[str, int] = {}  # rule -> times fired in shadow mode
        self.step = _Histogram()  # by step, seconds
        self.upstream = _Histogram()  # by tool, seconds
        self.commit = _Histogram()  # no label (""), seconds
        self.commit.series[""] = [0.0] * (len(BUCKETS) + 2)  # shown at zero before any commit
        self.reload_failures = 0
        self.version: str | None = None
        self.registry.register(_CallCollector(self))

    def policy_loaded(self, version: str) -> None:
        self.version = version

    def reload_failed(self) -> None:
        """A policy set refused on reload."""
        self.reload_failures += 1

    def call(self, tool: str | None, outcome: str, rules: list[str] | None,
             latency_ms: dict[str, float], shadow: list[str] | None = None) -> None:
        key = (tool or "", outcome)
        calls = self.calls
        calls[key] = calls.get(key, 0) + 1
        if rules:
            violations = self.violations
            for rule in rules:
                violations[rule] = violations.get(rule, 0) + 1
        if shadow:
            shadowed = self.shadow
            for rule in shadow:
                shadowed[rule] = shadowed.get(rule, 0) + 1
        observe = self.step.observe
        for step, ms in latency_ms.items():
            observe(step, ms / 1e3)

    def upstream_observer(self) -> Callable[[str, float], None]:
        """``(tool, seconds)`` for each forwarded call."""
        return self.upstream.observe

    def commit_observer(self) -> Callable[[float], None]:
        """``(seconds)`` for each store commit."""
        return partial(self.commit.observe, "")

    def watch_gate(self, rt: Runtime) -> None:
        self.registry.register(_GateCollector(rt))
        self.registry.register(_CacheCollector(rt))


class _CallCollector(Collector):
    """The per-call numbers of ``Metrics``, as metric families at scrape time."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def describe(self) -> Iterator[Metric]:
        return self.collect()  # the families, whatever their samples

    def collect(self) -> Iterator[Metric]:
        m = self.metrics
        calls = CounterMetricFamily("callgate_calls", "Calls by tool and outcome.",
                                    labels=["tool", "outcome"])
        for (tool, outcome), n in m.calls.items():
            calls.add_metric([tool, outcome], n)
        yield calls
        yield _by_rule("callgate_rule_violations", "Rules that fired.", m.violations)
        yield _by_rule("callgate_shadow_violations",
                       "Shadow-mode rules that fired: calls they would have refused.", m.shadow)
        yield m.step.family("callgate_call_seconds", "Time per step of a call.", "step")
        yield m.upstream.family("callgate_upstream_seconds", "Time waiting on the upstream.",
                                "tool")
        policy = GaugeMetricFamily("callgate_policy_info", "The policy version loaded.",
                                   labels=["version"])
        if m.version is not None:
            policy.add_metric([m.version], 1)
        yield policy
        yield CounterMetricFamily("callgate_policy_reload_failures",
                                  "Policy sets refused on reload.", value=m.reload_failures)
        yield m.commit.family("callgate_store_commit_seconds",
                              "Time to commit one store write (a group commit on SQLite).", None)


def _by_rule(name: str, documentation: str, counts: dict[str, int]) -> CounterMetricFamily:
    family = CounterMetricFamily(name, documentation, labels=["rule"])
    for rule, n in counts.items():
        family.add_metric([rule], n)
    return family


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


class _CacheCollector(Collector):
    """The sessions held in memory (``SessionCache``), at scrape time."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt

    def describe(self) -> Iterator[Metric]:
        return self.collect()

    def collect(self) -> Iterator[Metric]:
        cache = self.rt.sessions
        yield GaugeMetricFamily("callgate_session_cache_sessions", "Sessions held in memory.",
                                value=len(cache))
        yield GaugeMetricFamily("callgate_session_cache_bytes",
                                "Estimated memory of the sessions held (store.cache_mb bounds it).",
                                value=cache.bytes)
        yield CounterMetricFamily("callgate_session_cache_evictions",
                                  "Sessions dropped from memory to stay within the bounds "
                                  "(read back from the store when used again).",
                                  value=cache.evictions)


async def metrics_route(request: web.Request) -> web.Response:
    from .api.keys import RUNTIME

    rt = request.app[RUNTIME]
    if rt.gate is not None:
        with contextlib.suppress(StoreError):  # a store that cannot answer: no gate gauges
            await rt.gate.refresh_stats()
    body = generate_latest(rt.metrics.registry)
    return web.Response(body=body, headers={"Content-Type": "text/plain; version=0.0.4"})
