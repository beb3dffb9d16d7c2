"""A Volldampf newsletter's parts for its web page: the board as SVG drawn by the same code as
the PDF page (owners, cubes, income track), every link's id written beside its track space as
real text, every player's income round by round as a chart, and the players as a table (marks
left out where the game hides them)."""

from __future__ import annotations

import math

from ...kernel.language import N_, _
from ...render.chart import Line, chart_svg, line_chart
from ...render.fonts import SANS, drawable
from ...render.overlay import line_sample, rgb
from ...render.svg import SvgCanvas
from ..base import WebIssue, WebMap, WebTable, chart_numbers
from .drawing import PAGE, colour, draw_board, frame_for
from .markers import SYMBOL, link_ends, offsets
from .report import board_position, player_colours
from .web_turn import turn_drawing

ID_SIZE = 4.6             # points: a link id beside its track space
CHART_WIDTH = 520         # points: the chart scales to the page's width
CHART_LABEL = N_("Every player's income, round by round")
PALE = (0.62, 0.62, 0.62), (2, 1.5)       # a white player's line, on the white page: grey, dashed


def web_issue(board, rules, state, number: int, events: list[dict]) -> WebIssue:
    c = SvgCanvas(PAGE)
    title = _("{game} newsletter {number}").format(game=state.game, number=f"{number:03d}")
    draw_board(c, board, board_position(state), title)
    _link_ids(c, board)
    label = _("The board of {board} after newsletter {number}").format(board=board.title, number=f"{number:03d}")
    lines = income_lines(state, events)
    grey = any(line.dash for line in lines)
    caption = _("Every player's income, round by round (white as a grey dashed line)") if grey else _(CHART_LABEL)
    chart = line_chart(lines, CHART_WIDTH, "income")
    drawn, keys = turn_drawing(board, state, events)
    key, numbers = chart_key(state, lines, caption) if chart else (None, None)
    return WebIssue(map=WebMap(PAGE[0], PAGE[1], c.body() + drawn, label, keys=keys), tables=[players(rules, state)],
                    chart=chart_svg(chart, caption) if chart else None, chart_label=caption, chart_key=key,
                    chart_table=numbers, replaces=("Players",), reworded=PUBLIC_WORDS)


def chart_key(state, lines: list[Line], caption: str):
    """The income chart's legend (each player's line as drawn, his latest income) and its numbers."""
    rows = [(line_sample(rgb(line.colour), " ".join(str(d) for d in line.dash)),
             [f"{state.names.get(p, p)} ({p})", line.points[-1][1]]) for p, line in zip(state.seats, lines)]
    points = {p: line.points for p, line in zip(state.seats, lines)}
    return chart_numbers(caption, _("player"), _("income"), rows, points)


PUBLIC_WORDS = (     # the text edition speaks to the player who reads his mail; the public page does not
    ("Your own order form for this turn, with examples you can send now, ends your private sheet.",
     "Each player's own order form for this turn, with examples, ends his private sheet (mailed, never published)."),
    ("your highest bid", "the player's highest bid"), ("groups you want", "groups the player wants"),
    ("keeps your bids", "keeps the player's bids"))


def income_lines(state, events: list[dict]) -> list[Line]:
    """Each player's income from the start (0) to each round's payout, in his colour (see PALE)."""
    colours = player_colours(state.seats)
    out = []
    for p in state.seats:
        points = [(0, 0)] + [(e["round"], e["income"]) for e in events if e.get("type") == "payout"
                             and e.get("player") == p]
        rgb = colour(colours[p]).rgb()
        out.append(Line(*PALE, points) if min(rgb) > 0.9 else Line(rgb, (), points))
    return out


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
    hidden = rules.options.money == "hidden"
    at_end = rules.bonds.income_at_end
    colours = player_colours(state.seats)
    places = state.places or state.last_places
    rows = [[places.get(p, "-"), f"{state.names.get(p, p)} ({p})", colours[p], "-" if hidden else state.cash(p),
             state.income_of(p), state.bonds[p], state.score(p, at_end), len(state.hands[p]),
             sum(1 for o in state.sections.values() if o == p)]
            for p in state.in_place_order(places)]
    return WebTable(_("Players"), [_("place"), _("player"), _("colour"), _("marks"), _("income"), _("bonds"),
                                   _("score"), _("cards"), _("sections")], rows)
