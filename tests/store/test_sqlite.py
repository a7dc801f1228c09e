"""What only the SQLite store does: one owner per file, group commit, the audit head in memory.
(The contract both stores keep is tests/store/test_contract.py.)"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from string import Template

import pytest

from proxy.errors import StoreError
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState
from proxy.store.migrations import (
    DIALECTS,
    EVENTS_WITHOUT_ROWID,
    LATEST,
    MIGRATIONS,
    VERSIONS_TABLE,
    Migration,
)
from proxy.store.sqlite import SqliteStore, apply_migration


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
    # A call id is the proxy's own (never one twice): its clash is found when the batch runs,
    # not when the call writes, and the whole record is set aside, for an operator.
    await store.add_call(dup)
    loaded = await store.load_session("s1")
    assert loaded is not None and [c.seq for c in loaded.calls] == [1] and loaded.seq == 1
    refused = (tmp_path / "s.db-records.refused").read_bytes().split(b"\n")
    assert [line for line in refused if line] and b'"c1"' in refused[-1]
    await store.add_call(call("s1", 2, "get_order_details", "read", Outcome.EXECUTED, {}))
    loaded = await store.load_session("s1")  # the position the refused record took is free
    assert loaded is not None and [c.seq for c in loaded.calls] == [1, 2]
    await store.close()


async def test_a_position_taken_twice_is_refused_when_the_call_writes(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {}))
    with pytest.raises(StoreError):  # still in the open transaction, not yet committed
        await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {}))
    await store.write([])
    with pytest.raises(StoreError):  # committed
        await store.add_message("s1", Message(1, Role.USER, "a", "t"))
    loaded = await store.load_session("s1")
    assert loaded is not None and len(loaded.calls) == 1 and not loaded.messages
    assert not (tmp_path / "s.db-records.refused").exists()
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
        await store.write([])  # a commit each (records alone commit in batches)
        await asyncio.sleep(0)  # let a finished checkpoint's callback run
        if store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,):
            break
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
    assert store._checkpointer is None
    await store.add_call(call("s1", 500, "get_order_details", "read", Outcome.EXECUTED, {}))
    await store.close()
    assert on_disk(path, "SELECT count(*) FROM calls")[0][0] >= 13


def _at_version_7(path: Path) -> sqlite3.Connection:
    """A store file as migration 7 left it (events with a rowid), with one session."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(Template(VERSIONS_TABLE).substitute(DIALECTS["sqlite"]))
    for m in MIGRATIONS[:7]:
        for sql in m.statements("sqlite"):
            db.execute(sql)
        for table, column, kind in m.add_columns:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} "
                       f"{Template(kind).substitute(DIALECTS['sqlite'])}")
        db.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (m.version, m.name,
                                                                     time.time()))
    db.execute("INSERT INTO sessions (session_id, environment, end_user, tags, started_at) "
               "VALUES ('s1', 'live', X'7B7D', X'7B7D', 't0')")
    return db


async def test_a_store_from_before_events_lost_its_rowid_keeps_its_events(tmp_path: Path
                                                                          ) -> None:
    """Migration 8 rebuilds ``events`` without rowid: the rows stay (one pointing at a session
    that is gone too), the key still refuses a position taken twice, the table has no index
    of its own beside it any more, and what an operator built on it (a view, an index, a
    trigger) still works."""
    path = tmp_path / "old.db"
    db = _at_version_7(path)
    db.execute("INSERT INTO events VALUES ('s1', 1, 'message'), ('s1', 2, 'call'), "
               "('gone', 1, 'message')")  # (foreign keys are off on this connection)
    db.execute("INSERT INTO messages (session_id, seq, role, content, ts) VALUES "
               "('s1', 1, 'user', 'hi', 't')")
    db.execute("INSERT INTO calls (call_id, session_id, seq, tool, kind, arguments, decision_id, "
               "verdict, rules, policy_version, outcome, started_at) VALUES ('c2', 's1', 2, "
               "'get_order_details', 'read', X'7B7D', 'd2', 'allow', X'5B5D', 'none', "
               "'executed', 't')")
    assert db.execute("SELECT count(*) FROM pragma_index_list('events')").fetchone()[0] == 1
    db.execute("CREATE VIEW operators_own AS SELECT kind, count(*) AS n FROM events GROUP BY kind")
    db.execute("CREATE INDEX operators_index ON events (kind)")
    db.execute("CREATE TABLE operators_log (session_id TEXT, seq INTEGER)")
    db.execute("CREATE TRIGGER operators_trigger AFTER INSERT ON events BEGIN "
               "INSERT INTO operators_log VALUES (new.session_id, new.seq); END")
    db.close()

    store = SqliteStore(path)
    await store.open()
    assert [v for v, _, _ in await store.applied()] == list(range(1, LATEST + 1))
    assert await store.fetch("SELECT session_id, seq, kind FROM events ORDER BY seq, "
                             "session_id") == [
        ("gone", 1, "message"), ("s1", 1, "message"), ("s1", 2, "call")]
    (sql,) = await store.fetchone("SELECT sql FROM sqlite_master WHERE name = 'events'") or ("",)
    assert "WITHOUT ROWID" in sql
    assert await store.fetch("SELECT name FROM pragma_index_list('events') "
                             "WHERE origin != 'pk'") == [("operators_index",)]
    assert await store.fetch("SELECT kind, n FROM operators_own ORDER BY kind") == [
        ("call", 1), ("message", 2)]  # a view over events survives the rebuild
    assert await store.fetch("PRAGMA legacy_alter_table") == [(0,)]
    assert await store.fetch("PRAGMA foreign_keys") == [(1,)]
    loaded = await store.load_session("s1")
    assert loaded is not None and [c.call_id for c in loaded.calls] == ["c2"]
    with pytest.raises(StoreError, match="UNIQUE"):  # a position is still taken once only
        await store.add_message("s1", Message(2, Role.USER, "again", "t"))
    await store.add_message("s1", Message(3, Role.USER, "next", "t"))
    assert await store.fetch("SELECT session_id, seq FROM operators_log") == [("s1", 3)]
    with pytest.raises(StoreError, match="FOREIGN KEY"):  # and still checked for new rows
        await store.add_message("nobody", Message(1, Role.USER, "hi", "t"))
    await store.close()


def test_a_rebuild_that_would_break_a_foreign_key_changes_nothing(tmp_path: Path) -> None:
    """Rows already pointing nowhere are copied as they are; a rebuild that makes more of them
    is refused whole, and foreign keys are on again after it."""
    db = _at_version_7(tmp_path / "old.db")
    db.execute("INSERT INTO events VALUES ('s1', 1, 'message'), ('gone', 1, 'message')")
    db.execute("PRAGMA foreign_keys=ON")
    more = "; INSERT INTO events VALUES ('also gone', 1, 'message')"
    bad = Migration(9, "events, with one row more that points nowhere",
                    EVENTS_WITHOUT_ROWID + more,
                    only="sqlite", rebuilds="events")
    with pytest.raises(StoreError, match="pointing at rows that do not exist; nothing was"):
        apply_migration(db, bad)
    assert db.execute("SELECT session_id FROM events ORDER BY session_id").fetchall() == [
        ("gone",), ("s1",)]
    assert "WITHOUT ROWID" not in db.execute(
        "SELECT sql FROM sqlite_master WHERE name = 'events'").fetchone()[0]
    assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    apply_migration(db, MIGRATIONS[7])  # the real one takes the row that points nowhere along
    assert db.execute("SELECT count(*) FROM events").fetchone() == (2,)
    assert db.execute("SELECT max(version) FROM schema_migrations").fetchone() == (8,)


@pytest.mark.parametrize(("added", "refusal"), [
    ("CREATE TABLE feed (n INTEGER); CREATE TRIGGER feed_rowid AFTER INSERT ON events BEGIN "
     "INSERT INTO feed VALUES (new.rowid); END", "a trigger on events does not work"),
    ("ALTER TABLE events ADD COLUMN note TEXT", "columns callgate did not make \\(note\\)"),
    ("ALTER TABLE events ADD COLUMN note TEXT; CREATE INDEX by_note ON events (note)",
     "columns callgate did not make \\(note\\)"),
    ("CREATE VIEW numbered AS SELECT rowid AS n, kind FROM events", "the views numbered no "
     "longer read"),
])
def test_a_rebuild_that_cannot_keep_what_an_operator_added_is_refused_whole(
        tmp_path: Path, added: str, refusal: str) -> None:
    """Each would have let the upgrade go through and then failed every call's write (or lost
    the operator's data): refused instead, with what to change, and nothing changed."""
    db = _at_version_7(tmp_path / "old.db")
    db.executescript(added)
    db.execute("INSERT INTO events (session_id, seq, kind) VALUES ('s1', 1, 'message')")
    db.execute("PRAGMA foreign_keys=ON")
    with pytest.raises(StoreError, match=refusal):
        apply_migration(db, MIGRATIONS[7])
    assert "WITHOUT ROWID" not in db.execute(
        "SELECT sql FROM sqlite_master WHERE name = 'events'").fetchone()[0]
    assert db.execute("SELECT count(*) FROM events").fetchone() == (1,)
    assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)


def test_a_trigger_named_on_the_table_in_other_letters_is_kept(tmp_path: Path) -> None:
    db = _at_version_7(tmp_path / "old.db")
    db.executescript("CREATE TABLE feed (seq INTEGER); CREATE TRIGGER feed AFTER INSERT ON "
                     "EVENTS BEGIN INSERT INTO feed VALUES (new.seq); END")
    apply_migration(db, MIGRATIONS[7])
    db.execute("INSERT INTO events VALUES ('s1', 4, 'message')")
    assert db.execute("SELECT seq FROM feed").fetchall() == [(4,)]


def test_a_migration_that_cannot_begin_leaves_foreign_keys_on(tmp_path: Path) -> None:
    db = _at_version_7(tmp_path / "old.db")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=0")
    other = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the file
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            apply_migration(db, MIGRATIONS[7])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
