"""Outcome honesty: a write that may have reached the upstream is never sent again on the
agent's say-so; the agent is told the outcome is unknown, and a retry is held for a human."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import web

from .conftest import MODE, ProxyFactory, call, start_session

CANCEL = {"order_id": "#W1", "reason": "no longer needed"}


async def test_a_dropped_connection_after_a_write_is_outcome_unknown(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    mode = fake_upstream_app[MODE]
    mode.update(kind="drop")
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    status, body = await call(client, sid, "cancel_pending_order", **CANCEL)
    assert status == 502 and body["errors"][0]["code"] == "upstream_outcome_unknown"
    assert "unknown" in body["message"] and "Do not repeat" in body["message"]
    sent = mode["hits"]
    mode.update(kind="ok")
    status, body = await call(client, sid, "cancel_pending_order", **CANCEL)
    assert status == 202 and body["violations"][0]["rule"] == "outcome-unknown"
    assert mode["hits"] == sent  # not sent again: held for a human
    history = (await (await client.get(f"/v1/sessions/{sid}")).json())["calls"]
    assert [(c["outcome"], c["error_code"]) for c in history] == [
        ("upstream_error", "upstream_outcome_unknown"), ("pending_review", None)]
    # a third try is held too: the held retry does not hide the unknown first one
    assert (await call(client, sid, "cancel_pending_order", **CANCEL))[0] == 202
    assert mode["hits"] == sent
    # another write, or the same tool with other arguments, goes through
    status, _ = await call(client, sid, "cancel_pending_order", order_id="#W2",
                           reason="no longer needed")
    assert status == 200 and mode["hits"] == sent + 1


async def test_a_read_that_drops_is_simply_unavailable(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    fake_upstream_app[MODE].update(kind="drop")
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    status, body = await call(client, sid, "get_order_details", order_id="#W1")
    assert status == 502 and body["errors"][0]["code"] == "upstream_unavailable"
    fake_upstream_app[MODE].update(kind="ok")
    assert (await call(client, sid, "get_order_details", order_id="#W1"))[0] == 200


async def test_a_read_into_a_kept_connection_that_drops_goes_once_more_a_write_never(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    """An upstream that closes a kept connection as a request arrives (its keep-alive ran
    out): a read is sent again on a new connection and answered; a write is not, and its
    outcome is unknown."""
    fake = await aiohttp_server(fake_upstream_app)
    mode = fake_upstream_app[MODE]
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    assert (await call(client, sid, "get_order_details", order_id="#W1"))[0] == 200
    mode.update(kind="drop_once")
    hits = mode["hits"]
    assert (await call(client, sid, "get_order_details", order_id="#W1"))[0] == 200
    assert mode["hits"] == hits + 2
    mode.update(kind="drop_once")
    status, body = await call(client, sid, "cancel_pending_order", **CANCEL)
    assert status == 502 and body["errors"][0]["code"] == "upstream_outcome_unknown"
    assert mode["hits"] == hits + 3


async def test_a_timeout_is_unknown_too(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
) -> None:
    fake = await aiohttp_server(fake_upstream_app)
    mode = fake_upstream_app[MODE]
    mode.update(kind="slow", delay=5.0)  # the proxy's upstream timeout is 1 s
    client, _ = await make_proxy(str(fake.make_url("")))
    sid = await start_session(client)
    status, body = await call(client, sid, "cancel_pending_order", **CANCEL)
    assert status == 504 and body["errors"][0]["code"] == "upstream_timeout"
    mode.update(kind="ok")
    sent = mode["hits"]
    status, body = await call(client, sid, "cancel_pending_order", **CANCEL)
    assert status == 202, body
    assert body["outcome"] == "pending_review" and body["ticket"]["ticket_id"]
    assert mode["hits"] == sent


@pytest.mark.parametrize("store", [{}, {"cache_mb": 1e-6}], ids=["cached", "read back"])
async def test_a_retry_carrying_a_card_number_is_held_after_the_session_is_read_back(
    make_proxy: ProxyFactory, aiohttp_server: Any, fake_upstream_app: web.Application,
    store: dict[str, Any],
) -> None:
    """The store keeps arguments with card numbers redacted, memory kept them whole: a session
    read back from the store (dropped from the cache between calls) did not know the retry of
    a write with a card number in its arguments as the same write, and sent it again."""
    fake = await aiohttp_server(fake_upstream_app)
    mode = fake_upstream_app[MODE]
    mode.update(kind="drop")
    client, _ = await make_proxy(str(fake.make_url("")), store=store)
    sid = await start_session(client)
    pay = {"order_id": "#W1", "payment_method_id": "card 4111 1111 1111 1111"}
    status, body = await call(client, sid, "modify_pending_order_payment", **pay)
    assert status == 502 and body["errors"][0]["code"] == "upstream_outcome_unknown"
    sent = mode["hits"]
    mode.update(kind="ok")
    status, body = await call(client, sid, "modify_pending_order_payment", **pay)
    assert status == 202 and body["violations"][0]["rule"] == "outcome-unknown"
    assert mode["hits"] == sent
    # another card goes through
    status, _ = await call(client, sid, "modify_pending_order_payment", order_id="#W1",
                           payment_method_id="card 5555 5555 5555 4444")
    assert status == 200 and mode["hits"] == sent + 1
