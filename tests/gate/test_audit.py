"""The audit log detects a modified, deleted, inserted or reordered entry, and says where."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from proxy.store.audit import AUDIT_HEAD, check_db, head_of
from proxy.store.sqlite import SqliteStore
from proxy.store.statements import audit_entry


@pytest.fixture
async def db_path(tmp_path: Path) -> Path:
    store = SqliteStore(tmp_path / "a.db")
    await store.open()
    for i in range(10):
        await store.write([audit_entry("op_1", "ticket_approve", f"tk_{i}", {"i": i})])
    count, problems = check_db(store.db)
    assert (count, problems) == (10, [])
    await store.close()
    return tmp_path / "a.db"


def check(path: Path) -> list[tuple[int | None, str]]:
    db = sqlite3.connect(path)
    _, problems = check_db(db)
    return [(p.seq, p.what) for p in problems]


def test_modified_entry(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    db.execute("UPDATE audit SET body = ? WHERE seq = 4", (b'{"i":99}',))
    db.commit()
    problems = check(db_path)
    assert problems[0][0] == 4 and "modified" in problems[0][1]


def test_modified_actor_with_rehash_breaks_the_next_link(db_path: Path) -> None:
    """Rewriting an entry and its own hash still breaks the entry after it."""
    from proxy.store.audit import entry_hash

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


def test_an_entry_stored_as_text_is_reported_not_a_crash(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    db.execute("UPDATE audit SET body = CAST(body AS TEXT) WHERE seq = 3")
    db.execute("UPDATE audit SET ts = 'yesterday' WHERE seq = 5")
    db.execute("UPDATE audit SET seq = 'x' WHERE seq = 7")
    db.commit()
    problems = check(db_path)
    assert any(seq == 3 and "as text" in what for seq, what in problems)
    assert any(seq == 5 and "cannot be read" in what for seq, what in problems)
    assert any("no readable sequence number" in what for _, what in problems)


def test_a_cut_end_with_a_rewritten_head_fails_against_the_head_kept_outside(
    db_path: Path,
) -> None:
    db = sqlite3.connect(db_path)
    kept = head_of(db.execute(AUDIT_HEAD).fetchone())
    assert kept[0] == 10
    assert check_db(db, kept)[1] == []
    # cut the last two entries and make the head agree with what is left
    row = db.execute("SELECT seq, hash FROM audit WHERE seq = 8").fetchone()
    db.execute("DELETE FROM audit WHERE seq > 8")
    db.execute("UPDATE audit_head SET seq = ?, hash = ? WHERE id = 1", row)
    db.commit()
    assert check(db_path) == []  # from inside, it reads as intact
    problems = check_db(db, kept)[1]
    assert problems and "not in the log" in problems[-1].what


def test_audit_head_and_verify_commands(tmp_path: Path) -> None:
    import asyncio

    from click.testing import CliRunner

    from proxy.cli import main

    config = tmp_path / "c.yaml"
    config.write_text(f"store: {{path: {tmp_path / 'c.db'}}}\n"
                      "upstreams: {retail: {base_url: 'http://127.0.0.1:9'}}\n"
                      f"catalogs: [{Path(__file__).parents[2] / 'schemas/retail/catalog.yaml'}]\n")

    async def fill() -> None:
        store = SqliteStore(tmp_path / "c.db")
        await store.open()
        for i in range(3):
            await store.write([audit_entry("op", "x", f"s{i}", {"i": i})])
        await store.close()

    asyncio.run(fill())
    runner = CliRunner()
    head = runner.invoke(main, ["audit", "head", "--config", str(config)])
    assert head.exit_code == 0 and head.output.startswith("3:")
    ok = runner.invoke(main, ["audit", "verify", "--config", str(config), "--expect-head",
                              head.output.strip()])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(main, ["audit", "verify", "--config", str(config), "--expect-head",
                               "3:" + "0" * 64])
    assert bad.exit_code == 1 and "head kept outside" in bad.output
    wrong = runner.invoke(main, ["audit", "verify", "--config", str(config), "--expect-head",
                                 "three"])
    assert wrong.exit_code == 2
