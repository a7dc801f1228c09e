"""The demo retail database: generated from a seed, or loaded from tau-bench's retail files.

The format is tau-bench's (users, orders and products keyed by id), so recorded conversations
can be replayed against it. Generated data adds what tau-bench's lacks: items that carry a linked
add-on (a protection plan whose ``linked_to`` names the item it covers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..parse import loads as json_loads

FIRST = ["Ava", "Liam", "Mia", "Noah", "Emma", "Omar", "Yara", "Ivan", "Lena", "Ravi", "Sofia",
         "Chen", "Amara", "Mateo", "Hana", "Jonas", "Priya", "Tomas", "Zoe", "Kofi"]
LAST = ["Garcia", "Smith", "Nguyen", "Kowalski", "Okafor", "Silva", "Tanaka", "Muller", "Haddad",
        "Johnson", "Rossi", "Kim", "Patel", "Brown", "Novak", "Ali", "Lopez", "Berg"]
CITIES = [("Austin", "TX", "787"), ("Denver", "CO", "802"), ("Seattle", "WA", "981"),
          ("Boston", "MA", "021"), ("Chicago", "IL", "606"), ("Phoenix", "AZ", "850")]
STREETS = ["Maple Avenue", "River Road", "Hillcrest Drive", "Elm Street", "Lakeview Lane",
           "Oak Street", "Park Avenue", "Sunset Drive"]
PRODUCTS: dict[str, dict[str, list[str]]] = {
    "T-Shirt": {"color": ["red", "blue", "black"], "size": ["S", "M", "L", "XL"]},
    "Laptop": {"screen size": ["13-inch", "15-inch"], "storage": ["256GB", "512GB", "1TB"]},
    "Headphones": {"type": ["over-ear", "in-ear"], "color": ["black", "white"]},
    "Water Bottle": {"capacity": ["500ml", "1000ml"], "material": ["glass", "steel"]},
    "Office Chair": {"material": ["fabric", "leather"], "color": ["black", "gray"]},
    "Desk Lamp": {"color": ["white", "black"], "brightness": ["low", "high"]},
    "Smart Watch": {"color": ["black", "silver"], "band": ["leather", "silicone"]},
}
BASE_PRICE = {"T-Shirt": 45, "Laptop": 1400, "Headphones": 180, "Water Bottle": 30,
              "Office Chair": 420, "Desk Lamp": 60, "Smart Watch": 320}
PLAN = "Protection Plan"
PROTECTED = {"Laptop", "Headphones", "Smart Watch", "Office Chair"}
STATUSES = ["pending", "pending", "processed", "delivered", "delivered", "cancelled"]


@dataclass
class RetailDB:
    users: dict[str, Any] = field(default_factory=dict)
    orders: dict[str, Any] = field(default_factory=dict)
    products: dict[str, Any] = field(default_factory=dict)

    def item_index(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """item id -> (product id, variant), over every product."""
        return {
            item_id: (pid, variant)
            for pid, product in self.products.items()
            for item_id, variant in product["variants"].items()
        }


def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randrange(10 ** (n - 1), 10**n))


def generate(seed: int = 7, users: int = 60, orders: int = 180) -> RetailDB:
    """A deterministic synthetic database; the same seed always gives the same data."""
    rng = random.Random(seed)
    db = RetailDB()
    for name, options in PRODUCTS.items():
        pid = _digits(rng, 10)
        variants: dict[str, Any] = {}
        keys = list(options)
        for a in options[keys[0]]:
            for b in options[keys[1]]:
                item_id = _digits(rng, 10)
                price = round(BASE_PRICE[name] * rng.uniform(0.85, 1.2), 2)
                variants[item_id] = {"item_id": item_id, "options": {keys[0]: a, keys[1]: b},
                                     "available": rng.random() > 0.15, "price": price}
        db.products[pid] = {"name": name, "product_id": pid, "variants": variants}
    plan_pid = _digits(rng, 10)
    plan_variants: dict[str, Any] = {}
    for years in ("1 year", "2 years"):
        item_id = _digits(rng, 10)
        plan_variants[item_id] = {"item_id": item_id, "options": {"term": years},
                                  "available": True, "price": 49.0 if years == "1 year" else 89.0}
    db.products[plan_pid] = {"name": PLAN, "product_id": plan_pid, "variants": plan_variants}

    for i in range(users):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        user_id = f"{first.lower()}_{last.lower()}_{1000 + i}"
        city, state, zip_prefix = rng.choice(CITIES)
        methods: dict[str, Any] = {}
        card = f"credit_card_{_digits(rng, 7)}"
        methods[card] = {"source": "credit_card", "brand": rng.choice(["visa", "mastercard"]),
                         "last_four": _digits(rng, 4), "id": card}
        if rng.random() < 0.6:
            gift = f"gift_card_{_digits(rng, 7)}"
            methods[gift] = {"source": "gift_card", "balance": float(rng.randrange(0, 300)),
                             "id": gift}
        if rng.random() < 0.3:
            paypal = f"paypal_{_digits(rng, 7)}"
            methods[paypal] = {"source": "paypal", "id": paypal}
        db.users[user_id] = {
            "name": {"first_name": first, "last_name": last},
            "address": {"address1": f"{rng.randrange(10, 999)} {rng.choice(STREETS)}",
                        "address2": f"Suite {rng.randrange(100, 999)}", "city": city,
                        "country": "USA", "state": state, "zip": zip_prefix + _digits(rng, 2)},
            "email": f"{first.lower()}.{last.lower()}{i}@example.com",
            "payment_methods": methods,
            "orders": [],
        }

    regular = {pid: p for pid, p in db.products.items() if p["name"] != PLAN}
    user_ids = list(db.users)
    for _ in range(orders):
        order_id = f"#W{_digits(rng, 7)}"
        user_id = rng.choice(user_ids)
        user = db.users[user_id]
        items = []
        for pid in rng.sample(list(regular), k=rng.randint(1, 3)):
            product = regular[pid]
            variant = rng.choice(list(product["variants"].values()))
            items.append({"name": product["name"], "product_id": pid,
                          "item_id": variant["item_id"], "price": variant["price"],
                          "options": {**variant["options"]}})
            if product["name"] in PROTECTED and rng.random() < 0.5:
                plan = rng.choice(list(plan_variants.values()))
                items.append({"name": PLAN, "product_id": plan_pid, "item_id": plan["item_id"],
                              "price": plan["price"], "options": {**plan["options"]},
                              "linked_to": variant["item_id"]})
        status = rng.choice(STATUSES)
        method = rng.choice(list(user["payment_methods"]))
        total = round(sum(i["price"] for i in items), 2)
        payments = [{"transaction_type": "payment", "amount": total, "payment_method_id": method}]
        if status == "cancelled":
            payments.append({"transaction_type": "refund", "amount": total,
                             "payment_method_id": method})
        fulfillments = []
        if status in ("processed", "delivered"):
            fulfillments.append({"tracking_id": [_digits(rng, 12)],
                                 "item_ids": [i["item_id"] for i in items]})
        db.orders[order_id] = {
            "order_id": order_id, "user_id": user_id, "address": dict(user["address"]),
            "items": items, "fulfillments": fulfillments, "status": status,
            "payment_history": payments,
        }
        user["orders"].append(order_id)
    return db


# what each record of tau-bench's retail files must hold for the demo to serve it: field ->
# its type
_TAU_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "users": {"email": str, "address": dict, "payment_methods": dict, "orders": list},
    "orders": {"order_id": str, "user_id": str, "status": str, "items": list,
               "payment_history": list},
    "products": {"name": str, "product_id": str, "variants": dict},
}


def load_tau(directory: Path) -> RetailDB:
    """Load tau-bench's retail database files (users.json, orders.json, products.json).
    Raises ``FileNotFoundError`` for a file that cannot be read and ``ValueError`` for one that
    is not JSON or not of that shape (each names the file and the first record at fault)."""
    parts = {}
    for name in ("users", "orders", "products"):
        path = directory / f"{name}.json"
        try:
            data = json_loads(path.read_bytes())
        except OSError as e:
            raise FileNotFoundError(f"{path}: {e.strerror}") from e
        except ValueError as e:  # (orjson's decode error is a ValueError)
            raise ValueError(f"{path}: not JSON: {e}") from e
        parts[name] = _tau_records(path, data, _TAU_FIELDS[name])
    return RetailDB(parts["users"], parts["orders"], parts["products"])


def _tau_records(path: Path, data: Any, fields: dict[str, type | tuple[type, ...]]
                 ) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected an object of records by id, got "
                         f"{type(data).__name__}")
    for key, record in data.items():
        if not isinstance(record, dict):
            raise ValueError(f"{path}: record {key!r} is not an object")
        for field_name, kind in fields.items():
            if not isinstance(record.get(field_name), kind):
                raise ValueError(f"{path}: record {key!r}: {field_name!r} is missing or not "
                                 f"of the expected type")
        if "variants" in fields and not all(isinstance(v, dict)
                                            for v in record["variants"].values()):
            raise ValueError(f"{path}: record {key!r}: a variant is not an object")
        if "items" in fields and not all(isinstance(i, dict) for i in record["items"]):
            raise ValueError(f"{path}: record {key!r}: an item is not an object")
    return data
