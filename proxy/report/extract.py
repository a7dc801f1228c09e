"""Production failures become policy test cases (``callgate cases extract``).

From traces, each call worth a second look becomes a case in the format ``callgate policy test``
runs (proxy/policy/cases.py): the transcript and the facts up to the call (messages, and the
calls that happened, with their results or errors), the call itself, and the verdict expected.
Which calls:

- a refusal (blocked, needs confirmation, held for review): expected, the verdict and rules
  recorded; a person confirms that the refusal was right;
- a held call a reviewer rejected (the trace's ``ticket`` events): expected, the hold recorded;
  the reviewer's "no" suggests a rule that blocks such calls outright;
- a call the upstream failed (``upstream_error``): expected, the verdict recorded (allow); a
  person decides whether a rule should have caught it;
- every write of a session that ended in failure: expected, the verdict recorded.

The trace cannot tell whether a recorded verdict was the right one, so every case carries a
``# review:`` comment saying what to check; the case passes against the policy that produced
it until someone changes the expectation. Personal data is redacted by the trace's redaction
rules (``trace.redact``, ``trace.redact_tools`` and ``trace.sensitive`` of a configuration, and
card numbers always) before anything is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..trace import Redactor, TraceRecord, scrub

REFUSED = {"blocked": "refused", "needs_confirmation": "refused until the user confirmed",
           "pending_review": "held for a human"}


@dataclass
class Extracted:
    cases: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (review note, case)
    sessions: int = 0
    by_reason: dict[str, int] = field(default_factory=dict)


def _clean(value: Any, redactor: Redactor) -> Any:
    return scrub(value, redactor.sensitive)


def domain_of(records: list[TraceRecord]) -> str | None:
    """The domain a session's start tagged it with, if any."""
    start = next((r for r in records if r.event == "session_start"), None)
    domain = (start.tags or {}).get("domain") if start is not None else None
    return str(domain) if domain is not None else None


def extract(sessions: Iterable[list[TraceRecord]], redactor: Redactor,
            domain: str | None = None) -> Extracted:
    """The cases of ``sessions`` (of ``domain`` only, where given). Raises ``ValueError``
    where, no domain given, the sessions are of several: a cases file is run against one
    domain's policy."""
    out = Extracted()
    seen: set[str] = set()
    for records in sessions:
        if not records:
            continue
        mine = domain_of(records)
        if domain is not None and mine != domain:
            continue
        if mine is not None:
            seen.add(mine)
            if domain is None and len(seen) > 1:
                raise ValueError(f"these traces hold sessions of several domains "
                                 f"({', '.join(sorted(seen))}); a cases file is run against "
                                 "one domain's policy: give --domain")
        out.sessions += 1
        session = records[0].session_id
        end = next((r for r in records if r.event == "session_end"), None)
        failed_session = end is not None and end.success is False
        rejected = {r.call_id for r in records if r.event == "ticket"
                    and r.ticket_status == "rejected"}
        history: list[dict[str, Any]] = []
        for r in records:
            if r.event == "message" and r.role in ("user", "assistant"):
                history.append({r.role: _clean(r.content or "", redactor)})
                continue
            if r.event not in ("call", "outcome") or not r.tool:
                continue
            arguments = _clean(redactor(r.tool, r.arguments or {}), redactor)
            reason = None
            if r.event == "call" and r.call_id in rejected:
                reason = ("rejected", "a reviewer rejected this held call: should a rule block "
                                      "such calls outright (then expect block)?")
            elif r.event == "call" and r.outcome in REFUSED:
                reason = (r.outcome, f"{REFUSED[r.outcome]} by {', '.join(r.rules or [])}: "
                                     "confirm this was right")
            elif r.outcome == "upstream_error":
                reason = ("upstream_error", f"the upstream failed ({r.error_code}): should a "
                                            "rule have refused it before it went out?")
            elif failed_session and r.kind == "write" and r.outcome == "executed":
                reason = ("failed_session", "a write of a session that ended in failure: was "
                                            "it the right action?")
            if reason is not None and r.verdict not in (None, "none", "fetched"):
                n = len(out.cases) + 1
                case = {"name": f"{session} #{r.seq or n} {r.tool}: {reason[0]}",
                        "history": list(history),
                        "call": {"tool": r.tool, "arguments": arguments},
                        "expect": {"verdict": r.verdict, "rules": sorted(r.rules or [])}}
                out.cases.append((reason[1], case))
                out.by_reason[reason[0]] = out.by_reason.get(reason[0], 0) + 1
            # what happened joins the history: executed calls with their results, failed ones
            # with their error; refused calls never happened
            if r.outcome == "executed":
                history.append({"call": r.tool, "arguments": arguments,
                                "result": _clean(r.result, redactor)})
            elif r.outcome == "upstream_error":
                history.append({"call": r.tool, "arguments": arguments,
                                "error": r.error_code or "upstream_error"})
    return out


def render_cases(extracted: Extracted, source: str) -> str:
    """The cases as a ``tests-*.yaml`` file, each with its review note."""
    head = (f"# Cases extracted from {source} by `callgate cases extract`.\n"
            "# Each expects the verdict the proxy gave; the review note says what a person should\n"
            "# check. Run: callgate policy test <policy directory with this file in it>\n")
    body = []
    for note, case in extracted.cases:
        text = yaml.safe_dump([case], sort_keys=False, allow_unicode=True, width=100)
        note = " ".join(note.split())  # one comment line, whatever the trace held
        body.append(f"  # review: {note}\n" + "".join(f"  {line}\n"
                                                       for line in text.splitlines()))
    return head + "cases:\n" + "".join(body)
