"""The session cache's ownership check: the same answer from a cached copy and from the store's
one row, without reading the session."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from proxy.errors import UnknownSession
from proxy.session import Environment, Message, Role, SessionState
from proxy.store import Store
from proxy.store.cache import SessionCache
from proxy.store.postgres import PostgresStore
from proxy.store.sqlite import SqliteStore

from ..conftest import PG_DSN, needs_postgres


@pytest.mark.parametrize("cached", [True, False])
async def test_check_says_what_owned_says(tmp_path: Path, cached: bool) -> None:
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    cache = SessionCache(store)
    keyed = SessionState("s_key", Environment.LIVE, {}, {}, "t0", agent_key="k1")
    free = SessionState("s_free", Environment.LIVE, {}, {}, "t0")
    for state in (keyed, free):
        await store.create_session(state)
        if cached:
            cache.put(state)
    await cache.check("s_key", "k1")
    await cache.check("s_free", None)
    await cache.check("s_free", "k2")  # a session started without a key is anyone's
    for session_id, key in (("s_key", "k2"), ("s_key", None), ("s_nope", None)):
        with pytest.raises(UnknownSession):
            await cache.check(session_id, key)
    assert ("s_key" in cache._states) is cached  # the check reads no session into the cache
    await store.close()


async def _session_with_messages(store: Store, session_id: str, n: int) -> None:
    state = SessionState(session_id, Environment.LIVE, {}, {}, "t0")
    await store.create_session(state)
    for seq in range(1, n + 1):
        await store.add_message(session_id, Message(seq, Role.USER, f"message {seq} " * 20, "t"))


async def _on(store: Store, check: Callable[[Store], Awaitable[None]]) -> None:
    await store.open()
    try:
        await check(store)
    finally:
        await store.close()


async def test_memory_budget_drops_the_least_recently_used_sessions_not_in_use(
    tmp_path: Path,
) -> None:
    await _on(SqliteStore(tmp_path / "s.db"), _budget)


@needs_postgres
async def test_memory_budget_with_replicas(schema: str) -> None:
    await _on(PostgresStore(PG_DSN, schema), _budget)


async def _budget(store: Store) -> None:
    for name in ("a", "b", "c"):
        await _session_with_messages(store, name, 10)
    one = (await store.load_session("a"))
    assert one is not None and one.weight > 0
    # room for two sessions, not three
    cache = SessionCache(store, max_bytes=2 * one.weight + one.weight // 2)
    for name in ("a", "b"):
        async with cache.locked(name):
            pass
    assert list(cache._states) == ["a", "b"] and cache.bytes == 2 * one.weight
    async with cache.locked("a"):  # a is now the most recently used
        pass
    with capture_logs() as logs:
        await _grow_past_the_budget(cache, one.weight)
    # c's call ended: over the budget by itself, it goes, and that is logged once; a stays
    assert [e["event"] for e in logs] == ["session_over_cache_budget"]
    assert logs[0]["session_id"] == "c" and logs[0]["budget_bytes"] == cache.max_bytes
    assert list(cache._states) == ["a"] and cache.bytes == one.weight and cache.evictions == 2
    with capture_logs() as logs:
        async with cache.locked("c") as again:  # read back whole, and dropped again after
            assert again.messages[-1].content == "x" * (2 * one.weight)
            assert list(cache._states) == ["a", "c"] and cache.bytes == one.weight
    assert list(cache._states) == ["a"] and cache.evictions == 3 and logs == []
    # a dropped session reads back whole from the store
    async with cache.locked("b") as b:
        assert [m.content for m in b.messages] == [m.content for m in one.messages]
        assert b.weight == one.weight
    assert list(cache._states) == ["a", "b"]
    assert cache.bytes == sum(s.weight for s in cache._states.values()) == 2 * one.weight
    cache.drop("b")
    cache.drop("a")
    assert cache.bytes == 0 and len(cache) == 0


async def _grow_past_the_budget(cache: SessionCache, weight: int) -> None:
    async with cache.locked("c") as c:
        assert list(cache._states) == ["a", "c"]  # b, the least recently used, went
        # a call grows c past the budget while it is in use: nothing in use is dropped
        big = Message(11, Role.USER, "x" * (2 * weight), "t")
        await cache.store.add_message("c", big)
        c.add_message(big)
        async with cache.locked("a"):
            cache.put(c)  # in use and over the budget by itself: not counted against a
            assert list(cache._states) == ["a", "c"] and cache.bytes == weight
        assert list(cache._states) == ["c", "a"] and cache.evictions == 1  # a's call ended


class _Refused(Exception):
    pass


async def _refused_call_is_counted(store: Store) -> None:
    await _session_with_messages(store, "r", 2)
    cache = SessionCache(store)
    held: list[SessionState] = []

    async def refused_call() -> None:
        async with cache.locked("r") as state:
            held.append(state)
            note = Message(3, Role.USER, "y" * 5000, "t")  # recorded, then the call is refused
            await store.add_message("r", note)
            state.add_message(note)
            raise _Refused

    with pytest.raises(_Refused):
        await refused_call()
    assert cache.bytes == held[0].weight > 5000


async def test_a_refused_call_is_counted_too(tmp_path: Path) -> None:
    await _on(SqliteStore(tmp_path / "s.db"), _refused_call_is_counted)


@needs_postgres
async def test_a_refused_call_is_counted_too_with_replicas(schema: str) -> None:
    await _on(PostgresStore(PG_DSN, schema), _refused_call_is_counted)
