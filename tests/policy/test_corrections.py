"""A payment method the user asks for in their own words from the yes on ("Yes, but charge the
difference to my Mastercard instead") replaces the one the proposal named: a call still paying
with the proposal's method is refused, one paying as the user asked is allowed. And in a plan
each action pays with the method the proposal gave that action."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import CERT_ID, DEN_BOS, GC1, IVAN, MIA, ONE_WAY, VISA, Case, booking, change, read
from .test_confirm_review3 import verdict as case_verdict
from .test_ledger import session, verdict
from .test_left_out import bags

EXCHANGE = ("assistant: I'll exchange the Water Bottle (item 1000000002) from order #W1000001 "
            "for the blue 750ml one (item 1000000009); the $5 difference goes on your Visa "
            "ending 7334. Shall I proceed?")


@pytest.mark.parametrize(("said", "payment", "allowed"), [
    ("Yes, but charge the difference to my Mastercard instead, please.", "credit_card_1", False),
    ("Yes, but charge the difference to my Mastercard instead, please.", "credit_card_2", True),
    ("Yes, but put it on my PayPal rather than the Visa.", "credit_card_1", False),
    ("Yes, but put it on my PayPal rather than the Visa.", "paypal_4", True),
    # the proposal's method named again, or no method at all: as proposed
    ("Yes, keep it on the Visa, not the Mastercard.", "credit_card_1", True),
    ("Yes please, go ahead.", "credit_card_1", True),
    ("Yes. My PayPal is linked to my old email, by the way.", "credit_card_1", True),
])
async def test_a_method_asked_for_after_the_yes_replaces_the_proposals(
        retail: PolicySet, said: str, payment: str, allowed: bool) -> None:
    ok, details = await verdict(retail, session(EXCHANGE, f"user: {said}"),
                                "exchange_delivered_order_items", order_id="#W1000001",
                                item_ids=["1000000002"], new_item_ids=["1000000009"],
                                payment_method_id=payment)
    assert ok is allowed, details
    if not ok:
        assert details["argument"] == "payment_method_id" and "asked for" in details["reason"]


BAGS = ("assistant: Here's the baggage update for ABC123:\n\n- New total: 2 checked bags\n- 1 "
        "extra bag at $50, charged to your Visa ending 7447\n\nShall I proceed?")
FAMILY = ("assistant: Here are the booking details:\n\n- **Flights:** HAT130 and HAT184, DEN → "
          "BOS, May 17, economy, one way\n- **Passengers:** Mia Li (1990-04-05), Ivan Smith "
          "(1986-03-14)\n- **Total:** $480, charged to your Visa ending 7447\n\nShall I book it?")



@pytest.mark.parametrize("case", [
    Case("bags: a gift card asked for, the Visa charged", "fix", "refuse",
         [read(DEN_BOS), BAGS, "user: Yes, but use my gift card ending 0001 for the fee."],
         "update_reservation_baggages", bags(VISA, nonfree=1)),
    Case("bags: the gift card asked for", "fix", "allow",
         [read(DEN_BOS), BAGS, "user: Yes, but use my gift card ending 0001 for the fee."],
         "update_reservation_baggages", bags(GC1, nonfree=1)),
    Case("booking: 'instead of the Visa' still books on the Visa", "fix", "refuse",
         [FAMILY, "user: Yes, but put it on my gift card 1000001 instead of the Visa."],
         "book_reservation", booking((VISA, 480), passengers=[MIA, IVAN])),
], ids=lambda c: c.name)
async def test_airline_methods_asked_for(airline: PolicySet, case: Case) -> None:
    ok, reason = await case_verdict(airline, case)
    assert ok is (case.expected == "allow"), reason


CANCEL = ("assistant: I'll cancel order #W2000002 (Kettle, Office Chair), reason: no longer "
          "needed; the refund goes to your Visa ending 7334. Shall I proceed?")


@pytest.mark.parametrize(("said", "reason", "allowed"), [
    ("Yes, but the reason should be ordered by mistake.", "no longer needed", False),
    ("Yes, but the reason should be ordered by mistake.", "ordered by mistake", True),
    ("Yes, go ahead.", "no longer needed", True),
])
async def test_a_choice_asked_for_after_the_yes(retail: PolicySet, said: str, reason: str,
                                                allowed: bool) -> None:
    ok, details = await verdict(retail, session(CANCEL, f"user: {said}"), "cancel_pending_order",
                                order_id="#W2000002", reason=reason)
    assert ok is allowed, details


@pytest.mark.parametrize(("said", "total", "allowed"), [
    ("Yes - actually make it 3 bags.", 2, False),
    ("Yes - actually make it 3 bags.", 3, True),
    ("Yes, make it quick please.", 2, True),
    ("Yes, and actually 2 of them are heavy.", 2, True),
])
async def test_a_count_asked_for_after_the_yes(airline: PolicySet, said: str, total: int,
                                               allowed: bool) -> None:
    case = Case("count", "fix", "allow" if allowed else "refuse",
                [read(DEN_BOS), BAGS, f"user: {said}"], "update_reservation_baggages",
                {**bags(VISA, nonfree=1), "total_baggages": total})
    ok, reason = await case_verdict(airline, case)
    assert ok is allowed, reason


PLAN = ("assistant: To confirm, for order #W1000001:\n\n- **Return:** Bluetooth Speaker (item "
        "1000000001) - refund of $89.00 to your Visa ending 7334.\n- **Exchange:** Desk Lamp "
        "(item 1000000003) for the black one (item 1000000012); the $7.00 difference charged to "
        "your PayPal.\n\nShall I go ahead with both?")


@pytest.mark.parametrize(("tool", "args", "allowed"), [
    ("return_delivered_order_items", {"item_ids": ["1000000001"],
                                      "payment_method_id": "paypal_4"}, False),
    ("return_delivered_order_items", {"item_ids": ["1000000001"],
                                      "payment_method_id": "credit_card_1"}, True),
    ("exchange_delivered_order_items", {"item_ids": ["1000000003"],
                                        "new_item_ids": ["1000000012"],
                                        "payment_method_id": "paypal_4"}, True),
    ("exchange_delivered_order_items", {"item_ids": ["1000000003"],
                                        "new_item_ids": ["1000000012"],
                                        "payment_method_id": "credit_card_1"}, False),
])
async def test_a_plans_payments_stay_with_their_actions(retail: PolicySet, tool: str,
                                                        args: dict[str, Any],
                                                        allowed: bool) -> None:
    """One yes to a plan whose actions pay differently: each action with its own method."""
    ok, details = await verdict(retail, session(PLAN, "user: Yes, both please."), tool,
                                order_id="#W1000001", **args)
    assert ok is allowed, details


UPGRADE = ("assistant: To confirm:\n\n- **Reservation:** ABC123\n- **Flights:** HAT130 and "
           "HAT184, May 17\n- **Cabin:** Economy → **Business**\n- **Price difference:** $244, "
           "paid with certificate_7000001 ($250; the remaining $6 is not refundable)\n\nWould "
           "you like me to proceed with the upgrade?")


@pytest.mark.parametrize(("payment", "allowed"), [(CERT_ID, True), (VISA, False)])
async def test_paid_with_in_a_summary_is_the_plan(airline: PolicySet, payment: str,
                                                  allowed: bool) -> None:
    """"Paid with certificate_7000001" in the summary the user said yes to is how this upgrade
    pays (not a report of the past, and "Reservation: ABC123" names no booking): the Visa,
    offered two turns before, is not covered."""
    case = Case("paid with", "fix", "allow" if allowed else "refuse", [
        read(DEN_BOS), "assistant: You can pay the $244 with your Visa ending 7447 or your "
        "travel certificate ($250). Which would you like?", "user: the certificate", UPGRADE,
        "user: Yes."], "update_reservation_flights",
        change("ABC123", "business", ONE_WAY, payment))
    ok, reason = await case_verdict(airline, case)
    assert ok is allowed, reason


REASONS = ("assistant: Order #W2000002 is pending. To cancel it, could you tell me the reason: "
           "\"no longer needed\" or \"ordered by mistake\"?")


@pytest.mark.parametrize(("reason", "allowed"), [("no longer needed", True),
                                                 ("ordered by mistake", False)])
async def test_the_summary_settles_a_choice_offered_before(retail: PolicySet, reason: str,
                                                           allowed: bool) -> None:
    """Both reasons were offered; the summary the user said yes to named one."""
    state = session(REASONS, "user: no longer needed, found one cheaper locally", CANCEL,
                    "user: Yes.")
    ok, details = await verdict(retail, state, "cancel_pending_order", order_id="#W2000002",
                                reason=reason)
    assert ok is allowed, details


BOTTLE = {"name": "Water Bottle", "product_id": "6817146515", "variants": {
    "1000000009": {"item_id": "1000000009", "options": {"color": "blue", "capacity": "750ml"},
                   "available": True, "price": 29.0},
    "1000000011": {"item_id": "1000000011", "options": {"color": "blue", "capacity": "1000ml"},
                   "available": True, "price": 36.0}}}
ORDER = {"order_id": "#W1000001", "user_id": "ava_1", "status": "delivered",
         "items": [{"item_id": "1000000002", "name": "Water Bottle", "product_id": "6817146515"}],
         "payment_history": [{"payment_method_id": "credit_card_1"}]}


@pytest.mark.parametrize(("proposal", "new", "allowed"), [
    # the variant the summary named, or another the agent put in on its own
    ("I'll exchange the Water Bottle (item 1000000002) from order #W1000001 for the blue 750ml "
     "one (item 1000000009); the $5 difference goes on your Visa ending 7334. Shall I proceed?",
     "1000000011", False),
    ("I'll exchange the Water Bottle (item 1000000002) from order #W1000001 for the blue 750ml "
     "one (item 1000000009); the $5 difference goes on your Visa ending 7334. Shall I proceed?",
     "1000000009", True),
    # a product's id named, the variant said in words: nothing to compare
    ("I'll exchange the Water Bottle (item 1000000002, product 6817146515) from order #W1000001 "
     "for the blue 1000ml one; the $12 difference goes on your Visa ending 7334. Shall I "
     "proceed?", "1000000011", True),
])
async def test_an_item_the_summary_named_is_the_one_covered(
        retail: PolicySet, proposal: str, new: str, allowed: bool) -> None:
    case = Case("variant", "fix", "allow" if allowed else "refuse", [
        ("read", "get_order_details", {"order_id": "#W1000001"}, ORDER),
        ("read", "get_product_details", {"product_id": "6817146515"}, BOTTLE),
        f"assistant: {proposal}", "user: Yes please."], "exchange_delivered_order_items",
        {"order_id": "#W1000001", "item_ids": ["1000000002"], "new_item_ids": [new],
         "payment_method_id": "credit_card_1"}, domain="retail")
    ok, reason = await case_verdict(retail, case)
    assert ok is allowed, reason
