"""The lock connection: one connection holds the session locks this process takes, and each
of its round trips carries every enter and release waiting for it. What must hold: a session
another replica holds is still entered (the usual way, waiting), a cancelled call never leaves
a lock behind, the connection's death loses what it kept without serving a stale copy or
writing without the lock, and closing waits for the calls still running."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable

import asyncpg
import pytest

from proxy.errors import StoreError, StoreInputError
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState
from proxy.store.postgres import PostgresStore, _alive

from ..conftest import PG_DATABASE, PG_DSN, needs_postgres

pytestmark = needs_postgres


async def _store(schema: str, linger_s: float = 3600) -> PostgresStore:
    """A store whose calls all go through the lock connection, a call alone too (by default
    one with no other in flight enters on a connection of its own)."""
    store = PostgresStore(PG_DSN, schema, linger_s=linger_s)
    store.alone_on_own = False
    await store.open()
    return store


@pytest.fixture
async def store(schema: str) -> AsyncIterator[PostgresStore]:
    s = await _store(schema)
    yield s
    await s.close()


async def _session(store: PostgresStore, session_id: str) -> SessionState:
    state = SessionState(session_id=session_id, environment=Environment.LIVE, user={}, tags={},
                         started_at="t")
    await store.create_session(state)
    return state


def _read(state: SessionState, n: int) -> CallRecord:
    return CallRecord(
        call_id=f"{state.session_id}-c{n}", session_id=state.session_id, seq=state.next_seq(),
        tool="get_order_details", kind="read", arguments={"order_id": f"#{n}"}, decision_id="d",
        verdict="allow", rules=[], policy_version="v", outcome=Outcome.EXECUTED,
        started_at="t", result={"status": "pending"})


async def _read_in_block(store: PostgresStore, state: SessionState, n: int) -> None:
    async with store.session(state.session_id, state) as held:
        assert held is not None
        call = _read(state, n)
        await store.add_call(call)
        state.add_call(call)


# Counts of the locks of the test's own stores' backends (named after the schema), so that
# another suite's on the same server are not counted.
_SESSION_LOCKS = ("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                  "AND objsubid = 1 AND pid IN (SELECT pid FROM pg_stat_activity "
                  "WHERE application_name = 'callgate:' || $1)")
_WAITING_FOR_SESSION = ("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                        "AND pid IN (SELECT pid FROM pg_stat_activity "
                        "WHERE application_name = 'callgate:' || $1)")
_WAITING = ("SELECT count(*) FROM pg_locks WHERE NOT granted AND pid IN "
            "(SELECT pid FROM pg_stat_activity WHERE application_name = 'callgate:' || $1)")


async def _count(sql: str, schema: str) -> int:
    """A count of the test's stores' locks, read on a connection of its own (a read through
    the store would let its parked locks go first)."""
    conn = await asyncpg.connect(PG_DSN)
    try:
        return int(await conn.fetchval(sql, schema))
    finally:
        await conn.close()


async def _session_locks(schema: str) -> int:
    """Session locks the test's stores hold."""
    return await _count(_SESSION_LOCKS, schema)


async def _until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    for _ in range(1000):
        if await check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never: {what}")


async def _calls_in_store(store: PostgresStore, session_id: str) -> list[str]:
    rows = await store.fetch("SELECT call_id FROM calls WHERE session_id = ? ORDER BY seq",
                             (session_id,))
    return [r[0] for r in rows]


async def test_reads_on_many_sessions_share_the_lock_connections_round_trips(
        store: PostgresStore) -> None:
    """Sixteen sessions' reads at once: each enters through the lock connection, keeps its lock
    there after the call (no connection of the pool held), and letting them all go writes all
    sixteen records, in as few round trips as the enters took."""
    states = [await _session(store, f"s{i}") for i in range(16)]
    locks = store._locks_on
    assert locks is not None
    before = locks.round_trips
    await asyncio.gather(*(_read_in_block(store, s, 1) for s in states))
    entering = locks.round_trips - before
    assert sorted(store._parked) == sorted(s.session_id for s in states)
    assert store.pool.get_idle_size() == store.pool.get_size()  # no pool connection held
    assert await _session_locks(store.schema) == 16
    before = locks.round_trips
    await store.let_go_all()
    assert (entering, locks.round_trips - before) == (1, 1)
    assert await _session_locks(store.schema) == 0
    for s in states:
        assert await _calls_in_store(store, s.session_id) == [f"{s.session_id}-c1"]
        assert s.version == 1


async def test_a_session_another_replica_holds_is_entered_the_usual_way(
        store: PostgresStore) -> None:
    """Another replica holds s1's lock: a call on s1 waits for it on a connection of its own
    (the lock connection's try finds it taken), while calls on other sessions go on through
    the lock connection; once it is let go, the call enters and sees what the other wrote."""
    s1, s2 = await _session(store, "s1"), await _session(store, "s2")
    other = await _store(store.schema, linger_s=0)
    blocker = await asyncpg.connect(PG_DSN)
    try:
        await blocker.execute("SELECT pg_advisory_lock(hashtextextended('s1', 0))")
        inside = asyncio.Event()

        async def on_s1() -> list[str]:
            async with store.session("s1", s1) as held:
                assert held is not None
                inside.set()
                return [m.content for m in held.messages]

        waiting = asyncio.create_task(on_s1())
        await _until(lambda: _waits_for_a_lock(store.schema), "the call on s1 waits for its lock")
        await _read_in_block(store, s2, 1)  # not held up behind s1
        assert not inside.is_set() and "s2" in store._parked
        await other.add_message("s1", Message(1, Role.USER, "stop", "t"))  # (no lock: a test)
        await blocker.execute("SELECT pg_advisory_unlock(hashtextextended('s1', 0))")
        assert await asyncio.wait_for(waiting, 10) == ["stop"]
        assert "s1" in store._lingering  # entered on a connection of its own, kept there
    finally:
        await blocker.close()
        await other.close()


async def _waits_for_a_lock(schema: str) -> bool:
    return bool(await _count(_WAITING_FOR_SESSION, schema))


@contextlib.asynccontextmanager
async def _table_locked(schema: str, table: str) -> AsyncIterator[Callable[[], Awaitable[None]]]:
    """Another connection holds ``table`` locked (ACCESS EXCLUSIVE) until the function given
    is called, or the block ends."""
    blocker = await asyncpg.connect(PG_DSN, server_settings={"search_path": schema})
    tx = blocker.transaction()
    await tx.start()
    await blocker.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
    held = [tx]

    async def release() -> None:
        while held:
            await held.pop().rollback()

    try:
        yield release
    finally:
        await release()
        await blocker.close()


async def test_a_call_cancelled_while_its_enter_is_on_the_way_leaves_no_lock(
        store: PostgresStore) -> None:
    """The lock connection's round trip is held up (a table lock another connection keeps);
    the call waiting for it is cancelled. When the round trip comes back with the lock taken,
    the lock is let go, and the session's next call enters as usual."""
    s1 = await _session(store, "s1")
    s1.version = -1  # (its enter reads the session, which waits for the table lock)
    async with _table_locked(store.schema, "sessions") as release:
        call = asyncio.create_task(_read_in_block(store, s1, 1))
        await _until(lambda: _held_up(store.schema), "the round trip waits for the table lock")
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        await release()
    await _until(lambda: _no_session_locks(store.schema), "the lock taken for the cancelled call goes")
    assert "s1" not in store._parked
    await _read_in_block(store, s1, 2)
    assert await _calls_in_store(store, "s1") == ["s1-c2"]


async def _held_up(schema: str) -> bool:
    return bool(await _count(_WAITING, schema))


async def _no_session_locks(schema: str) -> bool:
    return await _session_locks(schema) == 0


async def test_the_lock_connection_dying_loses_its_records_but_never_a_fresh_copy(
        store: PostgresStore) -> None:
    """The lock connection's backend is ended with a read's record kept there: the record is
    lost (the session's copy is read whole next time, so another replica's change is seen),
    and the next call enters through a new lock connection."""
    s1 = await _session(store, "s1")
    await _read_in_block(store, s1, 1)
    locks = store._locks_on
    assert locks is not None and locks.conn is not None and "s1" in store._parked
    first = locks.conn
    other = await _store(store.schema, linger_s=0)
    try:
        pid = await first.fetchval("SELECT pg_backend_pid()")
        await other.fetch("SELECT pg_terminate_backend(?)", (pid,))
        await _until(lambda: _gone(first), "the death is noticed")

        async def marked() -> bool:  # (its termination listener runs a moment after)
            return s1.version == -1 and not store._parked

        await _until(marked, "the parked session's copy is marked")
        assert await _session_locks(store.schema) == 0
        async with other.session("s1", None) as seen:  # another replica: nothing was written
            assert seen is not None and seen.calls == [] and seen.version == 0
            await other.add_message("s1", Message(1, Role.USER, "stop", "t"))
        async with store.session("s1", s1) as seen:  # the whole session
            assert seen is not None and [m.content for m in seen.messages] == ["stop"]
        assert "s1" in store._parked and locks.conn is not None and locks.conn is not first
    finally:
        await other.close()


async def test_calls_enter_the_usual_way_while_the_lock_connection_cannot_connect(
        store: PostgresStore) -> None:
    """The lock connection is gone and cannot connect again (here: a DSN nothing listens on):
    calls enter on connections of their own, for ``retry_s``, and then try again."""
    s1 = await _session(store, "s1")
    locks = store._locks_on
    assert locks is not None and locks.conn is not None
    await locks.conn.close()
    locks.conn = None
    good, store.dsn = store.dsn, "postgresql://postgres@127.0.0.1:1/postgres"
    await _read_in_block(store, s1, 1)  # the connect fails: this call the usual way
    assert "s1" in store._lingering and locks.retry_at > 0
    store.dsn = good
    await store.let_go_all()
    await _read_in_block(store, s1, 2)  # within retry_s: the usual way again
    assert "s1" in store._lingering and locks.conn is None
    locks.retry_at = 0.0  # (retry_s is over)
    await store.let_go_all()
    await _read_in_block(store, s1, 3)
    assert "s1" in store._parked and locks.conn is not None
    await store.let_go_all()
    assert await _calls_in_store(store, "s1") == ["s1-c1", "s1-c2", "s1-c3"]


async def _gone(conn: asyncpg.Connection) -> bool:
    return not _alive(conn)


async def test_a_block_whose_lock_went_with_the_connection_writes_nothing(
        store: PostgresStore) -> None:
    """Inside a block entered through the lock connection, the connection dies (the lock goes
    with it, and another replica may take the session): the block's next statement is refused
    with a store error, and nothing of it is written."""
    s1 = await _session(store, "s1")
    other = await _store(store.schema, linger_s=0)
    try:
        async with store.session("s1", s1):
            locks = store._locks_on
            assert locks is not None and locks.conn is not None
            conn = locks.conn
            pid = await conn.fetchval("SELECT pg_backend_pid()")
            await other.fetch("SELECT pg_terminate_backend(?)", (pid,))
            await _until(lambda: _gone(conn), "the death is noticed")
            with pytest.raises(StoreError, match="lock was lost"):
                await store.add_message("s1", Message(1, Role.USER, "yes", "t"))
        rows = await other.fetch("SELECT count(*) FROM messages WHERE session_id = ?", ("s1",))
        assert rows[0][0] == 0
    finally:
        await other.close()


async def _closing(store: PostgresStore) -> asyncio.Task[None]:
    """``store.close()`` begun, and still waiting a moment later."""
    closing = asyncio.create_task(store.close())
    await asyncio.sleep(0.05)
    assert not closing.done()
    return closing


async def _closed_with_the_read_written(schema: str) -> None:
    """No session lock is left, and s1's read c1 is in the store."""
    assert await _session_locks(schema) == 0
    check = await _store(schema, linger_s=0)
    try:
        assert await _calls_in_store(check, "s1") == ["s1-c1"]
    finally:
        await check.close()


async def test_close_waits_for_a_block_held_through_the_lock_connection(schema: str) -> None:
    """close() while a read's block still runs: it returns once the block ended, with the
    read's record written and no lock left."""
    store = await _store(schema)
    s1 = await _session(store, "s1")
    inside, leave = asyncio.Event(), asyncio.Event()

    async def read() -> None:
        async with store.session("s1", s1):
            inside.set()
            await leave.wait()
            call = _read(s1, 1)
            await store.add_call(call)
            s1.add_call(call)

    block = asyncio.create_task(read())
    await inside.wait()
    closing = await _closing(store)
    leave.set()
    await asyncio.wait_for(asyncio.gather(block, closing), 10)
    await _closed_with_the_read_written(schema)


class _CuttableRelay:
    """A TCP relay to PostgreSQL whose connections can be cut without a word to the client:
    the server's side is closed (PostgreSQL ends the backend, and its locks go), while the
    client's side stays open and hears nothing more, as across a network that fails."""

    def __init__(self) -> None:
        self.port = 0
        self._server: asyncio.Server | None = None
        self._links: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self.cut = False

    async def start(self) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self._server = await asyncio.start_server(self._serve, sock=sock)
        self.port = sock.getsockname()[1]

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter
                     ) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", 5432)
        self._links.append((client_w, server_w))

        async def pump(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await r.read(65536):
                    if self.cut:
                        continue  # (heard by nobody)
                    w.write(data)
                    await w.drain()

        try:
            await asyncio.gather(pump(client_r, server_w), pump(server_r, client_w))
        finally:
            server_w.close()
            client_w.close()

    def cut_all(self) -> None:
        self.cut = True
        for _, server_w in self._links:
            server_w.close()

    def close(self) -> None:
        for client_w, server_w in self._links:
            client_w.close()
            server_w.close()
        if self._server is not None:
            self._server.close()

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{PG_DATABASE}"


async def _relayed(store: PostgresStore) -> tuple[_CuttableRelay, str]:
    """A cuttable relay, started, and the lock connection's next life through it (its present
    one closed; the pool keeps its connections): the relay, and the store's DSN before."""
    locks = store._locks_on
    assert locks is not None and locks.conn is not None
    relay = _CuttableRelay()
    await relay.start()
    good, store.dsn = store.dsn, relay.dsn
    await locks.conn.close()
    return relay, good


async def test_a_write_is_not_recorded_while_its_lock_is_not_confirmed(
        store: PostgresStore) -> None:
    """The lock connection is cut without a word to this side (PostgreSQL ends its backend and
    the session's lock; the client hears nothing): another replica takes the session and ends
    it. The write in this replica's block, decided on its copy, waits for the lock connection
    to answer before its record goes, so it is never recorded (nor sent)."""
    s1 = await _session(store, "s1")
    locks = store._locks_on
    assert locks is not None and locks.conn is not None
    locks.confirmed_s = 0.0  # (the enter's answer, a moment before, does not count)
    relay, _ = await _relayed(store)
    other = await _store(store.schema, linger_s=0)
    try:
        async with store.session("s1", s1):
            assert locks.conn is not None
            relay.cut_all()
            await _until(lambda: _no_session_locks(store.schema), "PostgreSQL let the lock go")
            async with other.session("s1", None) as theirs:  # taken: the lock is gone
                assert theirs is not None
                await other.end_session("s1", "t2", {"status": "done"})
            write = CallRecord(
                call_id="s1-w1", session_id="s1", seq=s1.next_seq(),
                tool="cancel_pending_order", kind="write", arguments={"order_id": "#1"},
                decision_id="d", verdict="allow", rules=[], policy_version="v",
                outcome=Outcome.FORWARDING, started_at="t")
            try:
                with pytest.raises(TimeoutError):
                    await asyncio.wait_for(store.add_call(write), 0.5)
            finally:
                relay.close()  # (now the client hears of it: the round trip fails)
        assert await _calls_in_store(other, "s1") == []
    finally:
        relay.close()
        await other.close()


async def test_a_call_alone_enters_on_its_own_connection_and_others_share(schema: str) -> None:
    """With no other call in flight a call enters on a connection of its own (its lock kept
    there after it); a call that comes while another is in flight goes through the lock
    connection."""
    store = PostgresStore(PG_DSN, schema, linger_s=3600)
    await store.open()
    try:
        s1, s2 = await _session(store, "s1"), await _session(store, "s2")
        await _read_in_block(store, s1, 1)
        assert "s1" in store._lingering and not store._parked
        inside, leave = asyncio.Event(), asyncio.Event()

        async def long_read() -> None:
            async with store.session("s1", s1):
                inside.set()
                await leave.wait()

        first = asyncio.create_task(long_read())
        await inside.wait()
        await _read_in_block(store, s2, 1)  # another is in flight: the lock connection
        assert "s2" in store._parked
        leave.set()
        await first
    finally:
        await store.close()


# Found by an independent review of the lock connection; each failed before its fix.


async def test_a_call_cancelled_as_its_block_ends_leaves_no_lock(schema: str) -> None:
    """Cancelled just as its block ends (its statements' pool connection going back): the
    lock is parked or let go all the same, never left held and tracked nowhere."""
    store = await _store(schema, linger_s=0.005)
    try:
        s1 = await _session(store, "s1")

        async def call() -> None:
            async with store.session("s1", s1):
                await store.add_message("s1", Message(s1.next_seq(), Role.USER, "hi", "t"))
                asyncio.get_running_loop().call_soon(task.cancel)

        task = asyncio.create_task(call())
        with contextlib.suppress(asyncio.CancelledError):  # (or done before the cancel came)
            await task
        await _until(lambda: _no_session_locks(schema), "the lock goes")
        await _read_in_block(store, s1, 1)  # (taken once, so let go once)
        await store.let_go_all()
        assert await _session_locks(schema) == 0
    finally:
        await store.close()


async def test_a_release_queued_in_one_life_is_never_sent_in_the_next(schema: str) -> None:
    """The lock connection dies after a release was queued and before its round trip: the
    release's records are lost (the copy read whole next time), never written in the next
    life, where the lock is not held."""
    store = await _store(schema, linger_s=0)
    try:
        s1 = await _session(store, "s1")
        locks = store._locks_on
        assert locks is not None
        async with store.session("s1", s1):
            call = _read(s1, 1)
            await store.add_call(call)
            s1.add_call(call)
            conn = locks.conn
            assert conn is not None
            asyncio.get_running_loop().call_soon(conn.terminate)
        assert await _calls_in_store(store, "s1") == [] and s1.version == -1
        assert await _session_locks(schema) == 0
    finally:
        await store.close()


async def _waiting_for_the_pool(store: PostgresStore) -> bool:
    return store._outside > 0


async def test_a_write_waiting_for_a_pool_connection_confirms_its_lock_after(
        schema: str) -> None:
    """A write's record waits for a pool connection while the lock connection is cut without
    a word and another replica takes the session: the lock is confirmed once the connection
    came (not before it waited), so the record is never written."""
    store = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=3600)
    store.alone_on_own = False
    await store.open()
    relay = _CuttableRelay()
    await relay.start()
    other = await _store(schema, linger_s=0)
    try:
        s1 = await _session(store, "s1")
        locks = store._locks_on
        assert locks is not None and locks.conn is not None
        locks.confirmed_s = 0.0
        good, store.dsn = store.dsn, relay.dsn
        await locks.conn.close()  # (its next life through the relay)
        busy = await store.pool.acquire()  # the pool's one connection
        try:
            async with store.session("s1", s1):
                store.dsn = good
                write = CallRecord(
                    call_id="s1-w1", session_id="s1", seq=s1.next_seq(),
                    tool="cancel_pending_order", kind="write", arguments={"order_id": "#1"},
                    decision_id="d", verdict="allow", rules=[], policy_version="v",
                    outcome=Outcome.FORWARDING, started_at="t")
                writing = asyncio.create_task(store.add_call(write))
                await _until(lambda: _waiting_for_the_pool(store), "the write waits for the pool")
                relay.cut_all()
                await _until(lambda: _no_session_locks(schema), "PostgreSQL let the lock go")
                async with other.session("s1", None) as theirs:
                    assert theirs is not None
                    await store.pool.release(busy)
                    busy = None
                    done, _ = await asyncio.wait([writing], timeout=0.5)
                    assert not done  # waiting for the lock connection, not written
                relay.close()
                with pytest.raises(StoreError):
                    await writing
        finally:
            if busy is not None:
                await store.pool.release(busy)
        assert await _calls_in_store(other, "s1") == []
    finally:
        relay.close()
        await other.close()
        await store.close()


async def test_a_cut_lock_connection_holds_calls_up_for_its_wait_only(
        store: PostgresStore) -> None:
    """The lock connection is cut without a word: the round trip on it is given up after
    ``batch_wait_s`` and the connection ended, so calls enter the usual way instead of waiting
    for good behind it."""
    s1 = await _session(store, "s1")
    locks = store._locks_on
    assert locks is not None and locks.conn is not None
    locks.batch_wait_s = 0.3
    relay, good = await _relayed(store)
    try:
        await _read_in_block(store, s1, 1)  # (through the relay)
        await store.let_go_all()
        store.dsn = good
        relay.cut_all()
        await asyncio.wait_for(_read_in_block(store, s1, 2), 10)
        assert "s1" in store._lingering  # entered on a connection of its own
    finally:
        relay.close()


async def test_an_enter_whose_read_fails_goes_the_usual_way_alone(store: PostgresStore) -> None:
    """One session's read in the lock connection's round trip fails (a table lock another
    connection holds, past lock_timeout): that call enters the usual way, and the lock
    connection, with the other sessions' locks parked on it, lives on."""
    locks = store._locks_on
    assert locks is not None and locks.conn is not None
    locks.lock_wait = "100ms"
    await locks.conn.close()  # (its next life with that lock_timeout)
    s1, s2 = await _session(store, "s1"), await _session(store, "s2")
    await _read_in_block(store, s2, 1)
    generation = locks.generation
    s1.version = -1  # (its enter reads the session)
    async with _table_locked(store.schema, "messages") as release:
        call = asyncio.create_task(_read_in_block(store, s1, 1))
        await _until(lambda: _entering_the_usual_way(store), "the call on s1 goes the usual way")
        assert locks.generation == generation and "s2" in store._parked
        await release()
        await asyncio.wait_for(call, 10)
    assert "s1" in store._lingering
    await store.let_go_all()
    assert await _calls_in_store(store, "s2") == ["s2-c1"]


async def _entering_the_usual_way(store: PostgresStore) -> bool:
    """A call waits on a lock, and not in the lock connection's round trip (which is back,
    with no call counted on it)."""
    held_up = await _held_up(store.schema)
    locks = store._locks_on
    return held_up and locks is not None and locks.task is None and locks.blocks == 0


async def test_close_waits_for_a_call_whose_enter_is_on_its_way(schema: str) -> None:
    """close() while a call's enter is still out on the lock connection: the call enters, its
    block runs with its lock, its record is written, and then the store closes."""
    store = await _store(schema)
    s1 = await _session(store, "s1")
    s1.version = -1
    async with _table_locked(schema, "sessions") as release:
        call = asyncio.create_task(_read_in_block(store, s1, 1))
        await _until(lambda: _held_up(schema), "the enter waits for the table lock")
        closing = await _closing(store)
        await release()
        await asyncio.wait_for(asyncio.gather(call, closing), 10)
    await _closed_with_the_read_written(schema)


# A message's record and a write's go through the lock connection's round trip (its lock's own
# connection), committed before the call goes on, with the other sessions' in one commit.


def _write(state: SessionState, n: int) -> CallRecord:
    return CallRecord(
        call_id=f"{state.session_id}-w{n}", session_id=state.session_id, seq=state.next_seq(),
        tool="cancel_pending_order", kind="write", arguments={"order_id": f"#{n}"},
        decision_id="d", verdict="allow", rules=[], policy_version="v",
        outcome=Outcome.FORWARDING, started_at="t")


async def _say(store: PostgresStore, state: SessionState, text: str) -> None:
    message = Message(state.next_seq(), Role.USER, text, "t")
    await store.add_message(state.session_id, message)
    state.add_message(message)


async def _column(schema: str, sql: str, *args: object) -> list[object]:
    """A read on a connection of its own (a read through the store would write what it kept
    and let its parked locks go first)."""
    conn = await asyncpg.connect(PG_DSN, server_settings={"search_path": schema})
    try:
        return [r[0] for r in await conn.fetch(sql, *args)]
    finally:
        await conn.close()


async def test_a_message_and_a_write_are_committed_through_the_lock_connection(
        store: PostgresStore) -> None:
    """Inside a block held through the lock connection, a read's record (kept), a message and
    a write: the message and the write are in the store, committed, before each returns (seen
    by another connection while the block still runs), the read's record before them, the
    lock still held, and no connection of the pool taken."""
    s1 = await _session(store, "s1")
    locks = store._locks_on
    assert locks is not None
    async with store.session("s1", s1) as held:
        assert held is s1 and "s1" in store._held and store._held["s1"].generation is not None
        call = _read(s1, 1)
        await store.add_call(call)
        s1.add_call(call)
        before = locks.round_trips
        await _say(store, s1, "yes")
        assert await _column(store.schema, "SELECT content FROM messages") == ["yes"]
        write = _write(s1, 1)
        await store.add_call(write)
        s1.add_call(write)
        assert locks.round_trips - before == 2
        assert await _column(store.schema, "SELECT call_id FROM calls ORDER BY seq") == [
            "s1-c1", "s1-w1"]
        assert store._held["s1"].conn is None  # no pool connection was taken
        assert await _session_locks(store.schema) == 1
    assert s1.version == 3 and "s1" in store._parked
    await store.let_go_all()
    assert await _calls_in_store(store, "s1") == ["s1-c1", "s1-w1"]
    assert await _column(store.schema, "SELECT version FROM sessions") == [3]
    whole = await store.load_session("s1")
    assert whole is not None and [m.content for m in whole.messages] == ["yes"]


async def test_messages_on_many_sessions_share_a_round_trip_and_a_commit(
        store: PostgresStore) -> None:
    """Sixteen sessions' messages at once: their records go in one or two of the lock
    connection's round trips, not one statement and commit each."""
    states = [await _session(store, f"s{i}") for i in range(16)]
    locks = store._locks_on
    assert locks is not None
    await asyncio.gather(*(_read_in_block(store, s, 1) for s in states))  # (entered: parked)
    inside = asyncio.Barrier(16)

    async def say(state: SessionState) -> None:
        async with store.session(state.session_id, state):
            await inside.wait()  # (all entered before any writes)
            await _say(store, state, f"hello {state.session_id}")
            assert store._held[state.session_id].conn is None  # (no pool connection taken)

    before = locks.round_trips
    await asyncio.gather(*(say(s) for s in states))
    assert locks.round_trips - before <= 2
    assert store.pool.get_idle_size() == store.pool.get_size()
    for s in states:
        assert [m.content for m in s.messages] == [f"hello {s.session_id}"]
    await store.let_go_all()
    for s in states:
        assert s.version == 2
        assert await _column(store.schema, "SELECT version FROM sessions WHERE session_id = $1",
                             s.session_id) == [2]
        whole = await store.load_session(s.session_id)
        assert whole is not None and [m.content for m in whole.messages] == [
            f"hello {s.session_id}"]


async def test_a_refused_message_fails_its_call_and_the_copy_is_read_whole(
        store: PostgresStore) -> None:
    """The message's record is refused (its seq is taken: here by a row written behind the
    store's back): the message call fails with a store error, the read kept before it goes
    with it (logged), and the next call reads the session whole, never a copy that counted
    them; the lock is still let go."""
    s1 = await _session(store, "s1")
    conn = await asyncpg.connect(PG_DSN, server_settings={"search_path": store.schema})
    try:
        async with store.session("s1", s1):
            call = _read(s1, 1)
            await store.add_call(call)
            s1.add_call(call)
            seq = s1.next_seq()
            await conn.execute("INSERT INTO events (session_id, seq, kind) VALUES ($1, $2, "
                               "'message')", "s1", seq)
            with pytest.raises(StoreError, match="refused"):
                await store.add_message("s1", Message(seq, Role.USER, "yes", "t"))
            assert s1.version == -1
    finally:
        await conn.close()
    await store.let_go_all()
    assert await _session_locks(store.schema) == 0
    assert await _calls_in_store(store, "s1") == []
    async with store.session("s1", None) as seen:
        assert seen is not None and seen.messages == [] and seen.calls == []


async def test_a_message_with_a_nul_is_bad_input_and_keeps_nothing(store: PostgresStore) -> None:
    """A NUL character, which PostgreSQL's text cannot hold: bad input, refused before
    anything is kept, so the read kept before it is still written."""
    s1 = await _session(store, "s1")
    async with store.session("s1", s1):
        call = _read(s1, 1)
        await store.add_call(call)
        s1.add_call(call)
        with pytest.raises(StoreInputError, match="NUL"):
            await store.add_message("s1", Message(s1.next_seq(), Role.USER, "y\x00es", "t"))
        assert s1.version == 1
    await store.let_go_all()
    assert await _calls_in_store(store, "s1") == ["s1-c1"]


async def test_the_lock_connection_dying_before_a_write_goes_fails_it_closed(
        store: PostgresStore) -> None:
    """The lock connection dies between a message and the write after it (the lock goes with
    it): the write fails with a store error and is never written (not in the next life, where
    the lock is not held); the message, committed before, stays."""
    s1 = await _session(store, "s1")
    locks = store._locks_on
    assert locks is not None
    async with store.session("s1", s1):
        await _say(store, s1, "yes")
        conn = locks.conn
        assert conn is not None
        asyncio.get_running_loop().call_soon(conn.terminate)
        with pytest.raises(StoreError):
            await store.add_call(_write(s1, 1))
    assert await _session_locks(store.schema) == 0
    assert await _calls_in_store(store, "s1") == []
    whole = await store.load_session("s1")
    assert whole is not None and [m.content for m in whole.messages] == ["yes"]


async def test_a_write_on_a_cut_lock_connection_is_never_recorded(store: PostgresStore) -> None:
    """The lock connection is cut without a word (PostgreSQL ends its backend and the lock)
    and another replica takes the session: the write's record, in the block's own task, rides
    the cut connection's round trip, so it is never written; the call fails closed."""
    s1 = await _session(store, "s1")
    locks = store._locks_on
    assert locks is not None and locks.conn is not None
    locks.batch_wait_s = 0.5
    relay, good = await _relayed(store)
    other = await _store(store.schema, linger_s=0)
    try:
        async with store.session("s1", s1):
            store.dsn = good
            relay.cut_all()
            await _until(lambda: _no_session_locks(store.schema), "PostgreSQL let the lock go")
            async with other.session("s1", None) as theirs:
                assert theirs is not None
                await other.end_session("s1", "t2", {"status": "done"})
            with pytest.raises(StoreError):
                await store.add_call(_write(s1, 1))
        assert await _calls_in_store(other, "s1") == []
    finally:
        relay.close()
        await other.close()


async def test_a_cancelled_message_leaves_the_copy_in_step(store: PostgresStore) -> None:
    """(Found by an independent review.) The caller is cancelled while its message waits for
    the lock connection's round trip (held up here by a table lock); the round trip still goes
    and commits it, but the caller never adds it to its copy, whose version counted it: the
    copy must be read whole next time, never served as it stands (without the message, and
    handing its seq out again)."""
    s1 = await _session(store, "s1")

    async def say() -> None:
        async with store.session("s1", s1):
            await _say(store, s1, "first")

    async with _table_locked(store.schema, "messages") as release:
        task = asyncio.create_task(say())
        await _until(lambda: _held_up(store.schema), "the message's round trip waits for the table lock")
        task.cancel()
        await asyncio.sleep(0.05)  # (its block's release queues behind the write)
        await release()
        with pytest.raises(asyncio.CancelledError):
            await task
    await _until(lambda: _no_session_locks(store.schema), "the lock goes")
    async with store.session("s1", s1) as seen:
        assert seen is not None and [m.content for m in seen.messages] == ["first"]
        await _say(store, seen, "second")  # (its own seq)
    await store.let_go_all()
    whole = await store.load_session("s1")
    assert whole is not None and [m.content for m in whole.messages] == ["first", "second"]


async def test_an_older_replica_putting_back_its_functions_does_not_refuse_messages(
        store: PostgresStore) -> None:
    """A replica of an older version starting beside this one installs its own functions
    under their names (here: the records function before messages, which refuses them): this
    store's messages, written by a function of another name, still go."""
    await store.write([("CREATE OR REPLACE FUNCTION callgate_flush(sid TEXT, records TEXT) "
                        "RETURNS TEXT LANGUAGE sql AS $$ SELECT 'an older replica''s'::text $$",
                        ())])
    s1 = await _session(store, "s1")
    async with store.session("s1", s1):
        await _say(store, s1, "yes")
        await store.add_call(_write(s1, 1))
    await store.let_go_all()
    whole = await store.load_session("s1")
    assert whole is not None and [m.content for m in whole.messages] == ["yes"]
    assert await _calls_in_store(store, "s1") == ["s1-w1"]
