"""``callgate operator create``, ``callgate agent-key create``, ``callgate audit verify``."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path
from typing import Any

import click

from ..config import Config, load_config
from ..errors import CallgateError
from ..gate.accounts import Accounts
from ..gate.audit import head_of, verify
from ..gate.auth import Role
from ..gate.sealed import Sealer
from ..store.sqlite import SqliteStore

CONFIG = click.option("--config", "config_path", required=True,
                      type=click.Path(exists=True, dir_okay=False, path_type=Path),
                      help="The proxy's configuration file (for the store's path).")


def _store_path(config: Config) -> Path:
    return config.resolve(config.store.path)


async def _with_accounts(config: Config, fn: Any) -> Any:
    store = SqliteStore(_store_path(config))
    await store.open()  # refused while the proxy runs: SQLite has one writer
    try:
        g = config.gate
        try:
            sealer = Sealer.from_env(g.secrets_key_env)
        except CallgateError as e:
            raise click.ClickException(str(e)) from e
        return await fn(Accounts(store, g.session_idle_s, g.session_max_s,
                                 g.login_max_failures, g.login_window_s, sealer))
    finally:
        await store.close()


@click.group()
def operator() -> None:
    """Operator accounts (the first admin; later ones through the API)."""


@operator.command("create")
@CONFIG
@click.option("--username", required=True)
@click.option("--role", type=click.Choice([r.value for r in Role]), default="admin",
              show_default=True)
@click.password_option(help="At least 12 characters; prompted for if not given.")
def create_operator(config_path: Path, username: str, role: str, password: str) -> None:
    """Create an operator and print the TOTP secret to enrol in an authenticator app (once).

    Run it while the proxy is stopped (SQLite has one writer); with the proxy running, an admin
    uses POST /v1/operator/operators.
    """
    config = load_config(config_path)
    try:
        made = asyncio.run(_with_accounts(
            config, lambda acc: acc.create_operator(username, password, Role(role), "cli")))
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    click.echo(f"operator {made['username']} ({made['role']}) created: {made['operator_id']}")
    click.echo(f"TOTP secret: {made['totp_secret']}")
    click.echo(f"enrol with:  {made['otpauth_uri']}")


@click.group("agent-key")
def agent_key() -> None:
    """Agent API keys (stored as hashes; the key is shown once)."""


@agent_key.command("create")
@CONFIG
@click.option("--name", required=True, help="What the key is for, e.g. the agent's name.")
@click.option("--owner", required=True, help="The operator id of the team that runs the agent.")
def create_key(config_path: Path, name: str, owner: str) -> None:
    """Create an agent API key (cgk_...; shown once, stored as a hash). Agents send it as
    `Authorization: Bearer cgk_...`; run while the proxy is stopped (or use the operator API's
    POST /v1/operator/agent-keys)."""
    config = load_config(config_path)
    try:
        made = asyncio.run(_with_accounts(config, lambda acc: acc.create_agent_key(name, owner)))
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    click.echo(f"{made['key_id']}: {made['key']}")


@click.group()
def audit() -> None:
    """The hash-chained audit log."""


def _readonly(config_path: Path) -> sqlite3.Connection:
    path = _store_path(load_config(config_path))
    if not path.exists():
        raise click.ClickException(f"{path}: no store here")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def _head(text: str) -> tuple[int, str]:
    seq, _, digest = text.partition(":")
    if not seq.isdigit() or len(digest) != 64:
        raise click.BadParameter("the head is SEQ:HASH, as `callgate audit head` prints it")
    return int(seq), digest


@audit.command("head")
@CONFIG
def audit_head(config_path: Path) -> None:
    """Print the chain's head as SEQ:HASH, to keep somewhere the database's owner cannot
    rewrite (a ticket, a log service); `audit verify --expect-head` checks against it."""
    db = _readonly(config_path)
    try:
        seq, digest = head_of(db)
    except sqlite3.Error as e:
        raise click.ClickException(str(e)) from e
    finally:
        db.close()
    click.echo(f"{seq}:{digest}")


@audit.command("verify")
@CONFIG
@click.option("--expect-head", "expect", metavar="SEQ:HASH", help="A head kept outside "
              "(`callgate audit head`): the log must still contain exactly that entry.")
def audit_verify(config_path: Path, expect: str | None) -> None:
    """Walk the chain; exit 1 and say where if an entry was modified, deleted, inserted or moved.
    Reads the database read-only, so it runs beside a live proxy."""
    expect_head = _head(expect) if expect else None
    db = _readonly(config_path)
    try:
        count, problems = verify(db, expect_head)
    except sqlite3.Error as e:
        raise click.ClickException(f"the audit log cannot be read: {e}") from e
    finally:
        db.close()
    if not problems:
        click.echo(f"audit log intact: {count} entries")
        return
    click.echo(f"audit log BROKEN: {len(problems)} problem(s) in {count} entries")
    for p in problems:
        click.echo(f"  {p.what}")
    sys.exit(1)
