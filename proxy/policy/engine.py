"""The policy set and the ``decide`` stage: run the compiled rules that apply to a call."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..catalog import Tool
from ..errors import PolicyError
from ..session import SessionState
from .decision import Decision, Verdict, Violation, combine


@dataclass(frozen=True, slots=True)
class CallInput:
    """What a rule sees: the call being decided and the session it belongs to."""

    tool: Tool
    arguments: dict[str, Any]
    session: SessionState


@dataclass(frozen=True, slots=True)
class CompiledRule:
    id: str
    kind: str
    applies: Callable[[Tool], bool]
    check: Callable[[CallInput], Violation | None]


class PolicySet:
    """An immutable, compiled set of rules with a content-hash version."""

    def __init__(self, rules: Sequence[CompiledRule], version: str, source: str = "") -> None:
        self.rules = tuple(rules)
        self.version = version
        self.source = source
        self._by_tool: dict[str, tuple[CompiledRule, ...]] = {}

    @classmethod
    def empty(cls) -> PolicySet:
        return cls((), "none")

    def rules_for(self, tool: Tool) -> tuple[CompiledRule, ...]:
        rules = self._by_tool.get(tool.name)
        if rules is None:
            rules = tuple(r for r in self.rules if r.applies(tool))
            self._by_tool[tool.name] = rules
        return rules


def decide(policy: PolicySet, call: CallInput, decision_id: str) -> Decision:
    """Run every rule that applies to the call's tool; the strictest route among those fired wins.

    A rule that raises fails the whole decision closed with ``PolicyError``.
    """
    start = time.perf_counter()
    rules = policy.rules_for(call.tool)
    violations = []
    for rule in rules:
        try:
            found = rule.check(call)
        except Exception as e:
            raise PolicyError(f"rule {rule.id!r} ({rule.kind}) failed: {e!r}") from e
        if found is not None:
            violations.append(found)
    verdict = combine(violations) if violations else Verdict.ALLOW
    return Decision(
        decision_id=decision_id,
        verdict=verdict,
        violations=tuple(violations),
        rules_run=len(rules),
        policy_version=policy.version,
        elapsed_us=(time.perf_counter() - start) * 1e6,
    )
