"""Session state: one customer conversation, its transcript, its calls and the facts reads established.

The state is indexed as it grows (facts by tool and arguments, executed calls by tool), so a policy
decision costs the same on call 3 and on call 3,000. The store is the source of truth; this is its
in-memory view, rebuilt from the store's rows after a restart.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import orjson


class Environment(enum.StrEnum):
    LIVE = "live"  # calls reach the production upstream
    SANDBOX = "sandbox"  # calls reach the upstream's sandbox; never mixed with live in one session


class Role(enum.StrEnum):
    USER = "user"  # the customer
    ASSISTANT = "assistant"  # the agent's text to the customer


class Outcome(enum.StrEnum):
    EXECUTED = "executed"  # forwarded; the upstream answered 2xx
    BLOCKED = "blocked"  # refused by policy
    NEEDS_CONFIRMATION = "needs_confirmation"  # refused until the user confirms this action
    PENDING_REVIEW = "pending_review"  # held for a human reviewer
    INVALID = "invalid"  # the request itself was wrong (JSON, tool, arguments, session)
    UPSTREAM_ERROR = "upstream_error"  # forwarded, and the upstream failed, refused or timed out
    FORWARDING = "forwarding"  # decided and sent; the upstream has not answered yet
    ALLOWED = "allowed"  # check-only: the platform may run it and reports the outcome back


FETCHED = "fetched"  # the verdict recorded on a read the proxy made itself (policy facts)
AWAITING_REPORT = "awaiting_report"  # a checked call's error_code until its outcome is reported


def canonical_json(value: Any) -> bytes:
    """The canonical form of a JSON value: sorted keys, no spaces. Hashes and fact keys use it."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def args_key(arguments: dict[str, Any]) -> str:
    return canonical_json(arguments).decode()


# What a cached session holds in memory, estimated per event (bytes; CPython 3.11, measured with
# tracemalloc by tests/test_session_memory.py): a call's record with its index entries, a
# message's, and a result parsed from JSON per byte of that JSON (about 5 for structured answers
# such as orders and users; text-heavy answers take less, so they are overestimated, never under).
CALL_BYTES = 1300
MESSAGE_BYTES = 250
PARSED_BYTES_PER_BYTE = 5


def json_size(value: Any) -> int:
    """The length of ``value``'s JSON text (0 for a value that has none)."""
    if value is None:
        return 0
    try:
        return len(orjson.dumps(value))
    except TypeError:
        return 0


@dataclass(slots=True)
class Message:
    seq: int
    role: Role
    content: str
    ts: str
    reply: Any = None  # for user messages: the dialogue reading (policy.dialogue), cached
    plain: str | None = None  # the normalised text, cached by the confirmation detector


@dataclass(slots=True)
class Confirmation:
    """A token-mode confirmation: bound to one call (tool + canonical arguments), single-use."""

    confirmation_id: str
    call_hash: str
    tool: str
    summary: str
    created_at: float
    expires_at: float
    confirmed_at: float | None = None
    used_at: float | None = None


@dataclass(slots=True)
class CallRecord:
    """One tool call as the proxy saw it: what was asked, what was decided, what came back."""

    call_id: str
    session_id: str
    seq: int
    tool: str
    kind: str
    arguments: dict[str, Any]
    decision_id: str
    verdict: str
    rules: list[str]
    policy_version: str
    outcome: Outcome
    started_at: str
    result: Any = None
    upstream_status: int | None = None
    error_code: str | None = None
    finished_at: str | None = None
    # the byte length of the result's JSON as received or stored, where known (0: not known);
    # for the memory estimate only, never stored
    size: int = 0

    @property
    def origin(self) -> str | None:
        """"proxy" for a fact the proxy read itself before deciding; None for the agent's call."""
        return "proxy" if self.verdict == FETCHED else None

    @property
    def succeeded(self) -> bool:
        return self.outcome is Outcome.EXECUTED


@dataclass
class SessionState:
    session_id: str
    environment: Environment
    user: dict[str, Any]
    tags: dict[str, Any]
    started_at: str
    ended_at: str | None = None
    outcome: dict[str, Any] | None = None
    agent_key: str | None = None  # the agent key that started it: only that key may use it
    # proxy: callgate forwards the calls; check: the platform runs them and reports outcomes.
    # Fixed at the start: reported results never feed calls callgate itself sends.
    mode: str = "proxy"
    seq: int = 0
    messages: list[Message] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    # (tool, canonical arguments) -> result of the last successful read with exactly those arguments
    facts: dict[tuple[str, str], Any] = field(default_factory=dict)
    fact_seq: dict[tuple[str, str], int] = field(default_factory=dict)  # when each fact was read
    # tool -> successful calls of it, in order (reads and writes)
    executed: dict[str, list[CallRecord]] = field(default_factory=lambda: defaultdict(list))
    # (tool, argument name, canonical value) -> successful calls with that argument value
    by_argument: dict[tuple[str, str, str], list[CallRecord]] = field(
        default_factory=lambda: defaultdict(list)
    )
    confirmations: dict[str, Confirmation] = field(default_factory=dict)
    # caches that policy derives from the state and extends incrementally (e.g. alias indexes)
    derived: dict[Any, Any] = field(default_factory=dict)
    # the store's version of this state (PostgreSQL: bumped by every change to the session, so
    # a replica reads only what changed since); -1 when unknown
    version: int = -1
    by_id: dict[str, CallRecord] = field(default_factory=dict)  # calls by call id
    weight: int = 0  # the estimated bytes this state holds (CALL_BYTES...): the cache's budget

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    def next_seq(self) -> int:
        return self.seq + 1

    def add_message(self, message: Message) -> None:
        self.messages.append(message)
        self.seq = max(self.seq, message.seq)
        self.weight += MESSAGE_BYTES + len(message.content)

    def add_call(self, call: CallRecord) -> None:
        self.calls.append(call)
        self.by_id[call.call_id] = call
        self.seq = max(self.seq, call.seq)
        self.weight += CALL_BYTES
        self.finish_call(call)

    def finish_call(self, call: CallRecord) -> None:
        """Index a call that was recorded while in flight and has now finished (and count
        what its result holds)."""
        shared = call.succeeded and self._index(call)
        if call.result is not None and not shared:
            self.weight += PARSED_BYTES_PER_BYTE * (call.size or json_size(call.result))

    def _index(self, call: CallRecord) -> bool:
        """Index a successful call; True if its result is one already held (not a copy)."""
        self.executed[call.tool].append(call)
        for name, value in call.arguments.items():
            self.by_argument[(call.tool, name, args_key({"v": value}))].append(call)
        if call.kind == "read":
            key = (call.tool, args_key(call.arguments))
            known = self.facts.get(key)
            if known is not None and known is not call.result and known == call.result:
                # the same answer again (an agent re-reading an order): one object for both,
                # so a long session does not hold a copy per read (results are never changed
                # in place)
                call.result = known
            self.facts[key] = call.result
            self.fact_seq[key] = call.seq
            return known is call.result
        return False

    def calls_with(self, tool: str, name: str, value: Any) -> list[CallRecord]:
        """Successful calls of ``tool`` whose argument ``name`` equalled ``value``."""
        return self.by_argument.get((tool, name, args_key({"v": value})), [])

    def identity(self, sources: tuple[tuple[str, str | None], ...]) -> Any:
        """Who the user is: from the most recent successful call of any source tool, its result
        (``argument`` None) or the value of one of its arguments."""
        best: CallRecord | None = None
        argument: str | None = None
        for tool, arg in sources:
            calls = self.executed.get(tool)
            if calls and (best is None or calls[-1].seq > best.seq):
                best, argument = calls[-1], arg
        if best is None:
            return None
        return best.result if argument is None else best.arguments.get(argument)

    def fact(self, tool: str, arguments: dict[str, Any]) -> Any:
        """The result of the last successful ``tool(**arguments)`` read, or None."""
        return self.facts.get((tool, args_key(arguments)))
