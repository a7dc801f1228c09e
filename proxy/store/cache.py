"""Live sessions: a bounded in-memory view over the store, with one lock per session.

Calls in one session are decided and executed one at a time (a conversation is sequential, and
"at most once per order" must not race with itself). The view is read through from the store when
a session is not in memory, e.g. after a restart.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import structlog

from ..errors import UnknownSession
from ..locks import KeyedLocks
from ..session import SessionState
from . import Store

log = structlog.get_logger("callgate.cache")


def owned(state: SessionState, agent_key: str | None) -> SessionState:
    """The session, if the caller may use it: a session started with an agent key belongs to
    that key alone (others are told it does not exist, not that it is someone else's)."""
    if state.agent_key is not None and state.agent_key != agent_key:
        raise UnknownSession(f"no session {state.session_id!r}")
    return state


class SessionCache:
    """Sessions in memory, least recently used first, within two bounds: ``max_sessions``, and
    ``max_bytes`` of their estimated memory (``SessionState.weight``). Past either, the least
    recently used sessions not in use are dropped; the store keeps them, and the next call to
    one reads it back. A session in use is never dropped, even one larger than the budget (it
    is dropped when its call ends, and so read back on every call: slower, but bounded)."""

    def __init__(self, store: Store, max_sessions: int = 10_000,
                 max_bytes: int = 512 * 1024 * 1024) -> None:
        self.store = store
        self.max_sessions, self.max_bytes = max_sessions, max_bytes
        self._states: OrderedDict[str, SessionState] = OrderedDict()
        self._counted: dict[str, int] = {}  # each held session's weight when last counted
        self.bytes = 0  # the estimated memory of the sessions held: the sum of _counted
        self.evictions = 0
        self._over: OrderedDict[str, None] = OrderedDict()  # sessions already logged as too big
        self._locks = KeyedLocks()

    def __len__(self) -> int:
        return len(self._states)

    def put(self, state: SessionState) -> None:
        """Hold ``state`` as the most recently used session, count its weight again, and drop
        the least recently used sessions not in use while a bound is passed. A session larger
        than the budget by itself is held only while in use, and not counted: it does not push
        the others out."""
        sid = state.session_id
        oversized = state.weight > self.max_bytes
        counted = 0 if oversized else state.weight
        self.bytes += counted - self._counted.get(sid, 0)
        self._counted[sid] = counted
        self._states[sid] = state
        self._states.move_to_end(sid)
        if oversized and sid not in self._locks:
            if sid not in self._over:  # read back on every call from now on: said once
                self._over[sid] = None
                if len(self._over) > 1024:
                    self._over.popitem(last=False)
                log.warning("session_over_cache_budget", session_id=sid,
                            estimated_bytes=state.weight, budget_bytes=self.max_bytes)
            self._forget(sid)
            self.evictions += 1
        while len(self._states) > self.max_sessions or self.bytes > self.max_bytes:
            victim = next((k for k in self._states if k not in self._locks), None)
            if victim is None:  # every session held is in use
                break
            self._forget(victim)
            self.evictions += 1

    def _forget(self, session_id: str) -> None:
        if self._states.pop(session_id, None) is not None:
            self.bytes -= self._counted.pop(session_id)

    def drop(self, session_id: str) -> None:
        """Forget an ended session's in-memory view (the store keeps it; a read reloads it)."""
        if session_id not in self._locks:
            self._forget(session_id)

    async def check(self, session_id: str, agent_key: str | None) -> None:
        """Raise ``UnknownSession`` unless the session exists and ``agent_key`` may use it, as
        ``owned`` does, without reading the session: the owner never changes, so a cached copy
        answers (on any backend), else one row of the store does. For the checks that precede
        a call or a ticket poll, which on PostgreSQL would otherwise read the session whole."""
        state = self._states.get(session_id)
        if state is not None:
            owned(state, agent_key)
            return
        row = await self.store.fetchone("SELECT agent_key FROM sessions WHERE session_id = ?",
                                        (session_id,))
        if row is None or (row[0] is not None and row[0] != agent_key):
            raise UnknownSession(f"no session {session_id!r}")

    async def get(self, session_id: str) -> SessionState:
        if getattr(self.store, "shared", False):
            # Other replicas write too, and no lock is held: read the store's copy whole, and
            # leave the cached copy (and the version it holds) to the calls.
            fresh = await self.store.load_session(session_id)
            if fresh is None:
                raise UnknownSession(f"no session {session_id!r}")
            return fresh
        state = self._states.get(session_id)
        if state is None:
            state = await self.store.load_session(session_id)
            if state is None:
                raise UnknownSession(f"no session {session_id!r}")
            self.put(state)
        else:
            self._states.move_to_end(session_id)
        return state

    def locked(self, session_id: str, agent_key: str | None = None
               ) -> AbstractAsyncContextManager[SessionState]:
        """Hold the session's lock and yield its state; raises ``UnknownSession`` (also for a
        session another agent key started: one key never sees another's sessions)."""
        shared = getattr(self.store, "session", None)
        if shared is None:
            return _Locked(self, session_id, agent_key)
        return self._locked_shared(session_id, agent_key, shared)

    @asynccontextmanager
    async def _locked_shared(self, session_id: str, agent_key: str | None, shared: Any
                             ) -> AsyncIterator[SessionState]:
        # Several replicas: after this process's lock, hold the session in the database too,
        # and bring this copy up to date with what the others changed since (only that is read;
        # the cached copy is looked up once the lock is held).
        try:
            async with self._locks.hold(session_id), \
                    shared(session_id, self._states.get(session_id)) as state:
                if state is None:
                    self._forget(session_id)
                    raise UnknownSession(f"no session {session_id!r}")
                self.put(state)
                yield owned(state, agent_key)
        finally:
            self._settle(session_id)

    def _settle(self, session_id: str) -> None:
        """After a call, its lock released: count what the call added (a refused one too);
        now the session may be dropped."""
        state = self._states.get(session_id)
        if state is not None:
            self.put(state)


class _Locked:
    """``SessionCache.locked`` for a store this process alone writes (SQLite): the session's
    lock, then its state (a class: this is on every call's path)."""

    __slots__ = ("_agent_key", "_cache", "_session_id")

    def __init__(self, cache: SessionCache, session_id: str, agent_key: str | None) -> None:
        self._cache, self._session_id, self._agent_key = cache, session_id, agent_key

    async def __aenter__(self) -> SessionState:
        locks = self._cache._locks
        await locks.take(self._session_id)
        try:
            return owned(await self._cache.get(self._session_id), self._agent_key)
        except BaseException:
            locks.give(self._session_id)
            raise

    async def __aexit__(self, *exc: object) -> None:
        self._cache._locks.give(self._session_id)
        self._cache._settle(self._session_id)
