"""The gate's command line: the first admin, agent keys, and audit verification."""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from pathlib import Path

import asyncpg
from click.testing import CliRunner

from proxy.cli import main
from proxy.store.migrations import LATEST

from ..conftest import PG_DSN, ROOT, needs_postgres


def config(tmp_path: Path) -> Path:
    path = tmp_path / "callgate.yaml"
    path.write_text(f"store: {{path: {tmp_path / 'c.db'}}}\n"
                    "upstreams: {retail: {base_url: 'http://127.0.0.1:9'}}\n"
                    f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n")
    return path


def test_first_admin_key_and_audit(tmp_path: Path) -> None:
    cfg = str(config(tmp_path))
    runner = CliRunner()
    made = runner.invoke(main, ["operator", "create", "--config", cfg, "--username", "ada",
                                "--password", "a long enough password"])
    assert made.exit_code == 0, made.output
    assert "TOTP secret: " in made.output and "otpauth://totp/" in made.output
    again = runner.invoke(main, ["operator", "create", "--config", cfg, "--username", "ada",
                                 "--password", "a long enough password"])
    assert again.exit_code == 2 and "exists already" in again.output
    short = runner.invoke(main, ["operator", "create", "--config", cfg, "--username", "bob",
                                 "--password", "short"])
    assert short.exit_code == 2
    key = runner.invoke(main, ["agent-key", "create", "--config", cfg, "--name", "bot",
                               "--owner", "op_x"])
    assert key.exit_code == 0 and "cgk_" in key.output

    ok = runner.invoke(main, ["audit", "verify", "--config", cfg])
    assert ok.exit_code == 0 and "intact: 2 entries" in ok.output
    db = sqlite3.connect(tmp_path / "c.db")
    db.execute("UPDATE audit SET actor = 'mallory' WHERE seq = 1")
    db.commit()
    broken = runner.invoke(main, ["audit", "verify", "--config", cfg])
    assert broken.exit_code == 1 and "entry 1 was modified" in broken.output


@needs_postgres
def test_the_same_commands_on_postgres(tmp_path: Path) -> None:
    """Operators, keys, the audit check and migrations on the PostgreSQL store: nothing lands in
    a SQLite file on the side."""
    schema = "cli_" + secrets.token_hex(5)
    cfg = tmp_path / "pg.yaml"
    cfg.write_text(f"store: {{backend: postgres, dsn: '{PG_DSN}', schema: {schema}, "
                   f"path: {tmp_path / 'never.db'}}}\n"
                   "upstreams: {retail: {base_url: 'http://127.0.0.1:9'}}\n"
                   f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n")
    runner = CliRunner()

    async def sql(statement: str, *args: str) -> None:
        conn = await asyncpg.connect(PG_DSN, server_settings={"search_path": schema})
        try:
            await conn.execute(statement, *args)
        finally:
            await conn.close()

    try:
        before = runner.invoke(main, ["store", "status", "--config", str(cfg)])
        assert before.exit_code == 0 and "pending" in before.output and "applied" not in before.output
        made = runner.invoke(main, ["operator", "create", "--config", str(cfg), "--username",
                                    "ada", "--password", "a long enough password"])
        assert made.exit_code == 0, made.output
        key = runner.invoke(main, ["agent-key", "create", "--config", str(cfg), "--name", "bot",
                                   "--owner", "op_x"])
        assert key.exit_code == 0 and "cgk_" in key.output
        assert not (tmp_path / "never.db").exists()
        after = runner.invoke(main, ["store", "status", "--config", str(cfg)])
        assert "pending" not in after.output and after.output.count("applied") == LATEST
        again = runner.invoke(main, ["store", "migrate", "--config", str(cfg)])
        assert again.exit_code == 0 and "nothing (up to date)" in again.output
        ok = runner.invoke(main, ["audit", "verify", "--config", str(cfg)])
        assert ok.exit_code == 0 and "intact: 2 entries" in ok.output, ok.output
        # each command's process wrote on a chain of its own: two chains of one entry each
        head = runner.invoke(main, ["audit", "head", "--config", str(cfg)])
        heads = head.output.split()
        assert head.exit_code == 0 and len(heads) == 2
        assert all("/1:" in h for h in heads), heads
        kept = runner.invoke(main, ["audit", "verify", "--config", str(cfg), "--expect-head",
                                    head.output.strip()])
        assert kept.exit_code == 0, kept.output
        chain = heads[0].split("/")[0]
        asyncio.run(sql("UPDATE audit SET actor = 'mallory' WHERE chain = $1", chain))
        broken = runner.invoke(main, ["audit", "verify", "--config", str(cfg)])
        assert broken.exit_code == 1, broken.output
        assert f"chain {chain}: entry 1 was modified" in broken.output
        asyncio.run(sql("DELETE FROM audit WHERE chain = $1", chain))
        asyncio.run(sql("DELETE FROM audit_chains WHERE chain = $1", chain))
        # a whole chain removed reads as intact from inside; against the heads kept outside not
        assert runner.invoke(main, ["audit", "verify", "--config", str(cfg)]).exit_code == 0
        cut = runner.invoke(main, ["audit", "verify", "--config", str(cfg), "--expect-head",
                                   head.output.strip()])
        assert cut.exit_code == 1 and "not in the log" in cut.output, cut.output
    finally:
        asyncio.run(sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))


def test_a_broken_configuration_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    cfg = tmp_path / "bad.yaml"
    cfg.write_text("store: {path: x.db}\nupstreams: {retail: {base_url: 'http://127.0.0.1:9'}}\n"
                   "catalogs: []\n")
    for command in (["store", "status"], ["audit", "verify"], ["audit", "head"],
                    ["store", "migrate"]):
        result = CliRunner().invoke(main, [*command, "--config", str(cfg)])
        assert result.exit_code == 2, (command, result.output)
        assert "bad.yaml:3" in result.output and "Traceback" not in result.output


def test_the_demo_starts_each_run_with_a_fresh_store(tmp_path: Path) -> None:
    import fcntl
    import os

    from proxy.cli import fresh_store

    db = tmp_path / "callgate.db"
    assert not fresh_store(db)  # nothing there yet
    for suffix in ("", "-wal", "-shm", "-records", "-records.refused"):
        (tmp_path / f"callgate.db{suffix}").write_text("old")
    assert fresh_store(db) and not db.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["callgate.db.lock"]
    db.write_text("in use")
    fd = os.open(tmp_path / "callgate.db.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # another demo holds it: nothing is removed
    try:
        assert not fresh_store(db) and db.read_text() == "in use"
    finally:
        os.close(fd)
