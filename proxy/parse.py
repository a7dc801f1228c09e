"""Strict JSON parsing of request bodies: the first stage of every request.

Refused: bodies over the size limit, invalid UTF-8, duplicate keys at any depth, NaN and
Infinity, integers outside 64 bits and numbers that overflow a float, strings holding a lone
UTF-16 surrogate, nesting deeper than the limit, and anything that is not a JSON object at the top.

``loads`` reads every other JSON callgate takes in while it runs (upstream answers, stored
rows, engines' answers). Not ``orjson.loads``: orjson keeps the keys it has seen in a process-
wide cache that it looks up by a 64-bit hash alone, never comparing the text, and short keys
with a given hash are easy to compute; so once a key such as ``force`` was read, a body with
another key of the same hash came back holding ``force`` (an independent review found it;
tests/test_parse.py keeps the pair). orjson still serialises everything.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import orjson
from pydantic_core import from_json

from .errors import BodyTooLarge, MalformedJSON


def loads(data: bytes | bytearray | str) -> Any:
    """JSON text to Python values, every key as written (no cache of keys), numbers as
    ``orjson.loads`` read them: integers from -2**63 to 2**64-1 stay integers, wider ones
    become floats, and a number that overflows a float is refused. Invalid JSON raises
    ``orjson.JSONDecodeError``, as it did for the callers. Nesting deeper than pydantic-core's
    200 levels is read by the standard library's parser."""
    try:
        value = from_json(data, cache_strings=False, allow_inf_nan=False)
    except ValueError as e:
        if "recursion limit" not in str(e):
            raise _decode_error(str(e), data) from None
        value = _deep(data)
    except TypeError:  # a str that is not Unicode (a lone surrogate) is not JSON either
        if not isinstance(data, str):
            raise
        raise _decode_error("the text holds a lone UTF-16 surrogate", data) from None
    if isinstance(data, str):
        shape = data.translate(_SHAPE_TEXT)
        wide = "0" * 19 in shape or "e000" in shape
    else:
        shaped = data.translate(_SHAPE, b"+-")
        wide = b"0" * 19 in shaped or b"e000" in shaped
    if wide:  # only then can a number be out of orjson's ranges
        value = _as_orjson_reads(value, data)
    return value


# An integer past 64 bits has 19 digits or more; a float overflows only with a three-digit
# exponent (or 309 digits). So: digits as 0, E as e, signs dropped, then two substring
# searches (a regular expression took 20 us on an 800-byte answer, this 1). Dropping the
# signs can only find more, never less: then the walk decides.
_SHAPE = bytes.maketrans(b"123456789E", b"000000000e")
_SHAPE_TEXT = {**str.maketrans("123456789E", "000000000e"), ord("+"): None, ord("-"): None}
_INT_MIN, _UINT_MAX = -(2**63), 2**64 - 1


def _as_orjson_reads(value: Any, data: bytes | bytearray | str) -> Any:
    """Integers outside orjson's range as floats; a float that overflowed is refused."""
    def number(v: Any) -> Any:
        if type(v) is int and not _INT_MIN <= v <= _UINT_MAX:
            try:
                v = float(v)
            except OverflowError:
                v = math.inf
        if type(v) is float and not math.isfinite(v):
            raise _decode_error("number is infinity when parsed as double", data)
        return v

    if type(value) is not dict and type(value) is not list:
        return number(value)
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()  # a dict or a list: only containers are pushed
        for k, v in (item.items() if type(item) is dict else enumerate(item)):
            if type(v) is dict or type(v) is list:
                stack.append(v)
            else:
                item[k] = number(v)
    return value


def _deep(data: bytes | bytearray | str) -> Any:
    """The standard library's parser (no key cache either), for JSON nested past 200 levels."""
    try:
        return json.loads(data, parse_constant=_no_constant)
    except MalformedJSON as e:
        raise _decode_error(str(e), data) from None
    except json.JSONDecodeError as e:
        raise _decode_error(e.msg, data) from None
    except RecursionError:
        raise _decode_error("nested too deep", data) from None


def _decode_error(message: str, data: bytes | bytearray | str) -> orjson.JSONDecodeError:
    """The error ``orjson.loads`` would raise, its position taken from pydantic-core's
    message ("... at line L column C") without a scan of the text (an upstream's 4 MB answer
    of newlines would take a quarter of a second)."""
    line, column = 1, 1
    where = _AT.search(message)
    if where is not None:
        message, line, column = message[:where.start()], int(where[1]), int(where[2])
    err = orjson.JSONDecodeError.__new__(orjson.JSONDecodeError)
    ValueError.__init__(err, f"{message}: line {line} column {column}")
    err.msg, err.lineno, err.colno = message, line, column
    err.doc = data.decode("utf-8", "replace") if isinstance(data, bytes | bytearray) else data
    err.pos = column - 1 if line == 1 else -1  # the offset only where it costs nothing
    return err


_AT = re.compile(r" at line (\d+) column (\d+)$")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise MalformedJSON(f"duplicate key {key!r} in a JSON object")
            seen.add(key)
    return obj


def _no_constant(name: str) -> Any:
    raise MalformedJSON(f"{name} is not a JSON number")


INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _int(text: str) -> int:
    """Integers within 64 bits (what the stores and the serialiser hold); longer digit strings
    are refused before Python converts them (a 5,000-digit number costs real CPU)."""
    if len(text.lstrip("-")) > 19:
        raise MalformedJSON(f"integer {text[:24]}{'...' if len(text) > 24 else ''} is outside "
                            "the 64-bit range")
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise MalformedJSON(f"integer {text} is outside the 64-bit range")
    return value


def _float(text: str) -> float:
    if len(text) > 64:
        raise MalformedJSON(f"number {text[:24]}... has more than 64 characters")
    value = float(text)
    if not math.isfinite(value):
        raise MalformedJSON(f"number {text} does not fit a 64-bit float")
    return value


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                            parse_int=_int, parse_float=_float)


# A \uD800-\uDFFF escape: valid only as half of a pair; a lone one decodes to a string that
# cannot be encoded as UTF-8 (nor stored, hashed or forwarded), so it is refused here.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _no_lone_surrogates(value: Any) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as e:
                raise MalformedJSON("a string holds a lone UTF-16 surrogate (\\ud800-\\udfff "
                                    "without its pair); send valid Unicode") from e
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def depth_of(value: Any) -> int:
    """Nesting depth of a parsed JSON value (a scalar is 0, ``{}`` is 1), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            depth += 1
            stack.extend((v, depth) for v in item.values())
        elif isinstance(item, list):
            depth += 1
            stack.extend((v, depth) for v in item)
        deepest = max(deepest, depth)
    return deepest


def parse_object(body: bytes, *, max_bytes: int, max_depth: int) -> dict[str, Any]:
    """Parse ``body`` as one JSON object under the limits, or raise a ``RequestError``."""
    if len(body) > max_bytes:
        raise BodyTooLarge(f"body is {len(body)} bytes; the limit is {max_bytes}")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise MalformedJSON(f"body is not UTF-8: {e.reason} at byte {e.start}") from e
    try:
        value = _DECODER.decode(text)
    except MalformedJSON:
        raise
    except json.JSONDecodeError as e:
        raise MalformedJSON(f"invalid JSON: {e.msg} at line {e.lineno} column {e.colno}") from e
    except RecursionError as e:
        raise MalformedJSON(f"JSON nested deeper than {max_depth} levels") from e
    if not isinstance(value, dict):
        raise MalformedJSON(f"the body must be a JSON object, not {type(value).__name__}")
    if _SURROGATE_ESCAPE.search(text):
        _no_lone_surrogates(value)
    # (each level opens with a bracket: a body with no more brackets than the limit, the usual
    # case, cannot nest deeper, and the walk is left out; brackets in strings only add to it)
    if text.count("{") + text.count("[") > max_depth and depth_of(value) > max_depth:
        raise MalformedJSON(f"JSON nested deeper than {max_depth} levels")
    return value
