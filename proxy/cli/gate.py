"""``callgate operator create``, ``callgate agent-key create``, ``callgate audit verify``,
``callgate store status|migrate``: on the configured store, SQLite or PostgreSQL alike."""

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
from ..gate.auth import Role
from ..gate.sealed import Sealer
from ..store import Store, audit_check, audit_heads, open_store
from ..store.audit import (
    AUDIT_HEAD,
    AUDIT_ROWS,
    CHAIN_HEADS,
    Heads,
    Problem,
    all_heads,
    format_heads,
    parse_heads,
    verify_chains,
)
from ..store.migrations import MIGRATIONS

CONFIG = click.option("--config", "config_path", required=True,
                      type=click.Path(exists=True, dir_okay=False, path_type=Path),
                      help="The proxy's configuration file (for the store's path).")


def _config(path: Path) -> Config:
    """The configuration, or a one-line error naming file, line and field (exit 2)."""
    try:
        return load_config(path)
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)


def _store_path(config: Config) -> Path:
    return config.resolve(config.store.path)


def _store(config: Config) -> Store:
    return open_store(config.store, str(_store_path(config)))


async def _with_accounts(config: Config, fn: Any) -> Any:
    store = _store(config)
    await store.open()  # SQLite: refused while the proxy runs (one writer); PostgreSQL: shared
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

    On SQLite run it while the proxy is stopped (one writer); on PostgreSQL any time. With the
    proxy running, an admin can also use POST /v1/operator/operators.
    """
    config = _config(config_path)
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
    config = _config(config_path)
    try:
        made = asyncio.run(_with_accounts(config, lambda acc: acc.create_agent_key(name, owner)))
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    click.echo(f"{made['key_id']}: {made['key']}")


@click.group()
def audit() -> None:
    """The hash-chained audit log."""


def _readonly(config: Config) -> sqlite3.Connection:
    path = _store_path(config)
    if not path.exists():
        raise click.ClickException(f"{path}: no store here")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def _chain(config_path: Path, expect: Heads | None) -> tuple[Heads, int, list[Problem]]:
    """The audit chains' heads and their check, read from the configured store. SQLite is
    read read-only (so beside a live proxy); PostgreSQL through a normal connection."""
    config = _config(config_path)
    if config.store.backend == "sqlite":
        db = _readonly(config)
        try:
            heads = all_heads(db.execute(AUDIT_HEAD).fetchone(),
                              db.execute(CHAIN_HEADS).fetchall())
            count, problems = verify_chains(db.execute(AUDIT_ROWS),
                                            db.execute(AUDIT_HEAD).fetchone(),
                                            db.execute(CHAIN_HEADS), expect)
            return heads, count, problems
        except sqlite3.Error as e:
            raise click.ClickException(f"the audit log cannot be read: {e}") from e
        finally:
            db.close()

    async def read() -> tuple[Heads, int, list[Problem]]:
        store = _store(config)
        await store.open()
        try:
            heads = await audit_heads(store)
            count, problems = await audit_check(store, expect)
            return heads, count, problems
        finally:
            await store.close()

    try:
        return asyncio.run(read())
    except CallgateError as e:
        raise click.ClickException(str(e)) from e


def _heads(text: str) -> Heads:
    try:
        return parse_heads(text)
    except ValueError as e:
        raise click.BadParameter(f"{e}; give the heads as `callgate audit head` prints "
                                 "them") from e


@audit.command("head")
@CONFIG
def audit_head_cmd(config_path: Path) -> None:
    """Print each audit chain's head (SEQ:HASH for the first chain, CHAIN/SEQ:HASH for each
    PostgreSQL writer's chain), to keep somewhere the database's owner cannot rewrite (a
    ticket, a log service); `audit verify --expect-head` checks against it."""
    heads, _, _ = _chain(config_path, None)
    click.echo(format_heads(heads))


@audit.command("verify")
@CONFIG
@click.option("--expect-head", "expect", metavar="HEADS", help="Heads kept outside (`callgate "
              "audit head`, quoted): each chain must still contain exactly that entry.")
def audit_verify(config_path: Path, expect: str | None) -> None:
    """Walk every chain; exit 1 and say where if an entry was modified, deleted, inserted or
    moved. SQLite is read read-only, so it runs beside a live proxy; PostgreSQL beside live
    replicas."""
    _, count, problems = _chain(config_path, _heads(expect) if expect else None)
    if not problems:
        click.echo(f"audit log intact: {count} entries")
        return
    click.echo(f"audit log BROKEN: {len(problems)} problem(s) in {count} entries")
    for p in problems:
        click.echo(f"  {p.what}")
    sys.exit(1)


@click.group("store")
def store_group() -> None:
    """The store's schema: migrations shared by SQLite and PostgreSQL."""


async def _migrate(config: Config) -> tuple[list[int], list[tuple[int, str, float]]]:
    store = _store(config)
    await store.open()  # opening applies what is missing (under a lock on PostgreSQL)
    try:
        return list(getattr(store, "migrated", [])), await store.applied()
    finally:
        await store.close()


@store_group.command("migrate")
@CONFIG
def store_migrate(config_path: Path) -> None:
    """Bring the store's schema up to this version of callgate (serve does it at start too).
    A store whose schema is newer than this callgate is refused, not written."""
    try:
        done, applied = asyncio.run(_migrate(_config(config_path)))
    except CallgateError as e:
        click.echo(f"callgate: {e}", err=True)
        sys.exit(2)
    click.echo(f"applied now: {', '.join(map(str, done)) or 'nothing (up to date)'}")
    click.echo(f"schema version: {applied[-1][0] if applied else 0}")


@store_group.command("status")
@CONFIG
def store_status(config_path: Path) -> None:
    """List the migrations this callgate knows and which the store has applied."""
    config = _config(config_path)
    if config.store.backend == "sqlite":
        db = _readonly(config)  # read-only: never migrates, runs beside a live proxy
        try:
            rows = db.execute("SELECT version, applied_at FROM schema_migrations").fetchall()
        except sqlite3.Error:
            rows = []  # a store from before migrations were numbered
        finally:
            db.close()
        have = {r[0]: r[1] for r in rows}
    else:
        from ..store.postgres import PostgresStore

        async def applied() -> list[tuple[int, str, float]]:
            store = PostgresStore(config.store.dsn, config.store.schema_name)
            await store.open(migrate=False)
            try:
                return await store.applied()
            except CallgateError:
                return []  # no schema_migrations table yet: nothing applied
            finally:
                await store.close()

        try:
            have = {v: at for v, _, at in asyncio.run(applied())}
        except CallgateError as e:
            raise click.ClickException(str(e)) from e
    for m in MIGRATIONS:
        state = "applied" if m.version in have else "pending"
        click.echo(f"{m.version:>3}  {state:<8} {m.name}")
