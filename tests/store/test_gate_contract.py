"""The human gate and the accounts on every store: SQLite (one process) and PostgreSQL (two
replicas on one schema). The same tests, the same expectations; the PostgreSQL runs add what
only several replicas can get wrong (a lost approval, a double delivery, a second ticket).

The upstream is a real aiohttp app on loopback that honours ``Idempotency-Key`` as a payment or
order API does: a key it has executed is answered again, not executed again.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyotp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.app import build_runtime
from proxy.errors import RequestError, StoreConflict, StoreError
from proxy.gate.accounts import Accounts
from proxy.gate.auth import LoginFailed, Role
from proxy.gate.service import Gate
from proxy.gate.tickets import Action
from proxy.ids import new_id
from proxy.pipeline import Runtime
from proxy.policy.decision import Decision, Verdict, Violation
from proxy.session import Environment
from proxy.store import audit_check
from proxy.store.migrations import LATEST
from proxy.store.postgres import PostgresStore

from ..conftest import PG_DSN, make_config, needs_postgres

HELD = Decision("d_test", Verdict.TICKET, (Violation("hold", "facts", Verdict.TICKET, "held"),),
                1, "v1")
ADDRESS = {"user_id": "u", "address1": "1 Elm Street", "address2": "", "city": "Austin",
           "state": "TX", "country": "USA", "zip": "78701"}
PASSWORD = "correct horse battery"


@dataclass
class Upstream:
    executed: dict[str, int] = field(default_factory=dict)  # Idempotency-Key -> executions
    requests: int = 0


@dataclass
class Replicas:
    backend: str
    rts: list[Runtime]
    upstream: Upstream

    def gate(self, i: int) -> Gate:
        g = self.rts[i % len(self.rts)].gate
        assert g is not None
        return g

    def accounts(self, i: int) -> Accounts:
        a = self.rts[i % len(self.rts)].accounts
        assert a is not None
        return a


def idempotent_upstream(state: Upstream) -> web.Application:
    async def handler(request: web.Request) -> web.Response:
        state.requests += 1
        key = request.headers.get("Idempotency-Key", "")
        if request.method != "GET":
            state.executed.setdefault(key, 1)  # executed once; a repeat is answered, not run
        return web.json_response({"ok": True})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    return app


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=needs_postgres)])
async def replicas(request: pytest.FixtureRequest, tmp_path: Path,
                   aiohttp_server: Callable[..., Awaitable[TestServer]]
                   ) -> AsyncIterator[Replicas]:
    state = Upstream()
    server = await aiohttp_server(idempotent_upstream(state))
    schema = "gate_" + secrets.token_hex(6)
    store: dict[str, Any] = {"path": str(tmp_path / "g.db")}
    if request.param == "postgres":
        store = {"backend": "postgres", "dsn": PG_DSN, "schema": schema}
    count = 2 if request.param == "postgres" else 1  # SQLite is one process by design
    rts = [build_runtime(make_config(tmp_path, str(server.make_url("")), store=store))
           for _ in range(count)]
    for rt in rts:
        await rt.store.open()
        await rt.upstreams.open()
    try:
        yield Replicas(request.param, rts, state)
    finally:
        for rt in rts:
            if rt.gate is not None:
                await rt.gate.close()
            await rt.upstreams.close()
        if request.param == "postgres":
            pg = rts[0].store
            assert isinstance(pg, PostgresStore)
            async with pg.pool.acquire() as conn:
                await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        for rt in rts:
            await rt.store.close()


async def hold(r: Replicas, i: int = 0, args: dict[str, Any] | None = None) -> str:
    t = await r.gate(i).create(session_id="s1", call_id=new_id("c"), tool="modify_user_address",
                               domain="retail", environment=Environment.LIVE,
                               arguments=args or ADDRESS, decision=HELD, requester=None)
    return str(t["ticket_id"])


async def intact(r: Replicas) -> int:
    count, problems = await audit_check(r.rts[0].store)
    assert problems == [], problems
    return count


async def test_every_migration_is_recorded_and_a_newer_schema_is_refused(
    replicas: Replicas,
) -> None:
    store = replicas.rts[0].store
    assert [v for v, _, _ in await store.applied()] == list(range(1, LATEST + 1))
    await store.write([("INSERT INTO schema_migrations (version, name, applied_at) VALUES "
                        "(?, ?, ?)", (LATEST + 1, "from the future", time.time()))])
    later = build_runtime(replicas.rts[0].config)
    if replicas.backend == "sqlite":
        await store.close()  # one process per SQLite file
    with pytest.raises(StoreError, match="newer than this callgate"):
        await later.store.open()
    await later.store.close()  # nothing is held after a refusal


async def test_a_guarded_write_that_finds_the_row_changed_writes_nothing(
    replicas: Replicas,
) -> None:
    tid = await hold(replicas)
    store = replicas.rts[-1].store
    with pytest.raises(StoreConflict):
        await store.write([
            ("UPDATE tickets SET priority = 0 WHERE ticket_id = ?", (tid,)),
            ("UPDATE tickets SET status = 'approved' WHERE ticket_id = ? AND status = 'assigned'",
             (tid,), 1),
        ])
    t = await replicas.gate(0).get(tid)
    assert (t["priority"], t["status"]) == (2, "open")  # the first statement rolled back too
    await intact(replicas)


async def test_identical_held_calls_on_every_replica_make_one_ticket(replicas: Replicas) -> None:
    ids = await asyncio.gather(*(hold(replicas, i) for i in range(6)))
    assert len(set(ids)) == 1
    events = await replicas.gate(1).events(ids[0], internal=True)
    assert [e["kind"] for e in events].count("joined") == 5
    other = await hold(replicas, 0, {**ADDRESS, "zip": "78702"})
    assert other != ids[0]
    await intact(replicas)


async def test_an_approval_executes_once_however_many_replicas_deliver(
    replicas: Replicas,
) -> None:
    tid = await hold(replicas)
    await replicas.gate(0).act(tid, Action.APPROVE, "op_ann")
    # every replica's sweep and a second explicit delivery race the delivery the approval began
    await asyncio.gather(*(replicas.gate(i).sweep() for i in range(4)),
                         replicas.gate(1).deliver(tid))
    for i in range(2):
        await replicas.gate(i).drain()
    assert (await replicas.gate(1).get(tid))["status"] == "executed"
    assert replicas.upstream.requests == 1 and replicas.upstream.executed == {tid: 1}
    await intact(replicas)


async def test_concurrent_approvals_on_two_replicas_are_both_counted(
    replicas: Replicas,
) -> None:
    """Four eyes: two operators approve at the same moment on two replicas. Without a lock
    across replicas one approval overwrites the other and the ticket stays open."""
    tid = await hold(replicas)
    await replicas.rts[0].store.write([("UPDATE tickets SET four_eyes = 1 WHERE ticket_id = ?",
                                        (tid,))])
    await asyncio.gather(replicas.gate(0).act(tid, Action.APPROVE, "op_ann"),
                         replicas.gate(1).act(tid, Action.APPROVE, "op_bob"))
    for i in range(2):
        await replicas.gate(i).drain()
    t = await replicas.gate(0).get(tid)
    assert sorted(t["approvals"]) == ["op_ann", "op_bob"]
    assert t["status"] == "executed" and replicas.upstream.executed == {tid: 1}
    await intact(replicas)


async def test_a_delivery_whose_replica_died_is_taken_over_once_after_its_lease(
    replicas: Replicas,
) -> None:
    tid = await hold(replicas)
    gate = replicas.gate(0)
    now = time.time()
    # the approval of a replica that then died mid-delivery: approved, outbox row claimed by
    # it with a lease, nothing sent (or sent with no answer: the same, with one key)
    await gate.store.write([
        ("UPDATE tickets SET status = 'approved', approvals = ? WHERE ticket_id = ?",
         (b'["op_ann"]', tid), 1),
        ("INSERT INTO outbox (ticket_id, state, created_at, attempts, owner, lease_until) "
         "VALUES (?, 'sending', ?, 1, 'rp_dead', ?)", (tid, now, now + gate.lease_s)),
    ])
    survivor = replicas.gate(1)
    survivor.clock = lambda: now + 1.0
    if replicas.backend == "postgres":  # a live lease is left alone
        assert await survivor.sweep() == 0 and replicas.upstream.requests == 0
        survivor.clock = lambda: now + gate.lease_s + 1.0
        assert await survivor.sweep() == 1
    else:  # one process: at start-up every row in sending is an orphan
        await survivor.recover()
    await asyncio.gather(*(replicas.gate(i).sweep() for i in range(3)))  # nothing left to take
    assert (await survivor.get(tid))["status"] == "executed"
    assert replicas.upstream.executed == {tid: 1} and replicas.upstream.requests == 1
    await intact(replicas)


async def test_operators_and_agent_keys_live_in_the_store(replicas: Replicas) -> None:
    made = await replicas.accounts(0).create_operator("ada", PASSWORD, Role.ADMIN, "test")
    with pytest.raises(RequestError, match="exists already"):
        await replicas.accounts(1).create_operator("ada", PASSWORD, Role.ADMIN, "test")
    assert await replicas.accounts(1).count() == 1 and await replicas.accounts(1).exists("ada")
    totp = pyotp.TOTP(made["totp_secret"]).now()
    token = await replicas.accounts(1).login("ada", PASSWORD, totp, "127.0.0.1")
    who = await replicas.accounts(0).session(token)  # a session made on one replica, used on another
    assert who.username == "ada" and who.role is Role.ADMIN
    with pytest.raises(LoginFailed):  # the code was used: a replay, on any replica
        await replicas.accounts(0).login("ada", PASSWORD, totp, "127.0.0.1")
    key = await replicas.accounts(0).create_agent_key("bot", made["operator_id"])
    assert (await replicas.accounts(1).agent(key["key"])).name == "bot"
    assert await intact(replicas) >= 4


async def test_the_sandbox_payment_provider_on_every_store(replicas: Replicas) -> None:
    """Four refunds of 30.00 race on a 100.00 payment from two replicas: three pass, the fourth
    would refund more than remains; a replayed key answers its first result."""
    from proxy.payments import PaymentError, SandboxPayments

    providers = [SandboxPayments(rt.store) for rt in replicas.rts]
    pay = await providers[0].authorise("charge-1", "100.00", "EUR", capture=True)
    pid = pay["payment_id"]
    results = await asyncio.gather(
        *(providers[i % len(providers)].operate(f"refund-{i}", pid, "refund", "30.00", "EUR")
          for i in range(4)), return_exceptions=True)
    done = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if isinstance(r, PaymentError)]
    assert len(done) == 3 and len(refused) == 1, results
    final = await providers[-1].get(pid)
    assert final.refunded == 9000 and final.refundable == 1000
    first = next(r for r in results if isinstance(r, dict))
    key = f"refund-{results.index(first)}"
    assert await providers[-1].operate(key, pid, "refund", "30.00", "EUR") == first
    assert (await providers[0].get(pid)).refunded == 9000  # the replay changed nothing
