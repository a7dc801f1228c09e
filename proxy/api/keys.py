"""Typed application keys (aiohttp's ``web.AppKey``): app state without singletons."""

from __future__ import annotations

from aiohttp import web

from ..pipeline import Runtime

RUNTIME = web.AppKey("runtime", Runtime)
