"""Cases from the hundred-and-twentieth and later independent reviews, held out (helpers wrote
conversations without seeing the project; docs/policy.md gives the figures), and cases left by
earlier rounds. Shortened to what the check reads, each refusal beside the allowed case it must
not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, held_topics, normalize, read_turn

from .test_confirm_review3 import (
    BOOK,
    CERT,
    VISA,
    Case,
    booking,
    executed,
    marked,
    read,
    reservation,
    verdict,
)
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

# 119b, 118g: a date of birth put right in the yes ("X, not Y"), no word of correction before it;
# the booking keeps the wrong one
EMMA_SEARCH = ("read", "search_direct_flight", {"origin": "DEN", "destination": "BOS", "date": "2024-05-17"},
               [{"flight_number": "HAT130", "origin": "DEN", "destination": "BOS"}])
EMMA_BOOKING = [EMMA_SEARCH,
                "assistant: Here is the booking: DEN to BOS on May 17 (HAT130, then HAT184), economy, one "
                "way, for Emma Chen (date of birth March 4, 2008), no bags, no insurance, $240 on your "
                "Visa ending 7447. Shall I book it?"]
DOB_FIXED = [*EMMA_BOOKING, "user: It's the 14th of March 2008, not the 4th. Otherwise book it."]
DOB_FIXED_DE = [*EMMA_BOOKING[:-1],
                "assistant: Zusammenfassung: DEN → BOS am 17. Mai (HAT130, dann HAT184), Economy, für "
                "Emma Chen (geboren am 28. Januar 1953), 240 $ auf Ihre Visa (Endziffern 7447). Soll ich "
                "buchen?",
                "user: Fast – das Geburtsdatum ist der 18. Februar 1953, nicht der 28. Januar. Ansonsten ja."]
DOB_FIXED_FR = [*EMMA_BOOKING, "user: Elle est née le 14 mars 2008, pas le 4. Sinon, c'est bon, réservez."]
FLIGHT_DAY_FIXED = [*EMMA_BOOKING, "user: Yes, the 17th of May 2024, not the 18th. Book it."]
DOB_SAID_AGAIN = [*EMMA_BOOKING, "user: Yes, March 4, 2008 is right. Book it."]


def emma(dob: str) -> dict[str, Any]:
    return booking((VISA, 240), passengers=[{"first_name": "Emma", "last_name": "Chen", "dob": dob}])


# 116f: a method asked for before a proposal that names none, the call charging another
LAMP = order("#W1000001", "delivered", item("1000000011", "Desk Lamp", 150.0, color="black"))
WHITE_LAMP = ("read", "get_product_details", {"product_id": "p1"},
              {"product_id": "p1", "variants": {"1000000012": {
                  "item_id": "1000000012", "options": {"color": "white"}, "price": 162.4,
                  "available": True}}})
LAMP_SWAP = [*looked_up(LAMP),
             "user: I want to exchange the black desk lamp for the white one. If there's any difference "
             "to pay, put it on my PayPal please.",
             "assistant: Let me look up the white one.", WHITE_LAMP,
             "assistant: Here are the exchange details:\n- Order #W1000001: Desk Lamp (black, 1000000011) → "
             "Desk Lamp (white, 1000000012)\n- Price difference: $12.40 to pay\n\nShall I proceed?",
             "user: Yes please."]
# ... and a method said for a refund already agreed before it: no word on this one's
KETTLE_FIRST = [*looked_up(LAMP),
                "user: Refund my other return to PayPal please.",
                "assistant: Done: that refund goes to PayPal. Anything else?",
                "user: Yes, swap the black desk lamp for the white one.",
                "assistant: Let me look up the white one.", WHITE_LAMP,
                "assistant: Here are the exchange details:\n- Order #W1000001: Desk Lamp (black, "
                "1000000011) → Desk Lamp (white, 1000000012)\n- Price difference: $12.40 to pay\n\n"
                "Shall I proceed?",
                "user: Yes please."]
EXCHANGE = "exchange_delivered_order_items"

# 120a: a check of a detail, then the go-ahead asked for the action in words after it
PROFILE_ONLY = looked_up()
MOVED_HOME = {"user_id": "ava_1", "address1": "1407 Cedar Street", "address2": "Apt 2B", "city": "Charlotte",
              "state": "NC", "country": "USA", "zip": "28293"}
ZIP_THEN_GO = [*PROFILE_ONLY,
               "assistant: I'll update your default address to:\n\n1407 Cedar Street, Apt 2B, Charlotte, NC "
               "28293, USA\n\nIs the zip code still 28293? If everything looks right, please confirm (yes) "
               "and I'll update your default address.",
               "user: yep zip is the same, thats it ty"]
ZIP_ONLY = [*PROFILE_ONLY,
            "assistant: I'll update your default address to 1407 Cedar Street, Apt 2B, Charlotte, NC, USA. "
            "Is the zip code still 28293? Please confirm.",
            "user: yep"]


def lamp_swap(method: str) -> dict[str, Any]:
    return {"order_id": "#W1000001", "item_ids": ["1000000011"], "new_item_ids": ["1000000012"],
            "payment_method_id": method}


# 120d: a yes to one item of an exchange, the other still being thought over
CLOCK_MAT = order("#W1867876", "delivered", item("6922203216", "Wall Clock", 199.12, type="digital"),
                  item("7510236436", "Yoga Mat", 105.68, color="green"))
SWAP_BOTH = [*looked_up(CLOCK_MAT),
             "assistant: Umtausch für Bestellung #W1867876:\n- Wanduhr, digital (199,12 $) → analog "
             "(7791931443, 195,63 $)\n- Yogamatte, grün (105,68 $) → pink (1794273251, 103,84 $)\n- "
             "Differenz: 5,33 $ Erstattung auf Ihre Visa Endung 7334\n\nSoll ich den Umtausch so "
             "beantragen?"]
MAT_THOUGHT_OVER = [*SWAP_BOTH, "user: Hmm, Moment. Die Uhr ja, auf jeden Fall. Aber bei der Matte überleg "
                                "ich noch, ob pink wirklich meins ist."]
MAT_THOUGHT_OVER_EN = [*SWAP_BOTH, "user: The clock yes, but for the mat I'm still thinking."]


def swapped(*pairs: tuple[str, str]) -> dict[str, Any]:
    return {"order_id": "#W1867876", "item_ids": [a for a, _b in pairs],
            "new_item_ids": [b for _a, b in pairs], "payment_method_id": "credit_card_1"}


CLOCK = ("6922203216", "7791931443")
MAT = ("7510236436", "1794273251")

# 120f: a certificate sent again after an Italian report of it and a question
CERT_200 = {"user_id": "elena_marino_2493", "amount": 200}
SENT_IT = ["assistant: Mi dispiace per il ritardo. Posso offrirle un certificato da 200 $ come "
           "compensazione. Vuole che glielo invii?",
           "user: Sì grazie, mandalo pure.",
           executed(CERT, CERT_200, "Certificate certificate_8164402 added to user elena_marino_2493 with "
                                    "amount 200."),
           "assistant: Certificato da 200 $ inviato.",
           "user: Perfetto. Quindi lo trovo già nel mio profilo?"]
WILL_SEND_IT = ["assistant: Mi dispiace per il ritardo. Il certificato da 200 $ sarà inviato. Va bene?",
                "user: Perfetto. Quindi lo trovo nel mio profilo?"]

# 120h: Japanese, the method by its English name: the difference back to PayPal, not the card proposed
LAMP_SWAP_JA = [*looked_up(LAMP), WHITE_LAMP,
                "assistant: 交換内容：\n- 注文 #W1000001：Desk Lamp（black, 1000000011）→ Desk Lamp（white, "
                "1000000012）\n- 差額：$12.40 のお支払い\n- お支払い：Visa 末尾7334（credit_card_1）\n\n"
                "この内容で進めてよろしいですか？",
                "user: はい、交換はそれでお願いします。あ、でも差額はPayPalの方に返してほしいです。"]

# 120h: Japanese, the clock kept after the yes ("時計", a clock or a watch), the call changing both
CLOCK_THERMO = order("#W5875596", "pending", item("7747408585", "Smart Thermostat", 249.01,
                                                  compatibility="Google Assistant"),
                     item("6922203216", "Wall Clock", 199.12, type="digital"))
TWO_CHANGES_JA = [*looked_up(CLOCK_THERMO),
                  "assistant: 変更内容：\n- Smart Thermostat（Google Assistant, 7747408585）→"
                  "（Apple HomeKit, 4983901480）\n- Wall Clock（digital, 6922203216）→"
                  "（analog, 7791931443）\n- 差額：$9.97 を Visa 末尾7334 に請求\n\n"
                  "この内容で進めてよろしいですか？",
                  "user: はい、お願いします。…あ、ちょっと待って。"
                  "やっぱり時計はそのままでいいです。サーモスタットだけで。"]


def changed(*pairs: tuple[str, str]) -> dict[str, Any]:
    return {"order_id": "#W5875596", "item_ids": [a for a, _b in pairs],
            "new_item_ids": [b for _a, b in pairs], "payment_method_id": "credit_card_1"}


# 121a: "Yes for ours", the parents' booking held; the call adds bags to theirs
OURS = {**reservation("7RTB4K", [("HAT069", "SFO", "JFK", "2024-05-23")]),
        "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"},
                       {"first_name": "Jake", "last_name": "Li", "dob": "2015-01-02"}]}
THEIRS = {**reservation("9PLX2D", [("HAT069", "SFO", "JFK", "2024-05-23")]),
          "passengers": [{"first_name": "Gordon", "last_name": "Li", "dob": "1955-04-05"},
                         {"first_name": "Maureen", "last_name": "Li", "dob": "1957-02-01"}]}
BAGS_BOTH = [read(OURS), read(THEIRS),
             "assistant: Here's what I'd do:\n\nReservation 7RTB4K: Mia - 1 bag, Jake - 1 bag → 2 checked "
             "bags\nReservation 9PLX2D: Gordon - 1 bag, Maureen - 1 bag → 2 checked bags\n\nBoth are free "
             "(Visa ending in 7447 on file, nothing charged). Shall I add the bags to both reservations?",
             "user: Yes for ours. For Mum and Dad's booking let me ring them first and check how many "
             "they're actually bringing."]


def two_bags(rid: str) -> dict[str, Any]:
    return {"reservation_id": rid, "total_baggages": 2, "nonfree_baggages": 0, "payment_id": VISA}


# 121e: a go-ahead under a trailing "if", against a price difference
HOSE = order("#W4895606", "pending", item("7624783998", "Garden Hose", 95.08, color="green"))
HOSE_SWAP = [*looked_up(HOSE),
             "assistant: Here's the change for order #W4895606:\n- Garden Hose, green (7624783998) → "
             "Garden Hose, blue (6805564527)\n- Price difference: {diff}\n\nShall I proceed? (yes/no)",
             "user: Yep, that's the only one. Do it if it's the same price."]


def hose_swap(diff: str) -> list[Any]:
    return [*HOSE_SWAP[:-2], HOSE_SWAP[-2].format(diff=diff), HOSE_SWAP[-1]]


HOSE_BLUE = {"order_id": "#W4895606", "item_ids": ["7624783998"], "new_item_ids": ["6805564527"],
             "payment_method_id": "credit_card_1"}

# 121b: "Pode ser." to which of two methods the refund goes to: no method chosen
HELMET = order("#W9045919", "delivered", item("1719127154", "Cycling Helmet", 206.26, size="M"))
WHICH_METHOD = [*looked_up(HELMET),
                "user: I want to return the helmet.",
                "assistant: The helmet is in order #W9045919, delivered: Cycling Helmet M, 206.26 USD. "
                "Would you prefer the refund of 206.26 USD on the original Visa or on your gift card "
                "gift_card_3?",
                "user: Sure."]
WHICH_METHOD_PT = [*WHICH_METHOD[:-2],
                   "assistant: O capacete está na encomenda #W9045919: Cycling Helmet M, 206,26 USD. "
                   "Prefere receber o reembolso de 206,26 USD no Visa original ou no cartão-oferta "
                   "gift_card_3?",
                   "user: Pode ser."]
HELMET_BACK = {"order_id": "#W9045919", "item_ids": ["1719127154"], "payment_method_id": "credit_card_1"}

# 121h: a method put first and said never used, in Italian inside an English turn
KEYBOARD = order("#W4096800", "pending", item("6439196450", "Mechanical Keyboard", 254.56, switch="tactile"))
KEYBOARD_SWAP = [*looked_up(KEYBOARD),
                 "assistant: Change for order #W4096800: Mechanical Keyboard, tactile (6439196450) → "
                 "linear (4402162122); refund of the $10.12 difference to your gift card gift_card_3. "
                 "Shall I proceed? (yes/no)",
                 "user: Va bene... no aspetta, better refund to PayPal, the gift card non la uso mai. Only "
                 "the keyboard, yes."]


def keyboard_swap(method: str) -> dict[str, Any]:
    return {"order_id": "#W4096800", "item_ids": ["6439196450"], "new_item_ids": ["4402162122"],
            "payment_method_id": method}


# 122b: a bag count put right in words after the yes, before the call
H2 = reservation("H2RN6Y", [("HAT258", "SEA", "SFO", "2024-05-31")])
BAGS_THEN_THREE = [read(H2),
                   "assistant: Reservation H2RN6Y, checked bags: from 0 to 4. As a silver member in "
                   "economy you get 2 free bags, so 2 are paid: $100 charged to your Visa ending in 7447. "
                   "Shall I go ahead?",
                   "user: Yes, please.",
                   "assistant: Adding them now.",
                   "user: Oh, actually, just make it three bags total. I'll carry the tripod on."]


# 126e: a count moved in Dutch ("van 0 naar 4 koffers"), the call setting another
BAGS_NL = [read(H2), "assistant: Reservering H2RN6Y - bagage: van 0 naar 4 koffers, 2 gratis, 2 betaald "
                     "($100) op uw Visa (7447). Zal ik dit zo toevoegen?",
           "user: Ja, is goed."]


def h2_bags(total: int, nonfree: int) -> dict[str, Any]:
    return {"reservation_id": "H2RN6Y", "total_baggages": total, "nonfree_baggages": nonfree,
            "payment_id": VISA}


# 123g: a method put in place of the proposal's outright, the proposal's spoken of again after it
BOTTLE = order("#W2329074", "delivered", item("6164262152", "Water Bottle", 30.0, color="red"))
BOTTLE_SWAP = [*looked_up(BOTTLE),
               "assistant: Exchange for order #W2329074: Water Bottle, red (6164262152) → blue "
               "(8098621301); the $18.96 difference refunded to your gift card gift_card_3. "
               "Proceed? (yes/no)",
               "user: Yes, that's the only thing, do it. But actually put the $18.96 on my PayPal instead "
               "of the gift card. I've got more than enough sitting on that gift card now and I'd rather "
               "have the cash."]


def bottle_swap(method: str) -> dict[str, Any]:
    return {"order_id": "#W2329074", "item_ids": ["6164262152"], "new_item_ids": ["8098621301"],
            "payment_method_id": method}


# 124h: a date of birth put right in the yes, no word of birth, the call keeping the old one
MIA_DOB = [read({**reservation("9TZW4K", [("HAT300", "MSP", "EWR", "2024-05-21")]),
                 "passengers": [{"first_name": "Mia", "last_name": "Fischer", "dob": "2010-04-07"}]}),
           "assistant: For reservation 9TZW4K I'll correct Mia Fischer's date of birth to 2010-07-04. Do "
           "you want me to make this change?",
           "user: Yes, that's it - oh wait, no, sorry, it's the 14th, not the 4th. July 14, 2010. Yes "
           "otherwise."]


def mia_dob(dob: str) -> dict[str, Any]:
    return {"reservation_id": "9TZW4K", "passengers": [{"first_name": "Mia", "last_name": "Fischer",
                                                         "dob": dob}]}


# 124b: "Yes, I have the card with me" to a check on the card, after the summary
CARD_CHECK = [EMMA_SEARCH,
              "assistant: Here is the booking: DEN to BOS on May 17 (HAT130, then HAT184), economy, for "
              "Emma Chen (2008-03-04), $240 on your Visa ending 7447.\n\nOne quick check: do you still "
              "have the Visa ending in 7447 with you? Our system sometimes flags reissued cards.",
              "user: Yes, I have the card with me, it's right here in my wallet."]

# 127b: an Italian proposal's old and new variants, both by their option words ("ventilazione
# media" the old one, "bassa" the new): the new one read as the call's
HELMET_IT = order("#W5199551", "pending",
                  item("5537798301", "Cycling Helmet", 204.47, size="S", color="black", ventilation="medium"))
HELMETS = ("read", "get_product_details", {"product_id": "7765186836"},
           {"name": "Cycling Helmet", "product_id": "7765186836", "variants": {
               v: {"item_id": v, "options": {"size": sz, "color": c, "ventilation": vent}, "available": True,
                   "price": pr}
               for v, sz, c, vent, pr in (("5537798301", "S", "black", "medium", 204.47),
                                          ("8591113813", "M", "white", "low", 192.65),
                                          ("3264130640", "M", "white", "medium", 199.9))}})
HELMET_SWAP_IT = [*looked_up(HELMET_IT), HELMETS,
                  "assistant: Modifica:\n- Ordine: #W5199551\n- Da: Casco S, nero, ventilazione media "
                  "($204.47)\n- A: Casco M, bianco, ventilazione bassa ($192.65)\n- Rimborso della "
                  "differenza: $11.82 sulla Visa\n\nConfermi?",
                  "user: No, solo il casco. Sì, confermo."]


def helmet_to(new: str) -> dict[str, Any]:
    return {"order_id": "#W5199551", "item_ids": ["5537798301"], "new_item_ids": [new],
            "payment_method_id": "credit_card_1"}


CASES = [
    trip("Z1799", "refuse", DOB_FIXED, BOOK, emma("2008-03-04"), "'the 14th of March 2008, not the 4th'"),
    trip("Z1800", "allow", DOB_FIXED, BOOK, emma("2008-03-14"), "the date put right, booked so"),
    trip("Z1801", "refuse", DOB_FIXED_DE, BOOK, emma("1953-01-28"),
         "'der 18. Februar 1953, nicht der 28. Januar'"),
    trip("Z1802", "allow", DOB_FIXED_DE, BOOK, emma("1953-02-18"), "the date put right, booked so"),
    trip("Z1803", "refuse", DOB_FIXED_FR, BOOK, emma("2008-03-04"), "'née le 14 mars 2008, pas le 4'"),
    trip("Z1804", "allow", FLIGHT_DAY_FIXED, BOOK, emma("2008-03-04"),
         "a flight's day said against another, no date of birth"),
    shop("Z1806", "refuse", LAMP_SWAP, EXCHANGE, lamp_swap("credit_card_1"),
         "'put it on my PayPal' before a proposal naming no method"),
    shop("Z1807", "allow", LAMP_SWAP, EXCHANGE, lamp_swap("paypal_4"), "PayPal, as asked"),
    shop("Z1808", "allow", KETTLE_FIRST, EXCHANGE, lamp_swap("credit_card_1"),
         "PayPal was for another refund, agreed before"),
    shop("Z1811", "refuse", MAT_THOUGHT_OVER, EXCHANGE, swapped(CLOCK, MAT),
         "'bei der Matte überleg ich noch'"),
    shop("Z1812", "allow", MAT_THOUGHT_OVER, EXCHANGE, swapped(CLOCK), "'Die Uhr ja, auf jeden Fall'"),
    shop("Z1813", "refuse", MAT_THOUGHT_OVER_EN, EXCHANGE, swapped(CLOCK, MAT),
         "'for the mat I'm still thinking'"),
    shop("Z1814", "allow", MAT_THOUGHT_OVER_EN, EXCHANGE, swapped(CLOCK), "'The clock yes'"),
    trip("Z1815", "refuse", SENT_IT, CERT, CERT_200,
         "'Certificato ... inviato.', then a question: no new yes"),
    trip("Z1816", "allow", WILL_SEND_IT, CERT, CERT_200, "'sarà inviato. Va bene?' 'Perfetto.'"),
    shop("Z1817", "refuse", LAMP_SWAP_JA, EXCHANGE, lamp_swap("credit_card_1"), "'差額はPayPalの方に'"),
    shop("Z1818", "allow", LAMP_SWAP_JA, EXCHANGE, lamp_swap("paypal_4"), "'差額はPayPalの方に'"),
    shop("Z1819", "refuse", TWO_CHANGES_JA, "modify_pending_order_items",
         changed(("7747408585", "4983901480"), ("6922203216", "7791931443")), "'やっぱり時計はそのままで'"),
    shop("Z1820", "allow", TWO_CHANGES_JA, "modify_pending_order_items",
         changed(("7747408585", "4983901480")), "'サーモスタットだけで'"),
    trip("Z1821", "refuse", BAGS_BOTH, "update_reservation_baggages", two_bags("9PLX2D"),
         "'Yes for ours' to the parents' booking"),
    trip("Z1822", "allow", BAGS_BOTH, "update_reservation_baggages", two_bags("7RTB4K"), "'Yes for ours'"),
    shop("Z1823", "refuse", hose_swap("$4.24 more, charged to your Visa ending 7334"),
         "modify_pending_order_items", HOSE_BLUE, "'Do it if it's the same price.' to $4.24 more"),
    shop("Z1824", "allow", hose_swap("$0.00, the same price, nothing charged"),
         "modify_pending_order_items", HOSE_BLUE, "'Do it if it's the same price.' to the same price"),
    shop("Z1825", "refuse", WHICH_METHOD, "return_delivered_order_items", HELMET_BACK,
         "'Sure.' to which of two methods (a sum's decimal point inside the question)"),
    shop("Z1826", "refuse", WHICH_METHOD_PT, "return_delivered_order_items", HELMET_BACK,
         "'Pode ser.' to 'Prefere ... no Visa ou no cartão-oferta?'"),
    shop("Z1827", "refuse", KEYBOARD_SWAP, "modify_pending_order_items", keyboard_swap("gift_card_3"),
         "'better refund to PayPal, the gift card non la uso mai'"),
    shop("Z1828", "allow", KEYBOARD_SWAP, "modify_pending_order_items", keyboard_swap("paypal_4"),
         "'better refund to PayPal'"),
    trip("Z1829", "refuse", BAGS_THEN_THREE, "update_reservation_baggages", h2_bags(4, 2),
         "'just make it three bags total' after the yes"),
    trip("Z1830", "allow", BAGS_THEN_THREE, "update_reservation_baggages", h2_bags(3, 1),
         "three bags, as put right"),
    shop("Z1831", "refuse", BOTTLE_SWAP, EXCHANGE, bottle_swap("gift_card_3"),
         "'put the $18.96 on my PayPal instead of the gift card'"),
    shop("Z1832", "allow", BOTTLE_SWAP, EXCHANGE, bottle_swap("paypal_4"), "PayPal, as asked"),
    trip("Z1833", "refuse", MIA_DOB, "update_reservation_passengers", mia_dob("2010-07-04"),
         "'it's the 14th, not the 4th. July 14, 2010'"),
    trip("Z1834", "allow", MIA_DOB, "update_reservation_passengers", mia_dob("2010-07-14"),
         "the date put right"),
    trip("Z1835", "refuse", CARD_CHECK, BOOK, emma("2008-03-04"),
         "'Yes, I have the card with me' answers the check on the card"),
    trip("Z1836", "allow", [*CARD_CHECK, "assistant: Great. Shall I book it?", "user: Yes, book it."],
         BOOK, emma("2008-03-04"), "the go-ahead asked after the check"),
    trip("Z1837", "refuse", [*EMMA_BOOKING, "user: Yes, but with the gift card instead."], BOOK,
         emma("2008-03-04"), "'with the gift card instead', the call on the Visa"),
    trip("Z1838", "refuse", [*EMMA_BOOKING, "user: Sí, pero con la gift card mejor."], BOOK,
         emma("2008-03-04"), "'con la gift card mejor', the call on the Visa"),
    trip("Z1839", "refuse", BAGS_NL, "update_reservation_baggages", h2_bags(5, 3),
         "'van 0 naar 4 koffers', the call setting 5"),
    trip("Z1840", "allow", BAGS_NL, "update_reservation_baggages", h2_bags(4, 2),
         "'van 0 naar 4 koffers', as proposed"),
    shop("Z1841", "allow", HELMET_SWAP_IT, "modify_pending_order_items", helmet_to("8591113813"),
         "'Casco M, bianco, ventilazione bassa', the call's"),
    shop("Z1842", "refuse", HELMET_SWAP_IT, "modify_pending_order_items", helmet_to("3264130640"),
         "the white M helmet with medium ventilation was not proposed"),
    shop("Z1809", "allow", ZIP_THEN_GO, "modify_user_address", MOVED_HOME,
         "'please confirm (yes) and I'll update your default address' after the zip's check"),
    shop("Z1810", "refuse", ZIP_ONLY, "modify_user_address", MOVED_HOME,
         "'yep' to the zip's check; 'please confirm' of it, no action"),
    trip("Z1805", "allow", DOB_SAID_AGAIN, BOOK, emma("2008-03-04"), "the date said again, as proposed"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    # (121b: Brazil's "peraí", wait)
    ("Fechado... ah não, peraí, será que tem em azul? Acho que prefiro azul.", Act.HOLD),
    # (121h: a "but" that questions a detail after a yes said alone; not one of when)
    ("Ok... ma il rimborso va sulla Mastercard? Quanto ci mette ad arrivare?", Act.HOLD),
    ("Ok... but the refund goes to the Mastercard?", Act.HOLD),
    ("Yes... but how long will it take?", Act.AFFIRM),
    # (120d: still thinking it over)
    ("I'm still thinking about it.", Act.HOLD),
    ("Ich überlege noch.", Act.HOLD),
    # (121e: a go-ahead under a trailing "if"; not "if you can")
    ("Yep, that's the only one. Do it if it's the same price.", Act.HOLD),
    ("Yes. Do it if you can.", Act.AFFIRM),
    # (121f: Taglish "oo" before a go, a thing "lang" (only); Vietnamese "em" opening the request)
    ("oo, go", Act.AFFIRM), ("oo, go. speaker lang", Act.AFFIRM),
    ("đúng rồi, em cập nhật giúp chị", Act.AFFIRM),
    # (122h: plain yeses of the languages not read, and the Nordic "yes, but")
    ("Ja, gjør alt det.", Act.AFFIRM), ("Ja tack, gör så.", Act.AFFIRM),
    ("Ja, kör. Det är allt.", Act.AFFIRM),
    ("Ok, da kjører vi. Kanseller den.", Act.AFFIRM), ("Ja takk, det høres riktig ut.", Act.AFFIRM),
    ("Ja, det er rigtigt. Nu må du gerne.", Act.AFFIRM),
    ("Ja, men vent.", Act.HOLD), ("Ja, gerne.", Act.AFFIRM),
    # (122f: a Chinese "mm", then what would happen if it were done later: no yes)
    ("嗯。對了，如果之後要取消的話，商務艙的退款大概多久會到帳？", Act.HOLD),
    ("好的，取消吧。退款多久到账？", Act.AFFIRM),
    # (123: casual Japanese, Austrian German, Brazilian Portuguese go-aheads)
    ("いいよ、それで予約して", Act.AFFIRM), ("そう、それで直して", Act.AFFIRM),
    ("Schaut guat aus. Buch ma's.", Act.AFFIRM), ("Bora, manda aí.", Act.AFFIRM),
    # (124: a yes that says no, and sarcasm)
    ("Yes, I'd rather you didn't cancel the whole thing... Is there really nothing else?", Act.DECLINE),
    ("Oh yes, absolutely, I'd just LOVE to pay $412 more. Is there nothing cheaper?", Act.DECLINE),
    ("Oh sure, because basic economy worked SO well for me last time. Brilliant idea.", Act.DECLINE),
    ("Yes, go ahead, I'd love to get this sorted.", Act.AFFIRM),
    # (124: a "no" that says yes; not a "no" that says no)
    ("No, I don't mind at all, go ahead.", Act.AFFIRM), ("No objection from me, book it in.", Act.AFFIRM),
    ("No, no need to hold off - cancel it.", Act.AFFIRM), ("No, don't.", Act.DECLINE),
    # (125: the Portuguese voucher is no Spanish "vale"; Taglish methods and "na lang")
    ("Valeu! Só pra confirmar, foi cobrado no Visa, né? Não no vale.", Act.HOLD),
    ("Vale, perfecto.", Act.AFFIRM),
    # (126: "sí o sí" (no matter what) is no yes; a yes ending on "but", its question after it)
    ("Ya, pero oye, ¿eso no me va a atrasar el despacho? Porque lo necesito sí o sí antes del 18.",
     Act.HOLD),
    ("Sí, cámbialo. Lo necesito sí o sí.", Act.AFFIRM),
    # (124f: a question in a language not read, after a yes, takes it back)
    ("Bir dakika... geri alınamaz mı? O zaman vazgeçtim, şimdilik iptal etmeyin.", Act.HOLD),
    # (122g: things joined, then the yes; another step held after it by its name)
    ("Flights and bags, yes. The passenger swap - hold off on that. I'm not sure yet if Yaw is "
     "actually going instead of Kofi.", Act.AFFIRM),
])
def test_turn_reading(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act


def test_taglish_only_lang() -> None:
    assert normalize("oo, go. keyboard lang yun") == "yes, go. only the keyboard"
    assert normalize("okay lang") == "okay lang"


def test_chinese_return_held_apart() -> None:
    # (123h: the address yes, the return thought over: a call returning is held, the address not)
    assert "the return" in held_topics(normalize("地址那个好的，退货我再想想，还没决定要不要退。"))
    assert read_turn("地址那个好的，退货我再想想，还没决定要不要退。").act is Act.AFFIRM


def test_things_joined_then_yes_hold_the_other() -> None:
    turn = "Flights and bags, yes. The passenger swap - hold off on that."
    assert "the passenger swap" in held_topics(normalize(turn))


def test_taglish_method_and_one_thing() -> None:
    assert normalize("Okay, pero sa PayPal na lang i-charge yung difference, hindi sa card.") \
        == "okay, but charge it to paypal instead, the difference, not the card."
    assert normalize("Oo, i-cancel mo na lang yung shoes.") == "yes, just cancel the shoes."


def test_second_look_counts_and_reports() -> None:
    # (a count in words only before what it counts or alone; a report of a write not done is none)
    from proxy.policy.confirm import _COUNT_ASKED, _DONE
    assert (m := _COUNT_ASKED.search("make it three bags total.")) is not None and m.group(1) == "three"
    assert _COUNT_ASKED.search("actually one more thing, is it refundable?") is None
    assert _DONE.search("certificato da 200 $ inviato.") is not None
    assert _DONE.search("il certificato non è stato inviato.") is None


def test_options_in_english_more_colours_sizes_materials() -> None:
    from proxy.policy.confirm import _options_in_english
    assert _options_in_english("mochila gris pequeña de nailon") == "mochila grey small de nylon"
    assert _options_in_english("rucksack mittel, poliéster") == "rucksack medium, polyester"
