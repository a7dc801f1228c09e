"""Cases from the hundred-and-fifth and later independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures), and the one left from
the hundred-and-fourth. Shortened to what the check reads, each refusal beside the allowed case it
must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

ADDRESS = "modify_pending_order_address"
CANCEL_ORDER = "cancel_pending_order"
RETURN = "return_delivered_order_items"
ITEMS = "modify_pending_order_items"
EXCHANGE_ITEMS = "exchange_delivered_order_items"
BAGS = "update_reservation_baggages"
FLIGHTS = "update_reservation_flights"
CANCEL_TRIP = "cancel_reservation"
VISA = "credit_card_4421486"
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


# 105a: plans of several orders, one step picked or left out
W1 = order("#W5270061", "pending", item("1000000001", "Desk Lamp", 150.00))
W2 = order("#W5782623", "pending", item("2492465580", "Backpack", 201.95),
           item("1002370030", "Perfume", 290.25))
W3 = order("#W1519594", "delivered", item("9580569596", "Wireless Earbuds", 232.49))
FOUR_STEPS = [*looked_up(W1, W2, W3),
              "assistant: Here's what that would look like:\n1. **Address change - #W5270061**: ship to 159 "
              "Hickory Lane, Suite 995, Charlotte, NC 28243, USA.\n2. **Cancel - #W5782623** (Backpack - "
              "navy, small, nylon; Perfume - woody, 50ml, women; total $492.20), reason: no longer needed. "
              "Refund to your gift card immediately.\n3. **Return - #W1519594**: Wireless Earbuds, $232.49 "
              "back to your credit card.\n\nWhich of these would you like me to go ahead with?",
              "user: Hmm, that's a lot, and the earbud return is more hassle than I thought. Let's just do "
              "the cancellation for now. I'll call back about the rest after I talk to my partner."]
CANCEL_W2 = {"order_id": "#W5782623", "reason": "no longer needed"}
RETURN_W3 = {"order_id": "#W1519594", "item_ids": ["9580569596"], "payment_method_id": "credit_card_1"}
HICKORY = {"address1": "159 Hickory Lane", "address2": "Suite 995", "city": "Charlotte", "state": "NC",
           "country": "USA", "zip": "28243"}
PAUSED = [*FOUR_STEPS[:-1], "user: Let me think...",
          "assistant: Take your time. Let me know which steps you'd like to go ahead with.",
          "user: Okay. Just the return for now. The lamp order can keep going where it is."]
KEEP_THAT = [*FOUR_STEPS[:-1],
             "user: Do the address change and the return. Skip the cancellation - on second thought I'll "
             "keep that order, my son wants the backpack."]
EVERYTHING_BUT = [*FOUR_STEPS[:-1],
                  "user: Yes the lamp is the only thing there. OK, do everything except the return for now - "
                  "I need to check with my sister whether she wants the earbuds before I send them back."]
EMAIL_ASKED = [*FOUR_STEPS[:-1],
               "user: Yes, go ahead with the address change, the cancellation and the return. Also will I "
               "get an email about how to send the earbuds back?"]

PLAN_CASES = [
    shop("Z1596", "allow", FOUR_STEPS, CANCEL_ORDER, CANCEL_W2,
         "'Let's just do the cancellation for now. I'll call back about the rest'"),
    shop("Z1597", "refuse", FOUR_STEPS, RETURN, RETURN_W3, "the rest held"),
    shop("Z1598", "allow", PAUSED, RETURN, RETURN_W3, "'Just the return for now' after a pause"),
    shop("Z1599", "refuse", PAUSED, CANCEL_ORDER, CANCEL_W2, "the return alone"),
    shop("Z1600", "allow", KEEP_THAT, ADDRESS, {"order_id": "#W5270061", **HICKORY},
         "'I'll keep that order' is the cancellation's"),
    shop("Z1601", "refuse", KEEP_THAT, CANCEL_ORDER, CANCEL_W2, "'Skip the cancellation'"),
    shop("Z1602", "allow", EVERYTHING_BUT, CANCEL_ORDER, CANCEL_W2, "'do everything except the return'"),
    shop("Z1603", "refuse", EVERYTHING_BUT, RETURN, RETURN_W3, "the return left out"),
    shop("Z1604", "allow", EMAIL_ASKED, RETURN, RETURN_W3, "a question on what comes after"),
]


@pytest.mark.parametrize("case", marked(PLAN_CASES, {}))
async def test_plan_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


ALL_THREE = FOUR_STEPS[-2].replace("Which of these would you like me to go ahead with?",
                                   "Shall I go ahead with all three?")
ONLY_CANCEL = [*FOUR_STEPS[:-2], ALL_THREE, "user: yes, only the cancellation please"]

# 105a: an exchange's variant put right and asked again with "the only item" check, then the
# return the first yes covered
BOOTS = order("#W8488728", "delivered", item("5676696062", "Hiking Boots", 245.99))
MAT = order("#W6397299", "delivered", item("2733768059", "Yoga Mat", 94.38))
MAT_BACK = {"order_id": "#W6397299", "item_ids": ["2733768059"], "payment_method_id": "credit_card_1"}
BOOTS_ONLY = [*looked_up(BOOTS, MAT),
              "assistant: 1. Exchange - order #W8488728: Hiking Boots (size 11) -> Hiking Boots (size 12, "
              "leather, waterproof), item 8277474082, $9.42 back to your credit card.\n2. Return - order "
              "#W6397299: Yoga Mat, $94.38 refunded to your credit card.\n\nWould you like me to go ahead "
              "with 1 and 2 (yes/no)?",
              "user: Yes to both, but for the boots - is there a 12 in synthetic that's not waterproof? I'd "
              "take that instead.",
              "assistant: Yes - Hiking Boots (size 12, synthetic, not waterproof), item 4582956489. So the "
              "updated exchange for order #W8488728: Hiking Boots (size 11) -> Hiking Boots (size 12, "
              "synthetic, not waterproof), $4.03 back to your credit card.\n- Please confirm the boots are "
              "the only item you want to exchange from this order.\n\nShall I go ahead with this exchange "
              "(yes/no)?",
              "user: Yep, that's right, just the boots."]

# 105a: a step's method asked as a choice in the plan and answered with the yes; the agent's
# next turn reports another step done, with its own refund, and checks the only item
SNEAKERS = order("#W3614011", "pending", item("4410138384", "Sneakers", 197.37))
LAPTOP = order("#W2417020", "pending", item("8100000003", "Laptop", 2674.40))
METHOD_CHOSEN = [*looked_up(LAPTOP, SNEAKERS),
                 "assistant: Here's the full plan:\n\n1. Cancel order #W2417020 (Laptop - $2,674.40), "
                 "reason: no longer needed. The $2,674.40 goes back to your gift card immediately.\n\n2. "
                 "Modify order #W3614011 (pending): Sneakers (size 8) -> Sneakers (size 10, item "
                 "2509076505). "
                 "You'd get $7.87 back. Which payment method should receive it: your gift card or PayPal?\n\n"
                 "Please confirm (yes/no) and let me know the payment method for step 2.",
                 "user: paypal for the sneakers. yes go ahead",
                 ("executed", CANCEL_ORDER, {"order_id": "#W2417020", "reason": "no longer needed"},
                  {"status": "cancelled"}),
                 "assistant: Order #W2417020 has been cancelled and $2,674.40 has been refunded to your gift "
                 "card. Before I modify #W3614011: just to double-check, the sneakers are the only item you "
                 "want to change in that order, right?",
                 "user: yes just the sneakers"]


def sneakers(method: str) -> dict[str, Any]:
    return {"order_id": "#W3614011", "item_ids": ["4410138384"], "new_item_ids": ["2509076505"],
            "payment_method_id": method}


MORE_CASES = [
    shop("Z1605", "refuse", ONLY_CANCEL, RETURN, RETURN_W3, "'yes, only the cancellation please'"),
    shop("Z1606", "allow", ONLY_CANCEL, CANCEL_ORDER, CANCEL_W2, "the cancellation: yes"),
    shop("Z1607", "allow", BOOTS_ONLY, RETURN, MAT_BACK, "'just the boots' answers the exchange's own check"),
    shop("Z1608", "allow", METHOD_CHOSEN, ITEMS, sneakers("paypal_4"), "PayPal, chosen with the yes"),
    shop("Z1609", "refuse", METHOD_CHOSEN, ITEMS, sneakers("gift_card_3"), "the gift card, not chosen"),
]


@pytest.mark.parametrize("case", marked(MORE_CASES, {
    "Z1609": "the newest yes answers a turn that names the gift card only where it reports the "
             "cancellation's refund done; the call on the gift card is read as named there"}))
async def test_more_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


# 105b: conditions the proposal meets, in English
LWT = reservation("LWT3QA", [("HAT010", "ATL", "MCO", "2024-05-22")])
BAG_OFFER = "assistant: As a regular member in economy, you get 1 free checked bag per passenger. I'd " \
            "update LWT3QA to 1 checked bag, {paid}, paid with your Visa ending in 7447. Would you like me " \
            "to do that?"
FREE_BAG = [read(LWT), BAG_OFFER.format(paid="0 non-free, no charge"), "user: Sure, if it's free do it."]
PAID_BAG = [read(LWT), BAG_OFFER.format(paid="1 non-free, at $50"), "user: Sure, if it's free do it."]
ONE_PAID = [read(LWT), "assistant: - Reservation LWT3QA: checked bags updated from 0 to {n} in total\n- "
            "Non-free bags: {paid}, at ${cost}\n- Payment: Visa ending in 7447\n\nShall I proceed?",
            "user: Yes go ahead, as long as it's only the one paid bag."]
FIFTY = [read(LWT), "assistant: Adding a second bag to LWT3QA would make it 2 checked bags in total, 1 of "
         "them non-free, at ${cost}, on your Visa ending in 7447. Would you like me to add it?",
         "user: If it's only the fifty, sure. Put it on the visa."]


def bags(total: int, paid: int) -> dict[str, Any]:
    return {"reservation_id": "LWT3QA", "total_baggages": total, "nonfree_baggages": paid, "payment_id": VISA}


def one_paid(total: int, paid: int, cost: int) -> list[Any]:
    return [ONE_PAID[0], ONE_PAID[1].format(n=total, paid=paid, cost=cost), ONE_PAID[2]]


J3S = reservation("J3SAZF", [("HAT139", "ORD", "PHL", "2024-05-15")])
SEVEN_PM = [read(J3S), "assistant: Here's the change:\n\n- Reservation J3SAZF: HAT139 on May 15 → HAT271 "
            "ORD→PHL on May 16, 19:00–21:00, {cabin}\n- Fare: $168 vs. $140, so $28 to pay\n- Payment: Visa "
            "ending in 7447\n\nShall I proceed?",
            "user: Go ahead with the 7pm tomorrow, as long as it's still economy and not some basic fare."]


def seven_pm(cabin: str) -> list[Any]:
    return [SEVEN_PM[0], SEVEN_PM[1].format(cabin=cabin), SEVEN_PM[2]]


HAT271 = {"reservation_id": "J3SAZF", "cabin": "economy", "flights": [{"flight_number": "HAT271",
                                                                       "date": "2024-05-16"}],
          "payment_id": VISA}
DENVER = reservation("9HBUV8", [("HAT130", "DEN", "MIA", "2024-05-17")])
CHARLOTTE = reservation("XXDC1M", [("HAT201", "CLT", "ATL", "2024-05-19")])
WHICH_TRIP = "assistant: Found it: {rid}, {route} on May 17. It has travel insurance, so you're eligible " \
             "for a full refund.\n\n- Cancel reservation {rid}\n- Full refund of $159 to your Visa ending " \
             "in 7447\n\nShall I cancel it?"
NOT_CHARLOTTE = "user: Yes, as long as that's the Denver one and not my Charlotte trip, cancel it."
X7B = reservation("X7BYG1", [("HAT232", "MIA", "LAX", "2024-05-24")], cabin="business")
BESIDE = [read(X7B), "assistant: HAT232 was cancelled by the airline. Here's what I can do:\n\n1. Cancel "
          "reservation X7BYG1, with {refund}.\n2. As a gesture for the cancelled flight, issue a $200 "
          "travel certificate to your account.\n\nWould you like me to proceed with both?",
          "user: Yes to both, as long as the refund goes back on the Visa and the certificate isn't "
          "instead of the refund."]


def beside(refund: str) -> list[Any]:
    return [BESIDE[0], BESIDE[1].format(refund=refund), BESIDE[2]]


CONDITION_CASES = [
    trip("Z1610", "allow", FREE_BAG, BAGS, bags(1, 0), "'if it's free do it', free"),
    trip("Z1611", "refuse", PAID_BAG, BAGS, bags(1, 1), "not free"),
    trip("Z1612", "allow", one_paid(2, 1, 50), BAGS, bags(2, 1), "'only the one paid bag', one"),
    trip("Z1613", "refuse", one_paid(3, 2, 100), BAGS, bags(3, 2), "two paid"),
    trip("Z1614", "allow", seven_pm("economy"), FLIGHTS, HAT271, "'still economy and not some basic fare'"),
    trip("Z1615", "refuse", seven_pm("basic economy"), FLIGHTS, {**HAT271, "cabin": "basic_economy"},
         "basic economy"),
    trip("Z1616", "allow", [read(DENVER), WHICH_TRIP.format(rid="9HBUV8", route="HAT130 DEN→MIA"),
                            NOT_CHARLOTTE], CANCEL_TRIP, {"reservation_id": "9HBUV8"}, "the Denver one"),
    trip("Z1617", "refuse", [read(CHARLOTTE), WHICH_TRIP.format(rid="XXDC1M", route="HAT201 CLT→ATL"),
                             NOT_CHARLOTTE], CANCEL_TRIP, {"reservation_id": "XXDC1M"}, "the Charlotte one"),
    trip("Z1618", "allow", beside("a full refund of $6,108 to your Visa ending in 7447"), CANCEL_TRIP,
         {"reservation_id": "X7BYG1"}, "the refund on the Visa, the certificate beside it"),
    trip("Z1619", "refuse", beside("the $6,108 refunded as a travel certificate"), CANCEL_TRIP,
         {"reservation_id": "X7BYG1"}, "the refund a certificate"),
    trip("Z1620", "allow", [FIFTY[0], FIFTY[1].format(cost=50), FIFTY[2]], BAGS, bags(2, 1), "the fifty"),
    trip("Z1621", "refuse", [FIFTY[0], FIFTY[1].format(cost=100), FIFTY[2]], BAGS, bags(2, 1), "a hundred"),
]


@pytest.mark.parametrize("case", marked(CONDITION_CASES, {}))
async def test_condition_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


# 106a: a write done, then "after I said yes" told of, and the same write again
FROZE = [*FREE_BAG, ("executed", BAGS, bags(1, 0), {"reservation_id": "LWT3QA", "total_baggages": 1}),
         "assistant: Done! LWT3QA now has 1 checked bag, no charge.",
         "user: Sorry, my screen froze. I didn't see anything after I said yes. Did it go through?"]

# 106e: "put it on the mastercard, I'm saving the gift card", the call on the gift card
K67 = reservation("K67C4W", [("HAT100", "LAS", "MCO", "2024-05-17")])
SAVING = [read(K67), "assistant: For K67C4W: HAT137 on May 18 departs 09:00, arrives 14:00. Economy is $131 "
          "vs $114 paid, so $17 to pay. I can charge that to your gift card 1000001 ($157 balance). Shall I "
          "make the change?",
          "user: yes, but put it on the visa, I'm saving the gift card"]


def hat137(method: str) -> dict[str, Any]:
    return {"reservation_id": "K67C4W", "cabin": "economy",
            "flights": [{"flight_number": "HAT137", "date": "2024-05-18"}], "payment_id": method}


# 106b: an option's word holding an action's stem ("adjustable") is no other action: the line
# after it still says how this one is paid
DUMBBELLS = order("#W7988753", "pending", item("6245231688", "Dumbbell Set", 522.03))
ADJUSTABLE = [*looked_up(DUMBBELLS),
              "assistant: Which payment method would you like to use for the $23.65: your PayPal account "
              "(paypal_4) or your gift card (gift_card_3)?",
              "user: Gift card please.",
              "assistant: Here are the details:\n\n- Order: #W7988753\n- Dumbbell Set (30-50 lbs, iron, "
              "adjustable, $522.03) -> Dumbbell Set (5-25 lbs, iron, adjustable, $545.68)\n- Price "
              "difference: $23.65 charged to your gift card (gift_card_3)\n\nAre the dumbbells the only item "
              "you want to change? If so, please confirm (yes/no).",
              "user: That's the only one. Yes."]


def dumbbells(method: str) -> dict[str, Any]:
    return {"order_id": "#W7988753", "item_ids": ["6245231688"], "new_item_ids": ["3877338112"],
            "payment_method_id": method}


LAST_CASES = [
    trip("Z1622", "refuse", FROZE, BAGS, bags(1, 0), "'after I said yes' tells of the yes, the write done"),
    trip("Z1623", "refuse", SAVING, FLIGHTS, hat137("gift_card_1000001"), "'I'm saving the gift card'"),
    trip("Z1624", "allow", SAVING, FLIGHTS, hat137(VISA), "the Visa asked for"),
    shop("Z1625", "refuse", ADJUSTABLE, ITEMS, dumbbells("paypal_4"), "the gift card proposed, PayPal"),
    shop("Z1626", "allow", ADJUSTABLE, ITEMS, dumbbells("gift_card_3"), "the gift card, as proposed"),
]


@pytest.mark.parametrize("case", marked(LAST_CASES, {}))
async def test_last_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("all three, go.", Act.AFFIRM), ("both - go ahead", Act.AFFIRM), ("not both, go.", Act.OTHER),
    ("Sorry, my screen froze. I didn't see anything after I said yes. Did it go through?", Act.HOLD),
    ("after I said yes it froze, so yes, go ahead", Act.AFFIRM),
])
def test_later_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


# 106h: the one the proposal keeps, by its id ("keep **PUNERT**")
PUNERT = reservation("PUNERT", [("HAT235", "BOS", "MCO", "2024-05-22")], cabin="business")
HSR97W = reservation("HSR97W", [("HAT116", "ORD", "MCO", "2024-05-22")], cabin="business")
KEEP_ONE = [read(PUNERT), read(HSR97W),
            "assistant: Based on that:\n- May 22: keep **PUNERT** (departs Boston). Cancel **HSR97W** "
            "(departs Chicago).\n\nHSR97W is business class, so it can be cancelled with a full refund to "
            "your Visa ending 7447. Shall I go ahead?",
            "user: Yes, that makes sense, cancel it."]

# 107b: a trip held by its place, which the proposal never names and the reservation read does
SEATTLE = reservation("3EMQJ6", [("HAT045", "SEA", "JFK", "2024-05-20")])
NEWARK = reservation("7WPL39", [("HAT208", "MSP", "EWR", "2024-05-21")])
FOR_NEWARK = [read(SEATTLE), read(NEWARK),
              "assistant: Here's where things stand:\n\n1. **3EMQJ6** was booked within the last 24 hours, "
              "so it can be cancelled. Refund: $306 to your Visa ending 7447.\n2. **7WPL39** has travel "
              "insurance, so a health reason is covered. Refund: $402 to your Visa ending 7447.\n\nShall I "
              "proceed with cancelling both reservations?",
              "user: Go ahead with the Seattle one. For Newark, let me check with Amelia first whether the "
              "surgery date is final, I'll call back."]

# 107f: a go-ahead of its own under an "if", after the yes to the only-item check
KETTLE = order("#W5030602", "pending", item("9747045638", "Tea Kettle", 94.01))
DEARER = [*looked_up(KETTLE),
          "assistant: - Change: Tea Kettle (glass, 1 liter, electric, $94.01) → Tea Kettle (glass, 2 liters, "
          "electric, $94.68, item 2820119811)\n- Price difference: $0.67, charged to your gift card "
          "(gift_card_3)\n\nIs the kettle the only item you want to change? Do you want me to proceed? "
          "(yes/no)",
          "user: only the kettle yes. if the new one is not more expensive, ok do the change for me"]

HELD_CASES = [
    trip("Z1627", "refuse", KEEP_ONE, CANCEL_TRIP, {"reservation_id": "PUNERT"}, "'keep **PUNERT**'"),
    trip("Z1628", "allow", KEEP_ONE, CANCEL_TRIP, {"reservation_id": "HSR97W"}, "the one to cancel"),
    trip("Z1629", "refuse", FOR_NEWARK, CANCEL_TRIP, {"reservation_id": "7WPL39"}, "'For Newark, wait'"),
    trip("Z1630", "allow", FOR_NEWARK, CANCEL_TRIP, {"reservation_id": "3EMQJ6"}, "the Seattle one"),
    shop("Z1631", "refuse", DEARER, ITEMS, {"order_id": "#W5030602", "item_ids": ["9747045638"],
                                            "new_item_ids": ["2820119811"],
                                            "payment_method_id": "gift_card_3"},
         "'if the new one is not more expensive', $0.67 more"),
]


@pytest.mark.parametrize("case", marked(HELD_CASES, {}))
async def test_held_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("That's it. Go ahead. And don't make me repeat myself again.", Act.AFFIRM),
    ("yes do it, and don't make me wait again", Act.AFFIRM),
    ("don't make me repeat myself", Act.OTHER),
    ("no, and don't make me ask again", Act.DECLINE),
    ("That's write", Act.AFFIRM), ("Yes I conform go a head", Act.AFFIRM),
    ("only the kettle yes. if the new one is not more expensive, ok do the change for me", Act.HOLD),
    ("yes go ahead. if you need anything else, let me know", Act.AFFIRM),
])
def test_dictated_and_impatient_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


# 105f, 106d, 107g: a flight change said yes to, the bags held in the other languages
N4Q = reservation("4NQLHD", [("HAT190", "JFK", "ATL", "2024-05-22")])
TWO_CHANGES = "assistant: 1. Reservation 4NQLHD: HAT190 on May 22 → HAT190 on May 23, economy, no fare " \
              "difference.\n2. Add 2 checked bags to 4NQLHD (0 → 2), both free, payment Visa ending " \
              "7447.\n\nShall I make both changes?"


def flight_then_bags(said: str) -> list[Any]:
    return [read(N4Q), TWO_CHANGES, f"user: {said}"]


N4Q_BAGS = {"reservation_id": "4NQLHD", "total_baggages": 2, "nonfree_baggages": 0, "payment_id": VISA}
N4Q_FLIGHT = {"reservation_id": "4NQLHD", "cabin": "economy",
              "flights": [{"flight_number": "HAT190", "date": "2024-05-23"}], "payment_id": VISA}
VALIJAS = "El cambio de vuelo dale, hacelo. Lo de las valijas dejame que lo charle con mi señora primero."
MALAS = "A troca do voo pode fazer. As malas deixa quieto por enquanto, vou ver se preciso mesmo."
SHANTA = "Aywa, ghayar el flight. Bas el shanta la2, msh 3arfa lessa, khaliha ba3deen."

# 106f: Italian, the speaker ("la cassa") held; 105g: Taglish, the bottle left ("wag na pala")
CUFFIE = order("#W1000011", "delivered", item("1111000011", "Headphones", 200.00))
CASSA = order("#W1000012", "delivered", item("1111000012", "Bluetooth Speaker", 150.00))
SPEAKER_HELD = [*looked_up(CUFFIE, CASSA),
                "assistant: 1. Reso dell'ordine #W1000011: Headphones, $200.00 rimborsati sulla carta "
                "(credit_card_1).\n2. Cambio nell'ordine #W1000012: Bluetooth Speaker → Bluetooth Speaker "
                "(item 1111000099), $31.00 in più sulla carta (credit_card_1).\n\nProcedo con entrambi?",
                "user: Sì per le cuffie, quelle mandale pure indietro. Per la cassa... boh, 31 dollari in "
                "più, fammi pensare un attimo."]
KITCHEN = order("#W1000013", "delivered", item("1111000013", "Coffee Maker", 90.00),
                item("1111000014", "Water Bottle", 25.00))
BOTTLE_LEFT = [*looked_up(KITCHEN),
               "assistant: Return from order #W1000013: Coffee Maker ($90.00) and Water Bottle ($25.00), "
               "$115.00 back to your credit card (credit_card_1). Shall I proceed?",
               "user: Sige, go for the coffee maker. Pero yung water bottle, wag na pala, keep ko na lang, "
               "magagamit pa ng anak ko."]


def kitchen_back(*items: str) -> dict[str, Any]:
    return {"order_id": "#W1000013", "item_ids": list(items), "payment_method_id": "credit_card_1"}


ABROAD_CASES = [
    trip("Z1632", "refuse", flight_then_bags(VALIJAS), BAGS, N4Q_BAGS, "'dejame que lo charle'"),
    trip("Z1633", "allow", flight_then_bags(VALIJAS), FLIGHTS, N4Q_FLIGHT, "the flight: 'dale, hacelo'"),
    trip("Z1634", "refuse", flight_then_bags(MALAS), BAGS, N4Q_BAGS, "'As malas deixa quieto por enquanto'"),
    trip("Z1635", "allow", flight_then_bags(MALAS), FLIGHTS, N4Q_FLIGHT, "'A troca do voo pode fazer'"),
    trip("Z1636", "refuse", flight_then_bags(SHANTA), BAGS, N4Q_BAGS, "'Bas el shanta la2'"),
    trip("Z1637", "allow", flight_then_bags(SHANTA), FLIGHTS, N4Q_FLIGHT, "'ghayar el flight'"),
    shop("Z1638", "refuse", SPEAKER_HELD, EXCHANGE_ITEMS,
         {"order_id": "#W1000012", "item_ids": ["1111000012"], "new_item_ids": ["1111000099"],
          "payment_method_id": "credit_card_1"}, "'Per la cassa... fammi pensare'"),
    shop("Z1639", "allow", SPEAKER_HELD, RETURN,
         {"order_id": "#W1000011", "item_ids": ["1111000011"], "payment_method_id": "credit_card_1"},
         "'Sì per le cuffie'"),
    shop("Z1640", "refuse", BOTTLE_LEFT, RETURN, kitchen_back("1111000013", "1111000014"),
         "'yung water bottle, wag na pala'"),
    shop("Z1641", "allow", BOTTLE_LEFT, RETURN, kitchen_back("1111000013"), "the coffee maker alone"),
]


@pytest.mark.parametrize("case", marked(ABROAD_CASES, {}))
async def test_abroad_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


# 105f: a yes taken back in Spanish ("mejor no", "Déjeme confirmar con él primero")
X7C = reservation("X7CANC", [("HAT300", "BOG", "MIA", "2024-05-25")])
CANCEL_ASKED = [read(X7C), "assistant: Cancelo la reserva X7CANC (HAT300 BOG→MIA, 25 de mayo) con reembolso "
                "de $240 a su Visa terminada en 7447. ¿Confirma la cancelación?"]
MEJOR_NO = [*CANCEL_ASKED, "user: Sí, cancélela. Ay, no, espere... mejor no. Mi jefe me acaba de escribir "
            "que de pronto la reunión sí va. Déjeme confirmar con él primero y ya le digo."]

# 106c: a go-ahead under a German "wenn", after the yes, the turn not meeting it
HEADPHONES = order("#W1348788", "pending", item("1111000021", "Headphones", 150.00))
WENN = [*looked_up(HEADPHONES),
        "assistant: Geplante Änderung: Austausch der Headphones in #W1348788 gegen item 1111000022 "
        "($182.72); die Preisdifferenz von $32.72 würde über Ihre Karte (credit_card_1) belastet. Soll ich "
        "fortfahren?",
        "user: Nur die Kopfhörer, ja. Wie viel ist denn der Aufpreis genau? Wenn das unter 20 Dollar sind, "
        "dann machen Sie's, sonst lassen wir's lieber."]

FOREIGN_CASES = [
    trip("Z1642", "refuse", MEJOR_NO, CANCEL_TRIP, {"reservation_id": "X7CANC"}, "'mejor no ... déjeme'"),
    trip("Z1643", "allow", [*CANCEL_ASKED, "user: Sí, cancélela."], CANCEL_TRIP, {"reservation_id": "X7CANC"},
         "'Sí, cancélela.'"),
    shop("Z1644", "refuse", WENN, ITEMS, {"order_id": "#W1348788", "item_ids": ["1111000021"],
                                          "new_item_ids": ["1111000022"],
                                          "payment_method_id": "credit_card_1"},
         "'Wenn das unter 20 Dollar sind', $32.72"),
]


@pytest.mark.parametrize("case", marked(FOREIGN_CASES, {}))
async def test_foreign_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Yes. Know. Not that one the udder one with the tablet", Act.DECLINE),
    ("I know.", Act.OTHER), ("you know, go ahead", Act.AFFIRM),
    ("mejor no lo hagas todavía", Act.DECLINE), ("sí, mejor no esperar, hágalo", Act.AFFIRM),
    ("Ja, bitte. Wenn Sie noch Fragen haben, bitte melden.", Act.AFFIRM),
    ("Ja. Wenn es unter 20 Dollar ist, machen Sie es.", Act.HOLD),
    ("Oui. Si c'est moins de 100, allez-y.", Act.HOLD), ("si claro que si, dale", Act.AFFIRM),
])
def test_foreign_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
