"""Cases from the ninety-first and ninety-second independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures), and the left-overs
of reviews 89 and 90 they were put beside. Shortened to what the check reads, each refusal beside
the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

RETURN = "return_delivered_order_items"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
PASSENGERS = "update_reservation_passengers"

# 89c: a yes, then a form of refund not wanted in its own clause of one sentence
LAMP = order("#W2912153", "delivered", item("1270145486", "Desk Lamp", 144.07, color="white"))


def lamp_back(refund: str) -> list[Any]:
    return [*looked_up(LAMP),
            "assistant: Ecco il reso:\n- Ordine: #W2912153 (consegnato)\n- Articolo: Desk Lamp bianca "
            f"(1270145486), $144.07\n- Rimborso: $144.07 {refund}\n\nProcedo con il reso?",
            "user: va bene, ma il rimborso sulla Visa eh, non voglio buoni"]


def lamp(method: str) -> dict[str, Any]:
    return {"order_id": "#W2912153", "item_ids": ["1270145486"], "payment_method_id": method}


# 90d: Dutch, the steps by their numbers with "doe ... maar", a third held by its thing
NL5 = reservation("NL5K2P", [("HAT073", "AMS", "JFK", "2024-05-20")], bags=1)
STEPS_NL = [read(NL5),
            "assistant: Voor NL5K2P kan ik:\n1. De vlucht omzetten naar HAT073 op 22 mei, $60 op uw Visa "
            "eindigend op 7447.\n2. De naam van Mia Li corrigeren naar Mia Lie.\n3. Een extra koffer "
            "toevoegen (1 → 2), $50 op dezelfde Visa.\n\nZal ik dit doorvoeren?"]
MOVED_NL = {"reservation_id": "NL5K2P", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT073", "date": "2024-05-22"}]}
LIE = {"reservation_id": "NL5K2P",
       "passengers": [{"first_name": "Mia", "last_name": "Lie", "dob": "1990-04-05"}]}
BAG_NL = {"reservation_id": "NL5K2P", "total_baggages": 2, "nonfree_baggages": 1, "payment_id": VISA}
HOLD_3_NL = [*STEPS_NL, "user: Doe 1 en 2 maar. Met die koffer weet ik het nog niet."]
# 89d: Spanish, a ceiling on the difference ("mientras no pase de 100 dólares"), met or broken
MX2 = reservation("MX2Q8T", [("HAT040", "MEX", "IAH", "2024-05-22")])


def within(difference: str) -> list[Any]:
    return [read(MX2), f"assistant: MX2Q8T → HAT040 el 24 de mayo, diferencia de tarifa {difference}, "
                       "cobrada a su Visa terminada en 7447. ¿Confirma el cambio?",
            "user: Sí, cámbiela, mientras no pase de 100 dólares."]


MOVED_MX = {"reservation_id": "MX2Q8T", "cabin": "economy", "payment_id": VISA,
            "flights": [{"flight_number": "HAT040", "date": "2024-05-24"}]}

CASES = [
    shop("Z1337", "allow", lamp_back("sulla Visa che termina con 7334"), RETURN, lamp("credit_card_1"),
         "'va bene, ma il rimborso sulla Visa eh, non voglio buoni' to the Visa"),
    shop("Z1338", "refuse", lamp_back("sulla gift card gift_card_3"), RETURN, lamp("gift_card_3"),
         "the Visa asked for, a gift card proposed"),
    trip("Z1339", "allow", HOLD_3_NL, FLIGHTS, MOVED_NL, "'Doe 1 en 2 maar.'"),
    trip("Z1340", "allow", HOLD_3_NL, PASSENGERS, LIE, "'Doe 1 en 2 maar.'"),
    trip("Z1341", "refuse", HOLD_3_NL, BAGS, BAG_NL, "'Met die koffer weet ik het nog niet.'"),
    trip("Z1342", "refuse", [*STEPS_NL, "user: Doe 1 en 2 maar niet."], FLIGHTS, MOVED_NL,
         "'maar niet': not to"),
    trip("Z1343", "allow", within("$84"), FLIGHTS, MOVED_MX, "'mientras no pase de 100 dólares' to $84"),
    trip("Z1344", "refuse", within("$130"), FLIGHTS, MOVED_MX, "'mientras no pase de 100 dólares' to $130"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("va bene, ma il rimborso sulla Visa eh, non voglio buoni", Act.HOLD),
    ("sí, pero el reembolso a la Visa, no quiero vales", Act.HOLD),
    ("no, I don't want a voucher", Act.DECLINE),
])
def test_review91_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
