"""Cases from the sixty-fifth independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files; docs/policy.md gives
the figures): airline conditions in English, retail in Spanish and Portuguese, airline in
German, French, Italian and Dutch, retail in Japanese. Shortened to what the check reads, each
refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order

RETURN = "return_delivered_order_items"
MODIFY = "modify_pending_order_items"

# 65a: "Return on the 19th" is the return leg, not a go that passes the wait before it
VA = reservation("VA5SGQ", [("HAT001", "DTW", "LGA", "2024-05-17")], flight_type="round_trip")
OFFER = [read(VA), "assistant: You are eligible to cancel VA5SGQ for a full refund of $686. Would "
         "you like me to cancel VA5SGQ for a full refund of $686?"]
NOT_YET = [*OFFER, "user: Don't cancel anything yet. First show me what the new flights would "
           "cost, then I'll decide. Return on the 19th."]
GO = [*OFFER, "user: Yes, cancel it. Return on the 19th, please."]

# 65b: Spanish and Portuguese
WATCH = order("#W6500001", "pending", item("6500000011", "Smart Watch", 1944.02))
CHANGE_ES = [*looked_up(WATCH), "assistant: Cambio en el pedido #W6500001: Smart Watch "
             "(6500000011) -> Smart Watch (metal, 6500000012), reembolso de $121.20 a tu Visa. "
             "¿Es el único cambio? ¿Confirmas (sí/no)?"]
ONLY_ONE = [*CHANGE_ES, "user: si es el unico. obvio q si, q esperas"]
IF_ES = [*CHANGE_ES, "user: si el reembolso llega mañana, adelante"]
NO_TROUBLE = [*CHANGE_ES, "user: Vale, el reloj sí. Si es así, adelante, no quiero más líos con "
              "el banco."]
AVANCE = [*CHANGE_ES, "user: São essas. Avance."]
WATCH_SWAP = {"order_id": "#W6500001", "item_ids": ["6500000011"], "new_item_ids": ["6500000012"],
              "payment_method_id": "credit_card_1"}

# 65d: Japanese: another thing asked about after the yes is held; casual yeses
KEYBOARD = order("#W6500002", "delivered", item("6500000021", "Mechanical Keyboard", 268.77))
MOUSE = order("#W6500003", "delivered", item("6500000031", "Gaming Mouse", 158.89))
TWO_RETURNS = [*looked_up(KEYBOARD, MOUSE),
               "assistant: 返品の内容です：\n1. #W6500002：キーボード → "
               "Visaへ $268.77\n2. #W6500003：マウス → PayPalへ $158.89\nこの内容でよろしければ「はい」と"
               "お返事ください。",
               "user: キーボードの方はそれでお願いします。マウスの方なんですけど、PayPalへ"
               "の返金っていつ頃反映されますか？"]
CASUAL = [*TWO_RETURNS[:-1], "user: おけ、お願いしまーす"]

CASES = [
    trip("Z688", "refuse", NOT_YET, "cancel_reservation", {"reservation_id": "VA5SGQ"},
         "don't cancel anything yet ... return on the 19th"),
    trip("Z689", "allow", GO, "cancel_reservation", {"reservation_id": "VA5SGQ"},
         "yes, cancel it. return on the 19th"),
    shop("Z690", "allow", ONLY_ONE, MODIFY, WATCH_SWAP, "si es el unico. obvio q si"),
    shop("Z691", "refuse", IF_ES, MODIFY, WATCH_SWAP, "si el reembolso llega mañana, adelante"),
    shop("Z692", "allow", NO_TROUBLE, MODIFY, WATCH_SWAP, "no quiero más líos: a reason"),
    shop("Z693", "allow", AVANCE, MODIFY, WATCH_SWAP, "avance"),
    shop("Z694", "allow", TWO_RETURNS, RETURN, give_back("#W6500002", "6500000021"),
         "キーボードの方はそれでお願いします"),
    shop("Z695", "refuse", TWO_RETURNS, RETURN, give_back("#W6500003", "6500000031"),
         "マウスの方なんですけど...いつ頃反映されますか？"),
    shop("Z696", "allow", CASUAL, RETURN, give_back("#W6500003", "6500000031"),
         "おけ、お願いしまーす"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
