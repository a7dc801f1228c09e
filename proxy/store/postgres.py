"""The PostgreSQL store (asyncpg): the same interface as SQLite, for several proxy replicas.

Messages and calls share one sequence per session, enforced by the ``events`` primary key, so
two replicas racing for one position cannot both win (the loser fails closed).

A call costs a few round trips, whatever the session's length: ``session`` takes the session's
advisory lock and, in the same round trip (``callgate_enter``, a function this store installs),
reads the session's version and only what changed since the version the replica's cache holds;
each record of the call is one statement (data-modifying CTEs: the row, the session's version
bump and the audit entry commit together). The lock is kept for ``linger_s`` after the call
(``_Lingering``): the session's next call in that time enters without a round trip, another
call that takes the connection lets the lock go in its own enter, and what is left lingering
is let go alone; where the pool has no connection to spare, a call ending hands its connection,
lock and all, to a call waiting to enter another session (``_hand_over``), whose enter lets the
old lock go. While a session is held, the task's other statements run on its connection
(``_conn``). A read call's record, and what the upstream said to a write (its finish), are
kept back while the lock is held (``_Kept``) and written in the round trip that lets the lock
go (``callgate_release``, or the next enter on the connection: ``callgate_enter_after``,
which commits the records before it lets the lock go), or before the session's next
statement: no replica can read or change the session in between, a read changed nothing
upstream, and a write's record in flight was written before it was sent. So a read call
makes one round trip (its enter) and a write two or three (one more with a once-only claim),
plus the lock's release where no call takes it along; a read right after another on the
same session, none. The price: the answer leaves before its record is written, so a crash
of the process (or a broken connection) in that time loses the record (``linger_s``,
``HOLD_MAX`` times that at most); the session is then read whole again, and a rule that
needs the read finds it missing and refuses, as for a read never made, and the write stays
in flight (its outcome unknown: an identical retry is held, never sent again), as when the
process dies while the upstream answers. A read of the store in this process writes what the
lingering locks kept first (``_settle``), and a read of a session (``load_session``) waits
for another replica's lingering lock on it to go (``callgate_settled``, a short bound).

One of the store's connections, the lock connection (``_LockConnection``), takes the locks
of the sessions this process enters: each of its round trips carries every enter and release
waiting for it (``callgate_batch``: the released sessions' kept records committed in one
transaction, their locks let go, the entered sessions' locks tried and their changes read), so
under load a call costs a share of a round trip and of a commit. A lock kept there after its
call (``_Parked``) holds no connection of the pool, and the block's statements take one from
the pool when the first comes (a read takes none), but a message's record and a write's: those
go in the lock connection's next round trip too, committed before the call goes on, the lock
kept (``_write_through_locks``). A call with no other in flight (nothing to
share a round trip with), a session another replica holds (the try finds it taken) and every
call for a second after the lock connection failed are entered the usual way, on a connection
of their own. Its death loses what it kept (the sessions' copies
are read whole next time) and its locks: a block whose lock went with it writes nothing more,
and a write's record written on another connection (a record from another task than the
block's) waits for the lock connection to answer a round trip first (``_confirm``) so that a
connection cut without a word stops the write as a statement on the lock's own connection
would.

Every session change bumps ``sessions.version`` and stamps the changed row with it. Policy
decisions are chained into the audit log in the call's own statement, on a chain leased by one
writer at a time (``_Chains``): no head row every replica waits on, and each chain verifies
alone (store/audit.py).

The human gate's tables (tickets, outbox, operators, agent keys) live here too, written through
the same portable ``write``/``fetch`` interface as on SQLite; ``lock`` is an advisory lock, so a
ticket is changed by one replica at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from string import Template
from typing import Any, TypeVar, cast

import asyncpg
import orjson
import structlog

from ..errors import StoreConflict, StoreError, StoreInputError
from ..parse import loads as json_loads
from ..session import CallRecord, Confirmation, Message, SessionState, canonical_json
from ..trace import scrubbed_json  # card numbers never at rest (policy never needs them)
from .audit import GENESIS, next_entry
from .migrations import DIALECTS, VERSIONS_TABLE, column_type, pending
from .rows import (
    CALL_COLUMNS,
    CONFIRMATION_COLUMNS,
    MESSAGE_COLUMNS,
    SESSION_COLUMNS,
    apply_changes,
    assemble,
    result_text,
)
from .statements import AUDIT, Statement, numbered

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
log = structlog.get_logger("callgate.store")


def _dump(value: Any) -> bytes:
    return orjson.dumps(value)


def _text(column: str) -> str:
    return f"convert_from({column}, 'UTF8')"


# The session's lock and, in the same round trip, what changed since the version the caller
# holds (``known``; -1: everything). A VOLATILE PL/pgSQL function reads with a new snapshot
# after the lock is taken, so it sees what the previous holder committed. NULL: no session.
ENTER_FUNCTION = """
CREATE OR REPLACE FUNCTION callgate_enter(sid TEXT, known BIGINT, release TEXT)
RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
    IF release IS NOT NULL THEN  -- the session whose lock this connection kept after its call
        PERFORM pg_advisory_unlock(hashtextextended(release, 0));
    END IF;
    PERFORM pg_advisory_lock(hashtextextended(sid, 0));
    RETURN callgate_changes(sid, known);
END
$fn$"""

# What changed in a session since version ``known`` (-1: all of it), its lock held: the
# version alone if nothing did; NULL if there is no such session (``callgate_enter``).
CHANGES_FUNCTION = f"""
CREATE OR REPLACE FUNCTION callgate_changes(sid TEXT, known BIGINT)
RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    v BIGINT;
BEGIN
    SELECT version INTO v FROM sessions WHERE session_id = sid;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    IF v = known THEN
        RETURN json_build_array(v)::text;
    END IF;
    IF v < known THEN  -- the store went back (a restore): read it all again
        known := -1;
    END IF;
    RETURN json_build_array(
        v,
        (SELECT CASE WHEN known < 0 THEN json_build_array(
                    environment, {_text("end_user")}, {_text("tags")}, started_at, ended_at,
                    {_text("outcome")}, agent_key, COALESCE(mode, 'proxy'))
                ELSE json_build_array(ended_at, {_text("outcome")}) END
         FROM sessions WHERE session_id = sid),
        COALESCE((SELECT json_agg(json_build_array(seq, role, content, ts) ORDER BY seq)
                  FROM messages WHERE session_id = sid AND version > known), '[]'::json),
        COALESCE((SELECT json_agg(json_build_array(
                    call_id, seq, tool, kind, {_text("arguments")}, decision_id, verdict,
                    {_text("rules")}, policy_version, outcome, {_text("result")},
                    upstream_status, error_code, started_at, finished_at) ORDER BY seq)
                  FROM calls WHERE session_id = sid AND version > known), '[]'::json),
        COALESCE((SELECT json_agg(json_build_array(
                    confirmation_id, call_hash, tool, summary, created_at, expires_at,
                    confirmed_at, used_at))
                  FROM confirmations WHERE session_id = sid AND version > known), '[]'::json)
    )::text;
END
$fn$"""  # noqa: S608

# Records this process kept back while it held their session (``_Kept``), written in order,
# the session's version going up by one each: NULL, or why none was (the block's
# subtransaction takes back any it wrote). ``records``: a JSON array, one array a record: a
# call's row (and its audit entry), a write's finish (``"finish"`` first), or a message
# (``"message"`` first: its seq, role, content and time).
# (Named anew whenever what it takes changes, as when messages came, ``callgate_flush`` before:
# every replica installs its own functions at open, and an older replica starting beside newer
# ones would otherwise put back a function that refuses the newer records.)
FLUSH_FUNCTION = """
CREATE OR REPLACE FUNCTION callgate_write_records(sid TEXT, records TEXT)
RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    r JSONB;
    a JSONB;
    v BIGINT;
BEGIN
    IF records IS NULL THEN
        RETURN NULL;
    END IF;
    BEGIN
        FOR r IN SELECT jsonb_array_elements(records::jsonb) LOOP
            UPDATE sessions SET version = version + 1 WHERE session_id = sid
                RETURNING version INTO STRICT v;
            IF r->>0 = 'message' THEN
                INSERT INTO events (session_id, seq, kind) VALUES (sid, (r->>1)::bigint,
                    'message');
                INSERT INTO messages (session_id, seq, role, content, ts, version)
                VALUES (sid, (r->>1)::bigint, r->>2, r->>3, r->>4, v);
                CONTINUE;
            END IF;
            IF jsonb_typeof(r->0) = 'string' THEN  -- a write's finish: what the upstream said
                UPDATE calls SET outcome = r->>2, result = convert_to(r->>3, 'UTF8'),
                    upstream_status = (r->>4)::int, error_code = r->>5, finished_at = r->>6,
                    version = v
                    WHERE session_id = sid AND call_id = r->>1;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'no call % in session %', r->>1, sid;
                END IF;
                CONTINUE;
            END IF;
            INSERT INTO events (session_id, seq, kind) VALUES (sid, (r->>0)::bigint, 'call');
            INSERT INTO calls (session_id, seq, call_id, tool, kind, arguments, decision_id,
                verdict, rules, policy_version, outcome, result, upstream_status, error_code,
                started_at, finished_at, version)
            VALUES (sid, (r->>0)::bigint, r->>1, r->>2, r->>3, convert_to(r->>4, 'UTF8'),
                r->>5, r->>6, convert_to(r->>7, 'UTF8'), r->>8, r->>9,
                convert_to(r->>10, 'UTF8'), (r->>11)::int, r->>12, r->>13, r->>14, v);
            a := r->15;
            IF jsonb_typeof(a) = 'array' THEN
                INSERT INTO audit (chain, seq, ts, actor, action, subject, body, prev_hash, hash)
                VALUES (a->>0, (a->>1)::bigint, (a->>2)::double precision, a->>3, a->>4,
                        a->>5, convert_to(a->>6, 'UTF8'), a->>7, a->>8);
                INSERT INTO audit_chains (chain, seq, hash) VALUES (a->>0, (a->>1)::bigint, a->>8)
                    ON CONFLICT (chain) DO UPDATE SET seq = excluded.seq, hash = excluded.hash;
            END IF;
        END LOOP;
    EXCEPTION WHEN OTHERS THEN
        RETURN SQLSTATE || ' ' || SQLERRM;
    END;
    RETURN NULL;
END
$fn$"""

# A session's kept records, committed before its lock is let go (a session-level lock is let
# go at once, not at commit: another replica taking it must find them), then, for an enter,
# ``callgate_enter`` (which lets ``release`` go): one round trip. Procedures, for the COMMIT.
# Records refused: the lock is kept, so that this process marks its copy (read it whole next
# time) before another replica can change the session to the version the copy counted.
ENTER_AFTER_PROCEDURE = """
CREATE OR REPLACE PROCEDURE callgate_enter_after(sid TEXT, known BIGINT, release TEXT,
    records TEXT, INOUT refused TEXT, INOUT answer TEXT)
LANGUAGE plpgsql AS $fn$
BEGIN
    refused := callgate_write_records(release, records);
    COMMIT;
    IF refused IS NULL THEN
        answer := callgate_enter(sid, known, release);
    END IF;  -- refused: nothing entered, and ``release`` still held (see above)
END
$fn$"""
RELEASE_PROCEDURE = """
CREATE OR REPLACE PROCEDURE callgate_release(sid TEXT, records TEXT, INOUT refused TEXT)
LANGUAGE plpgsql AS $fn$
BEGIN
    refused := callgate_write_records(sid, records);
    COMMIT;
    IF refused IS NULL THEN
        PERFORM pg_advisory_unlock(hashtextextended(sid, 0));
    END IF;
END
$fn$"""

# The lock connection's round trip (``_LockConnection``): the kept records of the sessions
# it lets go or writes for (``releases``, ``records``: NULL for none), each session's in its
# own subtransaction, committed before the locks of those to let go (``lets_go``) go (one
# refused keeps its lock: see above; a session written for keeps its lock: its block runs);
# then the sessions it enters: each lock tried (``'busy'`` where another replica holds it, or
# where reading the session failed: the caller enters the usual way), and what changed since
# ``knowns``. (A session lock outlives a subtransaction's rollback: let go explicitly.)
BATCH_PROCEDURE = """
CREATE OR REPLACE PROCEDURE callgate_batch(releases TEXT[], records TEXT[],
    lets_go BOOLEAN[], enters TEXT[], knowns BIGINT[], INOUT refused TEXT[],
    INOUT answers TEXT[])
LANGUAGE plpgsql AS $fn$
BEGIN
    refused := '{}';
    answers := '{}';
    FOR i IN 1 .. COALESCE(array_length(releases, 1), 0) LOOP
        refused := array_append(refused, callgate_write_records(releases[i], records[i]));
    END LOOP;
    COMMIT;
    FOR i IN 1 .. COALESCE(array_length(releases, 1), 0) LOOP
        IF refused[i] IS NULL AND lets_go[i] THEN
            PERFORM pg_advisory_unlock(hashtextextended(releases[i], 0));
        END IF;
    END LOOP;
    FOR i IN 1 .. COALESCE(array_length(enters, 1), 0) LOOP
        IF pg_try_advisory_lock(hashtextextended(enters[i], 0)) THEN
            BEGIN
                answers := array_append(answers, callgate_changes(enters[i], knowns[i]));
            EXCEPTION WHEN OTHERS THEN  -- (its read failed: a lock_timeout, say) that call
                PERFORM pg_advisory_unlock(hashtextextended(enters[i], 0));  -- alone goes
                answers := array_append(answers, 'busy');  -- the usual way
            END;
        ELSE
            answers := array_append(answers, 'busy');
        END IF;
    END LOOP;
END
$fn$"""

# Wait (up to ``wait``, a lock_timeout) until no replica holds the session's lock, so that the
# records a lingering lock kept are committed: true, or false if the lock stayed held (a call
# still running, whose statements write what it kept first). The transaction-level shared lock
# is let go when the statement ends.
SETTLED_FUNCTION = """
CREATE OR REPLACE FUNCTION callgate_settled(sid TEXT, wait TEXT)
RETURNS BOOLEAN LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
    PERFORM set_config('lock_timeout', wait, true);
    PERFORM pg_advisory_xact_lock_shared(hashtextextended(sid, 0));
    RETURN true;
EXCEPTION WHEN lock_not_available THEN
    RETURN false;
END
$fn$"""

# What only this store reads: changes since a version, and chains one by one (SQLite keeps
# one chain and no versions, and would pay for these indexes on every insert).
VERSION_INDEXES = (
    "CREATE INDEX IF NOT EXISTS messages_by_version ON messages (session_id, version)",
    "CREATE INDEX IF NOT EXISTS calls_by_version ON calls (session_id, version)",
    "CREATE INDEX IF NOT EXISTS confirmations_by_version ON confirmations (session_id, version)",
    "CREATE INDEX IF NOT EXISTS audit_by_chain ON audit (chain, id)",
)

# Once-only keys for a call, all or none, in one round trip: NULL, or the call holding a key
# (the block's subtransaction takes back what this call inserted before it).
CLAIM_FUNCTION = """
CREATE OR REPLACE FUNCTION callgate_claim(keys TEXT[], cid TEXT, at DOUBLE PRECISION)
RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    k TEXT;
    holder TEXT;
BEGIN
    BEGIN
        FOREACH k IN ARRAY keys LOOP
            INSERT INTO claims (claim, call_id, created_at) VALUES (k, cid, at)
                ON CONFLICT (claim) DO NOTHING;
            SELECT call_id INTO holder FROM claims WHERE claim = k;
            IF holder <> cid THEN
                RAISE EXCEPTION USING MESSAGE = holder, ERRCODE = 'P0001';
            END IF;
        END LOOP;
    EXCEPTION WHEN raise_exception THEN
        RETURN SQLERRM;
    END;
    RETURN NULL;
END
$fn$"""

# One statement per session change: the session's version goes up and the changed row carries
# it (a replica then reads only rows newer than the version it holds).
_BUMP = ("WITH v AS (UPDATE sessions SET version = version + 1 WHERE session_id = $1 "
         "RETURNING version)")
ADD_MESSAGE = (f"{_BUMP}, e AS (INSERT INTO events (session_id, seq, kind) VALUES ($1, $2, "  # noqa: S608
               "'message')) INSERT INTO messages (session_id, seq, role, content, ts, version) "
               "VALUES ($1, $2, $3, $4, $5, (SELECT version FROM v)) RETURNING version")
_CALL = (f"{_BUMP}, e AS (INSERT INTO events (session_id, seq, kind) VALUES ($1, $2, 'call'))"  # noqa: S608
         "{audit} INSERT INTO calls (session_id, seq, call_id, tool, kind, arguments, "
         "decision_id, verdict, rules, policy_version, outcome, result, upstream_status, "
         "error_code, started_at, finished_at, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
         "$9, $10, $11, $12, $13, $14, $15, $16, (SELECT version FROM v)) RETURNING version")
_AUDIT_CTE = (", a AS (INSERT INTO audit (chain, seq, ts, actor, action, subject, body, "
              "prev_hash, hash) VALUES ($17, $18, $19, $20, $21, $22, $23, $24, $25)), "
              "h AS (INSERT INTO audit_chains (chain, seq, hash) VALUES ($17, $18, $25) "
              "ON CONFLICT (chain) DO UPDATE SET seq = excluded.seq, hash = excluded.hash)")
ADD_CALL = _CALL.format(audit="")
ADD_AUDITED_CALL = _CALL.format(audit=_AUDIT_CTE)
FINISH_CALL = (f"{_BUMP} UPDATE calls SET outcome = $2, result = $3, upstream_status = $4, "  # noqa: S608
               "error_code = $5, finished_at = $6, version = (SELECT version FROM v) "
               "WHERE call_id = $7 RETURNING version")
SAVE_CONFIRMATION = (
    f"{_BUMP} INSERT INTO confirmations (session_id, confirmation_id, call_hash, tool, summary, "  # noqa: S608
    "created_at, expires_at, confirmed_at, used_at, version) VALUES ($1, $2, $3, $4, $5, $6, "
    "$7, $8, $9, (SELECT version FROM v)) ON CONFLICT (confirmation_id) DO UPDATE SET "
    "confirmed_at = excluded.confirmed_at, used_at = excluded.used_at, "
    "version = excluded.version RETURNING version")
END_SESSION = ("UPDATE sessions SET ended_at = $2, outcome = $3, version = version + 1 "
               "WHERE session_id = $1 RETURNING version")
CHAIN_HEAD = ("INSERT INTO audit_chains (chain, seq, hash) VALUES ($1, $2, $3) ON CONFLICT "
              "(chain) DO UPDATE SET seq = excluded.seq, hash = excluded.hash")


class _Chains:
    """Audit chains, each extended by one transaction at a time: a writer leases a chain and
    its head, and gives it back with the new head once its transaction committed. A chain
    whose last transaction's fate is unknown (the connection broke) is never leased again,
    so no chain forks. Chains are named after this process (a random prefix) and a counter."""

    def __init__(self) -> None:
        self._prefix = secrets.token_hex(4)
        self._made = 0
        self._free: list[tuple[str, tuple[int, str]]] = []

    def lease(self) -> tuple[str, tuple[int, str]]:
        if self._free:
            return self._free.pop()
        self._made += 1
        return f"{self._prefix}-{self._made}", (0, GENESIS)

    def give_back(self, chain: str, head: tuple[int, str]) -> None:
        self._free.append((chain, head))


class _Kept:
    """Records kept back while this process holds their session (read calls', and writes'
    finishes): written, in order, with the lock's connection's next round trip (the enter that
    lets the lock go, its release, or the session's next statement), ``KEPT_MAX`` (and
    ``KEPT_MAX_BYTES``) at most. A read changed nothing upstream, a write in flight is in the
    store already, and while the lock is held no replica can read or change the session, so
    the session the others see is the same; the call is answered before its record is
    written. (A message's record and a write's join them just before the lock connection
    writes them all, and are waited for: ``_write_through_locks``.)
    ``state``: the session's copy, whose version counts them already (it is read whole again
    if they are not written); ``leases``: the audit chains their entries extend, with the
    heads before and after, given back once the fate of the round trip is known."""

    __slots__ = ("call_ids", "leases", "records", "size", "state")

    def __init__(self, state: SessionState) -> None:
        self.state = state
        self.records: list[bytes] = []
        self.size = 0  # the records' bytes
        self.call_ids: list[str] = []
        self.leases: list[tuple[str, tuple[int, str], tuple[int, str]]] = []

    def add(self, record: bytes, call_id: str) -> None:
        self.records.append(record)
        self.size += len(record)
        self.call_ids.append(call_id)
        if self.state.version >= 0:
            self.state.version += 1  # what the record's write will make it

    def text(self) -> str:
        return "[" + b",".join(self.records).decode() + "]"

    def full(self) -> bool:
        """As many (``KEPT_MAX``) or as large (``KEPT_MAX_BYTES``) as are kept: write them."""
        return len(self.records) >= KEPT_MAX or self.size >= KEPT_MAX_BYTES


LOCK_WAIT = "2s"  # the lock connection's lock_timeout
# a round trip of the lock connection not back by then is taken for a cut connection (ended:
# its calls enter the usual way) instead of holding every call up
BATCH_WAIT_S = 5.0
# locks the lock connection holds at most (PostgreSQL's lock table is shared: by default 64
# for each of max_connections); past it calls enter on connections of their own
LOCKS_MAX = 1024
KEPT_MAX = 64  # records kept back for one session before they are written anyway
KEPT_MAX_BYTES = 32 << 20  # or once they take this much (PostgreSQL's jsonb takes 256 MiB)


async def _release(pool: asyncpg.Pool, conn: asyncpg.Connection) -> None:
    with contextlib.suppress(asyncpg.InterfaceError, asyncpg.PostgresError, OSError):
        await pool.release(conn)


def _alive(conn: asyncpg.Connection) -> bool:
    """The connection is still this store's and open (asyncpg takes back, on its own, one
    whose backend went away; asking such a one anything raises)."""
    try:
        return not conn.is_closed()
    except asyncpg.InterfaceError:
        return False


def _spare(pool: asyncpg.Pool) -> bool:
    """The pool has a connection nobody waits for: an idle one, or room for another."""
    return bool(pool.get_idle_size() > 0 or pool.get_size() < pool.get_max_size())


def _definite(e: BaseException) -> bool:
    """True when the server refused the statement: it did not commit, the chain is unchanged."""
    return isinstance(e, asyncpg.PostgresError | StoreConflict) and not isinstance(
        e, asyncpg.exceptions.ConnectionFailureError | asyncpg.exceptions.OperatorInterventionError)


class _Lingering:
    """A connection that still holds a session's lock after its call, until ``until`` (the
    loop's clock): a next call on the session takes it as it is, any other call takes it and
    lets the lock go in the round trip that takes its own, and past ``until`` the lock is let
    go and the connection goes back to the pool. ``since``: when an enter last took the lock;
    a lock held ``HOLD_MAX`` times ``linger_s`` since is let go after its call, whatever
    follows, so another replica waits for a busy session that long at most."""

    __slots__ = ("conn", "kept", "since", "until")

    def __init__(self, conn: asyncpg.Connection, since: float, until: float,
                 kept: _Kept | None) -> None:
        self.conn, self.since, self.until, self.kept = conn, since, until, kept


class _Waiting:
    """A call waiting to enter ``session_id`` while the pool has no connection to spare:
    ``handed`` gets a connection, the session whose lock it still holds and that session's
    kept records (from a call that ended: ``_hand_over``), or the pool's next connection with
    None and None (``_pump``), or the StoreError of a pool that failed."""

    __slots__ = ("handed", "session_id")

    def __init__(self, session_id: str, handed: asyncio.Future[Any]) -> None:
        self.session_id, self.handed = session_id, handed


# what a store call that could not be done raises: PostgreSQL's refusal, the network, or
# asyncpg's own (a closed pool or connection)
_FAILED = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError,
           asyncpg.exceptions.InternalClientError)  # (a backend killed mid-statement, at times)
# what a connection whose backend went away raises
_GONE = (asyncpg.InterfaceError, asyncpg.exceptions.ConnectionDoesNotExistError, OSError)
HOLD_MAX = 10  # times linger_s: how long calls in a row keep a session's lock without a break


class _Held:
    """A session held by this process: its lock's connection, which also carries its writes
    and, while the block runs, the task's other statements (``_conn``). Held through the lock
    connection (``generation``: its life that took the lock), ``conn`` is a connection from
    the pool the block's statements take when the first one comes (None before)."""

    def __init__(self, store: PostgresStore, conn: asyncpg.Connection | None,
                 state: SessionState, kept: _Kept | None, generation: int | None = None
                 ) -> None:
        self.store = store
        self.conn = conn
        self.state = state
        self.task = asyncio.current_task()
        self.open = True
        self.kept = kept  # records not yet written (``_Kept``)
        self.generation = generation

    def usable(self) -> bool:
        """Its block still runs, in the running task, with its lock (on a live connection):
        the task's statements for the session go through ``connection``."""
        if not self.open or self.task is not asyncio.current_task():
            return False
        if self.generation is not None and not self.store._holds(self.generation):
            return False
        return self.conn is None or _alive(self.conn)

    def through_lock_connection(self) -> bool:
        """Usable, and its lock held by the lock connection: a record written now goes in that
        connection's next round trip (``_write_through_locks``)."""
        return self.generation is not None and self.usable()

    async def connection(self) -> asyncpg.Connection:
        """The connection for the block's next statement: the lock's own, or (the lock held
        by the lock connection) one from the pool, taken once. The lock connection failed
        since the lock was taken: StoreError, and nothing is written (the lock went with it,
        and another replica may hold the session now)."""
        if self.generation is not None and not self.store._holds(self.generation):
            raise StoreError("PostgreSQL write failed: the session's lock was lost with the "
                             "lock connection; nothing was written")
        if self.conn is None:
            self.conn = await self.store._acquire()
        return self.conn

    def kept_records(self) -> _Kept:
        if self.kept is None:
            self.kept = _Kept(self.state)
        return self.kept


class _LockDown(Exception):
    """The lock connection cannot take the call now (it failed lately): it enters the usual
    way, on a connection of its own."""


_BUSY = "busy"  # ``callgate_batch``'s answer for a session another replica holds


class _Op:
    """An enter, a release or a write (a release that keeps the lock: ``lets_go`` False)
    waiting for the lock connection's next round trip."""

    __slots__ = ("done", "generation", "kept", "known", "lets_go", "session_id")

    def __init__(self, session_id: str, known: int, kept: _Kept | None,
                 done: asyncio.Future[Any] | None = None, generation: int = 0,
                 lets_go: bool = True) -> None:
        self.session_id = session_id
        self.known = known
        self.kept = kept
        self.done: asyncio.Future[Any] = done or asyncio.get_running_loop().create_future()
        self.generation = generation  # a release or a write: the life whose lock it is under
        self.lets_go = lets_go


class _Parked:
    """A session's lock kept by the lock connection after its call, until ``until``, with
    its call's kept records (``_Kept``); ``since``: when the calls in a row began holding it."""

    __slots__ = ("generation", "kept", "since", "until")

    def __init__(self, since: float, until: float, kept: _Kept | None, generation: int) -> None:
        self.since, self.until, self.kept, self.generation = since, until, kept, generation


_Due = TypeVar("_Due", _Lingering, _Parked)


def _due(kept: dict[str, _Due], now: float) -> list[tuple[str, _Due]]:
    """Take out of ``kept`` (oldest first, as each lingers as long) the locks whose time is up."""
    due = []
    while kept:
        session_id, item = next(iter(kept.items()))
        if item.until > now:
            break
        del kept[session_id]
        due.append((session_id, item))
    return due


def _unconfirmed(checks: list[asyncio.Future[int]], why: str) -> None:
    for done in checks:
        if not done.done():
            done.set_exception(StoreError(why))


class _LockConnection:
    """One connection of the store's own that holds the locks of the sessions entered
    through it, and carries in each round trip every enter and release waiting for it
    (``callgate_batch``): calls that come while a round trip is out share the next one, so
    under load a call costs a share of a round trip and of a commit, not one of each. The
    session's block runs its statements on a connection from the pool, taken when the first
    comes (``_Held.connection``; a read takes none), and after the call the lock lingers here
    without keeping a connection of the pool (``_Parked``). ``generation`` counts the
    connection's lives: a lock taken in one ended with it (PostgreSQL lets a connection's locks
    go when it ends)."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.conn: asyncpg.Connection | None = None
        self.generation = 0
        self.enters: list[_Op] = []
        self.releases: list[_Op] = []
        self.checks: list[asyncio.Future[int]] = []  # ``confirm``: a round trip came back
        self.task: asyncio.Task[None] | None = None
        self.retry_at = 0.0  # after a failure, calls enter the usual way until then
        self.retry_s = 1.0
        self.confirmed_s = 0.005  # a write's record goes if a round trip came back this recently
        self.batch_wait_s = BATCH_WAIT_S
        self.lock_wait = LOCK_WAIT
        self.round_trips = 0
        self.answered_at = float("-inf")  # when a round trip last came back (loop time)
        self.blocks = 0  # blocks running with a lock taken here (``close`` waits for them)
        self.idle = asyncio.Event()
        self.idle.set()

    def holds(self, generation: int) -> bool:
        """The locks taken in life ``generation`` are still held (the connection lives)."""
        return generation == self.generation and self.conn is not None and _alive(self.conn)

    def available(self) -> bool:
        return asyncio.get_running_loop().time() >= self.retry_at

    async def connect(self) -> None:
        store = self.store
        # (a kept record's write waiting on a row another writer holds would hold up every
        # call's round trip: past LOCK_WAIT it is refused instead, and its session read whole)
        conn = await asyncpg.connect(store.dsn, timeout=5, server_settings={
            **store.settings, "lock_timeout": self.lock_wait})
        conn.add_termination_listener(self._terminated)
        self.conn = conn

    def enter(self, session_id: str, known: int) -> _Op:
        """Enter ``session_id`` in the next round trip: its ``done`` gives ``(raw,
        generation)`` (``raw`` as ``callgate_enter``'s, or ``_BUSY``), or raises ``_LockDown``."""
        op = _Op(session_id, known, None)
        self.enters.append(op)
        self._start()
        return op

    def release(self, session_id: str, kept: _Kept | None) -> _Op:
        """Let ``session_id``'s lock go in the next round trip, ``kept`` written first; until
        then the session's next call waits (``PostgresStore._releasing``)."""
        op = _Op(session_id, 0, kept, generation=self.generation)
        self.store._releasing[session_id] = op.done
        op.done.add_done_callback(lambda done: self.store._released_one(session_id, done))
        self.releases.append(op)
        self._start()
        return op

    def write(self, session_id: str, kept: _Kept, generation: int) -> _Op:
        """Write ``kept`` (records of a session whose lock life ``generation`` took, its block
        running) in the next round trip, the lock kept: its ``done`` gives None once they are
        committed, or why PostgreSQL refused them, and raises StoreError where their fate is
        unknown or they were never sent (the lock went with an earlier life)."""
        op = _Op(session_id, 0, kept, generation=generation, lets_go=False)
        self.releases.append(op)
        self._start()
        return op

    def confirm(self) -> asyncio.Future[int]:
        """The connection's life once its next round trip has come back (its locks were held
        then), or StoreError: what a write's record waits for before the write is sent, as its
        statement on the lock's own connection would fail on a connection cut."""
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.checks.append(done)
        self._start()
        return done

    def _start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        store = self.store
        try:
            while self.enters or self.releases or self.checks:
                releases = self._next_releases()
                enters, self.enters = self.enters, []
                checks, self.checks = self.checks, []
                try:
                    conn = self.conn
                    if conn is not None and not _alive(conn):
                        self._ended()  # (before its listener said so: its locks went with it)
                        conn = None
                    if conn is None:
                        if not self.available():
                            raise _LockDown("the lock connection failed lately")
                        await self.connect()
                        conn = self.conn
                        assert conn is not None
                    generation = self.generation
                    for op in [op for op in releases if op.generation != generation]:
                        releases.remove(op)  # (its lock went with an earlier life: never sent)
                        self._drop(op, "the lock connection was lost", sent=False)
                    refused, answers = await conn.fetchrow(
                        "CALL callgate_batch($1, $2, $3, $4, $5, NULL, NULL)",
                        [op.session_id for op in releases],
                        [None if op.kept is None else op.kept.text() for op in releases],
                        [op.lets_go for op in releases],
                        [op.session_id for op in enters], [op.known for op in enters],
                        timeout=self.batch_wait_s)
                    if len(refused) != len(releases) or len(answers) != len(enters):
                        raise StoreError("callgate_batch answered for other calls than asked")
                except BaseException as e:
                    self._failed(e, releases, enters)
                    _unconfirmed(checks, f"PostgreSQL write failed: the session's lock is not "
                                         f"confirmed ({e}); nothing was written")
                    if not isinstance(e, Exception):
                        raise
                    continue
                self.round_trips += 1
                self.answered_at = asyncio.get_running_loop().time()
                for done in checks:
                    if not done.done():
                        done.set_result(generation)
                for op, why in zip(releases, refused, strict=True):
                    if op.kept is not None:
                        store._written(op.session_id, op.kept, why)
                    if not op.lets_go:  # a write: its block goes on (or fails) with the lock
                        if not op.done.done():
                            op.done.set_result(why)
                    elif why is not None:  # its lock kept until the copy was marked: let it go
                        self.releases.append(_Op(op.session_id, 0, None, op.done, generation))
                    elif not op.done.done():
                        op.done.set_result(None)
                for op, raw in zip(enters, answers, strict=True):
                    if op.done.done():  # its caller is gone (cancelled): a lock taken goes
                        if raw != _BUSY:
                            self.release(op.session_id, None)
                        continue
                    op.done.set_result((raw, generation))
        finally:
            self.task = None
            if self.enters or self.releases or self.checks:  # (left by a cancellation)
                self._failed(_LockDown("the lock connection stopped"), self.releases,
                             self.enters)
                _unconfirmed(self.checks, "PostgreSQL write failed: the lock connection stopped")
                self.releases, self.enters, self.checks = [], [], []

    def _next_releases(self) -> list[_Op]:
        """The releases for the next round trip: all waiting, or as many as keep their records
        under ``KEPT_MAX_BYTES`` together (one at least); the rest go in the next."""
        size, n = 0, 0
        for op in self.releases:
            size += 0 if op.kept is None else op.kept.size
            if n and size > KEPT_MAX_BYTES:
                break
            n += 1
        releases, self.releases = self.releases[:n], self.releases[n:]
        return releases

    def _failed(self, error: BaseException, releases: list[_Op], enters: list[_Op]) -> None:
        """The round trip failed or its fate is unknown: the connection is ended (its locks go
        with it), the kept records it carried and those of the sessions parked here are lost
        (their copies are read whole next time), and the calls waiting to enter enter the usual
        way. Calls come back here after a second."""
        if not isinstance(error, _LockDown):
            log.error("lock_connection_failed", error=str(error))
            self._ended()
            self.retry_at = asyncio.get_running_loop().time() + self.retry_s
        for op in releases:
            self._drop(op, error, sent=not isinstance(error, _LockDown))
        for op in enters:
            if not op.done.done():
                op.done.set_exception(_LockDown(str(error)))

    def _drop(self, op: _Op, error: BaseException | str, sent: bool = True) -> None:
        """A release or a write whose fate is unknown (``sent``), or that must never be sent:
        its records lost (a write's block is told: its call fails closed)."""
        self.store._lost(op.session_id, op.kept, error, sent)
        if op.done.done():
            return
        if op.lets_go:
            op.done.set_result(None)
        else:
            op.done.set_exception(StoreError(
                f"PostgreSQL write failed: the lock connection's round trip failed ({error}); "
                + ("the records it carried may or may not be written" if sent else
                   "nothing was written")))

    def _ended(self) -> None:
        """This life is over: its locks went with it, and so did what was kept under them
        (the sessions parked here; the releases still waiting are never sent in the next life,
        where their records would be written without the lock: ``_run`` drops them)."""
        conn, self.conn = self.conn, None
        self.generation += 1
        if conn is not None:
            with contextlib.suppress(asyncpg.InterfaceError):
                conn.terminate()
        self.store._parked_lost()

    def _terminated(self, conn: asyncpg.Connection) -> None:
        if conn is self.conn:  # (gone without a word from this side: its locks too)
            self._ended()

    async def close(self) -> None:
        """After the blocks holding a lock here have ended (``blocks``), and the round trips
        waiting have gone: the connection closes (PostgreSQL lets its locks go)."""
        while True:
            await self.idle.wait()
            if self.task is None:
                break
            await asyncio.shield(self.task)
        conn, self.conn = self.conn, None
        self.generation += 1
        if conn is not None:
            try:
                await conn.close(timeout=2)
            except (*_FAILED, asyncpg.InterfaceError):
                conn.terminate()


# The session the running task holds: its other statements go through the held connection
# instead of a second one from the pool (calls that each hold one and wait for another would
# wait for each other for good once the pool is out of them).
_IN_SESSION: contextvars.ContextVar[_Held | None] = contextvars.ContextVar(
    "callgate_postgres_session", default=None)


class PostgresStore:
    shared = True  # several replicas write: the session cache asks ``session`` for changes

    def __init__(self, dsn: str, schema: str = "callgate", max_connections: int = 20,
                 linger_s: float = 0.005, lock_connection: bool = True) -> None:
        if not _SCHEMA_NAME.match(schema):
            raise StoreError(f"schema name {schema!r} must be a lower-case identifier")
        self.dsn = dsn
        self.schema = schema
        # every connection's settings: its schema, and a name in pg_stat_activity telling
        # which deployment a backend serves (unless the DSN names the application itself)
        self.settings = {"search_path": schema}
        if "application_name" not in dsn:
            self.settings["application_name"] = f"callgate:{schema}"
        self.max_connections = max_connections
        self._pool: asyncpg.Pool | None = None
        self._chains = _Chains()
        self._held: dict[str, _Held] = {}
        self.linger_s = linger_s
        # how long a read of a session waits for another replica's lingering lock on it
        self.settle_wait_s = max(0.2, 2 * HOLD_MAX * linger_s)
        self._lingering: dict[str, _Lingering] = {}  # oldest first
        # calls waiting for a connection to enter a session on, while the pool has none to
        # spare: a call ending then hands its connection over (``_hand_over``), lock and all
        self._waiting: list[_Waiting] = []
        self._outside = 0  # statements outside any session waiting for the pool's connection
        self._pumping: asyncio.Task[None] | None = None  # ``_pump``, while calls wait
        # sessions whose kept records ride on a round trip no call on them waits for (another
        # session's enter, a sweep's release): set once their fate is known (``_arrived``)
        self._in_transit: dict[str, asyncio.Event] = {}
        self._sweeper: asyncio.TimerHandle | None = None
        self._letting_go: set[asyncio.Task[None]] = set()
        self._closing = False  # close() has begun: no lock is kept any more
        # one of the connections holds the locks of the sessions entered through it, many
        # calls a round trip (``_LockConnection``), unless turned off or there is one only
        self._locks_on = _LockConnection(self) if lock_connection and max_connections > 1 \
            else None
        self._parked: dict[str, _Parked] = {}  # locks kept there after their call, oldest first
        self.alone_on_own = True  # a call with no other in flight enters the usual way
        self._in_flight = 0  # calls in ``session`` (entering, or their block running)
        # sessions whose release waits for the lock connection's round trip, or is on it
        self._releasing: dict[str, asyncio.Future[Any]] = {}
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
                self.dsn, min_size=1,
                max_size=self.max_connections - (self._locks_on is not None),
                server_settings=self.settings, timeout=5, reset=_keep,
                max_inactive_connection_lifetime=0)
            async with self.pool.acquire() as conn:
                if not migrate:
                    return
                await conn.execute("SELECT pg_advisory_lock(726354)")  # one migrator at a time
                try:
                    # under the lock too: CREATE SCHEMA IF NOT EXISTS is not safe against itself
                    # (two replicas starting together: "duplicate key ... nspname")
                    await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
                    self.migrated = await _migrate(conn)
                    for sql in (*VERSION_INDEXES, CHANGES_FUNCTION, ENTER_FUNCTION,
                                CLAIM_FUNCTION, FLUSH_FUNCTION, ENTER_AFTER_PROCEDURE,
                                RELEASE_PROCEDURE, SETTLED_FUNCTION, BATCH_PROCEDURE):
                        await conn.execute(sql)
                finally:
                    await conn.execute("SELECT pg_advisory_unlock(726354)")
            if self._locks_on is not None:
                await self._locks_on.connect()
        except (*_FAILED, ValueError, OverflowError) as e:  # (a DSN asyncpg cannot use)
            if self._pool is not None:
                await self._pool.close()
                self._pool = None
            raise StoreError(f"cannot open PostgreSQL store: {e}") from e
        except StoreError:
            await self.close()
            raise

    async def close(self) -> None:
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        try:
            if self._pool is not None:
                await self.let_go_all()
                if self._locks_on is not None:
                    await self._locks_on.close()  # (blocks ending meanwhile let their locks go)
                if self._pumping is not None:
                    # calls already waiting for a connection get theirs as the running calls
                    # give theirs back (asyncpg refuses an acquire begun once it closes)
                    await asyncio.shield(self._pumping)
                await self._pool.close()
                self._pool = None
        finally:
            self._closing = False

    async def let_go_all(self) -> None:
        """Let go every session lock kept after its call now (and wait for those being let
        go), as at close. Cancelled midway, the rest are ended at once (PostgreSQL releases a
        dead connection's locks): none stays held out of the pool."""
        while self._parked:  # (their releases go in the lock connection's next round trip)
            self._let_go_parked(*self._parked.popitem())
        try:
            while self._lingering:
                session_id, held = self._lingering.popitem()
                self._sending(session_id, held.kept)
                await self._let_go(session_id, held.conn, held.kept)
            for releasing in list(self._releasing.values()):
                await asyncio.shield(releasing)
        except BaseException:
            while self._lingering:
                session_id, held = self._lingering.popitem()
                self._end(held.conn, held.kept, session_id)
            raise
        if self._letting_go:
            await asyncio.gather(*self._letting_go, return_exceptions=True)

    async def ping(self) -> bool:
        try:
            async with self._pooled(wait_s=2) as conn:
                await conn.fetchval("SELECT 1")
        except (*_FAILED, StoreError):  # (TimeoutError is an OSError)
            return False
        return True

    @contextlib.asynccontextmanager
    async def session(self, session_id: str, cached: SessionState | None
                      ) -> AsyncIterator[SessionState | None]:
        """Hold a session across replicas (an advisory lock) for one call's decision and
        effect, and yield it up to date: ``cached`` (this replica's copy) with what other
        replicas changed since its version, or the whole session if ``cached`` is None or
        stale; None if there is no such session. The session's writes in the block go through
        the lock's connection (or, the lock on the lock connection, one from the pool) and
        keep the state's version in step.

        After a call the lock is kept for ``linger_s`` (``_Parked`` on the lock connection,
        ``_Lingering`` on a connection of its own): a next call on the session in that time
        needs no round trip to enter (nothing can have changed it); a lock kept on a
        connection of its own is let go by any other call that takes the connection, in the
        round trip that takes its own."""
        self._in_flight += 1
        try:
            state, conn, since, kept, generation = await self._take(session_id, cached)
        except BaseException:
            self._in_flight -= 1
            raise
        held: _Held | None = None
        if state is not None:
            held = self._held[session_id] = _Held(self, conn, state, kept, generation)
        outer = _IN_SESSION.get()
        _IN_SESSION.set(held)
        clean = False
        try:
            yield state
            clean = True
        except Exception as e:
            # a refusal raised through the block leaves the connection as it was; a store
            # error may not (the lock is let go, the connection ended if that fails)
            clean = not isinstance(e, StoreError)
            raise
        finally:
            if held is not None:
                held.open = False
                kept = held.kept
            _IN_SESSION.set(outer)
            self._held.pop(session_id, None)
            try:
                if generation is not None:
                    try:
                        await self._leave_batched(
                            session_id, None if held is None else held.conn,
                            clean and state is not None, since, kept, generation)
                    finally:
                        self._blocks_on_locks(-1)
                elif not (clean and state is not None and (
                        self._keep(session_id, conn, since, kept)
                        or self._hand_over(session_id, conn, kept))):
                    await self._let_go(session_id, conn, kept)
            finally:
                self._in_flight -= 1

    async def _take(self, session_id: str, cached: SessionState | None) -> tuple[
            SessionState | None, asyncpg.Connection | None, float, _Kept | None, int | None]:
        """``session``'s lock taken, and the session up to date: the state, the connection
        holding the lock (None on the lock connection, then ``generation``: its life), when
        the calls in a row began holding it, and the records kept back since."""
        state: SessionState | None
        kept: _Kept | None = None  # records kept back, carried on to this call
        generation: int | None = None  # the lock connection's life, where the lock is held
        conn: asyncpg.Connection | None = None
        releasing = self._releasing.get(session_id)
        if releasing is not None:  # its last call's release, on the lock connection: its fate
            await asyncio.shield(releasing)
        parked = self._parked.pop(session_id, None)
        if parked is not None and not self._holds(parked.generation):
            self._lost(session_id, parked.kept, "the lock connection was lost")
            parked = None
        if parked is not None and (cached is None or cached.version < 0):
            # the lock is held there but the copy is not to be trusted: let it go (what it
            # kept written first) and enter anew, reading the session whole
            releasing = self._let_go_parked(session_id, parked)
            if releasing is not None:
                await asyncio.shield(releasing)
            parked = None
        own = None if parked is not None else self._lingering.pop(session_id, None)
        if own is not None and not _alive(own.conn):
            self._end(own.conn, own.kept, session_id)  # its backend is gone, and the lock too
            own = None  # (and its kept records: the copy, which counted them, is read whole)
        # its last call's kept records may be on their way still (``_sending``): the copy's
        # version counts them, and is marked if they are refused or lost
        transit = None if own is not None else self._in_transit.get(session_id)
        known = -1 if cached is None else cached.version
        answer = None
        if parked is None and own is None and transit is None:
            answer = await self._enter_batched(session_id, known)
        if parked is not None:
            # Held by the lock connection since this copy's last write (its life the same, or
            # the records would have been lost and the copy marked): nothing changed it.
            state, since, kept, generation = cached, parked.since, parked.kept, parked.generation
            self._blocks_on_locks(1)
        elif answer is not None:  # (counted in ``blocks`` from its enter on)
            raw, generation = answer
            since = asyncio.get_running_loop().time()
            try:
                state = _refresh(session_id, cached, raw)
            except BaseException:
                self._locks_on_release(session_id, None, generation)
                self._blocks_on_locks(-1)
                raise
        elif own is not None and cached is not None and known >= 0:
            # The lock was held since this copy's last write: nothing changed the session. (A
            # backend that died since is found by the first write, which fails: no effect. A
            # read has none: on a connection cut without a word to this side, another replica
            # may change the session while a read, for ``HOLD_MAX`` times ``linger_s`` at
            # most, is decided on this copy; docs/design.md, Store.)
            conn, state, since, kept = own.conn, cached, own.since, own.kept
        else:
            since = asyncio.get_running_loop().time()
            conn, release, released = await self._enter_connection(session_id, own)
            try:
                try:
                    raw = await self._enter(conn, session_id, known, release, released)
                except _GONE:
                    if release is None:
                        raise
                    # a kept connection whose backend went away unnoticed: end it (its locks
                    # go with it) and enter once more on one from the pool
                    self._end(conn)
                    conn = await self._from_pool()
                    raw = await self._enter(  # (the copy: -1 if its kept records failed)
                        conn, session_id, -1 if cached is None else cached.version, None, None)
                if transit is not None and cached is not None and known >= 0:
                    # Their fate, before the copy is used (their round trip answers about when
                    # this one does: refused, they keep the session's lock until the copy is
                    # marked). Marked: what came back followed a version the store never had
                    # (another replica may have changed the session as many times): read it
                    # whole, letting the lock go and taking it again in one round trip.
                    await transit.wait()
                    if cached.version != known:
                        raw = await self._enter(conn, session_id, -1, session_id, None)
            except StoreError:
                raise  # no connection came from the pool: nothing to end
            except BaseException as e:
                self._end(conn)  # whether the lock is held is unknown: end the connection
                if not isinstance(e, Exception):
                    raise  # a cancellation stays one
                raise StoreError(f"PostgreSQL lock failed: {e}") from e
            try:
                state = _refresh(session_id, cached, raw)
            except BaseException:
                await self._let_go(session_id, conn, None)
                raise
        return state, conn, since, kept, generation

    def _holds(self, generation: int) -> bool:
        return self._locks_on is not None and self._locks_on.holds(generation)

    async def _enter_batched(self, session_id: str, known: int) -> tuple[str | None, int] | None:
        """Enter through the lock connection, with the other calls entering meanwhile:
        ``callgate_enter``'s answer and the connection's life, or None where the call is to
        enter the usual way: no other call is in flight (nothing to share a round trip with;
        a call alone is cheaper on a connection of its own, its write needing no round trip to
        confirm the lock), another replica holds the session, the lock connection failed
        lately or holds ``LOCKS_MAX`` locks, the store closes."""
        locks = self._locks_on
        if locks is None or self._closing or not locks.available() \
                or locks.blocks + len(locks.releases) + len(self._parked) >= LOCKS_MAX:
            return None
        if self.alone_on_own and self._in_flight == 1 and locks.task is None:
            return None  # no other call in flight to share a round trip with: the usual way
        self._blocks_on_locks(1)  # (from the enter on: ``close`` waits for it)
        op = locks.enter(session_id, known)
        try:
            raw, generation = await op.done
        except _LockDown:
            self._blocks_on_locks(-1)
            return None
        except BaseException:
            self._blocks_on_locks(-1)
            # cancelled once the answer came (a cancelled wait is the round trip's to mend)
            if op.done.done() and not op.done.cancelled() and op.done.exception() is None:
                raw, generation = op.done.result()
                if raw != _BUSY:
                    self._locks_on_release(session_id, None, generation)
            raise
        if raw == _BUSY:
            self._blocks_on_locks(-1)
            return None
        return raw, generation

    async def _leave_batched(self, session_id: str, conn: asyncpg.Connection | None,
                             clean: bool, since: float, kept: _Kept | None,
                             generation: int) -> None:
        """After a block held through the lock connection: its statements' connection back to
        the pool, and the lock kept there for ``linger_s`` (``_Parked``: after a clean call,
        for ``HOLD_MAX`` times that in a row at most), else let go, ``kept`` written first
        (waited for, as a lock let go on its own connection is)."""
        # (the lock's fate first, with no await before it: a cancellation there must not
        # leave the lock held and tracked nowhere)
        releasing = None
        if not self._holds(generation):
            self._lost(session_id, kept, "the lock connection was lost")
        elif not self._park(session_id, clean, since, kept, generation):
            releasing = self._locks_on_release(session_id, kept, generation)
        if conn is not None:
            if self._pool is not None and _alive(conn) and not conn.is_in_transaction():
                self._in_background(_release(self._pool, conn))
            else:
                self._end(conn)
        if releasing is not None:
            await asyncio.shield(releasing)

    def _park(self, session_id: str, clean: bool, since: float, kept: _Kept | None,
              generation: int) -> bool:
        """Keep the lock on the lock connection for ``linger_s`` after a clean call (True),
        unless calls in a row have held it ``HOLD_MAX`` times that, or the store closes."""
        if not clean or self.linger_s <= 0 or self._closing:
            return False
        loop = asyncio.get_running_loop()
        now = loop.time()
        if now - since >= HOLD_MAX * self.linger_s:
            return False
        self._parked[session_id] = _Parked(since, now + self.linger_s, kept, generation)
        if self._sweeper is None:
            self._sweeper = loop.call_at(now + self.linger_s, self._sweep)
        return True

    def _locks_on_release(self, session_id: str, kept: _Kept | None, generation: int
                          ) -> asyncio.Future[Any] | None:
        """Let a lock the lock connection took in life ``generation`` go, ``kept`` first (the
        life over: the lock went with it, and ``kept`` is lost)."""
        if self._locks_on is None or not self._holds(generation):
            self._lost(session_id, kept, "the lock connection was lost")
            return None
        return self._locks_on.release(session_id, kept).done

    def _let_go_parked(self, session_id: str, parked: _Parked) -> asyncio.Future[Any] | None:
        return self._locks_on_release(session_id, parked.kept, parked.generation)

    async def _confirm(self, held: _Held) -> None:
        """A write's record is about to go (and the write after it): the lock connection,
        which holds the session's lock, has answered a round trip within ``confirmed_s`` (its
        enter's, another call's, or one this waits for; StoreError if it does not, or is
        another life), so that a connection cut without a word to this side stops the write as
        its statement on the lock's own connection would (which left the time from the record
        to the write's sending, about as long)."""
        locks = self._locks_on
        assert locks is not None and held.generation is not None
        if self._holds(held.generation) \
                and asyncio.get_running_loop().time() - locks.answered_at <= locks.confirmed_s:
            return
        if not self._holds(held.generation) or await locks.confirm() != held.generation:
            raise StoreError("PostgreSQL write failed: the session's lock was lost with the "
                             "lock connection; nothing was written")

    def _blocks_on_locks(self, change: int) -> None:
        locks = self._locks_on
        assert locks is not None
        locks.blocks += change
        if locks.blocks:
            locks.idle.clear()
        else:
            locks.idle.set()

    def _released_one(self, session_id: str, done: asyncio.Future[Any]) -> None:
        if self._releasing.get(session_id) is done:
            del self._releasing[session_id]

    def _parked_lost(self) -> None:
        """The lock connection ended: the locks parked there went with it, and the records
        they kept are lost (each session's copy is read whole next time)."""
        while self._parked:
            session_id, parked = self._parked.popitem()
            self._lost(session_id, parked.kept, "the lock connection was lost")

    async def _enter(self, conn: asyncpg.Connection, session_id: str, known: int,
                     release: str | None, kept: _Kept | None) -> str | None:
        """``callgate_enter`` on ``conn``; with ``release``'s kept records written first, in
        the same round trip, when there are some (the connection failing midway: their fate
        is unknown, and the error is raised)."""
        if kept is None:
            return cast(str | None, await conn.fetchval(
                "SELECT callgate_enter($1, $2, $3)", session_id, known, release))
        try:
            refused, raw = await conn.fetchrow(
                "CALL callgate_enter_after($1, $2, $3, $4, NULL, NULL)", session_id, known,
                release, kept.text())
        except BaseException as e:
            self._lost(release or session_id, kept, e)
            raise
        self._written(release or session_id, kept, refused)
        if refused is not None:  # ``release`` still held: now its copy is marked, let it go
            raw = await self._enter(conn, session_id, -1 if release == session_id else known,
                                    release, None)
        return cast(str | None, raw)

    def _sending(self, session_id: str, kept: _Kept | None) -> None:
        """``kept`` (``session_id``'s) goes with a round trip no call on the session waits
        for: its next call waits for their fate (``session``)."""
        if kept is not None:
            self._in_transit.setdefault(session_id, asyncio.Event())

    def _arrived(self, session_id: str) -> None:
        transit = self._in_transit.pop(session_id, None)
        if transit is not None:
            transit.set()

    def _written(self, session_id: str, kept: _Kept, refused: str | None) -> None:
        """The round trip that wrote ``kept`` came back: all written (``refused`` None), or
        none (the session's copy is then read whole again; the records stay in the log)."""
        if refused is None:
            for chain, _, head in kept.leases:
                self._chains.give_back(chain, head)
            self._arrived(session_id)
            return
        for chain, head, _ in kept.leases:
            self._chains.give_back(chain, head)
        kept.state.version = -1
        self._arrived(session_id)
        log.error("kept_records_refused", session_id=session_id, calls=kept.call_ids,
                  error=refused, records=kept.text())

    def _lost(self, session_id: str, kept: _Kept | None, error: BaseException | str,
              sent: bool = True) -> None:
        """``kept`` may or may not have been written (the connection failed or was ended;
        ``sent`` False: they were not): their chains are never leased again, and the
        session's copy is read whole again."""
        if kept is None:
            return
        kept.state.version = -1
        self._arrived(session_id)
        log.error("kept_records_unknown" if sent else "kept_records_lost",
                  session_id=session_id, calls=kept.call_ids, error=str(error),
                  records=kept.text())

    async def _enter_connection(self, session_id: str, own: _Lingering | None
                                ) -> tuple[asyncpg.Connection, str | None, _Kept | None]:
        """A connection to take ``session_id``'s lock on, the session whose lock it still
        holds (to let go in the same round trip) and that session's kept records: its own
        lingering one, else the one that has lingered longest, else one from the pool or,
        when the pool has none to spare, the first to come of the pool's and one a call
        ending hands over (``_hand_over``)."""
        if own is not None:
            return own.conn, session_id, own.kept
        while self._lingering and not self._closing:
            other = next(iter(self._lingering))
            lingering = self._lingering.pop(other)
            if _alive(lingering.conn):
                self._sending(other, lingering.kept)
                return lingering.conn, other, lingering.kept
            self._end(lingering.conn, lingering.kept, other)
        pool = self.pool
        if _spare(pool) or self.linger_s <= 0 or self._closing:
            return await self._from_pool(), None, None
        return await self._handed_or_pooled(session_id, pool)

    async def _handed_or_pooled(self, session_id: str, pool: asyncpg.Pool
                                ) -> tuple[asyncpg.Connection, str | None, _Kept | None]:
        """Wait, oldest first, for the pool's next connection (``_pump``) or one a call ending
        hands over (``_hand_over``), whichever comes first."""
        loop = asyncio.get_running_loop()
        waiting = _Waiting(session_id, loop.create_future())
        handed = waiting.handed
        self._waiting.append(waiting)
        if self._pumping is None:
            self._pumping = loop.create_task(self._pump(pool))
        try:
            got = await handed
        except BaseException:
            # cancelled once a connection came: it goes back (a handed one lets its lock go)
            if handed.done() and not handed.cancelled() and isinstance(handed.result(), tuple):
                conn, other, kept = handed.result()
                self._in_background(_release(pool, conn) if other is None
                                    else self._let_go(other, conn, kept))
            raise
        finally:
            with contextlib.suppress(ValueError):
                self._waiting.remove(waiting)
        if isinstance(got, StoreError):
            raise got
        return cast(tuple[asyncpg.Connection, str | None, _Kept | None], got)

    async def _pump(self, pool: asyncpg.Pool) -> None:
        """While calls wait in ``_waiting``, take the pool's connections for them one at a time,
        oldest call first (one waiter in the pool's own queue, whatever their number); the pool
        failing fails them all."""
        try:
            while self._waiting:
                try:
                    conn = await pool.acquire()
                except BaseException as e:  # (TimeoutError is an OSError)
                    for waiting in self._waiting:
                        if not waiting.handed.done():
                            error = StoreError(f"PostgreSQL lock failed: {e}")
                            error.__cause__ = e
                            waiting.handed.set_result(error)
                    self._waiting.clear()
                    if isinstance(e, Exception):
                        return  # (told to every waiting call)
                    raise
                if not self._give(conn, None, None):
                    await _release(pool, conn)  # nobody waits for it any more
        finally:
            self._pumping = None

    def _hand_over(self, session_id: str, conn: asyncpg.Connection, kept: _Kept | None
                   ) -> bool:
        """After a clean call whose lock could not linger, hand its connection, the lock and
        ``kept`` still on it, to a call waiting to enter another session (True): that call's
        enter lets the lock go in its own round trip. Not while a statement outside any
        session, or a call that waits for the pool alone, waits for a connection (it would
        wait behind the hand-overs for good), nor to a call on the same session (its lock
        would be held past ``HOLD_MAX``)."""
        if not self._waiting or self._outside or self._closing or not _alive(conn) \
                or conn.is_in_transaction():
            return False
        return self._give(conn, session_id, kept)

    def _give(self, conn: asyncpg.Connection, held: str | None, kept: _Kept | None) -> bool:
        """Give ``conn`` (still holding ``held``'s lock, with ``kept``, unless None) to the
        oldest call still waiting in ``_waiting`` (on another session than ``held``): False if
        there is none."""
        for i, waiting in enumerate(self._waiting):
            if waiting.session_id != held and not waiting.handed.done():
                del self._waiting[i]
                if held is not None:
                    self._sending(held, kept)
                waiting.handed.set_result((conn, held, kept))
                return True
        return False

    async def _from_pool(self) -> asyncpg.Connection:
        """A connection from the pool to enter a session on, waited for as a statement outside
        any session waits (``_pooled``): calls ending give theirs back to the pool meanwhile."""
        try:
            return await self._acquire()
        except _FAILED as e:  # (TimeoutError is an OSError)
            raise StoreError(f"PostgreSQL lock failed: {e}") from e

    async def _acquire(self, wait_s: float | None = None) -> asyncpg.Connection:
        """The pool's next connection, counted in ``_outside`` while it is waited for."""
        pool = self.pool
        self._outside += 1
        try:
            return await pool.acquire(timeout=wait_s)
        finally:
            self._outside -= 1

    def _keep(self, session_id: str, conn: asyncpg.Connection, since: float,
              kept: _Kept | None) -> bool:
        """After a clean call, keep its connection with the session's lock (and ``kept``, its
        records not yet written) for ``linger_s`` (True), unless: the pool has no connection
        to spare (someone may be waiting for one), the lock has been held ``HOLD_MAX`` times
        ``linger_s`` without a break (another replica may be waiting for it), the store is
        closing, or the connection is gone."""
        pool = self._pool
        if self.linger_s <= 0 or pool is None or self._closing or not _alive(conn) \
                or conn.is_in_transaction() or not _spare(pool):
            return False
        loop = asyncio.get_running_loop()
        now = loop.time()
        if now - since >= HOLD_MAX * self.linger_s:
            return False
        self._lingering[session_id] = _Lingering(conn, since, now + self.linger_s, kept)
        if self._sweeper is None:
            self._sweeper = loop.call_at(now + self.linger_s, self._sweep)
        return True

    def _sweep(self) -> None:
        """Let go the locks that lingered past their time (oldest first: the dicts' order),
        on connections of their own and on the lock connection."""
        self._sweeper = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        for session_id, lingering in _due(self._lingering, now):
            self._sending(session_id, lingering.kept)
            self._in_background(self._let_go(session_id, lingering.conn, lingering.kept))
        for session_id, parked in _due(self._parked, now):
            self._let_go_parked(session_id, parked)
        later = [item.until for item in (next(iter(self._lingering.values()), None),
                                         next(iter(self._parked.values()), None)) if item]
        if later:
            self._sweeper = loop.call_at(min(later), self._sweep)

    async def _let_go(self, session_id: str, conn: asyncpg.Connection,
                      kept: _Kept | None) -> None:
        """Release the session's lock, after writing ``kept`` (its kept records) in the same
        round trip, and give the connection back to the pool (a connection whose backend is
        gone, or that fails to unlock, is ended: its locks go with it)."""
        try:
            if not _alive(conn):
                self._lost(session_id, kept, "the connection was gone")
            elif kept is None:
                await conn.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))",
                                   session_id)
            else:
                try:
                    refused = await conn.fetchval("CALL callgate_release($1, $2, NULL)",
                                                  session_id, kept.text())
                except BaseException as e:
                    self._lost(session_id, kept, e)
                    raise
                self._written(session_id, kept, refused)
                if refused is not None:  # kept until the copy was marked
                    await conn.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))",
                                       session_id)
        except BaseException as e:
            self._end(conn)
            if not isinstance(e, Exception):
                raise
            return
        try:
            await self.pool.release(conn)
        except (asyncpg.InterfaceError, StoreError):
            self._end(conn)

    def _end(self, conn: asyncpg.Connection, kept: _Kept | None = None,
             session_id: str = "") -> None:
        """End a connection at once, without a round trip (PostgreSQL releases its locks), and
        give it back to the pool, which opens another when one is needed. ``kept``: records
        kept on it, whose fate is then unknown."""
        self._lost(session_id, kept, "the connection was ended")
        with contextlib.suppress(asyncpg.InterfaceError):
            conn.terminate()
        pool = self._pool
        if pool is not None:
            self._in_background(_release(pool, conn))

    def _in_background(self, letting_go: Coroutine[Any, Any, None]) -> None:
        """Run ``letting_go`` as a task ``let_go_all`` (and so ``close``) waits for."""
        task = asyncio.get_running_loop().create_task(letting_go)
        self._letting_go.add(task)
        task.add_done_callback(self._letting_go.discard)

    async def _session_write(self, session_id: str, sql: str, *params: Any,
                             confirm: bool = False) -> None:
        """One statement that changes a session and returns its new version; through the held
        session's connection when this process holds it (and its state then follows).
        ``confirm`` (a write's record), its lock held by the lock connection: that the lock
        connection still holds it is checked last, right before the statement (``_confirm``)."""
        held = self._held.get(session_id)
        try:
            if held is None:
                async with self._pooled() as conn:
                    await conn.fetchval(sql, session_id, *params)
                return
            if held.kept is not None:
                await self._write_kept(held)
            conn = await held.connection()
            if confirm and held.generation is not None:
                await self._confirm(held)
            version = await conn.fetchval(sql, session_id, *params)
        except (asyncpg.DataError, UnicodeError) as e:
            if held is not None:
                held.state.version = -1
            raise StoreInputError(f"PostgreSQL write failed: {e}") from e
        except _FAILED as e:
            if held is not None:
                held.state.version = -1  # read it whole next time
            raise StoreError(f"PostgreSQL write failed: {e}") from e
        # Under the session's lock nobody else changes it: anything but one step means the
        # copy is out of step, and the next call reads the session whole.
        held.state.version = version if version == held.state.version + 1 else -1

    async def _write_kept(self, held: _Held) -> None:
        """Write the held session's kept records now, before its next statement (which
        may read them, and whose version follows theirs). Not all written: StoreError, and the
        statement is not run."""
        kept, held.kept = held.kept, None
        if kept is None:
            return
        session_id = held.state.session_id
        try:
            refused = await (await held.connection()).fetchval(
                "SELECT callgate_write_records($1, $2)", session_id, kept.text())
        except BaseException as e:
            self._lost(session_id, kept, e)
            if isinstance(e, _FAILED):
                raise StoreError(f"PostgreSQL write failed: {e}") from e
            raise
        self._written(session_id, kept, refused)
        if refused is not None:
            raise StoreError(f"PostgreSQL refused the session's kept records: {refused}")

    async def _write_through_locks(self, held: _Held) -> None:
        """Write the held session's kept records (the last of them the record the call waits
        for: a message, a write's) in the next round trip of the lock connection, which holds
        the session's lock, and wait until they are committed: with the other sessions'
        records and enters in that round trip, under one commit. Refused, lost or never sent
        (the lock went with an earlier life of the connection): StoreError, and the session's
        copy is read whole next time."""
        kept, held.kept = held.kept, None
        locks = self._locks_on
        assert kept is not None and locks is not None and held.generation is not None
        try:
            why = await locks.write(held.state.session_id, kept, held.generation).done
        except BaseException:
            # (cancelled, the op goes on and may commit: the caller will not add the record
            # to the copy, which counted it already; or lost: ``_drop`` said so)
            kept.state.version = -1  # read it whole next time
            raise
        if why is not None:
            raise StoreError(f"PostgreSQL refused the session's records: {why}")

    async def _settle(self, also: str | None = None) -> None:
        """Write the kept records of every session whose lock lingers (letting it go), so
        that a read of the store sees the reads this process answered (but those of calls
        still running, which their own statements write); ``also``: a session whose lingering
        lock goes too, records or not."""
        for session_id in [s for s, parked in self._parked.items()
                           if parked.kept is not None or s == also]:
            self._let_go_parked(session_id, self._parked.pop(session_id))
        for session_id in [s for s, lingering in self._lingering.items()
                           if lingering.kept is not None or s == also]:
            lingering = self._lingering.pop(session_id, None)
            if lingering is not None:
                self._sending(session_id, lingering.kept)
                await self._let_go(session_id, lingering.conn, lingering.kept)
        if self._in_transit or self._releasing:  # records on their way: their fate, briefly
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.settle_wait_s
            for transit in list(self._in_transit.values()):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(transit.wait(), max(0.0, deadline - loop.time()))
            for releasing in list(self._releasing.values()):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(releasing),
                                           max(0.0, deadline - loop.time()))

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection for one statement or transaction: the held session's, when the running
        task holds one (its block is still open), else one from the pool."""
        held = _IN_SESSION.get()
        if held is not None and held.store is self and held.usable():
            if held.kept is not None:
                await self._write_kept(held)  # what the statement reads or follows
            conn = await held.connection()
            try:
                yield conn
            except BaseException as e:
                if not _definite(e):
                    # cancelled, or the connection failed: what it holds (a transaction begun,
                    # a statement half done) is unknown; end it, so the session's later writes
                    # fail closed instead of landing in a transaction nobody commits
                    conn.terminate()
                raise
            return
        async with self._pooled() as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def _pooled(self, wait_s: float | None = None) -> AsyncIterator[asyncpg.Connection]:
        """A connection from the pool for statements outside any session: while they wait
        for one, calls ending give theirs back to the pool instead of handing them over to
        calls waiting to enter a session (``_hand_over``), so they are not starved."""
        pool = self.pool
        conn = await self._acquire(wait_s)
        try:
            yield conn
        finally:
            await pool.release(conn)

    def lock(self, key: str) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold ``key`` across replicas: an advisory lock (its own key space, apart from
        sessions'), released when the block ends or, if this process dies, by PostgreSQL."""
        return self._advisory(key, 1)

    @contextlib.asynccontextmanager
    async def _advisory(self, key: str, space: int) -> AsyncIterator[None]:
        try:
            async with self._conn() as conn:
                try:
                    await conn.execute("SELECT pg_advisory_lock(hashtextextended($1, $2))", key,
                                       space)
                except BaseException:
                    conn.terminate()  # the lock may be held (a cancelled wait): end it all
                    raise
                try:
                    yield
                finally:
                    try:
                        await conn.execute("SELECT pg_advisory_unlock(hashtextextended($1, $2))",
                                           key, space)
                    except BaseException:
                        conn.terminate()  # pooled connections are not reset: never keep a lock
                        raise
        except _FAILED as e:
            raise StoreError(f"PostgreSQL lock failed: {e}") from e

    async def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        started = time.perf_counter()
        try:
            async with self._conn() as conn, conn.transaction():
                for sql, params in statements:
                    await conn.execute(sql, *params)
        except _FAILED as e:
            raise StoreError(f"PostgreSQL write failed: {e}") from e
        if self.observe_commit is not None:
            self.observe_commit(time.perf_counter() - started)

    async def write(self, statements: list[Statement]) -> None:
        """Commit ``statements`` (store/statements.py) in one transaction."""
        started = time.perf_counter()
        audited = any(statement[0] == AUDIT for statement in statements)
        chain, head = self._chains.lease() if audited else ("", (0, GENESIS))
        start_head = head
        try:
            async with self._conn() as conn, conn.transaction():
                for statement in statements:
                    if statement[0] == AUDIT:
                        head = await _append_audit(conn, chain, head, *statement[1])
                        continue
                    status = await conn.execute(numbered(statement[0]), *statement[1])
                    if len(statement) > 2:
                        changed = int(status.rsplit(" ", 1)[-1])
                        if changed != statement[2]:
                            raise StoreConflict(f"expected {statement[2]} changed row(s), got "
                                                f"{changed}: the state changed")
                if audited:
                    await conn.execute(CHAIN_HEAD, chain, *head)
        except BaseException as e:
            if audited and _definite(e):
                self._chains.give_back(chain, start_head)
            self._failed(e)
        if audited:
            self._chains.give_back(chain, head)
        if self.observe_commit is not None:
            self.observe_commit(time.perf_counter() - started)

    @staticmethod
    def _failed(e: BaseException) -> None:
        """Raise a store error for a failed write (or ``e`` itself, if it is one already)."""
        try:
            raise e
        except (asyncpg.DataError, UnicodeError) as e:
            raise StoreInputError(f"PostgreSQL write failed: {e}") from e
        except _FAILED as e:
            raise StoreError(f"PostgreSQL write failed: {e}") from e

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        await self._settle()
        try:
            async with self._conn() as conn:
                rows = await conn.fetch(numbered(sql), *params)
        except _FAILED as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e
        return [tuple(r) for r in rows]

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        await self._settle()
        try:
            async with self._conn() as conn:
                row = await conn.fetchrow(numbered(sql), *params)
        except _FAILED as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e
        return None if row is None else tuple(row)

    async def applied(self) -> list[tuple[int, str, float]]:
        return [(int(r[0]), str(r[1]), float(r[2])) for r in await self.fetch(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version")]

    async def claim(self, keys: list[str], call_id: str) -> str | None:
        try:
            async with self._conn() as conn:
                holder = await conn.fetchval("SELECT callgate_claim($1, $2, $3)", keys,
                                             call_id, time.time())
        except _FAILED as e:
            raise StoreError(f"PostgreSQL claim failed: {e}") from e
        return None if holder is None else str(holder)

    async def release(self, keys: list[str], call_id: str) -> None:
        await self._tx([("DELETE FROM claims WHERE claim = $1 AND call_id = $2", (k, call_id))
                        for k in keys])

    async def create_session(self, session: SessionState) -> None:
        await self._tx([(
            'INSERT INTO sessions (session_id, environment, end_user, tags, started_at, '
            "agent_key, mode, version) VALUES ($1, $2, $3, $4, $5, $6, $7, 0)",
            (session.session_id, session.environment.value, _dump(session.user),
             _dump(session.tags), session.started_at, session.agent_key, session.mode))])
        session.version = 0

    async def end_session(self, session_id: str, ended_at: str, outcome: dict[str, Any]) -> None:
        await self._session_write(session_id, END_SESSION, ended_at, _dump(outcome))

    async def add_message(self, session_id: str, message: Message) -> None:
        held = self._held.get(session_id)
        if held is not None and held.through_lock_connection():
            text = (str(message.role), message.content, message.ts)
            if any("\x00" in value for value in text):  # (what PostgreSQL's text refuses)
                raise StoreInputError("PostgreSQL write failed: a message cannot hold a NUL "
                                      "character (0x00)")
            try:
                record = orjson.dumps(("message", message.seq, *text))
            except TypeError as e:  # (a lone surrogate)
                raise StoreInputError(f"PostgreSQL write failed: {e}") from e
            held.kept_records().add(record, f"message {message.seq}")
            await self._write_through_locks(held)
            return
        await self._session_write(session_id, ADD_MESSAGE, message.seq, str(message.role),
                                  message.content, message.ts)

    async def add_call(self, call: CallRecord) -> None:
        arguments = canonical_json(call.arguments)
        row = (call.seq, call.call_id, call.tool, call.kind,
               scrubbed_json(call.arguments, True, arguments), call.decision_id, call.verdict,
               _dump(call.rules), call.policy_version, str(call.outcome),
               result_text(call),
               call.upstream_status, call.error_code, call.started_at, call.finished_at)
        held = self._held.get(call.session_id)
        if call.kind == "read" and held is not None and held.usable():
            self._keep_record(held, call, row, arguments)
            if held.kept is not None and held.kept.full():
                await self._write_kept(held)
            return
        if held is not None and held.through_lock_connection():
            # a write's record, its lock on the lock connection: written in that connection's
            # round trip, which holds the lock as it commits (no check of the lock first)
            self._keep_record(held, call, row, arguments)
            await self._write_through_locks(held)
            return
        confirm = call.kind != "read"  # (a write is sent once its record is in)
        if call.verdict == "none":
            await self._session_write(call.session_id, ADD_CALL, *row, confirm=confirm)
            return
        chain, head = self._chains.lease()
        seq, ts, data, prev, digest = _decision_entry(head, call, arguments)
        try:
            await self._session_write(call.session_id, ADD_AUDITED_CALL, *row, chain, seq, ts,
                                      "policy", "decision", call.call_id, data, prev, digest,
                                      confirm=confirm)
        except StoreError as e:
            if _definite(e.__cause__ or e):
                self._chains.give_back(chain, head)
            raise
        self._chains.give_back(chain, (seq, digest))

    def _keep_record(self, held: _Held, call: CallRecord, row: tuple[Any, ...],
                     arguments: bytes) -> None:
        """Keep a call's record (``row``, and its audit entry) back for the held session's
        next round trip (``_Kept``)."""
        kept = held.kept_records()
        audit = None
        if call.verdict != "none":
            chain, head = self._chains.lease()
            seq, ts, data, prev, digest = _decision_entry(head, call, arguments)
            audit = (chain, seq, ts, "policy", "decision", call.call_id, data.decode(), prev,
                     digest)
            kept.leases.append((chain, head, (seq, digest)))
        try:
            record = orjson.dumps((*(v.decode() if isinstance(v, bytes) else v for v in row),
                                   audit))
        except (TypeError, UnicodeError) as e:
            if audit is not None:
                chain, head, _ = kept.leases.pop()
                self._chains.give_back(chain, head)
            raise StoreInputError(f"PostgreSQL write failed: {e}") from e
        kept.add(record, call.call_id)

    async def finish_call(self, call: CallRecord, *, answered: bool = False) -> None:
        """What the upstream said to a write in flight. ``answered`` and inside the session's
        block, it is kept back like a read's record (``_Kept``): the call is already answered
        whatever becomes of this record (one that fails is logged, and the call stays
        ``forwarding``, its outcome unknown: an identical retry is held), and no replica can
        see the session before the lock goes, which writes it first. Otherwise (a reported
        outcome, whose acknowledgment says it is recorded) it is written now."""
        result = result_text(call)
        held = self._held.get(call.session_id)
        if answered and held is not None and held.usable():
            try:
                record = orjson.dumps(("finish", call.call_id, str(call.outcome),
                                       None if result is None else result.decode(),
                                       call.upstream_status, call.error_code, call.finished_at))
            except (TypeError, UnicodeError) as e:
                raise StoreInputError(f"PostgreSQL write failed: {e}") from e
            kept = held.kept_records()
            kept.add(record, call.call_id)
            if kept.full():
                await self._write_kept(held)
            return
        await self._session_write(
            call.session_id, FINISH_CALL, str(call.outcome), result, call.upstream_status,
            call.error_code, call.finished_at, call.call_id)

    async def save_confirmation(self, session_id: str, confirmation: Confirmation) -> None:
        c = confirmation
        await self._session_write(session_id, SAVE_CONFIRMATION, c.confirmation_id, c.call_hash,
                                  c.tool, c.summary, c.created_at, c.expires_at, c.confirmed_at,
                                  c.used_at)

    async def last_fact(self, session_id: str, tool: str, arguments_key: str) -> Any:
        try:
            async with self._conn() as conn:
                row = await conn.fetchval(
                    "SELECT result FROM facts WHERE session_id = $1 AND tool = $2 AND args = $3 "
                    "ORDER BY seq DESC LIMIT 1", session_id, tool, arguments_key.encode())
        except _FAILED as e:
            raise StoreError(f"PostgreSQL read failed: {e}") from e
        return None if row is None else json_loads(row)

    async def load_session(self, session_id: str) -> SessionState | None:
        """The session as the store holds it, with the reads every replica answered: what
        this process's lingering locks kept is written first, and another replica's lingering
        lock on the session is waited for (``settle_wait_s`` at most; a call still running
        there is not: its statements write what it kept first)."""
        await self._settle(also=session_id)
        try:
            async with self._pooled() as conn:
                if session_id not in self._held:  # (held here: no other replica holds it)
                    with contextlib.suppress(asyncpg.UndefinedFunctionError):  # an older schema
                        await conn.fetchval("SELECT callgate_settled($1, $2)", session_id,
                                            f"{max(1, round(self.settle_wait_s * 1000))}ms")
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
        except _FAILED as e:
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


def _decision_entry(head: tuple[int, str], call: CallRecord, arguments: bytes
                    ) -> tuple[int, float, bytes, str, str]:
    """The audit entry after ``head`` for ``call``'s policy decision (``arguments``: its
    canonical JSON)."""
    return next_entry(head, "policy", "decision", call.call_id, {
        "session_id": call.session_id, "tool": call.tool, "verdict": call.verdict,
        "rules": call.rules, "policy_version": call.policy_version,
        "arguments_sha256": hashlib.sha256(arguments).hexdigest()})


async def _append_audit(conn: asyncpg.Connection, chain: str, head: tuple[int, str],
                        actor: str, action: str, subject: str, body: dict[str, Any]
                        ) -> tuple[int, str]:
    """Append one entry to ``chain`` (leased by this transaction) in the open transaction."""
    seq, ts, data, prev, digest = next_entry(head, actor, action, subject, body)
    await conn.execute("INSERT INTO audit (chain, seq, ts, actor, action, subject, body, "
                       "prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                       chain, seq, ts, actor, action, subject, data, prev, digest)
    return seq, digest


async def _keep(conn: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is: nothing the store does leaves session
    state behind (locks are released by their holder, or the connection is ended), and the
    default reset would cost a round trip per use."""


def _refresh(session_id: str, cached: SessionState | None, raw: str | None
             ) -> SessionState | None:
    """The session from ``callgate_enter``'s answer: [version] when ``cached`` is current,
    else [version, session, messages, calls, confirmations] since the version it holds."""
    if raw is None:
        return None
    data = json_loads(raw)
    if len(data) == 1 and cached is not None:
        return cached
    version, head, messages, calls, confirmations = data
    if cached is None or len(head) > 2:
        state = assemble(session_id, head, messages, calls, confirmations)
    else:
        state = cached
        state.ended_at, state.outcome = head[0], None if head[1] is None else json_loads(head[1])
        apply_changes(state, messages, calls, confirmations)
    state.version = version
    return state
