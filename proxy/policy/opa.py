"""The OPA backend: ``rego`` rules decided by an OPA server through opa-python-client.

opa-python-client 3.0 is wrapped so that a decision is one bounded request: one client per process,
no retries (its default retries HTTP 500 three times with backoff and drops OPA's error body),
orjson serialisation, and ``rego_compat=False`` when uploading modules (its default silently
rewrites policies). Fail closed on error, timeout or an undefined decision.

The input document is versioned and described by ``schemas/policy-input.schema.json``. It is a
compact view of the session (identity, the facts the rule names, executed writes, the last user
reply's classification), never the raw transcript: Rego engines spend most of their time
ingesting input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import orjson
from opa_client.opa_async import AsyncOpaClient

from ..catalog import Catalog, Tool
from ..errors import ConfigError, PolicyError
from ..parse import loads as json_loads
from ..session import CallRecord, Role, SessionState
from .confirm import reply_of
from .decision import Violation
from .engine import CallInput, CompiledRule
from .model import PolicyFile, RegoRule
from .rules import Identity

INPUT_VERSION = 1
UNDEFINED = object()


class _Client(AsyncOpaClient):  # type: ignore[misc]
    """opa-python-client's async client, with a decision call that is one request and keeps
    OPA's error body."""

    _session: Any

    async def open(self, timeout_s: float) -> None:
        await self._init_session()
        await self._session.close()  # replaced: same settings, orjson, our timeout
        self._session = aiohttp.ClientSession(
            headers=self.headers, timeout=aiohttp.ClientTimeout(total=timeout_s),
            json_serialize=lambda v: orjson.dumps(v).decode(),
        )

    async def decide(self, path: str, document: dict[str, Any]) -> Any:
        url = f"{self.root_url}/data/{path.strip('/')}"
        body = orjson.dumps({"input": document})
        async with self._session.post(url, data=body,
                                      headers={"Content-Type": "application/json"}) as resp:
            raw = await resp.read()
            if resp.status != 200:
                raise PolicyError(f"OPA answered {resp.status} for {path}: "
                                  f"{raw[:500].decode(errors='replace')}")
        try:
            answer = json_loads(raw)
        except orjson.JSONDecodeError as e:
            raise PolicyError(f"OPA answered {path} with invalid JSON") from e
        return answer.get("result", UNDEFINED) if isinstance(answer, dict) else UNDEFINED


class OpaBackend:
    """One OPA client for the process."""

    def __init__(self, url: str, timeout_s: float = 1.0) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"OPA url {url!r} must be http(s)://host:port")
        self.url = url
        self.timeout_s = timeout_s
        self._client = _Client(host=parts.hostname, port=parts.port or 8181,
                               ssl=parts.scheme == "https", retries=0, timeout=timeout_s)
        self._open = False

    async def open(self) -> None:
        if not self._open:
            await self._client.open(self.timeout_s)
            self._open = True

    async def close(self) -> None:
        if self._open:
            await self._client.close_connection()
            self._open = False

    async def upload(self, name: str, module: str) -> None:
        """Put a Rego module on the server; a syntax error there is a ``ConfigError``."""
        await self.open()
        try:
            await self._client.update_policy_from_string(module, name, rego_compat=False)
        except Exception as e:
            raise ConfigError(f"OPA refused module {name}: {e}") from e

    async def query(self, path: str, document: dict[str, Any]) -> Any:
        await self.open()
        try:
            return await self._client.decide(path, document)
        except aiohttp.ClientError as e:  # (its cause in words, not the client's repr)
            cause = getattr(getattr(e, "os_error", None), "strerror", None) or str(e) \
                or type(e).__name__
            raise PolicyError(f"OPA unreachable at {self.url}: {cause}") from e
        except TimeoutError as e:  # the client's own limit (the rule's is outside this call)
            raise PolicyError(f"OPA at {self.url} did not answer within {self.timeout_s}s "
                              "(timeouts.decision_s)") from e


def _related(arguments: dict[str, Any], call_args: dict[str, Any]) -> bool:
    """Whether an earlier call is about the same thing: every argument it shares by name with
    this call has the same value (one that shares none is kept: it cannot be told apart)."""
    return all(arguments[k] == call_args[k] for k in arguments.keys() & call_args.keys())


def input_document(call: CallInput, identity: Identity, fact_tools: tuple[str, ...]
                   ) -> dict[str, Any]:
    """The versioned input document (schemas/policy-input.schema.json).

    Compact by construction: for the read tools the rule names, the latest result per distinct
    arguments, and only reads and writes about the same things as this call (sharing no argument
    with a different value). Its size follows what the call is about, not the session's length.
    """
    session: SessionState = call.session
    args = call.arguments
    facts: dict[str, list[dict[str, Any]]] = {}
    for tool in fact_tools:
        seen: dict[str, CallRecord] = {}  # the latest per arguments (older answers unread)
        for c in _about(session, tool, args):
            seen[orjson.dumps(c.arguments, option=orjson.OPT_SORT_KEYS).decode()] = c
        facts[tool] = [{"arguments": c.arguments, "result": c.result} for c in seen.values()]
    writes = [c for tool, calls in session.executed.items() if calls and calls[0].kind == "write"
              for c in _about(session, tool, args)]
    writes.sort(key=lambda c: c.seq)
    last_user = next((m for m in reversed(session.messages) if m.role is Role.USER), None)
    return {
        "version": INPUT_VERSION,
        "tool": {"name": call.tool.name, "kind": call.tool.kind.value,
                 "domain": call.tool.domain},
        "arguments": args,
        "session": {
            "id": session.session_id, "environment": session.environment.value,
            "tags": session.tags,
            "identity": session.identity(identity) if identity else None,
            "last_user_reply": reply_of(last_user) if last_user else None,
        },
        "facts": facts,
        "writes": [{"tool": c.tool, "arguments": c.arguments} for c in writes],
    }


def _about(session: SessionState, tool: str, args: dict[str, Any]) -> list[CallRecord]:
    """Successful calls of ``tool`` related to ``args``; through the argument index when the
    tool takes one of this call's arguments, so the cost does not grow with the session."""
    calls = session.executed.get(tool, [])
    for name, value in args.items():
        if isinstance(value, str | int | float | bool) and calls and name in calls[0].arguments:
            return [c for c in session.calls_with(tool, name, value)
                    if _related(c.arguments, args)]
    return [c for c in calls if _related(c.arguments, args)]


def _violations(rule: RegoRule, result: Any) -> Violation | None:
    """Map OPA's answer: true / [] / {allow: true} allow; false / [reasons] / {allow: false}
    refuse. Anything else, or no answer, is an error (fail closed)."""
    default = rule.message or f"Refused by policy rule {rule.id}."
    if result is UNDEFINED:
        raise PolicyError(f"OPA decision {rule.query} is undefined")
    if isinstance(result, bool):
        return None if result else Violation(rule.id, rule.kind, rule.route, default)
    if isinstance(result, list) and all(isinstance(r, str) for r in result):
        if not result:
            return None
        return Violation(rule.id, rule.kind, rule.route, " ".join(result), {"reasons": result})
    if isinstance(result, dict) and isinstance(result.get("allow"), bool):
        if result["allow"]:
            return None
        message = result.get("message")
        return Violation(rule.id, rule.kind, rule.route,
                         message if isinstance(message, str) else default)
    raise PolicyError(f"OPA decision {rule.query} is not a boolean, a list of reasons or "
                      f"{{allow, message}}: {str(result)[:200]}")


def compile_rego(rule: RegoRule, catalog: Catalog, spec: PolicyFile, directory: Path,
                 opa: object | None, where: str) -> CompiledRule:
    from .rules import compile_selector

    if not isinstance(opa, OpaBackend):
        raise ConfigError(f"{where}: rule {rule.id} is a rego rule, but no OPA server is "
                          "configured (policy.opa_url)")
    if rule.module is not None and not (directory / rule.module).is_file():
        raise ConfigError(f"{where}: Rego module {rule.module} not found in {directory}")
    for tool in rule.facts:
        if catalog.get(tool) is None:
            raise ConfigError(f"{where}: facts names unknown tool {tool!r}")
    selector = compile_selector(rule.tools, catalog, where)
    domain, fact_tools, path = spec.domain, rule.facts, rule.query
    identity = tuple((s.tool, s.argument) for s in spec.identity)

    def applies(tool: Tool) -> bool:
        return tool.domain == domain and selector(tool)

    async def acheck(call: CallInput) -> Violation | None:
        result = await opa.query(path, input_document(call, identity, fact_tools))
        return _violations(rule, result)

    return CompiledRule(rule.id, rule.kind, applies, acheck=acheck, timeout_s=rule.timeout_s,
                        fail_open=rule.fail_open)


def rego_modules(spec: PolicyFile, directory: Path) -> list[tuple[str, str]]:
    """(name, text) of every Rego module the policy's rules name, for upload before use."""
    out = []
    for rule in spec.rules:
        if isinstance(rule, RegoRule) and rule.module:
            name = f"callgate/{spec.domain}/{Path(rule.module).stem}"
            out.append((name, (directory / rule.module).read_text(encoding="utf-8")))
    return out
