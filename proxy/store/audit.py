"""The audit log: append-only, hash-chained, written in the transaction of the change it records.

SQLite appends to one chain (chain ``''``), with the head kept in memory (one writer) and in
``audit_head``. On PostgreSQL every writer (a connection of a replica, leased for one
transaction at a time) extends a chain of its own, named in each entry's ``chain`` column, with
its head in ``audit_chains``: no row that every replica waits on. Each chain verifies alone.

Entry n stores ``hash = sha256(prev_hash | canonical(seq, ts, actor, action, subject, body))``
and ``prev_hash`` = entry n-1's hash (64 zeros for the first). A head row keeps the last seq and
hash, so dropping entries from the end shows too. ``verify`` walks the chain and reports the
first place where a modified, deleted, inserted or reordered entry breaks it.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

GENESIS = "0" * 64


def now_s() -> float:
    """Seconds since the epoch to the microsecond (an audit entry's time): the same double as
    ``round(time.time(), 6)`` at the microsecond it truncates to, without formatting digits."""
    return time.time_ns() // 1000 / 1e6


def entry_hash(prev_hash: str, seq: int, ts: float, actor: str, action: str, subject: str,
               body: bytes) -> str:
    material = orjson.dumps([seq, ts, actor, action, subject, body.decode()],
                            option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(prev_hash.encode() + b"|" + material).hexdigest()


def next_entry(head: tuple[int, str], actor: str, action: str, subject: str,
               body: dict[str, Any], ts: float | None = None
               ) -> tuple[int, float, bytes, str, str]:
    """The entry after ``head``: (seq, ts, body bytes, prev_hash, hash); ``ts``: when it
    happened (default: now)."""
    seq, prev = head[0] + 1, head[1]
    ts = now_s() if ts is None else ts
    data = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    return seq, ts, data, prev, entry_hash(prev, seq, ts, actor, action, subject, data)


def append(db: sqlite3.Connection, actor: str, action: str, subject: str,
           body: dict[str, Any], head: tuple[int, str] | None = None,
           write_head: bool = True, ts: float | None = None) -> tuple[int, str]:
    """Append one entry inside the caller's open transaction; returns the new head.

    ``head`` is the chain's last (seq, hash) if the caller knows it (the store keeps it in
    memory as the only writer); else it is read from the head row."""
    if head is None:
        row = db.execute("SELECT seq, hash FROM audit_head WHERE id = 1").fetchone()
        head = (row[0], row[1]) if row else (0, GENESIS)
    seq, ts, data, prev, digest = next_entry(head, actor, action, subject, body, ts)
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


AUDIT_ROWS = ("SELECT seq, ts, actor, action, subject, body, prev_hash, hash, chain FROM audit "
              "ORDER BY chain, id")
AUDIT_HEAD = "SELECT seq, hash FROM audit_head WHERE id = 1"
CHAIN_HEADS = "SELECT chain, seq, hash FROM audit_chains ORDER BY chain"
Heads = dict[str, tuple[int, str]]  # chain -> (seq, hash); "" is the first chain (audit_head)


def verify_chains(rows: Iterable[Sequence[Any]], head: Sequence[Any] | None,
                  chain_heads: Iterable[Sequence[Any]] = (), expect: Heads | None = None
                  ) -> tuple[int, list[Problem]]:
    """``verify`` each chain of AUDIT_ROWS against its head: the first chain's (``head``, the
    AUDIT_HEAD row) and the writers' (CHAIN_HEADS rows). ``expect`` holds heads kept outside
    (``callgate audit head``); a chain named there must still hold that entry."""
    by_chain: dict[str, list[Sequence[Any]]] = {"": []}
    for row in rows:
        by_chain.setdefault(str(row[8]), []).append(row[:8])
    heads: dict[str, Sequence[Any] | None] = {"": head}
    for c, seq, digest in chain_heads:
        heads[str(c)] = (seq, digest)
        by_chain.setdefault(str(c), [])
    for c in expect or {}:
        by_chain.setdefault(c, [])
    total: int = 0
    problems: list[Problem] = []
    for chain, chain_rows in sorted(by_chain.items()):
        count, found = verify(chain_rows, heads.get(chain),
                              None if expect is None else expect.get(chain))
        total += count
        problems += [Problem(p.seq, f"chain {chain}: {p.what}") if chain else p for p in found]
    return total, problems


def format_heads(heads: Heads) -> str:
    """The heads as ``callgate audit head`` prints them: SEQ:HASH for the first chain, then
    CHAIN/SEQ:HASH per writer's chain, separated by spaces."""
    shown = {c: h for c, h in heads.items() if c or h[0] or len(heads) == 1}  # not an unused first
    return " ".join(f"{c + '/' if c else ''}{seq}:{digest}"
                    for c, (seq, digest) in sorted(shown.items()))


def parse_heads(text: str) -> Heads:
    """What ``format_heads`` printed; ValueError names what is wrong."""
    heads: Heads = {}
    for token in text.split():
        chain, _, rest = token.rpartition("/")
        seq, _, digest = rest.partition(":")
        if not seq.isdigit() or len(digest) != 64:
            raise ValueError(f"{token!r} is not [CHAIN/]SEQ:HASH")
        heads[chain] = (int(seq), digest)
    if not heads:
        raise ValueError("no head given")
    return heads


def all_heads(head: Sequence[Any] | None, chain_heads: Iterable[Sequence[Any]]) -> Heads:
    """Every chain's head, from the AUDIT_HEAD row and the CHAIN_HEADS rows."""
    heads = {"": head_of(head)}
    heads.update({str(c): (int(seq), str(digest)) for c, seq, digest in chain_heads})
    return heads


def verify(rows: Iterable[Sequence[Any]], head: Sequence[Any] | None,
           expect_head: tuple[int, str] | None = None) -> tuple[int, list[Problem]]:
    """Walk the chain: (entries checked, problems found, first first). Never raises for what
    it reads: an entry it cannot read is a problem to report, not a crash.

    ``expect_head`` is a (seq, hash) kept outside the database (``callgate audit head``): a log
    cut at its end and given a matching head record reads as intact from inside; against the
    external copy it does not."""
    problems: list[Problem] = []
    prev = GENESIS
    expected_seq = 1
    count = 0
    seen_expected = False
    for row in rows:  # AUDIT_ROWS, from either backend
        count += 1
        seq, ts, actor, action, subject, body, prev_hash, digest = row
        if not isinstance(seq, int):
            problems.append(Problem(None, f"entry {count} has no readable sequence number "
                                          f"({seq!r}): it was written by something else"))
            continue
        if seq != expected_seq:
            problems.append(Problem(seq, f"entry {seq} found where entry {expected_seq} was "
                                         f"expected (after entry {expected_seq - 1}): entries "
                                         "were deleted, inserted or moved here"))
        if prev_hash != prev:
            problems.append(Problem(seq, f"entry {seq} does not follow the previous entry's "
                                         "hash: an entry before it was changed, removed, "
                                         "inserted or moved"))
        if isinstance(body, memoryview):
            body = bytes(body)
        if isinstance(body, str):
            problems.append(Problem(seq, f"entry {seq}'s body is stored as text, not as the "
                                         "bytes that were hashed: it was rewritten"))
            body = body.encode()
        try:
            intact = entry_hash(str(prev_hash), seq, float(ts), str(actor), str(action),
                                str(subject), bytes(body)) == digest
        except (TypeError, ValueError) as e:
            problems.append(Problem(seq, f"entry {seq} cannot be read ({e}): it was rewritten"))
            intact = True  # reported already
        if not intact:
            problems.append(Problem(seq, f"entry {seq} was modified (its content does not "
                                         "match its hash)"))
        if expect_head is not None and seq == expect_head[0]:
            seen_expected = True
            if digest != expect_head[1]:
                problems.append(Problem(seq, f"entry {seq} does not match the head kept "
                                             "outside: the log was rewritten up to here"))
        prev = digest
        expected_seq = seq + 1
    if head is None and count:
        problems.append(Problem(None, "the head record is missing"))
    elif head is not None and (head[0] != expected_seq - 1 or head[1] != prev):
        problems.append(Problem(head[0], f"the log ends at entry {expected_seq - 1}, but the "
                                         f"head records entry {head[0]}: entries were removed "
                                         "from the end, or the head was changed"))
    if expect_head is not None and not seen_expected and expect_head[0] > 0:
        problems.append(Problem(expect_head[0], f"entry {expect_head[0]}, the head kept outside, "
                                                f"is not in the log (it ends at entry "
                                                f"{expected_seq - 1}): entries were removed "
                                                "from the end"))
    return count, problems


def head_of(row: Sequence[Any] | None) -> tuple[int, str]:
    """The chain's head (seq, hash) from the AUDIT_HEAD row, to keep outside the database."""
    return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))


def check_db(db: sqlite3.Connection, expect_head: tuple[int, str] | None = None
             ) -> tuple[int, list[Problem]]:
    """``verify_chains`` on an open SQLite connection (read-only ones included)."""
    return verify_chains(db.execute(AUDIT_ROWS), db.execute(AUDIT_HEAD).fetchone(),
                         db.execute(CHAIN_HEADS),
                         None if expect_head is None else {"": expect_head})
