"""Replicas keep their cached session and read only what others changed since its version."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

import asyncpg
import pytest

from proxy.errors import StoreError
from proxy.session import CallRecord, Confirmation, Environment, Message, Outcome, Role, SessionState
from proxy.store import audit_check
from proxy.store.postgres import PostgresStore, _alive

from ..conftest import PG_DSN, needs_postgres

pytestmark = needs_postgres


@pytest.fixture
async def replicas(schema: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    a, b = PostgresStore(PG_DSN, schema), PostgresStore(PG_DSN, schema)
    await a.open()
    await b.open()
    yield a, b
    await a.close()
    await b.close()


def read_call(call_id: str, seq: int, outcome: Outcome, order: str) -> CallRecord:
    return CallRecord(
        call_id=call_id, session_id="s1", seq=seq, tool="get_order_details", kind="read",
        arguments={"order_id": order}, decision_id="d", verdict="allow", rules=[],
        policy_version="v", outcome=outcome, started_at="t",
        result={"status": "pending"} if outcome is Outcome.EXECUTED else None)


def write_call(call_id: str, seq: int) -> CallRecord:
    return CallRecord(
        call_id=call_id, session_id="s1", seq=seq, tool="cancel_pending_order", kind="write",
        arguments={"order_id": "#1"}, decision_id="d", verdict="allow", rules=[],
        policy_version="v", outcome=Outcome.FORWARDING, started_at="t")


async def test_a_replica_reads_only_what_another_changed(
    replicas: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = replicas
    state = SessionState(session_id="s1", environment=Environment.LIVE, user={}, tags={},
                         started_at="t")
    await a.create_session(state)
    in_flight = read_call("c1", 1, Outcome.FORWARDING, "#1")
    async with a.session("s1", state) as held:
        assert held is state and state.version == 0
        await a.add_call(in_flight)
        state.add_call(in_flight)
    assert state.version == 1
    async with b.session("s1", None) as other:  # b has nothing cached: the whole session
        assert other is not None and [c.call_id for c in other.calls] == ["c1"]
        done = other.calls[0]
        done.outcome, done.result = Outcome.EXECUTED, {"status": "pending"}
        await b.finish_call(done)
        other.finish_call(done)
        message = Message(2, Role.USER, "yes", "t")
        await b.add_message("s1", message)
        other.add_message(message)
        conf = Confirmation("cf1", "h", "cancel", "summary", 1.0, 2.0)
        await b.save_confirmation("s1", conf)
        await b.end_session("s1", "later", {"ok": True})
    async with a.session("s1", state) as held:  # a's copy, brought up to date in place
        assert held is state and state.version == 5
        assert state.calls == [in_flight] and in_flight.outcome is Outcome.EXECUTED
        assert state.fact("get_order_details", {"order_id": "#1"}) == {"status": "pending"}
        assert [m.content for m in state.messages] == ["yes"] and state.seq == 2
        assert list(state.confirmations) == ["cf1"]
        assert state.ended_at == "later" and state.outcome == {"ok": True}
    async with b.session("s1", SessionState(
            session_id="s1", environment=Environment.LIVE, user={}, tags={}, started_at="t",
            version=99)) as restored:  # a copy newer than the store (a restore): read whole
        assert restored is not None and restored.version == 5 and len(restored.calls) == 1
    async with a.session("nope", None) as missing:
        assert missing is None


async def test_a_cancelled_wait_for_a_session_leaves_no_lock_behind(
    replicas: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = replicas
    await a.create_session(SessionState(session_id="s1", environment=Environment.LIVE, user={},
                                        tags={}, started_at="t"))
    async with a.session("s1", None):
        waiting = asyncio.create_task(_enter(b))
        for _ in range(500):  # until PostgreSQL shows b waiting for the lock
            if waiting.done() or await _someone_waits(a):
                break
            await asyncio.sleep(0.01)
        waiting.cancel()
        with pytest.raises((asyncio.CancelledError, StoreError)):
            await waiting
    # had the cancelled wait left the lock held on a pooled connection, this would hang
    await asyncio.wait_for(_enter(b), 10)
    await asyncio.wait_for(_enter(a), 10)


async def _enter(store: PostgresStore) -> None:
    async with store.session("s1", None) as state:
        assert state is not None


async def _someone_waits(store: PostgresStore) -> bool:
    """A backend of the test's stores waits for a session lock (another suite's on the same
    server are not counted)."""
    rows = await store.fetch("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                             "AND pid IN (SELECT pid FROM pg_stat_activity "
                             "WHERE application_name = ?)", (f"callgate:{store.schema}",))
    return bool(rows)


async def test_replicas_opening_a_new_schema_together_all_open() -> None:
    """Workers and replicas start at once: creating the schema and migrating it happen once,
    under the migration lock, and none of them fails on another's CREATE SCHEMA."""
    import secrets

    for _ in range(3):
        name = "t_" + secrets.token_hex(6)
        stores = [PostgresStore(PG_DSN, name) for _ in range(4)]
        try:
            await asyncio.gather(*(s.open() for s in stores))
            assert sum(bool(s.migrated) for s in stores) == 1  # one of them migrated
        finally:
            for s in stores:
                await s.close()
            cleanup = PostgresStore(PG_DSN, name)
            await cleanup.open()
            async with cleanup.pool.acquire() as conn:
                await conn.execute(f'DROP SCHEMA "{name}" CASCADE')
            await cleanup.close()


async def _locks_held(store: PostgresStore) -> int:
    """Session locks (advisory, one bigint key) the test's stores hold."""
    rows = await store.fetch("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                             "AND granted AND objsubid = 1 AND pid IN "
                             "(SELECT pid FROM pg_stat_activity WHERE application_name = ?)",
                             (f"callgate:{store.schema}",))
    return int(rows[0][0])


async def test_a_kept_lock_holds_other_replicas_off_until_let_go(schema: str) -> None:
    """After a call the connection keeps the session's lock (``linger_s``): another replica
    waits for it, and then sees what the first wrote."""
    a, b = PostgresStore(PG_DSN, schema, linger_s=3600), PostgresStore(PG_DSN, schema)
    await a.open()
    await b.open()
    try:
        state = await _new_session(a)
        call = read_call("c1", 1, Outcome.EXECUTED, "#1")
        async with a.session("s1", state):
            await a.add_call(call)
            state.add_call(call)
        assert await _locks_held(b) == 1  # kept past the block
        waiting = asyncio.create_task(_enter(b))
        for _ in range(500):  # until PostgreSQL shows b waiting for the lock
            if waiting.done() or await _someone_waits(b):
                break
            await asyncio.sleep(0.01)
        assert not waiting.done()
        await a.let_go_all()
        await asyncio.wait_for(waiting, 10)
        async with b.session("s1", None) as seen:
            assert seen is not None and [c.call_id for c in seen.calls] == ["c1"]
    finally:
        await a.close()
        await b.close()
    assert await _count_after_close(schema) == 0  # close let every lock go


async def _count_after_close(schema: str) -> int:
    probe = PostgresStore(PG_DSN, schema)
    await probe.open(migrate=False)
    try:
        return await _locks_held(probe)
    finally:
        await probe.close()


async def test_a_kept_lock_is_let_go_after_its_time_and_never_taken_twice(schema: str) -> None:
    """A lock kept by a connection is let go when its time is up; a call that takes it back
    without the cached copy (dropped from memory) reads the session whole and holds the lock
    once, not twice (advisory locks stack); a store error in the block lets it go at once."""
    a = PostgresStore(PG_DSN, schema, linger_s=0.02)
    await a.open()
    try:
        state = await _new_session(a)
        async with a.session("s1", state):
            await a.add_call(read_call("c1", 1, Outcome.EXECUTED, "#1"))
        async with a.session("s1", None) as whole:  # the kept lock, no cached copy
            assert whole is not None and [c.call_id for c in whole.calls] == ["c1"]
        await a.let_go_all()
        assert await _locks_held(a) == 0  # had it been taken twice, one would still be held
        async with a.session("s1", whole):
            pass
        for _ in range(500):  # the loop's timer lets it go after 20 ms
            if await _locks_held(a) == 0:
                break
            await asyncio.sleep(0.01)
        assert await _locks_held(a) == 0
        with pytest.raises(StoreError):
            async with a.session("s1", whole):
                await a.add_call(write_call("c2", 1))  # written at once; its seq is taken
        assert await _locks_held(a) == 0  # let go at once, not kept
    finally:
        await a.close()


async def test_more_calls_than_connections_each_using_a_second_one_all_finish(
        schema: str) -> None:
    """Calls outnumber the pool's connections and read through the pool inside their block
    (as the gate and once-only claims do): a kept lock never holds a connection one of them
    waits for, so all finish and nothing is left held."""
    store = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=3600)
    await store.open()
    try:
        states = [SessionState(session_id=f"s{i}", environment=Environment.LIVE, user={},
                               tags={}, started_at="t") for i in range(4)]
        for state in states:
            await store.create_session(state)

        async def calls(state: SessionState) -> None:
            for n in range(1, 6):
                async with store.session(state.session_id, state) as held:
                    assert held is state
                    await store.fetch("SELECT count(*) FROM calls")  # a second connection
                    record = read_call(f"{state.session_id}-{n}", n, Outcome.EXECUTED, "#1")
                    record.session_id = state.session_id
                    await store.add_call(record)
                    state.add_call(record)

        await asyncio.wait_for(asyncio.gather(*(calls(s) for s in states)), 60)
        assert all(len(s.calls) == 5 and s.version == 5 for s in states)
        await store.let_go_all()
        assert await _locks_held(store) == 0
    finally:
        await store.close()


async def test_calls_in_a_row_keep_another_replica_off_for_a_bounded_time(
        schema: str) -> None:
    """A replica calling one session without a pause keeps its lock for at most HOLD_MAX
    times linger_s: then it lets go after a call, and the other replica waiting gets it."""
    a = PostgresStore(PG_DSN, schema, linger_s=0.02)
    b = PostgresStore(PG_DSN, schema)
    await a.open()
    await b.open()
    try:
        state = await _new_session(a)
        entered = asyncio.Event()
        calls_after = 0

        async def busy() -> None:
            nonlocal calls_after
            for n in range(1, 20_000):  # at most ~20 s of calls; stops soon after b entered
                async with a.session("s1", state):
                    record = read_call(f"c{n}", n, Outcome.EXECUTED, "#1")
                    await a.add_call(record)
                    state.add_call(record)
                if entered.is_set():
                    calls_after += 1
                    if calls_after >= 3:
                        return

        async def other() -> None:
            async with b.session("s1", None) as seen:
                assert seen is not None
            entered.set()

        runner = asyncio.create_task(busy())
        for _ in range(1000):  # until a has made calls and keeps the lock
            await asyncio.sleep(0.001)
            if state.seq >= 3:
                break
        await asyncio.wait_for(other(), 15)  # unbounded before: as long as a kept calling
        await asyncio.wait_for(runner, 30)
        assert calls_after >= 3  # a went on afterwards, taking the lock back from b
    finally:
        await a.close()
        await b.close()


async def test_a_kept_connection_whose_backend_died_is_dropped(schema: str) -> None:
    """PostgreSQL ended the backend of a connection that keeps a lock (a restart, an admin):
    calls on that session and on another fail closed at worst (a store error, never another
    kind) and then work again, and let_go_all and close finish with no lock left."""
    a = PostgresStore(PG_DSN, schema, linger_s=3600, lock_connection=False)
    await a.open()
    try:
        for sid in ("s1", "s2"):
            await a.create_session(SessionState(session_id=sid, environment=Environment.LIVE,
                                                user={}, tags={}, started_at="t"))
        state = await a.load_session("s1")
        assert state is not None
        async with a.session("s1", state):
            pid = (await a._held["s1"].conn.fetchval("SELECT pg_backend_pid()"))
        assert await _locks_held(a) == 1
        await a.fetch("SELECT pg_terminate_backend($1)", (pid,))
        for _ in range(500):  # until PostgreSQL has let the dead backend's lock go
            if await _locks_held(a) == 0:
                break
            await asyncio.sleep(0.01)
        # a call that takes the dead connection before asyncpg noticed fails closed, as a
        # store error; the store recovers: the calls after it work
        with contextlib.suppress(StoreError):
            async with a.session("s2", None):
                pass
        async with a.session("s2", None) as other:
            assert other is not None
        with contextlib.suppress(StoreError):  # the dead connection's write may fail: closed
            async with a.session("s1", state) as again:
                assert again is not None
                await a.add_call(read_call("c1", 1, Outcome.EXECUTED, "#1"))
        async with a.session("s1", None) as whole:
            assert whole is not None
        await a.let_go_all()
        assert await _locks_held(a) == 0
    finally:
        await asyncio.wait_for(a.close(), 10)


async def test_close_finishes_while_calls_keep_coming(schema: str) -> None:
    store = PostgresStore(PG_DSN, schema, linger_s=3600)
    await store.open()
    await store.create_session(SessionState(session_id="s1", environment=Environment.LIVE,
                                            user={}, tags={}, started_at="t"))
    stopped = asyncio.Event()

    async def traffic() -> None:
        for _ in range(100_000):  # until the store refuses: it is closing
            try:
                async with store.session("s1", None):
                    pass
            except StoreError:
                stopped.set()
                return

    runner = asyncio.create_task(traffic())
    for _ in range(100):
        await asyncio.sleep(0.001)
    await asyncio.wait_for(store.close(), 10)  # kept locks used to keep it open for good
    await asyncio.wait_for(runner, 10)
    assert stopped.is_set()
    assert await _count_after_close(schema) == 0


async def test_a_cancelled_let_go_all_leaves_no_lock_held(schema: str) -> None:
    store = PostgresStore(PG_DSN, schema, linger_s=3600)
    await store.open()
    try:
        release = asyncio.Event()
        holders = await _holding(store, 3, 3, release)
        release.set()
        await asyncio.gather(*holders)  # three locks kept, on three connections
        assert await _locks_held(store) == 3
        letting = asyncio.create_task(store.let_go_all())
        await asyncio.sleep(0)
        letting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await letting
        for _ in range(500):  # ended connections: PostgreSQL lets their locks go
            if await _locks_held(store) == 0:
                break
            await asyncio.sleep(0.01)
        assert await _locks_held(store) == 0
    finally:
        await asyncio.wait_for(store.close(), 10)


async def test_a_call_cancelled_while_waiting_for_a_connection_leaks_none(schema: str) -> None:
    store = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=0.01,
                          lock_connection=False)  # (each call holds a connection)
    await store.open()
    try:
        release = asyncio.Event()
        holders = await _holding(store, 3, 2, release)
        waiting = asyncio.create_task(_enter_session(store, "s2"))  # no connection to spare
        for _ in range(50):  # into the pool's queue: both connections are held
            await asyncio.sleep(0)
        assert not waiting.done()
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        release.set()
        await asyncio.gather(*holders)
        await _enter_session(store, "s2")  # the pool still has both connections
        await store.let_go_all()
        assert await _locks_held(store) == 0
    finally:
        await asyncio.wait_for(store.close(), 10)  # a leaked connection would hold this up


async def _enter_session(store: PostgresStore, session_id: str) -> None:
    async with store.session(session_id, None) as state:
        assert state is not None


async def _holding(store: PostgresStore, sessions: int, held: int, release: asyncio.Event
                   ) -> list[asyncio.Task[None]]:
    """Sessions s0.. in ``store``, and tasks holding the first ``held`` of them (each inside
    its block, on a connection of its own) until ``release`` is set."""
    for i in range(sessions):
        await store.create_session(SessionState(session_id=f"s{i}", environment=Environment.LIVE,
                                                user={}, tags={}, started_at="t"))
    inside = [asyncio.Event() for _ in range(held)]

    async def hold(i: int) -> None:
        async with store.session(f"s{i}", None):
            inside[i].set()
            await release.wait()

    holders = [asyncio.create_task(hold(i)) for i in range(held)]
    for event in inside:
        await event.wait()
    return holders


async def test_a_write_cancelled_inside_a_held_session_leaves_nothing_half_done(
        schema: str) -> None:
    """A write on the held connection cancelled in flight (its BEGIN may have run): the
    connection is ended, so what the block does after it fails closed instead of landing in
    a transaction nobody commits; nothing acknowledged is lost and the store goes on."""
    store = PostgresStore(PG_DSN, schema, linger_s=3600)
    await store.open()
    try:
        state = await _new_session(store)
        acknowledged = []
        with contextlib.suppress(StoreError):
            async with store.session("s1", state):
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(0):  # fires while the write is in flight
                        await store.write([("INSERT INTO claims (claim, call_id, created_at) "
                                            "VALUES (?, ?, ?)", ("k0", "c0", 1.0))])
                holder = await store.claim(["once:1"], "c1")
                acknowledged.append(("claim", holder))
                await store.add_call(read_call("c1", 1, Outcome.EXECUTED, "#1"))
                acknowledged.append(("call", "c1"))
        await store.let_go_all()
        claims = await store.fetch("SELECT claim FROM claims WHERE claim = 'once:1'")
        calls = await store.fetch("SELECT call_id FROM calls")
        assert (("claim", None) in acknowledged) == bool(claims)  # acknowledged: committed
        assert (("call", "c1") in acknowledged) == bool(calls)
        async with store.session("s1", None) as again:  # and the store goes on
            assert again is not None
    finally:
        await asyncio.wait_for(store.close(), 10)


async def test_a_held_session_of_one_store_is_not_another_stores(schema: str) -> None:
    """Two stores in one process (two replicas in a test, a CLI): statements of one run on
    its own connections while the task holds a session of the other."""
    a = PostgresStore(PG_DSN, schema)
    b = PostgresStore(PG_DSN, schema)
    await a.open()
    await b.open()
    try:
        await a.create_session(SessionState(session_id="s1", environment=Environment.LIVE,
                                            user={}, tags={}, started_at="t"))
        async with a.session("s1", None), a.lock("ticket:1"):
            # in the same task: on a's held connection b's lock would be a's own, taken again
            with pytest.raises(TimeoutError):
                await _take(b, "ticket:1", within_s=0.3)
    finally:
        await a.close()
        await b.close()


async def _take(store: PostgresStore, key: str, within_s: float) -> None:
    """Take and let go ``store``'s lock on ``key`` in the calling task, or time out."""
    async with asyncio.timeout(within_s), store.lock(key):
        pass


async def test_a_call_cancelled_while_entering_stays_cancelled(schema: str) -> None:
    a, b = PostgresStore(PG_DSN, schema, linger_s=3600), PostgresStore(PG_DSN, schema)
    await a.open()
    await b.open()
    try:
        await a.create_session(SessionState(session_id="s1", environment=Environment.LIVE,
                                            user={}, tags={}, started_at="t"))
        async with a.session("s1", None):
            pass  # a keeps the lock: b's enter waits in PostgreSQL
        with pytest.raises(TimeoutError):  # not a store error: the caller's timeout
            async with asyncio.timeout(0.2):
                await _enter_session(b, "s1")
        await a.let_go_all()
        await asyncio.wait_for(_enter_session(b, "s1"), 10)
    finally:
        await a.close()
        await b.close()


async def _new_session(store: PostgresStore, session_id: str = "s1") -> SessionState:
    state = SessionState(session_id=session_id, environment=Environment.LIVE, user={}, tags={},
                         started_at="t")
    await store.create_session(state)
    return state


async def test_a_closed_pool_fails_every_store_call_as_a_store_error(schema: str) -> None:
    """asyncpg says "the pool is closed" with an error of its own kind (not PostgreSQL's): the
    store still answers with a store error, which callers handle, not with a fault."""
    store = PostgresStore(PG_DSN, schema)
    await store.open()
    session = await _new_session(store)
    await store.pool.close()
    try:
        assert await store.ping() is False  # readiness: not ready (it raised)
        for step in (store.load_session("s1"), store.last_fact("s1", "t", "{}"),
                     store.create_session(session), store.release(["k"], "c1"),
                     store.fetch("SELECT 1"), store.add_message("s1", Message(1, Role.USER,
                                                                             "hi", "t"))):
            with pytest.raises(StoreError):
                await step
    finally:
        await store.close()


@pytest.mark.parametrize("dsn", ["postgresql://postgres@127.0.0.1:5432/postgres?sslmode=bogus",
                                 "postgresql://postgres@127.0.0.1:99999/postgres"])
async def test_a_dsn_asyncpg_cannot_use_is_a_store_error(dsn: str) -> None:
    with pytest.raises(StoreError, match="cannot open PostgreSQL store"):
        await PostgresStore(dsn, "unused").open()


async def _calls_seen(store: PostgresStore, session_id: str = "s1") -> list[str]:
    """The session's calls as another replica reads them, without any lock."""
    rows = await store.fetch("SELECT call_id FROM calls WHERE session_id = ? ORDER BY seq",
                             (session_id,))
    return [r[0] for r in rows]


async def _read_in_block(store: PostgresStore, state: SessionState, seq: int) -> None:
    """A read call ``c<seq>`` on s1 in a block of its own, recorded on the store and the copy
    (its record kept back while the lock is held)."""
    async with store.session("s1", state):
        call = read_call(f"c{seq}", seq, Outcome.EXECUTED, f"#{seq}")
        await store.add_call(call)
        state.add_call(call)


async def test_read_records_are_written_before_the_lock_goes(schema: str) -> None:
    """A read's record is kept back while the session's lock is held, through the session's
    next calls, and written before the lock is let go: another replica that takes the lock
    finds every read, the version counts them, and the audit chains verify."""
    a, b = PostgresStore(PG_DSN, schema, linger_s=3600), PostgresStore(PG_DSN, schema)
    await a.open()
    await b.open()
    try:
        state = await _new_session(a)
        for seq in (1, 2):
            async with a.session("s1", state) as held:
                assert held is state
                call = read_call(f"c{seq}", seq, Outcome.EXECUTED, f"#{seq}")
                await a.add_call(call)
                state.add_call(call)
        assert await _calls_seen(b) == []  # kept: the lock is still a's
        assert state.version == 2
        await a.let_go_all()
        assert await _calls_seen(b) == ["c1", "c2"]
        async with b.session("s1", None) as seen:
            assert seen is not None and seen.version == 2
            assert [c.call_id for c in seen.calls] == ["c1", "c2"]
        checked, problems = await audit_check(b)
        assert checked >= 2 and problems == []
    finally:
        await a.close()
        await b.close()


@contextlib.asynccontextmanager
async def _replica(schema: str) -> AsyncIterator[PostgresStore]:
    """One store on ``schema`` that lets each lock go after its call."""
    a = PostgresStore(PG_DSN, schema, linger_s=0)
    await a.open()
    try:
        yield a
    finally:
        await a.close()


async def test_a_statement_after_kept_reads_writes_them_first(schema: str) -> None:
    """In one block a read, then a message: the message's statement is preceded by the read's
    record, so the store holds both in order and the copy's version stays in step (the next
    call enters without reading the session again)."""
    async with _replica(schema) as a:
        state = await _new_session(a)
        async with a.session("s1", state):
            call = read_call("c1", 1, Outcome.EXECUTED, "#1")
            await a.add_call(call)
            state.add_call(call)
            message = Message(2, Role.USER, "yes", "t")
            await a.add_message("s1", message)
            state.add_message(message)
            assert await _calls_seen(a) == ["c1"]  # the message's statement wrote it
        assert state.version == 2
        async with a.session("s1", state) as again:
            assert again is state  # in step: nothing read whole
        rows = await a.fetch("SELECT version FROM sessions WHERE session_id = ?", ("s1",))
        assert rows[0][0] == 2


async def test_a_read_of_the_store_sees_the_reads_kept_on_a_lingering_lock(schema: str) -> None:
    """A read of the store in this process (the operator's API, a report) writes what the
    lingering locks kept first: it sees every read this process answered."""
    a = PostgresStore(PG_DSN, schema, linger_s=3600)
    await a.open()
    try:
        state = await _new_session(a)
        await _read_in_block(a, state, 1)
        loaded = await a.load_session("s1")
        assert loaded is not None and [c.call_id for c in loaded.calls] == ["c1"]
        assert await _locks_held(a) == 0  # written with the lock's release
    finally:
        await a.close()


@contextlib.asynccontextmanager
async def _two_replicas(schema: str, linger_a: float, linger_b: float,
                        lock_connection: bool = True
                        ) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    a = PostgresStore(PG_DSN, schema, linger_s=linger_a, lock_connection=lock_connection)
    b = PostgresStore(PG_DSN, schema, linger_s=linger_b)
    await a.open()
    await b.open()
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()


async def _cut_lingering(a: PostgresStore, b: PostgresStore) -> None:
    """b ends the backend of the connection holding a's lingering lock on s1 (its own, or the
    lock connection: the lock and what it kept go with it), and waits until asyncpg noticed
    and PostgreSQL let the lock go."""
    lingering = a._lingering.get("s1")
    conn = lingering.conn if lingering is not None else a._locks_on.conn  # type: ignore[union-attr]
    assert conn is not None and (lingering is not None or "s1" in a._parked)
    pid = await conn.fetchval("SELECT pg_backend_pid()")
    await b.fetch("SELECT pg_terminate_backend(?)", (pid,))
    for _ in range(500):
        if not _alive(conn) and await _locks_held(b) == 0:
            return
        await asyncio.sleep(0.01)


async def test_another_replicas_read_of_a_session_waits_for_its_lingering_lock(
        schema: str) -> None:
    """A read answered on one replica, whose lock lingers with the record kept: another
    replica's view of the session (an agent's or operator's GET, served by either worker)
    waits for the lock to go and shows the read. A lock held past the wait (a call still
    running) is not waited for without end: the view comes back with what is written."""
    async with _two_replicas(schema, 0.3, 0.3) as (a, b):
        state = await _new_session(a)
        await _read_in_block(a, state, 1)
        assert await _calls_seen(b) == []  # kept on a's lingering lock
        loaded = await b.load_session("s1")
        assert loaded is not None and [c.call_id for c in loaded.calls] == ["c1"]

        b.settle_wait_s = 0.2  # shorter than a call that holds the lock
        async with a.session("s1", state):
            call = read_call("c2", 2, Outcome.EXECUTED, "#2")
            await a.add_call(call)
            state.add_call(call)
            loaded = await b.load_session("s1")  # the lock is a's while its block runs
            assert loaded is not None and [c.call_id for c in loaded.calls] == ["c1"]


async def test_a_kept_read_refused_later_reads_the_session_whole(schema: str) -> None:
    """A kept read whose record is refused when written (its position taken: a copy out of
    step) is logged with the record, writes nothing, leaves the audit chain as it was, and
    the next call reads the session whole instead of trusting the copy."""
    async with _replica(schema) as a:
        state = await _new_session(a)
        await _read_in_block(a, state, 1)
        async with a.session("s1", state):
            await a.add_call(read_call("c2", 1, Outcome.EXECUTED, "#2"))  # position 1 taken
        assert state.version == -1
        assert await _calls_seen(a) == ["c1"]
        async with a.session("s1", state) as whole:
            assert whole is not None and whole is not state
            assert [c.call_id for c in whole.calls] == ["c1"] and whole.version == 1
        checked, problems = await audit_check(a)
        assert checked == 1 and problems == []


async def _b_says_stop_and_a_sees_it(a: PostgresStore, b: PostgresStore, state: SessionState,
                                     version: int) -> None:
    """Replica b enters s1, finding ``version`` in the store, and adds a message; a's next
    call on its copy must show it (not the copy as it was)."""
    async with b.session("s1", None) as other:
        assert other is not None and other.version == version
        await b.add_message("s1", Message(version + 1, Role.USER, "stop", "t"))
    async with a.session("s1", state) as seen:
        assert seen is not None
        assert [m.content for m in seen.messages] == ["stop"], \
            f"stale copy: version {seen.version}, messages {seen.messages}"


@pytest.mark.parametrize("lock_connection", [True, False])
async def test_a_dead_lingering_lock_with_a_kept_read_never_serves_a_stale_copy(
        schema: str, lock_connection: bool) -> None:
    """a answers a read (kept on its lingering lock); the backend dies (the lock and the
    record go); b takes the session and adds a message. a's next call must see b's message:
    the copy's version counted the lost record, and b's write brings the store to that same
    version."""
    async with _two_replicas(schema, 3600, 0, lock_connection) as (a, b):
        state = await _new_session(a)
        await _read_in_block(a, state, 1)  # kept: version 1 on a's copy, 0 in the store
        assert state.version == 1
        await _cut_lingering(a, b)
        await _b_says_stop_and_a_sees_it(a, b, state, 0)  # the read's record was lost


async def test_a_refused_kept_read_written_by_another_sessions_enter_never_serves_stale(
        schema: str) -> None:
    """s1's kept read is refused in the enter of a call on s2 that then waits for s2's lock
    (held elsewhere). While it waits, s1's lock is free: b adds a message to s1, and a's next
    call on s1 must see it."""
    async with _two_replicas(schema, 3600, 0, lock_connection=False) as (a, b):
        blocker = await asyncpg.connect(PG_DSN)
        waiting = None
        try:
            state = await _new_session(a)
            await _new_session(a, "s2")
            await _read_in_block(a, state, 1)
            await a.let_go_all()  # c1 written; version 1
            async with a.session("s1", state):
                call = read_call("c2", 1, Outcome.EXECUTED, "#2")  # position 1 taken: refused
                await a.add_call(call)
                state.add_call(call)
            assert state.version == 2 and "s1" in a._lingering
            await blocker.execute("SELECT pg_advisory_lock(hashtextextended('s2', 0))")

            async def on_s2() -> None:
                async with a.session("s2", None):
                    pass

            waiting = asyncio.create_task(on_s2())  # takes s1's lingering connection
            for _ in range(500):  # until s1's lock is let go (and the enter waits for s2's)
                if waiting.done() or await _locks_held(b) == 1:
                    break
                await asyncio.sleep(0.01)
            assert not waiting.done()
            await _b_says_stop_and_a_sees_it(a, b, state, 1)
        finally:
            await blocker.close()
            if waiting is not None:
                await asyncio.wait_for(waiting, 10)


async def test_a_write_after_a_refused_kept_read_is_not_written(schema: str) -> None:
    """A write whose block kept a read that the store then refuses fails closed: its own
    record is not written (its effect would rest on a read the store does not hold)."""
    async with _replica(schema) as a:
        state = await _new_session(a)
        async with a.session("s1", state):
            await a.add_call(read_call("c1", 1, Outcome.EXECUTED, "#1"))
        async with a.session("s1", state):
            await a.add_call(read_call("c2", 1, Outcome.EXECUTED, "#2"))  # position taken
            with pytest.raises(StoreError, match="kept records"):
                await a.add_call(write_call("c3", 2))
        assert await _calls_seen(a) == ["c1"]


async def _write_in_block(store: PostgresStore, state: SessionState, seq: int) -> None:
    """A write call ``c<seq>`` on s1 in a block of its own: recorded in flight, then finished
    with the upstream's answer (the finish kept back while the lock is held)."""
    async with store.session("s1", state):
        call = write_call(f"c{seq}", seq)
        await store.add_call(call)
        state.add_call(call)
        call.outcome, call.result = Outcome.EXECUTED, {"status": "cancelled"}
        call.upstream_status, call.finished_at = 200, "t2"
        state.finish_call(call)
        await store.finish_call(call, answered=True)


async def _outcomes(store: PostgresStore) -> list[tuple[str, str, int | None]]:
    rows = await store.fetch("SELECT call_id, outcome, upstream_status FROM calls WHERE "
                             "session_id = ? ORDER BY seq", ("s1",))
    return [(r[0], r[1], r[2]) for r in rows]


async def test_a_writes_finish_is_written_before_the_lock_goes(schema: str) -> None:
    """What the upstream said to a write is kept back while the session's lock is held (the
    call is answered already) and written before the lock goes: another replica then finds
    the write executed with its result, the version counts it, and the next call here enters
    on the copy, in step."""
    async with _two_replicas(schema, 3600, 0) as (a, b):
        state = await _new_session(a)
        await _write_in_block(a, state, 1)
        assert state.version == 2
        assert await _outcomes(b) == [("c1", "forwarding", None)]  # kept: the lock is a's
        await a.let_go_all()
        assert await _outcomes(b) == [("c1", "executed", 200)]
        async with b.session("s1", None) as seen:
            assert seen is not None and seen.version == 2
            assert seen.calls[0].result == {"status": "cancelled"}
            assert seen.calls[0].finished_at == "t2"
        async with a.session("s1", state) as again:
            assert again is state  # in step: nothing read whole
        checked, problems = await audit_check(b)
        assert checked == 1 and problems == []


async def test_a_statement_after_a_kept_finish_writes_it_first(schema: str) -> None:
    """A write's finish, then a message in the same block: the store holds the finish before
    the message (the message's statement writes it first), versions in step."""
    async with _replica(schema) as a:
        state = await _new_session(a)
        await _write_in_block(a, state, 1)
        async with a.session("s1", state):
            await a.add_message("s1", Message(2, Role.USER, "thanks", "t"))
            state.add_message(Message(2, Role.USER, "thanks", "t"))
        assert await _outcomes(a) == [("c1", "executed", 200)]
        assert state.version == 3
        rows = await a.fetch("SELECT version FROM sessions WHERE session_id = ?", ("s1",))
        assert rows[0][0] == 3


@pytest.mark.parametrize("lock_connection", [True, False])
async def test_a_lost_finish_leaves_the_write_in_flight(schema: str, lock_connection: bool) -> None:
    """The connection holding a write's kept finish dies before it is written: the store keeps
    the write in flight (``forwarding``: its outcome unknown, so an identical retry is held,
    never sent again), and the copy here, which counted the finish, is read whole again."""
    async with _two_replicas(schema, 3600, 0, lock_connection) as (a, b):
        state = await _new_session(a)
        await _write_in_block(a, state, 1)
        await _cut_lingering(a, b)
        async with a.session("s1", state) as seen:
            assert seen is not None and seen is not state
            assert seen.calls[0].outcome is Outcome.FORWARDING and seen.version == 1
        assert await _outcomes(b) == [("c1", "forwarding", None)]


async def test_a_finish_not_yet_answered_is_written_at_once(schema: str) -> None:
    """A reported outcome (its acknowledgment says it is recorded) is not kept back: another
    replica's query sees it while the lock is still held here."""
    async with _two_replicas(schema, 3600, 0) as (a, b):
        state = await _new_session(a)
        async with a.session("s1", state):
            call = write_call("c1", 1)
            await a.add_call(call)
            state.add_call(call)
            call.outcome, call.upstream_status, call.finished_at = Outcome.EXECUTED, 200, "t2"
            state.finish_call(call)
            await a.finish_call(call)
            assert await _outcomes(b) == [("c1", "executed", 200)]
        assert state.version == 2


async def test_calls_handing_connections_on_do_not_starve_a_statement_outside(
        schema: str) -> None:
    """More sessions than connections, calls coming without a break: each ending call could
    hand its connection straight to the next waiting one, and a statement outside any session
    (the gate's, a report's) waiting for the pool would never get one. It gets the next one
    given back."""
    store = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=3600,
                          lock_connection=False)  # (hand-overs: calls hold connections)
    await store.open()
    try:
        states = [await _new_session(store, f"s{i}") for i in range(4)]
        stop = asyncio.Event()
        entered = [0] * len(states)

        async def calls(i: int) -> None:
            while not stop.is_set():
                async with store.session(states[i].session_id, states[i]) as held:
                    assert held is states[i]
                    entered[i] += 1
                    await asyncio.sleep(0)

        loops = [asyncio.create_task(calls(i)) for i in range(len(states))]
        try:
            # until the calls hand connections on
            await _until(lambda: all(n >= 3 for n in entered) and bool(store._waiting))
            assert all(n >= 3 for n in entered), entered
            # starved, this would wait until the calls stop: they stop only after it
            rows = await asyncio.wait_for(store.fetch("SELECT 1"), 20)
            assert rows == [(1,)]
        finally:
            stop.set()
            await asyncio.gather(*loops)
        await store.let_go_all()
        assert await _locks_held(store) == 0
    finally:
        await store.close()


async def test_a_waiting_call_cancelled_after_a_hand_over_lets_the_lock_go(schema: str) -> None:
    """A call waiting for a connection is handed one (the lock of the call that ended, and its
    kept read, still on it) and cancelled before it runs: the lock is let go in the
    background, the read written, and no connection is lost to the pool."""
    store = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=3600,
                          lock_connection=False)
    await store.open()
    try:
        states = [await _new_session(store, f"s{i}") for i in range(3)]
        inside = [asyncio.Event() for _ in states]
        leave = asyncio.Event()

        async def hold(i: int) -> None:
            async with store.session(states[i].session_id, states[i]):
                inside[i].set()
                await leave.wait()

        waiting: asyncio.Task[None] | None = None

        async def first() -> None:
            async with store.session("s0", states[0]):
                record = read_call("r1", 1, Outcome.EXECUTED, "#1")
                record.session_id = "s0"
                await store.add_call(record)
                states[0].add_call(record)
                inside[0].set()
                await leave.wait()
            # the block ended: its connection was handed to ``waiting``, which has not run yet
            assert waiting is not None and not waiting.done() and not store._lingering
            waiting.cancel()

        ending = asyncio.create_task(first())
        second = asyncio.create_task(hold(1))
        await asyncio.wait_for(asyncio.gather(inside[0].wait(), inside[1].wait()), 10)
        waiting = asyncio.create_task(hold(2))
        await _until(lambda: bool(store._waiting))
        assert store._waiting
        leave.set()
        await ending
        with pytest.raises(asyncio.CancelledError):
            await waiting
        await second
        await store.let_go_all()
        assert await _locks_held(store) == 0
        whole = await store.load_session("s0")
        assert whole is not None and [c.call_id for c in whole.calls] == ["r1"]
        assert store.pool.get_size() <= 2
        async with store.session("s2", None) as state:  # and the pool still serves
            assert state is not None and not inside[2].is_set()
    finally:
        await asyncio.wait_for(store.close(), 30)  # (a connection lost would hang it)


async def test_a_next_call_waits_for_its_handed_over_records_refused_before_using_its_copy(
        schema: str) -> None:
    """A call's kept read rides on its connection, handed over to a call on another session,
    and is refused there (its position was taken: a copy out of step). The session's next call
    starts at once; had it used its copy's version (which counted the read) before the refusal
    marked it, another replica changing the session once would make that copy look current,
    its change missing. The next call waits for the records' fate and reads the session whole."""
    a = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=3600,
                      lock_connection=False)
    b = PostgresStore(PG_DSN, schema, linger_s=0)
    await a.open()
    await b.open()
    inside = {sid: asyncio.Event() for sid in ("s1", "s2", "s3")}
    leave = {sid: asyncio.Event() for sid in ("s1", "s2", "s3")}
    try:
        state = await _new_session(a)
        for sid in ("s2", "s3"):
            await _new_session(a, sid)
        first = read_call("c1", 1, Outcome.EXECUTED, "#1")
        async with a.session("s1", state):
            await a.add_call(first)
            state.add_call(first)
        await a.let_go_all()
        seen: dict[str, object] = {}

        async def hold(sid: str) -> None:
            async with a.session(sid, None):
                inside[sid].set()
                await leave[sid].wait()

        async def on_s1() -> None:
            async with a.session("s1", state):
                taken = read_call("c2", 1, Outcome.EXECUTED, "#1")  # position 1 is taken
                await a.add_call(taken)
                state.add_call(taken)
                inside["s1"].set()
                await leave["s1"].wait()
            # handed over: the next call (the session cache lets it in now) waits for them
            async with a.session("s1", state) as now:
                assert now is not None
                seen["messages"] = [m.content for m in now.messages]

        holding = asyncio.create_task(hold("s2"))
        calls = asyncio.create_task(on_s1())
        await asyncio.wait_for(asyncio.gather(inside["s1"].wait(), inside["s2"].wait()), 10)
        other = asyncio.create_task(hold("s3"))
        await _until(lambda: bool(a._waiting))  # until s3's call waits for a connection
        assert a._waiting
        leave["s1"].set()
        await asyncio.wait_for(inside["s3"].wait(), 10)  # on s1's connection: refused there
        # until s1's next call waits (for a connection, or the records)
        await _until(lambda: bool(a._waiting) or "messages" in seen)
        await asyncio.wait_for(_say_stop(b), 10)  # another replica changes s1 once
        leave["s2"].set()
        await asyncio.wait_for(calls, 10)
        assert seen["messages"] == ["stop"]  # the other replica's change is in the copy
        leave["s3"].set()
        await asyncio.gather(holding, other)
        await a.let_go_all()
        assert await _locks_held(a) == 0 and not a._in_transit
    finally:
        for event in leave.values():  # (a failure above leaves the calls holding)
            event.set()
        await asyncio.wait_for(a.close(), 30)
        await b.close()


async def _say_stop(store: PostgresStore) -> None:
    async with store.session("s1", None) as there:
        assert there is not None
        await store.add_message("s1", Message(there.version + 1, Role.USER, "stop", "t"))


async def test_close_lets_the_calls_waiting_for_a_connection_finish(schema: str) -> None:
    """Two calls hold the pool's two connections and two more wait for one when the store
    begins to close: all four finish (asyncpg refuses an acquire begun once its pool closes,
    so the waiting calls get the connections the running ones give back), then it closes."""
    store = PostgresStore(PG_DSN, schema, max_connections=2, linger_s=3600,
                          lock_connection=False)
    await store.open()
    sids = ("s1", "s2", "s3", "s4")
    inside = {sid: asyncio.Event() for sid in sids}
    leave = asyncio.Event()
    try:
        for sid in sids:
            await _new_session(store, sid)

        async def hold(sid: str) -> str:
            async with store.session(sid, None):
                inside[sid].set()
                await leave.wait()
            return "done"

        first = [asyncio.create_task(hold(sid)) for sid in sids[:2]]
        await asyncio.wait_for(asyncio.gather(*(inside[s].wait() for s in sids[:2])), 10)
        waiting = [asyncio.create_task(hold(sid)) for sid in sids[2:]]
        await _until(lambda: len(store._waiting) == 2)
        assert len(store._waiting) == 2
        closing = asyncio.create_task(store.close())
        await asyncio.sleep(0)  # (it has begun)
        leave.set()
        done = await asyncio.wait_for(asyncio.gather(*first, *waiting, return_exceptions=True),
                                      20)
        assert done == ["done"] * 4, done
        await asyncio.wait_for(closing, 20)
    finally:
        leave.set()
        await asyncio.wait_for(store.close(), 30)


async def _until(check: Callable[[], bool]) -> None:
    """Until ``check()`` holds, a second at most (the caller asserts what it needs)."""
    for _ in range(1000):
        if check():
            return
        await asyncio.sleep(0.001)


async def test_a_stores_backends_are_named_after_its_schema_unless_the_dsn_names_them(
        schema: str) -> None:
    """pg_stat_activity tells which deployment a backend serves: ``callgate:<schema>``, on the
    pool's connections and the lock connection alike; a DSN naming the application keeps its
    own name."""
    store = PostgresStore(PG_DSN, schema)
    store.alone_on_own = False  # a call enters through the lock connection, alone too
    named = PostgresStore(f"{PG_DSN}?application_name=billing-agent", schema)
    await store.open()
    await named.open()
    try:
        state = await _new_session(store)
        async with store.session("s1", state):  # through the lock connection too
            rows = await store.fetch("SELECT application_name FROM pg_stat_activity "
                                     "WHERE application_name LIKE ?", (f"%{schema}",))
            assert {r[0] for r in rows} == {f"callgate:{schema}"} and len(rows) >= 2
        rows = await named.fetch("SELECT application_name FROM pg_stat_activity "
                                 "WHERE pid = pg_backend_pid()", ())
        assert rows[0][0] == "billing-agent"
    finally:
        await store.close()
        await named.close()
