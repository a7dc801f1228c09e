"""The two validation engines mean the same on every catalog schema: jsonschema-rs gives the
verdict on the hot path, jsonschema words the errors, so a disagreement would either refuse a
call no error explains or let through one the reference refuses."""

from __future__ import annotations

import re
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from proxy.catalog import Tool, load_catalog
from proxy.validate import ArgumentValidator, ecma

from .conftest import ROOT

TOOLS: list[Tool] = [t for path in sorted((ROOT / "schemas").glob("*/catalog.yaml"))
                     for t in load_catalog(path)]


def patterns(schema: Any) -> set[str]:
    if isinstance(schema, dict):
        found = {schema["pattern"]} if isinstance(schema.get("pattern"), str) else set()
        return found.union(*(patterns(v) for v in schema.values()))
    if isinstance(schema, list):
        return set().union(*(patterns(v) for v in schema))
    return set()


PATTERNS = sorted(set().union(*(patterns(t.schema) for t in TOOLS)))


def test_the_catalogs_have_patterns_to_compare() -> None:
    assert len(TOOLS) > 40 and len(PATTERNS) >= 10


def texts(pattern: str) -> st.SearchStrategy[str]:
    """Strings the pattern matches, near misses, and anything."""
    match = st.from_regex(pattern)
    return st.one_of(match, st.text(max_size=20), match.map(lambda s: s[:-1] if s else "x"),
                     st.tuples(match, st.sampled_from(["\n", " ", "x", "0", "\u0663"])).map("".join))


@pytest.mark.parametrize("pattern", PATTERNS)
@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_pattern_matches_the_same_strings(pattern: str, data: st.DataObject) -> None:
    text = data.draw(texts(pattern))
    fast = jsonschema_rs.Draft202012Validator(ecma({"type": "string", "pattern": pattern}))
    assert fast.is_valid(text) == (re.search(pattern, text) is not None), repr(text)


def json_values(tool: Tool) -> st.SearchStrategy[Any]:
    shaped = [texts(p) for p in sorted(patterns(tool.schema))]
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**63 - 1),
                        st.floats(allow_nan=False, allow_infinity=False),
                        st.text(max_size=12), *shaped)
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["item_id", "id", "name", "x"]), inner, max_size=3)),
        max_leaves=6)


def names(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        own = list(schema.get("properties", {})) if isinstance(schema.get("properties"),
                                                                   dict) else []
        return own + [n for v in schema.values() for n in names(v)]
    if isinstance(schema, list):
        return [n for v in schema for n in names(v)]
    return []


@pytest.mark.parametrize("tool", TOOLS, ids=[f"{t.domain}.{t.name}" for t in TOOLS])
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_tool_schema_judges_arguments_alike(tool: Tool, data: st.DataObject) -> None:
    keys = [*sorted(set(names(tool.schema))), "unexpected"]
    arguments = data.draw(st.dictionaries(st.sampled_from(keys), json_values(tool), max_size=6))
    reference = tool.validator.validator.is_valid(arguments)
    assert tool.validator.fast.is_valid(arguments) == reference, arguments
    assert (tool.validator.errors(arguments) == []) == reference


@pytest.mark.parametrize("pattern", PATTERNS)
@settings(max_examples=10)
@given(data=st.data())
def test_a_final_newline_is_refused_by_both(pattern: str, data: st.DataObject) -> None:
    """``$`` in Python also matches before a final newline; the anchored catalog patterns and
    their ECMA spelling refuse it alike."""
    good = data.draw(st.from_regex(pattern))
    v = ArgumentValidator.compile("t", {"type": "object", "properties": {"a": {
        "type": "string", "pattern": pattern}}})
    assert v.errors({"a": good}) == []
    assert v.fast.is_valid({"a": good + "\n"}) is False
    problems = v.errors({"a": good + "\n"})
    assert problems and problems[0]["pointer"] == "/a"
