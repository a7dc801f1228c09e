"""The one configuration file, loaded once at start-up into frozen models.

Relative paths in the file are relative to the file's own folder. Nothing reads the environment
after this module has built a ``Config``. See docs/configuration.md for the reference.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pydantic

from .catalog import DISCOVER, Catalog, load_catalog
from .errors import ConfigError
from .yamlfile import load_yaml, validate_doc


class _Frozen(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class Listen(_Frozen):
    host: str = "127.0.0.1"
    port: int = pydantic.Field(8080, ge=0, le=65535)
    max_connections: int = pydantic.Field(900, gt=0)  # open at once; more are closed at once
    # a connection without a complete request for this long (new, idle, or trickling its
    # headers) is closed
    idle_timeout_s: float = pydantic.Field(15.0, gt=0)
    # per agent key (or client address without keys): requests a second, and the burst
    rate_per_s: float | None = pydantic.Field(None, gt=0)
    burst: int = pydantic.Field(20, gt=0)
    # the conversation routes answered on callgate's own protocol (proxy/front.py); false:
    # every request goes through aiohttp's server
    front: bool = True


class StoreConfig(_Frozen):
    backend: Literal["sqlite", "postgres"] = "sqlite"
    path: Path = Path("callgate.db")  # sqlite
    dsn: str = "postgresql://postgres@127.0.0.1:5432/postgres"  # postgres
    # postgres: the environment variable holding the DSN (it carries a password); wins over dsn
    dsn_env: str | None = None
    schema_name: str = pydantic.Field("callgate", alias="schema")  # postgres
    max_connections: int = pydantic.Field(20, gt=1)  # postgres: the lock connection and a pool
    # postgres: how long a connection keeps a session's lock after its call (a next call on it
    # then needs no round trip to enter; another replica waits at most this much longer)
    linger_ms: float = pydantic.Field(5, ge=0, le=1000)
    # postgres: one of the max_connections holds the sessions' locks and takes many calls'
    # enters and releases in each round trip (false: each call enters on a connection of its own)
    lock_connection: bool = True
    # memory for sessions kept in this process (estimated, MiB): past it, the least recently
    # used sessions are dropped from memory and read back from the store when used again
    cache_mb: float = pydantic.Field(512, gt=0)


class TraceConfig(_Frozen):
    path: str = "traces.jsonl"  # a file (appended to), or "-" for standard output
    # Rotate the file when it would pass this size: traces.jsonl -> .1 -> .2 ..., `keep` old ones.
    rotate_mb: float | None = pydantic.Field(None, gt=0)
    keep: int = pydantic.Field(5, ge=1, le=1000)
    redact: tuple[str, ...] = ()  # argument names replaced by "[redacted]" in every tool's trace
    redact_tools: dict[str, tuple[str, ...]] = {}  # per tool: argument names to redact
    # field names (at any depth of arguments and results) whose values never reach a trace
    sensitive: tuple[str, ...] = ("password", "passcode", "pin", "cvv", "cvc", "card_number",
                                  "ssn", "totp", "secret", "token", "api_key")


class TelemetryConfig(_Frozen):
    # OpenTelemetry spans per call and step (needs the `otel` extra); W3C traceparent is
    # passed from the agent to the upstream either way. Export: OTEL_EXPORTER_OTLP_ENDPOINT.
    otel: bool = False
    service_name: str = "callgate"


class Limits(_Frozen):
    max_body_bytes: int = pydantic.Field(64 * 1024, gt=0)
    max_depth: int = pydantic.Field(32, gt=0, le=500)
    max_message_chars: int = pydantic.Field(100_000, gt=0)
    max_upstream_bytes: int = pydantic.Field(4 * 1024 * 1024, gt=0)


class Timeouts(_Frozen):
    client_body_s: float = pydantic.Field(5.0, gt=0)
    upstream_connect_s: float = pydantic.Field(2.0, gt=0)
    upstream_total_s: float = pydantic.Field(10.0, gt=0)
    decision_s: float = pydantic.Field(0.5, gt=0)
    shutdown_s: float = pydantic.Field(15.0, ge=0)


class UpstreamConfig(_Frozen):
    # http: the catalog binds each tool to a method and path; mcp: base_url is an MCP server's
    # streamable-HTTP endpoint, its tools discovered from tools/list (proxy/mcp_upstream.py)
    kind: Literal["http", "mcp"] = "http"
    base_url: str = pydantic.Field(pattern=r"^https?://")
    sandbox_url: str | None = pydantic.Field(None, pattern=r"^https?://")
    max_connections: int = pydantic.Field(100, gt=0)
    # The upstream honours Idempotency-Key (a repeated key returns the first answer and changes
    # nothing). Then an approved ticket whose delivery a crash interrupted is sent again with
    # the same key; otherwise it becomes "outcome unknown" for a human.
    idempotent: bool = False


class PolicyConfig(_Frozen):
    dirs: tuple[Path, ...] = ()  # policy directories (one per domain); none: every valid call runs
    reload_s: float = pydantic.Field(2.0, ge=0)  # how often to look for changed files; 0: never
    opa_url: str | None = pydantic.Field(None, pattern=r"^https?://")  # for `rego` rules


class ConfirmationsConfig(_Frozen):
    # The environment variable holding the bearer token of the trusted front end that posts
    # token-mode confirmations. Read once at start-up. Unset: token confirmations are refused.
    frontend_token_env: str | None = None


class GateConfig(_Frozen):
    ticket_ttl_s: float = pydantic.Field(86_400.0, gt=0)  # a held call expires after this
    session_idle_s: float = pydantic.Field(900.0, gt=0)  # operator sessions
    session_max_s: float = pydantic.Field(28_800.0, gt=0)
    login_max_failures: int = pydantic.Field(5, gt=0)  # per username, in the window
    login_window_s: float = pydantic.Field(300.0, gt=0)
    # Agents must send `Authorization: Bearer cgk_...` (keys from `callgate agent-key create`).
    require_agent_key: bool = False
    webhook_url: str | None = pydantic.Field(None, pattern=r"^https?://")
    webhook_secret_env: str | None = None  # the HMAC key for the webhook's signature
    webhook_attempts: int = pydantic.Field(3, ge=1, le=10)
    # the environment variable with the key that seals operators' TOTP secrets at rest
    secrets_key_env: str = "CALLGATE_SECRETS_KEY"
    # How long a replica owns an approval it is delivering; after that (it died mid-delivery)
    # another replica takes it over. Default: the upstream timeout plus 5 s.
    outbox_lease_s: float | None = pydantic.Field(None, gt=0)
    sweep_s: float = pydantic.Field(1.0, gt=0)  # expiry and outbox takeover, how often


class UiConfig(_Frozen):
    """The operator pages under /ui on the proxy's port."""

    enabled: bool = True
    poll_s: float = pydantic.Field(5.0, ge=0.2, le=300)  # how often open pages look for changes
    # Session cookies are Secure (sent over HTTPS only; browsers also take them on localhost).
    # Turn off only behind a TLS-terminating front that talks plain HTTP to a non-local name.
    secure_cookie: bool = True


class Config(_Frozen):
    listen: Listen = Listen()
    store: StoreConfig = StoreConfig()
    trace: TraceConfig = TraceConfig()
    limits: Limits = Limits()
    timeouts: Timeouts = Timeouts()
    upstreams: dict[str, UpstreamConfig]
    catalogs: tuple[Path, ...] = pydantic.Field(min_length=1)
    policy: PolicyConfig = PolicyConfig()
    confirmations: ConfirmationsConfig = ConfirmationsConfig()
    gate: GateConfig = GateConfig()
    ui: UiConfig = UiConfig()
    telemetry: TelemetryConfig = TelemetryConfig()
    base_dir: Path = Path(".")

    def resolve(self, p: Path) -> Path:
        return p if p.is_absolute() else (self.base_dir / p)


def load_config(path: Path) -> Config:
    """Load and check a configuration file; errors name file, line and field."""
    doc = load_yaml(path)
    if isinstance(doc.value, dict):
        doc.value.setdefault("base_dir", str(path.parent.resolve()))
    config = validate_doc(Config, doc)
    for name, up in config.upstreams.items():
        if up.sandbox_url is not None and _origin(up.sandbox_url) == _origin(up.base_url):
            # sandbox sessions would reach the live service: environments must never mix
            raise ConfigError(
                f"{doc.where(('upstreams', name, 'sandbox_url'))}: upstreams.{name}.sandbox_url "
                f"points at the same service as its base_url ({_origin(up.base_url)}); a "
                "sandbox session would reach live data. Give the sandbox its own service, or "
                "leave sandbox_url out (sandbox calls are then refused)")
    return config


def _origin(url: str) -> str:
    """scheme://host:port of a URL (the default port spelled out), for comparing services."""
    from urllib.parse import urlsplit

    u = urlsplit(url)
    port = u.port or (443 if u.scheme == "https" else 80)
    return f"{u.scheme}://{(u.hostname or '').lower()}:{port}"


def load_tools(config: Config) -> Catalog:
    """Load every catalog the configuration names and check their upstreams are declared."""
    tools = []
    for p in config.catalogs:
        path = config.resolve(p)
        for tool in load_catalog(path):
            if tool.upstream not in config.upstreams:
                raise ConfigError(
                    f"{path}: upstream {tool.upstream!r} is not declared under 'upstreams' in the "
                    f"configuration (declared: {sorted(config.upstreams)})"
                )
            if tool.schema.get(DISCOVER) and config.upstreams[tool.upstream].kind != "mcp":
                raise ConfigError(f"{path}: tool {tool.name!r} has no schema; only tools of an "
                                  "MCP upstream (kind: mcp) may leave it to discovery")
            tools.append(tool)
    return Catalog(tools)
