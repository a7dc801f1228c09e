"""Strict JSON: what is refused, and that everything else round-trips."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proxy.errors import BodyTooLarge, MalformedJSON
from proxy.parse import depth_of, parse_object

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
