"""``callgate serve --workers N``: N proxy processes on one port (SO_REUSEPORT).

The kernel spreads new connections over the workers' listening sockets. The workers share
nothing but the PostgreSQL store, exactly like replicas behind a load balancer (sessions, locks,
claims, tickets and the audit log live there), so SQLite, one writer per file, stays one
process. Each worker writes its own trace file (``traces.jsonl`` -> ``traces.w1.jsonl``...): one
file rotated by several processes would lose records. The parent only supervises: it passes
SIGTERM and SIGINT on (each worker finishes its calls in flight), and when one worker dies it
stops the others and exits with that worker's status, for the service manager to restart; if
the supervisor itself dies, the kernel tells each worker (SIGTERM). Linux only, as SO_REUSEPORT's
spreading of connections is.
"""

from __future__ import annotations

import ctypes
import functools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

from ..config import Config
from ..errors import ConfigError


def check_workers(config: Config, workers: int) -> None:
    """Refuse several workers on SQLite (one process per file), saying what to do instead."""
    if workers > 1 and config.store.backend != "postgres":
        raise ConfigError(
            f"--workers {workers} needs the PostgreSQL store (store.backend: postgres): the "
            "SQLite store is one process, the only writer of its file. Run one worker, or move "
            "the store to PostgreSQL")


def worker_trace_path(path: str, worker: int) -> str:
    """The trace file of worker ``worker`` (1-based): ``traces.jsonl`` -> ``traces.w1.jsonl``;
    standard output (``-``) stays shared (records are written one line per write)."""
    if path == "-":
        return path
    p = Path(path)
    return str(p.with_name(f"{p.stem}.w{worker}{p.suffix}"))


def _die_with(supervisor: int) -> None:
    """In the worker, before it runs: SIGTERM when the supervisor exits (Linux prctl); if it
    is gone already (it died between the fork and here), the worker does not start."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(1, signal.SIGTERM, 0, 0, 0) != 0:  # PR_SET_PDEATHSIG
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != supervisor:
        os._exit(1)


def supervise(argv: list[str], workers: int) -> int:
    """Run ``workers`` copies of ``argv`` (each told its number) until a signal or a death."""
    # Each worker in a process group of its own: a Ctrl-C at a terminal reaches the supervisor
    # alone, which passes it on once (a second SIGINT would cut a worker's graceful stop short).
    # A worker is told SIGTERM when the supervisor dies, however it dies: none is orphaned.
    procs = [subprocess.Popen([*argv, "--worker", str(i)], process_group=0,  # noqa: S603
                              preexec_fn=functools.partial(_die_with, os.getpid()))
             for i in range(1, workers + 1)]
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for p in procs:
            if p.poll() is None:
                p.send_signal(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    status = 0
    while procs:
        for p in list(procs):
            code = p.poll()
            if code is None:
                continue
            procs.remove(p)
            if code != 0 and not stopping:
                print(f"callgate: worker {p.pid} exited with status {code}; stopping the "
                      "others", file=sys.stderr)
                status = code if code > 0 else 128 - code  # killed by a signal: 128 + its number
                stop(signal.SIGTERM, None)
        time.sleep(0.1)
    return status
