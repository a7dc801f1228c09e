"""Replay on real tau trajectories: compliant runs pass; deliberately broken copies are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from proxy.policy.loader import load_policy
from proxy.replay import replay_session, sessions_in
from proxy.trace import TraceRecord

from ..conftest import ROOT, SHARED, needs_tau

pytestmark = needs_tau
RETAIL = SHARED / "trajectories" / "tau2-gpt-4.1-retail-1trial.json"
ONCE_ONLY = {"modify_pending_order_items", "exchange_delivered_order_items",
             "return_delivered_order_items", "cancel_pending_order", "cancel_reservation",
             "update_reservation_flights", "update_reservation_baggages", "book_reservation",
             "update_reservation_passengers", "send_certificate"}
RUNS = [("tau2-gpt-4.1-retail-1trial.json", "retail"),
        ("tau2-gpt-4.1-airline-1trial.json", "airline"),
        ("tau2-claude-sonnet-4-5-airline-1trial.json", "airline")]


def renumber(records: list[TraceRecord]) -> list[TraceRecord]:
    out, seq = [], 0
    for r in records:
        if r.event in ("message", "call"):
            seq += 1
            r = r.model_copy(update={"seq": seq})
        out.append(r)
    return out


@pytest.fixture(scope="module", params=RUNS, ids=[r[0] for r in RUNS])
def compliant(request: pytest.FixtureRequest) -> list[list[TraceRecord]]:
    """Runs whose every executed write their domain's pack allows."""
    import asyncio

    name, pack = request.param
    policy = load_policy(ROOT / "policies" / pack)
    assert policy.catalog is not None
    keep = []
    for records in sessions_in([SHARED / "trajectories" / name]):
        calls = asyncio.run(replay_session(records, policy, policy.catalog))
        writes = [c for c in calls if c.kind == "write" and c.recorded_outcome == "executed"]
        if writes and all(c.verdict == "allow" for c in writes):
            keep.append(records)
    return keep


def first_write(records: list[TraceRecord]) -> TraceRecord:
    return next(r for r in records if r.event == "call" and r.kind == "write"
                and r.outcome == "executed")


async def verdict_of(records: list[TraceRecord], target_call_id: str) -> str:
    domain = (records[0].tags or {}).get("domain", "retail")
    policy = load_policy(ROOT / "policies" / str(domain))
    assert policy.catalog is not None
    calls = await replay_session(renumber(records), policy, policy.catalog)
    call_ids = [r.call_id for r in records if r.event == "call"]
    return calls[call_ids.index(target_call_id)].verdict


def test_most_runs_are_compliant(compliant: list[list[TraceRecord]]) -> None:
    assert len(compliant) >= 5


async def test_confirmation_removed_is_refused(compliant: list[list[TraceRecord]]) -> None:
    for records in compliant:
        write = first_write(records)
        pos = records.index(write)
        last_user = max(i for i in range(pos) if records[i].event == "message"
                        and records[i].role == "user")
        broken = records[:last_user] + records[last_user + 1:]
        assert await verdict_of(broken, write.call_id or "") != "allow", records[0].session_id


async def test_write_moved_before_authentication_is_blocked(
    compliant: list[list[TraceRecord]],
) -> None:
    for records in compliant:
        write = first_write(records)
        broken = [records[0], write, *[r for r in records[1:] if r is not write]]
        assert await verdict_of(broken, write.call_id or "") == "block", records[0].session_id


async def test_second_once_only_write_is_refused(compliant: list[list[TraceRecord]]) -> None:
    tried = 0
    for records in compliant:
        once = [r for r in records if r.event == "call" and r.tool in ONCE_ONLY
                and r.outcome == "executed"]
        if not once:
            continue
        tried += 1
        pos = records.index(once[0])
        again = once[0].model_copy(update={"call_id": "again"})
        broken = [*records[:pos + 1], again, *records[pos + 1:]]
        assert await verdict_of(broken, "again") != "allow", records[0].session_id
    assert tried >= 5


async def test_untouched_originals_pass(compliant: list[list[TraceRecord]]) -> None:
    for records in compliant[:10]:
        write = first_write(records)
        assert await verdict_of(records, write.call_id or "") == "allow"


def test_tau_bench_import_replays(tmp_path: Path) -> None:
    """The tau-bench (not tau2) format imports and replays through the airline pack."""
    import asyncio

    policy = load_policy(ROOT / "policies" / "airline")
    assert policy.catalog is not None
    path = SHARED / "trajectories" / "tau-bench-gpt-4o-airline-4trials.json"
    sessions = list(sessions_in([path]))
    assert len(sessions) == 200
    calls = asyncio.run(replay_session(sessions[0], policy, policy.catalog))
    assert calls and all(c.verdict != "unknown_tool" for c in calls)
