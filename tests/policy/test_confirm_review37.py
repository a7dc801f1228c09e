"""Cases from the thirty-seventh independent review, held out (helpers wrote conversations without
seeing the project: tau2-like retail address changes and cancellations, GPT-4.1-like airline
agents and customers answering "ok", tau-bench-like retail exchanges picked from options,
tau-bench-like airline flight changes on round trips; docs/policy.md gives the figures).
Shortened to what the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import IAH_SFO, VISA, Case, marked, read, verdict
from .test_confirm_review8 import ADDRESS, PROFILE, RETURN, shop
from .test_confirm_review33 import trip
from .test_ledger import ORDER, PENDING

UPD = "update_reservation_flights"
A_DAY_LATER = [{"flight_number": "HAT072", "date": "2024-05-20"}]
# a date change listed without its cabin, which the reservation keeps (economy, as read)
DATE_MOVED = [read(IAH_SFO), "assistant: HAT072 is available on May 20. Change for RT4567:\n"
              "- HAT072 IAH → SFO: May 19 → May 20\n- Fare difference: $7, charged to your Visa "
              "ending 7447\n\nProceed?", "user: yep"]
# a price quoted, taken in with a sigh
PRICED = [read(IAH_SFO), "assistant: Your reservation RT4567 is on HAT072, IAH → SFO, May 19, in "
          "economy ($120 paid). Business on HAT072 is $528, so upgrading would cost $408 more, "
          "charged to your Visa ending 7447."]

# the refund's card said to be closing, another asked for
CLOSING = [PROFILE, ("read", "get_order_details", {"order_id": "#W1000001"}, ORDER),
           "assistant: Return details:\n- Order #W1000001: Desk Lamp ($135.24)\n- Refund: to "
           "your Mastercard ending 5018\nShall I proceed?", "user: Please put the refund on my "
           "Visa, the Mastercard is getting closed next month. You can go ahead."]

# the profile's address only, the order said to stay as it is; the order's only, the profile
# "not now"
NEW_HOME = "2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA"
PROFILE_ONLY = [PROFILE, ("read", "get_order_details", {"order_id": "#W2000002"}, PENDING),
                f"assistant: Got it. I'll update your default address to {NEW_HOME}. Order "
                "#W2000002 stays unchanged. Proceed?", "user: yes"]
BOTH_OFFERED = [PROFILE, ("read", "get_order_details", {"order_id": "#W2000002"}, PENDING),
                "assistant: I can update: (1) the shipping address on your pending order "
                f"#W2000002 to {NEW_HOME}, and (2) your default profile address to the same. "
                "Would you like both?", "user: order yes. profile not now, lease not signed yet"]
ORDER_ADDRESS = {"order_id": "#W2000002", **{k: v for k, v in ADDRESS.items() if k != "user_id"}}


def _lamp(method: str) -> dict[str, object]:
    return {"order_id": "#W1000001", "item_ids": ["1000000003"], "payment_method_id": method}


def _flights(cabin: str) -> dict[str, object]:
    return {"reservation_id": "RT4567", "cabin": cabin, "flights": A_DAY_LATER, "payment_id": VISA}


CASES = [
    trip("Z222", "allow", DATE_MOVED, UPD, _flights("economy"),
         "the date moved, the cabin the reservation has"),
    trip("Z223", "refuse", DATE_MOVED, UPD, _flights("business"),
         "the date moved, and a cabin nobody named"),
    trip("Z224", "refuse", [*PRICED, "user: ok, that's steep."], UPD,
         {**_flights("business"), "flights": [{"flight_number": "HAT072", "date": "2024-05-19"}]},
         "a price taken in"),
    trip("Z225", "refuse", [*PRICED, "user: ok, $408. that's a bit more than I hoped but ok"],
         UPD, {**_flights("business"),
               "flights": [{"flight_number": "HAT072", "date": "2024-05-19"}]},
         "a price taken in, with okays"),
    trip("Z226", "allow", [*PRICED, "user: ok, that's steep but go ahead"], UPD,
         {**_flights("business"), "flights": [{"flight_number": "HAT072", "date": "2024-05-19"}]},
         "steep, but go ahead"),
    shop("Z227", "refuse", CLOSING, RETURN, _lamp("credit_card_2"),
         "to the Mastercard said to be closing"),
    shop("Z228", "allow", CLOSING, RETURN, _lamp("credit_card_1"), "to the Visa, as asked"),
    shop("Z229", "refuse", PROFILE_ONLY, "modify_pending_order_address", ORDER_ADDRESS,
         "the order said to stay unchanged"),
    shop("Z230", "allow", PROFILE_ONLY, "modify_user_address", ADDRESS, "the profile: yes"),
    shop("Z231", "allow", BOTH_OFFERED, "modify_pending_order_address", ORDER_ADDRESS,
         "order yes"),
    shop("Z232", "refuse", BOTH_OFFERED, "modify_user_address", ADDRESS, "profile not now"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
