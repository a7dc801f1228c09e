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
    """What another connection reads from the file."""
    import sqlite3

    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()

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
    # unchecked it reaches about 80 MB; a checkpoint slowed by a loaded machine lets it grow
    # for a while between two, hence the margin (24 MB was passed once beside a full CI run)
    assert wal < 40 * 1024 * 1024, f"the WAL grew to {wal} bytes"
    assert on_disk(path, "SELECT count(*) FROM calls") == [(2000,)]


async def test_a_checkpoint_thread_that_keeps_failing_hands_back_to_sqlite(
        tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "s.db"
    store = SqliteStore(path)
    store.checkpoint_every = 4
    await store.open()
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    assert store._checkpointer is not None
    store._checkpointer.close()  # the thread's connection is broken: every checkpoint fails
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    for seq in range(1, 200):
        await store.add_call(call("s1", seq, "get_order_details", "read", Outcome.EXECUTED, {}))
        await asyncio.sleep(0)  # let a finished checkpoint's callback run
        if store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,):
            break
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
    assert store._checkpointer is None
    await store.add_call(call("s1", 500, "get_order_details", "read", Outcome.EXECUTED, {}))
    await store.close()
    assert on_disk(path, "SELECT count(*) FROM calls")[0][0] >= 13
