"""Terms the agent changes after the user's yes: a retry carrying a sum the agent stated only
after the yes ("the correct total is $374; I will proceed with this amount"), and a yes to a
detail (another gift card) after a proposal that put the flights in different cabins, where the
call sets one cabin for all of them."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.ids import new_id
from proxy.policy import PolicySet
from proxy.session import CallRecord, Message, Outcome, Role, SessionState

from . import test_described as air

FLIGHTS = [{"flight_number": "HAT130", "date": "2024-05-17"},
           {"flight_number": "HAT184", "date": "2024-05-17"}]


def booking(amount: int) -> dict[str, Any]:
    return {"user_id": "mia_li_3668", "origin": "DEN", "destination": "BOS",
            "flight_type": "one_way", "cabin": "economy", "flights": FLIGHTS,
            "passengers": [{"first_name": "Ivan", "last_name": "Smith", "dob": "1986-03-14"}],
            "payment_methods": [{"payment_id": "gift_card_1000001", "amount": amount}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


def attempt(state: SessionState, tool: str, args: dict[str, Any]) -> None:
    """A write the upstream refused, as the session records it."""
    state.add_call(CallRecord(new_id("c"), "s", state.next_seq(), tool, "write", args, "d",
                              "allow", [], "v", Outcome.UPSTREAM_ERROR, "t",
                              result="Error: payment amount does not add up"))


def say(state: SessionState, line: str) -> None:
    role, text = line.split(": ", 1)
    state.add_message(Message(state.next_seq(), Role(role), text, "t"))


PROPOSE_BOOKING = ("assistant: Here is the booking: Ivan Smith on HAT130 (DEN to MIA) and "
                   "HAT184 (MIA to BOS) on May 17, economy, no insurance, no bags, $240 on your "
                   "gift card. Shall I book it?")
FIXED = "assistant: The correct total, including fees, is $374. I will book it with this amount."


def retried(*after: str, total: str = "$240") -> SessionState:
    state = air.session([], PROPOSE_BOOKING.replace("$240", total), "user: Yes, book it.")
    attempt(state, "book_reservation", booking(240))
    for line in after:
        say(state, line)
    return state


async def test_a_retry_with_a_sum_stated_after_the_yes_is_not_covered(airline: PolicySet
                                                                     ) -> None:
    state = retried(FIXED)
    assert not await air.confirmed(airline, state, "book_reservation", **booking(374))
    # the same booking tried again, with the sum the user saw, is still covered
    assert await air.confirmed(airline, state, "book_reservation", **booking(240))


async def test_the_sum_said_before_the_yes_or_agreed_again_is_covered(airline: PolicySet
                                                                     ) -> None:
    # named before the yes (the proposal's total): not the agent's own change
    state = retried(FIXED, total="$374")
    assert await air.confirmed(airline, state, "book_reservation", **booking(374))
    # put to the user after the first try, and agreed to
    state = retried("assistant: The correct total, including fees, is $374. Shall I book it "
                    "with this amount on your gift card?", "user: Yes, that's fine.")
    assert await air.confirmed(airline, state, "book_reservation", **booking(374))


async def test_a_first_attempt_is_left_to_the_key_arguments(airline: PolicySet) -> None:
    # a sum the agent states after the yes, on the first try: nothing was changed (the key
    # arguments decide, and the booking's amount is none of them)
    state = air.session([], PROPOSE_BOOKING, "user: Yes, book it.", FIXED)
    assert await air.confirmed(airline, state, "book_reservation", **booking(374))


PER_FLIGHT = ("assistant: To confirm, for reservation ABC123:\n- HAT130 (DEN to MIA, May 17): "
              "upgrade to business\n- HAT184 (MIA to BOS, May 17): remains in economy\nThe "
              "difference is $105 on your original payment. Shall I proceed?")
CHANGE = {"reservation_id": "ABC123", "flights": FLIGHTS, "payment_id": "gift_card_1000003"}


def after_a_detail(*lines: str) -> SessionState:
    state = air.session([air.read(air.DEN_BOS)], PER_FLIGHT, "user: Yes, go ahead.")
    attempt(state, "update_reservation_flights",
            {**CHANGE, "cabin": "business", "payment_id": "gift_card_1000001"})
    for line in ("assistant: That gift card's balance is not enough. You have another gift "
                 "card with $113. Would you like to use it?", *lines):
        say(state, line)
    return state


async def test_a_yes_to_a_detail_does_not_cover_one_cabin_for_all(airline: PolicySet) -> None:
    state = after_a_detail("user: Yes, please use the other gift card.")
    assert not await air.confirmed(airline, state, "update_reservation_flights",
                                   cabin="business", **CHANGE)


@pytest.mark.parametrize("lines", [
    # the user's yes puts both flights in one cabin
    ("user: In that case, just proceed with economy class for both legs.",),
    # the agent proposed one cabin for all, and the user agreed
    ("user: Hmm, can it be done at all?",
     "assistant: The cabin applies to the whole reservation: I can put both flights in "
     "economy instead. Shall I do that?", "user: Yes please."),
])
async def test_one_cabin_for_all_said_later_is_covered(airline: PolicySet,
                                                       lines: tuple[str, ...]) -> None:
    state = after_a_detail(*lines)
    assert await air.confirmed(airline, state, "update_reservation_flights", cabin="economy",
                               **CHANGE)


async def test_going_back_to_an_older_sum_after_a_newer_yes_is_not_covered(airline: PolicySet
                                                                           ) -> None:
    # the user agreed to $240, then to the corrected $374; the agent tried $374 and went back
    # to $240 on its own: the newer yes set the terms, and the older one no longer covers them
    state = retried("assistant: The correct total, including fees, is $374. Would you like to "
                    "proceed with this updated total on your gift card?",
                    "user: Yes, go ahead with the updated total.")
    attempt(state, "book_reservation", booking(374))
    say(state, "assistant: Sorry, the correct total is indeed $240, as first calculated. I'll "
               "finalise the booking now.")
    assert not await air.confirmed(airline, state, "book_reservation", **booking(240))
    # asked again, and agreed to
    say(state, "assistant: Shall I book it for $240 then?")
    say(state, "user: Yes please.")
    assert await air.confirmed(airline, state, "book_reservation", **booking(240))


async def test_a_numbered_sub_list_still_splits_the_cabins(airline: PolicySet) -> None:
    # "2." at a line's start is a list's number, not the end of what is said of the flight
    numbered = ("assistant: To confirm the upgrade of reservation ABC123:\n1. **Outbound (May 17):**\n"
                "   1. Flight: HAT130\n   2. Cabin: Business\n2. **Connection (May 17):**\n"
                "   1. Flight: HAT184\n   2. Cabin: Economy\nThe difference is $105 on your "
                "original payment. Shall I proceed?")
    original = {**CHANGE, "payment_id": "gift_card_1000001"}  # what ABC123 was paid with
    state = air.session([air.read(air.DEN_BOS)], numbered, "user: Yes, go ahead.")
    assert not await air.confirmed(airline, state, "update_reservation_flights",
                                   cabin="business", **original)
    # the same list with one cabin for both is covered
    state = air.session([air.read(air.DEN_BOS)], numbered.replace("Economy", "Business"),
                        "user: Yes, go ahead.")
    assert await air.confirmed(airline, state, "update_reservation_flights", cabin="business",
                               **original)


async def test_what_the_user_says_after_a_checked_yes_counts_at_the_next_check(
        airline: PolicySet) -> None:
    # (what a yes's proposal and reply say is read once per yes and kept with it: a turn that
    # comes after a check is still read at the next one)
    state = air.session([], PROPOSE_BOOKING, "user: Yes, book it.")
    assert await air.confirmed(airline, state, "book_reservation", **booking(240))
    say(state, "user: Actually, put it on my Visa ending 7447 instead of the gift card.")
    assert not await air.confirmed(airline, state, "book_reservation", **booking(240))
    state = air.session([], PROPOSE_BOOKING, "user: Yes, book it.")
    assert await air.confirmed(airline, state, "book_reservation", **booking(240))
    say(state, "user: Wait, hold off, I need to check with my wife first.")
    assert not await air.confirmed(airline, state, "book_reservation", **booking(240))


async def test_yeses_no_check_can_reach_keep_nothing_read(airline: PolicySet) -> None:
    from proxy.policy.confirm import OPEN_LIMIT, ledger

    state = air.session([])
    for _ in range(3 * OPEN_LIMIT):
        say(state, PROPOSE_BOOKING)
        say(state, "user: Yes, book it.")
        assert await air.confirmed(airline, state, "book_reservation", **booking(240))
    auths, _ = ledger(state)
    assert len(auths) == 3 * OPEN_LIMIT
    # (a long session keeps no proposal texts for yeses a check never looks at again)
    assert all(a._proposal is None and not a._read for a in auths[:OPEN_LIMIT])
    assert all(a._proposal is not None for a in auths[-OPEN_LIMIT:])
