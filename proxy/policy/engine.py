"""The policy set and the ``decide`` stage: run the compiled rules that apply to a call."""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import structlog

from ..catalog import Catalog, Tool
from ..errors import CallgateError, PolicyError
from ..session import SessionState, args_key
from .decision import VERDICT_ALLOW, Decision, Violation, combine

log = structlog.get_logger("callgate.policy")


@dataclass(frozen=True, slots=True)
class CallInput:
    """What a rule sees: the call being decided and the session it belongs to."""

    tool: Tool
    arguments: dict[str, Any]
    session: SessionState
    # what a passing rule asks enforcement to do if the call goes ahead (e.g. use up a token)
    effects: dict[str, Any] = field(default_factory=dict)
    # lookups shared by the rules of one decision (the same fact read by several rules)
    memo: dict[Any, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FactNeed:
    """A fact a rule reads, which the proxy may fetch itself when the agent never read it:
    ``args(call)`` gives the read's arguments, or None when they cannot be known (no identity)."""

    tool: str
    args: Callable[[CallInput], dict[str, Any] | None]


class FactFetcher(Protocol):
    """Reads a fact on the session's behalf and records it in the session; False if it could
    not (the rule then refuses, as for any fact it does not have)."""

    async def __call__(self, call: CallInput, tool: str, arguments: dict[str, Any], /
                       ) -> bool: ...


@dataclass(frozen=True, slots=True)
class CompiledRule:
    """A rule ready to run: ``check`` (built-in, synchronous) or ``acheck`` (a remote engine,
    bounded by ``timeout_s``). A remote rule that fails, times out or answers nothing usable
    refuses the call, unless ``fail_open`` (an explicit, loud per-rule setting) allows it."""

    id: str
    kind: str
    applies: Callable[[Tool], bool]
    check: Callable[[CallInput], Violation | None] | None = None
    acheck: Callable[[CallInput], Awaitable[Violation | None]] | None = None
    timeout_s: float = 0.5
    fail_open: bool = False
    needs: tuple[FactNeed, ...] = ()  # facts the proxy may fetch before deciding
    shadow: bool = False  # checked and traced as "would have refused", never enforced


class PolicySet:
    """An immutable, compiled set of rules with a content-hash version."""

    def __init__(self, rules: Sequence[CompiledRule], version: str, source: str = "",
                 catalog: Catalog | None = None) -> None:
        self.rules = tuple(rules)
        self.version = version
        self.source = source
        self.catalog = catalog  # the tools the rules were written against
        self.modules: list[tuple[str, str]] = []  # Rego modules to upload before first use
        # per domain: the reads that tell who the user is (for reviewers: the customer)
        self.identities: dict[str, tuple[tuple[str, str | None], ...]] = {}
        # keyed by (domain, name): two domains may share a tool name, never its rules
        self._by_tool: dict[tuple[str, str], tuple[CompiledRule, ...]] = {}

    @classmethod
    def empty(cls) -> PolicySet:
        return cls((), "none")

    @classmethod
    def merge(cls, sets: Sequence[PolicySet]) -> PolicySet:
        """One set from several (one per domain); its version covers every part."""
        if not sets:
            return cls.empty()
        if len(sets) == 1:
            return sets[0]
        version = hashlib.sha256("+".join(s.version for s in sets).encode()).hexdigest()[:16]
        seen: dict[tuple[str, str], Tool] = {}  # two packs of one domain share its catalog
        for part in sets:
            for t in part.catalog.all() if part.catalog else ():
                seen.setdefault((t.domain, t.name), t)
        tools = list(seen.values())
        merged = cls([r for s in sets for r in s.rules], version,
                     ", ".join(s.source for s in sets), Catalog(tools))
        merged.modules = [m for s in sets for m in s.modules]
        merged.identities = {d: i for s in sets for d, i in s.identities.items()}
        return merged

    def rules_for(self, tool: Tool) -> tuple[CompiledRule, ...]:
        key = (tool.domain, tool.name)
        rules = self._by_tool.get(key)
        if rules is None:
            rules = tuple(r for r in self.rules if r.applies(tool))
            self._by_tool[key] = rules
        return rules


async def gather_facts(policy: PolicySet, call: CallInput, fetch: FactFetcher | None) -> list[str]:
    """Fetch the facts the call's rules need and the session has not observed; returns the
    tools read. Each fact is fetched at most once per call; a failed fetch is left missing."""
    if fetch is None:
        return []
    done: list[str] = []
    tried: set[tuple[str, str]] = set()
    for rule in policy.rules_for(call.tool):
        for need in rule.needs:
            args = need.args(call)
            if args is None:
                continue
            key = (need.tool, args_key(args))
            if key in tried or key in call.session.facts:
                continue
            tried.add(key)
            if await fetch(call, need.tool, args):
                done.append(need.tool)
    return done


async def decide(policy: PolicySet, call: CallInput, decision_id: str) -> Decision:
    """Run every rule that applies to the call's tool; the strictest route among those fired wins.

    A built-in rule that raises fails the whole decision closed with ``PolicyError``; so does a
    remote rule that errs or times out, unless it is marked ``fail_open``.
    """
    start = time.perf_counter()
    rules = policy.rules_for(call.tool)
    violations: list[Violation] = []
    remote: list[CompiledRule] = []
    for rule in rules:
        if rule.check is None:
            remote.append(rule)
            continue
        try:
            found = rule.check(call)
        except Exception as e:
            raise PolicyError(f"rule {rule.id!r} ({rule.kind}) failed: {_said(e)}") from e
        if found is not None:
            violations.append(found)
    if remote:
        results = await asyncio.gather(*(_remote(rule, call) for rule in remote))
        violations.extend(v for v in results if v is not None)
    shadow: tuple[Violation, ...] = ()
    if violations and any(r.shadow for r in rules):
        quiet = {r.id for r in rules if r.shadow}
        shadow = tuple(v for v in violations if v.rule in quiet)
        violations = [v for v in violations if v.rule not in quiet]
    verdict = combine(violations) if violations else VERDICT_ALLOW
    return Decision(
        decision_id=decision_id,
        verdict=verdict,
        violations=tuple(violations),
        shadow=shadow,
        rules_run=len(rules),
        ran=tuple(r.id for r in rules),
        policy_version=policy.version,
        elapsed_us=(time.perf_counter() - start) * 1e6,
    )


async def _remote(rule: CompiledRule, call: CallInput) -> Violation | None:
    assert rule.acheck is not None
    try:
        async with asyncio.timeout(rule.timeout_s):
            return await rule.acheck(call)
    except Exception as e:
        if rule.fail_open:
            log.warning("policy_rule_failed_open", rule=rule.id, error=repr(e))
            return None
        if isinstance(e, TimeoutError):
            raise PolicyError(f"rule {rule.id!r} did not decide within {rule.timeout_s}s") from e
        raise PolicyError(f"rule {rule.id!r} ({rule.kind}) failed: {_said(e)}") from e


def _said(e: BaseException) -> str:
    """An error in words: ours as they are, another with its type ("KeyError: 'x'")."""
    return str(e) if isinstance(e, CallgateError) else f"{type(e).__name__}: {e}"
