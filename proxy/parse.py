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


def loads(data: bytes | str) -> Any:
    """JSON text to Python values, every key as written (no cache of keys); invalid JSON
    raises ``orjson.JSONDecodeError``, as ``orjson.loads`` did for the callers. Integers of any
    size stay integers; NaN and Infinity are refused."""
    try:
        return from_json(data, cache_strings=False, allow_inf_nan=False)
    except ValueError as e:
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        message, line, column = str(e), 1, 1
        where = _AT.search(message)
        if where is not None:  # "... at line L column C": the position in the error's own form
            message, line, column = message[:where.start()], int(where[1]), int(where[2])
        pos = sum(len(row) + 1 for row in text.split("\n")[:line - 1]) + column - 1
        raise orjson.JSONDecodeError(message, text, max(0, min(pos, len(text)))) from None


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
    if depth_of(value) > max_depth:
        raise MalformedJSON(f"JSON nested deeper than {max_depth} levels")
    return value
