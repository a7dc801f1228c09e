"""The operator inbox: server-rendered pages under /ui on the proxy's own port.

Reviewers log in with password and TOTP, work held calls (claim, assign, prioritise, reply,
note, approve, reject, edit and approve, resolve) and watch them execute. The pages use the
same gate, accounts and checks as the operator API (api/operator.py): a control a role may not
use is not shown, and the server refuses it anyway. Plain JavaScript (static/app.js, shipped with
the package, no build step, no CDN) shows times in the reader's time zone, formats money by
currency, counts the session down, and refreshes the inbox and an open ticket without a reload.
"""

from __future__ import annotations

from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from ..api.keys import RUNTIME
from ..pipeline import Runtime
from . import views
from .assets import ASSETS, Assets, serve_asset
from .security import Cookies, headers

STATIC = Path(__file__).parent / "static"


def build(runtime: Runtime) -> web.Application:
    """The /ui sub-application (mounted by app.build_app)."""
    ui = web.Application(middlewares=[headers, views.error_pages])
    ui[RUNTIME] = runtime
    ui[views.COOKIES] = Cookies(runtime.config.ui.secure_cookie)
    aiohttp_jinja2.setup(
        ui, loader=jinja2.PackageLoader("proxy.ui", "templates"),
        autoescape=jinja2.select_autoescape(["html"]), undefined=jinja2.StrictUndefined,
        filters=views.FILTERS)
    views.add_routes(ui)
    ui[ASSETS] = Assets.load(STATIC)
    ui.router.add_get("/static/{name}", serve_asset, name="static")
    return ui


async def home(request: web.Request) -> web.Response:
    """``/``: the operator inbox."""
    return web.Response(status=302, headers={"Location": "/ui/"})


__all__ = ["build", "home"]
