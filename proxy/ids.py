"""Identifiers: a prefix, then time-ordered hex, then randomness (sortable and unguessable enough)."""

from __future__ import annotations

import secrets
import time


def new_id(prefix: str) -> str:
    return f"{prefix}_{time.time_ns():x}{secrets.token_hex(8)}"
