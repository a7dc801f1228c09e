"""Binding: a proposal names an action's values as values, not as substrings."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from proxy.policy.binding import (
    ActionSpec,
    Text,
    amounts,
    default_action_words,
    mixed_choice,
    named,
    names_action,
    other_alias,
    other_choice,
    other_kind,
    other_value,
    picked_by_balance,
    values_at,
)
from proxy.policy.dialogue import normalize


def said(text: str) -> Text:
    return Text(normalize(text))


@pytest.mark.parametrize(("text", "value", "expected"), [
    ("ship it to zip 78784", "78784", True),
    ("ship it to zip 787840", "78784", False),
    ("zip code 78784.", "78784", True),
    ("order #W1234567", "#W1234567", True),
    ("order W1234567", "#W1234567", True),
    ("order #W12345678", "#W1234567", False),
    ("order #W1234567", "W1234567", True),
    ("a refund of $50", 50, True),
    ("a refund of $150", 50, False),
    ("a refund of $50.00", 50, True),
    ("a refund of 50 dollars", 50.0, True),
    ("charge $1,194 to the card", 1194, True),
    ("charge $1,194.50", 1194.5, True),
    ("charge $1194.05", 1194.5, False),
    ("three checked bags", 3, True),
    ("2 checked bags", 3, False),
    ("reason: no longer needed", "no longer needed", True),
    ("reason: no longer", "no longer needed", False),
    ("cabin basic economy", "basic_economy", True),
    ("123 Main Street", "123 Main St", True),
    ("123 Main St.", "123 Main Street", True),
    ("1234 Main St", "123 Main St", False),
    ("Suite 394", "Suite 394", True),
    ("on May 21, 2024", "2024-05-21", True),
    ("on 21 May", "2024-05-21", True),
    ("on 2024-05-21", "2024-05-21", True),
    ("on 5/21", "2024-05-21", True),
    ("on May 2", "2024-05-21", False),
    ("on May 12", "2024-05-21", False),
    ("flights HAT041 and HAT012", ["HAT041", "HAT012"], True),
    ("flight HAT041 only", ["HAT041", "HAT012"], False),
    ("paypal_1234567", "paypal_1234567", True),
    ("paypal_12345678", "paypal_1234567", False),
])
def test_named(text: str, value: Any, expected: bool) -> None:
    assert named(said(text), value, {}) is expected


def test_aliases_name_ids() -> None:
    aliases = {"1000000001": {"bluetooth speaker", "speaker"}, "credit_card_1": {"7334"}}
    assert named(said("return the speaker"), "1000000001", aliases)
    assert named(said("card ending in 7334"), "credit_card_1", aliases)
    assert not named(said("card ending in 73345"), "credit_card_1", aliases)


def test_other_value_of_the_same_form() -> None:
    assert other_value(said("cancel order #W7654321"), "#W1234567") == "#w7654321"
    assert other_value(said("cancel order #W1234567"), "#W1234567") is None
    assert other_value(said("cancel it"), "#W1234567") is None


def test_other_alias_names_a_sibling_card() -> None:
    siblings = [("credit_card_1", {"7334"})]
    assert other_alias(said("I'll charge the card ending 7334"), {"5018"}, siblings) == "7334"
    assert other_alias(said("the card ending 5018"), {"5018"}, siblings) is None


def test_other_kind_of_payment_method() -> None:
    # a kind the proposal names where the call pays with another, facts or not
    assert other_kind(said("use your gift card for the difference"), "paypal_1") == "gift card"
    assert other_kind(said("use your gift card or PayPal"), "paypal_1") is None
    assert other_kind(said("charge the credit card on file"), "gift_card_2") == "credit card"
    assert other_kind(said("charge the card on file"), "gift_card_2") is None
    # the other kind named, this one by its head noun: not a conflict
    assert other_kind(said("your gift card is short; the rest on your card on file?"),
                      "credit_card_3") is None
    assert other_kind(said("your gift card is short; the rest via PayPal?"),
                      "credit_card_3") == "paypal"
    # offered, not ruled out or given away: negated clauses and kinds with no payment cue
    assert other_kind(said("refunds go to the original method, not to a gift card"),
                      "credit_card_3") is None
    assert other_kind(said("a certificate can't be used for a cabin change"),
                      "credit_card_3") is None
    assert other_kind(said("I can also send you a travel certificate"), "credit_card_3") is None
    assert other_kind(said("Payment method: Gift Card"), "credit_card_3") == "gift card"
    assert other_kind(said("use your gift card"), "#W1234567") is None  # not a payment id
    assert other_kind(said("use your gift card"), "loyalty_points_1") is None  # unknown kind


@pytest.mark.parametrize(("text", "expected"), [
    ("use the gift card with the smallest balance", ("gift_card", "min")),
    ("my gift card with the lowest remaining balance", ("gift_card", "min")),
    ("the certificate that has the highest value", ("certificate", "max")),
    ("the largest-balance gift card", ("gift_card", "max")),
    ("the gift card, then the credit card with the lowest balance", ("credit_card", "min")),
    ("the smallest gift card", None),  # size, not a balance
    ("the flight with the lowest fare", None),
])
def test_picked_by_balance(text: str, expected: tuple[str, str] | None) -> None:
    assert picked_by_balance(said(text)) == expected


CABINS = ("basic_economy", "economy", "business")


def test_mixed_choice_finds_dated_items_in_any_form() -> None:
    text = said("Outgoing flight (IAH to SFO on May 19): upgrade to Business Class. Return "
                "flight (SFO to IAH on 23 May): remain in Economy Class.")
    assert mixed_choice(text, ["2024-05-19", "2024-05-23"], "business",
                        CABINS) == "2024-05-23 in economy"


def test_mixed_choice_skips_a_date_the_flights_share() -> None:
    # both flights fly on May 17: the date names neither, and each flight's own line decides
    text = said("- HAT130 (DEN to MIA, May 17): upgrade to business\n"
                "- HAT184 (MIA to BOS, May 17): remains in economy")
    items = ["HAT130", "2024-05-17", "HAT184", "2024-05-17"]
    assert mixed_choice(text, items, "business", CABINS) == "HAT184 in economy"


@pytest.mark.parametrize(("text", "expected"), [
    ("iah to las: flight HAT286 (Business Class) - las to sea: flight HAT047 (Economy Class)",
     "HAT047 in economy"),
    ("Flight: HAT072 - Cabin: Business - Price: $282. Return: Flight: HAT278 - Cabin: Economy",
     "HAT278 in economy"),
    ("Flights HAT072 and HAT278 will be upgraded from economy to business.", None),
    ("HAT072 (economy to business), HAT278 (economy to business)", None),
    ("Now: HAT072 (business), HAT278 (economy). I'll put both flights in business.", None),
    ("HAT072 in business, HAT278 in business", None),
    ("HAT072 in economy, HAT278 in economy", None),  # another choice for all: not this check's
])
def test_mixed_choice(text: str, expected: str | None) -> None:
    items = ["HAT072", "HAT278", "HAT286", "HAT047"]
    found = mixed_choice(said(text), items, "business", CABINS)
    assert (found.lower() if found else None) == (expected.lower() if expected else None)
    assert mixed_choice(said(text), ["HAT072"], "business", CABINS) is None  # one item


def test_other_choice_of_an_enum() -> None:
    choices = ("no longer needed", "ordered by mistake")
    assert other_choice(said("cancel it, ordered by mistake"), "no longer needed",
                        choices) == "ordered by mistake"
    assert other_choice(said("cancel it"), "no longer needed", choices) is None


@pytest.mark.parametrize(("text", "tool", "found"), [
    ("I will cancel the order", "cancel_pending_order", True),
    ("I will process the return", "return_delivered_order_items", True),
    ("I will process the exchange", "return_delivered_order_items", False),
    ("I will exchange the item", "exchange_delivered_order_items", True),
    ("I will return the item", "exchange_delivered_order_items", False),
    ("Booking the flight now", "book_reservation", True),
])
def test_action_words(text: str, tool: str, found: bool) -> None:
    assert (names_action(normalize(text), default_action_words(tool)) is not None) is found


def test_key_paths_and_schema_choices() -> None:
    args = {"flights": [{"flight_number": "HAT1"}, {"flight_number": "HAT2"}], "cabin": "economy"}
    assert values_at(args, "flights.*.flight_number") == ["HAT1", "HAT2"]
    spec = ActionSpec.build("update_reservation_flights", ("cabin", "payment_id?"), None,
                            schema={"properties": {"cabin": {"enum": ["economy", "business"]}}})
    assert spec.keys[0].choices == ("economy", "business")
    assert spec.keys[1].optional and spec.keys[1].name == "payment_id"


@pytest.mark.parametrize(("text", "sums"), [
    # a sign after a number is its currency only where no number follows it
    ("certificate $250 + mastercard 9363 $621", {250, 621}),
    ("un certificato di 150 $ e basta", {150}),
    ("153,23 $ sur la carte", {Decimal("153.23")}),
])
def test_amounts(text: str, sums: set[Any]) -> None:
    assert amounts(text) == {Decimal(str(s)) for s in sums}
