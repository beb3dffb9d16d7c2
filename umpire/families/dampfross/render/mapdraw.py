"""Drawing a map on a reportlab canvas: terrain, rivers, barriers, company lines, places, and every
label placed by render/labels.py so that none covers another.

Page plans, frames and paper sizes are in render/sheets.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import FILL_NON_ZERO
from reportlab.pdfgen.pathobject import PDFPathObject

from ....kernel.language import _
from ....render.fonts import BOLD, COND, COND_BOLD, SANS, register
from ..gamemap import FOREIGN, MOUNTAIN, GameMap
from ..hexgrid import Edge, Hex, column_letters
from . import labels
from .sheets import LABEL_BAND, Frame, Sheet, Window, corners
from .styles import LineStyle, load_styles

HEX_LABEL_MIN = 5.0        # points: the smallest hex label printed
DARK_TERRAIN = MOUNTAIN | FOREIGN   # dark or hatched hexes, whose labels are drawn darker


@dataclass
class MapContent:
    """What goes on the map besides the map itself: the companies' lines."""

    owners: dict[Edge, list[str]]                  # edge -> owners, in build order
    styles: dict[str, LineStyle]                   # company -> line style, in seat order
    names: dict[str, str]                          # company -> name
    new: set[tuple[Edge, str]] = field(default_factory=set)   # (edge, company) built since the last newsletter


@dataclass
class Drawn:
    """What draw_map placed: its frame and every label (the tests look at both)."""

    frame: Frame
    labels: list[labels.Label]


def draw_map(c, game_map: GameMap, content: MapContent, pagesize, sheet: Sheet, sheets: list[Sheet] = (),
             ground_drawn: bool = True) -> Drawn:
    """Draw one sheet of the map into the map box of the current page; the overview outlines `sheets`.
    Without `ground_drawn`, the terrain, rivers and walls are left out (a web page shows them as a
    picture of their own, drawn by `background(...).drawing`)."""
    look = load_styles()
    window = sheet.window
    ground = background(game_map, pagesize, sheet, c)
    f = ground.frame
    if ground_drawn:
        ground.drawing.play(c)
    tracks = track_segments(content, f, window)
    placed = place_labels(ground, tracks)
    _hex_labels(c, [lb for lb in placed if lb.kind == "hex" and not lb.crossed], look, ground.dark)
    c.saveState()
    clip = c.beginPath()
    clip.rect(f.box[0], f.box[1], f.box[2] - f.box[0], f.box[3] - f.box[1])
    c.clipPath(clip, stroke=0, fill=0)
    _lines(c, content, tracks, f, look)
    c.restoreState()
    _hex_labels(c, [lb for lb in placed if lb.crossed], look, ground.dark, patch=True)
    ground.markers_drawing.play(c)
    c.setFillColorRGB(1, 1, 1)
    draw_labels(c, ground.mark_texts)
    _place_labels(c, [lb for lb in placed if lb.kind != "hex"])
    c.setFillColorRGB(0.15, 0.15, 0.15)
    draw_labels(c, ground.margin_texts)
    if sheet.overview:
        _sheet_outlines(c, f, [s for s in sheets if not s.overview])
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    x0, y0, x1, y1 = f.box
    c.rect(x0 - LABEL_BAND, y0 - LABEL_BAND, x1 - x0 + 2 * LABEL_BAND, y1 - y0 + 2 * LABEL_BAND, stroke=1, fill=0)
    return Drawn(f, placed)


class Recording:
    """A canvas stand-in that keeps the calls made to it, to be played on real canvases later:
    the same calls, so the same bytes, without computing the paths again."""

    def __init__(self, new_path=PDFPathObject):
        self.calls: list[tuple[str, tuple, dict]] = []
        self.beginPath = new_path

    def __getattr__(self, name: str):
        def call(*args, **kwargs):
            self.calls.append((name, args, kwargs))
        return call

    def play(self, c):
        for name, args, kwargs in self.calls:
            getattr(c, name)(*args, **kwargs)


@dataclass
class Background:
    """What of a sheet is the same in every newsletter: its frame and hexes, the terrain, rivers,
    barriers and permitted routes as drawn, the place markers' boxes and the labels to place (each
    with its spots)."""

    frame: Frame
    hexes: list[Hex]
    drawing: Recording
    markers: list[tuple[float, float, float]]
    dark: frozenset[str] = frozenset()      # the labels of hexes of dark or hatched terrain (mountains, abroad)
    spots: list[labels.Spots] = field(default_factory=list)   # each label's, over the markers, rivers and walls
    markers_drawing: Recording | None = None  # the place markers and die marks, drawn above the lines
    mark_texts: tuple[labels.Label, ...] = ()    # the die marks' numbers (white)
    margin_texts: tuple[labels.Label, ...] = ()  # column letters and row numbers
    memo: labels.Memo = field(default_factory=labels.Memo)   # the sheet's last label layout


_BACKGROUNDS: dict[tuple, Background] = {}
_KEPT = 32                 # sheets kept per process (a replay draws the same few again and again)


def background(game_map: GameMap, pagesize, sheet: Sheet, c=None) -> Background:
    """The sheet's background, made once per process for the same map, paper and window, with
    paths of the kind canvas `c` draws (a PDF canvas's unless the canvas names its `path_class`)."""
    new_path = getattr(c, "path_class", PDFPathObject)
    key = (game_map.fingerprint, tuple(pagesize), sheet.window, sheet.overview, new_path)
    ground = _BACKGROUNDS.get(key)
    if ground is None:
        if len(_BACKGROUNDS) >= _KEPT:
            _BACKGROUNDS.clear()
        ground = _BACKGROUNDS[key] = _make_background(game_map, pagesize, sheet, new_path)
    return ground


def _make_background(game_map: GameMap, pagesize, sheet: Sheet, new_path) -> Background:
    register()                 # the labels and marks are measured in the newsletter's fonts
    look, window = load_styles(), sheet.window
    f = Frame(game_map.grid, window, pagesize)
    hexes = [h for h in game_map.all_hexes if h in window]
    terrain = {h: game_map.char(h) for h in hexes}
    drawing = Recording(new_path)
    _terrain(drawing, game_map, f, terrain, look)
    _edges(drawing, game_map, f, window, look)
    _permitted_routes(drawing, game_map, f, window, look)
    detail = not sheet.overview
    drawn = Recording(new_path)
    _markers(drawn, game_map, f, window)
    markers = list(_marker_boxes(game_map, f, window))
    spots = _spots(f, markers, _edge_segments(game_map, f, window), _wants(game_map, f, terrain, detail))
    dark = frozenset(game_map.label(h) for h, ch in terrain.items() if ch in DARK_TERRAIN) if detail else frozenset()
    return Background(f, hexes, drawing, markers, dark,
                      spots, drawn,
                      tuple(_centred(BOLD, r * 1.5, x, y - r * 0.52, mark)
                            for x, y, r, mark in _die_marks(game_map, f, window)),
                      tuple(_margins(f, window)) if not game_map.labels else ())


def _spots(f: Frame, markers, edges, wants: list[labels.Want]) -> list[labels.Spots]:
    """The spots of each label, over what is the same in every newsletter: the frame, the place
    markers, the rivers and walls."""
    fixed = labels.Space(2 * f.size, f.box)
    for x, y, r in markers:
        fixed.add_box("marker", (x - r, y - r, x + r, y + r))
    for seg in edges:
        fixed.add_segment(seg, "edge")
    return [labels.Spots(want, fixed) for want in wants]


def _hex_path(c, f: Frame, hexes, unit):
    p = c.beginPath()
    (fx, fy), *rest = [(ux * f.size, -uy * f.size) for ux, uy in unit]
    move, line, close = p.moveTo, p.lineTo, p.close
    for h in hexes:
        x, y = f.centre(h)
        move(x + fx, y + fy)
        for dx, dy in rest:
            line(x + dx, y + dy)
        close()
    return p


def _terrain(c, game_map: GameMap, f: Frame, terrain: dict[Hex, str], look):
    """The hexes filled by terrain ({hex: map character}), mountain signs and the hatching abroad."""
    unit = corners(game_map.grid)
    s = f.size
    groups: dict[str, list[Hex]] = {}
    for h, ch in terrain.items():
        groups.setdefault(_terrain_name(ch), []).append(h)
    c.setLineWidth(max(0.3, s * 0.03))
    for name in ("plain", "foreign plain", "mountain", "foreign mountain", "water"):
        if name not in groups:
            continue
        fill = look["terrain"][name]
        c.setFillColorRGB(*fill)
        c.setStrokeColorRGB(*(fill if name == "water" else look["grid_line"]))
        c.drawPath(_hex_path(c, f, groups[name], unit), stroke=1, fill=1)
    mountains = [h for h, ch in terrain.items() if ch in MOUNTAIN and h not in game_map.city_at]
    if mountains:
        p = c.beginPath()
        for h in mountains:
            x, y = f.centre(h)
            p.moveTo(x - 0.34 * s, y - 0.05 * s)
            p.lineTo(x - 0.08 * s, y + 0.29 * s)
            p.lineTo(x + 0.06 * s, y + 0.11 * s)
            p.lineTo(x + 0.16 * s, y + 0.21 * s)
            p.lineTo(x + 0.36 * s, y - 0.05 * s)
        c.setStrokeColorRGB(0.42, 0.3, 0.15)
        c.setLineWidth(max(0.4, s * 0.05))
        c.drawPath(p, stroke=1, fill=0)
    abroad = [h for h, ch in terrain.items() if ch in FOREIGN]
    if abroad:
        p = c.beginPath()
        for h in abroad:
            x, y = f.centre(h)
            for d in (-0.5, -0.17, 0.17, 0.5):
                half = 0.75 * math.sqrt(0.72 - d * d) * s / math.sqrt(2)
                ox, oy = d * s / math.sqrt(2), -d * s / math.sqrt(2)
                p.moveTo(x + ox - half, y + oy - half)
                p.lineTo(x + ox + half, y + oy + half)
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        c.setLineWidth(max(0.25, s * 0.025))
        c.drawPath(p, stroke=1, fill=0)


def _terrain_name(ch: str) -> str:
    return {".": "plain", "^": "mountain", "~": "water", ",": "foreign plain", ";": "foreign mountain"}[ch]


def _edges(c, game_map: GameMap, f: Frame, window: Window, look):
    s = f.size
    inside = [(e, kind) for e, kind in sorted(game_map.rivers.items()) if e[0] in window and e[1] in window]
    c.setLineCap(1)
    for kind, width in (("river", 0.14), ("broad", 0.3)):
        p = c.beginPath()
        for e, k in inside:
            if k == kind:
                x0, y0, x1, y1 = f.edge_line(*e)
                p.moveTo(x0, y0)
                p.lineTo(x1, y1)
        c.setStrokeColorRGB(*look["river"])
        c.setLineWidth(max(1.0, s * width))
        c.drawPath(p, stroke=1, fill=0)
        if kind == "broad":
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(max(0.3, s * 0.08))
            c.drawPath(p, stroke=1, fill=0)
    barriers = sorted(e for e in game_map.barriers if e[0] in window and e[1] in window)
    if barriers:
        p = c.beginPath()
        for e in barriers:
            _zigzag(p, *f.edge_line(*e), s * 0.12)
        c.setStrokeColorRGB(*look["barrier"])
        c.setLineWidth(max(0.9, s * 0.08))
        c.setLineJoin(0)
        c.drawPath(p, stroke=1, fill=0)
    c.setLineCap(0)


def _edge_segments(game_map: GameMap, f: Frame, window: Window):
    """The rivers and walls of the sheet as segments with their half widths, as _edges draws them."""
    s = f.size
    half = {"river": max(1.0, s * 0.14) / 2, "broad": max(1.0, s * 0.3) / 2}
    for e, kind in sorted(game_map.rivers.items()):
        if e[0] in window and e[1] in window:
            yield (*f.edge_line(*e), half[kind])
    for e in sorted(game_map.barriers):
        if e[0] in window and e[1] in window:
            yield (*f.edge_line(*e), s * 0.12 + max(0.9, s * 0.08) / 2)


def _zigzag(p, x0, y0, x1, y1, amplitude: float, teeth: int = 5):
    """A wall: a zigzag along the hex side, nothing like a railway."""
    dx, dy = x1 - x0, y1 - y0
    n = math.hypot(dx, dy)
    nx, ny = -dy / n * amplitude, dx / n * amplitude
    p.moveTo(x0, y0)
    for k in range(1, 2 * teeth):
        t = k / (2 * teeth)
        side = 1 if k % 2 else -1
        p.lineTo(x0 + dx * t + nx * side, y0 + dy * t + ny * side)
    p.lineTo(x1, y1)


def _permitted_routes(c, game_map: GameMap, f: Frame, window: Window, look):
    edges = sorted(e for e in game_map.permitted_edges if e[0] in window and e[1] in window)
    if not edges:
        return
    p = c.beginPath()
    for a, b in edges:
        p.moveTo(*f.centre(a))
        p.lineTo(*f.centre(b))
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(max(1.5, f.size * 0.22))
    c.drawPath(p, stroke=1, fill=0)
    c.setStrokeColorRGB(*look["permitted_route"])
    c.setLineWidth(max(0.5, f.size * 0.05))
    c.setDash([2, 2])
    c.drawPath(p, stroke=1, fill=0)
    c.setDash([])


def line_width(size: float) -> float:
    return max(1.1, size * 0.13)


NEW_WIDTH = 1.6            # this track, as a multiple of the line width


def track_segments(content: MapContent, f: Frame, window: Window) -> dict[str, list[tuple]]:
    """Every company's segments on the page, (x0, y0, x1, y1, new), parallel segments side by side."""
    lw = line_width(f.size)
    per_company: dict[str, list[tuple]] = {cid: [] for cid in content.styles}
    for (a, b), owners in sorted(content.owners.items()):
        if a not in window and b not in window:
            continue
        (ax, ay), (bx, by) = f.centre(a), f.centre(b)
        n = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / n, (bx - ax) / n
        widths = [lw * (NEW_WIDTH if ((a, b), cid) in content.new else 1) for cid in owners]
        gap = 0.35 * lw
        total = sum(widths) + gap * (len(owners) - 1)
        off = -total / 2
        for cid, w in zip(owners, widths):
            mid = off + w / 2
            per_company.setdefault(cid, []).append((ax + nx * mid, ay + ny * mid, bx + nx * mid, by + ny * mid,
                                                    w > lw))
            off += w + gap
    return per_company


def _lines(c, content: MapContent, tracks: dict[str, list[tuple]], f: Frame, look):
    """This issue's track haloed and heavier; under every line a casing, white or dark under light colours."""
    lw = line_width(f.size)
    c.setLineCap(1)
    new = [seg for segs in tracks.values() for seg in segs if seg[4]]
    if new:
        c.setStrokeColorRGB(*look["new_track"])
        c.setLineWidth(lw * NEW_WIDTH + 4.0)
        c.drawPath(_path(c, new), stroke=1, fill=0)
    _casings(c, content, tracks, lw)
    for cid, segs in tracks.items():
        if segs and cid in content.styles:
            _company_lines(c, content.styles[cid], segs, lw)
    c.setDash([])
    c.setLineCap(0)


def _casings(c, content: MapContent, tracks: dict[str, list[tuple]], lw: float):
    """Under the companies' lines, casing by casing, the light lines' then the heavy (new) ones'."""
    for casing in sorted({s.casing for s in content.styles.values()}):
        for heavy in (False, True):
            segs = [seg for cid, segs in tracks.items()
                    if cid in content.styles and content.styles[cid].casing == casing
                    for seg in segs if seg[4] == heavy]
            if segs:
                c.setStrokeColorRGB(*casing)
                c.setLineWidth(lw * (NEW_WIDTH if heavy else 1) + 1.0)
                c.drawPath(_path(c, segs), stroke=1, fill=0)


def _company_lines(c, style, segs: list[tuple], lw: float):
    """A company's track in its colour and dash, the older then the new (heavier)."""
    for heavy in (False, True):
        mine = [seg for seg in segs if seg[4] == heavy]
        if not mine:
            continue
        width = lw * (NEW_WIDTH if heavy else 1)
        c.setStrokeColorRGB(*style.colour)
        c.setLineWidth(width)
        c.setDash([d * width for d in style.dash] if style.dash else [])
        c.setLineCap(0 if style.dash else 1)
        c.drawPath(_path(c, mine), stroke=1, fill=0)


def _path(c, segs):
    p = c.beginPath()
    for x0, y0, x1, y1, _width in segs:
        p.moveTo(x0, y0)
        p.lineTo(x1, y1)
    return p


def place_labels(ground: Background, tracks: dict[str, list[tuple]]) -> list[labels.Label]:
    """Where every label of the sheet goes: city and junction names, station numbers, and (on a
    detail sheet) the label of every land hex; none overlapping another, a marker or a line."""
    f = ground.frame
    lw = line_width(f.size)
    space = labels.Space(2 * f.size, f.box)
    for segs in tracks.values():
        for x0, y0, x1, y1, new in segs:
            space.add_segment((x0, y0, x1, y1, (lw * (NEW_WIDTH if new else 1) + 1.0) / 2))
    return labels.layout(space, ground.spots, ground.memo)


def _wants(game_map: GameMap, f: Frame, terrain: dict[Hex, str], detail: bool) -> list[labels.Want]:
    """The labels of a sheet with the spots each may take, in the order they are placed."""
    s, window = f.size, f.window
    font = max(5.5, min(8.0, s * 0.5)) if detail else 5.0
    small = max(5.0, font * 0.85)
    wants = []
    for city in game_map.cities:
        if city.hex in window:
            x, y = f.centre(city.hex)
            r = _marker_radius(city, s)
            wants.append(labels.Want(city.name, COND_BOLD, font, "city", labels.around(x, y, r, font)))
    for j in game_map.junctions:
        if j.hex in window:
            x, y = f.centre(j.hex)
            wants.append(labels.Want(j.name, COND, font, "junction", labels.around(x, y, s * 0.26, font)))
    if detail:
        for city in game_map.cities:
            if city.hex in window and city.stations:
                x, y = f.centre(city.hex)
                r = _marker_radius(city, s)
                wants.append(labels.Want(" ".join(map(str, city.stations)), COND, small, "stations",
                                         labels.around(x, y, r, small)[1:] + labels.around(x, y, r, small)[:1],
                                         caps=True))
        size = min(6.5, max(HEX_LABEL_MIN, s * 0.4))
        for h, ch in terrain.items():
            if ch != "~":
                x, y = f.centre(h)
                wants.append(labels.Want(game_map.label(h), COND, size, "hex", labels.hex_spots(x, y, s, size),
                                         caps=True))
    return wants


def _marker_radius(city, s: float) -> float:
    return s * (0.3 if city.home else 0.24)


def _marker_boxes(game_map: GameMap, f: Frame, window: Window):
    """(x, y, half size) of every place marker and die mark on the sheet."""
    s = f.size
    for city in game_map.cities:
        if city.hex in window:
            yield (*f.centre(city.hex), _marker_radius(city, s) + 0.5)
    for j in game_map.junctions:
        if j.hex in window:
            yield (*f.centre(j.hex), s * 0.26 + 0.5)
    for x, y, r, _mark in _die_marks(game_map, f, window):
        yield x, y, r + 0.5


def _die_marks(game_map: GameMap, f: Frame, window: Window):
    """(x, y, half size, mark) of each special destination's die mark in a hex of the sheet: beside
    a place marker, and side by side where a hex belongs to several special destinations."""
    s, r = f.size, f.size * 0.27
    marks: dict[Hex, list[str]] = {}
    for _number, special in sorted(game_map.specials.items()):
        for h in sorted(special.hexes):
            if h in window:
                marks.setdefault(h, []).append(special_mark(special))
    for h, texts in marks.items():
        x, y = f.centre(h)
        if h in game_map.city_at or h in game_map.junction_at:
            x, y = x + s * 0.5, y - s * 0.3
        for k, text in enumerate(texts):
            yield x + (k - (len(texts) - 1) / 2) * 2.2 * r, y, r, text


HEX_PATCH_ALPHA = 0.75     # the patch under a hex label drawn above the lines: the lines show through it


def _hex_labels(c, placed: list[labels.Label], look, dark: frozenset[str], patch: bool = False):
    """Hex labels, darker on dark or hatched terrain (mountains, abroad); with `patch`, those a line
    passes under, each on a light patch above the lines."""
    if not placed:
        return
    if patch:
        c.setFillColorRGB(1, 1, 1)
        c.setFillAlpha(HEX_PATCH_ALPHA)
        for lb in placed:
            x0, y0, x1, y1 = lb.box
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        c.setFillAlpha(1)
    groups = [(look["hex_label"], placed)] if patch else [
        (look["hex_label"], [lb for lb in placed if lb.text not in dark]),
        (look["hex_label_dark"], [lb for lb in placed if lb.text in dark])]
    for colour, group in groups:
        if group:
            c.setFillColorRGB(*colour)
            draw_labels(c, group)


def draw_labels(c, placed: list[labels.Label]):
    """Labels as one text object: a font is set only where it changes, each label moves the origin
    (a text of hundreds of strings, not hundreds of texts)."""
    text, font = c.beginText(), None
    for lb in placed:
        if (lb.font, lb.size) != font:
            font = lb.font, lb.size
            text.setFont(*font)
        text.setTextOrigin(lb.x, lb.y)
        text._textOut(lb.text)                  # textOut less the width it moves the cursor by: unused
    c.drawText(text)


def _markers(c, game_map: GameMap, f: Frame, window: Window):
    """Cities (circles), home terminals (squares), junctions (diamonds) and the frames of the special
    destinations' die marks, each kind as one path (their numbers are `mark_texts`), filled by the
    non-zero rule so that two marks on one spot stay filled."""
    s = f.size
    cities = [(f.centre(city.hex), _marker_radius(city, s), city.home) for city in game_map.cities
              if city.hex in window]
    junctions = [f.centre(j.hex) for j in game_map.junctions if j.hex in window]
    dice = list(_die_marks(game_map, f, window))
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(1, 1, 1)
    c.setLineWidth(max(0.7, s * 0.07))
    p = c.beginPath()
    for (x, y), r, home in cities:
        if not home:
            p.circle(x, y, r)
    for x, y in junctions:
        r = s * 0.26
        p.moveTo(x, y + r)
        p.lineTo(x + r, y)
        p.lineTo(x, y - r)
        p.lineTo(x - r, y)
        p.close()
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_NON_ZERO)
    homes = [(x, y, r) for (x, y), r, home in cities if home]
    if homes:
        c.setLineWidth(max(1.0, s * 0.09))
        outer, inner = c.beginPath(), c.beginPath()
        for x, y, r in homes:
            outer.rect(x - r, y - r, 2 * r, 2 * r)
            inner.rect(x - r * 0.45, y - r * 0.45, r * 0.9, r * 0.9)
        c.drawPath(outer, stroke=1, fill=1, fillMode=FILL_NON_ZERO)
        c.setFillColorRGB(0, 0, 0)
        c.drawPath(inner, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    if dice:
        c.setFillColorRGB(0, 0, 0)
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(0.6)
        p = c.beginPath()
        for x, y, r, _ in dice:
            p.roundRect(x - r, y - r, 2 * r, 2 * r, r * 0.3)
        c.drawPath(p, stroke=1, fill=1, fillMode=FILL_NON_ZERO)


def _centred(font: str, size: float, x: float, y: float, text: str) -> labels.Label:
    """A text centred on x, with its baseline at y, as a label to draw."""
    left = x - labels.text_width(text, font, size) / 2
    return labels.Label(text, font, size, left, y, (left, y, left, y), "mark")


def special_mark(special) -> str:
    """What the die mark shows: the number, and on a red-and-white table the white die's parity."""
    return str(special.number) if special.white is None else f"{special.number}{special.white[0]}"


def _die_mark(c, x: float, y: float, r: float, mark: str):
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.6)
    c.roundRect(x - r, y - r, 2 * r, 2 * r, r * 0.3, stroke=1, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont(BOLD, r * 1.5)
    c.drawCentredString(x, y - r * 0.52, mark)


def _place_labels(c, placed: list[labels.Label]):
    """City and junction names and station numbers, each on a light box so lines stay readable around it."""
    c.setFillColorRGB(1, 1, 1)
    c.setFillAlpha(0.8)
    for lb in placed:
        x0, y0, x1, y1 = lb.box
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.setFillAlpha(1)
    c.setFillColorRGB(0, 0, 0)
    draw_labels(c, placed)


def _margins(f: Frame, window: Window):
    """Column letters above and below the grid, row numbers left and right, as labels to draw (not
    on a map with printed labels: its hexes carry their own)."""
    x0, y0, x1, y1 = f.box
    size = min(8.0, max(5.0, f.size * 0.55))
    step = 1 if f.size * 1.5 >= size * 1.6 else 2
    for col in range(window.c0, window.c1, step):
        text = column_letters(col)
        yield _centred(BOLD, size, f.centre((col, window.r0))[0], y1 + (LABEL_BAND - size) / 2 + 1, text)
        yield _centred(BOLD, size, f.centre((col, window.r1 - 1))[0], y0 - LABEL_BAND + (LABEL_BAND - size) / 2 + 1,
                       text)
    step = 1 if f.size * 1.7 >= size * 1.2 else 2
    for row in range(window.r0, window.r1, step):
        text = str(row + 1)
        yield _centred(BOLD, size, x0 - LABEL_BAND / 2, f.centre((window.c0, row))[1] - size * 0.35, text)
        yield _centred(BOLD, size, x1 + LABEL_BAND / 2, f.centre((window.c1 - 1, row))[1] - size * 0.35, text)


def _sheet_outlines(c, f: Frame, sheets: list[Sheet]):
    """The overview's index: where each detail sheet lies, with its number."""
    c.setLineWidth(1.4)
    c.setDash([6, 3])
    for sheet in sheets:
        x0, y0, x1, y1 = f.window_box(sheet.window)
        c.setStrokeColorRGB(0.1, 0.1, 0.45)
        c.rect(x0 + 2, y0 + 2, x1 - x0 - 4, y1 - y0 - 4, stroke=1, fill=0)
    c.setDash([])
    for sheet in sheets:
        x0, y0, x1, y1 = f.window_box(sheet.window)
        text = _("sheet {number}").format(number=sheet.number)
        w = c.stringWidth(text, BOLD, 10)
        corner = ((x0 + 6, y1 - 16) if sheet.number % 2 else (x1 - w - 10, y0 + 6))
        c.setFillColorRGB(0.1, 0.1, 0.45)
        c.roundRect(corner[0], corner[1], w + 6, 13, 2, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.setFont(BOLD, 10)
        c.drawString(corner[0] + 3, corner[1] + 3, text)


LEGEND_TYPE = ((7.0, 11.0), (6.5, 10.0), (6.0, 9.0))   # type size and row height, the first whose rows fit
LEGEND_DROP = 4.5          # points the lowest row reaches below its middle (samples, letters)


def draw_legend(c, game_map: GameMap, content: MapContent, x: float, y: float, width: float, bottom: float = 0.0):
    """The legend below the map: terrain, edges, places, specials, and every company's line as drawn;
    its first row's middle at y, its rows kept above `bottom` (in smaller type where they need it)."""
    look = load_styles()
    items = legend_items(game_map, content)
    for size, row_h in LEGEND_TYPE:
        rows = legend_rows(items, size, width)
        if y - row_h * (len(rows) - 1) - LEGEND_DROP >= bottom:
            break
    for k, row in enumerate(rows):
        cy = y - k * row_h
        for cx, kind, text in row:
            if kind != "note":
                _legend_sample(c, kind, x + cx, cy, look, content)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(SANS, size)
            c.drawString(x + cx + (0 if kind == "note" else 20), cy - size * 0.36, text)


def legend_items(game_map: GameMap, content: MapContent) -> list[tuple[str, str]]:
    """(kind of sample, text) of every legend entry, in order; a note has no sample."""
    items = [("terrain plain", _("plain")), ("terrain mountain", _("mountain")), ("terrain water", _("sea, lake"))]
    if game_map.has_abroad:
        items.append(("terrain foreign plain", _("abroad")))
    if any(k == "river" for k in game_map.rivers.values()):
        items.append(("river", _("river")))
    if any(k == "broad" for k in game_map.rivers.values()):
        items.append(("broad", _("broad river")))
    if game_map.barriers:
        items.append(("barrier", _("impassable")))
    items += [("city", _("city, stations")), ("home", _("home terminal"))]
    if game_map.junctions:
        items.append(("junction", _("junction station")))
    if game_map.permitted_edges:
        items.append(("permitted", _("permitted route")))
    specials = [special for _, special in sorted(game_map.specials.items())]
    for special in specials:
        items.append((f"special {special_mark(special)}", special.name))
    if any(special.white for special in specials):
        items.append(("note", _("(number: the red die; e, o: the white die even, odd)")))
    for cid, style in content.styles.items():
        items.append((f"company {cid}", f"{content.names[cid]} ({style.name})"))
    if content.new:
        items.append(("new", _("built since the last newsletter")))
    return items


def legend_rows(items: list[tuple[str, str]], size: float, width: float) -> list[list[tuple[float, str, str]]]:
    """The legend's entries in rows no wider than `width`: (offset, kind, text) each."""
    rows: list[list[tuple[float, str, str]]] = [[]]
    cx = 0.0
    for kind, text in items:
        w = (0 if kind == "note" else 22) + labels.text_width(text, SANS, size) + 10
        if rows[-1] and cx + w > width:
            rows.append([])
            cx = 0.0
        rows[-1].append((cx, kind, text))
        cx += w
    return rows


def swatch(c, style: LineStyle, x: float, y: float, width: float = 2.2, length: float = 16):
    """A company's line as the map draws it: casing, colour, dash."""
    c.setLineCap(0)
    c.setStrokeColorRGB(*style.casing)
    c.setLineWidth(width + 1.0)
    c.line(x, y, x + length, y)
    c.setStrokeColorRGB(*style.colour)
    c.setLineWidth(width)
    c.setDash([d * width for d in style.dash] if style.dash else [])
    c.line(x, y, x + length, y)
    c.setDash([])


def _legend_sample(c, kind: str, x: float, y: float, look, content: MapContent):
    c.setLineCap(0)
    if kind.startswith("company "):
        swatch(c, content.styles[kind.split(" ", 1)[1]], x, y)
        return
    if kind == "new":
        c.setStrokeColorRGB(*look["new_track"])
        c.setLineWidth(2.2 * NEW_WIDTH + 4.0)
        c.line(x + 1, y, x + 15, y)
        c.setStrokeColorRGB(0.2, 0.2, 0.2)
        c.setLineWidth(2.2 * NEW_WIDTH)
        c.line(x + 1, y, x + 15, y)
        return
    if kind.startswith("special "):
        _die_mark(c, x + 8, y, 4.2, kind.split()[1])
        return
    if kind in ("river", "broad"):
        c.setStrokeColorRGB(*look["river"])
        c.setLineWidth({"river": 1.4, "broad": 3.0}[kind])
        c.line(x, y, x + 16, y)
        if kind == "broad":
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(0.8)
            c.line(x, y, x + 16, y)
        return
    if kind == "barrier":
        p = c.beginPath()
        _zigzag(p, x, y, x + 16, y, 2.0, teeth=4)
        c.setStrokeColorRGB(*look["barrier"])
        c.setLineWidth(1.1)
        c.drawPath(p, stroke=1, fill=0)
        return
    if kind == "permitted":
        c.setStrokeColorRGB(*look["permitted_route"])
        c.setLineWidth(0.8)
        c.setDash([2, 2])
        c.line(x, y, x + 16, y)
        c.setDash([])
        return
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(1, 1, 1)
    c.setLineWidth(0.8)
    if kind == "city":
        c.circle(x + 8, y, 3, stroke=1, fill=1)
    elif kind == "home":
        c.rect(x + 4.5, y - 3.5, 7, 7, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.rect(x + 6.5, y - 1.5, 3, 3, stroke=0, fill=1)
    elif kind == "junction":
        p = c.beginPath()
        p.moveTo(x + 8, y + 4)
        p.lineTo(x + 12, y)
        p.lineTo(x + 8, y - 4)
        p.lineTo(x + 4, y)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
    else:
        name = kind.split(" ", 1)[1]
        c.setFillColorRGB(*look["terrain"][name])
        c.setStrokeColorRGB(*look["grid_line"])
        c.rect(x + 2, y - 4, 14, 8, stroke=1, fill=1)
        c.setLineWidth(0.5)
        if name == "mountain":
            c.setStrokeColorRGB(0.42, 0.3, 0.15)
            c.lines([(x + 5, y - 2, x + 9, y + 2.5), (x + 9, y + 2.5, x + 13, y - 2)])
        elif name.startswith("foreign"):
            c.setStrokeColorRGB(0.45, 0.45, 0.45)
            c.lines([(x + 3 + t, y - 4, x + 7 + t, y + 4) for t in (0, 4, 8)])
