"""Cases from the seventy-fourth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures), and what the review of the last stop's
change noticed. Shortened to what the check reads, each refusal beside the allowed case it must
not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, held_topics, normalize, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import EARBUDS, OPTION_ONE, _buds, trip
from .test_confirm_review50 import give_back, item, looked_up, order

# "the last one" of a numbered list of variants is its last option, as for flights
LAST_ONE = [*OPTION_ONE[:3], "user: hmm, the last one I think. the water thing doesn't matter to "
            "me. go ahead."]
assert len(EARBUDS["variants"]) == 3

# 74c: Korean. A return of two items, the keyboard kept before the yes to the speaker alone
SPEAKER = order("#W7400001", "delivered", item("7400000011", "Bluetooth Speaker", 150.0, color="black"),
                item("7400000012", "Mechanical Keyboard", 200.0, switch="blue"))
KO_PLAN = [*looked_up(SPEAKER), "assistant: 주문 #W7400001에서 다음 상품을 반품합니다:\n- Bluetooth "
           "Speaker (black) $150.00\n- Mechanical Keyboard (blue) $200.00\n환불: $350.00 → 원래 결제 "
           "수단 (credit_card_1). 진행할까요?"]
KO_KEPT = [*KO_PLAN, "user: 아 생각해보니 키보드는 그냥 쓸래요. 스피커만 반품할게요."]
KO_YES = [*KO_PLAN, "user: 맞아요, 딱 그 두 개요. 진행해 주세요."]
KO_WAIT = [*KO_PLAN, "user: 잠깐만요, 남편한테 먼저 물어볼게요."]
# 74c: a cancellation, yes in Korean; and asked about another matter after the yes
PENDING_KO = order("#W7400002", "pending", item("7400000021", "Garden Hose", 60.0, length="50ft"))
KO_CANCEL = [*looked_up(PENDING_KO), "assistant: 주문 #W7400002 (Garden Hose)를 취소합니다. 사유: "
             "더 이상 필요 없음. 환불: $60.00 → 원래 결제 수단. 취소를 진행할까요?"]
CANCEL_KO = {"order_id": "#W7400002", "reason": "no longer needed"}

# 74a: a go-ahead asked again, after an answer, of "the two returns listed above"
PUZZLE_1 = order("#W7400011", "delivered", item("7400000111", "Jigsaw Puzzle", 52.01, pieces="500"))
PUZZLE_2 = order("#W7400012", "delivered", item("7400000121", "Jigsaw Puzzle", 52.01, pieces="500"))
BOOTS = order("#W7400013", "pending", item("7400000131", "Hiking Boots", 258.09, size="7"))
PUZZLES = [*looked_up(PUZZLE_1, PUZZLE_2, BOOTS),
           "assistant: Here's the plan:\n\n1. Return Jigsaw Puzzle (item 7400000111) from order #W7400011: "
           "$52.01 refunded to your Visa\n2. Return Jigsaw Puzzle (item 7400000121) from order #W7400012: "
           "$52.01 refunded to your Visa\n\nDo you confirm both returns? (yes/no)",
           "user: Before I say yes: the order that hasn't shipped, can I still change the size of the "
           "hiking boots on it?",
           "assistant: Yes. Order #W7400013 is still pending, so the item options can be modified, and I "
           "can help with that right after this. Would you like me to go ahead with the two puzzle "
           "returns listed above?", "user: Yes, process both returns."]
# 74a: a thing put first and left for later: another order's, not the one proposed
FIRST = order("#W7400021", "delivered", item("7400000211", "Cycling Helmet", 180.02, size="S"),
              item("7400000212", "Smart Watch", 381.87, color="black"))
SECOND = order("#W7400022", "delivered", item("7400000221", "Smart Watch", 381.87, color="black"))
WATCHES = [*looked_up(FIRST, SECOND),
           "assistant: Here are the return details for the first order:\n- Order: #W7400021\n- Items: "
           "Cycling Helmet (item 7400000211) $180.02, Smart Watch (item 7400000212) $381.87\n- Refund: "
           "$561.89 to your Visa\n\nWould you like me to proceed with this return? (yes/no)",
           "user: That's right, go ahead with the return. The other watch I'll deal with another time, I "
           "need to think about the color."]
# 74a: the agent's last turn puts one step's money on a method; the other step keeps its own
LAMP_ORDER = order("#W7400031", "delivered", item("7400000311", "Desk Lamp", 144.07, power="battery"))
HELMET_ORDER = order("#W7400032", "delivered", item("7400000321", "Cycling Helmet", 212.47, color="blue"))
LAMP_HELMET = [*looked_up(LAMP_ORDER, HELMET_ORDER),
               "assistant: Here's the full plan:\n\n1. Exchange on #W7400031: Desk Lamp (item 7400000311; "
               "battery) -> Desk Lamp (item 7400000312; USB). Price difference: $20.21 to pay.\n2. Return on "
               "#W7400032: Cycling Helmet (item 7400000321; blue), $212.47 refunded to your Visa (the "
               "original payment method).\n\nFor the lamp difference, would you like to use the Visa or "
               "PayPal?", "user: PayPal for the lamp.",
               "assistant: Got it, the $20.21 lamp difference goes to PayPal (paypal_4). Shall I go ahead "
               "with both the exchange and the return? (yes/no)", "user: Exactly. Go ahead with both please."]
# 74b: a condition on where the money goes, the turn naming the method by its id
QK = reservation("QKRY03", [("HAT001", "MCO", "PHX", "2024-05-24")], cabin="basic_economy")
FULL_BACK = [read(QK), "assistant: **Cancellation details:**\n- Reservation: QKRY03\n- Refund: $408 to "
             "gift_card_6490722 within 5-7 business days\n\nShall I cancel it?",
             "user: As long as the full amount goes back on that gift card, yes, cancel it."]
# 74d: a yes to one of two, the other thought over by its city, in chat words
ORD_TRIP = reservation("HSR97W", [("HAT100", "ORD", "PHL", "2024-05-22")], cabin="business")
BOS_TRIP = reservation("PUNERT", [("HAT200", "BOS", "MIA", "2024-05-22")], cabin="business")
CHICAGO = [read(ORD_TRIP), read(BOS_TRIP), "assistant: I found both:\n- HSR97W: ORD-PHL on May 22, business, "
           "refund $1,227 to Visa ending 8834\n- PUNERT: BOS-MIA on May 22, business, refund $2,327 to Visa "
           "ending 8834\n\nWhat's the reason for cancelling? And shall I cancel both?",
           "user: change of plans. just the chicago one for now, lemme think abt boston"]
# 74d: a summary asking only how to pay, answered with a yes to all of it and the method
UPGRADE = reservation("FQ8APE", [("HAT056", "EWR", "IAH", "2024-05-25")], cabin="basic_economy")
ALL_THREE = [read(UPGRADE), "assistant: Here's everything I'd do on FQ8APE:\n\n1. Passenger: Mia Li -> Omar "
             "Rossi (1970-06-06)\n2. Cabin: basic economy -> economy on HAT056, $209 due\n3. Checked bags: "
             "0 -> 3, no charge\n\nWhich payment method for the $209? You have a Mastercard ending 3848 "
             "and a Visa ending 7447.", "user: yes all 3 pls, use the visa for whatever it costs"]

CASES = [
    shop("Z988", "allow", PUZZLES, "return_delivered_order_items", give_back("#W7400011", "7400000111"),
         "the go-ahead asked again of the returns listed above"),
    shop("Z989", "refuse", PUZZLES, "return_delivered_order_items",
         give_back("#W7400013", "7400000131"), "the pending order's boots were never proposed"),
    shop("Z990", "allow", WATCHES, "return_delivered_order_items",
         give_back("#W7400021", "7400000211", "7400000212"), "'the other watch' is the other order's"),
    shop("Z991", "refuse", WATCHES, "return_delivered_order_items", give_back("#W7400022", "7400000221"),
         "the other order's watch waits"),
    shop("Z992", "allow", LAMP_HELMET, "return_delivered_order_items", give_back("#W7400032", "7400000321"),
         "the helmet's refund on the Visa, as listed; PayPal is the lamp's"),
    shop("Z993", "refuse", LAMP_HELMET, "return_delivered_order_items",
         {**give_back("#W7400032", "7400000321"), "payment_method_id": "paypal_4"},
         "the helmet's refund was never put on PayPal"),
    trip("Z994", "allow", FULL_BACK, "cancel_reservation", {"reservation_id": "QKRY03"},
         "the refund goes to that gift card, as the turn says"),
    trip("Z995", "allow", CHICAGO, "cancel_reservation", {"reservation_id": "HSR97W"}, "the chicago one"),
    trip("Z996", "refuse", CHICAGO, "cancel_reservation", {"reservation_id": "PUNERT"},
         "'lemme think abt boston'"),
    trip("Z997", "allow", ALL_THREE, "update_reservation_flights",
         {"reservation_id": "FQ8APE", "cabin": "economy", "flights": [{"flight_number": "HAT056",
                                                                       "date": "2024-05-25"}],
          "payment_id": VISA}, "'yes all 3 pls, use the visa'"),
    shop("Z981", "refuse", KO_KEPT, "return_delivered_order_items",
         give_back("#W7400001", "7400000011", "7400000012"), "'키보드는 그냥 쓸래요' keeps the keyboard"),
    shop("Z982", "allow", KO_YES, "return_delivered_order_items",
         give_back("#W7400001", "7400000011", "7400000012"), "'맞아요 ... 진행해 주세요'"),
    shop("Z983", "refuse", KO_WAIT, "return_delivered_order_items",
         give_back("#W7400001", "7400000011", "7400000012"), "'잠깐만요' waits"),
    shop("Z984", "allow", [*KO_CANCEL, "user: ㅇㅇ 취소해주세요"], "cancel_pending_order", CANCEL_KO,
         "'ㅇㅇ 취소해주세요'"),
    shop("Z985", "allow", [*KO_CANCEL, "user: 네 취소해 주세요. 근데 환불은 언제 들어오나요?"],
         "cancel_pending_order", CANCEL_KO, "a yes, then when the refund comes"),
    shop("Z986", "refuse", [*KO_CANCEL, "user: 음... 잘 모르겠어요. 생각해 볼게요."], "cancel_pending_order",
         CANCEL_KO, "'생각해 볼게요' waits"),
    shop("Z987", "refuse", [*KO_CANCEL, "user: 환불이 기프트카드로 되면 취소해 주세요."],
         "cancel_pending_order", CANCEL_KO, "a condition ('...되면')"),
    shop("Z979", "allow", LAST_ONE, "modify_pending_order_items", _buds("7000000013"),
         "'the last one' is option 3"),
    shop("Z980", "refuse", LAST_ONE, "modify_pending_order_items", _buds("7000000011"),
         "option 1, not the last one picked"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("네 그걸로 취소 부탁드려요.", Act.AFFIRM),
    ("네네 그렇게 해 주세요", Act.AFFIRM),
    ("좋아요, 비자로 바꿔주세요.", Act.AFFIRM),
    ("네, 그것도 바꿔 주세요. 앞으로 주문할 때 헷갈리지 않게요.", Act.AFFIRM),  # (a purpose, no "not")
    ("OK 그렇게 진행해 주세요. 카드로 결제하면 돼요.", Act.AFFIRM),  # ("...면 돼요": will do)
    ("기프트카드로 결제해 주세요. 다른 건 바꿀 거 없어요. 확인합니다.", Act.AFFIRM),
    ("흠... 커피메이커도 바꿀까 잠깐 고민했는데, 아니에요. 시계만 바꿀게요. 진행하세요.", Act.AFFIRM),
    ("네 둘 다요. 근데 계정에 저장된 기본 주소도 따로 바꿔야 하나요?", Act.AFFIRM),
    ("아니요 취소하지 마세요", Act.HOLD),
    ("잠깐만요, 남편한테 물어보고 다시 연락할게요.", Act.HOLD),
    ("방수 되는 것도 있어요? 가격 차이가 얼마나 나요?", Act.HOLD),
    ("가격 차이가 10달러 이하면 진행해 주세요", Act.HOLD),
    ("알려 주세요", Act.OTHER),  # ("tell me": no go-ahead)
])
def test_korean_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


@pytest.mark.parametrize(("turn", "act"), [
    ("correct, go", Act.AFFIRM),
    ("Correct, make the swap.", Act.AFFIRM),
    ("Yes. Do it before I change my mind again", Act.AFFIRM),
    ("wait, before I say yes, is it refundable?", Act.HOLD),
    ("nice ok we'll prob have like 3", Act.HOLD),  # (probably: a guess, no go-ahead)
    ("no prob, go ahead", Act.AFFIRM),
    ("两个都改，谢谢", Act.AFFIRM),
    ("嗯嗯，换成Visa，麻烦了。", Act.AFFIRM),
    ("行，就换这个，别的不换。", Act.AFFIRM),  # ("the others unchanged": no "not")
    ("麻烦了，我再想想", Act.HOLD),
    ("他は変えません。お願いします、それで確定で。", Act.AFFIRM),
])
def test_review74_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


def test_korean_kept_thing_is_held() -> None:
    kept = "아 생각해보니 키보드는 그냥 쓸래요. 스피커만 반품할게요."
    assert held_topics(normalize(kept)) == ["the keyboard"]
    assert held_topics(normalize("네 둘 다요. 근데 계정에 저장된 기본 주소도 따로 바꿔야 하나요?")) == []
