"""The listener's own limits: open connections, idle and slow connections, agent request rates.

- At most ``listen.max_connections`` connections are open at once; one more is closed at once
  (with the usual 1,024 file descriptors, idle sockets can no longer starve new clients).
- A connection that has not sent a complete request within ``listen.idle_timeout_s`` (new, or
  idle between keep-alive requests, or trickling its headers a byte at a time) is closed:
  aiohttp's keep-alive timer runs from the connection's start and is cleared only by a complete
  request. A body that does not arrive within ``timeouts.client_body_s`` is answered 408.
- Each agent key (or, without keys, each client address) may send ``listen.rate_per_s``
  requests a second on average, in bursts of ``listen.burst``; past that the answer is 429 with
  ``Retry-After``. The clock is the runtime's, so tests drive it.
"""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import aiohttp.web_response
from aiohttp import web
from aiohttp.web_protocol import RequestHandler

# Answers aiohttp writes itself (a request it cannot parse, before any handler runs) name the
# server too: say "callgate" there as well, never the library's and the language's versions.
aiohttp.web_response.SERVER_SOFTWARE = "callgate"  # type: ignore[attr-defined]


class GuardedRunner(web.AppRunner):
    """``web.AppRunner`` that closes connections past ``max_open`` as they arrive."""

    def __init__(self, app: web.Application, *, max_open: int, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.max_open = max_open
        self.refused = 0
        self.also_open: Callable[[], int] = lambda: 0  # connections held outside aiohttp (front)

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        admit = server.connection_made

        def capped(handler: RequestHandler, transport: asyncio.Transport) -> None:
            admit(handler, transport)
            if len(server.connections) + self.also_open() > self.max_open:
                self.count_refused()
                handler.force_close()

        server.connection_made = capped  # type: ignore[method-assign]
        return server

    def count_refused(self) -> None:
        self.refused += 1


class RateLimiter:
    """Token buckets by key, on an injectable clock; the least recently seen keys are dropped
    past ``max_keys`` (a dropped key starts again with a full bucket)."""

    def __init__(self, rate_per_s: float, burst: int, clock: Callable[[], float],
                 max_keys: int = 100_000) -> None:
        self.rate = rate_per_s
        self.burst = float(burst)
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> float:
        """0 if the request may go ahead (a token is spent), else the seconds until it may."""
        now = self.clock()
        tokens, at = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        if len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return wait


def retry_after(wait_s: float) -> str:
    return str(max(1, math.ceil(wait_s)))
