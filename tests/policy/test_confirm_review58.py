"""Cases from the fifty-second stop's leftovers and the fifty-eighth independent review, held out
(helpers wrote conversations without seeing the project, each based on one real task of the
shared task files; docs/policy.md gives the figures). Shortened to what the check reads, each
refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import (
    BOOK,
    PROPOSE,
    VISA,
    Case,
    booking,
    marked,
    verdict,
)
from .test_confirm_review33 import trip

# 56b: a ceiling on what is paid, said as "I don't want to pay ..." after the yes
PROPOSED = [PROPOSE]
NOTHING_EXTRA = [*PROPOSED, "user: yes book it. I don't want to pay anything extra though."]
NOT_OVER = [*PROPOSED, "user: yes book it, but I don't want to pay anything more than $240"]
NOT_OVER_LESS = [*PROPOSED, "user: yes book it, but I don't want to pay anything more than $200"]
NOTHING_EXTRA_ALONE = [*PROPOSED, "user: hmm, I don't want to pay anything extra. Is there a "
                       "cheaper one?"]
INSURANCE_NOT_PAID = [*PROPOSED, "user: Yes, book it. I don't want to pay for insurance."]
WITH_INSURANCE = ("assistant: Here is the booking: Mia Li on HAT130 (DEN to MIA) and HAT184 (MIA "
                  "to BOS) on May 17, economy, travel insurance ($30), no checked bags, $270 in "
                  "total on your Visa ending 7447. Shall I book it?")
INSURED = {**booking((VISA, 270)), "insurance": "yes"}
INSURANCE_PUT_RIGHT = [WITH_INSURANCE, "user: Yes, book it. I don't want to pay for insurance."]
# ... and in Portuguese, with a condition that there is no insurance
SEM_SEGURO = ("assistant: Reserva: Mia Li, HAT130 (DEN-MIA) e HAT184 (MIA-BOS) em 17 de maio, "
              "econômica, sem seguro, sem bagagem. Total: $240 no Visa final 7447. Posso reservar?")
COM_SEGURO = ("assistant: Reserva: Mia Li, HAT130 (DEN-MIA) e HAT184 (MIA-BOS) em 17 de maio, "
              "econômica, com seguro ($30), sem bagagem. Total: $270 no Visa final 7447. Posso "
              "reservar?")
PT_YES = ("user: pode reservar, desde que seja sem seguro mesmo, não quero pagar nada além dos "
          "240")
PT_LOWER = "user: pode reservar, não quero pagar nada além dos 200"

CASES = [
    trip("Z496", "allow", NOTHING_EXTRA, BOOK, booking((VISA, 240)),
         "nothing extra: the $240 the proposal gives"),
    trip("Z497", "allow", NOT_OVER, BOOK, booking((VISA, 240)), "no more than $240: $240"),
    trip("Z498", "refuse", NOT_OVER_LESS, BOOK, booking((VISA, 240)),
         "no more than $200: $240 proposed"),
    trip("Z499", "refuse", NOTHING_EXTRA_ALONE, BOOK, booking((VISA, 240)),
         "a ceiling and a question, no yes"),
    trip("Z500", "allow", INSURANCE_NOT_PAID, BOOK, booking((VISA, 240)),
         "no insurance, as proposed"),
    trip("Z501", "refuse", INSURANCE_PUT_RIGHT, BOOK, INSURED,
         "insurance proposed, the user does not want to pay for it"),
    trip("Z502", "allow", [SEM_SEGURO, PT_YES], BOOK, booking((VISA, 240)),
         "sem seguro, at most 240: met"),
    trip("Z503", "refuse", [COM_SEGURO, PT_YES], BOOK, INSURED,
         "sem seguro asked, insurance proposed"),
    trip("Z504", "refuse", [SEM_SEGURO, PT_LOWER], BOOK, booking((VISA, 240)),
         "at most 200: $240 proposed"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
