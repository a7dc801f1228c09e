"""Trace context from the agent to the upstream: W3C traceparent always, OpenTelemetry spans
with the `otel` extra (InMemorySpanExporter reads them back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from aiohttp import web

from proxy import telemetry

from .conftest import MODE, ProxyFactory, start_session

AGENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
AGENT_PARENT = "00f067aa0ba902b7"
HEADER = f"00-{AGENT_TRACE}-{AGENT_PARENT}-01"


def call_records(tmp_path: Path) -> list[dict[str, Any]]:
    lines = (tmp_path / "traces.jsonl").read_bytes().splitlines()
    return [r for r in map(orjson.loads, lines) if r["event"] == "call"]


async def lookup(client: Any, sid: str, headers: dict[str, str]) -> int:
    resp = await client.post(f"/v1/sessions/{sid}/calls", headers=headers, json={
        "tool": "find_user_id_by_email", "arguments": {"email": "a@example.com"}})
    return resp.status


@pytest.mark.parametrize("header", [HEADER, HEADER.upper(), "00-" + "0" * 32 + "-" + AGENT_PARENT
                                    + "-01", "garbage", None])
def test_parse_follows_the_spec(header: str | None) -> None:
    got = telemetry.parse(header)
    assert got == ((AGENT_TRACE, "01") if header == HEADER else None)


async def test_the_agents_trace_reaches_the_record_and_the_upstream(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
    tmp_path: Path,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    assert await lookup(client, sid, {"traceparent": HEADER}) == 200
    record = call_records(tmp_path)[-1]
    assert record["trace_id"] == AGENT_TRACE and record["span_id"] != AGENT_PARENT
    sent = fake_upstream_app[MODE]["last_headers"]["traceparent"]
    version, trace_id, parent, flags = sent.split("-")
    assert (version, trace_id, flags) == ("00", AGENT_TRACE, "01")
    assert parent not in (AGENT_PARENT, "0" * 16)
    # no header, or a broken one: a trace of its own, still passed on
    assert await lookup(client, sid, {"traceparent": "00-xyz"}) == 200
    fresh = call_records(tmp_path)[-1]["trace_id"]
    assert len(fresh) == 32 and fresh != AGENT_TRACE
    assert fake_upstream_app[MODE]["last_headers"]["traceparent"].split("-")[1] == fresh


async def test_otel_spans_per_call_and_step_continue_the_agents_trace(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
    tmp_path: Path,
) -> None:
    pytest.importorskip("opentelemetry.sdk")
    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    provider = trace.get_tracer_provider()
    if not isinstance(provider, TracerProvider):  # once per process, as a host program would
        provider = TracerProvider()
        trace.set_tracer_provider(provider)
    exporter = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    fake = await aiohttp_server(fake_upstream_app)
    try:
        client, _ = await make_proxy(str(fake.make_url("")), telemetry={"otel": True})
        sid = await start_session(client)
        assert await lookup(client, sid, {"traceparent": HEADER}) == 200
    finally:
        telemetry.setup(False)
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert {"callgate.call", "decide", "enforce", "upstream"} <= set(spans)
    root = spans["callgate.call"]
    assert f"{root.context.trace_id:032x}" == AGENT_TRACE
    assert root.parent is not None and f"{root.parent.span_id:016x}" == AGENT_PARENT
    for name in ("decide", "enforce"):
        assert spans[name].parent.span_id == root.context.span_id
    assert spans["upstream"].parent.span_id == spans["enforce"].context.span_id
    sent = fake_upstream_app[MODE]["last_headers"]["traceparent"].split("-")
    assert sent[1] == AGENT_TRACE and sent[2] == f"{spans['upstream'].context.span_id:016x}"
    record = call_records(tmp_path)[-1]
    assert (record["trace_id"], record["span_id"]) == (AGENT_TRACE,
                                                       f"{root.context.span_id:016x}")


def test_trace_files_rotate_between_records_and_keep_the_newest(tmp_path: Path) -> None:
    from proxy.trace import Tracer, TraceRecord

    path = tmp_path / "t" / "traces.jsonl"
    tracer = Tracer(str(path), rotate_bytes=2000, keep=3)
    tracer.open()
    for n in range(200):
        tracer.emit(TraceRecord(ts="2026-11-30T00:00:00Z", event="message", session_id="s",
                                seq=n, role="user", content="x" * 50))
    tracer.close()
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == ["traces.jsonl", "traces.jsonl.1", "traces.jsonl.2", "traces.jsonl.3"]
    seqs = []
    for name in reversed(files):  # oldest first
        data = (path.parent / name).read_bytes()
        assert len(data) <= 2000 and data.endswith(b"\n")
        seqs += [orjson.loads(line)["seq"] for line in data.splitlines()]
    assert seqs == list(range(seqs[0], 200))  # whole records, in order, the newest kept
    assert oct(path.stat().st_mode & 0o777) == "0o600"
