"""Cases from the seventy-eighth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English where the customer
revises the plan several times, airline in Spanish, Portuguese and German, retail in Chinese and
Japanese, airline in English with failed calls and retries. Shortened to what the check reads,
each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import Case, marked, verdict
from .test_confirm_review8 import shop
from .test_confirm_review50 import give_back, item, looked_up, order

RETURN = "return_delivered_order_items"
EXCHANGE = "exchange_delivered_order_items"
CANCEL = "cancel_pending_order"

# 78a: a plan put right in one step, the agent carrying the others ("Items 2 and 3 stay the same")
LA = order("#W7990410", "delivered", item("7990410001", "Electric Kettle", 137.17, material="glass"),
           item("7990410002", "Headphones", 353.76, type="over-ear"))
CHAIR = order("#W1443906", "pending", item("1443906001", "Office Chair", 500.0, material="leather"),
              item("1443906002", "Grill", 920.77, type="gas"))
CARRIED = [*looked_up(LA, CHAIR),
           "assistant: Here's everything I'd do:\n\n1. Return from order #W7990410 (delivered): Electric "
           "Kettle (glass, $137.17) and Headphones (over-ear, $353.76). Refund of $490.93 to your Visa.\n2. "
           "Cancel order #W1443906 (pending): Office Chair (leather) and Grill (gas), total $1,420.77 "
           "refunded to your Visa. Reason: no longer needed.\n3. Update your default address to 3050 "
           "Riverside Dr, Unit 12, Austin, TX 78741, USA.\n\nPlease confirm (yes) and I'll take care of all "
           "three.", "user: Hmm. Drop the kettle from the return, I'll keep it.",
           "assistant: Sure. Updated item 1: return only the Headphones (over-ear, $353.76) from order "
           "#W7990410, refunded to your Visa. Items 2 and 3 stay the same. OK to proceed with all three?",
           "user: ok go ahead with all three"]
# 78a: one return per order in one sentence, each item's price after a dash
DASHED = [*looked_up(LA, CHAIR),
          "assistant: So the plan is now: return the Electric Kettle (glass – $137.17) from order "
          "#W7990410, where the Headphones stay with you, and return the Grill (gas – $920.77) from "
          "order #W1443906. Refunds go to your Visa. Does that look right?",
          "user: Sounds right, do all of that."]
# 78a: a second variant offered after a hesitation, "confirm when you're ready"
SPEAKER = {"product_id": "p9", "name": "Bluetooth Speaker", "variants": {
    "9000000011": {"item_id": "9000000011", "options": {"color": "blue", "battery life": "10 hours"},
                   "available": True, "price": 289.69},
    "9000000012": {"item_id": "9000000012", "options": {"color": "blue", "battery life": "20 hours"},
                   "available": True, "price": 302.67}}}
GREEN = order("#W1713682", "delivered", {"item_id": "9000000019", "name": "Bluetooth Speaker",
                                         "product_id": "p9", "price": 292.71,
                                         "options": {"color": "green", "battery life": "10 hours"}})
READY = [*looked_up(GREEN), ("read", "get_product_details", {"product_id": "p9"}, SPEAKER),
         "assistant: Here's the exchange for order #W1713682:\n\n- Bluetooth Speaker (green, 10 hours – "
         "$292.71) → Bluetooth Speaker (blue, 10 hours – $289.69)\n- You'd receive $3.02 back to your "
         "Visa\n\nShall I proceed?",
         "user: Hmm, I'm not sure. The 20 hour blue one is pricier... maybe that one instead?",
         "assistant: No rush! If you go with the 20-hour blue speaker:\n\n- Bluetooth Speaker (green, 10 "
         "hours – $292.71) → Bluetooth Speaker (blue, 20 hours – $302.67)\n- You'd pay a difference of "
         "$9.96, charged to your Visa\n\nJust let me know which you prefer, and confirm when you're "
         "ready for me to submit it.", "user: OK yes. Do the 20 hour one. Ten bucks is worth it."]


def swap(new: str) -> dict[str, Any]:
    return {"order_id": "#W1713682", "item_ids": ["9000000019"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


CASES = [
    shop("Z1039", "allow", CARRIED, CANCEL, {"order_id": "#W1443906", "reason": "no longer needed"},
         "'Items 2 and 3 stay the same. OK to proceed with all three?' 'ok go ahead with all three'"),
    shop("Z1040", "allow", CARRIED, RETURN, give_back("#W7990410", "7990410002"), "the headphones only"),
    shop("Z1041", "refuse", CARRIED, RETURN, give_back("#W7990410", "7990410001", "7990410002"),
         "'Drop the kettle from the return'"),
    shop("Z1042", "allow", DASHED, RETURN, give_back("#W1443906", "1443906002"),
         "'... and return the Grill (gas – $920.77) from order #W1443906'"),
    shop("Z1043", "allow", DASHED, RETURN, give_back("#W7990410", "7990410001"), "the kettle's return"),
    shop("Z1044", "allow", READY, EXCHANGE, swap("9000000012"),
         "'confirm when you're ready' answered 'OK yes. Do the 20 hour one.'"),
    shop("Z1045", "refuse", READY, EXCHANGE, swap("9000000011"), "the 10-hour one was the first offer"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Klingt gut, alles so machen.", Act.AFFIRM),
    ("Das klingt nicht gut.", Act.OTHER),
    ("Machen Sie es so.", Act.AFFIRM),
    ("Listo, hágale.", Act.AFFIRM),
    ("¿Listo?", Act.HOLD),
    ("No estoy listo todavía.", Act.DECLINE),
])
def test_review78_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
