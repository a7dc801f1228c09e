"""Liveness and readiness, for load balancers and orchestrators."""

from __future__ import annotations

import time

from aiohttp import web

from ..wire import json_response
from .keys import RUNTIME


async def healthz(request: web.Request) -> web.Response:
    """Alive: the process answers. Says nothing about whether calls can be checked."""
    rt = request.app[RUNTIME]
    return json_response({"status": "ok", "uptime_s": round(time.monotonic() - rt.started, 3)})


async def readyz(request: web.Request) -> web.Response:
    """Ready: the store takes writes and a policy set is loaded; otherwise 503."""
    rt = request.app[RUNTIME]
    store_ok = await rt.store.ping()
    body = {
        "status": "ready" if store_ok else "not_ready",
        "store": "ok" if store_ok else "unavailable",
        "policy_version": rt.policy.version,
        "tools": len(rt.catalog),
    }
    return json_response(body, 200 if store_ok else 503)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
