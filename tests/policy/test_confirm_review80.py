"""Cases from the eightieth independent review, held out (helpers wrote conversations without seeing
the project; docs/policy.md gives the figures): retail in English with precise, business-like
customers; airline in French, Italian and Dutch; retail in Korean and Chinese; airline in English
over several reservations. Shortened to what the check reads, each refusal beside the allowed case
it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, executed, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

PASSENGERS = "update_reservation_passengers"
BAGS = "update_reservation_baggages"

# 80a: two steps, "Correct, in that order."
SHIRT = order("#W8255453", "pending", item("9612497925", "T-Shirt", 50.88, color="blue", size="M"))
IN_ORDER = [*looked_up(SHIRT),
            "assistant: Since an item change locks the order, I'd do the address first:\n\n1. Change the "
            "shipping address of #W8255453 to 301 South College Street, Floor 14, Charlotte, NC 28202, "
            "USA.\n2. Modify T-Shirt (blue, M, $50.88) → T-Shirt (black, XL, 2060066974, $51.05); the $0.17 "
            "difference charged to your Visa ending in 7334.\n\nAfter step 2 the order can't be changed "
            "again. Please confirm both steps.", "user: Correct, in that order."]
# 80c: steps by their numbers in Korean, the third held
THREE_KO = order("#W5442520", "pending", item("5442520001", "Desk Lamp", 150.0, color="white"))
OTHER_KO = order("#W7941031", "pending", item("7941031001", "Office Chair", 400.0, color="black"))
STEPS_KO = [*looked_up(THREE_KO, OTHER_KO),
            "assistant: 1. 주문 #W5442520 취소 (사유: no longer needed)\n"
            "2. 주문 #W7941031 배송지 변경: 1700 Lincoln St, Denver, CO 80203\n"
            "3. 주문 #W7941031 결제 수단을 PayPal(paypal_4)로 변경\n\n진행할까요?",
            "user: 네 필요 없어진 거 맞아요. 1번이랑 2번은 해주시고 3번은 잠깐 보류해 주세요. "
            "남편 카드로 할지 생각 좀 해볼게요"]
# 80c: a change of payment in Chinese, the old method's refund beside it
GIFT_ZH = order("#W8461477", "pending", item("8461477001", "Wristwatch", 2446.30, strap="metal"))
GIFT_ZH["payment_history"] = [{"payment_method_id": "gift_card_3"}]
PAY_ZH = [*looked_up(GIFT_ZH),
          "assistant: 手表订单是 #W8461477（pending），目前用礼品卡 gift_card_3 支付 $2,446.30。\n\n"
          "修改后：由 PayPal（paypal_4）支付 $2,446.30，礼品卡的 $2,446.30 会立即退回礼品卡。"
          "要这样改吗？", "user: 嗯"]
# 80c: an order's new address in Chinese, "寄往 ... 修改为"
LAPTOP_ZH = order("#W5166363", "pending", item("5166363001", "Laptop", 2000.0, screen="17-inch"))
SHIP_ZH = [*looked_up(LAPTOP_ZH),
           "assistant: 笔记本订单是 #W5166363（pending），目前寄往 905 Highland Drive, San Francisco, "
           "CA 94132。\n\n修改为：2425 E Camelback Rd, Suite 750, Phoenix, AZ 85016, USA\n\n确认修改吗？",
           "user: 是的，改到公司"]
# 80b: a passenger put in another's place in Dutch ("Tim de Jong (...) wordt Lieke Peters (...)")
MK9 = {**reservation("MK9T2B", [("HAT208", "EWR", "MCO", "2024-05-24")]),
       "passengers": [{"first_name": "Eva", "last_name": "de Jong", "dob": "1990-09-15"},
                      {"first_name": "Tim", "last_name": "de Jong", "dob": "1989-02-28"}]}
WORDT = [read(MK9), "assistant: Reservering MK9T2B, EWR → MCO, HAT208 op 24 mei. Voorgestelde wijziging:\n"
         "- Eva de Jong (1990-09-15) blijft\n- Tim de Jong (1989-02-28) wordt Lieke Peters (1992-04-04)\n\n"
         "Zal ik dat zo aanpassen op MK9T2B?", "user: Ja, klopt."]
EVA = {"first_name": "Eva", "last_name": "de Jong", "dob": "1990-09-15"}
LIEKE = {"first_name": "Lieke", "last_name": "Peters", "dob": "1992-04-04"}
TIM = {"first_name": "Tim", "last_name": "de Jong", "dob": "1989-02-28"}
# 80b: "Perfetto. Solo per sicurezza, mi confermi ...?" after "Fatto: ...": the same bags again
TY3 = reservation("TY3H8K", [("HAT100", "FCO", "JFK", "2024-05-20")], bags=2)
BAGS_ARGS = {"reservation_id": "TY3H8K", "total_baggages": 3, "nonfree_baggages": 1, "payment_id": VISA}
CHECKED_IT = [read(TY3), "assistant: Aggiungo 1 bagaglio a TY3H8K: 3 in totale, 1 a pagamento (50 $ sulla "
              "Visa 7447). Procedo?", "user: Sì, procedi.", executed(BAGS, BAGS_ARGS),
              "assistant: Fatto: ora la prenotazione TY3H8K ha 3 bagagli registrati, di cui 1 a pagamento.",
              "user: Perfetto. Solo per sicurezza, mi confermi che sono 3 valigie in tutto e non 4?"]
# 80b: a yes, then one step's count put right ("Oh wacht, maak er maar 1 koffer van in plaats van 2")
EJ2 = reservation("EJ2C5N", [("HAT181", "AMS", "JFK", "2024-05-24")])
PLAN_NL = [read(EJ2),
           "assistant: Voorstel voor reservering EJ2C5N:\n1. Vlucht HAT181 op 24 mei vervangen door HAT181 "
           "op 26 mei, economy. U krijgt $7 terug op uw Visa eindigend op 7447.\n2. 2 ingecheckte koffers "
           "toevoegen: 1 gratis, 1 à $50, via dezelfde Visa.\n\nAkkoord dat ik beide doorvoer?"]
ONE_BAG_NL = [*PLAN_NL, "user: Ja, prima. Oh wacht, maak er maar 1 koffer van in plaats van 2, dan hoef ik "
              "niks bij te betalen."]
ONE_BAG_EN = [*PLAN_NL, "user: Yes, fine. Oh wait, make it 1 bag instead of 2, then I don't have to pay "
              "anything."]
MOVE_EJ2 = {"reservation_id": "EJ2C5N", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT181", "date": "2024-05-26"}]}


def bags(total: int, paid: int) -> dict[str, object]:
    return {"reservation_id": "EJ2C5N", "total_baggages": total, "nonfree_baggages": paid,
            "payment_id": VISA}


CASES = [
    trip("Z1097", "allow", ONE_BAG_NL, "update_reservation_flights", MOVE_EJ2,
         "'Ja, prima. Oh wacht, maak er maar 1 koffer van': the flight step stands"),
    trip("Z1098", "refuse", ONE_BAG_NL, BAGS, bags(2, 1), "'maak er maar 1 koffer van in plaats van 2'"),
    trip("Z1099", "allow", ONE_BAG_EN, "update_reservation_flights", MOVE_EJ2, "the flight step stands"),
    trip("Z1100", "refuse", ONE_BAG_EN, BAGS, bags(2, 1), "'make it 1 bag instead of 2'"),
    shop("Z1088", "allow", IN_ORDER, "modify_pending_order_address",
         {"order_id": "#W8255453", "address1": "301 South College Street", "address2": "Floor 14",
          "city": "Charlotte", "state": "NC", "country": "USA", "zip": "28202"},
         "'Correct, in that order.'"),
    shop("Z1089", "allow", STEPS_KO, "cancel_pending_order", {"order_id": "#W5442520",
                                                            "reason": "no longer needed"},
         "'1번이랑 2번은 해주시고': step 1"),
    shop("Z1090", "refuse", STEPS_KO, "modify_pending_order_payment",
         {"order_id": "#W7941031", "payment_method_id": "paypal_4"}, "'3번은 잠깐 보류해 주세요'"),
    shop("Z1091", "allow", PAY_ZH, "modify_pending_order_payment",
         {"order_id": "#W8461477", "payment_method_id": "paypal_4"},
         "'由 PayPal 支付 ...，礼品卡的 ... 会立即退回礼品卡': PayPal pays"),
    shop("Z1092", "refuse", PAY_ZH, "modify_pending_order_payment",
         {"order_id": "#W8461477", "payment_method_id": "credit_card_1"}, "not the Visa"),
    shop("Z1093", "allow", SHIP_ZH, "modify_pending_order_address",
         {"order_id": "#W5166363", "address1": "2425 E Camelback Rd", "address2": "Suite 750",
          "city": "Phoenix", "state": "AZ", "country": "USA", "zip": "85016"},
         "'目前寄往 ... 修改为：...' describes the address change"),
    trip("Z1094", "allow", WORDT, PASSENGERS, {"reservation_id": "MK9T2B", "passengers": [EVA, LIEKE]},
         "'Tim de Jong wordt Lieke Peters' 'Ja, klopt.'"),
    trip("Z1095", "refuse", WORDT, PASSENGERS, {"reservation_id": "MK9T2B", "passengers": [LIEKE, TIM]},
         "Tim kept, Eva dropped"),
    trip("Z1096", "refuse", CHECKED_IT, BAGS, BAGS_ARGS,
         "'Perfetto. Solo per sicurezza, mi confermi ...?' to 'Fatto: ...': the same bags again"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Correct, in that order.", Act.AFFIRM),
    ("Yes, exactly as written.", Act.AFFIRM),
    ("Correct. Actually, hold on.", Act.HOLD),
    ("Yes. And in future read the details back to me before you submit anything.", Act.AFFIRM),
    ("네 되돌려 주세요. 남편 카드는 나중에 결정할게요", Act.AFFIRM),
    ("第一款，跟上一个一样处理就行", Act.AFFIRM),
    ("不用处理就行吗？", Act.HOLD),
    ("Oké, top.", Act.AFFIRM),
    ("Oké, maar wacht even.", Act.HOLD),
    ("Carrément, merci !", Act.AFFIRM),
    ("Yes, fine. Oh wait, make it 1 bag instead of 2, then I don't have to pay anything.", Act.AFFIRM),
    ("Yes. Oh wait, hold off.", Act.HOLD),
])
def test_review80_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
