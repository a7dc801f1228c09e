"""Cases from the seventy-fifth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English for a household, airline
in Korean and Chinese, retail in Korean and Japanese, airline in English where the policy says no
to part of what the customer wants. Shortened to what the check reads, each refusal beside the
allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

PASSENGERS = "update_reservation_passengers"
BAGS = "update_reservation_baggages"
ITEMS = "modify_pending_order_items"


def crew(rid: str, *people: tuple[str, str, str]) -> dict[str, Any]:
    r = reservation(rid, [("HAT284", "LAS", "PHX", "2024-05-19")])
    return {**r, "passengers": [{"first_name": f, "last_name": last, "dob": d} for f, last, d in people]}


def writes(rid: str, *people: tuple[str, str, str]) -> dict[str, Any]:
    return {"reservation_id": rid,
            "passengers": [{"first_name": f, "last_name": last, "dob": d} for f, last, d in people]}


JAMES = ("James", "Taylor", "1997-01-23")
IVAN = ("Ivan", "Taylor", "1975-09-15")
GRACE = ("Grace", "Kim", "1998-08-30")
# 75d: one passenger replaced by another, the other kept as he is
SWAP = [read(crew("1N99U6", JAMES, IVAN)), "assistant: Here's the passenger change on 1N99U6:\n\n- James "
        "Taylor (1997-01-23): unchanged\n- Ivan Taylor (1975-09-15) → Grace Kim (1998-08-30)\n\nNo change to "
        "flights or price. Shall I update it?", "user: Correct."]
# 75d: the same shown with no verb, its yes on a condition the turn meets
NO_FEE = [read(crew("3RK2T9", ("Anya", "Garcia", "1992-11-12"), ("Mei", "Lee", "1989-12-13"))),
          "assistant: Here's the change on 3RK2T9:\n\n- Anya Garcia (1992-11-12): unchanged\n- Mei Lee "
          "(1989-12-13) → Chloe Garcia (2001-02-14)\n\nThere's no fee for this. Shall I go ahead?",
          "user: Yes, as long as there's no fee."]
# 75b: a bag added for free, the yes in Korean on that condition
FREE_BAG = [read(reservation("8WMF4C", [("HAT001", "LAS", "PHX", "2024-05-19")], bags=2)),
            "assistant: 실버 회원 이코노미는 1인당 2개씩 무료입니다.\n\n- 예약: 8WMF4C\n- 위탁 수하물: "
            "2개 → 3개\n- 추가 요금: $0\n\n추가해 드릴까요?", "user: 공짜면 당연히 해야죠. 추가해 주세요."]
PAID_BAG = [read(reservation("8WMF4C", [("HAT001", "LAS", "PHX", "2024-05-19")], bags=2)),
            "assistant: 무료 수하물은 1인당 2개입니다.\n\n- 예약: 8WMF4C\n- 위탁 수하물: 2개 → 3개\n"
            "- 추가 요금: $50 청구\n\n추가해 드릴까요?", "user: 공짜면 당연히 해야죠. 추가해 주세요."]
# 75c: a bound on the difference in Korean
JACKET = order("#W7500001", "pending", item("7500000011", "Fleece Jacket", 149.48, size="M"))
BOUND_KO = [*looked_up(JACKET), "assistant: 변경 내용:\n- 주문: #W7500001\n- Fleece Jacket (M) $149.48 → (L) "
            "$159.34\n- 총 차액: $9.86 추가 결제, credit_card_1로 청구\n\n진행할까요?",
            "user: 나머지는 그대로 두고요, 차액 30불 안 넘으면 괜찮아요. 그렇게 바꿔주세요."]
TIGHT_KO = [*BOUND_KO[:-1], "user: 차액 5불 안 넘으면 괜찮아요. 그렇게 바꿔주세요."]
JACKET_L = {"order_id": "#W7500001", "item_ids": ["7500000011"], "new_item_ids": ["7500000012"],
            "payment_method_id": "credit_card_1"}
# 75a: whose each helmet is, said by the user; one left out by whose it is
SON = order("#W7500002", "pending", item("7500000021", "Cycling Helmet", 209.69, size="L", color="blue"))
DAUGHTER = order("#W7500003", "pending", item("7500000031", "Cycling Helmet", 208.05, size="L",
                                              color="black"))
HELMETS = [*looked_up(SON, DAUGHTER), "user: Blue one is my son's, he wants white instead. Black one is my "
           "daughter's, she needs S.",
           "assistant: Here's the plan:\n\n1. #W7500002: Cycling Helmet (L / blue) → Cycling Helmet (L / "
           "white, item 7500000022). Refund $15.22 to your Visa.\n2. #W7500003: Cycling Helmet (L / black) → "
           "Cycling Helmet (S / white, item 7500000032). Refund $28.03 to your Visa.\n\nShould I go ahead "
           "with both?", "user: Yes do both.", "assistant: Thanks. One last check before I submit: is "
           "everything else in both orders final, with nothing else to change?",
           "user: Oh, hmm. Actually, leave my daughter's helmet, she'll grow into the L. Just do my son's."]

CASES = [
    trip("Z998", "refuse", SWAP, PASSENGERS, writes("1N99U6", GRACE, IVAN),
         "Ivan was to be replaced; the call keeps him and drops James"),
    trip("Z999", "allow", SWAP, PASSENGERS, writes("1N99U6", JAMES, GRACE), "Ivan replaced by Grace"),
    trip("Z1000", "allow", NO_FEE, PASSENGERS,
         writes("3RK2T9", ("Anya", "Garcia", "1992-11-12"), ("Chloe", "Garcia", "2001-02-14")),
         "a passenger's change shown by its arrow; 'as long as there's no fee', and there is none"),
    trip("Z1001", "allow", FREE_BAG, BAGS, {"reservation_id": "8WMF4C", "total_baggages": 3,
                                           "nonfree_baggages": 0, "payment_id": "credit_card_4421486"},
         "'공짜면 ... 추가해 주세요' to a bag at $0"),
    trip("Z1002", "refuse", PAID_BAG, BAGS, {"reservation_id": "8WMF4C", "total_baggages": 3,
                                            "nonfree_baggages": 1, "payment_id": "credit_card_4421486"},
         "'공짜면' to a bag charged $50"),
    shop("Z1003", "allow", BOUND_KO, ITEMS, JACKET_L, "'차액 30불 안 넘으면' and the difference is $9.86"),
    shop("Z1004", "refuse", TIGHT_KO, ITEMS, JACKET_L, "'차액 5불 안 넘으면' and the difference is $9.86"),
    shop("Z1005", "allow", HELMETS, ITEMS, {"order_id": "#W7500002", "item_ids": ["7500000021"],
                                           "new_item_ids": ["7500000022"],
                                           "payment_method_id": "credit_card_1"},
         "'Just do my son's.': the blue one"),
    shop("Z1006", "refuse", HELMETS, ITEMS, {"order_id": "#W7500003", "item_ids": ["7500000031"],
                                            "new_item_ids": ["7500000032"],
                                            "payment_method_id": "credit_card_1"},
         "'leave my daughter's helmet': the black one"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("일주일 정도면 괜찮아요. 취소 진행해 주세요.", Act.AFFIRM),  # (a fact taken, no condition)
    ("환불이 기프트카드로 되면 취소해 주세요.", Act.HOLD),  # (a condition)
    ("오, 그럼 받을게요.", Act.AFFIRM),
    ("주소 변경만 먼저 해 주세요. 취소는 좀 더 생각해 볼게요.", Act.AFFIRM),  # (the cancel held apart)
    ("加两件，谢谢。", Act.AFFIRM),
    ("加。", Act.AFFIRM),
    ("嗯对，三件。", Act.AFFIRM),
    ("加油", Act.OTHER),
    ("郵便番号 75225 で合ってます。変更してもらえますか。", Act.AFFIRM),
    ("返金はいつになりますか？", Act.HOLD),
    ("Ok that sounds reasonable, I'll probably do it. What card would it go on?", Act.HOLD),
    ("Fine, undo it.", Act.AFFIRM),
    ("Just do my son's.", Act.AFFIRM),
    ("what do you think about my son's?", Act.HOLD),
])
def test_review75_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
