"""Trace timestamps: ISO 8601 in UTC with microseconds, the same text datetime would give."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from proxy.trace import now_iso


def test_now_iso_is_utc_with_microseconds() -> None:
    stamps = [now_iso() for _ in range(2000)]  # crosses whole seconds now and then
    for s in stamps:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", s), s
        parsed = datetime.fromisoformat(s.replace("Z", "+00:00"))
        assert parsed.tzinfo == UTC
        assert parsed.isoformat(timespec="microseconds").replace("+00:00", "Z") == s
