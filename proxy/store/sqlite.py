"""The embedded store: SQLite in WAL mode, owned by one process.

Writes run on the event loop thread: with WAL and ``synchronous=NORMAL`` a commit is a few tens of
microseconds, cheaper than a hop to a worker thread, and a committed row survives a crash of the
process (only a power loss can take the last commits). A second proxy on the same file is refused
with a lock, because the in-memory session view assumes one writer.

Checkpoints (copying the WAL into the database file, with an fsync) run on a thread of their
own with a connection of their own, every ``CHECKPOINT_EVERY`` commits, never on the event loop:
SQLite's automatic checkpoint ran inside the commit that crossed 1,000 pages and stalled every
call for several milliseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from string import Template
from typing import Any

import orjson
import structlog

from ..errors import StoreConflict, StoreError, StoreInputError
from ..locks import KeyedLocks
from ..parse import loads as json_loads
from ..session import CallRecord, Confirmation, Message, SessionState, canonical_json
from ..trace import scrubbed_json  # card numbers never at rest (policy never needs them)
from .audit import append, save_head
from .migrations import DIALECTS, VERSIONS_TABLE, Migration, column_type, pending
from .rows import CALL_COLUMNS, CONFIRMATION_COLUMNS, MESSAGE_COLUMNS, SESSION_COLUMNS, assemble
from .statements import AUDIT, Statement, audit_entry

Head = tuple[int, str] | None  # the audit log's last (seq, hash); None: read it from the table
CHECKPOINT_EVERY = 64  # commits between two checkpoints (each on the checkpoint thread)
WAL_LIMIT = 4000  # pages (16 MB) past which the loop itself helps the WAL start over
CHECKPOINT_FAILURES = 3  # failed checkpoints in a row before SQLite's own takes over again
log = structlog.get_logger("callgate.store")


class _RowCount(Exception):
    """A guarded statement changed another number of rows than it must."""


def _execute(db: sqlite3.Connection, statement: Statement, head: Head) -> Head:
    if statement[0] == AUDIT:
        actor, action, subject, body = statement[1]
        return append(db, actor, action, subject, body, head, write_head=False)
    cursor = db.execute(statement[0], statement[1])
    if len(statement) > 2 and cursor.rowcount != statement[2]:
        raise _RowCount(f"expected {statement[2]} changed row(s), got {cursor.rowcount}: the "
                        "state changed")
    return head


def _checkpoint(db: sqlite3.Connection) -> int:
    """Copy what the WAL holds into the database file, without waiting on readers or the
    writer (PASSIVE); on the checkpoint thread, so the loop does not wait for its fsync.
    Returns the WAL's size in pages."""
    return int(db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1])


def _fail(future: asyncio.Future[None], err: StoreError) -> None:
    if not future.done():
        future.set_exception(err)


def _dump(value: Any) -> bytes:
    return orjson.dumps(value)


def migrate_sqlite(db: sqlite3.Connection) -> list[int]:
    """Apply the shared migrations this file lacks (store/migrations.py); the versions applied."""
    db.execute(Template(VERSIONS_TABLE).substitute(DIALECTS["sqlite"]))
    applied = {r[0] for r in db.execute("SELECT version FROM schema_migrations")}
    done = []
    for m in pending(applied):
        apply_migration(db, m)
        done.append(m.version)
    return done


def apply_migration(db: sqlite3.Connection, m: Migration) -> None:
    """One migration in one transaction: all of it, or (on any failure) none of it.

    A migration that makes a table anew (``rebuilds``) follows SQLite's own procedure for a
    change ALTER TABLE cannot make: foreign keys off while the rows are copied (rows an older
    version left pointing at a session that is gone are copied as they are, not refused), the
    table's indexes and triggers made again after it (dropping a table drops them, and an
    operator may have added their own), and a foreign key check that the copy broke nothing
    that held before."""
    rebuilt = m.rebuilds if m.statements("sqlite") else None
    keys_on = bool(db.execute("PRAGMA foreign_keys").fetchone()[0])
    if rebuilt is not None and keys_on:
        db.execute("PRAGMA foreign_keys=OFF")  # (not inside a transaction: SQLite ignores it)
    db.execute("BEGIN IMMEDIATE")
    try:
        if rebuilt is not None:
            kept = [sql for (sql,) in db.execute(
                "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', "
                "'trigger') AND sql IS NOT NULL ORDER BY rowid", (rebuilt,))]
            broken = _broken_keys(db, rebuilt)
        for sql in m.statements("sqlite"):
            db.execute(sql)
        for table, column, kind in m.add_columns:
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} "
                           f"{column_type(kind, 'sqlite')}")
        if rebuilt is not None:
            for sql in kept:
                db.execute(sql)
            if _broken_keys(db, rebuilt) > broken:
                raise StoreError(f"migration {m.version} ({m.name}) would leave rows of "
                                 f"{rebuilt} pointing at rows that do not exist; nothing was "
                                 "changed")
        db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES "
                   "(?, ?, ?)", (m.version, m.name, time.time()))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    finally:
        if rebuilt is not None and keys_on:
            db.execute("PRAGMA foreign_keys=ON")


def _broken_keys(db: sqlite3.Connection, table: str) -> int:
    """Rows of ``table``, and of the tables pointing at it, whose foreign key finds nothing."""
    tables = {table} | {r[0] for r in db.execute(
        "SELECT m.name FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS k "
        "WHERE m.type = 'table' AND k.\"table\" = ?", (table,))}
    quoted = ('"' + t.replace('"', '""') + '"' for t in sorted(tables))
    return sum(len(db.execute(f"PRAGMA foreign_key_check({t})").fetchall()) for t in quoted)


class SqliteStore:
    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._db: sqlite3.Connection | None = None
        self._lock_fd: int | None = None
        self._pending: list[tuple[list[Statement], asyncio.Future[None]]] = []
        self._flush_scheduled = False
        self._audit_head: Head = None
        self._locks = KeyedLocks()
        self.writable = True  # False after a failed commit, until a write succeeds again
        self.migrated: list[int] = []  # migrations applied by this open
        self.observe_commit: Callable[[float], None] | None = None  # metrics: seconds
        self._checkpointer: sqlite3.Connection | None = None  # used on the checkpoint thread
        self._checkpoint: asyncio.Future[int] | None = None  # the running one
        self._commits = 0  # since the last checkpoint began
        self._checkpoint_failures = 0  # in a row
        self.checkpoint_every, self.wal_limit = CHECKPOINT_EVERY, WAL_LIMIT

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    async def open(self) -> None:
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as e:
                raise StoreError(f"cannot create the SQLite store {self.path}: {e.strerror} "
                                 "(store.path in the configuration)") from e
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError as e:
                os.close(fd)
                raise StoreError(
                    f"{self.path} is in use by another callgate process; SQLite is for one "
                    "process (use PostgreSQL for several replicas)"
                ) from e
            self._lock_fd = fd
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            if self.path != ":memory:":
                os.chmod(self.path, 0o600)  # owner only; SQLite gives -wal and -shm the same
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=2000")
            self.migrated = migrate_sqlite(db)
            if self.path != ":memory:":  # checkpoints off the loop (the module's docstring)
                db.execute("PRAGMA wal_autocheckpoint=0")
                self._checkpointer = sqlite3.connect(self.path, isolation_level=None,
                                                     check_same_thread=False)
        except sqlite3.Error as e:
            self._release()
            raise StoreError(f"cannot open SQLite store {self.path}: {e}") from e
        except StoreError:  # a schema newer than this code: refused, and the file let go
            db.close()
            self._release()
            raise
        self._db = db

    def _release(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    async def close(self) -> None:
        try:
            if self._checkpoint is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(self._checkpoint)
        finally:  # cancelled while waiting: the connections are closed all the same
            if self._checkpointer is not None and self._checkpoint is None:
                self._checkpointer.close()  # (one still running closes it when it ends)
                self._checkpointer = None
            if self._db is not None:
                self._db.close()  # the last connection: SQLite checkpoints the rest itself
                self._db = None
            self._release()

    def _start_checkpoint(self) -> None:
        """A checkpoint on the default executor's thread, if none is running."""
        self._commits = 0
        ckpt = self._checkpointer
        if ckpt is None or self._checkpoint is not None:
            return
        try:
            self._checkpoint = asyncio.get_running_loop().run_in_executor(None, _checkpoint,
                                                                          ckpt)
        except RuntimeError as e:  # no thread to run it (the executor is shut down)
            self._checkpoint_failed(e)
            return
        self._checkpoint.add_done_callback(self._checkpoint_done)

    def _checkpoint_done(self, future: asyncio.Future[int]) -> None:
        self._checkpoint = None
        if self._db is None and self._checkpointer is not None:  # closed while it ran
            self._checkpointer.close()
            self._checkpointer = None
        if future.cancelled():
            return
        err = future.exception()
        if err is not None:
            self._checkpoint_failed(err)
            return
        self._checkpoint_failures = 0
        # The WAL starts over at a write that finds every page of it copied. Commits that
        # never pause keep the thread one step behind, and the WAL would grow without end:
        # past wal_limit pages, the few pages committed while the thread copied are copied
        # here, on the writer's connection between two transactions (a short stall, rarely).
        pages = future.result()
        db = self._db
        if pages > self.wal_limit and db is not None and not db.in_transaction:
            try:
                _checkpoint(db)
            except sqlite3.Error as e:
                log.warning("sqlite_checkpoint_failed", error=repr(e))

    def _checkpoint_failed(self, err: BaseException) -> None:
        """The WAL keeps the data and the next checkpoint tries again; after a few failures in
        a row SQLite checkpoints by itself again (in the commits, on the loop): a WAL that
        grows without end is worse than a stall."""
        self._checkpoint_failures += 1
        log.warning("sqlite_checkpoint_failed", error=repr(err),
                    in_a_row=self._checkpoint_failures)
        if self._checkpoint_failures >= CHECKPOINT_FAILURES and self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA wal_autocheckpoint=1000")
                if self._checkpointer is not None:  # the thread is given up
                    self._checkpointer.close()
                    self._checkpointer = None
                log.error("sqlite_checkpoint_thread_given_up",
                          effect="SQLite checkpoints inside commits again")

    async def ping(self) -> bool:
        """Ready to take writes: after a failed commit, a probe write must succeed first (a
        recovered disk recovers the service without a restart)."""
        try:
            self.db.execute("SELECT 1").fetchone()
            if not self.writable:
                await self._write([("INSERT OR REPLACE INTO probe (id, at) VALUES (1, ?)",
                                    (time.time(),))])
        except (sqlite3.Error, StoreError):
            return False
        return self.writable

    async def write(self, statements: list[Statement]) -> None:
        """Commit ``statements`` atomically (store/statements.py says what they are)."""
        await self._write(statements)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.db.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"SQLite read failed: {e}") from e

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        try:
            row: tuple[Any, ...] | None = self.db.execute(sql, tuple(params)).fetchone()
        except sqlite3.Error as e:
            raise StoreError(f"SQLite read failed: {e}") from e
        return row

    @contextlib.asynccontextmanager
    async def lock(self, key: str) -> AsyncIterator[None]:
        """Hold ``key`` against every other holder (one process owns a SQLite store)."""
        async with self._locks.hold(key):
            yield

    async def applied(self) -> list[tuple[int, str, float]]:
        return await self.fetch("SELECT version, name, applied_at FROM schema_migrations "
                                "ORDER BY version")

    async def _write(self, statements: list[Statement]) -> None:
        """Commit ``statements`` atomically; returns once they are committed.

        Writes that arrive in the same turn of the event loop share one transaction (group
        commit), each inside its own savepoint: one caller's failure rolls back only its own
        statements, and a failed COMMIT fails every caller in the group.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((statements, future))
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)
        await future

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        self._flush_scheduled = False
        started = time.perf_counter()
        try:
            self._commit(batch)
            if self.observe_commit is not None:
                self.observe_commit(time.perf_counter() - started)
        except BaseException as e:  # never leave a caller waiting or a transaction open
            self._abandon()
            for _, future in batch:
                _fail(future, StoreError(f"SQLite write failed: {e!r}"))
            if not isinstance(e, Exception):
                raise

    def _abandon(self) -> None:
        """Roll back whatever is open, and note that the store could not write."""
        self._audit_head = None  # read it again from the table next time
        self.writable = False
        db = self._db
        if db is not None and db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")

    def _commit(self, batch: list[tuple[list[Statement], asyncio.Future[None]]]) -> None:
        done: list[asyncio.Future[None]] = []
        try:
            db = self.db
            if db.in_transaction:  # left open by a failure we could not roll back then
                db.execute("ROLLBACK")
            db.execute("BEGIN IMMEDIATE")
        except (sqlite3.Error, StoreError) as e:
            self._abandon()
            for _, future in batch:
                _fail(future, StoreError(f"SQLite write failed: {e}"))
            return
        alone = len(batch) == 1  # no savepoint needed: a failure rolls back the transaction
        head = self._audit_head  # the audit chain's end, in memory: this process is the writer
        for statements, future in batch:
            saved = head
            try:
                if not alone:
                    db.execute("SAVEPOINT one")
                for statement in statements:
                    head = _execute(db, statement, head)
                if not alone:
                    db.execute("RELEASE one")
                done.append(future)
            except (sqlite3.Error, ValueError, _RowCount) as e:
                # ValueError: a value SQLite cannot store (e.g. a string that is not UTF-8
                # encodable); the edge refuses those, this keeps one bad caller from wedging all
                bad = StoreInputError if isinstance(e, ValueError) else \
                    StoreConflict if isinstance(e, _RowCount) else StoreError
                _fail(future, bad(f"SQLite write failed: {e}"))
                if alone:
                    db.execute("ROLLBACK")
                    return
                db.execute("ROLLBACK TO one")
                db.execute("RELEASE one")
                head = saved
        try:
            if head is not None and head != self._audit_head:
                save_head(db, head)  # once per transaction, in it
            db.execute("COMMIT")
        except sqlite3.Error as e:
            self._abandon()
            for future in done:
                _fail(future, StoreError(f"SQLite commit failed: {e}"))
            return
        self._audit_head = head
        self.writable = True
        for future in done:
            if not future.done():
                future.set_result(None)
        self._commits += 1
        if self._commits >= self.checkpoint_every:  # after the callers have their answer
            self._start_checkpoint()

    async def claim(self, keys: list[str], call_id: str) -> str | None:
        holder = self._holder(keys, call_id)
        if holder is not None:
            return holder
        try:
            # a key this call already holds is skipped; one another call holds fails the whole
            # insert (its own savepoint): all keys or none
            await self._write([(
                "INSERT INTO claims (claim, call_id, created_at) SELECT ?, ?, ? WHERE NOT EXISTS "
                "(SELECT 1 FROM claims WHERE claim = ? AND call_id = ?)",
                (k, call_id, time.time(), k, call_id)) for k in keys])
        except StoreError:
            holder = self._holder(keys, call_id)  # another writer of the same group took it
            if holder is not None:
                return holder
            raise
        return None

    def _holder(self, keys: list[str], call_id: str) -> str | None:
        for k in keys:
            row = self.db.execute("SELECT call_id FROM claims WHERE claim = ?", (k,)).fetchone()
            if row is not None and row[0] != call_id:
                return str(row[0])
        return None

    async def release(self, keys: list[str], call_id: str) -> None:
        await self._write([("DELETE FROM claims WHERE claim = ? AND call_id = ?", (k, call_id))
                           for k in keys])

    async def create_session(self, session: SessionState) -> None:
        await self._write([(
            "INSERT INTO sessions (session_id, environment, end_user, tags, started_at, "
            "agent_key, mode) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (session.session_id, session.environment.value, _dump(session.user),
             _dump(session.tags), session.started_at, session.agent_key, session.mode),
        )])

    async def end_session(self, session_id: str, ended_at: str, outcome: dict[str, Any]) -> None:
        await self._write([(
            "UPDATE sessions SET ended_at = ?, outcome = ? WHERE session_id = ?",
            (ended_at, _dump(outcome), session_id),
        )])

    async def add_message(self, session_id: str, message: Message) -> None:
        await self._write([
            ("INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'message')",
             (session_id, message.seq)),
            ("INSERT INTO messages (session_id, seq, role, content, ts) VALUES (?, ?, ?, ?, ?)",
             (session_id, message.seq, message.role.value, message.content, message.ts)),
        ])

    async def add_call(self, call: CallRecord) -> None:
        arguments = canonical_json(call.arguments)
        statements: list[Statement] = [(
            "INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'call')",
            (call.session_id, call.seq),
        ), (
            "INSERT INTO calls (call_id, session_id, seq, tool, kind, arguments, decision_id, "
            "verdict, rules, policy_version, outcome, result, upstream_status, error_code, "
            "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (call.call_id, call.session_id, call.seq, call.tool, call.kind,
             scrubbed_json(call.arguments, True, arguments), call.decision_id, call.verdict,
             _dump(call.rules),
             call.policy_version, call.outcome.value,
             None if call.result is None else scrubbed_json(call.result), call.upstream_status,
             call.error_code, call.started_at, call.finished_at),
        )]
        if call.verdict != "none":  # every policy decision goes to the audit log with its call
            statements.append(audit_entry("policy", "decision", call.call_id, {
                "session_id": call.session_id, "tool": call.tool, "verdict": call.verdict,
                "rules": call.rules, "policy_version": call.policy_version,
                "arguments_sha256": hashlib.sha256(arguments).hexdigest(),
            }))
        await self._write(statements)

    async def finish_call(self, call: CallRecord) -> None:
        statements: list[Statement] = [(
            "UPDATE calls SET outcome = ?, result = ?, upstream_status = ?, error_code = ?, "
            "finished_at = ? WHERE call_id = ?",
            (call.outcome.value, None if call.result is None else scrubbed_json(call.result),
             call.upstream_status, call.error_code, call.finished_at, call.call_id),
        )]
        await self._write(statements)

    async def save_confirmation(self, session_id: str, confirmation: Confirmation) -> None:
        c = confirmation
        await self._write([(
            "INSERT INTO confirmations (confirmation_id, session_id, call_hash, tool, summary, "
            "created_at, expires_at, confirmed_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (confirmation_id) DO UPDATE SET confirmed_at = excluded.confirmed_at, "
            "used_at = excluded.used_at",
            (c.confirmation_id, session_id, c.call_hash, c.tool, c.summary, c.created_at,
             c.expires_at, c.confirmed_at, c.used_at),
        )])

    async def last_fact(self, session_id: str, tool: str, arguments_key: str) -> Any:
        row = self.db.execute(
            "SELECT result FROM facts WHERE session_id = ? AND tool = ? AND args = ? "
            "ORDER BY seq DESC LIMIT 1",
            (session_id, tool, arguments_key.encode()),
        ).fetchone()
        return None if row is None else json_loads(row[0])

    async def load_session(self, session_id: str) -> SessionState | None:
        try:
            row = self.db.execute(
                f"SELECT {SESSION_COLUMNS} FROM sessions "  # noqa: S608
                "WHERE session_id = ?", (session_id,)).fetchone()
            if row is None:
                return None
            by_session = (session_id,)
            return assemble(
                session_id, row,
                self.db.execute(f"SELECT {MESSAGE_COLUMNS} FROM messages "  # noqa: S608
                                "WHERE session_id = ?", by_session).fetchall(),
                self.db.execute(f"SELECT {CALL_COLUMNS} FROM calls "  # noqa: S608
                                "WHERE session_id = ?", by_session).fetchall(),
                self.db.execute(f"SELECT {CONFIRMATION_COLUMNS} FROM confirmations "  # noqa: S608
                                "WHERE session_id = ?", by_session).fetchall())
        except sqlite3.Error as e:
            raise StoreError(f"SQLite read failed: {e}") from e
