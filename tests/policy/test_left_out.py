"""What the user's yes leaves out: "yes, but not the lamp", "everything except the speaker",
"just the bottle", "not to my Visa". A call holding what the yes left out is refused; one that
honours it is allowed; words that only look like a limit ("not just the lamp", "no exceptions",
"not a problem") limit nothing."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.binding import limits

from .test_confirm_review3 import DEN_BOS, GC1, GC3, IVAN, MIA, VISA, Case, booking, read
from .test_confirm_review3 import verdict as airline_verdict
from .test_ledger import RETURN, session, verdict

PROPOSAL = ("assistant: I'll return the Bluetooth Speaker (item 1000000001), the Water Bottle "
            "(1000000002) and the Desk Lamp (1000000003) from order #W1000001, refund to your "
            "Visa ending 7334. Shall I proceed?")
ALL = ["1000000001", "1000000002", "1000000003"]
NO_LAMP = ["1000000001", "1000000002"]
LAMP = "1000000003"
SPEAKER = "1000000001"

RETURNS = [
    # (the user's turn, the call's items, allowed?)
    ("Yes, but not the lamp.", ALL, False),
    ("Yes, but not the lamp.", NO_LAMP, True),
    ("Yes please go ahead but not the lamp", ALL, False),
    ("Yes, everything except the desk lamp.", ALL, False),
    ("Yes, everything except the desk lamp.", NO_LAMP, True),
    ("Yes, go ahead. Actually keep the lamp, I'll use it.", ALL, False),
    ("Yes, just the speaker and the bottle.", ALL, False),
    ("Yes, just the speaker and the bottle.", NO_LAMP, True),
    ("Yes, without the lamp please.", ALL, False),
    ("Yes go ahead, leave out the lamp.", ALL, False),
    ("Yes, all but the lamp.", ALL, False),
    ("Yes, not the lamp though.", ALL, False),
    ("Yes, except the speaker.", NO_LAMP, False),
    ("Yes, go ahead, but leave the lamp out, I'll keep using it.", ALL, False),
    ("Yes, but skip the lamp.", ALL, False),
    ("Yes, the speaker and the bottle only.", ALL, False),
    ("Yes, the speaker and the bottle only.", NO_LAMP, True),
    ("Yes, but the lamp stays with me.", ALL, False),
    ("Yes, process the speaker and the bottle; the lamp I'm keeping.", ALL, False),
    ("Sí, pero sin la Desk Lamp.", ALL, False),
    # no limit
    ("Yes, just go ahead.", ALL, True),
    ("Yes, the lamp just broke, return all of them.", ALL, True),
    ("Yes, return all three, not just the lamp.", ALL, True),
    ("Yes, return them all, including the lamp.", ALL, True),
    ("Yes, go ahead with all of them, no exceptions.", ALL, True),
    ("Yes, but don't forget the lamp.", ALL, True),
    ("Yes, the lamp is not working anyway, go ahead.", ALL, True),
    ("Yes, not a problem, go ahead.", ALL, True),
    ("Yes please, keep me posted.", ALL, True),
    ("I was going to keep the lamp but it broke too, so yes, return it as well.", ALL, True),
    ("Yes, I don't want to keep any of them, the lamp included.", ALL, True),
]


@pytest.mark.parametrize(("said", "items", "allowed"), RETURNS)
async def test_a_return_holds_only_what_the_yes_covered(
        retail: PolicySet, said: str, items: list[str], allowed: bool) -> None:
    ok, details = await verdict(retail, session(PROPOSAL, f"user: {said}"),
                                "return_delivered_order_items", item_ids=items, **RETURN)
    assert ok is allowed, details
    if not ok:
        assert details["argument"] == "item_ids" and "but not to item_ids" in details["reason"]


async def test_a_limit_said_after_the_yes_counts_too(retail: PolicySet) -> None:
    state = session(PROPOSAL, "user: Yes, go ahead.", "assistant: One moment please.",
                    "user: Oh, and leave out the lamp, I'll keep it.")
    ok, details = await verdict(retail, state, "return_delivered_order_items", item_ids=ALL,
                                **RETURN)
    assert not ok and f"'{LAMP}'" in details["reason"]
    ok, _ = await verdict(retail, state, "return_delivered_order_items", item_ids=NO_LAMP,
                          **RETURN)
    assert ok


async def test_a_payment_method_the_yes_ruled_out_is_refused(retail: PolicySet) -> None:
    state = session(PROPOSAL, "user: Yes, but not to my Visa, use PayPal.")
    ok, details = await verdict(retail, state, "return_delivered_order_items", item_ids=ALL,
                                **RETURN)
    assert not ok and details["argument"] == "payment_method_id"
    ok, _ = await verdict(retail, state, "return_delivered_order_items", item_ids=ALL,
                          order_id="#W1000001", payment_method_id="paypal_4")
    assert ok


async def test_keeping_an_item_limits_what_takes_items_away_not_a_change(
        retail: PolicySet) -> None:
    """"Keep the kettle, swap the chair": a modify call that lists the kettle as it stays is
    what was agreed (a labelled tau2 run); a cancellation of the kettle is not."""
    proposal = ("assistant: I'll change the Office Chair (2000000002) in order #W2000002 to the "
                "black one (2000000009) and leave the Kettle (2000000001) as it is, the "
                "difference to your Visa ending 7334. Shall I proceed?")
    state = session(proposal, "user: Yes, keep the kettle and change the chair.")
    ok, details = await verdict(retail, state, "modify_pending_order_items",
                                order_id="#W2000002", item_ids=["2000000001", "2000000002"],
                                new_item_ids=["2000000001", "2000000009"],
                                payment_method_id="credit_card_1")
    assert ok, details


CANCEL = ("assistant: To confirm: cancel the whole order #W2000002 (Kettle 2000000001 and "
          "Office Chair 2000000002), reason: no longer needed. The refund goes to your Visa "
          "ending 7334. Shall I proceed?")
CHANGE = ("assistant: To confirm, for pending order #W2000002 I'll swap the Kettle (2000000001) "
          "for the 1.7L steel Kettle (2000000009) and the Office Chair (2000000002) for the "
          "black mesh Office Chair (2000000008); the $12 difference goes to your Visa ending "
          "7334. Shall I proceed?")


@pytest.mark.parametrize(("said", "allowed"), [
    ("Yes, but keep the office chair.", False),
    ("Yes, cancel everything except the kettle.", False),
    ("Yes, cancel it. I don't need to keep the chair either.", True),
])
async def test_a_call_on_a_whole_order_holds_the_items_the_facts_show_in_it(
        retail: PolicySet, said: str, allowed: bool) -> None:
    """Cancelling an order cancels its items, though the call names none of them."""
    ok, details = await verdict(retail, session(CANCEL, f"user: {said}"), "cancel_pending_order",
                                order_id="#W2000002", reason="no longer needed")
    assert ok is allowed, details
    if not ok:
        assert "of order_id '#W2000002'" in details["reason"]


@pytest.mark.parametrize(("items", "new", "allowed"), [
    (["2000000001", "2000000002"], ["2000000009", "2000000008"], False),
    (["2000000002"], ["2000000008"], True),
])
async def test_an_item_kept_as_it_is_is_not_changed(
        retail: PolicySet, items: list[str], new: list[str], allowed: bool) -> None:
    state = session(CHANGE, "user: Yes, but keep the kettle as it is, only swap the chair.")
    ok, details = await verdict(retail, state, "modify_pending_order_items",
                                order_id="#W2000002", item_ids=items, new_item_ids=new,
                                payment_method_id="credit_card_1")
    assert ok is allowed, details


BAGS = ("assistant: For reservation ABC123 I'll add 2 checked bags (total 2, both paid), $100 "
        "charged to your gift card 1000001. Shall I proceed?")
SPLIT = ("assistant: Here is the booking: Mia Li on HAT130 (DEN to MIA) and HAT184 (MIA to BOS) "
         "on May 17, economy, no insurance, no checked bags. Total $240: $113 from gift card "
         "1000003 and $127 on your Visa ending 7447. Shall I book it?")


def bags(payment: str, nonfree: int = 2) -> dict[str, Any]:
    """ABC123's baggage update to two bags, ``nonfree`` of them paid with ``payment``."""
    return {"reservation_id": "ABC123", "total_baggages": 2, "nonfree_baggages": nonfree,
            "payment_id": payment}


AIRLINE = [
    Case("a gift card ruled out where the user holds three", "left", "refuse",
         [read(DEN_BOS), BAGS, "user: Yes, but not the gift card, use my Visa."],
         "update_reservation_baggages", bags(GC1)),
    Case("the Visa the user asked for instead", "left", "allow",
         [read(DEN_BOS), BAGS, "user: Yes, but not the gift card, use my Visa."],
         "update_reservation_baggages", bags(VISA)),
    Case("the gift card left out of a split: 'card' does not name the Visa", "left", "allow",
         [SPLIT, "user: Yes, but leave out the gift card, put the full $240 on the Visa."],
         "book_reservation", booking((VISA, 240))),
    Case("the gift card left out of a split, kept in the call", "left", "refuse",
         [SPLIT, "user: Yes, but leave out the gift card, put the full $240 on the Visa."],
         "book_reservation", booking((GC3, 113), (VISA, 127))),
    Case("a flight of the reservation cancelled whole", "left", "refuse",
         [read(DEN_BOS), "assistant: To confirm: cancel reservation ABC123 (HAT130 DEN to MIA "
          "and HAT184 MIA to BOS on May 17, passenger Mia Li); the $240 refund goes to your "
          "Visa ending 7447. Proceed?", "user: Yes, but not the HAT184 leg, I still need it."],
         "cancel_reservation", {"reservation_id": "ABC123"}),
    Case("passenger left out by name", "left", "refuse",
         [read(DEN_BOS), "assistant: I'll book DEN to BOS, HAT130 and HAT184 on 2024-05-17, economy, for Mia "
          "Li and Ivan Smith, $480 on your Visa ending 7447. Shall I proceed?",
          "user: Yes, but not Ivan."],
         "book_reservation", booking(("credit_card_4421486", 480), passengers=[MIA, IVAN])),
    Case("the same booking for Mia alone", "left", "allow",
         [read(DEN_BOS), "assistant: I'll book DEN to BOS, HAT130 and HAT184 on 2024-05-17, economy, for Mia "
          "Li and Ivan Smith, $480 on your Visa ending 7447. Shall I proceed?",
          "user: Yes, but not Ivan. Just me, $240 on the Visa."],
         "book_reservation", booking(("credit_card_4421486", 240), passengers=[MIA])),
    Case("a flight left out by number (flights share a date: the date names neither)", "left",
         "refuse",
         [read(DEN_BOS), "assistant: I'll book DEN to BOS, HAT130 and HAT184 on 2024-05-17, economy, for Mia "
          "Li, $240 on your Visa ending 7447. Shall I proceed?",
          "user: Yes, everything except HAT184."],
         "book_reservation", booking(("credit_card_4421486", 240))),
]


@pytest.mark.parametrize("case", AIRLINE, ids=lambda c: c.name)
async def test_airline_passengers_and_flights_left_out(airline: PolicySet, case: Case) -> None:
    ok, reason = await airline_verdict(airline, case)
    assert ok is (case.expected == "allow"), reason


@pytest.mark.parametrize(("text", "left_out", "kept", "only"), [
    ("yes, but not the lamp and the kettle.", ("the lamp and the kettle",), (), ()),
    ("yes, not the lamp and return the speaker", ("the lamp",), (), ()),
    ("yes, all but the lamp, thanks", ("the lamp",), (), ()),
    ("yes. keep the lamp. i don't want to keep the mug", (), ("the lamp",), ()),
    ("yes, only return the speaker please", (), (), ("the speaker",)),
    ("yes, but not ivan.", ("ivan",), (), ()),
    ("yes, not just the lamp", (), (), ()),
    ("yes, not sure about the lamp but go ahead", (), (), ()),
    ("yes, go ahead", (), (), ()),
])
def test_limits_read_the_phrase_to_its_clauses_end(text: str, left_out: tuple[str, ...],
                                                   kept: tuple[str, ...],
                                                   only: tuple[str, ...]) -> None:
    said = limits(text)
    assert (said.left_out, said.kept, said.only) == (left_out, kept, only)


@pytest.mark.parametrize(("turns", "items", "allowed"), [
    # a later turn that takes part of the yes back narrows it: the call honouring it goes on
    (["user: Yes, go ahead.", "assistant: Processing.",
      "user: Oh wait, not the lamp, I'll keep that one. The other two are fine."], NO_LAMP, True),
    (["user: Yes, go ahead.", "assistant: Processing.",
      "user: Oh wait, not the lamp, I'll keep that one. The other two are fine."], ALL, False),
    (["user: Yes.", "assistant: Any other questions before I submit?",
      "user: Please don't return the lamp after all, I've decided to keep it."], NO_LAMP, True),
    (["user: Yes please. I'd rather hang on to the desk lamp though."], NO_LAMP, True),
    (["user: Yes, but hold off on the lamp for now."], NO_LAMP, True),
    (["user: Yes, but hold off on the lamp for now."], ALL, False),
    # ... but a turn naming nothing of the proposal, or holding besides, takes it back whole
    (["user: Yes, go ahead.", "assistant: Processing.",
      "user: No wait, not the order, I changed my mind."], NO_LAMP, False),
    (["user: Yes, go ahead.", "assistant: Processing.",
      "user: Wait, not the lamp. Actually, let me think about it."], NO_LAMP, False),
    (["user: Yes, go ahead.", "assistant: Processing.",
      "user: Wait, not the kettle, I'll keep it."], NO_LAMP, False),  # (not in the proposal)
])
async def test_a_turn_taking_part_of_the_yes_back_narrows_it(
        retail: PolicySet, turns: list[str], items: list[str], allowed: bool) -> None:
    ok, details = await verdict(retail, session(PROPOSAL, *turns),
                                "return_delivered_order_items", item_ids=items, **RETURN)
    assert ok is allowed, details
