"""The gate's command line: the first admin, agent keys, and audit verification."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from proxy.cli import main

from ..conftest import ROOT


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
