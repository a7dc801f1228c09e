"""Cases from the eighty-fourth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English, returns, exchanges and
cancellations mixed up; airline in English, bags and allowances; retail in German and Dutch;
airline in Korean and Japanese. Shortened to what the check reads, each refusal beside the
allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

BAGS = "update_reservation_baggages"
FLIGHTS = "update_reservation_flights"
PASSENGERS = "update_reservation_passengers"
CANCEL = "cancel_reservation"
GC1 = "gift_card_1000001"
K7P = reservation("K7PL2Q", [("HAT172", "ORD", "BOS", "2024-05-22")])


def bags_for(charge: str, said: str) -> list[Any]:
    paid = "0" if charge == "$0" else "1"
    return [read(K7P), f"assistant: K7PL2Q: checked bags 0 → 2.\n- Non-free bags: {paid}\n"
                       f"- Charge: {charge}\n\nI'd reference your Visa ending in 7447. Would you like me "
                       "to go ahead?",
            f"user: {said}"]


def two_bags(paid: int) -> dict[str, Any]:
    return {"reservation_id": "K7PL2Q", "total_baggages": 2, "nonfree_baggages": paid, "payment_id": VISA}


# 84b: a place held ("Hold off on Miami for now — Joanna might not make it ...")
Z8R = reservation("Z8RK2W", [("HAT284", "DEN", "ATL", "2024-05-18")])
M3Q = reservation("M3QF7H", [("HAT150", "ATL", "MIA", "2024-05-26")], cabin="basic_economy")
BY_PLACE = [read(Z8R), read(M3Q),
            "assistant: I found both trips:\n\n- **Z8RK2W** — Denver → Atlanta, HAT284 on May 18. Adding 2 "
            "bags (0 → 2), **$0**.\n- **M3QF7H** — Atlanta → Miami, HAT150 on May 26. Adding 5 bags (0 → 5), "
            "1 bag is **$50**, on your Visa ending 7447.\n\nShall I go ahead with both?",
            "user: Go ahead with the Denver one. Hold off on Miami for now — Joanna might not make it and I "
            "don't want to pay for a bag nobody uses."]
# 84d: a certificate offered in Japanese ("お詫びとして ... トラベル証明書を ... お送りできます")
HAT095 = reservation("KW4N8P", [("HAT095", "SEA", "LAX", "2024-05-15")])
CERT_JA = [read(HAT095),
           "assistant: 確認いたしました。お詫びとして搭乗者お一人あたり $50、2名様分で合計 $100 のトラベル"
           "証明書をお客様のアカウントにお送りできます。お送りしてもよろしいですか？",
           "user: はい、お願いします。"]
# 84d: a check on what was said, then the yes ("...戻るんですよね？それならお願いします。")
TI8 = reservation("TI8M5R", [("HAT156", "PHL", "CLT", "2024-05-26")], cabin="business")
CHECK_JA = [read(TI8),
            "assistant: TI8M5R をビジネスからエコノミーに変更すると、差額 $274 がご登録の Visa（末尾7447）"
            "に返金されます。変更してよろしいですか？",
            "user: 返金はクレジットカードに戻るんですよね？それならお願いします。"]
DOWN_TI8 = {"reservation_id": "TI8M5R", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT156", "date": "2024-05-26"}]}
# 84d: steps by their numbers in Korean, the third to be talked over ("3번 날짜 변경은 친구랑 일정
# 얘기해 보고 다시 연락드릴게요")
EH5 = reservation("EH5N3X", [("HAT100", "JFK", "ORD", "2024-05-20")])
STEPS_KO = [read(EH5),
            "assistant: EH5N3X 변경 내용입니다.\n1. 승객 이름 수정: Mia Li → Mia Lee\n2. 위탁 수하물 0개 → "
            "1개 (무료)\n3. 날짜 변경: HAT100 5/20 → 5/22, 차액 $30 (비자 7447)\n\n진행할까요?",
            "user: 1번이랑 2번은 진행해 주시고요, 3번 날짜 변경은 친구랑 일정 얘기해 보고 다시 연락드릴게요."]
# 84d: one trip cancelled by its city, the other held ("まずはシアトルのほうだけキャンセルしてください。")
SEA = reservation("SK7A2D", [("HAT047", "LAS", "SEA", "2024-05-19")])
MIA_TRIP = reservation("SK1M9P", [("HAT263", "DTW", "MIA", "2024-05-29")])
CITY_JA = [read(SEA), read(MIA_TRIP),
           "assistant: ■ SK7A2D　ラスベガス→シアトル（5/19 HAT047）→ 返金 $296\n■ SK1M9P　デトロイト→マイアミ"
           "（5/29 HAT263）→ 返金 $198\n\nどちらをキャンセルなさいますか？",
           "user: まずはシアトルのほうだけキャンセルしてください。マイアミは月末なので、それまでに歩けるよ"
           "うになるか妻と相談してから決めます。"]
# 84d: a method ruled out in Japanese ("ギフトカードじゃなくて、クレジットカードのほうでお願いします")
MY8 = reservation("MY8C4T", [("HAT288", "SEA", "ATL", "2024-05-20")])
CARD_JA = [read(MY8),
           "assistant: MY8C4T を HAT288（5/22 12:00発）に変更すると差額 $96 です。前回と同じギフトカード（"
           "gift_card_1000001）からお支払いいただく形でいかがでしょうか。",
           "user: ギフトカードじゃなくて、クレジットカードのほうでお願いします。HAT288で、それで進めてくだ"
           "さい。"]


def move_my8(pay: str) -> dict[str, Any]:
    return {"reservation_id": "MY8C4T", "cabin": "economy", "payment_id": pay,
            "flights": [{"flight_number": "HAT288", "date": "2024-05-22"}]}


# 84c: "Na gut, wenn es nicht anders geht. Ja, bitte stornieren Sie die Bestellung."
WATCH = order("#W6851636", "pending", item("6851636001", "Wristwatch", 2127.62, strap="metal"))
SHRUG_DE = [*looked_up(WATCH),
            "assistant: Wenn ich Bestellung #W6851636 mit dem Grund „versehentlich bestellt“ storniere, "
            "werden die 2.286,29 $ auf Ihr PayPal-Konto zurückerstattet (5–7 Werktage). Soll ich sie "
            "stornieren?",
            "user: Na gut, wenn es nicht anders geht. Ja, bitte stornieren Sie die Bestellung."]
# 84c: the question after a bracket ("... die laat ik staan.) Zal ik beide annuleren?")
SHIRT = order("#W3525030", "pending", item("3525030001", "T-Shirt", 49.67, color="purple"))
GLASSES = order("#W9677982", "pending", item("9677982001", "Sunglasses", 2573.85, frame="brown"))
BIKE = order("#W2912646", "pending", item("2912646001", "Bicycle", 1500.0, size="M"))
BRACKET_NL = [*looked_up(SHIRT, GLASSES, BIKE),
              "assistant: | Bestelling | Inhoud | Bedrag |\n|---|---|---|\n| #W3525030 | T-shirt | $49,67 |\n"
              "| #W9677982 | Zonnebril | $2.573,85 |\n\nBeide annuleren met reden 'niet meer nodig'. (Let "
              "op: #W2912646 bevat ook een zonnebril, maar met een fiets – die laat ik staan.) Zal ik "
              "beide annuleren?",
              "user: Klopt helemaal. Ja, allebei weg ermee."]
# 84c: two orders' new address by their arrows ("1. #W9432206 (koptelefoon) → 3905 Speedway, ...")
PHONES = order("#W9432206", "pending", item("9432206001", "Headphones", 300.0, color="black"))
BOTTLE = order("#W7988753", "pending", item("7988753001", "Water Bottle", 30.0, capacity="1L"))
ARROWS_NL = [*looked_up(PHONES, BOTTLE),
             "assistant: Ik zet het voor je klaar:\n\n1. #W9432206 (koptelefoon) → 3905 Speedway, Apt 7, "
             "Austin, TX 78751, USA\n2. #W7988753 (waterfles) → hetzelfde adres\n\nAllebei aanpassen?",
             "user: Ja, allebei graag!"]
# 84c: "Bestelling #W4776164 ... gaat dan naar ..., klopt dat en mag ik het wijzigen?"
ESPRESSO = order("#W4776164", "pending", item("4776164001", "Espresso Machine", 500.0, capacity="1L"))
GOES_TO_NL = [*looked_up(ESPRESSO),
              "assistant: Bestelling #W4776164 (T-shirt + espressomachine) gaat dan naar 1650 Market "
              "Street, Suite 3600, Philadelphia, PA 19103, USA – klopt dat en mag ik het wijzigen?",
              "user: Zeker, dat klopt."]


def ship(order_id: str, street: str, unit: str, city: str, state: str, zip_code: str) -> dict[str, Any]:
    return {"order_id": order_id, "address1": street, "address2": unit, "city": city, "state": state,
            "country": "USA", "zip": zip_code}


CASES = [
    trip("Z1202", "allow", bags_for("$0", "If it's really zero dollars, then yes, go ahead."), BAGS,
         two_bags(0), "'If it's really zero dollars' to 'Charge: $0'"),
    trip("Z1203", "refuse", bags_for("$50", "If it's really zero dollars, then yes, go ahead."), BAGS,
         two_bags(1), "the turn charges $50"),
    trip("Z1204", "allow", bags_for("$0", "Yep, as long as I'm not paying anything."), BAGS, two_bags(0),
         "'as long as I'm not paying anything' to 'Charge: $0'"),
    trip("Z1205", "refuse", bags_for("$50", "Yep, as long as I'm not paying anything."), BAGS, two_bags(1),
         "$50 charged"),
    trip("Z1206", "allow", BY_PLACE, BAGS, {"reservation_id": "Z8RK2W", "total_baggages": 2,
                                            "nonfree_baggages": 0, "payment_id": VISA},
         "'Go ahead with the Denver one.'"),
    trip("Z1207", "refuse", BY_PLACE, BAGS, {"reservation_id": "M3QF7H", "total_baggages": 5,
                                             "nonfree_baggages": 1, "payment_id": VISA},
         "'Hold off on Miami for now'"),
    trip("Z1208", "allow", CERT_JA, "send_certificate", {"user_id": "mia_li_3668", "amount": 100},
         "'お詫びとして ... トラベル証明書を ... お送りできます' 'はい、お願いします。'"),
    trip("Z1209", "allow", CHECK_JA, FLIGHTS, DOWN_TI8, "'...戻るんですよね？それならお願いします。'"),
    trip("Z1210", "refuse", [*CHECK_JA[:-1], "user: 返金はクレジットカードに戻るんですよね？"], FLIGHTS,
         DOWN_TI8,
         "a check, no yes"),
    trip("Z1211", "allow", STEPS_KO, PASSENGERS, {"reservation_id": "EH5N3X", "passengers": [
        {"first_name": "Mia", "last_name": "Lee", "dob": "1990-04-05"}]}, "'1번이랑 2번은 진행해 주시고요'"),
    trip("Z1212", "refuse", STEPS_KO, FLIGHTS,
         {"reservation_id": "EH5N3X", "cabin": "economy", "payment_id": VISA,
          "flights": [{"flight_number": "HAT100", "date": "2024-05-22"}]},
         "'3번 날짜 변경은 ... 얘기해 보고 다시 연락드릴게요'"),
    trip("Z1213", "allow", CITY_JA, CANCEL, {"reservation_id": "SK7A2D"}, "'シアトルのほうだけキャンセルし"
                                                                          "てください'"),
    trip("Z1214", "refuse", CITY_JA, CANCEL, {"reservation_id": "SK1M9P"}, "'マイアミは ... 相談してから決"
                                                                           "めます'"),
    trip("Z1215", "refuse", CARD_JA, FLIGHTS, move_my8(GC1), "'ギフトカードじゃなくて'"),
    trip("Z1216", "allow", CARD_JA, FLIGHTS, move_my8(VISA), "'クレジットカードのほうでお願いします'"),
    shop("Z1217", "allow", SHRUG_DE, "cancel_pending_order", {"order_id": "#W6851636", "reason": "ordered "
                                                                                                 "by "
                                                                                                 "mistake"},
         "'Na gut, wenn es nicht anders geht. Ja, bitte stornieren Sie die Bestellung.'"),
    shop("Z1218", "allow", BRACKET_NL, "cancel_pending_order", {"order_id": "#W3525030", "reason": "no "
                                                                                                   "longer "
                                                                                                   "needed"},
         "'Zal ik beide annuleren?' after a bracket naming another order"),
    shop("Z1220", "allow", ARROWS_NL, "modify_pending_order_address",
         ship("#W9432206", "3905 Speedway", "Apt 7", "Austin", "TX", "78751"), "'1. #W9432206 "
                                                                               "(koptelefoon) → ...'"),
    shop("Z1221", "allow", GOES_TO_NL, "modify_pending_order_address",
         ship("#W4776164", "1650 Market Street", "Suite 3600", "Philadelphia", "PA", "19103"),
         "'... gaat dan naar ..., klopt dat en mag ik het wijzigen?' 'Zeker, dat klopt.'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("返金はクレジットカードに戻るんですよね？それならお願いします。", Act.AFFIRM),
    ("返金はいつですか？お願いします。", Act.HOLD),
    ("Na gut, wenn es nicht anders geht. Ja, bitte stornieren Sie die Bestellung.", Act.AFFIRM),
    ("Ja, aber wenn es mehr als 50 $ kostet, nicht.", Act.HOLD),
])
def test_review84_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
