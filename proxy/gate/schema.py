"""The gate's tables (SQLite). Created with the store's own tables at open."""

GATE_SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    ticket_id       TEXT PRIMARY KEY,
    session_id      TEXT NOT NULL,
    call_id         TEXT NOT NULL,
    tool            TEXT NOT NULL,
    domain          TEXT NOT NULL,
    environment     TEXT NOT NULL,
    arguments       BLOB NOT NULL,          -- canonical JSON: what executes
    args_hash       TEXT NOT NULL,
    decision        BLOB NOT NULL,          -- verdict, fired rules, their messages
    policy_version  TEXT NOT NULL,
    status          TEXT NOT NULL,
    priority        INTEGER NOT NULL DEFAULT 2,
    owner           TEXT,
    requester       TEXT,                   -- the agent key's owner (for four eyes)
    four_eyes       INTEGER NOT NULL DEFAULT 0,
    approvals       BLOB NOT NULL DEFAULT '[]',
    created_at      REAL NOT NULL,
    updated_at      REAL NOT NULL,
    expires_at      REAL NOT NULL,
    result          BLOB,
    upstream_status INTEGER
);
CREATE INDEX IF NOT EXISTS tickets_by_status ON tickets (status, priority, created_at);
CREATE TABLE IF NOT EXISTS ticket_events (
    ticket_id TEXT NOT NULL REFERENCES tickets(ticket_id),
    seq       INTEGER NOT NULL,
    ts        REAL NOT NULL,
    actor     TEXT NOT NULL,
    kind      TEXT NOT NULL,                -- status, assign, priority, edit, reply, note, notify
    body      BLOB NOT NULL,
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
    created_at REAL NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS operators (
    operator_id TEXT PRIMARY KEY,
    username    TEXT NOT NULL UNIQUE,
    pw_hash     TEXT NOT NULL,
    totp_secret TEXT NOT NULL,
    role        TEXT NOT NULL,
    disabled    INTEGER NOT NULL DEFAULT 0,
    last_step   INTEGER NOT NULL DEFAULT 0,  -- the last TOTP time step used (no replays)
    created_at  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS operator_sessions (
    token_hash  TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators(operator_id),
    created_at  REAL NOT NULL,
    last_seen   REAL NOT NULL,
    ended       INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS login_failures (
    username TEXT NOT NULL,
    remote   TEXT NOT NULL,
    ts       REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS agent_keys (
    key_id     TEXT PRIMARY KEY,
    key_hash   TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    owner      TEXT NOT NULL,               -- the operator whose team runs the agent
    created_at REAL NOT NULL,
    revoked    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS audit (
    id        INTEGER PRIMARY KEY,    -- physical order of appends (verify walks it)
    seq       INTEGER NOT NULL,       -- the chain's own numbering (verify checks it)
    ts        REAL NOT NULL,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    subject   TEXT NOT NULL,
    body      BLOB NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_head (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    seq  INTEGER NOT NULL,
    hash TEXT NOT NULL
);
"""
