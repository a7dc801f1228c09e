"""The store contract, on SQLite: what is written survives a reopen; a second owner is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from proxy.errors import StoreError
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState
from proxy.store.sqlite import SqliteStore


def call(sid: str, seq: int, tool: str, kind: str, outcome: Outcome, result: object = None
         ) -> CallRecord:
    return CallRecord(
        call_id=f"c{seq}", session_id=sid, seq=seq, tool=tool, kind=kind,
        arguments={"order_id": "#W1"}, decision_id=f"d{seq}", verdict="allow", rules=[],
        policy_version="none", outcome=outcome, started_at="t", result=result,
    )


async def test_round_trip(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    state = SessionState("s1", Environment.SANDBOX, {"id": "u"}, {"trial": 1}, "t0")
    await store.create_session(state)
    await store.add_message("s1", Message(1, Role.USER, "cancel my order", "t1"))
    read = call("s1", 2, "get_order_details", "read", Outcome.FORWARDING)
    await store.add_call(read)
    read.outcome, read.result = Outcome.EXECUTED, {"status": "pending"}
    await store.finish_call(read)
    await store.add_call(call("s1", 3, "cancel_pending_order", "write", Outcome.BLOCKED))
    await store.end_session("s1", "t9", {"success": True})
    await store.close()

    again = SqliteStore(tmp_path / "s.db")
    await again.open()
    loaded = await again.load_session("s1")
    assert loaded is not None
    assert loaded.environment is Environment.SANDBOX and loaded.tags == {"trial": 1}
    assert [m.content for m in loaded.messages] == ["cancel my order"]
    assert [(c.tool, c.outcome) for c in loaded.calls] == [
        ("get_order_details", Outcome.EXECUTED), ("cancel_pending_order", Outcome.BLOCKED)]
    assert loaded.fact("get_order_details", {"order_id": "#W1"}) == {"status": "pending"}
    assert loaded.executed["get_order_details"][0].call_id == "c2"
    assert "cancel_pending_order" not in loaded.executed
    assert loaded.seq == 3 and loaded.ended
    key = '{"order_id":"#W1"}'
    assert await again.last_fact("s1", "get_order_details", key) == {"status": "pending"}
    assert await again.load_session("nope") is None
    await again.close()


async def test_second_owner_is_refused(tmp_path: Path) -> None:
    first = SqliteStore(tmp_path / "s.db")
    await first.open()
    second = SqliteStore(tmp_path / "s.db")
    with pytest.raises(StoreError, match="in use by another callgate process"):
        await second.open()
    await first.close()
    await second.open()  # free again once the first has closed
    await second.close()


async def test_duplicate_seq_is_refused_whole(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_message("s1", Message(1, Role.USER, "a", "t"))
    with pytest.raises(StoreError):
        await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {}))
    loaded = await store.load_session("s1")
    assert loaded is not None and loaded.calls == []
    await store.close()


async def test_group_commit_fails_only_the_bad_writer(tmp_path: Path) -> None:
    import asyncio

    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    results = await asyncio.gather(
        store.add_message("s1", Message(1, Role.USER, "a", "t")),
        store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {})),
        store.add_call(call("s1", 2, "get_order_details", "read", Outcome.EXECUTED, {"x": 1})),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], StoreError) and results[2] is None
    loaded = await store.load_session("s1")
    assert loaded is not None
    assert [m.seq for m in loaded.messages] == [1] and [c.seq for c in loaded.calls] == [2]
    await store.close()


async def test_single_failed_write_leaves_nothing_half_written(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {}))
    dup = call("s1", 2, "get_order_details", "read", Outcome.EXECUTED, {})
    dup.call_id = "c1"  # the events row would insert, the calls row must not: neither stays
    with pytest.raises(StoreError):
        await store.add_call(dup)
    loaded = await store.load_session("s1")
    assert loaded is not None and [c.seq for c in loaded.calls] == [1] and loaded.seq == 1
    await store.close()


async def test_audit_chain_survives_a_rolled_back_writer(tmp_path: Path) -> None:
    """A writer whose statements fail after its audit entry takes the entry back with it; the
    chain, whose end the store keeps in memory, goes on unbroken."""
    import asyncio

    from proxy.gate.audit import verify
    from proxy.store.sqlite import audit_entry

    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    await store.write([audit_entry("a", "one", "x", {})])
    bad = [audit_entry("a", "two", "x", {}), ("INSERT INTO nope VALUES (1)", ())]
    results = await asyncio.gather(
        store.write(bad), store.write([audit_entry("a", "three", "x", {})]),
        return_exceptions=True)
    assert isinstance(results[0], StoreError) and results[1] is None
    with pytest.raises(StoreError):
        await store.write(bad)  # alone in its transaction this time
    await store.write([audit_entry("a", "four", "x", {})])
    count, problems = verify(store.db)
    assert (count, problems) == (3, [])
    actions = [r[0] for r in store.db.execute("SELECT action FROM audit ORDER BY seq")]
    assert actions == ["one", "three", "four"]
    await store.close()
