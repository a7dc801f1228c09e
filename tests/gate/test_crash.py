"""kill -9 while approvals execute, a few rounds (bench/crash_gate.py runs 200 and more)."""

from __future__ import annotations

import pytest

from bench.crash_gate import run


@pytest.mark.slow
async def test_kill_nine_loses_nothing_and_doubles_nothing() -> None:
    result = await run(rounds=8, per_round=3, seed=7, quiet=True)
    assert result["kills"] == 8
    assert result["approved"] >= 12  # most approvals landed before the kill
    assert result["approved_writes_lost"] == 0
    assert result["executed_twice"] == 0
    assert result["executed_without_approval"] == 0
    assert result["executed_but_not_recorded"] == 0
    assert result["outbox_left_unsent"] == 0
    assert result["audit_intact"]
