"""Cases from the eighty-first independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English with questions in the
middle of the go-ahead; airline in English, cancellations and compensation; retail in Spanish,
French and German; airline in Japanese, Korean and German. Shortened to what the check reads,
each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, executed, marked, read, reservation, verdict
from .test_confirm_review8 import ADDRESS, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

PASSENGERS = "update_reservation_passengers"
BAGS = "update_reservation_baggages"
FLIGHTS = "update_reservation_flights"
CANCEL = "cancel_reservation"
CERT = "send_certificate"
RETURN = "return_delivered_order_items"
GC1 = "gift_card_1000001"

# 81a: the question answered by a report of the last change ("... is already submitted"), then
# "Cool, then update it." to the address change asked before the question
LAMP = order("#W9784474", "delivered", item("8384507844", "Desk Lamp", 137.94, color="white"))
MOVE = [*looked_up(LAMP), executed(RETURN, {"order_id": "#W9784474", "item_ids": ["8384507844"],
                                            "payment_method_id": "gift_card_3"}),
        "assistant: The return for the desk lamp is submitted; you'll get an email with instructions.",
        "user: Also I'm moving. Can you update the address on my account? 2201 Westheimer Rd, Apt 9, "
        "Houston TX 77098.",
        "assistant: Your default address would change from 229 Maple Drive, Los Angeles, CA 91103 to "
        "2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA. Should I proceed?",
        "user: Will that mess with the return? Does the return stuff get sent to the new place?",
        "assistant: No, the return instructions are sent by email, and the return request is already "
        "submitted, so it isn't affected. Updating your default address only changes your profile."]
MOVED = [*MOVE, "user: Cool, then update it."]
MOVED_TWICE = [*MOVED, executed("modify_user_address", ADDRESS),
               "assistant: Your default address is now 2201 Westheimer Rd, Apt 9, Houston, TX 77098.",
               "user: Cool, and could you check when my lamp refund arrives?"]
# 81a: a yes to one step after a question answered, the other step's method asked about
SHOES = order("#W6977171", "delivered", item("9635758562", "Running Shoes", 148.95, size="9"))
BED = order("#W4250821", "delivered", item("6857426243", "Pet Bed", 196.53, size="medium"))
TWO_RETURNS = [*looked_up(SHOES, BED),
               "assistant: Here's what I'd submit:\n\n1. Order #W6977171: return Running Shoes (size 9), "
               "$148.95, refunded to your gift card gift_card_3 (the original payment method)\n2. Order "
               "#W4250821: return Pet Bed (medium), $196.53, refunded to your Visa ending in 7334 (the "
               "original payment method)\n\nShall I submit both?",
               "user: The gift card one, will the money be usable right away?",
               "assistant: I can't promise a specific time for return refunds. The refund is issued once "
               "the return is processed, and you'll receive an email with instructions.",
               "user: Fine. Yes to the shoes. For the pet bed, can the refund go on my Mastercard "
               "instead? The Visa is my husband's."]
# 81a: "charged to your Visa ending in 7334 instead of PayPal, with PayPal refunded"
WATCH = order("#W3840181", "pending", item("3840181001", "Smart Watch", 2456.57, color="black"))
TO_VISA = [*looked_up(WATCH), "user: Can you switch the order's payment from PayPal to my Visa?",
           "assistant: A refund to PayPal takes 5 to 7 business days. The switch would be: order "
           "#W3840181, $2,456.57 charged to your Visa ending in 7334 instead of PayPal, with PayPal "
           "refunded in 5 to 7 business days. Proceed?", "user: Fine, do it."]
# 81b: a trip as two one-way reservations, "Go ahead with the outbound one. The return I'm not sure
# about yet"
OUT = reservation("M8RZ3D", [("HAT084", "ATL", "DEN", "2024-05-18")])
BACK = reservation("QX71VN", [("HAT227", "DEN", "ATL", "2024-05-24")], cabin="business")
TRIP_TABLE = [read(OUT), read(BACK),
              "assistant: | Reservation | Flight | Date | Paid |\n|---|---|---|---|\n| M8RZ3D | HAT084 ATL "
              "→ DEN | May 18 | $178 |\n| QX71VN | HAT227 DEN → ATL | May 24 | $512 |\n\nIf you want to "
              "scrap the trip, I'd cancel both reservations, with refunds of $178 and $512 to your Visa "
              "ending 7447. Do you want me to go ahead with both?"]
OUTBOUND_ONLY = [*TRIP_TABLE, "user: Go ahead with the outbound one. The return I'm not sure about "
                 "yet. I might drive out to Denver anyway and still fly back on the 24th, let me "
                 "check with my office first."]
# 81b: a question after the proposal ("I'm definitely bringing one"), answered, no yes after
CHEAPER = reservation("FT3X9L", [("HAT003", "LAS", "DEN", "2024-05-20"),
                                 ("HAT290", "DEN", "LAS", "2024-05-22")], flight_type="round_trip")
DOWN_ASKED = [read(CHEAPER),
              "assistant: Downgrading FT3X9L to basic economy on both flights (HAT003 on May 20 and "
              "HAT290 on May 22) would bring the fare to $132; $86 would be refunded to your Visa "
              "ending 7447. Would you like to proceed?",
              "user: Hmm, wait. Would that mean I lose my free checked bag? I'm definitely bringing one.",
              "assistant: Good question! As a Gold member you still get free checked bags in basic "
              "economy. I'll go ahead with the downgrade now."]
DOWN = {"reservation_id": "FT3X9L", "cabin": "basic_economy", "payment_id": VISA,
        "flights": [{"flight_number": "HAT003", "date": "2024-05-20"},
                    {"flight_number": "HAT290", "date": "2024-05-22"}]}
# 81b: the yes to a check the agent offered to make "before making the change"
D6Y = reservation("D6YR3K", [("HAT116", "MCO", "PHL", "2024-05-15")])
CHECK_FIRST = [read(D6Y),
               "assistant: Here's the change: reservation D6YR3K, replace HAT116 (May 15) with HAT071 on "
               "May 16, MCO 7:30am → PHL 10:00am, economy. The fare difference is $15, charged to your "
               "Visa ending 7447.\n\nGiven today's delays, would you like me to first check the current "
               "status of the 7:30 flight before making the change?", "user: Yes please."]
SHALL_I = [*CHECK_FIRST[:-1], "assistant: Shall I make the change now?", "user: Yes please."]
MOVE_D6Y = {"reservation_id": "D6YR3K", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT071", "date": "2024-05-16"}]}
# 81b: after a failed change, the other option offered: "Would that work?" "fine, that one then"
C8X = reservation("C8XG3N", [("HAT089", "SEA", "DFW", "2024-05-17"), ("HAT148", "DFW", "MIA", "2024-05-17")])
VIA_ATL = {"reservation_id": "C8XG3N", "cabin": "economy", "payment_id": VISA,
           "flights": [{"flight_number": "HAT182", "date": "2024-05-17"},
                       {"flight_number": "HAT266", "date": "2024-05-17"}]}
VIA_DFW = {**VIA_ATL, "flights": [{"flight_number": "HAT089", "date": "2024-05-17"},
                                  {"flight_number": "HAT203", "date": "2024-05-17"}]}
OPTION_B = [read(C8X),
            "assistant: Here's the change for C8XG3N: replace HAT089 + HAT148 with HAT182 SEA → ATL and "
            "HAT266 ATL → MIA (May 17), economy; $14 refunded to your Visa ending 7447. Confirm?",
            "user: Yes, book that routing.",
            ("failed", FLIGHTS, VIA_ATL, "Error: not enough seats on flight HAT266"),
            "assistant: I'm sorry, the change failed: the last seats on HAT266 have just gone. Option B "
            "still works: keep your HAT089 Seattle → Dallas at 7:00am and take HAT203 Dallas → Miami at "
            "7:00pm. $30 in total charged to your Visa ending 7447. Would that work?",
            "user: fine, that one then"]
# 81b: a plan of a cancellation and a certificate, "Cancel it, yes. But I don't want a voucher"
R5E = reservation("R5EW8C", [("HAT051", "MSP", "LAX", "2024-05-18")])
CANCEL_AND_CERT = [read(R5E),
                   "assistant: Here's what I can do:\n\n1. Cancel reservation R5EW8C (MSP → LAX, HAT051, "
                   "May 18), with a full refund of $204 to your Visa ending 7447.\n2. As a Gold member "
                   "whose flight was cancelled, a $100 travel certificate added to your account.\n\nWould "
                   "you like me to proceed with both?"]
NO_VOUCHER = [*CANCEL_AND_CERT, "user: Cancel it, yes. But I don't want a voucher, I want actual money "
              "for this. A certificate for your airline is useless to me. I want to talk to a "
              "supervisor about real compensation."]
BOTH_PLEASE = [*CANCEL_AND_CERT, "user: Yes, both please."]
# 81c: two steps offered, the yes said of the order's ("sí, cámbiala en el pedido porfa")
LAMP_ORDER = order("#W4895606", "pending", item("4895606001", "Desk Lamp", 150.0, color="white"))
TWO_ADDRESSES = [*looked_up(LAMP_ORDER),
                 "assistant: Con esa dirección puedo hacer dos cosas:\n\n1. Cambiar la dirección de envío "
                 "del pedido #W4895606 (Desk Lamp) a: 2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA\n"
                 "2. Poner esa misma dirección como predeterminada en tu cuenta\n\n¿Quieres que haga las "
                 "dos?"]
ON_ORDER_ES = [*TWO_ADDRESSES, "user: sí, cámbiala en el pedido porfa. es que es temporal, me quedo ahí "
               "un par de meses nomás"]
ON_ORDER_EN = [*TWO_ADDRESSES, "user: yes, just on the order please."]
BOTH_ES = [*TWO_ADDRESSES, "user: sí, las dos porfa"]
ORDER_ADDRESS = {"order_id": "#W4895606", **{k: v for k, v in ADDRESS.items() if k != "user_id"}}
# 81d: a method ruled out in Korean, then said of as the topic ("기프트카드는 ... 아껴두는 거라서요")
D4X = reservation("D4XR7K", [("HAT274", "SEA", "SFO", "2024-05-19")])
CARD_KO = [read(D4X),
           "assistant: HAT011로 변경하시면:\n- HAT274(5/19) → HAT011(5/21 13:00), 이코노미\n- 차액: $45\n"
           "- 결제: 기프트카드(gift_card_1000001, 잔액 $157)\n\n진행할까요?",
           "user: 네, 근데 기프트카드 말고 신용카드로 결제해 주세요. 기프트카드는 다른 데 쓰려고 아껴두는 "
           "거라서요."]
MOVE_D4X = {"reservation_id": "D4XR7K", "cabin": "economy",
            "flights": [{"flight_number": "HAT011", "date": "2024-05-21"}]}
# 81d: the flight's step said yes to in Korean, the bags left to talk over
XK8 = reservation("XK8P4L", [("HAT195", "IAH", "EWR", "2024-05-19")], bags=1)
FLIGHT_NOT_BAGS = [read(XK8),
                   "assistant: 그럼 아래 두 가지를 진행하게 됩니다.\n\n1) 항공편 변경: HAT195 5/19 → HAT195 "
                   "5/20 (14:00), 이코노미. $13 환불(비자 7447)\n2) 위탁 수하물: 1개 → 4개, 2개 유료 → $100 "
                   "(비자 7447)\n\n두 가지 모두 진행할까요?",
                   "user: 항공편 변경은 진행해 주세요. 가방은 동생이랑 얘기해 보고 정할게요. 몇 개 필요할지 "
                   "아직 잘 모르겠어요."]
MOVE_XK8 = {"reservation_id": "XK8P4L", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT195", "date": "2024-05-20"}]}
# 81d: a certificate offered in German "als Geste ... gutgeschrieben"
UJ4 = reservation("UJ4W9S", [("HAT156", "PHX", "SEA", "2024-05-14")])
CERT_DE = [read(UJ4),
           "assistant: Das tut mir wirklich leid. In Ihrer Buchung UJ4W9S wurde der Flug HAT156 am 14. Mai "
           "von der Airline gestrichen.\n\nAls Gold-Mitglied kann ich Ihnen als Geste ein Reisezertifikat "
           "über 300 $ anbieten (100 $ × 3 Passagiere), das Ihrem Konto gutgeschrieben wird. Möchten Sie "
           "das?", "user: Ja, das nehme ich."]
# 81d: passengers in a numbered table, one row held by its number ("3번은 ... 다시 연락드릴게요")
YERIN = {"first_name": "Yerin", "last_name": "Shin", "dob": "1992-01-08"}
DAMI = {"first_name": "Dami", "last_name": "Sin", "dob": "1994-03-15"}
HAEUN = {"first_name": "Haeun", "last_name": "Jo", "dob": "1993-06-26"}
KE7 = {**reservation("KE7F2M", [("HAT158", "DEN", "PHL", "2024-05-23")]), "passengers": [YERIN, DAMI, HAEUN]}
ROWS = [read(KE7),
        "assistant: 탑승객 정보를 아래처럼 수정하게 됩니다.\n\n| # | 현재 | 변경 후 |\n|---|---|---|\n"
        "| 1 | Yerin Shin, 1992-01-08 | 변경 없음 |\n"
        "| 2 | Dami Sin, 1994-03-15 | **Dami Shin**, 1994-03-15 |\n"
        "| 3 | Haeun Jo, 1993-06-26 | Haeun Jo, **1993-06-29** |\n\n이대로 수정할까요?"]
ROW_HELD_KO = [*ROWS, "user: 2번 승객은 맞아요. 3번은 제가 여권 확인하고 다시 연락드릴게요. 일단 2번만요."]
ROW_HELD_EN = [read(KE7), "assistant: I'd update the passengers as follows:\n\n| # | Now | After |\n"
               "|---|---|---|\n| 1 | Yerin Shin, 1992-01-08 | no change |\n"
               "| 2 | Dami Sin, 1994-03-15 | Dami Shin, 1994-03-15 |\n"
               "| 3 | Haeun Jo, 1993-06-26 | Haeun Jo, 1993-06-29 |\n\nShall I make these corrections?",
               "user: Yes to 2. Hold off on 3, I'll check the passport and get back to you."]
BOTH_ROWS = {"reservation_id": "KE7F2M", "passengers": [
    YERIN, {**DAMI, "last_name": "Shin"}, {**HAEUN, "dob": "1993-06-29"}]}
ROW_TWO = {"reservation_id": "KE7F2M", "passengers": [YERIN, {**DAMI, "last_name": "Shin"}, HAEUN]}

CASES = [
    shop("Z1101", "allow", MOVED, "modify_user_address", ADDRESS,
         "'Cool, then update it.' after the question answered by a report of the return"),
    shop("Z1102", "refuse", MOVED_TWICE, "modify_user_address", ADDRESS,
         "'Cool, and could you check ...?' after the change reported done: the same change again"),
    shop("Z1103", "allow", TWO_RETURNS, RETURN, {"order_id": "#W6977171", "item_ids": ["9635758562"],
                                                 "payment_method_id": "gift_card_3"},
         "'Yes to the shoes. For the pet bed, ... my Mastercard instead?': the shoes' refund stands"),
    shop("Z1104", "refuse", TWO_RETURNS, RETURN, {"order_id": "#W4250821", "item_ids": ["6857426243"],
                                                  "payment_method_id": "credit_card_1"},
         "the pet bed: asked about, not said yes to"),
    shop("Z1105", "allow", TO_VISA, "modify_pending_order_payment",
         {"order_id": "#W3840181", "payment_method_id": "credit_card_1"},
         "'charged to your Visa ending in 7334 instead of PayPal'"),
    shop("Z1106", "refuse", TO_VISA, "modify_pending_order_payment",
         {"order_id": "#W3840181", "payment_method_id": "paypal_4"}, "PayPal is the one left"),
    trip("Z1107", "allow", OUTBOUND_ONLY, CANCEL, {"reservation_id": "M8RZ3D"},
         "'Go ahead with the outbound one'"),
    trip("Z1108", "refuse", OUTBOUND_ONLY, CANCEL, {"reservation_id": "QX71VN"},
         "'The return I'm not sure about yet': the reservation back"),
    trip("Z1109", "refuse", DOWN_ASKED, FLIGHTS, DOWN,
         "'Hmm, wait. Would that mean I lose my free checked bag? I'm definitely bringing one.'"),
    trip("Z1110", "allow", [*DOWN_ASKED[:-1], "assistant: Your bag stays free. Shall I go ahead?",
                            "user: Ok good, go ahead."], FLIGHTS, DOWN, "a yes after the answer"),
    trip("Z1111", "refuse", CHECK_FIRST, FLIGHTS, MOVE_D6Y,
         "'Yes please.' to checking the flight's status before making the change"),
    trip("Z1112", "allow", SHALL_I, FLIGHTS, MOVE_D6Y, "'Yes please.' to 'Shall I make the change now?'"),
    trip("Z1113", "allow", OPTION_B, FLIGHTS, VIA_DFW, "'Would that work?' 'fine, that one then'"),
    trip("Z1114", "refuse", OPTION_B[:-1], FLIGHTS, VIA_DFW, "'Would that work?' not answered yet"),
    trip("Z1115", "allow", NO_VOUCHER, CANCEL, {"reservation_id": "R5EW8C"}, "'Cancel it, yes.'"),
    trip("Z1116", "refuse", NO_VOUCHER, CERT, {"user_id": "mia_li_3668", "amount": 100},
         "'But I don't want a voucher': the certificate's step"),
    trip("Z1117", "allow", BOTH_PLEASE, CERT, {"user_id": "mia_li_3668", "amount": 100},
         "'a $100 travel certificate added to your account' 'Yes, both please.'"),
    shop("Z1118", "allow", ON_ORDER_ES, "modify_pending_order_address", ORDER_ADDRESS,
         "'sí, cámbiala en el pedido'"),
    shop("Z1119", "refuse", ON_ORDER_ES, "modify_user_address", ADDRESS,
         "'sí, cámbiala en el pedido ... es que es temporal': not the profile"),
    shop("Z1120", "refuse", ON_ORDER_EN, "modify_user_address", ADDRESS, "'yes, just on the order'"),
    shop("Z1121", "allow", BOTH_ES, "modify_user_address", ADDRESS, "'sí, las dos'"),
    trip("Z1122", "refuse", CARD_KO, FLIGHTS, {**MOVE_D4X, "payment_id": GC1},
         "'기프트카드 말고 신용카드로 결제해 주세요': not the gift card"),
    trip("Z1123", "allow", CARD_KO, FLIGHTS, {**MOVE_D4X, "payment_id": VISA}, "the credit card asked for"),
    trip("Z1124", "allow", FLIGHT_NOT_BAGS, FLIGHTS, MOVE_XK8, "'항공편 변경은 진행해 주세요'"),
    trip("Z1125", "refuse", FLIGHT_NOT_BAGS, BAGS,
         {"reservation_id": "XK8P4L", "total_baggages": 4, "nonfree_baggages": 2, "payment_id": VISA},
         "'가방은 동생이랑 얘기해 보고 정할게요'"),
    trip("Z1126", "allow", CERT_DE, CERT, {"user_id": "mia_li_3668", "amount": 300},
         "'als Geste ein Reisezertifikat über 300 $ anbieten' 'Ja, das nehme ich.'"),
    trip("Z1127", "refuse", CERT_DE, CERT, {"user_id": "mia_li_3668", "amount": 500}, "not 300 $"),
    trip("Z1128", "refuse", ROW_HELD_KO, PASSENGERS, BOTH_ROWS,
         "'3번은 ... 다시 연락드릴게요': row 3 changed"),
    trip("Z1129", "allow", ROW_HELD_KO, PASSENGERS, ROW_TWO, "row 2 only"),
    trip("Z1130", "refuse", ROW_HELD_EN, PASSENGERS, BOTH_ROWS, "'Hold off on 3'"),
    trip("Z1131", "allow", ROW_HELD_EN, PASSENGERS, ROW_TWO, "'Yes to 2'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("I'm definitely bringing one.", Act.OTHER),
    ("Definitely.", Act.AFFIRM),
    ("I definitely want that.", Act.AFFIRM),
    ("Cancel it, yes. I want to talk to a supervisor about real compensation.", Act.AFFIRM),
    ("Yes. But I need to talk to my wife first.", Act.HOLD),
    ("항공편 변경은 진행해 주세요. 가방은 동생이랑 얘기해 보고 정할게요. 몇 개 필요할지 아직 잘 모르겠어요.",
     Act.AFFIRM),
    ("네. 근데 동생이랑 얘기해 보고 정할게요.", Act.HOLD),
])
def test_review81_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
