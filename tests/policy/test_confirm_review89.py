"""Cases from the eighty-ninth and ninetieth independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures): retail in English,
lukewarm yeses and terse ones; airline in English, several reservations and travellers by
relation; retail in Italian, Portuguese and German; airline in Latin American Spanish and
Traditional Chinese (Taiwan and Cantonese). Shortened to what the check reads, each refusal beside
the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

ITEMS = "modify_pending_order_items"
PAYMENT = "modify_pending_order_payment"
RETURN = "return_delivered_order_items"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
PASSENGERS = "update_reservation_passengers"
CANCEL = "cancel_reservation"
GC1 = "gift_card_1000001"

# 89a: a yes given in ("I suppose so", "hmm ok. I guess that works")
LAMP = order("#W2912153", "delivered", item("1270145486", "Desk Lamp", 144.07, color="white"))
LAMP_BACK = [*looked_up(LAMP),
             "assistant: Here is the return:\n- Order: #W2912153 (delivered)\n- Item: Desk Lamp white (item "
             "1270145486), $144.07\n- Refund: $144.07 to your Visa ending 7334\n\nShould I submit the "
             "return?"]
LAMP_ARGS = {"order_id": "#W2912153", "item_ids": ["1270145486"], "payment_method_id": "credit_card_1"}
# 89a: a yes, then a question of its own joined by "and"
PERFUME = order("#W9980894", "delivered", item("1325156478", "Perfume", 120.0, scent="woody"))
WEEKEND = [*looked_up(PERFUME),
           "assistant: Return the Perfume (item 1325156478) from #W9980894, $120.00 refunded to your gift "
           "card gift_card_3. Is the perfume the only item to return, and should I submit the return?",
           "user: sure — and will the refund show up before the weekend?"]
# 90a: "nope just the tablet 👍" to "Any other items ...? If not, please confirm"
TABLET = order("#W8331214", "pending", item("7535423717", "Tablet", 983.62, color="black"),
               item("8331214002", "Garden Hose", 90.0, length="50ft"))
THUMBS = [*looked_up(TABLET),
          "assistant: - Tablet black (7535423717) → gold (6065192424), $6.08 more on PayPal (paypal_4)\n\n"
          "Items in an order can only be modified once. Are there any other items in this order (Garden "
          "Hose) you want to change? If not, please confirm and I'll proceed.",
          "user: nope just the tablet 👍"]
GOLD = {"order_id": "#W8331214", "item_ids": ["7535423717"], "new_item_ids": ["6065192424"],
        "payment_method_id": "paypal_4"}
# 90a: "yes as long as the card gets the full refund", the turn giving back the sum it charges
CHAIR = order("#W4642822", "pending", item("4642822001", "Office Chair", 813.68, color="black"))
TO_PAYPAL = {"order_id": "#W4642822", "payment_method_id": "paypal_4"}


def full_back(refund: str) -> list[Any]:
    return [*looked_up(CHAIR),
            "assistant: Order #W4642822 ($813.68) was paid with your Mastercard ending 5018. Change:\n- "
            f"New payment method: PayPal (paypal_4), $813.68 charged\n- Mastercard ending 5018 refunded "
            f"{refund} within 5-7 business days\n\nShall I make this change?",
            "user: yes as long as the card gets the full refund"]


# 89b: "I don't want it back as a travel certificate" after a yes on where the money goes
YL4 = reservation("YL4G6D", [("HAT031", "ATL", "DEN", "2024-05-25")])
NOT_AS_CERT = [read(YL4), "assistant: Cancelling YL4G6D refunds $260 to your Visa ending 7447. Shall I "
                          "cancel it?",
               "user: If it's going back on the Visa, then yes, cancel it. I don't want it back as a travel "
               "certificate."]
# 89b: "Yes go ahead, quick q, is there a weight limit on those?"
R6P = reservation("R6PJ0S", [("HAT040", "SEA", "JFK", "2024-05-21")], bags=5)
QUICK_Q = [read(R6P), "assistant: R6PJ0S: checked bags 5 → 7, 2 paid, $100 on your gift card "
                      "gift_card_1000001. "
                      "Shall I go ahead?",
           "user: Yes go ahead, quick q, is there a weight limit on those?"]
# 90b: a traveller's detail put first by a pronoun or a name and held ("Her birthday - actually
# no, leave it", "For Eli's birthday I'm honestly not sure")
YF8 = reservation("YF8C1M", [("HAT101", "MSP", "LAX", "2024-05-22")])
HER_BIRTHDAY = [read(YF8),
                "assistant: For YF8C1M:\n1. Move the flight to HAT101 on May 24, $40 on your Visa ending "
                "7447.\n2. Correct Mia Li's date of birth to 1990-05-04.\n\nShall I do both?",
                "user: The date change, yes. Her birthday - actually no, leave it."]
# 89c: Italian, what an order is paid with now ("attualmente sulla gift card")
PURIFIERS_IT = order("#W9318778", "pending", item("9318778001", "Air Purifier", 543.68, room="small"))
NOW_ON_IT = [*looked_up(PURIFIERS_IT),
             "assistant: L'ordine #W9318778 è in stato 'pending'. Dettagli del cambio:\n- Totale: $543.68, "
             "attualmente sulla gift card gift_card_3\n- Nuovo metodo: Mastercard che termina con 5018\n- La "
             "gift card verrà riaccreditata subito\n\nProcedo? (sì/no)",
             "user: procedi"]
# 89d: Cantonese yeses and requests
HK8 = reservation("HK8ZT3", [("HAT011", "SFO", "SEA", "2024-05-19")])
CANTONESE = [read(HK8), "assistant: HK8ZT3 乘客：Mia Li → Mia Lee，出生日期 1990-04-05 不變。確認要改嗎？"]
LEE = {"reservation_id": "HK8ZT3",
       "passengers": [{"first_name": "Mia", "last_name": "Lee", "dob": "1990-04-05"}]}
# 89d: Traditional Chinese, one step held, the bags asked for ("行李幫我加一件就好")
M4T = reservation("M4TR0B", [("HAT221", "TPE", "SFO", "2024-05-23")], bags=1)
UPGRADE_NOT_ZH = [read(M4T),
                  "assistant: M4TR0B 可以：\n1. 升等商務艙，差價 $412\n2. 託運行李 1 → 2 件，第二件 $50，刷 "
                  "Visa 尾號 "
                  "7447\n\n請問要辦哪些？",
                  "user: 升等412太貴了，先不要好了。行李幫我加一件就好，刷visa。"]
# 89d: Spanish, the method asked with "cóbrelo", the card ruled out ("no a la tarjeta")
D3L = reservation("D3LW8Q", [("HAT040", "MEX", "IAH", "2024-05-22")])
ON_GIFT_ES = [read(D3L),
              "assistant: D3LW8Q: cambio a HAT040 el 24 de mayo, diferencia de $48. ¿Lo cobramos a la Visa "
              "terminada en 7447 o a la gift card (saldo $220)?",
              "user: Sí, cámbielo, pero cóbrelo a la gift card, no a la tarjeta."]


def to_d3l(pay: str) -> dict[str, Any]:
    return {"reservation_id": "D3LW8Q", "cabin": "economy", "payment_id": pay,
            "flights": [{"flight_number": "HAT040", "date": "2024-05-24"}]}


# 90d: Japanese, the flight change yes, the bags given up in the sentence after their own
T5K = reservation("T5KD1R", [("HAT150", "NRT", "SFO", "2024-05-20")], bags=1)
NOT_BAGS_JA = [read(T5K),
               "assistant: T5KD1R の変更内容：\n1. 便の変更：HAT150 5月20日 → 5月22日、差額 30ドルを "
               "Visa（末尾7447）にご請求\n2. 受託手荷物 1 → 2個、2個目は 50ドル\n\nよろしいでしょうか？",
               "user: 便の変更はお願いします。荷物は...有料なんですね。それならやめておきます。"]

CASES = [
    shop("Z1318", "allow", [*LAMP_BACK, "user: I suppose so"], RETURN, LAMP_ARGS, "'I suppose so'"),
    shop("Z1319", "allow", [*LAMP_BACK, "user: hmm ok. I guess that works"], RETURN, LAMP_ARGS,
         "'hmm ok. I guess that works'"),
    shop("Z1320", "refuse", [*LAMP_BACK, "user: I guess? not sure"], RETURN, LAMP_ARGS, "'I guess?'"),
    shop("Z1321", "allow", WEEKEND, RETURN, {"order_id": "#W9980894", "item_ids": ["1325156478"],
                                             "payment_method_id": "gift_card_3"},
         "'sure — and will the refund show up before the weekend?'"),
    shop("Z1322", "allow", THUMBS, ITEMS, GOLD, "'nope just the tablet 👍'"),
    shop("Z1323", "allow", full_back("$813.68"), PAYMENT, TO_PAYPAL,
         "'as long as the card gets the full refund' to '$813.68 charged ... refunded $813.68'"),
    shop("Z1324", "refuse", full_back("$406.84"), PAYMENT, TO_PAYPAL,
         "half of it back"),
    trip("Z1325", "allow", NOT_AS_CERT, CANCEL, {"reservation_id": "YL4G6D"},
         "'I don't want it back as a travel certificate': a form not wanted, the Visa given"),
    trip("Z1326", "allow", QUICK_Q, BAGS, {"reservation_id": "R6PJ0S", "total_baggages": 7,
                                           "nonfree_baggages": 2, "payment_id": GC1},
         "'Yes go ahead, quick q, ...?'"),
    trip("Z1327", "allow", HER_BIRTHDAY, FLIGHTS, {"reservation_id": "YF8C1M", "cabin": "economy",
                                                   "payment_id": VISA, "flights": [
                                                       {"flight_number": "HAT101", "date": "2024-05-24"}]},
         "'The date change, yes.'"),
    trip("Z1328", "refuse", HER_BIRTHDAY, PASSENGERS, {"reservation_id": "YF8C1M", "passengers": [
        {"first_name": "Mia", "last_name": "Li", "dob": "1990-05-04"}]},
         "'Her birthday - actually no, leave it.'"),
    shop("Z1329", "allow", NOW_ON_IT, PAYMENT,
         {"order_id": "#W9318778", "payment_method_id": "credit_card_2"},
         "'attualmente sulla gift card' is what it is paid with now"),
    trip("Z1330", "allow", [*CANTONESE, "user: 冇錯，係佢。唔該幫我改。"], PASSENGERS, LEE, "'唔該幫我改'"),
    trip("Z1331", "refuse", [*CANTONESE, "user: 唔好住，我諗下先"], PASSENGERS, LEE, "'唔好住，我諗下先'"),
    trip("Z1332", "refuse", UPGRADE_NOT_ZH, FLIGHTS, {"reservation_id": "M4TR0B", "cabin": "business",
                                                      "payment_id": VISA, "flights": [
                                                          {"flight_number": "HAT221", "date": "2024-05-23"}]},
         "'升等412太貴了，先不要好了'"),
    trip("Z1333", "refuse", ON_GIFT_ES, FLIGHTS, to_d3l(VISA), "'cóbrelo a la gift card, no a la tarjeta'"),
    trip("Z1334", "allow", ON_GIFT_ES, FLIGHTS, to_d3l(GC1), "'Sí, cámbielo, pero cóbrelo a la gift card'"),
    trip("Z1335", "allow", NOT_BAGS_JA, FLIGHTS, {"reservation_id": "T5KD1R", "cabin": "economy",
                                                  "payment_id": VISA, "flights": [
                                                      {"flight_number": "HAT150", "date": "2024-05-22"}]},
         "'便の変更はお願いします。'"),
    trip("Z1336", "refuse", NOT_BAGS_JA, BAGS, {"reservation_id": "T5KD1R", "total_baggages": 2,
                                                "nonfree_baggages": 1, "payment_id": VISA},
         "'荷物は...有料なんですね。それならやめておきます。'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("I suppose so", Act.AFFIRM),
    ("I guess I could do that", Act.HOLD),
    ("hmm, okay", Act.HOLD),
    ("nope just the tablet 👍", Act.AFFIRM),
    ("Nein, nur die zwei.", Act.OTHER),
    ("得，cancel咗佢啦，唔該。", Act.AFFIRM),
    ("唔該晒，加埋佢。", Act.AFFIRM),
    ("不會取消啦，應該會留著。那就送出吧。", Act.AFFIRM),
    ("未諗好", Act.HOLD),
    ("好，我剛剛問過主管了，確定不去了。就取消吧。", Act.AFFIRM),
    ("C'est beau, go.", Act.AFFIRM),
    ("Ouin, c'est ça, annule-la.", Act.AFFIRM),
    ("c'est beau mais trop cher", Act.OTHER),
    ("はい、キャンセルでお願いします。正直かなり困ってます。何か補償はないんですか？", Act.AFFIRM),
    ("はい、それでお願いします。ちなみに帰りの便も別の予約で取ってあるんですが、そちらも変えられますか？",
     Act.AFFIRM),
])
def test_review89_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
