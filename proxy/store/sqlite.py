"""The embedded store: SQLite in WAL mode, owned by one process.

What every call writes (a session's start and end, its messages, its calls, their outcomes, its
confirmations) is a record: run in a transaction left open, and written to the records file
beside the database (``<path>-records``), one ``write`` a record, before the call goes on. The
open transaction is committed every ``RECORDS_BATCH`` records, after ``RECORDS_DELAY_S`` at
most, and with any other write. A read call's record runs only its guard when the call writes
(its first statement: the session's position, so a position taken twice is refused then, as
before); the rest of it runs later, with the other records not yet run, in one loop (warm
caches: ``_catch_up``): before the next record that runs whole, before the store's next read,
or at the commit. Every other record runs whole when the call writes, after those before it:
a write's record precedes its effect upstream, and a message or a confirmation is what a
decision rests on. A record's values are checked when it is written (what SQLite would refuse
is refused then); what is left for a read's record to fail later is a key the store makes
itself taken twice (a call id: never expected), and such a record is set aside whole. So
reads on the store's connection see every record, and one commit carries many calls. A record
written is kept: a crash of the process leaves it in the file, as a commit at
``synchronous=NORMAL`` would be (only a power loss can take the last ones), and opening the
store runs what the file holds past ``records_applied`` (the number of the last record
committed, written in the same transaction) and commits it. Other connections (``callgate
audit verify`` beside a live proxy) see records once committed, ``RECORDS_DELAY_S`` later at
most. Why: a transaction per call (BEGIN, four statements, COMMIT with its WAL frames, and the
loop turn the group commit waits for) was a quarter of a read's CPU; a read's statements run
with the loop's caches cold cost 2-3 times what they cost run one after another
(docs/performance.md).

Other writes (the gate's tables, once-only claims, the probe) commit before they return: writes
that arrive in one turn of the event loop share a transaction (group commit), the open one
with its records if there is one. Writes run on the event loop thread: with WAL and
``synchronous=NORMAL`` a commit is a few tens of microseconds, cheaper than a hop to a worker
thread. A second proxy on the same file is refused with a lock, because the in-memory session
view (and the records file) assume one writer.

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
import math
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from string import Template
from typing import Any, cast

import orjson
import structlog

from ..errors import StoreConflict, StoreError, StoreInputError
from ..locks import KeyedLocks
from ..parse import loads as json_loads
from ..session import CallRecord, Confirmation, Message, SessionState, canonical_json
from ..trace import scrubbed_json  # card numbers never at rest (policy never needs them)
from .audit import append, now_s, save_head
from .migrations import DIALECTS, MIGRATIONS, VERSIONS_TABLE, Migration, column_type, pending
from .rows import (
    CALL_COLUMNS,
    CONFIRMATION_COLUMNS,
    MESSAGE_COLUMNS,
    SESSION_COLUMNS,
    assemble,
    result_text,
)
from .statements import AUDIT, Statement, audit_entry

Head = tuple[int, str] | None  # the audit log's last (seq, hash); None: read it from the table
CHECKPOINT_EVERY = 64  # commits between two checkpoints (each on the checkpoint thread)
WAL_LIMIT = 4000  # pages (16 MB) past which the loop itself helps the WAL start over
CHECKPOINT_FAILURES = 3  # failed checkpoints in a row before SQLite's own takes over again
RECORDS_BATCH = 64  # records that start a batch at once (fewer wait up to RECORDS_DELAY_S)
RECORDS_DELAY_S = 0.1  # the longest a record waits to be committed (while SQLite takes writes)
RECORDS_LIMIT = 2_000  # records waiting for a commit: past this, new ones are refused
RETRY_S = 1.0  # after SQLite failed to take the records, the next try (any write tries too)
log = structlog.get_logger("callgate.store")

# What every call writes: the only statements a record holds (replay runs no other text).
NEW_SESSION = ("INSERT INTO sessions (session_id, environment, end_user, tags, started_at, "
               "agent_key, mode) VALUES (?, ?, ?, ?, ?, ?, ?)")
END_SESSION = "UPDATE sessions SET ended_at = ?, outcome = ? WHERE session_id = ?"
MESSAGE_EVENT = "INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'message')"
MESSAGE = "INSERT INTO messages (session_id, seq, role, content, ts) VALUES (?, ?, ?, ?, ?)"
CALL_EVENT = "INSERT INTO events (session_id, seq, kind) VALUES (?, ?, 'call')"
CALL = ("INSERT INTO calls (call_id, session_id, seq, tool, kind, arguments, decision_id, "
        "verdict, rules, policy_version, outcome, result, upstream_status, error_code, "
        "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
FINISH_CALL = ("UPDATE calls SET outcome = ?, result = ?, upstream_status = ?, error_code = ?, "
               "finished_at = ? WHERE call_id = ?")
CONFIRMATION = ("INSERT INTO confirmations (confirmation_id, session_id, call_hash, tool, "
                "summary, created_at, expires_at, confirmed_at, used_at) VALUES (?, ?, ?, ?, ?, "
                "?, ?, ?, ?) ON CONFLICT (confirmation_id) DO UPDATE SET confirmed_at = "
                "excluded.confirmed_at, used_at = excluded.used_at")
# A read's record's first statement, if it is one of these, runs when the call writes (the
# session's position, a session that exists: refused to that caller); the rest run later.
GUARDS = frozenset((NEW_SESSION, MESSAGE_EVENT, CALL_EVENT))
RECORDED = frozenset((NEW_SESSION, END_SESSION, MESSAGE_EVENT, MESSAGE, CALL_EVENT, CALL,
                      FINISH_CALL, CONFIRMATION))


# sqlite3 binds str, int, float and bytearray as they are, but sends bytes and None through its
# adaptation protocol, which looks for __adapt__ on its protocol type and so raises and clears an
# AttributeError per parameter (a few per call's record: its JSON texts, its unset columns).
# Adapters that give back the value itself (C callables, no Python frame) skip that search;
# what is bound does not change.
sqlite3.register_adapter(bytes, bytes)  # bytes(b) is b
_NOTHING: dict[None, None] = {}
sqlite3.register_adapter(type(None), _NOTHING.get)  # _NOTHING.get(None) is None


class _RowCount(Exception):
    """A guarded statement changed another number of rows than it must."""


def _refusal(e: BaseException) -> StoreError:
    """The store error for a statement SQLite refused. ValueError or OverflowError: a value it
    cannot store (a string that is not UTF-8 encodable, an integer past 64 bits); the edge
    refuses those, this keeps one bad caller from failing the others."""
    if isinstance(e, ValueError | OverflowError):
        return StoreInputError(f"SQLite write failed: {e}")
    if isinstance(e, _RowCount):
        return StoreConflict(f"SQLite write failed: {e}")
    return StoreError(f"SQLite write failed: {e}")


def _execute(db: sqlite3.Connection, statement: Statement, head: Head) -> Head:
    if statement[0] == AUDIT:
        actor, action, subject, body, *at = statement[1]  # at: when it was recorded
        return append(db, actor, action, subject, body, head, write_head=False,
                      ts=at[0] if at else None)
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


def _blob(value: Any) -> Any:
    """A ``bytes`` parameter in a record's JSON (the store's blobs are UTF-8 JSON text)."""
    if isinstance(value, bytes):
        return {"$b": value.decode()}
    raise TypeError(f"a {type(value).__name__} cannot be recorded")


def _encode_record(n: int, statements: list[Statement]) -> bytes:
    """Record ``n`` as a line of the records file. Each line starts with its newline: a part of
    a line left by a failed write cannot run into the next record (replay skips the part).
    Every value is one SQLite binds as it is (``_values``): a record that encodes runs, short
    of a key taken twice. Raises OverflowError, TypeError or ValueError (orjson's) if not."""
    out = [_audited(s) if s[0] == AUDIT else (s[0], _values(s[1])) for s in statements]
    return b"\n" + orjson.dumps([n, out], default=_blob)


def _audited(statement: Statement) -> Statement:
    """An audit entry as a record holds it, checked as its append will take it: names as text,
    a body that is JSON as it stands (the chain hashes it), a time that is a number."""
    actor, action, subject, body, *at = statement[1]
    if type(actor) is not str or type(action) is not str or type(subject) is not str \
            or (at and (len(at) > 1 or type(at[0]) is not float)):
        raise TypeError("an audit entry's actor, action and subject are text, its time a float")
    orjson.dumps(body)  # (raises TypeError for what the append could not serialise)
    return statement


def _values(params: tuple[Any, ...]) -> tuple[Any, ...]:
    """The parameters as a record holds them: text, bytes, None, booleans, integers SQLite
    holds (64 bits: a larger one is refused, as SQLite would), floats, those JSON cannot hold
    (infinite, NaN) spelt out (orjson would write null). Anything else is refused."""
    kinds = set(map(type, params))
    if kinds <= _TEXT_KINDS:  # nothing to check (ids, JSON text: most records)
        return params
    if kinds <= _TEXT_OR_INT:  # (a call's record: its sequence number and HTTP status)
        for value in params:
            if type(value) is int and not _INT_MIN <= value <= _INT_MAX:
                raise OverflowError(f"{value} does not fit SQLite's 64-bit integers")
        return params
    fixed: list[Any] | None = None
    for i, value in enumerate(params):
        kind = type(value)
        if kind is str or kind is bytes or value is None or kind is bool:
            continue
        if kind is int:
            if not _INT_MIN <= value <= _INT_MAX:
                raise OverflowError(f"{value} does not fit SQLite's 64-bit integers")
        elif kind is float:
            if not math.isfinite(value):
                fixed = fixed or list(params)
                fixed[i] = {"$f": repr(value)}
        else:
            raise TypeError(f"a {kind.__name__} cannot be recorded")
    return params if fixed is None else tuple(fixed)


_TEXT_KINDS = frozenset({str, bytes, type(None), bool})
_TEXT_OR_INT = _TEXT_KINDS | {int}
_INT_MIN, _INT_MAX = -(2 ** 63), 2 ** 63 - 1  # SQLite's 64-bit integers


def _decode_param(value: Any) -> Any:
    if isinstance(value, dict):
        return value["$b"].encode() if "$b" in value else float(value["$f"])
    return value


def _decode_record(line: bytes) -> tuple[int, list[Statement]]:
    n, raw = json_loads(line)
    statements: list[Statement] = []
    for sql, params in raw:
        if sql == AUDIT:
            statements.append((AUDIT, tuple(params)))
        elif sql in RECORDED:
            statements.append((sql, tuple(_decode_param(p) for p in params)))
        else:  # (the file is the store's own: anything else was put there by someone else)
            raise ValueError("a record holds a statement the store does not record")
    if type(n) is not int:
        raise ValueError("a record's number is not an integer")
    return n, statements


def migrate_sqlite(db: sqlite3.Connection, migrations: tuple[Migration, ...] = MIGRATIONS
                   ) -> list[int]:
    """Apply the shared migrations this file lacks (store/migrations.py); the versions applied."""
    db.execute(Template(VERSIONS_TABLE).substitute(DIALECTS["sqlite"]))
    done = []
    for m in pending(_applied_versions(db), migrations):
        apply_migration(db, m)
        done.append(m.version)
    return done


def _has_table(db: sqlite3.Connection, name: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                      (name,)).fetchone() is not None


def _applied_versions(db: sqlite3.Connection) -> set[int]:
    if not _has_table(db, "schema_migrations"):
        return set()
    return {r[0] for r in db.execute("SELECT version FROM schema_migrations")}


def apply_migration(db: sqlite3.Connection, m: Migration) -> None:
    """One migration in one transaction: all of it, or (on any failure) none of it.

    A migration that makes a table anew (``rebuilds``) follows SQLite's own procedure for a
    change ALTER TABLE cannot make: foreign keys off while the rows are copied (rows an older
    version left pointing at a session that is gone are copied as they are, not refused), the
    table's indexes and triggers made again after it (dropping a table drops them, and an
    operator may have added their own), and checks that the new table keeps what the old one
    had: no column lost (one an operator added is refused, not dropped), every trigger on it
    still compiles (``new.rowid`` does not on a table without rowid: SQLite would only say so
    at the next call's write), every view that read before still reads, and no foreign key
    broken that held before. A check that fails refuses the migration with what to change."""
    rebuilt = m.rebuilds if m.statements("sqlite") else None
    keys_on = bool(db.execute("PRAGMA foreign_keys").fetchone()[0])
    if rebuilt is not None and keys_on:
        db.execute("PRAGMA foreign_keys=OFF")  # (not inside a transaction: SQLite ignores it)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            if rebuilt is not None:
                columns = _columns(db, rebuilt)
                kept = [sql for (sql,) in db.execute(
                    "SELECT sql FROM sqlite_master WHERE tbl_name = ? COLLATE NOCASE AND type "
                    "IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid", (rebuilt,))]
                views = [v for v in _views(db) if _reads(db, v)]
                broken = _broken_keys(db, rebuilt)
            for sql in m.statements("sqlite"):
                db.execute(sql)
            for table, column, kind in m.add_columns:
                have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} "
                               f"{column_type(kind, 'sqlite')}")
            if rebuilt is not None:
                _check_rebuilt(db, m, rebuilt, columns, kept, views, broken)
            db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES "
                       "(?, ?, ?)", (m.version, m.name, time.time()))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    finally:
        if rebuilt is not None and keys_on:
            db.execute("PRAGMA foreign_keys=ON")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in db.execute(f"PRAGMA table_info({_quoted(table)})")]


def _views(db: sqlite3.Connection) -> list[str]:
    return [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'view'")]


def _reads(db: sqlite3.Connection, view: str) -> bool:
    try:
        db.execute(f"SELECT * FROM {_quoted(view)} LIMIT 0").fetchall()  # noqa: S608
    except sqlite3.Error:
        return False
    return True


def _check_rebuilt(db: sqlite3.Connection, m: Migration, table: str, columns: list[str],
                   kept: list[str], views: list[str], broken: int) -> None:
    """After a rebuild of ``table``: make its indexes and triggers again, and refuse (raise)
    if it lost a column, a trigger or view no longer compiles, or a foreign key broke."""
    what = f"migration {m.version} ({m.name})"
    now = set(_columns(db, table))
    lost = [c for c in columns if c not in now]
    if lost:
        raise StoreError(f"{what}: {table} has columns callgate did not make "
                         f"({', '.join(lost)}), which the rebuild would drop; move them to a "
                         "table of your own and start again; nothing was changed")
    first, name = _quoted(columns[0]), _quoted(table)
    made = [(sql, f"an index or trigger on {table} cannot be made on the new table",
             f": {sql}; drop it") for sql in kept]
    # the table's triggers compiled by statements that change nothing (names quoted)
    probes = [(sql, f"a trigger on {table} does not work on the new table",
               "; drop or change it") for sql in (
        f"INSERT INTO {name} SELECT * FROM {name} WHERE 0",  # noqa: S608
        f"UPDATE {name} SET {first} = {first} WHERE 0",  # noqa: S608
        f"DELETE FROM {name} WHERE 0")]  # noqa: S608
    for sql, trouble, fix in made + probes:
        try:
            db.execute(sql)
        except sqlite3.Error as e:
            raise StoreError(f"{what}: {trouble} ({e}){fix} and start again; nothing was "
                             "changed") from e
    stopped = [v for v in views if not _reads(db, v)]
    if stopped:
        raise StoreError(f"{what}: the views {', '.join(stopped)} no longer read on the new "
                         f"{table} (a view of rowid?); drop or change them and start again; "
                         "nothing was changed")
    if _broken_keys(db, table) > broken:
        raise StoreError(f"{what} would leave rows of {table} pointing at rows that do not "
                         "exist; nothing was changed")


def _broken_keys(db: sqlite3.Connection, table: str) -> int:
    """Rows of ``table``, and of the tables pointing at it, whose foreign key finds nothing."""
    tables = {table} | {r[0] for r in db.execute(
        "SELECT m.name FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS k "
        "WHERE m.type = 'table' AND k.\"table\" = ? COLLATE NOCASE", (table,))}
    return sum(db.execute("SELECT count(*) FROM pragma_foreign_key_check(?)", (t,))
               .fetchone()[0] for t in sorted(tables))


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
        self.migrations = MIGRATIONS  # the schema's (a test gives a later version's)
        self.observe_commit: Callable[[float], None] | None = None  # metrics: seconds
        self._checkpointer: sqlite3.Connection | None = None  # used on the checkpoint thread
        self._checkpoint: asyncio.Future[int] | None = None  # the running one
        self._commits = 0  # since the last checkpoint began
        self._checkpoint_failures = 0  # in a row
        self.checkpoint_every, self.wal_limit = CHECKPOINT_EVERY, WAL_LIMIT
        self._journal: int | None = None  # the records file (none for ':memory:')
        # records written to the file and run in the open transaction, not yet committed (or
        # to run again in the next one, after a failed commit)
        self._records: list[tuple[int, list[Statement]]] = []
        self._open = False  # a transaction is open (and holds the first _ran records above)
        self._ran = 0  # how many of the records the open transaction has run
        self._open_head: Head = None  # the audit chain's end in that transaction
        self._record_n = 0  # the last record's number
        self._upto = 0  # the last record's number committed (records_applied)
        self._records_timer: asyncio.TimerHandle | None = None
        self._failure = ""  # why the last commit failed
        self._help_checkpoint = False  # the WAL passed its limit: checkpoint after a commit
        self.records_batch, self.records_delay_s = RECORDS_BATCH, RECORDS_DELAY_S
        self.records_limit = RECORDS_LIMIT

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
        db: sqlite3.Connection | None = None
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            if self.path != ":memory:":
                os.chmod(self.path, 0o600)  # owner only; SQLite gives -wal and -shm the same
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=2000")
            self._db = db
            if self.path != ":memory:":
                db.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints off the loop (above)
                self._checkpointer = sqlite3.connect(self.path, isolation_level=None,
                                                     check_same_thread=False)
                # a schema newer than this code: refused first
                pending(_applied_versions(db), self.migrations)
                self._replay()  # before migrations: records run on the schema they were for
            self.migrated = migrate_sqlite(db, self.migrations)
        except BaseException as e:
            self._unopen(db)
            if isinstance(e, sqlite3.Error):
                raise StoreError(f"cannot open SQLite store {self.path}: {e}") from e
            raise  # (a schema newer than this code, a records file that cannot be run)

    def _unopen(self, db: sqlite3.Connection | None) -> None:
        """An open that failed: everything it took is given back (the file, its lock)."""
        self._disarm()
        self._records, self._open, self._ran, self._db = [], False, 0, None
        if db is not None:
            db.close()
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        if self._journal is not None:
            os.close(self._journal)
            self._journal = None
        self._release()

    def _replay(self) -> None:
        """Open the records file, and run and commit what it holds past ``records_applied``
        (a crash left it), in order. A line that does not read whole (its write failed, so it
        was never taken; or a power loss cut it) is left out."""
        records_path = self.path + "-records"
        try:
            self._journal = os.open(records_path, os.O_RDWR | os.O_APPEND | os.O_CREAT
                                    | os.O_NOFOLLOW, 0o600)  # (a link there is refused)
            with open(self._journal, "rb", closefd=False) as f:
                data = f.read()
        except OSError as e:
            raise StoreError(f"cannot open the records file {records_path}: {e.strerror}") from e
        known = _has_table(self.db, "records_applied")
        row = self.db.execute("SELECT upto FROM records_applied WHERE id = 1").fetchone() \
            if known else None
        upto = 0 if row is None else int(row[0])
        damaged, last = 0, upto
        for line in data.split(b"\n"):
            if not line:
                continue
            try:
                n, statements = _decode_record(line)
            except (ValueError, TypeError, KeyError, AttributeError):
                damaged += 1
                continue
            last = max(last, n)
            if n > upto:
                self._records.append((n, statements))
        if not known and self._records:  # a database from before records (or made anew)
            self._set_aside_from(0, "sqlite_records_without_a_database",
                                 "the database has no records", file=records_path)
        if damaged:
            log.warning("sqlite_records_cut_short", file=records_path, lines=damaged,
                        effect="left out: each is a record whose write failed, or one a power "
                               "loss cut; every whole record is applied")
        # Records follow each other by number (a failed write's part has its successor's
        # number and does not parse). The first one past upto that is not the next (a file
        # beside a database restored from a backup, or one a power loss cut in the middle)
        # and all after it cannot be run in order: they are set aside for an operator.
        following = 0
        for n, _ in self._records:
            if n != upto + following + 1:
                break
            following += 1
        if following < len(self._records):
            self._set_aside_from(following, "sqlite_records_out_of_sequence", "out of sequence",
                                 file=records_path, committed=upto,
                                 next=self._records[following][0])
        # numbering goes on past every number the file holds (run, set aside or cut short),
        # and records_applied is brought up to it by the next commit
        self._upto, self._record_n = upto, last
        if not known:
            self._upto = self._record_n  # (no table yet: migration 9 starts it at the next)
        if self._records or self._record_n > self._upto:
            self._flush()
            if self._records or self._record_n > self._upto:
                raise StoreError(f"cannot apply the records file {records_path} to the "
                                 f"database: {self._failure}")
        elif data:  # all of it was committed before the crash
            os.ftruncate(self._journal, 0)

    def _disarm(self) -> None:
        """No timer is left to apply or retry the records."""
        if self._records_timer is not None:
            self._records_timer.cancel()
            self._records_timer = None

    def _release(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    async def close(self) -> None:
        if self._db is not None and (self._records or self._pending):
            self._flush()  # (records it cannot commit now stay in their file, for the next open)
        self._disarm()  # (a timer waiting, or one a failed commit armed again)
        self._records, self._open, self._ran = [], False, 0
        if self._journal is not None:
            os.close(self._journal)
            self._journal = None
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
        if future.result() > self.wal_limit:
            self._help_checkpoint = True  # right after the next commit
            if not self._open:
                self._helped()

    def _helped(self) -> None:
        """The WAL passed ``wal_limit``: checkpoint on the writer's connection now, between two
        transactions (a short stall, rarely)."""
        self._help_checkpoint = False
        db = self._db
        if db is not None and not db.in_transaction:
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

    def _visible(self) -> None:
        """Before a read: the records are in the open transaction, where the read sees them.
        After a failed commit they are run again first; if that fails, the read fails rather
        than answer without them."""
        if self._records:
            try:
                self._catch_up()  # (nothing to do if the open transaction has run them all)
            except (sqlite3.Error, StoreError) as e:
                self._abandon(e)
                raise StoreError(f"SQLite read failed: the records cannot be run ({e})") from e

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        self._visible()
        try:
            return self.db.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"SQLite read failed: {e}") from e

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        self._visible()
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

    async def _session_write(self, statements: list[Statement], whole: bool = True) -> None:
        """What every call writes: a record (the module's docstring); with no file
        (``:memory:``), committed as a write. ``whole``: run all of it now (anything that
        precedes an effect outside the proxy, or that a decision rests on), else its guard
        only, the rest with the next batch (a read's record)."""
        if self._journal is None:
            await self._write(statements)
        else:
            self._record(statements, whole)

    def _record(self, statements: list[Statement], whole: bool) -> None:
        """Take ``statements`` as one record: run in the open transaction (after every record
        before it) if ``whole``, else its guard only (the rest is left for ``_catch_up``),
        and written to the records file. On any failure none of it stays, and the caller gets
        a store error (``StoreInputError`` for a value SQLite cannot store, ``StoreConflict``
        for a guard)."""
        fd = self._journal
        assert fd is not None
        if not self.writable and self._records:
            self._flush()  # the last commit failed: what waits is tried once more first,
            if not self.writable:  # and while it fails nothing more is taken (as before,
                raise StoreError(  # when each call committed and each failed)
                    f"SQLite write failed: the store cannot commit now ({self._failure}); "
                    "nothing was recorded")
        if len(self._records) >= self.records_limit:
            raise StoreError(f"SQLite write failed: {len(self._records)} records wait for a "
                             "commit; nothing was recorded")
        now = now_s()  # an audit entry's time: when it was recorded
        stamped = [(AUDIT, (*s[1], now)) if s[0] == AUDIT and len(s[1]) == 4 else s
                   for s in statements]
        n = self._record_n + 1
        try:
            line = _encode_record(n, stamped)
        except (TypeError, ValueError, OverflowError) as e:  # (orjson's errors are TypeErrors)
            raise StoreInputError(f"SQLite write failed: {e}") from e
        db = self.db
        try:
            if whole:
                self._catch_up()  # the records before it run first, in their order
            elif not self._transaction_open():
                self._begin()
        except (sqlite3.Error, StoreError) as e:
            self._abandon(e)
            raise StoreError(f"SQLite write failed: {e}") from e
        # No savepoint (it copies every page the open transaction has changed): a first
        # statement that fails leaves nothing (SQLite undoes a failed statement); a failure
        # after it rolls the whole transaction back, and the records before this one run
        # again in the next (``_begin``). (Values are checked before, by the encoding; a
        # later statement fails only on a key of its own, a call's id: never expected.)
        run = stamped if whole else stamped[:1] if stamped[0][0] in GUARDS else []
        head = self._open_head
        ran = 0
        try:
            for statement in run:
                head = _execute(db, statement, head)
                ran += 1
            written = os.write(fd, line)
            if written != len(line):  # a full disk: the rest never comes (replay leaves it out)
                raise StoreError("the records file took only part of a record (is the disk "
                                 "full?)")
        except BaseException as e:
            if ran or not db.in_transaction:
                self._abandon(e)
            elif not self._records:  # the transaction holds nothing: not left open (its lock)
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                self._open = False
            if isinstance(e, StoreError):
                raise StoreError(f"SQLite write failed: {e}") from e
            if isinstance(e, OSError):
                raise StoreError(f"SQLite write failed: the records file: {e.strerror}") from e
            if isinstance(e, sqlite3.Error | ValueError | OverflowError | _RowCount):
                raise _refusal(e) from e
            raise
        self._open_head = head
        self._record_n = n
        self._records.append((n, stamped))
        if whole:  # (every record before it has run: _catch_up)
            self._ran = len(self._records)
        if len(self._records) >= self.records_batch and self.writable:
            # (while commits fail, the retry timer tries, not each record)
            if len(self._records) >= 4 * self.records_batch:
                self._flush()  # a writer that never lets the loop turn: commit in its call
            else:
                self._schedule_flush()
        elif self._records_timer is None:
            self._records_timer = asyncio.get_running_loop().call_later(self.records_delay_s,
                                                                        self._flush)

    def _begin(self) -> None:
        """Open the transaction the records run in, and run again in it the records a failed
        commit took back (in their order: the same statements on the same data, so they do
        what they did; one that now fails is set aside, ``_set_aside``)."""
        db = self.db
        if db.in_transaction:  # left open by a failure we could not roll back then
            db.execute("ROLLBACK")
        db.execute("BEGIN IMMEDIATE")
        self._open = True
        head = self._audit_head
        kept: list[tuple[int, list[Statement]]] = []
        for n, statements in self._records:
            saved = head
            db.execute("SAVEPOINT one")
            try:
                for statement in statements:
                    head = _execute(db, statement, head)
            except (sqlite3.Error, TypeError, ValueError, OverflowError, _RowCount) as e:
                db.execute("ROLLBACK TO one")
                head = saved
                self._set_aside(n, statements, e)
            else:
                kept.append((n, statements))
            db.execute("RELEASE one")
        self._records, self._ran = kept, len(kept)
        self._open_head = head

    def _transaction_open(self) -> bool:
        """The transaction the records run in is open (SQLite may have rolled it back on an
        error)."""
        return self._open and self.db.in_transaction

    def _catch_up(self) -> None:
        """Run in the open transaction (opened if it is not) the records it has not run yet,
        one after another. A record whose key is taken (never expected: its values were
        checked when it was taken, and this process is the only writer) takes the
        transaction back, as does one SQLite finds too large (past its length limit); it is
        run again record by record (``_begin``), which sets that one aside. Raises
        ``sqlite3.Error`` or ``StoreError`` if no transaction can hold them."""
        db = self.db
        if not self._transaction_open():
            self._begin()
            return
        if self._ran == len(self._records):
            return
        head = self._open_head
        try:
            for _, statements in self._records[self._ran:]:
                for statement in statements[1:] if statements[0][0] in GUARDS else statements:
                    head = _execute(db, statement, head)
        except (sqlite3.IntegrityError, sqlite3.DataError, TypeError, ValueError, OverflowError,
                _RowCount):
            # a record that cannot run for what it holds; any other error (a full disk) is the
            # transaction's: the caller abandons it and the records run again in the next
            if db.in_transaction:
                db.execute("ROLLBACK")
            self._open = False
            self._begin()
            return
        self._open_head = head
        self._ran = len(self._records)

    def _set_aside_from(self, first: int, event: str, why: str, **detail: Any) -> None:
        """At replay: the records from index ``first`` on cannot be run; set them aside."""
        log.error(event, set_aside=len(self._records) - first,
                  kept=self.path + "-records.refused", **detail)
        for n, statements in self._records[first:]:
            self._set_aside(n, statements, StoreError(why))
        del self._records[first:]

    def _set_aside(self, n: int, statements: list[Statement], err: BaseException) -> None:
        """A record that ran when it was written and fails when run again (after a failed
        commit, or at start): kept in a file beside the records for an operator, and logged.
        (A fault of callgate's own, or a database changed by hand; never expected.)"""
        where = self.path + "-records.refused"
        log.error("sqlite_record_refused", record=n, error=repr(err), kept=where)
        try:
            fd = os.open(where, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            with open(fd, "ab") as f:  # (owner only, like the database: it holds call data)
                f.write(_encode_record(n, statements))
        except (OSError, TypeError, ValueError, OverflowError) as e:
            log.error("sqlite_record_lost", record=n, error=repr(e))

    async def _write(self, statements: list[Statement]) -> None:
        """Commit ``statements`` atomically; returns once they are committed.

        Writes that arrive in the same turn of the event loop share one transaction (group
        commit; the open one, with its records, if there is one), each inside its own
        savepoint: one caller's failure rolls back only its own statements, and a failed
        COMMIT fails every caller in the group (the records stay, to commit again).
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((statements, future))
        self._schedule_flush()
        await future

    def _schedule_flush(self) -> None:
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_scheduled = False
        self._disarm()
        batch, self._pending = self._pending, []
        if not batch and not self._records and self._record_n <= self._upto:
            return
        started = time.perf_counter()
        try:
            self._commit(batch)
            if self.observe_commit is not None:
                self.observe_commit(time.perf_counter() - started)
        except BaseException as e:  # never leave a caller waiting or a transaction open
            self._abandon(e)
            for _, future in batch:
                _fail(future, StoreError(f"SQLite write failed: {e!r}"))
            if not isinstance(e, Exception):
                raise

    def _abandon(self, err: BaseException | None = None) -> None:
        """Roll back whatever is open, and note that the store could not write. Records the
        transaction held stay, to run again in the next one (``_begin``): in ``RETRY_S``, or
        at the next write or record."""
        self._audit_head = self._open_head = None  # read it again from the table next time
        self._open, self._ran = False, 0
        self.writable = False
        db = self._db
        if db is not None and db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        if self._records:
            self._failure = repr(err)
            log.error("sqlite_records_not_committed", records=len(self._records),
                      error=repr(err), effect="kept in the records file; committed with the "
                      "next write that succeeds (readiness is down until then)")
            if self._records_timer is None:
                with contextlib.suppress(RuntimeError):  # (no loop: the next open has them)
                    self._records_timer = asyncio.get_running_loop().call_later(
                        RETRY_S, self._flush)

    def _commit(self, batch: list[tuple[list[Statement], asyncio.Future[None]]]) -> None:
        done: list[asyncio.Future[None]] = []
        try:
            self._catch_up()
        except (sqlite3.Error, StoreError) as e:
            self._abandon(e)
            for _, future in batch:
                _fail(future, StoreError(f"SQLite write failed: {e}"))
            return
        db = self.db
        head = self._open_head  # the audit chain's end, in memory: this process is the writer
        alone = len(batch) == 1 and not self._records  # no savepoint: a failure rolls back all
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
            except (sqlite3.Error, ValueError, OverflowError, _RowCount) as e:
                _fail(future, _refusal(e))
                if alone:
                    db.execute("ROLLBACK")
                    self._open, self._ran = False, 0
                    return
                db.execute("ROLLBACK TO one")
                db.execute("RELEASE one")
                head = saved
        upto = self._record_n  # every record numbered so far is in this transaction or was
        try:                   # set aside: none is written while it commits
            if head is not None and head != self._audit_head:
                save_head(db, head)  # once per transaction, in it
            if upto > self._upto:
                db.execute("INSERT INTO records_applied (id, upto) VALUES (1, ?) ON CONFLICT "
                           "(id) DO UPDATE SET upto = excluded.upto", (upto,))
            db.execute("COMMIT")
        except sqlite3.Error as e:
            self._abandon(e)
            for future in done:
                _fail(future, StoreError(f"SQLite commit failed: {e}"))
            return
        self._open, self._ran = False, 0
        self._audit_head = head
        self.writable = True
        self._records = []
        for future in done:
            if not future.done():
                future.set_result(None)
        if upto > self._upto:  # every record in the file is committed (or set aside)
            self._upto = upto
            try:
                os.ftruncate(cast(int, self._journal), 0)
            except OSError as e:  # they stay, numbered: the next open skips them
                log.warning("sqlite_records_not_truncated", error=repr(e))
        if self._help_checkpoint:
            self._helped()
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
        self._visible()
        for k in keys:
            row = self.db.execute("SELECT call_id FROM claims WHERE claim = ?", (k,)).fetchone()
            if row is not None and row[0] != call_id:
                return str(row[0])
        return None

    async def release(self, keys: list[str], call_id: str) -> None:
        await self._write([("DELETE FROM claims WHERE claim = ? AND call_id = ?", (k, call_id))
                           for k in keys])

    async def create_session(self, session: SessionState) -> None:
        await self._session_write([(
            NEW_SESSION,
            (session.session_id, session.environment.value, _dump(session.user),
             _dump(session.tags), session.started_at, session.agent_key, session.mode),
        )])

    async def end_session(self, session_id: str, ended_at: str, outcome: dict[str, Any]) -> None:
        await self._session_write([(
            END_SESSION,
            (ended_at, _dump(outcome), session_id),
        )])

    async def add_message(self, session_id: str, message: Message) -> None:
        await self._session_write([
            (MESSAGE_EVENT, (session_id, message.seq)),
            (MESSAGE, (session_id, message.seq, str(message.role), message.content, message.ts)),
        ])

    async def add_call(self, call: CallRecord) -> None:
        arguments = canonical_json(call.arguments)
        statements: list[Statement] = [(
            CALL_EVENT, (call.session_id, call.seq),
        ), (
            CALL,
            (call.call_id, call.session_id, call.seq, call.tool, call.kind,
             scrubbed_json(call.arguments, True, arguments), call.decision_id, call.verdict,
             _dump(call.rules),
             call.policy_version, str(call.outcome),
             result_text(call), call.upstream_status,
             call.error_code, call.started_at, call.finished_at),
        )]
        if call.verdict != "none":  # every policy decision goes to the audit log with its call
            statements.append(audit_entry("policy", "decision", call.call_id, {
                "session_id": call.session_id, "tool": call.tool, "verdict": call.verdict,
                "rules": call.rules, "policy_version": call.policy_version,
                "arguments_sha256": hashlib.sha256(arguments).hexdigest(),
            }))
        await self._session_write(statements, whole=call.kind != "read")

    async def finish_call(self, call: CallRecord, *, answered: bool = False) -> None:
        statements: list[Statement] = [(
            FINISH_CALL,
            (str(call.outcome), result_text(call),
             call.upstream_status, call.error_code, call.finished_at, call.call_id),
        )]
        await self._session_write(statements, whole=call.kind != "read")

    async def save_confirmation(self, session_id: str, confirmation: Confirmation) -> None:
        c = confirmation
        await self._session_write([(
            CONFIRMATION,
            (c.confirmation_id, session_id, c.call_hash, c.tool, c.summary, c.created_at,
             c.expires_at, c.confirmed_at, c.used_at),
        )])

    async def last_fact(self, session_id: str, tool: str, arguments_key: str) -> Any:
        self._visible()
        row = self.db.execute(
            "SELECT result FROM facts WHERE session_id = ? AND tool = ? AND args = ? "
            "ORDER BY seq DESC LIMIT 1",
            (session_id, tool, arguments_key.encode()),
        ).fetchone()
        return None if row is None else json_loads(row[0])

    async def load_session(self, session_id: str) -> SessionState | None:
        self._visible()
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
