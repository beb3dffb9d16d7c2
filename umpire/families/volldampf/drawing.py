"""The Volldampf board drawn on one A4 landscape page with reportlab, or by the same code as a
PNG for the mail (umpire/render/raster.py's bitmap canvas).

The geography (land, lakes, rivers, borders) comes from the board's outline; on it every
link is a line with its track space (the region's symbol in the region's colour, the cost
inside), every location a coloured disc with its name, and the income track runs round the
edge from the start space at the bottom right. A `Position` adds what the game has put on
the board: owners' sections in player colours, cubes on their locations, each player's
marker on the income track. Same board and position, same drawing.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from ...kernel.language import _
from ...render.fitting import fitted
from ...render.fonts import BOLD, SANS, drawable, register
from ...render.pdfsettings import new_canvas
from ...render.raster import RasterCanvas
from .board import Board
from .journal_words import card as card_said
from .journal_words import colour as colour_said
from .markers import (
    CUBE,
    DISC,
    MORE_SIZE,
    NAME_SIZE,
    SYMBOL,
    Block,
    cube_blocks,
    link_ends,
    name_box,
    offsets,
    symbol_points,
)

PAGE = landscape(A4)
MARGIN = 16.0
TRACK_CELL = 19.0
TRACK_ACROSS, TRACK_DOWN = 31, 21          # cells along the long and short edges, corners shared
TRACK_SPACES = 2 * TRACK_ACROSS + 2 * TRACK_DOWN - 4
PANEL = 92.0                                # the legend's width at the right of the map
PICTURE_WIDTH = 1600                        # pixels across the PNG: a phone shows it whole and zooms into it

PALETTE = {
    "blue": "#2457c5", "violet": "#9a4fd0", "red": "#d42a2a", "yellow": "#f3c614",
    "green": "#2f8f4e", "pink": "#e2609f", "purple": "#6d2a86", "orange": "#e5861c",
    "brown": "#8a5a2b", "teal": "#1a9aa8", "black": "#222222", "white": "#ffffff",
    "grey": "#8c8c8c", "gray": "#8c8c8c",
}
SEA = colors.HexColor("#dcebf5")
LAND = colors.HexColor("#f6f1e3")
BORDER = colors.HexColor("#9a8f7a")
RIVER = colors.HexColor("#8fb8d8")
TRACK = colors.HexColor("#55504a")
INK = colors.HexColor("#222222")


def colour(name: str) -> colors.Color:
    """A colour by name (`blue`, `violet`, ...) or as `#rrggbb`; anything else is drawn grey."""
    text = str(name).strip().lower()
    try:
        return colors.HexColor(PALETTE.get(text, text if text.startswith("#") else "#808080"))
    except (ValueError, TypeError):
        return colors.HexColor("#808080")


@dataclass(frozen=True)
class Position:
    """What the game has put on the board: owners by link id (their colour), cubes by
    location id (their colours, in the order they came), income per player, each
    player's colour and name (the legend lists the players in the order of `colours`)."""

    owners: Mapping[str, str] = field(default_factory=dict)
    cubes: Mapping[str, Sequence[str]] = field(default_factory=dict)
    income: Mapping[str, int] = field(default_factory=dict)
    colours: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)


class Frame:
    """Board coordinates to page points: longitude shrunk by the cosine of the middle latitude."""

    def __init__(self, board: Board, box: tuple[float, float, float, float]):
        if board.outline:
            west, south, east, north = board.outline.bounds
        else:
            xs = [loc.x for loc in board.locations.values()]
            ys = [loc.y for loc in board.locations.values()]
            pad = 0.06 * max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
            west, south, east, north = min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
        self.squeeze = math.cos(math.radians((south + north) / 2)) if board.coordinates == "lonlat" else 1.0
        width, height = (east - west) * self.squeeze, north - south
        x, y, w, h = box
        self.scale = min(w / width, h / height)
        self.x0 = x + (w - width * self.scale) / 2 - west * self.squeeze * self.scale
        self.y0 = y + (h - height * self.scale) / 2 - south * self.scale
        self.clip = (x + (w - width * self.scale) / 2, y + (h - height * self.scale) / 2,
                     width * self.scale, height * self.scale)

    def __call__(self, px: float, py: float) -> tuple[float, float]:
        return self.x0 + px * self.squeeze * self.scale, self.y0 + py * self.scale


def draw_board(c: Canvas, board: Board, position: Position | None = None, title: str | None = None):
    """Draw the board on the current page of `c`, with the position if given. The page must be
    `PAGE` (A4 landscape): in a newsletter, `c.setPageSize(PAGE)` before the page is begun."""
    register()
    position = position or Position()
    inner = _inner()
    frame = frame_for(board)
    c.saveState()
    c.setFillColor(SEA if board.outline else LAND)
    c.rect(*inner, stroke=0, fill=1)
    _geography(c, board, frame)
    _links(c, board, frame, position)
    _locations(c, board, frame, position)
    c.restoreState()
    _panel(c, board, (inner[0] + inner[2] - PANEL, inner[1], PANEL, inner[3]), title or board.title, position)
    _income_track(c, position)


def _inner() -> tuple[float, float, float, float]:
    width, height = PAGE
    edge = MARGIN + TRACK_CELL
    return edge, edge, width - 2 * edge, height - 2 * edge


def frame_for(board: Board) -> Frame:
    """Where draw_board puts the board's coordinates on the page."""
    x, y, w, h = _inner()
    return Frame(board, (x + 3, y + 3, w - PANEL - 6, h - 6))


def board_pdf(board: Board, position: Position | None = None, title: str | None = None) -> bytes:
    """The board alone as a one-page PDF (for map makers and newsletters)."""
    buffer = io.BytesIO()
    c = new_canvas(buffer, PAGE, title or board.title)
    draw_board(c, board, position, title)
    c.showPage()
    c.save()
    return buffer.getvalue()


def board_png(board: Board, position: Position | None = None, title: str | None = None) -> bytes:
    """The board page as one PNG of few colours, PICTURE_WIDTH pixels across (for the mail)."""
    c = RasterCanvas(PAGE, PICTURE_WIDTH / PAGE[0])
    draw_board(c, board, position, title)
    return c.png()


# -- geography ----------------------------------------------------------------
def _path(c: Canvas, frame: Frame, points, close: bool):
    p = c.beginPath()
    for i, (x, y) in enumerate(points):
        (p.moveTo if i == 0 else p.lineTo)(*frame(x, y))
    if close:
        p.close()
    return p


def _geography(c: Canvas, board: Board, frame: Frame):
    outline = board.outline
    if outline is None:
        return
    c.saveState()
    clip = c.beginPath()
    clip.rect(*frame.clip)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(LAND)
    c.setStrokeColor(colors.HexColor("#7a9cb5"))
    c.setLineWidth(0.5)
    c.setLineJoin(1)
    for ring in outline.land:
        c.drawPath(_path(c, frame, ring, True), stroke=0, fill=1)
    for ring in outline.land:
        for run in _coast(ring, outline.bounds):
            c.drawPath(_path(c, frame, run, False), stroke=1, fill=0)
    c.setFillColor(SEA)
    for ring in outline.lakes:
        c.drawPath(_path(c, frame, ring, True), stroke=1, fill=1)
    c.setStrokeColor(RIVER)
    c.setLineWidth(0.7)
    for line in outline.rivers:
        c.drawPath(_path(c, frame, line, False), stroke=1, fill=0)
    c.setStrokeColor(BORDER)
    c.setLineWidth(0.9)
    c.setDash(3, 1.5)
    for line in outline.borders:
        c.drawPath(_path(c, frame, line, False), stroke=1, fill=0)
    c.restoreState()


def _coast(ring, bounds) -> list[list[tuple[float, float]]]:
    """A land ring as runs of coast, without the stretches along the map's edge (cuts, not coast)."""
    west, south, east, north = bounds

    def on_edge(p, q):
        return any(abs(p[i] - v) < 1e-6 and abs(q[i] - v) < 1e-6
                   for i, v in ((0, west), (0, east), (1, south), (1, north)))

    runs, run = [], []
    for p, q in zip(ring, ring[1:]):
        if on_edge(p, q):
            if len(run) > 1:
                runs.append(run)
            run = []
        else:
            run = run or [p]
            run.append(q)
    if len(run) > 1:
        runs.append(run)
    return runs


# -- links --------------------------------------------------------------------
def _links(c: Canvas, board: Board, frame: Frame, position: Position):
    shift = offsets(board)
    c.setLineCap(1)
    for link in board.links.values():
        x1, y1, x2, y2 = link_ends(board, frame, link, shift[link.id])
        owner = position.owners.get(link.id)
        if owner:
            c.setStrokeColor(INK)
            c.setLineWidth(5.2)
            c.line(x1, y1, x2, y2)
            c.setStrokeColor(colour(owner))
            c.setLineWidth(4.0)
        else:
            c.setStrokeColor(TRACK)
            c.setLineWidth(1.3)
        c.line(x1, y1, x2, y2)
    for link in board.links.values():
        x1, y1, x2, y2 = link_ends(board, frame, link, shift[link.id])
        region = board.regions[link.region]
        _track_space(c, (x1 + x2) / 2, (y1 + y2) / 2, region.name, colour(region.colour), link.cost,
                     position.owners.get(link.id))


def _track_space(c: Canvas, x: float, y: float, symbol: str, fill: colors.Color, cost: int | None,
                 owner: str | None):
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(colour(owner) if owner else colors.white)
    c.setLineWidth(1.6 if owner else 0.8)
    if symbol == "circle":
        c.circle(x, y, SYMBOL, stroke=1, fill=1)
    else:
        p = c.beginPath()
        for i, pt in enumerate(symbol_points(symbol, x, y, SYMBOL)):
            (p.moveTo if i == 0 else p.lineTo)(*pt)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
    if cost is None:
        c.restoreState()
        return
    c.setFillColor(colors.white)
    size = 6.4 if cost < 10 else 5.6
    dy = -0.9 if symbol == "triangle" else 0
    c.setFont(BOLD, size)
    c.drawCentredString(x, y - size * 0.35 + dy, str(cost))
    c.restoreState()


# -- locations ----------------------------------------------------------------
def _locations(c: Canvas, board: Board, frame: Frame, position: Position):
    for loc in board.locations.values():
        x, y = frame(loc.x, loc.y)
        foreign = loc.colour in ("red", "yellow")
        c.setFillColor(colour(loc.colour) if loc.coloured else colors.white)
        c.setStrokeColor(INK)
        c.setLineWidth(1.0)
        if foreign:
            c.rect(x - DISC, y - DISC, 2 * DISC, 2 * DISC, stroke=1, fill=1)
        else:
            c.circle(x, y, DISC if loc.coloured else DISC * 0.6, stroke=1, fill=1)
        left, base, box = name_box(loc, x, y)
        c.setFillColor(colors.Color(1, 1, 1, alpha=0.78))
        c.rect(*box, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, NAME_SIZE)
        c.drawString(left, base, drawable(loc.name))
    for block in cube_blocks(board, frame, position.cubes):
        _cubes(c, block)


def _cubes(c: Canvas, block: Block):
    """A location's cubes where markers.py placed them (a leader to the disc when they stand off), then `+n`."""
    if block.leader:
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.line(*block.leader)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    for x, y, cube in block.cubes:
        c.setFillColor(colour(cube))
        c.rect(x, y, CUBE, CUBE, stroke=1, fill=1)
    if block.more:
        c.setFont(BOLD, MORE_SIZE)
        c.setFillColor(INK)
        c.drawString(*block.more_at, f"+{block.more}")


# -- legend and income track ----------------------------------------------------
def _panel(c: Canvas, board: Board, box, title: str, position: Position):
    x, y, w, h = box
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.setFillColor(INK)
    top = y + h - 16
    size = min(10, *(fitted(word, BOLD, 10, w - 10) for word in title.split()))
    for line in _wrap(c, title, BOLD, size, w - 10):
        c.setFont(BOLD, size)
        c.drawString(x + 5, top, line)
        top -= size + 2
    c.setFont(SANS, 6.5)
    c.drawString(x + 5, top, board.name)
    c.drawString(x + 5, top - 8, _("{locations} locations, {links} links").format(locations=len(board.locations),
                                                                                  links=len(board.links)))
    top -= 26
    regions = _("Regions (track cards)")
    c.setFont(BOLD, fitted(regions, BOLD, 7.5, w - 10))
    c.drawString(x + 5, top, regions)
    top -= 16
    counts = {name: sum(1 for link in board.links.values() if link.region == name) for name in board.regions}
    for region in board.regions.values():
        _track_space(c, x + 13, top + 2, region.name, colour(region.colour), None, None)
        c.setFillColor(INK)
        c.setFont(SANS, 7)
        c.drawString(x + 25, top + 3.5, card_said(region.name))
        links = _("{links} links, {cards} cards").format(links=counts[region.name], cards=region.cards)
        c.setFont(SANS, fitted(links, SANS, 5.8, w - 30))
        c.drawString(x + 25, top - 3.5, links)
        top -= 20
    top -= 4
    c.setFont(BOLD, 7.5)
    c.drawString(x + 5, top, _("Locations"))
    top -= 13
    for name, foreign in (("blue", False), ("violet", False), ("red", True), ("yellow", True)):
        c.setFillColor(colour(name))
        c.setStrokeColor(INK)
        if foreign:
            c.rect(x + 13 - DISC, top - DISC + 2, 2 * DISC, 2 * DISC, stroke=1, fill=1)
        else:
            c.circle(x + 13, top + 2, DISC, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(SANS, 6.5)
        n = len(board.of_colour(name))
        c.drawString(x + 25, top, (_("{colour}: {n} abroad") if foreign else _("{colour}: {n} German")).format(
            colour=colour_said(name), n=n))
        top -= 14
    c.setFont(SANS, 5.8)
    for line in _("A link: its region's symbol\nand its cost in marks.\nIncome track round the\n"
                  "edge: start bottom right.").splitlines():
        c.drawString(x + 5, top, line)
        top -= 7.5
    if position.colours:
        _players(c, x, top - 8, w, position)


def _players(c: Canvas, x: float, top: float, w: float, position: Position):
    """The players' legend: each one's sections as drawn, his name, id and income marker."""
    c.setFillColor(INK)
    c.setFont(BOLD, 7.5)
    c.drawString(x + 5, top, _("Players"))
    top -= 13
    for player, name in position.colours.items():
        c.setLineCap(1)
        c.setStrokeColor(INK)
        c.setLineWidth(5.2)
        c.line(x + 7, top + 2, x + 20, top + 2)
        c.setStrokeColor(colour(name))
        c.setLineWidth(4.0)
        c.line(x + 7, top + 2, x + 20, top + 2)
        c.setFillColor(INK)
        label = drawable(position.names.get(player, player))
        c.setFont(SANS, fitted(label, SANS, 7, w - 30))
        c.drawString(x + 25, top + 3.5, label)
        detail = drawable(_("{player}, {colour}, income {income}").format(player=player, colour=colour_said(name),
                                                                          income=position.income.get(player, 0)))
        c.setFont(SANS, fitted(detail, SANS, 5.8, w - 30))
        c.drawString(x + 25, top - 3.5, detail)
        top -= 18


def _wrap(c: Canvas, text: str, font: str, size: float, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and c.stringWidth(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def track_cell(n: int) -> tuple[float, float]:
    """Lower-left corner of income space n (0 at the bottom right, clockwise round the page)."""
    width, height = PAGE
    n %= TRACK_SPACES
    across = (width - 2 * MARGIN - TRACK_CELL) / (TRACK_ACROSS - 1)
    down = (height - 2 * MARGIN - TRACK_CELL) / (TRACK_DOWN - 1)
    right, top = width - MARGIN - TRACK_CELL, height - MARGIN - TRACK_CELL
    if n < TRACK_ACROSS:                                    # bottom, right to left
        return right - n * across, MARGIN
    n -= TRACK_ACROSS - 1
    if n < TRACK_DOWN:                                      # left side, upwards
        return MARGIN, MARGIN + n * down
    n -= TRACK_DOWN - 1
    if n < TRACK_ACROSS:                                    # top, left to right
        return MARGIN + n * across, top
    n -= TRACK_ACROSS - 1
    return right, top - n * down                            # right side, downwards


def _income_track(c: Canvas, position: Position):
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    for n in range(TRACK_SPACES):
        x, y = track_cell(n)
        c.setFillColor(colors.HexColor("#efe6cf") if n % 10 else colors.HexColor("#d9c79a"))
        c.rect(x, y, TRACK_CELL, TRACK_CELL, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD if n % 10 == 0 else SANS, 6)
        c.drawCentredString(x + TRACK_CELL / 2, y + TRACK_CELL - 7, "Start" if n == 0 else str(n))
    at: dict[int, list[str]] = {}
    for player, income in position.income.items():
        at.setdefault(max(0, income) % TRACK_SPACES, []).append(player)
    for n, players in at.items():
        x, y = track_cell(n)
        for i, player in enumerate(players):
            step = (TRACK_CELL - 6) / max(1, len(players) - 1) if len(players) > 1 else 0
            cx = x + 4.5 + i * step if len(players) > 1 else x + TRACK_CELL / 2
            c.setFillColor(colour(position.colours.get(player, "black")))
            c.setStrokeColor(INK)
            c.circle(cx, y + 5, 3.3, stroke=1, fill=1)
    c.restoreState()
