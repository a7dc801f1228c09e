"""Cases from the seventy-ninth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English with chatty, rambling
customers; airline in English where the policy limits what can be done; retail in Spanish, French
and Italian; airline in Chinese, Japanese and Korean. Shortened to what the check reads, each
refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, booking, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order

RETURN = "return_delivered_order_items"
CANCEL = "cancel_pending_order"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"

# 79a: a question on what happens after a yes to both ("Now do I need to find the original box?")
BRUSH = order("#W2260828", "delivered", item("1583904702", "Electric Toothbrush", 195.84, color="blue"),
              item("5570660360", "LED Light Bulb", 51.54, brightness="60W"))
BOX = [*looked_up(BRUSH), "assistant: - **Order:** #W2260828\n- **Items to return:** Electric Toothbrush "
       "(blue) $195.84, LED Light Bulb (60W) $51.54\n- **Refund:** $247.38 to your Visa ending 7334\n\nWould "
       "you like me to go ahead with this return?",
       "user: The Visa is fine. So yes, send them back, the two of them, refund on the Visa. Now do I need "
       "to find the original box for the toothbrush? Because I think I put it in the recycling."]
# 79a: "Yes, cancel it. And please don't do anything else without asking"
HOSE = order("#W2307204", "pending", item("2307204001", "Garden Hose", 90.43, length="25ft"))
ELSE = [*looked_up(HOSE), "assistant: Here's the cancellation:\n- Order: #W2307204 (Garden Hose)\n- Reason: "
        "ordered by mistake\n- Refund: $90.43 to your Visa\n\nPlease confirm with a yes and I'll cancel it.",
        "user: Yes, cancel it. And please don't do anything else without asking, dear, I like to know."]
# 79a: one step said yes to, the other held with its reason
COFFEE = order("#W6779827", "pending", item("6779827001", "Coffee Maker", 300.0, color="black"))
WATCH = order("#W6426438", "pending", item("6426438001", "Wristwatch", 400.0, strap="leather"))
REASON = [*looked_up(COFFEE, WATCH),
          "assistant: Here's the plan:\n\n1. **Cancel order #W6779827** (Coffee Maker), reason \"no longer "
          "needed\". $300.00 refunded to your Visa.\n2. **Change the shipping address of order #W6426438** "
          "to 2290 Crestview Lane, Columbus, OH 43215, USA.\n\nShall I proceed with both?",
          "user: Yes to cancelling the first one, the coffee one. The address one, hold off, I need to check "
          "with Raymond whether he's moved in yet. He gets back Thursday. I don't want his wristwatch going "
          "to an empty house."]
# 79b: "Yes to the bags please" to a plan whose flight step names the card's id
R2X = reservation("R2XW9D", [("HAT274", "SFO", "ATL", "2024-05-19"),
                            ("HAT103", "ATL", "SFO", "2024-05-24")], flight_type="round_trip", bags=1)
BAGS_ONLY = [read(R2X),
             "assistant: For R2XW9D:\n\n1. Bags: You currently have 1 checked bag. Going to 3 bags in "
             "total would be free (3 total, 0 paid). Shall I add them?\n\n2. Earlier return: HAT044 on "
             "May 24, departing 07:10; the change would cost $60, charged to your Visa "
             "(credit_card_4421486). Would you like me to make that change too?",
             "user: Yes to the bags please. The 7am flight is pretty early though, I'd have to get up "
             "at 4."]
# 79b: a refund "within 5 to 7 business days" beside the card, the booking in economy
REBOOK = [read(reservation("T9QJ4B", [("HAT130", "DEN", "BOS", "2024-05-17")])),
          "assistant: Here's the plan:\n\n1. Cancel reservation T9QJ4B: full refund of $240 to your "
          "Visa ending 7447 (credit_card_4421486), within 5 to 7 business days.\n2. Book a new one-way "
          "reservation DEN to BOS on HAT130 + HAT184, May 17, economy, for Mia Li (1990-04-05), 0 "
          "checked bags, with travel insurance. Total: $270, charged to your Visa ending 7447.\n\nShall "
          "I proceed with both steps?", "user: Yes, go ahead with both."]
# 79b: "Noah Kim, 1990-02-11 (replacing Ava Smith)"
U6M = {**reservation("U6MW9B", [("HAT100", "JFK", "LAX", "2024-05-20")]),
       "passengers": [{"first_name": "Ahmed", "last_name": "Hassan", "dob": "1986-03-21"},
                      {"first_name": "Ava", "last_name": "Smith", "dob": "1992-07-14"}]}
REPLACING = [read(U6M),
             "assistant: Here's the updated passenger list for U6MW9B:\n- Ahmed Hassan, 1986-03-21\n"
             "- Noah Kim, 1990-02-11 (replacing Ava Smith)\n\nConfirm?", "user: yes"]
NOAH = {"first_name": "Noah", "last_name": "Kim", "dob": "1990-02-11"}
AHMED = {"first_name": "Ahmed", "last_name": "Hassan", "dob": "1986-03-21"}
AVA = {"first_name": "Ava", "last_name": "Smith", "dob": "1992-07-14"}
# 79c: "oui pour les trois"
THREE = order("#W1700001", "delivered", item("1700000011", "Jacket", 150.0, size="XL"),
              item("1700000012", "Lamp", 90.0, color="white"),
              item("1700000013", "Mug", 20.0, color="red"))
TROIS = [*looked_up(THREE),
         "assistant: Voici le plan :\n1. Retour de la veste (Jacket) de la commande #W1700001 — "
         "remboursement de 150,00 $ sur la Visa.\n2. Retour de la lampe (Lamp) — 90,00 $ sur la "
         "Visa.\n3. Retour de la tasse (Mug) — 20,00 $ sur la Visa.\n\nVoulez-vous échanger autre "
         "chose ? Sinon, je procède ?", "user: Rien d'autre à échanger. Oui pour les trois."]
# 79c: "vuole cambiare solo la giacca?" "Sì, solo la giacca. Va bene per entrambe, procedi."
GIACCA = order("#W6174054", "delivered", item("8590708195", "Fleece Jacket", 157.61, size="XL"))
TRUCCO = order("#W6131421", "delivered", item("6509212169", "Makeup Kit", 256.14, tone="light"))
SOLO = [*looked_up(GIACCA, TRUCCO),
        "assistant: Ecco cosa farei:\n1. Cambio nell'ordine #W6174054: giacca in pile XL ($157.61) → "
        "giacca in pile L nera ($159.92). Differenza di $2.31 dalla gift card gift_card_3.\n2. Reso "
        "nell'ordine #W6131421: kit trucco ($256.14), rimborso di $256.14 sulla Visa.\n\nNell'ordine "
        "#W6174054 vuole cambiare solo la giacca? Se è tutto corretto, mi conferma che posso "
        "procedere con entrambe?", "user: Sì, solo la giacca. Va bene per entrambe, procedi."]
# 79c: "plutôt sur ma carte Visa ..., la carte cadeau je ne l'utilise jamais"
MONTRE = order("#W2156941", "delivered", item("4920090458", "Smart Watch", 381.87, color="black"))
JAMAIS = [*looked_up(MONTRE),
          "assistant: Récapitulatif : échange dans la commande #W2156941 de la montre noire contre la "
          "montre dorée (2681513500), remboursement de 25,64 $ sur la carte cadeau gift_card_3. Sinon, "
          "je procède ?",
          "user: Oui, mais plutôt sur ma carte Visa si possible, la carte cadeau je ne l'utilise "
          "jamais."]


def montre(payment: str) -> dict[str, Any]:
    return {"order_id": "#W2156941", "item_ids": ["4920090458"], "new_item_ids": ["2681513500"],
            "payment_method_id": payment}


# 79d: 基本經濟艙 (traditional characters) is basic economy
BASIC_ZH = ["assistant: 以下是新預訂內容：\n- 航班：HAT130 + HAT184，丹佛（DEN）→ 波士頓（BOS），"
            "2024-05-17\n- 單程，基本經濟艙\n- 乘客：Mia Li（1990-04-05）\n- 托運行李：0件\n"
            "- 旅行保險：無\n- 總金額：$240\n- 付款：尾號7447的Visa\n\n請問確認預訂嗎？",
            "user: 可以，就這樣訂"]
# 79d: a Japanese summary giving the flight's date before it, the passengers' dates after
JA_DATES = ["assistant: ご予約内容は以下のとおりです。\n・片道：デンバー（DEN）→ ボストン（BOS）\n"
            "・5月17日 HAT130（11:15発）、HAT184\n・クラス：エコノミー\n"
            "・ご搭乗者：Mia Li（1990-04-05）\n・合計：$240\n・お支払い：Visa（末尾7447）\n\n"
            "この内容で予約してよろしいですか？", "user: はい、予約してください。"]
# 79d: Korean "only the first one", the return's wait
M4R = reservation("M4RA6X", [("HAT218", "SEA", "LAX", "2024-05-20")])
M4B = reservation("M4RB7Y", [("HAT219", "LAX", "SEA", "2024-05-25")])
FIRST_KO = [read(M4R), read(M4B),
            "assistant: 변경 내용:\n1. M4RA6X: HAT218 5월 20일 → 5월 22일, 차액 $18, "
            "Visa 7447로 결제\n2. M4RB7Y: HAT219 5월 25일 → 5월 27일, 차액 $22, "
            "Visa 7447로 결제\n\n진행할까요?",
            "user: 첫 번째 것만 해 주세요. 돌아오는 건 좀 더 생각해 볼게요."]


def moved(rid: str, flight: str, day: str) -> dict[str, Any]:
    return {"reservation_id": rid, "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": flight, "date": day}]}


CASES = [
    shop("Z1070", "allow", BOX, RETURN, give_back("#W2260828", "1583904702", "5570660360"),
         "'send them back, the two of them' then 'do I need to find the original box?'"),
    shop("Z1071", "allow", ELSE, CANCEL, {"order_id": "#W2307204", "reason": "ordered by mistake"},
         "'Yes, cancel it. And please don't do anything else without asking'"),
    shop("Z1072", "allow", REASON, CANCEL, {"order_id": "#W6779827", "reason": "no longer needed"},
         "the coffee order said yes to; the wristwatch sentence is the held address's reason"),
    shop("Z1073", "refuse", REASON, "modify_pending_order_address",
         {"order_id": "#W6426438", "address1": "2290 Crestview Lane", "address2": "", "city": "Columbus",
          "state": "OH", "country": "USA", "zip": "43215"}, "'The address one, hold off'"),
    trip("Z1074", "allow", BAGS_ONLY, BAGS, {"reservation_id": "R2XW9D", "total_baggages": 3,
                                            "nonfree_baggages": 0, "payment_id": VISA},
         "'Yes to the bags please': the bag step, though the flight step names the card's id"),
    trip("Z1075", "refuse", BAGS_ONLY, FLIGHTS,
         {"reservation_id": "R2XW9D", "cabin": "economy", "payment_id": VISA, "flights": [
             {"flight_number": "HAT274", "date": "2024-05-19"},
             {"flight_number": "HAT044", "date": "2024-05-24"}]},
         "'The 7am flight is pretty early though'"),
    trip("Z1076", "allow", REBOOK, "book_reservation", {**booking((VISA, 270)), "insurance": "yes"},
         "'within 5 to 7 business days' is no business cabin"),
    trip("Z1077", "refuse", REPLACING, "update_reservation_passengers",
         {"reservation_id": "U6MW9B", "passengers": [NOAH, AVA]}, "'(replacing Ava Smith)': Ava kept"),
    trip("Z1078", "allow", REPLACING, "update_reservation_passengers",
         {"reservation_id": "U6MW9B", "passengers": [AHMED, NOAH]}, "Ava replaced by Noah"),
    shop("Z1079", "allow", TROIS, RETURN, give_back("#W1700001", "1700000011"), "'Oui pour les trois.'"),
    shop("Z1080", "allow", SOLO, RETURN, give_back("#W6131421", "6509212169"),
         "'Sì, solo la giacca' answers 'vuole cambiare solo la giacca?'; 'per entrambe, procedi'"),
    shop("Z1081", "refuse", JAMAIS, "exchange_delivered_order_items", montre("gift_card_3"),
         "'plutôt sur ma carte Visa ..., la carte cadeau je ne l'utilise jamais'"),
    shop("Z1082", "allow", JAMAIS, "exchange_delivered_order_items", montre("credit_card_1"), "on the Visa"),
    trip("Z1083", "allow", BASIC_ZH, "book_reservation", booking((VISA, 240), cabin="basic_economy"),
         "'基本經濟艙' is basic economy"),
    trip("Z1084", "refuse", BASIC_ZH, "book_reservation", booking((VISA, 240)), "not economy"),
    trip("Z1085", "allow", JA_DATES, "book_reservation", booking((VISA, 240)),
         "'5月17日 HAT130（11:15発）' gives the flight its date; the passenger's date is hers"),
    trip("Z1086", "allow", FIRST_KO, FLIGHTS, moved("M4RA6X", "HAT218", "2024-05-22"), "'첫 번째 것만'"),
    trip("Z1087", "refuse", FIRST_KO, FLIGHTS, moved("M4RB7Y", "HAT219", "2024-05-27"),
         "'돌아오는 건 좀 더 생각해 볼게요': the second waits"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Yes, cancel it. And please don't do anything else without asking, dear.", Act.AFFIRM),
    ("Don't do it.", Act.DECLINE),
    ("好呀，谢谢", Act.AFFIRM),
    ("不好呀", Act.HOLD),
    ("それなら二人ともビジネスにしてください。", Act.AFFIRM),
    ("ビジネスにしてください？", Act.HOLD),
    ("첫 번째 것만 해 주세요. 돌아오는 건 좀 더 생각해 볼게요.", Act.AFFIRM),
    ("네 진행해 주세요. 잠깐만요 한번 물어보고 올게요", Act.HOLD),
])
def test_review79_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
