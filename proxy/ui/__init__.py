"""The operator inbox: server-rendered pages under /ui on the proxy's own port.

Reviewers log in with password and TOTP, work held calls (claim, assign, prioritise, reply,
note, approve, reject, edit and approve, resolve) and watch them execute. The pages use the
same gate, accounts and checks as the operator API (api/operator.py): a control a role may not
use is not shown, and the server refuses it anyway. Plain JavaScript (static/app.js, shipped with
the package, no build step, no CDN) shows times in the reader's time zone, formats money by
currency, counts the session down, and refreshes the inbox and an open ticket without a reload.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from ..api.keys import RUNTIME
from ..pipeline import Runtime
from . import views
from .security import Cookies, headers

STATIC = Path(__file__).parent / "static"


def build(runtime: Runtime) -> web.Application:
    """The /ui sub-application (mounted by app.build_app)."""
    ui = web.Application(middlewares=[headers])
    ui[RUNTIME] = runtime
    ui[views.COOKIES] = Cookies(runtime.config.ui.secure_cookie)
    aiohttp_jinja2.setup(
        ui, loader=jinja2.PackageLoader("proxy.ui", "templates"),
        autoescape=jinja2.select_autoescape(["html"]), undefined=jinja2.StrictUndefined,
        filters=views.FILTERS)
    views.add_routes(ui)
    ui[views.ASSETS] = Assets.load(STATIC)
    ui.router.add_get("/static/{name}", serve_asset, name="static")
    return ui


MEDIA = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


@dataclass(frozen=True)
class Assets:
    """The pages' static files, read once at start-up and served from memory: a handful of small
    files, so no file handle is ever left open by a browser that goes away mid-download, and no
    path from a request ever reaches the file system."""

    files: dict[str, tuple[bytes, str, str]]  # name -> (body, media type, version)

    @classmethod
    def load(cls, folder: Path) -> Assets:
        return cls({p.name: (p.read_bytes(), MEDIA[p.suffix],
                             hashlib.sha256(p.read_bytes()).hexdigest()[:16])
                    for p in sorted(folder.iterdir()) if p.suffix in MEDIA})

    def url(self, name: str) -> str:
        """The file's address with its content version, so a changed file is fetched anew."""
        return f"/ui/static/{name}?v={self.files[name][2]}"


async def serve_asset(request: web.Request) -> web.Response:
    found = request.app[views.ASSETS].files.get(request.match_info["name"])
    if found is None:
        return web.Response(status=404, text="404: Not Found")
    body, media, version = found
    return web.Response(body=body, content_type=media, headers={
        "Cache-Control": "public, max-age=31536000, immutable" if request.query.get("v") ==
        version else "no-cache", "ETag": f'"{version}"'})


async def home(request: web.Request) -> web.Response:
    """``/``: the operator inbox."""
    return web.Response(status=302, headers={"Location": "/ui/"})


__all__ = ["build", "home"]
