"""A small page flow on a reportlab canvas: headings, wrapped paragraphs and tables, with page breaks.

Kept deliberately simple (no platypus): every element is placed top to bottom, and a table
repeats its header on a new page.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import simpleSplit

from .fonts import BOLD, SANS
from .paper import MM

MARGIN = 16 * MM
FOOTER = 10 * MM


@dataclass
class Column:
    title: str
    width: float             # points
    align: str = "left"      # left | right | centre


class Flow:
    def __init__(self, c, footer: str, pagesize=A4):
        self.c, self.footer, self.pagesize = c, footer, pagesize
        self.page = 0
        self.y = 0.0
        self.open = False

    # -- pages -----------------------------------------------------------------
    @property
    def width(self) -> float:
        return self.pagesize[0] - 2 * MARGIN

    @property
    def left(self) -> float:
        return MARGIN

    def new_page(self, turned: bool = False):
        """Close the current page (if any) and start the next one; a turned page is the same paper in
        landscape (the map sheets of a wide map)."""
        if self.open:
            self.finish_page()
        self.page += 1
        w, h = self.pagesize
        self.current = (h, w) if turned else (w, h)
        self.c.setPageSize(self.current)
        self.y = self.current[1] - MARGIN
        self.open = True

    def finish_page(self):
        c = self.c
        c.setFont(SANS, 7.5)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawString(MARGIN, FOOTER, self.footer)
        c.drawRightString(self.current[0] - MARGIN, FOOTER, f"page {self.page}")
        c.showPage()
        self.open = False

    def need(self, height: float):
        if not self.open or self.y - height < MARGIN + FOOTER:
            self.new_page()

    def gap(self, height: float = 6):
        self.y -= height

    # -- elements --------------------------------------------------------------
    def heading(self, text: str, size: float = 13):
        """A heading, kept on one page with at least three lines of what follows."""
        self.need(size * 3.2 + 36)
        self.y -= size * 0.9
        c = self.c
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont(BOLD, size)
        c.drawString(self.left, self.y - size, text)
        self.y -= size * 1.35
        c.setStrokeColorRGB(0.55, 0.55, 0.55)
        c.setLineWidth(0.6)
        c.line(self.left, self.y, self.left + self.width, self.y)
        self.y -= 5

    def para(self, text: str, size: float = 9.5, font: str = SANS, indent: float = 0,
             colour=(0, 0, 0)):
        lead = size * 1.3
        lines = simpleSplit(text, font, size, self.width - indent)
        for line in lines:
            self.need(lead)
            self.c.setFillColorRGB(*colour)
            self.c.setFont(font, size)
            self.y -= lead
            self.c.drawString(self.left + indent, self.y + size * 0.25, line)

    def table(self, columns: list[Column], rows: list[list], size: float = 8.5, swatch=None):
        """Rows of cells; `swatch(row_index, x, y)` may draw a sample at the start of a row."""
        lead = size * 1.45
        total = sum(col.width for col in columns)
        scale = min(1.0, self.width / total)
        widths = [col.width * scale for col in columns]

        def header():
            self.need(lead * 2)
            self.y -= lead
            self.c.setFillColorRGB(0.86, 0.86, 0.82)
            self.c.rect(self.left, self.y, sum(widths), lead, stroke=0, fill=1)
            self._row([col.title for col in columns], columns, widths, BOLD, size)

        header()
        for i, row in enumerate(rows):
            texts = [str(v) for v in row]
            wrapped = [simpleSplit(t, SANS, size, w - 4) or [""] for t, w in zip(texts, widths)]
            height = lead * max(len(w) for w in wrapped)
            if self.y - height < MARGIN + FOOTER:
                self.new_page()
                header()
            self.y -= height
            if i % 2:
                self.c.setFillColorRGB(0.95, 0.95, 0.93)
                self.c.rect(self.left, self.y, sum(widths), height, stroke=0, fill=1)
            self._row(wrapped, columns, widths, SANS, size, height - lead)
            if swatch:
                swatch(i, self.left, self.y + height - lead / 2)
        self.gap(4)

    def _row(self, cells, columns, widths, font, size, extra=0.0):
        c = self.c
        c.setFillColorRGB(0, 0, 0)
        c.setFont(font, size)
        x = self.left
        lead = size * 1.45
        for cell, col, w in zip(cells, columns, widths):
            lines = cell if isinstance(cell, list) else [cell]
            for k, line in enumerate(lines):
                y = self.y + extra - k * lead + lead * 0.3
                if col.align == "right":
                    c.drawRightString(x + w - 2, y, line)
                elif col.align == "centre":
                    c.drawCentredString(x + w / 2, y, line)
                else:
                    c.drawString(x + 2, y, line)
            x += w
