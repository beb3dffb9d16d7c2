"""The order header every game family shares, and the way order text is cleaned before reading.

An order is plain text, one order a line; keywords are case-insensitive, `#` starts a comment,
blank lines are skipped. In mail, quoted lines (`>`) and everything after a signature line
(`-- `) are ignored. The header lines are

    GAME ireland-1
    COMPANY red          # PLAYER is a synonym
    CODE tulip-42        # required by mail
    ROUND 3              # optional; a family whose rounds have turns names the turn: ROUND 3B, ROUND 3A2

and the family's own parser reads every other line (the order body).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from . import form_marks, keywords
from .echo import Masker, quote
from .language import ENGLISH, _, current, ngettext
from .words import listed

HEADER_KEYWORDS = ("GAME", "COMPANY", "PLAYER", "CODE", "ROUND")
TURN_NAME = re.compile(r"^(\d{1,4})([A-Za-z])(\d{0,2})$")

# How orders are read. A game keeps the reading it was made under (game.yaml `order_reading`; games
# made before it was recorded read as 1), so a newer umpire replays an older game as it was played:
#   1  as before;
#   2  a line `PASS` is an order of its own (the defaults of the turn); every Unicode dash or minus
#      reads as `-`; an order in which nothing for the open turn was read is no order;
#   3  German keywords read as their English twins (kernel/keywords.py), in every game.
ORDER_READING = 3
PASS_LINE = re.compile(r"^\s*PASS\s*[.!]?\s*$", re.IGNORECASE)
_PASS_GERMAN = re.compile(r"^\s*PASSE\s*[.!]?\s*$", re.IGNORECASE)


def is_pass(line: str) -> bool:
    """A line `PASS` (and, where German is read, `PASSE`): an order of its own (reading 2 on)."""
    return bool(PASS_LINE.match(line) or keywords.in_force() and _PASS_GERMAN.match(line))
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"})


def reading_of(config: dict) -> int:
    """The reading of orders a game keeps (see ORDER_READING)."""
    return int(config.get("order_reading", 1))


def plain_dashes(text: str) -> str:
    """The text with every Unicode dash and minus written `-` (hyphens, en and em dashes, the
    minus sign, their small and full-width forms), as reading 2 reads them."""
    return text if text.isascii() else text.translate(_DASHES)


class OrderLineError(ValueError):
    """A line the umpire cannot read; the message says what would work."""


@dataclass
class LineError:
    line: int
    text: str
    message: str

    def __str__(self):
        return _("line {number}: {text}: {message}").format(number=self.line, text=quote(self.text.strip()),
                                                             message=self.message)


def refused_order_lines(errors, keywords) -> str:
    """The refused lines of an order that begin with one of `keywords` (the family's order lines,
    not the header), as `line 5 (BUILD)` or `lines 5 (BUILD) and 7 (RACE)`; "" if there are none.
    A confirmation that read no order line names them, so the player sees his line was there."""
    found = []
    for e in errors:
        words = str(getattr(e, "text", "")).split()
        if words and words[0].upper() in keywords:
            found.append(f"{e.line} ({words[0].upper()})")
    if not found:
        return ""
    return ngettext("line {lines} is refused", "lines {lines} are refused", len(found)).format(lines=listed(found))


def clean_lines(text: str):
    """Numbered lines with comments, quotes, the title of an order form sent back with it
    (`ORDER FORM FOR TURN 3A`) and the signature taken off: (number, raw line, text)."""
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.rstrip() == "--" or raw.startswith("-- "):
            return
        if raw.lstrip().startswith(">") or form_marks.turn_of_title(raw) is not None:
            continue
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, raw, line


def game_named(text: str) -> str | None:
    """The game an order text names: the word of its first GAME line (`GAME g1`, `Game: g1`), read as
    the families read their header (quotes, comments and the signature left out), or None."""
    with keywords.reading_words(keywords.GERMAN_READING):         # `SPIEL g1` too: the game decides
        for _number, raw, _text in clean_lines(text):
            keyword, _word, rest = keyword_of(visible(raw))
            if keyword == "GAME":
                words = rest.split()
                return words[0] if len(words) == 1 else None
    return None


def one_word(rest: str, keyword: str, example: str) -> str:
    if not rest or len(rest.split()) != 1:
        raise OrderLineError(_("{keyword} takes one word, e.g. {example}.").format(
            keyword=keywords.written_line(keyword), example=keywords.written_line(example)))
    return rest


def read_header(keyword: str, rest: str, order, turns: bool = False):
    """Set the header field of `order` a header line names (keyword upper case, `rest` stripped).

    With `turns`, ROUND takes a turn name (`3B`, `3A2`, read upper case) as well as a round number;
    without, a round number only (an int)."""
    if keyword == "GAME":
        order.game = one_word(rest, "GAME", "GAME ireland-1")
    elif keyword in ("COMPANY", "PLAYER"):
        order.company = one_word(rest, keyword, "COMPANY red").lower()
    elif keyword == "CODE":
        order.code = one_word(rest, "CODE", "CODE tulip-42")
    elif keyword == "ROUND":
        order.round = read_round(rest, turns)
    else:
        raise ValueError(f"{keyword} is not a header keyword")


def turn_words(turn: int | str) -> str:
    """A round or mail turn as a sentence names it: `round 3`, or `turn 3B`."""
    return _("turn {turn}").format(turn=turn) if isinstance(turn, str) else _("round {round}").format(round=turn)


def turn_start(turn: int | str) -> str:
    """`turn_words` at the start of a sentence: `Round 3` (in English `str.capitalize`d, as always
    written: `Turn 3b`); German `Runde 3`, `Zug 3B`."""
    words = turn_words(turn)
    return words.capitalize() if current() == ENGLISH else words[:1].upper() + words[1:]


def form_title(turn: int | str) -> str:
    """The heading above a player's own form in a mail: `YOUR ORDER FORM FOR ROUND 3`."""
    return _("YOUR ORDER FORM FOR {TURN}").format(TURN=turn_words(turn).upper())


def read_round(rest: str, turns: bool) -> int | str:
    if rest.isascii() and rest.isdigit():
        return int(rest)
    compact = "".join(rest.split())                   # ROUND 1 A
    if turns and TURN_NAME.match(compact):
        return compact.upper()
    if turns:
        raise OrderLineError(_("ROUND takes the open turn, round number and turn letter, e.g. ROUND 3B."))
    raise OrderLineError(_("ROUND takes the round number, e.g. ROUND 3."))


def decode(data: bytes) -> str:
    """The text of an order file or mail body: UTF-8 (with or without its mark), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def visible(raw: str) -> str:
    """A line as it is read: any Unicode space a plain space; invisible format characters
    (zero-width spaces, direction marks, a byte-order mark) left out. (ASCII has no format
    character, and its spaces are the ones `str.isspace` knows: an ASCII line is translated.)"""
    if raw.isascii():
        return raw.translate(_ASCII_SPACES)
    return "".join(" " if ch.isspace() else ch for ch in raw if unicodedata.category(ch) != "Cf")


_ASCII_SPACES = {c: " " for c in range(128) if chr(c).isspace() and c != 32}


def control_char(line: str) -> str | None:
    """The first control character (or lone surrogate) of a line, if any. (In ASCII these are
    the characters below the space and DEL: an ASCII line is searched for them at once.)"""
    if line.isascii():
        m = _ASCII_CONTROL.search(line)
        return m.group() if m else None
    return next((ch for ch in line if unicodedata.category(ch) in ("Cc", "Cs")), None)


_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def keyword_of(shown: str) -> tuple[str, str, str]:
    """A visible line's order keyword (upper case, without a colon), its first word and the rest;
    a German keyword (where the order's reading reads German: kernel/keywords.py) as its English
    twin, and the rest's little words with it."""
    line = shown.split("#", 1)[0].strip()
    word, _, rest = line.partition(" ")
    keyword, german = keywords.english_keyword(word.rstrip(":"))
    return keyword.rstrip(":"), word, keywords.english_rest(rest.strip()) if german else rest.strip()


def code_masker(codes: Iterable[str]) -> Masker:
    """The masker of a game's order codes, made once per set of codes (they mask order after order)."""
    return _masker(tuple(c for c in codes if isinstance(c, str)))


@lru_cache(maxsize=64)
def _masker(codes: tuple[str, ...]) -> Masker:
    return Masker(codes)


def mask_codes(text: str, codes: Iterable[str]) -> str:
    """The order text with every token equal to one of `codes` masked (see echo.Masker), except
    on CODE lines, whose word is the code to be checked (and which the parser never echoes)."""
    mask = code_masker(codes)
    out = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        shown = visible(body)
        masked = mask(shown)
        if masked != shown and keyword_of(shown)[0] != "CODE":
            line = masked + line[len(body):]
        out.append(line)
    return "".join(out)


# -- press: what a player writes for the others, cut off before the order is read (umpire/usecases/press.py) --
PRESS_LIMIT = 3000                 # characters of press printed from one order
_START = re.compile(r"^\s*PRESS(?:\s+(GREY|GRAY|ANON|ANONYMOUS))?\s*:?\s*$", re.IGNORECASE)
_END = re.compile(r"^\s*END\s*PRESS\s*$", re.IGNORECASE)
_START_GERMAN = re.compile(r"^\s*PRESSE(?:\s+(ANONYM|GRAU))?\s*:?\s*$", re.IGNORECASE)
_END_GERMAN = re.compile(r"^\s*(PRESSE\s*ENDE|ENDE\s*PRESSE)\s*$", re.IGNORECASE)


def _press_start(raw: str):
    return _START.match(raw) or (keywords.in_force() and _START_GERMAN.match(raw)) or None


def _press_end(raw: str) -> bool:
    return bool(_END.match(raw) or keywords.in_force() and _END_GERMAN.match(raw))


@dataclass(frozen=True)
class Press:
    text: str
    grey: bool
    line: int                      # the PRESS line
    cut: bool = False              # longer than PRESS_LIMIT: the rest is not printed


# a player's line to the umpire, read by the shell (umpire/mail/commands.py), never by a family's parser
PLAYER_COMMAND = re.compile(r"^\s*(ABSENT\s+FROM\s+\S+\s+TO\s+\S+|RESEND|STATUS|WAIT)\s*$", re.IGNORECASE)
_PLAYER_COMMAND_GERMAN = re.compile(r"^\s*(ABWESEND\s+VON\s+\S+\s+BIS\s+\S+|NOCHMAL|STAND|WARTEN)\s*$", re.IGNORECASE)


def player_command(raw: str) -> str | None:
    """A player's line to the umpire (PLAYER_COMMAND; in German where German is read), as the
    English command it is (`ABWESEND VON 3.4. BIS 9.4.` as `ABSENT FROM 3.4. TO 9.4.`); None if it is none."""
    if PLAYER_COMMAND.match(raw):
        return " ".join(raw.split())
    if keywords.in_force() and _PLAYER_COMMAND_GERMAN.match(raw):
        words = raw.split()
        english = {"ABWESEND": "ABSENT", "VON": "FROM", "BIS": "TO", "NOCHMAL": "RESEND", "STAND": "STATUS",
                   "WARTEN": "WAIT"}
        return " ".join(english[w.upper()] if i in (0, 1, 3) or len(words) == 1 else w for i, w in enumerate(words))
    return None


def split_press(text: str) -> tuple[str, list[Press]]:
    """The order without its press and a player's lines to the umpire (ABSENT, RESEND, STATUS,
    WAIT: blanked, so line numbers stay) and the press."""
    lines = text.splitlines()
    kept, items = list(lines), []
    i = 0
    while i < len(lines):
        raw = lines[i]
        if raw.rstrip() == "--" or raw.startswith("-- "):
            break
        m = _press_start(raw)
        if not m:
            if player_command(raw):
                kept[i] = ""
            i += 1
            continue
        start, body = i, []
        kept[i] = ""
        i += 1
        while i < len(lines) and not _press_end(lines[i]) and not (
                lines[i].rstrip() == "--" or lines[i].startswith("-- ")):
            if not lines[i].lstrip().startswith(">"):
                body.append(lines[i].rstrip())
            kept[i] = ""
            i += 1
        if i < len(lines) and _press_end(lines[i]):
            kept[i] = ""
            i += 1
        words = "\n".join(body).strip("\n")
        if words.strip():
            items.append(Press(words[:PRESS_LIMIT], bool(m.group(1)), start + 1, len(words) > PRESS_LIMIT))
    return "\n".join(kept) + ("\n" if text.endswith("\n") else ""), items
