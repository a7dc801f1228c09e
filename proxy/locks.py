"""One lock per key, kept only while someone holds or waits for it (sessions, login names and
addresses): memory follows what is in use, not everything ever seen.

A key that nobody holds is taken without awaiting anything (the usual case: it is on every
call's path, and an ``asyncio.Lock`` runs a coroutine to be acquired and is built anew for each
key); the others wait in the order they came, and the holder hands the key to the first still
waiting as it lets go.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque


class KeyedLocks:
    def __init__(self) -> None:
        # a key held: those waiting for it (in order); a key not held is not here
        self._locks: dict[str, deque[asyncio.Future[None]]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    def __contains__(self, key: object) -> bool:
        """Whether someone holds or waits for ``key``'s lock now."""
        return key in self._locks

    def hold(self, key: str) -> Held:
        """``async with locks.hold(key):`` (a class, not a generator: it is on every call's
        path, and a generator-based context manager costs several times as much)."""
        return Held(self, key)

    async def take(self, key: str) -> None:
        """Hold ``key``: at once where nobody does, else in turn."""
        waiting = self._locks.get(key)
        if waiting is None:
            self._locks[key] = deque()
            return
        turn = asyncio.get_running_loop().create_future()
        waiting.append(turn)
        try:
            await turn
        except BaseException:  # cancelled while waiting: no longer waiting
            if turn.done() and not turn.cancelled():
                self.give(key)  # handed the key, then cancelled before holding it: passed on
            else:
                with contextlib.suppress(ValueError):
                    waiting.remove(turn)
            raise

    def give(self, key: str) -> None:
        """The holder lets ``key`` go: to the first still waiting, else nobody holds it."""
        waiting = self._locks[key]
        while waiting:
            turn = waiting.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        del self._locks[key]


class Held:
    __slots__ = ("_key", "_owner")

    def __init__(self, owner: KeyedLocks, key: str) -> None:
        self._owner, self._key = owner, key

    async def __aenter__(self) -> None:
        await self._owner.take(self._key)

    async def __aexit__(self, *exc: object) -> None:
        self._owner.give(self._key)
