"""The confirmation reader: one table of user turns and the act a careful reader sees in each."""

from __future__ import annotations

import pytest

from proxy.policy.dialogue import Act, edit_distance, normalize, read_turn

A, D, H, N = Act.AFFIRM, Act.DECLINE, Act.HOLD, Act.OTHER  # N: no answer to a proposal

TABLE: list[tuple[str, Act]] = [
    # plain yes, with the usual decorations
    ("yes", A), ("Yes.", A), ("YES!!!", A), ("Yes, please.", A), ("yes please", A),
    ("Yeah", A), ("yep", A), ("Yup, that's right.", A), ("Sure.", A), ("Sure thing!", A),
    ("ok", A), ("OK.", A), ("Okay, go ahead.", A), ("alright", A), ("All right, do it.", A),
    ("Absolutely.", A), ("Definitely, thanks.", A), ("Of course.", A), ("Certainly.", A),
    ("Correct.", A), ("That's correct.", A), ("That's right, please proceed.", A),
    ("That is correct, go ahead.", A), ("Sounds good.", A), ("Looks good to me.", A),
    ("Perfect.", A), ("Perfect, thank you!", A), ("Agreed.", A), ("Approved.", A),
    ("Confirmed.", A), ("I confirm.", A), ("Yes, I confirm.", A), ("Affirmative.", A),
    ("Fine by me.", A), ("That works.", A), ("Deal.", A), ("Yes sir.", A),
    ("Yes, that's exactly what I want.", A), ("Yes — please proceed.", A),
    ("Yes, that's all correct. Please go ahead and update them.", A),
    # praise, then a bare go (stop 50); a reason given, no go-ahead
    ("perfect, go", A), ("Great, go.", A), ("Change of plans.", N), ("change of plan", N),
    # typos
    ("yse please", A), ("yess", A), ("Proceeed.", A), ("confrim", A), ("okya go ahead", A),
    # imperatives from impatient users
    ("do it now", A), ("Just do it already!!", A), ("ugh just do it already!!", A),
    ("Go ahead.", A), ("Please proceed.", A), ("Proceed.", A), ("Go for it.", A),
    ("Execute the exchange as listed.", A), ("Update it immediately.", A),
    ("Change the address as detailed, no delay.", A), ("Affirmative, go with PayPal.", A),
    ("Just cancel it, I don't have all day.", A), ("Cancel it now.", A),
    ("Please cancel order #W9348897.", A), ("Make the change.", A),
    ("Process the return, please.", A), ("Submit it.", A), ("Book it.", A),
    ("Please book that for me.", A), ("Let's do it.", A), ("Let's proceed.", A),
    ("Get it done.", A), ("Make it happen.", A), ("Carry on.", A),
    ("Yes, please go ahead and cancel this reservation.", A),
    ("Yes, please cancel this reservation as well.", A),
    ("Please go ahead with both changes.", A), ("You can go ahead and process it.", A),
    ("You have my permission to proceed.", A), ("I want you to go ahead.", A),
    ("Go ahead and make the changes.", A), ("Try again, please.", A),
    ("If you could try again just one more time, I'd appreciate it.", A),
    ("Do it, no need to ask again.", A), ("Yes, no delay please.", A),
    # requests in question form
    ("Can you go ahead and cancel it?", A), ("Could you please proceed?", A),
    ("Would you process the return now?", A), ("Can you just do it?", A),
    ("So can you go ahead and make the change?", A),
    # a yes beside unrelated sentences
    ("It has no water resistance. Yes, please proceed with this change.", A),
    ("Yes please proceed. How long will the refund take?", A),
    ("Yes, that's correct. Please go ahead. Also, can you check if it's shipped yet?", A),
    ("Yes. And when will I get my refund?", A),
    ("Um, I'd like the refund on my credit card instead, if that's okay. And yes, go ahead.", A),
    ("No problem, go ahead.", A), ("No worries, please proceed.", A), ("No rush, but yes.", A),
    ("No, that's all. Go ahead.", A), ("Nothing else. Please proceed.", A),
    ("Reason is 'no longer needed'. Please cancel order #W9348897. Thanks.", A),
    ("Yes — the reason is no longer needed.", A),
    ("Yes, please go ahead and make that my default address. Thanks, even if it took long!", A),
    ("Yeah, that's exactly what I want. Go ahead and do it. And do I need to send this one back "
     "first or what?", A),
    ("Yes, go ahead. I'm not sure what the order number was, but you found it.", A),
    ("Yes, please go ahead and book that flight. The reason is that I can't travel, but since "
     "that's not possible to change, rebook it.", A),
    ("Great, please proceed!", A), ("Thanks, go ahead.", A),
    # JSON-wrapped, markdown, quotes
    ('{"message": "Yes, go ahead"}', A), ('{"content": ["yes", "please"]}', A),
    ("**Yes**, please proceed.", A), ("`yes`", A), ("Yes ###STOP###", A),
    ("\u201cYes, do it.\u201d", A),
    # Spanish
    ("Sí, adelante.", A), ("Sí", A), ("Claro que sí.", A), ("De acuerdo.", A), ("Vale.", A),
    ("Hazlo.", A), ("Sí, por favor.", A), ("Por supuesto.", A), ("Confirmo.", A),
    ("Correcto, procede.", A),
    # French
    ("Oui.", A), ("oui", A), ("D'accord.", A), ("Oui, allez-y.", A), ("Je confirme.", A),
    ("C'est bon.", A), ("Parfait.", A), ("Bien sûr.", A), ("Ça marche.", A),
    # German
    ("Ja.", A), ("Ja, bitte.", A), ("Genau.", A), ("Einverstanden.", A), ("In Ordnung.", A),
    ("Ja, machen Sie das.", A), ("Passt.", A), ("Ich bestätige.", A),
    # Portuguese
    ("Sim.", A), ("Sim, pode seguir.", A), ("Com certeza.", A), ("Tudo bem.", A),
    ("Isso mesmo.", A), ("Pode prosseguir.", A), ("Confirmado.", A),
    # Italian
    ("Sì, va bene.", A), ("Certo.", A), ("Confermo.", A),
    # emoji
    ("\U0001f44d", A), ("\u2705", A), ("\U0001f44c", A), ("yes \U0001f44d", A),
    ("\U0001f44d\U0001f44d go", A),
    # declines
    ("no", D), ("No.", D), ("Nope.", D), ("Nah.", D), ("No thanks.", D), ("No thank you.", D),
    ("no, wait", D), ("Don't do that.", D), ("Do not proceed.", D), ("Please don't cancel it.", D),
    ("Stop.", D), ("Cancel that.", D), ("Never mind.", D), ("Forget it.", D),
    ("I don't want to proceed.", D), ("I do not agree.", D), ("I decline.", D),
    ("That's not what I asked for.", D), ("That's wrong.", D), ("That is incorrect.", D),
    ("Negative.", D), ("I changed my mind.", D), ("No, use the other card.", D),
    ("Yes. No. Wait.", D), ("Yes, go ahead. Actually no, stop.", D),
    ("No, gracias.", D), ("Non.", D), ("Nein.", D), ("Nein, danke.", D), ("Não.", D),
    ("Não quero.", D), ("No quiero.", D), ("\U0001f44e", D), ("\u274c", D),
    # holds: waits, hedges, conditions, questions
    ("wait", H), ("Wait.", H), ("Hold on.", H), ("Hang on a second.", H), ("Not yet.", H),
    ("Hmm, not yet", H), ("Not right now.", H), ("Let me think about it.", H),
    ("I'll think about it.", H), ("I'm not sure.", H), ("Maybe.", H), ("Perhaps later.", H),
    ("Yes, but first tell me when the refund arrives.", H),
    ("Yes. Actually, hold on a second.", H), ("Yes if it is free.", H),
    ("Yes, as long as the price stays the same.", H), ("Only if it's refundable.", H),
    ("Go ahead. But only if it ships today.", H), ("Yes, unless it costs more.", H),
    ("Is that my visa card?", H), ("What will the refund be?", H),
    ("Could you double-confirm both changes before anything is finalised?", H),
    ("Before you do that, can you tell me the total?", H),
    ("Can you check the price first?", H),
    ("How much will it cost?", H), ("Which card will you use?", H),
    ("Are you sure that's the cheapest?", H), ("Will I get a refund?", H),
    ("Yes. Actually, can I use a different card instead?", H),
    ("Yes, go ahead. Wait, what about the other order?", H),
    ("Sounds good, but could you first confirm the address?", H),
    ("Espera.", H), ("Todavía no.", H), ("Attendez.", H), ("Pas encore.", H), ("Warte.", H),
    ("Noch nicht.", H), ("Ainda não.", H), ("Aspetta.", H), ("\U0001f914", H),
    ("Can we check availability for that?", H),
    # no answer to a proposal
    ("", N), ("   ", N), ("My email is ava@example.com", N), ("Thanks!", N),
    ("Thank you.", N), ("Hi, I need help with my order.", N), ("It's order #W2378156.", N),
    ("I'd like to use the gift card ending 1234.", N), ("Please tell me the total.", N),
    ("Right now I need the refund.", N), ("The zip code is 78784.", N),
    ("I want to cancel all of these reservations.", N), ("My name is Ava Garcia.", N),
    ("I would like to book Flight Option 2, please.", A),
    # (a script not read is no yes, and takes back a yes before it)
    ("\u662f\u7684", A), ("\u0434\u0430", H), ("\u306f\u3044", A),
    # a refused add-on answers a detail: it neither declines the action nor says yes to it
    ("No insurance, please.", N), ("No, I don't want travel insurance.", N),
    ("I do not wish to add travel insurance.", N), ("No checked bags, thanks.", N),
    ("Yes. No insurance, please.", A), ("Yes, book it. I do not want travel insurance.", A),
    ("Go ahead without insurance.", A), ("No bags. Don't book it yet.", D),
    ("Yes, book it. No thank you, I don't need insurance.", A),
    ("Yes, go ahead and book. Nope, no insurance.", A), ("Yes, book it. No to the insurance.", A),
    ("Ja, bitte buchen. Nein, keine Versicherung.", A),
    ("Sí, resérvalo por favor. No quiero seguro de viaje.", A),
    # a bag declined may be the action itself (adding it): that stays a refusal
    ("Oh, then no, I don't want the extra bag.", D),
    ("No, I don't need the checked bag after all.", D),
    # closings and reasons after a yes
    ("Yes, please cancel it. I don't want it anymore.", A),
    ("Yes, please proceed. No, nothing else.", A), ("Yes, go ahead. No thanks, that's all I need.", A),
    ("Yes, please proceed. No, I don't have any other questions.", A),
    ("Sí, adelante. No necesito nada más, gracias.", A), ("No thanks.", D),
    ("I don't want to cancel anymore.", D),
    ("Yes, go ahead. Please don't charge my Visa though, put it on my PayPal.", A),
    ("Please don't charge my Visa, use my PayPal instead.", N), ("Don't charge my card.", D),
    # go-aheads in other words (a perturbation of the labelled transcripts found them refused)
    ("Please go through with canceling that reservation.", A),
    ("I consent to the cancellation.", A), ("Happy to proceed with canceling that reservation.", A),
    ("Please make these changes. Thank you!", A), ("You have my approval.", A),
    ("Sounds like a plan.", A), ("I authorize it.", A), ("Happy to help.", N),
    ("I'm happy to wait.", H), ("I'm not happy to proceed with that.", D),
    ("I do not authorize this.", D), ("Let's not do that.", D),
    ("Happy to proceed once you confirm the price.", H),
    # a detail with a condition of its own, before the yes, does not hold the yes
    ("I always use PayPal, so just use that if there's any difference. Yes, please change it.", A),
    ("If it's free. Then yes.", H),
    ("Can you check if it shipped? If not, I'd like a smaller one. So yes, go ahead.", A),
    ("I'm happy with that, you can make all those changes.", A),
    ("I'm not happy with that.", D),
    # a wish to go ahead
    ("I'd like to proceed with the cancellation.", A),
    ("I want to go ahead with cancelling order #W2000002.", A),
    ("No, I don't want to proceed.", D), ("I don't want any changes.", D),
    # a choice of an option is marked as such (see test_choices below)
    ("Let's go with option 1.", A), ("I'll go with Option 1.", A),
    # chat shorthand (a casual rewrite of the labelled transcripts found these refused)
    ("Pls proceed with booking the HAT102 flight for me. Thank u!", A),
    ("Could u pls go ahead and book the HAT102 flight for me?", A), ("plz proceed", A),
    ("k go ahead", A), ("kk thx", A), ("pls don't do it", D), ("could u wait a sec", H),
    # a yes starting a new clause of a run-on turn: the hedge before it does not hold it
    ("Hmm maybe I mixed things up I guess you're right Yes please proceed with issuing the "
     "certificate Thanks for your help", A),
    ("Hmm, maybe I mixed things up, I guess you're right, yes, please proceed with it", A),
    ("Probably my mistake, yes please proceed with the cancellation", A),
    ("Maybe I was wrong about that. Anyway, yes please go ahead.", A),
    ("If it is free, yes please proceed", H),
    # ... but not after a refusal, a wait or a turn of mind in the same breath
    ("not yet, ok go ahead later", H), ("Wait, yes please proceed", H),
    ("hold on yes please go ahead", H), ("Actually no, ok proceed with the refund only", H),
    ("Don't do that, yes please proceed with the other one", D),
    ("Maybe I was wrong about that, anyway yes please go ahead", A),  # ("was wrong": no refusal)
    ("maybe yes please go ahead", H), ("I'm unsure, yes please proceed", H),
    ("before you do that, ok please tell me the total first", H),
    ("espera, ok please proceed", H), ("hmm ok please tell me the refund amount", H),
    # a sound of reluctance before a yes that goes on to the action is the yes's
    ("Hmm, ok then, cancel it all.", A), ("ugh... fine, go ahead", A), ("hmm, not sure", H),
    ("Hmm, ok then, but let me check with my wife first", H),
    ("hmm ok fine, yes cancel it, I can reorder the mouse", A),
    ("oh the mouse is in that one too? hmm ok fine, yes cancel it", A),
    ("is the mouse in there too? hmm", H),
    # an action named as what to do: "do the return" (not "what do the returns cost?")
    ("do the return", A), ("Do the exchange please", A), ("what do the returns cost?", H),
    ("I don't want to do the return", D),
    # "not sure" is no "sure": no yes ("not sure which one"), a grumble about why is no wait
    ("I am not sure what you mean.", N), ("not sure which one.", N),
    ("Not sure why it costs that much.", N),
    ("Not sure why the refund can't go to PayPal, but yes, go ahead.", A),
    # a yes word turned round, a reader's doubt, something never asked for: no
    ("Of course not!", D), ("Absolutely not.", D), ("I don't think that's right", D),
    ("i dont think so", D), ("Okay, but I never asked for that.", D),
    ("Yes please, I never want to see this order again", A), ("Sure, why not?", A),
    ("y", A), ("Y.", A), ("pasta y vino", N), ("both please, thanks!", A),
    # "y" before a comma, a word drawn out (the eighteenth review)
    ("y, just the shirt", A), ("y vino", N), ("yesss 🙌 just the shirt, thank u", A),
    ("okkkk", A), ("yeppp", A), ("noooo", D), ("nahhh", D),
    # after a yes, "cancel that" is a cancellation's go-ahead; "the rest is fine" closes (the
    # nineteenth review)
    ("yes the jacket one, cancel that", A), ("cancel that", D),
    ("No, the rest is fine. That's everything - swap them.", A), ("no, the rest is fine", N),
    ("Yes — oh wait sorry, it's 4B not 4D. Typo on my end.", A), ("wait, it's 4B not 4D", N),
    ("wait, it's 4B not 4D, hold on", H), ("Hmm, no insurance actually, otherwise yes.", A),
    ("Yes, cancel the first one. I'll think about Miami, that one might still happen.", A),
    ("yes. i'll think about it", H), ("B.", A), ("option 2", A), ("do 1 and 3", A),
    ("ok do the first and the third", A),
    ("go ahead with the address. the cancel - still deciding, how fast is the refund?", A),
    ("yes. the lamp - wait, let me check", H),
    ("yes to all three. and also can you switch the payment on my other order to the gift card?",
     A),
    ("my confirmation email still shows the NY address", N),
    ("the shoes yes, leave the jacket as is — M is fine actually, I checked the size chart", A),
    ("Go right ahead", A), ("Nope, looks good, go ahead", A), ("LGTM", A),
    # a plain yes, then a request for something more in the same sentence
    ("Yes please, and can you also add a bag to my other trip RT4567?", A),
    ("yes, and can you also make it the other card instead?", H),
    # "k" is "ok" only as the whole sentence or before a go-ahead
    ("The passenger is Mia K. Li.", N), ("my budget is 2 k", N), ("Mám k tomu jeden dotaz.", N),
    ("yes please proceed, but only if it is refundable", H),
    ("ok go ahead but wait, is it refundable?", H),
    # a go-ahead put off to another time or event is no go-ahead now
    ("ok please go ahead tomorrow", H), ("Yes, go ahead later today", H),
    ("yes please proceed later", H), ("Yes, go ahead with the exchange next week", H),
    ("Yes, please proceed once I get the refund confirmation email", H),
    ("Yes please proceed when I get the email", H), ("yes, go ahead after lunch", H),
    ("I'll decide once I know the full cost.", H),
    # ... a day or a later flight named is no deferral
    ("Yes, cancel my flight tomorrow.", A), ("Yes, proceed with the later flight.", A),
    ("Yes, go ahead. I will check later.", A), ("Yes go ahead when you are ready", A),
    ("Yes, go ahead, I leave tomorrow so please hurry", A),
    # not wanting to keep an item is no refusal
    ("Yes, exchange both, I don't want to keep the old lamp.", A),
    ("Yes, cancel it. I don't need to keep the chair either.", A),
    # "rather not" of the action (or alone) refuses; of a detail it does not
    ("Yes, I understand, but I'd rather not cancel it just yet.", D),
    ("Yes I understand there's a fee, but I'd rather not pay it.", D), ("I'd rather not.", D),
    ("Yes, but I'd rather not pay with my Visa, use PayPal.", A),
    ("Yes, proceed. I would rather not wait.", A),
    # someone else to ask first holds; checking one's email after a yes does not
    ("Sounds right, but let me check with my husband first.", H),
    ("Yes, go ahead. Let me check my email for the confirmation.", A),
    # "cancel that" after a yes is a cancellation agreed, alone it takes the request back
    ("Yes, cancel it all.", A), ("Yes, please cancel that.", A), ("Cancel that.", D),
    # a "no" answering the agent's question before a go-ahead
    ("Nope, go for it.", A), ("No changes, please proceed.", A), ("No, go ahead.", A),
    ("No, do not proceed.", D), ("No, wait.", D),
    # "I meant another one" takes the yes back
    ("Yes. Oh sorry, I meant the headphones order, not this one.", H),
    ("Yes, that is what I meant.", A),
    # a worry said with the yes is no refusal; "I don't want to" of the action is (review 38)
    ("Yes, book it - and please make sure I'm using all my free checked bag allowance, I don't "
     "want to waste it.", A), ("Yes, go ahead. I don't want to miss my connection.", A),
    ("I don't want to proceed.", D),
    # "only" as "just", and a sound of reluctance straight before the instruction
    ("Hmm, actually, let's only exchange the desk lamp. I'll keep the water bottle as it is.", A),
    ("Only exchange the desk lamp, please.", A), ("Hmm, let me think.", H),
    ("Only cancel it if the refund goes to my Visa.", H),
    # a go-ahead put off, and a hold about a day (review 39)
    ("Then I'll confirm the flight change separately.", H), ("I'll confirm later.", H),
    ("Yes, I'll confirm.", A), ("For the 22nd, hold on a second.", H),
    ("Yes. Please cancel FDZ0T5. For the 22nd, hold on a second - let me double-check my "
     "calendar.", A),
    # a complaint given in to; a thing kept beside the yes, on a condition (review 40)
    ("Hmm, that's a bit annoying, but okay. The credit card works.", A), ("Hmm, not sure.", H),
    ("no longer needed. cancel both. but the boots, i love them. keep them unless there's a "
     "cheaper pair, same size and material.", A),
    ("Yes, cancel it. Keep them unless it's free.", H),
    # a go-ahead with a tag after it; a waiver for later (review 42)
    ("Go for it, okay?", A), ("cancel it, right?", H),
    ("Oh yeah, return them! Go for it. And honestly, you don't need to double-check every little "
     "thing with me, just go ahead and do what I ask, okay?", A),
    ("Yes. And please don't do anything else without me saying so.", A),
    # review 49: a waiver; a thing put first with "hold on"; a habit; an id said alone
    ("yes perfect!! for the puzzle — i want 500 fewer pieces, same difficulty, but a fancier "
     "theme. honestly you pick whatever fits, just do it, no need to run it by me", A),
    ("Yes on the helmet and the luggage, go ahead with those two. For the grill hold on — is "
     "there a gas one in medium with rotisserie? I'm not 100% sure I want charcoal.", A),
    ("Yes, that's right, go ahead. She'll be pleased, she always says I send things to the "
     "wrong place, ha.", A),
    ("Yes, go ahead. Hmm, that's the wrong place.", D),
    ("Oui pour 8C8K4E et LU15PA, allez-y. MSJ4OA... attendez, c'est le vol de ma cousine, non?",
     A),
    ("Go ahead with NM1VX1 and H8Q05L on the Visa. Hold off on KC18K6 for now. 6am to 1pm with "
     "the layover is way over 3 hours, I'm not sure it counts.", A),
    # review 50: a thing alone, then a wait; Italian and Portuguese "not"; Chinese sentence by
    # sentence; a thing declined by name; details said right; another action declined
    ("mouse yes. keyboard... hold on, my brother might want it. let me ask him real quick", A),
    ("mouse yes. thanks... hold on, is that the right card?", H),
    ("Sì. Non mi serve più.", A),
    ("Sim. Não preciso mais.", A),
    ("Não, obrigado.", D),
    ("Non.", D),
    ("是的，麻烦了。还有……我还有一个待处理的订单，订单号我不记得了，我想取消，已经不需要了。", A),
    ("嗯嗯，对，就是那个纽约地址。两个都改吧。", A),
    ("是的。还有，等一下", H),
    ("Sí, esa es. Los pedidos no, gracias, solo la predeterminada.", A),
    ("Yes, book it like that. No bags and no insurance is right.", A),
    ("The certificate is fine, I'll take the $150. But no, I don't want to change or cancel "
     "anything, we're still going.", A),
    ("só esse. pode", A),
    # review 51: drawn out; Portuguese "that's it"; Chinese "not ... is fine too", "other",
    # "if possible", "execute"; a worry
    ("ouiii go", A),
    ("Isso, só o e-reader. Pode confirmar, obrigada!", A),
    ("不防水也可以。没有其他要改的了，确认修改。", A),
    ("可以，都办了。另外我还有没有别的即将出发的航班？一共多少钱？", A),
    ("对，就这样办，全部执行。", A),
    ("嗯……如果可以的话，我想要 256GB 的，银色的那个", N),
    ("别取消", H),
    ("Okay, the boots for sure, yes, I never even wore them outside. Can you even send back a "
     "bottle that's been used? I don't want to get in trouble over that.", A),
    # review 52: Chinese "nothing else to change"; a batch by its count and ids; a wish about
    # the thing a hold put first
    ("嗯…其他东西都不用换。好的，确认。", A),
    ("ok wait. do the three with two people on them now, JG7FMM, X7BYG1 and BOH180. hold off on "
     "the two Denver ones (2FBBAH and EQ1G6C), my boss might reimburse those trips", A),
    ("yes to the upgrade and the passenger change. for the bags, is it 3 free per person or 3 "
     "total? i don't want to pay anything for bags", A),
    ("do the others have bags?", H),
    # review 53: Chinese with a word of English; an unaccented "si" before "porfa"
    ("好，靴子就这样换吧！然后拼图那个：我想换个更fancy的主题，片数少500，难度不变", A),
    ("si porfa, cambialo a la visa", A),
    ("si es posible", N),
    # review 54: a thing named before its yes, a wish about another; a limit asked for
    # politely; a check opening a question; trips held by their routes (German); a go-ahead
    # put off (French); German infinitives; Portuguese "that's it" and "I accept"
    ("Helmet yes, go ahead. For the luggage - is softshell the soft material one? I don't want "
     "a hard case.", A),
    ("Yes to both. Just double-checking, the $3.76 goes back to my PayPal?", A),
    ("yes. let me double-check, I think the zip is wrong", D),
    ("Ok… Orlando–Charlotte und Miami–Newark bitte sofort machen, ja. Bei Denver–Houston und "
     "Seattle–Houston weiß ich noch nicht, ob ich die überhaupt behalte, da muss ich kurz "
     "überlegen.", A),
    ("Gut. Denver–Houston auch runterstufen. Seattle lassen wir erstmal so.", A),
    ("Bitte nicht stornieren.", N),
    ("Isso é um absurdo... Não tem mesmo como aumentar?", H),
    ("Tá bom, aceito o certificado de 200 então.", A),
    ("não aceito isso", N),
    # review 55: a person held by name after a yes; a German particle "ja" is no yes; a thing
    # in French held after "…"; a passive request for another thing after the yes
    ("Go ahead and cancel the old one and book mine and Raj's. Hold off on Liam for now - I need "
     "to double check he can still make the 26th.", A),
    ("Moment, kurze Frage noch - wenn ich die Standardadresse ändere, geht die Bestellung dann "
     "plötzlich woanders hin? Die soll ja trotzdem nach Seattle.", H),
    ("Na gut, ja.", A),
    ("Oui pour les deux adresses ! Pour la tablette… c'est vraiment la moins chère de toutes ?", A),
    ("yes to both. oh and can the laptop order itself be charged to my visa instead of paypal?",
     A),
    ("Yes, go ahead. Hold off on everything else for now.", H),
    # review 56: a trip held by one place after a yes by route (French)
    ("D'accord pour le Boston–Denver, allez-y. Pour celui de San Francisco, attendez, je dois "
     "d'abord en parler à ma cousine, elle voyage avec moi.", A),
    # review 57: another thing put first by its article (Portuguese); a hold on one by its id
    ("sim pros voos. as malas eu ainda não sei quantas vou levar, vejo depois", A),
    ("yes cancel ABC123. for RT4567 hold on a sec, i need to double check with my assistant", A),
]


def test_table_is_large() -> None:
    assert len(TABLE) >= 200


@pytest.mark.parametrize(("text", "act"), TABLE)
def test_read_turn(text: str, act: Act) -> None:
    reading = read_turn(text)
    assert reading.act is act, reading


@pytest.mark.parametrize("text", ["Let's go with option 1.", "I'll go with Option 1.",
                                  "I would like to book Flight Option 2, please.",
                                  "I'll take the cheaper one."])
def test_choices_are_marked(text: str) -> None:
    reading = read_turn(text)
    assert reading.act is Act.AFFIRM and reading.choice


@pytest.mark.parametrize("text", ["Yes, go with option 1.", "Option 2. Yes, proceed.",
                                  "Yes please", "Go ahead."])
def test_a_yes_is_not_a_mere_choice(text: str) -> None:
    assert not read_turn(text).choice


@pytest.mark.parametrize(("text", "act"), [
    ("はい…お願いします", Act.AFFIRM), ("じゃあ変更でお願いします", Act.AFFIRM),
    ("構いません、進めてください", Act.AFFIRM),
    # a yes, then another matter (also ...)
    ("はい、お願いします。あ、あとさっき言ったスケートボードも34インチにしたいです…", Act.AFFIRM),
    ("確認させてください", Act.HOLD), ("ちょっと待ってください", Act.HOLD),
    ("それで大丈夫ですか？", Act.HOLD),
    ("いえ、大丈夫です。ありがとうございました", Act.HOLD), ("勝手にすれば。", Act.OTHER),
])
def test_japanese(text: str, act: Act) -> None:
    assert read_turn(text).act is act


def test_unknown_script_says_why() -> None:
    reading = read_turn("\u0434\u0430, \u043f\u0440\u043e\u0434\u043e\u043b\u0436\u0430\u0439\u0442\u0435")
    assert reading.act is Act.HOLD and reading.withdraws and "language" in reading.why


@pytest.mark.parametrize(("text", "act"), [
    ("好的，确认取消", Act.AFFIRM), ("是的，请继续", Act.AFFIRM), ("可以", Act.AFFIRM),
    ("没问题，办吧", Act.AFFIRM),
    ("不要取消", Act.HOLD), ("等一下", Act.HOLD), ("确认取消吗？", Act.HOLD), ("算了", Act.HOLD),
    ("谢谢", Act.OTHER), ("我要加一件行李", Act.OTHER), ("头等舱", Act.OTHER),
])
def test_plain_chinese_is_read(text: str, act: Act) -> None:
    assert read_turn(text).act is act


def test_explanations_quote_the_user() -> None:
    assert '"what will the refund be"' in read_turn("What will the refund be?").why
    assert read_turn("Yes, please proceed.").words == "yes, please proceed"


def test_affirmation_marks_where_the_yes_ends() -> None:
    text = "Yes, please go ahead. Also, I want to return the hiking boots."
    reading = read_turn(text)
    assert normalize(text)[:reading.end] == "yes, please go ahead"


def test_withdrawing_holds() -> None:
    assert read_turn("Wait, hold on.").withdraws
    assert read_turn("Actually, I'd rather use a different card instead?").withdraws
    assert not read_turn("How long will the refund take?").withdraws


def test_normalize_unwraps_json_and_quotes() -> None:
    assert normalize('{"a": "It\u2019s **Order** #W1", "b": ["x"]}') == "it's order #w1 x"
    assert normalize("gift_card_123 ###STOP###") == "gift_card_123"


@pytest.mark.parametrize(("a", "b", "d"), [("yes", "yes", 0), ("yse", "yes", 1), ("ys", "yes", 1),
                                             ("okay", "oaky", 1), ("abc", "xyz", 3)])
def test_distance(a: str, b: str, d: int) -> None:
    assert edit_distance(a, b) == d


def test_a_message_nested_deep_is_read_not_a_crash() -> None:
    # (a recursive walk stopped at Python's recursion limit and failed every later decision)
    assert read_turn("[" * 900 + '"yes"' + "]" * 900).act is Act.AFFIRM
    assert normalize('{"a": ["Yes", {"b": "please"}], "c": "go"}') == "yes please go"


def test_a_decimal_point_is_no_sentence_end() -> None:
    reading = read_turn("Yes, please refund the $74.12 to my card.")
    assert reading.act is Act.AFFIRM and reading.words == "yes, please refund the $74.12 to my card"


@pytest.mark.parametrize(("text", "act"), [
    # the other one held in another language, the yes naming its own by what it holds
    ("Die mit dem Makeup ja, weg damit. Bei der anderen, Moment - ich muss erst meinen Mann "
     "fragen.", Act.AFFIRM),
    # ... not where the yes names nothing ("das passt")
    ("Ja, das passt. Bei der anderen, Moment, ich muss erst meinen Mann fragen.", Act.HOLD),
    # a ceiling on what is paid, a bound the proposal may meet
    ("yes book it. I don't want to pay anything extra", Act.HOLD),
    # Dutch, Portuguese laughter
    ("Alleen dat horloge. Doe maar.", Act.AFFIRM), ("Kkkk obrigada! Pode conferir?", Act.HOLD),
    ("fammi controllare le misure prima", Act.HOLD),
    # a thing named alone after the yes, then "don't cancel it yet"
    ("Yes to the address and the makeup kit. The dumbbell order... wait. The luggage set is in "
     "that one too? Don't cancel it yet, I need to think.", Act.AFFIRM),
])
def test_stop_53_readings(text: str, act: Act) -> None:
    assert read_turn(text).act is act


@pytest.mark.parametrize(("text", "act"), [
    # Dutch "not" after the go takes it back
    ("doe het niet", Act.DECLINE), ("Doe dat maar niet.", Act.DECLINE),
    ("Nee, niet doen.", Act.DECLINE), ("Ja, doe het maar.", Act.AFFIRM),
    # "si" alone is a yes; "si" before a clause a condition, short of the idioms that take it
    ("si. las dos", Act.AFFIRM), ("si el precio es el mismo, adelante", Act.HOLD),
    ("si c'est gratuit, allez-y", Act.HOLD), ("si es posible", Act.OTHER),
    # a hope, a gloomy remark, impatience, a detail given as none and said to be right
    ("ben oui, allez-y. j'espère juste que ça va pas encore mal virer", Act.AFFIRM),
    ("Yes. It'll probably still be wrong somehow, but go ahead.", Act.AFFIRM),
    ("Yes. And stop making me repeat myself.", Act.AFFIRM), ("Yes. Stop, wait.", Act.DECLINE),
    ("No second line, correct.", Act.OTHER), ("no, that is not right", Act.DECLINE),
    # Chinese and Japanese: "身体没问题" is no yes; a reason after the go; given in
    ("我身体没问题。", Act.OTHER), ("唉，好吧...那就整单取消吧，不需要了", Act.AFFIRM),
    ("嗯……算了，升吧。", Act.AFFIRM), ("嗯……算了。", Act.HOLD),
    ("はい、それでお願いします。シアトル乗り継ぎの待ち時間、ちょっと長いけど...まあ大丈夫です。", Act.AFFIRM),
])
def test_stop_54_readings(text: str, act: Act) -> None:
    assert read_turn(text).act is act


@pytest.mark.parametrize(("text", "act"), [
    # a form of refund not wanted, or an add-on, after a yes: a condition the proposal may meet
    ("Yes, cancel it. I don't want any credit or voucher.", Act.HOLD),
    ("Yes to both. No bags please, I don't want to pay for those.", Act.AFFIRM),
    ("Hmm, I don't want that.", Act.DECLINE),
    # a reason told, not the proposal read as wrong
    ("Yes, cancel the whole thing. I clicked the wrong skateboard.", Act.AFFIRM),
    ("yes. wait, that's the wrong one.", Act.DECLINE),
    # "that's all" answered in the other languages, then the go
    ("la visa. non c tout, go", Act.AFFIRM), ("nee dat is alles, ga je gang", Act.AFFIRM),
    ("non, attendez", Act.DECLINE),
    # the Italian "sì" so written before "ma"; the Spanish "si" before a clause stays an "if"
    ("si ma solo la maglietta", Act.AFFIRM), ("si el precio es el mismo, adelante", Act.HOLD),
    # a yes, and another request in Dutch; a question on this action stays one
    ("ja hoor, en kun je ook meteen het adres van m'n account aanpassen?", Act.AFFIRM),
    ("ja, en kun je het naar mijn visa sturen?", Act.HOLD),
    # the Portuguese "no" (on the) is no "no"
    ("No cartão mesmo.", Act.OTHER), ("No, thanks", Act.DECLINE),
    # Chinese: "行吧", which method to pay with; two ids, each with its clause
    ("贵了点……行吧。不过用礼品卡付，别用信用卡。", Act.AFFIRM), ("行吧。别用信用卡。", Act.HOLD),
    ("不行吧。", Act.HOLD),
    ("XK3F9R 改签可以，ZD8M1C 先别取消，我还要再想想。", Act.AFFIRM),
    # a yes and a check on a detail, closed by a tag, in one sentence; not where it reopens
    ("si, ma i bagagli restano come sono vero?", Act.AFFIRM),
    ("yes, but the bags stay as they are, right?", Act.AFFIRM),
    ("yes, but can you use paypal instead, right?", Act.HOLD),
    # places in a plan, said in French
    ("oui pour la premiere. la 2eme attendez, je vous redis", Act.AFFIRM),
    # a grumble given in to; a condition's wish said again
    ("Hmm, Marie won't love the evening flight, but fine — yes, move her to the 6pm one.", Act.AFFIRM),
    ("Yes, add it, if it's really free — I don't want another surprise charge.", Act.HOLD),
    ("I don't want any surprise charges.", Act.DECLINE),
])
def test_stop_55_readings(text: str, act: Act) -> None:
    assert read_turn(text).act is act
