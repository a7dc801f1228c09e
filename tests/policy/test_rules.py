"""Rule compilation: operators, paths, file:line errors, fail-closed on a broken rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from proxy.errors import ConfigError, PolicyError
from proxy.policy import CallInput, PolicySet, decide
from proxy.policy.engine import CompiledRule
from proxy.policy.loader import load_policy
from proxy.policy.paths import MISSING
from proxy.policy.paths import path as compile_path
from proxy.policy.rules import _compare
from proxy.session import Environment, SessionState

from ..conftest import ROOT


@pytest.mark.parametrize(
    ("op", "left", "right", "expected"),
    [
        ("eq", "pending", "pending", True), ("eq", 1, 2, False), ("ne", 1, 2, True),
        ("in", "a", ["a", "b"], True), ("in", "c", ["a", "b"], False),
        ("not_in", "c", ["a"], True), ("contains", {"k": 1}, "k", True),
        ("contains", ["a"], "b", False), ("contains", "abc", "b", True),
        ("subset", ["a", "b"], {"a": 1, "b": 2, "c": 3}, True), ("subset", ["z"], ["a"], False),
        ("lt", 1, 2, True), ("le", 2, 2, True), ("gt", 1, 2, False), ("ge", 2.5, 2, True),
        # decimal strings (money amounts) compare exactly as numbers; other strings never do
        ("lt", "1", 2, True), ("le", "12.50", 12.5, True), ("gt", "0.1", 0.09999, True),
        ("lt", "abc", 2, False), ("lt", "1e3", 2000, False), ("gt", True, 0, False),
        ("startswith", "gift_card_1", "gift_card_", True), ("startswith", 5, "x", False),
        ("exists", MISSING, None, False), ("exists", None, None, True),
        ("not_exists", MISSING, None, True),
        ("eq", MISSING, MISSING, False), ("ne", MISSING, 1, False),
    ],
)
def test_compare(op: str, left: Any, right: Any, expected: bool) -> None:
    assert _compare(op, left, right) is expected


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        ("a.b", {"a": {"b": 1}}, 1),
        ("a.0", {"a": [5, 6]}, 5),
        ("a.-1", {"a": [5, 6]}, 6),
        ("a.2", {"a": [5, 6]}, MISSING),
        ("a.#", {"a": [5, 6]}, 2),
        ("a.*.id", {"a": [{"id": 1}, {"id": 2}, {}]}, [1, 2]),
        ("a.*", {"a": {"x": 1, "y": 2}}, [1, 2]),
        ("a.b", {"a": 3}, MISSING),
        # one name (the getter made for it): present, absent, not an object, None kept
        ("a", {"a": 1}, 1), ("a", {"b": 1}, MISSING), ("a", [1], MISSING), ("a", "a", MISSING),
        ("a", {"a": None}, None), ("0", {"0": 1}, MISSING), ("0", [7], 7), ("#", [1, 2], 2),
    ],
)
def test_path(path: str, value: Any, expected: Any) -> None:
    assert compile_path(path.split("."))(value) == expected


def write_policy(tmp_path: Path, rules: str) -> Path:
    (tmp_path / "policy.yaml").write_text(
        f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\n"
        "identity: [find_user_id_by_email]\nrules:\n" + rules)
    return tmp_path


@pytest.mark.parametrize(
    ("rules", "line", "words"),
    [
        ("  - id: x\n    kind: nope\n    tools: all\n", 5, "kind"),
        ("  - id: x\n    kind: order\n    tools: all\n", 5, "exactly one of"),
        ("  - id: x\n    kind: order\n    tools: [no_such_tool]\n    once_per: [order_id]\n", 5,
         "unknown tool 'no_such_tool'"),
        ("  - id: x\n    kind: facts\n    tools: all\n    require:\n"
         "      - {left: fact.a, op: like, right: 1}\n", 5, "op"),
        ("  - id: x\n    kind: facts\n    tools: all\n    require:\n"
         "      - {left: nonsense.a, op: eq, right: 1}\n", 5, "must start with fact."),
        ("  - id: Bad Id\n    kind: order\n    tools: all\n    once_per: [a]\n", 5, "id"),
        ("  - id: x\n    kind: order\n    tools: all\n    once_per: [a]\n"
         "  - id: x\n    kind: order\n    tools: all\n    once_per: [a]\n", 9, "used twice"),
        ("  - id: x\n    kind: confirmation\n    tools: {kind: write}\n    key_arguments:\n"
         "      cancel_pending_order: [nope]\n", 5, "has no arguments"),
        # what no tool has, found when the file is read, not left to refuse every call
        ("  - id: x\n    kind: facts\n    tools: [cancel_pending_order]\n    fact: {tool: "
         "get_order_details, match: {order_id: order_idd}}\n    require:\n"
         "      - {left: fact.status, op: eq, right: pending}\n", 5,
         "names argument 'order_idd', which none of the rule's tools (cancel_pending_order)"),
        ("  - id: x\n    kind: order\n    tools: [cancel_pending_order]\n    requires: {any_of: "
         "[{tool: find_user_id_by_email, match: {nope: order_id}}]}\n", 5,
         "find_user_id_by_email's argument 'nope', which it does not take (email)"),
        ("  - id: x\n    kind: order\n    tools: [cancel_pending_order]\n    requires: {any_of: "
         "[{tool: get_order_details}]}\n    message: 'order {args.nonexistent}'\n", 5,
         "names argument 'nonexistent'"),
        ("  - id: x\n    kind: order\n    tools: [cancel_pending_order]\n    requires: {any_of: "
         "[{tool: get_order_details}]}\n    message: 'it is {fact.status}'\n", 5,
         "reads a fact, but the rule names none"),
        ("  - id: x\n    kind: order\n    tools: [cancel_pending_order]\n    requires: {any_of: "
         "[{tool: get_order_details}]}\n    message: 'hi {bogus}'\n", 5,
         "placeholder {bogus} is none of"),
        ("  - id: x\n    kind: facts\n    tools: [cancel_pending_order]\n    fact: {tool: "
         "get_order_details, match: {order_id: order_id}}\n    require:\n"
         "      - {left: fact.status, op: lt, right: abc}\n", 5, "lt compares numbers"),
        ("  - id: x\n    kind: facts\n    tools: [cancel_pending_order]\n    fact: {tool: "
         "get_order_details, match: {order_id: order_id}}\n    require:\n"
         "      - {left: fact.created_at, op: within_hours, right: -5}\n", 5,
         "within_hours takes a number of hours, 0 or more"),
    ],
)
def test_policy_errors_name_file_and_line(tmp_path: Path, rules: str, line: int,
                                          words: str) -> None:
    write_policy(tmp_path, rules)
    with pytest.raises(ConfigError) as e:
        load_policy(tmp_path)
    assert f"policy.yaml:{line}" in str(e.value)
    assert words in str(e.value)


def test_version_is_a_content_hash(tmp_path: Path) -> None:
    rule = "  - id: x\n    kind: order\n    tools: all\n    once_per: [order_id]\n"
    v1 = load_policy(write_policy(tmp_path, rule)).version
    assert load_policy(tmp_path).version == v1
    write_policy(tmp_path, rule.replace("order_id", "user_id"))
    assert load_policy(tmp_path).version != v1


async def test_a_rule_that_raises_fails_the_decision_closed() -> None:
    retail = load_policy(ROOT / "policies" / "retail")
    assert retail.catalog is not None
    tool = retail.catalog.get("get_order_details")

    def boom(call: CallInput) -> None:
        raise KeyError("surprise")

    broken = PolicySet([CompiledRule("boom", "facts", lambda t: True, check=boom)], "v")
    session = SessionState("s", Environment.LIVE, {}, {}, "t")
    with pytest.raises(PolicyError, match="boom"):
        await decide(broken, CallInput(tool, {"order_id": "#W1"}, session), "d")


async def test_rules_apply_only_to_their_domain() -> None:
    retail = load_policy(ROOT / "policies" / "retail")
    airline = load_policy(ROOT / "policies" / "airline")
    both = PolicySet.merge([retail, airline])
    assert both.catalog is not None
    cancel = both.catalog.get("cancel_reservation")
    assert {r.id for r in both.rules_for(cancel)} <= {r.id for r in airline.rules}


@pytest.mark.parametrize(
    ("when", "hours", "clock", "expected"),
    [
        ("2024-05-14T16:03:16", 24, "2024-05-15T15:00:00-05:00", True),  # local to the clock
        ("2024-05-14T14:59:00", 24, "2024-05-15T15:00:00-05:00", False),
        ("2024-05-15T20:00:00Z", 1, "2024-05-15T15:00:00-05:00", True),  # 20:00 UTC = 15:00 EST
        ("2024-05-16T10:00:00", 24, "2024-05-15T15:00:00-05:00", False),  # in the future
        ("not a time", 24, "2024-05-15T15:00:00-05:00", False),
    ],
)
def test_within_hours(when: str, hours: float, clock: str, expected: bool) -> None:
    from proxy.policy.rules import _parse_time, _within_hours

    assert _within_hours(when, hours, _parse_time(clock)) is expected


def test_bad_clock_is_a_config_error(tmp_path: Path) -> None:
    write_policy(tmp_path, "  - id: x\n    kind: facts\n    tools: all\n    require:\n"
                           "      - {left: args.t, op: within_hours, right: 24}\n")
    text = (tmp_path / "policy.yaml").read_text().replace("rules:", "clock: yesterday\nrules:")
    (tmp_path / "policy.yaml").write_text(text)
    with pytest.raises(ConfigError, match="not an ISO date"):
        load_policy(tmp_path)


def test_a_message_naming_what_its_rule_has_compiles(tmp_path: Path) -> None:
    write_policy(tmp_path, "  - id: x\n    kind: facts\n    tools: [cancel_pending_order]\n"
                           "    fact: {tool: get_order_details, match: {order_id: order_id}}\n"
                           "    require:\n      - {left: fact.status, op: eq, right: pending}\n"
                           "    message: 'order {args.order_id} is {fact.status}'\n")
    assert load_policy(tmp_path).rules[0].id == "x"


def test_a_domain_without_tools_in_the_catalog_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "policy.yaml").write_text(
        f"domain: nosuch\ncatalog: {ROOT}/schemas/retail/catalog.yaml\nrules:\n"
        "  - {id: x, kind: order, tools: [cancel_pending_order], once_per: [order_id]}\n")
    with pytest.raises(ConfigError, match=r"policy.yaml:1: domain 'nosuch' has no tools in the "
                                          r"catalog .* \(its domains: retail\)"):
        load_policy(tmp_path)
