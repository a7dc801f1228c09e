"""The policy packs' own cases (policies/*/tests.yaml) all pass: `callgate policy test` in pytest."""

from __future__ import annotations

from pathlib import Path

import pytest

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
