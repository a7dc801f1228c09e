"""The OpenAPI document is valid OpenAPI 3.1 and lists every route the app serves."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient
from openapi_spec_validator import validate


async def test_openapi_is_valid_and_complete(proxy: TestClient[Any, Any]) -> None:
    spec = await (await proxy.get("/openapi.json")).json()
    validate(spec)
    served = set()
    for resource in proxy.server.app.router.resources():
        info = resource.get_info()
        path = info.get("path") or info.get("formatter")
        if path:
            served.add(path)
    documented = set(spec["paths"])
    pages = {"/", "/ui"}  # the operator pages (HTML under /ui) are not part of the JSON API
    assert served - {"/openapi.json"} - pages <= documented
