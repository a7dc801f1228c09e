"""Cases from the fifty-third independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files; docs/policy.md gives
the figures): both domains in six languages, payments changed in the yes, flight changes by
option. Shortened to what the check reads, each refusal beside the allowed case it must not
break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import VISA, Case, booking, marked, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import (
    KETTLES,
    ORDER_ADDRESS,
    PENDING_KETTLE,
    item,
    kettle,
    looked_up,
    order,
)

# 53a: the address found in another order, said before the address; the yes said of it alone
NEW_YORK = order("#W3407479", "delivered", item("3407479001", "Desk Lamp", 45.0, color="white"))
ADDRESS_FROM = [*looked_up(PENDING_KETTLE, NEW_YORK), KETTLES, "assistant: Nel suo ordine "
                "**#W3407479** risulta questo indirizzo:\n**2201 Westheimer Rd, Apt 9, Houston, TX "
                "77098, USA**\nEcco la modifica proposta:\n- **Ordine:** #W2000002\n- **Nuovo "
                "indirizzo:** 2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA\nConferma che posso "
                "aggiornare l'indirizzo di spedizione? Subito dopo modifico la bollitrice (1,5 L, "
                "nera, 72,00 $).", "user: Sì, per l'indirizzo va bene, è quello."]

# 53b: a cabin in French
FRENCH_BOOKING = ["assistant: Voici le récapitulatif :\n- Trajet : DEN → BOS, aller simple, 17 "
                  "mai\n- Vols : HAT130 puis HAT184\n- Cabine : économie\n- Passager : Mia Li "
                  "(05/04/1990)\n- Paiement : 240 $ sur la Visa se terminant par 7447\nConfirmez-"
                  "vous la réservation ?", "user: Oui, je confirme."]

CASES = [
    shop("Z429", "allow", ADDRESS_FROM, "modify_pending_order_address", ORDER_ADDRESS,
         "sì, per l'indirizzo"),
    shop("Z430", "refuse", ADDRESS_FROM, "modify_pending_order_items", kettle("2000000009"),
         "the yes was the address's"),
    trip("Z431", "allow", FRENCH_BOOKING, "book_reservation", booking((VISA, 240)),
         "cabine : économie"),
    trip("Z432", "refuse", FRENCH_BOOKING, "book_reservation",
         booking((VISA, 240), cabin="business"), "économie, not business"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
