"""Cases from the eighty-eighth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English, addresses; airline in
English, new bookings; retail in Chinese and Spanish; airline in French and Portuguese. Shortened
to what the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import (
    MIA,
    VISA,
    Case,
    booking,
    executed,
    marked,
    read,
    reservation,
    verdict,
)
from .test_confirm_review8 import cancel, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

ADDR = "modify_pending_order_address"
RETURN = "return_delivered_order_items"
ITEMS = "modify_pending_order_items"
PAYMENT = "modify_pending_order_payment"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
PASSENGERS = "update_reservation_passengers"
BOOK = "book_reservation"
GC1 = "gift_card_1000001"


def ship(order_id: str, street: str, unit: str, city: str, state: str, zip_code: str) -> dict[str, Any]:
    return {"order_id": order_id, "address1": street, "address2": unit, "city": city, "state": state,
            "country": "USA", "zip": zip_code}


# 88a: three orders moved, then a remark opening on "no" ("No idea how Chicago got in there lol")
BELLS = order("#W8367380", "pending", item("8367380001", "Dumbbell Set", 400.0, weight="30 lbs"))
PUZZLE = order("#W6272294", "pending", item("6272294001", "Jigsaw Puzzle", 50.0, pieces="1000"),
               item("6272294002", "Digital Camera", 2000.0, zoom="3x"),
               item("6272294003", "Bluetooth Speaker", 300.0, color="red"))
SKATE = order("#W1242543", "pending", item("1242543001", "Skateboard", 180.0, length="31 inch"))
THREE_MOVES = [*looked_up(BELLS, PUZZLE, SKATE),
               "assistant: Three orders go elsewhere:\n\n1. #W8367380 (Dumbbell Set) → 144 Elm Street, "
               "Suite 947, Los Angeles, CA 90450\n2. #W6272294 (Jigsaw Puzzle, Digital Camera, Bluetooth "
               "Speaker) → 621 Cedar Street, Suite 273, Chicago, IL 60628\n3. #W1242543 (Skateboard) → 874 "
               "Cedar Avenue, Suite 795, Seattle, WA 98106\n\nI would update the shipping address of all "
               "three orders to 238 Oak Street, Suite 636, San Francisco, CA 94128, USA. Do you confirm all "
               "three changes?",
               "user: Yes, all three. No idea how Chicago got in there lol"]
# 88a: the order's current unit named beside the new one ("currently ships to ... Suite 712")
ESPRESSO = order("#W9673784", "pending", item("9673784001", "Espresso Machine", 900.0, capacity="1L"))
SUITE = [*looked_up(ESPRESSO),
         "assistant: The espresso machine is in order #W9673784, which is pending and currently ships to "
         "510 Hickory Lane, Suite 712, San Diego, CA 92107, USA.\n\nI'll change its shipping address to: "
         "510 Hickory Lane, Suite 721, San Diego, CA 92107, USA\n\nWould you like me to proceed?",
         "user: yes"]
# 88a: the zip put right in the yes turn ("Wait, make the zip 32246, I gave you my old zip.")
BEACH = order("#W3826449", "pending", item("3826449001", "Office Chair", 300.0, color="black"))
ZIP_FIXED = [*looked_up(BEACH),
             "assistant: Here's the plan:\n\n1. Change the shipping address of order #W3826449 to 2600 Beach "
             "Blvd, Unit 7, Jacksonville, FL 32207, USA\n\nShall I proceed?",
             "user: Yes. Wait, make the zip 32246, I gave you my old zip."]
# 88a: the method picked, the agent having said the pick is the go-ahead ("Once you choose, I'll
# process it.")
PUZZLE_BACK = order("#W2809253", "delivered", item("4068787148", "Jigsaw Puzzle", 52.01, pieces="500"))
ONCE_CHOSEN = [*looked_up(PUZZLE_BACK),
               "assistant: Here's the return:\n\n- Order #W2809253\n- Item: Jigsaw Puzzle (4068787148), "
               "$52.01\n- Refund to: your Visa ending 7334 or your gift card gift_card_3, which would you "
               "like?\n\nOnce you choose, I'll process it.",
               "user: Gift card's fine, yes."]
# 88b: a passenger replacing another, said after a comma ("..., replacing Mark Reyes")
HATHAT = reservation("HATHAT", [("HAT200", "SEA", "JFK", "2024-06-10")])
REPLACING = [read(HATHAT),
             "assistant: The change would be:\n- Reservation HATHAT passengers: Mia Li (1990-04-05) and "
             "Daniel Reyes (1990-07-14), replacing Ivan Smith\n- No change in price, flights, or bags\n\n"
             "Would you like me to make this change?",
             "user: Yes please fix it"]
# 88b: two bookings, each with its own insurance choice
TWO_BOOKINGS = ["assistant: Here are the two bookings:\n\nBooking 1 - Mia:\n- One way DEN -> MIA, economy, "
                "HAT130 on May 17\n- Passenger: Mia Li (1990-04-05)\n- 1 checked bag (free), no insurance\n- "
                "Total $156 on Visa ending 7447\n\nBooking 2 - Ivan:\n- One way MIA -> BOS, economy, HAT184 "
                "on May 17\n- Passenger: Ivan Smith (1986-03-14)\n- travel insurance ($30)\n- Total $186 on "
                "Visa ending 7447\n\nShall I book both?",
                "user: Yes to both, thank you!"]
IVAN = {"first_name": "Ivan", "last_name": "Smith", "dob": "1986-03-14"}


def ivan_booking(insurance: str) -> dict[str, Any]:
    return {**booking((VISA, 186), passengers=[IVAN], flights=[{"flight_number": "HAT184",
                                                                "date": "2024-05-17"}]),
            "origin": "MIA", "destination": "BOS", "insurance": insurance}


# 88b: a yes with the method, to a turn asking which method pays
SIX_BAGS = [read(HATHAT),
            "assistant: You have 4 free bags, so 6 bags means 2 extra at $50 each:\n- HATHAT: 4 -> 6 checked "
            "bags (2 paid)\n- $100 charge. Which payment method? Your gift card is used up, so the Visa "
            "ending 7447?",
            "user: yes, on the Visa"]
# 88c: Spanish, one step yes, the other put first on its own and thought over
COFFEE = order("#W1429524", "pending", item("1349017811", "Coffee Maker", 226.05, color="white"))
GRILL = order("#W7546247", "pending", item("7546247001", "Electric Grill", 300.0, type="indoor"))
THOUGHT_ES = [*looked_up(COFFEE, GRILL),
              "user: La del molinillo, la (b). Que me lo cobren en PayPal. Y el motivo, que ya no lo "
              "necesito.",
              "assistant: Le resumo las dos acciones:\n1. Pedido #W1429524: cambiar la Coffee Maker blanca "
              "(1349017811) por la de acero inoxidable con molinillo (1323134954). Cargo de $10.90 a PayPal "
              "(paypal_4).\n2. Anular el pedido #W7546247 (parrilla), motivo \"no longer needed\"; reembolso "
              "a PayPal.\n¿Confirma ambas acciones?",
              "user: Lo de la cafetera sí, adelante, nada más de ese pedido. Lo de anular el otro... déjame "
              "pensarlo un momento, que la parrilla igual sí me la quedo."]
# 88c: Chinese, a bound on the difference, the turn giving it ("补差价 $12.63")
HELMET_ZH = order("#W6958840", "pending", item("1596993217", "Cycling Helmet", 180.02, size="S"))


def bound_zh(difference: str) -> list[Any]:
    return [*looked_up(HELMET_ZH),
            "assistant: 请确认修改内容：\n- 订单 #W6958840：Cycling Helmet S／白色（1596993217）→ M／白色"
            f"（8591113813）\n- 补差价 ${difference}，由 Visa 尾号 7334（credit_card_1）支付\n确认执行吗？",
            "user: 可以，只要差价不超过20块就改"]


HELMET_SWAP = {"order_id": "#W6958840", "item_ids": ["1596993217"], "new_item_ids": ["8591113813"],
               "payment_method_id": "credit_card_1"}
# 88c: Spanish, a method by its last digits in Spanish ("A la Visa acabada en 7334 ... Sí, hazlo.")
SPEAKER_ES = order("#W4923227", "pending", item("7751905257", "Bluetooth Speaker", 321.18, color="red"))
VISA_ES = [*looked_up(SPEAKER_ES),
           "assistant: Bluetooth Speaker azul (4716977452), $289.69. El cambio sería en el pedido #W4923227, "
           "sustituyendo el altavoz rojo (7751905257). ¿A qué método quiere el reembolso de la diferencia?",
           "user: A la Visa acabada en 7334, que es con la que ya está pagado ahora. Sí, hazlo."]


def blue_speaker(pay: str) -> dict[str, Any]:
    return {"order_id": "#W4923227", "item_ids": ["7751905257"], "new_item_ids": ["4716977452"],
            "payment_method_id": pay}


# 88c: Spanish, a condition on the method ("siempre y cuando el cargo sea a la Mastercard y no a
# la Visa")
LUGGAGE_ES = order("#W1258841", "pending", item("5209958006", "Luggage Set", 514.72, color="silver"))
ON_MASTERCARD_ES = [*looked_up(LUGGAGE_ES),
                    "assistant: Detalles:\n- Pedido #W1258841: Luggage Set plateado (5209958006) → rojo "
                    "(8964750292)\n- Cargo de $17.86 a tu Mastercard 5018 (credit_card_2)\n¿Lo confirmas?",
                    "user: Sí, siempre y cuando el cargo sea a la Mastercard y no a la Visa"]


def red_luggage(pay: str) -> dict[str, Any]:
    return {"order_id": "#W1258841", "item_ids": ["5209958006"], "new_item_ids": ["8964750292"],
            "payment_method_id": pay}


# 88c: Spanish, "Perfecto" to a report of the change done is no new yes for it
PAID_ES = order("#W6629830", "pending", item("6629830001", "Laptop", 3997.94, ram="16GB"))
TO_VISA_ES = {"order_id": "#W6629830", "payment_method_id": "credit_card_1"}
DONE_ES = [*looked_up(PAID_ES),
           "assistant: - Pedido #W6629830\n- Nuevo método: Visa terminada en 7334 "
           "(credit_card_1)\n¿Confirmas "
           "el cambio?",
           "user: Sí, confirmo.",
           executed(PAYMENT, TO_VISA_ES),
           "assistant: Listo, el pedido #W6629830 ahora está pagado con tu Visa 7334.",
           "user: Perfecto. ¿Me puedes confirmar que el cambio sí quedó bien hecho? No me llegó ningún "
           "correo."]
# 88d: Portuguese, a bag count by its arrow ("Malas: total 1 → **3**")
Y6H = reservation("Y6HN4C", [("HAT274", "JFK", "SFO", "2024-05-27")], bags=1)
ARROW_PT = [read(Y6H),
            "assistant: Então ficaria assim:\n\n1. Reserva Y6HN4C: cabine econômica → **executiva**, "
            "cobrança de **$485** no Visa final 7447\n2. Malas: total 1 → **3**, todas gratuitas (0 "
            "pagas)\n\nPosso fazer as duas alterações?",
            "user: Sim, pode fazer as duas coisas."]
# 88d: Portuguese, the method by the Portuguese "on the" ("Pode ser no gift card sim, confirma.")
D4F = reservation("D4FG7H", [("HAT023", "ORD", "ATL", "2024-05-22")])
ON_THE_GIFT_PT = [read(D4F),
                  "assistant: - Reserva D4FG7H: HAT023 em 22/05 → HAT023 em 24/05\n- Econômica, 1 "
                  "passageiro\n- Diferença de "
                  "**$64** paga com o gift card (gift_card_1000001)\n\nConfirma?",
                  "user: Pode ser no gift card sim, confirma."]


def to_d4f(pay: str) -> dict[str, Any]:
    return {"reservation_id": "D4FG7H", "cabin": "economy", "payment_id": pay,
            "flights": [{"flight_number": "HAT023", "date": "2024-05-24"}]}


# 88d: Portuguese, a condition on the difference the turn never gave
F2G = reservation("F2GH6J", [("HAT150", "ORD", "MIA", "2024-05-26")])
UNDER_100_PT = [read(F2G),
                "assistant: Para F2GH6J no dia 26/05 há: HAT174 às 10:00 ($219) ou HAT190 às 15:00 ($231). "
                "Qual prefere?",
                "user: pode trocar para o das 10h, se a diferença ficar abaixo de 100 dólares no total. No "
                "cartão."]
# 88d: French, "si c'est gratuit" to a turn saying the bag is not paid ("0 payant")
U6J = reservation("6UJM2S", [("HAT084", "DEN", "LAS", "2024-05-23")])


def free_fr(line: str) -> list[Any]:
    return [read(U6J), f"assistant: - Réservation 6UJM2S\n- Bagages : 0 → **1**, {line}\n\nJe l'ajoute ?",
            "user: Ah bah si c'est gratuit, oui ajoutez-le."]


# 88d: French, the go-ahead given after "anything else?", the action named ("ajoutez-le")
A9S = reservation("A9SD3F", [("HAT119", "ORD", "LAX", "2024-05-24")], bags=1)
LATER_FR = [read(A9S),
            "assistant: A9SD3F : passer de 1 à 2 bagages (1 payant) coûte 50 $. Souhaitez-vous l'ajouter ?",
            "user: Hmm 50 dollars... c'est cher. Je vais réfléchir, je le ferai peut-être à l'aéroport.",
            "assistant: Bien sûr, je n'ai rien modifié pour les bagages. Puis-je vous aider pour autre chose "
            "?",
            "user: Bon ok, finalement ajoutez-le, c'est plus simple. Sur la gift card."]

CASES = [
    shop("Z1293", "allow", THREE_MOVES, ADDR, ship("#W6272294", "238 Oak Street", "Suite 636",
                                                   "San Francisco", "CA", "94128"),
         "'Yes, all three. No idea how Chicago got in there lol'"),
    shop("Z1294", "refuse", SUITE, ADDR, ship("#W9673784", "510 Hickory Lane", "Suite 712", "San Diego", "CA",
                                              "92107"), "Suite 712 is where it ships now"),
    shop("Z1295", "allow", SUITE, ADDR, ship("#W9673784", "510 Hickory Lane", "Suite 721", "San Diego", "CA",
                                             "92107"), "Suite 721 as proposed"),
    shop("Z1296", "allow", ZIP_FIXED, ADDR, ship("#W3826449", "2600 Beach Blvd", "Unit 7", "Jacksonville",
                                                 "FL", "32246"), "'make the zip 32246'"),
    shop("Z1297", "allow", ONCE_CHOSEN, RETURN, {"order_id": "#W2809253", "item_ids": ["4068787148"],
                                                 "payment_method_id": "gift_card_3"},
         "'Once you choose, I'll process it.' 'Gift card's fine, yes.'"),
    trip("Z1298", "allow", REPLACING, PASSENGERS, {"reservation_id": "HATHAT", "passengers": [
        MIA, {"first_name": "Daniel", "last_name": "Reyes", "dob": "1990-07-14"}]},
         "'..., replacing Ivan Smith': Ivan goes"),
    trip("Z1299", "allow", TWO_BOOKINGS, BOOK, ivan_booking("yes"),
         "booking 2's own 'travel insurance ($30)'"),
    trip("Z1300", "refuse", TWO_BOOKINGS, BOOK, ivan_booking("no"), "booking 2 was proposed with insurance"),
    trip("Z1301", "allow", SIX_BAGS, BAGS, {"reservation_id": "HATHAT", "total_baggages": 6,
                                            "nonfree_baggages": 2, "payment_id": VISA},
         "'yes, on the Visa' to 'Which payment method? ... the Visa ending 7447?'"),
    shop("Z1302", "allow", THOUGHT_ES, ITEMS, {"order_id": "#W1429524", "item_ids": ["1349017811"],
                                               "new_item_ids": ["1323134954"],
                                               "payment_method_id": "paypal_4"},
         "'Lo de la cafetera sí, adelante'"),
    shop("Z1303", "refuse", THOUGHT_ES, "cancel_pending_order", cancel("#W7546247"),
         "'Lo de anular el otro... déjame pensarlo', after the reason given for it"),
    shop("Z1304", "allow", bound_zh("12.63"), ITEMS, HELMET_SWAP, "'只要差价不超过20块' to '补差价 $12.63'"),
    shop("Z1305", "refuse", bound_zh("26.24"), ITEMS, HELMET_SWAP, "$26.24 is over 20"),
    shop("Z1306", "refuse", VISA_ES, ITEMS, blue_speaker("credit_card_2"), "'A la Visa acabada en 7334'"),
    shop("Z1307", "allow", VISA_ES, ITEMS, blue_speaker("credit_card_1"), "'A la Visa ... Sí, hazlo.'"),
    shop("Z1308", "allow", ON_MASTERCARD_ES, ITEMS, red_luggage("credit_card_2"),
         "'siempre y cuando el cargo sea a la Mastercard' to the Mastercard"),
    shop("Z1309", "refuse", ON_MASTERCARD_ES, ITEMS, red_luggage("credit_card_1"), "'y no a la Visa'"),
    shop("Z1310", "refuse", DONE_ES, PAYMENT, TO_VISA_ES, "'Perfecto' to the report: done once, asked about"),
    trip("Z1311", "allow", ARROW_PT, BAGS, {"reservation_id": "Y6HN4C", "total_baggages": 3,
                                            "nonfree_baggages": 0, "payment_id": VISA},
         "'Malas: total 1 → 3'"),
    trip("Z1312", "refuse", ON_THE_GIFT_PT, FLIGHTS, to_d4f(VISA), "'Pode ser no gift card'"),
    trip("Z1313", "allow", ON_THE_GIFT_PT, FLIGHTS, to_d4f(GC1), "'Pode ser no gift card sim, confirma.'"),
    trip("Z1314", "refuse", UNDER_100_PT, FLIGHTS, {"reservation_id": "F2GH6J", "cabin": "economy",
                                                    "payment_id": VISA, "flights": [
                                                        {"flight_number": "HAT174", "date": "2024-05-26"}]},
         "'se a diferença ficar abaixo de 100 dólares', never given"),
    trip("Z1315", "allow", free_fr("0 payant"), BAGS, {"reservation_id": "6UJM2S", "total_baggages": 1,
                                                       "nonfree_baggages": 0, "payment_id": VISA},
         "'si c'est gratuit' to '0 payant'"),
    trip("Z1316", "refuse", free_fr("1 payant, 50 $ sur la Visa"), BAGS,
         {"reservation_id": "6UJM2S", "total_baggages": 1, "nonfree_baggages": 1, "payment_id": VISA},
         "50 $ charged"),
    trip("Z1317", "allow", LATER_FR, BAGS, {"reservation_id": "A9SD3F", "total_baggages": 2,
                                            "nonfree_baggages": 1, "payment_id": GC1},
         "'finalement ajoutez-le' after 'autre chose ?'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Yes, both. Wait, make the zip 32246, I gave you my old zip.", Act.AFFIRM),
    ("沒有其他的了，兩個都照這樣做 👍", Act.AFFIRM),
    ("好，換 Visa", Act.AFFIRM),
    ("yes yes，改", Act.AFFIRM),
    ("si porfabor, pasalo a la mastercard q termina en 9364", Act.AFFIRM),
    ("si el precio baja", Act.OTHER),
    ("Se o voo for direto, sim.", Act.HOLD),
])
def test_review88_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
