"""Operator accounts, their sessions and logins, and agent API keys, in the store."""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import RequestError, Unauthorized
from ..ids import new_id
from ..locks import KeyedLocks
from ..store.statements import audit_entry
from .auth import (
    AGENT_PREFIX,
    OPERATOR_PREFIX,
    LoginFailed,
    Operator,
    Role,
    Throttled,
    check_password,
    hash_password,
    new_operator,
    new_token,
    otpauth_uri,
    recent_failures,
    token_hash,
    totp_step,
)
from .sealed import PREFIX, Sealer

if TYPE_CHECKING:
    from ..store import Store


@dataclass(frozen=True)
class AgentKey:
    key_id: str
    name: str
    owner: str


@functools.cache
def _dummy_hash() -> str:
    """A real argon2 hash of nothing anyone knows, checked for unknown names."""
    return hash_password(secrets.token_urlsafe(16))


class Accounts:
    def __init__(self, store: Store, idle_s: float, max_s: float, max_failures: int,
                 window_s: float, sealer: Sealer | None = None) -> None:
        self.store = store
        self.sealer = sealer or Sealer(None)
        self.idle_s = idle_s
        self.max_s = max_s
        self.max_failures = max_failures
        self.window_s = window_s
        self._locks = KeyedLocks()
        self.clock: Callable[[], float] = time.time  # tests drive it (session timeouts)

    async def create_operator(self, username: str, password: str, role: Role, actor: str
                              ) -> dict[str, str]:
        """A new operator; the answer carries the TOTP secret, shown this once."""
        if await self.exists(username):
            raise RequestError(f"operator {username!r} exists already")
        row, secret = new_operator(username, password, role)
        sealed = self.sealer.seal(secret)  # before anything is written: no key, no operator
        await self.store.write([
            ("INSERT INTO operators (operator_id, username, pw_hash, totp_secret, role, "
             "created_at) VALUES (?, ?, ?, ?, ?, ?)", (row[0], row[1], row[2], sealed, *row[4:])),
            audit_entry(actor, "operator_created", str(row[0]),
                        {"username": username, "role": role.value}),
        ])
        return {"operator_id": str(row[0]), "username": username, "role": role.value,
                "totp_secret": secret, "otpauth_uri": otpauth_uri(secret, username)}

    async def reset_operator(self, username: str, password: str, actor: str) -> dict[str, str]:
        """New password and TOTP secret for an existing operator; its sessions end."""
        row = await self.store.fetchone(
            "SELECT operator_id, role FROM operators WHERE username = ?", (username,))
        if row is None:
            raise RequestError(f"no operator {username!r}")
        fresh, secret = new_operator(username, password, Role(row[1]))
        await self.store.write([
            ("UPDATE operators SET pw_hash = ?, totp_secret = ?, last_step = 0 WHERE "
             "operator_id = ?", (fresh[2], self.sealer.seal(secret), row[0]), 1),
            ("UPDATE operator_sessions SET ended = 1 WHERE operator_id = ?", (row[0],)),
            audit_entry(actor, "operator_reset", str(row[0]), {"username": username}),
        ])
        return {"operator_id": str(row[0]), "username": username, "role": str(row[1]),
                "totp_secret": secret, "otpauth_uri": otpauth_uri(secret, username)}

    async def seal_plaintext(self) -> int:
        """Seal TOTP secrets an earlier version stored in clear (needs the key); how many."""
        if not self.sealer.ready:
            return 0
        rows = await self.store.fetch(
            "SELECT operator_id, totp_secret FROM operators WHERE totp_secret NOT LIKE ?",
            (f"{PREFIX}%",))
        if rows:
            await self.store.write([
                ("UPDATE operators SET totp_secret = ? WHERE operator_id = ? AND totp_secret = ?",
                 (self.sealer.seal(secret), op, secret), 1) for op, secret in rows])
        return len(rows)

    async def count(self) -> int:
        row = await self.store.fetchone("SELECT COUNT(*) FROM operators")
        return 0 if row is None else int(row[0])

    async def exists(self, username: str) -> bool:
        return await self.store.fetchone("SELECT 1 FROM operators WHERE username = ?",
                                         (username,)) is not None

    async def list(self) -> list[dict[str, object]]:
        return [{"operator_id": r[0], "username": r[1], "role": r[2], "disabled": bool(r[3])}
                for r in await self.store.fetch(
                    "SELECT operator_id, username, role, disabled FROM operators ORDER BY username")]

    async def login(self, username: str, password: str, code: str, remote: str) -> str:
        """Password and a fresh TOTP code: a session token.

        Throttling cannot lock a real operator out: an address with many failures is refused
        (429) for the window, whoever it names; an account with many failures is not locked,
        but its password is then checked only after a valid one-time code, so guesses from
        elsewhere neither lock it nor learn anything, and its operator (who has the code) gets
        in. Unknown names take as long as known ones (a password hash is checked either way),
        argon2 runs off the event loop, and attempts on one name or address are serialised so
        concurrent guesses cannot slip past the count."""
        async with self._locks.hold(f"user:{username}"), self._locks.hold(f"addr:{remote}"):
            return await self._login(username, password, code, remote)

    async def _login(self, username: str, password: str, code: str, remote: str) -> str:
        now = self.clock()
        by_user, by_remote = await recent_failures(self.store, username, remote,
                                                   now - self.window_s)
        address_pressed = by_remote >= 4 * self.max_failures
        if address_pressed:
            # back-off, never a lock: the wait doubles with each failure past the limit (at
            # most a minute), and the real operator behind the same address gets in after it
            got = await self.store.fetchone(
                "SELECT MAX(ts) FROM login_failures WHERE remote = ?", (remote,))
            last = None if got is None else got[0]
            wait = min(60.0, 2.0 ** (by_remote - 4 * self.max_failures)) - (now - (last or 0))
            if wait > 0:
                raise Throttled(f"too many failed logins from {remote}; retry in "
                                f"{wait:.0f} s", wait)
        row = await self.store.fetchone(
            "SELECT operator_id, pw_hash, totp_secret, last_step, disabled FROM operators WHERE "
            "username = ?", (username,))
        step = None
        if by_user >= self.max_failures or address_pressed:
            # under pressure the one-time code comes first, for known and unknown names alike
            # (both fail fast on a wrong code): guesses learn nothing about passwords or names
            step = totp_step(self.sealer.open(row[2]), code, now) if row is not None else None
            ok = row is not None and step is not None and step > row[3] and not row[4] and (
                await asyncio.to_thread(check_password, row[1], password))
        elif row is None:
            await asyncio.to_thread(check_password, _dummy_hash(), password)  # same time
            ok = False
        else:
            ok = await asyncio.to_thread(check_password, row[1], password) and not row[4]
            if ok:
                step = totp_step(self.sealer.open(row[2]), code, now)
                ok = step is not None and step > row[3]  # a code already used is a replay
        if not ok or row is None or step is None:
            await self.store.write([
                ("INSERT INTO login_failures (username, remote, ts) VALUES (?, ?, ?)",
                 (username, remote, now)),
                audit_entry(username, "login_failed", username, {"remote": remote})])
            raise LoginFailed("wrong username, password or one-time code (or a code reused)")
        token = new_token(OPERATOR_PREFIX)
        await self.store.write([
            ("UPDATE operators SET last_step = ? WHERE operator_id = ? AND last_step < ?",
             (step, row[0], step), 1),
            ("INSERT INTO operator_sessions (token_hash, operator_id, created_at, last_seen) "
             "VALUES (?, ?, ?, ?)", (token_hash(token), row[0], now, now)),
            ("DELETE FROM login_failures WHERE username = ?", (username,)),
            audit_entry(str(row[0]), "login", str(row[0]), {"remote": remote}),
        ])
        return token

    async def session(self, token: str | None, touch: bool = True) -> Operator:
        """The operator behind a session token; idle and absolute timeouts end it. ``touch``:
        this request is the operator's own doing and restarts the idle clock (a page looking
        for changes by itself is not, or an open tab would never go idle)."""
        return (await self.session_until(token, touch))[0]

    async def session_until(self, token: str | None, touch: bool = True
                            ) -> tuple[Operator, float]:
        """``session``, and when the session ends if its operator does nothing more: the idle
        limit after the last thing they did, or the absolute limit, whichever comes first."""
        if not token or not token.startswith(OPERATOR_PREFIX):
            raise Unauthorized("an operator session token is required (POST /v1/operator/login)")
        now = self.clock()
        row = await self.store.fetchone(
            "SELECT s.operator_id, s.created_at, s.last_seen, s.ended, o.username, o.role, "
            "o.disabled FROM operator_sessions s JOIN operators o USING (operator_id) WHERE "
            "s.token_hash = ?", (token_hash(token),))
        if row is None or row[3] or row[6]:
            raise Unauthorized("unknown or ended operator session")
        if now - row[2] > self.idle_s or now - row[1] > self.max_s:
            await self.store.write([("UPDATE operator_sessions SET ended = 1 WHERE token_hash = ?",
                                     (token_hash(token),))])
            raise Unauthorized("the operator session timed out; log in again")
        last_seen = float(row[2])
        if touch and now - row[2] > min(5.0, self.idle_s / 4):  # the idle clock, not per request
            await self.store.write([("UPDATE operator_sessions SET last_seen = ? WHERE "
                                     "token_hash = ?", (now, token_hash(token)))])
            last_seen = now
        ends = min(last_seen + self.idle_s, float(row[1]) + self.max_s)
        return Operator(row[0], row[4], Role(row[5])), ends

    async def logout(self, token: str, operator: Operator) -> None:
        await self.store.write([
            ("UPDATE operator_sessions SET ended = 1 WHERE token_hash = ?", (token_hash(token),)),
            audit_entry(operator.operator_id, "logout", operator.operator_id, {})])

    async def create_agent_key(self, name: str, owner: str) -> dict[str, str]:
        key = new_token(AGENT_PREFIX)
        key_id = new_id("key")
        await self.store.write([
            ("INSERT INTO agent_keys (key_id, key_hash, name, owner, created_at) VALUES "
             "(?, ?, ?, ?, ?)", (key_id, token_hash(key), name, owner, time.time())),
            audit_entry(owner, "agent_key_created", key_id, {"name": name})])
        return {"key_id": key_id, "name": name, "key": key}

    async def revoke_agent_key(self, key_id: str, actor: str) -> None:
        await self.store.write([
            ("UPDATE agent_keys SET revoked = 1 WHERE key_id = ?", (key_id,), 1),
            audit_entry(actor, "agent_key_revoked", key_id, {})])

    async def agent(self, key: str | None) -> AgentKey:
        if not key or not key.startswith(AGENT_PREFIX):
            raise Unauthorized("an agent API key is required (Authorization: Bearer cgk_...)")
        row = await self.store.fetchone(
            "SELECT key_id, name, owner FROM agent_keys WHERE key_hash = ? AND revoked = 0",
            (token_hash(key),))
        if row is None:
            raise Unauthorized("unknown or revoked agent API key")
        return AgentKey(*row)
