"""The store never wedges: a bad value or a failed commit fails its own callers, later writes
proceed, and readiness says whether the store can write."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from proxy.errors import StoreError, StoreInputError
from proxy.session import Environment, Message, Role, SessionState
from proxy.store.sqlite import SqliteStore

from ..conftest import ProxyFactory, start_session

DEFERRED_FK = """
CREATE TABLE IF NOT EXISTS wedge_parent (id INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS wedge_child (
    pid INTEGER REFERENCES wedge_parent(id) DEFERRABLE INITIALLY DEFERRED);
"""


async def opened(tmp_path: Path) -> SqliteStore:
    """A store with a session, committed: no transaction is open for the test's own
    statements on the store's connection (a write commits the records before it)."""
    store = SqliteStore(tmp_path / "s.db")
    await store.open()
    await store.create_session(SessionState("s1", Environment.LIVE, {}, {}, "t0"))
    await store.write([])
    assert not store.db.in_transaction
    return store


async def test_an_unencodable_string_fails_only_its_writer(tmp_path: Path) -> None:
    store = await opened(tmp_path)
    bad = store.add_message("s1", Message(1, Role.USER, "\ud800", "t"))
    good = store.add_message("s1", Message(2, Role.USER, "fine", "t"))
    results = await asyncio.gather(bad, good, return_exceptions=True)
    assert isinstance(results[0], StoreInputError) and results[0].status == 400
    assert results[1] is None
    # alone in its transaction too, and the next write proceeds
    with pytest.raises(StoreInputError):
        await store.add_message("s1", Message(3, Role.USER, "\udfff", "t"))
    await store.add_message("s1", Message(3, Role.USER, "after", "t"))
    assert await store.ping()
    await store.close()


async def test_a_failed_commit_recovers(tmp_path: Path) -> None:
    """COMMIT itself fails (a deferred constraint stands in for a disk error at commit): the
    callers get a StoreError, the transaction is rolled back, readiness is false until a probe
    write succeeds, and the next request proceeds."""
    store = await opened(tmp_path)
    store.db.executescript(DEFERRED_FK)
    with pytest.raises(StoreError, match="commit failed"):
        await store.write([("INSERT INTO wedge_child (pid) VALUES (42)", ())])
    assert not store.writable
    assert not store.db.in_transaction
    assert await store.ping()  # the probe write works: ready again
    await store.add_message("s1", Message(1, Role.USER, "after the fault", "t"))
    await store.close()


async def test_a_transaction_left_open_is_rolled_back_before_the_next(tmp_path: Path) -> None:
    store = await opened(tmp_path)
    store.db.execute("BEGIN IMMEDIATE")  # as if a rollback had failed while the disk was out
    await store.add_message("s1", Message(1, Role.USER, "proceeds", "t"))
    await store.close()


async def test_over_http_bad_input_is_400_and_the_next_request_works(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client: TestClient[Any, Any]
    client, _ = await make_proxy(str(upstream.make_url("")))
    sid = await start_session(client)
    for body in (b'{"role": "user", "content": "\\ud800"}', b'{"role": "user", "content": "ok",'
                 b' "\\udc00": 1}'):
        resp = await client.post(f"/v1/sessions/{sid}/messages", data=body)
        assert resp.status == 400
        assert "surrogate" in str((await resp.json())["errors"])
    resp = await client.post(f"/v1/sessions/{sid}/messages",
                             json={"role": "user", "content": "still here \U0001f600"})
    assert resp.status == 201
    assert (await client.get("/readyz")).status == 200


async def test_readiness_follows_a_failed_commit(
    upstream: TestServer, make_proxy: ProxyFactory,
) -> None:
    client, rt = await make_proxy(str(upstream.make_url("")))
    store = rt.store
    assert isinstance(store, SqliteStore)
    store.db.executescript(DEFERRED_FK)
    # while the fault lasts the probe fails too (a trigger stands in for the disk)
    store.db.execute("CREATE TRIGGER probe_fails BEFORE INSERT ON probe BEGIN "
                     "SELECT RAISE(ABORT, 'disk I/O error'); END")
    with pytest.raises(StoreError):
        await store.write([("INSERT INTO wedge_child (pid) VALUES (42)", ())])
    assert (await client.get("/readyz")).status == 503
    store.db.execute("DROP TRIGGER probe_fails")  # the disk recovers
    assert (await client.get("/readyz")).status == 200
    sid = await start_session(client)
    assert sid
