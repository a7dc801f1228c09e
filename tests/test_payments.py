"""The sandbox payment provider: property tests of the state machine and of money (hypothesis),
and the provider on the store (idempotent replays, conflicting keys)."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proxy.payments import (
    IdempotencyConflict,
    Payment,
    PaymentError,
    SandboxPayments,
    State,
    apply,
    exponent,
    rehearse,
    to_amount,
    to_minor,
)
from proxy.store.sqlite import SqliteStore

CURRENCIES = ["USD", "EUR", "JPY", "KWD", "BHD", "CLF", "GBP"]


def amount_in(currency: str) -> st.SearchStrategy[str]:
    exp = exponent(currency)
    return st.integers(1, 10**9).map(lambda m: to_amount(m, currency)) if exp else \
        st.integers(1, 10**9).map(str)


ops = st.lists(st.tuples(st.sampled_from(["capture", "void", "refund", "adjust"]),
                         st.integers(1, 10**7)), max_size=25)


@settings(max_examples=300, deadline=None)
@given(currency=st.sampled_from(CURRENCIES), authorised=st.integers(1, 10**7), steps=ops)
def test_no_sequence_refunds_more_than_was_captured(currency: str, authorised: int,
                                                    steps: list[tuple[str, int]]) -> None:
    p = Payment("pay_1", currency, authorised)
    refunded_amounts: list[Decimal] = []
    for op, minor in steps:
        amount = to_amount(minor, currency)
        try:
            after = apply(p, op, amount, currency)
        except PaymentError:
            continue  # refused: nothing changed
        if op in ("refund", "adjust"):
            refunded_amounts.append(Decimal(amount))
        p = after
        assert 0 <= p.refunded <= p.captured <= p.authorised
        assert (p.state is State.REFUNDED) == (p.captured > 0 and p.refunded == p.captured)
        # never a cent lost: the refunds, added as decimals, are exactly the refunded total
        assert sum(refunded_amounts, Decimal(0)) == Decimal(to_amount(p.refunded, currency))


@settings(max_examples=300, deadline=None)
@given(currency=st.sampled_from(CURRENCIES), minor=st.integers(1, 10**12))
def test_amounts_round_trip_exactly_in_each_currencys_minor_units(currency: str,
                                                                  minor: int) -> None:
    text = to_amount(minor, currency)
    assert to_minor(text, currency) == minor
    exp = exponent(currency)
    assert len(text.partition(".")[2]) == exp
    with pytest.raises(PaymentError, match="more decimals"):
        to_minor(text + ("1" if exp else ".1"), currency)


@pytest.mark.parametrize(("amount", "currency", "minor"), [
    ("1", "JPY", 1), ("12.50", "USD", 1250), ("0.001", "KWD", 1), ("1.005", "KWD", 1005)])
def test_iso_4217_exponents(amount: str, currency: str, minor: int) -> None:
    assert to_minor(amount, currency) == minor


@pytest.mark.parametrize(("amount", "currency", "why"), [
    ("1.5", "JPY", "more decimals"), ("1.005", "USD", "more decimals"), (12.5, "USD", "float"),
    ("0", "USD", "positive"), ("-3", "USD", "positive"), ("NaN", "USD", "positive"),
    ("ten", "USD", "not a decimal"), ("1", "XAU", "ISO 4217"), ("1", "usd", "ISO 4217"),
    (True, "USD", "float")])
def test_bad_amounts_are_refused_never_rounded(amount: object, currency: str, why: str) -> None:
    with pytest.raises(PaymentError, match=why):
        to_minor(amount, currency)


def test_a_refund_in_another_currency_or_beyond_what_remains_is_refused() -> None:
    p = apply(Payment("pay_1", "USD", 1000), "capture")
    with pytest.raises(PaymentError, match="currency must be the payment's"):
        apply(p, "refund", "1.00", "EUR")
    p = apply(p, "refund", "6.00", "USD")
    with pytest.raises(PaymentError, match="remains refundable"):
        apply(p, "adjust", "4.01", "USD")
    done = apply(p, "adjust", "4.00", "USD")
    assert done.state is State.REFUNDED and done.refundable == 0
    rehearsal = rehearse(p, "refund", "4.00", "USD")
    assert rehearsal["before"]["refundable"] == "4.00" and rehearsal["after"]["state"] == \
        "refunded"


@settings(max_examples=25, deadline=None)
@given(steps=st.lists(st.tuples(st.sampled_from(["refund", "adjust"]), st.integers(1, 3000),
                                st.integers(0, 4)), min_size=1, max_size=12))
def test_idempotent_replays_return_the_first_result(tmp_path_factory: pytest.TempPathFactory,
                                                    steps: list[tuple[str, int, int]]) -> None:
    """Keys drawn from a small pool: a replayed key with the same request gives the first
    answer and changes nothing; with another request it is refused."""

    async def scenario() -> None:
        store = SqliteStore(tmp_path_factory.mktemp("pay") / "p.db")
        await store.open()
        try:
            provider = SandboxPayments(store)
            pay = await provider.authorise("k-charge", "50.00", "USD", capture=True)
            seen: dict[str, tuple[tuple[str, int], dict[str, object]]] = {}
            for op, minor, key_no in steps:
                key = f"k{key_no}"
                request = (op, minor)
                try:
                    result = await provider.operate(key, pay["payment_id"], op,
                                                    to_amount(minor, "USD"), "USD")
                except IdempotencyConflict:
                    assert key in seen and seen[key][0] != request
                    continue
                except PaymentError:
                    assert key not in seen  # refused requests are not remembered
                    continue
                if key in seen:
                    assert seen[key][0] == request and seen[key][1] == result
                else:
                    seen[key] = (request, result)
            applied = sum(m for (_, m), _ in seen.values())
            final = await provider.get(pay["payment_id"])
            assert final.refunded == applied <= final.captured == 5000
        finally:
            await store.close()

    asyncio.run(scenario())


async def test_the_sandbox_keeps_its_payments_in_the_store(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "p.db")
    await store.open()
    provider = SandboxPayments(store)
    auth = await provider.authorise("a1", "19.99", "EUR")
    assert auth["state"] == "authorised" and auth["authorised"] == "19.99"
    assert (await provider.operate("c1", auth["payment_id"], "capture"))["state"] == "captured"
    with pytest.raises(PaymentError, match="only an authorised payment is voided"):
        await provider.operate("v1", auth["payment_id"], "void")
    await store.close()
    again = SqliteStore(tmp_path / "p.db")
    await again.open()  # a restart: the state is where the store left it
    assert (await SandboxPayments(again).get(auth["payment_id"])).state is State.CAPTURED
    await again.close()
