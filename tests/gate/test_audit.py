"""The audit log detects a modified, deleted, inserted or reordered entry, and says where."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from proxy.gate.audit import verify
from proxy.store.sqlite import SqliteStore, audit_entry


@pytest.fixture
async def db_path(tmp_path: Path) -> Path:
    store = SqliteStore(tmp_path / "a.db")
    await store.open()
    for i in range(10):
        await store.write([audit_entry("op_1", "ticket_approve", f"tk_{i}", {"i": i})])
    count, problems = verify(store.db)
    assert (count, problems) == (10, [])
    await store.close()
    return tmp_path / "a.db"


def check(path: Path) -> list[tuple[int | None, str]]:
    db = sqlite3.connect(path)
    _, problems = verify(db)
    return [(p.seq, p.what) for p in problems]


def test_modified_entry(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    db.execute("UPDATE audit SET body = ? WHERE seq = 4", (b'{"i":99}',))
    db.commit()
    problems = check(db_path)
    assert problems[0][0] == 4 and "modified" in problems[0][1]


def test_modified_actor_with_rehash_breaks_the_next_link(db_path: Path) -> None:
    """Rewriting an entry and its own hash still breaks the entry after it."""
    from proxy.gate.audit import entry_hash

    db = sqlite3.connect(db_path)
    seq, ts, action, subject, body, prev = db.execute(
        "SELECT seq, ts, action, subject, body, prev_hash FROM audit WHERE seq = 6").fetchone()
    forged = entry_hash(prev, seq, ts, "someone_else", action, subject, bytes(body))
    db.execute("UPDATE audit SET actor = 'someone_else', hash = ? WHERE seq = 6", (forged,))
    db.commit()
    problems = check(db_path)
    assert problems and problems[0][0] == 7 and "previous entry" in problems[0][1]


def test_deleted_entry(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    db.execute("DELETE FROM audit WHERE seq = 5")
    db.commit()
    problems = check(db_path)
    assert problems[0][0] == 6 and "where entry 5 was expected" in problems[0][1]


def test_deleted_last_entry(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    db.execute("DELETE FROM audit WHERE seq = 10")
    db.commit()
    problems = check(db_path)
    assert problems == [(10, problems[0][1])] and "removed from the end" in problems[0][1]


def test_inserted_entry(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    row = db.execute("SELECT ts, actor, action, subject, body, prev_hash, hash FROM audit "
                     "WHERE seq = 3").fetchone()
    db.execute("UPDATE audit SET seq = seq + 100 WHERE seq > 3")
    db.execute("INSERT INTO audit (seq, ts, actor, action, subject, body, prev_hash, hash) "
               "VALUES (4, ?, ?, 'ticket_approve', 'tk_x', ?, ?, ?)",
               (row[0], row[1], row[4], row[6], row[6]))
    db.commit()
    problems = check(db_path)
    assert problems and "after entry 3" in problems[0][1]


def test_reordered_entries(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    rows = {r[0]: r[1:] for r in db.execute(
        "SELECT seq, ts, actor, action, subject, body, prev_hash, hash FROM audit")}
    db.execute("DELETE FROM audit WHERE seq IN (7, 8)")
    for seq in (8, 7):  # written back in swapped order
        db.execute("INSERT INTO audit (seq, ts, actor, action, subject, body, prev_hash, hash) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (seq, *rows[seq]))
    db.commit()
    problems = check(db_path)
    assert problems and problems[0][0] == 9 and "where entry 7 was expected" in problems[0][1]
