"""Who is calling: operators (argon2 password + TOTP, sessions with idle and absolute timeouts,
roles, login throttling) and agents (API keys stored as hashes).

Credentials never meet: an agent key cannot reach an operator route, an operator session cannot
call a tool (api/auth.py enforces it on every route).
"""

from __future__ import annotations

import enum
import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyotp
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..errors import RequestError
from ..ids import new_id

if TYPE_CHECKING:
    from ..store import Store

_HASHER = PasswordHasher()
TOTP_STEP_S = 30
OPERATOR_PREFIX = "ops_"
AGENT_PREFIX = "cgk_"


class Role(enum.StrEnum):
    VIEWER = "viewer"  # reads tickets and the inbox
    APPROVER = "approver"  # also assigns, comments, edits, approves and rejects
    ADMIN = "admin"  # also manages operators, agent keys, resolves unknown outcomes, audit


RANK = {Role.VIEWER: 0, Role.APPROVER: 1, Role.ADMIN: 2}


class LoginFailed(RequestError):
    code = "login_failed"
    status = 401
    agent_message = "Wrong username, password or one-time code."


class Throttled(RequestError):
    code = "too_many_attempts"
    status = 429
    agent_message = "Too many failed logins; wait as Retry-After says and try again."

    def __init__(self, message: str, retry_after_s: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class NotAllowed(RequestError):
    code = "forbidden"
    status = 403
    agent_message = "Your role does not allow this."


@dataclass(frozen=True)
class Operator:
    operator_id: str
    username: str
    role: Role

    def can(self, needed: Role) -> bool:
        return RANK[self.role] >= RANK[needed]


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def check_password(pw_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(pw_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def token_hash(token: str) -> str:
    """Session tokens and agent keys are long random strings: a plain SHA-256 is enough. Any
    header text hashes (aiohttp hands undecodable bytes over as lone surrogates): a token that
    is no key is unknown, not a crash."""
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


_CODE = re.compile(r"[0-9]{6}")


def totp_step(secret: str, code: str, now: float, window: int = 1) -> int | None:
    """The time step ``code`` belongs to (current one, or one either side), else None."""
    if not _CODE.fullmatch(code):  # ASCII digits only: compare_digest refuses others
        return None
    totp = pyotp.TOTP(secret, interval=TOTP_STEP_S)
    current = int(now // TOTP_STEP_S)
    for step in range(current - window, current + window + 1):
        if secrets.compare_digest(totp.at(step * TOTP_STEP_S), code):
            return step
    return None


def new_operator(username: str, password: str, role: Role) -> tuple[tuple[object, ...], str]:
    """(row for the operators table, TOTP secret). The secret is shown once, to enrol the app."""
    if len(password) < 12:
        raise RequestError("a password needs at least 12 characters")
    secret = pyotp.random_base32()
    row = (new_id("op"), username, hash_password(password), secret, role.value, time.time())
    return row, secret


def otpauth_uri(secret: str, username: str) -> str:
    return pyotp.TOTP(secret, interval=TOTP_STEP_S).provisioning_uri(name=username, issuer_name="callgate")


def new_token(prefix: str) -> str:
    return prefix + secrets.token_urlsafe(32)


async def recent_failures(store: Store, username: str, remote: str, since: float
                          ) -> tuple[int, int]:
    by_user = await store.fetchone(
        "SELECT COUNT(*) FROM login_failures WHERE username = ? AND ts > ?", (username, since))
    by_remote = await store.fetchone(
        "SELECT COUNT(*) FROM login_failures WHERE remote = ? AND ts > ?", (remote, since))
    return int(by_user[0] if by_user else 0), int(by_remote[0] if by_remote else 0)
