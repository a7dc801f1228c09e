"""The audit log: append-only, hash-chained, written in the transaction of the change it records.

Entry n stores ``hash = sha256(prev_hash | canonical(seq, ts, actor, action, subject, body))``
and ``prev_hash`` = entry n-1's hash (64 zeros for the first). A head row keeps the last seq and
hash, so dropping entries from the end shows too. ``verify`` walks the chain and reports the
first place where a modified, deleted, inserted or reordered entry breaks it.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

import orjson

GENESIS = "0" * 64


def entry_hash(prev_hash: str, seq: int, ts: float, actor: str, action: str, subject: str,
               body: bytes) -> str:
    material = orjson.dumps([seq, ts, actor, action, subject, body.decode()],
                            option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(prev_hash.encode() + b"|" + material).hexdigest()


def append(db: sqlite3.Connection, actor: str, action: str, subject: str,
           body: dict[str, Any], head: tuple[int, str] | None = None,
           write_head: bool = True) -> tuple[int, str]:
    """Append one entry inside the caller's open transaction; returns the new head.

    ``head`` is the chain's last (seq, hash) if the caller knows it (the store keeps it in
    memory as the only writer); else it is read from the head row."""
    if head is None:
        row = db.execute("SELECT seq, hash FROM audit_head WHERE id = 1").fetchone()
        head = (row[0], row[1]) if row else (0, GENESIS)
    seq, prev = head[0] + 1, head[1]
    ts = round(time.time(), 6)
    data = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    digest = entry_hash(prev, seq, ts, actor, action, subject, data)
    db.execute("INSERT INTO audit (seq, ts, actor, action, subject, body, prev_hash, hash) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (seq, ts, actor, action, subject, data, prev,
                                                   digest))
    if write_head:
        save_head(db, (seq, digest))
    return seq, digest


def save_head(db: sqlite3.Connection, head: tuple[int, str]) -> None:
    """Record the chain's end; the store does it once per transaction, before COMMIT."""
    db.execute("INSERT INTO audit_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO "
               "UPDATE SET seq = excluded.seq, hash = excluded.hash", head)


@dataclass(frozen=True)
class Problem:
    seq: int | None
    what: str


def verify(db: sqlite3.Connection) -> tuple[int, list[Problem]]:
    """Walk the chain: (entries checked, problems found, first first)."""
    problems: list[Problem] = []
    prev = GENESIS
    expected_seq = 1
    count = 0
    rows = db.execute("SELECT seq, ts, actor, action, subject, body, prev_hash, hash FROM audit "
                      "ORDER BY id")
    for seq, ts, actor, action, subject, body, prev_hash, digest in rows:
        count += 1
        if seq != expected_seq:
            problems.append(Problem(seq, f"entry {seq} found where entry {expected_seq} was "
                                         f"expected (after entry {expected_seq - 1}): entries "
                                         "were deleted, inserted or moved here"))
        if prev_hash != prev:
            problems.append(Problem(seq, f"entry {seq} does not follow the previous entry's "
                                         "hash: an entry before it was changed, removed, "
                                         "inserted or moved"))
        if entry_hash(prev_hash, seq, ts, actor, action, subject, bytes(body)) != digest:
            problems.append(Problem(seq, f"entry {seq} was modified (its content does not "
                                         "match its hash)"))
        prev = digest
        expected_seq = seq + 1
    head = db.execute("SELECT seq, hash FROM audit_head WHERE id = 1").fetchone()
    if head is None and count:
        problems.append(Problem(None, "the head record is missing"))
    elif head is not None and (head[0] != expected_seq - 1 or head[1] != prev):
        problems.append(Problem(head[0], f"the log ends at entry {expected_seq - 1}, but the "
                                         f"head records entry {head[0]}: entries were removed "
                                         "from the end, or the head was changed"))
    return count, problems
