"""Cases from the eighty-seventh independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English, twin items; airline in
English, cancellations and "yes but"; retail in Japanese and Korean; airline in German, Dutch and
Italian. Shortened to what the check reads, each refusal beside the allowed case it must not
break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, failed, marked, read, reservation, verdict
from .test_confirm_review8 import cancel, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

RETURN = "return_delivered_order_items"
EXCHANGE = "exchange_delivered_order_items"
ITEMS = "modify_pending_order_items"
ADDR = "modify_pending_order_address"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
PASSENGERS = "update_reservation_passengers"
CANCEL = "cancel_reservation"

# 87a: two identical kettles, "1 x" returned, the call listing the id twice
KETTLES = order("#W4316152", "delivered", item("7292993796", "Tea Kettle", 94.80, material="glass"),
                item("7292993796", "Tea Kettle", 94.80, material="glass"))
ONE_KETTLE = [*looked_up(KETTLES),
              "assistant: Order #W4316152 was delivered and contains two identical Tea Kettles (glass, 2 "
              "liters, induction; item 7292993796; $94.80 each).\n\nReturn details:\n- Order: #W4316152\n"
              "- Return: 1 x Tea Kettle (glass, 2 liters, induction), item 7292993796\n- Refund: $94.80 to "
              "your gift card gift_card_3\n\nShall I submit this return?",
              "user: yes, just the one please, I'm keeping the other"]


def kettles(*ids: str) -> dict[str, Any]:
    return {"order_id": "#W4316152", "item_ids": list(ids), "payment_method_id": "gift_card_3"}


# 87b: "Yes but while you're at it can you also ...": the yes, then another request
QK4 = reservation("QK4T8N", [("HAT155", "ORD", "LAX", "2024-05-20")])
YES_BUT_ALSO = [read(QK4), "assistant: Cancelling QK4T8N (HAT155 ORD to LAX, May 20) refunds $87 to your "
                           "Visa ending 7447. Shall I cancel it?",
                "user: Yes but while you're at it can you also put a checked bag on my Chicago to LA trip "
                "in June?"]
# 87b: the bag left for later ("The bag I'll decide closer to the date, don't add it yet.")
L6R = reservation("L6RW1S", [("HAT169", "BOS", "MIA", "2024-05-20")], bags=1)
BAG_LATER = [read(L6R),
             "assistant: 1. Change HAT169 on 2024-05-20 to HAT169 on 2024-05-22. $13 will be refunded to "
             "your Visa ending 7447.\n2. Add a second checked bag: total 2 bags, 1 paid, $50 charged to "
             "your Visa ending 7447.\n\nWould you like me to proceed?",
             "user: Do the flight change. The bag I'll decide closer to the date, don't add it yet."]
# 87c: Korean, a bare yes, then the thing left out by its topic ("네 ㅇㅋ 이어폰은 안 해요")
HOSE_KO = order("#W5671546", "delivered", item("3230708338", "Garden Hose", 99.51, length="25ft"),
                item("5671546002", "Wireless Earbuds", 180.0, color="black"))
NOT_EARBUDS_KO = [*looked_up(HOSE_KO),
                  "assistant: - 주문: #W5671546 (배송 완료)\n- 반품 상품: 가든 호스 (item 3230708338) "
                  "$99.51\n- 환불: "
                  "원래 결제수단 비자 끝자리 7334\n\n무선 이어폰은 반품하지 않으시는 게 맞는지도 확인해 "
                  "주세요. 진행할까요?",
                  "user: 네 ㅇㅋ 이어폰은 안 해요"]
# 87c: Japanese, an offer declined by its topic ("あ、そちらは大丈夫です。")
VACUUM_JA = order("#W2575533", "pending", item("2575533001", "Vacuum Cleaner", 500.0, type="robotic"))
NO_NEED_JA = [*looked_up(VACUUM_JA),
              "assistant: 未発送のご注文 #W2575533 の配送先は旧住所のままです。こちらも新しいご住所（2201 "
              "Westheimer Rd, Apt 9, Houston, TX 77098）に変更いたしましょうか？",
              "user: あ、そちらは大丈夫です。"]
HOUSTON = {"order_id": "#W2575533", "address1": "2201 Westheimer Rd", "address2": "Apt 9", "city": "Houston",
           "state": "TX", "country": "USA", "zip": "77098"}
# 87c: Japanese, the most polite request, and a whole order's cancellation listing its items
READER_JA = order("#W1654931", "pending", item("1654931001", "E-Reader", 244.02, screen="7-inch"),
                  item("1654931002", "Air Purifier", 543.68, room="small"))
WHOLE_JA = [*looked_up(READER_JA),
            "assistant: ご注文 #W1654931 ですね。\n- 電子書籍リーダー（7インチ）$244.02\n- "
            "空気清浄機（小部屋用）"
            "$543.68\n- キャンセル理由: 不要になった\n\nご注文全体をキャンセルしてよろしいですか？"]
# 87c: Korean, a surprised "really?" before the yes ("아 그래요? 그럼 어쩔 수 없죠. 마스터카드로 해주세요.")
BUDS_KO = order("#W2923184", "delivered", item("2757705742", "Wireless Earbuds", 258.97, color="blue"))
BACK_KO = {"order_id": "#W2923184", "item_ids": ["2757705742"], "payment_method_id": "credit_card_2"}
AFTER_FAIL_KO = [*looked_up(BUDS_KO), failed(RETURN, {**BACK_KO, "payment_method_id": "credit_card_1"},
                                             "Error: payment method not allowed"),
                 "assistant: 비자카드로는 환불이 안 됩니다. 무선 이어폰 (item 2757705742)을 원래 결제수단인 "
                 "마스터카드 끝자리 5018로 $258.97 환불받으시는 것으로 반품을 진행해도 될까요?",
                 "user: 아 그래요? 그럼 어쩔 수 없죠. 마스터카드로 해주세요."]
# 87d: Italian, the bags left alone ("Le valigie invece lasciale stare per ora")
P2L = reservation("P2LW9X", [("HAT090", "JFK", "SEA", "2024-05-18")], bags=1)
NOT_BAGS_IT = [read(P2L),
               "assistant: Per P2LW9X:\n**1. Volo:** HAT090 del 20/05, differenza 20 $ sulla Visa "
               "7447.\n**2. Bagagli:** "
               "aggiungendone 2 si arriva a 3 bagagli, di cui 1 a pagamento → 50 $ sulla Visa.\n\nConfermi "
               "tutto?",
               "user: Sì per il volo. Le valigie invece lasciale stare per ora, devo ancora capire se mia "
               "sorella ne porta una lei."]
# 87d: Italian, "Sì" to the email check, then a question on the flight
H2Q = reservation("H2QS9V", [("HAT038", "MIA", "LAX", "2024-05-23")])
EMAIL_IT = [read(H2Q),
            "assistant: - **HAT038 del 24/05/2024** invece del 23/05\n- Differenza **14 $** sulla Visa che "
            "termina con 7447\n\nPrima di procedere: l'indirizzo per la conferma è ancora "
            "mia.li@example.com?",
            "user: Sì, l'email è quella giusta. Ma il volo del 24 arriva prima di mezzogiorno?"]
# 87d: German, the rebooking by its own word ("Soll ich so umbuchen?" "Ja, bitte umbuchen.")
S8F = reservation("S8FD4J", [("HAT250", "MIA", "LAX", "2024-05-15")])
REBOOK_DE = [read(S8F),
             "assistant: Vorschlag: Umbuchung der Reservierung S8FD4J auf **HAT250 am 16.05.2024**, Economy. "
             "Aufpreis **26 $** auf Visa …7447.\n\nSoll ich so umbuchen?",
             "user: Ja, bitte umbuchen."]
# 87d: Dutch, the name yes, the bags by "met de koffers nog even wachten"
J3Z = reservation("J3ZC7N", [("HAT007", "DEN", "BOS", "2024-05-23")], bags=2)
NAME_NOT_BAGS_NL = [read(J3Z),
                    "assistant: Voor J3ZC7N stel ik voor:\n\n**1. Naam:** Mia Li wordt **Mia Lee** "
                    "(1990-04-05).\n**2. Bagage:** **3 ingecheckte koffers, waarvan 1 betaald** → **50 "
                    "dollar**, op uw Visa eindigend op 7447.\n\nMag ik beide doorvoeren?",
                    "user: De naam ja, dat mag je aanpassen. Met de koffers nog even wachten: hoeveel zijn "
                    "er eigenlijk gratis?"]

CASES = [
    shop("Z1275", "refuse", ONE_KETTLE, RETURN, kettles("7292993796", "7292993796"),
         "'- Return: 1 x Tea Kettle', the call returning both"),
    shop("Z1276", "allow", ONE_KETTLE, RETURN, kettles("7292993796"), "'yes, just the one please'"),
    trip("Z1277", "allow", YES_BUT_ALSO, CANCEL, {"reservation_id": "QK4T8N"},
         "'Yes but while you're at it can you also ...'"),
    trip("Z1278", "refuse", BAG_LATER, BAGS, {"reservation_id": "L6RW1S", "total_baggages": 2,
                                              "nonfree_baggages": 1, "payment_id": VISA},
         "'The bag I'll decide closer to the date, don't add it yet.'"),
    trip("Z1279", "allow", BAG_LATER, FLIGHTS, {"reservation_id": "L6RW1S", "cabin": "economy",
                                                "payment_id": VISA, "flights": [
                                                    {"flight_number": "HAT169", "date": "2024-05-22"}]},
         "'Do the flight change.'"),
    shop("Z1280", "allow", NOT_EARBUDS_KO, RETURN, {"order_id": "#W5671546", "item_ids": ["3230708338"],
                                                    "payment_method_id": "credit_card_1"},
         "'네 ㅇㅋ 이어폰은 안 해요'"),
    shop("Z1281", "refuse", NOT_EARBUDS_KO, RETURN, {"order_id": "#W5671546",
                                                     "item_ids": ["3230708338", "5671546002"],
                                                     "payment_method_id": "credit_card_1"},
         "'이어폰은 안 해요'"),
    shop("Z1282", "refuse", NO_NEED_JA, ADDR, HOUSTON, "'あ、そちらは大丈夫です。' declines the offer"),
    shop("Z1283", "allow", [*NO_NEED_JA[:-1], "user: はい、そちらで大丈夫です。お願いします。"], ADDR,
         HOUSTON,
         "'そちらで大丈夫です' takes it"),
    shop("Z1284", "allow", [*WHOLE_JA, "user: 差し支えなければ、そのように手配していただけますと幸いです。"],
         "cancel_pending_order", cancel("#W1654931"), "the most polite request; the order whole"),
    shop("Z1285", "allow", [*WHOLE_JA, "user: OKです、go aheadで。"], "cancel_pending_order",
         cancel("#W1654931"), "'OKです、go aheadで。'"),
    shop("Z1286", "allow", AFTER_FAIL_KO, RETURN, BACK_KO, "'아 그래요? ... 마스터카드로 해주세요.'"),
    trip("Z1287", "refuse", NOT_BAGS_IT, BAGS, {"reservation_id": "P2LW9X", "total_baggages": 3,
                                                "nonfree_baggages": 1, "payment_id": VISA},
         "'Le valigie invece lasciale stare per ora'"),
    trip("Z1288", "allow", NOT_BAGS_IT, FLIGHTS, {"reservation_id": "P2LW9X", "cabin": "economy",
                                                  "payment_id": VISA, "flights": [
                                                      {"flight_number": "HAT090", "date": "2024-05-20"}]},
         "'Sì per il volo.'"),
    trip("Z1289", "refuse", EMAIL_IT, FLIGHTS, {"reservation_id": "H2QS9V", "cabin": "economy",
                                                "payment_id": VISA, "flights": [
                                                    {"flight_number": "HAT038", "date": "2024-05-24"}]},
         "'Sì, l'email è quella giusta.' answers the check"),
    trip("Z1290", "allow", REBOOK_DE, FLIGHTS, {"reservation_id": "S8FD4J", "cabin": "economy",
                                                "payment_id": VISA, "flights": [
                                                    {"flight_number": "HAT250", "date": "2024-05-16"}]},
         "'Ja, bitte umbuchen.'"),
    trip("Z1291", "allow", NAME_NOT_BAGS_NL, PASSENGERS, {"reservation_id": "J3ZC7N", "passengers": [
        {"first_name": "Mia", "last_name": "Lee", "dob": "1990-04-05"}]}, "'De naam ja'"),
    trip("Z1292", "refuse", NAME_NOT_BAGS_NL, BAGS, {"reservation_id": "J3ZC7N", "total_baggages": 3,
                                                     "nonfree_baggages": 1, "payment_id": VISA},
         "'Met de koffers nog even wachten'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("あ、そちらは大丈夫です。", Act.DECLINE),
    ("はい、そちらで大丈夫です。", Act.AFFIRM),
    ("それについて教えていただけると助かります。", Act.OTHER),
    ("아 그래요?", Act.HOLD),
    ("Yes, all three. No idea how Chicago got in there lol", Act.AFFIRM),
    ("no idea", Act.OTHER),
])
def test_review87_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
