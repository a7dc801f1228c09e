"""bench/overhead.py reads a process's CPU time from its CPU clock (nanoseconds), not /proc's
clock ticks: the count it gives must be this process's own CPU time."""

import os
import sys
import time

import pytest

from bench.overhead import cpu_seconds

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process CPU clocks: Linux")


def test_cpu_seconds_counts_this_process_like_process_time() -> None:
    before, own = cpu_seconds(os.getpid()), time.process_time()
    total = 0
    for i in range(300_000):  # some CPU work, bounded by count
        total += i * i
    spent, counted = time.process_time() - own, cpu_seconds(os.getpid()) - before
    assert total > 0 and spent > 0
    assert counted == pytest.approx(spent, rel=0.2, abs=0.002)


def test_cpu_seconds_of_a_process_that_is_gone_fails() -> None:
    with pytest.raises(FileNotFoundError):
        cpu_seconds(2**22 + 12345)  # above pid_max's default: no such process
