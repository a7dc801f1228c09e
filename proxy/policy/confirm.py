"""Transcript confirmation: did the user explicitly say yes to *this* action?

A write is confirmed when

1. the last user message before it is an unambiguous go-ahead (``classify_reply``): a yes, or an
   imperative such as "just do it already"; not "no", "wait", "not yet", a question, or a yes with
   a condition still open ("yes, but first tell me ...");
2. the agent's proposal before that reply named the call's key argument values (an id may be
   named by an alias from a fact: an item's name, a card's last four digits); and
3. no write since that reply already did the same action: one yes covers each proposed action once.

Real transcripts are messy, so text is normalised first: JSON-wrapped agent text is unwrapped,
typographic quotes straightened, case folded, and short typos of "yes"/"okay" tolerated.
"""

from __future__ import annotations

import contextlib
import enum
import re
from dataclasses import dataclass
from typing import Any

import orjson

from ..session import Message, Role, SessionState, args_key


class Reply(enum.StrEnum):
    YES = "yes"  # an unambiguous go-ahead
    NO = "no"  # a refusal or a stop
    HOLD = "hold"  # a yes with a condition open, a question, "wait"
    OTHER = "other"  # no answer to a proposal at all


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def normalize(content: str) -> str:
    """Plain, lower-case text: JSON wrappers unwrapped, quotes straightened, markers dropped."""
    text = content.strip()
    if text[:1] in "{[":
        with contextlib.suppress(orjson.JSONDecodeError):
            text = " ".join(_strings(orjson.loads(text)))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("\u201d", '"').replace("###stop###", " ").replace("###STOP###", " ")
    text = re.sub(r"[*`]+", "", text)  # markdown emphasis (underscores belong to ids)
    return re.sub(r"\s+", " ", text).strip().lower()


_AFFIRM = re.compile(
    r"\b(yes|yeah|yep|yup|yea|ya|sure|ok|okay|alright|all right|confirm(?:ed)?|i confirm|"
    r"correct|that'?s (?:right|correct|fine)|absolutely|definitely|certainly|of course|"
    r"please do|go ahead|proceed|do it|do that|sounds good|that works|perfect|agreed?|"
    r"approved?|go for it|make it so|let'?s do (?:it|that)|please go|fine by me|that is fine)\b"
)
# Imperatives that are a go-ahead on their own ("just cancel it already", "do it now").
_IMPERATIVE = re.compile(
    r"\b(?:(?:please )?(?:try (?:it )?again)|(?:please |just |now )*(?:go ahead|proceed|do it|"
    r"do that|get it done|get on with it|"
    r"make the change|make it happen|"
    r"(?:cancel|return|exchange|change|modify|update|switch|process|submit|book|refund|send)"
    r" (?:it|them|that|those|this|these|the|my|both|all|everything|order|orders)))\b"
)
# Stop words hold the action wherever they stand ("yes. wait, actually ...").
_STOP = re.compile(
    r"\b(wait|hold on|hang on|not yet|not now|not right now|stop|never ?mind|cancel that|"
    r"changed? my mind|hold off|not so fast|let me think|i'?ll think|not sure|"
    r"(?:don'?t|do not) (?:do|proceed|go ahead|submit|process|make|change|cancel) (?:it|that|this|"
    r"anything|yet)|but first|but before|before you|before that|before doing|before we|"
    r"first,? (?:tell|check|can|could|let|confirm|make sure))\b"
)
# Plain negation refuses when it comes before or with the yes; after it, it is another topic.
_NEGATE = re.compile(
    r"\b(no|nope|nah|don'?t|do not|rather not|i do not want|i don'?t want|negative)\b"
)
# Phrases that contain a negation word but are not a refusal.
_NOT_NEGATIONS = re.compile(
    r"\b(no problem|no worries|no rush|no,? that'?s (?:all|it|correct|right)|nothing else|"
    r"no other|no further|no more questions|don'?t need anything else|don'?t have any|"
    r"no longer (?:need|needed|want|wanted|use|used)|i don'?t have (?:all day|much time|time))\b"
)
# "If you could try again" is a polite request, not a condition.
_POLITE_IF = re.compile(
    r"\b(?:if you (?:could|would|can|don'?t mind|please)|if (?:that'?s|it'?s|that is) "
    r"(?:ok|okay|alright|all right|fine|possible)|if possible)\b"
)
# A condition on the yes itself ("yes, if it's free"): only counts in or before the yes.
_CONDITION = re.compile(
    r"\b(only if|as long as|provided that|on condition|unless|if|but can you|but could you|"
    r"but what|but how|but will|but is|but are|but does|one question)\b"
)
_FUZZY = ("yes", "yeah", "okay", "sure", "proceed", "confirm")


def _distance(a: str, b: str) -> int:
    """Optimal string alignment distance (Levenshtein with adjacent transpositions)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def _typo_yes(sentence: str) -> bool:
    first = re.split(r"[^a-z']+", sentence, maxsplit=1)[0]
    if len(first) < 3 or _AFFIRM.search(first):
        return False
    return any(_distance(first, word) <= (1 if len(word) <= 4 else 2) for word in _FUZZY)


def _sentences(text: str) -> list[tuple[str, bool]]:
    """(sentence, is_question) pairs."""
    parts = re.findall(r"[^.!?\n;]+[.!?;]*", text)
    out = []
    for part in parts:
        s = part.strip()
        if s.strip(".!?; "):
            out.append((s.rstrip(".!;").strip(), s.endswith("?")))
    return out


def classify_reply(content: str) -> Reply:
    """Is this user message an unambiguous go-ahead? See the module docstring."""
    text = normalize(content)
    if not text:
        return Reply.OTHER
    affirmed = False
    for sentence, question in _sentences(text):
        cleaned = _NOT_NEGATIONS.sub(" ", sentence)
        cleaned = _POLITE_IF.sub("please", cleaned)
        if _STOP.search(cleaned):
            if affirmed or (_AFFIRM.search(cleaned) and not _NEGATE.search(cleaned)):
                return Reply.HOLD  # "yes, but first ...", "yes. wait."
            return Reply.NO
        if affirmed:
            continue  # later sentences may ask about other things; only stop words count there
        if _NEGATE.search(cleaned):
            return Reply.NO
        if _CONDITION.search(cleaned):
            return Reply.HOLD
        says_yes = bool(_AFFIRM.search(cleaned) or _IMPERATIVE.search(cleaned)
                        or _typo_yes(cleaned))
        if question and not _IMPERATIVE.search(cleaned):
            # "Can you go ahead and cancel it?" is a request; "Is that the right card?" is not.
            return Reply.HOLD
        affirmed = says_yes
    return Reply.YES if affirmed else Reply.OTHER


def reply_of(message: Message) -> Reply:
    """The classification of a user message, computed once per message."""
    cached = message.reply
    if cached is None:
        cached = message.reply = classify_reply(message.content).value
    return Reply(cached)


# ---- proposals ---------------------------------------------------------------------------------


def _forms(value: Any) -> list[str]:
    """The ways a value can be written in text."""
    if isinstance(value, bool):
        return ["yes" if value else "no"]
    if isinstance(value, int | float):
        numbers = {str(value), f"{value:.2f}", f"{value:,.2f}"}
        if float(value).is_integer():
            numbers.add(str(int(value)))
        return list(numbers)
    text = str(value).strip().lower()
    forms = [text, text.lstrip("#")] if text.startswith("#") else [text]
    if "_" in text and not re.search(r"\d", text):  # basic_economy -> basic economy
        forms.append(text.replace("_", " "))
    return forms


def _named(text: str, value: Any, aliases: dict[str, set[str]]) -> bool:
    if isinstance(value, list):
        return all(_named(text, v, aliases) for v in value)
    if isinstance(value, dict):
        return all(_named(text, v, aliases) for v in value.values())
    for form in _forms(value):
        if form and form in text:
            return True
    return any(alias in text for alias in aliases.get(str(value), ()))


def alias_index(session: SessionState, fields: tuple[str, ...]) -> dict[str, set[str]]:
    """id -> the texts that may stand for it (from objects in facts), extended incrementally."""
    key = ("aliases", fields)
    index: dict[str, set[str]]
    index, seen = session.derived.get(key, ({}, 0))
    for call in session.calls[seen:]:
        if call.succeeded:  # reads, and writes that answer with the changed object
            _collect(call.result, fields, index)
    session.derived[key] = (index, len(session.calls))
    return index


def _collect(value: Any, fields: tuple[str, ...], index: dict[str, set[str]]) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            names = [str(item[f]).lower().replace("_", " ") for f in fields
                     if isinstance(item.get(f), str | int)]
            # an item's head noun names it too ("the speaker" for "Bluetooth Speaker")
            names += [n.rsplit(" ", 1)[1] for n in names
                      if " " in n and len(n.rsplit(" ", 1)[1]) >= 4]
            if names:
                for v in item.values():
                    if isinstance(v, str) and v:
                        index.setdefault(v, set()).update(n for n in names if len(n) >= 3)
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(item)


@dataclass(frozen=True, slots=True)
class Coverage:
    confirmed: bool
    reason: str  # why not, for the agent


def plain(message: Message) -> str:
    """A message's normalised text, computed once."""
    if message.plain is None:
        message.plain = normalize(message.content)
    return message.plain


def _turn_before(messages: list[Message], index: int) -> tuple[str, int]:
    """The assistant messages right before ``messages[index]``: (their text, first index)."""
    j = index
    parts: list[str] = []
    while j > 0 and messages[j - 1].role is Role.ASSISTANT:
        j -= 1
        parts.append(plain(messages[j]))
    return " ".join(reversed(parts)), j


def _shape(value: str) -> re.Pattern[str] | None:
    """A pattern for values of the same form (``#W6390527`` -> ``#?w\\d{7}``), if it has digits."""
    text = value.strip().lower().lstrip("#")
    if not re.search(r"\d{3,}", text):
        return None
    body = re.sub(r"\\d\{(\d+)\}", r"\\d{\1}",
                  re.sub(r"\d+", lambda m: "\\d{" + str(len(m.group())) + "}", re.escape(text)))
    return re.compile(r"(?<![a-z0-9_])#?" + body + r"(?![0-9])")


def _conflicts(text: str, value: Any) -> bool:
    """Whether ``text`` names another value of the same form (another order id, another card)."""
    if not isinstance(value, str):
        return False
    shape = _shape(value)
    if shape is None:
        return False
    own = value.strip().lower().lstrip("#")
    return any(m.group().lstrip("#") != own for m in shape.finditer(text))


_ASKS = re.compile(r"\?|\bplease (?:confirm|let me know|reply)|\b(?:confirm|yes/no)\b")


def _asks(message: Message) -> bool:
    """Whether an agent message asks the user something (a proposal waiting for an answer)."""
    return bool(_ASKS.search(plain(message)))


CONTEXT_MESSAGES = 60  # how far back a scalar value may have been named, if the proposal omits it
PROPOSAL_TURNS = 3  # how many agent turns before the yes make up the proposal


def check_transcript(
    session: SessionState, tool: str, arguments: dict[str, Any], keys: tuple[str, ...],
    alias_fields: tuple[str, ...],
) -> Coverage:
    """Whether the transcript so far confirms ``tool(**arguments)``.

    The proposal is the agent's last turns before the yes (up to three, back to an earlier
    refusal). A list value (item ids) must be named there, each element by its id or an alias. A
    single value (an order id, a card) must be named there, or, if the last turn names no other
    value of the same form, in the recent conversation (the yes included). A key written ``name?``
    need not be named, but the proposal must not name a different value of its form.
    """
    messages = session.messages
    i = len(messages) - 1
    while i >= 0 and messages[i].role is not Role.USER:
        i -= 1
    if i < 0:
        return Coverage(False, "the user has not said anything yet")
    reply = reply_of(messages[i])
    if reply is not Reply.YES:
        why = {Reply.NO: "the user's last message declines or stops",
               Reply.HOLD: "the user's last message is a question or a yes with a condition open",
               Reply.OTHER: "the user's last message is not a yes to a proposal"}[reply]
        return Coverage(False, why)
    for later in messages[i + 1:]:
        # The agent asked again after the yes (a new proposal, a question): that question has
        # no answer yet, so the earlier yes does not cover what follows.
        if later.role is Role.ASSISTANT and _asks(later):
            return Coverage(False, "the agent asked the user again after their yes and has no "
                                   "answer yet")
    yes_seq = messages[i].seq
    for call in reversed(session.calls):  # a yes covers each action once
        if call.seq <= yes_seq:
            break
        if call.kind == "write" and call.tool == tool and call.outcome.value in (
                "executed", "forwarding") and args_key(call.arguments) == args_key(arguments):
            return Coverage(False, "the user's yes was already used for this same action")
    optional_keys = {k.rstrip("?") for k in keys if k.endswith("?")}
    wanted = {k.rstrip("?"): arguments[k.rstrip("?")] for k in keys if k.rstrip("?") in arguments}
    aliases = alias_index(session, alias_fields) if alias_fields else {}
    turns: list[str] = []
    index = i
    for _ in range(PROPOSAL_TURNS):
        text, start = _turn_before(messages, index)
        if text:
            turns.append(text)
        if start == 0 or messages[start - 1].role is not Role.USER:
            break
        if reply_of(messages[start - 1]) is Reply.NO:
            break
        index = start - 1
    if not turns:
        return Coverage(False, "the agent proposed nothing before the user's yes")
    last, window = turns[0], " ".join(turns)
    context = None
    for name, value in wanted.items():
        optional = name in optional_keys
        if isinstance(value, list | dict):
            if _named(window, value, aliases):
                continue
            return Coverage(False, f"the proposal did not name every one of {name}={value!r}")
        if _named(last, value, aliases):
            continue
        if _conflicts(last, value):
            return Coverage(False, f"the proposal named a different {name} than {value!r}")
        if _named(window, value, aliases):
            continue
        if context is None:
            recent = messages[max(0, i - CONTEXT_MESSAGES):i + 1]  # the yes itself may name it
            context = " ".join(plain(m) for m in recent)
        if not optional and not _named(context, value, aliases):
            return Coverage(False, f"{name}={value!r} was never named to the user")
    return Coverage(True, "")


def describe(tool: str, arguments: dict[str, Any], keys: tuple[str, ...]) -> str:
    shown = {k: arguments[k] for k in keys if k in arguments} or arguments
    return f"{tool.replace('_', ' ')} (" + ", ".join(f"{k}: {v}" for k, v in shown.items()) + ")"
