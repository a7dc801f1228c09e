"""Cases from the eighty-third independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures): retail in English, addresses for orders
and the profile; airline in English, one leg of a trip changed; retail in Japanese and
Traditional Chinese; airline in French, Portuguese and Italian. Shortened to what the check
reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet
from proxy.policy.dialogue import Act, read_turn

from .test_confirm_review3 import MIA, VISA, Case, booking, marked, read, reservation, verdict
from .test_confirm_review8 import ADDRESS, shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import item, looked_up, order

FLIGHTS = "update_reservation_flights"
BAGS = "update_reservation_baggages"
ORDER_ADDRESS = "modify_pending_order_address"
GC1 = "gift_card_1000001"


def flights(*legs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"flight_number": n, "date": d} for n, d in legs]


def ship(order_id: str, street: str, unit: str, city: str, state: str, zip_code: str) -> dict[str, Any]:
    return {"order_id": order_id, "address1": street, "address2": unit, "city": city, "state": state,
            "country": "USA", "zip": zip_code}


# 83d: two reservations, the one on the 30th held ("Pour celle du 30, non, attendez")
M2K = reservation("M2KD5T", [("HAT057", "JFK", "ORD", "2024-05-27")])
R7F = reservation("R7FP3X", [("HAT057", "JFK", "ORD", "2024-05-30")])
TWO_DAYS = [read(M2K), read(R7F),
            "assistant: Voici ce que cela donnerait :\n\n• **M2KD5T** — 27 mai : HAT057 (6h00) → HAT318 "
            "(18h00), soit **+24 $**\n• **R7FP3X** — 30 mai : HAT057 (6h00) → HAT318 (18h00), soit **10 $ "
            "remboursés**\n\nLe paiement et le remboursement se feraient sur votre Visa …7447. On modifie "
            "les deux ?"]
FIRST_FR = [*TWO_DAYS, "user: Pour la première, oui, allez-y. Pour celle du 30, non, attendez, laissez-la "
            "pour l'instant : je ne suis pas sûr de mon planning ce jour-là."]
FIRST_EN = [*TWO_DAYS, "user: For the first, yes, go ahead. For the one on the 30th, no, wait, leave it for "
            "now: I'm not sure of my schedule that day."]
ON_27 = {"reservation_id": "M2KD5T", "cabin": "economy", "payment_id": VISA,
         "flights": flights(("HAT318", "2024-05-27"))}
ON_30 = {"reservation_id": "R7FP3X", "cabin": "economy", "payment_id": VISA,
         "flights": flights(("HAT318", "2024-05-30"))}
# 83d: a bag held, then asked for in French ("Ajoutez-la maintenant, s'il vous plaît.")
S9G = reservation("S9GD2V", [("HAT199", "LAX", "SFO", "2024-05-23")], bags=1)
BAG_LATER = [read(S9G),
             "assistant: Je vous propose pour S9GD2V :\n\n1) **Changement de vol** : HAT199 → **HAT081** le "
             "23 mai, en économique, 18 $ remboursés sur votre Visa.\n2) **Valise** : 1 → 2 bagages en "
             "soute, sans frais.\n\nJe fais les deux ?",
             "user: Le changement de vol, oui. La valise, pas encore — je vous dis ça tout à l'heure, "
             "j'attends la réponse de ma sœur."]
BAG_NOW = [*BAG_LATER, "assistant: C'est fait pour le vol. Je n'ajoute pas la valise tant que vous ne me "
           "l'avez pas demandé.", "user: Ma sœur vient de répondre : elle me prête sa grande valise. "
           "Ajoutez-la maintenant, s'il vous plaît."]
TWO_BAGS = {"reservation_id": "S9GD2V", "total_baggages": 2, "nonfree_baggages": 0, "payment_id": VISA}
# 83d: a round trip's return picked by its time ("pode ser o das 21h")
BY_TIME_PT = ["assistant: A alternativa em 28/05 é o **HAT322**, 21:00 → 23:00.\n\nNova proposta, ida e "
              "volta DFW ⇄ DEN:\n- Ida: HAT038 em 25/05 (10:00–12:00)\n- Volta: **HAT322** em 28/05 "
              "(21:00–23:00)\n- Econômica, Mia Li, sem seguro\n- Total: **US$ 240** no Visa final 7447\n\n"
              "Quer que eu reserve assim?", "user: Ah, que pena. Tudo bem, pode ser o das 21h."]
ROUND_TRIP = {**booking((VISA, 240), passengers=[MIA],
                        flights=flights(("HAT038", "2024-05-25"), ("HAT322", "2024-05-28"))),
              "origin": "DFW", "destination": "DEN", "flight_type": "round_trip"}
# 83d: a plan's third step paid on the gift card, in Portuguese ("no vale-presente")
N7X = reservation("N7XK2P", [("HAT047", "BOS", "MIA", "2024-05-25")], bags=1)
BAGS_ON_GIFT_PT = [read(N7X),
                   "assistant: Este é o plano:\n\n1. **Voo**: HAT047 de 25/05 → HAT047 de 26/05, econômica. "
                   "Diferença US$ 50, no vale-presente.\n2. **Malas**: de 1 para 3 despachadas; 1 mala é "
                   "paga: US$ 50, no vale-presente.\n\nPosso fazer tudo?", "user: Sim, pode fazer tudo."]


def three_bags(pay: str) -> dict[str, Any]:
    return {"reservation_id": "N7XK2P", "total_baggages": 3, "nonfree_baggages": 1, "payment_id": pay}


# 83a: a yes to one order's new address, another address given for the next ("... 44 Birch
# Lane, Unit 2, Fremont")
BOOTS = order("#W3168895", "pending", item("3168895001", "Hiking Boots", 200.0, size="9"))
LAPTOP = order("#W6116680", "pending", item("6116680001", "Laptop", 1500.0, screen="15-inch"))
NEW_PLACE = [*looked_up(BOOTS, LAPTOP),
             "assistant: For the first order, here's the change:\n\nOrder #W3168895 (hiking boots) -> "
             "4410 Stevens Creek Boulevard, Apt 12, San Jose, CA 95129, USA.\n\nDoes that look right and "
             "would you like me to go ahead? And whenever you have your daughter's address, send it over "
             "and we'll handle #W6116680.",
             "user: Yes, the boots one to my new place is right, go ahead. And for the laptop one, my "
             "daughter's address is 44 Birch Lane, Unit 2, Fremont, CA 94538."]
# 83a: the grill order thought through ("If I cancel it all my brother doesn't get his grill")
GRILL = order("#W2466703", "pending", item("2466703001", "Electric Grill", 900.0, size="medium"))
SHOES = order("#W6832752", "pending", item("6832752001", "Hiking Boots", 250.0, size="7"))
THOUGHT_THROUGH = [*looked_up(SHOES, GRILL),
                   "assistant: **Boots:** order #W6832752 is pending. I can redirect it to your profile "
                   "address, 2201 Westheimer Rd, Apt 9, Houston, TX 77098, USA.\n\n**Grill order:** "
                   "#W2466703 is also pending. I can't take just the bookshelf off; I could cancel the "
                   "whole order.\n\nWould you like me to go ahead and redirect the boots?",
                   "user: Go ahead with the boots, yes, to Westheimer. As for the grill thing, hmm. If I "
                   "cancel it all my brother doesn't get his grill for the 4th. Leave that order alone then, "
                   "he can give the bookshelf to his neighbour or something."]
# 83a: the profile said yes to, the two orders left ("The two orders, I'm not sure.")
BACKPACK = order("#W6885344", "pending", item("6885344001", "Backpack", 200.0, color="grey"))
ACCOUNT_ONLY = [*looked_up(BACKPACK),
                "assistant: I can update:\n1. Your profile address to 2201 Westheimer Rd, Apt 9, Houston, TX "
                "77098, USA\n2. Order #W6885344 to that same address\n\nLet me know which you'd like.",
                "user: Yes for my account, please do that one. The two orders, I'm not sure. The "
                "management office at the new building told me the package room doesn't open until the 1st "
                "and I don't want stuff sitting in a hallway. Do you know when they'd arrive?"]
# 83a: a change restated short ("kettle to 1.5 liters") after the full listing
KETTLE = order("#W3417600", "pending", item("3909406921", "Tea Kettle", 98.25, material="glass",
                                            capacity="1 liter", stovetop="gas"))
KETTLES = {"product_id": "9832717871", "name": "Tea Kettle", "variants": {
    "3909406921": {"item_id": "3909406921", "price": 98.25, "available": True,
                   "options": {"material": "glass", "capacity": "1 liter", "stovetop compatibility": "gas"}},
    "9647374798": {"item_id": "9647374798", "price": 109.58, "available": True,
                   "options": {"material": "glass", "capacity": "1.5 liters",
                               "stovetop compatibility": "gas"}},
    "7292993796": {"item_id": "7292993796", "price": 94.8, "available": True,
                   "options": {"material": "glass", "capacity": "2 liters",
                               "stovetop compatibility": "induction"}}}}
RESTATED = [*looked_up(KETTLE), ("read", "get_product_details", {"product_id": "9832717871"}, KETTLES),
            "assistant: Order #W3417600 is pending. Here's what I can do:\n\n1. Tea kettle: glass 1 liter "
            "gas ($98.25, item 3909406921) -> glass 1.5 liters gas ($109.58, item 9647374798), +$11.33 "
            "from your gift card. Shall I proceed?", "user: Is there a bigger one?",
            "assistant: The 2-liter one is for induction stoves only. The plan is unchanged: kettle to 1.5 "
            "liters (+$11.33) from the gift card. Would you like to go ahead?", "user: Fine, go ahead."]


def kettle(new: str) -> dict[str, Any]:
    return {"order_id": "#W3417600", "item_ids": ["3909406921"], "new_item_ids": [new],
            "payment_method_id": "gift_card_3"}


# 83a: "Yes, as long as it's still a v-neck" to a change whose arrow goes to a crew neck
TEE = order("#W1080318", "pending", item("8349118980", "T-Shirt", 53.43, color="blue", size="S",
                                         neck="v-neck"))


def tee_to(neck: str) -> list[Any]:
    return [*looked_up(TEE),
            f"assistant: Order #W1080318 has a blue, size S, cotton, v-neck T-shirt ($53.43).\n\nChange: "
            f"T-shirt blue S cotton v-neck (8349118980) -> blue M cotton {neck} (9612497925)\nRefund of "
            "$2.55 to your Visa ending 7334. Shall I proceed?",
            "user: Yes, as long as it's still a v-neck. He won't wear crew necks."]


TEE_CALL = {"order_id": "#W1080318", "item_ids": ["8349118980"], "new_item_ids": ["9612497925"],
            "payment_method_id": "credit_card_1"}
# 83a: "Yes, go ahead with A. For B, ... it's Unit 5 not 3"
CAMEL = order("#W5166363", "pending", item("5166363001", "Laptop", 2000.0, screen="17-inch"))
PALM = order("#W3189752", "pending", item("3189752001", "Electric Kettle", 100.0, capacity="1L"))
LETTERED = [*looked_up(CAMEL, PALM),
            "assistant: Here are the two changes:\n\n**A.** Order #W5166363 (17-inch laptop)\n   To: 2210 "
            "West Camelback Road, Apt 14, Phoenix, AZ 85015, USA\n\n**B.** Order #W3189752 (electric "
            "kettle)\n   To: 88 Palm Court, Unit 3, Tempe, AZ 85281, USA\n\nShall I proceed with both?",
            "user: Yes, go ahead with A. For B, she just texted me back, it's Unit 5 not 3, and the zip is "
            "85282, not 85281."]
# 83b: a round trip's outbound moved, the return left ("The return I'm honestly not sure about yet")
LQ9 = {**reservation("LQ940Q", [("HAT294", "SFO", "BOS", "2024-05-16"),
                                ("HAT013", "BOS", "MCO", "2024-05-16"),
                                ("HAT161", "MCO", "PHX", "2024-05-19"),
                                ("HAT009", "PHX", "SFO", "2024-05-19")],
                   flight_type="round_trip"), "destination": "MCO"}
OUT_NOT_BACK = [read(LQ9),
                "assistant: Your same flights are available a day later in both directions:\n\n**Outbound — "
                "May 17**: HAT294 + HAT013, $73 refund\n**Return — May 20**: HAT161 + HAT009, $56 extra\n\n"
                "Doing both would net out to a $17 refund. Do you want both changes?",
                "user: Let's do the outbound on the 17th — yes to that. Use the Visa 7447. The return I'm "
                "honestly not sure about yet, my sister might be able to drive me back on the 19th, so leave "
                "that one for now."]
OUT_ONLY = {"reservation_id": "LQ940Q", "cabin": "economy", "payment_id": VISA,
            "flights": flights(("HAT294", "2024-05-17"), ("HAT013", "2024-05-17"), ("HAT161", "2024-05-19"),
                               ("HAT009", "2024-05-19"))}
BOTH_WAYS = {**OUT_ONLY, "flights": flights(("HAT294", "2024-05-17"), ("HAT013", "2024-05-17"),
                                            ("HAT161", "2024-05-20"), ("HAT009", "2024-05-20"))}
# 83b: a connection's time as the condition ("at least an hour in Charlotte")
HN6 = reservation("HN6R1B", [("HAT191", "DTW", "CLT", "2024-05-26"), ("HAT064", "CLT", "BOS", "2024-05-26")])


def layover(bound: str) -> list[Any]:
    return [read(HN6),
            "assistant: On May 27 the same flights are available:\n- HAT191 DTW → CLT, 7:00 AM – 9:00 AM "
            "($198)\n- HAT064 CLT → BOS, 12:00 PM – 2:00 PM ($136)\n\nThat's $84 more, on your Visa ending "
            "7447. Shall I go ahead?",
            f"user: Yes, as long as I've got at least {bound} in Charlotte to grab lunch — go for it."]


MOVE_HN6 = {"reservation_id": "HN6R1B", "cabin": "economy", "payment_id": VISA,
            "flights": flights(("HAT191", "2024-05-27"), ("HAT064", "2024-05-27"))}
# 83c: an offer set aside for another request ("あ、それより、...")
WATCH = order("#W4219264", "pending", item("4219264001", "Wristwatch", 2000.0, strap="metal"))
ASIDE_JA = [*looked_up(WATCH),
            "assistant: #W6729841 の配送先をヒューストンのご住所に変更しました。\nちなみに、アカウントの既"
            "定住所はまだシアトルのままになっていますが、あわせて変更いたしましょうか？",
            "user: あ、それより、腕時計の注文 #W4219264 も同じ住所に変えてもらえますか？",
            "assistant: #W4219264 も発送前ですので変更可能です。\n配送先：619 Broadway, Seattle → 2201 "
            "Westheimer Rd, Apt 9, Houston, TX 77098, USA\nこちらでよろしいですか？",
            "user: はい、それで大丈夫です。"]
# 83c: a refund's method asked for and stated in Japanese ("PayPal（...）へ返金")
SPEAKER = order("#W2329074", "delivered", item("6704763132", "Bluetooth Speaker", 305.45, color="blue"))
REFUND_JA = [*looked_up(SPEAKER), "user: ほかは大丈夫です。返金は PayPal にしてもらえますか？",
             "assistant: 承知しました。最終確認です。\n- ご注文 #W2329074：スピーカー（ブルー・防水なし）→ "
             "ブルー・防水あり（4716977452）\n- 差額 $15.76 は PayPal（paypal_4）へ返金\nこの内容で交換を申"
             "請してよろしいですか？",
             "user: はい、それでお願いします。"]


def speaker(pay: str) -> dict[str, Any]:
    return {"order_id": "#W2329074", "item_ids": ["6704763132"], "new_item_ids": ["4716977452"],
            "payment_method_id": pay}


# 83c: "差額がかからないなら、それでお願いします。" (if there's no difference)
SHOE = order("#W1941216", "pending", item("9791469541", "Running Shoes", 147.05, size="9", color="yellow"))


def no_difference(said: str) -> list[Any]:
    return [*looked_up(SHOE),
            f"assistant: ご注文 #W1941216 のランニングシューズ（サイズ9・イエロー）を、サイズ9・ホワイト（"
            f"9635758562）に変更します。{said}お支払いはご登録の PayPal となります。よろしいですか？",
            "user: 差額がかからないなら、それでお願いします。"]


SHOE_CALL = {"order_id": "#W1941216", "item_ids": ["9791469541"], "new_item_ids": ["9635758562"],
             "payment_method_id": "paypal_4"}

CASES = [
    trip("Z1170", "allow", FIRST_FR, FLIGHTS, ON_27, "'Pour la première, oui, allez-y.'"),
    trip("Z1171", "refuse", FIRST_FR, FLIGHTS, ON_30, "'Pour celle du 30, non, attendez'"),
    trip("Z1172", "allow", FIRST_EN, FLIGHTS, ON_27, "'For the first, yes, go ahead.'"),
    trip("Z1173", "refuse", FIRST_EN, FLIGHTS, ON_30, "'For the one on the 30th, no, wait'"),
    trip("Z1174", "allow", BAG_NOW, BAGS, TWO_BAGS, "'Ajoutez-la maintenant, s'il vous plaît.'"),
    trip("Z1175", "refuse", BAG_LATER, BAGS, TWO_BAGS, "'La valise, pas encore'"),
    trip("Z1176", "allow", BY_TIME_PT, "book_reservation", ROUND_TRIP,
         "'pode ser o das 21h': the return at 21:00, the outbound a leg of the same booking"),
    trip("Z1177", "refuse", BY_TIME_PT[:-1], "book_reservation", ROUND_TRIP, "not answered yet"),
    trip("Z1178", "allow", BAGS_ON_GIFT_PT, BAGS, three_bags(GC1), "'US$ 50, no vale-presente'"),
    trip("Z1179", "refuse", BAGS_ON_GIFT_PT, BAGS, three_bags(VISA), "the Visa, not the gift card"),
    shop("Z1180", "allow", NEW_PLACE, ORDER_ADDRESS,
         ship("#W3168895", "4410 Stevens Creek Boulevard", "Apt 12", "San Jose", "CA", "95129"),
         "'Yes, the boots one ... go ahead'; the unit of the daughter's address is another's"),
    shop("Z1181", "refuse", NEW_PLACE, ORDER_ADDRESS,
         ship("#W6116680", "44 Birch Lane", "Unit 2", "Fremont", "CA", "94538"),
         "the laptop's new address given, never proposed"),
    shop("Z1182", "allow", THOUGHT_THROUGH, ORDER_ADDRESS,
         ship("#W6832752", "2201 Westheimer Rd", "Apt 9", "Houston", "TX", "77098"),
         "'If I cancel it all my brother doesn't get his grill' is no condition on the yes"),
    shop("Z1183", "refuse", THOUGHT_THROUGH, "cancel_pending_order",
         {"order_id": "#W2466703", "reason": "no longer needed"}, "'Leave that order alone then'"),
    shop("Z1184", "allow", ACCOUNT_ONLY, "modify_user_address", ADDRESS,
         "'Yes for my account, please do that one.'"),
    shop("Z1185", "refuse", ACCOUNT_ONLY, ORDER_ADDRESS,
         ship("#W6885344", "2201 Westheimer Rd", "Apt 9", "Houston", "TX", "77098"),
         "'The two orders, I'm not sure.'"),
    shop("Z1186", "allow", RESTATED, "modify_pending_order_items", kettle("9647374798"),
         "'kettle to 1.5 liters', described in full the turn before"),
    shop("Z1187", "refuse", RESTATED, "modify_pending_order_items", kettle("7292993796"), "the 2-liter one"),
    shop("Z1188", "refuse", tee_to("crew neck"), "modify_pending_order_items", TEE_CALL,
         "'as long as it's still a v-neck': the arrow goes to a crew neck"),
    shop("Z1189", "allow", tee_to("v-neck"), "modify_pending_order_items", TEE_CALL, "the new one a v-neck"),
    shop("Z1190", "allow", LETTERED, ORDER_ADDRESS,
         ship("#W5166363", "2210 West Camelback Road", "Apt 14", "Phoenix", "AZ", "85015"),
         "'Yes, go ahead with A.': B's unit is B's"),
    shop("Z1191", "refuse", LETTERED, ORDER_ADDRESS,
         ship("#W3189752", "88 Palm Court", "Unit 3", "Tempe", "AZ", "85281"), "B put right, not said yes "
                                                                               "to"),
    trip("Z1192", "allow", OUT_NOT_BACK, FLIGHTS, OUT_ONLY, "'Let's do the outbound on the 17th'"),
    trip("Z1193", "refuse", OUT_NOT_BACK, FLIGHTS, BOTH_WAYS,
         "'The return I'm honestly not sure about yet': the call moves it"),
    trip("Z1194", "allow", layover("an hour"), FLIGHTS, MOVE_HN6, "three hours in Charlotte"),
    trip("Z1195", "refuse", layover("four hours"), FLIGHTS, MOVE_HN6, "three hours, not four"),
    shop("Z1196", "allow", ASIDE_JA, ORDER_ADDRESS,
         ship("#W4219264", "2201 Westheimer Rd", "Apt 9", "Houston", "TX", "77098"), "'はい、それで大丈夫で"
                                                                                     "す。'"),
    shop("Z1197", "refuse", ASIDE_JA, "modify_user_address", ADDRESS,
         "the profile's change offered, then set aside ('あ、それより')"),
    shop("Z1198", "allow", REFUND_JA, "exchange_delivered_order_items", speaker("paypal_4"),
         "'差額 $15.76 は PayPal（paypal_4）へ返金'"),
    shop("Z1199", "refuse", REFUND_JA, "exchange_delivered_order_items", speaker("gift_card_3"),
         "'返金は PayPal にしてもらえますか？'"),
    shop("Z1200", "refuse", no_difference(""), "modify_pending_order_items", SHOE_CALL,
         "'差額がかからないなら' to a turn saying nothing of a difference"),
    shop("Z1201", "allow", no_difference("追加料金はかかりません。"), "modify_pending_order_items", SHOE_CALL,
         "the turn says no extra charge"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"


@pytest.mark.parametrize(("turn", "act"), [
    ("そうですか、わかりました。ほかに変えるものはないので、では、その内容で変更をお願いします。",
     Act.AFFIRM),
    ("そうですか？", Act.HOLD),
    ("差額がかからないなら、それでお願いします。", Act.HOLD),
    ("不會取消啦，應該會留著。那就送出吧。", Act.AFFIRM),
    ("Ma sœur vient de répondre : elle me prête sa grande valise. Ajoutez-la maintenant, s'il vous plaît.",
     Act.AFFIRM),
    ("Go ahead with the boots. If I cancel it all my brother doesn't get his grill.", Act.AFFIRM),
])
def test_review83_turns(turn: str, act: Act) -> None:
    assert read_turn(turn).act is act
