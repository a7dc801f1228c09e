"""Cases from the ninety-first and ninety-second independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures), and the left-overs
of reviews 89 and 90 they were put beside. Shortened to what the check reads, each refusal beside
the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import ADDRESS, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

RETURN = "return_delivered_order_items"
CANCEL_ORDER = "cancel_pending_order"
ORDER_ADDRESS = "modify_pending_order_address"
USER_ADDRESS = "modify_user_address"
PAYMENT = "modify_pending_order_payment"
ITEMS = "modify_pending_order_items"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
PASSENGERS = "update_reservation_passengers"
CANCEL = "cancel_reservation"
GC1 = "gift_card_1000001"

# 89c: a yes, then a form of refund not wanted in its own clause of one sentence
LAMP = order("#W2912153", "delivered", item("1270145486", "Desk Lamp", 144.07, color="white"))


def lamp_back(refund: str) -> list[Any]:
    return [*looked_up(LAMP),
            "assistant: Ecco il reso:\n- Ordine: #W2912153 (consegnato)\n- Articolo: Desk Lamp bianca "
            f"(1270145486), $144.07\n- Rimborso: $144.07 {refund}\n\nProcedo con il reso?",
            "user: va bene, ma il rimborso sulla Visa eh, non voglio buoni"]


def lamp(method: str) -> dict[str, Any]:
    return {"order_id": "#W2912153", "item_ids": ["1270145486"], "payment_method_id": method}


# 90d: Dutch, the steps by their numbers with "doe ... maar", a third held by its thing
NL5 = reservation("NL5K2P", [("HAT073", "AMS", "JFK", "2024-05-20")], bags=1)
STEPS_NL = [read(NL5),
            "assistant: Voor NL5K2P kan ik:\n1. De vlucht omzetten naar HAT073 op 22 mei, $60 op uw Visa "
            "eindigend op 7447.\n2. De naam van Mia Li corrigeren naar Mia Lie.\n3. Een extra koffer "
            "toevoegen (1 → 2), $50 op dezelfde Visa.\n\nZal ik dit doorvoeren?"]
MOVED_NL = {"reservation_id": "NL5K2P", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT073", "date": "2024-05-22"}]}
LIE = {"reservation_id": "NL5K2P",
       "passengers": [{"first_name": "Mia", "last_name": "Lie", "dob": "1990-04-05"}]}
BAG_NL = {"reservation_id": "NL5K2P", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": VISA}
HOLD_3_NL = [*STEPS_NL, "user: Doe 1 en 2 maar. Met die koffer weet ik het nog niet."]
# 89d: Spanish, a ceiling on the difference ("mientras no pase de 100 dólares"), met or broken
MX2 = reservation("MX2Q8T", [("HAT040", "MEX", "IAH", "2024-05-22")])


def within(difference: str) -> list[Any]:
    return [read(MX2), f"assistant: MX2Q8T → HAT040 el 24 de mayo, diferencia de tarifa {difference}, "
                       "cobrada a su Visa terminada en 7447. ¿Confirma el cambio?",
            "user: Sí, cámbiela, mientras no pase de 100 dólares."]


MOVED_MX = {"reservation_id": "MX2Q8T", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT040", "date": "2024-05-24"}]}

# 91c: Spanish, one step of two said yes to by its thing, the other left "de momento"
SPEAKER = order("#W4284542", "pending", item("1689914594", "Bluetooth Speaker", 244.9, color="red"))
CLOCK = order("#W5838674", "delivered", item("6534134392", "Wall Clock", 196.15, style="modern"))
FOR_NOW_ES = [*looked_up(SPEAKER, CLOCK),
              "assistant: Haría lo siguiente:\n\n1. Devolución del pedido #W5838674: Wall Clock ($196.15), "
              "reembolso a la Visa terminada en 7334.\n2. Cambio de dirección del pedido #W4284542 a 2201 "
              "Westheimer Rd, Apt 9, Houston, TX 77098, USA.\n\n¿Confirmas ambas acciones?",
              "user: Venga, lo de la devolución sí. Lo de la dirección déjalo de momento, que igual al "
              "final me pilla en Dallas esa semana."]
CLOCK_BACK = {"order_id": "#W5838674", "item_ids": ["6534134392"], "payment_method_id": "credit_card_1"}
SPEAKER_MOVED = {"order_id": "#W4284542", **{k: v for k, v in ADDRESS.items() if k != "user_id"}}
# 92c: Japanese, three numbered steps, a wait and the account's address held before "1と3は"
LUGGAGE = order("#W6564160", "delivered", item("8964750292", "Luggage Set", 532.58, pieces="2-piece"))
THREE_JA = [*looked_up(SPEAKER, LUGGAGE),
            "assistant: 以下の内容でよろしいですか？\n\n1. ご注文 #W4284542（保留中）の配送先を 2201 "
            "Westheimer Rd, Apt 9, Houston, TX 77098, USA に変更\n2. "
            "アカウントの既定住所を同じ住所に変更\n3. ご注文 #W6564160 "
            "のラゲッジセット（$532.58）を返品し、PayPal（paypal_4）へ返金\n\nこの内容で進めてよろしいです"
            "か？",
            "user: "
            "あ、ちょっと待ってください。考えたら、アカウントの住所はまだ変えないでおいてください。新居の"
            "入居日がまだ確定してなくて。1と3はお願いします。"]
LUGGAGE_BACK = {"order_id": "#W6564160", "item_ids": ["8964750292"], "payment_method_id": "paypal_4"}
# 92c: Japanese, the order described after the action's own sentence
MOUSE = order("#W5442520", "pending", item("5442520001", "Gaming Mouse", 150.0, color="black"),
              item("5442520002", "Patio Umbrella", 300.0, color="red"),
              item("5442520003", "Hiking Boots", 213.85, size="10"))
CANCEL_JA = [*looked_up(MOUSE),
             "assistant: かしこまりました。以下の内容でキャンセルいたします。\n\n- "
             "ご注文：#W5442520（ゲーミングマウス、パティオアンブレラ、登山靴）\n- 金額：$663.85\n- "
             "キャンセル理由：不要になった（no longer needed）\n- "
             "返金：Visa（末尾7334）へ5〜7営業日で返金\n\nキャンセルしてよろしいですか？",
             "user: はい、それでいいです。"]
# 92c: Chinese, the whole order put before the verb ("整单取消（包括耳机）")
EARBUDS = order("#W6599568", "pending", item("6599568001", "Wireless Earbuds", 231.19, color="white"),
                item("6599568002", "Tablet", 500.0, storage="64GB"))
WHOLE_ZH = [*looked_up(EARBUDS),
            "assistant: 很抱歉，待处理订单 #W6599568 "
            "无法只取消其中几件商品，只能整单取消。请问您是要整单取消（包括耳机），还是先保留这个订单？",
            "user: 那……就整单取消吧，耳机我妹自己再买。"]
# 92c: a change of method, from the old one to the new, in Chinese and in Japanese
BOTTLE = order("#W8664580", "pending", item("8664580001", "Water Bottle", 54.04, capacity="1000ml"))
FROM_TO_ZH = [*looked_up(BOTTLE),
              "assistant: 请确认订单 #W8664580 的修改：支付方式从 PayPal（paypal_4）改为 Visa "
              "卡尾号7334（credit_card_1），金额 $54.04；PayPal 的款项将在 5-7 个工作日内退回。确认办理吗？",
              "user: 改吧，谢谢"]
FROM_TO_JA = [*looked_up(BOTTLE),
              "assistant: ご注文 #W8664580（保留中）の水筒（1000ml、$54.04、paypal払い）ですね。\n\n- "
              "ご注文：#W8664580\n- 変更前：PayPal（paypal_4）\n- 変更後：Visa（末尾7334）\n- "
              "PayPalへの返金は5〜7営業日\n\nこちらでよろしいですか？",
              "user: はい、おねがいします"]

# 91d: German, the method asked in the yes turn ("über meine Geschenkkarte ab, nicht über die
# Kreditkarte")
RW2 = reservation("RW2D7F", [("HAT072", "IAH", "SFO", "2024-05-20")])
ON_GIFT_DE = [read(RW2),
              "assistant: - Reservierung: RW2D7F\n- Neuer Flug: HAT072, 21.05.2024, Economy\n- Aufpreis: "
              "49 $, belastet auf Ihre Visa mit Endziffer 7447\n\nMöchten Sie die Umbuchung so durchführen?",
              "user: Ja, einverstanden. Bitte rechnen Sie die Differenz aber über meine Geschenkkarte ab, "
              "nicht über die Kreditkarte."]


def moved_rw2(payment: str) -> dict[str, Any]:
    return {"reservation_id": "RW2D7F", "cabin": "economy", "payment_id": payment,
            "flights": [{"flight_number": "HAT072", "date": "2024-05-21"}]}


# 91d: two cancellations, then only the one to a city ("nur die nach Boston")
FX8 = reservation("FX8Q1B", [("HAT001", "JFK", "BOS", "2024-05-24")])
NB3 = reservation("NB3K7V", [("HAT255", "DEN", "MIA", "2024-05-26")])
TWO_CANCELS = [read(FX8), read(NB3),
               "assistant: 1) FX8Q1B – HAT001, New York (JFK) → Boston (BOS), 24.05.2024\n   Erstattung: "
               "240 $ auf Ihre Visa\n2) NB3K7V – HAT255, Denver (DEN) → Miami (MIA), 26.05.2024\n   "
               "Erstattung: 240 $ auf Ihre Visa\n\nSoll ich beide Reservierungen stornieren?"]
ONLY_BOSTON_DE = [*TWO_CANCELS,
                  "user: Ja, beide stornieren bitte. Hm, obwohl – bei Miami bin ich mir gar nicht mehr "
                  "sicher. Stornieren Sie erstmal nur die nach Boston, die andere kläre ich noch mit ihr."]
ONLY_BOSTON_EN = [*TWO_CANCELS,
                  "user: Yes, cancel both please. Hmm, actually, about Miami I'm not sure anymore. Cancel "
                  "only the one to Boston for now, I'll sort out the other one with her."]
# 91d: Korean, a bound asked back as a check ("차액 100불 안 넘으면요. 안 넘죠?")
CV7 = reservation("CV7E4M", [("HAT188", "LAX", "SEA", "2024-05-20")])
BOUND_KO = [read(CV7),
            "assistant: - 예약: CV7E4M\n- 변경: HAT188 (02:00) → HAT166 (5월 20일 06:00 → 09:00), "
            "이코노미\n- 차액: $183 - $119 = $64, Visa(끝자리 7447)로 결제\n\n이대로 변경할까요?",
            "user: 네 바꿔주세요, 차액 100불 안 넘으면요. 안 넘죠?"]
MOVED_KO = {"reservation_id": "CV7E4M", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT166", "date": "2024-05-20"}]}
# 91d: a date of birth put right between two yeses of one turn
AQ6 = reservation("AQ6M2Z", [("HAT110", "MUC", "JFK", "2024-05-20")])
TIM = [read(AQ6),
       "assistant: - Buchung: AQ6M2Z\n- Passagier: Mia Li (1990-04-05) → Tim Schulz (2001-03-09)\n\nPasst "
       "das so?"]


def tim(dob: str) -> dict[str, Any]:
    return {"reservation_id": "AQ6M2Z",
            "passengers": [{"first_name": "Tim", "last_name": "Schulz", "dob": dob}]}


# 94c: Korean, a condition on the method ("페이팔로 환불되는 거 맞으면")
KEYBOARD = order("#W3181060", "delivered", item("9025753381", "Mechanical Keyboard", 231.58, switch="clicky"))


def keyboard_back(method: str) -> list[Any]:
    return [*looked_up(KEYBOARD),
            f"assistant: - 주문: #W3181060\n- 반품: 기계식 키보드 ($231.58)\n- 환불: {method}\n\n"
            "이대로 반품할까요?",
            "user: 네, 페이팔로 환불되는 거 맞으면 진행해 주세요."]


# 94c: European Portuguese, the address step left as it is ("A morada deixe ficar como está")
AS_IT_IS_PT = [*looked_up(SPEAKER, CLOCK),
               "assistant: Então o plano é este:\n\n1. Devolução na encomenda #W5838674: Wall Clock, "
               "reembolso de $196.15 no Visa terminado em 7334\n2. Nova morada na encomenda #W4284542: "
               "2201 Westheimer Rd, Apt 9, Houston, TX 77098\n\nPosso avançar com tudo?",
               "user: Sim, pode avançar com a devolução. A morada deixe ficar como está, afinal já não vou "
               "viajar nessa semana."]
# 94c: Korean, the reason of a cancellation ("취소 사유: 실수로 주문함"), then a question answered
CLOCK_PENDING = order("#W8584917", "pending", item("8584917001", "Wall Clock", 442.71, style="modern"))
MISTAKE_KO = [*looked_up(CLOCK_PENDING),
              "assistant: - 주문 번호: #W8584917 (벽시계)\n- 취소 사유: 실수로 주문함\n- 환불 금액: "
              "$442.71 → 기프트카드로 환불\n\n이대로 주문을 취소할까요? (예/아니오)",
              "user: 음 환불은 바로 되는 거죠?",
              "assistant: 네, 취소가 완료되면 $442.71가 기프트카드 잔액으로 즉시 환불됩니다. 취소를 "
              "진행할까요?",
              "user: 아 그럼 됐네요. 취소해 주세요."]

# 94d: Spanish, the method asked with "pagalo"
BAGS_ES = reservation("BG3Q7E", [("HAT040", "MEX", "IAH", "2024-05-22")], bags=1)
PAY_GIFT_ES = [read(BAGS_ES),
               "assistant: BG3Q7E: maletas 1 → 2, la segunda $50 a su Visa terminada en 7447. ¿Procedo?",
               "user: Dale, pero pagalo con la gift card, no con la tarjeta."]


def bag_es(payment: str) -> dict[str, Any]:
    return {"reservation_id": "BG3Q7E", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": payment}


# 94d: Spanish, an option picked by its hour ("la de las 11")
T4G = reservation("T4GH2N", [("HAT110", "ATL", "LGA", "2024-05-19")])
AT_11_ES = [read(T4G),
            "assistant: Tu reserva T4GH2N es el vuelo HAT110 del 19 de mayo. Para el martes 21 hay dos "
            "vuelos directos en económica:\n1. HAT164 – 11:00 a 13:30 – $132 → te devolvemos $33\n2. "
            "HAT110 – 14:00 a 16:30 – $118 → te devolvemos $47\n\nLa devolución iría a tu Visa terminada "
            "en 7447. ¿Cuál prefieres?",
            "user: la de las 11, dale nomás"]


def t4g(flight: str) -> dict[str, Any]:
    return {"reservation_id": "T4GH2N", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": flight, "date": "2024-05-21"}]}


# 94d: Spanish, "la opción más económica" is the cheapest, the cabin "ejecutiva"
ZR8 = reservation("ZR8K1V", [("HAT072", "BOG", "MIA", "2024-05-24")])
CHEAPEST_ES = [read(ZR8),
               "assistant: La opción más económica sigue siendo mantener el HAT072 y cambiar la cabina:\n- "
               "Reserva ZR8K1V, vuelo HAT072 del 24 de mayo, cabina ejecutiva\n- Diferencia: $306 a la "
               "Visa terminada en 7447\n\n¿Le hago el cambio?",
               "user: Bueno, listo, hágale pues."]
# 94d: Dutch, the method picked among those offered ("Van de cadeaukaart graag")
LP7 = reservation("LP7D3K", [("HAT260", "AMS", "JFK", "2024-05-23")])
GIFT_NL = [read(LP7),
           "assistant: Op LP7D3K: vlucht HAT260 → HAT277 (23 mei, 19:00), prijsverschil $28. Het verschil "
           "kan van je cadeaukaart (saldo $300) of van je Visa eindigend op 7447. Wat heeft je voorkeur, "
           "en zal ik het doorvoeren?",
           "user: Ja hoor, doe maar. Van de cadeaukaart graag."]
# 94d: Portuguese, the yes taken back while answering the reason ("pensando bem ... tô na dúvida")
M4Z = reservation("M4ZT6H", [("HAT100", "GRU", "MIA", "2024-05-25")])
DOUBT_PT = [read(M4Z),
            "assistant: Cancelamento da reserva M4ZT6H, reembolso de $240 no Visa final 7447. Confirma o "
            "cancelamento?",
            "user: Sim, cancela.",
            "assistant: Antes de prosseguir, pode me dizer o motivo do cancelamento?",
            "user: Mudança de planos... na real, pensando bem, será que não compensa só mudar a data? Sei "
            "lá, tô na dúvida."]
# 94d: Dutch, a traveller's name put right after the yes
BR4 = reservation("BR4M1L", [("HAT211", "LGA", "CLT", "2024-05-20")])
BRAM = [read(BR4),
        "assistant: BR4M1L: passagier Mia Li → Bram Leeuwen (1990-04-05). Zal ik dat aanpassen?",
        "user: Ja, doe maar. O wacht, hij heet eigenlijk Bram van Leeuwen, met 'van', zo staat het in zijn "
        "paspoort."]


def bram(last: str) -> dict[str, Any]:
    return {"reservation_id": "BR4M1L",
            "passengers": [{"first_name": "Bram", "last_name": last, "dob": "1990-04-05"}]}


# 93c: French, the default address offered after a change and turned down ("non c'est bon")
PROFILE_FR = [*looked_up(SPEAKER),
              "assistant: C'est noté, la commande #W4284542 partira au 2201 Westheimer Rd, Apt 9, Houston, "
              "TX 77098.\n\nVeux-tu aussi que je mette à jour l'adresse par défaut de ton compte avec "
              "cette nouvelle adresse ?",
              "user: non c'est bon, merci"]
# 93c: Dutch, the order's address as "leveringsadres"
TWO_NL = [*looked_up(SPEAKER),
          "assistant: Dan stel ik de volgende twee wijzigingen voor bestelling #W4284542 voor:\n\n1. "
          "Betaalmethode: van uw Visa naar uw Mastercard eindigend op 5018.\n2. Leveringsadres: 2201 "
          "Westheimer Rd, Apt 9, Houston, TX 77098, USA.\n\nMag ik beide wijzigingen doorvoeren (ja/nee)?",
          "user: Ja, allebei graag."]
# 93c: French, "oui je pense. quoique, ...?" and "Je veux bien"
CAMERA = order("#W4689314", "delivered", item("5996159312", "Action Camera", 499.99, resolution="4K"))


def camera_back(answer: str) -> list[Any]:
    return [*looked_up(CAMERA),
            "assistant: Retour de la caméra (5996159312) de la commande #W4689314, remboursement de 499,99 "
            "$ sur votre Visa se terminant par 7334. Puis-je lancer le retour ?",
            f"user: {answer}"]


CAMERA_BACK = {"order_id": "#W4689314", "item_ids": ["5996159312"], "payment_method_id": "credit_card_1"}

# 93d: Japanese chat with spaces for stops: one step yes, the bags held
N9C = reservation("N9CE4K", [("HAT059", "NRT", "SEA", "2024-05-24")], bags=0)
SPACES_JA = [read(N9C),
             "assistant: N9CE4K の変更内容です。\n1. 便の変更：HAT059（5月25日）、差額 $13（Visa "
             "末尾7447）\n2. 受託手荷物：0 → 1個、$50（Visa 末尾7447）\n\nこの内容で進めてよろしいですか？",
             "user: 便の変更はOK 荷物はちょっと保留で 彼女に確認してからにする"]
# 93d: Chinese chat, a step held by its place, then the others by number after a space
X4B = reservation("X4BD7N", [("HAT277", "PEK", "SFO", "2024-05-26")], bags=1)
THIRD_ZH = [read(X4B),
            "assistant: X4BD7N 可以这样改：\n1. 回程改到 HAT277（5月26日），退您 $28 到 Visa 尾号7447\n2. "
            "行李 1 → 2 件，$50\n3. 乘客 Mia Li 改为 Rui Tang（1990-04-05）\n\n要办理哪些？",
            "user: 第二个先不用，我再想想 1和3可以"]
# 93d: Japanese, an offered bag turned down by its name ("荷物は大丈夫です")
E3K = reservation("E3KD8W", [("HAT100", "HND", "LAX", "2024-05-20")], cabin="basic_economy")
NO_BAG_JA = [read(E3K),
             "assistant: "
             "こちらのご予約はベーシックエコノミーのため、無料の受託手荷物はございません。1個（$50、Visa "
             "末尾7447）追加いたしましょうか。",
             "user: あ、荷物は大丈夫です。"]
# 93d: Chinese, the gift card named before its cue ("由礼品卡 ... 支付")
TK8 = reservation("TK8N2B", [("HAT086", "PVG", "LAX", "2024-05-22")])
BY_GIFT_ZH = [read(TK8),
              "assistant: 修改明细：\n- 预订号：TK8N2B\n- 航班：HAT086（5月22日）→ HAT247（5月23日 10:00 "
              "起飞），经济舱\n- 差价：$32，由礼品卡 gift_card_1000001（余额 $260）支付\n\n确认修改吗？",
              "user: 好的，确认。"]


def tk8(payment: str) -> dict[str, Any]:
    return {"reservation_id": "TK8N2B", "cabin": "economy", "payment_id": payment,
            "flights": [{"flight_number": "HAT247", "date": "2024-05-23"}]}


# 93d: Japanese, a bound on the difference ("差額100ドル以内なら") against "差額 $76"
H5P = reservation("H5PV9E", [("HAT171", "SEA", "DEN", "2024-05-22")])


def within_ja(difference: str) -> list[Any]:
    return [read(H5P), "assistant: - 行き：5/22 HAT171 → 5/23 HAT171（08:00発）\n- 変更後 $335、現在 $259 → "
                       f"差額 "
                       f"{difference}（Visa 末尾7447）\n\nこの内容で変更してよろしいですか？",
            "user: 差額100ドル以内ならそれでいいよ"]


MOVED_H5P = {"reservation_id": "H5PV9E", "cabin": "economy", "payment_id": VISA,
             "flights": [{"flight_number": "HAT171", "date": "2024-05-23"}]}

# 93a: a yes, then how long the money takes ("or do I have to wait a week like last time?")
PENDING_CLOCK = [*looked_up(CLOCK_PENDING),
                 "assistant: Cancel order #W8584917 (Wall Clock), reason: ordered by mistake, $442.71 back "
                 "to your gift card. Shall I cancel it?"]
# 93a: a change of method, the yes with a worry ("i don't want it to bounce")
TO_PAYPAL_EN = [*looked_up(SPEAKER),
                "assistant: Order #W4284542 ($244.90) is paid with your Visa ending 7334. New payment "
                "method: PayPal (paypal_4). Shall I switch it?",
                "user: yes switch it to paypal, my visa expires next month anyway and i don't want it to "
                "bounce"]
# 93a: what the agent cannot tell, taken as given, then the yes
MOVE_EN = [*looked_up(SPEAKER),
           "assistant: I don't have a delivery date for #W4284542 yet. Would you like to keep it going to "
           "the current address, or change it to 2201 Westheimer Rd, Apt 9, Houston, TX 77098?",
           "user: ugh. ok if you can't tell me then just move it to the new one, I'd rather it sits at the "
           "leasing office than on my old porch after I've left. yes change it to Westheimer."]
# 93a: the method named first, the plain yes last, to "Which payment method ...?"
PHONE = order("#W5875596", "pending", item("3187628796", "Smartphone", 1205.66, color="rose gold"))
METHOD_LAST = [*looked_up(PHONE),
               "assistant: - Order: #W5875596\n- Smartphone rose gold (3187628796, $1,205.66) → black "
               "(5490694069, $1,213.51)\n- Price difference: $7.85 to pay\n\nWhich payment method would "
               "you like to use for the difference: PayPal or your gift card?",
               "user: gift card. only the phone. yes"]


def phone(method: str) -> dict[str, Any]:
    return {"order_id": "#W5875596", "item_ids": ["3187628796"], "new_item_ids": ["5490694069"],
            "payment_method_id": method}


# 93b: one of two cancellations by its place, the other put first alone and held
D4N = reservation("D4NV8Q", [("HAT100", "JFK", "DEN", "2024-05-22")])
B0S = reservation("B0SW3X", [("HAT200", "JFK", "BOS", "2024-05-25")])
DENVER_ONLY = [read(D4N), read(B0S),
               "assistant: - D4NV8Q: New York (JFK) → Denver (DEN), May 22, refund $386 to your Visa\n- "
               "B0SW3X: New York (JFK) → Boston (BOS), May 25, refund $240 to your Visa\n\nShall I cancel "
               "both?",
               "user: cancel the denver one. boston... hold on that, my buddy might still be getting "
               "married lol, waiting to hear back from him"]
# 93b: the whole sum back as the condition ("as long as it's the full $219 back")
E7U = reservation("E7UB4J", [("HAT170", "LAX", "DFW", "2024-05-29")])
FULL_BACK = [read(E7U),
             "assistant: E7UB4J is covered for a full refund of $219 to your gift card, which was used for "
             "the booking. Shall I cancel E7UB4J?",
             "user: Yes go ahead, as long as it's the full $219 back and not just part of it."]
# 93b: of two bookings, the yes names the other by its day ("cancel the one on the 24th")
Q8T = reservation("Q8TM2D", [("HAT215", "ORD", "LGA", "2024-05-24")])
P4L = reservation("P4LN6B", [("HAT047", "ORD", "LGA", "2024-05-20")])
BY_DAY = [read(Q8T), read(P4L),
          "assistant: I see both bookings:\n- Q8TM2D — HAT215, ORD → LGA, May 24, $158\n- P4LN6B — HAT047, "
          "ORD → LGA, May 20, $172\n\nThe later booking is P4LN6B: cancel it, $172 back to your Visa. "
          "Shall I cancel P4LN6B?",
          "user: yes, cancel the one on the 24th, I'm going on the 20th"]
# 93b: a count put right for one of two steps, by its place ("for the vegas one")
S9K = reservation("S9KD3P", [("HAT100", "LAX", "SEA", "2024-05-25")], bags=2)
Z2H = reservation("Z2HM5B", [("HAT266", "LAX", "LAS", "2024-05-30")], bags=0)
VEGAS_3 = [read(S9K), read(Z2H),
           "assistant: 1. S9KD3P bags — LAX ↔ Seattle (SEA): 2 → 4 total, no charge.\n2. Z2HM5B bags — "
           "HAT266, LAX → Las Vegas (LAS): 0 → 4 total, 2 extra at $50 each = $100 on your Visa ending "
           "7447.\n\nPlease confirm and I'll take care of both.",
           "user: yes that all sounds right, go for it",
           "assistant: Updating the bags on S9KD3P and Z2HM5B now.",
           "user: oh wait, for the vegas one just make it 3 bags not 4, less to haul around"]

# 96c: Korean, two orders' address changed, a third said to stay as it is
KETTLE = order("#W5030602", "pending", item("5030602001", "Tea Kettle", 80.0, material="steel"))
ESPRESSO = order("#W8121088", "pending", item("8121088001", "Espresso Machine", 300.0, type="manual"))
CAMERA_PENDING = order("#W7807988", "pending", item("7807988001", "Action Camera", 500.0, resolution="4K"))
TWO_OF_THREE_KO = [*looked_up(KETTLE, ESPRESSO, CAMERA_PENDING),
                   "assistant: 1. 주문 #W5030602 (티 케틀)\n2. 주문 #W8121088 (에스프레소 머신)\n\n- 변경 "
                   "후: 2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA\n\n카메라가 포함된 주문 "
                   "#W7807988은 기존 주소 그대로 둡니다. 두 주문 모두 위 주소로 변경할까요?",
                   "user: ㅇㅇ 둘다 바꿔줘"]
KETTLE_MOVED = {"order_id": "#W5030602", **{k: v for k, v in ADDRESS.items() if k != "user_id"}}
# 96c: Korean, a yes, then when the old method's money comes back ("마스터카드로 결제된 건 언제 환불돼요?")
TO_VISA_KO = [*looked_up(SPEAKER),
              "assistant: 주문 #W4284542 결제 수단 변경: 마스터카드(끝자리 5018) → 비자(끝자리 7334), "
              "$244.90. 변경할까요?",
              "user: 네 바꿔주세요. 그럼 마스터카드로 결제된 건 언제 환불돼요?"]

# 96d: European Portuguese, yes to the bags put first, the cabin put first and doubted
PX9 = reservation("PX9D2K", [("HAT069", "JFK", "SEA", "2024-05-21")], bags=2)
BAGS_NOT_UP_PT = [read(PX9),
                  "assistant: Reserva PX9D2K:\n1. Malas: passar para 4 malas implica 2 malas extra a $50 "
                  "cada = $100.\n2. Executiva: a diferença seria $279 × 2 = $558.\n\nAmbos os valores "
                  "seriam cobrados no Visa terminado em 7447. Quer avançar com as duas alterações?",
                  "user: As malas sim, pode pôr as 4. A executiva... 558 dólares é muito dinheiro, não sei "
                  "se compensa para um voo de seis horas."]
# 96d: European Portuguese, all but the bag, then a condition said of it ("essa logo se vê")
R4K = reservation("R4KQ8P", [("HAT100", "LIS", "JFK", "2024-05-22")], bags=0)
ALL_BUT_BAG_PT = [read(R4K),
                  "assistant: Reserva R4KQ8P:\n1. Voo: HAT100 → HAT120 a 24 de maio, diferença $40 no Visa "
                  "terminado em 7447\n2. Mala: 0 → 1, $50\n\nPosso avançar?",
                  "user: Sim, pode avançar com tudo, menos a mala, essa logo se vê no aeroporto se for "
                  "mesmo preciso."]
# 96d: Traditional Chinese, "ok" to a question with a full-width question mark
W8N = reservation("W8NF2L", [("HAT097", "DTW", "PHX", "2024-05-23")], bags=1)
OK_ZH = [read(W8N),
         "assistant: 確認一下：W8NF2L 托運行李由 1 件改為 2 件，皆為免費，不會扣款。這樣幫您加嗎？",
         "user: ok"]
# 96d: Traditional Chinese, "if no money is added" to a turn giving money back
CX2 = reservation("CX2M8B", [("HAT300", "TPE", "SFO", "2024-05-15")])
NO_EXTRA_ZH = [read(CX2),
               "assistant: CX2M8B 改為 5/17 HAT301，新票價比原來低，差額 $28 會退回您尾號 7447 的 "
               "Visa。要幫您改嗎？",
               "user: 好喔～不用補錢的話就幫我改吧"]
MOVED_CX2 = {"reservation_id": "CX2M8B", "cabin": "economy", "payment_id": VISA,
             "flights": [{"flight_number": "HAT301", "date": "2024-05-17"}]}

# 95d: German, an option picked by its word and hour ("Die Variante um 15 Uhr")
V15 = reservation("V15G3X", [("HAT200", "MUC", "JFK", "2024-05-20")])
AT_15_DE = [read(V15),
            "assistant: Für die Umbuchung von V15G3X gibt es am 22. Mai:\n1. HAT238 – 08:00 bis 10:30 – "
            "Aufpreis 86 $\n2. HAT115 – 15:00 bis 17:30 – Aufpreis 112 $\n\nWelche Variante möchten Sie?",
            "user: Die Variante um 15 Uhr, bitte. Ja, buchen Sie das so um, mit der Visa."]


def v15(flight: str) -> dict[str, Any]:
    return {"reservation_id": "V15G3X", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": flight, "date": "2024-05-22"}]}


# 96b: a passenger removed on their own line, another said to stay ("- Remove: ...", "... stays on")
T5G = reservation("T5GB7K", [("HAT100", "BOM", "JFK", "2024-05-20")])
REMOVE_ONE = [read(T5G),
              "assistant: Here's the update:\n\n- Reservation: T5GB7K\n- Remove: Mia Li (1990-04-05)\n- "
              "Add: Kavya Sharma (1995-07-21)\n\nShall I go ahead with this change?",
              "user: Yes correct, please do the needful."]
# 96b: a count said to be enough, in Singapore's English ("one extra enough la")
D2L = reservation("D2LX9S", [("HAT100", "SIN", "LAX", "2024-05-20")], bags=2)
ONE_ENOUGH = [read(D2L),
              "assistant: - Reservation: D2LX9S\n- Checked bags: 2 → 4\n- Extra bags: 2 × $50 = $100\n- "
              "Payment: gift card gift_card_1000001 or Visa ending 7447\n\nWhich would you like to use, "
              "and shall I add them?",
              "user: Hmm $100 ah... actually one extra enough la, she can squeeze. Put on gift card."]

# 96a: British English, the go-ahead after a list ending in a colon and a question
MOVE_GB = [*looked_up(SPEAKER),
           "assistant: Here is the address change:\n\n- Order: #W4284542\n- New shipping address: 2201 "
           "Westheimer Rd, Apt 9, Houston, TX 77098, USA\n\nShall I go ahead with this change (yes/no)?",
           "user: Brilliant, yes please."]
# 96a: the order kept as it is, the account's address said yes to
ACCOUNT_ONLY_GB = [*looked_up(SPEAKER),
                   "assistant: Here's what I can do:\n1. Update the shipping address of order #W4284542 to "
                   "2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA\n2. Update your default account "
                   "address to the same\n\nWould you like me to proceed with both (yes/no)?",
                   "user: Oh, that's very thorough of you. I think I'll leave the order itself as it is, "
                   "thanks. But yes, do please update the address on my account."]
# 96a: of twin items, the other kept by its colour ("The black speaker I'm keeping")
SPEAKERS = order("#W3002300", "delivered", item("9179378709", "Bluetooth Speaker", 326.59, color="green"),
                 item("9179378710", "Bluetooth Speaker", 300.0, color="black"))
GREEN_BACK = [*looked_up(SPEAKERS),
              "assistant: Return from order #W3002300: Bluetooth Speaker (green) - $326.59, refund to your "
              "Visa ending 7334. The black Bluetooth speaker would not be returned. Shall I proceed?",
              "user: Yes, please do go ahead exactly as you've set it out. The black speaker I'm keeping, "
              "it lives in the kitchen now."]

# 95c: Latin American Spanish, the method asked for in the yes ("que la plata me quede en la tarjeta
# de regalo")
HEADPHONES = order("#W7736708", "delivered", item("3104857380", "Headphones", 377.97, color="red"))
PLATA = [*looked_up(HEADPHONES),
         "assistant: - Artículo: Audífonos rojos\n- Reembolso: $377.97 a su Visa terminada en 7334 (método "
         "de pago original)\n\n¿Confirma que procedo con la devolución?",
         "user: Listo, pero que la plata me quede en la tarjeta de regalo, ¿sí? Así la uso para otra compra."]
# 95c: Italian, a done change asked about again, the "anything else?" answered ("Posso aiutarti con altro?")
DONE_IT = [*looked_up(SPEAKER),
           "assistant: L'ordine #W4284542 andrà a 2201 Westheimer Rd, Apt 9, Houston, TX 77098. Confermi?",
           "user: Sì, va bene, procedi",
           ("executed", ORDER_ADDRESS, SPEAKER_MOVED, {"order_id": "#W4284542"}),
           "assistant: Fatto! L'ordine #W4284542 verrà spedito a 2201 Westheimer Rd. Posso aiutarti con "
           "altro?",
           "user: Perfetto. Quindi adesso arriva in Westheimer Rd, giusto? Scusa se insisto."]

# 94b: a date of birth put right in the yes turn ("her birthday's wrong as well, it should be ...")
R2W = reservation("R2WF6N", [("HAT141", "MSP", "EWR", "2024-05-25")])
ALSO_DOB = [read(R2W),
            "assistant: On R2WF6N: Mia Li → Mia Lee (1990-04-05). Shall I go ahead with this update?",
            "user: Almost - her birthday's wrong as well, it should be 1990-04-15, not the 5th. fix both "
            "and go ahead"]


def mia_lee(dob: str) -> dict[str, Any]:
    return {"reservation_id": "R2WF6N", "passengers": [{"first_name": "Mia", "last_name": "Lee", "dob": dob}]}


# 94b: the money back to the methods named, no voucher, as the condition
K2T = reservation("K2TD9F", [("HAT100", "JFK", "LAX", "2024-05-28")])
BACK_TO_CARDS = [read(K2T),
                 "assistant: Cancelling K2TD9F refunds $150 to your gift card and $90 to your Visa ending "
                 "7447. Shall I cancel it?",
                 "user: Yes cancel it, as long as the money goes back to my card and the gift card and not "
                 "some voucher."]
# 94b: a turn of mind turned back to the go ("Fine - actually, no, do it, do both.")
S3V = reservation("S3VB7N", [("HAT100", "BOS", "LAX", "2024-05-20"), ("HAT101", "LAX", "BOS", "2024-05-27")],
                  cabin="business", flight_type="round_trip")
BOTH_LEGS = [read(S3V),
             "assistant: S3VB7N: both legs business → economy, $400 back to your Visa ending 7447. Shall I "
             "downgrade both?",
             "user: Fine - actually, no, do it, do both."]

# 94a: texting, one step of three left "actualy"
THREE_EN = [*looked_up(SPEAKER, CLOCK_PENDING),
            "assistant: 1. Cancel #W8584917 (Wall Clock), reason: no longer needed, $442.71 back to your "
            "gift card\n2. Change #W4284542's address to 2201 Westheimer Rd, Apt 9, Houston, TX "
            "77098\n\nShall I do both?",
            "user: ok yes do the cancel, no longer needed is fine. the address one leave it actualy, i "
            "just realised im out of office that week so home is better"]
# 94a: the agent held one back until told; the user's word on it later is the go
HELD_TILL_TOLD = [*looked_up(CLOCK_PENDING),
                  "assistant: Cancel #W8584917 (Wall Clock), reason: no longer needed, refund to your gift "
                  "card. Would you like me to cancel it?",
                  "user: hold on, its maybe for my sister lemme text her first",
                  "assistant: Take your time with your sister — I'll hold off on the wall clock order "
                  "until you let me know.",
                  "user: ok she said she doesnt want it lol so yes cancel the wall clock too, no longer "
                  "needed"]

# 91b: the go with what pays for it, then a hold on the other step ("Do the cabin change, on the
# gift card. Hold off on the bag for now though")
F9J = reservation("F9JA2L", [("HAT045", "DFW", "SEA", "2024-05-28")], cabin="basic_economy")
CABIN_NOT_BAG = [read(F9J),
                 "assistant: For F9JA2L:\n1. Upgrade cabin to economy on HAT045 — the difference is $55. "
                 "You can pay with your gift card or your Visa ending 7447.\n2. Add 1 checked bag — "
                 "free.\n\nWould you like me to do both?",
                 "user: Do the cabin change, on the gift card. Hold off on the bag for now though, I might "
                 "not need it."]
# 91b: a method asked for, the other kept for later ("save the gift card for something else")
H6T = reservation("H6T1KQ", [("HAT178", "ORD", "MIA", "2024-05-24")])
SAVE_GIFT = [read(H6T),
             "assistant: - Reservation H6T1KQ: HAT178 → HAT052 on May 25, economy\n- $46 charged to gift "
             "card gift_card_1000001\n\nShall I proceed?",
             "user: Yes please, but actually put it on my visa instead — I want to save the gift card for "
             "something else."]


def h6t(payment: str) -> dict[str, Any]:
    return {"reservation_id": "H6T1KQ", "cabin": "economy", "payment_id": payment,
            "flights": [{"flight_number": "HAT052", "date": "2024-05-25"}]}


# 95a: the method first and a plain yes, to "Which would you like?" of the methods named
KIT = order("#W6131421", "delivered", item("6509212169", "Makeup Kit", 256.14, tone="light"))
WHICH_EN = [*looked_up(KIT),
            "assistant: For the makeup kit return, the $256.14 refund can go to either your Visa ending in "
            "7334 (original payment method) or your gift card gift_card_3. Which would you like? Once you "
            "confirm, I'll submit the return for the Makeup Kit from order #W6131421.",
            "user: back on the visa. yes"]


def kit(method: str) -> dict[str, Any]:
    return {"order_id": "#W6131421", "item_ids": ["6509212169"], "payment_method_id": method}


# 92d: French, both asked, one taken back, the other said again by its city ("Donc seulement Las
# Vegas.")
D4R = reservation("D4RE8W", [("HAT242", "ORD", "LAS", "2024-05-21")])
UJ6 = reservation("UJ6T0S", [("HAT079", "ORD", "JFK", "2024-05-28")])
ONLY_VEGAS_FR = [read(D4R), read(UJ6),
                 "assistant: 1. D4RE8W — Chicago (ORD) → Las Vegas (LAS), 21/05/2024. Remboursement : 240 "
                 "$ sur "
                 "la Visa.\n2. UJ6T0S — Chicago (ORD) → New York (JFK), 28/05/2024. Remboursement : 240 $ "
                 "sur la "
                 "Visa.\n\nPouvez-vous me confirmer que vous souhaitez annuler ces deux réservations ?",
                 "user: Oui. Annulez les deux... ah non, attendez, je viens d'avoir un message de Maxime, "
                 "il va "
                 "quand même à New York finalement. Donc seulement Las Vegas."]
# 92b: a yes, then why ("we don't need it anymore")
F9K = reservation("F9KD2L", [("HAT139", "ORD", "PHL", "2024-06-02")])
NOT_NEEDED_EN = [read(F9K),
                 "assistant: - Cancel reservation F9KD2L (HAT139, ORD → PHL, June 2)\n- Refund: $357 to yo"
                 "ur Visa "
                 "ending 7447\n\nShall I cancel it?",
                 "user: yes cancel that one, we don't need it anymore"]

CASES = [
    shop("Z1337", "allow", lamp_back("sulla Visa che termina con 7334"), RETURN, lamp("credit_card_1"),
         "'va bene, ma il rimborso sulla Visa eh, non voglio buoni' to the Visa"),
    shop("Z1338", "refuse", lamp_back("sulla gift card gift_card_3"), RETURN, lamp("gift_card_3"),
         "the Visa asked for, a gift card proposed"),
    trip("Z1339", "allow", HOLD_3_NL, FLIGHTS, MOVED_NL, "'Doe 1 en 2 maar.'"),
    trip("Z1340", "allow", HOLD_3_NL, PASSENGERS, LIE, "'Doe 1 en 2 maar.'"),
    trip("Z1341", "refuse", HOLD_3_NL, BAGS, BAG_NL, "'Met die koffer weet ik het nog niet.'"),
    trip("Z1342", "refuse", [*STEPS_NL, "user: Doe 1 en 2 maar niet."], FLIGHTS, MOVED_NL,
         "'maar niet': not to"),
    trip("Z1343", "allow", within("$84"), FLIGHTS, MOVED_MX, "'mientras no pase de 100 dólares' to $84"),
    trip("Z1344", "refuse", within("$130"), FLIGHTS, MOVED_MX, "'mientras no pase de 100 dólares' to $130"),
    shop("Z1345", "allow", FOR_NOW_ES, RETURN, CLOCK_BACK, "'Venga, lo de la devolución sí.'"),
    shop("Z1346", "refuse", FOR_NOW_ES, ORDER_ADDRESS, SPEAKER_MOVED,
         "'Lo de la dirección déjalo de momento'"),
    shop("Z1347", "allow", THREE_JA, ORDER_ADDRESS, SPEAKER_MOVED, "'1と3はお願いします。'"),
    shop("Z1348", "allow", THREE_JA, RETURN, LUGGAGE_BACK, "'1と3はお願いします。'"),
    shop("Z1349", "refuse", THREE_JA, USER_ADDRESS, ADDRESS, "'アカウントの住所はまだ変えないで'"),
    shop("Z1350", "allow", CANCEL_JA, CANCEL_ORDER, {"order_id": "#W5442520", "reason": "no longer needed"},
         "the order's items described after the action's sentence"),
    shop("Z1351", "allow", WHOLE_ZH, CANCEL_ORDER, {"order_id": "#W6599568", "reason": "no longer needed"},
         "'整单取消（包括耳机）'"),
    shop("Z1352", "allow", FROM_TO_ZH, PAYMENT, {"order_id": "#W8664580",
                                                 "payment_method_id": "credit_card_1"},
         "'从 PayPal 改为 Visa'"),
    shop("Z1353", "refuse", FROM_TO_ZH, PAYMENT, {"order_id": "#W8664580", "payment_method_id": "paypal_4"},
         "PayPal is the method it leaves"),
    shop("Z1354", "allow", FROM_TO_JA, PAYMENT, {"order_id": "#W8664580",
                                                 "payment_method_id": "credit_card_1"},
         "'変更前：PayPal ... 変更後：Visa'"),
    trip("Z1355", "refuse", ON_GIFT_DE, FLIGHTS, moved_rw2(VISA), "'über meine Geschenkkarte ab'"),
    trip("Z1356", "allow", ON_GIFT_DE, FLIGHTS, moved_rw2(GC1), "'über meine Geschenkkarte ab'"),
    trip("Z1357", "allow", ONLY_BOSTON_DE, CANCEL, {"reservation_id": "FX8Q1B"}, "'nur die nach Boston'"),
    trip("Z1358", "refuse", ONLY_BOSTON_DE, CANCEL, {"reservation_id": "NB3K7V"}, "'nur die nach Boston'"),
    trip("Z1359", "refuse", ONLY_BOSTON_EN, CANCEL, {"reservation_id": "NB3K7V"},
         "'only the one to Boston'"),
    trip("Z1360", "allow", [*TWO_CANCELS, "user: Ja, beide stornieren bitte."], CANCEL,
         {"reservation_id": "NB3K7V"}, "'beide'"),
    trip("Z1361", "allow", BOUND_KO, FLIGHTS, MOVED_KO, "'차액 100불 안 넘으면요. 안 넘죠?' to $64"),
    trip("Z1362", "refuse", [*TIM, "user: Ja genau so! Ah nee warte, sorry, hab mich vertippt – er ist am "
                                   "03.09. geboren, also 3. September 2001. Sonst passt alles 👍"],
         PASSENGERS, tim("2001-03-09"), "'vertippt ... 3. September 2001'"),
    trip("Z1363", "allow", [*TIM, "user: Ja genau so! 👍"], PASSENGERS, tim("2001-03-09"), "'Ja genau so!'"),
    shop("Z1364", "allow", keyboard_back("페이팔(paypal_4)로 환불"), RETURN,
         {"order_id": "#W3181060", "item_ids": ["9025753381"], "payment_method_id": "paypal_4"},
         "'페이팔로 환불되는 거 맞으면' to a refund on PayPal"),
    shop("Z1365", "refuse", keyboard_back("기프트카드(gift_card_3)로 환불"), RETURN,
         {"order_id": "#W3181060", "item_ids": ["9025753381"], "payment_method_id": "gift_card_3"},
         "'페이팔로 환불되는 거 맞으면' to a refund on the gift card"),
    shop("Z1366", "allow", AS_IT_IS_PT, RETURN, CLOCK_BACK, "'pode avançar com a devolução'"),
    shop("Z1367", "refuse", AS_IT_IS_PT, ORDER_ADDRESS, SPEAKER_MOVED, "'A morada deixe ficar como está'"),
    shop("Z1368", "allow", MISTAKE_KO, CANCEL_ORDER,
         {"order_id": "#W8584917", "reason": "ordered by mistake"},
         "'실수로 주문함' is ordered by mistake"),
    trip("Z1369", "refuse", PAY_GIFT_ES, BAGS, bag_es(VISA), "'pagalo con la gift card'"),
    trip("Z1370", "allow", PAY_GIFT_ES, BAGS, bag_es(GC1), "'pagalo con la gift card'"),
    trip("Z1371", "refuse", AT_11_ES, FLIGHTS, t4g("HAT110"), "'la de las 11' to the 14:00"),
    trip("Z1372", "allow", AT_11_ES, FLIGHTS, t4g("HAT164"), "'la de las 11'"),
    trip("Z1373", "allow", CHEAPEST_ES, FLIGHTS, {"reservation_id": "ZR8K1V", "cabin": "business",
                                                 "payment_id": VISA, "flights": [
                                                     {"flight_number": "HAT072", "date": "2024-05-24"}]},
         "'la opción más económica' is no cabin; 'cabina ejecutiva'"),
    trip("Z1374", "allow", GIFT_NL, FLIGHTS, {"reservation_id": "LP7D3K", "cabin": "economy",
                                             "payment_id": GC1, "flights": [
                                                 {"flight_number": "HAT277", "date": "2024-05-23"}]},
         "'Van de cadeaukaart graag'"),
    trip("Z1375", "refuse", DOUBT_PT, CANCEL, {"reservation_id": "M4ZT6H"},
         "'pensando bem ... tô na dúvida'"),
    trip("Z1376", "allow", BRAM, PASSENGERS, bram("van Leeuwen"), "'hij heet eigenlijk Bram van Leeuwen'"),
    trip("Z1377", "refuse", BRAM, PASSENGERS, bram("Leeuwen"), "'hij heet eigenlijk Bram van Leeuwen'"),
    shop("Z1378", "refuse", PROFILE_FR, USER_ADDRESS, ADDRESS, "'non c'est bon, merci'"),
    shop("Z1379", "allow", TWO_NL, ORDER_ADDRESS, SPEAKER_MOVED, "'Leveringsadres' is the order's address"),
    shop("Z1380", "allow", camera_back("Je veux bien, merci."), RETURN, CAMERA_BACK, "'Je veux bien'"),
    shop("Z1381", "refuse", camera_back("euh... oui je pense. quoique, elle sera pas trop lourde ? je la "
                                        "trimballe partout"), RETURN, CAMERA_BACK, "'quoique, ...?'"),
    shop("Z1382", "allow", camera_back("Parfait, allez-y. Par contre j'ai aussi trois paires d'écouteurs "
                                       "dans une autre commande, je dois d'abord vérifier laquelle, je "
                                       "vous redis"), RETURN, CAMERA_BACK, "another order's, after the yes"),
    trip("Z1383", "allow", SPACES_JA, FLIGHTS, {"reservation_id": "N9CE4K", "cabin": "economy",
                                               "payment_id": VISA, "flights": [
                                                   {"flight_number": "HAT059", "date": "2024-05-25"}]},
         "'便の変更はOK'"),
    trip("Z1384", "refuse", SPACES_JA, BAGS, {"reservation_id": "N9CE4K", "total_baggages": 1,
                                             "nonfree_baggages": 1, "payment_id": VISA},
         "'荷物はちょっと保留で'"),
    trip("Z1385", "allow", THIRD_ZH, PASSENGERS, {"reservation_id": "X4BD7N", "passengers": [
        {"first_name": "Rui", "last_name": "Tang", "dob": "1990-04-05"}]}, "'1和3可以'"),
    trip("Z1386", "refuse", THIRD_ZH, BAGS, {"reservation_id": "X4BD7N", "total_baggages": 2,
                                            "nonfree_baggages": 1, "payment_id": VISA}, "'第二个先不用'"),
    trip("Z1387", "refuse", NO_BAG_JA, BAGS, {"reservation_id": "E3KD8W", "total_baggages": 1,
                                             "nonfree_baggages": 1, "payment_id": VISA},
         "'荷物は大丈夫です'"),
    trip("Z1388", "refuse", BY_GIFT_ZH, FLIGHTS, tk8(VISA), "'由礼品卡 ... 支付', the call on the Visa"),
    trip("Z1389", "allow", BY_GIFT_ZH, FLIGHTS, tk8(GC1), "'由礼品卡 ... 支付'"),
    trip("Z1390", "allow", within_ja("$76"), FLIGHTS, MOVED_H5P, "'差額100ドル以内なら' to '差額 $76'"),
    trip("Z1391", "refuse", within_ja("$176"), FLIGHTS, MOVED_H5P, "'差額100ドル以内なら' to '差額 $176'"),
    shop("Z1392", "allow", [*PENDING_CLOCK, "user: Yes cancel it. Will the money go back on the gift card "
                                            "right away or do I have to wait a week like last time?"],
         CANCEL_ORDER, {"order_id": "#W8584917", "reason": "ordered by mistake"}, "'have to wait a week'"),
    shop("Z1393", "refuse", [*PENDING_CLOCK, "user: Yes cancel it. Wait, will the money go back on the gift "
                                             "card right away?"],
         CANCEL_ORDER, {"order_id": "#W8584917", "reason": "ordered by mistake"}, "'Wait, ...?'"),
    shop("Z1394", "allow", TO_PAYPAL_EN, PAYMENT, {"order_id": "#W4284542", "payment_method_id": "paypal_4"},
         "'i don't want it to bounce' is a worry"),
    shop("Z1395", "allow", MOVE_EN, ORDER_ADDRESS, SPEAKER_MOVED, "'if you can't tell me then ... yes'"),
    shop("Z1396", "allow", METHOD_LAST, ITEMS, phone("gift_card_3"), "'gift card. only the phone. yes'"),
    shop("Z1397", "refuse", METHOD_LAST, ITEMS, phone("paypal_4"), "'gift card', the call on PayPal"),
    trip("Z1398", "allow", DENVER_ONLY, CANCEL, {"reservation_id": "D4NV8Q"}, "'cancel the denver one'"),
    trip("Z1399", "refuse", DENVER_ONLY, CANCEL, {"reservation_id": "B0SW3X"}, "'boston... hold on that'"),
    trip("Z1400", "allow", FULL_BACK, CANCEL, {"reservation_id": "E7UB4J"}, "'the full $219 back'"),
    trip("Z1401", "refuse", BY_DAY, CANCEL, {"reservation_id": "P4LN6B"}, "'the one on the 24th'"),
    trip("Z1402", "refuse", [*BY_DAY[:-1], "user: yes please"], CANCEL, {"reservation_id": "Q8TM2D"},
         "the one proposed is the 20th's"),
    trip("Z1403", "allow", VEGAS_3, BAGS, {"reservation_id": "S9KD3P", "total_baggages": 4,
                                          "nonfree_baggages": 0, "payment_id": VISA},
         "'for the vegas one ... 3 not 4' is not Seattle's"),
    trip("Z1404", "refuse", VEGAS_3, BAGS, {"reservation_id": "Z2HM5B", "total_baggages": 4,
                                           "nonfree_baggages": 2, "payment_id": VISA},
         "'for the vegas one just make it 3 bags not 4'"),
    shop("Z1405", "allow", TWO_OF_THREE_KO, ORDER_ADDRESS, KETTLE_MOVED,
         "'#W7807988은 기존 주소 그대로 둡니다' keeps the third out"),
    shop("Z1406", "allow", TO_VISA_KO, PAYMENT,
         {"order_id": "#W4284542", "payment_method_id": "credit_card_1"},
         "'마스터카드로 결제된 건' is what it was paid with"),
    trip("Z1407", "allow", BAGS_NOT_UP_PT, BAGS, {"reservation_id": "PX9D2K", "total_baggages": 4,
                                                 "nonfree_baggages": 2, "payment_id": VISA},
         "'As malas sim, pode pôr as 4.'"),
    trip("Z1408", "refuse", BAGS_NOT_UP_PT, FLIGHTS, {"reservation_id": "PX9D2K", "cabin": "business",
                                                     "payment_id": VISA, "flights": [
                                                         {"flight_number": "HAT069", "date": "2024-05-21"}]},
         "'A executiva... não sei se compensa'"),
    trip("Z1409", "allow", ALL_BUT_BAG_PT, FLIGHTS, {"reservation_id": "R4KQ8P", "cabin": "economy",
                                                    "payment_id": VISA, "flights": [
                                                        {"flight_number": "HAT120", "date": "2024-05-24"}]},
         "'pode avançar com tudo, menos a mala'"),
    trip("Z1410", "refuse", ALL_BUT_BAG_PT, BAGS, {"reservation_id": "R4KQ8P", "total_baggages": 1,
                                                  "nonfree_baggages": 1, "payment_id": VISA},
         "'menos a mala'"),
    trip("Z1411", "allow", OK_ZH, BAGS, {"reservation_id": "W8NF2L", "total_baggages": 2,
                                        "nonfree_baggages": 0, "payment_id": VISA}, "'ok' to '...嗎？'"),
    trip("Z1412", "allow", NO_EXTRA_ZH, FLIGHTS, MOVED_CX2, "'不用補錢的話' to money back"),
    trip("Z1413", "refuse", AT_15_DE, FLIGHTS, v15("HAT238"), "'Die Variante um 15 Uhr' to the 08:00"),
    trip("Z1414", "allow", AT_15_DE, FLIGHTS, v15("HAT115"), "'Die Variante um 15 Uhr'"),
    trip("Z1415", "refuse", REMOVE_ONE, PASSENGERS, {"reservation_id": "T5GB7K", "passengers": [
        {"first_name": "Kavya", "last_name": "Sharma", "dob": "1995-07-21"},
        {"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}]},
         "'Remove: Mia Li', the call keeps her"),
    trip("Z1416", "allow", REMOVE_ONE, PASSENGERS, {"reservation_id": "T5GB7K", "passengers": [
        {"first_name": "Kavya", "last_name": "Sharma", "dob": "1995-07-21"}]}, "'please do the needful'"),
    trip("Z1417", "refuse", ONE_ENOUGH, BAGS, {"reservation_id": "D2LX9S", "total_baggages": 4,
                                              "nonfree_baggages": 2, "payment_id": GC1},
         "'one extra enough'"),
    shop("Z1418", "allow", MOVE_GB, ORDER_ADDRESS, SPEAKER_MOVED, "'Brilliant, yes please.'"),
    shop("Z1419", "refuse", ACCOUNT_ONLY_GB, ORDER_ADDRESS, SPEAKER_MOVED,
         "'leave the order itself as it is'"),
    shop("Z1420", "allow", ACCOUNT_ONLY_GB, USER_ADDRESS, ADDRESS,
         "'do please update the address on my account'"),
    shop("Z1421", "allow", GREEN_BACK, RETURN, {"order_id": "#W3002300", "item_ids": ["9179378709"],
                                               "payment_method_id": "credit_card_1"},
         "'The black speaker I'm keeping', the green one returned"),
    shop("Z1422", "refuse", GREEN_BACK, RETURN, {"order_id": "#W3002300", "item_ids": ["9179378710"],
                                                "payment_method_id": "credit_card_1"},
         "'The black speaker I'm keeping'"),
    shop("Z1423", "refuse", PLATA, RETURN, {"order_id": "#W7736708", "item_ids": ["3104857380"],
                                           "payment_method_id": "credit_card_1"},
         "'la plata ... tarjeta de regalo'"),
    shop("Z1424", "refuse", DONE_IT, ORDER_ADDRESS, SPEAKER_MOVED, "done already, only asked about"),
    trip("Z1425", "refuse", ALSO_DOB, PASSENGERS, mia_lee("1990-04-05"),
         "'it should be 1990-04-15, not the 5th'"),
    trip("Z1426", "allow", ALSO_DOB, PASSENGERS, mia_lee("1990-04-15"), "'fix both and go ahead'"),
    trip("Z1427", "allow", BACK_TO_CARDS, CANCEL, {"reservation_id": "K2TD9F"},
         "'as long as the money goes back to my card and the gift card'"),
    trip("Z1428", "allow", BOTH_LEGS, FLIGHTS, {
        "reservation_id": "S3VB7N", "cabin": "economy", "payment_id": VISA,
        "flights": [{"flight_number": "HAT100", "date": "2024-05-20"},
                    {"flight_number": "HAT101", "date": "2024-05-27"}]},
         "'actually, no, do it, do both'"),
    shop("Z1429", "refuse", THREE_EN, ORDER_ADDRESS, SPEAKER_MOVED, "'the address one leave it actualy'"),
    shop("Z1430", "allow", THREE_EN, CANCEL_ORDER, {"order_id": "#W8584917", "reason": "no longer needed"},
         "'ok yes do the cancel'"),
    shop("Z1431", "allow", HELD_TILL_TOLD, CANCEL_ORDER,
         {"order_id": "#W8584917", "reason": "no longer needed"},
         "'so yes cancel the wall clock too' after 'I'll hold off ... until you let me know'"),
    trip("Z1432", "allow", CABIN_NOT_BAG, FLIGHTS, {"reservation_id": "F9JA2L", "cabin": "economy",
                                                   "payment_id": GC1, "flights": [
                                                       {"flight_number": "HAT045", "date": "2024-05-28"}]},
         "'Do the cabin change, on the gift card.'"),
    trip("Z1433", "refuse", CABIN_NOT_BAG, BAGS, {"reservation_id": "F9JA2L", "total_baggages": 1,
                                                 "nonfree_baggages": 0, "payment_id": GC1},
         "'Hold off on the bag for now'"),
    trip("Z1434", "refuse", SAVE_GIFT, FLIGHTS, h6t(GC1), "'put it on my visa instead'"),
    trip("Z1435", "allow", SAVE_GIFT, FLIGHTS, h6t(VISA), "'put it on my visa instead'"),
    shop("Z1436", "allow", WHICH_EN, RETURN, kit("credit_card_1"), "'back on the visa. yes'"),
    shop("Z1437", "refuse", WHICH_EN, RETURN, kit("gift_card_3"),
         "'back on the visa', the call on the gift card"),
    trip("Z1438", "allow", ONLY_VEGAS_FR, CANCEL, {"reservation_id": "D4RE8W"},
         "'Donc seulement Las Vegas.'"),
    trip("Z1439", "refuse", ONLY_VEGAS_FR, CANCEL, {"reservation_id": "UJ6T0S"},
         "'il va quand même à New York'"),
    trip("Z1440", "allow", NOT_NEEDED_EN, CANCEL, {"reservation_id": "F9KD2L"},
         "'we don't need it anymore' is the reason"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("va bene, ma il rimborso sulla Visa eh, non voglio buoni", Act.HOLD),
    ("sí, pero el reembolso a la Visa, no quiero vales", Act.HOLD),
    ("no, I don't want a voucher", Act.DECLINE),
    ("Nada más. Venga, las dos.", Act.AFFIRM),
    ("que venga mañana", Act.OTHER),
    ("Lo de la dirección déjalo de momento.", Act.HOLD),
    ("Doe 1 en 2 maar.", Act.AFFIRM),
    ("是的 不需要了 取消", Act.AFFIRM),
    ("对 两个都退 吸尘器手表不退 在确认一下是退到卡里对吧", Act.AFFIRM),
    ("好吧，不需要了", Act.OTHER),
    ("レザーでもだいじょぶです。おねがいしまーす", Act.AFFIRM),
    ("コットンのクルーネックなら普段着にはいいかも。Tシャツだけです。", Act.OTHER),
    ("はい、お願いします。あ、でも今月中に届いちゃったらどうしよう…まあ大丈夫か。はい、変更してください。",
     Act.AFFIRM),
    ("やっぱりやめます。はい。", Act.HOLD),
    ("返金はいつですか？お願いします。", Act.HOLD),
    ("Mein Mann meint ja, auf dem Rückflug wäre etwas mehr Platz schön.", Act.OTHER),
    ("Die soll ja trotzdem nach Seattle", Act.OTHER),
    ("Ich weiß nicht recht.", Act.HOLD),
    ("Namen ja, bitte korrigieren.", Act.AFFIRM),
    ("Na ja, okay, machen Sie das", Act.AFFIRM),
    ("Ja, machen Sie das. Ich weiß nicht, wie lange das dauert, aber egal.", Act.AFFIRM),
    ("pode avançar", Act.AFFIRM),
    ("vai, fai tutte e due. dell'altro ordine non cambio altro", Act.AFFIRM),
    ("칫솔이랑 커피메이커는 반품해 주세요. 책장은 이미 조립을 해버려서... 좀 애매하네요.", Act.AFFIRM),
    ("책장은 좀 애매하네요.", Act.HOLD),
    ("A troca do voo pode fazer.", Act.AFFIRM),
    ("não pode fazer", Act.OTHER),
    ("Nou vooruit, prima, stuur maar.", Act.AFFIRM),
    ("stuur maar niet", Act.OTHER),
    ("boek maar", Act.AFFIRM),
    ("non c'est bon, merci", Act.DECLINE),
    ("Le retour du sac à dos, laisse faire pour l'instant, je vais y penser.", Act.HOLD),
    ("그럼 뭐 어쩔 수 없지 카드로 해줘", Act.AFFIRM),
    ("네 진행해주세요. 변경하고 나면 기프트카드 잔액은 얼마 남나요?", Act.AFFIRM),
    ("알려줘", Act.OTHER),
    ("そのままでいい 黒に変えといて", Act.AFFIRM),
    ("今回はいいかな", Act.OTHER),
    ("じゃあ掃除機はもういいや そのままで 2つだけでいいやそれでお願い", Act.AFFIRM),
    ("Ah ótimo, pode pôr então.", Act.AFFIRM),
    ("對對對，是1955", Act.AFFIRM),
    ("对不起", Act.HOLD),
    ("Exato, com s.", Act.AFFIRM),
    ("价格ok。保险就不要了，其他都对，订吧。", Act.AFFIRM),
    ("Beides ja, danke.", Act.AFFIRM),
    ("C'est ça, corrige-le.", Act.AFFIRM),
    ("Bon, tant pis, on prend le risque. Réservez.", Act.AFFIRM),
    ("Opo, tama po yan.", Act.AFFIRM),
    ("Abeg send am.", Act.AFFIRM),
    ("Oya na, make e be like that.", Act.AFFIRM),
    ("I'm coming. Let me confirm my sister's date of birth from her.", Act.HOLD),
    ("I'm coming with my wife on the trip", Act.OTHER),
    ("No worries, crack on.", Act.AFFIRM),
    ("righto, ta", Act.AFFIRM),
    ("I would be most grateful if you could proceed with the modification as described.", Act.AFFIRM),
    ("I would be grateful if you could tell me the price first.", Act.OTHER),
    ("Sí, ahorita te confirmo, nomás déjame checar con mi esposa. Dame un segundito.", Act.HOLD),
    ("Mah... magari sì. Ma quanto ci mette ad arrivare il rimborso sulla carta?", Act.HOLD),
    ("Ah, costano pure di più? Ma anche no. Fai il reso come dicevi prima, rimborso sulla carta.",
     Act.AFFIRM),
    ("Cettu, vai.", Act.AFFIRM),
    ("sure, how long does the refund take usually?", Act.AFFIRM),
    ("yes, how much is the refund?", Act.HOLD),
    ("ok, when will I get the refund?", Act.HOLD),
    ("eh fine, the visa.", Act.AFFIRM),
    ("fine, the visa?", Act.HOLD),
    ("I don't need it anymore", Act.OTHER),
    ("No thanks, I don't want it anymore", Act.DECLINE),
])
def test_review91_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
