"""The SQLite store's records file: what every call writes is run in an open transaction and
written to ``<db>-records`` before the call goes on, and committed in batches. A process that
dies keeps every record; the next open runs what was not committed, once."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from proxy.errors import StoreError, StoreInputError
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState
from proxy.store import audit_check
from proxy.store.migrations import LATEST, MIGRATIONS, Migration
from proxy.store.sqlite import SqliteStore, _encode_record

from .test_sqlite import on_disk

ROOT = Path(__file__).resolve().parents[2]


def call(seq: int, verdict: str = "allow") -> CallRecord:
    return CallRecord(
        call_id=f"c{seq}", session_id="s1", seq=seq, tool="get_order_details", kind="read",
        arguments={"order_id": "#W1"}, decision_id=f"d{seq}", verdict=verdict, rules=[],
        policy_version="none", outcome=Outcome.EXECUTED, started_at="t", result={"n": seq},
    )


def die_after(path: Path, *steps: str) -> None:
    """Run ``steps`` (async code with ``store``, ``call``, ``Message``...) on a store in a process
    of its own that then dies at once: no close, no commit, no flush of anything."""
    body = "".join(textwrap.dedent(step) for step in steps)
    script = textwrap.dedent("""
        import asyncio, os, sys
        from proxy.session import Environment, Message, Role, SessionState
        from proxy.store.sqlite import SqliteStore
        from tests.store.test_records import call

        async def main():
            store = SqliteStore(sys.argv[1])
            await store.open()
        {steps}
            os._exit(0)

        asyncio.run(main())
    """).format(steps=textwrap.indent(body, "    "))
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT,  # noqa: S603
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


INSERT = "INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'message')"


async def two_records_committed(path: Path) -> SqliteStore:
    """A closed store whose records 1 (a session) and 2 (its first message) are committed."""
    store = await with_session(path)
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))
    await store.close()
    return store


async def with_session(path: Path) -> SqliteStore:
    """An open store at ``path`` holding session s1 (its record not yet committed)."""
    store = SqliteStore(path)
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    return store


NEW_SESSION = """
await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
"""


async def test_a_process_that_dies_keeps_every_record(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    die_after(path, NEW_SESSION, """
    for seq in range(1, 6):
        await store.add_message("s1", Message(seq, Role.USER, f"m{seq}", "t"))
    await store.add_call(call(6))
    """)
    assert on_disk(path, "SELECT count(*) FROM messages") == [(0,)]  # none was committed
    assert (tmp_path / "s.db-records").stat().st_size > 0
    store = SqliteStore(path)
    await store.open()  # runs and commits them
    assert on_disk(path, "SELECT count(*) FROM messages") == [(5,)]
    assert (tmp_path / "s.db-records").stat().st_size == 0
    loaded = await store.load_session("s1")
    assert loaded is not None and loaded.seq == 6 and [c.call_id for c in loaded.calls] == ["c6"]
    checked, problems = await audit_check(store)
    assert checked == 1 and problems == []
    await store.add_message("s1", Message(7, Role.USER, "after", "t"))
    await store.close()
    assert on_disk(path, "SELECT count(*) FROM messages") == [(6,)]


async def test_records_committed_before_the_crash_are_not_run_twice(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    die_after(path, NEW_SESSION, """
    for seq in range(1, 4):
        await store.add_message("s1", Message(seq, Role.USER, f"m{seq}", "t"))
    await store.write([])  # a commit: the first four records are in the database
    await store.add_message("s1", Message(4, Role.USER, "m4", "t"))
    """)
    records = (tmp_path / "s.db-records").read_bytes()
    assert records.count(b"\n") == 1  # the file started over at the commit
    # as if the crash came between a commit and the file's truncation: the committed ones
    # are in the file again, before the one that was not
    first = _encode_record(2, [("INSERT INTO events (session_id, seq, kind) VALUES "
                                "(?, ?, 'message')", ("s1", 1))])
    (tmp_path / "s.db-records").write_bytes(first + records)
    store = SqliteStore(path)
    await store.open()
    assert on_disk(path, "SELECT seq FROM messages ORDER BY seq") == [(1,), (2,), (3,), (4,)]
    assert not (tmp_path / "s.db-records.refused").exists()
    await store.close()


async def test_a_line_cut_short_is_left_out_and_the_rest_is_run(tmp_path: Path) -> None:
    """A record whose write failed halfway (a full disk) was never taken: the line is left
    out, wherever it is, and the records after it are run."""
    path = tmp_path / "s.db"
    die_after(path, NEW_SESSION, """
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))
    """)
    whole = (tmp_path / "s.db-records").read_bytes()
    first, second = whole[:whole.index(b"\n", 1)], whole[whole.index(b"\n", 1):]
    (tmp_path / "s.db-records").write_bytes(first + second[:30] + second + second[:-5])
    store = SqliteStore(path)
    await store.open()
    assert on_disk(path, "SELECT content FROM messages") == [("m1",)]
    await store.close()


async def test_a_record_that_no_longer_runs_is_set_aside_and_the_store_opens(
        tmp_path: Path) -> None:
    """Never expected (a fault of callgate's own, or a database changed by hand): a record in
    the file that fails when run again goes to a file beside it, for an operator."""
    path = tmp_path / "s.db"
    store = await two_records_committed(path)
    taken = _encode_record(3, [("INSERT INTO events (session_id, seq, kind) VALUES "
                                 "(?, ?, 'message')", ("s1", 1))])  # a position taken
    fine = _encode_record(4, [("INSERT INTO events (session_id, seq, kind) VALUES "
                                "(?, ?, 'message')", ("s1", 2))])
    (tmp_path / "s.db-records").write_bytes(taken + fine)
    await store.open()
    assert on_disk(path, "SELECT seq FROM events ORDER BY seq") == [(1,), (2,)]
    assert (tmp_path / "s.db-records.refused").read_bytes() == taken
    await store.close()


async def test_a_full_batch_commits_without_waiting_for_the_timer(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SqliteStore(path)
    store.records_batch, store.records_delay_s = 8, 3600.0
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    for seq in range(1, 7):
        await store.add_message("s1", Message(seq, Role.USER, f"m{seq}", "t"))
    await asyncio.sleep(0)
    assert on_disk(path, "SELECT count(*) FROM messages") == [(0,)]
    assert len(await store.fetch("SELECT seq FROM messages")) == 6  # its own reads see them
    await store.add_message("s1", Message(7, Role.USER, "m7", "t"))  # the eighth record
    await asyncio.sleep(0)
    assert on_disk(path, "SELECT count(*) FROM messages") == [(7,)]
    await store.close()


async def test_records_wait_at_most_the_delay(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SqliteStore(path)
    store.records_delay_s = 0.0  # (the timer fires at the loop's next turn)
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    for _ in range(20):
        await asyncio.sleep(0)
        if on_disk(path, "SELECT count(*) FROM sessions") == [(1,)]:
            break
    assert on_disk(path, "SELECT count(*) FROM sessions") == [(1,)]
    await store.close()


def fail_commits(store: SqliteStore) -> None:
    """Every commit that carries records fails, as with a disk error at commit."""
    for when in ("INSERT", "UPDATE"):
        store.db.execute(f"CREATE TRIGGER IF NOT EXISTS fails_{when.lower()} BEFORE {when} ON "
                         "records_applied BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END")


def mend_commits(db: sqlite3.Connection) -> None:
    """The disk recovers: what ``fail_commits`` put in place is gone."""
    db.execute("DROP TRIGGER fails_insert")
    db.execute("DROP TRIGGER fails_update")


async def failing(store: SqliteStore) -> SqliteStore:
    """``store`` opened with a session committed, commits failing from now on, and one
    record (message 1) waiting for a commit."""
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.write([])
    fail_commits(store)
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))
    return store


async def test_a_failed_commit_keeps_the_records_for_the_next(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SqliteStore(path)
    await failing(store)
    with pytest.raises(StoreError, match="commit failed"):
        await store.write([("INSERT OR REPLACE INTO probe (id, at) VALUES (1, 0)", ())])
    assert not store.writable and not await store.ping()
    # the records are not lost: reads see them (run again in a new transaction); while the
    # commit fails no more are taken (each tries it once more first)
    assert await store.fetch("SELECT content FROM messages") == [("m1",)]
    with pytest.raises(StoreError, match="cannot commit now"):
        await store.add_message("s1", Message(2, Role.USER, "m2", "t"))
    assert await store.fetch("SELECT content FROM messages") == [("m1",)]
    mend_commits(store.db)
    assert await store.ping()
    assert on_disk(path, "SELECT seq FROM messages ORDER BY seq") == [(1,)]
    await store.add_message("s1", Message(2, Role.USER, "m2", "t"))
    await store.close()
    assert on_disk(path, "SELECT count(*) FROM messages") == [(2,)]


async def test_a_closed_store_that_cannot_commit_leaves_its_records_for_the_next_open(
        tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SqliteStore(path)
    await failing(store)
    await store.close()
    db = sqlite3.connect(path)
    mend_commits(db)
    db.commit()
    db.close()
    await store.open()
    assert await store.fetch("SELECT content FROM messages") == [("m1",)]
    assert on_disk(path, "SELECT content FROM messages") == [("m1",)]
    await store.close()


async def test_what_sqlite_refuses_is_refused_when_written(tmp_path: Path) -> None:
    """A record's guard (the session's position, the session) and its values are checked as
    the call writes, not when the batch runs: the caller hears of it, and nothing of the
    record stays."""
    path = tmp_path / "s.db"
    store = await with_session(path)
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))
    with pytest.raises(StoreError, match="UNIQUE"):
        await store.add_call(call(1))
    with pytest.raises(StoreError, match="FOREIGN KEY"):
        await store.add_message("nobody", Message(1, Role.USER, "m", "t"))
    with pytest.raises(StoreInputError):
        await store.add_message("s1", Message(2**63, Role.USER, "m", "t"))
    with pytest.raises(StoreInputError):
        await store.add_message("s1", Message(2, Role.USER, "\udc00", "t"))
    await store.add_call(call(2))
    await store.close()
    assert on_disk(path, "SELECT seq, kind FROM events ORDER BY seq") == [
        (1, "message"), (2, "call")]
    assert on_disk(path, "SELECT count(*) FROM audit") == [(1,)]


async def test_a_value_sqlite_would_not_bind_is_refused_when_written(tmp_path: Path) -> None:
    store = await with_session(tmp_path / "s.db")
    with pytest.raises(StoreInputError, match="dict cannot be recorded"):
        await store.add_message("s1", Message(1, Role.USER, {"a": 1}, "t"))  # type: ignore
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))  # its position is free
    loaded = await store.load_session("s1")
    assert loaded is not None and [m.content for m in loaded.messages] == ["m1"]
    await store.close()


async def test_the_rest_of_a_record_runs_before_the_stores_next_read(tmp_path: Path) -> None:
    """Another connection sees records once committed; the store's own reads at once."""
    path = tmp_path / "s.db"
    store = await with_session(path)
    await store.add_call(call(1))
    assert await store.fetch("SELECT call_id FROM calls") == [("c1",)]
    await store.add_call(call(2, verdict="none"))
    await store.add_message("s1", Message(3, Role.USER, "m3", "t"))
    assert await store.fetch("SELECT seq FROM messages") == [(3,)]
    assert on_disk(path, "SELECT count(*) FROM calls") == [(0,)]
    await store.write([])
    assert on_disk(path, "SELECT call_id FROM calls ORDER BY seq") == [("c1",), ("c2",)]
    assert on_disk(path, "SELECT count(*) FROM audit") == [(1,)]  # (c2 was never decided)
    checked, problems = await audit_check(store)
    assert (checked, problems) == (1, [])
    await store.close()


async def test_a_writes_record_runs_whole_after_the_reads_before_it(tmp_path: Path) -> None:
    """A write's record precedes its effect upstream: all of it runs when it is written (a
    key taken twice is refused to its caller), after the reads' records waiting before it,
    in their order (the audit chain follows the records)."""
    path = tmp_path / "s.db"
    store = await with_session(path)
    await store.add_call(call(1))  # a read: its guard ran, the rest waits
    write = call(2)
    write.kind, write.tool, write.outcome = "write", "cancel_pending_order", Outcome.FORWARDING
    await store.add_call(write)
    assert store._ran == len(store._records) == 3  # (the session, the read, the write)
    clash = call(3)
    clash.kind, clash.call_id = "write", "c1"
    with pytest.raises(StoreError, match="UNIQUE"):
        await store.add_call(clash)
    await store.close()
    assert on_disk(path, "SELECT seq, call_id, kind FROM calls ORDER BY seq") == [
        (1, "c1", "read"), (2, "c2", "write")]
    assert on_disk(path, "SELECT seq, subject FROM audit ORDER BY id") == [(1, "c1"), (2, "c2")]
    assert on_disk(path, "SELECT seq FROM events ORDER BY seq") == [(1,), (2,)]


async def test_an_audit_body_the_chain_cannot_hash_is_refused_when_written(
        tmp_path: Path) -> None:
    """(bytes in a decision's audit body: the record's line would hold them, the chain's
    hash could not; refused to that caller, and the records before and after run.)"""
    store = await with_session(tmp_path / "s.db")
    await store.add_call(call(1))
    bad = call(2)
    bad.policy_version = b"v1"  # type: ignore[assignment]
    with pytest.raises(StoreInputError):
        await store.add_call(bad)
    await store.add_message("s1", Message(2, Role.USER, "m2", "t"))
    checked, problems = await audit_check(store)
    assert (checked, problems) == (1, [])
    await store.close()


async def test_the_audit_check_of_a_live_store_sees_its_records_committed(
        tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.db")
    store.records_delay_s = 3600  # (nothing commits on its own in this test)
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_call(call(1))
    await store.add_call(call(2))
    assert await audit_check(store) == (2, [])
    await store.close()


async def test_a_reads_record_sqlite_finds_too_large_is_set_aside_alone(tmp_path: Path) -> None:
    """Found when the rest of the read's record runs (its answer has gone): that record is set
    aside, and the write after it, which ran the reads waiting before it, is not refused."""
    store = SqliteStore(tmp_path / "s.db")
    store.records_delay_s = 3600
    await store.open()
    store.db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 10_000)  # (SQLite's is 1e9 bytes)
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    big = call(1)
    big.result = {"x": "y" * 20_000}
    await store.add_call(big)
    write = call(2)
    write.kind, write.outcome = "write", Outcome.FORWARDING
    await store.add_call(write)
    assert store.writable
    loaded = await store.load_session("s1")
    assert loaded is not None and [c.call_id for c in loaded.calls] == ["c2"]
    refused = (tmp_path / "s.db-records.refused").read_bytes()
    assert b'"c1"' in refused and b'"c2"' not in refused
    await store.close()


async def test_a_records_file_that_takes_no_record_refuses_the_call(tmp_path: Path) -> None:
    """The guard ran, the line could not be written: the caller is refused, the open
    transaction is taken back, and the records before run again in the next one."""
    import os

    path = tmp_path / "s.db"
    store = await with_session(path)
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))
    journal = store._journal
    store._journal = os.open(str(path) + "-records", os.O_RDONLY)  # a write fails (EBADF)
    try:
        with pytest.raises(StoreError, match="records file"):
            await store.add_message("s1", Message(2, Role.USER, "m2", "t"))
    finally:
        os.close(store._journal)
        store._journal = journal
    await store.add_message("s1", Message(2, Role.USER, "m2 again", "t"))
    loaded = await store.load_session("s1")
    assert loaded is not None and [m.content for m in loaded.messages] == ["m1", "m2 again"]
    await store.close()
    assert on_disk(path, "SELECT seq, content FROM messages ORDER BY seq") == [
        (1, "m1"), (2, "m2 again")]
    assert not (tmp_path / "s.db-records.refused").exists()


async def test_records_that_do_not_follow_the_database_are_set_aside(tmp_path: Path) -> None:
    """A records file beside a database restored from a backup (or cut in the middle by a
    power loss): records that do not follow the last one committed cannot be run in order;
    they go to the refused file, and the store opens on what it has."""
    path = tmp_path / "s.db"
    store = await with_session(path)
    await store.add_message("s1", Message(1, Role.USER, "m1", "t"))
    await store.close()  # records 1 and 2 committed
    insert = "INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'message')"
    later = [_encode_record(n, [(insert, ("s1", n))]) for n in (3, 4, 6, 7)]
    (tmp_path / "s.db-records").write_bytes(b"".join(later))
    await store.open()
    assert on_disk(path, "SELECT seq FROM events ORDER BY seq") == [(1,), (3,), (4,)]
    assert (tmp_path / "s.db-records.refused").read_bytes() == later[2] + later[3]
    assert (tmp_path / "s.db-records").stat().st_size == 0
    assert (await store.fetchone("SELECT upto FROM records_applied")) == (7,)
    await store.add_message("s1", Message(5, Role.USER, "m5", "t"))  # numbered on past 7
    await store.close()
    store = SqliteStore(path)
    await store.open()
    assert on_disk(path, "SELECT seq FROM events ORDER BY seq") == [(1,), (3,), (4,), (5,)]
    assert (await store.fetchone("SELECT upto FROM records_applied")) == (8,)
    await store.close()


async def test_numbering_goes_on_past_a_record_set_aside_at_the_end(tmp_path: Path) -> None:
    """A record set aside as the last of a replay still counts as done: the next records are
    numbered after it, and a later crash runs them (they were lost as out of sequence)."""
    path = tmp_path / "s.db"
    store = await two_records_committed(path)
    insert = "INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'message')"
    (tmp_path / "s.db-records").write_bytes(_encode_record(3, [(insert, ("s1", 2))])
                                            + _encode_record(4, [(insert, ("s1", 1))]))
    die_after(path, """
    await store.add_message("s1", Message(3, Role.USER, "acknowledged", "t"))
    """)
    await store.open()
    assert await store.fetch("SELECT seq, content FROM messages ORDER BY seq") == [
        (1, "m1"), (3, "acknowledged")]
    await store.close()


async def test_records_from_before_an_upgrade_run_before_its_migrations(
        tmp_path: Path) -> None:
    """Records are SQL for the schema they were written against: they run, and commit, before
    the next version's migrations change it."""
    path = tmp_path / "s.db"
    die_after(path, NEW_SESSION, """
    await store.add_message("s1", Message(1, Role.USER, "before the upgrade", "t"))
    """)
    later = Migration(LATEST + 1, "messages.ts becomes messages.at",
                      "ALTER TABLE messages RENAME COLUMN ts TO at", only="sqlite")
    store = SqliteStore(path)
    store.migrations = (*MIGRATIONS, later)  # the next version of callgate
    await store.open()
    assert store.migrated == [LATEST + 1]
    assert await store.fetch("SELECT content, at FROM messages") == [("before the upgrade", "t")]
    assert not (tmp_path / "s.db-records.refused").exists()
    await store.close()


async def test_a_refused_record_does_not_leave_the_database_locked(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = await with_session(path)
    await store.write([])
    with pytest.raises(StoreError, match="FOREIGN KEY"):
        await store.add_message("nobody", Message(1, Role.USER, "x", "t"))
    assert not store.db.in_transaction
    other = sqlite3.connect(path, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # another writer can take the lock (an operator's shell)
    other.execute("ROLLBACK")
    other.close()
    await store.close()


async def test_floats_json_cannot_hold_come_back_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    die_after(path, NEW_SESSION, """
    from proxy.session import Confirmation
    await store.save_confirmation("s1", Confirmation("cf1", "h", "t", "s", 1.0, float("inf")))
    await store.save_confirmation("s1", Confirmation("cf2", "h", "t", "s", 1.0, float("-inf")))
    """)
    store = SqliteStore(path)
    await store.open()
    assert await store.fetch("SELECT confirmation_id, expires_at FROM confirmations ORDER BY "
                             "confirmation_id") == [("cf1", float("inf")), ("cf2", float("-inf"))]
    assert not (tmp_path / "s.db-records.refused").exists()
    await store.close()


async def test_while_commits_fail_no_more_records_are_taken(tmp_path: Path) -> None:
    """Callers are told at once that the store cannot commit (as when each call committed),
    each after one more try; the records waiting do not grow, and nor does the work per try."""
    store = SqliteStore(tmp_path / "s.db")
    store.records_batch, store.records_delay_s = 2, 3600.0
    await failing(store)
    with pytest.raises(StoreError):
        await store.write([("INSERT OR REPLACE INTO probe (id, at) VALUES (1, 0)", ())])
    ran: list[str] = []
    store.db.set_trace_callback(lambda sql: ran.append(sql) if sql.startswith("INSERT INTO "
                                                                              "messages") else None)
    for seq in range(2, 30):
        with pytest.raises(StoreError, match="cannot commit now"):
            await store.add_message("s1", Message(seq, Role.USER, f"m{seq}", "t"))
        await asyncio.sleep(0)
    assert len(ran) == 28  # the one waiting record, run again once per try
    store.db.set_trace_callback(None)
    assert await store.fetch("SELECT content FROM messages") == [("m1",)]
    await store.close()


async def test_the_files_beside_the_database_are_the_owners_and_no_links(
        tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = await two_records_committed(path)
    insert = _encode_record(3, [(INSERT, ("s1", 1))])  # a position taken: set aside
    (tmp_path / "s.db-records").write_bytes(insert)
    await store.open()
    await store.close()
    assert (tmp_path / "s.db-records.refused").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "s.db-records").stat().st_mode & 0o777 == 0o600
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "s.db-records").unlink()
    (tmp_path / "s.db-records").symlink_to(victim)
    with pytest.raises(StoreError, match="records file"):
        await store.open()
    assert victim.read_text() == "precious"
    (tmp_path / "s.db-records").unlink()
    await store.open()  # and the store opens again once the link is gone
    await store.close()


async def test_a_record_holding_a_statement_the_store_never_records_is_not_run(
        tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = await two_records_committed(path)
    forged = _encode_record(3, [("DELETE FROM audit", ())])
    (tmp_path / "s.db-records").write_bytes(forged)
    await store.open()
    assert await store.fetch("SELECT count(*) FROM sessions") == [(1,)]
    assert (tmp_path / "s.db-records").stat().st_size == 0
    await store.close()
