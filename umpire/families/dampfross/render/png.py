"""The newsletter's map as one PNG (newsletters/NNN-map.png): the whole map on one picture, a
label in every land hex, the lines and the legend, drawn by the same code as the PDF's map pages.
Small enough to go inline in a mail, for players who read theirs on a phone."""

from __future__ import annotations

from ....render.fonts import BOLD, drawable
from ....render.raster import RasterCanvas
from ..gamemap import GameMap
from . import mapdraw
from .sheets import LABEL_BAND, LEGEND_HEIGHT, MIN_HEX_SIZE, PAGE_MARGIN, TITLE_HEIGHT, Sheet, Window, extent

WIDTH = 1600              # pixels across: a phone shows it whole and zooms into it
HEX_SIZE = 12.0           # points, centre to corner, before scaling to pixels


def whole_map_sheet(game_map: GameMap) -> Sheet:
    """The whole map on one page, with room for its title and legend (the picture and the web page)."""
    whole = Window(0, game_map.grid.width, 0, game_map.grid.height)
    x0, y0, x1, y1 = extent(game_map.grid, whole)
    size = max(HEX_SIZE, MIN_HEX_SIZE, 520 / (x1 - x0))
    margin = PAGE_MARGIN + LABEL_BAND
    pagesize = ((x1 - x0) * size + 2 * margin,
                (y1 - y0) * size + margin + LEGEND_HEIGHT + LABEL_BAND + PAGE_MARGIN + TITLE_HEIGHT + LABEL_BAND)
    return Sheet(whole, 1, 1, pagesize)


def draw_whole_map(c, game_map: GameMap, content: mapdraw.MapContent, sheet: Sheet,
                   ground_drawn: bool = True) -> mapdraw.Drawn:
    """The map and its legend on a page laid out by whole_map_sheet; what draw_map placed."""
    content = mapdraw.MapContent(content.owners, content.styles, drawable(content.names), content.new)
    drawn = mapdraw.draw_map(c, game_map, content, sheet.pagesize, sheet, ground_drawn=ground_drawn)
    mapdraw.draw_legend(c, game_map, content, PAGE_MARGIN, drawn.frame.box[1] - LABEL_BAND - 12,
                        sheet.pagesize[0] - 2 * PAGE_MARGIN, bottom=PAGE_MARGIN / 2)
    return drawn


def map_png(game_map: GameMap, content: mapdraw.MapContent, title: str) -> bytes:
    sheet = whole_map_sheet(game_map)
    pagesize = sheet.pagesize
    c = RasterCanvas(pagesize, WIDTH / pagesize[0])
    c.setFont(BOLD, 12)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(PAGE_MARGIN, pagesize[1] - PAGE_MARGIN - TITLE_HEIGHT + 6, drawable(title))
    draw_whole_map(c, game_map, content, sheet)
    return c.png()
