"""One asyncio lock per key, kept only while someone holds or waits for it (sessions, login
names and addresses): memory follows what is in use, not everything ever seen."""

from __future__ import annotations

import asyncio


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    def __contains__(self, key: object) -> bool:
        """Whether someone holds or waits for ``key``'s lock now."""
        return key in self._locks

    def hold(self, key: str) -> Held:
        """``async with locks.hold(key):`` (a class, not a generator: it is on every call's
        path, and a generator-based context manager costs several times as much)."""
        return Held(self, key)

    def _enter(self, key: str) -> asyncio.Lock:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        return lock

    def _leave(self, key: str) -> None:
        lock, users = self._locks[key]
        if users <= 1:
            del self._locks[key]
        else:
            self._locks[key] = (lock, users - 1)


class Held:
    __slots__ = ("_key", "_lock", "_owner")

    def __init__(self, owner: KeyedLocks, key: str) -> None:
        self._owner, self._key = owner, key
        self._lock: asyncio.Lock | None = None

    async def __aenter__(self) -> None:
        lock = self._owner._enter(self._key)
        try:
            await lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user of the lock
            self._owner._leave(self._key)
            raise
        self._lock = lock

    async def __aexit__(self, *exc: object) -> None:
        assert self._lock is not None
        self._lock.release()
        self._owner._leave(self._key)
