"""Replay equals live: recorded tau2 sessions decided offline, and driven through a running proxy
whose upstream answers exactly what the recording says, get the same verdicts call by call."""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Any

import orjson
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.catalog import Catalog
from proxy.drive import drive
from proxy.policy.loader import load_policy
from proxy.replay import replay_session, sessions_in
from proxy.store.sqlite import SqliteStore
from proxy.trace import TraceRecord

from .conftest import ROOT, SHARED, ProxyFactory, needs_tau

pytestmark = needs_tau
RETAIL = ROOT / "policies" / "retail"
SESSIONS = 80  # every recorded retail session with a write (about 55); a few seconds

Key = tuple[str, str, tuple[tuple[str, str], ...], bytes]


def _key(method: str, path: str, query: list[tuple[str, str]], body: Any) -> Key:
    return (method, path, tuple(sorted(query)),
            b"" if body is None else orjson.dumps(body, option=orjson.OPT_SORT_KEYS))


def answers_for(records: list[TraceRecord], catalog: Catalog) -> dict[Key, deque[TraceRecord]]:
    """Each recorded call's request, as the proxy would send it, with the recorded answer."""
    table: dict[Key, deque[TraceRecord]] = defaultdict(deque)
    for r in records:
        tool = catalog.get(r.tool or "", "retail") if r.event == "call" else None
        if tool is None or tool.validator.errors(r.arguments or {}):
            continue
        path, query, body = tool.binding.build(r.arguments or {})
        table[_key(tool.binding.method, path, query, body)].append(r)
    return table


def recording_upstream(current: dict[str, Any]) -> web.Application:
    async def handle(request: web.Request) -> web.Response:
        raw = await request.read()
        body = orjson.loads(raw) if raw else None
        key = _key(request.method, request.raw_path.split("?", 1)[0],
                   list(request.query.items()), body)
        queue = current["table"].get(key)
        if not queue:
            return web.json_response({"error": "not in the recording"}, status=404)
        r = queue[0] if len(queue) == 1 else queue.popleft()
        status = 400 if r.outcome == "upstream_error" else 200
        return web.json_response(r.result, status=status)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    return app


async def test_offline_verdicts_are_what_the_proxy_answers(
    aiohttp_server: Any, make_proxy: ProxyFactory,
) -> None:
    policy = load_policy(RETAIL)
    assert policy.catalog is not None
    current: dict[str, Any] = {"table": {}}
    server: TestServer = await aiohttp_server(recording_upstream(current))
    client, rt = await make_proxy(str(server.make_url("")), policy={"dirs": [str(RETAIL)]})
    store = rt.store
    assert isinstance(store, SqliteStore)
    sessions = [s for s in sessions_in([SHARED / "trajectories" /
                                        "tau2-gpt-4.1-retail-1trial.json"])
                if any(r.kind == "write" for r in s)][:SESSIONS]
    compared = refused = 0
    tools: set[str] = set()
    for records in sessions:
        offline = await replay_session(records, policy, policy.catalog, as_live=True)
        current["table"] = answers_for(records, policy.catalog)
        # each recorded task ran in its own world: once-only claims of one do not carry over
        store.db.execute("DELETE FROM claims")
        live = await drive([records], str(client.make_url("")))
        assert [(c.tool, c.verdict, sorted(c.rules)) for c in live] == [
            (c.tool, c.verdict, sorted(c.rules)) for c in offline
            if c.verdict != "invalid" or c.tool in {t.name for t in policy.catalog.all()}
        ], records[0].session_id
        compared += len(live)
        refused += sum(c.verdict != "allow" for c in live)
        tools |= {c.tool for c in live if c.kind == "write"}
    assert compared > 250 and refused >= 8
    assert len(tools) >= 5
