"""Strict JSON: what is refused, and that everything else round-trips."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proxy.errors import BodyTooLarge, MalformedJSON
from proxy.parse import depth_of, parse_object, parse_object_strict

LIMITS = {"max_bytes": 4096, "max_depth": 8}


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b'{"a": 1, "a": 2}', MalformedJSON),
        (b'{"a": [{"b": 1, "b": 1}]}', MalformedJSON),
        (b'{"a": NaN}', MalformedJSON),
        (b'{"a": -Infinity}', MalformedJSON),
        (b'{"a": 1,}', MalformedJSON),
        (b'"just a string"', MalformedJSON),
        (b"", MalformedJSON),
        (b"{" + b'"a":' * 1 + b"[" * 9 + b"]" * 9 + b"}", MalformedJSON),
        (b"x" * 5000, BodyTooLarge),
        (b'{"a": "\xc3\x28"}', MalformedJSON),
    ],
)
def test_refused(body: bytes, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_object(body, **LIMITS)


def test_depth_of() -> None:
    assert depth_of(1) == 0
    assert depth_of({}) == 1
    assert depth_of({"a": [1, {"b": []}]}) == 4


def test_depth_at_the_limit_is_accepted() -> None:
    body = b'{"a":' + b"[" * 7 + b"]" * 7 + b"}"
    assert depth_of(parse_object(body, **LIMITS)) == 8


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=5))
def test_valid_objects_round_trip(value: dict[str, Any]) -> None:
    body = json.dumps(value).encode()
    if len(body) > 4096 or depth_of(value) > 8:
        return
    assert parse_object(body, **LIMITS) == value


@given(st.integers(min_value=2**63, max_value=10**40) | st.integers(max_value=-(2**63) - 1,
                                                                   min_value=-(10**40)))
def test_integers_beyond_64_bits_are_refused(n: int) -> None:
    with pytest.raises(MalformedJSON, match="64-bit"):
        parse_object(b'{"n": %d}' % n, **LIMITS)


@pytest.mark.parametrize("body", [b'{"n": 1' + b"0" * 5000 + b"}", b'{"n": 1e400}',
                                  b'{"n": -1e400}', b'{"s": "\\ud800"}', b'{"\\udfff": 1}'])
def test_hostile_numbers_and_strings_are_400_not_500(body: bytes) -> None:
    with pytest.raises(MalformedJSON):
        parse_object(body, max_bytes=100_000, max_depth=8)


# The fast path (orjson) against the strict parser: the same value, of the same types, or the
# same refusal, for valid bodies, their mutations, and the inputs where the two libraries differ.

def _same(a: Any, b: Any) -> bool:
    """Equal and of the same JSON types all the way down (1, 1.0 and True are all == in Python)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b or (a != a and b != b)


def _outcome(parse: Any, body: bytes) -> tuple[str, Any]:
    try:
        return "value", parse(body, **LIMITS)
    except (MalformedJSON, BodyTooLarge) as e:
        return type(e).__name__, str(e)


def _agree(body: bytes) -> None:
    fast, strict = _outcome(parse_object, body), _outcome(parse_object_strict, body)
    assert fast[0] == strict[0], (body, fast, strict)
    if fast[0] == "value":
        assert _same(fast[1], strict[1]), (body, fast, strict)
    else:
        assert fast[1] == strict[1]  # the refusal's words too


@pytest.mark.parametrize("body", [
    b'{"a": 1, "a": 2}', b'{"a": 1, "\\u0061": 2}', b'{"a": [{"b": 1, "b": 1}]}',
    b'{"a": "x\\":", "b": 1}', b'{"a": NaN}', b'{"a": 1e400}', b'{"a": 1e-400}',
    b'{"a": 9223372036854775807}', b'{"a": 9223372036854775808}', b'{"a": -9223372036854775808}',
    b'{"a": -9223372036854775809}', b'{"a": 18446744073709551615}',
    b'{"a": 18446744073709551616}', b'{"a": 1000000000000000000}', b'{"a": 123456789012345678}',
    b'{"a": 0.1234567890123456789}', b'{"a": 1.5e0000000000000000001}', b'{"a": "\\ud800"}',
    b'{"a": "\\udc00"}', b'{"\\ud83d\\ude00": 1}', b'\xef\xbb\xbf{"a": 1}', b'{"a": "\xff"}',
    b'{"a": "\\u0000"}', b' \t\n{"a" \n : 1} \r\n', b'{"a": 1} x', b'[1]', b'"s"', b'null',
    b'{"a": -0}', b'{"a": -0.0}', b'{"a": 1E5}', b'{"a": 01}', b'{"a": .5}', b'{"a": +1}',
    b'{"a": 1.}', b'{"a": [1,]}', b"{'a': 1}", b'{"a": tru}', b'{"a": "\x01"}',
    b'{"a":' + b"[" * 7 + b"]" * 7 + b"}", b'{"a":' + b"[" * 8 + b"]" * 8 + b"}",
    b"[" * 2000 + b"]" * 2000, b'{"a": 1}\x00', b'{"a\\"": 1, "a\\"": 2}', b'{}', b'',
])
def test_fast_path_agrees_with_the_strict_parser(body: bytes) -> None:
    _agree(body)


_TOKENS = [b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"0", b"9", b"-", b".", b"e",
           b" ", b"a", b"\\u", b"d800", b"\xff", b"null", b"1" * 19, b'"k":1', b'"k":']


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=5),
       st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(_TOKENS),
                          st.booleans()), max_size=3))
def test_fast_path_agrees_on_mutated_bodies(value: dict[str, Any],
                                            edits: list[tuple[int, bytes, bool]]) -> None:
    body = json.dumps(value, ensure_ascii=False).encode()
    for at, token, replace in edits:
        i = at % (len(body) + 1)
        body = body[:i] + token + body[i + len(token) if replace else i:]
    _agree(body)


@given(st.dictionaries(st.sampled_from(["a", "b", "\\u0061"]), json_values, max_size=3),
       st.integers(min_value=-(10**25), max_value=10**25))
def test_fast_path_agrees_on_repeated_keys_and_long_numbers(value: dict[str, Any], n: int
                                                            ) -> None:
    inner = json.dumps(value)[1:-1].replace('"\\\\u0061"', '"\\u0061"')
    _agree(b'{"n": %d, %s}' % (n, inner.encode()) if inner else b'{"n": %d}' % n)
    _agree(b'{"n": %d, "n": 1}' % n)
