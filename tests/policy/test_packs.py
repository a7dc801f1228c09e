"""The policy packs' own cases (policies/*/tests.yaml) all pass: `callgate policy test` in pytest."""

from __future__ import annotations

from pathlib import Path

import pytest

from proxy.errors import ConfigError
from proxy.policy.cases import load_cases, run_cases
from proxy.policy.loader import load_policy

from ..conftest import ROOT

PACKS = sorted(p.parent for p in (ROOT / "policies").glob("*/policy.yaml"))


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
async def test_pack_cases(pack: Path) -> None:
    policy = load_policy(pack)
    results = await run_cases(load_cases(pack), policy)
    assert len(results) >= 2
    failed = [(r.name, r.verdict, r.rules, r.expected) for r in results if not r.passed]
    assert failed == []


def test_every_rule_kind_has_a_case() -> None:
    kinds = set()
    for pack in PACKS:
        policy = load_policy(pack)
        kinds |= {r.kind for r in policy.rules}
    assert {"confirmation", "order", "facts", "linked_items"} <= kinds


async def test_a_wrong_expectation_fails(tmp_path: Path) -> None:
    """The runner can fail: a copy of a pack with one expectation flipped reports it."""
    pack = ROOT / "policies" / "retail"
    for f in pack.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    text = (tmp_path / "tests.yaml").read_text()
    text = text.replace("expect: {verdict: allow, rules: []}", "expect: {verdict: block}", 1)
    (tmp_path / "tests.yaml").write_text(text)
    policy_text = (tmp_path / "policy.yaml").read_text().replace("../../schemas",
                                                                 str(ROOT / "schemas"))
    (tmp_path / "policy.yaml").write_text(policy_text)
    results = await run_cases(load_cases(tmp_path), load_policy(tmp_path))
    assert [r.name for r in results if not r.passed] == [
        "a plain yes after the details confirms the cancellation"]


async def test_every_pack_together_cases_interleaved() -> None:
    """Rules are selected by (domain, tool): with retail and airline loaded in one set, each
    pack's cases, run one after the other in turn, decide as they do alone (a rule cached for
    one domain's get_user_details never answers for the other's)."""
    from itertools import zip_longest

    from proxy.policy.loader import load_policies

    packs = [ROOT / "policies" / "retail", ROOT / "policies" / "airline"]
    merged = load_policies(packs)
    queues = []
    for pack in packs:
        domain = load_policy(pack).catalog.all()[0].domain  # type: ignore[union-attr]
        queues.append([(domain, doc, spec.model_copy(update={"cases": (case,)}))
                       for doc, spec in load_cases(pack) for case in spec.cases])
    failed = []
    ran = 0
    for turn in zip_longest(*queues):
        for item in turn:
            if item is None:
                continue
            domain, doc, one = item
            (result,) = await run_cases([(doc, one)], merged, domain)
            ran += 1
            if not result.passed:
                failed.append((domain, result.name, result.verdict, result.rules))
    assert ran >= 40 and failed == []


@pytest.mark.parametrize("first", ["airline", "retail"])
async def test_a_shared_tool_name_gets_its_own_domains_rules(first: str) -> None:
    from proxy.policy import CallInput, decide
    from proxy.policy.loader import load_policies
    from proxy.session import Environment, SessionState

    merged = load_policies([ROOT / "policies" / "retail", ROOT / "policies" / "airline"])
    assert merged.catalog is not None
    verdicts = {}
    for domain in (first, "retail" if first == "airline" else "airline"):
        tool = merged.catalog.get("get_user_details", domain)
        assert tool is not None
        state = SessionState("s", Environment.LIVE, {}, {"domain": domain}, "t")
        decision = await decide(merged, CallInput(tool, {"user_id": "ava_1"}, state), "d")
        verdicts[domain] = (decision.verdict.value, decision.fired)
    assert verdicts == {"retail": ("block", ["authenticate-first"]), "airline": ("allow", [])}


def _retail_copy(tmp_path: Path, cases: str) -> Path:
    text = (ROOT / "policies" / "retail" / "policy.yaml").read_text()
    (tmp_path / "policy.yaml").write_text(text.replace("../../schemas", str(ROOT / "schemas")))
    (tmp_path / "tests.yaml").write_text(cases)
    return tmp_path


async def test_a_case_whose_call_the_schema_refuses_is_an_error(tmp_path: Path) -> None:
    """The proxy answers such a call 422 before any rule runs: a case of it tests nothing."""
    pack = _retail_copy(tmp_path, "cases:\n  - name: x\n    call: {tool: cancel_pending_order, "
                                  "arguments: {order_id: 5}}\n    expect: {verdict: block}\n")
    with pytest.raises(ConfigError, match=r"tests.yaml:2: the call's arguments do not fit "
                                          r"cancel_pending_order's schema \(missing required "
                                          r"argument 'reason'"):
        await run_cases(load_cases(pack), load_policy(pack))


def test_a_bad_case_is_reported_once(tmp_path: Path) -> None:
    pack = _retail_copy(tmp_path, "cases:\n  - name: x\n    call: {tool: cancel_pending_order, "
                                  "arguments: {}}\n    expect: {verdict: maybe}\n")
    with pytest.raises(ConfigError) as e:
        load_cases(pack)
    assert str(e.value).count("\n") == 0 and "cases.0.expect.verdict" in str(e.value)
