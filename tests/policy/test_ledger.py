"""The ledger of authorisations: plans, details answered, withdrawals, repeats, explanations."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.ids import new_id
from proxy.policy import CallInput, PolicySet, decide
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState

ORDER = {"order_id": "#W1000001", "user_id": "ava_1", "status": "delivered",
         "items": [{"item_id": "1000000001", "name": "Bluetooth Speaker"},
                   {"item_id": "1000000002", "name": "Water Bottle"},
                   {"item_id": "1000000003", "name": "Desk Lamp"}],
         "payment_history": [{"payment_method_id": "credit_card_1"}]}
PENDING = {"order_id": "#W2000002", "user_id": "ava_1", "status": "pending",
           "items": [{"item_id": "2000000001", "name": "Kettle"},
                     {"item_id": "2000000002", "name": "Office Chair"}],
           "payment_history": [{"payment_method_id": "credit_card_1"}]}
USER = {"email": "ava@example.com",
        "address": {"address1": "159 Hickory Lane", "address2": "", "city": "Austin",
                    "country": "USA", "state": "TX", "zip": "78701"},
        "payment_methods": {
    "credit_card_1": {"source": "credit_card", "brand": "visa", "last_four": "7334",
                      "id": "credit_card_1"},
    "credit_card_2": {"source": "credit_card", "brand": "mastercard", "last_four": "5018",
                      "id": "credit_card_2"},
    "gift_card_3": {"source": "gift_card", "id": "gift_card_3"},
    "paypal_4": {"source": "paypal", "id": "paypal_4"}}}


def session(*steps: Any, user: dict[str, Any] = USER) -> SessionState:
    state = SessionState("s", Environment.LIVE, {}, {"domain": "retail"}, "t")

    def add(tool: str, args: dict[str, Any], result: Any, kind: str = "read") -> None:
        state.add_call(CallRecord(new_id("c"), "s", state.next_seq(), tool, kind, args, "d",
                                  "allow", [], "v", Outcome.EXECUTED, "t", result=result))

    add("find_user_id_by_email", {"email": "a@example.com"}, "ava_1")
    add("get_user_details", {"user_id": "ava_1"}, user)
    add("get_order_details", {"order_id": "#W1000001"}, ORDER)
    add("get_order_details", {"order_id": "#W2000002"}, PENDING)
    for step in steps:
        if isinstance(step, str):
            role, text = step.split(": ", 1)
            state.add_message(Message(state.next_seq(), Role(role), text, "t"))
        else:
            add(*step, kind="write")
    return state


async def verdict(policy: PolicySet, state: SessionState, tool: str, /, **args: Any
                  ) -> tuple[bool, dict[str, Any]]:
    assert policy.catalog is not None
    tool_ = policy.catalog.get(tool, state.tags.get("domain"))
    assert tool_ is not None
    decision = await decide(policy, CallInput(tool_, args, state), "d")
    fired = {v.rule: v for v in decision.violations}
    v = fired.get("confirm-writes")
    return v is None, (v.details if v else {})


RETURN = {"order_id": "#W1000001", "payment_method_id": "credit_card_1"}
PLAN = ("assistant: Here is the plan for order #W1000001: 1. return the Bluetooth Speaker, "
        "refund to your Visa ending 7334; 2. exchange the Water Bottle for the blue one. "
        "Shall I proceed with both?")


async def test_one_yes_covers_each_listed_action_once(retail: PolicySet) -> None:
    state = session(PLAN, "user: Yes, go ahead with both.")
    ok, _ = await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN)
    assert ok
    state = session(PLAN, "user: Yes, go ahead with both.",
                    ("return_delivered_order_items", {"item_ids": ["1000000001"], **RETURN},
                     {"status": "return requested"}),
                    "assistant: Done. Now the next one: which card for the price difference?",
                    "user: The mastercard ending 5018.")
    ok, _ = await verdict(retail, state, "exchange_delivered_order_items",
                          order_id="#W1000001", item_ids=["1000000002"],
                          new_item_ids=["1000000009"], payment_method_id="credit_card_2")
    assert ok, "answering a detail does not withdraw the plan"
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert not ok and "already used" in details["reason"]


async def test_an_action_the_plan_never_listed_needs_its_own_yes(retail: PolicySet) -> None:
    state = session(PLAN, "user: Yes, go ahead with both.")
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000003"], **RETURN)
    assert not ok and details["argument"] == "item_ids"
    assert "desk lamp" not in details["proposal"]


async def test_a_withdrawal_closes_the_plan(retail: PolicySet) -> None:
    state = session(PLAN, "user: Yes, go ahead with both.",
                    "assistant: Working on it.", "user: Wait, hold on a second.")
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert not ok and "taken back" in details["reason"]
    assert details["user_words"] == "wait, hold on a second"


async def test_a_question_after_the_yes_does_not_withdraw_it(retail: PolicySet) -> None:
    state = session(PLAN, "user: Yes, go ahead with both.",
                    "assistant: Sure.", "user: How long will the refund take?")
    assert (await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN))[0]


async def test_a_yes_to_one_item_does_not_cancel_the_whole_order(retail: PolicySet) -> None:
    state = session("assistant: To confirm: cancel the Kettle from order #W2000002, reason no "
                    "longer needed. Yes?", "user: Yes.")
    ok, details = await verdict(retail, state, "cancel_pending_order", order_id="#W2000002",
                                reason="no longer needed")
    assert not ok and "part of it (kettle)" in details["reason"]
    state = session("assistant: To confirm: cancel order #W2000002 (Kettle, Office Chair), "
                    "reason no longer needed. Yes?", "user: Yes.")
    assert (await verdict(retail, state, "cancel_pending_order", order_id="#W2000002",
                          reason="no longer needed"))[0]


async def test_a_yes_for_another_card_does_not_cover_this_one(retail: PolicySet) -> None:
    state = session("assistant: I'll return the Bluetooth Speaker from #W1000001 and refund "
                    "the card ending in 7334. Confirm?", "user: Yes.")
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                order_id="#W1000001", item_ids=["1000000001"],
                                payment_method_id="credit_card_2")
    assert not ok and details["argument"] == "payment_method_id" and "7334" in details["reason"]


EXCHANGE = {"order_id": "#W1000001", "item_ids": ["1000000002"], "new_item_ids": ["1000000009"]}
OFFER = ("assistant: I can exchange the Water Bottle from #W1000001 for the blue one. Should "
         "any difference go to your PayPal or to a gift card?")


async def test_the_newest_terms_of_an_action_replace_an_older_yes(retail: PolicySet) -> None:
    # The first yes came before the payment was settled; the proposal the user then answered
    # names a gift card, so PayPal (offered earlier) is no longer covered.
    state = session(OFFER, "user: Yes, exchange it please.",
                    "assistant: To confirm: exchange the Water Bottle for the blue one, and use "
                    "your gift card for any price difference. Please confirm.",
                    "user: Yes, that's right.")
    ok, details = await verdict(retail, state, "exchange_delivered_order_items",
                                payment_method_id="paypal_4", **EXCHANGE)
    assert not ok and details["argument"] == "payment_method_id"
    assert "gift card" in details["reason"]
    assert (await verdict(retail, state, "exchange_delivered_order_items",
                          payment_method_id="gift_card_3", **EXCHANGE))[0]
    # the offer alone settles nothing: either method is covered by its yes
    state = session(OFFER, "user: Yes, exchange it please.")
    assert (await verdict(retail, state, "exchange_delivered_order_items",
                          payment_method_id="paypal_4", **EXCHANGE))[0]


async def test_a_later_proposal_of_another_action_keeps_the_earlier_yes(retail: PolicySet
                                                                       ) -> None:
    # the gift card of the second proposal is the return's: it does not reword the exchange
    state = session("assistant: I'll exchange the Water Bottle from #W1000001 for the blue one "
                    "and charge any difference to your PayPal. Proceed?", "user: Yes.",
                    "assistant: I can also return the Desk Lamp with a refund to your gift "
                    "card. Shall I?", "user: Yes please.")
    assert (await verdict(retail, state, "exchange_delivered_order_items",
                          payment_method_id="paypal_4", **EXCHANGE))[0]


HOME = {"order_id": "#W2000002", "address1": "159 Hickory Lane", "address2": "",
        "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}


async def test_the_default_address_is_the_profiles(retail: PolicySet) -> None:
    state = session("assistant: I'll update the shipping address of order #W2000002 to your "
                    "default address on file. Shall I proceed?", "user: Yes please.")
    assert (await verdict(retail, state, "modify_pending_order_address", **HOME))[0]
    elsewhere = {**HOME, "address1": "1 Other Road", "zip": "10001"}
    assert not (await verdict(retail, state, "modify_pending_order_address", **elsewhere))[0]
    # "the current address" is the order's, not the profile's
    state = session("assistant: I'll update the shipping address of order #W2000002 to your "
                    "current address. Shall I proceed?", "user: Yes please.")
    assert not (await verdict(retail, state, "modify_pending_order_address", **HOME))[0]


async def test_a_go_ahead_before_the_details_does_not_count(retail: PolicySet) -> None:
    state = session("user: Yes, return my speaker please.",
                    "assistant: I will return the Bluetooth Speaker from #W1000001 with a refund "
                    "to your Visa ending 7334. Please confirm (yes) to proceed.")
    ok, _ = await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN)
    assert not ok


async def test_a_choice_among_options_is_not_a_yes(retail: PolicySet) -> None:
    state = session("assistant: Which would you like to return from #W1000001: the Bluetooth "
                    "Speaker or the Water Bottle?", "user: I'll go with the Bluetooth Speaker.")
    assert not (await verdict(retail, state, "return_delivered_order_items",
                              item_ids=["1000000001"], **RETURN))[0]
    state = session("assistant: Return the Bluetooth Speaker or the Water Bottle from #W1000001, "
                    "refund to your Visa ending 7334 - shall I proceed with one of them?",
                    "user: I'll go with the Bluetooth Speaker.")
    assert (await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN))[0]
    # a pick that also tells the agent to go ahead is consent, whatever the question was
    state = session("assistant: Which would you like to return from #W1000001, refund to your "
                    "Visa ending 7334: the Bluetooth Speaker or the Water Bottle?",
                    "user: Please proceed with returning the Bluetooth Speaker.")
    assert (await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN))[0]


async def test_the_users_own_words_in_the_yes_count_up_to_the_yes(retail: PolicySet) -> None:
    state = session("assistant: I'll exchange the Water Bottle in #W1000001 for the blue one. "
                    "OK?", "user: Yes, please go ahead. Also, I want to return the Bluetooth "
                    "Speaker. Can you help with that too?")
    ok, _ = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert not ok


@pytest.mark.parametrize("yes", ["Sí, adelante.", "Oui, allez-y.", "Ja, bitte.",
                                 "Sim, pode seguir.", "\U0001f44d"])
async def test_yes_in_other_languages(retail: PolicySet, yes: str) -> None:
    state = session("assistant: I will return the Bluetooth Speaker from #W1000001, refund to "
                    "your Visa ending 7334. Proceed?", f"user: {yes}")
    assert (await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN))[0]


async def test_every_refusal_explains_itself(retail: PolicySet) -> None:
    state = session("assistant: I will return the Bluetooth Speaker from #W1000001. Proceed?",
                    "user: What will the refund be?")
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert not ok
    assert details["user_words"] == "what will the refund be"
    assert "question" in details["reason"]


@pytest.mark.parametrize(("proposal", "yes"), [
    ("assistant: Detalles de la devolución: pedido #W1000001, Bluetooth Speaker (1000000001), "
     "reembolso a la Visa terminada en 7334. ¿Confirma?", "user: Sí, adelante por favor."),
    ("assistant: Je vais procéder au retour du Bluetooth Speaker de la commande #W1000001, "
     "remboursé sur la Visa 7334. D'accord ?", "user: Oui, allez-y."),
    ("assistant: Rückgabe: Bluetooth Speaker aus #W1000001, Erstattung auf die Visa 7334. "
     "Soll ich?", "user: Ja, bitte."),
])
async def test_proposals_in_the_users_language(retail: PolicySet, proposal: str, yes: str
                                               ) -> None:
    """The agent answers in the user's language: its proposal names the action in it too."""
    state = session(proposal, yes)
    assert (await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN))[0]


async def test_the_open_yeses_are_the_newest_and_a_check_reads_only_those(
    retail: PolicySet,
) -> None:
    from proxy.policy.confirm import OPEN_LIMIT, ledger

    ask = ("assistant: Cancel order #W2000002 because it is no longer needed? "
           "Please confirm (yes/no).")
    state = session(*[line for _ in range(OPEN_LIMIT + 3) for line in (ask, "user: yes")],
                    "user: no, stop, do not do anything", ask, "user: yes")
    auths, closed = ledger(state)
    assert closed == OPEN_LIMIT + 3 and len(auths) == closed + 1
    assert not any(a.open for a in auths[:closed]) and auths[closed].open
    ok, _ = await verdict(retail, state, "cancel_pending_order", order_id="#W2000002",
                          reason="no longer needed")
    assert ok  # the newest yes, after the refusal, covers it
