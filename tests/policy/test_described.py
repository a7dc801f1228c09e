"""An id described instead of spelt out: "the reservation from DEN to BOS on May 17" names the
only reservation the session read that flies DEN to BOS, by codes nothing else read shares; "the
gift card with the smallest balance" names the one the user's profile shows with the least; a
cabin given flight by flight does not cover one cabin for the whole reservation."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.ids import new_id
from proxy.policy import CallInput, PolicySet, decide
from proxy.session import CallRecord, Environment, Message, Outcome, Role, SessionState

USER = {"user_id": "mia_li_3668", "payment_methods": {
    "credit_card_4421486": {"source": "credit_card", "brand": "visa", "last_four": "7447",
                            "id": "credit_card_4421486"},
    "gift_card_1000001": {"source": "gift_card", "amount": 157, "id": "gift_card_1000001"},
    "gift_card_1000002": {"source": "gift_card", "amount": 6, "id": "gift_card_1000002"},
    "gift_card_1000003": {"source": "gift_card", "amount": 113, "id": "gift_card_1000003"}}}


def reservation(rid: str, flights: list[tuple[str, str, str, str]]) -> dict[str, Any]:
    return {"reservation_id": rid, "user_id": "mia_li_3668", "origin": flights[0][1],
            "destination": flights[-1][2], "flight_type": "one_way", "cabin": "economy",
            "flights": [{"flight_number": n, "origin": o, "destination": d, "date": day,
                         "price": 120} for n, o, d, day in flights],
            "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
            # (what was paid with a card, not what is left on it: not a balance)
            "payment_history": [{"payment_id": "gift_card_1000001", "amount": 2}],
            "insurance": "yes"}


DEN_BOS = reservation("ABC123", [("HAT130", "DEN", "MIA", "2024-05-17"),
                                 ("HAT184", "MIA", "BOS", "2024-05-17")])
JFK_LAS = reservation("XYZ789", [("HAT001", "JFK", "MIA", "2024-05-06"),
                                 ("HAT002", "MIA", "LAS", "2024-05-06")])


def session(reads: list[tuple[str, dict[str, Any], Any]], *lines: str) -> SessionState:
    state = SessionState("s", Environment.LIVE, {}, {"domain": "airline"}, "t")
    for tool, args, result in [("get_user_details", {"user_id": "mia_li_3668"}, USER), *reads]:
        state.add_call(CallRecord(new_id("c"), "s", state.next_seq(), tool, "read", args, "d",
                                  "allow", [], "v", Outcome.EXECUTED, "t", result=result))
    for line in lines:
        role, text = line.split(": ", 1)
        state.add_message(Message(state.next_seq(), Role(role), text, "t"))
    return state


def read(r: dict[str, Any]) -> tuple[str, dict[str, Any], Any]:
    return ("get_reservation_details", {"reservation_id": r["reservation_id"]}, r)


async def confirmed(policy: PolicySet, state: SessionState, tool: str, **args: Any) -> bool:
    assert policy.catalog is not None
    tool_ = policy.catalog.get(tool, "airline")
    assert tool_ is not None
    decision = await decide(policy, CallInput(tool_, args, state), "d")
    return "confirm-writes" not in {v.rule for v in decision.violations}


PROPOSAL = ("assistant: The reservation from DEN to BOS on May 17 has two flights, HAT130 to "
            "Miami and HAT184 to Boston, with insurance, so the refund is full. Shall I cancel "
            "it?")


async def test_a_reservation_described_by_its_own_codes_is_named(airline: PolicySet) -> None:
    state = session([read(DEN_BOS), read(JFK_LAS)], PROPOSAL, "user: Yes, please cancel it.")
    assert await confirmed(airline, state, "cancel_reservation", reservation_id="ABC123")
    # the other reservation shares MIA and nothing the proposal names
    assert not await confirmed(airline, state, "cancel_reservation", reservation_id="XYZ789")


async def test_one_code_or_codes_another_read_shares_do_not_describe(airline: PolicySet
                                                                     ) -> None:
    state = session([read(DEN_BOS), read(JFK_LAS)],
                    "assistant: Your reservation with flight HAT130: shall I cancel it?",
                    "user: Yes.")
    assert not await confirmed(airline, state, "cancel_reservation", reservation_id="ABC123")
    # a flight search answered with the same route and day: DEN, BOS and May 17 tell nothing
    search = ("search_onestop_flight", {"origin": "DEN", "destination": "BOS",
                                        "date": "2024-05-17"},
              [[{"flight_number": "HAT555", "origin": "DEN", "destination": "ORD",
                 "date": "2024-05-17"}, {"flight_number": "HAT556", "origin": "ORD",
                                         "destination": "BOS", "date": "2024-05-17"}]])
    state = session([read(DEN_BOS), search],
                    "assistant: Your reservation from DEN to BOS on May 17: shall I cancel it?",
                    "user: Yes.")
    assert not await confirmed(airline, state, "cancel_reservation", reservation_id="ABC123")
    # nor does the user's id or the payment's, though only this reservation holds them here
    state = session([read(DEN_BOS)], "assistant: The reservation of mia_li_3668 paid with "
                    "credit_card_4421486: shall I cancel it?", "user: Yes.")
    assert not await confirmed(airline, state, "cancel_reservation", reservation_id="ABC123")


BAGS = ("assistant: I'll add one checked bag to reservation ABC123 (one extra bag at $50). "
        "Shall I proceed?")


@pytest.mark.parametrize(("words", "covered"), [
    ("Yes, please. Use my gift card with the smallest balance to pay.", "gift_card_1000002"),
    ("Yes. The gift card that has the highest remaining balance, please.", "gift_card_1000001"),
    ("Yes, put it on the largest-balance gift card.", "gift_card_1000001"),
])
async def test_a_method_chosen_by_its_balance(airline: PolicySet, words: str, covered: str
                                              ) -> None:
    state = session([read(DEN_BOS)], BAGS, f"user: {words}")
    for card in ("gift_card_1000001", "gift_card_1000002", "gift_card_1000003"):
        assert await confirmed(airline, state, "update_reservation_baggages",
                               reservation_id="ABC123", total_baggages=1, nonfree_baggages=1,
                               payment_id=card) is (card == covered), card


async def test_a_choice_by_balance_said_after_the_yes_counts(airline: PolicySet) -> None:
    state = session([read(DEN_BOS)], BAGS, "user: Yes, go ahead.",
                    "assistant: Which payment method should I use?",
                    "user: The gift card with the smallest balance.")
    args = {"reservation_id": "ABC123", "total_baggages": 1, "nonfree_baggages": 1}
    assert await confirmed(airline, state, "update_reservation_baggages",
                           payment_id="gift_card_1000002", **args)
    # the agent's own pick after that method failed is not the user's
    assert not await confirmed(airline, state, "update_reservation_baggages",
                               payment_id="gift_card_1000003", **args)
    # a choice among another kind says nothing of this one
    state = session([read(DEN_BOS)], BAGS, "user: Yes, the certificate with the smallest "
                    "balance.")
    assert await confirmed(airline, state, "update_reservation_baggages",
                           payment_id="gift_card_1000003", **args)


async def test_a_setting_given_per_flight_does_not_cover_one_for_all(airline: PolicySet
                                                                     ) -> None:
    state = session([read(DEN_BOS)],
                    "assistant: To confirm the change to ABC123: flight HAT130 (Business Class), "
                    "flight HAT184 (Economy Class), $340 on your Visa ending 7447. Shall I "
                    "proceed?", "user: Yes, go ahead.")
    args = {"reservation_id": "ABC123", "payment_id": "credit_card_4421486",
            "flights": [{"flight_number": "HAT130", "date": "2024-05-17"},
                        {"flight_number": "HAT184", "date": "2024-05-17"}]}
    assert not await confirmed(airline, state, "update_reservation_flights", cabin="business",
                               **args)
    # an older yes to the upgrade does not cover it either: the newest terms split the cabins
    state = session([read(DEN_BOS)],
                    "assistant: I can upgrade reservation ABC123 to business. Proceed?",
                    "user: Yes.",
                    "assistant: To confirm the change to ABC123: flight HAT130 (Business Class), "
                    "flight HAT184 (Economy Class). Shall I proceed?", "user: Yes, go ahead.")
    assert not await confirmed(airline, state, "update_reservation_flights", cabin="business",
                               **args)
    state = session([read(DEN_BOS)],
                    "assistant: I'll upgrade both flights of ABC123, HAT130 and HAT184, from "
                    "economy to business. Shall I proceed?", "user: Yes, go ahead.")
    assert await confirmed(airline, state, "update_reservation_flights", cabin="business",
                           **args)


EARLIER = ("assistant: Your trip: DEN to BOS on May 17, flights HAT130 "
           "to Miami and HAT184 to Boston, economy, one passenger.")
LATER = ("assistant: Moving to the nonstop costs $50 more, on your Visa ending 7447. Shall I "
         "make the change to your reservation?")
CHANGE = {"cabin": "economy", "payment_id": "credit_card_4421486",
          "flights": [{"flight_number": "HAT130", "date": "2024-05-17"},
                      {"flight_number": "HAT184", "date": "2024-05-17"}]}


async def test_the_only_reservation_looked_at_described_earlier_is_named(airline: PolicySet
                                                                         ) -> None:
    # described by its own codes two turns before the yes, and "your reservation" in the
    # answered turn: the only reservation the session read, so the only one it can be
    state = session([read(DEN_BOS)], EARLIER, "user: I want the cheaper economy nonstop.",
                    LATER, "user: Yes, go ahead.")
    assert await confirmed(airline, state, "update_reservation_flights",
                           reservation_id="ABC123", **CHANGE)


async def test_not_the_only_one_or_never_described(airline: PolicySet) -> None:
    # another reservation looked at too: "your reservation" no longer says which
    state = session([read(DEN_BOS), read(JFK_LAS)], EARLIER,
                    "user: I want the cheaper economy nonstop.", LATER, "user: Yes, go ahead.")
    assert not await confirmed(airline, state, "update_reservation_flights",
                               reservation_id="ABC123", **CHANGE)
    # the only one, but the user never heard its id or its flights
    state = session([read(DEN_BOS)], "assistant: I found your booking.",
                    "user: I want the cheaper economy nonstop.", LATER, "user: Yes, go ahead.")
    assert not await confirmed(airline, state, "update_reservation_flights",
                               reservation_id="ABC123", **CHANGE)


def test_only_an_object_looked_up_is_the_only_one() -> None:
    from proxy.policy.binding import Text
    from proxy.policy.confirm import _the_only_one
    state = session([read(DEN_BOS)])
    text = Text("shall i change your reservation and charge your payment method?")
    assert _the_only_one(state, "reservation_id", "ABC123", text)
    assert not _the_only_one(state, "reservation_id", "XYZ789", text)
    # a payment method only ever used by a write was never looked at
    state.add_call(CallRecord(new_id("c"), "s", state.next_seq(), "update_reservation_baggages",
                              "write", {"reservation_id": "ABC123",
                                        "payment_method_id": "credit_card_4421486"},
                              "d", "allow", [], "v", Outcome.EXECUTED, "t"))
    assert not _the_only_one(state, "payment_method_id", "credit_card_4421486", text)
    # a write on another reservation: "your reservation" no longer says which
    state.add_call(CallRecord(new_id("c"), "s", state.next_seq(), "cancel_reservation", "write",
                              {"reservation_id": "XYZ789"}, "d", "allow", [], "v",
                              Outcome.EXECUTED, "t"))
    assert not _the_only_one(state, "reservation_id", "ABC123", text)


@pytest.mark.parametrize("words", [
    "user: Not that one, my other trip, the one to Las Vegas.",
    "user: That's not the reservation I mean.",
    "user: I meant reservation XYZ789.",
])
async def test_the_only_one_looked_at_is_not_the_one_the_user_means(airline: PolicySet,
                                                                     words: str) -> None:
    state = session([read(DEN_BOS)], EARLIER, words, LATER, "user: Yes, go ahead.")
    assert not await confirmed(airline, state, "update_reservation_flights",
                               reservation_id="ABC123", **CHANGE)


async def test_the_only_one_described_long_ago_is_not_named(airline: PolicySet) -> None:
    # described, then the conversation moved on for several exchanges
    chat = [line for n in range(4) for line in (f"user: Another question, number {n}?",
                                                f"assistant: Here is answer {n}.")]
    state = session([read(DEN_BOS)], EARLIER, *chat, LATER, "user: Yes, go ahead.")
    assert not await confirmed(airline, state, "update_reservation_flights",
                               reservation_id="ABC123", **CHANGE)
