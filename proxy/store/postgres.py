"""The PostgreSQL store (asyncpg): the same interface as SQLite, for several proxy replicas.

Every write is one transaction. Messages and calls share one sequence per session, enforced by
the ``events`` primary key, so two replicas racing for one position cannot both win (the loser
fails closed). Policy decisions are chained into the audit log in the call's own transaction;
the head row is locked (``FOR UPDATE``) while an entry is appended, which serialises appends
across replicas. The in-memory session view is not trusted across replicas: ``shared`` tells the
session cache to reload a session from the store for every request.

The human gate's tables (tickets, outbox, operators, agent keys) live here too, written through
the same portable ``write``/``fetch`` interface as on SQLite; ``lock`` is an advisory lock, so a
ticket is changed by one replica at a time.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from string import Template
from typing import Any

import asyncpg
import orjson

from ..errors import StoreConflict, StoreError, StoreInputError
from ..session import CallRecord, Confirmation, Message, SessionState, canonical_json
from ..trace import scrub  # card numbers never at rest (policy never needs them)
from .audit import entry_hash
from .migrations import DIALECTS, VERSIONS_TABLE, column_type, pending
from .rows import CALL_COLUMNS, CONFIRMATION_COLUMNS, MESSAGE_COLUMNS, SESSION_COLUMNS, assemble
from .statements import AUDIT, Statement, numbered

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def _dump(value: Any) -> bytes:
    return orjson.dumps(value)


class _Claimed(Exception):
    """Rolls back a claim transaction when one key is held by another call."""

    def __init__(self, holder: str) -> None:
        super().__init__(holder)
        self.holder = holder


class PostgresStore:
    shared = True  # several replicas may write: the session cache reloads per request

    def __init__(self, dsn: str, schema: str = "callgate", max_connections: int = 20) -> None:
        if not _SCHEMA_NAME.match(schema):
            raise StoreError(f"schema name {schema!r} must be a lower-case identifier")
        self.dsn = dsn
        self.schema = schema
        self.max_connections = max_connections
        self._pool: asyncpg.Pool | None = None
        self.migrated: list[int] = []  # migrations applied by this open
        self.observe_commit: Callable[[float], None] | None = None  # metrics: seconds

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("the store is not open")
        return self._pool

    async def open(self, migrate: bool = True) -> None:
        """Connect, and (unless ``migrate`` is False: read-only tools) bring the schema up to
        date under an advisory lock, so replicas starting together migrate once."""
        try:
            self._pool = await asyncpg.create_pool(
                self.dsn, min_size=1, max_size=self.max_connections,
                server_settings={"search_path": self.schema}, timeout=5)
            async with self.pool.acquire() as conn:
                if not migrate:
                    return
                await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
                await conn.execute("SELECT pg_advisory_lock(726354)")  # one migrator at a time
                try:
                    self.migrated = await _migrate(conn)
                finally:
                    await conn.execute("SELECT pg_advisory_unlock(726354)")
        except (OSError, asyncpg.PostgresError) as e:
            if self._pool is not None:
                await self._pool.close()
                self._pool = None
            raise StoreError(f"cannot open PostgreSQL store: {e}") from e
        except StoreError:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def ping(self) -> bool:
        try:
            async with self.pool.acquire(timeout=2) as conn:
                await conn.fetchval("SELECT 1")
        except (OSError, asyncpg.PostgresError, StoreError, TimeoutError):
            return False
        return True

    def session_lock(self, session_id: str) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold a session across replicas (an advisory lock) for one call's decision and effect."""
        return self._advisory(session_id, 0)

    def lock(self, key: str) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold ``key`` across replicas: an advisory lock (its own key space, apart from
        sessions'), released when the block ends or, if this process dies, by PostgreSQL."""
        return self._advisory(key, 1)

    @contextlib.asynccontextmanager
    async def _advisory(self, key: str, space: int) -> AsyncIterator[None]:
        try:
            async with self.pool.acquire() as conn:
                await conn.execute("SELECT pg_advisory_lock(hashtextextended($1, $2))", key,
                                   space)
                try:
                    yield
                finally:
                    await conn.execute("SELECT pg_advisory_unlock(hashtextextended($1, $2))",
                                       key, space)
        except (OSError, asyncpg.PostgresError) as e:
            raise StoreError(f"PostgreSQL lock failed: {e}") from e

    async def _tx(self, statements: list[tuple[str, tuple[Any, ...]]],
                  audit: tuple[str, str, str, dict[str, Any]] | None = None) -> None:
        started = time.perf_counter()
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                for sql, params in statements:
                    await conn.execute(sql, *params)
                if audit is not None:
                    await _append_audit(conn, *audit)
        except (OSError, asyncpg.PostgresError) as e:
            raise StoreError(f"PostgreSQL write failed: {e}") from e
        if self.observe_commit is not None:
            self.observe_commit(time.perf_counter() - started)

    async def write(self, statements: list[Statement]) -> None:
        """Commit ``statements`` (store/statements.py) in one transaction."""
        started = time.perf_counter()
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                for statement in statements:
                    if statement[0] == AUDIT:
                        await _append_audit(conn, *statement[1])
                        continue
                    status = await conn.execute(numbered(statement[0]), *statement[1])
                    if len(statement) > 2:
                        changed = int(status.rsplit(" ", 1)[-1])
                        if changed != statement[2]:
                            raise StoreConflict(f"expected {statement[2]} changed row(s), got "
                                                f"{changed}: the state changed")
        except (asyncpg.DataError, UnicodeError) as e:
            raise StoreInputError(f"PostgreSQL write failed: {e}") from e
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise StoreError(f"PostgreSQL write failed: {e}") from e
        if self.observe_commit is not None:
            self.observe_commit(time.perf_counter() - started)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            rows = await self.pool.fetch(numbered(sql), *params)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e
        return [tuple(r) for r in rows]

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        try:
            row = await self.pool.fetchrow(numbered(sql), *params)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e
        return None if row is None else tuple(row)

    async def applied(self) -> list[tuple[int, str, float]]:
        return [(int(r[0]), str(r[1]), float(r[2])) for r in await self.fetch(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version")]

    async def claim(self, keys: list[str], call_id: str) -> str | None:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                for k in keys:
                    got = await conn.fetchval(
                        "INSERT INTO claims (claim, call_id, created_at) VALUES ($1, $2, $3) "
                        "ON CONFLICT (claim) DO NOTHING RETURNING call_id",
                        k, call_id, time.time())
                    if got is None:
                        holder = await conn.fetchval(
                            "SELECT call_id FROM claims WHERE claim = $1", k)
                        if holder != call_id:
                            raise _Claimed(str(holder))
        except _Claimed as taken:
            return taken.holder
        except (OSError, asyncpg.PostgresError) as e:
            raise StoreError(f"PostgreSQL claim failed: {e}") from e
        return None

    async def release(self, keys: list[str], call_id: str) -> None:
        await self._tx([("DELETE FROM claims WHERE claim = $1 AND call_id = $2", (k, call_id))
                        for k in keys])

    async def create_session(self, session: SessionState) -> None:
        await self._tx([(
            'INSERT INTO sessions (session_id, environment, end_user, tags, started_at, '
            "agent_key, mode) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            (session.session_id, session.environment.value, _dump(session.user),
             _dump(session.tags), session.started_at, session.agent_key, session.mode))])

    async def end_session(self, session_id: str, ended_at: str, outcome: dict[str, Any]) -> None:
        await self._tx([("UPDATE sessions SET ended_at = $1, outcome = $2 WHERE session_id = $3",
                         (ended_at, _dump(outcome), session_id))])

    async def add_message(self, session_id: str, message: Message) -> None:
        await self._tx([
            ("INSERT INTO events (session_id, seq, kind) VALUES ($1, $2, 'message')",
             (session_id, message.seq)),
            ("INSERT INTO messages (session_id, seq, role, content, ts) VALUES ($1, $2, $3, $4, "
             "$5)", (session_id, message.seq, message.role.value, message.content, message.ts)),
        ])

    async def add_call(self, call: CallRecord) -> None:
        audit = None
        if call.verdict != "none":
            audit = ("policy", "decision", call.call_id, {
                "session_id": call.session_id, "tool": call.tool, "verdict": call.verdict,
                "rules": call.rules, "policy_version": call.policy_version,
                "arguments_sha256": hashlib.sha256(canonical_json(call.arguments)).hexdigest()})
        await self._tx([
            ("INSERT INTO events (session_id, seq, kind) VALUES ($1, $2, 'call')",
             (call.session_id, call.seq)),
            ("INSERT INTO calls (call_id, session_id, seq, tool, kind, arguments, decision_id, "
             "verdict, rules, policy_version, outcome, result, upstream_status, error_code, "
             "started_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, "
             "$12, $13, $14, $15, $16)",
             (call.call_id, call.session_id, call.seq, call.tool, call.kind,
              canonical_json(scrub(call.arguments)), call.decision_id, call.verdict, _dump(call.rules),
              call.policy_version, call.outcome.value,
              None if call.result is None else _dump(scrub(call.result)), call.upstream_status,
              call.error_code, call.started_at, call.finished_at)),
        ], audit)

    async def finish_call(self, call: CallRecord) -> None:
        await self._tx([(
            "UPDATE calls SET outcome = $1, result = $2, upstream_status = $3, error_code = $4, "
            "finished_at = $5 WHERE call_id = $6",
            (call.outcome.value, None if call.result is None else _dump(scrub(call.result)),
             call.upstream_status, call.error_code, call.finished_at, call.call_id))])

    async def save_confirmation(self, session_id: str, confirmation: Confirmation) -> None:
        c = confirmation
        await self._tx([(
            "INSERT INTO confirmations (confirmation_id, session_id, call_hash, tool, summary, "
            "created_at, expires_at, confirmed_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, "
            "$8, $9) ON CONFLICT (confirmation_id) DO UPDATE SET confirmed_at = "
            "excluded.confirmed_at, used_at = excluded.used_at",
            (c.confirmation_id, session_id, c.call_hash, c.tool, c.summary, c.created_at,
             c.expires_at, c.confirmed_at, c.used_at))])

    async def last_fact(self, session_id: str, tool: str, arguments_key: str) -> Any:
        try:
            row = await self.pool.fetchval(
                "SELECT result FROM facts WHERE session_id = $1 AND tool = $2 AND args = $3 "
                "ORDER BY seq DESC LIMIT 1", session_id, tool, arguments_key.encode())
        except (OSError, asyncpg.PostgresError) as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e
        return None if row is None else orjson.loads(row)

    async def load_session(self, session_id: str) -> SessionState | None:
        try:
            async with self.pool.acquire() as conn:
                row = await conn.fetchrow(
                    f"SELECT {SESSION_COLUMNS} FROM sessions WHERE session_id = $1",  # noqa: S608
                    session_id)
                if row is None:
                    return None
                return assemble(
                    session_id, row,
                    await conn.fetch(f"SELECT {MESSAGE_COLUMNS} FROM messages "  # noqa: S608
                                     "WHERE session_id = $1", session_id),
                    await conn.fetch(f"SELECT {CALL_COLUMNS} FROM calls "  # noqa: S608
                                     "WHERE session_id = $1", session_id),
                    await conn.fetch(f"SELECT {CONFIRMATION_COLUMNS} FROM confirmations "  # noqa: S608
                                     "WHERE session_id = $1", session_id))
        except (OSError, asyncpg.PostgresError) as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e


async def _migrate(conn: asyncpg.Connection) -> list[int]:
    """Apply the shared migrations this schema lacks, each in its own transaction."""
    await conn.execute(Template(VERSIONS_TABLE).substitute(DIALECTS["postgres"]))
    applied = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
    done = []
    for m in pending(applied):
        async with conn.transaction():
            for sql in m.statements("postgres"):
                await conn.execute(sql)
            for table, column, kind in m.add_columns:
                await conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} "
                                   f"{column_type(kind, 'postgres')}")
            await conn.execute("INSERT INTO schema_migrations (version, name, applied_at) "
                               "VALUES ($1, $2, $3)", m.version, m.name, time.time())
        done.append(m.version)
    return done


async def _append_audit(conn: asyncpg.Connection, actor: str, action: str, subject: str,
                        body: dict[str, Any]) -> None:
    """Append one audit entry in the open transaction; the locked head row serialises replicas."""
    seq, prev = await conn.fetchrow("SELECT seq, hash FROM audit_head WHERE id = 1 FOR UPDATE")
    seq += 1
    ts = round(time.time(), 6)
    data = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    digest = entry_hash(prev, seq, ts, actor, action, subject, data)
    await conn.execute("INSERT INTO audit (seq, ts, actor, action, subject, body, prev_hash, "
                       "hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                       seq, ts, actor, action, subject, data, prev, digest)
    await conn.execute("UPDATE audit_head SET seq = $1, hash = $2 WHERE id = 1", seq, digest)
