"""Identifiers: a prefix, then time-ordered hex, then randomness (sortable).

``new_id`` is for ids that stand for a capability or are shown outside (sessions, tickets,
keys, operators): its randomness is the operating system's. ``event_ids`` and ``random_hex``
are for the ids a call makes on the hot path (its call and decision ids, trace and span ids):
unique and unpredictable enough for their use, from a generator seeded by the operating system
once per process (and again in each forked child), without a system call per id. Neither kind
of id is ever a secret that guards anything by itself.
"""

from __future__ import annotations

import os
import random
import secrets
import time

_fast = random.Random(os.urandom(32))  # not a secret: see the docstring


def _reseed() -> None:
    _fast.seed(os.urandom(32))


os.register_at_fork(after_in_child=_reseed)  # forked workers never repeat each other's ids


def new_id(prefix: str) -> str:
    return f"{prefix}_{time.time_ns():x}{secrets.token_hex(8)}"


def event_ids(first: str, second: str) -> tuple[str, str]:
    """A call's id and its decision's, of the same shape as ``new_id``'s, made on every call:
    one clock reading and one draw of the generator for both."""
    at, bits = f"{time.time_ns():x}", f"{_fast.getrandbits(128):032x}"
    return f"{first}_{at}{bits[:16]}", f"{second}_{at}{bits[16:]}"


def random_hex(digits: int) -> str:
    """``digits`` (an even number of) random hex digits, for trace and span ids, from the
    per-process generator."""
    return f"{_fast.getrandbits(digits * 4):0{digits}x}"
