"""Per-key locks: one holder per key at a time, memory only for keys in use, and a waiter that
is cancelled leaves nothing behind."""

from __future__ import annotations

import asyncio
import random

import pytest

from proxy.locks import KeyedLocks

from .conftest import cancel_at_random, settle


async def test_one_holder_per_key_and_nothing_kept_after() -> None:
    locks = KeyedLocks()
    inside: list[str] = []
    most = 0

    async def work(key: str) -> None:
        nonlocal most
        async with locks.hold(key):
            inside.append(key)
            most = max(most, inside.count(key))
            await asyncio.sleep(0)  # let the others try
            inside.remove(key)

    await asyncio.gather(*(work(k) for k in ["a", "b"] * 20))
    assert most == 1
    assert len(locks) == 0


async def test_a_cancelled_waiter_leaves_no_trace() -> None:
    locks = KeyedLocks()
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold("k"):
            held.set()
            await release.wait()

    first = asyncio.create_task(holder())
    await held.wait()

    async def waiter() -> None:
        async with locks.hold("k"):
            raise AssertionError("never reached: cancelled while waiting")

    second = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    assert "k" in locks
    second.cancel()
    with pytest.raises(asyncio.CancelledError):
        await second
    release.set()
    await first
    assert "k" not in locks and len(locks) == 0
    async with locks.hold("k"):  # free again
        assert "k" in locks


async def test_an_error_inside_releases_the_key() -> None:
    locks = KeyedLocks()
    with pytest.raises(RuntimeError):
        async with locks.hold("k"):
            raise RuntimeError("boom")
    assert len(locks) == 0
    async with locks.hold("k"):
        pass


async def test_waiters_hold_in_the_order_they_came_and_a_key_handed_to_a_cancelled_one_goes_on(
        ) -> None:
    locks = KeyedLocks()
    order: list[str] = []
    await locks.take("k")  # held here

    async def wait(name: str) -> None:
        async with locks.hold("k"):
            order.append(name)

    tasks = {n: asyncio.create_task(wait(n)) for n in ("b", "c", "d")}
    await asyncio.sleep(0)
    locks.give("k")  # handed to b, which is cancelled before it runs
    tasks["b"].cancel()
    with pytest.raises(asyncio.CancelledError):
        await tasks["b"]
    for _ in range(100):  # loop turns, not time: a key never passed on fails here, not hangs
        if tasks["c"].done() and tasks["d"].done():
            break
        await asyncio.sleep(0)
    assert order == ["c", "d"] and len(locks) == 0


@pytest.mark.parametrize("seed", range(20))
async def test_under_random_cancellations_one_holder_at_a_time_and_nothing_left(
        seed: int) -> None:
    """Many tasks on three keys, some cancelled while waiting, some while holding, some just
    as the key is handed to them: never two holders of a key, everyone not cancelled gets its
    turn, and no key is left held."""
    rnd = random.Random(seed)
    locks = KeyedLocks()
    holders: dict[str, int] = {}
    done: list[int] = []

    async def user(n: int, key: str, turns: int) -> None:
        async with locks.hold(key):
            holders[key] = holders.get(key, 0) + 1
            assert holders[key] == 1, f"two holders of {key}"
            try:
                for _ in range(turns):
                    await asyncio.sleep(0)
            finally:
                holders[key] -= 1
        done.append(n)

    tasks = [asyncio.create_task(user(n, rnd.choice("abc"), rnd.randrange(3)))
             for n in range(60)]
    cancelled = await cancel_at_random(tasks, rnd, 40)
    await settle(tasks)
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for n, r in enumerate(results):
        assert r is None or isinstance(r, asyncio.CancelledError), r
        if n not in cancelled:
            assert n in done
    assert len(locks) == 0
