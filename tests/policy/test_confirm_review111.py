"""Cases from the hundred-and-eleventh and later independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures). Shortened to what
the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, normalize, read_turn

from .test_confirm_review3 import Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

ADDRESS = "modify_pending_order_address"
CANCEL_ORDER = "cancel_pending_order"
ITEMS = "modify_pending_order_items"
USER_ADDRESS = "modify_user_address"
PASSENGERS = "update_reservation_passengers"
HOME = {"user_id": "ava_1", "address1": "77 Magnolia Avenue", "address2": "Apt 5", "city": "Fort Worth",
        "state": "TX", "country": "USA", "zip": "76104"}
SPRINGFIELD = {"address1": "1234 Elm St", "address2": "", "city": "Springfield", "state": "IL",
               "country": "USA", "zip": "62701"}

# 111g: a condition that the total stays the same, the proposal saying it does
LAMP = order("#W8268610", "pending", item("5000000001", "Desk Lamp", 150.0))
GRILL = order("#W2702727", "pending", item("5000000002", "Grill", 625.6))


def two_steps(total: str) -> list[object]:
    return [*looked_up(LAMP, GRILL),
            "assistant: Here is the plan:\n1. Cancel order #W8268610 (Desk Lamp), reason: no longer "
            "needed, $150.00 back to your Visa ending 7334.\n2. Change the shipping address of order "
            f"#W2702727 to: 1234 Elm St, Springfield, IL 62701, USA. {total}\n\nWould you like me "
            "to proceed with both?",
            "user: Yes, both, as long as the total on #W2702727 really stays the same."]


STAYS = two_steps("The order total stays $625.60.")
CHANGES = two_steps("The order total becomes $640.00 with the new shipping zone.")

# 111a: "the other bottle order" kept is another order, not the bottle of this one
BOTTLE_ORDER = order("#W8661412", "pending", item("3453331371", "Water Bottle", 25.0),
                     item("5000000003", "Wristwatch", 2000.0), item("5000000004", "Office Chair", 525.63))
BIKE_ORDER = order("#W5000005", "pending", item("5000000005", "Water Bottle", 30.0),
                   item("5000000006", "Bicycle", 900.0))
CANCEL_WATCH_ORDER = [*looked_up(BOTTLE_ORDER, BIKE_ORDER),
                      "assistant: Cancellation details:\n- Order: #W8661412 (Wristwatch, Water Bottle, "
                      "Office Chair)\n- Reason: ordered by mistake\n- Refund: $2,550.63 to your Visa "
                      "ending in 7334\n\nDo you confirm (yes/no)?"]
OTHER_KEPT = [*CANCEL_WATCH_ORDER, "user: Yes, cancel it. The other bottle order I'm keeping, that "
                                   "one's my bike stuff"]
BOTTLE_KEPT = [*CANCEL_WATCH_ORDER, "user: Yes, cancel it. The bottle I'm keeping though"]

# 111g: the proposal asks which method; the user picks it and says go
PUZZLE = order("#W4082615", "pending", item("9779102705", "Jigsaw Puzzle", 54.11))
PUZZLE_ASKED = [*looked_up(PUZZLE),
                "assistant: The easiest available puzzle is: 500 pieces, art theme, beginner level "
                "(item 1096508426), $46.13.\n\n- Order #W4082615: Jigsaw Puzzle 1000 pcs/art/intermediate "
                "(9779102705) -> 500 pcs/art/beginner (1096508426)\n- Refund of $7.98. Would you like it "
                "on your PayPal (which paid for the order) or your Visa ending 7334?"]
PUZZLE_GO = [*PUZZLE_ASKED, "user: Oh, PayPal is fine. Just the puzzle. Yes, please change it."]
PUZZLE_PICKED = [*PUZZLE_ASKED, "user: Oh, PayPal is fine."]
PUZZLE_ARGS = {"order_id": "#W4082615", "item_ids": ["9779102705"], "new_item_ids": ["1096508426"],
               "payment_method_id": "paypal_4"}

# 111c: "if you charge me nothing extra", in Spanish, to a difference refunded or charged
SHOES = order("#W3007862", "pending", item("1775591963", "Running Shoes", 154.75))


def shoes_change(difference: str) -> list[object]:
    return [*looked_up(SHOES),
            "assistant: El cambio quedaría así:\n- Pedido: #W3007862\n- Artículo actual: Running Shoes "
            "talla 10, blancos, piel ($154.75)\n- Artículo nuevo: Running Shoes talla 9, blancos, malla "
            f"($148.95)\n- Diferencia: {difference}\n\n¿Confirmas el cambio? (sí/no)",
            "user: Si no me cobran nada extra, va, cámbialos."]


SHOES_ARGS = {"order_id": "#W3007862", "item_ids": ["1775591963"], "new_item_ids": ["9635758562"],
              "payment_method_id": "credit_card_1"}
REFUNDED = shoes_change("te reembolsamos $5.80 a tu Visa terminada en 7334; no se cobra nada extra.")
CHARGED = shoes_change("$5.80 a cobrar en tu Visa terminada en 7334.")

# 111c: the balance of the gift card said to cover it, in Portuguese
JACKET = order("#W9121070", "pending", item("8590708195", "Fleece Jacket", 157.61))


def jacket_change(balance: str) -> list[object]:
    return [*looked_up(JACKET),
            "assistant: A alteração seria:\n- Pedido: #W9121070\n- Fleece Jacket XL, azul-marinho "
            "($157.61) → Fleece Jacket L, preta ($159.92)\n- Diferença: $2.31 a pagar. O pedido foi pago "
            f"com o seu vale-presente (gift_card_3), que tem saldo de {balance}, então a diferença seria "
            "debitada dele. Posso seguir? (sim/não)",
            "user: É só essa. Pode mandar, desde que dê pra pagar com o saldo do vale."]


JACKET_ARGS = {"order_id": "#W9121070", "item_ids": ["8590708195"], "new_item_ids": ["9385662952"],
               "payment_method_id": "gift_card_3"}
COVERED = jacket_change("$75.00")
SHORT = jacket_change("$1.00")

# 111c: the profile's address in Portuguese ("a morada predefinida da sua conta", "cadastro")
PROFILE_PT = ["assistant: Claro. A morada predefinida da sua conta mudaria de 180 Oak Street para:\n"
              "- 77 Magnolia Avenue\n- Apt 5\n- Fort Worth, TX 76104\n- USA\nConfirma?",
              "user: Está bem, força."]
CADASTRO = ["assistant: O endereço do seu cadastro ficaria:\n- 77 Magnolia Avenue\n- Apt 5\n- Fort Worth, "
            "TX 76104\n- USA\nPosso atualizar? (sim/não)", "user: Exato. Confirmo."]
ORDER_ONLY_PT = [*looked_up(JACKET),
                 "assistant: A morada de entrega da encomenda #W9121070 mudaria para:\n- 77 Magnolia Avenue\n"
                 "- Apt 5\n- Fort Worth, TX 76104\n- USA\nConfirma?", "user: Exato. Confirmo."]

# 111d: a passenger's date of birth put right, in Italian ("La correzione sarebbe")
TRIP = reservation("E9GQ2L", [("HAT001", "BOS", "MCO", "2024-05-30")], cabin="business")
CORRECTION = [read(TRIP),
              "assistant: Sulla prenotazione E9GQ2L Giovanna Russo risulta nata il 20/07/1984. La "
              "correzione sarebbe:\n1. Elena Ferraro, 1983-03-15 (invariato)\n2. Giovanna Russo, "
              "1984-07-02 (invece di 1984-07-20)\n\nProcedo?", "user: Certo, proceda."]
PASSENGERS_ARGS = {"reservation_id": "E9GQ2L", "passengers": [
    {"first_name": "Elena", "last_name": "Ferraro", "dob": "1983-03-15"},
    {"first_name": "Giovanna", "last_name": "Russo", "dob": "1984-07-02"}]}

WATCH_CANCEL = {"order_id": "#W8661412", "reason": "ordered by mistake"}

# 111h: Vietnamese, with its tones and without them
PERFUME = order("#W8732376", "pending", item("5000000007", "Perfume", 288.75))
VI_CANCEL = [*looked_up(PERFUME),
             "assistant: Tiếp theo là hủy đơn nước hoa:\n- Đơn: #W8732376 – Nước hoa – $288.75\n- Lý do: "
             "không còn cần nữa\n- Hoàn $288.75 về PayPal trong 5–7 ngày làm việc\n\nChị xác nhận hủy "
             "không ạ?"]
VI_YES = [*VI_CANCEL, "user: Ừ, hủy luôn đi em."]
VI_ASK_FIRST = [*VI_CANCEL, "user: Không cần nữa. Ừ hủy đi. À khoan, khoan đã, để mình hỏi chồng đã, "
                            "hình như ổng định tặng ai đó."]
PERFUME_CANCEL = {"order_id": "#W8732376", "reason": "no longer needed"}
SKATE = order("#W5493256", "pending", item("5000000008", "Skateboard", 150.0))
COLUMBUS = {"address1": "1280 Cleveland Ave", "address2": "Apt 5B", "city": "Columbus", "state": "OH",
            "country": "USA", "zip": "43211"}
VI_BOTH = [*looked_up(SKATE),
           "assistant: Dạ, em sẽ làm hai việc:\n\n1. Đổi địa chỉ giao của đơn #W5493256 sang: 1280 "
           "Cleveland Ave, Apt 5B, Columbus, OH 43211, USA\n2. Đổi địa chỉ mặc định của tài khoản từ 676 "
           "Sunset Drive, Suite 918, Columbus, OH 43132 sang: 1280 Cleveland Ave, Apt 5B, Columbus, OH "
           "43211, USA\n\nAnh xác nhận giúp em ạ?"]
VI_BOTH_YES = [*VI_BOTH, "user: dung roi, doi ca hai giup minh nhe"]
VI_ONLY_ORDER = [*VI_BOTH, "user: Chỉ đổi địa chỉ giao của đơn thôi, tài khoản giữ nguyên."]

# 111h: a "not yet" the agent waited out, then the yes to the proposal before it
KETTLE = order("#W5809689", "pending", item("3312883418", "Tea Kettle", 104.82))
KETTLE_PLAN = [*looked_up(KETTLE),
               "assistant: Here is the change:\n- Order: #W5809689\n- Tea Kettle ceramic/1.5 liters/"
               "induction "
               "($104.82) → glass/2 liters/induction ($94.80, item 7292993796)\n- Difference $10.02 refunded "
               "to your Visa ending 7334\n\nShall I go ahead?",
               "user: Wait, don't change it yet. Let me check my stove first, not sure it's induction.",
               "assistant: Sure, take your time, I haven't changed anything."]
KETTLE_GO = [*KETTLE_PLAN, "user: OK, it is induction. Go ahead and change it, refund the rest to the "
                           "Visa as you said."]
KETTLE_STILL = [*KETTLE_PLAN, "user: Hmm, it's gas actually. What other kettles are there?"]
KETTLE_ARGS = {"order_id": "#W5809689", "item_ids": ["3312883418"], "new_item_ids": ["7292993796"],
               "payment_method_id": "credit_card_1"}

# 111b: a flight the proposal never named, where it named another for that leg
AK = reservation("AK4M7Z", [("HAT169", "JFK", "ORD", "2024-05-20"), ("HAT233", "ORD", "JFK", "2024-05-23")],
                 flight_type="round_trip")
RETURN_MOVED = [read(AK),
                "assistant: Here are the direct options from ORD to JFK on Friday, May 24:\n1. HAT233 - "
                "departs 09:00 - $168 per person\n2. HAT288 - departs 17:00 - $142 per person\nWould you "
                "like HAT288 at 17:00?", "user: Yes, the 5pm one is perfect.",
                "assistant: To confirm the change to AK4M7Z:\n- Keep HAT169 JFK → ORD, May 20 (economy)\n- "
                "Change the return to HAT288 ORD → JFK, May 24, 17:00 (economy)\n- $26 refund to your Visa "
                "ending 7447\n\nShall I proceed?", "user: Yes, refund to the Visa is fine. Go ahead."]
VISA = "credit_card_4421486"


def legs(back: str) -> dict[str, object]:
    return {"reservation_id": "AK4M7Z", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT169", "date": "2024-05-20"},
                        {"flight_number": back, "date": "2024-05-24"}]}


# 111b: a plan setting a method on each step, after the user's word on which pays for which
WD = reservation("WD8E3R", [("HAT134", "SEA", "SAN", "2024-06-07"), ("HAT062", "SAN", "SEA", "2024-06-10")],
                 flight_type="round_trip")
GL = reservation("GL2P7V", [("HAT134", "SEA", "SAN", "2024-06-07"), ("HAT062", "SAN", "SEA", "2024-06-10")],
                 flight_type="round_trip")
UPGRADES = [read(WD), read(GL),
            "assistant: Upgrading both to business: WD8E3R $1,080 and GL2P7V $110. How would you like "
            "to pay? You have a Visa ending 7447 and a gift card with a $157 balance.",
            "user: Put ours on the Visa, and the parents' on the gift card, it's a wedding gift.",
            "assistant: Perfect. To confirm:\n1. WD8E3R - economy → business on HAT134 (June 7) and HAT062 "
            "(June 10) - $1,080 on Visa ending 7447\n2. GL2P7V - economy → business on HAT134 (June 7) and "
            "HAT062 (June 10) - $110 on the gift card (balance $157 → $47)\n\nShall I go ahead with both?",
            "user: Yes, that's it, go ahead with both."]


def upgrade(paid_with: str) -> dict[str, object]:
    return {"reservation_id": "GL2P7V", "cabin": "business", "payment_id": paid_with,
            "flights": [{"flight_number": "HAT134", "date": "2024-06-07"},
                        {"flight_number": "HAT062", "date": "2024-06-10"}]}


# 112c: another method asked for in German ("auf die Geschenkkarte, nicht auf die Mastercard")
CLOCK = order("#W1867876", "delivered", item("6922203216", "Wall Clock", 199.12))
RETURN_DE = [*looked_up(CLOCK),
             "assistant: Die Rücksendung sähe so aus:\n- Bestellung: #W1867876\n- Artikel: Wall Clock "
             "(199,12 $)\n- Erstattung auf Ihre Mastercard …5018\n\nBestätigen Sie die Rücksendung? "
             "(Ja/Nein)",
             "user: Ja, aber bitte auf die Geschenkkarte, nicht auf die Mastercard."]


def clock_back(method: str) -> dict[str, object]:
    return {"order_id": "#W1867876", "item_ids": ["6922203216"], "payment_method_id": method}


# 112c, 112a: the whole order cancelled where the yes keeps to one of its things
HOUSEHOLD = order("#W2493472", "pending", item("9844888101", "Laptop", 2459.74),
                  item("2872451762", "Vacuum Cleaner", 622.12), item("1762337868", "Desk Lamp", 153.23))
WHOLE_DE = [*looked_up(HOUSEHOLD),
            "assistant: Einzelne Artikel kann ich leider nicht stornieren, nur die ganze Bestellung:\n"
            "- Bestellung: #W2493472\n- Artikel: Laptop (2.459,74 $), Vacuum Cleaner (622,12 $), Desk Lamp "
            "(153,23 $)\n- Erstattung auf Ihre Visa …7334\n\nSoll ich die gesamte Bestellung stornieren? "
            "(Ja/Nein)"]
ONLY_VACUUM = [*WHOLE_DE, "user: Ja, aber nur den Staubsauger bitte, den Laptop will ich behalten."]
ALL_OF_IT = [*WHOLE_DE, "user: Ja, stornieren Sie die ganze Bestellung."]
WHOLE_EN = [*looked_up(HOUSEHOLD),
            "assistant: I can only cancel the whole order #W2493472 (Laptop, Vacuum Cleaner, Desk Lamp), "
            "refund to your Visa ending 7334. Would you like me to cancel the entire order?"]
LAMP_WANTED = [*WHOLE_EN, "user: Okay. Yes, just get rid of the vacuum however you can, but I do want the "
                          "lamp, I've been waiting on that lamp for weeks."]
NONE_WANTED = [*WHOLE_EN, "user: Okay. Yes, cancel the whole thing, I do want my money back though."]
HOUSEHOLD_CANCEL = {"order_id": "#W2493472", "reason": "no longer needed"}

# 112a: an order left out by "that one going to the San Antonio address", the rest said yes to
FOUR = [order("#W9903153", "pending", item("5000000011", "Office Chair", 300.0)),
        order("#W2918688", "pending", item("5000000012", "Tablet", 400.0))]
MOVE_ALL = [*looked_up(*FOUR),
            "assistant: Here's the plan, all to 1820 Barton Springs Road, Unit 305, Austin, TX 78704, USA:\n"
            "1. Order #W9903153 (Office Chair) - change shipping address.\n2. Order #W2918688 (Tablet) - "
            "change shipping address.\nWould you like me to go ahead with all of these? (yes/no)",
            "user: Yes to all of it except the tablet order - the #W2918688 one - leave that one going to "
            "the San Antonio address, it's a birthday present. Everything else, yes, Barton Springs."]
AUSTIN = {"address1": "1820 Barton Springs Road", "address2": "Unit 305", "city": "Austin", "state": "TX",
          "country": "USA", "zip": "78704"}

# 112h: a semicolon inside brackets does not end the step's sentence ("(pending; air purifier ...):
# change payment")
TWO_ACTIONS = [*looked_up(order("#W8855135", "pending", item("5000000013", "Air Purifier", 1058.79)),
                          order("#W3916020", "delivered", item("4068787148", "Jigsaw Puzzle", 52.01))),
               "assistant: Here are the two actions:\n\n1. Order #W8855135 (pending; air purifier; total "
               "$1,058.79): change payment from Visa ending 7334 to PayPal (paypal_4).\n\n2. Order #W3916020 "
               "(delivered): return the Jigsaw Puzzle, item 4068787148, $52.01, refunded to the original "
               "payment method, Visa ending 7334.\n\nShall I go ahead with these?",
               "user: Yes to switching the payment to PayPal. The puzzle - hold off on that one, I might "
               "give it to my niece instead."]

# 113a: Vietnamese, held out: the refund moved to the gift card, then "Ok em."; one thing only
MAKEUP = order("#W5567204", "delivered", item("6254646215", "Makeup Kit", 248.85))
VI_GIFT = [*looked_up(MAKEUP),
           "assistant: Dạ được ạ, tiền hoàn có thể về gift card có sẵn của chị. Em xác nhận lại:\n- Trả: bộ "
           "trang điểm (6254646215) trong đơn #W5567204\n- Hoàn $248.85 vào gift card gift_card_3\nChị "
           "đồng ý ạ?", "user: Ok em."]
SHELF_LAMP = order("#W3308157", "pending", item("5000000021", "Desk Lamp", 150.0),
                   item("5000000022", "Bookshelf", 400.0))
VI_ONLY_LAMP = [*looked_up(SHELF_LAMP),
                "assistant: Đơn #W3308157 chỉ hủy được cả đơn (đèn bàn và kệ sách), lý do không còn nhu cầu, "
                "hoàn về Visa. Chị xác nhận hủy không ạ?",
                "user: Dạ đúng rồi em, hủy cái đèn thôi, cái kệ sách chị vẫn lấy nha."]
VI_WHOLE = [*looked_up(SHELF_LAMP),
            "assistant: Đơn #W3308157 chỉ hủy được cả đơn (đèn bàn và kệ sách), lý do không còn nhu cầu, "
            "hoàn về Visa. Chị xác nhận hủy không ạ?", "user: Ừ, hủy hết đi em."]
LAMP_ORDER_CANCEL = {"order_id": "#W3308157", "reason": "no longer needed"}

# 113b: Vietnamese in the airline's words, and Hinglish leaving the bags out
BAGGED = reservation("G1KE7Z", [("HAT001", "SGN", "SFO", "2024-05-25")])
VI_BAG = [read(BAGGED),
          "assistant: Em tóm tắt: thêm 1 kiện hành lý cho đặt chỗ G1KE7Z, tổng 2 kiện, 1 kiện tính phí $50, "
          "thanh toán bằng thẻ quà tặng gift_card_1000001. Anh xác nhận nhé?",
          "user: ok nhung tra bang the visa nha, dung dung the qua tang, minh de danh the do cho chuyen sau"]


def bag_paid(method: str) -> dict[str, object]:
    return {"reservation_id": "G1KE7Z", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": method}


Q7 = reservation("Q7WZ1V", [("HAT277", "BOS", "ORD", "2024-05-22")])
BOTH_THEN_ONE = [read(Q7),
                 "assistant: Here's what I'd do on reservation Q7WZ1V:\n1. Flight change: HAT277 on May 22 → "
                 "HAT277 on May 23, economy, $9 on Visa ending 7447.\n2. Bags: from 0 to 2 checked bags, $50 "
                 "on Visa ending 7447.\n\nShall I go ahead with both?",
                 "user: haan dono kar do... actually ruko, bags wala abhi rehne do, pata nahi kitne chahiye. "
                 "sirf flight change karo abhi"]

# 113d: the flight summary after a method's answer, then "Yep, book it.", the call on another flight
HN = reservation("HN4T8C", [("HAT239", "ORD", "MIA", "2024-05-22"), ("HAT184", "MIA", "ORD", "2024-05-29")],
                 flight_type="round_trip")
EARLY = [read(HN),
         "assistant: Economy flights on May 22 before noon:\n1. HAT001 - departs 06:00 - $140\n2. HAT120 - "
         "departs 09:30 - $155\nThe cheapest is HAT001, $20 more in total.",
         "user: Cheapest is what I said. Can I use my certificate for the $20?",
         "assistant: For flight changes the payment has to be a gift card or credit card; your card on file "
         "is the Visa ending 7447.", "user: Ok then the Visa.",
         "assistant: To confirm the change to HN4T8C:\n- Outbound: change from HAT239 to HAT001, ORD → MIA, "
         "May 22, 06:00\n- Return: HAT184, May 29 - unchanged\n- $20 on Visa ending 7447\n\nWould you "
         "like me to proceed?", "user: Yep, book it."]


def outbound(number: str) -> dict[str, object]:
    return {"reservation_id": "HN4T8C", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": number, "date": "2024-05-22"},
                        {"flight_number": "HAT184", "date": "2024-05-29"}]}


# 113h: the cabin in French ("Classe : économique → affaires"); another method asked for, the
# one proposed kept ("prenez plutôt ma carte Visa, la carte-cadeau je la garde")
G4 = reservation("G4LS9P", [("HAT263", "JFK", "CDG", "2024-06-05"), ("HAT197", "CDG", "JFK", "2024-06-12")],
                 flight_type="round_trip")
AFFAIRES = [read(G4), "assistant: Récapitulatif :\n- Réservation G4LS9P, mêmes vols HAT263 (05/06/2024) "
                      "et "
                      "HAT197 (12/06/2024)\n- Classe : économique → affaires\n- Supplément : 590 $ sur la "
                      "Visa …7447\n\nJe procède?", "user: Oui, allez-y."]
FR_BAGS = [read(G4), "assistant: Résumé : G4LS9P, bagages de 1 à 3, dont 1 payant, 50 $ sur la carte-cadeau "
                     "gift_card_1000001. Vous confirmez?",
           "user: Oui, mais prenez plutôt ma carte Visa, la carte-cadeau je la garde pour ma fille."]

# 114d: a total bound in Japanese ("合計100ドル以下ならいいよ。じゃ、両方よろしく")
Z2 = reservation("Z2HB6E", [("HAT100", "NRT", "SFO", "2024-05-20")])


def bound_plan(total: str) -> list[object]:
    return [read(Z2), "assistant: 予約Z2HB6Eの変更です：\n1. HAT100を5月21日に変更（差額$40）\n"
                      f"2. 受託手荷物を0個→2個（有料1個、$50）\n合計{total}をVisa（末尾7447）でお支払いです。"
                      "よろしいですか？",
            "user: 合計100ドル以下ならいいよ。じゃ、両方よろしく"]


UNDER = bound_plan("$90")
OVER = bound_plan("$140")
JA_FLIGHT = {"reservation_id": "Z2HB6E", "cabin": "economy", "payment_id": VISA,
             "flights": [{"flight_number": "HAT100", "date": "2024-05-21"}]}

# 115a: a condition that nothing has shipped, to a cancellation of pending orders
WATCHES = order("#W7941031", "pending", item("5000000031", "Wristwatch", 2198.09))
NOT_SHIPPED = [*looked_up(WATCHES),
               "assistant: Here's the plan:\n1. Cancel #W7941031 (Wristwatch), reason 'ordered by mistake', "
               "$2,198.09 refunded to your Visa ending 7334.\nWould you like me to proceed? (yes/no)",
               "user: Yes, cancel it - only if it hasn't shipped yet though, I really don't want to deal "
               "with sending boxes back."]
NOT_SHIPPED_RETURN = [*looked_up(order("#W7941032", "delivered", item("5000000032", "Wristwatch", 98.0))),
                      "assistant: Return the Wristwatch from #W7941032, $98.00 refunded to your Visa ending "
                      "7334. Shall I go ahead?",
                      "user: Yes, only if it hasn't shipped yet though."]

CASES = [
    shop("Z1775", "allow", NOT_SHIPPED, CANCEL_ORDER,
         {"order_id": "#W7941031", "reason": "ordered by mistake"},
         "'only if it hasn't shipped yet' to a pending order's cancellation"),
    shop("Z1776", "refuse", NOT_SHIPPED_RETURN, "return_delivered_order_items",
         {"order_id": "#W7941032", "item_ids": ["5000000032"], "payment_method_id": "credit_card_1"},
         "a delivered order's return: nothing says it has not shipped"),
    trip("Z1773", "allow", UNDER, "update_reservation_flights", JA_FLIGHT,
         "$90 within '合計100ドル以下'"),
    trip("Z1774", "refuse", OVER, "update_reservation_flights", JA_FLIGHT, "$140 over it"),
    trip("Z1768", "refuse", EARLY, "update_reservation_flights", outbound("HAT120"),
         "the 9:30 flight; the summary the yes went with named HAT001"),
    trip("Z1769", "allow", EARLY, "update_reservation_flights", outbound("HAT001"), "HAT001"),
    trip("Z1770", "allow", AFFAIRES, "update_reservation_flights",
         {"reservation_id": "G4LS9P", "cabin": "business", "payment_id": VISA,
          "flights": [{"flight_number": "HAT263", "date": "2024-06-05"},
                      {"flight_number": "HAT197", "date": "2024-06-12"}]}, "'économique → affaires'"),
    trip("Z1771", "refuse", FR_BAGS, "update_reservation_baggages",
         {"reservation_id": "G4LS9P", "total_baggages": 3, "nonfree_baggages": 1,
          "payment_id": "gift_card_1000001"}, "'la carte-cadeau je la garde'"),
    trip("Z1772", "allow", FR_BAGS, "update_reservation_baggages",
         {"reservation_id": "G4LS9P", "total_baggages": 3, "nonfree_baggages": 1, "payment_id": VISA},
         "'prenez plutôt ma carte Visa'"),
    trip("Z1764", "refuse", VI_BAG, "update_reservation_baggages", bag_paid("gift_card_1000001"),
         "'tra bang the visa, dung dung the qua tang' (no tones)"),
    trip("Z1765", "allow", VI_BAG, "update_reservation_baggages", bag_paid(VISA), "the Visa asked for"),
    trip("Z1766", "allow", BOTH_THEN_ONE, "update_reservation_flights",
         {"reservation_id": "Q7WZ1V", "cabin": "economy", "payment_id": VISA,
          "flights": [{"flight_number": "HAT277", "date": "2024-05-23"}]}, "'sirf flight change karo'"),
    trip("Z1767", "refuse", BOTH_THEN_ONE, "update_reservation_baggages",
         {"reservation_id": "Q7WZ1V", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": VISA},
         "'bags wala abhi rehne do'"),
    shop("Z1760", "refuse", VI_GIFT, "return_delivered_order_items",
         {"order_id": "#W5567204", "item_ids": ["6254646215"], "payment_method_id": "paypal_4"},
         "'Hoàn ... vào gift card' then 'Ok em.'; the call on PayPal"),
    shop("Z1761", "allow", VI_GIFT, "return_delivered_order_items",
         {"order_id": "#W5567204", "item_ids": ["6254646215"], "payment_method_id": "gift_card_3"},
         "the gift card"),
    shop("Z1762", "refuse", VI_ONLY_LAMP, CANCEL_ORDER, LAMP_ORDER_CANCEL,
         "'hủy cái đèn thôi, cái kệ sách chị vẫn lấy'"),
    shop("Z1763", "allow", VI_WHOLE, CANCEL_ORDER, LAMP_ORDER_CANCEL, "'Ừ, hủy hết đi em.'"),
    shop("Z1756", "allow", MOVE_ALL, ADDRESS, {"order_id": "#W9903153", **AUSTIN}, "'everything else, yes'"),
    shop("Z1757", "refuse", MOVE_ALL, ADDRESS, {"order_id": "#W2918688", **AUSTIN},
         "'leave that one going to the San Antonio address'"),
    shop("Z1758", "allow", TWO_ACTIONS, "modify_pending_order_payment",
         {"order_id": "#W8855135", "payment_method_id": "paypal_4"}, "'Yes to switching the payment'"),
    shop("Z1759", "refuse", TWO_ACTIONS, "return_delivered_order_items",
         {"order_id": "#W3916020", "item_ids": ["4068787148"], "payment_method_id": "credit_card_1"},
         "the puzzle held"),
    shop("Z1750", "refuse", RETURN_DE, "return_delivered_order_items", clock_back("credit_card_2"),
         "'auf die Geschenkkarte, nicht auf die Mastercard'"),
    shop("Z1751", "allow", RETURN_DE, "return_delivered_order_items", clock_back("gift_card_3"),
         "the gift card asked for"),
    shop("Z1752", "refuse", ONLY_VACUUM, CANCEL_ORDER, HOUSEHOLD_CANCEL, "'nur den Staubsauger'"),
    shop("Z1753", "allow", ALL_OF_IT, CANCEL_ORDER, HOUSEHOLD_CANCEL, "'die ganze Bestellung'"),
    shop("Z1754", "refuse", LAMP_WANTED, CANCEL_ORDER, HOUSEHOLD_CANCEL, "'but I do want the lamp'"),
    shop("Z1755", "allow", NONE_WANTED, CANCEL_ORDER, HOUSEHOLD_CANCEL,
         "'I do want my money back' keeps no thing"),
    trip("Z1746", "refuse", RETURN_MOVED, "update_reservation_flights", legs("HAT233"),
         "the 9am flight booked; the proposal named HAT288"),
    trip("Z1747", "allow", RETURN_MOVED, "update_reservation_flights", legs("HAT288"), "the 5pm flight"),
    trip("Z1748", "refuse", UPGRADES, "update_reservation_flights", upgrade(VISA),
         "the parents' upgrade on the Visa; their step names the gift card"),
    trip("Z1749", "allow", UPGRADES, "update_reservation_flights", upgrade("gift_card_1000001"),
         "their step's gift card"),
    shop("Z1739", "allow", VI_YES, CANCEL_ORDER, PERFUME_CANCEL, "'Ừ, hủy luôn đi em.'"),
    shop("Z1740", "refuse", VI_ASK_FIRST, CANCEL_ORDER, PERFUME_CANCEL,
         "'À khoan, ... để mình hỏi chồng đã'"),
    shop("Z1741", "allow", VI_BOTH_YES, ADDRESS, {"order_id": "#W5493256", **COLUMBUS},
         "'dung roi, doi ca hai giup minh nhe' (no tones)"),
    shop("Z1742", "allow", VI_BOTH_YES, USER_ADDRESS, {**HOME, **COLUMBUS}, "both, the profile's too"),
    shop("Z1743", "refuse", VI_ONLY_ORDER, USER_ADDRESS, {**HOME, **COLUMBUS}, "'tài khoản giữ nguyên'"),
    shop("Z1744", "allow", KETTLE_GO, ITEMS, KETTLE_ARGS, "the yes after a 'not yet' the agent waited out"),
    shop("Z1745", "refuse", KETTLE_STILL, ITEMS, KETTLE_ARGS, "no go-ahead after the pause"),
    shop("Z1725", "allow", STAYS, ADDRESS, {"order_id": "#W2702727", **SPRINGFIELD},
         "'as long as the total ... really stays the same' to 'The order total stays $625.60'"),
    shop("Z1726", "refuse", CHANGES, ADDRESS, {"order_id": "#W2702727", **SPRINGFIELD},
         "the total changes"),
    shop("Z1727", "allow", OTHER_KEPT, CANCEL_ORDER, WATCH_CANCEL,
         "'The other bottle order I'm keeping' is another order"),
    shop("Z1728", "refuse", BOTTLE_KEPT, CANCEL_ORDER, WATCH_CANCEL,
         "the bottle of this order kept"),
    shop("Z1729", "allow", PUZZLE_GO, ITEMS, PUZZLE_ARGS, "the method picked and 'Yes, please change it'"),
    shop("Z1730", "refuse", PUZZLE_PICKED, ITEMS, PUZZLE_ARGS, "only the method picked"),
    shop("Z1731", "allow", REFUNDED, ITEMS, SHOES_ARGS, "'si no me cobran nada extra' met: refunded"),
    shop("Z1732", "refuse", CHARGED, ITEMS, SHOES_ARGS, "the difference charged"),
    shop("Z1733", "allow", COVERED, ITEMS, JACKET_ARGS, "'desde que dê pra pagar com o saldo do vale': $75"),
    shop("Z1734", "refuse", SHORT, ITEMS, JACKET_ARGS, "a balance of $1.00 does not cover $2.31"),
    shop("Z1735", "allow", PROFILE_PT, USER_ADDRESS, HOME, "'a morada predefinida da sua conta', 'força'"),
    shop("Z1736", "allow", CADASTRO, USER_ADDRESS, HOME, "'o endereço do seu cadastro'"),
    shop("Z1737", "refuse", ORDER_ONLY_PT, USER_ADDRESS, HOME, "only the order's address was proposed"),
    trip("Z1738", "allow", CORRECTION, PASSENGERS, PASSENGERS_ARGS, "'La correzione sarebbe'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("ugh fine cancel all of it, dont need it anymore", Act.AFFIRM),
    ("correct, save it", Act.AFFIRM),
    ("fine, whatever, cancel it all, i'll reorder the helmet later", Act.AFFIRM),
    ("cancel that", Act.DECLINE),
    ("Yep, all three. sorry if i'm slow, the dog is losing his mind at the mailman", Act.AFFIRM),
    ("yes, if the refund goes to my visa", Act.HOLD),
    ("Yes, go ahead with all three. Something will probably go wrong anyway, it always does.", Act.AFFIRM),
    ("Está bem, força.", Act.AFFIRM),
    ("a força do hábito", Act.OTHER),
    ("Vâng, mình đồng ý.", Act.AFFIRM),
    ("Dạ vâng.", Act.AFFIRM),
    ("dung roi, doi ca hai giup minh nhe", Act.AFFIRM),
    ("Dạ đúng rồi, chỉ cái mũ thôi. Đổi giúp chị nhé.", Act.AFFIRM),
    ("Không không, chỉ hủy đơn #W4657527 thôi, đơn kia giữ lại.", Act.AFFIRM),
    ("no no, only cancel order #W4657527, keep the other order", Act.AFFIRM),
    ("no no", Act.DECLINE),
    ("Khoan, chưa đổi vội. Để mình xem lại bếp nhà mình đã.", Act.DECLINE),
    ("Thôi, để mình hỏi ổng rồi đặt lại sau.", Act.DECLINE),
    ("Ruko... sirf pehla wala cancel karo, espresso machine wala.", Act.AFFIRM),
    ("Yes perfect. Oh — hmm, actually, now that I think about it, she's grown a lot, can we do the next "
     "size up instead?", Act.HOLD),
    ("Yes. Oh, and by the way, can you put the other order on PayPal instead?", Act.AFFIRM),
    ("Euh, oui… enfin, je crois. Il vaudrait peut-être mieux attendre demain, non ?", Act.HOLD),
    ("Oui, enfin, je crois que c'est la bonne.", Act.AFFIRM),
    ("Sì, però forse è meglio aspettare domani.", Act.HOLD),
    ("too right, chuck 'em on, mate.", Act.AFFIRM),
    ("Grand, do the lot, so.", Act.AFFIRM),
    ("yes, that's right - book the one-stop", Act.AFFIRM),
    ("stop", Act.DECLINE),
    ("Yes, go ahead with both. Anyway once he gets used to it I'll probably miss the stairs.", Act.AFFIRM),
    ("yes, probably", Act.HOLD),
    ("dc em", Act.AFFIRM),
    ("vâng.", Act.AFFIRM),
    ("uh huy di, giu cai kia", Act.AFFIRM),
    ("dong y. don kia giao dia chi cu cung dc", Act.AFFIRM),
    ("yes yaar, bola na confirm mat karo, kar do", Act.AFFIRM),
    ("abhi kuch mat karo", Act.DECLINE),
    ("chuẩn rồi, cập nhật đi", Act.AFFIRM),
    ("Yes, go ahead. And please don't make me confirm everything three times.", Act.AFFIRM),
    ("don't make the change", Act.DECLINE),
    ("對對，就這樣改，感恩。改完登機證要重印嗎？", Act.AFFIRM),
    ("それでいい！あ、これってマイル付く？", Act.AFFIRM),
    ("嗯...那算了，洛杉矶那个也取消吧，反正也去不了", Act.AFFIRM),
    ("算了，不取消了", Act.HOLD),
    ("よろしくお願いします", Act.AFFIRM),
    ("ok, đúng hết, làm hết 3 cái luôn", Act.AFFIRM),
    ("u lam ca 2 don luon", Act.AFFIRM),
    ("아 그냥 지금 해 주세요. 어차피 필요할 것 같아요.", Act.AFFIRM),
    ("Sirf papa ki DOB wala abhi karo, bags ka baad mein decide karenge", Act.AFFIRM),
    ("Ya, perfecto, haz las dos cosas nomás. No hay nada más.", Act.AFFIRM),
    ("No hay nada más que hablar, no lo quiero.", Act.DECLINE),
    ("sale.", Act.AFFIRM),
    ("He says go ahead.", Act.AFFIRM),
    ("he says don't go ahead", Act.DECLINE),
    ("yes, as long as it's the same price or cheaper, which it sounds like it is", Act.AFFIRM),
    ("yes, as long as it's the same price or cheaper", Act.HOLD),
    ("Is it on sale?", Act.HOLD),
])


def test_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


def test_vietnamese_counts_and_a_method_changed() -> None:
    assert normalize("ok, confirm cả 3") == "ok, confirm all three"
    assert "from gift card to paypal" in normalize("Đổi phương thức thanh toán từ thẻ quà tặng sang PayPal")


def test_vietnamese_read_in_english() -> None:
    said = normalize("Dạ, em sẽ đổi địa chỉ mặc định của tài khoản sang 7310 Bandera Road. Chị xác nhận "
                     "giúp em nhé?")
    assert "default" in said and "account" in said and "address" in said and "confirm" in said
    assert "7310 bandera road" in said
    assert normalize("Chị muốn đổi size nào?") != "chị muốn đổi size nào?"  # (read, not left as is)
    assert normalize("Merci, c'est noté.") == "merci, c'est noté."  # (French keeps its accents)
