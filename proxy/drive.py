"""Live replay: drive recorded sessions through a running proxy, message by message and call by
call, e.g. tau-bench conversations against `callgate demo --retail-db ../shared/data/tau/db/retail`.

Each recorded session becomes a new proxy session with the same tags; its messages are posted
and its calls made in their recorded order, and what the proxy answered is reported per call in
the shape of the offline replay (`proxy/replay.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import aiohttp

from .replay import ReplayedCall
from .trace import TraceRecord

VERDICT_OF = {"executed": "allow", "upstream_error": "allow", "blocked": "block",
              "needs_confirmation": "confirm", "pending_review": "ticket", "invalid": "invalid"}


async def drive(sessions: Iterable[list[TraceRecord]], base_url: str,
                agent_key: str | None = None) -> list[ReplayedCall]:
    headers = {"Authorization": f"Bearer {agent_key}"} if agent_key else {}
    out: list[ReplayedCall] = []
    base = base_url.rstrip("/")
    async with aiohttp.ClientSession(headers=headers) as http:
        for records in sessions:
            start = next((r for r in records if r.event == "session_start"), None)
            tags = dict(start.tags or {}) if start else {}
            async with http.post(f"{base}/v1/sessions", json={"tags": tags}) as resp:
                body = await resp.json()
                if resp.status != 201:
                    raise RuntimeError(f"the proxy refused a session: {body}")
                sid = body["session_id"]
            index = 0
            for r in records:
                if r.event == "message" and r.role in ("user", "assistant") and r.content:
                    async with http.post(f"{base}/v1/sessions/{sid}/messages",
                                         json={"role": r.role, "content": r.content}) as resp:
                        await resp.read()
                elif r.event == "call" and r.tool:
                    async with http.post(f"{base}/v1/sessions/{sid}/calls", json={
                            "tool": r.tool, "arguments": r.arguments or {}}) as resp:
                        env: dict[str, Any] = await resp.json()
                    rules = [v["rule"] for v in env.get("violations") or []]
                    if env.get("outcome") == "invalid" and env.get("errors"):
                        rules = [env["errors"][0].get("code", "invalid")]
                    out.append(ReplayedCall(
                        records[0].session_id, tags.get("scenario"), tags.get("trial"), index,
                        r.tool, r.kind or "unknown", r.arguments or {}, r.outcome,
                        VERDICT_OF.get(env.get("outcome", ""), env.get("outcome", "?")), rules,
                        [env.get("message", "")] if rules else []))
                    index += 1
            end = next((r for r in records if r.event == "session_end"), None)
            outcome = {} if end is None else {
                k: v for k, v in (("success", end.success), ("reward", end.reward))
                if v is not None}
            async with http.post(f"{base}/v1/sessions/{sid}/end", json=outcome) as resp:
                await resp.read()
    return out
