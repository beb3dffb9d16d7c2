"""Paper and map sheets: every page of a newsletter is one paper size (A4 unless the game's `paper`
option says A3 or Letter), and a map too large for one page at a readable hex size is split into
overlapping sheets, with an overview page that shows where each sheet lies.

Geometry is in units of the hex size (centre to corner), x to the east and y to the south, as in
the Red Blob Games guide; a `Frame` maps one window of the grid onto the map box of a page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ....kernel.language import _
from ....render.paper import MM
from ..hexgrid import Grid, Hex, column_letters

SQRT3 = math.sqrt(3)
PAGE_MARGIN = 12 * MM
TITLE_HEIGHT = 20
LEGEND_HEIGHT = 64
LABEL_BAND = 13            # points around the grid for column letters and row numbers
MIN_HEX_SIZE = 10.5        # points, centre to corner: room for a 5 pt hex label beside the lines
OVERLAP = 2                # columns and rows shared by neighbouring sheets


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
        return _("columns {first}-{last}, rows {top}-{bottom}").format(
            first=column_letters(self.c0), last=column_letters(self.c1 - 1), top=self.r0 + 1, bottom=self.r1)


@dataclass(frozen=True)
class Sheet:
    """One map page: a window of the grid; the overview shows the whole map and where the sheets lie.
    `pagesize` is the paper upright or turned (a turned page is printed on the same paper, rotated)."""

    window: Window
    number: int                # 1.. for a detail sheet, 0 for the overview
    of: int                    # detail sheets in all
    pagesize: tuple[float, float]
    overview: bool = False

    @property
    def turned(self) -> bool:
        return self.pagesize[0] > self.pagesize[1]


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


def plan_sheets(grid: Grid, pagesize) -> list[Sheet]:
    """The whole map on one page if it is readable there; else an overview and overlapping sheets.
    The paper is used upright or turned, whichever needs fewer sheets (then: larger hexes)."""
    whole = Window(0, grid.width, 0, grid.height)
    upright, turned = (min(pagesize), max(pagesize)), (max(pagesize), min(pagesize))
    plans = []
    for page in (upright, turned):
        if fit(grid, whole, page) >= MIN_HEX_SIZE:
            plans.append((1, -fit(grid, whole, page), page, [whole]))
            continue
        windows = _split(grid, page)
        plans.append((len(windows), -min(fit(grid, w, page) for w in windows), page, windows))
    _, _, page, windows = min(plans, key=lambda p: p[:2])
    if len(windows) == 1:
        return [Sheet(whole, 1, 1, page)]
    overview = max((upright, turned), key=lambda p: fit(grid, whole, p))
    n = len(windows)
    return [Sheet(whole, 0, n, overview, overview=True)] + [Sheet(w, i, n, page) for i, w in enumerate(windows, 1)]


def _split(grid: Grid, pagesize) -> list[Window]:
    across = down = 1
    while True:
        windows = _windows(grid, pagesize, across, down)
        worst = min(windows, key=lambda w: fit(grid, w, pagesize))
        if fit(grid, worst, pagesize) >= MIN_HEX_SIZE:
            return windows
        x0, y0, x1, y1 = extent(grid, worst)
        _, _, bw, bh = map_box(pagesize)
        if (x1 - x0) / bw >= (y1 - y0) / bh:
            across += 1
        else:
            down += 1


def _windows(grid: Grid, pagesize, across: int, down: int) -> list[Window]:
    """`across` x `down` equal windows overlapping by at least OVERLAP, each grown along its free
    axis until it fills the page at the same hex size."""
    cols, rows = _span(grid.width, across), _span(grid.height, down)
    size = fit(grid, Window(0, cols, 0, rows), pagesize)
    while rows < grid.height and fit(grid, Window(0, cols, 0, rows + 1), pagesize) >= size:
        rows += 1
    while cols < grid.width and fit(grid, Window(0, cols + 1, 0, rows), pagesize) >= size:
        cols += 1
    return [Window(c0, c0 + cols, r0, r0 + rows) for r0 in _starts(grid.height, rows, down)
            for c0 in _starts(grid.width, cols, across)]


def _span(total: int, parts: int) -> int:
    return total if parts == 1 else math.ceil((total + (parts - 1) * OVERLAP) / parts)


def _starts(total: int, span: int, parts: int) -> list[int]:
    return [0] if parts == 1 else [round(i * (total - span) / (parts - 1)) for i in range(parts)]


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

    def window_box(self, w: Window) -> tuple[float, float, float, float]:
        """Where another window's hexes lie on this frame (for the sheet outlines of the overview)."""
        x0, y0, x1, y1 = extent(self.grid, w)
        return self.ox + x0 * self.size, self.top - y1 * self.size, self.ox + x1 * self.size, self.top - y0 * self.size

    def edge_line(self, a: Hex, b: Hex) -> tuple[float, float, float, float]:
        """The hex side between two adjacent hexes."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        px, py = -dy / n * self.size / 2, dx / n * self.size / 2
        return mx - px, my - py, mx + px, my + py
