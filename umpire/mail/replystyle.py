"""The lines of a mail body as people write them: the player's own, the message he replies to or
forwards, and the order form he filled in, in whichever of them it stands.

The message replied to is what is quoted with `>` at any depth (with or without a space), and
whatever stands below Outlook's `-----Original Message-----`, its `From:`/`Sent:` block, or a
forwarded message's marker (in English or German: "-----Ursprüngliche Nachricht-----", Outlook's
`Von:`/`Gesendet:` block, "---------- Weitergeleitete Nachricht ----------"). The attribution line
before a quote (`On <date>, <name> wrote:`, `Am <date> um <time> schrieb <name>:`, either wrapped
over two lines), a signature (`-- ` or a phone's "Sent from my iPhone") and what follows it are the
mail client's.

A newsletter prints an order form per company or player (with the marks of umpire/kernel/form_marks.py):
a block that begins with its GAME line. The order of a mail is the player's own text when it holds a GAME line; else the
one form in the quoted or forwarded text that the player filled in (its CODE line holds a code,
not the blank). The forms left blank, and the rest of the text replied to, do not count. Lines
keep their numbers, so a refusal points at the mail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..kernel import form_marks, keywords
from ..kernel.order_header import HEADER_KEYWORDS, keyword_of

_QUOTE = re.compile(r"^[ \t]*((?:>[ \t]?)+)")
_ATTRIBUTION = re.compile(r"(wrote|writes|schrieb|a écrit|escribió|ha scritto|schreef)\s*:\s*$", re.IGNORECASE)
_ATTRIBUTION_START = re.compile(r"^\s*(on|am|le|el|il|op)\s+\S", re.IGNORECASE)
_ORIGINAL = re.compile(r"^\s*-{3,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original)"
                       r"\s*-{3,}\s*$", re.IGNORECASE)
_FORWARDED = re.compile(r"^\s*(-{3,}\s*(forwarded message|weitergeleitete nachricht|message transféré|"
                        r"mensaje reenviado)\s*-{3,}|begin forwarded message:|anfang der weitergeleiteten nachricht:)"
                        r"\s*$", re.IGNORECASE)
_QUOTED_HEADER = re.compile(r"^\s*\**(from|von|de|van|da)\s*:\**\s*\S", re.IGNORECASE)   # Outlook's "From: ..."
_QUOTED_DATE = re.compile(r"^\s*\**(sent|date|gesendet|datum|envoy[ée]|enviado|verzonden|inviato)\s*:\**\s*\S",
                          re.IGNORECASE)
INTRO_CHARS = 300                      # a German quote intro is one line or two of a mail client's
_RULE = re.compile(r"^\s*([-=_*])\1{4,}\s*$")
# The signatures phones and mail apps add by themselves; like `-- `, they end the player's text.
AUTOMATIC_SIGNATURE = re.compile(
    r"^\s*(sent from my \S.{0,40}|sent from (mail|outlook|yahoo mail|aol|my mobile)\b.{0,40}"
    r"|get outlook for (ios|android)\s*(<[^<>\s]*>)?|sent with (protonmail|proton mail)\b.{0,40}|sent via \S.{0,40}"
    r"|sent from samsung mobile\.?|von meinem \S.{0,40} gesendet\.?|gesendet von (meinem )?\S.{0,40}"
    r"|envoy[ée] de mon \S.{0,40}|enviado desde mi \S.{0,40}|inviato da(l mio)? \S.{0,40}"
    r"|verzonden (met|vanaf) mijn \S.{0,40}|skickat fr[åa]n min \S.{0,40})\s*$", re.IGNORECASE)


@dataclass
class Line:
    text: str          # without its quote marks
    depth: int         # how many `>` quote it
    own: bool          # the player's own text (above what he replies to or forwards, before a signature)
    client: bool = False   # the mail client's: an attribution, a marker, a signature


@lru_cache(maxsize=1)
def order_keywords() -> frozenset[str]:
    """The first words of order lines in any family (a form goes on past an empty line to them)."""
    from .. import families
    words = set(HEADER_KEYWORDS)
    for name in families.FAMILIES:
        words.update(families.family(name).order_keywords)
    return frozenset(words)


def lines_of(text: str) -> list[Line]:
    """Each line of a body, unquoted, with its depth and whether it is the player's own."""
    raw = text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ").split("\n")
    out: list[Line] = []
    own, signed = True, False
    for i, line in enumerate(raw):
        m = _QUOTE.match(line)
        depth = m.group(1).count(">") if m else 0
        body = line[m.end():] if m else line
        client = False
        if depth == 0:
            own, signed, client = _unquoted(raw, i, out, own, signed)
        out.append(Line(body, depth, own and depth == 0 and not client, client))
    return out


def _unquoted(raw: list[str], i: int, out: list[Line], own: bool, signed: bool) -> tuple[bool, bool, bool]:
    """Of an unquoted line: whether it and those after are still the player's own, whether they
    follow a signature, and whether the line is the mail client's (marking the line before as the
    client's too where it began the attribution or intro this line ends)."""
    line = raw[i]
    if (own or signed) and (_ORIGINAL.match(line) or _FORWARDED.match(line) or _quoted_header_at(raw, i)):
        return False, False, True
    if own and (AUTOMATIC_SIGNATURE.match(line) or line.rstrip() == "--" or line.startswith("-- ")):
        return False, True, True                                  # the signature: the mail client's
    if _ATTRIBUTION.search(line) and _next_is_quote(raw, i + 1):
        if out and out[-1].own and out[-1].text.strip() and _ATTRIBUTION_START.match(out[-1].text):
            out[-1].client, out[-1].own = True, False              # the attribution's first half, wrapped
        return own, signed, True
    if (german_intro(line) or _wrapped_german_intro(out, line)) and _next_is_quote(raw, i + 1):
        if not german_intro(line):
            out[-1].client, out[-1].own = True, False              # the intro's first half, wrapped
        return own, signed, True
    return own, signed, signed


@dataclass
class Form:
    start: int                 # the index of its GAME line
    lines: list[int]           # the indexes of its lines
    depth: int
    own: bool

    def filled(self, lines: list[Line]) -> bool:
        """Its CODE line holds a code, not the form's blank."""
        for i in self.lines:
            keyword, _, rest = keyword_of(lines[i].text)
            if keyword == "CODE" and rest and not form_marks.blank(rest):
                return True
        return False


def forms(lines: list[Line]) -> list[Form]:
    """The order forms: each GAME line and the lines after it of the same depth and origin, to the
    next GAME line, a rule, the end of that quote, or an empty line after which no order line follows."""
    found = []
    i = 0
    while i < len(lines):
        if lines[i].client or keyword_of(lines[i].text)[0] != form_marks.FORM_START:
            i += 1
            continue
        start, depth, own = i, lines[i].depth, lines[i].own
        members = [i]
        i += 1
        while i < len(lines):
            line = lines[i]
            if line.depth != depth or line.own != own or line.client or _RULE.match(line.text) or \
                    keyword_of(line.text)[0] == form_marks.FORM_START:
                break
            if not line.text.strip():
                ahead = next((x for x in lines[i:] if x.text.strip() or x.depth != depth or x.own != own), None)
                if ahead is None or ahead.depth != depth or ahead.own != own or \
                        keyword_of(ahead.text)[0] not in order_keywords():
                    break
            members.append(i)
            i += 1
        found.append(Form(start, members, depth, own))
    return found


def order_lines(text: str) -> str:
    """The text the order is read from: the player's own lines, and the lines of the form that
    holds his order, unquoted; every other line empty (so lines keep their numbers). The form's
    lines still holding a blank (`<...>`) are left out."""
    with keywords.reading_words(keywords.GERMAN_READING, keywords.ANY_FAMILY):     # a German form too
        return _order_lines(lines_of(text))


def _order_lines(lines: list[Line]) -> str:
    keep, chosen = _chosen_forms(lines, forms(lines))
    in_form = {i for f in chosen for i in f.lines}
    out = []
    for i, line in enumerate(lines):
        text = line.text if i in keep else ""
        if i in in_form and form_marks.blank(text) and keyword_of(text)[0] in order_keywords():
            text = ""
        out.append(text)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _chosen_forms(lines: list[Line], all_forms: list[Form]) -> tuple[set[int], list[Form]]:
    """The lines kept, and the forms that hold the order: the player's own forms (of a newsletter
    pasted whole with one form filled, that one); without any, the filled forms quoted least."""
    own_forms = [f for f in all_forms if f.own]
    keep = {i for i, line in enumerate(lines) if line.own}
    if own_forms:
        filled = [f for f in own_forms if f.filled(lines)]
        if len(own_forms) > 1 and len(filled) == 1:          # a newsletter pasted whole, one form filled
            keep -= {i for f in own_forms if f is not filled[0] for i in f.lines}
            return keep, filled
        return keep, own_forms
    chosen = _least_quoted(lines, all_forms)
    return keep | {i for f in chosen for i in f.lines}, chosen


def _least_quoted(lines: list[Line], all_forms: list[Form]) -> list[Form]:
    """The filled forms quoted least (the newest message of a thread quotes least)."""
    filled = [f for f in all_forms if f.filled(lines)]
    nearest = min((f.depth for f in filled), default=None)
    return [f for f in filled if f.depth == nearest]


def _quoted_header_at(lines: list[str], i: int) -> bool:
    """Outlook's copy of the message replied to: "From: ..." and "Sent: ..." lines (below a rule
    of underscores, or not), unquoted."""
    if _RULE.match(lines[i]):
        following = [line for line in lines[i + 1:i + 3] if line.strip()]
        return bool(following) and bool(_QUOTED_HEADER.match(following[0]))
    return bool(_QUOTED_HEADER.match(lines[i])) and i + 1 < len(lines) and bool(_QUOTED_DATE.match(lines[i + 1]))


def german_intro(line: str) -> bool:
    """A German client's line before the quote: `Am 6. März 2026 um 10:00 schrieb Anna <a@b.org>:`
    (Thunderbird, Gmail's `Am Fr., 6. März 2026 um 10:00 Uhr schrieb ...:`, Apple Mail's `Am
    06.03.2026 um 10:00 schrieb ...:`): "Am", a date (some digit), "schrieb", a name, a colon at the
    end, on a line of at most INTRO_CHARS characters."""
    if len(line) > INTRO_CHARS:
        return False
    text = " ".join(line.split())
    if not text.endswith(":") or text[:3].lower() != "am ":
        return False
    date, schrieb, name = text[:-1].lower().partition(" schrieb ")
    return bool(schrieb) and any(c.isdigit() for c in date) and bool(name.strip())


def _wrapped_german_intro(out: list[Line], line: str) -> bool:
    """The line ends a German intro begun on the line before (the player's own, unquoted)."""
    return bool(out) and out[-1].own and bool(out[-1].text.strip()) and german_intro(out[-1].text + " " + line)


def _next_is_quote(lines: list[str], start: int) -> bool:
    for line in lines[start:]:
        if line.strip():
            return bool(_QUOTE.match(line))
    return False
