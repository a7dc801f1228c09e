"""Cases from the seventy-sixth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): airline in English with numbered plans,
retail in Korean, airline in Japanese, Spanish and French, retail in English where payment is the
point. Shortened to what the check reads, each refusal beside the allowed case it must not
break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import Case, booking, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order

BAGS = "update_reservation_baggages"
PASSENGERS = "update_reservation_passengers"
FLIGHTS = "update_reservation_flights"


def people(rid: str, *who: tuple[str, str, str]) -> dict[str, Any]:
    return {**reservation(rid, [("HAT199", "PHL", "SFO", "2024-05-18")]),
            "passengers": [{"first_name": f, "last_name": last, "dob": d} for f, last, d in who]}


def writes(rid: str, *who: tuple[str, str, str]) -> dict[str, Any]:
    return {"reservation_id": rid,
            "passengers": [{"first_name": f, "last_name": last, "dob": d} for f, last, d in who]}


RAJ = ("Raj", "Jackson", "1956-03-09")
ANYA = ("Anya", "Garcia", "1992-11-12")
# 76a: three numbered steps, the first and third taken by their numbers, the second held
JMO = people("JMO1MG", ANYA, RAJ)
STEPS = [read(JMO), "assistant: Here's what I can do:\n\n1. JMO1MG: add 2 checked bags → total 3, no "
         "charge.\n"
         "2. JMO1MG: update Raj Jackson's date of birth from 1956-03-09 to 1956-09-03. Anya Garcia "
         "unchanged.\n3. JMO1MG: cabin economy → business on HAT199, $140 from your Visa ending 7447.\n\n"
         "Shall I proceed with all three?",
         "user: 1 and 3, hold 2 — I want to check Raj's passport first, the date might be written the "
         "other way round."]
# 76c: a date of birth the proposal changes, the call keeping the old one
IVAN = ("Ivan", "Garcia", "1964-11-26")
DOB = [read(people("IIHXDG", ("Raj", "Muller", "1967-10-16"), IVAN)),
       "assistant: 変更内容は以下のとおりです。\n\n1. Raj Muller 様(1967-10-16):変更なし\n2. Ivan Garcia 様:"
       "生年月日 1964-11-26 → 1964-06-11\n\nこの内容で更新してよろしいですか?", "user: はい、お願いします。"]
# 76a: a card asked for by its last digits, the other one said to be the company's
CARDS = [read(reservation("SDZQKO", [("HAT228", "JFK", "ATL", "2024-05-27")], cabin="basic_economy")),
         "assistant: Cabin change from basic economy to economy on HAT228: $391 × 2 = $782, charged to the "
         "Visa ending 7447 used for the original booking. Shall I go ahead?",
         "user: Fine, but charge the $782 to my Visa ending 2076 please — the 7447 one is my company card."]
# 76b: a return's refund asked on the gift card, in Korean
MUG = order("#W7600001", "delivered", item("7600000011", "Water Bottle", 54.51, capacity="500ml"))
GIFT_KO = [*looked_up(MUG), "assistant: 반품 내용:\n- 주문 #W7600001: Water Bottle (500ml) $54.51\n- 환불: "
           "원래 결제 수단(credit_card_1) 또는 기프트카드(gift_card_3)\n\n어느 쪽으로 환불해 드릴까요?",
           "user: 좋아요 그럼 기프트카드로 반품해 주세요"]

# 76a: a question whether a flight stops somewhere is no "stop"; the plan before it stands
MSP = reservation("60RX9E", [("HAT196", "MSP", "EWR", "2024-05-25")])
NONSTOP = [read(MSP), "assistant: Here's the plan for 60RX9E:\n\n1. Switch HAT196 to HAT141, same date "
           "(May 25); $117 back to your gift card.\n2. Add 1 checked bag → total 3, no charge.\n\nShall I go "
           "ahead with both?",
           "user: Quick question on the first one — is HAT141 nonstop, or does it stop somewhere?",
           "assistant: HAT141 is a direct flight, MSP → EWR with no stops.",
           "user: Great — then let's do both of them."]
# 76a: the yes names by its id (three letters said in a row) the reservation of an earlier step
TWO = [read(reservation("BSSSM3", [("HAT001", "JFK", "ATL", "2024-05-27")], cabin="business")),
       read(reservation("GXWCPN", [("HAT065", "JFK", "ATL", "2024-05-27")])),
       "assistant: Cancelling BSSSM3 (business, JFK → ATL, May 27) refunds $2,117 to your Visa. Shall I "
       "cancel it?", "user: And what would business cost on GXWCPN?",
       "assistant: For GXWCPN, business on HAT065 would be +$725 in total.",
       "user: Hm. That's more than I expected. Let me think about the upgrade and maybe call back. "
       "Cancelling BSSSM3 is fine though, do that."]

# 76c: a yes to how to pay, then the agent's summary asking anew, answered with a question only
PAID_JA = ["assistant: 予約内容:HAT130 + HAT184、DEN → BOS、5月17日、エコノミー、Mia Li 様、合計 $240。"
           "お支払い方法はどうなさいますか?", "user: 末尾7447のカードでお願いします。",
           "assistant: かしこまりました。お支払いは以下のとおりとなります。\n- "
           "credit_card_4421486(末尾7447):$240\n\nこの内容で予約してよろしいですか?"]
ASKED_JA = [*PAID_JA, "user: 保険は付いていないですよね?"]
BOOKED_JA = [*PAID_JA, "user: はい、お願いします。"]

CASES = [
    trip("Z1017", "refuse", ASKED_JA, "book_reservation", booking(("credit_card_4421486", 240)),
         "'この内容で予約してよろしいですか?' answered with a question"),
    trip("Z1018", "allow", BOOKED_JA, "book_reservation", booking(("credit_card_4421486", 240)),
         "answered 'はい、お願いします'"),
    trip("Z1014", "allow", NONSTOP, BAGS, {"reservation_id": "60RX9E", "total_baggages": 3,
                                          "nonfree_baggages": 0, "payment_id": "credit_card_4421486"},
         "'does it stop somewhere?' asks; 'let's do both of them'"),
    trip("Z1015", "allow", TWO, "cancel_reservation", {"reservation_id": "BSSSM3"},
         "'Cancelling BSSSM3 is fine though, do that.'"),
    trip("Z1016", "refuse", TWO, FLIGHTS, {"reservation_id": "GXWCPN", "cabin": "business", "flights": [
        {"flight_number": "HAT065", "date": "2024-05-27"}], "payment_id": "credit_card_4421486"},
         "'Let me think about the upgrade'"),
    trip("Z1007", "allow", STEPS, BAGS, {"reservation_id": "JMO1MG", "total_baggages": 3,
                                        "nonfree_baggages": 0, "payment_id": "credit_card_4421486"},
         "'1 and 3': the bags"),
    trip("Z1008", "refuse", STEPS, PASSENGERS, writes("JMO1MG", ANYA, ("Raj", "Jackson", "1956-09-03")),
         "'hold 2': the date of birth waits"),
    trip("Z1009", "refuse", DOB, PASSENGERS, writes("IIHXDG", ("Raj", "Muller", "1967-10-16"), IVAN),
         "Ivan's date of birth was to change; the call keeps the old one"),
    trip("Z1010", "allow", DOB, PASSENGERS,
         writes("IIHXDG", ("Raj", "Muller", "1967-10-16"), ("Ivan", "Garcia", "1964-06-11")),
         "the date changed as proposed"),
    trip("Z1011", "refuse", CARDS, FLIGHTS, {"reservation_id": "SDZQKO", "cabin": "economy", "flights": [
        {"flight_number": "HAT228", "date": "2024-05-27"}], "payment_id": "credit_card_4421486"},
         "'charge the $782 to my Visa ending 2076': not the 7447 card"),
    shop("Z1012", "refuse", GIFT_KO, "return_delivered_order_items", give_back("#W7600001", "7600000011"),
         "'기프트카드로 반품해 주세요': not the card"),
    shop("Z1013", "allow", GIFT_KO, "return_delivered_order_items",
         {**give_back("#W7600001", "7600000011"), "payment_method_id": "gift_card_3"}, "on the gift card"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("1 and 3 please.", Act.AFFIRM),
    ("Everything except the economy change.", Act.AFFIRM),
    ("Fine with both", Act.AFFIRM),
    ("Both are fine, but put the $50 bag fee on my gift card ending 2961", Act.AFFIRM),
    ("No, I only want to return the speaker. The bottle and lamp are fine.", Act.DECLINE),
    ("Fix the spelling. The upgrade only if it's under 600 all in.", Act.HOLD),
    ("ㄱㄱ", Act.AFFIRM),
    ("으음... 네 그냥 반품해 주세요. 안 쓸 것 같아요", Act.AFFIRM),
    ("네 그렇게 해 주시면 감사하겠습니다", Act.AFFIRM),
    ("네.. 아 근데 남편이 마당 호스 필요하다고 했던 것 같기도 하고.. 잠깐만요 한번 물어보고 올게요",
     Act.HOLD),
    ("Todo bien. Hágala.", Act.AFFIRM),
    ("それで合ってます。", Act.AFFIRM),
    ("does it stop anywhere?", Act.HOLD),
    ("please stop, don't do it", Act.DECLINE),
    ("無料なら、ぜひ。", Act.HOLD),  # (a condition: the check reads whether the turn meets it)
    ("夜の便なんですね。まあ一番安いならそれで大丈夫です。ありがとう。", Act.AFFIRM),  # (a fact taken)
])
def test_review76_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
