"""Held calls in words for people: who the customer is, what the action does, how much money it
moves, and times as ISO text. The operator API and the operator pages both show tickets through
these, so the two never disagree."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from ..payments import PaymentError, exponent

if TYPE_CHECKING:
    from ..catalog import Catalog
    from ..session import SessionState

# arguments and facts that name a customer, most telling first
_CUSTOMER_KEYS = ("name", "user_id", "customer_id", "patient_id", "account_id", "id", "email")


def customer_of(session: SessionState, sources: tuple[tuple[str, str | None], ...]) -> str | None:
    """Who the held call is for: the identity the session established through the policy's
    identity reads (the upstream said so); else the user the agent named when it started the
    session, marked as such (the agent's word, not a check)."""
    who = session.identity(sources) if sources else None
    found = _name(who) if isinstance(who, dict) else (str(who) if who not in (None, "") else None)
    if found:
        return found
    named = _name(session.user)
    return f"{named} (as named by the agent)" if named else None


def _name(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    for key in _CUSTOMER_KEYS:
        v = value.get(key)
        if isinstance(v, dict):  # {"first_name": ..., "last_name": ...}
            parts = [str(v[k]) for k in ("first_name", "last_name") if v.get(k)]
            if parts:
                return " ".join(parts)
        elif isinstance(v, str | int) and not isinstance(v, bool) and str(v):
            return str(v)
    return None


def iso(ts: float | None) -> str | None:
    """Epoch seconds as ISO 8601 in UTC, to the millisecond (``2026-11-30T20:31:05.123Z``)."""
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")


def words(tool: str, arguments: dict[str, Any]) -> str:
    """The action as a sentence: the tool's name in words and its arguments, lists counted
    (``Return delivered order items: order #W123, 2 items (…), payment method credit_card_1``)."""
    verb = tool.replace("_", " ").strip().capitalize()
    parts = []
    ordered = sorted(arguments.items(), key=lambda kv: isinstance(kv[1], list | dict))
    for key, value in ordered:  # single values first: "order #W1, 2 items (…)"
        label = key.removesuffix("_id").removesuffix("_ids").replace("_", " ")
        if isinstance(value, list):
            shown = ", ".join(str(v) for v in value[:3]) + (", …" if len(value) > 3 else "")
            noun = label if len(value) == 1 else (label if label.endswith("s") else label + "s")
            parts.append(f"{len(value)} {noun} ({shown})")
        elif isinstance(value, dict):
            parts.append(f"{label} {{…}}")
        else:
            parts.append(f"{label} {value}")
    return verb + (": " + ", ".join(parts) if parts else "")


def money(t: dict[str, Any], catalog: Catalog | None) -> dict[str, str] | None:
    """The amount a held call moves and its currency, where there is one: the payment tool's
    amount, an ``amount`` argument, else an amount among the facts the rule weighed (in the
    catalog's currency). ``{"amount": "1500.00", "currency": "USD", "source": ...}`` or None."""
    args = t.get("arguments") or {}
    tool = catalog.get(t["tool"], t["domain"]) if catalog is not None else None
    spec = tool.payment if tool is not None else None
    amount_key, currency_key = (spec.amount, spec.currency) if spec else ("amount", "currency")
    default_currency = tool.currency if tool is not None else None
    if amount_key in args:
        return _money(args[amount_key], args.get(currency_key) or default_currency, "arguments")
    for v in (t.get("decision") or {}).get("violations") or ():
        facts = (v.get("details") or {}).get("facts") or {}
        for ref, value in (facts.get("values") or {}).items():
            if ref.rsplit(".", 1)[-1] in ("amount", "total", "price") and value is not None:
                found = _money(value, default_currency, ref)
                if found is not None:
                    return found
    return None


def _money(value: Any, currency: Any, source: str) -> dict[str, str] | None:
    if isinstance(value, bool):
        return None
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return None
    if not amount.is_finite():
        return None
    return {"amount": str(amount), "currency": str(currency or ""), "source": source}


def money_text(m: dict[str, str] | None) -> str:
    """``1,500.00 USD``: the currency's minor units (ISO 4217), grouped thousands."""
    if not m:
        return ""
    amount = Decimal(m["amount"])
    digits = minor_units(m["currency"])
    text = f"{amount:,.{digits}f}" if digits is not None else f"{amount:,}"
    return f"{text} {m['currency']}".strip()


def minor_units(currency: str) -> int | None:
    """The currency's ISO 4217 exponent, or None for a code that is not a currency with minor
    units (its amount is then shown as it is)."""
    try:
        return exponent(currency.upper())
    except PaymentError:
        return None


def summary(t: dict[str, Any], catalog: Catalog | None) -> dict[str, Any]:
    """What a list row needs beside the ticket's own columns."""
    m = money(t, catalog)
    return {"customer": (t.get("decision") or {}).get("customer"),
            "action": words(t["tool"], t.get("arguments") or {}),
            "money": m, "money_text": money_text(m)}


TIMES = ("created_at", "updated_at", "expires_at")


def ticket_view(t: dict[str, Any], catalog: Catalog | None) -> dict[str, Any]:
    """A ticket as people and API clients see it: times in ISO 8601, the customer, the action in
    words, the money it moves, and how many approvals it has of how many it needs."""
    return {**t, **{k: iso(t[k]) for k in TIMES if k in t}, **summary(t, catalog),
            "approvals_needed": 2 if t.get("four_eyes") else 1}


def event_view(e: dict[str, Any]) -> dict[str, Any]:
    return {**e, "ts": iso(e["ts"])}
