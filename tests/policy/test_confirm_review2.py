"""Transcripts from a second independent review of the confirmation check: closings and
reasons after a yes, a method picked in the rest of the yes turn, a whole order after "one item
can't be cancelled", action words in other languages, a plan carried out step by step with a
status turn between, a question answered between the proposal and the yes, cabins listed per
flight, declined insurance, and the profile's address where another was proposed. Each asserts
what a careful reader labels it (docs/policy.md lists the cases still read wrong)."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from . import test_described as air
from .test_ledger import RETURN, session, verdict

EXCHANGE = {"order_id": "#W1000001", "item_ids": ["1000000002"], "new_item_ids": ["1000000009"]}
CANCEL = {"order_id": "#W2000002", "reason": "no longer needed"}
BAGS = {"reservation_id": "ABC123", "total_baggages": 1, "nonfree_baggages": 1,
        "payment_id": "credit_card_4421486"}


# ---- dialogue: a reason or a closing remark after the yes ----------------------------------

@pytest.mark.parametrize("words", [
    "Yes, please cancel it. I don't want it anymore.",
    "Yes, go ahead and cancel the order. I don't want the kettle or the chair anymore.",
    "Yes, please proceed. No, nothing else.",
    "Yes, go ahead. No thanks, that's all I need.",
    "Yes, please proceed with the cancellation. No, I don't have any other questions.",
    "I'd like to proceed with the cancellation.",
    "I want to go ahead with cancelling order #W2000002.",
    "Sí, adelante. No necesito nada más, gracias.",
])
async def test_cancel_yes_with_reason_or_closing(retail: PolicySet, words: str) -> None:
    state = session("assistant: I can cancel your pending order #W2000002 (Kettle, Office "
                    "Chair) for the reason 'no longer needed'; the refund goes to your Visa "
                    "ending 7334. Would you like me to proceed? Is there anything else you "
                    "need?", f"user: {words}")
    ok, details = await verdict(retail, state, "cancel_pending_order", **CANCEL)
    assert ok, details


async def test_yes_then_no_thanks_to_insurance(airline: PolicySet) -> None:
    state = air.session([air.read(air.DEN_BOS)],
                        "assistant: I'll add one checked bag to reservation ABC123 for $50, "
                        "charged to your Visa ending 7447. Would you also like to add travel "
                        "insurance? Shall I proceed with the bag?",
                        "user: Yes, please add the bag. No thanks to the insurance.")
    ok, details = await verdict(airline, state, "update_reservation_baggages", **BAGS)
    assert ok, details


# ---- an exchange's payment asked for in the yes turn; an exchange in German ----------------

@pytest.mark.parametrize(("proposal", "yes", "method"), [
    # another card asked for in the rest of the yes turn
    ("I'll exchange the Water Bottle from order #W1000001 for the blue one (item 1000000009); "
     "the $5 difference goes on your Visa ending 7334. Shall I proceed?",
     "Yes, go ahead. Please don't charge my Visa though, put it on my PayPal.", "paypal_4"),
    ("I'll exchange the Water Bottle from order #W1000001 for the blue one (item 1000000009); "
     "the $5 difference will be charged to your gift card. Shall I proceed?",
     "Yes, go ahead with the exchange. Please charge the difference to my PayPal instead.",
     "paypal_4"),
    ("I'll exchange the Water Bottle from order #W1000001 for the blue one (item 1000000009); "
     "the $5 difference will be charged to your gift card. Shall I proceed?",
     "Yes, please proceed. Use my PayPal account for the difference, not the gift card.",
     "paypal_4"),
    # the German "Umtausch" is an exchange
    ("Ich führe den Umtausch der Water Bottle aus Bestellung #W1000001 gegen die blaue Variante "
     "(Artikel 1000000009) durch; die Differenz geht auf Ihre Visa mit Endung 7334. Soll ich "
     "fortfahren?", "Ja, bitte.", "credit_card_1"),
])
async def test_an_exchange_covered(retail: PolicySet, proposal: str, yes: str, method: str
                                   ) -> None:
    state = session(f"assistant: {proposal}", f"user: {yes}")
    ok, details = await verdict(retail, state, "exchange_delivered_order_items",
                                payment_method_id=method, **EXCHANGE)
    assert ok, details


# ---- whole-order cancellation after the agent says one item cannot be cancelled ------------

@pytest.mark.parametrize("proposal", [
    "I'm sorry, I can't cancel just the Kettle - only the entire order #W2000002 can be "
    "cancelled, which includes the Kettle and the Office Chair. Would you like me to cancel "
    "the entire order, reason 'no longer needed'?",
    "Individual items can't be cancelled; I can't cancel only the Kettle. I can cancel the "
    "whole order #W2000002 (Kettle and Office Chair) for the reason 'no longer needed'. "
    "Shall I proceed?",
])
async def test_whole_order_after_one_item_refused(retail: PolicySet, proposal: str) -> None:
    state = session(f"assistant: {proposal}", "user: Yes, cancel the whole order.")
    ok, details = await verdict(retail, state, "cancel_pending_order", **CANCEL)
    assert ok, details


# ---- other languages: action words ---------------------------------------------------------

BOOK = {"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type":
        "one_way", "cabin": "economy",
        "flights": [{"flight_number": "HAT083", "date": "2024-05-20"}],
        "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
        "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 150}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


@pytest.mark.parametrize(("tool", "proposal", "yes"), [
    ("update_reservation_baggages", "J'ajoute un bagage enregistré à la réservation ABC123 (1 "
     "bagage, 50 $), payé avec votre Visa se terminant par 7447. Voulez-vous que je continue ?",
     "Oui, allez-y."),
    ("update_reservation_baggages", "Voy a agregar una maleta facturada a la reserva ABC123 (1 "
     "maleta, 50 $), pagada con su Visa terminada en 7447. ¿Desea que continúe?", "Sí, adelante."),
    ("update_reservation_baggages", "Ich füge der Reservierung ABC123 ein aufgegebenes "
     "Gepäckstück hinzu (1 Gepäckstück, 50 $), bezahlt mit Ihrer Visa mit Endung 7447. Soll ich "
     "fortfahren?", "Ja, bitte."),
    ("update_reservation_baggages", "Vou adicionar uma mala despachada à reserva ABC123 (1 mala, "
     "50 $), paga com o seu Visa final 7447. Posso prosseguir?", "Sim, pode prosseguir."),
    ("book_reservation", "Je vais réserver le vol HAT083 de JFK à SEA le 20 mai, en classe "
     "economy, pour Mia Li, 150 $ payés avec votre Visa se terminant par 7447. Voulez-vous que "
     "je procède ?", "Oui, allez-y."),
    ("book_reservation", "I'll book flight HAT083 from JFK to SEA on May 20 in economy for Mia "
     "Li, $150 on your Visa ending 7447, no bags, no insurance. Shall I proceed?",
     "Yes, please book it."),
])
async def test_action_words_in_other_languages(airline: PolicySet, tool: str, proposal: str,
                                               yes: str) -> None:
    state = air.session([air.read(air.DEN_BOS)], f"assistant: {proposal}", f"user: {yes}")
    ok, details = await verdict(airline, state, tool,
                                **(BOOK if tool == "book_reservation" else BAGS))
    assert ok, details


# ---- superseding: a status turn in the middle of a confirmed plan ---------------------------

PLAN2 = ("assistant: Here is the plan for order #W1000001:\n"
         "1. **Return** the Bluetooth Speaker - refund to your Visa ending 7334.\n"
         "2. **Exchange** the Water Bottle for the blue one (item 1000000009) - the $5 "
         "difference charged to your PayPal.\n\nShall I proceed with both?")
DONE = ("return_delivered_order_items", {"item_ids": ["1000000001"], **RETURN},
        {"order_id": "#W1000001", "status": "return requested"})


@pytest.mark.parametrize("status", [
    "assistant: The return of the Bluetooth Speaker is done; the refund will go to your Visa "
    "ending 7334. Shall I go ahead with the Water Bottle exchange now?",
    "assistant: Done! Your Bluetooth Speaker return is submitted (refund to the Visa ending "
    "7334). Next, the exchange of the Water Bottle for the blue one. Ready for me to proceed?",
])
async def test_plan_status_turn_then_yes(retail: PolicySet, status: str) -> None:
    state = session(PLAN2, "user: Yes, go ahead with both.", DONE, status, "user: Yes, please.")
    ok, details = await verdict(retail, state, "exchange_delivered_order_items",
                                payment_method_id="paypal_4", **EXCHANGE)
    assert ok, details


async def test_plan_status_turn_then_yes_giftcard_refund(retail: PolicySet) -> None:
    plan = ("assistant: To confirm, for order #W1000001: (1) return the Bluetooth Speaker with "
            "the refund to your gift card; (2) exchange the Water Bottle for the blue one "
            "(item 1000000009), paying the $5 difference with PayPal. Shall I proceed?")
    done = ("return_delivered_order_items", {"order_id": "#W1000001",
                                             "item_ids": ["1000000001"],
                                             "payment_method_id": "gift_card_3"},
            {"order_id": "#W1000001", "status": "return requested"})
    state = session(plan, "user: Yes.", done,
                    "assistant: Your return is done and $50 will be refunded to your gift card. "
                    "Should I go ahead with the Water Bottle exchange?", "user: Yes please.")
    ok, details = await verdict(retail, state, "exchange_delivered_order_items",
                                payment_method_id="paypal_4", **EXCHANGE)
    assert ok, details


# ---- _ADDON_NO: declining the bag is declining a baggage update ------------------------------

BAG_PROPOSAL = ("assistant: I'll add one checked bag to reservation ABC123 for $50, charged to "
                "your Visa ending 7447. Shall I proceed?")


@pytest.mark.parametrize("withdrawal", [
    "Oh, then no, I don't want the extra bag.",
    "No, I don't need the checked bag after all.",
    "Actually no, I don't want the extra baggage.",
])
async def test_declining_the_bag_withdraws_bag_update(airline: PolicySet, withdrawal: str
                                                      ) -> None:
    state = air.session([air.read(air.DEN_BOS)], BAG_PROPOSAL, "user: Yes.",
                        "assistant: Just so you know, the bag fee is non-refundable.",
                        f"user: {withdrawal}")
    ok, _ = await verdict(airline, state, "update_reservation_baggages", **BAGS)
    assert not ok, "the user declined the bag"


# ---- "the original payment method" said, another one used -----------------------------------

async def test_original_said_gift_card_used(retail: PolicySet) -> None:
    state = session("assistant: I'll return the Bluetooth Speaker from order #W1000001; the "
                    "refund goes to the original payment method. Shall I proceed?", "user: Yes.")
    ok, _ = await verdict(retail, state, "return_delivered_order_items", order_id="#W1000001",
                          item_ids=["1000000001"], payment_method_id="gift_card_3")
    assert not ok, "the proposal named the original method (the Visa), not the gift card"


# ---- a method named by the digits of its id among options --------------------------------

async def test_gift_card_by_digits_among_options(airline: PolicySet) -> None:
    state = air.session([air.read(air.DEN_BOS)],
                        "assistant: I'll add one checked bag to reservation ABC123 for $50. "
                        "Since the $6 gift card doesn't have enough to cover the $50 charge, "
                        "you'll need to choose one of these options:\n- Gift card 1000003 ($113 "
                        "balance)\n- Gift card 1000001 ($157 balance)\n- Credit card ending in "
                        "7447\n\nWould you like me to use gift card 1000003 (the one with $113 "
                        "balance)?", "user: Yes, please use the gift card with the $113 balance.")
    ok, details = await verdict(airline, state, "update_reservation_baggages",
                                 **{**BAGS, "payment_id": "gift_card_1000003"})
    assert ok, details


# ---- mixed_choice: per-flight prices, then the current cabin -------------------------------

@pytest.mark.parametrize(("proposal", "cabin", "covered"), [
    # a price per flight, then the present cabin in another paragraph
    ("Here are the economy prices for your flights:\n- HAT130 (DEN→MIA, May 17): economy $120\n"
     "- HAT184 (MIA→BOS, May 17): $150\n\nCurrent business class cost: $900. Refund: $630 to "
     "your Visa ending 7447. Would you like me to downgrade reservation ABC123 to economy?",
     "economy", True),
    # a flight's present cabin is not what it becomes
    ("To confirm for reservation ABC123: I'll upgrade HAT184 to business, and HAT130 (currently "
     "economy) will be upgraded as well, since the cabin applies to the whole reservation. The "
     "$340 difference goes on your Visa ending 7447. Shall I proceed?", "business", True),
    # "shall" is not "all"; a cabin sold out is not offered
    ("Here is what business is available for ABC123: flight HAT130 (Business Class), flight "
     "HAT184 (Economy Class - business is sold out). The difference is $340 on your Visa ending "
     "7447. Shall I go ahead with the change to business?", "business", False),
])
async def test_cabins_listed_per_flight(airline: PolicySet, proposal: str, cabin: str,
                                        covered: bool) -> None:
    state = air.session([air.read(air.DEN_BOS)], f"assistant: {proposal}", "user: Yes.")
    ok, details = await verdict(airline, state, "update_reservation_flights",
                                reservation_id="ABC123", cabin=cabin,
                                payment_id="credit_card_4421486",
                                flights=[{"flight_number": "HAT130", "date": "2024-05-17"},
                                         {"flight_number": "HAT184", "date": "2024-05-17"}])
    assert ok is covered, details


# ---- a question answered between the proposal and the yes ----------------------------------

PROPOSE_EX = ("assistant: I'll exchange the Water Bottle from order #W1000001 for the blue one "
              "(item 1000000009) and charge the $5 difference to your PayPal. Shall I proceed?")


@pytest.mark.parametrize(("question", "answer"), [
    ("user: Which card did I use for this order originally?",
     "assistant: You originally paid for order #W1000001 with your Visa ending 7334. Shall I "
     "go ahead with the exchange?"),
    ("user: Will anything go on my Mastercard?",
     "assistant: Nothing goes on the Mastercard ending 5018. Shall I proceed?"),
    ("user: Hmm, is my gift card balance enough to cover it instead?",
     "assistant: Your gift card has $2, so it would not cover the $5. Shall I proceed as "
     "planned?"),
])
async def test_question_between_proposal_and_yes(retail: PolicySet, question: str,
                                                 answer: str) -> None:
    state = session(PROPOSE_EX, question, answer, "user: Yes, go ahead.")
    ok, details = await verdict(retail, state, "exchange_delivered_order_items",
                                payment_method_id="paypal_4", **EXCHANGE)
    assert ok, details


async def test_question_between_proposal_and_yes_air(airline: PolicySet) -> None:
    state = air.session([air.read(air.DEN_BOS)],
                        "assistant: I'll add one checked bag to reservation ABC123 for $50, "
                        "paid with gift card gift_card_1000003. Shall I proceed?",
                        "user: Which card did I pay the original booking with?",
                        "assistant: The original booking was paid with your Visa ending 7447. "
                        "Shall I go ahead with the bag?", "user: Yes please.")
    ok, details = await verdict(airline, state, "update_reservation_baggages",
                                 **{**BAGS, "payment_id": "gift_card_1000003"})
    assert ok, details


# ---- declining an add-on, in words _ADDON_NO does not cover ---------------------------------

@pytest.mark.parametrize("words", [
    "Yes, please book it. No thank you, I don't need insurance.",
    "Yes, go ahead and book. Nope, no insurance.",
    "Yes, book it. No to the insurance.",
    "Ja, bitte buchen. Nein, keine Versicherung.",
    "Sí, resérvalo por favor. No quiero seguro de viaje.",
])
async def test_yes_and_insurance_declined(airline: PolicySet, words: str) -> None:
    state = air.session([air.read(air.DEN_BOS)],
                        "assistant: I'll book flight HAT083 from JFK to SEA on May 20 in economy "
                        "for Mia Li, $150 on your Visa ending 7447, no checked bags. Would you "
                        "like to add travel insurance for $30? Shall I proceed with the booking?",
                        f"user: {words}")
    ok, details = await verdict(airline, state, "book_reservation", **BOOK)
    assert ok, details


# ---- _ADDON_NO on a retail item called "luggage" ------------------------------------------

async def test_luggage_item_declined(retail: PolicySet) -> None:
    from proxy.ids import new_id
    from proxy.session import CallRecord, Message, Outcome, Role
    state = session()
    order = {"order_id": "#W3000003", "user_id": "ava_1", "status": "delivered",
             "items": [{"item_id": "3000000001", "name": "Luggage Set"},
                       {"item_id": "3000000002", "name": "Bluetooth Speaker"}],
             "payment_history": [{"payment_method_id": "credit_card_1"}]}
    state.add_call(CallRecord(new_id("c"), "s", state.next_seq(), "get_order_details",
                              "read", {"order_id": "#W3000003"}, "d", "allow", [], "v",
                              Outcome.EXECUTED, "t", result=order))
    for line in ("assistant: I'll return the Luggage Set and the Bluetooth Speaker from order "
                 "#W3000003, refund to your Visa ending 7334. Shall I proceed?", "user: Yes.",
                 "assistant: Just to double-check: both items?",
                 "user: No, I don't want the luggage returned, only the speaker."):
        role, text = line.split(": ", 1)
        state.add_message(Message(state.next_seq(), Role(role), text, "t"))
    ok, _ = await verdict(retail, state, "return_delivered_order_items", order_id="#W3000003",
                          item_ids=["3000000001", "3000000002"],
                          payment_method_id="credit_card_1")
    assert not ok, "the user took the luggage set out"


# ---- home_named: the profile's address where the agent proposed another one ---------------

async def test_default_address_old_street(retail: PolicySet) -> None:
    state = session("assistant: I'll update your default address to 200 Oak Street, Austin, TX "
                    "78701, USA. Shall I proceed?", "user: Yes please.")
    ok, _ = await verdict(retail, state, "modify_user_address", user_id="ava_1",
                          address1="159 Hickory Lane", address2="", city="Austin", state="TX",
                          country="USA", zip="78701")
    assert not ok, "the user approved 200 Oak Street, not the old street"
