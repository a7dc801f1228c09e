"""A yes stays open for its action when the user later refuses something else the agent offered
("Would you also like to cancel the other order?" "No thanks"); a refusal of everything, of this
action, or a pause of everything still takes it back. And a yes that answers a question about
something else, a check of who or what ("can you confirm your email?"), or thanks for an answer
to the user's own question, opens no yes at all."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import DEN_BOS, IAH_SFO, VISA, Case, booking, change, read
from .test_confirm_review3 import verdict as airline_verdict
from .test_ledger import RETURN, session, verdict

PROPOSAL = ("assistant: I'll return the Bluetooth Speaker (item 1000000001) from order "
            "#W1000001, refund to your Visa ending 7334. Shall I proceed?")
OFFER = ("assistant: Before I submit it: your order #W2000002 is still pending. Would you also "
         "like to cancel it?")


@pytest.mark.parametrize(("answer", "allowed"), [
    ("No thanks.", True),
    ("No, I'll keep that one.", True),
    ("Hmm, let me think about that one. Just do the return for now.", True),
    ("No, stop, don't do anything.", False),
    ("No. Actually, don't return the speaker either.", False),
    ("Wait, let me think.", False),
    ("No, I changed my mind.", False),
])
async def test_refusing_another_offer_leaves_the_yes(retail: PolicySet, answer: str,
                                                     allowed: bool) -> None:
    state = session(PROPOSAL, "user: Yes, please proceed.", OFFER, f"user: {answer}")
    ok, details = await verdict(retail, state, "return_delivered_order_items",
                                item_ids=["1000000001"], **RETURN)
    assert ok is allowed, details


async def test_a_remark_that_offers_nothing_is_answered_about_the_action(
        retail: PolicySet) -> None:
    state = session(PROPOSAL, "user: Yes, please proceed.",
                    "assistant: Note that refunds to the Visa take 5-7 days to appear.",
                    "user: No.")
    ok, _ = await verdict(retail, state, "return_delivered_order_items",
                          item_ids=["1000000001"], **RETURN)
    assert not ok


UPGRADE = ("assistant: I'll upgrade reservation ABC123 to business for $280 on your Visa ending "
           "7447. Shall I proceed?")
OTHER = ("assistant: Your other trip RT4567 could be upgraded too, for $560. Would you like "
         "that as well?")


TALK = [read(DEN_BOS), read(IAH_SFO), UPGRADE, "user: Yes, go ahead.", OTHER,
        "user: That's too much. No thanks."]


def flights(*legs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"flight_number": n, "date": d} for n, d in legs]


@pytest.mark.parametrize("case", [
    Case("the agreed upgrade after 'no thanks' to the other trip's", "offer", "allow", TALK,
         "update_reservation_flights", change("ABC123", "business", flights(
             ("HAT130", "2024-05-17"), ("HAT184", "2024-05-17")), VISA)),
    Case("the other trip's upgrade, refused", "offer", "refuse", TALK,
         "update_reservation_flights", change("RT4567", "business", flights(
             ("HAT072", "2024-05-19"), ("HAT278", "2024-05-23")), VISA)),
], ids=lambda c: c.name)
async def test_the_same_action_offered_on_another_object(airline: PolicySet, case: Case) -> None:
    ok, reason = await airline_verdict(airline, case)
    assert ok is (case.expected == "allow"), reason


CANCEL = ("assistant: I'll cancel order #W2000002 (Kettle, Office Chair), reason: no longer "
          "needed, refund to your Visa ending 7334.")


@pytest.mark.parametrize(("question", "answer", "allowed"), [
    # a yes to a check of who or what is no go-ahead
    ("Before I do that, can you confirm the email on your account is ava@example.com?",
     "Yes, that's my email.", False),
    ("Is this the right order?", "Yes, correct.", False),
    # ... unless it says go ahead, or the question asked for one
    ("Before I do that, can you confirm the email on your account is ava@example.com?",
     "Yes, that's my email, please go ahead.", True),
    ("Is this the right order? If so, shall I proceed with the cancellation?", "Yes.", True),
    ("Shall I proceed?", "Yes.", True),
])
async def test_a_yes_to_a_check_is_no_go_ahead(retail: PolicySet, question: str, answer: str,
                                               allowed: bool) -> None:
    state = session(f"{CANCEL} {question}", f"user: {answer}")
    ok, details = await verdict(retail, state, "cancel_pending_order", order_id="#W2000002",
                                reason="no longer needed")
    assert ok is allowed, details


@pytest.mark.parametrize(("answer", "thanks", "allowed"), [
    # thanks for an answer to the user's own question is no yes to the action
    ("Yes - the full refund will go back to your Visa within 5-7 days.", "Ok, great, thanks.",
     False),
    # ... but thanks to an answer that asks again for the go-ahead is
    ("Yes - the refund goes back to your Visa. Shall I go ahead with the cancellation?",
     "Ok, great, thanks.", True),
    ("Yes - the full refund will go back to your Visa within 5-7 days.",
     "Ok great, please go ahead.", True),
])
async def test_thanks_for_an_answer_is_no_yes(retail: PolicySet, answer: str, thanks: str,
                                              allowed: bool) -> None:
    state = session(f"{CANCEL} Shall I proceed?", "user: Will the money go back to my Visa?",
                    f"assistant: {answer}", f"user: {thanks}")
    ok, details = await verdict(retail, state, "cancel_pending_order", order_id="#W2000002",
                                reason="no longer needed")
    assert ok is allowed, details


@pytest.mark.parametrize(("steps", "allowed"), [
    # the user's own request, carried out without the agent listing it
    (["assistant: Hi! How can I help you today?",
      "user: Cancel order #W2000002 please, no longer needed."], False),
    # a yes to giving a detail, or to an offer that changes nothing
    (["assistant: Before I can access your account, could you please provide the email "
      "address associated with your account?", "user: Sure, it's ava@example.com.",
      "assistant: Thanks. What can I do for you?",
      "user: Cancel order #W2000002 please, no longer needed."], False),
    (["assistant: Hi! Could you please provide your email or user id?",
      "user: Sure, it's ava@example.com. Cancel order #W2000002 please, no longer needed."],
     False),
    (["assistant: Order #W2000002 is still pending, so it can be cancelled or modified. Would "
      "you like me to explain your options?", "user: yes"], False),
    # the agent listed it and asked: covered
    ([f"{CANCEL} Shall I proceed?", "user: Cancel it please, no longer needed."], True),
])
async def test_a_yes_needs_the_agents_own_listing(retail: PolicySet, steps: list[str],
                                                  allowed: bool) -> None:
    ok, details = await verdict(retail, session(*steps), "cancel_pending_order",
                                order_id="#W2000002", reason="no longer needed")
    assert ok is allowed, details


async def test_options_listed_with_their_details_and_picked_with_a_go_ahead(
        airline: PolicySet) -> None:
    """The agent listed the flights and the card without the word "book": "Option 1 please,
    go ahead and book it" is covered (review 5's A18)."""
    case = Case("pick", "offer", "allow", [
        "assistant: Here are the options on May 17 (economy, one way, DEN to BOS):\n\n**Option "
        "1:** HAT130 and HAT184 - $240\n**Option 2:** HAT120 and HAT190 - $260\n\nEither would "
        "be for you (Mia Li), no bags, no insurance, paid with your Visa ending 7447. Which one "
        "would you like?", "user: Option 1 please, go ahead and book it."],
        "book_reservation", booking((VISA, 240)))
    ok, reason = await airline_verdict(airline, case)
    assert ok, reason
