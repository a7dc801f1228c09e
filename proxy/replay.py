"""Replay: run recorded sessions through a policy set, with no upstream, and say per call what
the policy would have decided. The recorded results stand as they were, so each call is judged
on the same history the agent had."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalog import Catalog
from .ids import new_id
from .policy import CallInput, PolicySet, decide
from .report.importers import import_file
from .session import CallRecord, Environment, Message, Outcome, Role, SessionState
from .trace import TraceRecord, read_traces


def sessions_in(paths: Iterable[Path]) -> Iterator[list[TraceRecord]]:
    """Sessions from callgate trace files (.jsonl) and tau-bench / tau2-bench files (.json)."""
    for path in paths:
        if path.suffix == ".json":
            yield from import_file(path)
            continue
        open_sessions: dict[str, list[TraceRecord]] = {}
        for record in read_traces(path):
            records = open_sessions.setdefault(record.session_id, [])
            records.append(record)
            if record.event == "session_end":
                yield open_sessions.pop(record.session_id)
        yield from open_sessions.values()  # sessions never ended are replayed as they are


@dataclass
class ReplayedCall:
    session: str
    case: str | None
    trial: Any
    index: int
    tool: str
    kind: str
    arguments: dict[str, Any]
    recorded_outcome: str | None
    verdict: str
    rules: list[str]
    messages: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "session": self.session, "case": self.case, "trial": self.trial, "index": self.index,
            "tool": self.tool, "kind": self.kind, "arguments": self.arguments,
            "recorded_outcome": self.recorded_outcome, "verdict": self.verdict,
            "rules": self.rules, "messages": self.messages,
        }


async def replay_session(records: list[TraceRecord], policy: PolicySet, catalog: Catalog
                         ) -> list[ReplayedCall]:
    start = next((r for r in records if r.event == "session_start"), None)
    tags = (start.tags if start else None) or {}
    state = SessionState(
        session_id=records[0].session_id if records else "?",
        environment=Environment(start.environment or "live") if start else Environment.LIVE,
        user=(start.user if start else None) or {}, tags=tags, started_at=records[0].ts,
    )
    out: list[ReplayedCall] = []
    seq = 0
    for r in records:
        if r.event == "message" and r.role in ("user", "assistant"):
            seq = r.seq or seq + 1
            state.add_message(Message(seq, Role(r.role), r.content or "", r.ts))
        elif r.event == "call" and r.tool:
            seq = r.seq or seq + 1
            domain = tags.get("domain")
            tool = catalog.get(r.tool, domain if isinstance(domain, str) else None)
            args = r.arguments or {}
            if tool is None:
                verdict, rules, texts, kind = "unknown_tool", [], [], r.kind or "unknown"
            else:
                decision = await decide(policy, CallInput(tool, args, state), new_id("d"))
                verdict, rules = decision.verdict.value, decision.fired
                texts = [v.message for v in decision.violations]
                kind = tool.kind.value
            out.append(ReplayedCall(state.session_id, tags.get("scenario"), tags.get("trial"),
                                    len(out), r.tool, kind, args, r.outcome, verdict, rules,
                                    texts))
            known = {o.value for o in Outcome}
            outcome = Outcome(r.outcome) if r.outcome in known else Outcome.EXECUTED
            state.add_call(CallRecord(
                call_id=r.call_id or new_id("c"), session_id=state.session_id, seq=seq,
                tool=r.tool, kind=kind, arguments=args, decision_id="replay", verdict=verdict,
                rules=rules, policy_version=policy.version, outcome=outcome,
                started_at=r.ts, result=r.result,
            ))
    return out
