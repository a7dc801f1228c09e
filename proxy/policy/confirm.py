"""Transcript confirmation: did the user explicitly say yes to *this* action?

Three parts, each its own module:

- ``dialogue``: what each user turn does (affirm, decline, hold, other), sentence by sentence;
- ``binding``: whether a proposal names this kind of action and its key argument values;
- here, the **ledger** of authorisations: every affirming turn opens one, bound to its proposal
  (the agent's turns before it, up to ``PROPOSAL_TURNS`` exchanges back, and the user's own words
  in it and after it). A decline, or a hold that takes the yes back ("wait", "actually..."),
  closes every open authorisation; a question or an answer to a detail ("the gift card, please")
  does not. A write is confirmed when an open authorisation binds it and no write of the same
  action (tool and arguments) has executed since that yes: one yes covers each action of a
  listed plan once, in any order.

Agent text after the yes never adds to what the yes covered: a proposal the user has not answered
is not confirmed, however the agent words it.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from ..session import CallRecord, Message, Outcome, Role, SessionState, args_key
from .binding import (
    ABSENT,
    ALL_ACTION_WORDS,
    ALL_WORDS,
    HAN_DIGITS,
    KIND_TRANSLATED,
    NOUNS,
    TOPIC_HELD,
    TOPIC_THEN_HELD,
    VERB_WORDS,
    ActionSpec,
    KeySpec,
    Limits,
    Text,
    action_pattern,
    amounts,
    count_set,
    cued_method,
    date_before,
    decimal_of,
    excerpt,
    family_members,
    kind_of,
    limits,
    mixed_choice,
    named,
    names_action,
    other_alias,
    other_choice,
    other_date,
    other_kind,
    other_payment,
    other_value,
    payment_text,
    phrase_tokens,
    picked_by_balance,
    said_translated,
    values_at,
    without_limits,
)
from .dialogue import (
    CJK_BARE_NTHS,
    CJK_CITIES,
    CJK_PLACE,
    CJK_THING,
    CJK_THINGS,
    CONDITION_ABROAD,
    DETAIL_PUT_RIGHT,
    DO_FIRST,
    FORM_NOT_WANTED,
    HAN,
    HANGUL,
    KANA,
    NAME_PUT_RIGHT,
    NOT_SENT_THERE,
    ORDER_NOUNS,
    OVER_BOUND,
    PAY_NO_MORE,
    PLACE_TOPIC,
    RESERVATION_NOUNS,
    ROUTE,
    SAID_AGAIN,
    TELL_LATER_SAID,
    Act,
    Reading,
    edit_distance,
    held_topics,
    id_like,
    in_english,
    normalize,
    numbered_marks,
    ordinals_in_english,
    read_turn,
    sentences,
    turn_acts,
)

# the objects and addresses of the other languages read, as alternatives of a pattern
_ORDER_ABROAD = "|".join(ORDER_NOUNS)
_RESERVATION_ABROAD = "|".join(RESERVATION_NOUNS)
_ADDRESS_ABROAD = "endereço|endereco|dirección|direccion|adresse|indirizzo"
PROPOSAL_TURNS = 3  # how many agent turns before the yes make up the proposal
CONTEXT_MESSAGES = 60  # how far back a single id may have been named, if the proposal omits it
ANSWERS_AFTER = 8  # the user's turns after a yes read as answers to its details
OPEN_LIMIT = 6  # how many open authorisations a write is checked against (newest first)
REPORTED_WRITES = 64  # each tool's newest writes a proposal may report as done
RECENT_READS = 256  # the newest calls whose facts a hold's passengers are told apart by


def reading_of(message: Message) -> Reading:
    """The dialogue act of a user message, computed once per message."""
    cached = message.reply
    if not isinstance(cached, Reading):
        cached = read_turn(message.content)
        message.reply = cached
    return cached


def reply_of(message: Message) -> str:
    """The act as the OPA input document names it (yes, no, hold, other)."""
    return {Act.AFFIRM: "yes", Act.DECLINE: "no", Act.HOLD: "hold",
            Act.OTHER: "other"}[reading_of(message).act]


def plain(message: Message) -> str:
    """A message's normalised text, computed once."""
    if message.plain is None:
        message.plain = normalize(message.content)
    return message.plain


# an agent's turn that only waits for the user: "sure, take your time.", "claro, fico no aguardo."
# the agent taking note of a "no", nothing asked ("No problem, order #W9538251 will stay as is.
# Anything else I can help with?"), and the user's turn of mind back to the go ("actually ya
# cancel it, dont need it anymore")
_DECLINE_ACK = re.compile(r"(?:(?:no problem|no worries|ok(?:ay)?|sure|understood|of course|got it|"
                          r"alright|all right)[,!.]?\s+)+[^?]{0,100}?(?<![\w'])(?:will stay|stays|"
                          r"will remain|remains|won'?t|will not|i'?ll leave|i will leave|as is|as it is|"
                          r"unchanged|left alone)(?![\w'])")
_TURNED_BACK = re.compile(r"(?:(?:wait|hmm+|oh)[,.!]*\s+)?(?:actually|on second thought|"
                          r"(?:i )?changed my mind)[,.!]*\s+(?:ya|yes|yeah|yea|yep|ok(?:ay)?|sure|"
                          r"go ahead|do it|please|let'?s)(?![\w'])")
_WAIT_ACK = re.compile(r"(?:(?:sure|of course|no problem|ok(?:ay)?|absolutely|claro|certo|claro que sim|"
                       r"bien sûr|d'accord|certamente|natürlich|klar|gerne|por supuesto|vale|sem "
                       r"problema|sin problema|nessun problema|pas de problème|kein problem)[,!.]?\s*)*"
                       r"(?:take your time|i'?ll (?:be here|wait)|no rush|whenever you'?re ready|fico no "
                       r"aguardo|aguardo|espero|quedo a la espera|estaré aquí|tómese su tiempo|tómate tu "
                       r"tiempo|prenez votre temps|j'attends|je vous attends|resto in attesa|attendo|"
                       r"prenditi (?:pure )?il tuo tempo|ich warte|lassen sie sich zeit)(?![\w'])[^?]*$")


@dataclass
class Authorisation:
    """One affirming user turn and what it can cover."""

    yes_index: int  # position of the affirming message in session.messages
    yes_seq: int
    words: str  # the affirming sentence
    open: bool = True
    closed_by: str = ""
    # the yes picked one of the actions the agent offered by naming it ("ok then cancel all"):
    # it covers that action only
    picked_by_word: bool = False
    # later user turns that took part of it back ("oh wait, not the lamp"): message indexes
    narrowed: list[int] = field(default_factory=list)
    # later user turns that said to skip something without taking anything back ("Actually,
    # skip the bag, I'll pack light"): they take back the action whose thing they name
    skipped: list[int] = field(default_factory=list)
    # a condition the yes set on one of the plan's steps only ("Yes to all three, as long as
    # that's really the cheapest tablet you have!"): the other steps are agreed, a call acting
    # on what it names is held
    condition: str = ""
    _proposal: tuple[Text, Text, Text] | None = field(default=None, repr=False)
    _raw: str | None = field(default=None, repr=False)
    _agent: str = field(default="", repr=False)
    _turns: tuple[list[str], list[str]] = field(default=([], []), repr=False)
    _reply: tuple[int, Reply] | None = field(default=None, repr=False)
    # what the proposal says, as checks read it for an action (their own keys): the
    # proposal does not change, and a yes is checked for every call of a plan
    _read: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False)

    def forget(self) -> None:
        """Let go of what was read from the proposal and the reply (read again if asked):
        a yes past the newest ``2 * OPEN_LIMIT`` is never checked again, and a long session
        keeps no texts for it."""
        self._proposal = self._raw = self._reply = None
        self._agent, self._turns, self._read = "", ([], []), {}

    def raw_last(self, messages: list[Message]) -> str:
        """The agent's last turn before the yes as written (case and line breaks kept)."""
        if self._raw is None:
            self._raw = _raw_turn_before(messages, self.yes_index)
        return self._raw

    def proposal(self, messages: list[Message]) -> tuple[Text, Text, Text]:
        """(the agent's last turn before the yes, the whole proposal window, the user's words
        from the yes on); built once."""
        if self._proposal is None:
            turns: list[str] = []
            users: list[str] = []
            index = self.yes_index
            turned_back = False
            for n in range(PROPOSAL_TURNS + QUESTIONS_BEFORE):
                if n >= PROPOSAL_TURNS and not users[-1].rstrip().endswith("?"):
                    break  # (further back only past the user's questions and their answers)
                text, start = _turn_before(messages, index)
                if text:
                    turns.append(text)
                if start == 0 or messages[start - 1].role is not Role.USER:
                    break
                before = reading_of(messages[start - 1])
                if before.act is Act.DECLINE and len(turns) == 1 and not turned_back \
                        and len(turns[0]) < 160 and _DECLINE_ACK.match(turns[0]) is not None \
                        and _TURNED_BACK.match(plain(messages[self.yes_index])) is not None:
                    # the yes turns back a "no" the agent only took note of: "nah leave it
                    # actually" "No problem, order #W1 will stay as is." "wait" "actually ya
                    # cancel it": what it says yes to is the proposal before the "no"
                    turned_back = True
                    users.append(plain(messages[start - 1]))
                    index = start - 1
                    continue
                if before.act is Act.DECLINE and not (
                        _CONTRADICTS.match(plain(messages[start - 1]))
                        and "?" not in _turn_before(messages, start - 1)[0]) \
                        and not any(_REST_AS_BEFORE.search(t) for t in turns) \
                        and not (len(turns) == 1 and _WAIT_ACK.match(turns[0]) is not None
                                 and _paused(messages[start - 1])):
                    # (a "not yet" the agent only waited out is a pause: "Wait, don't change it
                    # yet. Let me check my stove first." "Sure, take your time.")
                    break  # (not a "no" that disputes what the agent stated: "No, there were
                    # definitely three people. Check again."; nor one the agent answered by
                    # putting one step right and carrying the rest: "Updated step 2: ... Steps 1
                    # and 3 stay the same.")
                users.append(plain(messages[start - 1]))
                index = start - 1
                if _SETS_ASIDE.match(users[-1]) is not None:
                    break  # (what the agent offered before, set aside for another request: "Oh,
                    # more importantly, can you change the watch order too?", "あ、それより、...")
            last = turns[0] if turns else ""
            if turned_back and len(turns) >= 2:
                last = turns[1]
            elif len(turns) >= 2 and len(last) < 120 and _WAIT_ACK.match(last) is not None:
                last = turns[1]  # (the agent only waiting while the user asks someone: "Sure,
                # take your time.", "Claro, fico no aguardo.": the proposal is the turn before)
            elif len(turns) >= 2 and (carried := _carried_steps(last, turns[1])):
                last = f"{last} \n {carried}"  # (the steps a corrected plan carries over:
                # "Updated item 1: ... Items 2 and 3 stay the same. OK to proceed with all three?")
            window = " \n ".join([*reversed(turns), *reversed(users)])
            self._proposal = (Text(last), Text(window), Text(plain(messages[self.yes_index])))
            self._agent = " \n ".join(turns)
            self._turns = (turns, users)
        return self._proposal

    def summary_before_question(self, messages: list[Message], words: tuple[str, ...]
                                ) -> Text | None:
        """Where the turn the user answered only answered the user's question ("Where does
        the refund go?" "To your gift card." "ok, go ahead with both"), asking nothing and
        naming no action, the agent's turn before that question, where it named this action
        and asked for the go-ahead: the summary the yes is for."""
        key = ("summary", words)
        if key not in self._read:
            self._read[key] = _summary_before_questions(messages, self.yes_index, words) \
                or _plan_left_for_later(messages, self.yes_index, words)
        summary: Text | None = self._read[key]
        return summary

    def agent_said(self, messages: list[Message]) -> str:
        """The agent's turns of the proposal alone (without the user's words between them)."""
        self.proposal(messages)
        return self._agent

    def agent_turns(self, messages: list[Message]) -> list[str]:
        """The agent's turns of the proposal, the newest first."""
        self.proposal(messages)
        return self._turns[0]

    def user_turns(self, messages: list[Message]) -> list[str]:
        """The user's turns inside the proposal (between its agent turns), the newest first."""
        self.proposal(messages)
        return self._turns[1]

    def agent_text(self, messages: list[Message]) -> Text:
        """``agent_said`` as a text, its indexes kept with the yes."""
        if ("agent",) not in self._read:
            self._read[("agent",)] = Text(self.agent_said(messages))
        text: Text = self._read[("agent",)]
        return text

    def shown(self, last: Text, window: Text) -> str:
        """The proposal as a refusal quotes it (``last``: the turn the yes answered, or the
        summary before it)."""
        key = ("shown", last.plain)
        if key not in self._read:
            self._read[key] = excerpt(last.plain or window.plain)
        text: str = self._read[key]
        return text

    def reply(self, messages: list[Message]) -> Reply:
        """The user's words from the yes on, read against the proposal (``Reply``); built once
        for the turns it reads (the first ``ANSWERS_AFTER`` user turns after the yes), so the
        texts' indexes serve every call the yes is checked for."""
        upto = min(len(messages), self.yes_index + 1 + 2 * ANSWERS_AFTER)
        if self._reply is None or self._reply[0] != upto:
            _, window, yes = self.proposal(messages)
            reading = reading_of(messages[self.yes_index])
            yes_part = Text(yes.plain[:reading.end] if reading.end else yes.plain)
            proposed = Text(window.plain + " \n " + yes_part.plain)
            # the user's answers to details after the yes count for single values (which
            # card); never for the action itself or the items it covers: "also return the
            # boots" is a new request (the rest of the yes turn among them: "Yes, go ahead.
            # Charge it to my PayPal instead."), the first ANSWERS_AFTER of them: details are
            # answered right after the yes, and a check must not cost more the longer the
            # session runs
            rest = yes.plain[reading.end:].strip() if reading.end else ""
            # (not a turn answering whether one thing is the only one of its own new proposal:
            # "Yep, that's right, just the boots" to "Please confirm the boots are the only item
            # you want to exchange from this order", which limits no return the yes covers)
            after = [*([rest] if rest else []),
                     *(plain(m) for k, m in enumerate(messages[self.yes_index + 1:upto],
                                                      self.yes_index + 1)
                       if m.role is Role.USER and not _asks_anew_if(m)
                       and _ONLY_ONE_ASKED.search(_turn_before(messages, k)[0]) is None)
                     ][:ANSWERS_AFTER]
            self._reply = (upto, Reply(
                yes_part, proposed, rest, after,
                said=Text(" \n ".join([proposed.plain, *after])),
                theirs=Text(" \n ".join([yes.plain, *after])),
                users=Text(" \n ".join([yes_part.plain, *after]))))
        return self._reply[1]


def _asks_anew_if(message: Message) -> bool:
    """Whether a user turn after a yes asks for something on a condition of its own ("I'd like
    business, but only if the total stays within 500 dollars"): no answer to the yes's details,
    which the yes must not take its values from."""
    text = plain(message)
    if "?" in text and _PRICE_ASKED.search(text) is not None:
        return True  # (a price asked of something new: "¿Cuánto costaría pasar a business solo la
        # vuelta?", after the bag the yes was for was added)
    reading = reading_of(message)
    return reading.act is Act.HOLD and not reading.withdraws \
        and ("condition" in reading.why or _IF.search(text) is not None) \
        and _WISH_SAID.search(text) is not None


_PRICE_ASKED = re.compile(r"(?<![\w'])(?:how much (?:would|will|does|is)|cu[aá]nto (?:cuesta|costar[ií]a|"
                          r"sale|saldr[ií]a|me sale)|combien (?:co[uû]te|co[uû]terait)|quanto (?:costa|"
                          r"costerebbe|custa|custaria)|wie ?viel (?:kostet|würde)|hoeveel kost)")


# what a turn asks for, said as a wish: "i'd like business", "ビジネスにしたい", "quiero ..."
_WISH_SAID = re.compile(r"(?<![\w'])(?:i'?d like|i would like|i want|we'?d like|we want|can you|could you|"
                       r"please (?:switch|change|upgrade|add|book|move))(?![\w'])|したい|にしてください")


@dataclass(frozen=True, slots=True)
class Reply:
    """What the user said to a proposal, as the binding reads it."""

    yes_part: Text  # the affirming turn up to the end of its yes
    proposed: Text  # the proposal window and the yes part
    rest: str  # the affirming turn after its yes
    after: list[str]  # the rest and the user's next turns: answers to details
    said: Text  # the proposal and the answers
    theirs: Text  # the user's words from the yes on
    users: Text  # the yes part and the answers


QUESTIONS_BEFORE = 3  # how many of the user's questions, each answered, a summary may be before


# the go-ahead asked again of what an earlier turn listed: "Would you like me to go ahead with
# the two puzzle returns listed above?"
_ASKED_AGAIN_ABOVE = re.compile(r"(?<![\w'])(?:listed|described|outlined|shown|detailed|summari[sz]ed|"
                                r"set out) above(?![\w'])|(?<![\w'])as (?:listed|described|outlined) "
                                r"(?:above|before|earlier)(?![\w'])")


def _summary_before_questions(messages: list[Message], index: int, words: tuple[str, ...]
                              ) -> Text | None:
    """The agent's turn that named this action and asked for the go-ahead, where the agent's
    turns since only answered the user's questions (each user turn a question, each answer
    asking nothing and naming no action: "Is the $84 per person or total?" "The total." "What
    time does it land?" "1:30 PM." "Ok, yes, go with it on the gift card"), up to
    ``QUESTIONS_BEFORE`` of them; else None."""
    at = index
    for _ in range(QUESTIONS_BEFORE):
        answer, start = _turn_before(messages, at)
        # (an answer that asks, names the action or shows a change by its arrow proposes anew:
        # "No rush! If you go with the 20-hour blue speaker: - Speaker (green) → Speaker (blue)")
        # (naming it with no detail at all only talks about it: "The refund is issued once the
        # return is processed")
        proposes = "?" in answer or "→" in answer \
            or (names_action(answer, words) is not None and _A_DIGIT.search(answer) is not None)
        if not answer or (proposes and _ASKED_AGAIN_ABOVE.search(answer) is None) \
                or start == 0 or messages[start - 1].role is not Role.USER \
                or not plain(messages[start - 1]).rstrip().endswith("?"):
            return None
        summary, _first = _turn_before(messages, start - 1)
        if summary and names_action(summary, words) is not None:
            return Text(summary) if _GO_AHEAD_ASKED.search(summary) else None
        at = start - 1
    return None


def _plan_left_for_later(messages: list[Message], index: int, words: tuple[str, ...]) -> Text | None:
    """Where the user's yes at ``index`` names this action and answers a report of the plan's
    other steps done that says this one was left for the user to come back to ("Done: 1. ... 2.
    ... 3. I've left the action camera return for now — just let me know if you'd like to go
    ahead with it." "going back to 3 — yes, return the camera like you listed"), the plan the
    user held it from; else None."""
    said = plain(messages[index])
    if names_action(said, words) is None:
        return None
    report, start = _turn_before(messages, index)
    if not report or _LEFT_FOR_LATER.search(report) is None or _DONE.search(report) is None \
            or start == 0 or messages[start - 1].role is not Role.USER:
        return None
    plan, _first = _turn_before(messages, start - 1)
    if not plan or names_action(plan, words) is None or _plan_steps(plan) is None:
        return None
    return Text(plan)


# a step the agent says it left for the user to come back to
_LEFT_FOR_LATER = re.compile(r"(?<![\w'])(?:i'?ve|i have|i) (?:left|held|kept|put|parked) (?:the )?"
                             r"[^.\n]{0,60}?(?:for now|on hold|aside|for later)|"
                             r"let me know (?:if|when) you(?:'d| would)? (?:like|want) to (?:go ahead|"
                             r"proceed) with (?:it|that|the)")


def _raw_turn_before(messages: list[Message], index: int) -> str:
    """The assistant messages right before ``messages[index]`` as written (case kept)."""
    j, parts = index, []
    while j > 0 and messages[j - 1].role is Role.ASSISTANT:
        j -= 1
        parts.append(messages[j].content)
    return " ".join(reversed(parts))


# the agent carrying the rest of an earlier plan into a corrected one: "Steps 1 and 3 stay the
# same", "everything else stays as listed"
_REST_AS_BEFORE = re.compile(r"(?<![\w'])(?:(?:steps?|items?|points?|parts?) ([1-9](?:(?:,| and|,? &) "
                             r"[1-9])*)|everything else|the rest(?: of the plan)?|the other (?:steps|"
                             r"changes|items)|all else|"
                             # (a step by its thing: "The tea kettle change stays the same.")
                             r"the ([a-z][a-z -]{2,30}?) (?:change|swap|exchange|return|cancell?ation|"
                             r"update|upgrade|part|step)) (?:stay|stays|remain|remains|is|are) (?:the "
                             r"same|unchanged|as (?:before|listed|above|they were|it was))(?![\w'])|"
                             # ("The only change from before is the new boot: ... Nothing else in
                             # the order changes.")
                             r"(?<![\w'])(?:the only change from (?:before|the above|earlier|what i "
                             r"listed)|nothing else(?: in (?:the|your) (?:order|plan|reservation|"
                             r"booking))? changes)(?![\w'])")
# the step a corrected plan says it put right: "Updated item 1:", "updated step 2 -"
_STEP_UPDATED = re.compile(r"(?<![\w'])(?:updated|revised|changed|new|corrected) (?:step|item|point|part) "
                           r"([1-9])(?![\w'])")


def _carried_steps(latest: str, earlier: str) -> str:
    """The steps of the ``earlier`` numbered plan that the ``latest`` turn says stay as they
    were ("Updated item 1: ... Items 2 and 3 stay the same."), as one text; else ""."""
    said = _REST_AS_BEFORE.search(latest)
    if said is None or (steps := _plan_steps(earlier)) is None:
        return ""
    if said.group(1):
        numbers = {int(n) for n in re.findall(r"[1-9]", said.group(1))}
    elif said.group(2):  # (the steps naming its thing)
        words = re.findall(r"[a-z]{3,}", said.group(2))
        numbers = {n for n, step in enumerate(steps, 1)
                   if words and all(re.search(rf"(?<![\w']){w}", step.plain) for w in words)}
    else:
        numbers = set(range(1, len(steps) + 1)) - {int(n) for n in _STEP_UPDATED.findall(latest)}
    return " \n ".join(f"{n}. {steps[n - 1].plain}" for n in sorted(numbers) if n <= len(steps))


# a "no" that disputes a fact: "no, there were three of us", "no, it was two bags"
_CONTRADICTS = re.compile(r"(?:no|nope|nah)[,.!]*\s+(?:(?:definitely|actually|really)\s+)?"
                          r"(?:there|it|that|they|we|he|she) (?:were|was|is|are|had|have|did)"
                          r"(?![\w'])|(?:no|nope|nah)[,.!]*\s+(?:there|it|that)'s (?!too|not|fine)")


def _turn_before(messages: list[Message], index: int) -> tuple[str, int]:
    """The assistant messages right before ``messages[index]``: (their text, first index)."""
    j = index
    parts: list[str] = []
    while j > 0 and messages[j - 1].role is Role.ASSISTANT:
        j -= 1
        parts.append(plain(messages[j]))
    return " ".join(reversed(parts)), j


_GO_AHEAD_ASKED = re.compile(
    r"(?:proceed|go ahead|confirm|correct|right|want me to|like me to|shall i|should i|\bok\b|"
    # ("... the total would be $1,224 on your Visa. Would you like that instead?")
    r"would you like (?:that|this|it)(?: one)?(?: instead)?(?=\?)|"
    # ("Do you want to cancel this order, and for which reason?")
    r"do you (?:still )?want to (?:cancel|return|exchange|book|change|modify|upgrade|downgrade|"
    r"submit|go through with)(?![\w'])|"
    r"okay|sound good|work for you|would (?:that|this|it) work|is that|are you sure|like to do|"
    # (the other languages read: "Deseja fazer isso?", "Soll ich umbuchen?", "Zal ik ...?")
    r"\bdeseja|\bdesea|\bquiere que|\bsouhaitez|\bvoulez-vous|\bmöchten sie|\bwollen sie|"
    r"\bsoll ich|\bvuole|\bdesidera|\bprocedo|\bprossigo|\bprocedemos|\bwil je|\bwilt u|\bzal ik|"
    # (one option put forward: "Do you want to go with this?")
    r"(?:want|like) to go with (?:this|that|it)(?![\w']))(?:[^?.!]|\.(?=\d)|\.{2,}(?=\d))*\?|"
    r"please confirm|"
    # (the steps to go ahead with, asked for without a question mark: "Let me know which ones to
    # go ahead with.")
    r"(?:let me know|tell me) which (?:ones?|of (?:these|them|those)|steps?|actions?|changes?)"
    r"[^.?!\n]{0,30}?(?:go ahead|proceed|do|process|carry out)(?![\w'])|"
    # ("Just let me know which you prefer, and confirm when you're ready for me to submit it.")
    r"confirm (?:when|once|whenever) you(?:'re| are) ready|"
    r"(?:if not|if so|if correct|if that'?s (?:all|it|right|correct)|otherwise),? (?:please )?"
    r"confirm(?![\w'])|"
    r"confirm (?:if|that|whether|with|by|you(?:'d| would| want)?)\b|"
    r"(?:reply|say|respond|answer)[^.]{0,20}\byes\b|"
    # (in Chinese, Japanese and Korean, at the question's end: "确认吗？", "よろしいですか?",
    # "진행할까요?")
    r"(?:可以吗|確認吗|确认吗|好吗|行吗|要办理吗|要我|需要我|是否|よろしいですか|よろしいでしょうか|"
    r"進めてもよろしい|いたしましょうか|しましょうか|할까요|드릴까요|하시겠어요|하시겠습니까|"
    r"진행해도 될까요|괜찮으세요)[^?？]{0,20}[?？]"
)


# A question to the user (not a rhetorical "anything else?"): the agent is waiting for an answer.
_OPEN_QUESTION = re.compile(
    r"\b(?:which|what|would you|do you|shall i|should i|can you|could you|please (?:let me know|"
    r"confirm|choose|select|provide))\b[^.!?]*\?(?![^?]*\banything else\b)"
)


# (a go-ahead, or the action said to be done to what was picked: "the first one yes, cancel it")
# both, in the languages the reader reads
_BOTH_WORDS = (r"both|las dos|los dos|os dois|as duas|ambos|ambas|tutte e due|tutti e due|entrambi|"
               r"entrambe|beide|les deux")
_PROCEED = re.compile(r"\b(?:proceed|go ahead|do it|go for it|lock (?:it|that|this) in|"
                      # (a "go" closing the turn, after a pick: "la visa. non c tout, go")
                      r"(?:(?<=[,.!;] )|^)go\s*[.!]*$|"
                      # (the polite imperative with its pronoun, in the other languages read: "Bon
                      # ok, finalement ajoutez-le, c'est plus simple.")
                      r"(?:ajoutez|annulez|changez|modifiez|réservez|envoyez|faites|remboursez)-(?:le|la|"
                      r"les)|allez-y|hazlo|hágalo|adelante|procedi|procedere|vai em frente|pode fazer|"
                      # (what to do, said as allowed: "não, só o relógio. pode trocar")
                      r"pode (?:trocar|mudar|alterar|cancelar|devolver|seguir|prosseguir|mandar)|"
                      r"tr[aá]m[ií]t(?:alo|ala|elo|ela|alos|elos)|"
                      r"puede(?:s)? (?:cambiarlo|cambiarla|cancelarlo|cancelarla|proceder|seguir)|"
                      # (one of the changes offered, pointed at: "Yes for my account, please do that
                      # one.")
                      r"do (?:that|this) one|(?:book|put|switch|move) me (?:on|to|onto) (?:the|that|"
                      r"this|hat\d)|(?:cancel|return|"
                      r"exchange|book|upgrade|refund|swap|change|modify|update|switch) (?:it|them|"
                      r"that one|this one|both|all "
                      r"(?:of them|two|three|four|five|\d)|the \$\d[\d,.]* (?:one|option|flight|"
                      r"fare))|"
                      # (the action said of the trip's parts: "Yep, downgrade both legs, refund to
                      # the Mastercard.")
                      r"(?:cancel|upgrade|downgrade|change|move|switch) (?:both|all|the two|the "
                      r"three) (?:legs|flights|segments)(?![\w'])|"
                      # (the steps by their names: "5191. Yes, do the upgrade and then move it to
                      # the 22nd.")
                      r"do (?:the|both) (?:upgrade|downgrade|change|exchange|return|cancell?ation|"
                      r"booking|swap|move|modification|refund)s?(?![\w'])|"
                      # (one of those offered by what it is: "so cancel the JFK to Philly one")
                      r"(?:cancel|return|exchange|book|upgrade|downgrade|refund|swap|do|get|take) the "
                      r"[a-z0-9][a-z0-9 -]{0,40}? one(?![\w'])|"
                      # (the action on one object by its id: "ok. cancel 59XX6W now.")
                      r"(?:cancel|return|exchange|upgrade|downgrade|refund) #?[a-z]{0,4}\d[a-z0-9]{2,}"
                      r"(?![\w'])|"
                      # (the changes listed approved, the question a choice of how to pay:
                      # "Sounds good. Use the gift card.")
                      r"^(?:(?:that|this|all|it all|everything) )?(?:sounds|looks) (?:good|great|"
                      r"fine|perfect)|"
                      # (the steps to do by their numbers, to "let me know which of these you'd
                      # like me to proceed with": "Do 1 and 2. Skip 3")
                      r"(?:do|go with|go ahead with|proceed with|please do) (?:steps? |items? |numbers? "
                      r"|options? |#)?[1-9](?:\s*(?:,|and|&)\s*(?:#)?[1-9])*(?![\w'])|"
                      # (a yes to both of the steps listed: "sii porfa asi las dos, lo del reloj
                      # ... con la tarjeta de credito", "yes to both, the Visa")
                      r"(?:yes|yeah|sure|ok|okay|s[ií]+|sim|s[iì]|oui|ja)[^.?!]{0,15}?(?:" + _BOTH_WORDS
                      + r"|all (?:of them|two|three|four|five|[2-9])(?: of them)?)|"
                      # (the steps by their numbers alone, or all of them, or all but one: "1 and 3
                      # please.", "Fine with both", "Both are fine, but ...", "Everything except the
                      # economy change.")
                      r"^(?:(?:ok(?:ay)?|yes|so|just)[\s,]+)*(?:steps? |items? |#)?[1-9](?:\s*(?:,|and|&|\+)"
                      r"\s*#?[1-9])+(?![\w'])|(?:fine|ok|okay|good) with (?:both|all)|(?:both|all (?:two|"
                      r"three|four)) (?:are|sound|look|seem) (?:fine|good|great|ok|okay)|^(?:everything|all "
                      r"of (?:it|them)) (?:except|but|other than|apart from)|"
                      # (the Spanish "go for it" opening the turn: "dale, charge the mastercard")
                      r"^(?:s[ií],? )?dale(?=\s*(?:[,.!]|$)))\b")
# a yes said of both or all the steps: "sii porfa asi las dos", "yes to both"
_BOTH_SAID = re.compile(r"(?<![\w'])(?:all (?:of them|two|three)|" + _BOTH_WORDS + r")(?![\w'])")
# a question on what follows an action, not on the action: the email, the label, how long
_AFTERWARDS_ASKED = re.compile(r"(?<![\w'])(?:e-?mail|correo|mail|label|etiqueta|étiquette|etichetta|"
                               r"instructions|instrucciones|instruções|istruzioni|anleitung|how long|"
                               r"cu[aá]nto tarda|quanto tempo|quanto ci vuole|wie lange|combien de "
                               r"temps|hoe lang)(?![\w'])")
# the rest of a question, to its mark (a sum's decimal point ends no sentence: "prefer the refund
# of 206.26 usd on ... or ...?")
_TO_QUESTION_END = r"(?:[^?.!]|\.(?=\d))*\?"
_CHOICE_ASKED = re.compile(
    r"\b(?:which|choose|select|pick|prefer)\b" + _TO_QUESTION_END + r"|let me know (?:which|what)|"
    r"(?:choose|select|pick) (?:one|from|an option|the option)"
)


# ... in the other languages read ("Prefere receber o reembolso ... no Visa ou no cartão-oferta?"),
# where a bare yes answers it ("Pode ser."): it picks nothing (a pick said in words is read as
# one, "Coloca no vale-presente.")
_CHOICE_ASKED_ABROAD = re.compile(
    r"\b(?:prefere|preferes|prefiere|prefieres|préférez|préfères|preferisce|preferisci|bevorzugen "
    r"sie|möchten sie lieber|heeft u liever|wil je liever)\b" + _TO_QUESTION_END)
_BARE_YES = re.compile(r"(?:pode ser|sim|s[ií]|ok(?:ay)?|vale|d'accord|oui|ja|va bene|claro|sure|yes|de "
                       r"acuerdo|tá|ta|beleza|certo|bene|prima|goed|oké)[\s.!]*")


# a choice asked for with the agent's word that it changes the booking by it: "Let me know which
# one and I'll switch you over" (the pick is the go-ahead)
_CHOICE_THEN_DONE = re.compile(
    r"(?:let me know|tell me) which (?:one|option|flight|fare|of (?:these|them|the two))[^.?!\n]{0,40}?"
    # (a change of what exists, each option's money given: not a new booking, whose summary
    # comes after the pick)
    r"(?:,? and|,) (?:i'?ll|i will) (?:switch|change|move|update|rebook|swap|put you on|make the "
    r"change)|"
    # ("Refund to: which would you like? Once you choose, I'll process it.")
    r"once you (?:choose|pick|decide|tell me|let me know)[^.?!\n]{0,20}?,? (?:i'?ll|i will) "
    r"(?:process|submit|file|place|complete|go ahead with|make) (?:it|that|the (?:return|exchange|"
    r"change|request|cancell?ation))|"
    # (in Chinese: "请告诉我您选择哪一个，我就为您办理")
    r"(?:告诉我|告訴我|选择|選擇)[^。？?]{0,12}(?:哪|几|幾)[^。？?]{0,10}[，,]?\s*我(?:就|马上|馬上|会|會)"
    r"(?:为您|為您|帮您|幫您|给您|給您)?(?:办理|辦理|改|更改|修改|处理|處理|换|換|改签|改簽)")


def _asks_of_unlisted(messages: list[Message], index: int) -> bool:
    """Whether the user's yes at ``index`` comes with a question on an add-on the agent's turn
    never mentions, whose answer the yes waits on ("Sim... mas isso já inclui as malas da minha
    mãe, né?" to a cabin upgrade's summary; "yes, but does that include the bags?")."""
    text = plain(messages[index])
    if "?" not in text:
        return False
    agent, _start = _turn_before(messages, index)
    for question in _QUESTIONS.findall(text):
        if _INCLUDES_ASKED.search(question) is None:
            continue
        for addon in _ADDON_IN_QUESTION.finditer(question):
            if not any(word in agent for word in _ADDON_WORDS[str(addon.lastgroup)]):
                return True
    return False


# a question whether what is proposed includes something: "isso já inclui ...?", "does that
# include ...?", "are the bags included?"
_INCLUDES_ASKED = re.compile(r"(?<![\w'])(?:includ|inclu|incluy|compris|inbegriffen|inklusive|dabei|"
                             r"compres|inbegrepen|cover|cubre|cobre|couvre|deckt)")
# an add-on a question names, by its kind, and the words that mention that kind in a turn
_ADDON_IN_QUESTION = re.compile(r"(?<![\w'])(?:(?P<bags>bags?|baggage|luggage|suitcases?|malas?|maletas?|"
                                r"equipaje|bagages?|valises?|koffer|gepäck|bagagli|valigi[ae])|"
                                r"(?P<insurance>insurance|seguro|assurance|versicherung|assicurazione|"
                                r"verzekering))(?![\w'])")
_ADDON_WORDS = {"bags": ("bag", "baggage", "luggage", "suitcase", "mala", "maleta", "equipaje", "bagage",
                         "valise", "koffer", "gepäck", "bagagl", "valigi"),
                "insurance": ("insurance", "seguro", "assurance", "versicherung", "assicurazione",
                              "verzekering")}


def _yes_with_method(messages: list[Message], index: int) -> bool:
    """Whether the user's turn at ``index`` opens on a plain yes and names the method, answering
    a turn that listed the change and asked only which method pays ("- HATHAT: 4 -> 6 checked
    bags (2 paid) - $100 charge. Which payment method? ... so the Visa ending 5519?" "yes, on
    the Visa")."""
    said = plain(messages[index])
    if (_PLAIN_YES_OPENS.match(said) is None and _PLAIN_YES_ENDS.search(said) is None) \
            or _METHODS.search(said) is None:
        return False  # (or the method first, the plain yes last: "gift card. only the phone. yes")
    agent, _start = _turn_before(messages, index)
    return _METHOD_ASKED.search(agent) is not None or (
        _WHICH_ASKED.search(agent) is not None
        and len({m.group() for m in _METHODS.finditer(agent)}) >= 2)  # ("... can go to either your
    # Mastercard ending in 2340 ... or your gift card ending in 6420 ... Which would you like?")


# "which would you like?", asked of the methods the turn names
_WHICH_ASKED = re.compile(r"(?<![\w'])which (?:one )?(?:would you (?:like|prefer)|do you (?:want|prefer))\?")
# a turn opening on a plain yes; a question asking only which method pays
_PLAIN_YES_OPENS = re.compile(r"(?:yes|yeah|yep|yup|sure|ok|okay)(?:,| please| go ahead)?\s")
_PLAIN_YES_ENDS = re.compile(r"(?:^|[.!,;]\s*)(?:yes|yeah|yep|yup|sure|ok|okay)(?: please)?[.!]*\s*$")
_METHOD_ASKED = re.compile(r"(?<![\w'])(?:which|what) (?:payment )?(?:method|card|payment)[^?\n]{0,80}\?")


def _users_of_window(auth: Authorisation, messages: list[Message]) -> list[str]:
    """The user's turns inside the proposal window of ``auth`` (before its yes)."""
    auth.proposal(messages)  # (read once: the window's turns are kept with it)
    return auth._turns[1]


# a choice of methods offered, in a payment's words (its question mark gone): "which payment method
# should receive it: your gift card ending 1487 or paypal"
_METHOD_CHOICE = re.compile(r"(?<![\w'])(?:which|what) (?:payment )?(?:method|card|payment)(?![\w'])"
                            r"[^.\n]{0,80}(?<![\w'])or(?![\w'])")


def _choice_then_done(messages: list[Message], index: int) -> bool:
    """Whether the agent's turn before ``messages[index]`` asked which option to take, said it
    would then act on it, and gave each option's money and method ("... → you'd get $28 back
    on your Visa ending 5128 ... Let me know which one and I'll switch you over")."""
    text, _start = _turn_before(messages, index)
    return _CHOICE_THEN_DONE.search(text) is not None and _METHODS.search(text) is not None


# A question that checks a detail of who or what ("is this the right reservation?", "can you
# confirm your email is ...?"): a bare yes to it identifies, it does not say go ahead.
_CHECK_ASKED = re.compile(
    r"(?<![\w'])(?:is (?:this|that|it) (?:still )?(?:the )?(?:right|correct|same|best|current|"
    r"preferred|valid) (?:reservation|order|booking|trip|flight|account|email|e-mail|address|"
    r"one|person|user|phone|contact)|"
    # "Just to make sure I have the right item: is it the Makeup Kit ... in order #W1?"
    r"(?:make sure|be sure|check|confirm|verify) (?:that )?i (?:have|'?ve got|got|update|change|"
    r"modify|cancel|use) the (?:right|correct) (?:item|order|reservation|booking|flight|product|"
    r"one)[^?]*\?|"
    # which one a request is for: "is this for JMO1MG, your Denver to Miami flight tomorrow?"
    r"(?:is|was) (?:this|that|it) for (?:the |your )?(?:#?[a-z]*\d[a-z0-9]*|reservation|order|"
    r"booking)(?:(?!shall i|should i|go ahead|proceed|can i|may i|do you want me)[^?])*\?|"
    # "just to verify, is this your order?", "are these your reservations?"
    r"(?:is|are) (?:this|that|these|those|it) (?:your|the) (?:reservations?|orders?|bookings?|trips?|"
    r"flights?|accounts?|items?)(?: (?:you(?:'re| are) (?:asking|talking) about|in question))?\?|"
    # which one is meant: "is it the blue one you want to return?", "is this the reservation
    # you mean: I57WUD, ...?" (the whole question: what it is for is no proposal)
    r"is (?:it|this|that) the (?!only |last |final )(?:[\w-]+ ){0,4}?(?:you|you'd|you would|"
    r"you'?re) (?:want|like|mean|meant|need|are referring|were referring|had in mind|"
    r"referring to|talking about|asking about)"
    r"(?:(?!shall i|should i|go ahead|proceed|can i|may i|do you want me)[^?])*\?|"
    # (and in the other languages read, of an object by its noun: "Est-ce bien la commande dont
    # vous parlez ?", "¿Es este el pedido al que se refiere?", "Ist das die Bestellung, die Sie
    # meinen?")
    r"(?:est-ce|c'est) (?:bien )?(?:la|le|l')\s?(?:commande|réservation|article|produit|vol)\b"
    r"(?:[\w'-]+ ){0,3}?[^?]{0,40}?(?:dont vous|dont tu|à laquelle vous|auquel vous|que vous "
    r"(?:voulez|vouliez|souhaitez|mentionnez|aviez))[^?]*\?|"
    r"¿?es (?:este|esta|ése|ésa|ese|esa) (?:el|la) (?:pedido|reserva|artículo|producto|vuelo)\b"
    r"[^?]{0,40}?(?:del que|de la que|a la que|al que|que) (?:usted |tú )?(?:habla|hablas|se "
    r"refiere|te refieres|mencion)[^?]*\?|"
    r"(?:é|seria) (?:este|esta|esse|essa) (?:o|a) (?:pedido|encomenda|reserva|item|artigo|voo)\b"
    r"[^?]{0,40}?(?:de que|a que|que) (?:você |o senhor |a senhora )?(?:fala|falou|se refere|"
    r"mencion)[^?]*\?|"
    r"ist (?:das|dies) (?:die|der|das) (?:bestellung|buchung|reservierung|artikel|flug)\b"
    r"[^?]{0,40}?(?:die|den|das|von der|von dem) (?:sie|du) (?:meinen|meinst|ansprechen|erwähnt)"
    r"[^?]*\?|"
    r"è (?:questo|questa|quello|quella) (?:l'|il |la |lo )(?:ordine|prenotazione|articolo|volo)\b"
    r"[^?]{0,40}?(?:di cui|a cui) (?:parla|parli|si riferisce|ti riferisci)[^?]*\?|"
    r"is (?:dit|dat) (?:de|het) (?:bestelling|boeking|reservering|artikel|vlucht)\b"
    r"[^?]{0,40}?(?:die|dat|waar) (?:u|je) (?:bedoelt|het over)[^?]*\?|"
    r"(?:can|could) you (?:please )?"
    r"(?:confirm|verify) (?:your|the|that your|that the) (?:email|e-mail|name|zip|zip code|"
    r"address|user id|date of birth|phone|identity)|"
    # (a question, not the listing's opening: "Here is the address change for order #W1...: ...
    # Look good?")
    r"(?<!here )(?<!there )(?<!below )is (?:your|the) (?:(?:shipping|delivery|home|"
    r"billing|mailing) )?(?:email|e-mail|zip(?: code)?|"
    r"address|phone number|date of birth|user id|name) [^?]*\?|(?:did|do) you mean (?:the|"
    r"reservation|order|booking)"
    # a detail asked for ("could you provide your email or user id?": "Sure, it's mei@...")
    r"|(?:(?:can|could|would) you |please )(?:please )?(?:provide|give|share|send|tell|confirm)"
    r"(?: me| us)? (?:your|the) (?:email|e-mail|name|full name|first name|zip|zip code|user id|"
    r"user|order|reservation|address|phone|date of birth)"
    # where something goes that changes nothing ("would you like that sent to ava@..., the
    # email on your account?")
    r"|(?:would you like|do you want|shall i have|should i have) (?:that|it|this|them|the "
    r"(?:label|instructions|receipt|confirmation|email|link))? ?(?:sent|emailed|mailed) to"
    # an add-on offered on its own while a booking is put together ("would you like to add
    # travel insurance for $30?"): what the yes says is about the add-on
    r"|(?:would you like|do you want|shall i|should i|want me)(?: me)? (?:to )?(?:add|include|"
    r"purchase|buy|get)(?: the| a)? (?:travel |trip )?insurance\b[^?]*\?"
    # an offer of something that changes nothing ("would you like me to explain your options?",
    # "shall I check the status of HAT083 first?")
    r"|(?:would you like(?: me)? to|shall i|should i|do you want(?: me)? to|want me to|may i|"
    r"can i) (?:first |also |quickly )?(?:explain|check|look|verify|search|find|tell|show|review|"
    r"see|go over|"
    r"walk you through|transfer|connect|help|list|read|describe|clarify|"
    # information given ("would you like me to give you the full flight details for these two
    # reservations?"; not "give you a refund")
    r"(?:give|send|get|pull up)(?: you)? (?:the |a |all the |more )?(?:full |complete |"
    r"detailed |exact )?(?:[\w-]+ ){0,2}?(?:details|information|info|breakdown|summary|rundown|"
    r"overview|itinerar(?:y|ies))(?![\w']))"
    # a count asked for while a booking is put together ("And how many checked bags will you
    # need?": "Two bags" gives it, no go-ahead)
    r"|how many (?:[\w-]+ ){0,2}?(?:bags|baggages|suitcases|pieces|passengers|travell?ers|people|"
    r"seats|items) (?:will|would|do|did) you (?:need|want|like|have|bring|be bringing|check|be "
    r"checking|be traveling with|be travelling with)\b[^?]*\?"
    # the same offer in the other languages read ("Quer que eu veja os voos disponíveis ...?",
    # "¿Quiere que busque vuelos ...?", "Soll ich nachsehen ...?", "Vuole che controlli ...?")
    r"|(?:quer|querem|deseja|gostaria) que eu (?:veja|verifique|procure|busque|consulte|cheque|"
    r"pesquise|confira)|(?:quiere|quieres|querés|desea|le gustaría) que (?:le )?(?:busque|revise|"
    r"consulte|verifique|mire|vea|chequee)|soll ich (?:nachsehen|nachschauen|suchen|prüfen|"
    r"überprüfen|schauen)|möchten sie, dass ich (?:nachsehe|suche|prüfe|nachschaue)|"
    r"(?:vuole|vuoi) che (?:controlli|cerchi|verifichi|guardi)|(?:voulez-vous|veux-tu|souhaitez-vous) "
    r"que je (?:vérifie|cherche|regarde|consulte)|"
    # (and in Chinese and Japanese: "需要我帮您查一下 Office Chair 还有哪些颜色吗？", "お調べしましょうか")
    r"(?:需要|要)我(?:帮您|帮你|幫您|幫你|给您|给你)?(?:查|看|找|搜)(?:一下|一查|看)|"
    r"(?:お調べ|確認|検索)(?:いた)?しましょうか"
    # whether to leave a thing as it is ("Would you like to keep the boots as they are?")
    r"|(?:would you like|do you want|shall we|should we|shall i|should i)(?: me)?(?: to)? "
    r"(?:keep|leave) (?:the|them|it|this|that|those|these|your|my)\b[^?]*\?"
    # an email address asked after, in any language ("l'indirizzo per la conferma è ancora
    # elena.marino@example.com?"), with no go-ahead asked in its clause
    r"|(?:(?!shall i|should i|go ahead|proceed|proced|can i|may i|do you want me|want me to)[^?])*"
    r"[\w.+-]+@[\w-]+\.[a-z]{2,}(?:(?!shall i|should i|go ahead|proceed|proced)[^?])*\?)")


# an address said to stay as it is, asked about in a sentence of its own ("E o endereço de
# entrega continua 510 Hickory Lane ... – está correto?", "And the shipping address stays ... -
# is that right?"): a check of a detail, not the go-ahead
_ADDRESS_STAYS = re.compile(
    r"\s*(?:and |e |y |und |et |en )?(?:the |your |o |seu |el |su |la |il |l'|die |ihre |de |het |"
    r"uw )?(?:(?:shipping|delivery|home) )?(?:address|endereço(?: de entrega)?|dirección(?: de "
    r"envío)?|indirizzo(?: di (?:spedizione|consegna))?|adresse|lieferadresse|adres|afleveradres|"
    r"bezorgadres)(?![\w']) (?:stays|remains|is still|will stay|will remain|continua|continuará|"
    r"permanece|sigue|seguirá|resta|rimane|bleibt|blijft|reste|demeure)(?![\w'])[^?]{0,120}\?")


# a turn asking only where a refund goes, no action listed ("Got it. Would you like the refund to
# go to the original payment method, your PayPal account?"): "yes" picks the method
_REFUND_WHERE_ONLY = re.compile(
    r"(?:(?:got it|okay|ok|sure|great|thanks|thank you|perfect|understood|noted)[.!,]?\s*)?"
    r"(?:would you like|do you want|shall i send|should i send) the refund (?:to go |to be sent |"
    r"sent |credited )?(?:back )?to [^?.]{1,80}\?")


_HOLDS_ASKED = re.compile(
    r"(?<![\w'])(?:do|did) you (?:still )?(?:have|know|remember|have got) (?:the|your|an?|its|that)"
    r" (?:[\w-]+ ){0,2}(?:number|id|code|email|e-mail|confirmation|reference|details)(?![\w'])|"
    # (a card or a document at hand: "do you still have the Visa ending in 7447 with you?")
    r"(?<![\w'])(?:do|did) you (?:still )?(?:have|have got) (?:the|your|that) [^?.]{0,40}? "
    r"(?:with you|on you|at hand|handy|nearby)(?![\w'])")
# the user's words on what the detail is for ("the one I want to cancel")
_HOLDS_SAID = re.compile(r"(?<![\w'])(?:the one|that|which|i|you) [^.,;!?]*$|"
                         r"(?<![\w'])(?:for|of) the (?:one|order|reservation|trip|booking)[^.,;!?]*")


_THANKS_WORDS = (r"ok(?:ay)?|great|thanks?|thank you(?: so much)?|got it|cool|perfect|alright|"
                 r"all right|i see|understood|good to know|good")
_THANKS = re.compile(rf"(?:(?:{_THANKS_WORDS})[\s,.!]*)+")


def _thanks_for_an_answer(messages: list[Message], index: int) -> bool:
    """Whether the user's "Ok, great, thanks" at ``index`` only thanks the agent for answering
    the user's question: the agent's turn asked nothing, and the user's turn before it was a
    question ("Will the money go back to my Visa?" "Yes, within 5-7 days." "Ok, great")."""
    if not _THANKS.fullmatch(plain(messages[index])):
        return False
    text, start = _turn_before(messages, index)
    if not text or "?" in text or start == 0 or messages[start - 1].role is not Role.USER:
        return False
    return plain(messages[start - 1]).rstrip().endswith("?")


_CLAUSE_START = re.compile(r"[.!?;:](?=\s)|\s-\s")


def _answers_a_check(messages: list[Message], index: int) -> bool:
    """Whether the user's yes at ``index`` answers the agent's last question, which checked a
    detail of who or what and named no action, and the yes itself names no action and says
    no "proceed" or "go ahead" ("Yes, that's my email"; not "Yes, go ahead and cancel it")."""
    text, _start = _turn_before(messages, index)
    if "？" in text:  # (the full stops and question marks of Chinese and Japanese, read as ours)
        text = text.replace("？", "? ").replace("。", ". ")
    if _LATER_CONFIRMATION.search(text) and not _PROCEED.search(plain(messages[index])):
        return True  # ("are the boots the only item? If so, I'll then confirm the details")
    end = text.rfind("?")
    if end < 0:
        return False
    if _GO_AHEAD_AFTER.search(text, end) is not None \
            and names_action(NOUNS.sub(" ", text[end + 1:]), ALL_ACTION_WORDS) is not None:
        return False  # (the go-ahead asked for after the check, of the action: "Is the zip code
        # still 28293? If everything looks right, please confirm (yes) and I'll update your
        # default address.")
    sentence = max(text.rfind(". ", 0, end), text.rfind("? ", 0, end), text.rfind("! ", 0, end),
                   text.rfind("\n", 0, end)) + 1
    if _ADDRESS_STAYS.match(text[sentence:end + 1]) is not None \
            or _REFUND_WHERE_ONLY.fullmatch(text.strip()) is not None:
        said = plain(messages[index])
        return not _PROCEED.search(said) and names_action(NOUNS.sub(" ", said), ALL_ACTION_WORDS) is None
    start = 0
    for m in _CLAUSE_START.finditer(text, 0, end):  # (the last question's own clause)
        start = m.end()
    last = text[start:end + 1]
    check = _CHECK_ASKED.search(last)
    if check is None and text[start - 1:start] == ":" and _GO_AHEAD_ASKED.search(last) is None:
        # (not where the question after the colon asks to go ahead: "New shipping address: 15
        # Kensington Way, ... Shall I go ahead with this change (yes/no)?")
        # a question that lists what it asks about ("Is this the reservation you mean: I57WUD,
        # business, DFW -> ATL ...?"): its sentence, from before the colon
        sentence = max(text.rfind(". ", 0, start), text.rfind("? ", 0, start),
                       text.rfind("! ", 0, start)) + 1
        last = text[sentence:end + 1]
        check = _CHECK_ASKED.search(last)
    if check is None and _HOLDS_ASKED.search(last):
        # whether the user holds a detail: the action it is for may be named ("do you have the
        # order number of the one you'd like to cancel?" "Yes, I have it: #W1")
        said = NOUNS.sub(" ", plain(messages[index]))
        return not _PROCEED.search(said) and names_action(
            _HOLDS_SAID.sub(" ", said), ALL_ACTION_WORDS) is None
    # (what it says comes after is not asked: "Before I make the change, would you like me to
    # also go over your baggage allowance?")
    after = last[check.end():] if check is not None else ""
    if check is not None and _LOOKED_INTO.match(after) and re.search(
            r"(?:look|check|see|search|find)$", check.group()):
        after = ""  # (what is looked into is no action taken: "Would you like me to look into
        # just changing your outbound to May 24 while staying in economy?", "to check the
        # price of upgrading both flights to business?")
    if check is None or names_action(NOUNS.sub(" ", _BEFORE_I.sub(" ", last[:check.start()])
                                               + _ELIGIBLE.sub(" ", _BEFORE_ACTING.sub(" ", after))),
                                     ALL_ACTION_WORDS) is not None:
        return False
    said = NOUNS.sub(" ", plain(messages[index]))  # ("yes, that's my address": no action)
    if "insurance" in check.group():  # ("yes, add it": the insurance)
        said = _ADD_IT.sub(" ", said)
    asked = _OFFERED_VERB.search(check.group())
    if asked is not None and re.match(rf"(?:yes|yeah|yep|sure|ok(?:ay)?)[\s,.!]+(?:please[\s,]+)?"
                                      rf"{re.escape(asked.group(1))}(?![\w'])", said):
        return True  # ("Yes, please check my upcoming Minneapolis trip": the yes is to checking)
    return not _PROCEED.search(said) and names_action(said, ALL_ACTION_WORDS) is None


# the go-ahead asked for in words after the turn's last question
_GO_AHEAD_AFTER = re.compile(r"(?<![\w'])(?:please confirm|confirm \(yes\)|(?:say|reply|type|answer) "
                             r"\(?[\"']?yes\b|let me know if you(?:'d| would)? (?:like|want) me to "
                             r"(?:proceed|go ahead))(?![\w'])")


_LOOKED_INTO = re.compile(r"\s*(?:into|at|whether|if|(?:on )?(?:the|what the) (?:price|prices|cost|"
                          r"costs|fare|fares|availability|options?)(?: (?:of|for|would be))?|"
                          r"how much)(?![\w'])")
# what a check looks into is no action taken: "would you like me to check whether it's
# eligible for cancellation too?"
_ELIGIBLE = re.compile(r"(?<![\w'])(?:whether|if) (?:it'?s|it is|they'?re|they are|this is|that "
                       r"is|(?:the|your) [a-z]+ is) (?:still |also )?(?:eligible|allowed|able) "
                       r"(?:for|to)[^?]*")


# the verb of an offer of something that changes nothing ("would you like me to check ...")
_OFFERED_VERB = re.compile(r"(?:to|shall i|should i|may i|can i) (?:first |also |quickly )?(check|"
                           r"look|explain|search|find|show|review|see|go over|list|describe)"
                           r"(?![\w'])")


_ADD_IT = re.compile(r"(?<![\w'])(?:add|include|get|buy|purchase)(?: it| that| the insurance| "
                     r"insurance)?(?![\w'])")


_BEFORE_I = re.compile(r"(?<![\w'])before (?:i|we) [^,?]*,")
# what a check is to come before ("would you like me to first check the current status of the
# 7:30 flight before making the change?"): the action waits for it
_BEFORE_ACTING = re.compile(r"(?<![\w'])before (?:i |we |you )?[^?]*")
# a turn that says the go-ahead is still to be asked for: what it asks now is something else
_LATER_CONFIRMATION = re.compile(
    r"(?<![\w'])(?:i'?ll|i will|we'?ll|we will) (?:then |next |afterwards )?(?:confirm|go over|"
    r"review|read back) (?:the |all the )?(?:final |full |remaining )?details(?: with you)?|"
    r"(?<![\w'])(?:i'?ll|i will) then ask you to confirm|"
    # (the go-ahead said to come after the question: "Before I ask you to confirm, would you
    # like to add travel insurance?")
    r"(?<![\w'])before (?:i|we) (?:ask (?:you )?(?:to|for) |get )(?:your )?(?:final )?"
    r"(?:confirm(?:ation)?|go-ahead|go ahead|ok|okay)(?![\w'])")


# "Is there anything else I can help you with?": a yes to it brings a new request, no go-ahead
_ANYTHING_ELSE = re.compile(r"(?<![\w'])(?:anything|something) (?:else|more)(?![\w'])|"
                            # the other languages read ("¿Hay algo más en lo que pueda
                            # ayudarle?", "autre chose", "sonst noch", "mais alguma coisa",
                            # "qualcos'altro", "还有什么")
                            r"(?<![\w'])(?:algo más|algo mas|otra cosa|autre chose|quelque chose "
                            r"d'autre|sonst noch|noch etwas|etwas anderes|mais alguma coisa|algo "
                            r"mais|outra coisa|qualcos'altro|qualcosa d'altro|altro in cui|"
                            # ("Posso aiutarti con altro?", "¿Te ayudo con algo más?")
                            r"aiutarti con altro|aiutarla con altro|con altro)(?![\w'])|"
                            r"还有什么|還有什麼|其他需要|其他问题|其他問題")


def _answers_anything_else(messages: list[Message], index: int) -> bool:
    """Whether the user's yes at ``index`` answers the agent's closing "anything else?" (and
    no go-ahead the same turn asked for): "Yes, I also moved, my new address is ..." asks for
    something new, which the agent has still to list; "Yes, go ahead" still says go."""
    text, _start = _turn_before(messages, index)
    end = text.rfind("?")
    if end < 0:
        return False
    start = text.rfind("?", 0, end) + 1
    for m in _CLOSING_START.finditer(text, start, end):  # (the last question's own sentence)
        start = m.end()
    if not _ANYTHING_ELSE.search(text, start, end):
        return False
    said = plain(messages[index])
    if _MORE_OR_GO.search(text[start:end + 1]) is not None:
        # (more, or the go-ahead, in one question: "¿Quiere modificar algo más ..., o procedo
        # solo con las botas?" "Sí, solo las botas. Hazlo." goes ahead; "yes, the watch too"
        # brings more)
        return _BRINGS_MORE.search(_NOTHING_MORE.sub(" ", said)) is not None
    if _GO_AHEAD_ASKED.search(text[end + 1:]):
        # "... anything else from this order? If not, confirm.": a go-ahead where the yes says
        # there is nothing else ("yeah sure, just those two"), not where it brings more ("yes
        # oh and also the pet bed, can you change that too")
        return not _NOTHING_ELSE.search(said) and not _PROCEED.search(said)
    return not _GO_AHEAD_ASKED.search(text[:start]) and not _PROCEED.search(said)


# more brought to the question "anything else?": "the watch too", "también el reloj"
_BRINGS_MORE = re.compile(r"(?<![\w'])(?:also|too|as well|another|más|mas|también|tambien|aussi|encore|"
                          r"anche|pure|auch|noch|ook|nog|também)(?![\w'])")
_NOTHING_MORE = re.compile(r"(?<![\w'])(?:nada más|nada mas|nothing more|nothing else|rien de plus|"
                           r"rien d'autre|niente altro|nient'altro|nichts mehr|sonst nichts|niets meer|"
                           r"nada mais|mais nada|no more)(?![\w'])")
_NOTHING_ELSE = re.compile(r"(?<![\w'])(?:(?:just|only) (?:those|these|that|this|the|them|it)|"
                           r"that'?s (?:all|it|everything)|nothing (?:else|more)|no more|"
                           # ("yes that's the only item. go")
                           r"that'?s the only (?:item|one|thing|change)|"
                           r"(?:no|nope),? (?:that'?s|just))(?![\w'])")


_CLOSING_START = re.compile(r"[.!;:](?=\s)")
_ACKNOWLEDGED = re.compile(rf"(?:(?:{_THANKS_WORDS}|k|noted|nice|(?:yeah,? |yes,? )?(?:that )?makes "
                           rf"sense|fair enough|i understand|gotcha)[\s,.!]*)+")
# an "ok" opening a turn that goes on to something else
_OK_THEN_MORE = re.compile(r"(?:ok(?:ay)?|great|perfect|cool|alright|awesome|thanks|thank you|parfait|super|"
                           r"génial|perfetto|ottimo|perfecto|genial|perfeito|ótimo|otimo|prima|mooi|"
                           r"perfekt|top|oké)[,.!]*\s+\w")
# an acknowledgment said as such, a sentence of its own
_GOT_IT = re.compile(r"(?:^|[.!?;]\s*)(?:(?:hm+|ah|ach|oh|ok(?:ay)?|alright|right|d'accord|va bene|vale|"
                     r"tá|ta|na gut|gut)[,\s]+)*(?:got it|noted|understood|i see|i understand|"
                     # (in the other languages read: "Hm, okay, verstehe.", "capisco", "entiendo")
                     r"(?:ich )?verstehe|verstanden|(?:ho )?capito|capisco|entiendo|entendido|entendí|"
                     r"je comprends|compris|entendi|entendo|(?:ik )?begrijp(?: het)?|snap ik)"
                     r"[\s.!,]*(?:$|[.!?;])")
# (what the agent means to do; "I can only change item options" says what is possible)
_INTENT = re.compile(r"(?<![\w'])(?:i'?ll|i will|i'?m going to|i am going to|let me|i can(?! only)|"
                     r"we can(?! only)|i could|i'?m about to|i am about to|now i'?ll|next i'?ll|"
                     r"i'?d like to|shall|should)(?![\w'])"
                     # (not a look-up announced: "For the dumbbells, let me check the options.")
                     r"(?! (?:(?:first|now|quickly|just) )?(?:check|look|see|find|search|pull up|"
                     r"verify|get the details|look up)(?![\w']))")


# the agent holding one back until the user says: "I'll hold off on the makeup kit order until you
# let me know" (the user's word on it is then the go)
_HELD_UNTIL_TOLD = re.compile(r"(?<![\w'])(?:hold off|wait|keep (?:it|that|the [a-z ]{3,30}) on hold)"
                              r"[^.\n]{0,60}? until you")


# an "ok" and a remark on what was said: "Oh, ok, that's cutting it close."
_OK_REMARK = re.compile(r"(?:(?:oh|ah|hmm+|wow|huh)[,\s]+)?(?:ok(?:ay)?|alright|i see|right)[,.!]*\s+"
                        r"(?:that'?s|that is|it'?s|it is|this is|wow|good to know|interesting|"
                        r"noted)(?![\w'])")


# an "ok" taking in that something cannot be done: "ah ok, no worries", "okay, no problem"
_NO_WORRIES = re.compile(r"(?:(?:oh|ah|hmm+|aw+)[,\s]+)?(?:ok(?:ay)?|alright|i see|fine)[,.!]*\s+"
                         r"(?:no worries|no problem|no prob|never ?mind|no biggie|no big deal|that'?s "
                         r"(?:fine|ok|okay))(?![\w'])")
# the agent saying it cannot do something: "I'm sorry, seat selection isn't something I can do"
_SAID_CANNOT = re.compile(r"(?<![\w'])(?:sorry|unfortunately|i'?m (?:not able|unable)|i am (?:not able|"
                          r"unable)|(?:isn'?t|is not) (?:something|anything) i can|(?:can'?t|cannot) (?:do|"
                          r"offer|change|make|select|pick|add|provide))(?![\w'])")


def _acknowledges(messages: list[Message], index: int) -> bool:
    """Whether the user's "ok" at ``index`` only acknowledges what the agent told: the agent's
    turn asked nothing and announced no action (order details, how exchanges work, a list of
    options); "I'll cancel order #W1 now." "Ok" stays a yes."""
    # (the yes alone: "Perfect. Just to be sure, the bag is definitely on there?" to a report
    # of what was done)
    said = plain(messages[index])
    text, start = _turn_before(messages, index)
    asked = "?" in text or "？" in text  # (in Chinese and Japanese too: "這樣幫您加嗎？")
    if _OK_THEN_MORE.match(said) is not None and text and not asked \
            and _DONE.search(text) is not None and not _PROCEED.search(said) \
            and _HELD_UNTIL_TOLD.search(text) is None and _LEFT_FOR_LATER.search(text) is None \
            and not (start > 0 and messages[start - 1].role is Role.USER
                     and (reading_of(messages[start - 1]).act is Act.HOLD
                          or held_topics(plain(messages[start - 1])))):
        return True  # (an "ok" to a report of what was done, then a new request: "Your flight
        # is booked! ... Let me know your mom's date." "ok mom says the 23rd works. same
        # flight if possible ..."; not where the report answers the user's question: "Will that
        # mess with the return?" "No, ... the return request is already submitted, so it isn't
        # affected." "Cool, then update it."; nor where it answers what a yes to the rest held
        # back: "Cancel the San Diego one — yes. For the Jacksonville one, hold on, what was the
        # grill in that one?" "Order #W6236251 is cancelled ... the grill in it is ..." "OK,
        # then that's fine. Yes, redirect that one home.")
    if _NO_WORRIES.match(said) is not None and text and not asked and _SAID_CANNOT.search(text) is not None \
            and not _PROCEED.search(said) and names_action(NOUNS.sub(" ", said), ALL_ACTION_WORDS) is None:
        return True  # (an "ok, no worries" to what the agent said it cannot do: "I'm sorry, seat
        # selection isn't something I can do from here" "Ah ok, no worries. Gracias!")
    if not _ACKNOWLEDGED.fullmatch(said) \
            and not _ACKNOWLEDGED.fullmatch(reading_of(messages[index]).words) \
            and not _GOT_IT.search(said) \
            and not (_OK_REMARK.match(said) is not None and not _PROCEED.search(said)
                     and names_action(NOUNS.sub(" ", said), ALL_ACTION_WORDS) is None):
        # ("Okay, 4. Got it. So we could add 3 more?"; "Oh, ok, that's cutting it close.")
        return False
    return bool(text) and not asked and not _GO_AHEAD_ASKED.search(text) \
        and not _INTENT.search(text) and not _PROCEED.search(said)  # (not "OK, I understand.
    # Go ahead and cancel U7PX2N.": the go-ahead after it)


def _picks_an_action(messages: list[Message], index: int) -> bool:
    """Whether the user's turn at ``index`` picks by its label ("B.", "option 2") one of the
    labelled options the agent's turn before it listed, each an action it described ("Option B -
    Cancel the whole order #W1 ..."): a choice of an action, bound to that option's own words
    (``_option_not_picked``)."""
    said = plain(messages[index])
    label = _picked_label(said)
    if label is None or not re.match(r"\(?[a-d1-9]\)?(?:[\s,.!]|$)|(?:option|choice) ", said):
        return False
    text, _start = _turn_before(messages, index)
    segments = _options_of(text)
    acting = [k for k, t in segments.items() if _leads_with_action(t, ALL_ACTION_WORDS)]
    return label in acting and len(acting) >= 2


def _one_step_then_held(content: str) -> str | None:
    """Where a turn opens on a go-ahead that names its action ("Cancel the old one now.") and
    each sentence after it that holds or asks is about another thing, by another action's word
    or by "for the new one": the go-ahead's words, else None."""
    acts = turn_acts(content)
    if len(acts) < 2 or acts[0][1] is not Act.AFFIRM \
            or (verb := names_action(acts[0][0], _WRITE_VERBS)) is None \
            or _OF_ALL.search(acts[0][0]) is not None or _THE_ONLY_ONE.search(acts[0][0]) is not None:
        return None  # (nor the answer to whether one thing is the only one: "Yes the puzzle is
        # the only thing to exchange there. OK, do everything except the return for now")
    asked = [q for _s, q in sentences(normalize(content))]
    for k, (s, act) in enumerate(acts[1:], 1):
        if act is Act.AFFIRM or names_action(s, (verb,)) is not None or _IF.search(s) is not None \
                or (k < len(asked) and asked[k]):
            return None  # (not a condition, nor a question: "But before you charge the card,
            # what's the total?" may hold the booking itself)
        if act is Act.OTHER:
            continue
        if names_action(s, _WRITE_VERBS) is None and _FOR_THE_OTHER.match(s) is None:
            return None
    return acts[0][0].strip(" .!")


_THE_ONLY_ONE = re.compile(r"(?<![\w'])(?:is|are|'s) the only (?:one|ones|thing|things|item|items)(?![\w'])")


def _only_this_then_held(content: str) -> str | None:
    """Where a turn's one go-ahead picks one action alone by its word ("Let's just do the
    cancellation for now.", "Just the return for now.") and its other sentences only hold or
    remark, none naming that action nor speaking of everything, asking, or setting a condition
    ("Hmm, that's a lot, and the earbud swap costs more than I thought. ... I'll call back about
    the rest after I talk to my partner"): the go-ahead's words, else None."""
    acts = turn_acts(content)
    yeses = [s for s, act in acts if act is Act.AFFIRM]
    if len(yeses) != 1 or len(acts) < 2 or _ONE_ALONE.search(yeses[0]) is None \
            or (verb := names_action(yeses[0], _WRITE_VERBS)) is None \
            or _OF_ALL.search(yeses[0]) is not None:
        return None
    asked = [q for _s, q in sentences(normalize(content))]
    if len(asked) != len(acts) or any(asked):
        return None
    for s, act in acts:
        if act is Act.AFFIRM:
            continue
        if act is Act.DECLINE or names_action(s, (verb,)) is not None or _IF.search(s) is not None \
                or _OF_ALL.search(s) is not None:
            return None
    return yeses[0].strip(" .!")


# one action alone, picked: "let's just do the cancellation for now", "just the return for now"
_ONE_ALONE = re.compile(r"^(?:(?:ok(?:ay)?|so|then|fine)[,\s]+)?(?:let'?s |please )?(?:just|only) (?:do |go "
                        r"with |go ahead with |process )?(?:the |my )?[a-z]+(?: [a-z]+)?(?: for now| now| "
                        r"first| today)?$")


# the verbs that name one write apart from another (not "charge" or "pay", said of any)
_WRITE_VERBS = ("book", "cancel", "return", "exchange", "upgrade", "downgrade", "send")


# a sentence about the proposal's other object: "for the new one i want to think about ..."
_FOR_THE_OTHER = re.compile(r"(?:(?:and|but|as)\s+)?(?:for|as for|about|with) the (?:new|other|second|next|"
                            r"return|later) (?:one|booking|reservation|order|trip|flight)(?![\w'])")


def _names_an_offered_action(messages: list[Message], index: int) -> bool:
    """Whether the user's turn at ``index`` picks, by the action it names, the one option of
    several the agent's turn before it listed that opens with that action ("ok then cancel all"
    to "1. Cancel the whole order #W1 (...) 2. Keep the order as it is, and return the kettle
    after it is delivered. Which would you like?"). The call must then be an action the user's
    words name (``_bind``: the proposal names both)."""
    text, _start = _turn_before(messages, index)
    segments = _options_of(text) or _numbered(text)
    if len(segments) < 2:
        return False
    said = reading_of(messages[index]).words  # (the affirming sentence itself names it)
    leading = [_leading_action(t, ALL_ACTION_WORDS) for t in segments.values()]
    return sum(1 for w in leading if w is not None and names_action(said, (w,))) == 1


def _takes_an_offered_thing(messages: list[Message], index: int) -> bool:
    """Whether the user's turn at ``index`` takes, by a word only it has, the one option of
    several the agent's turn before it listed that is an action ("The certificate is fine, I'll
    take the $150" to "1. A travel certificate of $150 ... added to your account 2. ... change
    to a different flight ..."): the binding then holds the call to the proposal."""
    reading = reading_of(messages[index])
    if not reading.choice:
        return False
    text, _start = _turn_before(messages, index)
    segments = _options_of(text) or _numbered(text)
    if len(segments) < 2:
        return False
    words = set(re.findall(r"[a-z]{5,}", reading.words))
    owners = [t for t in segments.values()
              if any(re.search(rf"(?<![a-z]){w}", t) for w in words)]
    return len(owners) == 1 and names_action(owners[0], ALL_ACTION_WORDS) is not None


def _plan_steps(text: str) -> list[Text] | None:
    """A proposal's numbered steps, numbered 1 to n (two at least), each its text; else None."""
    marks = list(_PLAN_MARK.finditer(text))
    if len(marks) < 2 or [int(m.group(1)) for m in marks] != list(range(1, len(marks) + 1)):
        # (a table whose rows are numbered: "| 1 | **FDZ0T5** (JFK → PHL, May 17) | ... |")
        rows = _NUMBERED_ROW.findall(text) if "|" in text else []
        if len(rows) < 2 or [int(n) for n, _row in rows] != list(range(1, len(rows) + 1)):
            return None
        return [Text(row) for _n, row in rows]
    return [Text(item) for _m, item in _between(marks, text)]


_NUMBERED_ROW = re.compile(r"^\|[ \t]*(\d{1,2})[ \t]*\|(.*)$", re.MULTILINE)


def _numbered(text: str) -> dict[str, str]:
    """A turn's numbered items ("1. Cancel ... 2. Keep ..."): number -> its text."""
    return {m.group(1): item for m, item in _between(list(_PLAN_MARK.finditer(text)), text)}


def _between(marks: list[re.Match[str]], text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each of ``marks`` (labels, numbers) in ``text`` and what follows it, up to the next; the
    last up to a line of prose after it, which is no detail of it ("3. HAT164 + HAT172: $247\n
    The cheapest is option 1 at $207.\nHere's what the change would look like: ..." is no part
    of item 3; "3. Cancel 59XX6W\n- Refund: $624 ..." is)."""
    for i, m in enumerate(marks):
        if i + 1 < len(marks):
            yield m, text[m.end():marks[i + 1].start()]
        else:
            end = _PROSE_LINE.search(text, m.end())
            yield m, text[m.end():len(text) if end is None else end.start()]


# a line that is no list item, table row or "label: value" detail
_PROSE_LINE = re.compile(r"\n(?=[ \t]*[a-z][a-z']* )(?![ \t]*[\w' ]{1,30}:)")


def _leads_with_action(option: str, words: tuple[str, ...]) -> bool:
    return _leading_action(option, words) is not None


def _leading_action(option: str, words: tuple[str, ...]) -> str | None:
    """The action word an option's text opens with ("- Cancel the whole order ..."), not one
    a row of a table mentions further on (a charge), or None."""
    return names_action(option[:40], words)


def _options_of(text: str) -> dict[str, str]:
    """The labelled options of an agent's turn ("Option A - ...", "**B)** ...", a table's "| 1 |"
    rows): label -> its text, up to the next label."""
    segments: dict[str, str] = {}
    for m, option in _between(list(_OPTION_MARK.finditer(text)), text):
        segments.setdefault(next(g for g in m.groups() if g).lower(), option)
    return segments


def _asked(messages: list[Message], index: int, question: re.Pattern[str]) -> bool:
    """Whether the agent's turn before ``messages[index]`` asked ``question`` (a go-ahead,
    ``_GO_AHEAD_ASKED``, or a choice among options, ``_CHOICE_ASKED``)."""
    text, _start = _turn_before(messages, index)
    return bool(question.search(text))


def _only_options_asked(messages: list[Message], index: int) -> bool:
    """Whether every go-ahead question of the agent's turn before ``messages[index]`` is only
    whether an option will do, in a sentence asking which to take ("Which keyboard would you
    like, and is the black Google Assistant thermostat okay?"): a pick answers it, and no
    go-ahead was asked ("..., and shall I proceed?" is one)."""
    text, _start = _turn_before(messages, index)
    for m in _GO_AHEAD_ASKED.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        if not (_OPTION_OK.match(m.group()) and _CHOICE_ASKED.search(text, start, m.end())):
            return False
    return True


_OPTION_OK = re.compile(r"(?:correct|right|\bok\b|okay|sound good|work for you|is that)")


def _closed_by_others(session: SessionState, auths: list[Authorisation], spec: ActionSpec,
                      arguments: dict[str, Any]) -> list[Authorisation]:
    """Of ``auths`` (closed ones), those that every refusal or wait since their yes left
    alone for this call: each answered an agent turn offering another action, or this action
    on another object (another reservation's id, not the call's), and neither named this
    action nor the call's values, nor spoke of everything ("stop", "don't do anything")."""
    closings = session.derived.get("closings", [])  # (in order: found by bisection)
    out = []
    for auth in auths:
        first = bisect.bisect_right(closings, auth.yes_index)
        after = closings[first:]
        if not after or len(after) > 3:  # (a few at most: the check's cost stays bounded)
            continue
        if all(_about_another(session, c, spec, arguments) for c in after):
            out.append(auth)
    return out


_EVERYTHING = re.compile(r"(?<![\w'])(?:anything|everything|all of (?:it|this|that|them)|none of|"
                         r"stop|don'?t do|do not do|changed my mind|start over|forget (?:it|"
                         r"about it|everything))(?![\w'])")


_POINTS_AT_OFFER = re.compile(r"(?<![\w'])(?:that one|that'?s|that|this one|it|the (?:other|second|"
                              r"new|last) one)(?![\w'])")
_OFFER = re.compile(r"\?|(?<![\w'])(?:would you (?:also )?like|do you (?:also )?want|shall i|"
                    r"should i|want me to|i can also|i could also)(?![\w'])")


def _about_another(session: SessionState, index: int, spec: ActionSpec,
                   arguments: dict[str, Any]) -> bool:
    """Whether the refusal or wait at ``index`` answered an offer of something else."""
    messages = session.messages
    offer, _start = _turn_before(messages, index)
    if not offer or not _OFFER.search(offer):  # (an offer: "would you also like to ...?")
        return False
    values = [v for k in spec.keys if isinstance(v := values_at(arguments, k.name), str) and v]
    for sentence, act in turn_acts(messages[index].content):
        if act not in (Act.DECLINE, Act.HOLD):
            continue
        said = Text(sentence)
        if _EVERYTHING.search(sentence) or names_action(sentence, spec.words) is not None \
                or any(named(said, v, {}) for v in values):
            return False
        if act is Act.HOLD and not _POINTS_AT_OFFER.search(sentence):
            return False  # ("wait, let me think": a pause of everything, not of the offer)
    if names_action(offer, spec.words) is None:
        return names_action(offer, ALL_ACTION_WORDS) is not None
    offered_ = Text(offer)  # this action on another object: another id of the call's ids' form
    return any(not named(offered_, v, {}) and _another_of_its_form(offer, v)
               for v in values if any(c.isdigit() for c in v))


# a condition left in the air: "and if the maple 34 graphic isn't available, hmm"
_MUSING_IF = re.compile(r"(?:(?:and|but|so) )?if [^,.;!?]{3,80},? (?:hmm+|um+|well|idk|i don'?t "
                        r"know|ugh)\W*")


def _narrowing(content: str) -> list[str] | None:
    """Whether a turn that would take a yes back only takes part of it back: each of its
    sentences that declines or holds says what it leaves out ("Oh wait, not the lamp, I'll
    keep that one", "Please don't return the lamp after all"); "wait, let me think" does not.
    If so, the sentences that belong to a limit without saying it (the question before it:
    "wait the kettle too?"), else None."""
    acts = turn_acts(content)
    if not any(act in (Act.DECLINE, Act.HOLD) for _s, act in acts):
        return None
    asides: list[str] = []  # (sentences that belong to a limit without saying it)
    # a thing said first on its own, held back by a pronoun later ("The second one... let me
    # think about that one"): the pronoun's sentence is that limit's
    norm = normalize(content)
    topic_held = TOPIC_THEN_HELD.search(norm) is not None
    # (the sentences within a thing put first and held after a pause: "o endereço padrão...
    # hmm, não, deixa", split at its pause)
    pauses = [m.span() for m in TOPIC_HELD.finditer(norm)] if len(acts) > 1 else []
    said_of = [limits(s) for s, _act in acts]
    limited = False  # (the sentence before limited the yes)
    thing: set[str] = set()  # (the words of what it left out)
    for k, (s, act) in enumerate(acts):
        if act not in (Act.DECLINE, Act.HOLD):
            limited = limited and act is not Act.AFFIRM  # (a remark between keeps it)
            continue
        said = said_of[k]
        if limited and _ITS_REASON.match(s) and not _OF_ALL.search(s):
            continue  # ("hold off on the Denver one. I might just cancel that trip instead")
        at = norm.find(s)
        if not (said.left_out or said.kept or said.only) and (
                (topic_held and _PRONOUN_HELD.search(s))
                or any(a <= at < b for a, b in pauses)
                # (a musing "if" before the limit: "And if the maple 34 graphic isn't
                # available, hmm. Let me check with my son ..., leave that order alone")
                or (_MUSING_IF.fullmatch(s) is not None and k + 1 < len(acts)
                    and acts[k + 1][1] in (Act.DECLINE, Act.HOLD)
                    and (said_of[k + 1].left_out or said_of[k + 1].kept))
                or (k + 1 < len(acts) and acts[k + 1][1] in (Act.DECLINE, Act.HOLD)
                    and _words_of(s) & _words_of(" ".join(
                        (*said_of[k + 1].left_out, *said_of[k + 1].kept))))):
            # ("wait the kettle too? no i want to keep the kettle": the question is about what
            # the next sentence keeps)
            limited = True
            asides.append(s)
            continue
        if not (said.left_out or said.kept or said.only) and limited and act is Act.HOLD \
                and at >= 0 and norm[at + len(s):at + len(s) + 1] == "?" \
                and not _REOPENS_ALL.search(s) and not _OF_ALL.search(s):
            continue  # (a question after the limit, about it: "can she keep her seat if I cancel
            # mine?"; not one that reopens the rest, "can you do it tomorrow instead?")
        if not (said.left_out or said.kept or said.only):  # ("yes, but only the first one")
            if limited and not _OF_ALL.search(s) and (_ITS_REASON.match(s) or (
                    act is Act.HOLD and thing & set(re.findall(r"[a-z]{4,}", s)))):
                # "... leave the address alone for now. I'm not sure the move is on"; "hold
                # off on the hiking boots for now. I really love those boots ... let me think"
                continue
            return None
        limited = True
        thing = {w for p in (*said.left_out, *said.kept) for w in re.findall(r"[a-z]{4,}", p)
                 if w not in ("that", "this", "those", "these", "with", "from", "just", "only")}
        # what holds must be the limit (and an "oh wait" before it), nothing besides:
        # "no, stop, do not do anything" still refuses once its "not do anything" is cut
        rest = _INTERJECTION.sub(" ", without_limits(s))
        if _words_of(" ".join((*said.left_out, *said.kept))) and not _OF_ALL.search(
                " ".join((*said.left_out, *said.kept))):
            # ("no i want to keep the kettle": its no is the limit's; not "no, i'll keep that
            # one", a pronoun's, which may answer another offer)
            rest = _LEADING_NO.sub("", rest)
        rest = _GO_TO_THE_REST.sub(" ", rest)  # (the go to all but the limit is the yes, no
        # hold of everything: "OK, do everything except the return for now - I need to check
        # with my sister ...")
        rest = _ASKED_POLITELY.sub("", rest)  # (the limit asked for: "can we leave the boots
        # for now?")
        if any((act is Act.DECLINE and _REASON_NO.search(r) is None) or (act is Act.HOLD and not (
                _ITS_REASON.search(r) and not _OF_ALL.search(r)))
               for r, act in turn_acts(rest)):
            return None
    return asides


_GO_TO_THE_REST = re.compile(r"(?<![\w'])(?:(?:ok(?:ay)?|yes|yeah|sure)[,\s]+)?(?:do|go ahead with|proceed "
                             r"with) (?:everything|all of (?:it|them)|the rest)(?: else)?(?![\w'])"
                             r"\s*(?:[-—–,])?")


def _without_sentences(text: str, asides: list[str] | None) -> str:
    """``text`` (a turn's normalised words) without the sentences ``asides``."""
    if not asides:
        return text
    kept = [s for s, _q in sentences(text) if s not in asides]
    return " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in kept)


# (in a turn whose every no is a limit's: "no i want to keep the kettle", its limit cut)
_SENTENCE_NO = re.compile(r"(^|[.;!?]\s+)(?:no|nope|nah)(?![\w'])[,!.]?\s*")
_REOPENS_ALL = re.compile(r"(?<![\w'])(?:instead|different|rather|switch|before|wait|actually|"
                          r"reconsider|change (?:my mind|it|that)|all|every|both|"
                          # (not a question about other things: "do I have any other upcoming
                          # flights?")
                          r"any(?! (?:other|else|more)(?![\w'])))(?![\w'])")
_ASKED_POLITELY = re.compile(r"^\s*(?:(?:so|and|but|oh|um|hmm|actually)[,\s]+)*(?:can|could|"
                             r"would|will) (?:we|you)(?: please| just| maybe)?\s*$")
_LEADING_NO = re.compile(r"^\s*(?:no|nope|nah)(?![\w'])[,!.]?\s*")
_PRONOUN_HELD = re.compile(r"(?<![\w'])(?:that one|this one|that|it)(?![\w'])")


def _words_of(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{4,}", text)) - {"that", "this", "those", "these", "with",
                                                  "from", "just", "only", "wait", "keep"}


# a hedge that gives the reason for the limit before it ("I'm not sure the move is happening
# yet", "I might still need it"), not a doubt about everything ("not sure about any of this")
_ITS_REASON = re.compile(r"(?:(?:i'?m|i am) )?(?:not (?:sure|certain)|unsure) (?:if |whether |that )?"
                         r"(?:the|my|i|i'?ll|it'?s|it|we|that|this (?:move|trip|one))\b|"
                         r"i (?:might|may) (?:still |just |also )?(?:need|want|keep|use|"
                         # ("I might drive out to Denver anyway and still fly back on the 24th")
                         r"cancel|do|take|go with|return|drive|fly|go|travel|head)\b|"
                         r"i'?ll (?:probably |maybe |likely )?(?:just )?(?:do|use|take|keep|"
                         r"go with|pack|bring|carry|cancel|book)\b|"
                         r"(?:let me|i (?:need|have|want) to) think"
                         r"(?: about (?:it|them|that|those|that one))?"
                         r"(?: a (?:little|bit))?(?: more)?(?=\s*(?:[.!?;]|$))|"
                         # ("I really love those boots and I might keep them")
                         r"i (?:really |still )?(?:love|like|need|use) (?:those|these|that|this|"
                         r"them|it)\b|"
                         # "I want to ask my daughter if she still wants the puzzle first"
                         r"until i (?:ask|check with|talk to|hear from)\b|"
                         r"(?:i )?(?:want|need|have|'?d like) to (?:ask|check|talk to|speak to|"
                         r"see if|find out)\b|let me (?:check|ask|talk) with\b|"
                         r"i just remembered\b")
# a "no" that is the limit's reason: someone who might not come, money not wanted on what nobody
# uses ("Hold off on Miami for now — Joanna might not make it and I don't want to pay for a bag
# nobody uses")
_REASON_NO = re.compile(r"(?<![\w'])[a-z]+ (?:might|may) not (?:make it|come|be coming|go|need it)(?![\w'])|"
                        r"i (?:don'?t|do not) want to pay for (?:a|an|the|any) [a-z ]{1,30}?(?:nobody|no "
                        r"one) (?:uses|needs|wants)")
_REASON_NO_CLAUSE = re.compile(r"(?:(?:and|but|because|since|as)\s+)?(?:" + _REASON_NO.pattern + r")[^.!?;]*")
_OF_ALL = re.compile(r"(?<![\w'])(?:any of|all of|everything|it all|the whole|anything(?! with "
                     r"(?:the|my) (?!order|reservation|booking|trip)[a-z]{3,})|at all)(?![\w'])")
_REASON_CLAUSE = re.compile(r"(?<![\w'])(?:" + _ITS_REASON.pattern + r")[^.!?;]*")


def _without_reasons(text: str) -> str:
    """A narrowing turn without the reasons it gives for its limits (``_ITS_REASON``)."""
    # (each clause alone: "return everything ... I really love those boots" keeps its yes)
    text = _REASON_CLAUSE.sub(lambda m: m.group() if _OF_ALL.search(m.group()) else " ", text)
    return _REASON_NO_CLAUSE.sub(" ", text) if "not" in text or "n't" in text else text


_INTERJECTION = re.compile(r"(?<![\w'])(?:oh|ah|hmm+|um+|no,? wait|wait,? no|wait|hold on|hang on|"
                           r"attends|attendez|espera|warte|aspetta|"
                           r"actually|sorry|on second thought|one (?:more )?thing|"
                           r"one sec(?:ond)?)(?![\w'])")


_IF = re.compile(r"(?<![\w'])(?:as long as|only if|provided(?: that)?|if|assuming|"
                 # the other languages read ("à condition que le remboursement aille bien sur
                 # PayPal")
                 + "|".join(CONDITION_ABROAD) + r"|wenn|"
                 # (the Spanish and French "si", the Italian and Portuguese "se", before a clause)
                 r"si(?= (?:el|la|los|las|le|les|il|lo|es|está|son|no|hay|cuesta|sale|c'est|ça|"
                 r"vous|on)(?![\w']))|se(?= (?:il|la|lo|o|a|os|as|costa|custar|for|parte|sai|è|é|"
                 r"non|não)(?![\w'])))\s+"
                 # (a sum's decimal point is no sentence's end: "as long as the $12.07 goes on
                 # PayPal")
                 r"(?P<c>(?:[^.;!?]|\.(?=\d))*?)"
                 r"(?=\s*(?:,(?!\d)|:(?!\d)|$|[;!?]|\.(?!\d)|(?<![\w'])then(?![\w'])))")
_OVER_BOUND_C = re.compile(OVER_BOUND)
_PAY_NO_MORE_C = re.compile(PAY_NO_MORE)
# a condition that things are as stated: "if it's one passenger" (the words, found in the turn)
_AS_STATED_IF = re.compile(r"(?:it'?s|that'?s|it is|that is|there'?s|there is|they'?re|they are|"
                           r"the new (?:one|item|model|variant)(?: is|'s)) (?:still |really |also |truly |"
                           r"actually |definitely )?"
                           r"(?:only |just )?(?:a |an |the )?([a-z0-9$][\w$.,' -]{2,40}?)")
# (a trailing noun saying what kind of thing the value is: "the phoenix one", "the professional
# size": the value is what the turn must say)
_KIND_NOUN = re.compile(r"(?<=[a-z0-9]) (?:one|ones|size|version|model|colou?r|option|variant)$")
_STATED_PARTS = re.compile(r",? and (?:it'?s |it is |that'?s |the |a |an )?")
# ... or what the user gets: "as long as I get the full refund" (the turn: "a full refund of $104")
_GET_IF = re.compile(r"(?:i|we) (?:get|receive|'ll get|will get|am getting|are getting) "
                     r"(?:a |the |my |our )?([a-z0-9$][\w$.,' -]{2,40}?)(?: back)?")
# a condition that something cannot be done ("newark isn't allowed"), and the agent saying so
_NOT_ALLOWED_IF = re.compile(r"((?:[\w'-]+ ){1,4}?)(?:isn'?t|is not|aren'?t|are not|can'?t be|"
                             r"cannot be) (?:allowed|possible|available|an option|permitted)")
# a condition that a sum is what the agent said: "the net is around $107 like you said"
_SUM_IF = re.compile(r"(?:the |my )?(?:net|total|net total|difference|charge|cost|price|refund|"
                     r"amount|balance)(?: total| amount)? (?:really |still |actually )?(?:is|stays|"
                     r"remains|will be|comes to|comes out to|would be)(?: at)? "
                     r"(around |about |roughly |approximately |~)?\$(\d{1,3}(?:,\d{3})+"
                     r"|\d+)(\.\d+)?(?: (?:like|as) you (?:said|mentioned|quoted|told me|showed))?")
# ... or that the user cannot have what they asked for: "if i can't get the same one"
_CANT_GET_IF = re.compile(r"(?:i|we) (?:can'?t|cannot|can not|couldn'?t|won'?t be able to) "
                          r"(?:get|have|exchange it for|swap it for|do|keep) ((?:[\w'-]+ ){0,4}"
                          r"[\w'-]+)")
_SO_SAID = frozenset({"just", "only", "that", "this", "then", "really"})
# a condition that the user pays no more than before: "as long as it's not more than what i paid"
_NO_MORE_IF = re.compile(r"(?:it'?s|it is|the (?:new )?(?:one|price|item) is|it costs?) (?:not more|"
                         r"no more|not higher|no higher|less|lower|cheaper) than (?:what )?i "
                         r"(?:paid|pay|already paid)|i (?:don'?t|do not) (?:have to )?pay "
                         r"(?:more|anything more|extra|anything extra)"
                         # ("If you don't charge me anything extra, ok, change them.")
                         r"|(?:you )?(?:don'?t|do not|won'?t|will not) charge me (?:anything |any )?"
                         r"(?:more|extra)")
# a bound in Chinese: "只要今天总共要付的不超过200块就行" (as long as it is at most 200)
_HAN_BOUND = re.compile(r"只要[^。！？!?]{0,20}?(?:不超过|不到|低于|少于|不高于)\s*\$?"
                        r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?[^。！？!?]{0,8}[。！!]?|"
                        # (said without "只要", before what it leads to: "不到400就用礼品卡加信用卡")
                        r"(?:不超过|不超過|不到|低于|低於|少于|少於)\s*\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
                        r"\s*(?:美元|块|塊|元|刀)?(?:的话|的話)?(?=就)|"
                        # (and in Japanese: "合計100ドル以下ならいいよ", at most 100 in all)
                        r"(?:合計|全部で|トータル|差額(?:が|は)?)?\s*\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(?:ドル|\$)?"
                        r"(?:以下|以内|まで)(?:なら|であれば)(?:いいよ|いいです|大丈夫です|大丈夫|ok|オッケー)?[。！!]?")
# the difference as a turn in Chinese gives it: "补差价 $12.63", "差价：$23"
_HAN_DIFFERENCE = re.compile(r"差价\s*[:：]?\s*\$\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
# a bound in Korean: "차액 30불 안 넘으면 괜찮아요" (as long as the difference is not over $30)
_KO_BOUND = re.compile(r"\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(?:불|달러|\$)?\s*"
                       r"(?:안 ?넘으면|넘지 않으면|안 넘는다면|이하면|이하라면|미만이면|이내면|까지는|"
                       r"까지면)(?:요|\s*(?:괜찮아요|괜찮습니다|돼요|됩니다|좋아요|ok))?"
                       # (and the bound asked back as a check: "... 안 넘으면요. 안 넘죠?")
                       r"(?:[\s.,]*(?:안 ?넘|넘지 ?않)[가-힣]*\s*[?？])?")
# a condition in Korean on the method the money goes on: "페이팔로 환불되는 거 맞으면"
_KO_METHOD_IF = re.compile("(비자카드|비자 카드|비자|마스터카드|마스터 카드|페이팔|기프트카드|기프트 카드|"
                           "상품권|신용카드|신용 카드)(?:로|으로)\\s?(?:환불|결제)(?:되는|되|하는|받는)?\\s?"
                           "(?:거|게|것이|것)?\\s?(?:맞으면|맞다면|이면|라면|면)")
# a condition in Japanese the turn can meet: a bound, free, the whole sum back
_JA_CONDITION = re.compile(r"\$?(?P<limit>\d{1,3}(?:,\d{3})+|\d+)\s*(?:ドル|\$)?\s*(?:を|が)?(?:超えない|"
                           r"以下|以内|未満|まで)(?:なら(?:ば)?|のであれば|であれば)|"
                           # (a sum taken as the turn gives it: "まあ差額5ドルならいいです" to $5.14)
                           r"\$?(?P<equal>\d{1,3}(?:,\d{3})+|\d+)\s*ドル(?:くらい|ぐらい|程度)?(?:なら(?:ば)?|"
                           r"であれば)|"
                           r"(?P<free>無料|タダ|ただ|(?:追加料金|差額)(?:が|は)?(?:かからない|なし|無し|"
                           r"発生しない|出ない))(?:なら(?:ば)?|"
                           r"であれば)|(?P<whole>全額)(?:が)?(?:戻ってくる|戻る|返金される|返ってくる)(?:なら(?:ば)?|"
                           r"のであれば)")
_JA_FREE_SAID = re.compile(r"無料|追加料金(?:は|:|：)?\s*(?:なし|無し|かかりません|ございません|\$0)|"
                           r"\$0(?![\d.])")
_JA_CHARGED = re.compile(r"(?:追加料金|お支払い|請求|料金)[^\n。]{0,12}\$\s?[1-9]")
_JA_WHOLE_SAID = re.compile(r"全額")
# free, as a condition in Korean: "공짜면", "무료라면", "추가 요금 없는 거면"
_KO_FREE_IF = re.compile("(?:공짜|무료)(?:이|라)?(?:라)?면|"
                         "추가 ?(?:요금|비용|결제)(?:이|은|는)? ?(?:없는 거|없다|없으)면|"
                         "(?:요금|비용|돈)(?:이|은)? ?(?:안 드는 거|안 들|없는 거)면")
_KO_FREE_SAID = re.compile("무료|공짜|추가 ?(?:요금|비용)(?:은|이|는)?:? ?(?:없|\\$0(?![\\d.]))|"
                           "요금 없|비용 없|\\$0(?![\\d.])")
_KO_CHARGED = re.compile("(?:추가 ?결제|청구|결제 금액|추가 요금)[^\\n]{0,12}\\$\\s?[1-9]")
# a Korean turn's sums: "총 차액: $9.86 추가 결제" (the difference, the total)
_KO_SUM = re.compile(r"(?:차액|총액|합계|총|결제 금액|추가 결제)[^$\d\n]{0,8}\$\s?"
                     r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
# the new price and the old in Chinese: "新票价 $298，原票价 $211"
_HAN_NEW_PRICE = re.compile(r"新(?:票价|價|价格|價格|价)[^$\d。\n]{0,6}\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
_HAN_OLD_PRICE = re.compile(r"原(?:票价|價|价格|價格|价)[^$\d。\n]{0,6}\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
# a condition in Chinese that it costs no more than before: "只要确实不比原来贵，"
_HAN_NOT_DEARER = re.compile(r"只要[^。！？!?，,]{0,6}?(?:不比原来贵|不比原价贵|不会更贵|"
                             r"不用(?:补|加)(?:钱|差价)|不多(?:付|花)钱)[^。！？!?，,]{0,6}[，,。！!]?|"
                             # (or "if", put after: "不用補錢的話就幫我改吧")
                             r"(?:不用|不需要|不必|没有要|沒有要)(?:再)?(?:补|補|加|多付|多花)(?:钱|錢|差价|差價)?"
                             r"的(?:话|話)[，,]?")
# ... and the turn's money back, or a lower price; a charge
_HAN_CHEAPER = re.compile(r"退回|退还|退還|退到|退至|比原价低|比原來低|更便宜|便宜了")
_HAN_CHARGED = re.compile(r"补差价|補差價|需要支付|需支付|需补|需補|扣款|加收|需補差|須補")
# a sum to pay in Chinese: "合计净额：您需要支付 $107.09"
_NET_HAN = re.compile(r"(?:合计|总计|净额|需要支付|需支付|共)[^$\d]{0,12}\$\s?(\d{1,3}(?:,\d{3})+|\d+)"
                      r"(\.\d+)?")
# a condition that a thing stays as it was: "if nothing changes about the shipping"
_NOTHING_CHANGES_IF = re.compile(r"nothing (?:else )?(?:changes?|is changed|gets changed|will change) "
                                 r"(?:about|with|to|on|in) (?:the |my )?([a-z]{4,})")
_UNCHANGED_SAID = re.compile(r"(?<![\w'])(?:(?:doesn'?t|does not|won'?t|will not|didn'?t|not) "
                             r"(?:change|affect|touch)|unchanged|unaffected|stays?|remains?)(?![\w'])")
# a condition that a method covers the whole sum: "as long as that covers all of it"
_COVERS_IF = re.compile(r"(?:it|that|this|the [a-z ]{3,30}?|my [a-z ]{3,30}?) (?:covers?|will cover|"
                        r"can cover|is enough for|pays for) (?:all of it|everything|it all|the whole "
                        r"(?:thing|amount|cost|price|fare|total|booking)|the (?:full |entire )?(?:cost|"
                        r"price|fare|total|amount))")
# a condition that a balance covers the sum: "o saldo do vale dê", "the gift card balance covers
# it", "el saldo alcance", "le solde suffit"
_BALANCE_COVERS_IF = re.compile(
    r"(?:(?:o|a|el|la|le|il|the|my|mein|das|het) )?(?:gift card |gift-card )?(?:saldo|balance|solde|"
    r"guthaben|tegoed)(?: (?:do|da|de|del|de la|du|of|on|of the|on the|on my|of my|auf|van|sul|della|"
    r"dello) (?:(?:meu|minha|mi|mon|ma|the|my|la|el|o|a|il|der|de) )?(?:vale(?:-presente)?|gift ?card|"
    r"tarjeta(?: de regalo)?|carte(?: cadeau)?|buono|geschenkkarte|cadeaukaart|cart[aã]o(?: presente)?))?"
    r" (?:dê|de|der|alcance|alcanza|alcança|cubra|cubre|basta|baste|suffit|suffise|reicht|reichen|"
    r"volstaat|covers?(?: it)?|is enough|will cover(?: it)?)"
    # (the same, said of paying with it: "desde que dê pra pagar com o saldo do vale")
    r"|(?:dê|de|dá|da) (?:pra|para) (?:pagar|cobrir) (?:com|no|usando) (?:o )?saldo (?:do|da) "
    r"(?:meu |minha )?(?:vale(?:-presente)?|gift ?card|cart[aã]o(?: presente)?)")
# a balance a turn gives: "saldo atual $44.00", "(balance $95.00)", "solde : 120 $"
_BALANCE_GIVEN = re.compile(r"(?<![\w'])(?:saldo|balance|solde|guthaben|tegoed)(?: (?:atual|actual|"
                           r"actuel|attuale|aktuell|huidig|of|de|do|is|di))?\s*[:=]?\s*(?:of\s+)?"
                           r"\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
# a condition that the booking has no insurance: "as long as there's no insurance", "desde que
# seja sem seguro mesmo"
_NO_INSURANCE_IF = re.compile(
    r"(?:(?:it'?s|it is|there'?s|there is|seja|sea|soit|sia|es|é|ist) )?(?:no|without|sem|sin|"
    r"sans|senza|ohne|kein|keine) (?:travel |trip )?(?:insurance|seguro(?: de viag[eé]m| de viaje)?|"
    r"assurance(?: voyage)?|assicurazione|(?:reise)?versicherung)(?: (?:mesmo|mismo|même|added|"
    r"included))?")
_INSURANCE_NO_ABROAD = re.compile(
    r"(?<![\w'])(?:sem|sin|sans|senza|ohne|keine) (?:l'|la |le |el |o |a |die |il )?(?:travel |trip )?"
    r"(?:seguro|assurance|"
    r"assicurazione|(?:reise)?versicherung)(?![\w'])|(?<![\w'])(?:seguro(?: de viag[eé]m| de viaje)?|"
    r"assurance(?: voyage)?|assicurazione|(?:reise)?versicherung)\W{0,4}(?:não|no|non|nein|"
    r"aucune|nessuna|keine)(?![\w'])|(?<![\w'])zonder (?:de )?(?:reis)?verzekering(?![\w'])|"
    # (and in Chinese, Japanese, Korean: "不要保险", "保険なし", "보험 없이")
    r"(?:不要|不买|不買|不加|不用|不需要)(?:旅游|旅遊|旅行)?(?:保险|保險)|(?:保险|保險)(?:不要|不用|就不用|"
    r"就不要)|保険(?:なし|は(?:不要|いらない|要らない|結構))|보험(?:은|는)? ?(?:없이|빼|필요 ?없)")


def _layover_met(layover: re.Match[str], agent: str) -> bool:
    """Whether the flights the agent's turn lists give at least the time ``layover`` asks at its
    place ("as long as I've got at least an hour in Charlotte" to "HAT191 DTW → CLT, 7:00 AM -
    9:00 AM" and "HAT064 CLT → BOS, 12:00 PM - 2:00 PM"): every landing there to the next
    leaving, each at least the bound."""
    count = layover.group("n")
    n = int(count) if count.isdigit() else 1 if count in ("a", "an") else _COUNT_WORDS.get(count, 0)
    bound = n * (60 if layover.group("unit").startswith("h") else 1)
    place = layover.group("place").strip()
    codes = _AIRPORTS.get(place) or _AIRPORTS.get(place.split()[0], ())  # ("charlotte to grab")
    if not bound or not codes:
        return False
    legs = [(m.group(1), m.group(2), _minutes(*m.group(3, 4, 5)), _minutes(*m.group(6, 7, 8)))
            for m in _LEG_TIMES.finditer(agent)]
    waits = [leave - land for (_o, to, _d, land), (frm, _t, leave, _a) in itertools.pairwise(legs)
             if to in codes and frm in codes and land is not None and leave is not None]
    return bool(waits) and min(waits) >= bound


# a time asked for at a connection: "at least an hour in Charlotte", "a minimum of 90 minutes at
# CLT"
_LAYOVER_IF = re.compile(r"(?:at least|a minimum of|minimum|more than|over) (?P<n>an?|one|two|three|\d+) "
                         r"(?P<unit>hours?|hrs?|minutes?|mins?) (?:in|at) (?P<place>[a-z]+(?: [a-z]+)?)")
# a leg with its times: "HAT191 DTW → CLT, 7:00 AM – 9:00 AM" (lower case)
_LEG_TIMES = re.compile(r"(?<![a-z])([a-z]{3}) (?:→|->|to) ([a-z]{3})\b[^\n\d]{0,20}?(\d{1,2})(?::(\d\d))?\s*"
                        r"(am|pm)?\s*(?:–|-|—|to)\s*(\d{1,2})(?::(\d\d))?\s*(am|pm)?")


# a turn setting the agent's last offer aside for another request
_SETS_ASIDE = re.compile(r"(?:(?:oh|ah|um|hmm|あ|ああ|啊|哦)[,、，\s]+)?(?:more importantly|rather|instead|"
                         r"anyway|never mind (?:that|the [a-z]+)|forget (?:that|the [a-z]+)|"
                         r"それより|それよりも|比起那个|比起那個|先不说那个|先不說那個)(?![\w'])")
# what an arrow goes to, to its line's end: "T-shirt blue S cotton v-neck -> blue M cotton crew neck"
_ARROW_TO = re.compile(r"(?:→|->|⟶|=>)([^\n]*)")
# a sum's whole part (thousands by commas) and its cents, as two groups: "1,219", "321.18"
_SUM = r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
# a sum worked out: "$174 x 2 = $348"
_TIMES_TOTAL = re.compile(r"=\s*\$\s?" + _SUM)
# ... said as the sum's move: "if the 2580 goes back onto that gift card"
_SUM_GOES_BACK_IF = re.compile(r"(?:the |my |all )?\$?" + _SUM + r" (?:goes|go|is going|will go|gets "
                               r"(?:refunded|put|sent)|is refunded|will be refunded|is put) (?:back )?"
                               r"(?:on|onto|to|into) (?:that|the|my|this) ([a-z][a-z ]{2,30}?)"
                               # ("... and not anywhere else")
                               r"(?:,? (?:and )?(?:not (?:anywhere|somewhere) else|nowhere else))?")
# a bound on what the user pays, all told: "as long as overall i'm not paying more than 100"
_NOT_PAYING_IF = re.compile(r"(?:(?:overall|in total|all in|altogether),? )?(?:i'?m|i am|we'?re|we "
                            r"are) not (?:paying|spending) (?:more than|over|above) \$?" + _SUM
                            + r"(?: dollars| bucks)?(?: (?:overall|in total|all in|altogether))?|"
                            # ("as long as it stays within my $100")
                            r"(?:it|that|the (?:total|cost|fee|change|price))(?:'s| is)? (?:stays?|"
                            r"remains?|comes in) within (?:my |the |our )?\$?" + _SUM
                            + r"(?: dollars| bucks)?|"
                            # (in German: "wenn ich unterm Strich keine 150 draufzahle")
                            r"ich (?:unterm strich |insgesamt |am ende |alles in allem )?(?:keine|"
                            r"nicht mehr als|höchstens) \$?" + _SUM + r"(?: ?\$| dollar| euro)? "
                            r"(?:drauf)?(?:zahle|bezahle)")
# the net in the other languages read: "Unterm Strich zahlen Sie 107,09 $", "au total, vous payez
# 107,09 $"
_NET_ABROAD = re.compile(r"(?<![\w'])(?:unterm strich|insgesamt|alles in allem|au total|en total|"
                         r"in totale|no total|netto)\W{0,4}(?:[a-zà-ÿ']+ ){0,4}?\$?\s?"
                         r"(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{2}))?(?!\d)\s?\$?")
# the net a turn gives, and whether it comes back: "Net result: you'd get $114 back overall"
_NET_SAID = re.compile(r"(?<![\w'])(?:net(?: result| total| cost| change| difference)?|overall|"
                       r"all in|all told)\W{0,4}(?:[a-z']+ ){0,4}?\$" + _SUM
                       + r"(?: (?:overall |in total )?(back|refund(?:ed)?|returned|credit(?:ed)?))?")
# ... or said first: "as long as $290 is the full total, nothing extra on top"
_SUM_IS_TOTAL_IF = re.compile(r"\$" + _SUM + r" is (?:the |my )?(?:full |whole |entire |"
                              r"final |all-in )?(?:total|price|cost|amount)(?: (?:i|we)(?:'ll| will)? "
                              r"pay)?(?:,? (?:nothing|no) (?:extra|more|else)(?: on top)?)?$")
# a condition that a sum comes back: "as long as the mastercard gets the whole 321.18 back", "if i
# get $45 back"
_SUM_BACK_IF = re.compile(r"(?:the |my )?(i|we|[a-z]{3,}(?: [a-z]{3,})?) (?:gets?|receives?|is refunded|"
                          r"will be refunded|gets? refunded|will get) (?:back )?(?:the |a |my )?"
                          r"(?:whole |full |entire |all (?:of )?(?:the )?)?\$?" + _SUM
                          + r"(?: back)?")
# the money back to the methods named, and no voucher: "the money goes back to my card and the gift
# card and not some voucher"
_BACK_TO_IF = re.compile(r"(?:the |my )?(?:money|refund|refunds) (?:goes|go|comes|come|is going|gets sent) "
                         r"back (?:to|on|onto) ((?:(?:my|the|your) )?[a-z ]{2,30}?)(?:,? (?:and )?not "
                         r"(?:to |on |onto )?(?:some |a |any )?(?:voucher|credit|certificate)s?|"
                         # (or another method ruled out: "back to paypal and not my card")
                         r",? (?:and )?(?:not|rather than|instead of) (?:to |on |onto )?(?:my |the )?"
                         r"(?P<not>(?:credit |debit )?card|visa|mastercard|amex|paypal|gift card))?")
# the whole sum back: "it's the full $219 back and not just part of it", "i get the whole $219 back"
_WHOLE_SUM_IF = re.compile(r"(?:it'?s|it is|that'?s|that is|i get|i'?m getting|i am getting|we get) "
                           r"(?:back )?(?:the |a )?(?:full|whole|entire|complete) \$?" + _SUM
                           + r"(?: back| refund(?:ed)?)?(?:,? (?:and )?not (?:just )?(?:a )?(?:part|some|"
                           r"half|portion) of it)?")
# a condition that a thing costs nothing: "as long as the bags really are free", "if it's
# free"
_FREE_IF = re.compile(r"(?:(?:the |my |those |these )?([a-z]{3,}(?: (?!really|actually|truly)"
                      r"[a-z]{3,})?) (?:really |actually |"
                      r"truly )?(?:is|are|stay|stays|will be|come|comes)|it'?s|it is|that'?s|that "
                      r"is|they'?re|they are) (?:really |actually |still |all |totally |completely )?"
                      r"(?:free(?: of charge)?|"
                      r"no charge|at no (?:extra |additional )?(?:cost|charge)|zero dollars|\$0|"
                      r"nothing)|"
                      # ("Yep, as long as I'm not paying anything.")
                      r"(?:i'?m|i am|we'?re|we are) not (?:paying|being charged|charged) (?:anything|a "
                      r"(?:cent|thing|dime|penny))(?: (?:extra|more|for (?:it|them|this|that)))?")
_FREE_SAID = re.compile(r"(?<![\w'])(?<!non-)(?<!non )(?:free|no (?:extra |additional )?(?:charge|cost|"
                        r"fee)|at no "
                        r"(?:extra |additional )?(?:cost|charge)|\$0(?:\.00)?(?!\.?\d))(?![\w'])")
# a charge said to be none: "Charge: $0", "nothing charged", "it won't be billed"
_CHARGED_NONE = re.compile(r"(?<![\w'])(?:charge|charged|fee|cost)s?:?\s*\$0(?:\.00)?(?![.\d])|"
                           r"(?<![\w'])nothing (?:will be |is )?charged|(?:won'?t|will not|wouldn'?t) "
                           r"be (?:charged|billed)")
_GIVEN_BACK = re.compile(r"(?<![\w'])(?:refund(?:ed)?|lower than what you paid|less than what "
                         r"you paid|cheaper than what you paid)(?![\w'])")
_CHARGED = re.compile(r"(?<![\w'])(?<!no )(?<!no additional )(?<!no extra )(?:charged?|you'?ll pay|"
                      r"you will pay|higher than what you paid|more than what you paid)(?![\w'])")
_NOT_ALLOWED_SAID = re.compile(r"(?<![\w'])(?:isn'?t|is not|aren'?t|are not|not) (?:allowed|"
                               r"possible|available|permitted|an option)|can'?t|cannot|unable|"
                               r"not something (?:i|we)|not able to")
# free, as the other languages read say it: the condition, and the turn saying so
_FREE_IF_ABROAD = re.compile(r"(?:c'est|c’est|ça reste|es|está|sale|é|fica|è|ist|is) (?:vraiment |bien |"
                             r"realmente |mesmo |davvero |wirklich |echt )?(?:gratuit|gratuite|gratis|grátis|"
                             r"gratuito|gratuita|kostenlos|sans frais|sin costo|sem custo|senza costi|"
                             r"sans supplément)|"
                             # ("Sim, as duas, se não pagam nada.", "si no cuestan nada")
                             r"(?:não|no|non) (?:pagam|paga|custam|custa|cuestan|cuesta|se paga|costano|"
                             r"costa) nada|ne coûtent rien|ne coûte rien|non costano nulla|non costa nulla")
_FREE_SAID_ABROAD = re.compile(r"(?<![\w'])(?:0 (?:payants?|payante?s?|de pago|pagas?|pagos?|a pagamento|"
                               r"kostenpflichtig)|gratuits?|gratuites?|gratis|grátis|gratuit[oa]s?|"
                               r"kostenlos|sans frais|sin costo|sem custo|senza costi|(?:aucun|sans) "
                               r"supplément|\$0(?:\.00)?(?!\.?\d)|0 ?\$)(?![\w'])")
# nothing more to pay, as the other languages read say it
_NOTHING_EXTRA_ABROAD = re.compile(
    r"(?:je )?n'?(?:ai|aie) rien (?:à|a) (?:payer|repayer)(?: en plus| de plus)?|je ne (?:paie|paye) rien "
    r"(?:en|de) plus|(?:no )?(?:tenga|tengo) que pagar nada (?:más|mas|extra)|no pague nada (?:más|mas)|"
    r"não (?:tenha|precise|preciso|tenho) (?:de |que )?pagar (?:nada (?:a mais|mais)|mais nada)|"
    r"(?:ik )?(?:niks|niets) (?:hoef )?bij(?: te)? (?:betalen|hoef te betalen)|ich nichts (?:extra |mehr |"
    # ("si no me cobran nada extra, va", "se não me cobrarem nada a mais")
    r"dazu)?(?:zahlen|bezahlen|zuzahlen) muss|(?:no )?me cobr(?:an|en|as|es|a|e|ás) nada (?:más|mas|extra|"
    r"de más)|(?:não )?me cobr(?:am|em|arem|a|e) nada (?:a mais|extra|de mais)|"
    r"non (?:debba|devo|devo più) pagare (?:niente|nulla)"
    r"(?: in più| di più)?")
_BACK_ABROAD = re.compile(r"(?<![\w'])(?:rembours|reembols|erstatt|zurückerstatt|terugbetaal|terugbetaald|"
                          r"teruggestort|rimbors|restitu|devolv|devolução|refund)")
_OWED_ABROAD = re.compile(r"(?<![\w'])(?:à payer|a payer|débités?|a pagar|cobrad[oa]s?|cobrarán|zu "
                          r"zahlen|belastet|bij te betalen|bijbetal|da pagare|addebitat[oi]|charged)"
                          r"(?![\w'])")
# a condition that a thing stays as it is: "as long as the return stays as is"
_STAYS_IF = re.compile(r"(?:the |my )?([a-z]{3,}(?: [a-z]+)?)(?: (?:on|of|for) (?:order |the order )?"
                       r"#?[a-z]{0,2}\d[a-z0-9]{3,})?(?: (?:really|still|actually|definitely))? "
                       r"(?:stays?|remains?|is kept|is left) "
                       r"(?:as (?:it )?is|the same|unchanged|untouched)|(?:the |my )?([a-z]{3,}"
                       r"(?: [a-z]+)?) (?:isn'?t|is not|doesn'?t get|does not get) (?:changed|"
                       r"touched)|(?:you )?(?:don'?t|do not) (?:change|touch) (?:the |my )?"
                       r"([a-z]{3,}(?: [a-z]+)?)")
# a condition that the whole sum comes back ("it's the full refund", "sea el reembolso completo"),
# and a turn saying it does
_FULL_WORD = re.compile(r"(?<![\w'])(?:full|whole|complete|entire|completo|completa|íntegro|intégral|"
                        r"integral|totale|integrale|vollständige?|volle)(?![\w'])")
_REFUND_WORD = re.compile(r"(?<![\w'])(?:refund|reembolso|remboursement|rimborso|erstattung|"
                          r"rückerstattung|devolución|devolução|terugbetaling)(?![\w'])")
_FULL_REFUND_SAID = re.compile(r"(?<![\w'])(?:(?:full|total|complete|whole) refund|refund(?:ed)? in full|"
                               r"reembolso (?:total|completo|íntegro|integral)|remboursement (?:intégral|"
                               r"total|complet)|rimborso (?:totale|completo|integrale)|(?:volle|"
                               r"vollständige) (?:rück)?erstattung|volledige terugbetaling)(?![\w'])")
# a condition that the user stays on the flight: "i'm still on the same flight", "we're all still
# on the same flight"
_SAME_FLIGHT_IF = re.compile(r"(?:i'?m|i am|we'?re|we are|they'?re|they are|it'?s|it is|everyone'?s|"
                             r"everyone is)(?: all| both)? (?:still )?(?:on|booked on) (?:the same|my|our) "
                             r"(?:flights?|plane)")
_SAME_FLIGHT_SAID = re.compile(r"(?<![\w'])(?:same flights?|stays? on (?:the same|your|their) (?:flights?"
                               r"|hat\d{3}))(?![\w'])")
# a condition that a leg keeps its time: "the outbound stays at 8am"
_STAYS_AT_IF = re.compile(r"(?:the |my |our )?((?:[a-z]+ )?(?:outbound|return|inbound|flight|leg|"
                          r"departure)) (?:stays?|remains?|is still|still leaves|still departs|"
                          r"still goes) (?:at )?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?")
_STAYS_SAID = re.compile(r"(?<![\w'])(?:unchanged|stays?|remains?|the same|as (?:it )?is|untouched|"
                         r"not (?:be )?changed|(?:is|are) kept|keeps?|"
                         # (in the other languages read: "Aller : HAT258 ... — inchangé")
                         r"inchangée?s?|sans changement|sin cambios?|igual|invariat[oaie]|"
                         r"unverändert|bleibt|ongewijzigd|sem altera[çc][ãa]o|mantiene|mantém|"
                         r"mantem|resta)(?![\w'])")
# the same, in the other languages read: "mon vol aller reste tel quel", "mi vuelo de ida se queda
# igual", "il volo di andata resta com'è", "mein Hinflug bleibt gleich", "o voo de ida fica igual"
_STAYS_IF_ABROAD = re.compile(r"(?:(?:mon|ma|mes|le|la|les|mi|mis|el|il|mio|mia|mein|meine|der|die|das|o|a|"
                              r"meu|minha|mijn|de|het) )?([a-zà-ÿ]{3,}(?: [a-zà-ÿ]+){0,2}?) "
                              r"(?:(?:reste|restent|demeure) (?:tel quel|telle quelle|tels quels|"
                              r"inchangée?s?|le même|la même|pareil)|(?:se queda|sigue|queda|se "
                              r"mantiene) (?:igual|como está|como esta|sin cambios?)|(?:resta|rimane) "
                              r"(?:com'è|così|invariat[oa]|uguale|lo stesso|la stessa)|(?:bleibt|"
                              r"bleiben) (?:gleich|unverändert|wie (?:er|sie|es) ist|so)|(?:fica|"
                              r"continua|permanece) (?:igual|como está|como esta|sem altera[çc][ãa]o)|"
                              r"blijft (?:hetzelfde|ongewijzigd|zo))")
# a condition on what was wanted before it: "if that's not possible", "if not"
_THAT_NOT_POSSIBLE = re.compile(r"(?:(?:that|it|this)(?:'s| is)? not|(?:that|it|this) isn'?t) "
                                r"(?:possible|allowed|available|an option|doable)|not|that can'?t "
                                r"be done|"
                                # (what is offered, taken as all there is: "if a certificate is
                                # really the best you can do")
                                r"(?:(?:a|the) )?[a-z]+(?:'s| is) (?:really |honestly |truly )?"
                                r"(?:the best|all|the most) (?:you|they|we) can (?:do|offer|give)"
                                r"(?: me)?")
_WANTED_BEFORE = re.compile(r"(?:rather have|prefer|want|wanted|would like|'d like)(?: a| an| the| "
                            r"my)? ((?:[a-z]{4,} ){0,2}[a-z]{4,})")
_METHOD = r"(?:gift ?card|visa|mastercard|amex|american express|discover|paypal|credit card|" \
          r"debit card|certificate|card ending (?:in )?\d{4}|original payment(?: method)?)"
_METHODS = re.compile(r"(?<![\w'])" + _METHOD + r"(?![\w'])")
_PAID_TO = re.compile(r"(?<![\w'])(?:to|on|onto|via|with|using|use|from|back to|sur|en|no|na|"
                      r"sulla|sul|auf|a|à|al|com|con|avec) "
                      r"(?:your |the |my |that |this |votre |la |le |su |seu |sua |o |il |ihre? )?"
                      + _METHOD)
_BOUND = re.compile(r"(?<![\w'])(?:under|below|less than|at most|no more than|not (?:over|above|"
                    r"more than)|max(?:imum)?|within|"
                    # (in the other languages read: "desde que a diferença não passe de 600")
                    r"não passe de|nao passe de|não ultrapasse|nao ultrapasse|no pase de|no supere|"
                    r"no (?:sea )?más de|no (?:sea )?mas de|ne dépasse pas|ne depasse pas|nicht mehr als|"
                    r"höchstens|non superi|non più di|niet meer dan|hoogstens|(?:de )?menos de|"
                    # ("tant que ça reste en dessous de 400 dollars")
                    r"en dessous de|en-dessous de|au-dessous de|por debajo de|abaixo de|al di sotto di|"
                    r"sotto i|unter|onder de|"
                    r"moins de|meno di|weniger als|minder dan)"
                    # (a sum said before, pointed at: "as long as it's under the 200 I said")
                    r"\s*(?:of\s+)?(?:the\s+(?=\$?\d{2}))?([$€£])?\s?(\d{1,3}(?:,\d{3})+|\d+)"
                    r"(\.\d+)?(\s*(?:bucks|dollars?|usd|euros?|dólares|dolares|dollari))?")
# a bound said per head: "(under $200) each", "per person"
_EACH_SAID = re.compile(r"\s*(?:each|apiece|a head|per (?:person|passenger|head|ticket|traveler|"
                        r"traveller|pax))(?![\w'])")
# a sum per head in the agent's turn: "$180 per person", "$115 per passenger", "$50 each"
_PER_HEAD_SUM = re.compile(r"\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\**\s*(?:per (?:passenger|person|"
                           r"traveler|traveller|pax|ticket|head)|each|/person|/passenger|pp)(?![\w'])")
# a line of a turn that asks a sum: "Difference: $180 per person → $360 total, charged to ..."
_ASKED_LINE = re.compile(r"(?<![\w'])(?:difference|charged?|you'?d pay|you'?ll pay|to pay|extra|fee|"
                         r"additional|more)(?![\w'])")
# what a bare bound is said of: "it's" (under 150)
_IT_IS = re.compile(r"(?:it'?s|it is|that'?s|that is|it comes to|it stays|it'?ll be|it will be) ")
# the sum an agent's turn asks for where it gives no total: "Difference: $186", "a $50 fee"
_CHARGE = re.compile(r"(?<![a-z])(?:difference|charge|cost|fee|"
                     # (in the other languages read: "Diferença a pagar: $540")
                     r"diferen[çc]a(?: a pagar)?|diferencia(?: a pagar)?|différence(?: à payer)?|"
                     r"differenz|differenza(?: da pagare)?|verschil|cargo|cobro|addebito|frais|"
                     # ("Aufpreis 2,63 $", "supplément", "sovrapprezzo", "recargo", "toeslag")
                     r"aufpreis|mehrpreis|zuzahlung|supplément|sovrapprezzo|supplemento|recargo|"
                     r"acréscimo|toeslag|bijbetaling|"
                     # (in Japanese, Chinese and Korean: "差額 $76", "差价：$32", "차액: $64")
                     r"差額|差额|差价|差價|차액)"
                     # (of the fare: "diferencia de tarifa $84", "différence tarifaire")
                     r"(?: (?:de |di |do |da )?(?:tarifa|tarifaria|tarifária|tariffa|tariffaria|"
                     r"tarifaire|precio|preço|prezzo|prix))?(?: is| of| "
                     r"will be| de| di| van| von)?\s*[:=]?\s*(?:\*\*)?\+?"
                     r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\d|,\d)")


def _condition_of_one_step(messages: list[Message], index: int) -> str | None:
    """The condition of the user's conditional yes at ``index`` where the agent's turn lists
    several steps and the condition names a thing that one of them names and no other ("Yes
    to all three, as long as that's really the cheapest tablet you have!", the third step
    modifying the tablet): the other steps are agreed, and a call acting on that thing is held
    (``_held_part``). None where the yes holds otherwise."""
    text = plain(messages[index])
    m = _IF.search(text)
    if m is None or _IF.search(text, m.end()) is not None:
        return None
    words = {w for w in _CONDITION_THING.findall(m.group("c")) if w not in _NOT_A_THING}
    # (or the step its own sentence adds: "And the kettle swap too, but only if the new one is
    # under $150")
    also = [a for a in _ALSO_STEP.finditer(text, 0, m.start()) if a.group(1) not in _NOT_A_THING]
    words |= {a.group(1) for a in also}
    if (said_of := _THING_YES_BEFORE.search(text, 0, m.start())
            or _THING_BEFORE_IF.search(text, max(0, m.start() - 40), m.start() + 12)) is not None:
        words.add(said_of.group(1))  # (the thing its own sentence says yes to, in the other
        # languages read: "La maleta sí. Lo de economy sí, mientras el total no pase de 150.")
    if not words:
        return None
    agent, _start = _turn_before(messages, index)
    steps = [step.plain for step in _plan_steps(agent) or ()]
    if len(steps) < 2:
        return None
    hit = {k for k, step in enumerate(steps) for w in words
           if re.search(rf"(?<![\w']){re.escape(w)}s?(?![\w'])", step)}
    # (what is not paid, said beside it, is that condition again: "yes both! as long as the red
    # one isn't more expensive, I'm not paying extra just for a color lol")
    rest = _PAY_NO_MORE_C.sub(" ", text[:m.start()] + " " + text[m.end():])
    if len(hit) != 1 or read_turn(rest).act is not Act.AFFIRM:
        return None
    return text[also[-1].start(1):m.end()] if also \
        else text[said_of.start(1):m.end()] if said_of is not None else m.group("c")


def _form_of_one_step_unwanted(messages: list[Message], index: int) -> tuple[str, str] | None:
    """Where the user's yes rules out a form of compensation ("Cancel it, yes. But I don't want
    a voucher, I want actual money for this.") and the agent's turn lists several steps, one of
    them, and no other, giving such a form ("2. ... a $100 travel certificate added to your
    account"): the yes's words and a condition naming that step's form, for the other steps to
    be agreed and a call of that one held (``_condition_step``); else None."""
    text = plain(messages[index])
    if (unwanted := FORM_NOT_WANTED.search(text)) is None:
        return None
    agent, _start = _turn_before(messages, index)
    giving = [m for step in _plan_steps(agent) or () if (m := _FORM_GIVEN.search(step.plain))]
    yes = read_turn(text[:unwanted.start()] + " " + text[unwanted.end():])
    if len(giving) != 1 or len(_plan_steps(agent) or ()) < 2 or yes.act is not Act.AFFIRM:
        return None
    return yes.words, f"the {giving[0].group().split()[-1]}"


# a step by its thing, right before the condition set on it: "The upgrade only if it's under 600"
_THING_BEFORE_IF = re.compile(r"(?:^|(?<=[.;!?]\s))(?:(?:and|but|do) )?(?:the|my) ([a-z]{4,}),? (?=(?:only )?"
                              r"(?:if|as long as|provided)(?![\w']))")
# a condition led by the thing it was said yes to: "economy sí, mientras el total no pase de 150"
_YES_LEAD = re.compile(r"([a-zà-ÿ]{4,}) (?:sí|si|sim|sì|oui|ja|yes|ok)(?![\w'])")
# a thing said yes to right before a condition, in its sentence: "lo de economy sí, mientras ..."
_THING_YES_BEFORE = re.compile(r"(?:^|[.;!?]\s*)(?:lo|la|el|o|a|il|le|das|die|der|the) "
                               r"(?:de |do |da |di |du )?"
                               r"(?:el |la |o |a )?([a-zà-ÿ]{4,}) (?:sí|si|sim|sì|oui|ja|yes|ok),?\s*"
                               r"(?:pero |mas |ma |mais |aber |but )?(?:solo |só |seulement |nur )?$")
# the things a condition names: "that's really the cheapest tablet you have" (tablet)
_CONDITION_THING = re.compile(r"(?<![\w'])(?:the|my|that|this) (?:[a-z]+ ){0,2}?([a-z]{4,}|[a-z]{3,}"
                              r"(?= one))(?: one)?(?= (?:you|i|is|isn'?t|are|aren'?t|was|has|have|"
                              r"goes|stays|costs?|does|doesn'?t|won'?t|will)(?![\w'])|\s*$)")


def _price_held(messages: list[Message], index: int) -> tuple[str, str] | None:
    """Where the user's turn at ``index`` says yes first and then holds on a sum that one step
    of the agent's numbered plan has and no other ("Yes, go ahead. Hmm, $1,200 is more than I
    was hoping for though... is that per person?", the upgrade's step costing $1,200): (the yes,
    the hold), for the other steps to go ahead and that one to wait (``_step_held``)."""
    content = messages[index].content
    if "$" not in content:
        return None
    acts = turn_acts(content)
    first = next((k for k, (_s, act) in enumerate(acts) if act is Act.AFFIRM), None)
    if first is None or any(act is Act.DECLINE for _s, act in acts) \
            or any("$" in s for s, _act in acts[:first + 1]):
        return None
    held = [s for s, act in acts[first + 1:] if act is Act.HOLD]
    if not held or not (sums := amounts(held[0])):
        return None
    agent, _start = _turn_before(messages, index)
    steps = _plan_steps(agent)
    if not steps:
        return None
    costing = {k for k, step in enumerate(steps) if sums & amounts(step.plain)}
    if len(costing) != 1:
        return None
    return acts[first][0], " ".join(held)


def _sums_asked(agent: str) -> set[Decimal]:
    """The sums an agent's turn asks for: its totals, else its charges ("Difference: $186"; a
    sum worked out, its result: "Fare difference: $198 − $151 = **$47**")."""
    totals = _totals(agent)
    if totals:
        return totals
    out: set[Decimal] = set()
    for c in _CHARGE.finditer(agent):
        d = _worked_out_at(agent, c)
        if d is not None:
            out.add(d)
    if not out:  # (a sum said as what is paid on top: "HAT018 would be $24 extra on your Visa")
        out = {d for m in _EXTRA_SUM.finditer(agent) if (d := decimal_of(m.group(1), m.group(2)))
               is not None}
    if not out:  # (or its currency after it, a decimal comma: "Aufpreis 2,63 $")
        out = {d for m in _CHARGE_THEN_SUM.finditer(agent)
               if (d := decimal_of(re.sub(r"[.,]", "", m.group(1)), f".{m.group(2)}" if m.group(2)
                                   else None)) is not None}
    if out and _SUM_PER_HEAD.search(agent) is not None:
        # (a sum per passenger, no total given: times the passengers the turn counts, "65 USD por
        # pasajera (son 2 pasajeras)"; else no sum the turn asks for all told)
        heads = _HEADS_COUNTED.search(agent)
        said = heads.group(1) if heads is not None else ""
        count = int(said) if said.isdigit() else _COUNT_WORDS.get(said, 0)
        return {d * count for d in out} if count else set()
    return out


# a sum said per passenger or person: "$171 more per passenger", "65 USD por pasajera"
_SUM_PER_HEAD = re.compile(r"(?<![\w'])(?:per|each|por|par|pro|a|je) (?:passenger|person|traveler|"
                           r"traveller|pasajer[oa]|passageir[oa]|passager|passagère|persona|persone|"
                           r"personne|passagier|reisende[rn]?|head)(?![\w'])|(?<![\w'])(?:each|cada)(?![\w'])")
_HEADS_COUNTED = re.compile(r"(?<![\w'])(\d|two|three|four|five|dos|tres|cuatro|deux|trois|quatre|zwei|"
                            r"drei|vier|duas|dois|três|due|tre|quattro) (?:passengers|"
                            r"pasajer[oa]s|passageir[oa]s|passagers|passagères|personen|persone|"
                            r"personnes|people|persons|travell?ers|passagiers|reisende)(?![\w'])")


_CHARGE_THEN_SUM = re.compile(r"(?<![a-z])(?:aufpreis|mehrpreis|zuzahlung|differenz|différence|differenza|"
                              r"diferencia|diferença|supplément|sovrapprezzo|supplemento|recargo|acréscimo|"
                              r"toeslag|verschil|bijbetaling|frais|cargo|addebito)(?: (?:à payer|da pagare|a "
                              r"pagar|de tarifa))?\s*[:=]?\s*(?:\*\*)?\+?"
                              r"(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[,.](\d\d))?\s?(?:\$|€|usd|dollar)")


_EXTRA_SUM = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)? (?:extra|more|additional)(?![\w'])")


# a sum worked out, from its first operand's currency sign: "$198 − $151 = **$47**"
_WORKED_OUT = re.compile(r"[$€£]?\s?[\d,.]+(?:\s*[−+\-×x*]\s*[$€£]?\s?[\d,.]+)+\s*=\s*\**\s*[$€£]\s?"
                         r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")


def _worked_out_at(agent: str, m: re.Match[str]) -> Decimal | None:
    """The sum a match of a sum (its first two groups) stands for: the result where the turn
    works it out from there ("차액: $183 - $119 = $64"), else the sum itself."""
    worked = _WORKED_OUT.match(agent, m.start(1) - 1) if "=" in agent else None
    found = worked if worked is not None else m
    return decimal_of(found.group(1), found.group(2)) if found.group(1) else None


# the total a turn in Japanese gives: "合計$90", "全部で $140"
_JA_TOTAL = re.compile(r"(?:合計|全部で|トータル)\s*[:：]?\s*\$\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")


def _sum_of(m: re.Match[str]) -> Decimal | None:
    """The sum a pattern of several forms found, each form a (whole, fraction) pair of groups
    (``_SUM``'s): the first form that matched."""
    groups = m.groups()
    return next((decimal_of(groups[k], groups[k + 1]) for k in range(0, len(groups) - 1, 2)
                 if groups[k]), None)


# a form of refund other than money back to a card or account, named in the agent's turn (not
# ruled out there: "not as a certificate")
_FORM_GIVEN = re.compile(r"(?<![\w'])(?<!not as a )(?<!not a )(?<!instead of a )(?<!no )(?:(?:travel |"
                         r"store |airline |flight )?(?:credit|voucher|certificate)s?(?! card)|"
                         r"points|miles|buoni|buono (?:regalo|sconto|acquisto)|vales|bonos?|avoirs?|"
                         r"bons? d'achat|gutscheine?)(?![\w'])")  # (and in the other languages read)


def _condition_met(messages: list[Message], index: int) -> bool:
    """``_condition_met_once``, or each of several conditions joined by "and" met on its own
    ("yes, as long as the refund goes to the visa and i'm not charged anything else")."""
    if _condition_met_once(messages, index):
        return True
    text = plain(messages[index])
    m = _IF.search(text)
    if m is None or _IF.search(text, m.end()) is not None \
            or len(parts := _CONDITION_AND.split(m.group("c"))) < 2:
        return False
    message = messages[index]
    # (a certificate said not to take the refund's place: the refund's own part may then be
    # met beside it, "... as long as the refund goes back on the Visa and the certificate isn't
    # instead of the refund")
    beside = [p for p in parts if _NOT_INSTEAD_IF.fullmatch(p) is not None]
    return all(_condition_met_once([*messages[:index], Message(
        message.seq, message.role, f"{text[:m.start()]} as long as {part}{text[m.end():]}",
        message.ts)], index, voucher_beside=bool(beside) and part not in beside) for part in parts)


# conditions joined by "and", each a clause of its own: "... to the visa and i'm not charged"
_CONDITION_AND = re.compile(r",? and (?=(?:i'?m|i am|it'?s|it is|there'?s|there is|you|no|nothing|"
                            r"not|that|they|the|my)(?![\w']))")


# a go-ahead after the condition, in its clause: "if it's free do it"
_GO_AFTER_CONDITION = re.compile(r",?\s+(?:then\s+)?(?:do it|go ahead|go for it|proceed|book it|add it|"
                                 r"add them|cancel it|change it|send it|switch it)(?: please)?[.!]*$")
# the paid bags a condition counts: "it's only the one paid bag"; and as a turn counts them
_PAID_BAGS_IF = re.compile(r"(?:(?:it'?s|it is|there'?s|there is|that'?s|that is) )?(?:only |just )?"
                           r"(?:the )?(one|two|three|four|five|\d+) (?:paid|non-?free|extra) (?:checked )?"
                           r"bags?")
_PAID_BAGS_SAID = re.compile(r"(?:non-?free|paid)(?: checked)? bags?\s*[:=]?\s*(\d+)"
                             r"(?!\d|[.,]\d)|"
                             r"(?<![\w$.,])(\d+|one|two|three|four|five) (?:non-?free|paid)"
                             r"(?: checked)? bags?")
_SOME_PAID = re.compile(r"(?<![\w$.,])(?:[1-9]\d*|one|two|three|four|five) (?:non-?free|paid)(?![\w'])|"
                        r"non-?free(?: checked)? bags?\s*[:=]?\s*[1-9]")
# a trip by its place, said to be the one or not: "that's the denver one", "not my charlotte trip"
_PLACE_TRIP_IF = re.compile(r"(?:(?:that'?s|it'?s|this is|that is|it is) |(not) )(?:the|my) "
                            r"([a-z]+(?: [a-z]+)?) (?:one|trip|flight|reservation|booking)")
# a voucher said not to take the refund's place: "the certificate isn't instead of the refund";
# a turn giving money back
_NOT_INSTEAD_IF = re.compile(r"(?:the |that |a )?(certificate|voucher|credit) (?:isn'?t|is not|won'?t be|"
                             r"will not be) (?:instead of|in place of|replacing) (?:the |my )?refund")
_REFUND_GIVEN = re.compile(r"(?<![\w'])refund(?:ed)? (?:of )?\$?\d|\$\d[\d,.]* (?:will be )?refunded")
# the basic fare ruled out ("not some basic fare", "not basic economy"); a turn naming it
_NOT_BASIC_IF = re.compile(r"(?:it'?s |it is )?not (?:some |a |the |in )?basic(?: economy)?(?: fare| one)?")
_BASIC_SAID = re.compile(r"(?<![\w'])basic(?:[_ ]economy)?(?![\w'])")


_UNITS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_SPELLED_SUM = re.compile(r"(?<![\w'])(?:(a|one|two|three|four|five|six|seven|eight|nine) "
                          r"(hundred|thousand)(?: and)?(?: (twenty|thirty|forty|fifty|sixty|seventy|"
                          r"eighty|ninety))?|(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety))"
                          r"(?= (?:bucks|dollars?|usd)(?![\w'])|\s*$|\s*[,.;!?])")


def _spelled(m: re.Match[str]) -> str:
    """A sum spelled in words as digits: "a hundred" -> "100", "two hundred fifty" -> "250"."""
    if m.group(4):
        return str(_TENS[m.group(4)])
    n = _UNITS[m.group(1)] * (100 if m.group(2) == "hundred" else 1000)
    return str(n + (_TENS[m.group(3)] if m.group(3) else 0))


_METHOD_ID = re.compile(r"(?<![\w])(?:gift_card|credit_card|paypal|certificate)_\d+(?![\w])")


# a condition on when the user lands: "as long as i'm landing before 6", "if it gets in by 5pm"
_LANDS_BY_IF = re.compile(r"(?:i'?m|i am|we'?re|we are|it'?s|it is|i|we|it|the (?:new )?(?:flight|"
                          r"outbound|return|one))(?: still)? (?:land(?:s|ing)?|arriv(?:e|es|ing)|"
                          r"get(?:s|ting)? (?:in|there)) (?:before|by|no later than) (\d{1,2})"
                          r"(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)?")
# the times a turn gives a flight's arrival at: "2:30 PM → 4:55 PM", "arrives 4:55 pm"
_ARRIVES_AT = re.compile(r"(?:→|->|–|(?<=\d)\s*-\s*(?=\d)|(?<![\w'])(?:arriv(?:es|ing|al)|lands?|"
                         r"landing|gets in)(?: at)?:?)\s*(\d{1,2}):(\d\d)\s*(am|pm|a\.m\.|p\.m\.)?"
                         r"(\s*\(\+1\))?")


def _lands_by(lands: re.Match[str], agent: str) -> bool:
    """Whether the agent's turn meets the user's "landing before N": it says so of that hour,
    or every arrival time it gives (none the next day) is before it."""
    hour, minute, mark = int(lands.group(1)), int(lands.group(2) or 0), lands.group(3)
    if mark is None and 1 <= hour <= 7:
        mark = "pm"  # (a bare "6" of an evening landing, 1 to 7, read as pm)
    bound = _minutes(str(hour), str(minute), _am_pm(mark))
    if bound is None:
        return False
    said = re.compile(rf"(?:land(?:s|ing)?|arriv(?:es|ing)|gets in) (?:before|by) {hour}"
                      rf"(?::{minute:02d})?(?:\s*{mark[0]}\.?m\.?)?(?![\d:])" if mark else
                      rf"(?:land(?:s|ing)?|arriv(?:es|ing)|gets in) (?:before|by) {hour}(?![\d:])")
    if said.search(agent) is not None:
        return True
    arrivals = list(_ARRIVES_AT.finditer(agent))
    return bool(arrivals) and all(
        a.group(4) is None and (at := _minutes(a.group(1), a.group(2), _am_pm(a.group(3)))) is not None
        and at < bound for a in arrivals)


def _am_pm(mark: str | None) -> str | None:
    """"pm" or "am" as ``_minutes`` reads them, from "p.m.", "a.m." and the like."""
    return None if mark is None else "pm" if mark.startswith("p") else "am"


def _condition_met_once(messages: list[Message], index: int, voucher_beside: bool = False) -> bool:
    """Whether the user's conditional yes at ``index`` ("yes, as long as the total stays under
    $300", "if the refund goes back to my Visa, then yes") sets a condition the agent's turn it
    answers already meets: the payment method it names is the one that turn puts the action's
    money on, or the total that turn gives is within the bound. Anything else stays a hold."""
    text = plain(messages[index])
    if ("want" in text or "keeping" in text) and SAID_AGAIN.search(text) is not None:
        text = SAID_AGAIN.sub(" ", text)  # (the condition said again, as a wish or its contrary)
    if "hundred" in text or "thousand" in text or "ty " in text or "ty," in text:
        text = _SPELLED_SUM.sub(_spelled, text)  # ("as long as it's under a hundred bucks")
    if (unwanted := FORM_NOT_WANTED.search(text)) is not None:
        # a form of refund ruled out ("Go ahead. I don't want any credit or voucher."): the
        # turn gives the money back in none of them; then the rest as it reads
        agent, _start = _turn_before(messages, index)
        if not agent or _FORM_GIVEN.search(agent) is not None:
            return False
        text = text[:unwanted.start()] + " " + text[unwanted.end():]
        if read_turn(text).act is Act.AFFIRM:
            return True
    if (han := _HAN_BOUND.search(text)) is not None:
        # (in Chinese: "两台都换。只要今天总共要付的不超过200块就行。", as long as the total today
        # is at most 200: the turn's total, or its net, within it; the rest a yes)
        agent, _start = _turn_before(messages, index)
        limit = _sum_of(han)
        sums = _sums_asked(agent) \
            or {d for n in _NET_HAN.finditer(agent) if (d := decimal_of(*n.groups())) is not None}
        if han.group(5) is not None and (totals := {d for t in _JA_TOTAL.finditer(agent)
                                                    if (d := decimal_of(*t.groups())) is not None}):
            sums = totals  # (a bound on the whole, in Japanese: the turn's "合計")
        if not sums and "差价" in han.group() and (new := _HAN_NEW_PRICE.search(agent)) \
                and (old := _HAN_OLD_PRICE.search(agent)):
            # (a bound on the difference, the turn giving the new price and the old: "只要差价不超过
            # 100美元" to "新票价 $298，原票价 $211")
            new_price, old_price = decimal_of(*new.groups()), decimal_of(*old.groups())
            if new_price is not None and old_price is not None:
                sums = {new_price - old_price}
        if not sums and "差价" in han.group():  # (the difference itself: "补差价 $12.63")
            sums = {d for m in _HAN_DIFFERENCE.finditer(agent)
                    if (d := decimal_of(m.group(1).replace(",", ""), m.group(2))) is not None}
        return limit is not None and bool(sums) and max(sums) <= limit \
            and read_turn(text[:han.start()] + text[han.end():]).act is Act.AFFIRM
    if (ja := _JA_CONDITION.search(text)) is not None:
        # (in Japanese: a bound, free, or the whole sum back, as the turn gives it: "892ドルです
        # ね。900を超えないならいいです", "無料なら、ぜひ。", "全額戻ってくるなら、それでお願いします。")
        agent, _start = _turn_before(messages, index)
        rest = text[:ja.start()] + " " + text[ja.end():]
        if ja.group("limit") is not None:
            limit = decimal_of(ja.group("limit").replace(",", ""), None)
            sums = _sums_asked(agent) or amounts(agent) or amounts(text[:ja.start()])
            met = limit is not None and bool(sums) and max(sums) <= limit
        elif ja.group("equal") is not None:
            sum_said = decimal_of(ja.group("equal").replace(",", ""), None)
            sums = _sums_asked(agent) or amounts(agent)
            met = sum_said is not None and any(abs(x - sum_said) < 1 for x in sums)
        elif ja.group("free") is not None:
            met = _JA_FREE_SAID.search(agent) is not None and _JA_CHARGED.search(agent) is None
        else:
            met = _JA_WHOLE_SAID.search(agent) is not None
        return met and read_turn(rest).act is Act.AFFIRM
    if (free_ko := _KO_FREE_IF.search(text)) is not None:
        # (in Korean, free: "공짜면 ... 추가해 주세요", "추가 요금 없는 거면 바꿔 주세요", the turn saying
        # it is free and charging nothing)
        agent, _start = _turn_before(messages, index)
        return _KO_FREE_SAID.search(agent) is not None and _KO_CHARGED.search(agent) is None \
            and read_turn(text[:free_ko.start()] + " " + text[free_ko.end():]).act is Act.AFFIRM
    if (ko_method := _KO_METHOD_IF.search(text)) is not None:
        # (in Korean, the money on a method: "네, 페이팔로 환불되는 거 맞으면 진행해 주세요." to a turn
        # refunding to PayPal, and naming no other method)
        agent, _start = _turn_before(messages, index)
        kind = _METHODS_ABROAD[ko_method.group(1)]
        named_kinds = {_METHODS_ABROAD[m.group()] for m in _METHOD_ABROAD.finditer(agent)
                       if m.group() in _METHODS_ABROAD} | {
            m.group().replace(" ", "") for m in _METHODS.finditer(agent)}
        return kind.replace(" ", "") in {k.replace(" ", "") for k in named_kinds} \
            and len({k.replace(" ", "") for k in named_kinds} - {"originalpaymentmethod"}) == 1 \
            and read_turn(text[:ko_method.start()] + " " + text[ko_method.end():]).act is Act.AFFIRM
    if (ko := _KO_BOUND.search(text)) is not None:
        # (in Korean: the turn's sum within it, the rest a yes: "차액 30불 안 넘으면 괜찮아요. 그렇게
        # 바꿔주세요." to "총 차액: $9.86 추가 결제")
        agent, _start = _turn_before(messages, index)
        limit = decimal_of(ko.group(1).replace(",", ""), ko.group(2))
        sums = _sums_asked(agent) or {d for n in _KO_SUM.finditer(agent)
                                      if (d := _worked_out_at(agent, n)) is not None}
        return limit is not None and bool(sums) and max(sums) <= limit \
            and read_turn(text[:ko.start()] + text[ko.end():]).act is Act.AFFIRM
    dearer = _HAN_NOT_DEARER.search(text)
    if dearer is not None:
        # (in Chinese: "只要确实不比原来贵，就改吧", as long as it costs no more than before: the
        # turn gives money back, or says it is cheaper, and charges nothing)
        agent, _start = _turn_before(messages, index)
        return _HAN_CHEAPER.search(agent) is not None and _HAN_CHARGED.search(agent) is None \
            and read_turn(text[:dearer.start()] + text[dearer.end():]).act is Act.AFFIRM
    over = _OVER_BOUND_C.search(text)
    if over is not None:  # ("but if it's more than $50 extra, forget it": at most $50)
        agent, _start = _turn_before(messages, index)
        limit = decimal_of(over.group(2), over.group(3))
        totals = _sums_asked(agent)
        rest = text[:over.start()] + " " + text[over.end():]
        return limit is not None and bool(totals) and max(totals) <= limit \
            and read_turn(rest).act is Act.AFFIRM
    ceiling = _PAY_NO_MORE_C.search(text)
    if ceiling is not None:
        # ("yes book it. I don't want to pay anything extra", "... more than $240": what the
        # turn says is paid, all of it, within the bound; the call's payment is the binding's)
        agent, _start = _turn_before(messages, index)
        if (thing := ceiling.group("thing")) is not None:
            # nothing paid for one thing: the turn charges nothing near its word ("I don't
            # want to pay anything for bags" to a plan that adds none, or adds them free)
            stem = thing[:max(3, len(thing) - 2)]
            if any(any(d > 0 for d in amounts(agent[max(0, w.start() - 60):w.end() + 60]))
                   and _FREE_SAID.search(agent, max(0, w.start() - 60), w.end() + 60) is None
                   for w in re.finditer(rf"(?<![\w']){re.escape(stem)}", agent)):
                return False
            text = text[:ceiling.start()] + " " + text[ceiling.end():]
            return _IF.search(text) is None and read_turn(text).act is Act.AFFIRM
        totals = _sums_asked(agent) or amounts(agent)  # ("$240 in total on your Visa")
        said = [g for g in ceiling.groups() if g]
        whole = next((g for g in said if g[0].isdigit()), None)
        limit = decimal_of(whole, next((g for g in said if g.startswith(".")), None)) \
            if whole else None
        if not totals or (whole is not None and (limit is None or max(totals) > limit)):
            return False
        if whole is None and "else" not in ceiling.group() and _EXTRA_CHARGED.search(agent) is not None:
            return False  # (nothing extra, to a turn that charges more: "you'll pay $50.00 more";
            # "nothing else" takes what the turn charges)
        # (and the cue that made it a condition: "as long as I'm not paying anything extra")
        cue = _IF_BEFORE.search(text, 0, ceiling.start())
        text = text[:cue.start() if cue is not None else ceiling.start()] + " " \
            + text[ceiling.end():]
        if _IF.search(text) is None:
            return read_turn(text).act is Act.AFFIRM
    if (insured := _ONLY_INSURED.search(text)) is not None:
        # insurance asked for as the condition ("Yes, book it — but only with the insurance on
        # it, I'm not flying without that."): the turn adds it, and the rest is a yes
        agent, _start = _turn_before(messages, index)
        rest = _NOT_WITHOUT.sub(" ", text[:insured.start()] + " " + text[insured.end():])
        return _INSURANCE_YES.search(agent) is not None and _INSURANCE_NO.search(agent) is None \
            and read_turn(rest).act is Act.AFFIRM
    m = _IF.search(text)
    if m is None or _IF.search(text, m.end()) is not None:
        return False
    rest = SAID_AGAIN.sub(" ", text[:m.start()] + " " + text[m.end():])
    if _KEEPS_GOING_IF.fullmatch(m.group("c")) is not None:  # (the condition said again as a
        # wish: "... still goes to my home on Willow Lane. I don't want that hauled to the office.")
        rest = NOT_SENT_THERE.sub(" ", rest)
    if read_turn(rest).act is not Act.AFFIRM:
        return False
    condition = _GO_AFTER_CONDITION.sub("", m.group("c"))  # ("sure, if it's free do it")
    agent, _start = _turn_before(messages, index)
    if not agent:
        return False
    if (paid := _PAID_BAGS_IF.fullmatch(condition)) is not None:
        # the paid bags counted, as the turn counts them: "as long as it's only the one paid
        # bag" to "Non-free bags: 1, at $50"
        # (the count words are the module's own, ``_UNITS``)
        paid_counts = {int(n) if n.isdigit() else _UNITS[n] for g in _PAID_BAGS_SAID.finditer(agent)
                       for n in g.groups() if n}
        wanted_word = paid.group(1)
        return paid_counts == {int(wanted_word) if wanted_word.isdigit() else _UNITS[wanted_word]}
    if (trip := _PLACE_TRIP_IF.fullmatch(condition)) is not None and trip.group(2) in _AIRPORTS:
        # a trip by its place, the one the turn names, or not: "as long as that's the Denver one
        # and not my Charlotte trip" to "9HBUV8, HAT130 DEN→MIA ..."
        place_named = _place_pattern(trip.group(2)).search(agent) is not None
        return place_named != bool(trip.group(1))
    if (instead := _NOT_INSTEAD_IF.fullmatch(condition)) is not None:
        # a certificate beside the refund, not in its place, as the turn gives both: "and the
        # certificate isn't instead of the refund" to "1. Cancel ... with a full refund of $6,108
        # to your Visa ... 2. ... issue a $200 travel certificate"
        return re.search(rf"(?<![\w']){instead.group(1)}", agent) is not None \
            and _REFUND_GIVEN.search(agent) is not None
    if _NOT_BASIC_IF.fullmatch(condition) is not None:
        # the basic fare ruled out, the turn naming none: "as long as it's still economy and not
        # some basic fare" to "... cabin: economy"
        return _BASIC_SAID.search(agent) is None
    if (layover := _LAYOVER_IF.search(condition)) is not None:
        return _layover_met(layover, agent)
    # (free is the free reading's to decide, below: "free" said of another bag is no free one)
    stated = (_AS_STATED_IF.fullmatch(condition) or _GET_IF.fullmatch(condition)) \
        if _FREE_IF.fullmatch(condition) is None else None
    # (what a change makes is what its arrow goes to: "T-shirt blue S cotton v-neck -> blue M
    # cotton crew neck" does not state "it's still a v-neck")
    made = " \n ".join(m.group(1) for m in _ARROW_TO.finditer(agent)) \
        if stated is not None and "still" in condition else ""
    made = made or agent
    if stated is not None and all(_stated_in(part, made)
                                  for part in _STATED_PARTS.split(_KIND_NOUN.sub("", stated.group(1)))):
        return True  # (what the agent's turn says, given in to: "Our records show only one
        # passenger" "Okay, if it's one passenger, then yes, go ahead with the $50."; each
        # part of "as long as it's green and the cheapest" where the turn says "the cheapest
        # kettle in stock is the green 1l kettle")
    ruled = _NOT_ALLOWED_IF.fullmatch(condition) or _CANT_GET_IF.fullmatch(condition)
    if ruled is None and _THAT_NOT_POSSIBLE.fullmatch(condition):
        # ("I'd rather have the refund, but if that's not possible then yes, issue the $150
        # certificate": what "that" is, the thing wanted before it)
        ruled = _WANTED_BEFORE.search(text, 0, m.start())
    if ruled is not None:
        # a limit the agent's turn states, given in to: "Switching to Newark (EWR) isn't
        # possible for this booking." "Okay, if Newark isn't allowed then PHL it is."; "I
        # can't remove a single item" "Yes, if removing just the kettle isn't possible, ...":
        # a word of it by its stem, near what says it cannot be done
        return any(_NOT_ALLOWED_SAID.search(agent[max(0, w.start() - 80):w.end() + 80])
                   for word in re.findall(r"[a-z]{4,}", ruled.group(1)) if word not in _SO_SAID
                   for w in re.finditer(rf"(?<![\w']){re.escape(word[:max(4, len(word) - 3)])}",
                                        agent))
    if len(condition.split()) <= 8 and _FULL_WORD.search(condition) is not None \
            and _REFUND_WORD.search(condition) is not None:
        # the whole sum back, as the turn says, in the languages read: "Sí, siempre que sea el
        # reembolso completo, adelante." to "Reembolso total de $540 a su Visa"; or the one sum
        # the turn names, given back: "yes as long as the card gets the full refund" to "$813.68
        # charged ... Mastercard ending 9443 refunded $813.68"
        said_sums = re.findall(r"\$\s?(\d[\d,]*(?:\.\d\d)?)", agent)
        return _FULL_REFUND_SAID.search(agent) is not None or (
            len(said_sums) >= 2 and len(set(said_sums)) == 1 and _BACK_ABROAD.search(agent) is not None)
    if _FREE_IF_ABROAD.fullmatch(condition) is not None:
        # free, in the other languages read, as the turn says: "si c'est gratuit, oui ajoutez-le"
        # to "Bagages : 0 → 1, 0 payant"
        return _FREE_SAID_ABROAD.search(agent) is not None
    if _SAME_FLIGHT_IF.fullmatch(condition) is not None:
        # the flight kept, as the turn says: "yeah do that, as long as I'm still on the same
        # flight" to "Reservation JX5C1V stays on the same flight, HAT175"
        return _SAME_FLIGHT_SAID.search(agent) is not None
    if (lands := _LANDS_BY_IF.fullmatch(condition)) is not None:
        # arriving by a time, as the turn says or as its arrival times show: "As long as I'm
        # landing before 6, yes." to "Outbound: HAT237, May 23, 2:30 PM → 4:55 PM (lands before
        # 6 PM)"
        return _lands_by(lands, agent)
    if (at_time := _STAYS_AT_IF.fullmatch(condition)) is not None:
        # a leg kept at its time, as the turn says: "as long as the outbound stays at 8am" to
        # "keep outbound HAT104 PHX -> ORD on May 20 (departs 08:00)"
        head = at_time.group(1).rsplit(" ", 1)[-1]
        hour, minute = int(at_time.group(2)), int(at_time.group(3) or 0)
        hour += 12 if at_time.group(4) == "pm" and hour < 12 else 0
        hour -= 12 if at_time.group(4) == "am" and hour == 12 else 0
        said_time = re.compile(rf"(?<![\d:]){hour:02d}:{minute:02d}|(?<![\d:]){hour}:{minute:02d}(?!\d)"
                               + (rf"|(?<![\d:]){hour % 12 or 12}(?::{minute:02d})?\s*"
                                  rf"{'pm' if hour >= 12 else 'am'}(?![\w'])"))
        return any(_STAYS_SAID.search(agent, max(0, w.start() - 30), _line_end(agent, w.end()))
                   is not None and said_time.search(agent, w.end(), _line_end(agent, w.end()))
                   is not None
                   for w in re.finditer(rf"(?<![\w']){re.escape(head[:max(4, len(head) - 2)])}", agent))
    if (kept := _STAYS_IF.fullmatch(condition) or _STAYS_IF_ABROAD.fullmatch(condition)) is not None:
        # a thing kept as it is, as the turn says it stays: "Yes, as long as the return stays
        # as is." to "- Return (unchanged): HAT112 ..."
        thing = next(g for g in kept.groups() if g)
        head = thing.rsplit(" ", 1)[-1]
        return any(_STAYS_SAID.search(agent, w.end(), max(w.end() + 40, min(
                       w.end() + 80, _line_end(agent, w.end())))) is not None
                   or _STAYS_SAID.search(agent, max(0, w.start() - 30), w.start()) is not None
                   for w in re.finditer(rf"(?<![\w']){re.escape(head[:max(4, len(head) - 2)])}",
                                        agent))
    if (sum_if := _SUM_IF.fullmatch(condition)) is not None:
        # a sum as the agent's turn gives it: "as long as the net is around $107 like you
        # said" to "Net total: +$107.09" (about: within a dollar; else to the cent)
        wanted = decimal_of(sum_if.group(2), sum_if.group(3))
        slack = 1 if sum_if.group(1) else 0
        return wanted is not None and any(abs(d - wanted) <= slack for d in amounts(agent))
    if (is_all := _SUM_IS_TOTAL_IF.match(condition)) is not None:
        # the sum the turn gives, said to be all of it: "as long as $290 is the full total,
        # nothing extra on top" to "Total: $290 on Mastercard ending 7334"
        wanted = decimal_of(is_all.group(1), is_all.group(2))
        return wanted is not None and wanted in (_totals(agent) or amounts(agent))
    if (back_to := _BACK_TO_IF.fullmatch(condition)) is not None:
        # the money back to the methods it names, as the turn gives it, and no voucher: "as long
        # as the money goes back to my card and the gift card and not some voucher" to "refund
        # ... to your gift card and your Mastercard"
        methods_said = {m.group().replace(" ", "") for m in _METHODS.finditer(back_to.group(1))} \
            | ({"card"} if _BARE_CARD.search(back_to.group(1)) else set())
        given = {m.group().replace(" ", "") for m in _METHODS.finditer(agent)}
        cards = {k for k in given if k in _CARD_KINDS or k.startswith("cardending")}
        if (ruled_out := back_to.group("not")) is not None and (
                ruled_out.replace(" ", "") in given or (ruled_out.endswith("card")
                                                        and "gift" not in ruled_out and cards)):
            return False  # (the method ruled out is one the turn pays on)
        return bool(methods_said) and (voucher_beside or _FORM_GIVEN.search(agent) is None) \
            and _BACK_ABROAD.search(agent) is not None \
            and all(k in given or (k == "card" and cards) for k in methods_said)
    if (whole := _WHOLE_SUM_IF.fullmatch(condition)) is not None:
        # the whole sum back, as the turn gives it: "as long as it's the full $219 back and not
        # just part of it" to "a full refund of $219 to your gift card" (to the cent)
        wanted = decimal_of(whole.group(1), whole.group(2))
        return wanted is not None and wanted in amounts(agent) \
            and (_FULL_REFUND_SAID.search(agent) is not None or _BACK_ABROAD.search(agent) is not None)
    if (back := _SUM_BACK_IF.fullmatch(condition)) is not None:
        # a sum back, as the turn gives it: "as long as the mastercard gets the whole 321.18
        # back" to "The Mastercard will be refunded $321.18" (to the cent; the method, where
        # one is named, named in the turn)
        wanted = decimal_of(back.group(2), back.group(3))
        method = (back.group(1) or "").rsplit(" ", 1)[-1]
        return wanted is not None and any(d == wanted for d in amounts(agent)) and (
            not method or method in ("i", "we") or re.search(
                rf"(?<![\w']){re.escape(method)}", agent) is not None)
    if (goes := _SUM_GOES_BACK_IF.fullmatch(condition)) is not None:
        # a sum said to go back to a method, as the turn gives it: "If the 2580 goes back onto
        # that gift card" to "refund of $2,580 ... your original payment method,
        # gift_card_8887175" (to the cent; a word of the method in the turn, ids read as words)
        wanted = decimal_of(goes.group(1), goes.group(2))
        method_words = [w for w in re.findall(r"[a-z]{3,}", goes.group(3)) if w not in _SO_SAID]
        spaced = agent.replace("_", " ")
        return wanted is not None and wanted in amounts(agent) and bool(method_words) and all(
            re.search(rf"(?<![\w']){re.escape(w)}", spaced) is not None for w in method_words)
    if (free := _FREE_IF.fullmatch(condition)) is not None:
        # free, as the turn says it is: "as long as the bags really are free" to "Checked
        # bags: add 2 ... so **no charge**" (the thing's word near the turn's "free")
        head = (free.group(1) or "").rsplit(" ", 1)[-1]
        stem = head[:max(3, len(head) - 2)]
        return any(_FREE_SAID.search(agent, max(0, w.start() - 80), w.end() + 80) is not None
                   for w in re.finditer(rf"(?<![\w']){re.escape(stem)}", agent)) if stem \
            else _FREE_SAID.search(agent) is not None \
            and _CHARGED.search(_CHARGED_NONE.sub(" ", agent)) is None \
            and _SOME_PAID.search(agent) is None  # (nor a paid bag: "1 non-free, at $50")
    if (bound := _NOT_PAYING_IF.fullmatch(condition)) is not None:
        # a bound on what is paid, all told, as the turn gives it: "as long as overall I'm not
        # paying more than 100" to "Net result: you'd get $114 back overall" (money back
        # meets it; else the net, or the turn's total, within the bound)
        limit = _sum_of(bound)
        net = _NET_SAID.search(agent)
        if limit is None:
            return False
        if net is not None:
            value = decimal_of(net.group(1), net.group(2))
            return net.group(3) is not None or (value is not None and value <= limit)
        if _GIVEN_BACK.search(agent) is not None and _CHARGED.search(agent) is None:
            return True  # (money back and nothing charged: "there is no fee; $114 in total
            # will be refunded")
        if (net_abroad := _NET_ABROAD.search(agent)) is not None:
            # (the net in another language, a decimal comma or point: "Unterm Strich zahlen Sie
            # 107,09 $.")
            value = decimal_of(net_abroad.group(1).replace(".", "").replace(",", ""),
                               "." + net_abroad.group(2) if net_abroad.group(2) else None)
            return value is not None and value <= limit
        totals = _totals(agent)
        return bool(totals) and max(totals) <= limit
    if _COVERS_IF.fullmatch(condition):
        # a method said to cover it all, by the balance the yes turn gives it: "Put it on the
        # $500 certificate ... As long as that covers all of it, go ahead" to "Price: $174 x 2 =
        # $348" (the turn's total, or its largest sum, within the balance)
        balances = amounts(text[:m.start()])
        totals = _totals(agent) or {d for t in _TIMES_TOTAL.finditer(agent)
                                    if (d := decimal_of(t.group(1), t.group(2))) is not None}
        return bool(balances) and bool(totals) and max(totals) <= max(balances)
    if _BALANCE_COVERS_IF.fullmatch(condition):
        # the balance enough, as the turn gives it beside the sum asked: "pode fazer, desde que
        # o saldo do vale dê" to "Diferença a pagar: $16.06, no seu vale-presente (saldo atual
        # $44.00)"
        balances = {d for b in _BALANCE_GIVEN.finditer(agent)
                    if (d := decimal_of(b.group(1).replace(",", ""), b.group(2))) is not None}
        sums = _sums_asked(agent)
        return bool(balances) and bool(sums) and max(sums) <= min(balances)
    if (untouched := _NOTHING_CHANGES_IF.fullmatch(condition)) is not None:
        # a thing the action must leave alone, which the turn never names: "if nothing
        # changes about the shipping then yes" to a payment method's change
        stem = untouched.group(1)[:max(4, len(untouched.group(1)) - 3)]
        return all(_UNCHANGED_SAID.search(agent, max(0, w.start() - 80), w.end() + 40) is not None
                   for w in re.finditer(rf"(?<![\w']){re.escape(stem)}", agent))  # (or says it
        # stays: "Changing the payment method doesn't change the order's ... shipping address")
    if _NO_INSURANCE_IF.fullmatch(condition):
        # no insurance, as the turn says ("desde que seja sem seguro mesmo" to "Seguro: não")
        return _INSURANCE_NO.search(agent) is not None \
            or _INSURANCE_NO_ABROAD.search(agent) is not None
    if _NOTHING_EXTRA_ABROAD.fullmatch(condition):
        # nothing more to pay, in the other languages read, as the turn gives the difference
        # back and asks nothing ("du moment que je n'ai rien à payer en plus" to "Différence :
        # 18,80 $ remboursés sur votre PayPal")
        return _BACK_ABROAD.search(agent) is not None and _OWED_ABROAD.search(agent) is None
    if _NO_MORE_IF.fullmatch(condition):
        # not more than what was paid: the turn gives the difference back and charges nothing
        # ("Price difference: $13.75 refunded to your PayPal" "Yes, as long as it's not more
        # than what I paid, go ahead.")
        return _GIVEN_BACK.search(agent) is not None and _CHARGED.search(agent) is None
    if _INSTEAD_IF.fullmatch(condition) is not None and _METHODS.search(condition) is not None:
        return True  # (a method asked for, in the form of a condition: "as long as the refund
        # goes onto my gift card instead of the card": the binding checks the call pays with it)
    if (timed := _TIME_IS_IF.fullmatch(condition)) is not None and (
            timed.group("m") or timed.group("ap") or _TIME_CUE.search(condition) is not None):
        # the flight the change moves to, named by its time: "oui, si c'est bien celui de 11h" to
        # "HAT065 (06h00) → **HAT272 (11h00)**" (the time said in the turn, after the arrow on a
        # line that has one)
        leaves = _minutes(timed.group("h"), timed.group("m"), timed.group("ap"))
        found = [t for line in agent.split("\n") for t in _clock_times(re.split("→|->", line)[-1])]
        return leaves is not None and leaves in found
    if _ORIGINAL_BACK_IF.fullmatch(condition) is not None:
        # the money back to what paid for it, as the turn says of each refund: "as long as each
        # refund goes back to what I originally paid with for that order" to "→ refund to your
        # PayPal account (original payment)" (every line naming a method says so)
        lines = [line for line in agent.split("\n") if _METHODS.search(line) is not None]
        return bool(lines) and all(_ORIGINAL_SAID.search(line) is not None for line in lines)
    if (after := _DEPARTS_AFTER_IF.fullmatch(condition)) is not None:
        # a time the flight leaves after, as the turn gives its departure: "solo se parte dopo le
        # 18" to "HAT228 del 25/05, partenza 19:00" (each departure the turn gives, at or after)
        hour = int(after.group(1)) + (12 if after.group(3) == "pm" and int(after.group(1)) < 12 else 0)
        bound_at = hour * 60 + int(after.group(2) or 0)
        times = [int(t.group(1)) * 60 + int(t.group(2)) for t in _DEPARTURE_SAID.finditer(agent)]
        return bool(times) and all(t >= bound_at for t in times)
    if (new_bound := _NEW_ONE_BOUND_IF.fullmatch(condition)) is not None:
        # a bound on the new item's price, as the turn gives it: "only if the new one is under
        # $150" to "Electric Kettle (1L ... $164.46) → Electric Kettle (1.5L ... $149.45)"
        limit = decimal_of(new_bound.group(1), new_bound.group(2))
        new_prices = [d for n in _PRICE_AFTER_ARROW.finditer(agent)
                      if (d := decimal_of(n.group(1), n.group(2))) is not None]
        strict = new_bound.group(0).find("under") >= 0 or new_bound.group(0).find("below") >= 0 \
            or new_bound.group(0).find("less") >= 0
        return limit is not None and bool(new_prices) and (
            max(new_prices) < limit if strict else max(new_prices) <= limit)
    if (same := _SAME_IF.fullmatch(condition)) is not None:
        # the same as before, as the turn shows it: "as long as it's the same blue" to "Cycling
        # Helmet (L, blue, high ventilation) → Cycling Helmet (M, blue, high ventilation)"
        word = re.compile(rf"(?<![\w']){re.escape(same.group(1))}(?![\w'])")
        return any(len(sides := re.split("→|->", line)) == 2
                   and all(word.search(side) is not None for side in sides)
                   for line in agent.split("\n"))
    if (whole := _WHOLE_BACK_IF.fullmatch(condition)) is not None:
        # all of it back to a method, as the turn says: "provided the gift card gets the whole
        # amount back right away" to "the full $2,101.83 will be refunded to your gift card
        # immediately" (and when, where said)
        method = whole.group(1)
        return re.search(rf"(?<![\w']){re.escape(method)}", agent) is not None \
            and _WHOLE_SAID.search(agent) is not None \
            and (whole.group(2) is None or _AT_ONCE_SAID.search(agent) is not None)
    if (going := _KEEPS_GOING_IF.fullmatch(condition)) is not None:
        # another thing still sent where it goes now: "as long as the two espresso orders keep
        # going to River Road" to "Orders #W4160705 and #W2040365 would keep shipping to 377
        # River Road" (the place said to stay); or "provided my big order with the espresso
        # machine still goes to my home on Willow Lane" to a change of an order listed by its
        # items, none of them that thing, nor the place named
        place = [w for w in re.findall(r"[a-z0-9]{3,}", going.group(2))
                 if w not in ("home", "house", "place", "apartment", "the", "my", "our")]
        thing = [w for w in re.findall(r"[a-z]{4,}", going.group(1))
                 if w not in ("order", "orders", "stuff", "things", "with", "that", "those",
                              "these", "other", "both", "two", "three", "big", "small")]
        if not place or not thing:
            return False
        at = re.compile(rf"(?<![\w']){re.escape(place[0])}")
        if any(_STILL_SENT.search(agent, max(0, w.start() - 60), w.start())
               for w in at.finditer(agent)):
            return True
        return at.search(agent) is None and not any(
            re.search(rf"(?<![\w']){re.escape(w[:max(4, len(w) - 1)])}", agent) for w in thing) \
            and _ITEMS_LISTED.search(agent) is not None
    if _NOT_SHIPPED_IF.fullmatch(condition) is not None:
        # not shipped yet, as the turn says the order still is: "only if neither of them has
        # shipped yet" to "Both orders are still pending"
        # (or where the turns before say it, or only cancel: a pending order's cancellation is
        # offered while it has not shipped)
        return re.search(r"(?<![\w'])cancel", agent) is not None \
            or any(_NOT_SHIPPED_SAID.search(turn) is not None
                   for turn in [agent, *_agent_turns_before(messages, index, 3)])
    if (stock := _IN_STOCK_IF.fullmatch(condition)) is not None:
        # in stock, as the agent's turns since the options were listed say: "provided the blue
        # 750ml is actually in stock" to "Smaller options currently listed as available: -
        # 750ml, stainless steel, blue - $50.14"
        words = [w for w in re.findall(r"[a-z0-9]{3,}", stock.group(1)) if w not in _SO_SAID
                 and w not in ("the", "one", "new", "item")]
        return bool(words) and any(
            (cue := _AVAILABLE_SAID.search(turn)) is not None and any(
                all(re.search(rf"(?<![\w']){re.escape(w)}", line) for w in words)
                for line in turn[cue.start():].split("\n"))
            for turn in _agent_turns_before(messages, index, 3))
    # (what it rules out is no method it asks for: "off a gift card and not my certificate")
    abroad = _METHOD_ABROAD.search(condition) is not None or _CARD_ABROAD.search(condition) is not None
    if abroad:  # ("à condition que tout soit bien remboursé sur la carte cadeau, pas en bon
        # d'achat": the methods read in English, what is ruled out cut)
        condition = _methods_in_english(condition)
        agent = _METHOD_ABROAD.sub(_in_english, agent)
    methods = {x.group().replace(" ", "") for x in _METHODS.finditer(_RULED_OUT.sub(" ", condition))}
    if methods:
        if "_" in agent:  # (a method by its id, read as its words: "Refund: $408 to
            # gift_card_6490722")
            agent = _METHOD_ID.sub(lambda x: x.group().replace("_", " "), agent)
        paying = {_named_method(agent, cue, method) for cue in _PAID_TO.finditer(agent)
                  if (method := _METHODS.search(cue.group())) is not None}
        if not paying:
            # (a turn with no cue before its method, in another language or in English: the
            # kinds of method it names at all, "sur le moyen de paiement d'origine, la carte
            # cadeau", "Your only payment method is your gift card ..., so both refunds would
            # go to it"; one kind only, below)
            paying = {m.group().replace(" ", "") for m in _METHODS.finditer(agent)}
        if methods <= paying and len(paying) == 1:
            return True
        # (of one thing, where the turn puts several steps on several methods: "as long as the
        # kettle refund goes back to PayPal and not the card" to "1. Return ... Electric Kettle
        # ..., refunded to your original PayPal account ... 2. Exchange ... charged to
        # Mastercard": the lines that name the thing)
        things = [w for w in re.findall(r"[a-z]{4,}", _METHODS.sub(" ", condition))
                  if w not in _NOT_A_METHOD_THING]
        lines = [line for line in agent.split("\n")
                 if things and any(re.search(rf"(?<![\w']){re.escape(w)}", line) for w in things)]
        kinds = {m.group().replace(" ", "") for line in lines for m in _METHODS.finditer(line)}
        return bool(lines) and len(lines) < len(agent.split("\n")) and methods <= kinds \
            and len(kinds) == 1
    if _BARE_CARD.search(_RULED_OUT.sub(" ", condition)) is not None:
        # a card, of no kind said ("as long as it goes back to my card", "desde que o dinheiro
        # volte pro cartão msm"): the turn pays on cards only (a credit card, by its brand)
        paying = {m.group().replace(" ", "") for m in _METHODS.finditer(agent)} \
            - {"originalpaymentmethod", "originalpayment"}  # (a reference, not a kind)
        return bool(paying) and all(k in _CARD_KINDS or k.startswith("cardending") for k in paying)
    bound = _BOUND.search(condition)
    # (a sum of money: a cost word, or a currency: "as long as it's under 200 bucks")
    if bound is None or not (re.search(r"(?<![a-z])(?:total|cost|price|charge|fee|pay|diferen[çc]|"
                                       r"différence|differenz|differenza|verschil|preço|precio|"
                                       r"prix|preis|prezzo|prijs|valor)", condition)
                             or bound.group(1) or bound.group(4)
                             # (a bare number said of "it", to a turn asking a sum: "as long as
                             # it's under 150" to "**Difference: $141**")
                             # (or with who said it: "as long as it's under the 200 i said")
                             or (_IT_IS.fullmatch(condition, 0, bound.start()) is not None
                                 and not _SAID_BY.sub("", condition[bound.end():]).strip(" .!")
                                 and (_CHARGE.search(agent) or _EXTRA_SUM.search(agent)))):
        return False
    limit = decimal_of(bound.group(2), bound.group(3))
    if _EACH_SAID.match(condition, bound.end()) is not None:
        # a bound per head, against the turn's sums per head: "as long as it's under $200
        # each" to "Difference: **$180 per person → $360 total**" (each of them within it)
        # (the sums asked, where a line says so: not "Business fare today: $352 per person")
        lines = [line for line in agent.split("\n") if _PER_HEAD_SUM.search(line) is not None]
        lines = [line for line in lines if _ASKED_LINE.search(line) is not None] or lines
        heads = [d for line in lines for h in _PER_HEAD_SUM.finditer(line)
                 if (d := decimal_of(h.group(1), h.group(2))) is not None]
        return limit is not None and bool(heads) and max(heads) <= limit
    totals = _sums_asked(agent)
    if not _totals(agent) and _PER_HEAD.search(agent) is not None:
        return False  # (a sum per passenger, no total: "Fare difference: $115 per passenger" to
        # "as long as the total comes to under $200")
    return limit is not None and bool(totals) and max(totals) <= limit


# who set a bound, after it: "under the 200 i said", "below the $150 we agreed"
_SAID_BY = re.compile(r"^\s*(?:that |which )?(?:i|we|you) (?:said|mentioned|gave you|told you|set|"
                      r"agreed(?: on)?)(?![\w'])")
# the words of a condition on a method that name no thing of the proposal
_NOT_A_METHOD_THING = frozenset({"refund", "refunds", "refunded", "money", "goes", "going", "back", "card",
                          "cards", "that", "this", "those", "these", "will", "gets", "there", "onto",
                          "into", "just", "only", "really", "still", "difference", "charge",
                          "charged", "payment", "method", "original", "account", "full", "whole",
                          "amount", "rest", "then", "stays", "paid", "with", "from", "it's"})
# a card of no kind said, in a condition (the kinds the other languages name read in English
# first: "tarjeta regalo" is a gift card)
_BARE_CARD = re.compile(r"(?<![\w'])(?<!gift )(?<!credit )(?<!debit )(?:card|cartão|cartao|tarjeta|"
                        r"carte|carta|karte|kaart)(?![\w'-])")
_CARD_ABROAD = re.compile(r"(?<![\w'])(?:cartão|cartao|tarjeta|carte|carta|karte|kaart)(?![\w'-])")
_CARD_KINDS = frozenset({"creditcard", "debitcard", "visa", "mastercard", "amex", "americanexpress",
                         "discover"})


# a charge on top of what was paid, in the agent's turn: "you'll pay $50.00 more", "Price
# difference: $9.97 charged to your Mastercard", "a $25 change fee"
_EXTRA_CHARGED = re.compile(
    r"(?<![\w'])(?:(?:pay|owe|be charged|charge you)\s(?:[^.\n]|\.(?=\d)){0,30}?(?<!no )(?:more|extra|"
    r"additional)"
    r"(?![\w'])|(?<!no )(?:more|extra|additional) (?:charge|payment|cost)|difference[^.\n]{0,40}?"
    r"(?<!be )(?<!been )(?:charged|you'?ll pay|to pay|you owe|payable)|(?:upgrade|change) fee)")
# a condition's cue just before what it bounds ("as long as I'm not paying anything extra")
_IF_BEFORE = re.compile(r"(?:as long as|only if|provided(?: that)?|if|assuming)\s*$")


# a flight named by its time, said to be the one: "it's the 11am one", "c'est bien celui de 11h",
# "es el de las 11", "è quello delle 11", "é o das 11h", "es der um 11 Uhr ist", "het de vlucht van
# 11 uur is"
_TIME_IS_IF = re.compile(r"(?:(?:it'?s|it is|that'?s|that is|c'est|c'est bien|es|è|é|for|ist|het|is|es "
                         r"ist|das ist|dat is)\s+)?(?:(?:really|indeed|actually|bien)\s+)?"
                         r"(?:(?:the|celui|celle|le|el|la|quello|quella|o|a|der|die|de)\s+)?"
                         r"(?:(?:one|flight|vol|vuelo|volo|voo|flug|vlucht)\s+)?"
                         r"(?:(?:at|of|de|à|a|delle|de las|das|um|van|om|las|les)\s+)?"
                         r"(?P<h>\d{1,2})(?:[:h.](?P<m>\d\d))?\s*(?P<ap>am|pm|h|uhr|uur|o'?clock)?"
                         r"(?:\s+(?:one|flight|departure))?(?:\s+(?:ist|is))?")
# what makes a bare number a time of day in such a condition: "the one at 11", "de las 11"
_TIME_CUE = re.compile(r"(?<![\w'])(?:at|de|à|delle|las|das|um|om|one|flight|vol|vuelo|volo|voo|flug|"
                       r"vlucht)(?![\w'])")
_CLOCK = re.compile(r"(?<![\d$.,])(\d{1,2})(?:[:h](\d\d)|\s*(am|pm)|h(?!\w))")


def _minutes(hour: str, minute: str | None, ap: str | None) -> int | None:
    """A time of day in minutes ("11", "00", "am"), or None past a day's hours."""
    h = int(hour) + (12 if ap == "pm" and int(hour) < 12 else 0) \
        - (12 if ap == "am" and int(hour) == 12 else 0)
    m = int(minute or 0)
    return h * 60 + m if h < 24 and m < 60 else None


def _clock_times(text: str) -> list[int]:
    """The times of day ``text`` gives ("11h00", "11:00", "6 pm", "11h"), in minutes."""
    return [t for c in _CLOCK.finditer(text) if (t := _minutes(c.group(1), c.group(2), c.group(3)))
            is not None]


def _line_end(text: str, at: int) -> int:
    """Where the line holding ``at`` ends."""
    end = text.find("\n", at)
    return len(text) if end < 0 else end


_ARTICLE_OPENS = re.compile(r"^(?:the|a|an) (?=\S)")


def _stated_in(part: str, agent: str) -> bool:
    """Whether the agent's turn says ``part`` of a condition: as it stands, or its words close
    together ("the full $686" in "a full refund of $686"; each word within 40 characters of
    the first)."""
    part = _ARTICLE_OPENS.sub("", part)  # ("if it's only the fifty": the 50)
    # (not said as its contrary: "free" in "Non-free bags: 1")
    if re.search(rf"(?<![\w'])(?<!non-)(?<!not )(?<!no ){re.escape(part)}(?![\w'])", agent) is not None:
        return True
    words = [w for w in part.split() if w not in ("the", "a", "an", "my", "your", "of")]
    if len(words) < 2:
        return False
    return any(all(re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])",
                             agent[max(0, first.start() - 40):first.end() + 40]) is not None
                   for w in words[1:])
               for first in re.finditer(rf"(?<![\w']){re.escape(words[0])}(?![\w'])", agent))


def _named_method(agent: str, cue: re.Match[str], method: re.Match[str]) -> str:
    """The kind of method a cue names; "the original payment method" as what the turn says it
    is just after ("to your original payment method (gift card 7654321)", "..., the Mastercard
    ending in 4432")."""
    if method.group().startswith("original"):
        said = _METHODS.search(agent, cue.end(), cue.end() + 30)
        if said is not None and not said.group().startswith("original"):
            return said.group().replace(" ", "")
    return method.group().replace(" ", "")


# payment methods as the other languages name them, and their kind in English
_METHODS_ABROAD = {"carte cadeau": "gift card", "carte-cadeau": "gift card",
                   "tarjeta de regalo": "gift card", "tarjeta regalo": "gift card",
                   "carta regalo": "gift card",
                   "cartão presente": "gift card", "cartão-presente": "gift card",
                   "vale-presente": "gift card", "vale presente": "gift card",
                   # (European Portuguese: "pague com o cartão-oferta")
                   "cartão-oferta": "gift card", "cartão oferta": "gift card",
                   "cartão de oferta": "gift card",
                   "geschenkkarte": "gift card", "bon d'achat": "certificate",
                   # (Dutch: "Van de cadeaukaart graag", "creditcard")
                   "cadeaukaart": "gift card", "kadokaart": "gift card", "cadeaubon": "gift card",
                   "creditcard": "credit card", "reischeque": "certificate", "tegoedbon": "certificate",
                   "certificat": "certificate", "certificado": "certificate",
                   "certificato": "certificate", "gutschein": "certificate",
                   "carte de crédit": "credit card", "tarjeta de crédito": "credit card",
                   "carta di credito": "credit card", "cartão de crédito": "credit card",
                   "kreditkarte": "credit card",
                   # (Korean: particles follow with no space, "비자카드로", so no word's end is asked)
                   "비자카드": "visa", "비자 카드": "visa", "비자": "visa", "마스터카드": "mastercard",
                   "마스터 카드": "mastercard", "페이팔": "paypal", "기프트카드": "gift card",
                   "기프트 카드": "gift card", "상품권": "gift card", "신용카드": "credit card",
                   "신용 카드": "credit card"}
_METHOD_ABROAD = re.compile(r"(?<![\w'])(?:" + "|".join(
    re.escape(k) for k in sorted(_METHODS_ABROAD, key=len, reverse=True) if not HANGUL.search(k))
    + r")(?![\w'])|" + "|".join(re.escape(k) for k in sorted(_METHODS_ABROAD, key=len, reverse=True)
                                 if HANGUL.search(k)))
# a method put first, then said never used, in Italian, Spanish and Portuguese (English words
# around it as in a mixed turn: "better refund to PayPal, the gift card non la uso mai")
_NEVER_USED = (r"(?<![\w'])(?:la |il |el |a |o |the |my )?[a-z]+(?: [a-z]+)? (?:non|no|não|nunca) "
               r"(?:la |lo |li |le |a |o )?(?:uso|usa|utilizzo|utilizo|ocupo)(?![\w'])[^,.;!?]{0,20}")
_NEVER_USED_RE = re.compile(_NEVER_USED)
# what a condition in another language rules out: "pas en bon d'achat", "non in certificato"
# (not "no", the Portuguese "in the": "no cartão presente")
_RULED_OUT_ABROAD = re.compile(r"(?<![\w'])[a-z]+(?: [a-z]+)?\s?(?:말고|아니고|대신|じゃなくて|ではなくて|"
                               r"ではなく|じゃなく)(?![가-힣])|"
                               # ("la carte cadeau je ne l'utilise jamais": a method put first, then
                               # said never used)
                               r"(?<![\w'])(?:la |le |les |ma |mon )?[a-z]+(?: [a-z]+)? (?:je ne |je n')"
                               r"[^,.;!?]{0,30}?(?:jamais|pas|plus)(?![\w'])|"
                               + _NEVER_USED + "|"
                               # ("페이팔 말고 비자카드로": not PayPal, to the Visa, once read in English)
                               r"(?<![\w'])(?:pas|non|não|nicht|kein(?:en)?|no)\s+(?:en |sur |como |"
                               r"in |als |em |a |au |de |mit |con |com |avec |met )?(?:un |une |le |"
                               r"la |el |il |o |a |den |der |dem |mi |ma |mon |einen )?[^,.;!?]{0,30}")


# payment methods as Chinese and Japanese name them, and their kind in English (the binding's
# names of each kind)
_CJK_METHODS = {word: kind.replace("_", " ") for kind, words in KIND_TRANSLATED.items()
                for word in words}
_CJK_METHOD = re.compile("|".join(sorted(_CJK_METHODS, key=len, reverse=True)))
# (and by their English names, in a turn of those languages: "差額はPayPalの方に返してほしいです")
_CJK_METHODS.update({"paypal": "paypal", "visa": "credit card", "mastercard": "credit card",
                     "amex": "credit card", "gift card": "gift card", "giftcard": "gift card",
                     "credit card": "credit card"})
_CJK_METHOD_NAMES = "|".join(sorted(_CJK_METHODS, key=len, reverse=True))
_CJK_METHOD_NOT = re.compile(rf"(?:别|別|不要|不用|不)(?:用|走)\s*({_CJK_METHOD_NAMES})"
                             "(?:付款|支付|付|扣款|扣)?")
_JA_METHOD_NOT = re.compile(rf"({_CJK_METHOD_NAMES})(?:じゃなくて|ではなくて|ではなく|じゃなく)")
# (and the money put on it, in Japanese: "差額はギフトカードのほうに入れてもらえますか？")
_CJK_METHOD_USE = re.compile(rf"(?:改用|用|走)\s*({_CJK_METHOD_NAMES})(?:付款|支付|付|扣款|扣|来付)?|"
                             rf"({_CJK_METHOD_NAMES})(?=(?:のほう|の方)?で(?:払|支払|お支払|お願い|頼みます)|(?:のほう|の方)?(?:に|へ)(?:入れ|返金|"
                             r"戻し|振り込|返し|して))")


def _methods_in_english(text: str) -> str:
    """``text`` with the payment methods it names in the other languages read by their English
    names, and what it rules out there cut ("... sulla carta di credito, non sulla gift card":
    "... sulla credit card,")."""
    if " n" in text:
        text = _PT_ON_THE_BRAND.sub(r"\1em ", _PT_ON_THE.sub("em ", text))
    text = _METHOD_ABROAD.sub(_in_english, text)
    for out in (a or b for a, b in _RULED_OUT_KO.findall(text)):  # (and in Korean, the method
        # ruled out, said of after as the topic: "기프트카드 말고 신용카드로 결제해 주세요.
        # 기프트카드는 다른 데 쓰려고 아껴두는 거라서요", the gift card kept for something else)
        text = re.sub(rf"(?<![\w']){re.escape(out)}\s?(?:는|은)[^.!?\n]*", " ", text)
    return _RULED_OUT_ABROAD.sub(" ", text)


# a method ruled out in Korean, once read in English: "gift card 말고" (not the gift card)
_RULED_OUT_KO = re.compile(r"(?<![\w'])([a-z]+(?: [a-z]+)?)\s?(?:말고|아니고|대신|じゃなくて|ではなく)"
                           r"(?![가-힣])|"
                           # (or kept for later, as the topic: "gift card는 남겨두려고요")
                           r"(?<![\w'])([a-z]+(?: [a-z]+)?)\s?(?:는|은)\s?(?:남겨\s?두|아껴|안 쓰|쓰지 않)")


# Portuguese "no"/"na" before a method is "on the", no "not": "coloca no vale-presente"
_PT_ON_THE = re.compile(r"(?<![\w'])n[oa]s? (?=(?:meu |minha |seu |sua )?(?:vale|cartão|cartao|certificado)"
                        r"(?![\w']))")
# ... and before a brand, after the Portuguese verb that puts money there: "seja cobrada no PayPal"
# (the Spanish "no PayPal" is "not PayPal")
_PT_ON_THE_BRAND = re.compile(r"(?<![\w'])((?:cobrad[oa]|cobrar|lançad[oa]|debitad[oa]|reembolso|estorno|"
                              r"coloca|coloque|põe|ponha|volta|voltar|pode ser|paga|pagar|pague|usa|usar|"
                              r"cobra) )n[oa] "
                              # ("Pode ser no gift card sim, confirma.")
                              r"(?=(?:meu |minha |seu |sua )?(?:paypal|visa|mastercard|amex|gift ?card)"
                              r"(?![\w']))")


def _in_english(m: re.Match[str]) -> str:
    return _METHODS_ABROAD[m.group()]


_GENERIC = {"reservation", "order", "pending", "delivered", "user", "details", "items"}


def tool_nouns(tool: str) -> tuple[str, ...]:
    """The thing a tool acts on, from its name after the verb ("update_reservation_baggages":
    "baggages"), without the words every tool of a domain shares ("order", "reservation")."""
    return tuple(t for t in tool.split("_")[1:] if t not in _GENERIC and len(t) >= 3)


def _names_noun(phrase: str, nouns: tuple[str, ...]) -> bool:
    """Whether a word of ``phrase`` is one of ``nouns`` or its stem ("bag" for "baggages")."""
    return any(any(noun.startswith(word[:max(3, min(len(word), len(noun)) - 1)])
                   for noun in nouns) for word in re.findall(r"[a-z]{3,}", phrase))


def _skipped(session: SessionState, auth: Authorisation, spec: ActionSpec,
             other_words: tuple[str, ...] = ()) -> str | None:
    """The turn after ``auth`` that said to skip this action's own thing (the bag, for a
    baggage update: the tool's name after its verb), or None (read once for the turns it
    reads). ``other_words``: the words naming the domain's other writes and not this one (a
    hold "for my default address" is the profile's, not an order's address change)."""
    key = ("skipped", spec.tool, spec.words, len(auth.skipped))
    if key not in auth._read:
        auth._read[key] = _skipping_turn(session, auth, spec, other_words)
    turn: str | None = auth._read[key]
    return turn


# "yes, but just 2 bags", "I only need one extra bag": a count the yes is limited to
_COUNT_ONLY = re.compile(r"(?<![\w'])(?:just|only)\s+(?:(?:need|want)\s+)?"
                         r"(\d{1,2}|one|two|three|four|five|a single)"
                         r"\s+(?:more\s+|extra\s+|additional\s+|new\s+)?([a-z]{3,})")


# a count said to be enough: "actually one extra enough la, she can squeeze" (more than now)
_COUNT_ENOUGH = re.compile(r"(?<![\w'])(\d{1,2}|one|two|three|a single) (?:extra|more|additional) "
                           r"(?:([a-z]{3,}) )?(?:is |are |will be |would be )?enough(?![\w'])")


def _count_limited(session: SessionState, theirs: Text, key: str, value: int,
                   arguments: dict[str, Any]) -> str | None:
    """A count of the key's thing the user's words from the yes on limit the yes to ("Yes, but
    just 2 bags, they can share the third"), which is neither the count the call sets nor what
    it adds to the facts' count: the phrase, else None."""
    noun = key.rsplit(".", 1)[-1].rsplit("_", 1)[-1]
    current = (_current(session, arguments) or {}).get(key)
    # (one count said against another, in a sentence naming the thing: "Per i bagagli in realtà
    # me ne bastano due, non tre", "for the bags, two, not three")
    for m in _COUNT_NOT_COUNT.finditer(theirs.plain) if _NOT_WORD.search(theirs.plain) else ():
        wanted, refused = _counts_said(m)
        clause = theirs.plain[theirs.plain.rfind(".", 0, m.start()) + 1:m.end()]
        things = {_THINGS_ABROAD.get(w, w) for w in re.findall(r"[a-zà-ÿ]{3,}", clause)}
        if refused == value and wanted != value and len(noun) >= 3 \
                and any(noun.startswith(t[:3]) for t in things):
            return m.group()
    # (more of them, said against another count more: "juste une de plus, pas deux", "just one
    # more, not two", to a proposal of two more)
    if isinstance(current, int) and _NOT_WORD.search(theirs.plain):
        for m in _MORE_NOT_MORE.finditer(theirs.plain):
            wanted, refused = _counts_said(m)
            if current + refused == value and wanted != refused:
                return m.group()
    if "just" not in theirs.plain and "only" not in theirs.plain and "enough" not in theirs.plain \
            and not _ONLY_ABROAD.search(theirs.plain) and "只" not in theirs.plain:
        return None
    found = [(m.group(1), m.group(2), m.group()) for m in _COUNT_ONLY.finditer(theirs.plain)]
    found += [(m.group(1), m.group(2) or noun, m.group()) for m in _COUNT_ENOUGH.finditer(theirs.plain)
              if isinstance(current, int)]  # ("actually one extra enough la": one more than now)
    found += [(m.group(1) or m.group(3), m.group(2) or m.group(4), m.group())
              for m in _COUNT_ONLY_ABROAD.finditer(theirs.plain)]
    found += [(m.group(1), m.group(2), m.group()) for m in _COUNT_ONLY_HAN.finditer(theirs.plain)]
    for said, thing, phrase in found:
        thing = _THINGS_ABROAD.get(thing, thing)
        if len(noun) < 3 or not noun.startswith(thing[:3]):
            continue
        n = int(said) if said.isdigit() else _COUNT_WORDS.get(said) or HAN_DIGITS[said]
        if n != value and not (isinstance(current, int) and n == value - current):
            return phrase
    return None


def _counts_said(m: re.Match[str]) -> tuple[int, int]:
    """The two counts of a count said against another (``_COUNT_NOT_COUNT``, ``_MORE_NOT_MORE``):
    the one wanted and the one refused, as numbers (-1 for a word not counted)."""
    wanted, refused = (_COUNT_WORDS.get(g, int(g) if g.isdigit() else -1) for g in m.groups())
    return wanted, refused


# all of a plan's steps, in the other languages read: both ("les deux", "los dos", "beide"), or
# all of a count ("alle drei", "tous les trois", "todos los tres", "tutti e tre")
# all of a plan, what a yes is said of: "sí a todo", "oui pour tout", "sim para tudo"
_ALL_SAID = re.compile(r"(?:todo|todos|todas|tout|tous|toutes|tutto|tutti|tutte|alles|allem|alle|tudo|"
                       r"allemaal|all of it|everything|all)(?![\w'])")
_EVERY_ABROAD = re.compile(r"(?<![\w'])(?:(?:les|los|las|die|os|as) (?:deux|dos|beiden|dois|duas)|"
                           r"beide|entrambi|entrambe|ambos|ambas|allebei|"
                           r"(?:alle|tous les|toutes les|todos los|todas las|tutti e|tutte e|todos "
                           r"os|todas as|les|los|las|die|os|as|i|le) (three|four|trois|quatre|tres|"
                           r"cuatro|drei|vier|tre|"
                           r"quattro|três|quatro))(?![\w'])")
# a count said in words, in the languages the reader reads (and the numerals, ``HAN_DIGITS``)
_COUNT_WORDS = {w: n for n, ws in enumerate((
    (), ("one", "a single", "uno", "una", "un", "une", "um", "uma", "eins", "ein", "eine"),
    ("two", "due", "deux", "dos", "dois", "duas", "zwei"),
    ("three", "tre", "trois", "tres", "três", "drei"),
    ("four", "quattro", "quatre", "cuatro", "quatro", "vier"),
    ("five", "cinque", "cinq", "cinco", "fünf"))) for w in ws}
# one count said against another: "due, non tre", "two, not three", "deux, pas trois"
_COUNT_SAID = r"(\d{1,2}|" + "|".join(sorted(_COUNT_WORDS, key=len, reverse=True)) + ")"
_NOT_WORD = re.compile(r"(?<![\w'])(?:not|non|pas|no|nicht|não|nao)(?![\w'])")
_COUNT_NOT_COUNT = re.compile(rf"(?<![\w']){_COUNT_SAID},? (?:and |e |et |y |und )?(?:not|non|pas|"
                              rf"no|nicht|não|nao) {_COUNT_SAID}(?![\w'])")
_MORE_NOT_MORE = re.compile(rf"(?<![\w']){_COUNT_SAID} (?:more|extra|de plus|en plus|mehr|weitere[rn]?|in "
                            rf"più|más|mas|a mais)(?: (?:bag|bags|koffer|valises?|bagages?|maletas?|malas|"
                            rf"valigie|bagagli))?,? (?:and |e |et |y |und |but |mais |aber |pero |ma )?"
                            rf"(?:not|non|pas|no|nicht|não|nao) {_COUNT_SAID}(?![\w'])")
# ... in the other languages read: "mettez 2 bagages seulement", "nur 2 Koffer", "solo 2 maletas"
_ONLY_WORDS = r"(?:seulement|uniquement|juste|solo|sólo|solamente|apenas|nur|soltanto)"
_ONLY_ABROAD = re.compile(rf"(?<![\w']){_ONLY_WORDS}(?![\w'])")
_COUNT_ONLY_ABROAD = re.compile(
    rf"(?<![\w']){_ONLY_WORDS}\s+(\d{{1,2}})\s+([a-zà-ÿ]{{3,}})|"
    rf"(?<![\w'])(\d{{1,2}})\s+([a-zà-ÿ]{{3,}})\s+{_ONLY_WORDS}(?![\w'])")
# ... and in Chinese, with its numerals: "只加两件行李" (add only two bags)
_COUNT_ONLY_HAN = re.compile(r"只(?:要|加|带|帶|托运|託運|需要|想要|办|辦)?\s*([0-9]{1,2}|[一二两兩三四五])"
                             r"\s*(?:件|个|個|箱)?\s*(?:的)?(行李|箱子|包)")
_THINGS_ABROAD = dict.fromkeys(("koffer", "maleta", "maletas", "mala", "malas", "valise",
                                "valises", "valigia", "valigie", "gepäckstück", "gepäckstücke",
                                "bagagli", "bagaglio", "行李", "箱子", "包"), "bags")


def _steps_of_one_tool(proposal: Text, spec: ActionSpec, other_words: tuple[str, ...] = ()) -> bool:
    """Whether the proposal numbers its steps and two of them or more name this action (not a
    step another write's own words name: "1. 搭乗者の変更 ... 2. 日程の変更", one passenger step)."""
    steps = _plan_steps(proposal.plain)
    return steps is not None and sum(
        names_action(step.plain, spec.words) is not None
        and not (other_words and names_action(step.plain[:40], other_words) is not None)
        for step in steps) >= 2


def _held_part(session: SessionState, auth: Authorisation, spec: ActionSpec,
               arguments: dict[str, Any], aliases: Aliases, other_words: tuple[str, ...] = ()
               ) -> str | None:
    """A hold in the yes turn, or in a user turn since, about another thing that names what
    the call acts on: a member of one of its lists by a name no other member has ("Go ahead
    and cancel both pending orders. For the watch, before you submit it, how much ...?", the
    watch's return), or a passenger only the call's reservation has ("Change ours, yes. For
    the kids' booking let me check with them first, Ella has a summer job": Ella flies on the
    call's reservation, on no other read): the hold, or None. (The turns are read once for
    each new message, and only where one holds something back.)"""
    messages = session.messages
    # (the yes turn's holds, and those of the user's turns since: read on from where the last
    # check stopped)
    held: list[str]
    seen, held = auth._read.get(("held",), (auth.yes_index, []))
    if seen < len(messages):
        held = [*held, *(h for m in messages[seen:] if m.role is Role.USER
                         for h in _with_unaccented(held_topics(plain(m)))
                         # (not the yes itself, a condition the proposal met: "As long as it's
                         # under the 200 I said, go for HAT018.")
                         if h != auth.words or _MET_IF.match(h) is None)]
        auth._read[("held",)] = (len(messages), held)
    if auth.condition:  # (a condition set on one step: the call acting on what it names, or
        # the step whose sum it names)
        owners = aliases.index.owners if aliases.index is not None else {}
        for value in arguments.values():
            members = [m for m in value if m not in (None, "")] if isinstance(value, list) else []
            if any(_member_named(Text(auth.condition), m, members, aliases.every, owners)
                   for m in members):
                return auth.condition
        if (hold := _step_held(session, auth, arguments, [auth.condition])) is not None \
                or (hold := _condition_step(session, auth, arguments, spec.words)) is not None:
            return hold
    if "passengers" in arguments and (row := _row_held(session, auth, arguments)) is not None:
        return row
    if (same := _people_kept_as_they_are(session, arguments, auth.proposal(messages)[0].plain)):
        people = {str(p.get("first_name", "")).lower() for p in arguments["passengers"]
                  if isinstance(p, dict)} - {""}
        held = [h for h in held if not (named_people := {n for n in people if re.search(
            rf"(?<![\w']){re.escape(n)}(?![\w])", h)}) or not named_people <= same]
        # (someone held, whom the call leaves as they are: "Let's only fix Lily's name for
        # now. Tom's still hoping ...", "But hold off on Ben — he just texted ...", the call
        # writing their entry unchanged)
    if not held:
        return None
    if "the other one" in held and (other := _the_other_held(session, auth, arguments)):
        return other
    if isinstance(cabin := arguments.get("cabin"), str) \
            and cabin != (_current(session, arguments) or {}).get("cabin", cabin) \
            and (hold := next((h for h in held if _CABIN_CHANGE_SAID.search(h)), None)) is not None:
        return hold  # (the cabin's change held by its name: "A mudança de classe deixa eu ver
        # com ela primeiro", the call changing the cabin)
    # (the thing the tool's name says it acts on: "For the items, hmm, I'm not sure ... let me
    # think about it" for the items' change, the address's approved beside it)
    things = tuple(t for t in spec.tool.split("_")[1:] if t not in _GENERIC_THINGS)
    # (a noun another write shares counts where the holding turn names this action by its own
    # words: "for the address - wait, is that the Maple Drive one ...? ... I'm not sure yet
    # which one should be the default", the profile's address change)
    own_said = names_action(plain(messages[auth.yes_index]), spec.words) is not None \
        if other_words else False
    if things and (hold := next((h for h in held if _names_noun(h, things) and not (
            other_words and names_action(h, other_words) is not None and not own_said)),
            None)) is not None \
            and not _steps_of_one_tool(auth.proposal(messages)[0], spec,
                                       # (a step another write's words lead counts as this
                                       # tool's only where the hold says none of them: "日付の方は
                                       # ...このままで結構です" beside "1. 搭乗者の変更")
                                       other_words if names_action(hold, other_words) is None
                                       else ()):
        return hold  # (not "for my default address" for the order's: another write's words;
        # nor where several steps of a plan are this tool's calls: which of them the hold is
        # about is the steps' to tell, "1. Upgrade ... 2. Change to the nonstop HAT041 ...",
        # "Then I'll confirm the flight change separately")
    # (the call's kind of object declined by its noun alone: "Sí, esa es. Los pedidos no,
    # gracias, solo la predeterminada" for an order's address, the profile's approved)
    for key, nouns in _OBJECT_NOUNS.items():
        if key in arguments and (hold := next((h for h in held if h in nouns), None)):
            return hold
    # (the call's object by its id: "attendez - MSJ4OA"; or a code it holds: "is HAT069 the
    # 6am one?")
    for value in {*(v for k, v in arguments.items() if k.endswith("_id")),
                  *(v for v in _flat(arguments) if isinstance(v, str) and id_like(v.lower()))}:
        if isinstance(value, str) and value and not kind_of(value):
            by_id = re.compile(rf"(?<![a-z0-9]){re.escape(value.lower())}(?![a-z0-9])")
            if (hold := next((h for h in held if by_id.search(h)), None)) is not None:
                return hold
    if (hold := _step_held(session, auth, arguments, held)) is not None:
        return hold
    if (hold := _cjk_place_held(session, auth.proposal(messages)[0], arguments, held)) is not None:
        return hold
    if (hold := _route_held(session, auth, arguments, held)) is not None:
        return hold
    if (hold := _relative_held(session, auth, arguments, held)) is not None:
        return hold
    if (kept := _person_kept(session, arguments, held)) is not None:
        return kept  # (whichever step names them: the call changes them)
    held = _not_of_another_step(session, auth, arguments, held, spec.words)
    if not held:
        return None
    owners = aliases.index.owners if aliases.index is not None else {}
    if any(_OTHER_THINGS.match(h) for h in held) and _own_object_proposed(auth, messages, arguments):
        held = [h for h in held if not _OTHER_THINGS.match(h)]  # ("The other watch I'll deal
        # with another time", the call on the order the proposal named: another's thing)
    for value in arguments.values():
        members = [m for m in value if m not in (None, "")] if isinstance(value, list) else []
        for phrase in held if members else ():
            if any(_member_named(Text(phrase), m, members, aliases.every, owners, loose=True)
                   for m in members):
                return phrase
    current = _current(session, arguments)
    items = current.get("items") if current is not None else None
    if isinstance(items, list) and current is not None:
        # (an order by a thing it holds that no other order the proposal names has: "Yes, go
        # ahead with both! Actually hold on, for the skateboard one: ...", the order with the
        # skateboard)
        hold = _item_held(session, auth, current, items, held, aliases, arguments)
        if hold is not None:
            return hold
    others: set[str] = set()
    booking = "reservation_id" not in arguments and isinstance(arguments.get("passengers"), list)
    if booking:
        # (a booking: its own passengers, not those of a reservation the user read: "ok do
        # mine with that split. hold off on Raj and Liam for a sec" for the user's own booking)
        mine = _first_names(arguments)
        if not mine:
            return None
    else:
        if current is None or not (mine := _first_names(current)):
            return None
        for call in session.calls[-RECENT_READS:]:  # (the reservations read lately)
            if call.succeeded and isinstance(call.result, dict) and call.result is not current \
                    and call.result.get("reservation_id") != current.get("reservation_id"):
                others |= _first_names(call.result)
    for phrase in held:
        if other_words and names_action(phrase, other_words) is not None and (
                names_action(phrase, spec.words) is None
                or _names_another_write(phrase, spec.words, other_words)):
            continue  # (a hold on another write's thing, whoever it names: "hold off on the
            # name change for a bit, I need to check something with Ivan first")
        # (someone's, "liam's", is a booking of theirs: it holds a booking they fly on, not a
        # cancellation of a reservation they were on)
        own = r"(?:'s)?" if booking else ""
        if any(re.search(rf"(?<![\w']){re.escape(n)}{own}(?![\w'])", phrase) for n in mine - others):
            return phrase
    return None


# a yes that opens on its condition (the ledger took it as met): "as long as it's under the 200 i
# said, go for hat018"
_MET_IF = re.compile(r"(?:(?:yes|yeah|yep|sure)(?:,? (?:both|all three|all of them|please))?[, ]+)?"
                     # (after its yes: "Yes, both, as long as the total on #W2702727 really
                     # stays the same.")
                     r"(?:(?:but|and|ok(?:ay)?|so|then)[, ]+)?(?:as long as|provided(?: that)?|only if|"
                     r"if)(?![\w'])")


def _with_unaccented(phrases: list[str]) -> list[str]:
    """``phrases``, each with an accented Latin letter followed by its form without the accent
    ("fátima", then "fatima": the name as the booking spells it)."""
    out: list[str] = []
    for p in phrases:
        out.append(p)
        if not p.isascii() and _ACCENTED.search(p) is not None:
            bare = "".join(c for c in unicodedata.normalize("NFKD", p) if not unicodedata.combining(c))
            if bare != p:
                out.append(bare)
    return out


_ACCENTED = re.compile("[à-ÿ]")


_OBJECT_NOUNS = {"order_id": frozenset({"order", "orders", "the order", "the orders"}),
                 "reservation_id": frozenset({"reservation", "reservations", "booking",
                                              "bookings"})}


def _condition_step(session: SessionState, auth: Authorisation, arguments: dict[str, Any],
                    words: tuple[str, ...] = ()) -> str | None:
    """The yes's condition where its thing is named by the call's own step of the numbered plan
    alone ("yes both! as long as the red one isn't more expensive", the step changing the
    luggage set to the red one, the plan's steps naming the order in their heading only): the
    condition, else None."""
    last = auth.proposal(session.messages)[0]
    steps = _plan_steps(last.plain) if last is not None and auth.condition else None
    if not steps or not auth.condition:
        return None
    things = {w for w in _CONDITION_THING.findall(auth.condition) if w not in _NOT_A_THING} | {
        a.group(1) for a in _ALSO_STEP.finditer(auth.condition) if a.group(1) not in _NOT_A_THING} | {
        lead.group(1) for lead in [_YES_LEAD.match(auth.condition)] if lead is not None}
    n = _plan_position(last, arguments, known_values(session, reads=True), words=words)[1] \
        if things else None
    if n is None and not (things and words):
        return None
    named_in = {k for k, step in enumerate(steps, 1) for w in things
                if re.search(rf"(?<![\w']){re.escape(w)}s?(?![\w'])", step.plain)}
    if n is None and len(named_in) == 1:
        # (the steps name the call's object in their heading, several its action's words: the
        # step the condition names, where it names the action and a value the call sets, "2.
        # Upgrade to Business ..." for the call putting the cabin to business)
        step = steps[min(named_in) - 1].plain
        n = min(named_in) if names_action(step, words) is not None and any(
            isinstance(v, str) and not k.endswith("_id") and len(v) >= 3 and re.search(
                rf"(?<![\w']){re.escape(v.lower().replace('_', ' '))}(?![\w'])", step) is not None
            for k, v in arguments.items()) else None
    return auth.condition if n is not None and named_in == {n} else None


def _step_held(session: SessionState, auth: Authorisation, arguments: dict[str, Any],
               held: list[str]) -> str | None:
    """A hold naming, by a word no other step of the proposal's numbered plan has, the one step
    that names the call's object by its id ("The Denver one I'm not sure about yet", the step
    "2. DV3K7P - round trip Dallas (DFW) to Denver (DEN) ..."): the hold, else None."""
    last = auth.proposal(session.messages)[0]
    steps = _plan_steps(last.plain) if last is not None else None
    ids = [v.lower() for k, v in arguments.items() if k.endswith("_id") and isinstance(v, str)
           and v]
    if not steps or not ids:
        return None
    mine = [step.plain for step in steps if any(i in step.plain for i in ids)]
    if len(mine) == 1:
        # (the step by its place: "before the second one though - which ...?")
        place = next(k for k, step in enumerate(steps, 1) if step.plain == mine[0])
        for phrase in held:
            if (nth := _BY_PLACE.match(phrase)) is not None and _PLACES.get(
                    nth.group(1), len(steps) if nth.group(1) == "last" else 0) == place:
                return phrase
        own = set(re.findall(r"[a-z]{4,}", mine[0]))
        rest = {w for step in steps if step.plain != mine[0]
                for w in re.findall(r"[a-z]{4,}", step.plain)}
        for phrase in held:
            # (the thing the hold opens with: "the denver one i'm ...")
            if (thing := _OPENS_WITH_THING.match(phrase)) is not None \
                    and thing.group(1) in own and thing.group(1) not in rest:
                return phrase
            # (the day it opens with: "for the 22nd, hold on a second", the step on May 22; or
            # the day of "the one on the 30th", "celle du 30")
            if (day := _OPENS_WITH_DAY.match(phrase) or _ONE_OF_DAY.match(phrase)) is not None:
                on_day = _on_day(int(next(g for g in day.groups() if g)))
                if on_day.search(mine[0]) and not any(
                        on_day.search(step.plain) for step in steps if step.plain != mine[0]):
                    return phrase
    # (steps on one object, which a step may not restate: the step the call is, and the one
    # step a hold names by the action it opens with: "1. Upgrade OWZ4XL ... 2. Change to the
    # nonstop HAT041 ...", "Then I'll confirm the flight change separately": step 2)
    n = _plan_position(last, arguments, known_values(session, reads=True))[1]
    if n is None:
        return None
    for phrase in held:  # (Chinese or Japanese: words of the hold only this step's text has,
        # "升舱就先不要了" of "1. 升舱到商务舱 ...", "丹佛那个我还得商量一下" of "2. EQ1G6C（丹佛-休斯顿）")
        said = set(CJK_THING.findall(phrase)) | set(CJK_PLACE.findall(phrase))
        if said and {k for k, step in enumerate(steps, 1)
                     if any(w in step.plain for w in said)} == {n}:
            return phrase
    for phrase in held:  # (a sum only this step has: "hmm, $1,200 is more than i was hoping")
        sums = amounts(phrase) if "$" in phrase else set()
        if sums and {k for k, step in enumerate(steps, 1) if sums & amounts(step.plain)} == {n}:
            return phrase
    # (a part the user will say later whether to do, by a word of it only this step has: "...
    # d'abord l'upgrade en economy, ... et ensuite je vous dirai si on passe au vol direct", the
    # step "passage au vol direct")
    words = [set(re.findall(r"[a-zà-ÿ]{4,}", step.plain)) for step in steps]
    for phrase in held:
        if (later := TELL_LATER_SAID.search(phrase)) is not None and any(
                [k for k, ws in enumerate(words, 1) if w in ws] == [n]
                for w in re.findall(r"[a-zà-ÿ]{4,}", phrase[later.end():])):
            return phrase
    # (a step's lead: its first word, or a table row's first cell: "| 3 | Cabin upgrade | ...")
    leads = [_lead_of(step.plain) for step in steps]
    for phrase in held:  # (another step asked for first: "but do the upgrade first and show me it
        # went through before you touch the flights", a step that leads with "upgrade")
        if (first := DO_FIRST.match(phrase)) is not None:
            named = [k for k, lead in enumerate(leads, 1) if first.group(1)[:5] in lead]
            if len(named) == 1 and named != [n]:
                return phrase
    for phrase in held:
        if _PUT_ON.match(phrase):
            continue  # (a step's payment put right holds nothing: "actually, wait - put the
            # upgrade on my visa instead")
        said = {w[:5] for np in _HELD_THING.findall(phrase) for w in np.split()}
        # (and what is to wait for it: "then show me the updated reservation before you change
        # the flight", the step that leads with "change")
        said |= {w[:5] for w in _BEFORE_YOU.findall(phrase)}
        named = [k for k, lead in enumerate(leads, 1) if lead & said]
        if named == [n]:
            return phrase
    return None


_HOLD_WORDS = frozenset({"hold", "off", "for", "now", "the", "and", "but", "wait", "just", "still",
                         "yet", "bit", "moment", "second", "sec", "please", "that", "this", "one"})


def _not_of_another_step(session: SessionState, auth: Authorisation, arguments: dict[str, Any],
                         held: list[str], tool_words: tuple[str, ...] = ()) -> list[str]:
    """``held`` without the holds whose opening words (up to a comma or dash) name one step of
    the proposal's numbered plan alone, another than the call's ("Hold off on Liam for now - I
    need to double check he can still make the 26th", step 4 "Book Liam Wilson": not the
    cancellation of the old reservation Liam is on, nor another booking on the 26th)."""
    last = auth.proposal(session.messages)[0]
    steps = _plan_steps(last.plain) if last is not None else None
    if not steps:
        return held
    words = [set(re.findall(r"[a-z]{3,}", step.plain)) for step in steps]
    # (and its first line alone, which a heading for the next step does not follow: "3.
    # Standardadresse in Ihrem Konto\n\n**Puzzle** (Bestellung #W4082615)\n4. Puzzle ...")
    leads = [set(re.findall(r"[a-z]{3,}", step.plain.split("\n", 1)[0])) for step in steps]
    # (the step naming the call's action, where no step names its ids: "1) Equipaje: de 2 a 5
    # maletas ... 2) Pasajeros: Fatima Garcia ...", "Lo de Fátima déjeme confirmarlo")
    # (not for a call on passengers, whom several steps may each name: "1. Marc Girard ... 2.
    # Sophie Girard ...")
    n = _plan_position(last, arguments, known_values(session, reads=True),
                       words=() if "passengers" in arguments else tool_words)[1]
    if n is None:  # (the step naming the call's passengers, where the steps share the rest)
        names = {str(p.get("first_name", "")).lower() for p in arguments.get("passengers") or ()
                 if isinstance(p, dict)} - {""}
        found = [k for k, ws in enumerate(words, 1) if names and names <= ws]
        n = found[0] if len(found) == 1 else None
    if n is None and isinstance(cabin := arguments.get("cabin"), str):  # (or the step naming the
        # cabin the call moves to: "2. Passage en classe économique pour les deux vols")
        found = [k for k, step in enumerate(steps, 1)
                 if named(step, cabin, {}) or said_translated(step, cabin)]
        n = found[0] if len(found) == 1 else None
    if n is None:
        return held
    kept = []
    for phrase in held:
        head = set(re.findall(r"[a-z]{3,}", re.split(r"\s[,\-\u2013\u2014]|,", phrase, maxsplit=1)[0]))
        said = head - _HOLD_WORDS
        naming = {k for k, ws in enumerate(leads, 1) if said & ws} \
            or {k for k, ws in enumerate(words, 1) if said & ws}
        if not (said and len(naming) == 1 and n not in naming):
            kept.append(phrase)
    return kept


def _cjk_place_held(session: SessionState, last: Text, arguments: dict[str, Any], held: list[str]
                    ) -> str | None:
    """A hold naming a city in Chinese or Japanese that one line of the proposal names, the line
    naming the call's object ("マイアミは ... 妻と相談してから決めます", "■ SK1M9P デトロイト→マイアミ ..."),
    or, where no line names it, that the call's reservation flies from or to and no other
    reservation the proposal names does ("丹佛那个……我再考虑一下" to "1. 取消 R5TY2K ... 2. 取消
    L9QP3M ...", L9QP3M's the Denver trip): the hold, else None."""
    ids = [v.lower() for k, v in arguments.items() if k.endswith("_id") and isinstance(v, str) and v]
    for hold in held:
        if ids and CJK_PLACE.fullmatch(hold) is not None:
            on = [line for line in last.plain.split("\n") if hold in line]
            if len(on) == 1 and any(i in on[0] for i in ids):
                return hold
            codes = set(_AIRPORTS.get(CJK_CITIES.get(hold, ""), ()))
            if on or not codes or not isinstance(rid := arguments.get("reservation_id"), str):
                continue
            named = {w.upper() for w in re.findall(r"(?<![a-z0-9])[a-z0-9]{6}(?![a-z0-9])", last.plain)
                     if id_like(w)} - {rid}
            airports = _airports_of(session)
            if named and codes & airports.get(rid, set()) \
                    and not any(codes & airports.get(other, set()) for other in named):
                return hold
    return None


def _airports_of(session: SessionState) -> dict[str, set[str]]:
    """The airports (lower-case codes) each reservation the session read flies from or to."""
    out: dict[str, set[str]] = {}
    for call in session.calls:
        result = call.result
        if call.succeeded and isinstance(result, dict) \
                and isinstance(rid := result.get("reservation_id"), str):
            places = {str(result.get(k, "")).lower() for k in ("origin", "destination")}
            for flight in result.get("flights") or ():
                if isinstance(flight, dict):
                    places |= {str(flight.get(k, "")).lower() for k in ("origin", "destination")}
            out[rid] = places - {""}
    return out


def _route_held(session: SessionState, auth: Authorisation, arguments: dict[str, Any],
                held: list[str]) -> str | None:
    """A hold naming a trip by its route whose two places are both on the proposal's lines
    that name the call's object, and on no other line ("Bei Denver–Houston und Seattle–Houston
    weiß ich noch nicht", the line "| EQ1G6C | Denver → Las Vegas → Houston | ..."): the hold,
    else None."""
    # (one place alone counts as a route of one: "pour celui de san francisco, attendez")
    # (and a trip by a place said before "one": "leave the seattle one alone for now", "for
    # the chicago one on the 22nd, hold off")
    routed = [(h, [m.groups() for m in ROUTE.finditer(h)]
               or [(p.group(1), p.group(1)) for p in [PLACE_TOPIC.match(h) or _THE_X_ONE.search(h)
                                                      or _FOR_PLACE.fullmatch(h)]
                   if p is not None])
              for h in held]
    routed = [(h, pairs) for h, pairs in routed if pairs]
    ids = [v.lower() for k, v in arguments.items() if k.endswith("_id") and isinstance(v, str)
           and v]
    if not routed or not ids:
        return None
    last = auth.proposal(session.messages)[0]
    lines = last.plain.split("\n") if last is not None else []
    # (a table's rows the prose after it offers the action on, where it names some: "Je peux
    # donc annuler 8C8K4E et LU15PA", not the row of MSJ4OA, which can't be)
    prose = " ".join(line for line in lines if not line.lstrip().startswith("|"))
    for hold, pairs in routed:
        # (a place of two words, or a word before a place of one: "new york-boston", "bei
        # denver-houston")
        for one, two in {(p, b) for a, b in pairs for p in {a, a.rsplit(" ", 1)[-1]}}:
            # (a city by its name, or its airports' codes: "the seattle one" of "SEA ↔ JFK")
            at_one, at_two = _place_pattern(one), _place_pattern(two)
            on = [line for line in lines if at_one.search(line) and at_two.search(line)]
            if len(on) > 1 and (day := _HELD_DAY.search(hold)) is not None:
                # (and its day, where the place is on several lines: "for the chicago one on the
                # 22nd, hold off")
                on = [line for line in on if _on_day(int(day.group(1))).search(line)] or on
            offered = [line for line in on if line.lstrip().startswith("|") and any(
                w in prose for w in re.findall(r"[a-z0-9]{6,}", line) if id_like(w))]
            on = offered or on
            if on and all(any(i in line for i in ids) for line in on):
                return hold
            if not any(at_one.search(line) or at_two.search(line) for line in lines) \
                    and one == two and _trip_touches(session, arguments, at_one):
                return hold  # (a place the proposal never names, where the call's reservation,
                # as read, flies: "For Newark, let me check with Amelia first", 7WPL39 to EWR)
    return None


def _trip_touches(session: SessionState, arguments: dict[str, Any], place: re.Pattern[str]) -> bool:
    """Whether the call's reservation, as a read returned it, flies from or to ``place`` (by
    its airports' codes)."""
    rid = arguments.get("reservation_id")
    if not isinstance(rid, str):
        return False
    for call in reversed(session.calls[-RECENT_READS:]):
        r = call.result
        if call.succeeded and isinstance(r, dict) and r.get("reservation_id") == rid:
            codes = {str(r.get("origin", "")), str(r.get("destination", ""))} | {
                str(f.get(k, "")) for f in r.get("flights") or () if isinstance(f, dict)
                for k in ("origin", "destination")}
            return any(place.search(c.lower()) for c in codes if c)
    return False


# the airports of the cities the airline domain flies to, by their codes
_AIRPORTS = {"atlanta": ("atl",), "boston": ("bos",), "charlotte": ("clt",), "denver": ("den",),
             "detroit": ("dtw",), "newark": ("ewr",), "houston": ("iah",), "new york": ("jfk", "lga"),
             "las vegas": ("las",), "vegas": ("las",), "los angeles": ("lax",), "la": ("lax",),
             "orlando": ("mco",), "miami": ("mia",), "minneapolis": ("msp",), "chicago": ("ord",),
             "philadelphia": ("phl",), "philly": ("phl",), "phoenix": ("phx",),
             "seattle": ("sea",), "san francisco": ("sfo",), "dallas": ("dfw",)}


# the cities by their airports' codes (not "la": a word of the other languages read)
_CITIES: dict[str, tuple[str, ...]] = {}
for _city, _codes in _AIRPORTS.items():
    for _code in _codes:
        if _city != "la":
            _CITIES[_code] = (*_CITIES.get(_code, ()), _city)


@functools.lru_cache(maxsize=256)
def _place_pattern(place: str) -> re.Pattern[str]:
    """A place as a proposal's line may give it: its name, or its airports' codes."""
    forms = (place, *_AIRPORTS.get(place, ()))
    return re.compile(r"(?<![\w'])(?:" + "|".join(re.escape(f) for f in forms) + r")(?![\w'])")


# a trip by its place alone: "for denver" (of "For Denver — hold off for now")
_FOR_PLACE = re.compile(r"(?:as for|for|about|regarding) ([a-z]{4,}(?: [a-z]{4,})?)")
_HELD_DAY = re.compile(r"(?<![\w'])on the (\d{1,2})(?:st|nd|rd|th)(?![\w'])")
_THE_X_ONE = re.compile(r"(?<![\w'])(?:the|my) (?!(?:first|second|third|fourth|last|other|new|old|"
                        r"same|next|whole)(?![\w']))([a-z]{3,}(?: [a-z]{3,})?) (?:one|trip|flight|"
                        r"reservation|booking)(?![\w'])")
_BY_PLACE = re.compile(r"the (first|second|third|fourth|last) (?:one|order|reservation|booking|"
                       r"trip|step)$")
_PLACES = {"first": 1, "second": 2, "third": 3, "fourth": 4}
def _lead_of(step: str) -> set[str]:
    """What a step leads with, as five-letter stems: its first word ("upgrade owz4xl to ..."),
    or a table row's first cell where that is a short name ("| 3 | Cabin upgrade | ...")."""
    if "|" in step:
        cell = step.split("|", 1)[0]
        if len(cell.split()) <= 3 and (words := re.findall(r"[a-z]{4,}", cell)):
            return {w[:5] for w in words}
    m = re.match(r"[a-z]{4,}", step.lstrip(" *-"))
    return {m.group()[:5]} if m else set()


_BEFORE_YOU = re.compile(r"(?<![\w'])before (?:you|we|i) ([a-z]{4,})")
_OPENS_WITH_THING = re.compile(r"(?:as for |for |about |regarding |and )?(?:the|my) ([a-z]{4,})")
# the one of a day: "the one on the 30th", "celle du 30", "quella del 30", "la del 30"
_ONE_OF_DAY = re.compile(r"(?:the one on the |the one of the |celle du |celui du |quella del |quello del |"
                         r"la del |el del |a do |o do |die vom |den vom )(\d{1,2})(?:st|nd|rd|th)?(?!\d)")
# the day alone, kept: "hmm the 25th actually keep it for now" (``dialogue.DAY_THEN_KEPT``)
_DAY_KEPT = re.compile(r"the (\d{1,2})(?:st|nd|rd|th)(?: one)?")
_OPENS_WITH_DAY = re.compile(r"(?:as for |for |about |regarding )?(?:the )?(?:(?:jan|feb|mar|apr|"
                             r"may|jun|jul|aug|sep|oct|nov|dec)[a-z]* (\d{1,2})(?:st|nd|rd|th)?|"
                             r"(\d{1,2})(?:st|nd|rd|th))(?![\w:])")


@functools.lru_cache(maxsize=64)
def _on_day(day: int) -> re.Pattern[str]:
    """A date on ``day`` of a month, as a step writes it ("may 22", "22nd", "2024-05-22", and the
    day first, in the other languages read: "22 mai", "22 de mayo", "22. Mai")."""
    return re.compile(rf"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* {day}(?!\d)|"
                      rf"(?<![\d$.,]){day}(?:st|nd|rd|th)(?![\w])|\d{{4}}-\d\d-{day:02d}(?!\d)|"
                      rf"(?<![\d$.,/]){day}\.? (?:de )?(?:janv|févr|fevr|mars|avr|mai|juin|juil|août|"
                      rf"sept|oct|nov|déc|ene|feb|mar|abr|may|jun|jul|ago|sep|dic|gen|mag|giu|lug|"
                      rf"set|ott|jan|fev|maio|jun|jul|ago|out|dez|jän|märz|apr|juni|juli|aug|okt|"
                      rf"dez|mei|maart|juni|juli)[a-zéûä]*")
_PUT_ON = re.compile(r"(?:actually[\s,]+)?(?:wait[\s,-]+)?(?:put|charge|bill) the ")
# what a hold names: "the flight change", "my upgrade"
_HELD_THING = re.compile(r"(?<![\w'])(?:the|my) ((?:[a-z]{3,} ){0,2}[a-z]{4,})")


# (the words of a tool's name that name no thing of its own: what every write acts on)
# ("items" is one for tool_nouns, every domain's tools acting on items; not here, where the
# tool's own name is read)
_GENERIC_THINGS = frozenset((_GENERIC - {"items"}) | {"orders", "by", "id"})


# the go-ahead asked for one thing: "Want me to go ahead with the watch change?"
_GO_AHEAD_WITH = re.compile(r"(?:go ahead|proceed|continue) with (?:the |your |that )?"
                            r"([a-z][a-z -]{2,40}?)\s*\?")
_NOT_A_THING = frozenset({"change", "changes", "both", "these", "those", "them", "this", "that",
                          "all", "order", "orders", "plan", "steps", "step", "modification",
                          "modifications", "exchange", "exchanges", "return", "returns", "update",
                          "updates", "cancellation", "cancellations", "request", "requests",
                          "everything", "above", "first", "rest"})


def _asked_of_another(session: SessionState, last: Text, arguments: dict[str, Any]
                      ) -> str | None:
    """Where the proposal listed changes of several orders and asked for the go-ahead of one
    by what it holds ("Here are both changes: - #W4219264: Wristwatch ... - #W6729841: Air
    Purifier ... Want me to go ahead with the watch change?"), and the call changes an order
    whose items that question does not name while another's it does: the thing asked of,
    else None."""
    if "?" not in last.plain:
        return None
    if (by_id := _asked_by_id(session, last, arguments)) is not None:
        return by_id
    if (m := _GO_AHEAD_WITH.search(last.plain)) is None:
        return None
    words = [w for w in re.findall(r"[a-z]{4,}", m.group(1)) if w not in _NOT_A_THING]
    if not words:
        return None
    current = _current(session, arguments)
    if current is None or not isinstance(own := current.get("order_id"), str):
        return None

    def names(order: dict[str, Any]) -> list[str]:
        return [str(i.get("name", "")).lower() for i in order.get("items") or []
                if isinstance(i, dict)]

    if any(w in n for w in words for n in names(current)):
        return None
    for call in session.calls[-RECENT_READS:]:
        other = call.result
        if call.succeeded and isinstance(other, dict) and isinstance(other.get("order_id"), str) \
                and other["order_id"] != own and named(last, other["order_id"], {}) \
                and any(w in n for w in words for n in names(other)):
            return m.group(1).strip()
    return None


# where a sentence ends, a bracket or quote after its stop too: "... die laat ik staan.) Zal ik ...?"
_SENTENCE_BREAK = re.compile(r"[.!?;][\"')\]]*\s+|\n")


def _asked_by_id(session: SessionState, last: Text, arguments: dict[str, Any]) -> str | None:
    """Where the go-ahead question names the order or reservation it asks about by its id, one
    the session read, and not the call's ("Uw andere bestelling, #W3761872, staat inderdaad ook
    op PayPal. Zal ik de wijziging voor #W1129578 doorvoeren?", the call changing #W3761872):
    that id, else None."""
    keys = [k for k in ("order_id", "reservation_id") if isinstance(arguments.get(k), str)]
    if len(keys) != 1:
        return None
    own = str(arguments[keys[0]]).lower().lstrip("#")
    text = last.plain
    end = text.rfind("?")
    start = max((m.end() for m in _SENTENCE_BREAK.finditer(text, 0, end)), default=0)
    question = text[start:end + 1]
    if _GO_AHEAD_ASKED.search(question) is None:
        return None
    said = {w.lstrip("#") for w in _WORDS_OF_ID.findall(question) if id_like(w)}
    if not said or own in said:
        return None
    known = {v.lower().lstrip("#") for v in known_values(session, reads=True).get(keys[0], ())}
    asked = sorted(said & known)
    return ", ".join(asked) if asked else None


def _item_held(session: SessionState, auth: Authorisation, current: dict[str, Any],
               items: list[Any], held: list[str], aliases: Aliases, arguments: dict[str, Any]
               ) -> str | None:
    """A hold naming an item of the call's order that no other order the proposal names
    holds (by a name of the item's), and that the call's own step of a numbered plan names
    ("1 and 3, yes. For the makeup kit, ... it stays the professional size?" holds step 2, the
    kit's change, not step 1's address change of the same order): the hold, else None."""
    mine = {i["item_id"] for i in items if isinstance(i, dict) and isinstance(i.get("item_id"), str)}
    if isinstance(acted := arguments.get("item_ids"), list):
        mine &= {str(i) for i in acted}  # (a call on some items: a hold on another of the order's
        # is not on it, "커피메이커도 바꿀까 ... 아니에요. 시계만 바꿀게요", the clock's change)
    hits = [(h, ident) for ident in mine for h in held if named(Text(h), ident, aliases.every)]
    if not hits:
        return None
    proposal = auth.proposal(session.messages)[0]
    count, n = _plan_position(proposal, arguments, known_values(session, reads=True))
    steps = [item for _m, item in _between(list(_PLAN_MARK.finditer(proposal.plain)),
                                           proposal.plain)] if n is not None else []
    if n is not None and len(steps) == count and 1 <= n <= count:  # (a numbered plan's step)
        hits = [(h, ident) for h, ident in hits if named(Text(steps[n - 1]), ident, aliases.every)]
        if not hits:
            return None
    own = current.get("order_id")
    if n is None and isinstance(own, str) and not isinstance(acted, list) \
            and (plan := _plan_steps(proposal.plain)) is not None:
        # (the order on two steps, the item on one of them only: "2. Change the shipping address
        # of order #W4082615 ... 4. In order #W4082615, swap the Jigsaw Puzzle", a hold on the
        # puzzle is the swap's, not the address change's)
        of_order = [step for step in plan if named(step, own, {})]
        hits = [(h, ident) for h, ident in hits if not (
            len(of_order) >= 2 and any(not named(step, ident, aliases.every) for step in of_order))]
        if not hits:
            return None
    for h, _ident in hits:
        shared = False
        for call in session.calls[-RECENT_READS:]:  # (the other orders the proposal names)
            other = call.result
            if not (call.succeeded and isinstance(other, dict)) or other.get("order_id") in (
                    None, own) or not named(proposal, other["order_id"], {}):
                continue
            theirs = [i.get("item_id") for i in other.get("items") or [] if isinstance(i, dict)]
            if any(isinstance(t, str) and named(Text(h), t, aliases.every) for t in theirs):
                shared = True
                break
        if not shared:
            return h
    return None


# one traveller's seat of a reservation cancelled: "only cancel me", "just cancel Ivan's"
_ONE_SEAT = re.compile(r"(?<![\w'])(?:(?:only|just) (?:cancel )?(?P<me>me|mine|myself|my (?:seat|ticket|"
                       r"booking|part|place))|cancel (?:only|just) (?:me|mine|myself|my (?:seat|ticket|"
                       r"part|place))(?P<me2>)|(?:only|just) (?:cancel )?(?P<name>[a-z]+)'?s?(?: (?:seat|"
                       r"ticket|part|place))?(?= *(?:[,.!;]|$)))")


def _one_seat_cancelled(session: SessionState, spec: ActionSpec, theirs: Text,
                        arguments: dict[str, Any]) -> tuple[str, int] | None:
    """A reservation's cancellation where the user's words cancel one traveller's seat of
    several ("Yes, go ahead with mine. Ivan's still planning to go, though, so only cancel me."):
    (whose, how many fly), else None."""
    if spec.tool != "cancel_reservation" or (current := _current(session, arguments)) is None:
        return None
    names = _first_names(current)
    if len(names) < 2 or _EVERYONE.search(theirs.plain):
        return None
    for m in _ONE_SEAT.finditer(theirs.plain):
        if m.group("me") is not None or m.group("me2") is not None:
            return "the user's own seat", len(names)
        if m.group("name") in names:
            return m.group("name").title(), len(names)
    return None


def _one_passenger(session: SessionState, last: Text, theirs: Text, arguments: dict[str, Any]
                   ) -> tuple[str, int] | None:
    """A cabin change the proposal or the user's words put on one passenger of several ("Would
    you like me to proceed with upgrading Noah to business class?" "Yes, please upgrade Noah."),
    where the call changes the cabin of the whole reservation: (the passenger, how many fly),
    else None. (A cabin is the reservation's: every passenger flies in it.)"""
    cabin = arguments.get("cabin")
    if not isinstance(cabin, str):
        return None
    current = _current(session, arguments)
    if current is None or current.get("cabin") in (None, cabin):
        return None
    names = _first_names(current)
    if len(names) < 2:
        return None
    # (the user's own words first; then a numbered plan's step that changes the cabin, which
    # says whom it is for where the turn around it weighs both: "Upgrading both passengers ...
    # would cost $1,200, which is over your budget ... 1. Upgrade Noah Hernandez to business")
    steps = [step.plain for step in _plan_steps(last.plain) or ()
             if _CABIN_CHANGE.search(step.plain)]
    for text in (theirs.plain, *steps[:1], last.plain):
        if _EVERYONE.search(text):
            continue
        for name in sorted(names):
            if re.search(rf"(?<![\w'])(?:(?:just|only) {name}|(?:upgrad|downgrad)\w* "
                         rf"(?:just |only )?{name}(?! and)|{name} (?:only|alone))(?![\w'])",
                         text) and not any(re.search(rf"(?<![\w']){other}(?![\w'])", text)
                                           for other in names - {name}):
                return name, len(names)
    return None


_CABIN_CHANGE = re.compile(r"(?<![\w'])(?:upgrad|downgrad)")
_EVERYONE = re.compile(r"(?<![\w'])(?:(?:both|all) of (?:us|you|them)|everyone|everybody|"
                       r"(?:every|each) passenger|(?:both|all|the) passengers)(?![\w'])")


def _passengers_before(session: SessionState, arguments: dict[str, Any]) -> tuple[Any, Any]:
    """The passengers a call writes, and those the newest read of its reservation holds (None
    where the call writes no list or no read says)."""
    people = arguments.get("passengers")
    current = _current(session, arguments) if isinstance(people, list) else None
    return people, current.get("passengers") if current is not None else None


# a passenger replaced by another in a proposal's list: "Ivan Taylor (1975-09-15) → **Grace Kim
# (1998-08-30)**" (the two names); one said to stay: "James Taylor (1997-01-23): unchanged"
# the word that puts one person in another's place: an arrow, or "wordt" ("Tim de Jong (1989-02-28)
# wordt Lieke Peters"), "devient", "diventa", "becomes"
_BECOMES = r"(?:→|->|wordt|devient|diventa|wird zu|becomes|se convierte en|passa a ser)"
_BECOMES_SAID = re.compile(_BECOMES)
_SURNAME = r"((?:de |van |van de |von |da |di |del |le |la )?[a-z][a-z'-]+)"  # ("de Jong")
_PERSON_REPLACED = re.compile(r"([a-z][a-z'-]+) " + _SURNAME + r"(?: \([^()\n]{0,24}\))?:?\s*" + _BECOMES
                              + r"\s*\**([a-z][a-z'-]+) " + _SURNAME)
_PERSON_REPLACING = re.compile(r"([a-z][a-z'-]+) ([a-z][a-z'-]+)"
                               r"(?:[^()\n]{0,30}?\(|(?: \([^()\n]{0,24}\))?,? )"
                               # (or after a comma: "... and Daniel Reyes (1990-07-14), replacing Mark
                               # Reyes")
                               r"(?:replacing|in place of|instead of) ([a-z][a-z'-]+) ([a-z][a-z'-]+)\)?")
# (on its own line: not "..., replacing Mark Reyes\n- No change in price")
_PERSON_UNCHANGED = re.compile(r"([a-z][a-z'-]+) ([a-z][a-z'-]+)(?: \([^()\n]{0,24}\))?[^\S\n]*[:,-]?[^\S\n]*"
                               r"\(?(?:unchanged|no change|stays|remains|kept|keep as is)(?![\w'])")


# a passenger the proposal takes off the reservation, on their own line: "- Remove: Rohit Sharma"
_PERSON_REMOVED = re.compile(r"(?:^|\n)\W*(?:remove|removing|drop|dropping|take off|taking off)\W*:?\s*"
                             r"([a-z][a-z'-]+) ([a-z][a-z'-]+)")
_DATE_CHANGED = re.compile(r"(\d{4}-\d{2}-\d{2})\s*\)?\s*(?:→|->)\s*\**\s*(\d{4}-\d{2}-\d{2})")


def _birth_date_kept(arguments: dict[str, Any], proposal: str, theirs: str
                     ) -> tuple[str, str, str] | None:
    """A passenger whose date of birth the proposal changes on their own line ("Ivan Garcia 様:
    生年月日 1964-11-26 → 1964-06-11"), written by the call with the old date: (who, the new
    date, the old), else None. Not where the user's words from the yes on name them ("Pour Marc
    oui, corrigez. Pour Sophie je ne suis plus très sûre": theirs to keep)."""
    people = arguments.get("passengers")
    if not isinstance(people, list) or ("→" not in proposal and "->" not in proposal):
        return None
    for line in proposal.split("\n"):
        if (changed := _DATE_CHANGED.search(line)) is None:
            continue
        for p in people:
            if not isinstance(p, dict):
                continue
            first, last = str(p.get("first_name", "")).lower(), str(p.get("last_name", "")).lower()
            if first and last and f"{first} {last}" in line and p.get("dob") == changed.group(1) \
                    and changed.group(1) != changed.group(2) \
                    and re.search(rf"(?<![\w']){re.escape(first)}", theirs) is None:
                return f"{first.title()} {last.title()}", changed.group(2), changed.group(1)
    return None


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _full_name(person: Any) -> tuple[str, str]:
    """A passenger's (first name, last name), lower case; ("", "") for anything else."""
    return (str(person.get("first_name", "")).lower(), str(person.get("last_name", "")).lower()) \
        if isinstance(person, dict) else ("", "")


def _replaced_person_kept(session: SessionState, arguments: dict[str, Any], proposal: str,
                          theirs: str) -> str | None:
    """Where the proposal replaces a passenger of the reservation by another ("Ivan Taylor →
    Grace Kim") or says one stays ("James Taylor: unchanged"), a call keeping the one replaced,
    or dropping the one who stays: what the proposal said of them, else None. Not where the
    user's words from the yes on name them ("Let's only fix Lily's name for now. Tom's still
    hoping ...": theirs to keep)."""
    people, before = _passengers_before(session, arguments)
    if not isinstance(people, list) or not isinstance(before, list) or (
            "replac" not in proposal and "in place of" not in proposal and "remov" not in proposal
            and "stays" not in proposal and _BECOMES_SAID.search(proposal) is None):
        return None
    called, booked = {_full_name(p) for p in people}, {_full_name(p) for p in before}
    for m in _PERSON_REMOVED.finditer(proposal):  # ("- Remove: Rohit Sharma (1987-03-18)")
        gone = (m.group(1), m.group(2))
        if gone in booked and gone in called \
                and re.search(rf"(?<![\w']){re.escape(gone[0])}", theirs) is None:
            return f"removing {' '.join(gone).title()}; the call keeps them"
    replaced = [((m.group(1), m.group(2)), (m.group(3), m.group(4)))
                for m in _PERSON_REPLACED.finditer(proposal)]
    replaced += [((m.group(3), m.group(4)), (m.group(1), m.group(2)))
                 for m in _PERSON_REPLACING.finditer(proposal)]  # ("Noah Kim, 1990-02-11
    # (replacing Ava Smith)": the new one first)
    for old, new in replaced:
        if old != new and old in booked and old in called and new not in booked \
                and re.search(rf"(?<![\w']){re.escape(old[0])}", theirs) is None:
            return f"replacing {' '.join(old).title()} with {' '.join(new).title()}; the call keeps " \
                f"{' '.join(old).title()}"
    for m in _PERSON_UNCHANGED.finditer(proposal):
        stays = (m.group(1), m.group(2))
        if stays in booked and stays not in called \
                and re.search(rf"(?<![\w']){re.escape(stays[0])}", theirs) is None:
            return f"keeping {' '.join(stays).title()} as they are; the call drops them"
    return None


def _row_held(session: SessionState, auth: Authorisation, arguments: dict[str, Any]) -> str | None:
    """A passenger the call changes whom the yes turn leaves out by the number of their row in
    the proposal's numbered list or table ("Yes to 2. Hold off on 3", "2번 승객은 맞아요. 3번은 제가
    여권 확인하고 다시 연락드릴게요", row 3 "| 3 | Haeun Jo, 1993-06-26 | Haeun Jo, 1993-06-29 |"
    and the call changing her birth date): the words, else None."""
    turn = plain(session.messages[auth.yes_index])
    if not re.search(r"[1-9]", turn):
        return None
    numbers = [p for p in limits(ordinals_in_english(turn)).left_out if _ROW_NUMBERS.fullmatch(p)
               # (not a count put right: "yes to both, but make it 2 bags, not 1")
               and not any(m.group(2) == p for m in _COUNT_NOT_ROW.finditer(turn))]
    people, before = _passengers_before(session, arguments)
    if not numbers or not isinstance(people, list) or not isinstance(before, list) \
            or len(people) != len(before):
        return None
    rows = {int(m.group(1)): m.group(2) for m in _ROW.finditer(auth.proposal(session.messages)[0].plain)}
    for phrase in numbers:
        for n in map(int, re.findall("[1-9]", phrase)):
            named = [k for k, p in enumerate(people) if isinstance(p, dict) and p.get("first_name")
                     and re.search(rf"(?<![\w']){re.escape(str(p['first_name']).lower())}(?![\w'])",
                                   rows.get(n, ""))]
            if len(named) == 1 and people[named[0]] != before[named[0]]:
                return f'row {n} of the list ("{phrase}")'
    return None


# a count put right, the number after "not" no row's or step's: "make it 2 bags, not 1"
_COUNT_NOT_ROW = re.compile(r"((?<![\w$.,])\d{1,2} [a-z]{3,}),? (?:and )?not ([1-9])(?![\w%$]|[.,]\d)")
# a row of a numbered list or table: "| 3 | Haeun Jo, ...", "3. Emil Hoffmann – ..."
_ROW = re.compile(r"^\s*\|?\s*#?([1-9])\s*[|.)]\s*(.*)$", re.M)
# rows by their numbers alone: "3", "2 and 3"
_ROW_NUMBERS = re.compile(r"(?:#|no\.? |number |passenger )?[1-9](?:\s*(?:,|and|&)\s*[1-9])*")


def _person_kept(session: SessionState, arguments: dict[str, Any], held: list[str]) -> str | None:
    """A hold naming, by their first name as the reservation has it or as the call writes it,
    a passenger whose details the call changes ("ゆいの生年月日だけ直してください。ケンの名前は
    パスポートもKennなので、そのままで大丈夫です。", the call renaming Kenn to Ken): the hold."""
    people, before = _passengers_before(session, arguments)
    if not isinstance(people, list) or not isinstance(before, list) or len(before) != len(people):
        return None
    for old, new in zip(before, people, strict=True):
        if not isinstance(old, dict) or not isinstance(new, dict) or old == new:
            continue
        names = {str(p.get("first_name", "")).lower() for p in (old, new)} - {""}
        for phrase in held:  # (a name held on its own, as the Chinese and Japanese holds give
            if phrase in names:  # them; a sentence naming someone may hold another thing of theirs)
                return phrase
    return None


# a cabin's change by its name, in the languages read
# (not "upgrade", which other checks read: "put the upgrade on my visa instead")
_CABIN_CHANGE_SAID = re.compile(r"(?<![\w'])(?:mudança de classe|cambio de clase|changement de classe|"
                                r"cambio di classe|(?:mudar|cambiar|changer|cambiare) (?:a |la |de )?"
                                r"(?:classe|clase|cabine|cabina)|klassenwechsel|kabinenwechsel)(?![\w'])|"
                                # (the upgrade held by its name: "升等412太貴了，先不要好了")
                                r"升等|升舱|升艙|降舱|降艙|アップグレード|업그레이드")


# whose each one is, said by the user: "Blue one is my son's", "the black one is for my daughter"
_WHOSE_ONE = re.compile(r"(?<![\w'])([a-z]+) one(?: is|'s)(?: for)? (?:my|our) ([a-z]+?)(?:'s)?(?![\w'])")
_WHOSE_PHRASE = re.compile(r"(?<![\w'])(?:my|our) ([a-z]+)'s(?![\w])")


def _whose_apart(session: SessionState, arguments: dict[str, Any], said: Limits) -> Limits:
    """``said`` without the phrases leaving out someone's thing ("leave my daughter's helmet")
    where the user said whose each one is by a word of it ("Black one is my daughter's") and
    the call's items have no such word: another one of the same kind, not this call's."""
    owners: dict[str, str] = {}
    for m in reversed(session.messages):
        if m.role is Role.USER:
            for w in _WHOSE_ONE.finditer(plain(m)):
                owners.setdefault(w.group(2), w.group(1))
    current = _current(session, arguments)
    acted = arguments.get("item_ids")
    if not owners or current is None or not isinstance(acted, list):
        return said
    words = " ".join(f"{i.get('name', '')} {' '.join(map(str, (i.get('options') or {}).values()))}"
                     .lower() for i in current.get("items") or [] if isinstance(i, dict)
                     and i.get("item_id") in acted)

    def apart(phrase: str) -> bool:
        who = _WHOSE_PHRASE.search(phrase)
        return who is not None and who.group(1) in owners \
            and re.search(rf"(?<![\w']){re.escape(owners[who.group(1)])}(?![\w'])", words) is None
    return replace(said, left_out=tuple(p for p in said.left_out if not apart(p)),
                   kept=tuple(p for p in said.kept if not apart(p)))


def _thing_of_order_added(session: SessionState, arguments: dict[str, Any], yes: str, last: str
                          ) -> bool:
    """Whether the yes adds, by its name, an item the call's order holds that the turn it
    answered does not name ("go ahead with that and the headphones")."""
    current = _current(session, arguments)
    items = current.get("items") if current is not None else None
    if not isinstance(items, list):
        return False
    words = {w for i in items if isinstance(i, dict)
             for w in re.findall(r"[a-z]{4,}", str(i.get("name", "")).lower())}
    return any(w not in last and re.search(rf"(?<![\w'])(?:and|with|plus|also|do) (?:the |my |his |her )?"
                                           rf"{re.escape(w)}", yes) is not None for w in words)


def _steps_of_actions(text: str) -> bool:
    """Whether ``text`` lists numbered steps, each naming an action ("1. Exchange on #W1: ...
    2. Return on #W2: ..."; not a list of orders)."""
    steps = _plan_steps(text)
    return steps is not None and all(names_action(step.plain, ALL_ACTION_WORDS) is not None
                                     for step in steps)


def _own_object_proposed(auth: Authorisation, messages: list[Message], arguments: dict[str, Any]
                         ) -> bool:
    """Whether the turn the yes answered names the call's order or reservation by its id."""
    value = arguments.get("order_id") or arguments.get("reservation_id")
    return isinstance(value, str) and bool(value) and re.search(
        rf"(?<![a-z0-9]){re.escape(value.lower())}(?![a-z0-9])", auth.proposal(messages)[0].plain) is not None


def _the_other_held(session: SessionState, auth: Authorisation, arguments: dict[str, Any]
                    ) -> str | None:
    """"The other one" held after a yes that names its own by a thing ("Oui pour l'ordinateur.
    Pour l'autre, attendez ..."), where the call's object holds no item the yes names: the
    hold, else None."""
    current = _current(session, arguments)
    items = current.get("items") if current is not None else None
    if not isinstance(items, list) or not items:
        return None
    yes = in_english(auth.words)  # (the yes's own sentence: not the hold's "kit de maquillage")
    said = set(re.findall(r"(?<=the )[a-z]+", yes[len(auth.words):]))
    if not said:
        return None
    names = " ".join(str(i.get("name", "")).lower() for i in items if isinstance(i, dict))
    return None if any(w in names or w[:-1] in names for w in said) else "the other one"


def _people_kept_as_they_are(session: SessionState, arguments: dict[str, Any], proposal: str
                             ) -> set[str]:
    """The first names (lower case) of the passengers a call rewriting a reservation's list
    writes as the reservation has them (in any place of it), another's changed beside them; or,
    where the reservation's facts do not say, those the proposal replaces by someone the call
    does not have ("Replace Ben Carter (1979-08-15) with Yuki Tanaka", Ben in the call, Yuki
    not): empty if none or if the call writes no such list."""
    people, before = _passengers_before(session, arguments)
    if not isinstance(people, list):
        return set()
    if not isinstance(before, list) or len(before) != len(people):
        names = {str(p.get("first_name", "")).lower() for p in people if isinstance(p, dict)}
        return {m.group(1) for m in _REPLACED_BY.finditer(proposal)
                if m.group(1) in names and m.group(2) not in names}
    same = {str(new.get("first_name", "")).lower() for new in people
            if isinstance(new, dict) and new in before}  # (in any place: "Grace, Xavier, Ben")
    return same - {""} if len(same) < len(people) else set()


# someone replaced by someone else in a proposal: "replace ben carter (1979-08-15) with **yuki
# tanaka" (the two first names)
_REPLACED_BY = re.compile(r"(?<![\w'])replace ([a-z]{2,})(?: [a-z'-]+)?(?: \([^()]{0,20}\))? with "
                          r"\**([a-z]{2,})")


def _relative_held(session: SessionState, auth: Authorisation, arguments: dict[str, Any],
                   held: list[str]) -> str | None:
    """A hold on a relative's ("Yes for mine. Wait on my wife's - she's still packing") after a
    yes said for the user's own: the hold, where the call's reservation has none of the user's
    first name among its passengers (the user's name as their profile gives it), else None."""
    hold = next((h for h in held if _RELATIVE_S.fullmatch(h) is not None), None)
    if hold is None or _MINE_YES.search(plain(session.messages[auth.yes_index])) is None:
        return None
    me = _users_first_name(session)
    current = _current(session, arguments) if "reservation_id" in arguments else arguments
    people = _first_names(current) if current is not None else set()
    return hold if me and people and me not in people else None


def _users_first_name(session: SessionState) -> str | None:
    """The user's first name (lower case), as the newest profile read gives it."""
    return next((str(name["first_name"]).lower() for call in reversed(session.calls)
                 if call.succeeded and isinstance(call.result, dict)
                 and isinstance(name := call.result.get("name"), dict)
                 and isinstance(name.get("first_name"), str)), None)


# a relative's, held: "wife's", "my husband's"
_RELATIVE_S = re.compile(r"(?:my |our )?(?:wife|husband|partner|son|daughter|kid|kids|child|mom|mum|"
                         r"mother|dad|father|parents|brother|sister|friend|boss|colleague|"
                         r"girlfriend|boyfriend|fianc[eé]e?|grandma|grandpa)(?:'s|s'|')")
# a yes said for the user's own: "yes for mine", "mine yes", "go ahead with my own"
_MINE_YES = re.compile(r"(?<![\w'])(?:(?:for|on|with|to) (?:mine|my own)|mine,? (?:yes|is fine|go ahead|"
                       r"please|ok)|just mine|only mine)(?![\w'])")


def _first_names(fact: dict[str, Any]) -> set[str]:
    """The passengers' first names (lower case) a reservation's facts hold."""
    people = fact.get("passengers")
    return {str(p["first_name"]).lower() for p in people if isinstance(p, dict)
            and isinstance(p.get("first_name"), str) and len(p["first_name"]) >= 2} \
        if isinstance(people, list) else set()


_FOR_NOW_END = re.compile(r"\s+(?:for now|for the moment|first|today|please|then)$")
_ACTION_ALONE = re.compile(r"(?:the|my|that|this) (?:[a-z]+ )?[a-z]+$")  # ("the puzzle exchange")
# the article of another language read, opening a phrase ("die Koffer", "las maletas")
_ARTICLE_ABROAD = re.compile(r"^(?:l'|(?:die|der|das|den|le|la|les|el|los|las|os|as|il|lo|gli|het) )")


_OTHER_THINGS = re.compile(r"(?:(?:and|but|as for|what about|for)\s+)?(?:the other|another|"
                           r"the rest|the remaining|the others)(?![\w'])")


def _held_in_own_step(proposal: Text, phrase: str, spec: ActionSpec,
                      other_words: tuple[str, ...]) -> bool:
    """Whether the words a hold shares with another write ("hold off on the address") are in
    one step only of the proposal's numbered plan, and that step names this action ("3. Update
    your default address to ..."): the hold is this action's."""
    steps = _plan_steps(proposal.plain)
    if steps is None:
        return False
    words = [w for w in re.findall(r"[a-z]{4,}", phrase) if names_action(w, other_words) is not None]
    naming = [step for step in steps
              if any(re.search(rf"(?<![\w']){re.escape(w)}", step.plain) for w in words)]
    return len(naming) == 1 and names_action(naming[0].plain, spec.words) is not None


def _skipping_turn(session: SessionState, auth: Authorisation, spec: ActionSpec,
                   other_words: tuple[str, ...]) -> str | None:
    nouns = tool_nouns(spec.tool)
    for i in [auth.yes_index, *auth.skipped]:
        text = plain(session.messages[i])
        held: list[str] = []
        if i == auth.yes_index:  # (what the yes turn says after its yes: "Yes to the flight
            # change. Actually skip the extra bag"; "the cancel - still deciding"; and "the
            # orders yes, profile no" in it)
            held = held_topics(text)
            # (an action it leaves out by name alone, wherever the yes reads to: "do the
            # return but hold the exchange")
            held += [p for p in limits(text).left_out if _ACTION_ALONE.match(p)
                     and names_action(p, ALL_ACTION_WORDS) is not None]
            text = text[reading_of(session.messages[i]).end:]
        yes_ids = {w for w in _WORDS_OF_ID.findall(auth.words.lower()) if id_like(w)} \
            if held else set()
        if held and not yes_ids:  # (or those the proposal names: "Okay yes. and while you're
            # at it could you cancel v5emzh too?" to the cancellation of 9HBUV8)
            yes_ids = {w for w in _WORDS_OF_ID.findall(auth.proposal(session.messages)[0].plain)
                       if id_like(w)}
        for phrase in [*limits(text).left_out, *held]:
            if other_words and names_action(phrase, other_words) is not None \
                    and not _held_in_own_step(auth.proposal(session.messages)[0], phrase, spec,
                                              other_words):
                continue  # (another write's thing: "For my default address, hmm, will ...?";
                # "yes for the 2 orders. dont touch my profile address yet tho", to an order's)
            if phrase in held and yes_ids and (ids := {
                    w for w in _WORDS_OF_ID.findall(phrase) if id_like(w)}) and not ids & yes_ids:
                continue  # (another by its id, where the yes names its own: "yes cancel
                # 59XX6W. XEHM4B: if its basic econ, upgrade it to business first then cancel";
                # a call on XEHM4B is held, ``_held_part``)
            if phrase in held and _OTHER_THINGS.match(phrase):
                continue  # (about others than the yes's: "Oui, please go ahead with all three.
                # And the other two, can you not cancel them anyway?")
            if not nouns and names_action(phrase, spec.words) is not None:
                return plain(session.messages[i])  # ("scratch the cancellation")
            if nouns and _names_noun(phrase, nouns) and not (
                    phrase in held and _steps_of_one_tool(auth.proposal(session.messages)[0],
                                                          spec)):
                return plain(session.messages[i])  # (which of several steps of this tool a
                # hold in the yes turn is about is the steps' to tell: ``_held_part``)
            if phrase in held and nouns and names_action(phrase, spec.words) is not None \
                    and names_action(phrase, ALL_ACTION_WORDS) is None:
                return plain(session.messages[i])  # ("profile no": a word only it is named by)
            if phrase in held and names_action(phrase, spec.words) is not None \
                    and not _names_another_write(phrase, spec.words, other_words) \
                    and (names_action(auth.words, spec.words) is None
                         or _names_another_write(auth.words, spec.words, other_words)) \
                    and (names_action(auth.words, ALL_ACTION_WORDS) is not None
                         # (or a thing of another step: "Lo de la cafetera sí, adelante. Lo de
                         # anular el otro... déjame pensarlo"; "As malas sim, pode pôr as 4. A
                         # executiva... não sei se compensa")
                         or _YES_OF_A_THING.match(auth.words) is not None
                         or _A_THING_YES.match(auth.words) is not None):
                # ("Yes, go ahead and cancel NQNU5R. For the upgrade though, is that $1,194 the
                # total?": the yes names another action, the hold this one; "Go ahead with the
                # passenger change and the bags. For the upgrade, is the $209 ...?": the yes
                # names other writes, this one only by a verb every update has)
                return plain(session.messages[i])
    return None


_WORDS_OF_ID = re.compile(r"#?[a-z0-9]+")
# a yes said of one thing, put first with its article: "as malas sim", "the bags yes"
_A_THING_YES = re.compile(r"\s*(?:the|my|la|le|les|el|los|las|il|lo|die|der|das|o|a|os|as) [a-zà-ÿ]{3,}"
                          r"(?: [a-zà-ÿ]{3,})?,? (?:sim|sí|si|oui|ja|yes|sì)(?![\w'])")
# a yes said of one thing by "that of": "lo de la cafetera sí", "quello della giacca sì"
_YES_OF_A_THING = re.compile(r"\s*(?:lo|la|el|los|las|quello|quella|o|a|os|as) (?:de|del|della|dello|do|da|"
                             r"dos|das)\b")


# a thing by a pronoun alone, left out: "that one for now", "it"
_THAT_ONE_ALONE = re.compile(r"(?:that|this|it|that one|this one)(?: (?:for now|for the moment|yet|though))?")


def _narrowing_honoured(session: SessionState, auth: Authorisation, spec: ActionSpec,
                        arguments: dict[str, Any], aliases: Aliases,
                        others: tuple[str, ...] = (), other_words: tuple[str, ...] = ()
                        ) -> str | None:
    """Where turns took part of ``auth`` back, the turn whose limit the call does not honour,
    or None. Honoured: each turn's phrase names another action than the call's ("hold off on
    the exchange"), the thing another tool acts on and not this one's (``others``: "don't change
    the passenger" for a flight change), or something the facts know (an item by its name or
    id) that the proposal named and the call does not hold; a phrase naming nothing of the
    proposal (a withdrawal in other words: "no wait, not the order, I changed my mind") takes
    the yes back whole."""
    held = {str(v) for v in _flat(arguments)}
    bare_held = {v.lstrip("#").upper() for v in held}
    own = tool_nouns(spec.tool)
    _last, window, _yes = auth.proposal(session.messages)
    owners = aliases.index.owners if aliases.index is not None else {}
    for i in auth.narrowed:
        said = limits(plain(session.messages[i]))
        known = False
        for phrase in (*said.left_out, *said.kept):
            text = Text(phrase)
            if (names_action(phrase, spec.words) is None and (names_action(
                    phrase, ALL_ACTION_WORDS) is not None or (other_words and names_action(
                        phrase, other_words) is not None))) \
                    or _names_another_write(phrase, spec.words, other_words):
                # ("hold off on the exchange" for the return's call; "for the profile, don't
                # update it yet" for the order's address change)
                known = True
                break
            if _MINE_PHRASE.fullmatch(phrase):
                known = True  # (the user's own: whose the call is, ``_left_out``)
                break
            if _THAT_ONE_ALONE.fullmatch(phrase) and held_topics(plain(session.messages[i])):
                known = True  # (the one the turn put first, by "that one": "Seattle... hold
                break  # off on that one for now", whose the hold is ``_held_part``'s to read)
            if len(_lines_of_day(_last, phrase)) == 1 or len(_lines_of_place(_last, phrase)) == 1:
                known = True  # (the one on a day one line of the proposal has: "the one on the
                break  # 30th", "celle du 30"; whose it is, ``_step_held``)
            in_english = ordinals_in_english(phrase)
            if (ordinal := _ORD_REF_ONLY.match(in_english)) is not None and not (
                    _BARE_ONE.search(ordinal.group())
                    and _ONE_DESCRIBED.match(in_english, ordinal.end())):
                known = True  # ("for 3, ... i'd rather": the plan's numbers are the binding's;
                # "per il secondo ci devo pensare", the second)
                break
            step = _step_described(_last, phrase, held)
            if step is not None:  # ("not the one from Atlanta to Charlotte": the plan's step
                if step:  # whose words those are, this call's or another's)
                    return plain(session.messages[i])
                known = True
                break
            if others and _names_noun(phrase, others) and not (own and _names_noun(phrase, own)):
                known = True  # ("don't change the passenger" for the flight change's call)
                break
            # (a plural names the thing too: "the dumbbells" a Dumbbell Set)
            one = Text(_PLURAL.sub("", phrase))
            # (a pronoun's thing, named in its sentence: "before I do anything with the
            # skateboard, leave that order alone for now")
            said_of = [text, one]
            if _PRONOUN_PHRASE.match(phrase):
                turn = plain(session.messages[i])
                at = turn.find(phrase)
                if at >= 0:
                    start = max(turn.rfind(". ", 0, at), turn.rfind("? ", 0, at),
                                turn.rfind("! ", 0, at)) + 1
                    said_of.append(Text(_PLURAL.sub("", turn[start:at])))
            for ident, names in aliases.every.items():
                if ident not in held and (named(text, ident, {}) or any(
                        _alias_names(t, n, names, owners) for t in said_of for n in names)) \
                        and named(window, ident, aliases.every):
                    known = True
                    break
            # (an order's or reservation's id the proposal spelt that the call does not hold:
            # "hold off on #W8642391"; a card's last four digits are the aliases' to read)
            known = known or any(bare not in bare_held and not bare.isdigit()
                                 and bare.lower() in window.plain for bare in text.ids()) or any(
                # (an order's number without its letters: "leave 2022128 alone")
                len(number) >= 5 and not any(h.endswith(number) for h in bare_held)
                and re.search(r"[a-z#]" + number + r"(?!\d)", window.plain) is not None
                for number in re.findall(r"(?<![\w#])\d+(?![\w])", phrase))
            if known:
                break
        for phrase in () if known else said.only:
            # ("yes, but only the first one for now": the plan's numbers are the binding's
            # check, _numbered_left_out; "only the exchange"; "just the kettle" for its call)
            if names_action(phrase, spec.words) is not None or _ORD_REF_ONLY.match(phrase) \
                    or any(named(Text(phrase), v, aliases.every) for v in held):
                known = True
                break
        if not known:
            return plain(session.messages[i])
    return None


_PRONOUN_PHRASE = re.compile(r"(?:that|this|it|them|those)(?![\w'])")
_PLURAL = re.compile(r"(?<=[a-z]{3})(?:(?<=[sxz])es|(?<=ch)es|(?<=sh)es|(?<![su])s)(?![\w'])")
_PHRASE_FILLER = frozenset({"the", "one", "from", "with", "that", "which", "this", "those",
                            "these", "going", "flying", "order", "reservation", "booking", "trip",
                            "flight", "flights", "item", "items"})


def _step_described(last: Text, phrase: str, held: set[str]) -> bool | None:
    """Where the proposal numbered its steps and ``phrase``'s own words ("the one from Atlanta
    to Charlotte") are all in exactly one of them: whether that step names one of the call's
    ids (``held``), else None."""
    words = [w for w in re.findall(r"[a-z]{3,}", phrase) if w not in _PHRASE_FILLER]
    if not words or "1." not in last.plain:
        return None
    marks = list(_PLAN_MARK.finditer(last.plain))
    if len(marks) < 2:
        return None
    steps = [item for _m, item in _between(marks, last.plain)]
    hits = [item for item in steps
            if all(re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])", item) for w in words)]
    if len(hits) != 1:
        return None
    return any(named(Text(hits[0]), v, {}) for v in held if _ID_FORM.search(v) or v.isupper())


_NOT_YET = re.compile(r"(?<![\w'])(?:not yet|(?:don'?t|do not) (?:\w+ )?(?:it |that |this |them |anything )?"
                      r"yet)(?![\w'])")


def _paused(message: Message) -> bool:
    """Whether a user's turn pauses (a hold: "Let me think..."), a "not yet" included: "Wait,
    don't change it yet. Let me check my stove first." (read as a "no", but one for now)."""
    act = reading_of(message).act
    return act is Act.HOLD or (act is Act.DECLINE and _NOT_YET.search(plain(message)) is not None)


def _past_pause(messages: list[Message], index: int) -> tuple[list[Message], int]:
    """The messages as the yes at ``index`` reads them: where the agent's turn before it only
    waited ("Take your time.") on the user's pause ("Let me think..."), without the two, so the
    yes answers the turn before the pause; else as they are."""
    text, start = _turn_before(messages, index)
    if not text or len(text) > 160 or start < 2 or _WAIT_ACK.match(text) is None \
            or messages[start - 1].role is not Role.USER \
            or messages[start - 2].role is not Role.ASSISTANT:
        return messages, index
    if not _paused(messages[start - 1]):
        return messages, index
    return [*messages[:start - 1], *messages[index:index + 1]], start - 1


def ledger(session: SessionState) -> tuple[list[Authorisation], int]:
    """The session's authorisations, extended incrementally as messages arrive, and how many
    of them (from the first) are closed: a decline closes every open one, so the open ones
    are always the last ones, and neither this nor a check walks the closed ones again."""
    auths: list[Authorisation]
    auths, seen, closed, kept = session.derived.get("ledger", ([], 0, 0, 0))
    closings: list[int] = session.derived.setdefault("closings", [])  # turns that closed any
    messages = session.messages
    for i in range(seen, len(messages)):
        m = messages[i]
        if m.role is not Role.USER:
            continue
        r = reading_of(m)
        asides = _narrowing(m.content) if r.act is not Act.AFFIRM else None  # (once a turn)
        narrows = asides is not None
        by_word = False  # (an offered action picked by the word that names it)
        # (read past a pause the agent only waited out: "Which of these would you like me to
        # do?" "Let me think..." "Take your time." "Okay. Just the return for now.")
        seen_, at = _past_pause(messages, i) if r.act is Act.AFFIRM else (messages, i)
        if r.act is Act.AFFIRM and ((not r.choice and (not _asked(seen_, at, _CHOICE_ASKED)
                                                       or _PROCEED.search(plain(m))))
                                    or (_asked(seen_, at, _GO_AHEAD_ASKED) and not (
                                        r.choice and _only_options_asked(seen_, at)))
                                    or _choice_then_done(seen_, at)
                                    or _yes_with_method(seen_, at)
                                    or _picks_an_action(seen_, at)
                                    or (by_word := _names_an_offered_action(seen_, at))
                                    or _takes_an_offered_thing(seen_, at)) \
                and not _answers_a_check(seen_, at) and not _thanks_for_an_answer(seen_, at) \
                and not _answers_anything_else(seen_, at) and not _acknowledges(seen_, at) \
                and not _asks_of_unlisted(seen_, at) \
                and not (_BARE_YES.fullmatch(plain(m)) and _asked(seen_, at, _CHOICE_ASKED_ABROAD)):
            auths.append(Authorisation(i, m.seq, r.words, picked_by_word=by_word))
        elif r.act is Act.HOLD and ((one := _one_step_then_held(m.content)) is not None
                                    or (one := _only_this_then_held(m.content)) is not None):
            # "Cancel the old one now. For the new one I want to think about the insurance. Show
            # me the total without it before you book anything.": a yes to the action it names
            auths.append(Authorisation(i, m.seq, one, picked_by_word=True))
        elif r.act is Act.HOLD and _condition_met(messages, i):
            # "yes, as long as the money goes back on my gift card" to a summary refunding to
            # the gift card: the condition is already part of what the user says yes to (also
            # after a "wait" and a question the same turn goes past: "wait, you charged me
            # $396?? ...ok, if I get $510 back then fine, yes switch it", the turn without its
            # condition a yes)
            auths.append(Authorisation(i, m.seq, r.words))
        elif r.act is Act.HOLD and not r.withdraws \
                and (condition := _condition_of_one_step(messages, i)) is not None:
            auths.append(Authorisation(i, m.seq, r.words, condition=condition))
        elif r.act is Act.HOLD and not r.withdraws \
                and (unwanted := _form_of_one_step_unwanted(messages, i)) is not None:
            auths.append(Authorisation(i, m.seq, unwanted[0], condition=unwanted[1]))
        elif r.act is Act.HOLD and (held := _price_held(messages, i)) is not None:
            # "Yes, go ahead. Hmm, $1,200 is more than I was hoping for though... is that per
            # person?" to a plan whose one step costs $1,200: a yes to the others
            auths.append(Authorisation(i, m.seq, held[0], condition=held[1]))
        elif narrows and (yes := read_turn(_SENTENCE_NO.sub(r"\1", _INTERJECTION.sub(
                " ", _without_reasons(without_limits(_without_sentences(plain(m), asides))))))
                          ).act is Act.AFFIRM and not yes.choice:
            # a yes that leaves something out ("Yes, but hold off on the lamp for now"): a yes
            # to the rest, narrowed by its own turn
            auths.append(Authorisation(i, m.seq, yes.words, narrowed=[i]))
        elif r.act in (Act.OTHER, Act.AFFIRM) and closed < len(auths) \
                and _USE_PICK.fullmatch(_after_sighs(plain(m))) \
                and (_asked(messages, i, _GO_AHEAD_ASKED) or _asked(messages, i, _CHOICE_ASKED)) \
                and _failed_between(session, auths[-1].yes_seq, m.seq):
            # the yes's write failed, the agent offered ways to go on ("How would you like to
            # proceed?", "Which would you like?"), and the user picked one: "Just use the $500
            # certificate then."
            auths.append(Authorisation(i, m.seq, r.words))
        elif (r.act in (Act.AFFIRM, Act.OTHER) or (r.act is Act.HOLD and not r.withdraws)) \
                and closed < len(auths) \
                and _METHOD_PICK.fullmatch(_after_sighs(plain(m))) is not None \
                and (_asked(messages, i, _CHOICE_ASKED) or _asked(messages, i, _GO_AHEAD_ASKED)) \
                and _failed_between(session, auths[-1].yes_seq, m.seq):
            # (likewise a method picked among those offered: "ugh fine, the mastercard" to
            # "Which one would you like to use for the $39?")
            auths.append(Authorisation(i, m.seq, r.words))
        elif r.act is Act.OTHER and closed < len(auths) and limits(plain(m)).left_out:
            for a in auths[closed:]:
                a.skipped.append(i)
        elif r.act is Act.DECLINE and _NO_THEN_AS_IS.fullmatch(plain(m)) is not None \
                and _more_or_go_asked(messages, i):
            # the "no" answers the question's first half, the rest says go as it stands: "Nee
            # hoor, zo is het goed." to "Wilt u nog iets anders retourneren, of kan ik het zo
            # doorvoeren?"
            auths.append(Authorisation(i, m.seq, r.words))
        elif r.act is Act.DECLINE or (r.act is Act.HOLD and r.withdraws):
            if closed < len(auths) and narrows:
                for a in auths[closed:]:  # (the check decides whether the call honours it)
                    a.narrowed.append(i)
                continue
            for a in auths[closed:]:
                a.open, a.closed_by = False, r.words
            closed = len(auths)
            closings.append(i)
    # (a check looks at the newest OPEN_LIMIT open yeses and, where fewer are open, at as
    # many closed ones before them: never further back than 2 * OPEN_LIMIT)
    for a in auths[kept:len(auths) - 2 * OPEN_LIMIT]:
        a.forget()
    kept = max(kept, len(auths) - 2 * OPEN_LIMIT)
    session.derived["ledger"] = (auths, len(messages), closed, kept)
    return auths, closed


# a "no" to more, then the plan said fine as it stands: "no, it's fine as it is", "nee hoor, zo
# is het goed", "nein, passt so", "não, está bom assim", "no, va bene così"
_NO_THEN_AS_IS = re.compile(
    r"(?:no|nope|nee|nein|nö|não|nao|non)(?: (?:thanks|thank you|hoor|danke|obrigad[oa]|grazie|"
    r"merci))?[,.!]*\s+(?:(?:it'?s|that'?s|it is|that is|all) (?:fine|good|ok|okay|perfect) "
    r"(?:as (?:it is|is)|like (?:this|that)|the way it is)|zo is (?:het )?(?:goed|prima)|"
    r"(?:het is )?(?:goed|prima) zo|passt so|(?:es )?ist gut so|so passt(?: es| das)?|so ist es gut|"
    r"(?:está|esta|tá|ta) (?:bom|ótimo|otimo) assim|assim (?:está|esta|tá|ta) (?:bom|ótimo|otimo)|"
    r"va bene così|così va bene|(?:está|esta) bien así|así (?:está|esta) bien|c'est (?:bien|bon|"
    r"parfait) comme ça|ça me va comme ça)[.!]*")
# the agent's last question asks for more or a go-ahead: "..., or can I submit it like this?"
_MORE_OR_GO = re.compile(
    r"(?<![\w'])(?:or|of|oder|ou|o|oppure)(?: (?:shall|should|can|may) i| (?:kan|zal) ik| (?:soll|kann) "
    r"ich| posso| puedo| je peux| dois-je)?[^?]{0,40}?(?:proceed|go ahead|submit|process|place|"
    r"doorvoeren|indienen|verwerken|uitvoeren|fortfahren|durchführen|abschicken|procedere|"
    r"procedo|prosseguir|prossigo|seguir|continuar|procéder|valider|enviar|inviare)[^?]*\?\s*$")


def _more_or_go_asked(messages: list[Message], index: int) -> bool:
    """Whether the agent's turn before ``index`` ends asking for more or a go-ahead as it
    stands ("Wilt u nog iets anders ... retourneren, of kan ik het zo doorvoeren?")."""
    text, _start = _turn_before(messages, index)
    start = max(text.rfind(". ", 0, len(text) - 1), text.rfind("\n", 0, len(text) - 1)) + 1
    return _MORE_OR_GO.search(text, start) is not None


# a way to go on picked by what to pay with or use: "Just use the $500 certificate then."
_USE_PICK = re.compile(r"(?:(?:ok(?:ay)?|then|just|please|let'?s|alright|então|entao|entonces|alors|"
                       r"dann|allora|dan)[,\s]+)*(?:use (?:the|my|your)|usa (?:o|a|el|la|il|mi|meu|"
                       r"minha)|use (?:o|a)|utilisez (?:la|le|ma|mon)|utilise (?:la|le|ma|mon)|nimm "
                       r"(?:die|den|meine)|nehmen sie (?:die|den|meine)|gebruik (?:de|het|mijn)) "
                       r"[^.?!]{1,60}?(?:,?\s+(?:then|instead|please|entonces|alors|dann|allora|"
                       r"então))*[.!]?")


def _after_sighs(text: str) -> str:
    """``text`` without the short reactions before the sentence that picks, nor the checks
    after it ("Ah, que pena. Então usa o Visa.": "então usa o visa."; "mist. dann halt
    kreditkarte. aber wirklich nur die 64 ja?": "dann halt credit card."), its methods by
    their English names."""
    if _METHOD_ABROAD.search(text) is not None:
        text = _METHOD_ABROAD.sub(_in_english, text)
    parts = re.split(r"(?<=[.!?])\s+", text.strip())
    while len(parts) > 1 and parts[-1].endswith("?") and _CHECK_REOPENS.search(parts[-1]) is None:
        parts.pop()  # (a check after the pick: "aber wirklich nur die 64 ja?")
    if len(parts) > 1 and all(len(p.split()) <= 4 and "?" not in p for p in parts[:-1]):
        return parts[-1]
    return " ".join(parts)


_CHECK_REOPENS = re.compile(r"(?<![\w'])(?:instead|rather|wait|actually|stattdessen|lieber|plutôt|"
                            r"invece|en vez|em vez|warte|attendez|aspetta|espera)(?![\w'])")


# a method picked alone: "ugh fine, the mastercard", "the visa then"
_METHOD_PICK = re.compile(r"(?:(?:ugh|ok(?:ay)?|fine|then|just|alright|sure|yes|yeah|hmm+|dann halt|dann "
                          r"eben|dann|alors|entonces|então|entao|allora|dan maar|dan)[,.!\s]+)*"
                          r"(?:(?:use|with|on) )?(?:the |my )?" + _METHOD
                          + r"(?:,? (?:then|please|instead|i guess))*[.!]?")


def _failed_between(session: SessionState, after: int, before: int) -> bool:
    """Whether a write failed upstream between positions ``after`` and ``before``."""
    for call in reversed(session.calls[-RECENT_READS:]):
        if call.seq <= after:
            return False
        if call.seq < before and call.kind == "write" and call.outcome is Outcome.UPSTREAM_ERROR:
            return True
    return False


@dataclass
class AliasIndex:
    """id -> the texts that may stand for it (from objects in facts), and how many distinct
    objects each text names (a text naming one object alone distinguishes it)."""

    names: dict[str, set[str]] = field(default_factory=dict)
    owners: dict[str, int] = field(default_factory=dict)
    seen_objects: set[frozenset[tuple[str, str]]] = field(default_factory=set)
    calls_seen: int = 0
    in_flight: list[CallRecord] = field(default_factory=list)  # seen before they finished
    # (id key, id) -> the short texts of the object it identifies (a reservation's route,
    # flights and dates), its newest state; and in how many of the facts read (objects, or
    # answers that are not one object, such as a flight search's) each text was seen
    described: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    text_owners: dict[str, int] = field(default_factory=dict)
    ids: set[str] = field(default_factory=set)  # the ids of the objects described
    balances: dict[str, Decimal] = field(default_factory=dict)  # payment method -> its balance
    home: set[str] = field(default_factory=set)  # the texts of the user's profile address
    # (id key, id) of an order or reservation -> the payment method it was paid with
    original: dict[tuple[str, str], str] = field(default_factory=dict)
    incomplete: bool = False  # a fact too large to keep every code of: descriptions are off

    def original_of(self, arguments: dict[str, Any]) -> str | None:
        """What the call's order (or reservation) was paid with, if the facts show it."""
        for k, v in arguments.items():
            if isinstance(v, str) and (k, v) in self.original:
                return self.original[(k, v)]
        return None

    def original_named(self, text: Text, value: str, arguments: dict[str, Any]) -> bool:
        """``value`` is what the call's order (or reservation) was paid with, and ``text``
        speaks of "the original payment method"."""
        return _ORIGINAL.search(text.plain) is not None and any(
            self.original.get((k, v)) == value for k, v in arguments.items()
            if isinstance(v, str))

    def home_named(self, text: Text, value: str) -> bool:
        """``value`` is part of the address on the user's profile, and ``text`` speaks of that
        address ("your default address", "the address on file")."""
        return value in self.home and _HOME.search(text.plain) is not None

    def by_balance(self, kind: str, most: str) -> str | None:
        """The method of ``kind`` with the smallest (``min``) or largest (``max``) balance the
        facts show; None where none is known, or two share it."""
        known = [(b, i) for i, b in self.balances.items() if kind_of(i) == kind]
        if not known:
            return None
        best = min(known) if most == "min" else max(known)
        return best[1] if sum(b == best[0] for b, _ in known) == 1 else None

    def describe(self, key: str, ident: str, texts: frozenset[str]) -> None:
        if self._full():
            return
        self.ids.add(ident)
        before = self.described.get((key, ident), frozenset())
        for t in texts - before:  # (a text the object had before stays counted: safe side)
            self.text_owners[t] = self.text_owners.get(t, 0) + 1
        self.described[(key, ident)] = texts

    def _full(self) -> bool:
        """Past ``CODES_LIMIT`` codes counted, the session's facts are too many to keep: no
        more are counted, and descriptions are off (a code left out could make another
        object's look unique)."""
        if len(self.text_owners) >= CODES_LIMIT:
            self.incomplete = True
        return self.incomplete

    def loose(self, texts: frozenset[str]) -> None:
        if self._full():
            return
        for t in texts:
            self.text_owners[t] = self.text_owners.get(t, 0) + 1

    def description_named(self, text: Text, key: str, ident: str, raw: str) -> bool:
        """Whether ``text`` describes the object ``ident`` identifies: it names at least two
        of its texts that nothing else the session read has ("the reservation from DEN to BOS
        on May 17" where no other reservation, and no flight searched for, goes DEN to BOS).
        A code of letters only (an airport's) counts where ``raw`` (the same text as written)
        has it in capitals: "las", "sea", Mia's "mia" are words. Looks at the object's own
        texts only: the cost does not grow with the session."""
        own = self.described.get((key, ident))
        if not own or self.incomplete:
            return False
        owners, ids = self.text_owners, self.ids
        hits = 0
        for value in own:
            if owners.get(value, 0) != 1 or value in ids:
                continue
            if value.isalpha():
                hit = re.search(rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])",
                                raw) is not None
            else:
                hit = named(text, value, {})
            if hit:
                hits += 1
                if hits >= 2:
                    return True
        return False

    def distinct(self) -> DistinctAliases:
        return DistinctAliases(self)


class DistinctAliases:
    """A view of an ``AliasIndex`` keeping, per id, only the names that fit it alone; computed
    per id looked up, so a decision's cost does not grow with the number of facts."""

    def __init__(self, index: AliasIndex) -> None:
        self._index = index

    def get(self, ident: str, default: Any = ()) -> set[str]:
        names = self._index.names.get(ident)
        if names is None:
            return set(default)
        owners = self._index.owners
        return {n for n in names if owners.get(n, 0) <= 1}

    def siblings(self, ident: str) -> list[tuple[str, set[str]]]:
        """The other ids of ``ident``'s family (``credit_card_1``, ``paypal_2``...)."""
        return [(other, self.get(other)) for other in family_members(self._index.names, ident)]


@dataclass(frozen=True, slots=True)
class Aliases:
    every: dict[str, set[str]]  # for items in a list: any name that fits will do
    distinct: DistinctAliases  # for a single value: only names that fit it alone
    index: AliasIndex | None = None  # for ids described by their object's texts


# a product name's last word that names a collection, not the thing ("Luggage Set", "Makeup
# Kit"): the words before it are the head ("the luggage")
_COLLECTIVE = frozenset({"set", "kit", "pack", "bundle"})
# heads of one-word names said alone (not "phone", "book": a phone number, a booking)
_COMPOUND_ENDS = ("watch", "board", "shelf", "glasses")
_COMPOUND_HEAD = re.compile(r"(?<=[a-z]{3})(?:watch|board|shelf|glasses)$")


def _head_nouns(names: list[str]) -> list[str]:
    """The head nouns that name an item by themselves: "speaker" for "bluetooth speaker",
    "luggage" for "luggage set" (four letters at least, or a thing of three: "mat")."""
    out = []
    for n in names:
        if " " not in n:
            # (a closed compound's head: "the watch" for "Wristwatch", "the board" for
            # "Skateboard")
            if n.endswith(_COMPOUND_ENDS) and (compound := _COMPOUND_HEAD.search(n)) is not None:
                out.append(compound.group())
            continue
        rest, tail = n.rsplit(" ", 1)
        head = rest.rsplit(" ", 1)[-1] if tail in _COLLECTIVE else tail
        if len(head) >= 4 or head in _SHORT_HEADS:
            out.append(head)
    return out


# the three-letter things a head noun of three letters names ("just the mat" for the Yoga Mat)
_SHORT_HEADS = frozenset({"mat", "mug", "hat", "cap", "fan", "pen", "cup", "rug", "kit", "tee"})


def alias_index(session: SessionState, fields: tuple[str, ...]) -> AliasIndex:
    """The session's alias index, extended incrementally as calls succeed."""
    key = ("aliases", fields)
    index: AliasIndex = session.derived.get(key) or AliasIndex()
    # calls seen in flight before (a checked call's outcome comes later), then the new ones
    waiting, index.in_flight = index.in_flight, []
    for call in [*waiting, *session.calls[index.calls_seen:]]:
        if call.succeeded:  # reads, and writes that answer with the changed object
            _collect(call.result, fields, index)
            if not (isinstance(call.result, dict) and _ids_of(call.result)):
                index.loose(frozenset(_texts_of(call.result, LOOSE_TEXTS, index)))
        elif call.outcome is Outcome.FORWARDING:
            index.in_flight.append(call)
    index.calls_seen = len(session.calls)
    session.derived[key] = index
    return index


def _collect(value: Any, fields: tuple[str, ...], index: AliasIndex) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            names = [str(item[f]).lower().replace("_", " ") for f in fields
                     if isinstance(item.get(f), str | int)]
            own_id = item.get("id")
            if "last_four" in fields and "last_four" not in item and isinstance(own_id, str) \
                    and kind_of(own_id) and own_id[-4:].isdigit():
                # a method without card digits (a gift card, a certificate) is spoken of by its
                # id's last four ("the gift card ending in 6319")
                names.append(own_id[-4:])
            # an item's head noun names it too ("the speaker" for "Bluetooth Speaker"; "the
            # luggage" for "Luggage Set", whose last word is a collective)
            names += _head_nouns(names)
            names = [n for n in names if len(n) >= 3]
            if names:
                fingerprint = frozenset((k, str(v)) for k, v in item.items()
                                        if isinstance(v, str | int | float))
                if fingerprint not in index.seen_objects:
                    index.seen_objects.add(fingerprint)
                    for n in set(names):
                        index.owners[n] = index.owners.get(n, 0) + 1
                for v in item.values():
                    if isinstance(v, str) and v:
                        index.names.setdefault(v, set()).update(names)
            ids = _ids_of(item)
            address = item.get("address")
            if isinstance(address, dict) and ("email" in item or "payment_methods" in item) \
                    and (not ids or ids[0][0] == "user_id"):  # a profile, not an order
                # its newest state only: an address changed since is no longer "the default"
                index.home = {v for v in address.values() if isinstance(v, str) and v}
            history = item.get("payment_history")
            if ids and isinstance(history, list) and history and isinstance(history[0], dict):
                first = history[0].get("payment_method_id", history[0].get("payment_id"))
                if isinstance(first, str):  # what the order or reservation was paid with
                    index.original[ids[0]] = first
            # a payment method's own balance (its object keyed "id"; a payment that names the
            # method by "payment_id" holds what was paid, not what is left)
            balance = item.get("balance", item.get("amount"))
            ident = item.get("id")
            if isinstance(ident, str) and kind_of(ident) and isinstance(balance, int | float) \
                    and not isinstance(balance, bool) and math.isfinite(balance):
                index.balances[ident] = Decimal(str(balance))
            if ids:  # under its own id, the first (a reservation's, not its user's)
                k, v = ids[0]
                index.describe(k, v, frozenset(_texts_of(item, DESCRIBED_TEXTS, index) - {v}))
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(item)


# what an order or reservation was paid with, spoken of as such
_ORIGINAL = re.compile(r"\boriginal (?:form of payment|payment(?: method)?|method(?: of payment)?|"
                       r"card|account)|\b(?:card|method|account) (?:you|it was) (?:originally )?"
                       r"(?:paid|purchased|bought) with")
# the address on the user's profile, spoken of as such (not "the current address": an order's)
# ... as where the change goes ("to your default address"), not what it changes ("update your
# default address to 200 Oak Street")
_HOME = re.compile(r"\b(?:to|at|use|using|with|as) (?:your |the |my )?(?:(?:default|profile|saved|"
                   r"home|registered|primary) (?:shipping )?address|address (?:on (?:file|record)|"
                   r"(?:saved )?in (?:your|the) (?:profile|account)))")
CODES_LIMIT = 20_000  # codes counted per session (memory: a few hundred KB at most)
DESCRIBED_TEXTS = 64  # the most texts an object is described by (a large object: its first)
LOOSE_TEXTS = 1024  # the most texts kept of a fact that is not one object (a search's answer)


def _ids_of(item: dict[str, Any]) -> list[tuple[str, str]]:
    """The (key, id) pairs that identify ``item`` (``reservation_id``, ``id``)."""
    return [(k, v) for k, v in item.items()
            if isinstance(v, str) and v and (k == "id" or k.endswith("_id"))]


_CODE = re.compile(r"^(?=.*\d)[\w#:./-]{3,40}$|^[A-Z]{3}$")


def _texts_of(value: Any, limit: int, index: AliasIndex) -> set[str]:
    """The codes in an object, nested ones included: texts with a digit (flight numbers,
    dates, ids) and three capitals (airport codes). Words ("economy", "yes") and names
    describe too many things to tell one object from another; ids of other things (the user's,
    a payment method's: ``ivan_rossi_8555``) name those things, not this one. Past ``limit``
    codes the object is not kept whole, and ``index`` describes nothing any more (a code it
    left out could make another object's look unique)."""
    out: set[str] = set()
    stack = [value]
    while stack:
        if len(out) >= limit:
            index.incomplete = True
            break
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and _CODE.match(item) and kind_of(item) is None:
            out.add(item)
    return out


_INSTEAD_ASKED = re.compile(r"(?<![\w'])(?:instead|rather)(?![\w'])")


@dataclass(frozen=True, slots=True)
class Coverage:
    confirmed: bool
    reason: str = ""  # why not, in words for the agent and the rule writer
    user_words: str = ""  # the user's words the decision rests on
    proposal: str = ""  # an excerpt of the proposal it was checked against
    argument: str | None = None  # the key argument that did not match, if that was the cause
    # the proposal described this very action (its required values) with another value of an
    # optional one (another card): it supersedes what older yeses covered
    superseding: bool = False

    def details(self) -> dict[str, Any]:
        out: dict[str, Any] = {"reason": self.reason, "user_words": self.user_words,
                               "proposal": self.proposal}
        if self.argument is not None:
            out["argument"] = self.argument
        return out


# tools that make a new thing (a booking): their summary lists the thing's parts, often without
# the verb ("Updated summary: - Ivan Smith, HAT097 + HAT251, May 17, economy, 0 bags - Total
# $375 ... Proceed?")
_MAKES = ("book", "create")
_PERSON = re.compile(r"(?:^|_)(?:first_)?name$")


_ID_WITH_NAME = re.compile(r"(?<![\w'])[a-z]+(?:_[a-z0-9]+)+(?![\w'])")


def _summary_of_new(session: SessionState, spec: ActionSpec, arguments: dict[str, Any],
                    proposed: Text) -> bool:
    """A summary of a new thing that does not say the verb: it names every person the call
    names (a list of flights and fares names none), and nothing that exists which another write
    acts on (no id a read looked up that this call does not take: a change or a cancellation is
    proposed by naming the reservation). The key arguments are then checked as for every
    proposal."""
    if spec.tool.split("_", 1)[0] not in _MAKES or not spec.keys:
        return False
    people = [v for k, v in _leaves(arguments) if _PERSON.search(k) and isinstance(v, str) and v]
    # (a person named, not an id with their name in it: "victor_nguyen_8830" names no passenger)
    unnamed = Text(_ID_WITH_NAME.sub(" ", proposed.plain)) if "_" in proposed.plain else proposed
    if not people or not all(named(unnamed, v, {}) for v in people):
        return False
    return not any(name.endswith("_id") and name not in arguments and named(proposed, v, {})
                   for name, values in known_values(session, reads=True).items()
                   for v in values)


# a flight changed, shown from the old to the new: "da HAT134 del 27/05 a HAT134 del 28/05",
# "von HAT134 am 27.05. auf HAT210", "de HAT134 el 27/05 a HAT210", "from HAT134 on May 27 to
# HAT134 on May 28" (the new flight's number)
_FLIGHT_FROM_TO = re.compile(r"(?<![\w'])(?:da|de|dal|del|von|van|from|du) hat\d{3}"
                             r"[^\n;]{0,40}? (?:a|à|al|auf|nach|naar|to|para|pour|para o|pra) (hat\d{3})")


def _flight_change_shown(arguments: dict[str, Any], text: Text) -> bool:
    """Whether ``text`` shows a flight change from a flight to one the call holds, with no verb
    ("Ritorno: da HAT134 del 27/05 a HAT134 del 28/05 ore 12:40")."""
    if "hat" not in text.plain:
        return False
    flights = {str(f.get("flight_number", "")).lower() for f in arguments.get("flights") or ()
               if isinstance(f, dict)} - {""}
    return bool(flights) and any(m.group(1) in flights for m in _FLIGHT_FROM_TO.finditer(text.plain))


def _change_shown(session: SessionState, arguments: dict[str, Any], proposed: Text) -> bool:
    """An item change shown without its verb, by an arrow from each item given to its new one,
    each named by its id or its price ("Purificador: médio, HEPA ($535.97) → grande, HEPA,
    modo noturno ($547.55). Confirma?"): the call's items and new items, all named so."""
    if _flight_change_shown(arguments, proposed):
        return True
    if _BECOMES_SAID.search(proposed.plain) is None:
        return False
    people, before = _passengers_before(session, arguments)
    if isinstance(people, list) and isinstance(before, list):
        # (a passenger replaced, shown by an arrow from the one the reservation has to one the
        # call writes: "Mei Lee (1989-12-13) → Chloe Garcia (2001-02-14)")
        called, booked = {_full_name(p) for p in people}, {_full_name(p) for p in before}
        return any((m.group(1), m.group(2)) in booked - called
                   and (m.group(3), m.group(4)) in called - booked
                   for m in _PERSON_REPLACED.finditer(proposed.plain))
    given, new = arguments.get("item_ids"), arguments.get("new_item_ids")
    if not isinstance(given, list) or not isinstance(new, list) or not given or not new:
        return False
    return _priced(session, arguments, given, proposed, {}) \
        and _priced(session, arguments, new, proposed, {})


def _leaves(value: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """(key, value) of each scalar in a nested structure, by the key it sits under."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v, key)
    else:
        yield key, value


_UNWANTED = re.compile(r"(?<![\w'])(?:don'?t|do not|no|not|without|never)(?![\w'])")


def _named_unwanted(yes_part: str, words: tuple[str, ...]) -> bool:
    """Whether the yes names the action only where it says it is not wanted ("I don't want to
    pay anything for bags" to a plan that adds none: no proposal of a bag update)."""
    return all(_UNWANTED.search(s) is not None for s, _q in sentences(yes_part)
               if names_action(s, words) is not None)


def _refund_elsewhere(last: Text, theirs: Text, arguments: dict[str, Any],
                      own_step: Callable[[], Text] | None = None) -> tuple[str, str] | None:
    """Where the call takes no payment method (a cancellation) and the user's words from the yes
    on ask for the money on another kind of method than the one the proposal puts it on ("ja
    bitte stornieren, aber das geld bitte auf meine kreditkarte und nicht auf die
    geschenkkarte", the refund going to the gift card): (the proposal's kind, the asked one)."""
    if any(isinstance(v, str) and kind_of(v) for v in _flat(arguments)) \
            or (_MAY_NAME_METHOD.search(theirs.plain) is None
                and _METHOD_ABROAD.search(theirs.plain) is None):
        return None
    words = theirs.plain
    if _FOR_THE_THING.search(words) is not None:
        # (not a sentence put on another thing's money: "Yes to cancelling both orders. For the
        # watch, could that money go on my gift card instead?", the watch named on no line of
        # the proposal that names the call's order)
        ids = [v.lower() for v in _flat(arguments) if isinstance(v, str) and v]
        own_lines = " ".join(line for line in last.plain.split("\n") if any(i in line for i in ids)
                             and names_action(NOUNS.sub(" ", line), ALL_ACTION_WORDS) is not None)
        words = " ".join(sentence for sentence in re.split(r"(?<=[.!?])\s+", words)
                         if (thing := _FOR_THE_THING.match(sentence)) is None or not own_lines
                         or re.search(rf"(?<![\w']){thing.group(1)[:4]}", own_lines) is not None)
    said = _RULED_OUT.sub(" ", _methods_in_english(words))
    asked = {m.group(1).replace(" ", "") for m in _MONEY_ON.finditer(said)}
    if asked and own_step is not None:  # (not a method asked for another step's money: "Lo 1
        # sí, dale. ... El puzzle sí devuélvelo pero el reembolso a la tarjeta de regalo mejor")
        said = _RULED_OUT.sub(" ", _methods_in_english(
            _others_conditions_out(theirs, own_step(), last).plain))
        asked = {m.group(1).replace(" ", "") for m in _MONEY_ON.finditer(said)}
    if not asked:
        return None
    text = _METHOD_ABROAD.sub(_in_english, last.plain)
    paying = {_named_method(text, cue, method) for cue in _PAID_TO.finditer(text)
              if (method := _METHODS.search(cue.group())) is not None} - {"originalpaymentmethod"} \
        or {m.group().replace(" ", "") for m in _METHODS.finditer(text)} - {"originalpaymentmethod"}
    if len(paying) != 1 or asked <= paying:
        return None
    return (re.sub(r"(?<=.)card$", " card", next(iter(paying))),
            re.sub(r"(?<=.)card$", " card", sorted(asked - paying)[0]))


_FOR_THE_THING = re.compile(r"(?:(?:and|but|oh|ok|okay),? )?(?:as )?for the ([a-z]{3,})")
# the money asked to go on a method: "the money on my credit card", "das geld auf meine kreditkarte"
_MONEY_ON = re.compile(r"(?<![\w'])(?:money|refund|geld|argent|dinero|dinheiro|soldi|rimborso|"
                       r"erstattung|remboursement|reembolso|it|that|them)\s+(?:\w+\s+)?(?:on|to|onto|"
                       r"back to|auf|sur|su|sulla|en|a|na|no|op|naar|pro|pra)\s+(?:my|meine|meiner|"
                       r"ma|mon|mi|mia|la|il|o|a|mijn|the|die|der)?\s*(gift ?card|credit card|"
                       r"paypal|visa|mastercard|amex|certificate)")
_FLIGHT_CODE = re.compile(r"(?<![\w'])[a-z]{3}\d{3}(?![\w'])")
_OPTIONS_CUE = re.compile(r"(?<![\w'])(?:options?|choices?|alternatives?)(?![\w'])")
# a pick among options in the yes: a number, an ordinal, a time of day, a comparison
_PICKS = re.compile(r"(?<![\w'])(?:[1-9]|first|second|third|last|morning|afternoon|evening|night|"
                    r"earlier|later|cheaper|cheapest|direct|nonstop|that one|this one|the one|"
                    r"[a-z]{3}\d{3}|\d{1,2}(?::\d\d)?\s*(?:am|pm))(?![\w'])")


# one leg of a trip asked to be cancelled: "please cancel the return leg", "just drop the flight
# back"
_ONE_LEG = re.compile(r"(?<![\w'])(?:cancel|drop|remove|scrap|get rid of)(?: (?:only|just))? "
                      r"(?:the |my |our )?(?:(?:return|outbound|inbound|homebound|homeward|onward) "
                      r"(?:leg|flight|portion|segment|half|part)|(?:first|second) (?:leg|half|portion|"
                      r"segment)|(?:leg|flight|way|trip) (?:back|home|out|there))(?![\w'])|"
                      r"(?<![\w'])(?:only|just) (?:the )?(?:return|outbound|inbound) "
                      r"(?:leg|portion|segment|half)(?![\w'])|"
                      # (in the other languages read: "ma solo il ritorno", "seulement le retour",
                      # "solo la vuelta", "só a volta", "nur den Rückflug")
                      r"(?<![\w'])(?:solo|soltanto|seulement|solamente|sólo|só|somente|apenas|nur) "
                      r"(?:il |le |la |el |a |o |den |der |l')?(?:ritorno|andata|retour|aller|vuelta|ida|"
                      r"volta|r[üu]ckflug|hinflug)(?![\w'])")


def _asked_after(theirs: Text, value: str, own: Any) -> bool:
    """A method the user asked for after the yes, in a sentence of its own that names it as
    where money goes ("Oh, actually, on second thought, could you charge the lamp difference to
    my Visa instead of PayPal?")."""
    return any(named(Text(m.group()), value, own) for m in _ASKED_ON.finditer(theirs.plain))


def _card_asked(theirs: Text, value: str, own: Any) -> str | None:
    """A card the user's words ask the money to go on by its last digits ("charge the $782 to
    my Visa ending 2076"), another of the call's method's kind than the call's: that card."""
    for m in (*_ASKED_ON.finditer(theirs.plain), *_CARD_ASKED_HAN.finditer(theirs.plain)):
        if (m.re is _ASKED_ON and re.search(r"ending(?: in)? \d{4}", m.group()) is None) \
                or named(Text(m.group()), value, own):
            continue
        other = other_payment(Text(m.group()), value, own.get(value), own.siblings(value))
        if other is not None:
            return other
    return None


def _method_asked_instead(theirs: Text, value: str, own: Any) -> str | None:
    """A method the user's words ask the money to go on ("put it on the mastercard"), another
    than the call's, where they name the call's only to set it aside ("I'm saving the gift
    card"): that method, else None."""
    if _METHOD_SET_ASIDE.search(theirs.plain) is None:
        return None
    if named(Text(_METHOD_SET_ASIDE.sub(" ", theirs.plain)), value, own):
        return None
    for m in _ASKED_ON.finditer(theirs.plain):
        if not named(Text(m.group()), value, own) \
                and (other := other_payment(Text(m.group()), value, own.get(value),
                                            own.siblings(value))) is not None:
            return other
    return None


def _method_preferred(theirs: Text, value: str) -> str | None:
    """Another kind of method than the call's that the user's words ask the money to go on:
    said to be the only one, the call's unnamed ("Mastercard only. Kindly proceed."), or asked
    for with a preference in a "but" after a bare yes ("sí, pero que la plata me caiga en la
    PayPal mejor, que esa gift card casi ni la uso", "yes, but I'd rather it went to my paypal"),
    the clause, up to a reason or a method set aside, not naming the call's kind: that kind,
    else None."""
    own_kind = kind_of(value)
    if own_kind not in _KIND_WORDS:
        return None
    if "?" not in theirs.plain and _KIND_NAMED[own_kind].search(theirs.plain) is None:
        for kind, only in _KIND_ONLY.items():
            # (another method alone, said to be the only one: "Mastercard only. Kindly proceed.",
            # "only to my paypal please")
            if kind != own_kind and only.search(theirs.plain):
                return kind.replace("_", " ")
    for m in _BUT_ASKS.finditer(theirs.plain):
        clause = m.group(1)
        head = clause[:cut.start()] if (cut := _SET_ASIDE_OPENS.search(clause)) is not None else clause
        if _PREFERS.search(clause) is None or len(re.findall(r"[\w']+", theirs.plain[:m.start()])) > 4 \
                or any(t not in _MONEY_NOUNS for t in _ARTICLE_NOUN.findall(head)):
            continue  # (a yes to the whole, bare: not one step's, "thermostat also yes, but put
            # that difference on my gift card rather than the visa", nor one thing's money, "put
            # the bag on the gift card instead")
        if _KIND_NAMED[own_kind].search(head) is not None:
            continue
        for kind, sent in _KIND_SENT.items():
            if kind != own_kind and sent.search(head) is not None:
                return kind.replace("_", " ")
    return None


_ARTICLE_NOUN = re.compile(r"(?<![\w'])(?:the|my|that|this|la|el|lo|o|a|le|il|das|die|der) ([a-zà-ÿ]{3,})")
_MONEY_NOUNS = frozenset({"money", "refund", "difference", "charge", "rest", "plata", "dinero", "reembolso",
                          "diferencia", "dinheiro", "diferença", "argent", "remboursement", "différence",
                          "geld", "rückerstattung", "differenz", "soldi", "rimborso", "differenza",
                          "paypal", "gift", "visa", "mastercard", "card", "tarjeta", "cartão", "carte",
                          "carta", "karte", "credit", "certificate"})
_BUT_ASKS = re.compile(r"(?<![\w'])(?:but|pero|mas|mais|aber|ma)(?![\w'])([^?.;!]*)")
_PREFERS = re.compile(r"(?<![\w'])(?:rather|prefer\w*|instead|mejor|prefiero|prefiro|prefer[ií]a|plutôt|"
                      r"lieber|invece|meglio|melhor|en vez|en lugar|em vez|ao invés|stattdessen|"
                      # (or the money sent there outright: "Sí, pero cárgalo a la tarjeta regalo")
                      r"liever|c[aá]rg(?:alo|ala|uelo|uela)|p[oó]n(?:lo|la)|put (?:it|that)|"
                      r"charge (?:it|that)|cobr(?:a|e)|mets|mettez|addebit\w*|coloca|cobra-me|"
                      r"buchen sie)(?![\w'])")
# where the asked-for method's clause ends: a reason, the call's method set aside
_SET_ASIDE_OPENS = re.compile(r",\s*(?:que|since|because|as|porque|pq|car|weil|perché|i barely|"
                              r"i don'?t|i never)(?![\w'])|(?<![\w'])(?:rather than|instead of|not "
                              r"(?:the|my|on|to)|en vez de|en lugar de|em vez d[eoa]|au lieu d[eu]|statt|"
                              r"invece d[ie]l?)(?![\w'])")
_MONEY_TO = r"(?:to|on|onto|into|en|a|al|na|no|para|pra|sur|auf|sulla|alla|op|naar)"
_KIND_WORDS = {
    "gift_card": r"gift ?card|tarjeta (?:de )?regalo|vale-presente|cart[ãa]o[- ]presente|carte[- ]cadeau|"
                 r"buono regalo|geschenkkarte|cadeaukaart",
    "credit_card": r"credit card|visa|mastercard|master|amex|tarjeta de cr[eé]dito|cart[aã]o de cr[eé]dito|"
                   r"carte de cr[eé]dit|carta di credito|kreditkarte|creditcard",
    "paypal": r"paypal", "certificate": r"certificate|cert|certificado|certificat|certificato|gutschein",
}
# each kind by its words; said to be the only one; the money sent to it (built once)
_KIND_NAMED = {kind: re.compile(rf"(?<![\w'])(?:{words})(?![\w'])") for kind, words in _KIND_WORDS.items()}
_KIND_ONLY = {kind: re.compile(rf"(?<![\w'])(?:(?:{words}) only|(?:only|just) (?:to |on |onto )?(?:my |the )?"
                               rf"(?:{words}))(?![\w'])") for kind, words in _KIND_WORDS.items()}
_KIND_SENT = {kind: re.compile(rf"(?<![\w']){_MONEY_TO} (?:[\w-]+ ){{0,2}}(?:{words})(?![\w'])")
              for kind, words in _KIND_WORDS.items()}


# a method set aside: "i'm saving the gift card", "not the visa", "keep my gift card for later"
_METHOD_SET_ASIDE = re.compile(r"(?<![\w'])(?:(?:i'?m |i am )?(?:saving|keeping|keep|not using|"
                               r"holding on to|hanging on to)|not|don'?t (?:want to )?(?:use|touch)|"
                               r"rather not use) (?:the |my )?[\w ]{0,15}?(?:gift ?card|visa|mastercard|"
                               r"amex|paypal|certificate|credit card)(?: ending(?: in)? \d{4})?")


# a card asked for by its digits in Chinese: "用尾号5018那张卡吧" (use the card ending 5018)
_CARD_ASKED_HAN = re.compile("(?:用|退到|退回|退至|刷)(?:尾号|尾號|末尾|后四位|後四位)?\\s?\\d{4}|"
                             # (and in Japanese: "支払いは末尾7788のカードにしてください")
                             "(?:お?支払い?)(?:は|を)?(?:末尾|下4桁|下四桁)\\s?\\d{4}")
# a method asked for after the yes: "could you charge the lamp difference to my visa instead"
_ASKED_ON = re.compile(r"(?<![\w'])(?:charge|put|bill|refund|send|move)(?: (?:the|my|that|it|this))?"
                       r"(?: \$[\d,.]+\d)?(?: [a-z]{3,15})?(?: (?:difference|refund|charge|money))? "
                       r"(?:to|on|onto) "
                       r"(?:my |the )?[\w ]{0,20}?(?:gift ?card|visa|mastercard|amex|paypal|credit card|"
                       r"debit card|card)(?: ending(?: in)? \d{4})?")


# a total said as one: "3 total", "total bags: 3", "a total of 3 checked bags", "to 3 bags"
_TOTAL_SAID = re.compile(r"(?<![\w$.,])(\d{1,2}) total(?![\w'])|"
                         # (the other languages: "2 malas no total: 1 grátis e 1 paga", "2 maletas en
                         # total", "2 Gepäckstücke insgesamt"; "no total:" is no total of what follows)
                         r"(?<![\w$.,])(\d{1,2}) (?:malas|maletas|valises|bagages|valigie|bagagli|koffers|"
                         r"gepäckstücke|koffer|taschen)(?: despachadas| facturadas| enregistrées)? (?:no "
                         r"total|en total|au total|in totale|in totaal|insgesamt)(?![\w'])|"
                         r"(?<![\w'])(?<!no )(?<!en )(?<!au )(?<!in )total(?: of)?(?: checked)?"
                         # (not the count before an arrow: "total 1 → **3**")
                         r"(?: bags?| baggages?| luggage)?:?\s*(\d{1,2})(?![\w$.,])(?!\s*\**\s*(?:→|->))|"
                         r"(?:→|->|(?<![\w'])to) "
                         r"(\d{1,2}) (?:checked )?(?:bags?|baggages?|pieces)(?![\w'])|"
                         # ("Malas: total 1 → **3**, todas gratuitas": the count after the arrow)
                         r"(?<![\w'])total\s*\d{1,2}\s*(?:→|->)\s*\**\s*(\d{1,2})(?![\w$.,])")


def _totals_named(text: str) -> set[int]:
    """The totals ``text`` names as totals (``_TOTAL_SAID``), not an allowance's ("3 free bags
    per economy passenger (9 total)")."""
    return {int(next(g for g in m.groups() if g)) for m in _TOTAL_SAID.finditer(text)
            if _ALLOWANCE_BEFORE.search(text, max(0, m.start() - 50), m.start()) is None}


# what a count of bags after it is the allowance of: "3 free bags per economy passenger ("
_ALLOWANCE_BEFORE = re.compile(r"(?<![\w'])free(?: checked)? (?:bags?|baggages?)(?: each)? per "
                               r"(?:\w+ )?(?:passenger|person|traveller|traveler)s?\s*\(?\s*$")


def _choice_turned_down(text: str, value: str, choices: tuple[str, ...]) -> str | None:
    """Another of a key's choices the user's words take, where they turn ``value`` down ("no,
    business is way too much. economy then"): that choice, else None."""
    said = value.replace("_", " ")
    if said not in text:
        return None
    down = re.search(rf"(?:(?<![\w'])(?:no|not|instead of|rather than|forget)[,]? (?:the )?{said}"
                     rf"|(?<![\w']){said}(?: class| cabin)? (?:is|'s|are|seems|sounds) (?:way |much |"
                     rf"far |a bit |just |really |too )*too (?:much|expensive|pricey|steep|costly|"
                     rf"high))(?![\w'])", text)
    if down is None:
        return None
    rest = text[:down.start()] + " " + text[down.end():]
    return next((c for c in sorted(choices, key=len, reverse=True) if c != value
                 and re.search(rf"(?<![\w']){re.escape(c.replace('_', ' '))}(?![\w'])", rest)
                 and not (value.endswith(c) or c.endswith(value))), None)


def _other_choice_taken(turn: str, proposed: str, value: str, choices: tuple[str, ...]) -> str | None:
    """The one choice of a key the user's ``turn`` names, where it is not ``value`` and the
    proposal offered both: that choice, else None."""
    said = value.replace("_", " ")
    if said not in proposed or not any(c != value and c.replace("_", " ") in turn for c in choices):
        return None  # (cheap: most turns name no other choice)
    if re.search(rf"(?<![\w']){re.escape(said)}(?![\w'])", turn) is not None \
            or re.search(rf"(?<![\w']){re.escape(said)}(?![\w'])", proposed) is None:
        return None
    taken = []
    rest = turn
    for c in sorted(choices, key=len, reverse=True):
        if c == value or value.endswith(c) or c.endswith(value):
            continue
        pattern = rf"(?<![\w']){re.escape(c.replace('_', ' '))}(?![\w'])"
        if re.search(pattern, rest) is not None:
            taken.append(c)
            rest = re.sub(pattern, " ", rest)
    if len(taken) != 1:
        return None

    def offered(choice: str, other: str) -> bool:  # (on a line of its own, with its price)
        mine = rf"(?<![\w']){re.escape(choice.replace('_', ' '))}(?![\w'])"
        theirs = rf"(?<![\w']){re.escape(other.replace('_', ' '))}(?![\w'])"
        return any(re.search(mine, line) and not re.search(theirs, line) and re.search(r"\d", line)
                   for line in proposed.split("\n"))

    return taken[0] if offered(taken[0], value) and offered(value, taken[0]) else None


def _one_leg_asked(session: SessionState, spec: ActionSpec, arguments: dict[str, Any],
                   turn: str) -> str | None:
    """A yes turn asking to cancel one leg of a reservation of several flights ("Yes, please
    cancel the return leg. I'll still be flying out on the 20th") where the call cancels the
    whole reservation: the words, else None."""
    if not spec.tool.startswith("cancel") or set(arguments) - {"reservation_id", "reason"} \
            or "reservation_id" not in arguments or (leg := _ONE_LEG.search(turn)) is None:
        return None
    current = _current(session, arguments)
    flights = current.get("flights") if current is not None else None
    if not isinstance(flights, list) or len(flights) < 2:
        return None
    return leg.group()


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1": 1, "2": 2, "3": 3, "4": 4,
             "5": 5}  # (others, "last": the last)
_ORDINAL_PICK = re.compile(r"(?<![\w'$.#:])(?:the )?(?:(first|second|third|fourth|last)(?: one| option|"
                           r" flight)|(?:option|number|#|no\.?) ?([1-5])|([1-5])(?:st|nd|rd|th)? "
                           r"(?:one|option))(?![\w'])")


def _places_picked(turn: str, options: int) -> set[int]:
    """The places (from 0) of the options ``turn`` picks by their place among ``options``:
    "the second one", "option 2", "the last one"."""
    return {_ORDINALS.get(m.group(1) or m.group(2) or m.group(3), options) - 1
            for m in _ORDINAL_PICK.finditer(turn)}


def _item_option_mispicked(session: SessionState, last: Text, arguments: dict[str, Any], turn: str
                           ) -> tuple[int, str] | None:
    """Where the proposal lists numbered options of variants ("1. Tea Kettle (stainless steel, 2
    liters, gas) ... 2. Tea Kettle (ceramic, 2 liters, gas) ..."), the yes turn picks one by its
    place ("yep, the second one") and the call's one new item is described by another option:
    (the place picked, the call's item), else None."""
    new = arguments.get("new_item_ids")
    if not isinstance(new, list) or len(new) != 1 or _ORDINAL_PICK.search(turn) is None:
        return None
    steps = _plan_steps(last.plain)
    if steps is None:
        return None
    places = _places_picked(turn, len(steps))
    if len(places) != 1 or not 0 <= (place := places.pop()) < len(steps):
        return None
    own = _variants(session).get(str(new[0]))
    values = [o for o in own[1].values() if o.lower() not in _PLAIN_VALUES] if own else []
    if not values or _described_together(steps[place].plain, values):
        return None
    if any(_described_together(step.plain, values) for k, step in enumerate(steps) if k != place):
        return place + 1, str(new[0])
    return None


def _flight_option_unpicked(last: Text, arguments: dict[str, Any], said: str, turn: str
                            ) -> str | None:
    """Where the proposal lists numbered options of flights ("Here are the economy options ...
    1. HAT201 ... 2. HAT245 ... Shall I proceed with the change?"), the call's flights are one
    option's only, and the yes picks none ("Yes please."), nor the rest of its turn ("Yep, the
    second one. Six in the morning is just too early for me. Go ahead."): the options' flights,
    else None."""
    if not isinstance(flights := arguments.get("flights"), list) or not flights \
            or _OPTIONS_CUE.search(last.plain) is None:
        return None
    picks = _PICKS.search(said) is not None or _PICKS.search(turn) is not None
    if picks and _ORDINAL_PICK.search(turn) is None:
        return None
    steps = _plan_steps(last.plain)
    if steps is None:
        return None
    # (each option's own line; what follows the last may be a summary of the one proposed:
    # "Here's what the change would look like: ... New flights: HAT110 and HAT172")
    heads = [step.plain.split("\n", 1)[0] for step in steps]
    called = {str(f.get("flight_number", "")).lower() for f in flights if isinstance(f, dict)}
    end = last.plain.rfind(steps[-1].plain)
    after = last.plain[end + len(steps[-1].plain):] if end >= 0 else ""
    # (or in the lines under the last option's own, where they name another option's flights:
    # "2. HAT083 ... \nFor the morning flight: - New flight: HAT069 ...", the last option
    # running on to the text's end)
    if called and not called & set(_FLIGHT_CODE.findall(heads[-1])):
        after = steps[-1].plain.partition("\n")[2] + " " + after
    if called and called <= set(_FLIGHT_CODE.findall(after)):
        return None
    numbers = [set(_FLIGHT_CODE.findall(head)) for head in heads]
    owning = [k for k, ns in enumerate(numbers) if ns and ns <= called]
    others = [ns for k, ns in enumerate(numbers) if ns and k not in owning and not ns & called]
    if len(owning) != 1 or not others:
        return None
    if picks:  # (an option picked by its place: the call's must be the one picked, "Yep, the
        # second one. ... Go ahead.")
        places = _places_picked(turn, len(heads))
        if len(places) != 1 or places == {owning[0]}:
            return None
        return ", ".join(sorted(n.upper() for ns in numbers for n in ns))
    # (a word of the option's own, that no other says, picks it: "book the JFK to SFO flight")
    own = set(re.findall(r"[a-z]{3,}", heads[owning[0]]))
    rest = {w for k, head in enumerate(heads) if k != owning[0] for w in re.findall(r"[a-z]{3,}", head)}
    if any(re.search(rf"(?<![\w']){w}(?![\w'])", said) for w in own - rest):
        return None
    return ", ".join(sorted(n.upper() for ns in numbers for n in ns))


def _kept_by_proposal(last: str, arguments: dict[str, Any]) -> str | None:
    """The call's reservation or order, where the proposal names it and every time as the one it
    keeps ("keep **PUNERT**", "PUNERT (kept)"): its id, else None."""
    if not _keep_word_in(last):
        return None  # (the common case, decided by substring checks: this runs on every check)
    for key in ("reservation_id", "order_id"):
        value = arguments.get(key)
        if not isinstance(value, str) or len(value) < 5:
            continue
        own, found = value.lower(), []
        at = last.find(own)
        while at >= 0:  # (str.find: this runs on every check)
            found.append(at)
            at = last.find(own, at + 1)
        if found and all(_kept_at(last, at, len(own)) for at in found):
            return value
    return None


def _kept_at(last: str, at: int, size: int) -> bool:
    """Whether the id at ``at`` in ``last`` is said to be kept, by the words just before it or
    just after it (cheap substring checks first: this runs on every check)."""
    before = last[max(0, at - 24):at]
    if _keep_word_in(before) and _KEEP_CUE.search(before) is not None:
        return True
    after = last[at + size:at + size + 20]
    return ("kept" in after or "(un" in after or "(no" in after) and _LEFT_ALONE.match(after) is not None


def _keep_word_in(text: str) -> bool:
    """Whether ``text`` holds a word a keep cue starts with (plain substring tests, cheaper
    than a search)."""
    return "keep" in text or "leav" in text or "not cancel" in text or "won" in text \
        or "untouched" in text or "unchanged" in text or "kept" in text or "(no" in text


# the cue of one kept, just before its id: "keep **punert**", "leaving #w1 as it is"
_KEEP_CUE = re.compile(r"(?<![\w'])(?:keep|keeping|leave|leaving|not cancel(?:l?ing)?|won'?t (?:cancel|touch|"
                       r"change)|untouched:?|unchanged:?)\W{0,6}$")
# and after it: "punert (kept)" (not "jx5c1v stays on the same flight", a detail of its change)
_LEFT_ALONE = re.compile(r"\W{0,4}(?:is kept|\(kept\)|\(unchanged\)|\(no change\))")


# the agent saying it cannot do something (a turn that asks nothing), and a user's words that
# only take that in ("fine, whatever", "ok then")
_AGENT_REFUSED = re.compile(r"(?<![\w'])(?:(?:i'?m|i am) (?:not able|unable)|i (?:can'?t|cannot)|"
                            r"(?:isn'?t|is not|not) (?:possible|eligible|allowed)|unfortunately|"
                            r"i'?m afraid)(?![\w'])")
_TAKEN_IN = re.compile(r"(?:ugh,? |oh well,? |hmm,? )?(?:fine|ok(?:ay)?|alright|all right|whatever|i see|"
                       r"understood|got it)(?:[\s,.!]+(?:fine|ok(?:ay)?|whatever|then|i guess))*[\s.!]*")


def _bind(session: SessionState, auth: Authorisation, spec: ActionSpec,
          arguments: dict[str, Any], aliases: Aliases, other_words: tuple[str, ...] = ()
          ) -> Coverage:
    messages = session.messages
    last, window, yes = auth.proposal(messages)
    last = auth.summary_before_question(messages, spec.words) or last
    reply = auth.reply(messages)
    yes_part, proposed, rest, after = reply.yes_part, reply.proposed, reply.rest, reply.after
    said, theirs = reply.said, reply.theirs
    shown = auth.shown(last, window)
    words = f'"{auth.words}"'
    if not window.plain:
        return Coverage(False, f"the user said {words} but the agent had proposed nothing before "
                        "it", auth.words, "")
    # (not in what it says stays as it is: "Profile address unchanged")
    if (names_action(proposed.kept().plain, spec.words) is None
            or (names_action(window.kept().plain, spec.words) is None
                and _named_unwanted(yes_part.plain, spec.words))) \
            and not _summary_of_new(session, spec, arguments, proposed) \
            and not _change_shown(session, arguments, proposed):
        return Coverage(False, f"the user said {words} to a proposal that does not describe this "
                        f"action ({spec.tool.replace('_', ' ')})", auth.words, shown)
    if (turn_before := auth.proposal(messages)[0].plain) and "?" not in turn_before \
            and _AGENT_REFUSED.search(turn_before) is not None \
            and _TAKEN_IN.fullmatch(auth.words.strip()) is not None \
            and not any(isinstance(v, str) and len(v) >= 4 and v.lower().lstrip("#") in turn_before
                        for v in _flat(arguments)):
        # (a "fine" that takes in what the agent could not do, naming nothing of the call: "I'm
        # not able to offer compensation for it." "Fine, whatever.", the booking proposed long
        # before)
        return Coverage(False, f"the user said {words} to the agent's answer that it could not do "
                        "something else, not to this action", auth.words, shown)
    if (kept_id := _kept_by_proposal(last.plain, arguments)) is not None:
        # (the object named only as the one kept: "May 22: keep **PUNERT** (departs Boston).
        # Cancel **HSR97W**", the call cancelling PUNERT)
        return Coverage(False, f"the user said {words} to a proposal that does not propose this "
                        f"action on {kept_id!r}", auth.words, shown,
                        "reservation_id" if "reservation_id" in arguments else "order_id")
    if other_words and spec.tool == "update_reservation_flights" \
            and _flights_unnamed(last.kept().plain, spec.words, other_words, arguments):
        # ("The passenger update for D5VH1W would be: ... Peter Novak → Petr Novak ... Shall I
        # proceed with the name correction?" "yes please", the call changing the flights)
        return Coverage(False, f"the user said {words} to a proposal of another action; it names "
                        "none of the call's flights and this action only by words every update has",
                        auth.words, shown)
    if (refund_to := _refund_elsewhere(last, theirs, arguments, lambda: _own_step(
            last, arguments, known_values(session, reads=True), spec.words))) is not None:
        return Coverage(False, f"the user said {words} and asked for the money on "
                        f"{refund_to[1]}, where the proposal puts it on {refund_to[0]}", auth.words,
                        shown)
    if (leg := _one_leg_asked(session, spec, arguments, yes.plain)) is not None:
        return Coverage(False, f"the user said {words} and asked to cancel one leg (\"{leg}\"); "
                        "the call cancels the whole reservation", auth.words, shown)
    if (mispicked := _item_option_mispicked(session, last, arguments, yes.plain)) is not None:
        return Coverage(False, f"the user said {words} and picked option {mispicked[0]}; the "
                        f"call's new item {mispicked[1]!r} is another option's", auth.words, shown,
                        "new_item_ids", superseding=True)
    if (options := _flight_option_unpicked(last, arguments, auth.words, yes.plain)) is not None:
        return Coverage(False, f"the user said {words} to a proposal listing options ("
                        f"{options}) without picking the call's", auth.words, shown)
    if (check := _check_offered(last.plain, yes.plain, spec.words)) is not None:
        # ("Before making any change, would you like me to check connecting flights later in
        # the evening as well?" "yes please": a yes to looking, not to this action)
        return Coverage(False, f"the user said {words} to the agent's offer to look something "
                        f"up ({check!r}), not to this action", auth.words, shown, superseding=True)
    if (other_way := _other_way_taken(last.plain, yes.plain, spec.words)) is not None:
        # ("Soll ich stornieren, oder möchten Sie vorher noch Ihre andere offene Bestellung
        # ansehen?" "ja, zeig mal die andere")
        return Coverage(False, f"the user said {words} to the other way the agent offered "
                        f"({other_way!r}), not to this action", auth.words, shown, superseding=True)
    if other_words and (asked_first := _asked_apart(last.plain, yes.plain, spec.words, other_words)):
        # (the proposal asked of this action in a later question of its own, and the yes named
        # the first's: "Shall I update these three orders? And separately — would you also like
        # me to change your default profile address ...?" "Yes, please update the three orders.")
        return Coverage(False, f"the user said {words} to the question {asked_first!r}; the proposal "
                        "asked about this action separately, and the user never answered that",
                        auth.words, shown)
    if other_words and (said_for := _yes_to_word(auth.words)) is not None \
            and names_action(said_for.group(1), other_words) is not None \
            and names_action(said_for.group(1), spec.words) is None \
            and _ONE_THING_SAID.fullmatch(_SENTENCE_END.split(auth.words[said_for.start(1):],
                                                              1)[0]) is not None \
            and not any(names_action(also.group(), spec.words) is not None
                        for also in _ALSO_STEP.finditer(yes.plain)) \
            and not (_PLURAL_CHANGES.match(auth.words, said_for.end(1) + 1) is not None
                     and any(names_action(line, spec.words) is not None
                             and _content_words(said_for.group(1)) & _content_words(line)
                             for line in last.plain.split("\n"))):
        # (nor all of a kind, this one's step among them: "Go ahead with the address fixes", the
        # plan's "3. Update your default profile address to the same address")
        # (nor where this action is added after it: "Yes to the name swap. Upgrade too, as long
        # as it's under $200 each.", its condition the ledger's to check)
        # (the whole of what it is said of, one thing: not "yes to the address change and the
        # cancellation", "yes to the address and the makeup kit")
        return Coverage(False, f"the user said {words} of another action "
                        f"({said_for.group(1)!r}), not this one ({spec.tool.replace('_', ' ')})",
                        auth.words, shown)  # ("Sì, per l'indirizzo va bene", the items' change)
    if (by_id := _yes_names_another(session, auth.words, arguments,
                                    plain(messages[auth.yes_index]))) is not None:
        return Coverage(False, f"the user said {words}, naming {by_id[1]!r}, not {by_id[2]!r}",
                        auth.words, shown, by_id[0])  # ("ok Juan texted back, he's fine with it.
        # go ahead with X7BYG1", the call downgrading BOH180 too)
    if auth.picked_by_word and names_action(
            yes_part.plain if reading_of(messages[auth.yes_index]).act is Act.AFFIRM
            else auth.words, spec.words) is None:  # (a turn that holds the rest: its yes alone)
        return Coverage(False, f"the user said {words}, picking another of the actions offered, "
                        f"not this one ({spec.tool.replace('_', ' ')})", auth.words, shown)
    if "?" in theirs.plain and names_action(auth.words, spec.words) is None \
            and names_action(NOUNS.sub(" ", auth.words), ALL_ACTION_WORDS) is not None \
            and _BOTH_SAID.search(auth.words) is None \
            and (asked := next((q for q in _QUESTIONS.findall(theirs.plain)
                                if names_action(NOUNS.sub(" ", q), spec.words) is not None
                                # (nor a question by the way on what follows it: "oye y cuanto
                                # tarda en llegar el correo de la devolucion?")
                                and _AFTERWARDS_ASKED.search(q) is None
                                # (not one the turn's later yes goes past: "The passenger is
                                # just me, right ...? Then yes, change that too.")
                                and not 0 <= theirs.plain.find(q) < theirs.plain.rfind(
                                    auth.words.lower())),
                               None)) is not None:
        # ("Yes, cancel it. For the new booking I'd like to use certificates first ... how much
        # will end up on the Mastercard?": a yes to the one action, a question about this one)
        return Coverage(False, f"the user said {words} to another action and asked about this "
                        f"one: \"{asked.strip()}\"", auth.words, shown)
    agent = auth.agent_text(messages)
    agent_named = (names_action(agent.plain, spec.words) is not None
                   or _flight_change_shown(arguments, agent)) \
        and not _read_out_only(agent.plain, spec, session, arguments)
    if not agent_named and _INSTEAD_ASKED.search(auth.words) \
            and names_action(auth.words, spec.words) is not None:
        # ("I don't want to exchange anything at all. I'll just return the water bottle
        # instead.": what the agent listed was the exchange's details, not this action's)
        return Coverage(False, f"the user asked for this action instead ({words}), but the "
                        "agent never described it to them before acting", auth.words, shown)
    if not agent_named and not _details_listed(agent, spec, arguments, aliases):
        # the user's own request, carried out without the agent listing it first
        return Coverage(False, f"the user asked for this action ({words}), but the agent never "
                        "described it to them before acting", auth.words, shown)
    if not agent_named and _other_write_since(session, auth.yes_seq, spec.tool):
        # the yes was spent on another action, carried out since, and the agent's turns it
        # answered never named this one (the user's own "I'll probably be checking a bag too"
        # earlier is no part of what they said yes to)
        return Coverage(False, f"the user said {words} to another action, carried out since; "
                        "the agent never described this one "
                        f"({spec.tool.replace('_', ' ')}) before it", auth.words, shown)
    if agent_named and names_action(agent.kept().plain, spec.words) is None \
            and not _change_shown(session, arguments, agent.kept()):
        # the agent named this action only to say it stays out ("Your profile address stays
        # unchanged" before a profile address update; not a change shown beside what it leaves:
        # "Maria Jonhson → Maria Johnson (DOB 1988-02-09 unchanged)")
        return Coverage(False, f"the user said {words} to a proposal that says this action "
                        f"({spec.tool.replace('_', ' ')}) is not part of it", auth.words, shown)
    # The agent asked for a go-ahead to this action after the yes and called before any answer:
    # that question is open, so the earlier yes does not cover what the agent just proposed.
    for m in reversed(messages[auth.yes_index + 1:]):
        if m.role is Role.USER:
            break
        if (_GO_AHEAD_ASKED.search(plain(m)) and names_action(plain(m), spec.words)) or (
                _OPEN_QUESTION.search(plain(m))):
            return Coverage(False, f"after the user said {words}, the agent asked the user "
                            "something and called before any answer", auth.words,
                            excerpt(plain(m)))
    sum_after = _sum_after(session, auth, spec.tool, arguments, last, proposed, yes)
    if sum_after is not None:
        number, newest = sum_after
        return Coverage(False, f"after the user said {words}, the agent tried this action and "
                        f"then put {number:,} in it on its own; the user never said yes to "
                        "that", auth.words, shown, superseding=newest)
    cued = _ASKED_CUE.search(theirs.plain) is not None  # (the usual case: nothing asked)
    brought = _brought_in_after(messages, auth, window, theirs, arguments, aliases, last,
                                session)
    if brought is not None:
        return Coverage(False, f"after the user said {words}, the agent put {brought!r} in the "
                        "call on its own; the user never said yes to it", auth.words, shown)
    missing = _addon_not_taken(theirs, arguments)
    if missing is not None:
        return Coverage(False, f"the user said {words} and asked for {missing}; the call does "
                        "not hold it", auth.words, shown)
    # (a unit the user's own words name settles it: "its apt 4B not 4")
    unit = _unit_put_right(theirs, arguments, last) if _UNIT.search(theirs.plain) \
        else _unit_dropped(last, arguments, theirs)
    if unit is not None:
        return Coverage(False, f"the user said {words} to an address with {unit[0]!r}; the call "
                        f"has address2 {unit[1]!r}", auth.words, shown, "address2",
                        superseding=names_action(last.plain, spec.words) is not None)
    insured = _insurance_differs(last, theirs, arguments)
    if insured is not None:
        return Coverage(False, f"the user said {words} to a booking with insurance "
                        f"{insured!r}; the call has {arguments.get('insurance')!r}", auth.words,
                        shown, "insurance",
                        superseding=names_action(last.plain, spec.words) is not None)
    short = _not_most_on(theirs, arguments, aliases)
    if short is not None:
        return Coverage(False, f"the user said {words} and asked for as much as possible on "
                        f"{short[0]}; the call puts {short[1]} on it of {short[2]} it could",
                        auth.words, shown, "payment_methods")
    total = _total_differs(last, theirs, arguments)
    if total is not None:
        return Coverage(False, f"the user said {words} to a proposal totalling {total[0]}; the "
                        f"call pays {total[1]}", auth.words, shown, "payment_methods",
                        superseding=names_action(last.plain, spec.words) is not None)
    default = _default_not_kept(last, theirs, arguments, aliases)
    if default is not None:
        return Coverage(False, f"the user said {words} to a proposal that would use "
                        f"{default[0]} unless told otherwise; the call uses {default[1]!r}",
                        auth.words, shown, "payment_method_id")
    # (where the user asked for another item themselves, "make it the black one instead", the
    # proposal's ids no longer bind the call: what is checked is that the call's variant has
    # the options the user asked for)
    variant = None
    changed = _option_refused(session, theirs, arguments) or (
        _option_asked(session, theirs, arguments, True) if cued
        else (_others_proposed(session, last, spec, arguments, aliases, yes_part)
              or (variant := _other_variant(session, last, arguments, window))
              or _option_asked(session, theirs, arguments, False)))
    if changed is not None:
        if changed[1] == _NO_OTHER:
            return Coverage(False, f"the user said {words} to a proposal describing one of "
                            f"{changed[0]}; the call also has {changed[2]!r}, described nowhere",
                            auth.words, shown, changed[0])
        # (a new item's variant the proposal described by its options, where it named this
        # action: the newest terms of it, which an older yes to a list of the order's contents
        # does not cover)
        return Coverage(False, f"the user said {words} to a proposal naming {changed[0]} "
                        f"{changed[1]!r}; the call has {changed[2]!r} instead", auth.words, shown,
                        changed[0], superseding=changed is variant
                        and changed[0].startswith("new_")
                        and names_action(last.plain, spec.words) is not None)
    priced = _other_priced(session, last, arguments) if not cued else None
    if priced is not None and _user_named_own_option(session, theirs, priced[2], priced[1]):
        priced = None  # (the user picked the call's variant by an option the priced one lacks:
        # "Okay, dann riskiere ich es mit RGB" to "Alternativ gäbe es taktil mit weißer
        # Beleuchtung (226,11 $)")
    if priced is not None:
        return Coverage(False, f"the user said {words} to a proposal pricing {priced[0]} "
                        f"{priced[1]!r}; the call has {priced[2]!r}", auth.words, shown,
                        priced[0], superseding=names_action(last.plain, spec.words) is not None)
    if (flown := _other_flight_proposed(session, last, theirs, arguments)) is not None:
        return Coverage(False, f"the user said {words} to a proposal naming flight {flown[0]!r}; "
                        f"the call has {flown[1]!r} instead", auth.words, shown, "flights",
                        superseding=names_action(last.plain, spec.words) is not None)
    if (seat := _one_seat_cancelled(session, spec, theirs, arguments)) is not None:
        return Coverage(False, f"the user said {words} and asked to cancel {seat[0]} only; the call "
                        f"cancels the whole reservation, all {seat[1]} passengers", auth.words, shown)
    alone = _one_passenger(session, last, theirs, arguments)
    if alone is not None:
        return Coverage(False, f"the user said {words} to a cabin change for {alone[0]} only; "
                        f"the call changes the cabin for all {alone[1]} passengers", auth.words,
                        shown, "cabin", superseding=names_action(last.plain, spec.words)
                        is not None)
    users_said = _of_this_action(" \n ".join(
        [yes.plain, *after[1 if rest else 0:], *(plain(messages[i]) for i in auth.narrowed)]),
        spec.words, other_words)
    if any(isinstance(v, str) and kind_of(v) for v in arguments.values()) \
            and _MAY_NAME_METHOD.search(users_said) is not None:
        users_said = _others_conditions_out(Text(users_said), _own_step(
            last, arguments, known_values(session, reads=True), spec.words), last).plain
        # (a method ruled out for another step's money: "put the headphone refund on my gift
        # card, not the Visa", the boots' exchange on the Visa)
    left_out = _left_out(spec, arguments, users_said, aliases, last, other_words, session)
    if left_out is not None:
        return Coverage(False, f"the user said {words} but not to {left_out[1]}", auth.words,
                        shown, left_out[0])
    if _not_mine(session, arguments, users_said):
        return Coverage(False, f"the user said {words} of their own only (\"mine\"); no passenger "
                        "of this reservation is the user", auth.words, shown)
    if (held := _held_before(auth, messages, last, spec)) is not None:
        return Coverage(False, f"the user held this action back (\"{held}\") and said {words} "
                        "to a proposal that leaves it out", auth.words, shown)
    if (narrowed := _narrowed_since(last, window, spec, arguments, aliases)) is not None:
        return Coverage(False, f"the user said {words} to a proposal narrowing this action to "
                        f"what it names; the call also has {narrowed[0]} {narrowed[1]!r}, named "
                        "only before", auth.words, shown, narrowed[0], superseding=True)
    # (the user's own words from the yes on count too: "go ahead, but fix her birthday to
    # 1957-03-12", the call keeping the old date)
    if (put_right := _birth_date_put_right(
            Text(f"{plain(messages[auth.yes_index])}\n{theirs.plain}"), arguments)) is not None:
        # (the whole yes turn: its last yes may come after the date put right, "... also 3.
        # September 2001. Sonst passt alles 👍")
        return Coverage(False, f"the user said {words}, then put a date of birth right to "
                        f"{put_right[0]}; the call holds {put_right[1]}", auth.words, shown,
                        "passengers", superseding=True)
    if (renamed := _name_put_right(plain(messages[auth.yes_index]), arguments)) is not None:
        return Coverage(False, f"the user said {words}, then put a name right to {renamed!r}; no "
                        "passenger of the call has it", auth.words, shown, "passengers", superseding=True)
    if (dob := _birth_date_kept(arguments, last.plain, theirs.plain)) is not None:
        return Coverage(False, f"the user said {words} to a proposal changing {dob[0]}'s date of "
                        f"birth to {dob[1]}; the call keeps {dob[2]}", auth.words, shown, "passengers",
                        superseding=True)
    if (kept_out := _replaced_person_kept(session, arguments, last.plain, theirs.plain)) is not None:
        return Coverage(False, f"the user said {words} to a proposal {kept_out}", auth.words, shown,
                        "passengers", superseding=True)  # (the newest terms of who flies)
    spelt = _name_kept(theirs, arguments)
    if spelt is not None:
        return Coverage(False, f"the user said {words} putting a name right ({spelt[0]!r}); "
                        f"the call has {spelt[1]!r}", auth.words, shown, "passengers")
    said_limits = limits(theirs.plain)
    kept_legs = {(str(f.get("flight_number")), str(f.get("date")))
                 for f in ((_current(session, arguments) or {}).get("flights") or ())
                 if isinstance(f, dict)} \
        if any(_LEG.search(p) for p in (*said_limits.left_out, *said_limits.kept)) else set()
    moved = _flight_moved(last, arguments, theirs, kept_legs) or _flight_moved(theirs, arguments) \
        or _date_kept(theirs, arguments)
    if moved is not None:
        return Coverage(False, f"the user said {words} to a proposal giving {moved[0]} the "
                        f"date {moved[1]}; the call has {moved[2]}", auth.words, shown,
                        superseding=names_action(last.plain, spec.words) is not None)
    elsewhere_step = _own_step_differs(last, spec, arguments, aliases, theirs)
    if elsewhere_step is not None:
        return Coverage(False, f"the user said {words} to a plan whose step for this call "
                        f"(\"{elsewhere_step[1]}\") does not name {elsewhere_step[0]!r}, which "
                        "another step names", auth.words, shown, superseding=True)  # (nor does
        # an older yes to the plan before its methods were set: "Put ours on the Mastercard, and
        # the parents' on the gift card", then the plan with a method on each step)
    split = _split_differs(auth.raw_last(messages), theirs, arguments, aliases.distinct)
    if split is not None:
        return Coverage(False, f"the user said {words} to a proposal putting {split[1]} on "
                        f"{split[0]}; the call {split[2]}", auth.words, shown, "payment_methods",
                        superseding=names_action(last.plain, spec.words) is not None)
    option = _option_not_picked(session, last, theirs, arguments, spec.words) \
        or _price_not_picked(plain(messages[auth.yes_index]), last, window, arguments)
    if option is not None:
        return Coverage(False, f"the user said {words} picking option {option[0].upper()}; the "
                        f"call holds {option[2]!r} of option {option[1].upper()}", auth.words,
                        shown)
    ranked = _rank_not_picked(theirs.plain, last, arguments)
    if ranked is not None:
        return Coverage(False, f"the user said {words} picking \"{ranked[0]}\" of the options; "
                        f"the call holds {ranked[1]!r}, of another option", auth.words, shown)
    timed = _time_not_picked(theirs.plain, last, arguments)
    if timed is not None:
        return Coverage(False, f"the user said {words} picking the option by its time "
                        f"(\"{timed[0]}\"); the call holds {timed[2]!r}, of the option leaving at "
                        f"{timed[1]}", auth.words, shown)
    asked_of = _asked_of_another(session, last, arguments)
    if asked_of is not None:
        return Coverage(False, f"the user said {words} to a question about {asked_of!r} only; "
                        "this call is another change the proposal listed", auth.words, shown)
    looked_up = known_values(session, reads=True)
    own_steps: list[Text] = []  # (the call's own step of the proposal, read once when asked)

    own_planned: list[Text] = []  # (the call's own step of the plan before the turn answered,
    # where own_step cut another step's method out of that turn)

    def own_step() -> Text:
        if not own_steps:
            step = _own_step(last, arguments, looked_up, spec.words)
            if _MAY_NAME_METHOD.search(step.plain) is not None and _plan_steps(last.plain) is None \
                    and (plan := next((Text(t) for t in auth.agent_turns(messages)[1:]
                                       if _steps_of_actions(t)), None)) is not None:
                # (the turn answered puts one step's money of the plan before it on a method:
                # "Got it, the $20.21 lamp difference goes to PayPal. Shall I go ahead with both
                # ...?", the helmet's return on the Visa the plan listed)
                planned = _own_lines(_own_step(plan, arguments, looked_up, spec.words), arguments,
                                     looked_up)
                planned = _others_conditions_out(planned, planned, plan)  # (nor the plan's own
                # question on another step's method: "For the lamp difference, ... Visa or PayPal?")
                step = _others_conditions_out(step, planned, plan)
                own_planned.append(planned)
            own_steps.append(step)
        return own_steps[0]

    def cut_from_plan() -> Text | None:
        """The call's own step of the plan before the turn answered, where ``own_step`` cut
        another step's method out of that turn; else None."""
        own_step()
        return own_planned[0] if own_planned else None
    elsewhere = _acted_on_another(last, spec, arguments, looked_up, session, auth.yes_seq)
    if elsewhere is not None:
        return Coverage(False, f"the user said {words} to a proposal putting this action on "
                        f"{elsewhere[0]} {elsewhere[1]!r}, not {elsewhere[2]!r}", auth.words,
                        shown, elsewhere[0])
    # (a plan numbered in the window, the last turn a report on it with no numbers: "Done: -
    # return requested ... - #W1443906 is untouched", then "do 2 as well")
    left = None
    if _BY_NUMBER.search(theirs.plain) or _yes_to_word(theirs.plain) or "번" in theirs.plain:
        # (read once per yes: the proposal does not change)
        if ("numbered",) not in auth._read:
            auth._read[("numbered",)] = last if len(_PLAN_MARK.findall(last.plain)) >= 2 \
                or len(_PLAN_MARK.findall(window.plain)) < 2 else window
        left = _numbered_left_out(auth._read[("numbered",)], theirs, arguments, looked_up,
                                  other_words, yes.plain, spec.words)
    if left is not None:
        return Coverage(False, f"the user said {words} to a numbered plan, {left}; this call is "
                        "that action", auth.words, shown)
    unspelled = _unspelled(last, window, theirs, spec, arguments, aliases, session)
    if unspelled is not None:
        return Coverage(False, f"the user said {words} to a proposal listing {unspelled[0]} "
                        f"by id without {unspelled[1]!r}", auth.words, shown, unspelled[0])
    if (new_item := _new_item_unsaid(session, arguments, Text(f"{window.plain} \n {yes.plain}"),
                                     auth.yes_seq)) is not None:
        return Coverage(False, f"the user said {words} to a proposal that never describes the new "
                        f"item {new_item!r} (its id, price or the options it changes)", auth.words,
                        shown, "new_item_ids")
    unsaid = _changed_unsaid(session, arguments, said)
    if unsaid is not None:
        return Coverage(False, f"the user said {words}, but the call sets {unsaid[0]} to "
                        f"{unsaid[1]!r}, which the proposal never named", auth.words, shown,
                        unsaid[0].split("[", 1)[0])
    for name, value in arguments.items():  # (a passenger the user left out since the yes)
        if isinstance(value, list) and (gone := _dropped_member(value, theirs)) is not None:
            return Coverage(False, f"the user said {words} and left {gone} out; the call "
                            f"still has {gone} in {name}", auth.words, shown, name)
    if (put_right := _put_right(arguments, theirs)) is not None \
            and not _said_of_another(theirs.plain, last, arguments):  # (not another's: "for the
        # vegas one just make it 3 bags not 4", the call on the Seattle reservation)
        return Coverage(False, f"the user said {words} and put {put_right[0]} right ("
                        f"{put_right[1]!r}); the call has it as it was", auth.words, shown,
                        put_right[0])
    if (whole := _WHOLE_ON_ONE.search(theirs.plain)) is not None \
            and len(payments := [m for m in arguments.get("payment_methods") or ()
                                 if isinstance(m, dict)]) >= 2:
        # ("actually wait, keep the certificate for another trip. just put the whole $255 on
        # the 7447 card", the call paying with the certificate and the card)
        return Coverage(False, f"the user said {words} and asked for it all on one method "
                        f"(\"{whole.group()}\"); the call splits it over {len(payments)}",
                        auth.words, shown, "payment_methods")
    context: Text | None = None
    # (a setting for all of one list's items: the cabin of every flight)
    items = [v for v in arguments.values() if isinstance(v, list) and len(v) >= 2
             and all(isinstance(m, dict) for m in v)]
    for key in spec.keys:
        value = values_at(arguments, key.name)
        if value is ABSENT:
            continue
        if key.name == "payment_id" and arguments.get("nonfree_baggages") == 0 \
                and _FREE_SAID.search(last.plain) is not None:
            continue  # (bags added free charge nothing: "From 1 to 2 checked bags ... no
            # charge", whichever method the call records)
        if isinstance(value, str) and key.name.endswith("_id") and not kind_of(value) \
                and _stays_as_is(last, value):
            return Coverage(False, f"the user said {words} to a proposal saying {key.name} "
                            f"{value!r} stays as it is", auth.words, shown, key.name)
        instead = _asked_instead(
            value, _of_this_object(session, _others_conditions_out(
                theirs, own_step(), last), arguments)
            if _has_method(value) else theirs, spec.words, aliases.distinct) \
            or (_otherwise_asked(value, key, theirs) if cued else None)
        if instead is not None and aliases.index is not None and _has_method(value) \
                and any(kind_of(m) == instead[1].replace(" ", "_")
                        for m in _named_by_amount(aliases.index, theirs, value)):
            instead = None  # (the kind asked for is the one the call pays with, named by its
            # amount: "use the $157 gift card instead of the $113 one")
        if instead is not None and not _has_method(value) \
                and _said_of_another(theirs.plain, last, arguments):
            instead = None  # (asked of another object by its place: "for the vegas one just make
            # it 3 bags not 4", the call on the Seattle reservation)
        if instead is not None:  # (the newest terms of this action, where it was proposed)
            return Coverage(False, f"the user said {words} and asked for {key.name} "
                            f"{instead[1]!r}, not {instead[0]!r}", auth.words, shown, key.name,
                            superseding=names_action(last.plain, spec.words) is not None)
        if isinstance(value, str) and kind_of(value) and key.name.startswith("payment") \
                and (before := _method_asked_before(auth, messages, last, value, spec.words,
                                                    aliases.distinct)) is not None:
            return Coverage(False, f"the user said {words} to a proposal naming no payment "
                            f"method, after asking for {before!r}; the call has {key.name} "
                            f"{value!r}", auth.words, shown, key.name)
        if isinstance(value, list | dict):
            swapped = _swapped_member(last, value, arguments, aliases)
            if swapped is not None and not (aliases.index is not None and _picked_by_amount(
                    aliases.index, theirs, [swapped[0]], swapped[1])) \
                    and not _picked_by_price(theirs, window, swapped[0]) \
                    and not _picked_by_word(theirs, window, swapped[0], swapped[1]):
                # (not where the user put it in the other's place by its amount: "Use the $500
                # certificate instead of the $250 one")
                return Coverage(False, f"the user said {words} to a proposal naming {key.name} "
                                f"{swapped[1]!r}; the call has {swapped[0]!r}", auth.words,
                                shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
            twin = _twin_undescribed(session, last, value, arguments, yes)
            if twin is not None:
                return Coverage(False, f"the user said {words} to a proposal describing "
                                f"another {twin[1]} than {twin[0]!r} by its options; the call "
                                f"has {key.name}={value!r}", auth.words, shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
            once = _said_once(session, last, value, arguments)
            if once is not None:
                return Coverage(False, f"the user said {words} to a proposal counting one "
                                f"{once[1]}; the call has {once[0]!r} more than once in "
                                f"{key.name}", auth.words, shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
            paid = [v for v in _flat(value) if isinstance(v, str) and kind_of(v)]
            methods = [v for v in paid if not named(theirs, v, aliases.every)]
            if methods:
                # a booking paid by a method the proposal did not put money on, where it put
                # money on another one (the amounts of a split are the sums' checks; in a
                # split, only another method of its kind the call does not use says so: the
                # Visa, where each booking of a plan was to charge the Mastercard; of the
                # call's own step where the plan numbers its bookings)
                paying = payment_text(_own_step(last, arguments, known_values(
                    session, reads=True), spec.words), spec.words)
                for v in methods:
                    if named(paying, v, aliases.distinct):
                        continue
                    other = other_payment(paying, v, aliases.distinct.get(v),
                                          aliases.distinct.siblings(v)) if len(paid) == 1 \
                        else next((o for o, _ in aliases.distinct.siblings(v)
                                   if kind_of(o) == kind_of(v) and o not in paid
                                   and named(paying, o, aliases.distinct)), None)
                    if other is not None:
                        return Coverage(False, f"the user said {words} to a proposal paying "
                                        f"with {other!r}, not {v!r}", auth.words, shown,
                                        key.name)
            # (what the proposal says stays out of it, "Kept: the boots", names nothing; things
            # named in Chinese or Japanese by their English names: "空気清浄機、スマートウォッチ")
            if named(proposed.kept(), value, aliases.every) or key.optional \
                    or (isinstance(value, list) and (cjk := _cjk_in_english(proposed)) is not None
                        and named(cjk.kept(), value, aliases.every)) \
                    or (isinstance(value, list) and (abroad := in_english(proposed.kept().plain))
                        != proposed.kept().plain and named(Text(abroad), value, aliases.every)) \
                    or (isinstance(value, list) and isinstance(arguments.get("order_id"), str)
                        and any(m.group(1) == arguments["order_id"].lower().lstrip("#")
                                for m in _ALL_ITEMS.finditer(proposed.kept().plain))) \
                    or (isinstance(value, list)
                        and _priced(session, arguments, value, proposed.kept(), aliases.every)):
                continue
            if isinstance(value, list) and len(value) >= 2 and len(set(value)) == len(value) \
                    and (listed := proposed.kept()) is not None \
                    and any(named(listed, v, aliases.every)
                            or _priced(session, arguments, [v], listed, aliases.every) for v in value):
                # (the proposal lists some of them and not this one; what came before it does not
                # add to its list: "Articles : Clavier ... 228,84 $ et Enceinte ... 292,71 $", the
                # call returning the makeup kit too, which the user had said she would keep)
                return Coverage(False, f"the user said {words} to a proposal listing some of "
                                f"{key.name}={value!r}, not all of them", auth.words, shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
            if context is None:
                recent = messages[max(0, auth.yes_index - CONTEXT_MESSAGES):auth.yes_index + 1]
                context = Text(" ".join(plain(m) for m in recent))
            if (named(context.kept(), value, aliases.every) or (isinstance(value, list) and _priced(
                    session, arguments, value, context.kept(), aliases.every))) and not any(
                    other_value(last, v) for v in _flat(value)):
                continue  # (or by their prices: "Botella de agua (750 ml, ...) - 47,76 $")
            return Coverage(False, f"the user said {words} to a proposal that does not name every "
                            f"one of {key.name}={value!r}", auth.words, shown, key.name)
        if isinstance(value, int | float) and not isinstance(value, bool) \
                and not named(theirs, value, {}) and _only_per_unit(last.plain, value):
            # "a certificate of $300 ($100 x 3 passengers)", the call sending $100
            return Coverage(False, f"the user said {words} to a proposal naming {value} only "
                            f"as a price per unit, not as {key.name}", auth.words, shown,
                            key.name)
        if isinstance(value, int) and not isinstance(value, bool) and (
                limited := _count_limited(session, theirs, key.name, value, arguments)):
            return Coverage(False, f"the user said {words} but to {limited} only; the call sets "
                            f"{key.name} to {value}", auth.words, shown, key.name)
        if isinstance(value, int) and not isinstance(value, bool) and not named(theirs, value, {}):
            count = count_set(last, key.name)  # ("Checked bags: 0 → 1", the call setting 2)
            if count is not None and count != value:
                return Coverage(False, f"the user said {words} to a proposal moving {key.name} "
                                f"to {count}, not {value}", auth.words, shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
            if count is None and "total" in key.name and (totals := _totals_named(last.plain)) \
                    and value not in totals:
                # (an earlier offer's total, where the proposal the yes answered names another:
                # "4 total, 2 non-free" turned down, then "3 total, 1 non-free. Confirm?" "Yes.")
                return Coverage(False, f"the user said {words} to a proposal naming {key.name} "
                                f"as {' or '.join(str(t) for t in sorted(totals))}, not {value}",
                                auth.words, shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
        own = aliases.distinct
        # (a flight said to stay "unchanged" keeps the reservation's cabin, as read)
        mixed, newest = (_mixed(auth, messages, arguments, value, key, spec.words,
                                (_current(session, arguments) or {}).get(key.name))
                         if key.choices else (None, True))
        if mixed is not None:
            # (the proposal named this call's own items: its terms replace older yeses')
            return Coverage(False, f"the user said {words} to a proposal putting {mixed}; the "
                            f"call sets {key.name} {value!r} for all of them", auth.words,
                            shown, key.name, superseding=newest and names_action(
                                last.plain, spec.words) is not None)
        if key.choices and isinstance(value, str) and len(items) == 1:
            only = _some_items(session, last, items[0], arguments, key.name, value, spec.words,
                               aliases)
            if only is not None:
                return Coverage(False, f"the user said {words} to a proposal changing "
                                f"{key.name} to {value!r} for {only} only; the call sets it for "
                                "all the items", auth.words, shown, key.name)
        if isinstance(value, str) and kind_of(value) is not None and key.name.startswith("payment") \
                and (other_asked := _OTHER_METHOD_ASKED.search(theirs.plain)) is not None \
                and named(last, value, own):
            # ("Yes, that's the right camera. Although I'd prefer the other card for the refund,
            # if that's OK.", the call on the card the proposal named)
            return Coverage(False, f"the user said {words} and asked for {other_asked.group()!r}; the "
                            f"call has {key.name} {value!r}, the one proposed", auth.words, shown,
                            key.name, superseding=True)
        if isinstance(value, str) and kind_of(value) is not None \
                and (card := _card_asked(theirs, value, own)) is not None:
            # ("Fine with both, but charge the $782 to my Visa ending 2076 please — the 8413
            # one is my company card", the call on the card ending 8413)
            return Coverage(False, f"the user said {words} and asked for {key.name} {card!r}, "
                            f"not {value!r}", auth.words, shown, key.name, superseding=True)
        if isinstance(value, str) and kind_of(value) is not None \
                and (asked_instead := _method_asked_instead(theirs, value, own)) is not None:
            # ("yes, but put it on the mastercard, I'm saving the gift card", the call on the
            # gift card)
            return Coverage(False, f"the user said {words} and asked for {key.name} {asked_instead!r}, "
                            f"not {value!r}", auth.words, shown, key.name, superseding=True)
        if isinstance(value, str) and (preferred := _method_preferred(theirs, value)) is not None:
            # ("Chévere, sí, pero que la plata me caiga en la PayPal mejor, que esa gift card casi
            # ni la uso", the call on the gift card)
            return Coverage(False, f"the user said {words} and asked for {key.name} {preferred!r}, "
                            f"not {value!r}", auth.words, shown, key.name, superseding=True)
        if isinstance(value, str) and kind_of(value) is not None and named(last, value, own) \
                and not named(yes_part, value, own) and not _asked_after(theirs, value, own):
            # named in the proposal, but as another action's payment: what the proposal says
            # of this action's payment names another method ("Return: refund to your Visa.
            # Exchange: the difference charged to your PayPal", a return refunding to PayPal)
            paying = payment_text(last, spec.words) if not spec.tool.endswith("_payment") \
                or not KANA.search(last.plain) else payment_text(
                    Text(_new_method_only(last.plain)), spec.words)  # (not the one it leaves:
            # "変更前：PayPal（paypal_9995021） - 変更後：Visa（末尾3660）")
            if not named(paying, value, own) and (own_line := own_step()) is not last \
                    and named(own_line, value, own):
                paying = own_line  # (the call's own step of a numbered plan names it: "3. Devolver
                # a Backpack ... reembolso no vale-presente gift_card_7219486", the plan's first
                # step refunding to the Mastercard)
            if _METHOD_ABROAD.search(paying.plain) is not None:  # (in the proposal's language:
                paying = Text(_methods_in_english(paying.plain))  # "Terugbetaling naar: cadeaukaart")
            if not named(paying, value, own):
                other = other_payment(paying, value, own.get(value), own.siblings(value))
                if other is not None:
                    # (the proposal's terms for this action: they replace older yeses')
                    return Coverage(False, f"the user said {words} to a proposal naming "
                                    f"{key.name} {other!r} for this action; {value!r} was "
                                    "another action's", auth.words, shown, key.name,
                                    superseding=names_action(last.plain, spec.words) is not None)
        if key.choices and isinstance(value, str) and _longer_choices(value, key.choices) \
                and not named(theirs, value, own) and not said_translated(last, value) \
                and (longer := _inside_longer_choice(last.kept().plain, value, key.choices)
                     or next((c for c in _longer_choices(value, key.choices)
                              if said_translated(last, c, cjk=True)), None)):  # (or in the user's
            # language: "單程，基本經濟艙", the call in economy)
            # ("downgrade GV1N64 to basic economy": economy named only inside basic economy)
            return Coverage(False, f"the user said {words} to a proposal naming {key.name} as "
                            f"{longer!r}, not {value!r}", auth.words, shown, key.name,
                            superseding=names_action(last.plain, spec.words) is not None)
        if isinstance(value, str) and kind_of(value) and named(last.kept(), value, own) \
                and not named(theirs, value, own) \
                and not (_METHOD_ABROAD.search(theirs.plain) is not None and named(
                    Text(_methods_in_english(theirs.plain)),
                    value, own)):  # (the user's method in their language: "carta di credito")
            # (named in a list of balances, where the action's own line pays with another:
            # "- gift_card_7091239: $157 ... Cobrança de $59 no gift_card_6276644")
            # (what a change of method leaves: "支付方式：礼品卡 gift_card_3382914 → PayPal", after its arrow)
            stated = _after_arrows(own_step().plain)
            if spec.tool.endswith("_payment"):
                stated = _new_method_only(stated)
            paying = payment_text(Text(stated), spec.words)
            other = cued_method(paying, value, own.siblings(value)) or (
                None if named(paying, value, own) else other_payment(
                    paying, value, own.get(value), own.siblings(value)))
            if other is not None:
                return Coverage(False, f"the user said {words} to a proposal paying this action "
                                f"with {other!r}, not {value!r}", auth.words, shown, key.name,
                                superseding=_this_action(spec, key, arguments, last, aliases,
                                                         window, session))
        if isinstance(value, str) and kind_of(value) and yes_part.plain != (scoped := _others_conditions_out(
                yes_part, own_step(), last)).plain:
            yes_said_of_own = scoped  # (a method the yes names for another step only: "Both yes,
            # but put the kettle refund on my gift card", the helmet's call)
        else:
            yes_said_of_own = yes_part
        if key.choices and isinstance(value, str) \
                and (taken := _choice_turned_down(theirs.plain, value, key.choices)) is not None:
            # ("Ha, no, business is way too much. Economy then, on the Visa. Go for it.", the
            # call in business)
            return Coverage(False, f"the user said {words}, turned {value!r} down and took "
                            f"{taken!r}", auth.words, shown, key.name)
        if key.choices and isinstance(value, str) \
                and (taken := _other_choice_taken(theirs.plain, last.plain, value, key.choices)):
            # (of the choices the proposal offered, the user's words take another, and not the
            # call's: "Puh, 420 ist mir zu viel. Ok, dann doch lieber Economy, ja bitte umbuchen."
            # to "Economy: ... Aufpreis 35 USD / Business: ... Aufpreis 420 USD", the call in
            # business)
            return Coverage(False, f"the user said {words} and took {taken!r} of the choices "
                            f"offered, not {value!r}", auth.words, shown, key.name)
        answered = last.kept()
        if isinstance(value, str) and kind_of(value) and cut_from_plan() is not None:
            answered = own_step().kept()  # (another step's method cut from the turn: "the lamp
            # difference goes to PayPal", a call paying the helmet's refund with PayPal)
        if named(answered, value, own) or named(yes_said_of_own, value, own) or (
                aliases.index is not None and isinstance(value, str)
                and aliases.index.original_named(last, value, arguments)) or (
                key.choices and isinstance(value, str) and _said_loosely(theirs.plain, value)):
            continue  # (or the user named the choice in their own words from the yes on)
        if key.choices and not named(theirs, value, own):
            # the summary the user answered settled another of the choices ("reason: no longer
            # needed"), whatever was offered before it
            settled = other_choice(last, value, key.choices)
            if settled is not None:
                return Coverage(False, f"the user said {words} to a proposal naming {key.name} "
                                f"as {settled!r}, not {value!r}", auth.words, shown, key.name,
                                superseding=names_action(last.plain, spec.words) is not None)
        picked = None if named(theirs, value, own) else _picked(aliases, theirs, value)
        if picked == value:
            continue
        if picked is not None:
            return Coverage(False, f"the user chose {key.name} by its balance ({picked}), not "
                            f"{value!r}", auth.words, shown, key.name,
                            superseding=_this_action(spec, key, arguments, last, aliases, window,
                                                               session))
        # (not in what the turn reports done: "Step 1 is done - the return for ... #W6239298 is
        # submitted. Next I'll submit the Yoga Mat return")
        # (a payment method: of this call's own step, or its own lines, where the proposal
        # speaks of several)
        ahead = _not_done(own_step() if isinstance(value, str) and kind_of(value) else last)
        if _KEPT_ADDRESS.search(ahead.plain) is not None:  # (nor in what it says stays: "Your
            # account's default address will stay ... 78229")
            ahead = Text(_KEPT_ADDRESS.sub(" ", ahead.plain))
        said_of = said
        if key.name in _ADDRESS_KEYS and _SHIPS_NOW.search(said.plain) is not None:
            # (nor where it says the order ships now: "... which is pending and currently ships
            # to 510 Hickory Lane, Suite 712 ... I'll change its shipping address to: ..., Suite
            # 721", the call on Suite 712)
            said_of = Text(_SHIPS_NOW.sub(" ", said.plain))
            ahead = Text(_SHIPS_NOW.sub(" ", ahead.plain))
        if key.name in ("order_id", "reservation_id") and isinstance(value, str) \
                and named(yes_part, value, {}) and named(window, value, {}):
            continue  # (the yes names the object by its id, an earlier turn of the proposal the
            # action on it: "Let me think about the upgrade ... Cancelling BSSSM3 is fine though,
            # do that.", the last turn about the other reservation's upgrade)
        if key.name == "order_id" and _thing_of_order_added(session, arguments, yes_part.plain,
                                                            last.plain):
            continue  # (the yes adds this order by its thing: "OK, the red S then. Yes, go ahead
            # with that and the headphones.", the headphones' change listed before)
        if isinstance(value, str) and value and any(
                re.search(rf"(?<![\w-]){re.escape(value.lower())}(?![\w-])", m.group())
                for m in DETAIL_PUT_RIGHT.finditer(theirs.plain)):
            continue  # (the user put this detail right in the yes turn: "Yes, both. Wait, make
            # the zip 32246, I gave you my old zip.")
        other = other_value(ahead, value) or _other_known(session, ahead, key.name, value)
        if other is not None:
            return Coverage(False, f"the user said {words} to a proposal naming {key.name} "
                            f"{other}, not {value!r}", auth.words, shown, key.name,
                            superseding=_this_action(spec, key, arguments, last, aliases, window,
                                                               session))
        if isinstance(value, str) and kind_of(value) and (
                _MAY_NAME_METHOD.search(theirs.plain) or _METHOD_ABROAD.search(theirs.plain)) \
                and not named(theirs, value, own):
            # the user's own words from the yes on put this action's payment on another method
            # ("Yes, go ahead with all three. Actually, wait - put the upgrade on my Mastercard
            # instead"; not in a condition on another step's thing: "as long as the kettle
            # refund goes back to PayPal", to the bottle's exchange)
            scoped = _others_conditions_out(theirs, ahead, last)
            if _METHOD_ABROAD.search(scoped.plain) is not None:  # (in English, what is ruled out
                # cut: "... sulla carta di credito, non sulla gift card")
                scoped = Text(_methods_in_english(scoped.plain))
            asked = other_payment(payment_text(scoped, spec.words), value, own.get(value),
                                  own.siblings(value))
            if asked is not None:
                return Coverage(False, f"the user said {words} and asked for {key.name} "
                                f"{asked!r}, not {value!r}", auth.words, shown, key.name)
        users = reply.users if yes_said_of_own is yes_part \
            else _others_conditions_out(reply.users, own_step(), last)
        # the proposal the user answered names another of the value's family (the gift card,
        # where the call pays with PayPal) and the user did not name this one: an earlier turn
        # naming it (among the choices offered) does not cover it
        if isinstance(value, str) and not named(users, value, aliases.every) and not (
                _METHOD_ABROAD.search(users.plain) is not None
                and named(Text(_methods_in_english(users.plain)), value, aliases.every)):
            # (nor in their language: "prenez plutôt les 3,22 $ sur ma carte cadeau")
            # (another step's method cut from the turn: its lines, and its own step of the plan
            # before it, "refunded to your Visa")
            planned = cut_from_plan()
            # (not a payment reported done for another action: "Order #W2417020 has been
            # cancelled and $2,674.40 has been refunded to your gift card. Before I modify
            # #W3614011: ...")
            paying = payment_text(_not_done(Text(own_step().plain + " \n " + planned.plain)
                                            if planned is not None
                                            else _own_lines(last, arguments, looked_up)), spec.words)
            if kind_of(value) and _METHOD_ABROAD.search(paying.plain) is not None:
                paying = Text(_methods_in_english(paying.plain))  # (in the proposal's language:
                # "Terugbetaling naar uw cadeaukaart", the call refunding to the Mastercard)
            # (another of its kind by its own id: "charge $59 to gift card 6276644", the call
            # paying with gift_card_7091239)
            other = (cued_method(paying, value, own.siblings(value)) if kind_of(value) else None) \
                or other_payment(paying, value, own.get(value), own.siblings(value))
            if other is not None and _METHOD_CHOICE.search(paying.plain) is not None \
                    and named(paying, value, own) \
                    and named(Text(" \n ".join([*_users_of_window(auth, messages), users.plain])),
                              value, aliases.every):
                other = None  # (a choice of methods offered, the call's among them, and the
                # user's pick: "Which payment method should receive it: your gift card ending
                # 1487 or PayPal?" "paypal for the sneakers. yes go ahead")
            if other is None and aliases.index is not None and kind_of(value):
                original = aliases.index.original_of(arguments)
                if original is not None and original != value \
                        and _ORIGINAL.search(paying.plain):
                    other = f"the original payment method ({original})"
            if other is not None:
                return Coverage(False, f"the user said {words} to a proposal naming {key.name} "
                                f"as {other!r}, not {value!r}", auth.words, shown, key.name,
                                superseding=_this_action(spec, key, arguments, last, aliases, window,
                                                               session))
        if named(said_of, value, own) or (
                # (or in the proposal's language: "Terugbetaling naar: cadeaukaart")
                isinstance(value, str) and kind_of(value) and _METHOD_ABROAD.search(said_of.plain)
                and named(Text(_methods_in_english(said_of.plain)), value, own)) or (
                aliases.index is not None and isinstance(value, str)
                and (aliases.index.description_named(
                    last, key.name.rsplit(".", 1)[-1], value, auth.raw_last(messages))
                     or aliases.index.home_named(last, value))):
            continue
        other = None
        if not named(users, value, aliases.every) and not (
                isinstance(value, str) and kind_of(value) and _METHOD_ABROAD.search(users.plain)
                and named(Text(_methods_in_english(users.plain)), value, aliases.every)):
            # the user did not pick this one themselves (nor in their language: "prenez plutôt
            # les 3,22 $ sur ma carte cadeau")
            step = own_step().plain
            if isinstance(value, str) and kind_of(value) and _METHOD_ABROAD.search(step) is not None:
                step = _methods_in_english(step)  # (the step's method in its language: "1 mala
                # é paga: US$ 50, no vale-presente", the gift card)
            other = other_alias(Text(step + " \n " + users.plain), own.get(value),
                                own.siblings(value)) if isinstance(value, str) else None
            if other is None and isinstance(value, str) and kind_of(value) and step != last.plain:
                # (or another kind, where the user holds several of it: "2. Bags: ... 1 bag is
                # paid: US$ 50, on the gift card", the call on the Visa)
                other = other_kind(payment_text(Text(_ON_METHOD.sub(r"\1 paid with ", step)), spec.words),
                                   value) if "$" in step else None
            if other is None and isinstance(value, str) and kind_of(value) \
                    and "payment" in last.plain and not named(last, value, own):
                # (the plan's payment line, for all its steps, naming another method by its id:
                # "1. Change the return flights ... 2. Add 1 checked bag ... **Payment:** your
                # gift card with the smallest balance (gift_card_7480005)")
                lines = Text(" \n ".join(_PAYMENT_LINE.findall(last.plain)))
                other = next((o for o, _names in own.siblings(value)
                              if named(lines, o, {})), None) if lines.plain else None
        other = other or other_choice(said, value, key.choices)
        if other is not None:
            return Coverage(False, f"the user said {words} to a proposal naming {key.name} as "
                            f"{other!r}, not {value!r}", auth.words, shown, key.name,
                            superseding=_this_action(spec, key, arguments, last, aliases, window,
                                                               session))
        if key.optional or named(said, value, aliases.every):
            continue
        if context is None:
            recent = messages[max(0, auth.yes_index - CONTEXT_MESSAGES):auth.yes_index + 1]
            context = Text(" ".join(plain(m) for m in recent))
        if isinstance(value, str) and aliases.index is not None and _the_only_one(
                session, key.name, value, proposed):
            near = messages[max(0, auth.yes_index - 2 * PROPOSAL_TURNS):auth.yes_index + 1]
            asked = " ".join(plain(m) for m in near if m.role is Role.USER)
            if aliases.index.description_named(
                    Text(" ".join(plain(m) for m in near)), key.name.rsplit(".", 1)[-1], value,
                    " ".join(m.content for m in near)) and not _OTHER_ONE.search(asked) \
                    and not _another_of_its_form(asked, value):
                continue
        if key.choices and isinstance(value, str) \
                and (_current(session, arguments) or {}).get(key.name) == value:
            continue  # (a choice kept as the object has it, which nothing proposed changes: a
            # flight change in the reservation's own cabin, the listing silent on the cabin)
        if key.name in ("origin", "destination") and isinstance(value, str) \
                and any(re.search(rf"(?<![\w']){re.escape(city)}(?![\w'])", context.plain)
                        for city in _CITIES.get(value.lower(), ())):
            continue  # (an airport by its city: "Flight HAT130, Denver → Miami")
        if isinstance(value, str) and _word_put_right(theirs.plain, said.plain, value, own):
            continue  # (the detail put right by the user's own words, the rest as proposed:
            # "Ah non, j'ai inversé les chiffres : c'est 1420, pas 1240. Sinon tout est bon,
            # vous pouvez enregistrer.")
        if not named(context, value, own) or isinstance(value, int | float):
            return Coverage(False, f"{key.name}={value!r} was never named to the user before "
                            f"they said {words}", auth.words, shown, key.name)
    return Coverage(True, "", auth.words, shown)


def _word_put_right(users: str, said: str, value: str, own: Any) -> bool:
    """Whether the user's words put one word of the proposal right ("it's 1420, not 1240",
    "c'est 1420, pas 1240") so that the proposal, with that word replaced, names ``value``."""
    for m in (*_X_NOT_Y.finditer(users), *_X_INSTEAD_OF_Y.finditer(users)):
        right, wrong = m.group(1), m.group(2)
        if right == wrong or (not re.search(r"\d", right + wrong) and len(right) < 3):
            continue
        old = re.compile(rf"(?<![\w#-]){re.escape(wrong)}(?![\w-])")
        if old.search(said) is not None and named(Text(old.sub(right, said)), value, own):
            return True
    return False


# "instead of", in the languages read
_INSTEAD_OF = (r"(?:en vez de|en lugar de|instead of|rather than|au lieu de|em vez de|no lugar de|invece di|"
               r"anziché|statt|anstatt|in plaats van)")
# what comes right before a value said to be replaced: 'en vez de "floor 3"', "instead of suite 4"
_REPLACED_BEFORE = re.compile(_INSTEAD_OF + r"\s*\"?\s*$")
# ... or said in its place: 'pon "Apt 3C" en vez de "Floor 3"', "put Apt 3C instead of Floor 3"
_X_INSTEAD_OF_Y = re.compile(r"\"([^\"\n]{1,30})\" " + _INSTEAD_OF + r" \"([^\"\n]{1,30})\"")
# a word put right: "it's 1420, not 1240", "c'est 1420, pas 1240", "es 1420, no 1240"
_X_NOT_Y = re.compile(r"(?<![\w'#-])([\w#-]{2,20}),? (?:not|pas|no|nicht|niet|non|não|nao) "
                      r"([\w#-]{2,20})(?![\w'-])")


@functools.lru_cache(maxsize=256)
def _loose(value: str) -> re.Pattern[str]:
    words = re.findall(r"[a-z0-9]+", value.lower())
    return re.compile(r"(?<![\w'])" + r"(?:\s+[\w']+)?\s+".join(map(re.escape, words))
                      + r"(?![\w'])")


def _said_loosely(text: str, value: str) -> bool:
    """Whether ``text`` says a choice of several words in the user's own words, a word between
    two of its own at most ("technically I ordered it by mistake" for "ordered by mistake")."""
    return " " in value.strip() and _loose(value).search(text) is not None


_PERSONAL = re.compile(r"name$|^dob$|birth")  # (a person's: first_name, last_name, dob)


def _new_item_unsaid(session: SessionState, arguments: dict[str, Any], said: Text,
                     yes_seq: int) -> str | None:
    """A new item the call puts in place of an old one (``new_item_ids``, paired with
    ``item_ids``) that the proposal's window and the yes (``said``) never describe: not by its
    id, its price, nor any option value it has that the old item has not, as the facts of the
    product's read give them ("Let's start with the payment: ... Shall I make this change?"
    "yes do that", then a call changing the dumbbell set), or, where the product's variants were
    first read after the yes (``yes_seq``), not every option it changes: the new item's id, else
    None."""
    old_ids, new_ids = arguments.get("item_ids"), arguments.get("new_item_ids")
    if not isinstance(old_ids, list) or not isinstance(new_ids, list) or len(old_ids) != len(new_ids):
        return None
    variants: dict[str, dict[str, Any]] = {}
    seen_before: set[str] = set()  # the variants read before the yes
    for call in session.calls[-RECENT_READS:]:
        result = call.result
        if call.succeeded and isinstance(result, dict):
            found = result.get("variants")
            if isinstance(found, dict):
                variants.update({k: v for k, v in found.items() if isinstance(v, dict)})
                if call.seq < yes_seq:
                    seen_before.update(found)
            for entry in result.get("items") or ():
                if isinstance(entry, dict) and isinstance(entry.get("item_id"), str):
                    variants.setdefault(entry["item_id"], entry)
    text = said.plain
    for old, new in zip(old_ids, new_ids, strict=True):
        if not isinstance(new, str) or old == new or new not in variants or old not in variants:
            continue  # (what the facts do not hold is the other checks')
        new_options, old_options = variants[new].get("options"), variants[old].get("options")
        if not isinstance(new_options, dict) or not isinstance(old_options, dict):
            continue
        changed = [str(v).lower() for k, v in new_options.items() if old_options.get(k) != v]
        price, was = variants[new].get("price"), variants[old].get("price")
        sums = {Decimal(str(price))} if isinstance(price, int | float) else set()
        if sums and isinstance(was, int | float):  # (or the difference it makes: "$12,98
            sums.add(abs(Decimal(str(price)) - Decimal(str(was))))  # bijbetalen")
        if new.lower() in text or sums & said.numbers() \
                or sums & set(amounts(text.replace(",", "."))):
            continue
        if not any(v and v in text for v in changed):
            return new
        if new not in seen_before and not all(v in text for v in changed if v):
            return new  # (the new item first read after the yes, so not what the proposal
            # described, and an option it changes never said: "I'll exchange it for a large
            # backpack with a laptop compartment", "yes", then the black one, read after)
    return None


def _changed_unsaid(session: SessionState, arguments: dict[str, Any], said: Text
                    ) -> tuple[str, str] | None:
    """A person's name or date of birth the call puts in a list of the object it changes (a
    reservation's passengers) that differs from what the newest read of that object holds
    there and that the proposal and the user's answers never named ("Emma Novak, DOB
    2012-03-08 -> 2012-08-03" and the call writing "Novak-Reyes"; "correct Liam's DOB to
    2015-06-02" and the call writing 2015-02-06): (where, the value), or None. (Flights and
    the like are the option and key checks': a proposal names them its own ways.)"""
    current: dict[str, Any] | None = None
    for name, value in arguments.items():
        if not isinstance(value, list) or not value or not all(isinstance(m, dict)
                                                               for m in value):
            continue
        if current is None:  # (the object the call changes, not its owner: a booking's
            # user_id finds the user's other reservations)
            current = _current(session, {k: v for k, v in arguments.items()
                                         if k != "user_id"}) or {}
        before = current.get(name)
        if not isinstance(before, list):
            continue
        for i, member in enumerate(value):
            old = before[i] if i < len(before) and isinstance(before[i], dict) else {}
            for field_name, v in member.items():
                if _PERSONAL.search(field_name) and isinstance(v, str) and v.strip() \
                        and old.get(field_name) != v and not named(said, v, {}):
                    return f"{name}[{i}].{field_name}", v
    return None


def _priced(session: SessionState, arguments: dict[str, Any], value: list[Any], text: Text,
            aliases: Any) -> bool:
    """Every member of ``value`` (items) named in ``text``, those not named otherwise by their
    price, which no other item of the object or of the products looked up has ("Lampe de
    bureau (noire, faible, USB) 153,23 $ → ...": a price is said alike in every language)."""
    said = amounts(text.plain)
    if not said:
        return False
    prices: dict[Decimal, set[str]] | None = None
    for member in value:
        if not isinstance(member, str) or named(text, member, aliases):
            continue
        if prices is None:
            prices = _item_prices(session, arguments)
        if not any(ids == {member} and price in said for price, ids in prices.items()):
            return False
    return True


def _other_priced(session: SessionState, last: Text, arguments: dict[str, Any]
                  ) -> tuple[str, str, Any] | None:
    """A new item the call holds whose price the proposal does not give, where it gives the
    price of another variant of its product and of no other ("Nouvel article : bouilloire (1,5
    L, noire) (962,69 $)", the call taking the $980 one): the argument, that variant and the
    call's; else None."""
    said: set[Decimal] | None = None
    for name, value in arguments.items():
        if not name.startswith("new_") or not isinstance(value, list):
            continue
        for v in value:
            if not isinstance(v, str) or named(last, v, {}):
                continue
            if said is None:
                said = amounts(last.plain)
                if not said:
                    return None
                prices = _item_prices(session, arguments)
                price_of = {i: p for p, ids in prices.items() for i in ids}
                variants = _variants(session)
                # (not an item an order holds, priced for another step: "1. Reso ...: bollitore
                # 1 L plastica argento – rimborso di 139,47 $")
                ordered = _items_ordered(session)
            own = variants.get(v)
            if own is None or price_of.get(v) in said:
                continue
            given = arguments.get(name[len("new_"):])
            mine = {str(g) for g in given} if isinstance(given, list) else set()
            others = [i for i, (product, _o) in variants.items()
                      if product == own[0] and i != v and i not in mine and i not in ordered
                      and price_of.get(i) in said and prices.get(price_of[i]) == {i}]
            if len(others) == 1:
                return name, others[0], v
    return None


def _items_ordered(session: SessionState) -> set[str]:
    """The item ids the orders the session read hold."""
    out: set[str] = set()
    for call in session.calls:
        if call.succeeded and isinstance(call.result, dict) and isinstance(
                items := call.result.get("items"), list):
            out |= {str(i.get("item_id")) for i in items if isinstance(i, dict)}
    return out


def _item_prices(session: SessionState, arguments: dict[str, Any]) -> dict[Decimal, set[str]]:
    """price -> the item ids of that price: the object's items and the looked-up products'
    variants."""
    out: dict[Decimal, set[str]] = {}

    def add(item: Any, price: Any) -> None:
        if isinstance(price, int | float) and not isinstance(price, bool) and item is not None:
            out.setdefault(Decimal(str(price)).quantize(Decimal("0.01")), set()).add(str(item))
    current = _current(session, arguments)
    for item in (current or {}).get("items") or ():
        if isinstance(item, dict):
            add(item.get("item_id"), item.get("price"))
    for call in session.calls[-RECENT_READS:]:
        result = call.result if call.kind == "read" and call.succeeded else None
        variants = result.get("variants") if isinstance(result, dict) else None
        if isinstance(variants, dict):
            for item, v in variants.items():
                if isinstance(v, dict):
                    add(item, v.get("price"))
    return out


@functools.lru_cache(maxsize=256)
def _longer_choices(value: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    """The choices whose words hold ``value``'s ("basic_economy" for "economy")."""
    phrase = value.lower().replace("_", " ")
    return tuple(c for c in choices
                 if c != value and f" {phrase} " in f" {c.lower().replace('_', ' ')} ")


def _inside_longer_choice(text: str, value: str, choices: tuple[str, ...]) -> str | None:
    """The longer choice ``text`` names wherever it names ``value`` ("basic economy" each
    time "economy" is said), or None."""
    phrase = value.lower().replace("_", " ")
    longer = _longer_choices(value, choices)
    if not longer or phrase not in text:
        return None
    spans = [m.span() for c in longer for m in re.finditer(
        rf"(?<![\w']){re.escape(c.lower().replace('_', ' '))}(?![\w'])", text)]
    found = [m.start() for m in re.finditer(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", text)]
    if not found or not spans or not all(any(a <= f < b for a, b in spans) for f in found):
        return None
    return next(c for c in longer if c.lower().replace("_", " ") in text)


# every item of an order, said so: "Devolver todos os itens do pedido #W4597054", "return all
# the items of order #W1"
_ALL_ITEMS = re.compile(r"(?<![\w'])(?:all(?: of)?(?: the)?|every|todos os|todas as|tous les|toutes les|"
                        r"todos los|todas las|tutti gli|alle) (?:\w+ )?(?:items?|itens|articles|"
                        r"artículos|articulos|articoli|artikel|produtos|productos|produits)"
                        r"(?![\w'])[^.;!?\n]{0,30}?#(w\d{5,})")


def _cjk_in_english(text: Text) -> Text | None:
    """``text`` with the English names of the things it names in Chinese or Japanese after
    each (``CJK_THINGS``), and of their options ("ヘッドホン（インイヤー／ワイヤレス／レッド）", the
    in-ear, wireless, red headphones), or None where it names none."""
    if _HAN_CHAR.search(text.plain) is None and "ー" not in text.plain:
        return None
    if CJK_THING.search(text.plain) is None:
        return None
    said = CJK_THING.sub(lambda m: f"{m.group()} (the {CJK_THINGS[m.group()]})", text.plain)
    return Text(_CJK_OPTION.sub(lambda m: f"{m.group()} {_CJK_OPTIONS[m.group()]} ", said))


# the options of things, as Japanese and Chinese name them
_CJK_OPTIONS = {"レッド": "red", "ブラック": "black", "ホワイト": "white", "ブルー": "blue",
                "グリーン": "green", "シルバー": "silver", "ゴールド": "gold", "ピンク": "pink",
                "グレー": "gray", "ネイビー": "navy", "パープル": "purple", "オレンジ": "orange",
                "イエロー": "yellow", "ブラウン": "brown", "ワイヤレス": "wireless",
                "インイヤー": "in-ear", "オンイヤー": "on-ear", "オーバーイヤー": "over-ear",
                "红色": "red", "黑色": "black", "白色": "white", "蓝色": "blue", "绿色": "green",
                "银色": "silver", "金色": "gold", "粉色": "pink", "灰色": "gray", "紫色": "purple",
                "无线": "wireless", "有线": "wired", "入耳式": "in-ear", "贴耳式": "on-ear",
                "头戴式": "over-ear"}
_CJK_OPTION = re.compile("|".join(sorted(map(re.escape, _CJK_OPTIONS), key=len, reverse=True)))


def _stays_as_is(proposal: Text, value: str) -> bool:
    """Whether ``proposal`` says the object ``value`` names stays as it is, straight after
    naming it ("Order #W1814268 stays unchanged. Proceed?")."""
    text = proposal.plain
    own = value.lower()
    at = text.find(own)
    if at < 0:
        return False
    if _HAN_CHAR.search(text) is not None and own not in proposal.kept().plain:
        return True  # (in Chinese, every mention of it kept out: "按您的意思不升 KC18K6 ...
        # KC18K6 保持基础经济舱不变。")
    return _STAYS.match(text, at + len(own)) is not None and text.count(own) == 1


_HAN_CHAR = re.compile("[\u3400-\u9fff]")
_STAYS = re.compile(r"(?: \([^()]{0,60}\))?,? (?:stays|remains|will stay|will remain|is left|will be "
                    r"left) (?:unchanged|as (?:it )?is|untouched|unaffected)|(?: \([^()]{0,60}\))?,? "
                    r"(?:will not|won'?t|is not|isn'?t) (?:be )?(?:changed|affected|touched)")


def _put_right(arguments: dict[str, Any], theirs: Text) -> tuple[str, str] | None:
    """A detail the user's words from the yes on put right that the call still has as it was:
    a number said not to be ("it's 5 bags not 3", "my husband's birthday is 1979 not 1978")
    where the call holds it and not the one put in its place; the insurance dropped or added
    ("actually drop the insurance") against the call's; someone added by name ("add my son
    too, Diego Mendoza") whom the call does not hold. (What was put right, the words), or
    None."""
    text = theirs.plain
    for m in (*_X_NOT_Y.finditer(text), *_X_INSTEAD_OF_Y.finditer(text)):
        # (a word with digits put right, the call still holding the old one: "c'est 1420, pas
        # 1240", the call writing "1240 Live Oak Street"; 'pon "Apt 3C" en vez de "Floor 3"')
        right, wrong = m.group(1), m.group(2)
        if right == wrong or (m.re is _X_NOT_Y and not re.search(r"\d", right + wrong)):
            continue
        old_word = re.compile(rf"(?<![\w#-]){re.escape(wrong)}(?![\w-])")
        new_word = re.compile(rf"(?<![\w#-]){re.escape(right)}(?![\w-])")
        for key, v in arguments.items():
            if isinstance(v, str) and old_word.search(v.lower()) and not new_word.search(v.lower()):
                return key, m.group(0)
    if " not " in text:
        counts, years = _numbers_held(arguments)
        for m in _NOT_THAT.finditer(text):
            new, old = m.group(1), m.group(2)
            held = years if len(new) == len(old) == 4 else counts
            if old in held and new not in held:
                return old, m.group(0)
    insurance = arguments.get("insurance")
    if insurance == "yes" and "insurance" not in text \
            and (off := _INSURANCE_NO_ABROAD.search(text)) is not None:
        return "insurance", off.group(0)  # (in the other languages read: "Sí, pero esta vez sin
        # seguro", the call booking it insured)
    if insurance in ("yes", "no") and "insurance" in text:
        off = _INSURANCE_OFF.search(text)
        if insurance == "yes" and off is not None:
            return "insurance", off.group(0)
        if insurance == "no" and off is None and (on := _INSURANCE_ON.search(text)) is not None:
            return "insurance", on.group(0)
    if isinstance(bags := arguments.get("total_baggages"), int) and bags > 0 \
            and (no_bag := _NO_BAG_FOR.search(text)) is not None:
        # (no bag for the one passenger named beside it: "Hannah's travelling light - no bag for
        # her", the call booking Hannah with one)
        said = text[max(0, text.rfind(". ", 0, no_bag.start())):no_bag.end()]
        flying = [str(p.get("first_name", "")).lower() for p in arguments.get("passengers") or ()
                  if isinstance(p, dict)]
        if len(flying) == 1 and flying[0] and re.search(
                rf"(?<![\w']){re.escape(flying[0])}(?!\w)", said) is not None:  # ("hannah's")
            return "total_baggages", no_bag.group(0)
    if (added := _ADDED_PERSON.search(text)) is not None:
        people = {str(p.get("first_name", "")).lower() for v in arguments.values()
                  if isinstance(v, list) for p in v if isinstance(p, dict)}
        if people and added.group(1) not in people:
            return "passengers", added.group(0)
    return None


# no bag for someone: "no bag for her", "no checked bags for him"
_NO_BAG_FOR = re.compile(r"(?<![\w'])no (?:checked )?bags? for (?:her|him|them)(?![\w'])")


def _numbers_held(arguments: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The whole numbers the call holds, and the years of its dates (``1978-03-22``: 1978)."""
    counts: set[str] = set()
    years: set[str] = set()
    for value in _flat(arguments):
        if isinstance(value, int) and not isinstance(value, bool):
            counts.add(str(value))
        elif isinstance(value, str) and _DATE_FORM.fullmatch(value):
            years.add(value[:4])
    return counts, years


# "5 bags not 3", "is 1979 not 1978", "1979, not 1978"
_NOT_THAT = re.compile(r"(?<![\w'$.])(\d{1,4})(?: [a-z]+)?,? not (\d{1,4})(?![\w'%]|[.:]\d)")
_INSURANCE_OFF = re.compile(r"(?<![\w'])(?:drop|remove|cancel|skip|no|without|take off|leave off|"
                            r"hold off on|don'?t (?:want|need)(?: to (?:add|buy|get|pay for))?)"
                            r"(?: the| any)? (?:travel )?insurance(?![\w'])")
_INSURANCE_ON = re.compile(r"(?<![\w'])(?:add|throw|put|include|get|want|with|yes to)(?: the| "
                           r"some)? (?:travel )?insurance(?![\w'])")
_ADDED_PERSON = re.compile(r"(?<![\w'])add (?:my (?:son|daughter|wife|husband|mom|mother|dad|"
                           r"father|friend|partner|brother|sister|kid|child|boyfriend|girlfriend"
                           r"|colleague) )?(?:too|as well|also)?[\s,:-]*([a-z]{2,}) [a-z]{2,}"
                           r"(?:,? \d{4}-\d{2}-\d{2})")


def _dropped_member(members: list[Any], theirs: Text) -> str | None:
    """A person of the call's list (a passenger) whom the user's words from the yes on leave
    out ("Actually Imran can't come anymore ... so just me and Zara. ... go ahead and book
    it"): the first name, or None."""
    text = theirs.plain
    if not _LEFT_OUT_CUE.search(text):
        return None
    for member in members:
        name = member.get("first_name") if isinstance(member, dict) else None
        if isinstance(name, str) and len(name) > 1 and re.search(
                rf"(?<![\w']){re.escape(name.lower())}(?![\w'])[^.!?;,]{{0,12}}?{_LEFT_OUT}|"
                rf"{_LEAVE_OUT}(?:[^.!?;,]{{0,12}}?)(?<![\w']){re.escape(name.lower())}(?![\w'])|"
                rf"(?<![\w'])not {re.escape(name.lower())}(?![\w'])", text):
            return name
    return None


_LEFT_OUT = (r"(?:can'?t|cannot|can not|won'?t|will not|isn'?t|is not|is no longer|"
             r"doesn'?t|does not|'s not)(?: be)? (?:come|coming|go|going|make it|travel|"
             r"travell?ing|fly|flying|join|joining)")
_LEAVE_OUT = r"(?:drop|remove|take off|leave off|leave out|without|minus)"
_LEFT_OUT_CUE = re.compile(r"(?<![\w'])(?:" + _LEFT_OUT + "|" + _LEAVE_OUT + r"|not)(?![\w'])")


def _has_method(value: Any) -> bool:
    """Whether ``value`` is, or holds, a payment method's id."""
    if isinstance(value, str):
        return kind_of(value) is not None
    return isinstance(value, list) and any(isinstance(v, str) and kind_of(v) for v in value)


def _of_this_object(session: SessionState, theirs: Text, arguments: dict[str, Any]) -> Text:
    """The user's words without the sentences about another object by its id, one the session
    looked up under the same key ("Aber bei EQ1G6C die Erstattung bitte auf meine Visa 7803":
    EQ1G6C's refund, not this reservation's; flight numbers are no reservations)."""
    keys = [k for k, v in arguments.items()
            if k.endswith("_id") and isinstance(v, str) and not kind_of(v)]
    if not keys:
        return theirs
    own = {str(arguments[k]).lower().lstrip("#") for k in keys}
    said = {w.lstrip("#") for w in _WORDS_OF_ID.findall(theirs.plain) if id_like(w)} - own
    if not said:
        return theirs  # (the common case: no other id said)
    looked = known_values(session, reads=True)
    known = {v.lower().lstrip("#") for k in keys for v in looked.get(k, ())
             if v.lower().lstrip("#") in said}
    if not known:
        return theirs
    kept, dropped = [], False
    for sentence in re.split(r"(?<=[.!?;])\s+|\n+", theirs.plain):
        ids = {w.lstrip("#") for w in _WORDS_OF_ID.findall(sentence)}
        if ids & known and not ids & own:
            dropped = True
            continue
        kept.append(sentence)
    return Text(" ".join(kept)) if dropped else theirs


# a question checking what was said: "... happens automatically right?", "that's correct?"
_CHECK_ON_SAID = re.compile(r"[^.!?]*(?<![\w'])(?:right|correct|yeah|isn'?t it|doesn'?t it|"
                            r"won'?t it|is that right|yes|"
                            # (the other languages' tags: "volta pro paypal msm né?", "oder?",
                            # "n'est-ce pas?", "¿verdad?", "vero?", "toch?")
                            r"né|ne|não é|nao e|certo|oder|gell|nicht wahr|n'est-ce pas|non|"
                            r"verdad|cierto|no|vero|giusto|toch|hè|klopt dat)\s*\?")


def _method_asked_before(auth: Authorisation, messages: list[Message], last: Text, value: str,
                         words: tuple[str, ...], own: DistinctAliases) -> str | None:
    """Where the turn the yes answered names no payment method and the user's turn before it
    (inside the proposal) asked for another than the call's ("Which flight, and should any
    difference go to your Mastercard or your gift card?" "The evening one, HAT248. And put it on
    the gift card please." "To confirm: ... HAT248 ..., with an additional $42. Shall I go
    ahead?" "Yes go ahead.", the call charging the Mastercard): the method asked for."""
    if _NAMES_A_METHOD.search(last.plain) is not None or _METHOD_ABROAD.search(last.plain):
        return None
    users = auth.user_turns(messages)
    if users:
        if (asked := _asked_instead(value, Text(users[0]), words, own)) is not None:
            return asked[1]
        if named(_method_said(users[0]), value, own):
            return None
    # (further back, before the proposal: "If there's any difference to pay, put it on my PayPal
    # please." ... "Exchange details: ... Price difference: $12.40. Shall I proceed?" "Yes.", the
    # call charging the Visa; the newest of the user's turns that speaks of a method decides, not
    # past a yes to something before)
    earlier = (m for m in reversed(messages[:auth.yes_index]) if m.role is Role.USER)
    for message in itertools.islice(earlier, len(users), len(users) + _METHOD_TURNS_BACK):
        turn = plain(message)
        if (asked := _asked_instead(value, Text(turn), words, own)) is not None:
            return asked[1]
        if named(_method_said(turn), value, own) or reading_of(message).act is Act.AFFIRM:
            return None
    return None


_METHOD_TURNS_BACK = 3  # how many of the user's turns before a proposal naming no method are read
# (a method's word, or four digits alone, its card's end: not an item's id, "(black, 1000000011)")
_METHOD_PARTS = r"card|paypal|visa|master|amex|certificate|gift|discover|bank|voucher"
_NAMES_A_METHOD = re.compile(_METHOD_PARTS + r"|(?<![\w$.,])\d{4}(?![\w,]|\.\d)")


def _asked_instead(value: Any, theirs: Text, words: tuple[str, ...], own: DistinctAliases
                   ) -> tuple[str, str] | None:
    """A payment method of the call the user's own words from the yes on did not name while
    they asked for another ("Yes, but charge the difference to my Mastercard instead", "put it
    on my gift card ending 0001 instead of the Visa"): the proposal's method is no longer
    covered. The method and the one asked for, or None."""
    methods = [v for v in (value if isinstance(value, list) else [value])
               if isinstance(v, str) and kind_of(v) is not None]
    if not methods:
        return None
    if _METHOD_ABROAD.search(theirs.plain) is not None:  # (in the user's language, by the
        # methods' English names: "Con la tarjeta de regalo, por favor. Sí, adelante.")
        theirs = Text(_methods_in_english(theirs.plain))
    if "\n" not in theirs.plain:
        return _asked_in(methods, _method_said(theirs.plain), words, own) \
            or _put_instead_of(methods, theirs.plain, own)
    # (several turns: the latest that speaks of a method decides; "yes... actually put the refund
    # on my visa instead", then "hmm no sorry, paypal after all")
    for turn in reversed(theirs.plain.split("\n")):
        kept = _method_said(turn)
        asked = _asked_in(methods, kept, words, own) or _put_instead_of(methods, turn, own)
        if asked is not None:
            return asked
        if any(named(kept, m, own) for m in methods):
            return None
    return None


# one method asked for in place of another, said outright: "put the $18.96 on my PayPal instead
# of the gift card"
_INSTEAD_METHOD = r"(paypal|visa|mastercard|amex|gift ?card|credit card|certificate)"
_PUT_INSTEAD_OF = re.compile(r"(?<![\w'])(?:on|to|onto|into|with|via)\s+(?:my |the |your )?"
                             + _INSTEAD_METHOD
                             + r"(?: account| card)?\s+instead of\s+(?:my |the |your )?([^,.;!?]{3,30})")


# ... or with one method rather, the call's unnamed: "Yes, but with the gift card instead", "Sí,
# pero con la gift card mejor"
_WITH_INSTEAD = re.compile(r"(?<![\w'])(?:with|use|using|con|com|avec|mit) (?:the |my |la |el |a |o |le |"
                           r"der |die |meiner? )?" + _INSTEAD_METHOD
                           + r"(?: card| account)?,? (?:instead|mejor|better|rather|plutôt|piuttosto|lieber|"
                           r"em vez disso)(?! of)(?![\w'])")


def _put_instead_of(methods: list[str], said: str, own: DistinctAliases) -> tuple[str, str] | None:
    """Where the user's words put the money on one method in place of another that the call
    pays with ("put the $18.96 on my PayPal instead of the gift card", though the gift card is
    spoken of again after it; "with the gift card instead"): the call's method and the one
    asked for, else None."""
    for m in _PUT_INSTEAD_OF.finditer(said):
        for method in methods:
            if named(Text(m.group(2)), method, own) and not named(Text(m.group(1)), method, own):
                return method, m.group(1)
    for m in _WITH_INSTEAD.finditer(said):
        if not any(named(Text(m.group(1)), method, own) for method in methods):
            return methods[0], m.group(1)
    return None


def _asked_in(methods: list[str], kept: Text, words: tuple[str, ...], own: DistinctAliases
              ) -> tuple[str, str] | None:
    """``_asked_instead`` on one turn's words, read by ``_method_said`` (``kept``)."""
    paying: Text | None = None
    for method in methods:
        if named(kept, method, own):
            continue
        if paying is None:
            paying = payment_text(kept, words)
            # (a method said on its own, answering "Mastercard or gift card?": "... gift card";
            # read as the cue "use ..." the payment text would have given it)
            bare = ". ".join(f"use {m.group(1)}" for pattern in (_BARE_METHOD, _IF_METHOD)
                             for m in pattern.finditer(kept.plain))
            if bare:
                paying = Text(f"{paying.plain}. {bare}")
        other = other_payment(paying, method, own.get(method), own.siblings(method)) \
            or other_kind(paying, method)
        if other is not None and len(methods) > 1 and _FOR_PART.search(kept.plain) is not None \
                and other.replace(" ", "_") in {kind_of(m) for m in methods}:
            continue  # (a method for a part of the sum, which the call also pays with: "Use the
            # other gift card for the $6")
        if other is not None and not any(named(kept, m, own) for m in methods):
            return method, other
    # a kind of method the user puts to use that the call pays with none of, beside one it
    # does ("Yes - but use up my gift card first, there's $60 on it, and put the rest on the
    # Visa": the call pays it all on the Visa)
    kinds = {kind_of(m) for m in methods}
    paying = paying or payment_text(kept, words)
    for method in methods:
        other = other_kind(paying, method)
        if other is not None and other.replace(" ", "_") not in kinds:
            return method, other
    return None


def _method_said(said: str) -> Text:
    """The user's words with the methods in English and what they rule out or only check cut
    ("instead of the Visa" keeps nothing; nor a check on what the proposal said: "and the refund
    to the mastercard happens automatically right?")."""
    if " n" in said:  # (the Portuguese "on the": "pode ser no gift card")
        said = _NEVER_USED_RE.sub(" ", _PT_ON_THE_BRAND.sub(r"\1em ", said))
    if _CJK_METHOD.search(said) is not None or ((KANA.search(said) or HAN.search(said)) and any(
            name in said for name in ("paypal", "visa", "master", "amex", "card"))):
        # (in Chinese or Japanese: "不过用礼品卡付，别用信用卡" read as "use gift card, not credit
        # card"; "差額はpaypalの方に返してほしいです", "use paypal")
        said = _CJK_METHOD_NOT.sub(lambda m: f", not {_CJK_METHODS[m.group(1)]},", said)
        said = _JA_METHOD_NOT.sub(lambda m: f", not {_CJK_METHODS[m.group(1)]},", said)  # ("ギフト
        # カードじゃなくて、クレジットカードのほうでお願いします")
        said = _CJK_METHOD_USE.sub(lambda m: f", use {_CJK_METHODS[m.group(1) or m.group(2)]},",
                                   said)
    if _METHOD_ABROAD.search(said) is not None:  # (the methods by their English names: "aber
        # bezahlen Sie bitte mit meiner Geschenkkarte, nicht mit der Visa")
        said = _methods_in_english(said)
    return Text(_RULED_OUT.sub(" ", _CHECK_ON_SAID.sub(" ", said)))


# a sum said per head: "$115 per passenger", "$50 each"
_PER_HEAD = re.compile(r"\$[\d,.]+\**\s*(?:per (?:passenger|person|traveler|traveller|pax|ticket)|each|"
                       r"/person|/passenger|pp|"
                       # (in the other languages read: "$93 por pasajero")
                       r"por (?:pasajero|persona|passageiro|pessoa)|par (?:passager|personne)|pro "
                       r"(?:person|passagier|fluggast)|per (?:passeggero|persona|passagier|persoon))"
                       r"(?![\w'])")
# a method asked instead of another, as the condition of a yes: "as long as the refund goes onto
# my gift card instead of the card"
_INSTEAD_IF = re.compile(r"[^,.;!?]*?(?:gift ?card|paypal|visa|mastercard|amex|credit card|certificate|card)"
                         r"[^,.;!?]*?(?:instead of|rather than|not|"
                         # (in the other languages read: "el cargo sea a la Mastercard y no a la
                         # Visa")
                         r"no|não|non|nicht|en vez de|en lugar de|au lieu de|invece di|em vez de|statt)"
                         r"(?: (?:a|à|al|en|sur|on|no|na|auf|to|de))?(?: the| my| your| la| el| le| a| o| "
                         r"die| der)? [a-z ]{0,20}(?:card|paypal|visa|mastercard|amex|certificate)")
# a part of the sum a method is asked for: "for the $6", "the rest", "the remaining $54"
_FOR_PART = re.compile(r"(?<![\w'])(?:(?:for|with|on) (?:the )?(?:remaining |rest of the |last |other |"
                       r"extra )?\$\d|the rest|the remainder|the remaining|the difference)")
# a method the user names: said on its own ("... gift card"), or in a condition ("yes if the
# gift card covers it")
_NAMED_METHOD = (r"(?:gift ?card|paypal|visa|mastercard|amex|credit card)(?: (?:ending(?: in)?|acabada en|"
                 r"terminada en|que termina en|terminad[ao] em|final|se terminant par|finissant par|"
                 r"che termina (?:con|in)|eindigend op|endend auf) \d{4})?")
_BARE_METHOD = re.compile(r"(?:^|[.;!?,]\s*|(?<![\w'])but\s+)((?:the |my |use |with |on |to |back on |"
                          r"back to |"
                          # (in the other languages read: "A la Visa acabada en 8902, ...")
                          r"a la |al |a mi |en la |en mi |à la |sur la |sulla |alla |na |no |"
                          # ("Con la tarjeta de regalo, por favor. Sí, adelante.")
                          r"con la |con el |con mi |com o |com a |avec la |avec ma |mit der |mit meiner |"
                          r"met de |met mijn |"
                          r"auf die |op de )*"
                          + _NAMED_METHOD
                          # (or back to it: "hmm no sorry, paypal after all, the visa's about to
                          # expire. yep go")
                          + r")(?:\s+(?:please|pls|thanks|thank you|after all))?\s*(?=$|[.;!?,])")
_IF_METHOD = re.compile(r"(?<![\w'])(?:if|as long as|provided) (?:the |my |your )?("
                        + _NAMED_METHOD + ")"
                        # (not one the condition gives money back to: "as long as the
                        # mastercard gets the whole 321.18 back")
                        r"(?! (?:gets?|receives?|is refunded|will be refunded|gets? refunded)"
                        r"(?![\w']))")


# a time the flight leaves after: "it departs after 6pm", "parte dopo le 18"
_DEPARTS_AFTER_IF = re.compile(r"(?:it |the flight |that one |the new one )?(?:departs?|leaves?|parte|sale|"
                               r"part|partira|abfliegt|fliegt ab|vertrekt|sai)(?: only)? (?:after|dopo le|"
                               r"dopo|"
                               r"después de las|despues de las|après|apres|nach|na|depois das) (\d{1,2})"
                               r"(?:[:.h](\d\d))?\s*(am|pm|h|uhr)?")
# the money back to what paid for it: "each refund goes back to what i originally paid with for
# that order", "it goes back to the original payment method"
_ORIGINAL_BACK_IF = re.compile(r"(?:each |every |the |my |all (?:the |of the )?)?(?:refunds?|money|it|"
                               r"they|that|everything)(?: all)? (?:goes|go|gets|get|is|are)(?: sent|"
                               r" put| refunded| paid)? back (?:on|to|onto|into) (?:what (?:i|we) "
                               r"(?:originally |first )?paid (?:with|on)|the (?:original|same) "
                               r"(?:form of payment|payment methods?|methods?|cards?|accounts?)|"
                               r"(?:where|wherever) (?:it|they) came from|how (?:i|we) paid)"
                               r"(?: (?:for|of|on) (?:that|each|the|its|their) (?:order|orders|one|"
                               r"purchase))?")
_ORIGINAL_SAID = re.compile(r"(?<![\w'])(?:original|originally|same (?:card|method|account) "
                            r"(?:you|it was) paid)")
# a departure time the turn gives: "partenza 19:00", "departs 19:00", "19:00–03:00"
_DEPARTURE_SAID = re.compile(r"(?:depart(?:s|ure|ing)?|partenza|salida|sale|départ|depart|abflug|"
                             r"vertrek|partida)\D{0,12}?(\d{1,2}):(\d\d)")
# a bound on the new item's price: "only if the new one is under $150"
_NEW_ONE_BOUND_IF = re.compile(r"(?:the )?new (?:one|item|model|variant|version|[a-z]{3,})(?: (?:is|costs?|"
                               r"comes to|would be|will be))? (?:under|below|less than|at most|no "
                               r"more than|not (?:over|above|more than)) \$?(\d{1,3}(?:,\d{3})+|\d+)"
                               r"(\.\d+)?(?: dollars| bucks)?")
_PRICE_AFTER_ARROW = re.compile(r"(?:→|->)[^$\n]{0,80}?\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
# the same as before: "as long as it's the same blue"
_SAME_IF = re.compile(r"(?:it'?s|it is|that'?s|that is|they'?re|they are|it stays) (?:still )?(?:the "
                      r")?same ([a-z0-9]{3,})(?: (?:one|colou?r|size|model))?")
# all of it back to a method: "the gift card gets the whole amount back right away"
_WHOLE_BACK_IF = re.compile(r"(?:the |my )?(gift card|paypal|visa|mastercard|credit card|card)(?: "
                            r"account)? (?:gets|receives|is refunded|will get|will receive) (?:back )?"
                            r"(?:the |all the |all of the )?(?:whole|full|entire) (?:amount|sum|"
                            r"refund|thing|total)(?: back)?( right away| immediately| instantly| at "
                            r"once| straight away)?")
_WHOLE_SAID = re.compile(r"(?<![\w'])(?:full|whole|entire|all of the|the total of)(?![\w'])")
_AT_ONCE_SAID = re.compile(r"(?<![\w'])(?:immediately|right away|instantly|at once|straight away)"
                           r"(?![\w'])")
# another thing still sent where it goes: "the two espresso orders keep going to River Road"
_KEEPS_GOING_IF = re.compile(r"(?:the |my |our )?([a-z0-9' ]{3,60}?) (?:(?:still|will still|would still) "
                             r"(?:goes|go|ships?|gets? (?:sent|shipped|delivered))|keeps? going|keeps? "
                             r"shipping|stays? going) to (?:my |our |the )?([a-z0-9' #,]{3,60})")
_STILL_SENT = re.compile(r"(?<![\w'])(?:keep shipping|keeps shipping|will still ship|still ships?|"
                         r"stay|stays|unchanged|remain|remains|not (?:be )?changed|continue to ship)"
                         r"(?![\w'])")
# an order's items listed in brackets: "Order #W8882972 (Cycling Helmet, Garden Hose, T-Shirt)"
_ITEMS_LISTED = re.compile(r"#w\d{5,}\s*\([a-z][^()\n]{2,60}(?:, [^()\n]{3,60})+\)")
# a condition that nothing has shipped yet, and a turn saying the order has not
_NOT_SHIPPED_IF = re.compile(r"(?:neither of them|none of them|it|they|the order|the orders|both) "
                             r"(?:has|have|hasn'?t|haven'?t|has not|have not|is|are|isn'?t|aren'?t)? ?"
                             r"(?:not )?(?:shipped|been shipped|gone out|left)(?: yet)?"
                             r"(?: though| tho| then)?")
_NOT_SHIPPED_SAID = re.compile(r"(?<![\w'])(?:pending|not (?:yet )?(?:been )?shipped|hasn'?t shipped|"
                               r"haven'?t shipped|not shipped yet)(?![\w'])")
# in stock: "provided the blue 750ml is actually in stock"
_IN_STOCK_IF = re.compile(r"(?:the |that |this )?((?:[a-z0-9]+ ){0,3}[a-z0-9]+) (?:is|are|'s) "
                          r"(?:actually |really |still |definitely )?(?:in stock|available)")
_AVAILABLE_SAID = re.compile(r"(?<![\w'])(?<!not )(?<!un)(?:available|in stock)(?![\w'])")


def _agent_turns_before(messages: list[Message], index: int, n: int) -> list[str]:
    """The agent's last ``n`` turns before ``messages[index]``, newest first."""
    out: list[str] = []
    for j in range(index - 1, -1, -1):
        if messages[j].role is Role.ASSISTANT:
            out.append(plain(messages[j]))
            if len(out) == n:
                break
    return out


# an address the proposal says stays as it is (the profile's, or other orders'), to its clause's end
# the address an order ships to now, as a proposal reports it ("currently ships to 510 Hickory Lane,
# Suite 712, San Diego, CA 92107, USA"), and the address fields a call sets
_SHIPS_NOW = re.compile(r"(?<![\w'])(?:currently|now|still) (?:ships?|shipping|goes|going|set|is set|"
                        r"being shipped|delivers|delivering) to [^\n]*?(?=\.\s|\.$|\n|$)")
_ADDRESS_KEYS = frozenset({"address1", "address2", "city", "state", "zip", "country"})
_KEPT_ADDRESS = re.compile(
    r"(?<![\w'])(?:(?:(?:your|the) )?(?:account'?s |profile'?s )?default (?:shipping )?address "
    r"(?:will stay|stays|will remain|remains|is unchanged|will not change|won'?t change)|(?:your )?"
    r"other orders?(?: #w\d+)?(?: and #w\d+)? (?:will keep shipping|will still ship|keeps? "
    r"shipping|will stay))[^;\n]*?(?=, and |\. |\.$|;|\n|$)")


def _others_conditions_out(theirs: Text, own_step: Text, proposal: Text) -> Text:
    """``theirs`` without its clauses on another step's method: a clause naming a method that
    names a thing, or a step's number, of the proposal's numbered steps other than this call's
    own (``own_step``) only ("as long as the kettle refund goes back to PayPal", "Thermostat
    also yes, but put that difference on my gift card", "3 only if the refund goes back to my
    card", for the calls of the other steps)."""
    if (_MAY_NAME_METHOD.search(theirs.plain) is None and _METHOD_ABROAD.search(theirs.plain) is None) \
            or (steps := _plan_steps(proposal.plain)) is None:
        return theirs
    heads = [step.plain.split("\n", 1)[0] for step in steps]
    words_of = [set(_THING_WORDS.findall(head)) for head in heads]
    common = set.intersection(*words_of) if words_of else set()
    own = [k for k, head in enumerate(heads) if head in own_step.plain]
    if not own:
        return theirs
    kept: list[str] = []
    before: list[int] = []  # (what the clause before named: a "but" clause goes on about it)
    bodies: list[set[str]] | None = None  # (each step's words no other step has, when asked)
    for clause in _METHOD_CLAUSES.split(theirs.plain):
        numbers = {int(n) for n in _STEP_NUMBER.findall(clause)}
        naming = sorted({k for w in set(_THING_WORDS.findall(_METHODS.sub(" ", clause))) - common
                         - _NOT_A_METHOD_THING
                         if len(by_word := [k for k, ws in enumerate(words_of)
                                            if w[:max(4, len(w) - 1)] in " ".join(ws)]) < len(heads)
                         for k in by_word} | {k for k in range(len(heads)) if k + 1 in numbers})
        if not naming and (_MAY_NAME_METHOD.search(clause) is not None
                           or _METHOD_ABROAD.search(clause) is not None):
            # (a thing the steps name below their heading: "El puzzle sí devuélvelo pero el
            # reembolso a la tarjeta de regalo mejor", the puzzle a line of step 2)
            if bodies is None:
                bodies = [set(_THING_WORDS.findall(step.plain)) for step in steps]
                shared = set.intersection(*bodies) if bodies else set()
                bodies = [ws - shared for ws in bodies]
            naming = sorted({k for w in set(_THING_WORDS.findall(_METHODS.sub(" ", clause)))
                             - _NOT_A_METHOD_THING
                             if len(by_word := [k for k, ws in enumerate(bodies) if w in ws]) == 1
                             for k in by_word})
        if not naming and clause.startswith("but "):
            naming = before  # ("Thermostat also yes, but put that difference on my gift card")
        before = naming
        if _MAY_NAME_METHOD.search(clause) is None and _METHOD_ABROAD.search(clause) is None:
            kept.append(clause)
            continue
        if not naming and (methods := {m.group() for m in _METHODS.finditer(clause)}):
            # (no thing named: the one step whose line already names that method, "Refund to the
            # gift card is fine." to a plan refunding one step to the gift card)
            naming = [k for k, head in enumerate(heads) if any(m in head for m in methods)]
            naming = naming if len(naming) == 1 else []
        if naming and not set(naming) & set(own):
            continue  # (another step's method)
        kept.append(clause)
    return Text(" ".join(kept))


# the words a clause may name a step's thing by: four letters or more, or a short thing's name
# ("put the bag on the gift card", "For the pet bed, can the refund go on my Mastercard instead?")
_THING_WORDS = re.compile(r"[a-z]{4,}|(?<![a-z])(?:bag|hat|cap|mug|toy|mat|fan|pan|box|kit|cup|bed|pet|"
                          r"tea)(?![a-z])")
# a turn's clauses, each a sentence or a "but" part
_METHOD_CLAUSES = re.compile(r"(?<=[.;!?])\s+|,?\s+(?=but\s)")
# a step's number opening a clause: "3 only if ..."
_STEP_NUMBER = re.compile(r"(?:^|(?<=\s))([1-9])(?=\s+(?:only|is|yes|if|as|too|also|,))")


def _otherwise_asked(value: Any, key: KeySpec, theirs: Text) -> tuple[str, str] | None:
    """Another of the key's choices, or another count, the user's words from the yes on ask
    for with a cue ("Yes, but the reason is that I ordered it by mistake", "Yes - actually make
    it 2 bags"): the value and what was asked for, or None."""
    text = _RULED_OUT.sub(" ", theirs.plain)
    if isinstance(value, int) and not isinstance(value, bool):
        m = _COUNT_ASKED.search(text)
        if m is not None:  # (a count in digits or words: "just make it three bags total")
            count = _COUNT_WORDS.get(m.group(1)) or int(m.group(1))
            if count != value and str(value) not in m.group(0):
                return str(value), str(count)
        return None
    if not key.choices or not isinstance(value, str) or named(Text(text), value, {}):
        return None
    for clause in _CLAUSES_CUED.findall(text):
        other = other_choice(Text(clause), value, key.choices)
        if other is not None:
            return value, other
    return None


# a variant asked for in the yes by what it is: "yes, but the 10 hour one, not the 20"
_BUT_THE_ONE = (r"(?<![\w'])but the [a-z0-9][\w -]{0,24}? one(?! (?:is|was|'s|i|we|you|has|had|looks|"
                r"seems|works)(?![\w']))")
_ASKED_CUE = re.compile(r"make it|change (?:it|that) to|should be|actually|instead|rather|maak er|in plaats|"
                        r"reason is|reason being|because|" + _BUT_THE_ONE)
_HAN_COUNT = {"一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9}
_COUNT_ASKED = re.compile(r"(?<![\w'])(?:make it|change (?:it|that) to|should be|actually|maak er(?: maar)?|"
                          r"mets(?:-en| en)?|mettine|metti|pon(?:le)?|mach(?: es)?|faça|faz)\s+"
                          r"(\d{1,3}(?![\d:%.])(?!\s*(?:am|pm|percent|dollars|usd|\$))|"
                          # (a count in words only before what it counts, or alone: not "actually
                          # one more thing")
                          r"(?:one|two|three|four|five)(?=\s+(?:bags?|suitcases?|pieces?|checked|"
                          r"items?|passengers?|people|travell?ers|seats?)(?![\w'])|\s*(?:[.,!;]|$)))")
# a clause in which the user says what a choice is or should be
_CLAUSES_CUED = re.compile(r"[^,.;!?\u2014\u2013]*(?<![\w'])(?:instead|rather|make it|change (?:it|that) to|"
                           r"should be|reason is|reason being|because|" + _BUT_THE_ONE
                           + r")(?![\w'])[^,.;!?\u2014\u2013]*")


def _default_not_kept(last: Text, theirs: Text, arguments: dict[str, Any], aliases: Aliases
                      ) -> tuple[str, str] | None:
    """Where the proposal offered a choice of payment methods and said which it would use if
    the user said nothing ("This can go to your PayPal or your gift card; I'll use PayPal
    unless you tell me otherwise"), the user named none from the yes on, and the call pays
    with another: (the default as said, the call's method), or None."""
    if "unless" not in last.plain and "default" not in last.plain:
        return None
    said = _DEFAULT_METHOD.search(last.plain)
    if said is None:
        return None
    default = Text(said.group(1))
    methods = [v for v in _flat(arguments) if isinstance(v, str) and kind_of(v) is not None]
    if not methods or any(named(default, m, aliases.every) for m in methods):
        return None
    if _METHODS.search(_RULED_OUT.sub(" ", theirs.plain)) is not None:
        return None  # (the user chose: the binding's other checks read their words)
    return said.group(1).strip(), methods[0]


# "I'll use PayPal unless you tell me otherwise", "defaulting to your gift card unless ..."
_DEFAULT_METHOD = re.compile(
    r"(?:i'?ll|i will|i'?m going to|i am going to|we'?ll) (?:use|go with|send (?:it|the refund|"
    r"the money) to|refund (?:it |the money )?to|put (?:it|the refund) on) (?:your |the )?"
    r"([^.;,!?]{2,40}?)\s+unless (?:you )?(?:tell me|say|let me know|prefer|want|would prefer|"
    r"'?d prefer|choose|pick|specify)")


_RULED_OUT = re.compile(r"(?<![\w'])(?:instead of|rather than|not|(?:don'?t|do not) (?:put|use|charge|"
                        r"send|refund|bill)(?: it| them| the \w+)?)\s+(?:on |to |with |from )?"
                        r"(?:the |my |your )?[^,.;!?]{0,30}"
                        # (a method kept for later: "I want to save the gift card for something else")
                        r"|(?<![\w'])(?:save|keep|saving|keeping) (?:the |my )?[a-z ]{0,15}?(?:gift ?card|"
                        r"visa|mastercard|amex|paypal|certificate|card) for (?:something|later|another|"
                        r"a later|the next|other)[^,.;!?]{0,20}"
                        # (and in the other languages read: "el cargo sea a la Mastercard y no a la
                        # Visa")
                        r"|(?<![\w'])(?:(?:y|e|et|und|en) |(?<=, ))(?:no|não|pas|non|nicht|niet)"
                        r"(?! (?:problem|worries|issue|prob|hay problema|problema))(?: (?:a |en |con |sur |"
                        r"sulla |no |na |auf |op )?(?:la |el |mi |le |il |o |a |die |de )?[^,.;!?]{0,30})"
                        # (nothing put on it, in the languages read: "and nothing on the Visa", "y
                        # nada en la Visa", "et rien sur la Visa", "e niente sulla Visa")
                        r"|(?<![\w'])(?:nothing|nada|rien|niente|nulla|nichts)(?: (?:goes|going|at all|"
                        r"vaya|quede|va|vai|fique|ne va|aille|vada|resti|geht|bleibt))?\s+(?:on|to|in|"
                        r"en|a|al|sur|sulla|sul|su|no|na|auf)\s+(?:the |my |la |el |mi |ma |mon |il |"
                        r"o |a |die |der |meine )?[^,.;!?]{0,30}"
                        # (a method said to be going: "the Mastercard is getting closed next month")
                        r"|(?<![\w'])(?:the |my |that |this )?[a-z]+(?: card)?(?: ending(?: in)? \d{4})? "
                        r"(?:is|'s|was) (?:getting |being |about to be |going to be |almost |nearly |"
                        r"basically |pretty much |already )?(?:closed|cancell?ed|expired|expiring|"
                        r"maxed(?: out)?|frozen|blocked|shut down|over (?:the|its|my) limit|at "
                        r"(?:the|its|my) limit|(?:about|going) to (?:expire|run out|close|be "
                        # ("the visa's about to expire")
                        r"cancell?ed))(?![\w'])")


def _others_proposed(session: SessionState, last: Text, spec: ActionSpec,
                     arguments: dict[str, Any], aliases: Aliases, said: Text | None = None
                     ) -> tuple[str, str, Any] | None:
    """An id list the call holds beside its key arguments (an exchange's new items, a flight
    change's flights) where the proposal the user answered named ids of that form the facts know
    (another variant, another flight), none of the call's own there, or none of its new ones
    (ids the object does not hold now: "Keep outbound HAT188 ... change the return to HAT264",
    the call holding HAT188 and HAT289): the argument, the id named and the call's values; or
    None. Ids the call holds anywhere, and a product's ids, are not another choice."""
    index = aliases.index
    if index is None:
        return None
    keyed = {k.name.split(".", 1)[0] for k in spec.keys}
    held: set[str] | None = None  # (every value the call holds, wanted rarely)
    has: set[str] | None = None  # (every value the object holds now)
    for name, value in arguments.items():
        if name in keyed or not isinstance(value, list) or not value:
            continue
        ids = [v for m in value for v in (m.values() if isinstance(m, dict) else [m])
               if isinstance(v, str) and _ID_FORM.search(v) and not _DATE_FORM.match(v)]
        if not ids:
            continue
        if said is not None and all(named(said, v, {}) for v in ids):
            continue  # (the user named them all: "Eh, never mind. I'll stick with the cheapest.
            # Go ahead with HAT110 and HAT172.", to the next cheapest offered)
        if has is None:
            now = _current(session, arguments)
            has = {str(v) for v in _flat(now)} if now is not None else set()
        if said is not None and (theirs := [
                o for form in {_id_shape(v) for v in ids} for o in _known_of_form(said, form, index)
        ]):
            # (the user named others of the form, which neither the call nor the object now
            # holds: "Go ahead with HAT110 and HAT172.", the call moving to the HAT227 offered)
            held = {str(v) for v in _flat(arguments)} if held is None else held
            other = next((o for o in theirs if o not in held and o.lower() not in held
                          and o not in has), None)
            if other is not None:
                return name, other, ids if len(ids) > 1 else ids[0]
        if any(named(last, v, {}) for v in ids):
            ids = [v for v in ids if v not in has and not named(last, v, {})]
            if not ids:
                continue
        if all(v in has for v in ids):
            continue  # (the call keeps the object's own, changing none of them: another flight
            # named is another action's, "Yes, do step 1, the upgrade to economy", step 2 the
            # change to HAT041)
        products: dict[str, str] | None = None
        for form in {_id_shape(v) for v in ids}:
            for other in _known_of_form(last, form, index):
                held = {str(v) for v in _flat(arguments)} if held is None else held
                if other in held or other.lower() in held:
                    continue
                products = _products_of(session) if products is None else products
                mine = {products[v] for v in held if v in products}
                if mine and other in products and products[other] not in mine:
                    continue  # (a variant of another product: another exchange's, "Exchange 2
                    # - Garden Hose ... (item 5206946487)" beside the skateboard's)
                if said is not None and _picked_by_options(session, said, ids, other):
                    continue  # (the user picked the call's variant by its options, the
                    # proposal giving only the other's id: "Let's go with the 500 piece art
                    # one", to "- 500 pieces, art, beginner - $46.13 ... - 1500 pieces,
                    # animals, beginner (item 9665100170)")
                return name, other, ids if len(ids) > 1 else ids[0]
    return None


_METHOD_BY_AMOUNT = re.compile(r"\$" + _SUM + r" (?:travel )?(certificate|gift card)")


def _picked_by_amount(index: AliasIndex, said: Text, ids: list[str], other: str) -> bool:
    """Whether ``said`` names by its amount a payment method of ``other``'s kind that the call
    holds (its balance as the facts give it), and not ``other``."""
    kind = kind_of(other)
    return kind is not None and any(kind_of(i) == kind and i != other
                                    for i in _named_by_amount(index, said, ids))


def _named_by_amount(index: AliasIndex, said: Text, value: Any) -> set[str]:
    """The payment methods among ``value`` (an id, a list of ids or of payments) that ``said``
    names by their balance alone ("the $500 certificate"), as the facts give it."""
    if "$" not in said.plain:
        return set()
    ids = {str(v) for v in _flat(value)}
    out = set()
    for m in _METHOD_BY_AMOUNT.finditer(said.plain):
        amount = decimal_of(m.group(1), m.group(2))
        kind = m.group(3).replace(" ", "_")
        found = [i for i, balance in index.balances.items()
                 if kind_of(i) == kind and balance == amount]
        if len(found) == 1 and found[0] in ids:
            out.add(found[0])
    return out


def _picked_by_options(session: SessionState, said: Text, ids: list[str], other: str) -> bool:
    """Whether ``said`` names two option values or more of each of ``ids``' variants, and
    fewer of ``other``'s (the variants as the product look-ups give them)."""
    variants = _variants(session)

    def count(item: str) -> int:
        found = variants.get(item)
        return sum(re.search(rf"(?<![\w.]){re.escape(str(v).lower())}(?![\w.])", said.plain)
                   is not None for v in found[1].values()) if found is not None else 0

    theirs = count(other)
    return all((n := count(v)) >= 2 and n > theirs for v in ids)


def _products_of(session: SessionState) -> dict[str, str]:
    """item id -> its product's id, from the product look-ups and the orders read (read only
    where a proposal names variants the call does not hold)."""
    out = {ident: product for ident, (product, _o) in _variants(session).items()}
    for call in session.calls[-RECENT_READS:]:
        result = call.result if call.kind == "read" else None
        items = result.get("items") if isinstance(result, dict) else None
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict) and item.get("item_id") and item.get("product_id"):
                out.setdefault(str(item["item_id"]), str(item["product_id"]))
    return out


def _known_of_form(text: Text, form: re.Pattern[str], index: AliasIndex) -> Iterator[str]:
    """The ids of ``form`` that ``text`` names and the facts know, a product's id aside (one
    of its variants is meant), as the facts spell them (``#`` dropped, letters upper-case)."""
    for m in form.finditer(text.plain):
        other = m.group().lstrip("#").upper() if not m.group().isdigit() else m.group()
        known = other in index.text_owners or other.lower() in index.text_owners
        if known and ("product_id", other) not in index.described:
            yield other


_ID_FORM = re.compile(r"\d{3}")
_DATE_FORM = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _products_named(session: SessionState, text: str) -> set[str]:
    """The products looked up whose name ``text`` says (its last word, or its first where the
    last names a collection: "the grill", "the luggage"): their ids."""
    _variants(session)
    names: dict[str, str] = session.derived.get("product_names", {})
    out = set()
    for product, name in names.items():
        words = name.split()
        if not words:
            continue
        head = words[0] if words[-1] in _COLLECTIVE and len(words) > 1 else words[-1]
        heads = {head, head.rsplit("-", 1)[-1]}  # (and a hyphened name's last part: "the shirt"
        # of "T-Shirt")
        if any(len(h) >= 3 and re.search(rf"(?<![\w'-]){re.escape(h)}(?:e?s)?(?![\w'])", text)
               for h in heads):
            out.add(product)
    return out


def _variants(session: SessionState) -> dict[str, tuple[str, dict[str, str]]]:
    """item id -> (its product's id, its options), from the product look-ups so far (kept
    incrementally; the products' names beside, ``_products_named``)."""
    found: dict[str, tuple[str, dict[str, str]]]
    found, seen = session.derived.get("variants", ({}, 0))
    names: dict[str, str] = session.derived.setdefault("product_names", {})
    for call in session.calls[seen:]:
        result = call.result if call.kind == "read" else None
        if not isinstance(result, dict):
            continue
        variants = result.get("variants")
        if isinstance(variants, dict):
            product = str(result.get("product_id", ""))
            if isinstance(result.get("name"), str):
                names[product] = result["name"].lower()
            for ident, variant in variants.items():
                options = variant.get("options") if isinstance(variant, dict) else None
                if isinstance(options, dict):
                    found[str(ident)] = (product, {str(k): str(v) for k, v in options.items()})
    session.derived["variants"] = (found, len(session.calls))
    return found


# what the user's words turn down: "blue, not red", "not the red one", "no red"
_TURNED_DOWN = re.compile(r"(?<![\w'])(?:not|no|never|instead of)\s+(?:the\s+|a\s+|an\s+)?"
                          r"([a-z0-9](?:[\w.-]*\w)?)(?![\w'])")


def _option_refused(session: SessionState, theirs: Text, arguments: dict[str, Any]
                    ) -> tuple[str, str, Any] | None:
    """A new item the call holds (``new_item_ids``) whose options hold a value the user's words
    from the yes on turn down ("For the bottle I'd want blue, not red", the call exchanging
    for the red one): (the argument, "not <value>", the item), else None."""
    if " no" not in f" {theirs.plain}" and "not " not in theirs.plain \
            and "never " not in theirs.plain and "instead of" not in theirs.plain:
        return None
    down = {m.group(1) for m in _TURNED_DOWN.finditer(theirs.plain)} - _PLAIN_VALUES
    if not down:
        return None
    variants: dict[str, tuple[str, dict[str, str]]] | None = None
    for name, value in arguments.items():
        if not name.startswith("new_") or not isinstance(value, list):
            continue
        for v in value:
            variants = _variants(session) if variants is None else variants
            options = variants.get(str(v), ("", {}))[1]
            # (a value of several words by its first: "not a side burner")
            hit = next((o for o in options.values() if o.lower() in down or (
                " " in o and o.lower().split(" ", 1)[0] in down and re.search(
                    rf"(?<![\w'])(?:not|no|never|instead of)\s+(?:the\s+|a\s+|an\s+)?"
                    rf"{re.escape(o.lower())}(?![\w'])", theirs.plain))), None)
            if hit is not None:
                return name, f"not {hit}", v
    return None


_PLAIN_VALUES = {"yes", "no", "true", "false", "none"}
# sizes as they are said ("the double extra large", "ex el" from speech to text)
_SIZES_SAID = ((re.compile(r"(?<![\w'])(?:double|two|2) ?(?:extra|ex) ?(?:large|el|l)(?![\w'])|"
                           r"(?<![\w'])(?:extra|ex) (?:extra|ex) (?:large|el)(?![\w'])"), "xxl"),
               (re.compile(r"(?<![\w'])(?:extra|ex) ?(?:large|el)(?![\w'])"), "xl"),
               (re.compile(r"(?<![\w'])extra small(?![\w'])"), "xs"))


def _option_asked(session: SessionState, theirs: Text, arguments: dict[str, Any], cued: bool
                  ) -> tuple[str, str, Any] | None:
    """A new item the call holds whose variant the user's own words from the yes on asked to be
    another ("actually make it the XXL, the cotton one", the call exchanging for the XL; "yes,
    the 2L one" to a proposal of the 1.5L; "Yes. Black XL. Just that." for the purple one): an
    option value the user names in a clause saying what it should be (``cued``), or anywhere
    in their words from the yes on, which another variant of the product has
    under the same option, where the call's variant has another value there that the clause
    does not name: (the argument, the value asked for, the item), else None. (Values the items
    given back hold are theirs to name.)"""
    clauses = " ; ".join(_with_one_before(theirs.plain, m) for m in _CLAUSES_CUED.finditer(theirs.plain)) \
        if cued else theirs.plain
    if not clauses:
        return None
    for pattern, size in _SIZES_SAID:
        clauses = pattern.sub(size, clauses)
    variants: dict[str, tuple[str, dict[str, str]]] | None = None
    whole = clauses
    for name, value in arguments.items():
        if not name.startswith("new_") or not isinstance(value, list):
            continue
        variants = _variants(session) if variants is None else variants
        given = arguments.get(name[len("new_"):])
        back = {o.lower() for g in (given if isinstance(given, list) else [])
                for o in variants.get(str(g), ("", {}))[1].values()}
        for v in value:
            product, own = variants.get(str(v), ("", {}))
            if not own:
                continue
            # (words about another product of the plan are that one's: "the grill I received
            # has a rotisserie ... make the new one charcoal, medium", not the helmet's
            # ventilation; "Yes on the helmet ... For the grill hold on - is there a gas one
            # in medium ...?")
            clauses = _about_product(session, whole, product)
            if not clauses:
                continue
            for key, mine in own.items():
                if _option_at(clauses, mine):
                    continue
                # (not a value another new item of the call holds: "Kettle one, ceramic: yes.
                # Kettle two, 1.5 liters: yes", the call exchanging both)
                taken = {variants.get(str(w), ("", {}))[1].get(key) for w in value if w != v}
                # (a value an item given back holds is the user's to name, except in a clause
                # that asks for it: "but make the shirt the black XL instead", the XL purple one
                # given back)
                asking = cued and _ASKS_FOR.search(clauses) is not None
                asked = {o[key] for p, o in variants.values() if p == product and key in o
                         and (asking or o[key].lower() not in back) and o[key] != mine
                         and o[key] not in taken}
                hit = next((o for o in sorted(asked) if _option_at(clauses, o)
                            and not _AN_ITEM_HELD.search(clauses.replace(o.lower(), "\0"))),
                           None)
                if hit is not None:
                    return name, hit, v
    return None


def _with_one_before(text: str, clause: re.Match[str]) -> str:
    """A clause asking for another item, with the sentence before it where the clause points
    back to the one that sentence describes ("the black large one is cheaper right? do that one
    instead")."""
    if _THAT_ONE_ASKED.search(clause.group()) is None:
        return clause.group()
    before = re.split(r"[.;!?]\s+", text[:clause.start()].rstrip(" .;!?"))[-1]
    return f"{before} ; {clause.group()}" if _ONE_BY_OPTIONS.search(before) else clause.group()


_THAT_ONE_ASKED = re.compile(r"(?<![\w'])(?:that|this) one(?![\w'])")
_ONE_BY_OPTIONS = re.compile(r"(?<![\w'])the (?:[\w-]+ ){1,4}one(?![\w'])")


# a clause asking for what the new item should be, not describing one the user has
_ASKS_FOR = re.compile(r"(?<![\w'])(?:instead|rather|make (?:it|the \w+)|change (?:it|that) to|should be|"
                       + _BUT_THE_ONE + r")(?![\w'])")
# an item the user has, described by a value ("the XXL one is a gift for my brother, leave that
# one alone"): no variant asked for (the value put as "\0")
_AN_ITEM_HELD = re.compile(r"(?<![\w'])the \0 one (?:is|'s|was|i|we)(?![\w'])")


def _about_product(session: SessionState, text: str, product: str) -> str:
    """The sentences of ``text`` about ``product``: those naming it, and those naming no
    product before any sentence names one or after one naming it; not those naming only
    other products, nor those going on after them."""
    if not _products_named(session, text):
        return text
    kept: list[str] = []
    about: bool | None = None  # (no product named yet)
    for sentence in _SENTENCE_ENDS.split(text):
        named_here = _products_named(session, sentence)
        if named_here:
            about = product in named_here
        if about is not False:
            kept.append(sentence)
    return " ".join(kept)


_SENTENCE_ENDS = re.compile(r"(?<=[.!?;])\s+|\n+")


def _option_at(text: str, value: str) -> list[int]:
    """Where ``text`` names an option value ("it's" names no size S)."""
    v = value.lower()
    if v in _PLAIN_VALUES:
        return []
    # (a value of several words may take the option's own word between them: "not water
    # resistant" for "not resistant")
    # (a plural said in the singular before "one": "the 10 hour one" for "10 hours")
    words = [re.escape(w) for w in v.split()]
    if len(words) >= 2 and re.fullmatch(r"[a-z]{3,}[^s]s", v.split()[-1]):
        words[-1] = words[-1][:-1] + "s?"
    pattern = r"\s+(?:[a-z]+\s+)?".join(words)
    if (unit := _UNIT_VALUE.fullmatch(v)) is not None:  # (a number's unit shortened: "20h" for
        # "20 hours")
        pattern = rf"{re.escape(unit.group(1))}\s*(?:{words[-1]}|{_UNITS_SHORT[unit.group(2)]})"
    return [m.start() for m in re.finditer(
        r"(?<![\w'’])" + pattern
        + r"(?![\w'’])", text)]  # (whole words, accented letters too: "sí" names no size S)


# an option's value of a number and its unit ("20 hours"), and the unit's short forms
_UNIT_VALUE = re.compile(r"(\d+(?:\.\d+)?) (hours|hour|inches|inch|feet|foot|pounds)")
_UNITS_SHORT = {"hours": "h|hrs?|hr", "hour": "h|hrs?|hr", "inches": "in|\"|-inch|”",
                "inch": "in|\"|-inch|”", "feet": "ft|'", "foot": "ft|'", "pounds": "lbs?"}


def _described_together(text: str, values: list[str], span: int = 30) -> bool:
    """Whether ``text`` names all ``values`` within ``span`` characters of one of them ("M /
    blue / high ventilation"), not scattered ("the medium blue helmet ... size L"). A value two
    options share is named twice ("brown frame, brown lens"; "black frame/brown lens" does not
    describe a pair whose frame is brown too)."""
    counts: dict[str, int] = {}
    for v in values:
        counts[v.lower()] = counts.get(v.lower(), 0) + 1
    places = {v: _option_at(text, v) for v in counts}
    if not all(places.values()):
        return False
    return any(all(sum(abs(p - start) <= span for p in found) >= counts[v]
                   for v, found in places.items())
               for found in places.values() for start in found)


def _user_named_own_option(session: SessionState, theirs: Text, own: Any, other: Any) -> bool:
    """Whether the user's words name an option of the variant ``own`` that the variant
    ``other`` of the same product does not have ("mit RGB" for the RGB keyboard, the white
    one priced)."""
    variants = _variants(session) or {}
    mine, theirs_variant = variants.get(str(own)), variants.get(str(other))
    if mine is None or theirs_variant is None or mine[0] != theirs_variant[0]:
        return False
    words = theirs.plain
    return any(len(o) >= 3 and re.search(rf"(?<![\w']){re.escape(o.lower())}(?![\w'])", words)
               for o in set(mine[1].values()) - set(theirs_variant[1].values())
               if o.lower() not in _PLAIN_VALUES)


def _other_variant(session: SessionState, last: Text, arguments: dict[str, Any],
                   window: Text | None = None) -> tuple[str, str, Any] | None:
    """A new item the call holds (an exchange's, an item change's) that the proposal the user
    answered described by its options as another variant of its product: one whose options
    it names every one of, where it leaves one of the call's variant's unnamed ("-> Hiking
    Boots (9, leather, waterproof)" for a call on the size 8 synthetic pair): the argument, the
    variant described and the call's."""
    variants: dict[str, tuple[str, dict[str, str]]] | None = None
    held: set[str] | None = None  # (every value the call holds, wanted rarely)
    for name, value in arguments.items():
        if not isinstance(value, list) or not value:
            continue
        for v in value:
            if not isinstance(v, str) or not v.isdigit() or named(last, v, {}):
                continue
            if variants is None:
                variants = _variants(session)
                if not variants:
                    return None
            own = variants.get(v)
            # (a new item is what a line says after its arrow: "white, 8 hours, IPX4 → blue,
            # 8 hours, not water resistant" describes no blue IPX4 pair)
            text = _after_arrows(last.plain) if name.startswith("new_") else last.plain
            # (its own options described together: "1.5L, plastic, black" for the item given
            # back and "glass, white" for the new one name all of a plastic white kettle's, but
            # not together)
            if own is None or _described_together(
                    text, [o for o in own[1].values() if o.lower() not in _PLAIN_VALUES]) \
                    or _told_apart(text, v, own, variants):
                continue
            if _OPTIONS_ABROAD_CUE.search(text) is not None and _described_together(
                    _options_in_english(text),
                    [o for o in own[1].values() if o.lower() not in _PLAIN_VALUES]):
                continue  # (its options in the proposal's language: "teclado linear RGB tamanho
                # completo", a full-size linear RGB keyboard)
            held = {str(v) for v in _flat(arguments)} if held is None else held
            # (in the proposal's language, its option values read in English: "Kofferset
            # 3-teilig/schwarz/Weichschale → 2-teilig/rot/Weichschale")
            described_in = _options_in_english(text) \
                if _OPTIONS_ABROAD_CUE.search(last.plain) is not None else last.plain
            described = [other for other, (product, options) in variants.items()
                         if other not in held and product == own[0] and options != own[1]
                         and (values := [o for o in options.values()
                                         if o.lower() not in _PLAIN_VALUES])
                         and _described_together(described_in, values)]
            if described and not name.startswith("new_"):
                # (what is given back is what the object holds: "Available options: E-Reader
                # (8-inch, Wi-Fi, 32GB) ... exchange, or go ahead with the return as listed?"
                # describes no e-reader of the order)
                current = _current(session, arguments)
                items = current.get("items") if current is not None else None
                if isinstance(items, list):
                    holds = {str(i.get("item_id")) for i in items if isinstance(i, dict)}
                    described = [d for d in described if d in holds]
            if len(described) == 1:  # (several: a list of options, not the one proposed)
                return name, described[0], v
            if not described and name.startswith("new_") and any(
                    _described_together(last.plain, [o for o in variants[h][1].values()
                                                     if o.lower() not in _PLAIN_VALUES])
                    for h in value if h != v and h in variants) and not (
                    window is not None and _described_together(
                        _after_arrows(window.plain), [o for o in own[1].values()
                                                      if o.lower() not in _PLAIN_VALUES])):
                # (described in a turn before, the newest restating it short: "1. Tea kettle:
                # glass 1 liter gas -> glass 1.5 liters gas" then "The plan is unchanged: kettle
                # to 1.5 liters ...")
                # a second new item beside one the proposal described, itself described
                # nowhere ("Exchange one Tea Kettle ... The second kettle stays as it is", the
                # call exchanging both)
                return name, _NO_OTHER, v
    return None


# option values in the other languages read, by their English names (what a variant is
# described by in a proposal: "bota 9 couro impermeável", "fone preto")
_OPTIONS_ABROAD = {
    **dict.fromkeys(("tamanho completo", "tamaño completo", "taille complète", "taille standard",
                     "dimensione completa", "formato completo", "volledig formaat", "volle größe",
                     "vollformat"), "full size"),
    **dict.fromkeys(("preto", "preta", "negro", "negra", "noir", "noire", "nero", "nera", "schwarz",
                     "schwarze", "schwarzen", "zwart", "zwarte"), "black"),
    **dict.fromkeys(("branco", "branca", "blanco", "blanca", "blanc", "blanche", "bianco", "bianca",
                     "weiß", "weiss", "weiße", "wit", "witte"), "white"),
    **dict.fromkeys(("azul", "bleu", "bleue", "blu", "blau", "blaue", "blauw", "blauwe"), "blue"),
    **dict.fromkeys(("vermelho", "vermelha", "rojo", "roja", "rouge", "rosso", "rossa", "rot", "rote",
                     "rood", "rode"), "red"),
    **dict.fromkeys(("verde", "vert", "verte", "grün", "grüne", "groen", "groene"), "green"),
    **dict.fromkeys(("prata", "plata", "plateado", "argent", "argenté", "argento", "silber", "zilver"),
                    "silver"),
    **dict.fromkeys(("dourado", "dourada", "dorado", "dorada", "doré", "dorée", "oro", "golden", "goud"),
                    "gold"),
    **dict.fromkeys(("couro", "cuero", "cuir", "pelle", "leder", "leer"), "leather"),
    **dict.fromkeys(("impermeável", "impermeable", "imperméable", "impermeabile", "wasserdicht",
                     "waterdicht"), "waterproof"),
    **dict.fromkeys(("sem fio", "inalámbrico", "inalámbricos", "sans fil", "senza fili", "kabellos",
                     "draadloos"), "wireless"),
    **dict.fromkeys(("com fio", "con cable", "filaire", "con filo", "kabelgebunden", "bedraad"), "wired"),
    **dict.fromkeys(("weichschale", "guscio morbido", "morbido", "carcasa blanda", "blanda", "souple",
                     "coque souple", "macia", "zachte schaal"), "softshell"),
    **dict.fromkeys(("hartschale", "guscio rigido", "rigido", "carcasa rígida", "rígida", "rigide",
                     "coque rigide", "rígido", "harde schaal"), "hardshell"),
    **{f"{n}-teilig": f"{n}-piece" for n in "234"}, **{f"{n} pezzi": f"{n}-piece" for n in "234"},
    **{f"{n} piezas": f"{n}-piece" for n in "234"}, **{f"{n} pièces": f"{n}-piece" for n in "234"},
    **{f"{n} peças": f"{n}-piece" for n in "234"}, **{f"{n}-delig": f"{n}-piece" for n in "234"},
    **dict.fromkeys(("rot", "rote", "roten"), "red"),
    **dict.fromkeys(("gris", "grise", "grau", "graue", "grigio", "grigia", "cinza", "grijs", "grijze"),
                    "grey"),
    **dict.fromkeys(("rosa", "rose", "roze"), "pink"),
    **dict.fromkeys(("amarillo", "amarilla", "jaune", "giallo", "gialla", "gelb", "gelbe", "amarelo",
                     "amarela", "geel", "gele"), "yellow"),
    **dict.fromkeys(("marrón", "marron", "marrone", "braun", "braune", "marrom", "bruin", "bruine"),
                    "brown"),
    **dict.fromkeys(("morado", "morada", "violet", "violette", "viola", "lila", "roxo", "roxa", "paars",
                     "paarse"), "purple"),
    **dict.fromkeys(("pequeño", "pequeña", "petit", "petite", "piccolo", "piccola", "klein", "kleine",
                     "pequeno", "pequena"), "small"),
    **dict.fromkeys(("mediano", "mediana", "moyen", "moyenne", "medio", "media", "mittel", "mittlere",
                     "médio", "média", "middel", "middelgroot"), "medium"),
    **dict.fromkeys(("grande", "grand", "groß", "große", "groot", "grote"), "large"),
    **dict.fromkeys(("baja", "bajo", "bassa", "basso", "basse", "niedrig", "niedrige", "baixa", "baixo",
                     "laag", "lage"), "low"),
    **dict.fromkeys(("alta", "alto", "haute", "hoch", "hohe", "hoog", "hoge"), "high"),
    **dict.fromkeys(("nailon", "náilon", "nylon"), "nylon"),
    **dict.fromkeys(("poliéster", "polyester", "poliestere"), "polyester"),
}
_OPTIONS_ABROAD_CUE = re.compile(r"(?<![\w'])(?:" + "|".join(
    re.escape(k) for k in sorted(_OPTIONS_ABROAD, key=len, reverse=True)) + r")(?![\w'])")


def _options_in_english(text: str) -> str:
    """``text`` with the option values it names in the other languages read by their English
    names."""
    return _OPTIONS_ABROAD_CUE.sub(lambda m: _OPTIONS_ABROAD[m.group()], text)


# (not an arrow to what the change costs: "Tea Kettle (ceramic, 2 liters, gas) — $101.12 → $2.87
# would be charged to PayPal", "... → you'd get a $6.47 refund")
_ARROW_LINE = re.compile(r"[^\n;|:]*(?:→|->|⟶|=>)(?!\s*(?:you(?:'d|'ll| would| will| get| pay)?|"
                         r"we(?:'d|'ll)?|(?:an? )?(?:refund|charge|credit)|\$[\d,.]+ (?:would|will|"
                         r"to be|is|refund|charged|back))(?![\w']))")


def _after_arrows(text: str) -> str:
    """``text`` with what it says before each arrow, back to the clause's start, left out (the
    item as it is: "Luggage Set → 2-piece, red, softshell; Skateboard → bamboo, 34 inch")."""
    if "→" not in text and "->" not in text and "=>" not in text and "⟶" not in text:
        return text
    # (a price's own arrow after the new item is no clause's: "size 9/white → size 10/white
    # ($148.95 → $154.75)")
    return _ARROW_LINE.sub(" ", _PRICE_ARROW.sub(r"\1", text))


# a sentence, line or clause that gives money back: "and the $1,643.01 will be refunded to your gift
# card", "$2,456.57 charged to your Visa ..., with PayPal refunded in 5 to 7 business days"
_REFUND_SENTENCE = re.compile(r"(?:[^.,\n;]|[.,](?=\d))*(?<![\w'])(?:refund\w*|credited back|returned to|"
                              # (the other languages read: "O valor volta na hora para o
                              # vale-presente", "wird ... erstattet", "viene rimborsato")
                              r"volta|voltam|devolvid\w*|reembols\w*|rimbors\w*|erstatt\w*|riaccredit\w*|"
                              r"gutgeschrieben|teruggestort|terugbetaald|rembours\w*|devuelt\w*)"
                              r"(?![\w'])(?:[^.,\n;]|[.,](?=\d))*")
# ... in Chinese: the old method's refund, and what it is paid with now
_REFUND_SENTENCE_HAN = re.compile("[^。\n；;]*(?:退回|退还|退還|返还|返還)[^。\n；;]*")
_PAID_NOW_HAN = re.compile("[^。\n；;]*(?:目前|现在|現在|原来|原來|当前|當前)[^。\n；;]*?(?:支付|付款)"
                           "[^。\n；;]*")
# the method a change of payment leaves, before the one it takes: "change the payment from the
# gift card gift_card_5540683 to the Mastercard", "trocar o pagamento do vale-presente ... para
# o Mastercard", "Zahlung von der Geschenkkarte auf die Visa"
_CHANGED_FROM = re.compile(r"(?<![\w'])(?:from|do|da|de|dal|dalla|dallo|du|von|vom|van)\s(?=[^.;\n]{0,30}?"
                           r"(?:gift|card|cart|visa|master|paypal|amex|vale|tarjeta|karte|kaart|"
                           r"credit|certificate|\d{4}))[^.;\n]{1,60}?\s(?=(?:to|para|pra|a|à|al|"
                           r"alla|zu|auf|naar|op|sur|en)\s)")
def _new_method_only(stated: str) -> str:
    """A proposal to change an order's method, without the method it leaves: a change of method
    gives the old one its money back ("$1,643.01 will be refunded to your gift card", the call
    on the Visa), and what the order is paid with now ("..., paid with gift card
    gift_card_2519457.") and what it changes from are the old one's."""
    stated = _PAID_WITH.sub(" ", _REFUND_SENTENCE.sub(" ", stated))
    stated = _CHANGED_FROM.sub(" ", stated)
    if HAN.search(stated) is not None:  # (in Chinese: "礼品卡的 $2,446.30 会立即退回礼品卡",
        # "目前用礼品卡 gift_card_2491643 支付")
        stated = _PAID_NOW_HAN.sub(" ", _REFUND_SENTENCE_HAN.sub(" ", stated))
    if HAN.search(stated) is not None or KANA.search(stated) is not None:  # (and what it
        # changes from: "从 PayPal 改为 Visa", "変更前：PayPal", "paypal払い", "PayPalへの返金")
        stated = _CHANGED_FROM_CJK.sub(" ", stated)
    return stated


# ... in Chinese and Japanese: "支付方式从 PayPal（paypal_2568958）改为 Visa", "変更前：PayPal
# （paypal_9995021）"
_CHANGED_FROM_CJK = re.compile("(?<=从|從)[^。\n；;，,]{1,60}?(?=(?:改为|改為|改成|换成|換成|变更为|變更為))|"
                               "(?:変更前|現在のお支払い|現在のお支払い方法|旧)[:：][^\n。]*|"
                               # (paid with now, money back to: "paypal払い", "PayPalへの返金")
                               "[a-z]+\\s*払い|[^\n。、,（(]{1,30}(?:へ|に)の?返金")
_PAID_WITH = re.compile(r"(?<![\w'])(?:currently |originally |was |is )?(?:paid (?:with|by|using|via|on)|"
                        # (in the other languages read: "pago com o cartão-presente gift_card_...")
                        r"pag[oa] com|pagad[oa] con|pago con|pagat[oa] con|payée? (?:avec|par)|"
                        r"bezahlt mit|betaald met|"
                        # ("Totale: $3585.54, attualmente sulla gift card gift_card_7728021")
                        r"(?:attualmente|actualmente|atualmente|actuellement|derzeit|momenteel|currently) "
                        r"(?:sulla|sul|en la|en el|na|no|sur la|sur le|auf der|op de|on(?: the| your)?)) "
                        r"(?:[^.\n;]|\.(?=\d))*")
_PRICE_ARROW = re.compile(r"\(\s*\$[\d,.]+\s*(?:→|->|⟶|=>)\s*(\$[\d,.]+)\s*\)")


def _told_apart(text: str, item: str, own: tuple[str, dict[str, str]],
                variants: dict[str, tuple[str, dict[str, str]]]) -> bool:
    """Whether ``text`` describes the variant ``item`` by options it names together that no
    other variant of its product has all of ("Size 9, black, synthetic" for the size 9 black
    synthetic shoe with a rubber sole, the only black synthetic size 9)."""
    named_here = [o for o in own[1].values()
                  if o.lower() not in _PLAIN_VALUES and _option_at(text, o)]
    if len(named_here) < 2 or not _described_together(text, named_here):
        return False
    wanted = {o.lower() for o in named_here}
    return not any(other != item and product == own[0]
                   and wanted <= {o.lower() for o in options.values()}
                   for other, (product, options) in variants.items())


# (what words naming a payment method hold, one of them at least: a cheap search first)
_MAY_NAME_METHOD = re.compile(_METHOD_PARTS + r"|\d{4}")
_NO_OTHER = "(none)"  # (_other_variant: the proposal described no other variant for it)


@functools.lru_cache(maxsize=1024)  # (bounded: the ids calls hold)
def _id_shape(value: str) -> re.Pattern[str]:
    r"""Ids of ``value``'s form in normalised text: its letters as letters, its digits as
    digits (HAT218 -> hat\d{3}; 8349118980 -> \d{10})."""
    body = re.sub(r"\d+", lambda m: "\\d{" + str(len(m.group())) + "}",
                  re.escape(value.lower()))
    return re.compile(r"(?<![a-z0-9_])" + body + r"(?![0-9a-z_])")


def _brought_in_after(messages: list[Message], auth: Authorisation, window: Text, theirs: Text,
                      arguments: dict[str, Any], aliases: Aliases, last: Text,
                      session: SessionState) -> str | None:
    """An id in one of the call's lists (a flight, a new item, a booking's payment method) that
    neither the proposal nor the user's words from the yes on named, but the agent's turns since
    the user last spoke, after the yes, did ("HAT211 just sold out. I'll put you on HAT065
    instead. Updating now."; "your gift card only has $150, I'll charge the remaining $36 to
    your Visa ending 6126"): the id, or None. (An id the agent named before a later user turn
    was the user's to answer.) Payment methods are also named by their aliases (a card's last
    four digits), and must be named by the summary the user answered (``last``), not only
    among the options before it. What the object already holds is no id brought in (the
    reservation's own flights, kept where only the cabin changes)."""
    after: Text | None = None
    kept: set[str] | None = None
    for value in arguments.values():
        if not isinstance(value, list):
            continue
        for v in _flat(value):
            if not isinstance(v, str) or not _ID_FORM.search(v) or _DATE_FORM.match(v):
                continue
            known: Any = aliases.distinct if kind_of(v) else {}
            if named(last if known else window, v, known) or named(theirs, v, known):
                continue
            if kept is None:
                kept = {str(x) for x in _flat(_current(session, arguments) or {})}
            if v in kept and not kind_of(v):
                continue
            if after is None:
                start = len(messages)
                while start > auth.yes_index + 1 and messages[start - 1].role is not Role.USER:
                    start -= 1
                after = Text(" ".join(plain(m) for m in messages[start:]
                                      if m.role is Role.ASSISTANT))
            if named(after, v, known):
                return v
    return None


_TOTAL = re.compile(r"(?<![a-z])total(?: cost| price| amount| charge| due| fare)?(?: is| of| will "
                    r"be)?\s*[:=]?\s*(?:of\s+)?[$€£]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\d|,\d)")


_TIMES = re.compile(r"\s*(?:x|×|\*)\s*\d+\s*=\s*[$€£]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")


def _totals(text: str) -> set[Decimal]:
    """The totals ``text`` gives ("Total: $178"; "Total: $121 x 2 = $242" is $242)."""
    found = set()
    for m in _TOTAL.finditer(text):
        product = _TIMES.match(text, m.end())
        if (total := decimal_of(*(product or m).groups())) is not None:
            found.add(total)
    return found


# An add-on the user asks for in the yes ("yes, but add 1 checked bag for me", "add the
# insurance for both of us"): not said after a negation ("no insurance", "don't add a bag")
_ADDON_ASKED = re.compile(
    r"(?<![\w'])(?<!no )(?<!n't )(?<!not )(?:add|include|throw in|with|i want|i'?d like|get|"
    r"make (?:it|that))"
    r"(?: me| us)?\s+(?:the |a |an |(\d|one|two|three|four|five)\s+)?(?:(?:travel|trip) )?"
    r"(?:(checked |extra |additional )?(bags?|baggage|suitcases?|luggage)|(insurance))(?![\w'])")
# bags asked for in Chinese: "行李改成两件", "托运两件行李", "加两件行李"
_HAN_BAGS_ASKED = re.compile(r"行李[^，。,!！？?]{0,3}(?:改成|改为|改為|换成|要|加到)\s*"
                             r"(\d{1,2}|[一二两兩三四五])\s*件|"
                             r"(?:托运|托運|加|要)\s*(\d{1,2}|[一二两兩三四五])\s*件行李")
_NEGATED_BEFORE = re.compile(r"(?<![\w'])(?:no|not|never|without)(?![\w'])|n't\b")
_COUNT_WORD = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _addons_asked(theirs: Text) -> tuple[int | None, bool]:
    """The bags (a count, or None) and whether insurance the user's words ask to add."""
    bags, insurance = None, False
    for m in _ADDON_ASKED.finditer(theirs.plain):
        if _NEGATED_BEFORE.search(theirs.plain[max(0, m.start() - 20):m.start()]):
            continue  # ("i don't want to add a bag")
        if m.group(4):
            insurance = True
        else:
            n = m.group(1)
            bags = max(bags or 0, int(n) if n and n.isdigit() else _COUNT_WORD.get(n or "", 1))
    return bags, insurance


def _addon_not_taken(theirs: Text, arguments: dict[str, Any]) -> str | None:
    """A bag or insurance the user's yes asked to add that the booking's call does not hold
    ("yes, but add 1 checked bag for me", the call booking none)."""
    han = _HAN_BAGS_ASKED.search(theirs.plain)  # ("确认。不过行李改成两件吧": two bags)
    if han is not None and isinstance(held := arguments.get("total_baggages"), int) \
            and (said := han.group(1) or han.group(2)) \
            and (n := _HAN_COUNT.get(said) or (int(said) if said.isdigit() else None)) is not None \
            and held < n:
        return f"{n} bag(s)"
    if "add" not in theirs.plain and "with" not in theirs.plain and "want" not in theirs.plain \
            and "like" not in theirs.plain and "include" not in theirs.plain \
            and "make" not in theirs.plain:
        return None
    bags, insurance = _addons_asked(theirs)
    if insurance and arguments.get("insurance") == "no":
        return "insurance"
    held = arguments.get("total_baggages")
    if bags is not None and isinstance(held, int) and held < bags:
        return f"{bags} bag(s)"
    return None


# an address's unit: "Apt 3R", "Suite 307", "Unit 5", "Apt #12" (a bare "#12" is an order's)
# (a unit's number or letter: "apt 4B", "apt4b", "suite #200", "suite A"; not "roommate")
# (not one said to be none, "NY, no suite. Go ahead", nor a sentence's next word after a unit
# word ending it: a letter unit stands straight after its word, "apt 4B", "suite B")
_UNIT = re.compile(r"(?<![\w'])(?<!no )(apt|apartment|suite|ste|unit|floor|fl|room|rm|"
                   # (in the languages read: "Scala A, interno 5", "apto 12", "depto 4B", "3e étage")
                   r"interno|int|scala|piano|appartamento|apto|andar|depto|dpto|departamento|piso|"
                   r"appartement|appt|étage|etage|bâtiment|bat|wohnung|whg)"
                   r"(?:\.?(?:\s*#\s*|\s+|(?=\d))(?=[a-z0-9-]*\d)|(?:\s*#\s*|\s+)"
                   r"(?=[a-z]{1,2}(?![\w'])))([a-z0-9][a-z0-9-]{0,7})(?![\w'])")


def _address_held(arguments: dict[str, Any]) -> tuple[str, str, str] | None:
    """The street the call writes, its ``address2``, and both as one lower-case text, or None
    where the call writes no street."""
    street, second = arguments.get("address1"), arguments.get("address2")
    if not isinstance(street, str) or not street.strip() or not isinstance(second, str | None):
        return None
    street = street.strip().lower()
    return street, second or "", f"{street} {(second or '').lower()}"


def _holds_unit(unit: re.Match[str], held: str) -> bool:
    """Whether ``held`` (``_address_held``'s text) has ``unit``'s number or letter."""
    return re.search(rf"(?<![a-z0-9]){re.escape(unit.group(2))}(?![a-z0-9])", held) is not None


def _unit_dropped(last: Text, arguments: dict[str, Any], theirs: Text) -> tuple[str, str] | None:
    """An address the call writes without the unit the proposal gave it right after its
    street ("1450 N Dayton St, Apt 3R, Chicago", the call's ``address2`` empty or another
    unit), where no mention of the street in the proposal has the call's unit or none (the old
    address may be named too, "Suite 640 -> Suite 641"), and the user's words from the yes on
    (``theirs``) did not put it right without the unit's word ("That's it, except it's 4B not
    4C"): (a unit proposed, the call's ``address2``), else None."""
    address = _address_held(arguments)
    if address is None:
        return None
    street, second, held = address
    mine = _UNIT.search(held)  # (the call's own unit, as the user may have put it right)
    other = None
    # (not where it says the order ships now: "currently ships to 510 Hickory Lane, Suite 712")
    plain = _SHIPS_NOW.sub(" ", last.plain) if "to " in last.plain else last.plain
    at = plain.find(street)
    while at >= 0:
        after = plain[at + len(street):at + len(street) + 40].split("\n", 1)[0]
        if not after.strip(" ,.") and (lines := plain[at + len(street):].split("\n", 2)) and len(lines) > 1:
            after = lines[1].lstrip(" -*•")[:40]  # (on the next line of a listed address: "- Via
            # San Nicolò 21\n- Scala A, interno 5")
        found = _UNIT.match(after.lstrip(" ,"))
        if found is None or _holds_unit(found, held):
            return None
        other = found.group().strip()
        if mine is not None and (re.search(
                rf"(?<![\w']){re.escape(mine.group(2))}\s*,?\s*(?:not|instead of)\s+"
                rf"{re.escape(found.group(2))}(?![\w'])", theirs.plain) or re.search(
                rf"(?<![\w']){re.escape(found.group(2))}\s*호?\s*(?:아니고|말고|가 아니라|이 아니라)\s*"
                rf"{re.escape(mine.group(2))}(?![a-z0-9])", theirs.plain)):
            return None  # (or in Korean: "220 아니고 202호예요", not 220 but 202)
        at = plain.find(street, at + 1)
    return None if other is None else (other, second)


def _unit_put_right(theirs: Text, arguments: dict[str, Any], proposal: Text | None = None
                    ) -> tuple[str, str] | None:
    """A unit the user's words from the yes on name that the address the call writes does not
    hold ("yeah its apt 4B not 4 but yeah", the call writing "Apt 4"): (the unit, the call's
    ``address2``), else None. Not in a sentence about another labelled option of the
    ``proposal`` ("Yes, go ahead with A. For B, ... it's Unit 5 not 3", the call A's)."""
    address = _address_held(arguments)
    if address is None:
        return None
    text = theirs.plain
    if proposal is not None and (options := _lettered(proposal.plain)):
        own = {label for label, option in options.items() if address[0] in option}
        text = " ".join(sentence for sentence in re.split(r"(?<=[.!?;])\s+", text)
                        if (about := _FOR_LABEL.match(sentence)) is None
                        or about.group(1) in own or about.group(1) not in options)
    wrong = next((u for u in _UNIT.finditer(text) if not _holds_unit(u, address[2])
                  # (not the one said to be replaced: 'pon "Apt 3C" en vez de "Floor 3"')
                  and _REPLACED_BEFORE.search(text, max(0, u.start() - 16), u.start()) is None
                  # (not the unit of another street, given for another order: "my daughter's
                  # address is 44 Birch Lane, Unit 2, Fremont")
                  and not ((street := _STREET_BEFORE.search(text, max(0, u.start() - 60), u.start()))
                           is not None and address[0] not in street.group())),
                 None)
    return None if wrong is None else (wrong.group().strip(), address[1])


def _lettered(text: str) -> dict[str, str]:
    """A turn's parts led by a letter on its own line ("**A.** Order #W5166363 ...", "b) ..."):
    the letter -> its part, up to the next letter's."""
    marks = list(_LETTER_LINE.finditer(text))
    return {m.group(1).lower(): text[m.end():marks[k + 1].start() if k + 1 < len(marks) else len(text)]
            for k, m in enumerate(marks)}


_LETTER_LINE = re.compile(r"^[\s*#-]*([a-dA-D])[.)][\s*]+", re.M)
# a sum's method said after it, in a step that charges: "1 bag is paid: US$ 50, on the gift card"
_ON_METHOD = re.compile(r"(?<=\$)(\s*[\d,.]+\s*),\s*(?:on|em|en|sur|auf|op|su|sulla)\s+"
                        r"(?=(?:the |your |o |a |la |le |die |de |il )?(?:gift card|paypal|credit card|"
                        r"visa|mastercard|amex|"
                        r"certificate)(?![\w']))")
# a sentence about one labelled option: "For B, she just texted me back ..."
_FOR_LABEL = re.compile(r"(?:(?:and|but|as)\s+)?(?:for|about|regarding)\s+(?:option\s+)?([a-d1-9])(?![\w'])")
# a street right before a unit: "44 birch lane, " (its number and up to five words)
_STREET_BEFORE = re.compile(r"(?<![\w'])\d+ [a-z][a-z.'-]*(?: [a-z][a-z.'-]*){0,4},?\s*$")


# What a booking's summary says of its travel insurance: taken ("Travel insurance: yes, $60",
# "$274 fare + $60 insurance", "with travel insurance", "insurance included") or not ("no
# insurance", "Insurance: none", "without travel insurance", "insurance: declined"); an offer
# ("Would you like insurance?") says neither
# insurance as a yes's condition: "but only with the insurance on it"
_ONLY_INSURED = re.compile(r"(?:,?\s*(?:but|and) )?only (?:with|if (?:it has|there'?s|it includes|you add)) "
                           r"(?:the |travel |trip )*insurance(?: on it| included| added)?")
_NOT_WITHOUT = re.compile(r"(?<![\w'])i'?m not (?:flying|going|traveling|travelling|doing it|booking) "
                          r"without (?:it|that|insurance)")
_INS_SHORT = re.compile(r"(?<![\w'])ins(?![\w'])")
_INSURANCE_NO = re.compile(
    r"(?<![\w'])(?:no|without|declined?|not including|excluding)(?: any| the)? (?:travel |trip )?"
    r"insurance(?![\w'])|(?<![\w'])(?:travel |trip )?insurance\W{0,4}(?:no|none|not included|"
    r"declined|not added|n/a|removed|dropped|taken off|excluded)(?![\w'])|"
    r"(?<![\w'])(?:remov|dropp|tak)(?:e|ed|ing) (?:off )?(?:the |your )?(?:travel |trip )?"
    r"insurance(?![\w'])|"
    # (a "no" said of a list: "no bags or travel insurance added")
    r"(?<![\w'])no [a-z ]{1,25}? (?:or|nor) (?:any )?(?:travel |trip )?insurance(?: added)?"
    r"(?![\w'])|"
    # (chat's short form: "no ins. ya")
    r"(?<![\w'])no ins(?![\w'])")
_INSURANCE_YES = re.compile(
    r"(?<![\w'])(?:(?:travel |trip )?insurance\W{0,4}(?:yes|included|added|\$\d)|"
    r"(?:travel |trip )insurance \(\$\d+|"  # ("travel insurance ($30)")
    r"(?:with|including|plus|and|\+)(?: the)? (?:travel |trip )?insurance(?! (?:is|would|costs?|"
    r"for \$)\b)|\$[\d,.]+ (?:for )?(?:travel |trip )?insurance)(?![\w'])")


def _insurance_differs(last: Text, theirs: Text, arguments: dict[str, Any]) -> str | None:
    """A booking whose insurance is not what the summary the user answered said ("Travel
    insurance: yes, $60", the call booking without it; "no insurance", the call adding it),
    where the user's own words from the yes on say nothing of insurance: the summary's word
    ("yes" or "no"), else None."""
    held = arguments.get("insurance")
    if held not in ("yes", "no") or "insurance" not in last.plain \
            or "insurance" in theirs.plain or _INS_SHORT.search(theirs.plain) is not None:
        return None  # (the user's own word on it: "no ins. ya")
    text = last.plain
    flights = {str(f.get("flight_number", "")).lower() for f in arguments.get("flights") or ()
               if isinstance(f, dict)} - {""}
    blocks = [b for b in re.split(r"\n\s*\n|\n(?=\W*(?:booking|reservation|trip|option|passenger) \d)",
                                  text) if any(f in b for f in flights)]
    if flights and len(blocks) == 1 and "insurance" in blocks[0]:
        text = blocks[0]  # (the call's own booking of several: "Booking 1 - Grace: ... no
        # insurance ... Booking 2 - Soon-Ja: ... travel insurance ($30)")
    said_no = _INSURANCE_NO.search(text) is not None
    said_yes = _INSURANCE_YES.search(_INSURANCE_NO.sub(" ", text)) is not None
    if said_yes == said_no:
        return None  # (neither, or both: an offer, or two passengers' different choices)
    proposed = "yes" if said_yes else "no"
    return proposed if proposed != held else None


def _total_differs(last: Text, theirs: Text, arguments: dict[str, Any]
                   ) -> tuple[str, str] | None:
    """The call's payments (a booking's ``payment_methods`` amounts) against the total the
    proposal the user answered gave ("Total: $178 on Visa ending in 6521", the call paying
    $208): (the total proposed, the call's), where they differ and neither the proposal nor the
    user's words name the call's sum."""
    paid = [m["amount"] for v in arguments.values() if isinstance(v, list) for m in v
            if isinstance(m, dict) and isinstance(m.get("amount"), int | float)
            and not isinstance(m.get("amount"), bool)]
    if not paid or "total" not in last.plain:
        return None
    bags, insurance = _addons_asked(theirs)
    if insurance or bags is not None:
        return None  # (the user added something to it: the sum moved with their own words)
    proposed = _totals(last.plain)
    paying = Decimal(str(sum(paid)))
    passengers = arguments.get("passengers")
    alone = isinstance(passengers, list) and len(passengers) == 1 \
        and _PER_BOOKING.search(last.plain) is not None
    if not proposed or paying in proposed or paying in amounts(theirs.plain) or (
            paying in amounts(last.plain)
            and (alone or not _only_per_unit(last.plain, float(paying)))):
        return None  # (named as a price per passenger only, it is no sum the user agreed to;
        # for one passenger, "$871 each" of three bookings, "each reservation", is its sum)
    if arguments.get("insurance") == "no" and (_INSURANCE_NO.search(theirs.plain) is not None
                                               or _INSURANCE_NO_ABROAD.search(theirs.plain) is not None) \
            and (line := _INSURANCE_PRICED.search(last.plain)) is not None \
            and (price := decimal_of(line.group(1), line.group(2))) is not None \
            and any(paying == t - price for t in proposed):
        return None  # (the insurance dropped in the yes, its price off the total: "yes. actually
        # no insurance, skip it" to "Travel insurance: yes ($30) ... Total: $142", the call $112)
    named_amounts = amounts(last.plain)
    if len(paid) >= 2 and all(Decimal(str(a)) in named_amounts for a in paid):
        return None  # (the breakdown the user agreed to, line by line: "certificate_3765853:
        # $500 - gift card: $198 - gift card: $129 - Mastercard: $1,776", its sum the agent's)
    return " or ".join(f"${t:,}" for t in sorted(proposed)), f"${paying:,}"


def _not_most_on(theirs: Text, arguments: dict[str, Any], aliases: Aliases
                 ) -> tuple[str, str, str] | None:
    """Where the user's words from the yes on ask for as much as possible on one method ("Sí,
    pero mejor pon todo lo que se pueda en la gift card, tiene 350") and the call's split puts
    less on it than it could take (its balance, as the user or the facts give it, up to the
    total): (the method, the sum the call puts on it, the sum it could take)."""
    if _MOST_ON_CUE.search(theirs.plain) is None:
        return None
    payments = [m for m in arguments.get("payment_methods") or () if isinstance(m, dict)
                and isinstance(m.get("payment_id"), str) and isinstance(m.get("amount"), int | float)]
    if len(payments) < 2:
        return None
    said = _methods_in_english(theirs.plain)
    most = _MOST_ON.search(said)
    if most is None:
        return None
    kind = most.group(1).replace(" ", "_").replace("giftcard", "gift_card")
    mine = [m for m in payments if kind_of(m["payment_id"]) == kind]
    if len(mine) != 1:
        return None
    pay = mine[0]
    total = Decimal(str(sum(m["amount"] for m in payments)))
    balance = aliases.index.balances.get(pay["payment_id"]) if aliases.index is not None else None
    stated = [d for d in amounts(said[most.start():]) if d > 0] or [
        Decimal(b.group(1)) for b in _BALANCE_SAID.finditer(said, most.start())]
    if stated:
        balance = stated[0]  # (its balance as the user gives it: "tiene 350")
    if balance is None:
        return None
    could = min(balance, total)
    put = Decimal(str(pay["amount"]))
    return (most.group(1), f"${put:,.2f}", f"${could:,.2f}") if put < could else None


# a balance the user gives, a bare number: "tiene 350", "it has 350 on it"
_BALANCE_SAID = re.compile(r"(?<![\w'])(?:tiene|tem|has|hat|heeft|ha|il y a|it has|there'?s)\s+\$?(\d{1,5}"
                           r"(?:\.\d\d)?)(?![\d,.]*\d)")
# as much as possible on one method: "todo lo que se pueda en la gift card", "as much as you can on
# the gift card", "use up the gift card"
_MOST_ON_CUE = re.compile(r"as much as|todo lo que|lo más posible|lo mas posible|tudo o que|o máximo|"
                          r"autant que|le maximum|so viel|alles was|il più possibile|zoveel|use up")
_MOST_ON = re.compile(r"(?:as much as (?:possible|you can|it can|it has|there is)|todo lo que (?:se )?"
                      r"(?:pueda|puedas|alcance)|lo m[aá]s posible|tudo o que (?:der|puder|tiver)|o máximo|"
                      r"autant que (?:possible|vous pouvez)|le maximum|so viel (?:wie|als) (?:möglich|geht)|"
                      r"alles was geht|il più possibile|zoveel mogelijk|use up)[^.?!]{0,25}?"
                      r"(gift ?card|certificate|paypal)")
# the insurance's price on its line of a summary: "Travel insurance: yes ($30)"
_INSURANCE_PRICED = re.compile(r"(?:insurance|seguro|assurance|assicurazione|versicherung|verzekering|"
                               r"保险|保險|保険|보험)[^\n$]{0,40}\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
# several bookings, each priced alike: "(each reservation: round trip ... $871 each)"
_PER_BOOKING = re.compile(r"(?<![\w'])(?:each|per) (?:reservation|booking)(?![\w'])|"
                          r"(?<![\w'])(?:two|three|four|five|[2-9]) (?:new )?(?:reservations|"
                          r"bookings)(?![\w'])")


def _swapped_member(last: Text, value: Any, arguments: dict[str, Any], aliases: Aliases
                    ) -> tuple[str, str] | None:
    """A member of a key list (a booking's flights) the proposal the user answered did not
    name, where it named another id of that form the facts know and the call does not hold
    ("Flight: HAT166", the call booking HAT056 from the options listed before): (the call's
    member, the id proposed; a payment method by its id: "Certificate certificate_7504069:
    $250", the call paying with the other certificate). Ids of digits alone (items) are left
    to the checks that know which action of a plan each belongs to."""
    index = aliases.index
    if index is None:
        return None
    held: set[str] | None = None
    for v in _flat(value):
        if not isinstance(v, str) or not _ID_FORM.search(v) or _DATE_FORM.match(v) \
                or v.lstrip("#").isdigit() or named(last, v, {}) \
                or _named_by_balance(last, v, index):
            continue
        form = _id_shape(v)
        # (a payment method's id is no code of the objects described: known by its names)
        others = (m.group() for m in form.finditer(last.plain) if m.group() in index.names) \
            if kind_of(v) else _known_of_form(last, form, index)
        for other in others:
            if held is None:
                held = {str(x).lower().lstrip("#") for x in _flat(arguments)}
            if other.lower() not in held:
                return v, other
    return None


_QUESTIONS = re.compile(r"[^.!?]*\?")


def _of_this_action(text: str, words: tuple[str, ...], other_words: tuple[str, ...]) -> str:
    """``text`` without its sentences put under another action by name first ("Yes to cancelling
    both pending orders. For the return, it's only the watch, right?": what is said of the
    return limits no cancellation)."""
    if "for the " not in text and "as for " not in text and "about the " not in text:
        return text
    kept = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        topic = _ACTION_TOPIC.match(sentence.strip())
        if topic is not None and names_action(topic.group(1), words) is None and (
                (other := names_action(topic.group(1), ALL_ACTION_WORDS)
                 or names_action(topic.group(1), other_words)) is not None) \
                and not any(other in w for w in words):
            # (not a topic this action's own words hold: "about the address: actually you
            # can leave the home one" is of the profile's address too)
            continue
        kept.append(sentence)
    return " ".join(kept)


_ACTION_TOPIC = re.compile(r"(?:(?:and|but)\s+)?(?:as for|for|about|regarding) (?:the|my) "
                           r"([a-z]+(?: [a-z]+)?)\s*[,:-]")


def _own_step(text: Text, arguments: dict[str, Any], looked_up: dict[str, set[str]],
              words: tuple[str, ...]) -> Text:
    """What ``text`` says of this call: without the other steps of its numbered plan, where it
    has one and one step is the call's (by the ids it names, else the one step naming the
    action): "1. Change the return flights ... charged to gift_card_7480005 2. Add one checked
    bag - Total checked bags: 2", the bag's call; what comes before and after the steps stays
    ("Payment: your Visa for both"). Else its lines about no other object."""
    steps = _plan_steps(text.plain)
    if steps is not None:
        n = _plan_position(text, arguments, looked_up)[1]
        if n is None:
            mine = [k for k, step in enumerate(steps, 1)
                    if names_action(step.plain, words) is not None]
            n = mine[0] if len(mine) == 1 else None
        if n is None:  # (a booking's step by its passengers: "2. **Raj Sanchez** ...: $250
            # certificate 9984806 + $621 Mastercard")
            people = [f"{p.get('first_name', '')} {p.get('last_name', '')}".strip().lower()
                      for p in arguments.get("passengers") or () if isinstance(p, dict)]
            mine = [k for k, step in enumerate(steps, 1)
                    if people and all(p and p in step.plain for p in people)]
            n = mine[0] if len(mine) == 1 else None
        if n is not None:
            plain_text = text.plain
            for k, step in enumerate(steps, 1):
                if k != n and step.plain:
                    plain_text = plain_text.replace(step.plain, " ", 1)
            return Text(plain_text)
    return _own_lines(text, arguments, looked_up)


def _own_lines(text: Text, arguments: dict[str, Any], looked_up: dict[str, set[str]]) -> Text:
    """``text`` without its lines about other objects than the call's (those the session looked
    up under the call's id key), where its lines name several of them, one a line ("4. EQ1G6C -
    now economy. Refund of $2,452 to gift card ending 7880. BOH180 was left unchanged", the
    call downgrading BOH180): what it says of another object's payment is not said of this
    one's."""
    if "\n" not in text.plain:
        return text
    others: set[str] = set()
    for k, v in arguments.items():
        if k.endswith("_id") and isinstance(v, str) and v and not kind_of(v):
            others |= {o.lower().lstrip("#") for o in looked_up.get(k, ())} - {v.lower().lstrip("#")}
    if not others:
        return text
    lines = text.plain.split("\n")
    about = [any(t.lstrip("#") in others for t in _ID_TOKEN.findall(line)) for line in lines]
    if not any(about):
        return text
    return Text("\n".join(line for line, other in zip(lines, about, strict=True) if not other))


_ID_TOKEN = re.compile(r"#?[a-z0-9]{5,}")


def _named_by_balance(text: Text, method: str, index: AliasIndex) -> bool:
    """Whether ``text`` names a payment method by its kind and the balance the facts give it
    ("Certificate ($500)" for the user's $500 certificate, beside two of $250 named by id)."""
    kind = kind_of(method)
    balance = index.balances.get(method)
    if kind is None or balance is None:
        return False
    amount = f"{balance:,.2f}".removesuffix(".00")
    return re.search(rf"(?<![\w']){re.escape(kind.replace('_', ' '))}[^$\n]{{0,15}}\$\s?"
                     rf"{re.escape(amount)}(?:\.00)?(?![\d.,])", text.plain) is not None


def _twin_undescribed(session: SessionState, last: Text, value: Any, arguments: dict[str, Any],
                      yes: Text) -> tuple[str, str] | None:
    """A member of the call's list of items (a return's ``item_ids``) that shares its name with
    another item of the order, where the proposal the user answered describes a twin by its own
    options or price ("Electric Toothbrush (blue, high, AA batteries)"; "Bluetooth Speaker
    (blue, not water resistant, $305.45)") and says nothing of this one's: the twin was
    proposed, not this one (the call returning the other speaker; or both toothbrushes, the
    name said once, after the user decided to keep the black one), nor the user in the yes
    turn ("There are two toothbrushes in that order, the black one too. Please include both."):
    (the member, its name), else None."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        return None  # (not a list of item ids: flights, passengers, payments)
    current = _current(session, arguments)
    items = current.get("items") if current is not None else None
    if not isinstance(items, list) or len(items) < 2:
        return None
    by_id: dict[str, tuple[str, set[str]]] = {}
    for item in items:
        if isinstance(item, dict) and isinstance(ident := item.get("item_id"), str) \
                and isinstance(name := item.get("name"), str) \
                and isinstance(options := item.get("options"), dict):
            marks = {str(o).lower() for o in options.values()
                     if isinstance(o, str | int | float)} - _PLAIN_VALUES
            price = item.get("price")
            if isinstance(price, int | float) and not isinstance(price, bool):
                marks.add(f"${price:,.2f}")
            by_id[ident] = (name.lower(), marks)
    names = [by_id[v][0] for v in value if isinstance(v, str) and v in by_id]
    if len({name for name, _ in by_id.values()}) == len(by_id):
        return None  # (no two items of the order share a name)
    text = last.kept().plain
    # (what an item becomes describes the new one, not the one the call holds: "Wristwatch
    # (silicone strap, blue dial) → Wristwatch (metal strap, white dial)")
    old_side = _NEW_SIDE.sub(" ", text) if "new_item_ids" in arguments else text
    said_too = yes.plain
    for v in value:
        if not isinstance(v, str) or v not in by_id:
            continue
        name, mine = by_id[v]
        twins = [(ident, marks) for ident, (n, marks) in by_id.items()
                 if n == name and ident != v]
        if not twins:
            continue
        shared = set().union(*(m for _, m in twins))
        if any(ident not in value and any(_mark_said(said_too, o) for o in marks - mine)
               for ident, marks in twins) and not any(_mark_said(said_too, o) for o in mine - shared) \
                and not (said_limits := limits(said_too)).kept and not said_limits.left_out:
            return v, name  # (the user's words in the yes turn describe the twin, not this one:
            # "it's actually the metal one that leaks, the red one. yes please return that one")
        if re.search(rf"(?<![\w.]){v}(?![\w.])", text) is not None:
            continue  # (this one named by its id: "Air Purifier (item 5669664287) -> large/HEPA")
        if any(ident not in value and re.search(rf"(?<![\w.]){ident}(?![\w.])", text) is not None
               for ident, _marks in twins):
            return v, name  # (a twin named by its id, and not this one, is not in the call)
        if any(_mark_said(old_side, o) or _mark_said(said_too, o) for o in mine - shared):
            continue  # (this one is described, by the proposal or in the yes turn)
        described = [ident for ident, marks in twins
                     if any(_mark_said(text, o) for o in marks - mine)]
        if not described:
            continue
        if any(ident not in value for ident in described):
            return v, name  # (the twin described, and not this one, is not in the call)
        said = re.escape(name)
        if len(re.findall(rf"(?<![\w']){said}(?![\w'])", text)) >= names.count(name) or \
                re.search(rf"(?<![\w']){said}e?s(?![\w'])|(?<![\w'])(?:both|two|2|all)\s+(?:[\w-]+"
                          rf"\s+){{0,3}}?{said}|{said}\s*\(?\s*(?:x|×)\s*\d", text):
            continue  # (the name said for each of them)
        return v, name
    return None


def _said_once(session: SessionState, last: Text, value: Any,
               arguments: dict[str, Any]) -> tuple[str, str] | None:
    """An item the call's list holds more than once (two of the same jacket exchanged) where the
    proposal the user answered counts one of it ("one Fleece Jacket (XL, navy, half zip, item
    8590708195)") and nowhere more: (the item, its name), else None."""
    if not isinstance(value, list) or len(value) < 2 or not all(isinstance(v, str) for v in value):
        return None
    repeated = {v for v in value if value.count(v) >= 2}
    if not repeated:
        return None
    current = _current(session, arguments)
    items = current.get("items") if current is not None else None
    names = {item.get("item_id"): item.get("name") for item in items or ()
             if isinstance(item, dict)}
    text = last.kept().plain
    for v in sorted(repeated):
        name = names.get(v)
        if not isinstance(name, str) or not name:
            continue
        said = re.escape(name.lower())
        # (and "one of the ...", in the languages read too: "Apenas UMA das t-shirts vermelhas")
        one = re.compile(rf"(?<![\w'])(?:one|1|a single|just one|only one|uma|um|una|uno|une|un|eine|"
                         rf"einen|ein|één)\s+(?:(?:of the|of my|of those|das|dos|de las|de los|delle|"
                         rf"dei|degli|des|der|van de)\s+)?(?:[\w-]+\s+){{0,2}}?{said}(?:e?s)?(?![\w'])")
        more = re.compile(rf"(?<![\w'])(?:both|two|three|four|[2-9]|all|each)\s+(?:[\w-]+\s+){{0,3}}?"
                          rf"{said}|{said}e?s(?![\w'])|(?:x|×)\s*[2-9](?![\d])|[2-9]\s*(?:x|×)(?![\w])")
        counted = [line for line in text.split("\n") if one.search(line)]
        if not counted:
            continue
        if more.search(text) is not None and not (
                len(text.split("\n")) > 1 and any(more.search(one.sub(" ", line)) is None
                                                  for line in counted)):
            continue  # (counted more than once somewhere: "both Fleece Jackets", "x2"; not where
            # the action's own line counts one: "- Return: 1 x Tea Kettle ..." below "contains two
            # identical Tea Kettles")
        return v, name
    return None


_NEW_SIDE = re.compile(r"(?:→|->|=>)\s*[^()\n→]{0,40}\([^()]*\)")


def _mark_said(text: str, mark: str) -> bool:
    """An option's value, or a price (``$305.45``), said in ``text``."""
    if mark.startswith("$"):
        return re.search(rf"(?<![\d.,]){re.escape(mark[1:])}(?![\d])", text) is not None
    return _option_said(text, mark)


def _option_said(text: str, option: str) -> bool:
    """An option's value as a whole word of ``text`` (a size "10" not in "$10.36")."""
    return re.search(rf"(?<![\w.$']){re.escape(option)}(?![\w'])(?!\.\d)", text) is not None


_PER_UNIT = r"\s*(?:x|×|\*|per|each|/|a|an)(?![\w'])"


def _only_per_unit(text: str, value: float) -> bool:
    """Whether ``text`` names ``value`` as money only as a unit price ("$100 x 3 passengers",
    "$100 per passenger"), and names another sum of money besides."""
    number = f"{value:,.2f}".removesuffix(".00")
    mentions = list(re.finditer(r"[$€£]\s?" + re.escape(number) + r"(?:\.00)?(?![\d.,])", text))
    if not mentions or not all(re.match(_PER_UNIT, text[m.end():]) for m in mentions):
        return False
    return any(m.group(1).replace(",", "") != number.replace(",", "")
               for m in re.finditer(r"[$€£]\s?(\d[\d,]*(?:\.\d+)?)", text))


def _flight_moved(last: Text, arguments: dict[str, Any], theirs: Text | None = None,
                  kept: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset()
                  ) -> tuple[str, str, str] | None:
    """A flight the call holds that the proposal the user answered gave another date, or a
    passenger another date of birth: (the flight's number or the passenger's name, the date
    proposed, the call's). A date ``theirs`` (the user's words from the yes on) names is the
    user's own correction; without ``theirs`` (reading those words), a passenger is also
    found by the first name alone ("Amelia's birthday is 1957-03-12"). A flight as the
    reservation has it (``kept``, where the user left a leg of the trip as it is: "The return
    I'm not sure about yet ... leave that one for now") stays."""
    for value in arguments.values():
        if not isinstance(value, list):
            continue
        for m in value:
            if not isinstance(m, dict):
                continue
            if isinstance(code := m.get("flight_number"), str) \
                    and isinstance(date := m.get("date"), str) and (code, date) not in kept \
                    and ((other := other_date(last, code, date)) is not None
                         or (other := date_before(last, code, date)) is not None) \
                    and (theirs is None or not named(theirs, date, {})):
                return code, other, date
            # a passenger's date of birth ("Maria Lopez, born 1990-03-02", the call 1990-02-03)
            if isinstance(first := m.get("first_name"), str) \
                    and isinstance(family := m.get("last_name"), str) \
                    and isinstance(born := m.get("dob"), str) \
                    and (theirs is None or not named(theirs, born, {})):
                names = [f"{first} {family}"] if theirs is not None else [f"{first} {family}",
                                                                          first]
                for name in names:
                    # (a date of birth has its year: "Ivan Smith, HAT097 + HAT251 on May 17"
                    # dates the flights)
                    if (other := other_date(last, name, born)) is not None \
                            and re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", other):
                        if theirs is not None and re.search(
                                rf"(?<![\w']){re.escape(first.lower())}(?![\w])",
                                " ".join(held_topics(theirs.plain))):
                            break  # (someone the user held since: "Pour Sophie je ne suis plus
                            # très sûre ...", the call leaving her date as it was)
                        return f"{first} {family}", other, born
    return None


# a name put right in the user's words: spelt out ("S-A-R-A"), or said with the letter it has
# or lacks ("it's Sara without an h", "John, with an h")
_SPELT = re.compile(r"(?<![\w-])((?:[a-z]-){2,}[a-z])(?![\w-])")
_WITH_LETTER = re.compile(r"(?<![\w'])(?:it'?s|it is|spelled|spelt|should be|name is) "
                          r"([a-z]{2,})[,\s]+with(?:out)? an? [a-z](?![\w'])")


def _name_kept(theirs: Text, arguments: dict[str, Any]) -> tuple[str, str] | None:
    """A passenger's name the user's words put right (``_SPELT``, ``_WITH_LETTER``) that the
    call holds another way, a letter or two off ("Sarah" for "Sara"): (the name said, the
    call's), or None."""
    if "-" not in theirs.plain and " with" not in theirs.plain:
        return None
    said = {m.group(1).replace("-", "") for m in _SPELT.finditer(theirs.plain)} | \
        {m.group(1) for m in _WITH_LETTER.finditer(theirs.plain)}
    if not said:
        return None
    for value in arguments.values():
        for member in value if isinstance(value, list) else ():
            if not isinstance(member, dict):
                continue
            for key in ("first_name", "last_name"):
                held = member.get(key)
                if not isinstance(held, str) or held.lower() in said:
                    continue
                near = next((n for n in said if 0 < edit_distance(n, held.lower()) <= 2
                             and n[:1] == held[:1].lower()), None)
                if near is not None:
                    return near, held
    return None


# "her dob is 1990-04-12, not 1990-12-04": the user puts a date right in the yes
_DATE_FIX = re.compile(r"(?:dob|date of birth|birth ?day|born|date)\b[^.;!?]{0,25}?(\d{4}-\d{2}-\d{2})"
                       r"[\s,]+(?:and )?not (?:on )?(\d{4}-\d{2}-\d{2})")


def _date_kept(theirs: Text, arguments: dict[str, Any]) -> tuple[str, str, str] | None:
    """A date the user's words put right ("her dob is 1990-04-12, not 1990-12-04") that the
    call still holds the wrong way (a passenger born 1990-12-04): (whose, the date asked for,
    the call's)."""
    if "not" not in theirs.plain:
        return None
    for m in _DATE_FIX.finditer(theirs.plain):
        right, wrong = m.groups()
        for value in arguments.values():
            for member in value if isinstance(value, list) else ():
                if isinstance(member, dict) and wrong in (member.get("dob"), member.get("date")):
                    who = member.get("flight_number") or \
                        f"{member.get('first_name', '')} {member.get('last_name', '')}".strip()
                    return str(who), right, wrong
    return None


# a date of birth put right in the yes turn, in the languages read: a word of birth and a date
# after a word that puts something right ("Ja genau so! Ah nee warte, sorry, hab mich vertippt –
# er ist am 03.09. geboren, also 3. September 2001.")
_FIX_CUE = re.compile(r"(?<![\w'])(?:wait|sorry|oops|actually|i mean|typo|almost|wrong|should be|"
                      r"warte|vertippt|verschrieben|"
                      r"ich meine|perdón|perdon|espera|quiero decir|attendez|pardon|je veux dire|"
                      r"aspetta|scusa|cioè|desculpa|quer dizer|wacht|ik bedoel)(?![\w'])")
_BIRTH_WORD = re.compile(r"(?<![\w'])(?:born|birth\w*|dob|geboren|geburt\w*|nacid[oa]|nacimiento|née?|"
                         r"naissance|nat[oa]|nascit\w*|nascid[oa]|nascimento|geboortedatum)(?!\w)")
_MONTH_WORDS = {w: n for n, words in enumerate((
    ("january", "januar", "jänner", "enero", "janvier", "gennaio", "janeiro", "januari"),
    ("february", "februar", "febrero", "février", "fevrier", "febbraio", "fevereiro", "februari"),
    ("march", "märz", "marzo", "mars", "março", "maart"),
    ("april", "abril", "avril", "aprile"),
    ("may", "mai", "mayo", "maggio", "maio", "mei"),
    ("june", "juni", "junio", "juin", "giugno", "junho"),
    ("july", "juli", "julio", "juillet", "luglio", "julho"),
    ("august", "agosto", "août", "aout", "augustus"),
    ("september", "septiembre", "setiembre", "septembre", "settembre", "setembro"),
    ("october", "oktober", "octubre", "octobre", "ottobre", "outubro"),
    ("november", "noviembre", "novembre", "novembro"),
    ("december", "dezember", "diciembre", "décembre", "decembre", "dicembre", "dezembro")), 1)
    for w in words}
_MONTH_WORD = "|".join(sorted(_MONTH_WORDS, key=len, reverse=True))
_SAID_DATE = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)|"
                        r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)|"
                        rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\.?(?: de| of)? ({_MONTH_WORD})(?: de)?,? "
                        rf"(\d{{4}})(?!\d)|"
                        rf"(?<![\w'])({_MONTH_WORD}) (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})(?!\d)")


def _dates_said(text: str) -> list[str]:
    """The dates ``text`` gives with their year, as ISO dates (day before month where written
    with dots: "03.09.2001", as most languages write it)."""
    out = []
    for m in _SAID_DATE.finditer(text):
        g = m.groups()
        if g[0]:
            y, mo, d = int(g[0]), int(g[1]), int(g[2])
        elif g[3]:
            d, mo, y = int(g[3]), int(g[4]), int(g[5])
        elif g[6]:
            d, mo, y = int(g[6]), _MONTH_WORDS[g[7]], int(g[8])
        else:
            mo, d, y = _MONTH_WORDS[g[9]], int(g[10]), int(g[11])
        if 1 <= mo <= 12 and 1 <= d <= 31:
            out.append(f"{y:04d}-{mo:02d}-{d:02d}")
    return out


def _name_put_right(turn: str, arguments: dict[str, Any]) -> str | None:
    """A traveller's name the yes turn puts right after its yes ("Ja, boek maar. O wacht, hij
    heet eigenlijk Bram van Leeuwen") that no passenger of the call has, first and last: the
    name, else None."""
    people = arguments.get("passengers")
    if not isinstance(people, list):
        return None
    for s, _q in sentences(turn):
        if (m := NAME_PUT_RIGHT.fullmatch(s)) is None:
            continue
        said = m.group("name")
        if not any(" ".join(_full_name(p)) == said for p in people):
            return said
    return None


# a date said against another it puts right: "the 14th of March 2008, not the 4th", "der 18.
# Februar 1953, nicht der 28. Januar" (a day or a month after the "not": not "2008, not sure")
_NOT_THAT_DATE = re.compile(rf",?\s*(?:and |but )?(?:not|nicht|no|non|pas|niet|não)\s+"
                            rf"(?:(?:the|der|den|dem|el|il|le|la|o|het)\s+)?(?:\d|(?:{_MONTH_WORD})(?!\w))")
_NOT_BEFORE = re.compile(r"(?<![\w'])(?:not|nicht|no|non|pas|niet|não|instead of|rather than|statt|"
                         r"anstatt)\s+(?:(?:the|der|den|dem|el|il|le|la|o|het)\s+)?$")


def _birth_date_put_right(theirs: Text, arguments: dict[str, Any]) -> tuple[str, str] | None:
    """A date of birth the user's words from the yes on put right, after a word that corrects
    ("sorry, hab mich vertippt – er ist ... geboren, also 3. September 2001") or against the
    date it replaces ("It's the 14th of March 2008, not the 4th"), that no passenger of the
    call has: (the date, the dates of birth the call holds), else None."""
    people = arguments.get("passengers")
    if not isinstance(people, list):
        return None
    text = theirs.plain
    cue = _FIX_CUE.search(text)
    if cue is None and _NOT_THAT_DATE.search(text) is None:
        return None
    held = {str(p.get("dob")) for p in people if isinstance(p, dict) and p.get("dob")}
    # (a year before every flight's is no flight's date: a birth date needs no word of birth)
    first_year = min((str(f.get("date"))[:4] for f in arguments.get("flights") or ()
                      if isinstance(f, dict) and f.get("date")), default="")
    for m in _SAID_DATE.finditer(text):
        if (cue is None or m.start() < cue.end()) and _NOT_THAT_DATE.match(text, m.end()) is None:
            continue  # (only after the word that corrects, or against the date it replaces)
        dates = _dates_said(m.group())
        start = m.start() - 60 if cue is None or m.start() < cue.end() else max(cue.end(), m.start() - 60)
        if _BIRTH_WORD.search(text, max(0, start), m.end() + 30) is None \
                and ("flights" in arguments or _ISO_DAY.fullmatch(m.group()) is None) \
                and not (first_year and dates and all(d[:4] < first_year for d in dates)) \
                and not any(d[:4] == h[:4] for d in dates for h in held):
            # (nor a year a passenger of the call was born in: "it's the 14th, not the 4th.
            # July 14, 2010", the call holding 2010-07-04)
            continue  # (a word of birth near it, or a year before the flights': not a flight's
            # date; or a full date where the call holds no flights: "ok it's actually the 12th,
            # 1958-02-12. sorry! yes go with that")
        if _NOT_BEFORE.search(text[max(0, m.start() - 16):m.start()]):
            continue  # (nor the wrong one: "her dob is 1990-04-05, not 1990-12-04")
        for date in dates:
            if held and date not in held:
                return date, ", ".join(sorted(held))
    return None


# (a dash before a price is no sentence's end: "Electric Kettle (1.5L, silver – $158.90) from order ...")
# (not a semicolon inside brackets: "Order #W8855135 (pending; air purifier, ...): change payment
# from Visa ending 6791 to PayPal")
_ACTION_SENTENCES = re.compile(r"(?:[.!?]+|;(?![^()\n]*\)))\s|\s-\s(?!\$)|\s\d{1,2}[.)]\s|\n")


# (said of each of them, not of the one named just before: "Each refund goes back to the
# method that order was paid with.")
_OF_EACH = re.compile(r"(?:each|every|all|both)(?![\w'])")
_DONE_BY = re.compile(r"(?<![\w'])(?:i|i'?ve|i have|has been|have been|had been|was|were|been|"
                      r"already|just)\s+(?:\w+\s+)?$")


# A plan's actions by number: "1. Return ... 2. Exchange ... 3. Cancel ..." answered "yes for
# the first one, not the second", "do 1 and 3", "yes to the first and the last one"
_ORD = r"(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|one|two|three|four|five|[1-9])"
_ORD_VALUE = {"first": 1, "1st": 1, "one": 1, "second": 2, "2nd": 2, "two": 2, "third": 3,
              "3rd": 3, "three": 3, "fourth": 4, "4th": 4, "four": 4, "fifth": 5, "5th": 5,
              "five": 5}
_A_COUNT_OF = (r"(?!\s+(?:orders|reservations|bookings|trips|flights|changes|things|cancell?ations|"
            r"returns|exchanges)(?![\w']))")
# (a word needs its article, "the first", "number two"; a digit stands alone, "do 1 and 3": "that
# change first" is no plan's first item; nor a count of things: "yes for the 2 orders")
_ORD_REF = r"(?:(?:the\s+|number\s+|no\.?\s*|#|option\s+|item\s+|step\s+)" + _ORD + \
    r"(?:\s+(?:two|three|four|[2-4]))?" \
    r"|(?<![\w$.,])[1-9](?![\w%]|[.,]\d))" + _A_COUNT_OF + \
    r"(?:\s+(?:ones?|actions?|items?|options?|steps?|parts?))?"
_ORD_REF_ONLY = re.compile(_ORD_REF + r"(?![\w'])")  # (a phrase that is one: "the first one")
_ORD_NO = re.compile(r"(?<![\w'])(?:not|except(?: for)?|skip|without|leave out|leave off|hold off "
                     r"on|no to|forget(?: about)?|drop|scratch|don'?t do)\s+" + _ORD_REF +
                     r"(?![\w'])")
_ORD_YES = re.compile(r"(?<![\w'])(?:(?:yes|yeah|ok(?:ay)?|oui|ja|sì|si|sí|sim|go ahead|proceed|do|confirm|"
                      r"haz|haga|fai|faites|fais|mach|doe|faça|faz|"
                      r"cancel|"
                      r"return|exchange|change|book|take|go with)\s+(?:(?:to|for|with)\s+)?"
                      r"(?:(?:only|just)\s+)?|(?:only|just)\s+)" + _ORD_REF
                      + r"((?:\s*(?:,|and|&|through|thru|to|-|–|en|e|y|et|und)\s*" + _ORD_REF
                      + r")*)(?![\w'])")
# the ordinals first, then the yes: "the first one yes, cancel it", "1 and 3 yes"
_ORD_THEN_YES = re.compile(r"(?:^|(?<=[.,;!?]\s))" + _ORD_REF
                           + r"((?:\s*(?:,|and|&|en|e|y|et|und)\s*" + _ORD_REF
                           + r")*)\s*,?\s*(?:yes|yeah|ok(?:ay)?|please|go ahead|"
                           # (the go with its pronoun: "il primo annullalo pure", "el primero
                           # cancélalo", "le premier, annulez-le")
                           r"(?:annulla|cambia|restituisci|sostituisci|modifica|prenota|cancella)"
                           r"(?:lo|la|li|le)|cancél(?:alo|ala)|cámbi(?:alo|ala)|devuélv(?:elo|ela)|"
                           r"annulez-(?:le|la)|storniere (?:ihn|sie|es))(?![\w'])")
# a numbered step: "1. ...", "2) ...", "Step 1: ..."
class _PlanMarks:
    """A plan's step marks ("1. ", "\n2) ", "step 3: "): ``finditer`` and ``findall`` as a
    pattern's. A number after a word on its line is no step's ("hat262 on june 5. refund:
    $805"); those are dropped after the search (a lookbehind in the pattern made it a third
    slower on every proposal)."""

    # (and in the other languages: "étape 1 - passage en economy", "paso 2: ...")
    _raw = re.compile(r"(?:^|\s)(?:(?:step|étape|etape|paso|passo|schritt|etapa) (?=[1-9]\s?[.):,-]))?"
                      r"([1-9])(?:[.)]|(?:(?<=step [1-9])|(?<=tape [1-9])|(?<=paso [1-9])|"
                      r"(?<=asso [1-9])|(?<=ritt [1-9])|(?<=tapa [1-9]))(?::| -| ,))\s")
    _words = ("step ", "étape ", "etape ", "paso ", "passo ", "schritt ", "etapa ")

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        for m in self._raw.finditer(text):
            at = m.start()
            if at and text[at] != "\n" and text[at - 1].isalpha() \
                    and (not text.startswith(self._words, at + 1) or text[m.end(1)] == "."):
                continue  # (nor a step named inside a sentence: "+$444 on top of step 1.")
            yield m

    def findall(self, text: str) -> list[str]:
        return [m.group(1) for m in self.finditer(text)]


_PLAN_MARK = _PlanMarks()


# "the first two", "the last 2": a run of items from one end of the plan
_ORD_RUN = re.compile(r"(?<![\w'])(first|last)\s+(two|three|four|[2-4])(?![\w'])")
_ORD_WORD = re.compile(r"(?<![\w'])" + _ORD + r"(?![\w'])")


_NOT_A_STEP = {"first", "then", "both", "please", "that", "this", "those", "these", "with",
               # (the other languages' small words: "oui pour la classe économique et pour le
               # passager")
               "pour", "para", "avec", "pelo", "pela", "pelos", "pelas", "also", "aussi",
               "también", "anche", "auch", "também", "voor", "pras", "pros"}
# a yes said of one action of a plan by its word: "Yes to the upgrade first"
_YES_TO_WORD = re.compile(r"(?:(?:yes|yeah|yep|ok(?:ay)?|sure)(?:,? please)?,?\s+(?:to|for)|"
                          # ("Go ahead with the upgrade to economy on my card ending 1777")
                          r"(?:please )?(?:go ahead|proceed) with|"
                          # ("Oui pour l'annulation", "sí a la cancelación", "ja für die ...")
                          r"(?:oui|sí|si|sim|ja|sì),?\s+(?:pour|para|por|für|fur|per|a|à))\s+"
                          r"(?:the |my |l'|la |le |les |el |los |las |o |os |as |den |die |das |"
                          r"il |lo |gli )?"
                          r"(?!(?:both|all|everything|them|that|this|those|these|"
                          r"each|every|first|second|third|last|rest)(?![\w']))([a-z]{4,})"
                          r"(?![a-z'])")


# a count, not a place in the plan: "yes to the two cancellations"
_COUNTED = re.compile(r"(?:one|two|three|four|five)$")
_PLURAL_NEXT = re.compile(r"\s+(?!ones\b)[a-z]{3,}s(?![\w'])")


def _ord_refs(pattern: re.Pattern[str], said: str) -> Iterator[re.Match[str]]:
    """``pattern``'s matches in ``said`` but those ending on a number word that counts the
    plural after it ("the two cancellations"; "the first two orders" is a run of the plan)."""
    for m in pattern.finditer(said):
        if _COUNTED.search(m.group()) and not _ORD_RUN.search(m.group()) \
                and _PLURAL_NEXT.match(said, m.end()):
            continue
        if _BARE_ONE.search(m.group()) and _ONE_DESCRIBED.match(said, m.end()):
            continue  # ("not the one from Atlanta to Charlotte": which one, not the first)
        if _THE_COUNT.search(m.group()):
            continue  # ("Ok. Go ahead with the three.": how many, all of them; the third
            # is "the third")
        yield m


# a count with its article and nothing after: "go ahead with the three"
_THE_COUNT = re.compile(r"(?<![\w'])the\s+(?:two|three|four|five)$")
# "the one" with no ordinal before it, and what follows it when it says which one: "the one
# from Atlanta", "the one Juan is on" (not "for now")
_BARE_ONE = re.compile(r"(?<![\w'])the one$")
_ONE_DESCRIBED = re.compile(r"\s+(?!for (?:now|the moment|today|later)(?![\w']))"
                            r"(?:from|to|with|for|that|which|who|where|going|flying|on|in|at|"
                            r"of|i|we|you|my|our|she|he|they|[a-z]+'s)(?![\w'])")


def _ordinals(text: str, last: int) -> set[int]:
    """The plan's item numbers an ordinal phrase names ("the last one": the last, not the first
    too; "the first two": 1 and 2)."""
    out: set[int] = set()
    for run in _ORD_RUN.finditer(text):
        k = int(run.group(2)) if run.group(2).isdigit() else _ORD_VALUE[run.group(2)]
        out.update(range(1, k + 1) if run.group(1) == "first" else range(last - k + 1, last + 1))
    for span in _ORD_SPAN.finditer(text):  # ("yes to 1 through 4")
        out.update(range(int(span.group(1)), int(span.group(2)) + 1))
    words = _ORD_WORD.findall(_ORD_RUN.sub(" ", text))
    for i, w in enumerate(words):
        if w == "one" and i:  # ("the last one", "the first one"): the word before names it
            continue
        out.add(last if w == "last" else int(w) if w.isdigit() else _ORD_VALUE[w])
    return {k for k in out if k >= 1}


_CJK_SAID = re.compile("[\u3040-\u30ff\u3400-\u9fff]")
_BY_NUMBER = re.compile(r"\d|first|second|third|fourth|fifth|last|\bone\b|\btwo\b|three")
_ORD_SPAN = re.compile(r"(?<![\w$.,])([1-9])\s*(?:through|thru|to|-|–)\s*([1-9])(?![\w%]|[.,]\d)")


_ANSWER_MARK = re.compile(r"(?:^|\n|(?<=[.!?])\s)\s*([1-9])[.):]\s+")


_ONE_THING_SAID = re.compile(r"(?:(?!\band\b|\be\b|\bet\b|\by\b|\bund\b|&|,|\+|\bplus\b).)*")


# another method asked for without its name: "I'd prefer the other card for the refund"
_OTHER_METHOD_ASKED = re.compile(r"(?<![\w'])(?:prefer|rather|use|put it on|put that on|charge|refund "
                                 r"(?:it )?to|go (?:back )?(?:to|on)|send it to|onto|on) (?:the|my) other "
                                 r"(?:card|credit card|debit card|method|payment method|account)(?![\w'])")
_ALSO_SAID = re.compile(r"(?<![\w'])(?:too|also|as well|both|all|everything|the other|and yes|"
                        r"and the)(?![\w'])")


_SCOPE_CHECKED = re.compile(r"^\W*(?:(?:and|so) )?(?:just|only) (?:the|your|this|that|these|those) "
                            r"[^?]{1,40}?,? (?:correct|right|is that right|is that correct|yes)\s*\?")


def _asked_apart(proposal: str, yes: str, words: tuple[str, ...], other_words: tuple[str, ...]
                 ) -> str | None:
    """Where the proposal's closing asks two questions or more, this action in one of them and
    another action in another, and the user's yes names that other's action (or says its words
    again), not this one, nor both ("Confirma a troca do candeeiro? E confirma a nova morada
    ...?" "Sim, a morada pode mudar, é essa a nova."): the question answered, else None."""
    if proposal.count("?") < 2:
        return None
    questions = _questions_of(proposal.rsplit("\n\n", 1)[-1])
    if len(questions) < 2 or names_action(yes, words) is not None or _ALSO_SAID.search(yes) is not None \
            or _BOTH_SAID.search(yes) is not None:
        return None
    if _NUMBERED_ANSWER.match(yes) is not None:
        return None  # (each question answered by its number: "1. sim 2. cartão-oferta")
    # (each a go-ahead asked; not a question of which or how, a detail's: "Como quer pagar a
    # diferença: ...?", "cabin class: would you prefer basic economy, economy, or business?")
    asked = [q for q in questions if _WHICH_OR_HOW.match(q) is None and _GO_AHEAD_ASKED.search(q)]
    own = [q for q in asked if names_action(q, words) is not None]
    # (not a check of this action's own scope: "Only the backpack, correct? Shall I submit the
    # return?")
    others = [q for q in asked if names_action(q, words) is None and _SCOPE_CHECKED.search(q) is None]
    if not own or not others:
        return None
    said = set(re.findall(r"[a-z]{4,}", yes))
    for other in others:
        if (names_action(other, other_words) is not None and names_action(yes, other_words) is not None
                and names_action(yes, other_words) == names_action(other, other_words)) \
                or len((set(re.findall(r"[a-z]{4,}", other)) - _NOT_ASKED_WORDS) & said) >= 2:
            return other
    return None


# an offer to look something up, asked last: "would you like me to check connecting flights
# later in the evening as well?", "shall I look for a cheaper option first?"
_LOOK_UP_OFFERED = re.compile(r"(?:would you like|do you want|want|shall|should|may|can) (?:me to |i )?"
                              r"(?:also )?(?:check|look (?:up|into|for|at)|search|find out|see if|"
                              r"see whether|verify whether|look whether)(?![\w'])")
_BEFORE_CLAUSE = re.compile(r"^\s*before [^,?]{3,60},\s*")


@functools.lru_cache(maxsize=256)  # (one proposal is read for each action and each check)
def _questions_of(text: str) -> tuple[str, ...]:
    """The questions of ``text``: each sentence (to a stop, a question mark or a line's end) that
    ends in a question mark, in order."""
    if "?" not in text:
        return ()
    return tuple(q for part in _QUESTION_PARTS.split(text) if (q := part.strip()).endswith("?"))


_QUESTION_PARTS = re.compile(r"(?<=[.!?])(?!\d)|\n")


def _check_offered(proposal: str, yes: str, words: tuple[str, ...]) -> str | None:
    """The proposal's last question, where it offers to look something up and names no action
    of this kind but in a clause saying it comes first ("Before making any change, ..."), and
    the user's yes names this action neither: the question, else None."""
    if "?" not in proposal or names_action(yes, words) is not None:
        return None
    questions = _questions_of(proposal)
    last = _BEFORE_CLAUSE.sub("", questions[-1]) if questions else ""
    if not last or _LOOK_UP_OFFERED.search(last) is None or names_action(last, words) is not None:
        return None
    return questions[-1].strip()


# a question offering this action or another way: "Shall I cancel it, or would you like to look
# at your other order first?" (the other way after the "or", in the languages read)
_OR_ELSE = re.compile(r",?\s+(?:or|oder|ou|o|of|oppure)\s+(?=(?:would|do|should|shall|möchten|wollen|soll|"
                      r"préférez|voulez|prefiere|quiere|prefere|quer|preferisce|vuole|wilt|wil)\b)")
_OTHER_SAID = re.compile(r"(?<![\w'])(?:the other|die andere|den anderen|das andere|l'autre|la otra|el otro|"
                         r"a outra|o outro|l'altra|l'altro|de andere|het andere)(?![\w'])")
_OTHER_WORD = re.compile(r"(?<![\w'])(?:other|andere\w*|autre|otr[ao]|outr[ao]|altr[ao])(?![\w'])")


def _flights_unnamed(proposal: str, words: tuple[str, ...], other_words: tuple[str, ...],
                     arguments: dict[str, Any]) -> bool:
    """Whether a call changing flights answers a proposal that names none of its flights and no
    sum, names this action only by words every update has, and names another write by its own
    words (a passenger's name put right, "→" and "correction" its only words of a change; not a
    payment tried anew, "let's try using the certificate for $150 ...")."""
    flights = [str(f.get("flight_number", "")).lower() for f in arguments.get("flights") or ()
               if isinstance(f, dict)]
    if not flights or "cabin" in proposal or any(f and f in proposal for f in flights) \
            or amounts(proposal) or names_action(proposal, other_words) is None \
            or ("→" not in proposal and "->" not in proposal and "correct" not in proposal):
        return False
    return names_action(proposal, tuple(w for w in words if w not in _UPDATE_ONLY)) is None


def _other_way_taken(proposal: str, yes: str, words: tuple[str, ...]) -> str | None:
    """The proposal's last question offering this action or, after an "or", another way, where
    the user's yes takes the other way (says its words again, or "the other" where it offers
    another one) and names this action not: that way, else None."""
    if "?" not in proposal or names_action(yes, words) is not None:
        return None
    questions = _questions_of(proposal)
    if not questions or (split := _OR_ELSE.search(questions[-1])) is None:
        return None
    first, other = questions[-1][:split.start()], questions[-1][split.end():]
    if names_action(first, words) is None or names_action(other, words) is not None:
        return None
    said = set(re.findall(r"[a-zà-ÿ]{5,}", yes)) - _NOT_ASKED_WORDS
    if said & set(re.findall(r"[a-zà-ÿ]{5,}", other)) \
            or (_OTHER_SAID.search(yes) is not None and _OTHER_WORD.search(other) is not None):
        return other.strip(" ?")
    return None


_NUMBERED_ANSWER = re.compile(r"\s*(?:1[.):]|1\s+(?:yes|sim|sí|si|oui|ja|no|não|non)\b)")
_WHICH_OR_HOW = re.compile(r"\s*(?:and |e |y |et |und |en )?(?:which|what|how|when|where|who|como|cómo|qual|"
                          r"quale|quali|cuál|cual|quel|quelle|comment|welche|welcher|welches|wie|wann|"
                          r"quando|cuándo|quand|hoe|welke|wat)(?![\w'])")
_NOT_ASKED_WORDS = frozenset({"shall", "should", "would", "could", "like", "want", "please", "proceed",
                              "ahead", "with", "that", "this", "these", "those", "your", "them"})


_PLURAL_CHANGES = re.compile(r"(?<![\w'])(?:fixes|changes|updates|corrections|ones)(?![\w'])")


def _content_words(text: str) -> set[str]:
    """The words of four letters or more of ``text``, but the changes' own ("change", "update")."""
    return set(re.findall(r"[a-z]{4,}", text)) - {"fixes", "changes", "change", "updates", "update",
                                                   "corrections", "ones", "with", "ahead", "please"}


def _yes_to_word(said: str) -> re.Match[str] | None:
    """``_YES_TO_WORD`` opening the text or one of its sentences ("Motif : je n'en ai plus
    besoin. Oui pour l'annulation, allez-y.")."""
    found = _YES_TO_WORD.match(said)
    if found is None and (". " in said or "! " in said or "; " in said):
        for start in re.finditer(r"[.!?;]\s+", said):
            found = _YES_TO_WORD.match(said, start.end())
            if found is not None:
                break
    return found


def _numbered_answers(said: str) -> dict[int, str]:
    """The user's answers to numbered steps, numbered 1 to n, each on its line or after a
    sentence's end ("1. Yes\n2. Yes, professional is fine\n3. Yes, please cancel it"; "1. Yes!
    2. Yes, please. 3. Hmm, is that really the cheapest one?"): number -> answer; else empty."""
    said = numbered_marks(said)  # ("1 yes 2 yes 3 not yet")
    marks = list(_ANSWER_MARK.finditer(said))
    if len(marks) < 2 or [int(m.group(1)) for m in marks] != list(range(1, len(marks) + 1)):
        return {}
    return {int(m.group(1)): said[m.end():marks[k + 1].start() if k + 1 < len(marks)
                                  else len(said)].strip()
            for k, m in enumerate(marks)}


def _numbered_left_out(last: Text, theirs: Text, arguments: dict[str, Any],
                       looked_up: dict[str, set[str]], other_words: tuple[str, ...] = (),
                       turn: str = "", words: tuple[str, ...] = ()) -> str | None:
    """Where the proposal numbered its actions, or listed the objects they act on one after
    another (a table of reservations), and the user's yes left some out by number ("yes for
    the first one, not the second"; "do 1 and 3"; "cancel the first one"), the words that left
    out the action this call is, or None."""
    said = ordinals_in_english(theirs.plain)  # ("oui pour la premiere": "... for the first")
    if " not " in said:  # (a count put right is no step left out: "make it 2 bags, not 1")
        said = _COUNT_NOT_ROW.sub(r"\1", said)
    by_word = _yes_to_word(said)
    if not _BY_NUMBER.search(said) and by_word is None:
        return None
    count, n = _plan_position(last, arguments, looked_up, other_words, words)
    if by_word is not None and _ALL_SAID.match(said, by_word.start(1)) is not None:
        return None  # (all of it: "sí a todo", "oui pour tout", "ja zu allem")
    if (every := _EVERY_ABROAD.search(said)) is not None and (
            count == (2 if every.group(1) is None else _COUNT_WORDS.get(every.group(1)))):
        return None  # (all of them, in the other languages read: "oui pour les deux" of two
        # steps, "Ja, alle drei so" of three)
    answers = _numbered_answers(turn or said)  # (the whole yes turn: the yes may be item 2's)
    if n is None:
        # (numbered answers not all yes, and this call's step unknown: which one it is cannot
        # be told, so not the yes's)
        return f'"{excerpt(said, 80)}" for items of which this call is none known' if any(
            read_turn(a).act is not Act.AFFIRM for a in answers.values()) else None
    if answers:  # ("1. Yes\n2. Yes, professional is fine\n3. Yes, please cancel it": each
        # numbered step answered on its own line)
        answer = answers.get(n)
        if answer is not None and read_turn(answer).act is Act.AFFIRM:
            return None
        return f'"{excerpt(answer or said, 80)}" for item {n}'
    # (a number past the plan's end names no step of it: "cancel the five-item order")
    excluded = {k for m in _ord_refs(_ORD_NO, said) for k in _ordinals(m.group(), count)
                if 1 <= k <= count}
    included = {k for pattern in (_ORD_YES, _ORD_THEN_YES) for m in _ord_refs(pattern, said)
                for k in _ordinals(m.group(), count) if 1 <= k <= count}
    if not included and not excluded and _CJK_SAID.search(said) is not None:
        # (steps by their bare numbers in Chinese or Japanese: "1と3はお願いします。2のメイクキットは、
        # もう少し考えさせてください。": each run in a sentence that says yes, or holds)
        for part in re.findall("[^。！!？?\n]+[。！!？?\n]?", said):
            steps = {int(d) for m in CJK_BARE_NTHS.finditer(part) for d in re.findall("[1-4]", m.group())
                     if 1 <= int(d) <= count}
            if steps:
                (included if read_turn(part).act is Act.AFFIRM else excluded).update(steps)
    if not included and not excluded and _BARE_STEPS.search(said) is not None:
        # (steps by their bare numbers, each sentence's read on its own, in any language the
        # reader reads: "o 2 e o 3 pode fazer. o 1 não, o relógio é presente pro meu pai")
        for part in re.split(r"(?<=[.;!?])\s+|,\s+|\s[-\u2013\u2014]\s", said):
            steps = {int(m.group(1)) for m in _BARE_STEPS.finditer(part) if 1 <= int(m.group(1)) <= count}
            if not steps:
                continue
            act = read_turn(part).act
            if act is Act.AFFIRM and _STEP_NOT.search(part) is None:
                included |= steps
            elif act in (Act.DECLINE, Act.HOLD) or _STEP_NOT.search(part) is not None:
                excluded |= steps
    if not included and not excluded and by_word is not None:
        # "Yes to the upgrade first": the one numbered item that names it (by its stem); "yes
        # to the jacket and the default address": each thing said, its one item
        marks = list(_PLAN_MARK.finditer(last.plain))
        items = [item for _m, item in _between(marks, last.plain)]
        said_of = said[by_word.start(1):]
        said_of = said_of[:m.start()] if (m := re.search(r"[.;!?]", said_of)) else said_of
        for part in re.split(r",|(?<![\w'-])(?:and|et|y|e|und)(?![\w'-])|&", said_of):
            # ("oui pour la classe économique et pour le passager"; not "allez-y")
            step_words = [w for w in re.findall(r"[a-z]{4,}", part) if w not in _NOT_A_STEP]
            if not step_words or (read_turn(part).act is Act.AFFIRM
                             and names_action(part, ALL_ACTION_WORDS) is None):
                continue  # (nor a go-ahead after it: "oui pour l'annulation, allez-y")
            stem = step_words[0][:max(4, len(step_words[0]) - 2)]
            naming = [k for k, item in enumerate(items, 1)
                      if re.search(rf"(?<![\w']){re.escape(stem)}", item)]
            if not naming:  # (by the action it names: "yes for the cancellation" of "1.
                # Cancel order #W1 ...", "oui pour l'annulation" of "1. Annulation de ...")
                verbs = [ws for ws in VERB_WORDS.values() if names_action(part, ws)]
                naming = [k for k, item in enumerate(items, 1)
                          if len(verbs) == 1 and names_action(item[:60], verbs[0])]
            if len(naming) > 1:  # (the one it leads: "1. Upgrade OWZ4XL ..." beside "2. Change
                # to the nonstop ... lower than the upgraded fare")
                naming = [k for k in naming
                          if re.search(rf"(?<![\w']){re.escape(stem)}", items[k - 1][:40])] \
                    or naming
            if len(naming) != 1:
                included = set()
                break
            included |= set(naming)
        if included:  # (and another step added in a sentence after it: "Go ahead with the
            # cancellation. And the kettle swap too, but only if ...": the step naming it)
            for also in _ALSO_STEP.finditer(said, by_word.start(1)):
                stem = also.group(1)[:max(4, len(also.group(1)) - 2)]
                naming = [k for k, item in enumerate(items, 1)
                          if re.search(rf"(?<![\w']){re.escape(stem)}", item)]
                if len(naming) == 1:
                    included |= set(naming)
    if included:  # (a step granted on a condition of its own: "1 and 2, yes. 3 only if the
        # refund goes back to my card": the condition is the ledger's to check, and holds the
        # step where it is not met)
        included |= {int(k) for k in _STEP_ON_CONDITION.findall(said) if 1 <= int(k) <= count}
    if n in excluded or (included and n not in included):
        return f'"{excerpt(said, 80)}" leaving out item {n}'
    return None


# a step by its bare number, its article or "step" before it: "o 2 e o 3", "il 2", "step 1"
_BARE_STEPS = re.compile(r"(?:^|(?<=\s)|(?<=,))(?<!all )(?<!those )(?<!these )(?<!tutti )(?<!todos )"
                         r"(?:(?:o|a|il|la|le|el|lo|the|step)\s+)?([1-9])(?![\w%$]|[.,]\d)" + _A_COUNT_OF)
# a step's number said no to right after it: "o 1 não", "3 nicht", "il 2 no"
_STEP_NOT = re.compile(r"(?<![\w$.,#])[1-9]\s+(?:não|nao|no|nicht|non|nein|not|pas)(?![\w'])")
_STEP_ON_CONDITION = re.compile(r"(?:^|[.;!?]\s+)([1-9])\s+(?:only if|if|as long as|provided|too|also)"
                                r"(?![\w'])")
_ALSO_STEP = re.compile(r"(?:^|[.;!?]\s*)(?:(?:and|also|plus) )?(?:the |my )?([a-z]{4,})(?: [a-z]{3,})? too"
                        r"(?![\w'])")


def _plan_position(last: Text, arguments: dict[str, Any], looked_up: dict[str, set[str]],
                   other_words: tuple[str, ...] = (), words: tuple[str, ...] = ()
                   ) -> tuple[int, int | None]:
    """How many actions the proposal lists and which of them this call is (1-based): by its
    numbered items ("1. Return ... 2. Exchange ..."), the one naming the call's ids; else by
    the order in which it names the call's object among others looked up under the same key
    ("| E9KA2D | ... | G3MW7Q | ..."). (0, None) where neither tells."""
    items = _plan_steps(last.plain)
    if items is not None and "reservation_id" not in arguments \
            and isinstance(people := arguments.get("passengers"), list) and people:
        # (a booking: the step naming its passengers by name, "2. Book for Raj Sanchez: same
        # flights", where steps share the flights)
        names = [f"{p.get('first_name', '')} {p.get('last_name', '')}".lower()
                 for p in people if isinstance(p, dict)]
        naming = [k for k, item in enumerate(items, 1)
                  if names and all(n in item.plain for n in names)]
        if len(naming) == 1:
            return len(items), naming[0]
    if items is not None:
        # (not a payment method's id: steps share it, "charged to your Amex (credit_card_7719024)"
        # in the flight step names no bag step)
        ids = [v for v in _flat(arguments) if isinstance(v, str) and _ID_FORM.search(v)
               and not kind_of(v)]
        shared = [v for v in ids if any(named(i, v, {}) for i in items)]
        objects = {v for k, v in arguments.items() if k.endswith("_id")
                   and isinstance(v, str) and v and not kind_of(v)}
        # (not a step about another object of its kind, or of a kind the call acts on none
        # of, naming none of the call's: "1. #W2166301 ... -> 565 Maple Drive ... 2. #W2466703
        # ... -> same DC address ... 4. Default address on your profile -> same DC address",
        # the call changing #W2466703's, or the profile's)
        # (read only for the steps that would hold the call otherwise, once each)
        about_other: dict[int, bool] = {}

        def its_own(k: int, item: Text) -> bool:
            if k not in about_other:
                about_other[k] = not any(named(item, v, {}) for v in objects) and (
                    _names_another(item, objects) or any(
                        named(item, v, {}) for key, values in looked_up.items()
                        if key.endswith("_id") and key not in arguments for v in values))
            return not about_other[k]

        holding = [k for k, item in enumerate(items, 1)
                   if shared and all(named(item, v, {}) for v in shared) and its_own(k, item)]
        if len(holding) > 1 and other_words:
            # (several steps on one object: not the one another write's own words lead,
            # "1. Address change for #W5056519 ... 2. Modify the Makeup Kit in #W5056519")
            mine = [k for k in holding if names_action(items[k - 1].plain[:60], other_words)
                    is None]
            holding = mine if len(mine) == 1 else holding
        if not holding:
            # (the object named by the first step only: "1. Upgrade 4WQ150 to economy ...
            # 2. Change to the nonstop HAT041": the second step by its own ids)
            own = [v for v in shared if v not in objects]
            holding = [k for k, item in enumerate(items, 1)
                       if own and all(named(item, v, {}) for v in own) and its_own(k, item)]
            if not holding:
                holding = [k for k, item in enumerate(items, 1) if objects
                           and all(named(item, v, {}) for v in objects)]
            if not holding and words:  # (no step names the call's ids: the one step naming
                # its action, "3. Añadir 2 maletas (gratis)" for the bags' call)
                holding = [k for k, item in enumerate(items, 1)
                           if names_action(item.plain, words) is not None]
                if len(holding) > 1 and isinstance(cabin := arguments.get("cabin"), str):
                    # (the one naming the call's cabin: "3. Upgrade to business" for the call
                    # in business, beside "1. Fix passenger name: Mia Lii → Mia Li")
                    holding = [k for k in holding if re.search(
                        rf"(?<![\w']){cabin.replace('_', ' ')}(?![\w'])", items[k - 1].plain)] \
                        or holding
        if len(holding) == 1 and isinstance(cabin := arguments.get("cabin"), str) \
                and _other_cabin(items[holding[0] - 1].plain, cabin):
            # (not a step putting the flights in another cabin, where one step naming some of
            # them keeps the call's: "1. Change return date — HAT284 ... Economy ... 3. Upgrade
            # to Business for both flights (HAT093 ... and HAT284 ...)", the call in economy)
            keeping = [k for k, item in enumerate(items, 1) if any(named(item, v, {}) for v in shared)
                       and not _other_cabin(item.plain, cabin)
                       and re.search(rf"(?<![\w']){cabin.replace('_', ' ')}(?![\w'])", item.plain)]
            holding = keeping if len(keeping) == 1 else holding
        return (len(items), holding[0]) if len(holding) == 1 else (0, None)
    for key, value in arguments.items():
        if not key.endswith("_id") or not isinstance(value, str) or kind_of(value):
            continue
        order = _listed_ids(last, value, looked_up.get(key, set()))
        if len(order) >= 2 and value in order:
            return len(order), order.index(value) + 1
    return 0, None


def _other_cabin(step: str, cabin: str) -> bool:
    """Whether a step names a cabin and not ``cabin`` (the call's): "upgrade to business"
    for a call in economy ("basic economy" is not economy)."""
    said = {m.group().replace(" ", "_") for m in _CABIN_SAID.finditer(step)}
    return bool(said) and cabin not in said


_CABIN_SAID = re.compile(r"(?<![\w'])(?:basic economy|business|first class|economy)(?![\w'])")


def _own_step_differs(last: Text, spec: ActionSpec, arguments: dict[str, Any],
                      aliases: Aliases, theirs: Text | None = None) -> tuple[str, str] | None:
    """Where the proposal numbered its steps (1 to n) and one step is this call's (the only one
    naming its action and its object's ids, else the only one naming every passenger it
    holds), a payment method or a passenger of the call that this step does not name while
    another step does, the step naming a method (or a passenger) of its own: (the value, the
    step's excerpt), or None. "3. Reservation for Raj - certificate_9984806 $250 ... 4.
    Reservation for Liam - certificate_2765295 $250", the call for Liam paying with Raj's."""
    items = _plan_steps(last.plain)
    if items is None:
        return None
    people = [f"{m['first_name']} {m['last_name']}".lower() for v in arguments.values()
              if isinstance(v, list) for m in v if isinstance(m, dict)
              and isinstance(m.get("first_name"), str) and isinstance(m.get("last_name"), str)]
    ids = [v for k, v in arguments.items()
           if k.endswith("_id") and isinstance(v, str) and v and not kind_of(v)]
    mine = [k for k, item in enumerate(items) if names_action(item.plain, spec.words) is not None
            and ids and all(named(item, v, {}) for v in ids)]
    if len(mine) != 1 and people:
        mine = [k for k, item in enumerate(items) if all(p in item.plain for p in people)]
    if len(mine) != 1:
        return None
    own = items[mine[0]]
    others = [item for k, item in enumerate(items) if k != mine[0]]
    methods = [v for v in _flat(arguments) if isinstance(v, str) and kind_of(v) is not None]
    if methods and _METHODS.search(own.plain):
        for v in methods:
            # (a method spelt by its id where the step spells one of its kind: the id is the
            # name; "certificate" alone would name the user's only certificate)
            kind = v.lower().rsplit("_", 1)[0] + "_"
            spelt = kind in own.plain
            if spelt and v.lower() not in own.plain and any(v.lower() in o.plain for o in others):
                return v, excerpt(own.plain, 80)
            if not spelt and not named(own, v, aliases.distinct) and any(
                    named(o, v, aliases.distinct) for o in others) \
                    and not _method_asked_for_step(theirs, v, own, others, aliases):
                return v, excerpt(own.plain, 80)
    return None


def _method_asked_for_step(theirs: Text | None, method: str, own: Text, others: list[Text],
                           aliases: Aliases) -> bool:
    """Whether the user's words ask for ``method`` in a sentence about this step: one naming
    the method and a sum or a thing of this step's that no other step names ("Yes to both!
    Only thing, put the $8.25 for the boots on PayPal too, not the Visa.")."""
    if theirs is None:
        return False
    for part in re.split(r"(?<=[.!?;])\s+", theirs.plain):
        clause = Text(part)
        if not named(clause, method, aliases.distinct):
            continue
        sums = {d for d in clause.numbers() if d != int(d) or d >= 10}
        if sums & own.numbers() and not any(sums & o.numbers() for o in others):
            return True
        # (not the methods' own words: "Put ours on the Mastercard, and the parents' on the gift
        # card" names the gift card's step by its method, not by a thing of its own)
        words = {w for w in re.findall(r"[a-z]{4,}", _METHODS.sub(" ", part)) if w not in _SO_SAID}
        stems = {w[:max(4, len(w) - 2)] for w in words}
        if any(re.search(rf"(?<![\w']){re.escape(st)}", own.plain) is not None
               and not any(re.search(rf"(?<![\w']){re.escape(st)}", o.plain) for o in others)
               for st in stems):
            return True
    return False


def _names_another(item: Text, objects: set[str]) -> bool:
    """Whether a plan's step names an id of the form of one of ``objects`` that is none of
    them (another order, another reservation)."""
    for value in objects:
        if not _ID_FORM.search(value):
            continue
        own = value.lower().lstrip("#")
        if any(m.group().lstrip("#") != own for m in _id_shape(value).finditer(item.plain)):
            return True
    return False


def _listed_ids(text: Text, value: str, looked_up: set[str]) -> list[str]:
    """``value`` and the ids looked up under its key that ``text`` names, in the order it first
    names them (each token of the text looked up once: the session may have looked up many)."""
    out: list[str] = []
    for bare in text.ids():
        for v in (bare, "#" + bare):
            if (v == value or v in looked_up) and v not in out:
                out.append(v)
                break
    return out


# Options by label: "Option 2 please", "B, the 5pm one. go ahead" picking among "**A) HAT110**
# ... **B) HAT036**", "Option A - ...", a table's "| 1 | red | high |" rows
_PICKED = re.compile(r"(?:^|[\s,.(']|(?<=l'))(?:option|choice|number|#|opción|opcion|opção|opzione|optie)"
                     r"\s*([a-d1-9])(?![\w'])|"
                     r"^\(?([a-d1-9])\)?(?=[\s,.!]|$)")
_OPTION_WORD = re.compile(r"(?<![\w'])option\s*[1-9](?![\w'])")
_DO_SEVERAL = re.compile(r"(?<![\w'])[1-9]\s*(?:,|and|&|\+|-|to|through)\s*[1-9](?![\w'])|"
                         r"(?<![\w'])(?:both|all)(?![\w'])")
_OPTION_MARK = re.compile(r"(?:^|[\s|*-])(?:option\s+([a-d1-9])(?![\w'])|\(?([a-d])\)(?=\s)|"
                          # (a table's row by its number or its letter: "| 2 |", "| B |")
                          r"\|\s*([a-d1-9])\s*\|)")


def _picked_label(said: str) -> str | None:
    """The label of the option the user's words pick ("option 2" -> "2", "B, the 5pm one" ->
    "b", "the second option" -> "2"), or None."""
    pick = _PICKED.search(said)
    if pick is not None and (pick.group(1) or pick.group(2) or "").lower() == "a" \
            and re.match(r"a [a-zà-ÿ]{3,}", said[pick.start():]) is not None:
        pick = None  # (an article, not the label: "A segunda, a das 13h.")
    if pick is None and ((nth := _NTH_OPTION.search(said)) is not None or (
            (nth := _NTH_OPTION.search(ordinals_in_english(said))) is not None)):
        # (or in the user's language: "Nehmen Sie die zweite Option")
        return str(_NTHS.index(next(g for g in nth.groups() if g)) + 1)
    return None if pick is None else (pick.group(1) or pick.group(2)).lower()


# an option picked by its place among those listed: "the second option", "take the first one"
_NTHS = ("first", "second", "third", "fourth", "fifth")
_NTH_OPTION = re.compile(r"(?<![\w'])the (first|second|third|fourth|fifth) (?:option|choice|opción|opcion|"
                         r"opção|opcao|opzione|optie|variante)(?![\w'])|"
                         # ("the second one" as the pick: opening the turn, or taken; not "not the
                         # first one", "before the second one")
                         r"(?:^(?:(?:yes|ok|okay|sure)[,!.]?\s+)?|(?<![\w'])(?:take|want|choose|pick|go "
                         r"with|book|prefer|have) )the (first|second|third|fourth|fifth) (?:one|flight)"
                         r"(?![\w'])|"
                         # (or opening the turn alone: "A segunda, a das 13h.", the second)
                         r"^the (first|second|third|fourth|fifth)(?=\s*(?:[,.!]|$))")


def _option_not_picked(session: SessionState, last: Text, theirs: Text,
                       arguments: dict[str, Any], words: tuple[str, ...]
                       ) -> tuple[str, str, str] | None:
    """Where the user picked an option by its label among labelled options and the call holds
    an id (a flight, an item) named in another option and not in the one picked, or a variant
    described in another option and not in that one: (the label picked, the other's, the
    id)."""
    said = theirs.plain
    if "option" not in said and not re.match(r"\(?[a-d1-9]\)?(?:[\s,.!]|$)", said) \
            and _NTH_OPTION.search(ordinals_in_english(said)) is None:
        return None
    label = _picked_label(said)
    if label is None:
        return None
    segments = _options_of(last.plain)
    if len(segments) < 2 and label.isdigit() \
            and (len(_OPTION_WORD.findall(said)) == 1
                 or _NTH_OPTION.search(ordinals_in_english(said)) is not None) \
            and not _DO_SEVERAL.search(said):
        # ("I'll go with option 1" of a numbered list of variants; not "1 and 2 ok")
        segments = _numbered(last.plain)
    if label not in segments or len(segments) < 2:
        return None
    chosen = Text(segments[label])
    # (where the options are actions: "Option A - modify ... Option B - cancel ...")
    if not _leads_with_action(chosen.plain, words) and _leads_with_action(
            chosen.plain, ALL_ACTION_WORDS) and any(_leads_with_action(t, words)
                                                    for t in segments.values()):
        # ("B." picking a cancellation, the call modifying the items)
        return label, next(k for k, t in segments.items() if _leads_with_action(t, words)), \
            "this action"
    if _ALL.search(chosen.plain):  # ("Option B: upgrade RT4567 to business on every flight")
        return None
    variants: dict[str, tuple[str, dict[str, str]]] | None = None
    # (the items the order holds now are what is given up, not what was picked)
    current = _current(session, arguments) or {}
    held = {str(i.get("item_id")) for i in current.get("items") or () if isinstance(i, dict)} \
        if "new_item_ids" in arguments else set()
    for v in _flat(arguments):
        if not isinstance(v, str) or not _ID_FORM.search(v) or _DATE_FORM.match(v) or kind_of(v) \
                or named(chosen, v, {}) or v in held:
            continue
        other = next((k for k, t in segments.items() if k != label and named(Text(t), v, {})),
                     None)
        if other is None and v.isdigit():  # (a variant described by its options)
            variants = _variants(session) if variants is None else variants
            own = variants.get(v)
            # (the options the labelled ones tell apart by: a table may leave the size out)
            values = [o for o in own[1].values() if o.lower() not in _PLAIN_VALUES
                      and any(_option_at(t, o) for t in segments.values())] if own else []
            if values and not all(_option_at(segments[label], o) for o in values):
                other = next((k for k, t in segments.items()
                              if k != label and all(_option_at(t, o) for o in values)), None)
        if other is not None:
            return label, other, v
    return None


def _split_differs(raw: str, theirs: Text, arguments: dict[str, Any], own: DistinctAliases
                   ) -> tuple[str, str, str] | None:
    """Where the call splits a payment over several methods and the proposal (or the user's
    own words, which come first) gives a method its share, a method whose share the call
    changes or leaves out ("... paid as certificate_3765853 $500, gift_card_8020792 $198,
    gift_card_6136092 $129, Mastercard ending 9363 $1,786", the call dropping the $129 gift card
    and putting $1,915 on the Mastercard): (the method, the share said, what the call does),
    else None. Read per paragraph of the proposal (a proposal of two bookings splits each on
    its own): where one agrees with the call there is nothing to tell."""
    pays = [p for p in arguments.get("payment_methods") or ()
            if isinstance(p, dict) and isinstance(p.get("payment_id"), str)]
    if not pays or "$" not in raw:
        return None
    held = {str(p["payment_id"]): p.get("amount") for p in pays}
    family = {pid: own.get(pid) for pid in held}
    for pid in held:
        for other, names in own.siblings(pid):
            family.setdefault(other, names)
    # (and per step of a numbered plan: "1. Cancel VF3K8Q. Refunds ... $90 to the gift card ...
    # 2. Rebook ...: $447" on the Visa)
    # (not what a line gives back: "Full refund of $240 to your Visa ending 7447")
    blocks = [b for p in re.split(r"\n\s*\n", raw)
              for b in ("\n".join(line for line in normalize(part).split("\n")
                                  if _GIVEN_BACK_LINE.search(line) is None)
                        for part in re.split(r"\n(?=\s*(?:\*\*)?\d{1,2}[.)]\s)", p))
              if "$" in b]
    users = theirs.plain
    said_by_user = {pid: _shares(users, pid, names) for pid, names in family.items()}
    if _METHODS.search(users) is not None and (re.search(r"\d", users) or "rest" in users):
        # (the user split it anew: their own shares alone count, "take $100 off the gift card
        # too, and put the rest on the Visa")
        checked = {pid: names for pid, names in family.items() if said_by_user[pid]}
    else:
        checked = family
    differences = []
    for block in blocks:
        found = _split_difference(block, said_by_user, held, family, checked)
        if found is None:
            continue
        if not found:
            return None  # (a paragraph splitting it as the call does)
        differences.append(found)
    if len(differences) == 1:
        return differences[0]
    return None


# a line about money given back, no share of a payment
_GIVEN_BACK_LINE = re.compile(r"(?<![\w'])(?:refund|reembols|rembours|rimbors|erstatt|credited|back to|"
                              r"returned to)")


def _split_difference(block: str, said_by_user: dict[str, set[Decimal]], held: dict[str, Any],
                      family: dict[str, set[str]], checked: dict[str, set[str]]
                      ) -> tuple[str, str, str] | tuple[()] | None:
    """``_split_differs`` on one paragraph (``said_by_user``: the shares the user's own words
    give each method): None where it gives none of the call's methods a share, () where it
    splits as the call does, else the first difference."""
    in_block = {pid: _shares(block, pid, names) for pid, names in family.items()}
    if not any(in_block[h] for h in held) or sum(1 for shares in in_block.values() if shares) < 2:
        return None  # (one method alone: its sum is the total's, which the yes may have changed:
        # "no insurance then" takes its $30 off)
    for pid, names in checked.items():
        said = said_by_user[pid] or in_block[pid]
        if len(said) != 1:
            continue
        share = next(iter(said))
        name = next(iter(sorted(names, key=len, reverse=True)), pid)
        if pid not in held:
            return name, f"${share}", "leaves it out"
        amount = held[pid]
        if isinstance(amount, int | float) and abs(Decimal(str(amount)) - share) >= 1:
            return name, f"${share}", f"puts ${amount} on it"
    return ()


def _shares(text: str, pid: str, names: set[str]) -> set[Decimal]:
    """The sums ``text`` puts on one payment method, by its id or a name that fits it alone,
    said right before or after it ("Mastercard ending 9363 $1,786", "$300 from your gift
    card"; a sum worked out, its result: "Charged on MasterCard: $1,625 - $1,327 = $298")."""
    out: set[Decimal] = set()
    for n in {pid.lower(), *(x.lower() for x in names if len(x) >= 4)}:
        said = re.escape(n)
        for m in re.finditer(rf"(?<![\w']){said}(?![\w'])(?:\s*\([^()\n]{{0,30}}\))?"
                             rf"(?: ending(?: in)? \d{{4}})?\s*[:=-]?\s*\**"
                             rf"(\$[\d,.]+(?:(?:\s*[-−+×x*]\s*\$[\d,.]+)+\s*=\s*\**\$[\d,.]+)?)", text):
            last_sum = re.findall(r"\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d\d)?", m.group(1))[-1]
            if (d := decimal_of(last_sum[0].replace(",", ""), last_sum[1] or None)) is not None:
                out.add(d)
        # (the sum with its currency after it: "certificat certificate_4419906 100 $ + carte
        # cadeau gift_card_7781230 61 $")
        for m in re.finditer(rf"(?<![\w']){said}(?![\w'])(?:\s*\([^()\n]{{0,30}}\))?\s*[:=-]?\s*"
                             rf"(\d{{1,3}}(?:[ .,]\d{{3}})*|\d+)(?:[.,](\d\d))?\s?(?:\$|usd|us\$|dollars?)"
                             rf"(?![\w$])", text):
            if (d := decimal_of(re.sub(r"[ .,]", "", m.group(1)), m.group(2))) is not None:
                out.add(d)
        for m in re.finditer(rf"(?:\$|(?<![\w$.,])(?=\d[\d,]*\d))(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d\d)? "
                             rf"(?:(?:charged|billed|paid|put) )?"
                             rf"(?:from|on|to|with|via|using|off) (?:your |the |my )?(?:[a-z]+ ){{0,2}}?"
                             rf"{said}(?![\w'])", text):
            if (d := decimal_of(m.group(1).replace(",", ""), m.group(2))) is not None:
                out.add(d)
    return out


def _picked_by_price(theirs: Text, window: Text, value: str) -> bool:
    """Whether the user's words pick an option by its price ("Book the $304 one.") that a line
    of the proposal's window gives beside ``value`` ("HAT083 JFK -> SEA, 01:00-07:00 + HAT258
    ... - $304"), where the turn they answered named another option."""
    if "$" not in theirs.plain or (m := _PRICE_ONE.search(theirs.plain)) is None:
        return False
    price = _price_said(m.group(1))
    return any(price.search(line) and named(Text(line), value, {})
               for line in window.plain.split("\n"))


def _picked_by_word(theirs: Text, window: Text, value: str, other: str) -> bool:
    """Whether the user's words pick an option by a word of it ("Stay with business, go ahead
    and book the business one") that the proposal's window says nearer to ``value`` (the
    call's) than to ``other`` (the one the turn they answered named last)."""
    if (m := _WORD_ONE.search(theirs.plain)) is None:
        return False
    text = window.plain
    word = re.compile(rf"(?<![\w']){re.escape(m.group(1))}(?![\w'])")
    hits = [w.start() for w in word.finditer(text)]

    def nearest(code: str) -> int:
        spots = [c.start() for c in re.finditer(rf"(?<![a-z0-9]){re.escape(code.lower())}"
                                                 rf"(?![a-z0-9])", text)]
        return min((abs(a - b) for a in spots for b in hits), default=1 << 30)

    return bool(hits) and nearest(value) < nearest(other)


# an option picked by a word of it: "book the business one", "stay with business"
_WORD_ONE = re.compile(r"(?<![\w'])(?:book|take|keep|do|go with|stay with|stick with) the ([a-z]{4,}) "
                       r"(?:one|option|flight|flights|fare)(?![\w'])")
def _price_said(amount: str) -> re.Pattern[str]:
    """A price as a turn says it, to the cent it gives: "$304" (not "$3040" or "$304.50")."""
    return re.compile(rf"\${re.escape(amount)}(?![\d,]*\d)")


# an option picked by its price: "the $216 one lands at 7pm, right? let's do that one instead"
_PRICE_ONE = re.compile(r"(?<![\w'])the \$(\d[\d,]*(?:\.\d\d)?) (?:one|option|flight|flights|"
                        r"itinerary|fare)(?![\w'])")


def _price_not_picked(turn: str, last: Text, window: Text, arguments: dict[str, Any]
                      ) -> tuple[str, str, str] | None:
    """Where the yes turn picks one of the numbered options by its price ("The $216 one lands
    at 7pm, right? Let's do that one instead") and the call holds an id (a flight, an item)
    that another option names and the picked one does not: (the price, the other option's
    number, the id), else None."""
    if "$" not in turn or (m := _PRICE_ONE.search(turn)) is None:
        return None
    price = _price_said(m.group(1))
    for text in (last.plain, window.plain):
        segments = _numbered(text)
        picked = [k for k, t in segments.items() if price.search(t)]
        if len(segments) < 2 or len(picked) != 1:
            continue
        chosen = Text(segments[picked[0]])
        for v in _flat(arguments):
            if not isinstance(v, str) or not _ID_FORM.search(v) or _DATE_FORM.match(v) \
                    or kind_of(v) or named(chosen, v, {}):
                continue
            other = next((k for k, t in segments.items() if k != picked[0]
                          and named(Text(t), v, {})), None)
            if other is not None:
                return f"${m.group(1)}", other, v
        return None
    return None


_TOO = re.compile(r"(?<![\w'])(?:too|trop|troppo|demasiado|muito|zu)(?![\w'])")


def _time_not_picked(turn: str, last: Text, arguments: dict[str, Any]
                     ) -> tuple[str, str, str] | None:
    """Where the yes turn picks one of the proposal's options by its departure time ("but I'd
    rather have the 5pm one", "prefiro o das 17h") and the call holds a flight that another
    option's line names and the picked one's does not: (the time, the other's time, the
    flight), else None."""
    hours: range | None = None
    minute: str | None = None
    # (the last sentence naming a time and ruling nothing out is the pick: "8h, c'est trop tôt
    # pour moi. ... celui de 13h... Non, attendez : ... Prenons celui de 12h. Oui, allez-y.")
    timed = [s for s in re.split(r"(?<=[.!?…])\s+", turn) if _TIME_ONE.search(s) is not None]
    if len(timed) >= 2 and (settled := next((s for s in reversed(timed) if _NOT_WORD.search(s) is None
                                             and not _TOO.search(s)), None)) is not None:
        turn = settled
    if (m := _TIME_ONE.search(turn)) is None or (_CLOCK_MARK.search(m.group()) is None
                                                  and m.group().startswith("the ")):
        # (a time, not a count: "the 2 bags"; the other languages' "of the hours" tell it a
        # time: "la de las 11"; or a part of the day: "午前の便でお願いします", "the morning one")
        if (m := _PART_OF_DAY.search(turn)) is None:
            return None
        part = next(g for g in m.groups() if g)
        hours = next(h for words, h in _DAY_PARTS if re.fullmatch(words, part))
    else:
        hour = int(m.group("h"))
        if m.group("pm") and hour < 12:
            hour += 12
        hours, minute = range(hour, hour + 1), m.group("m")
    lines: dict[tuple[int, str], str] = {}  # departure (hour, minutes) -> the line
    for line in last.plain.split("\n"):
        if (start := _DEPARTS.search(line)) is not None and _FLIGHT_NO.search(line):
            lines.setdefault((int(start.group(1)), start.group(2)), line)
    picked = [line for (h, mins), line in lines.items()
              if h in hours and (minute is None or mins == minute)]
    if len(lines) < 2 or len(picked) != 1:
        return None
    flights = [v for v in _flat(arguments) if isinstance(v, str) and _FLIGHT_NO.fullmatch(v.lower())]
    if len(flights) > 1 and any(named(Text(picked[0]), v, {}) for v in flights):
        return None  # (the picked one a leg of the call, the other lines its other legs: "Ida:
        # HAT038 (10:00-12:00) - Volta: HAT322 (21:00-23:00)" "pode ser o das 21h")
    for v in _flat(arguments):
        if not isinstance(v, str) or not _FLIGHT_NO.fullmatch(v.lower()) or named(
                Text(picked[0]), v, {}):
            continue
        other = next(((h, mins) for (h, mins), line in lines.items()
                      if line is not picked[0] and named(Text(line), v, {})), None)
        if other is not None:
            return m.group().strip(), f"{other[0]}:{other[1]}", v
    return None


def _rank_not_picked(turn: str, last: Text, arguments: dict[str, Any]) -> tuple[str, str] | None:
    """Where the yes turn picks one of the proposal's flight options by how it ranks against the
    others ("I'll go with the cheaper one", "the earliest one") and the call holds a flight that
    another option names and the picked one does not: (the words, the flight), else None. The
    options are the proposal's labelled or numbered ones, else its lines naming a flight; each
    ranks by its first price or its first departure time."""
    if (m := _RANK_ONE.search(turn)) is None:
        return None
    word = m.group(1)
    segments = _options_of(last.plain)
    if len(segments) < 2:
        segments = _numbered(last.plain)
    if len(segments) < 2:
        segments = {str(i): line for i, line in enumerate(last.plain.split("\n"))
                    if _FLIGHT_NO.search(line)}
    by_price = word in ("cheaper", "cheapest", "less expensive", "least expensive", "more expensive",
                        "most expensive", "pricier", "priciest")
    ranks: dict[str, Decimal] = {}
    for k, t in segments.items():
        if not _FLIGHT_NO.search(t):
            continue
        if by_price:
            if (price := _DOLLARS.search(t)) is not None:
                ranks[k] = Decimal(price.group(1).replace(",", ""))
        elif (start := _DEPARTS.search(t)) is not None:
            hour = int(start.group(1))
            if hour < 12 and re.match(r"\s*p\.?m", t[start.end():]):
                hour += 12
            ranks[k] = Decimal(hour * 60 + int(start.group(2)))
    if len(ranks) < 2:
        return None
    high = word in ("more expensive", "most expensive", "pricier", "priciest", "later", "latest")
    best = max(ranks.values()) if high else min(ranks.values())
    picked = [k for k, r in ranks.items() if r == best]
    if len(picked) != 1:
        return None
    chosen = Text(segments[picked[0]])
    for v in _flat(arguments):
        if not isinstance(v, str) or not _FLIGHT_NO.fullmatch(v.lower()) or named(chosen, v, {}):
            continue
        if any(k != picked[0] and named(Text(t), v, {}) for k, t in segments.items() if k in ranks):
            return m.group().strip(), v
    return None


# an option picked by its rank among the others: "the cheaper one", "the earliest flight"
_RANK_ONE = re.compile(r"(?<![\w'])the (cheaper|cheapest|less expensive|least expensive|more expensive|"
                       r"most expensive|pricier|priciest|earlier|earliest|later|latest)"
                       r"(?: (?:one|option|flight|flights|fare|itinerary))?(?![\w'])(?! than)")
_DOLLARS = re.compile(r"\$(\d[\d,]*(?:\.\d\d)?)")


# an option by the part of the day it leaves in: "the morning one", "午前の便", "下午那班", "오전 비행기"
_DAY_PARTS = ((r"morning|午前|朝|上午|早上|早晨|오전|아침", range(5, 12)),
              (r"afternoon|午後|下午|오후", range(12, 18)),
              (r"evening|night|夕方|夜|晚上|傍晚|저녁|밤", range(17, 24)))
_PART_OF_DAY = re.compile(r"(?:(?<![\w'])the (morning|afternoon|evening|night)(?: one| flight| option)"
                          r"(?![\w'])|(午前|午後|夕方|朝|夜)(?:の便|のフライト|の方|のほう)|"
                          r"(上午|下午|早上|早晨|晚上|傍晚)(?:的|那班|那个|那個|那趟)|"
                          r"(오전|오후|아침|저녁|밤)(?: ?비행기| ?항공편| ?편| ?것| ?거))")
# an option by its departure time: "the 5pm one", "the 17:00 flight", "o das 17h", "el de las 17",
# "celui de 17h", "den um 17 Uhr", "quello delle 17"
_TIME_ONE = re.compile(
    r"(?<![\w'])(?:the (?:one (?:at|leaving at) )?|o das |a das |el de las |la de las |celui de |"
    # (an option by its word, then its hour: "Die Variante um 15 Uhr", "l'option de 15h")
    r"(?:die|den|das) (?:variante|option|verbindung|maschine) um |l'option de |la opción de las |"
    r"a opção das |l'opzione delle |"
    r"celui à |den um |die um |quello delle |quella delle |die van |de van )(?P<h>\d{1,2})"
    r"(?:(?::|h)(?P<m>\d\d))?\s*(?:(?P<pm>pm|p\.m\.)|am|a\.m\.|h|uhr|u)?(?: (?:one|flight|option))?"
    r"(?![\w':])")
_CLOCK_MARK = re.compile(r"\d(?::\d\d|\s*(?:h|pm|am|p\.m\.|a\.m\.|uhr|u)(?![a-z]))")
_DEPARTS = re.compile(r"(?<!\d)(\d{1,2})[:h](\d\d)")  # ("08:00", and French "08h00")
_FLIGHT_NO = re.compile(r"hat\d{3}")


def _said_of_until(sentence: str, verb: re.Match[str]) -> int:
    """Where what the action word at ``verb`` is said of ends in ``sentence``: 0 where it is
    said not to be done ("I can't cancel ZFA04Y", "cannot be cancelled"), else at a negation in
    its own clause ("I can cancel #W1 but not #W2": up to "not"), else the sentence's end (a
    negation in a clause that explains it is none: "Cancel HSR97W: ... which doesn't fit with
    leaving from Boston")."""
    if _CANNOT.search(sentence, max(0, verb.start() - 40), verb.start()) is not None:
        return 0
    stop = _CLAUSE_BREAK.search(sentence, verb.end())
    negation = _CANNOT.search(sentence, verb.end(), stop.start() if stop else len(sentence))
    return negation.start() if negation is not None else len(sentence)


_CLAUSE_BREAK = re.compile(r"[:;,]|\s[-–—]\s|(?<![\w'])(?:which|because|since|so|as)(?![\w'])")
_NO_LONGER = re.compile(r"(?:can|could) no longer|no longer (?:be|possible|eligible|available)|"
                        # (and in the other languages: "l'ordine non potrà più essere
                        # modificato", "ne pourra plus être modifiée", "ya no se podrá")
                        r"non (?:potrà|potranno|può|possono) più|ne (?:pourra|pourront|peut|"
                        r"peuvent) plus|ya no (?:se )?(?:podrá|podrán|puede|pueden)|não (?:poderá|"
                        r"poderão|pode|podem) mais|nicht mehr (?:geändert|storniert|möglich)|"
                        # (a rule for after it: "so the other items in #W5490111 could not be
                        # returned later")
                        r"(?:(?:can|could|would|will) not|cannot|can'?t|couldn'?t|won'?t) be "
                        r"[a-z]+ (?:later|afterwards|again|any ?more)|"
                        # ("Orders #W7739115 and #W1994898 are already delivered/processed, so
                        # their addresses can't be changed.")
                        r"(?:cannot|can'?t|can not) be (?:changed|modified|updated|cancell?ed|"
                        r"returned|exchanged)(?![\w'])")


def _reported(sentence: str, verb: re.Match[str]) -> bool:
    """Whether the action word at ``verb`` reports an action done ("I cancelled #W2 by
    mistake", "has already been changed"), not one proposed."""
    tail = re.match(r"[a-z]*", sentence[verb.end():])
    word = verb.group() + (tail.group() if tail else "")
    return word.endswith("ed") and _DONE_BY.search(sentence[:verb.start()]) is not None


# an action offered for another time: "can also be cancelled whenever you've decided"
_LATER_OFFER = re.compile(r"(?<![\w'])(?:whenever|once|when|if) you(?:'ve| have)? (?:decided?|made up your "
                          r"mind|are ready|'re ready|know|(?:got |get )?(?:the|her|his|their|your) "
                          # ("whenever you have your daughter's address, send it over and we'll
                          # handle #W6116680")
                          r"[a-z']+ (?:address|details|info))(?![\w'])|(?<![\w'])(?:later|another "
                          r"time|any time),? if you (?:want|like|wish|decide)(?![\w'])|"
                          # (one the user may ask for: "let me know if that one needs changing too")
                          r"(?<![\w'])let me know if (?:that|this|it|those|they|you)(?![\w'])")
# between an id and the action's noun, a count it goes to: "update G5KT8N to 5 bags"
_COUNT_BEFORE = re.compile(r"\s+(?:to|→|->)\s+\d{1,2}\s+(?:checked\s+|total\s+)?")


def _acted_on_another(last: Text, spec: ActionSpec, arguments: dict[str, Any],
                      looked_up: dict[str, set[str]], session: SessionState,
                      yes_seq: int) -> tuple[str, str, str] | None:
    """An id the call acts on (an order, a reservation) that the proposal the user answered
    named, but whose sentences with the action word name only another of its form ("You have
    #W1 (a lamp) and #W2 (a laptop). Shall I cancel #W2?" and the call cancels #W1): the key,
    the id the action was put on and the call's. Ids with no run of digits ("8JX2WO") have no
    form to find others by: the others are the ids the session looked up under the same key.
    An id a write was carried out on before the yes (the ``session``'s writes before
    ``yes_seq``) is reported, not proposed ("Done. Order #W1 will now ship to ... Would you
    like me to change those to ... as well?"; "Both pending orders have been cancelled: -
    #W4836353: $1,429.81 refunded ... Next, the return: #W4597054 ...")."""
    for key in spec.keys:
        value = values_at(arguments, key.name)
        if not isinstance(value, str) or not key.name.endswith("_id") or kind_of(value):
            continue
        own = value.lower().lstrip("#")
        ids: set[str] = set()
        spelt = False
        if _ID_FORM.search(value):
            prefix = value.lower()[:len(value) - len(value.lstrip("#abcdefghijklmnopqrstuvwxyz"))]
            if not prefix or last.plain.count(prefix) >= 2:
                shape = _id_shape(value)
                ids = {m.group().lstrip("#") for m in shape.finditer(last.plain)}
                spelt = len(ids) >= 2
        if not spelt:  # (ids of no shared form: "ABC123" and "RT4567", "8JX2WO")
            listed = _listed_ids(last, value, looked_up.get(key.name, set()))
            if len(listed) < 2:
                continue
            shape = re.compile(r"(?<![a-z0-9_])#?(?:" + "|".join(
                re.escape(v.lower().lstrip("#")) for v in listed) + r")(?![0-9a-z_])")
            ids = {m.group().lstrip("#") for m in shape.finditer(last.plain)}
        if len(ids) < 2 or own not in ids:
            continue
        labelled = {m.group(1).lstrip("#") for m in _ID_FIELD.finditer(last.plain)}
        if labelled == {own}:
            continue  # (the listing's one id field names the call's: "I see a New York address
            # on your order #W3407479. Here's the proposed change: - Order ID: #W6750959 ...")
        bound: set[str] = set()
        # (a line naming the call's own items beside one id: "3. Order #W9810810: Wristwatch
        # (... item 1355937109) -> Wristwatch (... item 9949163720)", its action the arrow)
        items = {str(v).lower() for v in _flat([v for v in arguments.values()
                                                if isinstance(v, list)])
                 if isinstance(v, str) and v.isdigit() and len(v) >= 6}
        asked: set[str] = set()  # (those bound in a question)
        before: str | None = None  # (the id named last before the sentence)
        headed = False  # (the sentence before was that id alone: "1. **Order #W2598834** -")
        titled = False  # (the sentence before was the action's heading: "**Exchange 1 -")
        # (what it says stays out binds nothing: "#W8461477 will not be affected")
        for sentence in _ACTION_SENTENCES.split(last.kept().plain):
            found = [m.group().lstrip("#") for m in shape.finditer(sentence)]
            if titled and len(found) == 1 and _ID_HEAD.fullmatch(sentence.strip(" *:")):
                bound.add(found[0])  # ("**Exchange 1 - Order #W3947049**": the heading's id)
            elif titled and found and _ID_LEADS.match(sentence.strip(" *")) is not None:
                bound.add(found[0])  # ("2. Cambio – pedido #W2916630: Cycling Helmet ... →
                # ...": the id the line leads with, after the action's heading)
            titled = (verb := action_pattern(spec.words).match(sentence.strip(" *"))) is not None \
                and _HEADING_REST.fullmatch(sentence.strip(" *")[verb.end():]) is not None
            if not found and before is not None and names_action(sentence, spec.words) \
                    and (_action_then_that_one(sentence, spec.words) or (
                        headed and action_pattern(spec.words).match(sentence.lstrip(" *")))) \
                    and not _for_all(sentence, spec.words) and not _OF_EACH.match(sentence) \
                    and _said_of_until(sentence, next(action_pattern(spec.words).finditer(
                        sentence))) > 0:  # (not "so I'm not able to cancel this reservation")
                # ("The perfume is in #W8732376. I'll cancel that order ...": the order named
                # just before; "Order #W2598834 - Return Jigsaw Puzzle ...": the line's head)
                bound.add(before)
            headed = len(found) == 1 and _ID_HEAD.fullmatch(sentence.strip(" *:")) is not None
            # (not an id named as where an address comes from: "this order" after it is the
            # one the proposal is about)
            before = next((m.group().lstrip("#") for m in reversed(list(shape.finditer(sentence)))
                           if not _ADDRESS_SOURCE.search(sentence, 0, m.start())), before)
            if _DONE.search(sentence) and "?" not in sentence:
                continue  # (a report: "I've also submitted the return for the items from #W1")
            if _LATER_OFFER.search(sentence):
                continue  # (an offer for later: "Your other pending order, #W6790887 ..., can
                # also be cancelled whenever you've decided.")
            if items and len(set(found)) == 1 and any(i in sentence for i in items):
                bound |= set(found)
            if len(set(found)) == 1 and _ID_THEN_ARROW.match(sentence) is not None \
                    and names_action(NOUNS.sub(" ", sentence), ALL_ACTION_WORDS) is None:
                bound |= set(found)  # (a line leading with the id, its change after the arrow,
                # no action word: "1. #W9432206 (koptelefoon) → 3905 Speedway, Apt 7, ...")
            # (the action said of all of them binds none: "after downgrading all these", but
            # "Return all items from order #W5490111" binds its one id; nor of one it says
            # cannot be acted on, "can no longer be changed", or reports done, "I cancelled #W2
            # by mistake")
            if names_action(sentence, spec.words) is None \
                    or (len(set(found)) != 1 and _for_all(sentence, spec.words)) \
                    or _NO_LONGER.search(sentence):
                continue
            # (not one said to be impossible, "I can't cancel ZFA04Y", "cannot be cancelled";
            # a negation in a clause that explains it is none: "Cancel HSR97W: ... departs
            # Chicago the same day, which doesn't fit with leaving from Boston")
            # (each action word with where what it is said of ends: at a negation in its own
            # clause, "cancel ABC123 but not RT4567")
            verbs = [(a, end) for a in action_pattern(spec.words).finditer(sentence)
                     if not _reported(sentence, a) and (end := _said_of_until(sentence, a)) > 0]
            if not verbs and _CANNOT.search(sentence):
                continue
            # (ids of no shared form: only one the action word goes on to, "cancel ZFA04Y",
            # not one a list line ran into: "XAZ3C0 (basic) would you like to cancel")
            put = {m.group().lstrip("#") for m in shape.finditer(sentence)
                   if any((spelt and m.start() < a.start()) or (
                       m.start() < end and (spelt or 0 <= m.start() - a.end() <= 60))
                          or _COUNT_BEFORE.fullmatch(sentence, m.end(), a.start()) is not None
                          for a, end in verbs)
                   and not _ADDRESS_SOURCE.search(sentence, 0, m.start())
                   and not _address_found_in(sentence, m)}
            bound |= put
            if "?" in sentence:
                asked |= put
        if bound:  # (what was carried out: read only where something was bound, and only
            # for the ids bound; an id the action is asked about stays: "XEHM4B has been
            # upgraded ... Shall I go ahead and cancel XEHM4B and 59XX6W now?")
            bound -= _done_before(session, key.name, bound, yes_seq) - asked
        if bound and own not in bound:
            return key.name, "#" * value.startswith("#") + min(bound).upper(), value
    return None


# a line leading with an object's id, then the arrow of its change: "1. #w9432206 (koptelefoon) → ...",
# "2. #W6272294 (Jigsaw Puzzle, Digital Camera, Bluetooth Speaker, T-Shirt) → 621 Cedar Street"
_ID_THEN_ARROW = re.compile(r"\W*(?:[1-9][.)]\s*)?(?:\*\*)?(?:(?:order|pedido|commande|bestellung|ordine|"
                            r"encomenda|bestelling)\s+)?#?[a-z]{0,4}\d[a-z0-9]*(?:\*\*)?[^→\n]{0,120}?"
                            r"(?:→|->)\s*\d+ [a-z]")  # (to a street: not a route, "SFO → JFK")
# a line leading with an object's id: "pedido #w2916630: ...", "order #W1: ..."
_ID_LEADS = re.compile(r"(?:(?:order|pedido|commande|bestellung|ordine|encomenda|bestelling|reservation|"
                       r"reserva|réservation|reservierung|prenotazione|reservering)\s+)?#?[a-z]*\d[a-z0-9]*"
                       r"\s*:")


def _action_then_that_one(sentence: str, words: tuple[str, ...]) -> bool:
    """The action said of "that order" after it ("I'll cancel that order"), not an action word
    after it ("I'll come back to this one after the addresses")."""
    one = _THAT_ONE.search(sentence)
    verb = action_pattern(words).search(sentence)
    return one is not None and verb is not None and verb.start() < one.start()


def _address_found_in(sentence: str, order: re.Match[str]) -> bool:
    """An order named as where an address was found, the address said after it ("Nel suo
    ordine #W3407479 risulta questo indirizzo:", "Dans votre commande #W3445693, l'adresse de
    livraison est :")."""
    return _IN_YOUR_ORDER.search(sentence, 0, order.start()) is not None \
        and _ADDRESS_WORD.search(sentence, order.end(), order.end() + 60) is not None


_IN_YOUR_ORDER = re.compile(r"(?<!\w)(?:nel|nell'|en su|en el|dans votre|dans la|in ihrer|no seu|"
                            r"na sua|in your|on your)\s+(?:suo |vostro )?(?:" + _ORDER_ABROAD
                            + r"|order)\s*#?$")
_ADDRESS_WORD = re.compile(r"(?<!\w)(?:" + _ADDRESS_ABROAD + r"|anschrift|address)(?!\w)")


# what follows an action's word in a heading: "exchange 1", "return #2:", "cancellation"
_HEADING_REST = re.compile(r"[a-z]*(?: #?\d{1,2})?\s*[:\-]?\s*")  # (the rest of its word too)
# an id alone as a list line's head: "order #w2598834", "reservation xehm4b"
_ID_HEAD = re.compile(r"(?:(?:order|reservation|booking)(?: id)?:? )?#?[a-z0-9]{5,}")


def _done_before(session: SessionState, key: str, ids: set[str], seq: int) -> set[str]:
    """Those of ``ids`` (lower case, no ``#``) a write carried out before ``seq`` held at
    ``key``: each tool's newest ``REPORTED_WRITES`` writes (what a turn reports done is
    recent), stopping once all are found."""
    found: set[str] = set()
    for calls in session.executed.values():
        for c in reversed(calls[-REPORTED_WRITES:]):
            if c.seq >= seq or c.kind != "write":
                continue
            v = str(values_at(c.arguments, key)).lower().lstrip("#")
            if v in ids:
                found.add(v)
                if found == ids:
                    return found
    return found


# a listing's field naming the object: "- Order ID: #W6750959", "Reservation: XEHM4B"
_ID_FIELD = re.compile(r"(?:^|\n)[\s*•-]*(?:order|reservation|booking|pedido|commande|ordine|"
                       r"bestellung|encomenda|bestelling|reserva|réservation|prenotazione|buchung|"
                       r"reservierung|reservering|ご?注文|ご?予約|订单|訂單|预订|預訂)"
                       r"(?: id| number| #| n[º°o]| nr)?\s*[:：]\s*(#?[a-z0-9]{5,})")

# (where an address comes from is no target of the action: "New address (from #W8277957): 380
# Maple Drive ...", "the same address as order #W8277957"; nor where one was found: "I found the
# Washington DC address on order #W1994898: 565 Maple Drive ...")
_ADDRESS_SOURCE = re.compile(
    r"address(?:es)?[^.#\n]{0,25}?(?<![\w'])(?:from|as)\s+(?:(?:the\s+|your\s+)?"
    r"(?:order|reservation|booking)\s+)?#?$"
    r"|(?<![\w'])(?:found|find|see|saw|there'?s|there is|you have|has) (?:the |a |an |your )?"
    r"[^.#\n]{0,30}?address(?:es)? (?:on|in|from|of) (?:your |the )?(?:order|reservation|"
    r"booking)\s+#?$"
    # ("endereço do pedido #W3964602", "l'adresse de la commande #W1", "ho trovato
    # l'indirizzo di Washington DC nell'ordine #W1994898")
    # (not the address's change of the order: "Cambio de dirección del pedido #W7147989 ... a
    # 4420 East Camelback Road")
    r"|(?<!\w)(?<!cambio de )(?<!cambio di )(?<!cambio d')(?<!mudança de )(?<!mudanca de )"
    r"(?<!alteração de )(?<!alteracao de )(?<!changement d')(?<!modification d')"
    r"(?:" + _ADDRESS_ABROAD + r")(?! (?:di spedizione|de envío|de envio|de livraison|de "
    r"entrega|de envoi))[^.#\n]{0,40}?"
    r"(?<![\w'])(?:do|del|de la|de l'|dell'|der|des|da|nell'|nel|en el|dans la|no|na|in)"
    r" ?(?:" + _ORDER_ABROAD + r")?\s*#?$"
    # (a table's new address, its source in brackets: "| new | 476 maple drive, ... (from
    # order #w3407479) |")
    r"|\((?:taken |copied )?(?:from|as on|as in|same as(?: on| in)?) (?:your |the )?(?:order|"
    r"reservation|booking)\s+#?$"
    # ("... to 144 lakeview drive, ... (the new york address on order #w3445693)")
    r"|\((?:the |your )?[^.#\n()]{0,30}?address(?:es)? (?:on|in|from|of) (?:your |the )?(?:order|"
    r"reservation|booking)\s+#?$")

_THAT_ONE = re.compile(r"(?<![\w'])(?:that|this|the same) (?:order|reservation|booking|one)"
                       r"(?![\w'])")


def _unspelled(last: Text, window: Text, theirs: Text, spec: ActionSpec,
               arguments: dict[str, Any], aliases: Aliases, session: SessionState | None = None
               ) -> tuple[str, str] | None:
    """A key list whose ids the proposal the user answered spelt out, some of them: a member
    it neither spelt nor named by a name of its own, outside what it says stays out ("Kept:
    the black toothbrush"), was not proposed (the list's name, the member)."""
    kept: Text | None = None
    stays = last.kept().plain
    for key in spec.keys:
        value = values_at(arguments, key.name)
        if stays != last.plain and isinstance(value, list):
            # a member the summary names only where it says it stays out ("The Electric
            # Toothbrush ... will stay as they are"), the call changing it all the same
            rest = Text(stays)
            for v in value:
                if isinstance(v, str) and not kind_of(v) and named(last, v, aliases.every) \
                        and not named(rest, v, aliases.every) \
                        and not named(theirs, v, aliases.every):
                    return key.name, v
        if not isinstance(value, list) or len(value) < 2 \
                or not all(isinstance(v, str) and _ID_FORM.search(v) for v in value):
            continue
        spelled = [v for v in value if named(last, v, {})]
        if not spelled:
            # by name: the summary listed some of them ("Item: Headphones"), none for all
            if _ALL.search(last.plain):
                continue
            if kept is None:
                kept = window.kept()
            listed = last.kept()
            if any(named(listed, v, aliases.distinct) for v in value):
                said_sums: set[Decimal] | None = None
                item_prices: dict[Decimal, set[str]] | None = None
                listed_en = Text(in_english(listed.plain))  # ("ombrellone": the umbrella)
                for v in value:
                    if not named(listed, v, aliases.every) and not named(window, v, {}) \
                            and not kind_of(v) and not named(theirs, v, aliases.every) \
                            and not named(listed_en, v, aliases.every):
                        if session is not None:  # (or by its price alone, beside a name in the
                            # proposal's language: "Kit trucco per carnagione chiara ... – 256,14 $")
                            said_sums = amounts(listed.plain) if said_sums is None else said_sums
                            if item_prices is None:
                                item_prices = _item_prices(session, arguments)
                            priced = {p for p, ids in item_prices.items() if v in ids}
                            if priced & said_sums and all(len(item_prices[p]) == 1 for p in priced):
                                continue
                        return key.name, v
            continue
        if len(spelled) == len(value):
            continue
        # a member not spelt must be named where the spelt ones are ("return the Desk Lamp
        # (item 1000000003) and the Water Bottle"), not in a list of the order's contents
        beside = Text(" . ".join(part for part in _ACTION_SENTENCES.split(last.plain)
                                 if any(named(Text(part), v, {}) for v in spelled)))
        steps: Text | None = None
        rows: list[str] = []
        for v in value:
            if v in spelled or kind_of(v) or named(window, v, {}) \
                    or named(theirs, v, aliases.distinct):
                continue  # (payments split among methods are the sums' checks)
            if named(beside.kept(), v, aliases.distinct):
                continue
            # (or a step of a numbered plan, or a table's row, names it alone: "1. Running Shoes
            # (size 9, yellow) -> Running Shoes (size 9, black)", "| 1 | Running Shoes - size 9,
            # yellow ... |", where the keyboard's id is spelt elsewhere)
            if steps is None:
                rows = _TABLE_BODY.findall(last.kept().plain)
                steps = Text(" . ".join([*_numbered(last.kept().plain).values(),
                                         *_options_of(last.kept().plain).values(), *rows]))
            variants = _variants(session) if session is not None and rows else {}
            if session is not None and _paired_step(last, key.name, v, value, arguments, aliases,
                                                    session):
                continue
            if not named(steps, v, aliases.distinct) and not (
                    (own := variants.get(v)) is not None
                    and any(_told_apart(row, v, own, variants) for row in rows)):
                # (nor a table row describing it by its options: "| Running Shoes | Size 9,
                # yellow, synthetic ($147.05) | ... |")
                return key.name, v
    return None


def _paired_step(last: Text, key: str, member: str, value: list[Any],
                 arguments: dict[str, Any], aliases: Aliases, session: SessionState) -> bool:
    """Whether a numbered step of the proposal spells the id paired with ``member`` (the new item
    in its place, ``new_item_ids``) and names ``member`` by its product's name, which no other
    item of its order has: "1. Running Shoes (size 9, yellow) to Running Shoes (size 9, black),
    item 4107812777: +$8.28"."""
    paired = arguments.get(f"new_{key.rsplit('.', 1)[-1]}")
    if not isinstance(paired, list) or len(paired) != len(value):
        return False
    items = (_current(session, arguments) or {}).get("items")
    if not isinstance(items, list):
        return False
    names = [i.get("name") for i in items if isinstance(i, dict)]
    own = next((i.get("name") for i in items
                if isinstance(i, dict) and i.get("item_id") == member), None)
    if own is None or names.count(own) != 1:
        return False
    new = paired[value.index(member)]
    if not isinstance(new, str) or not new:
        return False
    return any(named(step, new, {}) and named(step, member, aliases.every)
               for step in map(Text, _numbered(last.kept().plain).values()))


# a table's body row: "| Running Shoes | Size 9, yellow, synthetic ($147.05) | ... |"
_TABLE_BODY = re.compile(r"^\|(?![\s|:-]*$)[^\n]*\|[ \t]*$", re.MULTILINE)


def _details_listed(agent: Text, spec: ActionSpec, arguments: dict[str, Any],
                    aliases: Aliases) -> bool:
    """Whether the agent's turns named any of the call's key values (flight options with their
    numbers and the card, answered "Option 1 please, go ahead and book it"), though not the
    action's own word."""
    for key in spec.keys:
        value = values_at(arguments, key.name)
        for v in (value if isinstance(value, list) else [value]):
            if isinstance(v, str) and v and named(agent, v, aliases.distinct):
                return True
    return False


# the verbs that name any update, no action of their own
_ANY_UPDATE = frozenset({"chang", "change", "updat", "update", "modif", "modify", "edit",
                         "alter", "adjust", "cambi", "änder", "ander"})
# ... and the words a flight change shares with the other writes, an arrow and a correction
# among them (``_flights_unnamed``)
_UPDATE_ONLY = _ANY_UPDATE | frozenset({"switch", "add", "replac", "swap", "mov", "→", "->", "corrected",
                                        "correction", "actualiz", "atualiz", "wijzig", "verander",
                                        "修改", "更改", "更新", "変更", "변경"})


def _names_another_write(phrase: str, words: tuple[str, ...], other_words: tuple[str, ...]
                         ) -> bool:
    """Whether ``phrase``, naming this action by words another write's words share ("address"
    beside "address on file"), names another write by a word only it has ("leave my profile
    address for now" for an order's address change): the profile's, not the order's. Where
    both name it by words of their own ("o endereço padrão"), this action is named."""
    if not other_words or names_action(phrase, other_words) is None:
        return False
    own = [w for w in words if names_action(phrase, (w,)) is not None]
    if own and all(w in _ANY_UPDATE for w in own):
        return True  # (this action only by a verb every update has: "hold off on the name
        # change" for the flights' change, "name" the passengers')
    return bool(own) and all(any(re.search(rf"(?<![\w']){re.escape(w)}", o) for o in other_words)
                             for w in own)


_WHICH_ONE = re.compile(r"(?<![\w'])(?:one|order|reservation|booking|trip)$")


def _which_one_aside(said: Limits) -> Limits:
    """``said`` without the phrases that say which object by what it holds ("Yes for the
    makeup kit one": the order with the makeup kit, all of it), not which part of it."""
    if not any(_WHICH_ONE.search(p) for p in said.only):
        return said
    return Limits(said.left_out, said.kept, tuple(p for p in said.only if not _WHICH_ONE.search(p)))


# what names an order or a reservation, not an item: "the makeup one", "the boots order"
_ONE_OR_ORDER = re.compile(r"(?<![\w'])(?:one|ones|order|orders|reservation|booking|trip)(?![\w'])")
# an action on an order's items, in a proposal
_ITEMS_ACTION = re.compile(r"(?<![\w'])(?:return|exchang|swap|refund)")


def _only_of_another_action(users: str, phrase: str, spec: ActionSpec) -> bool:
    """Whether the sentence of the user's words that says ``phrase`` names another write's
    action by its word, not this one's ("Return yes, but just the T-shirt", for an address
    change)."""
    at = users.find(phrase.lower())
    if at < 0:
        return False
    start = max(users.rfind(".", 0, at), users.rfind("!", 0, at), users.rfind("?", 0, at)) + 1
    ends = [i for i in (users.find(".", at), users.find("!", at), users.find("?", at)) if i >= 0]
    sentence = users[start:min(ends) if ends else len(users)]
    return names_action(sentence, spec.words) is None \
        and names_action(NOUNS.sub(" ", sentence), ALL_ACTION_WORDS) is not None


def _not_of_other_steps(said: Limits, proposal: Text | None, spec: ActionSpec) -> Limits:
    """``said`` without the phrases about a thing that only steps of other actions of the
    proposal's numbered plan name ("Yes to 1 and 2! For the kettle hmm, let me think about the
    red": the kettle is step 3's, a modification, not step 2's address change of its order)."""
    steps = _plan_steps(proposal.plain) if proposal is not None else None
    if not steps:
        return said

    def others(phrase: str) -> bool:
        words = [w for w in re.findall(r"[a-z]{4,}", phrase) if w not in _NOT_A_THING]
        naming = [step.plain for step in steps if any(
            re.search(rf"(?<![\w']){re.escape(w)}", step.plain) for w in words)]
        return bool(naming) and not any(
            _names_noun(step, nouns) if nouns else names_action(step, spec.words) is not None
            for step in naming)

    nouns = tool_nouns(spec.tool)  # (by the thing it changes, where its verbs are everyone's)

    return Limits(tuple(p for p in said.left_out if not others(p)),
                  tuple(p for p in said.kept if not others(p)), said.only)


# the agent asking whether one thing is all the user wants of an action: "is the coffee maker
# the only item you want to exchange from #W1633718?"
_ONLY_ONE_ASKED = re.compile(r"(?<![\w'])(?:is|are) (?:the |that |this )?[\w -]{2,40}? the only "
                             r"(?:item|items|thing|things|one|ones|product)s? (?:you |that you )?"
                             r"(?:want|wish|would like|'d like|need)[^?\n]{0,60}\?|"
                             # (or asked to be confirmed: "Please confirm the boots are the only
                             # item you want to exchange from this order.")
                             r"(?<![\w'])(?:confirm|make sure|check) (?:that )?(?:the |this |that )?"
                             r"[\w -]{2,40}? (?:is|are) the only (?:item|items|thing|things|one|ones|"
                             r"product)s? (?:you |that you )?(?:want|wish|would like|'d like|need)"
                             r"[^?.\n]{0,60}[.?]|"
                             # (in the other languages read: "vuole cambiare solo la giacca?",
                             # "¿quiere cambiar solo la chaqueta?", "möchten Sie nur die Jacke ...?")
                             r"(?<![\w'])(?:vuole|vuoi|quiere|quieres|querés|voulez-vous|veux-tu|quer|"
                             r"deseja|möchten sie|wollen sie|wil je|wilt u) (?:[\w-]+ ){0,2}?(?:solo|"
                             r"solamente|seulement|uniquement|só|somente|apenas|nur|alleen) [^?\n]{1,50}\?|"
                             # (or asked to be confirmed: "confirme se é só o teclado mesmo nesse
                             # pedido", "please confirm it's just the keyboard", "is it just the
                             # keyboard?")
                             r"(?<![\w'])(?:confirm|confirme|confirma|confermi|confirmez|bestätigen sie|"
                             r"bevestig)(?: (?:that|se|si|que|che|dass|dat))? (?:it'?s |it is |é |es |è |"
                             r"c'est |es ist |het )?(?:only|just|só|solo|somente|apenas|seulement|nur|"
                             r"alleen) [^?.\n]{1,60}|(?<![\w'])is (?:it|that) (?:only|just) [^?\n]{1,50}\?|"
                             # ("l'enceinte est-elle bien le seul article à échanger ?", "¿es la
                             # chaqueta el único artículo ...?", "è l'unico articolo ...?", "ist die
                             # Jacke der einzige Artikel ...?")
                             r"(?<![\w'])(?:le seul|la seule|les seuls|el único|la única|los únicos|"
                             r"l'unico|l'unica|o único|a única|der einzige|die einzige|das einzige|"
                             r"het enige|de enige) (?:article|articles|artículo|artículos|articolo|"
                             r"produit|produto|item|artigo|artikel|ding|objet|objeto|oggetto)s?"
                             r"[^?\n]{0,60}\?")


# the object itself kept as it is: "leave the order itself as it is" (limits' "the order itself as")
_KEPT_OBJECT = re.compile(r"(?:the|my|this|that) (order|reservation|booking)(?: itself)?(?: as)?")
# words that put right what was just said: "ay no, perdón", "no wait, sorry", "I mean"
_PUT_RIGHT = re.compile(r"(?<![\w'])(?:no,? wait|wait,? no|sorry|i mean|perdón|perdon|disculpa|"
                        r"quiero decir|pardon|désolée?|je veux dire|scusa|scusi|cioè|desculpa|"
                        r"quer dizer|entschuldigung|ich meine|ik bedoel)(?![\w'])")


# an object kept as it stands, its state after it: "leave that one going to the San Antonio
# address" (an order, not the address change)
_OBJECT_AS_IT_IS = re.compile(r"(?:that|this|the other|the) (?:one|order|reservation|booking)"
                              r"(?: #?[a-z0-9]+)? "
                              r"(?:going|shipped|shipping|sent|headed|delivered|set|paid)(?![\w'])")


# a thing left out by a pronoun that opens its sentence after the verb leaving it out ("Oh
# wait, KC18K6 is the one with the stop in Newark, right? ... Skip that one, just do the other
# two"): the one id a sentence before it names, back to the nearest naming one
_PRONOUN_LEFT = re.compile(r"(?:^|(?<=[.!?] ))(?:then |so |ok,? |okay,? )?(?:skip|drop|forget|scratch|"
                           r"leave out|hold off on|don't do|do not do) (that one|that|this one)"
                           r"(?= *(?:[,.!;]|$| for now))")


def _pronoun_named(said: Limits, users: str) -> Limits:
    """``said`` with a thing left out by a pronoun named by its id (``_PRONOUN_LEFT``)."""
    pronoun = _PRONOUN_LEFT.search(users)
    if pronoun is None or pronoun.group(1) not in said.left_out:
        return said
    for sentence in reversed(re.split(r"(?<=[.!?])\s+", users[:pronoun.start()].strip())[-3:]):
        if ids := {i for i in Text(sentence).ids() if not i.isdigit()}:
            if len(ids) == 1:
                named = next(iter(ids)).lower()
                return replace(said, left_out=tuple(named if p == pronoun.group(1) else p
                                                    for p in said.left_out))
            break
    return said


def _left_out(spec: ActionSpec, arguments: dict[str, Any], users: str, aliases: Aliases,
              proposal: Text | None = None, other_words: tuple[str, ...] = (),
              session: SessionState | None = None) -> tuple[str, str] | None:
    """What the user's words from the yes on leave out ("yes, but not the lamp", "everything
    except the speaker", "just the bottle", "not to my Visa") that the call holds: the
    argument, and the value with the phrase; or None. A member of a list is left out when the
    phrase names it by a value or a name no other member of the list has (two flights on one
    date: the date names neither; "the gift card" does not name the Visa by "card"). A call
    on a whole order or reservation (no list of its parts) holds what the facts show in it:
    "cancel it, but keep the chair" leaves the chair out of cancelling its order."""
    if proposal is not None and "the one o" in users:
        for id_key in (k.name for k in spec.keys if k.name.endswith("_id")):
            if isinstance(id_value := arguments.get(id_key), str) \
                    and (by_day := _day_picked_other(proposal, id_key, id_value, users)) is not None:
                return by_day
    said = _pronoun_named(limits(users), users)
    if not said:
        return None
    if len(said.only) > 1 and (fixes := [m.end() for m in _PUT_RIGHT.finditer(users)]):
        # (an earlier limit the user put right: "solo la lámpara y las pesas... ay no, perdón,
        # no hay lámpara. Solo las botas y las pesas")
        said = replace(said, only=tuple(p for p in said.only if users.rfind(p) >= fixes[-1])
                       or said.only)
    if session is not None and (mine := next((p for p in said.left_out if _MINE_PHRASE.fullmatch(p)),
                                             None)) is not None and _has_me(session, arguments):
        return "passengers", f'the user\'s own ("{mine}")'
    if session is not None and isinstance(arguments.get("flights"), list):
        for phrase in (*said.left_out, *said.kept):
            if (leg := _LEG.search(phrase)) is not None \
                    and _leg_changed(session, arguments, leg.group("back") is not None):
                return "flights", f'the way {"back" if leg.group("back") else "out"} ("{phrase}")'
        for phrase in said.only:  # (one way only: "Only the outbound to the 22nd", the call
            # moving the return too)
            if (leg := _LEG.search(phrase)) is not None and len(set(_LEG.findall(phrase))) == 1 \
                    and _leg_changed(session, arguments, leg.group("back") is None):
                return "flights", f'the way {"out" if leg.group("back") else "back"} (only "{phrase}")'
    if session is not None and any("'s" in p for p in (*said.left_out, *said.kept)):
        said = _whose_apart(session, arguments, said)  # ("Just do my son's.")
    for phrase in (*said.left_out, *said.kept):
        if names_action(phrase, spec.words) is not None \
                and _OBJECT_AS_IT_IS.match(phrase) is None \
                and not _names_another_write(phrase, spec.words, other_words) \
                and not ((_METHODS.search(phrase) is not None or _BARE_CARD.search(phrase) is not None)
                         and any(isinstance(v, str) and kind_of(v) for v in arguments.values())):
            # (not a method left out of a payment's change: "yes but the paypal not the card";
            # which method the call pays with is checked by its value)
            # the action itself by what it changes: "Yes to the name swap and the bag. Leave
            # the cabin alone for now" for the upgrade's call
            return "the action", f'{spec.tool.replace("_", " ")} ("{phrase}")'
    # (an object kept by "that", where the turn leaves another action out: that action's
    # object, "Skip the cancellation - on second thought I'll keep that order")
    skipped = any(names_action(p, ALL_ACTION_WORDS) is not None and names_action(p, spec.words) is None
                  for p in said.left_out)
    for phrase in said.kept:
        if (kept_object := _KEPT_OBJECT.fullmatch(phrase)) is not None \
                and not (skipped and phrase.startswith(("that ", "this "))) \
                and _OBJECT_IDS.get(kept_object.group(1), "order_id") in arguments:
            # the call's object kept as it is, by its noun: "I think I'll leave the order itself
            # as it is, thanks. ... But yes, do please update the address on my account."
            return "the action", f'{spec.tool.replace("_", " ")} ("{phrase}")'
    for phrase in said.only:
        kind = _OBJECT_WORD.search(phrase)
        if kind is not None and names_action(phrase, spec.words) is None and (
                ((key := _OBJECT_IDS.get(kind.group(1))) is None and "order_id" in arguments)
                or (key is not None and key not in arguments)):
            # a yes said of an order, for a call on no order ("Yes please for the order" to
            # "Shall I update the order? Also, would you like your profile address updated?"),
            # or of the profile, for a call on an order ("sí, cámbiala en el pedido" is the
            # order's)
            return "the action", f'{spec.tool.replace("_", " ")} (only "{phrase}")'
        bare = _ARTICLE_ABROAD.sub("the ", _FOR_NOW_END.sub("", phrase))  # ("nur die Koffer")
        if _ACTION_ALONE.fullmatch(bare) and names_action(bare, spec.words) is None \
                and not re.search(r"(?:booking|bookings|order|orders|trip|trips|flight|flights|one)$", bare) \
                and names_action(NOUNS.sub(" ", bare), ALL_ACTION_WORDS) is not None \
                and not (proposal is not None and _ONLY_ONE_ASKED.search(proposal.plain)):
            # another action alone, by its word: "yes, only the cancellation please", "Just the
            # return for now", to a plan of three
            return "the action", f'{spec.tool.replace("_", " ")} (only "{phrase}")'
        if _ACTION_ALONE.fullmatch(bare) and names_action(bare, spec.words) is None \
                and other_words and names_action(bare, other_words) is not None \
                and _METHODS.search(bare) is None and _BARE_CARD.search(bare) is None \
                and proposal is not None and names_action(proposal.plain, other_words) is not None \
                and not _ONLY_ONE_ASKED.search(proposal.plain):
            # what another write of the proposal changes, alone: "Only the bags, please." to
            # a flight change and bags added
            return "the action", f'{spec.tool.replace("_", " ")} (only "{phrase}")'
    owners = aliases.index.owners if aliases.index is not None else {}
    lists = [(name, v) for name, v in arguments.items() if isinstance(v, list)]
    # the key values, and every list the call holds (its passengers, though no key of the
    # action: "yes, but not Ivan" leaves him out of a booking)
    values = [(key.name, values_at(arguments, key.name)) for key in spec.keys]
    of_parts: Limits | None = None  # (the limits a part of the call's object is read against)
    of_steps = said
    for name, value in [*values, *lists]:
        if value is ABSENT or value is None or isinstance(value, bool | dict):
            continue
        if not isinstance(value, list):
            # (what is left out or kept by its own value: "Leave H8Q05L as it is")
            for phrase in (*said.left_out, *said.kept):
                if (_single_named(Text(phrase), value, aliases)
                    or (isinstance(value, str) and kind_of(value) is not None
                        and _single_named(Text(_methods_in_english(phrase)), value, aliases))) \
                        and not _step_number(phrase, proposal) \
                        and not (proposal is not None and _said_of_another(users, proposal, arguments)):
                    return name, f'{name} {value!r} ("{phrase}")'
            if proposal is not None and isinstance(value, str) and name.endswith("_id") \
                    and not kind_of(value) \
                    and (by_day := _day_left_out(proposal, name, value, said)) is not None:
                return by_day
            if not lists and isinstance(value, str):
                if of_parts is None:
                    of_steps = _not_of_other_steps(said, proposal, spec)
                    of_parts = _which_one_aside(of_steps)
                found = _part_left_out(spec, name, value, of_parts, aliases, proposal)
                if found is None and session is not None:
                    found = _leg_left_out(session, spec, name, value, of_parts)
                if found is not None:
                    return found
                if proposal is not None and name.endswith("_id") \
                        and (by_place := _place_left_out(proposal, name, value, of_steps)) is not None:
                    return by_place
                for phrase in (*of_steps.only, *said.which):
                    # ("Yes, only the makeup one." to cancelling both orders: the phrase names
                    # a part of another order alone, and nothing of this one; not the answer
                    # to the agent's own question whether that is the only one, "Is the bottle
                    # the only item you want to exchange from that order?", "Yes to all three.
                    # Only the bottle from that order.")
                    if proposal is not None and _ONLY_ONE_ASKED.search(proposal.plain):
                        continue
                    if "item_ids" not in arguments and _ONE_OR_ORDER.search(phrase) is None \
                            and proposal is not None and _ITEMS_ACTION.search(proposal.plain) \
                            and _BOTH_SAID.search(users) is not None:
                        continue  # (an item alone, where the proposal also returns or exchanges
                        # items and the yes is to both: "just the headphones actually, I'll keep
                        # the charger ... go ahead with both" is the return's, not the other
                        # order's address change)
                    if _only_of_another_action(users, phrase, spec):
                        continue  # (said in a sentence of another action's: "Only move the big
                        # espresso order. ... Return yes, but just the T-shirt.", the T-shirt
                        # the return's, not the address change's)
                    other = _of_another_object(Text(in_english(phrase)), name, value, aliases)
                    if other is not None:
                        return name, f'{name} {value!r} (only "{phrase}", of {other})'
            continue
        members = [v for v in value if v not in (None, "")]
        if not members:
            continue
        # "keep the lamp" leaves it out of what takes items away or changes them; a change
        # that lists an item as it stays (its new value the same: "keep the kit, remove the
        # speaker") keeps it
        leaf = name.rsplit(".", 1)[-1]
        kept = said.kept if spec.tool.startswith(_TAKES_AWAY) and not leaf.startswith(
            "new_") else ()
        paired = arguments.get(f"new_{leaf}")
        for phrase in (*said.left_out, *kept):
            text = Text(in_english(phrase))  # ("o relógio deixa como está": the watch)
            for member in members:
                if not _member_named(text, member, members, aliases.every, owners) \
                        and not _plural_named(text, member, aliases.every) \
                        and not (session is not None and phrase in kept
                                 and _by_option(session, arguments, phrase, member)):
                    continue
                if session is not None and _twin_by_option(session, arguments, phrase, member):
                    continue  # (its twin by an option it has not: "The black speaker I'm
                    # keeping", the call returning the green one)
                if phrase in kept and isinstance(paired, list) and member in paired:
                    continue  # (it stays what it was)
                return name, f'{name} {member!r} ("{phrase}")'
        for phrase in said.only:
            text = Text(in_english(phrase))  # ("solo la maglietta": the shirt)
            inside = [m for m in members if _member_named(text, m, members, aliases.every, owners)
                      or _plural_named(text, m, aliases.every)]
            if inside and len(inside) < len(members):
                outside = [m for m in members if m not in inside
                           and not _stays_on(proposal, m)]  # (a passenger the list keeps)
                if outside:
                    return name, f'{name} {outside[0]!r} (only "{phrase}")'
            if not inside and not (proposal is not None and _ONLY_ONE_ASKED.search(proposal.plain)):
                # (none of this call's items, but a thing of another of the user's orders: "just
                # do the headphones for now" to returning the headphones and, from another
                # order, the camera)
                for key_name, key_value in values:
                    if isinstance(key_value, str) and (other := _of_another_object(
                            text, key_name, key_value, aliases)) is not None:
                        return name, f'{name} {members[0]!r} (only "{phrase}", of {other})'
    return None


def _not_mine(session: SessionState, arguments: dict[str, Any], users: str) -> bool:
    """Whether the user's words from the yes on keep it to their own ("Do mine now. I'll ask
    Jenna about hers first") and the reservation the call changes has no passenger of the user's
    first name (their profile's), while it has passengers."""
    if _MINE.search(users) is None:
        return False
    current = _current(session, arguments)
    people = _first_names(current) if current is not None else set()
    me = _users_first_name(session) if people else None
    return bool(me) and me not in people


def _has_me(session: SessionState, arguments: dict[str, Any]) -> bool:
    """Whether the passengers the call writes, or the reservation it changes holds, include one
    of the user's first name (their profile's)."""
    people = arguments.get("passengers")
    names = {str(p.get("first_name", "")).lower() for p in people if isinstance(p, dict)} \
        if isinstance(people, list) else (_first_names(current) if (
            current := _current(session, arguments)) is not None else set())
    me = _users_first_name(session) if names else None
    return bool(me) and me in names


# the user's own, as a limit names it ("Mine's probably fine too, but I should check ...")
_MINE_PHRASE = re.compile(r"mine|my own(?: one)?")
# the user's own only: "Do mine now.", "just mine", "mine first"
_MINE = re.compile(r"(?<![\w'])(?:(?:just |only )?do|just|only) (?:mine|ours)(?![\w'])|(?<![\w'])"
                   r"(?:mine|ours) (?:only|first)(?![\w'])|"
                   # ("Yes for ours. For Mum and Dad's booking let me ring them first")
                   r"(?<![\w'])(?:yes|yeah|yep|ok(?:ay)?|sure|go ahead) (?:for|with) (?:mine|ours)(?![\w'])")


def _held_before(auth: Authorisation, messages: list[Message], last: Text, spec: ActionSpec
                 ) -> str | None:
    """Where the user's turn the proposal answered held this action back ("Hold off on the bag
    for now, I need to see if my sister is lending me her suitcase") and the proposal the yes
    answered does not name it (the flight change alone): the phrase held, else None."""
    if names_action(last.kept().plain, spec.words) is not None:
        return None
    turns = auth.user_turns(messages)  # (the newest: the turn the proposal answered)
    if not turns:
        return None
    nouns = tool_nouns(spec.tool)
    return next((phrase for phrase in limits(turns[0]).left_out
                 if names_action(phrase, spec.words) is not None
                 or (nouns and _names_noun(phrase, nouns))), None)


def _narrowed_since(last: Text, window: Text, spec: ActionSpec, arguments: dict[str, Any],
                    aliases: Aliases) -> tuple[str, Any] | None:
    """A member of the call's list (an item) the proposal's earlier turns named but its newest,
    which says the action now goes on some only ("Updated item 1: return only the Headphones
    from order #W7990410"), does not: the argument and the member; else None."""
    verb = None
    for m in action_pattern(spec.words).finditer(last.plain):
        if _ONLY_AFTER_VERB.match(last.plain, m.end()) is not None:
            verb = m
            break
    if verb is None or window.plain == last.plain:
        return None
    owners = aliases.index.owners if aliases.index is not None else {}
    for name, value in arguments.items():
        if not isinstance(value, list) or name.startswith("new_"):
            continue
        members = [v for v in value if isinstance(v, str) and v]
        if len(members) < 2:
            continue
        for member in members:
            if not _member_named(last, member, members, aliases.every, owners) \
                    and _member_named(window, member, members, aliases.every, owners):
                return name, member
    return None


_ONLY_AFTER_VERB = re.compile(r"\w*\s+(?:just|only)\s")


def _step_number(phrase: str, proposal: Text | None) -> bool:
    """Whether ``phrase`` is a bare number of one of the proposal's numbered steps ("Do 1 and
    2. Hold off on 3" holds step 3, not a value of 3: "from 1 to 3 bags")."""
    if not phrase.isdigit() or proposal is None:
        return False
    steps = _plan_steps(proposal.plain)
    return steps is not None and 1 <= int(phrase) <= len(steps)


def _stays_on(proposal: Text | None, member: Any) -> bool:
    """Whether the proposal says a person of a list stays as they are ("Grace Liu (1982-04-09)
    stays"), or names them as the one a change replaces ("Replace Ben Carter ... with ..."): a
    call keeping them acts on nothing of theirs."""
    if proposal is None or not isinstance(member, dict) or not member.get("first_name"):
        return False
    name = f"{member.get('first_name', '')} {member.get('last_name', '')}".strip().lower()
    return any(_STAYS_SAID.search(proposal.plain, w.end(), w.end() + 30) is not None
               or re.search(r"(?:replac\w*|swap\w*|substitut\w*)\s+$",
                            proposal.plain[max(0, w.start() - 20):w.start()]) is not None
               for w in re.finditer(rf"(?<![\w']){re.escape(name)}(?![\w'])", proposal.plain))


def _plural_named(text: Text, member: Any, aliases: Any) -> bool:
    """``member`` named with others of its name by the plural of a one-word name ("the
    skateboards" for each of two skateboards)."""
    if not isinstance(member, str):
        return False
    words = text.tokens()
    return any(" " not in alias and len(alias) >= 3 and (f" {alias}s " in words
                                                         or f" {alias}es " in words)
               for alias in aliases.get(member, ()))


def _twin_by_option(session: SessionState, arguments: dict[str, Any], phrase: str, member: Any
                    ) -> bool:
    """Whether ``phrase`` names another item of the order of ``member``'s name by an option
    only that one has ("the black speaker" beside the green one the call holds)."""
    if not isinstance(member, str):
        return False
    items = [i for i in (_current(session, arguments) or {}).get("items") or () if isinstance(i, dict)]
    own = next((i for i in items if i.get("item_id") == member), None)
    if own is None or not isinstance(own.get("options"), dict):
        return False
    words = set(re.findall(r"[a-z0-9]+", phrase.lower()))
    mine = {str(o).lower() for o in own["options"].values()}
    return any(i.get("item_id") != member and i.get("name") == own.get("name")
               and isinstance(i.get("options"), dict)
               and any(str(o).lower() in words and str(o).lower() not in mine
                       for o in i["options"].values())
               for i in items)


def _by_option(session: SessionState, arguments: dict[str, Any], phrase: str, member: Any
               ) -> bool:
    """A short phrase naming ``member`` (an item the call holds) by one of its options ("keep
    the wooden one" of the Bookshelf whose material is wood): the options the object's facts,
    or its product's, give it."""
    if not isinstance(member, str):
        return False
    words = [_ADJECTIVES.get(w, w) for w in re.findall(r"[a-z0-9]+", phrase.lower())]
    if not words or len(words) > 4:
        return False
    options: Any = None
    name = ""
    current = _current(session, arguments)
    for item in (current or {}).get("items") or ():
        if isinstance(item, dict) and item.get("item_id") == member:
            options, name = item.get("options"), str(item.get("name", "")).lower()
    if not isinstance(options, dict):
        options = _variants(session).get(member, ("", {}))[1]
    values = {str(o).lower() for o in options.values()} - _PLAIN_VALUES
    # (the rest is "one" or the item's name, and one of them is said: "keep the leather
    # strap", "stick with the softshell" keep an option)
    said, own = set(words), set(name.split())
    return not said - values - _ONE_WORDS - own and bool(said & ({"one", "ones"} | own)) \
        and any(w in values for w in words)


_ONE_WORDS = {"the", "my", "that", "this", "one", "ones", "a", "an"}
# adjectives said for an option's noun ("the wooden one": material wood)
_ADJECTIVES = {"wooden": "wood", "woolen": "wool", "woollen": "wool", "golden": "gold",
               "metallic": "metal", "silvery": "silver"}
_TAKES_AWAY = ("return", "cancel", "exchange", "modify", "update")
# the objects a call names by its id argument ("order" by order_id)
_OBJECT_WORD = re.compile(r"(?<!\w)(order|reservation|booking|pedido|commande|bestellung|ordine|"
                          r"encomenda|bestelling|profile|account|perfil|cuenta|profil|compte|konto|"
                          r"profilo|conta)s?(?![\w'])")
_OBJECT_IDS = {"order": "order_id", "reservation": "reservation_id", "booking": "reservation_id",
               **dict.fromkeys(("pedido", "commande", "bestellung", "ordine", "encomenda",
                                "bestelling"), "order_id")}  # (the rest, the user's own profile)


def _single_named(text: Text, value: Any, aliases: Aliases) -> bool:
    """A single value named by a phrase: by itself or a name that fits it alone, or by a name
    of two words or more of its own said alone ("not the gift card" of the gift card proposed,
    where the user holds three; not "card" of every card, nor "the gift card with the smallest
    balance", which says which)."""
    if named(text, value, aliases.distinct):
        return True
    own = aliases.every.get(value, ()) if isinstance(value, str) else ()
    said = " ".join(t for t in phrase_tokens(text.plain) if t not in _DETERMINERS)
    return any(" " in alias and said in (alias, f"{alias} {kind}") for alias in own
               for kind in ("one", "balance", "account"))


_DETERMINERS = {"the", "my", "this", "that", "your", "to", "on", "with", "from", "using", "via"}
_THE_THING_ONE = re.compile(r"(?<![\w'])(?:the|that|this) [a-z]{3,}(?: [a-z]{3,})? one(?![\w'])")


# another object than the one said yes to, by what it holds: "the other bottle order", "my other
# laptop one"
_OTHER_OBJECT = re.compile(r"(?:the|my|that) other (?:[a-z-]+ ){0,3}(?:order|one|reservation|booking|"
                           r"trip)")


def _part_left_out(spec: ActionSpec, name: str, value: str, said: Limits, aliases: Aliases,
                   proposal: Text | None = None) -> tuple[str, str] | None:
    """A part of the object ``value`` identifies (an item of the order, a flight of the
    reservation, by the facts' codes of it) that a phrase leaves out or keeps, but a phrase
    naming what another step of a numbered ``proposal`` acts on and this one's step does not
    ("Yes to the two cancellations. For the watch, hold on" to cancelling an order that has a
    watch too, the plan's third step returning the watch of another order)."""
    if aliases.index is None:
        return None
    own = aliases.index.described.get((name.rsplit(".", 1)[-1], value))
    if not own:
        return None
    # (an item kept is no part left out of an order's address or payment change: "I'll keep the
    # 1000 piece one", the address change of its order; the order kept by its thing is, "Keep
    # the camera order on the gift card")
    kept = tuple(p for p in said.kept if not spec.tool.endswith(("_address", "_payment"))
                 or _OBJECT_WORD.search(p)) if spec.tool.startswith(_TAKES_AWAY) else ()
    for phrase in (*said.left_out, *kept):
        text = Text(in_english(phrase))  # ("die Uhr": the watch)
        if proposal is not None and _another_steps(proposal, phrase, value):
            continue
        if _OTHER_OBJECT.fullmatch(phrase) is not None:
            continue  # (another order by what it holds: "Yes, cancel it. The other bottle order
            # I'm keeping")
        for code in sorted(own):
            if code != value and named(text, code, aliases.every):
                return name, f'{code!r} of {name} {value!r} ("{phrase}")'
    if spec.tool.startswith("cancel"):
        # "no just the kettle, yes cancel the kettle" to cancelling the whole order: one part
        # is not the order (a phrase naming the order itself, "just the order with the lamp",
        # says which order)
        parts = sorted(code for code in own if code != value)
        for phrase in said.only:
            text = Text(in_english(phrase))  # ("nur den Staubsauger": the vacuum)
            if _OBJECT_WORD.search(phrase) or _THE_THING_ONE.search(phrase):
                continue  # ("just the bookshelf one and the water bottles": the order by a thing)
            if proposal is not None and len(_lines_of_place(proposal, phrase)) == 1:
                continue  # (a reservation by its city, the one line of the proposal naming it:
                # "Donc seulement Las Vegas.", which one, not a part of it)
            inside = [code for code in parts if named(text, code, aliases.every)]
            if inside and len(inside) < len(parts):
                outside = next(code for code in parts if code not in inside)
                return name, f'{outside!r} of {name} {value!r} (only "{phrase}")'
    return None


def _leg_left_out(session: SessionState, spec: ActionSpec, name: str, value: str, said: Limits
                  ) -> tuple[str, str] | None:
    """The way out or the way back of a trip booked as two one-way reservations, the one
    ``value`` is, that a phrase leaves out or keeps, or the other one that an "only" names
    ("Go ahead with the outbound one. The return I'm not sure about yet", the call cancelling the
    reservation back): the two are told apart by their routes, one the other's reversed, and
    their dates."""
    phrases = (*said.left_out, *(said.kept if spec.tool.startswith(_TAKES_AWAY) else ()))
    if not any(_LEG.search(p) for p in (*phrases, *said.only)):
        return None
    trips: dict[str, tuple[Any, Any, str]] = {}  # (one-way reservations: from, to, first date)
    for call in session.calls:
        r = call.result
        if call.succeeded and isinstance(r, dict) and r.get("flight_type") == "one_way" \
                and isinstance(r.get("reservation_id"), str) and r.get("flights"):
            trips[r["reservation_id"]] = (r.get("origin"), r.get("destination"),
                                          str(r["flights"][0].get("date", "")))
    if value not in trips:
        return None
    origin, destination, date = trips[value]
    paired = [d for rid, (o, t, d) in trips.items()
              if rid != value and (o, t) == (destination, origin) and d != date]
    if len(paired) != 1:
        return None
    back = paired[0] < date  # (this reservation is the way back)
    for phrase in phrases:
        if (m := _LEG.search(phrase)) is not None and (m.group("back") is not None) == back:
            return name, f'{name} {value!r}, the way {"back" if back else "out"} ("{phrase}")'
    for phrase in said.only:
        if (m := _LEG.search(phrase)) is not None and (m.group("back") is not None) != back:
            return name, f'{name} {value!r}, the way {"back" if back else "out"} (only "{phrase}")'
    return None


def _day_left_out(proposal: Text, name: str, value: str, said: Limits) -> tuple[str, str] | None:
    """The object ``value`` is, left out by its day or its place where the proposal's one line on
    that day, or naming that place, names it ("Pour celle du 30, non, attendez", "• **R7FP3X** —
    30 mai : ..."; "Hold off on Miami for now", "- **M3QF7H** — Atlanta → Miami, ..."): the key
    and the words, else None."""
    own = value.lower().lstrip("#")
    for phrase in (*said.left_out, *said.kept):
        if (day := _ONE_OF_DAY.match(phrase)
                or (_DAY_KEPT.fullmatch(phrase) if phrase in said.kept else None)) is not None:
            if len(on := _lines_of_day(proposal, phrase, phrase in said.kept)) == 1 and own in on[0]:
                return name, f'{name} {value!r}, the one of the {day.group(1)} ("{phrase}")'
        elif len(on := _lines_of_place(proposal, phrase)) == 1 and own in on[0]:
            return name, f'{name} {value!r}, by its place ("{phrase}")'
    return None


# the object an action is said of by its day, in the yes: "yes, cancel the one on the 24th"
_ACTED_ON_DAY = re.compile(r"(?<![\w'])(?:cancel|change|move|do|book|upgrade|switch|modify|keep) "
                           r"(?:only |just )?(?=(?:the one on the |the one of the )\d)")


# what the user's words say a thing of, by its place: "for the vegas one just make it 3 bags"
_FOR_THE_PLACE = re.compile(r"(?<![\w'])(?:for|on|with) the ([a-z]{3,}(?: [a-z]{3,})?) one(?![\w'])")


def _said_of_another(users: str, proposal: Text, arguments: dict[str, Any]) -> bool:
    """Whether the user's words say what they put right of another object of the proposal, by
    its place ("oh wait, for the vegas one just make it 3 bags not 4", the call on the Seattle
    reservation): the proposal's one line naming that place names another, not the call's."""
    own = next((v for k, v in arguments.items() if k in ("reservation_id", "order_id")
                and isinstance(v, str)), None)
    if own is None:
        return False
    for m in _FOR_THE_PLACE.finditer(users):
        if _one_line_of_another(proposal, _lines_of_place(proposal, m.group(1)), own):
            return True
    return False


def _day_picked_other(proposal: Text, name: str, value: str, users: str) -> tuple[str, str] | None:
    """The object ``value`` is, where the user's words do the action to the one on another day
    ("yes, cancel the one on the 24th, I'm going on the 20th" to cancelling the one of the 20th):
    the one line of the proposal on that day names another, and another line names this one."""
    for verb in _ACTED_ON_DAY.finditer(users):
        phrase = _ONE_OF_DAY.match(users, verb.end())
        if phrase is None:
            continue
        if _one_line_of_another(proposal, _lines_of_day(proposal, phrase.group()), value):
            return name, f'{name} {value!r} (only "{phrase.group()}")'
    return None


def _lines_of_day(proposal: Text, phrase: str, bare: bool = False) -> list[str]:
    """The proposal's lines on the day ``phrase`` names ("the one on the 30th", "celle du 30";
    where ``bare``, the day alone too: "the 25th"), where it names one."""
    if (day := _ONE_OF_DAY.match(phrase) or (_DAY_KEPT.fullmatch(phrase) if bare else None)) is None:
        return []
    on_day = _on_day(int(day.group(1)))
    return [line for line in proposal.plain.split("\n") if on_day.search(line)]


def _one_line_of_another(proposal: Text, lines: list[str], value: str) -> bool:
    """Whether ``lines`` (the proposal's lines naming a place or a day) are one line, naming
    another object than ``value``, while another line of the proposal names ``value``."""
    return len(lines) == 1 and not named(Text(lines[0]), value, {}) and any(
        named(Text(line), value, {}) for line in proposal.plain.split("\n"))


def _place_left_out(proposal: Text, name: str, value: str, said: Limits) -> tuple[str, str] | None:
    """The one of several the proposal lists that the only line naming the city a limit names
    is not ("Stornieren Sie erstmal nur die nach Boston" to two cancellations, the call on the
    Miami one): the argument and the value with the phrase, else None."""
    for phrase in said.only:
        if _one_line_of_another(proposal, _lines_of_place(proposal, phrase), value):
            return name, f'{name} {value!r} (only "{phrase}")'
    return None


def _lines_of_place(proposal: Text, phrase: str) -> list[str]:
    """The proposal's lines naming the one city ``phrase`` names (by its name or its airports'
    codes), where it names one."""
    places = [p for p in _AIRPORTS if len(p) > 2 and re.search(rf"(?<![\w']){re.escape(p)}(?![\w'])", phrase)]
    places = [p for p in places if not any(p != q and p in q for q in places)]  # ("las vegas", not
    # also its "vegas")
    if len(places) != 1:
        return []
    at = _place_pattern(places[0])
    return [line for line in proposal.plain.split("\n") if at.search(line)]


def _leg_changed(session: SessionState, arguments: dict[str, Any], back: bool) -> bool:
    """Whether the call changes the way back (``back``) or the way out of the round trip it
    rewrites: the flights from the first one leaving the reservation's destination on, or
    those before it, against the reservation's own."""
    current = _current(session, arguments)
    if current is None or not isinstance(flights := current.get("flights"), list) \
            or current.get("flight_type") != "round_trip":
        return False
    turn = next((k for k, f in enumerate(flights)
                 if isinstance(f, dict) and f.get("origin") == current.get("destination")), None)
    if turn is None:
        return False

    def legs(fs: list[Any]) -> list[tuple[str, str]]:
        return [(str(f.get("flight_number")), str(f.get("date"))) for f in fs if isinstance(f, dict)]

    new = legs(arguments["flights"])
    old = legs(flights)
    return (new[turn:] != old[turn:]) if back else (new[:turn] != old[:turn])


# the way back of a trip, or the way out: "the return", "the flight back", "the outbound one"
# (also after an elided article: "solo l'andata")
_LEG = re.compile(r"(?:(?<![\w'])|(?<=l'))(?:(?P<back>return|inbound|homebound|homeward|"
                  r"(?:flight|way|trip|one|leg) (?:back|home)|second leg|r[üu]ckflug|vuelta|retour|ritorno|"
                  r"terugvlucht|volta)|outbound|(?:flight|way|trip|one|leg) (?:out|there)|first leg|hinflug|"
                  r"ida|aller|andata|heenvlucht)(?![\w'])")


def _of_another_object(text: Text, name: str, value: str, aliases: Aliases) -> str | None:
    """Another object of the same key (another order, another reservation) that ``text``
    names by a part of its own, where it names neither ``value`` nor any part of it: that
    object's id, else None."""
    key = name.rsplit(".", 1)[-1]
    own = aliases.index.described.get((key, value)) if aliases.index is not None else None
    if not own or named(text, value, aliases.every) or any(
            named(text, code, aliases.every) or _day_alone_named(text, code)
            for code in own if code != value):
        return None
    assert aliases.index is not None
    for (other_key, other), codes in aliases.index.described.items():
        if other_key == key and other != value and any(
                named(text, code, aliases.every) or _day_alone_named(text, code)
                for code in codes if code not in own):
            return other
    return None


def _day_alone_named(text: Text, code: str) -> bool:
    """Whether ``code``, an ISO date, is named by its day alone, as an ordinal ("the one on the
    24th, where Priya's coming with me")."""
    if _ISO_DAY.fullmatch(code) is None:
        return False
    return re.search(rf"(?<![\w/.])(?:the )?{int(code[8:])}(?:st|nd|rd|th)(?![\w])", text.plain) is not None





def _another_steps(proposal: Text, phrase: str, value: str) -> bool:
    """Whether ``phrase``'s words are said in a step of the numbered ``proposal`` that does not
    name ``value`` (the call's object), and in none that does."""
    marks = list(_PLAN_MARK.finditer(proposal.plain))
    if len(marks) < 2:
        return False
    words = [w for w in phrase_tokens(phrase) if w not in _DETERMINERS and len(w) >= 3]
    if not words:
        return False
    steps = [Text(step) for _m, step in _between(marks, proposal.plain)]
    said = [step for step in steps if all(w in step.tokens() for w in words)]
    return bool(said) and not any(named(step, value, {}) for step in said)


def _member_named(text: Text, member: Any, members: list[Any], aliases: Any,
                  owners: dict[str, int], loose: bool = False) -> bool:
    """Whether ``text`` names ``member`` of a list: by a value, or a name, that no other
    member has (an object: by one of its own values). ``loose``: a one-word name of four
    letters or more also counts with up to three letters after it, as other languages and
    plurals write it ("pour la tablette", "the watches")."""
    others = [m for m in members if m is not member]
    if isinstance(member, dict):
        theirs = [v for o in others if isinstance(o, dict) for v in o.values()]
        mine = [v for v in member.values() if v not in (None, "") and not isinstance(
            v, bool | dict | list) and v not in theirs]
    else:
        theirs, mine = others, [member]
    shared: set[str] = set()
    for v in theirs:
        if isinstance(v, str):
            shared.update(aliases.get(v, ()))
    own = _Unshared(aliases, shared)
    return any(named(text, v, {}) or any(_alias_names(text, alias, own.get(v), owners, loose)
                                         for alias in own.get(v)) for v in mine)


def _alias_names(text: Text, alias: str, own: set[str], owners: dict[str, int],
                 loose: bool = False) -> bool:
    """``alias`` said in ``text`` as a name of this id: a one-word head noun ("card", "lamp")
    not where the word before it makes another known name of it ("the gift card" does not
    name the credit card, whose name is "credit card": ``owners`` counts the known names)."""
    toks = " ".join(phrase_tokens(alias))
    if not toks:
        return False
    words = text.tokens()
    if " " in toks and f" {toks.replace(' ', '')} " in words:
        return True  # (a name of two words said as one: "the one with the smartwatch")
    at = words.find(f" {toks} ")
    while at >= 0:
        before = words[:at].rsplit(" ", 1)[-1]
        longer = f"{before} {toks}"
        if " " in toks or not before or longer in own or owners.get(longer, 0) == 0:
            return True
        at = words.find(f" {toks} ", at + 1)
    return loose and " " not in toks and len(toks) >= 4 \
        and re.search(rf" {re.escape(toks)}[a-zà-ÿ]{{1,3}} ", words) is not None


class _Unshared:
    """Names of an id that no other member of its list has (anything with ``get``)."""

    def __init__(self, aliases: Any, shared: set[str]) -> None:
        self._aliases, self._shared = aliases, shared

    def get(self, ident: str, default: Any = ()) -> set[str]:
        return set(self._aliases.get(ident, default)) - self._shared


def _mixed(auth: Authorisation, messages: list[Message], arguments: dict[str, Any], value: Any,
           key: KeySpec, words: tuple[str, ...], now: Any = None) -> tuple[str | None, bool]:
    """``mixed_choice`` read turn by turn from the user's yes back (as far as a single value may
    have been named, ``CONTEXT_MESSAGES``), up to the first turn that names the call's value or
    says the action of all the items at once ("upgrading both flights"): a yes to a detail
    ("use the other gift card") after a proposal putting the flights in different cabins does
    not cover one cabin for all, and "economy for both legs" in the yes itself settles it. The
    item and its other choice, and whether the yes or the agent's turn it answered said so."""
    items = _items(arguments)
    if len(set(items)) < 2 or not any(isinstance(v, list) and len(v) >= 2
                                      for v in arguments.values()):
        return None, True  # (one flight's number and date are no two items)
    j, n = auth.yes_index + 1, 0
    stop = max(0, auth.yes_index - CONTEXT_MESSAGES)
    while j > stop:
        if messages[j - 1].role is Role.ASSISTANT:  # the agent's turn: its messages together
            text, k = _turn_before(messages, j)
        else:
            text, k = plain(messages[j - 1]), j - 1
        # (the cached plain text first: a turn naming no choice cannot split them)
        said = Text(text)
        says_value = named(said, value, {})
        if says_value or other_choice(said, value, key.choices) is not None:
            mixed = mixed_choice(_lines(" ".join(m.content for m in messages[k:j])), items,
                                 value, key.choices, now)
            if mixed is not None or says_value:
                return mixed, n <= 1
            # only another choice, said of some items ("HAT184 stays in economy either way"):
            # not what the call sets, so not what settles it; read on
        elif _for_all(said.plain, words):  # "would you like both flights upgraded instead?"
            break
        j, n = k, n + 1
    return None, True


# the change said of the reservation as a whole, whatever flights a price is worked from ("Cabin:
# Basic Economy → Economy (same flights)", "based on current economy fares for your upcoming
# flights HAT252 and HAT124")
_WHOLE_RESERVATION = re.compile(r"(?<![\w'])(?:(?:on|for|with) )?(?:the )?(?:same|current|existing) "
                                r"flights(?![\w'])|(?:whole|entire) (?:reservation|booking|trip)|"
                                # ("Upgrade a economy sugli stessi voli", "mêmes vols")
                                r"(?:stessi|mismos|mêmes|memes|mesmos|gleichen|selben) "
                                r"(?:voli|vuelos|vols|voos|flüge|fluge)(?![\w'])")


def _some_items(session: SessionState, last: Text, members: list[dict[str, Any]],
                arguments: dict[str, Any], name: str, value: str, words: tuple[str, ...],
                aliases: Aliases) -> str | None:
    """A setting the call changes for all its items (a cabin for every flight), where the
    proposal the user answered changed it for some of them by name and said nothing of the
    others ("I'll upgrade your outbound flight HAT072 to business", the call upgrading HAT278
    too; ``members``: the call's one list of items): the items named, or None. Only a change:
    the object the call acts on (the facts' newest copy of it) held another value, and the call
    keeps its items (a flight change names the new flight, not the ones that stay)."""
    if not named(last, value, {}) or _for_all(last.plain, words) \
            or _WHOLE_RESERVATION.search(last.plain):
        return None
    owners = aliases.index.owners if aliases.index is not None else {}
    # (named by what is its own, not by a date: "May 21-22" names the flight of the 21st only
    # by the letter, and says both)
    undated = [{k: v for k, v in m.items() if not (isinstance(v, str) and _DATE_FORM.match(v))}
               for m in members]
    said = [m for m, u in zip(members, undated, strict=True)
            if u and _member_named(last, u, undated, aliases.every, owners)]
    if not said or len(said) == len(members):
        return None
    before = _current(session, arguments)
    if before is None or before.get(name) in (None, value):
        return None
    held = {str(v) for v in _flat(before)}
    if not all(str(v) in held for m in members for v in m.values()
               if isinstance(v, str) and v):
        return None  # (new items: a change of items, said by the new ones)
    return ", ".join(str(next(iter(m.values()))) for m in said)


def _read_out_only(text: str, spec: ActionSpec, session: SessionState,
                   arguments: dict[str, Any]) -> bool:
    """Whether every line of ``text`` naming the action reads out a value the object has now
    ("I found your reservation: ... - Checked bags: 1", the reservation holding 1): a state
    shown, not a change proposed. (Each line found by the action's words, not each line
    searched: this runs on most checks.)"""
    shown: set[str] = set()
    for m in action_pattern(spec.words).finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        line = _READ_OUT.fullmatch(text, start, len(text) if end < 0 else end)
        if line is None:
            return False
        shown.add(line.group(1))
    current = _current(session, arguments) if shown else None
    return current is not None and shown <= {
        str(v).lower() for v in (current.get(k.name) for k in spec.keys)
        if isinstance(v, int | str) and not isinstance(v, bool)}


_READ_OUT = re.compile(r"\W*[a-z][\w' ]{0,30}:\s*(\w+)\W*")


_FLIGHT_NUMBER = re.compile(r"(?<![\w-])([a-z]{2,3}\d{3,4})(?![\w-])")
_FLIGHTS_LOOK_BACK = 12  # (messages: the summary a yes went with is a turn or two back)


def _other_flight_proposed(session: SessionState, last: Text, theirs: Text, arguments: dict[str, Any]
                           ) -> tuple[str, str] | None:
    """A flight the call puts on the reservation that the proposal never names, where the
    proposal names another new flight the call lacks ("Change the return to HAT288 ORD → JFK,
    May 24, 17:00" "Yes, go ahead", the call booking HAT233): the one proposed and the call's.
    Legs the call keeps as the reservation has them (same number, same date) need no naming,
    nor flights the user named ("I'll stick with that. Go ahead with HAT110 and HAT172.")."""
    flights = arguments.get("flights")
    if not isinstance(flights, list) or "reservation_id" not in arguments:
        return None
    current = _current(session, arguments)
    old = current.get("flights") if current is not None else None
    if not isinstance(old, list):
        return None
    kept = {(str(f.get("flight_number", "")).lower(), str(f.get("date", "")))
            for f in old if isinstance(f, dict)}
    calls = {str(f.get("flight_number", "")).lower() for f in flights if isinstance(f, dict)}
    named = set(_FLIGHT_NUMBER.findall(last.plain))
    if not named:  # (the turn answered named none, a method's question: the agent's newest turn
        # that names flights, the summary the yes after it went with: "Ok then the Mastercard."
        # "To confirm: - Outbound: change from HAT239 (13:00) to HAT001 ..." "Yep, book it.")
        # (the newest turns only: a bounded look back however long the session)
        named = next((found for m in reversed(session.messages[-_FLIGHTS_LOOK_BACK:])
                      if m.role is Role.ASSISTANT and (found := set(_FLIGHT_NUMBER.findall(plain(m))))),
                     set())
    others = named - calls - {number for number, _date in kept}
    if not others:
        return None
    for f in flights:
        if isinstance(f, dict) and (number := str(f.get("flight_number", "")).lower()) \
                and (number, str(f.get("date", ""))) not in kept and number not in named \
                and number not in _FLIGHT_NUMBER.findall(theirs.plain):
            return sorted(others)[0].upper(), number.upper()
    return None


def _current(session: SessionState, arguments: dict[str, Any]) -> dict[str, Any] | None:
    """The newest fact about the object the call acts on: a read's answer holding one of the
    call's id arguments at the same key (``reservation_id``)."""
    ids = [(k, v) for k, v in arguments.items()
           if isinstance(v, str) and v and (k == "id" or k.endswith("_id"))]
    for call in reversed(session.calls):
        result = call.result
        if call.succeeded and isinstance(result, dict) and any(
                result.get(k) == v for k, v in ids):
            return result
    return None


_ALL = re.compile(ALL_WORDS)


def _for_all(text: str, words: tuple[str, ...]) -> bool:
    """The action said of all the items at once ("upgrading both flights", "HAT130 and HAT184
    both upgraded"): an "all" or "both" within a few words of an action word, in one sentence."""
    for m in _ALL.finditer(text):
        before = _SENTENCE_END.split(text[max(0, m.start() - 40):m.start()])[-1]
        after = _SENTENCE_END.split(text[m.end():m.end() + 40])[0]
        if names_action(f"{before}{m.group()}{after}", words) is not None:
            return True
    return False


_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")


def _sum_after(session: SessionState, auth: Authorisation, tool: str,
               arguments: dict[str, Any], last: Text, proposed: Text, yes: Text
               ) -> tuple[Decimal, bool] | None:
    """A sum this call carries that changed since an attempt at the same action after the
    yes, and that the user was not shown before it: the agent changed the terms after the user
    agreed ("the correct total is $374; I will proceed with this amount", or a silent retry
    with the total from the upstream's error). A sum: a number at a key named as money, or one
    the agent stated as money since the yes (a count of bags set right is no new price; zero
    never is). Shown: in the turn the user answered where that turn states sums (the user
    agreed to those: "the updated total is $1,047", not the $957 said before it), else in the
    proposal or anywhere before the yes; or in the yes turn itself. Values at one key that add
    up to a sum shown (an agreed total split anew: "$200 from the certificate and the rest on
    your Visa"), or to a sum shown "per passenger" or "each" times the length of one of the
    call's lists, are shown. A first attempt is left to the key arguments. With the sum,
    whether an attempt since the yes carried a sum of the turn the user answered: that yes set
    this action's terms, and an older yes to an older sum no longer covers it."""
    tried: dict[str, set[Decimal]] = {}
    for call in reversed(session.calls[-2 * ANSWERS_AFTER:]):
        if call.seq <= auth.yes_seq:
            break
        if call.tool == tool:
            for path, number in _numbers(call.arguments):
                tried.setdefault(path, set()).add(number)
    if not tried:  # (an attempt with no numbers leaves nothing to compare either)
        return None
    carried = _numbers(arguments)
    changed = [(path, number) for path, number in carried
               if number and number not in tried.get(path, ())]
    if not changed:
        return None
    # sums only: a number at a key named as money, or one the agent stated as money since the
    # yes (a count of bags set right on a retry is no new price)
    messages = session.messages
    since = messages[max(auth.yes_index + 1, len(messages) - 2 * ANSWERS_AFTER):]
    stated = amounts(" \n ".join(plain(m) for m in since if m.role is Role.ASSISTANT))
    changed = [(path, number) for path, number in changed
               if number in stated or _MONEY_KEY.search(path.rsplit(".", 1)[-1])]
    if not changed:
        return None
    answered = amounts(last.plain)
    if answered:
        sums = answered | yes.numbers()
    else:
        recent = messages[max(0, auth.yes_index - CONTEXT_MESSAGES):auth.yes_index]
        sums = proposed.numbers() | amounts(" \n ".join(plain(m) for m in recent))
    each = _EACH.search(proposed.plain) is not None
    lengths = {len(v) for v in arguments.values() if isinstance(v, list) and 1 < len(v) < 10}
    for path, number in changed:
        if number in sums:
            continue
        total = sum((n for p, n in carried if p == path), Decimal(0))
        if total in sums or (each and any(total == s * k for s in sums for k in lengths)):
            continue
        return number, any(answered & values for values in tried.values())
    return None


_MONEY_KEY = re.compile(r"(?:^|_)(?:amount|price|cost|fee|sum|charge|refund|fare|payment|paid|"
                        r"balance)(?:$|_)")
_EACH = re.compile(r"\b(?:per (?:passenger|person|traveller|traveler|adult|ticket|item|seat|"
                   r"bag|night|unit)|each|apiece|a head)\b")


def _numbers(arguments: dict[str, Any]) -> list[tuple[str, Decimal]]:
    """The call's numbers with their key paths (``payment_methods.*.amount``), in order;
    booleans are no numbers. Iterative: arguments may nest deeper than Python recurses."""
    out: list[tuple[str, Decimal]] = []
    stack: list[tuple[str, Any]] = [("", arguments)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}.{k}" if path else str(k), v)
                         for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}.*" if path else "*", v) for v in reversed(value))
        elif isinstance(value, int | float) and not isinstance(value, bool) \
                and math.isfinite(value):
            out.append((path, Decimal(str(value))))
    return out


def _picked(aliases: Aliases, users: Text, value: Any) -> str | None:
    """The payment method of ``value``'s kind the user chose by its balance ("the gift card
    with the smallest balance"), as the facts resolve it; None if they chose none so."""
    if aliases.index is None or not isinstance(value, str):
        return None
    choice = picked_by_balance(users)
    if choice is None or choice[0] != kind_of(value):
        return None
    return aliases.index.by_balance(*choice)


def _this_action(spec: ActionSpec, failed: KeySpec, arguments: dict[str, Any], last: Text,
                 aliases: Aliases, window: Text | None, session: SessionState) -> bool:
    """Whether the agent's turn the user answered (``last``) proposed this very action, another
    value of the optional key ``failed`` aside: it names the action and every required key's
    value (an item by any of its names), or the proposal's turns before it do ("Next, the
    upgrade to Economy on the same flights: ... Payment: gift card ending 0333", the
    reservation named in the turn before). Its terms then replace what an older yes covered."""
    if not failed.optional or names_action(last.plain, spec.words) is None:
        return False
    paid = values_at(arguments, failed.name)
    if not (isinstance(paid, str) and kind_of(paid)):
        window = None  # (the turns before count for a payment put otherwise only: "Just do
        # the return for now" to a turn offering to cancel another order)
    for key in spec.keys:
        if key.optional:
            continue
        value = values_at(arguments, key.name)
        table = aliases.every if isinstance(value, list | dict) else aliases.distinct
        if value is ABSENT or not (named(last, value, table) or (
                isinstance(value, list) and _priced(session, arguments, value, last, table)) or (
                window is not None and named(window, value, table)
                and other_value(last, value) is None)):
            return False  # (not where the turn names another: a cancellation of #W2000002
            # offered after the return of #W1000001)
    return True


def check_transcript(session: SessionState, spec: ActionSpec, arguments: dict[str, Any],
                     alias_fields: tuple[str, ...], parts: list[str] | None = None,
                     others: tuple[str, ...] = (), other_words: tuple[str, ...] = ()
                     ) -> Coverage:
    """Whether the transcript so far confirms this call (see the module docstring). ``parts``
    are the names of the parts of the object a whole-object action acts on (an order's items):
    a proposal that acts on some of them by name does not cover acting on all. ``others`` are
    the things the domain's other writes act on (``tool_nouns``), ``other_words`` the words
    that name those writes and not this one ("profile" for an order's address change)."""
    auths, closed = ledger(session)
    last_user = next((m for m in reversed(session.messages) if m.role is Role.USER), None)
    if last_user is None:
        return Coverage(False, "the user has not said anything yet")
    opened = auths[max(closed, len(auths) - OPEN_LIMIT):]  # the newest open ones
    if len(opened) < OPEN_LIMIT and closed:
        # yeses taken back only by refusals of something else the agent offered since ("Would
        # you also like to cancel the other order?" "No thanks"): still open for this call
        opened = [*_closed_by_others(session, auths[max(0, closed - OPEN_LIMIT +
                                                           len(opened)):closed], spec,
                                     arguments), *opened]
    if not opened:
        r = reading_of(last_user)
        if auths and not auths[-1].open:
            return Coverage(False, f'the user\'s yes ("{auths[-1].words}") was taken back: '
                            f'"{auths[-1].closed_by}"', auths[-1].closed_by)
        why = r.why or "the user has not said yes to a proposal"
        return Coverage(False, why, r.words)
    index = alias_index(session, alias_fields) if alias_fields else AliasIndex()
    aliases = Aliases(index.names, index.distinct(), index)
    key = args_key(arguments)
    first_failure: Coverage | None = None
    asked: list[str | None] = []  # (read once a check: the same for every yes looked at)

    def asked_again() -> str | None:
        if not asked:
            asked.append(_asked_again(session, spec, arguments, auths[-1].yes_index))
        return asked[0]

    for auth in reversed(opened):
        used = _used_since(session, spec.tool, key, auth.yes_seq)
        if used:
            cover = Coverage(False, f'the user\'s yes ("{auth.words}") was already used for this '
                             "same action; repeating it needs a new yes", auth.words)
        elif _used_since(session, spec.tool, key, -1) and (
                not _ids_named(p0 := auth.proposal(session.messages)[0], arguments)
                or names_action(_not_done(p0, _SAID_NOT).plain, spec.words) is None
                or _only_as_done(p0, spec, arguments)
                or (other_words and names_action(p0.plain, other_words) is not None
                    and not _lists_named(p0, arguments))):
            # done before this yes, and the proposal it answered did not name it again ("Your
            # default address is updated. Let me also apply it to your pending order", the
            # order's address changed to the same one an hour before; a certificate sent before
            # a cancellation's yes, sent again; a proposal of another write naming none of the
            # call's passengers, flights or items: "1 free checked bag per passenger")
            cover = Coverage(False, f'this same action was carried out earlier in the '
                             f'conversation; the user\'s yes ("{auth.words}") was to a proposal '
                             "that did not name it again", auth.words)
        elif (fewer := _fewer_after_failure(session, auth, spec, arguments)) is not None:
            cover = Coverage(False, f'the user\'s yes ("{auth.words}") was for {fewer}, which '
                             "failed; this call leaves some of it out, which the user has not "
                             "agreed to", auth.words, superseding=True)  # (an older yes to the
            # action does not cover the retry the newest one refused)
        elif (swapped := _swapped_after_failure(session, auth, spec, arguments)) is not None:
            cover = Coverage(False, f'the user\'s yes ("{auth.words}") was for {swapped[0]}, '
                             f"which failed; this call has {swapped[1]} in its place, which the "
                             "user has not agreed to", auth.words, superseding=True)
        elif (again := asked_again()) is not None:
            cover = Coverage(False, f'after the user\'s yes ("{auth.words}") the agent asked '
                             f'again: "{again}", and the user has not said yes since',
                             auth.words)
        elif (skipped := (taken := _skipped(session, auth, spec, other_words)) is not None) or (
                taken := _held_part(session, auth, spec, arguments, aliases, other_words)) is not None or (
                auth.narrowed and (taken := _narrowing_honoured(
                    session, auth, spec, arguments, aliases, others, other_words)) is not None):
            cover = Coverage(False, f'the user\'s yes ("{auth.words}") was taken back: '
                             f'"{taken}"', auth.words,
                             # (a condition set on this step of the newest proposal: an older
                             # yes to the same change does not cover it either; nor this action
                             # held by the newest turn: "Lo de anular el otro... déjame pensarlo",
                             # after the reason given for it)
                             superseding=(bool(auth.condition) and taken == auth.condition) or skipped)
        else:
            cover = _bind(session, auth, spec, arguments, aliases, other_words)
            if cover.confirmed and parts:
                cover = _whole(auth, session.messages, spec, parts, cover)
            if cover.confirmed:
                return cover
        if first_failure is None:
            first_failure = cover
        if cover.superseding:  # the newest terms of this action: older yeses do not cover it
            break
    assert first_failure is not None
    return first_failure


def _failed_since(session: SessionState, auth: Authorisation, spec: ActionSpec,
                  ids: dict[str, str]) -> Iterator[CallRecord]:
    """The calls of this tool on the object ``ids`` name that failed since the yes, newest
    first (the newest ``RECENT_READS`` calls at most, no copy made)."""
    calls = session.calls
    for j in range(len(calls) - 1, max(-1, len(calls) - 1 - RECENT_READS), -1):
        call = calls[j]
        if call.seq <= auth.yes_seq:
            return
        if call.tool == spec.tool and not call.succeeded \
                and call.outcome is Outcome.UPSTREAM_ERROR \
                and all(call.arguments.get(k) == v for k, v in ids.items()):
            yield call


def _sent_since(session: SessionState, auth: Authorisation, spec: ActionSpec, value: str) -> bool:
    """Whether a call of this tool that succeeded since the yes (and among the session's newest
    ``RECENT_READS`` calls) holds ``value``: read from the session's index of executed calls."""
    calls = session.calls
    floor = max(auth.yes_seq, calls[-RECENT_READS - 1].seq if len(calls) > RECENT_READS else -1)
    for call in reversed(session.executed.get(spec.tool, ())):
        if call.seq <= floor:
            return False
        if value in _flat(call.arguments):
            return True
    return False


def _fewer_after_failure(session: SessionState, auth: Authorisation, spec: ActionSpec,
                         arguments: dict[str, Any]) -> str | None:
    """A call of this tool on the same object since the yes that failed, holding everything
    this one does and more in one of its lists (both kettles' exchange failed; the call
    exchanges one): what it held, or None. A retry that leaves part of the approved action
    out is another action (an order's items change once)."""
    ids = {k: v for k, v in arguments.items() if k.endswith("_id") and isinstance(v, str)}
    lists = {k: v for k, v in arguments.items() if isinstance(v, list) and v
             and all(isinstance(x, str) for x in v)}
    if not ids or not lists:
        return None
    for call in _failed_since(session, auth, spec, ids):
        for k, v in lists.items():
            before = call.arguments.get(k)
            if isinstance(before, list) and set(v) < {x for x in before if isinstance(x, str)}:
                return f"{k} {', '.join(map(str, before))}"
    return None


def _swapped_after_failure(session: SessionState, auth: Authorisation, spec: ActionSpec,
                           arguments: dict[str, Any]) -> tuple[str, str] | None:
    """A call of this tool on the same object since the yes that failed, whose list of records
    held another one where this call has its own (the 8 AM flight sold out; the call moves
    the user to the 1 PM one instead), with no word from the user since the failure: (the
    failed one's, this call's), or None. A member swapped after a failure is another action
    than the one agreed to."""
    ids = {k: v for k, v in arguments.items() if k.endswith("_id") and isinstance(v, str)}
    lists = {k: v for k, v in arguments.items() if isinstance(v, list) and v
             and all(isinstance(x, dict) for x in v)}
    codes = {k: v for k, v in arguments.items() if isinstance(v, list) and v
             and all(isinstance(x, str) for x in v)}
    if not ids or not (lists or codes):
        return None
    proposal: Text | None = None
    for call in _failed_since(session, auth, spec, ids):
        if any(m.role is Role.USER and m.seq > call.seq
               for m in session.messages[-CONTEXT_MESSAGES:]):
            return None  # (the user spoke since the failure: what they said is read as ever)
        if proposal is None:
            proposal = auth.proposal(session.messages)[0]
        for k, v in codes.items():
            # (a list of ids: the new item the proposal named not available, another sent in
            # its place that it never named: "New item 5967152432 not found or available", then
            # 9440686670, a speaker without water resistance)
            before = call.arguments.get(k)
            if proposal is None or not isinstance(before, list) or len(before) != len(v):
                continue
            for old, new in zip(before, v, strict=True):
                if isinstance(old, str) and old != new and named(proposal, old, {}) \
                        and not named(proposal, new, {}):
                    return old, new
        for k, v in lists.items():
            before = call.arguments.get(k)
            if not isinstance(before, list) or len(before) != len(v):
                continue
            for old, new in zip(before, v, strict=True):
                if not isinstance(old, dict):
                    continue
                for field_name, value in new.items():
                    if field_name.endswith(("_number", "_id")) and isinstance(value, str) \
                            and isinstance(old.get(field_name), str) \
                            and old[field_name] != value and not (
                                # (the failed call had one the proposal never named, or one
                                # another of its actions has used since; the retry puts back
                                # the one it named: "HAT069 and HAT258" listed, HAT011 sent and
                                # failed, HAT258 sent; three bookings each on its own
                                # certificate, the third sent on the second's)
                                named(proposal, value, {})
                                and (not named(proposal, old[field_name], {})
                                     or _sent_since(session, auth, spec, old[field_name]))):
                        return old[field_name], value
                    if field_name == "amount" and isinstance(value, int | float) \
                            and isinstance(old.get("amount"), int | float) \
                            and old["amount"] != value and proposal is not None \
                            and _total_of(before) == _total_of(v) \
                            and Decimal(str(old["amount"])) in (sums := amounts(proposal.plain)) \
                            and Decimal(str(value)) not in sums:
                        # (a payment's share the proposal gave, moved to another after the
                        # failure, the total as it was: "$1,219 on your Mastercard" sent, the
                        # gift card short, $1,786 sent)
                        return f"${old['amount']} on {new.get('payment_id', 'one method')}", \
                            f"${value}"
    return None


# the whole sum put on one method: "just put the whole $255 on the 7447 card", "charge it all to
# my visa"
_WHOLE_ON_ONE = re.compile(r"(?<![\w'])(?:put|charge|pay|bill)(?: it)? (?:the )?(?:whole|full|entire|"
                           r"all(?: of)?(?: it| the)?)(?: \$[\d,.]+| amount| thing| total| cost| "
                           r"price| sum)? (?:on|to|with) (?:the |my |your )?[^.;!?]{0,30}?(?:card|"
                           r"visa|mastercard|amex|paypal|gift card)(?![\w'])|"
                           # (in the other languages read: "mettez tout sur la Visa", "todo a la Visa",
                           # "tudo no cartão", "alles auf die Visa", "tutto sulla Visa")
                           r"(?<![\w'])(?:(?:mettez|mets|mettre|passez) )?tout sur (?:la |ma |le |mon )?"
                           r"[^.;!?]{0,20}?(?:carte|visa|mastercard|amex|paypal)(?![\w'])|"
                           r"(?<![\w'])(?:(?:cárgalo|cárguelo|ponlo|póngalo|pon|ponga) )?todo (?:a|en) "
                           r"(?:la |mi )?[^.;!?]{0,20}?(?:tarjeta|visa|mastercard|amex|paypal)(?![\w'])|"
                           r"(?<![\w'])(?:alles|den ganzen betrag|die ganze summe) (?:auf|über) "
                           r"(?:die |meine )?[^.;!?]{0,20}?(?:karte|visa|mastercard|amex|paypal)(?![\w'])|"
                           r"(?<![\w'])tutto (?:sulla|sul|con la) [^.;!?]{0,20}?(?:carta|visa|mastercard|"
                           r"amex|paypal)(?![\w'])|(?<![\w'])tudo (?:no|na|em) [^.;!?]{0,20}?(?:cartão|"
                           r"visa|mastercard|amex|paypal)(?![\w'])")


def _yes_names_another(session: SessionState, said: str, arguments: dict[str, Any], turn: str
                       ) -> tuple[str, str, str] | None:
    """Where the yes's own words name objects by their ids (orders, reservations the session
    looked up) and the yes turn (``turn``) nowhere names the call's: (the key, the ids named,
    the call's), else None."""
    if not _A_DIGIT.search(said) or (go := _GO_WITH_IDS.search(said)) is None:
        return None
    said = go.group(1)
    looked: dict[str, set[str]] | None = None
    for key, value in arguments.items():
        if not key.endswith("_id") or not isinstance(value, str) or kind_of(value) \
                or key == "user_id":
            continue
        looked = known_values(session, reads=True) if looked is None else looked
        known = {v.lower().lstrip("#"): v for v in looked.get(key, ())}
        said_ids = [known[w.lstrip("#")] for w in _WORDS_OF_ID.findall(said)
                    if w.lstrip("#") in known]
        own = value.lower().lstrip("#")
        if said_ids and own not in {i.lower().lstrip("#") for i in said_ids} \
                and re.search(rf"(?<![a-z0-9]){re.escape(own)}(?![a-z0-9])", turn) is None:
            return key, ", ".join(said_ids), value
    return None


_A_DIGIT = re.compile(r"\d")
# a proposal's line saying what pays for it all: "**Payment:** your gift card ... (gift_card_1)"
_PAYMENT_LINE = re.compile(r"(?m)^\W*payment(?: method)?\W*:[^\n]*")
# a go-ahead said of objects by their ids: "go ahead with x7byg1", "do jg7fmm and 2fbbah"
_GO_WITH_IDS = re.compile(r"(?<![\w'])(?:go ahead(?: with| on| and do)?|proceed with|do|go with|"
                          r"yes,? (?:to|for|do)|ok(?:ay)?,? (?:do|go with))\s+((?:#?[a-z0-9]*\d[a-z0-9]*"
                          r"(?:,\s*|\s+and\s+|\s+&\s+|\s*$|(?=[\s.!,])))+)")


def _total_of(members: list[Any]) -> Decimal:
    """The sum of a list's ``amount`` fields (a booking's payments)."""
    return sum((Decimal(str(m["amount"])) for m in members
                if isinstance(m, dict) and isinstance(m.get("amount"), int | float)), Decimal(0))


def _asked_again(session: SessionState, spec: ActionSpec, arguments: dict[str, Any],
                 newest: int) -> str | None:
    """The agent's question after the yes asking for a go-ahead to this same action anew
    ("Here is the change I will make: ... Please confirm that you'd like me to proceed."),
    naming it and its ids, with no yes from the user since: the agent's own new proposal is
    then the one in force, unanswered, and the older yes does not answer it. Its words, or
    None. (Where the user did say yes to it, that yes and the older ones are checked as
    before.) Only the agent turns since the newest yes (at ``newest``) are read, the newest
    ``CONTEXT_MESSAGES`` at most."""
    messages = session.messages
    # (at most the newest CONTEXT_MESSAGES: a check must not cost more the longer the session)
    for i in range(len(messages) - 1, max(newest, len(messages) - 1 - CONTEXT_MESSAGES), -1):
        m = messages[i]
        if m.role is not Role.ASSISTANT or not m.content:
            continue
        text = _not_done(Text(plain(m)))
        asked = _GO_AHEAD_ASKED.search(text.plain)
        if asked is None or names_action(text.plain, spec.words) is None \
                or not _ids_named(text, {k: v for k, v in arguments.items() if k != "user_id"}):
            continue  # (a booking's summary names no user id: "お支払いは以下のとおりとなります。...
            # この内容で予約してよろしいですか?")
        if any(m2.role is Role.USER and any(act is Act.AFFIRM for _s, act in turn_acts(
                m2.content)) for m2 in messages[i + 1:]):
            return None  # (answered with a yes, which the ledger reads; not "Do I need to
            # give you his passport number?")
        return excerpt(text.plain[max(0, asked.start() - 60):asked.end()])
    return None


_CANNOT = re.compile(r"n't\b|\b(?:cannot|can not|not|unable)\b|"
                     # (the other languages read: "non possono essere modificati", "no se
                     # puede cancelar", "ne peut pas", "não pode", "kann nicht")
                     r"(?<![\w'])(?:non|não|nao|nicht|ne|n')(?![\w'])|\bno (?:se )?(?:puede|pueden)\b")
_DESCRIBED = re.compile(r"\([^()]*\)")  # (a description in brackets: "(4K, not waterproof)")


def _whole(auth: Authorisation, messages: list[Message], spec: ActionSpec, parts: list[str],
           cover: Coverage) -> Coverage:
    """A proposal whose action sentence names some of the object's parts, not all of them,
    proposed acting on those parts: it does not cover the whole (one item is not the order)."""
    names = frozenset(p.lower() for p in parts)
    key = ("whole", spec.words, names)
    if key not in auth._read:
        proposal = auth.proposal(messages)[0]  # (its things in Chinese or Japanese by their
        # English names too: "取消订单 #W8127406 中的蓝牙音箱", the speaker)
        auth._read[key] = _parts_named((_cjk_in_english(proposal) or proposal).plain, spec.words,
                                       names)
    said = auth._read[key]
    if said is None:
        return cover
    return Coverage(False, f"the user said \"{auth.words}\" to acting on part of it "
                    f"({', '.join(said)}); this call acts on all of it", auth.words,
                    cover.proposal)


# the object as a whole, in the languages the dialogue reader reads ("cancelar o pedido
# #W4836353 (teclado mecânico + smartphone)")
_WHOLE_WORD = re.compile(r"\b(?:order|reservation|booking|whole|entire|all|everything|"
                         + _ORDER_ABROAD + "|" + _RESERVATION_ABROAD + "|"
                         r"todo|toda|tout|toute|ganze|tutto|intero)\b|"
                         r"订单|訂單|预订|預訂|整个|整個|全部|"
                         # (Japanese and Korean: "キャンセルは注文全体が対象となり", "주문 전체")
                         r"注文全体|全体|すべて|全て|전체|전부")
_WHOLE_SUBJECT = re.compile(r"(?<![\w'])(?:it|which|the order|this order|that order)\s+(?:(?:will|would|"
                            r"to|can|could|should|may) be|is|gets?|being)\s+$")
_PASSIVE_END = re.compile(r"(?<![\w'])(?:(?:will|would|to|can|should) be|is|are|gets?|being)\s+$")


# the whole, right before the verb in Chinese: "整单取消", "整个订单取消", "全部取消"
_WHOLE_BEFORE_VERB = re.compile("(?:整单|整張|整张|整筆|整笔|整个订单|整個訂單|全单|全部)(?:都)?\\s*$")
# the object a Chinese sentence puts before its verb with 把: "把订单 #W3176007 里的 Headphones "
_BA_OBJECT = re.compile(r"把[^，,。！!？?]{1,60}$")  # (not 将, which is also "will": "我将为您取消")
_IN_THE_ORDER = re.compile(r"\s*#?[a-z0-9]*\s*(?:中的|里的|裡的|内の|の中の|中の)")


def _parts_named(last: str, words: tuple[str, ...], names: frozenset[str]) -> list[str] | None:
    """The parts an action sentence of ``last`` acts on, where it names some of them and not
    all (sorted), or None."""
    # (and at a Chinese or Japanese sentence's end: "以下の内容でキャンセルいたします。 - ご注文：#w5442520
    # （ゲーミングマウス、パティオアンブレラ、登山靴）", the order described after the action's sentence)
    if ";" in last:  # (a list of parts in brackets is one: "Cancel - #W5782623 (Backpack - navy,
        # small, nylon; Perfume - woody, 50ml, women; total $492.20)")
        last = _DESCRIBED.sub(lambda m: m.group().replace(";", ","), last)
    for sentence in re.split(r"(?<=[.!?:;\n])\s+|(?<=[。！？])\s*", last):
        found = action_pattern(words).search(sentence)
        # (an action reported done is no proposal: "I've cancelled #W7639559 (T-Shirt, ...)")
        if found is None or _reported(sentence, found):
            continue
        # ("I can't cancel only the kettle"; a negation around the action word, not in a list
        # line the sentence ran into: "- Action Camera (4K, not waterproof) ... cancel the
        # Sunglasses from order #W9728773")
        at = found.start()
        if _CANNOT.search(_DESCRIBED.sub(" ", sentence[max(0, at - 30):at + 80])):
            continue
        # what the action word is said of: the words right after it, up to the first part
        # name or the whole ("cancel the kettle from order ..." vs "cancel your order for ..."),
        # or before it where it is passive ("the whole order will be cancelled, including the
        # chair" vs "only the kettle will be cancelled")
        before = sentence[max(0, at - 80):at]
        passive = _PASSIVE_END.search(before) is not None
        if passive and _WHOLE_SUBJECT.search(before) is not None:
            continue  # (said of the object by a pronoun: "The kettle is in order #W5183920,
            # which is still pending, so it can be cancelled.")
        after = before if passive else sentence[at:][:120]
        ba = _BA_OBJECT.search(before) if not passive else None
        if ba is not None:
            after = before[ba.start():]  # (the object put before the verb in Chinese: "把订单
            # #W3176007 里的 Headphones 取消掉", the headphones)
        # (a part by its full name or its head noun: "Toothbrush, Water Bottle, Earbuds" for
        # "Electric Toothbrush", "Wireless Earbuds")
        first_part = min((m.start() for n in names for form in (n, *_head_nouns([n]))
                          if (m := re.search(r"(?<![a-z0-9])" + re.escape(form), after))),
                         default=None)
        if _WHOLE_BEFORE_VERB.search(before) is not None:
            continue  # (the whole put right before the verb, in Chinese: "请问您是要整单取消（包括耳机）")
        whole = _WHOLE_WORD.search(after)
        if whole is not None and _IN_THE_ORDER.match(after, whole.end()) is not None:
            whole = None  # (the order as where the part is: "取消订单 #W8127406 中的蓝牙音箱", cancel
            # the speaker in order #W8127406)
        if first_part is not None and (whole is None or first_part < whole.start()):
            # (from the action word, or up to a passive one: not a list run into it)
            text = Text(after if ba is not None else before if passive else sentence[at:])
            said = {n for n in names if named(text, n, {}) or any(
                re.search(rf"(?<![a-z0-9]){re.escape(h)}(?![a-z0-9])", text.plain)
                for h in _head_nouns([n]))}
            if said != names:
                return sorted(said)
    return None


def known_values(session: SessionState, reads: bool = False) -> dict[str, set[str]]:
    """argument name -> the string values the session's calls gave it (``reads``: its read
    calls only, the objects it looked up), extended incrementally."""
    key = "known_read" if reads else "known"
    known: dict[str, set[str]]
    known, seen = session.derived.get(key, ({}, 0))
    for call in session.calls[seen:]:
        if reads and call.kind != "read":
            continue
        for name, v in call.arguments.items():
            if isinstance(v, str) and 4 <= len(v) <= 64:
                known.setdefault(name, set()).add(v)
    session.derived[key] = (known, len(session.calls))
    return known


def _the_only_one(session: SessionState, name: str, value: str, proposed: Text) -> bool:
    """The proposal speaks of "your reservation" (the key's noun: ``reservation_id``) and
    ``value`` is the only one this argument has had in the session, looked up by a read: the
    only reservation looked at, so the only one "your reservation" can be (the caller also
    wants it described in the conversation: an id the user never heard of, nor its flights,
    is not shown). An id only ever used by writes (a payment method) was never looked at. The
    caller wants the description in the proposal's own exchanges, where the user did not
    speak of another one."""
    noun = name.removesuffix("_id").replace("_", " ")
    if noun == name or not noun or known_values(session, reads=True).get(name) != {value} \
            or known_values(session).get(name, {value}) != {value}:
        return False
    return re.search(rf"(?<![a-z])(?:your|the|this|that)(?: current)? {re.escape(noun)}(?![a-z])",
                     proposed.plain) is not None


def _another_of_its_form(text: str, value: str) -> bool:
    """A word in ``text`` of ``value``'s form that is not ``value`` (the user named reservation
    XYZ789, where the call changes ABC123): as long, letters and digits where it has them."""
    own = value.lower().lstrip("#")
    letters, digits = any(c.isalpha() for c in own), any(c.isdigit() for c in own)
    for word in re.findall(r"[a-z0-9]+", text):
        if len(word) == len(own) and word != own and any(c.isdigit() for c in word) == digits \
                and any(c.isalpha() for c in word) == letters:
            return True
    return False


# the user speaks of another one ("not that one, my other trip", "that's not the reservation I
# mean", "a different booking")
_OTHER_ONE = re.compile(r"(?<![a-z])(?:other|another|different|wrong|not (?:that|this|the|my))"
                        r"(?![a-z])|n't (?:that|this|the|my)(?![a-z])")


def _other_known(session: SessionState, text: Text, name: str, value: Any) -> str | None:
    """Another value this argument had in an earlier call, which ``text`` names (the proposal
    speaks of reservation ABC123, the call changes XYZ789)."""
    if not isinstance(value, str):
        return None
    for other in known_values(session).get(name, ()):
        if other != value and named(text, other, {}) and not named(text, value, {}):
            return other
    return None


def _lines(raw: str) -> Text:
    """``raw`` normalised line by line, its line breaks kept (a blank line ends a part); a
    numbered list's "2." is a dash, not a sentence's end."""
    return Text("\n".join(normalize(_NUMBERED.sub(r"\1- ", line)) for line in raw.split("\n")))


_NUMBERED = re.compile(r"^(\s*)\d{1,2}[.)]\s+")


def _items(arguments: dict[str, Any]) -> list[str]:
    """The ids of the items the call's lists hold (its flights' numbers), for a setting the
    call applies to all of them."""
    return [v for value in arguments.values() if isinstance(value, list)
            for v in _flat(value) if isinstance(v, str) and any(c.isdigit() for c in v)]


def _flat(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [x for v in value for x in _flat(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _flat(v)]
    return [value]


def _ids_named(text: Text, arguments: dict[str, Any]) -> bool:
    """Whether ``text`` names every id-like argument (``*_id``) of the call."""
    ids = [v for k, v in arguments.items() if k.endswith("_id") and isinstance(v, str)
           and not kind_of(v)]
    return all(named(text, v, {}) for v in ids)


def _lists_named(text: Text, arguments: dict[str, Any]) -> bool:
    """Whether ``text`` names a value of each list the call holds (a passenger's name, a
    flight, an item): "1 free checked bag per passenger" names no passenger of an update."""
    for value in arguments.values():
        if not isinstance(value, list):
            continue
        own = [v for m in value for v in (m.values() if isinstance(m, dict) else [m])
               if isinstance(v, str) and len(v) >= 3]
        if own and not any(named(text, v, {}) for v in own):
            return False
    return True


_DONE = re.compile(r"(?:完了しました|完了です|変更しました|受け付けました|更新しました|已完成|已经完成|"
                   r"已取消|已修改|已更改|已改为|已退回|已提交|已更新|已为您更新|已经更新|已办理)|"
                   # (in the other languages read: "De retour van de waterkoker (#W7990410) is
                   # aangemaakt", "a été annulée", "wurde storniert", "fue cancelado")
                   r"(?<![\w'])(?:is (?:aangemaakt|geannuleerd|verwerkt|gewijzigd|ingediend|"
                   r"geregistreerd)|(?:a|ont) été (?:annulée?s?|effectuée?s?|créée?s?|enregistrée?s?|"
                   r"modifiée?s?|traitée?s?)|(?:wurde|wurden) (?:storniert|erstellt|bearbeitet|geändert|"
                   r"eingereicht|registriert)|(?:ist|sind) (?:angelegt|storniert|erstellt|eingereicht|"
                   r"erledigt|durchgeführt)|(?:fue|fueron|ha sido|han sido) (?:cancelad|procesad|"
                   r"registrad|modificad|cambiad)[oa]s?|(?:foi|foram) (?:cancelad|registrad|processad|"
                   r"alterad|criad)[oa]s?|(?:è stat[oa]|sono stat[ie]) (?:annullat|registrat|"
                   r"elaborat|modificat|creat)[oaie])(?![\w'])|"
                   r"(?<![\w'])(?:(?:is|are|has been|have been|was|were) (?:now |already )?"
                   r"(?:done|submitted|complete|completed|processed|cancell?ed|placed|filed|"
                   r"updated|changed|modified|issued|booked|charged|refunded|credited)|"
                   r"(?:i'?ve|i have) (?:just |already |also )?(?:submitted|processed|cancell?ed|"
                   r"placed|filed|completed|updated|changed|modified|issued|booked)|"
                   # (a heading reporting it: "✅ Exchange 1 submitted for order #W2905754")
                   r"(?:exchange|return|cancell?ation|modification|change|update|booking|refund|"
                   r"step)(?: #?\d+)? (?:submitted|done|completed|processed|placed|filed)|"
                   # (a short report, a sentence alone: "Bag added.", "Address updated!")
                   r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:the )?(?:bags?|baggage|address|payment|passengers?|"
                   r"names?|flights?|seats?|cabin|return|exchange|refund|cancell?ation|certificate)"
                   r" (?:added|updated|changed|done|submitted|cancell?ed|booked|removed|fixed|"
                   r"corrected|switched|sent|issued)(?=\s*[.!])|"
                   # (and in the other languages read: "Certificato da 200 $ inviato.", "Bagage
                   # ajouté !", "Zertifikat verschickt."; not what will be: "sarà inviato")
                   r"(?:^|(?<=[.!?]\s)|(?<=\n))(?![^.!?\n]*(?<![\w'])(?:non|não|nao|nicht|niet|pas|no|"
                   r"noch|ancora|todavía|ainda)(?![\w']))(?:[^\s.!?]+ ){1,5}(?<!sarà )(?<!será )(?<!sera )"
                   r"(?<!verrà )(?<!viene )(?<!wird )(?<!werden )(?<!wordt )(?<!ser )(?<!être )"
                   r"(?:inviat[oaie]|aggiunt[oaie]|aggiornat[oaie]|annullat[oaie]|modificat[oaie]|"
                   r"enviad[oa]s?|añadid[oa]s?|adicionad[oa]s?|actualizad[oa]s?|atualizad[oa]s?|"
                   r"cancelad[oa]s?|envoyée?s?|ajoutée?s?|annulée?s?|modifiée?s?|mise? à jour|"
                   r"verschickt|gesendet|hinzugefügt|aktualisiert|storniert|geändert|verstuurd|"
                   r"toegevoegd|bijgewerkt|geannuleerd|gewijzigd)(?=\s*[.!])|"
                   # (what a change done means now: "Done! Orders #W2166301 and #W2466703 will
                   # now ship to 565 Maple Drive")
                   r"will now (?:ship|be shipped|be delivered|go) to|"
                   # ("C'est fait ! Les passagers de YC3G9H sont maintenant ...", "Fatto!", "Gedaan:")
                   r"(?:^|(?<=[\s\n]))(?:c'est fait|fatto|gedaan|erledigt|hecho|feito)\s?[!:.]|"
                   # (and in the other languages read: "Listo, el pedido #W9527030 se enviará a
                   # ...", "Pronto, o pedido agora será enviado para ...")
                   r"(?:listo|hecho|pronto|feito|fatto|erledigt|klaar|geregeld)[,!:]\s[^.!?]{0,60}?"
                   r"(?:se enviará|será enviad[oa]|verrà spedit[oa]|wird (?:jetzt |nun )?(?:an|nach)|"
                   r"wordt (?:nu )?verzonden|"
                   # ("Listo, el pedido #W6629830 ahora está pagado con tu Visa 8643.")
                   r"ahora está (?:pagad|cancelad|enviad|registrad)[oa]|agora está (?:pag|cancelad)[oa])|"
                   # (a line marked done in brackets: "Shipping address: 921 Park Avenue ...
                   # (already updated)")
                   r"\((?:already|now) (?:done|updated|changed|applied|submitted|cancell?ed|"
                   r"processed|booked)\))"
                   r"(?![\w'])")


# what a sentence says is not so ("changing your default address does not change the shipping
# address of existing orders"): no proposal of the action it names
_SAID_NOT = re.compile(r"(?<![\w'])(?:(?:does|do|did|will|would|can|could)(?: not|n'?t)|won'?t|"
                       r"cannot|can'?t)(?![\w'])")


def _only_as_done(proposal: Text, spec: ActionSpec, arguments: dict[str, Any]) -> bool:
    """Whether a key value of the call the proposal names is named only in its sentences that
    report it done ("- Shipping address: 921 Park Avenue, ... (already updated)")."""
    if not _DONE.search(proposal.plain):
        return False
    rest = _not_done(proposal)
    return any(isinstance(v, str) and named(proposal, v, {}) and not named(rest, v, {})
               for k in spec.keys if (v := values_at(arguments, k.name)) is not ABSENT)


def _not_done(text: Text, also: re.Pattern[str] | None = None) -> Text:
    """``text`` without its sentences that report an action done (or match ``also``)."""
    if not _DONE.search(text.plain) and (also is None or not also.search(text.plain)):
        return text
    return Text(" ".join(p for p in re.split(r"(?<=[.!?])\s+|\n+", text.plain)
                         if not _DONE.search(p) and (also is None or not also.search(p))))


def _other_write_since(session: SessionState, seq: int, tool: str) -> bool:
    """Whether a write of another tool than ``tool`` was carried out after ``seq``."""
    return any(calls[-1].seq > seq for other, calls in session.executed.items()
               if other != tool and calls and calls[-1].kind == "write")


def _used_since(session: SessionState, tool: str, key: str, seq: int) -> bool:
    for call in reversed(session.executed.get(tool, ())):
        if call.seq <= seq:
            break
        if args_key(call.arguments) == key:
            return True
    for call in reversed(session.calls[-8:]):  # in flight: recorded, not yet indexed
        if call.seq > seq and call.tool == tool and call.outcome.value == "forwarding" \
                and args_key(call.arguments) == key:
            return True
    return False


def describe(tool: str, arguments: dict[str, Any], keys: tuple[str, ...]) -> str:
    """The action in words for the agent: the tool and its key argument values."""
    shown = {k: v for k in keys if (v := values_at(arguments, k)) is not ABSENT} or arguments
    return f"{tool.replace('_', ' ')} (" + ", ".join(f"{k}: {v}" for k, v in shown.items()) + ")"
