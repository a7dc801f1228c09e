"""The ticket life cycle as a hypothesis state machine: no action sequence breaks an invariant."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from proxy.gate.tickets import FINAL, Action, State, Status, TicketConflict, TicketExpired, step

OPERATORS = ["alice", "bob", "carol", "agent-team"]


class Lifecycle(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.state = State(Status.OPEN, expires_at=100.0, four_eyes=True, requester="agent-team")
        self.history: list[Status] = [Status.OPEN]
        self.executions = 0
        self.approved_ever = False

    def attempt(self, action: Action, actor: str, **kw: object) -> None:
        try:
            new = step(self.state, action, actor, self.now, **kw)  # type: ignore[arg-type]
        except TicketConflict:
            return
        if new.status is not self.state.status:
            self.history.append(new.status)
        if new.status is Status.APPROVED:
            self.approved_ever = True
        if action is Action.EXECUTED:
            self.executions += 1
        self.state = new

    @rule(dt=st.floats(min_value=0, max_value=60))
    def time_passes(self, dt: float) -> None:
        self.now += dt

    @rule(actor=st.sampled_from(OPERATORS))
    def approve(self, actor: str) -> None:
        before = self.state
        self.attempt(Action.APPROVE, actor)
        if self.state.status is Status.APPROVED and before.status is not Status.APPROVED:
            assert "agent-team" not in self.state.approvals
            assert len(set(self.state.approvals)) == 2
            assert self.now < before.expires_at

    @rule(actor=st.sampled_from(OPERATORS))
    def reject(self, actor: str) -> None:
        self.attempt(Action.REJECT, actor)

    @rule(actor=st.sampled_from(OPERATORS))
    def assign(self, actor: str) -> None:
        self.attempt(Action.ASSIGN, actor)

    @rule(actor=st.sampled_from(OPERATORS))
    def edit(self, actor: str) -> None:
        before = self.state
        self.attempt(Action.EDIT, actor)
        if before.status in (Status.OPEN, Status.ASSIGNED) and self.state is not before:
            assert self.state.approvals == ()

    @rule()
    def expire(self) -> None:
        self.attempt(Action.EXPIRE, "system")

    @rule(outcome=st.sampled_from([Action.EXECUTED, Action.FAILED, Action.UNKNOWN]))
    def outbox(self, outcome: Action) -> None:
        self.attempt(outcome, "outbox")

    @rule(outcome=st.sampled_from([Action.RESOLVE_EXECUTED, Action.RESOLVE_FAILED]))
    def resolve(self, outcome: Action) -> None:
        self.attempt(outcome, "alice")

    @invariant()
    def executes_at_most_once_and_only_after_approval(self) -> None:
        assert self.executions <= 1
        if self.executions:
            assert self.approved_ever
            assert Status.APPROVED in self.history

    @invariant()
    def final_states_are_final(self) -> None:
        for i, status in enumerate(self.history[:-1]):
            assert status not in FINAL, f"left final state {status} for {self.history[i + 1]}"

    @invariant()
    def expired_or_rejected_never_approved(self) -> None:
        for bad in (Status.EXPIRED, Status.REJECTED):
            if bad in self.history:
                assert Status.APPROVED not in self.history[self.history.index(bad):]


Lifecycle.TestCase.settings = settings(max_examples=300, stateful_step_count=40, deadline=None)
TestLifecycle = Lifecycle.TestCase


def test_single_approver_without_four_eyes() -> None:
    s = State(Status.OPEN, expires_at=10.0)
    assert step(s, Action.APPROVE, "alice", 1.0).status is Status.APPROVED


def test_approval_after_expiry_is_refused() -> None:
    s = State(Status.ASSIGNED, expires_at=10.0)
    with pytest.raises(TicketExpired):
        step(s, Action.APPROVE, "alice", 10.0)
