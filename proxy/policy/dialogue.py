# a topic opening a hold ("the cancel - still deciding"), or the subject of its sentence ("The
# San Antonio one is for my office, I need to ask my manager")
"""Dialogue acts: what a user turn does with the agent's proposal, read sentence by sentence.

A turn is split into sentences and each sentence gets one act:

- ``affirm``: a yes, or an imperative go-ahead ("do it now", "execute the exchange as listed",
  "Affirmative, go with PayPal"), in English, Spanish, French, German, Portuguese, Italian or
  Dutch, a plain Chinese, Japanese or Korean one ("好的，确认取消", "はい、お願いします", "네, 진행해
  주세요", nothing in it negating, waiting or asking), or a common emoji (👍 ✅ 👌);
- ``decline``: a refusal or a stop ("no", "don't do that", "nein", "👎");
- ``hold``: a hedge, a question, a condition or a wait ("yes if it's free", "could you
  double-confirm both changes before anything is finalised?", "not yet");
- ``other``: none of these (a detail, a fact, a thank-you).

A negation counts only inside the sentence that carries an act: "It has no water resistance. Yes,
please proceed" is a yes; "I don't want to proceed" is a decline. The turn's act is what its last
act-bearing sentences say: a hold or decline after the yes takes it back, a question after the yes
about something unrelated does not. A turn in a script or language the reader does not know is a
``hold`` that withdraws, and says so: what it cannot read is never a yes, and it takes back a yes
before it (a language not read is put in English as far as its plain yeses go, ``in_english_unread``).
"""

from __future__ import annotations

import contextlib
import enum
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import orjson

from ..parse import loads as json_loads


class Act(enum.StrEnum):
    AFFIRM = "affirm"  # an unambiguous go-ahead
    DECLINE = "decline"  # a refusal or a stop
    HOLD = "hold"  # a question, a hedge, a condition, a wait
    OTHER = "other"  # no answer to a proposal


@dataclass(frozen=True, slots=True)
class Reading:
    """The act of one user turn, the sentence that decided it, and why (for explanations)."""

    act: Act
    words: str = ""  # the deciding sentence, as the user wrote it (normalised)
    why: str = ""
    # a hold that takes back an earlier yes ("wait", "actually, change it"), not a mere question
    withdraws: bool = False
    # an affirmation that only picks an option ("I'll go with option 2"): consent only where
    # the agent asked for a go-ahead, not where it asked which one
    choice: bool = False
    # for an affirmation: where the affirming sentence ends in the normalised text (what the
    # user said up to their yes is part of what they said yes to; what follows is not)
    end: int = 0


def _strings(value: Any) -> list[str]:
    """The strings in a JSON value, in order (without recursion: a value nested a thousand
    deep is a message like any other, not a crash that stops every later decision)."""
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return out


_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
                         "\u00a0": " ", "\u2014": ", ", "\u2013": "-",
                         # (an ellipsis as one character reads as three dots: "Pour la
                         # tablette… c'est vraiment la moins chère ?")
                         "\u2026": "..."})


# a "no" that says yes: to "do you mind?" or "any objection?", or no need to wait (the go after
# it is the yes: "No, I don't mind at all, go ahead.", "No objection from me, book it in.")
_NO_THAT_SAYS_YES = re.compile(r"(?:^|(?<=[.!?] ))(?:(?:no,? i (?:don'?t|do not) mind(?: at all)?|"
                               r"no objections?(?: from me| here| at all)?|i have no objections?)"
                               r"(?=[\s,.!-]|$)|(?:no,? )?no need to (?:hold off|wait)(?: on (?:it|that))?"
                               r"(?=[\s,.!-]|$))")


_SI_O_SI = re.compile(r"(?<![\w'])s[ií] o s[ií](?![\w'])")


def normalize(content: str) -> str:
    """Plain, lower-case text: JSON wrappers unwrapped, quotes straightened, markers dropped."""
    text = content.strip()
    if text[:1] in "{[":
        with contextlib.suppress(orjson.JSONDecodeError):
            text = " ".join(_strings(json_loads(text)))
    text = text.translate(_QUOTES)
    text = re.sub(r"#+\s*stop\s*#+", " ", text, flags=re.IGNORECASE)
    text = re.sub(r"[*`]+", "", text)  # markdown emphasis (underscores belong to ids)
    # (a line break stays one: a summary's fields and a list's lines end there)
    text = _LINE_BREAK.sub("\n", _SPACES.sub(" ", text)).strip().lower()
    if " a head" in text or "shore" in text:  # (speech to text: "yeah shore go a head")
        text = _HEARD.sub(lambda m: _HEARD_AS[m.group()[:2]], text)
    if "write" in text or "conform" in text:  # (and "that's write", "yes i conform")
        text = _HEARD_WORDS.sub(lambda m: "that's right" if "write" in m.group() else "confirm", text)
    if "know" in text or "udder" in text:
        text = _HEARD_NO.sub(lambda m: "no" if m.group() == "know" else "other", text)
    if " o s" in text:  # (Spanish "sí o sí", no matter what, is no yes: "lo necesito sí o sí")
        text = _SI_O_SI.sub("no matter what", text)
    if "no" in text and _NO_THAT_SAYS_YES.search(text) is not None:  # ("No, I don't mind at
        # all, go ahead.", "No objection from me, book it in.", "No, no need to hold off")
        text = _NO_THAT_SAYS_YES.sub("fine", text)
    if _CHAT_WORD.search(text) is not None:  # ("lemme think abt boston": let me think about)
        text = _CHAT_WORD.sub(lambda m: _CHAT_WORDS[m.group()], text)
    if _VI_CUE.search(text) is not None:  # (Vietnamese: "Ừ, hủy luôn đi em.", "dung roi, doi ca
        # hai giup minh nhe")
        text = in_english_vi(text)
    if _MIXED_CUE.search(text) is not None:  # (Hinglish, Taglish, Arabizi, Singlish: "haan, kar
        # do", "sige po", "tamam, yalla", "ok lah")
        text = _in_english_mixed(text)
    if _unread_cued(text):  # (a language not read: "ja tak", "iya, silakan")
        text = in_english_unread(text)
    if "kkk" in text:  # (Portuguese laughter, "kkkk": no "kk", okay)
        text = _LAUGHTER.sub("haha", text)
    # a word drawn out, "yesss", "okkkk", "pleeease": a letter said three times or more, twice
    # (not inside an id: "BSSSM3")
    if _DRAWN_OUT.search(text) is None:
        return text
    return _WORD_OR_ID.sub(_drawn_in, text)


def _drawn_in(m: re.Match[str]) -> str:
    """A word drawn out said once, an id ("bsssm3") left as it is."""
    word = m.group()
    return word if _DIGIT.search(word) else _DRAWN_OUT.sub(r"\1\1", word)


# chat words that stand for a phrase the reader reads (those standing for one word a sentence
# reads alone, "pls", "k", are ``_SHORTHAND``)
_CHAT_WORDS = {"lemme": "let me", "abt": "about", "idk": "i don't know", "dunno": "don't know",
               "prolly": "probably", "wanna": "want to", "gonna": "going to", "gotta": "got to",
               "cuz": "because", "tmrw": "tomorrow", "gimme": "give me", "nvm": "never mind",
               "sgtm": "sounds good to me", "lgtm": "looks good to me",
               # ("sure but can u also check my other order": "u" after an English verb only,
               # not Dutch's "u kunt")
               **{f"{verb} u": f"{verb} you" for verb in ("can", "could", "would", "will", "do", "did",
                                                          "thank", "are")}}
_CHAT_WORDS["prob"] = "probably"  # (not "no prob", no problem)
_CHAT_WORD = re.compile(r"(?<![\w'])(?:" + "|".join(w for w in _CHAT_WORDS if w != "prob")
                        + r"|(?<!no )prob)(?![\w'])")
# English mixed with Hindi (Hinglish) or Tagalog (Taglish) in Latin script, as bilingual
# customers write it: the words the reader reads put in English, in the order said ("haan,
# mastercard pe daal do": yes, put it on mastercard; "Yes sa address. Pero yung cancel, hindi pa":
# yes to the address, but the cancel, not yet); and Arabizi and Singlish below. Read only where a
# word of one of them is there; the Taglish words where no Hinglish one is.
_HINGLISH_CUE = (r"haan|haanji|kar do|kardo|karo|kariye|kijiye|theek|thik|nahi|nahin|chahiye|sirf|dono|bhejo|"
                 r"galat|daal do|daalo|chalo|yehi|yahi|mat karo|wala|wali|waala|ruko|rukiye")
_TAGLISH_CUE = (r"sige|opo|po|hindi pa|muna|teka|'?yung|tama|salamat|huwag|wag|mo na|na natin|daw|nga|go na|"
                # (Tagalog's "yes" before a go, and a thing "lang" (only): "oo, go. speaker lang")
                r"oo(?=[,.!]* *(?:go|sige|tuloy|yes|naman|po|$))|lang")
# (and Arabizi, Arabic in Latin letters and digits, and Singlish: "tamam, yalla", "ok lah")
_ARABIZI_CUE = r"tamam|yalla|aywa|aiwa|e3mel\w*|la2|mashi|mashy|3al|3ala|istanna|estana|lah|lor|leh|can can"
_MIXED_CUE = re.compile(r"(?<![\w'-])(?:" + _HINGLISH_CUE + "|" + _TAGLISH_CUE + "|" + _ARABIZI_CUE
                        + r")(?![\w'-])")
_ARABIZI = re.compile(r"(?<![\w'-])(?:" + _ARABIZI_CUE + r")(?![\w'-])")
_HINGLISH = re.compile(r"(?<![\w'-])(?:" + _HINGLISH_CUE + r")(?![\w'-])")
_TWO = r"(?<![\w'-])([\w-]+(?: [\w-]+)?)"  # (one or two words: "mastercard", "credit card")
_IN_ENGLISH_HINGLISH: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(p), r) for p, r in (
    (_TWO + r" (?:pe|par|mein|me) (?:hi )?(?:daal do|daalo|dal do|daal dijiye|daal dena|bhejo|bhej do|"
     r"bhej dijiye|kar do|karo|kardo)(?![\w'])", r"put it on \1"),
    # (paid with a card, by its last digits: "1949 wale Mastercard se kar do")
    (r"(?<![\w'-])(\d{4}) (?:wale|wala|wali|waale|waala|waali) (mastercard|visa|amex|card|credit card|"
     r"gift card)(?![\w'])", r"\2 ending \1"),
    (r"(?<![\w'-])((?:mastercard|visa|amex|card|paypal|certificate)(?: ending \d{4})?) se (?:hi )?(?:kar do|"
     r"karo|kardo|kar dijiye|pay karo|pay kar do|bharo|payment karo)(?![\w'])", r"pay with \1"),
    (_TWO + r" (?:mein|me|pe|par) (?:hi )?(?:aana|aani|jana|jaana|jaani) (?:chahiye|hai)(?![\w'])",
     r"it should go to \1"),
    (_TWO + r" (?:mein|me|pe|par) (?:nahi|nahin|nai)(?: chahiye)?(?![\w'])", r"not to \1"),
    (r"(?<![\w'])(?:nahi|nahin) chahiye(?![\w'])", "i don't want it"),
    # (a detail put right: "75204 hai, 75240 no", it's 75204, not 75240)
    (r"(?<![\w'])([\w-]+) (?:hai|he|h),? ([\w-]+) (?:no|nahi|nahin)(?![\w'])", r"it's \1, not \2"),
    (r"(?<![\w'])galat(?![\w'])", "wrong"),
    (r"(?<![\w'])(?:abhi|ab) (?:nahi|nahin)(?![\w'])", "not now"),
    # (asking again not wanted, no "don't": "bola na confirm mat karo, kar do")
    (r"(?<![\w'])(?:har (?:step|baar) (?:pe|par) )?confirm (?:mat|na|nahi) (?:karo|karwao|karwana|karvana|"
     r"puchho|poocho|kijiye)(?![\w'])", "no need to confirm"),
    (r"(?<![\w'])(?:abhi )?(?:kuch )?mat (?:karo|kijiye|kar)(?![\w'])", "don't do anything"),
    (r"(?<![\w'])(?:main |mai )?soch(?: ?ke| ?kar)? (?:batata|batati|bataunga|bataungi|bolta|bolti) "
     r"(?:hoon|hu|hun|hoo)(?![\w'])", "let me think about it"),
    (r"(?<![\w'])(?:main |mai )?soch(?:ta|ti|unga|ungi) (?:hoon|hu|hun)?(?![\w'])", "let me think about it"),
    (r"(?<![\w'])proceed (?:karo|kar do|kardo|kariye|kijiye|kar dijiye)(?![\w'])", "proceed"),
    # (the verb after its object, put before it: "sirf pehla wala cancel karo", only cancel the
    # first one)
    (r"(?<![\w'])(?:sirf|bas) ([\w-]+(?: [\w-]+){0,3}?) "
     r"(cancel|return|exchange|change|update|remove|add|book)"
     r" (?:kar do|karo|kardo|kar dijiye|kariye|kijiye)(?![\w'])",
     lambda m: f"only {m.group(2)} {'' if m.group(1).startswith(('the ', 'pehl')) else 'the '}{m.group(1)}"),
    (r"(?<![\w'])dono (?:kar do|karo|kardo|kar dijiye)(?![\w'])", "do both"),
    # (another part put off: "bags ka baad mein decide karenge", the bags later)
    (r",? ?(?<![\w'])([\w-]+) (?:ka|ke|ki|wala|wali) baad mein (?:decide|dekh|soch|bata|confirm)[\w ]*",
     r". the \1 later"),
    # (one part now: "sirf papa ki DOB wala abhi karo", only do papa's date of birth now)
    (r"(?<![\w'])(?:sirf|bas) ([\w-]+(?: [\w-]+){0,4}?) (?:wala|wali|waala|waali)(?: abhi)? "
     r"(?:karo|kar do|kardo|kar dijiye|kijiye)(?![\w'])", r"only do the \1 one now"),
    (r"(?<![\w'])(?:pehla|pehli|pehle)(?![\w'])", "the first"),
    # (a thing left as it is, and one still wanted: "bags wala rehne do", "outbound toh chahiye")
    (r"(?<![\w'])([\w-]+(?: [\w-]+)?) (?:wala|wali|waala|waali) (?:abhi |filhaal |abhi ke liye )?(?:rehne do|"
     r"rehne dijiye|rahne do|chhod do|chod do)(?![\w'])", r"leave the \1 one for now"),
    (r"(?<![\w'])([\w-]+) (?:toh|to) chahiye(?![\w'])", r"keep the \1"),
    (r"(?<![\w'])(?:hata do|hatao|hata dijiye|hata dena|nikal do)(?![\w'])", "remove it"),
    (r"(?<![\w'])(?:doosra|dusra|doosri|dusri)(?![\w'])", "the other"),
    (r"(?<![\w'])(?:rehne do|rehne dijiye|rahne do)(?![\w'])", "leave it"),
    (r"(?<![\w'])([a-z]{3,}) (?:kar do|kardo|kar dijiye|kar dijie|kar dena|karo|kariye|kijiye|kar dein)"
     r"(?![\w'])", r"\1 it"),
    (r"(?<![\w'])(?:kar do|kardo|kar dijiye|kar dijie|kar dena|karo|kijiye)(?![\w'])", "do it"),
    (r"(?<![\w'])(?:haan ?ji|ji haan|haan|haa)(?![\w'])", "yes"),
    (r"(?<![\w'])(?:theek|thik|tik) (?:hai|h|he)(?![\w'])", "okay"),
    (r"(?<![\w'])(?:nahi|nahin)(?![\w'])", "no"),
    (r"(?<![\w'])(?:ruko|rukiye|ruk jao)(?![\w'])", "wait"),
    (r"(?<![\w'])(?:baaki|baki) sab(?![\w'])", "everything else"),
    (r"(?<![\w'])(?:wala|wali|waala|waali)(?![\w'])", "one"),
    (r"(?<![\w'])(?:yehi|yahi)(?![\w'])", "this one"),
    (r"(?<![\w'])(?:sahi|sahee) (?:hai|h|he)(?![\w'])", "correct"),
    (r"(?<![\w'])sirf(?![\w'])", "only"), (r"(?<![\w'])dono(?![\w'])", "both"),
    (r"(?<![\w'])(?:poora|pura|puri|poori)(?![\w'])", "the whole"), (r"(?<![\w'])bas(?![\w'])", "just"),
    (r"(?<![\w'])(?:chalo|chaliye)(?![\w'])", "okay"),
    (r"(?<![\w'])(?:abhi|filhaal)(?= *(?:[,.!?]|$))", "for now"))]
_IN_ENGLISH_TAGLISH: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(p), r) for p, r in (
    (r"(?<![\w'])(?:pag-iisipan|pag-isipan|iisipin|isipin) ko (?:muna|pa)(?![\w'])",
     "let me think about it first"),
    (r"(?<![\w'])(?:tatanungin|tanungin|itatanong|itanong) ko (?:muna|pa)(?: (?:sa|kay) [\w-]+(?: ko)?)?"
     r"(?![\w'])", "let me ask first"),
    (r"(?<![\w'])hindi pa(?![\w'])", "not yet"), (r"(?<![\w'])(?:wag|huwag) muna(?![\w'])", "not yet"),
    # ("yung water bottle, wag na pala, keep ko na lang": never mind it after all, I'll keep it)
    (r"(?<![\w'])(?:wag|huwag) na(?: pala)?(?![\w'])", "no, leave it"),
    (r"(?<![\w'])keep ko na lang(?![\w'])", "i'll keep it"),
    (r"(?<![\w'])(?:wag|huwag)(?![\w'])", "don't"),
    (r"(?<![\w'])(?:teka|sandali|saglit)(?: lang)?(?![\w'])", "wait"),
    # (the method to charge, and the one not: "sa PayPal na lang i-charge yung difference, hindi
    # sa card", charge it to PayPal instead, not the card)
    (r"(?<![\w'])sa (paypal|visa|mastercard|gift card|credit card|card)(?: na lang)? i-charge(?![\w'])",
     r"charge it to \1 instead,"),
    (r"(?<![\w'])hindi sa (?=paypal|visa|mastercard|gift card|credit card|card)", "not the "),
    # (one thing only, by its verb: "i-cancel mo na lang yung shoes", just cancel the shoes)
    (r"(?<![\w'])i-(cancel|return|exchange|change|update|refund) mo na lang(?![\w'])", r"just \1"),
    (r"(?<![\w'])kailangan ko pa(?: (?:yun|yan|ito|iyon))?(?![\w'])", "i still need it"),
    (r"(?<![\w'])oo(?=[\s,.!]|$)", "yes"),
    # (one thing only: "keyboard lang yun", "speaker lang"; not "okay lang", it's fine)
    (r"(?<![\w'])(?!(?:okay|ok|sige|oo|ayos|pwede|yes|go|isa|wala|ako|kami|ito|iyan|yan|yun|na|pa)"
     r"(?![\w']))([a-z][\w-]+) lang(?: (?:yun|yan|po|ha|muna))?(?![\w'])", r"only the \1"),
    (r"(?<![\w'])(yes|oo|opo|sige) sa (?!(?:akin|amin|kanya)(?![\w']))", r"\1 to the "),
    (r"(?<![\w'-])(?:'yung|yung|ung|iyong)(?= )", "the"),
    (r"(?<![\w'])(?:go na|tuloy mo na|ituloy mo na|ituloy mo|ituloy na|go(?= po(?![\w'])))(?![\w'])",
     "go ahead"),
    (r"(?<![\w'])lahat(?: na)?(?![\w'])", "all of them"),
    (r"(?<![\w'])salamat(?: po)?(?![\w'])", "thanks"), (r"(?<![\w'])pero(?![\w'])", "but"),
    (r"(?<=[\w.!]) po(?=[\s.,!?]|$)", ""))]


_IN_ENGLISH_ARABIZI = [(re.compile(p), r) for p, r in (
    (r"(?<![\w'])(?:can can|can lah|can lor|ok lah|okay lah|ok lor|sure lah)(?![\w'])", "yes"),
    (r"(?<=\w)\s+(?:lah|lor|leh|liao)(?=\s*(?:[,.!?]|$))", ""),  # (a particle ending its clause)
    (r"(?<![\w'])(?:aywa|aiwa)(?![\w'])", "yes"), (r"(?<![\w'])(?:tamam|mashi|mashy)(?![\w'])", "okay"),
    (r"(?<![\w'])yalla(?![\w'])", "go ahead"), (r"(?<![\w'])e3mel(?:ha|ho|o|uh)?(?![\w'])", "do it"),
    (r"(?<![\w'])la2(?![\w'])", "no"), (r"(?<![\w'])(?:istanna|estana)(?![\w'])", "wait"),
    (r"(?<![\w'])3al(?:a)?(?![\w'])", "on the"),
    # ("bas el shanta la2": but the bag, no; "bas el" before a yes: only the)
    (r"(?<![\w'])bas el (\w+(?: \w+)?),? no(?![\w'])", r"but the \1, no"),
    (r"(?<![\w'])bas el(?![\w'])", "only the"))]


def _in_english_mixed(text: str) -> str:
    """``text`` with its Hinglish, Taglish, Arabizi or Singlish words in English
    (``_MIXED_CUE``)."""
    if _ARABIZI.search(text) is not None:
        for pattern, english in _IN_ENGLISH_ARABIZI:
            text = pattern.sub(english, text)
    hinglish = _HINGLISH.search(text) is not None
    for pattern, said in _IN_ENGLISH_HINGLISH if hinglish else _IN_ENGLISH_TAGLISH:
        text = pattern.sub(said, text)
    return text


# Vietnamese, as customers and agents write it (with its tones, or without them on a phone): read
# by the words the reader reads put in English, in the order said ("Ừ, hủy luôn đi em": yes,
# cancel it; "chỉ cái mũ thôi": only the helmet; "Khoan, chưa đổi vội": wait, don't change it
# yet). The letters only Vietnamese writes cue it (not those it shares with French or
# Portuguese), or, without tones, words no other language read has.
_VI_CUE = re.compile(r"[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹĩũ]|(?<![\w'])(?:vâng|không|"
                     r"dung roi|giup (?:minh|em|toi|chi|anh)|nhe|nha|huy (?:don|luon|di)|doi (?:di|luon|"
                     r"ca hai)|khong can nua|khong|cam on (?:ban|em|chi|anh)|dong y|ok em|di em|cung dc|"
                     r"cung duoc|dc em|uh em|dc a|lam (?:luon|di)|ca [2-4] (?:cai|don))(?![\w'])")
# (words told apart only by their tones, read before the tones are dropped: "chỉ" only, "chị"
# you; "đợi" wait, "đổi" change; "ừ" yes)
_VI_TONED: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(p), cast("str | Callable[[re.Match[str]], str]", r)) for p, r in (
    (r"(?<![\w'])(?:ừ|ừa|ờ|ờ ờ)(?![\w'])", "yes"), (r"(?<![\w'])ừm(?![\w'])", "hmm"),
    (r"(?<![\w'])địa chỉ(?![\w'])", "address"), (r"(?<![\w'])chỉ(?![\w'])", "only"),
    (r"(?<![\w'])(?:đợi|chờ)(?![\w'])", "wait"),
    (r"(?<![\w'])trả thêm(?![\w'])", "pay extra"), (r"(?<![\w'])bạn(?![\w'])", "you"),
    (r"(?<![\w'])đơn kia(?![\w'])", "the other order"),
    (r"(?<![\w'])(?:đó|đấy)(?![\w'])", "that"),
    # (all of them by their count: "làm hết 3 cái luôn", "confirm cả 3")
    (r"(?<![\w'])(?:cả|hết|tất cả) ([2-4])(?: (?:cái|đơn|việc|thao tác|bước|món))?(?![\w'])",
     lambda m: {"2": "both", "3": "all three", "4": "all four"}[m.group(1)]),
    (r"(?<![\w'])hết(?![\w'])", "all"),
    # (a method changed from one to another: "từ thẻ quà tặng sang thẻ Visa")
    (r"(?<![\w'])từ(?![\w'])", "from"),
    (r"(?<![\w'])đừng dùng(?![\w'])", "not"), (r"(?<![\w'])đừng(?![\w'])", "don't"),
    (r"(?<![\w'])dùng(?![\w'])", "use"), (r"(?<![\w'])thêm(?![\w'])", "add"),
    # (a flight's words: "đổi hạng" changes the cabin, "đổi hàng" exchanges goods)
    (r"(?<![\w'])(?:nâng hạng|lên hạng)(?![\w'])", "upgrade"), (r"(?<![\w'])hạ hạng(?![\w'])", "downgrade"),
    (r"(?<![\w'])đổi hạng(?![\w'])", "change the cabin"),
    (r"(?<![\w'])(?:đổi|dời) (?:chuyến bay|chuyến|ngày bay|ngày|giờ bay)(?![\w'])", "change the flight"),
    (r"(?<![\w'])kiện(?![\w'])", "bags"), (r"(?<![\w'])đặt vé(?![\w'])", "book"),
    # (the airline's words with no twin but their tones, "hành lý", "chuyến bay", "hạng thương gia",
    # are read after the tones are dropped, ``_VI_WORDS``)
    (r"(?<![\w'])khứ hồi(?![\w'])", "round trip"), (r"(?<![\w'])một chiều(?![\w'])", "one way"),
    (r"(?<![\w'])chiều đi(?![\w'])", "outbound"), (r"(?<![\w'])chiều về(?![\w'])", "return flight"),
    # (the things an order holds, by their names: "hủy cái đèn thôi, cái kệ sách chị vẫn lấy")
    *((rf"(?<![\w'])(?:cái |chiếc |đôi |bộ )?{vi}(?![\w'])", f"the {en}") for vi, en in (
        ("máy hút bụi", "vacuum cleaner"), ("máy tính bảng", "tablet"), ("máy tính xách tay", "laptop"),
        ("máy pha cà phê", "coffee maker"), ("máy lọc không khí", "air purifier"),
        ("mũ bảo hiểm", "helmet"), ("kệ sách", "bookshelf"), ("đồng hồ", "watch"), ("ấm đun nước", "kettle"),
        ("ấm đun trà", "kettle"), ("ấm đun", "kettle"), ("đèn", "lamp"), ("giày", "shoes"),
        ("áo khoác", "jacket"), ("tai nghe", "headphones"), ("sổ tay", "notebook"), ("bàn phím", "keyboard"),
        ("chuột", "mouse"), ("loa", "speaker"), ("kính râm", "sunglasses"), ("vali", "luggage"),
        ("nước hoa", "perfume"), ("thảm yoga", "yoga mat"), ("ghế", "chair"), ("bình nước", "water bottle"),
        ("xe đạp", "bicycle"), ("ván trượt", "skateboard"), ("ghép hình", "jigsaw puzzle"),
        ("bếp nướng", "grill"), ("lò nướng", "grill"), ("giường thú cưng", "pet bed"), ("ba lô", "backpack"),
        ("balo", "backpack"), ("tạ", "dumbbells"), ("trang điểm", "makeup kit"), ("áo thun", "t-shirt"),
        # (not "dù", also "although"; not "ấm" alone, also "warm")
        ("điện thoại", "phone"), ("cây dù", "umbrella"), ("cái dù", "umbrella"), ("ô", "umbrella"))))]
_VI_ME = r"(?:minh|toi|em|chi|anh|tui|con|chau)"
_VI_WORDS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(p), r) for p, r in (
    (r"(?<![\w'])tai khoan(?![\w'])", "account"),  # (before "khoan", wait)
    # (asking first, thinking first, checking first: "để mình hỏi chồng đã")
    (r"(?<![\w'])de " + _VI_ME + r" (?:hoi|hoi lai|hoi y) ([\w ]{0,20}?)(?: da| truoc)?(?=[,.!?;]|$)",
     r"let me ask \1 first"),
    (r"(?<![\w'])de " + _VI_ME + r" (?:xem lai|xem|kiem tra|kiem tra lai|coi lai|check)(?: lai)?"
     r"(?:[\w ]{0,40}?)(?: da| truoc)?(?=[,.!?;]|$)", "let me check first"),
    (r"(?<![\w'])de " + _VI_ME + r" (?:nghi|suy nghi|tinh)(?: lai| them| da)*", "let me think about it"),
    (r"(?<![\w'])(?:(?:chi|anh|ban|em|quy khach) )?dong y(?: khong)?(?= *(?:a|ha|nhe|nha|khong)? *\?)",
     "do you agree"),
    (r"^(?:dc|dk|ok dc)(?= |,|\.|$)", "okay"), (r"(?<![\w'])cung dc(?![\w'])", "is fine"),
    (r"^uh?(?=[ ,.!]|$)", "yes"),
    (r"(?<![\w'])(?:ca|all) (?:2|hai) (?:don|order)(?![\w'])", "both orders"),
    (r"(?<![\w'])(?:ca|lam|het) ([2-4])(?: (?:cai|don|viec|thao tac|buoc|mon))(?![\w'])|"
     r"(?<![\w'])ca ([2-4])(?![\w'])",
     lambda m: ("do " if m.group().startswith("lam") else "")
     + {"2": "both", "3": "all three", "4": "all four"}[m.group(1) or m.group(2)]),
    (r"(?<![\w'])sang(?![\w'])", "to"), (r"(?<![\w'])lan nua(?![\w'])", "again"),
    (r"(\$[\d,.]+) (?:ve|vao)(?![\w'])", r"\1 to"),
    (r"(?<![\w'])(?:khoan khoan(?: da)?|khoan da|khoan|doi (?:da|chut|xiu|mot chut)|wait (?:da|chut|xiu|"
     r"mot chut))(?![\w'])", "wait"),
    (r"(?:^|(?<=[.!?] ))a(?=[ ,])", "oh"), (r"(?<![\w'])ly do (?:la|:)", "the reason is"),
    (r"(?<![\w'])chua (?:doi|huy|tra|lam|cap nhat|dat) voi(?![\w'])", "don't do it yet"),
    # (the agent only waiting: "chị cứ kiểm tra ạ, em chưa thay đổi gì đâu")
    (r"(?<![\w'])(?:chi|anh|ban|em|minh) cu (?:kiem tra|xem|coi|tu tu|suy nghi|hoi)(?: lai| thu)?(?![\w'])",
     "take your time"),
    (r"(?<![\w'])chua (?:thay doi|doi|lam|huy|cap nhat|sua) gi(?: ca| het)?(?: dau| het)?(?![\w'])",
     "nothing is done yet"),
    (r"(?<![\w'])(?:chua|chua duoc)(?= *(?:[,.!]|$))", "not yet"),
    (r"(?<![\w'])khong can nua(?![\w'])", "no longer needed"),
    (r"(?<![\w'])dat nham(?![\w'])", "ordered by mistake"),
    (r"(?<![\w'])khong khong(?![\w'])", "no no"),
    (r"(?:^|(?<=[.!?] ))thoi(?: khoi| dung)?(?=[ ,])", "never mind"),
    (r"(?<![\w'])(?:vay thoi|het roi|vay la het)(?![\w'])", "that's all"),
    # (the yeses)
    (r"(?<![\w'])(?:da vang|vang a)(?![\w'])", "sure"),
    (r"(?<![\w'])(?:da duoc|da co)(?![\w'])", "yes"),
    (r"^da(?=[ ,.!])", "yes"), (r"(?<![\w'])vang(?![\w'])", "yes"),
    (r"(?:^|(?<=[.!?] ))duoc(?=[ ,.!]|$)", "okay"),
    # (without tones: "dung dung the qua tang", don't use the gift card; "tra bang the visa", pay
    # with the visa)
    (r"(?<![\w'])dung dung(?![\w'])", "not"),
    (r"(?<![\w'])(?:dung roi|dung vay|dung the|chinh xac|chuan roi|chuan)(?![\w'])", "correct"),
    (r"(?<![\w'])cap nhat (?:di|luon)(?![\w'])", "update it"),
    (r"(?<![\w'])(?:tra|thanh toan) bang(?![\w'])", "pay with"),
    (r"(?<![\w'])nhung(?![\w'])", "but"), (r"(?<![\w'])chot don(?![\w'])", "ok"),
    (r"(?<![\w'])them (\d|mot|hai|ba)(?![\w'])", r"add \1"), (r"(?<![\w'])gui(?![\w'])", "send"),
    (r"(?<![\w'])hanh ly(?![\w'])", "baggage"), (r"(?<![\w'])hanh khach(?![\w'])", "passenger"),
    (r"(?<![\w'])chuyen bay(?![\w'])", "flight"), (r"(?<![\w'])dat cho(?![\w'])", "reservation"),
    (r"(?<![\w'])(?:phieu du lich|phieu)(?![\w'])", "travel certificate"),
    (r"(?<![\w'])hang thuong gia(?![\w'])", "business"),
    (r"(?<![\w'])pho thong co ban(?![\w'])", "basic economy"), (r"(?<![\w'])pho thong(?![\w'])", "economy"),
    (r"(?<![\w'])" + _VI_ME + r"? ?dong y(?![\w'])", "i agree"),
    (r"(?<![\w'])xac nhan(?![\w'])", "confirm"), (r"(?<![\w'])tien hanh(?![\w'])", "proceed"),
    (r"(?<![\w'])(?:ok |oke )?chot(?: luon)?(?![\w'])", "ok"), (r"(?<![\w'])ok het(?![\w'])", "ok to all"),
    (r"(?<![\w'])gi cung duoc(?![\w'])", "anything is fine"),
    (r"(?<![\w'])cung duoc(?![\w'])", "is fine"), (r"(?<![\w'])duoc roi(?![\w'])", "okay"),
    (r"(?<![\w'])mien la(?![\w'])", "as long as"), (r"(?<![\w'])neu(?![\w'])", "if"),
    # (the actions, and "do it for me")
    (r"(?<![\w'])(?:cu )?lam (?:giup|dum|ho) " + _VI_ME + r"(?![\w'])", "do it for me"),
    (r"(?<![\w'])(?:cu )?lam (?:di|luon)(?: di)?(?![\w'])", "do it"),
    (r"(?<![\w'])huy (?:luon )?(?:di|luon)(?: di)?(?![\w'])", "cancel it"),
    (r"(?<![\w'])tra (?:luon )?di(?![\w'])", "return it"),
    (r"(?<![\w'])doi (?:luon )?(?:di|luon)(?: di)?(?![\w'])", "exchange it"),
    (r"(?<![\w'])(?:doi|huy|tra|cap nhat) (?:giup|dum|ho) " + _VI_ME + r"(?![\w'])",
     lambda m: {"doi": "exchange", "huy": "cancel", "tra": "return"}.get(m.group().split()[0], "update")
     + " it for me"),
    (r"(?<![\w'])ca hai(?![\w'])", "both"), (r"(?<![\w'])ca ba(?![\w'])", "all three"),
    (r"(?<![\w'])tat ca(?![\w'])", "all"),
    (r"(?<![\w'])(?:address|dia chi) giao(?: hang)?(?![\w'])", "shipping address"),
    (r"(?<![\w'])doi (?:the )?(shipping )?(?:address|dia chi)(?![\w'])", r"change the \1address"),
    (r"(?<![\w'])doi phuong thuc(?![\w'])", "change the method"),
    (r"(?<![\w'])(?:doi hang|doi tra|doi)(?![\w'])", "exchange"),
    (r"(?<![\w'])(?:tra lai|tra hang|tra)(?![\w'])", "return"),
    (r"(?<![\w'])tra loi(?![\w'])", "answer"),
    (r"(?<![\w'])hoan tien(?![\w'])", "refund"), (r"(?<![\w'])hoan (?:ve|vao)(?![\w'])", "refunded to"),
    (r"(?<![\w'])huy(?![\w'])", "cancel"),
    (r"(?<![\w'])(?:cap nhat|thay doi|sua)(?![\w'])", "update"),
    (r"(?<![\w'])(?:dia chi giao hang|dia chi giao)(?![\w'])", "shipping address"),
    (r"(?<![\w'])dia chi(?![\w'])", "address"), (r"(?<![\w'])mac dinh(?![\w'])", "default"),
    (r"(?<![\w'])the qua tang(?![\w'])", "gift card"), (r"(?<![\w'])the tin dung(?![\w'])", "credit card"),
    (r"(?<![\w'])phuong thuc thanh toan(?![\w'])", "payment method"),
    (r"(?<![\w'])thanh toan(?![\w'])", "pay"), (r"(?<![\w'])chenh lech(?![\w'])", "difference"),
    (r"(?<![\w'])(?:don hang|don)(?![\w'])", "order"), (r"(?<![\w'])cai kia(?![\w'])", "the other one"),
    (r"(?<![\w'])(\w[\w ]{0,40}?) (?:giu (?:nguyen|lai)|van (?:lay|giu)|" + _VI_ME + r" van (?:lay|giu))"
     r"(?![\w'])",
     lambda m: f"keep {'' if m.group(1).startswith('the ') else 'the '}{m.group(1)}"),
    (r"(?<![\w'])cua(?![\w'])", "of"),
    (r"(?<![\w'])giu(?: nguyen| lai)?(?![\w'])", "keep"),
    (r"(?<![\w'])hoan(?![\w'])", "refund"), (r"(?<![\w'])vao(?![\w'])", "to"),
    # ("hủy cái đèn thôi": only cancel the lamp; not "vậy thôi", that's all, read before)
    (r"(?:^|(?<=[,.!?;] ))(?![^,.!?;]*only )(\w[\w ]{0,40}?) thoi(?= *(?:[,.!?;]|$))", r"only \1"),
    (r"(?<![\w'])cam on(?![\w'])", "thanks"), (r"(?<![\w'])khong(?= *\?)", ""),
    (r"(?<![\w'])khong(?![\w'])", "no"),
    (r"(?<![\w'])(?:roi|luon|thoi|nhe|nha|nhá|a|nghen|ne|di em|em oi|chi oi|anh oi)(?= *(?:[,.!?;]|$))", ""),
    (r"(?<=\w) (?:em|chi|anh|ban)(?= *(?:[,.!?;]|$))", ""),
    (r"(?<![\w'])(?:giup|dum) " + _VI_ME + r"(?![\w'])", "for me"),
    # (the one addressed, opening what they are asked to do: "dung roi, em cap nhat giup chi")
    (r"(?:^|(?<=[,.!?;] ))(?:em|chi|anh|ban)(?: cu)? (?=(?:update|cancel|exchange|return|change|do it|go "
     r"ahead)(?![\w']))", ""),
    (r"(?<![\w'])lam(?![\w'])", "do"))]


def in_english_vi(text: str) -> str:
    """``text`` with its Vietnamese words in English (``_VI_CUE``)."""
    for pattern, toned in _VI_TONED:
        text = pattern.sub(toned, text)
    text = "".join(c for c in unicodedata.normalize("NFKD", text.replace("đ", "d"))
                   if not unicodedata.combining(c))
    for pattern, said in _VI_WORDS:
        text = pattern.sub(said, text)
    return _SPACES.sub(" ", text)


# Languages this reader does not read that are written in Latin letters (Danish, Norwegian,
# Swedish, Indonesian, Malay, Turkish, Polish, Czech, Romanian, Hungarian ...), told by the
# letters only they write and by their commonest words (none a word of a language read, or of
# English): a turn in one of them is no yes because it opens with a word a language read shares
# ("Ja, men vent lige", yes, but wait a moment; "Ya, tapi tunggu dulu", yes, but wait first);
# not those that are also names ("Yang", "Dong", "Kok", "Edin") or German ("gerne").
# Their plain yeses are put in English first (``_UNREAD_YES``); any other of their words left in
# a turn read as a yes makes it none (``read_turn``). (A library that tells languages apart was
# weighed: lingua holds about 950 MB and names "Yes, go ahead" other than English; wordfreq's
# lists hold 126 MB.)
_UNREAD_LETTERS = "æøåışğąęłńśźżěřůőűșțčšž"
_UNREAD_WORDS = (
    # Danish, Norwegian, Swedish
    r"jeg|jag|ikke|ikkje|inte|også|också|vent lige|vent lidt|vent litt|vent med|vente|venter|vänta|vänt|"
    r"takk|hej|hvis|hvad|hva|noget|något|noe|lige|lidt|litt|gärna|gjerne|endnu|ennå|ännu|"
    r"først|först|senere|senare|stemmer|stämmer|greit|gør|gjør|gör|kør|kjør|kör|skal|vill|ordren|"
    r"ordern|bestilling|beställning|returnere|tilbake|tillbaka|tilbage|nej|eller|och|det|är|være|"
    r"fint|godt|tusen|tusind|takker|att|meg|mej|avbryt|kanseller|annuller|avbeställ|avbestill|"
    # Indonesian, Malay
    r"saya|aku|tapi|tetapi|tolong|dulu|sudah|udah|boleh|nggak|ngga|gak|enggak|engga|tidak|tak|"
    r"belum|jangan|silakan|silahkan|lanjut|lanjutkan|teruskan|kejap|sekejap|nak|betul|benar|bener|"
    r"aja|saja|pesanan|tempahan|tunggu|nanti|kalau|iya|makasih|terima|kasih|mantap|semua|semuanya|"
    r"ini|itu|dengan|untuk|ganti|tukar|sekali|sekalian|faham|paham|bisa|juga|batal|batalkan|"
    r"batalin|bayar|pakai|kartu|kad|alamat|diproses|prosesin|sebentar|bentar|setuju|deh|sih|"
    r"nih|mahu|hendak|jadi|takpe|gapapa|dua-duanya|keduanya|kedua-duanya|sahkan|terus|baik|"
    r"dibatalkan|diganti|ditukar|dikembalikan|"
    # Turkish
    r"evet|hayır|hayir|lütfen|lutfen|ancak|bekle|bekleyin|beklet|değil|degil|yok|olur|yapın|yapin|"
    r"iptal|teşekkür|tesekkur|teşekkürler|tesekkurler|sağol|sagol|şimdi|simdi|bir|için|icin|"
    r"onaylıyorum|onayliyorum|sonra|önce|rezervasyon|uçuş|ucus|bilet|tamamdır|tamamdir|düzeltin|"
    r"duzeltin|değiştirin|degistirin|gönderin|gonderin|ekleyin|doğru|dogru|iyi|hadi|"
    # Polish
    r"proszę|prosze|dziękuję|dziekuje|dzięki|dzieki|czekaj|poczekaj|chwileczkę|chwileczke|chwila|"
    r"jeszcze|jeśli|jesli|jeżeli|jezeli|najpierw|zgoda|dobrze|okej|anuluj|zmień|zmien|tylko|też|tez|"
    r"może|moze|muszę|musze|potwierdzam|tak|zmieniaj|zmieniamy|dodaj|dodajcie|zwracaj|zgadza|"
    r"teraz|wszystko|obie|oba")
# (the cue by a set of words, not one pattern of them all: it runs on every turn read)
_UNREAD_LETTER = re.compile(f"[{_UNREAD_LETTERS}]")
_UNREAD_SET = frozenset(w for w in _UNREAD_WORDS.split("|") if " " not in w)
_TOKEN = re.compile(r"[\w'-]+")


def _unread_cued(text: str) -> bool:
    """Whether lower-case ``text`` has a letter or a word of a language not read."""
    return _UNREAD_LETTER.search(text) is not None or not _UNREAD_SET.isdisjoint(_TOKEN.findall(text)) \
        or _JA_MEN.search(text) is not None


# the Nordic "yes, but", its words each one a read language has ("Ja, men vent.": yes, but wait)
_JA_MEN = re.compile(r"(?<![\w'])ja,? men(?![\w'])")


# (a word of theirs, or a word written with their letters, left after the plain yeses are put in
# English)
_UNREAD_WORD = re.compile(rf"(?<![\w'-])(?:{_UNREAD_WORDS})(?![\w'-])|[\w'-]*[{_UNREAD_LETTERS}][\w'-]*")
_JA_MEN_WORD = re.compile(r"(?<=ja, )men(?![\w'-])|(?<=ja )men(?![\w'-])")  # (when no other is left)
_UNREAD_YES: list[tuple[re.Pattern[str], str]] = [(re.compile(p), r) for p, r in (
    # Danish, Norwegian, Swedish: "ja tak", "ja, gør det", "kør på", "det stemmer"
    # (Polish first: "tak, proszę" is yes, please; the Danish "tak" alone is thanks)
    (r"^tak(?=,? (?:proszę|prosze|poproszę|poprosze|potwierdzam|dziękuję|dziekuje|zgoda|dobrze|anuluj|"
     r"anulujcie|rezerwuj|rezerwujcie|obie|zmień|zmien|zmieniaj|zmieniamy|zmieńcie|dodaj|dodajcie|"
     r"dodajemy|zwróć|zwracaj|zwracamy|zgadza|teraz|oczywiście|jasne|na)(?![\w']))", "yes"),
    (r"(?<![\w'])ja,? (?:tak|tack|takk)(?=[ ,.!]|$)", "yes please"),
    (r"^(?:tak|tack|takk)(?= *(?:[,.!]|$))", "thanks"),
    (r"(?<![\w'])(?:gør|gjør|gör) (?:alt det|alt sammen|det hele|det altsammen|allt det|allt)(?![\w'])",
     "do all of it"),
    (r"(?<![\w'])(?:gør|gjør|gör) (?:det|så)(?![\w'])", "do it"),
    (r"(?<![\w'])(?:(?:ok|okay|ja),? )?(?:da|så|då) (?:kjører|kører|kör) vi(?![\w'])", "go ahead"),
    (r"(?<![\w'])(?:nu )?(?:må du gerne|du må gerne|du får gärna|du kan gjerne)(?: nå| nu)?(?![\w'])",
     "go ahead"),
    (r"(?<![\w'])det (?:lyder|høres|låter) (?:godt|bra|fint|rigtigt|riktig|rätt)(?: ut)?(?![\w'])",
     "sounds good"),
    (r"(?<![\w'])det (?:er|är) (?:alt|allt)(?![\w'])", "that's all"),
    (r"(?<![\w'])(?:kør|kjør|kör)(?: på| bara| bare)?(?![\w'])", "go ahead"),
    (r"(?<![\w'])det (?:stemmer|stämmer)(?![\w'])", "that's right"),
    (r"(?<![\w'])det er (?:greit|fint|i orden|ok)(?![\w'])", "that's fine"),
    (r"(?<![\w'])(?:tusen takk|tusind tak|mange tak|tack så mycket)(?![\w'])", "thanks"),
    (r"(?<![\w'])det (?:er|är) (?:korrekt|riktig|riktigt|rigtigt|rigtig)(?: nu| nå)?(?![\w'])",
     "that's correct"),
    (r"(?<![\w'])det blir bra(?![\w'])", "that's fine"),
    (r"(?<![\w'])(?:båda två|båda|bägge|begge deler|begge to|begge)(?![\w'])", "both"),
    (r"(?<![\w'])(?:alle|alla) tre(?![\w'])", "all three"),
    (r"(?<![\w'])(?:gør|gjør|gör) (?=all three|both)", "do "),
    (r"(?<![\w'])(?:avbryt|kanseller|annuller|avbeställ|avbestill)(?: den| det)?(?![\w'])", "cancel it"),
    (r"(?<![\w'])(?:til|till) (?=both|all three)", "to "),
    # Indonesian, Malay: "iya, silakan", "ya, teruskan", "boleh", "betul, lanjut"
    (r"(?<![\w'])(?:iya|iye|yup)(?![\w'])", "yes"),
    (r"(?<![\w'])(?:silakan|silahkan)(?: (?:lanjut|lanjutkan|diproses|proses))?(?![\w'])", "please go ahead"),
    (r"(?<![\w'])(?:lanjut|lanjutkan|teruskan|prosesin)(?: (?:aja|saja|je|ya|lah))?(?![\w'])",
     "proceed"),
    (r"(?<![\w'])(?:ok |oke |okay )?boleh(?: je| aja)?(?= *(?:[,.!]|$))", "okay"),
    (r"(?<![\w'])(?:sudah|udah|dah) (?:benar|betul|bener)(?: semua| semuanya)?(?![\w'])", "that's correct"),
    (r"(?<![\w'])itu (?:aja|saja|je|sahaja)(?![\w'])", "that's all"),
    (r"(?<![\w'])(?:tolong )?(?:tukar|ganti|tukarkan|gantikan)(?: (?:aja|saja|je|ya))?(?= *(?:[,.!]|$))",
     "change it"),
    (r"(?<![\w'])(?:batalkan|batalin|batal)(?: (?:aja|saja|je|ya))?(?= *(?:[,.!]|$))", "cancel it"),
    (r"(?<![\w'])(?:tolong )?(?:diproses|proses)(?: (?:aja|saja|je|ya))?(?= *(?:[,.!]|$))", "go ahead"),
    (r"(?<![\w'])(?:dua-dua|dua-duanya)(?![\w'])", "both"),
    (r"(?<![\w'])(?:buat|bikin) (?=both|all)", "do "), (r"(?<=both) (?:sekali|sekaligus)(?![\w'])", ""),
    (r"(?<![\w'])(?:betul|benar|bener)(?: (?:tu|itu|semua|semuanya|sekali))?(?![\w'])", "correct"),
    (r"(?<![\w'])setuju(?![\w'])", "agreed"), (r"(?<![\w'])mantap(?![\w'])", "great"),
    (r"(?<![\w'])(?:makasih|terima kasih|terima kasih banyak|makasih banyak)(?![\w'])", "thanks"),
    (r"(?<![\w'])(?:semua|semuanya)(?![\w'])", "all"),
    (r"(?<![\w'])(?:dua-duanya|keduanya|kedua-duanya)(?![\w'])", "both"),
    (r"(?<=\w) (?:ya|dong|deh|kak|nih|je)(?= *(?:[,.!]|$))", ""),
    # Turkish: "evet, onaylıyorum", "evet lütfen"
    (r"(?<![\w'])evet(?![\w'])", "yes"), (r"(?<![\w'])(?:lütfen|lutfen)(?![\w'])", "please"),
    (r"(?<![\w'])(?:onaylıyorum|onayliyorum)(?![\w'])", "i confirm"),
    (r"(?<![\w'])(?:teşekkürler|tesekkurler|teşekkür ederim|sağol|sağolun)(?![\w'])", "thanks"),
    (r"(?<![\w'])(?:ikisini de|ikisi de)(?![\w'])", "both"), (r"(?<![\w'])üçünü de(?![\w'])", "all three"),
    (r"(?<![\w'])iptal edin(?![\w'])", "cancel it"), (r"(?<![\w'])(?:yapın|yapin)(?![\w'])", "do it"),
    (r"(?<![\w'])(?:düzeltin|duzeltin)(?![\w'])", "correct it"),
    (r"(?<![\w'])(?:değiştirin|degistirin)(?![\w'])", "change it"),
    (r"(?<![\w'])(?:gönderin|gonderin)(?![\w'])", "send it"), (r"(?<![\w'])ekleyin(?![\w'])", "add it"),
    (r"(?<![\w'])(?:doğru|dogru)(?![\w'])", "correct"), (r"^olur(?=[ ,.!]|$)", "okay"),
    (r"(?<![\w'])(?:iyi|güzel)(?= *(?:[,.!]|$))", "good"), (r"^hadi(?=[ ,.!]|$)", "go ahead"),
    # Polish: "tak, proszę", "tak, potwierdzam"
    (r"(?<![\w'])(?:poproszę|poprosze|proszę|prosze)(?![\w'])", "please"),
    (r"(?<![\w'])potwierdzam(?![\w'])", "i confirm"),
    (r"(?<![\w'])(?:anuluj|anulujcie|anulujmy)(?![\w'])", "cancel it"),
    (r"(?<![\w'])(?:rezerwuj|rezerwujcie|zarezerwuj)(?![\w'])", "book it"),
    (r"(?<![\w'])(?:obie|oba|obydwie|obydwa)(?: zmiany)?(?![\w'])", "both"),
    (r"(?<![\w'])(?:zmień|zmien|zmieniaj|zmieniamy|zmieńcie)(?![\w'])", "change it"),
    (r"(?<![\w'])(?:dodaj|dodajcie|dodajemy)(?![\w'])", "add it"),
    (r"(?<![\w'])(?:zwróć|zwracaj|zwracamy|zwróćcie)(?![\w'])", "return it"),
    (r"(?<![\w'])zgadza się(?![\w'])", "that's right"),
    (r"(?<![\w'])teraz dobrze(?![\w'])", "now it's right"),
    (r"(?<![\w'])(?:dobrze|w porządku|jasne|oczywiście)(?![\w'])", "okay"),
    (r"(?<![\w'])to wszystko(?![\w'])", "that's all"),
    (r"(?<![\w'])(?:dziękuję|dziekuje|dzięki|dzieki)(?![\w'])", "thanks"))]


def in_english_unread(text: str) -> str:
    """``text`` with the plain yeses of languages the reader does not read in English
    (``_unread_cued``); their other words stay as they are."""
    for pattern, said in _UNREAD_YES:
        text = pattern.sub(said, text)
    return _SPACES.sub(" ", text)


_HEARD = re.compile(r"(?<![\w'])(?:go a head|(?:yes|yeah|yep|ok|okay) shore)(?![\w'])")
_HEARD_AS = {"go": "go ahead", "ye": "yeah sure", "ok": "ok sure"}
_HEARD_WORDS = re.compile(r"(?<![\w'])(?:that'?s write|that is write|conform)(?![\w'])")
# (a "no" heard as "know", alone in its sentence, and "udder" for "other": "Yes. Know. Not that one
# the udder one with the tablet")
_HEARD_NO = re.compile(r"(?:^|(?<=[.!?] ))know(?=[.!,]|$)|(?<![\w'])udder(?= one)")


_SPACES = re.compile(r"[^\S\n]+")
_LINE_BREAK = re.compile(r" ?\n[\s]*")
_DRAWN_OUT = re.compile(r"([a-z])\1{2,}")
_WORD_OR_ID = re.compile(r"[a-z0-9_]+")
_DIGIT = re.compile(r"\d")
_LAUGHTER = re.compile(r"(?<![\w'])k{3,}(?![\w'])")


# ---- lexicons ------------------------------------------------------------------------------
# Each is a regular expression over one normalised sentence. Word boundaries use (?<!\w) and
# (?!\w) so accented letters count as letters.

def _words(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])(?:" + "|".join(alternatives) + r")(?![\w'])")


_YES = _words(
    # English (first, an option taken, closing the sentence: "Fine, both legs then.")
    r"(?:fine|ok(?:ay)?|alright|all right),? (?:[a-z']+ ){1,3}then$",
    # (a grudging yes: "fine whatever", before "fine" alone, which is weak)
    r"^(?:ugh,? |meh,? )?(?:fine|ok(?:ay)?|sure|alright),? whatever(?=\s*(?:[,.!]|$))",
    # (not a yes told of, in a clause of time: "I didn't see anything after I said yes")
    r"(?<!after i said )(?<!when i said )(?<!once i said )(?<!since i said )(?<!before i said )"
    r"(?<!after you said )(?<!after i typed )(?<!after i clicked )yes",
    r"yeah", r"yepp?", r"yupp?", r"yea", r"ya", r"yass?", r"aye", r"m+hm+", r"mm-hm+",
    r"righto", r"right-o", r"righty-?o",
    # (the one left, said again after a turn of mind: "... ah non, attendez, ... Donc seulement Las
    # Vegas.", "so just the kettle then")
    r"^(?:donc|alors|so|entonces|então|quindi|also|dann) (?:seulement|juste|only|just|solo|sólo|só|"
    r"solamente|soltanto|nur) (?:(?:le|la|les|l'|el|los|las|o|a|il|lo|the|die|der|das) ?)?[a-zà-ÿ]{3,}"
    r"(?: [a-zà-ÿ]{2,}){0,2}(?: then| alors| entonces| dann)?$",
    # (a grudging yes, with the method it goes on: "eh fine, the visa.")
    r"^(?:(?:eh|ugh|meh|well|oh)[,\s]+)?(?:fine|ok(?:ay)?|alright|sure)[,\s]+(?:the |my )?"
    r"(?:visa|mastercard|amex|paypal|gift card|discover|credit card)(?:\s+(?:then|it is|please))?$",
    # (only one thing, asked for with a "please", as "only the bags, please" is: "Nur die
    # Koffer, bitte.", "Solo las maletas, por favor.")
    r"^(?:nur|solo|sólo|só|seulement|uniquement|soltanto|alleen|enkel) (?:(?:le|la|les|l'|el|los|las|o|a|"
    r"os|as|il|lo|gli|i|die|der|das|den|de|het) ?)?[a-zà-ÿ]{3,}(?: [a-zà-ÿ]{2,}){0,2},? (?:bitte|"
    r"por favor|s'il vous plaît|s'il vous plait|svp|per favore|graag|alstublieft|alsjeblieft|"
    # (or for now: "Só as malas por enquanto.")
    r"por enquanto|por agora|por ahora|pour l'instant|pour le moment|per ora|per adesso|vorerst|"
    r"erstmal|voorlopig|voor nu)$",
    r"nickel",  # (French, "perfect": "Nickel, c'est bien ça")
    r"uh-?huh",
    # (not a fact the user is sure of: "I'm quite sure there were 3", "pretty sure it was blue")
    r"(?<!make )(?<!making )(?<!be )(?<!not )(?<!% )(?<!percent )sure(?: thing)?"
    r"(?<!quite sure)(?<!pretty sure)(?<!fairly sure)(?<!very sure)(?<!so sure)"
    r"(?<!almost sure)(?<!100% sure)",
    r"ok(?:ay|k)?", r"k", r"kk", r"alright", r"all right", r"affirmative",
    # (not saying how sure something else is: "I'm definitely bringing one")
    r"(?<!i'm )(?<!i am )(?<!we're )(?<!we are )(?:absolutely|definitely|certainly)"
    r"(?! [a-z]+ing(?![\w']))", r"of course", r"indeed", r"exactly", r"correct", r"yes sir",
    # (steps of a plan approved together: "Both are fine", "Fine with both", "all three sound good")
    r"(?:both|all|all (?:of them|two|three|four)|everything|the rest)(?: of (?:them|those|these))? "
    r"(?:are|is|look|looks|sound|sounds|seem|seems) (?:fine|good|great|ok|okay|perfect|right)",
    r"(?:i'?m )?(?:fine|ok|okay|good) with (?:both|all|all (?:of them|two|three|four)|everything)",
    # (the same, its verb left out: "Both good, go.", "All three fine")
    r"^(?:both|all three|all four|all of them|all|everything) (?:good|fine|ok|okay|great|perfect|correct)"
    r"(?=\s*(?:[,.!]|$))",

    r"that'?s (?:right|correct|fine|good|great|perfect|it)", r"(?:that|this) (?:is|looks|sounds) "
    r"(?:right|correct|good|great|fine|perfect)", r"(?:looks|sounds) (?:good|great|right|fine|"
    r"perfect)", r"perfect", r"agreed?", r"approved?", r"i approve", r"confirm(?:ed)?",
    r"i (?:do |hereby )?confirm", r"confirmation", r"confirming", r"i'?m confirming",
    r"fine(?: by me| with me)?", r"works for me", r"lgtm", r"too right",
    # (Mexico's "sale", alone or opening the turn: "Sale.", "sale, cámbialo")
    r"^sale(?=\s*(?:[.!,]|$))",
    # (chat's and slang's yeses, alone in their clause: "bet", "say less", "yessir", "yh", "aight",
    # "ofc", "fo sho")
    r"^bet(?: bet)?(?=\s*(?:[,.!]|$))", r"say less(?=\s*(?:[,.!]|$))", r"yessir", r"yh",
    r"a?ight(?=\s*(?:[,.!]|$| do| go| bet| send))", r"ofc", r"fo(?:r)? sho", r"^def(?=\s*(?:[,.!]|$))",
    r"^word(?=\s*(?:[,.!]|$))",
    r"that works", r"deal", r"please do", r"please",
    # (one thing of those offered, now: "Just the flight for now.")
    r"(?:just|only) (?:the|my) (?!first|second|third|last|other)[a-z]{3,}(?: [a-z]+)? for now",
    # (the order's change picked, not the profile's, or the other way: "Just the order.", "Solo
    # l'ordine, il profilo lascialo com'è per ora.", "Só a encomenda", "Nur die Bestellung")
    r"(?:just|only|solo|solamente|sólo|só|somente|apenas|seulement|uniquement|nur|alleen) "
    r"(?:the |my |l'|il |la |el |o |a |le |das |die |der |de |het |mi |mio |mia |meu |minha |mon |"
    r"ma |mein |meine |mijn )?(?:order|profile|account|ordine|profilo|pedido|perfil|cuenta|"
    r"encomenda|conta|commande|profil|compte|bestellung|konto|bestelling)"
    r"(?=\s*(?:[,.!]|$| please| por favor| per favore| s'il vous plaît| bitte| alsjeblieft))",
    # ("That's what I want." to the plan listed; not "that's what i want to know")
    r"that'?s (?:exactly |just )?what i (?:want|need|wanted|asked for)(?! to)",
    r"i(?: will|'?ll)? accept", r"accepted", r"i agree", r"by all means", r"you bet", r"right",
    r"i (?:hereby )?(?:consent|authori[sz]e)(?: (?:to )?(?:it|this|that|the \w+))?",
    r"you have my (?:approval|consent|permission|go-ahead|ok|okay)", r"sounds like a plan",
    r"let'?s do (?:it|that|this)",
    # (given in to: "fine, I guess"; an option settled on: "then card it is", "PayPal it is")
    r"^(?:ugh,? |meh,? |well,? )?(?:fine|ok(?:ay)?|alright),? i guess(?=\s*(?:$|[,.!]))",
    r"(?:^|(?<=then )|(?<=so ))(?!(?:what|which|where|when|how|who|why|that|this|there|here|whatever|"
    r"as|so)(?![\w']))(?:the )?[a-z]{3,}(?: [a-z]{3,})? it is(?=\s*(?:$|[.!]))",
    # (one step picked, asked for politely: "So just the payment switch, please.")
    r"^(?:so |ok,? |okay,? |then )?(?:just|only) (?:the|my) [a-z]{3,}(?: [a-z]{3,}){0,2},? please"
    r"(?=\s*(?:$|[.!]))",
    # (a step said to stand after another is held: "The boots swap is still on.")
    r"(?:is|are|'s|'re) still (?:on|a go|good to go|happening)(?=\s*(?:$|[,.!]))",
    # (a step of the plan picked to go first: "Let's start with the address since that order
    # ships soonest.")
    r"let'?s (?:start|begin) with(?= (?:the|my|step|number|#|[1-9])(?![\w']))",
    r"(?:both|all (?:three|four|of them|of it)),? please",
    # (opening its clause: "Both.", "yes to both"; not "is same bank both")
    r"(?<![\w'] )(?:yes,? )?(?:to )?(?:both|all three|all of them)(?= please| thanks| thank you|$)",
    # (and with a go after it: "all three, go.", "both - go ahead")
    r"^(?:both|all three|all four|all of them)(?:,| -| —)? go(?: ahead)?(?=\s*(?:[.!]|$))",
    r"(?:i want|i'?d like|we want|we'?d like|do) (?:both|all three|all of them)"
    r"(?= please| thanks| thank you|$)",
    r"(?<!not )i'?m (?:happy|fine|ok|okay|good) with (?:that|this|it)",
    # (an offer taken: "That would be nice, thanks.")
    r"that(?: would|'d) be (?:nice|great|good|lovely|wonderful|perfect|helpful|amazing|"
    r"appreciated)", r"i'?d (?:really )?(?:appreciate|like|love) that",
    # (the Englishes of the Philippines and West Africa: "Opo, tama po yan.", "Abeg send am.",
    # "Oya na, make e be like that.")
    r"opo", r"oo(?= po)", r"sige(?: po| na)?", r"tama(?: po)?(?: yan)?", r"yan na po",
    r"(?:abeg,? )?(?:send|do|book|cancel|change|add|fix|move) am", r"make e be (?:like that|so)",
    r"oya(?: na)?(?=[\s,.!]|$)",
    # Spanish
    r"sí", r"claro(?: que sí)?", r"de acuerdo", r"por supuesto", r"correcto",
    # (not Portuguese's voucher: "Esse vale-presente eu nem uso mais")
    # (not the Portuguese voucher after its article: "Não no vale.", "pelo vale")
    r"(?<!\bno )(?<!\bna )(?<!\bo )(?<!\bum )(?<!\bdo )(?<!\bpelo )(?<!\bao )(?<!\bcom o )"
    r"vale(?![- ](?:presente|compra|refeição|refeicao|troca|viagem|alimentação|alimentacao))",
    # (the regions' Italian yeses: Sicily's "Cettu, vai", Rome's "Daje")
    r"cettu", r"daje",
    r"sip",  # (chat's yes: "sip")
    # (Singapore's "can": "ya can lah", "can lor")
    r"^(?:ya |yah |yeah |ok |okay )?can(?: lah| la| leh| lor| one)?(?=\s*(?:$|[,.!]))",
    # (Ireland's "grand so", and "no wahala", "no probs", as the yes they are)
    r"^grand,? so(?=\s*(?:$|[,.!]))", r"^no (?:wahala|probs?|stress|sweat)(?=\s*(?:$|[,.!]))",
    # (chat's "no problem", alone or before the go: "np go")
    r"^np(?=[\s,!.]*(?:$|go(?![\w'])|do it|proceed|pls|please|thx|thanks))",
    # (Mexico's "all right", and its "va" after it or alone: "Órale, va. Gracias.")
    r"^[óo]rale(?=\s*(?:$|[,.!]|va(?![\w'])|pues))", r"^va(?=\s*(?:$|[.!]))",
    r"(?:obvio|claro|obviamente) (?:que |q )s[ií]",
    # (French, an offer taken: "Je veux bien, merci.")
    r"je veux bien(?=\s*(?:$|[,.!]|merci|oui))",
    # ("si" unaccented, as chat writes it, where it stands alone: "si. las dos", "si, dale";
    # not "si el precio ..." (if))
    r"^si+(?=\s*(?:$|[,.!]|por ?fa(?:vor|bor)?(?![\w'])|porfis))",  # (and "si porfabor, pasalo ...")
    r"confirmo", r"perfecto", r"exacto", r"está bien", r"esta bien", r"dale", r"sí,? por favor",
    # (Spain's "come on", opening its sentence: "Venga, las dos."; not "que venga mañana")
    r"^venga(?=\s*(?:$|[,.!]))",
    # ("Listo, hágale.": ready, as a yes, closing its clause; not "no estoy listo")
    r"(?<!no )(?<!estoy )(?<!está )(?<!esta )listo(?=\s*(?:[,.!]|$))",
    r"(?<!no )(?<!no, )acepto",
    # (written without its accent, where "si" is not an "if": "si porfa, cambialo a la visa")
    r"si,? (?:porfa|por favor|claro|dale|gracias)",
    # (steps by their numbers, said to be fine: "1 and 2 are fine")
    r"^[1-9](?:\s*(?:,|and|&)\s*[1-9])* (?:are|is|sound|sounds|look|looks) (?:fine|good|ok|okay|"
    r"great|right|correct|perfect)",
    # (and the Italian "sì" so written, or a "yes but": "si ma solo la maglietta", "si però ...")
    r"^si(?=,? (?:ma|però|pero|mas|certo|grazie|dai|va bene|perfetto|procedi|vai|obrigad[oa])"
    r"(?![\w']))",
    # ("si a tutte e due", "sì per entrambe": yes to all of them)
    r"^si(?= (?:a|per|para|pra) (?:tutt[aeoi]|entramb[ei]|ambos|ambas|todos|todas|os dois|as duas|"
    r"los dos|las dos)(?![\w']))",
    # French
    r"oui", r"ouais", r"d'accord", r"bien sûr", r"exactement", r"parfait", r"je confirme",
    r"c'est bon", r"ça marche", r"entendu",
    # (Switzerland's and the rest's: "C'est en ordre, merci.", "Ça joue", "ça me va")
    r"c'est en ordre", r"ça joue", r"ça me va", r"volontiers", r"j'accepte", r"carrément", r"nickel",
    # (as written in a hurry: "ouai c bon pr les 2 ... vazy")
    r"ouai", r"c bon", r"cé bon", r"ok c bon", r"vazy", r"vas y", r"vasy",
    # (Québec: "Ouin, c'est ça, annule-la.", "C'est beau, go.")
    r"^ouin(?=\s*(?:[,.!]|$))", r"c'est beau(?=\s*(?:[,.!]|$))",
    r"(?:annule|change|ajoute|envoie|rembourse|réserve|modifie|fais)-(?:la|le|les)(?![\w'])",
    # German
    # (as an answer: opening its clause, or after an interjection; not the particle after a
    # verb or a pronoun: "Die soll ja trotzdem nach Seattle", "Mein Mann meint ja, ...")
    r"(?=ja)(?:^|(?<=[^\w\s'])|(?<=[^\w\s'] )|" + "|".join(f"(?<=(?<![\\w']){w} )" for w in (
        "na", "oh", "ach", "also", "tja", "nun", "gut", "okay", "ok", "dann", "und", "aber", "doch",
        "genau", "klar", "prima", "super", "äh", "ähm", "hm", "hmm", "mhm", "ja", "jo", "naja",
        "glaube", "denke", "ah", "achso", "sehr", "gerne", "danke", "mh")) + r")ja",
    # (or closing the clause of the thing said yes to: "Namen ja, bitte korrigieren", "Die mit dem
    # Makeup ja, weg damit", "De naam ja"; not after a verb or a pronoun)
    r"(?=ja)(?<!\ssoll )(?<!\ssollte )(?<!\sist )(?<!\swar )(?<!\shab )(?<!\shabe )(?<!\shat )(?<!\ssind )"
    r"(?<!\skann )(?<!\swird )(?<!\smuss )(?<!\swill )(?<!\sgeht )(?<!\sgibt )(?<!\swäre )"
    r"(?<!\shätte )(?<!\sdas )(?<!\sdie )(?<!\sder )(?<!\ses )(?<!\ssie )(?<!\swir )(?<!\sich )"
    r"(?<!\sdu )(?<!\sman )(?<!\smeint )(?<!\ssagt )(?<!\sdenkt )(?<!\sfindet )(?<!\sweiß )"
    r"(?<!\sglaubt )(?<!\smeinte )(?<!\ssagte )ja(?=\s*(?:[,.!;]|$|bitte|gerne|graag))",
    r"jawohl", r"jawoll", r"genau",
    # ("passt", "passt so", "das passt schon"; not said of a thing that fits: "die passt meinem
    # Mann ganz gut")
    r"einverstanden", r"in ordnung", r"passt(?=\s*(?:[,.!;]|$|so|schon|gut|perfekt|alles|bitte|danke)"
    r"(?![\w']))", r"stimmt", r"jep+", r"jup+", r"japp", r"jo",
    r"bestätigt", r"ich bestätige", r"gerne", r"klar", r"natürlich", r"richtig",
    r"(?<!nicht )(?<!nicht so )klingt (?:gut|super|prima|perfekt)", r"hört sich gut an",
    r"ich akzeptiere(?! (?:das |es |den |die )?nicht)", r"(?<!nicht )akzeptiert",
    # Portuguese
    r"sim", r"com certeza", r"tudo bem", r"exato", r"exatamente",
    r"^ss(?=\s|[,.!]|$)",  # (chat's "sim sim", opening the turn: "ss pode mudar")
    # ("da ana pode, do pedro também", "a minha pode": it may, a clause's last word)
    r"(?<!não )(?<!nao )pode(?=\s*(?:[,.!;]|$))",
    # (and with its verb, the thing put first: "A troca do voo pode fazer.")
    r"(?<!não )(?<!nao )pode (?:fazer|mandar|seguir|avançar|trocar|cancelar|mudar|alterar)"
    r"(?=\s*(?:[,.!;]|$|sim|por favor|então))", r"isso mesmo", r"confirmado", r"certo", r"beleza",
    r"pode ser", r"perfeito", r"é isso", r"tá bom", r"ta bom", r"está bom", r"combinado",
    r"fechado", r"(?<!não )(?<!nao )(?<!não, )aceito",
    # ("isso", that's it, opening its sentence; not its subject: "Isso é um absurdo", nor an
    # object: "não aceito isso")
    r"(?<![\w'] )isso(?! (?:é|e|foi|está|esta|não|nao|seria|vai|parece|tá|ta|me)(?![\w']))",
    # (drawn out, once the reader has cut a letter said three times to two: "ouiii", "siii")
    r"ouii", r"sii", r"síí", r"sìì", r"jaa", r"simm",
    # Italian
    r"sì", r"certo", r"va bene", r"vanno bene", r"d'accordo", r"confermo", r"esatto", r"perfetto",
    r"giusto",
    r"(?<!non )(?<!non, )accetto",
    # (the go said to one thing, its pronoun on the verb: "Il primo annullalo pure")
    r"(?<!non )(?:annulla|cambia|restituisci|sostituisci|modifica|prenota|cancella|aggiorna)"
    r"(?:lo|la|li|le)(?: pure)?(?=\s*(?:[,.!]|$| pure| grazie))",
    # Dutch ("ja" is German's too)
    # (not Italian's "prima", before: "fammi controllare le misure prima")
    r"jazeker", r"jawel", r"^prima(?=\s*(?:[,.!]|$))", r"akkoord", r"(?:dat )?is goed", r"klopt",
    r"(?<!niet )juist",
    r"(?<!niet )graag", r"in orde", r"helemaal goed", r"ik ga akkoord",
    # ("Oké, top.": the Dutch "oké" and "top" as a yes, alone in their clause)
    r"oké(?=\s*(?:[,.!]|$))", r"^top(?=\s*(?:[,.!]|$))",
)
# Words that on their own carry little ("please", "right", "great"): they affirm only when the
# sentence is nothing but them (plus filler), e.g. "Great!", "Right."; inside "please tell me ..."
# or "right now" they do not.
_WEAK_YES = _words(r"please", r"right", r"perfect", r"k", r"confirmation", r"correct", r"exactly",
                   r"indeed", r"fine", r"klar", r"richtig", r"deal", r"stimmt", r"giusto", r"juist")

# a weak yes opening a sentence, what follows it the go: "correct, go"
_WEAK_LEAD = re.compile(r"^(?:correct|right|exactly|perfect|fine|indeed)[\s,.!-]+")

# Imperative go-aheads: the user tells the agent to act.
_GO_VERBS = (
    r"proceed|go ahead|go for it|go on|carry on|continue|do it|do that|do this|do so|get it done|"
    # ("Do the name fix and the bag now.")
    r"do the(?= [a-z][a-z-]{2,}(?: [a-z-]+){0,5}(?: now| first| please)?"
    # (and what pays for it: "Do the cabin change, on the gift card.")
    r"(?:,? (?:on|with|using) (?:the |my )?[a-z ]{3,25})?(?:,? so)?$)|"
    # (a thing put on, in Australian: "too right, chuck 'em on, mate")
    r"chuck (?:it|'em|em|them|those|the [a-z]+) (?:on|in)(?![\w'])|"
    # ("do the three with two people on them now, JG7FMM, X7BYG1 and BOH180", "do JG7FMM")
    r"do (?:the )?(?:two|three|four|five|six|both|rest|others|other (?:one|two|three))(?![\w'])|"
    r"do #?[a-z]{0,4}\d[a-z0-9]{2,}(?![\w'])|"
    # (someone's by whom it is for: "Just do my son's.", "do lily's helmet")
    r"do (?:the |my |his |her |our |their )?[a-z]+'s(?: [a-z]+)?(?=\s*(?:$|[,.!]| now| first| please| too))|"
    # (whose by the pronoun: "Do mine now. I'll ask Jenna about hers first")
    r"do (?:mine|ours|hers|his|theirs)(?=\s*(?:$|[,.!]| now| first| please| too))|"
    r"get (?:it|that|this) done|make it (?:so|happen)|execute|process|submit|complete|finali[sz]e|"
    # (an address or a change kept: "correct, save it")
    r"save (?:it|that|this|them|the (?:new )?(?:address|change|changes))(?![\w'])|"
    r"apply|place|book|cancel|exchange|change|modify|update|switch|upgrade|downgrade|add|"
    # (not the trip's return leg: "Return on the 19th.")
    r"return(?! (?:on|flight|trip|leg|date|is|was|would|should|at|in)(?![\w']))|"
    r"remove|refund|send|issue|replace|swap|file|initiate|start|move|set|put|"
    # (a booking made in error taken back: "Fine, undo it.")
    r"(?:undo|reverse|revert) (?:it|that|this|the booking|the change)(?![\w'])|"
    # (a name or a date put right: "let's only fix Lily's name for now")
    r"fix(?= (?:the|her|his|my|their|it|that|this|both|all|[a-z]+'s)(?![\w']))|"
    r"try (?:it |that |this )?again|retry|redo|finish|handle|arrange|"
    r"ship (?:it|them|everything)|lock (?:it|that|this|them) in|"
    r"make (?:all )?(?:the|these|those|this|that|my|both) (?:change|changes|switch|exchange|"
    r"return|update|booking|modification|swap|upgrade|downgrade|cancell?ation)s?|go through with|"
    r"carry (?:it |that |this )?out|"
    r"do (?:the|these|those|this|that|my|both|all) (?:change|return|exchange|cancell?ation|"
    r"update|booking|refund|modification|swap|upgrade)s?|"
    r"authori[sz]e|"
    r"let'?s (?:do|go|proceed|book|make)|lets (?:do|go|proceed)|"
    # other languages
    r"adelante|hazlo|hágalo|haz(?= (?:el|la|los|las|lo|step|eso|todo)(?![\w']))|procede|proceda|"
    # ("Hecho. Tramítalo.": put it through)
    r"tr[aá]m[ií]t(?:alo|ala|elo|ela|alos|elos)|"
    r"continúa|continúe|sigue|siga|cancela|cancele|"
    # (its pronoun plural too: "va, cámbialos")
    r"c[aá]mbia(?:lo|la|los|las)|c[aá]mbie(?:lo|la|los|las)|actualíza(?:lo|la)|actualiza(?:lo|la)|"
    # (the polite imperative with its pronoun: "La A, cancélela por favor.")
    r"cancél(?:ela|elo|elas|elos|ala|alo|alas|alos)|cancel(?:ela|elo)|devuélv(?:alo|ala|elo|ela|alos|elos)|"
    r"añáda(?:la|lo|las|los)|agrégue(?:la|lo|las|los)|resérve(?:la|lo)|envíe(?:la|lo)|"
    r"allez-y|vas-y|faites-le|fais-le|procédez|continuez|annulez|confirmez(?!-moi| moi)|"
    # (the polite imperative with its pronoun: "Ajoutez-la maintenant, s'il vous plaît.")
    r"(?:ajoutez|changez|modifiez|réservez|envoyez|remboursez|échangez|retournez|corrigez|annulez|"
    r"émettez|emettez|faites|appliquez|validez)-(?:la|le|les)|"
    # (Quebec's go on, closing its clause: "Correct, envoye.")
    r"envoye(?=\s*(?:$|[,.!]))|"
    # (and to one the user says "tu" to, or alone: "C'est ça, corrige-le.", "Réservez.")
    r"(?:ajoute|change|modifie|réserve|envoie|rembourse|échange|retourne|corrige|annule|fais)-(?:la|le|les)|"
    r"réservez(?![\w'-])|"
    # (what the agent may do, said so: "vous pouvez changer", "puede cancelarlo", "può procedere")
    r"(?:vous pouvez|tu peux|usted puede|puede|puedes|può|puoi|u kunt|je kunt|sie können) "
    r"(?:y aller|procéder|proceder|procedere|changer|modifier|annuler|valider|le faire|la faire|"
    # ("Sinon tout est bon, vous pouvez enregistrer.", "puede guardarla")
    r"enregistrer|l'enregistrer|mettre à jour|guardarlo|guardarla|salvare|opslaan|"
    r"les faire|cambiarlo|cambiarla|cancelarlo|cancelarla|hacerlo|procedere|annullare|"
    # ("Vous pouvez faire la modif.")
    r"faire (?:la modif(?:ication)?|le changement|l'échange|le retour|l'annulation)(?![\w'])|"
    r"cambiare|doorgaan|het doen|das machen|fortfahren)|"
    r"(?:faites|fais|lancez|effectuez)(?= (?:l'|le |la |les )(?:échange|annulation|retour|modification|"
    r"changement|remboursement|réservation)s?(?![\w']))|"
    r"mach(?:en sie)? (?:es|das|weiter)|los geht'?s|leg los|fahren sie fort|bitte fortfahren|"
    # ("Klingt gut, alles so machen.", "machen Sie es so")
    r"(?:alles|das|es) so machen|mach(?:en sie)? (?:alles |das |es )?so(?=\s*(?:[,.!]|$| bitte))|"
    r"hágale|hagale|"
    r"weiter|durchführen|storniere|"
    # (and to one the user says "du" to: "Tausch ihn um.", "buch das", "schick sie zurück")
    r"tausch(?:e)? (?:ihn|sie|es|das|den|die|beide)(?: [a-zäöüß]+)?(?: bitte)? um(?![\w'])|"
    r"(?:buch|stornier|änder)e? (?:ihn|sie|es|das|den|die|beide)(?![\w'])"
    r"(?!(?: bitte| noch| doch| lieber)* nicht)|"
    r"schick(?:e)? (?:ihn|sie|es|das|beide)(?: bitte)? zurück|"
    # (the polite imperative: "gut, dann buchen Sie"; not "buchen Sie das noch nicht")
    r"(?:stornieren|ändern|buchen|tauschen|erstatten|schicken|senden) sie(?! (?:\w+ )?(?:noch )?nicht)|"
    # ("Reichen Sie das ein.", "Tauschen Sie es um", "führen Sie es durch")
    r"(?:reichen|tauschen|führen|geben) sie (?:das|es|ihn|sie|die \w+|den \w+)(?: bitte| so| gleich)* "
    r"(?:ein|um|durch|auf)(?![\w'])|"
    r"pode (?:seguir|prosseguir|fazer|continuar|mandar|ir|trocar|mudar|alterar|devolver|"
    r"atualizar|efetuar|processar|confirmar|reservar|comprar|emitir|enviar|adicionar|incluir|"
    r"cobrar|aplicar|avançar|avancar|pôr|por|colocar|acrescentar|meter)|prossiga|prosseguir|siga em frente|"
    r"faça|faz isso|vá em frente|pode cancelar|"
    # (the money put on a method: "Coloca no vale-presente.", "usa o cartão", "ponlo en la
    # tarjeta", "cárgalo a mi PayPal")
    r"(?:coloca|coloque|põe|poe|ponha|bota|usa|utiliza|utilize|debita|cobra|cobre)(?: tudo| isso| também| "
    r"tambem)? (?:n[oa]s?|em|o|a|os|as|meu|minha)(?= )|"
    r"(?:pon(?:lo|la|los|las)?|c[aá]rga(?:lo|la)|c[oó]bra(?:lo|la)) (?:todo )?(?:en|a|al)(?= )|"
    r"procedi|vai avanti|vai pure|fai pure|procedi pure|fallo|continua|avance|avança|avancem|avanza|"
    # (the Italian "pure" of leave given: "Usa pure la carta", "aggiungile pure"; "let's put
    # two": "mettiamone due")
    r"(?:usa|metti|aggiungi|cambia|annulla|cancella|prenota|manda|invia|addebita|correggi|corregga|"
    r"modifichi|proceda|cambi|annulli|aggiunga|prenoti)(?:la|lo|li|le|ne)?"
    r" pure|mettiamone|aggiungiamone|"
    # (the polite imperative with its pronoun: "Va be', lo mandi allora.", "la cambi pure")
    r"(?:(?:me|ce|glie)?(?:lo|la|li|le) )(?:mandi|invii|faccia|cambi|annulli|cancelli|prenoti|"
    r"aggiunga|modifichi|spedisca|rimborsi|aggiorni)(?! (?:ancora |più )?non)(?![\w'])|"
    # (German "so, then": "Gut, dann so.", "so machen wir es")
    r"dann (?:machen wir es )?so(?=\s*(?:[,.!]|$))|so machen wir(?:'s| es| das)?|machen wir (?:es |das )?so|"
    # ("Fai il reso come dicevi prima", "fate il cambio")
    r"(?:fai|fate|faccia) (?:pure )?(?:il|la|lo|l') ?(?:reso|cambio|annullamento|modifica|rimborso|"
    r"prenotazione|ordine)|"
    # ("vai, fai tutte e due", "fate entrambe")
    r"(?:fai|fate|faccia) (?:pure )?(?:tutt[eio] (?:e )?(?:due|tre|quattro)|entramb[ie]|tutto|tutte|tutti)|"
    r"manda ver|manda bala|pode mandar|manda a[ií](?![\w'])|"
    # (Bavarian and Austrian "let's": "Schaut guat aus. Buch ma's.")
    r"(?:buch|buchen|mach|machen|storniern?|stornieren) ma(?:'s| es| des)?(?=\s*(?:[,.!]|$))|"
    # (European Portuguese's go, alone in its clause: "Está bem, força.")
    r"força(?=\s*(?:[,.!]|$))|"
    r"doe (?:dan |toch |nu )?(?:het|maar|dat)(?! (?:maar |nog |dan |toch )?niet)|ga je gang|"
    r"ga (?:maar )?(?:door|verder)|"
    # (the Dutch go with "maar": "stuur maar", "boek maar", "zet maar op de creditcard")
    r"(?:stuur|boek|zet|voeg|pas|wijzig|annuleer|verander|ruil|geef|reserveer|verzend|schrijf)"
    r"(?: (?:het|hem|ze|die|dat|dit))? maar(?! (?:nog |even )?niet)|nou vooruit|"
    r"voer (?:het |dit |dat )?(?:maar )?door|annuleer|wijzig|ruil|retourneer|"
    r"regel (?:het|dat|dit|die|ze)(?: maar)?(?! (?:maar |nog |dan |toch )?niet)"
)
_IMPERATIVE = re.compile(
    r"(?:^|[,:]\s*|(?<![\w'])(?:please|just|only|now|so|then|and|ok|okay|k|kk|yes|alright|kindly|"
    # (a grudging "fine" before it, unpunctuated: "ugh fine cancel all of it")
    r"(?<!not )(?<!i'm )(?<!i am )(?<!it's )(?<!is )fine|"
    # (the other languages' shrug before the go: "vabbè fallo lo stesso", "naja, mach das")
    r"vabb[eè]|dai|allora|bon|bah|naja|na gut|oké|oke|pues|bueno|entonces|então|entao|dann|"
    r"you (?:can|may|should)|you have my (?:permission|approval|go-ahead) to|i want you to|"
    # (the go relayed by whom it is for: "He says go ahead.", "Mr. Chen says to proceed")
    r"(?:he|she|they|my (?:boss|manager|husband|wife|partner)|mr\.? [a-z]+|ms\.? [a-z]+|mrs\.? [a-z]+) "
    r"(?:says|said)(?: to| yes,?)?|"
    r"i'?d like you to|i would like you to|i need you to|go ahead and|feel free to|"
    # ("I would be most grateful if you could proceed with the modification as described.")
    r"(?:i'?d|i would|we'?d|we would) be (?:most |very |so |really |ever so )?(?:grateful|thankful|"
    r"obliged)(?: if you (?:could|would)(?: please)?)?|"  # (its "if you could" may be read away)
    r"por favor|bitte|s'il vous plaît|s'il te plaît|por favor,?)\s+"
    # (after the plan's steps by their numbers: "o 2 e o 3 pode fazer", "il 2 e il 3 vai pure")
    r"|^(?:(?:o|a|os|as|il|la|le|el|lo|the|step|passo|paso|etapa|schritt)\s+)?[1-9](?:\s*(?:,|e|y|et|und|"
    r"and|&)\s*(?:(?:o|a|il|la|le|el|lo|the)\s+)?[1-9])*\s+"
    r"|(?<![\w'])(?:i'?d like to|i would like to|i want to|i wish to|i'?m ready to|let'?s|"
    r"(?<!not )(?<!n't )(?:i'?m |i am |we'?re )?(?:happy|glad|good) to|(?:i'?m |i am )?fine to)\s+"
    r"(?=proceed|go ahead|continue))"
    r"(?:please\s+|just\s+|only\s+|now\s+|immediately\s+|right away\s+)*(?:" + _GO_VERBS + r")(?![\w'])"
    # (not a noun: "Change of plans." answering what the reason is)
    r"(?! of (?:plans?|mind|heart|schedule)(?![\w']))"
)
# A request in question form is still a go-ahead: "Can you go ahead and cancel it?"
_REQUEST_Q = re.compile(
    r"^(?:so,?\s+|ok(?:ay)?,?\s+|then,?\s+)?(?:can|could|would|will) you (?:please |just |now )*"
    r"(?:" + _GO_VERBS + r")(?![\w'])"
)
_CHOICE = re.compile(
    # (said by the user, of what they pick: "I'll take the 8am", "take the first one"; not "she
    # might still be able to take the week off")
    r"(?:^|[,:;]\s*|(?<![\w'])(?:(?:i'?ll|i will|i'?d like to|i would like to|let'?s|lets|we'?ll|"
    r"i want to|i'?m going to|please|just|then|so|i'?d|i would|we'?d|i|we|ok|okay|yes|yeah|"
    r"sure|fine|alright) ))(?:go with(?! (?:her|his|my|our|their|your|a) "
    # (going along with someone is no pick: "she might still want to go with her sister")
    r"(?:sister|brother|mom|mother|dad|father|wife|husband|friend|friends|family|kids|son|"
    r"daughter|parents|partner|boss|colleagues?|team|girlfriend|boyfriend)(?![\w']))|"
    r"go for(?! it(?![\w']))|take|choose|pick|"
    r"select|opt for|prefer)(?![\w'])|^(?:option|the (?:first|second|third|last|cheaper|"
    r"cheapest|earlier|later) (?:one|option))(?![\w'])|(?<![\w'])option (?:\d+|one|two|three|"
    r"four|a|b|c)(?![\w'])|"
    # ("Fine, that one." to the one option offered instead)
    r"^(?:(?:ok|okay|yes|yeah|sure|fine|alright)[,\s]+)?(?:that|this) one(?: then| please)?[.!]*$|"
    # (the other languages' picking verbs, before the option read in English: "Nehmen Sie die
    # zweite Option", "je prends la deuxième", "me quedo con la segunda")
    r"(?<![\w'])(?:nehmen sie|ich nehme|wir nehmen|ich wähle|ich möchte|me quedo con|nos quedamos con|"
    r"elijo|escojo|prefiero|tomo|je prends|on prend|je choisis|je préfère|je voudrais|prendo|"
    r"prendiamo|scelgo|preferisco|vorrei|fico com|ficamos com|escolho|prefiro|quero|ik neem|we nemen|"
    r"ik kies|ik wil) (?=the (?:first|second|third|fourth|fifth|last|cheaper|cheapest|earlier|"
    r"later)(?![\w']))"
)
# praise, then a bare "go": "perfect, go", "great go ahead"
_PRAISE_GO = re.compile(r"(?:(?:perfect|great|good|cool|fine|nice|excellent|sounds good|looks good|"
                        r"alright|all right)[\s,.!]+)+go(?:[\s,]+(?:please|now|ahead))?[\s.!]*")
# German asks with the infinitive last: "Denver–Houston auch runterstufen", "bitte sofort
# stornieren" (not "nicht stornieren")
_INFINITIVE_GO = re.compile(r"(?<![\w'])(?:auch|bitte|jetzt|sofort|gleich|ruhig|dann|einfach|doch)"
                            r"(?: (?!nicht|kein)[\w-]+){0,2}? (?:stornieren|ändern|umbuchen|"
                            r"runterstufen|herabstufen|hochstufen|upgraden|buchen|zurückgeben|"
                            r"zurückschicken|umtauschen|erstatten|machen|durchführen|erledigen|"
                            r"senden|schicken|hinzufügen)$")
_STANDALONE_GO = _words(r"go ahead", r"go right ahead", r"proceed", r"do it", r"go for it", r"let'?s do it",
                        # (British, Irish, Australian: "No worries, crack on.", "go on then")
                        r"crack on", r"go on then", r"off you go", r"fire away", r"on you go",
                        r"make it so", r"ship it", r"go", r"please proceed", r"adelante",
                        r"allez-y", r"los", r"vai", r"avanti", r"pode", r"pode sim", r"podes",
                        r"procede", r"hazlo", r"fallo", r"procedi", r"vas-y", r"mach das",
                        r"h[aá]galo", r"h[aá]gala", r"h[aá]ganlo", r"hazla",
                        r"mach weiter", r"weiter", r"mach", r"mach mal", r"mach ruhig", r"vamos",
                        r"bora", r"manda ver", r"manda bala",
                        r"pode mandar", r"doe maar", r"ga je gang",
                        # (Dutch, what to do between "doe" and "maar": "Doe 1 en 2 maar.")
                        r"doe (?!niet|geen)(?:[\w'#-]+ ){1,4}maar(?! niet)", r"ga maar", r"ga door",
                        r"ga (?:maar )?door")

# Declines: an interjected "no", an explicit refusal or stop.
_NO_START = re.compile(
    # (not the Portuguese "no", on the: "No cartão mesmo.")
    # (nor an idiom: "No idea how Chicago got in there lol", "no worries")
    r"^(?:noo?(?! (?:cartão|cartao|meu|seu|mesmo|paypal|vale|pix|voo|dia|idea|clue|worries|problem|"
    # (Nigeria's and chat's "no problem": "no wahala, go ahead", "no probs")
    r"rush|biggie|big deal|wahala|probs?|prob(?:lem)?o|stress|sweat|"
    # (nor details answered: "no insurance, no bags, visa 6521")
    r"insurance|bags?|baggage|luggage|checked bags?|extra bags?|seguro)(?![\w']))|nope|nahh?|nay|"
    r"negative|no thanks|no thank you|no way|nein|no,? gracias|"
    # ("non c'est bon, merci", "non ça va": no, thanks)
    r"non(?=[\s,]+(?:c'est bon|c'est bien|ça va|ca va|ça ira|merci|pas besoin))|"
    r"no,? grazie|nee|non,? merci|não,? obrigad[oa]|nao,? obrigad[oa])(?:$|[\s,.!:-])|"
    # (Italian's and Portuguese's "not" before a verb: "Non mi serve più", "Não preciso mais",
    # the reason given; alone they say no)
    r"^(?:non|não|nao)(?:$|[,.!:-])"
)
_DECLINE = _words(
    # (not asking again refused: "and please don't make me confirm everything three times")
    r"(?:please )?(?:don'?t|do not|dont) (?:do|proceed|go ahead|submit|process|"
    r"make(?! me (?:confirm|repeat|say|ask|go through|wait|check))|change|"
    r"cancel|book|return|exchange|update|modify|send|touch|apply|go|charge|refund)",
    # (Dutch: "doe het niet", "doe dat maar niet", "niet doen")
    r"doe (?:dan |toch )?(?:het|dat|maar)(?: maar| nog| dan| toch)? niet", r"niet doen",
    # "cancel that" takes the request back, but "yes, cancel it all" and "please cancel that"
    # say yes to a cancellation
    # (not impatience: "Yes. And stop making me repeat myself.")
    # (not a flight's stop asked about: "does it stop somewhere?", "will it stop in Denver?")
    r"(?<!does it )(?<!will it )(?<!would it )(?<!it )(?<!they )(?<!flight )(?<!plane )(?<!-)"
    r"stop(?! (?:making me|asking me|wasting|bothering|repeating|having me|somewhere|anywhere|in|at|"
    r"over|on the way|along the way)(?![\w']))",
    r"(?<!yes )(?<!yes, )(?<!yeah )(?<!yeah, )(?<!please )(?<!ok )(?<!ok, )(?<!okay )"
    r"(?<!okay, )(?<!then )(?<!then, )(?<!sure )(?<!sure, )(?<!just )(?<!fine )(?<!fine, )"
    r"(?<!alright )(?<!alright, )(?<!whatever )(?<!whatever, )"
    r"cancel (?:that|this|it all)(?=\s*(?:$|[,;:!-]))", r"never ?mind", r"forget (?:it|about it)",
    # (in the other languages read: "então deixa as malas pra lá", "laisse tomber", "lascia
    # perdere", "olvídalo", "vergiss es", "laat maar zitten")
    r"deix[ae] (?:(?:isso|isto|as? [a-zà-ÿ]+|os? [a-zà-ÿ]+) )?pra lá", r"deixa para lá",
    r"laisse(?:z)? tomber", r"lascia(?:te)? perdere", r"olv[ií]d(?:alo|ate de eso|ese)",
    # (Spanish "better not", alone in its clause: "Ay, no, espere... mejor no.")
    r"mejor no(?=\s*(?:[,.!…]|$))",
    # (a yes said in scorn: "Cancel the whole lot, sure, why wouldn't I, it's not like I wanted
    # the kettle or anything")
    r"it'?s not like i (?:wanted|needed|asked for|cared about|liked)",
    # (Australia's no: "yeah nah"; "yeah nah yeah" comes round to yes)
    r"^yeah,? nah(?!,? yeah)(?=\s*(?:$|[,.!]|[a-z]))",
    # (leave it be: "lo de las Sneakers mejor déjalo estar", "deixa estar", "lascia stare",
    # "better leave it"; not where to leave a parcel or which card to leave a charge on)
    r"(?:mejor )?d[ée]j(?:alo|ala|alos|alas|elo|ela) estar", r"mejor d[ée]j(?:alo|ala|alos|alas)",
    r"deix[ae] estar", r"lasci(?:a|ate|ami)? stare",
    r"(?:better|just|please|i'?d) leave (?:it|that|them)(?: be| alone)?(?=\s*(?:[,.!…]|$))",
    # ("Yes, I'd rather you didn't cancel the whole thing")
    r"i(?:'d| would) (?:rather|prefer(?: it)?(?: if)?) you (?:didn'?t|did not|not|wouldn'?t)",
    # (sarcasm that says no: "Oh yes, absolutely, I'd just LOVE to pay $412 more", "Oh sure,
    # because basic economy worked SO well for me last time")
    r"i'?d (?:just |really )?(?:love|adore) to (?:pay|spend|waste)(?= (?:\$|another|more|extra|even))",
    r"(?:oh|ah),? (?:sure|yes|yeah|great|right),? (?:absolutely,? |totally,? )?because",
    r"(?:worked|went) (?:so|soo+|that|really) well (?:for me )?(?:last time|before)",
    r"leave (?:it|that|them) (?:be|alone)(?=\s*(?:[,.!…;]|$))",
    r"vergiss (?:es|das)", r"vergessen sie (?:es|das)", r"laat (?:maar )?zitten",
    # (of the action, or alone; not of a detail: "I'd prefer not to use my Mastercard",
    # "rather not be transferred", "rather not say my address out loud")
    # (nor a wish about next time: "I'd rather not go through this again next time I order")
    r"(?:i'?d |i would )?(?:rather|prefer) not(?: to)? (?:do|proceed|go(?! through (?:this|that|it|all "
    r"(?:this|that)) again)|cancel|change|modify|"
    r"return|exchange|book|upgrade|downgrade|add|remove|update|make|submit|process|continue|"
    r"pay(?! with| by| using| on| for it with)|lose|risk|spend|take (?:him|her|them) off|"
    r"replace (?:him|her|them))",
    r"(?:i'?d |i would )?(?:rather|prefer) not(?=\s*(?:$|[,.;!?]))",
    # (not a variant turned down: "I don't want a metal one", "I don't want the red one")
    r"i (?:do not|don'?t) (?:want(?! (?:a|an|the) (?:[\w-]+ ){0,2}one(?![\w']))"
    # (a worry: "I don't want to end up with a basic one by mistake", "please make sure I'm
    # using all my free checked bag allowance, I don't want to waste it")
    r"(?! to (?:end up|waste|miss|be late|be stuck|get stuck|have to|get (?:in|into) trouble|cause "
    r"(?:any )?(?:trouble|problems?|issues?)|mess (?:it|this|things) up|make a mess"
    # (nor talk not wanted: "And no, I don't want to talk about why I own two identical kettles")
    r"|talk about|discuss|explain|get into|go into))"
    # (nor a worry about what could go wrong: "i don't want it to bounce")
    r"(?! (?:it|that|this|the (?:payment|card|charge|order|refund)) to (?:bounce|fail|be declined|get "
    r"declined|be rejected|get rejected|get lost|be lost|arrive late|be late|go to the wrong)"
    r"(?![\w']))|wish|agree|"
    r"approve|consent|accept|confirm|authori[sz]e)",
    # (not what the user will not do themselves: "I refuse to be at the airport at 5am")
    r"i (?:decline|refuse|reject)(?! to (?:be|get up|wake|sit|stand|leave|wait|spend|sleep|miss|"
    r"fly|take|travel|drive|go back))", r"not (?:ok|okay|acceptable|correct|right)(?! now| away)",
    # a yes word turned round ("Absolutely not."), a reader's doubt ("I don't think that's right"),
    # something the user never asked for ("I never agreed to that")
    r"(?:of course|certainly|absolutely|definitely|surely) not(?=\s*(?:$|[,.!;:-]))",
    r"i (?:do not|don'?t) think so",
    r"i (?:do not|don'?t) think (?:that'?s|thats|that is|this is|it'?s|its|it is) (?:right|correct|"
    r"a good idea|what i)",
    r"i (?:never|didn'?t|did not) (?:ask(?:ed)?|agree(?:d)?|request(?:ed)?|say|said|approve(?:d)?|"
    r"authori[sz]e(?:d)?|consent(?:ed)?) (?:for |to )?(?:that|this|it|any|a |an |the )",
    r"(?:i'?m |i am |we'?re )?not (?:happy|glad|ready|willing|comfortable) (?:to|with)",
    r"let'?s not",
    r"(?:that'?s|that is|this is) (?:not (?:right|correct|what i|ok|okay|it|acceptable)|wrong|"
    r"incorrect)",
    # (not a past slip the user is fixing: "i typed it wrong when i saved him")
    r"(?<!typed it )(?<!typed )(?<!wrote it )(?<!spelled it )(?<!entered it )(?<!saved it )"
    r"(?<!got it )(?<!put it )(?<!had it )(?<!gave it )(?<!filled it )(?<!was )(?<!were )"
    r"(?<!been )(?<!it was )(?<!goes )(?<!go )(?<!going )(?<!went )(?<!gone )(?<!gets )"
    # (nor a reason told, the wrong thing bought: "I clicked the wrong skateboard")
    r"(?<!clicked the )(?<!ordered the )(?<!bought the )(?<!picked the )(?<!chose the )"
    r"(?<!selected the )(?<!received the )(?<!got the )(?<!sent me the )(?<!ordered a )"
    r"(?<!bought a )(?<!clicked on the )(?<!grabbed the )"
    # (nor the user's own misreading put right: "I was looking at the wrong order number")
    r"(?<!looking at the )(?<!looked at the )(?<!reading the )(?<!read the )(?<!typed the )"
    r"(?<!gave you the )(?<!i gave the )(?<!i had the )(?<!saw the )"
    # (a worry, not a reading of the proposal: "I just hope nothing goes wrong")
    r"(?:wrong|incorrect)",
    r"i changed my mind", r"i'?ve changed my mind",
    r"no quiero", r"no lo hagas", r"no,? gracias", r"je ne veux pas", r"ne (?:faites|fais) pas",
    r"nicht machen", r"ich will (?:das )?nicht", r"lieber nicht", r"não quero", r"não faça",
    r"non voglio", r"non (?:lo |la )?(?:fare|farlo|farla|procedere)", r"non (?:annullare|cambiare)",
    r"je (?:ne )?veux pas", r"n'?(?:annulez|changez|faites) (?:pas|rien)",
    r"não (?:cancele|cancela|mude|faz|faça isso)",
)
# A "no" that answers the agent's question ("any changes?", "anything else first?") before a
# go-ahead: "Nope, go for it", "No changes, please proceed", "No, go ahead"
# a no, then only what the user keeps to: "no, just those two", "nein, nur die zwei", "non, que le
# skate", "no, solo la lámpara", "nee, alleen de fiets"
_NO_JUST = re.compile(r"(?:no|nope|nah|nein|non|nee|não|nao)[\s,]+(?:just|only|nur|que|juste|seulement|"
                      r"uniquement|solo|sólo|solamente|só|apenas|alleen|enkel|soltanto)\s+[^,;:!?]{1,40}?"
                      r"[\s.!]*")
_NO_THEN_GO = re.compile(
    r"^(?:no|nope|nah)(?:[\s,]+(?:no|nope|nah)(?![\w']))*(?:[\s,]+(?:changes?|questions?|objections?|problems?|concerns?|thanks|need|"
    r"thank you|i'?m good|all good|nothing(?: else)?|that'?s (?:all|it|fine)|"
    r"(?:just|only) (?:that|this|those|these|the [a-z]+)))?"
    r"(?:[\s,.!:-]+(?:(?:it |that |this |all )?(?:looks|sounds|is|seems) (?:good|great|fine|right|"
    r"correct|ok(?:ay)?)|all good|all correct|"
    # (what the question offered to change, kept: "Nah, economy is fine, go ahead with the later
    # one.")
    r"(?:the |my )?[a-z]{3,}(?: [a-z]{3,})? (?:is|are|works) (?:fine|good|ok(?:ay)?)))?[\s,.!:-]+"
    r"(?=(?:(?:please|just|then|so|ok|okay|yes|yeah|yep|you can|go ahead and)\s+)*"
    r"(?:go (?:right )?ahead|proceed|go for it|do it|carry on|continue)(?![\w'])|"
    # (or "just" the action asked for: "no, just switch me to HAT214 please", "nah, just cancel it";
    # not "no, just leave it"; "no no, only cancel order #W4657527")
    r"(?:just|simply|only)\s+(?:switch|change|cancel|book|move|put|use|add|return|exchange|rebook|upgrade|"
    r"downgrade|do (?:it|that|the))(?![\w']))")
# Holds: wait, not yet, hedges, changes of mind in progress.
# (a guess about what was, no hesitation: "maybe i was looking at the metal band one")
_OF_THE_PAST = r"(?! (?:i|it|that|they|we|you|he|she) (?:was|were|did|had)(?![\w']))"
_HEDGE_WORDS = (r"unsure", r"maybe" + _OF_THE_PAST, r"perhaps" + _OF_THE_PAST,
                # (not given in to, the go right after it: "$248 back is better than nothing I
                # guess, let's do that")
                # (nor an option settled on after it: "fine, I guess, if that's the only option
                # then card it is")
                r"i guess(?![^.!?]{0,60}?(?<![\w'])then (?:the )?[a-z]{3,}(?: [a-z]{3,})? it is"
                r"(?=\s*(?:$|[.!])))"
                r"(?![,\s]+(?:let'?s do (?:it|that|this)|go ahead|do it|proceed|book it|"
                r"cancel it)(?![\w']))",
                # (not a reason where the user will be: "Yes, book it, I'll probably need to
                # be at that meeting anyway")
                r"(?<!he'll )(?<!she'll )(?<!they'll )(?<!he will )(?<!she will )(?<!they will )"
                # (nor a guess at what someone else will do: "My grandson will be thrilled,
                # he'll probably nick them.")
                # (nor what the user will feel later: "I'll probably miss the stairs")
                r"probably(?! (?:miss|regret|love|hate|enjoy|laugh about|cry)(?![\w']))"
                r"(?! (?:need|have) to be "
                r"(?:at|in|there|around|home|back)(?![\w']))", r"hmm+",
                # (a choice not yet made: "I might take that instead")
                r"i (?:might|may) (?:take|go with|want|prefer|choose|pick)",
                # (not liked, in the languages read: "Mhm, lo scollo a V non mi convince", "that
                # doesn't work for me")
                # (a liking is a reason, kept out: "I don't like the old one anyway")
                r"(?:does not|doesn'?t|do not|don'?t) (?:really )?(?:convince|suit|appeal to|work for) "
                r"(?:me|us)", r"(?:i'?m|i am|we'?re) not (?:convinced|sold on)",
                r"non mi (?:convince|convincono|va bene|torna)",
                r"no me (?:convence|convencen|sirve|sirven|cuadra)",
                r"ne me (?:convient|convainc|va) pas", r"ça ne me va pas",
                r"(?:überzeugt|passt) mir (?:nicht|gar nicht)",
                r"não me (?:convence|convencem|serve)", r"overtuigt me niet")
# the user will say later whether to do something: "then I'll let you know about the direct
# flight", "je vous dirai si", "te diré si", "ti farò sapere se", "eu te digo se", "ich sage
# Ihnen dann Bescheid"
TELL_LATER = (r"(?:i'?ll|i will|i'?m going to) (?:tell you|let you know|get back to you)(?: later| then|"
              r" after(?:wards)?| after that)? (?:if|whether|about|on)|je vous (?:dirai|"
              r"confirmerai)|je te dirai|(?:le|te) (?:diré|confirmaré|aviso|avisaré) (?:si|luego|"
              r"después|más tarde)|(?:le|ti|vi) (?:dirò|farò sapere|confermo)|(?:eu )?(?:te|lhe|"
              r"vos) (?:digo|aviso|falo|confirmo) (?:se|depois)|ich (?:sage|gebe) (?:ihnen|dir|"
              r"euch) (?:dann |später |noch )?(?:bescheid|ob)")
TELL_LATER_SAID = re.compile(TELL_LATER)
_WAIT = _words(
    # ("I'm coming", West Africa's "hold on", alone: "Wait, I'm coming, let me check her date")
    r"i'?m coming(?=\s*(?:[,.!…]|$))",
    # (not how long the money takes: "or do i have to wait a week like last time")
    r"(?<!have to )wait(?! (?:a|an|one|two|three|four|five|\d+|several|a few|that|so) "
    r"(?:week|day|month|hour|business day|long|while)s?(?![\w']))",
    r"hold on(?! to)", r"hang on(?! to)", r"hold off", r"not yet", r"not now", r"not right now",
    r"not so fast", r"not today(?!'s)",
    # (a hesitation said alone: "$2,010?! That's double what I wanted to spend. Ugh. ... I don't
    # know... is there really nothing cheaper?"; not "I don't know, I just don't need it")
    r"^(?:(?:hmm+|ugh|well|honestly|gosh),? )?i (?:don'?t|do not) know$",
    # (the user will come back to it: "Yes, but not today - I'll call back tomorrow to do it.";
    # not to another thing: "I'll call back later to finish booking the San Francisco flight")
    r"(?:i'?ll|i will) (?:call|come|chat|message|write) (?:you )?back(?: tomorrow| later| tonight)?"
    r"(?= to (?:do|confirm|finish|go ahead with) (?:it|this|that|them)(?![\w' ])|\s*(?:[,.!;]|$))",
    r"one (?:sec|second|moment|minute)", r"just a (?:sec|second|moment|minute)",
    r"let me think", r"i'?ll think", r"i need to think", r"think about it",
    # (still making up one's mind: "But for the mat I'm still thinking about whether pink is
    # really mine", "bei der Matte überleg ich noch")
    r"(?:i'?m|i am|we'?re|we are) still (?:thinking|deciding|undecided|unsure|considering|weighing|"
    r"torn|on the fence|making up (?:my|our) minds?)",
    r"(?:ich )?überleg(?:e)?(?: ich| wir)? (?:mir |uns )?(?:das |es )?(?:noch|erst)(?![\w'])",
    r"(?:ich )?bin (?:mir )?noch (?:unschlüssig|unsicher|nicht sicher)",
    r"(?:todavía|aún|aun) lo estoy pensando", r"lo estoy pensando todavía",
    r"(?:j'y|je) réfléchis encore", r"ci sto (?:ancora )?pensando", r"ci penso ancora",
    r"ainda (?:estou|tô|to) pensando", r"(?:ik )?denk er nog over na",
    # ("The bag I'll decide closer to the date, don't add it yet.")
    r"(?:don'?t|do not) (?:add|do|change|book|cancel|send|update|touch) (?:it|that|them|"
    r"this|those|these) yet",
    # (a go-ahead put off: "Then I'll confirm the flight change separately.")
    r"(?:i'?ll|i will|we'?ll|we will) (?:confirm|approve|okay) (?:the |that |this |it |them )?"
    r"(?:[\w-]+ ){0,3}?(?:separately|later|afterwards?|after that|next|once|when)",
    # (a go-ahead the user will give for each change on its own: "do the upgrade first and confirm
    # that with me, then do the flight change separately. I want to verify each change on its own.")
    r"(?:confirm|check|verify) (?:that|it|this|each one|each) with me",
    r"(?:verify|check|confirm|approve|see) each (?:change|step|one|of them)",
    # (a go-ahead the user will give later: "ensuite je vous dirai si on passe au vol direct")
    TELL_LATER,
    # (someone else to ask first; "let me check my email" after a yes is no wait)
    r"let me (?:just |quickly |first )?(?:check|talk|confirm|speak) (?:with|to)",
    r"let me (?:just |quickly |first )?ask", r"let me (?:just )?check first",
    # (something to confirm first: "Let me confirm my sister's date of birth from her")
    r"let me (?:just |quickly |first )?(?:confirm|verify) (?:my|his|her|their|the|what|whether|if)",
    # ("but I will confirm with my wife and let you know", "pero lo confirmo con mi esposa y le
    # aviso": someone else to hear first, the go-ahead to come)
    r"(?:i'?ll|i will|i'?m going to|i have to|i need to) (?:first |still )?(?:confirm|check|double[- ]check|"
    r"talk|speak) (?:it |that |this )?with (?:my|our) [a-z]+",
    r"(?:lo|la|eso) (?:confirmo|consulto|hablo|comento|veo|reviso) con (?:mi|mis|nuestro|nuestra) "
    r"[a-záéíóúñ]+",
    r"(?:je (?:le |la |l')?)?(?:vérifie|confirme|en parle|vois) avec (?:mon|ma|mes) [a-zàâçéèêëîïôûù]+",
    r"(?:lo |la )?(?:confermo|sento|chiedo|verifico) (?:con|a) (?:mia|mio|mie|miei) [a-zàèéìòù]+",
    r"(?:confirmo|vejo|falo|verifico) com (?:a minha|o meu|minha|meu) [a-zãõáéíóúç]+",
    r"(?:kläre|bespreche|checke) (?:das|es) (?:noch |erst )?mit (?:meiner|meinem) [a-zäöüß]+",
    r"overleg (?:het |dat )?(?:nog |eerst )?met (?:mijn) [a-z]+",
    r"(?:y )?(?:le|te) aviso(?=\s*(?:[.!,]|$))", r"(?:and )?(?:i'?ll )?let you know(?=\s*(?:[.!,]|$))",
    # (not the agent's superior asked for, about something else: "Cancel it, yes. ... I want
    # to talk to a supervisor about real compensation.")
    r"i (?:need|have|want) to (?:check|talk|confirm|speak) (?:with|to)(?! (?:a|the|your) "
    r"(?:supervisor|manager|human|representative)(?: about| regarding| for|[.!]|$))",
    r"i (?:need|have|want) to (?:ask|consult)", r"(?:check|talk|speak) (?:with|to) my",
    # (something to find out first: "I want to check if my brother wants the helmet first")
    r"i (?:need|have|want) to (?:check|see|find out) (?:if|whether)",
    # ("payment, leave it for now, need to check which card finance wants it on")
    r"leave it for now", r"(?:i )?need to (?:check|find out|see) (?:which|whether|if|with)",
    # ("the address one leave it actualy, i just realised ...")
    r"leave (?:it|that|that one) (?:actually|actualy|then|alone|out)(?=[\s,.!]|$)",
    r"ask my", r"run it by", r"(?<!what )(?<!that's )(?<!thats )(?:sorry,? )?i meant(?! it)"
    # (not a past purchase's intent, the reason for a return: "I ordered it by mistake, I meant to
    # get the 15 inch")
    r"(?! to (?:get|buy|order|purchase|book|pick|choose|select|grab))",
    r"i mean the other",
    r"(?:i'?m )?not (?:so |too |quite |entirely |100% |a hundred percent |completely |totally |"
    r"fully )?sure(?! (?:what|which|when|where|how|who|why|if i|"
    r"whether i|of the|about the (?:number|id|date|name|order)))", *_HEDGE_WORDS,
    r"on second thought",
    # ("actually, I ..." opening a clause; not "M is fine actually, I checked the size chart")
    r"(?:(?<=^)|(?<=[,;:.!?-] )|(?<=[,;:.!?-])|(?<=\band )|(?<=\bbut )|(?<=\bno )|(?<=\boh ))"
    r"actually,? (?:no|wait|hold|let|can|could|i)", r"before (?:you|we|that|"
    r"doing|proceeding|anything|going|finali[sz]ing|confirming|making)",
    # (not the hurry of a go: "Do it before I change my mind again")
    # (nor when something happens: "the other one will come before I move")
    r"before i(?! (?:change|chang) my mind| lose my nerve| back out| chicken out| talk myself out|"
    r" move(?![\w'])| leave(?![\w'])| travel| fly(?![\w'])| get back| go away| arrive)",
    r"but first",
    r"first,? (?:tell|check|can|could|let|confirm|make sure|i)",
    # (not care asked for in doing it: "Yes. And please double-check the number this time.")
    # (nor a check opening a question, "Just double-checking, the $3.76 goes back to my
    # PayPal?", where the user has one to make first: "let me double-check, ...")
    r"double[- ]?(?:check|confirm)(?!(?:ing)?\s*[,:\u2013-])"
    r"(?![^.!?]{0,40}(?<![\w'])this time(?![\w']))",
    r"(?:let me|(?:need|have|want) to) double[- ]?(?:check|confirm)",
    r"espera", r"espere", r"esp[eé]r[ae]me", r"p[eé]rame", r"todavía no", r"aún no",
    # (Brazil's "espera aí": "Fechado... ah não, peraí, será que tem em azul?")
    r"pera[ií]", r"pera a[ií]", r"p[eé]ra(?= *[,.!…]|$)",
    r"un momento", r"attendez", r"attends",
    r"pas encore", r"un instant", r"warte", r"warten sie", r"moment", r"noch nicht", r"augenblick",
    # (a thing left for now: "die koffer lassen wir erstmal", "lo dejamos por ahora")
    r"lassen wir (?:erstmal|erst mal|vorerst|noch)(?! so)", r"(?:lo|la|los|las) dejamos (?:por ahora|de "
    r"momento|para después)", r"on (?:le |la |les )?laisse (?:pour l'instant|pour le moment|de côté)",
    r"(?:lo|la|li|le) lasciamo (?:per ora|per adesso|stare)",
    # ("Lo de la dirección déjalo de momento, que igual ...")
    r"d[eé]j(?:a|e)(?:lo|la|los|las) (?:de momento|por ahora|por el momento|para (?:después|despues|"
    r"luego|más tarde|mas tarde))",
    r"deixa (?:pra|para) depois",
    r"lascia(?:le|li|lo|la)? stare", r"lasciamo stare",  # ("le valigie invece lasciale stare")
    r"ainda não", r"aguarde", r"aspetta", r"aspetti", r"un attimo", r"anzi,? no", r"non ancora",
    r"wacht", r"even wachten", r"nog niet", r"ik moet (?:eerst|nog)", r"voordat (?:je|u|jij|we)",
    # not knowing yet, in the other languages read ("El otro... ay, no sé.")
    r"no sé", r"je ne sais pas", r"non so", r"não sei",
    # (the French "then again", a thing left for now: "oui je pense. quoique, elle sera pas trop
    # lourde ?", "Le retour du sac à dos, laisse faire pour l'instant")
    r"quoique", r"(?:laisse|laissez|laissons) faire", r"laisse(?:z)?-moi y (?:penser|réfléchir)",
    r"je vais y (?:penser|réfléchir)",
    # (a second thought, a doubt: "na real, pensando bem, ... tô na dúvida")
    r"pensando bem", r"pensándolo bien", r"pensandolo bien", r"ripensandoci", r"à la réflexion",
    r"(?:tô|to|estou|fiquei|ando) na d[uú]vida", r"estoy (?:en|con) (?:la )?duda", r"tengo (?:mis )?dudas",
    r"sono in dubbio", r"j'hésite", r"ich bin (?:mir )?(?:unsicher|nicht sicher)", r"ik twijfel",
    r"sei lá",
    # (not what the user does not know about it: "Ich weiß nicht, wie lange das dauert")
    r"(?:ich )?weiß (?:es |ich )?(?:noch |halt |echt )?nicht(?: so)?(?: recht)?"
    r"(?!,? (?:wie|wann|was|wo|warum|wieso|welche[rsnm]?|wer|wieviel|wie viel)(?![\w']))",
    r"ik weet (?:het )?(?:nog )?niet(?!,? (?:hoe|wanneer|wat|waar|waarom|welke|wie|hoeveel)(?![\w']))",
    r"weet ik (?:nog )?niet",
    # let me check or think first, in the other languages read
    r"fammi (?:controllare|pensare|verificare|chiedere)", r"lasciami (?:controllare|pensare)",
    r"d[ée]j(?:ame|eme) (?:pensarlo|pensar|revisar|ver|consultar|preguntar|verificar|confirmar|"
    r"confirmarlo|hablar)",
    # (Rioplatense and the rest: "dejame que lo charle con mi señora primero"; Portuguese "deixa
    # quieto por enquanto", leave it be for now)
    r"d[ée]j(?:ame|eme) que (?:lo |la |los |las )?(?:charle|hable|piense|consulte|vea|revise|pregunte)",
    r"deix[ae] (?:quieto|quieta|pra depois|para depois|pra lá)",
    r"laissez-moi (?:vérifier|réfléchir|voir)", r"laisse-moi (?:vérifier|réfléchir|voir)",
    r"deixa(?:-me| eu) (?:ver|verificar|pensar|consultar|perguntar|falar com|conferir|checar)",
    r"lass(?:en sie)? mich (?:kurz |erst |noch )?(?:prüfen|nachsehen|überlegen|nachdenken)",
    r"laat me (?:even |eerst )?(?:kijken|nadenken|checken|controleren)",
    r"devo (?:prima|ancora) (?:sentire|chiedere|parlare|pensare|controllare)",
    # something to check or think over first ("Ich muss erst prüfen, ob die Hausnummer stimmt")
    r"ich muss (?:erst|noch|zuerst)",
    # something to be told first ("ja, grundsätzlich schon, aber sagen Sie mir bitte vorher, was
    # mich das insgesamt kostet")
    r"(?:sagen|nennen) sie mir (?:bitte )?(?:vorher|zuerst|erst)", r"aber (?:bitte )?(?:vorher|zuerst)",
    r"pero antes (?:d[ií]game|dime)", r"(?:dites|dis)-moi d'abord", r"d'abord,? (?:dites|dis)-moi",
    r"ma prima (?:mi dica|dimmi)", r"prima (?:mi dica|dimmi)", r"mas antes (?:me diga|me diz)",
    r"(?:tengo|necesito) que (?:pensarlo|revisar|consultar|"
    r"verificar|comprobar|preguntar)", r"je dois (?:d'abord |encore )?(?:vérifier|réfléchir|"
    r"demander)", r"(?:preciso|tenho (?:que|de)) (?:verificar|pensar|consultar|perguntar)",
    r"tengo que pensar",
    # (Mexico's "in a moment I'll confirm", to check first: "Sí, ahorita te confirmo, nomás
    # déjame checar con mi esposa ... Dame un segundito.")
    r"(?:ahorita|ahora|luego|después|despues|en un rato) te (?:confirmo|aviso|digo)",
    r"d[eé]j(?:ame|eme) checar", r"dame un segundito", r"dame un segundo", r"un segundito",
    # (a maybe, in the other languages read: "Mah... magari sì", "quasi quasi me le tengo")
    r"magari sì", r"magari si", r"forse sì", r"quizás sí", r"quizas si", r"tal vez sí", r"talvez sim",
    r"peut-être oui", r"vielleicht ja", r"misschien wel", r"quasi quasi",
    # (better to wait, in the other languages read: "Il vaudrait peut-être mieux attendre demain,
    # non ?"; and a yes taken half back: "Euh, oui… enfin, je crois.")
    r"(?:il )?vaudrait (?:peut-être )?mieux attendre", r"mieux vaut attendre", r"mejor (?:esperar|esperamos)",
    r"meglio aspettare", r"(?:lieber|besser) (?:noch )?(?:warten|abwarten)", r"melhor esperar",
    r"beter (?:nog )?(?:even )?(?:wachten|afwachten)", r"enfin,? je crois(?=\s*(?:[.!?,…]|$))",
)
# "and", "but" in the languages the reader reads, opening a sentence's topic
_AND_BUT = r"(?:and|but|und|aber|mais|et|pero|y|ma|e|mas|en|maar)"
# (after "only": one thing, a limit, not a condition)
_ONLY_THING = r"(?! (?:my|mine|the|this|that|these|those|for|on|one|his|her|their|our|[a-z]+'s)(?![\w']))"
# the other one put first, in the languages read: "pour l'autre, attendez", "and for the other
# one, hold on", "para el otro, espera", "für die andere ..."
OTHER_ONE_HELD = re.compile(r"(?:" + _AND_BUT + r" )?(?:for|pour|para|"
                            r"pra|per|für|voor|as for|quant à) (?:the other(?: one)?|l'autre|la otra|el otro|"
                            r"o outro|a outra|l'altro|l'altra|die andere|das andere|den anderen|"
                            r"de andere|het andere)(?![\w'])")
# a yes limited to a step by its place: "only the first one", "just 2"
_ONLY_PLACE = re.compile(r"(?<![\w'])(?:only|just) (?:do |with )?(?:the )?(?:(?:first|second|third|"
                         r"fourth|last)(?: one| step| order| reservation| item)?|"
                         r"(?:number |step |option |#)?[1-9])"
                         r"(?![\w'])")
# "only if", "as long as" in the other languages read: the one list the reading of a turn
# (``_CONDITION``, ``_STRONG_CONDITION``) and the conditions' own reading (``confirm._IF``) share
CONDITION_ABROAD = (
    r"solo si", r"sólo si", r"seulement si", r"nur wenn", r"só se", r"solo se", r"soltanto se",
    r"op voorwaarde dat", r"mits", r"alleen als", r"zolang", r"mientras(?: que)?", r"siempre que",
    r"siempre y cuando", r"con tal de que", r"desde que", r"contanto que", r"tant que",
    r"pourvu que", r"du moment que", r"dès lors que", r"à condition(?: que)?", r"a condizione che",
    r"purché", r"a patto che", r"sempre che", r"solange", r"sofern", r"vorausgesetzt(?:,? dass)?",
)
# a condition the user says in the same breath is met: "as long as it's under $50 more, which it
# is", "... at least $20 left on the card after. which there is, so yes"
_IT_IS = (r"(?:which|and) (?:it|there|they|that) (?:is|are|does|do|was|will|"
          # (or as it seems: "as long as it's the same price or cheaper, which it sounds like it is")
          r"sounds like (?:it|they) (?:is|are)|seems to be|looks like (?:it|they) (?:is|are))(?![\w'])")
_SAID_MET = r"(?![^!?;]{0,80}?[,.] ?" + _IT_IS + ")"
# ... said met in the sentence after it: "which there is, so yes"
_MET_AFTER = re.compile(_IT_IS)
_CONDITION = _words(
    r"only if" + _SAID_MET, r"as long as" + _SAID_MET, r"provided(?: that)?" + _SAID_MET, r"on condition",
    r"unless",
    # (not the only way given in to: "fine, I guess, if that's the only option then card it is")
    # (nor an apology: "sorry if i'm slow, the dog is losing his mind")
    r"(?<!sorry )(?<!sorry, )(?<!apologies )if(?! (?:that'?s|that is|it'?s|it is|this is|[a-z ]{1,30}? is) "
    r"(?:the only|my only) "
    r"(?:option|way|choice)"
    # (nor a rule given in to: "well if that's the rule. go on then")
    r"| (?:that'?s|that is|it'?s|it is) (?:the rule|the policy|how it (?:is|works)|the way it is))"
    + _SAID_MET,
    # (not an order asked for: "yes to the other two, but do the sneaker return first")
    r"assuming", r"but (?:can|could|what|how|will|is|are|does|"
    r"do(?! (?:the|it|that|this|them|both|all|my|those|these|everything)(?![\w']))|would|should|"
    # (not an instruction of how much: "but only put $200 on the gift card"; nor a limit to
    # one thing: "yes do it, but only my booking, my parents stay on the 24th")
    r"only(?! (?:put|charge|use|take|apply|refund|send|pay)\b)" + _ONLY_THING + ")",
    r"one question", r"once you", r"after you", *CONDITION_ABROAD,
    # ("si el precio es el mismo, adelante", "si c'est gratuit, allez-y": "si" before a clause,
    # not "sí" nor "si" alone)
    r"si(?! es así| es posible| puede ser| se puede| no hay otra| c'est possible| è possibile)"
    r"(?= (?:el|la|los|las|le|les|lo|il|es|está|son|me|no|hay|tiene|puede|cuesta|sale|vous|on|"
    r"c'est|ça|ce|je|j'|tu|elle|costa|è|non|ci|se|todo|tout|tutto|tudo|o|a|os|as|for|custar|"
    # (a bound put first: "si en total no pasa de 100, tira", "si au total ça reste sous 100")
    r"en total|au total|in totale|no total|insgesamt)"
    # (with what it leads to after a comma: "si el precio es el mismo, adelante"; not the
    # answer "si es el unico." of chat's unaccented yes)
    r"(?![\w])[^.!?;]*,)",
    r"falls", r"wenn",
    # (the Portuguese and Italian "se" before a clause: "pode trocar ..., se a diferença ficar
    # abaixo de 100 dólares no total"; not the pronoun)
    r"se(?= (?:a|o|os|as|for|ficar|custar|der|tiver|não|il|è|costa|non)(?![\w']))",
    # the go-ahead put off to another time: "ok please go ahead tomorrow", "proceed later",
    # "do it next week" ("cancel my flight tomorrow" names the flight's day, not the action's),
    # or to an event: "proceed once I get the email" ("when I check online, it's not there"
    # tells what happened)
    r"(?:go ahead|proceed|go on|do it|do that|do this|process it|submit it|carry on)"
    # (not a flight by its time, whose day it is: "go ahead with the 7pm tomorrow")
    r"(?: with (?:it|that|this|the (?!\d{1,2}(?::\d\d)?\s?(?:am|pm)(?![\w']))\w+))? (?:later|tomorrow|"
    r"tonight|next (?:week|month|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|in (?:an?|a few|\d+|one|two|three) (?:hours?|days?|"
    r"weeks?|minutes?)|(?:after|when|once) (?:lunch|dinner|the weekend|i|we|you hear))",
    r"(?:once|after) (?:i|we)(?:'ve| have)? (?:get|got|receive|received|hear|heard|check|"
    r"checked|talk|talked|speak|spoke|see|know|confirm|find out)",
)
# Phrases with a negation or "if" in them that are neither a refusal nor a condition.
_IDIOMS = re.compile(
    # (a shrug before the yes, no condition: "Na gut, wenn es nicht anders geht. Ja, bitte
    # stornieren Sie die Bestellung.", "if there's no other way", "als het niet anders kan")
    r"(?<![\w'])(?:wenn es nicht anders geht|if there'?s no other way|if that'?s the only way|"
    r"als het niet anders kan|si no hay otra (?:manera|forma)|s'il n'y a pas d'autre (?:moyen|solution)|"
    r"se non c'è altro modo|se não (?:tem|há) outro jeito)(?![\w'])|"
    # (a waiver: "just do it, no need to run it by me"; before "no need" alone)
    r"(?<![\w'])(?:no need to (?:double-?check|check|confirm|ask|run (?:it|things|everything|"
    r"that) by)(?: with)? me(?: first| again)?|"
    # (a rule for what comes after, no "not" for this one: "Yes, cancel it. And please don't do
    # anything else without asking")
    r"(?:don'?t|do not|never) (?:do|change|touch) anything else(?: without (?:asking|checking with|"
    r"telling) me(?: first)?)?|"
    # ("Yes. And in future read the details back to me before you submit anything.")
    r"(?:and )?(?:in (?:the )?future|next time|from now on),? (?:please )?(?:read|list|show|tell|"
    r"check|ask|confirm)[^.!?]*|"
    # (a reason, not a refusal: "no quiero más líos con el banco", "não quero mais problemas")
    r"n(?:o|ão|ao) qui?ero (?:m[aá]i?s )?(?:l[ií]os|problemas|complicaç(?:ões|oes)|complicaciones|"
    r"rollos|dor de cabeça)(?: con [^.,;!?]*| com [^.,;!?]*)?|"
    r"no (?:problem|prob|probs|worries|rush|delay|delays|need|hurry|issue|issues|further|more "
    r"questions|other|longer)|no,? that'?s (?:all|it|correct|right|everything)|nothing else|"
    # (the same answer in the other languages read: "non c tout, go", "nee, dat is alles")
    r"(?:non|nee|nein|não|nao|no),? (?:c'est tout|c tout|cé tout|dat is alles|dat was het|das "
    r"(?:ist|wäre|war) alles|è tutto|e tutto|nient'altro|é tudo|e tudo|nada más|nada mas|eso es "
    r"todo|solo eso)|"
    # ("No hay nada más.", "Não há mais nada.", "Il n'y a rien d'autre.": nothing else to add)
    r"no hay (?:nada más que agregar|nada más|nada mas|más nada)(?= *(?:[.!,]|$))|"
    r"não (?:há|tem) mais nada(?= *(?:[.!,]|$))|"
    r"(?:il )?n'y a rien d'autre|non c'è (?:nient'altro|altro)|"
    r"not (?:a|any) problem|don'?t (?:need anything else|have (?:any|all day|much time|time)|"
    r"worry|hesitate|wait|delay)|do not (?:wait|delay|hesitate)|without (?:delay|waiting)|"
    r"(?:don'?t|do not) (?:want|need) to keep|no need to keep|(?:rather|prefer) not (?:to )?wait|"
    # (a reason, what the user wants to avoid: "... and I don't want to double up")
    r"(?:i|we) (?:don'?t|do not) want to (?:double up|end up with (?:two|2|both)|have two|pay twice|"
    r"be charged twice|get charged twice|waste (?:it|the money|money)|risk it|miss (?:it|the|my))|"
    # (a waiver for later: "you don't need to double-check every little thing with me")
    r"(?:you )?(?:don'?t|do not) (?:need|have) to (?:double-?check|check|confirm|ask|run "
    r"(?:it|things|everything|that) by me)(?: (?:every|each|all)(?: little)? (?:thing|detail|"
    r"step)s?)?(?: with me)?|"
    # (a rule for what comes after: "Yes, the afternoon one. Please don't do anything else
    # without asking me.", "... without me saying so")
    r"(?:please )?(?:don'?t|do not) (?:do|change|touch) anything (?:else )?(?:again )?without "
    r"(?:(?:asking|checking with|telling) me(?: first)?|me (?:saying so|saying it'?s ok(?:ay)?|"
    r"agreeing|approving|confirming|okaying)|my (?:ok|okay|approval|permission|say-so|"
    r"go-ahead))|"
    # (not what the agent is to find or make sure of first: "If you can find something for $40
    # or less go ahead and switch me")
    r"if you (?:could|would|can|don'?t mind|please)(?! (?:find|get|keep|make|manage|match|"
    r"guarantee|promise|confirm|waive|do it (?:for|under|without))(?![\w']))|"
    r"if (?:that'?s|it'?s|that is|it is) "
    r"(?:ok|okay|alright|all right|fine|possible|no problem)|if possible|as soon as possible|"
    r"if (?:that'?s|this is|it'?s) (?:the|my) (?:only|best) (?:option|way|choice)|if you say so|"
    # (a concession, not a condition: "if that's what you can offer, I'll accept the $150")
    r"if (?:that'?s|that is|this is) (?:what|all|the most|the best) (?:you|you'?re able to|"
    r"you are able to) (?:can )?(?:offer|do|give)(?: me)?|"
    r"if that'?s what it takes|if (?:that'?s|it'?s) (?:the case|necessary|required|needed)|"
    # (no other way, given in to: "if there's no other way, ok go ahead")
    r"if there'?s no other (?:way|option|choice)|"
    r"if needed|if necessary|if you need|if there'?s anything|if i (?:may|could)|even if|"
    r"as if|if so|"
    r"can'?t wait|cannot wait|all right|sin problema|pas de problème|"
    r"kein problem|sem problema|nessun problema)(?![\w'])"
)
_QUESTION_START = re.compile(
    r"^(?:what|which|when|where|why|how|who|whose|is|are|am|was|were|do|does|did|can|could|"
    r"would|will|shall|should|may|might|have|has|had|isn'?t|aren'?t|won'?t|wouldn'?t|"
    r"qué|cuál|cuándo|cómo|dónde|puede|est-ce|quand|pourquoi|comment|was|wann|wie|wo|kann|"
    r"können|quando|como|onde|pode)(?![\w'])"
)
# A question after the yes takes it back only if it reopens the action (changes, conditions).
# (a check that opens a question about what was said: "just double-checking, the $3.76 goes
# back to my paypal?")
_A_CHECK_OPENS = r"(?![- ]?(?:check|confirm)(?:ing)?\s*[,:\u2013-])"
_REOPENS = re.compile(
    r"(?<![\w'])(?:before (?:you|we|that|doing|proceeding|anything|going|finali[sz]|confirm|"
    r"making|it'?s)|instead|different|rather|switch|double" + _A_CHECK_OPENS
    # (not how long the money takes: "or do I have to wait a week like last time?")
    + r"|(?<!have to )wait(?! (?:a|an|one|two|three|\d+|several|a few|that|so) (?:week|day|month|"
    r"hour|business day|long|while)s?(?![\w']))|actually|"
    r"reconsider|"
    r"change (?:my mind|it|that|the|to))(?![\w'])"
)
# After the yes, only these conditions take it back ("Go ahead. If it fails, tell me" does not).
# a price's ceiling said as a refusal past it: "if it's more than $50 extra, forget it"
OVER_BOUND = (r"if (?:it'?s|it is|that'?s|that is|the (?:total|cost|price|difference|charge|fee) "
              r"is|it comes to|it costs) (?:more than|over|above|higher than) ([$€£])?\s?"
              r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*(?:extra|more|dollars?|bucks|usd))?,?\s+"
              r"(?:then\s+)?(?:forget it|never ?mind|don'?t|do not|no|cancel it|skip it|leave it)")
_OVER_BOUND = re.compile(OVER_BOUND)
# a ceiling on what the user pays, said as a refusal of anything past it: "I don't want to pay
# anything extra", "I don't want to pay more than $240", "não quero pagar nada além dos 290";
# a bound the proposal may meet (``confirm._condition_met``), not a refusal of the action
PAY_NO_MORE = (r"(?:i|we) (?:do not|don'?t|won'?t|will not) (?:want to |wish to )?pay (?:anything|"
               r"any(?:thing)? more|any(?:thing)? extra|extra|more|a (?:cent|penny|dime) more)"
               r"(?: (?:than|over|beyond|above) (?:the )?([$€£])?\s?(\d{1,3}(?:,\d{3})+|\d+)"
               r"(\.\d+)?)?(?: (?:extra|more|on top|dollars?|bucks))?(?: though)?(?=\s*(?:$|[,.;!]))"
               # (of one thing: "i don't want to pay anything for bags")
               r"|(?:i|we) (?:do not|don'?t|won'?t|will not) (?:want to |wish to )?pay (?:anything|"
               r"any(?:thing)? extra|extra|a (?:cent|penny|dime)) for (?:the |my |any |those |these )?"
               r"(?P<thing>bags?|baggage|luggage|suitcases?|insurance|seats?|upgrade|meals?)"
               r"(?: though)?(?=\s*(?:$|[,.;!]))"
               r"|(?:i'?m|i am|we'?re|we are) not (?:paying|going to pay) (?:anything )?(?:extra|more)"
               r"(?: just)?(?: for (?:a |the )?[a-z]{3,}(?: [a-z]{3,})?)?(?: lol)?(?=\s*(?:$|[,.;!]))"
               # (charged, not paying: "as long as i'm not charged anything else")
               r"|(?:i'?m|i am|we'?re|we are) not (?:charged|billed|being charged) (?:anything|any ?more|"
               r"extra)(?: (?:else|extra|more|on top))?(?=\s*(?:$|[,.;!]))"
               r"|não (?:quero|vou) pagar (?:nada )?(?:a )?mais (?:do )?que (?:os |o )?([$€£]|r\$)?\s?"
               r"(\d+)(\.\d+)?|não (?:quero|vou) pagar nada além d[eo]s? ([$€£]|r\$)?\s?(\d+)(\.\d+)?"
               r"|no (?:quiero|voy a) pagar (?:nada )?más de ([$€£])?\s?(\d+)(\.\d+)?"
               # (no sum: "que no quiero pagar más", "não quero pagar mais")
               r"|(?:que )?no (?:quiero|voy a) pagar (?:nada )?más(?= *(?:$|[,.;!]))"
               r"|(?:que )?não (?:quero|vou) pagar (?:nada )?(?:a )?mais(?= *(?:$|[,.;!]))"
               r"|je ne veux pas payer plus de ([$€£])?\s?(\d+)(\.\d+)?")
_PAY_NO_MORE = re.compile(PAY_NO_MORE)
_STRONG_CONDITION = _words(OVER_BOUND, PAY_NO_MORE, r"only if", r"as long as", r"provided(?: that)?",
                           r"on condition", r"unless", r"but only" + _ONLY_THING,
                           # (the other languages' "as long as": "lo de economy sí, mientras el
                           # total no pase de 150")
                           *CONDITION_ABROAD,
                           # (a go-ahead of its own, under an "if": "only the kettle yes. if the new
                           # one is not more expensive, ok do the change for me")
                           r"^if [^,;.]{3,80}, (?:then )?(?:ok(?:ay)?,? |yes,? )?(?:go ahead|do it|do the|"
                           r"proceed|please do|make the|change it|cancel it|book it)",
                           # (the "if" after it: "Do it if it's the same price."; not "if you can")
                           r"^(?:(?:ok(?:ay)?|yes|yeah|yep|sure),? )?(?:then )?(?:go ahead|do it|proceed|"
                           r"please do|go for it|change it|cancel it|book it|swap it|switch it) "
                           r"(?:but )?(?:only )?if(?= (?!you can|you could|possible|needed|necessary|"
                           r"(?:that'?s|that is|it'?s|it is) (?:ok|okay|possible|alright|easier|easiest|"
                           r"simpler|quicker|faster)(?![\w'])))",
                           # (and in the other languages read: "Wenn das unter 20 Dollar sind, dann
                           # machen Sie's", "si c'est moins de 100, allez-y", "si sale menos de 50,
                           # hágalo"; not a "si" that is a yes: "si claro, dale")
                           r"^wenn [^,;.]{3,80}, (?:dann )?(?:machen sie(?:'s| es| das)?|mach(?:'s| es)?|"
                           r"buchen sie|stornieren sie|ändern sie|tauschen sie)",
                           r"^si (?!(?:claro|perfecto|por ?fa|porfis|gracias|dale|obvio|listo|bueno|vale|ok|"
                           r"está bien|esta bien|correcto|exacto|de acuerdo|s[ií])(?![\w']))[^,;.]{3,80}, "
                           r"(?:entonces |alors |pues )?(?:hágalo|hazlo|hacelo|dale|adelante|allez-y|"
                           r"faites-le|vas-y|go|procedez|procédez|procede|proceda)(?![\w'])")
# Declined travel insurance is an answer to a detail, not a refusal of the action: "no
# insurance", "I don't want to add travel insurance", "Nein, keine Versicherung". (Only
# insurance: a bag or an item declined may be the action itself, "I don't want the extra bag".)
_ADDON_NO = re.compile(
    r"(?<![\w'])(?:(?:no|nope|nah)(?:,? (?:thanks?|thank you))?,? )?(?:(?:no|without|no thanks? "
    r"to|no to|(?:i )?(?:do not|don'?t|won'?t|will not) (?:want|wish|need|require)(?: to (?:add|"
    r"buy|purchase|include|get|pay for))?)(?: any| the| a| an)? (?:travel |trip |flight )?insurance"
    r"(?: coverage| protection)?|(?:nein,? )?keine (?:reise)?versicherung|(?:no,? )?(?:no quiero|"
    r"sin) (?:el |un )?seguro(?: de viaje)?|(?:non,? )?(?:pas d'|sans )assurance)(?![\w'])"
)
# "No checked bags, thanks": a count answered (zero), said alone; "I don't want the extra bag"
# may withdraw an action that adds it, and stays a decline.
_NO_BAGS = re.compile(r"(?:and )?no (?:checked |extra |additional )?(?:bags?|baggage)"
                      r"(?:,? (?:thanks?|thank you|please|needed))?")
# An instruction about a detail, with a condition of its own ("use that if there's any
# difference"): the condition is the detail's
_DETAIL_IF = re.compile(r"(?<![\w'])(?:use|charge|put|refund|send|pay|bill)(?![\w'])[^.!?]*"
                        r"(?<![\w'])if(?![\w'])|^if (?:not|so)\b")  # ("if not": a question's)
# Another payment method asked for ("don't charge my Visa, put it on my PayPal"): a detail of
# the action, not a refusal of it (which method covers the call is the binding's to check)
_REDIRECT = re.compile(r"(?:don'?t|do not) (?:charge|bill|use|put it on)\b[^.!?]{0,40}\b(?:put "
                       r"(?:it|that|this) on|use|charge (?:it|that|this) to|instead)\b")
# After a yes, a closing answer to "anything else?" or a reason for the action is no refusal:
# "No thanks, that's all I need", "No, nothing else", "I don't want it anymore".
_CLOSING = re.compile(
    r"^(?:(?:no|nope|nah)(?:,? (?:thanks?|thank you)(?: so much)?)?,? )?(?:that'?s (?:all|it|"
    r"everything)(?: i need)?(?: for now)?|nothing (?:else|more)(?: for now)?|(?:the rest|everything "
    r"else) (?:is|looks) (?:fine|good|ok|okay|correct|right)|i'?m (?:good|all set|"
    r"fine)|all good|that will be all|i (?:do not|don'?t) (?:have|need) (?:any|anything)(?: other| "
    r"more| further| else)?(?: questions?)?(?: for now)?|no necesito nada más(?:,? gracias)?|"
    r"nada más(?:,? gracias)?|c'est tout|das wäre alles|das ist alles)(?:,? (?:thanks?|thank you)"
    r"(?: so much)?)?$"
    # (said alone, or after a no: not the reason after a yes, "yes cancel that one, we don't need
    # it anymore")
    r"|^(?:(?:no|nope|nah|honestly|really)[,.]?\s+)?(?:i |we )?(?:do not|don'?t) (?:want|need) (?:it|this|"
    r"that|them|the [\w ]{1,40}?) any ?more$"
    r"|^i no longer (?:want|need)\b"
    # back from a wait, nothing answered yet: "Ok, I'm back"
    r"|^(?:(?:ok(?:ay)?|alright|all right|hi|hello|sorry)[\s,.!]*)*(?:i'?m|i am|we'?re) back"
    r"(?: now| again)?$"
)
_EMOJI_YES = re.compile("[\U0001f44d\u2705\u2714\U0001f44c\U0001f646\U0001f197\U0001f4af\u2611"
                        "\U0001f64f\U0001f91d]")
_EMOJI_NO = re.compile("[\U0001f44e\u274c\u274e\U0001f6ab\u270b\U0001f6d1\u26d4\U0001f645]")
_EMOJI_HOLD = re.compile("[\U0001f914\U0001f615\U0001f610\u23f3\u231b]")
# Letters of scripts the reader has no lexicon for: a reply in them is not read as a yes.
_FOREIGN = re.compile("[\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f"
                      "\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_FILLER = _words(r"please", r"thank you", r"thanks?", r"so much", r"sir", r"ma'?am", r"then",
                 r"now", r"and", r"just", r"ok", r"okay", r"very", r"much", r"a lot", r"gracias",
                 r"merci", r"danke", r"obrigad[oa]", r"grazie", r"por favor", r"bitte", r"that",
                 r"it", r"this", r"all", r"yes", r"great", r"perfect", r"right", r"correct",
                 r"exactly", r"indeed", r"fine", r"good", r"sounds", r"looks", r"is", r"deal",
                 # (the plan taken as it was put: "Correct, in that order.", "Yes, exactly as
                 # written.")
                 r"in that order", r"(?:exactly )?as (?:stated|written|listed|described|proposed)",
                 # (the other languages' weak yeses, alone: "Giusto.", "Stimmt.", "Klar.")
                 r"giusto", r"juist", r"stimmt", r"richtig", r"klar",
                 # (a sigh before a grudging yes: "ugh fine. no longer needed")
                 r"ugh+", r"sigh", r"meh", r"oh well")
_FUZZY = ("yes", "yeah", "okay", "sure", "proceed", "confirm", "confirmed", "correct", "please")
# words a letter away from one of those, which are words of their own: French "sur" (on), "yet",
# "pure", "cure"; and two away from the longer ones ("Leave the puzzle", "Incorrect.")
_NOT_TYPOS = frozenset({"sur", "yet", "pure", "cure", "lure", "sue", "surf", "sura", "leave", "place",
                        "process", "processed", "release", "connect", "collect", "current",
                        "incorrect", "least", "peace", "year", "priced", "lease", "cease"})


def edit_distance(a: str, b: str) -> int:
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
    """A misspelt yes as the sentence's first word ("yse", "proceeed", "confrim")."""
    first = re.split(r"[^a-z']+", sentence, maxsplit=1)[0]
    if len(first) < 3 or len(first) > 12 or _YES.fullmatch(first) or first in _NOT_TYPOS \
            or sentence[len(first):len(first) + 1] == "-":
        return False  # (a longer word is no yes within two letters, and costs per letter;
        # nor a word with a pronoun joined on: "confirmez-moi le total")
    return any(edit_distance(first, word) <= (1 if len(word) <= 4 else 2) for word in _FUZZY)


# (a point between digits is a decimal point, not a sentence's end: "refund the $74.12")
_SPLIT = re.compile(r"(?:[^.!?¿¡\n;]|(?<=\d)\.(?=\d))+[.!?;]*|[¿¡][^?!]*[?!]*")


# A yes that starts a new clause in a run-on turn ("I guess you're right yes please proceed",
# "probably my mistake, yes please go ahead"): its own sentence, so the hedge before it is not
# read as holding it.
_CLAUSE_YES = re.compile(r"(?:,\s*|\s+)(?=(?:yes|yeah|yep|yup|ok|okay|sure)[\s,]+(?:(?:please|"
                         r"pls|plz)[\s,]+)?(?:go ahead|proceed|do it|go for it|confirm)(?![\w']))")


# a clause after a yes that thinks another thing over: ", let me think about boston"
_CLAUSE_THINK = re.compile(r",\s*(?=(?:but )?(?:let me|i'?ll|i need to|i have to|i want to) (?:think|decide) "
                           r"(?:about|over|on) (?:the |my )?(?!(?:it|that|this|them|those|these|everything|"
                           r"anything|all|both|what|which|whether|how)(?![\w']))[a-z]{3,})")


# "but", in the languages read
_BUT_WORD = r"(?:but|ma|pero|mais|aber|mas|maar)"
# a question opening on "but" (not one of when: "but how long ...?")
_BUT_ASKS = re.compile(_BUT_WORD + r"\s(?!(?:how long|when|how soon|quanto tempo|"
                       r"quando|cu[aá]nto tarda|cu[aá]ndo|combien de temps|quand|wie lange|wann|hoe lang|"
                       r"wanneer|quanto ci)(?![\w']))")


# a yes ending on a "but" whose question follows in a sentence of its own: "Ya, pero oye, ¿eso no
# me va a atrasar el despacho?"
_BUT_DANGLING = re.compile(r"(?:^|,)\s*" + _BUT_WORD + r"(?:,? (?:oye|hey|listen|look|mira|écoute|senti|"
                           r"hör mal|olha))?$")


# a clause opening on "but" and a thing: ", but for the mat ...", ", but the mat ..."
_BUT_THING = re.compile(r",\s*but\s+(?=(?:for |as for )?(?:the|my|that) [a-z]{3,})")


# ... but not after a refusal, a wait, a condition or a turn of mind in the same breath ("not
# yet, ok go ahead later", "wait, yes please proceed", "espera, ok please proceed"): that
# clause and the yes stay one sentence. A hedge alone ("maybe I mixed things up", "I guess
# you're right") is read as it is when a full stop ends it: it does not hold a later yes.
_NO_CLAUSE_SPLIT = re.compile(r"(?<![\w'])(?:no|not|never|nope|wait|hold|actually|stop|instead|"
                              r"but|only|unless|if|later|tomorrow|first|before)(?![\w'])|"
                              r"n't(?![\w'])")
_HEDGES = _words(*_HEDGE_WORDS)
_HEDGE_END = re.compile(r"(?<![\w'])(?:" + "|".join((*_HEDGE_WORDS, r"possibly", r"i think",
                                                     r"i suppose")) + r")[\s,]*$")


# A plain yes, then a further request in the same sentence ("Yes please, and can you also add a
# bag to my other trip?"): the request is a sentence of its own, so its question mark is not
# the yes's. (Only a request for something more, "also"; "yes, and can you send it to my gift
# card?" stays one question.)
_YES_AND_ALSO = re.compile(r"^((?:yes|yeah|yep|yup|ok|okay|sure|ja|oui|sì|si|sí|sim|claro|d'accord|"
                           r"va bene|vale|prima|perfect|perfetto|parfait)(?:[\s,]+(?:please|pls|"
                           r"go ahead|proceed|do it|go for it|confirmed|thanks|thank you|hoor|graag|"
                           r"bitte|gerne|merci|grazie|gracias|obrigad[oa]|por favor|s'il vous plaît|"
                           r"per favore|"
                           # ("yes to all 3 thats exactly it and also do you know if ...")
                           r"to (?:all|both)(?: (?:of (?:them|it|those)|[1-9]|two|three|four))?|"
                           r"that'?s (?:exactly |all )?(?:it|right|correct)|exactly))*)[\s,]+"
                           r"(?:(?:and|but|en|und|et|e|y) |(?:quick|one) q(?:uestion)?[,:]?\s*|btw,?\s*)"
                           r"(?=(?:while you'?re (?:at it|there)[\s,]+)?"
                           # (or a question of its own after the yes: "sure — and will the refund
                           # show up before the weekend?")
                           r"(?:when|how (?:long|soon)|will (?:the|it|i|my)|would (?:the|it|i|my)|"
                           r"do i|does (?:the|it|my)|is (?:the|it|there|my)|"
                           r"(?:can|could|would|will) you (?:please )?also|also"
                           # (in the other languages read: "ja hoor, en kun je ook meteen ...?")
                           r"|(?:kun|kan|kunt) (?:je|u) (?:ook|meteen|ook meteen)"
                           r"|(?:kannst du|können sie|könnten sie|konnen sie) (?:auch|noch|gleich)"
                           r"|(?:pouvez-vous|vous pouvez|tu peux|peux-tu|pourriez-vous) (?:aussi|également|"
                           r"egalement)"
                           r"|(?:puoi|può|potresti|potrebbe) anche"
                           r"|(?:puedes|puede|podrías|podría|podrias|podria) también"
                           r"|(?:pode|podes|você pode|voce pode|poderia) também)(?![\w']))")


# A go-ahead, then a question joined by "but" or "though" ("yes please go ahead, though i'm
# wondering if it'll still arrive by friday?"): the question is a sentence of its own, read as
# one after the yes (it takes the yes back only where it reopens: "..., but can you use PayPal
# instead?")
_YES_BUT_ASKS = re.compile(r"^((?:[^,]*[\s,]\s*)?(?:(?:yes|yeah|yep|yup|ok|okay|sure)[\s,]+)?"
                           r"(?:please[\s,]+)?(?:go ahead|proceed|do it|go for it)"
                           r"(?: with (?:the|it|that|this)[^,?]{0,30})?)"
                           r"[\s,]+(?:but|though|although|"
                           r"tho)\s+(?=(?:i'?m wondering|i wonder|just wondering|will|would|does|do|"
                           r"is|are|can|could|how|when|what)(?![\w']))")

# a plain yes, then "but" and a check on a detail closed by a tag: "yes, but the bags stay as they
# are, right?", "si, ma i bagagli restano come sono vero?"
_YES_BUT_CHECK = re.compile(r"^((?:yes|yeah|yep|ok|okay|sure|si|sì|sí|oui|ja|sim)(?:[\s,]+(?:please|go ahead|"
                            r"do it|procedi|vas-y|allez-y|adelante|pode))?)[\s,]+(?:but|ma|pero|mais|"
                            r"aber|mas|maar)\s+(?=[^?]{3,80}?,?\s*(?:right|correct|vero|giusto|verdad|"
                            r"cierto|né|certo|oder|hein|toch|hè|n'est-ce pas|nicht wahr)\s*\??$)")
# a plain yes, then a question about what happens next in the same sentence: "yes — will I get
# an email with the return label?", "yes go ahead - oh and will I get an email with the label?"
# (a bare "ok" before a question is no yes; a question that asks for other details is not
# this: "yes - can you make it the blue one?", "yes, will it go to my visa instead?")
_YES_THEN_ASKS = re.compile(r"^((?:yes|yeah|yep|yup|sure)(?:[\s,]+(?:please[\s,]+)?(?:go ahead|proceed|"
                            r"do it|go for it))?)[\s,]*(?:[-\u2013\u2014][\s,]*)?(?:(?:oh|and|also)"
                            r"[\s,]+)*(?=(?:will|would|does|do|is|are|how|when|where|what)"
                            r"(?![\w']))")
# how long the money or the parcel takes, asked after the yes (no other detail, even of the refund)
_TIMING_Q = re.compile(r"(?:how long|how many (?:business )?days|when (?:will|would|do|does|should))"
                       r"(?![\w'])")
_ASKS_OTHER_DETAIL = re.compile(r"(?<![\w'])(?:instead|rather|change|switch|swap|make it|use|"
                                r"different|another|other|only|just|without|cheaper|cost|fee|"
                                r"charge|price|refund|how much)(?![\w'])")


def _keeps_clause(before: str) -> bool:
    """Whether the text before a clause's yes holds it in the same sentence."""
    if _NO_CLAUSE_SPLIT.search(before) or _CONDITION.search(before) or _DECLINE.search(before) \
            or _HEDGE_END.search(before):  # ("maybe yes, go ahead": the hedge is the yes's)
        return True
    return bool(_WAIT.search(_HEDGES.sub(" ", before)))


_THEN_SHOW = re.compile(r"(?<=[a-z'])[,;]?\s+(?=then (?:show|send|tell|give) me (?:the|your) [a-z]{3,})")


# a spaced dash after a yes, then a question ("yes to both - oh, and is there any way to get a
# discount code?", "sure — one more thing, could you also return the kettle?", the long dash
# normalised to a comma with a space before it): it ends the yes's sentence as a full stop would
# (not before a statement, which may say what the yes left out is waiting on: "do everything
# except the return for now - I need to check with my sister ...")
_SPACED_DASH = re.compile(r" (?:-|,) (?=\S)")


def _dash_ends_yes(parts: list[str]) -> list[str]:
    """``parts`` with each question that opens on a yes closed by a spaced dash cut in two
    there."""
    out = []
    for part in parts:
        dash = _SPACED_DASH.search(part) if part.rstrip().endswith("?") else None
        if dash is not None and _read_sentence(part[:dash.start()].strip(), False)[0] is Act.AFFIRM:
            out += [part[:dash.start()] + ".", part[dash.end():]]
        else:
            out.append(part)
    return out


def sentences(text: str) -> list[tuple[str, bool]]:
    """(sentence, is_question) pairs of normalised text. Emoji stay with their sentence."""
    out = []
    for part in _dash_ends_yes(_SPLIT.findall(text)):
        s = part.strip().lstrip("¿¡").strip()
        spans: list[tuple[int, int]] = []  # the pieces as (start, end) in s: text as written
        start = 0
        if (also := _YES_AND_ALSO.match(s)) is not None:
            spans.append((0, also.end(1)))
            start = also.end()
        elif (steps := _STEPS_ALONE.match(s)) is not None and steps.end() < len(s) \
                and s[steps.end():].lstrip()[:1] in (",", ";", "-", "\u2014", "\u2013"):
            spans.append((0, steps.end()))  # ("1 and 3, hold 2 — I want to check Raj's passport
            start = steps.end()  # first": the steps, then what holds the other)
        for m in _CLAUSE_YES.finditer(s):
            if not _keeps_clause(s[start:m.start()]):
                spans.append((start, m.start()))
                start = m.end()
        if (thought := _CLAUSE_THINK.search(s, start)) is not None \
                and _read_sentence(s[start:thought.start()], False)[0] is Act.AFFIRM:
            spans.append((start, thought.start()))  # ("just the chicago one for now, let me
            start = thought.end()  # think about boston": the yes, then a hold on another)
        if (but := _BUT_THING.search(s, start)) is not None and not s.endswith("?") \
                and _A_THING.search(s, start, but.start()) is not None \
                and _read_sentence(s[start:but.start()], False)[0] is Act.AFFIRM \
                and _read_sentence(s[but.end():], False)[0] is Act.HOLD:
            spans.append((start, but.start()))  # (a yes to one thing, then a hold on another
            start = but.end()  # in its own clause: "the clock yes, but for the mat i'm still
            # thinking"; not a bare yes, "yes, but the mat i'm not sure about", held whole)
        if (shown := _THEN_SHOW.search(s, start)) is not None:
            # ("please do that and confirm it's done, then show me the nonstop change
            # separately so i can verify it": the go-ahead, then a hold of the other thing)
            spans.append((start, shown.start()))
            start = shown.end()
        if (excepted := _EXCEPT_THEN.search(s, start)) is not None:
            spans.append((start, excepted.end()))  # (a yes but one thing, then what is said of
            start = excepted.end() + 1  # that one: "sim, pode avançar com tudo, menos a mala,
            # essa logo se vê no aeroporto se for mesmo preciso")
        if (cut := s.rfind(",", start)) > start and "n" in s[cut:] \
                and FORM_NOT_WANTED.fullmatch(s[cut + 1:].strip(" .!;")) \
                and _read_sentence(s[start:cut], False)[0] is Act.AFFIRM:
            spans.append((start, cut))  # (a yes, then a form of refund not wanted in its
            start = cut + 1  # own clause: "va bene, ma il rimborso sulla visa eh, non voglio buoni")
        spans.append((start, len(s)))
        pieces = [s[a:b] for a, b in spans]
        if s.endswith("?") and ((asks := _YES_BUT_ASKS.match(pieces[-1])) is not None or (
                (asks := _YES_THEN_ASKS.match(pieces[-1])) is not None
                and (not _ASKS_OTHER_DETAIL.search(pieces[-1], asks.end())
                     or _TIMING_Q.match(pieces[-1], asks.end())))) \
                and not _PAY_REDIRECT_Q.search(pieces[-1].rstrip("?!. ")):  # (its method)
            pieces[-1:] = [pieces[-1][:asks.end(1)], pieces[-1][asks.end():]]
        elif s.endswith("?") and (check := _YES_BUT_CHECK.match(pieces[-1])) is not None:
            # (a yes, then a check on a detail in its own clause: "yes, but the bags stay as
            # they are, right?", "si, ma i bagagli restano come sono vero?")
            pieces[-1:] = [pieces[-1][:check.end(1)], pieces[-1][check.end():]]
        for n, piece in enumerate(pieces):
            body = piece.rstrip(".!?;, ").strip()
            if body:
                out.append((body, n == len(pieces) - 1 and s.endswith("?")))
    return out


# all but one thing, then a comma: ", menos a mala," (what follows is said of that one)
_EXCEPT_THEN = re.compile(r",\s*(?:menos|excepto|salvo|except(?: for)?|but not|sauf|tranne|außer|behalve)\s+"
                          r"(?:(?:a|o|os|as|el|la|los|las|the|le|les|il|lo|den|die|das|de|het)\s+|l')?"
                          r"[a-zà-ÿ]{3,}(?=\s*,)")
# a sentence opening on "that one", in the languages read: "essa logo se vê no aeroporto"
_THAT_ONE_OPENS = re.compile(r"(?:essa|esse|isso|esa|ese|eso|that one|that|celle-là|celui-là|ça|quella|"
                             r"quello|die|das|dat|deze)(?![\w'])")
# chat shorthand, read as the words it stands for ("pls proceed", "could u go ahead")
_SHORTHAND = {"pls": "please", "plz": "please", "plse": "please", "u": "you", "ur": "your",
              "k": "ok", "kk": "ok", "y": "yes", "thx": "thanks", "thnx": "thanks",
              "ty": "thank you"}
# ("k" is "ok" only as the whole sentence or before a go-ahead: "Mia K. Li", "2 k", "vitamin
# k" and the Czech "k" are no yes; "y" is "yes" only as the whole sentence or before a comma
# that opens it, "y, just the shirt": "pasta y vino")
_SHORTHAND_RE = re.compile(
    r"(?<![\w'])(?:" + "|".join(w for w in _SHORTHAND if w[0] not in "ky")
    + r"|^kk?(?=[\s,]*(?:$|go |go$|proceed|do it|please|pls|plz|thx|thanks))|^y(?=[\s,.!]*$|\s*,|"
    r"\s+(?:both|all|please|pls|go|do it|proceed)(?![\w'])))"
    r"(?![\w'])")


_FRAGMENT = re.compile(r"^[\W\d_]*$")


def _sentence_act(sentence: str, question: bool) -> tuple[Act, bool]:
    """One sentence's act (``_read_sentence``), where a sentence read as no answer whose parts
    joined by dashes are closings and a go-ahead ("that's everything - swap them") is a yes."""
    if question and (tag := _TAG_QUESTION.fullmatch(sentence)) is not None:
        said = _read_sentence(tag.group(1), False)
        if said[0] is Act.AFFIRM:  # ("just go ahead and do what i ask, okay?": no question)
            return said
    act = _read_sentence(sentence, question)
    if act[0] is Act.OTHER and _DASH.search(sentence):
        parts = [p for p in _DASH.split(sentence) if p.strip(" ,")]
        acts = [_read_sentence(p.strip(" ,"), question and n == len(parts) - 1)[0]
                for n, p in enumerate(parts)]
        if Act.AFFIRM in acts and all(a in (Act.AFFIRM, Act.OTHER) for a in acts):
            return Act.AFFIRM, False
    return act


# a detail the proposal gives as none, said to be right: "No second line, correct." (not "no,
# that is not right")
_NONE_RIGHT = re.compile(r"no (?!(?:that|it|this|thats?|that's)(?![\w']))(?!.*(?<![\w'])not(?![\w']))"
                         r"(?:[a-z]+ ){0,2}[a-z]+,? (?:that'?s |is |it'?s )?(?:correct|right)[.!]?")
# a hope said after the go-ahead, no condition on it: "j'espère juste que ça va pas encore mal
# virer", "I just hope it arrives this time" (not a question)
_HOPE = re.compile(r"(?:(?:and|but|et|mais|y|pero|e|ma|und|aber|en|maar) )?(?:i (?:just |really |only )?"
                   r"hope|j'esp[eè]re(?: juste| seulement| bien| vraiment)?|espero|spero|ich hoffe(?: nur)?|"
                   r"ik hoop(?: maar)?)(?: que| che| dass| dat| that)? [^.!?]+[.!]?")
# a gloomy remark, then the go-ahead: "it'll probably still be wrong somehow, but go ahead"
_GLOOM_THEN_GO = re.compile(r"((?:it|this|that|they)(?:'ll|'s| will| is| are|'re) [^,;:]{3,60}?),? "
                            r"but (?:just |please |ok,? |okay,? )?(?:go ahead|proceed|do it|go for "
                            r"it)(?: anyway| with it)?[.!]*")
# someone who won't like it, given in to: "hmm, marie won't love the evening flight, but fine, "
_GRUMBLE_BUT = re.compile(r"(?:(?:hmm+|well|ugh|meh),? )?([a-z]+ (?:won'?t|will not|wouldn'?t|isn'?t "
                          r"going to|is not going to) (?:love|like|enjoy|be (?:happy|thrilled|pleased|"
                          r"excited))[^,;:]{0,50}),? but (?:fine|ok|okay|alright|all right|whatever|"
                          r"oh well)\s*,?\s*")
# (what makes it more than a remark: a refusal, a wait, an action of its own)
_NOT_A_REMARK = re.compile(r"(?<![\w'])(?:don'?t|do not|never|stop|wait|hold|cancel|instead|"
                           r"if|unless|only)(?![\w'])")
# what someone does as a rule (not "you": "you always get it wrong" reads the proposal too)
_HABIT = re.compile(r"(?<![\w'])(?:i|she|he|they|we|my \w+)(?: \w+)?? (?:always|usually|often|"
                    r"keeps?|kept|never)(?![\w'])")
_DASH = re.compile(r"\s[-—–]\s")
# a go-ahead with a tag after it, which asks nothing: "go for it, okay?"
_TAG_QUESTION = re.compile(r"(.*\S),\s*(?:okay|ok|alright|all right|yeah|yes|please|"
                           r"thanks|thank you)")


def _read_sentence(sentence: str, question: bool) -> tuple[Act, bool]:
    """One sentence's act, and for a hold whether it takes back a yes (a wait or a change).
    A sentence that only picks an option is ``affirm`` here; ``read_turn`` marks it a choice."""
    sentence = _SHORTHAND_RE.sub(lambda m: _SHORTHAND[m.group()], sentence)
    if _CLOSING.search(sentence) or _NO_BAGS.fullmatch(sentence) or _REDIRECT.search(sentence) \
            or _NONE_RIGHT.fullmatch(sentence) or (not question and _HOPE.fullmatch(sentence)):
        return Act.OTHER, False
    if not question and _GIVEN_IN.fullmatch(sentence) is not None:
        return Act.AFFIRM, False  # (a yes given in: "I suppose so", "hmm ok. I guess that works")
    if not question and (gloom := _GLOOM_THEN_GO.fullmatch(sentence)) is not None \
            and _NOT_A_REMARK.search(gloom.group(1)) is None:
        return Act.AFFIRM, False  # (a remark, then the go: "It'll probably still be wrong
        # somehow, but go ahead.")
    if (grumble := _GRUMBLE_BUT.match(sentence)) is not None and sentence[grumble.end():].strip() \
            and _NOT_A_REMARK.search(grumble.group(1)) is None:
        return _read_sentence(sentence[grumble.end():], question)  # (someone's taste told, then
        # given in to: "Hmm, Marie won't love the evening flight, but fine, yes, move her")
    text = _IDIOMS.sub(" ", sentence)
    text = re.sub(r"\s+", " ", text).strip(" ,")
    if _ADDON_NO.search(text):
        text = re.sub(r"\s+", " ", _ADDON_NO.sub(" ", text)).strip(" ,")
        if _only_filler(text) or _DETAILS_RIGHT.fullmatch(text) \
                or _NO_BAGS.fullmatch(re.sub(r"\s(?:and|or)$", "", text)):
            return Act.OTHER, False  # ("no insurance, please": a detail, not a yes either;
            # "No bags and no insurance is right."; "No bags, no insurance.")
    if _NO_JUST.fullmatch(text) and _EMOJI_YES.search(text) is not None:
        return Act.AFFIRM, False  # (the no answers whether there is more, the thumbs-up goes:
        # "nope just the tablet 👍"; what it keeps to is a limit)
    if _NO_JUST.fullmatch(text) and _YES.search(text, 3) is None and _IMPERATIVE.search(text) is None \
            and _STANDALONE_GO.search(text) is None:
        return Act.OTHER, False  # ("Nein, nur die zwei.", "Non, que le skate.": the no answers
        # whether there is more; what it keeps to is a limit, ``binding.limits``)
    go = _NO_THEN_GO.match(text)
    if go:  # "Nope, go for it", "No changes, please proceed": the no answers a question
        text = text[go.end():]
    if (redirect := _PAY_REDIRECT_Q.search(text)) is not None:
        # ("yes go ahead, but can the refund go on my gift card instead?": a go-ahead with the
        # method it is to use, which the binding checks; the rest of the sentence decides)
        rest = (text[:redirect.start()] + " " + text[redirect.end():]).strip(" ,")
        if rest and _sentence_act(rest, False)[0] is Act.AFFIRM:
            return Act.AFFIRM, False
        if not rest or _SECOND_THOUGHT.fullmatch(rest):  # (alone, after a yes: "That sounds
            # good. Can you please use my card ending in 7334 for this booking instead?", a
            # detail; or after a turn of mind: "Oh, actually, on second thought, could you
            # charge the lamp difference to my Visa instead of PayPal?")
            return Act.OTHER, False
    if _NEW_TOPIC.match(text):  # ("OK, what about his Miami trip": a new request)
        return Act.OTHER, False
    emoji_yes = bool(_EMOJI_YES.search(sentence))
    emoji_no = bool(_EMOJI_NO.search(sentence))
    # ("yes the jacket one, cancel that": after a yes, "cancel that" is the go-ahead)
    if _OVER_BOUND.search(text) or _PAY_NO_MORE.search(text):
        return Act.HOLD, False  # ("but if it's more than $50 extra, forget it", "I don't want
        # to pay anything extra": a bound)
    if _CORRECTION.search(text):  # ("oh wait sorry, it's 4B not 4D": a detail put right)
        text = re.sub(r"\s+", " ", _CORRECTION.sub(" ", text)).strip(" ,")
        if not text:
            return Act.OTHER, False
    if "make me" in text:  # (impatience, no "no": "Go ahead. And don't make me repeat myself")
        text = _DONT_MAKE_ME.sub(" ", text).strip(" ,")
        if not text:
            return Act.OTHER, False
    declined = _DECLINE.search(_CANCEL_THAT.sub(" cancel it ", text) if _YES_OPENS.match(text)
                               else text)
    if declined and declined.group() in ("wrong", "incorrect") \
            and _HABIT.search(text, 0, declined.start()):
        declined = None  # ("she always says I send things to the wrong place, ha": a habit
        # told about, not this proposal read as wrong)
    if declined or _NO_START.match(text) or (emoji_no and not emoji_yes):
        return Act.DECLINE, True
    if _EMOJI_HOLD.search(sentence):
        return Act.HOLD, True
    if _REVERSED_TO_GO.search(text) is not None:
        return Act.AFFIRM, False  # (a turn of mind turned back to the go: "Fine - actually, no,
        # do it, do both.")
    if _OTHERWISE_YES.search(text) and not _WAIT.search(_HEDGES.sub(" ", text)):
        return Act.AFFIRM, False  # ("hmm, no insurance actually, otherwise yes")
    if _WAIT.search(text):
        hedged_only = not _WAIT.search(_HEDGES.sub(" ", text))
        if hedged_only and not question and _GO_AFTER_HEDGE.search(text) \
                and _GO_FORETOLD.search(text) is None:
            return Act.AFFIRM, False  # ("ok that's fine i guess, go ahead": reluctant, but go)
        # only a hedge on a yes ("synthetic is fine I guess"): it holds, it takes nothing back
        return Act.HOLD, not (_YES.search(text) and hedged_only)
    text = _NOT_SURE.sub(" ", text)  # ("not sure which one": no "sure")
    weak_only = not _yes_strong(text)
    says_yes = bool(
        (_YES.search(text) and (not weak_only or _only_filler(_LIMITED_TO.sub(" ", text))))
        or _IMPERATIVE.search(text) or _STANDALONE_GO.fullmatch(text) or emoji_yes
        or _STANDALONE_GO.fullmatch(_WEAK_LEAD.sub("", text))  # ("correct, go", "right, go")
        or _PRAISE_GO.fullmatch(text)
        or _typo_yes(text) or _CHOICE.search(text) or _INFINITIVE_GO.search(text)
    )
    if _CONDITION.search(text):
        # (opened by a turn of mind it takes back: "actually, if I cancel, can I reorder the
        # kettle later at the same price?")
        return Act.HOLD, _INTERRUPTS.match(text) is not None
    if _LABEL_PICK.fullmatch(text):  # "B.", "option 2": an option picked by its label
        return Act.AFFIRM, False
    if _DO_ITEMS.match(text):  # "do 1 and 3": a yes to those of a plan's items
        return Act.AFFIRM, False
    if _STEPS_ALONE.fullmatch(text) or _ALL_BUT.fullmatch(text):  # ("1 and 3 please", "everything
        return Act.AFFIRM, False  # except the economy change": which steps is the binding's)
    if question and _ALSO_REQUEST.match(text) and not _reopens_any(
            text if _PRONOUN_OBJECT.search(text) else _ITS_INSTEAD.sub("", text)):
        # ("and also can you switch ...?", "Also, could you send my pending order to my Fort
        # Worth address instead?": something more asked for, its own "instead" included)
        return Act.HOLD, False
    if _WHY_NOT.fullmatch(text):  # "Sure, why not?": a yes
        return Act.AFFIRM, False
    if question:
        if _REQUEST_Q.search(text) and not _reopens_any(text):
            return Act.AFFIRM, False
        # ("quick question though - will fixing the name change the fare?": asked, not changed)
        return Act.HOLD, bool(_REOPENS.search(text)) and not _JUST_ASKING.match(text)
    if _QUESTION_START.match(text) and not says_yes:
        return Act.HOLD, False
    return (Act.AFFIRM, False) if says_yes else (Act.OTHER, False)


# a turn of mind turned back to the go, ending the sentence: "actually, no, do it, do both"
_REVERSED_TO_GO = re.compile(r"(?:actually|wait),? no,? (?:(?:just |please )?(?:do it|go ahead|proceed|"
                             r"go for it|do both|do them both|book it|cancel it)[,\s]*)+[.!]*$")
# a go the user foretells, no go-ahead: "I'll probably do it"
_GO_FORETOLD = re.compile(r"(?<![\w'])(?:i|we)(?:'ll| will|'d| would) (?:probably|likely|maybe|most likely) "
                          r"(?:do|go (?:for|with|ahead with)|take|book) (?:it|that|this|them)(?![\w'])")
# a go-ahead after the last hedge of a sentence, ending it
_GO_AFTER_HEDGE = re.compile(r"(?:" + "|".join(_HEDGE_WORDS) + r")[\s,.!…-]+"
                             r"(?:(?:then|like|um+|uh+|so|well)[\s,]+)*"
                             r"(?:please[\s,]+)?(?:go ahead|proceed|do it|go for it|"
                             # ("I guess I'll take it, but I'm not happy about it")
                             r"i(?:'?ll| will) (?:take|accept) (?:it|that|this|them)|"
                             # (a yes said again after the hedge: "yeah i guess like yeah sure,
                             # just those two")
                             r"(?:yes|yeah|yep|ok(?:ay)?)[\s,]+sure(?:[\s,]+(?:just|only) "
                             r"(?:the |those |these |that |this )?\w+(?: \w+)?)?)"
                             r"(?:[\s,]+(?:please|then|thanks?|thank you))*"
                             r"(?:,? but i'?m not (?:happy|thrilled|pleased) about (?:it|this|that))?"
                             r"[\s.!]*$")
_JUST_ASKING = re.compile(r"(?:(?:a|one|just a|just one) )?(?:quick )?question(?: though| tho| first)?"
                          r"[\s,:-]")
_NEW_TOPIC = re.compile(r"(?:ok(?:ay)?|alright|all right|fine|sure|right)[,.]?\s+(?:so\s+)?(?:what|how) "
                        r"about(?![\w'])")
_DONT_MAKE_ME = re.compile(r",?\s*(?:and |but )?(?:please )?(?:don'?t|do not) make me (?:repeat myself|"
                           r"say it|ask|wait|call back|come back|explain it|go through (?:this|that|it))"
                           r"(?: again| twice)?(?: please)?[.!]*")
_YES_OPENS = re.compile(r"(?:yes|yeah|yea|ya|yep|yup|yh|ok(?:ay)?|sure)(?![\w'])")
_CANCEL_THAT = re.compile(r"(?<![\w'])cancel (?:that|this)(?: one)?(?=\s*(?:$|[,;:!-]))")


# A payment method asked for as a question: "can the refund go on my gift card instead?", "could
# you put it on my Mastercard instead?"
_PAY_REDIRECT_Q = re.compile(
    r"(?:,?\s*(?:but|and)\s+)?(?:can|could|would|will)\s+(?:you\s+)?(?:please\s+)?(?:(?:put|send|"
    r"refund|charge|move|make|bill|pay)\s+)?(?:the |my |that |this )?"
    # (the thing whose sum it is named: "could you charge the lamp difference to my visa")
    r"(?:[a-z]{3,15} (?=(?:refund|charge|difference)(?![\w'])))?(?:refund|money|charge|payment|"
    r"it|that|this|difference)?\s*(?:go\s+)?(?:back\s+)?(?:(?:on|to|onto|into|with|using)\s+|"
    r"(?<![\w'])use\s+)(?:my |the )"
    r"[\w ]{0,20}?(?:gift ?card|visa|mastercard|amex|paypal|credit card|debit card|card|"
    r"certificate)(?: ending(?: in)? \d{4})?"
    # ("can you please use my credit card ending in 7334 for this booking instead?")
    r"(?: for (?:this|the|my) (?:booking|order|reservation|return|exchange|change|upgrade|"
    r"refund|charge|difference))?(?: instead(?: of (?:my |the )?[a-z]+)?)?(?: please)?\s*$")
_SECOND_THOUGHT = re.compile(r"(?:(?:oh|ah|um+|hmm+|and|actually|wait|sorry|on second thoughts?|"
                             r"now that i think (?:about|of) it|come to think of it)[\s,.!-]*)+")
# A detail put right in passing: "oh wait sorry, it's 4B not 4D", "sorry, I meant 4B not 4D"
_CORRECTION = re.compile(
    r"(?:(?:oh|ah|ugh)[\s,]+)?(?:wait|sorry|oops)[\s,.!-]+(?:(?:sorry|oops)[\s,.!-]+)?"
    # (what was wrong said first: "oh wait, I wrote the zip wrong, it's 75204, not 75240")
    r"(?:[\w ]{0,30}?(?<![\w'])wrong(?![\w'])[\w ]{0,20}?[\s,.!-]+)?(?:it'?s|it is|"
    r"that'?s|that is|it should be|should be|i meant|make (?:it|that))\s+[\w#-]{1,20}[,]?\s+not\s+"
    r"[\w#-]{1,20}|"
    # a detail of the call said to be wrong and put right: "but her date of birth is wrong too,
    # it should be 1989-12-31, not the 13th"
    r"(?:(?:but|and|also)[\s,]+)?(?:her|his|my|the|their) (?:date of birth|dob|birth ?day|"
    r"(?:first |last )?name|surname|spelling)(?: \w+)? (?:is|was) (?:also |too )?(?:wrong|incorrect|"
    r"misspelled|off)(?: too| as well| there| on there| on it)?[,;]?\s+(?:it|she|he|that)?(?:'s| is| "
    r"should be| must be)?\s*[\w#-]{1,20}[,]?\s+not\s+(?:the\s+)?[\w#-]{1,20}(?:\s+[\w#-]{1,10})?")
# "... otherwise yes", "other than that, go ahead": a yes to the rest
_OTHERWISE_YES = re.compile(
    r"(?<![\w'])(?:otherwise|other than that|apart from that|besides that|everything else(?: is)? "
    r"(?:fine|good|ok|okay|correct))[\s,]+(?:(?:it'?s )?(?:yes|go ahead|proceed|book it|do it|"
    r"fine|all good|good to go|looks good))(?![\w'])")
_LABEL_PICK = re.compile(r"(?:option |choice )?\(?[a-d]\)?|(?:option|choice) [1-9]")
_PLAN_ITEM = (r"(?:(?:the |number |no\.? ?|#|option |item |step )?(?:[1-9]|first|second|third|last)|both|all|"
              # (what a left-out leaves: "not BOH180 ... do the other four", "do the rest")
              r"(?:all )?the (?:rest|others|other (?:ones?|two|three|four|five|six|[2-9])|"
              r"remaining (?:ones?|two|three|four|five|six|[2-9]))"
              r"(?=(?:[\s,]+(?:please|then|thanks?|thank you|now))*[\s.!]*$))")
# a plan's steps by their numbers alone, others held maybe: "1 and 3 please.", "1 and 3, hold 2"
_STEPS_ALONE = re.compile(r"(?:(?:ok(?:ay)?|yes|yeah|so|just)[\s,]+)*(?:(?:steps?|items?|numbers?|#)\s*)?"
                          r"[1-9](?:\s*(?:,|and|&|\+)\s*#?[1-9])+(?:[\s,]+(?:please|pls|only|then|thanks|for "
                          r"now))*(?:,\s*(?:hold|skip|not|leave|wait on|hold off on)\s+(?:step\s+)?#?[1-9]"
                          r"(?: for now)?)?")
# everything but one step: "Everything except the economy change."
_ALL_BUT = re.compile(r"(?:(?:ok(?:ay)?|yes|yeah|so|then)[\s,]+)*(?:do |go ahead with |yes to )?"
                      r"(?:everything|all of (?:it|them)|all the rest|the rest) (?:except|but|other than|"
                      r"apart from|besides) "
                      r"[a-z0-9 '#-]{2,40}")
_DO_ITEMS = re.compile(r"(?:(?:ok(?:ay)?|yes|yeah|please|then|just|so)[\s,]+)*(?:do|go with|proceed "
                       r"with)\s+" + _PLAN_ITEM + r"(?:\s+(?:one|ones|items?|steps?))?(?:\s*(?:,|and|&)"
                       r"\s*" + _PLAN_ITEM + r"(?:\s+(?:one|ones|items?|steps?))?)*(?![\w'])")
# A question after the yes asking for something more: "and also can you switch the payment on
# my other order to the gift card?"
_ALSO_REQUEST = re.compile(r"(?:(?:and|oh|ok|okay|also|one more thing)[\s,]+)*(?:also[\s,]+(?:can|could|"
                           r"would|will) you|(?:can|could|would|will) you also)(?![\w'])|"
                           # (another thing of the user's, asked to be done: "oh and can the
                           # laptop order itself be charged to my visa instead of paypal?")
                           r"(?:(?:and|oh|ok|okay|also)[\s,]+)+(?:can|could) (?:the|my) [a-z ]{3,40}? "
                           r"be (?:charged|paid|billed|put|switched|moved)(?![\w'])")
_WHY_NOT = re.compile(r"(?:(?:sure|ok(?:ay)?|yes|yeah|fine|alright|hmm+|well),? )*why not")
_NOT_SURE = re.compile(r"(?<![\w'])(?:not|never) (?:so |too |quite |entirely |really |very |"
                       r"100% )?sure"
                       r"(?![\w'])")


def _yes_strong(text: str) -> bool:
    """Whether the sentence has a yes word other than the weak ones."""
    return any(not _WEAK_YES.fullmatch(m.group()) for m in _YES.finditer(text))


# what a weak yes may be limited to and stay a yes: "correct, only chair", "right, just the lamp"
_LIMITED_TO = re.compile(r"(?<![\w'])(?:only|just) (?!(?:wondering|asking|checking|curious|looking|"
                         r"browsing|thinking|kidding|saying)\b)(?:the |my )?[a-z]+(?: [a-z]+)?$")


def _only_filler(text: str) -> bool:
    rest = _FILLER.sub(" ", text)
    return not re.sub(r"[\W_]+", "", rest)


# the "instead" ending a request for something more: that request's own change of terms
_ITS_INSTEAD = re.compile(r"[\s,]+instead(?: of (?:my |the |your )?[a-z]+)?\s*[?.!]*$")
# (not of a request about the action at hand: "can you also make it the other card instead?")
_PRONOUN_OBJECT = re.compile(r"(?<![\w'])(?:it|that|this|them)(?![\w'])")
_REOPEN_Q = _words(r"before", r"first", r"instead", r"different", r"double" + _A_CHECK_OPENS,
                   r"sure", r"wait")


def _reopens_any(text: str) -> bool:
    return bool(_REOPEN_Q.search(text))


def turn_acts(content: str) -> list[tuple[str, Act]]:
    """Each sentence of a user turn with its act (``read_turn`` sums these up)."""
    return [(s, _sentence_act(s, q)[0]) for s, q in sentences(normalize(content))]


# Chinese, read whole (no spaces between words): a yes with nothing that negates, waits or asks
HAN = re.compile("[\u3400-\u9fff]")  # (a Chinese character: Chinese, or kanji)
# (whole words only: "行" alone is in "行李", luggage; "等" in "头等舱", first class)
_HAN_YES = re.compile("好的|好啊|好呀|好滴|好喔|好哦|好嘞|好咧|好哒|是的|对的|對的|"
                      # ("對對對，是1955", right, right: opening the turn)
                      "^(?:对|對)+(?=[，,。！!\\s]|$)|"
                      "(?<![得要先再想去])(?:确认|確認)(?!一下|清楚)|"
                      # ("确定", sure: not "不确定", "确定吗")
                      "(?<![不没沒未])(?:确定|確定)(?![吗嗎么麼不])|"
                      "可以|同意|(?<!身体)(?<!身體)(?:没问题|沒問題)|请办理|請辦理|办吧|辦吧|"
                      "(?<![a-z])(?:ok(?:ay)?|yes|yep|yeah|sure|go ahead)(?![a-z])|"
                      # (Cantonese: "冇錯，係佢。唔該幫我改。", "得，cancel咗佢啦", "唔該晒，加埋佢。",
                      # "照咁book啦")
                      "^(?:係|系|係呀|係啊|係喇|啱|啱呀|得|得啦|冇錯|無錯|好啦|好呀)(?:[，,。！!～~]|$)|"
                      "唔該(?:你|晒)?(?:幫我|帮我)?(?:改|換|换|取消|加|訂|订|book|cancel|處理|处理|搞)|"
                      "(?<!不)(?<!會)(?<!会)(?<!唔)(?<!別)(?<!别)(?<!要)"
                      "(?:改|換|换|取消|加|訂|订|book|cancel|退)(?:咗|埋)?(?:佢|呢個|呢班|嗰班|呢件)?(?:啦|喇|吖)|"
                      "加埋(?:佢|呢件|一件)?|照咁(?:book|做|訂|改|搞)|"
                      "执行|執行|就这样|就這樣|照办|照辦|^(?:对|對|嗯|行|是|好)(?:[，,。！!～~]|$)|^嗯嗯|"
                      # ("跟上一个一样处理就行": doing it so will do)
                      "(?:处理|處理|办|辦|弄|做|换|換|改)就(?:行|好|可以)|"
                      # ("对对，快点": right, right, hurry)
                      "^(?:对对|對對|是是|好好)(?:[，,。！!～~]|$)|快点办|快點辦|"
                      "^嗯+(?:对|對|好|是)(?:[，,。！!～~]|$)|"
                      # (wanted, to "要我现在为您发放吗？": "要的，谢谢", "要啊", "需要")
                      "^(?:要的|要啊|要呀|要吧|要|需要)(?:[，,。！!～~]|$)|"
                      # (the action alone, maybe with its count: "加。", "加两件，谢谢。")
                      "^(?:加|改|换|換|退|订|訂|降|升)(?:[一二两兩三四五1-9](?:件|个|個|张|張))?(?:[，,。！!]|$)|"
                      # ("麻烦了", thank you for doing it: "嗯嗯，换成Visa，麻烦了。")
                      "麻烦(?:你|您)?了|麻煩(?:你|您)?了|"
                      # ("沒錯，麻煩改一下": right, please change it)
                      "(?:麻烦|麻煩|请|請)(?:你|您)?(?:帮我|幫我)?(?:改|换|換|办|辦|处理|處理|更新|更正|修改)"
                      "(?:一下)?(?![吗嗎么麼])|^(?:没错|沒錯)(?:[，,。！!～~]|$)|"
                      # ("贵了点……行吧", that'll do; not "不行吧", "航行")
                      "(?<![不银銀旅步进進运運流飞飛航执執])行(?:吧|啊)|"
                      # (the action too: "那个也取消", "也降吧", "那就加")
                      "也(?:取消|降|加|改|换|換|升)|那就(?:加|改|换|換|取消|降|升|送出|提交|办|辦)|"
                      # ("下午那班也行，就改那個吧。": that one will do too, change to it)
                      "(?<![不])也(?:行|可以)(?![吗嗎么麼])|就(?:改|换|換|订|訂|取消|退|降|升|加)(?:成)?"
                      "(?:那个|那個|这个|這個|那班|這班|这班|它)?吧")
# ("别的" is "other": no "don't")
_HAN_NOT = re.compile("不|别(?!的|人|处)|別(?!的|人|處)|等一|等等|稍等|算了|再说|再說|考虑|考慮|想想|吗|嗎|"
                      # (Cantonese: not, not yet, think it over, ask first)
                      "唔(?!該|錯|緊要|使客氣)|未(?!來)|諗下|諗諗|考慮下|問下|等陣|遲啲|再講|先唔好|"
                      "商量|问问|問問|问一下|問一下|"
                      # (someone to ask first: "不过我得先跟我老板确认一下")
                      "先(?:跟|和|同|问|問)[^，。,！!？?]{1,8}(?:确认|確認|说|說|讲|講|核实|核實)|"
                      "(?:得|要|需要)先(?:确认|確認|核实|核實)|"
                      "[?？]")
# (and a detail taken though it is not so: "不防水也可以" (not waterproof is fine too))
_HAN_IDIOM = re.compile("没问题|沒問題|没错|沒錯|不错|不錯|不用谢|不客气|不客氣|不过|不過|"
                        # (insurance declined, a detail of what is booked: "保险就不要了，其他都对，订吧")
                        "(?:保险|保險)(?:就|也)?(?:不要|不用|不需要|不买|不買)了?|"
                        # (Cantonese thanks, right, no problem)
                        "唔該(?:晒)?|冇錯|無錯|冇問題|唔緊要|"
                        # (a reason given: "確定不去了", not going any more)
                        "(?:确定|確定)?不(?:去|飞|飛)了|"
                        # (a rule the agent said, taken: "行李不能退啊，那好吧")
                        "不能退|不能取消|不可以退|"
                        "不[^，。,、！？!?]{1,4}也(?:可以|行|没关系|沒關係|没问题|沒問題|好)|"
                        # (nothing else to change: "其他东西都不用换", "其他不用改了")
                        "其他[^，。,、！？!?]{0,6}不(?:用|需要)[^，。,、！？!?]{0,3}|"
                        # ("别的不换", the others left as they are)
                        "(?:别的|別的|其他的?)(?:都)?不(?:换|換|改|退|动|動)了?|"
                        # (unchanged: "难度不变", the difficulty stays)
                        "不变|不變|"
                        # (the reason, right after the go: "那就整单取消吧，不需要了")
                        "(?<=吧，|吧,)(?:已经|已經)?不(?:需要|用|要)了|"
                        # (the reason given, "原因是不再需要"; a limit the agent said, taken: "既然
                        # 保证不了，那就取消")
                        "原因是不再需要|既然[^，。,]{0,8}不了|"
                        # (given in: "算了，升吧" (oh well, upgrade it))
                        "算了(?=[，,、.…\\s]*(?:(?:也)?(?:没关系|沒關係|无所谓|無所謂)[，,、\\s]*)?"
                        # (and the worry waved away: "哦那算了，也没关系，改吧。")
                        "[^，,。！!？?]{0,6}吧)")


# a go-ahead as an imperative with 吧: "两个都改吧" (change both), "那就取消吧" (cancel it then)
_HAN_GO = re.compile("(?:改|换|換|取消|退|办|辦|订|訂|做|处理|處理|修改|更改|加|降|升)(?:了)?吧|"
                     # (done as planned: "總之行李照加就好", "照原计划办"; not a passport's "护照")
                     "(?<![护護拍])照(?:加|改|换|換|办|辦|做|订|訂|退|升|降)(?:就(?:好|行|可以)|吧)|"
                     "照原(?:计划|計劃|本的?|来的?|來的?)(?:办|辦|做|处理|處理|来|來)?|"
                     # (asked for: "行李幫我加一件就好", "幫我取消")
                     "(?:幫我|帮我)(?:加|改|換|换|取消|退|訂|订|升|降)|"
                     # (done as described: "兩個都照這樣做")
                     "(?:照|按)(?:这样|這樣|这个|這個|这么|這麼)(?:做|办|辦|来|來|处理|處理)|"
                     # (an offer taken, or the thing added: "还是给我吧", "那太好了，加上。")
                     "给我吧|給我吧|加上(?:吧|去)?(?=[。！!，,]|$)|"
                     # (a method picked: "用尾号5018那张卡吧", "退到5018那张吧")
                     "(?:用|退到|退回|退至)[^，,。！!？?不别別]{1,16}?(?:那张|那張|那个|那個|卡|账户|帳戶)吧|"
                     # (what it is done to between: "先订我和raj的吧", "取消旧的吧")
                     "(?:订|訂|取消|退|降|升|换|換|改)[^，,。！!？?不别別]{1,10}的吧|"
                     # ("两台都换。", "跟咖啡机一起的那单先改。": the action said alone, or first)
                     "(?:都|先|就)(?:改|换|換|取消|退|办|辦|订|訂|修改|更改)(?:[。！!，,]|$)|"
                     # (things, then the action that ends their clause: "平板和台灯取消，")
                     "(?<=[\u4e00-\u9fff])(?<![不别別没沒要想再])(?:取消|退掉|退货|退貨|换掉|換掉)"
                     "(?=[，,。！!]|$)")
# spaces between Chinese words, chat's commas: "对 两个都退 吸尘器手表不退"
_HAN_SPACE = re.compile("(?<=[\u4e00-\u9fff])\\s+(?=[\u4e00-\u9fff0-9])")
# ... and Japanese chat's, where it writes no stops: "便の変更はok 荷物はちょっと保留で
# 彼女に確認してからにする"
_JA_SPACE = re.compile("(?<=[\u3040-\u30ff\u4e00-\u9fffa-z0-9])\\s+(?=[\u3040-\u30ff\u4e00-\u9fff])")


def _chat_stops(text: str, kana: bool) -> str:
    """Chinese or Japanese ``text`` (``kana``) with chat's spaces read as its stops: "是的 不需要了
    取消", "第二个先不用，我再想想 1和3可以"; in Japanese only where the turn writes no stops of its own."""
    if not kana:
        return _HAN_SPACE.sub("。", text)
    return text if "。" in text or "、" in text else _JA_SPACE.sub("。", text)
# a yes said of a count, naming no thing: "两个都退", "两台都换"
_HAN_COUNT_YES = re.compile("(?:两|兩|三|这两|這兩)(?:个|個|件|台|双|雙|张|張)?都(?:退|换|換|改|取消|要)")
# no longer needed (a reason, beside a cancellation or a return)
_HAN_NOT_NEEDED = re.compile("(?:已经|已經|反正|都)?不(?:再)?需要了")
# a turn opening on another matter: "另外那个订单的蓝牙音箱也退了吧" (and the other order's speaker too)
_HAN_NEW_MATTER = re.compile(r"\s*(?:另外|还有|還有|对了|對了)")
# a sentence opening on another matter: "还有……我还有一个待处理的订单" (also, I have another order)
_HAN_ASIDE = re.compile("(?:还有|還有|另外|对了|對了|顺便|順便|然后|然後)")
_HAN_WAIT = re.compile("等一|等等|稍等|别(?!的|人|处)|別(?!的|人|處)|算了")
# "if possible": no yes ("如果可以的话，我想要 256GB 的")
_HAN_IF_POSSIBLE = re.compile("如果可以的话|如果可以|要是可以的话|可以的话")
_HAN_SENTENCE = re.compile("[^。！!？?；;\n]+[。！!？?；;\n]?")
# a comma before another id, where the clause before it says something of its own: "XK3F9R 改签可以，
# ZD8M1C 先别取消" (two clauses, each on its reservation)
_HAN_ID_COMMA = re.compile(r"[，,](?=\s*(?:#w\d{5,}|(?=[a-z0-9]{6}(?![a-z0-9]))[a-z]*\d[a-z0-9]*|"
                           # (or another step by its place: "第1步和第3步可以，第2步先别动")
                           r"第[1-4一二三四](?:步|项|項|个|個|单|單)))")


# which method to pay with, one used and another not: "不过用礼品卡付，别用信用卡。", "别用信用卡，用礼品卡吧"
_HAN_METHOD = "(?:[^，,。！!？?]{0,4}(?:卡|paypal|贝宝|证书|券))"
_HAN_PAY_WITH = re.compile(
    rf"(?:不过|但是|但|那)?[，,]?\s*(?:(?:用|走){_HAN_METHOD}(?:付|支付|付款|扣|来付|扣款)?(?:吧|就行)?[，,]\s*"
    rf"(?:别|別|不要|不用)(?:用|走){_HAN_METHOD}|(?:别|別|不要|不用)(?:用|走){_HAN_METHOD}[，,]\s*"
    rf"(?:用|走|改用){_HAN_METHOD}(?:付|支付|付款|扣|来付|扣款)?(?:吧|就行)?)[。！!]?")


# an option picked by its number, alone or with how to pay: "2号，就用信用卡。", "选第二个吧", "就1号吧"
_HAN_PICK = re.compile(r"(?:就|要|选|選|我选|我選|我要)?\s*第?[1-4一二三四]\s*(?:号|號|个|個)(?:吧|的|航班)?"
                       rf"(?:\s*[，,]\s*(?:就)?(?:用|走){_HAN_METHOD}(?:付|支付|付款|扣|来付|扣款)?(?:吧|就行)?)?"
                       r"\s*[。！!]?$")


def _han_sentences(text: str) -> list[str]:
    """The Chinese sentences of ``text``, a clause on another id after a comma read as one of
    its own where each side holds Chinese words (not "XK3F9R，ZD8M1C 都改吧")."""
    out: list[str] = []
    for part in _HAN_SENTENCE.findall(text):
        start = 0
        for comma in _HAN_ID_COMMA.finditer(part):
            if len(HAN.findall(part, start, comma.start())) >= 2 \
                    and len(HAN.findall(part, comma.end())) >= 2:
                out.append(part[start:comma.end()])
                start = comma.end()
        # (and a clause on another thing: "平板和台灯取消，水杯先留着吧": each its own)
        for comma in re.finditer("[，,]", part):
            if comma.start() < start:
                continue
            before = {CJK_THINGS[t] for t in CJK_THING.findall(part, start, comma.start())}
            after = CJK_THING.match(part, comma.end())
            if before and after is not None and CJK_THINGS[after.group()] not in before:
                out.append(part[start:comma.end()])
                start = comma.end()
            elif not before and after is not None and _HAN_COUNT_YES.search(part, start, comma.start()):
                out.append(part[start:comma.end()])  # (a yes by a count, then things held:
                start = comma.end()  # "对，两个都退，吸尘器手表不退")
        out.append(part[start:])
    return out


# The things a Chinese or Japanese turn names, in English, as the proposals the reader sees
# name them (the agent keeps the catalogue's names: "Wristwatch", "Luggage Set"): a yes said of
# some ("地址和笔记本都可以", "スーツケースとスケボーの変更はお願いします") and a hold on another
# ("手表……等一下", "ブーツは…ちょっと待って") read apart
CJK_THINGS = {
    "手表": "watch", "腕表": "watch", "笔记本": "laptop", "電腦": "laptop", "电脑": "laptop",
    "咖啡机": "coffee maker", "行李箱": "luggage", "箱子": "luggage", "滑板": "skateboard",
    "靴子": "boots", "耳机": "earbuds", "音箱": "speaker", "自行车": "bicycle", "相机": "camera",
    "平板": "tablet", "拼图": "puzzle", "水瓶": "bottle", "水杯": "bottle", "保温杯": "bottle",
    "台灯": "lamp", "键盘": "keyboard",
    "鼠标": "mouse", "吸尘器": "vacuum", "净化器": "purifier", "背包": "backpack", "头盔": "helmet",
    "烤架": "grill", "书架": "bookshelf", "跑鞋": "shoes", "运动鞋": "sneakers", "手机": "phone",
    "充电宝": "charger", "水壶": "kettle", "瑜伽垫": "mat", "地址": "address", "衬衫": "shirt",
    "t恤": "shirt", "夹克": "jacket", "香水": "perfume", "哑铃": "dumbbell", "行李": "bags",
    "托运": "bags", "升舱": "upgrade", "改签": "change",
    "退货": "return", "退貨": "return",  # (the return, as a thing held apart: "退货我再想想")
    "腕時計": "watch", "時計": "watch", "掛け時計": "clock", "挂钟": "clock", "时钟": "clock",
    "時鐘": "clock", "ノートパソコン": "laptop", "パソコン": "laptop",
    "コーヒーメーカー": "coffee maker", "スーツケース": "luggage", "スケボー": "skateboard",
    "スケートボード": "skateboard", "ブーツ": "boots", "イヤホン": "earbuds",
    "スピーカー": "speaker", "自転車": "bicycle", "カメラ": "camera", "タブレット": "tablet",
    "パズル": "puzzle", "水筒": "bottle", "ランプ": "lamp", "キーボード": "keyboard",
    "マウス": "mouse", "掃除機": "vacuum", "空気清浄機": "purifier", "リュック": "backpack",
    "ヘルメット": "helmet", "グリル": "grill", "本棚": "bookshelf", "スニーカー": "sneakers",
    "充電器": "charger", "ケトル": "kettle", "ヨガマット": "mat", "住所": "address",
    # (the account's own address, the profile's: "アカウントの住所はまだ変えないで")
    "アカウントの住所": "account address", "アカウント住所": "account address",
    "登録住所": "account address", "既定の住所": "default address", "デフォルトの住所": "default address",
    "账户地址": "account address", "账户的地址": "account address", "賬戶地址": "account address",
    "默认地址": "default address", "預設地址": "default address",
    "シャツ": "shirt", "tシャツ": "shirt", "ジャケット": "jacket", "ダンベル": "dumbbell",
    "スマートウォッチ": "watch", "ウォッチ": "watch", "バックパック": "backpack",
    "ラゲッジセット": "luggage", "ラゲッジ": "luggage", "ランニングシューズ": "shoes",
    # (the steps by their actions, for a hold on one beside a yes to another: "好的，两个取消都办
    # 吧。升舱的话，如果差价超过1000美元先别升")
    "取消": "cancel", "キャンセル": "cancel", "アップグレード": "upgrade",
    "コーヒーマシン": "coffee maker", "エスプレッソマシン": "espresso",
    "電球": "bulb", "灯泡": "bulb", "燈泡": "bulb", "ホース": "hose", "水管": "hose", "やかん": "kettle",
    "椅子": "chair", "チェア": "chair", "空气净化器": "purifier", "扫地机": "vacuum",
    "胶囊咖啡机": "espresso machine", "膠囊咖啡機": "espresso machine", "浓缩咖啡机": "espresso machine",
    "意式咖啡机": "espresso machine", "濃縮咖啡機": "espresso machine",
    "電子書籍リーダー": "e-reader", "電子書籍": "e-reader", "电子书阅读器": "e-reader",
    "電子書閱讀器": "e-reader", "电子阅读器": "e-reader", "电纸书": "e-reader",
    # (the airline's things in Japanese: "フライト変更はお願いします。手荷物は当日空港で考えます。")
    "フライト": "flight", "航班": "flight", "机票": "flight", "機票": "flight", "手荷物": "bags",
    "荷物": "bags", "受託手荷物": "bags", "保険": "insurance",
    # (Traditional Chinese and Cantonese: "升等412太貴了", "改班機可以")
    "升等": "upgrade", "班機": "flight", "班机": "flight", "機票改期": "change",
    "便の変更": "flight", "便を変更": "flight",
    # (a flight's date, kept as it is: "日付の方は...やっぱりこのままで結構です")
    "日付": "flight", "日程": "flight", "日期": "flight", "날짜": "flight",
    # (Korean)
    "손목시계": "watch", "스마트워치": "watch", "벽시계": "clock", "시계": "watch", "노트북": "laptop",
    "커피메이커": "coffee maker", "커피 메이커": "coffee maker", "에스프레소 머신": "espresso",
    "여행가방": "luggage", "캐리어": "luggage", "스케이트보드": "skateboard", "등산화": "boots",
    "부츠": "boots", "이어폰": "earbuds", "헤드폰": "headphones", "스피커": "speaker",
    "자전거": "bicycle", "카메라": "camera", "태블릿": "tablet", "퍼즐": "puzzle", "물병": "bottle",
    "텀블러": "bottle", "스탠드": "lamp", "조명": "lamp", "램프": "lamp", "키보드": "keyboard",
    "마우스": "mouse", "청소기": "vacuum", "공기청정기": "purifier", "백팩": "backpack",
    "배낭": "backpack", "헬멧": "helmet", "그릴": "grill", "책장": "bookshelf", "러닝화": "shoes",
    "운동화": "sneakers", "신발": "shoes", "휴대폰": "phone", "충전기": "charger", "주전자": "kettle",
    "요가매트": "mat", "요가 매트": "mat", "주소": "address", "셔츠": "shirt", "티셔츠": "shirt",
    "재킷": "jacket", "자켓": "jacket", "향수": "perfume", "덤벨": "dumbbell", "전구": "bulb",
    "호스": "hose", "의자": "chair", "칫솔": "toothbrush", "전동칫솔": "toothbrush",
    "전자책": "e-reader", "항공편": "flight", "비행기": "flight", "수하물": "bags", "짐": "bags",
    "가방": "bags",
    "보험": "insurance", "기본 주소": "default address", "기본 배송지": "default address",
    "기본주소": "default address", "집 주소": "home address", "집주소": "home address",
    "배송지": "address", "취소": "cancel", "반품": "return",
    "교환": "exchange", "좌석 등급": "cabin", "업그레이드": "upgrade",
}
# a word for a clock or a watch alike (not "腕時計", "손목시계", a wristwatch)
_CJK_CLOCK_OR_WATCH = re.compile("(?<!腕)時計|(?<!손목)(?<!스마트)시계")
CJK_THING = re.compile("|".join(sorted(map(re.escape, CJK_THINGS), key=len, reverse=True)))
# the airports' cities as Chinese and Japanese turns name them
CJK_CITIES = {
    "明尼阿波利斯": "minneapolis", "ミネアポリス": "minneapolis", "ニューアーク": "newark",
    "丹佛": "denver", "休斯顿": "houston", "休斯敦": "houston", "西雅图": "seattle", "芝加哥": "chicago",
    "旧金山": "san francisco", "纽约": "new york", "波士顿": "boston", "费城": "philadelphia",
    "达拉斯": "dallas", "奥兰多": "orlando", "迈阿密": "miami", "洛杉矶": "los angeles",
    "亚特兰大": "atlanta", "拉斯维加斯": "las vegas", "凤凰城": "phoenix", "底特律": "detroit",
    "夏洛特": "charlotte", "纽瓦克": "newark", "デンバー": "denver", "ヒューストン": "houston",
    "シアトル": "seattle", "シカゴ": "chicago", "サンフランシスコ": "san francisco",
    "ニューヨーク": "new york", "ボストン": "boston", "フィラデルフィア": "philadelphia",
    "ダラス": "dallas", "オーランド": "orlando", "マイアミ": "miami", "ロサンゼルス": "los angeles",
    "アトランタ": "atlanta", "ラスベガス": "las vegas", "フェニックス": "phoenix",
    "デトロイト": "detroit", "シャーロット": "charlotte",
}
CJK_PLACE = re.compile("|".join(sorted(CJK_CITIES, key=len, reverse=True)))
# "the other one" in Chinese and Japanese: "另一单先别动", "もう一つの注文は"
_CJK_OTHER = re.compile("另一单|另一个|另外那|另一笔|もう一つ|もう片方|別の注文")


# a step, order or item by its place in Chinese and Japanese: "第一台", "第二个", "2つ目" (its
# place in English, as ``held_topics`` gives it to the binding: "the second one")
_CJK_NTH = re.compile("第([一二三四1-4])(?:个|個|台|单|單|笔|筆|件|趟|张|張|项|項|步|点|點|款)|"
                      "([1-4一二三四])つ目")
_NTH_NAMES = {"一": "first", "1": "first", "二": "second", "2": "second", "三": "third",
              "3": "third", "四": "fourth", "4": "fourth"}


# steps by their bare numbers: "1と3はお願いします", "2のメイクキットは", "1和3可以"
CJK_BARE_NTHS = re.compile(r"(?<![\d$.,:/-])([1-4])((?:\s*(?:番目?|号|號)?\s*(?:と|、|,|和|跟|及)\s*[1-4])*)"
                           r"(?![\d.,:/-])(?=\s*(?:番目?|号|號)?\s*(?:は|の|を|も|で|、|,|。|$|お願い|"
                           r"可以|都|就|的|先|不))")


def _nths(part: str) -> set[str]:
    """The places ``part`` names ("第二台": "second"; by a bare number, "2のメイクキットは")."""
    out = {_NTH_NAMES[a or b] for a, b in _CJK_NTH.findall(part)} if "第" in part \
        or "つ目" in part else set()
    if any(c in part for c in "1234"):
        out |= {_NTH_NAMES[d] for m in CJK_BARE_NTHS.finditer(part)
                for d in re.findall("[1-4]", m.group())}
    return out


# what turns a wait from the thing held apart to all of it: "やっぱり全部やめます", "还是都算了"
_CJK_WHOLE = re.compile("全部|全て|すべて|両方|やっぱり|都|还是|還是|一起|整个|整個|所有")


def _goes_on_apart(part: str) -> bool:
    """Whether a Chinese or Japanese part after one held apart goes on about that one: it names
    nothing of its own (no thing, place in a plan, or id) and does not turn to all of it."""
    return not _CJK_WHOLE.search(part) and not _nths(part) and not CJK_THING.search(part) \
        and not _AN_ID.search(part)


def _latin_names(part: str) -> set[str]:
    """The words in Latin letters a Chinese or Japanese part names, short of ids, methods and
    yeses: people by their names ("raj", "liam")."""
    return {w for w in re.findall(r"(?<![a-z0-9_])[a-z]{3,}(?![a-z0-9_])", part)
            if w not in _NOT_NAMES} if re.search("[a-z]{3}", part) else set()


_NOT_NAMES = frozenset({"visa", "mastercard", "paypal", "amex", "card", "gift", "okay", "ok",
                        "economy", "business", "basic", "yes", "hepa", "usb", "the", "and"})


def _held_apart(part: str, said: set[str], ids: set[str] | None = None,
                nths: set[str] | None = None, names: set[str] | None = None,
                places: set[str] | None = None) -> bool:
    """Whether a holding sentence of a Chinese or Japanese turn is about another thing than the
    ones its yes named (``said``, by their English names; ``ids``, the ids it named): it names
    things, none of them said, or ids, none of them the yes's, or "the other one" (or "that
    one" where the yes named its own by their ids)."""
    ids = ids or set()
    if names and (own := _latin_names(part)) and not own & names:
        return True  # (someone by name, the yes naming its own: "先订我和raj的吧。liam 那张先等等")
    if nths and (own_nths := _nths(part)) and not own_nths & nths:
        return True  # (another place than the yes's: "第一台OK，没问题。第二台是退我60多块对吧？")
    if places and (own_places := set(CJK_PLACE.findall(part))) and not own_places & places:
        return True  # (a trip by its city, the yes naming its own so: "明尼阿波利斯和纽瓦克往返那个...先升
        # 吧 ... 飞夏洛特那个要740有点贵……我再想想")
    things = {CJK_THINGS[t] for t in CJK_THING.findall(part)}
    named_ids = set(_AN_ID.findall(part))
    if (said or nths) and things and not things & said:
        return True  # (or where the yes named its steps by their places: "1つ目と2つ目はそれで
        # お願いします。グリルは...うーん、どうしようかな。")
    if ids and named_ids and not named_ids & ids:
        return True
    return (bool(said) or bool(ids)) and not things and not named_ids and (
        _CJK_OTHER.search(part) is not None or (bool(ids) and _CJK_THAT.search(part) is not None))


# a check on what the agent said, after the yes: "回程是不变的对吧？", "料金はかからないんですよね？"
_CJK_CHECK = re.compile("(?:(?:对吧|是吧|对不对|是不是|對吧|對不對)\\s*[？?]?|"
                        "(?:吧|よね|ですね|ね)\\s*[？?])\\s*$")
# "that one" in Chinese: "丹佛那个往返的我还得跟我太太商量一下"
_CJK_THAT = re.compile("那个|那張|那张|那班|那单|那趟|那笔")
# a condition in Chinese: "如果...", "只要..."
_HAN_IF = re.compile("如果|只要|要是|假如")


# "if, later, ...": what would happen were it done another time, asked after a yes
_HAN_IF_LATER = re.compile("(?:如果|要是|假如|万一|萬一)(?:之後|之后|以後|以后|將來|将来|到時|到时)")


def _read_han(text: str) -> Reading:
    """A turn in Chinese, sentence by sentence: a yes, and after it another matter brought up
    ("是的，麻烦了。还有……我还有一个待处理的订单，……我想取消，已经不需要了。") is the yes; a hold on
    another thing than the yes names, before or after it ("升舱就先不要了。行李那个没问题，帮我加两件。",
    "地址和笔记本都可以。手表……等一下，...") is that thing's; a hold before the turn's last yes, not
    a condition, is one the yes goes past ("等一下……好的，可以。")."""
    if _HAN_NEW_MATTER.match(text) is not None and (CJK_THING.search(text) or "订单" in text
                                                     or "訂單" in text):
        return Reading(Act.OTHER, text[:80], "the user asked for something more, which the agent "
                       "has not described yet")  # ("另外那个订单的蓝牙音箱也退了吧": a request)
    if (pick := _HAN_PICK.match(text)) is not None and not _HAN_NOT.search(text[pick.end():]):
        # (an option picked by its number, maybe with how to pay: "2号，就用信用卡。")
        return Reading(Act.AFFIRM, text[:80], "", choice=True, end=len(text))
    text = _chat_stops(text, kana=False)
    # (no longer needed, beside a cancellation or a return, is its reason: "是的，不需要了，取消")
    reason = _HAN_NOT_NEEDED if re.search("取消|退", text) else None
    parts = []
    for part in _han_sentences(text):
        plain_part = _HAN_IF_POSSIBLE.sub("", part)
        rest = _HAN_IDIOM.sub("", part)
        parts.append((part, reason.sub("", rest) if reason is not None else rest,
                      bool(_HAN_YES.search(plain_part) or _HAN_GO.search(plain_part))))
    said = {CJK_THINGS[t] for part, _rest, yes in parts if yes for t in CJK_THING.findall(part)}
    if not said and any(yes and _HAN_COUNT_YES.search(part) for part, _rest, yes in parts):
        said = {"(a count)"}  # (things held after a yes said of a count are others than its)
    ids = {i for part, _rest, yes in parts if yes for i in _AN_ID.findall(part)}
    nths = {n for part, _rest, yes in parts if yes for n in _nths(part)}
    names = {n for part, _rest, yes in parts if yes for n in _latin_names(part)}
    places = {p for part, _rest, yes in parts if yes for p in CJK_PLACE.findall(part)}
    last_yes = max((k for k, (_p, _r, yes) in enumerate(parts) if yes), default=-1)
    said_yes = False
    apart = False  # (the part before was held apart)
    for k, (part, rest, yes) in enumerate(parts):
        if said_yes and _HAN_IF_LATER.search(part) is not None:
            return Reading(Act.HOLD, text[:80], f'the user asked what would happen if they did it '
                           f'later: "{text[:80]}"')  # ("嗯。對了，如果之後要取消的話，...多久會到帳？")
        if said_yes and _HAN_ASIDE.match(part.strip()) and not _HAN_WAIT.search(rest):
            break
        if last_yes >= 0 and not yes and _held_apart(part, said, ids, nths, names, places):
            apart = True
            continue  # (a call on it is held, ``held_topics``)
        if apart and not yes and _goes_on_apart(part):
            continue  # (and what follows on it: "第二台是退我60多块对吧？怎么内存还少了？")
        apart = False
        if said_yes and _HAN_PAY_WITH.fullmatch(part.strip()) is not None:
            continue  # (which method to pay with, after the yes: "行吧。不过用礼品卡付，别用信用卡。";
            # the call's method is the binding's to check)
        if said_yes and (_CJK_WHEN.search(part) or _CJK_CHECK.search(part)) \
                and not _HAN_WAIT.search(rest):
            continue
        if k < last_yes and not _HAN_IF.search(part) and not yes:
            continue  # (a hold the turn's later yes goes past)
        if yes and _CJK_CHECK.search(rest):  # (a yes, then a check in its own clause: "改签确认，
            rest = re.sub("[，,][^，,]*$", "", rest)  # 回程是不变的对吧？")
        if yes and "反正" in rest:  # (a reason given "anyway": "也取消吧，反正也去不了")
            rest = re.sub("[，,]?反正[^，,。！!]*", "", rest)
        if "算了" in rest and _HAN_GO.search(rest, rest.index("算了")) is not None \
                and not re.search("不|别|別", rest[rest.index("算了") + 2:]):
            rest = rest.replace("算了", "", 1)  # (given up on, then the go: "嗯...那算了，洛杉矶那个也
            # 取消吧", oh well, cancel the Los Angeles one too)
        if _HAN_NOT.search(rest):
            return Reading(Act.HOLD, text[:80], f'the user did not say a plain yes: "{text[:80]}"',
                           withdraws=bool(re.search("不|别|別|算了|等一|等等|稍等", rest)))
        said_yes = said_yes or yes
    if said_yes:
        return Reading(Act.AFFIRM, text[:80], "", end=len(text))
    return Reading(Act.OTHER, text[:80], "the reply is in a language or script this reader does "
                   "not know, so it is not taken as a yes")


# Japanese, read whole like Chinese (by its kana): a yes with nothing that negates, waits or asks
# ("はい" opening its clause, not a particle before "いい": "普段着にはいいかも", "今回はいいかな")
KANA = re.compile("[\u3040-\u30ff]")
_JA_YES = re.compile("(?:(?<=^)|(?<=[\\s、,。.!！?？…「」～~ー])|(?<=あ)|(?<=ええ)|(?<=うん))はい|"
                     "ええ(?!と)|うん|お願いします|"
                     # (casually: "じゃ、両方よろしく")
                     "よろしく(?:お願いします|お願い|ね|です)?(?=[。！!、,]|$)|"
                     "(?:変更|交換|返品|キャンセル|予約|手続き|処理|修正)して(?:もらえ|いただけ|くれ)(?:ます|ません)か|"
                     # ("それで合ってます。", that's right; "ぜひ", by all means)
                     "(?:それで|これで)?(?:合ってます|合っています|あってます|間違いありません|間違いないです)|ぜひ|是非|お願い(?:ね|[!！。]|$)|頼みます|頼む|進めて|"
                     "それで(?:[!！。]|$)|そうそう|^ん(?:[。、,！!]|$)|お願いしま[ーｰ～~]+す|"
                     "^(?:おけ|おっけー?|おk)(?:[。、,！!]|$)|ちゃって(?:ください|下さい)|"
                     # (casually, done for the user: "黒に変えといて")
                     "(?:変え|換え|替え|交換し|返品し|キャンセルし|変更し|直し|し|やっ)と(?:いて|いてください|いて下さい)(?![\u3040-\u309f])|"
                     "(?:変え|換え|替え|取り替え|交換し|返品し|キャンセルし|変更し|直し|修正し)て(?:ください|下さい|"
                     "くれ|ほしい|欲しい)|"
                     "やってください|それで(?:お願い|いい|大丈夫|結構|ok)|了解|承知|かしこまり|問題ありません|問題ない|構いません|"
                     # ("二人ともビジネスにしてください", make it business)
                     "(?<!な)にして(?:ください|下さい|ほしい|欲しい|もらえますか|いただけますか)|"
                     "問題ございません|差し支えございません|"
                     "大丈夫です|いいですよ|いいです(?!か)|(?<![a-z])okです|(?<![a-z])ok(?:[。！!]|$)|オッケー|"
                     # (casually: "いいよ、それで予約して", "そう、それで直して")
                     "^いいよ(?=[。！!、,]|$)|(?:それで|これで)(?:予約|変更|キャンセル|交換|返品|手続き|直)し?て(?=[。！!、,]|$)|"
                     "(?:キャンセル|交換|返品|変更|予約|手続き|処理)(?:して|を)(?:ください|下さい|お願い)|"
                     "(?:キャンセル|交換|返品|変更|予約)(?:します|で)(?:[。！!]|$)|"
                     # (an offer taken: "ありがたく頂戴します", "いただいておきます"; asked for
                     # politely: "お願いできますか")
                     "頂戴します|いただきます|いただいておきます|もらっておきます|"
                     "お願いできますか|お願いできますでしょうか|"
                     # (asked most politely: "そのように手配していただけますと幸いです")
                     "(?:し|進め)ていただけ(?:ますと|ると)(?:幸いです|助かります|ありがたいです)|"
                     "そのように(?:お願い|手配|進め)")
# a question after the yes about when or where the money or the parcel comes: no hold ("やっぱり
# ブーツも返品します。返金っていつ頃になりますか？", "退款什么时候到？")
_CJK_WHEN = re.compile("返金|いつ|何日|届く|届き|退款|什么时候|多久|几天|天内|"
                       # (compensation asked about after the yes: "何か補償はないんですか？")
                       "補償|补偿|賠償|赔偿|"
                       # (a notice after it, asked by the way: "顺便问一下，取消以后会收到邮件通知吗？")
                       "邮件|郵件|通知|短信|メール|(?:顺便|順便)(?:问|問)|"
                       # (how to send it back: "返送はどうすればいいですか？", "怎么寄回？")
                       "返送|送り返|寄回|怎么寄|怎麼寄|どうやって送|"
                       # (how much comes back, all told: "全部で結局いくら戻ってくるんでしょうか？")
                       "いくら戻|一共退|总共退|總共退|退多少|"
                       "\\d+\\s*(?:到|至|-|~|～)\\s*\\d+\\s*(?:个)?(?:工作)?天|"
                       # (what comes after it is done: "改完之后登机牌需要重新打印吗？")
                       "(?:完|好)(?:之后|之後|以后|以後)[^。！!]*[吗嗎][？?]|"
                       # (the boarding pass, the miles: "改完登機證要重印嗎？", "これってマイル付く？")
                       "登機證|登机证|登機牌|登机牌|搭乗券|マイル|里程|哩程")
# (said politely, these hold no "not": "構いません" (I don't mind), "すみません" (excuse me))
_JA_IDIOM = re.compile("構いません|問題(?:あり|ござい)?ません|問題ない|差し支え(?:あり|ござい)ません|"
                       "すみません|すいません|"
                       # (a request to do it, asked politely: "変更してもらえますか。")
                       "(?<=して)(?:もらえ|いただけ|くれ)(?:ます|ません)か[?？。]?|"
                       "(?<=お願い)できます(?:でしょう)?か[?？。]?|"
                       # (nothing else to change: "ヘルメット以外は変えません", "ほかにはありません")
                       "以外は(?:何も)?(?:変えません|変更しません|換えません)|"
                       "(?:ほか|他)(?:は|の(?:もの|商品)?は)(?:何も)?(?:変えません|変更しません|換えません)|"
                       "(?:ほか|他)に(?:は)?(?:ありません|"
                       "ございません|ないです)|"
                       "申し訳ありません|ありがとう|"
                       # ("そうですか、わかりました。ほかに変えるものはないので": I see, nothing else
                       # to change)
                       # (and with a pause, or surprise: "そうですか…。", "本当ですか。では、ありがたく
                       # 頂戴します。")
                       "^(?:そうですか|本当ですか|ほんとですか|そうなんですか)(?=[、,。.…!！])|"
                       "(?:ほか|他)に(?:変える|変更する|換える)(?:もの|こと)は(?:ない|ありません)")
_JA_NOT = re.compile("いいえ|いえ(?:[、,。]|$)|いや(?:[、,。]|です)|ません|待って|待ち(?!時間|合わせ)|"
                     "ちょっと待|やめ|止め|"
                     "考え|検討|迷って|保留|確認させ|確認したい|聞いてみ|相談|(?:です|ます|でしょう)か|[?？]|"
                     # (better after asking first: "念のため本人に確認してからの方がいいかな")
                     "してからの?(?:方|ほう)が|てからにし|"
                     "どうしよう|悩")
_JA_WAIT = re.compile("いいえ|いえ(?:[、,。]|$)|いや|ません|待(?!ち時間|ち合わせ)|やめ|止め|考え|検討|迷|"
                      "保留|どうしよう|悩|してからの?(?:方|ほう)が|てからにし")
# a refusal (not a wait or a worry, which a later yes goes past): "やっぱりやめます", "いいえ"
_JA_DECLINE = re.compile("やめ|止め|いいえ|いえ(?:[、,。]|$)|いや(?:[、,。]|です)|結構です|必要ありません|"
                         "要りません|いりません|しないでください")
# the money asked to go on a method: "ギフトカードのほうに入れてもらえますか"
_JA_PUT_ON = re.compile("(?:に|へ)(?:入れ|返金し|戻し|振り込ん|返し)(?:て|で)"
                        "(?:もらえ|いただけ|くれ|ください|下さい|ほしい)")
# a thing kept as it is: "そのままで大丈夫です", "そのままでいいです", "そのままにしてください"
_JA_KEEP = re.compile("(?:その|この|今の)まま(?:で|に)?(?:して)?"
                      "(?:大丈夫|いい|良い|結構|ok|お願い|です|ください|下さい)")
# the other one of a thing: "もう1枚は", "もう一つは", "残りは"
_JA_THE_OTHER = re.compile("(?:もう(?:1|一)(?:枚|つ|個|台|本|着|足)|残り|他の|ほかの|もう片方)")
# the offer's thing said to need nothing, by its topic marker: "あ、そちらは大丈夫です" (no need for that
# one; not "そちらで大丈夫です", that one will do)
_JA_NO_NEED = re.compile("(?:そちら|それ|そっち|こちら|そこ|そちらの方|そっちの方|"
                         # (or the thing offered, by its name: "あ、荷物は大丈夫です。")
                         "荷物|手荷物|保険|スーツケース)は"
                         "(?:大丈夫|結構|いい|平気)(?:です)?")
# a sentence opening on another matter after the yes: "あ、あとさっき言ったスケートボードも……" (also ...)
_JA_ASIDE = re.compile(r"(?:あ[、,]\s*)?(?:あと|それと|ところで|そういえば|それから|ついでに|ちなみに)")
_JA_SENTENCE = re.compile("[^。！!？?\n]+[。！!？?\n]?")


# a condition in Japanese that can be checked: a sum, free, the whole refund ("900を超えないなら",
# "無料なら", "全額戻ってくるなら"); other "なら" take what the agent said ("一番安いならそれで大丈夫です")
_JA_IF = re.compile("(?:\\d|無料|タダ|ただ|追加料金|全額|手数料|差額)[^。！!？?]{0,24}?"
                    "(?:なら(?:ば)?|のであれば|であれば|"
                    "(?:れ|け)ば|たら)(?=[、,\\s]|い|よ|お願い|進め|それで|ぜひ)")


# words written in kana alone, read as they are usually written ("おねがいしまーす", "だいじょぶです")
_JA_KANA_WORDS = {"おねがい": "お願い", "だいじょうぶ": "大丈夫", "だいじょぶ": "大丈夫",
                  "へんこう": "変更", "こうかん": "交換", "へんぴん": "返品", "きゃんせる": "キャンセル"}
_JA_IN_KANA = re.compile("|".join(_JA_KANA_WORDS))


def _read_ja(text: str) -> Reading:
    """A turn in Japanese, sentence by sentence, as ``_read_han`` reads Chinese: a yes, and
    after it another matter brought up, is the yes."""
    text = _chat_stops(_JA_IN_KANA.sub(lambda m: _JA_KANA_WORDS[m.group()], text), kana=True)
    said_yes = False
    yes_ids: set[str] = set()
    said: set[str] = set()
    nths: set[str] = set()
    places: set[str] = set()
    apart = False  # (the part before was held apart)
    parts = _JA_SENTENCE.findall(text)
    # (the turn's last plain yes: "はい、変更してください。", "1と3はお願いします")
    last_yes = max((k for k, part in enumerate(parts) if _JA_YES.search(part)
                    and not _JA_NOT.search(_JA_IDIOM.sub("", part))), default=-1)
    for k, part in enumerate(parts):
        rest = _JA_IDIOM.sub("", part)
        if k < last_yes and _JA_IF.search(part) is None \
                and not (_JA_DECLINE.search(rest) and not CJK_THING.search(part)) \
                and not re.search("[?？]", part) and not (
                _JA_YES.search(part) and not _JA_NOT.search(rest)):
            continue  # (a wait, a worry, or a step held, that the turn's later yes goes past:
            # "あ、でも今月中に届いちゃったらどうしよう…まあ大丈夫か。はい、変更してください。";
            # "あ、ちょっと待ってください。...アカウントの住所はまだ変えないでおいてください。...
            # 1と3はお願いします。"; a call on the thing held is held, ``held_topics``, and so one
            # turned down by its name: "じゃあ掃除機はもういいや そのままで 2つだけでいいや
            # それでお願い"; not a refusal of all, nor a question, which waits for its answer:
            # "返金はいつですか？お願いします。")
        if not said_yes and _CJK_CHECK.search(part) is not None and not _JA_WAIT.search(rest) \
                and any(_JA_YES.search(later) and not _JA_NOT.search(_JA_IDIOM.sub("", later))
                        for later in parts[k + 1:]):
            continue  # (a check on what was said, then the yes: "返金はクレジットカードに戻るんですよね？
            # それならお願いします。")
        if said_yes and _JA_ASIDE.match(part.strip()) and not _JA_WAIT.search(rest):
            break
        if apart and not _JA_YES.search(part) and _goes_on_apart(part):
            continue  # (and what follows on it: "シカゴ発のhsr97wは保険が付いてるんですよね？予定変更で
            # もちゃんと全額戻ってきますか？")
        apart = False
        if _JA_KEEP.search(part) is not None:
            apart = said_yes  # (a thing kept as it is is no yes: "ケンの名前はパスポートもKennなので、
            continue  # そのままで大丈夫です"; after a yes, a call changing it is held, ``held_topics``)
        if said_yes and _held_apart(part, said, yes_ids, nths, places=places):
            apart = True
            continue  # (a hold on another by its id or its name, the yes naming its own:
            # "nm1vx1とh8q05lはお願いします。kc18k6は740ドルもするので、ちょっと考えさせてください。",
            # "スーツケースとスケボーの変更はお願いします。ブーツは…ちょっと待って"; a call on it is
            # held, ``held_topics``)
        if said_yes and (_CJK_WHEN.search(part) or _CJK_CHECK.search(part)) \
                and not _JA_WAIT.search(rest):
            continue
        if said_yes and _JA_PUT_ON.search(part) is not None and not _JA_WAIT.search(rest):
            continue  # (where to put the money, asked after the yes: "あ、でも差額はギフトカードの
            # ほうに入れてもらえますか？"; the call's method is the binding's to check)
        if not said_yes and _JA_NO_NEED.search(part) is not None:
            return Reading(Act.DECLINE, text[:80], f'the user said there is no need: "{text[:80]}"',
                           withdraws=True)
        if _JA_NOT.search(rest):
            return Reading(Act.HOLD, text[:80], f'the user did not say a plain yes: "{text[:80]}"',
                           withdraws=bool(_JA_WAIT.search(rest)))
        if _JA_IF.search(part) is not None:
            return Reading(Act.HOLD, text[:80], f'the user set a condition: "{text[:80]}"')
        if _JA_YES.search(part):
            said_yes = True
            yes_ids.update(_AN_ID.findall(part))
            said.update(CJK_THINGS[t] for t in CJK_THING.findall(part))
            nths.update(_nths(part))
            places.update(CJK_PLACE.findall(part))  # ("まずはシアトルのほうだけキャンセルしてください。
            # マイアミは ... 妻と相談してから決めます。")
    if said_yes:
        return Reading(Act.AFFIRM, text[:80], "", end=len(text))
    return Reading(Act.OTHER, text[:80], "the reply is in a language or script this reader does "
                   "not know, so it is not taken as a yes")


# Korean, read like Japanese, sentence by sentence (by its Hangul): a yes with nothing that
# negates, waits, asks or sets a condition. Its words take particles with no space between
# ("비자로", to the Visa), so the patterns below look for stems, not whole words.
HANGUL = re.compile("[\uac00-\ud7a3\u3131-\u318e]")  # (syllables and letters: "네", "ㅇㅇ")
_KO_YES = re.compile(
    "(?<![가-힣])(?:네네|네|넵|넹|예|응|엉|그래|그래요|좋아|좋아요|좋습니다|좋네요|맞아|맞아요|맞습니다|맞네요|"
    "알겠어요|알겠습니다|오케이|콜|괜찮아요|괜찮습니다|당연하죠|물론이죠|물론이에요)(?![가-힣])|"
    "ㅇㅇ|ㅇㅋ|ㄱㄱ|고고|(?<![a-z])ok(?:ay)?(?![a-z])|"
    # (the go itself: "진행해 주세요", "취소 부탁드려요", "바꿔주세요", "확인합니다")
    "(?:진행|처리|취소|변경|교환|반품|환불|업데이트|수정|예약|결제|접수|신청)(?:을|를)?\\s?"
    "(?:해|하여|해서)?\\s?(?:주세요|줘요|줘|주십시오|주시면 (?:돼요|됩니다)|부탁(?:드려요|드립니다|해요|"
    "합니다|드릴게요))|"
    "진행(?:하세요|하시죠|해요|합시다|하죠)|부탁(?:드려요|드립니다|해요|합니다|드릴게요)|"
    "확인(?:합니다|했습니다)(?:[.!]|$)|"
    # (a verb's "please do": "바꿔 주세요", "넣어 주세요", "해 주세요"; not "tell me", "show me",
    # "check", "wait", "find")
    "(?<!알)(?<!확인)(?<!기다)(?<!찾)(?<!설명)(?<!검토)(?:해|꿔|어|아|워|줘|려)\\s?(?:주세요|줘요|"
    "주십시오)|"
    # (and casually, to the one doing it: "카드로 해줘", "둘다 바꿔줘"; not "tell me", "wait")
    "(?<!알려)(?<!보여)(?<!기다려)(?<!확인해)(?<!찾아)(?:해|꿔|어|아|워)\\s?줘(?![가-힣])|"
    # ("I'll change only the clock": "시계만 바꿀게요", "스피커만 반품할게요")
    "(?:취소|반품|교환|변경|진행|결제|환불)(?:할게요|할께요|하겠습니다|할래요|할게)|바꿀게요|바꿀께요|"
    "그걸로 (?:할게요|해요|하죠|갈게요)|그걸로요|그렇게 (?:하죠|합시다|할게요|해요)|"
    # (an offer taken: "오, 그럼 받을게요")
    "받을게요|받겠습니다|받을래요")
_KO_NOT = re.compile(
    "아니(?!라)|아뇨|(?<![가-힣])안\\s?(?:해|돼|할|하|될|됩|되)|않|(?:하지|말아|지) ?마(?:세요|요|십시오)|"
    "잠깐|잠시만|잠시|기다려|생각해\\s?(?:볼|보고)|생각 ?좀|생각할게|고민|나중에|보류|애매|"
    "확인해\\s?보고|물어보고|물어볼게|상의|글쎄|모르겠|잘 모르|것 같아요|것 같습니다|"
    # (talked over first, decided after: "동생이랑 얘기해 보고 정할게요")
    "(?:이야기|얘기)해\\s?(?:보고|볼게)|(?<![가-힣])(?:정할게요|결정할게요)|"
    # (not "because": "그래도 날짜는 꼭 바꿔야 하니까요.", I have to change the date after all)
    "[?？]|(?:나요|(?<!니)까요|습니까|ㄴ가요|인가요|건가요|는지요)\\s*[.!]?$")
_KO_WAIT = re.compile("아니(?!라)|아뇨|안\\s?(?:해|돼|할|하|될)|않|마(?:세요|요|십시오)|잠깐|잠시|"
                      "기다려|생각해\\s?(?:볼|보고)|생각 ?좀|고민|나중에|보류|물어보고|상의|"
                      "(?:이야기|얘기)해\\s?(?:보고|볼게)")
# (said so, these hold no "not": "so I don't get confused", "paying by card is fine", "there
# is nothing else", "hello")
_KO_IDIOM = re.compile("않게|않도록|안녕|(?:하|으|이)?면 (?:돼요|됩니다|돼|되요)|다른 건 없|괜찮아요|"
                       # (a reason: "안 쓸 것 같아요", I won't use it; thanks for doing it: "해 주시면
                       # 감사하겠습니다")
                       "안 (?:쓸|써|쓰|입|신)[가-힣]*(?: 것 같아요| 거 같아요| 것 같습니다| 거예요)?|"
                       "주시면 감사(?:하겠습니다|하겠어요|해요|합니다)|"
                       # (a reason after the go: "어차피 필요할 것 같아요", I'll need it anyway)
                       "어차피[^.!?]*(?:것|거) 같(?:아요|습니다)|"
                       "괜찮습니다|감사합니다|고마워요|고맙습니다|상관없|문제 ?없")
# a fact the agent gave, taken ("일주일 정도면 괜찮아요": about a week is fine), where no sum bounds it
_KO_ACCEPT = re.compile("[가-힣]+면\\s*(?:괜찮아요|괜찮습니다|괜찮네요|돼요|됩니다|좋아요|좋네요|좋겠네요|"
                        "다행이네요|"
                        "충분해요)")
# a condition: "...면" ("if"), "경우" (in case)
_KO_IF = re.compile("(?:(?<!고 )(?<!고)|(?!나))[가-힣](?:으면|다면|라면|이면|면)(?:\\s|,|$)|경우")  # (not
# "after": "변경하고 나면 기프트카드 잔액은 얼마 남나요?")
# a sentence opening on another matter after the yes: "근데 ...", "그리고 ...", "참, ..."
_KO_ASIDE = re.compile(r"(?:아[,\s]+)?(?:근데|그런데|그리고|그나저나|참[,\s]|혹시|아 그리고)")
# when the money or the parcel comes, asked after the yes
_KO_WHEN = re.compile("언제|며칠|환불은|이메일|메일|문자|영업일|잔액|얼마 남")
# a thing kept as it is: "키보드는 그냥 쓸래요" (I'll just use the keyboard), "그대로 둘게요"
_KO_KEEP = re.compile("그냥 (?:쓸래요|쓸게요|쓸 거예요|쓸께요|둘게요|가질게요)|"
                      # (a thing put first, then not done: "이어폰은 안 해요", "노트북은 그대로요")
                      "[가-힣]{1,10}(?:은|는) (?:안 (?:해요|할래요|합니다|해도 돼요)|"
                      "그대로(?:요|예요|입니다))|"
                      "그대로 (?:둘게요|두세요|둘래요)|가지고 있을게요|놔둘게요|안 할게요")
_KO_SENTENCE = re.compile(r"(?:[^.!?。！？\n]|(?<=\d)\.(?=\d))+[.!?。！？\n]?")
# a bare yes, then another thing put first by its topic marker: "네 ㅇㅋ 이어폰은 안 해요", "네 노트북은
# 그대로요" (the yes, and what is kept out of it, read apart)
_KO_YES_THEN_TOPIC = re.compile(r"^(\s*(?:네|넵|예|응|ㅇㅇ|ㅇㅋ|오케이|ok)"
                                r"(?:[\s,]+(?:네|넵|예|ㅇㅇ|ㅇㅋ|ok))*)"
                                r"[\s,]+(?=[가-힣]{1,10}(?:은|는)\s)")


# surprise asked back, no yes: "아 그래요?" (oh, really?), "정말요?"
_KO_ACK_ASKED = re.compile(r"\s*(?:아|어|오)?[\s,]*(?:그래요|그래|그렇군요|그런가요|네|예|응|진짜요|정말요)"
                           r"\s*[?？]\s*")


# a topic marker, then a pause: "카메라 반품은… 음 ..." (the topic and what is said of it, one sentence)
_KO_TOPIC_PAUSE = re.compile(r"([가-힣](?:은|는))\s*(?:\.{2,}|…)\s*")


def _ko_sentences(text: str, pauses: bool = False) -> list[str]:
    """A Korean turn's sentences (``_KO_SENTENCE``), a bare yes read apart from a thing put first
    after it (``_KO_YES_THEN_TOPIC``); with ``pauses``, a thing put first before a pause kept
    with what follows it ("카메라 반품은… 음 아직 좀 고민돼서요": the camera's return held)."""
    out: list[str] = []
    if pauses and ("…" in text or ".." in text):
        text = _KO_TOPIC_PAUSE.sub(r"\1 ", text)
    for part in _KO_SENTENCE.findall(text):
        if (yes := _KO_YES_THEN_TOPIC.match(part)) is not None:
            out.extend((yes.group(1), part[yes.end():]))
        else:
            out.append(part)
    return out


# later: "나중에", "다음에", "이따가"
_KO_LATER = re.compile("나중에|다음에|이따가")
# a yes kept to one part: "첫 번째 것만 해 주세요", "시계만 바꿀게요"
_KO_ONLY = re.compile("(?:것|거|번째|편|쪽|[가-힣]{1,6})만(?![가-힣])")
# another part put first as a sentence's topic: "돌아오는 건 ...", "나머지는 ..."
_KO_TOPIC_PUT = re.compile(r"\s*(?:[가-힣]{1,8} ){0,2}[가-힣]{1,8}\s?(?:것은|건|거는|은|는)\s")


def _read_ko(text: str) -> Reading:
    """A turn in Korean, sentence by sentence, as ``_read_ja`` reads Japanese: a yes, and after
    it another matter brought up ("네 둘 다요. 근데 계정에 저장된 기본 주소도 따로 바꿔야 하나요?"),
    is the yes; a hold before the turn's last yes, not a condition, is one the yes goes past
    ("... 잠깐 고민했는데, 아니에요. 시계만 바꿀게요. 진행하세요.")."""
    parts = []
    for part in _ko_sentences(text):
        # (a fact taken, no bound: "일주일 정도면 괜찮아요", a week is fine)
        rest = _KO_IDIOM.sub(" ", part if re.search(r"\d", part) else _KO_ACCEPT.sub(" ", part))
        parts.append((part, rest, bool(_KO_YES.search(rest)) and _KO_KEEP.search(part) is None
                      and _KO_ACK_ASKED.fullmatch(part) is None))
    said = {CJK_THINGS[t] for part, _rest, yes in parts if yes for t in CJK_THING.findall(part)}
    last_yes = max((k for k, (_p, _r, yes) in enumerate(parts) if yes), default=-1)
    said_yes = only_said = steps_held = other_held = False
    for k, (part, rest, yes) in enumerate(parts):
        if other_held and said_yes and not yes and not _KO_IF.search(rest) \
                and not CJK_THING.search(part):
            continue  # (what follows goes on about the other thing: "가방은 동생이랑 얘기해 보고
            # 정할게요. 몇 개 필요할지 아직 잘 모르겠어요.", how many bags, not yet known)
        if _KO_STEPS_GO.search(part) is not None and (held := _KO_STEP_HELD.search(rest)) is not None:
            # (steps by number said yes to, another held: "1번이랑 2번은 해주시고 3번은 잠깐 보류해
            # 주세요"; which steps is the binding's, ``ordinals_in_english``)
            rest, yes, steps_held = rest[:held.start()] + " " + rest[held.end():], True, True
        elif steps_held and said_yes and not _KO_IF.search(rest) and not yes:
            continue  # (what follows goes on about the held step: "남편 카드로 할지 생각 좀 해볼게요")
        if said_yes and _KO_TOPIC_PUT.match(part) is not None and _KO_LATER.search(part) is not None \
                and not _KO_IF.search(rest):
            continue  # (another thing put first, left for later: "남편 카드는 나중에 결정할게요")
        if said_yes and _KO_ASIDE.match(part.strip()) \
                and not any(_KO_WAIT.search(later) for _p, later, _y in parts[k:]):
            break  # (not where the turn goes on to wait: "네.. 아 근데 남편이 ... 잠깐만요 한번 물어보고
            # 올게요")
        if _KO_KEEP.search(part) is not None:
            continue  # (a thing kept: not this yes's, ``held_topics``)
        if said_yes and said and (things := {CJK_THINGS[t] for t in CJK_THING.findall(part)}) \
                and not things & said:
            other_held = True
            continue  # (a hold on another thing than the yes's: ``held_topics``)
        if said_yes and _KO_WHEN.search(part) and not _KO_WAIT.search(rest):
            continue
        if said_yes and only_said and _KO_TOPIC_PUT.match(part) is not None \
                and not _KO_IF.search(rest):
            continue  # (the yes kept to one part, the hold another's, put first: "첫 번째 것만 해
            # 주세요. 돌아오는 건 좀 더 생각해 볼게요."; ``held_topics``)
        if k < last_yes and not _KO_IF.search(rest) and not yes:
            continue  # (a hold the turn's later yes goes past)
        if _KO_IF.search(rest):
            return Reading(Act.HOLD, text[:80], f'the user set a condition: "{text[:80]}"')
        if _KO_NOT.search(rest):
            return Reading(Act.HOLD, text[:80], f'the user did not say a plain yes: "{text[:80]}"',
                           withdraws=bool(_KO_WAIT.search(rest)))
        only_said = only_said or (yes and _KO_ONLY.search(part) is not None)
        said_yes = said_yes or yes
    if said_yes:
        return Reading(Act.AFFIRM, text[:80], "", end=len(text))
    return Reading(Act.OTHER, text[:80], "the reply is in a language or script this reader does "
                   "not know, so it is not taken as a yes")


# After a yes, a sentence about something more ("also", "too") and another thing ("the return
# one", "the other order"): what it holds or waits for is that other thing, not the yes.
_ABOUT_MORE = re.compile(r"(?<![\w'])(?:also|too|as well|aussi|también|tambien|também|anche|auch|ook)"
                         r"(?![\w'])")
# an order's or a reservation's id ("#w2611340", "msj4oa")
_AN_ID = re.compile(r"#w\d{5,}|(?<![a-z0-9#])w\d{7}(?![a-z0-9])|"  # (an order's, "#" left out)
                    r"(?<![a-z0-9])(?=[a-z0-9]{6}(?![a-z0-9]))[a-z]*\d[a-z0-9]*")

# a sentence opening on an id, an article or the object's noun maybe before it: "el w5911003
# todavía no lo canceles", "order #w1234567 hold off"
_ID_OPENS = re.compile(r"(?:(?:el|la|lo|o|a|il|le|der|die|das|the|my|pedido|order|commande|ordine|"
                       r"bestellung|encomenda|reserva|reservation|booking)\s+){0,2}(?:"
                       + _AN_ID.pattern + ")")


def id_like(word: str) -> bool:
    """Whether lower-cased ``word`` has the form of an order's or reservation's id, as a turn
    names one (``#w5056519``, ``h9zu1c``; a flight number too: ``hat069``)."""
    return _AN_ID.fullmatch(word) is not None


# (an action named alone as its own yes: "return yes go ahead, visa is fine. for the boots let me
# check ...")
_ACTION_ALONE = re.compile(r"(?:the )?(?:return|exchange|swap|refund|cancel|cancellation|upgrade|downgrade)")
_NAMES_THING = re.compile(r"(?<![\w'])(?:the|my|to|with|both|these|those|our|your) (?:[1-9] )?[a-z]{3,}|"
                          r"^[a-z]{3,}(?: [a-z]+)?,? (?:yes|yeah|yep|ok|okay)(?![\w'])|"
                          # (things joined, then the yes: "flights and bags, yes")
                          r"^[a-z]{3,}(?:(?:,| and| &) [a-z]{3,}){1,2},? (?:yes|yeah|yep|ok|okay)(?![\w'])|"
                          # (steps by their numbers: "yes to 1 and 2!")
                          r"(?<![\w'])(?:to|do|with) (?:steps? |items? |#|number )?[1-9]"
                          r"(?:\s*(?:and|&|,)\s*[1-9])*(?![\w'])|"
                          # ("1 and 2 are fine", "1 and 2, yes")
                          r"^[1-9](?:\s*(?:and|&|,)\s*[1-9])*(?:,? (?:yes|are|is|sound|look))|"
                          # (an order or a reservation by its id: "yes, cancel fdz0t5")
                          + _AN_ID.pattern)
_THING_NO = re.compile(r"(?:^|[,;.]\s*|\band\s+)(?:the |my |your )?([a-z][a-z ]{1,30}?)\s+"
                       r"(?:no|nope|not)(?=\s*(?:$|[,.;!:-]))")
# What a hold is about, put first ("the cancel - still deciding"), or the subject of its
# sentence ("The San Antonio one is for my office, I need to ask my manager")
_TOPIC_FIRST = (r"(?:(?:but|and) )?(?:as for |for |about |on |regarding |and )?(?:the|my|her|his|their) "
                # ("for the grill hold on - is there a gas one ...?")
                r"([a-z]{3,}|[a-z]+-[a-z]{3,})(?: [a-z]+)?(?: (?:hold on|hang on|wait|hmm+|attendez|attends|"
                r"warte|warten sie|aspetta|aspetti|espera|espere|wacht)"
                # ("the address one hold on a sec, i'm not 100% sure it's apt 12 or 21"; "the
                # luggage one hold on i need to ask my husband first")
                r"(?: a (?:sec|second|moment|minute|bit))?(?:\s*(?:-|:|,|—|–))?\s|"
                # ("the bags tho idk if i need 3 now")
                r"\s*(?:-|:|,|—|–)\s| (?:tho|though),? )|"
                # (one by its id: "for hsr97w, hmm, that's the chicago one")
                r"(?:as for|for|about|regarding) (#w\d{5,}|[a-z]{0,4}\d[a-z0-9]{1,5})"
                # ("for hsr97w hold on a sec, i need to double check ...")
                r"(?: (?:hold on|hang on|wait)(?: a (?:sec|second|moment|minute|bit))?)?\s*(?:-|:|,)\s|"
                # (one by its date: "for the 22nd, hold on a second")
                r"(?:as for|for|about|regarding) ((?:the )?\d{1,2}(?:st|nd|rd|th)|(?:jan|feb|mar|apr|"
                r"may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?)\s*(?:-|:|,)\s|"
                r"(?:the|my) ([a-z]{3,})(?: [a-z]+){0,2} (?:one|order|reservation|booking|trip)"
                # ("the denver one i'm not sure about yet")
                r" (?:is|'s|i'?m|i am|we'?re|we are)\s|"
                # (one by its place and its day: "for the chicago one on the 22nd, hold off")
                r"(?:as for |for |about )?(?:the|my) ([a-z]{3,})(?: [a-z]+)? (?:one|order|"
                r"reservation|booking|trip) on (?:the \d{1,2}(?:st|nd|rd|th)|(?:jan|feb|mar|apr|"
                r"may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?)\s*(?:-|:|,|—|–)\s|"
                # (put first by "for", the user going on about it: "for the shirt actually i
                # changed my mind keep the red one")
                r"(?:as for|for|about|regarding) (?:the|my) ([a-z]{3,})(?= (?:actually|tho|though|"
                r"honestly|i|i'?ve|i'?m|i'?d|i'?ll|we)\s)")
# a topic put first by its marker in the other languages read: "lo de anular el otro...", "quanto
# al ..."; its own sentence, the hold after it its
_TOPIC_PUT_ABROAD = re.compile(r"(?:lo del?|en cuanto a|quanto a|quant à|wat betreft|was) ")
# (what a text must hold for any of _TOPIC's other forms to be in it: one cheap search)
# something more asked for on one thing the yes names: "actually - can i get travel insurance on
# the new booking too?" (the thing, which the yes's other steps are not)
_ADD_TO = re.compile(r"(?:can|could|may) (?:i|we|you) (?:also |still )?(?:get|add|have|include|"
                     r"put)(?![\w'])[^?.!]{0,60}?(?<![\w'])(?:on|to|for|with|in) ((?:the|my|our) "
                     r"(?:new |other |second |first )?[a-z]{3,})(?: too| also| as well)?\s*$")
# a trip named by its route: "denver–houston", "orlando → charlotte", "boston-denver"
ROUTE = re.compile(r"(?<![\w'])([a-zà-ÿ]{3,}(?: [a-zà-ÿ]{3,})?)\s?(?:–|—|→|->|-)\s?([a-zà-ÿ]{3,})"
                   r"(?![\w'])")
# a hold opening on trips by their routes, in any language the reader reads: "bei denver–houston
# und seattle–houston weiß ich noch nicht", "pour boston–denver, j'hésite", "for the
# denver–houston one, let me think"
# (a word before the route says it is one: not "just double-checking, ...")
_ROUTE_TOPIC = re.compile(r"(?:" + _AND_BUT + r" )?(?:(?:as for|for|about|"
                          r"bei|für|was|pour|quant à|para|en cuanto a|per|quanto a|sobre|com)\s+"
                          r"(?:the |den |die |das |der |le |la |les |el |los |las |il |lo |o |a |"
                          r"os |as )?|(?:the|den|die|das|der|le|la|les|el|los|las|il|lo|o|a|os|as)"
                          r" )(?:[a-zà-ÿ]{3,} )?" + ROUTE.pattern)
# a hold opening on a trip by one place, in any language the reader reads: "pour celui de san
# francisco, attendez", "e a de chicago...", "per quello di charlotte", "for the one to denver"
PLACE_TOPIC = re.compile(r"(?:" + _AND_BUT + r" )?(?:(?:as for|for|about|pour|"
                         r"quant à|para|en cuanto a|per|quanto a|su|bei|für) )?(?:celui|celle|the "
                         r"one|el|la|quello|quella|o|a|den|die|das|der) (?:de|di|du|del|da|do|"
                         r"from|to|for|in|nach|von|aus|pour|per|para) (?:la |le |l')?"
                         r"([a-zà-ÿ]{3,}(?: [a-zà-ÿ]{3,})?)(?=\s*(?:[,.!?:;-]|\.\.\.|$))")
_TOPIC_CUES = re.compile(_TOPIC_FIRST + r"|hold off|on hold|can wait|not yet|not now|let me|i need to|"
                         r"i'?ll confirm|i will confirm|"
                         r"i'?ll have to|i have to|i must|i should|(?:show|send|tell|give) me|"
                         r"(?:put|charge|bill) the|(?:can|could|may) (?:i|we|you) |still |"
                         r"not (?:so |too )?sure|(?:don'?t|do not) (?:want|need) to|"
                         r"(?:before|as for|about) (?:\w+ ){0,2}the (?:first|second|third|fourth|"
                         r"last) | first (?:\w+ ){0,8}?(?:before|until) |"
                         r"(?:don'?t|do not|dont) (?:do|change|touch|cancel|return|process|"
                         r"exchange|modify|update|send|book) |wait on |hold off on |"
                         + _AN_ID.pattern)
_TOPIC_OPENS = re.compile(_TOPIC_FIRST)
# (read where a sentence opens on it, not among the cheap cues of ``_TOPIC_CUES``)
_TOPIC_MORE = (
    # (a clause on it after it: "For the jacket I'm not sure about red actually")
    r"(?:(?:but|and) )?(?:as for|for|about|regarding) (?:the|my) ([a-z]{3,}|[a-z]+-[a-z]{3,})"
    r"(?= (?:i'?m|i am|i'?d|i'?ll|i|we|let me|can you|could you|please|hold|hmm+)(?![\w']))|"
    # (one by a place's name, no article: "For Denver — hold off for now")
    r"(?:(?:but|and) )?(?:as for|for|about|regarding) (?!(?:now|sure|real|example|instance|"
    r"today|tomorrow|tonight|that|this|these|those|me|us|you|them|it|both|all|each|one|"
    r"once|sale|free|good|later|then|what|which|whatever|anything|everything|nothing|"
    r"starters|reference|context|clarity|sure|certain)(?![\w']))([a-z]{4,}(?: [a-z]{4,})?)"
    r"\s*(?:-|:|,|—|–)\s")
# a thing to think over: "let me think about boston" (the thing)
_THINK_ABOUT = (r"(?:but )?(?:(?:let me|i'?ll|i need to|i have to|i want to|i'?d like to|i'?ve got to) "
                r"(?:think|decide|check)|i (?:haven'?t|have not|didn'?t|did not) (?:made up my mind|"
                r"decided)) (?:about|over|on) (?:the |my )?"
                r"(?!(?:it|that|this|them|those|"
                r"these|everything|anything|all|both|what|which|whether|how)(?![\w']))([a-z]{3,})"
                r"(?: one| trip| flight| order| reservation| booking)?(?![\w'])")
_THINK_ABOUT_RE = re.compile(_THINK_ABOUT)
_TOPIC = re.compile(_TOPIC_FIRST + r"|" + _TOPIC_MORE + r"|"
                    # (a price questioned for one thing: "but hold on, $209 for the upgrade?")
                    r"\$[\d,.]+ (?:for|on) (?:the|my) ([a-z]{3,})$|"
                    # (someone's detail put first, what the user will check: "Priya's birthday I
                    # believe is February 17, 1990, but let me text her to double check ...")
                    r"(?:(?:as )?for |about )?([a-z]{3,})'s (?:birthday|date of birth|dob|name|passport|"
                    r"last name|"
                    r"middle name)"
                    r"(?![\w'])(?=[^.!?]*(?:(?:let me|i need to|i'?ll|i have to|i want to|i'?d have to) "
                    r"(?:check|double[- ]?check|confirm|text|ask|call|verify|find|look)|not sure))[^.!?]*|"
                    # (the thing thought over, named after the yes: "just the chicago one for
                    # now, let me think about boston")
                    + _THINK_ABOUT + r"[^.!?]*|"
                    # (a thing put first, what the user will do of it later: "The other watch
                    # I'll deal with another time, I need to think about the color")
                    r"(?:(?:but|and) )?(?:the|my) (?:other |second |first )?([a-z]{3,}) (?:i'?ll|i will|"
                    r"we'?ll|we will|i'?m going to|i need to|i have to) (?:deal with|handle|sort out|"
                    r"figure out|think about|decide on|look at|come back to|get back to)(?: it| that)? "
                    r"(?:later|another time|some other time|tomorrow|next week|separately|after)"
                    r"(?![\w'])[^.!?]*|"
                    # ("flights yes. bags hold off, checking with my assistant")
                    r"(?:the |my )?(?!(?:but|and|so|then|please|just|ok|okay|now)(?![\w']))([a-z]{3,}) "
                    r"(?:hold off|on hold|can wait|not yet|not now)(?![\w'])|"
                    # ("But hold off on booking Houston until I check with my wife": the
                    # action and what it names)
                    r"(?:but )?hold off on (?:booking|changing|cancell?ing|adding|upgrading|"
                    r"returning|exchanging|modifying|moving) (?:the |my |that |this )?([a-z]{3,})"
                    r"(?![\w'])[^.!?]*|"
                    # ("Just the flight for now. I'm honestly not sure we'll need the extra
                    # bags")
                    r"(?:i'?m |i am )?(?:honestly |really |just )?not (?:so |too )?sure (?:we|i)"
                    r"(?:'ll| will)? (?:need|want) (?:the |those |these |any )?(?:extra |"
                    r"additional |more )?([a-z]{3,})(?![\w'])[^.!?]*|"
                    # ("just the first two for now, still deciding on the vacuum")
                    r"(?:(?:i'?m|i am) )?still (?:deciding|thinking|undecided|unsure|not sure) "
                    r"(?:on|about|over) (?:the|my) ([a-z]{3,})(?![\w'])[^.!?]*|"
                    # ("Do the name fix and the bag now. Hold off on the flight - ...")
                    # (not what it waits for: "hold off on the bags until i see that the upgrade
                    # actually went through", the upgrade no part of the hold)
                    r"(?:but )?hold off on (?:the|my) ([a-z]{3,})(?![\w'])(?:(?! until| till| before| "
                    r"after| once)[^.!?])*|"
                    # (someone by their name: "Hold off on Liam for now - I need to double
                    # check he can still make the 26th")
                    r"(?:but )?hold off on (?!(?:it|that|this|them|those|these|everything|"
                    r"anything|all|both|any|the|my|for|now|doing|booking|changing|cancell?ing)"
                    r"(?![\w']))([a-z]{3,})(?: for now| for a (?:bit|moment|sec|second))?"
                    r"(?![\w'])[^.!?]*|"
                    # ("for the kids' booking let me check with them first, ella has ...": the
                    # sentence, which may say whose it is)
                    r"(?:as for|for|about|regarding) (?:the|my|our) ([a-z]{3,})(?:'s|s'|')?"
                    r"(?: [a-z]+){0,2} (?:let me|i need to|i'?ll have to|i have to|i must|"
                    r"i should)(?![\w'])[^.!?]*|"
                    # ("Then I'll confirm the flight change separately.")
                    r"(?:then )?(?:i'?ll|i will|we'?ll|we will) (?:confirm|approve|okay) "
                    r"(?:the|my) ([a-z]{3,})(?: [\w-]+){0,2}? (?:separately|later|afterwards?|"
                    r"after that|next|once|when)(?![\w'])[^.!?]*|"
                    # ("then show me the nonstop change separately so i can verify it")
                    r"then (?:show|send|tell|give) me (?:the|your) ([a-z]{3,})(?: [a-z]+){0,2}"
                    r"(?= (?:separately|first|before|so)(?![\w']))[^.!?]*|"
                    # ("actually, wait - put the upgrade on my mastercard instead": one
                    # action's payment put right)
                    r"(?:actually[\s,]+)?(?:wait[\s,-]+)?(?:put|charge|bill) the ([a-z]{3,}) "
                    r"(?:on|to) (?:my|the|your) [^.!?]*")
_BY_THE_WAY = re.compile(r"(?:(?:oh|hmm+|and|actually|also)[\s,]+)*(?:by the way|btw|one more thing|another "
                         r"thing|separately|on another note|unrelated|"
                         # (an afterthought: "oh, and while I'm thinking of it, would it be possible
                         # to also change ...", "and actually, now that I think about it, the other
                         # order ...")
                         r"while i'?m (?:thinking (?:of|about) it|at it|on the line|here)|now that (?:i "
                         r"think (?:of|about) it|you mention)|speaking of which)(?![\w'])")
# (... unless it is still about this: "by the way, don't cancel it yet")
_STILL_THIS = re.compile(r"(?<![\w'])(?:don'?t|do not|stop|wait|hold|not yet|cancel (?:it|that|"
                         r"this)|(?:it|that|this) (?:yet|for now))(?![\w'])"
                         # (or another detail for this in its place, of no other thing: "oh, hmm,
                         # actually, now that I think about it, ... can we do the next size up
                         # instead?")
                         r"|^(?!.*(?<![\w'])other(?![\w'])).*(?<![\w'])instead(?![\w'])")
_THINK_OTHER = re.compile(r"(?:i'?ll|i will|let me|i need to|i'?ll have to) think (?:about|over) "
                          r"(?!it\b|this\b|that\b|them\b|the (?:offer|change|cancell?ation|booking|"
                          r"return|exchange|refund|upgrade)\b)(?:the |my )?[a-z]+")
# a question put off until before another thing is done: "but before you switch me to the
# nonstop, can you tell me ...?" (the thing)
_BEFORE_OTHER = re.compile(r"(?:(?:but|and|oh|ok|okay)[\s,]+)?before (?:you|we) (?:\w+ ){1,3}?"
                           r"(?:me |it |us )?(?:to |with |on )?((?:the|my|that) [a-z]{3,}(?: [a-z]+)?)"
                           r"[\s,]")
# one step asked for first, another put off until it is done: "but do the upgrade first and
# show me it went through before you touch the flights" (the step done first, and the other's
# thing; a call of the other step is held, ``held_topics``, ``confirm._step_held``)
DO_FIRST = re.compile(r"(?:(?:but|and|so|then|ok|okay|just|please)[\s,]+)*(?:do|make|process|start "
                      r"with) (?:the|my) ([a-z]{3,})(?: [a-z]+)? first(?![\w'])[^.!?;]*?(?<![\w'])"
                      r"(?:before|until) (?:you|we) (?:\w+ ){1,3}?(?:the|my|any|that) ([a-z]{3,})")
# a yes that picks one thing of several by its name: "go ahead with the upgrade", "yes to the
# cancellation" (not "yes, book the flight": the only thing)
# a plan's steps by their numbers: "1 and 3", "1 en 2", "il 2 e il 3"
_STEP_NUMBERS = re.compile(r"(?<![\w$.,#])[1-9](?:\s*(?:,|and|en|e|y|et|und|&|\+)\s*(?:(?:the|il|la|el|de|"
                           r"o|a|le) )?[1-9])+(?![\w%]|[.,]\d)")
_PICKS_STEP = re.compile(r"(?:go ahead|proceed) with (?:the|my) [a-z]{3,}|(?:yes|ok|okay),? to the "
                         r"[a-z]{3,}|(?<![\w'])do the [a-z]{3,}")
# a hold's opening before the thing it is about: "actually hold on, for the skateboard one: ..."
_OPENING = re.compile(r"^(?:(?:oh|ok|okay|actually|wait|hold on|hang on|sorry|hmm+|um+|but|and)"
                      r"[\s,.!-]+)+(?=(?:\$[\d,.]+ )?(?:as for|for|about|regarding) )")
# a sentence opening on a thing, then said of it: "but the boots, i love them"
_THING_THEN = re.compile(r"(?:but |and |as for )?(?:the|my) ([a-z]{3,})(?: [a-z]{3,})?, ")
# that thing kept: "keep them unless there's a cheaper pair"
_KEEP_THEM = re.compile(r"(?:(?:but|so|please|just|i'?ll|i will|i want to|i'?d like to)\s+)*"
                        r"(?:keep|leave) (?:it|them|those|that|these)(?![\w'])")
_INTERRUPTS = re.compile(r"(?:oh |ok |okay )?(?:actually|wait|hold on|hang on|no|stop|sorry)(?![\w'])")
_ANOTHER = re.compile(r"(?<![\w'])(?:another|the other|other one|the return (?:one|flight|trip)|"
                      r"the outbound (?:one|flight)|the second (?:one|order|reservation|item)|"
                      r"my other|the rest|"
                      # (in the other languages read: "dans une autre commande")
                      r"une autre commande|l'autre commande|otro pedido|el otro pedido|outra encomenda|"
                      r"outro pedido|un altro ordine|l'altro ordine|einer anderen bestellung|"
                      r"der anderen bestellung|een andere bestelling|de andere bestelling)(?![\w'])")


# A sound of reluctance straight before a yes that goes on to the action ("Hmm, ok then, cancel
# it all", "ugh... fine, go ahead") is the yes's, not a hedge that holds it ("hmm, not sure" and
# "hmm ok please tell me the refund amount" still hold).
_GRUDGING_YES = r"(?:ok(?:ay)?|alright|all right|fine|yes|yeah|yep|sure)"
_GRUDGING = re.compile(
    r"(?:^|(?<=[.?!]\s))(?:(?:hmm+|um+|uh+|ugh|sigh|well)[\s,.!…-]+)+(?=" + _GRUDGING_YES
    + r",? then(?![\w'])|(?:" + _GRUDGING_YES + r"[\s,.!]+){1,3}(?:then[\s,]+)?(?:please[\s,]+)?"
    r"(?:go ahead|proceed|do it|go for it|let'?s do it|cancel|book|return|exchange|change|modify|"
    r"update|confirm(?:ed)?)(?![\w'])"
    # (or straight before an instruction to do it: "Hmm, actually, let's only exchange the desk
    # lamp")
    r"|(?:actually[\s,]+)?(?:let'?s|please)\s+(?:just\s+|only\s+)?(?:go ahead|proceed|cancel|"
    r"book|return|exchange|change|modify|update)(?![\w'])"
    # (or one picked alone: "Hmm, só o primeiro, o #W6779827", "hmm, just the first one")
    r"|(?:just|only|só|solo|sólo|seulement|nur|soltanto)\s+(?:the|o|a|el|la|le|il|lo|den|die|der|das)\s+"
    r"(?:first|second|third|last|primeiro|segundo|primero|premier|première|erste|zweite|primo|secondo)"
    r"(?![\w'])"
    # (or a bare instruction after "actually", "just", "only": "Hmm, actually only move the
    # perfume one to PayPal")
    r"|(?:actually[\s,]+(?:just\s+|only\s+)?|just\s+|only\s+)(?:go ahead|proceed|cancel|book|return|"
    r"exchange|change|modify|update|move|switch|swap|send)(?![\w'])"
    # (or before a complaint given in to: "Hmm, that's a bit annoying, but okay.")
    r"|[^.!?]{1,60}?,? but (?:ok(?:ay)?|fine|alright|all right|sure)(?=\s*(?:$|[.!])))")


# surprise, then a bare "okay", as a sentence of its own: taken in, not agreed to ("Wow, okay.
# Thanks so much for laying that out so clearly"; "wow, okay, let's do it" is a yes)
_REACTION = re.compile(r"(?:oh,? )?(?:wow|whoa|woah|yikes|geez|jeez|gosh|ouch|dang|damn|oof)"
                       r"[\s,.!]+(?:ok(?:ay)?|alright|all right)")


# a price taken in with a sigh: "that's steep", "a bit more than I hoped"
_PRICE_SIGH = re.compile(r"(?<![\w'])(?:that'?s|that is|it'?s|it is)? ?(?:a bit |a little |quite |"
                         r"pretty |really |very |so |kinda |kind of )?(?:steep|expensive|pricey|"
                         r"a lot(?: of money)?|more than (?:i|we) (?:hoped|expected|thought|"
                         r"wanted))(?![\w'])")
# what is left of a sentence that only takes something in: okays, amounts, "but", "i guess"
_ACKNOWLEDGED = re.compile(r"(?<![\w'])(?:ok(?:ay)?|alright|all right|but|so|well|hmm+|wow|oof|"
                           r"ouch|i guess|lol|haha)(?![\w'])|\$?\d[\d,.]*")


# a question, then the go-ahead on its answer: "Can the $500 also go back to the credit card? If
# so, cancel it.", "礼品卡那500能不能也退到信用卡上？……能的话就取消。" (the go-ahead)
_IF_SO_AFTER_Q = re.compile(r"[?？](?:[^?？]*?[.!。！]\s*|\s*)((?:(?:if so|if yes|if it can|if that'?s "
                            r"possible|if it'?s possible)(?![\w'])|(?:能的话|可以的话|行的话|"
                            r"可以退的话|能退的话))[^?？]*)$")


_MIXED_IN = re.compile(r"(?<![a-z])(?:ok|okay|yes|go ahead|go|please|thanks|sure|no problem|visa|"
                       r"mastercard|paypal|amex|gift card|credit card)(?![a-z])")


def read_for(text: str) -> Callable[[str], Reading] | None:
    """The reader of a turn in Korean, Japanese or Chinese by its script (normalised ``text``),
    else None (the other languages' and English reader, ``read_turn``'s own)."""
    if HANGUL.search(text) and len(HANGUL.findall(text)) >= len(re.findall("[a-z]+", text)):
        return _read_ko
    # (the English go-words mixed in count for no language: "OKです、go aheadで。両方とも。")
    latin = _MIXED_IN.sub(" ", text) if KANA.search(text) else text
    if KANA.search(text) and (len(KANA.findall(text)) >= len(re.findall("[a-z]", latin))
                               or len(KANA.findall(text)) >= 3 * len(re.findall("[a-z]+", latin))):
        return _read_ja
    latin = _MIXED_IN.sub(" ", text) if HAN.search(text) else latin  # ("好，換 Visa")
    if HAN.search(text) and (not re.search("[a-z]{3}", latin)
                              or len(HAN.findall(text)) >= len(re.findall("[a-z]", latin))
                              or len(HAN.findall(text)) >= 3 * len(re.findall("[a-z]+", latin))):
        return _read_han  # (Chinese with a word of English in it: "我想换个更fancy的主题",
        # "是的，改成PayPal。")
    return None


def numbered_marks(text: str) -> str:
    """``text`` with numbered answers given without their marks ("1 yes 2 yes 3 not yet") marked
    as a list's are ("1. yes. 2. yes. 3. not yet"), each read on its own."""
    if _BARE_NUMBERED.match(text) is None:
        return text
    marks = list(_BARE_NUMBER.finditer(text))
    if re.search(r"(?<![\w$.,])[1-9](?![\w$.,%])", text[marks[-1].end():]) is not None:
        return text  # (a step named again after the answers: "1 yes, 2 yes. oh wait — hold off
        # on 2 actually ... just do 1 for now", read as it is said)
    return _BARE_NUMBER.sub(lambda m: f"{m.group(1)}{'. ' if m.start() else ''}{m.group(2)}. ", text)


# numbered answers without marks: "1 yes 2 yes 3 not yet", "1 ok, 2 no", "1 — yes, cancel it. 2 —
# hold on" (the long dash normalised to a comma)
_ANSWER_WORD = r"(?:yes|yeah|yep|yup|ok|okay|sure|no|nope|not|hold|wait|skip|go|do it|✅|👍|❌)"
_BARE_NUMBERED = re.compile(r"\s*1\s*[,:-]?\s+" + _ANSWER_WORD + r"(?![\w'])[^0-9]{0,40}?(?<=\s)2\s*[,:-]?\s+"
                            + _ANSWER_WORD + r"(?![\w'])")
_BARE_NUMBER = re.compile(r"(^|(?<=\s))([1-9])\s?[,.:-]?\s+(?=" + _ANSWER_WORD + r"(?![\w']))")


def read_turn(content: str) -> Reading:
    """The dialogue act of one user turn. See the module docstring."""
    plain = normalize(content)
    reading = _read_turn(plain)
    # (what it cannot read is no yes, and takes back a yes before it: "Iya, lanjutkan." then
    # "tunggu deh, jangan dibatalkan dulu", wait, don't cancel it yet)
    if reading.act in (Act.AFFIRM, Act.OTHER, Act.HOLD) and not reading.withdraws and _unread_cued(plain) \
            and (unread := _UNREAD_WORD.search(plain) or _JA_MEN_WORD.search(plain)) is not None:
        return Reading(Act.HOLD, reading.words, "the reply holds words of a language this reader "
                       f'does not read ("{unread.group()}"), so it is not taken as a yes',
                       withdraws=True)
    return reading


def _read_turn(plain: str) -> Reading:
    """``read_turn`` of a turn's normalised text."""
    text = numbered_marks(_GRUDGING.sub("", plain))
    if not text:
        return Reading(Act.OTHER, "", "the user's message is empty")
    if (q_then_if := _IF_SO_AFTER_Q.search(text)) is not None:
        return Reading(Act.HOLD, q_then_if.group(1).strip(), "the user asked a question and "
                       f'made the go-ahead hang on its answer: "{q_then_if.group(1).strip()}"')
    if (reader := read_for(text)) is not None:
        return reader(text)
    if "if not" in text and (fallback := _CHECK_WITH_FALLBACK.search(text)) is not None \
            and fallback.start() > 0:
        text = text[:fallback.start()] + " " * (fallback.end() - fallback.start()) \
            + text[fallback.end():]  # (a check answered either way, blanked where it stood:
        # "Yes, go ahead — the gift card has enough on it, right? If not, use my Amex.")
    if ("want" in text or "keeping" in text) and SAID_AGAIN.search(text) is not None \
            and _CONDITION.search(text) is not None:
        text = SAID_AGAIN.sub(lambda m: " " * len(m.group()), text)  # (a condition said
        # again as a wish, blanked where it stood (a yes's end stays where it is): "if it's really
        # free, I don't want another surprise charge")
    parts = sentences(text)
    # (places in a plan said in the other languages read as in English: "oui pour la premiere.
    # la 2eme attendez" reads "yes for the first. the second attendez"; ``parts`` keep the
    # words' places in the turn)
    read_parts = [(ordinals_in_english(s), q) for s, q in parts] \
        if _PLACES_ABROAD_CUE.search(text) is not None else parts
    acts = [(s, q, *((Act.OTHER, False) if _REACTION.fullmatch(s) else _sentence_act(s, q)))
            for s, q in read_parts]
    last_yes = max((i for i, a in enumerate(acts) if a[2] is Act.AFFIRM), default=-1)
    if last_yes >= 0 and _PRICE_SIGH.search(text) and all(
            not _ACKNOWLEDGED.sub(" ", _PRICE_SIGH.sub(" ", a[0])).strip(" ,.!?-")
            for a in acts if a[2] is Act.AFFIRM):
        return Reading(Act.OTHER, text[:80], "the user took in a price and said nothing of "
                       "going ahead")  # ("ok, that's steep."; "ok, $312. that's a bit more
        # than I hoped but ok")
    if last_yes < 0:
        conditional = any(a[2] is Act.HOLD and not a[1] and not a[3] for a in acts)
        for s, q, act, _w in acts:
            if act is Act.DECLINE and not (conditional and not q and (
                    FORM_NOT_WANTED.fullmatch(s) or NOT_SENT_THERE.fullmatch(s))):
                return Reading(Act.DECLINE, s, f'the user declined: "{s}"', True)
        # (a wait among the holds decides: "hmm ok.. let me think" waits)
        holds = [a for a in acts if a[2] is Act.HOLD]
        hold = next((a for a in holds if a[3]), holds[0] if holds else None)
        if hold is not None:
            s, q, _act, withdraws = hold
            kind = "asked a question" if q else "hedged or set a condition"
            return Reading(Act.HOLD, s, f'the user {kind}: "{s}"', withdraws)
        if _FOREIGN.search(text):  # (and it takes back a yes before it)
            return Reading(Act.HOLD, text[:80], "the reply is in a language or script this "
                           "reader does not know, so it is not taken as a yes", withdraws=True)
        return Reading(Act.OTHER, text[:80], "the user's message is not a yes to a proposal")
    yes = acts[last_yes][0]
    # (numbered answers, "1. Yes 2. Yes, please. 3. Hmm, is that really the cheapest one?":
    # each is its step's, read against the plan's numbers by the binding)
    marks = [int(s) for s, _q, _a, _w in acts if s.isdigit() and len(s) == 1]
    numbered = len(marks) >= 2 and marks == list(range(1, len(marks) + 1))
    # (what the yes is said of may be named by a yes before it: "Yes to the upgrade first.
    # Please do that ...")
    # (and a thing named alone just before its yes: "Helmet yes, go ahead.", read apart)
    # (or a few: "The helmet and the luggage, yes, go ahead.")
    affirmed = [f"{acts[k - 1][0]} {a[0]}" if k and acts[k - 1][2] is Act.OTHER and (
                    _one_word_thing(acts[k - 1][0]) or _bare_things(acts[k - 1][0]))
                else a[0] for k, a in enumerate(acts[:last_yes + 1]) if a[2] is Act.AFFIRM]
    yes_said = " ".join(affirmed)
    # (the sentence before was a hold about one thing, skipped; or the yes's own sentence kept
    # one out: "Yes, go ahead with those — but leave the Seattle one alone for now. Anya's on
    # that one with me ...")
    on_topic = _kept_inside(yes) is not None
    topic_word = ""  # (that thing's name, its first letters)
    aside_word = ""  # (a thing named alone after the yes, its first letters)
    thing_aside = False  # (the sentence before was another thing's name alone, skipped)
    kept_aside = False  # (the sentence before opened on another thing: "but the boots, ...")
    form_kept = ""  # (a sentence after the yes ruling a form of refund out)
    for s, q, act, withdraws in acts[last_yes + 1:]:
        if numbered:
            continue
        if act is Act.DECLINE and q and _WHAT_IF.match(s):
            act, withdraws = Act.HOLD, False  # (a question on a supposition, no refusal: "But
            # the others, vraiment impossible? Even if I don't want any money back?")
        if act is Act.OTHER and (bare := _BARE_THING.fullmatch(s)) is not None \
                and bare.group(1)[:4] not in yes_said and bare.group(1) not in _WHATEVER_IT_IS \
                and ((_A_THING.search(yes_said) or _THING_ABROAD.search(yes_said)) is not None
                     or any(w in THINGS_ABROAD for w in re.findall(r"[a-zà-ÿ]+", yes_said))):
            thing_aside, aside_word = True, bare.group(1)[:4]
            continue  # ("Do the e-reader. The headphones... no, never mind, I'll keep them.")
        if act is Act.OTHER and len(s.split()) <= 6 and _TOPIC_PUT_ABROAD.match(s) is not None \
                and (put_first := ARTICLE_TOPIC.match(s)) is not None \
                and put_first.group(1)[:4] not in yes_said \
                and (_ARTICLE_THING.search(yes_said) or _THING_ABROAD.search(yes_said)
                     or _YES_FOR_THING.search(yes_said)) is not None:
            thing_aside, aside_word = True, put_first.group(1)[:4]
            continue  # ("Lo de la cafetera sí, adelante. Lo de anular el otro... déjame pensarlo
            # un momento": another thing put first on its own, the hold after it its)
        if act is Act.OTHER and ((id_like(s) and _AN_ID.search(yes_said)) or (
                _one_word_thing(s) and (_THING_YES.match(yes_said) or _THE_THING_ONE_SAID.search(yes_said))))\
                and s[:4] not in yes_said:
            thing_aside, aside_word = True, s[:4]  # (and "mouse yes. keyboard... hold on, my
            # brother might want it": a thing by its name alone, where the yes names its own so)
            continue  # ("Oui pour 8C8K4E et LU15PA, allez-y. MSJ4OA... attendez, c'est le vol
            # de ma cousine, non?")
        if thing_aside and act in (Act.DECLINE, Act.HOLD):
            thing_aside = False
            topic_word = aside_word  # ("The dumbbell order... wait. ... Don't cancel it yet")
            on_topic = act is Act.HOLD  # (and what follows on it: "The dumbbell one... I'm not
            continue  # sure yet, my husband might want the dumbbells. Let me think.")
        thing_aside = False
        if act is Act.OTHER and (named := _THING_THEN.match(s)) is not None \
                and named.group(1)[:4] not in yes_said:
            kept_aside = True  # ("cancel both. but the boots, i love them. keep them unless
            continue  # there's a cheaper pair": what the user keeps is another thing)
        if kept_aside and act in (Act.DECLINE, Act.HOLD) and _KEEP_THEM.match(s):
            kept_aside = False
            continue
        kept_aside = False
        if (act is Act.HOLD or (act is Act.DECLINE and _TOPIC_OPENS.match(_OPENING.sub("", s))))\
                and _ADDED_ON_CONDITION.match(s) is None \
                and (topic := _TOPIC.match(_OPENING.sub("", s))) is not None \
                and next(g for g in topic.groups() if g).removeprefix("the ")[:4] not in yes_said \
                and any(_NAMES_THING.search(a) or _ACTION_ALONE.fullmatch(a) for a in affirmed):
            on_topic = True
            topic_word = next(g for g in topic.groups() if g).removeprefix("the ")[:4]
            continue  # ("go ahead with the address. the cancel - still deciding"; "Actually
            # hold on, for the skateboard one: is there any other maple board?")
        if act is Act.HOLD and not q and _THAT_ONE_OPENS.match(s) is not None \
                and _EXCEPT_THEN.search(yes_said + ",") is not None:
            on_topic = True  # (said of the one thing the yes leaves out: "sim, pode avançar com
            continue  # tudo, menos a mala, essa logo se vê no aeroporto se for mesmo preciso")
        if act is Act.HOLD and OTHER_ONE_ABROAD.match(s) is not None \
                and _THING_ABROAD.search(yes_said) is not None:
            on_topic = True  # (the other one, in another language, the yes naming its own:
            continue  # "Die mit dem Makeup ja, weg damit. Bei der anderen, Moment - der Koffer,
            # da muss ich erst meinen Mann fragen"; which order the yes names is the binding's)
        if act is Act.HOLD and not _INTERRUPTS.match(s) and ROUTE.search(yes_said) \
                and _ROUTE_TOPIC.match(s) is not None \
                and not {m.groups() for m in ROUTE.finditer(s)} & {
                    m.groups() for m in ROUTE.finditer(yes_said)}:
            on_topic = True  # (trips named by their routes, the yes naming its own so: "Ok...
            continue  # Orlando–Charlotte ... bitte sofort machen, ja. Bei Denver–Houston und
            # Seattle–Houston weiß ich noch nicht ...": a call on them is held, ``held_topics``)
        if act is Act.HOLD and not _INTERRUPTS.match(s) \
                and (ROUTE.search(yes_said) or PLACE_TOPIC.search(yes_said)) \
                and (place := PLACE_TOPIC.match(s)) is not None \
                and place.group(1) not in yes_said:
            on_topic = True  # (a trip by its place, the yes naming its own by its route or
            continue  # place: "D'accord pour le Boston-Denver, allez-y. Pour celui de San
            # Francisco, attendez, je dois d'abord en parler à ma cousine")
        if act is Act.HOLD and q and (before := _BEFORE_OTHER.match(s)) is not None \
                and before.group(1).rsplit(" ", 1)[-1][:4] not in yes_said \
                and _PICKS_STEP.search(yes_said):
            continue  # ("Go ahead with the upgrade to economy. But before you switch me to the
            # nonstop, can you tell me what I'll pay overall?": the other step waits; which
            # steps the yes names is the binding's to read)
        if act is Act.HOLD and (first := DO_FIRST.match(s)) is not None \
                and first.group(1)[:4] != first.group(2)[:4]:
            continue  # ("OK as long as ..., fine. But do the upgrade first and show me it went
            # through before you touch the flights": the other step waits, ``held_topics``)
        if act is Act.DECLINE and on_topic and topic_word and (((
                topic_word in s or _OF_IT.search(s)) and not _INTERRUPTS.match(s))
                or _NO_KEEP_IT.match(s)):
            continue  # (a wish about that thing, by its name: "For the bags, is it 3 free per
            # person or 3 total? I don't want to pay anything for bags")
        if act in (Act.HOLD, Act.DECLINE) \
                and (named_held := NAME_HELD.match(s) or PLACE_HELD.match(s)) is not None \
                and named_held.group(1)[:4] not in yes_said:
            on_topic = True  # (someone's or somewhere's by the name, held, the yes said of
            continue  # others: "Lo mío sí, adelante. Lo de Andrés espera, ..."; "Boston ja,
            # bitte machen. Bei Dallas warten Sie bitte noch"; a call on it is held, ``held_topics``)
        if act in (Act.HOLD, Act.DECLINE) and (someone := SOMEONE_HELD.match(s)) is not None \
                and someone.group(1)[:4] not in yes_said \
                and re.search(r"(?<![\w'])[a-z]{3,}'s(?![\w'])", yes_said) is not None:
            on_topic = True  # (someone by name, put first and held, the yes said for someone
            continue  # else's: "Let's only fix Lily's name for now. Tom's still hoping he can
            # get the time off work, so I'd rather not take him off ..."; a call changing
            # theirs is held, ``held_topics``, ``confirm._person_kept``)
        if act is Act.HOLD and (held_with := WITH_THING_HELD.match(s)) is not None \
                and held_with.group(1)[:4] not in yes_said:
            on_topic = True  # (the one with another thing, held: "Annulez la chaise et la
            continue  # commande avec le clavier. Celle avec l'appareil photo attendez, ...")
        if act in (Act.HOLD, Act.DECLINE) and (person := PERSON_HELD.match(s)) is not None \
                and person.group(2) not in yes_said:
            on_topic = True  # (a relative's thing held, the yes said of others: "Vanno bene la 1
            continue  # e la 3. Lo zaino di mio nipote aspetto, ..."; a call on it is held,
            # ``held_topics``)
        if act is Act.HOLD and not _INTERRUPTS.match(s) and _ADDED_ON_CONDITION.match(s) is None \
                and _YES_ON_CONDITION.match(s) is None \
                and (topic := ARTICLE_TOPIC.match(s) or _COLON_TOPIC.match(s)) is not None \
                and (((said_of := _YES_FOR_THING.search(yes_said)) is not None
                      and topic.group(1)[:4] != said_of.group(1)[:4])
                     or ((_THING_ABROAD.search(yes_said) or _COLON_YES.search(yes_said)
                          or _ARTICLE_THING.search(yes_said))
                         and topic.group(1)[:4] not in yes_said)):
            on_topic = True  # (another thing put first, in any language, the yes said for its
            continue  # own: "sim pros voos. as malas eu ainda não sei quantas vou levar, vejo
            # depois"; "Lo del casco y lo de la parrilla sí, adelante ... La maleta espera: ...";
            # "skate et clavier+panier: oui. tuyau+sac: attendez"; a call on it is held,
            # ``held_topics``)
        if act is Act.DECLINE and on_topic and not q and not _INTERRUPTS.match(s) \
                and _DONT_WANT_IT_TO.match(s) is not None:
            continue  # (the held thing's reason: "The address one, hold off, I need to check
            # with Raymond ... I don't want his wristwatch going to an empty house.")
        if act is Act.DECLINE and on_topic and _A_THING_NOT_WANTED.match(s):
            continue  # (a wish about that thing, the kind of one not wanted: "Helmet yes, go
            # ahead. For the luggage - is softshell the soft material one? I don't want a hard
            # case.")
        if act is Act.HOLD and not _INTERRUPTS.match(s) and TELL_LATER_SAID.search(s):
            continue  # (a go-ahead put off for another part: "Ok ça me va, la Visa 1777 ...
            # d'abord l'upgrade ..., et ensuite je vous dirai si on passe au vol direct"; a call
            # on that part is held, ``held_topics``)
        if act is Act.HOLD and _RESIGNED.search(s) and not _INTERRUPTS.match(s):
            continue  # (a shrug after the yes: "It probably won't suit me either but whatever.")
        if act is Act.HOLD and on_topic and not _INTERRUPTS.match(s):
            continue  # (it goes on about that thing: "I might take that instead"; past what
            # only takes it in: "But hold on, $209 for the upgrade? That's a lot more than I
            # figured. Let me think about that one for a sec.")
        on_topic = on_topic and act is Act.OTHER
        if act is Act.HOLD and q and not withdraws and not _INTERRUPTS.match(s) \
                and (asked := _ASKED_THING.search(s)) is not None \
                and asked.group(1) not in _WHATEVER_IT_IS and asked.group(1) not in _ASKED_ABOUT \
                and asked.group(1)[:4] not in yes_said and _NAMES_THING.search(yes_said) is not None:
            on_topic = True  # (a question about a thing the yes does not name, and what follows
            continue  # on it: "Yes, go ahead with the flight change. And the bag is free,
            # right? I just want to be sure before anything gets charged for it."; a call on it
            # is held, ``held_topics``)
        if act is Act.HOLD and (held_steps := _HELD_STEPS.match(s)) is not None \
                and (said_steps := set(re.findall(r"(?<![\w$.,#])[1-9](?![\w%]|[.,]\d)", yes_said))) \
                and not set(re.findall("[1-9]", held_steps.group(1) or held_steps.group(2))) \
                & said_steps:
            on_topic = True  # (another step held by its number, the yes naming its own so: "Go
            continue  # ahead with 1 and 3. Hold off on 2 for now - I want to double check ...")
        if act is Act.HOLD and not _INTERRUPTS.match(s) and _STEP_NUMBERS.search(yes_said) \
                and (put_first := ARTICLE_TOPIC.match(s)) is not None \
                and put_first.group(1)[:4] not in yes_said:
            on_topic = True  # (a thing put first and held, the yes naming its steps by their
            continue  # numbers: "Doe 1 en 2 maar. Met die koffer weet ik het nog niet."; which
            # steps the numbers name is the binding's to read, a call on the thing is held)
        if act is Act.HOLD and OTHER_ONE_HELD.match(s) is not None \
                and _NAMES_THING.search(in_english(yes_said)) is not None:
            on_topic = True  # (the other one put first and held, the yes naming its own thing:
            continue  # "Oui pour l'ordinateur. Pour l'autre, attendez, je dois d'abord demander
            # à ma femme ..."; a call on it is held, ``held_topics``)
        if act is Act.HOLD and not _INTERRUPTS.match(s) and _ONLY_PLACE.search(yes_said):
            continue  # (the yes limited to one of a plan's steps by its place, the wait the
            # others': "Yes, but only the first one for now. I want to ask my daughter if she
            # still wants the luggage."; which steps the limit leaves out is the binding's)
        if act is Act.HOLD and _THINK_OTHER.match(s):
            continue  # ("Yes, cancel the first one. I'll think about Miami")
        if act is Act.HOLD and (DETAIL_PUT_RIGHT.fullmatch(s) is not None
                                or NAME_PUT_RIGHT.fullmatch(s) is not None):
            continue  # (one detail put right, the rest as said: "Yes, both. Wait, make the zip
            # 32246, I gave you my old zip."; the value is the binding's to check)
        if act is Act.HOLD and _COUNT_PUT_RIGHT.fullmatch(s) is not None:
            continue  # (one step's count put right, the rest as said: "Ja, prima. Oh wacht, maak
            # er maar 1 koffer van in plaats van 2, ..."; the count is the binding's to check)
        if act is Act.HOLD and (ids := _AN_ID.findall(s)) and not any(i in yes_said for i in ids) \
                and ((not _INTERRUPTS.match(s) and (q or _AN_ID.search(yes_said)
                                                     or _ID_OPENS.match(s)))
                     or _WAIT_ON_ID.match(s)):
            on_topic = True  # (and what follows on it: "Hold off on KC18K6 for now. 6am to
            # 1pm with the layover is way over 3 hours, I'm not sure it counts.")
            continue  # ("Yes, book it. And just to double-check - H9ZU1C can't be cancelled
            # at all?": a question about a thing by an id the yes does not name; "ja, macht die
            # ersten vier. BOH180 aber noch nicht, ...": one put first by its id; "Go ahead with
            # upgrading KC18K6 and H8Q05L. NM1VX1 is my sister Yara's trip, let me think about
            # that one": a hold on another by its id, the yes naming its own; a call on it is
            # held, ``held_topics``)
        if act is Act.HOLD and q and (more := _ADD_TO.search(s)) is not None \
                and more.group(1).rsplit(" ", 1)[-1][:4] in yes_said:
            continue  # ("Yes, cancel the old one and book these. Actually - can I get travel
            # insurance on the new booking too?": more asked for on one of the things the yes
            # names; a call on it is held, ``held_topics``)
        if act in (Act.DECLINE, Act.HOLD) and _BY_THE_WAY.match(s) and not _STILL_THIS.search(s):
            continue  # ("Yep, go for it! Oh and by the way, my pending order is going to the
            # wrong place": another matter, brought up after the yes)
        if act is Act.HOLD and _ABOUT_MORE.search(s) and _ANOTHER.search(s) \
                and not _INTERRUPTS.match(s) and not _REOPENS.search(s):
            continue  # ("yes cancel that one. i might also need to cancel the return one too,
            # let me check with my boss first": the wait is the other one's)
        if act in (Act.DECLINE, Act.HOLD) and (kept_thing := _kept_apart(s, yes_said)) is not None:
            on_topic, topic_word = True, kept_thing[:4]
            continue  # (one thing kept out by its name or id, the yes naming its own: "Yes,
            # cancel both of those. Don't do the watch yet though."; a call on it is held,
            # ``held_topics``)
        if act is Act.DECLINE and (thing := _THING_DECLINED.match(s)) is not None \
                and thing.group(1)[:4] not in yes_said:
            continue  # (another thing offered, declined by name: "Sí, esa es. Los pedidos no,
            # gracias, solo la predeterminada."; a call on it is held, ``held_topics``)
        if act in (Act.HOLD, Act.DECLINE) and NTH_HELD.search(s) is not None:
            continue  # ("yes do the two returns please, and the cancel to... actually no wait,
            # hold off on that last one": the plan's step by its place; a call of it is held,
            # ``held_topics``)
        if act in (Act.HOLD, Act.DECLINE) and (day := DAY_THEN_KEPT.match(s)) is not None \
                and day.group(1)[:8] not in yes_said:
            continue  # ("yes cancel the 18th one. hmm the 25th actually keep it for now": the
            # other one kept, ``binding.limits``)
        if act is Act.DECLINE and (other := NOT_THAT_YET.match(s)) is not None \
                and other.group(1)[:5] not in yes_said and _ACTION_VERB.search(yes_said) is not None:
            continue  # ("So just move the keyboard order. And don't cancel yet, I want to check
            # with my partner about the vacuum first.": another action put off, the yes naming
            # its own; a call of it is held, ``held_topics``)
        if act is Act.DECLINE and (other := _NOT_THAT_ACTION.fullmatch(s)) is not None \
                and other.group(1)[:5] not in yes_said:
            continue  # ("Yes, only the bottle. Please go ahead. I don't want to cancel
            # anything.": the other action offered, declined; a call of it is held,
            # ``held_topics``)
        if act is Act.DECLINE and not q and (no_addon := _NO_ADDON.fullmatch(s)) is not None \
                and no_addon.group(1)[:3] not in yes_said:
            continue  # (an add-on not wanted, the yes not naming it: "Yes to both. No bags
            # please, I don't want to pay for those."; a call adding it is no step the yes
            # covers: ``confirm._named_unwanted``, ``_skipped``)
        if act is Act.DECLINE and not q and FORM_NOT_WANTED.fullmatch(s):
            form_kept = form_kept or s  # (a form of refund not wanted: "Yes, cancel it. I
            continue  # don't want any credit or voucher."; a condition the proposal may meet,
            # ``confirm._condition_met``)
        if act is Act.DECLINE:
            return Reading(Act.DECLINE, s, f'the user said yes, then: "{s}"', True)
        if act is Act.HOLD and q and (_BUT_ASKS.match(s) is not None or _BUT_DANGLING.search(yes_said)):
            return Reading(Act.HOLD, s, f'the user said yes, then: "{s}"', False)  # (a "but"
            # that questions a detail, the yes alone before it: "Ok... ma il rimborso va sulla
            # Mastercard?", as "ok, but ...?" reads; not only when it comes: "but how long ...?")
        if act is Act.HOLD and (withdraws or (not q and _STRONG_CONDITION.search(s))):
            return Reading(Act.HOLD, s, f'the user said yes, then: "{s}"', withdraws)
    if form_kept:
        return Reading(Act.HOLD, form_kept, f'the user said yes, then: "{form_kept}"', False)
    # Before the yes: a condition in the same breath holds it ("If it's free. Then yes.").
    # (A condition on a detail is no condition on the yes: "just use PayPal if there's any
    # difference".)
    for i, (s, q, act, _w) in enumerate(acts[:last_yes]):
        if act is Act.HOLD and not q and _CONDITION.search(_IDIOMS.sub(" ", s)) \
                and not _MET_AFTER.match(acts[i + 1][0]) \
                and not _DETAIL_IF.search(s) and not _of_another_thing(s, yes_said) \
                and not _WHAT_IF_I.match(s) and not _AS_YOU_CANNOT_IF.search(s):
            return Reading(Act.HOLD, s, f'the user set a condition: "{s}"', False)
    end = _end_of(text, parts, last_yes)
    choice = all(_is_choice(s) for s, _q, act, _w in acts if act is Act.AFFIRM)
    return Reading(Act.AFFIRM, yes, "", choice=choice, end=end)


# what the agent said it cannot do, taken as given: "ok if you can't tell me then just move it to
# the new one ... yes change it to Maple Court."
_AS_YOU_CANNOT_IF = re.compile(r"(?<![\w'])if (?:you|they|the system) (?:can'?t|cannot|don'?t|do not|"
                               r"couldn'?t|aren'?t able to) (?:tell|say|know|check|see|find out|give|"
                               r"guarantee|promise)(?![\w'])")
# what would follow from what the user might do, thought through: "If I cancel it all my
# brother doesn't get his grill for the 4th." (no condition on the yes)
_WHAT_IF_I = re.compile(r"(?:(?:and|but|so|because) )?if i (?!can'?t|cannot|don'?t|do not|could)[a-z]+ "
                        r"(?:it|that|this|them|the [a-z]+)(?: all)?,? (?:my|his|her|their|he|she|they|"
                        r"we|then (?:my|he|she|they|we))(?![\w'])")


# a sentence opening on a thing by its article, in the languages the reader reads: "as malas eu
# ainda não sei", "les bagages, je verrai"
# (a yes naming its own thing by its article, in the other languages read: "il casco e le
# valigie sì, procedi", "die Adressen ja", "oui pour annuler les deux commandes")
_ARTICLE_THING = re.compile(r"(?<![\w'])(?:as|os|la|le|les|el|los|las|die|der|das|den|gli|il|lo|"
                            r"de) (?!(?:autre|otro|otra|altro|altra|outro|outra|andere[nr]?|"
                            # (not "that" said of the proposal: "das passt", "das ist gut")
                            r"passt|ist|geht|stimmt|klingt|reicht|wäre|war)(?![\w']))[a-zà-ÿ]{3,}")
ARTICLE_TOPIC = re.compile(r"(?:" + _AND_BUT + r" )?(?:(?:bei|für|pour|per|para|quant à|quanto a|"
                           # (Dutch: "met de koffers nog even wachten")
                           r"en cuanto a|met|voor|bij|wat betreft) )?(?:as|os|o|la|le|les|el|beim|zum|zur|"
                           r"de|het|"
                           r"los|las|die|der|das|den|dem|gli|il|"
                           # ("lo de cancelar la otra déjeme pensarlo", "lo de las maletas")
                           r"lo del?(?: (?:las|los|la|el))?|lo|the|my|"
                           # (the Portuguese "a" before the things a plan changes: "a mudança de
                           # classe deixa eu ver com ela primeiro")
                           r"a(?= (?:mudança|troca|alteração|reserva|mala|bagagem|passagem|"
                           r"devolução|classe|cabine|data)(?![\w']))) "
                           r"(?!(?:andere[nrs]?|autre|otr[oa]|altr[oa]|outr[oa])(?![\w']))"
                           r"([a-zà-ÿ]{3,})(?=[ ,])")
# another thing said yes to with a condition of its own: "lo de economy sí, mientras el total no
# pase de 150" (the condition is the confirmation check's to weigh, not a hold on another thing)
_YES_ON_CONDITION = re.compile(r"(?:(?:lo|la|el|o|a|il|le|das|die|der|the) )?(?:de |do |da |di |du )?"
                               r"(?:el |la |o |a )?[a-zà-ÿ]{3,}(?: [a-zà-ÿ]{3,})? "
                               r"(?:sí|si|sim|sì|oui|ja|yes|ok),? "
                               r"(?:pero |mas |ma |mais |aber |but )?(?:solo |só |seulement |nur )?"
                               r"(?:mientras|siempre que|si|se|desde que|contanto que|pourvu que|tant que|"
                               r"du moment que|à condition|wenn|solange|sofern|purché|a patto che|as long "
                               r"as|only if|if|provided)(?![\w'])")
# a hold on what is a relative's, in the other languages read, its thing maybe named first: "lo
# zaino di mio nipote aspetto", "o do meu filho espera", "lo de mi hermano espera", "das für meine
# Mutter noch nicht" (the relative's word, and the thing's)
_RELATIVES_ABROAD = (r"hermano|hermana|hijo|hija|madre|padre|mamá|mama|papá|papa|abuela|abuelo|sobrino|"
                     r"sobrina|novia|novio|esposa|esposo|marido|mujer|primo|prima|tío|tio|tía|tia|"
                     r"irmão|irmao|irmã|irma|filho|filha|mãe|mae|pai|avó|avo|avô|sobrinho|sobrinha|"
                     r"namorada|namorado|fratello|sorella|figlio|figlia|mamma|papà|nonna|nonno|"
                     r"nipote|moglie|cugino|cugina|zio|zia|frère|frere|sœur|soeur|fils|fille|mère|"
                     r"mere|père|pere|neveu|nièce|niece|femme|mari|cousin|cousine|oncle|tante|"
                     r"bruder|schwester|sohn|tochter|mutter|vater|oma|opa|neffe|nichte|frau|mann|"
                     r"freundin|freund|onkel|broer|zus|zoon|dochter|moeder|vader|neef|nicht|vrouw|"
                     r"amigo|amiga|amico|amica|ami|amie")
PERSON_HELD = re.compile(r"(?:" + _AND_BUT + r" )?(?:(?:lo|la|el|o|a|il|le|das|die|der|"
                         r"den|celui|celle|quello|quella|het|de) )?(?:([a-zà-ÿ]{3,}) )?(?:de|di|do|da|del|"
                         r"della|dello|du|des|für|fur|von|pour|per|para|pro|pra|van|voor) (?:mi|mio|mia|"
                         r"meu|minha|mon|ma|meine[mnrs]?|mein|mijn|nostro|nuestro|nosso|il mio|la mia|"
                         r"o meu|a minha) (" + _RELATIVES_ABROAD + r")(?![\w'])")
# the one with a thing, held: "celle avec l'appareil photo attendez", "die mit der kamera noch nicht"
WITH_THING_HELD = re.compile(r"(?:" + _AND_BUT + r" )?(?:celle|celui|ceux|celles|"
                             r"die|der|das|den|quella|quello|quelle|quelli|aquela|aquele|la|el|lo|los|"
                             r"las|het|degene|the one|the order) (?:avec|mit|con|com|met|with) (?:l'|le |"
                             r"la |les |dem |der |den |el |il |lo |o |a |de |het |the )?([a-zà-ÿ]{3,})")
# someone's or somewhere's, by the name, held in the other languages read: "lo de andrés espera",
# "para a do bruno, espera", "bei dallas warten sie bitte noch" (the name)
_WAIT_ABROAD_WORDS = (r"espera|espere|esperá|aguarda|aguarde|segura|pera[ií]|attendez|attends|aspetta|"
                      r"aspetti|"
                      r"warten|wartet|warte|wacht|noch nicht|todavía no|todavia no|ainda não|ainda nao|"
                      r"pas encore|ancora no|non ancora|lassen wir (?:erstmal|erst mal|vorerst|noch)(?! so)|"
                      # (unsure of it: "pour sophie je ne suis plus très sûre", "bei Lena bin ich
                      # mir nicht sicher")
                      r"je ne suis (?:plus |pas )(?:très |trop |encore )?sûre?|no estoy segur[oa]|"
                      r"não tenho certeza|nao tenho certeza|non sono sicur[oa]|bin ich (?:mir )?"
                      r"(?:noch )?nicht sicher|niet zeker|"
                      # (left for now: "Le retour du sac à dos, laisse faire pour l'instant")
                      r"laisse faire|laissez faire|déjalo de momento|déjalo por ahora|"
                      # (rather wait: "je préfère attendre d'avoir signé le bail")
                      r"(?:je )?préf[èé]r(?:e|erais) attendre|prefiero esperar|prefiro esperar|"
                      r"preferisco aspettare|warte ich lieber|ik wacht liever|wacht ik liever|"
                      r"mejor esper(?:o|amos|ar)|melhor esperar|meglio aspettare|"
                      # (let me check it first: "Lo de Fátima déjeme confirmarlo")
                      r"d[ée]j(?:e|a)me (?:confirmar|verificar|revisar|consultar|checar|pensar)(?:lo|la)?|"
                      r"deix(?:a|e) eu (?:confirmar|verificar|ver)|deixe-me (?:confirmar|verificar)|"
                      r"laissez-moi (?:vérifier|confirmer)|fammi (?:controllare|verificare)|"
                      r"lasciami (?:controllare|verificare)")
_WAIT_ABROAD_CUE = re.compile(_WAIT_ABROAD_WORDS)
# a cabin's change by its word in Chinese, Japanese and Korean (``confirm._CABIN_CHANGE_SAID`` reads it)
_CJK_CABIN_CHANGE = re.compile("升等|升舱|升艙|降舱|降艙|アップグレード|업그레이드")
# a thing put first, then what is said of it: "pour l'adresse du compte, je préfère attendre ..."
_TOPIC_WAITS_ABROAD = re.compile(
    r"(?:(?:et|mais|e|y|pero|aber|und|en|maar|ma|mas) )?(?:pour|para|per|für|voor|quant à|en cuanto "
    r"a|quanto a|quanto à) (?:l'|le |la |les |el |lo |los |las |il |o |a |os |as |der |die |das |den |"
    r"dem |de |het |mon |ma |mes |mi |mis |meu |minha |mio |mia |mein |meine |mijn )?"
    r"(?P<t>[a-zà-ÿ][a-zà-ÿ' -]{2,40}?)\s*[,:-]\s*(?P<rest>.*)")
# the little words between a topic's nouns: "adresse du compte", "dirección de la cuenta"
_TOPIC_LINKS = frozenset({"du", "de", "des", "la", "le", "les", "del", "el", "da", "do", "della",
                          "dello", "dell", "van", "het", "der", "mon", "ma", "mi", "meu", "minha",
                          "mio", "mia", "l", "d"})
# a topic's nouns in English: the account's address, an order
_TOPIC_WORDS_ABROAD = {
    **dict.fromkeys(("adresse", "dirección", "direccion", "endereço", "endereco", "indirizzo", "adres",
                     "anschrift"), "address"),
    **dict.fromkeys(("compte", "cuenta", "conta", "konto", "profil", "perfil", "profilo", "profiel"),
                    "account"),
    **dict.fromkeys(("commande", "pedido", "ordine", "bestellung", "bestelling", "encomenda"), "order"),
}
NAME_HELD = re.compile(r"(?:" + _AND_BUT + r" )?(?:(?:para|pour|per|für|pra|pro) )?"
                       r"(?:(?:lo|la|el|o|a|das|die|der|den|celui|celle|quello|quella) )?(?:de|di|do|da|"
                       r"del|von) ([a-zà-ÿ]{3,})\s*[,-]?\s*(?:" + _WAIT_ABROAD_WORDS + r")(?![\w'])")
PLACE_HELD = re.compile(r"(?:" + _AND_BUT + r" )?(?:bei|für|pour|para|per|voor|bij) "
                        r"(?:(?:der|dem|den|le|la|el|o|a|il|de|het) )?(?:(?:reise|flug|viaje|vuelo|voo|vol|"
                        r"volo|vlucht) )?(?:(?:nach|naar|de|da|di|à|a) )?([a-zà-ÿ]{4,}(?: [a-zà-ÿ]{3,})?)"
                        r"\s*[,-]?\s*(?:" + _WAIT_ABROAD_WORDS + r")(?![\w'])")
# someone by name put first, their part waiting: "Tom's still hoping he can get the time off";
# "Priya is not sure yet" (the name)
_SOMEONE_WAITS = (r"(?:'s| is) (?:still|not (?:sure|certain|decided)|undecided|unsure|hoping|waiting|"
                  r"thinking)(?![\w'])")
SOMEONE_HELD = re.compile(r"(?:(?:but|and|as for) )?(?!(?:it|that|this|there|he|she|what|who|one|"
                          r"everything|everyone|nothing)(?:'s| is))([a-z]{3,})" + _SOMEONE_WAITS)
# (what SOMEONE_HELD needs somewhere in a text: one cheap search)
_SOMEONE_CUE = re.compile(_SOMEONE_WAITS)
# (what PERSON_HELD needs somewhere in a text: one cheap search)
_PERSON_CUE = re.compile(r"(?:de|di|do|da|del|della|du|für|von|pour|per|para|pro|van) (?:mi|mio|mia|meu|"
                         r"minha|mon|ma|meine|mein|mijn) ")
# another step added with a condition of its own, no hold on another thing: "the upgrade too, as
# long as it's under $200 each" (the condition is the confirmation check's to weigh)
_ADDED_ON_CONDITION = re.compile(r"(?:(?:and|also|plus) )?(?:the |my )?[a-z]{3,}(?: [a-z]{3,})? (?:too|also|"
                                 r"as well),? (?:but )?(?:only if|as long as|if|provided|assuming)"
                                 r"(?![\w'])")
# a hold opening on "the other one" in the other languages the reader reads ("bei der anderen,
# moment", "pour l'autre, attendez", "la otra todavía no"; English: ``_TOPIC_FIRST``)
OTHER_ONE_ABROAD = re.compile(
    r"(?:" + _AND_BUT + r" )?(?:(?:bei|für|mit|pour|para|per|con|com|voor|met|bij|"
    r"quant à|en cuanto a|quanto a) )?(?:der |dem |den |die |das |l'|la |el |lo |il |a |o |de "
    r"|het )?(?:anderen?|autre|otra|otro|altra|altro|outra|outro)(?![\w'])")
# a yes naming its thing in another language, by what it holds: "die mit dem makeup ja", "sí,
# la del portátil" (not an article alone: "ja, das passt" names nothing)
_THING_ABROAD = re.compile(r"(?<![\w'])(?:mit (?:dem|der|den)|con (?:el|la|il|lo|i|gli|le|los|las)|"
                           r"avec (?:le|la|les)|com (?:o|a|os|as)|met (?:de|het)|del|della|dello|"
                           r"dei|degli|du|des|de la|do|da|dos|van de|van het) "
                           r"(?!anderen?\b|autre\b|otra\b|otro\b|altra\b|altro\b|outra\b|outro\b)"
                           r"[a-zà-ÿ]{3,}|" + _AN_ID.pattern)
# things put first with a colon: "tuyau+sac: attendez", the yes said so: "skate et clavier: oui"
_COLON_TOPIC = re.compile(r"([a-zà-ÿ][a-zà-ÿ+&]{2,}(?:[ +&][a-zà-ÿ+&]+){0,4})\s*:\s")
_COLON_YES = re.compile(r"[a-zà-ÿ][a-zà-ÿ +&]{2,40}\s*:\s*(?:oui|sí|si|ja|sì|sim|yes|ok)(?![\w'])")
# the catalogue's things in the other languages read, by their English names (a held thing is
# read against the facts, which name them in English: "la maleta espera" holds the Luggage Set)
THINGS_ABROAD = {
    # (a cabin upgraded to, by its name: "A executiva... 558 dólares é muito dinheiro")
    "executiva": "upgrade", "ejecutiva": "upgrade",
    # (sneakers: "só o tênis, o Sneakers", "las zapatillas", "die Turnschuhe")
    "tênis": "sneakers", "tenis": "sneakers", "zapatillas": "sneakers", "turnschuhe": "sneakers",
    "maleta": "luggage", "maletas": "luggage", "valise": "luggage", "koffer": "luggage",
    "valigia": "luggage", "mala": "luggage", "malas": "luggage", "casco": "helmet",
    "casque": "helmet", "helm": "helmet", "capacete": "helmet", "parrilla": "grill",
    "griglia": "grill", "churrasqueira": "grill", "reloj": "watch", "montre": "watch",
    "uhr": "watch", "orologio": "watch", "relógio": "watch", "portátil": "laptop",
    "ordinateur": "laptop", "portatile": "laptop", "auriculares": "earbuds",
    "écouteurs": "earbuds", "kopfhörer": "earbuds", "auricolari": "earbuds", "altavoz": "speaker",
    "enceinte": "speaker", "lautsprecher": "speaker", "altoparlante": "speaker",
    # (Italy's speaker, the Río de la Plata's suitcases, Arabizi's bag: "Per la cassa... fammi
    # pensare", "Lo de las valijas dejame que lo charle", "el shanta la2")
    "cassa": "speaker", "valija": "luggage", "valijas": "luggage", "shanta": "luggage",
    "bicicleta": "bicycle", "vélo": "bicycle", "fahrrad": "bicycle", "bici": "bicycle",
    "cámara": "camera", "kamera": "camera", "fotocamera": "camera", "câmera": "camera",
    "tableta": "tablet", "tablette": "tablet", "rompecabezas": "puzzle", "botella": "bottle",
    "bouteille": "bottle", "flasche": "bottle", "bottiglia": "bottle", "garrafa": "bottle",
    "borraccia": "bottle", "gourde": "bottle", "trinkflasche": "bottle", "cantimplora": "bottle",
    "drinkfles": "bottle", "waterfles": "bottle",
    "lámpara": "lamp", "lampe": "lamp", "lampada": "lamp", "teclado": "keyboard",
    "matte": "mat", "yogamatte": "mat", "esterilla": "mat", "tapis": "mat", "tappetino": "mat",
    "tapetinho": "mat", "yogamat": "mat", "wanduhr": "clock",
    "clavier": "keyboard", "appareil": "camera", "chaise": "chair", "tastatur": "keyboard",
    "tastiera": "keyboard", "ratón": "mouse",
    "souris": "mouse", "maus": "mouse", "aspiradora": "vacuum cleaner", "aspirateur": "vacuum cleaner",
    "staubsauger": "vacuum cleaner", "aspirapolvere": "vacuum cleaner", "aspirador": "vacuum cleaner",
    "mochila": "backpack", "rucksack": "backpack", "zaino": "backpack", "sac": "backpack",
    "botas": "boots", "bota": "boots", "bottes": "boots", "stiefel": "boots", "stivali": "boots",
    "cafetera": "coffee", "cafetière": "coffee", "kaffeemaschine": "coffee",
    "cafeteira": "coffee", "tuyau": "hose", "manguera": "hose", "schlauch": "hose",
    "mangueira": "hose", "skate": "skateboard", "monopatín": "skateboard",
    "camiseta": "t-shirt", "maglietta": "t-shirt", "chaqueta": "jacket", "veste": "jacket",
    "jacke": "jacket", "giacca": "jacket", "jaqueta": "jacket", "panier": "bed",
    "móvil": "smartphone", "movil": "smartphone", "celular": "smartphone", "handy": "smartphone",
    "téléphone": "smartphone", "telefono": "smartphone", "telemóvel": "smartphone",
    "fones": "earbuds", "fone": "earbuds", "escova": "toothbrush", "cepillo": "toothbrush",
    "brosse": "toothbrush", "spazzolino": "toothbrush", "zahnbürste": "toothbrush",
    "tandenborstel": "toothbrush",
    "auscultadores": "headphones", "cuffie": "headphones", "koptelefoon": "headphones",
    "leitor": "e-reader", "lettore": "e-reader", "liseuse": "e-reader", "lector": "e-reader",
    "pesas": "dumbbell", "mancuernas": "dumbbell", "halteres": "dumbbell", "haltères": "dumbbell",
    "hanteln": "dumbbell", "manubri": "dumbbell", "pesi": "dumbbell", "halters": "dumbbell",
    "hervidor": "kettle", "tetera": "kettle", "bouilloire": "kettle", "wasserkocher": "kettle",
    "bollitore": "kettle", "chaleira": "kettle", "waterkoker": "kettle",
    "purificador": "purifier", "purificateur": "purifier", "luftreiniger": "purifier",
    "purificatore": "purifier", "luchtreiniger": "purifier", "termostato": "thermostat",
    "sombrilla": "umbrella", "parasol": "umbrella", "ombrellone": "umbrella",
    "sonnenschirm": "umbrella", "gafas": "sunglasses", "lunettes": "sunglasses",
    "sonnenbrille": "sunglasses", "occhiali": "sunglasses", "óculos": "sunglasses",
    "zonnebril": "sunglasses", "silla": "chair", "sedia": "chair", "stuhl": "chair",
    "cadeira": "chair", "stoel": "chair", "estantería": "bookshelf", "étagère": "bookshelf",
    "bücherregal": "bookshelf", "libreria": "bookshelf", "estante": "bookshelf",
    "boekenkast": "bookshelf", "trucco": "makeup", "maquillaje": "makeup", "maquillage": "makeup",
    "maquiagem": "makeup", "schminke": "makeup", "schminkset": "makeup",
}


def things_in_english(phrase: str) -> list[str]:
    """The things ``phrase`` names in the other languages read, by their English names with the
    article ("a bota": "the boots"), in the order said."""
    return [f"the {THINGS_ABROAD[w]}" for w in re.findall(r"[a-zà-ÿ]+", phrase) if w in THINGS_ABROAD]


def in_english(phrase: str) -> str:
    """``phrase`` with the English names of the things it names in the other languages read
    (``THINGS_ABROAD``) after it: "el del teclado y el móvil" also says "the keyboard"."""
    found = things_in_english(phrase)
    return phrase if not found else phrase + " " + " ".join(found)
# a yes said for one thing: "sim pros voos", "oui pour les vols", "yes for the flights"
_YES_FOR_THING = re.compile(r"(?<![\w'])(?:(?:pros|pras|para os|para as|para o|para a|pour les|pour le|"
                            r"pour la|para los|para las|para el|per i|per le|per il|per lo|per la|"
                            r"per gli|für die|für den|für das|for the|to the) |"
                            # (the article elided: "per l'annullamento sì, vai pure")
                            r"(?:per|pour) l')([a-zà-ÿ]{3,})")
# a kind of thing not wanted, by an indefinite article: "i don't want a hard case" (not "i
# don't want it", "i don't want any of this")
# an add-on not wanted: "No bags please, I don't want to pay for those"
_NO_ADDON = re.compile(r"(?:(?:and|but|so|also) )?no (?:extra |checked |additional )?(bags?|baggage|"
                       r"luggage|(?:travel )?insurance)(?: (?:please|thanks|thank you|still|either|"
                       r"again))?(?:,? (?:i|we) "
                       r"(?:don'?t|do not) (?:want|need) (?:to pay for )?(?:those|them|it|that|any|"
                       r"extras?))?")
# a condition on where another thing goes, said again as a wish: "Yes - provided my big order
# ... still goes to my home on Willow Lane. I don't want that hauled to the office."
NOT_SENT_THERE = re.compile(r"(?:(?:and|but|so|because) )?i (?:really )?(?:don'?t|do not) want (?:that|"
                             r"it|those|them|this|that one|that order|those orders) (?:hauled|sent|"
                             r"shipped|moved|going|delivered|redirected|rerouted) (?:to|over to) "
                             r"[a-z0-9' ]{3,40}")
# a check on the proposal with what to do if it fails: "the gift card has enough on it, right? If
# not, use my Amex."
_CHECK_WITH_FALLBACK = re.compile(r"(?:,\s*|(?<=[.!;]) )[^.?!;,]{3,80}?,? (?:right|correct|yes|no)\?\s*if "
                                  r"(?:not|it doesn'?t|it does not),? (?:then )?(?:use|put it on|"
                                  r"charge|go with|take|put the rest on)[^.?!;]{1,60}[.!]?")
# a plan's steps by number in the other languages read: "el paso 1 y el 2", "el 3 déjalo"
_STEP_ABROAD_CUE = re.compile(r"(?:paso|passo|schritt|étape|etape|stap|punto|punkt)s?\s+[1-9]|"
                              r"(?:el|la|il|lo|o|der|die|das|het) [1-9](?![\w%$]|[.,]\d)")
_STEP_ABROAD = re.compile(r"(?<![\w'])(?:(?:el|la|il|lo|le|o|a|der|die|das|de|het) )?(?:(?:paso|passo|"
                          r"schritt|étape|etape|stap|punto|punkt)s?\s+|(?:el|la|il|lo|o|der|die|das|het) )"
                          r"([1-9])(?![\w%$]|[.,]\d)")
_STEP_AND_ABROAD = re.compile(r"\s+(?:y|e|et|und|en) (?:el |la |il |lo |le |o |a |der |die |das |de |het )?"
                              r"(?:step )?([1-9])(?![\w%$]|[.,]\d)")
# a plan's places in the other languages read, and their English (``_PLACES_ABROAD_CUE``, after
# ``_ORD_ABROAD_CUE``: one search for both)
_ORD_ABROAD = {**dict.fromkeys(("premier", "première", "premiere", "1er", "1re", "1ère", "erste", "ersten",
                                "erster", "erstes", "prima", "primo", "primera", "primero", "primeira",
                                "primeiro", "eerste"), "first"),
               **dict.fromkeys(("deuxième", "deuxieme", "2e", "2eme", "2ème", "seconde", "zweite",
                                "zweiten", "zweiter", "zweites", "seconda", "secondo", "segunda",
                                "segundo", "tweede"), "second"),
               **dict.fromkeys(("troisième", "troisieme", "3e", "3eme", "3ème", "dritte", "dritten",
                                "dritter", "drittes", "terza", "terzo", "tercera", "tercero",
                                "terceira", "terceiro", "derde"), "third")}
_ORD_ABROAD_WORDS = "|".join(sorted(_ORD_ABROAD, key=len, reverse=True))
_ORD_ABROAD_CUE = re.compile(rf"(?:{_ORD_ABROAD_WORDS}|premi[eè]res|premiers|prime|primi|primeras|"
                             r"primeros|primeiras|primeiros)(?![\w'])")  # (a cue: no lookbehind, cheaper)
_PLACES_ABROAD_CUE = re.compile(_ORD_ABROAD_CUE.pattern + "|" + _STEP_ABROAD_CUE.pattern)
_COUNT_ABROAD = {"deux": "two", "zwei": "two", "due": "two", "dos": "two", "duas": "two", "twee": "two",
                 "trois": "three", "drei": "three", "tre": "three", "tres": "three", "três": "three",
                 "drie": "three"}
_FIRST_FEW_ABROAD = re.compile(r"(?<![\w'])(?:(?:pour|für|per|para|voor|pra) )?(?:les|die|le|las|los|as|os|"
                               r"de|i|gli) (" + "|".join(_COUNT_ABROAD)
                               + r") (?:premi[eè]res?|premiers|ersten|prime|primi|primeras|primeros|"
                               r"primeiras|primeiros|eerste)(?![\w'])")
_ORD_ABROAD_PHRASE = re.compile(
    r"(?<![\w'])(?:(?:pour|für|fur|per|para|voor|bei|pra|pro) )?(?:la|le|l'|die|der|das|den|dem|il|lo|"
    rf"el|o|a|de|het) ?({_ORD_ABROAD_WORDS})(?![\w'])")
_PREP_EN = {"pour": "for", "für": "for", "fur": "for", "per": "for", "para": "for", "voor": "for",
            "bei": "for", "pra": "for", "pro": "for"}


# steps by their numbers in Korean: "1번이랑 2번은 해주시고", "3번은 잠깐 보류해 주세요"
_KO_STEP_NO = re.compile("[1-9] ?번(?!째)")
_KO_STEPS_GO = re.compile("((?:[1-9] ?번 ?(?:이랑|랑|과|와|하고|,|도)? ?)+)(?:은|는)? ?"
                          "(?:해 ?주(?:시고|세요)|진행해 ?주(?:시고|세요)|해줘|진행해줘)")
_KO_STEP_HELD = re.compile("([1-9]) ?번(?:은|는)? ?(?:잠깐 ?|좀 ?|일단 ?)?(?:보류|나중에|기다려)[가-힣 ]*?"
                           "(?:주세요|할게요|요)?|"
                           # ("3번은 제가 여권 확인하고 다시 연락드릴게요": checked first, then back)
                           "([1-9]) ?번(?: [가-힣]{1,6}){0,2}(?:은|는) [가-힣 ]{0,20}?"
                           "(?:확인하고|확인해 ?보고|"
                           "(?:이야기|얘기)해 ?보고|상의하고|상의해 ?보고) 다시 연락[가-힣]*")
# a step's place in Korean: "첫 번째" (first), "두 번째 것만" (only the second one)
_KO_NTHS = {"첫": "first", "두": "second", "세": "third", "네": "fourth"}
_KO_NTH_ONLY = re.compile("(첫|두|세|네) ?번째(?: ?(?:것|거|건|항목|변경|단계))?만")
_KO_NTH = re.compile("(첫|두|세|네) ?번째(?: ?(?:것|거|건|항목|변경|단계)(?:은|는|도|을|를)?)?")


def ordinals_in_english(text: str) -> str:
    """``text`` with the places of a plan it names in French, German, Italian, Spanish,
    Portuguese or Dutch said in English: "oui pour la premiere" -> "oui for the first", "les
    deux premieres" -> "the first two", "el paso 1 y el 2" -> "step 1 and 2"."""
    if "번" in text and _KO_STEP_NO.search(text) is not None:  # (in Korean, steps by number:
        # "1번이랑 2번은 해주시고 3번은 잠깐 보류해 주세요" -> "yes to 1 and 2, hold off on 3 ...")
        text = _KO_STEPS_GO.sub(
            lambda m: "yes to " + " and ".join(re.findall("[1-9]", m.group(1))) + ", ", text)
        text = _KO_STEP_HELD.sub(lambda m: f" hold off on {m.group(1) or m.group(2)} ", text)
    if "번째" in text:  # (in Korean: "첫 번째 것만 해 주세요" -> "only the first one 해 주세요")
        text = _KO_NTH_ONLY.sub(lambda m: f" only the {_KO_NTHS[m.group(1)]} one ", text)
        text = _KO_NTH.sub(lambda m: f" the {_KO_NTHS[m.group(1)]} one ", text)
    if _STEP_ABROAD_CUE.search(text) is not None:
        text = _STEP_ABROAD.sub(r"step \1", text)
        text = _STEP_AND_ABROAD.sub(r" and \1", text)
    if _ORD_ABROAD_CUE.search(text) is None:
        return text
    text = _FIRST_FEW_ABROAD.sub(lambda m: f"{'for ' if m.group().split(' ', 1)[0] in _PREP_EN else ''}"
                                 f"the first {_COUNT_ABROAD[m.group(1)]}", text)

    def english(m: re.Match[str]) -> str:
        prep = m.group().split(" ", 1)[0]
        return f"{_PREP_EN[prep] + ' ' if prep in _PREP_EN else ''}the {_ORD_ABROAD[m.group(1)]}"
    return _ORD_ABROAD_PHRASE.sub(english, text)


# a condition's wish said again beside it: "... if it's really free — I don't want another surprise
# charge"
SAID_AGAIN = re.compile(r"(?:,\s*|(?<=[.!;]) |^)(?:(?:and|but|because|so) )?(?:i (?:really )?(?:don'?t|do "
                        r"not) want (?:another|any|a|any more|more) (?:surprise|hidden|extra|"
                        r"unexpected|additional) (?:charges?|fees?|costs?)"
                        # (or its contrary: "... only if it's truly a full refund. If you're
                        # keeping any of it, don't.")
                        r"|if (?:you'?re|you are) (?:keeping|holding back) (?:any|some|part) of it,? "
                        r"(?:then )?(?:don'?t|do not)(?: do it| bother)?)(?= *(?:[.!;,]|$))")
# a step held by its number: "hold off on 2 for now", "2 can wait", "not 3 yet"
_HELD_STEPS = re.compile(r"(?:(?:but|and|pero|y|mais|et|ma|e|aber|und|mas|maar|en) )?(?:(?:hold off on|hold|"
                         r"wait on|skip|leave|not|don'?t do) "
                         r"(?:step |item |number |#)?([1-9](?:\s*(?:,|and|&)\s*[1-9])*)(?![\w%])|"
                         r"(?:step |item |number |#)?([1-9](?:\s*(?:,|and|&)\s*[1-9])*) (?:can wait|"
                         r"hold off|not yet|later|wait|déjalo|dejalo|lascialo|laisse|lass|laat|deixa|"
                         r"espera|aspetta|attendez|warte|wacht))")
# a form of refund not wanted, after a yes: "I don't want any credit or voucher", "I don't want a
# travel certificate, just the refund to the card" (a condition on how the money comes back)
_FORM = r"(?:(?:travel |store |airline |flight )?(?:credit|voucher|certificate)s?|points|miles)"
FORM_NOT_WANTED = re.compile(
    rf"(?:(?:but|and|so|just|because|also) )?i (?:really )?(?:don'?t|do not) (?:want|need) "
    # ("I don't want it back as a travel certificate")
    rf"(?:(?:it|them|the money|my money) (?:back )?as )?"
    rf"(?:any|a|an|the)? ?{_FORM}(?:,? (?:or|and|nor) (?:any |a |an )?{_FORM})*"
    r"(?:,? (?:just|only|i want|i'd like) (?:the |a |my )?(?:full |actual |real )?(?:refund|money|cash)"
    r"[a-z ]{0,30})?|"
    # (in the other languages read: "non voglio buoni", "no quiero vales", "je ne veux pas d'avoir")
    r"(?:(?:ma|pero|mais|aber|mas|e|y|et) )?(?:non voglio|no quiero|não quero|je ne veux pas|"
    r"ich will keine?n?)"
    r" (?:d'|de |un |una |um |uma )?(?:buoni|buono|voucher|credito|bonos?|vales?|cr[eé]dito|avoirs?|"
    r"bons?|gutscheine?|guthaben)")
_A_THING_NOT_WANTED = re.compile(r"(?:(?:but|and|so|just|because) )?i (?:really )?(?:don'?t|do not)"
                                 r" (?:want|need|like) (?:a|an) (?!lot\b)[a-z]")


def _of_another_thing(sentence: str, yes_said: str) -> bool:
    """A sentence about what the user will do of their own about things the yes, which names
    its own, does not name ("if the helmet doesn't fit I'll return it later. Yes just the
    keyboard."; not "if the price stays the same" before "yes, go ahead with the return")."""
    things = _THE_THING.findall(sentence)
    return bool(things) and _THEIR_OWN.search(sentence) is not None \
        and _THE_THING.search(yes_said) is not None \
        and all(t[:4] not in yes_said for t in things)


_THE_THING = re.compile(r"(?<![\w'])(?:the|my) ([a-z]{3,})")
_THEIR_OWN = re.compile(r"(?<![\w'])(?:i'?ll|i will|we'?ll|we will)(?![\w'])")


# literal cues the forms below need, searched before their patterns (this runs on every turn)
_ROUTE_MARKS = ("-", "\u2192", ">")
_PLACE_MARKS = ("the one ", "celui ", "celle ", "quello ", "quella ", " de ", " di ", " du ",
                " del ", " da ", "o do ", "a do ", " nach ", " von ", " aus ")
_LATER_MARKS = ("tell you", "let you know", "get back", "je vous", "je te", "dirò", "diré",
                "aviso", "avisar", "sapere", "confermo", "digo", "falo", "confirmo", "ich sage",
                "ich gebe")
_FOR_MARKS = ("pros ", "pras ", "para ", "pour ", "per ", "für ", "for the ", "to the ")
# (a thing's yes said by what it holds, or by a colon: "lo de la parrilla sí", "skate: oui")
_THING_MARKS = ("del ", "de la ", "mit de", "con ", "avec ", "com ", "met ", "della ", "du ",
                "do ", "da ", ": ")


_ANY_MARK = re.compile("|".join(re.escape(m) for m in (*_ROUTE_MARKS, *_PLACE_MARKS,
                                                        *_LATER_MARKS, *_FOR_MARKS,
                                                        *_THING_MARKS)))


def _topic_abroad(text: str) -> bool:
    """Whether ``text`` holds one of the forms a hold may open with that ``_TOPIC_CUES`` does
    not cover: a route, a trip by its place, a go-ahead put off, a yes said for one thing."""
    if _WAIT_ABROAD.search(text) is not None and _ARTICLE_THING.search(text) is not None:
        return True  # (a thing by its article and a wait, in the other languages read: "la
        # griglia invece aspetta", "beim puzzle warte mal kurz")
    if _ANY_MARK.search(text) is None:
        return False  # (the common case: one search)
    return (any(m in text for m in _ROUTE_MARKS) and ROUTE.search(text) is not None) \
        or (any(m in text for m in _PLACE_MARKS) and PLACE_TOPIC.search(text) is not None) \
        or (any(m in text for m in _LATER_MARKS) and TELL_LATER_SAID.search(text) is not None) \
        or (any(m in text for m in _FOR_MARKS) and _YES_FOR_THING.search(text) is not None) \
        or (any(m in text for m in _THING_MARKS) and (
            _THING_ABROAD.search(text) is not None or _COLON_YES.search(text) is not None))


_NOT_YET = re.compile(r"\s*(?:yet|for now|just yet|right now|until|before|though|tho)(?![\w'])")
# a wait, or not knowing yet, in the other languages read (one search before ``_ARTICLE_THING``)
_WAIT_ABROAD = re.compile(r"aspett|warte|attend|esper[ae]|wacht|moment|aguard|no sé|non so|não sei|"
                          r"je ne sais|weiß (?:ich )?(?:noch )?nicht|pas encore|todavía no|"
                          r"noch nicht|ainda não|non ancora|nog niet|réfléchi|überleg|pensar|"
                          r"pensare|penser|nadenken")


def _kept_apart(sentence: str, yes_said: str) -> str | None:
    """The thing or id ``sentence`` keeps out of the go-ahead (``_NOT_ON_THING``), where the yes
    before it names its own things (or "both") and not this one: the thing, or None."""
    m = _NOT_ON_THING.match(sentence)
    if m is None:
        return None
    thing, ident = m.group(1) or m.group(3), m.group(2)
    if thing is not None and (thing.split(" ")[0].split("-")[0] in _WHATEVER_IT_IS
                              or thing[:4] in yes_said):
        return None
    if thing is not None and re.search(r"(?<![\w'])(?:don'?t|do not|dont) ", m.group()) \
            and _NOT_YET.match(sentence, m.end()) is None:
        return None  # (a thing declined outright, "please don't return the lamp after all",
        # is a limit on the yes, ``binding.limits``; one put off is kept apart)
    if ident is not None and (ident in yes_said or not id_like(ident)):
        return None
    if _NAMES_THING.search(yes_said) is None and re.search(r"(?<![\w'])(?:both|all (?:three|four|five|of "
                                                            r"them|of it))(?![\w'])",
                                                            yes_said) is None \
            and not (thing is not None and thing.endswith("'s") and re.search(
                r"(?<![\w'])(?:mine|ours|[a-z]{3,}'s)(?![\w'])", yes_said) is not None):
        return None  # (someone's held, the yes naming its own so: "book mine and Raj's now")
    return thing or ident


def _kept_inside(sentence: str) -> str | None:
    """Where a yes's own sentence keeps one thing out after it (``_kept_apart``): "yes, go ahead
    with those - but leave the seattle one alone for now": the clause that keeps it, or None."""
    m = _NOT_ON_THING.search(sentence)
    if m is None or m.start() == 0 \
            or _kept_apart(sentence[m.start():], sentence[:m.start()]) is None:
        return None
    return sentence[m.start():]


# a count put right after a yes, what it is for said: "oh wait, make it 1 bag instead of 2, then I
# don't have to pay anything", "oh wacht, maak er maar 1 koffer van in plaats van 2"
_COUNT_PUT_RIGHT = re.compile(
    r"(?:(?:oh|ah|ok|okay|but)[,\s]+)?(?:wait|wacht|attends|aspetta|espera|warte)?[,\s]*(?:make it|maak er "
    r"(?:maar )?|mets(?:-en| en)? |metti(?:ne)? |ponle |mach es )\s*\d{1,2} (?:checked )?(?:bags?|suitcases?|"
    r"koffers?|valises?|bagages?|valigie|valigia|maletas?|koffer|gepäckstücke)(?: van)?(?: (?:instead of|in "
    r"plaats van|au lieu de|invece di|en vez de|statt) \d{1,2})?(?:,? (?:then|so|dan|donc|così|así|so dass)"
    r"[^.!?]*)?[.!]*")
# one detail of the proposal put right, the rest as said: "Wait, make the zip 32246, I gave you my
# old zip" (the value is the binding's to check against the call)
DETAIL_PUT_RIGHT = re.compile(
    r"(?:(?:oh|ah|ok|okay|but|sorry)[,\s]+)?(?:wait|actually|oops|one thing)?[,\s]*(?:make|change|"
    r"correct|fix) (?:the |my |that )?(?:zip(?: code)?|postal code|unit|apt|apartment|suite|street "
    r"number|house number|city|state|last name|first name|date of birth|dob|birthday|middle name) "
    r"(?:to |into |say |read )?[\w#-]{1,12}(?:,? (?:i|it|that|this|the)\b[^.!?]{0,60})?[.!]*")
# a traveller's name put right after the yes: "O wacht, hij heet eigenlijk Bram van Leeuwen, met
# 'van', zo staat het in zijn paspoort." (the name is the binding's to check, ``confirm``)
NAME_PUT_RIGHT = re.compile(
    r"(?:(?:oh|o|ah|ok|sorry|oops|och)[,\s]+)?(?:wait|wacht|warte|espera|espere|attendez|aspetta)?[,\s]*"
    r"(?:(?:his|her|their|the) (?:\w+ )?name is|(?:he|she)(?:'s| is) called|(?:hij|zij|ze) heet|"
    r"(?:er|sie) heißt|se llama|(?:il|elle) s'appelle|si chiama|(?:ele|ela) se chama|chama-se)"
    r"(?: eigenlijk| actually| eigentlich| en realidad| en fait| in realtà| na verdade)?\s+"
    r"(?P<name>[a-zà-ÿ'-]+(?: (?:van der|van de|van|de|der|den|von|da|di|del|le|la))? [a-zà-ÿ'-]+)"
    r"(?:[,;]? .*)?")
# what a hold waits for, after its thing: "... until i see that the upgrade went through"
_WAITS_FOR = re.compile(r"\s(?:until|till|once|after)\s.*$")


# what the user does not want to happen to a thing, as a reason: "I don't want his wristwatch
# going to an empty house"
_DONT_WANT_IT_TO = re.compile(r"(?:.{0,120}? and )?i (?:don'?t|do not) want (?:his|her|their|my|the|our|it|"
                              r"them|stuff|things|anything|packages?) ?"
                              r"[a-z -]{0,30}? (?:going|to go|being|sitting|ending up|arriving|"
                              r"to arrive|to end up|lost)(?![\w'])")


def held_topics(text: str) -> list[str]:
    """What the holds of normalised ``text`` are about where they name it first ("the cancel -
    still deciding", "I'll think about Miami"): the phrases, for the yes before them not to
    cover those things."""
    out: list[str] = []
    if _PLACES_ABROAD_CUE.search(text) is not None:
        text = ordinals_in_english(text)  # ("la 2eme attendez": the second)
    if KANA.search(text) or HAN.search(text) or HANGUL.search(text):  # (Chinese, Japanese,
        # Korean: the holding sentences that name an id, as they are, or things, by their
        # English names)
        korean = HANGUL.search(text) is not None and _read_ko is read_for(text)
        kana = not korean and KANA.search(text) is not None
        if not korean:
            text = _chat_stops(text, kana)  # (as ``_read_ja`` and ``_read_han`` read)
        yes_words, not_words, idiom, keep = (
            (_KO_YES, _KO_NOT, _KO_IDIOM, _KO_KEEP) if korean else
            (_JA_YES, _JA_NOT, _JA_IDIOM, _JA_KEEP) if kana else (_HAN_YES, _HAN_NOT, _HAN_IDIOM, None))
        out = []
        cjk_parts = _ko_sentences(text, pauses=True) if korean else _JA_SENTENCE.findall(text) if kana \
            else _han_sentences(text)
        yeses = [bool(yes_words.search(p) or (not kana and not korean and _HAN_GO.search(p)))
                 and not (keep is not None and keep.search(p)) for p in cjk_parts]
        if korean:  # (a thing kept, before or after the yes: "키보드는 그냥 쓸래요. 스피커만 반품할게요.")
            for p in cjk_parts:
                if _KO_KEEP.search(p) is not None:
                    out.extend(f"the {CJK_THINGS[t]}" for t in CJK_THING.findall(p))
        if kana and any(yeses):  # (a thing kept as it is after the yes: who or what it names)
            first_yes = yeses.index(True)
            for p in cjk_parts[first_yes + 1:]:
                if (keeps := _JA_KEEP.search(p)) is not None:
                    # (the clause that keeps the other one: "ジャケットは1枚だけで、もう1枚はそのままで
                    # 大丈夫です", the other jacket kept, not the jacket changed)
                    clause = p[max(p.rfind("、", 0, keeps.start()), p.rfind(",", 0, keeps.start())) + 1:]
                    if _JA_THE_OTHER.match(clause.strip()) is not None:
                        p = clause
                    out.extend(sorted(_latin_names(p)))
                    out.extend(f"the {CJK_THINGS[t]}" for t in CJK_THING.findall(p))
        yes_parts = [p for p, yes in zip(cjk_parts, yeses, strict=True) if yes]
        yes_ids = {i for p in yes_parts for i in _AN_ID.findall(p)}
        yes_names = {n for p in yes_parts for n in _latin_names(p)}
        yes_things = {CJK_THINGS[t] for p in yes_parts for t in CJK_THING.findall(p)}
        seen_yes = False
        for k_part, (p, yes) in enumerate(zip(cjk_parts, yeses, strict=True)):
            rest = idiom.sub("", p)
            if yes:
                seen_yes = True
                continue  # (a yes: no hold)
            if korean and seen_yes and _KO_ASIDE.match(p.strip()) and not _KO_WAIT.search(rest):
                break  # (another matter after the yes: "네 둘 다요. 근데 계정에 저장된 기본 주소도 ...?")
            if (yes_ids and (asked := [i for i in _AN_ID.findall(p) if i not in yes_ids])) or (
                    yes_names and (asked := [f"{n}'s" if re.search(rf"{n}\s*(?:那张|那張|的)", p)
                                             else n for n in sorted(_latin_names(p) - yes_names)])):
                out.extend(asked)  # (another by its id or someone by name, even in a check on
                continue  # it: "シカゴ発のhsr97wは保険が付いてるんですよね？", "liam 那张先等等")
            if yes_things and not_words.search(rest) is not None and k_part > 0 \
                    and not CJK_THING.search(p) and not yeses[k_part - 1] \
                    and (before_apart := [t for t in CJK_THING.findall(cjk_parts[k_part - 1])
                                          if CJK_THINGS[t] not in yes_things]):
                for t in before_apart:  # (the thing said in the sentence before, the hold after
                    out.extend((t, f"the {CJK_THINGS[t]}"))  # it: "荷物は...有料なんですね。
                continue  # それならやめておきます。")
            if yes_things and not_words.search(rest) is not None \
                    and _CJK_CHECK.search(p) is None \
                    and (things_apart := [t for t in CJK_THING.findall(p)
                                          if CJK_THINGS[t] not in yes_things]):
                for t in things_apart:  # (another thing than the yes's, even in a question:
                    out.extend((t, f"the {CJK_THINGS[t]}"))  # "キーボードの方はそれでお願いします。
                continue  # マウスの方なんですけど、PayPalへの返金っていつ頃反映されますか？")
            if places := _nths(p):  # (a step by its place, not in a yes, even a check on it:
                out.extend(f"the {n} one" for n in places)  # "第二台是退我60多块对吧？")
                continue
            if _CJK_CHECK.search(p) or _CJK_WHEN.search(p):
                continue  # (a check on what was said: no hold)
            if not_words.search(rest) is None \
                    and _CJK_THAT.search(p) is None and _CJK_OTHER.search(p) is None:
                continue
            # (what it names: its ids, places and things, as they are for the plan's steps,
            # ``confirm._step_held``, and things by their English names)
            out.extend(_AN_ID.findall(p))
            out.extend(CJK_PLACE.findall(p))
            out.extend(_CJK_CABIN_CHANGE.findall(p))  # (the upgrade, by its word: "升艙先不要")
            out.extend(f"the {n} one" for n in _nths(p))
            out.extend(_latin_names(p))
            for t in CJK_THING.findall(p):
                out.extend((t, f"the {CJK_THINGS[t]}"))
        if "the watch" in out and _CJK_CLOCK_OR_WATCH.search(text) is not None:
            out.append("the clock")  # (時計, 시계: a clock or a watch, "やっぱり時計はそのままで")
        return out
    if " no" in text and "yes" in text:  # "the orders yes, profile no"
        out.extend(m.group(1) for m in _THING_NO.finditer(text))
    if _THING_DECLINED_CUE.search(text):  # ("Sí, esa es. Los pedidos no, gracias":
        for s, _q in sentences(text):  # "pedidos", and "orders")
            if (m := _THING_DECLINED.match(s)) is not None:
                out.append(m.group(1))
                if m.group(1) in _OBJECTS_ABROAD:
                    out.append(_OBJECTS_ABROAD[m.group(1)])
                elif m.group(1) in THINGS_ABROAD:  # ("but the shanta, no": the luggage)
                    out.append(f"the {THINGS_ABROAD[m.group(1)]}")
    if "think" not in text and _TOPIC_CUES.search(text) is None and "..." not in text \
            and "\u2026" not in text and "?" not in text and not _topic_abroad(text) \
            and _PERSON_CUE.search(text) is None and _WAIT_ABROAD_CUE.search(text) is None \
            and _SOMEONE_CUE.search(text) is None and NOT_THAT_YET.search(text) is None \
            and NTH_HELD.search(text) is None:
        return out  # (the common case, decided cheaply: this runs on every write's check)
    aside: str | None = None  # (a thing's name alone: "The headphones... no, never mind")
    read = [(s, q, _sentence_act(s, q)[0]) for s, q in sentences(text)]
    last_yes = max((k for k, (_s, _q, act) in enumerate(read) if act is Act.AFFIRM), default=-1)
    said_yes = " ".join(s for s, _q, act in read[:last_yes + 1] if act is Act.AFFIRM)
    for k, (s, q, act) in enumerate(read):
        if q and act is Act.HOLD and 0 <= last_yes < k and _A_THING.search(said_yes) \
                and _YES_TO_ALL.search(said_yes) is None and _AFTERCARE_Q.match(s) is None:
            # (a question after a yes that names its thing, about a thing it does not name:
            # "Okay, the boots for sure, yes ... Can you even send back a bottle that's been
            # used?")
            out.extend(m.group(1) for m in _ASKED_THING.finditer(s)
                       if m.group(1) not in _WHATEVER_IT_IS and m.group(1) not in _ASKED_ABOUT
                       and m.group(1)[:4] not in said_yes)
        if q and k < last_yes:
            continue  # (a question the turn's own later yes goes past: "HAT172 gets in at
            # midnight? That's pretty late... but fine. Yes, please make the change.")
        if aside is not None and act in (Act.DECLINE, Act.HOLD):
            out.append(aside)
            if " " not in aside and not id_like(aside):
                out.append(f"for {aside}")  # (a trip by its place alone: "boston... hold on
                # that", ``confirm._route_held``)
            out.extend(things_in_english(aside))  # (by its English name: "a bota", the boots)
        aside = s if act is Act.OTHER and (_BARE_THING.fullmatch(s) or id_like(s)
                                           or _one_word_thing(s)
                                           # ("Lo de anular el otro... déjame pensarlo")
                                           or (0 <= last_yes < k and len(s.split()) <= 6
                                               and _TOPIC_PUT_ABROAD.match(s) is not None
                                               and ARTICLE_TOPIC.match(s) is not None)) else None
        if act in (Act.HOLD, Act.DECLINE) and 0 <= last_yes < k and (nth := NTH_HELD.search(s)) is not None:
            out.append(f"the {nth.group(1)} one")  # (a step by its place: "hold off on that last one")
        if act is Act.DECLINE and 0 <= last_yes < k and (other := NOT_THAT_YET.match(s)) is not None:
            out.append(other.group())  # (another action put off: "and don't cancel yet")
        if act is Act.DECLINE and (other := _NOT_THAT_ACTION.fullmatch(s)) is not None:
            out.append(other.group())
        if act is Act.AFFIRM and (inside := _kept_inside(s)) is not None:
            out.append(inside)  # (kept out in the yes's own sentence: "yes, go ahead with
            # those — but leave the seattle one alone for now")
        if act in (Act.DECLINE, Act.HOLD) and 0 <= last_yes < k \
                and (kept := _kept_apart(s, said_yes)) is not None:
            # (one thing kept out: "don't do the watch yet though"; not what it waits for,
            # "hold off on the bags until i see that the upgrade went through"; someone's,
            out.append(_WAITS_FOR.sub("", s))
            if kept.endswith("'s"):  # "liam's", a booking of theirs)
                out.append(kept)
            out.extend(things_in_english(s))  # (by its English name: "bei der matte", the mat)
        if act is Act.DECLINE and (opens := _TOPIC_OPENS.match(_OPENING.sub("", s))) is not None:
            out.append(opens.group().strip(" ,:-"))  # ("But for the items, I changed my mind:
            # ...": the thing put first, declined)
        # (the wait words the next three hold by are a hold, whatever else the sentence reads
        # as: "pour sophie je ne suis plus très sûre, je préfère vérifier son passeport")
        if act is Act.HOLD and 0 <= last_yes < k and OTHER_ONE_HELD.match(s) is not None:
            out.append("the other one")  # (the other one of those offered, held)
            continue
        if act in (Act.HOLD, Act.DECLINE, Act.OTHER) and 0 <= last_yes < k \
                and (by_name := NAME_HELD.match(s)) is not None:
            out.append(by_name.group(1))  # (someone by their name: a booking they fly on)
            continue
        if act in (Act.HOLD, Act.DECLINE) and 0 <= last_yes < k \
                and (someone := SOMEONE_HELD.match(s)) is not None \
                and someone.group(1)[:4] not in said_yes:
            out.append(someone.group(1))  # (someone by name, put first: their entry)
            continue
        if act in (Act.HOLD, Act.DECLINE, Act.OTHER) and 0 <= last_yes < k \
                and (by_place := PLACE_HELD.match(s)) is not None:
            out.append(f"for {by_place.group(1)}")  # (a trip by its place, ``confirm._route_held``)
            continue
        if act in (Act.HOLD, Act.DECLINE, Act.OTHER) and 0 <= last_yes < k \
                and (topic_abroad := _TOPIC_WAITS_ABROAD.match(s)) is not None \
                and _WAIT_ABROAD_CUE.search(topic_abroad.group("rest")) is not None:
            # (a thing put first, then a wait, in the other languages read: "Pour l'adresse du
            # compte, je préfère attendre d'avoir signé le bail": the thing, and in English, its
            # head word last, "for the account address")
            words = [w for w in re.findall(r"[a-zà-ÿ]+", topic_abroad.group("t"))
                     if w not in _TOPIC_LINKS]
            out.append(topic_abroad.group("t"))
            english = [_TOPIC_WORDS_ABROAD.get(w) or THINGS_ABROAD.get(w) for w in words]
            if english and all(english):
                out.append("for the " + " ".join(reversed([e for e in english if e])))
            continue
        if act is Act.HOLD and 0 <= last_yes < k and (held_with := WITH_THING_HELD.match(s)) is not None:
            out.append(s)  # (the one with another thing: the sentence, and the thing in English)
            if held_with.group(1) in THINGS_ABROAD:
                out.append(f"the {THINGS_ABROAD[held_with.group(1)]}")
            continue
        if act in (Act.HOLD, Act.DECLINE) and 0 <= last_yes < k \
                and (person := PERSON_HELD.match(s)) is not None:
            out.append(f"the {person.group(2)}")  # (a relative's, by the word: "the nipote"; not
            continue  # by the thing, which another step may have: "lo zaino di mio nipote")
        if act is not Act.HOLD:
            continue
        if (topic := _TOPIC.match(_OPENING.sub("", s))) is not None:
            out.append(topic.group().strip(" ,:-"))
            if (about := _THINK_ABOUT_RE.match(_OPENING.sub("", s))) is not None:
                out.append(f"for {about.group(1)}")  # (a trip by its place, ``confirm._route_held``)
        elif 0 <= last_yes < k \
                and (topic := ARTICLE_TOPIC.match(s) or _COLON_TOPIC.match(s)) is not None \
                and (_YES_FOR_THING.search(said_yes) or _THING_ABROAD.search(said_yes)
                     or _COLON_YES.search(said_yes) or (_ARTICLE_THING.search(said_yes)
                                                        and topic.group(1)[:4] not in said_yes)):
            out.append(s)  # (another thing put first, the yes said for its own; and the
            out.extend(things_in_english(s))  # thing by its English name)
        elif PLACE_TOPIC.match(s) is not None and 0 <= last_yes < k:
            out.append(s)  # (a trip by its place, after a yes: the sentence, ``PLACE_TOPIC``)
        elif TELL_LATER_SAID.search(s) is not None and 0 <= last_yes < k:
            out.append(s)  # (a part the user will say later whether to do)
        elif _ROUTE_TOPIC.match(s) is not None and 0 <= last_yes < k:
            out.append(s)  # (trips by their routes, after a yes: the sentence, ``ROUTE``)
        elif (other := _THINK_OTHER.match(s)) is not None:
            out.append(other.group().split(" ", 3)[-1])
        elif _AN_ID.search(s) and not (_CONDITION.search(s) and _IMPERATIVE.search(s) and all(
                re.fullmatch("[a-z]{3}[0-9]{3}", i) for i in _AN_ID.findall(s))):
            # ("mais attendez - msj4oa, my friends are on that one, i should ask them first": the
            # sentence, by the id it names; not a conditional go naming the flight it is done
            # with, "cámbialo al hat177 si la diferencia es de menos de 50 dólares")
            out.append(s)
            out.extend(f"#{i}" for i in _AN_ID.findall(s) if i[0] == "w")  # (an order's, "#"
            # left out: "el w5911003 todavía no lo canceles")
        elif q and (more := _ADD_TO.search(s)) is not None:
            out.append(more.group(1))
        elif (nth := _BEFORE_NTH.match(s)) is not None:
            out.append(nth.group(1))
        elif DO_FIRST.match(s) is not None:
            out.append(s)  # (the steps but the one asked for first)
    return out


# a thing named first, then declined: "the orders no, thanks", "los pedidos no, gracias",
# "les commandes non", "die bestellungen nicht" (the thing)
_THING_DECLINED = re.compile(r"(?:(?:but|and|pero|y|mais|et|aber|und|mas|e|ma) )?(?:the|my|los|las|"
                             r"el|la|les|le|os|as|o|a|die|der|das|den|gli|lo|mes|mis|meus|"
                             r"minhas|meine) ([a-zà-ÿ]{3,}(?: [a-zà-ÿ]{3,})?),? (?:no|non|nein|"
                             r"não|nao|nicht|not)(?=$|[,.!;:-])")
# what is left of "no bags and no insurance is right" once the add-ons are taken out
_DETAILS_RIGHT = re.compile(r"(?:(?:no|zero|0) (?:checked |extra )?(?:bags?|baggage|luggage)\s*)?"
                            r"(?:and |& )?(?:(?:is|are|sounds?|looks?|that'?s) )?(?:right|correct|"
                            r"fine|good|ok|okay)")
# (what _THING_DECLINED needs somewhere in a text: one cheap search)
_THING_DECLINED_CUE = re.compile(r"[a-zà-ÿ]{3},? (?:no|non|nein|não|nao|nicht|not)(?=$|[,.!;:-])")
# the objects writes act on, as the other languages read name them
ORDER_NOUNS = ("pedido", "commande", "ordine", "bestellung", "encomenda")
RESERVATION_NOUNS = ("reserva", "réservation", "prenotazione", "buchung", "reservierung")
_OBJECTS_ABROAD = {
    **dict.fromkeys(ORDER_NOUNS, "order"),
    **dict.fromkeys(("pedidos", "commandes", "ordini", "bestellungen", "encomendas"), "orders"),
    **dict.fromkeys(RESERVATION_NOUNS, "reservation"),
    **dict.fromkeys(("reservas", "réservations", "prenotazioni", "buchungen",
                     "reservierungen"), "reservations"),
}
_WHAT_IF = re.compile(r"(?:(?:and|but|so)[\s,]+)?(?:even if|what if|even though|even when)(?![\w'])")
# another action declined outright, said after a yes: "i don't want to cancel anything" (the
# action, by its verb; not after an interruption: "actually, i don't want to cancel anything")
# a step held by its place: "actually no wait, hold off on that last one" (the place)
NTH_HELD = re.compile(r"(?<![\w'])(?:hold off on|wait on|wait with|leave out|skip|don'?t do|forget) "
                      r"(?:that|the) (first|second|third|fourth|last) one(?![\w'])")
# one kept by its day, put first: "hmm the 25th actually keep it for now, might still go" (the
# day; ``binding.limits`` keeps it, a hold after the yes about it holds nothing else)
DAY_THEN_KEPT = re.compile(r"(?:^|[.;!?,]\s*)(?:(?:hmm+|oh|and|but|ok|okay),? )*(the \d{1,2}(?:st|nd|rd|th)"
                           r"(?: one)?),? (?:actually,? |though,? |tho,? )?(?:just |please )?(?:keep|leave)"
                           r" (?:that one|it|that|this one)(?![\w'])")
# another action put off after the yes, by its verb alone: "and don't cancel yet" (the verb)
NOT_THAT_YET = re.compile(r"(?:(?:and|but|so|oh|please|just),? )*(?:don'?t|do not|dont) (cancel|return|"
                          r"exchange|refund|upgrade|book|modify|change|move|switch|send)(?: (?:it|that|"
                          r"anything))? (?:yet|for now|just yet|right now)(?![\w'])")
_ACTION_VERB = re.compile(r"(?<![\w'])(?:cancel|return|exchange|refund|upgrade|book|modify|change|move|"
                          r"switch|send|update|swap|add|go ahead|proceed)(?![\w'])")
_NOT_THAT_ACTION = re.compile(r"(?:and |but |so )?(?:no,? )?(?:i|we) (?:don'?t|do not) (?:want|need) "
                              r"to (cancel|return|exchange|refund|upgrade|book|modify|change)"
                              r"(?: or (?:cancel|return|exchange|refund|upgrade|book|modify|"
                              r"change))? "
                              r"(?:anything|any of (?:it|them)|the (?:whole |entire )?(?:order|"
                              r"reservation|booking))(?: (?:at all|though|either))?"
                              # ("..., we're still going")
                              r"(?:,? (?:we'?re|i'?m|we are|i am) still (?:going|flying|"
                              r"travell?ing|taking (?:it|the trip)))?[.!]*")
# a hold put before one step of a list by its place: "before the second one though - which of
# those is the one leaving boston?" (the step, by its place: ``_step_held``)
_BEFORE_NTH = re.compile(r"(?:(?:but|and|oh|ok|okay)[\s,]+)?(?:before|as for|about) (?:you |we )?"
                         r"(?:(?:do|cancel|change|book|upgrade|modify|return|exchange) )?"
                         r"(the (?:first|second|third|fourth|last) (?:one|order|reservation|"
                         r"booking|trip|step))(?![\w'])")


# a thing a question speaks of ("can you even send back a bottle that's been used?"), and the
# words of a question about the action itself, which name no thing of it
_ASKED_THING = re.compile(r"(?<![\w'])(?:the|my|a|an|that|this) ([a-z]{3,})(?![\w'])")
# one thing or object kept out of the go-ahead, by its name or id: "Don't do the watch yet
# though", "Please wait on the makeup kit, though", "But don't change #W6832752, those boots
# are for my brother" (the thing, or the id)
_NOT_ON_THING = re.compile(
    r"(?:(?:but|and|just|please|so|oh|um|actually|let'?s),? )*(?:(?:don'?t|do not|dont) (?:do|change|touch|"
    r"cancel|"
    r"return|process|exchange|modify|update|send|book)|(?:wait|hold off) on|hold off with|leave) "
    r"(?:(?:the|my) ([a-z]{3,}(?:[ -][a-z]{3,})?(?:'s)?)(?![\w'])|"
    r"(#w\d{5,}|[a-z]{0,4}\d[a-z0-9]{1,5})(?![\w'])|"
    # (someone's, by a name: "Hold off on Liam's for a moment though")
    r"(?!(?:it|that|this|one|his|her|their|everyone|someone)'s)([a-z]{3,}'s)(?![\w]))"
    r"(?! (?:and|or|either)(?![\w']))")
_ASKED_ABOUT = frozenset({"refund", "money", "payment", "price", "total", "amount", "balance",
                          "card", "email", "mail", "cost", "fee", "charge", "difference", "time",
                          "days", "week", "label", "instructions", "status", "same", "way",
                          "best", "cheapest", "most", "least", "new", "old", "confirmation",
                          "number", "app", "website", "receipt", "tracking", "shipping",
                          "delivery", "process", "policy", "rest", "case"})
# (words that name whatever the yes is about: "Yes, cancel it. The order... no, wait")
_WHATEVER_IT_IS = frozenset({"order", "orders", "reservation", "reservations", "booking",
                             "bookings", "trip", "trips", "flight", "flights", "one", "change",
                             "changes", "return", "exchange", "cancellation", "refund", "plan",
                             "item", "items", "rest", "other", "whole", "thing", "same"})
# a yes to every one of them: "send them back, the two of them", "both of them", "all three"
_YES_TO_ALL = re.compile(r"(?<![\w'])(?:both of them|them both|the two of them|all of them|all (?:two|"
                         r"three|four)|each of them)(?![\w'])")
# a question on what happens after, which holds nothing: "Now do I need to find the original box
# for the toothbrush?", "how do I send it back?"
_AFTERCARE_Q = re.compile(r"(?:(?:now|so|and|also|oh|ok|okay)[,\s]+)*(?:do|will|would|should) (?:i|we) "
                          r"(?:need|have|still need) to\b|(?:(?:now|so|and|also)[,\s]+)*how (?:do|will|"
                          r"should) (?:i|we) (?:send|ship|pack|return|get)\b|"
                          # (what comes after: "Also will I get an email about how to send the
                          # sneakers back?", "will there be a label?")
                          r"(?:(?:now|so|and|also|oh|ok|okay)[,\s]+)*(?:will|do|would|should|can) "
                          r"(?:i|we) (?:get|receive|be sent|be emailed)(?: an?| the)? (?:email|e-mail|"
                          r"label|shipping label|confirmation|receipt|instructions|tracking)\b|"
                          r"(?:(?:now|so|and|also|oh|ok|okay)[,\s]+)*(?:will|is) there (?:be )?(?:an?|the) "
                          r"(?:email|e-mail|label|shipping label|confirmation|receipt)\b")
_A_THING = re.compile(r"(?<![\w'])(?:the|my) (?!" + "|".join(sorted(_WHATEVER_IT_IS))
                     + r")[a-z][a-z-]{2,}")
# a thing's name said alone, before what is said of it ("The headphones... no, never mind")
_BARE_THING = re.compile(r"(?:(?:as for|for|and|but|pour|quant à|para|en cuanto a|per|quanto a|für|"
                         r"bei|et|mais|pero|y|ma|e|aber|und) )?(?:(?:the|my|la|le|les|el|los|las|"
                         r"il|lo|gli|die|der|das|den|dem|mon|ma|mes|mi|mis|mio|mia|mein|meine) |l'|"
                         # (Portuguese "a", "o", before a thing the reader knows: "a bota...")
                         r"(?:a|o|as|os) (?=(?:" + "|".join(sorted(THINGS_ABROAD, key=len, reverse=True))
                         + r")(?![\w'])))"
                         r"([a-zà-ÿ]{3,}(?:-[a-z]+)?)"
                         r"(?: [a-z]{3,})?")
# an interruption opening on one object by its id: "Actually hold on, 2FBBAH - is that the one
# where ...?" (the wait is that one's)
_WAIT_ON_ID = re.compile(r"(?:oh |ok |okay )?(?:actually|wait|hold on|hang on)(?:[,\s]+(?:hold on|wait|"
                         r"hang on))?[,\s]+(?:#w\d{5,}|[a-z]{0,4}\d[a-z0-9]{1,5})\s*[-:,–—]")
# a shrug closing a sentence: "... but whatever", "oh well"
# a yes given in, whole: "I suppose so", "I guess that works", "meh, I guess so" (not "I guess?",
# a question, nor "I guess I could", which goes on)
_GIVEN_IN = re.compile(r"(?:(?:hmm+|um+|uh+|well|meh|oh well|ugh)[,.\s]+)*"
                       r"(?:(?:ok|okay|fine|alright)[,.\s]+)?"
                       r"i (?:guess|suppose) (?:so|that(?:'s| is)? (?:works|fine|ok|okay|good|alright)|"
                       r"that will do|it'?s fine)[.!]*")
_RESIGNED = re.compile(r"(?:,?\s*(?:but|oh|and)?\s*(?:whatever|oh well|never mind that))\W*$"
                       # (a gloomy forecast after the yes, no hold: "Something will probably go
                       # wrong anyway, it always does.")
                       r"|^(?:something|it|this|that|they)(?:'ll| will)(?: probably| likely| surely)? "
                       r"(?:go wrong|break|get lost|be late|mess up|screw up|fail)(?: somehow)? anyway"
                       r"(?:,? (?:it|they) always (?:does|do))?\W*$")
# (a wish about the thing held before, by a pronoun: "For the grill, wait, ...? I don't want it
# delayed")
_OF_IT = re.compile(r"(?<![\w'])(?:it|them|that one)(?![\w'])")
# (and kept, after a "no": "The other one, hmm, ... No, keep that one for now.")
_NO_KEEP_IT = re.compile(r"(?:no|nah|nope),? (?:just )?(?:keep|leave) (?:it|them|that one|that)"
                         r"(?![\w'])")
_THINGS_APART = re.compile(r",\s*|\s+(?:and|&|y|et|und|e)\s+")


def _bare_things(sentence: str) -> bool:
    """Whether ``sentence`` only names up to four things (``_BARE_THING``): "the helmet and
    the luggage"."""
    parts = _THINGS_APART.split(sentence)
    return len(parts) <= 4 and all(_BARE_THING.fullmatch(p) for p in parts)


# a yes said of a thing named first: "mouse yes", "the lamp, ok"
_THING_YES = re.compile(r"(?:the |my )?[a-z]{3,}(?: [a-z]+)?,? (?:yes|yeah|yep|ok|okay)(?![\w'])")
# a yes naming its own by "the X one": "cancel the denver one" (then "boston... hold on that")
_THE_THING_ONE_SAID = re.compile(r"(?<![\w'])the [a-z]{3,} one(?![\w'])")
# words said alone that name no thing
_NOT_THINGS = frozenset({"thanks", "okay", "well", "also", "actually", "anyway", "great", "perfect",
                         "cool", "fine", "good", "sure", "right", "awesome", "please", "sorry",
                         "wait", "though", "maybe", "hmmm", "ummm", "yeah", "yess", "nope", "alright",
                         "honestly", "seriously", "really", "thank", "cheers", "wow", "ugh",
                         "oops", "then", "hello", "hey"})


def _one_word_thing(sentence: str) -> bool:
    """A sentence of one word that may be a thing's name ("keyboard"), not a filler."""
    return re.fullmatch(r"[a-z]{4,}", sentence) is not None and sentence not in _NOT_THINGS \
        and sentence not in _WHATEVER_IT_IS


_TAKE_IT = re.compile(r"(?<![\w'])(?:i'?ll|i will|we'?ll|we will) take (?:it|that|this)(?![\w'])")


def _is_choice(sentence: str) -> bool:
    """An affirming sentence whose only go-ahead is picking an option."""
    if _LABEL_PICK.fullmatch(sentence):
        return True
    if _TAKE_IT.search(sentence):  # (what was offered, accepted: "I guess I'll take it")
        return False
    text = _CHOICE.sub(" ", _IDIOMS.sub(" ", sentence))
    return bool(_CHOICE.search(_IDIOMS.sub(" ", sentence))) and not (
        _yes_strong(text) or _IMPERATIVE.search(text) or _EMOJI_YES.search(text))


def _end_of(text: str, parts: list[tuple[str, bool]], index: int) -> int:
    """Where sentence ``index`` of ``text`` ends."""
    pos = 0
    for i, (s, _q) in enumerate(parts):
        found = text.find(s, pos)
        if found < 0:
            return len(text)
        pos = found + len(s)
        if i == index:
            return pos
    return len(text)
