"""Liveness and readiness, for load balancers and orchestrators."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

import yarl
from aiohttp import web

from ..wire import json_response
from .keys import RUNTIME

if TYPE_CHECKING:
    from ..pipeline import Runtime


async def healthz(request: web.Request) -> web.Response:
    """Alive: the process answers. Says nothing about whether calls can be checked."""
    rt = request.app[RUNTIME]
    return json_response({"status": "ok", "uptime_s": round(time.monotonic() - rt.started, 3)})


async def readyz(request: web.Request) -> web.Response:
    """Ready: the store takes writes, the policy set on disk is valid (a broken edit waiting to
    be reloaded is not ready), and every live upstream, and the OPA server where rego rules
    need one, accepts connections (checked at most every ``READY_TTL_S`` seconds, by a TCP
    connect). 503 names each cause."""
    rt = request.app[RUNTIME]
    causes: list[str] = []
    if not await rt.store.ping():
        causes.append("store: cannot write")
    if not rt.policy_on_disk_ok:
        causes.append("policy: the files on disk do not load (the running set stays)")
    causes.extend(await upstream_causes(rt))
    body = {
        "status": "not_ready" if causes else "ready",
        "store": "unavailable" if any(c.startswith("store") for c in causes) else "ok",
        "policy_version": rt.policy.version,
        "tools": len(rt.catalog),
        "causes": causes,
    }
    return json_response(body, 503 if causes else 200)


READY_TTL_S = 5.0


async def upstream_causes(rt: Runtime) -> list[str]:
    """Unreachable live upstreams, from a cache refreshed at most every ``READY_TTL_S``."""
    now = rt.clock()
    cached = rt.upstream_ready
    if cached is not None and now - cached[0] < READY_TTL_S:
        return cached[1]
    causes = []
    targets = [(f"upstream {name}", up.base_url) for name, up in rt.config.upstreams.items()]
    if rt.opa is not None and any(r.kind == "rego" for r in rt.policy.rules):
        # (rego rules: their calls are refused while OPA is away)
        targets.append(("opa", rt.opa.url))
    for name, base in targets:
        url = yarl.URL(base)
        try:
            async with asyncio.timeout(rt.config.timeouts.upstream_connect_s):
                _, writer = await asyncio.open_connection(url.host, url.port)
            writer.close()
        except (OSError, TimeoutError) as e:
            causes.append(f"{name}: {url.host}:{url.port} not reachable ({type(e).__name__})")
    rt.upstream_ready = (now, causes)
    return causes


def add_routes(app: web.Application) -> None:
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
