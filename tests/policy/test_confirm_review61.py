"""Cases from the sixty-first independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files; docs/policy.md gives
the figures): retail conditions on the item, airline bookings, airline conversations in
Chinese, Japanese, Spanish and French, retail agents that slip. Shortened to what the check
reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import (
    Case,
    marked,
    read,
    reservation,
    verdict,
)
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order
from .test_confirm_review59 import flights, swap

BAGS = "update_reservation_baggages"

# 61a: a condition on the new item the proposal meets, or does not
SPEAKER = order("#W8000001", "pending", item("8000000011", "Bluetooth Speaker", 302.67,
                                              water="no"))
WATERPROOF = [*looked_up(SPEAKER), "assistant: Change for #W8000001:\n- Bluetooth Speaker "
              "(8000000011, not water resistant) -> Bluetooth Speaker (8000000012, green, "
              "waterproof) - $9.96 back to your Visa\nShall I proceed?"]
IF_WATERPROOF = [*WATERPROOF, "user: if the new one is waterproof then yes"]
IF_BLUE = [*WATERPROOF, "user: if the new one is blue then yes"]
SHRUG = [*WATERPROOF, "user: yes please. It probably won't suit me either but whatever."]
# ... a check on what the proposal said asks for no other method
PAYMENT = [*looked_up(SPEAKER), "assistant: Payment change for #W8000001: $302.67 will be charged "
           "to the Visa, and the $302.67 on your Mastercard will be refunded. Proceed?",
           "user: yes do it. and the refund to the mastercard happens automatically right?"]
ON_VISA = {"order_id": "#W8000001", "payment_method_id": "credit_card_1"}

# 61b: an option picked by a word of it nearer the call's flights than the other's
SEARCHED = [("read", "search_direct_flight", {"origin": "JFK", "destination": "SFO",
                                              "date": "2024-05-26"},
             [{"flight_number": "HAT023", "origin": "JFK", "destination": "SFO"},
              {"flight_number": "HAT082", "origin": "JFK", "destination": "SFO"}])]
TWO_CABINS = [*SEARCHED, "assistant: **Booking Summary**\n- Trip: one way JFK -> SFO, **business**"
              "\n- Flight: HAT023 (May 26)\n- Passenger: Mia Li (1990-04-05)\n- Total: $364 on "
              "your Visa ending 7447, no bags, no insurance\nShall I book this?",
              "user: Yes. Actually wait, what would economy be?",
              "assistant: In economy the same day only HAT082 (11:00 PM) has seats: $135. Which "
              "would you like, economy or business?"]
BUSINESS = [*TWO_CABINS, "user: Stay with business, go ahead and book the business one."]
ECONOMY = [*TWO_CABINS, "user: Fine, go ahead and book the economy one."]


def jfk_sfo(number: str, cabin: str, amount: float) -> dict[str, object]:
    return {"user_id": "mia_li_3668", "origin": "JFK", "destination": "SFO",
            "flight_type": "one_way", "cabin": cabin,
            "flights": [{"flight_number": number, "date": "2024-05-26"}],
            "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
            "payment_methods": [{"payment_id": "credit_card_4421486", "amount": amount}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


# 61c: Chinese, a hold before the yes on another thing, passed; a hold by "that one" after ids
UPGRADE_AND_BAGS = [read(reservation("ABC123", [("HAT130", "DEN", "MIA", "2024-05-17")])),
                    "assistant: ABC123：\n1. 升舱到商务舱：$1200（Visa）\n2. 托运行李加两件：免费\n"
                    "确认吗？",
                    "user: 1200？太贵了吧。升舱就先不要了。行李那个没问题，帮我加两件。"]
TWO_BAGS = {"reservation_id": "ABC123", "total_baggages": 2, "nonfree_baggages": 0,
            "payment_id": "credit_card_4421486"}
DOWNGRADES = [read(reservation("JG7FMM", [("HAT028", "MCO", "BOS", "2024-05-21")],
                               cabin="business")),
              read(reservation("EQ1G6C", [("HAT084", "DEN", "IAH", "2024-05-23")],
                               cabin="business")),
              "assistant: 可以降舱的预订：\n1. JG7FMM（奥兰多-波士顿）退 $1,200\n2. EQ1G6C（丹佛-休斯顿）"
              "退 $900\n要全部降到经济舱吗？",
              "user: 先把 JG7FMM 降了吧，这个我确定。丹佛那个我还得跟我太太商量一下。"]
CHECKED = [read(reservation("ABC123", [("HAT130", "DEN", "MIA", "2024-05-17")])),
           "assistant: ABC123 改签：HAT130 改到 5月18日，经济舱，差价 $0。回程不变。确认吗？",
           "user: 行李不能退啊，那好吧。改签确认，回程是不变的对吧？"]
MOVED = flights("ABC123", "economy", ("HAT130", "2024-05-18"))

# 61a: a condition that a thing the action does not touch stays as it is
PAY_PAYPAL = [*looked_up(SPEAKER), "assistant: Payment change for #W8000001: $302.67 charged to "
              "PayPal, refunded to your gift card. Changing the payment method doesn't change the "
              "order's items or shipping address. Would you like me to proceed?",
              "user: Okay, if nothing changes about the shipping then yes please."]
MOVE_TOO = [*looked_up(SPEAKER), "assistant: Payment change for #W8000001: $302.67 charged to "
            "PayPal, and the shipping moves to express. Would you like me to proceed?",
            "user: Okay, if nothing changes about the shipping then yes please."]
ON_PAYPAL = {"order_id": "#W8000001", "payment_method_id": "paypal_4"}

CASES = [
    shop("Z593", "allow", PAY_PAYPAL, "modify_pending_order_payment", ON_PAYPAL,
         "nothing changes about the shipping: said so"),
    shop("Z594", "refuse", MOVE_TOO, "modify_pending_order_payment", ON_PAYPAL,
         "nothing changes about the shipping: it moves"),
    shop("Z582", "allow", IF_WATERPROOF, "modify_pending_order_items",
         swap("#W8000001", "8000000011", "8000000012"), "if the new one is waterproof: it is"),
    shop("Z583", "refuse", IF_BLUE, "modify_pending_order_items",
         swap("#W8000001", "8000000011", "8000000012"), "if the new one is blue: it is green"),
    shop("Z584", "allow", SHRUG, "modify_pending_order_items",
         swap("#W8000001", "8000000011", "8000000012"), "a shrug after the yes"),
    shop("Z585", "allow", PAYMENT, "modify_pending_order_payment", ON_VISA,
         "a check on the refund to the mastercard"),
    trip("Z586", "allow", BUSINESS, "book_reservation", jfk_sfo("HAT023", "business", 364),
         "the business one"),
    trip("Z587", "refuse", ECONOMY, "book_reservation", jfk_sfo("HAT023", "business", 364),
         "the economy one, not the business"),
    trip("Z588", "allow", UPGRADE_AND_BAGS, BAGS, TWO_BAGS, "行李那个没问题"),
    trip("Z589", "refuse", UPGRADE_AND_BAGS, "update_reservation_flights",
         flights("ABC123", "business", ("HAT130", "2024-05-17")), "升舱就先不要了"),
    trip("Z590", "allow", DOWNGRADES, "update_reservation_flights",
         flights("JG7FMM", "economy", ("HAT028", "2024-05-21")), "先把 JG7FMM 降了吧"),
    trip("Z591", "refuse", DOWNGRADES, "update_reservation_flights",
         flights("EQ1G6C", "economy", ("HAT084", "2024-05-23")), "丹佛那个我还得商量一下"),
    trip("Z592", "allow", CHECKED, "update_reservation_flights", MOVED, "改签确认，...对吧？"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
