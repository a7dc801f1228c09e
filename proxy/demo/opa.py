"""A small server speaking OPA's REST API (policies and data), evaluating Rego with regorus
(``gordon-to-regorus``, Rego v1) in-process. For development and tests where no OPA binary can be
installed; production points ``policy.opa_url`` at a real OPA.

    PUT  /v1/policies/{id}   body: a Rego module         -> 200 {} | 400 {code, message}
    POST /v1/data/{path}     body: {"input": ...}        -> 200 {"result": ...} | 200 {} (undefined)
    GET  /health                                         -> 200 {}

``FAULTS`` lets a test make the next answers fail (status, body) or slow (delay in seconds).
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from aiohttp import web

from ..parse import loads as json_loads

POLICIES = web.AppKey("opa_policies", dict)
FAULTS = web.AppKey("opa_faults", dict)


def _json(body: Any, status: int = 200) -> web.Response:
    return web.Response(body=orjson.dumps(body), status=status, content_type="application/json")


def _plain(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=lambda v: orjson.dumps(v))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _engine(policies: dict[str, str]) -> Any:
    import regorus

    engine = regorus.Engine()
    for name, text in policies.items():
        engine.add_policy(name + ".rego", text)
    return engine


async def put_policy(request: web.Request) -> web.Response:
    text = (await request.read()).decode("utf-8", errors="replace")
    policies: dict[str, str] = request.app[POLICIES]
    candidate = {**policies, request.match_info["id"]: text}
    try:
        _engine(candidate)
    except Exception as e:  # regorus reports parse errors as RuntimeError
        message = str(e).split("Stack backtrace")[0].strip()
        return _json({"code": "invalid_parameter", "message": message}, 400)
    policies.clear()
    policies.update(candidate)
    request.app[FAULTS]["engine"] = None
    return _json({})


async def query(request: web.Request) -> web.Response:
    faults = request.app[FAULTS]
    faults["hits"] = faults.get("hits", 0) + 1
    if faults.get("delay"):
        await asyncio.sleep(float(faults["delay"]))
    if faults.get("status"):
        return _json({"code": "internal_error", "message": faults.get("message", "boom")},
                     int(faults["status"]))
    try:
        body = json_loads(await request.read())
    except orjson.JSONDecodeError:
        return _json({"code": "invalid_parameter", "message": "body is not JSON"}, 400)
    engine = faults.get("engine")
    if engine is None:
        engine = faults["engine"] = _engine(request.app[POLICIES])
    rule = "data." + request.match_info["path"].strip("/").replace("/", ".")
    try:
        engine.set_input_json(orjson.dumps(body.get("input", {})).decode())
        value = engine.eval_rule(rule)
    except Exception as e:
        message = str(e).split("Stack backtrace")[0].strip()
        if "not a valid rule path" in message:
            return _json({})  # undefined, as OPA answers it
        return _json({"code": "internal_error", "message": message}, 500)
    return _json({}) if value is None else _json({"result": _plain(value)})


async def health(request: web.Request) -> web.Response:
    return _json({})


async def _drop_engine(app: web.Application) -> None:
    # a regorus engine may only be freed on the thread that made it: free it here, on the
    # app's own loop, not wherever the garbage collector later happens to run
    app[FAULTS].pop("engine", None)


def build_opa_app() -> web.Application:
    app = web.Application()
    app[POLICIES] = {}
    app[FAULTS] = {}
    app.on_cleanup.append(_drop_engine)
    app.router.add_put("/v1/policies/{id:.*}", put_policy)
    app.router.add_post("/v1/data/{path:.*}", query)
    app.router.add_get("/health", health)
    return app
