"""Cases from the seventy-third independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English with several items of
one product, airline in English with round trips and several passengers, retail in German, French
and Dutch, airline in Spanish, Portuguese, Italian and Japanese. Shortened to what the check
reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order
from .test_confirm_review59 import flights

CANCEL = "cancel_pending_order"
FLIGHTS = "update_reservation_flights"

# 73b: both legs downgraded, the card asked for in the same breath
D6 = reservation("D6XU3N", [("HAT047", "LAX", "SEA", "2024-06-05"), ("HAT152", "SEA", "LAX", "2024-06-09")],
                 cabin="business", flight_type="round_trip")
BOTH_LEGS = [read(D6), "assistant: D6XU3N is a round trip in business: HAT047 LAX to SEA on June 5 and "
             "HAT152 SEA to LAX on June 9. The cabin change applies to both flights.\n\n- New cabin: "
             "economy on both flights (same flights and dates)\n- Refund: $982 total\n\nWhich card should "
             "receive the refund: your Visa or your Mastercard?",
             "user: Yep, downgrade both legs, refund to the Visa."]
DOWN = flights("D6XU3N", "economy", ("HAT047", "2024-06-05"), ("HAT152", "2024-06-09"))

# 73b: a cabin turned down in the user's words
G3 = reservation("G3TF8A", [("HAT209", "IAH", "DEN", "2024-05-27")], cabin="basic_economy")
CABINS = [read(G3), "assistant: G3TF8A is in basic economy. Moving to economy would cost $248 in total; "
          "to business $1,128 in total. Payment would be your Visa. Which cabin would you like?",
          "user: Ha, no, business is way too much. Economy then, on the Visa. Go for it."]

# 73c: "no, only those" answering whether there is more, then a conditional yes
HEADPHONES = order("#W7300001", "delivered", item("7300000011", "Headphones", 344.55, type="in-ear"),
                   item("7300000012", "Power Bank", 105.49, capacity="5000mAh"),
                   item("7300000013", "Desk Lamp", 150.0, color="white"))
NUR_DIE_ZWEI = [*looked_up(HEADPHONES), "assistant: Rücksendung aus #W7300001:\n- Headphones (In-Ear) – "
                "344,55 $\n- Power Bank (5000 mAh) – 105,49 $\n\nDie Erstattung von 450,04 $ ginge auf Ihre "
                "Visa. Sollen noch weitere Artikel zurück? Wenn nicht: Soll ich die Rücksendung so anlegen?",
                "user: Nein, nur die zwei. Ja, wenn das Geld wieder auf die Visa geht, dann gerne."]

# 73c: the other one held in French
LAPTOP = order("#W7300002", "pending", item("7300000021", "Laptop", 2749.56, size="15-inch"))
MAKEUP = order("#W7300003", "pending", item("7300000031", "Makeup Kit", 1252.16, skin="light"))
OTHER_FR = [*looked_up(LAPTOP, MAKEUP), "assistant: J'annulerais donc #W7300002 (l'ordinateur) et #W7300003 "
            "(le kit de maquillage) pour le motif « plus nécessaire » ; remboursement sur votre Visa. Je "
            "procède aux deux annulations ?",
            "user: Oui pour l'ordinateur. Pour l'autre, attendez, je dois d'abord demander à ma femme si "
            "elle veut garder le kit de maquillage."]

# 73c: the difference asked on the gift card in French
LAMP = order("#W7300004", "delivered", item("7300000041", "Desk Lamp", 150.01, color="silver"))
GIFT_FR = [*looked_up(LAMP), "assistant: Échange dans la commande #W7300004 : lampe argentée (150,01 $) → "
           "lampe noire (153,23 $, article 7300000042). Supplément de 3,22 $, prélevé sur votre Visa. Je "
           "lance l'échange ?", "user: D'accord, mais prenez plutôt les 3,22 $ sur ma carte cadeau."]
LAMP_SWAP = {"order_id": "#W7300004", "item_ids": ["7300000041"], "new_item_ids": ["7300000042"]}

# 73c: "vous pouvez changer"
ADDRESS_FR = [*looked_up(LAPTOP), "assistant: La commande #W7300002 est encore en attente. Je modifierais "
              "l'adresse de livraison ainsi :\nActuelle : 557 Sunset Drive, San Diego, CA 92147\nNouvelle : "
              "1420 Harbor View Road, Apt 5B, San Diego, CA 92101, USA\n\nJe fais la modification ?",
              "user: Nickel, c'est bien ça, vous pouvez changer."]
HARBOR = {"order_id": "#W7300002", "address1": "1420 Harbor View Road", "address2": "Apt 5B",
          "city": "San Diego", "state": "CA", "country": "USA", "zip": "92101"}

# 73d: the cabin change held in Portuguese; the card asked for in Japanese
N6 = {**reservation("N6CE2A", [("HAT185", "IAH", "LAS", "2024-06-03")], cabin="basic_economy"),
      "passengers": [{"first_name": "Juliana", "last_name": "Lima", "dob": "1994-10-09"}]}
CLASS_LATER = [read(N6), "assistant: Passageira Juliana Lima. Seriam duas alterações na reserva "
               "N6CE2A:\n\n1. Corrigir a data de "
               "nascimento da Juliana: 1994-10-09 → 1994-10-19\n2. Mudar a cabine para econômica no HAT185: "
               "diferença de $57, no seu Visa\n\nConfirma as duas?",
               "user: A data da Juliana pode corrigir, sim. A mudança de classe deixa eu ver com ela "
               "primeiro."]
U2 = reservation("U2GX5R", [("HAT159", "LAS", "SEA", "2024-05-31")])
CARD_JA = [read(U2), "assistant: 変更内容の確認です（U2GX5R）。\n\n- 5月31日 HAT159 → 5月30日 HAT036、"
           "エコノミー\n- 差額：$35 をギフトカード（gift_card_1000001）からお支払い\n\nよろしいですか？",
           "user: はい、変更してください。ただ、支払いはギフトカードじゃなくて"
           "クレジットカードでお願いします。"]


def to_hat036(payment: str) -> dict[str, Any]:
    return {**flights("U2GX5R", "economy", ("HAT036", "2024-05-30")), "payment_id": payment}


CASES = [
    trip("Z965", "allow", BOTH_LEGS, FLIGHTS, DOWN, "'downgrade both legs, refund to the Visa'"),
    trip("Z966", "refuse", CABINS, FLIGHTS, flights("G3TF8A", "business", ("HAT209", "2024-05-27")),
         "'no, business is way too much. Economy then'"),
    trip("Z967", "allow", CABINS, FLIGHTS, flights("G3TF8A", "economy", ("HAT209", "2024-05-27")),
         "economy, as taken"),
    shop("Z968", "allow", NUR_DIE_ZWEI, "return_delivered_order_items",
         give_back("#W7300001", "7300000011", "7300000012"),
         "'nein, nur die zwei' answers whether there is more"),
    shop("Z969", "refuse", NUR_DIE_ZWEI, "return_delivered_order_items",
         give_back("#W7300001", "7300000011", "7300000012", "7300000013"), "only the two"),
    shop("Z970", "allow", OTHER_FR, CANCEL, {"order_id": "#W7300002", "reason": "no longer needed"},
         "'oui pour l'ordinateur'"),
    shop("Z971", "refuse", OTHER_FR, CANCEL, {"order_id": "#W7300003", "reason": "no longer needed"},
         "'pour l'autre, attendez'"),
    shop("Z972", "refuse", GIFT_FR, "exchange_delivered_order_items",
         {**LAMP_SWAP, "payment_method_id": "credit_card_1"}, "the gift card asked for"),
    shop("Z973", "allow", GIFT_FR, "exchange_delivered_order_items",
         {**LAMP_SWAP, "payment_method_id": "gift_card_3"}, "on the gift card, as asked"),
    shop("Z974", "allow", ADDRESS_FR, "modify_pending_order_address", HARBOR,
         "'nickel ... vous pouvez changer'"),
    trip("Z975", "allow", CLASS_LATER, "update_reservation_passengers",
         {"reservation_id": "N6CE2A", "passengers": [{"first_name": "Juliana", "last_name": "Lima",
                                                      "dob": "1994-10-19"}]},
         "'a data da Juliana pode corrigir'"),
    trip("Z976", "refuse", CLASS_LATER, FLIGHTS, flights("N6CE2A", "economy", ("HAT185", "2024-06-03")),
         "'a mudança de classe deixa eu ver com ela primeiro'"),
    trip("Z977", "refuse", CARD_JA, FLIGHTS, to_hat036("gift_card_1000001"),
         "'クレジットカードでお願いします'"),
    trip("Z978", "allow", CARD_JA, FLIGHTS, to_hat036(VISA), "the credit card, as asked"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
