"""Cases from the seventy-fourth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures), and what the review of the last stop's
change noticed. Shortened to what the check reads, each refusal beside the allowed case it must
not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, held_topics, normalize, read_turn

from .test_confirm_review3 import Case, marked, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import EARBUDS, OPTION_ONE, _buds
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

CASES = [
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


def test_korean_kept_thing_is_held() -> None:
    kept = "아 생각해보니 키보드는 그냥 쓸래요. 스피커만 반품할게요."
    assert held_topics(normalize(kept)) == ["the keyboard"]
    assert held_topics(normalize("네 둘 다요. 근데 계정에 저장된 기본 주소도 따로 바꿔야 하나요?")) == []
