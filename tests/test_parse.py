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


def _nested(levels: list[bool], leaf: str) -> Any:
    value: Any = leaf
    for as_list in levels:
        value = [value] if as_list else {leaf: value}
    return value


@given(st.lists(st.booleans(), max_size=12), st.text(alphabet="{}[]a", max_size=6))
def test_too_deep_is_refused_exactly_when_it_nests_deeper_than_the_limit(
        levels: list[bool], leaf: str) -> None:
    value = {"a": _nested(levels, leaf)}  # brackets in the strings count for nothing
    body = json.dumps(value).encode()
    if depth_of(value) > 8:
        with pytest.raises(MalformedJSON, match="deeper"):
            parse_object(body, **LIMITS)
    else:
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


# ``loads``: every other JSON read at run time. Each pair below has two keys with the same
# xxh3_64 hash (computed by an independent review): orjson.loads, whose key cache is looked up
# by that hash alone, gave the second key back as the first once the first had been read.
COLLIDING = [("ofuubkm", "2]';+ioW"), ("force", "\u0539\u0001A\\\u001eqZ")]


@pytest.mark.parametrize(("first", "second"), COLLIDING)
def test_loads_keeps_every_key_as_written(first: str, second: str) -> None:
    from proxy.parse import loads
    from proxy.upstream import _decode

    for earlier, later in ((first, second), (second, first)):
        assert loads(json.dumps({earlier: 1}).encode()) == {earlier: 1}
        assert loads(json.dumps({"order_id": "o1", later: True}).encode()) == {
            "order_id": "o1", later: True}
        assert _decode(json.dumps({later: 2}).encode(), "application/json") == {later: 2}


json_texts = st.recursive(  # numbers within orjson's ranges (the wider ones: below)
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)


@given(json_texts, st.booleans())
def test_loads_reads_what_the_standard_library_reads(value: Any, ascii_only: bool) -> None:
    from proxy.parse import loads

    text = json.dumps(value, ensure_ascii=ascii_only)
    ours, theirs = loads(text.encode()), json.loads(text)
    assert ours == theirs and repr(ours) == repr(theirs)  # the same types, -0.0 and key order


@pytest.mark.parametrize("body", [b'{"a": NaN}', b"[Infinity]", b"{bad", b"", b'{"a": "\\ud800"}',
                                  b'{"a": "\xff"}', b'{"a": 1} x'])
def test_loads_refuses_what_is_not_json(body: bytes) -> None:
    import orjson

    from proxy.parse import loads

    with pytest.raises(orjson.JSONDecodeError):
        loads(body)


def test_loads_says_where_the_json_breaks() -> None:
    import orjson

    from proxy.parse import loads

    with pytest.raises(orjson.JSONDecodeError) as e:
        loads(b'{"a": 1,\n "b": x}')
    assert (e.value.lineno, e.value.colno) == (2, 7) and str(e.value).startswith("expected value")


def test_the_package_reads_json_only_through_loads() -> None:
    """orjson.loads stays out of proxy/ (its key cache: test_loads_keeps_every_key_as_written)."""
    from pathlib import Path

    import proxy

    root = Path(proxy.__file__).parent
    calls = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if "orjson.loads(" in p.read_text() and p.name != "parse.py"]
    assert calls == []


def _number_literals() -> st.SearchStrategy[str]:
    digits = st.text(alphabet="0123456789", min_size=1, max_size=30)
    return st.one_of(
        st.integers(-(10**25), 10**25).map(str),
        st.floats(allow_nan=False, allow_infinity=False).map(repr),
        st.tuples(st.sampled_from(["", "-"]), digits.filter(lambda d: d == "0" or d[0] != "0"),
                  st.sampled_from(["", ".5", ".000001"]), st.sampled_from(["e", "E", "e-", "e+"]),
                  st.integers(0, 999)).map(lambda t: f"{t[0]}{t[1]}{t[2]}{t[3]}{t[4]}"),
    )


@given(st.lists(_number_literals(), min_size=1, max_size=4))
def test_loads_reads_numbers_as_orjson_did(literals: list[str]) -> None:
    """Integers past 64 bits as floats, a float that overflows refused: what the callers and
    the stores (orjson serialises) were built on."""
    import orjson

    from proxy.parse import loads

    for text in (f'{{"n": [{", ".join(literals)}]}}', literals[0]):
        try:
            expected: Any = ("value", orjson.loads(text))
        except orjson.JSONDecodeError:
            expected = ("refused",)
        for given_as in (text.encode(), text):
            try:
                got: Any = ("value", loads(given_as))
            except orjson.JSONDecodeError:
                got = ("refused",)
            assert got[0] == expected[0], text
            if got[0] == "value":
                assert repr(got[1]) == repr(expected[1]), text
                orjson.dumps(got[1])  # what the stores then do with it


def test_loads_reads_past_pydantic_cores_depth_and_refuses_past_pythons() -> None:
    import orjson

    from proxy.parse import loads
    from proxy.upstream import _decode

    deep = b'{"a":' * 230 + b"[1e5, 18446744073709551616]" + b"}" * 230
    assert loads(deep) == json.loads(deep.replace(b"18446744073709551616",
                                                  b"1.8446744073709552e19"))
    with pytest.raises(orjson.JSONDecodeError):
        loads(b"[" * 100_000 + b"]" * 100_000)
    assert _decode(b'{"ref": 18446744073709551616}', "application/json") == {
        "ref": 1.8446744073709552e19}  # an upstream's wide number: a float, as before
    assert _decode(b'{"n": 1e400}', "application/json") == '{"n": 1e400}'  # refused: text
