"""What a policy decides about one call: a verdict from a closed set, and the rules behind it."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Verdict(enum.StrEnum):
    ALLOW = "allow"  # forward to the upstream
    BLOCK = "block"  # refuse, with a reason the agent can act on
    CONFIRM = "confirm"  # refuse until the user explicitly confirms this action
    TICKET = "ticket"  # hold for a named human reviewer
    REHEARSE = "rehearse"  # run against the sandbox first


# The members compared on the path of every call, bound once: Python 3.11 reaches a member
# such as `Verdict.ALLOW` through EnumType.__getattr__'s slot, some 900 machine instructions
# each time (bench/instructions.py; Python 3.12 keeps members as plain class attributes).
VERDICT_ALLOW, VERDICT_REHEARSE = Verdict.ALLOW, Verdict.REHEARSE

# When several rules fire, the strictest route wins: a block is final, a missing confirmation is
# settled with the user before a human reviewer is bothered, a rehearsal comes last.
SEVERITY = {Verdict.ALLOW: 0, Verdict.REHEARSE: 1, Verdict.TICKET: 2, Verdict.CONFIRM: 3,
            Verdict.BLOCK: 4}


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str  # the rule's id in its file
    kind: str  # the rule kind (confirmation, order, facts, linked_items, rego, ...)
    route: Verdict
    message: str  # for the agent: what to do next
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    decision_id: str
    verdict: Verdict
    violations: tuple[Violation, ...]
    rules_run: int
    policy_version: str
    elapsed_us: float = 0.0
    ran: tuple[str, ...] = ()  # the ids of the rules that were checked
    shadow: tuple[Violation, ...] = ()  # shadow rules that fired: not enforced, only reported

    @property
    def fired(self) -> list[str]:
        return [v.rule for v in self.violations]

    @property
    def would(self) -> Verdict:
        """The verdict had the shadow rules been enforced too."""
        return combine([*self.violations, *self.shadow]) if self.shadow else self.verdict


def combine(violations: list[Violation]) -> Verdict:
    """The verdict for a set of violations: the strictest route among them, or allow."""
    verdict = Verdict.ALLOW
    for v in violations:
        if SEVERITY[v.route] > SEVERITY[verdict]:
            verdict = v.route
    return verdict
