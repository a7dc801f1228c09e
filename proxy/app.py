"""The aiohttp application: routes, and the resources opened and closed around them."""

from __future__ import annotations

from collections.abc import AsyncIterator

import structlog
from aiohttp import web

from .api import agent, health, openapi
from .api.keys import RUNTIME
from .catalog import Catalog
from .config import Config, load_tools
from .pipeline import Runtime
from .policy import PolicySet
from .store import open_store
from .store.cache import SessionCache
from .trace import Redactor, Tracer
from .upstream import Upstreams

log = structlog.get_logger("callgate.app")


def build_runtime(
    config: Config, *, catalog: Catalog | None = None, policy: PolicySet | None = None
) -> Runtime:
    """Everything a call needs, not yet opened (``open_runtime`` does that)."""
    store = open_store(config.store.backend, str(config.resolve(config.store.path)))
    trace_path = config.trace.path
    if trace_path != "-":
        trace_path = str(config.resolve(type(config.store.path)(trace_path)))
    return Runtime(
        config=config,
        catalog=catalog if catalog is not None else load_tools(config),
        policy=policy if policy is not None else PolicySet.empty(),
        store=store,
        sessions=SessionCache(store),
        upstreams=Upstreams(config),
        tracer=Tracer(trace_path, Redactor(config.trace.redact, config.trace.redact_tools)),
    )


def build_app(runtime: Runtime) -> web.Application:
    # The body limit is enforced by our own reader (with a structured 413); aiohttp's is a backstop.
    app = web.Application(client_max_size=runtime.config.limits.max_body_bytes + 1024)
    app[RUNTIME] = runtime
    health.add_routes(app)
    openapi.add_routes(app)
    agent.add_routes(app)
    app.cleanup_ctx.append(_resources)
    return app


async def _resources(app: web.Application) -> AsyncIterator[None]:
    rt = app[RUNTIME]
    await rt.store.open()
    try:
        rt.tracer.open()
        await rt.upstreams.open()
        log.info("callgate_ready", tools=len(rt.catalog.tools), policy=rt.policy.version)
        yield
    finally:
        await rt.upstreams.close()
        rt.tracer.close()
        await rt.store.close()
