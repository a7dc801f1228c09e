"""What only the SQLite store does: one owner per file, group commit, the audit head in memory.
(The contract both stores keep is tests/store/test_contract.py.)"""

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


async def test_second_owner_is_refused(tmp_path: Path) -> None:
    first = SqliteStore(tmp_path / "s.db")
    await first.open()
    second = SqliteStore(tmp_path / "s.db")
    with pytest.raises(StoreError, match="in use by another callgate process"):
        await second.open()
    await first.close()
    await second.open()  # free again once the first has closed
    await second.close()


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

    from proxy.store.audit import check_db as verify
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


def on_disk(path: Path, sql: str) -> list[tuple[object, ...]]:
    """What another connection (another process, a crash's survivor) reads from the file."""
    import sqlite3

    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


async def test_deferred_records_go_to_disk_before_any_later_write(tmp_path: Path) -> None:
    """A read's and a message's records may wait (commit_delay_s); a write that comes after
    them is committed with them, in order, never before them; the audit chain stays whole."""
    from proxy.store.audit import check_db as verify

    path = tmp_path / "s.db"
    store = SqliteStore(path, commit_delay_s=3600)  # the delay never runs out in this test
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_message("s1", Message(1, Role.USER, "yes", "t"), defer=True)
    await store.add_call(call("s1", 2, "get_order_details", "read", Outcome.EXECUTED, {}),
                         defer=True)
    assert on_disk(path, "SELECT seq FROM events") == []  # answered, not yet on disk
    await store.add_call(call("s1", 3, "cancel_pending_order", "write", Outcome.FORWARDING))
    assert on_disk(path, "SELECT seq, kind FROM events ORDER BY seq") == [
        (1, "message"), (2, "call"), (3, "call")]
    assert on_disk(path, "SELECT subject FROM audit ORDER BY seq") == [("c2",), ("c3",)]
    await store.close()
    import sqlite3

    db = sqlite3.connect(path)
    assert verify(db) == (2, [])
    db.close()


async def test_reads_of_the_store_see_deferred_records(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.db", commit_delay_s=3600)
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED,
                              {"status": "pending"}), defer=True)
    loaded = await store.load_session("s1")
    assert loaded is not None and [c.seq for c in loaded.calls] == [1]
    await store.add_call(call("s1", 2, "get_order_details", "read", Outcome.EXECUTED,
                              {"status": "cancelled"}), defer=True)
    assert await store.last_fact("s1", "get_order_details", '{"order_id":"#W1"}') == {
        "status": "cancelled"}
    await store.add_message("s1", Message(3, Role.USER, "hi", "t"), defer=True)
    assert await store.fetch("SELECT seq FROM messages") == [(3,)]
    await store.close()


async def test_deferred_records_are_committed_when_the_delay_ends_and_at_close(
        tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "s.db"
    store = SqliteStore(path, commit_delay_s=0.005)
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_message("s1", Message(1, Role.USER, "a", "t"), defer=True)
    for _ in range(500):  # the loop runs the delay's timer; bounded, not a sleep past it
        if on_disk(path, "SELECT seq FROM messages"):
            break
        await asyncio.sleep(0.01)
    assert on_disk(path, "SELECT seq FROM messages") == [(1,)]
    store.commit_delay_s = 3600
    await store.add_message("s1", Message(2, Role.USER, "b", "t"), defer=True)
    await store.close()  # a graceful stop commits what waits
    assert on_disk(path, "SELECT seq FROM messages ORDER BY seq") == [(1,), (2,)]


async def test_a_lost_deferred_record_fails_its_whole_transaction(tmp_path: Path) -> None:
    """A deferred record that cannot be written takes the transaction with it: the write
    queued after it is refused (it is not sent), and the session is reported lost."""
    import asyncio

    path = tmp_path / "s.db"
    store = SqliteStore(path, commit_delay_s=3600)
    lost: list[set[str]] = []
    store.on_lost = lost.append
    await store.open()
    for sid in ("s1", "s2"):
        await store.create_session(SessionState(sid, Environment.LIVE, {}, {}, "t0"))
    await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {}))
    dup = call("s1", 2, "get_order_details", "read", Outcome.EXECUTED, {})
    dup.call_id = "c1"  # cannot be written: the call id is taken
    await store.add_call(dup, defer=True)
    await store.add_message("s2", Message(1, Role.USER, "yes", "t"), defer=True)
    write = call("s2", 2, "cancel_pending_order", "write", Outcome.FORWARDING)
    results = await asyncio.gather(store.add_call(write), return_exceptions=True)
    assert isinstance(results[0], StoreError)
    assert lost == [{"s1", "s2"}]
    assert on_disk(path, "SELECT session_id, seq FROM events") == [("s1", 1)]
    assert not await store.ping() or store.writable  # a probe write decides readiness again
    await store.add_call(write)  # the store itself still works
    await store.close()


async def test_checkpoints_keep_the_wal_bounded_when_commits_never_pause(tmp_path: Path) -> None:
    """Checkpoints run on a thread of their own (SQLite's automatic one, inside a commit on the
    loop, is off). Commits that never pause keep that thread one step behind; the WAL must
    still start over, not grow with every commit."""
    path = tmp_path / "s.db"
    store = SqliteStore(path)
    store.checkpoint_every, store.wal_limit = 16, 200  # small, to see it in a short test
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    big = {"text": "x" * 6000}  # two pages or more per commit: 4,000+ pages unchecked
    for seq in range(1, 2001):
        await store.add_call(call("s1", seq, "get_order_details", "read", Outcome.EXECUTED, big))
    wal = (tmp_path / "s.db-wal").stat().st_size
    await store.close()
    assert wal < 4 * 1024 * 1024, f"the WAL grew to {wal} bytes"
    assert on_disk(path, "SELECT count(*) FROM calls") == [(2000,)]
