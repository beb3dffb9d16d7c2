"""A Volldampf newsletter's parts for its web page: the board as SVG drawn by the same code as
the PDF page (owners, cubes, income track), every link's id written beside its track space as
real text, and the players as a table (marks left out where the game hides them)."""

from __future__ import annotations

import math

from ...render.fonts import SANS, drawable
from ...render.svg import SvgCanvas
from ..base import WebIssue, WebMap, WebTable
from .drawing import PAGE, draw_board, frame_for
from .markers import SYMBOL, link_ends, offsets
from .report import board_position, player_colours

ID_SIZE = 4.6             # points: a link id beside its track space


def web_issue(board, rules, state, number: int) -> WebIssue:
    c = SvgCanvas(PAGE)
    title = f"{state.game} newsletter {number:03d}"
    draw_board(c, board, board_position(state), title)
    _link_ids(c, board)
    label = f"The board of {board.title} after newsletter {number:03d}"
    return WebIssue(map=WebMap(PAGE[0], PAGE[1], c.body(), label), tables=[players(rules, state)],
                    replaces=("Players",))


def _link_ids(c: SvgCanvas, board):
    """Each link's id just off its track space, across the line from the cost."""
    frame, shift = frame_for(board), offsets(board)
    c.setFont(SANS, ID_SIZE)
    c.setFillColorRGB(0.13, 0.13, 0.13)
    for link in board.links.values():
        x1, y1, x2, y2 = link_ends(board, frame, link, shift[link.id])
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        if ny < 0:
            nx, ny = -nx, -ny
        x, y = (x1 + x2) / 2 + nx * SYMBOL * 1.9, (y1 + y2) / 2 + ny * SYMBOL * 1.9
        c.drawCentredString(x, y - ID_SIZE * 0.35, drawable(link.id))


def players(rules, state) -> WebTable:
    """The players in place order, as the text edition's table has them."""
    hidden = rules["options"]["money"] == "hidden"
    at_end = rules["bonds"]["income_at_end"]
    colours = player_colours(state.seats)
    places = state.places or state.last_places
    rows = [[places.get(p, "-"), f"{state.names.get(p, p)} ({p})", colours[p], "-" if hidden else state.cash(p),
             state.income_of(p), state.bonds[p], state.score(p, at_end), len(state.hands[p]),
             sum(1 for o in state.sections.values() if o == p)]
            for p in state.in_place_order(places)]
    return WebTable("Players", ["place", "player", "colour", "marks", "income", "bonds", "score", "cards", "sections"],
                    rows)
