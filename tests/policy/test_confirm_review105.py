"""Cases from the hundred-and-fifth and later independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures), and the one left from
the hundred-and-fourth. Shortened to what the check reads, each refusal beside the allowed case it
must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import Case, marked, verdict
from .test_confirm_review8 import shop
from .test_confirm_review50 import item, looked_up, order

ADDRESS = "modify_pending_order_address"
CANCEL_ORDER = "cancel_pending_order"
RETURN = "return_delivered_order_items"
ITEMS = "modify_pending_order_items"
USER_ADDRESS = "modify_user_address"

# 104 (left then): a step withdrawn in a later turn by a topic put first, "about the address:",
# which both address changes share; "the home one" is the profile's
MAKEUP = order("#W5061109", "pending", item("6254646215", "Makeup Kit", 248.85))
MAPLE = {"address1": "12 Maple St", "address2": "", "city": "Austin", "state": "TX", "country": "USA",
         "zip": "78701"}
BOTH_ADDRESSES = [*looked_up(MAKEUP),
                  "assistant: Here's what I'll do:\n1. Update the shipping address of order #W5061109 to "
                  "12 Maple St, Austin, TX 78701, USA.\n2. Update your default profile address to the "
                  "same 12 Maple St, Austin, TX 78701, USA.\nShall I go ahead with both?",
                  "user: yes to both",
                  "assistant: Great, I'll start with the order."]
HOME_LEFT = [*BOTH_ADDRESSES,
             "user: about the address: actually you can leave the home one, only the order needs it."]
HOME_TOO = [*BOTH_ADDRESSES, "user: about the address: please do the home one too."]

CASES = [
    shop("Z1583", "refuse", HOME_LEFT, USER_ADDRESS, {"user_id": "ava_1", **MAPLE},
         "'about the address: actually you can leave the home one'"),
    shop("Z1584", "allow", HOME_LEFT, ADDRESS, {"order_id": "#W5061109", **MAPLE}, "the order's: kept"),
    shop("Z1585", "allow", HOME_TOO, USER_ADDRESS, {"user_id": "ava_1", **MAPLE}, "the home one too"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


# 105e: which order is meant, asked in French; the yes identifies it ("Oui, c'est bien celle-là")
ESPRESSO = order("#W9538251", "pending", item("6324294385", "Espresso Machine", 2719.01),
                 item("7255224608", "Digital Camera", 2875.61))
WHICH_ONE = ["user: J'ai une commande en cours avec une machine à espresso, je pense l'annuler. Mais je "
             "voudrais d'abord être sûre de ce qu'il y a dedans.",
             *looked_up(ESPRESSO),
             "assistant: La commande #W9538251, en attente, contient :\n- Espresso Machine – 2 719,01 $\n"
             "- Digital Camera – 2 875,61 $\nTotal : 5 594,62 $, payé avec votre Visa.\n\nEst-ce bien la "
             "commande dont vous parlez ?",
             "user: Oui, c'est bien celle-là."]
CANCEL_LISTED = [*WHICH_ONE[:-1],
                 "assistant: Je peux annuler la commande #W9538251 (Espresso Machine et Digital Camera), "
                 "motif « no longer needed », remboursement de 5 594,62 $ sur votre Visa. Je confirme "
                 "l'annulation ?",
                 "user: Oui, c'est bien celle-là, allez-y."]

# 105c: a listing opened by "Here is the address change ...", asked "Look good?"
GAINESVILLE = {"address1": "88 Orchard Rd", "address2": "Unit 2", "city": "Gainesville", "state": "FL",
               "country": "USA", "zip": "32601"}
SHIRT = order("#W1080318", "pending", item("8349118980", "T-Shirt", 53.43))
LOOK_GOOD = [*looked_up(SHIRT),
             "assistant: Sure. Here is the address change for order #W1080318:\n\n- New address: 88 "
             "Orchard Rd, Unit 2, Gainesville, FL 32601, USA\n- Current address: 542 Lakeview Drive, "
             "Suite 811, Jacksonville, FL 32214, USA\n\nLook good? Please confirm (yes) and I will "
             "update it.",
             "user: lgtm"]
IS_IT_YOURS = [*LOOK_GOOD[:-1],
               "assistant: Is the address on the order 542 Lakeview Drive, Jacksonville, FL 32214?",
               "user: yes"]

# 105c: a "no" the agent only took note of, then turned back to the go
WATCHES = order("#W4219264", "pending", item("1111111111", "Wristwatch", 1944.02))
TURNED_BACK = [*looked_up(WATCHES),
               "assistant: Here are the details:\n- Cancel order #W4219264 (Wristwatch)\n- Reason: "
               "ordered by mistake\n- Refund: $1,944.02 to your Mastercard\n\nWould you like me to cancel "
               "it? (yes/no)",
               "user: nah leave it actually",
               "assistant: No problem, order #W4219264 will stay as is. Anything else I can help with?",
               "user: wait",
               "user: actually ya cancel it, dont need it anymore"]
NOT_TURNED = [*TURNED_BACK[:-2], "user: can you check my other order instead"]
WATCH_CANCEL = {"order_id": "#W4219264", "reason": "ordered by mistake"}

# 105c: a plan's yes with one of its things held in the next message, no comma ("the earbuds
# hold on lemme check")
EARBUDS = order("#W7728728", "delivered", item("8555936349", "Wireless Earbuds", 226.49))
PUZZLE = order("#W2443586", "pending", item("4772738468", "Jigsaw Puzzle", 52.79))
PLAN_HELD = [*looked_up(PUZZLE, EARBUDS),
             "assistant: Here's the plan:\n1. Cancel order #W2443586 (Jigsaw Puzzle), reason: ordered by "
             "mistake, refund $52.79 to your credit card.\n2. Return from order #W7728728: Wireless "
             "Earbuds – $226.49, refund to your credit card.\n\nDo you confirm both actions? (yes/no)",
             "user: cancel yes",
             "user: the earbuds hold on lemme check if its the right pair"]
PLAN_STOPPED = [*PLAN_HELD[:-1], "user: hold on lemme check something"]

# 105c: "do that one instead", the one the sentence before describes
BACKPACK = order("#W3529525", "pending", item("7824298782", "Backpack", 200.38, color="black", size="small",
                                              material="nylon", compartment="laptop"))
THAT_ONE = [*looked_up(BACKPACK),
            ("read", "get_product_details", {"product_id": "2524789262"},
             {"product_id": "2524789262", "name": "Backpack", "variants": {
                 "7824298782": {"item_id": "7824298782", "options": {"color": "black", "size": "small",
                                "material": "nylon", "compartment": "laptop"}, "available": True,
                                "price": 200.38},
                 "5917587651": {"item_id": "5917587651", "options": {"color": "grey", "size": "medium",
                                "material": "polyester", "compartment": "laptop"}, "available": True,
                                "price": 212.79},
                 "6906307980": {"item_id": "6906307980", "options": {"color": "black", "size": "large",
                                "material": "polyester", "compartment": "laptop"}, "available": True,
                                "price": 202.39}}}),
            "assistant: Here are the details of the change for order #W3529525:\n\n- Backpack (black, "
            "small, nylon, laptop, $200.38) → Backpack (grey, medium, polyester, laptop, $212.79)\n- "
            "Price difference: $12.41, charged to your credit card (credit_card_1)\n\nDo you confirm? "
            "(yes/no)",
            "user: yep",
            "user: actually wait",
            "user: the black large one is cheaper right? do that one instead"]


def backpack(new: str) -> dict[str, Any]:
    return {"order_id": "#W3529525", "item_ids": ["7824298782"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


LATER_CASES = [
    shop("Z1586", "refuse", WHICH_ONE, CANCEL_ORDER, {"order_id": "#W9538251", "reason": "no longer needed"},
         "'Est-ce bien la commande dont vous parlez ?' 'Oui, c'est bien celle-là.'"),
    shop("Z1587", "allow", CANCEL_LISTED, CANCEL_ORDER,
         {"order_id": "#W9538251", "reason": "no longer needed"}, "the cancellation listed, then yes"),
    shop("Z1588", "allow", LOOK_GOOD, ADDRESS, {"order_id": "#W1080318", **GAINESVILLE},
         "'Here is the address change ... Look good?' 'lgtm'"),
    shop("Z1589", "refuse", IS_IT_YOURS, ADDRESS, {"order_id": "#W1080318", **GAINESVILLE},
         "'Is the address on the order ...?' checks a detail"),
    shop("Z1590", "allow", TURNED_BACK, CANCEL_ORDER, WATCH_CANCEL,
         "'actually ya cancel it' after the agent took note of the 'no'"),
    shop("Z1591", "refuse", NOT_TURNED, CANCEL_ORDER, WATCH_CANCEL, "the 'no' stands"),
    shop("Z1592", "allow", PLAN_HELD, CANCEL_ORDER, {"order_id": "#W2443586", "reason": "ordered by mistake"},
         "the earbuds held, the cancellation not"),
    shop("Z1593", "refuse", PLAN_HELD, RETURN,
         {"order_id": "#W7728728", "item_ids": ["8555936349"], "payment_method_id": "credit_card_1"},
         "'the earbuds hold on'"),
    shop("Z1594", "refuse", PLAN_STOPPED, CANCEL_ORDER,
         {"order_id": "#W2443586", "reason": "ordered by mistake"}, "'hold on' of everything"),
    shop("Z1595", "refuse", THAT_ONE, ITEMS, backpack("5917587651"),
         "'the black large one ... do that one instead', the call on the grey medium"),
]


@pytest.mark.parametrize("case", marked(LATER_CASES, {}))
async def test_later_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("bet", Act.AFFIRM), ("say less", Act.AFFIRM), ("yessir", Act.AFFIRM), ("yh", Act.AFFIRM),
    ("aight", Act.AFFIRM), ("ofc", Act.AFFIRM), ("fo sho", Act.AFFIRM), ("fine whatever", Act.AFFIRM),
    ("ugh fine, whatever", Act.AFFIRM), ("I bet it is late", Act.OTHER), ("def not", Act.OTHER),
    ("fine whatever you want", Act.OTHER), ("the word is out", Act.OTHER),
    ("C'est en ordre, merci.", Act.AFFIRM), ("ça joue", Act.AFFIRM),
    ("Vous pouvez faire la modif.", Act.AFFIRM),
    ("sure but can u also check my other order, when is it shipping", Act.AFFIRM),
    ("sure but can u cancel the other one instead", Act.HOLD),
    ("yea cancel that, ill just reorder the one i want", Act.AFFIRM),
])
def test_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
