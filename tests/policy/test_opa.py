"""The OPA backend, against a server speaking OPA's REST API with a real Rego engine (regorus)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from proxy.demo.opa import FAULTS, POLICIES, build_opa_app
from proxy.errors import ConfigError, PolicyError
from proxy.policy import CallInput, decide
from proxy.policy.loader import load_policy
from proxy.policy.opa import OpaBackend, input_document
from proxy.session import CallRecord, Environment, Outcome, SessionState

from ..conftest import ROOT

pytest.importorskip("regorus")

REGO = """package callgate.retail

import rego.v1

deny contains msg if {
    input.tool.name == "cancel_pending_order"
    some order in input.facts.get_order_details
    order.arguments.order_id == input.arguments.order_id
    order.result.status != "pending"
    msg := sprintf("order %s is %s", [input.arguments.order_id, order.result.status])
}
"""


@pytest.fixture
async def opa_server(aiohttp_server: Callable[..., Awaitable[TestServer]]) -> TestServer:
    return await aiohttp_server(build_opa_app())


def pack(tmp_path: Path, extra: str = "", timeout_s: float = 5.0) -> Path:
    """A pack with one rego rule; a generous timeout unless a test is about timeouts (a loaded
    machine must not turn an undefined decision into a timeout)."""
    (tmp_path / "orders.rego").write_text(REGO)
    (tmp_path / "policy.yaml").write_text(
        f"domain: retail\ncatalog: {ROOT}/schemas/retail/catalog.yaml\n"
        "identity: [find_user_id_by_email]\nrules:\n"
        "  - id: opa-orders\n    kind: rego\n    tools: [cancel_pending_order]\n"
        "    query: callgate/retail/deny\n    module: orders.rego\n"
        f"    facts: [get_order_details]\n    timeout_s: {timeout_s}\n{extra}")
    return tmp_path


def session_with(status: str) -> SessionState:
    s = SessionState("s1", Environment.LIVE, {}, {}, "t")
    s.add_call(CallRecord(
        call_id="c1", session_id="s1", seq=1, tool="get_order_details", kind="read",
        arguments={"order_id": "#W1"}, decision_id="d", verdict="allow", rules=[],
        policy_version="v", outcome=Outcome.EXECUTED, started_at="t",
        result={"order_id": "#W1", "status": status}))
    return s


async def decide_cancel(directory: Path, opa: OpaBackend, status: str) -> Any:
    policy = load_policy(directory, opa)
    for name, module in policy.modules:
        await opa.upload(name, module)
    assert policy.catalog is not None
    tool = policy.catalog.get("cancel_pending_order")
    call = CallInput(tool, {"order_id": "#W1", "reason": "no longer needed"}, session_with(status))
    return await decide(policy, call, "d1")


async def test_allow_and_deny_with_reasons(opa_server: TestServer, tmp_path: Path) -> None:
    opa = OpaBackend(str(opa_server.make_url("")), timeout_s=30.0)
    try:
        allowed = await decide_cancel(pack(tmp_path), opa, "pending")
        assert allowed.verdict.value == "allow"
        denied = await decide_cancel(pack(tmp_path), opa, "delivered")
        assert denied.verdict.value == "block"
        assert denied.violations[0].message == "order #W1 is delivered"
        assert denied.fired == ["opa-orders"]
    finally:
        await opa.close()


async def test_undefined_decision_fails_closed(opa_server: TestServer, tmp_path: Path) -> None:
    opa = OpaBackend(str(opa_server.make_url("")), timeout_s=30.0)
    directory = pack(tmp_path)
    text = (directory / "policy.yaml").read_text().replace("callgate/retail/deny",
                                                           "callgate/retail/nothing_here")
    (directory / "policy.yaml").write_text(text)
    try:
        with pytest.raises(PolicyError, match="undefined"):
            await decide_cancel(directory, opa, "pending")
    finally:
        await opa.close()


async def test_server_error_is_one_request_and_keeps_the_body(
    opa_server: TestServer, tmp_path: Path
) -> None:
    opa = OpaBackend(str(opa_server.make_url("")), timeout_s=30.0)
    policy = load_policy(pack(tmp_path), opa)
    for name, module in policy.modules:
        await opa.upload(name, module)
    faults = opa_server.app[FAULTS]
    faults.update(status=500, message="rego_eval_error: kaboom", hits=0)
    try:
        assert policy.catalog is not None
        call = CallInput(policy.catalog.get("cancel_pending_order"),
                         {"order_id": "#W1", "reason": "no longer needed"},
                         session_with("pending"))
        with pytest.raises(PolicyError, match="kaboom"):
            await decide(policy, call, "d")
        assert faults["hits"] == 1  # no retry
    finally:
        await opa.close()


async def test_timeout_fails_closed_and_fail_open_is_explicit(
    opa_server: TestServer, tmp_path: Path
) -> None:
    opa = OpaBackend(str(opa_server.make_url("")), timeout_s=5.0)
    opa_server.app[FAULTS].update(delay=1.0)
    closed, opened = tmp_path / "closed", tmp_path / "open"
    closed.mkdir()
    opened.mkdir()
    try:
        with pytest.raises(PolicyError, match=r"within 0\.3s"):
            await decide_cancel(pack(closed, timeout_s=0.3), opa, "delivered")
        decision = await decide_cancel(pack(opened, "    fail_open: true\n", timeout_s=0.3), opa,
                                       "delivered")
        assert decision.verdict.value == "allow"
    finally:
        await opa.close()


async def test_a_client_timeout_says_which_limit_it_was(
    opa_server: TestServer, tmp_path: Path
) -> None:
    """OPA slower than the client's limit (timeouts.decision_s) but within the rule's: the
    refusal names the client's limit, not the rule's."""
    opa = OpaBackend(str(opa_server.make_url("")), timeout_s=0.2)
    opa_server.app[FAULTS].update(delay=1.0)
    try:
        with pytest.raises(PolicyError, match=r"did not answer within 0\.2s"):
            await decide_cancel(pack(tmp_path, timeout_s=10.0), opa, "pending")
    finally:
        await opa.close()


async def test_unreachable_server_fails_closed(tmp_path: Path, closed_port: int) -> None:
    opa = OpaBackend(f"http://127.0.0.1:{closed_port}", timeout_s=0.5)
    policy = load_policy(pack(tmp_path), opa)
    assert policy.catalog is not None
    call = CallInput(policy.catalog.get("cancel_pending_order"),
                     {"order_id": "#W1", "reason": "no longer needed"}, session_with("pending"))
    try:
        with pytest.raises(PolicyError):
            await decide(policy, call, "d")
    finally:
        await opa.close()


async def test_v0_rego_is_refused_not_rewritten(opa_server: TestServer) -> None:
    opa = OpaBackend(str(opa_server.make_url("")), timeout_s=30.0)
    try:
        with pytest.raises(ConfigError, match="refused"):
            await opa.upload("old", "package old\ndeny[msg] { msg := \"x\" }\n")
        assert "old" not in opa_server.app[POLICIES]
    finally:
        await opa.close()


def test_rego_rule_without_opa_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no OPA server is configured"):
        load_policy(pack(tmp_path), None)


def test_input_document_is_compact_and_matches_its_schema() -> None:
    import json

    import jsonschema

    schema = json.loads((ROOT / "schemas" / "policy-input.schema.json").read_text())
    retail = load_policy(ROOT / "policies" / "retail")
    assert retail.catalog is not None
    session = session_with("pending")
    from proxy.session import Message, Role

    session.add_message(Message(2, Role.USER, "yes " * 500, "t"))
    doc = input_document(CallInput(retail.catalog.get("cancel_pending_order"),
                                   {"order_id": "#W1", "reason": "no longer needed"}, session),
                         (("find_user_id_by_email", None),), ("get_order_details",))
    jsonschema.validate(doc, schema)
    assert doc["session"]["last_user_reply"] == "yes"
    assert "yes yes" not in json.dumps(doc)  # the transcript itself is not sent
