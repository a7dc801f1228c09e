"""Cases from the sixty-fourth independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files; docs/policy.md gives
the figures): retail money and methods, airline with several reservations, retail in six
European languages, airline in Chinese and Japanese. Shortened to what the check reads, each
refusal beside the allowed case it must not break."""

from __future__ import annotations

from typing import Any

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import VISA, Case, change, marked, read, reservation, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import trip
from .test_confirm_review50 import give_back, item, looked_up, order

MODIFY = "modify_pending_order_items"
RETURN = "return_delivered_order_items"
EXCHANGE = "exchange_delivered_order_items"
FLIGHTS = "update_reservation_flights"
BOOK = "book_reservation"
CANCEL_TRIP = "cancel_reservation"


def swap(order_id: str, old: str, new: str, method: str = "credit_card_1") -> dict[str, Any]:
    return {"order_id": order_id, "item_ids": [old], "new_item_ids": [new],
            "payment_method_id": method}


# 64a: where the money goes, as the turn says
LAMP = order("#W6400001", "pending", item("6400000011", "Desk Lamp", 153.23, size="low"))
ONTO = [*looked_up(LAMP), "assistant: Change for #W6400001: Desk Lamp (low, $153.23) -> Desk Lamp "
        "(medium, $135.24). Refund: $17.99 to gift card gift_card_3. Would you like me to "
        "proceed? (yes/no)", "user: It's the only item. As long as the $17.99 goes onto that gift "
        "card and not anywhere else, then yes, go ahead."]
ONTO_PAYPAL = [*ONTO[:-2], ONTO[-2].replace("to gift card gift_card_1000001", "to your PayPal"),
               ONTO[-1]]
ONE_KIND = [*looked_up(LAMP), "assistant: Change for #W6400001: Desk Lamp (low) -> Desk Lamp "
            "(medium), refund $17.99. Your only payment method is your gift card "
            "(gift_card_3), so the refund would go to it. Proceed? (yes/no)",
            "user: That's a lot... but yes. As long as the refunds go back onto my gift card, "
            "please do it."]
TWO_KINDS = [*ONE_KIND[:-2], ONE_KIND[-2].replace("Your only payment method is your gift card "
                                                  "(gift_card_3), so the refund would go "
                                                  "to it.", "The refund goes to your PayPal."),
             ONE_KIND[-1]]
TO_GIFT = swap("#W6400001", "6400000011", "6400000012", "gift_card_3")
TO_PAYPAL = swap("#W6400001", "6400000011", "6400000012", "paypal_4")

# 64b: a trip held by the place said before "one", in the yes's own sentence or after it
SEA = reservation("BOH180", [("HAT100", "SEA", "JFK", "2024-05-22")], cabin="business")
DEN = reservation("EQ1G6C", [("HAT084", "DEN", "IAH", "2024-05-23")], cabin="business")
DOWNGRADES = [read(SEA), read(DEN), "assistant: I can downgrade these to economy:\n- BOH180 "
              "(Seattle -> New York, May 22): $1,200 back\n- EQ1G6C (Denver -> Houston, May 23): "
              "$900 back\nShall I go ahead?",
              "user: Yes, go ahead with those - but leave the Seattle one alone for now. Anya's on "
              "that one with me, so I have to ask her before I change anything on it. The others "
              "you can do right away."]
SEA_DOWN = change("BOH180", "economy", [{"flight_number": "HAT100", "date": "2024-05-22"}], VISA)
DEN_DOWN = change("EQ1G6C", "economy", [{"flight_number": "HAT084", "date": "2024-05-23"}], VISA)
ORD = reservation("HSR97W", [("HAT139", "ORD", "PHL", "2024-05-22")])
JFK = reservation("FDZ0T5", [("HAT069", "JFK", "ORD", "2024-05-17")])
BY_DAY = [read(JFK), read(ORD), "assistant: Both can be cancelled:\n- FDZ0T5: New York -> Chicago, "
          "May 17, refund $3,778\n- HSR97W: Chicago -> Philadelphia, May 22, refund $1,200\nWhich "
          "would you like me to cancel?", "user: Go ahead and cancel the one on the 17th. For the "
          "Chicago one on the 22nd, hold off for now - I want to double-check my plans."]

# 64c: the other languages: a thing held by its article; both; a German net bound; "si"
HELMET = order("#W6400002", "delivered", item("6400000021", "Helmet", 200.0, size="M"))
GRILL = order("#W6400003", "delivered", item("6400000031", "Grill", 900.0, type="gas"))
CASCO = [*looked_up(HELMET, GRILL),
         "assistant: Riepilogo dei cambi:\n1. Cambio Helmet (ordine #W6400002) -> taglia L "
         "(6400000022), rimborso $5 sulla Visa\n2. Cambio Grill (ordine #W6400003) -> a carbone "
         "(6400000032), rimborso $20 sulla Visa\nProcedo?",
         "user: il casco sì, procedi. la griglia invece aspetta, non sono più sicura di volerla."]
BOTH_FR = [*looked_up(HELMET, GRILL), "assistant: Récapitulatif :\n1. Helmet (commande #W6400002) "
           "-> taille L (6400000022), remboursement de 5 $ sur votre Visa\n2. Grill (commande "
           "#W6400003) -> charbon (6400000032), remboursement de 20 $ sur votre Visa\nConfirmez-"
           "vous ces deux échanges ? (oui/non)", "user: rien d'autre. oui pour les deux"]
NET_DE = [*looked_up(HELMET), "assistant: Umtausch Bestellung #W6400002: Helmet M -> Helmet L "
          "(6400000022). Unterm Strich zahlen Sie 107,09 $ mit Ihrer Visa. Soll ich das "
          "durchführen? (ja/nein)", "user: Wenn ich unterm Strich keine 150 draufzahle, passt "
          "das. Ja, tauschen."]
NET_DE_OVER = [*NET_DE[:-2], NET_DE[-2].replace("107,09", "207,09"), NET_DE[-1]]
SI = [*looked_up(HELMET), "assistant: Devolución del pedido #W6400002: Helmet (M), $200 a tu "
      "Visa. ¿Confirmas?"]
SI_YES = [*SI, "user: si. dale"]
SI_IF = [*SI, "user: si el reembolso llega mañana, adelante"]
ALL_PT = [*looked_up(GRILL), "assistant: Devolver todos os itens do pedido #W6400003 (entregue), "
          "reembolso de $900 no seu Visa. Confirma? (sim/não)", "user: sim. pode fazer tudo."]

# 64d: Chinese: a booking held by someone's name; a hold by city; "算了，升吧"; a bound said
# without "只要"; "身体没问题" is no yes
OLD = reservation("K1NW8N", [("HAT023", "JFK", "SFO", "2024-05-26")])
THREE_ZH = [read(OLD), "assistant: **第 0 步：取消 K1NW8N**\nJFK → SFO 单程：\n"
            "**预订 1 — Mia Li（1990-04-05）** $871 Visa\n"
            "**预订 2 — Raj Sanchez（1986-09-12）** $871 Visa\n**预订 3 — Liam Wilson（1980-03-27）**"
            " $871 Visa\n三个预订航班相同：商务舱，HAT023（5/26），无托运行李、无保险。请确认是否按以上方案"
            "办理？", "user: 嗯，这样划算多了。取消旧的，先订我和Raj的吧。Liam 那张先等等，我得先跟他确认一下"
            "他那几天能不能走得开，回头再说。"]


def booking(first: str, last: str, dob: str, amounts: list[tuple[str, int]] | None = None
            ) -> dict[str, Any]:
    return {"user_id": "mia_li_3668", "origin": "JFK", "destination": "SFO",
            "flight_type": "one_way", "cabin": "business",
            "flights": [{"flight_number": "HAT023", "date": "2024-05-26"}],
            "passengers": [{"first_name": first, "last_name": last, "dob": dob}],
            "payment_methods": [{"payment_id": p, "amount": a}
                                for p, a in (amounts or [(VISA, 871)])],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


MSP = reservation("NM1VX1", [("HAT300", "MSP", "EWR", "2024-05-25")], cabin="basic_economy")
CLT = reservation("KC18K6", [("HAT301", "EWR", "CLT", "2024-05-21")], cabin="basic_economy")
CITIES_ZH = [read(MSP), read(CLT),
             "assistant: 可以升舱到商务舱的预订：\n1. NM1VX1（明尼阿波利斯-纽瓦克）补 $484\n"
             "2. KC18K6（纽瓦克-夏洛特）补 $740\n要升哪几个？",
             "user: 我身体没问题。升舱的话，明尼阿波利斯那个先升吧，刷Visa。"
             "飞夏洛特那个要740有点贵……我再想想。"]
MSP_UP = change("NM1VX1", "business", [{"flight_number": "HAT300", "date": "2024-05-25"}], VISA)
CLT_UP = change("KC18K6", "business", [{"flight_number": "HAT301", "date": "2024-05-21"}], VISA)
NTH_AND_CITY = [*CITIES_ZH[:-1], "user: 第一个，明尼阿波利斯那个，先升吧，刷Visa。飞夏洛特那个我再想想。"]
GIVE_IN = [read(CLT), "assistant: KC18K6 升舱到商务舱：补 $740，刷 Visa。要升吗？", "user: 嗯……算了，升吧。"]
GIVE_UP = [read(CLT), "assistant: KC18K6 升舱到商务舱：补 $740，刷 Visa。要升吗？", "user: 嗯……算了。"]
UNDER = [read(OLD), "assistant: 预订：JFK → SFO 单程，Mia Li（1990-04-05），HAT023（5/26），"
         "商务舱，合计 $350：礼品卡 $100 + "
         "Visa $250，无托运行李、无保险。确认吗？", "user: 是的，不到400就用礼品卡加信用卡，订吧。"]
OVER = [*UNDER[:-2], UNDER[-2].replace("合计 $350：礼品卡 $100 + Visa $250",
                                       "合计 $450：礼品卡 $100 + Visa $350"),
        UNDER[-1]]
SPLIT_350 = booking("Mia", "Li", "1990-04-05", [("gift_card_1000001", 100), (VISA, 250)])
SPLIT_450 = booking("Mia", "Li", "1990-04-05", [("gift_card_1000001", 100), (VISA, 350)])

CASES = [
    shop("Z661", "allow", ONTO, MODIFY, TO_GIFT, "goes onto that gift card and not anywhere else"),
    shop("Z662", "refuse", ONTO_PAYPAL, MODIFY, TO_PAYPAL, "the turn puts it on PayPal"),
    shop("Z663", "allow", ONE_KIND, MODIFY, TO_GIFT, "the only method the turn names"),
    shop("Z664", "refuse", TWO_KINDS, MODIFY, TO_PAYPAL, "the turn names PayPal"),
    trip("Z665", "allow", DOWNGRADES, FLIGHTS, DEN_DOWN, "the others, right away"),
    trip("Z666", "refuse", DOWNGRADES, FLIGHTS, SEA_DOWN, "leave the Seattle one alone"),
    trip("Z667", "allow", BY_DAY, CANCEL_TRIP, {"reservation_id": "FDZ0T5"}, "the one on the 17th"),
    trip("Z668", "refuse", BY_DAY, CANCEL_TRIP, {"reservation_id": "HSR97W"},
         "the Chicago one on the 22nd, hold off"),
    shop("Z669", "allow", CASCO, EXCHANGE, swap("#W6400002", "6400000021", "6400000022"),
         "il casco sì"),
    shop("Z670", "refuse", CASCO, EXCHANGE, swap("#W6400003", "6400000031", "6400000032"),
         "la griglia invece aspetta"),
    shop("Z671", "allow", BOTH_FR, EXCHANGE, swap("#W6400002", "6400000021", "6400000022"),
         "oui pour les deux"),
    shop("Z672", "allow", NET_DE, EXCHANGE, swap("#W6400002", "6400000021", "6400000022"),
         "keine 150 draufzahle: 107,09"),
    shop("Z673", "refuse", NET_DE_OVER, EXCHANGE, swap("#W6400002", "6400000021", "6400000022"),
         "keine 150 draufzahle: 207,09"),
    shop("Z674", "allow", SI_YES, RETURN, give_back("#W6400002", "6400000021"), "si. dale"),
    shop("Z675", "refuse", SI_IF, RETURN, give_back("#W6400002", "6400000021"),
         "si el reembolso llega mañana"),
    shop("Z676", "allow", ALL_PT, RETURN, give_back("#W6400003", "6400000031"),
         "todos os itens do pedido"),
    trip("Z677", "allow", THREE_ZH, BOOK, booking("Raj", "Sanchez", "1986-09-12"), "先订我和Raj的吧"),
    trip("Z678", "allow", THREE_ZH, CANCEL_TRIP, {"reservation_id": "K1NW8N"}, "取消旧的"),
    trip("Z679", "refuse", THREE_ZH, BOOK, booking("Liam", "Wilson", "1980-03-27"),
         "Liam 那张先等等"),
    trip("Z680", "allow", CITIES_ZH, FLIGHTS, MSP_UP, "明尼阿波利斯那个先升吧"),
    trip("Z681", "refuse", CITIES_ZH, FLIGHTS, CLT_UP, "飞夏洛特那个...我再想想"),
    trip("Z686", "allow", NTH_AND_CITY, FLIGHTS, MSP_UP, "第一个，明尼阿波利斯那个，先升吧"),
    trip("Z687", "refuse", NTH_AND_CITY, FLIGHTS, CLT_UP, "飞夏洛特那个我再想想 (and an ordinal)"),
    trip("Z682", "allow", GIVE_IN, FLIGHTS, CLT_UP, "算了，升吧"),
    trip("Z683", "refuse", GIVE_UP, FLIGHTS, CLT_UP, "算了"),
    trip("Z684", "allow", UNDER, BOOK, SPLIT_350, "不到400就...订吧: $350"),
    trip("Z685", "refuse", OVER, BOOK, SPLIT_450, "不到400就...订吧: $450"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
