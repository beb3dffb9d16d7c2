"""The marks of an order form in what the umpire writes, for the writers (the Dampfross
newsletter's forms, a Volldampf player's own form on his private sheet: orderform.py) and the
readers (order_header.clean_lines, mail/replystyle.py): the title line (`ORDER FORM FOR TURN 3A`,
`ORDER FORMS FOR ROUND 3`), then each form from its `GAME` line, with `CODE <your order code>`
left for the player to fill in and any other blank written `<...>`. A title line sent back with
an order is not read as an order line; a form whose CODE line holds a code instead of its blank
is a filled form.
"""

from __future__ import annotations

import re

TITLE = re.compile(r"^\s*ORDER FORMS? FOR (?:ROUND|TURN) (\S+)\s*$")
CODE_BLANK = "<your order code>"
CODE_LINE = f"CODE {CODE_BLANK}"
FORM_START = "GAME"                              # the keyword of a form's first line
BLANK = re.compile(r"<[^<>@]*>")                 # a blank to fill in (an address <a@b> is none)


def title(turn: int | str, forms: int = 1) -> str:
    """The title above the forms of `turn` (a round number, or a turn name such as `3A`)."""
    when = f"TURN {turn}" if isinstance(turn, str) else f"ROUND {turn}"
    return f"ORDER FORM{'S' if forms != 1 else ''} FOR {when}"


def turn_of_title(line: str) -> str | None:
    """The round or turn a title line names (as written), or None if the line is no title."""
    found = TITLE.match(line)
    return found.group(1) if found else None


def header_lines(game: str, seat: str, turn: int | str, keyword: str = "COMPANY") -> list[str]:
    """The header of a form: GAME, COMPANY (or PLAYER), CODE with its blank, ROUND."""
    return [f"{FORM_START} {game}", f"{keyword} {seat}", CODE_LINE, f"ROUND {turn}"]


def blank(line: str) -> bool:
    """Whether a line still holds a blank of the form."""
    return bool(BLANK.search(line))
