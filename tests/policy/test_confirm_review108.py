"""Cases from the hundred-and-eighth and later independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures). Shortened to what
the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.binding import spelled_numbers
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import Case, booking, executed, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

ADDRESS = "modify_pending_order_address"
CANCEL_ORDER = "cancel_pending_order"
RETURN = "return_delivered_order_items"
ITEMS = "modify_pending_order_items"
EXCHANGE = "exchange_delivered_order_items"
PAYMENT = "modify_pending_order_payment"
BAGS = "update_reservation_baggages"
FLIGHTS = "update_reservation_flights"
CERTIFICATE = "send_certificate"
VISA = "credit_card_4421486"
NEW_ADDRESS = {"address1": "4420 East Camelback Road", "address2": "Apt 12", "city": "Phoenix",
               "state": "AZ", "country": "USA", "zip": "85018"}


def bags(rid: str, total: int, paid: int = 0) -> dict[str, Any]:
    return {"reservation_id": rid, "total_baggages": total, "nonfree_baggages": paid, "payment_id": VISA}


# 108c: a plan step dropped in a later turn, in Spanish ("déjalo estar": leave it be)
CHARGER = order("#W9373487", "pending", item("4063401924", "Portable Charger", 109.27))
SNEAKERS = order("#W7449508", "delivered", item("6477915553", "Sneakers", 186.45),
                 item("3951031513", "Makeup Kit", 230.26))
CANCEL_ARGS = {"order_id": "#W9373487", "reason": "no longer needed"}
RETURN_SNEAKERS = {"order_id": "#W7449508", "item_ids": ["6477915553"], "payment_method_id": "gift_card_3"}
SPANISH_PLAN = [*looked_up(CHARGER, SNEAKERS),
                "assistant: 1. Cancelación del pedido #W9373487 (pendiente): Portable Charger – $109.27, "
                "reembolso a su tarjeta regalo (gift_card_3).\n2. Devolución en el pedido #W7449508 "
                "(entregado): Sneakers – $186.45, reembolso a la tarjeta regalo (gift_card_3). La Makeup "
                "Kit no se devuelve.\n\n¿Cuál es el motivo de la cancelación, y confirmas las dos "
                "acciones? (sí/no)",
                "user: Ya no lo necesito. Venga, sí, las dos cosas.",
                executed(CANCEL_ORDER, CANCEL_ARGS),
                "assistant: Hecho: el pedido #W9373487 está cancelado. Sigo con la devolución de las "
                "Sneakers del pedido #W7449508."]
LEFT_BE = [*SPANISH_PLAN, "user: Genial. Oye, lo de las Sneakers mejor déjalo estar, que al final mi "
                          "hijo las usa para el fútbol.",
           "assistant: ¡Perfecto! Procedo entonces con la devolución."]
GO_ON = [*SPANISH_PLAN, "user: Genial, gracias.", "assistant: Procedo con la devolución."]

# 108c: a Portuguese yes taken back in the same turn ("pera", "deixa eu perguntar pra ela antes")
KIT = order("#W1524774", "pending", item("5012998807", "Makeup Kit", 253.08))
KIT_CANCEL = [*looked_up(KIT),
              "assistant: Detalhes:\n- Pedido: #W1524774\n- Reembolso: $253.08 para o PayPal\n\nQual é o "
              "motivo, e você confirma o cancelamento? (sim/não)"]
ASK_HER_FIRST = [*KIT_CANCEL, "user: Não preciso mais. Hmm... pode ser. Na verdade, pera, acho que minha "
                              "irmã ia querer esse kit, deixa eu perguntar pra ela antes"]
KIT_YES = [*KIT_CANCEL, "user: Não preciso mais. Pode cancelar, sim."]

# 108c: a bare yes, then another method asked for after its "but" ("que la plata me caiga en la
# PayPal mejor"), the call on the method the proposal named
CAMERA = order("#W2156941", "delivered", item("1586641416", "Action Camera", 497.39))
CAMERA_RETURN = [*looked_up(CAMERA),
                 "assistant: - Pedido: #W2156941\n- Artículo: Action Camera – $497.39\n- Reembolso: $497.39 "
                 "a tu gift card (gift_card_3), que fue el método de pago original\n\n¿Confirmas la "
                 "devolución? (sí/no)"]
RATHER_PAYPAL = [*CAMERA_RETURN, "user: Chévere, sí, pero que la plata me caiga en la PayPal mejor, que "
                                 "esa gift card casi ni la uso."]
RATHER_PAYPAL_EN = [*CAMERA_RETURN, "user: Cool, yes, but I'd rather the money goes to my PayPal, I "
                                    "barely use that gift card."]
PLAIN_YES = [*CAMERA_RETURN, "user: Chévere, sí, dale."]
ON_GIFT_CARD = {"order_id": "#W2156941", "item_ids": ["1586641416"], "payment_method_id": "gift_card_3"}

# 108c: only one item, said in Portuguese ("só o tênis, o Sneakers")
SHOES_KIT = order("#W6319233", "delivered", item("9727387530", "Sneakers", 207.75),
                  item("1709726483", "Makeup Kit", 230.26))
ONLY_SHOES = [*looked_up(SHOES_KIT),
              "assistant: A devolução do pedido #W6319233:\n  - Sneakers – $207.75\n  - Makeup Kit – "
              "$230.26\n"
              "- Reembolso: $438.01 para o seu Visa (método original)\n\nPosso seguir? (sim/não)",
              "user: Opa, na real só o tênis, o Sneakers. O Makeup Kit eu fico, minha filha gostou. Pode "
              "seguir só com o Sneakers."]

# 108c: a Spanish plan whose first step is a "cambio" (an exchange) on one order and whose second
# is the "cambio de dirección del pedido" of another (not the address's source)
WATCH = order("#W5560533", "delivered", item("2554056026", "Smart Watch", 367.38))
GRILL = order("#W7147989", "pending", item("1120917161", "Grill", 953.39))
CAMBIO_PLAN = [*looked_up(WATCH, GRILL),
               "assistant: Perfecto. Entonces el plan sería:\n\n1. Cambio en el pedido #W5560533 "
               "(entregado): "
               "Smart Watch dorado / metal ($367.38) → dorado / silicona ($356.23). Diferencia a su favor: "
               "$11.15, reembolsada a su gift card (gift_card_3). El cambio solo se puede hacer una vez por "
               "pedido.\n2. Cambio de dirección del pedido #W7147989 (pendiente: Grill) a 4420 East "
               "Camelback Road, Apt 12, Phoenix, AZ 85018, USA.\n\n¿Confirma que proceda con las dos "
               "cosas? (sí/no)",
               "user: Ya, sipo, hágalo todo."]

# 108d: numbers spelled in words in the other languages
BAG_TRIP = reservation("6HN2TQ", [("HAT100", "JFK", "ORD", "2024-05-20")])
TWO_BAGS_IT = [read(BAG_TRIP),
               "assistant: Riepilogo: aggiungo due bagagli alla prenotazione 6HN2TQ (totale due, entrambi "
               "gratuiti, nessun addebito sulla Visa che termina con 7447). Confermi?",
               "user: Sì, confermo."]
DELAYED = reservation("ZP4M7R", [("HAT200", "BOS", "SEA", "2024-05-12")])
FIFTY_IT = [read(DELAYED),
            "assistant: Come gesto posso emettere un certificato di viaggio da cinquanta dollari sul suo "
            "profilo. Desidera che lo emetta?",
            "user: Sì, grazie, lo accetto volentieri."]
HUNDRED_DE = [read(DELAYED),
              "assistant: Ich kann Ihnen ein Reisezertifikat über fünfzig Dollar pro Passagier "
              "anbieten, also "
              "hundert Dollar insgesamt. Möchten Sie das?",
              "user: Ja, gern, das nehm ma."]
CERT = {"user_id": "mia_li_3668"}

# 108d: a step left out in German ("die zwei Koffer lassen Sie mal weg ... Also nur die Umbuchung")
MOVED = reservation("T6FA2C", [("HAT142", "DFW", "EWR", "2024-05-20")], bags=2)
GERMAN_PLAN = [read(MOVED),
               "assistant: 1. **Umbuchung**: HAT142 am 22. Mai statt am 20. Mai, gleicher Preis.\n2. "
               "**Gepäck**: von zwei auf vier Koffer, kostenlos.\n\nSoll ich beides so durchführen?",
               "user: Ja, machen wir so. Wobei – die zwei Koffer lassen Sie mal weg, meine Schwester schickt "
               "ihre Sachen jetzt doch per Post. Also nur die Umbuchung."]
REBOOK = {"reservation_id": "T6FA2C", "cabin": "economy",
          "flights": [{"flight_number": "HAT142", "date": "2024-05-22"}], "payment_id": VISA}

# 108d: one more, not two (French, and English), to a proposal of two more
ONE_BAG = reservation("L4WQ7E", [("HAT166", "LAS", "IAH", "2024-05-23")], bags=1)
TWO_MORE = [read(ONE_BAG),
            "assistant: Pour les valises : vous en avez une, gratuite. Avec deux de plus, vous en "
            "auriez trois "
            "au total, dont deux payantes à cinquante dollars chacune, soit cent dollars sur votre Visa se "
            "terminant par 7447. Je procède?"]
ONE_NOT_TWO = [*TWO_MORE, "user: Hmm, à bien y penser, juste une de plus, pas deux. Une, c'est en masse. "
                          "Pour le reste c'est beau."]
ONE_NOT_TWO_EN = [*TWO_MORE, "user: Hmm, come to think of it, just one more, not two. One is plenty. "
                             "Otherwise it's fine."]

# 108d: Quebec's "envoye", and "émettez-le"
SECOND_BAG = [read(ONE_BAG),
              "assistant: Récapitulatif : j'ajoute une valise à la réservation L4WQ7E (deux valises au "
              "total, "
              "dont une payante) et je débite cinquante dollars sur la Visa se terminant par 7447. Je "
              "procède?",
              "user: Correct, envoye."]
ISSUE_IT = [read(DELAYED),
            "assistant: Pour un vol retardé le geste prévu est de cinquante dollars par passager. "
            "Souhaitez-vous "
            "que j'émette le certificat de cinquante dollars sur votre profil ?",
            "user: Bon, va pour cinquante. Émettez-le."]

# 108g: long plans in English
SHOES = order("#W5866402", "delivered", item("9727387530", "Sneakers", 207.75))
WATCH_ORDER = order("#W7941031", "pending", item("1994478369", "Wristwatch", 1985.30))
ORDER_FIRST = [*looked_up(SHOES, WATCH_ORDER),
               "assistant: Here's the plan:\n\n1. **Return** Sneakers (item 9727387530; $207.75) from "
               "delivered order #W5866402. Refund of $207.75 to PayPal (paypal_4).\n2. **Cancel** pending "
               "order #W7941031: Wristwatch $1,985.30. Reason: ordered by mistake. Refund to your Visa "
               "ending 7334.\n3. **Address**: order #W5442520 is set to ship to 159 Hickory Lane, which "
               "matches your profile address.\n\nShall I go ahead with 1 and 2?",
               "user: Oh, Hickory is right, I'm still there. Ignore the address thing. Yes to the other two, "
               "but do the sneaker return first, that's the one I actually care about, then cancel the "
               "watch order."]
SHOES_BACK = {"order_id": "#W5866402", "item_ids": ["9727387530"], "payment_method_id": "paypal_4"}

ESPRESSO = order("#W8665881", "pending", item("3709608322", "Espresso Machine", 2744.70))
SHIRT_KEYBOARD = order("#W9389413", "delivered", item("5047954489", "T-Shirt", 54.84),
                       item("6342039236", "Mechanical Keyboard", 244.91))
AUSTIN = {"address1": "4410 Riverside Drive", "address2": "Apt 210", "city": "Austin", "state": "TX",
          "country": "USA", "zip": "78741"}
ONE_OF_EACH = [*looked_up(ESPRESSO, SHIRT_KEYBOARD),
               "assistant: Here's the plan:\n\n1. **Update shipping address on #W8665881** (Espresso "
               "Machine; $2,744.70) to 4410 Riverside Drive, Apt 210, Austin, TX 78741, USA.\n2. **Return "
               "from #W9389413**: T-Shirt (item 5047954489; $54.84) and Mechanical Keyboard (item "
               "6342039236; $244.91). Refund of $299.75 to PayPal, the original payment method.\n\nShall "
               "I go ahead with both?",
               "user: Only move the big espresso order. Return yes, but just the T-shirt. I'm going to keep "
               "the keyboard after all."]

JUG = order("#W9160732", "pending", item("7843064651", "Water Bottle", 51.2))
KEYBOARD = order("#W6797115", "delivered", item("7658724607", "Mechanical Keyboard", 256.73))
HANG_ON_TO = [*looked_up(JUG, KEYBOARD),
              "assistant: Here's what I found:\n\n1. **Switch payment on #W9160732** (Water Bottle) from "
              "your gift card (gift_card_3) to PayPal (paypal_4).\n2. **Return from #W6797115**: Mechanical "
              "Keyboard (item 7658724607; $256.73), refund to your gift card.\n\nWhich would you like me "
              "to go ahead with?",
              "user: And I'll hang on to the keyboard. So just the payment switch, please."]
TO_PAYPAL = {"order_id": "#W9160732", "payment_method_id": "paypal_4"}

CAMERA_ORDER = order("#W5270061", "pending", item("5537798301", "Indoor Security Camera", 626.94))
PERFUME = order("#W5782623", "pending", item("1725100896", "Perfume", 492.20))
ONLY_PERFUME = [*looked_up(CAMERA_ORDER, PERFUME),
                "assistant: Here's the plan:\n\n1. **Switch payment on #W5270061** (Indoor Security Camera; "
                "$626.94) from gift card gift_card_3 to PayPal (paypal_4).\n2. **Switch payment on "
                "#W5782623** "
                "(Perfume; $492.20) from the same gift card to PayPal.\n\nPlease confirm which of these "
                "you'd like.",
                "user: Hmm, actually only move the perfume one to PayPal. Keep the camera order on the gift "
                "card."]

KETTLE = order("#W3414433", "pending", item("9472539378", "Electric Kettle", 143.72))
LAPTOP = order("#W5166363", "pending", item("3334537816", "Laptop", 2749.56))
PHOENIX = {"address1": "2250 E Camelback Road", "address2": "Apt 1412", "city": "Phoenix", "state": "AZ",
           "country": "USA", "zip": "85016"}
START_WITH = [*looked_up(KETTLE, LAPTOP),
              "assistant: 1. **Address change on #W3414433** (Electric Kettle) to 2250 E Camelback Road, Apt "
              "1412, Phoenix, AZ 85016, USA.\n2. **Cancel #W5166363**: Laptop, $2,749.56. Reason: no longer "
              "needed. Refund to PayPal.\n\nShall I proceed with both?",
              "user: Let's start with the address since that order ships soonest. Actually, keep the "
              "laptop, I talked myself back into it."]

SPEAKER = order("#W5061109", "pending", item("3254583681", "Bluetooth Speaker", 302.67))
PUZZLE = order("#W5797164", "delivered", item("9237024510", "Jigsaw Puzzle", 53.53))
HOUSTON = {"address1": "1419 Westheimer Road", "address2": "Unit 8", "city": "Houston", "state": "TX",
           "country": "USA", "zip": "77006"}
WHICH_TO_DO = [*looked_up(SPEAKER, PUZZLE),
               "assistant: Here's the plan:\n\n1. **Update shipping address on #W5061109** to 1419 "
               "Westheimer Road, Unit 8, Houston, TX 77006, USA.\n2. **Return from #W5797164**: Jigsaw "
               "Puzzle (item 9237024510; $53.53). Refund to your gift card (gift_card_3).\n\nLet me know "
               "which ones to go ahead with.",
               "user: The address, yes. Leave the puzzle, I'll give it to my niece."]

BOOTS = order("#W3320020", "pending", item("4127323219", "Hiking Boots", 251.82))
BULB = order("#W1341845", "delivered", item("6206533187", "LED Light Bulb", 47.83))
BOOTS_SWAP = {"order_id": "#W3320020", "item_ids": ["4127323219"], "new_item_ids": ["4582956489"],
              "payment_method_id": "credit_card_1"}
STILL_ON = [*looked_up(BOOTS, BULB),
            "assistant: 1. **Modify the Hiking Boots in #W3320020**: size 10 (item 4127323219, $251.82) to "
            "size 12 (item 4582956489, $241.96). $9.86 refunded to your Visa ending 7334.\n2. **Return "
            "from #W1341845**: LED Light Bulb (item 6206533187; $47.83), refund to your Visa ending 7334."
            "\n\nShall I proceed with both?",
            "user: Go ahead with all of it.",
            "assistant: Moving on to the boots and then the return.",
            "user: Hmm, actually, let's hold the return. I want to use the bulb at a party this weekend "
            "before I decide. The boots swap is still on."]

KEYBOARDS = order("#W2022128", "pending", item("1151293680", "Mechanical Keyboard", 272.33))
VACUUM = order("#W8997398", "pending", item("4602305039", "Vacuum Cleaner", 561.05))
COLUMBUS = {"address1": "77 Neil Avenue", "address2": "Apt 5", "city": "Columbus", "state": "OH",
            "country": "USA", "zip": "43215"}
NOT_YET = [*looked_up(KEYBOARDS, VACUUM),
           "assistant: 1. **Address change on #W2022128** (Mechanical Keyboard) to 77 Neil Avenue, Apt 5, "
           "Columbus, OH 43215, USA.\n2. **Cancel #W8997398** (Vacuum Cleaner; $561.05). Reason: no longer "
           "needed.\n\nShall I proceed with both?",
           "user: So just move the keyboard order. And don't cancel yet, I want to check with my partner "
           "about the vacuum first."]

# 108a: a condition said met in the same breath, and an option given in to
LAMP_ORDER = order("#W3388163", "delivered", item("9025753381", "Desk Lamp", 135.24))
LAMP_SWAP = [*looked_up(LAMP_ORDER),
             "assistant: Exchange in #W3388163: Desk Lamp (item 9025753381, $135.24) → Desk Lamp, black, LED "
             "(item 1569765161, $172.82). The $37.58 difference is charged to PayPal (paypal_4). Shall I go "
             "ahead?"]
MET_SAID = [*LAMP_SWAP, "user: ok do it... as long as it's under $50 more, which it is."]
NOT_MET = [*LAMP_SWAP, "user: ok do it... as long as it's under $20 more."]
LAMP_ARGS = {"order_id": "#W3388163", "item_ids": ["9025753381"], "new_item_ids": ["1569765161"],
             "payment_method_id": "paypal_4"}
SHIRT_ORDER = order("#W1080318", "pending", item("8349118980", "T-Shirt", 53.43))
FLOOR_MET = [*looked_up(SHIRT_ORDER),
             "assistant: I'll switch the payment of #W1080318 ($53.43) from your Visa to your gift card "
             "(gift_card_3); the gift card keeps $37.57 after it. Shall I go ahead?",
             "user: ok, as long as there's still at least $20 left on the card after. which there is, so "
             "yes"]
GIVEN_IN = [*looked_up(SHIRT_ORDER),
            "assistant: A PayPal refund isn't possible for this return: it can go back to your Visa ending "
            "7334, the original method. Return the T-Shirt from #W1080318 with the refund to the Visa?",
            "user: ugh. fine, I guess, if that's the only option then card it is."]

# 108a: a plan's lines led by "Order #W... →" bind each address change to its own order
CHICAGO = {"address1": "4417 N Kenmore Ave", "address2": "Apt 2F", "city": "Chicago", "state": "IL",
           "country": "USA", "zip": "60640"}
GIFT_ORDER = order("#W4160705", "pending", item("3330317167", "Jigsaw Puzzle", 52.00))
ORDERS_ARROWED = [*looked_up(order("#W9962383", "pending", item("1111000011", "Kettle", 90.0)),
                             order("#W6851636", "pending", item("1111000021", "Lamp", 80.0)), GIFT_ORDER),
                  "assistant: So the full plan would be:\n1. Order #W9962383 → 4417 N Kenmore Ave, Apt 2F, "
                  "Chicago, IL 60640, USA\n2. Order #W6851636 → same address\n\nThe gift order #W4160705 "
                  "stays as it is. Do you confirm both?",
                  "user: yep, both"]

# 108b: not the reservation proposed, the one of another day
ON_THE_20TH = reservation("H2KD8R", [("HAT112", "ATL", "IAH", "2024-05-20")])
ON_THE_24TH = reservation("P5ZN1Q", [("HAT112", "ATL", "IAH", "2024-05-24")])
OTHER_DAY = [read(ON_THE_20TH), read(ON_THE_24TH),
             "assistant: - Reservation: H2KD8R (ATL → IAH, May 20)\n- Checked bags: 0 → 2 total, 1 paid bag\n"
             "- Charge: $50 to your Visa ending 7447\n\nShall I proceed?",
             "user: Oh, not that one. The one on the 24th, where Priya's coming with me. Yes, two bags on "
             "that one."]

# 108b: a place put first, then "hold off on that one"; the other steps' yes stands
TO_ORLANDO = reservation("OR1K8P", [("HAT100", "LAX", "MCO", "2024-05-24")])
TO_SEATTLE = reservation("SE4V7G", [("HAT059", "LAX", "SEA", "2024-05-26")])
PLACE_HELD = [read(TO_ORLANDO), read(TO_SEATTLE),
              "assistant: 1. **Orlando, OR1K8P** (LAX → MCO, May 24): cancel the whole reservation, full "
              "refund of $434 to your Visa.\n2. **Seattle, SE4V7G**: change HAT059 on May 26 → HAT059 on May "
              "29, economy, fare difference $40 on your Visa.\n\nShall I go ahead with these?",
              "user: Yes, cancel Orlando, there's no way she can travel. Seattle... hold off on that one for "
              "now, I need to check with work whether the 29th actually works."]

# 108f: chat English
TWO_MIAMI = [read(reservation("4TNJ2W", [("HAT202", "EWR", "MIA", "2024-05-18")], cabin="business")),
             read(reservation("8MRQ0D", [("HAT202", "EWR", "MIA", "2024-05-25")], cabin="business")),
             "assistant: I found two Miami reservations:\n- 4TNJ2W: EWR → MIA, HAT202, May 18, business\n- "
             "8MRQ0D: EWR → MIA, HAT202, May 25, business\n\nBoth can be cancelled with a full refund. "
             "Cancel both?",
             "user: yes cancel the 18th one. hmm the 25th actually keep it for now, might still go"]
NO_CHARGE = reservation("Q7N2VD", [("HAT226", "PHX", "LGA", "2024-05-16")], bags=1)
NP_GO = [read(NO_CHARGE),
         "assistant: Change: Q7N2VD checked bags 1 → 2, within your free bags, so no charge. Proceed?",
         "user: np go"]
BAGGED = reservation("HB7R2T", [("HAT045", "PHX", "SEA", "2024-05-15")])
BAG_ONE = bags("HB7R2T", 1)
MOVED_FLIGHT = {"reservation_id": "HB7R2T", "cabin": "economy",
                "flights": [{"flight_number": "HAT156", "date": "2024-05-16"}], "payment_id": VISA}
BAG_THEN_FLIGHT = [read(BAGGED),
                   "assistant: Add 1 checked bag to HB7R2T, free. Confirm?",
                   "user: yes",
                   executed(BAGS, BAG_ONE),
                   "assistant: Bag added. For tomorrow morning: HAT156 departs 07:00.\n\nChange:\n- "
                   "Reservation HB7R2T: HAT045 (May 15) → HAT156 (May 16), economy\n- $8 refunded to your "
                   "Visa ending 7447\n\nConfirm?",
                   "user: yes",
                   executed(FLIGHTS, MOVED_FLIGHT)]

# 109f: regional and chat English
USER_ADDRESS = "modify_user_address"
HOUSTON_HOME = {"user_id": "ava_1", "address1": "15 Magnolia Street", "address2": "", "city": "Houston",
                "state": "TX", "country": "USA", "zip": "77002"}
NO_WAHALA = [*looked_up(),
             "assistant: I'll update your default address to 15 Magnolia Street, Houston, TX 77002, USA. "
             "Shall I go ahead?",
             "user: no wahala, go ahead"]
KETTLE_CHAIR = order("#W3189752", "pending", item("5268233322", "Electric Kettle", 146.98),
                     item("4648362606", "Office Chair", 503.76))
GRAND_SO = [*looked_up(KETTLE_CHAIR),
            "assistant: I can change the Electric Kettle in #W3189752 (item 5268233322) to the white "
            "1.5L one "
            "(item 2243454707, $154.26); the $7.28 difference goes on your PayPal (paypal_4). Shall I?",
            "user: Grand so. Just the kettle."]
KETTLE_SWAP = {"order_id": "#W3189752", "item_ids": ["5268233322"], "new_item_ids": ["2243454707"],
               "payment_method_id": "paypal_4"}
BACKPACK = order("#W4442043", "delivered", item("5917587651", "Backpack", 212.79),
                 item("2648909398", "Headphones", 240.0))
CAN_LAH = [*looked_up(BACKPACK),
           "assistant: - Order: #W4442043\n- Item: Backpack, item 5917587651, $212.79\n- Refund: $212.79 to "
           "your PayPal (paypal_4)\n\nOnly the backpack, correct? Shall I submit the return?",
           "user: ya can lah. only backpack. go"]
SWAP_NOT_RETURN = [*looked_up(order("#W7553978", "delivered", item("4545791457", "Skateboard", 186.06)),
                              order("#W3239882", "delivered", item("9494281769", "E-Reader", 252.06))),
                   "assistant: 1. Exchange on #W7553978: Skateboard (item 4545791457, $186.06) for the "
                   "bamboo "
                   "one (item 6843647669, $180.10), $5.96 back to your Visa ending 7334.\n2. Return on "
                   "#W3239882: E-Reader, item 9494281769, $252.06, refunded to your Visa ending 7334.\n\n"
                   "Shall I go ahead?",
                   "user: yeah do the swap. scrap the return tho, missus reckons she'll use the e-reader "
                   "after all"]
SCORN = [*looked_up(KETTLE_CHAIR),
         "assistant: Items can't be cancelled one by one: the whole order #W3189752 would be cancelled, "
         "$650.74 back to your Visa. Would you like me to cancel the entire order?",
         "user: Oh brilliant. Cancel the whole lot, sure, why wouldn't I, it's not like I wanted the kettle "
         "or anything."]
BOTTLE = order("#W1701126", "delivered", item("7918497119", "Water Bottle", 54.51))
MASTERCARD_ONLY = [*looked_up(BOTTLE),
                   "assistant: - Item: Water Bottle, $54.51\n- Refund: to your gift card gift_card_3 "
                   "(instant), or to your Mastercard ending 5018 if you prefer\n\nShall I proceed with the "
                   "refund to the gift card?",
                   "user: Mastercard only. Kindly proceed."]
BOTTLE_BACK = {"order_id": "#W1701126", "item_ids": ["7918497119"]}

# 109h: a price asked after the bag's yes is no answer to it; one way only; a German rebooking
TWO_OF_US = reservation("LD2N8F", [("HAT139", "ORD", "PHL", "2024-05-23"),
                                   ("HAT197", "PHL", "ORD", "2024-05-26")],
                        flight_type="round_trip", bags=1)
BAG_THEN_PRICE = [read(TWO_OF_US),
                  "assistant: Su reserva LD2N8F es de ida y vuelta Chicago (ORD) – Filadelfia (PHL) en "
                  "económica: HAT139 el 23 de mayo y HAT197 el 26 de mayo. Añadir una segunda maleta no "
                  "tendría coste:\n- Maletas facturadas en total: 2 (ambas gratuitas)\n- Cargo: 0 USD (Visa "
                  "terminada en 7447)\n\n¿Quiere que la añada?",
                  "user: Sí, perfecto, hazlo.",
                  executed(BAGS, bags("LD2N8F", 2)),
                  "assistant: Hecho. ¿Qué quería consultar sobre el cambio de clase?",
                  "user: ¿Cuánto costaría pasar a business solo la vuelta? La ida es cortita, me da igual.",
                  "assistant: La clase tiene que ser la misma en toda la reserva: la diferencia a business "
                  "sería de 970 USD en su Visa. ¿Desea proceder?",
                  "user: Uf, es bastante. ¿No se podría hacer solo para mí y que me cobréis la mitad?",
                  "assistant: La clase debe ser la misma para los dos pasajeros, así que el cambio se aplica "
                  "a los dos."]
TO_BUSINESS = {"reservation_id": "LD2N8F", "cabin": "business",
               "flights": [{"flight_number": "HAT139", "date": "2024-05-23"},
                           {"flight_number": "HAT197", "date": "2024-05-26"}], "payment_id": VISA}
BOTH_WAYS = reservation("P8HD3X", [("HAT099", "DEN", "ATL", "2024-05-20"),
                                   ("HAT221", "ATL", "DEN", "2024-05-25")],
                        flight_type="round_trip")
OUT_ONLY = [read(BOTH_WAYS),
            "assistant: Neue Flüge für P8HD3X:\n- Hinflug: HAT099 am 22. Mai, 203 USD\n- Rückflug: HAT221 am "
            "26. Mai, 170 USD\n- Differenz: 22 USD zulasten Ihrer Visa mit Endziffern 7447\n\nSoll ich die "
            "Buchung so ändern?",
            "user: Moment – den Rückflug brauche ich gar nicht zu verschieben, der 25. passt weiterhin. "
            "Nur der "
            "Hinflug auf den 22. Dann ja."]
BOTH_MOVED = {"reservation_id": "P8HD3X", "cabin": "economy",
              "flights": [{"flight_number": "HAT099", "date": "2024-05-22"},
                          {"flight_number": "HAT221", "date": "2024-05-26"}], "payment_id": VISA}
OUT_MOVED = {**BOTH_MOVED, "flights": [{"flight_number": "HAT099", "date": "2024-05-22"},
                                       {"flight_number": "HAT221", "date": "2024-05-25"}]}
PUT_BACK = [read(BOTH_WAYS),
            "assistant: Ich kann den Rückflug wieder auf den 25. Mai legen; da der Flug neu gebucht "
            "wird, gilt "
            "der aktuelle Preis:\n\n- Hinflug: HAT099 am 22. Mai (bleibt wie jetzt)\n- Rückflug: HAT221 "
            "am 25. "
            "Mai, 181 USD\n- Differenz: 11 USD zulasten Ihrer Visa mit Endziffern 7447\n\nSoll ich das so "
            "umsetzen?",
            "user: Ärgerlich, aber gut. Ja, machen Sie das."]
FIVE_BAGS = [read(reservation("BZ9Q4H", [("HAT100", "MIA", "JFK", "2024-05-20")], bags=4)),
             "assistant: Quedaría:\n- Maletas facturadas en total: 5 (1 de pago)\n- Cargo: 50 USD a la Visa "
             "terminada en 7447\n\n¿Confirmo?",
             "user: Sí, pero cárgalo a la tarjeta regalo, que tiene saldo, no a la Visa."]

# 109b: dictated English: a step held by its place, an item held on to, a time said with "before"
HEADPHONES = order("#W5416052", "delivered", item("6942241102", "Headphones", 350.0),
                   item("6401214406", "Portable Charger", 100.04))
THREE_STEPS = [*looked_up(HEADPHONES, order("#W3916020", "delivered", item("4068787148", "Bicycle", 1200.0)),
                          order("#W1443906", "pending", item("1111000031", "Grill", 933.17))),
               "assistant: 1. Return the Headphones and the Portable Charger from order #W5416052, refund "
               "to your Visa.\n2. Return the Bicycle from order #W3916020, refund to your Visa.\n3. Cancel "
               "order #W1443906 (pending): Grill ($933.17), reason 'no longer needed'.\n\nWould you like me "
               "to proceed with all three? (yes/no)",
               "user: yes do the two returns please, and the cancel to... actually no wait, hold off on that "
               "last one, my son said he might want the grill for the fourth of July. I'll call back "
               "about it"]
HANG_ON = [*looked_up(HEADPHONES),
           "assistant: - Items: Headphones ($350.00) and Portable Charger ($100.04) from #W5416052\n- "
           "Refund: "
           "$450.04 to your gift card gift_card_3\n\nShall I proceed with this return? (yes/no)",
           "user: yes the headphones, um, the the charger actually I'll hang on to it, its handy by the bed"]
HEADPHONES_BACK = {"order_id": "#W5416052", "item_ids": ["6942241102"], "payment_method_id": "gift_card_3"}

# 109g: a sentence put on another thing's money ("For the watch, could that money go on my gift
# card"); the order on two steps of the plan, a hold on the item one of them changes
WATCH_AND_TWO = [*looked_up(order("#W5199551", "pending", item("1111000041", "Wristwatch", 3131.10)),
                            order("#W9389413", "delivered", item("2554056026", "Smart Watch", 367.38))),
                 "assistant: Here's what I would do:\n- Cancel order #W5199551, reason 'no longer needed'. "
                 "$3,131.10 refunded to your PayPal.\n- Return the Smart Watch (item 2554056026) from order "
                 "#W9389413. $367.38 refunded to the original payment method (PayPal).\n\nCan you confirm "
                 "(yes) that I should go ahead with both?",
                 "user: Yes to cancelling the order. For the watch, could that money go on my gift card "
                 "instead of PayPal?"]
PUZZLE_ORDER = order("#W4082615", "pending", item("9779102705", "Jigsaw Puzzle", 54.11),
                     item("1111000051", "Wall Clock", 80.0))
FORT_WORTH = {"address1": "445 Maple Drive", "address2": "Suite 394", "city": "Fort Worth", "state": "TX",
              "country": "USA", "zip": "76165"}
ADDRESS_NOT_SWAP = [*looked_up(PUZZLE_ORDER),
                    "assistant: Here's the full plan:\n1. Change the shipping address of order #W4082615 to "
                    "445 Maple Drive, Suite 394, Fort Worth, TX 76165, USA.\n2. In order #W4082615, swap the "
                    "Jigsaw Puzzle 9779102705 for 1096508426, refunding $7.98 to PayPal.\n\nDo you confirm "
                    "these changes (yes)?",
                    "user: Go ahead with the address fix. Actually let's hold off on the puzzle, my sister "
                    "just said she'll do it with him, so I'll keep the 1000 piece one."]

# 110c: a thing of three letters by its head noun ("just the mat")
MAT_CLOCK = order("#W1867876", "delivered", item("7510236436", "Yoga Mat", 105.68),
                  item("6922203216", "Wall Clock", 199.12))
JUST_THE_MAT = [*looked_up(MAT_CLOCK),
                "assistant: Return details:\n- Yoga Mat — $105.68\n- Wall Clock — $199.12\n- Refund: $304.80 "
                "to your Visa ending 7334\n\nShall I submit this return (yes/no)?",
                "user: just the mat actually. ya"]

# 110f: one leg only, in Italian; the insurance dropped in French
ROUND_TRIP = reservation("HN7Q2D", [("HAT017", "JFK", "SFO", "2024-05-22"),
                                    ("HAT145", "SFO", "JFK", "2024-05-29")],
                         cabin="business", flight_type="round_trip")
RETURN_ONLY = [read(ROUND_TRIP),
               "assistant: Riepilogo: annullamento della prenotazione HN7Q2D (andata HAT017 del 22 maggio e "
               "ritorno HAT145 del 29 maggio), con rimborso completo sulla Visa che termina con 7447. Mi "
               "conferma il motivo (cambio di programma) e che procedo?",
               "user: Sì, cambio di programma, ma solo il ritorno, eh: all'andata ci andiamo ancora."]
WHOLE_TRIP = [*RETURN_ONLY[:-1], "user: Sì, cambio di programma, proceda pure."]
UNINSURED = [("read", "search_direct_flight", {"origin": "DEN", "destination": "BOS", "date": "2024-05-17"},
              [{"flight_number": "HAT130", "origin": "DEN", "destination": "BOS"}]),
             "assistant: Récapitulatif : DEN → BOS le 17 mai, HAT130 puis HAT184, classe économique, "
             "pour Mia "
             "Li (née le 1990-04-05), 240 $ sur votre Visa se terminant par 7447, assurance voyage (30 $) "
             "comprise. Je réserve ?",
             "user: Et oui, réservez, mais sans l'assurance finalement : ma carte bancaire me couvre déjà."]

ALL_ADDRESSES = [*looked_up(PUZZLE_ORDER),
                 "assistant: Here's the full plan:\n1. Change the shipping address of order #W4082615 to 445 "
                 "Maple Drive, Suite 394, Fort Worth, TX 76165, USA.\n2. Update your default profile "
                 "address to the same address.\n3. In order #W4082615, swap the Jigsaw Puzzle 9779102705 for "
                 "1096508426.\n\nDo you confirm these changes (yes)?",
                 "user: Go ahead with the address fixes. Actually let's hold off on the puzzle."]

# 110f: options by departure time, French style ("08h00"), the pick the last time not ruled out
MIDDAY = reservation("U3DA6Y", [("HAT100", "SEA", "LAX", "2024-05-24")])
NOON_PICKED = [read(MIDDAY),
               "assistant: Je peux changer votre vol U3DA6Y. Vols en journée le 24 mai en économique :\n"
               "1. HAT226 : 08h00–12h30 – 151 $\n2. "
               "HAT081 : 12h00–16h30 – 193 $\n3. HAT256 : 13h00–17h30 – 175 $\n\nLa différence serait réglée "
               "sur votre Visa se terminant par 7447. Lequel préférez-vous ?",
               "user: 8h, c'est trop tôt pour moi. Entre les deux autres, le moins cher, donc celui de "
               "13h... "
               "Non, attendez : celui de 12h arrive une heure plus tôt. Prenons celui de 12h. Oui, allez-y."]


def moved_to(flight: str) -> dict[str, Any]:
    return {"reservation_id": "U3DA6Y", "cabin": "economy",
            "flights": [{"flight_number": flight, "date": "2024-05-24"}], "payment_id": VISA}


CASES = [
    trip("Z1723", "refuse", NOON_PICKED, FLIGHTS, moved_to("HAT256"),
         "'Prenons celui de 12h' (not the 13h)"),
    trip("Z1724", "allow", NOON_PICKED, FLIGHTS, moved_to("HAT081"), "the 12h00 flight"),
    shop("Z1722", "allow", ALL_ADDRESSES, "modify_user_address", {"user_id": "ava_1", **FORT_WORTH},
         "'the address fixes': the profile's among them"),
    trip("Z1718", "refuse", RETURN_ONLY, "cancel_reservation", {"reservation_id": "HN7Q2D"},
         "'ma solo il ritorno': the whole reservation cancelled"),
    trip("Z1719", "allow", WHOLE_TRIP, "cancel_reservation", {"reservation_id": "HN7Q2D"}, "the whole, "
                                                                                           "as asked"),
    trip("Z1720", "refuse", UNINSURED, "book_reservation", {**booking((VISA, 270)), "insurance": "yes"},
         "'mais sans l'assurance finalement'"),
    trip("Z1721", "allow", UNINSURED, "book_reservation", booking((VISA, 240)), "booked without it, as "
                                                                                "asked"),
    shop("Z1709", "allow", THREE_STEPS, RETURN, {"order_id": "#W3916020", "item_ids": ["4068787148"],
                                                 "payment_method_id": "credit_card_1"}, "'do the two "
                                                                                        "returns'"),
    shop("Z1710", "refuse", THREE_STEPS, CANCEL_ORDER, {"order_id": "#W1443906", "reason": "no longer "
                                                                                           "needed"},
         "'hold off on that last one'"),
    shop("Z1711", "refuse", HANG_ON, RETURN, {**HEADPHONES_BACK, "item_ids": ["6942241102", "6401214406"]},
         "'the charger actually I'll hang on to it'"),
    shop("Z1712", "allow", HANG_ON, RETURN, HEADPHONES_BACK, "the headphones alone"),
    shop("Z1713", "allow", WATCH_AND_TWO, CANCEL_ORDER, {"order_id": "#W5199551", "reason": "no longer "
                                                                                            "needed"},
         "the watch's money is the return's"),
    shop("Z1714", "allow", ADDRESS_NOT_SWAP, ADDRESS, {"order_id": "#W4082615", **FORT_WORTH},
         "'hold off on the puzzle' is the swap's"),
    shop("Z1715", "refuse", ADDRESS_NOT_SWAP, ITEMS,
         {"order_id": "#W4082615", "item_ids": ["9779102705"], "new_item_ids": ["1096508426"],
          "payment_method_id": "paypal_4"}, "the puzzle held"),
    shop("Z1716", "refuse", JUST_THE_MAT, RETURN,
         {"order_id": "#W1867876", "item_ids": ["7510236436", "6922203216"],
          "payment_method_id": "credit_card_1"},
         "'just the mat'"),
    shop("Z1717", "allow", JUST_THE_MAT, RETURN,
         {"order_id": "#W1867876", "item_ids": ["7510236436"], "payment_method_id": "credit_card_1"},
         "the mat alone"),
    shop("Z1696", "allow", NO_WAHALA, USER_ADDRESS, HOUSTON_HOME, "'no wahala, go ahead'"),
    shop("Z1697", "allow", GRAND_SO, ITEMS, KETTLE_SWAP, "'Grand so. Just the kettle.'"),
    shop("Z1698", "allow", CAN_LAH, RETURN, {"order_id": "#W4442043", "item_ids": ["5917587651"],
                                            "payment_method_id": "paypal_4"},
         "'ya can lah. only backpack. go' answers the scope check too"),
    shop("Z1699", "allow", SWAP_NOT_RETURN, EXCHANGE,
         {"order_id": "#W7553978", "item_ids": ["4545791457"], "new_item_ids": ["6843647669"],
          "payment_method_id": "credit_card_1"}, "'yeah do the swap'"),
    shop("Z1700", "refuse", SWAP_NOT_RETURN, RETURN,
         {"order_id": "#W3239882", "item_ids": ["9494281769"], "payment_method_id": "credit_card_1"},
         "'scrap the return tho'"),
    shop("Z1701", "refuse", SCORN, CANCEL_ORDER, {"order_id": "#W3189752", "reason": "no longer needed"},
         "'it's not like I wanted the kettle or anything'"),
    shop("Z1702", "refuse", MASTERCARD_ONLY, RETURN, {**BOTTLE_BACK, "payment_method_id": "gift_card_3"},
         "'Mastercard only.'"),
    shop("Z1703", "allow", MASTERCARD_ONLY, RETURN, {**BOTTLE_BACK, "payment_method_id": "credit_card_2"},
         "the Mastercard, as asked"),
    trip("Z1704", "refuse", BAG_THEN_PRICE, FLIGHTS, TO_BUSINESS,
         "the bag's yes; the price asked after it is no answer to it"),
    trip("Z1705", "refuse", OUT_ONLY, FLIGHTS, BOTH_MOVED, "'Nur der Hinflug auf den 22.'"),
    trip("Z1706", "allow", OUT_ONLY, FLIGHTS, OUT_MOVED, "the outbound alone"),
    trip("Z1707", "allow", PUT_BACK, FLIGHTS, OUT_MOVED, "'den Rückflug wieder auf den 25. Mai legen'"),
    trip("Z1708", "refuse", FIVE_BAGS, BAGS, bags("BZ9Q4H", 5, 1), "'pero cárgalo a la tarjeta regalo'"),
    shop("Z1683", "allow", MET_SAID, EXCHANGE, LAMP_ARGS, "'as long as it's under $50 more, which it is'"),
    shop("Z1684", "refuse", NOT_MET, EXCHANGE, LAMP_ARGS, "'as long as it's under $20 more' to $37.58"),
    shop("Z1685", "allow", FLOOR_MET, PAYMENT, {"order_id": "#W1080318", "payment_method_id": "gift_card_3"},
         "'... at least $20 left on the card after. which there is, so yes'"),
    shop("Z1686", "allow", GIVEN_IN, RETURN, {"order_id": "#W1080318", "item_ids": ["8349118980"],
                                              "payment_method_id": "credit_card_1"},
         "'fine, I guess, if that's the only option then card it is'"),
    shop("Z1687", "allow", ORDERS_ARROWED, ADDRESS, {"order_id": "#W9962383", **CHICAGO}, "line 1's order"),
    shop("Z1688", "refuse", ORDERS_ARROWED, ADDRESS, {"order_id": "#W4160705", **CHICAGO},
         "the gift order stays as it is"),
    trip("Z1689", "refuse", OTHER_DAY, BAGS, bags("H2KD8R", 2, 1), "'not that one. The one on the 24th'"),
    trip("Z1690", "allow", PLACE_HELD, "cancel_reservation", {"reservation_id": "OR1K8P"},
         "'cancel Orlando': Seattle's hold is its own"),
    trip("Z1691", "refuse", PLACE_HELD, FLIGHTS,
         {"reservation_id": "SE4V7G", "cabin": "economy",
          "flights": [{"flight_number": "HAT059", "date": "2024-05-29"}], "payment_id": VISA},
         "'Seattle... hold off on that one'"),
    trip("Z1692", "allow", TWO_MIAMI, "cancel_reservation", {"reservation_id": "4TNJ2W"},
         "'cancel the 18th one'"),
    trip("Z1693", "refuse", TWO_MIAMI, "cancel_reservation", {"reservation_id": "8MRQ0D"},
         "'the 25th actually keep it for now'"),
    trip("Z1694", "allow", NP_GO, BAGS, bags("Q7N2VD", 2), "'np go'"),
    trip("Z1695", "refuse", BAG_THEN_FLIGHT, BAGS, BAG_ONE,
         "the bag again, after the yes to the flight change ('Bag added.' reports it done)"),
    shop("Z1645", "refuse", LEFT_BE, RETURN, RETURN_SNEAKERS, "'lo de las Sneakers mejor déjalo estar'"),
    shop("Z1646", "allow", GO_ON, RETURN, RETURN_SNEAKERS, "the plan's return, nothing said against it"),
    shop("Z1647", "refuse", ASK_HER_FIRST, CANCEL_ORDER, {"order_id": "#W1524774", "reason": "no longer "
                                                                                             "needed"},
         "'pode ser. Na verdade, pera, ... deixa eu perguntar pra ela antes'"),
    shop("Z1648", "allow", KIT_YES, CANCEL_ORDER, {"order_id": "#W1524774", "reason": "no longer needed"},
         "'Pode cancelar, sim'"),
    shop("Z1649", "refuse", RATHER_PAYPAL, RETURN, ON_GIFT_CARD, "'pero que la plata me caiga en la PayPal'"),
    shop("Z1650", "refuse", RATHER_PAYPAL_EN, RETURN, ON_GIFT_CARD, "'but I'd rather the money goes to "
                                                                    "my PayPal'"),
    shop("Z1651", "allow", PLAIN_YES, RETURN, ON_GIFT_CARD, "'Chévere, sí, dale' to the gift card"),
    shop("Z1652", "refuse", ONLY_SHOES, RETURN,
         {"order_id": "#W6319233", "item_ids": ["9727387530", "1709726483"],
          "payment_method_id": "credit_card_1"},
         "'só o tênis': the kit too"),
    shop("Z1653", "allow", ONLY_SHOES, RETURN, {"order_id": "#W6319233", "item_ids": ["9727387530"],
                                                "payment_method_id": "credit_card_1"}, "the sneakers alone"),
    shop("Z1654", "allow", CAMBIO_PLAN, ADDRESS, {"order_id": "#W7147989", **NEW_ADDRESS},
         "'Cambio de dirección del pedido #W7147989' is this step's"),
    shop("Z1655", "refuse", CAMBIO_PLAN, ADDRESS, {"order_id": "#W5560533", **NEW_ADDRESS},
         "the exchange's order moved instead"),
    trip("Z1656", "allow", TWO_BAGS_IT, BAGS, bags("6HN2TQ", 2), "'due bagagli ... (totale due'"),
    trip("Z1657", "refuse", TWO_BAGS_IT, BAGS, bags("6HN2TQ", 3), "three were never said"),
    trip("Z1658", "allow", FIFTY_IT, CERTIFICATE, {**CERT, "amount": 50}, "'cinquanta dollari'"),
    trip("Z1659", "refuse", FIFTY_IT, CERTIFICATE, {**CERT, "amount": 100}, "a hundred was never said"),
    trip("Z1660", "allow", HUNDRED_DE, CERTIFICATE, {**CERT, "amount": 100}, "'hundert Dollar insgesamt'"),
    trip("Z1661", "refuse", GERMAN_PLAN, BAGS, bags("T6FA2C", 4), "'die zwei Koffer lassen Sie mal weg'"),
    trip("Z1662", "allow", GERMAN_PLAN, FLIGHTS, REBOOK, "'also nur die Umbuchung'"),
    trip("Z1663", "refuse", ONE_NOT_TWO, BAGS, bags("L4WQ7E", 3, 2), "'juste une de plus, pas deux'"),
    trip("Z1664", "refuse", ONE_NOT_TWO_EN, BAGS, bags("L4WQ7E", 3, 2), "'just one more, not two'"),
    trip("Z1665", "allow", SECOND_BAG, BAGS, bags("L4WQ7E", 2, 1), "'Correct, envoye.'"),
    trip("Z1666", "allow", ISSUE_IT, CERTIFICATE, {**CERT, "amount": 50}, "'Bon, va pour cinquante. "
                                                                          "Émettez-le.'"),
    shop("Z1667", "allow", ORDER_FIRST, RETURN, SHOES_BACK, "'but do the sneaker return first' is an order"),
    shop("Z1668", "allow", ORDER_FIRST, CANCEL_ORDER, {"order_id": "#W7941031", "reason": "ordered by "
                                                                                          "mistake"},
         "'then cancel the watch order'"),
    shop("Z1669", "allow", ONE_OF_EACH, ADDRESS, {"order_id": "#W8665881", **AUSTIN},
         "'just the T-shirt' is the return's"),
    shop("Z1670", "refuse", ONE_OF_EACH, RETURN,
         {"order_id": "#W9389413", "item_ids": ["5047954489", "6342039236"], "payment_method_id": "paypal_4"},
         "the keyboard too"),
    shop("Z1671", "allow", HANG_ON_TO, PAYMENT, TO_PAYPAL, "'I'll hang on to the keyboard' holds nothing"),
    shop("Z1672", "refuse", HANG_ON_TO, RETURN, {"order_id": "#W6797115", "item_ids": ["7658724607"],
                                                 "payment_method_id": "gift_card_3"}, "the kept keyboard"),
    shop("Z1673", "allow", ONLY_PERFUME, PAYMENT, {"order_id": "#W5782623", "payment_method_id": "paypal_4"},
         "'Hmm, actually only move the perfume one'"),
    shop("Z1674", "refuse", ONLY_PERFUME, PAYMENT, {"order_id": "#W5270061", "payment_method_id": "paypal_4"},
         "the camera order stays on the gift card"),
    shop("Z1675", "allow", START_WITH, ADDRESS, {"order_id": "#W3414433", **PHOENIX},
         "'Let's start with the address'"),
    shop("Z1676", "refuse", START_WITH, CANCEL_ORDER, {"order_id": "#W5166363", "reason": "no longer needed"},
         "'keep the laptop'"),
    shop("Z1677", "allow", WHICH_TO_DO, ADDRESS, {"order_id": "#W5061109", **HOUSTON},
         "'Let me know which ones to go ahead with.' 'The address, yes.'"),
    shop("Z1678", "refuse", WHICH_TO_DO, RETURN, {"order_id": "#W5797164", "item_ids": ["9237024510"],
                                                  "payment_method_id": "gift_card_3"}, "'Leave the puzzle'"),
    shop("Z1679", "allow", STILL_ON, ITEMS, BOOTS_SWAP, "'The boots swap is still on.'"),
    shop("Z1680", "refuse", STILL_ON, RETURN, {"order_id": "#W1341845", "item_ids": ["6206533187"],
                                               "payment_method_id": "credit_card_1"}, "'let's hold the "
                                                                                      "return'"),
    shop("Z1681", "allow", NOT_YET, ADDRESS, {"order_id": "#W2022128", **COLUMBUS},
         "'just move the keyboard order'"),
    shop("Z1682", "refuse", NOT_YET, CANCEL_ORDER, {"order_id": "#W8997398", "reason": "no longer needed"},
         "'don't cancel yet'"),
]


@pytest.mark.parametrize("case", marked(CASES, {
    "Z1655": "the exchange's 'cambio' is also an address change's word: the step of the other order "
             "binds the call's too"}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("Órale, va. Gracias.", Act.AFFIRM),
    ("np go", Act.AFFIRM),
    ("yeah nah", Act.DECLINE),
    ("So yes, please go ahead and update it. Oh, and while I'm thinking of it, would it be possible to "
     "also change the address saved on my account itself?", Act.AFFIRM),
    ("Yes, go ahead. I'd rather not go through this again next time I order something.", Act.AFFIRM),
    ("no insurance, no bags, visa 6521", Act.OTHER),
    ("well if that's the rule. go on then, send them both back", Act.AFFIRM),
    ("well if the mastercard is the only way then the mastercard it is. yes please do both", Act.AFFIRM),
    ("yes please, both of those. the other one will come before I move", Act.AFFIRM),
    ("yeah nah yeah, go for it", Act.AFFIRM),
    ("then PayPal it is.", Act.AFFIRM),
    ("Correct, envoye.", Act.AFFIRM),
    ("Leave the puzzle, I'll give it to my niece.", Act.OTHER),  # (not "please" misspelt)
    ("Incorrect.", Act.DECLINE),
    ("Genial. Oye, lo de las Sneakers mejor déjalo estar.", Act.DECLINE),
    ("Great. Hey, about the Sneakers, better leave it, my son uses them.", Act.DECLINE),
    ("hmm, just cancel it", Act.AFFIRM),
    ("Hmm, actually cancel it. Or maybe not, let me think.", Act.HOLD),
])
def test_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


def test_spelled_numbers_in_the_language_the_text_is_in() -> None:
    assert 2 in spelled_numbers("aggiungo due bagagli alla prenotazione (totale due, nessun addebito "
                                "sulla visa)")
    assert {50, 100} <= set(spelled_numbers("ich kann ihnen ein zertifikat über fünfzig dollar pro passagier "
                                            "anbieten, also hundert dollar insgesamt"))
    assert 300 in spelled_numbers("un certificat de cent dollars par passager, soit trois cents dollars "
                                  "au total")
    # ("dos" is "of the" in Portuguese; an English text spells nothing here)
    assert 2 not in spelled_numbers("a devolução dos itens do pedido vai para o seu cartão")
    assert spelled_numbers("the amount due to you is refunded") == frozenset()
