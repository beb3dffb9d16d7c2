"""The order form a newsletter prints for each company (or player) to fill in, and its marks.

A form is a block of order lines that begins with its GAME line; its header lines come from
`header_lines`, and what the player fills in is written as a blank, `<...>` (the CODE line's
blank is CODE_BLANK). The text newsletter prints its forms under `heading`. The newsletters write
forms with these, and the mail reader (mail/replystyle.py) finds a filled form by the same marks:
a form whose CODE line holds a code instead of its blank is a filled form.
"""

from __future__ import annotations

import re

CODE_BLANK = "<your order code>"
BLANK = re.compile(r"<[^<>@]*>")                 # a blank to fill in (an address <a@b> is none)
FORM_START = "GAME"                              # the keyword of a form's first line


def heading(turn: int | str) -> str:
    """The heading the text newsletter prints above its forms."""
    return f"ORDER FORMS FOR ROUND {turn}"


def header_lines(game: str, company: str, turn: int | str, keyword: str = "COMPANY") -> list[str]:
    """The header of a form: GAME, COMPANY (or PLAYER), CODE with its blank, ROUND."""
    return [f"{FORM_START} {game}", f"{keyword} {company}", f"CODE {CODE_BLANK}", f"ROUND {turn}"]


def blank(line: str) -> bool:
    """Whether a line still holds a blank of the form."""
    return bool(BLANK.search(line))
