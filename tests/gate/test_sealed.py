"""Operators' TOTP secrets are sealed at rest; without the key nothing is enrolled in clear."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from proxy.app import build_runtime
from proxy.errors import ConfigError
from proxy.gate.auth import Role
from proxy.gate.sealed import PREFIX, Sealer, SecretsKeyMissing, parse_key

from ..conftest import TEST_SECRETS_KEY, ProxyFactory, make_config


def test_seal_and_open() -> None:
    sealer = Sealer(parse_key(TEST_SECRETS_KEY, "test"))
    sealed = sealer.seal("JBSWY3DPEHPK3PXP")
    assert sealed.startswith(PREFIX) and "JBSWY3DPEHPK3PXP" not in sealed
    assert sealer.open(sealed) == "JBSWY3DPEHPK3PXP"
    assert sealer.seal("x") != sealer.seal("x")  # a fresh nonce each time
    assert sealer.open("legacy-clear") == "legacy-clear"
    other = Sealer(bytes(32))
    with pytest.raises(SecretsKeyMissing, match="different key"):
        other.open(sealed)
    with pytest.raises(ConfigError, match="32 bytes"):
        parse_key("c2hvcnQ=", "CALLGATE_SECRETS_KEY")


async def test_no_totp_secret_in_clear_on_disk(
    upstream: TestServer, make_proxy: ProxyFactory, tmp_path: Path,
) -> None:
    _, rt = await make_proxy(str(upstream.make_url("")))
    assert rt.accounts is not None
    made = await rt.accounts.create_operator("ada", "correct horse battery", Role.ADMIN, "test")
    await rt.store.close()  # type: ignore[attr-defined]
    raw = (tmp_path / "callgate.db").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("callgate.db-*"))
    assert made["totp_secret"].encode() not in raw
    stored = sqlite3.connect(tmp_path / "callgate.db").execute(
        "SELECT totp_secret FROM operators").fetchone()[0]
    assert stored.startswith(PREFIX)


async def test_without_the_key_no_operator_is_enrolled(
    upstream: TestServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CALLGATE_SECRETS_KEY")
    rt = build_runtime(make_config(tmp_path, str(upstream.make_url(""))))
    assert rt.accounts is not None and not rt.accounts.sealer.ready
    await rt.store.open()
    with pytest.raises(SecretsKeyMissing, match="CALLGATE_SECRETS_KEY"):
        await rt.accounts.create_operator("ada", "correct horse battery", Role.ADMIN, "t")
    assert await rt.accounts.count() == 0
    await rt.store.close()


async def test_secrets_stored_in_clear_earlier_are_sealed_at_start(
    upstream: TestServer, tmp_path: Path,
) -> None:
    rt = build_runtime(make_config(tmp_path, str(upstream.make_url(""))))
    await rt.store.open()
    assert rt.accounts is not None
    await rt.accounts.store.write([(
        "INSERT INTO operators (operator_id, username, pw_hash, totp_secret, role, created_at) "
        "VALUES ('op_old', 'old', 'x', 'JBSWY3DPEHPK3PXP', 'admin', 0)", ())])
    assert await rt.accounts.seal_plaintext() == 1
    row = await rt.accounts.store.fetchone(
        "SELECT totp_secret FROM operators WHERE operator_id = 'op_old'")
    assert row is not None
    stored = row[0]
    assert stored.startswith(PREFIX)
    assert rt.accounts.sealer.open(stored) == "JBSWY3DPEHPK3PXP"
    await rt.store.close()
