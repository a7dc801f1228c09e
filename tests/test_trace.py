"""Trace timestamps: ISO 8601 in UTC with microseconds, the same text datetime would give."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import orjson
from hypothesis import example, given, settings
from hypothesis import strategies as st

from proxy.trace import _needles, _scrub, now_iso, scrub, scrubbed_json


def test_now_iso_is_utc_with_microseconds() -> None:
    stamps = [now_iso() for _ in range(2000)]  # crosses whole seconds now and then
    for s in stamps:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", s), s
        parsed = datetime.fromisoformat(s.replace("Z", "+00:00"))
        assert parsed.tzinfo == UTC
        assert parsed.isoformat(timespec="microseconds").replace("+00:00", "Z") == s


_digits = st.text(alphabet="0123456789 -.\u00a0", min_size=0, max_size=30)
_leaf = st.one_of(_digits, st.integers(min_value=-(2**63), max_value=2**63 - 1),
                  st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(),
                  st.sampled_from(["4111 1111 1111 1111", "4111-1111-1111-1111", "#W1234567",
                     "4222222222222", "4222\u00a0222 222.2222", "x4222222222222y"]),
    st.sampled_from([4222222222222, 4111111111111111]))
_json = st.recursive(_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(_json)
@example("4222222222222")  # 13 digits, the shortest card number
@example({"n": [4222222222222]})
def test_the_prefilter_never_lets_a_card_through(value: object) -> None:
    """``scrub`` skips the exact walk when its prefilter finds no run of 13 digits; the walk
    itself must then change nothing."""
    assert scrub(value) == _scrub(value, frozenset())


@settings(max_examples=400, deadline=None)
@given(_json, st.booleans())
@example({"card": "4111 1111 1111 1111", "id": "#W1234567"}, True)
@example([4111111111111111], False)
def test_the_stores_json_is_the_scrubbed_values(value: object, canonical: bool) -> None:
    """What the stores keep, serialised once where nothing needs redacting, is the scrubbed
    value's JSON, in the form asked for (given its JSON or not)."""
    option = orjson.OPT_SORT_KEYS if canonical else 0
    expected = orjson.dumps(_scrub(value, frozenset()), option=option)
    assert scrubbed_json(value, canonical) == expected
    assert scrubbed_json(value, canonical, orjson.dumps(value, option=option)) == expected


@settings(max_examples=300, deadline=None)
@given(_json, _json, st.sampled_from(["", "c_1234567890123", "4111 1111 1111 1111"]),
       st.booleans())
@example({"N": "x"}, 1, "", True)  # a sensitive name, nothing card-like anywhere
def test_a_trace_line_is_the_scrubbed_fields(result: object, argument: object, call_id: str,
                                             with_sensitive: bool) -> None:
    """The tracer serialises a record once where its prefilter finds nothing to scrub in the
    whole line; the line is always the one made by scrubbing each field first."""
    import tempfile
    from pathlib import Path

    from proxy.trace import Redactor, Tracer

    sensitive = ("n", "secret") if with_sensitive else ()
    fields = {"v": 1, "ts": "2026-12-01T19:35:46.701054Z", "event": "call", "session_id": "s",
              "call_id": call_id, "tool": "t", "arguments": {"a": argument, "pin": "1"},
              "result": result, "content": "hi"}
    expected = dict(fields)
    names = frozenset(sensitive)
    expected["arguments"] = scrub({"a": argument, "pin": "[redacted]"}, names)
    for name in ("result", "content"):
        expected[name] = scrub(expected[name], names)
    with tempfile.TemporaryDirectory() as tmp:
        tracer = Tracer(str(Path(tmp) / "t.jsonl"), Redactor(("pin",), {}, sensitive))
        tracer.open()
        tracer.emit_fields(dict(fields))
        # the same record, its result's JSON given (as the store made it): the same line
        tracer.emit_fields(dict(fields), orjson.dumps(result))
        tracer.close()
        written = (Path(tmp) / "t.jsonl").read_bytes()
    assert written == 2 * orjson.dumps(expected, option=orjson.OPT_APPEND_NEWLINE)


@given(st.frozensets(st.text(alphabet='ab"\\:.*+?(|)[{é', min_size=1, max_size=4), max_size=4),
       st.lists(st.sampled_from([b'"', b":", b"a", b"b", b"\\", b".", b"*", b"(", b"|",
                                 "é".encode(), b'"a":', b'"ab":', b'"b":']), max_size=12))
def test_one_search_finds_a_sensitive_name_where_a_search_per_name_does(
        names: frozenset[str], parts: list[bytes]) -> None:
    text = b"".join(parts)
    per_name = any(b'"' + n.encode() + b'":' in text for n in names)
    assert (_needles(names).search(text) is not None) == per_name


@given(st.floats(min_value=0, max_value=1e7, allow_nan=False))
def test_round_ms_is_round_to_three_places(ms: float) -> None:
    from proxy.trace import round_ms

    scaled = ms * 1000
    if abs(scaled - int(scaled) - 0.5) > 1e-6:  # ties may go either way
        assert round_ms(ms) == round(ms, 3)


def test_an_audit_time_is_now_to_the_microsecond() -> None:
    import time

    from proxy.store.audit import now_s

    before = time.time()
    stamp = now_s()
    assert before - 1e-6 <= stamp <= time.time() and stamp == round(stamp, 6)
