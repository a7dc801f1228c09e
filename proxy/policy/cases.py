"""Policy tests: cases written next to the rules (``tests.yaml`` in a policy directory), run by
``callgate policy test DIR`` like ``opa test``.

    cases:
      - name: a yes to a different order does not count
        history:                      # the session so far, in order
          - {call: find_user_id_by_email, arguments: {email: a@b.c}, result: ava_1}
          - {call: get_order_details, arguments: {order_id: "#W1"}, result: {status: pending}}
          - {assistant: "Shall I cancel order #W2 (no longer needed)?"}
          - {user: "yes"}
          - {call: ..., arguments: ..., error: "..."}   # a call that failed upstream
        call: {tool: cancel_pending_order, arguments: {order_id: "#W1", reason: no longer needed}}
        expect: {verdict: confirm, rules: [confirm-writes]}   # rules: exactly those that fire

``now`` (epoch seconds) and ``confirmations`` may be set for token-mode cases.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pydantic

from ..catalog import Catalog
from ..errors import ConfigError
from ..ids import new_id
from ..session import (
    CallRecord,
    Confirmation,
    Environment,
    Message,
    Outcome,
    Role,
    SessionState,
)
from ..trace import REDACTED
from ..yamlfile import YamlDoc, load_yaml, validate_doc
from .decision import Verdict
from .engine import CallInput, PolicySet, decide
from .rules import call_hash


class _Frozen(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")


class Step(_Frozen):
    user: str | None = None
    assistant: str | None = None
    call: str | None = None
    arguments: dict[str, Any] = {}
    result: Any = None
    error: str | None = None
    include: str | None = None  # the steps of a named fixture

    @pydantic.model_validator(mode="after")
    def _one(self) -> Step:
        if sum(x is not None for x in (self.user, self.assistant, self.call, self.include)) != 1:
            raise ValueError("a history step is exactly one of: user, assistant, call, include")
        return self


class CallSpec(_Frozen):
    tool: str
    arguments: dict[str, Any] = {}


class TokenSpec(_Frozen):
    """A token-mode confirmation already issued for ``call`` (tool + arguments)."""

    tool: str
    arguments: dict[str, Any] = {}
    confirmed: bool = True
    used: bool = False
    expired: bool = False


class Expect(_Frozen):
    verdict: Verdict
    rules: tuple[str, ...] | None = None  # exactly these fire (any order); None: not checked


class Case(_Frozen):
    name: str
    history: tuple[Step, ...] = ()
    confirmations: tuple[TokenSpec, ...] = ()
    environment: Literal["live", "sandbox"] = "live"
    call: CallSpec
    expect: Expect


class CaseFile(_Frozen):
    fixtures: dict[str, tuple[Step, ...]] = {}  # named histories that cases include
    cases: tuple[Case, ...] = pydantic.Field(min_length=1)


@dataclass(frozen=True)
class CaseResult:
    name: str
    passed: bool
    verdict: str
    rules: list[str]
    expected: Expect
    messages: list[str]
    where: str


def _expand(steps: tuple[Step, ...], fixtures: dict[str, tuple[Step, ...]], depth: int = 0
            ) -> list[Step]:
    out: list[Step] = []
    for step in steps:
        if step.include is None:
            out.append(step)
            continue
        if step.include not in fixtures or depth > 5:
            raise ConfigError(f"unknown fixture {step.include!r}")
        out.extend(_expand(fixtures[step.include], fixtures, depth + 1))
    return out


def build_session(case: Case, catalog: Catalog,
                  fixtures: dict[str, tuple[Step, ...]] | None = None,
                  domain: str | None = None) -> SessionState:
    tags = {"domain": domain} if domain else {}
    state = SessionState(new_id("s"), Environment(case.environment), {}, tags, "case")
    for seq, step in enumerate(_expand(case.history, fixtures or {}), 1):
        if step.user is not None:
            state.add_message(Message(seq, Role.USER, step.user, "case"))
        elif step.assistant is not None:
            state.add_message(Message(seq, Role.ASSISTANT, step.assistant, "case"))
        else:
            assert step.call is not None
            tool = catalog.get(step.call, domain)
            if tool is None:
                raise ConfigError(f"history calls unknown tool {step.call!r}")
            failed = step.error is not None
            state.add_call(CallRecord(
                call_id=f"c{seq}", session_id=state.session_id, seq=seq, tool=step.call,
                kind=tool.kind.value, arguments=step.arguments, decision_id="case",
                verdict="allow", rules=[], policy_version="case",
                outcome=Outcome.UPSTREAM_ERROR if failed else Outcome.EXECUTED,
                started_at="case", result=step.error if failed else step.result,
            ))
    now = time.time()
    for i, token in enumerate(case.confirmations):
        cid = f"cf_case_{i}"
        state.confirmations[cid] = Confirmation(
            confirmation_id=cid, call_hash=call_hash(token.tool, token.arguments),
            tool=token.tool, summary="case", created_at=now - 10,
            expires_at=now - 1 if token.expired else now + 600,
            confirmed_at=now - 5 if token.confirmed else None,
            used_at=now - 2 if token.used else None,
        )
    return state


def load_cases(directory: Path) -> list[tuple[YamlDoc, CaseFile]]:
    """Every ``tests*.yaml`` file in ``directory``, validated (file:line errors)."""
    files = sorted(directory.glob("tests*.yaml"))
    if not files:
        raise ConfigError(f"{directory}: no tests*.yaml with policy cases")
    out = []
    for path in files:
        doc = load_yaml(path)
        out.append((doc, validate_doc(CaseFile, doc)))
    return out


def _redacted(value: Any) -> bool:
    """Whether ``value`` holds a value a trace's redaction replaced."""
    if isinstance(value, dict):
        return any(_redacted(v) for v in value.values())
    if isinstance(value, list):
        return any(_redacted(v) for v in value)
    return isinstance(value, str) and value == REDACTED


async def run_cases(files: list[tuple[YamlDoc, CaseFile]], policy: PolicySet,
                    domain: str | None = None) -> list[CaseResult]:
    """Run loaded case files against ``policy`` (sessions tagged with ``domain`` where a set
    holds several domains that share tool names)."""
    assert policy.catalog is not None
    results = []
    for doc, spec in files:
        for i, case in enumerate(spec.cases):
            where = doc.where(("cases", i))
            tool = policy.catalog.get(case.call.tool, domain)
            if tool is None:
                raise ConfigError(f"{where}: unknown tool {case.call.tool!r}")
            # (the proxy answers 422 before any rule: the case tests nothing; a case extracted
            # from a trace with values redacted cannot be held to the schema)
            problems = () if _redacted(case.call.arguments) else \
                tool.validator.errors(case.call.arguments)
            if problems:
                raise ConfigError(f"{where}: the call's arguments do not fit {tool.name}'s "
                                  f"schema ({'; '.join(p['message'] for p in problems)}); the "
                                  "proxy refuses such a call before any rule runs")
            try:
                session = build_session(case, policy.catalog, spec.fixtures, domain)
            except ConfigError as e:
                raise ConfigError(f"{where}: {e}") from e
            decision = await decide(policy, CallInput(tool, case.call.arguments, session),
                                    new_id("d"))
            fired = decision.fired
            ok = decision.verdict is case.expect.verdict and (
                case.expect.rules is None or sorted(fired) == sorted(case.expect.rules))
            results.append(CaseResult(case.name, ok, decision.verdict.value, fired, case.expect,
                                      [v.message for v in decision.violations], where))
    return results
