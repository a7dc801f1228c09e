"""The schema, as numbered migrations both backends share.

Each migration is written once, in SQL both SQLite and PostgreSQL speak, with the few type names
that differ as ``$blob``, ``$real``, ``$bigint``, ``$serial`` and ``$view``. A store records the
versions it has applied in ``schema_migrations``; opening a store applies the missing ones in
order (on PostgreSQL under an advisory lock, so replicas starting together migrate once), and a
store whose schema is newer than this code is refused instead of being written with an old view
of its tables. ``callgate store status`` and ``callgate store migrate`` do the same by hand.

Rules for a new migration: append it (never edit a shipped one), make it idempotent
(``IF NOT EXISTS``; columns through ``add_columns``, which checks first), and give it a
version one higher than the last.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Template

DIALECTS: dict[str, dict[str, str]] = {
    "sqlite": {"blob": "BLOB", "real": "REAL", "bigint": "INTEGER",
               "serial": "INTEGER PRIMARY KEY", "view": "CREATE VIEW IF NOT EXISTS"},
    "postgres": {"blob": "BYTEA", "real": "DOUBLE PRECISION", "bigint": "BIGINT",
                 "serial": "BIGSERIAL PRIMARY KEY", "view": "CREATE OR REPLACE VIEW"},
}

VERSIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at $real NOT NULL
)"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str = ""
    add_columns: tuple[tuple[str, str, str], ...] = ()  # (table, column, type template)
    only: str | None = None  # the one backend it changes; the other records it and does nothing
    # SQLite: the table the migration makes anew (create, copy, drop, rename). Its rows are
    # copied with foreign keys off, as they are, and its indexes and triggers made again.
    rebuilds: str | None = None

    def statements(self, dialect: str) -> list[str]:
        """The migration's DDL for one backend, one statement per item."""
        if self.only is not None and dialect != self.only:
            return []
        text = Template(self.sql).substitute(DIALECTS[dialect])
        return [s.strip() for s in text.split(";") if s.strip()]


SESSIONS = """
CREATE TABLE IF NOT EXISTS sessions (
    session_id  TEXT PRIMARY KEY,
    environment TEXT NOT NULL,
    end_user    $blob NOT NULL,
    tags        $blob NOT NULL,
    started_at  TEXT NOT NULL,
    ended_at    TEXT,
    outcome     $blob
);
-- One row per position in a session: messages and calls share one sequence, and a position
-- taken twice (two writers racing) is refused whole.
CREATE TABLE IF NOT EXISTS events (
    session_id TEXT NOT NULL REFERENCES sessions(session_id),
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS messages (
    session_id TEXT NOT NULL REFERENCES sessions(session_id),
    seq        INTEGER NOT NULL,
    role       TEXT NOT NULL,
    content    TEXT NOT NULL,
    ts         TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS calls (
    call_id         TEXT PRIMARY KEY,
    session_id      TEXT NOT NULL REFERENCES sessions(session_id),
    seq             INTEGER NOT NULL,
    tool            TEXT NOT NULL,
    kind            TEXT NOT NULL,
    arguments       $blob NOT NULL,
    decision_id     TEXT NOT NULL,
    verdict         TEXT NOT NULL,
    rules           $blob NOT NULL,
    policy_version  TEXT NOT NULL,
    outcome         TEXT NOT NULL,
    result          $blob,
    upstream_status INTEGER,
    error_code      TEXT,
    started_at      TEXT NOT NULL,
    finished_at     TEXT
);
-- Once-only actions across sessions (rules with scope: global): one row per action key.
CREATE TABLE IF NOT EXISTS claims (
    claim      TEXT PRIMARY KEY,
    call_id    TEXT NOT NULL,
    created_at $real NOT NULL
);
-- One row, written by the readiness probe after a failed commit to see writes work again.
CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, at $real NOT NULL);
CREATE TABLE IF NOT EXISTS confirmations (
    confirmation_id TEXT PRIMARY KEY,
    session_id      TEXT NOT NULL REFERENCES sessions(session_id),
    call_hash       TEXT NOT NULL,
    tool            TEXT NOT NULL,
    summary         TEXT NOT NULL,
    created_at      $real NOT NULL,
    expires_at      $real NOT NULL,
    confirmed_at    $real,
    used_at         $real
);
-- Facts are the results of successful reads, looked up by tool and canonical arguments.
CREATE INDEX IF NOT EXISTS calls_by_tool ON calls (session_id, tool);
$view facts AS
    SELECT session_id, tool, arguments AS args, seq, call_id, result FROM calls
    WHERE kind = 'read' AND outcome = 'executed';
CREATE TABLE IF NOT EXISTS audit (
    id        $serial,                -- physical order of appends (verify walks it)
    seq       $bigint NOT NULL,       -- the chain's own numbering (verify checks it)
    ts        $real NOT NULL,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    subject   TEXT NOT NULL,
    body      $blob NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_head (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    seq  $bigint NOT NULL,
    hash TEXT NOT NULL
);
INSERT INTO audit_head (id, seq, hash) VALUES (1, 0,
    '0000000000000000000000000000000000000000000000000000000000000000')
    ON CONFLICT DO NOTHING
"""

GATE = """
CREATE TABLE IF NOT EXISTS tickets (
    ticket_id       TEXT PRIMARY KEY,
    session_id      TEXT NOT NULL,
    call_id         TEXT NOT NULL,
    tool            TEXT NOT NULL,
    domain          TEXT NOT NULL,
    environment     TEXT NOT NULL,
    arguments       $blob NOT NULL,         -- canonical JSON: what executes
    args_hash       TEXT NOT NULL,
    decision        $blob NOT NULL,         -- verdict, fired rules, their messages
    policy_version  TEXT NOT NULL,
    status          TEXT NOT NULL,
    priority        INTEGER NOT NULL DEFAULT 2,
    owner           TEXT,
    requester       TEXT,                   -- the agent key's owner (for four eyes)
    four_eyes       INTEGER NOT NULL DEFAULT 0,
    approvals       $blob NOT NULL,
    created_at      $real NOT NULL,
    updated_at      $real NOT NULL,
    expires_at      $real NOT NULL,
    result          $blob,
    upstream_status INTEGER
);
CREATE INDEX IF NOT EXISTS tickets_by_status ON tickets (status, priority, created_at);
CREATE INDEX IF NOT EXISTS tickets_by_args ON tickets (args_hash);
CREATE TABLE IF NOT EXISTS ticket_events (
    ticket_id TEXT NOT NULL REFERENCES tickets(ticket_id),
    seq       INTEGER NOT NULL,
    ts        $real NOT NULL,
    actor     TEXT NOT NULL,
    kind      TEXT NOT NULL,                -- status, assign, priority, edit, reply, note, notify
    body      $blob NOT NULL,
    PRIMARY KEY (ticket_id, seq)
);
CREATE TABLE IF NOT EXISTS ticket_reads (
    ticket_id   TEXT NOT NULL,
    operator_id TEXT NOT NULL,
    state       TEXT NOT NULL,              -- unread, read, archived
    PRIMARY KEY (ticket_id, operator_id)
);
CREATE TABLE IF NOT EXISTS outbox (
    ticket_id  TEXT PRIMARY KEY REFERENCES tickets(ticket_id),
    state      TEXT NOT NULL,               -- pending, sending, done, unknown
    created_at $real NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS operators (
    operator_id TEXT PRIMARY KEY,
    username    TEXT NOT NULL UNIQUE,
    pw_hash     TEXT NOT NULL,
    totp_secret TEXT NOT NULL,
    role        TEXT NOT NULL,
    disabled    INTEGER NOT NULL DEFAULT 0,
    last_step   $bigint NOT NULL DEFAULT 0, -- the last TOTP time step used (no replays)
    created_at  $real NOT NULL
);
CREATE TABLE IF NOT EXISTS operator_sessions (
    token_hash  TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators(operator_id),
    created_at  $real NOT NULL,
    last_seen   $real NOT NULL,
    ended       INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS login_failures (
    username TEXT NOT NULL,
    remote   TEXT NOT NULL,
    ts       $real NOT NULL
);
CREATE INDEX IF NOT EXISTS login_failures_by_user ON login_failures (username, ts);
CREATE INDEX IF NOT EXISTS login_failures_by_remote ON login_failures (remote, ts);
CREATE TABLE IF NOT EXISTS agent_keys (
    key_id     TEXT PRIMARY KEY,
    key_hash   TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    owner      TEXT NOT NULL,               -- the operator whose team runs the agent
    created_at $real NOT NULL,
    revoked    INTEGER NOT NULL DEFAULT 0
)
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "sessions, calls, facts, confirmations, claims, audit chain", SESSIONS),
    Migration(2, "sessions.agent_key (sessions belong to the agent key that opened them)",
              add_columns=(("sessions", "agent_key", "TEXT"),)),
    Migration(3, "the human gate: tickets, outbox, operators, agent keys", GATE),
    Migration(4, "outbox leases (a replica that dies mid-delivery is taken over)",
              "CREATE INDEX IF NOT EXISTS outbox_by_state ON outbox (state)",
              add_columns=(("outbox", "owner", "TEXT"), ("outbox", "lease_until", "$real"))),
)
SANDBOX_PAYMENTS = """
CREATE TABLE IF NOT EXISTS sandbox_payments (
    payment_id      TEXT PRIMARY KEY,
    currency        TEXT NOT NULL,
    authorised_minor $bigint NOT NULL,      -- integer minor units: exact, never float
    captured_minor  $bigint NOT NULL,
    refunded_minor  $bigint NOT NULL,
    state           TEXT NOT NULL,
    created_at      $real NOT NULL,
    updated_at      $real NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_operations (
    idempotency_key TEXT PRIMARY KEY,
    request_hash    TEXT NOT NULL,
    payment_id      TEXT,
    result          $blob NOT NULL,
    created_at      $real NOT NULL
)
"""
_VERSION = "$bigint NOT NULL DEFAULT 0"
AUDIT_CHAINS = """
-- The head of each audit chain but the first (whose head is audit_head): one row per writer.
CREATE TABLE IF NOT EXISTS audit_chains (
    chain TEXT PRIMARY KEY,
    seq   $bigint NOT NULL,
    hash  TEXT NOT NULL
)
"""
MIGRATIONS = (*MIGRATIONS, Migration(5, "the sandbox payment provider; rehearsals on tickets",
                                     SANDBOX_PAYMENTS,
                                     add_columns=(("tickets", "rehearsal", "$blob"),)),
              Migration(6, "sessions.mode (proxy, or check-only)",
                        add_columns=(("sessions", "mode", "TEXT"),)),
              # A replica keeps its cached session and reads only what changed since the
              # version it holds; each audit writer (a PostgreSQL replica's connection) keeps
              # a chain of its own, so no head row serialises the replicas.
              Migration(7, "session versions (incremental reloads) and audit chains per writer",
                        AUDIT_CHAINS, add_columns=(
                            ("sessions", "version", _VERSION), ("messages", "version", _VERSION),
                            ("calls", "version", _VERSION),
                            ("confirmations", "version", _VERSION),
                            ("audit", "chain", "TEXT NOT NULL DEFAULT ''"))))
# SQLite: events as a table without rowid, keyed by its primary key alone. A rowid table
# keeps the key in an index beside it, so every call and message wrote two of its pages; now
# one (about a sixth of a read's commit; docs/performance.md). One transaction: a failure
# leaves the old table. PostgreSQL keeps its table (a heap and an index either way). The
# rename runs in SQLite's legacy mode, which leaves views alone: a view an operator made over
# events reads the new table by its name (the modern rename checks every view and refuses).
EVENTS_WITHOUT_ROWID = """
PRAGMA legacy_alter_table=ON;
CREATE TABLE events_by_key (
    session_id TEXT NOT NULL REFERENCES sessions(session_id),
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
INSERT INTO events_by_key (session_id, seq, kind) SELECT session_id, seq, kind FROM events;
DROP TABLE events;
ALTER TABLE events_by_key RENAME TO events;
PRAGMA legacy_alter_table=OFF
"""
MIGRATIONS = (*MIGRATIONS, Migration(8, "events without rowid (SQLite)", EVENTS_WITHOUT_ROWID,
                                     only="sqlite", rebuilds="events"))
# SQLite: how far the records file (store/sqlite.py) has been applied, in the transaction
# that applies it, so a record is applied once across a crash.
RECORDS_APPLIED = """
CREATE TABLE IF NOT EXISTS records_applied (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    upto INTEGER NOT NULL
)
"""
MIGRATIONS = (*MIGRATIONS, Migration(9, "the records file: the last record committed (SQLite)",
                                     RECORDS_APPLIED, only="sqlite"))
LATEST = MIGRATIONS[-1].version


def column_type(template: str, dialect: str) -> str:
    return Template(template).substitute(DIALECTS[dialect])


def pending(applied: set[int], migrations: tuple[Migration, ...] = MIGRATIONS
            ) -> list[Migration]:
    """The migrations a store with ``applied`` still needs, refusing a newer schema."""
    latest = migrations[-1].version
    newer = [v for v in applied if v > latest]
    if newer:
        from ..errors import StoreError

        raise StoreError(f"the store's schema is at version {max(newer)}, newer than this "
                         f"callgate (which knows up to {latest}); upgrade callgate, or restore a "
                         "backup taken before the upgrade")
    return [m for m in migrations if m.version not in applied]
