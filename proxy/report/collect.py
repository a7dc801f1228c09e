"""Streaming aggregation of trace records into per-case, per-step and per-tag counts.

Events are folded into a small summary per open session; when a session ends, its summary is
folded into per-case counters and dropped. Memory grows with the number of cases (and open
sessions), never with the number of events.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..session import canonical_json
from ..trace import TraceRecord
from .importers import WRITE_TOOLS

ARGUMENT_ERRORS = {"invalid_arguments", "upstream_rejected"}
UPSTREAM_FAILURES = {"upstream_unavailable", "upstream_timeout", "no_answer"}


@dataclass
class Run:
    """One session (a trial of a case), while its events stream in."""

    session_id: str
    tags: dict[str, Any] = field(default_factory=dict)
    expected: list[dict[str, Any]] | None = None
    success: bool | None = None
    unknown_tool: bool = False
    argument_error: bool = False
    upstream_failure: bool = False
    rules_fired: set[str] = field(default_factory=set)
    shadow_fired: Counter[str] = field(default_factory=Counter)  # calls per shadow rule
    shadow_refusals: int = 0  # calls that went through but shadow rules would have refused
    tools_called: set[str] = field(default_factory=set)
    writes: list[tuple[str, bytes]] = field(default_factory=list)  # executed, in order
    write_tools: set[str] = field(default_factory=set)
    questions: set[str] = field(default_factory=set)  # the assistant's questions, normalised
    repeated_questions: int = 0  # questions the assistant asked again
    messages: int = 0

    def add(self, r: TraceRecord) -> None:
        if r.event == "session_start":
            self.tags = dict(r.tags or {})
            self.expected = r.expected
        elif r.event == "session_end":
            if r.tags:
                self.tags = {**r.tags, **self.tags}
            if r.success is not None:
                self.success = r.success
            elif r.reward is not None:
                self.success = r.reward >= 1.0 - 1e-9
        elif r.event == "message":
            self.messages += 1
            if r.role == "assistant":
                for q in questions_in(r.content or ""):
                    if q in self.questions:
                        self.repeated_questions += 1
                    self.questions.add(q)
        elif r.event in ("call", "outcome"):  # outcome: a checked call, reported back
            self._call(r)

    def _call(self, r: TraceRecord) -> None:
        code = r.error_code or ""
        if code == "unknown_session":  # a call that never belonged to this session's run
            return
        if code == "unknown_tool":
            self.unknown_tool = True
        status = r.upstream_status or 0
        if code == "invalid_arguments" or (code == "upstream_rejected" and status < 500):
            self.argument_error = True
        if code in UPSTREAM_FAILURES or status >= 500:
            self.upstream_failure = True
        if r.rules:
            self.rules_fired.update(r.rules)
        if r.shadow_rules:
            self.shadow_fired.update(r.shadow_rules)
            if r.would_verdict not in (None, "allow") and r.verdict == "allow":
                self.shadow_refusals += 1
        if r.tool:
            self.tools_called.add(r.tool)
        is_write = r.kind == "write" or (r.kind is None and r.tool in WRITE_TOOLS)
        if is_write and r.tool:
            self.write_tools.add(r.tool)
            if r.outcome == "executed":
                self.writes.append((r.tool, canonical_json(r.arguments or {})))

    def steps(self) -> dict[str, bool]:
        """Per pipeline step: did this run get it right?"""
        out = {
            "tool_selection": not self.unknown_tool,
            "argument_filling": not self.argument_error,
            "policy_compliance": not self.rules_fired,
            "upstream_execution": not self.upstream_failure,
        }
        if self.expected is not None:
            out.update(self._matched[0])
            out["tool_selection"] = out["tool_selection"] and out["right_tools"]
        return out

    def failure_kinds(self) -> dict[str, bool | None]:
        """The failure kinds this run shows: True, False, or None where its trace cannot tell
        (no expected actions for the first four, no transcript for the last)."""
        kinds: dict[str, bool | None] = {
            "misread_intent": None, "wrong_action_order": None,
            "wrong_tool_arguments": self.argument_error or None,
            "missed_actions": None,
            "repeated_questions": None if not self.messages else self.repeated_questions > 0,
        }
        if self.expected is not None:
            expected, misread = self._matched
            kinds["misread_intent"] = misread
            kinds["wrong_action_order"] = not expected["writes_in_order"]
            kinds["wrong_tool_arguments"] = self.argument_error or not expected["right_arguments"]
            kinds["missed_actions"] = not expected["no_missed_actions"]
        return kinds

    @functools.cached_property
    def _matched(self) -> tuple[dict[str, bool], bool]:
        """The executed writes matched against the expected ones, once per run (a run is
        judged when its session has ended): the expected-action steps, and whether a write of
        a tool the case never asked for was executed (misread intent)."""
        assert self.expected is not None
        writes = WRITE_TOOLS | self.write_tools
        wanted = [(a.get("name", ""), canonical_json(a.get("arguments") or {}))
                  for a in self.expected if a.get("name") in writes]
        done = list(self.writes)
        remaining = list(done)
        matched_positions = []
        missed = wrong_args = 0
        for action in wanted:
            if action in remaining:
                index = remaining.index(action)
                matched_positions.append(index)
                remaining[index] = ("", b"")  # each executed write matches once
            elif any(t == action[0] for t, _ in remaining):
                wrong_args += 1  # the right tool, other arguments
            else:
                missed += 1
        extra = sum(1 for w in remaining if w != ("", b""))
        wanted_tools = Counter(t for t, _ in wanted)
        done_tools = Counter(t for t, _ in done)
        misread = any(t not in wanted_tools for t in done_tools)
        return {
            "right_tools": all(done_tools[t] >= n for t, n in wanted_tools.items())
            and all(a.get("name") in self.tools_called for a in self.expected
                    if a.get("name") not in writes),
            "right_arguments": wrong_args == 0,
            "no_missed_actions": missed == 0,
            "no_extra_writes": extra == 0,
            "writes_in_order": matched_positions == sorted(matched_positions),
        }, misread


_QUESTION = re.compile(r"[^.!?\n]*\?")


def questions_in(text: str) -> list[str]:
    """The question sentences of a message, normalised (case, punctuation, spaces), so the same
    question asked again is recognised whatever its spacing; very short ones ("OK?") are left
    out: they repeat without anyone being asked anything twice."""
    out = []
    for q in _QUESTION.findall(text):
        words = re.findall(r"\w+", q.lower())
        if len(words) >= 4:
            out.append(" ".join(words))
    return out


def case_of(run: Run) -> tuple[str, str]:
    """(prefix, scenario). A case is a scenario; the same scenario id in another benchmark or
    domain is another case, so the prefix carries them when the tags do (``tau2-bench/airline``).
    Reports name a case by its scenario alone unless several prefixes meet in one report."""
    scenario = str(run.tags.get("scenario", run.session_id))
    if "scenario" not in run.tags:
        return "", scenario
    return "/".join(str(run.tags[k]) for k in ("benchmark", "domain") if run.tags.get(k)), scenario


@dataclass
class Case:
    case: str  # the unique key: prefix/scenario
    scenario: str = ""
    prefix: str = ""
    n: int = 0
    c: int = 0
    outcomes: list[bool] = field(default_factory=list)
    tags: dict[str, Any] = field(default_factory=dict)
    label: str = ""  # how the report names it (set when the report is built)


@dataclass
class StepCount:
    runs: int = 0
    right: int = 0
    wrong_and_failed: int = 0  # runs that got this step wrong and failed end to end
    right_and_succeeded: int = 0


@dataclass
class Totals:
    cases: dict[str, Case] = field(default_factory=dict)
    steps: dict[str, StepCount] = field(default_factory=lambda: defaultdict(StepCount))
    rule_runs: Counter[str] = field(default_factory=Counter)  # runs in which each rule fired
    rule_failed_runs: Counter[str] = field(default_factory=Counter)
    shadow_calls: Counter[str] = field(default_factory=Counter)  # calls each shadow rule fired on
    shadow_runs: Counter[str] = field(default_factory=Counter)
    shadow_refusals: int = 0  # allowed calls the shadow rules would have refused
    # failure kind -> [runs showing it, of them failed, runs where it could be told]
    kinds: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    kind_cases: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    # persona -> [runs with a repeated question, of them failed (abandoned), runs with messages]
    repeats_by_persona: dict[str, list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    # tag -> value -> case -> [n, c]
    groups: dict[str, dict[str, dict[str, list[int]]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(dict)))
    runs: int = 0
    runs_without_outcome: int = 0
    events: int = 0

    def fold(self, run: Run) -> None:
        self.runs += 1
        # shadow rules count on every run: production traces mostly carry no outcome
        self.shadow_calls.update(run.shadow_fired)
        self.shadow_runs.update(run.shadow_fired.keys())
        self.shadow_refusals += run.shadow_refusals
        # failure kinds count on every run too; "failed" only where the run has an outcome
        prefix, scenario = case_of(run)
        case_id = f"{prefix}/{scenario}" if prefix else scenario
        failed = run.success is False
        for kind, shown in run.failure_kinds().items():
            if shown is None:
                continue
            counts = self.kinds[kind]
            counts[2] += 1
            if shown:
                counts[0] += 1
                counts[1] += failed
                self.kind_cases[kind].add(case_id)
        if run.messages:
            persona = self.repeats_by_persona[str(run.tags.get("persona", "-"))]
            persona[2] += 1
            if run.repeated_questions:
                persona[0] += 1
                persona[1] += failed
        if run.success is None:
            self.runs_without_outcome += 1
            return
        case = self.cases.get(case_id)
        if case is None:
            case = self.cases[case_id] = Case(case_id, scenario, prefix, tags={
                k: v for k, v in run.tags.items() if k not in ("trial", "scenario", "source")})
        case.n += 1
        case.c += run.success
        case.outcomes.append(run.success)
        for step, right in run.steps().items():
            s = self.steps[step]
            s.runs += 1
            s.right += right
            s.wrong_and_failed += (not right) and not run.success
            s.right_and_succeeded += right and run.success
        for rule in run.rules_fired:
            self.rule_runs[rule] += 1
            self.rule_failed_runs[rule] += not run.success
        for key, value in run.tags.items():
            if key in ("trial", "scenario", "source", "benchmark"):
                continue
            counts = self.groups[key][str(value)].setdefault(case_id, [0, 0])
            counts[0] += 1
            counts[1] += run.success


def collect(sessions_or_records: Iterable[TraceRecord]) -> Totals:
    """Fold a stream of trace records (sessions may interleave) into totals."""
    totals = Totals()
    open_runs: dict[str, Run] = {}
    for record in sessions_or_records:
        totals.events += 1
        run = open_runs.get(record.session_id)
        if run is None:
            run = open_runs[record.session_id] = Run(record.session_id)
        run.add(record)
        if record.event == "session_end":
            totals.fold(open_runs.pop(record.session_id))
    for run in open_runs.values():  # never ended: no outcome, reported as such
        totals.fold(run)
    return totals
