"""Ids: the per-call ones (``event_id``) have the shape of ``new_id``'s, never repeat, and a
forked worker does not repeat its parent's."""

from __future__ import annotations

import os
import re

from proxy.ids import event_ids, new_id, random_hex

SHAPE = re.compile(r"^c_[0-9a-f]{15,}[0-9a-f]{16}$")


def test_event_ids_have_the_shape_of_new_ids() -> None:
    assert SHAPE.match(new_id("c")) and SHAPE.match(event_ids("c", "d")[0])
    assert len(event_ids("c", "d")[0]) == len(new_id("c"))


def test_event_ids_do_not_repeat() -> None:
    made = [i for _ in range(10_000) for i in event_ids("d", "d")]
    assert len(set(made)) == len(made)


def test_a_pair_shares_its_time_and_not_its_randomness() -> None:
    call, decision = event_ids("c", "d")
    assert SHAPE.match(call) and SHAPE.match("c" + decision[1:]) and decision.startswith("d_")
    assert call[2:-16] == decision[2:-16] and call[-16:] != decision[-16:]


def test_random_hex_is_as_long_as_asked() -> None:
    assert re.fullmatch(r"[0-9a-f]{32}", random_hex(32))
    assert re.fullmatch(r"[0-9a-f]{16}", random_hex(16))


def test_a_forked_child_draws_other_ids_than_its_parent() -> None:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next draws, to the parent
        os.close(read)
        os.write(write, " ".join(random_hex(16) for _ in range(4)).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        child = f.read().split()
    os.waitpid(pid, 0)
    parent = [random_hex(16) for _ in range(4)]
    assert len(child) == 4 and not set(child) & set(parent)
