"""Free ports for the processes the benchmarks, the tests and CI start."""

from __future__ import annotations

import random
import socket


def free_port(block: int = 1) -> int:
    """The first of ``block`` consecutive free ports, below the kernel's ephemeral range
    (32768-60999 on Linux): a port the kernel hands out (bind to 0) may become the local port of
    some outgoing connection before the process started later binds it; ports under 32768 are
    never handed out so."""
    for _ in range(200):
        first = random.randrange(20_000, 32_000 - block)
        try:
            for port in range(first, first + block):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
        except OSError:
            continue
        return first
    raise RuntimeError(f"no {block} free consecutive ports")
