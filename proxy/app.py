"""The aiohttp application: routes, and the resources opened and closed around them."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import structlog
from aiohttp import web

from . import telemetry, ui
from .api import agent, health, mcp, openapi, operator
from .api.auth import authenticate
from .api.keys import RUNTIME
from .catalog import Catalog
from .config import Config, load_tools
from .errors import CallgateError, ConfigError, MethodNotAllowed, NoRoute
from .gate.accounts import Accounts
from .gate.sealed import Sealer
from .gate.service import Gate
from .listener import RateLimiter
from .mcp_upstream import discover
from .metrics import metrics_route
from .payments import SandboxPayments
from .pipeline import Runtime
from .policy import PolicySet
from .policy.loader import load_policies, policy_files
from .policy.opa import OpaBackend
from .store import open_store
from .store.cache import SessionCache
from .trace import Redactor, Tracer, round_ms
from .upstream import Upstreams
from .wire import error_envelope, json_response

log = structlog.get_logger("callgate.app")


def build_runtime(
    config: Config, *, catalog: Catalog | None = None, policy: PolicySet | None = None
) -> Runtime:
    """Everything a call needs, not yet opened (the app's cleanup context does that).

    Policy directories named in the configuration are loaded and compiled here: a broken policy
    stops start-up with its file and line.
    """
    telemetry.setup(config.telemetry.otel, config.telemetry.service_name)
    store = open_store(config.store, str(config.resolve(config.store.path)))
    trace_path = config.trace.path
    if trace_path != "-":
        trace_path = str(config.resolve(Path(trace_path)))
    opa = OpaBackend(config.policy.opa_url, config.timeouts.decision_s) \
        if config.policy.opa_url else None
    if policy is None:
        dirs = [config.resolve(d) for d in config.policy.dirs]
        policy = load_policies(dirs, opa) if dirs else PolicySet.empty()
    token_env = config.confirmations.frontend_token_env
    runtime = Runtime(
        config=config,
        catalog=catalog if catalog is not None else load_tools(config),
        policy=policy,
        store=store,
        sessions=SessionCache(store, max_bytes=int(config.store.cache_mb * 1024 * 1024)),
        upstreams=Upstreams(config),
        tracer=Tracer(trace_path, Redactor.of(config.trace),
                      rotate_bytes=None if config.trace.rotate_mb is None
                      else int(config.trace.rotate_mb * 1024 * 1024), keep=config.trace.keep),
        opa=opa,
        frontend_token=secret(token_env, "confirmations.frontend_token_env"),
    )
    runtime.metrics.policy_loaded(policy.version)
    runtime.upstreams.observe = runtime.metrics.upstream_observer()
    runtime.upstreams.sandbox_payments = SandboxPayments(store)
    if hasattr(store, "observe_commit"):
        store.observe_commit = runtime.metrics.commit_observer()
    if config.listen.rate_per_s is not None:
        runtime.limiter = RateLimiter(config.listen.rate_per_s, config.listen.burst,
                                      lambda: runtime.clock())
    g = config.gate  # the gate's tables live beside the sessions, on either backend
    runtime.accounts = Accounts(store, g.session_idle_s, g.session_max_s, g.login_max_failures,
                                g.login_window_s, Sealer.from_env(g.secrets_key_env))
    runtime.gate = Gate(config, store, runtime.upstreams, runtime.catalog, runtime.sessions,
                        secret(g.webhook_secret_env, "gate.webhook_secret_env"))
    runtime.gate.tracer = runtime.tracer
    runtime.gate.identity_sources = lambda domain: runtime.policy.identities.get(domain, ())
    runtime.metrics.watch_gate(runtime)
    return runtime


def secret(env: str | None, setting: str) -> str | None:
    """The secret in the environment variable ``env`` names. A configured secret that is
    missing or empty stops start-up: signing with an empty key would look like security."""
    if not env:
        return None
    value = os.environ.get(env, "")
    if not value.strip():
        raise ConfigError(f"{setting} names the environment variable {env}, which is "
                          f"{'empty' if env in os.environ else 'not set'}; set it to the secret, "
                          "or remove the setting")
    return value


def build_app(runtime: Runtime) -> web.Application:
    # The body limit is enforced by our own reader (with a structured 413); aiohttp's is a backstop.
    app = web.Application(client_max_size=runtime.config.limits.max_body_bytes + 1024,
                          middlewares=[access_log])
    app[RUNTIME] = runtime
    health.add_routes(app)
    app.router.add_get("/metrics", metrics_route)
    openapi.add_routes(app)
    agent.add_routes(app)
    operator.add_routes(app)
    mcp.add_routes(app)
    if runtime.config.ui.enabled:  # the operator pages: /ui, and / leads there
        app.add_subapp("/ui", ui.build(runtime))
        app.router.add_get("/", ui.home)
        app.router.add_get("/ui", ui.home)
    if mcp.available():  # the MCP front (the `mcp` extra): one code path with the HTTP route
        app[mcp.MCP_FRONT] = mcp.McpFront(runtime)
    app.cleanup_ctx.append(_resources)
    return app


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
access = structlog.get_logger("callgate.access")


@web.middleware
async def access_log(request: web.Request, handler: Handler) -> web.StreamResponse:
    """One line per request: method, the route it matched (not the raw path: ids and tokens in
    paths stay out of logs), status and time. No headers, no bodies. Then who may call it
    (``authenticate``; one middleware calling the other costs less than two)."""
    start = time.perf_counter()
    status = 500
    try:
        response = await authenticate(request, handler)
        status = response.status
        return response
    except web.HTTPException as e:
        status = e.status
        if request.match_info.http_exception is not None and status in (404, 405):
            return _no_route(request, e)  # (no route matched: said as the API says errors)
        raise
    finally:
        resource = request.match_info.route.resource
        access.info("request", method=request.method,
                    route=resource.canonical if resource is not None else None,
                    status=status, ms=round_ms((time.perf_counter() - start) * 1e3))


def _no_route(request: web.Request, e: web.HTTPException) -> web.Response:
    """A path no route serves, or a method it does not take, as the API's other errors are
    said (``outcome``, ``message``, ``errors``), with ``Allow`` where the method was wrong."""
    if e.status == 405:
        err: CallgateError = MethodNotAllowed(
            f"{request.method} {request.path}: it takes {e.headers.get('Allow', 'other methods')}")
    else:
        err = NoRoute(f"{request.method} {request.path}: no route serves it")
    response = json_response(error_envelope(err), err.status)
    if "Allow" in e.headers:
        response.headers["Allow"] = e.headers["Allow"]
    return response


async def _resources(app: web.Application) -> AsyncIterator[None]:
    rt = app[RUNTIME]
    await rt.store.open()
    reloader: asyncio.Task[None] | None = None
    expirer: asyncio.Task[None] | None = None
    try:
        rt.tracer.open()
        await rt.upstreams.open()
        if rt.upstreams.mcp:  # MCP servers' tools: their schemas, from their tools/list
            rt.catalog = await discover(rt.catalog, rt.upstreams.mcp)
            if rt.gate is not None:
                rt.gate.catalog = rt.catalog
        if rt.opa is not None:
            for name, module in rt.policy.modules:
                await rt.opa.upload(name, module)
        if rt.config.policy.dirs and rt.config.policy.reload_s > 0:
            reloader = asyncio.create_task(watch_policies(rt))
        if rt.accounts is not None:
            if not rt.accounts.sealer.ready:
                log.warning("secrets_key_missing", env=rt.accounts.sealer.env,
                            effect="operators cannot be created or log in until it is set")
            sealed = await rt.accounts.seal_plaintext()
            if sealed:
                log.info("totp_secrets_sealed", count=sealed)
        if rt.gate is not None:
            await rt.gate.recover()  # approvals a crash interrupted: delivered, or settled
            expirer = asyncio.create_task(rt.gate.run())
        front = app.get(mcp.MCP_FRONT)
        async with front.running() if front is not None else contextlib.nullcontext():
            log.info("callgate_ready", tools=len(rt.catalog), policy=rt.policy.version,
                     mcp=front is not None)
            yield
    finally:
        for task in (reloader, expirer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if rt.gate is not None:
            await rt.gate.close()
        if rt.opa is not None:
            await rt.opa.close()
        await rt.upstreams.close()
        rt.tracer.close()
        await rt.store.close()


def _stamp(dirs: list[Path]) -> tuple[tuple[str, int, int], ...]:
    out = []
    for d in dirs:
        for p in policy_files(d) if d.is_dir() else []:
            st = p.stat()
            out.append((str(p), st.st_mtime_ns, st.st_size))
    return tuple(out)


async def reload_policies(rt: Runtime) -> bool:
    """Load the policy directories again; swap the new set in whole, or keep the old one.

    Returns whether a new set was swapped in. A broken set is refused loudly (an error log line
    with file and line) and the running one stays.
    """
    dirs = [rt.config.resolve(d) for d in rt.config.policy.dirs]
    try:
        fresh = load_policies(dirs, rt.opa)
        if rt.opa is not None:
            for name, module in fresh.modules:
                await rt.opa.upload(name, module)
    except CallgateError as e:
        log.error("policy_reload_refused", error=str(e), kept=rt.policy.version)
        rt.metrics.reload_failed()
        rt.policy_on_disk_ok = False
        return False
    rt.policy_on_disk_ok = True
    if fresh.version == rt.policy.version:
        return False
    old, rt.policy = rt.policy.version, fresh  # one assignment: calls see old or new, never a mix
    rt.metrics.policy_loaded(fresh.version)
    log.info("policy_reloaded", old=old, new=fresh.version)
    return True


async def watch_policies(rt: Runtime) -> None:
    dirs = [rt.config.resolve(d) for d in rt.config.policy.dirs]
    seen = _stamp(dirs)
    while True:
        await asyncio.sleep(rt.config.policy.reload_s)
        now = _stamp(dirs)
        if now != seen:
            seen = now
            await reload_policies(rt)
