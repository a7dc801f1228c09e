"""The ticket life cycle as a pure function: a state and an action in, the next state out.

    open ──assign──▶ assigned ──approve (enough approvers)──▶ approved ──▶ executed
      │                 │                                      ├──▶ failed
      │                 │                                      └──▶ outcome_unknown
      ├──reject─────────┴──▶ rejected                                   └─resolve─▶ executed|failed
      └──expire (at or after expires_at)──▶ expired

Invariants the store and the tests rely on: only ``approved`` tickets reach the outbox; an
expired or rejected ticket never becomes approved; with four eyes two distinct operators approve,
neither of them the requester; an edit clears earlier approvals.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ..errors import RequestError


class Status(enum.StrEnum):
    OPEN = "open"  # waiting for a reviewer
    ASSIGNED = "assigned"  # a named owner is looking at it
    APPROVED = "approved"  # will execute (the outbox holds it)
    REJECTED = "rejected"  # never executes
    EXPIRED = "expired"  # never executes
    EXECUTED = "executed"  # the upstream answered 2xx
    FAILED = "failed"  # the upstream refused it
    OUTCOME_UNKNOWN = "outcome_unknown"  # sent, no answer: a human must check, no retry


UNDECIDED = {Status.OPEN, Status.ASSIGNED}
FINAL = {Status.REJECTED, Status.EXPIRED, Status.EXECUTED, Status.FAILED}


class Action(enum.StrEnum):
    ASSIGN = "assign"
    PRIORITIZE = "prioritize"
    APPROVE = "approve"
    REJECT = "reject"
    EXPIRE = "expire"
    EDIT = "edit"
    EXECUTED = "executed"  # the outbox delivered it
    FAILED = "failed"  # the upstream refused it
    UNKNOWN = "unknown"  # the upstream did not answer in time
    RESOLVE_EXECUTED = "resolve_executed"  # a human checked: it did happen
    RESOLVE_FAILED = "resolve_failed"  # a human checked: it did not


class TicketConflict(RequestError):
    code = "ticket_conflict"
    status = 409
    agent_message = "The ticket is not in a state that allows this."


class TicketExpired(TicketConflict):
    code = "ticket_expired"
    status = 410


class FourEyes(TicketConflict):
    code = "four_eyes"
    status = 403


@dataclass(frozen=True)
class State:
    status: Status
    expires_at: float
    four_eyes: bool = False
    requester: str | None = None
    owner: str | None = None
    priority: int = 2
    approvals: tuple[str, ...] = ()

    @property
    def needed(self) -> int:
        return 2 if self.four_eyes else 1


def step(s: State, action: Action, actor: str, now: float, *, owner: str | None = None,
         priority: int | None = None) -> State:
    """The next state, or a ``TicketConflict`` saying why not."""
    if action in (Action.ASSIGN, Action.PRIORITIZE, Action.APPROVE, Action.REJECT, Action.EDIT):
        if s.status is Status.EXPIRED:  # however it got there (lazily or in the background)
            raise TicketExpired("the ticket expired; it can no longer be changed or approved")
        if s.status not in UNDECIDED:
            raise TicketConflict(f"the ticket is {s.status.value}; {action.value} needs it open")
        if action is not Action.REJECT and now >= s.expires_at:
            raise TicketExpired("the ticket expired; it can no longer be changed or approved")
    match action:
        case Action.ASSIGN:
            return replace(s, status=Status.ASSIGNED, owner=owner or actor)
        case Action.PRIORITIZE:
            if priority is None or not 0 <= priority <= 4:
                raise TicketConflict("priority is 0 (most urgent) to 4")
            return replace(s, priority=priority)
        case Action.EDIT:
            return replace(s, approvals=())  # changed arguments need fresh approvals
        case Action.REJECT:
            return replace(s, status=Status.REJECTED)
        case Action.APPROVE:
            if s.four_eyes and actor == s.requester:
                raise FourEyes("four eyes: the requester's side cannot approve its own request")
            if actor in s.approvals:
                raise FourEyes("four eyes: a second, different operator must approve")
            approvals = (*s.approvals, actor)
            if len(approvals) >= s.needed:
                return replace(s, status=Status.APPROVED, approvals=approvals)
            return replace(s, approvals=approvals)
        case Action.EXPIRE:
            if s.status not in UNDECIDED:
                raise TicketConflict(f"the ticket is {s.status.value}; only open tickets expire")
            if now < s.expires_at:
                raise TicketConflict("the ticket has not expired yet")
            return replace(s, status=Status.EXPIRED)
        case Action.EXECUTED | Action.FAILED | Action.UNKNOWN:
            if s.status is not Status.APPROVED:
                raise TicketConflict(f"only an approved ticket executes (it is {s.status.value})")
            target = {Action.EXECUTED: Status.EXECUTED, Action.FAILED: Status.FAILED,
                      Action.UNKNOWN: Status.OUTCOME_UNKNOWN}[action]
            return replace(s, status=target)
        case Action.RESOLVE_EXECUTED | Action.RESOLVE_FAILED:
            if s.status is not Status.OUTCOME_UNKNOWN:
                raise TicketConflict("only a ticket whose outcome is unknown is resolved by hand")
            return replace(s, status=Status.EXECUTED if action is Action.RESOLVE_EXECUTED
                           else Status.FAILED)
    raise TicketConflict(f"unknown action {action}")
