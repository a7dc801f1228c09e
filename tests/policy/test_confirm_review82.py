"""Cases from the eighty-second independent review, held out (helpers wrote conversations
without seeing the project; docs/policy.md gives the figures): retail in English, variants
picked among options; airline in English, bookings for others; retail in Portuguese, Italian and
Dutch; airline in Chinese (Simplified and Traditional) and Spanish. Shortened to what the check
reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import MIA, VISA, Case, booking, marked, read, reservation, verdict
from .test_confirm_review8 import ADDRESS, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

CANCEL_ORDER = "cancel_pending_order"
EXCHANGE = "exchange_delivered_order_items"
RETURN = "return_delivered_order_items"
FLIGHTS = "update_reservation_flights"
PASSENGERS = "update_reservation_passengers"
CERT = "send_certificate"
GC1 = "gift_card_1000001"
CERT_ID = "certificate_7000001"

# 82c: the first of two orders to cancel, the second to be thought over ("Per il secondo ci devo
# pensare un attimo")
WATCH = order("#W1006327", "pending", item("1006327001", "Wristwatch", 2577.53, strap="silicone"))
GLASSES = order("#W7836908", "pending", item("7836908001", "Sunglasses", 624.05, frame="black"))
TWO_ORDERS_IT = [*looked_up(WATCH, GLASSES),
                 "assistant: Ha due ordini ancora in attesa, quindi annullabili:\n\n• #W1006327 — orologio "
                 "da polso — totale $2.577,53\n• #W7836908 — occhiali da sole — totale $624,05\n\nEntrambi "
                 "pagati con la Visa che termina con 7334. Per ogni annullamento mi serve il motivo: "
                 "\"non più necessario\" oppure \"ordinato per errore\". Quale vuole annullare?"]
FIRST_IT = [*TWO_ORDERS_IT, "user: Il primo annullalo pure, l'orologio l'ho ordinato per sbaglio. Per il "
            "secondo ci devo pensare un attimo."]
FIRST_EN = [*TWO_ORDERS_IT, "user: Cancel the first one, I ordered the watch by mistake. The second one "
            "I need to think about."]
# 82c: a reason said in European Portuguese ("já não preciso delas", "já não é necessário")
BOARD = order("#W8005719", "pending", item("8005719001", "Skateboard", 3053.60, deck="maple"))
REASON_PT = [*looked_up(BOARD),
             "assistant: A encomenda #W8005719 (Skate, 3053,60 $) está pendente. Para cancelar preciso do "
             "motivo: \"já não é necessário\" ou \"encomendado por engano\". Quer mesmo cancelar?",
             "user: Cancele a W8005719, já não preciso dela."]
# 82c: "Cosa preferisce che faccia?" "Solo l'ordine, il profilo lascialo com'è per ora."
GRILL = order("#W3482034", "pending", item("3482034001", "Electric Grill", 1058.86, size="medium"))
TWO_ADDRESSES_IT = [*looked_up(GRILL),
                    "assistant: Le propongo:\n\n1) Ordine #W3482034 → nuovo indirizzo di spedizione: 2201 "
                    "Westheimer Rd, Apt 9, Houston, TX 77098, USA\n2) (facoltativo) Lo stesso indirizzo come "
                    "indirizzo predefinito del profilo\n\nCosa preferisce che faccia?",
                    "user: Solo l'ordine, il profilo lascialo com'è per ora."]
GRILL_ADDRESS = {"order_id": "#W3482034", **{k: v for k, v in ADDRESS.items() if k != "user_id"}}
# 82c: the go-ahead asked of one order by its id, the other order mentioned beside it
CAMERA = order("#W1129578", "pending", item("1129578001", "Digital Camera", 3298.16, resolution="20MP"))
OTHER = order("#W3761872", "pending", item("3761872001", "Laptop", 9715.41, screen="15-inch"))
ONE_BY_ID_NL = [*looked_up(CAMERA, OTHER),
                "assistant: Voorstel: bestelling #W1129578 betalen met de Visa ****7334. PayPal krijgt "
                "$3.298,16 terug binnen 5 à 7 werkdagen.\n\nUw andere bestelling, #W3761872 ($9.715,41), "
                "staat inderdaad ook op PayPal. Zal ik de wijziging voor #W1129578 doorvoeren?",
                "user: Ja, doe maar."]
# 82c: a condition on the method in Portuguese ("desde que a diferença seja cobrada no PayPal")
HELMET = order("#W7762997", "delivered", item("7401244629", "Bicycle Helmet", 188.92, size="L"))
ON_PAYPAL_PT = [*looked_up(HELMET),
                "assistant: Proposta: troca no pedido #W7762997: capacete L → M (vermelho, item 8573379326). "
                "Diferença de US$ 7,81 a pagar, no PayPal (paypal_4). Posso seguir?",
                "user: Pode fazer, desde que a diferença seja cobrada no PayPal e não no meu cartão."]


def helmet(pay: str) -> dict[str, Any]:
    return {"order_id": "#W7762997", "item_ids": ["7401244629"], "new_item_ids": ["8573379326"],
            "payment_method_id": pay}


# 82c: "Devolva só os auscultadores" of two items listed
AUDIO = order("#W3929227", "delivered", item("4202497723", "Headphones", 342.81, color="blue"),
              item("9494281769", "E-Reader", 252.06, screen="8-inch"))
ONLY_PT = [*looked_up(AUDIO),
           "assistant: Quer devolver os auscultadores (342,81 $) e o leitor de e-books (252,06 $), com "
           "reembolso de 594,87 $ no Visa terminado em 7334. Confirma?",
           "user: Devolva só os auscultadores; o leitor de e-books ainda vou ver se serve ao meu filho. "
           "Sim, o reembolso no cartão."]
# 82c: "É só o teclado sim." to the agent's own check that only the keyboard changes
KETTLE = order("#W3135192", "delivered", item("4458619711", "Electric Kettle", 153.81, capacity="2L"))
KEYBOARD = order("#W8969494", "delivered", item("9690244451", "Mechanical Keyboard", 236.51, size="60%"))
JUST_IT_PT = [*looked_up(KETTLE, KEYBOARD),
              "assistant: Então o plano fica:\n\n1. Devolução — pedido #W3135192: Chaleira elétrica, "
              "reembolso de US$ 153,81 no PayPal (paypal_4).\n2. Troca — pedido #W8969494: Teclado "
              "mecânico 60% → 80% (item 2299424241). Diferença de US$ 0,97 cobrada no PayPal.\n\n"
              "Lembrando: a troca de um pedido só pode ser feita uma vez, então confirme se é só o "
              "teclado mesmo nesse pedido. Posso seguir com as duas?",
              "user: É só o teclado sim. Fechado, pode fazer as duas."]
# 82a: a variant described with its unit shortened ("blue, 20h, water resistant")
SPEAKER = order("#W6872071", "delivered", item("4716977452", "Bluetooth Speaker", 289.69, color="blue",
                                               battery_life="10 hours", water_resistance="yes"))
SPEAKERS = {"product_id": "4768869376", "name": "Bluetooth Speaker", "variants": {
    "4716977452": {"item_id": "4716977452", "price": 289.69, "available": True,
                   "options": {"color": "blue", "battery life": "10 hours", "water resistance": "yes"}},
    "3254583681": {"item_id": "3254583681", "price": 302.67, "available": True,
                   "options": {"color": "blue", "battery life": "20 hours", "water resistance": "yes"}},
    "1052700637": {"item_id": "1052700637", "price": 285.81, "available": True,
                   "options": {"color": "red", "battery life": "20 hours", "water resistance": "no"}}}}
LONGER = [*looked_up(SPEAKER), ("read", "get_product_details", {"product_id": "4768869376"}, SPEAKERS),
          "assistant: Here's what I'll do, with PayPal (paypal_4): exchange in order #W6872071, "
          "Bluetooth Speaker → blue, 20h, water resistant ($302.67): +$12.98 charged to PayPal. Shall "
          "I go ahead?", "user: Perfect, do it."]


def speaker(new: str) -> dict[str, Any]:
    return {"order_id": "#W6872071", "item_ids": ["4716977452"], "new_item_ids": [new],
            "payment_method_id": "paypal_4"}


# 82b: two bookings approved, one detail put right in the same message ("no bag for her")
LEI = {"first_name": "Lei", "last_name": "Patel", "dob": "1959-11-15"}
HANNAH = {"first_name": "Hannah", "last_name": "Brooks", "dob": "1994-03-22"}
TWO_BOOKINGS = ["assistant: Plan:\n\n1. Book Lei Patel (1959-11-15) - HAT010, ATL → MCO, May 22, one way, "
                "economy, 1 free bag, no insurance. $121 on Visa ending 7447.\n2. Book Hannah Brooks "
                "(1994-03-22) - HAT217, MCO → BOS, May 21, one way, economy, 1 free bag, no insurance. $121 "
                "on Visa ending 7447.\n\nOK to book both?",
                "user: Both good, go. Actually, Hannah's travelling light - no bag for her. Rest as you "
                "have it."]


def hannah(bags: int) -> dict[str, Any]:
    return {**booking((VISA, 121), passengers=[HANNAH],
                      flights=[{"flight_number": "HAT217", "date": "2024-05-21"}], bags=(bags, 0)),
            "origin": "MCO", "destination": "BOS", "flight_type": "one_way"}


# 82b: the parents' booking said yes to, the user's own held ("Mine's probably fine too, but I
# should check with my manager ...")
RICHARD = {"first_name": "Richard", "last_name": "Martin", "dob": "1956-03-08"}
PARENTS_AND_MINE = ["assistant: Here's the plan:\n\n**Reservation A - your parents**\n- HAT069, JFK → SEA, "
                    "May 20, business\n- Richard Martin (1956-03-08)\n- Total $239, Visa ending 7447\n\n"
                    "**Reservation B - you**\n- HAT023, JFK → SFO, May 25, economy\n- Mia Li (1990-04-05)\n"
                    "- Total $159, Visa ending 7447\n\nShall I book these?",
                    "user: My parents' one looks perfect, go ahead with it. Mine's probably fine too, but "
                    "I should check with my manager about leaving on the 25th before you lock it in."]
PARENTS = {**booking((VISA, 239), passengers=[RICHARD], cabin="business",
                     flights=[{"flight_number": "HAT069", "date": "2024-05-20"}]),
           "origin": "JFK", "destination": "SEA", "flight_type": "one_way"}
MINE = {**booking((VISA, 159), passengers=[MIA], flights=[{"flight_number": "HAT023", "date": "2024-05-25"}]),
        "origin": "JFK", "destination": "SFO", "flight_type": "one_way"}
# 82b: a booking's airports by their cities ("Flight HAT130, Denver → Miami")
BY_CITY = ["assistant: Here's what I'll book:\n\n1. Flight HAT130, Denver → Miami, May 30, 02:00-06:00, one "
           "way, basic economy\n2. Passenger: Mia Li (1990-04-05)\n3. No bags, no insurance\n4. Total $85 "
           "on your Visa ending 7447\n\nOkay to book?", "user: yes book it!!"]


def by_city(origin: str) -> dict[str, Any]:
    return {**booking((VISA, 85), cabin="basic_economy",
                      flights=[{"flight_number": "HAT130", "date": "2024-05-30"}]),
            "origin": origin, "destination": "MIA", "flight_type": "one_way"}


# 82d: "要我现在为您发放吗？" "要的，谢谢"
M8X = reservation("M8XD4F", [("HAT090", "ORD", "LAX", "2024-05-15")])
CERT_ZH = [read(M8X),
           "assistant: 您是金卡会员，按规定我可以为这次延误给您发一张旅行代金券，"
           "金额为每位乘客 $50，共 2 位，即 $100，会存入您的账户，以后订票时可以使用。\n\n"
           "要我现在为您发放吗？", "user: 要的，谢谢"]
# 82d: a passenger's name put right in Traditional Chinese, "沒錯，麻煩改一下"
H3V = {**reservation("H3VQ6W", [("HAT100", "ORD", "SFO", "2024-05-28")]),
       "passengers": [{"first_name": "Chen-Yu", "last_name": "Lin", "dob": "1988-03-14"},
                      {"first_name": "Bo-Han", "last_name": "Lin", "dob": "2016-09-02"}]}
NAME_ZH = [read(H3V), "user: 對了，我剛看到訂位上我兒子的名字好像拼錯了，應該是 Po-Han 不是 Bo-Han。",
           "assistant: 更正後的乘客名單會是：\n\n1. Chen-Yu Lin，生日 1988-03-14（不變）\n"
           "2. **Po-Han** Lin，生日 2016-09-02（只改名字）\n\n請問這樣正確嗎？確認的話我就幫您更新。",
           "user: 沒錯，麻煩改一下"]


def lins(second: str) -> dict[str, Any]:
    return {"reservation_id": "H3VQ6W", "passengers": [
        {"first_name": "Chen-Yu", "last_name": "Lin", "dob": "1988-03-14"},
        {"first_name": second, "last_name": "Lin", "dob": "2016-09-02"}]}


# 82d: a booking's insurance dropped in Spanish ("Sí, pero esta vez sin seguro")
NO_INSURANCE_ES = ["assistant: Este sería el resumen:\n\n- Solo ida DEN → BOS, HAT130 y HAT184, 17 de mayo, "
                   "económica\n- Pasajera: Mia Li (1990-04-05)\n- Seguro de viaje: $30\n- Total: $270 con su "
                   "Visa terminada en 7447\n\n¿Confirma la reserva?",
                   "user: Sí, pero esta vez sin seguro, gracias."]
# 82d: after a failed change, the other flight taken ("下午那班也行，就改那個吧。")
Q3B = reservation("Q3BM7H", [("HAT223", "ORD", "ATL", "2024-05-19")])
MORNING = {"reservation_id": "Q3BM7H", "cabin": "economy", "payment_id": VISA,
           "flights": [{"flight_number": "HAT093", "date": "2024-05-18"}]}
AFTERNOON = {**MORNING, "flights": [{"flight_number": "HAT286", "date": "2024-05-18"}]}
OTHER_FLIGHT_ZH = [read(Q3B),
                   "assistant: 好的，修改內容：\n訂位 Q3BM7H，經濟艙\n航班：5/19 HAT223 → **5/18 HAT093**"
                   "（08:00 ORD → 11:00 ATL）\n差價：共 $14，刷 Visa 尾號 7447\n\n確認嗎？",
                   "user: 好，確認。",
                   ("failed", FLIGHTS, MORNING, "Error: not enough seats on flight HAT093"),
                   "assistant: 很抱歉，HAT093 的經濟艙座位已經不足，沒能改成。另一個選擇是同一天下午的 HAT286"
                   "（14:00 ORD → 17:00 ATL），差價共 **$38**，同樣刷 Visa 尾號 7447。要改成這班嗎？",
                   "user: 下午那班也行，就改那個吧。"]
# 82d: the name said yes to, the bags to be confirmed with someone ("lo confirmo con mi esposa y le
# aviso")
H2V = reservation("H2VR9L", [("HAT100", "SEA", "LAS", "2024-06-06")], bags=2)
NAME_NOT_BAGS_ES = [read(H2V),
                    "assistant: Reserva H2VR9L. Le propongo:\n\n1) **Corregir el nombre**: Mia Li → "
                    "**Mia Lee** (fecha de nacimiento 1990-04-05 sin cambios).\n2) **Maletas**: pasar de "
                    "2 a 4 maletas; las 2 adicionales cuestan $50 cada una, total $100, con su Visa "
                    "terminada en 7447.\n\n¿Procedo con ambas?",
                    "user: Lo del nombre sí, adelante. Las maletas... creo que sí vamos a necesitar las dos "
                    "extra, pero lo confirmo con mi esposa y le aviso."]
# 82d: a new booking's details in Traditional Chinese ("以下是新訂位明細")
NEW_BOOKING_ZH = ["assistant: 以下是新訂位明細：\n\n| 項目 | 內容 |\n|---|---|\n"
                  "| 行程 | 單程 DEN → BOS |\n| 航班 | 5/17 HAT130、HAT184 |\n| 艙等 | 經濟艙 |\n"
                  "| 乘客 | Mia Li（1990-04-05） |\n| 總價 | $240 |\n| 付款 | Visa 尾號 7447 |\n\n"
                  "確認訂位嗎？", "user: 沒問題，訂吧。"]
# 82d: a certificate given in Traditional Chinese ("我可以為此發給您一張 $100 的旅行券")
V2T = reservation("V2TC7H", [("HAT037", "LAX", "SFO", "2024-05-12")])
CERT_TW = [read(V2T),
           "assistant: 您是金卡會員，我可以為此發給您一張 $100 的旅行券（每位乘客 $100 × 1 位），"
           "存入您的帳戶。要我現在寄發嗎？", "user: 好的，謝謝。"]

CASES = [
    shop("Z1132", "allow", FIRST_IT, CANCEL_ORDER, {"order_id": "#W1006327", "reason": "ordered by mistake"},
         "'Il primo annullalo pure'"),
    shop("Z1133", "refuse", FIRST_IT, CANCEL_ORDER, {"order_id": "#W7836908", "reason": "no longer needed"},
         "'Per il secondo ci devo pensare un attimo'"),
    shop("Z1134", "allow", FIRST_EN, CANCEL_ORDER, {"order_id": "#W1006327", "reason": "ordered by mistake"},
         "'Cancel the first one'"),
    shop("Z1135", "refuse", FIRST_EN, CANCEL_ORDER, {"order_id": "#W7836908", "reason": "no longer needed"},
         "'The second one I need to think about'"),
    shop("Z1136", "allow", REASON_PT, CANCEL_ORDER, {"order_id": "#W8005719", "reason": "no longer needed"},
         "'já não preciso dela' is 'no longer needed'"),
    shop("Z1137", "refuse", REASON_PT[:-1], CANCEL_ORDER,
         {"order_id": "#W8005719", "reason": "no longer needed"}, "'Quer mesmo cancelar?' not answered yet"),
    shop("Z1138", "allow", TWO_ADDRESSES_IT, "modify_pending_order_address", GRILL_ADDRESS,
         "'Solo l'ordine'"),
    shop("Z1139", "refuse", TWO_ADDRESSES_IT, "modify_user_address", ADDRESS,
         "'il profilo lascialo com'è per ora'"),
    shop("Z1140", "allow", ONE_BY_ID_NL, "modify_pending_order_payment",
         {"order_id": "#W1129578", "payment_method_id": "credit_card_1"},
         "'Zal ik de wijziging voor #W1129578 doorvoeren?' 'Ja, doe maar.'"),
    shop("Z1141", "refuse", ONE_BY_ID_NL, "modify_pending_order_payment",
         {"order_id": "#W3761872", "payment_method_id": "credit_card_1"}, "the other order, only mentioned"),
    shop("Z1142", "allow", ON_PAYPAL_PT, EXCHANGE, helmet("paypal_4"),
         "'desde que a diferença seja cobrada no PayPal': the turn charges PayPal"),
    shop("Z1143", "refuse", ON_PAYPAL_PT, EXCHANGE, helmet("credit_card_1"), "'e não no meu cartão'"),
    shop("Z1144", "allow", ONLY_PT, RETURN, {"order_id": "#W3929227", "item_ids": ["4202497723"],
                                             "payment_method_id": "credit_card_1"},
         "'Devolva só os auscultadores'"),
    shop("Z1145", "refuse", ONLY_PT, RETURN, {"order_id": "#W3929227",
                                              "item_ids": ["4202497723", "9494281769"],
                                              "payment_method_id": "credit_card_1"},
         "the e-reader too"),
    shop("Z1146", "allow", JUST_IT_PT, RETURN, {"order_id": "#W3135192", "item_ids": ["4458619711"],
                                                "payment_method_id": "paypal_4"},
         "'É só o teclado sim.' answers the agent's own check; 'pode fazer as duas'"),
    shop("Z1147", "refuse", JUST_IT_PT, RETURN, {"order_id": "#W3135192", "item_ids": ["4458619711"],
                                                 "payment_method_id": "credit_card_1"}, "not on PayPal"),
    shop("Z1148", "allow", LONGER, EXCHANGE, speaker("3254583681"), "'blue, 20h, water resistant'"),
    shop("Z1149", "refuse", LONGER, EXCHANGE, speaker("1052700637"), "the red one, not water resistant"),
    trip("Z1150", "allow", TWO_BOOKINGS, "book_reservation", hannah(0),
         "'Both good, go. Actually, Hannah's travelling light - no bag for her.'"),
    trip("Z1151", "refuse", TWO_BOOKINGS, "book_reservation", hannah(1), "her bag kept"),
    trip("Z1152", "allow", PARENTS_AND_MINE, "book_reservation", PARENTS, "'My parents' one ..., go ahead'"),
    trip("Z1153", "refuse", PARENTS_AND_MINE, "book_reservation", MINE,
         "'Mine's probably fine too, but I should check with my manager ...'"),
    trip("Z1154", "allow", BY_CITY, "book_reservation", by_city("DEN"), "'Denver → Miami'"),
    trip("Z1155", "refuse", BY_CITY, "book_reservation", by_city("ORD"), "Chicago was never named"),
    trip("Z1156", "allow", CERT_ZH, CERT, {"user_id": "mia_li_3668", "amount": 100}, "'要的，谢谢'"),
    trip("Z1157", "refuse", CERT_ZH, CERT, {"user_id": "mia_li_3668", "amount": 200}, "not $100"),
    trip("Z1158", "allow", NAME_ZH, PASSENGERS, lins("Po-Han"), "'沒錯，麻煩改一下'"),
    trip("Z1159", "refuse", NAME_ZH, PASSENGERS, lins("Bo-Hang"), "another name"),
    trip("Z1160", "refuse", NO_INSURANCE_ES, "book_reservation", {**booking((VISA, 270)), "insurance": "yes"},
         "'Sí, pero esta vez sin seguro': the call insured"),
    trip("Z1161", "allow", NO_INSURANCE_ES, "book_reservation", booking((VISA, 240)),
         "without insurance, its $30 off the total"),
    trip("Z1162", "allow", OTHER_FLIGHT_ZH, FLIGHTS, AFTERNOON, "'下午那班也行，就改那個吧。'"),
    trip("Z1163", "refuse", OTHER_FLIGHT_ZH[:-1], FLIGHTS, AFTERNOON, "'要改成這班嗎？' not answered yet"),
    trip("Z1164", "allow", NAME_NOT_BAGS_ES, PASSENGERS, {"reservation_id": "H2VR9L", "passengers": [
        {"first_name": "Mia", "last_name": "Lee", "dob": "1990-04-05"}]}, "'Lo del nombre sí, adelante.'"),
    trip("Z1165", "refuse", NAME_NOT_BAGS_ES, "update_reservation_baggages",
         {"reservation_id": "H2VR9L", "total_baggages": 4, "nonfree_baggages": 2, "payment_id": VISA},
         "'pero lo confirmo con mi esposa y le aviso'"),
    trip("Z1166", "allow", NEW_BOOKING_ZH, "book_reservation", booking((VISA, 240)),
         "'以下是新訂位明細' '沒問題，訂吧。'"),
    trip("Z1167", "refuse", NEW_BOOKING_ZH, "book_reservation", booking((GC1, 240)), "not the Visa"),
    trip("Z1168", "allow", CERT_TW, CERT, {"user_id": "mia_li_3668", "amount": 100},
         "'我可以為此發給您一張 $100 的旅行券' '好的，謝謝。'"),
    trip("Z1169", "refuse", [*CERT_TW[:-1], "user: 要怎麼用？"], CERT,
         {"user_id": "mia_li_3668", "amount": 100}, "a question, no yes"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Both good, go.", Act.AFFIRM),
    ("Just the order.", Act.AFFIRM),
    ("要的，谢谢", Act.AFFIRM),
    ("要不要？", Act.HOLD),
    ("沒錯，麻煩改一下", Act.AFFIRM),
    ("沒錯嗎？", Act.HOLD),
    ("下午那班也行，就改那個吧。", Act.AFFIRM),
    ("也行吗？", Act.HOLD),
    ("Yes. I will check with my wife first.", Act.HOLD),
    ("Yes please, I will confirm with the email you send me.", Act.AFFIRM),
])
def test_review82_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
