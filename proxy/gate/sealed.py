"""Secrets at rest: operators' TOTP secrets are stored sealed (AES-256-GCM) with a key from the
environment (``gate.secrets_key_env``, by default ``CALLGATE_SECRETS_KEY``: 32 random bytes in
URL-safe base64), never in clear. Without the key the gate cannot enrol or log in operators and
says so; rows written in clear by an earlier version are sealed when the proxy starts with a key.

    python3 -c 'import base64, os; print(base64.urlsafe_b64encode(os.urandom(32)).decode())'
"""

from __future__ import annotations

import base64
import binascii
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ..errors import CallgateError, ConfigError

PREFIX = "sealed:v1:"


class SecretsKeyMissing(CallgateError):
    code = "secrets_key_missing"
    status = 503
    agent_message = "The operator secrets key is not configured; nothing was changed."


def parse_key(text: str, where: str) -> bytes:
    try:
        key = base64.urlsafe_b64decode(text.strip() + "=" * (-len(text.strip()) % 4))
    except (binascii.Error, ValueError) as e:
        raise ConfigError(f"{where} is not URL-safe base64: {e}") from e
    if len(key) != 32:
        raise ConfigError(f"{where} must hold 32 bytes (base64), not {len(key)}")
    return key


class Sealer:
    """Seals and opens short secrets; ``key`` None: it can open nothing sealed, seal nothing."""

    def __init__(self, key: bytes | None, env: str = "CALLGATE_SECRETS_KEY") -> None:
        self._aead = AESGCM(key) if key is not None else None
        self.env = env

    @classmethod
    def from_env(cls, env: str) -> Sealer:
        value = os.environ.get(env, "")
        return cls(parse_key(value, f"the environment variable {env}") if value.strip() else None,
                   env)

    @property
    def ready(self) -> bool:
        return self._aead is not None

    def _need(self) -> AESGCM:
        if self._aead is None:
            raise SecretsKeyMissing(f"set {self.env} (32 random bytes, URL-safe base64) to store "
                                    "operators' TOTP secrets sealed; see docs/gate.md")
        return self._aead

    def seal(self, plain: str) -> str:
        nonce = os.urandom(12)
        sealed = self._need().encrypt(nonce, plain.encode(), PREFIX.encode())
        return PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode()

    def open(self, stored: str) -> str:
        """The secret; a value written in clear by an earlier version is returned as it is."""
        if not stored.startswith(PREFIX):
            return stored
        raw = base64.urlsafe_b64decode(stored[len(PREFIX):])
        try:
            return self._need().decrypt(raw[:12], raw[12:], PREFIX.encode()).decode()
        except InvalidTag as e:
            raise SecretsKeyMissing(f"a sealed secret does not open with the key in {self.env} "
                                    "(a different key than the one that sealed it)") from e
