"""docs/mcp.md's client snippet runs as written, against a proxy on loopback."""

from __future__ import annotations

import asyncio
import os
import re
import sys

from aiohttp.test_utils import TestServer

from .conftest import ROOT, ProxyFactory


async def test_the_documented_client_runs(upstream: TestServer, make_proxy: ProxyFactory) -> None:
    proxy, _ = await make_proxy(str(upstream.make_url("")),
                                policy={"dirs": [str(ROOT / "policies" / "retail")]})
    doc = (ROOT / "docs" / "mcp.md").read_text()
    snippet = re.search(r"```python\n(.*?)```", doc, re.S)
    assert snippet is not None
    env = {**os.environ, "CALLGATE_URL": str(proxy.make_url("")).rstrip("/")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", snippet.group(1), env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    text = out.decode()
    assert "tools, for example" in text
    assert "refused:" in text and "find_user_id_by_email" in text
