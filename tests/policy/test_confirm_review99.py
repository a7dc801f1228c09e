"""Cases from the ninety-ninth and hundredth independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures). Shortened to what
the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import GC1, VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

RETURN = "return_delivered_order_items"
CANCEL_ORDER = "cancel_pending_order"
PAYMENT = "modify_pending_order_payment"
ITEMS = "modify_pending_order_items"
EXCHANGE = "exchange_delivered_order_items"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
CANCEL = "cancel_reservation"
BOOK = "book_reservation"
CERT = "certificate_7000001"

# 100a: numbered answers without their marks ("1 yes 2 yes 3 not yet")
WATCH = order("#W8461477", "pending", item("8100000001", "Wristwatch", 1944.02))
HELMET = order("#W5861600", "pending", item("8100000002", "Cycling Helmet", 180.0))
CAMERA = order("#W2329074", "delivered", item("4859937227", "Action Camera", 503.58))
PLAN_3 = [*looked_up(WATCH, HELMET, CAMERA),
          "assistant: Here's what I can do:\n\n1. Cancel pending order #W8461477 (Wristwatch, "
          "$1,944.02), reason: ordered by mistake, refunded to your Visa ending 7334.\n2. Switch the "
          "payment on pending order #W5861600 from your Visa to PayPal.\n3. Return the Action Camera "
          "($503.58) from delivered order #W2329074, refunded to your Visa ending 7334.\n\nPlease let "
          "me know for each."]
NOT_YET_3 = [*PLAN_3, "user: 1 yes 2 yes 3 not yet, I want to check if my brother wants it first"]
CAMERA_BACK = {"order_id": "#W2329074", "item_ids": ["4859937227"], "payment_method_id": "credit_card_1"}
BACK_TO_3 = [*NOT_YET_3,
             ("executed", CANCEL_ORDER, {"order_id": "#W8461477", "reason": "ordered by mistake"},
              {"ok": True}),
             ("executed", PAYMENT, {"order_id": "#W5861600", "payment_method_id": "paypal_4"}, {"ok": True}),
             "assistant: Done:\n1. Order #W8461477 is cancelled.\n2. Order #W5861600 is now paid with "
             "PayPal.\n3. I've left the action camera return for now — just let me know if you'd like "
             "to go ahead with it.",
             "user: ok just texted him, he doesn't want it. going back to 3 — yes, return the camera "
             "like you listed"]
HELD_2 = [*PLAN_3, "user: 1 yes, 2 yes. oh wait — hold off on 2 actually, my brother might want "
                   "it. just do 1 for now"]

# 100a: the refund's method put back on PayPal in the yes turn
BED = order("#W7764382", "delivered", item("5067898160", "Pet Bed", 209.95))
ON_PAYPAL = [*looked_up(BED),
             "assistant: Here's the return:\n- Order: #W7764382\n- Item: Pet Bed — $209.95\n- Refund: "
             "$209.95 to your gift card\n\nShall I submit it?",
             "user: Yes, only the bed — oh actually put it back on paypal, I use that way more. go ahead"]


def bed_back(method: str) -> dict[str, Any]:
    return {"order_id": "#W7764382", "item_ids": ["5067898160"], "payment_method_id": method}


# 100d: Japanese, the card asked for by its last digits ("末尾5018のカード")
LAMP = order("#W5000005", "pending", item("8200000001", "Desk Lamp", 150.0))
CARD_JA = [*looked_up(LAMP),
           "assistant: ご注文 #W5000005 のお支払い方法を PayPal から Visa（末尾7334）に変更します。"
           "よろしいですか？",
           "user: はい、お願いします。あ、支払いは末尾5018のカードにしてください。"]

# 100d: an older yes to the bags, then a request on a condition of its own
HS9 = reservation("HS9C1P", [("HAT165", "DTW", "LAX", "2024-05-29")], bags=1)
LATER_IF = [read(HS9),
            "assistant: Reservation HS9C1P: checked bags 1 → 3, all free. Shall I go ahead?",
            "user: Yes, 3 bags please.",
            ("executed", BAGS, {"reservation_id": "HS9C1P", "total_baggages": 3, "nonfree_baggages": 0,
                                "payment_id": VISA}, {"ok": True}),
            "assistant: The bags are updated. What would you like to ask about the cabin?",
            "user: I'd like business, but only if the total stays within 500 dollars - then switch us "
            "to business. If it's more, keep economy."]

# 99b: a booking's split, a method dropped and its share put on the card
SPLIT = [read(reservation("K1NW8N", [("HAT130", "DEN", "MIA", "2024-05-17")])),
         "assistant: Here's the plan:\n\n1. **Book a one way, economy**: HAT130 and HAT184 on "
         "2024-05-17, DEN to BOS, passenger Mia Li (1990-04-05); no bags; no insurance; total $757 "
         "paid as certificate_7000001 $500, gift_card_1000001 $157, Visa ending 7447 $100\n\nShall "
         "I book it?",
         "user: $100 on the Visa, fine. Yes, book it."]


def split_booking(*pay: tuple[str, int]) -> dict[str, Any]:
    return {"user_id": "mia_li_3668", "origin": "DEN", "destination": "BOS", "flight_type": "one_way",
            "cabin": "economy", "flights": [{"flight_number": "HAT130", "date": "2024-05-17"},
                                            {"flight_number": "HAT184", "date": "2024-05-17"}],
            "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
            "payment_methods": [{"payment_id": p, "amount": a} for p, a in pay],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


# 99c: Italian, the variant not liked ("non mi convince"), a question after it
SHIRT = order("#W6552785", "delivered", item("9354168549", "T-Shirt", 46.85, color="red", size="XXL"))
V_NECK = [*looked_up(SHIRT),
          "assistant: In rosso la XL non è disponibile. Le alternative: T-shirt rossa L con scollo a V "
          "(item 8124970213, 46,66 $, −0,19 $) o viola XL girocollo (item 8124970214, 49,67 $). Quale "
          "preferisce? Il cambio dell'ordine #W6552785 andrebbe sulla Visa.",
          "user: Mhm, lo scollo a V non mi convince. La viola XL invece è girocollo come la mia?"]
SHIRT_SWAP = {"order_id": "#W6552785", "item_ids": ["9354168549"], "new_item_ids": ["8124970213"],
              "payment_method_id": "credit_card_1"}

# 99c: German, a statement understood, no yes; then "Reichen Sie das ein."
DUMBBELLS = order("#W1170711", "pending", item("8300000001", "Dumbbell Set", 400.0))
VERSTEHE = [*looked_up(DUMBBELLS),
            "assistant: Stornierung der gesamten Bestellung #W1170711, Grund: nicht mehr benötigt, "
            "Erstattung auf Ihre Visa. Soll ich stornieren?",
            "user: Ja. Ach nein, warten Sie – die Hanteln brauche ich doch. Kann man nur einen Teil "
            "stornieren?",
            "assistant: Eine Teilstornierung ist leider nicht möglich; ich kann nur die gesamte "
            "Bestellung #W1170711 stornieren.",
            "user: Hm, okay, verstehe."]
EINREICHEN = [*looked_up(DUMBBELLS),
              "assistant: Stornierung der Bestellung #W1170711, Grund: nicht mehr benötigt, Erstattung "
              "auf Ihre Visa. Soll ich die Stornierung so einreichen?",
              "user: Na gut. Reichen Sie das ein."]

# 99c: German, a variant described by its options in German
LUGGAGE = order("#W7736708", "delivered", item("9692325258", "Luggage Set", 528.63, piece_count="3-piece",
                                               color="black", material="softshell"))


def _set(item_id: str, pieces: str, color: str, material: str, price: float) -> dict[str, Any]:
    return {"item_id": item_id, "available": True, "price": price,
            "options": {"piece count": pieces, "color": color, "material": material}}


SETS = [*looked_up(LUGGAGE),
        ("read", "get_product_details", {"product_id": "p9"}, {
            "product_id": "p9", "name": "Luggage Set", "variants": {
                "9692325258": _set("9692325258", "3-piece", "black", "softshell", 528.63),
                "8964750292": _set("8964750292", "2-piece", "red", "hardshell", 532.58),
                "7160999700": _set("7160999700", "2-piece", "red", "softshell", 499.29)}}),
        "assistant: Zusammenfassung:\n- Bestellung #W7736708\n- Kofferset 3-teilig/schwarz/Weichschale "
        "(528,63 $) → 2-teilig/rot/Weichschale (499,29 $)\n- Erstattung auf Visa 7334\n\nSoll ich "
        "den Umtausch beauftragen?",
        "user: Ja, genau."]


def luggage(new: str) -> dict[str, Any]:
    return {"order_id": "#W7736708", "item_ids": ["9692325258"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


# 99c: German, step 3 of a plan held by its number
KETTLE = order("#W1620235", "pending", item("9132333852", "Electric Kettle", 139.47))
CHAIR = order("#W3113816", "delivered", item("4274709903", "Office Chair", 544.29))
STEP_3 = [*looked_up(CHAIR, KETTLE),
          "assistant: Plan:\n\n1. **Rückgabe** aus #W3113816: Bürostuhl (544,29 $), Erstattung auf "
          "Visa 7334.\n2. **Artikeländerung** in #W1620235: Wasserkocher 1 L → 1,5 L (item 9624127908), "
          "Aufpreis 19,43 $ über Visa 7334.\n\nSoll ich beide Schritte so ausführen?",
          "user: 1 ja. Bei 2 muss ich noch überlegen, ob ich den Wasserkocher überhaupt behalte – das "
          "lassen wir erstmal."]

KETTLE_SWAP = {"order_id": "#W1620235", "item_ids": ["9132333852"], "new_item_ids": ["9624127908"],
               "payment_method_id": "credit_card_1"}

# 99d: French, an option picked by its letter among a table's rows
TX4 = reservation("TX4N8B", [("HAT277", "ORD", "BOS", "2024-05-20")])
OPTION_B = [read(TX4),
            "assistant: Je peux changer le vol de votre réservation TX4N8B (HAT277 du 20 mai). Vols "
            "directs le 21 mai :\n\n| "
            "Option | Vol | Départ | Prix |\n|---|---|---|---|\n| A | HAT098 | 07h00 | 152 $ |\n| B | HAT136 "
            "| 12h00 | 139 $ |\n\nQuelle option préférez-vous ? La différence irait sur votre Visa.",
            "user: L'option B, clairement. Allez-y."]

def tx4(flight: str) -> dict[str, Any]:
    return {"reservation_id": "TX4N8B", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": flight, "date": "2024-05-21"}]}


# 99d: Portuguese, a method asked to be used too
T6K = reservation("T6KB9R", [("HAT203", "DFW", "LAS", "2024-05-27")])
TAMBEM = [read(T6K),
          "assistant: Reserva: só ida DEN → BOS, HAT130 e HAT184 em 17/05, econômica, Mia Li, sem "
          "malas, sem seguro. Total US$ 270: US$ 200 no certificado certificate_7000001 + US$ 70 no "
          "Visa final 7447. Posso confirmar?",
          "user: Sim, pode reservar, mas usa também o vale-presente — aí no cartão fica menos."]

# 100b: one reservation of a plan left for later, then a report remarked on
X5K = reservation("X5KM2D", [("HAT204", "SFO", "ORD", "2024-05-27")], cabin="business")
N8R = reservation("N8RB4H", [("HAT284", "SFO", "LAS", "2024-06-04")])
VEGAS = [read(X5K), read(N8R),
         "assistant: Here's what I can do:\n\n1. **Downgrade X5KM2D** (SFO → ORD) from business to "
         "economy, same flight, $645 refunded to your Visa.\n2. **Cancel N8RB4H** (SFO → LAS), full "
         "refund of $109 to your Visa.\n\nWould you like me to proceed with these?",
         "user: Go ahead with the downgrade. The Vegas one I'll sort out later, I'm not sure yet."]
DOWNGRADED = {"reservation_id": "X5KM2D", "cabin": "economy", "payment_id": VISA,
              "flights": [{"flight_number": "HAT204", "date": "2024-05-27"}]}
CLOSE = [*VEGAS, ("executed", FLIGHTS, DOWNGRADED, {"ok": True}),
         "assistant: Done — X5KM2D is now economy. Just so you know, the free cancellation window for "
         "N8RB4H closes today at 17:40.",
         "user: Oh, ok, that's cutting it close."]
U7P = reservation("U7PX2N", [("HAT268", "JFK", "MIA", "2024-05-25")])
UNDERSTOOD = [read(U7P),
              "assistant: Cancelling U7PX2N refunds $240 to the original payment method. Would you "
              "like me to cancel U7PX2N?",
              "user: Could the refund go to another card?",
              "assistant: Refunds can only be returned to the original payment method, I'm not able "
              "to redirect it.",
              "user: OK, I understand. Go ahead and cancel U7PX2N."]

# 100c: Korean, the gift card kept for later, the Mastercard asked for
HELMET_KO = order("#W8557584", "pending", item("1596993217", "Cycling Helmet", 180.02))
KEPT_KO = [*looked_up(HELMET_KO),
           "assistant: - 주문: #W8557584\n- 변경: 헬멧 S (1596993217) → M (8591113813)\n- 차액: +$12.63, "
           "기프트카드(gift_card_3)로 결제\n\n진행할까요?",
           "user: 네 헬멧만 바꾸면 돼요. 근데 차액은 마스터카드로 결제해 주세요. 기프트카드는 남겨두려고요"]


def helmet(method: str) -> dict[str, Any]:
    return {"order_id": "#W8557584", "item_ids": ["1596993217"], "new_item_ids": ["8591113813"],
            "payment_method_id": method}


CASES = [
    shop("Z1500", "allow", NOT_YET_3, CANCEL_ORDER, {"order_id": "#W8461477", "reason": "ordered by mistake"},
         "1 yes"),
    shop("Z1501", "refuse", NOT_YET_3, RETURN, CAMERA_BACK, "3 not yet"),
    shop("Z1502", "allow", BACK_TO_3, RETURN, CAMERA_BACK, "left for later, then 'going back to 3 — yes'"),
    shop("Z1503", "refuse", HELD_2, PAYMENT, {"order_id": "#W5861600", "payment_method_id": "paypal_4"},
         "'hold off on 2' after the numbered answers"),
    shop("Z1504", "allow", HELD_2, CANCEL_ORDER, {"order_id": "#W8461477", "reason": "ordered by mistake"},
         "'just do 1 for now'"),
    shop("Z1505", "refuse", ON_PAYPAL, RETURN, bed_back("gift_card_3"), "'put it back on paypal'"),
    shop("Z1506", "allow", ON_PAYPAL, RETURN, bed_back("paypal_4"), "on PayPal, as asked"),
    shop("Z1507", "refuse", CARD_JA, PAYMENT, {"order_id": "#W5000005", "payment_method_id": "credit_card_1"},
         "末尾5018のカード asked, the 7334 one called"),
    shop("Z1508", "allow", CARD_JA, PAYMENT, {"order_id": "#W5000005", "payment_method_id": "credit_card_2"},
         "the card ending 5018, as asked"),
    trip("Z1509", "refuse", LATER_IF, FLIGHTS,
         {"reservation_id": "HS9C1P", "cabin": "business", "payment_id": VISA,
          "flights": [{"flight_number": "HAT165", "date": "2024-05-29"}]},
         "the bags' yes does not cover a business cabin asked for on a condition"),
    trip("Z1510", "refuse", SPLIT, BOOK, split_booking((CERT, 500), (VISA, 257)),
         "the gift card's $157 dropped, put on the Visa"),
    trip("Z1511", "allow", SPLIT, BOOK, split_booking((CERT, 500), (GC1, 157), (VISA, 100)),
         "the split as proposed"),
    shop("Z1512", "refuse", V_NECK, EXCHANGE, SHIRT_SWAP, "'lo scollo a V non mi convince'"),
    shop("Z1513", "refuse", VERSTEHE, CANCEL_ORDER, {"order_id": "#W1170711", "reason": "no longer needed"},
         "'Hm, okay, verstehe.'"),
    shop("Z1514", "allow", EINREICHEN, CANCEL_ORDER, {"order_id": "#W1170711", "reason": "no longer needed"},
         "'Reichen Sie das ein.'"),
    shop("Z1515", "refuse", SETS, EXCHANGE, luggage("8964750292"), "the hardshell set, Weichschale proposed"),
    shop("Z1516", "allow", SETS, EXCHANGE, luggage("7160999700"), "2-teilig/rot/Weichschale"),
    shop("Z1517", "allow", STEP_3, RETURN, {"order_id": "#W3113816", "item_ids": ["4274709903"],
                                            "payment_method_id": "credit_card_1"}, "1 ja"),
    shop("Z1518", "refuse", STEP_3, ITEMS, KETTLE_SWAP, "bei 2 muss ich noch überlegen"),
    trip("Z1519", "refuse", OPTION_B, FLIGHTS, tx4("HAT098"), "option A's flight, B picked"),
    trip("Z1520", "allow", OPTION_B, FLIGHTS, tx4("HAT136"), "option B"),
    trip("Z1521", "refuse", TAMBEM, BOOK, split_booking((CERT, 200), (VISA, 70)),
         "'usa também o vale-presente', the call without it"),
    trip("Z1522", "allow", VEGAS, FLIGHTS, DOWNGRADED, "go ahead with the downgrade"),
    trip("Z1523", "refuse", VEGAS, CANCEL, {"reservation_id": "N8RB4H"},
         "'the Vegas one I'll sort out later'"),
    trip("Z1524", "refuse", CLOSE, CANCEL, {"reservation_id": "N8RB4H"}, "'that's cutting it close'"),
    trip("Z1525", "allow", UNDERSTOOD, CANCEL, {"reservation_id": "U7PX2N"},
         "'OK, I understand. Go ahead and cancel'"),
    shop("Z1526", "refuse", KEPT_KO, ITEMS, helmet("gift_card_3"), "기프트카드는 남겨두려고요"),
    shop("Z1527", "allow", KEPT_KO, ITEMS, helmet("credit_card_2"), "마스터카드로 결제"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("1 yes 2 yes 3 not yet, I want to check if my brother wants it first", Act.AFFIRM),
    ("Mhm, lo scollo a V non mi convince.", Act.HOLD),
    ("mhm, that does not work for me", Act.HOLD),
    ("Yes, go ahead, I don't like the old one anyway", Act.AFFIRM),
    ("Na gut, dann eben auf die Geschenkkarte. Reichen Sie das ein.", Act.AFFIRM),
    ("Ah, então deixa as malas pra lá, a gente resolve isso no aeroporto.", Act.DECLINE),
    ("OK, $248 back is better than nothing I guess, let's do that.", Act.AFFIRM),
    ("I guess so?", Act.HOLD),
])
def test_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
