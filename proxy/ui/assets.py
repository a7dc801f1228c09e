"""The pages' static files, read once at start-up and served from memory: a handful of small
files, so no file handle is ever left open by a browser that goes away mid-download, and no path
from a request ever reaches the file system."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

MEDIA = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


@dataclass(frozen=True)
class Assets:
    files: dict[str, tuple[bytes, str, str]]  # name -> (body, media type, version)

    @classmethod
    def load(cls, folder: Path) -> Assets:
        files = {}
        for p in sorted(folder.iterdir()):
            if p.suffix in MEDIA:
                body = p.read_bytes()
                files[p.name] = (body, MEDIA[p.suffix], hashlib.sha256(body).hexdigest()[:16])
        return cls(files)

    def url(self, name: str) -> str:
        """The file's address with its content version, so a changed file is fetched anew."""
        return f"/ui/static/{name}?v={self.files[name][2]}"


ASSETS = web.AppKey("ui_assets", Assets)


async def serve_asset(request: web.Request) -> web.Response:
    found = request.app[ASSETS].files.get(request.match_info["name"])
    if found is None:
        return web.Response(status=404, text="404: Not Found")
    body, media, version = found
    return web.Response(body=body, content_type=media, headers={
        "Cache-Control": "public, max-age=31536000, immutable" if request.query.get("v") ==
        version else "no-cache", "ETag": f'"{version}"'})
