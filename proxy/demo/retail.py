"""The demo retail upstream: tau-bench's retail tools as a small HTTP service over ``RetailDB``.

It checks what tau-bench's tools check (statuses, ownership of items, same product, gift card
balance) and nothing more: the rest is the proxy's policy's job. Writes honour an
``Idempotency-Key``: a repeated key gets the first answer again and changes nothing.
Errors are ``{"error": "..."}`` with 400 (bad request), 404 (not found) or 409 (wrong state).
"""

from __future__ import annotations

import ast
import asyncio
import copy
import operator
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from aiohttp import web

from ..parse import loads as json_loads
from .data import RetailDB

DB = web.AppKey("retail_db", RetailDB)
STATE = web.AppKey("retail_state", dict)

Handler = Callable[[web.Request], Awaitable[web.Response]]


class DomainError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _ok(body: Any) -> web.Response:
    return web.Response(body=orjson.dumps(body), content_type="application/json")


def _fail(status: int, message: str) -> web.Response:
    return web.Response(body=orjson.dumps({"error": message}), status=status,
                        content_type="application/json")


def _order(db: RetailDB, order_id: str) -> dict[str, Any]:
    order: dict[str, Any] | None = db.orders.get(order_id)
    if order is None:
        raise DomainError(404, f"order {order_id} not found")
    return order


def _user(db: RetailDB, user_id: str) -> dict[str, Any]:
    user: dict[str, Any] | None = db.users.get(user_id)
    if user is None:
        raise DomainError(404, f"user {user_id} not found")
    return user


def _method(db: RetailDB, order: dict[str, Any], method_id: str) -> dict[str, Any]:
    methods = _user(db, order["user_id"])["payment_methods"]
    if method_id not in methods:
        raise DomainError(400, f"payment method {method_id} not found for this user")
    return dict(methods[method_id])


def _require_status(order: dict[str, Any], *allowed: str) -> None:
    if order["status"] not in allowed:
        raise DomainError(409, f"order {order['order_id']} is {order['status']!r}; this needs "
                               f"{' or '.join(repr(a) for a in allowed)}")


def _items_in_order(order: dict[str, Any], item_ids: list[str]) -> None:
    have = Counter(i["item_id"] for i in order["items"])
    for item_id, n in Counter(item_ids).items():
        if have[item_id] < n:
            raise DomainError(400, f"item {item_id} is not in order {order['order_id']} "
                                   f"{n} time(s)")


def _swap_prices(db: RetailDB, order: dict[str, Any], old: list[str], new: list[str]) -> float:
    if len(old) != len(new):
        raise DomainError(400, "item_ids and new_item_ids must have the same length")
    _items_in_order(order, old)
    index = db.item_index()
    diff = 0.0
    for old_id, new_id in zip(old, new, strict=True):
        item = next(i for i in order["items"] if i["item_id"] == old_id)
        found = index.get(new_id)
        if found is None or found[0] != item["product_id"]:
            raise DomainError(400, f"new item {new_id} is not a variant of product "
                                   f"{item['product_id']}")
        if not found[1]["available"]:
            raise DomainError(409, f"new item {new_id} is not available")
        diff += found[1]["price"] - item["price"]
    return round(diff, 2)


def _charge_gift_card(db: RetailDB, order: dict[str, Any], method_id: str, amount: float) -> None:
    method = db.users[order["user_id"]]["payment_methods"][method_id]
    if method["source"] == "gift_card":
        if amount > method["balance"]:
            raise DomainError(409, "insufficient gift card balance")
        method["balance"] = round(method["balance"] - amount, 2)


# ---- reads --------------------------------------------------------------------------------------

async def find_by_email(request: web.Request) -> web.Response:
    db = request.app[DB]
    email = request.query.get("email", "").lower()
    for user_id, user in db.users.items():
        if user["email"].lower() == email:
            return _ok(user_id)
    return _fail(404, "user not found")


async def find_by_name_zip(request: web.Request) -> web.Response:
    db, q = request.app[DB], request.query
    for user_id, user in db.users.items():
        if (user["name"]["first_name"].lower() == q.get("first_name", "").lower()
                and user["name"]["last_name"].lower() == q.get("last_name", "").lower()
                and user["address"]["zip"] == q.get("zip")):
            return _ok(user_id)
    return _fail(404, "user not found")


async def get_user(request: web.Request) -> web.Response:
    return _ok(_user(request.app[DB], request.match_info["user_id"]))


async def get_order(request: web.Request) -> web.Response:
    return _ok(_order(request.app[DB], request.match_info["order_id"]))


async def get_product(request: web.Request) -> web.Response:
    product = request.app[DB].products.get(request.match_info["product_id"])
    if product is None:
        raise DomainError(404, "product not found")
    return _ok(product)


async def get_item(request: web.Request) -> web.Response:
    db = request.app[DB]
    found = db.item_index().get(request.match_info["item_id"])
    if found is None:
        raise DomainError(404, "item not found")
    pid, variant = found
    return _ok({**variant, "product_id": pid, "name": db.products[pid]["name"]})


async def list_products(request: web.Request) -> web.Response:
    db = request.app[DB]
    return _ok({p["name"]: pid for pid, p in sorted(db.products.items(),
                                                     key=lambda kv: kv[1]["name"])})


_OPS: dict[type, Callable[..., float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.USub: operator.neg, ast.UAdd: operator.pos,
}


def _arith(node: ast.AST) -> float:
    if isinstance(node, ast.Expression):
        return _arith(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_arith(node.left), _arith(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_arith(node.operand))
    raise DomainError(400, "only numbers, + - * / and parentheses are allowed")


async def calculate(request: web.Request) -> web.Response:
    body = await _body(request)
    try:
        tree = ast.parse(str(body.get("expression", "")), mode="eval")
        return _ok(round(_arith(tree), 2))
    except (SyntaxError, ZeroDivisionError) as e:
        raise DomainError(400, f"cannot calculate: {e}") from e


async def think(request: web.Request) -> web.Response:
    return _ok("")


async def transfer(request: web.Request) -> web.Response:
    return _ok("Transfer successful")


# ---- writes -------------------------------------------------------------------------------------

async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = json_loads(await request.read())
    except orjson.JSONDecodeError as e:
        raise DomainError(400, "body is not JSON") from e
    if not isinstance(body, dict):
        raise DomainError(400, "body must be an object")
    return body


def _cancel(db: RetailDB, order: dict[str, Any], body: dict[str, Any]) -> Any:
    _require_status(order, "pending")
    if body.get("reason") not in ("no longer needed", "ordered by mistake"):
        raise DomainError(400, "reason must be 'no longer needed' or 'ordered by mistake'")
    for payment in [p for p in order["payment_history"] if p["transaction_type"] == "payment"]:
        order["payment_history"].append({"transaction_type": "refund",
                                         "amount": payment["amount"],
                                         "payment_method_id": payment["payment_method_id"]})
        method = db.users[order["user_id"]]["payment_methods"].get(payment["payment_method_id"])
        if method and method["source"] == "gift_card":
            method["balance"] = round(method["balance"] + payment["amount"], 2)
    order["status"] = "cancelled"
    order["cancel_reason"] = body["reason"]
    return order


def _address(db: RetailDB, order: dict[str, Any], body: dict[str, Any]) -> Any:
    _require_status(order, "pending")
    order["address"] = {k: body[k] for k in ("address1", "address2", "city", "country",
                                             "state", "zip")}
    return order


def _modify_items(db: RetailDB, order: dict[str, Any], body: dict[str, Any]) -> Any:
    _require_status(order, "pending")
    diff = _swap_prices(db, order, body["item_ids"], body["new_item_ids"])
    _method(db, order, body["payment_method_id"])
    _charge_gift_card(db, order, body["payment_method_id"], diff)
    order["payment_history"].append({
        "transaction_type": "payment" if diff > 0 else "refund", "amount": abs(diff),
        "payment_method_id": body["payment_method_id"]})
    index = db.item_index()
    for old_id, new_id in zip(body["item_ids"], body["new_item_ids"], strict=True):
        item = next(i for i in order["items"] if i["item_id"] == old_id)
        variant = index[new_id][1]
        item.update(item_id=new_id, price=variant["price"], options=dict(variant["options"]))
    order["status"] = "pending (item modified)"
    return order


def _payment(db: RetailDB, order: dict[str, Any], body: dict[str, Any]) -> Any:
    _require_status(order, "pending")
    new = body["payment_method_id"]
    _method(db, order, new)
    payments = [p for p in order["payment_history"] if p["transaction_type"] == "payment"]
    if len(payments) != 1:
        raise DomainError(409, "only an order with a single payment can change its method")
    old = payments[0]
    if old["payment_method_id"] == new:
        raise DomainError(400, "the new payment method is the one already used")
    _charge_gift_card(db, order, new, old["amount"])
    order["payment_history"].extend([
        {"transaction_type": "payment", "amount": old["amount"], "payment_method_id": new},
        {"transaction_type": "refund", "amount": old["amount"],
         "payment_method_id": old["payment_method_id"]},
    ])
    return order


def _exchange(db: RetailDB, order: dict[str, Any], body: dict[str, Any]) -> Any:
    _require_status(order, "delivered")
    diff = _swap_prices(db, order, body["item_ids"], body["new_item_ids"])
    _method(db, order, body["payment_method_id"])
    _charge_gift_card(db, order, body["payment_method_id"], max(diff, 0))
    order["status"] = "exchange requested"
    order["exchange_items"] = sorted(body["item_ids"])
    order["exchange_new_items"] = sorted(body["new_item_ids"])
    order["exchange_payment_method_id"] = body["payment_method_id"]
    order["exchange_price_difference"] = diff
    return order


def _return(db: RetailDB, order: dict[str, Any], body: dict[str, Any]) -> Any:
    _require_status(order, "delivered")
    method = _method(db, order, body["payment_method_id"])
    original = order["payment_history"][0]["payment_method_id"]
    if method["source"] != "gift_card" and body["payment_method_id"] != original:
        raise DomainError(400, "refund must go to the original payment method or a gift card")
    _items_in_order(order, body["item_ids"])
    order["status"] = "return requested"
    order["return_items"] = sorted(body["item_ids"])
    order["return_payment_method_id"] = body["payment_method_id"]
    return order


OrderWrite = Callable[[RetailDB, dict[str, Any], dict[str, Any]], Any]


def order_write(name: str, action: OrderWrite) -> Handler:
    async def handle(request: web.Request) -> web.Response:
        body = await _body(request)
        db = request.app[DB]
        order = _order(db, request.match_info["order_id"])
        # Work on copies so a refusal half-way leaves nothing changed.
        owner = order["user_id"]
        scratch = RetailDB({**db.users, owner: copy.deepcopy(db.users[owner])}, db.orders,
                           db.products)
        draft = copy.deepcopy(order)
        result = action(scratch, draft, body)
        db.orders[order["order_id"]] = draft
        db.users[owner] = scratch.users[owner]
        _log_write(request, name, body)
        return _ok(result)

    return handle


async def modify_user_address(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request.app[DB], request.match_info["user_id"])
    user["address"] = {k: body[k] for k in ("address1", "address2", "city", "country", "state",
                                            "zip")}
    _log_write(request, "modify_user_address", body)
    return _ok(user)


def _log_write(request: web.Request, tool: str, body: dict[str, Any]) -> None:
    request.app[STATE]["writes"].append({
        "tool": tool, "path": request.path, "arguments": body,
        "idempotency_key": request.headers.get("Idempotency-Key"),
    })


@web.middleware
async def domain_errors(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Map domain errors to JSON, and replay the first answer for a repeated Idempotency-Key."""
    request.app[STATE]["requests"] += 1
    key = request.headers.get("Idempotency-Key") if request.method == "POST" else None
    seen: dict[str, tuple[int, bytes]] = request.app[STATE]["idempotency"]
    if key is not None and key in seen:
        status, body = seen[key]
        return web.Response(body=body, status=status, content_type="application/json")
    try:
        resp = await handler(request)
    except DomainError as e:
        resp = _fail(e.status, str(e))
    except KeyError as e:
        resp = _fail(400, f"missing argument {e.args[0]!r}")
    if key is not None and isinstance(resp, web.Response) and isinstance(resp.body, bytes):
        seen[key] = (resp.status, resp.body)
    return resp


async def admin_writes(request: web.Request) -> web.Response:
    """Every write this upstream executed, in order (for tests and the demo)."""
    return _ok(request.app[STATE]["writes"])


def build_retail_app(db: RetailDB, write_latency_s: float = 0.0) -> web.Application:
    middlewares = [domain_errors]
    if write_latency_s > 0:

        @web.middleware
        async def slow_writes(
            request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
        ) -> web.StreamResponse:
            if request.method == "POST":
                await asyncio.sleep(write_latency_s)
            return await handler(request)

        middlewares.insert(0, slow_writes)
    app = web.Application(middlewares=middlewares)
    app[DB] = db
    app[STATE] = {"writes": [], "idempotency": {}, "requests": 0}
    r = app.router
    r.add_get("/users/by-email", find_by_email)
    r.add_get("/users/by-name-zip", find_by_name_zip)
    r.add_get("/users/{user_id}", get_user)
    r.add_post("/users/{user_id}/address", modify_user_address)
    r.add_get("/orders/{order_id}", get_order)
    r.add_post("/orders/{order_id}/cancel", order_write("cancel_pending_order", _cancel))
    r.add_post("/orders/{order_id}/address",
               order_write("modify_pending_order_address", _address))
    r.add_post("/orders/{order_id}/modify-items",
               order_write("modify_pending_order_items", _modify_items))
    r.add_post("/orders/{order_id}/payment",
               order_write("modify_pending_order_payment", _payment))
    r.add_post("/orders/{order_id}/exchange",
               order_write("exchange_delivered_order_items", _exchange))
    r.add_post("/orders/{order_id}/return", order_write("return_delivered_order_items", _return))
    r.add_get("/items/{item_id}", get_item)
    r.add_get("/products", list_products)
    r.add_get("/products/{product_id}", get_product)
    r.add_post("/calculate", calculate)
    r.add_post("/think", think)
    r.add_post("/transfer", transfer)
    r.add_get("/_admin/writes", admin_writes)
    return app
