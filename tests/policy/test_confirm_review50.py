"""Cases from the fiftieth independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files; docs/policy.md gives
the figures): returns corrected after the summary, date and cabin changes, customers writing in
other languages, compensation. Shortened to what the check reads, each refusal beside the
allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.confirm import _option_at

from .test_confirm_review3 import (
    DEN_BOS,
    VISA,
    Case,
    marked,
    read,
    verdict,
)
from .test_confirm_review6 import product
from .test_confirm_review8 import ADDRESS, PROFILE, shop
from .test_confirm_review33 import trip

RETURN, EXCHANGE = "return_delivered_order_items", "exchange_delivered_order_items"
ITEMS, ADDR = "modify_pending_order_items", "modify_pending_order_address"
CANCEL_ORDER = "cancel_pending_order"


def item(item_id: str, name: str, price: float, **options: str) -> dict[str, Any]:
    return {"item_id": item_id, "name": name, "price": price,
            "options": {k.replace("_", " "): v for k, v in options.items()}}


def order(order_id: str, status: str, *items: dict[str, Any]) -> dict[str, Any]:
    return {"order_id": order_id, "user_id": "ava_1", "status": status, "items": list(items),
            "payment_history": [{"payment_method_id": "credit_card_1"}]}


def looked_up(*orders: dict[str, Any]) -> list[Any]:
    return [PROFILE, *(("read", "get_order_details", {"order_id": o["order_id"]}, o)
                       for o in orders)]


def give_back(order_id: str, *items: str) -> dict[str, Any]:
    return {"order_id": order_id, "item_ids": list(items), "payment_method_id": "credit_card_1"}


# review 50a: one of two bookshelves kept by its material, said as an adjective
SHELVES = order("#W1000001", "delivered",
                item("1000000021", "Bookshelf", 463.04, material="glass", color="black"),
                item("1000000022", "Bookshelf", 451.01, material="wood", color="white"))
SHELF_PLAN = [*looked_up(SHELVES), "assistant: Here is the return plan for order #W1000001:\n"
              "- Bookshelf (glass, black) - $463.04\n- Bookshelf (wood, white) - $451.01\nRefund "
              "$914.05 to your Visa ending 7334. Do you want me to proceed?"]
WOODEN_KEPT = [*SHELF_PLAN, "user: oh wait, keep the wooden one, it's in my bedroom now. the "
               "rest yes!"]
# ... and an option kept, not the item: "stick with the softshell"
OPTION_KEPT = [*SHELF_PLAN, "user: Yes, go ahead. And keep the white color in mind for later."]

# review 50a: two items of one name, said in the plural
BOARDS = order("#W1000003", "delivered",
               item("1000000031", "Skateboard", 186.06, length="28 inch"),
               item("1000000032", "Skateboard", 202.13, length="34 inch"),
               item("1000000033", "Smart Watch", 339.85, color="black"))
READER = order("#W1000006", "delivered", item("1000000061", "E-Reader", 252.06, storage="8GB"))
BOARDS_PLAN = [*looked_up(BOARDS, READER), "assistant: **1. Order #W1000003**\n- Skateboard (28 "
               "inch) - $186.06\n- Skateboard (34 inch) - $202.13\n- Smart Watch (black) - "
               "$339.85\n- Refund: $728.04 to your Visa ending 7334\n**2. Order #W1000006**\n- "
               "E-Reader (8GB) - $252.06\n- Refund: $252.06 to your Visa ending 7334\nWould you "
               "like me to proceed with both returns?", "user: Yes for the skateboards and the "
               "watch! For the e-reader, could I exchange it instead of returning it?"]

# review 50a: the second line of a plan headed by its order's id alone; a note on what could
# not be returned later names no step
MOUSE = order("#W1000005", "delivered", item("1000000051", "Gaming Mouse", 158.89, color="RGB"))
KEYBOARD = order("#W1000004", "delivered",
                 item("1000000041", "Mechanical Keyboard", 268.77, switch="linear"),
                 item("1000000042", "Desk Lamp", 45.0, color="white"))
TWO_RETURNS = [*looked_up(KEYBOARD, MOUSE), "assistant: Here are the return details:\n1. "
               "**Order #W1000004** - Mechanical Keyboard (linear) - $268.77 → refund to your "
               "Visa ending 7334\n2. **Order #W1000005** - Gaming Mouse (RGB) - $158.89 → refund "
               "to your Visa ending 7334\nPlease note that a delivered order can only have one "
               "return request, so the other items in #W1000004 could not be returned later.\n"
               "Would you like me to proceed with both returns? (yes/no)"]
MOUSE_YES = [*TWO_RETURNS, "user: mouse yes. keyboard... hold on, my brother might want it. let "
             "me ask him real quick"]

# review 50c: an item change summarised in another language, the items named by their prices
KETTLES = product("Electric Kettle", "1075968781",
                  ("2000000001", {"capacity": "1L", "color": "silver"}, 60.5),
                  ("2000000009", {"capacity": "1.5L", "color": "black"}, 72.0),
                  ("2000000010", {"capacity": "1.5L", "color": "silver"}, 74.5))
PENDING_KETTLE = order("#W2000002", "pending",
                       item("2000000001", "Electric Kettle", 60.5, capacity="1L", color="silver"),
                       item("2000000002", "Office Chair", 329.0, color="black"))
FRENCH = [*looked_up(PENDING_KETTLE), KETTLES, "assistant: **Récapitulatif :**\n- Commande : "
          "#W2000002\n- Bouilloire (1 L, argent) 60,50 $ → Bouilloire (1,5 L, noire) 72,00 $\n- "
          "Différence : 11,50 $ sur votre Visa se terminant par 7334\nVoulez-vous que je procède "
          "? (oui/non)", "user: Oui, allez-y."]
PORTUGUESE = [*looked_up(PENDING_KETTLE), KETTLES, "assistant: **Resumo:**\n- **Pedido:** #W2000002"
              "\n- **Chaleira:** 1L, prata ($60.50) → **1,5L, preta** ($72.00)\n- **Diferença:** "
              "cobrança de **$11.50** no Visa final 7334\nConfirma? (sim/não)", "user: sim"]


def kettle(new: str) -> dict[str, Any]:
    return {"order_id": "#W2000002", "item_ids": ["2000000001"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


# review 50c: a cancellation of a whole order whose contents are named in the turn's language
TWO_PENDING = order("#W2000003", "pending",
                    item("2000000031", "Mechanical Keyboard", 268.77, switch="linear"),
                    item("2000000032", "Smartphone", 1161.04, color="black"))
CANCEL_PT = [*looked_up(TWO_PENDING), "assistant: Confirmando os detalhes:\n1. Cancelar o pedido "
             "**#W2000003** (teclado mecânico + smartphone) - motivo: não é mais necessário - "
             "reembolso de **$1.429,81** no cartão\nPosso prosseguir? (sim/não)"]
REASON_AFTER = [*looked_up(TWO_PENDING), "assistant: Riepilogo: annullamento dell'ordine "
                "#W2000003 (tastiera meccanica, smartphone), rimborso $1,429.81 sulla Visa. Motivo: "
                "non più necessario? Confermi? (sì/no)"]

# review 50c: the default address yes, the orders declined by name
DEFAULT_ONLY = [*looked_up(PENDING_KETTLE), "assistant: Su dirección predeterminada actual es 159 "
                "Hickory Lane, Austin, TX 78701. ¿Quiere que actualice su dirección predeterminada "
                "a 2201 Westheimer Rd, Apt 9, Houston, TX 77098? ¿Desea también cambiar la "
                "dirección de envío del pedido #W2000002?", "user: Sí, esa es. Los pedidos no, "
                "gracias, solo la predeterminada."]
ORDER_ADDRESS = {"order_id": "#W2000002", **{k: v for k, v in ADDRESS.items() if k != "user_id"}}

# review 50c: a yes to one action of two by its word
CANCEL_AND_MOVE = [*looked_up(PENDING_KETTLE, TWO_PENDING),
                   "assistant: Voici le récapitulatif des deux actions :\n**1. Annulation de la "
                   "commande #W2000003**\n- Remboursement : 1 429,81 $ sur votre Visa\n**2. "
                   "Changement d'adresse de la commande #W2000002**\n- Nouvelle adresse : 2201 "
                   "Westheimer Rd, Apt 9, Houston, TX 77098, USA\nPouvez-vous me confirmer que je "
                   "peux procéder (oui/non) ?", "user: Motif : je n'en ai plus besoin. Oui pour "
                   "l'annulation, allez-y."]

# review 50b: "basic economy" said each time, the call's cabin economy
DOWNGRADE = [read(DEN_BOS), "assistant: Here's the downgrade to **basic economy** on the same "
             "flights: HAT130 and HAT184 on May 17, refund $150 to your Visa ending 7447. Confirm: "
             "downgrade ABC123 to basic economy, same flights?", "user: yes"]


def cabin(name: str) -> dict[str, Any]:
    return {"reservation_id": "ABC123", "cabin": name, "payment_id": VISA,
            "flights": [{"flight_number": "HAT130", "date": "2024-05-17"},
                        {"flight_number": "HAT184", "date": "2024-05-17"}]}


# review 50d: an offered certificate taken by its name, the other offer declined
OFFERS = [read(DEN_BOS), "assistant: Here is what I can offer:\n1. A travel certificate of $150 "
          "added to your account, as a gesture for the delay.\n2. If you'd prefer, I can also "
          "help you change to a different flight or look at cancelling the reservation.\nPlease "
          "let me know which option(s) you'd like."]
TAKEN = [*OFFERS, "user: The certificate is fine, I'll take the $150. But no, I don't want to "
         "change or cancel anything, we're still going."]

CASES = [
    shop("Z381", "refuse", WOODEN_KEPT, RETURN, give_back("#W1000001", "1000000021", "1000000022"),
         "the wooden one kept"),
    shop("Z382", "allow", WOODEN_KEPT, RETURN, give_back("#W1000001", "1000000021"),
         "the rest: the glass one"),
    shop("Z383", "allow", OPTION_KEPT, RETURN, give_back("#W1000001", "1000000021",
                                                         "1000000022"),
         "a colour kept in mind is no item kept"),
    shop("Z384", "allow", BOARDS_PLAN, RETURN, give_back("#W1000003", "1000000031", "1000000032",
                                                         "1000000033"),
         "the skateboards (both) and the watch"),
    shop("Z385", "refuse", BOARDS_PLAN, RETURN, give_back("#W1000006", "1000000061"),
         "the e-reader: a question"),
    shop("Z386", "allow", MOUSE_YES, RETURN, give_back("#W1000005", "1000000051"), "mouse yes"),
    shop("Z387", "refuse", MOUSE_YES, RETURN, give_back("#W1000004", "1000000041"),
         "keyboard... hold on"),
    shop("Z388", "allow", FRENCH, ITEMS, kettle("2000000009"), "oui, allez-y: priced items"),
    shop("Z389", "refuse", FRENCH, ITEMS, kettle("2000000010"), "another kettle than priced"),
    shop("Z390", "allow", PORTUGUESE, ITEMS, kettle("2000000009"), "an arrow, priced, sim"),
    shop("Z391", "refuse", PORTUGUESE, ITEMS, kettle("2000000010"), "another kettle, sim"),
    shop("Z392", "allow", [*CANCEL_PT, "user: Sim, pode cancelar."], CANCEL_ORDER,
         {"order_id": "#W2000003", "reason": "no longer needed"}, "o pedido: the whole order"),
    shop("Z393", "allow", [*REASON_AFTER, "user: Sì. Non mi serve più."], CANCEL_ORDER,
         {"order_id": "#W2000003", "reason": "no longer needed"}, "the reason, not a no"),
    shop("Z394", "refuse", [*REASON_AFTER, "user: No."], CANCEL_ORDER,
         {"order_id": "#W2000003", "reason": "no longer needed"}, "no"),
    shop("Z395", "allow", DEFAULT_ONLY, "modify_user_address", ADDRESS, "sí: the default"),
    shop("Z396", "refuse", DEFAULT_ONLY, ADDR, ORDER_ADDRESS, "los pedidos no"),
    shop("Z397", "allow", CANCEL_AND_MOVE, CANCEL_ORDER,
         {"order_id": "#W2000003", "reason": "no longer needed"}, "oui pour l'annulation"),
    shop("Z398", "refuse", CANCEL_AND_MOVE, ADDR, ORDER_ADDRESS, "the address: no yes"),
    trip("Z399", "refuse", DOWNGRADE, "update_reservation_flights", cabin("economy"),
         "basic economy proposed"),
    trip("Z400", "allow", DOWNGRADE, "update_reservation_flights", cabin("basic_economy"),
         "basic economy, yes"),
    trip("Z401", "allow", TAKEN, "send_certificate", {"user_id": "mia_li_3668", "amount": 150},
         "the certificate taken"),
    trip("Z402", "refuse", TAKEN, "cancel_reservation", {"reservation_id": "ABC123"},
         "no cancellation"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


def test_an_accented_word_names_no_size() -> None:
    assert _option_at("solo la chaqueta. sí.", "S") == []
    assert _option_at("talla s, roja", "S") == [6]
