"""Binding: does an affirmed proposal name *this* action and its key argument values?

The proposal is text (the agent's turns before the user's yes, and the user's own words). A call
is bound to it when the text names the kind of action (one of its action words: "cancel", "return"
is not "exchange") and each key argument's value, compared as a value, not as a substring:

- ids and codes on token boundaries, with or without a leading "#" (zip 78784 is not 787840);
- numbers as numbers, with thousands separators and currency signs ($50 is not $150; 1,194 is
  1194.00);
- text values phrase by phrase on word boundaries, underscores read as spaces, street words
  abbreviated alike ("Street" is "St");
- lists element by element, objects field by field;
- an id may also be named by an alias from a fact the proxy saw (an item's name, a card's last
  four digits), never from the model's own claims.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from .dialogue import DAY_THEN_KEPT, HAN, HANGUL
from .paths import MISSING, at

# Verbs a tool name starts with -> stems that name that kind of action in a proposal, in the
# languages the dialogue reader reads (English, Spanish, French, German, Portuguese, Italian,
# Dutch, Chinese, Japanese, Korean):
# an agent answers in the user's language, and "¿Confirma la devolución?" proposes a return.
VERB_WORDS: dict[str, tuple[str, ...]] = {
    "cancel": ("cancel", "anul", "annul", "storn", "取消", "キャンセル", "取り消", "annuleer", "취소"),
    "modify": ("modif", "chang", "updat", "replac", "swap", "switch", "edit", "cambi", "änder",
               "ander", "actualiz", "atualiz", "alter", "remplac", "ersetz", "sostitu", "修改",
               "更改", "更换", "更換", "改为", "改為", "wijzig", "vervang", "変更", "交換", "변경",
               "수정", "교환", "바꾸", "바꿔", "바꿀"),
    "update": ("updat", "chang", "modif", "upgrad", "downgrad", "switch", "add", "replac", "swap",
               "mov", "rebook", "reschedul", "put you on", "put me on", "corrected", "correction",
               "remplac", "ersetz", "sostitu", "cambi",
               "änder", "ander", "actualiz", "atualiz", "alter", "ajout", "agreg", "añad",
               "anad", "hinzufüg", "hinzufug", "füg", "adicion", "aggiung", "修改", "更改", "更新",
               "添加", "增加", "升级", "升級", "wijzig", "toevoeg", "変更", "追加", "변경", "수정",
               "추가", "업그레이드", "다운그레이드", "바꾸", "바꿔", "바꿀", "업데이트"),
    "exchange": ("exchang", "swap", "replac", "cambi", "échang", "echang", "troc", "tausch",
                 "umtausch", "sostitu", "remplac", "换货", "換貨", "更换", "更換", "调换", "調換",
                 "ruil", "omruil", "vervang", "交換", "교환"),
    "return": ("return", "refund", "devol", "reembols", "rembours", "retour", "rückgab",
               "ruckgab", "rücksend", "rimbors", "restitu", "renvo", "退货", "退貨", "退回",
               "terugstu", "terugbetal", "返品", "返却", "返金", "반품", "환불"),
    "book": ("book", "reserv", "réserv", "resérv", "purchas", "buch", "prenot", "预订", "預訂",
             "订票", "訂票", "boek", "予約", "예약", "订位", "訂位", "订机票", "訂機票"),
    "send": ("send", "issu", "envi", "envoy", "schick", "sende", "invi", "发送", "發送", "发放",
             "發放", "stuur", "送付", "お送り", "発行", "발송", "보내", "발급"),
    "refund": ("refund", "reembols", "rembours", "rimbors", "erstatt", "退款", "환불"),
    "charge": ("charg", "cobr", "factur", "belast", "addebit"),
    "adjust": ("adjust", "ajust", "anpass", "aggiust"),
    "create": ("creat", "crea", "créer", "créez", "créé", "créa", "open", "set up", "schedul", "erstell"),
    "delete": ("delet", "remov", "elimin", "supprim", "lösch", "losch"),
}


def default_action_words(tool: str) -> tuple[str, ...]:
    verb = tool.split("_", 1)[0]
    return VERB_WORDS.get(verb, (verb,))


@dataclass(frozen=True, slots=True)
class KeySpec:
    name: str
    optional: bool  # need not be named, but a different value of its form must not be
    choices: tuple[str, ...] = ()  # the schema's enum: naming another choice is a conflict


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """What a proposal must name for one tool: an action word, and these key arguments."""

    tool: str
    words: tuple[str, ...]
    keys: tuple[KeySpec, ...]

    @classmethod
    def build(cls, tool: str, keys: tuple[str, ...] | None, words: tuple[str, ...] | None,
              arguments: dict[str, Any] | None = None,
              schema: dict[str, Any] | None = None) -> ActionSpec:
        names = keys if keys is not None else tuple(arguments or ())
        props = (schema or {}).get("properties", {})

        def choices(name: str) -> tuple[str, ...]:
            enum = props.get(name, {}).get("enum") if isinstance(props.get(name), dict) else None
            return tuple(str(e) for e in enum) if isinstance(enum, list) else ()

        return cls(tool, tuple(w.lower() for w in words) if words else default_action_words(tool),
                   tuple(KeySpec(k.rstrip("?"), k.endswith("?"), choices(k.rstrip("?")))
                         for k in names))


_WORD_CACHE: dict[tuple[str, ...], re.Pattern[str]] = {}


def action_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """The action words as one pattern (stems: "cancel" matches "cancelling"), cached."""
    pattern = _WORD_CACHE.get(words)
    if pattern is None:
        pattern = _WORD_CACHE[words] = re.compile(
            r"(?<![a-z])(?:" + "|".join(re.escape(w) for w in words) + r")")
    return pattern


@functools.lru_cache(maxsize=1024)  # (the same proposal is asked about for every check)
def names_action(text: str, words: tuple[str, ...]) -> str | None:
    """The action word the text uses, if any (words are stems: "cancel" matches "cancelling")."""
    m = action_pattern(words).search(text)
    return m.group() if m else None


# ---- values -----------------------------------------------------------------------------------

_STREET = {
    "street": "st", "avenue": "ave", "av": "ave", "road": "rd", "drive": "dr", "lane": "ln",
    "boulevard": "blvd", "suite": "ste", "apartment": "apt", "court": "ct", "place": "pl",
    "terrace": "ter", "parkway": "pkwy", "highway": "hwy", "square": "sq", "circle": "cir",
    "north": "n", "south": "s", "east": "e", "west": "w", "unit": "unit", "floor": "fl",
    "number": "no", "trail": "trl", "way": "way",
}
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def phrase_tokens(text: str) -> list[str]:
    return [_STREET.get(t, t) for t in _TOKEN.findall(text.lower().replace("_", " "))]


# (a Chinese character beside it is no part of it: "托运3件" names 3)
_NUMBER = re.compile(r"(?<![0-9A-Za-zÀ-ÿ_.])[$€£¥]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
                     r"(?![0-9A-Za-zÀ-ÿ_])")
# a sum of money: a currency sign before the number, or a currency word or code after it
_MONEY = re.compile(
    r"(?:(?:[$€£¥]|\b(?:usd|eur|gbp)\s)\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w]|[.,]\d)|"
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?(?:(?:dollars?|euros?|pounds?|usd|eur|gbp)\b|"
    # (not a sign that is the next sum's: "Mastercard 9363 $621")
    r"[$€£¥](?!\s?\d)))",
    re.IGNORECASE)
# the same written with a decimal comma, as several languages write it ("153,23 $",
# "$1.917,21")
_COMMA_CENTS = re.compile(r"\d,\d\d(?!\d)")
_GROUPS = re.compile(r"[. \u00a0\u202f]")  # (thousands separators: "1.917,21", "1 057,24")
_MONEY_COMMA = re.compile(
    r"(?:[$€£¥]\s?(\d{1,3}(?:[. \u00a0\u202f]\d{3})+|\d+),(\d{2})(?![\d])|"
    r"(?<![\w.,])(\d{1,3}(?:[. \u00a0\u202f]\d{3})+|\d+),(\d{2})\s?(?:(?:dollars?|euros?|usd|"
    r"eur|gbp)\b|[$€£¥](?!\s?\d)))", re.IGNORECASE)
_SMALL = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a single": 1,
          "single": 1, "a couple of": 2, "both": 2, "no": 0, "none": 0}
_SMALL_RE = re.compile(r"(?<![a-z])(" + "|".join(sorted(_SMALL, key=len, reverse=True)) +
                       r")(?![a-z])")

# Chinese numerals before a measure word: "两件行李" (two bags), "三位乘客" (three passengers)
HAN_DIGITS = {"一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9, "十": 10}
_HAN_COUNT = re.compile(r"([一二两兩三四五六七八九十])\s*(?:件|个|個|位|张|張|箱|份)")


@dataclass
class Text:
    """A proposal's text with its indexes, built once and reused for every value looked up."""

    plain: str
    _numbers: set[Decimal] | None = None
    _tokens: str | None = None
    _kept: Text | None = field(default=None, compare=False, repr=False)
    _ids: list[str] | None = field(default=None, compare=False, repr=False)

    def numbers(self) -> set[Decimal]:
        if self._numbers is None:
            found: set[Decimal] = set()
            # (a date's parts are no numbers: "1978-04-22" names no count of 4; nor is a list
            # line's number: "1. Replace HAT152 ...")
            bare = _LIST_MARK.sub(" ", _NUMERIC_DATE.sub(" ", self.plain))
            found.update(n for whole, frac in _NUMBER.findall(bare)
                         if (n := decimal_of(whole, frac)) is not None)
            for word in _SMALL_RE.findall(self.plain):
                found.add(Decimal(_SMALL[word]))
            for word in _HAN_COUNT.findall(self.plain):
                found.add(Decimal(HAN_DIGITS[word]))
            self._numbers = found
        return self._numbers

    def tokens(self) -> str:
        """The text as space-joined normalised tokens, padded for whole-token search."""
        if self._tokens is None:
            self._tokens = " " + " ".join(phrase_tokens(self.plain)) + " "
        return self._tokens

    def kept(self) -> Text:
        """The text without what it says stays out of the action (``kept_out``)."""
        if self._kept is None:
            self._kept = Text(kept_out(self.plain))
        return self._kept

    def ids(self) -> list[str]:
        """The tokens shaped like ids (letters and at least one digit, "#" left off,
        upper-cased), in the order the text has them."""
        if self._ids is None:
            self._ids = [t.lstrip("#").upper() for t in _ID_TOKEN.findall(self.plain)]
        return self._ids


_LIST_MARK = re.compile(r"(?m)^[^\S\n]*(?:[-*][^\S\n]*)?\d{1,2}[.)][^\S\n]")
_NUMERIC_DATE = re.compile(r"(?<![\w.-])\d{4}-\d{1,2}-\d{1,2}(?![\w.-])|"
                           r"(?<![\w./-])\d{1,2}/\d{1,2}/\d{2,4}(?![\w./-])")
_ID_TOKEN = re.compile(r"(?<![a-z0-9_#])#?(?=[a-z]{0,15}\d)[a-z0-9]{4,16}(?![0-9a-z_])")


# Numbers spelled in words in the other languages read ("aggiungo due bagagli", "ein Zertifikat
# über fünfzig Dollar, also hundert Dollar insgesamt", "trois cents dollars"): read by text2num
# in the language the text's little words say it is in, only where a number word of those
# languages is there (English's small ones are ``_SMALL``'s).
_SPELLED_ABROAD = re.compile(
    r"(?<![\w'])(?:deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze|vingt|trente|quarante|"
    r"cinquante|soixante|cents?|mille|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|"
    r"\w*(?:zig|ßig|hundert|tausend)\w*|due|tre|quattro|cinque|sette|otto|nove|dieci|venti|trenta|"
    r"quaranta|cinquanta|sessanta|settanta|ottanta|novanta|cento|\w+cento|dos|tres|cuatro|cinco|seis|"
    r"siete|ocho|nueve|diez|veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|"
    r"ciento|\w+cientos|dois|duas|três|oito|dez|vinte|trinta|quarenta|sessenta|oitenta|cem|"
    r"\w+centos|twee|drie|vijf|zes|zeven|negen|tien|twaalf|twintig|dertig|veertig|vijftig|honderd|"
    r"duizend)(?![\w'])")
# each language's little words, to tell which it is ("dos" is two in Spanish and "of the" in
# Portuguese)
_LANGUAGE_WORDS = {
    "fr": frozenset({"le", "la", "les", "des", "du", "vous", "votre", "vos", "est", "et", "pour",
                     "avec", "sur", "je", "une", "que", "pas", "au", "aux", "ce", "un", "par",
                     "soit", "mais", "sont"}),
    "de": frozenset({"der", "die", "das", "und", "sie", "ihre", "ihr", "ist", "mit", "für", "auf",
                     "ich", "nicht", "ein", "eine", "zu", "den", "dem"}),
    "it": frozenset({"il", "lo", "gli", "della", "di", "che", "è", "per", "con", "sul", "sulla", "non",
                     "una", "alla", "ho", "sono", "le"}),
    "es": frozenset({"el", "los", "las", "del", "que", "por", "para", "con", "su", "usted", "es",
                     "una", "y", "en", "lo", "al"}),
    "pt": frozenset({"o", "os", "as", "do", "da", "dos", "das", "para", "com", "seu", "sua", "você",
                     "não", "em", "um", "uma", "no", "na"}),
    "nl": frozenset({"de", "het", "een", "van", "en", "voor", "met", "op", "uw", "niet", "is", "ik", "u"}),
}


def spelled_numbers(text: str) -> frozenset[Decimal]:
    """The numbers normalised ``text`` spells in words in the other languages read, as
    numbers (none where it has no such word: the usual case, decided by one search)."""
    if _SPELLED_ABROAD.search(text) is None:
        return frozenset()
    return _spelled_numbers(text)


@functools.lru_cache(maxsize=1024)  # (a proposal is read for each of a call's values)
def _spelled_numbers(text: str) -> frozenset[Decimal]:
    from text_to_num import alpha2digit

    words = re.findall(r"[a-zà-ÿß]+", text)
    scores = {lang: sum(w in little for w in words) for lang, little in _LANGUAGE_WORDS.items()}
    lang = max(scores, key=lambda k: scores[k])
    if scores[lang] < 2:
        return frozenset()
    try:
        read = alpha2digit(text, lang, threshold=0)
    except Exception:  # (a reader's fault is no number: the value stays unnamed)
        return frozenset()
    before = Text(text).numbers()
    return frozenset(n for n in Text(read).numbers() if n not in before)


def _as_number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            return Decimal(str(value))
        except InvalidOperation:
            return None
    return None


def amounts(text: str) -> set[Decimal]:
    """The sums of money ``text`` states ("$374", "€ 12.50", "USD 90", "1,047 dollars"), as
    numbers."""
    found = {n for a, b, c, d in _MONEY.findall(text)
             if (n := decimal_of(a or c, _thousands(b or d))) is not None}
    if "," in text and _COMMA_CENTS.search(text):
        found.update(Decimal(_GROUPS.sub("", a or c) + "." + (b or d))
                     for a, b, c, d in _MONEY_COMMA.findall(text))
    return found


def _thousands(fraction: str) -> str:
    """A sum's fraction of three digits is its thousands, as several languages write them
    ("$2.613", "$23.553"): no sum of money has three decimals."""
    return fraction[1:] if len(fraction) == 4 else fraction


def decimal_of(whole: str, fraction: str | None) -> Decimal | None:
    """A number as found in text: its whole part (thousands separators kept) and fraction."""
    try:
        return Decimal(whole.replace(",", "") + (fraction or ""))
    except InvalidOperation:
        return None


_ID_SHAPE = re.compile(r"\d")
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
# the months in the other languages read (French, Spanish, Portuguese, Italian, German, Dutch),
# said after the day: "le 27 mai 2024", "el 3 de junio", "am 5. Juli"
_MONTHS_ABROAD = ("janvier|enero|janeiro|gennaio|januar|jänner|januari",
                  "février|fevrier|febrero|fevereiro|febbraio|februar|februari",
                  "mars|marzo|março|marco|märz|maerz|maart",
                  "avril|abril|aprile|april",
                  "mai|mayo|maio|maggio|mei",
                  "juin|junio|junho|giugno|juni",
                  "juillet|julio|julho|luglio|juli",
                  "août|aout|agosto|augustus",
                  "septembre|septiembre|setembro|settembre",
                  "octobre|octubre|outubro|ottobre|oktober",
                  "novembre|noviembre|novembro",
                  "décembre|decembre|diciembre|dezembro|dicembre|dezember")


def _date_named(text: Text, year: str, month: int, day: int) -> bool:
    """An ISO date named as 2024-05-21, May 21(st), 21 May, 5/21 or 05/21."""
    return _date_pattern(year, month, day).search(text.plain) is not None


@functools.lru_cache(maxsize=1024)
def _date_pattern(year: str, month: int, day: int) -> re.Pattern[str]:
    name, short = _MONTHS[month - 1], _MONTHS[month - 1][:3]
    return re.compile(
        rf"(?<![\w-]){year}-{month:02d}-{day:02d}(?!\w)|(?<![a-z])(?:{name}|{short})\.? "
        rf"{day}(?:st|nd|rd|th)?(?!\d)|(?<!\d){day}(?:st|nd|rd|th)? (?:of )?(?:{name}|"
        rf"{short})(?![a-z])|(?<![\d/]){month}/{day}(?![\d])|(?<![\d/])0{month}/{day:02d}"
        rf"(?![\d])|"
        # (day first, as most languages write it, with its year: "06.06.1970", "25/05/2024")
        rf"(?<![\d./]){day:02d}[./]{month:02d}[./](?:{year}|{year[2:]})(?![\d])|"
        rf"(?<![\d./]){day}[./]{month}[./]{year}(?![\d])|"
        # (in Chinese, Japanese and Korean: "5月30日", "5월 30일")
        rf"(?<!\d){month}月{day}日|(?<!\d){month}월 ?{day}일|"
        # (in the other languages read, after the day: "le 27 mai", "el 3 de junio", "5. Juli")
        rf"(?<![\d.]){day}(?:er|º|°)?\.?\s+(?:de\s+)?(?:{_MONTHS_ABROAD[month - 1]})(?![a-zà-ÿ])"
        # (and without its year where the day cannot be a month: "HAT023 (26/05)")
        + (rf"|(?<![\d./]){day:02d}[./]{month:02d}(?![\d]|[./]\d)" if day > 12 else ""))


# any date in a text, in the forms ``_date_pattern`` reads
_ANY_DATE = re.compile(
    r"(?<![\w-])\d{4}-\d{2}-\d{2}(?!\w)|(?<![a-z])(?:" + "|".join(
        f"{m}|{m[:3]}" for m in _MONTHS) + r")\.? \d{1,2}(?:st|nd|rd|th)?(?!\d)|"
    r"(?<!\d)\d{1,2}月\d{1,2}日|(?<!\d)\d{1,2}월 ?\d{1,2}일|"
    r"(?<![\d.])\d{1,2}(?:er|º|°)?\.?\s+(?:de\s+)?(?:" + "|".join(_MONTHS_ABROAD) + r")(?![a-zà-ÿ])")
# (an arrow ends the clause where another flight follows it, "HAT152 → HAT266", not a route's
# "JFK -> SEA")
_FLIGHT_CLAUSE_END = re.compile(r"[;!?()（）；！？。]|\n\s*・|\.(?!\d)|\s-\s|"
                                r"\s?(?:→|->|=>|>)\s?(?=[a-z]{2,3}\d)|"
                                r"(?<![\w'])(?:and|then|return|outbound|inbound)(?![\w'])|"
                                # (a line headed by another date: "* may 23: hat190 ..., hat047
                                # ...\n* may 26: hat021 ...")
                                r"\n\s*(?:[*•-]\s*)?(?:[a-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?|"
                                r"\d{4}-\d{2}-\d{2})\s*:")


# (and in the other languages read: "van 2 naar 4 koffers", "de 2 a 4 maletas", "von 2 auf 4")
_COUNT_MOVE = r"(\d+)\s*(?:→|->|=>|to|naar|a|à|auf|para|até|al)\s*(\d+)"


@functools.lru_cache(maxsize=64)
def _count_moves(stem: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z]){stem}[a-z]*[^.;!?\d]{{0,30}}?(?<![\d.]){_COUNT_MOVE}(?![\d.])|"
                      rf"(?<![\d.]){_COUNT_MOVE}(?![\d.])\s*(?:\w+\s+){{0,2}}{stem}")


def count_set(text: Text, key: str) -> int | None:
    """The count ``text`` moves the key's thing to ("Checked bags: 0 → 1", "from 1 to 2 bags"
    for ``total_baggages``): its new count, where the text moves it once; else None."""
    noun = key.rsplit(".", 1)[-1].rsplit("_", 1)[-1]
    if len(noun) < 3 or not any(c.isdigit() for c in text.plain):
        return None
    found = {int(m.group(2) or m.group(4)) for m in _count_moves(noun[:3]).finditer(text.plain)}
    return found.pop() if len(found) == 1 else None


_ASIDE = re.compile(r"^\s*\(([^()]{0,40})\)")
_AFTER_CODE = re.compile(r"^\s*(?:[(:,–—]|-(?!>))\s*")


def _date_form(date: str) -> re.Pattern[str] | None:
    """How a text names an ISO date (``_date_pattern``), or None for anything else."""
    iso = _DATE.match(date)
    return None if iso is None else _date_pattern(iso.group(1), int(iso.group(2)),
                                                  int(iso.group(3)))


def other_date(text: Text, code: str, date: str) -> str | None:
    """A date ``text`` gives flight ``code`` that is not ``date`` ("HAT266 on May 19", the call
    flying it on 2024-05-23): the clause after each mention of the code names a date, none of
    them this one."""
    own = _date_form(date)
    if own is None:
        return None
    other = None
    for m in _id_pattern(code).finditer(text.plain):
        rest = text.plain[m.end():m.end() + 80]
        # what follows the code itself ("Maria Lopez (1990-03-02)", "Ivan Taylor - 1975-09-25",
        # "HAT069: May 20")
        aside = _ASIDE.match(rest)
        if aside is not None and not _ANY_DATE.search(aside.group(1)):
            # (a route or a time in brackets, "HAT233 (CLT to LGA) on May 27": the date follows)
            rest = rest[aside.end():]
        else:
            rest = _AFTER_CODE.sub("", rest, count=1)
        stop = _FLIGHT_CLAUSE_END.search(rest)
        clause = rest[:stop.start()] if stop else rest
        if own.search(clause):
            return None
        found = _ANY_DATE.search(clause)
        if found is None:
            return None  # (a mention without a date: a plan's other object may be meant)
        other = found.group()
    return other


def date_before(text: Text, code: str, date: str) -> str | None:
    """A date ``text`` puts just before flight ``code`` ("Moving both flights to May 18 (HAT130
    and HAT184)", the call flying HAT130 on May 19) where it never names ``date`` at all."""
    own = _date_form(date)
    if own is None:
        return None
    for m in _id_pattern(code).finditer(text.plain):
        # (the date heading the flight's line: "* may 23: hat190 iah -> las, hat047 ...")
        line = text.plain[text.plain.rfind("\n", 0, m.start()) + 1:m.start()]
        heading = _LINE_DATE.match(line)
        if heading is not None and not own.search(heading.group(1)) \
                and ":" not in line[heading.end():]:
            return heading.group(1)
    if own.search(text.plain):
        return None
    for m in _id_pattern(code).finditer(text.plain):
        before = re.split(r"[.;!?]\s|\n", text.plain[max(0, m.start() - 60):m.start()])[-1]
        # (not a date of another year: a passenger's birth, "Mohamed Silva (1960-11-26) - JFK
        # to SFO, HAT023 (26/05)")
        found = [d for d in _ANY_DATE.finditer(before)
                 if not (d.group()[:4].isdigit() and d.group()[:4] != date[:4])]
        if found and not _range_holds(found[-1].group(), before[found[-1].end():], date):
            return found[-1].group()
    return None


# a line headed by a date: "* May 23: HAT190 IAH -> LAS" (the date)
_LINE_DATE = re.compile(r"\s*(?:[*•-]\s*)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? "
                        r"\d{1,2}(?:st|nd|rd|th)?|\d{4}-\d{2}-\d{2})\s*:")
# a date range's end said by its day alone: "May 28-30", "May 28 to 30"; or a round trip's two
# days said at once: "May 28 & 30", "May 28 and 30"
_RANGE_END = re.compile(r"\s*(?:-|–|—|to|through|thru|&|and)\s*(\d{1,2})(?:st|nd|rd|th)?(?!\d)")


def _range_holds(start: str, after: str, date: str) -> bool:
    """Whether the date ``start`` and the text right after it are a range ending on ``date``
    ("May 28-30" holds May 30: a round trip's dates said at once)."""
    iso, end = _DATE.match(date), _RANGE_END.match(after)
    if iso is None or end is None or int(end.group(1)) != int(iso.group(3)):
        return False
    month = int(iso.group(2))
    return start[:3] == _MONTHS[month - 1][:3] or start[4:7] == f"-{month:02d}"


def _item_pattern(item: str) -> re.Pattern[str]:
    """How a text names an item: a date in any of its forms, anything else as an id."""
    return _date_form(item) or _id_pattern(item)


@functools.lru_cache(maxsize=4096)  # (bounded: every id and code any session names passes)
def _id_pattern(value: str) -> re.Pattern[str]:
    # (an id's underscores said as spaces: "gift card 6847880" for gift_card_6847880)
    body = re.escape(value.strip().lower().lstrip("#")).replace("_", "[_ ]")
    return re.compile(r"(?<![a-z0-9])#?" + body + r"(?![a-z0-9])")


def named(text: Text, value: Any, aliases: Any) -> bool:
    """Whether ``text`` names ``value`` (see the module docstring). ``aliases``: id -> the
    names that may stand for it (anything with ``get``)."""
    if isinstance(value, list):
        return all(named(text, v, aliases) for v in value)
    if isinstance(value, dict):
        return all(named(text, v, aliases) for v in value.values() if v not in ("", None))
    number = _as_number(value)
    if number is not None:
        return number in text.numbers() or number in spelled_numbers(text.plain)
    if value is None or isinstance(value, bool):
        return True  # not something a proposal spells out
    s = str(value).strip()
    if not s:
        return True
    date = _DATE.match(s)
    if date:
        return _date_named(text, date.group(1), int(date.group(2)), int(date.group(3)))
    if _ID_SHAPE.search(s) and " " not in s:
        if _id_pattern(s).search(text.plain):
            return True
    else:
        form = _phrase_form(s)
        if form and form in text.tokens():
            return True
    if any(word in text.plain and _translated_at(text.plain, word)
           for word in _TRANSLATED.get(s.lower(), ())):
        return True
    if (kind := kind_of(s)) is not None and any(
            _CJK_NOT_USED.search(text.plain, max(0, i - 4), i) is None
            for word in KIND_TRANSLATED.get(kind, ()) for i in _places(text.plain, word)):
        return True  # (a kind of method said in Chinese or Japanese: "用礼品卡付"; not "别用信用卡")
    return any(_alias_named(text, alias) for alias in aliases.get(s, ()))


# a word of degree before an adjective: "la opción más económica" is the cheapest, no cabin
_DEGREE_BEFORE = re.compile(r"(?:más|mas|mais|plus|più|meno|menos|moins|muy|très|molto|bien|bem|"
                            r"muito|tan|tão|assez|bastante|pi[uù]) $")


def _translated_at(text: str, word: str) -> bool:
    """Whether ``text`` says ``word`` (a choice's name in another language) somewhere as the
    choice, not as an adjective of degree ("la opción más económica", the cheapest)."""
    return any(_DEGREE_BEFORE.search(text, max(0, i - 10), i) is None for i in _places(text, word))


# a choice's name in the other languages the reader reads, where the tokens above cannot see it
# (accents, Chinese): a cabin said in the customer's language
_TRANSLATED = {
    "economy": ("économique", "économie", "económica", "econômica", "economica", "wirtschaftsklasse",
                "经济舱", "經濟艙", "エコノミー", "이코노미", "일반석"),
    # ("Classe : économique → affaires")
    "business": ("classe affaires", "affaires", "classe affari", "clase business", "negocios", "executiva",
                 "ejecutiva", "商务舱",
                 "商務艙",
                 "公务舱", "公務艙", "ビジネス", "비즈니스"),
    "basic_economy": ("économique de base", "économie de base", "économie basique", "éco basique",
                      "económica básica",
                      "econômica básica", "economica di base", "基本经济舱", "基础经济舱",
                      "基本經濟艙", "基礎經濟艙",
                      "économique basique", "económica básica", "basic economy",
                      "ベーシックエコノミー", "ベーシック・エコノミー", "베이직 이코노미", "베이직이코노미",
                      "기본 이코노미", "기본이코노미"),
    # (a cancellation's reasons)
    "ordered by mistake": ("por error", "por engano", "por equívoco", "par erreur", "per errore",
                           "per sbaglio", "aus versehen", "versehentlich", "per ongeluk",
                           "per vergissing",
                           # (in Korean, Japanese and Chinese: "실수로 주문함", "間違えて注文", "下错单")
                           "실수로 주문", "잘못 주문", "間違えて注文", "誤って注文", "誤注文", "下错单",
                           "下錯單", "买错", "買錯", "误购", "誤購"),
    "no longer needed": ("ya no lo necesit", "ya no la necesit", "ya no los necesit",
                         "ya no las necesit", "ya no se necesit", "ya no es necesari",
                         "não preciso mais", "nao preciso mais", "não é mais necessári",
                         "plus besoin", "plus nécessaire", "non serve più", "non mi serve più",
                         "non più necessari", "nicht mehr benötigt", "nicht mehr gebraucht",
                         "niet meer nodig",
                         # (European Portuguese: "já não é necessário", "já não preciso delas")
                         "já não é necessári", "já não preciso", "já não são necessári",
                         "ja nao e necessari", "ja nao preciso", "brauche ich nicht mehr",
                         "n'en ai plus besoin", "不再需要", "もう必要ない", "もう要らない", "필요 없",
                         "不要になった", "不要になりました", "要らなくなった", "いらなくなった",
                         "不需要了", "用不上了", "더 이상 필요"),
}


# a kind of payment method in Chinese and Japanese, where the tokens cannot see it
KIND_TRANSLATED = {"gift_card": ("礼品卡", "禮品卡", "ギフトカード", "기프트카드", "기프트 카드", "상품권"),
                    "credit_card": ("信用卡", "クレジットカード", "クレカ", "신용카드", "신용 카드"),
                    "paypal": ("贝宝", "ペイパル", "페이팔"), "certificate": ("旅行券", "代金券", "바우처")}
_CJK_NOT_USED = re.compile("(?:别|別|不要|不用)(?:用|走)?\\s*$")


def _places(text: str, word: str) -> Iterator[int]:
    """Where ``word`` starts in ``text``, each time."""
    i = text.find(word)
    while i >= 0:
        yield i
        i = text.find(word, i + 1)


def said_translated(text: Text, value: str, cjk: bool = False) -> bool:
    """Whether ``text`` names the choice ``value`` in one of the other languages read (not
    only inside another choice's name: "經濟艙" in "基本經濟艙" names basic economy); ``cjk``:
    in Chinese, Japanese or Korean only."""
    words = tuple(w for w in _TRANSLATED.get(value.lower(), ()) if not cjk or (not w.isascii()
                  and _LATIN_WORD.search(w) is None))
    if not any(word in text.plain for word in words):
        return False
    plain = text.plain
    for w in _CONTAINING.get(value.lower(), ()):
        if w in plain:
            plain = plain.replace(w, " ")
    return any(word in plain and _translated_at(plain, word) for word in words)


_LATIN_WORD = re.compile("[a-zà-ÿ]")
# per choice, the other choices' names that hold one of its own ("基本經濟艙" holds "經濟艙")
_CONTAINING = {value: tuple(w for other, ws in _TRANSLATED.items() if other != value for w in ws
                            if any(mine in w and mine != w for mine in own))
               for value, own in _TRANSLATED.items()}


def _alias_named(text: Text, alias: str) -> bool:
    form = _phrase_form(alias)
    return bool(form) and form in text.tokens()


@functools.lru_cache(maxsize=4096)  # (bounded: the values and names calls hold)
def _phrase_form(value: str) -> str:
    """A value's tokens as ``Text.tokens`` spells them, padded for a whole-token search; ""
    where it has none."""
    toks = phrase_tokens(value)
    return " " + " ".join(toks) + " " if toks else ""


def _shape(value: str) -> re.Pattern[str] | None:
    """Values of the same form (``#W6390527`` -> ``#?w\\d{7}``), for ids with 3+ digits."""
    text = value.strip().lower().lstrip("#")
    if not re.search(r"\d{3,}", text) or " " in text:
        return None
    body = re.sub(r"\\d\{(\d+)\}", r"\\d{\1}",
                  re.sub(r"\d+", lambda m: "\\d{" + str(len(m.group())) + "}", re.escape(text)))
    return re.compile(r"(?<![a-z0-9_])#?" + body + r"(?![0-9])")


def other_value(text: Text, value: Any) -> str | None:
    """Another value of the same form that ``text`` names (another order id, another card)."""
    if not isinstance(value, str):
        return None
    shape = _shape(value)
    if shape is None:
        return None
    own = value.strip().lower().lstrip("#")
    for m in shape.finditer(text.plain):
        if m.group().lstrip("#") != own:
            return m.group()
    return None


_FAMILY = re.compile(r"^[a-z]+(?:_[a-z]+)*_\d+$")


def family_members(names: dict[str, set[str]], value: str) -> list[str]:
    """The ids of ``value``'s family among ``names``' keys: payment methods like
    ``credit_card_1``, ``paypal_2``, ``gift_card_3`` are one family (words, then digits)."""
    if not _FAMILY.match(value):
        return []
    return [k for k in names if k != value and _FAMILY.match(k)]


def other_alias(text: Text, own: set[str], siblings: list[tuple[str, set[str]]]) -> str | None:
    """A name of another object of the value's family (``credit_card_1`` / ``paypal_2``) that
    ``text`` uses, among ``siblings`` (id, the names that fit it alone), while the value's own
    names are ``own``: the card ending 7334 is not the card ending 5018."""
    for _other, names in siblings:
        for alias in names - own:
            if (" " in alias.strip() or len(alias) >= 4) and _alias_named(text, alias):
                return str(alias)
    return None


# Kinds of payment method, as ids name them (``gift_card_0000001``): a proposal that names one
# of these kinds does not cover a call paying with another kind, even where the session's facts
# hold no method of the kind named (the agent offered a gift card the user does not have).
PAYMENT_KINDS = ("gift_card", "credit_card", "debit_card", "paypal", "certificate",
                 "bank_account", "store_credit", "voucher")


# every kind of action's words: a text naming one of them proposes some action
ALL_ACTION_WORDS: tuple[str, ...] = tuple(sorted({w for ws in VERB_WORDS.values() for w in ws}))


def kind_of(value: str) -> str | None:
    """The kind of a family id: ``gift_card_0000001`` -> ``gift_card``."""
    return value.rsplit("_", 1)[0] if _FAMILY.match(value) else None


# (a point or comma before a digit is a number's: "$89.00", "$1,200")
_CLAUSES = re.compile(r"[;!?()\n]|[.,](?!\d)|\s-\s|\b(?:but|although|though|however)\b")
_NEGATED = re.compile(r"(?<![\w'])(?:not|never|no(?! (?:seu|meu|cartão|cartao|[a-z]+_[a-z_]*\d))|"
                      # (Portuguese "no" is "on the": "Cobrança de $59 no gift_card_6276644")
                      r"nothing|none|neither|nor|instead of|"
                      r"rather than|unless|except|other than|without)(?![\w'])|n't\b|\bcannot\b")


def offered(text: Text) -> Text:
    """``text`` without its negated clauses: what it offers, not what it rules out ("refunds go
    to the original method, not to a gift card"; "a certificate can't be used for this")."""
    # (what comes before "instead of" is offered: "charged to your Visa instead of PayPal")
    kept = [c for c in (_INSTEAD_OF.sub(" ", c) for c in _CLAUSES.split(text.plain))
            if not _NEGATED.search(c)]
    return Text(" , ".join(kept))


# what a clause puts something in place of, to the clause's end
_INSTEAD_OF = re.compile(r"(?<![\w'])(?:instead of|rather than)(?![\w']).*")


# Words that put a payment method to use (what is only mentioned, "your gift card has $2", is
# no offer); a report of the past ("you originally paid with your Visa") is left out before.
_PAY_CUE = (r"(?:pay|paying|paid|payment|charg\w*|refund\w*|use|using|via|cover\w*|bill\w*|method|"
            r"put (?:it |that |this |the \w+ )?on|go(?:es)? (?:on|to|back to)|credited to|"
            # ("oh actually put it back on paypal")
            r"put (?:it |that |this |them |the \w+ )?back (?:on|to|onto)|"
            # ("coloca no vale-presente", read "coloca em gift card"; "ponlo en la tarjeta")
            r"(?:coloca|coloque|põe|ponha|pon|ponga|ponlo|póngalo|metti|mettilo|metta) (?:o |a |lo |"
            r"la |el |il |isso |eso )?(?:em|en|na|no|sulla|sul|su)|"
            # ("I'd like it on my Mastercard rather than PayPal")
            r"(?:i'?d (?:like|prefer)|i would (?:like|prefer)|i want|i prefer) (?:it|that|this|"
            r"the \w+) (?:on|to|back to|onto)|"
            r"debited from|"
            r"\d+(?:\.\d\d)? on|"  # ("Total: $161 on gift card ending in 6319")
            # ("charge the $71.96 price difference to your gift card")
            r"difference (?:to|on|from)|"
            # ("switch order #W1 from your Visa ending 6791 to PayPal", "To: PayPal")
            r"from(?: [^.,;:!?\n]{1,50}?)? to|to:|new (?:payment|method)\w*:?|"
            # (and in the other languages: "pagamento da carta regalo gift_card_1711656 a PayPal")
            r"(?:pagamento|pago|paiement|zahlung)\w* (?:da|dalla|dal|de|du|von) [^.,;:!?\n]{1,50}? "
            r"(?:a|à|al|alla|para|pra|zu|auf)|"
            r"(?:switch\w*|chang\w*|mov\w*) (?:it |this |that |the payment |your payment |"
            r"the order |your order )?to|"
            # the other languages read ("reembolso ... a su Visa", "remboursement sur votre
            # carte", "rimborso sulla Visa", "reembolso no seu cartão", "Erstattung auf Ihre")
            r"reembols\w*|rembours\w*|rimbors\w*|erstatt\w*|pago|pagar|paiement|payé|pagamento|"
            # (Dutch: "Terugbetaling naar: cadeaukaart", "teruggestort op uw Visa")
            r"terugbetal\w*|teruggestort|terugstort\w*|"
            r"pague|paguen|p[aá]g(?:alo|ala|uelo|uela)|"
            # ("que la plata me quede en la tarjeta de regalo")
            r"(?:la plata|el dinero|el reembolso|la devolución) (?:me )?"
            r"(?:quede|vaya|vuelva|llegue)|"  # ("sim, mas pague com o cartão-oferta",
            # "Dale, pero pagalo con la gift card")
            r"cargo|cargue|cárguelo|carguen|cargar|"  # ("el cargo sea a la Mastercard")
            r"pode ser em|"  # ("pode ser no gift card", its "no" read "em")
            r"zahlung|cobr\w*|cóbr\w*|addebit\w*|débit\w*|sur votre|sur la|sur (?:ma|mon)|en su|a su|con su|"
            r"no seu|"
            r"na sua|sulla|sul|auf ihre?|mit ihrer|"
            # ("Ja, aber bitte auf die Geschenkkarte, nicht auf die Mastercard.")
            r"auf (?:die|meine|meinen|mein|das|den)(?= )|"
            # ("Oui, mais prenez plutôt ma carte Visa", "prendi la carta")
            r"(?:prenez|prends|prenons|prenda|prendi) (?:plutôt |piuttosto )?(?:ma|mon|la|le|votre|"
            r"la mia|il mio)(?= )|"
            # (the user's own: "bezahlen Sie bitte mit meiner Geschenkkarte", "con mi tarjeta")
            r"bezahl\w*|mit (?:meiner|meinem|der|dem)|"
            # ("Kosten: 100 $ von Ihrer Geschenkkarte")
            r"von (?:ihrer|ihrem|meiner|meinem|der|dem)|"
            # ("rechnen Sie die Differenz aber über meine Geschenkkarte ab")
            r"über (?:meine|meiner|meinen|mein|die|das|den)|abbuch\w*|belast\w*|"
            r"con (?:mi|la mia|il mio)|avec (?:ma|mon)|"
            # (use it, in the other languages read: "usa também o vale-presente de 90")
            # (not the country after an address: "..., TX 77098, USA")
            r"usa(?: também| tambem| también| anche)? (?:o|a|la|el|il|lo|mi|meu|minha|su|sua)(?=\s)|"
            r"use também|utiliza|utilice|usate|utilisez|utilise|verwenden sie|nutzen sie|gebruik|"
            r"com (?:o meu|a minha|meu|minha)|met (?:mijn|de))")
# ... in Chinese, with no spaces to end a word ("退至您的 Visa 信用卡")
_PAY_CUE_HAN = r"(?:退至|退到|退回|退还|退還|退款|支付|付款|扣款|使用|用|返金|払い戻し|支払)"
# ("you paid with your Visa" reports; "paid with certificate_7504069" in a summary is the plan)
_REPORTED = re.compile(r"(?<![\w'])(?:originally|previously|already|was|were|had|(?:you|i|we) "
                       r"(?:paid|used)|did|"
                       # (an order's line: "$989.70 (paid with gift card)"; not "Price
                       # difference: $244, paid with certificate_7504069")
                       r"(?<=\()paid (?:with|by|using|via)|"
                       # (and in the other languages read: "Bestelling #W1 is geleverd en betaald
                       # met uw Visa"; not what will be paid, "wordt betaald met")
                       r"(?<!wordt )(?<!worden )(?<!zal )betaald met|(?:fue|fueron|estaba) pagad[oa]s? con|"
                       r"(?:a été|était) payée?s? (?:avec|par)|(?:è stato|è stata|era) pagat[oa] con|"
                       r"(?:wurde|war) (?:mit [^.;\n]{0,30} )?bezahlt|(?:foi|era) pag[oa] com)(?![\w'])")
# (a list's number has a digit or two: "... ending in 6646. " ends a sentence, not a step)
_SENTENCES = re.compile(r"[.!?;\n]+\s|\n|\s-\s|\s\d{1,2}[.)]\s|\s\(\d+\)\s")
# the stems of every kind of action, but the payment's own (charge, refund, pay): a sentence
# naming another action speaks of that action's payment
_ACTION_STEMS = tuple(sorted({w for k, ws in VERB_WORDS.items() if k not in ("charge", "refund")
                              for w in ws} - {"refund", "reembols", "rembours", "rimbors", "返金"}))


# words an action's stem starts that name things, not the act ("reservation" is no booking,
# "address" and "additional" no adding)
NOUNS = re.compile(r"(?<![a-z])(?:reservations?|address(?:es)?|additional(?:ly)?|"
                   # (the summary put right, no update of its own: "here are the updated details")
                   r"(?:updated|changed|revised|modified) (?:details|summary|plan|version|list|"
                   r"information|info|breakdown|quote|total|terms)|"
                   # (a house move: "with all the moving costs, i'd like the cheapest one")
                   r"moving (?:costs?|expenses?|day|truck|boxes|company|house)|"
                   # (things with "book" in their name are no booking: "Bookshelf (metal, brown)")
                   r"book(?:shel(?:f|ves)|cases?|ends?|lets?|marks?|stands?)|"
                   # (nor an option's: "Dumbbell Set (30-50 lbs, iron, adjustable)")
                   r"adjustable)(?![a-z])")


_MONEY_SENT = re.compile(r"(?<![a-z])(?:send|sent|sending|issue|issuing)(?: back)? (?:the |my |"
                         r"that |this |any )?(?:refund|difference|money|balance|remaining)")


def payment_text(text: Text, words: tuple[str, ...]) -> Text:
    """What ``text`` says of this action's payment: its sentences about this action (one that
    names no action belongs with the one before: "1. exchange the boots - use your gift card"),
    not those about another ("the return is done; the refund will go to your Visa"), nor reports
    of the past ("you originally paid with your Visa"), nor negated clauses."""
    others = tuple(w for w in _ACTION_STEMS if w not in words)
    kept, ours = [], True
    for sentence in _SENTENCES.split(text.plain):
        # ("reservation: no6jo3" is no booking; "send the refund to my Mastercard" no sending)
        said = NOUNS.sub(" ", _MONEY_SENT.sub(" refund ", sentence))
        mine = names_action(said, words) is not None
        theirs = names_action(said, others) is not None
        if mine or theirs:
            ours = mine
        if ours and not _REPORTED.search(sentence):
            kept.append(sentence)
    return offered(Text(" . ".join(kept)))


def other_payment(text: Text, value: Any, own: set[str], siblings: list[tuple[str, set[str]]],
                  kinds: tuple[str, ...] = PAYMENT_KINDS) -> str | None:
    """Another payment method ``text`` (``payment_text``'s) puts to use, after a cue: a sibling
    by a name that fits it alone (the card ending 5018), or another kind (``other_kind``)."""
    if not isinstance(value, str):
        return None
    for _other, names in siblings:
        for alias in names - own:
            if (" " in alias.strip() or len(alias) >= 4) and _cued(text, alias):
                return str(alias)
    return other_kind(text, value, kinds)


# the payment cues of a Korean turn: "환불 수단:", "결제", "청구" (refund method, payment, charge)
_PAY_CUE_KO = r"(?:환불 ?수단|결제 ?수단|환불|결제|청구|지불)"


# the method a payment's change leaves, as a label: "current payment method: gift card ...",
# "metodo di pagamento attuale: ...", "aktuelle zahlungsmethode: ..." (to the line's end)
_METHOD_NOW = re.compile(r"(?<![\w'])(?:(?:current|existing|old|previous|present|aktuelle|bisherige|alte) "
                         r"(?:payment )?(?:method|zahlungs(?:methode|art|mittel))|(?:metodo di "
                         r"pagamento|mode de paiement|moyen de paiement|método de pago|forma de "
                         r"pago|forma de pagamento|método de pagamento|meio de pagamento) "
                         r"(?:attuale|actuel|actuelle|actual|atual|anterior|precedente)|"
                         # (Korean: "기존 결제: 기프트카드 ...", the payment as it was)
                         r"(?:기존|현재|이전) ?결제(?: ?수단)?)\s*:"
                         r"[^\n;]*")


@functools.lru_cache(maxsize=1024)  # (one text is searched for each method and each phrase)
def _cue_plain(plain: str) -> str:
    """A text as ``_cued`` searches it: ids' underscores as spaces, and what a change of method
    leaves cut ("Current payment method: gift card ...", "Metodo di pagamento attuale: ...")."""
    plain = plain.replace("_", " ")
    return _METHOD_NOW.sub(" ", plain) if _METHOD_NOW.search(plain) is not None else plain


def _cued(text: Text, phrase: str) -> bool:
    """``phrase`` in ``text`` after a payment cue, in the same clause."""
    said = phrase.strip().lower().replace("_", " ")
    if not said:
        return False
    plain = _cue_plain(text.plain)
    if re.search(rf"(?<![\w']){_PAY_CUE}(?![\w'])(?:[^.,;!?]|[.,](?=\d)){{0,40}}"
                 rf"(?<![\w']){re.escape(said)}(?![\w'])", plain) is not None:
        return True
    if HANGUL.search(plain) and re.search(rf"{_PAY_CUE_KO}[^.。,;!?\n]{{0,24}}?(?<![\w']){re.escape(said)}"
                                           rf"(?![a-z0-9])", plain) is not None:
        return True  # (in Korean: "환불 수단: 기프트카드 gift_card_3434432", "→ Mastercard")
    if HANGUL.search(plain) and re.search(rf"(?<![\w']){re.escape(said)}\s?(?:으로|로)\s?"
                                           rf"(?:해|결제(?!된|한|했)|환불|반품|교환|받|바꿔|변경|부탁|진행|처리|청구)",
                                           plain) is not None:
        return True  # (the method with its "to": "기프트카드로 반품해 주세요", "visa로 받을게요")
    if HAN.search(plain) and (re.search(rf"{_PAY_CUE_HAN}[^。，,;！？!?]{{0,12}}?"
                                         rf"{re.escape(said)}(?![a-z0-9])", plain) is not None
                               # (the card said after a comma: "差价退到另一张卡上，visa那张")
                               or re.search(rf"{_PAY_CUE_HAN}[^。;！？!?]{{0,12}}?[，,]\s*"
                                            rf"{re.escape(said)}(?:那张|那个|的)", plain)
                               is not None):
        return True
    if HAN.search(plain) and re.search(rf"(?:由|用|从|從)\s*[^。，,;！？!?\n]{{0,6}}?(?<![\w'])"
                                       rf"{re.escape(said)}(?![a-z0-9])[^。，,;！？!?\n]{{0,24}}?"
                                       rf"(?:支付|付款|扣款|扣除|来付|來付)", plain) is not None:
        return True  # (in Chinese, the cue after the method: "由礼品卡 gift_card_4471309（余额 $260）
        # 支付")
    if HAN.search(plain) and re.search(rf"(?<![\w']){re.escape(said)}(?![a-z0-9])[^。、\n]{{0,24}}?"
                                       rf"(?:(?:へ|に|で)(?:の)?(?:ご)?(?:返金|払い戻|お支払|支払|請求|決済)|"
                                       rf"(?:の(?:ほう|方))?でお願い)",
                                       plain) is not None:
        return True  # (in Japanese, the cue after the method: "差額 $15.76 は PayPal（paypal_8879986）
        # へ返金", "ギフトカードでお支払い")
    # (a card's last digits said after a comma: "send the refund to my other gift card, the
    # one ending in 6646")
    return said.isdigit() and re.search(
        rf"(?<![\w']){_PAY_CUE}(?![\w'])[^.;!?]{{0,60}}?(?:ending(?: in)?|final|terminad[ao] "
        rf"(?:en|em)|(?:se )?terminant par|endend auf|che termina(?: con| in)?) "
        rf"{re.escape(said)}(?!\d)",
        plain) is not None


def cued_method(text: Text, value: str, siblings: list[tuple[str, set[str]]]) -> str | None:
    """Another method, by its own id, that ``text`` puts to use after a cue ("Cobrança de $59
    no gift_card_6276644"), where it puts ``value`` to no use so: that id, or None."""
    if _cued(text, value):
        return None
    return next((other for other, _names in siblings if _cued(text, other)), None)


def other_kind(text: Text, value: Any, kinds: tuple[str, ...] = PAYMENT_KINDS) -> str | None:
    """Another kind of ``value``'s family (a payment method's) that ``text`` offers as the way
    to pay (after a cue: "use your gift card", "refund to your PayPal", "Payment method: gift
    card"; negated clauses left out) while it does not name the value's own kind: "use your
    gift card" for a call paying with PayPal; "send you a travel certificate" is no payment."""
    own = kind_of(value) if isinstance(value, str) else None
    if own is None or own not in kinds:
        return None
    text = offered(text)
    others = [k for k in kinds if k != own and _cued(text, k)]
    if not others:
        return None
    # the text left once the other kinds are taken out may still speak of this one by its
    # head noun: "your gift card is short; the rest on your card on file?" (a credit card)
    rest = text.tokens()
    for kind in kinds:
        if kind != own:
            rest = rest.replace(" " + " ".join(phrase_tokens(kind)) + " ", " | ")
    if f" {phrase_tokens(own)[-1]} " in rest:
        return None
    return others[0].replace("_", " ")


_MOST = {"smallest": "min", "lowest": "min", "least": "min", "largest": "max",
         "highest": "max", "biggest": "max", "most": "max"}
_KINDS_SAID = "|".join(k.replace("_", " ") for k in PAYMENT_KINDS)
_MOST_SAID = "|".join(_MOST)
_BY_BALANCE = re.compile(
    rf"(?<![a-z])({_KINDS_SAID})s?\b[^.?!\n]{{0,20}}?\b(?:with|that has|having) (?:the )?"
    rf"({_MOST_SAID}) (?:remaining |available )?(?:balance|amount|value|funds)"
    rf"|(?<![a-z])({_MOST_SAID})[- ](?:balance|value) ({_KINDS_SAID})")


def picked_by_balance(text: Text) -> tuple[str, str] | None:
    """A payment method chosen by its balance ("the gift card with the smallest balance"): its
    kind (``gift_card``) and ``min`` or ``max``; the last such choice in ``text``."""
    found = None
    for m in _BY_BALANCE.finditer(text.plain):
        before, after = text.plain[max(0, m.start() - 16):m.start()], text.plain[m.end():]
        if _NEGATED.search(before) or _QUALIFIED.match(after):
            found = None  # "not the one with the smallest balance"; "... that still covers it"
            continue
        kind, most = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        found = (kind.replace(" ", "_"), _MOST[most])
    return found


_QUALIFIED = re.compile(r"\s*(?:that (?:can|could|will|would|has|have|is|covers?|still)|which|"
                        r"with enough|enough|sufficient|able to|to cover|as long as|if)\b")


# what is said of one item ends at its sentence's end or a blank line (not at a list's
# dashes or line breaks: "- Flight: HAT072\n  - Cabin: Business")
_CLAUSE_END = re.compile(r"[.!?](?:\s|$)|\n\s*\n")
ALL_WORDS = r"(?<![a-z])(?:all|both|every|entire|whole)(?![a-z])"  # said of every item
_FOR_ALL = re.compile(ALL_WORDS + r"[^.;!?]{0,40}\bVALUE\b|\bVALUE\b[^.;!?]{0,40}" + ALL_WORDS)
# a choice said of an item's state now, not of what it becomes ("currently economy"), or ruled
# out ("business is sold out")
_STATE_NOW = r"(?:currently|current|presently|now|from|existing|was|originally|booked in)"
_UNAVAILABLE = re.compile(r"sold out|unavailable|not available|no (?:seats?|availability)|full")


def _value_marked(value: str, text: Text) -> str:
    """``text``'s tokens with ``value``'s (as a phrase) replaced by the word VALUE."""
    own = " " + " ".join(phrase_tokens(value)) + " "
    return text.tokens().replace(own, " VALUE ")


_BUSINESS_DAYS = re.compile(r"(?<![\w'])business (?:days?|hours?)(?![\w'])")


def mixed_choice(text: Text, items: list[str], value: Any, choices: tuple[str, ...],
                 now: Any = None) -> str | None:
    """Where ``text`` gives the call's items different choices of one setting ("HAT286 in
    business, HAT047 in economy") while the call sets ``value`` for all of them: the item and
    the other choice, as words. Each item's choice is the one named after it, before the next
    item; an item with none or several named says nothing; an item said to stay unchanged
    keeps ``now`` (the setting as the facts hold it), where that is known."""
    # an id the call's items share (two flights on one date) tells none of them apart
    items = [item for item in items if items.count(item) == 1]
    if not choices or not isinstance(value, str) or len(items) < 2:
        return None
    if _FOR_ALL.search(_value_marked(value, text)) or _APPLIES_TO_ALL.search(text.plain):
        return None  # "business for all flights"; "a cabin change applies to every flight"
    found = sorted((m.start(), m.end(), item) for item in items
                   for m in _item_pattern(item).finditer(text.plain))
    said: dict[str, set[str]] = {}
    for n, (_start, end, item) in enumerate(found):
        stop = found[n + 1][0] if n + 1 < len(found) else len(text.plain)
        rest = text.plain[end:min(stop, end + 120)]
        cut = _CLAUSE_END.search(rest)  # what is said of this item: up to its clause's end
        whole = rest[:cut.start()] if cut else rest
        clauses = _CLAUSES.split(whole)
        part = " , ".join(c for c in clauses
                          if not _NEGATED.search(c) and not _UNAVAILABLE.search(c))
        part = _BUSINESS_DAYS.sub(" ", part)  # ("refunded to your Visa within 5 to 7 business
        # days": no cabin)
        named_here = {c for c in choices if _becomes(part, c)}
        if len(named_here) == 1:
            said.setdefault(item, set()).update(named_here)
        elif not named_here and _UNCHANGED.search(whole):  # "HAT278: no change"
            said.setdefault(item, set()).add(now if now in choices else UNCHANGED)
    if not any(c == {value} for c in said.values()):
        return None
    for item, chosen in said.items():
        if len(chosen) == 1 and value not in chosen:
            other = next(iter(chosen))
            return f"{item} {other}" if other == UNCHANGED else \
                f"{item} in {other.replace('_', ' ')}"
    return None


UNCHANGED = "unchanged"
_UNCHANGED = re.compile(r"\b(?:no change|unchanged|not changed|(?:stays?|remains?|is kept|kept) "
                        r"(?:as it is|as is|the same|unchanged)|as before)\b")
# the setting stated as the whole object's: no item can differ
_APPLIES_TO_ALL = re.compile(
    r"\b(?:cabin|class|change|upgrade|downgrade)s?\b[^.!?]{0,30}\b(?:appl(?:y|ies)|has to be the "
    r"same|must be the same|is the same) (?:to|on|for|across) (?:all|every|each|both|the "
    r"(?:whole|entire))\b")


def _becomes(part: str, choice: str) -> bool:
    """``choice`` named in ``part`` other than as the item's present state."""
    said = " ".join(phrase_tokens(choice))
    tokens = " " + " ".join(phrase_tokens(part)) + " "
    for m in re.finditer(rf"(?<= ){re.escape(said)}(?= )", tokens):
        if not re.search(rf"{_STATE_NOW} (?:in |cabin |class )?$", tokens[:m.start()]):
            return True
    return False


def other_choice(text: Text, value: Any, choices: tuple[str, ...]) -> str | None:
    """Another of the schema's choices that ``text`` names (a reason, a cabin)."""
    if not choices or not isinstance(value, str):
        return None
    for choice in choices:
        if choice != value and (_alias_named(text, choice) or (
                choice in _TRANSLATED and not said_translated(text, value)
                and said_translated(text, choice))):
            return choice  # (in the other languages read too, where the call's own is not
            # said in them: "Lo cancelaría con el motivo \"pedido por error\"")
    return None


# values_at(arguments, key): the value at a key path (``flights.*.flight_number`` is the list
# of flight numbers); ``ABSENT`` where there is none
values_at = at


ABSENT = MISSING


def excerpt(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---- what the user's yes leaves out --------------------------------------------------------
# "Yes, but not the lamp", "everything except the speaker", "without the lamp please", "all but
# the lamp", "skip the lamp", "leave out the lamp", "not to my Visa", "pero sin la lámpara",
# "mais pas la lampe": the phrase after the marker, up to the end of its clause, names what the
# yes does not cover (when it names a value of the call). The phrase after "not" must start
# with a determiner ("not the lamp", "not on my visa") or be a short name ending its clause
# ("but not Ivan."), so "not just the lamp", "not before Friday", "not sure about the lamp" and
# "not a problem" leave nothing out.
_DETERMINER = r"(?:the|my|this|that|those|these|its|any|el|la|los|las|mi|mis|le|les|mon|ma|mes|l'|il|lo|gli)"
_LEAVES_OUT = re.compile(
    # (not a question turned round: "can you not cancel them anyway?", "why not")
    # (nor a verb said not to happen: "Joanna might not make it")
    r"(?<![\w'])(?:(?<!you )(?<!why )(?<!might )(?<!may )(?<!could )(?<!would )"
    r"not(?!\s+(?:just|only|merely|simply|even|also|too|yet|sure|"
    r"really|quite|necessarily|before|after|until|till|now|later|earlier)\b)"
    r"(?=\s+(?:(?:to|on|onto|with|via|using|for|from|in)\s+)?" + _DETERMINER + r"\b"
    # or a name of up to three words ending the clause: "but not Ivan.", "not HAT130, only"
    r"|\s+(?:for\s+)?(?:[\w']+\s+){0,2}[\w']+\s*(?:[,.;!?)]|$|\s-\s|\s(?:but|and|please)\b))"
    r"|except(?:\s+for)?|excluding|exclude|apart from|other than|save for|aside from|minus"
    r"|with the exception of|without|skip(?:ping)?|leav(?:e|ing) (?:out|off|aside)"
    # (an add-on said not wanted: "Yes to all. No bags please")
    r"|(?<![\w'-])no(?=\s+(?:extra |checked |additional )?(?:bags?|baggage|luggage)\s+please)"
    # ("actually leave the gift card out, rest on visa")
    r"|leav(?:e|ing)(?=\s+" + _DETERMINER + r"\s[^,.;:!?]{1,40}?\s(?:out|off)(?![\w']))"
    r"|(?<!n't )(?<!not )(?<!never )(?:scratch|scrap|drop|nix|ditch|forget(?:\s+about)?)(?=\s+"
    + _DETERMINER + r"\b)"
    r"|(?:don'?t|do not|no need to) (?:return|cancel|exchange|include|change|modify|refund|"
    r"upgrade|book|touch|charge|use)"
    # (not a "but" that opens a request: "go ahead with both but put the upgrade on the visa")
    r"|(?:all|everything|every\w*|both|them|those|each)\s+but(?!\s+(?:please\s+)?(?:put|charge|use|make|"
    r"pay|bill|send|refund|move|switch|change|do|add|keep|could|can|would|will|i|we|first|then|"
    r"also|just|only)(?![\w']))"
    # "hold off on #W8642391 for now", "do the return but hold the exchange" (not "hold on,
    # let me check": what is held is named)
    r"|hold(?:\s+off)?(?:\s+on)?(?=\s+(?:" + _DETERMINER + r"\b|#?[a-z]{0,3}\d))"
    # (a place or a name alone, before "for now": "Hold off on Miami for now")
    r"|hold\s+off\s+on(?=\s+(?!it\b|that\b|this\b|them\b|everything\b|anything\b)[a-z]+\s+for now\b)"
    # (not "menos de 50 dólares", less than 50)
    # (nor "except that", a detail put right: "Sauf que Léa est née le 4 mars 2012, pas le 3")
    r"|sin|menos(?! de \$?\d| que \$?\d)|excepto(?! que)|salvo(?! que)|pero no|sauf(?! que| qu')|sans|"
    r"mais pas|"
    r"pas (?:la|le|les|mon|ma|mes))"
    r"(?![\w'])")
# "keep the lamp", "leave the lamp (out)", "the lamp stays", "the lamp I'm keeping" (of the
# items an action would take or change: not said of a card, "keep my Visa as the refund
# method" names it), unless negated or past before ("I don't want to keep the lamp either",
# "I was going to keep the lamp but it broke", "I tried to keep the speaker working")
_KEEPS = re.compile(r"(?<![\w'])(?:keep(?:ing)?|leav(?:e|ing)|hold(?:ing)? (?:off on|back)|"
                    r"hang(?:ing)? on to|hold(?:ing)? on to|stick(?:ing)? with|"
                    # (what is still wanted, against the rest: "just get rid of the dumbbells
                    # ... but I do want the lamp and the clock")
                    r"i do (?:want|need)|(?<=but )i still (?:want|need))\s+"
                    # (or an order's number: "leave 2022128 alone", "keep #W2022128"; or a
                    # reservation's code: "leave H8Q05L as it is")
                    r"(?=" + _DETERMINER + r"\b|#?[a-z]{0,2}\d{5,}\b|(?=[a-z0-9]{6}\b)[a-z]*\d[a-z0-9]*\b)")
_KEEP_NEGATED = re.compile(r"(?:n't|not|no need to|never|nor|going to|planned to|meant to|"
                           r"tried to|try to|trying to|wanted to|thought about)\b[\w ']{0,20}$")
_KEPT_AFTER = re.compile(r"(?:^|[,.;:!?]\s*|(?<![\w'])(?:but|and|yes|ok|okay)\s+)"
                         # (not a level it stays at: "the gift card just stays at $60 then
                         # right?")
                         r"(" + _DETERMINER + r"\s[^,.;:!?]{1,60}?)\s+(?:(?:stays|remains)"
                         r"(?! at(?![\w']))|i'?m "
                         r"keeping|i'?ll keep|i will keep|i want to keep|i'?d like to keep|"
                         # (the thing first, then held on to: "the the charger actually I'll hang
                         # on to it")
                         r"(?:actually |though )?i'?ll (?:hang|hold) on to (?:it|that|them)|"
                         r"i would like to keep|can stay|should stay|"
                         # (in the other languages read: "la carte-cadeau je la garde pour ma fille",
                         # "la tarjeta de regalo me la quedo")
                         r"je (?:le |la |les )?(?:garde|conserve)|(?:me )?(?:lo|la|los|las) (?:guardo|quedo)|"
                         r"(?:lo|la|li|le) tengo|behalte ich|"
                         # (as said by a learner: "the bottle i keep like it is")
                         r"i keep(?= (?:like|as) (?:it|they) (?:is|are|was)))(?![\w'])")
# "just the speaker and the bottle", "only return the speaker", "the speaker and the bottle
# only": what the yes is limited to
_ONLY = re.compile(r"(?<![\w'])(?<!not )(?:(?:only|just|solo|solamente|seulement|uniquement|soltanto)\s+"
                   r"(?:(?:return|exchange|cancel|refund|modify|change|upgrade|book|process|"
                   r"include|send|do|swap|replace)\s+)?"
                   # ("yes, just on the order please", "solo en el pedido")
                   r"(?:(?:on|in|for|en|para|sur|dans|pour)\s+)?(?=" + _DETERMINER + r"\b)"
                   # (and with the articles of the other languages read: "Devolva só os
                   # auscultadores", "nur die Kopfhörer", "alleen de koptelefoon")
                   r"|(?:só|somente|apenas)\s+(?=(?:o|a|os|as)\b)|nur\s+(?=(?:die|der|das|den|dem)\b)"
                   r"|alleen\s+(?=(?:de|het)\b))")
# (a condition on one thing of the plan, what it rules out that thing's: "as long as the kettle
# refund goes back to PayPal and not the card"; whether the proposal meets it is the check's)
_IN_CONDITION_OF = re.compile(r"(?<![\w'])(?:as long as|provided(?: that)?|only if) (?:the|my) "
                              r"[a-z]{3,}[^,.;:!?]{0,50}$")
# (not inside the condition of an if: "yes, if removing just the kettle isn't possible, please
# cancel that whole order")
_IN_IF = re.compile(r"(?<![\w'])(?:if|unless|whether)\s[^,.;:!?]{0,30}$")
_ONLY_AFTER = re.compile(r"(?:^|[,.;:!?]\s*|(?<![\w'])(?:yes|ok|okay)\s+)"
                         r"(" + _DETERMINER + r"\s[^,.;:!?]{1,80}?)\s+only"
                         r"(?=\s*(?:[,.;:!?]|$|please|thanks?|thank you))")
# a phrase goes on through "and the ..." (a list) and stops at a clause's end, another clause
# ("and return the speaker", "but", "so") or a go-ahead ("please", "proceed")
_PHRASE_END = re.compile(
    r"[.,;:!?()\n]|\s-\s|(?<![\w'])(?:but|so|then|because|since|though|tho|although|however|please|until|"
    r"actually|"
    r"till|unless|"
    r"proceed|go ahead|thanks?|thank you|instead|i|i'm|im|i'll|i'd|you|we|it|it's|whose|which|"
    # (a run-on turn without stops: "not the watch im using the watch ok he says ... just the
    # cancel")
    r"who|he|she|they|he's|she's|ok|okay|sorry|just|only|pero|mais)(?![\w'])"
    r"|(?<![\w'])and\s+(?!(?:the|my|this|that|those|these|its|also)\b)")
# "yes for the order", "yes please for lamp": a yes said of one thing (not "yes to both", "yes
# for 1 and 2": the plan's numbers are the binding's)
_YES_FOR = re.compile(r"(?:^|[.;!?,]\s*)(?:yes|yeah|yep|yup|ok|okay|sure)(?:,?\s+please)?,?\s+"
                      r"(?:for|to)\s+(?!(?:both|all|everything|them|it|that|this|those|these|each|"
                      r"every|the (?:first|second|third|last|rest)|[1-9]|one|two|three)(?![\w']))")
# a yes said of an order or of the profile, after its verb: "yes, change it on the order",
# "sí, cámbiala en el pedido", "oui, changez-la sur la commande", "ja, in der Bestellung"
_YES_ON_OBJECT = re.compile(
    r"(?:^|[.;!?,]\s*)(?:yes|yeah|yep|ok|okay|sure|sí|si|oui|ja|sim|sì)(?:,?\s+(?:please|porfa|por "
    r"favor|s'il vous plaît|bitte))?,?\s+(?:[a-zà-ÿ]+\s+){0,2}?(?:on|in|for|en|para|dans|sur|pour|im|"
    r"in der|auf|für|nel|nella|per|no|na)\s+((?:the|my|el|la|mi|le|mon|ma|das|die|der|den|mein|"
    r"meine|il|lo|o|a|meu|minha)\s+(?:order|account|profile|pedido|cuenta|perfil|commande|compte|"
    r"profil|bestellung|konto|ordine|profilo|conta|encomenda))(?![\w'])"
    # (not one of two: "yes, on my account too")
    r"(?!,?\s+(?:too|as well|also|también|tambien|aussi|auch|anche|também|tambem)(?![\w']))")
# an object put first by its id, then kept by a pronoun: "wait. BOH180 - leave that one in
# business" (the id)
_ID_THEN_KEPT = re.compile(r"(?:^|[.;!?]\s*|\n)(#w\d{5,}|[a-z]{0,4}\d[a-z0-9]{1,5})\s*[-:,–—]\s*"
                           r"(?:just |please )?(?:leave|keep) (?:that one|it|that|this one)"
                           r"(?![\w'])")
# a thing left as it is, in the other languages read: "Mein Profil lassen Sie bitte erstmal so",
# "laissez mon profil tel quel", "deja mi perfil como está", "lascia il mio profilo così"
_LEFT_ABROAD = re.compile(r"(?:^|[.;!?,–-]\s*)((?:mein|meine|meinen|das|den|die|der)\s+"
                          r"(?:(?:zwei|drei|beiden|\d) )?[a-zäöüß]{3,})\s+"
                          r"(?:lassen sie|lass|lasst)\s+(?:bitte\s+)?(?:(?:erstmal\s+|erst mal\s+|noch\s+|"
                          r"lieber\s+)?(?:so|wie es ist|unverändert|in ruhe)|"
                          # (left out: "die zwei Koffer lassen Sie mal weg")
                          r"(?:mal\s+|doch\s+|einfach\s+|lieber\s+)?weg)(?![\w'])")
_LEFT_ABROAD_FIRST = re.compile(
    r"(?<![\w'])(?:laissez|laisse|deja|deje|dejen|lascia|lasci|lasciate|deixe|deixa)\s+((?:mon|ma|"
    r"mes|le|la|les|mi|mis|el|il mio|la mia|il|lo|o meu|a minha|meu|minha|o|a)\s+[a-zà-ÿ]{3,})\s+"
    r"(?:tel quel|telle quelle|comme (?:il|elle) est|como está|como esta|così com'è|così|"
    r"in pace|tranquilo)(?![\w'])")
# ... the thing first, then the verb: "o relógio deixa como está por enquanto", "el reloj déjalo
# como está", "l'orologio lascialo così"
_LEFT_ABROAD_THEN = re.compile(
    r"(?:^|[.;!?,]\s*|(?<![\w'])(?:mas|pero|ma|mais|aber)\s+)((?:o|a|os|as|el|la|los|las|il|lo|le|"
    r"l'|meu|minha|mi|mon|ma)\s*[a-zà-ÿ]{3,})\s+(?:invece\s+|però\s+|en cambio\s+|por enquanto\s+)?"
    r"(?:(?:deixa|deixe|pode deixar|déjalo|déjala|dejalo|"
    r"dejala|lascialo|lasciala|lascia|laisse-le|laissez-le|laisse-la|laissez-la)\s+(?:ficar\s+|estar\s+)?"
    # ("A morada deixe ficar como está")
    r"(?:como (?:está|esta)|assim|así|così(?: com'è)?|tel quel|telle quelle|comme (?:il|elle) est)|"
    # ("le valigie invece lasciale stare per ora")
    r"lascia(?:le|li|lo|la)? stare)(?![\w'])")
# one put first, then left for later: "The Vegas one I'll sort out later, I'm not sure yet"
_ONE_FOR_LATER = re.compile(
    r"(?:^|[.;!?,]\s*)(?:(?:and|but|as for)\s+)?((?:the|my)\s[\w'-]+(?:\s[\w'-]+)?\s(?:one|order|"
    r"reservation|booking|trip|flight))\s+(?:i'?ll|i will|we'?ll|we will|i'?m going to|let me)\s+"
    r"(?:sort(?: it| that)? out|deal with(?: it| that)?|handle(?: it| that)?|decide(?: on)?(?: it| that)?|"
    r"figure(?: it| that)? out|look (?:at|into)(?: it| that)?|think about(?: it| that)?|check)\s+"
    r"(?:later|another time|separately|myself|tomorrow|afterwards|after)(?![\w'])")


# a step of a plan by its number, held in the other languages read: "Bei 3 muss ich noch
# überlegen ... das lassen wir erstmal", "pour le 3, je dois encore réfléchir", "per il 3 ci penso"
_STEP_HELD_ABROAD = re.compile(
    r"(?:^|[.;!?,]\s*)(?:(?:und|aber|et|mais|e|y|pero|ma|maar|en|mas)\s+)?(?:bei|für|zu|pour|para|pra|per|"
    r"voor|bij|quanto a|quanto ao|en cuanto a|quant à|sobre)\s+(?:(?:punkt|schritt|nummer|le point|"
    r"l'étape|le|la|el punto|el paso|el|il punto|il|lo|o ponto|o passo|o|a|stap|punt)\s+)?([1-9])"
    r"(?![\w'.,])[^.;!?]*?(?:überleg|nachdenk|noch nicht|lassen wir|warte|réfléchi|pas encore|attend|"
    r"pensar|todavía no|espera|pensare|penso|ci penso|non ancora|aspett|ainda não|pensando|"
    r"nadenken|nog niet|wacht)")


# "For the sneakers, hmm, ... let me run that by her first": what is held for someone's word
_HELD_FOR = re.compile(
    r"(?:^|[.;:!?]\s*|(?<![\w'])(?:but|and)\s+)(?:for|as for|about|regarding)\s+("
    + _DETERMINER + r"\s[^,.;:!?]{1,40}?),(?:[^.!?]|\.{2,}|…){0,80}?(?<![\w'])(?:let me|i'?ll|"
    r"i will|i'?d (?:like to|rather)|i need to|i want to|i have to|i should|i must)\s+"
    r"(?:first\s+)?(?:check|ask|run (?:it|that|this) by|think|talk|confirm|double[- ]check|"
    r"see what|talk it over)")
# a thing said first, then left out: "clock forget it", "profile no need", "the bags not needed"
# (not said of a pronoun: "i no need", "that can wait")
_LEFT_AFTER = re.compile(
    r"(?:^|[,.;:!?]\s*|(?<![\w'])(?:but|and|yes|ok|okay)\s+)"
    r"(?!(?:i|you|we|it|that|this|they|he|she|everything|anything|all|the rest)\s)"
    r"((?:" + _DETERMINER + r"\s)?[a-z][\w'-]*(?:\s[a-z][\w'-]*){0,2})\s+"
    r"(?:forget (?:it|about it)|no need|not needed|not necessary|no thanks|skip (?:it|that)|"
    r"can wait)(?=\s*(?:$|[,.;:!?]|\s-\s))")
# a thing put first, then held back: "actually for the profile, don't update it yet", "for 3,
# hmm, ... i'd rather it go to the old place"
_TOPIC_LEFT = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:oh|ok|okay|but|and|also|actually|hmm+|um+|wait)[,\s]+)*"
    r"(?:as for|for|about|regarding)\s+(?!(?:the |my )?(?:refund|payment|money|difference|charge|"
    r"card|reason|price|fee)s?(?![\w']))((?:the |my |step |item |number |no\.? ?|#)?"
    # (not past a go-ahead for the thing: "for the upgrades, do nm1vx1 and kc18k6, but skip
    # h8q05l" leaves out h8q05l, not the upgrades)
    r"[\w'-]+(?: [\w'-]+){0,2})(?:\s*,\s*(?:(?!(?<![\w'])(?:do|go ahead|proceed|yes|please "
    r"do)\s)[^.!?]){0,80}?(?<![\w'])(?:don'?t|do not|no need|not yet|"
    r"skip|leave|hold off|forget|i'?d rather|i would rather)|\s+(?:keep (?:the |my )?(?:old|"
    r"current|original|existing|same)|keep (?:it|them|that) as (?:is|it is)|leave|don'?t|do not|"
    r"skip|hold off|forget|no need))(?![\w'])")
# a thing said first, then left as it is by a pronoun in the same sentence: "the hiking boots
# one going to indianapolis is a gift for my cousin, so please leave that one where it is"
_LEFT_AS_IT_IS = re.compile(
    r"(?:^|[.;!?]\s*)(?:(?:oh|ok|okay|but|and|also|actually|hmm+|um+|wait|sorry)[,\s]+)*"
    # (or with a dash before what is said of it: "Now the boots — leave that one as it is")
    r"(?:now\s+)?(" + _DETERMINER + r"\s[^.;:!?,]{1,60}?)(?:\s+(?:is|are|was|goes|'s)\s[^.;!?]{0,120}?|"
    r"\s*(?:\s[-—–]|:|,)\s*(?:just\s+)?)"
    r"(?<![\w'])(?:leave|keep)\s+(?:that|this|it|them|those)(?: one| ones)?\s+(?:where (?:it|they) "
    r"(?:is|are)|as (?:it|they) (?:is|are)|as is|alone|unchanged|the same)(?![\w'])")
# a thing said first on its own ("the second one..."), then held back by a pronoun later in
# the turn: "The second one... I didn't realise the luggage set was in there. Let me think
# about that one for a moment."
TOPIC_THEN_HELD = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:and|but|as for|oh|hmm+|um+)[,\s]+)*"
    r"((?:the|my)\s[\w'-]+(?:\s[\w'-]+){0,3})\s*(?:\.{2,}|…|\s[-—–]\s?|:)"
    r"[^?]{0,160}?(?<![\w'])(?:let me think about|i (?:need|have|want) to think about|"
    r"hold off on|leave|skip|wait on|(?:i'?m )?not sure about) (?:that one|this one|that|it)"
    r"(?![\w'])")
# a thing put first, then held after a pause, in the reader's other languages too: "pour
# l'annulation… attendez, je dois d'abord vérifier", "o endereço padrão... hmm, não, deixa"
_TOPIC_WORD = r"(?:as for|for|about|regarding|pour|quant à|para|en cuanto a|sobre|für|bei)"
_ARTICLE = (r"(?:the |my |l'|la |le |les |el |los |las |o |a |os |as |den |die |das |der |mon |"
            r"ma |mes |mi |mis |meu |minha |celle |celui |ceux |quella |quello )")
TOPIC_HELD = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:and|but|et|mais|y|pero|e|mas|und|aber)[,\s]+)?(?:" + _TOPIC_WORD
    + r"\s+)?(" + _ARTICLE + r"[\w'-]+(?: [\w'-]+){0,3})\s*(?:…|\.{2,}|,|\s-\s|:)\s*"
    r"(?:(?:hmm+|um+|euh|eh|ah|oh)[,.\s]+)?"
    r"(?:attendez|attends|espera|espere|aguarde|warte|wait|hold on|hang on|"
    # (a "no" and a wait: "For the one on the 30th, no, wait, leave it for now", "pour celle du
    # 30, non, attendez")
    r"(?:não|no|non|nein|nah)[,.!]?\s+(?:deixa|déjalo|dejalo|laisse|lass|leave it|forget it|"
    r"olvídalo|esquece|esqueça|wait|attendez|attends|espera|espere|aspetta|warte|wacht))(?![\w'])[^.!?]*")
# (and as chat writes it, the wait straight after the thing, one or two words of it opening the
# sentence: "the earbuds hold on lemme check if its the right pair"; not "the address is fine wait")
_TOPIC_HELD_BARE = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:and|but)\s+)?((?:the|my) (?!(?:is|are|was|were|looks?|sounds?|seems?)"
    r"(?![\w']))[\w'-]+(?: (?!(?:is|are|was|were|looks?|sounds?|seems?|fine|good|ok|okay)(?![\w']))"
    r"[\w'-]+)?) (?=(?:hold on|hang on|wait)(?![\w']))")
# a thing said first, then that the user is not sure about it yet: "The upgrades I'm not sure
# about yet."
NOT_SURE_OF = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:but|and|as for)[,\s]+)?((?:the|my) [\w'-]+(?: [\w'-]+){0,2}),? "
    r"(?:i'?m|i am) (?:honestly |really |just |still )?(?:not (?:sure|certain)|unsure|still "
    r"(?:deciding|thinking))(?: about)?"
    r"(?: (?:it|them|that|those))?(?: yet)?(?=\s*(?:[.;!?,]|$))")
# a thing said first, then to be thought over: "The second one I need to think about.", "Per il
# secondo ci devo pensare un attimo.", "El segundo lo tengo que pensar", "Pour la deuxième je dois
# encore réfléchir", "Über die zweite muss ich noch nachdenken"
THOUGHT_OVER = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:but|and|as for|for|about|per|quanto a|pour|quant à|para|en cuanto a|"
    r"sobre|für|über|bei|voor|over|ma|e|pero|y|mais|et|mas|aber|und|maar|en)[,\s]+)*"
    r"((?:" + _ARTICLE + r"|il |lo |het |de )[\w'-]+(?: [\w'-]+){0,2}?),? "
    r"(?:i (?:need|have|want) to think(?: about)?(?: it| that| them)?|i'?ll think about(?: it| that| "
    r"them)?|let me think about(?: it| that)?|(?:ci )?devo (?:ancora )?pensar(?:ci|e)|ci penso|"
    r"(?:lo |la )?tengo que pensar(?:lo|la)?|(?:lo |la )?(?:voy a )?pensar(?:lo|la)|(?:ainda )?"
    r"(?:tenho que|vou) pensar|je dois (?:encore )?(?:y )?réfléchir|j'y réfléchis|"
    r"muss ich (?:noch )?(?:nach|über)denken|muss ich (?:noch )?überlegen|moet ik (?:nog )?"
    r"(?:over )?nadenken)"
    r"(?: (?:a bit|a little|first|un attimo|un po'|un momento|un poco|un peu|noch|ainda))?"
    r"(?=\s*(?:[.;!?,]|$))")
# the user's own put first, then held: "Mine's probably fine too, but I should check with my
# manager about leaving on the 25th before you lock it in", "Mine can wait"
MINE_HELD = re.compile(
    r"(?:^|[.;:!?]\s*)(?:(?:but|and|as for|for)[,\s]+)?(mine|my own(?: one)?)(?:'s| is)?\b[^.!?]{0,60}?"
    r"(?<![\w'])(?:(?:i (?:should|need to|have to|want to|must|will)|i'?ll) (?:first )?(?:check|ask|talk|"
    r"confirm|think)|let me (?:first )?(?:check|ask|think)|(?:i'?m )?not sure|hold off|can wait|"
    r"(?:should|must) wait|not yet)(?![\w'])[^.!?]*")
# a wait said of one thing: "Mais attendez, for 8C8K4E, my sister is on it too"
WAIT_FOR = re.compile(
    r"(?<![\w'])(?:wait|attendez|attends|espera|espere|warte|hold on|hang on)[,\s-]+"
    r"(?:for|about|as for|pour|para|für) (#?[a-z]{0,4}\d[a-z0-9]{1,6}|(?:the|my) [\w'-]+"
    r"(?: [\w'-]+){0,2})(?=\s*[,:-])")
# a text with none of these has no limit (one search, before the patterns above)
# a value said not to be it, quoted, in the other languages read: "metti 'ordinato per errore', non
# 'non più necessario'" (a choice's name put in English: "'no longer needed'")
_NOT_QUOTED_ABROAD = re.compile(r"(?:^|[,;]|\s)\s*(?:e |y |et |und |en )?(?:non|no|não|nao|pas|nicht|niet)\s+"
                                r"('[^'\n]{3,40}'|\"[^\"\n]{3,40}\")")


def _choice_in_english(phrase: str) -> str:
    """``phrase`` as the English name of the choice it says in another language, quoted, else
    as it is."""
    inner = phrase.strip("'\"")
    return next((f"'{value.replace('_', ' ')}'" for value, words in _TRANSLATED.items()
                 if any(w in inner for w in words)), phrase)


_LIMIT_WORDS = re.compile(r"not|except|without|but|leav|keep|only|just|apart|other than|let me|mine|"
                          r"scra[pt]|ditch|drop|nix|forget|"
                          r"(?<![\w'])(?:non|no|não|nao|pas|nicht|niet) ['\"]|"
                          r"(?<![\w'])(?:só|somente|apenas|soltanto|nur|alleen) |"
                          r"no (?:extra |checked |additional )?(?:bag|luggage)|"
                          r"(?<![a-z])(?:lass|laiss|deja|deje|déja|lasci|deix)|"  # (not "class")
                          r"(?:yes|yeah|yep|yup|ok|okay|sure)(?:,? please)?,? (?:for|to) |"
                          # (``_YES_ON_OBJECT``'s objects)
                          r"order|account|profil|pedido|cuenta|commande|compte|bestellung|konto|"
                          r"ordine|conta|encomenda|"
                          # (``THOUGHT_OVER``'s thinking in the other languages read)
                          r"pensa|réfléch|reflech|denken|überleg|"
                          r"don'?t|forget|rather|need|can wait|no thanks|"
                          r"i want to|i have to|i should|i must|i'?ll|i will|i'?d|"
                          r"hang on|stick|save for|minus|aside|skip|stay|remain|hold|sin|menos|"
                          r"salvo|solo|sauf|sans|pas|seulement|uniquement|attend|espera|espere|"
                          r"aguarde|warte|wait|deixa|laisse|lass|hold on|hang on|sure|"
                          r"unsure|certain|deciding|garde|quedo|guardo|behalte|tengo")


@dataclass(frozen=True, slots=True)
class Limits:
    """What a user's words from the yes on leave out of it: phrases naming what is not
    covered (``left_out``: any value; ``kept``: items of a list only) and phrases the yes
    is limited to (``only``)."""

    left_out: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    # phrases saying which object the yes is for by what it holds ("the makeup one yes", "yes,
    # cancel the one with the kettle"): read only against another object's parts
    which: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.left_out or self.kept or self.only or self.which)


def _phrase_end(text: str, marker: re.Match[str]) -> int:
    """Where the phrase after a limit's marker ends: its clause's end (``_PHRASE_END``), at
    most 200 characters on."""
    rest = text[marker.end():marker.end() + 200]
    stop = _PHRASE_END.search(rest)
    return marker.end() + (stop.start() if stop else len(rest))


def _phrases(pattern: re.Pattern[str], text: str, negated: re.Pattern[str] | None = None,
             reach: int = 30) -> list[str]:
    out = []
    for m in pattern.finditer(text):
        if negated is not None and negated.search(text[max(0, m.start() - reach):m.start()]):
            continue
        phrase = text[m.end():_phrase_end(text, m)].strip()
        if phrase:
            out.append(phrase)
    return out


# What a summary says stays out of the action ("Kept: the black toothbrush, the boots", "Not
# returned: Smart Thermostat, Electric Kettle", "you'll keep the lamp"): the items after the
# marker, up to the clause's end (commas included: a list), are not proposed for it.
_KEPT_OUT = re.compile(
    r"(?<![\w'])(?:kept|keeping|not (?:being )?(?:returned|returning|exchanged|exchanging|"
    r"cancell?ed|cancell?ing|included|modified|changed)|(?:you'?ll|you will|you'?re|you are|i'?m|"
    r"i am|i'?ll|i will) (?:keep|keeping)|remaining items?|items? (?:you'?re |you are )?keeping|"
    r"excluded|not part of (?:the|this) (?:return|exchange|cancell?ation|change))"
    r"(?:\s*\([^)]{0,40}\))?\s*:?")
_KEPT_END = re.compile(r"[.;!?()]|\s-\s|(?<![\w'])(?:but|so|then|because|proceed|shall|should|"
                       r"would|is that|does that)(?![\w'])")


# ... or a clause that says its subject stays out after naming it ("Your third pending order,
# #W8461477 (Wristwatch), will not be affected."): the clause, from its start
_CLAUSE_BODY = (r"(?:(?<=^)|(?<=[.;!?|:]\s)|(?<=\s-\s)|(?<=\n)|(?<=\()|(?<=[，；：]))"
                # (a Chinese clause ends at its comma: "乘客：名 xiao ming → xiaoming，姓 zhang，出生日期
                # 1996-10-10 不变")
                r"(?:\([^()\n]*\)|(?!\s-\s)[^.;!?\n|:()，；：]|\.(?=\d))*?"
                r"(?<![\w'])")
_NOT_CHANGED_ABROAD = (r"(?:ne|n') (?:change|changera|sera pas|est pas|sont pas|seront pas)(?: pas)? ?"
                       r"(?:modifiée?s?|changée?s?|touchée?s?|affectée?s?)?|"
                       r"(?:no|não|nao) (?:se )?(?:cambia|cambiará|cambiara|modifica|modificará|"
                       r"modificara|muda|mudará|mudara|altera|alterará|alterara)|"
                       r"(?:no|não|nao) (?:será|sera|serán|seran|serão|serao) (?:modificad|cambiad|"
                       r"alterad|mudad)[oa]s?|"
                       r"non (?:cambia|cambierà|cambiera|(?:verrà|verra|viene|sarà|sara) "
                       r"(?:modificat|cambiat|toccat)[oaie])|"
                       r"(?:ändert|andert) sich nicht|(?:wird|werden) nicht (?:geändert|geandert|"
                       r"angepasst|verändert|verandert)")
_UNAFFECTED = re.compile(
    _CLAUSE_BODY + r"(?:(?:will not|won'?t|is not|isn'?t|are not|aren'?t|does not|doesn'?t|do not|"
    r"don'?t) (?:be )?(?:affected|touched|change|changed|included|part of (?:this|the))|"
    r"(?:stays?|remains?|will (?:stay|remain)) (?:as (?:it|they) (?:is|are)|as is|untouched|"
    r"unaffected|unchanged|active|open|pending)|(?:is|are) unaffected|"
    # a clause that ends on it, with no verb ("Profile address unchanged.")
    r"(?:left |kept )?(?:unchanged|untouched|unaffected|no change)(?=\s*(?:[.;!?,)]|$))|"
    # a state it is in already, in brackets or as the clause's end ("(N2VB7C is already
    # economy)": nothing to do to it)
    r"(?:is|are) already (?:in )?[a-z]+(?: [a-z]+)?(?=\s*(?:[.;!?,)]|$))|"
    # "Your other pending orders (#W8883368, #W1170711) will keep their current address."
    r"(?:will|would|'ll) (?:keep|retain) (?:its|their|the|your) (?:current|existing|original|"
    r"old|present|same)(?: [\w-]+){0,2}|"
    # in the other languages read: "os outros itens (...) ficam como estão"
    r"(?:fica|ficam|ficará|ficarão) (?:como (?:está|estão)|inalterad[oa]s?|sem alteraç(?:ão|ões))|"
    r"(?:queda|quedan|quedará|quedarán) (?:igual(?:es)?|como (?:está|están)|sin cambios)|"
    r"(?:reste|restent|restera|resteront) (?:inchangée?s?|tel(?:le)?s? quel(?:le)?s?|"
    r"comme (?:il|elle|ils|elles) (?:est|sont))|"
    r"(?:rimane|rimangono|resta|restano|resterà|resteranno) (?:invariat[oaie]|come (?:è|sono)|"
    r"così com'è)|(?:bleibt|bleiben) (?:unverändert|wie (?:es|sie|er) (?:ist|sind))|"
    # (said as a change that does not happen: "L'adresse par défaut de votre compte ne change
    # pas.", "la dirección de tu cuenta no se modifica", "wird nicht geändert")
    + _NOT_CHANGED_ABROAD + r"|"
    r"保持不变|保持不變|不变|不變)(?![\w'])")
# a sentence in Chinese that keeps one as it is, naming no action: "KC18K6 保持基础经济舱不变。"
_KEPT_HAN = re.compile(r"(?:^|(?<=[。；;！!？?\n]))[^。；;！!？?\n升降改换換取消退加]{0,40}?"
                       r"(?:保持|维持|維持)[^。；;！!？?\n]{0,12}?(?:不变|不變)[^。；;！!？?\n]*|"
                       # (a clause that says it is not done: "按您的意思不升 KC18K6，则为：")
                       r"[^。；;！!？?\n，,]*不(?:升|降|改|换|換|取消|退|动|動)(?!了吗|吗|嗎)"
                       r"[^。；;！!？?\n，,]*")
# a sentence in Korean or Japanese that keeps one as it is: "카메라가 포함된 주문 #W7807988은 기존
# 주소 그대로 둡니다.", "ご注文 #W1 はそのままです。"
_KEPT_KO_JA = re.compile(r"(?:^|(?<=[。.!?！？\n]))[^。.!?！？\n]*?"
                         r"(?:그대로 (?:둡니다|두겠습니다|둘게요|유지)|"
                         r"유지(?:됩니다|합니다|해요)|(?:변경|취소)(?:되지|하지) 않습니다|"
                         r"(?:その|今の)まま(?:です|にします|となります|にいたします|でございます)|"
                         r"(?:変更|キャンセル)(?:いたし|し)ません|変わりません)[^。.!?！？\n]*[。.!?！？]?")
# "Nothing in order #W5777276 will be touched."
_NOTHING_CHANGES = re.compile(
    r"(?<![\w'])nothing (?:else )?(?:in|on|of|from|about) [^.;!?]{0,80}?(?:will|is going to|would|"
    r"gets?) (?:be )?(?:touched|changed|affected|modified|cancell?ed)(?![\w'])")


# the order or reservation a clause that stays out is about: where a list ran into it (a list
# written on one line), what is cut starts there ("2. update the address of order #W1
# to the same address order #W2 will not be changed" keeps the first)
_SUBJECT = re.compile(r"(?<![\w'])(?:(?:your|the|this|that|my) )?(?:(?:other|first|second|third|"
                      r"remaining|pending|delivered|current) ){0,3}(?:orders?|reservations?|"
                      r"bookings?|trips?)(?![\w'])")


def _from_subject(m: re.Match[str]) -> str:
    """A clause that stays out, cut from its last order or reservation on (whole where it
    names none): what the clause's start ran into before that is kept."""
    clause = m.group()
    if _VERBLESS_END.search(clause) is not None and (comma := _last_comma(clause)) > 0:
        # (a verbless "X unchanged" after a comma is said of X alone: "On SK3V9D the passenger
        # would change from Isabel Moreno to Isabel Moreno-Lewis, date of birth 1982-01-26
        # unchanged")
        return clause[:comma + 1] + " " + _cut_subject(clause[comma + 1:])
    return _cut_subject(clause)


def _cut_subject(clause: str) -> str:
    """``_from_subject`` on the clause's text."""
    subjects = list(_SUBJECT.finditer(clause))
    # (a pronoun as the clause's subject, "... NC 28205, USA This won't change the address on
    # existing orders": it speaks of what came before, which the clause keeps)
    pronoun = next(reversed(list(_PRONOUN_SUBJECT.finditer(clause))), None)
    if pronoun is not None and (not subjects or subjects[-1].start() < pronoun.start()):
        return clause[:pronoun.start()] + " "
    return clause[:subjects[-1].start()] + " " if subjects else " "


_VERBLESS_END = re.compile(r"(?<![\w'])(?:left |kept )?(?:unchanged|untouched|unaffected)\s*$")


def _last_comma(clause: str) -> int:
    """Where the clause's last comma outside brackets is, or -1."""
    depth, at = 0, -1
    for i, c in enumerate(clause):
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif c == "," and depth == 0:
            at = i
    return at


_PRONOUN_SUBJECT = re.compile(r"(?<![\w'])(?<!as )(?:this|that|it|which) (?=(?:will|won'?t|is|isn'?t|"
                              r"does|doesn'?t|stays?|remains?)(?![\w']))")


_STAYS_CUES = ("fica", "qued", "rest", "riman", "bleib", "不变", "不變", "ne ", "n'", "no ", "não ",
               "nao ", "non ", "nicht")
# (what the other languages' forms of _UNAFFECTED hold: one search, after the cues)
_STAYS_ELSEWHERE = re.compile(r"(?<![\w'])(?:fica|ficam|ficará|ficarão|queda|quedan|quedará|"
                              r"quedarán|reste|restent|restera|resteront|rimane|rimangono|resta|"
                              r"restano|resterà|resteranno|bleibt|bleiben) |不变|不變|"
                              + _NOT_CHANGED_ABROAD)


_LINE_UNCHANGED = re.compile(r"(?m)^[^\S\n]*(?:[-*•]\s*)?[^:\n]{1,60}:\s*(?:no change|unchanged)[.!]?"
                             r"[^\S\n]*$")


def kept_out(text: str) -> str:
    """``text`` without what it says stays out of the action (``_KEPT_OUT``, ``_UNAFFECTED``)."""
    if ": no change" in text or ": unchanged" in text:
        text = _LINE_UNCHANGED.sub(" ", text)  # (a line of a list that leaves its thing as it is:
        # "- Desk Lamp: no change")
    if "not " in text or "n't " in text or "stay" in text or "remain" in text \
            or "unaffected" in text or "unchanged" in text or "untouched" in text \
            or "no change" in text \
            or "keep" in text or "retain" in text or "already " in text \
            or (any(cue in text for cue in _STAYS_CUES) and _STAYS_ELSEWHERE.search(text)):
        # (cheap: most proposals say none of these)
        text = _UNAFFECTED.sub(_from_subject, text)
    if "nothing " in text:
        text = _NOTHING_CHANGES.sub(" ", text)
    if "保持" in text or "维持" in text or "維持" in text or "不" in text:
        text = _KEPT_HAN.sub(" ", text)
    if "그대로" in text or "유지" in text or "않습니다" in text or "まま" in text or "ません" in text:
        text = _KEPT_KO_JA.sub(" ", text)
    if "kept" not in text and "keep" not in text and "not " not in text \
            and "remaining" not in text and "excluded" not in text:
        return text
    parts, pos = [], 0
    for m in _KEPT_OUT.finditer(text):
        if m.start() < pos:
            continue
        rest = text[m.end():m.end() + 200]
        stop = _KEPT_END.search(rest)
        parts.append(text[pos:m.start()])
        pos = m.end() + (stop.start() if stop else len(rest))
    return "".join(parts) + text[pos:] if parts else text


_SENTENCE_END = re.compile(r"[.;!?]")


def without_limits(text: str) -> str:
    """``text`` with each limit cut out, marker and phrase ("yes, but hold off on the lamp for
    now" -> "yes, but"): what the turn says besides what it leaves out. (A yes said of one
    thing, ``_YES_FOR``, stays: it is the turn's yes.)"""
    spans = [(m.start(), _phrase_end(text, m))
             for pattern in (_LEAVES_OUT, _KEEPS, _ONLY) for m in pattern.finditer(text)]
    for pattern in (_KEPT_AFTER, _ONLY_AFTER, _LEFT_AFTER):
        spans.extend(m.span() for m in pattern.finditer(text))
    spans.extend((m.start(1), m.end()) for p in (TOPIC_HELD, NOT_SURE_OF, THOUGHT_OVER, MINE_HELD)
                 for m in p.finditer(text))
    for m in WAIT_FOR.finditer(text):  # (from the wait to its sentence's end)
        stop = _SENTENCE_END.search(text, m.end())
        spans.append((m.start(), stop.start() if stop else len(text)))
    for m in _TOPIC_HELD_BARE.finditer(text):  # (from the thing to its sentence's end: "the
        # earbuds hold on lemme check if its the right pair")
        stop = _SENTENCE_END.search(text, m.end())
        spans.append((m.start(1), stop.start() if stop else len(text)))
    for m in TOPIC_THEN_HELD.finditer(text):  # (from the topic to the hold's sentence's end)
        stop = _SENTENCE_END.search(text, m.end())
        spans.append((m.start(1), stop.start() if stop else len(text)))
    for m in _ONE_FOR_LATER.finditer(text):  # (its sentence from the one on: "the vegas one i'll
        # sort out later, i'm not sure yet")
        stop = _SENTENCE_END.search(text, m.end())
        spans.append((m.start(1), stop.start() if stop else len(text)))
    for m in _STEP_HELD_ABROAD.finditer(text):  # (its sentence from the step on: "bei 3 muss ich
        # noch überlegen, ... das lassen wir erstmal")
        stop = _SENTENCE_END.search(text, m.end())
        spans.append((m.start(1), stop.start() if stop else len(text)))
    for m in _TOPIC_LEFT.finditer(text):  # (its sentence from the topic on)
        said = m.group()
        stop = _SENTENCE_END.search(text, m.end())
        spans.append((m.start() + len(said) - len(said.lstrip(".;:!? ")),
                      stop.start() if stop else len(text)))
    out, at = [], 0
    for start, end in sorted(spans):
        if start >= at:
            out.append(text[at:start])
            at = end
        else:
            at = max(at, end)
    out.append(text[at:])
    return " ".join(" ".join(out).split())


# which object a yes is for, by a thing it holds: said before the yes ("the makeup one yes",
# "die mit dem makeup ja", "la del portátil, sí") or after the yes's verb ("yes, cancel the
# makeup one", "ok cancel the one with the kettle")
_ONE_THEN_YES = re.compile(
    r"(?:^|[.;!?]\s*)(?:ok(?:ay)?,? |so,? |then,? )?(?:(?:cancel|return|exchange|change|modify|do) )?"
    r"((?:the|my) (?!other\b|first\b|second\b|"
    r"last\b|new\b|old\b)[a-z][a-z' -]{1,30}? (?:one|order)|(?:die|der|das|den) (?:mit (?:dem|der|"
    r"den) |von (?:dem|der) )[a-zà-ÿ][a-zà-ÿ -]{1,30}?|(?:la|el|lo|le|celle|celui|a|o|quella|quello) "
    r"(?:del|de la|de los|de las|de|du|avec (?:le|la|les)|com (?:o|a)|do|da|con (?:il|la|lo|el)|"
    r"della|dello) [a-zà-ÿ][a-zà-ÿ -]{1,30}?),? (?:yes|yeah|yep|ok|okay|ja|sí|si|oui|sim)"
    r"(?![\w'])")
_YES_THEN_ONE = re.compile(
    r"(?:^|[.;!?,]\s*)(?:yes|yeah|yep|yup|ok|okay|sure|so|then|just)[,!.]?\s+(?:please,?\s+)?"
    r"(?:go ahead and\s+)?"
    r"(?:cancel|return|exchange|change|modify|update|do)\s+((?:the|my) (?!other\b|first\b|"
    # (not what it changes to: "update my address to that one")
    r"second\b|last\b|new\b|old\b)(?![a-z' -]*? (?:to|into|for|with) (?:that|this|the) one)"
    r"[a-z][a-z' -]{1,30}? (?:one|order)|the one with (?:the |my )?"
    r"[a-z][a-z' -]{1,30}?)(?=\s*(?:[.,;!?]|$|please|thanks?|thank you))")


# another one than the proposal's, put right: "Oh, not that one. The one on the 24th, where Priya's
# coming with me."
_NOT_THAT_ONE_BUT = re.compile(
    r"(?<![\w'])(?:not (?:that|this) one|(?:that'?s|that is) the wrong one|wrong one)[.,!;]*\s+"
    r"(?:it'?s |i mean |i meant |i want )?(the one (?:on|from|for|to|with|where|that|in|at) [^.!?;]{2,40})")
# (what _ONE_THEN_YES, _YES_THEN_ONE and _NOT_THAT_ONE_BUT need somewhere in a text)
_WHICH_CUE = re.compile(r" one(?![\w'])| order(?![\w'])| (?:mit|von|del|de|du|do|da|con|com|avec|"
                        r"met|van|della|dello) ")


# a payment account kept open, not kept out of the action: "I'll keep the Visa open until it
# comes through. Yes to both." (the refunds to the Visa)
_ACCOUNT_KEPT_OPEN = re.compile(r"(?<![\w'])(?:card|visa|mastercard|amex|discover|paypal|account|"
                                r"gift card)(?: (?:account|card))? (?:open|active|alive)$")


@functools.lru_cache(maxsize=1024)  # (a yes is read for every check of every call it covers)
def limits(text: str) -> Limits:
    """The limits a user's normalised words put on their yes (see ``Limits``)."""
    which = tuple(m.group(1) for p in (_ONE_THEN_YES, _YES_THEN_ONE, _NOT_THAT_ONE_BUT)
                  for m in p.finditer(text)) \
        if _WHICH_CUE.search(text) else ()  # (one cheap search first: most turns hold none)
    if _LIMIT_WORDS.search(text) is None:
        return Limits(which=which)
    kept = [k for k in _phrases(_KEEPS, text, _KEEP_NEGATED) if _ACCOUNT_KEPT_OPEN.search(k) is None]
    kept += [m.group(1).strip() for m in _KEPT_AFTER.finditer(text)]
    kept += [m.group(1).strip() for m in _HELD_FOR.finditer(text)]
    kept += [m.group(1) for p in (_ID_THEN_KEPT, DAY_THEN_KEPT) for m in p.finditer(text)]
    only = _phrases(_ONLY, text, _IN_IF) + _phrases(_YES_FOR, text)
    only += [m.group(1).strip() for p in (_ONLY_AFTER, _YES_ON_OBJECT) for m in p.finditer(text)]
    left = _phrases(_LEAVES_OUT, text, _IN_CONDITION_OF, 80)
    left += [f"step {m.group(1)}" for m in _STEP_HELD_ABROAD.finditer(text)]
    left += [m.group(1) for m in _ONE_FOR_LATER.finditer(text)]
    left += [_choice_in_english(m.group(1)) for m in _NOT_QUOTED_ABROAD.finditer(text)]
    left += [m.group(1).strip() for p in (_LEFT_AFTER, _TOPIC_LEFT, _LEFT_AS_IT_IS, _LEFT_ABROAD,
                                           _LEFT_ABROAD_FIRST, _LEFT_ABROAD_THEN,
                                           TOPIC_THEN_HELD, TOPIC_HELD, _TOPIC_HELD_BARE, NOT_SURE_OF,
                                           WAIT_FOR, THOUGHT_OVER, MINE_HELD)
             for m in p.finditer(text)]
    return Limits(tuple(left), tuple(kept), tuple(only), which)
