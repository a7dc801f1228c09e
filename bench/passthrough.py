"""A bare aiohttp pass-through proxy: the floor any aiohttp-based proxy pays (server + client hop),
for bench/overhead.py to show how much of callgate's overhead is the HTTP stack itself.

    python bench/passthrough.py PORT UPSTREAM_URL
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator

import aiohttp
from aiohttp import web

CLIENT = web.AppKey("client", aiohttp.ClientSession)


async def forward(request: web.Request) -> web.Response:
    body = await request.read()
    upstream = request.app[CLIENT]
    async with upstream.request(request.method, request.path_qs, data=body or None,
                                headers={"Content-Type": "application/json"}) as resp:
        data = await resp.read()
        return web.Response(body=data, status=resp.status, content_type="application/json")


def main() -> None:
    port, base = int(sys.argv[1]), sys.argv[2]

    async def client(app: web.Application) -> AsyncIterator[None]:
        app[CLIENT] = aiohttp.ClientSession(base_url=base)
        yield
        await app[CLIENT].close()

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", forward)
    app.cleanup_ctx.append(client)
    loop = None
    try:
        import uvloop

        loop = uvloop.new_event_loop()
    except ImportError:
        pass
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None, loop=loop)


if __name__ == "__main__":
    main()
