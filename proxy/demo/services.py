"""Demo services for the billing and clinic packs: small, made from a seed, honest about what
they change (writes are logged with their Idempotency-Key at ``GET /_admin/writes``).

billing: accounts, their paid entitlements, charges; fee adjustments and notifications.
clinic: patient accounts and who may act for them; appointment requests, records access
requests and hand-offs. No clinical data and no triage: it schedules and files requests.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from ..payments import PaymentError, to_amount, to_minor

SERVICE = web.AppKey("service_state", dict)
Handler = Callable[[web.Request], Awaitable[web.Response]]


def _common(app: web.Application, state: dict[str, Any]) -> Callable[[str], Handler]:
    """Writes with idempotency keys (a repeated key answers the first result) and the log."""
    app[SERVICE] = state
    state.setdefault("writes", [])
    state.setdefault("idempotency", {})

    async def writes(request: web.Request) -> web.Response:
        return web.json_response(state["writes"])

    app.router.add_get("/_admin/writes", writes)

    def writer(kind: str, act: Callable[[dict[str, Any]], Any]) -> Handler:
        async def handle(request: web.Request) -> web.Response:
            key = request.headers.get("Idempotency-Key", "")
            if key in state["idempotency"]:
                status, body = state["idempotency"][key]
                return web.json_response(body, status=status)
            args = {**request.match_info, **(await request.json())}
            try:
                answer: tuple[int, Any] = (200, act(args))
                state["writes"].append({"kind": kind, **args, "idempotency_key": key})
            except (KeyError, ValueError, PaymentError) as e:
                answer = (422, {"error": str(e)})
            if key:
                state["idempotency"][key] = answer
            return web.json_response(answer[1], status=answer[0])

        return handle

    return lambda kind: writer(kind, state["acts"][kind])


def _reader(table: dict[str, Any], key: str) -> Handler:
    async def handle(request: web.Request) -> web.Response:
        found = table.get(request.match_info[key])
        if found is None:
            return web.json_response({"error": f"no such {key}"}, status=404)
        return web.json_response(found)

    return handle


def _by_email(table: dict[str, Any], id_field: str) -> Handler:
    async def handle(request: web.Request) -> web.Response:
        email = request.query.get("email", "")
        found = next((r[id_field] for r in table.values() if r["email"] == email), None)
        if found is None:
            return web.json_response({"error": f"no account with email {email}"}, status=404)
        return web.json_response(found)

    return handle


def build_billing_app(seed: int = 7, count: int = 12) -> web.Application:
    rng = random.Random(seed)
    accounts: dict[str, dict[str, Any]] = {}
    benefits: dict[str, dict[str, Any]] = {}
    charges: dict[str, dict[str, Any]] = {}
    for i in range(count):
        aid = f"acc_{2000 + i}"
        paid = rng.sample(["premium_support", "late_fee_waiver", "extra_storage"],
                          k=rng.randint(0, 2))
        accounts[aid] = {"account_id": aid, "email": f"member.{i}@example.com",
                         "signed_in": True, "plan": "premium" if paid else "free"}
        benefits[aid] = {"account_id": aid, "paid": sorted(paid)}
        accounts[aid]["charges"] = [f"chg_{2000 + i}{j}" for j in range(2)]
        for j in range(2):
            cid = f"chg_{2000 + i}{j}"
            charges[cid] = {"charge_id": cid, "account_id": aid, "currency": "USD",
                            "amount": to_amount(rng.randint(20, 90) * 100, "USD"),
                            "fee": rng.choice(["late fee", "service fee"]),
                            "fee_amount": to_amount(rng.choice((500, 1500, 2500)), "USD")}

    def adjusted(request_args: dict[str, Any]) -> dict[str, Any]:
        c = charges[request_args["charge_id"]]
        waived = c["fee"] == "late fee" and "late_fee_waiver" in \
            benefits[c["account_id"]]["paid"]
        minor = to_minor(c["amount"], "USD") - (to_minor(c["fee_amount"], "USD") if waived else 0)
        return {"charge_id": c["charge_id"], "account_id": c["account_id"],
                "original": c["amount"], "adjusted": to_amount(minor, "USD"),
                "currency": "USD", "fee_waived": waived}

    def adjust(args: dict[str, Any]) -> dict[str, Any]:
        c = charges[args["charge_id"]]
        credit = to_minor(args["amount"], c["currency"])
        if credit > to_minor(c["amount"], c["currency"]):
            raise ValueError("the credit is more than the charge")
        c["amount"] = to_amount(to_minor(c["amount"], c["currency"]) - credit, c["currency"])
        return {**c, "credited": args["amount"]}

    app = web.Application()
    state: dict[str, Any] = {"acts": {"adjustment": adjust, "notice": lambda a: {
        "sent": True, "account_id": a["account_id"]}}}
    write = _common(app, state)

    async def calculate(request: web.Request) -> web.Response:
        if request.match_info["charge_id"] not in charges:
            return web.json_response({"error": "no such charge"}, status=404)
        return web.json_response(adjusted(dict(request.match_info)))

    r = app.router
    r.add_get("/accounts/by-email", _by_email(accounts, "account_id"))
    r.add_get("/accounts/{account_id}", _reader(accounts, "account_id"))
    r.add_get("/accounts/{account_id}/benefits", _reader(benefits, "account_id"))
    r.add_get("/charges/{charge_id}", _reader(charges, "charge_id"))
    r.add_get("/charges/{charge_id}/adjusted", calculate)
    r.add_post("/charges/{charge_id}/adjustments", write("adjustment"))
    r.add_post("/accounts/{account_id}/notices", write("notice"))
    state["tables"] = {"accounts": accounts, "benefits": benefits, "charges": charges}
    return app


def build_clinic_app(seed: int = 7, count: int = 12) -> web.Application:
    rng = random.Random(seed)
    accounts: dict[str, dict[str, Any]] = {}
    for i in range(count):
        pid = f"pat_{3000 + i}"
        accounts[pid] = {"patient_id": pid, "email": f"patient.{i}@example.com",
                         "name": f"Patient {i}",
                         "proxies": [{"name": f"Guardian {i}", "role": "guardian"}]
                         if rng.random() < 0.4 else []}

    def caller(args: dict[str, Any]) -> dict[str, Any]:
        a = accounts[args["patient_id"]]
        name = str(args.get("caller_name", ""))
        if name == a["name"]:
            role = "self"
        else:
            role = next((p["role"] for p in a["proxies"] if p["name"] == name), "unknown")
        return {"patient_id": a["patient_id"], "caller_name": name, "role": role,
                "authorised": role in ("self", "guardian")}

    requests: dict[str, dict[str, Any]] = {}

    def filed(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
        def act(args: dict[str, Any]) -> dict[str, Any]:
            rid = f"req_{len(requests) + 1}"
            requests[rid] = {"request_id": rid, "kind": kind, **args, "status": "filed"}
            return requests[rid]

        return act

    app = web.Application()
    state: dict[str, Any] = {"acts": {"appointment": filed("appointment"),
                                      "records_access": filed("records_access"),
                                      "handoff": filed("handoff")}}
    write = _common(app, state)

    async def verify(request: web.Request) -> web.Response:
        pid = request.match_info["patient_id"]
        if pid not in accounts:
            return web.json_response({"error": "no such patient"}, status=404)
        return web.json_response(caller({"patient_id": pid,
                                          "caller_name": request.query.get("caller_name")}))

    r = app.router
    r.add_get("/patients/by-email", _by_email(accounts, "patient_id"))
    r.add_get("/patients/{patient_id}", _reader(accounts, "patient_id"))
    r.add_get("/patients/{patient_id}/caller", verify)
    r.add_post("/patients/{patient_id}/appointments", write("appointment"))
    r.add_post("/patients/{patient_id}/records-access", write("records_access"))
    r.add_post("/patients/{patient_id}/handoffs", write("handoff"))
    state["tables"] = {"accounts": accounts, "requests": requests}
    return app
