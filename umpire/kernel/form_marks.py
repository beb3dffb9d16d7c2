"""The marks of an order form in what the umpire writes, for the writers (the Dampfross
newsletter's forms, a Volldampf player's own form on his private sheet: orderform.py) and the
readers (order_header.clean_lines, mail/replystyle.py): the title line (`ORDER FORM FOR TURN 3A`,
`ORDER FORMS FOR ROUND 3`), then each form from its `GAME` line, with `CODE <your order code>`
left for the player to fill in and any other blank written `<...>`. A title line sent back with
an order is not read as an order line; a form whose CODE line holds a code instead of its blank
is a filled form. Written for a German reader, a form is German (`BEFEHLSBÖGEN FÜR RUNDE 3`,
`SPIEL`, `GESELLSCHAFT`, `CODE <Ihr Befehlscode>`, `RUNDE`: kernel/keywords.py `written_line`), and read
back in every game that reads German.
"""

from __future__ import annotations

import re

from .keywords import in_force, written_line
from .language import N_, _, ngettext

TITLE = re.compile(r"^\s*ORDER FORMS? FOR (?:ROUND|TURN) (\S+)\s*$")
GERMAN_TITLE = re.compile(r"^\s*BEFEHLSB(?:O|OE|Ö)GEN\s+F(?:U|UE|Ü)R\s+(?:RUNDE|ZUG)\s+(\S+)\s*$", re.IGNORECASE)
CODE_BLANK = N_("<your order code>")
FORM_START = "GAME"                              # the keyword of a form's first line
BLANK = re.compile(r"<[^<>@]*>")                 # a blank to fill in (an address <a@b> is none)


def title(turn: int | str, forms: int = 1) -> str:
    """The title above the forms of `turn` (a round number, or a turn name such as `3A`), in the
    language in force."""
    if isinstance(turn, str):
        return ngettext("ORDER FORM FOR TURN {turn}", "ORDER FORMS FOR TURN {turn}", forms).format(turn=turn)
    return ngettext("ORDER FORM FOR ROUND {round}", "ORDER FORMS FOR ROUND {round}", forms).format(round=turn)


def turn_of_title(line: str) -> str | None:
    """The round or turn a title line names (as written), or None if the line is no title; a German
    title where German is read."""
    found = TITLE.match(line) or (GERMAN_TITLE.match(line) if in_force() else None)
    return found.group(1) if found else None


def code_line(code: str | None = None) -> str:
    """A form's CODE line: with `code`, or with its blank."""
    return f"{written_line('CODE')} {code or _(CODE_BLANK)}"


def header_lines(game: str, seat: str, turn: int | str, keyword: str = "COMPANY",
                 family: str | None = None) -> list[str]:
    """The header of a form: GAME, COMPANY (or PLAYER), CODE with its blank, ROUND; in the words of
    the language in force."""
    return [f"{written_line(FORM_START)} {game}", f"{written_line(keyword)} {seat}", code_line(),
            f"{written_line('ROUND', family)} {turn}"]


def is_code_blank(line: str) -> bool:
    """Whether a line is a form's CODE line with its blank, in any language."""
    head, _sep, rest = line.strip().partition(" ")
    return head.upper() in ("CODE", written_line("CODE").upper()) and blank(rest)


def blank(line: str) -> bool:
    """Whether a line still holds a blank of the form."""
    return bool(BLANK.search(line))
