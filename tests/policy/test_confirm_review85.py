"""Cases from the eighty-fifth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English, payment methods and
changes of mind; airline in English, passengers, cabins and conditions; retail in Spanish,
Portuguese and Italian; airline in Chinese and Japanese. Shortened to what the check reads, each
refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

FLIGHTS = "update_reservation_flights"
PASSENGERS = "update_reservation_passengers"
CANCEL = "cancel_reservation"
CERT = "send_certificate"
RETURN = "return_delivered_order_items"
EXCHANGE = "exchange_delivered_order_items"
ITEMS = "modify_pending_order_items"
PAYMENT = "modify_pending_order_payment"

# 85a: a yes to the return, the exchange put off in the same turn with "one sec"
BUDS = order("#W1579621", "delivered", item("7184044281", "Headphones", 344.55, type="in-ear"))
BOOTS = order("#W3972714", "delivered", item("2658930189", "Hiking Boots", 241.68, size="9"))
BOTH = [*looked_up(BUDS, BOOTS),
        "assistant: Proposed:\n- Return the headphones from #W1579621, refund $344.55 to your Visa "
        "ending 7334\n- Exchange the size 9 boots on #W3972714 for size 10 (item 1615379700), paying "
        "$12.21 with a payment method of your choice\n\nHow would you like to proceed?",
        "user: return yes go ahead, visa is fine. for the boots let me check if 10 is right, one sec"]
# 85a: the refund's method changed twice, the last word PayPal
KEYS = order("#W7764382", "delivered", item("9665000388", "Mechanical Keyboard", 269.46,
                                            backlight="none"))
TWICE = [*looked_up(KEYS),
         "assistant: Proposed exchange:\n- Order #W7764382: Mechanical Keyboard (clicky, none, 80%) for "
         "Mechanical Keyboard (clicky, RGB, 80%) (item 2299424241)\n- Refund of $31.98 to PayPal "
         "(paypal_4)\n\nShall I go ahead?",
         "user: yes... actually put the refund on my visa instead",
         "assistant: Sure. Updated details:\n- Order #W7764382: Mechanical Keyboard (clicky, none, 80%) "
         "for Mechanical Keyboard (clicky, RGB, 80%)\n- Refund of $31.98 to your Visa ending 7334\n\n"
         "Shall I proceed?",
         "user: hmm no sorry, paypal after all, the visa's about to expire. yep go"]


def keyboard(pay: str) -> dict[str, Any]:
    return {"order_id": "#W7764382", "item_ids": ["9665000388"], "new_item_ids": ["2299424241"],
            "payment_method_id": pay}


# 85b: "as long as I'm still on the same flight" to a turn saying it stays on the same flight
JX5 = reservation("JX5C1V", [("HAT175", "PHL", "CLT", "2024-05-26")])


def downgrade(flight: str, said: str) -> list[Any]:
    return [read(JX5), f"assistant: Details:\n- Reservation JX5C1V {said}\n- Cabin changes from "
                       "economy to basic economy\n- You'd get $111 back to your Visa ending 7447\n\n"
                       "Would you like me to make this change?",
            "user: yeah do that, as long as I'm still on the same flight"]


def basic(flight: str) -> dict[str, Any]:
    return {"reservation_id": "JX5C1V", "cabin": "basic_economy", "payment_id": VISA,
            "flights": [{"flight_number": flight, "date": "2024-05-26"}]}


# 85b: "as long as the outbound stays at 8am" to a turn keeping the outbound at 08:00
E9Q = reservation("E9QJ4P", [("HAT104", "PHX", "ORD", "2024-05-20"), ("HAT142", "ORD", "PHX", "2024-05-25")],
                  flight_type="round_trip")


def at_eight(departs: str) -> list[Any]:
    return [read(E9Q), "assistant: Here's the plan for E9QJ4P:\n1. Flights and cabin: keep outbound "
                       f"HAT104 PHX -> ORD on May 20 (departs {departs}), change return to HAT262 ORD "
                       "-> PHX on May 25 (19:00), with both flights in business. $488 charged to your "
                       "Visa ending 7447.\n\nShall I go ahead?",
            "user: yes, as long as the outbound stays at 8am. then go ahead"]


UP_E9Q = {"reservation_id": "E9QJ4P", "cabin": "business", "payment_id": VISA,
          "flights": [{"flight_number": "HAT104", "date": "2024-05-20"},
                      {"flight_number": "HAT262", "date": "2024-05-25"}]}
# 85b: "make it 2 bags, not 1" puts a count right; it leaves no step 1 out
T2W = reservation("T2WE5S", [("HAT016", "BOS", "LAX", "2024-06-02")])
COUNT_FIXED = [read(T2W), "assistant: Here's what I'd do on T2WE5S:\n1. Correct the passenger's name "
                          "from Mia Li to Mia Lee\n2. Add 1 checked bag (free)\n\nShall I go ahead "
                          "with both?",
               "user: yes to both, but make it 2 bags, not 1"]
# 85c: Italian, the yes to one step by its action, the other held ("Per lo skateboard aspetta")
TRIP_IT = order("#W2818151", "pending", item("2818151001", "Thermostat", 300.0, color="white"))
SKATE = order("#W5918442", "pending", item("5312063289", "Skateboard", 180.0, length="31 inch"))
PER_IT = [*looked_up(TRIP_IT, SKATE),
          "assistant: 1. Annullare l'ordine #W2818151 (termostato), motivo 'no longer needed'. Rimborso "
          "sulla Visa 7334.\n2. Modificare nell'ordine #W5918442 lo Skateboard 31\" (item 5312063289) → "
          "28\" (item 6843647669). Rimborso di $15.05 sulla Visa 7334.\n\nProcedo con entrambe?",
          "user: Per l'annullamento sì, vai pure. Per lo skateboard aspetta un attimo, devo chiedere a "
          "mio figlio se 28 va bene."]
# 85c: Spanish, one limit put right by the next ("ay no, perdón, no hay lámpara. Solo las botas ...")
THREE_ES = order("#W8632528", "delivered", item("8632528001", "Backpack", 212.79, color="grey"),
                 item("2185126308", "Hiking Boots", 241.90, size="10"),
                 item("6245231688", "Dumbbell Set", 522.03, weight="30-50 lbs"))
PUT_RIGHT_ES = [*looked_up(THREE_ES),
                "assistant: Su pedido #W8632528 tiene:\n1. Backpack gris — $212.79\n2. Hiking Boots "
                "talla 10 — $241.90\n3. Dumbbell Set 30-50 lbs — $522.03\n\nEl reembolso iría a su "
                "tarjeta de regalo gift_card_3. ¿Confirma la devolución de los tres artículos?",
                "user: Pensándolo bien, solo la lámpara y las pesas... ay no, perdón, no hay lámpara. "
                "Solo las botas y las pesas, la mochila me la quedo. Sí, procede con esas dos."]
# 85c: Portuguese, the watch left as it is ("o relógio deixa como está por enquanto")
HELMET_PT = order("#W5320242", "pending", item("2206116040", "Helmet", 200.0, size="M"),
                  item("2860956907", "Smart Watch", 315.61, color="black"))
WATCH_KEPT_PT = [*looked_up(HELMET_PT),
                 "assistant: A alteração seria:\n- Capacete M (item 2206116040) → L (item 1665571435)\n"
                 "- Smart Watch preto (item 2860956907) → dourado (item 5694328282)\n- Reembolso de US$ "
                 "5,44 para o PayPal (paypal_4)\n\nConfirma a alteração desses dois itens?",
                 "user: Sim pro capacete, mas o relógio deixa como está por enquanto, quero pensar "
                 "melhor se vale a pena o dourado."]
# 85c: Portuguese, a payment change whose turn says what the order is paid with now
VACUUM_PT = order("#W9655299", "pending", item("9655299001", "Vacuum Cleaner", 1778.51, type="robotic"))
PAID_WITH_PT = [*looked_up(VACUUM_PT),
                "assistant: O pedido #W9655299 (Vacuum Cleaner) está pendente, no valor de US$ 1.778,51, "
                "pago com o cartão-presente gift_card_3. A alteração seria:\n\n- Pedido: #W9655299\n- "
                "Nova forma de pagamento: Mastercard final 5018 (credit_card_2), cobrança de US$ "
                "1.778,51\n- O valor volta para o cartão-presente imediatamente\n\nConfirma?",
                "user: beleza, pode trocar"]
# 85d: Japanese, the name changed, the date kept as it is ("日付の方は…このままで結構です")
U7B = reservation("U7BN3Q", [("HAT258", "SEA", "SFO", "2024-05-24")])
NAME_NOT_DATE = [read(U7B),
                 "assistant: 以下の2点について確認させてください：\n1. 搭乗者の変更：Mia Li 様"
                 "（1990-04-05）→ Mio Fujita 様（1995-08-09）\n2. 日程の変更：HAT258 5月24日 → "
                 "HAT258 5月25日 14:00発、エコノミー。"
                 "差額 22ドルを Visa（末尾7447）にご請求\n\n両方とも進めてよろしいでしょうか？",
                 "user: 名前の変更はお願いします。日付の方は…上司とも相談したんですが、やっぱりこのままで"
                 "結構です。"]
# 85d: Chinese, two cancellations by their ids, one held by its city ("丹佛那个……我再考虑一下")
ORD_TRIP = reservation("R5TY2K", [("HAT032", "ORD", "SFO", "2024-05-28")], cabin="business")
DEN_TRIP = reservation("L9QP3M", [("HAT061", "DEN", "LAS", "2024-05-30")])
CITY_ZH = [read(ORD_TRIP), read(DEN_TRIP),
           "assistant: 取消详情：\n1. 取消 R5TY2K，$538 退回尾号 7447 的 Visa\n2. 取消 L9QP3M，"
           "$298 退回礼品卡 "
           "gift_card_1000001\n退款将在 5–7 个工作日内到账。\n\n请问确认取消这两个订单吗？",
           "user: 芝加哥那个取消吧。丹佛那个……我再考虑一下，说不定还是要去。"]
# 85d: Japanese, an option picked by the part of the day ("午前の便でお願いします")
N5G = reservation("N5GC8X", [("HAT266", "MSP", "EWR", "2024-05-21")])
MORNING_JA = [read(N5G),
              "assistant: ご予約 N5GC8X の5月21日の便は以下のとおりです：\n1. HAT045　10:00発 → "
              "12:10着　171ドル（差額13ドルを "
              "Visa 末尾7447 にご請求）\n2. HAT112　17:00発 → 19:10着　158ドル（差額3ドルを Visa 末尾7447 "
              "へご返金）\n\nどちらの便に変更いたしましょうか？",
              "user: 午前の便でお願いします。"]


def to_n5g(flight: str) -> dict[str, Any]:
    return {"reservation_id": "N5GC8X", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": flight, "date": "2024-05-21"}]}


# 85d: Chinese, a passenger's line whose birth date stays ("出生日期 1990-04-05 不变")
I8R = reservation("I8RJ5N", [("HAT098", "JFK", "ORD", "2024-05-22")])
NAME_ZH = [read(I8R), "assistant: 可以为您修改。修改内容：\n- 预订号：I8RJ5N\n- 乘客：名 Mia → Miya，姓 Li，"
                      "出生日期 1990-04-05 不变\n确认修改吗？",
           "user: yes yes，改"]
# 85d: Chinese, someone to ask first ("不过我得先跟我老板确认一下")
ZB6 = reservation("ZB6R1D", [("HAT129", "LGA", "PHX", "2024-05-21")])
BOSS_ZH = [read(ZB6), "assistant: 改签详情：\n- 航班：HAT129 5月22日 09:00 起飞\n- 差价：$23，"
                      "从您尾号 7447 的 "
                      "Visa 信用卡扣款\n\n请问确认修改吗？",
           "user: 嗯……22号早上的话应该也行吧，不过我得先跟我老板确认一下那天上午有没有会。"]

CASES = [
    shop("Z1222", "allow", BOTH, RETURN, {"order_id": "#W1579621", "item_ids": ["7184044281"],
                                          "payment_method_id": "credit_card_1"},
         "'return yes go ahead, visa is fine.'"),
    shop("Z1223", "refuse", BOTH, EXCHANGE, {"order_id": "#W3972714", "item_ids": ["2658930189"],
                                             "new_item_ids": ["1615379700"],
                                             "payment_method_id": "gift_card_3"},
         "'for the boots let me check if 10 is right, one sec'"),
    shop("Z1224", "refuse", TWICE, EXCHANGE, keyboard("credit_card_1"), "'paypal after all'"),
    shop("Z1225", "allow", TWICE, EXCHANGE, keyboard("paypal_4"), "'paypal after all ... yep go'"),
    trip("Z1226", "allow", downgrade("HAT175", "stays on the same flight, HAT175 on May 26, 2024"),
         FLIGHTS, basic("HAT175"), "'as long as I'm still on the same flight' to 'stays on the same flight'"),
    trip("Z1227", "refuse", downgrade("HAT176", "moves to HAT176 on May 26, 2024"), FLIGHTS,
         basic("HAT176"), "the turn moves the flight"),
    trip("Z1228", "allow", at_eight("08:00"), FLIGHTS, UP_E9Q, "'as long as the outbound stays at 8am'"),
    trip("Z1229", "refuse", at_eight("10:00"), FLIGHTS, UP_E9Q, "the outbound leaves at 10:00"),
    trip("Z1230", "allow", COUNT_FIXED, PASSENGERS, {"reservation_id": "T2WE5S", "passengers": [
        {"first_name": "Mia", "last_name": "Lee", "dob": "1990-04-05"}]},
         "'make it 2 bags, not 1' leaves no step 1 out"),
    shop("Z1231", "allow", [*PER_IT[:-1], "user: sip"], "cancel_pending_order",
         {"order_id": "#W2818151", "reason": "no longer needed"}, "'sip'"),
    shop("Z1232", "allow", PER_IT, "cancel_pending_order",
         {"order_id": "#W2818151", "reason": "no longer needed"}, "'Per l'annullamento sì, vai pure.'"),
    shop("Z1233", "refuse", PER_IT, ITEMS, {"order_id": "#W5918442", "item_ids": ["5312063289"],
                                            "new_item_ids": ["6843647669"],
                                            "payment_method_id": "credit_card_1"},
         "'Per lo skateboard aspetta un attimo'"),
    shop("Z1234", "allow", PUT_RIGHT_ES, RETURN, {"order_id": "#W8632528",
                                                  "item_ids": ["2185126308", "6245231688"],
                                                  "payment_method_id": "gift_card_3"},
         "'Solo las botas y las pesas' after 'ay no, perdón'"),
    shop("Z1235", "refuse", PUT_RIGHT_ES, RETURN, {"order_id": "#W8632528",
                                                   "item_ids": ["8632528001", "2185126308", "6245231688"],
                                                   "payment_method_id": "gift_card_3"},
         "'la mochila me la quedo'"),
    shop("Z1236", "refuse", WATCH_KEPT_PT, ITEMS, {"order_id": "#W5320242",
                                                   "item_ids": ["2206116040", "2860956907"],
                                                   "new_item_ids": ["1665571435", "5694328282"],
                                                   "payment_method_id": "paypal_4"},
         "'o relógio deixa como está por enquanto'"),
    shop("Z1237", "allow", WATCH_KEPT_PT, ITEMS, {"order_id": "#W5320242", "item_ids": ["2206116040"],
                                                  "new_item_ids": ["1665571435"],
                                                  "payment_method_id": "paypal_4"},
         "'Sim pro capacete'"),
    shop("Z1238", "allow", PAID_WITH_PT, PAYMENT,
         {"order_id": "#W9655299", "payment_method_id": "credit_card_2"},
         "'pago com o cartão-presente' is what it is paid with now"),
    shop("Z1239", "refuse", PAID_WITH_PT, PAYMENT, {"order_id": "#W9655299", "payment_method_id": "paypal_4"},
         "PayPal was never proposed"),
    trip("Z1240", "allow", [read(U7B), "assistant: お詫びとして100ドルのトラベル証明書をお客様のアカウント"
                                       "に発行できます。発行してもよろしいでしょうか？",
                            "user: 本当ですか。では、ありがたく頂戴します。"], CERT,
         {"user_id": "mia_li_3668", "amount": 100}, "'ありがたく頂戴します'"),
    trip("Z1241", "allow", NAME_NOT_DATE, PASSENGERS, {"reservation_id": "U7BN3Q", "passengers": [
        {"first_name": "Mio", "last_name": "Fujita", "dob": "1995-08-09"}]}, "'名前の変更はお願いします'"),
    trip("Z1242", "refuse", NAME_NOT_DATE, FLIGHTS, {"reservation_id": "U7BN3Q", "cabin": "economy",
                                                      "payment_id": VISA, "flights": [
                                                          {"flight_number": "HAT258", "date": "2024-05-25"}]},
         "'日付の方は…このままで結構です'"),
    trip("Z1243", "allow", CITY_ZH, CANCEL, {"reservation_id": "R5TY2K"}, "'芝加哥那个取消吧'"),
    trip("Z1244", "refuse", CITY_ZH, CANCEL, {"reservation_id": "L9QP3M"}, "'丹佛那个……我再考虑一下'"),
    trip("Z1245", "refuse", MORNING_JA, FLIGHTS, to_n5g("HAT112"), "'午前の便' is HAT045, not the 17:00"),
    trip("Z1246", "allow", MORNING_JA, FLIGHTS, to_n5g("HAT045"), "'午前の便でお願いします'"),
    trip("Z1247", "allow", NAME_ZH, PASSENGERS, {"reservation_id": "I8RJ5N", "passengers": [
        {"first_name": "Miya", "last_name": "Li", "dob": "1990-04-05"}]},
         "'出生日期 1990-04-05 不变' is a clause of its own"),
    trip("Z1248", "refuse", BOSS_ZH, FLIGHTS, {"reservation_id": "ZB6R1D", "cabin": "economy",
                                               "payment_id": VISA, "flights": [
                                                   {"flight_number": "HAT129", "date": "2024-05-22"}]},
         "'不过我得先跟我老板确认一下'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("sip", Act.AFFIRM),
    ("ss pode mudar", Act.AFFIRM),
    ("sip, pero primero dime el total?", Act.HOLD),
    ("じゃあ、いただいておきます。", Act.AFFIRM),
    ("お願いできますか。", Act.AFFIRM),
    ("それについて考えてからお願いできますか。", Act.HOLD),
    ("そうですか…。楽しみにしていたんですけど、仕方ないですね。お願いします。", Act.AFFIRM),
    ("本当ですか？", Act.HOLD),
    ("哦那算了，也没关系，改吧。", Act.AFFIRM),
    ("算了，不用了", Act.HOLD),
    ("如果可以的话还是给我吧", Act.AFFIRM),
    ("那太好了，加上。", Act.AFFIRM),
    ("不加上", Act.HOLD),
    ("yes to all 3 thats exactly it and also do you know if the laptop has a warranty or not lol",
     Act.AFFIRM),
])
def test_review85_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
