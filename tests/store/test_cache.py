"""The session cache's ownership check: the same answer from a cached copy and from the store's
one row, without reading the session."""

from __future__ import annotations

from pathlib import Path

import pytest

from proxy.errors import UnknownSession
from proxy.session import Environment, SessionState
from proxy.store.cache import SessionCache
from proxy.store.sqlite import SqliteStore


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
