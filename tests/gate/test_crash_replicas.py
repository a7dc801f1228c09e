"""kill -9 of a random replica behind HAProxy while approvals execute, on PostgreSQL
(bench/crash_replicas.py runs 200 kills and more)."""

from __future__ import annotations

import os
import shutil

import pytest

from bench.crash_replicas import BAD, run

from ..conftest import needs_postgres

HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.path.exists("/usr/sbin/haproxy")
                                      else None)
# CI installs HAProxy (.ci/run) and must run this; elsewhere it skips without it.
needs_haproxy = pytest.mark.skipif(HAPROXY is None and os.environ.get("CI") != "true",
                                   reason="HAProxy is not installed (apt-get install haproxy)")


@pytest.mark.slow
@needs_postgres
@needs_haproxy
async def test_two_replicas_killed_at_random_lose_nothing_and_double_nothing() -> None:
    result = await run(kills=12, per_round=3, replicas=2, seed=5, quiet=True)
    assert result["kills"] == 12
    assert result["approved"] >= 20  # most approvals landed before a kill
    assert {k: result[k] for k in BAD} == dict.fromkeys(BAD, 0), result["examples"]
    assert result["outcome_unknown"] == 0  # the upstream honours keys: taken over, not unknown
    assert result["audit_intact"], result["audit_verify"]
