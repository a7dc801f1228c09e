"""Session state: one customer conversation, its transcript, its calls and the facts reads established.

The state is indexed as it grows (facts by tool and arguments, executed calls by tool), so a policy
decision costs the same on call 3 and on call 3,000. The store is the source of truth; this is its
in-memory view, rebuilt from the store's rows after a restart.
"""

from __future__ import annotations

import bisect
import enum
import functools
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import orjson

from .parse import loads as json_loads


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


# The members compared on the path of every call, bound once: Python 3.11 reaches a member
# such as `Outcome.EXECUTED` through EnumType.__getattr__'s slot, some 900 machine instructions
# each time (bench/instructions.py; Python 3.12 keeps members as plain class attributes).
OUTCOME_EXECUTED, OUTCOME_FORWARDING = Outcome.EXECUTED, Outcome.FORWARDING
ENV_SANDBOX = Environment.SANDBOX

FETCHED = "fetched"  # the verdict recorded on a read the proxy made itself (policy facts)
AWAITING_REPORT = "awaiting_report"  # a checked call's error_code until its outcome is reported


def canonical_json(value: Any) -> bytes:
    """The canonical form of a JSON value: sorted keys, no spaces. Hashes and fact keys use it."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def args_key(arguments: dict[str, Any]) -> str:
    return canonical_json(arguments).decode()


def value_key(value: Any) -> str:
    """``args_key({"v": value})``: one argument's value as the session indexes it (a text
    without building the object, remembered: the same ids are looked up again and again)."""
    if type(value) is str:
        return _text_key(value)
    return args_key({"v": value})


@functools.lru_cache(maxsize=4096)  # (bounded: the ids and names calls hold)
def _text_key(value: str) -> str:
    return '{"v":' + orjson.dumps(value).decode() + "}"


def _insert(calls: list[CallRecord], call: CallRecord) -> None:
    """Add ``call`` to ``calls`` in sequence order (at the end, but for a late outcome)."""
    if not calls or calls[-1].seq < call.seq:
        calls.append(call)
    else:
        bisect.insort(calls, call, key=lambda c: c.seq)


# What a cached session holds in memory, estimated per event (bytes; CPython 3.11, measured with
# tracemalloc by tests/test_session_memory.py): a call's record with its index entries, a
# message's, and a result parsed from JSON per byte of that JSON (about 5 for structured answers
# such as orders and users; text-heavy answers take less, so they are overestimated, never under).
CALL_BYTES = 1300
MESSAGE_BYTES = 250
PARSED_BYTES_PER_BYTE = 5
TEXT_BYTES = 60  # an answer held as its JSON text: the bytes object and its holder
TEXT_MIN = 64  # smaller answers stay parsed (as text they would save nothing)


def _json_length(call: CallRecord) -> int:
    try:
        return len(call.result_json())
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


class _Text:
    """An answer held as its JSON text (a superseded read's: about a fifth of the memory of
    the parsed value); read back whole whenever it is asked for."""

    __slots__ = ("raw",)

    def __init__(self, raw: bytes) -> None:
        self.raw = raw


class CallRecord:
    """One tool call as the proxy saw it: what was asked, what was decided, what came back.

    ``result`` reads the same whether the answer is held parsed or, once a newer read of the
    same thing superseded it, as its JSON text (``hold_as_text``): readers never see the
    difference, only a fresh copy of the value."""

    __slots__ = ("_json", "_json_kept", "_result", "arguments", "call_id", "decision_id",
                 "error_code", "finished_at", "kind", "outcome", "policy_version", "rules", "seq",
                 "session_id", "size", "started_at", "tool", "upstream_status", "verdict")

    def __init__(self, call_id: str, session_id: str, seq: int, tool: str, kind: str,
                 arguments: dict[str, Any], decision_id: str, verdict: str, rules: list[str],
                 policy_version: str, outcome: Outcome, started_at: str, result: Any = None,
                 upstream_status: int | None = None, error_code: str | None = None,
                 finished_at: str | None = None, size: int = 0) -> None:
        self.call_id, self.session_id, self.seq = call_id, session_id, seq
        self.tool, self.kind, self.arguments = tool, kind, arguments
        self.decision_id, self.verdict, self.rules = decision_id, verdict, rules
        self.policy_version, self.outcome, self.started_at = policy_version, outcome, started_at
        self._result: Any = result
        self._json: bytes | None = None  # the result's JSON while the call is recorded
        self._json_kept = False  # _json is the session's copy of the fact's JSON (kept)
        self.upstream_status, self.error_code = upstream_status, error_code
        self.finished_at = finished_at
        # the byte length of the result's JSON as received or stored, where known (0: not
        # known); for the memory estimate only, never stored
        self.size = size

    @property
    def result(self) -> Any:
        held = self._result
        if type(held) is _Text:
            return json_loads(held.raw)
        return held

    @result.setter
    def result(self, value: Any) -> None:
        self._result = value
        self._json, self._json_kept = None, False

    def result_json(self) -> bytes:
        """The result's JSON (``orjson.dumps``), made once while the call is recorded: the
        store keeps it (scrubbed), the session compares answers by it and the trace writes
        it. Raises TypeError for a value that is not JSON."""
        if self._json is None:
            held = self._result
            self._json = held.raw if type(held) is _Text else orjson.dumps(held)
        return self._json

    def known_json(self) -> bytes | None:
        """The result's JSON where it was made already, else None."""
        return self._json

    def keep_json(self, text: bytes) -> None:
        """Hold ``text`` (the session's copy of this answer's JSON, exactly its length) as
        the result's JSON: nothing more to hold than the session holds already."""
        self._json, self._json_kept = text, True

    def forget_json(self, kept_too: bool = False) -> None:
        """Let the result's JSON go, unless it is the session's copy (orjson's own bytes keep
        the buffer they grew, 4 KiB and more: not to be held past the call); ``kept_too``:
        that as well (the answer is no longer the fact, and is not held as its text)."""
        if kept_too or not self._json_kept:
            self._json, self._json_kept = None, False

    @property
    def held_as_text(self) -> bool:
        return type(self._result) is _Text

    def hold_as_text(self, text: _Text) -> None:
        """Hold the answer as ``text`` (its JSON, shared by the records that held one value)."""
        self._result = text
        self._json, self._json_kept = text.raw, True

    def __repr__(self) -> str:
        return (f"CallRecord({self.call_id!r}, seq={self.seq}, tool={self.tool!r}, "
                f"outcome={self.outcome.value!r})")

    @property
    def origin(self) -> str | None:
        """"proxy" for a fact the proxy read itself before deciding; None for the agent's call."""
        return "proxy" if self.verdict == FETCHED else None

    @property
    def succeeded(self) -> bool:
        return self.outcome is OUTCOME_EXECUTED


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
    # (tool, canonical arguments) -> the calls whose answer is the current fact (one object);
    # when a newer read answers differently, they hold that answer as its JSON text instead
    fact_holders: dict[tuple[str, str], list[CallRecord]] = field(default_factory=dict)
    # (tool, canonical arguments) -> the current fact's JSON (a compact copy), where it is JSON:
    # a read that answers the same again is told by comparing the text, not the values
    fact_json: dict[tuple[str, str], bytes] = field(default_factory=dict)
    thin: bool = True  # hold superseded answers as text (False: parsed; for comparison)

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
            self.weight += PARSED_BYTES_PER_BYTE * (call.size or _json_length(call))
        call.forget_json()

    def _index(self, call: CallRecord) -> bool:
        """Index a successful call; True if its result is one already held (not a copy).

        The indexes are in sequence order, whatever order calls finish in (a checked call's
        outcome may be reported after later calls'): the same as a session read back from the
        store, which replays its calls in sequence order, so a decision does not depend on
        whether the session stayed in memory."""
        _insert(self.executed[call.tool], call)
        for name, value in call.arguments.items():
            _insert(self.by_argument[(call.tool, name, value_key(value))], call)
        if call.kind == "read":
            key = (call.tool, args_key(call.arguments))
            known = self.facts.get(key)
            result = call.result
            if known is not None and known is not result and self._same_answer(key, known,
                                                                                call):
                # the same answer again (an agent re-reading an order): one object for both,
                # so a long session does not hold a copy per read (results are never changed
                # in place)
                call.result = result = known
                text = self.fact_json.get(key)
                if text is not None:
                    call.keep_json(text)
            if call.seq < self.fact_seq.get(key, 0):  # a newer read's answer is the fact
                return known is result
            if known is result:
                self.fact_holders.setdefault(key, []).append(call)
            else:
                superseded = self.fact_holders.get(key)
                if superseded and self.thin and known is not None:
                    self._hold_as_text(superseded, self.fact_json.get(key))
                self.fact_holders[key] = [call]
                self._keep_json(key, call)
            self.facts[key] = result
            self.fact_seq[key] = call.seq
            return known is result
        return False

    def _same_answer(self, key: tuple[str, str], known: Any, call: CallRecord) -> bool:
        """``call``'s answer equals the fact ``known`` (what ``key`` read last): by their JSON
        where the fact's is kept (the same answer serialises the same), else by value."""
        text = self.fact_json.get(key)
        if text is None:
            return bool(known == call.result)
        try:
            return call.result_json() == text
        except TypeError:
            return False

    def _keep_json(self, key: tuple[str, str], call: CallRecord) -> None:
        """Keep the new fact's JSON (counted in ``weight``), to tell the same answer again."""
        old = self.fact_json.pop(key, None)
        if old is not None:
            self.weight -= len(old)
        try:
            raw = call.result_json()
        except TypeError:  # not JSON (a value no upstream gives): compared by value
            return
        # a copy of exactly its length: orjson's own bytes keep the buffer it grew (4 KiB+)
        self.fact_json[key] = text = bytes(memoryview(raw))
        self.weight += len(text)
        call.keep_json(text)

    def _hold_as_text(self, calls: list[CallRecord], raw: bytes | None) -> None:
        """The answer these calls share is no longer the fact: hold it as its JSON text
        (``raw`` where the fact's is kept: an object or a list, since a string's text is no
        smaller than the string)."""
        first = calls[0]
        value = first.result
        if isinstance(value, dict | list) and raw is None:
            try:
                raw = bytes(memoryview(orjson.dumps(value)))
            except TypeError:  # not JSON (a value no upstream gives): left as it is
                raw = None
        # a string's text is no smaller than the string, nor a small answer's than its value:
        # those stay parsed, and their JSON (the fact's no longer) is not held beside them
        if not isinstance(value, dict | list) or raw is None or len(raw) < TEXT_MIN:
            for call in calls:
                call.forget_json(kept_too=True)
            return
        text = _Text(raw)
        for call in calls:
            call.hold_as_text(text)
        # what finish_call counted for it, less what the text takes (never below the text)
        counted = PARSED_BYTES_PER_BYTE * (first.size or len(raw))
        self.weight += min(0, len(raw) + TEXT_BYTES - counted)

    def calls_with(self, tool: str, name: str, value: Any) -> list[CallRecord]:
        """Successful calls of ``tool`` whose argument ``name`` equalled ``value``."""
        return self.by_argument.get((tool, name, value_key(value)), [])

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
