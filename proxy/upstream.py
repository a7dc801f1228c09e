"""The one client to the domain APIs: one connection pool for the process (proxy/http_client.py),
bounded timeouts, no retry.

A write is sent once, with an ``Idempotency-Key`` (the call id), and never retried here: an answer
that does not come in time is reported as ``upstream_timeout``, whose outcome is unknown.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import orjson
import structlog

from . import telemetry
from .catalog import TOOL_READ, Tool, ToolKind
from .config import Config
from .errors import (
    RequestError,
    UpstreamNotSent,
    UpstreamOutcomeUnknown,
    UpstreamRejected,
    UpstreamTimeout,
    UpstreamTooLarge,
    UpstreamUnavailable,
)
from .http_client import Broken, HttpClient, NotSent, TooLarge
from .mcp_upstream import McpUpstream, mcp_upstreams
from .parse import loads as json_loads
from .payments import SandboxPayments
from .session import ENV_SANDBOX, Environment

log = structlog.get_logger("callgate.upstream")


@dataclass(frozen=True, slots=True)
class UpstreamResult:
    status: int
    body: Any
    size: int = 0  # the body's length in bytes as received (0: not known)


class Upstreams:
    """Sends validated, re-serialised calls to the upstream bound to each tool."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self._http: HttpClient | None = None
        self._total_s = config.timeouts.upstream_total_s
        self._max_bytes = config.limits.max_upstream_bytes
        self.observe: Callable[[str, float], None] | None = None  # (tool, seconds), for metrics
        self.mcp: dict[str, McpUpstream] = {}  # kind: mcp upstreams, live side (opened at open)
        # where sandbox sessions' payment tools run (set by the runtime: it needs the store)
        self.sandbox_payments: SandboxPayments | None = None

    async def open(self) -> None:
        self.mcp = mcp_upstreams(self.config)
        for up in self.mcp.values():
            await up.open()
        limit = sum(u.max_connections for u in self.config.upstreams.values())
        self._http = HttpClient(max(limit, 1), self.config.timeouts.upstream_connect_s)

    async def _sandbox_payment(self, tool: Tool, arguments: dict[str, Any], call_id: str
                               ) -> UpstreamResult:
        """A payment tool in a sandbox session: the sandbox provider, never a live service."""
        spec, provider = tool.payment, self.sandbox_payments
        assert spec is not None and provider is not None
        op = spec.operation
        amount, currency = arguments.get(spec.amount), arguments.get(spec.currency)
        try:
            if op == "get":
                body: Any = (await provider.get(str(arguments.get(spec.payment_id)))).view()
            elif op in ("charge", "authorise"):
                body = await provider.authorise(call_id, amount, str(currency),
                                                capture=op == "charge")
            else:
                body = await provider.operate(
                    call_id, str(arguments.get(spec.payment_id)), op,
                    amount if op in ("refund", "adjust") else None,
                    str(currency) if op in ("refund", "adjust") else None)
        except RequestError as e:  # the provider refused: like an upstream's 4xx, with its words
            raise UpstreamRejected(f"the sandbox refused {tool.name}: {e}",
                                   upstream_status=e.status, body={"error": str(e)}) from e
        return UpstreamResult(200, body)

    async def close(self) -> None:
        for up in self.mcp.values():
            await up.close()
        self.mcp = {}
        if self._http is not None:
            await self._http.close()
            self._http = None

    def base_url(self, tool: Tool, environment: Environment) -> str | None:
        up = self.config.upstreams[tool.upstream]
        if environment is ENV_SANDBOX:
            return up.sandbox_url
        return up.base_url

    async def send(
        self, tool: Tool, arguments: dict[str, Any], environment: Environment, call_id: str
    ) -> UpstreamResult:
        """Forward one call. Raises an ``UpstreamError`` unless the upstream answered 2xx."""
        assert self._http is not None, "Upstreams.open() was not awaited"
        base = self.base_url(tool, environment)
        if base is None:
            raise UpstreamUnavailable(
                f"upstream {tool.upstream!r} has no sandbox_url; sandbox sessions cannot reach it"
            )
        if environment is ENV_SANDBOX and tool.payment is not None \
                and self.sandbox_payments is not None:
            return await self._sandbox_payment(tool, arguments, call_id)
        server = self.mcp.get(tool.upstream)
        if server is not None:
            if environment is Environment.SANDBOX:  # environments never mix
                raise UpstreamUnavailable(f"upstream {tool.upstream!r} is an MCP server without "
                                          "a sandbox; sandbox sessions cannot reach it")
            started = time.perf_counter()
            try:
                status, body = await server.call(tool, arguments)
            finally:
                if self.observe is not None:
                    self.observe(tool.name, time.perf_counter() - started)
            return UpstreamResult(status, body)
        path, query, body = tool.binding.build(arguments)
        if query:
            path += "?" + urlencode(query, quote_via=quote)
        headers = {"Accept": "application/json", "Idempotency-Key": call_id}
        data = None
        if body is not None:
            data = orjson.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            with telemetry.upstream_span(tool.name, headers):
                resp = await self._http.request(base, tool.binding.method, path,
                                                list(headers.items()), data, self._total_s,
                                                self._max_bytes,
                                                retry_stale=tool.kind is TOOL_READ)
        except NotSent as e:  # nothing reached the upstream
            log.warning("upstream_unreachable", upstream=tool.upstream, tool=tool.name,
                        error=str(e))  # the detail for operators; the agent gets a sentence
            raise UpstreamNotSent(f"{tool.upstream} could not be reached for {tool.name}; "
                                  "nothing was sent") from e
        except TimeoutError as e:
            raise UpstreamTimeout(
                f"{tool.upstream} did not answer {tool.name} within "
                f"{self._total_s}s (outcome unknown)"
            ) from e
        except TooLarge as e:
            if tool.kind is ToolKind.WRITE:  # it answered, so it ran, and the answer is lost
                raise UpstreamOutcomeUnknown(
                    f"{tool.upstream} answered {tool.name} with more than {self._max_bytes} "
                    "bytes; the write may have taken effect") from e
            raise UpstreamTooLarge(
                f"{tool.upstream} answered {tool.name} with more than {self._max_bytes} bytes"
            ) from e
        except Broken as e:
            log.warning("upstream_connection_broken", upstream=tool.upstream, tool=tool.name,
                        error=str(e))
            if tool.kind is ToolKind.WRITE:  # sent, then the connection broke: it may have run
                raise UpstreamOutcomeUnknown(
                    f"{tool.upstream} broke the connection after {tool.name} was sent; the "
                    "outcome is unknown") from e
            raise UpstreamUnavailable(f"{tool.upstream} broke the connection during "
                                      f"{tool.name}") from e
        except asyncio.CancelledError:
            raise
        finally:
            if self.observe is not None:
                self.observe(tool.name, time.perf_counter() - started)
        parsed = _decode(resp.body, resp.content_type)
        if not 200 <= resp.status < 300:
            raise UpstreamRejected(
                f"{tool.upstream} answered {tool.name} with HTTP {resp.status}",
                upstream_status=resp.status, body=parsed,
            )
        return UpstreamResult(resp.status, parsed, len(resp.body))


def _decode(raw: bytes, content_type: str) -> Any:
    if not raw:
        return None
    if content_type.endswith("json"):
        try:
            return json_loads(raw)
        except orjson.JSONDecodeError:
            pass
    return raw.decode("utf-8", errors="replace")
