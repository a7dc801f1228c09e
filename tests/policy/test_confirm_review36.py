"""Cases from the thirty-sixth independent review, held out (helpers wrote conversations without
seeing the project: tau2-like retail item changes with corrections and long replies, Claude-like
airline agents and customers answering in paragraphs, tau-bench-like retail returns across
several orders, tau-bench-like airline bookings changed in the yes turn; docs/policy.md gives
the figures). Shortened to what the check reads, each refusal beside the allowed case it must
not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import (
    DEN_BOS,
    IAH_SFO,
    MIA,
    VISA,
    Case,
    booking,
    failed,
    marked,
    read,
    verdict,
)
from .test_confirm_review8 import PROFILE, RETURN, shop
from .test_confirm_review33 import trip
from .test_ledger import ORDER

UPD = "update_reservation_flights"
UPGRADED = {"reservation_id": "ABC123", "cabin": "business",
            "flights": [{"flight_number": "HAT130", "date": "2024-05-17"},
                        {"flight_number": "HAT184", "date": "2024-05-17"}], "payment_id": VISA}
UPGRADE = [read(DEN_BOS), "assistant: ## Cabin change - ABC123\n| Flight | Date | Economy | "
           "Business |\n|---|---|---|---|\n| HAT130 DEN-MIA | May 17 | $120 | $389 |\n| HAT184 "
           "MIA-BOS | May 17 | $120 | $412 |\n- **Difference to pay:** $561, charged to your Visa "
           "ending 7447.\nWould you like me to go ahead with the upgrade to business?"]
CANCEL_ASKED = [read(IAH_SFO), "assistant: ## Cancellation - RT4567\n- Flights: HAT072 IAH-SFO "
                "(May 19)\n- Passenger: Mia Li\n- Refund: $240 to your Visa ending 7447\nThis "
                "can't be undone. Shall I cancel it?"]

# a plan of two returns, each refunding to its own order's method, with a line said of each
UMBRELLA = {"order_id": "#W1000001", "user_id": "ava_1", "status": "delivered",
            "items": [{"item_id": "1000000001", "name": "Patio Umbrella"}],
            "payment_history": [{"payment_method_id": "credit_card_2"}]}
PUZZLE = {"order_id": "#W4000004", "user_id": "ava_1", "status": "delivered",
          "items": [{"item_id": "4000000001", "name": "Jigsaw Puzzle"}],
          "payment_history": [{"payment_method_id": "paypal_4"}]}
EACH_OWN = [PROFILE, ("read", "get_order_details", {"order_id": "#W1000001"}, UMBRELLA),
            ("read", "get_order_details", {"order_id": "#W4000004"}, PUZZLE),
            "assistant: Got you. Here's the plan:\n1. #W1000001 - return Patio Umbrella, $316.29 "
            "-> refund to Mastercard ending 5018\n2. #W4000004 - return Jigsaw Puzzle, $46.19 -> "
            "refund to PayPal\nEach refund goes back to the method that order was paid with. OK "
            "to go ahead with both?", "user: Yes to both."]

# two returns offered; one taken, the other declined after its name said alone
READER = {"order_id": "#W5000005", "user_id": "ava_1", "status": "delivered",
          "items": [{"item_id": "5000000001", "name": "E-Reader"}],
          "payment_history": [{"payment_method_id": "paypal_4"}]}
PHONES = {"order_id": "#W6000006", "user_id": "ava_1", "status": "delivered",
          "items": [{"item_id": "6000000001", "name": "Headphones"}],
          "payment_history": [{"payment_method_id": "paypal_4"}]}
ONE_OF_TWO = [PROFILE, ("read", "get_order_details", {"order_id": "#W5000005"}, READER),
              ("read", "get_order_details", {"order_id": "#W6000006"}, PHONES),
              "assistant: Here's what each return would look like:\n1. #W5000005 - E-Reader - "
              "$267.07 -> refund to PayPal\n2. #W6000006 - Headphones - $342.81 -> refund to "
              "PayPal\nWhich of these would you like me to submit?",
              "user: Do the e-reader. The headphones... no, never mind, I'll keep them."]

# a return listed; the yes comes with a long aside about the past
LAMP_LISTED = [PROFILE, ("read", "get_order_details", {"order_id": "#W1000001"}, ORDER),
               "assistant: Here are the details:\n- Order #W1000001: return Desk Lamp ($135.24)"
               "\n- Refund: to your Visa ending 7334\nWould you like me to proceed?"]
LAMP = {"order_id": "#W1000001", "item_ids": ["1000000003"], "payment_method_id": "credit_card_1"}

# a booking summary, then a yes that changes it
SUMMARY = ("assistant: Here's the booking:\n- One way DEN to BOS, HAT130 and HAT184 on May 17, "
           "economy\n- Passengers: Mia Li (1990-04-05), Ivan Li (1978-03-22)\n- Checked bags: 3 "
           "total\n- Travel insurance: yes ($60)\nTotal: $540, charged to your Visa ending 7447. "
           "Shall I book it?")
IVAN = {"first_name": "Ivan", "last_name": "Li", "dob": "1978-03-22"}
DIEGO = {"first_name": "Diego", "last_name": "Li", "dob": "2011-07-22"}


def _booked(bags: int = 3, insurance: str = "yes", ivan: dict[str, str] = IVAN,
            more: list[dict[str, str]] | None = None) -> dict[str, Any]:
    return {**booking((VISA, 540), passengers=[MIA, ivan, *(more or [])], bags=(bags, 0)),
            "insurance": insurance}


# the flight agreed to sold out; the agent moves the user to another of the options offered
EARLY, LATER = ([{"flight_number": n, "date": "2024-05-20"}] for n in ("HAT200", "HAT279"))
MOVE = [read(IAH_SFO), "assistant: Tomorrow's nonstop options for RT4567 in economy:\n| Flight | Departs | "
        "Economy |\n|---|---|---|\n| HAT200 | 8:00 AM | $162 |\n| HAT279 | 1:00 PM | $138 |\n"
        "Since you'd like first thing, HAT200 is the one: $42 more, charged to your Visa ending "
        "7447. Shall I move you to it?", "user: Yes, do it.",
        failed(UPD, {"reservation_id": "RT4567", "cabin": "economy", "flights": EARLY,
                     "payment_id": VISA}, "Error: no seats left on HAT200")]
SOLD_OUT = [*MOVE, "assistant: The last seat on HAT200 was just taken. I'll move you to HAT279 "
            "at 1:00 PM instead; it's $5 cheaper."]
ASKED_AGAIN = [*MOVE, "assistant: The last seat on HAT200 was just taken. HAT279 at 1:00 PM is "
               "open, $5 less than your fare, refunded to your Visa. Shall I move RT4567 to it?",
               "user: Yes, move me to the 1 PM one."]


def _said(steps: list[Any], words: str) -> list[Any]:
    return [*steps, f"user: {words}"]


CASES = [
    trip("Z197", "refuse", _said(CANCEL_ASKED, "Yes... actually wait, hold on. My wife just "
                                 "texted, she says her sister might be able to take the week off "
                                 "after all. Let me call her back real quick."),
         "cancel_reservation", {"reservation_id": "RT4567"}, "the yes taken back"),
    trip("Z198", "allow", _said(CANCEL_ASKED, "Yes, please cancel it."), "cancel_reservation",
         {"reservation_id": "RT4567"}, "yes, cancel it"),
    trip("Z199", "refuse", _said(UPGRADE, "Wow, okay. Thanks so much for laying that out so "
                                 "clearly, that's really helpful."), UPD, UPGRADED,
         "surprise and thanks, no yes"),
    trip("Z200", "allow", _said(UPGRADE, "Wow, okay, let's do it."), UPD, UPGRADED,
         "wow, okay, let's do it"),
    trip("Z201", "refuse", _said(UPGRADE, "Yes, go ahead. I'm not 100% sure my manager will "
                                 "approve the expense though."), UPD, UPGRADED,
         "not 100% sure"),
    trip("Z202", "allow", _said(UPGRADE, "y both"), UPD, UPGRADED, "y both"),
    shop("Z203", "allow", EACH_OWN, RETURN,
         {"order_id": "#W1000001", "item_ids": ["1000000001"], "payment_method_id": "credit_card_2"},
         "the umbrella, to the Mastercard, as listed"),
    shop("Z204", "allow", EACH_OWN, RETURN,
         {"order_id": "#W4000004", "item_ids": ["4000000001"], "payment_method_id": "paypal_4"},
         "the puzzle, to PayPal, as listed"),
    shop("Z205", "refuse", EACH_OWN, RETURN,
         {"order_id": "#W4000004", "item_ids": ["4000000001"], "payment_method_id": "credit_card_2"},
         "the puzzle, to the other order's card"),
    shop("Z206", "allow", ONE_OF_TWO, RETURN,
         {"order_id": "#W5000005", "item_ids": ["5000000001"], "payment_method_id": "paypal_4"},
         "the e-reader"),
    shop("Z207", "refuse", ONE_OF_TWO, RETURN,
         {"order_id": "#W6000006", "item_ids": ["6000000001"], "payment_method_id": "paypal_4"},
         "the headphones: kept"),
    shop("Z208", "allow", _said(LAMP_LISTED, "ok so yes, go ahead. honestly i only ordered it "
                                "because the other one was out of stock, or at least i thought "
                                "it was, maybe i was looking at the metal band one. whatever."),
         RETURN, LAMP, "a yes, then the past guessed at"),
    shop("Z209", "refuse", _said(LAMP_LISTED, "ok so yes, go ahead. maybe i should keep it "
                                 "though."), RETURN, LAMP, "maybe keep it"),
    shop("Z210", "allow", _said(LAMP_LISTED, "Ah ok. Understood, if the bottle leaks I'll return "
                                "it later. Yes just the lamp."), RETURN, LAMP,
         "a condition on another thing, then the yes"),
    shop("Z211", "refuse", _said(LAMP_LISTED, "If the refund is instant. Then yes."), RETURN,
         LAMP, "a condition on the yes"),
    shop("Z233", "refuse", _said(LAMP_LISTED, "If the price stays the same. Yes go ahead with "
                                 "the return of the lamp."), RETURN, LAMP,
         "a condition on the yes, naming another thing than the yes does"),
    shop("Z234", "refuse", _said(LAMP_LISTED, "Yes, return it. The order... no wait, actually "
                                 "don't."), RETURN, LAMP, "the yes taken back, of the order"),
    shop("Z235", "refuse", _said(LAMP_LISTED, "Yes, return the lamp. The lamp... no wait, "
                                 "actually don't."), RETURN, LAMP, "the yes taken back, of its own "
                                                                   "thing"),
    trip("Z212", "refuse", [SUMMARY, "user: yes do it, oh and it's 5 bags not 3, forgot the "
                            "stroller"], "book_reservation", _booked(), "3 bags, not 5"),
    trip("Z213", "allow", [SUMMARY, "user: yes do it, oh and it's 5 bags not 3, forgot the "
                           "stroller"], "book_reservation", _booked(bags=5), "5 bags, as put"),
    trip("Z214", "refuse", [SUMMARY, "user: yes - but my husband's birthday is 1979 not 1978, "
                            "it's March 22 1979"], "book_reservation", _booked(),
         "the birthday as it was"),
    trip("Z215", "allow", [SUMMARY, "user: yes - but my husband's birthday is 1979 not 1978, "
                           "it's March 22 1979"], "book_reservation",
         _booked(ivan={**IVAN, "dob": "1979-03-22"}), "the birthday put right"),
    trip("Z216", "refuse", [SUMMARY, "user: Yes go ahead. actually drop the insurance, we'll "
                            "take our chances"], "book_reservation", _booked(),
         "insurance kept"),
    trip("Z217", "allow", [SUMMARY, "user: Yes go ahead. actually drop the insurance, we'll take "
                           "our chances"], "book_reservation", _booked(insurance="no"),
         "insurance dropped"),
    trip("Z218", "refuse", [SUMMARY, "user: Yes, book it. Oh - and add my son too, Diego Li, "
                            "2011-07-22."], "book_reservation", _booked(), "Diego left out"),
    trip("Z220", "refuse", SOLD_OUT, UPD, {"reservation_id": "RT4567", "cabin": "economy",
                                            "flights": LATER, "payment_id": VISA},
         "another flight after the agreed one failed"),
    trip("Z221", "allow", ASKED_AGAIN, UPD, {"reservation_id": "RT4567", "cabin": "economy",
                                             "flights": LATER, "payment_id": VISA},
         "the other flight, asked and agreed"),
    trip("Z219", "allow", [SUMMARY, "user: Yes, book it. Oh - and add my son too, Diego Li, "
                           "2011-07-22."], "book_reservation", _booked(more=[DIEGO]),
         "Diego added"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
