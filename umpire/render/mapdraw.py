"""Drawing a map on a reportlab canvas: terrain, rivers, barriers, cities, specials, company lines.

Geometry is in units of the hex size (centre to corner), x to the east and y to the south,
as in the Red Blob Games guide; a `Frame` maps it onto a box of the page. A large map is
drawn over several pages (`plan_pages`), each a window of columns and rows with overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.pagesizes import A3, A4, landscape, portrait

from ..gamemap import FOREIGN, MOUNTAIN, GameMap
from ..hexgrid import Edge, Grid, Hex, column_letters, label
from .styles import LineStyle, load_styles

SQRT3 = math.sqrt(3)
MM = 72 / 25.4
PAGE_MARGIN = 12 * MM
TITLE_HEIGHT = 20
LEGEND_HEIGHT = 58
LABEL_BAND = 13            # points around the grid for column letters and row numbers
MIN_HEX_SIZE = 8.5         # points, centre to corner: smaller is no longer readable
OVERLAP = 2                # hexes shared by neighbouring parts of a split map
PAGE_SIZES = (portrait(A4), landscape(A4), portrait(A3), landscape(A3))


def hex_centre(grid: Grid, h: Hex) -> tuple[float, float]:
    q, r = grid.to_axial(h)
    if grid.layout.endswith("-q"):
        return 1.5 * q, SQRT3 * (r + q / 2)
    return SQRT3 * (q + r / 2), 1.5 * r


def corners(grid: Grid) -> list[tuple[float, float]]:
    start = 0 if grid.layout.endswith("-q") else 30
    return [(math.cos(math.radians(start + 60 * i)), math.sin(math.radians(start + 60 * i))) for i in range(6)]


@dataclass(frozen=True)
class Window:
    """The columns [c0, c1) and rows [r0, r1) drawn on one page."""

    c0: int
    c1: int
    r0: int
    r1: int

    def __contains__(self, h: Hex) -> bool:
        return self.c0 <= h[0] < self.c1 and self.r0 <= h[1] < self.r1

    def describe(self) -> str:
        return (f"columns {column_letters(self.c0)}-{column_letters(self.c1 - 1)}, "
                f"rows {self.r0 + 1}-{self.r1}")


def extent(grid: Grid, w: Window) -> tuple[float, float, float, float]:
    """The bounding box (x0, y0, x1, y1) of the window's hexes, in hex units."""
    pts = [hex_centre(grid, (c, r)) for c in range(w.c0, min(w.c1, w.c0 + 2)) for r in (w.r0, w.r1 - 1)]
    pts += [hex_centre(grid, (c, r)) for c in range(max(w.c0, w.c1 - 2), w.c1) for r in (w.r0, w.r1 - 1)]
    pts += [hex_centre(grid, (c, r)) for c in (w.c0, w.c1 - 1) for r in range(w.r0, min(w.r1, w.r0 + 2))]
    pts += [hex_centre(grid, (c, r)) for c in (w.c0, w.c1 - 1) for r in range(max(w.r0, w.r1 - 2), w.r1)]
    hx, hy = (1.0, SQRT3 / 2) if grid.layout.endswith("-q") else (SQRT3 / 2, 1.0)
    return (min(x for x, _ in pts) - hx, min(y for _, y in pts) - hy,
            max(x for x, _ in pts) + hx, max(y for _, y in pts) + hy)


def map_box(pagesize) -> tuple[float, float, float, float]:
    """Where the map goes on a map page: (x, y, width, height), inside the label band."""
    w, h = pagesize
    x = PAGE_MARGIN + LABEL_BAND
    y = PAGE_MARGIN + LEGEND_HEIGHT + LABEL_BAND
    return x, y, w - 2 * x, h - y - PAGE_MARGIN - TITLE_HEIGHT - LABEL_BAND


def fit(grid: Grid, w: Window, pagesize) -> float:
    """The hex size (points) at which the window fills the map box of the page."""
    x0, y0, x1, y1 = extent(grid, w)
    _, _, bw, bh = map_box(pagesize)
    return min(bw / (x1 - x0), bh / (y1 - y0))


def plan_pages(grid: Grid) -> list[tuple[tuple[float, float], Window]]:
    """Page size and window of each map page: the whole map on A4 or A3, else split with overlap."""
    whole = Window(0, grid.width, 0, grid.height)
    for small, big in ((PAGE_SIZES[0], PAGE_SIZES[1]), (PAGE_SIZES[2], PAGE_SIZES[3])):
        best = max((small, big), key=lambda p: fit(grid, whole, p))
        if fit(grid, whole, best) >= MIN_HEX_SIZE:
            return [(best, whole)]
    page = max(PAGE_SIZES[2:], key=lambda p: fit(grid, whole, p))
    _, _, bw, bh = map_box(page)
    if grid.layout.endswith("-q"):
        cols, rows = int((bw / MIN_HEX_SIZE - 0.5) / 1.5), int(bh / MIN_HEX_SIZE / SQRT3 - 0.5)
    else:
        cols, rows = int(bw / MIN_HEX_SIZE / SQRT3 - 0.5), int((bh / MIN_HEX_SIZE - 0.5) / 1.5)
    return [(page, Window(c, min(c + cols, grid.width), r, min(r + rows, grid.height)))
            for r in _starts(grid.height, rows) for c in _starts(grid.width, cols)]


def _starts(total: int, span: int) -> list[int]:
    step = max(1, span - OVERLAP)
    starts = list(range(0, max(1, total - span) + step, step))
    return [s for s in starts if s < total and (s == 0 or s + OVERLAP < total)]


class Frame:
    """Hex units of one window -> page points."""

    def __init__(self, grid: Grid, window: Window, pagesize):
        self.grid, self.window = grid, window
        self.size = fit(grid, window, pagesize)
        bx, by, bw, bh = map_box(pagesize)
        x0, y0, x1, y1 = extent(grid, window)
        self.ox = bx + (bw - (x1 - x0) * self.size) / 2 - x0 * self.size
        self.top = by + bh + y0 * self.size
        self.box = (self.ox + x0 * self.size, self.top - y1 * self.size,
                    self.ox + x1 * self.size, self.top - y0 * self.size)
        self._centres: dict[Hex, tuple[float, float]] = {}

    def centre(self, h: Hex) -> tuple[float, float]:
        p = self._centres.get(h)
        if p is None:
            x, y = hex_centre(self.grid, h)
            p = self._centres[h] = (self.ox + x * self.size, self.top - y * self.size)
        return p

    def edge_line(self, a: Hex, b: Hex) -> tuple[float, float, float, float]:
        """The hex side between two adjacent hexes."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        px, py = -dy / n * self.size / 2, dx / n * self.size / 2
        return mx - px, my - py, mx + px, my + py


@dataclass
class MapContent:
    """What goes on the map besides the map itself: the companies' lines."""

    owners: dict[Edge, list[str]]                  # edge -> owners, in build order
    styles: dict[str, LineStyle]                   # company -> line style, in seat order
    names: dict[str, str]                          # company -> name


def draw_map(c, game_map: GameMap, content: MapContent, pagesize, window: Window):
    """Draw one window of the map into the map box of the current page; returns its frame."""
    look = load_styles()
    f = Frame(game_map.grid, window, pagesize)
    hexes = [h for h in game_map.all_hexes if h in window]
    _terrain(c, game_map, f, hexes, look)
    _hex_labels(c, game_map, f, hexes)
    _edges(c, game_map, f, window, look)
    _permitted_routes(c, game_map, f, window, look)
    _lines(c, content, f, window)
    _places(c, game_map, f, window)
    _margins(c, game_map.grid, f, window)
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    x0, y0, x1, y1 = f.box
    c.rect(x0 - LABEL_BAND, y0 - LABEL_BAND, x1 - x0 + 2 * LABEL_BAND, y1 - y0 + 2 * LABEL_BAND, stroke=1, fill=0)
    return f


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


def _terrain(c, game_map: GameMap, f: Frame, hexes, look):
    unit = corners(game_map.grid)
    s = f.size
    groups: dict[str, list[Hex]] = {}
    for h in hexes:
        groups.setdefault(_terrain_name(game_map.char(h)), []).append(h)
    c.setLineWidth(max(0.3, s * 0.03))
    for name in ("plain", "foreign plain", "mountain", "foreign mountain", "water"):
        if name not in groups:
            continue
        fill = look["terrain"][name]
        c.setFillColorRGB(*fill)
        c.setStrokeColorRGB(*(fill if name == "water" else look["grid_line"]))
        c.drawPath(_hex_path(c, f, groups[name], unit), stroke=1, fill=1)
    mountains = [h for h in hexes if game_map.char(h) in MOUNTAIN and h not in game_map.city_at]
    if mountains:
        p = c.beginPath()
        for h in mountains:
            x, y = f.centre(h)
            p.moveTo(x - 0.34 * s, y - 0.12 * s)
            p.lineTo(x - 0.08 * s, y + 0.22 * s)
            p.lineTo(x + 0.06 * s, y + 0.04 * s)
            p.lineTo(x + 0.16 * s, y + 0.14 * s)
            p.lineTo(x + 0.36 * s, y - 0.12 * s)
        c.setStrokeColorRGB(0.42, 0.3, 0.15)
        c.setLineWidth(max(0.4, s * 0.06))
        c.drawPath(p, stroke=1, fill=0)
    abroad = [h for h in hexes if game_map.char(h) in FOREIGN]
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


def _hex_labels(c, game_map: GameMap, f: Frame, hexes):
    size = min(5.5, f.size * 0.27)
    if size < 2.8:
        return
    c.setFillColorRGB(0.45, 0.42, 0.36)
    c.setFont("Helvetica", size)
    for h in hexes:
        if h in game_map.city_at or h in game_map.junction_at or game_map.char(h) == "~":
            continue
        x, y = f.centre(h)
        c.drawCentredString(x, y - f.size * 0.68, label(h))


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
            x0, y0, x1, y1 = f.edge_line(*e)
            p.moveTo(x0, y0)
            p.lineTo(x1, y1)
            ax, ay = f.centre(e[0])
            bx, by = f.centre(e[1])
            n = math.hypot(bx - ax, by - ay)
            tx, ty = (bx - ax) / n * s * 0.16, (by - ay) / n * s * 0.16
            for t in (0.2, 0.5, 0.8):
                px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                p.moveTo(px - tx, py - ty)
                p.lineTo(px + tx, py + ty)
        c.setStrokeColorRGB(*look["barrier"])
        c.setLineWidth(max(1.0, s * 0.12))
        c.drawPath(p, stroke=1, fill=0)


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
    return max(1.2, size * 0.15)


def _lines(c, content: MapContent, f: Frame, window: Window):
    """Every company's segments in its style; parallel segments side by side."""
    lw = line_width(f.size)
    gap = lw * 1.35
    per_company: dict[str, list[tuple[float, float, float, float]]] = {cid: [] for cid in content.styles}
    for (a, b), owners in sorted(content.owners.items()):
        if a not in window and b not in window:
            continue
        (ax, ay), (bx, by) = f.centre(a), f.centre(b)
        n = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / n, (bx - ax) / n
        for i, cid in enumerate(owners):
            off = (i - (len(owners) - 1) / 2) * gap
            per_company.setdefault(cid, []).append((ax + nx * off, ay + ny * off, bx + nx * off, by + ny * off))
    c.setLineCap(1)
    casing = c.beginPath()
    for segs in per_company.values():
        for x0, y0, x1, y1 in segs:
            casing.moveTo(x0, y0)
            casing.lineTo(x1, y1)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(lw + 1.2)
    c.drawPath(casing, stroke=1, fill=0)
    for cid, segs in per_company.items():
        if not segs or cid not in content.styles:
            continue
        style = content.styles[cid]
        p = c.beginPath()
        for x0, y0, x1, y1 in segs:
            p.moveTo(x0, y0)
            p.lineTo(x1, y1)
        c.setStrokeColorRGB(*style.colour)
        c.setLineWidth(lw)
        c.setDash([d * lw for d in style.dash] if style.dash else [])
        c.setLineCap(0 if style.dash else 1)
        c.drawPath(p, stroke=1, fill=0)
    c.setDash([])
    c.setLineCap(0)


def _places(c, game_map: GameMap, f: Frame, window: Window):
    """Cities (name, stations), home terminals, junctions and special destinations."""
    s = f.size
    font = max(4.0, min(8.5, s * 0.5))
    small = font * 0.82
    for city in game_map.cities:
        if city.hex not in window:
            continue
        x, y = f.centre(city.hex)
        c.setStrokeColorRGB(0, 0, 0)
        c.setFillColorRGB(1, 1, 1)
        if city.home:
            r = s * 0.3
            c.setLineWidth(max(1.0, s * 0.09))
            c.rect(x - r, y - r, 2 * r, 2 * r, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.rect(x - r * 0.45, y - r * 0.45, r * 0.9, r * 0.9, stroke=0, fill=1)
        else:
            c.setLineWidth(max(0.7, s * 0.07))
            c.circle(x, y, s * 0.24, stroke=1, fill=1)
        _label(c, x, y + s * 0.36, city.name, "Helvetica-Bold" if city.home else "Helvetica-Bold", font)
        if city.stations:
            _label(c, x, y - s * 0.36 - small, " ".join(str(n) for n in city.stations), "Helvetica", small)
    for j in game_map.junctions:
        if j.hex not in window:
            continue
        x, y = f.centre(j.hex)
        r = s * 0.2
        c.setStrokeColorRGB(0, 0, 0)
        c.setFillColorRGB(1, 1, 1)
        c.setLineWidth(max(0.7, s * 0.07))
        p = c.beginPath()
        p.moveTo(x, y + r * 1.3)
        p.lineTo(x + r * 1.3, y)
        p.lineTo(x, y - r * 1.3)
        p.lineTo(x - r * 1.3, y)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        _label(c, x, y + s * 0.36, j.name, "Helvetica-Oblique", font)
    for _, special in sorted(game_map.specials.items()):
        for h in sorted(special.hexes):
            if h not in window:
                continue
            x, y = f.centre(h)
            if h in game_map.city_at or h in game_map.junction_at:
                x, y = x + s * 0.5, y - s * 0.3
            _die_mark(c, x, y, s * 0.27, special_mark(special))


def special_mark(special) -> str:
    """What the die mark shows: the number, and on a red-and-white table the white die's parity."""
    return str(special.number) if special.white is None else f"{special.number}{special.white[0]}"


def _die_mark(c, x: float, y: float, r: float, mark: str):
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.6)
    c.roundRect(x - r, y - r, 2 * r, 2 * r, r * 0.3, stroke=1, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", r * 1.5)
    c.drawCentredString(x, y - r * 0.52, mark)


def _label(c, x: float, y: float, text: str, font: str, size: float):
    """Text centred at x with its baseline at y, on a light box so lines stay readable around it."""
    w = c.stringWidth(text, font, size)
    c.setFillColorRGB(1, 1, 1)
    c.setFillAlpha(0.78)
    c.rect(x - w / 2 - 0.8, y - size * 0.25, w + 1.6, size * 1.1, stroke=0, fill=1)
    c.setFillAlpha(1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(font, size)
    c.drawCentredString(x, y, text)


def _margins(c, grid: Grid, f: Frame, window: Window):
    """Column letters above and below the grid, row numbers left and right: orders are written in them."""
    x0, y0, x1, y1 = f.box
    size = min(8.0, max(5.0, f.size * 0.55))
    c.setFont("Helvetica-Bold", size)
    c.setFillColorRGB(0.15, 0.15, 0.15)
    for col in range(window.c0, window.c1):
        x = f.centre((col, window.r0))[0]
        text = column_letters(col)
        c.drawCentredString(x, y1 + (LABEL_BAND - size) / 2 + 1, text)
        c.drawCentredString(f.centre((col, window.r1 - 1))[0], y0 - LABEL_BAND + (LABEL_BAND - size) / 2 + 1, text)
    for row in range(window.r0, window.r1):
        text = str(row + 1)
        c.drawCentredString(x0 - LABEL_BAND / 2, f.centre((window.c0, row))[1] - size * 0.35, text)
        c.drawCentredString(x1 + LABEL_BAND / 2, f.centre((window.c1 - 1, row))[1] - size * 0.35, text)


def draw_legend(c, game_map: GameMap, content: MapContent, x: float, y: float, width: float):
    """The legend below the map: terrain, edges, places, specials, and every company's line."""
    look = load_styles()
    items = [("terrain plain", "plain"), ("terrain mountain", "mountain"), ("terrain water", "sea, lake")]
    if any(game_map.foreign(h) for h in game_map.all_hexes):
        items.append(("terrain foreign plain", "abroad"))
    if any(k == "river" for k in game_map.rivers.values()):
        items.append(("river", "river"))
    if any(k == "broad" for k in game_map.rivers.values()):
        items.append(("broad", "broad river"))
    if game_map.barriers:
        items.append(("barrier", "impassable"))
    items += [("city", "city, stations"), ("home", "home terminal")]
    if game_map.junctions:
        items.append(("junction", "junction station"))
    if game_map.permitted_edges:
        items.append(("permitted", "permitted route"))
    for _, special in sorted(game_map.specials.items()):
        parity = f" (red {special.number}, white {special.white})" if special.white else ""
        items.append((f"special {special_mark(special)}", special.name + parity))
    for cid, style in content.styles.items():
        items.append((f"company {cid}", f"{content.names[cid]} ({cid})"))
    c.setFont("Helvetica", 7)
    cx, cy, row_h = x, y, 11
    for kind, text in items:
        w = 22 + c.stringWidth(text, "Helvetica", 7) + 10
        if cx + w > x + width:
            cx, cy = x, cy - row_h
        _legend_sample(c, kind, cx, cy, look, content)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica", 7)
        c.drawString(cx + 20, cy - 2.5, text)
        cx += w


def _legend_sample(c, kind: str, x: float, y: float, look, content: MapContent):
    c.setLineCap(0)
    if kind.startswith("company "):
        style = content.styles[kind.split(" ", 1)[1]]
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(3.2)
        c.line(x, y, x + 16, y)
        c.setStrokeColorRGB(*style.colour)
        c.setLineWidth(2.2)
        c.setDash([d * 2.2 for d in style.dash] if style.dash else [])
        c.line(x, y, x + 16, y)
        c.setDash([])
        return
    if kind.startswith("special "):
        _die_mark(c, x + 8, y, 4.2, kind.split()[1])
        return
    if kind in ("river", "broad", "barrier"):
        c.setStrokeColorRGB(*look["river" if kind != "barrier" else "barrier"])
        c.setLineWidth({"river": 1.4, "broad": 3.0, "barrier": 1.4}[kind])
        c.line(x, y, x + 16, y)
        if kind == "broad":
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(0.8)
            c.line(x, y, x + 16, y)
        if kind == "barrier":
            for t in (3, 8, 13):
                c.line(x + t, y - 2.5, x + t, y + 2.5)
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
