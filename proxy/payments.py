"""The sandbox payment provider: payments, charges, refunds and adjustments, with the state
machine a real provider runs, kept in the store (SQLite and PostgreSQL alike).

    authorised ──capture──▶ captured ──refund/adjust (part)──▶ partially_refunded ──▶ refunded
        │                                  └──refund/adjust (the rest)──────────────────▲
        └──void──▶ voided                       (failed: an authorisation the card refused)

Money is exact: amounts arrive as decimal strings ("12.50"; an integer is taken for what it
says), are checked against the currency's ISO 4217 exponent (JPY 0, USD 2, KWD 3: "1.005 USD"
is refused, not rounded), and are kept as integer minor units. Floats are refused: a float on
the wire has already lost cents. A refund or adjustment never takes more than remains
refundable (captured minus refunded), and its currency must be the payment's.

Every operation carries an idempotency key: the same key with the same request answers the
first result again (nothing changes twice); the same key with a different request is refused.

``apply`` is the state machine as a pure function (the property tests drive it); ``rehearse``
runs one operation on a copy of a payment's state and returns before and after without storing
anything, which is how a live session's call is rehearsed; ``SandboxPayments`` is the provider
sandbox sessions reach, its state in the store. A live payment adapter is an interface
(``LivePayments``) with no implementation here: live payment writes go to the team's own
payment service, bound as an upstream in the catalog like any other tool.
"""

from __future__ import annotations

import dataclasses
import decimal
import enum
import hashlib
import time
from collections.abc import Awaitable, Callable, Sequence
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from .errors import RequestError, StoreConflict
from .ids import new_id
from .parse import loads as json_loads
from .store.statements import Statement

if TYPE_CHECKING:
    from .store import Store


class PaymentError(RequestError):
    code = "payment_invalid"
    status = 422
    agent_message = "The payment operation is not valid; nothing was changed."


class IdempotencyConflict(RequestError):
    code = "idempotency_conflict"
    status = 409
    agent_message = ("This idempotency key was used for a different request; nothing was "
                     "changed. Use a new key for a new request.")


class UnknownPayment(RequestError):
    code = "unknown_payment"
    status = 404
    agent_message = "There is no such payment."


class State(enum.StrEnum):
    AUTHORISED = "authorised"
    CAPTURED = "captured"
    PARTIALLY_REFUNDED = "partially_refunded"
    REFUNDED = "refunded"
    VOIDED = "voided"
    FAILED = "failed"


REFUNDABLE = {State.CAPTURED, State.PARTIALLY_REFUNDED}


def exponent(currency: str) -> int:
    """The ISO 4217 minor-unit exponent; a code that is not a currency is refused."""
    from iso4217 import Currency

    try:
        exp = Currency(currency.upper()).exponent if currency == currency.upper() else None
    except ValueError:
        exp = None
    if exp is None:
        raise PaymentError(f"{currency!r} is not an ISO 4217 currency with minor units")
    return int(exp)


MAX_DIGITS = 18  # integer minor units beyond this are refused, not computed with


def to_minor(amount: Any, currency: str) -> int:
    """An amount as exact integer minor units of ``currency``. Computed in a decimal context
    wide enough that nothing is rounded: a value the context cannot hold exactly is refused."""
    if isinstance(amount, bool | float):
        raise PaymentError("amounts are decimal strings (\"12.50\"), never floating-point "
                           "numbers: a float has already lost exactness")
    if not isinstance(amount, str | int):
        raise PaymentError("an amount is a decimal string such as \"12.50\"")
    text = str(amount).strip()
    if len(text) > 64:
        raise PaymentError("the amount is too long to be a real amount")
    exp = exponent(currency)
    with decimal.localcontext() as ctx:
        ctx.prec = 100
        ctx.traps[decimal.Inexact] = True
        ctx.traps[decimal.Rounded] = True
        try:
            value = Decimal(text)
            if not value.is_finite() or value <= 0:
                raise PaymentError(f"the amount must be positive, not {amount!r}")
            minor = value.scaleb(exp)
        except (InvalidOperation, ArithmeticError) as e:
            raise PaymentError(f"{amount!r} is not a decimal amount callgate can hold "
                               "exactly") from e
    if minor != minor.to_integral_value():
        raise PaymentError(f"{amount} {currency} has more decimals than {currency} has "
                           f"({exp}); it is not rounded")
    result = int(minor)
    if len(str(result)) > MAX_DIGITS:
        raise PaymentError(f"{amount} {currency} is larger than any payment callgate handles")
    return result


def to_amount(minor: int, currency: str) -> str:
    """Minor units back to the decimal string, with exactly the currency's decimals."""
    exp = exponent(currency)
    with decimal.localcontext() as ctx:
        ctx.prec = 100
        return str(Decimal(minor).scaleb(-exp).quantize(Decimal(1).scaleb(-exp)))


@dataclasses.dataclass(frozen=True)
class Payment:
    payment_id: str
    currency: str
    authorised: int  # minor units
    captured: int = 0
    refunded: int = 0  # refunds and adjustments together
    state: State = State.AUTHORISED

    @property
    def refundable(self) -> int:
        return self.captured - self.refunded if self.state in REFUNDABLE else 0

    def view(self) -> dict[str, Any]:
        c = self.currency
        return {"payment_id": self.payment_id, "state": self.state.value, "currency": c,
                "authorised": to_amount(self.authorised, c),
                "captured": to_amount(self.captured, c) if self.captured else to_amount(0, c),
                "refunded": to_amount(self.refunded, c) if self.refunded else to_amount(0, c),
                "refundable": to_amount(self.refundable, c) if self.refundable
                else to_amount(0, c)}


OPERATIONS = ("capture", "refund", "adjust", "void")


def apply(p: Payment, op: str, amount: Any = None, currency: str | None = None) -> Payment:
    """The next state of ``p`` after ``op``, or ``PaymentError`` saying why not."""
    if op == "capture":
        if p.state is not State.AUTHORISED:
            raise PaymentError(f"only an authorised payment is captured (it is {p.state})")
        return dataclasses.replace(p, captured=p.authorised, state=State.CAPTURED)
    if op == "void":
        if p.state is not State.AUTHORISED:
            raise PaymentError(f"only an authorised payment is voided (it is {p.state}); a "
                               "captured one is refunded")
        return dataclasses.replace(p, state=State.VOIDED)
    if op in ("refund", "adjust"):
        if currency is None or currency != p.currency:
            raise PaymentError(f"the {op} is in {currency}, the payment in {p.currency}: the "
                               "currency must be the payment's")
        minor = to_minor(amount, currency)
        if p.state not in REFUNDABLE:
            raise PaymentError(f"a {p.state} payment cannot be refunded")
        if minor > p.refundable:
            raise PaymentError(f"{to_amount(minor, currency)} {currency} is more than the "
                               f"{to_amount(p.refundable, currency)} {currency} that remains "
                               "refundable")
        refunded = p.refunded + minor
        state = State.REFUNDED if refunded == p.captured else State.PARTIALLY_REFUNDED
        return dataclasses.replace(p, refunded=refunded, state=state)
    raise PaymentError(f"unknown payment operation {op!r} (one of {', '.join(OPERATIONS)})")


def rehearse(before: Payment, op: str, amount: Any = None, currency: str | None = None
             ) -> dict[str, Any]:
    """Run ``op`` on a copy of ``before``: what would happen, nothing stored. A rehearsal that
    fails validation raises ``PaymentError`` with the reason."""
    after = apply(before, op, amount, currency)
    out: dict[str, Any] = {"operation": op, "currency": before.currency,
                           "before": before.view(), "after": after.view()}
    if amount is not None and currency is not None:
        out["amount"] = to_amount(to_minor(amount, currency), currency)
    return out


def payment_from(fact: Any) -> Payment:
    """A payment's state as a provider's read returns it (``payment_id, state, currency,
    authorised, captured, refunded`` with decimal-string amounts)."""
    if not isinstance(fact, dict):
        raise PaymentError("the payment's state is not known: read the payment first")
    try:
        c = str(fact["currency"])
        return Payment(str(fact["payment_id"]), c, to_minor_or_zero(fact["authorised"], c),
                       to_minor_or_zero(fact.get("captured", "0"), c),
                       to_minor_or_zero(fact.get("refunded", "0"), c), State(fact["state"]))
    except (KeyError, ValueError, TypeError, ArithmeticError) as e:
        raise PaymentError(f"the payment read does not say its state: {e}") from e


def to_minor_or_zero(amount: Any, currency: str) -> int:
    try:
        zero = isinstance(amount, str) and len(amount) < 64 and Decimal(amount) == 0
    except (InvalidOperation, ArithmeticError) as e:
        raise PaymentError(f"{amount!r} is not an amount") from e
    return 0 if zero else to_minor(amount, currency)


class LivePayments(Protocol):
    """A live payment provider adapter: not implemented in callgate. Live payment writes go to
    the team's own payment service through its catalog binding (an HTTP upstream), after the
    rehearsal and the human gate."""

    async def refund(self, key: str, payment_id: str, amount: str, currency: str
                     ) -> dict[str, Any]: ...


class SandboxPayments:
    """The sandbox provider sandbox sessions reach; its state lives in the store."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def get(self, payment_id: str) -> Payment:
        row = await self.store.fetchone(
            "SELECT payment_id, currency, authorised_minor, captured_minor, refunded_minor, "
            "state FROM sandbox_payments WHERE payment_id = ?", (payment_id,))
        if row is None:
            raise UnknownPayment(f"no sandbox payment {payment_id!r}")
        return Payment(row[0], row[1], int(row[2]), int(row[3]), int(row[4]), State(row[5]))

    async def _once(self, key: str, request: dict[str, Any],
                    run: Callable[[Callable[[dict[str, Any]], Statement]],
                                  Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """Idempotency: the first result for a key and request; a different request refused.
        ``run`` does the operation once, writing the statement ``record(result)`` gives it in
        its own transaction, so the result is kept exactly when the change is."""
        if not key or len(key) > 200:
            raise PaymentError("an idempotency key (1-200 characters) is required")
        digest = hashlib.sha256(orjson.dumps(request, option=orjson.OPT_SORT_KEYS)).hexdigest()
        async with self.store.lock("payment-key:" + key):
            row = await self.store.fetchone(
                "SELECT request_hash, result FROM sandbox_operations WHERE idempotency_key = ?",
                (key,))
            if row is not None:
                if row[0] != digest:
                    raise IdempotencyConflict(f"idempotency key {key!r} was used for another "
                                              "request")
                first: dict[str, Any] = json_loads(row[1])
                return first

            def record(result: dict[str, Any]) -> Statement:
                return ("INSERT INTO sandbox_operations (idempotency_key, request_hash, "
                        "payment_id, result, created_at) VALUES (?, ?, ?, ?, ?)",
                        (key, digest, result.get("payment_id"), orjson.dumps(result),
                         self.clock()))

            return await run(record)

    async def authorise(self, key: str, amount: Any, currency: str, capture: bool = False
                        ) -> dict[str, Any]:
        """A new payment (a charge when ``capture``)."""
        request = {"op": "charge" if capture else "authorise", "amount": str(amount),
                   "currency": currency}

        async def run(record: Callable[[dict[str, Any]], Statement]) -> dict[str, Any]:
            minor = to_minor(amount, currency)
            p = Payment(new_id("pay"), currency, minor)
            if capture:
                p = apply(p, "capture")
            result = p.view()
            now = self.clock()
            await self.store.write([
                ("INSERT INTO sandbox_payments (payment_id, currency, authorised_minor, "
                 "captured_minor, refunded_minor, state, created_at, updated_at) VALUES "
                 "(?, ?, ?, ?, ?, ?, ?, ?)", (p.payment_id, p.currency, p.authorised,
                                              p.captured, p.refunded, p.state.value, now, now)),
                record(result)])
            return result

        return await self._once(key, request, run)

    async def operate(self, key: str, payment_id: str, op: str, amount: Any = None,
                      currency: str | None = None) -> dict[str, Any]:
        """capture, void, refund or adjust an existing payment."""
        request = {"op": op, "payment_id": payment_id,
                   "amount": None if amount is None else str(amount), "currency": currency}

        async def run(record: Callable[[dict[str, Any]], Statement]) -> dict[str, Any]:
            async with self.store.lock("payment:" + payment_id):
                before = await self.get(payment_id)
                after = apply(before, op, amount, currency)
                result = {**after.view(), "operation": op}
                if amount is not None and currency is not None:
                    result["amount"] = to_amount(to_minor(amount, currency), currency)
                try:
                    await self.store.write([
                        ("UPDATE sandbox_payments SET captured_minor = ?, refunded_minor = ?, "
                         "state = ?, updated_at = ? WHERE payment_id = ? AND state = ? AND "
                         "refunded_minor = ?", (after.captured, after.refunded,
                                                after.state.value, self.clock(), payment_id,
                                                before.state.value, before.refunded), 1),
                        record(result)])
                except StoreConflict as e:  # changed under us: nothing was applied
                    raise PaymentError("the payment changed meanwhile; retry") from e
                return result

        return await self._once(key, request, run)


def rehearse_call(spec: Any, arguments: dict[str, Any], calls: list[Any],
                  pending: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """Rehearse a payment tool's call on the sandbox, from the payment's latest known state in
    the session: its read (``spec.state_from``), or a later write on it that answered with the
    payment. ``PaymentError`` says why it would fail."""
    if spec is None:
        raise PaymentError("this tool is not a payment operation, so it cannot be rehearsed")
    op = spec.operation
    amount = arguments.get(spec.amount)
    currency = arguments.get(spec.currency)
    if op in ("charge", "authorise"):
        if not isinstance(currency, str):
            raise PaymentError("the currency is missing")
        p = Payment("(new)", currency, to_minor(amount, currency))
        after = apply(p, "capture") if op == "charge" else p
        return {"operation": op, "currency": currency,
                "amount": to_amount(p.authorised, currency), "before": None,
                "after": after.view()}
    payment_id = arguments.get(spec.payment_id)
    fact = None
    for c in reversed(calls):  # the latest answer that states this payment's state
        if not c.succeeded or (c.tool != spec.state_from and c.kind != "write"):
            continue
        result = c.result  # read once: an older answer may be held as text
        if isinstance(result, dict) and result.get("payment_id") == payment_id \
                and "state" in result:
            fact = result
            break
    if fact is None:
        raise PaymentError(f"the payment's state is not known: read it first with "
                           f"{spec.state_from or 'its read tool'} ({payment_id})")
    before = payment_from(fact)
    held = 0
    for args in pending:  # refunds already waiting for approval on the same payment
        if args.get(spec.payment_id) == payment_id and args.get(spec.currency) == \
                before.currency:
            try:
                held += to_minor(args.get(spec.amount), before.currency)
            except PaymentError:
                continue
    if held and before.state in REFUNDABLE:
        # what those approvals would leave: the approver sees the state after all of them
        before = dataclasses.replace(before, refunded=min(before.captured,
                                                          before.refunded + held))
    if op in ("refund", "adjust"):
        out = rehearse(before, op, amount, currency if isinstance(currency, str) else None)
    else:
        out = rehearse(before, op)
    if held:
        out["held_before"] = to_amount(held, before.currency)
    return out


def describe(rehearsal: dict[str, Any]) -> str:
    """The rehearsal in words, for the agent and the approver."""
    after = rehearsal["after"]
    held = rehearsal.get("held_before")
    also = (f" (counting {held} {rehearsal['currency']} of refunds already waiting for "
            "approval on it)") if held else ""
    what = f"{rehearsal['operation']} {rehearsal.get('amount', '')} {rehearsal['currency']}"
    before = rehearsal.get("before")
    if before is None:
        return f"Rehearsed on the sandbox: {what.strip()} would leave a payment {after['state']}."
    return (f"Rehearsed on the sandbox{also}: {' '.join(what.split())}; the payment would go "
            f"from {before['state']} ({before['refundable']} refundable) to {after['state']} "
            f"({after['refundable']} refundable).")
