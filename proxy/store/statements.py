"""What a store write is made of, for every backend.

A statement is ``(sql, params)`` or ``(sql, params, rows)``: portable SQL with ``?`` placeholders
(each backend translates them), and for a guarded update ("... WHERE status = 'open'") the number
of rows it must change; any other count fails the caller's whole write with ``StoreConflict``.
``audit_entry(...)`` is an entry appended to the hash-chained audit log in the same transaction.
"""

from __future__ import annotations

import functools
from typing import Any

Statement = tuple[Any, ...]
AUDIT = "-- audit --"


def audit_entry(actor: str, action: str, subject: str, body: dict[str, Any]) -> Statement:
    """An audit log entry, chained when its transaction commits (store/audit.py)."""
    return (AUDIT, (actor, action, subject, body))


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...``. The project's SQL never holds a
    ``?`` inside a string literal; one that did would be refused here rather than mangled."""
    out: list[str] = []
    n = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?":
            if quoted:
                raise ValueError(f"a '?' inside a string literal: {sql!r}")
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)
