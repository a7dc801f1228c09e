"""One test suite, every store: SQLite (embedded) and PostgreSQL (127.0.0.1:5432, trust auth).

The PostgreSQL tests need the server; in CI it runs on the machine, so they run there too.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from proxy.errors import StoreError
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState
from proxy.store.postgres import PostgresStore
from proxy.store.sqlite import SqliteStore

from ..conftest import PG_DSN as DSN
from ..conftest import needs_postgres


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=needs_postgres)])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    if request.param == "sqlite":
        s: Any = SqliteStore(tmp_path / "s.db")
        await s.open()
        yield s
        await s.close()
        return
    schema = "test_" + secrets.token_hex(6)
    s = PostgresStore(DSN, schema)
    await s.open()
    try:
        yield s
    finally:
        async with s.pool.acquire() as conn:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await s.close()


def call(sid: str, seq: int, tool: str, kind: str, outcome: Outcome, result: object = None,
         verdict: str = "allow") -> CallRecord:
    return CallRecord(
        call_id=f"c{seq}-{sid}", session_id=sid, seq=seq, tool=tool, kind=kind,
        arguments={"order_id": "#W1"}, decision_id=f"d{seq}", verdict=verdict, rules=[],
        policy_version="v", outcome=outcome, started_at="t", result=result,
    )


async def test_round_trip(store: Any) -> None:
    state = SessionState("s1", Environment.SANDBOX, {"id": "u"}, {"trial": 1}, "t0")
    await store.create_session(state)
    await store.add_message("s1", Message(1, Role.USER, "cancel my order", "t1"))
    read = call("s1", 2, "get_order_details", "read", Outcome.FORWARDING)
    await store.add_call(read)
    read.outcome, read.result = Outcome.EXECUTED, {"status": "pending"}
    await store.finish_call(read)
    await store.add_call(call("s1", 3, "cancel_pending_order", "write", Outcome.BLOCKED,
                              verdict="block"))
    await store.end_session("s1", "t9", {"success": True})
    loaded = await store.load_session("s1")
    assert loaded is not None
    assert loaded.environment is Environment.SANDBOX and loaded.tags == {"trial": 1}
    assert [m.content for m in loaded.messages] == ["cancel my order"]
    assert [(c.tool, c.outcome) for c in loaded.calls] == [
        ("get_order_details", Outcome.EXECUTED), ("cancel_pending_order", Outcome.BLOCKED)]
    assert loaded.fact("get_order_details", {"order_id": "#W1"}) == {"status": "pending"}
    assert loaded.seq == 3 and loaded.ended and loaded.outcome == {"success": True}
    key = '{"order_id":"#W1"}'
    assert await store.last_fact("s1", "get_order_details", key) == {"status": "pending"}
    assert await store.load_session("nope") is None
    assert await store.ping()


async def test_a_position_taken_twice_is_refused_whole(store: Any) -> None:
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.add_message("s1", Message(1, Role.USER, "a", "t"))
    with pytest.raises(StoreError):
        await store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {}))
    loaded = await store.load_session("s1")
    assert loaded is not None and loaded.calls == [] and loaded.seq == 1


async def test_racing_writers_cannot_share_a_position(store: Any) -> None:
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    results = await asyncio.gather(
        store.add_message("s1", Message(1, Role.USER, "a", "t")),
        store.add_call(call("s1", 1, "get_order_details", "read", Outcome.EXECUTED, {})),
        return_exceptions=True)
    assert sum(isinstance(r, StoreError) for r in results) == 1
    loaded = await store.load_session("s1")
    assert loaded is not None and len(loaded.messages) + len(loaded.calls) == 1


async def test_unknown_session_reference_is_refused(store: Any) -> None:
    with pytest.raises(StoreError):
        await store.add_message("ghost", Message(1, Role.USER, "a", "t"))


async def test_decisions_are_chained_in_the_audit_log(store: Any) -> None:
    from proxy.store.audit import GENESIS, entry_hash

    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    for seq in (1, 2, 3):
        await store.add_call(call("s1", seq, "get_order_details", "read", Outcome.EXECUTED, {}))
    await store.add_call(call("s1", 4, "think", "unknown", Outcome.INVALID, verdict="none"))
    query = ("SELECT seq, ts, actor, action, subject, body, prev_hash, hash FROM audit "
             "ORDER BY id")
    if isinstance(store, SqliteStore):
        rows = await store.fetch(query)  # (the store's reads see its records)
    else:
        async with store.pool.acquire() as conn:
            rows = [tuple(r) for r in await conn.fetch(query)]
    assert [r[3] for r in rows] == ["decision"] * 3  # an invalid call was never decided
    prev = GENESIS
    for seq, ts, actor, action, subject, body, prev_hash, digest in rows:
        assert prev_hash == prev
        assert entry_hash(prev_hash, seq, ts, actor, action, subject, bytes(body)) == digest
        prev = digest


async def test_claims_are_all_or_nothing_and_exclusive(store: Any) -> None:
    assert await store.claim(["a", "b"], "c1") is None
    assert await store.claim(["a", "b"], "c1") is None  # the holder may claim again
    assert await store.claim(["b", "c"], "c2") == "c1"
    assert await store.claim(["c"], "c3") is None  # "c" was not taken by c2's failed claim
    await store.release(["a", "b"], "c2")  # not its claims: nothing happens
    assert await store.claim(["a"], "c2") == "c1"
    await store.release(["a", "b"], "c1")
    assert await store.claim(["a", "b"], "c2") is None


async def test_concurrent_claims_one_winner(store: Any) -> None:
    results = await asyncio.gather(*(store.claim(["order:#W1"], f"c{i}") for i in range(20)))
    winners = [r for r in results if r is None]
    assert len(winners) == 1
    assert len({r for r in results if r is not None}) == 1
