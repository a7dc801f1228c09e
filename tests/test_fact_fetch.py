"""Facts the proxy reads itself: a rule needs the user's payment methods the agent never read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.demo.data import RetailDB
from proxy.trace import TraceRecord

from .conftest import ROOT, ProxyFactory, call, start_session, upstream_state
from .test_policy_e2e import say

RETAIL = ROOT / "policies" / "retail"


def delivered(db: RetailDB) -> dict[str, Any]:
    return next(o for o in db.orders.values() if o["status"] == "delivered"
                and not any("linked_to" in i for i in o["items"]))


async def _proposed_return(client: Any, db: RetailDB, order: dict[str, Any], method: str,
                           ) -> str:
    """A session in which the agent authenticated and read the order, but never the profile."""
    sid = await start_session(client)
    user = db.users[order["user_id"]]
    assert (await call(client, sid, "find_user_id_by_email", email=user["email"]))[0] == 200
    assert (await call(client, sid, "get_order_details", order_id=order["order_id"]))[0] == 200
    item = order["items"][0]
    await say(client, sid, "assistant", f"I will return the {item['name']} ({item['item_id']}) "
                                        f"from {order['order_id']} with the refund to {method}. "
                                        "Shall I proceed?")
    await say(client, sid, "user", "Yes, please.")
    return sid


async def test_the_proxy_reads_the_profile_itself_and_traces_it(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB, tmp_path: Path,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")), policy={"dirs": [str(RETAIL)]})
    order = delivered(retail_db)
    method = order["payment_history"][0]["payment_method_id"]
    sid = await _proposed_return(client, retail_db, order, method)
    status, body = await call(client, sid, "return_delivered_order_items",
                              order_id=order["order_id"], item_ids=[order["items"][0]["item_id"]],
                              payment_method_id=method)
    assert status == 200, body
    records = [TraceRecord.model_validate_json(line) for line in
               (tmp_path / "traces.jsonl").read_bytes().splitlines()]
    fetched = [r for r in records if r.event == "call" and r.origin == "proxy"]
    assert [(r.tool, r.arguments, r.outcome) for r in fetched] == [
        ("get_user_details", {"user_id": order["user_id"]}, "executed")]
    history = (await (await client.get(f"/v1/sessions/{sid}")).json())["calls"]
    assert [c["tool"] for c in history] == ["find_user_id_by_email", "get_order_details",
                                            "get_user_details", "return_delivered_order_items"]


async def test_a_fetched_fact_still_refuses_what_it_contradicts(
    upstream: TestServer, make_proxy: ProxyFactory, retail_db: RetailDB,
) -> None:
    client, _ = await make_proxy(str(upstream.make_url("")), policy={"dirs": [str(RETAIL)]})
    order = delivered(retail_db)
    other = next(u for uid, u in retail_db.users.items() if uid != order["user_id"])
    stranger_card = next(iter(other["payment_methods"]))
    sid = await _proposed_return(client, retail_db, order, stranger_card)
    status, body = await call(client, sid, "return_delivered_order_items",
                              order_id=order["order_id"], item_ids=[order["items"][0]["item_id"]],
                              payment_method_id=stranger_card)
    assert status == 403
    assert "payment-method-is-users" in [v["rule"] for v in body["violations"]]
    assert upstream_state(upstream)["writes"] == []


async def test_a_fact_that_cannot_be_read_is_never_assumed(
    aiohttp_server: Any, make_proxy: ProxyFactory,
) -> None:
    """The upstream fails the proxy's own read: the rule refuses, and no write goes out."""
    hits: dict[str, int] = {}
    order = {"order_id": "#W1000001", "user_id": "ava_1", "status": "delivered",
             "items": [{"item_id": "1000000001", "name": "Kettle", "price": 10.0}],
             "payment_history": [{"payment_method_id": "paypal_1", "amount": 10.0}]}

    async def handle(request: web.Request) -> web.Response:
        hits[request.path] = hits.get(request.path, 0) + 1
        if request.path == "/users/by-email":
            return web.json_response("ava_1")
        if request.path.startswith("/orders/"):
            return web.json_response(order)
        return web.json_response({"error": "profile store down"}, status=500)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    server = await aiohttp_server(app)
    client, _ = await make_proxy(str(server.make_url("")), policy={"dirs": [str(RETAIL)]})
    sid = await start_session(client)
    assert (await call(client, sid, "find_user_id_by_email", email="a@example.com"))[0] == 200
    assert (await call(client, sid, "get_order_details", order_id="#W1000001"))[0] == 200
    await say(client, sid, "assistant", "Return the Kettle (1000000001) from #W1000001 to "
                                        "paypal_1?")
    await say(client, sid, "user", "yes")
    status, body = await call(client, sid, "return_delivered_order_items", order_id="#W1000001",
                              item_ids=["1000000001"], payment_method_id="paypal_1")
    assert status == 403, body
    assert [v["rule"] for v in body["violations"]] == ["payment-method-is-users"]
    assert "get_user_details" in body["violations"][0]["message"]
    assert hits.get("/users/ava_1") == 1  # the proxy tried once, as the session's user
    assert not any("/return" in path for path in hits)  # the write never went out
