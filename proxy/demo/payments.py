"""A demo payments service: customers, orders and their card payments, with refunds and fee
credits that move money. The upstream of the payments pack (schemas/payments/catalog.yaml).

Its payments follow the same state machine as callgate's sandbox provider (proxy/payments.py)
and it honours ``Idempotency-Key`` on writes (a repeated key answers the first result), as a
real payment service does. Amounts are decimal strings.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from aiohttp import web

from ..payments import Payment, PaymentError, apply, to_amount

STATE = web.AppKey("payments_state", dict)
CURRENCIES = ("USD", "EUR", "GBP", "JPY")


@dataclasses.dataclass
class PaymentsDB:
    customers: dict[str, dict[str, Any]]
    orders: dict[str, dict[str, Any]]
    payments: dict[str, Payment]
    owner: dict[str, str]  # payment id -> customer id


def generate(seed: int = 7, customers: int = 20) -> PaymentsDB:
    rng = random.Random(seed)
    names = ["Ava", "Noah", "Mia", "Liam", "Zoe", "Omar", "Ines", "Kenji", "Sara", "Luca"]
    db = PaymentsDB({}, {}, {}, {})
    order_no = 1000
    for i in range(customers):
        cid = f"cus_{1000 + i}"
        name = f"{rng.choice(names)} {chr(65 + i % 26)}."
        db.customers[cid] = {"customer_id": cid, "name": name,
                             "email": f"{name.split()[0].lower()}.{i}@example.com",
                             "orders": []}
        for _ in range(rng.randint(1, 3)):
            order_no += 1
            currency = rng.choice(CURRENCIES)
            minor = rng.randint(5, 900) * (1 if currency == "JPY" else 100) + (
                0 if currency == "JPY" else rng.choice((0, 50, 99)))
            pid = f"pay_{order_no:x}{i:02x}"
            db.payments[pid] = apply(Payment(pid, currency, minor), "capture")
            db.owner[pid] = cid
            oid = f"ord_{order_no}"
            db.orders[oid] = {"order_id": oid, "customer_id": cid, "currency": currency,
                              "amount": to_amount(minor, currency), "payment_id": pid,
                              "status": rng.choice(["delivered", "delivered", "not delivered"])}
            db.customers[cid]["orders"].append(oid)
    return db


def payment_view(db: PaymentsDB, pid: str) -> dict[str, Any]:
    return {**db.payments[pid].view(), "customer_id": db.owner[pid]}


def build_payments_app(db: PaymentsDB) -> web.Application:
    app = web.Application()
    app[STATE] = {"db": db, "writes": [], "idempotency": {}}

    async def by_email(request: web.Request) -> web.Response:
        email = request.query.get("email", "")
        found = next((c["customer_id"] for c in db.customers.values() if c["email"] == email),
                     None)
        if found is None:
            return web.json_response({"error": f"no customer with email {email}"}, status=404)
        return web.json_response(found)

    async def customer(request: web.Request) -> web.Response:
        c = db.customers.get(request.match_info["customer_id"])
        if c is None:
            return web.json_response({"error": "no such customer"}, status=404)
        return web.json_response(c)

    async def order(request: web.Request) -> web.Response:
        o = db.orders.get(request.match_info["order_id"])
        if o is None:
            return web.json_response({"error": "no such order"}, status=404)
        return web.json_response(o)

    async def payment(request: web.Request) -> web.Response:
        pid = request.match_info["payment_id"]
        if pid not in db.payments:
            return web.json_response({"error": "no such payment"}, status=404)
        return web.json_response(payment_view(db, pid))

    def mover(op: str) -> Any:
        async def handle(request: web.Request) -> web.Response:
            pid = request.match_info["payment_id"]
            body = await request.json()
            key = request.headers.get("Idempotency-Key", "")
            seen = app[STATE]["idempotency"].get(key)
            if key and seen is not None:
                return web.json_response(seen[1], status=seen[0])  # the first answer again
            if pid not in db.payments:
                return web.json_response({"error": "no such payment"}, status=404)
            try:
                db.payments[pid] = apply(db.payments[pid], op, body.get("amount"),
                                         body.get("currency"))
            except PaymentError as e:
                answer: tuple[int, Any] = (422, {"error": str(e)})
            else:
                app[STATE]["writes"].append({"op": op, "payment_id": pid, **body,
                                             "idempotency_key": key})
                answer = (200, {**payment_view(db, pid), "operation": op,
                                "amount": body.get("amount")})
            if key:
                app[STATE]["idempotency"][key] = answer
            return web.json_response(answer[1], status=answer[0])

        return handle

    async def writes(request: web.Request) -> web.Response:
        return web.json_response(app[STATE]["writes"])

    r = app.router
    r.add_get("/customers/by-email", by_email)
    r.add_get("/customers/{customer_id}", customer)
    r.add_get("/orders/{order_id}", order)
    r.add_get("/payments/{payment_id}", payment)
    r.add_post("/payments/{payment_id}/refunds", mover("refund"))
    r.add_post("/payments/{payment_id}/adjustments", mover("adjust"))
    r.add_get("/_admin/writes", writes)
    return app
