"""Replay: run recorded sessions through a policy set, with no upstream, and say per call what
the policy would have decided. The recorded results stand as they were, so each call is judged
on the same history the agent had."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalog import Catalog
from .errors import CallgateError
from .ids import new_id
from .pipeline import resolve_tool
from .policy import CallInput, PolicySet, decide
from .policy.engine import gather_facts
from .report.importers import import_file
from .session import (
    FETCHED,
    CallRecord,
    Environment,
    Message,
    Outcome,
    Role,
    SessionState,
    args_key,
)
from .trace import TraceRecord, read_traces
from .validate import validate_args


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
    kinds: list[str] = field(default_factory=list)  # the kinds of the rules that fired
    details: list[dict[str, Any]] = field(default_factory=list)  # each violation's details
    fetched: list[str] = field(default_factory=list)  # facts the proxy read itself first
    seq: int = 0  # the call's position in the replayed session
    messages_before: int = 0  # how many transcript messages came before it
    shadow: list[str] = field(default_factory=list)  # shadow rules that fired (not enforced)
    would: str | None = None  # the verdict had they been enforced

    def as_json(self) -> dict[str, Any]:
        return {
            "session": self.session, "case": self.case, "trial": self.trial, "index": self.index,
            "tool": self.tool, "kind": self.kind, "arguments": self.arguments,
            "recorded_outcome": self.recorded_outcome, "verdict": self.verdict,
            "rules": self.rules, "messages": self.messages, "fetched": self.fetched,
            **({"shadow_rules": self.shadow, "would_verdict": self.would} if self.shadow else {}),
        }


class RecordedFacts:
    """Answers the proxy's own fact reads from the recording: a successful read of the same
    tool with the same arguments anywhere in the recorded session (the world as it was). A fact
    the recording never saw stays missing, and the rule that needs it refuses."""

    def __init__(self, records: list[TraceRecord]) -> None:
        self._answers: dict[tuple[str, str], Any] = {}
        for r in records:
            if r.event == "call" and r.tool and r.outcome == "executed" and r.kind != "write":
                self._answers.setdefault((r.tool, args_key(r.arguments or {})), r.result)

    async def __call__(self, call: CallInput, tool: str, arguments: dict[str, Any]) -> bool:
        key = (tool, args_key(arguments))
        if key not in self._answers:
            return False
        state = call.session
        state.add_call(CallRecord(
            call_id=new_id("c"), session_id=state.session_id, seq=state.next_seq(), tool=tool,
            kind="read", arguments=arguments, decision_id="fetch", verdict=FETCHED,
            rules=[], policy_version="", outcome=Outcome.EXECUTED, started_at="",
            result=self._answers[key],
        ))
        return True


REFUSED = {"block": Outcome.BLOCKED, "confirm": Outcome.NEEDS_CONFIRMATION,
           "ticket": Outcome.PENDING_REVIEW, "rehearse": Outcome.BLOCKED,
           "invalid": Outcome.INVALID}


async def replay_session(records: list[TraceRecord], policy: PolicySet, catalog: Catalog,
                         as_live: bool = False) -> list[ReplayedCall]:
    """Each recorded call through the live stages (resolve, validate, fetch facts, decide).
    Calls the proxy itself made (fact fetches) are not replayed as calls: the replay makes its
    own, answered from the recording.

    By default each call is judged on the history the agent had (recorded outcomes stand, so
    one refusal does not change the verdicts after it). ``as_live`` keeps the history the proxy
    would have had: a call it refuses did not happen, exactly as when the proxy runs live."""
    start = next((r for r in records if r.event == "session_start"), None)
    tags = (start.tags if start else None) or {}
    state = SessionState(
        session_id=records[0].session_id if records else "?",
        environment=Environment(start.environment or "live") if start else Environment.LIVE,
        user=(start.user if start else None) or {}, tags=tags, started_at=records[0].ts,
    )
    fetch = RecordedFacts(records)
    domain = tags.get("domain")
    out: list[ReplayedCall] = []
    for r in records:
        if r.event == "message" and r.role in ("user", "assistant"):
            state.add_message(Message(state.next_seq(), Role(r.role), r.content or "", r.ts))
        elif r.event == "call" and r.tool and r.origin != "proxy":
            args = r.arguments or {}
            fetched: list[str] = []
            kinds: list[str] = []
            details: list[dict[str, Any]] = []
            shadow: list[str] = []
            would: str | None = None
            try:
                tool = resolve_tool(catalog, r.tool, domain if isinstance(domain, str) else None)
                validate_args(tool.validator, args)
                tool.binding.check(args)
            except CallgateError as e:
                verdict, rules, texts = "invalid", [e.code], [str(e)]
                kind = r.kind or "unknown"
            else:
                call = CallInput(tool, args, state)
                fetched = await gather_facts(policy, call, fetch)
                decision = await decide(policy, call, new_id("d"))
                verdict, rules = decision.verdict.value, decision.fired
                texts = [v.message for v in decision.violations]
                kinds = [v.kind for v in decision.violations]
                details = [dict(v.details) for v in decision.violations]
                shadow = [v.rule for v in decision.shadow]
                would = decision.would.value if decision.shadow else None
                kind = tool.kind.value
            seq = state.next_seq()
            out.append(ReplayedCall(state.session_id, tags.get("scenario"), tags.get("trial"),
                                    len(out), r.tool, kind, args, r.outcome, verdict, rules,
                                    texts, kinds, details, fetched, seq,
                                    len(state.messages), shadow, would))
            known = {o.value for o in Outcome}
            outcome = Outcome(r.outcome) if r.outcome in known else Outcome.EXECUTED
            if as_live and verdict in REFUSED:
                outcome = REFUSED[verdict]
            state.add_call(CallRecord(
                call_id=r.call_id or new_id("c"), session_id=state.session_id, seq=seq,
                tool=r.tool, kind="unknown" if as_live and verdict == "invalid" else kind,
                arguments=args,
                decision_id="replay", verdict=verdict,
                rules=rules, policy_version=policy.version, outcome=outcome,
                started_at=r.ts, result=r.result,
            ))
    return out
