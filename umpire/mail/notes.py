"""What a player writes to the GM around his order: his note, never an order line.

A line the order's parser cannot read is a note when it stands before the order's header (the
first header line read: `Hi umpire,`), after its last line read (`Cheers, Alice`, `Carol C.`), or
after a sign-off (`Thanks,`), and does not look like an order line: its first word is no order
keyword of the game's family, nor one misspelt in capitals (`BUIDL`) or right before a chain of
places (`Buidl Dublin-Cork`), nor a zine label (`1a)`), and it holds no chain of hexes
(`K12-K13`). Such a line is taken out of the order (it is neither refused nor published) and kept
for the GM. Any other line that cannot be read is refused as before.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ..game import Game
from ..kernel.echo import clip
from ..kernel.language import ngettext
from ..kernel.order_header import HEADER_KEYWORDS, clean_lines, keyword_of, split_press, visible
from ..kernel.words import listed

SIGN_OFF = re.compile(
    r"^\s*(cheers|thanks|thank you|many thanks|thx|ta|best|best wishes|best regards|regards|kind regards|"
    r"warm regards|yours|yours truly|sincerely|greetings|ciao|bye|love|all the best|take care|"
    r"gru(ß|ss)|(viele|liebe|beste) grüße|mfg|cordialement|amitiés|saludos|un saludo|salut)\b[^\n]{0,60}$",
    re.IGNORECASE)
GREETING = re.compile(
    r"^\s*(hi|hiya|hello|hey|dear|good (morning|afternoon|evening|day)|hallo|moin( moin)?|servus|liebe|lieber|"
    r"guten (morgen|tag|abend)|sehr geehrte[rs]?|grüß gott|grüezi|hoi|bonjour|bonsoir|hola)\b(?P<rest>.*)$",
    re.IGNORECASE)
ENDING = re.compile(
    r"^\s*(cheers|thanks( a lot| again| in advance| very much)?|thank you( very much| in advance)?|many thanks|"
    r"thx|ta|best( wishes| regards)?|regards|kind regards|warm regards|yours( truly| sincerely)?|sincerely|"
    r"greetings|ciao|bye|love|all the best|take care|see you( soon)?|cu|cheerio|"
    r"gru(ß|ss)|(viele|liebe|beste|schöne|herzliche|freundliche) grü(ß|ss)e|mit freundlichen grü(ß|ss)en|grü(ß|ss)e|"
    r"mfg|lg|vg|danke( schön| sehr)?|dankeschön|vielen dank|besten dank|herzlichen dank|tschüss|bis bald|bis dann|"
    r"cordialement|amitiés|merci|saludos|un saludo|gracias|grazie|salut)\b(?P<rest>.*)$", re.IGNORECASE)
_ADDRESSED = {"umpire", "gm", "all", "everyone", "everybody", "there", "folks", "team", "friends", "sir", "madam",
              "zusammen", "alle", "leute", "schiedsrichter", "spielleiter", "spielleiterin", "mr", "mrs", "ms", "dr",
              "herr", "frau", "van", "von", "der", "de", "da", "di", "du", "zu", "le", "la", "and", "und", "&"}
_WORD = re.compile(r"[^\W_][\w'’.-]*|&")
_ZINE_LABEL = re.compile(r"^\s*[0-9]{1,3}[a-z]?\)", re.IGNORECASE)      # `1a) (Liverpool) - Bolton ;`
_PLACES = re.compile(r"\w{2,}\s*[-–—]\s*\w{2,}")                       # `Dublin-Cork`, `Kiel - Hamburg`
_CHAIN = re.compile(r"(?<![\w-])[A-Za-z]{1,3}[0-9]{1,3}\s*[-–—]\s*[A-Za-z]{1,3}[0-9]{1,3}(?![\w])")


@dataclass(frozen=True)
class Note:
    line: int
    text: str                   # as it may be shown (clipped, printable)

    def __str__(self):
        return f"line {self.line}: {self.text}"


def find(text: str, order, keywords: tuple[str, ...]) -> list[Note]:
    """The note lines of an order text, as the game's family read it to `order` (its `errors`
    carry line numbers; `keywords` are the family's order keywords)."""
    lines = text.splitlines()
    errors = sorted({e.line for e in getattr(order, "errors", []) if 0 < e.line <= len(lines)})
    if not errors:
        return []
    wrong = set(errors)
    cleaned = list(clean_lines(split_press(text)[0]))
    read = [n for n, _, _ in cleaned if n not in wrong]
    first, last = _order_span(lines, read)
    signed = next((n for n in errors if (first is None or n > first) and SIGN_OFF.match(visible(lines[n - 1]))),
                  None)                                   # a sign-off after the order's header
    alone = len([n for n, _, line in cleaned if n in wrong or keyword_of(visible(line))[0] not in HEADER_KEYWORDS]) == 1
    return [Note(n, clip(visible(lines[n - 1]).strip())) for n in errors
            if (_outside_order(n, first, last, signed) and not looks_like_order(lines[n - 1], keywords))
            or (not alone and reads_as_sentence(lines[n - 1], keywords))]


def _order_span(lines: list[str], read: list[int]) -> tuple[int | None, int]:
    """The first line of the order (its header, or else its first line read) and its last line read."""
    header = next((n for n in read if keyword_of(visible(lines[n - 1]))[0] in HEADER_KEYWORDS), None)
    first = header if header is not None else (read[0] if read else None)
    return first, read[-1] if read else 0


def _outside_order(n: int, first: int | None, last: int, signed: int | None) -> bool:
    """Line `n` lies before or after the order's lines, or from its sign-off on."""
    return first is None or n < first or n > last or (signed is not None and n >= signed)


_SMALL_WORDS = frozenset(
    "a an the and or but for of to in on at by with from is are was be it its this that what which who how "
    "can could would should will shall may might do does did i we you he she they my our your me us please "
    "if once when then than so as not no yes any some there here someone anyone "
    "ein eine der die das und oder aber für von zu im am ist sind war es ich wir du mein unser bitte wenn "
    "dann als nicht kein noch schon wer wie was".split())


def reads_as_sentence(line: str, keywords: tuple[str, ...]) -> bool:
    """Whether a line that begins with an order keyword, written as a word rather than in capitals,
    reads as a sentence to the GM (`Round 1 orders for Red Lines:`, `Home city, or is Berlin gone
    once someone takes it?`): four words or more, small words of prose among them (`for`, `or`,
    `is`, ...), two at least unless it ends as a sentence ends (`?`, `:`, `!`, `.`)."""
    shown = visible(line).split("#", 1)[0].strip()
    keyword, word, rest = keyword_of(shown)
    if keyword not in keywords or not rest or word.isupper():
        return False
    words = [w.strip(".,;:!?()\"'").lower() for w in shown.split()]
    small = sum(1 for w in words[1:] if w in _SMALL_WORDS)
    return len(words) >= 4 and (small >= 2 or (small >= 1 and shown[-1] in "?:!."))


def of_order(folder, text: str) -> list[Note]:
    """The note lines of an order text for a game (codes masked, read as its family reads it):
    what `mail fetch` and the GM's `umpire submit` take out of an order alike."""
    return read(folder, text)[0]


def read(folder, text: str) -> tuple[list[Note], bytes, object]:
    """The one reading of a message's text for its game: its notes to the GM, the order without
    them (the bytes stored), and that order as the game's family reads it (on its board, with its
    players, by the game's reading). The text is parsed once, and again only where notes were
    taken out of it."""
    game = Game.of(folder)
    data = text.encode("utf-8")
    order = game.read_order(data)
    with game.order_words():
        found = find(folder.order_text(data), order, game.family.order_keywords)
    if found:
        data = without(text, found).encode("utf-8")
        order = game.read_order(data)
    return found, data, order


def without(text: str, notes: list[Note]) -> str:
    """The text with the notes' lines left empty (lines keep their numbers)."""
    numbers = {n.line for n in notes}
    parts = text.splitlines(keepends=True)
    for n in numbers:
        line = parts[n - 1]
        end = line[len(line.rstrip(_LINE_ENDS)):]
        joins = n > 1 and parts[n - 2].endswith("\r") and end.startswith("\n")   # "\r" + "\n" would be one break
        parts[n - 1] = (" " if joins or not end else "") + end
    return "".join(parts)


_LINE_ENDS = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def looks_like_order(line: str, keywords: tuple[str, ...]) -> bool:
    """Whether a line reads as an order line meant as one: an order keyword first, or one misspelt
    in capitals or right before a chain of places, a zine label (`1a)`) first, or a chain of hexes in it."""
    shown = visible(line)
    keyword, word, _ = keyword_of(shown)
    if keyword in keywords:
        return True
    bare = word.strip(".,;:!?")
    misspelt = len(bare) >= 3 and bool(difflib.get_close_matches(bare.upper(), keywords, 1, 0.7))
    if misspelt and (bare.isupper() or _PLACES.match(shown.split("#", 1)[0].lstrip()[len(word):].lstrip())):
        return True
    return bool(_ZINE_LABEL.match(shown) or _CHAIN.search(shown.split("#", 1)[0]))


def summary(notes: list[Note]) -> str:
    """What a confirmation says of them: `2 lines were read as a note to the GM (lines 1 and 9).`"""
    if not notes:
        return ""
    return ngettext("1 line was read as a note to the GM (line {lines}): the GM reads it; it is not an order and "
                    "is not published.",
                    "{n} lines were read as a note to the GM (lines {lines}): the GM reads it; it is not an order "
                    "and is not published.", len(notes)).format(n=len(notes),
                                                                lines=listed([str(n.line) for n in notes]))


def said(found: list[Note]) -> list[Note]:
    """The notes that say something to the GM: not a line that only greets (`Hi umpire,`, `Hallo
    zusammen!`, `Dear Carol`) or signs off (`Cheers, Alice`, `Thanks!`, `Viele Grüße`), nor a bare
    name (`Carol C.`) after such a line or as the last line. A name is at most three words, each
    capitalised (or an initial, or a word such as `umpire`, `GM`, `all`, `zusammen`), with no `?`."""
    kept, after_ending = [], False
    for i, note in enumerate(found):
        greets, ends = (pattern.match(note.text) for pattern in (GREETING, ENDING))
        if (greets and _name(greets["rest"])) or (ends and _name(ends["rest"])):
            after_ending = after_ending or bool(ends and _name(ends["rest"]))
            continue
        if (after_ending or i == len(found) - 1) and _name(note.text, empty=False):
            continue
        kept.append(note)
    return kept


def _name(text: str, empty: bool = True) -> bool:
    """Whether the text is only a name or a way of addressing (at most three words besides `umpire`,
    `all`, `Mr`, ...; punctuation and smileys aside, no `?`), or nothing (with `empty`)."""
    if "?" in text or any(ch.isdigit() for ch in text):
        return False
    words = _WORD.findall(text)
    named = [w for w in words if w.strip(".").lower() not in _ADDRESSED]
    return (empty or bool(words)) and len(named) <= 3 and all(w[0].isupper() for w in named)
