"""Trace records: one JSON line per event, serialised once by orjson and written whole.

The record is a versioned pydantic model; ``callgate report`` and ``callgate replay`` read traces
back with the same model (``TraceRecord.model_validate_json``). Field reference: docs/traces.md.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

import orjson
import pydantic

if TYPE_CHECKING:
    from .config import TraceConfig

TRACE_VERSION = 1
REDACTED = "[redacted]"

# outcome: what a checked call did, reported by the platform that ran it (check-only route)
EventName = Literal["session_start", "session_end", "message", "call", "ticket", "outcome"]


_second: tuple[int, str] = (-1, "")  # the last whole second formatted, and its text


def now_iso() -> str:
    """UTC now as ``2026-01-02T03:04:05.678901Z``; the part up to the second is formatted once
    per second (this runs several times per call). The pair is replaced whole, never torn."""
    global _second
    second, fraction = divmod(time.time_ns() // 1000, 1_000_000)
    cached = _second
    if cached[0] != second:
        cached = _second = (second,
                            datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S"))
    return f"{cached[1]}.{fraction:06d}Z"


def round_ms(ms: float) -> float:
    """A non-negative duration in milliseconds to three places (microseconds), as traces and
    the access log show it. Integer arithmetic: ``round(ms, 3)`` formats the float as decimal
    digits and parses them back (several of these run on every call)."""
    return int(ms * 1000 + 0.5) / 1000


class TraceRecord(pydantic.BaseModel):
    """One event. Which fields are set depends on ``event``; absent fields are omitted on disk."""

    model_config = pydantic.ConfigDict(frozen=True, extra="ignore")

    v: int = pydantic.Field(TRACE_VERSION, ge=1, le=TRACE_VERSION)  # (a newer one: not read)
    ts: str
    event: EventName
    session_id: str
    seq: int | None = None
    # session_start
    environment: str | None = None
    user: dict[str, Any] | None = None
    tags: dict[str, Any] | None = None
    expected: list[dict[str, Any]] | None = None  # the case's ground-truth actions, if known
    # message
    role: str | None = None
    content: str | None = None
    # call
    call_id: str | None = None
    decision_id: str | None = None
    tool: str | None = None
    kind: str | None = None
    arguments: dict[str, Any] | None = None
    verdict: str | None = None
    rules: list[str] | None = None  # the rules that fired
    shadow_rules: list[str] | None = None  # shadow-mode rules that fired (not enforced)
    would_verdict: str | None = None  # the verdict had the shadow rules been enforced
    rules_run: int | None = None
    rules_checked: list[str] | None = None  # the ids of every rule that ran
    policy_version: str | None = None
    outcome: str | None = None
    error_code: str | None = None
    upstream_status: int | None = None
    result: Any = None
    origin: str | None = None  # "proxy": a fact the proxy read itself before deciding
    latency_ms: dict[str, float] | None = None
    trace_id: str | None = None  # W3C trace context: the agent's trace, this call's span
    span_id: str | None = None
    # session_end
    success: bool | None = None
    reward: float | None = None
    # ticket
    ticket_id: str | None = None
    ticket_status: str | None = None


_CARDISH = re.compile(r"(?<![\d.-])\d(?:[ .\u00a0-]?\d){12,18}(?![\d-])")


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def redact_cards(text: str) -> str:
    """Card-like numbers (13-19 digits, spaces or dashes allowed, passing the Luhn check)
    replaced by ``[card ...1234]``: the last four stay, as on a receipt."""
    if len(text) < 13:
        return text

    def sub(m: re.Match[str]) -> str:
        digits = re.sub(r"\D", "", m.group())
        return f"[card ...{digits[-4:]}]" if _luhn(digits) else m.group()

    return _CARDISH.sub(sub, text)


# Every digit to "0", separators dropped: a card-like run is then 13 zeros in a row, found by a
# substring search (a regular expression's [0-9]{13} backtracked through every shorter run of
# digits, an order id's or a price's: 17 us on a 600-byte order, against 2 this way).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
# the separators a card number may hold: " ", ".", "-" and the no-break space (UTF-8 C2 A0, its
# two bytes dropped wherever they stand: that can only join more digits, never part them)
_SEPARATORS = b" .-\xc2\xa0"
_THIRTEEN_ZEROS = b"0" * 13


@functools.lru_cache(maxsize=64)
def _needles(sensitive: frozenset[str]) -> re.Pattern[bytes]:
    """A field named in ``sensitive`` (``"name":`` in lower-cased JSON text), one search for
    all of them (a substring search per name cost twice as much on a call's trace line)."""
    if not sensitive:
        return re.compile(b"(?!)")
    return re.compile(b'"' + _alternatives(sorted(name.encode() for name in sensitive)) + b'":')


def _alternatives(names: list[bytes]) -> bytes:
    """A group matching exactly one of ``names`` (sorted), with shared prefixes factored out
    (``p(?:ass(?:code|word)|in)``): at each quote in the line the search tries a few first
    letters instead of every name (30% less CPU on a call's line than a flat alternation)."""
    branches: list[bytes] = []
    i = 0
    while i < len(names):
        if not names[i]:  # the empty name: this level may end here
            branches.append(b"")
            i += 1
            continue
        first = names[i][:1]
        j = i
        while j < len(names) and names[j][:1] == first:
            j += 1
        group = names[i:j]
        # the longest prefix all of the group share
        k = 1
        while all(len(n) > k for n in group) and len({n[k] for n in group}) == 1:
            k += 1
        branches.append(re.escape(group[0][:k]) + (
            b"" if len(group) == 1 and len(group[0]) == k else
            _alternatives(sorted(n[k:] for n in group))))
        i = j
    return b"(?:" + b"|".join(branches) + b")"


def scrub(value: Any, sensitive: frozenset[str] = frozenset()) -> Any:
    """``value`` with card-like numbers redacted in every string (and numbers that are card
    numbers), and the values of fields named in ``sensitive`` (lower case) replaced, at any
    depth. The usual case (nothing to redact) is one serialisation and one search."""
    if isinstance(value, str):
        return redact_cards(value)
    if not isinstance(value, dict | list | int | float):
        return value
    try:
        text = orjson.dumps(value)
    except TypeError:
        return _scrub(value, sensitive)
    if not _may_hold_card(text):
        if not sensitive:
            return value
        lowered = text.lower()
        if _needles(sensitive).search(lowered) is None:
            return value
    return _scrub(value, sensitive)


def _may_hold_card(text: bytes) -> bool:
    """A prefilter on JSON text, not the test: separators dropped, any run of 13 digits sends
    the value through the exact walk (Luhn-checked); without one, nothing in it can be a card
    number."""
    digits = text.translate(_DIGITS_AS_ZERO, _SEPARATORS)
    return _THIRTEEN_ZEROS in digits


def scrubbed_json(value: Any, canonical: bool = False, text: bytes | None = None) -> bytes:
    """``orjson.dumps(scrub(value))`` (with sorted keys where ``canonical``), serialising once
    where nothing needs redacting (the usual case): what the stores keep. ``text``: the value's
    JSON in that form, where the caller has it already."""
    option = orjson.OPT_SORT_KEYS if canonical else 0
    if text is None:
        text = orjson.dumps(value, option=option)
    if not _may_hold_card(text):
        return text
    return orjson.dumps(_scrub(value, frozenset()), option=option)


def _scrub(value: Any, sensitive: frozenset[str]) -> Any:
    if isinstance(value, str):
        return redact_cards(value)
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) >= 1e12:
        text = str(int(value)) if float(value).is_integer() else ""
        if 13 <= len(text) <= 19 and _luhn(text):
            return f"[card ...{text[-4:]}]"
        return value
    if isinstance(value, dict):
        return {k: (REDACTED if isinstance(k, str) and k.lower() in sensitive
                    else _scrub(v, sensitive)) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v, sensitive) for v in value]
    return value


class Redactor:
    """Replaces named argument values before they reach a trace; the store keeps the real ones.
    Card-like numbers are redacted everywhere in a trace (messages, arguments, results)."""

    def __init__(self, everywhere: tuple[str, ...], per_tool: dict[str, tuple[str, ...]],
                 sensitive: tuple[str, ...] = ()) -> None:
        self.sensitive = frozenset(s.lower() for s in sensitive)
        self.everywhere = frozenset(everywhere)
        self.per_tool = {tool: frozenset(names) | self.everywhere for tool, names in per_tool.items()}

    @classmethod
    def of(cls, trace: TraceConfig) -> Redactor:
        """The redaction a configuration's ``trace`` section asks for."""
        return cls(trace.redact, trace.redact_tools, trace.sensitive)

    def __call__(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        names = self.per_tool.get(tool, self.everywhere)
        if not names or names.isdisjoint(arguments):
            return arguments
        return {k: (REDACTED if k in names else v) for k, v in arguments.items()}


class RotatingFile:
    """An append-only file that rotates between records: when a record would take it past
    ``max_bytes``, ``path`` becomes ``path.1`` (``.1`` becomes ``.2``, ... up to ``keep``; the
    oldest goes) and a new ``path`` is started. A record is never split across files."""

    def __init__(self, path: str, max_bytes: int | None, keep: int) -> None:
        self.path, self.max_bytes, self.keep = path, max_bytes, keep
        self._f = self._open()
        self.size = os.fstat(self._f.fileno()).st_size

    def _open(self) -> IO[bytes]:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)  # owner only
        return os.fdopen(fd, "ab")

    def write(self, data: bytes) -> int:
        if self.max_bytes is not None and self.size and self.size + len(data) > self.max_bytes:
            self.rotate()
        n = self._f.write(data)
        self.size += n
        return n

    def rotate(self) -> None:
        self._f.close()
        for i in range(self.keep - 1, 0, -1):
            older = f"{self.path}.{i}"
            if os.path.exists(older):
                os.replace(older, f"{self.path}.{i + 1}")
        os.replace(self.path, f"{self.path}.1")
        self._f = self._open()
        self.size = 0

    def flush(self) -> None:
        self._f.flush()

    def close(self) -> None:
        self._f.close()


class Tracer:
    """Writes trace records as JSON lines to a file (appended, rotated when ``rotate_bytes`` is
    set) or standard output (for a log collector)."""

    def __init__(self, path: str, redactor: Redactor | None = None,
                 rotate_bytes: int | None = None, keep: int = 5) -> None:
        self.path = path
        self.redact = redactor or Redactor((), {})
        self.rotate_bytes, self.keep = rotate_bytes, keep
        self._file: RotatingFile | None = None
        self._out: IO[bytes] | RotatingFile | None = None

    def open(self) -> None:
        if self.path == "-":
            self._out = sys.stdout.buffer
        else:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._out = self._file = RotatingFile(self.path, self.rotate_bytes, self.keep)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        self._out = None

    def emit(self, record: TraceRecord) -> None:
        # The record's own field values, shallow: model_dump would deep-copy results that
        # orjson is about to serialise anyway.
        self.emit_fields({k: v for k, v in record.__dict__.items() if v is not None})

    def emit_fields(self, fields: dict[str, Any], result_json: bytes | None = None) -> None:
        """Write one record given as its fields (a ``TraceRecord``'s, None-valued ones left
        out; ``v`` first): for the per-call record, which skips building the model. One write
        per record (never split across files or interleaved with another writer's line),
        flushed at once. ``result_json``: the result's JSON as orjson wrote it already (the
        store's), written as it stands where nothing needs scrubbing."""
        out = self._out
        if out is None:
            return
        sensitive = self.redact.sensitive
        tool = fields.get("tool")
        if "arguments" in fields and tool is not None:
            fields["arguments"] = self.redact(tool, fields["arguments"])
        if result_json is not None and "result" in fields:
            line = orjson.dumps({**fields, "result": orjson.Fragment(result_json)},
                                option=orjson.OPT_APPEND_NEWLINE)
        else:
            line = orjson.dumps(fields, option=orjson.OPT_APPEND_NEWLINE)
        # scrub's prefilter on the whole line first: where it finds nothing, no field holds
        # anything to scrub and the line is written as it is (one serialisation, the usual case)
        lowered = line.lower() if sensitive else b""
        if _may_hold_card(line) or (sensitive and _needles(sensitive).search(lowered)):
            for name in ("arguments", "content", "result", "user", "tags"):
                if name in fields:
                    fields[name] = scrub(fields[name], sensitive)
            line = orjson.dumps(fields, option=orjson.OPT_APPEND_NEWLINE)
        out.write(line)
        out.flush()


def read_traces(path: Path) -> Iterator[TraceRecord]:
    """Stream records from a JSON-lines trace file, one at a time; blank lines are skipped."""
    with path.open("rb") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                yield TraceRecord.model_validate_json(line)
            except pydantic.ValidationError as e:
                first = e.errors()[0]
                where = ".".join(str(part) for part in first.get("loc", ()))
                raise ValueError(f"{path}:{number}: not a callgate trace record: "
                                 f"{first['msg']}{f' ({where})' if where else ''}"
                                 f"{f' and {e.error_count() - 1} more' if e.error_count() > 1 else ''}"
                                 ) from e


def record_to_json(record: TraceRecord) -> bytes:
    """The on-disk form of one record, for writers that do not go through a ``Tracer``."""
    return orjson.dumps(record.model_dump(exclude_none=True))
