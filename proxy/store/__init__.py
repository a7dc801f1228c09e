"""The store: everything that lasts (sessions, facts, tickets, outbox, accounts, keys, audit),
behind one interface.

``SqliteStore`` is the embedded default (one process, WAL); ``PostgresStore`` serves several
replicas. Every implementation passes the same contract suite (tests/store/), and both take
their schema from the same numbered migrations (migrations.py). A write returns only once it is
kept: what the proxy has answered is on disk (committed; or, for what every call writes on
SQLite, in the records file that the next commit empties: store/sqlite.py). The gate and the
accounts speak to the store only through this interface (``write``, ``fetch``, ``lock``), never
to a concrete backend, and no store imports the gate.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol

from ..session import CallRecord, Confirmation, Message, SessionState
from .audit import AUDIT_HEAD, AUDIT_ROWS, CHAIN_HEADS, Heads, Problem, all_heads, verify_chains
from .statements import Statement

if TYPE_CHECKING:
    from ..config import StoreConfig


class Store(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def ping(self) -> bool:
        """True when the store can take writes now (the readiness check)."""
        ...

    async def create_session(self, session: SessionState) -> None: ...

    async def load_session(self, session_id: str) -> SessionState | None:
        """The whole session with its messages and calls, indexed, or None if unknown."""
        ...

    async def end_session(self, session_id: str, ended_at: str, outcome: dict[str, Any]) -> None: ...

    async def add_message(self, session_id: str, message: Message) -> None: ...

    async def add_call(self, call: CallRecord) -> None:
        """Record a call: final when refused, or in flight (outcome ``forwarding``) before sending."""
        ...

    async def finish_call(self, call: CallRecord, *, answered: bool = False) -> None:
        """Record the outcome of an in-flight call; a successful read also becomes a fact.
        ``answered``: the call's answer has left already, whatever becomes of this record, so
        a store may keep it back while it holds the session (no one else can see it before it
        is written); otherwise it is written before this returns."""
        ...

    async def save_confirmation(self, session_id: str, confirmation: Confirmation) -> None:
        """Insert or update a token-mode confirmation."""
        ...

    async def last_fact(self, session_id: str, tool: str, arguments_key: str) -> Any: ...

    async def claim(self, keys: list[str], call_id: str) -> str | None:
        """Claim once-only action keys for a call, all or none, across every session and
        replica; returns None, or the call id already holding one of them."""
        ...

    async def release(self, keys: list[str], call_id: str) -> None:
        """Give back keys this call claimed (its write definitely did not happen)."""
        ...

    async def write(self, statements: list[Statement]) -> None:
        """Commit portable statements and audit entries atomically (statements.py); a guarded
        statement that changes another number of rows fails the whole write (StoreConflict)."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a portable query (``?`` placeholders)."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        ...

    def lock(self, key: str) -> AbstractAsyncContextManager[None]:
        """Hold ``key`` against every other holder, in this process and in other replicas."""
        ...

    async def applied(self) -> list[tuple[int, str, float]]:
        """The schema migrations applied: (version, name, when)."""
        ...


async def audit_check(store: Store, expect: Heads | None = None) -> tuple[int, list[Problem]]:
    """Walk the store's audit chains (either backend): entries checked, problems found. What
    the store holds uncommitted is committed first (SQLite's records: a chain's head row is
    written when they commit, its entries before; PostgreSQL's reads kept on a lingering
    lock are written by the store's first read)."""
    await store.write([])
    return verify_chains(await store.fetch(AUDIT_ROWS), await store.fetchone(AUDIT_HEAD),
                         await store.fetch(CHAIN_HEADS), expect)


async def audit_heads(store: Store) -> Heads:
    """Every audit chain's head, to keep outside the database."""
    return all_heads(await store.fetchone(AUDIT_HEAD), await store.fetch(CHAIN_HEADS))


def open_store(config: StoreConfig, path: str) -> Store:
    """The configured store, not yet opened. ``path`` is the SQLite file, resolved; a DSN named
    by ``store.dsn_env`` is read from the environment (missing or empty: refused)."""
    if config.backend == "postgres":
        from ..errors import ConfigError
        from .postgres import PostgresStore

        dsn = config.dsn
        if config.dsn_env:
            dsn = os.environ.get(config.dsn_env, "")
            if not dsn.strip():
                raise ConfigError(f"store.dsn_env names the environment variable "
                                  f"{config.dsn_env}, which is not set or empty")
        return PostgresStore(dsn, config.schema_name, config.max_connections,
                             config.linger_ms / 1e3, config.lock_connection)
    from .sqlite import SqliteStore

    return SqliteStore(path)
