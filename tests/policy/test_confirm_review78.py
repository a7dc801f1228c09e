"""Cases from the seventy-eighth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English where the customer
revises the plan several times, airline in Spanish, Portuguese and German, retail in Chinese and
Japanese, airline in English with failed calls and retries. Shortened to what the check reads,
each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, booking, executed, failed, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order

RETURN = "return_delivered_order_items"
EXCHANGE = "exchange_delivered_order_items"
CANCEL = "cancel_pending_order"

# 78a: a plan put right in one step, the agent carrying the others ("Items 2 and 3 stay the same")
LA = order("#W7990410", "delivered", item("7990410001", "Electric Kettle", 137.17, material="glass"),
           item("7990410002", "Headphones", 353.76, type="over-ear"))
CHAIR = order("#W1443906", "pending", item("1443906001", "Office Chair", 500.0, material="leather"),
              item("1443906002", "Grill", 920.77, type="gas"))
CARRIED = [*looked_up(LA, CHAIR),
           "assistant: Here's everything I'd do:\n\n1. Return from order #W7990410 (delivered): Electric "
           "Kettle (glass, $137.17) and Headphones (over-ear, $353.76). Refund of $490.93 to your Visa.\n2. "
           "Cancel order #W1443906 (pending): Office Chair (leather) and Grill (gas), total $1,420.77 "
           "refunded to your Visa. Reason: no longer needed.\n3. Update your default address to 3050 "
           "Riverside Dr, Unit 12, Austin, TX 78741, USA.\n\nPlease confirm (yes) and I'll take care of all "
           "three.", "user: Hmm. Drop the kettle from the return, I'll keep it.",
           "assistant: Sure. Updated item 1: return only the Headphones (over-ear, $353.76) from order "
           "#W7990410, refunded to your Visa. Items 2 and 3 stay the same. OK to proceed with all three?",
           "user: ok go ahead with all three"]
# 78a: one return per order in one sentence, each item's price after a dash
DASHED = [*looked_up(LA, CHAIR),
          "assistant: So the plan is now: return the Electric Kettle (glass – $137.17) from order "
          "#W7990410, where the Headphones stay with you, and return the Grill (gas – $920.77) from "
          "order #W1443906. Refunds go to your Visa. Does that look right?",
          "user: Sounds right, do all of that."]
# 78a: a second variant offered after a hesitation, "confirm when you're ready"
SPEAKER = {"product_id": "p9", "name": "Bluetooth Speaker", "variants": {
    "9000000011": {"item_id": "9000000011", "options": {"color": "blue", "battery life": "10 hours"},
                   "available": True, "price": 289.69},
    "9000000012": {"item_id": "9000000012", "options": {"color": "blue", "battery life": "20 hours"},
                   "available": True, "price": 302.67}}}
GREEN = order("#W1713682", "delivered", {"item_id": "9000000019", "name": "Bluetooth Speaker",
                                         "product_id": "p9", "price": 292.71,
                                         "options": {"color": "green", "battery life": "10 hours"}})
READY = [*looked_up(GREEN), ("read", "get_product_details", {"product_id": "p9"}, SPEAKER),
         "assistant: Here's the exchange for order #W1713682:\n\n- Bluetooth Speaker (green, 10 hours – "
         "$292.71) → Bluetooth Speaker (blue, 10 hours – $289.69)\n- You'd receive $3.02 back to your "
         "Visa\n\nShall I proceed?",
         "user: Hmm, I'm not sure. The 20 hour blue one is pricier... maybe that one instead?",
         "assistant: No rush! If you go with the 20-hour blue speaker:\n\n- Bluetooth Speaker (green, 10 "
         "hours – $292.71) → Bluetooth Speaker (blue, 20 hours – $302.67)\n- You'd pay a difference of "
         "$9.96, charged to your Visa\n\nJust let me know which you prefer, and confirm when you're "
         "ready for me to submit it.", "user: OK yes. Do the 20 hour one. Ten bucks is worth it."]

# 78a: "no wait, is there an 11.5?", then "The only change from before is the new boot"
BOOTS = order("#W8998368", "delivered", item("8277474082", "Hiking Boots", 236.57, size="12",
                                             material="leather"))
ONLY_CHANGE = [*looked_up(BOOTS), "assistant: Here's the exchange:\n\n- Hiking Boots (size 12, leather, "
               "waterproof – $236.57) → Hiking Boots (size 11, leather, waterproof – $259.75)\n- Price "
               "difference: $23.18, paid from your gift card\n\nShall I proceed?",
               "user: no wait, is there an 11.5? 11 might be tight",
               "assistant: I'm sorry, these boots only come in whole sizes; there's no 11.5.",
               "user: ok, 11 then, but the non-waterproof leather one, it's cheaper right?",
               "assistant: Yes, the size 11 leather non-waterproof boots are $245.99. The only change from "
               "before is the new boot: Hiking Boots (size 11, leather, not waterproof – $245.99), so the "
               "difference becomes $9.42, from your gift card. Nothing else in the order changes. Shall I "
               "go ahead?", "user: yes go"]
# 78a: the order put right, then "Do you want to cancel this order, and for which reason?"
GRILL = order("#W3482034", "pending", item("3482034001", "Grill", 1058.86, type="electric"))
READER = order("#W4895606", "pending", item("4895606001", "E-Reader", 267.58, screen="7-inch"),
               item("4895606002", "Desk Lamp", 154.17, color="black"))
WHICH_REASON = [*looked_up(GRILL), "assistant: Order #W3482034 (pending) contains one item: Grill "
                "(electric) – $1,058.86. Could you confirm the cancellation and the reason?",
                "user: Yes— wait, not that order, the other one, with the e-reader.",
                ("read", "get_order_details", {"order_id": "#W4895606"}, READER),
                "assistant: The other pending order is #W4895606:\n- E-Reader (7-inch) – $267.58\n- Desk "
                "Lamp (black) – $154.17\n\nTotal $421.75, refunded to your Visa. Do you want to cancel "
                "this order, and for which reason?", "user: Yes, that one. No longer needed."]
# 78a: "maybe the lamp, I haven't decided", then only where the refund goes asked
MAYBE = order("#W4794911", "delivered", item("5268233322", "Electric Kettle", 155.99, capacity="1L"),
              item("9190635437", "Desk Lamp", 153.23, color="black"))
REFUND_ONLY = [*looked_up(MAYBE), "assistant: Order #W4794911 contains a Desk Lamp and an Electric Kettle. "
               "Which items would you like to return?",
               "user: The kettle for sure. And maybe the lamp, I haven't decided yet.",
               "assistant: Got it. Would you like the refund to go to the original payment method, your "
               "Visa?", "user: yes"]

# 78b: a total of bags said in Portuguese ("2 malas no total: 1 grátis e 1 paga")
MP8 = reservation("MP8X3C", [("HAT045", "CLT", "MIA", "2024-05-19")], bags=1)
MALAS = [read(MP8), "assistant: Este é o plano:\n\n1. Alterar o voo da reserva MP8X3C: sai o HAT045 de 19/05 "
         "e entra o HAT222 de 21/05, classe econômica. A diferença de $15 será reembolsada no vale-presente "
         "gift_card_1000001.\n2. Atualizar a bagagem para 2 malas no total: 1 grátis e 1 paga, $50 cobrados "
         "no vale-presente gift_card_1000001.\n\nPosso prosseguir com as duas alterações?",
         "user: Isso, pode fazer as duas coisas."]
# 78b: "Quer que eu veja os voos ...?" "Sim, por favor." is no go-ahead for a change
YF2 = reservation("YF2C9K", [("HAT165", "CLT", "MIA", "2024-05-20")])
LOOK_PT = [read(YF2), "assistant: Sua reserva YF2C9K é somente ida, de CLT para MIA, no voo HAT165 de 20/05, "
           "classe econômica. Quer que eu veja os voos disponíveis de CLT para MIA no dia 22 de maio?",
           "user: Sim, por favor."]
# 78b: a method picked with "no" (on the) in Portuguese
ON_GIFT_PT = [read(YF2), "assistant: Como membro regular em classe econômica, você tem 1 mala despachada "
              "grátis; a segunda custa $50. Ficaria assim: reserva YF2C9K com 2 malas no total, 1 grátis e 1 "
              "paga ($50). Prefere pagar com o Visa final 7447 ou com o vale-presente gift_card_1000001?",
              "user: Coloca no vale-presente."]
# 78b: a correction of passengers' dates proposed in Spanish by the list alone
JQ9 = reservation("JQ9T4W", [("HAT100", "MEX", "LAX", "2024-05-20")])
JQ9["passengers"] = [{"first_name": "Diego", "last_name": "Castro", "dob": "2012-09-17"},
                     {"first_name": "Regina", "last_name": "Castro", "dob": "2012-07-19"}]
CORREGIR = [read(JQ9),
            "assistant: Tiene toda la razón: en la reserva JQ9T4W modifiqué la fecha de Regina en lugar "
            "de la de Diego. Para corregirlo, la lista quedaría así:\n\n1. Diego Castro – 2012-07-19\n2. "
            "Regina Castro – 2015-02-11\n\n¿Me confirma que haga esta corrección?",
            "user: Ándale, así sí."]

# 78c: a sum said as the turn gives it, taken as a condition met ("まあ差額5ドルならいいです" to $5.14)
HIKE = order("#W5961635", "delivered", item("6546364613", "Hiking Boots", 231.43, size="11"))
FIVE_JA = [*looked_up(HIKE),
           "assistant: 交換内容：\n- 注文：#W5961635\n- Hiking Boots size 11 (6546364613) → size 12 / "
           "leather (8277474082)\n- 差額 $5.14 をギフトカード gift_card_3 でお支払い\n\n"
           "この内容で進めてよろしいですか？",
           "user: 素材が革になるんですね。まあ差額5ドルならいいです。お願いします。"]
FIFTY_JA = [*FIVE_JA[:-1], "user: 素材が革になるんですね。まあ差額50ドルならいいです。お願いします。"]
# 78c: "退款：Mastercard 尾号 5018" names where the refund goes
PHONES_ZH = order("#W9323073", "delivered", item("5788631787", "Headphones", 375.55, type="on-ear"))
REFUND_ZH = [*looked_up(PHONES_ZH), "assistant: 退货详情：\n- 订单：#W9323073\n- 退货：Headphones（item "
             "5788631787）$375.55\n- 退款：Mastercard 尾号 5018\n\n确认办理吗？", "user: 确认"]
# 78c: "把订单 ... 里的 Headphones 取消掉": one item, not the order
WATCH_ZH = order("#W3176007", "pending", item("3176007001", "Headphones", 359.66, type="in-ear"),
                 item("3176007002", "Smart Watch", 300.0, color="black"))
BA_ZH = [*looked_up(WATCH_ZH), "assistant: 好的，我帮您把订单 #W3176007 里的 Headphones 取消掉，取消原因是"
         "“不再需要”（no longer needed），款项退回 Visa。可以吗？", "user: 可以，谢谢"]
# 78c: the whole order said in Japanese ("キャンセルは注文全体が対象となり ...")
VACUUM = order("#W8997398", "pending", item("8997398001", "Smart Thermostat", 500.0, color="white"),
               item("8997398002", "Vacuum Cleaner", 698.05, type="robotic"),
               item("8997398003", "Tablet", 500.0, screen="10-inch"))
WHOLE_JA = [*looked_up(VACUUM), "assistant: ご注文 #W8997398（Smart Thermostat, Vacuum Cleaner, Tablet）は "
            "pending です。キャンセルは注文全体が対象となり、掃除機だけでなく Smart Thermostat と Tablet も"
            "キャンセルされます。\n- 理由：no longer needed\n- 返金：Visa\n\nよろしいですか？",
            "user: はい、全部キャンセルで大丈夫です。"]
# 78c: two questions, the yes scoped to the offer to look ("颜色的话好啊，帮我看看")
CHAIR_ZH = order("#W2052757", "pending", item("2052757001", "Office Chair", 544.29, color="red"))
LOOK_ZH = [*looked_up(CHAIR_ZH),
           "assistant: 可以修改：订单 #W2052757 的付款方式由 PayPal 改为 Visa 尾号 7334。"
           "请问是否确认修改付款方式？\n\n另外，需要我帮您查一下 Office Chair 还有哪些其他颜色吗？",
           "user: 颜色的话好啊，帮我看看"]

# 78d: "Hold off on the bag for now" in the turn the flight change's summary answered
M2X = reservation("M2XK9C", [("HAT290", "DEN", "LAS", "2024-05-18"),
                            ("HAT175", "LAS", "DEN", "2024-05-22")], flight_type="round_trip")
BAG_HELD = [read(M2X), "assistant: For May 23: HAT175, $118. About the bag: you get 1 free checked bag, "
            "so adding one would cost nothing. Which flight would you like, and would you like me to add the "
            "bag?",
            "user: HAT175 again on the 23rd please, on my Visa. Hold off on the bag for now, I need to "
            "see if my sister is lending me her suitcase.",
            "assistant: Here's the change:\n- Reservation M2XK9C, economy\n- Return: HAT175, moved from May "
            "22 to May 23\n- Fare difference: $14, charged to your Visa ending 7447\n\nShall I proceed?",
            "user: Yes proceed."]
# 78d: an "ok" to a booking reported done, then a new request; the same booking made again
ONE_WAY_SUMMARY = ("- One way, DEN to BOS\n- HAT130 + HAT184, May 17\n- Economy\n- Passenger: Mia Li "
                   "(1990-04-05)\n- 0 checked bags, no insurance\n- $240 on your Visa ending 7447")
BOOKED_AGAIN = [f"assistant: Here's your booking:\n{ONE_WAY_SUMMARY}\n\nShall I book it?",
                "user: Book mine.",
                executed("book_reservation", booking((VISA, 240))),
                "assistant: Your flight is booked! Reservation B4NC7Y: HAT130 + HAT184, May 17, $240 on your "
                "Visa. Let me know your mom's date whenever you're ready.",
                "user: ok mom says the 23rd works. same flight if possible, economy, no bags, my visa."]
# 78d: a booking that failed, one option offered instead, "Fine, that one."
THAT_ONE = [f"assistant: Here's the summary:\n{ONE_WAY_SUMMARY}\n\nShall I book it?",
            "user: Yes, go ahead.",
            failed("book_reservation", booking((VISA, 240)), "Error: not enough seats on flight HAT130"),
            "assistant: I'm sorry, the booking didn't go through: HAT130 is full. The alternative is HAT131 "
            "+ HAT184 on May 17, with everything else the same, for a total of $260 on your Visa ending "
            "7447. Would you like that instead?", "user: Fine, that one."]
HAT131 = [{"flight_number": "HAT131", "date": "2024-05-17"},
          {"flight_number": "HAT184", "date": "2024-05-17"}]
# 78d: two upgrades offered, "Do mine now. I'll ask Jenna about hers first"
MINE_R = reservation("F2KD9R", [("HAT204", "SFO", "ORD", "2024-05-25")])
JENNA_R = {**reservation("W8PX3E", [("HAT204", "SFO", "ORD", "2024-05-25")]),
           "passengers": [{"first_name": "Jenna", "last_name": "Li", "dob": "1995-01-01"}]}
MINE = [read(MINE_R), read(JENNA_R), "assistant: Both reservations are on HAT204, SFO to ORD, May 25, in "
        "economy. Business is $488, so:\n\n1. F2KD9R (Mia Li): upgrade to business, +$312 on your Visa "
        "ending 7447\n2. W8PX3E (Jenna Li): upgrade to business, +$312 on your Visa ending 7447\n\nShall I "
        "do both?", "user: Do mine now. I'll ask Jenna about hers first, she might not want to pay me back."]


def upgrade(rid: str) -> dict[str, Any]:
    return {"reservation_id": rid, "cabin": "business", "payment_id": VISA,
            "flights": [{"flight_number": "HAT204", "date": "2024-05-25"}]}


def castro(diego: str, regina: str) -> dict[str, Any]:
    return {"reservation_id": "JQ9T4W", "passengers": [
        {"first_name": "Diego", "last_name": "Castro", "dob": diego},
        {"first_name": "Regina", "last_name": "Castro", "dob": regina}]}


def swap(new: str) -> dict[str, Any]:
    return {"order_id": "#W1713682", "item_ids": ["9000000019"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


CASES = [
    shop("Z1039", "allow", CARRIED, CANCEL, {"order_id": "#W1443906", "reason": "no longer needed"},
         "'Items 2 and 3 stay the same. OK to proceed with all three?' 'ok go ahead with all three'"),
    shop("Z1040", "allow", CARRIED, RETURN, give_back("#W7990410", "7990410002"), "the headphones only"),
    shop("Z1041", "refuse", CARRIED, RETURN, give_back("#W7990410", "7990410001", "7990410002"),
         "'Drop the kettle from the return'"),
    shop("Z1042", "allow", DASHED, RETURN, give_back("#W1443906", "1443906002"),
         "'... and return the Grill (gas – $920.77) from order #W1443906'"),
    shop("Z1043", "allow", DASHED, RETURN, give_back("#W7990410", "7990410001"), "the kettle's return"),
    shop("Z1044", "allow", READY, EXCHANGE, swap("9000000012"),
         "'confirm when you're ready' answered 'OK yes. Do the 20 hour one.'"),
    shop("Z1045", "refuse", READY, EXCHANGE, swap("9000000011"), "the 10-hour one was the first offer"),
    shop("Z1046", "allow", ONLY_CHANGE, EXCHANGE, {"order_id": "#W8998368", "item_ids": ["8277474082"],
                                                   "new_item_ids": ["5676696062"],
                                                   "payment_method_id": "gift_card_3"},
         "'The only change from before is the new boot ... Shall I go ahead?' 'yes go'"),
    shop("Z1047", "allow", WHICH_REASON, CANCEL, {"order_id": "#W4895606", "reason": "no longer needed"},
         "'Do you want to cancel this order, and for which reason?' 'Yes, that one. No longer needed.'"),
    shop("Z1048", "refuse", WHICH_REASON, CANCEL, {"order_id": "#W3482034", "reason": "no longer needed"},
         "'not that order, the other one'"),
    shop("Z1049", "refuse", REFUND_ONLY, RETURN, give_back("#W4794911", "5268233322", "9190635437"),
         "'yes' to where the refund goes; nothing listed, the lamp undecided"),
    trip("Z1050", "allow", MALAS, "update_reservation_baggages",
         {"reservation_id": "MP8X3C", "total_baggages": 2, "nonfree_baggages": 1,
          "payment_id": "gift_card_1000001"}, "'2 malas no total: 1 grátis e 1 paga'"),
    trip("Z1051", "refuse", MALAS, "update_reservation_baggages",
         {"reservation_id": "MP8X3C", "total_baggages": 1, "nonfree_baggages": 0,
          "payment_id": "gift_card_1000001"}, "not one bag"),
    trip("Z1052", "refuse", LOOK_PT, "update_reservation_flights",
         {"reservation_id": "YF2C9K", "cabin": "economy", "payment_id": VISA,
          "flights": [{"flight_number": "HAT165", "date": "2024-05-22"}]},
         "'Quer que eu veja os voos?' 'Sim, por favor.': a yes to looking"),
    trip("Z1053", "allow", ON_GIFT_PT, "update_reservation_baggages",
         {"reservation_id": "YF2C9K", "total_baggages": 2, "nonfree_baggages": 1,
          "payment_id": "gift_card_1000001"}, "'Coloca no vale-presente.' (on the gift card)"),
    trip("Z1054", "refuse", ON_GIFT_PT, "update_reservation_baggages",
         {"reservation_id": "YF2C9K", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": VISA},
         "'Coloca no vale-presente.': not the Visa"),
    trip("Z1055", "allow", CORREGIR, "update_reservation_passengers", castro("2012-07-19", "2015-02-11"),
         "'Para corregirlo, la lista quedaría así: ...' 'Ándale, así sí.'"),
    trip("Z1056", "refuse", CORREGIR, "update_reservation_passengers", castro("2012-09-17", "2012-07-19"),
         "the old dates"),
    shop("Z1057", "allow", FIVE_JA, EXCHANGE, {"order_id": "#W5961635", "item_ids": ["6546364613"],
                                               "new_item_ids": ["8277474082"],
                                               "payment_method_id": "gift_card_3"},
         "'まあ差額5ドルならいいです' to a $5.14 difference"),
    shop("Z1058", "refuse", FIFTY_JA, EXCHANGE, {"order_id": "#W5961635", "item_ids": ["6546364613"],
                                                 "new_item_ids": ["8277474082"],
                                                 "payment_method_id": "gift_card_3"},
         "'差額50ドルならいいです' to a $5.14 difference: not what was said"),
    shop("Z1059", "refuse", REFUND_ZH, RETURN, {**give_back("#W9323073", "5788631787"),
                                               "payment_method_id": "gift_card_3"},
         "'退款：Mastercard 尾号 5018': not the gift card"),
    shop("Z1060", "allow", REFUND_ZH, RETURN, {**give_back("#W9323073", "5788631787"),
                                              "payment_method_id": "credit_card_2"}, "the Mastercard"),
    shop("Z1061", "refuse", BA_ZH, CANCEL, {"order_id": "#W3176007", "reason": "no longer needed"},
         "'把订单 ... 里的 Headphones 取消掉': the headphones, not the order"),
    shop("Z1062", "allow", WHOLE_JA, CANCEL, {"order_id": "#W8997398", "reason": "no longer needed"},
         "'キャンセルは注文全体が対象となり': the whole order"),
    shop("Z1063", "refuse", LOOK_ZH, "modify_pending_order_payment",
         {"order_id": "#W2052757", "payment_method_id": "credit_card_1"},
         "'颜色的话好啊，帮我看看' answers the offer to look"),
    trip("Z1064", "refuse", BAG_HELD, "update_reservation_baggages",
         {"reservation_id": "M2XK9C", "total_baggages": 1, "nonfree_baggages": 0, "payment_id": VISA},
         "'Hold off on the bag for now', the summary said yes to leaving it out"),
    trip("Z1065", "allow", BAG_HELD, "update_reservation_flights",
         {"reservation_id": "M2XK9C", "cabin": "economy", "payment_id": VISA, "flights": [
             {"flight_number": "HAT290", "date": "2024-05-18"},
             {"flight_number": "HAT175", "date": "2024-05-23"}]},
         "the flight change said yes to"),
    trip("Z1066", "refuse", BOOKED_AGAIN, "book_reservation", booking((VISA, 240)),
         "'ok mom says the 23rd works ...' to a booking reported done: the same booking again"),
    trip("Z1067", "allow", THAT_ONE, "book_reservation",
         {**booking((VISA, 260), flights=HAT131), "origin": "DEN", "destination": "BOS",
          "flight_type": "one_way"},
         "'Would you like that instead?' 'Fine, that one.'"),
    trip("Z1068", "allow", MINE, "update_reservation_flights", upgrade("F2KD9R"), "'Do mine now.'"),
    trip("Z1069", "refuse", MINE, "update_reservation_flights", upgrade("W8PX3E"),
         "'Do mine now. I'll ask Jenna about hers first'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Klingt gut, alles so machen.", Act.AFFIRM),
    ("Das klingt nicht gut.", Act.OTHER),
    ("Machen Sie es so.", Act.AFFIRM),
    ("Listo, hágale.", Act.AFFIRM),
    ("¿Listo?", Act.HOLD),
    ("No estoy listo todavía.", Act.DECLINE),
    ("确定", Act.AFFIRM),
    ("我不确定", Act.HOLD),
    ("确定吗？", Act.HOLD),
    ("はい、上記の内容で問題ございません。よろしくお願いいたします。", Act.AFFIRM),
    ("对对，快点", Act.AFFIRM),
    ("对对？那个是什么", Act.HOLD),
    ("Fine, that one.", Act.AFFIRM),
    ("That one is too expensive.", Act.OTHER),
    ("Do mine now.", Act.AFFIRM),
])
def test_review78_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
