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
from collections.abc import Callable

# Those waiting for something one holder at a time hands on (a key, a slot): futures in a
# deque, in the order they came. A turn handed to a waiter cancelled before it ran is passed on.
Turns = deque[asyncio.Future[None]]


async def wait_turn(turns: Turns, pass_on: Callable[[], None]) -> None:
    """Wait in ``turns`` until handed a turn. Cancelled once handed it, before running:
    ``pass_on()`` (the caller's own hand-back, which hands the turn on or frees it)."""
    turn = asyncio.get_running_loop().create_future()
    turns.append(turn)
    try:
        await turn
    except BaseException:  # cancelled while waiting: no longer waiting
        if turn.done() and not turn.cancelled():
            pass_on()
        else:
            with contextlib.suppress(ValueError):
                turns.remove(turn)
        raise


def hand_turn(turns: Turns) -> bool:
    """The turn to the first in ``turns`` still waiting; False where nobody is."""
    while turns:
        turn = turns.popleft()
        if not turn.done():
            turn.set_result(None)
            return True
    return False


class KeyedLocks:
    def __init__(self) -> None:
        # a key held: those waiting for it; a key not held is not here
        self._locks: dict[str, Turns] = {}

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
        turns = self._locks.get(key)
        if turns is None:
            self._locks[key] = deque()
            return
        await wait_turn(turns, lambda: self.give(key))

    def give(self, key: str) -> None:
        """The holder lets ``key`` go: to the first still waiting, else nobody holds it."""
        turns = self._locks[key]
        if not (turns and hand_turn(turns)):  # (the usual case, nobody waiting, without a call)
            del self._locks[key]


class Held:
    __slots__ = ("_key", "_owner")

    def __init__(self, owner: KeyedLocks, key: str) -> None:
        self._owner, self._key = owner, key

    async def __aenter__(self) -> None:
        await self._owner.take(self._key)

    async def __aexit__(self, *exc: object) -> None:
        self._owner.give(self._key)
