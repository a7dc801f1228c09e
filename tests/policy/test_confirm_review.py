"""Transcripts written against the payment, description, balance and address readings of the
confirmation check (an independent review): each asserts what a careful reader labels it
(a method ruled out is not offered; a choice by balance yields to the user's explicit pick; the
default address is the profile's newest, named by the agent; a description must be in the turn
the user answered)."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from . import test_described as air
from .test_ledger import RETURN, USER, session, verdict

EXCHANGE = {"order_id": "#W1000001", "item_ids": ["1000000002"], "new_item_ids": ["1000000009"]}


# ---- other_kind: the agent mentions a kind it is NOT using ----------------------------------

@pytest.mark.parametrize("lines", [
    # the user asks for a gift card, the agent says no: the original method only; yes
    ("assistant: I will return the Bluetooth Speaker from order #W1000001; the refund goes to "
     "the original payment method. Shall I proceed?",
     "user: Could the refund go to my gift card instead?",
     "assistant: I'm sorry, refunds for returns go back to the original payment method, not to "
     "a gift card. Shall I go ahead with the return?", "user: OK, yes, go ahead."),
    # a gift card offered as the alternative; the user keeps the default
    ("assistant: To confirm: return the Bluetooth Speaker from order #W1000001. The refund goes "
     "to the original payment method, unless you would rather have it on a gift card. Shall I "
     "proceed?", "user: Yes, the original method is fine. Go ahead."),
    # the same with a sibling card ruled out
    ("assistant: I will return the Bluetooth Speaker from order #W1000001 with a refund to your "
     "Visa ending 7334. Shall I proceed?",
     "user: Can you put the refund on my Mastercard instead?",
     "assistant: Sorry, a refund can only go back to the original payment method, not to your "
     "Mastercard. Shall I go ahead with the return as described?", "user: Yes."),
])
async def test_a_method_ruled_out_is_not_offered(retail: PolicySet, lines: tuple[str, ...]
                                                 ) -> None:
    ok, details = await verdict(retail, session(*lines), "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert ok, details


async def test_plan_with_two_methods(retail: PolicySet) -> None:
    """A plan: the return's refund to the original method, the exchange paid by gift card."""
    state = session("assistant: Here is the plan: 1. return the Bluetooth Speaker from order "
                    "#W1000001, refund to the original payment method; 2. exchange the Water "
                    "Bottle for the blue one and pay the difference with your gift card. "
                    "Shall I proceed with both?",
                    "user: Yes, go ahead with both.")
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert ok, details
    ok, details = await verdict(retail, state, "exchange_delivered_order_items",
                                payment_method_id="gift_card_3", **EXCHANGE)
    assert ok, details


# ---- superseding: a later yes to an extra (certificate) breaks off the older covering yes -------

FLIGHTS = [{"flight_number": "HAT130", "date": "2024-05-17"},
           {"flight_number": "HAT184", "date": "2024-05-17"}]


UPGRADE = ("assistant: I'll upgrade reservation ABC123 to business class; the $300 difference "
           "goes on your Visa ending 7447. Shall I proceed?")


@pytest.mark.parametrize("lines", [
    # a certificate offered as a gift after the yes is no payment
    ("user: Yes, please.",
     "assistant: One more thing: since your earlier flight was delayed, after I upgrade "
     "reservation ABC123 to business I can also send you a $100 travel certificate. Would you "
     "like that?", "user: Yes, please."),
    # a certificate ruled out in the answered turn
    ("user: Can I use a travel certificate for that?",
     "assistant: Unfortunately a certificate can't be used for a cabin change. Shall I go ahead "
     "with the upgrade as described?", "user: OK, yes."),
])
async def test_a_certificate_not_offered_as_payment(airline: PolicySet, lines: tuple[str, ...]
                                                    ) -> None:
    state = air.session([air.read(air.DEN_BOS)], UPGRADE, *lines)
    assert await air.confirmed(airline, state, "update_reservation_flights",
                               reservation_id="ABC123", cabin="business", flights=FLIGHTS,
                               payment_id="credit_card_4421486")


# ---- picked_by_balance --------------------------------------------------------------------

BAGS = air.BAGS
BAG_ARGS = {"reservation_id": "ABC123", "total_baggages": 1, "nonfree_baggages": 1}


@pytest.mark.parametrize("lines", [
    # the smallest-balance card cannot pay; the user then names another gift card by its id
    ("user: Yes, use the gift card with the smallest balance.",
     "assistant: That gift card (gift_card_1000002) only has $6, which does not cover the $50 "
     "fee. Which payment method would you like to use instead?",
     "user: Then use gift_card_1000003, the one with $113."),
    # "the smallest balance that can still cover it": $6 cannot cover $50
    ("user: Yes. Use the gift card with the smallest balance that can still cover the $50.",),
    # a negated balance phrase chooses nothing; the id named does
    ("user: Yes, but not the gift card with the smallest balance, that one is nearly empty. "
     "Use gift_card_1000003.",),
])
async def test_a_choice_by_balance_yields_to_the_users_own_pick(
        airline: PolicySet, lines: tuple[str, ...]) -> None:
    state = air.session([air.read(air.DEN_BOS)], BAGS, *lines)
    assert await air.confirmed(airline, state, "update_reservation_baggages",
                               payment_id="gift_card_1000003", **BAG_ARGS)


async def test_nan_balance_does_not_crash(airline: PolicySet) -> None:
    user = {**air.USER, "payment_methods": {
        **air.USER["payment_methods"],
        "gift_card_1000009": {"source": "gift_card", "amount": float("nan"),
                              "id": "gift_card_1000009"}}}
    state = air.session([("get_user_details", {"user_id": "mia_li_3668"}, user),
                         air.read(air.DEN_BOS)], BAGS,
                        "user: Yes, use the gift card with the smallest balance.")
    # (a balance that is not a number is left out, not a crash that fails every write)
    assert await air.confirmed(airline, state, "update_reservation_baggages",
                               payment_id="gift_card_1000002", **BAG_ARGS)


# ---- home_named ---------------------------------------------------------------------------

NEW_HOME = {"address1": "12 Maple Drive", "address2": "", "city": "Austin", "country": "USA",
            "state": "TX", "zip": "78705"}
OLD_HOME = {"order_id": "#W2000002", "address1": "159 Hickory Lane", "address2": "",
            "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}


async def test_default_address_after_it_changed(retail: PolicySet) -> None:
    """The profile was just moved to Maple Drive; 'your new default address' is not Hickory Lane."""
    state = session("assistant: I'll change your default address to 12 Maple Drive, Austin, TX "
                    "78705. Shall I proceed?", "user: Yes.",
                    ("modify_user_address", {"user_id": "ava_1", **NEW_HOME},
                     {**USER, "address": NEW_HOME}),
                    "assistant: Done. I'll also update the shipping address of your pending "
                    "order #W2000002 to your new default address. Shall I proceed?",
                    "user: Yes please.")
    ok, _ = await verdict(retail, state, "modify_pending_order_address", **OLD_HOME)
    assert not ok, "the stale profile address is allowed"
    ok, details = await verdict(retail, state, "modify_pending_order_address",
                                **{**OLD_HOME, **NEW_HOME, "order_id": "#W2000002"})
    assert ok, details


@pytest.mark.parametrize("lines", [
    # the user refuses the default address; the agent proposes the office
    ("user: Please don't ship order #W2000002 to my home address; send it to my office, 301 "
     "Hickory Lane, Austin, TX 78701.",),
    # moved on the same street (the zip the same): the profile's is the old house
    ("user: I moved to a new house on the same street, 301 Hickory Lane. Please send order "
     "#W2000002 to the new home, and update my default address too.",),
])
async def test_the_users_words_about_home_do_not_name_the_profiles_address(
        retail: PolicySet, lines: tuple[str, ...]) -> None:
    state = session(*lines, "assistant: I'll update the shipping address of order #W2000002 to "
                    "301 Hickory Lane, Austin, TX 78701. Shall I proceed?", "user: Yes.")
    ok, _ = await verdict(retail, state, "modify_pending_order_address", **OLD_HOME)
    assert not ok, "the old (profile) address is allowed"
    ok, details = await verdict(retail, state, "modify_pending_order_address",
                                **{**OLD_HOME, "address1": "301 Hickory Lane"})
    assert ok, details


# ---- description_named --------------------------------------------------------------------

async def test_user_redirects_to_the_other_reservation(airline: PolicySet) -> None:
    """The agent first showed DEN-BOS; the user meant Las Vegas; the agent cancels DEN-BOS."""
    state = air.session([air.read(air.DEN_BOS), air.read(air.JFK_LAS)],
                        "assistant: I found your reservation from DEN to BOS on May 17, flights "
                        "HAT130 and HAT184. Is this the one you'd like to cancel?",
                        "user: Hmm, I meant my trip to Las Vegas.",
                        "assistant: I see, your Las Vegas trip. It has travel insurance, so the "
                        "refund would be full. Shall I cancel it?",
                        "user: Yes.")
    assert not await air.confirmed(airline, state, "cancel_reservation", reservation_id="ABC123")


async def test_no_gift_card_on_file(retail: PolicySet) -> None:
    """A gift card ruled out, for a user who has none at all."""
    user = {**USER, "payment_methods": {k: v for k, v in USER["payment_methods"].items()
                                        if k != "gift_card_3"}}
    state = session("assistant: I will return the Bluetooth Speaker from order #W1000001; the "
                    "refund goes to the original payment method. Shall I proceed?",
                    "user: Could the refund go to a gift card instead?",
                    "assistant: I'm sorry, refunds for returns go back to the original payment "
                    "method, not to a gift card. Shall I go ahead with the return?",
                    "user: OK, yes, go ahead.", user=user)
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert ok, details
