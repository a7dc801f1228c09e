"""Cases from the eighty-sixth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English, long conversations with
several orders; airline in English, flights picked among several; retail in French, German and
Dutch; airline in Korean, Spanish and Portuguese. Shortened to what the check reads, each refusal
beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import VISA, Case, marked, read, reservation, verdict
from .test_confirm_review6 import product
from .test_confirm_review8 import ADDRESS, cancel, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

CANCEL_ORDER = "cancel_pending_order"
RETURN = "return_delivered_order_items"
EXCHANGE = "exchange_delivered_order_items"
ITEMS = "modify_pending_order_items"
ADDR = "modify_pending_order_address"
FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
CANCEL = "cancel_reservation"
CERT = "send_certificate"
GC1 = "gift_card_1000001"

# 86a: a yes to one order, the other held without a comma ("the luggage one hold on i need to ...")
TABLET = order("#W2918688", "pending", item("2918688001", "Tablet", 903.95, size="10-inch"))
LUGGAGE = order("#W1620235", "pending", item("1620235001", "Luggage Set", 466.47, pieces="3-piece"),
                item("1620235002", "Electric Kettle", 139.47, capacity="1L"))
HUSBAND = [*looked_up(TABLET, LUGGAGE),
           "assistant: I found both pending orders:\n1. Order #W2918688: Tablet, $903.95.\n2. Order "
           "#W1620235: Luggage Set and Electric Kettle, $605.94.\nCancelling cancels the whole order, "
           "reason 'ordered by mistake'. Please confirm which of these orders you want me to cancel.",
           "user: yes cancel the tablet one. the luggage one hold on i need to ask my husband first bc he "
           "might want the kettle, hes in the shower lol ill let u know"]
# 86a: the orders' addresses, the profile's held ("yes for the 2 orders. dont touch my profile ...")
MOUSE = order("#W5442520", "pending", item("5442520001", "Gaming Mouse", 150.0, color="black"))
WATCH = order("#W7941031", "pending", item("7941031001", "Wristwatch", 300.0, strap="leather"))
NOT_PROFILE = [*looked_up(MOUSE, WATCH),
               "assistant: Here's what I would do:\n1. Order #W5442520 (Gaming Mouse): change the shipping "
               "address to 2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA.\n2. Order #W7941031 "
               "(Wristwatch): change the shipping address to the same new address.\n\nWould you also "
               "like me to update the default address on your profile to the new address? Please "
               "confirm which of these changes you want me to make.",
               "user: yes for the 2 orders. dont touch my profile address yet tho, the lease isnt "
               "officially signed until friday"]


def ship(order_id: str) -> dict[str, Any]:
    return {"order_id": order_id, "address1": "2201 Westheimer Rd", "address2": "Apt 9",
            "city": "Houston", "state": "TX", "country": "USA", "zip": "77098"}


# 86a: a yes, then a question about something else run on with "and also"
JACKET = order("#W1840144", "delivered", item("8590708195", "Fleece Jacket", 157.61, size="XL"))
SHADES = order("#W2693718", "delivered", item("4358482460", "Sunglasses", 120.0, lens="brown"))
RUN_ON = [*looked_up(JACKET, SHADES),
          "assistant: Here is the full plan:\n1. Return from order #W1840144: Fleece Jacket (item "
          "8590708195), refund of $157.61 to PayPal (paypal_4).\n2. Exchange in order #W2693718: "
          "Sunglasses brown lens (item 4358482460) -> green lens (item 4548300368), $3.15 back to "
          "PayPal (paypal_4).\n\nShall I proceed with both?",
          "user: yes to both thats exactly it and also do you know if the laptop from that order has a "
          "warranty or not lol my friend said those break a lot"]
# 86a: steps by number, one put first by "for" and taken back ("for the shirt actually i ...")
PHONES = order("#W9432206", "pending", item("9432206001", "Headphones", 377.97, color="red"))
SHIRT = order("#W5432440", "pending", item("9354168549", "T-Shirt", 46.85, color="red"))
BOTTLE = order("#W7988753", "pending", item("7988753001", "Water Bottle", 30.0, capacity="1L"))
FOR_THE_SHIRT = [*looked_up(PHONES, SHIRT, BOTTLE),
                 "assistant: Here's the plan:\n1. Cancel order #W9432206: Headphones, reason 'no longer "
                 "needed'. Refund to PayPal.\n2. Modify order #W5432440: T-Shirt red (item 9354168549) -> "
                 "black (item 3799046073), $6.42 charged to your gift card gift_card_3.\n3. Change the "
                 "shipping address of order #W7988753 to 2201 Westheimer Rd, Apt 9, Houston, TX 77098, "
                 "USA.\n\nShall I go ahead with all three?",
                 "user: do 1 and 3. for the shirt actually i changed my mind keep the red one, my son "
                 "likes red anyway"]
# 86a: two air purifiers in one order, the one changed named by its item id
PURIFIERS = order("#W9318778", "pending",
                  item("5669664287", "Air Purifier", 543.68, room_size="small", filter_type="ionic"),
                  item("3076708684", "Air Purifier", 535.97, room_size="medium", filter_type="HEPA"))
BY_ITEM_ID = [*looked_up(PURIFIERS),
              "assistant: Updated modification for order #W9318778:\n1. Air Purifier (item 5669664287) "
              "-> large/HEPA/night mode (item 8302289002): +$3.87\nThe $3.87 on your gift card. Please "
              "confirm.",
              "user: yep thats all of it"]
# 86a: one order of three taken back by what it holds, written as one word ("the smartwatch")
SHELF = order("#W3130816", "pending", item("3130816001", "Bookshelf", 451.01, material="wood"))
GIFTS = order("#W9222585", "pending", item("9222585001", "Smart Watch", 381.87, color="black"),
              item("9222585002", "Patio Umbrella", 302.63, color="green"))
FLASKS = order("#W8185761", "delivered", item("7199146548", "Water Bottle", 48.02, capacity="750ml"),
               item("8538875209", "Water Bottle", 45.13, capacity="500ml"))
NOT_THE_WATCH = [*looked_up(SHELF, GIFTS, FLASKS),
                 "assistant: Here's what I'd do:\n1. Cancel order #W3130816 (pending): Bookshelf, "
                 "$451.01. Reason 'no longer needed'.\n2. Cancel order #W9222585 (pending): Smart Watch "
                 "and Patio Umbrella. Reason 'no longer needed'.\n3. Return from order #W8185761: both "
                 "Water Bottles (items 7199146548 and 8538875209), refund of $93.15 to PayPal.\n\nPlease "
                 "confirm you'd like me to proceed with all three.",
                 "user: yes go ahead with all three. wait actually no dont cancel the one with the "
                 "smartwatch, the umbrella is for my dads birthday i totally forgot. just the bookshelf "
                 "one and the water bottles"]
# 86b: "Nah, economy is fine, go ahead with the later one." to "... or stay in economy?"
M6B = reservation("M6BR1Q", [("HAT224", "DFW", "SEA", "2024-05-24")])
LATER = [read(M6B),
         "assistant: Here's the change for M6BR1Q:\n- New outbound (May 24): HAT246 DFW -> DEN 3:00 PM, "
         "HAT193 DEN -> SEA 6:00 PM\n- Economy\n- Refund: $66 to your Visa ending 7447\n\nShall I proceed?",
         "user: Hmm, how much would it be in business instead?",
         "assistant: In business, the new outbound flights would be $486 per person. Would you like me "
         "to price that, or stay in economy?",
         "user: Nah, economy is fine, go ahead with the later one."]
LATER_FLIGHTS = {"reservation_id": "M6BR1Q", "cabin": "economy", "payment_id": VISA,
                 "flights": [{"flight_number": "HAT246", "date": "2024-05-24"},
                             {"flight_number": "HAT193", "date": "2024-05-24"}]}
# 86c: French, "seulement l'enceinte" answers whether the speaker is the only article
SHELF_FR = order("#W7990410", "delivered", item("2989722512", "Bookshelf", 455.34, material="glass"))
SPEAKER_FR = order("#W4556683", "delivered", item("4716977452", "Bluetooth Speaker", 289.69, color="blue"))
ONLY_ASKED_FR = [*looked_up(SHELF_FR, SPEAKER_FR),
                 "assistant: Voici donc les deux opérations :\n\n1. Retour – commande #W7990410 : Étagère en "
                 "verre (2989722512), remboursement de 455,34 $ sur PayPal (paypal_4).\n2. Échange – "
                 "commande #W4556683 : Enceinte bleue (4716977452) → Enceinte rouge (7751905257), "
                 "supplément de 31,49 $ débité sur la Mastercard …5018.\n\nPour la commande #W4556683, "
                 "l'enceinte est-elle bien le seul article à échanger ? Confirmez-vous ces deux opérations ?",
                 "user: Oui, seulement l'enceinte. Oui aux deux, merci !"]
# 86c: German, the variant picked by its option after an alternative was offered ("mit RGB")
KEYS_DE = order("#W2260828", "delivered", item("1340995114", "Mechanical Keyboard", 235.13,
                                               switch_type="tactile", backlight="none"))
KEYBOARDS = product("Mechanical Keyboard", "1656367028",
                    ("1340995114", {"switch type": "tactile", "backlight": "none", "size": "full size"},
                     235.13),
                    ("1151293680", {"switch type": "linear", "backlight": "RGB", "size": "full size"},
                     272.33),
                    ("3616838507", {"switch type": "tactile", "backlight": "white", "size": "full size"},
                     226.11))
RGB_DE = [*looked_up(KEYS_DE), KEYBOARDS,
          "assistant: Umtausch – Bestellung #W2260828: Tastatur taktil/ohne/voll (1340995114) → "
          "linear/RGB/voll (1151293680), Aufpreis 37,20 $ auf die Visa …7334. Soll ich das so "
          "durchführen?",
          "user: Beim Umtausch bin ich mir noch nicht sicher – kann man das RGB-Licht auch ausschalten?",
          "assistant: Ob sich die Beleuchtung abschalten lässt, geht aus unseren Produktdaten leider nicht "
          "hervor. Alternativ gäbe es taktil mit weißer Beleuchtung (226,11 $, also 9,02 $ zurück). Was "
          "möchten Sie?",
          "user: Okay, dann riskiere ich es mit RGB. Machen Sie den Umtausch wie vorgeschlagen."]


def keyboard(new: str) -> dict[str, Any]:
    return {"order_id": "#W2260828", "item_ids": ["1340995114"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


# 86d: Spanish, an option picked by its letter with the polite imperative ("La A, cancélela")
B6Y = reservation("B6YT3N", [("HAT150", "MIA", "ORD", "2024-05-20")], cabin="basic_economy")
OPTION_A = [read(B6Y),
            "assistant: Estas son sus opciones:\n\n**A)** Cancelar la reserva B6YT3N: se le reembolsarían "
            "los $98 completos a su Visa terminada en 7447.\n**B)** Mantener la reserva como está.\n\n"
            "¿Cuál prefiere?",
            "user: La A, cancélela por favor. El motivo es que cambiaron mis planes."]
# 86d: Spanish, the bags yes, the cancellation thought over ("Lo de cancelar la otra déjeme pensarlo")
R2W = reservation("R2WQ5K", [("HAT099", "DFW", "SEA", "2024-05-27")])
E8N = reservation("E8NM1Z", [("HAT156", "LAX", "PHX", "2024-05-19")])
BAGS_NOT_CANCEL = [read(R2W), read(E8N),
                   "assistant: Esto es lo que haría:\n\n1. R2WQ5K: pasar de 0 a 2 maletas facturadas, 1 de "
                   "pago: $50 a su Visa terminada en 7447.\n2. E8NM1Z: cancelar la reserva completa, con "
                   "reembolso de $89.\n\n¿Procedo con las dos?",
                   "user: Lo de las maletas sí, adelante. Lo de cancelar la otra déjeme pensarlo un poco, "
                   "igual al final sí viajo."]
# 86d: European Portuguese, the gift card asked for by its name there ("cartão-oferta")
X3H = reservation("X3HN7P", [("HAT204", "LIS", "JFK", "2024-05-25")], bags=2)
GIFT_PT = [read(X3H),
           "assistant: Então seria:\n- Reserva X3HN7P: malas de porão de 2 para 6\n- 2 pagas a $50 = "
           "$100\n- Pagamento: Visa terminado em 7447 (credit_card_4421486)\n\nDeseja que avance?",
           "user: Sim, mas pague com o cartão-oferta, se faz favor. Tem saldo que chegue."]


def six_bags(pay: str) -> dict[str, Any]:
    return {"reservation_id": "X3HN7P", "total_baggages": 6, "nonfree_baggages": 2, "payment_id": pay}


# 86d: Spanish, a condition on the whole refund ("siempre que sea el reembolso completo")
T8Y = reservation("T8YP4F", [("HAT030", "CLT", "MIA", "2024-05-20")])


def full_refund(said: str) -> list[Any]:
    return [read(T8Y), f"assistant: - Cancelar la reserva T8YP4F completa\n- {said} a su Visa terminada "
                       "en 7447, en 5 a 7 días hábiles\n\n¿Desea que proceda con la cancelación?",
            "user: Sí, siempre que sea el reembolso completo, adelante."]


# 86d: Portuguese, an offer met by a complaint and "Tenho de pensar se aceito isto"
E4V = reservation("E4VJ9S", [("HAT170", "DFW", "ATL", "2024-05-17")])
THINK_PT = [read(E4V), "assistant: Posso oferecer-lhe como gesto de compensação um certificado de viagem "
                       "de $200, creditado na sua conta. Deseja que o emita?",
            "user: Só 200? Isso nem paga um bilhete... Tenho de pensar se aceito isto ou se faço "
            "reclamação formal."]

CASES = [
    shop("Z1249", "allow", HUSBAND, CANCEL_ORDER, {"order_id": "#W2918688", "reason": "ordered by mistake"},
         "'yes cancel the tablet one.'"),
    shop("Z1250", "refuse", HUSBAND, CANCEL_ORDER, {"order_id": "#W1620235", "reason": "ordered by mistake"},
         "'the luggage one hold on i need to ask my husband first'"),
    shop("Z1251", "allow", NOT_PROFILE, ADDR, ship("#W5442520"), "'yes for the 2 orders'"),
    shop("Z1252", "allow", NOT_PROFILE, ADDR, ship("#W7941031"), "'yes for the 2 orders', the second"),
    shop("Z1253", "refuse", NOT_PROFILE, "modify_user_address", ADDRESS,
         "'dont touch my profile address yet'"),
    shop("Z1254", "allow", RUN_ON, RETURN, {"order_id": "#W1840144", "item_ids": ["8590708195"],
                                            "payment_method_id": "paypal_4"},
         "'yes to both thats exactly it and also do you know ...'"),
    shop("Z1255", "allow", FOR_THE_SHIRT, CANCEL_ORDER, cancel("#W9432206"),
         "'do 1 and 3.'"),
    shop("Z1256", "refuse", FOR_THE_SHIRT, ITEMS, {"order_id": "#W5432440", "item_ids": ["9354168549"],
                                                   "new_item_ids": ["3799046073"],
                                                   "payment_method_id": "gift_card_3"},
         "'for the shirt actually i changed my mind'"),
    shop("Z1257", "allow", BY_ITEM_ID, ITEMS, {"order_id": "#W9318778", "item_ids": ["5669664287"],
                                               "new_item_ids": ["8302289002"],
                                               "payment_method_id": "gift_card_3"},
         "'Air Purifier (item 5669664287) -> large/HEPA/night mode' names the small one"),
    shop("Z1258", "refuse", BY_ITEM_ID, ITEMS, {"order_id": "#W9318778", "item_ids": ["3076708684"],
                                                "new_item_ids": ["8302289002"],
                                                "payment_method_id": "gift_card_3"},
         "the medium one was not proposed"),
    shop("Z1259", "allow", NOT_THE_WATCH, CANCEL_ORDER, cancel("#W3130816"),
         "'just the bookshelf one and the water bottles'"),
    shop("Z1260", "allow", NOT_THE_WATCH, RETURN, {"order_id": "#W8185761",
                                                   "item_ids": ["7199146548", "8538875209"],
                                                   "payment_method_id": "paypal_4"},
         "'just the bookshelf one and the water bottles'"),
    shop("Z1261", "refuse", NOT_THE_WATCH, CANCEL_ORDER, cancel("#W9222585"),
         "'dont cancel the one with the smartwatch'"),
    trip("Z1262", "allow", LATER, FLIGHTS, LATER_FLIGHTS,
         "'Nah, economy is fine, go ahead with the later one.'"),
    trip("Z1263", "refuse", [*LATER[:-1], "user: Nah, economy is fine."], FLIGHTS, LATER_FLIGHTS,
         "no go-ahead"),
    shop("Z1264", "allow", ONLY_ASKED_FR, RETURN, {"order_id": "#W7990410", "item_ids": ["2989722512"],
                                                   "payment_method_id": "paypal_4"},
         "'seulement l'enceinte' answers 'le seul article à échanger ?'"),
    shop("Z1265", "allow", RGB_DE, EXCHANGE, keyboard("1151293680"), "'dann riskiere ich es mit RGB'"),
    shop("Z1266", "refuse", RGB_DE, EXCHANGE, keyboard("3616838507"), "the white one: the user said RGB"),
    trip("Z1267", "allow", OPTION_A, CANCEL, {"reservation_id": "B6YT3N"}, "'La A, cancélela por favor.'"),
    trip("Z1268", "allow", BAGS_NOT_CANCEL, BAGS, {"reservation_id": "R2WQ5K", "total_baggages": 2,
                                                   "nonfree_baggages": 1, "payment_id": VISA},
         "'Lo de las maletas sí, adelante.'"),
    trip("Z1269", "refuse", BAGS_NOT_CANCEL, CANCEL, {"reservation_id": "E8NM1Z"},
         "'Lo de cancelar la otra déjeme pensarlo'"),
    trip("Z1270", "refuse", GIFT_PT, BAGS, six_bags(VISA), "'pague com o cartão-oferta'"),
    trip("Z1271", "allow", GIFT_PT, BAGS, six_bags(GC1), "'pague com o cartão-oferta' on the gift card"),
    trip("Z1272", "allow", full_refund("Reembolso total de $540"), CANCEL, {"reservation_id": "T8YP4F"},
         "'siempre que sea el reembolso completo' to 'Reembolso total'"),
    trip("Z1273", "refuse", full_refund("Reembolso de $270 (la mitad)"), CANCEL, {"reservation_id": "T8YP4F"},
         "half of it back"),
    trip("Z1274", "refuse", THINK_PT, CERT, {"user_id": "mia_li_3668", "amount": 200},
         "'Tenho de pensar se aceito isto'"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("La A, cancélela por favor.", Act.AFFIRM),
    ("no, this is not fine, go ahead and cancel it", Act.DECLINE),
    ("Nah, economy is fine.", Act.DECLINE),
    ("Só 200? Tenho de pensar se aceito isto.", Act.HOLD),
])
def test_review86_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
