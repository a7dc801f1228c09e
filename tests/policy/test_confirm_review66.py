"""Cases from the sixty-fifth review's leftovers and the sixty-sixth independent review, held
out (helpers wrote conversations without seeing the project; docs/policy.md gives the figures).
Shortened to what the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import Case, marked, read, reservation, verdict
from .test_confirm_review33 import trip

CANCEL = "cancel_reservation"

# 65a: conditions beside a yes, met by the proposal
VA = reservation("VA5SGQ", [("HAT001", "DTW", "LGA", "2024-05-17")], flight_type="round_trip")
VA_CANCEL = {"reservation_id": "VA5SGQ"}
BACK = [read(VA), "assistant: You are eligible to cancel VA5SGQ for a full refund of $686 to your "
        "original payment method (gift card 7654321). Would you like me to cancel VA5SGQ?"]
AS_CERTIFICATE = [read(VA), "assistant: You are eligible to cancel VA5SGQ. The refund of $686 would be "
                  "issued as a travel certificate. Would you like me to cancel VA5SGQ?"]
NO_VOUCHER = "user: Yes, cancel it. I don't want any credit or voucher."

CASES = [
    trip("Z697", "allow", [*BACK, NO_VOUCHER], CANCEL, VA_CANCEL,
         "a form of refund ruled out, the proposal giving money back"),
    trip("Z698", "refuse", [*AS_CERTIFICATE, NO_VOUCHER], CANCEL, VA_CANCEL,
         "a form of refund ruled out, the proposal giving a certificate"),
    trip("Z699", "allow", [*BACK, "user: Go ahead, provided it's a full refund back to my gift "
                           "card. I don't want any credit or voucher."], CANCEL, VA_CANCEL,
         "provided it's a full refund back to my gift card: the original method is the gift card"),
    trip("Z700", "allow", [*BACK, "user: Go ahead as long as the refund goes back to my gift "
                           "card."], CANCEL, VA_CANCEL,
         "the original payment method, named just after"),
    trip("Z701", "refuse", [*BACK, "user: Go ahead, provided it's a full refund back to my credit "
                            "card."], CANCEL, VA_CANCEL, "another method than the turn's"),
    trip("Z702", "allow", [*BACK, "user: Okay, as long as it's the full $686, please cancel it."],
         CANCEL, VA_CANCEL, "the full $686, as the turn says: 'a full refund of $686'"),
    trip("Z703", "refuse", [*BACK, "user: As long as it's at least $800 back, go ahead."], CANCEL,
         VA_CANCEL, "a sum the turn does not give"),
    trip("Z704", "refuse", [*BACK, "user: Hmm, I don't want that."], CANCEL, VA_CANCEL,
         "a decline"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
