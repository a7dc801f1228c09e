"""Trace context: W3C ``traceparent`` from the agent to the upstream, and OpenTelemetry spans.

Always on, without any extra: a call's trace id comes from the agent's ``traceparent`` header
(or is made up when there is none or it is malformed), is written into the call's trace record
(``trace_id``, ``span_id``), and is passed on to the upstream as a ``traceparent`` whose parent
is the call's own span. So the agent's trace, callgate's record and the upstream's logs join up.

With ``telemetry.otel: true`` and the ``otel`` extra installed (``pip install 'callgate[otel]'``),
each call is also an OpenTelemetry span (``callgate.call``) with a child span per pipeline step
(``checks``, ``decide``, ``enforce``) and per upstream request (``upstream``), exported over
OTLP/HTTP when ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or the traces variant) is set; the ids in the
trace records and in the upstream's ``traceparent`` are then the spans' own.

https://www.w3.org/TR/trace-context/
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from .errors import ConfigError
from .ids import random_hex

_TRACEPARENT = re.compile(r"^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$")
_ZERO_TRACE, _ZERO_SPAN = "0" * 32, "0" * 16


@dataclass(frozen=True, slots=True)
class TraceContext:
    trace_id: str  # 32 lower-case hex digits
    span_id: str  # 16: this call's span
    flags: str = "01"  # sampled

    def child(self) -> str:
        """A ``traceparent`` for a request this call makes: same trace, a new span under ours."""
        return f"00-{self.trace_id}-{random_hex(16)}-{self.flags}"


def parse(header: str | None) -> tuple[str, str] | None:
    """(trace id, flags) of a valid ``traceparent``, else None (the spec says: start anew)."""
    if not header or len(header) > 512:
        return None
    m = _TRACEPARENT.match(header.strip())
    if m is None:
        return None
    version, trace_id, parent, flags, rest = m.groups()
    if version == "ff" or trace_id == _ZERO_TRACE or parent == _ZERO_SPAN:
        return None
    if version == "00" and rest:  # version 00 has exactly four fields
        return None
    return trace_id, flags


current: contextvars.ContextVar[TraceContext | None] = contextvars.ContextVar(
    "callgate_trace", default=None)

_NULL = contextlib.nullcontext()
_otel: Any = None  # the OpenTelemetry tracer, when enabled


def setup(enabled: bool, service_name: str = "callgate") -> None:
    """Turn OpenTelemetry spans on (the ``otel`` extra must be installed) or off."""
    global _otel
    if not enabled:
        _otel = None
        return
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError as e:
        raise ConfigError("telemetry.otel is true but OpenTelemetry is not installed: "
                          "pip install 'callgate[otel]'") from e
    provider = trace.get_tracer_provider()
    if not isinstance(provider, TracerProvider):  # none set by the host program: ours
        provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
        if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or os.environ.get(
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"):
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

            provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
        trace.set_tracer_provider(provider)
    _otel = trace.get_tracer("callgate")


class _CallSpan:
    """The call's context without OpenTelemetry: a class, not a generator, since it is entered
    on every call."""

    __slots__ = ("tc", "token")

    def __init__(self, tc: TraceContext) -> None:
        self.tc = tc

    def __enter__(self) -> TraceContext:
        self.token = current.set(self.tc)
        return self.tc

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        current.reset(self.token)


def header_names() -> frozenset[bytes] | None:
    """The request headers a call's answer reads (lower case): its bearer token and the
    agent's ``traceparent``; None (all of them) with OpenTelemetry on, whose propagators may
    read others (``tracestate``, ``baggage``, B3)."""
    return _ANSWER_HEADERS if _otel is None else None


_ANSWER_HEADERS = frozenset({b"authorization", b"traceparent"})


def call_span(headers: Mapping[str, str], **attributes: Any
              ) -> contextlib.AbstractContextManager[TraceContext]:
    """The span of one agent call: continues the agent's trace, or starts one."""
    if _otel is not None:
        return _otel_call_span(headers, attributes)
    got = parse(headers.get("traceparent"))
    if got is None:  # a new trace: its id and the span's in one draw
        ids = random_hex(48)
        return _CallSpan(TraceContext(ids[:32], ids[32:]))
    return _CallSpan(TraceContext(got[0], random_hex(16), got[1]))


@contextlib.contextmanager
def _otel_call_span(headers: Mapping[str, str], attributes: dict[str, Any]
                    ) -> Iterator[TraceContext]:
    from opentelemetry import propagate

    with _otel.start_as_current_span("callgate.call", context=propagate.extract(headers),
                                     attributes=attributes) as span:
        ctx = span.get_span_context()
        tc = TraceContext(f"{ctx.trace_id:032x}", f"{ctx.span_id:016x}",
                          f"{int(ctx.trace_flags):02x}")
        token = current.set(tc)
        try:
            yield tc
        finally:
            current.reset(token)


def step(name: str) -> contextlib.AbstractContextManager[Any]:
    """A child span for one pipeline step (nothing at all without OpenTelemetry)."""
    if _otel is None or current.get() is None:
        return _NULL
    return _otel.start_as_current_span(name)  # type: ignore[no-any-return]


def upstream_span(name: str, headers: dict[str, str]) -> contextlib.AbstractContextManager[Any]:
    """Around one upstream request: puts the ``traceparent`` for it into ``headers``."""
    tc = current.get()
    if tc is None:
        return _NULL
    if _otel is None:
        headers["traceparent"] = tc.child()
        return _NULL
    return _otel_upstream_span(name, headers)


@contextlib.contextmanager
def _otel_upstream_span(name: str, headers: dict[str, str]) -> Iterator[None]:
    from opentelemetry import propagate

    with _otel.start_as_current_span("upstream", attributes={"callgate.tool": name}):
        propagate.inject(headers)
        yield
