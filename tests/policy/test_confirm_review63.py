"""Cases from the sixty-third independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files; docs/policy.md gives
the figures): retail items named by description, airline bookings for several passengers,
retail in Chinese and Japanese, airline in Spanish, French, German, Italian and Portuguese.
Shortened to what the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import VISA, Case, change, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order

RETURN = "return_delivered_order_items"
MODIFY = "modify_pending_order_items"
ADDRESS = "modify_pending_order_address"
CANCEL = "cancel_pending_order"
PAYMENT = "modify_pending_order_payment"
FLIGHTS = "update_reservation_flights"
PASSENGERS = "update_reservation_passengers"
BOOK = "book_reservation"


def swap(order_id: str, old: str, new: str) -> dict[str, object]:
    return {"order_id": order_id, "item_ids": [old], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


# 63a: a gloomy remark, then the go-ahead
SHIRT = order("#W6300001", "pending", item("6300000011", "T-Shirt", 50.0, color="blue"))
SHIRT_PLAN = [*looked_up(SHIRT), "assistant: Change the T-Shirt (blue, 6300000011) in #W6300001 to "
              "the black XL (6300000012), $1.20 more on your Visa. Proceed?"]
GLOOM = [*SHIRT_PLAN, "user: Yes. Just the shirt, the black XL. It'll probably still be wrong "
         "somehow, but go ahead."]
GLOOM_WAIT = [*SHIRT_PLAN, "user: Yes. It'll probably still be wrong somehow, but wait."]
SHIRT_SWAP = swap("#W6300001", "6300000011", "6300000012")

# 63c: Japanese yeses; things named in Japanese; steps by place with a thing held
ADDR = order("#W6300002", "pending", item("6300000021", "Desk Lamp", 150.0))
CHICAGO = {"order_id": "#W6300002", "address1": "921 Park Avenue", "address2": "Suite 892",
           "city": "Chicago", "state": "IL", "country": "USA", "zip": "60612"}
MOVE_JA = [*looked_up(ADDR), "assistant: 保留中の注文 #W6300002 は New York 宛てになっています。ご登録の"
           "シカゴの住所に変更しますか？\n- 変更後：921 Park Avenue, Suite 892, Chicago, IL 60612, "
           "USA\nよろしければ「はい」とお知らせください。"]
SOU = [*MOVE_JA, "user: そうそう、それで！"]
MOU = [*MOVE_JA, "user: うーん、どうしようかな。"]
FOUR = order("#W6300003", "delivered", item("6300000031", "Air Purifier", 543.68),
             item("6300000032", "Smart Watch", 336.71), item("6300000033", "Coffee Maker", 258.32),
             item("6300000034", "Water Bottle", 47.76))
FOUR_JA = [*looked_up(FOUR), "assistant: 改めて確認です：\n- 注文 #W6300003 の空気清浄機、スマート"
           "ウォッチ、コーヒーメーカー、水筒の4点を返品\n- 返金額 $1,186.47 をVisaへ\nこちらで進めて"
           "よろしいですか？", "user: わかりました。それで大丈夫です、返品もお願いします。全部で結局いくら"
           "戻ってくるんでしょうか…？"]
ALL_FOUR = give_back("#W6300003", "6300000031", "6300000032", "6300000033", "6300000034")
LUGGAGE = order("#W6300004", "delivered", item("6300000041", "Luggage Set", 495.87))
SHOES = order("#W6300005", "delivered", item("6300000051", "Running Shoes", 147.05))
GRILL = order("#W6300006", "pending", item("6300000061", "Grill", 1057.24))
THREE_JA = [*looked_up(LUGGAGE, SHOES, GRILL),
            "assistant: **1. ラゲッジセットの交換（注文 #W6300004）**\n- 交換後：6300000042、差額 $43.59 "
            "返金\n**2. ランニングシューズの交換（注文 #W6300005）**\n- 交換後：6300000052、差額 $10.00"
            " 返金\n**3. グリルの変更（注文 #W6300006・保留中）**\n- 変更後：6300000062、差額 $94.55 "
            "返金\n上記の内容で進めてよろしければ「はい」とお知らせください。",
            "user: 1つ目と2つ目はそれでお願いします。グリルは差額が返ってくるなら悪くないんですけど、変更"
            "したらもうキャンセルできなくなるんですよね…うーん、どうしようかな。とりあえず1つ目と2つ目を"
            "進めてください。"]
EXCHANGE = "exchange_delivered_order_items"

# 63c: Chinese: a thing held and the question after it; a reason and a rule taken; a check on
# when the money comes back; a condition that it costs no more
WATCH = order("#W6300007", "pending", item("6300000071", "Smart Watch", 1944.02))
PURIFIER = order("#W6300008", "pending", item("6300000081", "Air Purifier", 535.97))
THREE_ZH = [*looked_up(ADDR, WATCH, PURIFIER),
            "assistant: 1. 订单 #W6300002 改寄到 921 Park Avenue, Suite 892, Chicago, IL 60612\n2. "
            "订单 #W6300007 手表：硅胶表带 → 金属表带（6300000072），差价 $50 用 Visa 支付\n3. 订单 "
            "#W6300008 空气净化器：中房间 → 大房间（6300000082），差价 $11.58 用 Visa 支付\n确认的话请"
            "回复\"是\"。",
            "user: 地址改吧。净化器也行。\n手表先等一下。金属的除了白色还有什么颜色，价格多少？"]
CANCEL_ZH = [*looked_up(ADDR), "assistant: 很抱歉，我们无法保证到货时间。可以取消订单 #W6300002，$150 退回"
             "您的 Visa。要取消吗？"]
GIVEN_UP = [*CANCEL_ZH, "user: 既然保证不了，那就取消，原因是不再需要。"]
KEPT_ZH = [*CANCEL_ZH, "user: 既然保证不了，那就先不取消了，我再想想。"]
PAY_ZH = [*looked_up(ADDR), "assistant: 订单 #W6300002 的付款方式从 Mastercard 改为 Visa：$150 从 "
          "Visa 扣款，Mastercard 的 $150 在 5 到 7 个工作日内退回。确认吗？",
          "user: 好的，换成Visa吧，谢谢！不过mastercard那边的钱真的5到7天就能退回来吗？"]
TO_VISA = {"order_id": "#W6300002", "payment_method_id": "credit_card_1"}
EARBUDS = order("#W6300009", "pending", item("6300000091", "Wireless Earbuds", 256.67))
CHEAPER = [*looked_up(EARBUDS), "assistant: 订单 #W6300009：无线耳机 白色（$256.67）→ 蓝色（$242.92），"
           "新价格比原价低 $13.75，差价退回您的 Visa。请确认是否修改？",
           "user: 只要确实不比原来贵，就改吧。"]
DEARER = [*looked_up(EARBUDS), "assistant: 订单 #W6300009：无线耳机 白色（$256.67）→ 蓝色（$270.42），"
          "需补差价 $13.75，从您的 Visa 扣款。请确认是否修改？", "user: 只要确实不比原来贵，就改吧。"]
EARBUDS_SWAP = swap("#W6300009", "6300000091", "6300000092")

# 63d: steps said by their words joined by "et"; "sur" is no "sure"; a wait for the price in
# German; a question the turn's later yes goes past
FQ = reservation("FQ8APE", [("HAT056", "EWR", "IAH", "2024-05-25")], cabin="basic_economy")
PLAN_FR = [read(FQ), "assistant: Réservation FQ8APE :\n1. Classe : passage d'économique basique à "
           "économique, mêmes vols, 209 $ avec votre Visa.\n2. Passager : remplacer Mia Li par Omar "
           "Rossi (né le 1970-06-06).\n3. Bagages : passer à 3 bagages enregistrés, 0 $.\nVoulez-vous "
           "que j'effectue ces modifications ?",
           "user: Oui pour la classe économique et pour le passager, allez-y. Pour les bagages, "
           "attendez : trois gratuits, vous êtes sûr ? Sur un autre vol on m'en a fait payer un."]
OMAR = {"reservation_id": "FQ8APE", "passengers": [{"first_name": "Omar", "last_name": "Rossi",
                                                    "dob": "1970-06-06"}]}
THREE_BAGS = {"reservation_id": "FQ8APE", "total_baggages": 3, "nonfree_baggages": 0,
              "payment_id": VISA}
PLAN_PT = [read(FQ), "assistant: Reserva FQ8APE:\n1. Cabine: de econômica básica para econômica, "
           "mesmos voos, $209 no seu Visa.\n2. Passageiro: trocar Mia Li por Omar Rossi "
           "(1970-06-06).\n3. Malas: 3 malas despachadas, $0.\nPosso fazer as três alterações?"]
THEN_YES = [*PLAN_PT, "user: Sim pra classe e pras malas. O passageiro fica só eu, né, com a "
            "minha data do perfil? Então sim, pode trocar também."]
ONLY_ASKED = [*PLAN_PT, "user: Sim pra classe e pras malas. O passageiro fica só eu, né, com a "
              "minha data do perfil?"]
NM1 = reservation("NM1VX1", [("HAT300", "MSP", "EWR", "2024-05-25")], cabin="basic_economy")
UPGRADE_DE = [read(NM1), "assistant: Das Upgrade auf Business für NM1VX1 würde ich mit Ihrer Visa "
              "bezahlen. Soll ich das Upgrade durchführen?"]
PRICE_FIRST = [*UPGRADE_DE, "user: Ja, grundsätzlich schon, aber sagen Sie mir bitte vorher, was "
               "mich das insgesamt kostet."]
UPGRADED = change("NM1VX1", "business", [{"flight_number": "HAT300", "date": "2024-05-25"}], VISA)

# 63b: a hold on one passenger's booking by their name
THREE_BOOKINGS = ["assistant: Here is the plan:\n1. Book JFK -> SFO for Mia Li (1990-04-05) on "
                  "HAT023 (May 26), business, $871 on your Visa\n2. The same for Raj Sanchez "
                  "(1986-09-12), $871 on your Visa\n3. The same for Liam Wilson (1980-03-27), $871 "
                  "on your Visa\nNo bags, no insurance. Shall I book all three?",
                  "user: Okay. Please book mine and Raj's now. Hold off on Liam's for a moment "
                  "though. Before we book his, what will my Visa be charged in total?"]


def booking(first: str, last: str, dob: str) -> dict[str, object]:
    return {"user_id": "mia_li_3668", "origin": "JFK", "destination": "SFO",
            "flight_type": "one_way", "cabin": "business",
            "flights": [{"flight_number": "HAT023", "date": "2024-05-26"}],
            "passengers": [{"first_name": first, "last_name": last, "dob": dob}],
            "payment_methods": [{"payment_id": VISA, "amount": 871}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


CASES = [
    shop("Z640", "allow", GLOOM, MODIFY, SHIRT_SWAP, "it'll probably be wrong, but go ahead"),
    shop("Z641", "refuse", GLOOM_WAIT, MODIFY, SHIRT_SWAP, "..., but wait"),
    shop("Z642", "allow", SOU, ADDRESS, CHICAGO, "そうそう、それで！"),
    shop("Z643", "refuse", MOU, ADDRESS, CHICAGO, "うーん、どうしようかな"),
    shop("Z644", "allow", FOUR_JA, RETURN, ALL_FOUR, "the items named in Japanese; how much back"),
    shop("Z645", "allow", THREE_JA, EXCHANGE, swap("#W6300004", "6300000041", "6300000042"),
         "1つ目と2つ目はそれでお願いします"),
    shop("Z646", "refuse", THREE_JA, MODIFY, swap("#W6300006", "6300000061", "6300000062"),
         "グリルは...どうしようかな"),
    shop("Z647", "allow", THREE_ZH, ADDRESS, CHICAGO, "地址改吧; 手表先等一下 and a question on it"),
    shop("Z648", "refuse", THREE_ZH, MODIFY, swap("#W6300007", "6300000071", "6300000072"),
         "手表先等一下"),
    shop("Z649", "allow", GIVEN_UP, CANCEL, {"order_id": "#W6300002", "reason": "no longer needed"},
         "既然保证不了，那就取消，原因是不再需要"),
    shop("Z650", "refuse", KEPT_ZH, CANCEL, {"order_id": "#W6300002",
                                            "reason": "no longer needed"}, "那就先不取消了"),
    shop("Z651", "allow", PAY_ZH, PAYMENT, TO_VISA, "a check on when the money comes back"),
    shop("Z652", "allow", CHEAPER, MODIFY, EARBUDS_SWAP, "只要不比原来贵: it is cheaper"),
    shop("Z653", "refuse", DEARER, MODIFY, EARBUDS_SWAP, "只要不比原来贵: it costs more"),
    trip("Z654", "allow", PLAN_FR, PASSENGERS, OMAR, "oui pour la classe et pour le passager"),
    trip("Z655", "refuse", PLAN_FR, "update_reservation_baggages", THREE_BAGS,
         "pour les bagages, attendez"),
    trip("Z656", "allow", THEN_YES, PASSENGERS, OMAR, "a question, then yes"),
    trip("Z657", "refuse", ONLY_ASKED, PASSENGERS, OMAR, "a question only"),
    trip("Z658", "refuse", PRICE_FIRST, FLIGHTS, UPGRADED, "aber sagen Sie mir bitte vorher"),
    trip("Z659", "allow", THREE_BOOKINGS, BOOK, booking("Raj", "Sanchez", "1986-09-12"),
         "book mine and Raj's"),
    trip("Z660", "refuse", THREE_BOOKINGS, BOOK, booking("Liam", "Wilson", "1980-03-27"),
         "hold off on Liam's"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
